/**
 * A Mexican credit note's answer (CFDI type E) from its stored row: the serializer every read of one goes
 * through (GET, list, cancel, stamp, webhooks). Built field by field to the type of its response schema
 * (MxCreditNoteAnswer), never by spreading the stored JSON.
 */
import { mailAnswer, metadataAnswer, mxStampAnswer, type RowOf } from '../platform/answers';
import { cancellationAnswer, type Cancellation } from '../countries/mx/sat/cancel';
import type { MxCreditNoteDocument } from './mx';
import { mxSharedAnswer } from '../invoices/mx/answer';

/** A credit note's row as read (MX_STORED_COLUMNS): its stored document, the columns that change after creation, its UUID and cancellation. */
export type MxCreditNoteRow = RowOf<MxCreditNoteDocument> & { stamp_uuid: string | null; cancellation: Cancellation | null };

export function mxCreditNoteAnswer(row: MxCreditNoteRow): MxCreditNoteDocument {
  const d = row.document;
  return {
    ...mxSharedAnswer(d),
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
