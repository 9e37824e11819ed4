/**
 * The documents list's totals kept per company, day, document type, authority status and state (list_totals,
 * migration 081): what the console's totals row shows (how many invoices, the sums of the live ones' totals and
 * balances) without reading every invoice of the filter. The invoices' triggers append each writing statement's change
 * to list_totals_pending; this moves a company's pending rows into the sums, as foldSales does the home's
 * (src/reports/sales.ts). Readers add what is still pending, so they are right without it.
 */
import type { Db, Queryable } from '../platform/db';
import { underFoldLock } from './fold-lock';

/**
 * Moves a company's pending list totals into the sums. With `wait`, waits for a fold under way in another process;
 * without, leaves the work to that one.
 */
export async function foldListTotals(db: Db, companyId: number, o: { wait?: boolean } = {}): Promise<void> {
  await underFoldLock(db, 'totals', companyId, o.wait, (q) => moveTotals(q, companyId));
}

/** The pending rows out, summed into list_totals in key order. A row that falls to nothing stays (bounded by the days, types, statuses and states: it adds nothing). */
async function moveTotals(q: Queryable, companyId: number): Promise<void> {
  await q.query(`
    WITH moved AS (DELETE FROM list_totals_pending WHERE company_id = $1 RETURNING date, document_type_id, stamp_status, state, n, total, balance)
    INSERT INTO list_totals AS t (company_id, date, document_type_id, stamp_status, state, n, total, balance)
    SELECT $1, date, document_type_id, stamp_status, state, sum(n), sum(total), sum(balance) FROM moved GROUP BY 2, 3, 4, 5 ORDER BY 2, 3, 4, 5
    ON CONFLICT (company_id, date, document_type_id, stamp_status, state)
    DO UPDATE SET n = t.n + EXCLUDED.n, total = t.total + EXCLUDED.total, balance = t.balance + EXCLUDED.balance`, [companyId]);
}
