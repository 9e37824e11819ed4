/**
 * New invoice and credit note forms. The form is turned into the API's own body and sent to the API's own
 * routes (preview for the live totals, then creation), so the rules and messages are the API's. An empty
 * payment value means "the amount due": the preview's invalid_total_payments names it ("expected …").
 */
import crypto from 'node:crypto';
import { html, type Html } from './html';
import { money, t } from './i18n';
import { apiErrors, csrfField, page } from './layout';
import { activeList, type ApiAnswer, type Ctx, ublForms } from './context';
import { controlErrors, underField, type ApiErrorItem } from './messages';
import { BadAmount, parseAmount } from './amounts';
import { CHARGED, customerOption, customerSelect, described, productCell, select, type ControlErrors, type ProductChoice } from './pickers';
import { country as countryOf } from '../countries';

export type Form = Record<string, string | string[] | undefined>;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/**
 * A form that creates a document carries a one-time key, made when the form is first shown and kept when it comes
 * back with errors: its creation goes to the API under it as the Idempotency-Key, so a double submit, Back and Enter,
 * a refresh or a retry answers the document already made (and the console redirects to it), never a second number.
 */
export const formKeyField = (sent?: Form) => {
  const kept = one(sent?.form_key);
  return html`<input type="hidden" name="form_key" value="${UUID.test(kept) ? kept : crypto.randomUUID()}">`;
};
/** The Idempotency-Key header of a submitted form's creation (none when the form carries no valid key). */
export const formKey = (f: Form): Record<string, string> => (UUID.test(one(f.form_key)) ? { 'Idempotency-Key': one(f.form_key) } : {});
const list = (v: string | string[] | undefined): string[] => (Array.isArray(v) ? v : v === undefined ? [] : [v]);
const one = (v: string | string[] | undefined): string => (Array.isArray(v) ? v[0] ?? '' : v ?? '').trim();
const LINES = 4;

/** The amount fields a form echoes back. */
const ECHOED = ['quantity', 'price', 'discount'] as const;
/**
 * What an amount field will store, next to it: `= $ 1.234,56` as the company's country writes it (a quantity as a
 * number), or why it cannot be read (parseAmount). The preview sends them again as out-of-band swaps while one types.
 */
export function echo(ctx: Ctx, id: string, typed: string, quantity = false, oob = false): Html {
  const n = parseAmount(typed, ctx.country);
  const text = n === undefined ? '' : n instanceof BadAmount ? n.message[ctx.lang === 'en' ? 1 : 0]
    : `= ${quantity ? new Intl.NumberFormat(countryOf(ctx.country).numbers.locale, { maximumFractionDigits: 6 }).format(n) : money(ctx.country, n)}`;
  return html`<output id="echo-${id}" class="echo${n instanceof BadAmount ? ' bad' : ''}"${oob ? html` hx-swap-oob="true"` : ''}>${text}</output>`;
}
/** The echoes of every amount of the invoice form, to swap in beside the fields (with the preview's totals). */
export function echoes(ctx: Ctx, f: Form): Html {
  const lines = list(f.code).map((_, i) => ECHOED.map((name) => echo(ctx, `${name}-${i}`, list(f[name])[i] ?? '', name === 'quantity', true)));
  return html`${lines}${echo(ctx, 'payment_value', one(f.payment_value), false, true)}`;
}

