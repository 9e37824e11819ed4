/**
 * A Mexican payment receipt's answer (CFDI type P) from its stored row: the serializer every read of one goes
 * through (GET, list, cancel, stamp). Built field by field to the type of its response schema (PaymentAnswer),
 * never by spreading the stored JSON.
 */
import { mailAnswer, metadataAnswer, mxStampAnswer, identityAnswer, type RowOf } from '../platform/answers';
import { cancellationAnswer, type Cancellation } from '../countries/mx/sat/cancel';
import type { PaymentDocument } from './schema';

/** A receipt's row as read (MX_STORED_COLUMNS): its stored document, the columns that change after creation, its UUID and cancellation. */
export type PaymentRow = RowOf<PaymentDocument> & { stamp_uuid: string | null; cancellation: Cancellation | null };

export function paymentAnswer(row: PaymentRow): PaymentDocument {
  const d = row.document;
  return {
    ...identityAnswer(d),
    date: d.date,
    paid_at: d.paid_at,
    customer: d.customer,
    payment_form: d.payment_form,
    currency: d.currency,
    amount: d.amount,
    operation_number: d.operation_number,
    observations: d.observations,
    invoices: d.invoices,
    related: d.related,
    totals: d.totals,
    stamp: mxStampAnswer(row),
    mail: mailAnswer(row, d.mail.send),
    metadata: metadataAnswer(row, d.metadata),
    annulled: row.annulled,
    cancellation: cancellationAnswer(row.cancellation),
  };
}
