/**
 * Products and services: schema, rules, storage and JSON shape.
 */
import { Type, type Static } from '@sinclair/typebox';
import type { Queryable } from '../platform/db';
import type { Problems } from '../platform/errors';
import { Enum } from '../platform/validation';

export const CODE_PATTERN = '^[A-Za-z0-9]+$';
export const PRODUCT_NAME_MAX = 200;

export function productSchema(country: 'CO' | 'MX') {
  const mx = country === 'MX';
  const sat = {
    sat_product_key: Type.String({ pattern: '^[0-9]{8}$', 'x-hint': 'must be an eight-digit c_ClaveProdServ code', description: 'SAT c_ClaveProdServ' }),
    sat_unit_key: Type.String({ pattern: '^[A-Z0-9]{1,3}$', 'x-hint': 'must be a c_ClaveUnidad code such as H87 or E48', description: 'SAT c_ClaveUnidad' }),
    tax_object: Enum(['01', '02', '03', '04', '05', '06', '07', '08'], { default: '02', description: 'SAT c_ObjetoImp' }),
  };
  return Type.Object({
    code: Type.String({ minLength: 1, maxLength: 30, pattern: CODE_PATTERN, 'x-hint': 'must contain only letters and digits', 'x-code': 'invalid_code' }),
    name: Type.String({ minLength: 1, maxLength: PRODUCT_NAME_MAX }),
    type: Enum(['Product', 'Service'], { default: 'Product' }),
    active: Type.Boolean({ default: true }),
    taxes: Type.Array(Type.Object({ id: Type.Integer({ minimum: 1, maximum: 2147483647 }) }), { maxItems: 3, default: [], description: 'Default taxes of the product (see /v1/taxes)' }),
    prices: Type.Array(Type.Object({
      position: Type.Integer({ minimum: 1, maximum: 12 }),
      name: Type.Optional(Type.String({ maxLength: 50 })),
      value: Type.Number({ minimum: 0, maximum: 99999999999.99, 'x-decimals': 6, 'x-finite': true }),
    }), { maxItems: 12, default: [] }),
    long_description: Type.Optional(Type.String({ maxLength: 4000 })),
    unit: Type.String({ minLength: 1, maxLength: 10, default: mx ? 'H87' : '94', description: 'Unit of measure code' }),
    ...(mx ? sat : { sat_product_key: Type.Optional(sat.sat_product_key), sat_unit_key: Type.Optional(sat.sat_unit_key), tax_object: Type.Optional(sat.tax_object) }),
  });
}
export const CoProductBody = productSchema('CO');
export const MxProductBody = productSchema('MX');
export type ProductBody = Static<typeof CoProductBody>;

const INVOICE_LEVEL = new Set(['ReteIVA', 'ReteICA', 'Autorretencion']);

/** Taxes exist, are active, are line taxes and are not two of one type; the code is not taken. */
export async function checkProductRules(q: Queryable, companyId: number, p: ProductBody, problems: Problems, exceptId?: number) {
  const ids = p.taxes.map((t) => t.id);
  const rows = ids.length ? await q.query<{ id: number; type: string; active: boolean }>(
    'SELECT id, type, active FROM taxes WHERE company_id = $1 AND id = ANY($2::int[])', [companyId, ids]) : [];
  const seen = new Set<string>();
  p.taxes.forEach((t, i) => {
    const tax = rows.find((r) => r.id === t.id);
    const at = `taxes[${i}].id`;
    if (!tax) return problems.add('invalid_reference', `Tax ${t.id} does not exist; see /v1/taxes`, at);
    if (!tax.active) return problems.add('parameter_inactive', `Tax ${t.id} is inactive`, at);
    if (INVOICE_LEVEL.has(tax.type)) return problems.add('invalid_value', `${tax.type} is computed on the invoice, not on a product`, at);
    if (seen.has(tax.type)) problems.add('invalid_array', `Two taxes of type ${tax.type} on one product`, at);
    seen.add(tax.type);
  });
  const positions = p.prices.map((x) => x.position);
  if (new Set(positions).size !== positions.length) problems.add('invalid_array', 'Each price list position appears once', 'prices');
  if (!problems.has('code')) {
    const [dup] = await q.query<{ id: number }>('SELECT id FROM products WHERE company_id = $1 AND code = $2 AND id <> $3', [companyId, p.code, exceptId ?? 0]);
    if (dup) problems.add('already_exists', `Product code ${p.code} is already used by product ${dup.id}`, 'code');
  }
}

const COLUMNS = `id, code, name, type, active, tax_ids, prices, long_description, unit, sat_product_key, sat_unit_key, tax_object, created_at, updated_at`;

function values(p: ProductBody): unknown[] {
  return [p.code, p.name, p.type, p.active, JSON.stringify(p.taxes.map((t) => t.id)), JSON.stringify(p.prices),
    p.long_description ?? null, p.unit, p.sat_product_key ?? null, p.sat_unit_key ?? null, p.tax_object ?? null];
}

export async function insertProduct(q: Queryable, companyId: number, p: ProductBody) {
  const [row] = await q.query(
    `INSERT INTO products (company_id, code, name, type, active, tax_ids, prices, long_description, unit, sat_product_key, sat_unit_key, tax_object)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12) RETURNING ${COLUMNS}`, [companyId, ...values(p)]);
  return (await productJson(q, companyId, [row]))[0];
}

export async function updateProduct(q: Queryable, companyId: number, id: number, p: ProductBody) {
  const [row] = await q.query(
    `UPDATE products SET code = $3, name = $4, type = $5, active = $6, tax_ids = $7, prices = $8, long_description = $9, unit = $10,
       sat_product_key = $11, sat_unit_key = $12, tax_object = $13, updated_at = now()
     WHERE company_id = $1 AND id = $2 RETURNING ${COLUMNS}`, [companyId, id, ...values(p)]);
  return row ? (await productJson(q, companyId, [row]))[0] : null;
}

export async function findProducts(q: Queryable, companyId: number, where: string, args: unknown[], tail = '') {
  const rows = await q.query(`SELECT ${COLUMNS} FROM products WHERE company_id = $1 ${where} ${tail}`, [companyId, ...args]);
  return productJson(q, companyId, rows);
}

/** The product's shape: its taxes expanded ({id, name, type, percentage}), prices as numbers, metadata. */
async function productJson(q: Queryable, companyId: number, rows: any[]) {
  const ids = [...new Set(rows.flatMap((r) => r.tax_ids as number[]))];
  const taxes = ids.length ? await q.query('SELECT id, name, type, percentage FROM taxes WHERE company_id = $1 AND id = ANY($2::int[])', [companyId, ids]) : [];
  return rows.map(({ tax_ids, created_at, updated_at, long_description, sat_product_key, sat_unit_key, tax_object, ...r }) => ({
    ...r,
    taxes: (tax_ids as number[]).map((id) => taxes.find((t) => t.id === id)).filter(Boolean).map((t) => ({ ...t, percentage: Number(t.percentage) })),
    prices: (r.prices as any[]).map((p) => ({ ...p, value: Number(p.value) })),
    ...Object.fromEntries(Object.entries({ long_description, sat_product_key, sat_unit_key, tax_object }).filter(([, v]) => v !== null)),
    metadata: { created: created_at.toISOString(), last_updated: updated_at.toISOString() },
  }));
}
