/**
 * Login attempts reserved in the database before any password or key is hashed (the console's and the API's):
 * each key's count in its bucket goes up first, atomically (INSERT … ON CONFLICT), and the attempt goes on only
 * when no key then holds more than its limit within the window (failures are kept in buckets of a tenth of the
 * window, the last ten summed). So a burst of guesses sent at once is counted as it arrives, never after the hashes,
 * and the limits hold across every process of one database. A refused attempt gives its reservations back and
 * answers 429; `settle` gives them back on a success and keeps them counted on a failure.
 */
import type { Db } from './db';
import { ApiError, error } from './errors';

/**
 * One counter: its key in login_failures, its limit (0: none), and what a refusal names. `failuresOnly`: only
 * failures count, recorded when settled (a username: one ERP's concurrent logins are fine), not reserved ahead.
 */
export interface GateKey { key: string; max: number; who: string; field: string; failuresOnly?: boolean }

export async function reserveLogin(db: Db, windowSeconds: number, keys: readonly GateKey[]): Promise<{ settle(failed: boolean): Promise<void> }> {
  const windowMs = windowSeconds * 1000;
  const bucketMs = Math.max(1000, Math.floor(windowMs / 10));
  const now = Date.now();
  const bucket = now - (now % bucketMs);
  const taken: string[] = [];
  const giveBack = async () => {
    for (const key of taken) await db.query('UPDATE login_failures SET count = count - 1 WHERE key = $1 AND window_start = $2 AND count > 0', [key, bucket]);
  };
  const count = (key: string) => db.query(`INSERT INTO login_failures (key, window_start, count) VALUES ($1, $2, 1)
      ON CONFLICT (key, window_start) DO UPDATE SET count = login_failures.count + 1`, [key, bucket]);
  const later: string[] = [];
  for (const k of keys) {
    if (k.max <= 0) continue;
    if (k.failuresOnly) later.push(k.key);
    else {
      await count(k.key);
      taken.push(k.key);
    }
    const [row] = await db.query<{ n: number; oldest: string | null }>(
      'SELECT coalesce(sum(count), 0)::int AS n, min(window_start)::text AS oldest FROM login_failures WHERE key = $1 AND window_start > $2 AND count > 0',
      [k.key, now - windowMs]);
    if (row.n > k.max || (k.failuresOnly && row.n >= k.max)) {
      await giveBack();
      const retry = Math.max(1, Math.ceil((Number(row.oldest) + windowMs + bucketMs - now) / 1000));
      throw new ApiError(429, [error('requests_limit', `Too many failed logins from ${k.who}; try again in ${Math.ceil(retry / 60)} min`, [k.field], String(retry))],
        { 'Retry-After': String(retry) });
    }
  }
  if (taken.length && Math.random() < 0.05) await db.query('DELETE FROM login_failures WHERE window_start < $1', [now - 2 * windowMs]);
  return {
    settle: async (failed) => {
      if (!failed) await giveBack();
      else for (const key of later) await count(key);
    },
  };
}
