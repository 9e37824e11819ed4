/**
 * A Mexican credit note's answer (CFDI type E) from its stored row: the serializer every read of one goes
 * through (GET, list, cancel, stamp, webhooks). Built field by field to the type of its response schema
 * (MxCreditNoteAnswer), never by spreading the stored JSON.
 */
import { mailAnswer, metadataAnswer, mxStampAnswer, type RowOf } from '../platform/answers';
import { cancellationAnswer, type Cancellation } from '../einvoice/sat/cancel';
import type { MxCreditNoteDocument } from './mx';

/** A credit note's row as read (MX_STORED_COLUMNS): its stored document, the columns that change after creation, its UUID and cancellation. */
export type MxCreditNoteRow = RowOf<MxCreditNoteDocument> & { stamp_uuid: string | null; cancellation: Cancellation | null };

export function mxCreditNoteAnswer(row: MxCreditNoteRow): MxCreditNoteDocument {
  const d = row.document;
  return {
    id: d.id, document: d.document, prefix: d.prefix, number: d.number, name: d.name,
    date: d.date,
    customer: d.customer,
    observations: d.observations,
    use: d.use,
    items: d.items,
    retentions: d.retentions,
    retention_details: d.retention_details,
    related: d.related,
    global_information: d.global_information,
    exportation: d.exportation,
    currency: d.currency,
    subtotal: d.subtotal,
    discounts: d.discounts,
    taxes_total: d.taxes_total,
    withholdings_total: d.withholdings_total,
    retentions_total: d.retentions_total,
    total: d.total,
    payment_form: d.payment_form,
    refund_exchange_rate: d.refund_exchange_rate,
    reason: d.reason,
    invoices: d.invoices,
    stamp: mxStampAnswer(row),
    mail: mailAnswer(row, d.mail.send),
    metadata: metadataAnswer(row, d.metadata),
    annulled: row.annulled,
    cancellation: cancellationAnswer(row.cancellation),
  };
}
