/**
 * A company's master data kept in this process's memory: the small tables
 * (document types, sellers, taxes, payment types, global discounts and
 * charges, warehouses, cost centers) whole, and products and customers one by
 * one as documents name them. Everything is dropped and reloaded when the
 * company's catalog_version, read with every token, has moved: triggers bump
 * it on any change to these tables (migrations/004), whichever process made it.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Queryable } from '../platform/db';
import type { CachedRows, CustomerRow, ProductRow } from './rows';

export const CACHED = ['document_types', 'sellers', 'taxes', 'payment_types', 'allowance_charges', 'warehouses', 'cost_centers'] as const satisfies readonly (keyof CachedRows)[];
type Cached = (typeof CACHED)[number];
/** Each kept table's rows by id. */
export type Catalog = { [T in Cached]: Map<number, CachedRows[T]> };

interface Entry {
  version: number;
  catalog: Catalog;
  products: Map<string, ProductRow | null>; // by code; null = no such product
  customers: Map<string, CustomerRow[]>; // by identification: every branch office
}
const cache = new Map<number, Entry>();
const MAX_ROWS = 50_000;

async function entryOf(q: Queryable, companyId: number, version: number): Promise<Entry> {
  const hit = cache.get(companyId);
  if (hit && hit.version === version) return hit;
  const columns = CACHED.map((t) => `(SELECT coalesce(json_agg(x), '[]'::json) FROM ${t} x WHERE company_id = $1) AS ${t}`);
  const [row] = await q.query<{ [T in Cached]: CachedRows[T][] }>(`SELECT ${columns.join(', ')}`, [companyId]);
  // Object.fromEntries forgets which table each map is: the keys are CACHED's, each map built from its own column.
  const catalog = Object.fromEntries(CACHED.map((t) => [t, new Map(row[t].map((r) => [r.id, r]))])) as Catalog;
  if (cache.size > 1000) cache.clear();
  const entry: Entry = { version, catalog, products: new Map(), customers: new Map() };
  cache.set(companyId, entry);
  return entry;
}

export async function catalogOf(q: Queryable, companyId: number, version: number): Promise<Catalog> {
  return (await entryOf(q, companyId, version)).catalog;
}

/** The catalog plus the named products (by code) and customers (all branches of each identification). */
export async function masterDataOf(q: Queryable, companyId: number, version: number, codes: string[], identifications: string[]) {
  const entry = await entryOf(q, companyId, version);
  const missingCodes = codes.filter((c) => !entry.products.has(c));
  const missingIds = identifications.filter((i) => !entry.customers.has(i));
  if (missingCodes.length || missingIds.length) {
    const [row] = await q.query<{ products: ProductRow[]; customers: CustomerRow[] }>(
      `SELECT (SELECT coalesce(json_agg(t), '[]'::json) FROM products t WHERE company_id = $1 AND code = ANY($2::text[])) AS products,
              (SELECT coalesce(json_agg(t), '[]'::json) FROM customers t WHERE company_id = $1 AND identification = ANY($3::text[])) AS customers`,
      [companyId, missingCodes, missingIds]);
    if (entry.products.size + entry.customers.size > MAX_ROWS) { entry.products.clear(); entry.customers.clear(); }
    for (const c of missingCodes) entry.products.set(c, row.products.find((p) => p.code === c) ?? null);
    for (const i of missingIds) entry.customers.set(i, row.customers.filter((x) => x.identification === i));
  }
  return {
    ...entry.catalog,
    products: new Map(codes.flatMap((c) => { const p = entry.products.get(c); return p ? [[c, p] as [string, ProductRow]] : []; })),
    customers: identifications.flatMap((i) => entry.customers.get(i) ?? []),
  };
}

/**
 * The answers of lookups over these tables (GET /v1/taxes …), kept per
 * company and catalog_version like the rest: the first request reads the
 * database, the next ones with the same URL are answered from memory until
 * the catalog moves. Route hooks (see registerLookups).
 */
const answers = new Map<number, { version: number; byUrl: Map<string, unknown> }>();
const MAX_ANSWERS = 500;
export const keptAnswers = {
  async preHandler(req: FastifyRequest, reply: FastifyReply) {
    const kept = answers.get(req.company.company_id);
    const hit = kept?.version === req.company.catalog_version ? kept.byUrl.get(req.url) : undefined;
    if (hit !== undefined) return reply.send(hit);
  },
  async preSerialization(req: FastifyRequest, reply: FastifyReply, payload: unknown) {
    if (reply.statusCode !== 200) return payload;
    const { company_id: cid, catalog_version: version } = req.company;
    let kept = answers.get(cid);
    if (!kept || kept.version !== version) {
      if (answers.size > 1000) answers.clear();
      kept = { version, byUrl: new Map() };
      answers.set(cid, kept);
    }
    if (kept.byUrl.size < MAX_ANSWERS) kept.byUrl.set(req.url, payload);
    return payload;
  },
};
