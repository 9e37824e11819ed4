/**
 * The accounts-receivable report as of a day, by pages of customers.
 *
 * Unfiltered, it reads the sums kept per day (migration 049,
 * src/reports/receivable-days.ts): the customers with something open on the
 * day, in the report's order, from their runs of open days; the totals per
 * due date from the changes of the days up to it; and the items of its
 * page's customers only, those whose changes up to the day leave something
 * open. The cost follows the number of customers and of distinct (day, due
 * date) pairs, not the number of invoices, whatever the day.
 *
 * Filtered by customer it reads that customer's items; when fewer invoices
 * are dated up to the day than after it, all of them, otherwise those open
 * today and those changed after the day.
 */
import Decimal from 'decimal.js';
import type { Db, Queryable } from '../platform/db';
import { dec, num } from '../platform/money';
import { CURRENCY, owedOn, paidBy } from './receivable-sql';
import { foldReceivables } from './receivable-days';

export { foldReceivables };

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
const out = (t: Totals) => Object.fromEntries(Object.entries(t).map(([k, v]) => [k, num(v)])) as Record<Bucket | 'total', number>;
const add = (t: Totals, bucket: Bucket, v: Decimal) => { t[bucket] = t[bucket].plus(v); t.total = t.total.plus(v); };

const OWED_ON_DAY = owedOn('$2::date');
const PAID_BY_DAY = paidBy('$2::date');
/**
 * Due items whose open amount on day $2 may differ from today's: of invoices
 * dated or annulled after it, paid by receipts dated or annulled after it, or
 * added or settled by notes dated or annulled after it.
 */
const AFTER_DAY = `
  SELECT d.id FROM invoices i JOIN due_items d ON d.company_id = i.company_id AND d.invoice_id = i.id
   WHERE i.company_id = $1 AND i.date > $2::date AND i.deleted_at IS NULL
  UNION
  SELECT d.id FROM invoices i JOIN due_items d ON d.company_id = i.company_id AND d.invoice_id = i.id
   WHERE i.company_id = $1 AND i.annulled_on > $2::date
  UNION
  SELECT a.due_item_id FROM vouchers v JOIN voucher_applications a ON a.company_id = v.company_id AND a.voucher_id = v.id
   WHERE v.company_id = $1 AND v.date > $2::date
  UNION
  SELECT a.due_item_id FROM vouchers v JOIN voucher_applications a ON a.company_id = v.company_id AND a.voucher_id = v.id
   WHERE v.company_id = $1 AND v.annulled_on > $2::date
  UNION
  SELECT d.id FROM notes n JOIN due_items d ON d.company_id = n.company_id AND d.note_id = n.id
   WHERE n.company_id = $1 AND (n.date > $2::date OR n.annulled_on > $2::date)
  UNION
  SELECT a.due_item_id FROM notes n JOIN note_applications a ON a.company_id = n.company_id AND a.note_id = n.id
   WHERE n.company_id = $1 AND (n.date > $2::date OR n.annulled_on > $2::date)
  UNION
  SELECT a.due_item_id FROM payments p JOIN payment_applications a ON a.company_id = p.company_id AND a.payment_id = p.id
   WHERE p.company_id = $1 AND (p.date > $2::date OR p.annulled_on > $2::date)`;
export interface ReceivablesQuery {
  date: string; page: number; page_size: number;
  customer_identification?: string; customer_branch_office?: number;
}

interface ItemRow {
  invoice_id: string; invoice_name: string; invoice_date: string; currency: string; prefix: string; consecutive: number; quote: number;
  due_date: string; amount: string; days_past_due: number; paid: string; customer_id: number; identification: string; branch_office: number; customer_name: unknown;
}

/**
 * The report (`items: false`: its customers' totals only, with no items, as the console's page shows them; unfiltered reports only:
 * read from the steps of the page's customers alone, not from their items, invoices and receipts).
 */
