/**
 * The accounts-receivable report, by pages of customers.
 *
 * What is open today is kept as sums (migration 023): per customer and
 * currency (receivable_customers) and per currency and due date
 * (receivable_dues). A statement that writes due items appends its change to
 * receivable_pending (a trigger, no lock); foldReceivables moves it into the
 * sums. A report on day D then reads:
 *
 * - the sums, less what happened after D: the due items of invoices dated
 *   after D, and those paid by receipts dated after D, each counted today and
 *   as of D (so the cost follows the documents dated after D, none for today);
 * - the items of the customers of its page only, the page found by walking
 *   the sums per customer in the report's order (an index), merging in the
 *   few groups that the pending changes and those after D touch.
 *
 * When fewer invoices are dated up to D than after it (a day long past), the
 * report reads the due items of the invoices dated up to D instead; so does a
 * report filtered by customer, from that customer's items.
 */
import Decimal from 'decimal.js';
import type { Db, Queryable } from '../platform/db';
import { dec, num } from '../platform/money';

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

/** In the SQL below: $1 the company, $2 the day; d a due item, i its invoice. */
const CURRENCY = `coalesce(i.document->'currency'->>'code', CASE i.country WHEN 'MX' THEN 'MXN' ELSE 'COP' END)`;
/**
 * The item was owed on day $2: its invoice was dated by then and not annulled by then (an annulment is dated, migration 010; a deleted invoice's
 * items are annulled with no date: never owed); an item a debit note added, once that note was dated and while it was not annulled.
 */
const NOTE_OF = (column: string) => `(SELECT n.${column} FROM notes n WHERE n.company_id = d.company_id AND n.id = d.note_id)`;
const OWED_ON_DAY = `(NOT d.annulled OR i.annulled_on > $2::date OR ${NOTE_OF('annulled_on')} > $2::date) AND i.date <= $2::date
  AND (d.note_id IS NULL OR ${NOTE_OF('date')} <= $2::date)`;
/** What receipts (cash receipts, Mexican payment receipts, and credit notes settled on account) dated up to $2, and not annulled by then, paid on it. */
const PAID_BY_DAY = `(coalesce((SELECT sum(a.amount) FROM voucher_applications a JOIN vouchers v ON v.company_id = a.company_id AND v.id = a.voucher_id
                       WHERE a.company_id = d.company_id AND a.due_item_id = d.id AND (NOT v.annulled OR v.annulled_on > $2::date) AND v.date <= $2::date), 0)
                   + coalesce((SELECT sum(a.amount) FROM note_applications a JOIN notes n ON n.company_id = a.company_id AND n.id = a.note_id
                       WHERE a.company_id = d.company_id AND a.due_item_id = d.id AND (NOT n.annulled OR n.annulled_on > $2::date) AND n.date <= $2::date), 0)
                   + coalesce((SELECT sum(a.amount) FROM payment_applications a JOIN payments p ON p.company_id = a.company_id AND p.id = a.payment_id
                       WHERE a.company_id = d.company_id AND a.due_item_id = d.id AND (NOT p.annulled OR p.annulled_on > $2::date) AND p.date <= $2::date), 0))`;
/** What the sums count for it today. */
const OPEN_NOW = `CASE WHEN d.annulled THEN 0 ELSE d.amount - d.paid END`;
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
/** Per such item: today's open amount less that of day $2, by customer, currency and due date. */
const CHANGED_SINCE = `
  SELECT d.customer_id, ${CURRENCY} AS currency, d.due_date,
         ${OPEN_NOW} - CASE WHEN ${OWED_ON_DAY} THEN d.amount - ${PAID_BY_DAY} ELSE 0 END AS change
    FROM (${AFTER_DAY}) x
    JOIN due_items d ON d.company_id = $1 AND d.id = x.id
    JOIN invoices i ON i.company_id = d.company_id AND i.id = d.invoice_id`;

/**
 * Moves a company's pending changes into the sums, in one statement (see
 * foldLedger); rows of customers whose open amount is back to zero stay, at zero.
 */
