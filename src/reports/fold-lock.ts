/**
 * What the folds of kept sums share. The lock a fold holds for one company (an advisory lock of the transaction, one key per kind of sums):
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

/** A reader reading more pending rows of a company than this (a bulk load not yet folded) folds them first. */
export const FOLD_BEFORE_READING = 2_000;

/** Before a read of kept sums: when the company has more than FOLD_BEFORE_READING rows in `pending`, folds them (waiting for a fold under way). */
export async function foldIfBehind(db: Db, pending: 'sales_pending' | 'list_totals_pending', companyId: number,
  fold: (db: Db, companyId: number, o: { wait: boolean }) => Promise<void>): Promise<void> {
  const [{ many }] = await db.query<{ many: boolean }>(
    `SELECT count(*) > ${FOLD_BEFORE_READING} AS many FROM (SELECT 1 FROM ${pending} WHERE company_id = $1 LIMIT ${FOLD_BEFORE_READING + 1}) p`, [companyId]);
  if (many) await fold(db, companyId, { wait: true });
}