interface Named { id: number; name: string; code?: string; active?: boolean }
/** The lists the forms offer, as the API's lookups answer them (only the fields read here). */
interface Catalog {
  types: Named[]; customers: { identification?: string; rfc_id?: string; branch_office?: number; name?: string | string[] }[];
  products: ProductChoice[]; taxes: (Named & { type: string })[]; pays: Named[];
  sellers: { id: number; first_name?: string; last_name?: string; username?: string }[]; uses: { code: string; name?: string; description?: string }[];
}
/** An invoice as a credit note starts from it (GET /invoices/{id}: CoInvoiceAnswer or MxInvoiceAnswer). */
export interface NoteSource {
  id: string; name: string | null; seller?: number;
  /** What the invoice still owes (a Mexican note on a paid invoice is a refund, not 17 Compensación). */
  balance?: number;
  items: { code: string; quantity: number; price: number; discount?: number | { value: number }; taxes?: { id: number; type: string }[] }[];
  /** Its document-level withholdings: ids (Mexico) or taxes (Colombia); a note withholds what its invoice did. */
  retentions?: (number | { id: number })[];
}

/**
 * The withholdings a form offers: at source on each Colombian line (Retefuente, a line tax); on the document, Colombia's
 * ReteIVA, ReteICA and self-withholding, Mexico's withheld IVA and ISR (the API's `retentions`).
 */
const AT_SOURCE = 'Retefuente';
/** The document's withholdings as the API's body takes them. */
const retentionsOf = (ctx: Ctx, f: Form) => {
  const ids = list(f.retention).map(Number).filter((x) => Number.isInteger(x) && x > 0);
  return ids.length ? { retentions: ublForms(ctx) ? ids.map((id) => ({ id })) : ids } : {};
};
/** The checkboxes of the document's withholdings. */
function retentionsField(ctx: Ctx, c: Catalog, f: Form): Html {
  const offered = c.taxes.filter((x) => countryOf(ctx.country).documents.documentWithholdings.includes(x.type));
  if (!offered.length) return html``;
  const chosen = new Set(list(f.retention));
  return html`<fieldset class="checks"><legend>${t(ctx.lang, 'documentWithholdings')}</legend>${offered.map((x) => html`<div class="check"><input type="checkbox" id="retention-${x.id}" name="retention" value="${x.id}"${
    chosen.has(String(x.id)) ? html` checked` : ''}><label for="retention-${x.id}">${x.name}</label></div>`)}</fieldset>`;
}

/** The lists a form offers, with what the form has chosen that their first pages leave out (found by a picker's search). */
async function catalog(ctx: Ctx, docType: 'FV' | 'NC', f: Form = {}): Promise<Catalog> {
  const [types, customers, products, taxes, pays, sellers, uses] = await Promise.all([
    activeList<Catalog['types'][number]>(ctx, `/document-types?type=${docType}`), docType === 'FV' ? activeList<Catalog['customers'][number]>(ctx, '/customers?page_size=100') : [],
    activeList<Catalog['products'][number]>(ctx, '/products?page_size=100'), activeList<Catalog['taxes'][number]>(ctx, '/taxes'),
    activeList<Catalog['pays'][number]>(ctx, `/payment-types?document_type=${docType}`), activeList<Catalog['sellers'][number]>(ctx, '/users?page_size=100'),
    !ublForms(ctx) && docType === 'FV' ? activeList<Catalog['uses'][number]>(ctx, '/uses') : []]);
  const missing = [...new Set(list(f.code).map((c) => c.trim()))].filter((c) => c && !products.some((p) => p.code === c)).slice(0, 50);
  const found = await Promise.all(missing.map((code) => activeList<ProductChoice>(ctx, `/products?code=${encodeURIComponent(code)}`)));
  const [identification, branch] = one(f.customer).split('|');
  const chosen = docType === 'FV' && identification && !customers.some((x) => customerOption(x)[0] === one(f.customer))
    ? await activeList<Catalog['customers'][number]>(ctx, `/customers?identification=${encodeURIComponent(identification)}&branch_office=${Number(branch) || 0}`) : [];
  return { types, customers: [...chosen, ...customers], products: [...products, ...found.flat()], taxes, pays, sellers, uses };
}

const today = (ctx: Ctx) => new Intl.DateTimeFormat('en-CA', { timeZone: ctx.company.time_zone }).format(new Date());

