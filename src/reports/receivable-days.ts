/**
 * The receivables kept per day (migration 049), so that the report as of any
 * day reads a few thousand rows whatever the size of the books.
 *
 * An item's open amount on day D (owed on D, less what was paid on it by
 * documents dated up to D and not annulled by D; zero when not above zero:
 * the very expressions the report's items use) changes only on the days its
 * invoice, debit note and receipts are dated or annulled. For each item the
 * fold evaluates that amount on each of those days and keeps the changes
 * (receivable_steps), summed per currency, day and due date
 * (receivable_day_dues: the report's totals on D are the sums up to D), and,
 * per customer and currency, the runs of days on which one of its items is
 * open (receivable_customer_spans: the report's customers on D are the runs
 * that contain D).
 *
 * Which items to evaluate again: those the writing statements name in
 * receivable_pending (the trigger of migration 023 adds the item's id), and
 * every item above the company's mark in receivable_step_marks (items written
 * with the triggers off, as bulk-demo does, and, after the migration, all of
 * them: the first fold builds the steps of an existing company).
 */
import type { Db, Queryable } from '../platform/db';
import { CURRENCY, owedOn } from './receivable-sql';
import { underFoldLock } from './fold-lock';

/** Folds moving more items than this analyse the tables after (bulk-demo, the first fold after the migration). */
const ANALYZE_AFTER = 2_000;

/**
 * Moves a company's pending changes into the sums of today (receivable_customers,
 * receivable_dues) and re-evaluates the steps of the items they name. With
 * `wait`, waits for a fold under way in another process (the report does, so
 * that it reads everything committed before it); without, leaves it to that one.
 */
export async function foldReceivables(db: Db, companyId: number, o: { wait?: boolean } = {}): Promise<void> {
  // The company's newest item against its mark: one probe of due_items_company (migration 052), not a scan of the items above a mark
  // the planner cannot see (it read every due item of a million-invoice company, on every report and every fold).
  const [{ work }] = await db.query<{ work: boolean }>(`
    SELECT EXISTS (SELECT 1 FROM receivable_pending WHERE company_id = $1)
        OR coalesce((SELECT max(id) FROM due_items WHERE company_id = $1), 0) > coalesce((SELECT upto FROM receivable_step_marks WHERE company_id = $1), 0) AS work`,
  [companyId]);
  if (!work) return;
  const moved = await underFoldLock(db, 'receivables', companyId, o.wait, async (q) => {
    const [{ ids: pending }] = await q.query<{ ids: string[] }>(`
      WITH moved AS (DELETE FROM receivable_pending WHERE company_id = $1 RETURNING customer_id, currency, due_date, open, due_item_id),
      customers AS (
        INSERT INTO receivable_customers AS t (company_id, customer_id, currency, open, identification, branch_office)
        SELECT $1, m.customer_id, m.currency, sum(m.open), c.identification, c.branch_office
          FROM moved m JOIN customers c ON c.company_id = $1 AND c.id = m.customer_id
         GROUP BY 2, 3, 5, 6 ORDER BY 2, 3
        ON CONFLICT (company_id, customer_id, currency) DO UPDATE SET open = t.open + EXCLUDED.open),
      dues AS (
        INSERT INTO receivable_dues AS t (company_id, currency, due_date, open)
        SELECT $1, currency, due_date, sum(open) FROM moved GROUP BY 2, 3 HAVING sum(open) <> 0 ORDER BY 2, 3
        ON CONFLICT (company_id, currency, due_date) DO UPDATE SET open = t.open + EXCLUDED.open)
      SELECT coalesce(array_agg(DISTINCT due_item_id::text) FILTER (WHERE due_item_id IS NOT NULL), '{}') AS ids FROM moved`, [companyId]);
    return restep(q, companyId, pending);
  });
  if ((moved ?? 0) > ANALYZE_AFTER) await db.exec('ANALYZE receivable_steps, receivable_day_dues, receivable_customer_spans');
}

