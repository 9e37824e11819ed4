/**
 * The documents list's SQL: its filter (a search box over the number, the customer and the amount; a date range, a
 * document type, a status), its rows (with the customer's name, the balance, the due date and what the status is
 * made of) sorted by any column, ascending or descending, in keyset pages (the cursor of a page is its last row's
 * sort key and id, so a page continues right after it with neither repeats nor gaps, however deep), the totals of
 * the whole filter, and every row of it (the exports and bulk jobs: export.ts, bulk.ts). Every query is scoped to
 * the session's company. Indexes: migrations 050 (number, total), 060 (each day's numbers), 067 and 068 (the search,
 * the customer's name, the balance and the due date).
 */
import type { Db } from '../platform/db';
import type { Ctx } from './context';
import type { Lang } from './i18n';
import { parseAmount } from './amounts';
import { todayIn } from '../invoices/lookup';
import { country as countryOf, type CountryCode } from '../countries';

export type SortKey = 'date' | 'number' | 'customer' | 'total' | 'balance' | 'due' | 'status';
export const SORT_KEYS: readonly SortKey[] = ['number', 'date', 'customer', 'total', 'balance', 'due', 'status'];
export interface Sort { key: SortKey; dir: 'asc' | 'desc' }
/** The order when the address names none: newest date first. */
export const DEFAULT_SORT: Sort = { key: 'date', dir: 'desc' };

/** The statuses the list filters by (`status=`): what the authority said, what is owed, the e-mail. */
export const STATUSES = ['issued', 'draft', 'pending', 'rejected', 'paid', 'partly_paid', 'overdue', 'annulled', 'mail_failed'] as const;
export type Status = (typeof STATUSES)[number];
/** The statuses about payment, which only invoices have. */
export const PAYMENT_STATUSES: readonly Status[] = ['paid', 'partly_paid', 'overdue'];

export interface ListRow {
  id: string; name: string; date: string; number: string; total: string;
  /** What the customer still owes (invoices; null for the other kinds). */
  balance: string | null;
  /** The due date the invoice was issued with (null when paid at once, and for the other kinds). */
  due: string | null;
  annulled: boolean; customerName: string | null; identification: string | null;
  stamp?: string; mail: string | null; cancellation: string | null;
  /** Its document type, and whether that type is never sent to the authority (a Colombian plain invoice: issued, never a draft). */
  type: number; plain: boolean;
  /** An installment past due and unpaid; some installment paid while some is still owed. */
  overdue: boolean; partly: boolean;
}

/** The table of each kind of document and the condition of the rows the API shows. */
export const SOURCES: Record<string, { table: string; cond: string; stamped: boolean; owed: boolean; cancellable: boolean; optionalCustomer?: boolean; docType: string }> = {
  invoices: { table: 'invoices', cond: 't.deleted_at IS NULL', stamped: true, owed: true, cancellable: true, docType: 'FV' },
  'credit-notes': { table: 'notes', cond: "t.kind = 'NC'", stamped: true, owed: false, cancellable: true, docType: 'NC' },
  'debit-notes': { table: 'notes', cond: "t.kind = 'ND'", stamped: true, owed: false, cancellable: false, docType: 'ND' },
  vouchers: { table: 'vouchers', cond: 'true', stamped: false, owed: false, cancellable: false, optionalCustomer: true, docType: 'RC' },
  payments: { table: 'payments', cond: 'true', stamped: true, owed: false, cancellable: true, docType: 'P' },
};
const CAST: Record<SortKey, string> = { date: 'date', number: 'bigint', total: 'numeric', balance: 'numeric', due: 'text', customer: 'text', status: 'int' };
const KEY_FORMAT: Record<SortKey, RegExp> = {
  date: /^\d{4}-\d{2}-\d{2}$/, number: /^\d{1,18}$/, total: /^-?\d{1,16}(\.\d{1,6})?$/, balance: /^-?\d{1,16}(\.\d{1,6})?$/,
  due: /^\d{4}-\d{2}-\d{2}$/, customer: /^\P{Cc}{0,400}$/u, status: /^\d{1,2}$/,
};
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const DAY = /^\d{4}-\d{2}-\d{2}$/;
const STAMPS = ['Draft', 'Pending', 'Accepted', 'Rejected'];
/** The due date of a document without one, in the due-date sort and its index (invoices_due_sort): after every real date. */
const NO_DUE = '9999-12-31';

