/**
 * A pool of worker threads for the CPU work of documents (building and
 * signing XML, the sandbox authorities' checks, PDF, ZIP, PKCS#12), so that
 * the event loop keeps answering requests while it runs.
 *
 * One pool per process, shared by every server in it (acquirePool /
 * releasePool), with WORKER_THREADS threads (default: the machine's CPUs),
 * started with it so that they have loaded their modules before the first
 * document comes. Each thread runs the tasks of ./tasks.ts and
 * holds at most two at a time (the second waits there, so a thread never
 * idles while its result travels back). Work a client waits for goes first:
 * tasks started under `background` (the outbox's poller, e-mail) wait while
 * any other task is queued. A task may ask the main thread for data through
 * the `asks` given with it (the sandbox DIAN's technical keys). A task can be
 * tied to one thread (`affinity`) when that thread keeps state for it. A
 * thread that dies fails its tasks and is replaced.
 *
 * Waiting tasks are queued per company (`tenant`) and taken in turn, one of
 * each company's, so one company's backlog (300 PDFs asked at once) delays
 * another's task by at most the tasks the threads already hold plus one of
 * each other company that is waiting.
 */
import os from 'node:os';
import path from 'node:path';
import { background } from '../platform/background';
import { Worker } from 'node:worker_threads';
import type { TaskName, TaskArg, TaskResult } from './tasks';
import { poolQueueGauge, poolWait } from '../platform/metrics';
import { countryModules, type CountryModule } from '../countries';

/** Functions a task may call in the main thread, by name (each takes what its task sends: see Ask). */
export type Asks = Record<string, (...args: never[]) => unknown>;
/** An ask as it is called: with the arguments a task sent across the thread boundary (structured clones). */
export type Ask = (...args: unknown[]) => unknown;

/** Work started inside `background.run(true, …)` yields to every other task. */
export { background };

export interface RunOptions {
  asks?: Asks;
  /** Run on thread `affinity % size` (for state kept there). */
  affinity?: number;
  /** Memory to hand over instead of copying. */
  transfer?: ArrayBuffer[];
  /** The company the work is for: companies' waiting tasks are taken in turn (none: one queue of its own). */
  tenant?: number;
}

interface Task { id: number; name: string; arg: unknown; o: RunOptions; resolve: (v: unknown) => void; reject: (e: Error) => void; queued: number }

/** Messages between the main thread and a worker (see ./thread.ts). */
export type ToWorker = { type: 'run'; id: number; name: string; arg: unknown; countries?: CountryModule[] } | { type: 'answer'; id: number; ask: number; ok: boolean; value?: unknown; error?: string };
export type FromWorker = { type: 'done'; id: number; ok: boolean; value?: unknown; error?: { message: string; name: string; code?: string } }
  | { type: 'ask'; id: number; ask: number; name: string; args: unknown[] };

const PER_THREAD = 2;

/** Waiting tasks, one first-in-first-out queue per tenant, the tenants taken in turn. */
class FairQueue {
  /** A Map keeps insertion order: the tenant served goes back to the end of the turn. */
  private byTenant = new Map<number, Task[]>();
  private size = 0;

  get length(): number { return this.size; }

  push(task: Task): void {
    const tenant = task.o.tenant ?? -1;
    const queue = this.byTenant.get(tenant);
    if (queue) queue.push(task);
    else this.byTenant.set(tenant, [task]);
    this.size++;
  }

  shift(): Task | undefined {
    const next = this.byTenant.entries().next();
    if (next.done) return undefined;
    const [tenant, queue] = next.value;
    const task = queue.shift()!;
    this.byTenant.delete(tenant);
    if (queue.length) this.byTenant.set(tenant, queue);
    this.size--;
    return task;
  }

  /** Empties the queue: its tasks, in no particular order. */
  drain(): Task[] {
    const all = [...this.byTenant.values()].flat();
    this.byTenant.clear();
    this.size = 0;
    return all;
  }
}

class Thread {
  worker: Worker;
  running = new Map<number, Task>();
  /** The generation of the test-only countries this thread was last sent (src/countries/index.ts, countryModules). */
  countries = 0;
  constructor(readonly index: number, tasks: string | undefined, onMessage: (t: Thread, m: FromWorker) => void, onExit: (t: Thread, why: Error) => void) {
    this.worker = new Worker(path.join(__dirname, 'thread.js'), { workerData: { tasks } });
    this.worker.on('message', (m: FromWorker) => onMessage(this, m));
    let failure: Error | undefined;
    this.worker.on('error', (e) => { failure = e; });
    this.worker.on('exit', (code) => onExit(this, failure ?? new Error(`worker thread ${this.index} stopped (exit code ${code})`)));
    // After the listeners: adding a 'message' listener refs the thread again.
    this.worker.unref();
  }
}

export class CpuPool {
  private threads: (Thread | null)[] = [];
  private urgent = new FairQueue();
  private later = new FairQueue();
  private affine: Task[][];
  private nextId = 1;
  private closed = false;

