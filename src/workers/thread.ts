/**
 * A worker thread of the pool (./pool.ts): runs the tasks of ./tasks.ts (or
 * of the module the pool names, for its tests) as messages come, and answers
 * each with its result or its error. A task's `ask` calls a function the
 * main thread gave with the task.
 */
import { parentPort, workerData } from 'node:worker_threads';
import type { TaskContext } from './tasks';
import { threadCountries } from '../countries';
import type { FromWorker, ToWorker } from './pool';

// eslint-disable-next-line @typescript-eslint/no-require-imports -- the task module is named at run time
const TASKS: Record<string, (arg: unknown, ctx: TaskContext) => unknown> = require(workerData?.tasks ?? './tasks').TASKS;
const port = parentPort!;
const waiting = new Map<string, { resolve: (v: unknown) => void; reject: (e: Error) => void }>();
let asks = 0;

const post = (m: FromWorker, transfer: ArrayBuffer[] = []) => port.postMessage(m, transfer);

/** Buffers go back as their own memory, without a copy. */
function transferable(value: unknown): ArrayBuffer[] {
  if (value instanceof Uint8Array && value.byteOffset === 0 && value.byteLength === value.buffer.byteLength && value.buffer instanceof ArrayBuffer) return [value.buffer];
  return [];
}

port.on('message', async (m: ToWorker) => {
  if (m.type === 'answer') {
    const w = waiting.get(`${m.id}:${m.ask}`);
    waiting.delete(`${m.id}:${m.ask}`);
    if (m.ok) w?.resolve(m.value);
    else w?.reject(new Error(m.error));
    return;
  }
  // The test-only countries registered in the main thread since the last task (src/countries/index.ts).
  if (m.countries) threadCountries(m.countries);
  const ctx: TaskContext = {
    ask: (name, ...args) => new Promise((resolve, reject) => {
      const ask = ++asks;
      waiting.set(`${m.id}:${ask}`, { resolve, reject });
      post({ type: 'ask', id: m.id, ask, name, args });
    }),
  };
  try {
    const value = await TASKS[m.name](m.arg, ctx);
    post({ type: 'done', id: m.id, ok: true, value }, transferable(value));
  } catch (e) {
    const err = e as Error & { code?: string };
    post({ type: 'done', id: m.id, ok: false, error: { message: String(err?.message ?? e), name: err?.name ?? 'Error', code: err?.code } });
  }
});