export async function foldReceivables(q: Queryable, companyId: number): Promise<void> {
  await q.query(`
    WITH lock AS (SELECT pg_try_advisory_xact_lock(727011, $1) AS ok),
    moved AS (DELETE FROM receivable_pending WHERE company_id = $1 AND (SELECT ok FROM lock) RETURNING customer_id, currency, due_date, open),
    customers AS (
      INSERT INTO receivable_customers AS t (company_id, customer_id, currency, open, identification, branch_office)
      SELECT $1, m.customer_id, m.currency, sum(m.open), c.identification, c.branch_office
        FROM moved m JOIN customers c ON c.company_id = $1 AND c.id = m.customer_id
       GROUP BY 2, 3, 5, 6 ORDER BY 2, 3
      ON CONFLICT (company_id, customer_id, currency) DO UPDATE SET open = t.open + EXCLUDED.open)
    INSERT INTO receivable_dues AS t (company_id, currency, due_date, open)
    SELECT $1, currency, due_date, sum(open) FROM moved GROUP BY 2, 3 ORDER BY 2, 3
    ON CONFLICT (company_id, currency, due_date) DO UPDATE SET open = t.open + EXCLUDED.open`, [companyId]);
}

const PENDING_LIMIT = 2000;

export interface ReceivablesQuery {
  date: string; page: number; page_size: number;
  customer_identification?: string; customer_branch_office?: number;
}

interface ItemRow {
  invoice_id: string; invoice_name: string; invoice_date: string; currency: string; prefix: string; consecutive: number; quote: number;
  due_date: string; amount: string; days_past_due: number; paid: string; customer_id: number; identification: string; branch_office: number; customer_name: unknown;
}

