/**
 * Group commit for creations: requests that arrive while a batch of this
 * storage is being written gather, and are written together when it ends (at
 * most GROUP_COMMIT_MAX), by their kernel's batch writer, in one transaction
 * (or, when one statement writes the whole batch, that statement alone: direct);
 * each still gets its own number, its own answer and its own error. A creation
 * that finds nothing being written is written at once (no timer: a lone request
 * pays nothing), so batches form exactly under load. GROUP_COMMIT_MS > 0 adds a
 * window: the first creation of a batch then waits that long for others.
 *
 * A creation joins a batch by running its ordinary `store` with a Slot in
 * place of the database: the kernel's one-statement writer (writeInvoice) sees
 * the Slot and, instead of writing, hands its record to the batch and waits.
 * Once every store of the batch has handed its record over (or finished
 * without, e.g. a refusal), the batch writer writes them all, the stores
 * finish, and the transaction commits; only then are the answers given.
 * A store that asks the Slot for anything else (a query) is not batchable: it
 * runs again alone, on the single path, after the batch (it wrote nothing).
 */
import type { Db, Queryable } from './db';

/**
 * The rows a batch locks before it writes anything, per kind, as (company id, row id) pairs. Every creation on
 * the single path locks in this order too (the invoices it pays or corrects, their due items, its document type's
 * counter, then the ledger sums its entry moves); a batch takes the rows of all its writers first, each kind in
 * (company, id) order, so that it never waits for one of them while it holds what a single creation waits for.
 */
export interface BatchLocks { invoices?: [number, string][]; dues?: [number, number][]; counters?: [number, number][] }

/** A kernel's batch writer: writes the items in the caller's transaction; per item its result or its own error. */
export interface BatchWriter<I, O> {
  readonly name: string;
  /** What the items will lock (taken for every writer of a batch before any writes). */
  locks?(items: I[]): BatchLocks;
  write(q: Queryable, items: I[]): Promise<(O | Error)[]>;
  /**
   * When these items are written by ONE statement that writes all of them or nothing: that statement, which the batch
   * then runs with no transaction around it (a batch of one writer, nothing to lock first); null when they need more.
   * It answers null when it wrote nothing (each creation is then written alone, as after a batch rolled back).
   */
  direct?(items: I[]): ((q: Queryable) => Promise<O[] | null>) | null;
}

/** A batch's direct statement that wrote nothing (its counter refused the numbers): each creation runs alone. */
class WroteNothing extends Error {
  constructor() { super('The batch\'s statement wrote nothing'); }
}

/** An error the database server answered for a statement (a SQLSTATE): the statement wrote nothing. */
const refusedByServer = (e: unknown) => typeof (e as { code?: unknown })?.code === 'string' && /^[0-9A-Z]{5}$/.test((e as { code: string }).code);

/** Locks the rows, each kind in (company, id) order: invoices, then due items, then document-type counters. */
export async function lockInOrder(q: Queryable, l: BatchLocks): Promise<void> {
  const take = async (table: string, pairs: [number, string | number][] | undefined, type: string) => {
    if (!pairs?.length) return;
    await q.query(`SELECT 1 FROM ${table} t JOIN unnest($1::int[], $2::${type}[]) AS k(cid, id) ON t.company_id = k.cid AND t.id = k.id
      ORDER BY t.company_id, t.id FOR UPDATE OF t`, [pairs.map((p) => p[0]), pairs.map((p) => p[1])]);
  };
  await take('invoices', l.invoices, 'uuid');
  await take('due_items', l.dues, 'bigint');
  await take('document_types', l.counters, 'int');
}

/** The locks of several writers' items together (duplicates kept once). */
export function mergeLocks(all: BatchLocks[]): BatchLocks {
  const uniq = <T extends [number, string | number]>(xs: T[]) => [...new Map(xs.map((x) => [`${x[0]}:${x[1]}`, x])).values()];
  return {
    invoices: uniq(all.flatMap((l) => l.invoices ?? [])),
    dues: uniq(all.flatMap((l) => l.dues ?? [])),
    counters: uniq(all.flatMap((l) => l.counters ?? [])),
  };
}

class NotBatchable extends Error {
  constructor() { super('This creation does more than its one write: it is not batched'); }
}
const isNotBatchable = (o: { ok: boolean; error?: unknown } | null) => !!o && !o.ok && o.error instanceof NotBatchable;

interface Deferred { writer: BatchWriter<unknown, unknown>; item: unknown; resolve: (v: unknown) => void; reject: (e: unknown) => void }

/** What a store is given instead of the database inside a batch. */
export class Slot implements Queryable {
  deferred?: Deferred;
  private handed!: () => void;
  /** Resolves when the store hands its record over. */
  readonly handedOver = new Promise<void>((ok) => { this.handed = ok; });

  /** Called by a kernel's writer: the item joins the batch; resolves with its result once written. */
  defer<I, O>(writer: BatchWriter<I, O>, item: I): Promise<O> {
    if (this.deferred) throw new NotBatchable();
    return new Promise<O>((resolve, reject) => {
      this.deferred = { writer: writer as BatchWriter<unknown, unknown>, item, resolve: resolve as (v: unknown) => void, reject };
      this.handed();
    });
  }

