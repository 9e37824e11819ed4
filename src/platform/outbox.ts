/**
 * The outbox: work queued in a document's transaction and done after commit
 * by a worker in every server process. A job is claimed with
 * FOR UPDATE SKIP LOCKED (so two processes never run it at once), retried with
 * exponential backoff when its handler fails, and reclaimed when a worker died
 * while holding it (its claim expires).
 */
import type { Db, Queryable } from './db';

export interface Job { company_id: number; id: number; kind: string; ref_id: string; attempts: number }
export type Handler = (job: Job) => Promise<unknown>;

/** A failure the handler knows to be final: no more attempts. */
export class PermanentFailure extends Error {}

export async function enqueue(q: Queryable, companyId: number, kind: string, refId: string): Promise<void> {
  await q.query('INSERT INTO outbox (company_id, kind, ref_id) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING', [companyId, kind, refId]);
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
  log?: (msg: string, extra?: object) => void;
}

export class Outbox {
  private timer: NodeJS.Timeout | null = null;
  private stopped = false;
  private readonly o: Required<OutboxOptions>;
  /** Jobs running now, by kind: a slow kind (a dead SMTP server) never takes the places of another (the tax authority). */
  private busy = new Map<string, number>();
  private inflight = new Set<Promise<void>>();

  constructor(private db: Db, private handlers: Record<string, Handler>, options: OutboxOptions = {}) {
    this.o = { pollMs: 1000, maxAttempts: Infinity, baseMs: 1000, maxBackoffMs: 600_000, claimMs: 120_000, batch: 10, log: () => undefined, ...options };
  }

  start(): void {
    this.stopped = false;
    const tick = () => { void this.kick(); if (!this.stopped) this.timer = setTimeout(tick, this.o.pollMs); };
    this.timer = setTimeout(tick, 0);
  }

  /** Claims the due jobs (up to `batch` running per kind) and runs them; resolves when the jobs claimed now are done. */
  kick(): Promise<void> {
    if (this.stopped && !this.timer) return Promise.resolve();
    return this.pass().catch((e) => this.o.log('outbox pass failed', { err: String(e) }));
  }

  /**
   * Runs one document's job now, if it is due and no worker holds it (a
   * creation waiting for the tax authority runs its own job, not behind
   * others); resolves when it is done, or at once when it is not claimable.
   */
  async runNow(companyId: number, kind: string, refId: string): Promise<void> {
    const jobs = await this.claim(`company_id = $3 AND kind = $4 AND ref_id = $5`, [1, companyId, kind, refId]);
    await Promise.all(jobs.map((job) => this.track(job)));
  }

  /**
   * Runs one document's job now (runNow) or, when another worker already
   * holds it (this process's poller, another process), waits for that one;
   * resolves once the job ran (done, failed or due again) or after `ms`.
   */
  async runAndWait(companyId: number, kind: string, refId: string, ms: number): Promise<void> {
    const deadline = Date.now() + ms;
    let timer: NodeJS.Timeout | undefined;
    const pause = (t: number) => new Promise<void>((ok) => { timer = setTimeout(ok, Math.max(0, t)); });
    try {
      await Promise.race([this.runNow(companyId, kind, refId), pause(ms)]);
      while (Date.now() < deadline) {
        const [row] = await this.db.query<{ status: string }>('SELECT status FROM outbox WHERE company_id = $1 AND kind = $2 AND ref_id = $3', [companyId, kind, refId]);
        if (row?.status !== 'processing') return;
        await pause(Math.min(50, deadline - Date.now()));
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
    await Promise.allSettled([...this.inflight]);
  }

  private async pass(): Promise<void> {
    const runs: Promise<void>[] = [];
    for (const kind of Object.keys(this.handlers)) {
      const room = this.o.batch - (this.busy.get(kind) ?? 0);
      if (room <= 0) continue;
      const jobs = await this.claim('kind = $3', [room, kind]);
      runs.push(...jobs.map((job) => this.track(job)));
    }
    await Promise.all(runs);
  }

  private claim(where: string, [limit, ...args]: [number, ...unknown[]]): Promise<Job[]> {
    return this.db.query<Job>(
      `UPDATE outbox SET status = 'processing', attempts = attempts + 1, locked_until = now() + make_interval(secs => $2::float8 / 1000), updated_at = now()
        WHERE id IN (SELECT id FROM outbox
                      WHERE ${where} AND next_attempt_at <= now()
                        AND (status = 'pending' OR (status = 'processing' AND locked_until < now()))
                      ORDER BY next_attempt_at, id LIMIT $1 FOR UPDATE SKIP LOCKED)
        RETURNING company_id, id, kind, ref_id, attempts`, [limit, this.o.claimMs, ...args]);
  }

  private track(job: Job): Promise<void> {
    this.busy.set(job.kind, (this.busy.get(job.kind) ?? 0) + 1);
    const p = this.run(job).finally(() => {
      this.busy.set(job.kind, (this.busy.get(job.kind) ?? 1) - 1);
      this.inflight.delete(p);
    });
    this.inflight.add(p);
    return p;
  }

  private async run(job: Job): Promise<void> {
    try {
      const result = await this.handlers[job.kind](job);
      await this.db.query(`UPDATE outbox SET status = 'done', result = $2, last_error = NULL, locked_until = NULL, updated_at = now() WHERE id = $1`,
        [job.id, JSON.stringify(result ?? null)]);
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
