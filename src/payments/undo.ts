/**
 * Undoing a payment receipt: annulled before it was stamped, cancelled with the SAT, or replaced by another.
 *
 * A payment receipt that replaces another (issue 48, point 9). The SAT's way to correct a stamped receipt: a
 * substitute relating it with TipoRelacion 04 is stamped first, then the receipt is cancelled with motive 01
 * naming the substitute. The substitute takes the replaced receipt's place from its creation:
 *
 * - on each invoice it pays, it is the same installment as the replaced one (NumParcialidad), with the balance
 *   before the replaced one (ImpSaldoAnt), as if the replaced one had never been: so a receipt that settled an
 *   invoice can be replaced, and the installments stay one true sequence;
 * - in the same transaction the replaced receipt gives back what it paid on the due items and its journal entry
 *   is reversed; it reads annulled, with `replaced_by`, while its CFDI is cancelled with the SAT (motive 01), and
 *   that cancellation moves nothing more.
 */
import type { Company } from '../platform/auth';
import type { Queryable } from '../platform/db';
import type { Problems } from '../platform/errors';
import { DomainError, notFound } from '../platform/errors';
import { annulmentDate } from '../invoices/lookup';
import { movePayments } from '../invoices/kernel';
import { reverseEntry } from '../ledger/journal';
import { emit } from '../platform/events';
import { lockPayment, markPaymentAnnulled, paymentApplications } from './kernel';
import type { RelatedCfdi } from '../countries/mx/sat/related';

/** The receipt a new one replaces: its installment on each invoice it paid. */
export interface Replaced { id: string; name: string; uuid: string; installments: Record<string, number> }

/** The live stamped receipt of the customer that `related` replaces (TipoRelacion 04), if any; at most one. */
export async function replacedReceipt(q: Queryable, cid: number, customerId: number, related: readonly RelatedCfdi[], problems: Problems): Promise<Replaced | null> {
  const uuids = related.filter((r) => r.type === '04').map((r) => r.uuid.toUpperCase());
  if (!uuids.length) return null;
  const rows = await q.query<{ id: string; name: string; uuid: string; customer_id: number; invoices: { id: string; installment: number }[] }>(
    `SELECT id, name, stamp_uuid AS uuid, customer_id, document->'invoices' AS invoices FROM payments
      WHERE company_id = $1 AND upper(stamp_uuid) = ANY($2::text[]) AND stamp_status = 'Accepted' AND NOT annulled ORDER BY name`, [cid, uuids]);
  if (!rows.length) return null;
  if (rows.length > 1) {
    problems.add('invalid_value', `A receipt replaces one receipt; these are ${rows.map((r) => r.name).join(', ')}: replace each with its own`, 'related');
    return null;
  }
  const [r] = rows;
  if (r.customer_id !== customerId) {
    problems.add('invalid_value', `Payment receipt ${r.name} is another customer's: a substitute is issued to the same receiver`, 'related');
    return null;
  }
  return { id: r.id, name: r.name, uuid: r.uuid, installments: Object.fromEntries(r.invoices.map((x) => [x.id, x.installment])) };
}

/** Locks the replaced receipt under the writing transaction and checks it is still live (a refusal otherwise). */
export async function lockReplaced(q: Queryable, cid: number, r: Replaced): Promise<void> {
  const [row] = await q.query<{ annulled: boolean; stamp_status: string }>(
    'SELECT annulled, stamp_status FROM payments WHERE company_id = $1 AND id = $2 FOR UPDATE', [cid, r.id]);
  if (!row || row.annulled || row.stamp_status !== 'Accepted') {
    throw new DomainError('invalid_value', `Payment receipt ${r.name} was cancelled or replaced meanwhile: there is nothing to replace`, 'related');
  }
}

/** What the replaced receipt paid on a due item (given back when the substitute is written), by due item id. */
export const REPLACED_SHARE = (due: string, payment: string) =>
  `coalesce((SELECT sum(a.amount) FROM payment_applications a WHERE a.company_id = ${due}.company_id AND a.due_item_id = ${due}.id AND a.payment_id = ${payment}), 0)`;

/** In the substitute's transaction: the replaced receipt gives back what it paid, its entry is reversed, and it reads annulled, replaced. */
export async function releaseReplaced(q: Queryable, cid: number, r: Replaced, by: { id: string; name: string }, day: string): Promise<void> {
  await movePayments(q, cid, await paymentApplications(q, cid, r.id), -1);
  await reverseEntry(q, cid, r.id, { kind: 'payment_annulment', id: r.id, date: day, description: `Sustitución del recibo de pago ${r.name} por ${by.name}` });
  await q.query('UPDATE payments SET annulled = true, annulled_on = $3, replaced_by = $4, updated_at = now() WHERE company_id = $1 AND id = $2', [cid, r.id, day, by.id]);
  await emit(q, cid, 'payment.annulled', { id: r.id, name: r.name });
}

/**
 * Annuls a receipt that was never stamped (Draft or Rejected): gives back what it paid on the invoices and
 * reverses its journal entry, dated on the annulment day. A stamped receipt is cancelled with the SAT instead.
 */
export async function annulPayment(q: Queryable, company: Company, id: string): Promise<void> {
  const cid = company.company_id;
  const p = await lockPayment(q, cid, id);
  if (!p) throw notFound(`Payment receipt ${id}`);
  if (p.annulled) throw new DomainError('invalid_document', `Payment receipt ${p.name} is already annulled`, 'id');
  if (p.stamp_status === 'Accepted' || p.stamp_status === 'Pending') {
    throw new DomainError('invalid_document', `Payment receipt ${p.name} is ${p.stamp_status} with the stamping provider: a stamped CFDI is cancelled, not annulled`, 'id');
  }
  await voidPayment(q, cid, p, annulmentDate(p.date, company.time_zone), 'annulled');
}

/**
 * A receipt (locked by the caller) annulled, or cancelled with the SAT, on `day`: what it paid goes back to the
 * invoices' due items and balances, and its journal entry is reversed that day.
 */
export async function voidPayment(q: Queryable, cid: number, p: { id: string; name: string }, day: string, how: 'annulled' | 'cancelled'): Promise<void> {
  const applied = await paymentApplications(q, cid, p.id);
  await q.query(`SELECT id FROM invoices WHERE company_id = $1 AND id = ANY($2::uuid[]) ORDER BY id FOR UPDATE`, [cid, [...new Set(applied.map((a) => a.invoice))]]);
  await q.query('SELECT id FROM due_items WHERE company_id = $1 AND id = ANY($2::bigint[]) ORDER BY id FOR UPDATE', [cid, applied.map((a) => a.due)]);
  await movePayments(q, cid, applied, -1);
  await markPaymentAnnulled(q, cid, p, day, how);
  await reverseEntry(q, cid, p.id, how === 'annulled'
    ? { kind: 'payment_annulment', id: p.id, date: day, description: `Anulación del recibo de pago ${p.name}` }
    : { kind: 'payment_cancellation', id: p.id, date: day, description: `Cancelación del CFDI del recibo de pago ${p.name}` });
}

