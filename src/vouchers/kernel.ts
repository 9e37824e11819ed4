/**
 * The voucher kernel: the one module that writes the `vouchers` table (its
 * creation, annulment and mail state). What a receipt pays on invoices is
 * written by the invoice kernel (movePayments), which owns due items and
 * balances. States and transitions: src/platform/states.ts; events:
 * src/platform/events.ts.
 */
import type { Queryable } from '../platform/db';
import { emit } from '../platform/events';
import type { MailStatus } from '../platform/states';

export interface VoucherRow {
  companyId: number; id: string; documentTypeId: number; prefix: string; number: number; name: string; date: string; type: string;
  customerId: number | null; identification: string | null; branchOffice: number | null; total: string; partnerId: string | null;
  document: object; now: Date;
}

/** Writes a numbered voucher, in the caller's transaction. */
export async function insertVoucher(q: Queryable, v: VoucherRow): Promise<void> {
  await q.query(
    `INSERT INTO vouchers (company_id, id, document_type_id, prefix, number, name, date, type, customer_id, customer_identification,
       customer_branch_office, total, partner_id, document, created_at, updated_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $15)`,
    [v.companyId, v.id, v.documentTypeId, v.prefix, v.number, v.name, v.date, v.type, v.customerId, v.identification, v.branchOffice,
      v.total, v.partnerId, JSON.stringify(v.document), v.now]);
}

/** The voucher's row, locked until the caller's transaction ends. */
export async function lockVoucher(q: Queryable, cid: number, id: string) {
  const [v] = await q.query<{ annulled: boolean; name: string; date: string; customer_identification: string | null }>(
    'SELECT annulled, name, date, customer_identification FROM vouchers WHERE company_id = $1 AND id = $2 FOR UPDATE', [cid, id]);
  return v;
}

/** Marks a locked voucher annulled on `on` and emits voucher.annulled (the caller gives back what it paid and reverses its entry). */
export async function markAnnulled(q: Queryable, cid: number, v: { id: string; name: string }, on: string): Promise<void> {
  await q.query('UPDATE vouchers SET annulled = true, annulled_on = $3, updated_at = now() WHERE company_id = $1 AND id = $2', [cid, v.id, on]);
  await emit(q, cid, 'voucher.annulled', v);
}

/** The state of the voucher's latest mail, shown on it. */
export async function showMail(q: Queryable, cid: number, id: string, status: MailStatus, observations: string | null): Promise<void> {
  await q.query('UPDATE vouchers SET mail_status = $3, mail_observations = $4 WHERE company_id = $1 AND id = $2', [cid, id, status, observations]);
}
