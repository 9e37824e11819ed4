/** Read pages: Home (the month, what is owed, what needs attention), the documents list, one document. */
import type { Db } from '../platform/db';
import { html, type Html } from './html';
import { day, money, status, t, type Key } from './i18n';
import { apiErrors, csrfField, page } from './layout';
import { Refused, type Ctx } from './context';
import { BadList, sortedPage, sortOf, type ListRow, type SortKey } from './sort';
import { authorityLines } from './authority-messages';
import type { CoInvoiceDocument } from '../invoices/co/schema';
import type { MxInvoiceDocument } from '../invoices/mx/schema';
import type { NoteDocument } from '../notes/schema';
import type { MxCreditNoteDocument } from '../notes/mx';
import type { VoucherDocument } from '../vouchers/schema';
import type { PaymentDocument } from '../payments/schema';
import { contactEmails } from '../mail/send';
import { controlErrors, underField } from './messages';
import type { Form } from './forms';

/** What GET /{kind}/{id} answers, whatever the kind and country. */
type DocumentAnswer = CoInvoiceDocument | MxInvoiceDocument | NoteDocument | MxCreditNoteDocument | VoucherDocument | PaymentDocument;
/**
 * The fields of a document's answer this page reads; each kind has some of them (a voucher no stamp, a payment
 * receipt an `amount` for its total). Every answer type above is assignable to it (checked where it is read).
 */
interface DocumentView {
  name: string | null; date: string; annulled: boolean;
  currency?: { code: string };
  customer?: { name?: string; identification?: string; rfc_id?: string; branch_office?: number } | null;
  total?: number; amount?: number; balance?: number; subtotal?: number; discounts?: number; taxes_total?: number; withholdings_total?: number; amount_payable?: number;
  /** Its document type. */
  document?: { id: number };
  /** A note's invoice (Colombia) or invoices (Mexico). */
  invoice?: { id: string; name: string }; invoices?: { id: string; name: string }[];
  stamp?: { status: string; cufe?: string | null; cude?: string | null; uuid?: string | null; errors: string | null; observations: string | null };
  mail?: { status: string };
  cancellation?: { status: string; motive: string; errors: string | null } | null;
  payment?: { method?: string; value?: number } | null;
  items?: { code?: string; description?: string; quantity?: number; price?: number; total?: number; taxes?: { name?: string | null; type: string; value: number }[];
    /** A cash receipt's line: what it paid (the due item of an invoice) and how much. */
    value?: number; due?: { prefix: string; consecutive: number; quote: number } }[];
}

const customerName = (c: ListRow['customer']) => (c ? (Array.isArray(c.name) ? c.name.join(' ') : c.name) ?? c.identification ?? c.rfc_id ?? '' : '');

/** The document kinds of each country: their API collection and their name in the console. */
export const KINDS: Record<'CO' | 'MX', { path: string; label: Key; stamped: boolean }[]> = {
  CO: [{ path: 'invoices', label: 'invoices', stamped: true }, { path: 'credit-notes', label: 'creditNotes', stamped: true },
    { path: 'debit-notes', label: 'debitNotes', stamped: true }, { path: 'vouchers', label: 'vouchers', stamped: false }],
  MX: [{ path: 'invoices', label: 'invoices', stamped: true }, { path: 'credit-notes', label: 'creditNotes', stamped: true },
    { path: 'payments', label: 'payments', stamped: true }],
};

export function kindOf(ctx: Ctx, path: string) {
  const k = KINDS[ctx.country].find((x) => x.path === path);
  if (!k) throw new Refused(404, 'kind');
  return k;
}

