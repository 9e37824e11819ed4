/**
 * What happened to a document: the e-mails sent (mails), its events (events) and the webhook deliveries of
 * those events (webhook_deliveries), newest first, at most 50 of each; read with the company in every query
 * and by the indexes mails_doc, events_doc and webhook_deliveries_company_doc.
 */
import type { Db } from '../platform/db';
import { html, type Html } from './html';
import { status, t } from './i18n';
import type { Ctx } from './context';

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
    db.query<DeliveryRow>(`SELECT d.type, d.status, d.attempts, d.response_status, d.last_error, d.created_at, w.url FROM webhook_deliveries d JOIN webhooks w ON w.id = d.webhook_id
      WHERE d.company_id = $1 AND d.doc_id = $2 ORDER BY d.seq DESC LIMIT 50`, [cid, id]),
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
