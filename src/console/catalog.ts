/**
 * Customers and products: a list with a search (identification, code or name, read from the database,
 * scoped to the company), and a form to create or edit one that sends the API's own body to the API's own
 * routes (POST to create, PUT of the record read back with the form's changes to edit), so the rules and
 * the messages are the API's, each shown under its field.
 */
import type { Db } from '../platform/db';
import { html, type Html } from './html';
import { money, t } from './i18n';
import { csrfField, page } from './layout';
import { activeList, Refused, type ApiAnswer, type Ctx, ublForms } from './context';
import { fields, fromForm, type FieldSpec } from './fields';
import type { Form } from './forms';
import { REGIMES } from '../catalogs/sat';
import { RESPONSIBILITY_NAMES } from '../catalogs/dian';
import { DEPARTMENTS, MUNICIPALITIES_FILE } from '../countries/co/divipola';
import { keyed } from '../catalogs/files';
import { country as countryOf } from '../countries';

export type CatalogKind = 'customers' | 'products';
/** A customer or product as the API answers it and takes it back (PUT): the form changes only its fields' paths. */
interface CatalogRecord { identification?: string; code?: string; taxes?: unknown[]; prices?: { price_list?: unknown[] }[]; [field: string]: unknown }
/** A row of the list, as read from its table. */
interface ListedRow {
  id: number; identification?: string; branch_office?: number; code?: string; name: string | string[] | null; commercial_name?: string | null; active: boolean;
  prices?: { value?: number; price_list?: { value?: number }[] }[] | null;
}
const PAGE = 25;

const TITLES: Record<CatalogKind, [string, string, string, string]> = {
  customers: ['Clientes', 'Customers', 'Nuevo cliente', 'New customer'],
  products: ['Productos y servicios', 'Products and services', 'Nuevo producto', 'New product'],
};
export const catalogTitle = (ctx: Ctx, kind: CatalogKind, create = false) => TITLES[kind][(create ? 2 : 0) + (ctx.lang === 'en' ? 1 : 0)];

const CO_ID: [string, string][] = [['31', '31 · NIT'], ['13', '13 · Cédula de ciudadanía'], ['22', '22 · Cédula de extranjería'], ['41', '41 · Pasaporte'],
  ['42', '42 · Documento extranjero'], ['50', '50 · NIT de otro país'], ['11', '11 · Registro civil'], ['12', '12 · Tarjeta de identidad'],
  ['21', '21 · Tarjeta de extranjería'], ['47', '47 · PEP'], ['48', '48 · PPT'], ['91', '91 · NUIP']];
/** The person types as each country names them, in the console's language. */
const personTypes = (ctx: Ctx): [string, string][] => (ctx.lang === 'en'
  ? [['Company', 'Company'], ['Person', 'Person']]
  : [['Company', countryOf(ctx.country).labels.personTypes[0]], ['Person', countryOf(ctx.country).labels.personTypes[1]]]);

/** The DIAN's fiscal responsibilities (the annex's table of the RUT's codes), with their names. */
const RESPONSIBILITY_OPTIONS: [string, string][] = Object.entries(RESPONSIBILITY_NAMES).map(([code, name]) => [code, `${code} · ${name}`]);

/** Codes shown with their names: the SAT's regimes, the DIAN's departments and (when installed) municipalities. */
const REGIME_OPTIONS: [string, string][] = REGIMES.map((r) => [r.code, `${r.code} · ${r.description}`]);
const DEPARTMENT_OPTIONS: [string, string][] = Object.entries(DEPARTMENTS).map(([code, name]) => [code, `${code} · ${name}`]);
function municipalityOptions(): [string, string][] | null {
  const list = keyed(MUNICIPALITIES_FILE);
  return list && [...list.values()].map((row): [string, string] => [row[0], `${row[0]} · ${row[1]}`]).sort((a, b) => a[1].localeCompare(b[1], 'es'));
}

