/**
 * Period balances of the ledger: debits and credits per account and day, and
 * per account and month (migration 023). The statement that writes journal
 * lines appends its sums to ledger_pending (a trigger; no row is shared between
 * writers, so nothing waits and nothing deadlocks); foldLedger moves them into
 * ledger_days and ledger_months. A trial balance reads whole months, the days
 * of partial months, and what is pending, never the journal lines.
 */
import type { Queryable } from '../platform/db';

/**
 * Moves a company's pending sums into the period balances, in one statement
 * (rows written meanwhile by open transactions stay for the next fold). Two
 * folds at once: one of them does nothing.
 */
export async function foldLedger(q: Queryable, companyId: number): Promise<void> {
  await q.query(`
    WITH lock AS (SELECT pg_try_advisory_xact_lock(727010, $1) AS ok),
    moved AS (DELETE FROM ledger_pending WHERE company_id = $1 AND (SELECT ok FROM lock) RETURNING account_code, day, debit, credit),
    days AS (
      INSERT INTO ledger_days AS t (company_id, account_code, day, debit, credit)
      SELECT $1, account_code, day, sum(debit), sum(credit) FROM moved GROUP BY 2, 3 ORDER BY 3, 2
      ON CONFLICT (company_id, day, account_code) DO UPDATE SET debit = t.debit + EXCLUDED.debit, credit = t.credit + EXCLUDED.credit)
    INSERT INTO ledger_months AS t (company_id, account_code, month, debit, credit)
    SELECT $1, account_code, date_trunc('month', day)::date, sum(debit), sum(credit) FROM moved GROUP BY 2, 3 ORDER BY 3, 2
    ON CONFLICT (company_id, month, account_code) DO UPDATE SET debit = t.debit + EXCLUDED.debit, credit = t.credit + EXCLUDED.credit`, [companyId]);
}

/** Folds first when more than this many pending rows would be read. */
const PENDING_LIMIT = 2000;

export async function foldLedgerIfLong(q: Queryable, companyId: number): Promise<void> {
  const [{ n }] = await q.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM (SELECT 1 FROM ledger_pending WHERE company_id = $1 LIMIT ${PENDING_LIMIT + 1}) x`, [companyId]);
  if (n > PENDING_LIMIT) await foldLedger(q, companyId);
}

const day = (d: string) => new Date(`${d}T00:00:00Z`);
const iso = (d: Date) => d.toISOString().slice(0, 10);
const plusDays = (d: string, n: number) => iso(new Date(day(d).getTime() + n * 86_400_000));
const firstOfMonth = (d: string) => `${d.slice(0, 7)}-01`;
const nextMonth = (d: string) => { const x = day(firstOfMonth(d)); x.setUTCMonth(x.getUTCMonth() + 1); return x.getUTCFullYear() > 9999 ? 'infinity' : iso(x); };

/**
 * The days a..b (inclusive; '-infinity'/'infinity' for open ends) as whole
 * months [monthFrom, monthTo) and the days outside them: [a, monthFrom) and [monthTo, b].
 */
export function splitPeriod(a: string, b: string): { monthFrom: string; monthTo: string } {
  const monthFrom = a === '-infinity' ? a : a.endsWith('-01') ? a : nextMonth(a);
  const monthTo = b === 'infinity' ? b : plusDays(b, 1).endsWith('-01') ? plusDays(b, 1) : firstOfMonth(b);
  if (monthFrom === '-infinity' || monthTo === 'infinity' || monthFrom < monthTo) return { monthFrom, monthTo };
  const after = plusDays(b, 1); // no whole month: every day of a..b is a day outside
  return { monthFrom: after, monthTo: after };
}

/** Per account: the balance before `start` (debit − credit) and the debits and credits from `start` to `end`. */
export async function periodSums(q: Queryable, companyId: number, start: string | undefined, end: string | undefined) {
  await foldLedgerIfLong(q, companyId);
  // The last and first days PostgreSQL can step past stand for open ends.
  const to = end !== undefined && end < '9999-12-31' ? end : 'infinity';
  const before = start !== undefined && start > '0001-01-01' ? plusDays(start, -1) : null;
  const period = splitPeriod(start ?? '-infinity', to);
  const opening = before ? splitPeriod('-infinity', before) : null;
  // Each part: whole months, the days outside them, and the pending sums of its days.
  const part = (name: string, n: number) => `
      SELECT '${name}' AS part, account_code, debit, credit FROM ledger_months
       WHERE company_id = $1 AND month >= $${n}::date AND month < $${n + 1}::date
      UNION ALL
      SELECT '${name}', account_code, debit, credit FROM ledger_days
       WHERE company_id = $1 AND ((day >= $${n + 2}::date AND day < $${n}::date) OR (day >= $${n + 1}::date AND day <= $${n + 3}::date))
      UNION ALL
      SELECT '${name}', account_code, debit, credit FROM ledger_pending
       WHERE company_id = $1 AND day >= $${n + 2}::date AND day <= $${n + 3}::date`;
  const args: unknown[] = [companyId, period.monthFrom, period.monthTo, start ?? '-infinity', to];
  let sql = part('period', 2);
  if (before && opening) {
    args.push(opening.monthFrom, opening.monthTo, '-infinity', before);
    sql += `\n      UNION ALL${part('opening', 6)}`;
  }
  return q.query<{ code: string; name: string | null; nature: string | null; opening: string; debits: string; credits: string }>(`
    SELECT x.account_code AS code, a.name, a.nature,
           coalesce(sum(x.debit - x.credit) FILTER (WHERE x.part = 'opening'), 0) AS opening,
           coalesce(sum(x.debit) FILTER (WHERE x.part = 'period'), 0) AS debits,
           coalesce(sum(x.credit) FILTER (WHERE x.part = 'period'), 0) AS credits
      FROM (${sql}) x
      LEFT JOIN accounts a ON a.company_id = $1 AND a.code = x.account_code
     GROUP BY x.account_code, a.name, a.nature
     ORDER BY x.account_code`, args);
}
