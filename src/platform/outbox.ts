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
  private running: Promise<void> | null = null;
  private again = false;
  private stopped = false;
  private readonly o: Required<OutboxOptions>;

  constructor(private db: Db, private handlers: Record<string, Handler>, options: OutboxOptions = {}) {
    this.o = { pollMs: 1000, maxAttempts: Infinity, baseMs: 1000, maxBackoffMs: 600_000, claimMs: 120_000, batch: 10, log: () => undefined, ...options };
  }

  start(): void {
    this.stopped = false;
    const tick = () => { this.kick(); if (!this.stopped) this.timer = setTimeout(tick, this.o.pollMs); };
    this.timer = setTimeout(tick, 0);
  }

  /** Runs due jobs now (e.g. right after a commit that queued one); resolves when this pass is over. */
  kick(): Promise<void> {
    if (this.running) { this.again = true; return this.running; }
    this.running = (async () => {
      do { this.again = false; await this.pass(); } while (this.again && !this.stopped);
    })().catch((e) => this.o.log('outbox pass failed', { err: String(e) })).finally(() => { this.running = null; });
    return this.running;
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    await this.running;
  }

  private async pass(): Promise<void> {
    const kinds = Object.keys(this.handlers);
    const jobs = await this.db.query<Job>(
      `UPDATE outbox SET status = 'processing', attempts = attempts + 1, locked_until = now() + make_interval(secs => $3::float8 / 1000), updated_at = now()
        WHERE id IN (SELECT id FROM outbox
                      WHERE kind = ANY($1::text[]) AND next_attempt_at <= now()
                        AND (status = 'pending' OR (status = 'processing' AND locked_until < now()))
                      ORDER BY next_attempt_at, id LIMIT $2 FOR UPDATE SKIP LOCKED)
        RETURNING company_id, id, kind, ref_id, attempts`, [kinds, this.o.batch, this.o.claimMs]);
    await Promise.all(jobs.map((job) => this.run(job)));
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
