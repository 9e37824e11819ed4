/**
 * The payment receipt kernel: the one module that writes the `payments` table
 * (Mexican payment receipts) and what a receipt paid on due items
 * (payment_applications). The due items and balances themselves are the
 * invoice kernel's (movePayments). States: src/platform/states.ts; events:
 * src/platform/events.ts.
 */
import { prepared, type Queryable } from '../platform/db';
import { ctesText, emit, eventCtes } from '../platform/events';
import { enqueue } from '../platform/outbox';
import { assertStampMove, type MailStatus, type StampStatus } from '../platform/states';
import { applicationsOf, movePayments, type Application, type StampOutcome } from '../invoices/kernel';
import { recordsetLines, type EntryLine } from '../ledger/journal';
import { batchEntries } from '../ledger/batch';

export interface PaymentRow {
  companyId: number; id: string; documentTypeId: number; prefix: string; number: number; name: string; date: string; paidAt: string;
  customerId: number; identification: string; branchOffice: number; paymentForm: string; currency: string; exchangeRate: number;
  total: number; partnerId: string | null; document: object; now: Date;
  /** What it pays on the invoices' due items. */
  applied: readonly Application[];
  /** stamp.send: Pending, its stamping job queued in the same transaction. */
  stamp: boolean;
  /** Its `payment.created` event (a company with webhooks), recorded with it (writePayments). */
  created?: boolean;
}

/** Where payment receipts are stamped: the outbox job kind (src/countries/mx/sat/stamp.ts, stampMxPayment). */
export const PAYMENT_STAMP_JOB = 'sat_payment_stamp';
/** The request that queues a stamping job runs it itself after commit: pollers leave it alone this long. */
const STAMP_GRACE_MS = 2000;

/**
 * Writes numbered receipts (of any companies and document types; no two paying the same invoice) in the caller's
 * transaction, set-based: what they pay on the invoices' due items and balances (movePayments, per company), then
 * in one statement the receipts, what they pay (payment_applications), their stamping jobs and their journal
 * entries and lines, in the order given. What the single path wrote receipt by receipt (movePayments, the receipt and its applications, its job, postEntry).
 */
export async function writePayments(q: Queryable, ws: readonly { row: PaymentRow; entry: { date: string; description: string; lines: readonly EntryLine[] } }[]): Promise<void> {
  if (!ws.length) return;
  const byCompany = new Map<number, Application[]>();
  for (const { row } of ws) byCompany.set(row.companyId, [...(byCompany.get(row.companyId) ?? []), ...row.applied]);
  for (const [cid, apps] of byCompany) await movePayments(q, cid, apps, 1);
  const docs = ws.map(({ row: p, entry }, k) => ({
    k, company_id: p.companyId, id: p.id, document_type_id: p.documentTypeId, prefix: p.prefix, number: p.number, name: p.name, date: p.date,
    paid_at: p.paidAt, customer_id: p.customerId, identification: p.identification, branch_office: p.branchOffice, payment_form: p.paymentForm,
    currency: p.currency, exchange_rate: p.exchangeRate, total: p.total, partner_id: p.partnerId, document: p.document,
    stamp_status: p.stamp ? 'Pending' : 'Draft', at: p.now, job: p.stamp ? PAYMENT_STAMP_JOB : null, entry_date: entry.date, description: entry.description,
    created: !!p.created,
  }));
  const applied = ws.flatMap(({ row }, k) => row.applied.map((a, n) => ({ k, n, due: a.due, amount: a.amount })));
  // Their created events (a company with webhooks) in the same statement, or one by one when a subscriber reacts in JavaScript.
  const created = ws.some((w) => w.row.created);
  const events = created ? eventCtes(['payment.created'], `SELECT company_id, 'payment.created' AS type, id AS doc_id FROM d WHERE created`) : null;
  await q.query(prepared(`${WRITE_PAYMENTS}${events ? `,\n    ${ctesText(events)}` : ''}\n    SELECT count(*)::int AS n FROM d`),
    [JSON.stringify(docs), JSON.stringify(applied), JSON.stringify(recordsetLines(ws.map((w) => w.entry.lines))), STAMP_GRACE_MS]);
  if (created && !events) for (const { row } of ws) if (row.created) await emit(q, row.companyId, 'payment.created', { id: row.id, name: row.name });
}

/** writePayments' statement, but its created events and its final SELECT (prepared once per connection on PostgreSQL). */
const WRITE_PAYMENTS = `WITH
    d AS (SELECT * FROM json_to_recordset($1::json) AS d(k int, company_id int, id uuid, document_type_id int, prefix text, number bigint, name text, date date,
            paid_at timestamptz, customer_id int, identification text, branch_office int, payment_form text, currency text, exchange_rate numeric, total numeric,
            partner_id text, document jsonb, stamp_status text, at timestamptz, job text, entry_date date, description text, created boolean)),
    payment AS (INSERT INTO payments (company_id, id, document_type_id, prefix, number, name, date, paid_at, customer_id, customer_identification,
        customer_branch_office, payment_form, currency, exchange_rate, total, partner_id, document, stamp_status, created_at, updated_at)
      SELECT d.company_id, d.id, d.document_type_id, d.prefix, d.number, d.name, d.date, d.paid_at, d.customer_id, d.identification, d.branch_office,
        d.payment_form, d.currency, d.exchange_rate, d.total, d.partner_id, d.document, d.stamp_status, d.at, d.at FROM d ORDER BY d.k),
    app AS (INSERT INTO payment_applications (company_id, payment_id, due_item_id, amount)
      SELECT d.company_id, d.id, a.due, a.amount FROM json_to_recordset($2::json) AS a(k int, n int, due bigint, amount numeric) JOIN d ON d.k = a.k ORDER BY a.k, a.n),
    job AS (INSERT INTO outbox (company_id, kind, ref_id, next_attempt_at)
      SELECT d.company_id, d.job, d.id, now() + make_interval(secs => $4::float8 / 1000) FROM d WHERE d.job IS NOT NULL ORDER BY d.k ON CONFLICT DO NOTHING),
    ${batchEntries({ rows: 'd', company: 'd.company_id', kind: "'payment'", date: 'd.entry_date', description: 'd.description', lines: '$3' })}`;

