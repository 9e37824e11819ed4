/**
 * The Mexican company's tickets in the console (issue 51, point 3): the list, filtered by state and dates, each ticket's
 * state in words (open, invoiced alone to its customer, or declared in global invoice X, linked), and the form that
 * runs the global invoice of a period (POST /mx/v1/tickets/global-invoice), which opens the stamped invoice's page.
 */
import type { FastifyInstance } from 'fastify';
import { html, type Html } from './html';
import { day, money } from './i18n';
import { apiErrors, csrfField, page } from './layout';
import { need, Refused, sendHtml, type Ctx } from './context';
import { formKey, formKeyField, type Form } from './forms';
import type { Guarded } from './routes';
import { country as countryOf } from '../countries';

interface TicketRow {
  id: string; folio: number; date: string; branch: string | null; total: number; status: 'open' | 'global' | 'self_invoiced';
  global_invoice: { id: string; name: string } | null; self_invoice: { invoice: { id: string; name: string } | null };
}

const WORDS = {
  es: { title: 'Tiquetes', folio: 'Folio', date: 'Fecha', branch: 'Sucursal', total: 'Total', state: 'Estado', open: 'Abierto', self: 'Autofacturado',
    global: 'En factura global', all: 'Todos', filter: 'Filtrar', from: 'Desde', to: 'Hasta', none: 'No hay tiquetes.', run: 'Factura global',
    periodicity: 'Periodicidad', months: 'Mes', year: 'Año', day: 'Día (periodicidad diaria, semanal o quincenal: primer día)', last: 'Último día (semanal o quincenal)', issue: 'Emitir factura global' },
  en: { title: 'Tickets', folio: 'Folio', date: 'Date', branch: 'Branch', total: 'Total', state: 'Status', open: 'Open', self: 'Self-invoiced',
    global: 'In global invoice', all: 'All', filter: 'Filter', from: 'From', to: 'To', none: 'No tickets.', run: 'Global invoice',
    periodicity: 'Periodicity', months: 'Month', year: 'Year', day: 'Day (daily, weekly or fortnightly: the first day)', last: 'Last day (weekly or fortnightly)', issue: 'Issue the global invoice' },
};
const PERIODS = { '01': ['Diaria', 'Daily'], '02': ['Semanal', 'Weekly'], '03': ['Quincenal', 'Fortnightly'], '04': ['Mensual', 'Monthly'], '05': ['Bimestral', 'Bimonthly'] } as const;
const MONTHS = ['Enero', 'Febrero', 'Marzo', 'Abril', 'Mayo', 'Junio', 'Julio', 'Agosto', 'Septiembre', 'Octubre', 'Noviembre', 'Diciembre'];

/** A ticket's state in words, with the invoice that holds it linked. */
function stateOf(w: typeof WORDS.es, r: TicketRow): Html {
  const link = (i: { id: string; name: string }) => html`<a href="/app/documents/invoices/${i.id}">${i.name}</a>`;
  if (r.status === 'global' && r.global_invoice) return html`${w.global} ${link(r.global_invoice)}`;
  if (r.status === 'self_invoiced' && r.self_invoice.invoice) return html`${w.self}: ${link(r.self_invoice.invoice)}`;
  return html`${w.open}`;
}

