/**
 * Products and services: schema, rules, storage and JSON shape, which is the
 * reference API's (Siigo's): prices as price lists per currency, `unit` and
 * `account_group` answered as objects and accepted as a code or id or as
 * those objects, so that a product read can be sent back as is. The short
 * forms accepted before (prices [{position, name?, value}], unit as a code)
 * keep working.
 */
import { Type, type Static } from '@sinclair/typebox';
import type { Company } from '../platform/auth';
import type { Queryable } from '../platform/db';
import type { ProductRow } from './rows';
import type { Problems } from '../platform/errors';
import { AnyCase, canonical, codeOf, CodeOrObject, Enum, IdOrObject, idOf, Ignored } from '../platform/validation';
import { unitJson } from './units';
import { taxObjectProblem } from '../catalogs/sat';
import { country as countryOf, type DocumentForm } from '../countries';

/**
 * A product code as Siigo takes them ("Item-1", "toy007"): 1 to 30 characters, ASCII letters, digits and
 * `-`, `_`, `.`, starting with a letter or a digit.
 */
export const CODE_PATTERN = '^[A-Za-z0-9][A-Za-z0-9._-]*$';
export const CODE_HINT = 'must contain only letters, digits, - _ and . (starting with a letter or a digit)';
export const PRODUCT_TYPES = ['Product', 'Service', 'ConsumerGood'] as const;
export const TAX_CLASSIFICATIONS = ['Taxed', 'Exempt', 'Excluded'] as const;
const MAX_AMOUNT = 99999999999.99;

const Price = () => Type.Number({ minimum: 0, maximum: MAX_AMOUNT, 'x-decimals': 6, 'x-finite': true });
const Position = () => Type.Integer({ minimum: 1, maximum: 12, description: 'Position of a price list (see /v1/price-lists)' });
const PriceName = () => Type.Optional(Type.String({ maxLength: 50, description: 'Answered from the price list when not set on the product' }));
const PriceEntry = Type.Object({
  currency_code: Type.Optional(Type.String({ pattern: '^[A-Za-z]{3}$', 'x-hint': 'must be a three-letter currency code (COP, MXN, USD)',
    description: 'The company\'s currency (the default) or one of its enabled foreign currencies' })),
  price_list: Type.Optional(Type.Array(Type.Object({ position: Position(), name: PriceName(), value: Price() }), { minItems: 1, maxItems: 12 })),
  position: Type.Optional(Position()),
  name: PriceName(),
  value: Type.Optional(Price()),
}, { description: 'The reference API\'s {currency_code, price_list: [{position, name?, value}]}, or the short form {position, name?, value} (currency_code optional)' });
export const PRODUCT_NAME_MAX = 200;

