/**
 * The pickers of the invoice and note forms: a search box beside a list that a console route fills with what matches
 * as one types (GET /app/customer-options, GET /app/product-options: the company's own, active, at most 50), a single
 * match coming chosen. Choosing a product fills its row from the option's data (/app/assets/console.js): its price,
 * in Colombia its IVA or INC, a quantity of 1, and shows its unit (and in Mexico the taxes it carries) beside it; every
 * field stays editable. Without the script the lists still work: the fields are typed by hand.
 */
import type { Db } from '../platform/db';
import { findProducts } from '../catalog/products';
import { unitJson } from '../catalog/units';
import { type Ctx, ublForms } from './context';
import { html, type Html } from './html';
import { t } from './i18n';
import { errId, underField } from './messages';
import { likeOf } from './catalog';
import { country as countryOf } from '../countries';

/** The messages of a control (by its id), shown under it and named by its aria-describedby. */
export type ControlErrors = Map<string, string[]>;

/** A control's error attributes, with what else describes it (an echo, a unit). */
export const described = (id: string, errors?: ControlErrors, also = ''): Html => {
  const bad = !!errors?.get(id)?.length;
  const ids = [also, bad ? errId(id) : ''].filter(Boolean).join(' ');
  return html`${ids ? html` aria-describedby="${ids}"` : ''}${bad ? html` aria-invalid="true"` : ''}`;
};

/** A labelled list; its messages under it. */
export const select = (id: string, name: string, label: string, options: [string, string][], value?: string, errors?: ControlErrors) =>
  html`<div class="field"><label for="${id}">${label}</label><select id="${id}" name="${name}"${described(id, errors)}>${options.map(([v, text]) =>
    html`<option value="${v}"${v === value ? html` selected` : ''}>${text}</option>`)}</select>${underField(id, errors?.get(id))}</div>`;

/** A customer as the invoice form's list offers it: `identification|branch` and its name with the identification. */
export const customerOption = (x: { identification?: string; rfc_id?: string; branch_office?: number; name?: string | string[] }): [string, string] =>
  [`${x.identification ?? x.rfc_id}|${x.branch_office ?? 0}`, `${Array.isArray(x.name) ? x.name.join(' ') : x.name ?? ''} (${x.identification ?? x.rfc_id})`];

/**
 * The invoice's customer: a list that starts with no one chosen, and a search box above it (identification, name or
 * trade name) that asks GET /app/customer-options for the matches as one types (one match comes chosen).
 */
export function customerSelect(ctx: Ctx, options: [string, string][], chosen?: string, errors?: ControlErrors, oob = false): Html {
  const only = options.length === 1 && chosen === undefined ? options[0][0] : chosen;
  // A customer the list does not hold is still offered chosen (by its identification): what was chosen is never lost.
  const kept: [string, string][] = only && !options.some(([v]) => v === only) ? [[only, only.split('|')[0]]] : [];
  return html`<div id="customer-field"${oob ? html` hx-swap-oob="true"` : ''}>${select('customer', 'customer', t(ctx.lang, 'customerName'), [['', t(ctx.lang, 'chooseCustomer')], ...options, ...kept], only, errors)}</div>`;
}

/** A product as the API answers it (GET /products), the fields a line is filled from. */
export interface ProductChoice {
  code: string; name: string; prices?: { price_list?: { value?: number }[] }[]; taxes?: { id: number; name?: string; type?: string }[];
  unit?: { code: string; name: string }; sat_unit_key?: string;
}

/** The taxes a Colombian line charges (one per line in the form): IVA or the consumption tax. */
export const CHARGED = ['IVA', 'Impoconsumo', 'INC'];

/** A price as the company's country writes amounts, without grouping (four decimals where three would read as thousands). */
function typedPrice(ctx: Ctx, value: number): string {
  const [whole, frac = ''] = String(value).split('.');
  const decimals = frac.length === 3 ? `${frac}0` : frac;
  return decimals ? `${whole}${countryOf(ctx.country).numbers.decimal}${decimals}` : whole;
}

/** What a line of the product holds besides its figures: its unit, and in Mexico the taxes it carries (the form has no tax column there). */
function unitText(ctx: Ctx, p: ProductChoice): string {
  const u = !ublForms(ctx) && p.sat_unit_key ? unitJson(p.sat_unit_key) : p.unit;
  const taxes = !ublForms(ctx) ? (p.taxes ?? []).map((x) => x.name ?? x.type).join(', ') : '';
  return [u ? `${ctx.lang === 'en' ? 'Unit' : 'Unidad'}: ${u.code} · ${u.name}` : '', taxes].filter(Boolean).join(' · ');
}

/** A product's option, with what choosing it fills in its row (data-price, data-tax, data-unit). */
function productOption(ctx: Ctx, p: ProductChoice, chosen: string): Html {
  const value = p.prices?.[0]?.price_list?.[0]?.value;
  const tax = p.taxes?.find((x) => CHARGED.includes(x.type ?? ''))?.id;
  return html`<option value="${p.code}"${typeof value === 'number' ? html` data-price="${typedPrice(ctx, value)}"` : ''}${ublForms(ctx) ? html` data-tax="${tax ?? ''}"` : ''}
    data-unit="${unitText(ctx, p)}"${p.code === chosen ? html` selected` : ''}>${p.code} · ${p.name}</option>`;
}

/** The product list of line `i` (what GET /app/product-options sends back in its place). */
export function productSelect(ctx: Ctx, i: number, products: ProductChoice[], chosen: string, errors?: ControlErrors): Html {
  // A code the lists do not hold (a product since deactivated, say) is still offered chosen: a line is never lost.
  const kept = chosen && !products.some((p) => p.code === chosen) ? html`<option value="${chosen}" selected>${chosen}</option>` : '';
  return html`<select id="code-${i}" name="code" aria-label="${t(ctx.lang, 'product')} ${i + 1}"${described(`code-${i}`, errors, `unit-${i}`)}><option value="">—</option>${
    products.map((p) => productOption(ctx, p, chosen))}${kept}</select>`;
}

/** The product cell of line `i`: its search box (code or name), its list, its unit and its messages. */
export function productCell(ctx: Ctx, i: number, products: ProductChoice[], chosen: string, typed: string, errors?: ControlErrors): Html {
  const l = ctx.lang;
  const p = products.find((x) => x.code === chosen);
  return html`<td><input id="product-q-${i}" name="product_q" type="search" class="find" autocomplete="off" value="${typed}"
    aria-label="${l === 'en' ? `Find product ${i + 1} (code or name)` : `Buscar producto ${i + 1} (código o nombre)`}" aria-controls="code-${i}"
    hx-get="/app/product-options?row=${i}" hx-trigger="input changed delay:300ms" hx-target="#code-${i}" hx-swap="outerHTML">
    ${productSelect(ctx, i, products, chosen, errors)}<output id="unit-${i}" class="echo unit">${p ? unitText(ctx, p) : ''}</output>${underField(`code-${i}`, errors?.get(`code-${i}`))}</td>`;
}

/** The company's active products whose code or name holds `search` (the first 50 by code when empty), as the API answers them. */
export const findProductChoices = (db: Db, cid: number, search: string): Promise<ProductChoice[]> =>
  findProducts(db, cid, `AND active AND ($2 = '' OR code ILIKE $3 OR name ILIKE $3)`, [search, likeOf(search)], 'ORDER BY code LIMIT 50');
