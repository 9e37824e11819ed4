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

/** The company's products with the given codes, by code (one query). */
export async function productsByCode(q: Queryable, companyId: number, codes: unknown[]): Promise<Map<string, Row>> {
  const wanted = [...new Set(codes.filter((c): c is string => typeof c === 'string'))];
  if (!wanted.length) return new Map();
  const rows = await q.query('SELECT * FROM products WHERE company_id = $1 AND code = ANY($2::text[])', [companyId, wanted]);
  return new Map(rows.map((p) => [p.code, p]));
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
