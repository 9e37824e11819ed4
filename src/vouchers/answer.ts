/**
 * A cash receipt voucher's answer from its stored row: the serializer every read of one goes through (GET, list,
 * annul, webhooks). Built field by field to the type of its response schema (VoucherAnswer), never by spreading
 * the stored JSON. A voucher is not sent to the DIAN: no stamp, and its mail group has no `send`.
 */
import { metadataAnswer, identityAnswer, type RowOf } from '../platform/answers';
import type { VoucherDocument } from './schema';

/** A voucher's row as read: its stored document and the columns that change after creation (it has no stamp columns). */
export type VoucherRow = Pick<RowOf<VoucherDocument>, 'document' | 'annulled' | 'mail_status' | 'mail_observations' | 'updated_at'>;

export function voucherAnswer(row: VoucherRow): VoucherDocument {
  const d = row.document;
  return {
    ...identityAnswer(d),
    date: d.date,
    type: d.type,
    customer: d.customer,
    cost_center: d.cost_center,
    currency: d.currency,
    items: d.items,
    payment: d.payment,
    total: d.total,
    observations: d.observations,
    mail: { status: row.mail_status, observations: row.mail_observations },
    metadata: metadataAnswer(row, d.metadata),
    annulled: row.annulled,
  };
}
