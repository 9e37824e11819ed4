/**
 * A customer's statement (estado de cuenta, issue 52 point 4) in the console, both countries:
 *   GET  /app/customers/{id}/statement?date_start&date_end   the page: per currency the opening balance, each document
 *        and payment with the running balance (each linked), the period's totals, the aging at its end and the closing
 *        balance; its PDF; the statement's e-mails; the form that e-mails it
 *   GET  /app/customers/{id}/statement/pdf?…                  the PDF, saved as estado-de-cuenta-{identification}-{from}-{to}.pdf
 *   POST /app/customers/{id}/statement/mail                   e-mails it (accountant or owner) through the API's
 *        POST /v1/customers/{id}/statement/mail: a row of mails (doc_kind 'statement', migration 069) sent by the
 *        service's mail job with the PDF attached (src/mail/send.ts)
 * The figures are the API's (GET /customers/{id}/statement, src/reports/statement.ts), run in this process as the
 * session's company; the e-mails are read and written with the company in every statement.
 */
import type { FastifyInstance } from 'fastify';
import type { Db } from '../platform/db';
import { html, type Html } from './html';
import { day, money, status, t } from './i18n';
import { apiErrors, csrfField, page } from './layout';
import { need, Refused, sendHtml, type Ctx } from './context';
import { controlErrors, underField } from './messages';
import type { Form } from './forms';
import type { Guarded } from './routes';
import type { CustomerStatement } from '../reports/statement';
import { BUCKETS } from '../reports/receivables';
import { contactEmails } from '../mail/send';

const hide = { schema: { hide: true } } as const;
const AGES: Record<'es' | 'en', Record<(typeof BUCKETS)[number], string>> = {
  es: { current: 'Por vencer', days_1_30: '1 a 30 días', days_31_60: '31 a 60 días', days_61_90: '61 a 90 días', days_over_90: 'Más de 90 días' },
  en: { current: 'Not yet due', days_1_30: '1–30 days', days_31_60: '31–60 days', days_61_90: '61–90 days', days_over_90: 'Over 90 days' },
};
/** Each movement's document page. */
const PATHS: Record<string, string> = { invoice: 'invoices', debit_note: 'debit-notes', voucher: 'vouchers', credit_note: 'credit-notes', payment: 'payments' };

const isDay = (v: unknown): v is string => typeof v === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(v);
/** The period asked for, as the API's query (an empty or malformed day is left out: the API's default). */
function period(q: Record<string, unknown>): { date_start?: string; date_end?: string } {
  const one = (v: unknown) => String([v].flat()[0] ?? '').trim();
  const [start, end] = [one(q.date_start), one(q.date_end)];
  return { ...(isDay(start) ? { date_start: start } : {}), ...(isDay(end) ? { date_end: end } : {}) };
}
const query = (p: { date_start?: string; date_end?: string }) => new URLSearchParams(p).toString();
const customerId = (raw: string) => {
  if (!/^[1-9][0-9]{0,9}$/.test(raw) || Number(raw) > 2147483647) throw new Refused(404, 'customer');
  return Number(raw);
};

/** The statement's PDF as it is saved: by the customer's identification and the period. */
export const statementFileName = (st: Pick<CustomerStatement, 'customer' | 'date_start' | 'date_end'>) =>
  `estado-de-cuenta-${st.customer.identification.replace(/[^A-Za-z0-9-]+/g, '-')}-${st.date_start}-${st.date_end}.pdf`;

interface MailRow { status: string; mail_to: string[] | null; copy_to: string[] | null; observations: string | null; period_start: string; period_end: string; sent_at: Date | null; created_at: Date }