/** A list address the console refuses (400): the parameter and the value given, shown in the page's language by `badListText`. */
export class BadList extends Error {
  constructor(readonly param: 'sort' | 'dir' | 'cursor' | 'kind' | 'from' | 'to' | 'size' | 'status' | 'type', readonly value = '') { super(`${param}: ${value}`); }
}

const BAD_LIST: Record<Lang, Record<BadList['param'], string>> = {
  es: { sort: 'sort: number, date, customer, total, balance, due o status', dir: 'dir: asc o desc', cursor: 'cursor: no es una página de esta lista y orden', kind: 'Tipo de documento desconocido',
    from: 'Desde: una fecha como 2026-11-26', to: 'Hasta: una fecha como 2026-11-26', size: 'size: un número entero de 1 a 100',
    status: `Estado: uno de ${STATUSES.join(', ')}`, type: 'Tipo: el número de un tipo de documento de la empresa' },
  en: { sort: 'sort: number, date, customer, total, balance, due or status', dir: 'dir: asc or desc', cursor: 'cursor: not a page of this list and sort', kind: 'Unknown document kind',
    from: 'From: a date as 2026-11-26', to: 'To: a date as 2026-11-26', size: 'size: a whole number from 1 to 100',
    status: `Status: one of ${STATUSES.join(', ')}`, type: 'Type: the number of a document type of the company' },
};
export const badListText = (lang: Lang, e: BadList): string => `${BAD_LIST[lang][e.param]}${e.value ? ` (${lang === 'es' ? 'no' : 'not'} ${e.value})` : ''}.`;

/** The sort the address asks for (`sort=` a column, `dir=asc|desc`, descending by default), or none. */
export function sortOf(q: Record<string, string | undefined>): Sort | null {
  if (!q.sort) return null;
  if (!(SORT_KEYS as readonly string[]).includes(q.sort)) throw new BadList('sort', q.sort);
  if (q.dir !== undefined && q.dir !== '' && q.dir !== 'asc' && q.dir !== 'desc') throw new BadList('dir', q.dir);
  return { key: q.sort as SortKey, dir: q.dir === 'asc' ? 'asc' : 'desc' };
}

export const cursorOf = (key: string, id: string): string => Buffer.from(JSON.stringify([key, id])).toString('base64url');

