/**
 * What happened to a document: the e-mails sent (mails), its events (events) and the webhook deliveries of
 * those events (webhook_deliveries), newest first, at most 50 of each; read with the company in every query
 * and by the indexes mails_doc, events_doc and webhook_deliveries_company_doc.
 */
import type { Db } from '../platform/db';
import { html, type Html } from './html';
import { status, t } from './i18n';
import type { Ctx } from './context';
import { owed } from '../webhooks/fanout';

interface MailRow { status: string; mail_to: string[] | null; copy_to: string[] | null; observations: string | null; sent_at: Date | null; created_at: Date }
interface EventRow { type: string; created_at: Date }
interface DeliveryRow { type: string; status: string; attempts: number; response_status: number | null; last_error: string | null; created_at: Date; url: string }

const when = (d: unknown) => (d ? new Date(d as string).toISOString().replace('T', ' ').slice(0, 16) + ' UTC' : '');

export async function documentTrail(ctx: Ctx, db: Db, id: string): Promise<Html> {
  const l = ctx.lang;
  const w = (es: string, en: string) => (l === 'en' ? en : es);
  const cid = ctx.company.company_id;
  const [mails, events, deliveries] = await Promise.all([
    db.query<MailRow>(`SELECT status, mail_to, copy_to, observations, sent_at, created_at FROM mails WHERE company_id = $1 AND doc_id = $2 ORDER BY created_at DESC LIMIT 50`, [cid, id]),
    db.query<EventRow>(`SELECT type, created_at FROM events WHERE company_id = $1 AND doc_id = $2 ORDER BY id DESC LIMIT 50`, [cid, id]),
    // The rows, and first the deliveries its events not fanned out yet owe (src/webhooks/fanout.ts).
    db.query<DeliveryRow>(`SELECT d.type, d.status, d.attempts, d.response_status, d.last_error, d.created_at, w.url
      FROM (SELECT type, status, attempts, response_status, last_error, created_at, webhook_id, 0 AS k, eid AS ord FROM (${owed('e.company_id = $1 AND e.doc_id = $2::text::uuid')}) o
            UNION ALL
            (SELECT type, status, attempts, response_status, last_error, created_at, webhook_id, 1 AS k, seq AS ord FROM webhook_deliveries
              WHERE company_id = $1 AND doc_id = $2::text ORDER BY seq DESC LIMIT 50)) d
      JOIN webhooks w ON w.id = d.webhook_id ORDER BY d.k, d.ord DESC LIMIT 50`, [cid, id]),
  ]);
  const none = html`<p>${w('Ninguno.', 'None.')}</p>`;
  const table = (label: string, heads: string[], rows: Html[]) => (rows.length ? html`<div class="scroll" tabindex="0" role="region" aria-label="${label}"><table><thead><tr>${heads.map((h) =>
    html`<th scope="col">${h}</th>`)}</tr></thead><tbody>${rows}</tbody></table></div>` : none);
  return html`<section aria-labelledby="h-mails" id="doc-mails"><h2 id="h-mails">${w('Correos enviados', 'E-mails sent')}</h2>
  ${table(w('Correos enviados', 'E-mails sent'), [t(l, 'date'), w('Para', 'To'), t(l, 'status'), w('Observaciones', 'Observations')], mails.map((m) =>
    html`<tr><td>${when(m.sent_at ?? m.created_at)}</td><td>${m.mail_to ? [...m.mail_to, ...(m.copy_to ?? [])].join(', ') : w('Contactos del cliente', 'The customer\'s contacts')}</td>
    <td>${status(l, m.status === 'pending_send' || m.status === 'process_of_sending' ? 'queued' : m.status)}</td><td>${m.observations ?? ''}</td></tr>`))}</section>
  <section aria-labelledby="h-events" id="doc-events"><h2 id="h-events">${w('Eventos', 'Events')}</h2>
  ${table(w('Eventos', 'Events'), [t(l, 'date'), w('Evento', 'Event')], events.map((e) => html`<tr><td>${when(e.created_at)}</td><td><code>${e.type}</code></td></tr>`))}</section>
  <section aria-labelledby="h-hooks" id="doc-deliveries"><h2 id="h-hooks">${w('Entregas de webhooks', 'Webhook deliveries')}</h2>
  ${table(w('Entregas de webhooks', 'Webhook deliveries'), [t(l, 'date'), w('Evento', 'Event'), 'URL', t(l, 'status'), w('Intentos', 'Attempts')], deliveries.map((d) =>
    html`<tr><td>${when(d.created_at)}</td><td><code>${d.type}</code></td><td class="code">${d.url}</td><td>${d.status}${d.response_status ? ` (${d.response_status})` : ''}${d.last_error ? ` ${d.last_error}` : ''}</td><td>${d.attempts}</td></tr>`))}</section>`;
}