async function statementPage(ctx: Ctx, db: Db, id: number, q: Record<string, unknown>, flash: { ok?: boolean; errors?: unknown; sent?: Form } = {}): Promise<{ status: number; body: Html }> {
  const l = ctx.lang;
  const w = (es: string, en: string) => (l === 'en' ? en : es);
  const p = period(q);
  const res = await ctx.api<CustomerStatement>('GET', `/customers/${id}/statement?${query(p)}`);
  if (res.status === 404) throw new Refused(404, 'customer');
  const st = res.status === 200 ? res.body : null;
  const title = `${w('Estado de cuenta', 'Statement')}${st ? ` · ${st.customer.name} (${st.customer.identification})` : ''}`;
  const base = `/app/customers/${id}/statement`;
  const filter = html`<form method="get" action="${base}" class="filters"><div class="field"><label for="st-start">${t(l, 'from')}</label>
    <input id="st-start" name="date_start" type="date" value="${st?.date_start ?? p.date_start ?? ''}"></div>
    <div class="field"><label for="st-end">${t(l, 'to')}</label><input id="st-end" name="date_end" type="date" value="${st?.date_end ?? p.date_end ?? ''}"></div>
    <button type="submit">${t(l, 'search')}</button>
    ${st ? html`<a class="button" id="st-pdf" href="${base}/pdf?${query({ date_start: st.date_start, date_end: st.date_end })}" download="${statementFileName(st)}">${t(l, 'downloadPdf')}</a>` : ''}
    <a href="/app/customers/${id}">${w('Ficha del cliente', 'The customer')}</a></form>`;
  if (!st) return { status: 400, body: page(ctx, title, html`${apiErrors(l, res.body)}${filter}`) };

  const parts = st.currencies.map((c) => {
    const m = (v: number) => money(ctx.country, v, c.currency);
    const cur = c.currency;
    return html`<section aria-labelledby="h-st-${cur}" class="statement" data-currency="${cur}"><h2 id="h-st-${cur}">${w('Moneda', 'Currency')} ${cur}</h2>
    <div class="cards"><div class="card"><h3>${w('Saldo anterior', 'Opening balance')}</h3><p class="figure" id="st-opening-${cur}">${m(c.opening_balance)}</p><p>${w('al', 'on')} ${day(dayBefore(st.date_start))}</p></div>
    <div class="card"><h3>${w('Cargos', 'Charges')}</h3><p class="figure">${m(c.debits)}</p></div><div class="card"><h3>${w('Abonos', 'Payments and credits')}</h3><p class="figure">${m(c.credits)}</p></div>
    <div class="card"><h3>${w('Saldo final', 'Closing balance')}</h3><p class="figure" id="st-closing-${cur}">${m(c.closing_balance)}</p><p>${w('al', 'on')} ${day(st.date_end)}</p></div></div>
    ${c.movements.length ? html`<div class="scroll" tabindex="0" role="region" aria-labelledby="h-st-${cur}"><table id="st-movements-${cur}"><thead><tr><th scope="col">${t(l, 'date')}</th>
      <th scope="col">${w('Documento', 'Document')}</th><th scope="col">${t(l, 'description')}</th><th scope="col">${t(l, 'dueDate')}</th><th scope="col" class="num">${w('Cargos', 'Charges')}</th>
      <th scope="col" class="num">${w('Abonos', 'Credits')}</th><th scope="col" class="num">${t(l, 'balance')}</th></tr></thead><tbody>
      <tr><td>${day(dayBefore(st.date_start))}</td><td></td><td>${w('Saldo anterior', 'Opening balance')}</td><td></td><td></td><td></td><td class="num">${m(c.opening_balance)}</td></tr>
      ${c.movements.map((x) => html`<tr><td>${day(x.date)}</td><td><a href="/app/documents/${PATHS[x.kind]}/${x.document.id}">${x.document.name}</a></td><td>${x.description}</td>
      <td>${day(x.due_date)}</td><td class="num">${x.debit ? m(x.debit) : ''}</td><td class="num">${x.credit ? m(x.credit) : ''}</td><td class="num">${m(x.balance)}</td></tr>`)}</tbody>
      <tfoot><tr><th scope="row" colspan="4">${w('Totales del periodo', 'The period\'s totals')}</th><td class="num">${m(c.debits)}</td><td class="num">${m(c.credits)}</td><td class="num">${m(c.closing_balance)}</td></tr></tfoot></table></div>`
      : html`<p>${w('Sin movimientos en el periodo.', 'No movements in the period.')}</p>`}
    <h3 id="h-age-${cur}">${w('Por edades al', 'By age on')} ${day(st.date_end)}</h3>
    <div class="scroll" tabindex="0" role="region" aria-labelledby="h-age-${cur}"><table id="st-aging-${cur}"><thead><tr>${BUCKETS.map((b) => html`<th scope="col" class="num">${AGES[l][b]}</th>`)}<th scope="col" class="num">${t(l, 'total')}</th></tr></thead>
    <tbody><tr>${BUCKETS.map((b) => html`<td class="num">${m(c.aging[b])}</td>`)}<td class="num">${m(c.aging.total)}</td></tr></tbody></table></div></section>`;
  });

  const mails = await db.query<MailRow>(`SELECT status, mail_to, copy_to, observations, period_start, period_end, sent_at, created_at FROM mails
     WHERE company_id = $1 AND doc_kind = 'statement' AND customer_id = $2 ORDER BY created_at DESC LIMIT 50`, [ctx.company.company_id, id]);
  const when = (d: unknown) => (d ? new Date(d as string).toISOString().replace('T', ' ').slice(0, 16) + ' UTC' : '');
  const sentList = html`<section aria-labelledby="h-st-mails" id="st-mails"><h2 id="h-st-mails">${w('Correos enviados', 'E-mails sent')}</h2>${mails.length
    ? html`<div class="scroll" tabindex="0" role="region" aria-labelledby="h-st-mails"><table><thead><tr><th scope="col">${t(l, 'date')}</th><th scope="col">${w('Periodo', 'Period')}</th>
      <th scope="col">${w('Para', 'To')}</th><th scope="col">${t(l, 'status')}</th><th scope="col">${w('Observaciones', 'Observations')}</th></tr></thead><tbody>${mails.map((r) => html`<tr>
      <td>${when(r.sent_at ?? r.created_at)}</td><td>${day(r.period_start)} – ${day(r.period_end)}</td><td>${r.mail_to ? [...r.mail_to, ...(r.copy_to ?? [])].join(', ') : w('Contactos del cliente', 'The customer\'s contacts')}</td>
      <td>${status(l, r.status === 'process_of_sending' ? 'queued' : r.status)}</td><td>${r.observations ?? ''}</td></tr>`)}</tbody></table></div>`
    : html`<p>${w('Ninguno.', 'None.')}</p>`}</section>`;

  let mailForm: Html = html``;
  if (ctx.can('accountant')) {
    let to = '';
    if (!flash.sent) {
      const customer = await ctx.api<{ contacts?: { email?: string | null }[] }>('GET', `/customers/${id}`);
      if (customer.status === 200) to = contactEmails(customer.body).join('; ');
    }
    const bad = controlErrors(l, flash.errors);
    const one = (v: unknown) => String([v].flat()[0] ?? '');
    const field = (name: 'mail_to' | 'copy_to', label: string, hint: string, value: string) => html`<label for="st-${name}">${label}</label>
      <input id="st-${name}" name="${name}" type="text" inputmode="email" autocomplete="off" value="${value}" aria-describedby="st-${name}-hint${bad.has(name) ? ` err-${name}` : ''}"${
      bad.has(name) ? html` aria-invalid="true"` : ''}><span class="hint" id="st-${name}-hint">${hint}</span>${underField(name, bad.get(name))}`;
    mailForm = html`<section aria-labelledby="h-st-send"><h2 id="h-st-send">${t(l, 'sendMail')}</h2><form method="post" action="${base}/mail" class="action" id="st-mail">${csrfField(ctx)}
      <input type="hidden" name="date_start" value="${st.date_start}"><input type="hidden" name="date_end" value="${st.date_end}">
      ${field('mail_to', w('Para', 'To'), w('Direcciones separadas por «;» (hasta 5); vacío: los contactos del cliente', 'Addresses separated by ";" (at most 5); empty: the customer\'s contacts'), flash.sent ? one(flash.sent.mail_to) : to)}
      ${field('copy_to', w('Con copia a', 'Copy to'), w('Hasta 5, separadas por «;»', 'At most 5, separated by ";"'), flash.sent ? one(flash.sent.copy_to) : '')}
      <button type="submit">${w('Enviar el estado de cuenta', 'Send the statement')}</button></form></section>`;
  }

  const body = html`${flash.ok ? html`<p class="ok" role="status">${t(l, 'mailQueued')}</p>` : ''}${flash.errors ? apiErrors(l, flash.errors) : ''}${filter}
  <p>${w('Periodo', 'Period')}: ${day(st.date_start)} – ${day(st.date_end)}</p>
  ${parts.length ? parts : html`<p id="st-empty">${w('El cliente no tiene movimientos de cartera.', 'The customer has no receivable movements.')}</p>`}
  ${mailForm}${sentList}`;
  return { status: flash.errors ? 400 : 200, body: page(ctx, title, body) };
}