function lineItems(ctx: Ctx, f: Form) {
  const codes = list(f.code);
  const num = (s: string) => parseAmount(s, ctx.country);
  return codes.map((code, i) => ({ code: code.trim(), quantity: num(list(f.quantity)[i] ?? ''), price: num(list(f.price)[i] ?? ''),
    discount: num(list(f.discount)[i] ?? ''), tax: list(f.tax)[i] ?? '', withholding: list(f.withholding)[i] ?? '' }))
    .filter((x) => x.code)
    .map((x) => ({ code: x.code, quantity: x.quantity, price: x.price, ...(x.discount ? { discount: x.discount } : {}),
      ...(ublForms(ctx) ? { taxes: [x.tax, x.withholding].filter(Boolean).map((id) => ({ id: Number(id) })) } : {}) }));
}

/** The API body of the new-invoice form (the payment value as given, or `payable`). */
export function invoiceBody(ctx: Ctx, f: Form, payable?: number): Record<string, unknown> {
  const value = parseAmount(one(f.payment_value), ctx.country) ?? payable ?? 0;
  const due = one(f.due_date) || undefined;
  const common = { document: { id: Number(one(f.document)) }, seller: Number(one(f.seller)) || undefined, items: lineItems(ctx, f), ...retentionsOf(ctx, f),
    ...(one(f.stamp) === 'yes' ? { stamp: { send: true } } : {}) };
  if (ublForms(ctx)) {
    const [identification, branch] = one(f.customer).split('|');
    return { ...common, date: one(f.date) || today(ctx), customer: { identification, branch_office: Number(branch ?? 0) },
      payments: [{ id: Number(one(f.payment)), value, ...(due ? { due_date: due } : {}) }] };
  }
  const [rfc, branch] = one(f.customer).split('|');
  return { ...common, customer: { rfc_id: rfc, branch_office: Number(branch ?? 0) }, use: one(f.use) || 'G03',
    payment: { method: one(f.method) || 'PUE', conditions: { id: Number(one(f.payment)), value, ...(due ? { due_date: due } : {}) } } };
}

/** What the payment must be, read from the API's own refusal of a payment left empty. */
export function expectedPayment(body: unknown): number | undefined {
  const list = (body as { Errors?: ApiErrorItem[] } | undefined)?.Errors;
  const e = Array.isArray(list) ? list.find((x) => x.Code === 'invalid_total_payments') : undefined;
  const m = /expected (-?[0-9.]+)/.exec(e?.Detail ?? '');
  return m ? Number(m[1]) : undefined;
}

/** Runs an API call with the body of the form; an empty payment value takes the amount the API says is due. */
export async function withPayable<T>(f: Form, build: (payable?: number) => unknown, call: (body: unknown) => Promise<ApiAnswer<T>>): Promise<ApiAnswer<T>> {
  let res = await call(build());
  const expected = one(f.payment_value) === '' ? expectedPayment(res.body) : undefined;
  if (res.status === 400 && expected !== undefined) res = await call(build(expected));
  return res;
}

/** The totals of a preview (CoInvoiceAnswer or MxInvoiceAnswer: the fields shown). */
export interface Totals { subtotal?: number; taxes_total?: number; withholdings_total?: number; total: number; amount_payable?: number }

export function totalsPanel(ctx: Ctx, res: ApiAnswer<Totals | undefined>): Html {
  const l = ctx.lang;
  if (res.status >= 400) return html`<div id="totals" aria-live="polite">${apiErrors(l, res.body)}</div>`;
  const d: Partial<Totals> = res.body ?? {};
  const m = (v: unknown) => money(ctx.country, v as number);
  return html`<div id="totals" aria-live="polite"><dl class="totals">
    ${d.subtotal !== undefined ? html`<dt>${t(l, 'subtotal')}</dt><dd>${m(d.subtotal)}</dd>` : ''}
    ${d.taxes_total !== undefined ? html`<dt>${t(l, 'taxes')}</dt><dd>${m(d.taxes_total)}</dd>` : ''}
    ${d.withholdings_total ? html`<dt>${t(l, 'withholdings')}</dt><dd>${m(d.withholdings_total)}</dd>` : ''}
    <dt>${t(l, 'total')}</dt><dd id="live-total">${m(d.total)}</dd>
    ${d.amount_payable !== undefined ? html`<dt>${t(l, 'payable')}</dt><dd>${m(d.amount_payable)}</dd>` : ''}</dl></div>`;
}