/** The sort key and id a cursor carries, checked against the sort (a cursor of another sort or a forged one is refused). */
export function readCursor(sort: Sort, cursor: string): [string, string] {
  let v: unknown;
  try { v = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')); } catch { v = undefined; }
  if (!Array.isArray(v) || v.length !== 2 || typeof v[0] !== 'string' || typeof v[1] !== 'string' || !KEY_FORMAT[sort.key].test(v[0]) || !UUID.test(v[1])) {
    throw new BadList('cursor');
  }
  return [v[0], v[1]];
}

/** The source of a kind, or 400. */
export function sourceOf(kind: string) {
  const src = SOURCES[kind];
  if (!src) throw new BadList('kind', kind);
  return src;
}

/** `%`, `_` and `\` taken literally in a LIKE pattern. */
const likeText = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** A filter of the list: its WHERE conditions (on `t`, the kind's table) and their arguments ($1 is the company). */
export interface Filter { src: (typeof SOURCES)[string]; where: string[]; args: unknown[]; country: CountryCode }

/** Whether a row's document type is one never sent to the authority (Colombia's plain types). */
export const plainSql = (f: { country: CountryCode }) => (countryOf(f.country).documents.electronicTypes
  ? "t.document_type_id IN (SELECT dt.id FROM document_types dt WHERE dt.company_id = $1 AND dt.electronic_type = 'NoElectronic')" : 'false');
/** Whether the authority cancelled the document; on invoices the stored column of that expression (migration 075, in invoices_date). */
const cancelledSql = (f: Filter) => (f.src.table === 'invoices' ? 't.cancelled' : f.src.cancellable ? "coalesce(t.cancellation->>'status' = 'Cancelled', false)" : 'false');
const dueItems = "SELECT 1 FROM due_items d WHERE d.company_id = t.company_id AND d.invoice_id = t.id AND NOT d.annulled";

/**
 * The list's filter from its address: `q` (the search box: a part of the number of three characters or more, else the
 * whole number; a part of the customer's identification, name or trade name, without regard to accents or case; an
 * amount, written as the company's country writes it, equal to the total), `from` and `to` (dates), `type` (a
 * document type's id), `status` (STATUSES), and the older `name` (a whole number), `customer` (an identification)
 * and `stamp` (the authority's status) of the home page's links; `ids` limits it to those documents (a bulk job's
 * selection).
 */
export async function filterOf(ctx: Ctx, db: Db, kind: string, q: Record<string, string | undefined>, ids?: string[]): Promise<Filter> {
  const src = sourceOf(kind);
  const f: Filter = { src, where: ['t.company_id = $1', src.cond], args: [ctx.company.company_id], country: ctx.country };
  const arg = (v: unknown) => { f.args.push(v); return `$${f.args.length}`; };
  if (ids) f.where.push(`t.id = ANY(${arg(ids.filter((id) => UUID.test(id)))}::uuid[])`);
  if (q.name?.trim()) f.where.push(`t.name = ${arg(q.name.trim())}`);
  if (q.customer?.trim()) f.where.push(`t.customer_identification = ${arg(q.customer.trim())}`);
  for (const [param, op] of [['from', '>='], ['to', '<=']] as const) {
    const v = q[param];
    if (!v) continue;
    if (!DAY.test(v) || Number.isNaN(Date.parse(v))) throw new BadList(param, v);
    f.where.push(`t.date ${op} ${arg(v)}::date`);
  }
  if (q.type) {
    if (!/^\d{1,9}$/.test(q.type)) throw new BadList('type', q.type);
    f.where.push(`t.document_type_id = ${arg(Number(q.type))}::int`);
  }
  // A known status is written into the statement, so that the planner can use the partial index of the open ones (invoices_stamp_open).
  if (q.stamp && src.stamped) {
    if (STAMPS.includes(q.stamp)) f.where.push(`t.stamp_status = '${q.stamp}'`);
    else f.where.push(`t.stamp_status = ${arg(q.stamp)}`);
  }
  if (q.status) {
    if (!(STATUSES as readonly string[]).includes(q.status)) throw new BadList('status', q.status);
    f.where.push(statusSql(ctx, f, q.status as Status, arg));
  }
  const term = q.q?.trim().slice(0, 100);
  if (term) f.where.push(await searchSql(ctx, db, term, arg));
  return f;
}

function statusSql(ctx: Ctx, f: Filter, status: Status, arg: (v: unknown) => string): string {
  const live = `NOT t.annulled AND NOT ${cancelledSql(f)}`;
  const stamp = (s: string) => (f.src.stamped ? `t.stamp_status = '${s}'` : 'false');
  switch (status) {
    case 'issued': return f.src.stamped ? `${live} AND (t.stamp_status = 'Accepted' OR (t.stamp_status = 'Draft' AND ${plainSql(f)}))` : live;
    case 'draft': return `${stamp('Draft')} AND NOT ${plainSql(f)}`;
    case 'pending': return stamp('Pending');
    case 'rejected': return stamp('Rejected');
    case 'annulled': return `(t.annulled OR ${cancelledSql(f)})`;
    case 'mail_failed': return "t.mail_status = 'failed_delivery'";
    case 'paid': return f.src.owed ? `${live} AND t.balance = 0` : 'false';
    case 'partly_paid': return f.src.owed ? `${live} AND t.balance > 0 AND EXISTS (${dueItems} AND d.paid > 0)` : 'false';
    case 'overdue': return f.src.owed
      ? `${live} AND t.balance > 0 AND EXISTS (${dueItems} AND d.paid < d.amount AND d.due_date < ${arg(todayIn(ctx.company.time_zone))}::date)` : 'false';
  }
}

/** The search box: the number, the customer (identification, name, trade name) or the amount, any of them. */
async function searchSql(ctx: Ctx, db: Db, term: string, arg: (v: unknown) => string): Promise<string> {
  const arms: string[] = [];
  // A part of the number, through the trigram index of the names (migration 068); shorter than a trigram, the whole number.
  if (term.length >= 3) arms.push(`t.name ILIKE ${arg(`%${likeText(term)}%`)}`);
  else arms.push(`t.name = ${arg(term)}`);
  if (/^\d{1,18}$/.test(term)) arms.push(`t.number = ${arg(term)}::bigint`);
  // The customers it names, through their own trigram index (few rows beside the documents), then their documents by identification.
  const [{ folded }] = await db.query<{ folded: string }>('SELECT console_fold($1) AS folded', [term]);
  const found = folded.length >= 3
    ? await db.query<{ identification: string }>(`SELECT DISTINCT identification FROM customers WHERE company_id = $1
        AND console_fold(identification || ' ' || (name::text) || ' ' || coalesce(commercial_name, '')) LIKE $2 LIMIT 20000`,
      [ctx.company.company_id, `%${likeText(folded)}%`])
    : [];
  const identifications = [...new Set([...found.map((r) => r.identification), term.toUpperCase(), term])];
  arms.push(`t.customer_identification = ANY(${arg(identifications)}::text[])`);
  // An amount as the company's country writes it (1.234.567,89 in Colombia), or with a point before at most two decimals.
  const typed = parseAmount(term, ctx.country);
  const amount = typeof typed === 'number' ? typed : /^\d{1,15}([.,]\d{1,2})?$/.test(term) ? Number(term.replace(',', '.')) : undefined;
  if (amount !== undefined && Number.isFinite(amount)) arms.push(`t.total = ${arg(amount.toFixed(2))}::numeric`);
  return `(${arms.join(' OR ')})`;
}

/** Each sort key's expression (the same as its index's, where it has one). */
function keySql(f: Filter, key: SortKey): string {
  switch (key) {
    case 'date': return 't.date';
    case 'number': return 't.number';
    case 'total': return 't.total';
    case 'balance': return f.src.owed ? 't.balance' : '0::numeric';
    case 'due': return f.src.owed ? `coalesce(console_due(t.document), '${NO_DUE}')` : `'${NO_DUE}'::text`;
    case 'customer': return f.src.optionalCustomer ? "coalesce(console_fold(console_name(c.name)), '')" : 'console_fold(console_name(c.name))';
    // What needs doing first: rejected, waiting, drafts, owed, paid, then the annulled.
    case 'status': return `(CASE WHEN t.annulled OR ${cancelledSql(f)} THEN 9${f.src.stamped ? ` WHEN t.stamp_status = 'Rejected' THEN 1 WHEN t.stamp_status = 'Pending' THEN 2
      WHEN t.stamp_status = 'Draft' AND NOT ${plainSql(f)} THEN 3` : ''}${f.src.owed ? ' WHEN t.balance > 0 THEN 4' : ''} ELSE 5 END)`;
  }
}

/** The widest date range (days, both ends given) whose rows are sorted by total rather than walked in the sort index. */
export const BOUNDED_DAYS = 92;
/** The days from `from` to `to` (both checked as days by the caller), or Infinity when either is missing. */
const spanDays = (from?: string, to?: string) => (from && to ? (Date.parse(to) - Date.parse(from)) / 86_400_000 : Infinity);

/**
 * A date range sorted by number, or a wider or one-ended one by total: whether the first page should read the range's entries from the date
 * index and sort them rather than walk a sort index past the rows outside the range, and for a walk by number where each numbering
 * (document type) starts and ends. All of it comes from the counts kept per day and document type (document_counts, a few hundred
 * rows), which keep each day's lowest and highest number too (migration 060): every document of a type dated from `from` on has a
 * number at least the lowest of that type's minima from `from` on, every one dated up to `to` at most the highest of its maxima up
 * to `to`, however back-dated some are. Numbers follow dates within a numbering, not across numberings (two resolutions run side by
 * side), so each type is walked on its own, in its numbering index from its bounds, and the walks merged: a walk passes only the
 * rows of its type dated outside the range whose days hold numbers inside its bounds. A walk by total passes about `size` × all ÷
 * inside rows. A walked row costs a heap read, an entry of the date index about a third of it (measured on PostgreSQL at 1,000,000
 * invoices: 7 µs and 2 µs). `walks` is undefined when a day's numbers are not known (then one walk of the whole sort index).
 */
async function rangePlan(db: Db, companyId: number, table: string, q: Record<string, string | undefined>, sort: Sort, size: number):
  Promise<{ read: boolean; walks?: { type: number; lo: string; hi: string }[] }> {
  if (!q.from && !q.to) return { read: false };
  if (table !== 'invoices' && table !== 'vouchers') return { read: false };
  const types = await db.query<{ type: number; lo: string | null; hi: string | null; known: boolean; inside: string; outside: string; passed: string }>(
    `WITH d AS (SELECT document_type_id AS type, day, sum(n) AS n, min(lo) AS lo, max(hi) AS hi, bool_and(hi IS NOT NULL OR n = 0) AS known,
                       day >= coalesce($3::date, '-infinity') AND day <= coalesce($4::date, 'infinity') AS inside
                  FROM document_counts WHERE company_id = $1 AND kind = $2 AND dim = 'date' GROUP BY 1, 2 HAVING sum(n) > 0),
          b AS (SELECT type, min(lo) FILTER (WHERE day >= coalesce($3::date, '-infinity')) AS lo,
                       max(hi) FILTER (WHERE day <= coalesce($4::date, 'infinity')) AS hi, bool_and(known) AS known FROM d GROUP BY type)
     SELECT b.type, b.lo::text AS lo, b.hi::text AS hi, b.known,
            coalesce(sum(d.n) FILTER (WHERE d.inside), 0)::text AS inside, coalesce(sum(d.n) FILTER (WHERE NOT d.inside), 0)::text AS outside,
            coalesce(sum(d.n) FILTER (WHERE NOT d.inside AND d.hi >= b.lo AND d.lo <= b.hi), 0)::text AS passed
       FROM b JOIN d USING (type) GROUP BY b.type, b.lo, b.hi, b.known ORDER BY b.type`, [companyId, table, q.from || null, q.to || null]);
  const total = (k: 'inside' | 'outside' | 'passed') => types.reduce((n, t) => n + Number(t[k]), 0);
  const inside = total('inside');
  if (sort.key === 'total') return { read: inside < 3 * size * total('outside') / Math.max(inside, 1) };
  // Days counted before their numbers were kept (none after migration 060's backfill): the range read, whose cost is its own rows.
  if (!types.every((t) => t.known)) return { read: true };
  // A type without a day on each side of the range's bounds has no document in it: no walk.
  const walks = types.flatMap((t) => (t.lo !== null && t.hi !== null ? [{ type: t.type, lo: t.lo, hi: t.hi }] : []));
  return { read: inside < 3 * total('passed'), walks };
}

/** What a page reads of each row (after the page's rows are chosen). */
function columnsSql(f: Filter, key: SortKey): string {
  const owed = f.src.owed;
  return `t.id, t.name, t.date::text AS date, t.number::text AS number, t.total::text AS total, ${owed ? 't.balance::text' : 'NULL::text'} AS balance,
    ${owed ? 'console_due(t.document)' : 'NULL::text'} AS due, t.annulled, t.document_type_id AS type, t.customer_identification AS identification,
    console_name(c.name) AS customer_name, ${f.src.stamped ? 't.stamp_status' : 'NULL::text'} AS stamp_status, t.mail_status,
    ${f.src.cancellable ? "t.cancellation->>'status'" : 'NULL::text'} AS cancellation, ${plainSql(f)} AS plain,
    ${owed ? 'coalesce(di.overdue, false)' : 'false'} AS overdue, ${owed ? 'coalesce(di.partly, false)' : 'false'} AS partly, (${keySql(f, key)})::text AS sort_key`;
}

/**
 * Whether an invoice of the page has an installment past due and unpaid, and one paid: its due items read by the invoice
 * (a probe per row, only when something is owed). A LATERAL rather than two EXISTS in the columns: for an export's page
 * of 2,000 the planner hashed every open and every paid due item of the company instead (106,000 rows at 300,000
 * invoices, most of the 146 ms of a name search's CSV page).
 */
function dueFlagsSql(f: Filter): string {
  return f.src.owed ? `LEFT JOIN LATERAL (SELECT bool_or(d.paid < d.amount AND d.due_date < $${f.args.length + 1}::date) AS overdue, bool_or(d.paid > 0) AS partly
      FROM due_items d WHERE t.balance > 0 AND d.company_id = t.company_id AND d.invoice_id = t.id AND NOT d.annulled) di ON true` : '';
}

type Raw = { id: string; name: string; date: string; number: string; total: string; balance: string | null; due: string | null; annulled: boolean; type: number;
  identification: string | null; customer_name: string | null; stamp_status: string | null; mail_status: string | null; cancellation: string | null;
  plain: boolean; overdue: boolean; partly: boolean; sort_key: string };
const rowOf = (r: Raw): ListRow => ({
  id: r.id, name: r.name, date: r.date, number: r.number, total: r.total, balance: r.balance, due: r.due, annulled: r.annulled,
  customerName: r.customer_name, identification: r.identification, stamp: r.stamp_status ?? undefined, mail: r.mail_status,
  cancellation: r.cancellation, type: Number(r.type), plain: r.plain, overdue: r.overdue, partly: r.partly,
});

/** The status rank as invoices_status_sort holds it (migration 076): keySql's, with every draft a 3 whether its type is plain or not. */
export const STATUS_INDEXED = "(CASE WHEN t.annulled OR t.cancelled THEN 9 WHEN t.stamp_status = 'Rejected' THEN 1 WHEN t.stamp_status = 'Pending' THEN 2 "
  + "WHEN t.stamp_status = 'Draft' THEN 3 WHEN t.balance > 0 THEN 4 ELSE 5 END)";

/**
 * Invoices sorted by status: keySql's rank reads whether the document type is plain (another table), so no index holds
 * it, and the sort read and ranked every invoice of the company (300,000: 570 ms). Each rank is one or two ranges of
 * invoices_status_sort (company, indexed rank, id): a plain draft is indexed as a draft (3) and shown as owed (4) or
 * paid (5) by its balance, an electronic draft is a 3. One walk by id per (rank shown, rank indexed), each reading at
 * most a page after the cursor; the walks are merged by the page's own ORDER BY. Returns the walks' SQL (args appended).
 */
async function statusWalks(db: Db, f: Filter, args: unknown[], filter: string, sort: Sort, size: number, cursor?: [string, string]): Promise<string[]> {
  // The company's plain types and the others (electronic), named by value: an electronic draft's walk then reads the
  // invoices of those types (invoices_type) when they are few, as the planner sees them, rather than pass every plain draft.
  const electronic = countryOf(f.country).documents.electronicTypes;
  const types = electronic ? await db.query<{ id: number; plain: boolean }>(
    "SELECT id, coalesce(electronic_type = 'NoElectronic', false) AS plain FROM document_types WHERE company_id = $1", [f.args[0]]) : [];
  // Each list is a parameter only when a walk names it (a parameter no statement names has no type).
  const named: Partial<Record<'plain' | 'others', string>> = {};
  const list = (which: 'plain' | 'others') => () => {
    if (!named[which]) { args.push(types.filter((r) => r.plain === (which === 'plain')).map((r) => r.id)); named[which] = `$${args.length}::int[]`; }
    return named[which];
  };
  const [plain, others] = [list('plain'), list('others')];
  const arms: [number, number, () => string][] = electronic
    ? [[9, 9, () => ''], [5, 5, () => ''], [5, 3, () => `AND t.balance <= 0 AND t.document_type_id = ANY(${plain()})`], [4, 4, () => ''],
      [4, 3, () => `AND t.balance > 0 AND t.document_type_id = ANY(${plain()})`], [3, 3, () => `AND t.document_type_id = ANY(${others()})`], [2, 2, () => ''], [1, 1, () => '']]
    : [[9, 9, () => ''], [5, 5, () => ''], [4, 4, () => ''], [3, 3, () => ''], [2, 2, () => ''], [1, 1, () => '']];
  const desc = sort.dir === 'desc';
  const at = cursor ? Number(cursor[0]) : undefined;
  let idArg = '';
  // The cursor's id only when a walk continues after it (a forged rank names none).
  if (cursor && arms.some(([shown]) => shown === at)) { args.push(cursor[1]); idArg = `$${args.length}::uuid`; }
  return arms.filter(([shown]) => at === undefined || (desc ? shown <= at : shown >= at)).map(([shown, indexed, extra]) => {
    const after = at === shown ? `AND t.id ${desc ? '<' : '>'} ${idArg}` : '';
    return `(SELECT t.id FROM invoices t WHERE ${filter} AND ${STATUS_INDEXED} = ${indexed} ${extra()} ${after} ORDER BY t.id ${desc ? 'DESC' : 'ASC'} LIMIT ${size + 1})`;
  });
}

/** One page (`size` rows, at most 5,000) of the filter in the sort, after the cursor; `next` is the cursor of the page after it, if any. */
export async function sortedPage(ctx: Ctx, db: Db, kind: string, q: Record<string, string | undefined>, sort: Sort, size: number, given?: Filter): Promise<{ rows: ListRow[]; next?: string }> {
  const f = given ?? await filterOf(ctx, db, kind, q);
  const src = f.src;
  const args = [...f.args];
  const where = [...f.where];
  const col = keySql(f, sort.key);
  const dir = sort.dir === 'asc' ? 'ASC' : 'DESC';
  const cursor = q.cursor ? readCursor(sort, q.cursor) : undefined;
  // Invoices by status: a walk per status (statusWalks), each in its own range of invoices_status_sort, merged.
  const byStatus = sort.key === 'status' && src.table === 'invoices';
  if (cursor && !byStatus) {
    const [key, id] = cursor;
    args.push(key, id);
    const op = sort.dir === 'asc' ? '>' : '<';
    // The key's own bound too: an index that continues past the key (invoices_date: date, created_at, …) is entered at it.
    where.push(`(${col}, t.id) ${op} ($${args.length - 1}::${CAST[sort.key]}, $${args.length}::uuid) AND ${col} ${op}= $${args.length - 1}::${CAST[sort.key]}`);
  }
  // A short date range sorted by total: the page is chosen among the range's rows, read through the date
  // index (index-only for invoices) and sorted, then only its rows are read. The sort index walked in its order would
  // pass over every row outside the range (at 100,000 invoices, a past month by number read 56,000 entries and
  // 14,000 pages: 520 ms; this, 8,500 entries: 22 ms). `+ 0` keeps the planner off the sort index.
  // By number, the counts always decide (walks between each numbering's bounds pass only back-dated rows, even for a month).
  const key = sort.key;
  let bounded = key === 'total' && spanDays(q.from, q.to) <= BOUNDED_DAYS;
  let walks: { type: number; lo: string; hi: string }[] | undefined;
  if (!bounded && (key === 'number' || (key === 'total' && !q.cursor))) {
    const plan = await rangePlan(db, ctx.company.company_id, src.table, q, sort, size);
    // The first page reads the range when that is cheaper; the later ones walk from their cursor.
    bounded = !q.cursor && plan.read;
    if (!bounded) walks = plan.walks;
  }
  if (byStatus) walks = undefined;
  if (walks && !walks.length) return { rows: [] };
  const order = (k: string) => `${k} ${dir}, t.id ${dir}`;
  // Sorted by customer, the customers are read in the order of their names (customers_name_sort) and each one's documents after it.
  const customers = key === 'customer' && !src.optionalCustomer
    ? 'JOIN customers c ON c.id = t.customer_id AND c.company_id = $1' : 'LEFT JOIN customers c ON c.id = t.customer_id';
  const filter = where.join(' AND ');
  // A walk by number per numbering, each in its own index (company, type, number: a number is unique within its type) between the
  // numbers the range's days hold, so that the first page does not pass the far side of the book before it nor the last page the
  // rest after it; the walks are merged.
  const walk = (w: { type: number; lo: string; hi: string }) => {
    args.push(w.type, w.lo, w.hi);
    const [ty, lo, hi] = [args.length - 2, args.length - 1, args.length];
    return `(SELECT t.id FROM ${src.table} t WHERE ${filter} AND t.document_type_id = $${ty}::int AND t.number BETWEEN $${lo}::bigint AND $${hi}::bigint
              ORDER BY t.number ${dir} LIMIT ${size + 1})`;
  };
  const statusArms = byStatus ? await statusWalks(db, f, args, filter, sort, size, cursor) : undefined;
  if (statusArms && !statusArms.length) return { rows: [] };
  const picked = statusArms
    ? `(${statusArms.join(' UNION ALL ')}) p JOIN ${src.table} t USING (id) ${customers}`
    : walks
    ? `(${walks.map(walk).join(' UNION ALL ')}) p JOIN ${src.table} t USING (id) ${customers}`
    : bounded
      ? `(SELECT t.id FROM ${src.table} t WHERE ${filter} ORDER BY ${order(`(t.${key} + 0)`)} LIMIT ${size + 1}) p JOIN ${src.table} t USING (id) ${customers}`
      : `${src.table} t ${customers} WHERE ${filter}`;
  // The page's rows first (their sort alone), then what they show; the due items of only those.
  const today = todayIn(ctx.company.time_zone);
  const shown = { ...f, args };
  const rows = await db.query<Raw>(
    `SELECT ${columnsSql(shown, key)} FROM (SELECT t.id FROM ${picked} ORDER BY ${order(col)} LIMIT ${size + 1}) page
       JOIN ${src.table} t ON t.id = page.id LEFT JOIN customers c ON c.id = t.customer_id ${dueFlagsSql(shown)}
      ORDER BY ${order(col)}`, src.owed ? [...args, today] : args); // the day the overdue are counted from: invoices only
  const page = rows.slice(0, size);
  const last = page[page.length - 1];
  return { rows: page.map(rowOf), next: rows.length > size && last ? cursorOf(last.sort_key, last.id) : undefined };
}

/** The filter's totals: how many documents, and the sums of their totals and balances without the annulled and cancelled. */
export async function listTotals(ctx: Ctx, db: Db, kind: string, q: Record<string, string | undefined>): Promise<{ count: number; total: string; balance: string | null }> {
  const f = await filterOf(ctx, db, kind, q);
  const live = `NOT t.annulled AND NOT ${cancelledSql(f)}`;
  const [r] = await db.query<{ count: number; total: string; balance: string | null }>(
    `SELECT count(*)::int AS count, coalesce(sum(t.total) FILTER (WHERE ${live}), 0)::text AS total,
            ${f.src.owed ? `coalesce(sum(t.balance) FILTER (WHERE ${live}), 0)::text` : 'NULL::text'} AS balance
       FROM ${f.src.table} t WHERE ${f.where.join(' AND ')}`, f.args);
  return r;
}

/**
 * Every row of the filter in the sort (exports and bulk jobs), in keyset pages of 2,000, handed to `each` page by page;
 * stops after `limit` rows (and says it stopped: `more`).
 */
export async function eachRow(ctx: Ctx, db: Db, kind: string, q: Record<string, string | undefined>, sort: Sort, limit: number,
  each: (rows: ListRow[]) => Promise<void> | void, ids?: string[]): Promise<{ count: number; more: boolean }> {
  const f = await filterOf(ctx, db, kind, q, ids);
  const base = { ...q, cursor: undefined };
  let cursor: string | undefined;
  let count = 0;
  for (;;) {
    const p = await sortedPage(ctx, db, kind, { ...base, cursor }, sort, Math.min(2_000, limit - count), f);
    if (p.rows.length) await each(p.rows);
    count += p.rows.length;
    if (!p.next) return { count, more: false };
    if (count >= limit) return { count, more: true };
    cursor = p.next;
  }
}