export async function homePage(ctx: Ctx, db: Db): Promise<Html> {
  const l = ctx.lang;
  const cid = ctx.company.company_id;
  const [f] = await db.query<{ month_total: string; month_count: number; owed: string; overdue: string; waiting: number; rejected: number;
    failed_mails: number; failed_hooks: number }>(
    `WITH today AS (SELECT (now() AT TIME ZONE $2)::date AS d),
     -- What is open per due date: the receivables sums of today and their pending changes (migration 023), not every due item.
     dues AS (SELECT due_date, open FROM receivable_dues WHERE company_id = $1 UNION ALL SELECT due_date, open FROM receivable_pending WHERE company_id = $1),
     -- This month's total and count in one pass over the month's entries of invoices_date (index-only: it carries total and annulled).
     month AS (SELECT coalesce(sum(total), 0) AS total, count(*)::int AS n FROM invoices, today
                WHERE company_id = $1 AND deleted_at IS NULL AND NOT annulled AND date >= date_trunc('month', today.d)::date)
     SELECT (SELECT total FROM month) AS month_total, (SELECT n FROM month) AS month_count,
            (SELECT coalesce(sum(open), 0) FROM dues) AS owed,
            (SELECT coalesce(sum(open), 0) FROM dues, today WHERE due_date < today.d) AS overdue,
            (SELECT count(*)::int FROM invoices WHERE company_id = $1 AND deleted_at IS NULL AND stamp_status = 'Pending') AS waiting,
            (SELECT count(*)::int FROM invoices WHERE company_id = $1 AND deleted_at IS NULL AND stamp_status = 'Rejected') AS rejected,
            (SELECT count(*)::int FROM mails WHERE company_id = $1 AND status = 'failed_delivery') AS failed_mails,
            (SELECT count(*)::int FROM webhook_deliveries WHERE company_id = $1 AND status = 'failed') AS failed_hooks`,
    [cid, ctx.company.time_zone]);
  const expiring = await db.query<{ what: 'certificate' | 'resolution'; name: string; until: string | Date }>(
    `WITH today AS (SELECT (now() AT TIME ZONE $2)::date AS d)
     SELECT 'certificate' AS what, subject AS name, not_after::date AS until FROM company_credentials, today
       WHERE company_id = $1 AND active AND not_after::date <= today.d + 30
     UNION ALL
     SELECT 'resolution', code || ' · ' || (resolution->>'number'), (resolution->>'valid_to')::date FROM document_types, today
       WHERE company_id = $1 AND active AND resolution IS NOT NULL AND (resolution->>'valid_to')::date <= today.d + 30
     ORDER BY until`, [cid, ctx.company.time_zone]);
  const m = (v: unknown) => money(ctx.country, v as number);
  const warn = (r: (typeof expiring)[number]) => (l === 'en'
    ? `${r.what === 'certificate' ? 'Certificate' : 'Numbering resolution'} ${r.name} ${new Date(r.until) < new Date() ? 'expired' : 'expires'} on ${day(new Date(r.until).toISOString())}`
    : `${r.what === 'certificate' ? 'El certificado' : 'La resolución de numeración'} ${r.name} ${new Date(r.until) < new Date() ? 'venció' : 'vence'} el ${day(new Date(r.until).toISOString())}`);
  const card = (label: Key, value: string, link?: string) =>
    html`<div class="card"><h2>${t(l, label)}</h2><p class="figure">${link ? html`<a href="${link}">${value}</a>` : value}</p></div>`;
  return page(ctx, t(l, 'home'), html`${expiring.length ? html`<div class="warning" role="region" aria-labelledby="h-expiring" id="expiring"><h2 id="h-expiring">${l === 'en' ? 'Close to expiry (30 days)' : 'Próximos a vencer (30 días)'}</h2>
  <ul>${expiring.map((r) => html`<li>${warn(r)}${ctx.can('owner') ? html` · <a href="/app/settings${r.what === 'certificate' ? '/certificates' : ''}">${l === 'en' ? 'Settings' : 'Configuración'}</a>` : ''}</li>`)}</ul></div>` : ''}<div class="cards">
  ${card('invoicedMonth', `${m(f.month_total)} · ${f.month_count} ${t(l, 'count')}`)}
  ${card('owed', m(f.owed))}${card('overdue', m(f.overdue))}
  ${card('waiting', String(f.waiting), '/app/documents?stamp=Pending')}${card('rejected', String(f.rejected), '/app/documents?stamp=Rejected')}
  ${card('failedMails', String(f.failed_mails))}${card('failedHooks', String(f.failed_hooks))}</div>`);
}

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

/**
 * A document's status as the console says it: a Colombian invoice of a plain (not electronic) type is issued the
 * moment it is created, never a draft waiting for the DIAN (its `stamp.status` stays Draft: it is never sent).
 */
