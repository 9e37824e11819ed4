/**
 * Reports that prove the books, per company, on both base addresses:
 *
 *   GET /v1/reports/trial-balance?date_start&date_end
 *     each account's opening balance (before date_start), debits and credits
 *     within the dates, and closing balance; balances are debit − credit
 *     (a credit balance is negative), so the balances of all accounts add up
 *     to 0 and the total debits equal the total credits.
 *
 *   GET /v1/reports/accounts-receivable?date
 *     the due items still open on that date (payments of vouchers dated up to
 *     it and not annulled by then; invoices not annulled by then), per customer
 *     and currency, in aging buckets by days past due: current (not yet due),
 *     1–30, 31–60, 61–90, over 90.
 */
import Decimal from 'decimal.js';
import { Type } from '@sinclair/typebox';
import type { RouteModule } from '../platform/app';
import { ApiError, error } from '../platform/errors';
import { todayIn } from '../invoices/lookup';
import { DateFilter, filterDay } from '../platform/dates';

const dec = (v: Decimal.Value) => new Decimal(v);
const num = (v: Decimal) => Number(v.toFixed(2));

const TrialQuery = Type.Object({
  date_start: Type.Optional(DateFilter('First day of the period; omitted: from the first entry')),
  date_end: Type.Optional(DateFilter('Last day of the period; omitted: up to the last entry')),
});
const AgingQuery = Type.Object({
  date: Type.Optional(DateFilter('The day the receivables are aged at; omitted: today in the company\'s time zone')),
  customer_identification: Type.Optional(Type.String({ maxLength: 50 })),
  customer_branch_office: Type.Optional(Type.Integer({ minimum: 0, maximum: 999 })),
});

export const BUCKETS = ['current', 'days_1_30', 'days_31_60', 'days_61_90', 'days_over_90'] as const;
type Bucket = (typeof BUCKETS)[number];
export function bucketOf(daysPastDue: number): Bucket {
  if (daysPastDue <= 0) return 'current';
  if (daysPastDue <= 30) return 'days_1_30';
  if (daysPastDue <= 60) return 'days_31_60';
  if (daysPastDue <= 90) return 'days_61_90';
  return 'days_over_90';
}

type Totals = Record<Bucket | 'total', Decimal>;
const zero = (): Totals => ({ current: dec(0), days_1_30: dec(0), days_31_60: dec(0), days_61_90: dec(0), days_over_90: dec(0), total: dec(0) });
const out = (t: Totals) => Object.fromEntries(Object.entries(t).map(([k, v]) => [k, num(v)]));

