/**
 * Webhook deliveries. Every event of a document (src/platform/events.ts) is
 * fanned out, in the transaction that changed the document, to one delivery
 * per active subscription that names its type (or '*'), each queued in the
 * outbox (kind `webhook`): a crash after the commit loses none, a rollback
 * sends none. A creation is an event only for a company with webhooks
 * (emitCreated in src/platform/events.ts), so that the others' creations cost nothing more.
 *
 * The outbox sends a delivery as a POST of
 *   {"id": <event id>, "type": "invoice.created", "created": <ISO time>, "data": <the document as its GET answers it>}
 * with `Webhook-Id: <event id>` and
 *   Webhook-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>" keyed with the subscription's secret>
 * During the grace after a rotation (POST …/rotate-secret, WEBHOOK_SECRET_GRACE_HOURS) the header carries a
 * second v1, keyed with the replaced secret: `t=<t>,v1=<new>,v1=<previous>` (a receiver accepts any v1 that verifies).
 * The body is fixed at the first attempt (every retry sends the same bytes, signed again with the time of the
 * attempt). A 2xx answer delivers it; anything else (another status, a timeout, a refused connection) is
 * retried with the outbox's backoff (1 s doubling to 10 min) for up to WEBHOOK_RETRY_HOURS, then it is
 * `failed` (POST …/retry sends it again). Deliveries of one subscription are sent in the order of their
 * document's events: one waits while an earlier one of the same document is still pending.
 */
import crypto from 'node:crypto';
import type { Db, Queryable } from '../platform/db';
import type { Company } from '../platform/auth';
import type { Job } from '../platform/outbox';
import { react } from '../platform/events';
import { readInvoice } from '../invoices/routes';
import { readVoucher } from '../vouchers/routes';
import { readNote } from '../notes/routes';
import { readMxNote } from '../notes/mx';
import { readPayment } from '../payments/routes';
import { checkReceiver, postTo, type Resolve } from './egress';
import { AAD, openFor } from '../platform/secrets';
import type { DeliveryRow, WebhookRow } from './rows';

export const WEBHOOK_JOB = 'webhook';
export const DOCUMENTS = ['invoice', 'credit_note', 'debit_note', 'voucher', 'payment'] as const;
export const EVENTS = ['created', 'annulled', 'deleted', 'stamp_accepted', 'stamp_rejected', 'cancellation_pending', 'cancelled', 'mail_sent', 'mail_failed'] as const;
/** Every event type a subscription may name. */
export const EVENT_TYPES: string[] = ['*', ...DOCUMENTS.flatMap((d) => EVENTS.map((e) => `${d}.${e}`))];

/** Each kind of document as its GET answers it (null: it is gone, e.g. a deleted invoice). */
const READERS: Record<(typeof DOCUMENTS)[number], (q: Queryable, company: Company, id: string) => Promise<unknown>> = {
  invoice: (q, c, id) => readInvoice(q, c, id),
  voucher: (q, c, id) => readVoucher(q, c, id),
  debit_note: (q, c, id) => readNote(q, c, 'ND', id),
  credit_note: (q, c, id) => (c.country === 'MX' ? readMxNote(q, c, id) : readNote(q, c, 'NC', id)),
  payment: (q, c, id) => readPayment(q, c, id),
};

/**
 * Each event is fanned out to the company's subscriptions to it, in the statement that records it (see react in
 * src/platform/events.ts): a delivery per subscription, and its outbox job.
 */
react((ev, name) => [
  [name('deliveries'), `INSERT INTO webhook_deliveries (company_id, id, webhook_id, event_id, type, doc_kind, doc_id)
    SELECT e.company_id, gen_random_uuid(), w.id, e.event_id, e.type, split_part(e.type, '.', 1), e.doc_id::text
      FROM ${ev} e JOIN webhooks w ON w.company_id = e.company_id AND w.active AND NOT w.deleted AND (e.type = ANY (w.events) OR '*' = ANY (w.events))
     ORDER BY e.doc_id, w.id RETURNING company_id, id`],
  [name('jobs'), `INSERT INTO outbox (company_id, kind, ref_id) SELECT company_id, '${WEBHOOK_JOB}', id FROM ${name('deliveries')}`],
], (type) => `NOT EXISTS (SELECT 1 FROM webhooks w WHERE w.company_id = $1 AND w.active AND NOT w.deleted AND ('${type}' = ANY (w.events) OR '*' = ANY (w.events)))`);

/** `Webhook-Signature` of a body at time `t` (unix seconds): one v1 per secret, the current one first. */
export function signature(secrets: string[], t: number, body: string): string {
  return [`t=${t}`, ...secrets.map((k) => `v1=${crypto.createHmac('sha256', k).update(`${t}.${body}`).digest('hex')}`)].join(',');
}