/**
 * The days an item's open amount may change (its invoice's and note's dates and annulments, and those of what paid on
 * it), and what paid on it: set-based over the items named ($2), so that a fold of a million loaded items joins the
 * tables once instead of probing them item by item and day by day. The amounts are those of paidBy (./receivable-sql.ts):
 * on each day, the applications of documents dated by then and not annulled by then.
 */
const PAYS = `
  SELECT a.due_item_id AS id, a.amount, v.date, v.annulled, v.annulled_on FROM voucher_applications a JOIN vouchers v ON v.company_id = a.company_id AND v.id = a.voucher_id
   WHERE a.company_id = $1 AND a.due_item_id = ANY($2::bigint[])
  UNION ALL SELECT a.due_item_id, a.amount, n.date, n.annulled, n.annulled_on FROM note_applications a JOIN notes n ON n.company_id = a.company_id AND n.id = a.note_id
   WHERE a.company_id = $1 AND a.due_item_id = ANY($2::bigint[])
  UNION ALL SELECT a.due_item_id, a.amount, p.date, p.annulled, p.annulled_on FROM payment_applications a JOIN payments p ON p.company_id = a.company_id AND p.id = a.payment_id
   WHERE a.company_id = $1 AND a.due_item_id = ANY($2::bigint[])`;
const CHANGE_DAYS = `
  SELECT id, day FROM (
    SELECT id, unnest(ARRAY[invoice_date, invoice_annulled_on]) AS day FROM items
    UNION SELECT d.id, unnest(ARRAY[n.date, n.annulled_on]) FROM items d JOIN notes n ON n.company_id = $1 AND n.id = d.note_id
    UNION SELECT id, unnest(ARRAY[date, annulled_on]) FROM pays) x
   WHERE day IS NOT NULL`;
/**
 * The items named, each with what its invoice says of it, read once (the days and the amounts read them both): the
 * columns of a due item, and of its invoice those that owedOn and CURRENCY read, under other names.
 */
const ITEMS = `
  SELECT d.*, i.date AS invoice_date, i.annulled_on AS invoice_annulled_on, i.currency_code AS invoice_currency
    FROM due_items d JOIN invoices i ON i.company_id = d.company_id AND i.id = d.invoice_id
   WHERE d.company_id = $1 AND d.id = ANY($2::bigint[])`;