async function statusOf(ctx: Ctx, path: string): Promise<(row: { stamp?: { status?: string }; mail?: { status: string }; document?: { id: number } }) => string> {
  let plain = new Set<number>();
  if (ctx.country === 'CO' && path === 'invoices') {
    const res = await ctx.api<{ id: number; electronic_type?: string | null }[]>('GET', '/document-types?type=FV');
    if (res.status === 200) plain = new Set(res.body.filter((t) => t.electronic_type === 'NoElectronic').map((t) => t.id));
  }
  return (r) => status(ctx.lang, r.stamp?.status === 'Draft' && r.document && plain.has(r.document.id) ? 'Issued' : r.stamp?.status ?? r.mail?.status);
}

/**
 * The recipients of a document's e-mail, editable before it is sent (the API's mail_to and copy_to, each a list separated
 * by ";"): "To" starts with the customer's contact e-mails, those the API sends to when it is left empty.
 */
async function mailFields(ctx: Ctx, customer: DocumentView['customer'], sent?: Form, errors?: unknown): Promise<Html> {
  const l = ctx.lang;
  let to = '';
  const identification = customer?.identification ?? customer?.rfc_id;
  if (!sent && identification) {
    const res = await ctx.api<{ results: { contacts?: { email?: string | null }[] }[] }>('GET',
      `/customers?identification=${encodeURIComponent(identification)}&branch_office=${customer?.branch_office ?? 0}`);
    if (res.status === 200 && res.body.results.length) to = contactEmails(res.body.results[0]).join('; ');
  }
  const bad = controlErrors(l, errors);
  const field = (name: 'mail_to' | 'copy_to', label: string, hint: string, value: string) => html`<label for="${name}">${label}</label>
    <input id="${name}" name="${name}" type="text" inputmode="email" autocomplete="off" value="${value}" aria-describedby="${name}-hint${bad.has(name) ? ` err-${name}` : ''}"${
    bad.has(name) ? html` aria-invalid="true"` : ''}><span class="hint" id="${name}-hint">${hint}</span>${underField(name, bad.get(name))}`;
  const one = (v: string | string[] | undefined) => String([v].flat()[0] ?? '');
  return html`${field('mail_to', l === 'en' ? 'To' : 'Para', l === 'en' ? 'Addresses separated by ";" (at most 5); empty: the customer\'s contacts'
    : 'Direcciones separadas por «;» (hasta 5); vacío: los contactos del cliente', sent ? one(sent.mail_to) : to)}
    ${field('copy_to', l === 'en' ? 'Copy to' : 'Con copia a', l === 'en' ? 'At most 5, separated by ";"' : 'Hasta 5, separadas por «;»', sent ? one(sent.copy_to) : '')}`;
}