export function customerSpecs(ctx: Ctx): FieldSpec[] {
  const co = ublForms(ctx);
  const municipalities = co ? municipalityOptions() : null;
  return [
    { name: 'person_type', label: ['Tipo de persona', 'Person type'], type: 'select', options: personTypes(ctx) },
    ...(co ? [{ name: 'id_type', label: ['Tipo de identificación', 'Identification type'], type: 'select', options: CO_ID } as FieldSpec] : []),
    { name: 'identification', label: co ? ['Identificación (sin dígito de verificación)', 'Identification (without check digit)'] : ['RFC', 'RFC'], required: true,
      ...(co ? { live: '/app/check-digit' } : {}) },
    ...(co ? [{ name: 'branch_office', label: ['Sucursal', 'Branch office'], type: 'number', numeric: true } as FieldSpec] : []),
    { name: 'name[0]', label: ['Razón social o nombres', 'Legal name or first names'], required: true },
    { name: 'name[1]', label: ['Apellidos (persona natural)', 'Last names (a person)'] },
    { name: 'commercial_name', label: ['Nombre comercial', 'Trade name'] },
    ...(co ? [{ name: 'vat_responsible', label: ['Responsable de IVA', 'VAT responsible'], type: 'checkbox' } as FieldSpec,
      { name: 'fiscal_responsibilities', label: ['Responsabilidades fiscales (RUT)', 'Fiscal responsibilities (RUT)'], type: 'codes', options: RESPONSIBILITY_OPTIONS } as FieldSpec]
      : [{ name: 'tax_regime', label: ['Régimen fiscal', 'Tax regime'], type: 'select', options: REGIME_OPTIONS, required: true } as FieldSpec]),
    { name: 'address.address', label: ['Dirección', 'Address'], required: true },
    ...(co ? [
      { name: 'address.city.country_code', label: ['País', 'Country'], hint: [ctx.country, ctx.country] },
      { name: 'address.city.state_code', label: ['Departamento', 'Department'], type: 'select', options: [['', '—'], ...DEPARTMENT_OPTIONS] },
      municipalities
        ? { name: 'address.city.city_code', label: ['Municipio', 'Municipality'], type: 'select', options: [['', '—'], ...municipalities] }
        : { name: 'address.city.city_code', label: ['Municipio (código DANE)', 'Municipality (DANE code)'], hint: ['Por ejemplo 11001', 'For example 11001'] },
    ] as FieldSpec[] : []),
    { name: 'address.postal_code', label: ['Código postal', 'Postal code'], required: !co },
    { name: 'contacts[0].first_name', label: ['Contacto', 'Contact'] },
    { name: 'contacts[0].email', label: ['Correo del contacto', 'Contact e-mail'], type: 'email' },
    { name: 'active', label: ['Activo', 'Active'], type: 'checkbox' },
  ];
}

export function productSpecs(ctx: Ctx, taxes: { id: number; name: string }[]): FieldSpec[] {
  const co = ublForms(ctx);
  return [
    { name: 'code', label: ['Código', 'Code'], required: true },
    { name: 'name', label: ['Nombre', 'Name'], required: true },
    { name: 'type', label: ['Tipo', 'Type'], type: 'select', options: [['Product', ctx.lang === 'en' ? 'Product' : 'Producto'], ['Service', ctx.lang === 'en' ? 'Service' : 'Servicio']] },
    { name: 'prices[0].price_list[0].value', label: ['Precio', 'Price'], type: 'number', numeric: true },
    { name: 'unit', label: ['Unidad de medida (código o nombre)', 'Unit of measure (code or name)'], codes: 'units' },
    { name: 'taxes[0].id', label: ['Impuesto', 'Tax'], type: 'select', numeric: true,
      options: [['', t(ctx.lang, 'noTax')], ...taxes.map((x): [string, string] => [String(x.id), x.name])] },
    ...(co ? [] : [
      { name: 'sat_product_key', label: ['Clave de producto o servicio (c_ClaveProdServ)', 'Product key (c_ClaveProdServ)'], required: true, codes: 'c_ClaveProdServ',
        hint: ['Escriba el inicio de la clave: 43211503', 'Type the start of the key: 43211503'] } as FieldSpec,
      { name: 'sat_unit_key', label: ['Clave de unidad (c_ClaveUnidad; código o nombre)', 'Unit key (c_ClaveUnidad; code or name)'], required: true, codes: 'units' } as FieldSpec,
      { name: 'tax_object', label: ['Objeto de impuesto', 'Tax object'], type: 'select',
        options: [['02', '02 · Sí objeto de impuesto'], ['01', '01 · No objeto de impuesto'], ['03', '03 · Sí objeto, no obligado al desglose']] } as FieldSpec]),
    { name: 'active', label: ['Activo', 'Active'], type: 'checkbox' },
  ];
}

const NEW: Record<CatalogKind, (ctx: Ctx) => CatalogRecord> = {
  customers: (ctx) => (ublForms(ctx)
    ? { type: 'Customer', person_type: 'Company', id_type: '31', branch_office: 0, active: true, address: { city: { country_code: ctx.country } } }
    : { type: 'Customer', person_type: 'Company', active: true, address: {} }),
  products: (ctx) => ({ type: 'Product', active: true, unit: countryOf(ctx.country).labels.defaultUnit, prices: [{ price_list: [{ position: 1 }] }],
    ...(!ublForms(ctx) ? { tax_object: '02' } : {}) }),
};

async function specsOf(ctx: Ctx, kind: CatalogKind): Promise<FieldSpec[]> {
  if (kind === 'customers') return customerSpecs(ctx);
  return productSpecs(ctx, await activeList<{ id: number; name: string; active?: boolean }>(ctx, '/taxes'));
}

