/**
 * Requests to e-mail a document, written in the transaction that asks for
 * them. A mail for an invoice that is still with the tax authority waits
 * (pending_send) and is released when the invoice is Accepted; a Rejected
 * invoice is never mailed. The document shows its latest mail's state.
 */
import { randomUUID } from 'node:crypto';
import type { Queryable } from '../platform/db';
import { enqueue } from '../platform/outbox';
import { emit, emitCreated, subscribe } from '../platform/events';
import type { MailStatus } from '../platform/states';
import * as invoices from '../invoices/kernel';
import * as vouchers from '../vouchers/kernel';
import * as notes from '../notes/kernel';
import * as payments from '../payments/kernel';

export type { DocKind } from '../pdf/document';
import type { DocKind } from '../pdf/document';

const EMAIL = /^[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)+$/;
/** A row of mails (migrations/008_mail.sql). */
export interface MailRow {
  company_id: number; id: string; doc_kind: string; doc_id: string; mail_to: string[] | null; copy_to: string[];
  /** A statement's (doc_kind 'statement', migration 069): the customer and the period it states. */
  customer_id?: number | null; period_start?: string | null; period_end?: string | null;
  status: 'pending_send' | 'process_of_sending' | 'sent' | 'failed_delivery'; message_id: string; observations: string | null;
  sent_at: string | null; created_at: string; updated_at: string;
}

/** An address this service will send to. */
export const isEmail = (a: string) => a.length <= 254 && EMAIL.test(a);
export const MAIL_JOB = 'mail';
/** The kernel that writes each kind of document (a mail never writes a document's table itself). */
const KERNEL: Record<DocKind, { showMail: typeof invoices.showMail }> = { invoice: invoices, voucher: vouchers, credit_note: notes, debit_note: notes, payment: payments };

/**
 * Shows a mail's state on its document, when it is the document's latest mail;
 * a mail that ended (sent, or given up) emits `<document>.mail_sent` or `.mail_failed`.
 */
export async function showOnDocument(q: Queryable, cid: number, mailId: string): Promise<void> {
  const [m] = await q.query<{ doc_kind: DocKind; doc_id: string; status: MailStatus; observations: string | null }>(
    `SELECT doc_kind, doc_id, status, observations FROM mails m WHERE company_id = $1 AND id = $2
        AND NOT EXISTS (SELECT 1 FROM mails n WHERE n.company_id = m.company_id AND n.doc_kind = m.doc_kind AND n.doc_id = m.doc_id AND n.created_at > m.created_at)`,
    [cid, mailId]);
  // A statement is no stored document: its state is its mail's own (the statement page lists them).
  if (!m || !(m.doc_kind in KERNEL)) return;
  await KERNEL[m.doc_kind].showMail(q, cid, m.doc_id, m.status, m.observations);
  if (m.status === 'sent' || m.status === 'failed_delivery') {
    await emit(q, cid, `${m.doc_kind}.${m.status === 'sent' ? 'mail_sent' : 'mail_failed'}`, { id: m.doc_id });
  }
}

/**
 * Queues a mail of the document. `to` empty means the customer's contact
 * e-mails (read when it is sent); `waitForAuthority` holds it until the
 * invoice is Accepted.
 */
export async function requestMail(q: Queryable, cid: number, kind: DocKind, docId: string,
  o: { to?: string[]; copyTo?: string[]; waitForAuthority?: boolean } = {}): Promise<{ id: string; status: string }> {
  if (o.waitForAuthority) {
    // One mail waits per invoice: asking again while it waits (a PUT, a second POST …/mail) does not add another.
    const [waiting] = await q.query<{ id: string }>(`SELECT id FROM mails WHERE company_id = $1 AND doc_kind = $2 AND doc_id = $3 AND status = 'pending_send'`, [cid, kind, docId]);
    if (waiting) {
      await q.query(`UPDATE mails SET mail_to = $3, copy_to = $4, updated_at = now() WHERE company_id = $1 AND id = $2`,
        [cid, waiting.id, o.to?.length ? JSON.stringify(o.to) : null, JSON.stringify(o.copyTo ?? [])]);
      return { id: waiting.id, status: 'pending_send' };
    }
  }
  const id = randomUUID();
  const status = o.waitForAuthority ? 'pending_send' : 'process_of_sending';
  await q.query(
    `INSERT INTO mails (company_id, id, doc_kind, doc_id, mail_to, copy_to, status, message_id, created_at)
      VALUES ($1, $2, $3, $4, $5, $6, $7, $8, clock_timestamp())`,
    [cid, id, kind, docId, o.to?.length ? JSON.stringify(o.to) : null, JSON.stringify(o.copyTo ?? []), status, `<${id}@facturas.invalid>`]);
  if (!o.waitForAuthority) await enqueue(q, cid, MAIL_JOB, id);
  await showOnDocument(q, cid, id);
  return { id, status };
}