export async function receivablesReport(db: Db, companyId: number, r: ReceivablesQuery) {
  const [{ n }] = await db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM (SELECT 1 FROM receivable_pending WHERE company_id = $1 LIMIT ${PENDING_LIMIT + 1}) x`, [companyId]);
  if (n > PENDING_LIMIT) await foldReceivables(db, companyId);
  // One snapshot for the page and the totals.
  return db.tx(async (q) => {
    await q.query('SET TRANSACTION ISOLATION LEVEL REPEATABLE READ, READ ONLY');
    const filtered = r.customer_identification !== undefined || r.customer_branch_office !== undefined;
    const [{ before, after }] = await q.query<{ before: number; after: number }>(
      `SELECT coalesce(sum(n) FILTER (WHERE day <= $2::date), 0)::float8 AS before, coalesce(sum(n) FILTER (WHERE day > $2::date), 0)::float8 AS after
         FROM document_counts WHERE company_id = $1 AND kind = 'invoices' AND dim = 'date'`, [companyId, r.date]);
    if (filtered || before <= after) {
      // From the items themselves: the customer's (all of them when few are dated up to the day).
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
    // From the sums, corrected by what is pending and what happened after the day.
    const sums = (table: string, key: string) => `
      SELECT ${key}, sum(open) AS open FROM (
        SELECT ${key}, open FROM ${table} WHERE company_id = $1
        UNION ALL SELECT ${key}, open FROM receivable_pending WHERE company_id = $1
        UNION ALL SELECT ${key}, -change FROM changed) x
       GROUP BY ${key} HAVING sum(open) <> 0`;
    // The page walks the folded sums in the report's order; the few groups the corrections touch are merged in. The
    // first offset + limit groups of the report are among the first offset + limit + (corrected groups) walked and those corrected.
    const [page] = await q.query<{ total: number; groups: { customer_id: number; currency: string }[] | null }>(`
      WITH changed AS MATERIALIZED (${CHANGED_SINCE}),
      corrected AS MATERIALIZED (
        SELECT x.customer_id, x.currency, sum(x.open) AS delta, coalesce(min(r.open), 0) AS folded FROM (
          SELECT customer_id, currency, open FROM receivable_pending WHERE company_id = $1
          UNION ALL SELECT customer_id, currency, -change FROM changed) x
        LEFT JOIN receivable_customers r ON r.company_id = $1 AND r.customer_id = x.customer_id AND r.currency = x.currency
        GROUP BY 1, 2 HAVING sum(x.open) <> 0),
      walked AS (
        SELECT customer_id, currency, identification, branch_office, open FROM receivable_customers
         WHERE company_id = $1 AND open <> 0 ORDER BY identification, branch_office, currency
         LIMIT $3::int + $4::int + (SELECT count(*) FROM corrected)),
      candidates AS (
        SELECT w.customer_id, w.currency, w.identification, w.branch_office, w.open + coalesce(c.delta, 0) AS open
          FROM walked w LEFT JOIN corrected c USING (customer_id, currency)
        UNION ALL
        SELECT c.customer_id, c.currency, cu.identification, cu.branch_office, c.folded + c.delta
          FROM corrected c JOIN customers cu ON cu.company_id = $1 AND cu.id = c.customer_id
         WHERE NOT EXISTS (SELECT 1 FROM walked w WHERE w.customer_id = c.customer_id AND w.currency = c.currency)),
      page AS (SELECT customer_id, currency FROM candidates WHERE open <> 0 ORDER BY identification, branch_office, currency LIMIT $3 OFFSET $4)
      SELECT (SELECT count(*) FROM receivable_customers WHERE company_id = $1 AND open <> 0)::int
             + (SELECT count(*) FILTER (WHERE folded = 0 AND folded + delta <> 0) - count(*) FILTER (WHERE folded <> 0 AND folded + delta = 0) FROM corrected)::int AS total,
             (SELECT json_agg(page) FROM page) AS groups`,
    [companyId, r.date, r.page_size, (r.page - 1) * r.page_size]);
    const dues = await q.query<{ currency: string; days: number; open: string }>(`
      WITH changed AS MATERIALIZED (${CHANGED_SINCE})
      SELECT currency, ($2::date - due_date) AS days, open FROM (${sums('receivable_dues', 'currency, due_date')}) s ORDER BY currency`,
    [companyId, r.date]);
    const grand = new Map<string, Totals>();
    for (const d of dues) {
      const t = grand.get(d.currency) ?? zero();
      grand.set(d.currency, t);
      add(t, bucketOf(Number(d.days)), dec(d.open));
    }
    const wanted = page.groups ?? [];
    const rows = wanted.length ? await items(q, companyId, r, { recentDay: true, customers: [...new Set(wanted.map((g) => g.customer_id))] }) : [];
    const byKey = new Map(group(rows).map((g) => [`${g.customer.id}|${g.currency}`, g]));
    return answer(r, page.total, wanted.map((g) => byKey.get(`${g.customer_id}|${g.currency}`)!).filter(Boolean), grand);
  });
}

/**
 * The items open on the day, of the customers asked (ids, or the query's
 * filter), in the report's order. On a recent day only the items open today,
 * and those that changed after the day, can be.
 */
async function items(q: Queryable, companyId: number, r: ReceivablesQuery, o: { recentDay: boolean; customers: number[] | null }) {
  const args: unknown[] = [companyId, r.date];
  const who: string[] = [];
  if (r.customer_identification !== undefined) { args.push(r.customer_identification); who.push(`c.identification = $${args.length}`); }
  if (r.customer_branch_office !== undefined) { args.push(r.customer_branch_office); who.push(`c.branch_office = $${args.length}`); }
  let customers = who.length ? `IN (SELECT c.id FROM customers c WHERE c.company_id = $1 AND ${who.join(' AND ')})` : null;
  if (o.customers) { args.push(o.customers); customers = `= ANY($${args.length}::int[])`; }
  const only = customers ? ` AND customer_id ${customers}` : '';
  // On a recent day: the rows of the items open today and of those changed after the day, read by index, before anything joins them.
  const candidates = o.recentDay
    ? `WITH x AS MATERIALIZED (
         SELECT * FROM due_items WHERE company_id = $1 AND NOT annulled AND paid < amount${only}
         UNION
         SELECT due_items.* FROM (${AFTER_DAY}) a JOIN due_items ON due_items.company_id = $1 AND due_items.id = a.id${only})`
    : '';
  return q.query<ItemRow>(`${candidates}
    SELECT d.invoice_id, i.name AS invoice_name, i.date AS invoice_date, ${CURRENCY} AS currency,
           d.prefix, d.consecutive, d.quote, d.due_date, d.amount, ($2::date - d.due_date) AS days_past_due, ${PAID_BY_DAY} AS paid,
           c.id AS customer_id, c.identification, c.branch_office, c.name AS customer_name
      FROM ${o.recentDay ? 'x' : 'due_items'} d
      JOIN invoices i ON i.company_id = d.company_id AND i.id = d.invoice_id
      JOIN customers c ON c.company_id = d.company_id AND c.id = d.customer_id
     WHERE d.company_id = $1 AND ${OWED_ON_DAY}${customers ? ` AND d.customer_id ${customers}` : ''}
     ORDER BY c.identification, c.branch_office, currency, d.due_date, d.id`, args);
}

interface Item {
  invoice: { id: string; name: string; date: string }; due: { prefix: string; consecutive: number; quote: number; date: string };
  amount: number; paid: number; balance: number; days_past_due: number; bucket: Bucket;
}
interface Group { customer: { id: string; identification: string; branch_office: number; name: string }; currency: string; items: Item[]; totals: Totals }

/** Items (in the report's order) into customer groups with their totals; items paid in full by the day are left out. */
function group(rows: ItemRow[]): Group[] {
  const groups = new Map<string, Group>();
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
