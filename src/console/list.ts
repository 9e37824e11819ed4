/**
 * The documents list, a working list: one kind at a time, found by one search box (a part of the number, the
 * customer's name without regard to accents or case, its NIT or RFC, the amount) and filtered by dates, document
 * type and status; its columns (number, date, customer, total, balance, due date, status in words) each sortable, in
 * keyset pages (sort.ts); the totals of the whole filter in its last row (read after the page: `totalsRow`); the
 * filter as CSV and XLSX (export.ts); and for the documents chosen, or the whole filter, a ZIP of their PDFs and
 * XMLs, e-mails and sending again to the authority, as jobs (bulk.ts).
 */
import type { Db } from '../platform/db';
import { html, type Html } from './html';
import { day, money, status, t, type Lang } from './i18n';
import { csrfField, page } from './layout';
import type { Ctx } from './context';
import { keptTotals } from './totals';
import { BadList, DEFAULT_SORT, filterOf, listTotals, PAYMENT_STATUSES, sortedPage, sortOf, SOURCES, STATUSES, type ListRow, type SortKey, type Status } from './sort';
import { kindOf, kindsOf } from './kinds';

/** The list's own words: [Spanish, English]. */
const WORDS = {
  search: ['Buscar: número, cliente, NIT o RFC, valor', 'Search: number, customer, tax id, amount'],
  searchHint: ['Una parte del número (123, FV-2-12) o del nombre del cliente, con o sin tildes', 'Part of the number (123, FV-2-12) or of the customer\'s name, with or without accents'],
  documentType: ['Tipo de documento', 'Document type'], anyType: ['Todos', 'All'], anyStatus: ['Todos', 'All'],
  number: ['Número', 'Number'], customer: ['Cliente', 'Customer'], balance: ['Saldo', 'Balance'], due: ['Vencimiento', 'Due date'],
  select: ['Seleccionar', 'Select'], totals: ['Totales', 'Totals'], computing: ['Calculando los totales…', 'Computing the totals…'],
  documents: ['documentos', 'documents'], withoutAnnulled: ['sin anulados', 'without the annulled'],
  withThem: ['Con los documentos', 'With the documents'], chosen: ['Los seleccionados en esta página', 'Those selected on this page'],
  all: ['Todos los del filtro', 'All those of the filter'], zip: ['Descargar PDF y XML (ZIP)', 'Download PDF and XML (ZIP)'],
  mail: ['Enviar por correo', 'Send by e-mail'], stamp: ['Enviar de nuevo a la autoridad', 'Send to the authority again'],
  export: ['Exportar el filtro', 'Export the filter'],
  paid: ['Pagada', 'Paid'], partly: ['Pago parcial', 'Partly paid'], overdue: ['Vencida', 'Overdue'], owed: ['Por cobrar', 'Owed'],
  mailFailed: ['Correo fallido', 'E-mail failed'], issued: ['Emitido', 'Issued'],
} as const;
export const w = (l: Lang, k: keyof typeof WORDS): string => WORDS[k][l === 'en' ? 1 : 0];

const STATUS_NAMES: Record<Status, [string, string]> = {
  issued: ['Emitidos', 'Issued'], draft: ['Borradores sin enviar', 'Drafts not sent'], pending: ['En espera de la autoridad', 'Waiting for the authority'],
  rejected: ['Rechazados por la autoridad', 'Rejected by the authority'], paid: ['Pagados', 'Paid'], partly_paid: ['Pagados en parte', 'Partly paid'],
  overdue: ['Vencidos', 'Overdue'], annulled: ['Anulados o cancelados', 'Annulled or cancelled'], mail_failed: ['Con el correo fallido', 'With a failed e-mail'],
};

/** A row's status in words: what the authority said (a plain Colombian document is issued), then what is owed, then a failed e-mail. */
export function statusWords(l: Lang, kind: string, r: ListRow): string {
  if (r.annulled) return t(l, 'annulled');
  if (r.cancellation === 'Cancelled') return status(l, 'Cancelled');
  const src = SOURCES[kind];
  const parts = [src.stamped ? status(l, r.stamp === 'Draft' && r.plain ? 'Issued' : r.stamp) : w(l, 'issued')];
  if (r.cancellation) parts.push(`${t(l, 'cancellation')}: ${status(l, r.cancellation)}`);
  if (src.owed) parts.push(Number(r.balance) <= 0 ? w(l, 'paid') : r.overdue ? w(l, 'overdue') : r.partly ? w(l, 'partly') : w(l, 'owed'));
  if (r.mail === 'failed_delivery') parts.push(w(l, 'mailFailed'));
  return parts.join(' · ');
}

/** The customer as a row shows it: its name, else its identification. */
export const customerOf = (r: ListRow): string => r.customerName ?? r.identification ?? '';

/** The filter's parameters that a page, its links, its exports and its bulk form carry (not the page's cursor). */
export const FILTER_PARAMS = ['kind', 'q', 'from', 'to', 'type', 'status', 'stamp', 'name', 'customer', 'sort', 'dir', 'size'] as const;
export const filterParams = (q: Record<string, string | undefined>, over: Record<string, string> = {}): URLSearchParams =>
  new URLSearchParams({ ...Object.fromEntries(FILTER_PARAMS.flatMap((k) => (q[k] ? [[k, q[k]!]] : []))), ...over });