/** A product's body in a form (src/countries/country.ts, DocumentForm): the CFDI's requires the SAT keys. */
export function productSchema(form: DocumentForm) {
  const mx = form === 'cfdi';
  const taxObject = (options: object) => Enum(['01', '02', '03', '04', '05', '06', '07', '08'], { description: 'SAT c_ObjetoImp', ...options });
  const sat = {
    sat_product_key: Type.String({ pattern: '^[0-9]{8}$', 'x-hint': 'must be an eight-digit c_ClaveProdServ code', description: 'SAT c_ClaveProdServ' }),
    sat_unit_key: Type.String({ pattern: '^[A-Z0-9]{1,3}$', 'x-hint': 'must be a c_ClaveUnidad code such as H87 or E48', description: 'SAT c_ClaveUnidad' }),
    tax_object: taxObject({ default: '02' }),
  };
  const text = (max: number) => Type.Optional(Type.String({ maxLength: max }));
  return Type.Object({
    code: Type.String({ minLength: 1, maxLength: 30, pattern: CODE_PATTERN, 'x-hint': CODE_HINT, 'x-code': 'invalid_code', description: 'Letters, digits, - _ and . (Siigo\'s "Item-1"), 1 to 30 characters, starting with a letter or a digit' }),
    name: Type.String({ minLength: 1, maxLength: PRODUCT_NAME_MAX }),
    account_group: Type.Optional(IdOrObject({ description: 'Inventory classification: an id of /v1/account-groups, or the answer\'s {id, name}' })),
    type: AnyCase(PRODUCT_TYPES, { default: 'Product' }),
    stock_control: Type.Boolean({ default: false }),
    active: Type.Boolean({ default: true }),
    tax_classification: AnyCase(TAX_CLASSIFICATIONS, { default: 'Taxed' }),
    tax_included: Type.Boolean({ default: false, description: 'The prices include the product\'s taxes' }),
    tax_consumption_value: Type.Optional(Type.Number({ minimum: 0, maximum: MAX_AMOUNT, 'x-decimals': 2, 'x-finite': true, description: 'Value of the consumption tax (impuesto al consumo)' })),
    taxes: Type.Array(Type.Object({ id: Type.Integer({ minimum: 1, maximum: 2147483647 }), ...Ignored(['name', 'type', 'percentage']) }),
      { maxItems: 3, default: [], description: 'Default taxes of the product (see /v1/taxes)' }),
    prices: Type.Array(PriceEntry, { maxItems: 12, default: [] }),
    unit: CodeOrObject({ type: 'string', minLength: 1, maxLength: 10 },
      { default: mx ? 'H87' : '94', description: 'Unit of measure code (any letter case), or the answer\'s {code, name}' }),
    unit_label: text(50),
    reference: text(100),
    description: text(4000),
    long_description: text(4000),
    additional_fields: Type.Optional(Type.Object({ barcode: text(100), brand: text(100), tariff: text(100), model: text(100) })),
    // In Colombia the SAT keys are optional and tax_object has no default (a product sent back keeps none).
    // What a GET answers (so it can be sent back) and the reference API's product fields this service does not use.
    ...Ignored(['id', 'metadata', 'product_id', 'key', 'available_quantity', 'warehouses']),
    ...(mx ? sat : { sat_product_key: Type.Optional(sat.sat_product_key), sat_unit_key: Type.Optional(sat.sat_unit_key), tax_object: Type.Optional(taxObject({})) }),
  });
}
const opt = Type.Optional;
/** A product as answered (the reference API's ProductModel, plus the SAT keys in Mexico); a PUT takes it back as is. */
export const ProductAnswer = Type.Object({
  id: Type.Integer(), code: Type.String(), name: Type.String(), account_group: opt(Type.Object({ id: Type.Integer(), name: opt(Type.String()) })),
  type: Type.String({ description: 'Product, Service or ConsumerGood' }), stock_control: Type.Boolean(), active: Type.Boolean(),
  tax_classification: Type.String({ description: 'Taxed, Exempt or Excluded' }), tax_included: Type.Boolean(), tax_consumption_value: opt(Type.Number()),
  taxes: Type.Array(Type.Object({ id: Type.Integer(), name: Type.String(), type: Type.String(), percentage: Type.Number() })),
  prices: Type.Array(Type.Object({ currency_code: Type.String(),
    price_list: Type.Array(Type.Object({ position: Type.Integer(), name: Type.String(), value: Type.Number() })) })),
  unit: Type.Object({ code: Type.String(), name: Type.String() }), unit_label: opt(Type.String()), reference: opt(Type.String()),
  description: opt(Type.String()), long_description: opt(Type.String()),
  additional_fields: opt(Type.Object({ barcode: opt(Type.String()), brand: opt(Type.String()), tariff: opt(Type.String()), model: opt(Type.String()) })),
  sat_product_key: opt(Type.String()), sat_unit_key: opt(Type.String()), tax_object: opt(Type.String()),
  metadata: Type.Object({ created: Type.String({ format: 'date-time' }), last_updated: Type.String({ format: 'date-time' }) }),
});

/** The bodies by form; CoProductBody and MxProductBody are the UBL and CFDI ones, as Colombia and Mexico take them. */
export const productBodies = { ubl: productSchema('ubl'), cfdi: productSchema('cfdi') } as const;
export const CoProductBody = productBodies.ubl;
export const MxProductBody = productBodies.cfdi;
export type ProductBody = Static<typeof CoProductBody>;

/** Prices as stored: one price list group per currency, the company's own currency first. */
type Prices = { currency_code: string; price_list: { position: number; name?: string; value: number }[] }[];
/** A product as stored, once its rules held. */
export type ProductRecord = ReturnType<typeof record>;

const INVOICE_LEVEL = new Set(['ReteIVA', 'ReteICA', 'Autorretencion']);
export const localCurrency = (company: Company) => countryOf(company.country).currency;