export async function receivablesReport(db: Db, companyId: number, r: ReceivablesQuery, o: { items?: boolean } = {}) {
  const filtered = r.customer_identification !== undefined || r.customer_branch_office !== undefined;
  // The sums per day take in everything committed so far (a fold under way elsewhere is waited for).
  if (!filtered) await foldReceivables(db, companyId, { wait: true });
  // One snapshot for the page and the totals.
  return db.tx(async (q) => {
    await q.query('SET TRANSACTION ISOLATION LEVEL REPEATABLE READ, READ ONLY');
    if (filtered) {
      // From the items themselves: the customer's (all of them when few are dated up to the day).
      const [{ before, after }] = await q.query<{ before: number; after: number }>(
        `SELECT coalesce(sum(n) FILTER (WHERE day <= $2::date), 0)::float8 AS before, coalesce(sum(n) FILTER (WHERE day > $2::date), 0)::float8 AS after
           FROM document_counts WHERE company_id = $1 AND kind = 'invoices' AND dim = 'date'`, [companyId, r.date]);
      const rows = await items(q, companyId, r, { recentDay: before > after, customers: null });
      const groups = group(rows);
      const grand = new Map<string, Totals>();
      for (const g of groups) {
        const t = grand.get(g.currency) ?? zero();
        grand.set(g.currency, t);
        for (const b of [...BUCKETS, 'total'] as const) t[b] = t[b].plus(g.totals[b]);
      }
      const from = (r.page - 1) * r.page_size;
      return answer(r, groups.length, groups.slice(from, from + r.page_size), grand);
    }
    // From the sums kept per day (migration 049): the customers with something open on the day (their runs that contain it), in the
    // report's order; the totals per due date, the changes of the days up to it; then the items of the page's customers.
    const [page] = await q.query<{ total: number; groups: { customer_id: number; currency: string }[] | null }>(`
      WITH open AS (
        SELECT s.customer_id, s.currency, c.identification, c.branch_office
          FROM receivable_customer_spans s JOIN customers c ON c.company_id = $1 AND c.id = s.customer_id
         WHERE s.company_id = $1 AND s.from_day <= $2::date AND (s.until_day IS NULL OR s.until_day > $2::date))
      SELECT (SELECT count(*) FROM open)::int AS total,
             (SELECT json_agg(p) FROM (SELECT customer_id, currency FROM open ORDER BY identification, branch_office, currency LIMIT $3 OFFSET $4) p) AS groups`,
    [companyId, r.date, r.page_size, (r.page - 1) * r.page_size]);
    const dues = await q.query<{ currency: string; days: number; open: string }>(`
      SELECT currency, ($2::date - due_date) AS days, sum(delta) AS open FROM receivable_day_dues
       WHERE company_id = $1 AND day <= $2::date GROUP BY currency, due_date HAVING sum(delta) <> 0 ORDER BY currency`,
    [companyId, r.date]);
    const grand = new Map<string, Totals>();
    for (const d of dues) {
      const t = grand.get(d.currency) ?? zero();
      grand.set(d.currency, t);
      add(t, bucketOf(Number(d.days)), dec(d.open));
    }
    const wanted = page.groups ?? [];
    if (o.items === false) return answer(r, page.total, wanted.length ? await customerTotals(q, companyId, r.date, wanted) : [], grand);
    const rows = wanted.length ? await items(q, companyId, r, { recentDay: false, stepped: true, customers: [...new Set(wanted.map((g) => g.customer_id))] }) : [];
    const byKey = new Map(group(rows).map((g) => [`${g.customer.id}|${g.currency}`, g]));
    return answer(r, page.total, wanted.map((g) => byKey.get(`${g.customer_id}|${g.currency}`)!).filter(Boolean), grand);
  });
}

/**
 * The items open on the day, of the customers asked (ids, or the query's
 * filter), in the report's order. On a recent day only the items open today,
 * and those that changed after the day, can be.
 */
async function items(q: Queryable, companyId: number, r: ReceivablesQuery, o: { recentDay: boolean; stepped?: boolean; customers: number[] | null }) {
  const args: unknown[] = [companyId, r.date];
  const who: string[] = [];
  if (r.customer_identification !== undefined) { args.push(r.customer_identification); who.push(`c.identification = $${args.length}`); }
  if (r.customer_branch_office !== undefined) { args.push(r.customer_branch_office); who.push(`c.branch_office = $${args.length}`); }
  let customers = who.length ? `IN (SELECT c.id FROM customers c WHERE c.company_id = $1 AND ${who.join(' AND ')})` : null;
  if (o.customers) { args.push(o.customers); customers = `= ANY($${args.length}::int[])`; }
  const only = customers ? ` AND customer_id ${customers}` : '';
  // On a recent day: the rows of the items open today and of those changed after the day, read by index, before anything joins them.
  // From the sums per day: the customers' items whose steps up to the day leave something open.
  // Their open amount on the day is the sum of their steps up to it (the fold evaluated it with the expressions below): what was paid by
  // then is the amount less it, read without evaluating the item's receipts and notes again; their currency is the steps' too (the
  // invoice's document, often stored out of line, is not read).
  const stepped = `WITH x AS MATERIALIZED (
         SELECT due_items.*, s.open, s.currency FROM (SELECT due_item_id, min(currency) AS currency, sum(delta) AS open FROM receivable_steps
                                   WHERE company_id = $1 AND day <= $2::date${only}
                                   GROUP BY due_item_id HAVING sum(delta) > 0) s
           JOIN due_items ON due_items.company_id = $1 AND due_items.id = s.due_item_id)`;
  const candidates = o.stepped ? stepped : o.recentDay
    ? `WITH x AS MATERIALIZED (
         SELECT * FROM due_items WHERE company_id = $1 AND NOT annulled AND paid < amount${only}
         UNION
         SELECT due_items.* FROM (${AFTER_DAY}) a JOIN due_items ON due_items.company_id = $1 AND due_items.id = a.id${only})`
    : '';
  return q.query<ItemRow>(`${candidates}
    SELECT d.invoice_id, i.name AS invoice_name, i.date AS invoice_date, ${o.stepped ? 'd.currency' : CURRENCY} AS currency,
           d.prefix, d.consecutive, d.quote, d.due_date, d.amount, ($2::date - d.due_date) AS days_past_due, ${o.stepped ? 'd.amount - d.open' : PAID_BY_DAY} AS paid,
           c.id AS customer_id, c.identification, c.branch_office, c.name AS customer_name
      FROM ${o.recentDay || o.stepped ? 'x' : 'due_items'} d
      JOIN invoices i ON i.company_id = d.company_id AND i.id = d.invoice_id
      JOIN customers c ON c.company_id = d.company_id AND c.id = d.customer_id
     WHERE d.company_id = $1 AND ${o.stepped ? 'true' : OWED_ON_DAY}${customers ? ` AND d.customer_id ${customers}` : ''}
     ORDER BY c.identification, c.branch_office, currency, d.due_date, d.id`, args);
}