/** The tickets page; `sent` and `errors` bring back a refused global invoice's form with the API's reasons. */
export async function ticketsPage(ctx: Ctx, q: Record<string, string | undefined>, refused?: { sent: Record<string, string | undefined>; errors: unknown }): Promise<Html> {
  const w = WORDS[ctx.lang];
  const params = new URLSearchParams({ page_size: '100' });
  if (q.status && ['open', 'global', 'self_invoiced'].includes(q.status)) params.set('status', q.status);
  if (q.from) params.set('date_start', q.from);
  if (q.to) params.set('date_end', q.to);
  const res = await ctx.api<{ results: TicketRow[] }>('GET', `/tickets?${params}`);
  const rows = res.status === 200 ? res.body.results : [];
  const opt = (v: string, label: string, on: string | undefined) => html`<option value="${v}"${v === (on ?? '') ? html` selected` : ''}>${label}</option>`;
  const s = refused?.sent ?? {};
  const today = new Date();
  const field = (id: string, label: string, input: Html) => html`<div class="field"><label for="${id}">${label}</label>${input}</div>`;
  const list = rows.length ? html`<div class="scroll" tabindex="0" role="region" aria-label="${w.title}"><table><caption>${w.title}</caption><thead><tr>
    <th scope="col">${w.folio}</th><th scope="col">${w.date}</th><th scope="col">${w.branch}</th><th scope="col" class="num">${w.total}</th><th scope="col">${w.state}</th></tr></thead><tbody>
    ${rows.map((r) => html`<tr><td>${String(r.folio)}</td><td>${day(r.date)}</td><td>${r.branch ?? '—'}</td><td class="num">${money(ctx.country, r.total)}</td><td>${stateOf(w, r)}</td></tr>`)}
    </tbody></table></div>` : html`<p>${w.none}</p>`;
  return page(ctx, w.title, html`${res.status === 200 ? '' : apiErrors(ctx.lang, res.body)}
  <form method="get" action="/app/tickets" class="filters" role="search">
    ${field('f-status', w.state, html`<select id="f-status" name="status">${opt('', w.all, q.status)}${opt('open', w.open, q.status)}${opt('self_invoiced', w.self, q.status)}${opt('global', w.global, q.status)}</select>`)}
    ${field('f-from', w.from, html`<input id="f-from" name="from" type="date" value="${q.from ?? ''}">`)}${field('f-to', w.to, html`<input id="f-to" name="to" type="date" value="${q.to ?? ''}">`)}
    <button type="submit">${w.filter}</button></form>
  ${list}
  ${ctx.can('accountant') ? html`<h2 id="global">${w.run}</h2>${refused ? apiErrors(ctx.lang, refused.errors) : ''}
  <form method="post" action="/app/tickets/global-invoice" class="card">${csrfField(ctx)}${formKeyField(refused?.sent as Form | undefined)}
    ${field('g-periodicity', w.periodicity, html`<select id="g-periodicity" name="periodicity">${Object.entries(PERIODS).map(([k, v]) => opt(k, `${k} ${v[ctx.lang === 'es' ? 0 : 1]}`, s.periodicity ?? '04'))}</select>`)}
    ${field('g-months', w.months, html`<select id="g-months" name="months">${MONTHS.map((m, i) => opt(String(i + 1).padStart(2, '0'), m, s.months ?? String(today.getMonth() + 1).padStart(2, '0')))}</select>`)}
    ${field('g-year', w.year, html`<input id="g-year" name="year" inputmode="numeric" value="${s.year ?? String(today.getFullYear())}">`)}
    ${field('g-from', w.day, html`<input id="g-from" name="from" type="date" value="${s.from ?? ''}">`)}
    ${field('g-to', w.last, html`<input id="g-to" name="to" type="date" value="${s.to ?? ''}">`)}
    <button type="submit">${w.issue}</button></form>` : ''}`);
}

/** The global invoice's body from the form: the period, and its days where the periodicity takes them. */
export function globalInvoiceBody(f: Record<string, string | undefined>): Record<string, unknown> {
  const year = Number(f.year);
  return {
    periodicity: f.periodicity, months: f.months, year: Number.isInteger(year) ? year : f.year,
    ...(f.from ? { from: f.from } : {}), ...(f.to ? { to: f.to } : {}),
  };
}

const hide = { schema: { hide: true } } as const;
const one = (v: unknown) => (Array.isArray(v) ? v[0] : v) as string | undefined;

/** GET /app/tickets and POST /app/tickets/global-invoice (Mexican companies; the form's one-time key is the API's Idempotency-Key). */
export function ticketRoutes(app: FastifyInstance, guarded: Guarded): void {
  const mexican = (ctx: Ctx) => { if (!countryOf(ctx.country).documents.tickets) throw new Refused(404, 'tickets'); };
  app.get('/tickets', hide, guarded(async (ctx, req, reply) => {
    mexican(ctx);
    const q = Object.fromEntries(Object.entries(req.query as Record<string, unknown>).map(([k, v]) => [k, one(v)]));
    return sendHtml(reply, 200, await ticketsPage(ctx, q));
  }));
  app.post('/tickets/global-invoice', hide, guarded(async (ctx, req, reply) => {
    mexican(ctx);
    need(ctx, 'accountant');
    const f = (req.body ?? {}) as Form;
    const sent = Object.fromEntries(Object.entries(f).map(([k, v]) => [k, one(v)]));
    const res = await ctx.api<{ id: string }>('POST', '/tickets/global-invoice', globalInvoiceBody(sent), formKey(f));
    if (res.status === 201) return reply.redirect(`/app/documents/invoices/${res.body.id}?ok=done`, 303);
    return sendHtml(reply, 400, await ticketsPage(ctx, {}, { sent, errors: res.body }));
  }));
}