/**
 * Rules beyond the schema: taxes exist, are active, are line taxes and are not two of one type; the
 * account group and the price lists exist and are active; each price's currency is the company's or an
 * enabled foreign one, each position once per currency; the code is not taken. An update may keep
 * what the product already has even if it was deactivated since, so a product read can always be sent
 * back. Answers the record to store.
 */
export async function checkProductRules(q: Queryable, company: Company, p: ProductBody, problems: Problems, exceptId?: number): Promise<ProductRecord> {
  const companyId = company.company_id;
  const ids = p.taxes.map((t) => t.id);
  const [refs] = await q.query<{ taxes: { id: number; type: string; active: boolean }[] | null; lists: { position: number; active: boolean }[] | null;
    grp: { id: number; active: boolean } | null; cur: { tax_ids: number[]; account_group_id: number | null; prices: Prices } | null }>(
    `SELECT (SELECT json_agg(t) FROM (SELECT id, type, active FROM taxes WHERE company_id = $1 AND id = ANY($2::int[])) t) AS taxes,
            (SELECT json_agg(l) FROM (SELECT position, active FROM price_lists WHERE company_id = $1) l) AS lists,
            (SELECT row_to_json(g) FROM (SELECT id, active FROM account_groups WHERE company_id = $1 AND id = $3) g) AS grp,
            (SELECT row_to_json(c) FROM (SELECT tax_ids, account_group_id, prices FROM products WHERE company_id = $1 AND id = $4) c) AS cur`,
    [companyId, ids, p.account_group === undefined ? 0 : idOf(p.account_group), exceptId ?? 0]);
  const had = refs.cur;
  const keptPrices = new Set((had?.prices ?? []).flatMap((g) => g.price_list.map((x) => `${g.currency_code} ${x.position}`)));
  const seen = new Set<string>();
  p.taxes.forEach((t, i) => {
    const tax = (refs.taxes ?? []).find((r) => r.id === t.id);
    const at = `taxes[${i}].id`;
    if (!tax) return problems.add('invalid_reference', `Tax ${t.id} does not exist; see /v1/taxes`, at);
    if (!tax.active && !had?.tax_ids.includes(t.id)) return problems.add('parameter_inactive', `Tax ${t.id} is inactive`, at);
    if (INVOICE_LEVEL.has(tax.type)) return problems.add('invalid_value', `${tax.type} is computed on the invoice, not on a product`, at);
    if (seen.has(tax.type)) problems.add('invalid_array', `Two taxes of type ${tax.type} on one product`, at);
    seen.add(tax.type);
  });
  // c_ObjetoImp against the taxes (Mexico): 01 carries none, 02 must carry them.
  if (p.tax_object !== undefined && !problems.has('taxes')) {
    const why = taxObjectProblem(p.tax_object, p.taxes.map((t) => (refs.taxes ?? []).find((r) => r.id === t.id)?.type).filter((t): t is string => !!t));
    if (why) problems.add('invalid_value', why, 'tax_object');
  }
  if (p.account_group !== undefined && !problems.has('account_group')) {
    const id = idOf(p.account_group);
    if (!refs.grp) problems.add('invalid_reference', `Account group ${id} does not exist; see /v1/account-groups`, 'account_group');
    else if (!refs.grp.active && had?.account_group_id !== id) problems.add('parameter_inactive', `Account group ${id} is inactive`, 'account_group');
  }
  const prices = checkPrices(company, p.prices, new Map((refs.lists ?? []).map((l) => [l.position, l.active])), keptPrices, problems);
  if (!problems.has('code')) {
    const [dup] = await q.query<{ id: number }>('SELECT id FROM products WHERE company_id = $1 AND code = $2 AND id <> $3', [companyId, p.code, exceptId ?? 0]);
    if (dup) problems.add('already_exists', `Product code ${p.code} is already used by product ${dup.id}`, 'code');
  }
  return record(p, prices);
}

