/**
 * What both invoice variants need to check a request against master data.
 */
import type { Queryable } from '../platform/db';
import type { Problems } from '../platform/errors';

export type Row = Record<string, any>;

/** The company's rows of a table with the given ids, by id (one query). */
export async function byIds(q: Queryable, table: string, companyId: number, ids: unknown[]): Promise<Map<number, Row>> {
  const wanted = [...new Set(ids.filter((x): x is number => Number.isInteger(x)))];
  if (!wanted.length) return new Map();
  const rows = await q.query(`SELECT * FROM ${table} WHERE company_id = $1 AND id = ANY($2::int[])`, [companyId, wanted]);
  return new Map(rows.map((r) => [r.id, r]));
}

export interface Wanted {
  document_types?: unknown[]; sellers?: unknown[]; cost_centers?: unknown[]; warehouses?: unknown[];
  payment_types?: unknown[]; allowance_charges?: unknown[];
  /** Tax ids; the taxes of the products below are loaded too. */
  taxes?: unknown[];
  productCodes?: unknown[];
  customerIdentifications?: unknown[];
}
export interface MasterData {
  document_types: Map<number, Row>; sellers: Map<number, Row>; cost_centers: Map<number, Row>; warehouses: Map<number, Row>;
  payment_types: Map<number, Row>; allowance_charges: Map<number, Row>; taxes: Map<number, Row>;
  products: Map<string, Row>;
  customers: Row[];
}
const BY_ID = ['document_types', 'sellers', 'cost_centers', 'warehouses', 'payment_types', 'allowance_charges'] as const;

/**
 * Every master-data record a document refers to, in ONE round trip to the
 * database (one JSON array per table), so that checking a request costs one
 * query however many references it has.
 */
export async function loadMasterData(q: Queryable, companyId: number, want: Wanted): Promise<MasterData> {
  const ints = (v: unknown[] | undefined) => [...new Set((v ?? []).filter((x): x is number => Number.isInteger(x) && (x as number) > 0 && (x as number) <= 2147483647))];
  const texts = (v: unknown[] | undefined) => [...new Set((v ?? []).filter((x): x is string => typeof x === 'string'))];
  const args: unknown[] = [companyId];
  const param = (v: unknown) => { args.push(v); return `$${args.length}`; };
  const agg = (from: string) => `(SELECT coalesce(json_agg(t), '[]'::json) FROM ${from})`;
  const columns = BY_ID.map((table) => `${agg(`${table} t WHERE company_id = $1 AND id = ANY(${param(ints(want[table]))}::int[])`)} AS ${table}`);
  const codes = param(texts(want.productCodes));
  columns.push(`${agg(`products t WHERE company_id = $1 AND code = ANY(${codes}::text[])`)} AS products`);
  columns.push(`${agg(`taxes t WHERE company_id = $1 AND (id = ANY(${param(ints(want.taxes))}::int[]) OR id IN (
      SELECT jsonb_array_elements_text(p.tax_ids)::int FROM products p WHERE p.company_id = $1 AND p.code = ANY(${codes}::text[])))`)} AS taxes`);
  columns.push(`${agg(`customers t WHERE company_id = $1 AND identification = ANY(${param(texts(want.customerIdentifications))}::text[])`)} AS customers`);
  const [row] = await q.query(`SELECT ${columns.join(',\n')}`, args);
  const byId = (rows: Row[]) => new Map(rows.map((r) => [r.id, r]));
  return {
    document_types: byId(row.document_types), sellers: byId(row.sellers), cost_centers: byId(row.cost_centers), warehouses: byId(row.warehouses),
    payment_types: byId(row.payment_types), allowance_charges: byId(row.allowance_charges), taxes: byId(row.taxes),
    products: new Map((row.products as Row[]).map((p) => [p.code, p])),
    customers: row.customers,
  };
}

/**
 * A referenced record must exist (invalid_reference) and be active (parameter_inactive).
 * Returns the row when it can be used; records nothing when the path already has a problem.
 */
export function mustBeActive(problems: Problems) {
  return (row: Row | undefined, path: string, what: string, id: unknown, lookup: string): Row | null => {
    if (problems.has(path)) return null;
    if (!row) { problems.add('invalid_reference', `${what} ${id} does not exist; see ${lookup}`, path); return null; }
    if (row.active === false) { problems.add('parameter_inactive', `${what} ${id} is inactive`, path); return null; }
    return row;
  };
}

/** Today's date (yyyy-MM-dd) in a time zone. */
export function todayIn(timeZone: string, now = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
}

/** The line's description: sent (even empty) wins; else the product's long description; else its name. */
export function lineDescription(sent: string | undefined, product: Row | null | undefined): string {
  return sent !== undefined ? sent : (product?.long_description || product?.name || '');
}