const field = (name: string, label: string, value: string | undefined, type = 'text') =>
  html`<div class="field"><label for="f-${name}">${label}</label><input id="f-${name}" name="${name}" type="${type}" value="${value ?? ''}"></div>`;

/** The columns of a kind: money owed and due dates only on invoices. */
const columnsOf = (kind: string): SortKey[] => (SOURCES[kind].owed ? ['number', 'date', 'customer', 'total', 'balance', 'due', 'status'] : ['number', 'date', 'customer', 'total', 'status']);

/** The documents of one kind, found, filtered and sorted (newest date first when the address names no sort); `size` rows a page (1 to 100, 25). */
export async function documentsPage(ctx: Ctx, q: Record<string, string | undefined>, db: Db): Promise<Html> {
  const l = ctx.lang;
  const kind = kindOf(ctx, q.kind || 'invoices');
  const size = q.size ? Number(q.size) : 25;
  if (!Number.isInteger(size) || size < 1 || size > 100) throw new BadList('size', String(q.size));
  const sort = sortOf(q) ?? DEFAULT_SORT;
  const f = await filterOf(ctx, db, kind.path, q);
  const { rows, next } = await sortedPage(ctx, db, kind.path, q, sort, size, f);
  const src = SOURCES[kind.path];
  const cols = columnsOf(kind.path);
  const kept = (over: Record<string, string> = {}) => filterParams({ ...q, kind: kind.path }, over);
  const LABELS: Record<SortKey, string> = { number: w(l, 'number'), date: t(l, 'date'), customer: w(l, 'customer'), total: t(l, 'total'),
    balance: w(l, 'balance'), due: w(l, 'due'), status: t(l, 'status') };
  const numeric = (k: SortKey) => k === 'total' || k === 'balance';
  const sortLink = (key: SortKey) => {
    const on = sort.key === key;
    const dir = on && sort.dir === 'asc' ? 'desc' : 'asc';
    return html`<th scope="col"${numeric(key) ? html` class="num"` : ''}${on ? html` aria-sort="${sort.dir === 'asc' ? 'ascending' : 'descending'}"` : ''}><a href="/app/documents?${kept({ sort: key, dir }).toString()}">${LABELS[key]}${on ? (sort.dir === 'asc' ? ' ▲' : ' ▼') : ''}</a></th>`;
  };
  const m = (v: string | null) => (v === null ? '' : money(ctx.country, v));
  const cell = (key: SortKey, r: ListRow) => {
    switch (key) {
      case 'number': return html`<td><a href="/app/documents/${kind.path}/${r.id}">${r.name}</a></td>`;
      case 'date': return html`<td>${day(r.date)}</td>`;
      case 'customer': return html`<td>${customerOf(r)}${r.customerName && r.identification ? html` <span class="hint">${r.identification}</span>` : ''}</td>`;
      case 'total': return html`<td class="num">${m(r.total)}</td>`;
      case 'balance': return html`<td class="num">${m(r.balance)}</td>`;
      case 'due': return html`<td>${day(r.due)}</td>`;
      case 'status': return html`<td>${statusWords(l, kind.path, r)}</td>`;
    }
  };
  const hidden = FILTER_PARAMS.filter((k) => k !== 'size' && (k === 'kind' || q[k])).map((k) => html`<input type="hidden" name="${k}" value="${k === 'kind' ? kind.path : q[k]}">`);
  const accountant = ctx.can('accountant');
  const qs = kept().toString();
  const table = html`<div id="results">
  <p class="filters"><span>${w(l, 'export')}:</span> <a class="button secondary" href="/app/documents.csv?${qs}" download>CSV</a> <a class="button secondary" href="/app/documents.xlsx?${qs}" download>XLSX</a></p>
  <form method="post" action="/app/documents/bulk" id="bulk">${csrfField(ctx)}${hidden}
  ${rows.length ? html`<div class="scroll" tabindex="0" role="region" aria-label="${t(l, kind.label)}"><table id="documents"><caption>${t(l, kind.label)}</caption><thead><tr>
  <th scope="col"><span class="skip">${w(l, 'select')}</span></th>${cols.map(sortLink)}</tr></thead><tbody>
  ${rows.map((r) => html`<tr><td><input type="checkbox" name="ids" value="${r.id}" aria-label="${w(l, 'select')} ${r.name}"></td>${cols.map((k) => cell(k, r))}</tr>`)}
  </tbody>${totalsPlaceholder(ctx, qs, cols.length)}</table></div>` : html`<p>${t(l, 'none')}</p>`}
  <p class="pager">${q.cursor ? html`<a href="/app/documents?${kept().toString()}">${t(l, 'first')}</a> ` : ''}${next ? html`<a href="/app/documents?${kept({ cursor: next }).toString()}" rel="next">${t(l, 'next')}</a>` : ''}</p>
  ${rows.length ? html`<fieldset class="filters"><legend>${w(l, 'withThem')}</legend>
    <div class="check"><input type="radio" id="scope-ids" name="scope" value="ids" checked><label for="scope-ids">${w(l, 'chosen')}</label></div>
    <div class="check"><input type="radio" id="scope-all" name="scope" value="all"><label for="scope-all">${w(l, 'all')}</label></div>
    <button type="submit" name="action" value="zip">${w(l, 'zip')}</button>
    ${accountant ? html`<button type="submit" name="action" value="mail">${w(l, 'mail')}</button>` : ''}
    ${accountant && src.stamped ? html`<button type="submit" name="action" value="stamp">${w(l, 'stamp')}</button>` : ''}</fieldset>` : ''}
  </form></div>`;
  const types = await db.query<{ id: number; code: string; name: string }>('SELECT id, code, name FROM document_types WHERE company_id = $1 AND type = $2 ORDER BY code',
    [ctx.company.company_id, src.docType]);
  const statuses = STATUSES.filter((s) => src.owed || !PAYMENT_STATUSES.includes(s)).filter((s) => src.stamped || !['draft', 'pending', 'rejected'].includes(s));
  const option = (value: string, label: string, chosen: string | undefined) => html`<option value="${value}"${chosen === value ? html` selected` : ''}>${label}</option>`;
  // The home page's links name the authority's status (stamp=Pending): the select shows it as the status it is.
  const chosenStatus = q.status || ({ Pending: 'pending', Rejected: 'rejected' } as Record<string, string>)[q.stamp ?? ''];
  return page(ctx, t(l, 'documents'), html`<form method="get" action="/app/documents" class="filters" role="search"
    hx-get="/app/documents" hx-target="#results" hx-select="#results" hx-swap="outerHTML" hx-push-url="true">
  <div class="field"><label for="f-kind">${t(l, 'kind')}</label><select id="f-kind" name="kind">${kindsOf(ctx.country).map((k) =>
    html`<option value="${k.path}"${k.path === kind.path ? html` selected` : ''}>${t(l, k.label)}</option>`)}</select></div>
  <div class="field"><label for="f-q">${w(l, 'search')}</label><input id="f-q" name="q" type="search" value="${q.q ?? ''}" aria-describedby="f-q-hint">
  <span class="hint" id="f-q-hint">${w(l, 'searchHint')}</span></div>
  ${field('from', t(l, 'from'), q.from, 'date')}${field('to', t(l, 'to'), q.to, 'date')}
  <div class="field"><label for="f-type">${w(l, 'documentType')}</label><select id="f-type" name="type">${option('', w(l, 'anyType'), q.type ?? '')}${types.map((ty) =>
    option(String(ty.id), `${ty.code} · ${ty.name}`, q.type))}</select></div>
  <div class="field"><label for="f-status">${t(l, 'status')}</label><select id="f-status" name="status">${option('', w(l, 'anyStatus'), chosenStatus ?? '')}${statuses.map((s) =>
    option(s, STATUS_NAMES[s][l === 'en' ? 1 : 0], chosenStatus))}</select></div>
  ${(['sort', 'dir', 'size', 'name', 'customer'] as const).map((k) => (q[k] ? html`<input type="hidden" name="${k}" value="${q[k]}">` : ''))}
  <button type="submit">${t(l, 'search')}</button></form>${table}`);
}

