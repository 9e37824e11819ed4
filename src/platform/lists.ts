/**
 * Lists of documents (invoices, vouchers) that cost the same with a thousand
 * or a million of them. The order is the lists' own, newest first:
 * created_at DESC, number DESC, id DESC.
 *
 * total_results is exact. It is read from document_counts (migration 023,
 * kept by the writing statements) for the unfiltered list and for any
 * combination of document_id and type with either a date range, a created
 * range (of whole days) or a customer. Any other filter (a created bound with a time,
 * name, an updated range, a customer with a range, two ranges) is counted
 * through the index that leads with it: the cost follows the rows it matches,
 * not the size of the table.
 *
 * A page reads the ids of its rows from an index in the lists' order (the
 * filter's own index: every filter leads one), skipping earlier pages over
 * index entries only, then reads its page_size documents. `after` (the id of a
 * document, e.g. the last one of the previous page) continues right after it
 * with the index's key: a deep page then costs what the first one does. A date
 * range is read day by day: each day's newest rows from the date index, merged.
 */
import { Type } from '@sinclair/typebox';
import type { Company } from './auth';
import type { Queryable } from './db';
import { DomainError } from './errors';
import { filterDay, parseDateFilter } from './dates';

export const AfterQuery = Type.Object({
  after: Type.Optional(Type.String({
    format: 'uuid',
    description: 'The id of a document of this list (usually the last of the page read): the page starts right after it, in the list\'s order, and `page` counts pages from there. Deep pages cost what the first one does',
  })),
});

export interface ListSource {
  table: 'invoices' | 'vouchers' | 'notes' | 'payments';
  /** What a row answers (columns of the table). */
  columns: string[];
  /** The query parameter counted as document_counts.subtype (vouchers: type). */
  subtype?: string;
  /** The one subtype the list holds (notes: NC or ND), counted as document_counts.subtype; `cond` selects it too. */
  only?: string;
  /** What a document is called in messages. */
  noun: string;
  /** The condition of the rows that exist for the API (invoices: not deleted). */
  live?: string;
}

const ORDER = 'created_at DESC, number DESC, id DESC';
const RANGES = { date: ['date_start', 'date_end'], created: ['created_start', 'created_end'], updated: ['updated_start', 'updated_end'] } as const;
const CUSTOMER = ['customer_identification', 'customer_branch_office'];

/** A list's query string as its schema validated it: the page, the cursor and the filters (a subtype's by its name). */
export interface ListQuery {
  page: number; page_size: number; after?: string;
  document_id?: number; date_start?: string; date_end?: string; created_start?: string; created_end?: string;
  customer_identification?: string; customer_branch_office?: number;
  [filter: string]: unknown;
}

/**
 * One page of a list and its total. `filter` is the list's condition (from
 * listFilter: `$1` is the company, the rest numbered after it).
 */
export async function listDocuments<R extends object = Record<string, unknown>>(q: Queryable, src: ListSource, company: Company, query: ListQuery,
  filter: { cond: string; args: unknown[] }): Promise<{ total: number; rows: R[] }> {
  const present = Object.keys(query).filter((k) => query[k] !== undefined && !['page', 'page_size', 'after'].includes(k));
  const total = await countDocuments(q, src, query, present, filter);
  const args = [...filter.args];
  let cond = filter.cond;
  if (query.after !== undefined) {
    const [key] = await q.query<{ created_at: string; number: string; id: string }>(`SELECT created_at::text AS created_at, number, id FROM ${src.table} WHERE company_id = $1 AND id = $2${src.live ? ` AND ${src.live}` : ''}`, [company.company_id, query.after]);
    if (!key) throw new DomainError('invalid_reference', `There is no ${src.noun} ${query.after} to continue after`, 'after');
    args.push(key.created_at, key.number, key.id);
    cond += ` AND (created_at, number, id) < ($${args.length - 2}::timestamptz, $${args.length - 1}::bigint, $${args.length}::uuid)`;
  }
  const limit = query.page_size;
  const offset = (query.page - 1) * query.page_size;
  if (offset >= total && query.after === undefined) return { total, rows: [] };
  let ids = `SELECT created_at, number, id FROM ${src.table} WHERE ${cond} ORDER BY ${ORDER} LIMIT ${limit} OFFSET ${offset}`;
  let idArgs = args;
  const byDay = present.some((k) => (RANGES.date as readonly string[]).includes(k)) && !present.some((k) => k === 'name' || CUSTOMER.includes(k));
  if (byDay) {
    // Each day of the range gives its newest rows (the date index is in the list's order within a day); merged, they give the page.
    const days = (a: unknown[]) => `SELECT day FROM document_counts WHERE ${countWhere(src, query, 'date', a)} GROUP BY day HAVING sum(n) > 0`;
    const countArgs = [company.company_id];
    const [{ n }] = await q.query<{ n: number }>(`SELECT count(*)::int AS n FROM (${days(countArgs)}) d`, countArgs);
    if (n * (offset + limit) < total) {
      idArgs = [...args];
      ids = `SELECT x.* FROM (${days(idArgs)}) d
        CROSS JOIN LATERAL (SELECT created_at, number, id FROM ${src.table} WHERE ${cond} AND date = d.day ORDER BY ${ORDER} LIMIT ${offset + limit}) x
        ORDER BY ${ORDER} LIMIT ${limit} OFFSET ${offset}`;
    }
  }
  const rows = await q.query<R>(`WITH page AS MATERIALIZED (${ids})
    SELECT ${src.columns.map((c) => `t.${c}`).join(', ')} FROM page JOIN ${src.table} t ON t.company_id = $1 AND t.id = page.id
     ORDER BY page.created_at DESC, page.number DESC, page.id DESC`, idArgs);
  return { total, rows };
}

