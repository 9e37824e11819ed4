/**
 * The documents list's totals row from the sums kept per day, document type, authority status and state (migration
 * 081, src/reports/list-totals.ts) when the filter is one those keys answer: the invoices with no filter, a date range
 * (any days), a document type, an authority status (`stamp=`, the home's links) and the statuses issued, draft,
 * pending, rejected, paid and annulled. A search, a number, a customer and the statuses partly paid, overdue and e-mail
 * failed need the invoices themselves (listTotals in sort.ts). The figures are the same as that statement's: how many
 * invoices (annulled and cancelled ones included), the sums of the live ones' totals and balances; the kept sums plus
 * what is still pending, read in one statement, so they agree with the invoices as of that statement.
 */
import type { Db } from '../platform/db';
import type { Ctx } from './context';
import { filterOf, plainSql, type Status } from './sort';
import { foldListTotals } from '../reports/list-totals';
import { foldIfBehind } from '../reports/fold-lock';

/** The statuses the kept keys answer, as conditions on them (`t`: a kept row; its state 'a' annulled or cancelled, 'p' paid, 'o' owed). */
const KEPT_STATUSES: Partial<Record<Status, (plain: string) => string>> = {
  issued: (plain) => `t.state <> 'a' AND (t.stamp_status = 'Accepted' OR (t.stamp_status = 'Draft' AND ${plain}))`,
  draft: (plain) => `t.stamp_status = 'Draft' AND NOT ${plain}`,
  pending: () => "t.stamp_status = 'Pending'",
  rejected: () => "t.stamp_status = 'Rejected'",
  paid: () => "t.state = 'p'",
  annulled: () => "t.state = 'a'",
};

export interface Totals { count: number; total: string; balance: string | null }

/** Whether the kept sums answer this filter of this kind. */
export function keptAnswers(kind: string, q: Record<string, string | undefined>): boolean {
  if (kind !== 'invoices') return false;
  if (q.q?.trim() || q.name?.trim() || q.customer?.trim()) return false;
  return !q.status || Object.hasOwn(KEPT_STATUSES, q.status);
}

/** The totals row of the filter from the kept sums, or null when they cannot answer it (then the invoices are read). */
export async function keptTotals(ctx: Ctx, db: Db, kind: string, q: Record<string, string | undefined>): Promise<Totals | null> {
  if (!keptAnswers(kind, q)) return null;
  // The same checks of the address as the list's (a bad date, type or status is refused alike).
  await filterOf(ctx, db, kind, q);
  const cid = ctx.company.company_id;
  const args: unknown[] = [cid];
  const arg = (v: unknown) => { args.push(v); return `$${args.length}`; };
  const where: string[] = [];
  if (q.from) where.push(`t.date >= ${arg(q.from)}::date`);
  if (q.to) where.push(`t.date <= ${arg(q.to)}::date`);
  if (q.type) where.push(`t.document_type_id = ${arg(Number(q.type))}::int`);
  if (q.stamp) where.push(`t.stamp_status = ${arg(q.stamp)}`);
  if (q.status) where.push(KEPT_STATUSES[q.status as Status]!(plainSql({ country: ctx.country })));
  const cond = where.length ? ` AND ${where.join(' AND ')}` : '';
  // Many pending changes (a bulk load the folding has not reached yet): folded first, so the row reads a few hundred.
  await foldIfBehind(db, 'list_totals_pending', cid, foldListTotals);
  const cols = 'date, document_type_id, stamp_status, state, n, total, balance';
  const [r] = await db.query<Totals>(
    `SELECT coalesce(sum(t.n), 0)::int AS count, coalesce(sum(t.total) FILTER (WHERE t.state <> 'a'), 0)::text AS total,
            coalesce(sum(t.balance) FILTER (WHERE t.state <> 'a'), 0)::text AS balance
       FROM (SELECT ${cols} FROM list_totals t WHERE t.company_id = $1${cond}
             UNION ALL SELECT ${cols} FROM list_totals_pending t WHERE t.company_id = $1${cond}) t`, args);
  return r;
}
