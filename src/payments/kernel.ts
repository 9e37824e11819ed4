/**
 * The payment receipt kernel: the one module that writes the `payments` table
 * (Mexican payment receipts) and what a receipt paid on due items
 * (payment_applications). The due items and balances themselves are the
 * invoice kernel's (movePayments). States: src/platform/states.ts; events:
 * src/platform/events.ts.
 */
import type { Queryable } from '../platform/db';
import { emit } from '../platform/events';
import { enqueue } from '../platform/outbox';
import { assertStampMove, type MailStatus, type StampStatus } from '../platform/states';
import { applicationsOf, type Application, type StampOutcome } from '../invoices/kernel';
import { aloneInBatch } from '../platform/group-commit';

/** The batch writer group commit gives payment receipts to: each alone under a savepoint, in request order (see aloneInBatch). */
export const PAYMENT_BATCH = aloneInBatch('payments');

export interface PaymentRow {
  companyId: number; id: string; documentTypeId: number; prefix: string; number: number; name: string; date: string; paidAt: string;
  customerId: number; identification: string; branchOffice: number; paymentForm: string; currency: string; exchangeRate: number;
  total: number; partnerId: string | null; document: object; now: Date;
  /** What it pays on the invoices' due items. */
  applied: readonly Application[];
  /** stamp.send: Pending, its stamping job queued in the same transaction. */
  stamp: boolean;
}

/** Where payment receipts are stamped: the outbox job kind (src/einvoice/sat/stamp.ts, stampMxPayment). */
export const PAYMENT_STAMP_JOB = 'sat_payment_stamp';
/** The request that queues a stamping job runs it itself after commit: pollers leave it alone this long. */
const STAMP_GRACE_MS = 2000;

/** Writes a numbered receipt and what it pays, in the caller's transaction. */
export async function insertPayment(q: Queryable, p: PaymentRow): Promise<void> {
  await q.query(
    `INSERT INTO payments (company_id, id, document_type_id, prefix, number, name, date, paid_at, customer_id, customer_identification,
       customer_branch_office, payment_form, currency, exchange_rate, total, partner_id, document, stamp_status, created_at, updated_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $19)`,
    [p.companyId, p.id, p.documentTypeId, p.prefix, p.number, p.name, p.date, p.paidAt, p.customerId, p.identification, p.branchOffice,
      p.paymentForm, p.currency, p.exchangeRate, p.total, p.partnerId, JSON.stringify(p.document), p.stamp ? 'Pending' : 'Draft', p.now]);
  await q.query(
    `INSERT INTO payment_applications (company_id, payment_id, due_item_id, amount)
     SELECT $1, $2, v.due, v.amount FROM unnest($3::bigint[], $4::numeric[]) AS v(due, amount)`,
    [p.companyId, p.id, p.applied.map((a) => a.due), p.applied.map((a) => a.amount)]);
  if (p.stamp) await enqueue(q, p.companyId, PAYMENT_STAMP_JOB, p.id, STAMP_GRACE_MS);
}

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

/** The state of a receipt's cancellation with the SAT (src/einvoice/sat/cancel.ts), in the caller's transaction. */
export async function setPaymentCancellation(q: Queryable, cid: number, id: string, c: object): Promise<void> {
  await q.query(`UPDATE payments SET cancellation = $3, updated_at = now() WHERE company_id = $1 AND id = $2`, [cid, id, JSON.stringify(c)]);
}

/** The state of the receipt's latest mail, shown on it. */
export async function showMail(q: Queryable, cid: number, id: string, status: MailStatus, observations: string | null): Promise<void> {
  await q.query('UPDATE payments SET mail_status = $3, mail_observations = $4 WHERE company_id = $1 AND id = $2', [cid, id, status, observations]);
}
