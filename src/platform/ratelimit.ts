/**
 * Per-company request budget: RATE_LIMIT_PER_MINUTE requests in each
 * one-minute window (0 turns it off), shared by every process of one database.
 *
 * Each process counts in memory and adds its count to the window's row in
 * `rate_windows` (one upsert that answers the total of all processes): at
 * once for a company's first request of a window and once the total nears the
 * budget, and otherwise in the background every 250 ms (which also refreshes
 * the total of a company past half its budget). So the common request costs no
 * database round trip, and several processes together exceed the budget by at
 * most what they admit in one background interval.
 */
import type { Queryable } from './db';
import { ApiError, error } from './errors';

/** Adds `delta` to the company's window and answers the window's total over all processes. */
export type ShareCount = (companyId: number, windowStart: number, delta: number) => Promise<number>;

interface Window { start: number; local: number; known: number; flushing: Promise<void> | null }

export class RateLimiter {
  private windows = new Map<number, Window>();
  private timer: NodeJS.Timeout | null = null;

  constructor(private perMinute: number, private now: () => number = Date.now, private share?: ShareCount, flushMs = 250) {
    if (share && perMinute > 0) {
      // Adds what this process counted, and refreshes the total of a company that is past half its budget.
      this.timer = setInterval(() => {
        for (const [cid, w] of this.windows) if (w.local || w.known >= this.perMinute / 2) void this.flush(cid, w);
      }, flushMs);
      this.timer.unref();
    }
  }

  close(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  /** Counts one request of the company; throws 429 with Retry-After when the budget is spent. */
  async take(companyId: number): Promise<void> {
    if (this.perMinute <= 0) return;
    const t = this.now();
    const start = t - (t % 60_000);
    let w = this.windows.get(companyId);
    const fresh = !w || w.start !== start;
    if (fresh) {
      if (this.windows.size > 10_000) this.windows.clear();
      w = { start, local: 0, known: 0, flushing: null };
      this.windows.set(companyId, w);
    }
    w!.local++;
    // Ask the other processes' count when the window opens here and when the budget is near.
    if (this.share && (fresh || w!.known + w!.local > this.perMinute * 0.8)) await this.flush(companyId, w!);
    if (w!.known + w!.local > this.perMinute) {
      const retry = Math.max(1, Math.ceil((start + 60_000 - t) / 1000));
      throw new ApiError(429, [error('requests_limit', `This company may send ${this.perMinute} requests per minute; retry in ${retry} s`, [])],
        { 'Retry-After': String(retry) });
    }
  }

  private async flush(companyId: number, w: Window): Promise<void> {
    while (w.flushing) await w.flushing;
    const delta = w.local;
    w.flushing = (async () => {
      try {
        const total = await this.share!(companyId, w.start, delta);
        w.local -= delta;
        w.known = total;
      } catch {
        // The database is unreachable: keep counting here; the request itself will report the outage.
      }
    })();
    await w.flushing;
    w.flushing = null;
  }
}

/** The shared count in PostgreSQL (or PGlite): one row per company and window; old windows are dropped as new ones open. */
export function sharedCount(db: Queryable): ShareCount {
  let lastSweep = 0;
  return async (companyId, windowStart, delta) => {
    if (windowStart > lastSweep) {
      lastSweep = windowStart;
      await db.query('DELETE FROM rate_windows WHERE window_start < $1', [windowStart - 120_000]);
    }
    const [row] = await db.query<{ count: string | number }>(
      `INSERT INTO rate_windows (company_id, window_start, count) VALUES ($1, $2, $3)
       ON CONFLICT (company_id, window_start) DO UPDATE SET count = rate_windows.count + EXCLUDED.count RETURNING count`,
      [companyId, windowStart, delta]);
    return Number(row.count);
  };
}
