/**
 * A Mexican invoice's answer from its stored row: the serializer every read of one goes through (GET, list,
 * cancel, stamp, tickets' invoices, webhooks). Built field by field to the type of its response schema
 * (MxInvoiceAnswer), never by spreading the stored JSON.
 */
import { mailAnswer, metadataAnswer, mxStampAnswer, identityAnswer, type RowOf } from '../../platform/answers';
import { cancellationAnswer, type Cancellation } from '../../countries/mx/sat/cancel';
import type { MxInvoiceDocument } from './schema';

/** An invoice's row as read: its stored document, the columns that change after creation, its balance, UUID and cancellation. */
export type MxInvoiceRow = RowOf<MxInvoiceDocument> & { balance: string; stamp_uuid: string | null; cancellation: Cancellation | null };

/** The fields a Mexican invoice and credit note carry alike (./schema.ts MxInvoiceAnswer, src/notes/mx.ts MxCreditNoteAnswer), named one by one. */
type MxShared = Omit<MxInvoiceDocument, 'seller' | 'cost_center' | 'payment' | 'balance' | 'stamp' | 'mail' | 'metadata' | 'annulled' | 'cancellation'>;
export function mxSharedAnswer(d: MxShared): MxShared {
  return {
    ...identityAnswer(d),
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
  };
}

export function mxInvoiceAnswer(row: MxInvoiceRow): MxInvoiceDocument {
  const d = row.document;
  return {
    ...mxSharedAnswer(d),
    seller: d.seller,
    cost_center: d.cost_center,
    balance: Number(row.balance),
    payment: d.payment,
    stamp: mxStampAnswer(row),
    mail: mailAnswer(row, d.mail.send),
    metadata: metadataAnswer(row, d.metadata),
    annulled: row.annulled,
    cancellation: cancellationAnswer(row.cancellation),
  };
}