/** One document with its authority status and the actions the session's role allows. */
export async function documentPage(ctx: Ctx, path: string, id: string, flash?: { ok?: string; errors?: unknown; trail?: Html; sent?: Form }): Promise<{ status: number; body: Html }> {
  const l = ctx.lang;
  const kind = kindOf(ctx, path);
  if (!/^[0-9a-f-]{36}$/i.test(id)) throw new Refused(404, 'id');
  const res = await ctx.api<DocumentAnswer>('GET', `/${kind.path}/${id}`);
  if (res.status === 404) throw new Refused(404, 'document');
  if (res.status !== 200) throw new Error(`GET /${kind.path}/${id}: ${res.status}`);
  const d: DocumentView = res.body;
  const m = (v: unknown) => money(ctx.country, v as number, d.currency?.code);
  const stamp: Partial<NonNullable<DocumentView['stamp']>> = d.stamp ?? {};
  const base = `/app/documents/${kind.path}/${id}`;
  const customer = d.customer ?? {};
  const items = d.items ?? [];
  // A cash receipt's lines say what they paid: the invoice and installment, or their concept.
  const paidLines = items.length > 0 && items.every((i) => i.value !== undefined && i.code === undefined);
  const related = d.invoices ?? (d.invoice ? [d.invoice] : []);
  const act = (action: string, label: Key, extra: Html = html``, confirm = false) => html`<form method="post" action="${base}/${action}" class="action">${csrfField(ctx)}${extra}
    ${confirm ? html`<div class="check"><input type="checkbox" id="confirm-${action}" name="confirm" value="yes" required><label for="confirm-${action}">${t(l, 'confirm')}</label></div>` : ''}
    <button type="submit">${t(l, label)}</button></form>`;
  const live = !d.annulled && !(d.cancellation?.status === 'Cancelled');
  const actions: Html[] = [];
  if (ctx.can('accountant') && live) {
    actions.push(act('mail', 'sendMail', await mailFields(ctx, d.customer, flash?.sent, flash?.errors)));
    if (kind.stamped && (stamp.status === 'Draft' || stamp.status === 'Rejected')) actions.push(act('stamp', 'resend'));
    if (ctx.country === 'MX' && stamp.status === 'Accepted') {
      actions.push(act('cancel', 'cancel', html`<label for="motive">${t(l, 'motive')}</label><select id="motive" name="motive">
        <option value="02">02 · Comprobante emitido con errores sin relación</option><option value="01">01 · Comprobante emitido con errores con relación</option>
        <option value="03">03 · No se llevó a cabo la operación</option><option value="04">04 · Operación nominativa relacionada en una factura global</option></select>
        <label for="substitution">${t(l, 'substitution')}</label><input id="substitution" name="substitution">`, true));
    } else if (!(ctx.country === 'MX' && stamp.status === 'Accepted')) {
      actions.push(act('annul', 'annul', html``, true));
    }
    if (kind.path === 'invoices') actions.push(html`<p><a class="button" href="${base}/credit-note">${t(l, 'creditNote')}</a></p>`);
    if (kind.path === 'invoices' && ctx.country === 'CO' && Number(d.balance ?? 0) > 0) {
      actions.push(html`<p><a class="button" href="${base}/receipt">${l === 'en' ? 'Cash receipt for this invoice' : 'Recibo de caja de esta factura'}</a></p>`);
    }
    if (kind.path === 'invoices' && ctx.country === 'CO') {
      actions.push(html`<p><a class="button" href="${base}/debit-note">${l === 'en' ? 'Debit note of this invoice' : 'Nota débito de esta factura'}</a></p>`);
    }
    if (kind.path === 'invoices' && ctx.country === 'MX' && d.payment?.method === 'PPD' && Number(d.balance ?? 0) > 0) {
      actions.push(html`<p><a class="button" href="${base}/payment">${l === 'en' ? 'Payment receipt for this invoice' : 'Complemento de pago de esta factura'}</a></p>`);
    }
  }
  const body = html`${flash?.ok ? html`<p class="ok" role="status">${flash.ok}</p>` : ''}${flash?.errors ? apiErrors(l, flash.errors) : ''}
  <div class="cards">
   <div class="card"><h2>${t(l, 'date')}</h2><p>${day(d.date)}</p></div>
   <div class="card"><h2>${t(l, 'customerName')}</h2><p>${customer.name ?? ''} ${customer.identification ?? customer.rfc_id ?? ''}</p></div>
   <div class="card"><h2>${t(l, 'total')}</h2><p class="figure" id="doc-total">${m(d.total ?? d.amount)}</p>${d.balance !== undefined ? html`<p>${t(l, 'balance')}: ${m(d.balance)}</p>` : ''}</div>
   <div class="card"><h2>${t(l, 'authority')}</h2><p id="doc-status">${d.annulled ? t(l, 'annulled') : (await statusOf(ctx, kind.path))({ stamp, document: d.document }) || '—'}</p>
    ${stamp.cufe || stamp.cude || stamp.uuid ? html`<p class="code">${stamp.cufe ? 'CUFE' : stamp.cude ? 'CUDE' : 'UUID'}: ${stamp.cufe ?? stamp.cude ?? stamp.uuid}</p>` : ''}
    ${d.cancellation ? html`<p>${t(l, 'cancellation')}: ${status(l, d.cancellation.status)} (${d.cancellation.motive})${d.cancellation.errors ? html` — ${d.cancellation.errors}` : ''}</p>` : ''}
    <p>${t(l, 'mail')}: ${status(l, d.mail?.status)}</p></div>
   ${related.length ? html`<div class="card"><h2>${l === 'en' ? 'Invoice' : 'Factura'}</h2><p id="doc-invoices">${related.map((x) => html`<a href="/app/documents/invoices/${x.id}">${x.name}</a> `)}</p></div>` : ''}</div>
  ${stamp.errors || stamp.observations ? html`<section aria-labelledby="h-errors"><h2 id="h-errors">${t(l, 'errors')}</h2><ul class="error">${authorityLines(l, ctx.country, stamp.errors)}${authorityLines(l, ctx.country, stamp.observations)}</ul></section>` : ''}
  ${paidLines ? html`<section aria-labelledby="h-lines"><h2 id="h-lines">${l === 'en' ? 'What it pays' : 'Qué paga'}</h2><div class="scroll" tabindex="0" role="region" aria-labelledby="h-lines"><table>
   <thead><tr><th scope="col">${t(l, 'description')}</th><th scope="col" class="num">${t(l, 'total')}</th></tr></thead><tbody>${items.map((i) => html`<tr>
   <td>${i.due ? `${l === 'en' ? 'Invoice' : 'Factura'} ${i.due.prefix}-${i.due.consecutive}, ${l === 'en' ? 'installment' : 'cuota'} ${i.due.quote}` : i.description ?? ''}</td><td class="num">${m(i.value)}</td></tr>`)}</tbody></table></div></section>` : ''}
  ${items.length && !paidLines ? html`<section aria-labelledby="h-lines"><h2 id="h-lines">${t(l, 'lines')}</h2><div class="scroll" tabindex="0" role="region" aria-labelledby="h-lines"><table><thead><tr>
   <th scope="col">${t(l, 'product')}</th><th scope="col">${t(l, 'description')}</th><th scope="col" class="num">${t(l, 'quantity')}</th><th scope="col" class="num">${t(l, 'price')}</th>
   <th scope="col">${t(l, 'taxes')}</th><th scope="col" class="num">${t(l, 'total')}</th></tr></thead><tbody>${items.map((i) => html`<tr><td>${i.code ?? ''}</td><td>${i.description ?? ''}</td>
   <td class="num">${i.quantity ?? ''}</td><td class="num">${m(i.price)}</td><td>${(i.taxes ?? []).map((x) => html`${x.name ?? x.type}: ${m(x.value)} `)}</td><td class="num">${m(i.total)}</td></tr>`)}</tbody></table></div></section>` : ''}
  <section aria-labelledby="h-totals"><h2 id="h-totals">${t(l, 'total')}</h2><dl class="totals">
   ${d.subtotal !== undefined ? html`<dt>${t(l, 'subtotal')}</dt><dd>${m(d.subtotal)}</dd>` : ''}${d.discounts ? html`<dt>${l === 'en' ? 'Discounts' : 'Descuentos'}</dt><dd id="doc-discounts">−${m(d.discounts)}</dd>` : ''}${d.taxes_total !== undefined ? html`<dt>${t(l, 'taxes')}</dt><dd>${m(d.taxes_total)}</dd>` : ''}
   ${d.withholdings_total ? html`<dt>${t(l, 'withholdings')}</dt><dd>${m(d.withholdings_total)}</dd>` : ''}<dt>${t(l, 'total')}</dt><dd>${m(d.total ?? d.amount)}</dd>
   ${d.amount_payable !== undefined ? html`<dt>${t(l, 'payable')}</dt><dd>${m(d.amount_payable)}</dd>` : ''}</dl></section>
  <section aria-labelledby="h-files"><h2 id="h-files">PDF · XML</h2><p><a class="button" href="${base}/pdf" download="${d.name}.pdf">${t(l, 'downloadPdf')}</a>
   ${kind.stamped && stamp.status && stamp.status !== 'Draft' ? html` <a class="button" href="${base}/xml" download="${d.name}.xml">${t(l, 'downloadXml')}</a>` : ''}</p></section>
  ${flash?.trail ?? ''}
  ${actions.length ? html`<section aria-labelledby="h-actions"><h2 id="h-actions">${t(l, 'actions')}</h2><div class="actions">${actions}</div></section>` : ''}`;
  return { status: flash?.errors ? 400 : 200, body: page(ctx, `${t(l, kind.label).replace(/s$/, '')} ${d.name}`, body) };
}