  async query<T>(): Promise<T[]> { throw new NotBatchable(); }
  async exec(): Promise<void> { throw new NotBatchable(); }
}

export interface GroupCommitOptions {
  /** false: no group commit (each creation is written alone, as it comes). */
  on?: boolean;
  /** How long the first creation of a batch waits for others when nothing is being written; 0: it is written at once. */
  windowMs: number;
  /** A batch is written as soon as this many are waiting. */
  max: number;
  /**
   * How many batches may be in flight at once (default 1). With 2, the next batch's stores run and its transaction
   * begins while the one before is written; the counter's row lock still orders their numbers.
   */
  inFlight?: number;
}

interface Entry { work: (q: Queryable) => Promise<unknown>; ownTx: boolean; resolve: (v: unknown) => void; reject: (e: unknown) => void }

export class GroupCommit {
  private queue: Entry[] = [];
  private timer: NodeJS.Timeout | NodeJS.Immediate | null = null;
  private writing = 0;
  /** What was written in batches: transactions, documents handed to a batch writer, the largest batch. */
  readonly stats = { batches: 0, documents: 0, largest: 0 };

  constructor(private db: Db, readonly options: GroupCommitOptions) {}

  get enabled(): boolean { return this.options.on !== false && this.options.max > 1; }

  /**
   * Runs `work` (a creation's store, which writes through a kernel's writer and nothing else) in the next batch;
   * with group commit off, at once on the database, as before (in a transaction of its own with `ownTx`).
   * Resolves after commit.
   */
  run<T>(work: (q: Queryable) => Promise<T>, ownTx = false): Promise<T> {
    if (!this.enabled) return ownTx ? this.db.tx(work) : work(this.db);
    return new Promise<T>((resolve, reject) => {
      this.queue.push({ work, ownTx, resolve: resolve as (v: unknown) => void, reject });
      this.schedule();
    });
  }

  private schedule(): void {
    if (this.writing >= (this.options.inFlight ?? 1)) return; // a batch in flight writes the next when it ends
    if (this.queue.length >= this.options.max) { this.flush(); return; }
    // Nothing is being written: at once (those that arrive in the same turn of the event loop join), or after the window.
    this.timer ??= this.options.windowMs > 0 ? setTimeout(() => this.flush(), this.options.windowMs) : setImmediate(() => this.flush());
  }

  private flush(): void {
    if (this.timer) { clearTimeout(this.timer as NodeJS.Timeout); clearImmediate(this.timer as NodeJS.Immediate); this.timer = null; }
    const batch = this.queue.splice(0, this.options.max);
    if (!batch.length) return;
    this.writing++;
    // A batch of one is written as with group commit off (one statement, no transaction around it).
    // A batch that fails outside its own handling (the database gone while it was in flight) fails its creations
    // that are not answered yet (an answered one ignores it), never the process with an unhandled rejection.
    void (batch.length === 1 ? this.runAlone(batch[0]) : this.write(batch)).catch((err: unknown) => { for (const e of batch) e.reject(err); }).finally(() => {
      this.writing--;
      if (this.queue.length) this.flush(); // they waited for a batch in flight: no window more
    });
  }