/** A document linked to the one shown, both ways: an invoice's notes and receipts, a note's or receipt's invoices. */
export interface Related {
  /** Its console path (/app/documents/{kind}/{id}). */
  kind: 'invoices' | 'credit-notes' | 'debit-notes' | 'vouchers' | 'payments';
  id: string; name: string; date: string;
  /** What it moves on the document shown: a receipt's or note's part of an invoice (or what the receipt paid of it), a note's total. */
  amount: string | null; annulled: boolean;
  /** The installment paid, for a receipt's line. */
  quote: number | null;
}

/** How an invoice's balance came to be, from its due items and what was applied to them (none annulled): rows that add up to its balance. */
export interface Settlement {
  /** Its own installments (what it left to be paid later): the payable less what was paid at the sale. */
  own: string;
  /** Installments its debit notes on credit added. */
  debit: string;
  /** What cash receipts and payment receipts paid of them. */
  receipts: string;
  /** What credit notes settled of them. */
  credits: string;
}

export interface Story { trail: Html; related: Related[]; settlement: Settlement | null }

const APPLIED = (table: string, column: string, docs: string, kind: string) => `
  SELECT '${kind}' AS kind, x.id::text, x.name, x.date::text, sum(a.amount)::text AS amount, x.annulled, NULL::int AS quote
    FROM due_items d JOIN ${table} a ON a.company_id = d.company_id AND a.due_item_id = d.id JOIN ${docs} x ON x.company_id = a.company_id AND x.id = a.${column}
   WHERE d.company_id = $1 AND d.invoice_id = $2 GROUP BY x.id, x.name, x.date, x.annulled`;

