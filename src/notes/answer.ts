/**
 * A Colombian credit or debit note's answer from its stored row: the serializer every read of one goes through
 * (GET, list, annul, stamp, webhooks). Built field by field to the type of its response schema (NoteAnswer),
 * never by spreading the stored JSON.
 */
import { mailAnswer, metadataAnswer, identityAnswer, type RowOf } from '../platform/answers';
import { stampMessages } from '../platform/stored';
import type { NoteDocument } from './schema';

/** A note's row as read: its stored document, the columns that change after creation, and its CUDE. */
export type NoteRow = RowOf<NoteDocument> & { stamp_cude: string | null };

export function noteAnswer(row: NoteRow): NoteDocument {
  const d = row.document;
  return {
    ...identityAnswer(d),
    date: d.date,
    invoice: d.invoice,
    reason: d.reason,
    customer: d.customer,
    cost_center: d.cost_center,
    currency: d.currency,
    seller: d.seller,
    retentions: d.retentions,
    subtotal: d.subtotal,
    taxes_total: d.taxes_total,
    withholdings_total: d.withholdings_total,
    total: d.total,
    observations: d.observations,
    items: d.items,
    payments: d.payments,
    global_discounts: d.global_discounts,
    global_charges: d.global_charges,
    stamp: { send: d.stamp.send, status: row.stamp_status, cude: row.stamp_status === 'Accepted' ? row.stamp_cude : null, ...stampMessages(row) },
    mail: mailAnswer(row, d.mail.send),
    metadata: metadataAnswer(row, d.metadata),
    annulled: row.annulled,
  };
}
