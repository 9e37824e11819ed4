/**
 * The small master-data tables of a company (document types, sellers, taxes,
 * payment types, global discounts and charges, warehouses, cost centers),
 * kept in this process's memory and reloaded in one query whenever the
 * company's catalog_version (read with every token) has moved. Customers and
 * products, which can be many, are always read from the database.
 */
import type { Queryable } from '../platform/db';

export type Row = Record<string, any>;
export const CACHED = ['document_types', 'sellers', 'taxes', 'payment_types', 'allowance_charges', 'warehouses', 'cost_centers'] as const;
export type Catalog = Record<(typeof CACHED)[number], Map<number, Row>>;

const cache = new Map<number, { version: number; catalog: Catalog }>();

export async function catalogOf(q: Queryable, companyId: number, version: number): Promise<Catalog> {
  const hit = cache.get(companyId);
  if (hit && hit.version === version) return hit.catalog;
  const columns = CACHED.map((t) => `(SELECT coalesce(json_agg(x), '[]'::json) FROM ${t} x WHERE company_id = $1) AS ${t}`);
  const [row] = await q.query(`SELECT ${columns.join(', ')}`, [companyId]);
  const catalog = Object.fromEntries(CACHED.map((t) => [t, new Map((row[t] as Row[]).map((r) => [r.id, r]))])) as Catalog;
  if (cache.size > 1000) cache.clear();
  cache.set(companyId, { version, catalog });
  return catalog;
}
