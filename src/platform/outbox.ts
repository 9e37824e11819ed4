/**
 * The outbox: work queued in a document's transaction and done after commit
 * by a worker in every server process. A job is claimed with
 * FOR UPDATE SKIP LOCKED (so two processes never run it at once), retried with
 * exponential backoff when its handler fails, and reclaimed when a worker died
 * while holding it (its claim expires).
 */
import { prepared, type Db, type Queryable } from './db';
import { background } from './background';

/** A claimed job; `loaded`: what its kind's read (OutboxOptions.reads) found, read by the statement that claimed it. */
export interface Job { company_id: number; id: number; kind: string; ref_id: string; attempts: number; loaded?: unknown }
/**
 * Does a job. It may mark the job done itself, with `done`, inside the
 * transaction that records its outcome (one statement fewer, and no moment
 * when the outcome is saved but the job is not done); otherwise the outbox
 * marks it done with what the handler returns.
 */
export type Handler = (job: Job, done: Done) => Promise<unknown>;

/** Marks the job done with its result, in the caller's transaction; or, with `folded`, in one statement of the caller's own. */
export interface Done {
  (q: Queryable, result: unknown): Promise<void>;
  /**
   * The UPDATE that marks the job done, for the caller's statement (as a CTE; its parameters numbered from
   * `$first`: the job, the result); `ran()` once that statement succeeded and did mark it.
   */
  folded(first: number, result: unknown): { sql: string; params: unknown[]; ran(): void };
}

/** The statement that marks a job done ($n the job's id, $n+1 its result as JSON). */
const markDone = (n: number) =>
  `UPDATE outbox SET status = 'done', result = $${n + 1}, last_error = NULL, locked_until = NULL, updated_at = now() WHERE id = $${n}`;

/** A failure the handler knows to be final: no more attempts. */
export class PermanentFailure extends Error {}

/**
 * Queues a job in the caller's transaction. `graceMs`: the caller runs it
 * itself right after commit (runNow), so pollers leave it alone that long;
 * they take it afterwards only if its caller died first.
 */
export async function enqueue(q: Queryable, companyId: number, kind: string, refId: string, graceMs = 0): Promise<void> {
  await q.query(`INSERT INTO outbox (company_id, kind, ref_id, next_attempt_at) VALUES ($1, $2, $3, now() + make_interval(secs => $4::float8 / 1000))
                 ON CONFLICT DO NOTHING`, [companyId, kind, refId, graceMs]);
}

export interface OutboxOptions {
  pollMs?: number;
  /** Attempts before a job ends as failed; by default it is tried until it succeeds (a handler may end it with PermanentFailure). */
  maxAttempts?: number;
  /** Backoff of attempt n: baseMs × 2^(n−1), at most maxBackoffMs. */
  baseMs?: number;
  maxBackoffMs?: number;
  /** How long a claim holds before another worker may take the job. */
  claimMs?: number;
  batch?: number;
  /**
   * By kind, what its handler reads first, read by the statement that claims the job (one statement fewer per
   * job): a SQL expression over the claimed row `job` (company_id, ref_id), given to the handler as `job.loaded`.
   */
  reads?: Record<string, string>;
  log?: (msg: string, extra?: object) => void;
}

export class Outbox {
  private timer: NodeJS.Timeout | null = null;
  private stopped = false;
  private readonly o: Required<OutboxOptions>;
  /** Jobs running now, by kind: a slow kind (a dead SMTP server) never takes the places of another (the tax authority). */
  private busy = new Map<string, number>();
  /** Jobs running in this process, by company, kind and document: a waiting creation follows its own job here, not through the database. */
  private running = new Map<string, Promise<void>>();

  constructor(private db: Db, private handlers: Record<string, Handler>, options: OutboxOptions = {}) {
    this.o = { pollMs: 1000, maxAttempts: Infinity, baseMs: 1000, maxBackoffMs: 600_000, claimMs: 120_000, batch: 10, reads: {}, log: () => undefined, ...options };
  }

  start(): void {
    this.stopped = false;
    const tick = () => { void this.kick(); if (!this.stopped) this.timer = setTimeout(tick, this.o.pollMs); };
    this.timer = setTimeout(tick, 0);
  }

  /** Claims the due jobs (up to `batch` running per kind) and runs them, claiming again while a claim fills every place; resolves when they are done. */
  kick(): Promise<void> {
    if (this.stopped && !this.timer) return Promise.resolve();
    return this.pass().catch((e) => this.o.log('outbox pass failed', { err: String(e) }));
  }

  /**
   * Runs one document's job now, if no worker holds it (a creation waiting
   * for the tax authority runs its own job, not behind others, even during
   * the grace its enqueue gave); resolves when it is done, or at once when it
   * is not claimable. Answers whether it ran the job.
   */
  async runNow(companyId: number, kind: string, refId: string): Promise<boolean> {
    const jobs = await this.claim(kind, `company_id = $3 AND kind = $4 AND ref_id = $5`, [1, companyId, kind, refId], true);
    await Promise.all(jobs.map((job) => this.track(job)));
    return jobs.length > 0;
  }

