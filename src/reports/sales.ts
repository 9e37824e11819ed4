/**
 * The sales kept per company, month and currency (sales_months) and per company, month, customer and currency
 * (sales_customers), migration 076: what the console's home shows (sales by month, this month's figure, the top
 * customers of twelve months) without summing the year's invoices. The invoices' triggers append each writing
 * statement's change to sales_pending; this moves a company's pending rows into the sums, as foldReceivables does the
 * receivables' (src/reports/receivable-days.ts). Readers add what is still pending, so they are right without it.
 */
import type { Db, Queryable } from '../platform/db';
import { underFoldLock } from './fold-lock';

/**
 * Moves a company's pending sales into the sums. With `wait`, waits for a fold under way in another process;
 * without, leaves the work to that one.
 */
export async function foldSales(db: Db, companyId: number, o: { wait?: boolean } = {}): Promise<void> {
  await underFoldLock(db, 'sales', companyId, o.wait, (q) => moveSales(q, companyId));
}

/**
 * The pending rows out, summed into the two tables (each statement's rows in key order), and those of the months of the
 * home's window into the sums per customer over it (sales_customer_window, when the company has one). A row that falls
 * to nothing stays (the readers leave it out).
 */
async function moveSales(q: Queryable, companyId: number): Promise<void> {
  await q.query(`
    WITH moved AS (DELETE FROM sales_pending WHERE company_id = $1 RETURNING month, customer_id, currency, total, n),
    windowed AS (
      INSERT INTO sales_customer_window AS t (company_id, customer_id, currency, total, n)
      SELECT $1, m.customer_id, m.currency, sum(m.total), sum(m.n) FROM moved m JOIN sales_windows w ON w.company_id = $1 AND m.month >= w.since
       GROUP BY 2, 3 ORDER BY 2, 3
      ON CONFLICT (company_id, customer_id, currency) DO UPDATE SET total = t.total + EXCLUDED.total, n = t.n + EXCLUDED.n),
    months AS (
      INSERT INTO sales_months AS t (company_id, month, currency, total, n)
      SELECT $1, month, currency, sum(total), sum(n) FROM moved GROUP BY 2, 3 ORDER BY 2, 3
      ON CONFLICT (company_id, month, currency) DO UPDATE SET total = t.total + EXCLUDED.total, n = t.n + EXCLUDED.n)
    INSERT INTO sales_customers AS t (company_id, month, customer_id, currency, total, n)
    SELECT $1, month, customer_id, currency, sum(total), sum(n) FROM moved GROUP BY 2, 3, 4 ORDER BY 2, 3, 4
    ON CONFLICT (company_id, month, customer_id, currency) DO UPDATE SET total = t.total + EXCLUDED.total, n = t.n + EXCLUDED.n`, [companyId]);
}

/**
 * The sums per customer over the home's twelve months from `since` (a month's first day): rebuilt from the folded sums
 * per month (sales_customers) when the company's window starts elsewhere (the month turned) or was never built, under
 * the fold's lock, so that a fold adds its rows either before (into sales_customers) or after (into the window).
 */
export async function ensureCustomerWindow(db: Db, companyId: number, since: string): Promise<void> {
  const [w] = await db.query<{ ok: boolean }>('SELECT since = $2::date AS ok FROM sales_windows WHERE company_id = $1', [companyId, since]);
  if (w?.ok) return;
  await underFoldLock(db, 'sales', companyId, true, async (q) => {
    const [again] = await q.query<{ ok: boolean }>('SELECT since = $2::date AS ok FROM sales_windows WHERE company_id = $1', [companyId, since]);
    if (again?.ok) return;
    await q.query('DELETE FROM sales_customer_window WHERE company_id = $1', [companyId]);
    await q.query(`INSERT INTO sales_customer_window (company_id, customer_id, currency, total, n)
      SELECT $1, customer_id, currency, sum(total), sum(n) FROM sales_customers WHERE company_id = $1 AND month >= $2::date GROUP BY 2, 3 ORDER BY 2, 3`, [companyId, since]);
    await q.query(`INSERT INTO sales_windows (company_id, since) VALUES ($1, $2::date) ON CONFLICT (company_id) DO UPDATE SET since = EXCLUDED.since`, [companyId, since]);
  });
}