/**
 * What a creation writes beside its document, in the same transaction: its `created` event (for webhooks) and,
 * with mail.send, its e-mail (sent after commit, or once accepted when it also went to the tax authority).
 */
export async function recordCreation<T extends { id?: string | null; name?: string | null; stamp?: { send?: boolean }; mail?: { send?: boolean; status?: string; observations?: string | null } }>(
  q: Queryable, company: { company_id: number; webhooks?: boolean }, kind: DocKind, doc: T): Promise<T> {
  await emitCreated(q, company, kind, doc);
  return mailIfAsked(q, company.company_id, kind, doc);
}

/** With mail.send: the document is e-mailed after commit, or once accepted when it also went to the tax authority. */
export async function mailIfAsked<T extends { id?: string | null; stamp?: { send?: boolean }; mail?: { send?: boolean; status?: string; observations?: string | null } }>(
  q: Queryable, cid: number, kind: DocKind, doc: T): Promise<T> {
  if (!doc.mail?.send) return doc;
  const { status } = await requestMail(q, cid, kind, doc.id!, { waitForAuthority: !!doc.stamp?.send });
  return { ...doc, mail: { ...doc.mail, status, observations: null } };
}

/** The tax authority answered: an Accepted document's waiting mails go out; a Rejected one's keep waiting, and say why. */
for (const kind of ['invoice', 'credit_note', 'debit_note', 'payment'] as const) {
  subscribe([`${kind}.stamp_accepted`, `${kind}.stamp_rejected`], async (q, e) => {
    const waiting = await q.query<{ id: string }>(`SELECT id FROM mails WHERE company_id = $1 AND doc_kind = $2 AND doc_id = $3 AND status = 'pending_send'`, [e.companyId, kind, e.docId]);
    for (const { id } of waiting) {
      if (e.type === `${kind}.stamp_accepted`) {
        await q.query(`UPDATE mails SET status = 'process_of_sending', observations = NULL, updated_at = now() WHERE company_id = $1 AND id = $2`, [e.companyId, id]);
        await enqueue(q, e.companyId, MAIL_JOB, id);
      } else {
        await q.query(`UPDATE mails SET observations = $3, updated_at = now() WHERE company_id = $1 AND id = $2`,
          [e.companyId, id, `Not sent: the tax authority rejected the ${kind === 'invoice' ? 'invoice' : kind === 'payment' ? 'payment receipt' : 'note'}; it goes out once a corrected one is accepted`]);
      }
      await showOnDocument(q, e.companyId, id);
    }
  // Quiet when no mail of the document waits: none in the statement's snapshot, and the document's row (read again
  // by PostgreSQL if a concurrent request changed it) shows none waiting (showOnDocument).
  }, () => `doc.mail_status IS DISTINCT FROM 'pending_send'
            AND NOT EXISTS (SELECT 1 FROM mails m WHERE m.company_id = $1 AND m.doc_kind = '${kind}' AND m.doc_id = $2 AND m.status = 'pending_send')`);
}

/** A deleted invoice is not mailed: its mails not sent yet end as failed_delivery, saying why (a queued job then finds nothing to send). */
subscribe(['invoice.deleted'], async (q, e) => {
  await q.query(
    `UPDATE mails SET status = 'failed_delivery', observations = $4, updated_at = now()
      WHERE company_id = $1 AND doc_kind = $2 AND doc_id = $3 AND status IN ('pending_send', 'process_of_sending')`,
    [e.companyId, 'invoice', e.docId, `Not sent: invoice ${e.name} was deleted`]);
});

/**
 * Queues the e-mail of a customer's statement for [start, end] (issue 52, point 4): a row of mails like a document's,
 * sent by the same job, its PDF drawn when it is sent (src/mail/send.ts). `to` empty: the customer's contact e-mails.
 */
export async function requestStatementMail(q: Queryable, cid: number, customerId: number, start: string, end: string,
  o: { to?: string[]; copyTo?: string[] } = {}): Promise<{ id: string; status: string }> {
  const id = randomUUID();
  await q.query(
    `INSERT INTO mails (company_id, id, doc_kind, doc_id, mail_to, copy_to, status, message_id, customer_id, period_start, period_end, created_at)
      VALUES ($1, $2, 'statement', $2, $3, $4, 'process_of_sending', $5, $6, $7, $8, clock_timestamp())`,
    [cid, id, o.to?.length ? JSON.stringify(o.to) : null, JSON.stringify(o.copyTo ?? []), `<${id}@facturas.invalid>`, customerId, start, end]);
  await enqueue(q, cid, MAIL_JOB, id);
  return { id, status: 'process_of_sending' };
}
