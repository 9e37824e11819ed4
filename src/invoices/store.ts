/**
 * Writes an invoice of either variant in ONE statement: its number, the
 * document, its due items (credit) and its balanced journal entry; queues it
 * for the tax authority; deletes one that never reached it.
 */
import type { Queryable } from '../platform/db';
import { Statement } from '../platform/sql';
import { addEntry, reverseEntry, type Posting } from '../ledger/journal';
import { ApiError, error, notFound } from '../platform/errors';
import { dropMails } from '../mail/store';
import { addNumbering, numberRefused, type Numbered } from './numbering';
import { enqueue } from '../platform/outbox';

export interface InvoiceRecord {
  companyId: number; id: string; country: 'CO' | 'MX'; documentTypeId: number;
  /** A number sent by the client; else the next one is taken. */
  sent?: number;
  date: string;
  customerId: number; identification: string; branchOffice: number;
  total: number; balance: number; partnerId?: string; applicationId?: string;
  /** The answer without number and name, which the statement fills in. */
  document: Record<string, unknown>; now: Date;
  /** stamp.send: the invoice is Pending and its stamping job is queued in the same statement. */
  stamp?: boolean;
}

/** A credit installment: its due date, amount and the receivable account the invoice debits (a payment pays it off that account). */
export interface DueRecord { due_date: string; amount: string; account: string }

export async function writeInvoice(q: Queryable, r: InvoiceRecord, due: DueRecord[], postings: Posting[]): Promise<Numbered> {
  const st = addNumbering(new Statement(), r.companyId, r.documentTypeId, r.sent);
  const cid = st.p(r.companyId);
  st.with('invoice', `INSERT INTO invoices (company_id, id, country, document_type_id, prefix, number, name, date, customer_id, customer_identification,
      customer_branch_office, total, balance, partner_id, application_id, document, stamp_status, created_at, updated_at)
    SELECT ${cid}, ${st.p(r.id)}, ${st.p(r.country)}, ${st.p(r.documentTypeId)}, num.prefix, num.number, num.name, ${st.p(r.date)},
      ${st.p(r.customerId)}, ${st.p(r.identification)}, ${st.p(r.branchOffice)}, ${st.p(r.total)}, ${st.p(r.balance)}, ${st.p(r.partnerId ?? null)},
      ${st.p(r.applicationId ?? null)}, ${st.p(JSON.stringify(r.document))}::jsonb || jsonb_build_object('prefix', num.prefix, 'number', num.number, 'name', num.name),
      ${st.p(r.stamp ? 'Pending' : 'Draft')}, ${st.p(r.now)}, ${st.p(r.now)}
    FROM num RETURNING id, prefix, number, name`);
  if (r.stamp) {
    // As requestStamp, for an invoice that has no job yet.
    st.with('job', `INSERT INTO outbox (company_id, kind, ref_id, next_attempt_at)
      SELECT ${cid}, ${st.p(STAMP_JOB[r.country])}, invoice.id, now() + make_interval(secs => ${st.p(STAMP_GRACE_MS)}::float8 / 1000) FROM invoice`);
  }
  if (due.length) {
    st.with('due', `INSERT INTO due_items (company_id, invoice_id, customer_id, prefix, consecutive, quote, due_date, amount, account_code)
      SELECT ${cid}, invoice.id, ${st.p(r.customerId)}, invoice.prefix, invoice.number, d.quote, d.due_date, d.amount, d.account
        FROM invoice, unnest(${st.p(due.map((d) => d.due_date))}::date[], ${st.p(due.map((d) => d.amount))}::numeric[], ${st.p(due.map((d) => d.account))}::text[])
          WITH ORDINALITY AS d(due_date, amount, account, quote)`);
  }
  addEntry(st, r.companyId, { kind: 'invoice', id: r.id, date: r.date, description: 'Factura' }, postings, 'invoice.name');
  const [t] = await st.run(q, 'SELECT num.* FROM num');
  if (!t) throw await numberRefused(q, r.companyId, r.documentTypeId, r.sent);
  return { number: Number(t.number), prefix: t.prefix, name: t.name };
}