  /** `tasks`: the module whose TASKS the threads run (default ./tasks; another one in the pool's tests). */
  constructor(readonly size: number, private tasks?: string) {
    this.affine = Array.from({ length: size }, () => []);
  }

  /** Starts the threads now rather than on the first task. */
  start(): this {
    if (!this.threads.length && !this.closed) this.threads = Array.from({ length: this.size }, (_, i) => this.spawn(i));
    return this;
  }

  /** Runs a task of ./tasks.ts on a worker thread. */
  run<K extends TaskName>(name: K, arg: TaskArg<K>, o: RunOptions = {}): Promise<TaskResult<K>> {
    if (this.closed) return Promise.reject(new Error('The worker pool is closed'));
    return new Promise((resolve, reject) => {
      // The thread answers with what the task returned (a structured clone of it): TaskResult<K>.
      const task: Task = { id: this.nextId++, name, arg, o, resolve: (v) => resolve(v as TaskResult<K>), reject, queued: performance.now() };
      if (o.affinity !== undefined) this.affine[o.affinity % this.size].push(task);
      else (background.getStore() ? this.later : this.urgent).push(task);
      this.dispatch();
    });
  }

  /** Tasks waiting for a thread. */
  get queued(): number {
    return this.urgent.length + this.later.length + this.affine.reduce((n, q) => n + q.length, 0);
  }

  async close(): Promise<void> {
    this.closed = true;
    const threads = this.threads.filter((t): t is Thread => !!t);
    this.threads = [];
    for (const t of [...this.urgent.drain(), ...this.later.drain(), ...this.affine.flatMap((q) => q.splice(0))]) t.reject(new Error('The worker pool is closed'));
    await Promise.all(threads.map((t) => t.worker.terminate()));
  }

  private dispatch(): void {
    this.start();
    for (let load = 0; load < PER_THREAD; load++) {
      for (const t of this.threads) {
        if (!t || t.running.size > load) continue;
        const task = this.affine[t.index].shift() ?? this.urgent.shift() ?? this.later.shift();
        if (!task) continue;
        t.running.set(task.id, task);
        poolWait.observe({ work: task.name.split('.')[0] }, (performance.now() - task.queued) / 1000);
        if (t.running.size === 1) t.worker.ref();
        const countries = countryModules();
        const message: ToWorker = { type: 'run', id: task.id, name: task.name, arg: task.arg, ...(countries.generation !== t.countries ? { countries: countries.modules } : {}) };
        t.countries = countries.generation;
        try {
          t.worker.postMessage(message, task.o.transfer ?? []);
        } catch (e) {
          t.running.delete(task.id);
          task.reject(e as Error);
        }
      }
    }
  }

  private spawn(index: number): Thread {
    return new Thread(index, this.tasks, (t, m) => this.received(t, m), (t, why) => this.exited(t, why));
  }

  private received(t: Thread, m: FromWorker): void {
    const task = t.running.get(m.id);
    if (!task) return;
    if (m.type === 'ask') {
      const reply = (answer: Omit<Extract<ToWorker, { type: 'answer' }>, 'type' | 'id' | 'ask'>) =>
        t.worker.postMessage({ type: 'answer', id: m.id, ask: m.ask, ...answer } satisfies ToWorker);
      const fn = task.o.asks?.[m.name] as Ask | undefined;
      Promise.resolve()
        .then(() => { if (!fn) throw new Error(`The task ${task.name} asked for ${m.name}, which it was not given`); return fn(...m.args); })
        .then((value) => reply({ ok: true, value }), (e) => reply({ ok: false, error: String((e as Error)?.message ?? e) }));
      return;
    }
    t.running.delete(m.id);
    if (t.running.size === 0) t.worker.unref();
    if (m.ok) task.resolve(m.value);
    else task.reject(Object.assign(new Error(m.error!.message), { name: m.error!.name, code: m.error!.code }));
    this.dispatch();
  }

  private exited(t: Thread, why: Error): void {
    for (const task of t.running.values()) task.reject(why);
    t.running.clear();
    if (this.closed || this.threads[t.index] !== t) return;
    this.threads[t.index] = this.spawn(t.index);
    this.dispatch();
  }
}

let shared: CpuPool | null = null;
poolQueueGauge(() => shared?.queued ?? 0);
let users = 0;

/** The process's pool (created on first use with `threads` threads, default the machine's CPUs); release it when done. */
export function acquirePool(threads?: number): CpuPool {
  users++;
  shared ??= new CpuPool(Math.max(1, threads || os.availableParallelism())).start();
  return shared;
}

/** The process's pool while a server uses it (none in a tool such as the CLI, which then works inline). */
export const runningPool = (): CpuPool | undefined => shared ?? undefined;

/** Stops the pool's threads once no server uses it any more. */
export async function releasePool(): Promise<void> {
  if (--users > 0 || !shared) return;
  const pool = shared;
  shared = null;
  await pool.close();
}