const input = (id: string, name: string, label: string, value = '', type = 'text', errors?: ControlErrors) =>
  html`<div class="field"><label for="${id}">${label}</label><input id="${id}" name="${name}" type="${type}" value="${value}"${described(id, errors)}>${underField(id, errors?.get(id))}</div>`;

/** The lines: a product picker (pickers.ts), the amounts with their echoes, in Colombia the tax and the withholding at source; each message under its control. */
function linesTable(ctx: Ctx, c: Catalog, f: Form, rows: number, errors: ControlErrors): Html {
  const l = ctx.lang;
  const v = (name: string, i: number) => list(f[name])[i] ?? '';
  const cell = (name: typeof ECHOED[number], i: number, label: string) => html`<td><input id="${name}-${i}" name="${name}" type="text" inputmode="decimal" aria-label="${label} ${i + 1}"${
    described(`${name}-${i}`, errors, `echo-${name}-${i}`)} value="${v(name, i)}">${echo(ctx, `${name}-${i}`, v(name, i), name === 'quantity')}${underField(`${name}-${i}`, errors.get(`${name}-${i}`))}</td>`;
  return html`<div class="scroll" tabindex="0" role="region" aria-label="${t(l, 'lines')}"><table class="lines"><caption>${t(l, 'lines')}</caption><thead><tr><th scope="col">${t(l, 'product')}</th><th scope="col">${t(l, 'quantity')}</th>
  <th scope="col">${t(l, 'price')}</th><th scope="col">${t(l, 'discount')}</th>${ublForms(ctx) ? html`<th scope="col">${t(l, 'tax')}</th><th scope="col">${t(l, 'atSource')}</th>` : ''}</tr></thead><tbody>
  ${Array.from({ length: rows }, (_, i) => html`<tr>${productCell(ctx, i, c.products, v('code', i).trim(), v('product_q', i), errors)}
    ${cell('quantity', i, t(l, 'quantity'))}${cell('price', i, t(l, 'price'))}${cell('discount', i, t(l, 'discount'))}
    ${ublForms(ctx) ? html`<td><select id="tax-${i}" name="tax" aria-label="${t(l, 'tax')} ${i + 1}"${described(`tax-${i}`, errors)}><option value="">${t(l, 'noTax')}</option>${c.taxes.filter((x) => CHARGED.includes(x.type)).map((x) =>
      html`<option value="${x.id}"${String(x.id) === v('tax', i) ? html` selected` : ''}>${x.name}</option>`)}</select>${underField(`tax-${i}`, errors.get(`tax-${i}`))}</td>
      <td><select name="withholding" aria-label="${t(l, 'atSource')} ${i + 1}"><option value="">${t(l, 'noWithholding')}</option>${c.taxes.filter((x) => x.type === AT_SOURCE).map((x) =>
      html`<option value="${x.id}"${String(x.id) === v('withholding', i) ? html` selected` : ''}>${x.name}</option>`)}</select></td>` : ''}</tr>`)}</tbody></table></div>`;
}