/** Queues a Draft or Rejected receipt for stamping in the caller's transaction; Pending until the provider answers. */
export async function requestPaymentStamp(q: Queryable, cid: number, id: string, from: StampStatus): Promise<void> {
  assertStampMove(from, 'Pending', `payment receipt ${id}`);
  await q.query(`DELETE FROM outbox WHERE company_id = $1 AND kind = $2 AND ref_id = $3 AND status IN ('done', 'failed')`, [cid, PAYMENT_STAMP_JOB, id]);
  await enqueue(q, cid, PAYMENT_STAMP_JOB, id, STAMP_GRACE_MS);
  await q.query(`UPDATE payments SET stamp_status = 'Pending', xml = NULL, updated_at = now() WHERE company_id = $1 AND id = $2`, [cid, id]);
}

/** The sealed CFDI is about to leave for a provider outside this process: kept, so that a retry sends the same one. */
export async function recordPaymentSending(q: Queryable, cid: number, id: string, xml: string): Promise<void> {
  await q.query(`UPDATE payments SET xml = $3, stamp_status = 'Pending', updated_at = now() WHERE company_id = $1 AND id = $2`, [cid, id, xml]);
}

/** Records the provider's verdict on a Pending receipt and emits payment.stamp_accepted or payment.stamp_rejected. */
export async function recordPaymentVerdict(q: Queryable, cid: number, id: string, v: StampOutcome): Promise<void> {
  const [row] = await q.query<{ name: string; stamp_status: StampStatus }>(
    `UPDATE payments n SET stamp_status = $3, stamp_uuid = $4, stamp_errors = $5, stamp_observations = $6, stamp_authority = $7,
            xml = coalesce($8, n.xml), updated_at = now()
       FROM payments o WHERE n.company_id = $1 AND n.id = $2 AND o.company_id = n.company_id AND o.id = n.id
     RETURNING n.name, o.stamp_status`,
    [cid, id, v.status, v.uuid ?? null, JSON.stringify(v.errors), JSON.stringify(v.observations), v.authority, v.xml]);
  if (!row) throw new Error(`payment receipt ${id} not found`);
  if (row.stamp_status === v.status) return; // the same verdict again (the job ran twice): nothing new happened
  if (row.stamp_status !== 'Pending') assertStampMove(row.stamp_status, 'Pending', `payment receipt ${row.name}`);
  assertStampMove('Pending', v.status, `payment receipt ${row.name}`);
  await emit(q, cid, v.status === 'Accepted' ? 'payment.stamp_accepted' : 'payment.stamp_rejected', { id, name: row.name });
}

/** The receipt's row, locked until the caller's transaction ends. */
export async function lockPayment(q: Queryable, cid: number, id: string) {
  const [p] = await q.query<{ id: string; name: string; date: string; annulled: boolean; stamp_status: StampStatus }>(
    'SELECT id, name, date, annulled, stamp_status FROM payments WHERE company_id = $1 AND id = $2 FOR UPDATE', [cid, id]);
  return p;
}

/** What a receipt paid on due items, to give back when it is annulled. */
export const paymentApplications = (q: Queryable, cid: number, id: string): Promise<Application[]> => applicationsOf(q, 'payment', cid, id);

/** Marks a locked receipt annulled on `on` (or cancelled with the SAT) and emits payment.annulled (payment.cancelled). */
export async function markPaymentAnnulled(q: Queryable, cid: number, p: { id: string; name: string }, on: string, how: 'annulled' | 'cancelled' = 'annulled'): Promise<void> {
  await q.query('UPDATE payments SET annulled = true, annulled_on = $3, updated_at = now() WHERE company_id = $1 AND id = $2', [cid, p.id, on]);
  await emit(q, cid, `payment.${how}`, p);
}

/** The state of a receipt's cancellation with the SAT (src/countries/mx/sat/cancel.ts), in the caller's transaction. */
export async function setPaymentCancellation(q: Queryable, cid: number, id: string, c: object): Promise<void> {
  await q.query(`UPDATE payments SET cancellation = $3, updated_at = now() WHERE company_id = $1 AND id = $2`, [cid, id, JSON.stringify(c)]);
}

/** The state of the receipt's latest mail, shown on it. */
export async function showMail(q: Queryable, cid: number, id: string, status: MailStatus, observations: string | null): Promise<void> {
  await q.query('UPDATE payments SET mail_status = $3, mail_observations = $4 WHERE company_id = $1 AND id = $2', [cid, id, status, observations]);
}
