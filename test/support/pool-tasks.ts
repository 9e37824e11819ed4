/** Tasks for the worker pool's own tests (test/unit/workers.test.ts), run on its threads instead of src/workers/tasks.ts. */
import { threadId } from 'node:worker_threads';
import type { TaskContext } from '../../src/workers/tasks';

export const TASKS = {
  echo: (a: unknown) => a,
  /** Keeps the thread busy for `ms`, then says when it finished and where. */
  spin: (ms: number) => { const end = Date.now() + ms; while (Date.now() < end); return { at: Date.now(), thread: threadId }; },
  fail: (message: string) => { throw Object.assign(new Error(message), { name: 'CertificateError', code: 'wrong_password' }); },
  exit: () => process.exit(3),
  ask: async (x: number, ctx: TaskContext) => Number(await ctx.ask('double', x)) + 1,
  bytes: (n: number) => new Uint8Array(n).fill(7),
};