export const reportRoutes: RouteModule = (app, { db }) => {
  const tags = ['reports'];

  app.get('/reports/trial-balance', { schema: { tags, summary: 'Trial balance: opening balance, debits, credits and closing balance per account', querystring: TrialQuery } }, async (req) => {
    const q = req.query as { date_start?: string; date_end?: string };
    const [start, end] = [q.date_start, q.date_end].map((d) => (d === undefined ? undefined : filterDay(d)));
    if (start && end && start > end) throw new ApiError(400, [error('invalid_date', `date_end (${end}) is before date_start (${start})`, ['date_end'])]);
    const rows = await db.query<{ code: string; name: string | null; nature: string | null; opening: string; debits: string; credits: string }>(
      `SELECT l.account_code AS code, a.name, a.nature,
              coalesce(sum(l.debit - l.credit) FILTER (WHERE e.date < $2::date), 0) AS opening,
              coalesce(sum(l.debit) FILTER (WHERE e.date >= $2::date), 0) AS debits,
              coalesce(sum(l.credit) FILTER (WHERE e.date >= $2::date), 0) AS credits
         FROM journal_lines l
         JOIN journal_entries e ON e.company_id = l.company_id AND e.id = l.entry_id
         LEFT JOIN accounts a ON a.company_id = l.company_id AND a.code = l.account_code
        WHERE l.company_id = $1 AND e.date <= $3::date
        GROUP BY l.account_code, a.name, a.nature
        ORDER BY l.account_code`,
      [req.company.company_id, start ?? '-infinity', end ?? 'infinity']);
    const totals = { opening_balance: dec(0), debits: dec(0), credits: dec(0), closing_balance: dec(0) };
    const accounts = [];
    for (const r of rows) {
      const opening = dec(r.opening), debits = dec(r.debits), credits = dec(r.credits);
      if (opening.isZero() && debits.isZero() && credits.isZero()) continue;
      const closing = opening.plus(debits).minus(credits);
      totals.opening_balance = totals.opening_balance.plus(opening);
      totals.debits = totals.debits.plus(debits);
      totals.credits = totals.credits.plus(credits);
      totals.closing_balance = totals.closing_balance.plus(closing);
      accounts.push({ code: r.code, name: r.name, nature: r.nature, opening_balance: num(opening), debits: num(debits), credits: num(credits), closing_balance: num(closing) });
    }
    return {
      date_start: start ?? null, date_end: end ?? null, accounts,
      totals: { opening_balance: num(totals.opening_balance), debits: num(totals.debits), credits: num(totals.credits), closing_balance: num(totals.closing_balance) },
      balanced: totals.debits.eq(totals.credits) && totals.opening_balance.isZero() && totals.closing_balance.isZero(),
    };
  });

  app.get('/reports/accounts-receivable', { schema: { tags, summary: 'Accounts receivable: open due items per customer with aging buckets', querystring: AgingQuery } }, async (req) => {
    const q = req.query as { date?: string; customer_identification?: string; customer_branch_office?: number };
    const date = q.date === undefined ? todayIn(req.company.time_zone) : filterDay(q.date);
    const args: unknown[] = [req.company.company_id, date];
    // As of that day: an invoice annulled later was still owed then, a receipt annulled later still counted.
    const where = ['d.company_id = $1', '(NOT d.annulled OR i.annulled_on > $2::date)', 'i.date <= $2::date'];
    if (q.customer_identification !== undefined) { args.push(q.customer_identification); where.push(`c.identification = $${args.length}`); }
    if (q.customer_branch_office !== undefined) { args.push(q.customer_branch_office); where.push(`c.branch_office = $${args.length}`); }
    const rows = await db.query(
      `SELECT d.invoice_id, i.name AS invoice_name, i.date AS invoice_date, coalesce(i.document->'currency'->>'code', 'COP') AS currency,
              d.prefix, d.consecutive, d.quote, d.due_date, d.amount, ($2::date - d.due_date) AS days_past_due,
              coalesce((SELECT sum(a.amount) FROM voucher_applications a JOIN vouchers v ON v.company_id = a.company_id AND v.id = a.voucher_id
                         WHERE a.company_id = d.company_id AND a.due_item_id = d.id AND (NOT v.annulled OR v.annulled_on > $2::date) AND v.date <= $2::date), 0) AS paid,
              c.id AS customer_id, c.identification, c.branch_office, c.name AS customer_name
         FROM due_items d
         JOIN invoices i ON i.company_id = d.company_id AND i.id = d.invoice_id
         JOIN customers c ON c.company_id = d.company_id AND c.id = d.customer_id
        WHERE ${where.join(' AND ')}
        ORDER BY c.identification, c.branch_office, currency, d.due_date, d.id`, args);
    const groups = new Map<string, { customer: object; currency: string; items: object[]; totals: Totals }>();
    const grand = new Map<string, Totals>();
    for (const r of rows) {
      const open = dec(r.amount).minus(r.paid);
      if (open.lte(0)) continue;
      const days = Number(r.days_past_due);
      const bucket = bucketOf(days);
      const key = `${r.customer_id}|${r.currency}`;
      let g = groups.get(key);
      if (!g) {
        const name = Array.isArray(r.customer_name) ? r.customer_name.join(' ') : String(r.customer_name);
        g = { customer: { id: String(r.customer_id), identification: r.identification, branch_office: r.branch_office, name }, currency: r.currency, items: [], totals: zero() };
        groups.set(key, g);
      }
      g.items.push({
        invoice: { id: r.invoice_id, name: r.invoice_name, date: r.invoice_date },
        due: { prefix: r.prefix, consecutive: Number(r.consecutive), quote: r.quote, date: r.due_date },
        amount: num(dec(r.amount)), paid: num(dec(r.paid)), balance: num(open), days_past_due: days, bucket,
      });
      const t = grand.get(r.currency) ?? zero();
      grand.set(r.currency, t);
      for (const into of [g.totals, t]) { into[bucket] = into[bucket].plus(open); into.total = into.total.plus(open); }
    }
    return {
      date,
      customers: [...groups.values()].map((g) => ({ ...g, totals: out(g.totals) })),
      totals: [...grand.entries()].map(([currency, t]) => ({ currency, ...out(t) })),
    };
  });
};