/** Both forms of prices, checked and grouped by currency. */
function checkPrices(company: Company, entries: ProductBody['prices'], lists: Map<number, boolean>, kept: Set<string>, problems: Problems): Prices {
  const local = localCurrency(company);
  const fc = company.settings.foreign_currency;
  const groups = new Map<string, Prices[number]['price_list']>([[local, []]]);
  const taken = new Set<string>();
  entries.forEach((e, i) => {
    const at = `prices[${i}]`;
    const currency = (e.currency_code ?? local).toUpperCase();
    if (currency !== local && !(fc?.enabled && fc.currencies.includes(currency))) {
      problems.add('invalid_currency', `Currency ${currency} is neither ${local} nor an enabled foreign currency of the company (${fc?.enabled ? fc.currencies.join(', ') : 'none'})`, `${at}.currency_code`);
    }
    let items: { item: { position: number; name?: string; value: number }; at: string }[];
    if (e.price_list !== undefined) {
      for (const k of ['position', 'name', 'value'] as const) {
        if (e[k] !== undefined) problems.add('parameter_not_allowed', `${at}.${k} belongs in ${at}.price_list when price_list is sent`, `${at}.${k}`);
      }
      items = e.price_list.map((item, j) => ({ item, at: `${at}.price_list[${j}]` }));
    } else {
      if (e.position === undefined) problems.add('parameter_required', `Send ${at}.position and ${at}.value, or ${at}.price_list`, `${at}.position`);
      if (e.value === undefined) problems.add('parameter_required', `Send ${at}.value with ${at}.position`, `${at}.value`);
      items = e.position === undefined || e.value === undefined ? [] : [{ item: { position: e.position, name: e.name, value: e.value }, at }];
    }
    for (const { item, at: where } of items) {
      const active = lists.get(item.position);
      const key = `${currency} ${item.position}`;
      if (active === undefined) problems.add('invalid_reference', `Price list ${item.position} does not exist; see /v1/price-lists`, `${where}.position`);
      else if (!active && !kept.has(key)) problems.add('parameter_inactive', `Price list ${item.position} is inactive`, `${where}.position`);
      if (taken.has(key)) problems.add('invalid_array', `Each price list position appears once per currency (${currency} ${item.position} twice)`, 'prices');
      taken.add(key);
      if (!groups.has(currency)) groups.set(currency, []);
      groups.get(currency)!.push(item.name === undefined ? { position: item.position, value: item.value } : { position: item.position, name: item.name, value: item.value });
    }
  });
  return [...groups].filter(([, l]) => l.length).map(([currency_code, l]) => ({ currency_code, price_list: l.sort((a, b) => a.position - b.position) }));
}

function record(p: ProductBody, prices: Prices) {
  return {
    code: p.code, name: p.name, type: canonical(PRODUCT_TYPES, p.type), active: p.active, tax_ids: JSON.stringify(p.taxes.map((t) => t.id)),
    prices: JSON.stringify(prices), long_description: p.long_description ?? null, unit: codeOf(p.unit).toUpperCase(),
    sat_product_key: p.sat_product_key ?? null, sat_unit_key: p.sat_unit_key ?? null, tax_object: p.tax_object ?? null,
    account_group_id: p.account_group === undefined ? null : idOf(p.account_group), stock_control: p.stock_control,
    tax_classification: canonical(TAX_CLASSIFICATIONS, p.tax_classification), tax_included: p.tax_included,
    tax_consumption_value: p.tax_consumption_value ?? null, unit_label: p.unit_label ?? null, reference: p.reference ?? null,
    description: p.description ?? null, additional_fields: p.additional_fields ? JSON.stringify(p.additional_fields) : null,
  };
}

const WRITTEN: (keyof ProductRecord)[] = ['code', 'name', 'type', 'active', 'tax_ids', 'prices', 'long_description', 'unit', 'sat_product_key',
  'sat_unit_key', 'tax_object', 'account_group_id', 'stock_control', 'tax_classification', 'tax_included', 'tax_consumption_value', 'unit_label',
  'reference', 'description', 'additional_fields'];
const COLUMNS = `id, ${WRITTEN.join(', ')}, created_at, updated_at`;
/** A product as COLUMNS reads it (timestamps as both drivers give them: Date). */
type ProductRead = Omit<ProductRow, 'company_id' | 'created_at' | 'updated_at'> & { created_at: Date; updated_at: Date };

