/**
 * The lock a fold of kept sums holds for one company (an advisory lock of the transaction, one key per kind of sums):
 * with `wait`, the fold waits for one under way in another process (a reader that must see everything folded);
 * without, it leaves the work to that one and answers undefined.
 */
import type { Db, Queryable } from '../platform/db';

export const FOLD_LOCKS = { receivables: 727011, sales: 727012, totals: 727013 } as const;

export async function underFoldLock<T>(db: Db, lock: keyof typeof FOLD_LOCKS, companyId: number, wait: boolean | undefined,
  work: (q: Queryable) => Promise<T>): Promise<T | undefined> {
  return db.tx(async (q) => {
    if (wait) await q.query('SELECT pg_advisory_xact_lock($1, $2)', [FOLD_LOCKS[lock], companyId]);
    else {
      const [{ ok }] = await q.query<{ ok: boolean }>('SELECT pg_try_advisory_xact_lock($1, $2) AS ok', [FOLD_LOCKS[lock], companyId]);
      if (!ok) return undefined;
    }
    return work(q);
  });
}
