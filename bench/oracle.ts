/**
 * What a list of invoices or vouchers should answer, computed the plain way
 * (count(*), ORDER BY … OFFSET over the whole table), to check the service's
 * totals and pages against: used by the scale benchmark and the tests.
 */
import type { Queryable } from '../src/platform/db';
import { filterDay, momentBound } from '../src/platform/dates';

/** The plain SQL condition of a list's filters (a query string's parameters). */
export function plainFilter(companyId: number, timeZone: string, params: Record<string, string | number>): { where: string; args: unknown[] } {
  const where = ['company_id = $1'];
  const args: unknown[] = [companyId];
  const add = (sql: string, v: unknown) => { args.push(v); where.push(sql.replace(/\$n/g, `$${args.length}`)); };
  const moment = (k: string, v: string) => {
    const b = momentBound(v, k.endsWith('_start') ? 'start' : 'end', timeZone);
    args.push(b.value);
    where.push(`${k.split('_')[0]}_at ${b.op} ${b.sql(`$${args.length}`)}`);
  };
  for (const [k, raw] of Object.entries(params)) {
    const v = String(raw);
    if (k === 'name') add('name = $n', v);
    else if (k === 'document_id') add('document_type_id = $n', Number(v));
    else if (k === 'customer_identification') add('customer_identification = $n', v);
    else if (k === 'customer_branch_office') add('customer_branch_office = $n', Number(v));
    else if (k === 'type') add('type = $n', v);
    else if (k === 'date_start') add('date >= $n::date', filterDay(v));
    else if (k === 'date_end') add('date <= $n::date', filterDay(v));
    else if (['created_start', 'created_end', 'updated_start', 'updated_end'].includes(k)) {
      moment(k, v);
    } else if (!['page', 'page_size', 'after'].includes(k)) throw new Error(`the oracle does not know the filter ${k}`);
  }
  return { where: where.join(' AND '), args };
}

/** The total and the ids of one page of a list, the plain way. */
export async function plainList(q: Queryable, table: 'invoices' | 'vouchers', companyId: number, timeZone: string,
  params: Record<string, string | number>, page = 1, pageSize = 25): Promise<{ total: number; ids: string[] }> {
  const filter = plainFilter(companyId, timeZone, params);
  const where = table === 'invoices' ? `${filter.where} AND deleted_at IS NULL` : filter.where; // a deleted invoice is in no list
  const args = filter.args;
  const [{ n }] = await q.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table} WHERE ${where}`, args);
  const rows = await q.query<{ id: string }>(`SELECT id FROM ${table} WHERE ${where} ORDER BY created_at DESC, number DESC, id DESC LIMIT ${pageSize} OFFSET ${(page - 1) * pageSize}`, args);
  return { total: n, ids: rows.map((r) => r.id) };
}
