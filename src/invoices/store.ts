/**
 * Writes an invoice of either variant in ONE statement: its number, the
 * document, its due items (credit) and its balanced journal entry.
 */
import type { Queryable } from '../platform/db';
import { Statement } from '../platform/sql';
import { addEntry, type Posting } from '../ledger/journal';
import { addNumbering, checkResolution, type Numbered } from './numbering';
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

export async function writeInvoice(q: Queryable, r: InvoiceRecord, due: { due_date: string; amount: string }[], postings: Posting[]): Promise<Numbered> {
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
    st.with('due', `INSERT INTO due_items (company_id, invoice_id, customer_id, prefix, consecutive, quote, due_date, amount)
      SELECT ${cid}, invoice.id, ${st.p(r.customerId)}, invoice.prefix, invoice.number, d.quote, d.due_date, d.amount
        FROM invoice, unnest(${st.p(due.map((d) => d.due_date))}::date[], ${st.p(due.map((d) => d.amount))}::numeric[]) WITH ORDINALITY AS d(due_date, amount, quote)`);
  }
  addEntry(st, r.companyId, { kind: 'invoice', id: r.id, date: r.date, description: 'Factura' }, postings, 'invoice.name');
  const [t] = await st.run(q, 'SELECT num.* FROM num');
  checkResolution(t, r.sent);
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