/** Re-evaluates the steps of the items named and of those above the mark; the day sums and the customers' runs follow. Returns how many items. */
async function restep(q: Queryable, companyId: number, pending: string[]): Promise<number> {
  // The old steps out (of the sums too); the items' ids read once, so that the statements below see the same.
  // The mark read first and passed as a value: the planner then sees how few items are above it and reads them by due_items_company.
  const [{ upto }] = await q.query<{ upto: string }>('SELECT coalesce((SELECT upto FROM receivable_step_marks WHERE company_id = $1), 0)::text AS upto', [companyId]);
  const [old] = await q.query<{ ids: string[] | null; customers: number[] | null }>(`
    WITH ids AS (SELECT unnest($2::bigint[]) AS id
                 UNION SELECT id FROM due_items WHERE company_id = $1 AND id > $3::bigint),
    old AS (DELETE FROM receivable_steps s USING ids WHERE s.company_id = $1 AND s.due_item_id = ids.id
            RETURNING s.customer_id, s.currency, s.day, s.due_date, s.delta),
    sums AS (
      INSERT INTO receivable_day_dues AS t (company_id, day, currency, due_date, delta)
      SELECT $1, day, currency, due_date, -sum(delta) FROM old GROUP BY 2, 3, 4 ORDER BY 2, 3, 4
      ON CONFLICT (company_id, day, currency, due_date) DO UPDATE SET delta = t.delta + EXCLUDED.delta)
    SELECT (SELECT array_agg(id::text) FROM ids) AS ids, (SELECT array_agg(DISTINCT customer_id) FROM old) AS customers`,
  [companyId, pending, upto]);
  const ids = old.ids ?? [];
  if (!ids.length) return 0;
  const [made] = await q.query<{ customers: number[] | null; upto: string }>(`
    WITH items AS MATERIALIZED (${ITEMS}),
    pays AS (${PAYS}),
    days AS (${CHANGE_DAYS}),
    paid AS (
      SELECT x.id, x.day, sum(p.amount) AS amount FROM days x JOIN pays p ON p.id = x.id
       WHERE (NOT p.annulled OR p.annulled_on > x.day) AND p.date <= x.day GROUP BY 1, 2),
    vals AS (
      SELECT d.id, d.customer_id, ${CURRENCY} AS currency, d.due_date, x.day,
             CASE WHEN ${owedOn('x.day')} THEN greatest(d.amount - coalesce(paid.amount, 0), 0) ELSE 0 END AS open
        FROM days x JOIN items d ON d.id = x.id
        CROSS JOIN LATERAL (SELECT d.invoice_date AS date, d.invoice_annulled_on AS annulled_on, d.invoice_currency AS currency_code) i
        LEFT JOIN paid ON paid.id = x.id AND paid.day = x.day),
    steps AS (SELECT *, open - coalesce(lag(open) OVER (PARTITION BY id ORDER BY day), 0) AS delta FROM vals),
    new AS (
      INSERT INTO receivable_steps (company_id, due_item_id, day, delta, customer_id, currency, due_date)
      SELECT $1, id, day, delta, customer_id, currency, due_date FROM steps WHERE delta <> 0
      RETURNING customer_id, currency, day, due_date, delta),
    sums AS (
      INSERT INTO receivable_day_dues AS t (company_id, day, currency, due_date, delta)
      SELECT $1, day, currency, due_date, sum(delta) FROM new GROUP BY 2, 3, 4 ORDER BY 2, 3, 4
      ON CONFLICT (company_id, day, currency, due_date) DO UPDATE SET delta = t.delta + EXCLUDED.delta)
    SELECT (SELECT array_agg(DISTINCT customer_id) FROM new) AS customers, (SELECT max(id)::text FROM unnest($2::bigint[]) id) AS upto`,
  [companyId, ids]);
  const customers = [...new Set([...(old.customers ?? []), ...(made.customers ?? [])])];
  if (customers.length) {
    await q.query('DELETE FROM receivable_customer_spans WHERE company_id = $1 AND customer_id = ANY($2::int[])', [companyId, customers]);
    // Per item, whether it is open after each of its steps; per customer and currency, how many items are open after each day; the runs above zero.
    await q.query(`
      WITH s AS (
        SELECT customer_id, currency, due_item_id, day, sum(delta) OVER (PARTITION BY due_item_id ORDER BY day) > 0 AS open
          FROM receivable_steps WHERE company_id = $1 AND customer_id = ANY($2::int[])),
      turns AS (
        SELECT customer_id, currency, day, open::int - coalesce(lag(open::int) OVER (PARTITION BY due_item_id ORDER BY day), 0) AS turn FROM s),
      counts AS (
        SELECT customer_id, currency, day, sum(sum(turn)) OVER (PARTITION BY customer_id, currency ORDER BY day) > 0 AS open
          FROM turns GROUP BY 1, 2, 3),
      edges AS (
        SELECT customer_id, currency, day, open FROM (
          SELECT *, lag(open, 1, false) OVER (PARTITION BY customer_id, currency ORDER BY day) AS was FROM counts) c
         WHERE open <> was),
      runs AS (SELECT *, lead(day) OVER (PARTITION BY customer_id, currency ORDER BY day) AS until FROM edges)
      INSERT INTO receivable_customer_spans (company_id, customer_id, currency, from_day, until_day)
      SELECT $1, customer_id, currency, day, until FROM runs WHERE open`, [companyId, customers]);
  }
  await q.query(`INSERT INTO receivable_step_marks AS m (company_id, upto) VALUES ($1, $2)
                 ON CONFLICT (company_id) DO UPDATE SET upto = greatest(m.upto, EXCLUDED.upto)`, [companyId, made.upto]);
  return ids.length;
}