export interface DeliveryOptions { timeoutMs: number; retryHours: number; allowPrivate: boolean; resolve?: Resolve }

/** The outbox handler of kind `webhook`: sends one delivery (see the module's comment). */
export function webhookHandler(db: Db, o: DeliveryOptions) {
  const record = (cid: number, id: string, status: string, responseStatus: number | null, error: string | null) => db.query(
    `UPDATE webhook_deliveries SET status = $3, attempts = attempts + 1, response_status = $4, last_error = $5, last_attempt_at = now(),
            delivered_at = CASE WHEN $3 = 'delivered' THEN now() END
      WHERE company_id = $1 AND id = $2`, [cid, id, status, responseStatus, error]);

  return async (job: Job): Promise<unknown> => {
    const cid = job.company_id;
    // The delivery, its webhook, its company, and whether an earlier event of the same document is still pending: one query.
    const earlier = `EXISTS (SELECT 1 FROM webhook_deliveries e WHERE e.webhook_id = d.webhook_id AND e.doc_id = d.doc_id AND e.status = 'pending' AND e.seq < d.seq)`;
    const [d] = await db.query<DeliveryRow & Pick<WebhookRow, 'url' | 'secret'> & { previous: string | null; live: boolean; expired: boolean; behind: boolean; company: Company }>(
      `SELECT d.*, w.url, w.secret, CASE WHEN w.previous_secret_expires_at > now() THEN w.previous_secret END AS previous, w.active AND NOT w.deleted AS live, (d.created_at < now() - make_interval(hours => $3)) AS expired,
              ${earlier} AS behind, row_to_json(c) AS company
         FROM webhook_deliveries d JOIN webhooks w ON w.id = d.webhook_id JOIN companies c ON c.company_id = d.company_id
        WHERE d.company_id = $1 AND d.id = $2`, [cid, job.ref_id, o.retryHours]);
    if (!d || d.status !== 'pending') return { status: d?.status ?? 'gone' };
    if (!d.live) { await record(cid, d.id, 'failed', null, 'The webhook was deleted or deactivated'); return { status: 'failed' }; }
    // In order: an earlier event of the same document still pending goes first (it usually runs beside this one, in the same batch).
    for (let waited = 0, behind = d.behind; behind; waited += 100) {
      if (waited >= 2000) throw new Error('Waits for an earlier event of the same document');
      await new Promise((ok) => setTimeout(ok, 100));
      [{ behind }] = await db.query<{ behind: boolean }>(`SELECT ${earlier} AS behind FROM webhook_deliveries d WHERE d.company_id = $1 AND d.id = $2`, [cid, d.id]);
    }

    let body = d.body;
    if (!body) {
      const reader = READERS[d.doc_kind as keyof typeof READERS];
      const data = await reader(db, d.company, d.doc_id).catch(() => null) ?? { id: d.doc_id };
      body = JSON.stringify({ id: d.event_id, type: d.type, created: new Date(d.created_at).toISOString(), data });
      await db.query('UPDATE webhook_deliveries SET body = $3 WHERE company_id = $1 AND id = $2', [cid, d.id, body]);
    }
    // Resolved and checked at every attempt; the POST goes to the address checked (src/webhooks/egress.ts).
    const target = await checkReceiver(d.url, o.allowPrivate, o.resolve);
    if ('refused' in target && !target.unresolved) { await record(cid, d.id, 'failed', null, `The URL ${target.refused}`); return { status: 'failed' }; }

    let status: number | null = null;
    let problem: string | null = 'refused' in target ? `The URL ${target.refused}` : null;
    if (!('refused' in target)) {
      try {
        const t = Math.floor(Date.now() / 1000);
        // The current secret, and the one a rotation replaced while its grace lasts (the database's clock decides).
        const secrets = [d.secret, ...(d.previous ? [d.previous] : [])].map((k) => openFor(k, AAD.webhook(cid, d.webhook_id)));
        status = await postTo(target, {
          'Content-Type': 'application/json', 'User-Agent': 'facturas-api-webhooks/1', 'Webhook-Id': d.event_id, 'Webhook-Signature': signature(secrets, t, body),
        }, body, o.timeoutMs);
        if (status >= 200 && status < 300) { await record(cid, d.id, 'delivered', status, null); return { status: 'delivered', response: status }; }
        problem = `The receiver answered ${status}`;
      } catch (e) {
        problem = (e as Error).name === 'TimeoutError' ? `No answer within ${o.timeoutMs} ms` : `Could not reach the receiver: ${(e as Error).message}`;
      }
    }
    if (d.expired) { await record(cid, d.id, 'failed', status, `${problem}; given up after ${o.retryHours} hours`); return { status: 'failed' }; }
    await record(cid, d.id, 'pending', status, problem);
    throw new Error(problem ?? 'failed');
  };
}