/** Where the totals row goes: read after the page (htmx), since the whole filter may be a million documents. */
function totalsPlaceholder(ctx: Ctx, qs: string, columns: number): Html {
  return html`<tfoot id="totals" hx-get="/app/documents/totals?${qs}" hx-trigger="load" hx-swap="outerHTML"><tr><td colspan="${columns + 1}">${w(ctx.lang, 'computing')}</td></tr></tfoot>`;
}

/** The totals row of the whole filter: how many documents, the sums of their totals and balances (without the annulled). */
export async function totalsRow(ctx: Ctx, q: Record<string, string | undefined>, db: Db): Promise<Html> {
  const l = ctx.lang;
  const kind = kindOf(ctx, q.kind || 'invoices');
  const cols = columnsOf(kind.path);
  // From the kept sums when the filter allows it (totals.ts), else from the invoices.
  const s = await keptTotals(ctx, db, kind.path, q) ?? await listTotals(ctx, db, kind.path, q);
  const m = (v: string | null) => (v === null ? '' : money(ctx.country, v));
  // The label spans the checkbox, number, date and customer columns; then the total, the balance, and what is left.
  return html`<tfoot id="totals"><tr><th scope="row" colspan="4">${w(l, 'totals')}: <span id="totals-count">${s.count}</span> ${w(l, 'documents')} (${w(l, 'withoutAnnulled')})</th>
  <td class="num" id="totals-total">${m(s.total)}</td>${cols.includes('balance') ? html`<td class="num" id="totals-balance">${m(s.balance)}</td>` : ''}
  <td colspan="${cols.length - (cols.includes('balance') ? 5 : 4)}"></td></tr></tfoot>`;
}