export const likeOf = (search: string) => `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * The company's customers whose identification, name or trade name holds `search` (all when empty), in id order. The
 * three are searched as one text, the expression of the trigram index customers_search_trgm (migration 067).
 */
export const findCustomers = (db: Db, cid: number, search: string, limit: number, offset = 0, activeOnly = false) => db.query<ListedRow>(
  `SELECT id, identification, branch_office, name, commercial_name, active FROM customers WHERE company_id = $1${activeOnly ? ' AND active' : ''}
    ${search ? `AND (identification || ' ' || (name::text) || ' ' || coalesce(commercial_name, '')) ILIKE $2` : ''} ORDER BY id LIMIT ${limit} OFFSET ${offset}`,
  search ? [cid, likeOf(search)] : [cid]);

/** The list, `q` searched in the identification or code and the name (case and accents as typed). */
export async function catalogList(ctx: Ctx, db: Db, kind: CatalogKind, q: Record<string, string | undefined>): Promise<Html> {
  const l = ctx.lang;
  const search = (q.q ?? '').trim().slice(0, 100);
  const pageNo = Math.max(1, Math.min(10_000, Number(q.page) || 1));
  const like = likeOf(search);
  const rows = kind === 'customers'
    ? await findCustomers(db, ctx.company.company_id, search, PAGE + 1, (pageNo - 1) * PAGE)
    : await db.query<ListedRow>(`SELECT id, code, name, active, prices FROM products WHERE company_id = $1
        AND ($2 = '' OR code ILIKE $3 OR name ILIKE $3) ORDER BY id LIMIT ${PAGE + 1} OFFSET ${(pageNo - 1) * PAGE}`,
    [ctx.company.company_id, search, like]);
  const more = rows.length > PAGE;
  const shown = rows.slice(0, PAGE);
  const yes = (b: boolean) => (b ? (l === 'en' ? 'Yes' : 'Sí') : 'No');
  const nameOf = (r: ListedRow) => (Array.isArray(r.name) ? r.name.join(' ') : String(r.name ?? ''));
  const priceOf = (r: ListedRow) => { const p = (r.prices ?? [])[0]; return p?.value ?? p?.price_list?.[0]?.value; };
  const link = (p: number) => `/app/${kind}?${new URLSearchParams({ ...(search ? { q: search } : {}), page: String(p) })}`;
  const label = l === 'en' ? 'Search (identification, code or name)' : 'Buscar (identificación, código o nombre)';
  return page(ctx, catalogTitle(ctx, kind), html`<form method="get" action="/app/${kind}" class="filters" role="search">
  <div class="field"><label for="q">${label}</label><input id="q" name="q" type="search" value="${search}"></div><button type="submit">${t(l, 'search')}</button>
  ${ctx.can('accountant') ? html`<a class="button" href="/app/${kind}/new">${catalogTitle(ctx, kind, true)}</a>` : ''}</form>
  ${shown.length ? html`<div class="scroll" tabindex="0" role="region" aria-label="${catalogTitle(ctx, kind)}"><table id="catalog"><thead><tr>
  <th scope="col">${kind === 'customers' ? (l === 'en' ? 'Identification' : 'Identificación') : (l === 'en' ? 'Code' : 'Código')}</th><th scope="col">${l === 'en' ? 'Name' : 'Nombre'}</th>
  ${kind === 'products' ? html`<th scope="col" class="num">${t(l, 'price')}</th>` : ''}<th scope="col">${l === 'en' ? 'Active' : 'Activo'}</th>${
  kind === 'customers' ? html`<th scope="col">${l === 'en' ? 'Statement' : 'Estado de cuenta'}</th>` : ''}</tr></thead><tbody>
  ${shown.map((r) => html`<tr><td><a href="/app/${kind}/${r.id}">${kind === 'customers' ? `${r.identification}${r.branch_office ? `-${r.branch_office}` : ''}` : r.code}</a></td>
  <td>${nameOf(r)}${r.commercial_name ? ` (${r.commercial_name})` : ''}</td>${kind === 'products' ? html`<td class="num">${money(ctx.country, priceOf(r))}</td>` : ''}<td>${yes(r.active)}</td>${
  kind === 'customers' ? html`<td><a href="/app/customers/${r.id}/statement" aria-label="${l === 'en' ? `Statement of ${nameOf(r)}` : `Estado de cuenta de ${nameOf(r)}`}">${l === 'en' ? 'Statement' : 'Estado de cuenta'}</a></td>` : ''}</tr>`)}
  </tbody></table></div>` : html`<p>${l === 'en' ? 'Nothing found.' : 'No se encontró nada.'}</p>`}
  <p class="pager">${pageNo > 1 ? html`<a href="${link(pageNo - 1)}">${l === 'en' ? 'Previous page' : 'Página anterior'}</a> ` : ''}${more ? html`<a href="${link(pageNo + 1)}">${t(l, 'next')}</a>` : ''}</p>`);
}

/** The form of a new record (id undefined) or of an existing one; a viewer sees it without a way to send it. */
export async function catalogForm(ctx: Ctx, kind: CatalogKind, id?: number, sent?: Form, result?: { status: number; body: unknown }, ok = false): Promise<{ status: number; body: Html }> {
  const l = ctx.lang;
  let record = NEW[kind](ctx);
  if (id !== undefined) {
    const res = await ctx.api<CatalogRecord>('GET', `/${kind}/${id}`);
    if (res.status === 404) throw new Refused(404, kind);
    if (res.status !== 200) throw new Error(`GET /${kind}/${id}: ${res.status}`);
    record = res.body;
  }
  const specs = await specsOf(ctx, kind);
  const errors = result && result.status >= 400 ? result.body : undefined;
  const f = fields(l, specs, record, sent, errors);
  const title = id === undefined ? catalogTitle(ctx, kind, true) : `${catalogTitle(ctx, kind)} · ${kind === 'customers' ? record.identification : record.code}`;
  const write = ctx.can('accountant');
  const action = id === undefined ? `/app/${kind}` : `/app/${kind}/${id}`;
  const body = html`${errors ? html`<div class="error" role="alert"><p>${t(l, 'fixErrors')}</p>${f.rest.length ? html`<ul>${f.rest.map((m) => html`<li>${m}</li>`)}</ul>` : ''}</div>` : ''}
  ${ok ? html`<p class="ok" role="status">${t(l, 'done')}</p>` : ''}
  <form method="post" action="${action}" class="record" novalidate>${csrfField(ctx)}<fieldset${write ? '' : html` disabled`}><legend>${title}</legend>
  <div class="grid">${f.html}</div></fieldset>
  ${write ? html`<button type="submit">${l === 'en' ? 'Save' : 'Guardar'}</button>` : ''} <a href="/app/${kind}">${catalogTitle(ctx, kind)}</a>${
  kind === 'customers' && id !== undefined ? html` <a href="/app/customers/${id}/statement" id="customer-statement">${l === 'en' ? 'Statement' : 'Estado de cuenta'}</a>` : ''}</form>`;
  return { status: errors ? 400 : 200, body: page(ctx, title, body) };
}

/**
 * The customer form inside the new invoice's dialog (GET and POST /app/customers/quick): the same fields, rules and
 * messages as the customer page's, sent by htmx so that the invoice being typed stays as it is; saved, the route puts
 * the new customer in the invoice's list, chosen, and the dialog closes (src/console/assets.ts).
 */
export function quickCustomerForm(ctx: Ctx, sent?: Form, result?: { status: number; body: unknown }): Html {
  const l = ctx.lang;
  const errors = result && result.status >= 400 ? result.body : undefined;
  const f = fields(l, customerSpecs(ctx), NEW.customers(ctx), sent, errors);
  return html`<form method="post" action="/app/customers" hx-post="/app/customers/quick" hx-target="#customer-dialog" hx-swap="innerHTML" novalidate>${csrfField(ctx)}
  <h2 id="customer-dialog-title">${catalogTitle(ctx, 'customers', true)}</h2>
  ${errors ? html`<div class="error" role="alert"><p>${t(l, 'fixErrors')}</p>${f.rest.length ? html`<ul>${f.rest.map((m) => html`<li>${m}</li>`)}</ul>` : ''}</div>` : ''}
  <div class="grid">${f.html}</div>
  <div class="actions"><button type="submit">${l === 'en' ? 'Save and choose' : 'Guardar y elegir'}</button><button type="button" class="secondary" data-close>${l === 'en' ? 'Cancel' : 'Cancelar'}</button></div></form>`;
}

/** Creates (id undefined) or replaces a record through the API; answers the id on success, or the API's refusal. */
export async function catalogSave(ctx: Ctx, kind: CatalogKind, f: Form, id?: number): Promise<ApiAnswer<{ id: number }>> {
  const specs = await specsOf(ctx, kind);
  let base = NEW[kind](ctx);
  if (id !== undefined) {
    const res = await ctx.api<CatalogRecord>('GET', `/${kind}/${id}`);
    if (res.status === 404) throw new Refused(404, kind);
    base = res.body;
  }
  const body = fromForm(base, specs, f, ctx.country);
  if (kind === 'products' && !body.taxes) body.taxes = [];
  if (kind === 'products' && Array.isArray(body.prices?.[0]?.price_list) && !body.prices[0].price_list.length) body.prices = body.prices.slice(1);
  return id === undefined ? ctx.api('POST', `/${kind}`, body) : ctx.api('PUT', `/${kind}/${id}`, body);
}
