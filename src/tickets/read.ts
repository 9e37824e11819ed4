/**
 * Reading Mexican tickets: one, or a page of them with filters, each with its state, which is what the invoices that
 * declared it say: a ticket is in a global invoice (or invoiced alone) only while that invoice is live — neither
 * annulled (a cancelled CFDI is annulled once the SAT cancels it) nor deleted — so cancelling a global invoice frees
 * its tickets without anything else being written.
 */
import type { Company } from '../platform/auth';
import type { Queryable } from '../platform/db';
import { notFound } from '../platform/errors';
import { filterDay } from '../platform/dates';
import type { TicketDocument, TicketStatus } from './schema';
import { ticketAnswer, type TicketRow as Row } from './answer';

/** The ticket's row with the live invoices it is in (aliases g: global, s: its own). */
const FROM = `FROM tickets t
  LEFT JOIN invoices g ON g.company_id = t.company_id AND g.id = t.global_invoice_id AND NOT g.annulled AND g.deleted_at IS NULL
  LEFT JOIN invoices s ON s.company_id = t.company_id AND s.id = t.self_invoice_id AND NOT s.annulled AND s.deleted_at IS NULL`;
const COLUMNS = `t.document, t.self_invoice_until::text AS until, g.id AS global_id, g.name AS global_name, s.id AS self_id, s.name AS self_name`;
/** The SQL condition of each state. */
export const STATE_SQL: Record<TicketStatus, string> = {
  open: 'g.id IS NULL AND s.id IS NULL',
  global: 'g.id IS NOT NULL',
  self_invoiced: 's.id IS NOT NULL',
};

export async function readTicket(q: Queryable, company: Company, id: string, origin: string): Promise<TicketDocument> {
  const [row] = await q.query<Row>(`SELECT ${COLUMNS} ${FROM} WHERE t.company_id = $1 AND t.id = $2`, [company.company_id, id]);
  if (!row) throw notFound(`Ticket ${id}`);
  return ticketAnswer(row, origin);
}

export interface TicketQuery { page: number; page_size: number; status?: TicketStatus; branch?: string; date_start?: string; date_end?: string }

/** A page of the company's tickets, newest folio first. */
export async function listTickets(q: Queryable, company: Company, query: TicketQuery, origin: string): Promise<{ total: number; results: TicketDocument[] }> {
  const args: unknown[] = [company.company_id];
  const where = ['t.company_id = $1'];
  const add = (sql: string, v: unknown) => { args.push(v); where.push(sql.replace('$n', `$${args.length}`)); };
  if (query.status) where.push(STATE_SQL[query.status]);
  if (query.branch !== undefined) add('t.branch = $n', query.branch);
  if (query.date_start !== undefined) add('t.date >= $n::date', filterDay(query.date_start));
  if (query.date_end !== undefined) add('t.date <= $n::date', filterDay(query.date_end));
  const cond = where.join(' AND ');
  const [{ n }] = await q.query<{ n: number }>(`SELECT count(*)::int AS n ${FROM} WHERE ${cond}`, args);
  const rows = await q.query<Row>(`SELECT ${COLUMNS} ${FROM} WHERE ${cond} ORDER BY t.folio DESC LIMIT $${args.length + 1} OFFSET $${args.length + 2}`,
    [...args, query.page_size, (query.page - 1) * query.page_size]);
  return { total: n, results: rows.map((r) => ticketAnswer(r, origin)) };
}