/**
 * The totals by age of the customers asked, on the day: each item's open amount is the sum of its steps up to the day (the fold's
 * evaluation of the items' own expressions), its age the day less its due date; summed per customer, currency and age.
 */
async function customerTotals(q: Queryable, companyId: number, date: string, wanted: { customer_id: number; currency: string }[]): Promise<Group[]> {
  const rows = await q.query<{ customer_id: number; currency: string; days: number; open: string; identification: string; branch_office: number; name: unknown }>(`
    WITH s AS (SELECT customer_id, currency, due_date, sum(delta) AS open FROM receivable_steps
                WHERE company_id = $1 AND day <= $2::date AND customer_id = ANY($3::int[])
                GROUP BY due_item_id, customer_id, currency, due_date HAVING sum(delta) > 0),
    g AS (SELECT customer_id, currency, ($2::date - due_date) AS days, sum(open) AS open FROM s GROUP BY 1, 2, 3)
    SELECT g.*, c.identification, c.branch_office, c.name FROM g JOIN customers c ON c.company_id = $1 AND c.id = g.customer_id`,
  [companyId, date, [...new Set(wanted.map((w) => w.customer_id))]]);
  const groups = new Map<string, Group>();
  for (const r of rows) {
    const key = `${r.customer_id}|${r.currency}`;
    const g = groups.get(key) ?? newGroup(groups, key, r.customer_id, r.identification, r.branch_office, r.name, r.currency);
    add(g.totals, bucketOf(Number(r.days)), dec(r.open));
  }
  return wanted.map((w) => groups.get(`${w.customer_id}|${w.currency}`)!).filter(Boolean);
}

interface Item {
  invoice: { id: string; name: string; date: string }; due: { prefix: string; consecutive: number; quote: number; date: string };
  amount: number; paid: number; balance: number; days_past_due: number; bucket: Bucket;
}
interface Group { customer: { id: string; identification: string; branch_office: number; name: string }; currency: string; items: Item[]; totals: Totals }

/** A customer's group (no items yet, totals zero), added to `groups` under `key`. */
function newGroup(groups: Map<string, Group>, key: string, id: number, identification: string, branch: number, name: unknown, currency: string): Group {
  const g: Group = { customer: { id: String(id), identification, branch_office: branch, name: Array.isArray(name) ? name.join(' ') : String(name) }, currency, items: [], totals: zero() };
  groups.set(key, g);
  return g;
}

/** Items (in the report's order) into customer groups with their totals; items paid in full by the day are left out. */
function group(rows: ItemRow[]): Group[] {
  const groups = new Map<string, Group>();
  for (const r of rows) {
    const open = dec(r.amount).minus(r.paid);
    if (open.lte(0)) continue;
    const days = Number(r.days_past_due);
    const bucket = bucketOf(days);
    const key = `${r.customer_id}|${r.currency}`;
    const g = groups.get(key) ?? newGroup(groups, key, r.customer_id, r.identification, r.branch_office, r.customer_name, r.currency);
    g.items.push({
      invoice: { id: r.invoice_id, name: r.invoice_name, date: r.invoice_date },
      due: { prefix: r.prefix, consecutive: Number(r.consecutive), quote: r.quote, date: r.due_date },
      amount: num(dec(r.amount)), paid: num(dec(r.paid)), balance: num(open), days_past_due: days, bucket,
    });
    add(g.totals, bucket, open);
  }
  return [...groups.values()];
}

function answer(r: ReceivablesQuery, total: number, page: Group[], grand: Map<string, Totals>) {
  return {
    date: r.date,
    pagination: { page: r.page, page_size: r.page_size, total_results: total },
    customers: page.map((g) => ({ ...g, totals: out(g.totals) })),
    totals: [...grand.entries()].filter(([, t]) => !t.total.isZero()).sort(([a], [b]) => (a < b ? -1 : 1)).map(([currency, t]) => ({ currency, ...out(t) })),
  };
}