  /**
   * Runs one document's job now (runNow) or, when another worker already
   * holds it, waits for that one: in this process (the poller) until it ends,
   * in another one by reading its state every 50 ms; resolves once the job
   * ran (done, failed or due again) or after `ms`.
   */
  async runAndWait(companyId: number, kind: string, refId: string, ms: number): Promise<void> {
    const deadline = Date.now() + ms;
    let timer: NodeJS.Timeout | undefined;
    const pause = (t: number) => new Promise<false>((ok) => { clearTimeout(timer); timer = setTimeout(() => ok(false), Math.max(0, t)); });
    try {
      if (await Promise.race([this.runNow(companyId, kind, refId), pause(ms)])) return;
      const key = `${companyId}/${kind}/${refId}`;
      while (Date.now() < deadline) {
        const here = this.running.get(key);
        if (here) { await Promise.race([here, pause(deadline - Date.now())]); return; }
        const [row] = await this.db.query<{ status: string }>('SELECT status FROM outbox WHERE company_id = $1 AND kind = $2 AND ref_id = $3', [companyId, kind, refId]);
        if (row?.status !== 'processing') return;
        if (!this.running.has(key)) await pause(Math.min(50, deadline - Date.now()));
      }
    } finally {
      clearTimeout(timer);
    }
  }

  /** Makes every claimed job claimable again; only for a database no other process uses. */
  async releaseClaims(): Promise<void> {
    await this.db.query(`UPDATE outbox SET status = 'pending', locked_until = NULL, updated_at = now() WHERE status = 'processing'`);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await Promise.allSettled([...this.running.values()]);
  }

  private async pass(kinds = Object.keys(this.handlers)): Promise<void> {
    const runs: Promise<void>[] = [];
    let claimed: unknown = null;
    try {
      for (const kind of kinds) {
        const room = this.o.batch - (this.busy.get(kind) ?? 0);
        if (room <= 0) continue;
        const jobs = await this.claim(kind, 'kind = $3', [room, kind]);
        // A claim that filled every free place may have left jobs due: each job that finishes claims again at once
        // (within this pass) instead of leaving them to the next poll.
        const more = jobs.length === room;
        // Work nobody waits for yields the worker threads to work a client waits for.
        runs.push(...jobs.map((job) => background.run(true, () => this.track(job)).then(() => (more && !this.stopped ? this.pass([kind]) : undefined))));
      }
    } catch (e) {
      claimed = e;
    }
    // Every job started is waited for, even when a later claim failed (the database closing under it): a run left
    // behind would fail with nobody to hear it (an unhandled rejection).
    const failed = (await Promise.allSettled(runs)).find((r): r is PromiseRejectedResult => r.status === 'rejected');
    if (claimed !== null) throw claimed;
    if (failed) throw failed.reason;
  }

  /**
   * Claims due jobs of a kind, with what the kind reads (reads); `own`: the caller's own job, which may run during
   * its grace (a first attempt not yet due).
   */
  private claim(kind: string, where: string, [limit, ...args]: [number, ...unknown[]], own = false): Promise<Job[]> {
    const claim = `UPDATE outbox SET status = 'processing', attempts = attempts + 1, locked_until = now() + make_interval(secs => $2::float8 / 1000), updated_at = now()
        WHERE id IN (SELECT id FROM outbox
                      WHERE ${where} AND (next_attempt_at <= now()${own ? ' OR attempts = 0' : ''})
                        AND (status = 'pending' OR (status = 'processing' AND locked_until < now()))
                      ORDER BY next_attempt_at, id LIMIT $1 FOR UPDATE SKIP LOCKED)
        RETURNING company_id, id, kind, ref_id, attempts`;
    const read = this.o.reads[kind];
    // Prepared: a claim with its kind's reads took PostgreSQL longer to plan than to run (0.76 against 0.50 ms).
    return this.db.query<Job>(prepared(read ? `WITH job AS (${claim}) SELECT job.*, (${read}) AS loaded FROM job` : claim), [limit, this.o.claimMs, ...args]);
  }

  private track(job: Job): Promise<void> {
    const key = `${job.company_id}/${job.kind}/${job.ref_id}`;
    this.busy.set(job.kind, (this.busy.get(job.kind) ?? 0) + 1);
    const p = this.run(job).finally(() => {
      this.busy.set(job.kind, (this.busy.get(job.kind) ?? 1) - 1);
      if (this.running.get(key) === p) this.running.delete(key);
    });
    this.running.set(key, p);
    return p;
  }

  private async run(job: Job): Promise<void> {
    let finished = false;
    const done: Done = Object.assign(async (q: Queryable, result: unknown) => {
      await q.query(markDone(1), [job.id, JSON.stringify(result ?? null)]);
      finished = true;
    }, {
      folded: (first: number, result: unknown) => ({ sql: markDone(first), params: [job.id, JSON.stringify(result ?? null)], ran: () => { finished = true; } }),
    });
    try {
      const result = await this.handlers[job.kind](job, done);
      if (!finished) await done(this.db, result);
    } catch (e) {
      const final = e instanceof PermanentFailure || job.attempts >= this.o.maxAttempts;
      const backoff = Math.min(this.o.maxBackoffMs, this.o.baseMs * 2 ** (job.attempts - 1));
      this.o.log('outbox job failed', { id: job.id, kind: job.kind, attempts: job.attempts, final, err: String(e) });
      await this.db.query(
        `UPDATE outbox SET status = $2, last_error = $3, locked_until = NULL, next_attempt_at = now() + make_interval(secs => $4::float8 / 1000), updated_at = now()
          WHERE id = $1`, [job.id, final ? 'failed' : 'pending', String((e as Error)?.message ?? e).slice(0, 2000), backoff]);
    }
  }
}