  /** One batch: the stores hand their records over, each writer writes its items, the stores finish, commit, answers. */
  private async write(batch: Entry[]): Promise<void> {
    const slots = batch.map(() => new Slot());
    const outcomes: ({ ok: true; value: unknown } | { ok: false; error: unknown } | null)[] = batch.map(() => null);
    const works = batch.map((e, i) => e.work(slots[i]).then(
      (value) => { outcomes[i] = { ok: true, value }; },
      (error) => { outcomes[i] = { ok: false, error }; }));
    // Every store either hands its record over or ends (a refusal, or a store that is not batchable), before BEGIN.
    await Promise.all(works.map((w, i) => Promise.race([w, slots[i].handedOver])));
    const written = batch.map((_, i) => !!slots[i].deferred && !outcomes[i]);
    const byWriter = new Map<BatchWriter<unknown, unknown>, Deferred[]>();
    slots.forEach((s, i) => { if (written[i]) byWriter.set(s.deferred!.writer, [...(byWriter.get(s.deferred!.writer) ?? []), s.deferred!]); });
    let committing = false;
    let failure: unknown = null;
    if (byWriter.size) {
      const n = written.filter(Boolean).length;
      Object.assign(this.stats, { batches: this.stats.batches + 1, documents: this.stats.documents + n, largest: Math.max(this.stats.largest, n) });
      // Everything the batch's writers will lock, first and in one order (see BatchLocks).
      // (A batch that locks one counter and nothing else takes it with its numbering UPDATE: no statement more.)
      const locks = mergeLocks([...byWriter].map(([w, ds]) => w.locks?.(ds.map((d) => d.item)) ?? {}));
      const lockFirst = !!(locks.invoices!.length || locks.dues!.length || locks.counters!.length > 1);
      // One writer whose items one statement writes (invoices of one document type): that statement alone, committed by
      // itself as a lone creation's is. No BEGIN and COMMIT (two round trips), and the counter's row is free the moment
      // the statement ends, not when this process's COMMIT reaches the server.
      const [only] = byWriter.size === 1 && !lockFirst ? [...byWriter] : [];
      const direct = only?.[0].direct?.(only[1].map((d) => d.item)) ?? null;
      try {
        if (direct) {
          const ds = only![1];
          const results = await direct(this.db);
          if (!results) throw new WroteNothing();
          ds.forEach((d, k) => d.resolve(results[k]));
          // The stores end after their write committed: one that queries now (not batchable) gets that error, it cannot run again.
          await Promise.all(works);
        } else await this.db.tx(async (q) => {
          if (lockFirst) await lockInOrder(q, locks);
          for (const [writer, ds] of byWriter) {
            const results = await writer.write(q, ds.map((d) => d.item));
            ds.forEach((d, k) => (results[k] instanceof Error ? d.reject(results[k]) : d.resolve(results[k])));
          }
          await Promise.all(works);
          // A store that queries after its write cannot be batched: its write would be committed with an error answered.
          if (batch.some((_, i) => written[i] && isNotBatchable(outcomes[i]))) throw new Error('A batched creation queried after its write');
          committing = true;
        });
      } catch (e) {
        failure = e;
        // Without a transaction, a statement the server refused wrote nothing; any other failure (the connection lost
        // while it ran) may have written, as a failed COMMIT may.
        if (direct) committing = !(e instanceof WroteNothing) && !refusedByServer(e);
        for (const ds of byWriter.values()) for (const d of ds) d.reject(e); // (no effect on those already settled)
        await Promise.all(works);
      }
    }
    const alone: Entry[] = [];
    batch.forEach((e, i) => {
      const o = outcomes[i]!;
      if (isNotBatchable(o) && !written[i]) alone.push(e); // wrote nothing: runs on the single path
      else if (failure !== null && written[i]) {
        // The batch's transaction failed. Before its COMMIT nothing was written: the creation runs alone.
        // A failed COMMIT may or may not have written: the error, as a single creation would get it.
        if (committing) e.reject(failure); else alone.push(e);
      } else if (o.ok) e.resolve(o.value);
      else e.reject(o.error);
    });
    for (const e of alone) await this.runAlone(e);
  }

  private async runAlone(e: Entry): Promise<void> {
    try { e.resolve(await (e.ownTx ? this.db.tx(e.work) : e.work(this.db))); } catch (err) { e.reject(err); }
  }

  /**
   * This committer for creations whose single path writes several statements (a voucher: its due items, number,
   * document, entry): in a batch as any other, but alone (group commit off, a batch of one, a fallback) each runs
   * in its own transaction.
   */
  get inTransactions(): Pick<GroupCommit, 'run'> {
    return { run: <T>(work: (q: Queryable) => Promise<T>) => this.run(work, true) };
  }
}

const committers = new WeakMap<Db, GroupCommit>();

/** The storage's committer as the configuration says (GROUP_COMMIT, GROUP_COMMIT_MS, GROUP_COMMIT_MAX). */
export function committerOf(db: Db, c: { groupCommit: boolean; groupCommitMs: number; groupCommitMax: number; groupCommitBatches?: number }): GroupCommit {
  return groupCommitOf(db, { on: c.groupCommit, windowMs: c.groupCommitMs, max: c.groupCommitMax, inFlight: c.groupCommitBatches });
}

/** The storage's committer (one per Db: group commit gathers the creations of one storage). */
export function groupCommitOf(db: Db, options: GroupCommitOptions): GroupCommit {
  let gc = committers.get(db);
  if (!gc) committers.set(db, gc = new GroupCommit(db, options));
  return gc;
}

/** Runs fn under a savepoint of the caller's transaction: its error undoes what it wrote and nothing else. */
export async function underSavepoint<T>(q: Queryable, fn: () => Promise<T>): Promise<T | Error> {
  await q.query('SAVEPOINT batch_item');
  try {
    const value = await fn();
    await q.query('RELEASE SAVEPOINT batch_item');
    return value;
  } catch (e) {
    await q.query('ROLLBACK TO SAVEPOINT batch_item');
    return e instanceof Error ? e : new Error(String(e));
  }
}

/**
 * Pure: partitions a batch's items, in request order, into rounds such that no two items of a round share a key
 * (the invoices a note corrects or a receipt pays). Item i goes to the round after the last round holding any of
 * its keys, so the items of one key keep their request order; items with no key in common share the first round.
 * Returns the rounds, each the indexes of its items in request order.
 */
export function rounds(keys: readonly (readonly string[])[]): number[][] {
  const last = new Map<string, number>();
  const out: number[][] = [];
  keys.forEach((ks, i) => {
    const r = ks.reduce((m, k) => Math.max(m, (last.get(k) ?? -1) + 1), 0);
    (out[r] ??= []).push(i);
    for (const k of ks) last.set(k, r);
  });
  return out;
}