/** The day before a YYYY-MM-DD day: the opening balance's. */
function dayBefore(d: string): string {
  return new Date(Date.parse(`${d}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
}

export function statementRoutes(app: FastifyInstance, guarded: Guarded, db: Db): void {
  app.get('/customers/:id/statement', hide, guarded(async (ctx, req, reply) => {
    const id = customerId((req.params as { id: string }).id);
    const q = req.query as Record<string, unknown>;
    const r = await statementPage(ctx, db, id, q, { ok: q.ok === 'mail' });
    return sendHtml(reply, r.status, r.body);
  }));
  app.get('/customers/:id/statement/pdf', hide, guarded(async (ctx, req, reply) => {
    const id = customerId((req.params as { id: string }).id);
    const p = period(req.query as Record<string, unknown>);
    const st = await ctx.api<CustomerStatement>('GET', `/customers/${id}/statement?${query(p)}`);
    if (st.status === 404) throw new Refused(404, 'customer');
    if (st.status !== 200) return sendHtml(reply, 400, page(ctx, ctx.lang === 'en' ? 'Statement' : 'Estado de cuenta', apiErrors(ctx.lang, st.body)));
    // The period the API settled on (its defaults), so that the file and its name say the same.
    const res = await ctx.api('GET', `/customers/${id}/statement/pdf?${query({ date_start: st.body.date_start, date_end: st.body.date_end })}`, undefined, { accept: 'application/pdf' });
    if (res.status !== 200) throw new Error(`statement PDF of customer ${id}: ${res.status}`);
    return reply.type('application/pdf').header('Content-Disposition', `attachment; filename="${statementFileName(st.body)}"`).send(res.raw);
  }));
  app.post('/customers/:id/statement/mail', hide, guarded(async (ctx, req, reply) => {
    need(ctx, 'accountant');
    const id = customerId((req.params as { id: string }).id);
    const f = (req.body ?? {}) as Form;
    const p = period(f);
    const typed = (name: string) => String([f[name]].flat()[0] ?? '').trim();
    const mail = { ...p, ...(typed('mail_to') ? { mail_to: typed('mail_to') } : {}), ...(typed('copy_to') ? { copy_to: typed('copy_to') } : {}) };
    // The API checks the addresses, the customer and the period, and queues the mail.
    const sent = await ctx.api<{ date_start: string; date_end: string }>('POST', `/customers/${id}/statement/mail`, mail);
    if (sent.status === 404) throw new Refused(404, 'customer');
    if (sent.status !== 202) return sendHtml(reply, 400, (await statementPage(ctx, db, id, p, { errors: sent.body, sent: f })).body);
    return reply.redirect(`/app/customers/${id}/statement?${query({ date_start: sent.body.date_start, date_end: sent.body.date_end })}&ok=mail`, 303);
  }));
}
