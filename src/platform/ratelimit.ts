/**
 * Per-company request budget: RATE_LIMIT_PER_MINUTE requests in each
 * one-minute window (0 turns it off). Counted in this process's memory, so
 * with several processes each one applies the budget on its own.
 */
import { ApiError, error } from './errors';

export class RateLimiter {
  private windows = new Map<number, { start: number; count: number }>();

  constructor(private perMinute: number, private now: () => number = Date.now) {}

  /** Counts one request of the company; throws 429 with Retry-After when the budget is spent. */
  take(companyId: number): void {
    if (this.perMinute <= 0) return;
    const t = this.now();
    const start = t - (t % 60_000);
    let w = this.windows.get(companyId);
    if (!w || w.start !== start) {
      if (this.windows.size > 10_000) this.windows.clear();
      w = { start, count: 0 };
      this.windows.set(companyId, w);
    }
    if (++w.count > this.perMinute) {
      const retry = Math.max(1, Math.ceil((start + 60_000 - t) / 1000));
      throw new ApiError(429, [error('requests_limit', `This company may send ${this.perMinute} requests per minute; retry in ${retry} s`, [])],
        { 'Retry-After': String(retry) });
    }
  }
}
