/**
 * Folds the pending sums of the reports (ledger_pending, receivable_pending,
 * the home's sales_pending and the list's totals, list_totals_pending)
 * every few seconds, for the companies that have some, so that reports read
 * few pending rows. Reports are right without it (they add what is pending,
 * and fold first when much is); this keeps them cheap. The embedded database
 * has no autovacuum: there the pending tables are vacuumed every minute of
 * folding, so that their deleted rows do not pile up.
 */
import type { Db } from '../platform/db';
import { foldLedger } from '../ledger/balances';
import { foldReceivables } from './receivables';
import { foldSales } from './sales';
import { foldListTotals } from './list-totals';

export function startFolding(db: Db, everyMs = 2000, log: (msg: string, extra?: object) => void = () => undefined): () => Promise<void> {
  let running: Promise<void> | null = null;
  let vacuumed = Date.now();
  const pass = async () => {
    const companies = await db.query<{ company_id: number; sums: 'ledger' | 'receivables' | 'sales' | 'totals' }>(
      `SELECT company_id, 'ledger' AS sums FROM (SELECT DISTINCT company_id FROM ledger_pending) l
       UNION ALL SELECT company_id, 'receivables' FROM (SELECT DISTINCT company_id FROM receivable_pending) r
       UNION ALL SELECT company_id, 'sales' FROM (SELECT DISTINCT company_id FROM sales_pending) s
       UNION ALL SELECT company_id, 'totals' FROM (SELECT DISTINCT company_id FROM list_totals_pending) t`);
    const fold = { ledger: foldLedger, receivables: foldReceivables, sales: foldSales, totals: foldListTotals };
    for (const c of companies) await fold[c.sums](db, c.company_id);
    if (db.kind === 'pglite' && companies.length && Date.now() - vacuumed > 60_000) {
      vacuumed = Date.now();
      await db.exec('VACUUM ledger_pending, receivable_pending, sales_pending, list_totals_pending');
    }
  };
  const timer = setInterval(() => {
    running ??= pass().catch((e) => log('folding report sums failed', { err: String(e) })).finally(() => { running = null; });
  }, everyMs);
  timer.unref();
  return async () => { clearInterval(timer); await running; };
}
