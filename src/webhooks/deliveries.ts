/**
 * Webhook deliveries. Every event of a document (src/platform/events.ts) is
 * its `events` row, written in the statement that changes the document (a
 * crash after the commit loses none, a rollback sends none); the dispatcher
 * (./dispatch.ts, ./fanout.ts) derives from the events one delivery per
 * active subscription that names its type (or '*'), so that the event costs
 * the creation its row and nothing more. A creation is an event only for a
 * company with webhooks (emitCreated in src/platform/events.ts), so that the
 * others' creations cost nothing at all.
 *
 * The dispatcher (./dispatch.ts) sends a delivery as a POST of
 *   {"id": <event id>, "type": "invoice.created", "created": <ISO time>, "data": <the document as its GET answers it>}
 * with `Webhook-Id: <event id>` and
 *   Webhook-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>" keyed with the subscription's secret>
 * During the grace after a rotation (POST …/rotate-secret, WEBHOOK_SECRET_GRACE_HOURS) the header carries a
 * second v1, keyed with the replaced secret: `t=<t>,v1=<new>,v1=<previous>` (a receiver accepts any v1 that verifies).
 * The body is fixed at the first attempt (every retry sends the same bytes, signed again with the time of the
 * attempt). A 2xx answer delivers it; anything else (another status, a timeout, a refused connection) is
 * retried with a backoff of 1 s doubling to 10 min for up to WEBHOOK_RETRY_HOURS, then it is
 * `failed` (POST …/retry sends it again). Deliveries of one subscription are sent in the order of their
 * document's events: one waits while an earlier one of the same document is still pending.
 */
import type { Queryable } from '../platform/db';
import type { Company } from '../platform/auth';
import { readInvoice, readInvoices } from '../invoices/routes';
import { readVoucher } from '../vouchers/routes';
import { readNote } from '../notes/routes';
import { readMxNote } from '../notes/mx';
import { readPayment } from '../payments/routes';
import { country as countryOf } from '../countries';

export const DOCUMENTS = ['invoice', 'credit_note', 'debit_note', 'voucher', 'payment'] as const;
export const EVENTS = ['created', 'annulled', 'deleted', 'stamp_accepted', 'stamp_rejected', 'cancellation_pending', 'cancelled', 'mail_sent', 'mail_failed'] as const;
/** Every event type a subscription may name. */
export const EVENT_TYPES: string[] = ['*', ...DOCUMENTS.flatMap((d) => EVENTS.map((e) => `${d}.${e}`))];

/** Each kind of document as its GET answers it (null: it is gone, e.g. a deleted invoice). */
const READERS: Record<(typeof DOCUMENTS)[number], (q: Queryable, company: Company, id: string) => Promise<unknown>> = {
  invoice: (q, c, id) => readInvoice(q, c, id),
  voucher: (q, c, id) => readVoucher(q, c, id),
  debit_note: (q, c, id) => readNote(q, c, 'ND', id),
  credit_note: (q, c, id) => (countryOf(c.country).documents.notes === 'cfdi' ? readMxNote(q, c, id) : readNote(q, c, 'NC', id)),
  payment: (q, c, id) => readPayment(q, c, id),
};

/**
 * Several documents of one company as their GETs answer them, for deliveries' `data`, by `kind/id` (`{id}` alone for
 * one that is gone, e.g. a deleted invoice): the invoices in one query, the other kinds one by one.
 */
export async function readDocuments(q: Queryable, company: Company, docs: { kind: string; id: string }[]): Promise<Map<string, unknown>> {
  const out = new Map<string, unknown>();
  const invoices = docs.filter((d) => d.kind === 'invoice').map((d) => d.id);
  if (invoices.length) {
    const read = await readInvoices(q, company, invoices).catch(() => new Map<string, unknown>());
    for (const id of invoices) out.set(`invoice/${id}`, read.get(id) ?? { id });
  }
  for (const d of docs) if (d.kind !== 'invoice') out.set(`${d.kind}/${d.id}`, await readDocument(q, company, d.kind, d.id));
  return out;
}

/** A document as its GET answers it, for a delivery's `data` (`{id}` alone when it is gone, e.g. a deleted invoice). */
export async function readDocument(q: Queryable, company: Company, kind: string, id: string): Promise<unknown> {
  const reader = READERS[kind as keyof typeof READERS];
  return (reader ? await reader(q, company, id).catch(() => null) : null) ?? { id };
}