/**
 * The conditions on document_counts for a dimension (its rows of the
 * company, kind, and the list's document type and subtype); pushes its
 * parameters after `args`.
 */
function countWhere(src: ListSource, query: ListQuery, dim: 'date' | 'created' | 'customer', args: unknown[]): string {
  const where = [`company_id = $1`, `kind = '${src.table}'`, `dim = '${dim}'`];
  const add = (sql: string, v: unknown) => { args.push(v); where.push(sql.replace('$n', `$${args.length}`)); };
  if (query.document_id !== undefined) add('document_type_id = $n', query.document_id);
  if (src.subtype && query[src.subtype] !== undefined) add('subtype = $n', query[src.subtype]);
  if (src.only !== undefined) add('subtype = $n', src.only);
  if (dim === 'date') {
    if (query.date_start !== undefined) add('day >= $n::date', filterDay(query.date_start));
    if (query.date_end !== undefined) add('day <= $n::date', filterDay(query.date_end));
  }
  if (dim === 'customer') {
    where.push(`day = 'epoch'`);
    if (query.customer_identification !== undefined) add('identification = $n', query.customer_identification);
    if (query.customer_branch_office !== undefined) add('branch_office = $n', query.customer_branch_office);
  }
  return where.join(' AND ');
}

async function countDocuments(q: Queryable, src: ListSource, query: ListQuery, present: string[],
  filter: { cond: string; args: unknown[] }): Promise<number> {
  const typed = ['document_id', ...(src.subtype ? [src.subtype] : [])];
  const only = (allowed: string[]) => present.every((k) => typed.includes(k) || allowed.includes(k));
  // The counts' own conditions number their parameters after $1 (the company); the list's condition, after its own.
  let args: unknown[] = [filter.args[0]];
  let sql: string;
  if (only([...RANGES.date])) {
    sql = `SELECT coalesce(sum(n), 0) AS n FROM document_counts WHERE ${countWhere(src, query, 'date', args)}`;
  } else if (only(CUSTOMER)) {
    sql = `SELECT coalesce(sum(n), 0) AS n FROM document_counts WHERE ${countWhere(src, query, 'customer', args)}`;
  } else if (only([...RANGES.created]) && [query.created_start, query.created_end].every((v) => v === undefined || parseDateFilter(v)?.moment === null)) {
    // Whole days of creation in the company's time zone, from the counts. A bound with a time is counted through the index.
    if (query.created_start !== undefined) args.push(filterDay(query.created_start));
    const first = query.created_start !== undefined ? `$${args.length}::date` : `'-infinity'::date`;
    if (query.created_end !== undefined) args.push(filterDay(query.created_end));
    const last = query.created_end !== undefined ? `$${args.length}::date` : `'infinity'::date`;
    sql = `SELECT coalesce(sum(n), 0) AS n FROM document_counts WHERE ${countWhere(src, query, 'created', args)} AND day >= ${first} AND day <= ${last}`;
  } else {
    args = filter.args;
    sql = `SELECT count(*) AS n FROM ${src.table} WHERE ${filter.cond}`;
  }
  const [{ n }] = await q.query<{ n: string | number }>(sql, args);
  return Number(n);
}
