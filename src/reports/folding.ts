/**
 * Folds the pending sums of the reports (ledger_pending, receivable_pending,
 * the home's sales_pending and the list's totals, list_totals_pending)
 * every few seconds, for the companies that have some, so that reports read
 * few pending rows. Reports are right without it (they add what is pending,
 * and fold first when much is); this keeps them cheap.
 *
 * Each pass then vacuums the tables it folded, on either storage: a fold
 * deletes every row it moves, and until a VACUUM the creations that append to
 * those tables paid for the dead rows, more as they piled up (the embedded
 * database has no autovacuum and vacuumed them once a minute; PostgreSQL's
 * autovacuum visits a database once a minute by default, and may be off).
 * `npm run bench`'s plain invoice rose by about 40 % on PGlite and sagged no
 * more for part of each minute (docs/internals.md). SKIP_LOCKED: a table
 * another process is vacuuming is left to it; TRUNCATE false: the empty pages
 * stay for the next rows rather than being given back under a lock that
 * creations would wait for.
 */
import type { Db } from '../platform/db';
import { foldLedger } from '../ledger/balances';
import { foldReceivables } from './receivables';
import { foldSales } from './sales';
import { foldListTotals } from './list-totals';

export function startFolding(db: Db, everyMs = 2000, log: (msg: string, extra?: object) => void = () => undefined): () => Promise<void> {
  let running: Promise<void> | null = null;
  const timer = setInterval(() => {
    running ??= foldPass(db).then(() => undefined, (e) => log('folding report sums failed', { err: String(e) })).finally(() => { running = null; });
  }, everyMs);
  timer.unref();
  return async () => { clearInterval(timer); await running; };
}

const FOLDS = { ledger_pending: foldLedger, receivable_pending: foldReceivables, sales_pending: foldSales, list_totals_pending: foldListTotals };
type Pending = keyof typeof FOLDS;

/** One pass: every company's pending sums of each table folded, then the tables that had some vacuumed; answers those tables. */
export async function foldPass(db: Db): Promise<Pending[]> {
  const pending = await db.query<{ company_id: number; pending: Pending }>(
    (Object.keys(FOLDS) as Pending[]).map((t) => `SELECT company_id, '${t}' AS pending FROM (SELECT DISTINCT company_id FROM ${t}) ${t}`).join('\n       UNION ALL '));
  for (const c of pending) await FOLDS[c.pending](db, c.company_id);
  const folded = [...new Set(pending.map((c) => c.pending))];
  if (folded.length) await db.exec(`VACUUM (SKIP_LOCKED, TRUNCATE false) ${folded.join(', ')}`);
  return folded;
}