export async function invoiceForm(ctx: Ctx, f: Form = {}, result?: { status: number; body: unknown }, totals?: Html): Promise<Html> {
  const l = ctx.lang;
  const c = await catalog(ctx, 'FV', f);
  const co = ublForms(ctx);
  const errors = controlErrors(l, result && result.status >= 400 ? result.body : undefined);
  return page(ctx, t(l, 'newInvoice'), html`<form method="post" action="/app/invoices" class="invoice"
    hx-post="/app/invoices/preview" hx-trigger="input changed delay:400ms, change" hx-target="#totals" hx-swap="outerHTML">${csrfField(ctx)}${formKeyField(f)}
  ${result && result.status >= 400 ? apiErrors(l, result.body) : ''}
  <div class="grid">${select('document', 'document', t(l, 'documentType'), c.types.map((x) => [String(x.id), `${x.code} · ${x.name}`]), one(f.document), errors)}
  <div class="field"><label for="customer-search">${t(l, 'searchCustomer')}</label><input id="customer-search" name="customer_q" type="search" value="${one(f.customer_q)}"
    hx-get="/app/customer-options" hx-trigger="input changed delay:300ms" hx-target="#customer-field" hx-swap="outerHTML" aria-controls="customer"></div>
  ${customerSelect(ctx, c.customers.map(customerOption), one(f.customer), errors)}
  <div class="field"><button type="button" class="secondary" hx-get="/app/customers/quick" hx-target="#customer-dialog" hx-swap="innerHTML" aria-haspopup="dialog">${
    l === 'en' ? 'New customer' : 'Nuevo cliente'}</button></div>
  ${select('seller', 'seller', t(l, 'seller'), c.sellers.map((x) => [String(x.id), `${x.first_name ?? ''} ${x.last_name ?? x.username ?? ''}`]), one(f.seller), errors)}
  ${co ? input('date', 'date', t(l, 'date'), one(f.date) || today(ctx), 'date', errors) : select('use', 'use', t(l, 'use'),
    (c.uses.length ? c.uses : [{ code: 'G03', name: 'Gastos en general' }]).map((u): [string, string] => [u.code, `${u.code} · ${u.name ?? u.description ?? ''}`]), one(f.use) || 'G03', errors)}
  ${co ? '' : select('method', 'method', 'Método de pago', [['PUE', 'PUE · Pago en una sola exhibición'], ['PPD', 'PPD · Pago en parcialidades o diferido']], one(f.method), errors)}
  ${select('payment', 'payment', t(l, 'payment'), c.pays.map((x) => [String(x.id), x.name]), one(f.payment), errors)}
  <div class="field"><label for="payment_value">${t(l, 'paymentValue')}</label><input id="payment_value" name="payment_value" type="text" inputmode="decimal"${
    described('payment_value', errors, 'echo-payment_value')} value="${one(f.payment_value)}">${echo(ctx, 'payment_value', one(f.payment_value))}${underField('payment_value', errors.get('payment_value'))}</div>
  ${input('due_date', 'due_date', t(l, 'dueDate'), one(f.due_date) || today(ctx), 'date', errors)}</div>
  ${linesTable(ctx, c, f, Math.max(LINES, list(f.code).length + (one(f.add_line) ? 1 : 0)), errors)}
  <div class="actions"><button type="submit" name="add_line" value="1" formaction="/app/invoices/new">${t(l, 'addLine')}</button></div>
  ${retentionsField(ctx, c, f)}
  <div class="check"><input type="checkbox" id="stamp" name="stamp" value="yes"${one(f.stamp) === 'yes' || !Object.keys(f).length ? html` checked` : ''}><label for="stamp">${t(l, 'sendToAuthority')}</label></div>
  <h2>${t(l, 'preview')}</h2>${totals ?? html`<div id="totals" aria-live="polite"></div>`}
  <button type="submit">${t(l, 'create')}</button></form>
  <dialog id="customer-dialog" aria-labelledby="customer-dialog-title"></dialog>`);
}