export async function insertProduct(q: Queryable, companyId: number, p: ProductRecord) {
  const [row] = await q.query<ProductRead>(
    `INSERT INTO products (company_id, ${WRITTEN.join(', ')}) VALUES ($1, ${WRITTEN.map((_, i) => `$${i + 2}`).join(', ')}) RETURNING ${COLUMNS}`,
    [companyId, ...WRITTEN.map((k) => p[k])]);
  return (await productJson(q, companyId, [row]))[0];
}

export async function updateProduct(q: Queryable, companyId: number, id: number, p: ProductRecord) {
  const [row] = await q.query<ProductRead>(
    `UPDATE products SET ${WRITTEN.map((k, i) => `${k} = $${i + 3}`).join(', ')}, updated_at = now()
     WHERE company_id = $1 AND id = $2 RETURNING ${COLUMNS}`, [companyId, id, ...WRITTEN.map((k) => p[k])]);
  return (await productJson(q, companyId, [row]))[0]; // the route locked the row first
}

export async function findProducts(q: Queryable, companyId: number, where: string, args: unknown[], tail = '') {
  const rows = await q.query<ProductRead>(`SELECT ${COLUMNS} FROM products WHERE company_id = $1 ${where} ${tail}`, [companyId, ...args]);
  return productJson(q, companyId, rows);
}

/** The invoices that name a product (by code), which keep it from being deleted. */
export async function productUses(q: Queryable, companyId: number, code: string): Promise<number> {
  const [n] = await q.query<{ invoices: number }>(`SELECT count(*)::int AS invoices FROM invoices WHERE company_id = $1 AND document->'items' @> $2::jsonb`,
    [companyId, JSON.stringify([{ code }])]);
  return n.invoices;
}

const present = (o: Record<string, unknown>) => Object.fromEntries(Object.entries(o).filter(([, v]) => v !== null));

/**
 * The product's shape: account_group {id, name}, taxes expanded ({id, name, type, percentage}), prices per
 * currency with each price list's name, unit {code, name}, metadata; optional fields only when set.
 */
async function productJson(q: Queryable, companyId: number, rows: ProductRead[]) {
  if (!rows.length) return [];
  const [refs] = await q.query<{ taxes: { id: number; name: string; type: string; percentage: number | string }[] | null;
    lists: { position: number; name: string }[] | null; groups: { id: number; name: string }[] | null }>(
    `SELECT (SELECT json_agg(t) FROM (SELECT id, name, type, percentage FROM taxes WHERE company_id = $1 AND id = ANY($2::int[])) t) AS taxes,
            (SELECT json_agg(l) FROM (SELECT position, name FROM price_lists WHERE company_id = $1) l) AS lists,
            (SELECT json_agg(g) FROM (SELECT id, name FROM account_groups WHERE company_id = $1 AND id = ANY($3::int[])) g) AS groups`,
    [companyId, [...new Set(rows.flatMap((r) => r.tax_ids as number[]))], [...new Set(rows.map((r) => r.account_group_id).filter((x) => x !== null))]]);
  const listName = new Map((refs.lists ?? []).map((l) => [l.position, l.name]));
  return rows.map((r) => ({
    id: r.id, code: r.code, name: r.name,
    ...(r.account_group_id === null ? {} : { account_group: (refs.groups ?? []).find((g) => g.id === r.account_group_id) ?? { id: r.account_group_id } }),
    type: r.type, stock_control: r.stock_control, active: r.active, tax_classification: r.tax_classification, tax_included: r.tax_included,
    ...(r.tax_consumption_value === null ? {} : { tax_consumption_value: Number(r.tax_consumption_value) }),
    taxes: r.tax_ids.flatMap((id) => { const t = (refs.taxes ?? []).find((x) => x.id === id); return t ? [{ ...t, percentage: Number(t.percentage) }] : []; }),
    prices: r.prices.map((g) => ({ currency_code: g.currency_code,
      price_list: g.price_list.map((x) => ({ position: x.position, name: x.name ?? listName.get(x.position) ?? `Precio ${x.position}`, value: Number(x.value) })) })),
    unit: unitJson(r.unit),
    ...present({ unit_label: r.unit_label, reference: r.reference, description: r.description, additional_fields: r.additional_fields,
      long_description: r.long_description, sat_product_key: r.sat_product_key, sat_unit_key: r.sat_unit_key, tax_object: r.tax_object }),
    metadata: { created: r.created_at.toISOString(), last_updated: r.updated_at.toISOString() },
  }));
}
