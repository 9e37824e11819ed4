/** The documents list: one kind at a time, filtered and sorted, in keyset pages. */
import type { Db } from '../platform/db';
import { html, type Html } from './html';
import { day, money, status, t, type Key } from './i18n';
import { apiErrors, page } from './layout';
import type { Ctx } from './context';
import { BadList, sortedPage, sortOf, type ListRow, type SortKey } from './sort';
import { KINDS, kindOf, statusOf } from './kinds';

const customerName = (c: ListRow['customer']) => (c ? (Array.isArray(c.name) ? c.name.join(' ') : c.name) ?? c.identification ?? c.rfc_id ?? '' : '');

const field = (name: string, label: string, value: string | undefined, type = 'text') =>
  html`<div class="field"><label for="f-${name}">${label}</label><input id="f-${name}" name="${name}" type="${type}" value="${value ?? ''}"></div>`;

/**
 * The documents of one kind: newest first through the API's own list (its indexes and keyset pages: `after`), or
 * sorted by date, number or total in keyset pages of their own (sort.ts). `size`: rows per page (1 to 100, 25).
 */
export async function documentsPage(ctx: Ctx, q: Record<string, string | undefined>, db?: Db): Promise<Html> {
  const l = ctx.lang;
  const kind = kindOf(ctx, q.kind || 'invoices');
  const size = q.size ? Number(q.size) : 25;
  if (!Number.isInteger(size) || size < 1 || size > 100) throw new BadList('size', String(q.size));
  // A status filter reads the documents of that status (the few waiting or rejected from their own index) newest date first, not a
  // page of the whole list filtered afterwards.
  const sort = sortOf(q) ?? (q.stamp && kind.stamped && db ? { key: 'date' as const, dir: 'desc' as const } : null);
  let rows: ListRow[] = [];
  let problem: Html | string = '';
  let next: URLSearchParams | null = null;
  const kept = (over: Record<string, string>) => new URLSearchParams({ ...Object.fromEntries(Object.entries(q).filter(([k, v]) => v && k !== 'after' && k !== 'cursor')) as Record<string, string>, ...over });
  if (sort && db) {
    const p = await sortedPage(ctx, db, kind.path, q, sort, size);
    rows = p.rows;
    if (p.next) next = kept({ cursor: p.next });
  } else {
    const params = new URLSearchParams({ page_size: String(size) });
    const set = (api: string, v: string | undefined) => { if (v) params.set(api, v); };
    set('name', q.name?.trim());
    set('customer_identification', q.customer?.trim());
    set('date_start', q.from);
    set('date_end', q.to);
    set('after', q.after);
    type ApiRow = Omit<ListRow, 'total'> & { total?: number; amount?: number; payment?: { value?: number } | null };
    const res = await ctx.api<{ results: ApiRow[] }>('GET', `/${kind.path}?${params}`);
    const all: ListRow[] = res.status === 200 ? res.body.results.map((r) => ({ ...r, total: String(r.total ?? r.amount ?? r.payment?.value ?? '') })) : [];
    if (res.status !== 200) problem = apiErrors(l, res.body);
    rows = q.stamp ? all.filter((r) => r.stamp?.status === q.stamp) : all;
    if (res.status === 200 && all.length === size) next = kept({ after: all[all.length - 1].id });
  }
  const sortLink = (key: SortKey, label: Key) => {
    const on = sort?.key === key;
    const dir = on && sort?.dir === 'asc' ? 'desc' : 'asc';
    const href = `/app/documents?${kept({ sort: key, dir }).toString()}`;
    return html`<th scope="col"${key === 'total' ? html` class="num"` : ''}${on ? html` aria-sort="${sort?.dir === 'asc' ? 'ascending' : 'descending'}"` : ''}><a href="${href}">${t(l, label)}${on ? (sort?.dir === 'asc' ? ' ▲' : ' ▼') : ''}</a></th>`;
  };
  const number = sortLink('number', 'number');
  const said = await statusOf(ctx, kind.path);
  const table = html`<div id="results">${problem}
  ${rows.length ? html`<div class="scroll" tabindex="0" role="region" aria-label="${t(l, kind.label)}"><table><caption>${t(l, kind.label)}</caption><thead><tr>${number}${sortLink('date', 'date')}
  <th scope="col">${t(l, 'customerName')}</th>${sortLink('total', 'total')}<th scope="col">${t(l, 'status')}</th></tr></thead><tbody>
  ${rows.map((r) => html`<tr><td><a href="/app/documents/${kind.path}/${r.id}">${r.name}</a></td><td>${day(r.date)}</td>
    <td>${customerName(r.customer)}</td><td class="num">${money(ctx.country, r.total)}</td>
    <td>${r.annulled ? t(l, 'annulled') : said(r)}${r.cancellation ? html` · ${status(l, r.cancellation.status)}` : ''}</td></tr>`)}
  </tbody></table></div>` : html`<p>${t(l, 'none')}</p>`}
  <p class="pager">${q.after || q.cursor ? html`<a href="/app/documents?${kept({}).toString()}">${t(l, 'first')}</a> ` : ''}${next ? html`<a href="/app/documents?${next.toString()}" rel="next">${t(l, 'next')}</a>` : ''}</p></div>`;
  return page(ctx, t(l, 'documents'), html`<form method="get" action="/app/documents" class="filters" role="search"
    hx-get="/app/documents" hx-target="#results" hx-select="#results" hx-swap="outerHTML" hx-push-url="true">
  <div class="field"><label for="f-kind">${t(l, 'kind')}</label><select id="f-kind" name="kind">${KINDS[ctx.country].map((k) =>
    html`<option value="${k.path}"${k.path === kind.path ? html` selected` : ''}>${t(l, k.label)}</option>`)}</select></div>
  ${field('name', t(l, 'number'), q.name)}${field('customer', t(l, 'customer'), q.customer)}
  ${field('from', t(l, 'from'), q.from, 'date')}${field('to', t(l, 'to'), q.to, 'date')}
  <div class="field"><label for="f-stamp">${t(l, 'status')}</label><select id="f-stamp" name="stamp"><option value="">—</option>${['Draft', 'Pending', 'Accepted', 'Rejected'].map((s) =>
    html`<option value="${s}"${q.stamp === s ? html` selected` : ''}>${status(l, s)}</option>`)}</select></div>
  ${(['sort', 'dir', 'size'] as const).map((k) => (q[k] ? html`<input type="hidden" name="${k}" value="${q[k]}">` : ''))}
  <button type="submit">${t(l, 'search')}</button></form>${table}`);
}
