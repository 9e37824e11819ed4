/**
 * A Colombian invoice's (or POS ticket's) answer from its stored row: the serializer every read of one goes
 * through (GET, list, annul, stamp, webhooks). Built field by field to the type of its response schema
 * (CoInvoiceAnswer), never by spreading the stored JSON: a field the schema does not name cannot slip out.
 */
import { mailAnswer, metadataAnswer, identityAnswer, type RowOf } from '../../platform/answers';
import { dec, num } from '../../platform/money';
import { stampMessages } from '../../platform/stored';
import type { CoInvoiceDocument } from './schema';

/** An invoice's row as read: its stored document, the columns that change after creation, and its balance and CUFE. */
export type CoInvoiceRow = RowOf<CoInvoiceDocument> & { balance: string; stamp_cufe: string | null };

/** One of an invoice's notes that are not annulled, as the read's subquery gives it. */
export interface NoteRef { invoice_id: string; kind: 'NC' | 'ND'; id: string; name: string; total: string | number }

/** The answer of a Colombian invoice, with its credit and debit notes (those of `notes` that are its own) and what is left to credit. */
export function coInvoiceAnswer(row: CoInvoiceRow, notes: NoteRef[]): CoInvoiceDocument {
  const d = row.document;
  const own = (kind: NoteRef['kind']) => notes.filter((n) => n.invoice_id === d.id && n.kind === kind).map((n) => ({ id: n.id, name: n.name, total: Number(n.total) }));
  const credit_notes = own('NC');
  // A POS ticket's key is a CUDE (made with the software's PIN), an invoice's a CUFE.
  const key = row.stamp_status === 'Accepted' ? row.stamp_cufe : null;
  return {
    ...identityAnswer(d),
    date: d.date,
    customer: d.customer,
    cost_center: d.cost_center,
    currency: d.currency,
    seller: d.seller,
    retentions: d.retentions,
    advance_payment: d.advance_payment,
    subtotal: d.subtotal,
    taxes_total: d.taxes_total,
    withholdings_total: d.withholdings_total,
    total: d.total,
    amount_payable: d.amount_payable,
    balance: Number(row.balance),
    observations: d.observations,
    items: d.items,
    global_discounts: d.global_discounts,
    global_charges: d.global_charges,
    payments: d.payments,
    additional_fields: d.additional_fields,
    healthcare_company: d.healthcare_company,
    pos: d.pos,
    stamp: { send: d.stamp.send, status: row.stamp_status, cufe: d.pos ? null : key, cude: d.pos ? key : null, ...stampMessages(row) },
    mail: mailAnswer(row, d.mail.send),
    metadata: metadataAnswer(row, d.metadata),
    annulled: row.annulled,
    credit_notes,
    debit_notes: own('ND'),
    creditable: num(credit_notes.reduce((t, n) => t.minus(n.total), dec(d.total))),
  };
}