/** Where each country's invoices are stamped: the outbox job kind. */
export const STAMP_JOB = { CO: 'dian_submit', MX: 'sat_stamp' } as const;
/** The request that queues a stamping job runs it itself after commit: pollers leave it alone this long. */
const STAMP_GRACE_MS = 2000;

/**
 * Queues the invoice for the tax authority, in the writing transaction: the
 * outbox sends it after commit; the invoice is Pending until it answers. A
 * Rejected invoice sent again starts over (its earlier job and XML are dropped).
 */
export async function requestStamp(q: Queryable, cid: number, id: string, country: 'CO' | 'MX'): Promise<void> {
  const kind = STAMP_JOB[country];
  await q.query(`DELETE FROM outbox WHERE company_id = $1 AND kind = $2 AND ref_id = $3 AND status IN ('done', 'failed')`, [cid, kind, id]);
  await enqueue(q, cid, kind, id, STAMP_GRACE_MS);
  await q.query(`UPDATE invoices SET stamp_status = 'Pending', xml = NULL, updated_at = now() WHERE company_id = $1 AND id = $2`, [cid, id]);
}

/** Rows of invoices that exist for the API: a deleted invoice stays in the table, for audit, and is read by nothing else. */
export const LIVE = 'deleted_at IS NULL';

/**
 * DELETE /v1/invoices/{id}, in the caller's transaction, under a lock of the
 * invoice's row: an invoice that never reached the tax authority (Draft, which
 * every invoice of a type that is not electronic stays, or Rejected; in Mexico a
 * CFDI never stamped) and that no cash receipt pays is deleted. Its number stays
 * used (the row keeps it, and the counter does not move back), its due items and
 * its journal entry are reversed (an annulled invoice's were already), mails not
 * sent yet are dropped, and it is no longer read, listed or paid. Anything else
 * is refused with the reason. Deleting it again answers the same (a retry whose
 * answer was lost).
 */
export async function deleteInvoice(q: Queryable, cid: number, id: string, country: 'CO' | 'MX'): Promise<{ id: string; deleted: true }> {
  const [inv] = await q.query(`SELECT name, date, annulled, stamp_status, deleted_at FROM invoices WHERE company_id = $1 AND id = $2 FOR UPDATE`, [cid, id]);
  if (!inv) throw notFound(`Invoice ${id}`);
  if (inv.deleted_at) return { id, deleted: true };
  const refuse = (why: string) => new ApiError(400, [error('invalid_document', why, ['id'])]);
  if (inv.stamp_status === 'Accepted') {
    throw refuse(country === 'CO' ? `Invoice ${inv.name} was accepted by the DIAN: it is cancelled with a credit note, never deleted`
      : `Invoice ${inv.name} is a stamped CFDI: it is cancelled with the SAT, never deleted`);
  }
  if (inv.stamp_status !== 'Draft' && inv.stamp_status !== 'Rejected') {
    throw refuse(`Invoice ${inv.name} is ${inv.stamp_status} with the tax authority: wait for its answer; only a Draft or Rejected invoice can be deleted`);
  }
  const paying = await q.query<{ name: string }>(
    `SELECT DISTINCT v.name FROM due_items d
       JOIN voucher_applications a ON a.company_id = d.company_id AND a.due_item_id = d.id
       JOIN vouchers v ON v.company_id = a.company_id AND v.id = a.voucher_id
      WHERE d.company_id = $1 AND d.invoice_id = $2 AND NOT v.annulled ORDER BY v.name`, [cid, id]);
  if (paying.length) throw refuse(`Invoice ${inv.name} is paid by cash receipts ${paying.map((v) => v.name).join(', ')}: annul them first`);
  await q.query(`UPDATE due_items SET annulled = true WHERE company_id = $1 AND invoice_id = $2`, [cid, id]);
  await q.query(`UPDATE invoices SET deleted_at = now(), balance = 0, updated_at = now() WHERE company_id = $1 AND id = $2`, [cid, id]);
  if (!inv.annulled) await reverseEntry(q, cid, id, { kind: 'invoice_deletion', id, date: inv.date, description: `Eliminación de la factura ${inv.name}` });
  await dropMails(q, cid, 'invoice', id, `Not sent: invoice ${inv.name} was deleted`);
  return { id, deleted: true };
}