/** The API body of a credit note of `invoice` from its form. */
export function noteBody(ctx: Ctx, invoice: NoteSource, f: Form, payable?: number): Record<string, unknown> {
  const items = lineItems(ctx, f);
  const document = { id: Number(one(f.document)) };
  if (countryOf(ctx.country).documents.notes === 'cfdi') return { document, invoices: [{ id: invoice.id }], payment_form: one(f.payment_form) || '17', items, ...retentionsOf(ctx, f), stamp: { send: true } };
  const value = parseAmount(one(f.payment_value), ctx.country) ?? payable ?? 0;
  return { document, date: today(ctx), invoice: invoice.id, reason: Number(one(f.reason) || 1), seller: invoice.seller ?? undefined, items, ...retentionsOf(ctx, f),
    payments: [{ id: Number(one(f.payment)), value }], ...(one(f.stamp) === 'yes' ? { stamp: { send: true } } : {}) };
}

export async function noteForm(ctx: Ctx, invoice: NoteSource, f?: Form, result?: { status: number; body: unknown }): Promise<Html> {
  const l = ctx.lang;
  const errors = controlErrors(l, result && result.status >= 400 ? result.body : undefined);
  const form: Form = f ?? {
    code: invoice.items.map((i) => i.code), quantity: invoice.items.map((i) => String(i.quantity)),
    price: invoice.items.map((i) => String(i.price)), discount: invoice.items.map((i) => String(typeof i.discount === 'object' ? i.discount.value : i.discount ?? '')),
    tax: invoice.items.map((i) => String(i.taxes?.find((x) => CHARGED.includes(x.type))?.id ?? '')), stamp: 'yes',
    withholding: invoice.items.map((i) => String(i.taxes?.find((x) => x.type === AT_SOURCE)?.id ?? '')),
    retention: (invoice.retentions ?? []).map((r) => String(typeof r === 'number' ? r : r.id)),
    // 17 Compensación sets the note off against what the invoice owes: nothing once it is paid, when the money goes back.
    payment_form: invoice.balance === 0 ? '03' : '17',
  };
  const c = await catalog(ctx, 'NC', form);
  const co = countryOf(ctx.country).documents.notes === 'ubl';
  const reasons: [string, string][] = [['1', '1 · Devolución parcial'], ['2', '2 · Anulación de la factura'], ['3', '3 · Rebaja o descuento'],
    ['4', '4 · Ajuste de precio'], ['5', '5 · Descuento por pronto pago'], ['6', '6 · Descuento por volumen']];
  return page(ctx, `${t(l, 'createNote')} · ${invoice.name}`, html`<form method="post" action="/app/documents/invoices/${invoice.id}/credit-note" class="invoice">${csrfField(ctx)}${formKeyField(f)}
  ${result && result.status >= 400 ? apiErrors(l, result.body) : ''}
  <div class="grid">${select('document', 'document', t(l, 'documentType'), c.types.map((x) => [String(x.id), `${x.code} · ${x.name}`]), one(form.document), errors)}
  ${co ? select('reason', 'reason', t(l, 'reason'), reasons, one(form.reason), errors) : select('payment_form', 'payment_form', t(l, 'payment'), [['17', '17 · Compensación'], ['01', '01 · Efectivo'], ['03', '03 · Transferencia']], one(form.payment_form), errors)}
  ${co ? select('payment', 'payment', t(l, 'payment'), c.pays.map((x) => [String(x.id), x.name]), one(form.payment), errors) : ''}
  ${co ? input('payment_value', 'payment_value', t(l, 'paymentValue'), one(form.payment_value), 'text', errors) : ''}</div>
  ${linesTable(ctx, c, form, Math.max(LINES, invoice.items.length), errors)}
  ${retentionsField(ctx, c, form)}
  ${co ? html`<div class="check"><input type="checkbox" id="stamp" name="stamp" value="yes"${one(form.stamp) === 'yes' ? html` checked` : ''}><label for="stamp">${t(l, 'sendToAuthority')}</label></div>` : ''}
  <button type="submit">${t(l, 'createNote')}</button></form>`);
}