/** The documents related to one, read by the company and the indexes of notes, due items and applications. */
async function relatedOf(db: Db, cid: number, kind: string, id: string): Promise<Related[]> {
  let sql: string;
  if (kind === 'invoices') {
    sql = `SELECT CASE n.kind WHEN 'NC' THEN 'credit-notes' ELSE 'debit-notes' END AS kind, n.id::text, n.name, n.date::text, n.total::text AS amount, n.annulled, NULL::int AS quote
             FROM notes n WHERE n.company_id = $1 AND n.invoice_id = $2 AND n.document->'invoices' IS NULL
           UNION ALL
           SELECT 'credit-notes', n.id::text, n.name, n.date::text, x->>'amount', n.annulled, NULL
             FROM notes n CROSS JOIN LATERAL jsonb_array_elements(n.document->'invoices') x
            WHERE n.company_id = $1 AND n.kind = 'NC' AND n.document->'invoices' @> jsonb_build_array(jsonb_build_object('id', $2::text)) AND x->>'id' = $2::text
           UNION ALL ${APPLIED('voucher_applications', 'voucher_id', 'vouchers', 'vouchers')}
           UNION ALL ${APPLIED('payment_applications', 'payment_id', 'payments', 'payments')}`;
  } else if (kind === 'vouchers' || kind === 'payments' || kind === 'credit-notes') {
    // What the receipt paid (or the credit note settled), installment by installment: the invoice, or the debit note whose installment it is.
    const [table, column] = kind === 'vouchers' ? ['voucher_applications', 'voucher_id'] : kind === 'payments' ? ['payment_applications', 'payment_id'] : ['note_applications', 'note_id'];
    sql = `SELECT CASE WHEN n.id IS NULL THEN 'invoices' ELSE 'debit-notes' END AS kind, coalesce(n.id, i.id)::text AS id, coalesce(n.name, i.name) AS name,
                  coalesce(n.date, i.date)::text AS date, a.amount::text AS amount, coalesce(n.annulled, i.annulled) AS annulled, d.quote
             FROM ${table} a JOIN due_items d ON d.company_id = a.company_id AND d.id = a.due_item_id
             JOIN invoices i ON i.company_id = d.company_id AND i.id = d.invoice_id
             LEFT JOIN notes n ON n.company_id = d.company_id AND n.id = d.note_id
            WHERE a.company_id = $1 AND a.${column} = $2`;
  } else if (kind === 'debit-notes') {
    // The receipts that paid the installments the debit note added to its invoice.
    sql = `SELECT 'vouchers' AS kind, v.id::text, v.name, v.date::text, sum(a.amount)::text AS amount, v.annulled, NULL::int AS quote
             FROM notes n JOIN due_items d ON d.company_id = n.company_id AND d.invoice_id = n.invoice_id AND d.note_id = n.id
             JOIN voucher_applications a ON a.company_id = d.company_id AND a.due_item_id = d.id JOIN vouchers v ON v.company_id = a.company_id AND v.id = a.voucher_id
            WHERE n.company_id = $1 AND n.id = $2 GROUP BY v.id, v.name, v.date, v.annulled`;
  } else return [];
  const rows = await db.query<Related>(`SELECT * FROM (${sql}) r ORDER BY date, name, quote NULLS FIRST LIMIT 200`, [cid, id]);
  return rows;
}

/** An invoice's installments and what was applied to them, none annulled (null for another kind). */
async function settlementOf(db: Db, cid: number, kind: string, id: string): Promise<Settlement | null> {
  if (kind !== 'invoices') return null;
  const applied = (table: string, docs: string, column: string) => `(SELECT coalesce(sum(a.amount), 0) FROM due_items d JOIN ${table} a ON a.company_id = d.company_id AND a.due_item_id = d.id
      JOIN ${docs} x ON x.company_id = a.company_id AND x.id = a.${column} WHERE d.company_id = $1 AND d.invoice_id = $2 AND NOT d.annulled AND NOT x.annulled)`;
  const [row] = await db.query<Settlement>(`SELECT
      (SELECT coalesce(sum(amount), 0) FROM due_items WHERE company_id = $1 AND invoice_id = $2 AND note_id IS NULL AND NOT annulled)::text AS own,
      (SELECT coalesce(sum(amount), 0) FROM due_items WHERE company_id = $1 AND invoice_id = $2 AND note_id IS NOT NULL AND NOT annulled)::text AS debit,
      (${applied('voucher_applications', 'vouchers', 'voucher_id')} + ${applied('payment_applications', 'payments', 'payment_id')})::text AS receipts,
      ${applied('note_applications', 'notes', 'note_id')}::text AS credits`, [cid, id]);
  return row ?? null;
}

/** A document's related documents, the figures of its balance (an invoice) and its trail (e-mails, events, webhook deliveries). */
export async function documentStory(ctx: Ctx, db: Db, kind: string, id: string): Promise<Story> {
  const cid = ctx.company.company_id;
  const [trail, related, settlement] = await Promise.all([documentTrail(ctx, db, id), relatedOf(db, cid, kind, id), settlementOf(db, cid, kind, id)]);
  return { trail, related, settlement };
}
