/**
 * The invoice kernel: the one module that writes the `invoices` table and its
 * due items. Every other module asks it (creation, edit, stamping, verdicts,
 * payments, mail state, annulment, deletion); none writes the table itself.
 * Which state changes are allowed is said once, in src/platform/states.ts; the
 * guards below say, for a stored invoice, what a client may do with it, and
 * every route uses them. A state change emits its event (src/platform/events.ts)
 * in the same transaction.
 *
 * A creation is ONE statement: its number, the document, its due items (credit)
 * and its balanced journal entry, and, with stamp.send, its stamping job.
 * Under group commit (src/platform/group-commit.ts) writeInvoice hands its
 * record to writeInvoices, which writes a batch of them with one statement per
 * document type.
 */
import Decimal from 'decimal.js';
import { prepared, type Queryable } from '../platform/db';
import { Statement } from '../platform/sql';
import { addEntry, reverseEntry, type Posting } from '../ledger/journal';
import { Slot, underSavepoint, type BatchWriter } from '../platform/group-commit';
import { notFound } from '../platform/errors';
import { addNumbering, numberRefused, type Numbered, type NumRow } from './numbering';
import { enqueue } from '../platform/outbox';
import { ctesText, emit, eventCtes } from '../platform/events';
import { assertStampMove, type MailStatus, type StampStatus, type StampVerdictStatus } from '../platform/states';
import { canAnnul, canDelete, enforce, type InvoiceFacts } from './guards';
import { batchEntries } from '../ledger/batch';
import { country as countryOf, type CountryCode } from '../countries';
import { groupInvoices } from './batch-params';

// The guards (what a client may do with a stored invoice) live in ./guards; routes read them from here too.
export { canAnnul, canCredit, canDelete, canEdit, canStamp, enforce, type InvoiceFacts, type Refusal } from './guards';

const DRAFT: StampStatus = 'Draft', PENDING: StampStatus = 'Pending', ACCEPTED: StampStatus = 'Accepted';

export interface InvoiceRecord {
  companyId: number; id: string; country: CountryCode; documentTypeId: number;
  /** A number sent by the client; else the next one is taken. */
  sent?: number;
  date: string;
  customerId: number; identification: string; branchOffice: number;
  total: number; balance: number; partnerId?: string; applicationId?: string;
  /** The answer without number and name, which the statement fills in. */
  document: Record<string, unknown>; now: Date;
  /** stamp.send: the invoice is Pending and its stamping job is queued in the same statement. */
  stamp?: boolean;
  /** Its `invoice.created` event (a company with webhooks), recorded and fanned out in the same statement. */
  created?: boolean;
  /** The document it was made from (a bulk load's template): in a batch, sent once, and of `document` only what differs (ownFields). */
  base?: Record<string, unknown>;
}

/** A credit installment: its due date, amount and the receivable account the invoice debits (a payment pays it off that account). */
export interface DueRecord { due_date: string; amount: string; account: string }

export async function writeInvoice(q: Queryable, r: InvoiceRecord, due: DueRecord[], postings: Posting[]): Promise<Numbered> {
  if (q instanceof Slot) return q.defer(INVOICE_BATCH, { r, due, postings });
  const st = addNumbering(new Statement(), r.companyId, r.documentTypeId, r.sent);
  const cid = st.p(r.companyId);
  st.with('invoice', `INSERT INTO invoices (company_id, id, country, document_type_id, prefix, number, name, date, customer_id, customer_identification,
      customer_branch_office, total, balance, partner_id, application_id, document, stamp_status, created_at, updated_at)
    SELECT ${cid}, ${st.p(r.id)}, ${st.p(r.country)}, ${st.p(r.documentTypeId)}, num.prefix, num.number, num.name, ${st.p(r.date)},
      ${st.p(r.customerId)}, ${st.p(r.identification)}, ${st.p(r.branchOffice)}, ${st.p(r.total)}, ${st.p(r.balance)}, ${st.p(r.partnerId ?? null)},
      ${st.p(r.applicationId ?? null)}, ${st.p(JSON.stringify(r.document))}::jsonb || jsonb_build_object('prefix', num.prefix, 'number', num.number, 'name', num.name),
      ${st.p(r.stamp ? PENDING : DRAFT)}, ${st.p(r.now)}, ${st.p(r.now)}
    FROM num RETURNING id, prefix, number, name`);
  if (r.stamp) {
    // As requestStamp, for an invoice that has no job yet.
    st.with('job', `INSERT INTO outbox (company_id, kind, ref_id, next_attempt_at)
      SELECT ${cid}, ${st.p(stampJob(r.country))}, invoice.id, now() + make_interval(secs => ${st.p(STAMP_GRACE_MS)}::float8 / 1000) FROM invoice`);
  }
  if (due.length) {
    st.with('due', `INSERT INTO due_items (company_id, invoice_id, customer_id, prefix, consecutive, quote, due_date, amount, account_code)
      SELECT ${cid}, invoice.id, ${st.p(r.customerId)}, invoice.prefix, invoice.number, d.quote, d.due_date, d.amount, d.account
        FROM invoice, unnest(${st.p(due.map((d) => d.due_date))}::date[], ${st.p(due.map((d) => d.amount))}::numeric[], ${st.p(due.map((d) => d.account))}::text[])
          WITH ORDINALITY AS d(due_date, amount, account, quote)`);
  }
  addEntry(st, r.companyId, { kind: 'invoice', id: r.id, date: r.date, description: 'Factura' }, postings, 'invoice.name');
  const events = r.created ? createdEvents(cid, 'invoice') : null;
  for (const [name, body] of events ?? []) st.with(name, body);
  // (Its text takes a few shapes: number sent or not, stamped or not, with due items or not, with its event or not.)
  const [t] = await st.run<NumRow>(q, 'SELECT num.* FROM num', true);
  if (!t) throw await numberRefused(q, r.companyId, r.documentTypeId, r.sent);
  if (r.created && !events) await emit(q, r.companyId, 'invoice.created', { id: r.id, name: t.name });
  return { number: Number(t.number), prefix: t.prefix, name: t.name };
}

/** The CTEs that record `invoice.created` for the invoices of the statement (`invoice`, or `n` in a batch's) and react to it; null: emit it. */
const createdEvents = (cid: string, docs: string) => eventCtes(['invoice.created'], `SELECT ${cid}::int AS company_id, 'invoice.created' AS type, id AS doc_id FROM ${docs}`);

/** How writeInvoices wrote (per process): invoices in a statement of their type, invoices alone under a savepoint. */
export const writtenInBatches = { batches: 0, together: 0, alone: 0 };

/** One invoice of a batch: what writeInvoice is given. */
export interface InvoiceWrite { r: InvoiceRecord; due: DueRecord[]; postings: Posting[] }

/**
 * Writes a batch of invoices in the caller's transaction; per invoice its number or its own error, as
 * writeInvoice would answer it alone. The invoices numbered automatically are written with ONE statement
 * per document type (numbers in the order of `items`, taken by one UPDATE of the type's counter): the
 * invoices, due items, journal entries and lines and stamping jobs from json_to_recordset (documents made from one
 * base, a bulk load's, as the base once and what differs). An invoice with
 * a number sent by hand, and every invoice of a type whose statement wrote nothing (the numbers would
 * leave its DIAN resolution or the safe-integer range), is written alone by writeInvoice under a savepoint, so
 * that its refusal is its own. A type's statement that fails throws: the batch's transaction is rolled back and
 * group commit writes each of its creations alone. The counters are locked first, in one order (company, type), so
 * two batches never wait for each other's counters in a cycle.
 */
export async function writeInvoices(q: Queryable, items: InvoiceWrite[]): Promise<(Numbered | Error)[]> {
  writtenInBatches.batches++;
  const out: (Numbered | Error)[] = new Array(items.length);
  const ordered = prepareInvoices(items);
  // Every counter the batch needs, locked first and in that order: a batch never waits for a counter while it holds the
  // ledger and receivable sums its earlier statements updated (a single creation holding that counter may wait for those).
  if (ordered.length > 1) {
    await q.query(`SELECT 1 FROM document_types t JOIN unnest($1::int[], $2::int[]) AS k(cid, tid) ON t.company_id = k.cid AND t.id = k.tid
      ORDER BY t.company_id, t.id FOR UPDATE OF t`, [ordered.map((t) => t.cid), ordered.map((t) => t.tid)]);
  }
  for (const t of ordered) {
    const alone = [...t.alone]; // (the groups are the batch's, kept for it: not changed here)
    if (t.auto.length > 1) {
      // No savepoint (two round trips and a subtransaction fewer per batch): a statement that fails aborts the batch's
      // transaction, and group commit then writes each creation of the batch alone (the same answers, each its own).
      const written = await writeOneType(q, t.cid, t.tid, t.auto.map((i) => items[i]), t.params!);
      if (!written.length) alone.push(...t.auto);
      else { t.auto.forEach((i, k) => { out[i] = written[k]; }); writtenInBatches.together += written.length; }
    } else alone.push(...t.auto);
    writtenInBatches.alone += alone.length;
    for (const i of alone.sort((a, b) => a - b)) out[i] = await underSavepoint(q, () => writeInvoice(q, items[i].r, items[i].due, items[i].postings));
  }
  return out;
}

/** The batch grouped by document type, its statements' parameters made (once per batch: ./batch-params.ts). */
export const prepareInvoices = (items: InvoiceWrite[]) => groupInvoices(items, stampJob);

/** The batch writer group commit gives invoices to. */
export const INVOICE_BATCH: BatchWriter<InvoiceWrite, Numbered> = { name: 'invoices', write: writeInvoices, direct: directInvoices,
  locks: (items) => ({ counters: items.map((it) => [it.r.companyId, it.r.documentTypeId]) }) };

/**
 * Invoices of one document type, all numbered by its counter, their created events in the same statement: writeOneType's
 * statement is the whole write, which group commit runs with no transaction around it; null when the batch needs more.
 */
function directInvoices(items: InvoiceWrite[]): ((q: Queryable) => Promise<Numbered[] | null>) | null {
  const [t, ...more] = prepareInvoices(items);
  if (more.length || t.alone.length || t.auto.length < 2 || (items.some((it) => it.r.created) && !createdEvents('$1', 'n'))) return null;
  return async (q) => {
    const written = await writeOneType(q, t.cid, t.tid, t.auto.map((i) => items[i]), t.params!);
    Object.assign(writtenInBatches, { batches: writtenInBatches.batches + 1, together: writtenInBatches.together + written.length });
    return written.length ? written : null; // (t.auto is every item, in order)
  };
}

/** N invoices of one document type, numbered in order, in one statement; [] when the counter refused the N numbers. */
async function writeOneType(q: Queryable, cid: number, tid: number, items: InvoiceWrite[], params: string[]): Promise<Numbered[]> {
  // The company's creations are events (it has webhooks) for all of the batch's invoices of the type, or for none.
  const created = items.some((it) => it.r.created);
  const events = created ? createdEvents('$1', 'n') : null;
  const rows = await q.query<{ number: string; prefix: string; name: string }>(writeOneTypeSql(events), [cid, tid, params[0], items.length, STAMP_GRACE_MS, ...params.slice(1)]);
  const out = rows.map((t) => ({ number: Number(t.number), prefix: t.prefix, name: t.name }));
  if (created && !events) for (const [k, t] of out.entries()) await emit(q, cid, 'invoice.created', { id: items[k].r.id, name: t.name });
  return out;
}

/** writeOneType's statement (prepared once per connection on PostgreSQL), with the CTEs of the invoices' created events or without. */
const writeOneTypeSql = (events: [string, string][] | null) => prepared(`${WRITE_ONE_TYPE}${events ? `,\n    ${ctesText(events)}` : ''}
    SELECT number, prefix, name FROM n ORDER BY k`);

const WRITE_ONE_TYPE = `WITH
    d AS (SELECT * FROM jsonb_to_recordset($3::jsonb) AS d(k int, id uuid, country text, date date, customer_id bigint, identification text, branch_office int,
            total numeric, balance numeric, partner_id text, application_id text, document jsonb, b int, stamp_status text, at timestamptz, job text)),
    base AS (SELECT (x.i - 1)::int AS b, x.doc FROM jsonb_array_elements($8::jsonb) WITH ORDINALITY AS x(doc, i)),
    num AS (UPDATE document_types SET consecutive = consecutive + $4::int
      WHERE company_id = $1 AND id = $2 AND consecutive + $4::int - 1 <= ${Number.MAX_SAFE_INTEGER}
        AND (electronic_type = 'NoElectronic' OR resolution IS NULL
          OR (consecutive >= COALESCE((resolution->>'from')::bigint, consecutive)
              AND consecutive + $4::int - 1 <= COALESCE((resolution->>'to')::bigint, consecutive + $4::int - 1)))
      RETURNING consecutive - $4::int AS first, prefix),
    n AS (SELECT d.*, num.prefix, x.number, x.name, d.document || jsonb_build_object('prefix', num.prefix, 'number', x.number, 'name', x.name) AS own
      FROM d, num, LATERAL (SELECT num.first + d.k AS number, num.prefix || '-' || $2::int || '-' || (num.first + d.k) AS name) x),
    invoice AS (INSERT INTO invoices (company_id, id, country, document_type_id, prefix, number, name, date, customer_id, customer_identification,
        customer_branch_office, total, balance, partner_id, application_id, document, stamp_status, created_at, updated_at)
      SELECT $1, n.id, n.country, $2, n.prefix, n.number, n.name, n.date, n.customer_id, n.identification, n.branch_office, n.total, n.balance,
        n.partner_id, n.application_id, coalesce(base.doc || n.own, n.own), n.stamp_status, n.at, n.at
      FROM n LEFT JOIN base ON base.b = n.b ORDER BY n.k),
    job AS (INSERT INTO outbox (company_id, kind, ref_id, next_attempt_at)
      SELECT $1, n.job, n.id, now() + make_interval(secs => $5::float8 / 1000) FROM n WHERE n.job IS NOT NULL ORDER BY n.k),
    due AS (INSERT INTO due_items (company_id, invoice_id, customer_id, prefix, consecutive, quote, due_date, amount, account_code)
      SELECT $1, n.id, n.customer_id, n.prefix, n.number, x.quote, x.due_date, x.amount, x.account
        FROM json_to_recordset($6::json) AS x(k int, quote int, due_date date, amount numeric, account text) JOIN n ON n.k = x.k ORDER BY x.k, x.quote),
    ${batchEntries({ rows: 'n', company: '$1', kind: "'invoice'", date: 'n.date', description: "'Factura ' || n.name", lines: '$7' })}`;

/** Rows of invoices that exist for the API: a deleted invoice stays in the table, for audit, and is read by nothing else. */
export const LIVE = 'deleted_at IS NULL';

// ---------------------------------------------------------------------------
// Reads under the row's lock, for the writes below.

interface LockedInvoice extends InvoiceFacts { date: string; number: string; prefix: string; document_type_id: number; created_at: Date; deleted_at: Date | null }

/** The invoice's row, locked FOR UPDATE until the caller's transaction ends; `live` leaves deleted rows out. */
export async function lockInvoice(q: Queryable, cid: number, id: string, o: { country?: CountryCode; live?: boolean; paid?: boolean } = {}): Promise<LockedInvoice | undefined> {
  const [inv] = await q.query<LockedInvoice>(
    `SELECT name, date, number, prefix, document_type_id, annulled, stamp_status, created_at, deleted_at,
            (SELECT count(*)::int FROM notes n WHERE n.company_id = i.company_id AND n.invoice_id = i.id AND NOT n.annulled) AS notes
       FROM invoices i WHERE company_id = $1 AND id = $2${o.country ? ` AND country = '${o.country}'` : ''}${o.live === false ? '' : ` AND ${LIVE}`} FOR UPDATE`, [cid, id]);
  if (inv && o.paid) {
    const [{ paid }] = await q.query<{ paid: string }>(`SELECT coalesce(sum(paid), 0) AS paid FROM due_items WHERE company_id = $1 AND invoice_id = $2`, [cid, id]);
    inv.paid = paid;
  }
  return inv;
}

// ---------------------------------------------------------------------------
// State changes.

/** The outbox job that sends an invoice of this country to its tax authority. */
export function stampJob(code: CountryCode): string {
  const authority = countryOf(code).authority;
  if (!authority) throw new Error(`${code} invoices have no tax authority to be sent to`);
  return authority.invoiceJob;
}
/** The request that queues a stamping job runs it itself after commit: pollers leave it alone this long. */
const STAMP_GRACE_MS = 2000;

/**
 * Queues the invoice for the tax authority, in the writing transaction: the
 * outbox sends it after commit; the invoice is Pending until it answers. A
 * Rejected invoice sent again starts over (its earlier job and XML are dropped).
 */
export async function requestStamp(q: Queryable, cid: number, id: string, country: CountryCode, from: StampStatus): Promise<void> {
  assertStampMove(from, PENDING, `invoice ${id}`);
  const kind = stampJob(country);
  await q.query(`DELETE FROM outbox WHERE company_id = $1 AND kind = $2 AND ref_id = $3 AND status IN ('done', 'failed')`, [cid, kind, id]);
  await enqueue(q, cid, kind, id, STAMP_GRACE_MS);
  await q.query(`UPDATE invoices SET stamp_status = $3, xml = NULL, updated_at = now() WHERE company_id = $1 AND id = $2`, [cid, id, PENDING]);
}

/**
 * The signed XML is about to leave for an authority outside this process: it is
 * kept (with the CUFE in Colombia), so that a retry asks for it before sending
 * again. Outside any transaction (the stamping job runs after commit).
 */
export async function recordSending(q: Queryable, cid: number, id: string, xml: string, cufe?: string): Promise<void> {
  await q.query(`UPDATE invoices SET xml = $3, stamp_cufe = coalesce($4, stamp_cufe), stamp_status = $5, updated_at = now() WHERE company_id = $1 AND id = $2`,
    [cid, id, xml, cufe ?? null, PENDING]);
}

/** The authority's answer, as the invoice keeps it. */
export interface StampOutcome {
  status: StampVerdictStatus;
  /** CUFE (Colombia) or fiscal folio UUID (Mexico); null keeps none. A column the outcome does not name (no key) keeps its value. */
  cufe?: string | null;
  uuid?: string | null;
  errors: readonly { code: string; message: string }[];
  observations: readonly string[];
  authority: string;
  /** The XML to keep; null keeps the one already stored. */
  xml: string | null;
  applicationResponse?: string | null;
}

/**
 * Records the verdict on a Pending invoice and emits invoice.stamp_accepted or
 * invoice.stamp_rejected, in the caller's transaction (mail reacts there).
 */
export async function recordVerdict(q: Queryable, cid: number, id: string, v: StampOutcome): Promise<void> {
  const [row] = await q.query<{ name: string; stamp_status: StampStatus }>(
    `UPDATE invoices n SET stamp_status = $3, stamp_cufe = CASE WHEN $11 THEN $4 ELSE n.stamp_cufe END,
            stamp_uuid = CASE WHEN $12 THEN $5 ELSE n.stamp_uuid END, stamp_errors = $6, stamp_observations = $7, stamp_authority = $8,
            application_response = CASE WHEN $13 THEN $9 ELSE n.application_response END, xml = coalesce($10, n.xml), updated_at = now()
       FROM invoices o WHERE n.company_id = $1 AND n.id = $2 AND o.company_id = n.company_id AND o.id = n.id
     RETURNING n.name, o.stamp_status`,
    // Each authority's outcome names the columns it fills (the DIAN's a CUFE and an ApplicationResponse, the SAT's a UUID).
    [cid, id, v.status, v.cufe ?? null, v.uuid ?? null, JSON.stringify(v.errors), JSON.stringify(v.observations), v.authority, v.applicationResponse ?? null, v.xml,
      'cufe' in v, 'uuid' in v, 'applicationResponse' in v]);
  if (!row) throw new Error(`invoice ${id} not found`);
  // The same verdict again: the job ran twice (another process took it over while this one waited for the authority,
  // which answers a repeated document with the answer it gave). Recorded as before; nothing new happened.
  if (row.stamp_status === v.status) return;
  // A verdict follows a sending: recorded as Pending, or not recorded at all when the authority runs in this process.
  if (row.stamp_status !== PENDING) assertStampMove(row.stamp_status, PENDING, `invoice ${row.name}`);
  assertStampMove(PENDING, v.status, `invoice ${row.name}`);
  await emit(q, cid, v.status === ACCEPTED ? 'invoice.stamp_accepted' : 'invoice.stamp_rejected', { id, name: row.name });
}

/** POST …/annul, in the caller's transaction: annulled on `on`, its open due items and journal entry reversed. */
export async function annulInvoice(q: Queryable, cid: number, id: string, on: (documentDate: string) => string): Promise<void> {
  const inv = await lockInvoice(q, cid, id, { paid: true });
  if (!inv) throw notFound(`Invoice ${id}`);
  enforce(canAnnul(inv));
  await voidInvoice(q, cid, { id, name: inv.name }, on(inv.date), 'annulled');
}

/** Its due items and balance gone, annulled on `day`, its journal entry reversed that day, and the event. */
async function voidInvoice(q: Queryable, cid: number, inv: { id: string; name: string }, day: string, how: 'annulled' | 'cancelled'): Promise<void> {
  await q.query(`UPDATE due_items SET annulled = true WHERE company_id = $1 AND invoice_id = $2`, [cid, inv.id]);
  await q.query(`UPDATE invoices SET annulled = true, annulled_on = $3, balance = 0, updated_at = now() WHERE company_id = $1 AND id = $2`, [cid, inv.id, day]);
  await reverseEntry(q, cid, inv.id, how === 'annulled'
    ? { kind: 'invoice_annulment', id: inv.id, date: day, description: `Anulación de la factura ${inv.name}` }
    : { kind: 'invoice_cancellation', id: inv.id, date: day, description: `Cancelación del CFDI de la factura ${inv.name}` });
  await emit(q, cid, `invoice.${how}`, inv);
}

/** The state of a Mexican invoice's cancellation with the SAT (src/countries/mx/sat/cancel.ts), in the caller's transaction. */
export async function setInvoiceCancellation(q: Queryable, cid: number, id: string, c: object): Promise<void> {
  await q.query(`UPDATE invoices SET cancellation = $3, updated_at = now() WHERE company_id = $1 AND id = $2`, [cid, id, JSON.stringify(c)]);
}

/** The SAT cancelled the invoice's CFDI (locked by the caller): it is annulled on `day` as an annulment would. */
export async function cancelInvoice(q: Queryable, cid: number, inv: { id: string; name: string }, day: string): Promise<void> {
  await voidInvoice(q, cid, inv, day, 'cancelled');
}

/** The new content of an edited invoice (same type, number and name). */
export interface Replacement {
  date: string; customerId: number; identification: string; branchOffice: number;
  total: Decimal.Value; balance: Decimal.Value; document: object;
  due: readonly DueRecord[];
}

/**
 * PUT: rewrites a Draft or Rejected invoice (locked and guarded by the caller
 * with canEdit), its due items anew; it is a Draft again until sent.
 */
export async function replaceInvoice(q: Queryable, cid: number, inv: LockedInvoice, id: string, r: Replacement): Promise<void> {
  assertStampMove(inv.stamp_status, DRAFT, `invoice ${inv.name}`);
  await q.query('DELETE FROM due_items WHERE company_id = $1 AND invoice_id = $2', [cid, id]);
  await q.query(
    `UPDATE invoices SET date = $3, customer_id = $4, customer_identification = $5, customer_branch_office = $6, total = $7, balance = $8, document = $9,
       stamp_status = $10, stamp_cufe = NULL, stamp_errors = NULL, stamp_observations = NULL, xml = NULL, updated_at = now()
     WHERE company_id = $1 AND id = $2`,
    [cid, id, r.date, r.customerId, r.identification, r.branchOffice, r.total, r.balance, JSON.stringify(r.document), DRAFT]);
  let quote = 0;
  for (const d of r.due) {
    await q.query(`INSERT INTO due_items (company_id, invoice_id, customer_id, prefix, consecutive, quote, due_date, amount, account_code) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
      [cid, id, r.customerId, inv.prefix, inv.number, ++quote, d.due_date, d.amount, d.account]);
  }
}

/**
 * A payment applied to (sign +1) or given back from (sign −1) a due item of an invoice; `at`: when the invoice reads
 * updated (default the transaction's time; bulk-demo gives its receipt's time).
 */
export interface Application { due: number; invoice: string; amount: string; at?: Date }

/** The later of two optional times (what a batch's applications to one row say of its update time). */
export const later = (a?: Date, b?: Date): Date | undefined => (a && b ? (a > b ? a : b) : a ?? b);

/** What a credit note or a payment receipt settled on due items (its applications table), to give back when it is annulled. */
export function applicationsOf(q: Queryable, of: 'note' | 'payment', cid: number, id: string): Promise<Application[]> {
  return q.query<Application>(
    `SELECT a.due_item_id AS due, d.invoice_id AS invoice, a.amount FROM ${of}_applications a
       JOIN due_items d ON d.company_id = a.company_id AND d.id = a.due_item_id
      WHERE a.company_id = $1 AND a.${of}_id = $2 ORDER BY a.due_item_id`, [cid, id]);
}

/** Moves what receipts paid on due items and their invoices' balances (rows locked by the caller). */
export async function movePayments(q: Queryable, cid: number, applied: readonly Application[], sign: 1 | -1): Promise<void> {
  const perInvoice = new Map<string, { amount: Decimal; at?: Date }>();
  for (const a of applied) {
    const x = perInvoice.get(a.invoice);
    perInvoice.set(a.invoice, { amount: (x?.amount ?? new Decimal(0)).plus(a.amount), at: later(x?.at, a.at) });
  }
  await q.query(
    `UPDATE due_items d SET paid = d.paid + $2::numeric * v.amount FROM unnest($3::bigint[], $4::numeric[]) AS v(id, amount)
      WHERE d.company_id = $1 AND d.id = v.id`, [cid, sign, applied.map((a) => a.due), applied.map((a) => a.amount)]);
  const invoices = [...perInvoice.entries()];
  await q.query(
    `UPDATE invoices i SET balance = i.balance - $2::numeric * v.amount, updated_at = coalesce(v.at, now()) FROM unnest($3::uuid[], $4::numeric[], $5::timestamptz[]) AS v(id, amount, at)
      WHERE i.company_id = $1 AND i.id = v.id`, [cid, sign, invoices.map(([id]) => id), invoices.map(([, v]) => v.amount.toFixed(2)), invoices.map(([, v]) => v.at?.toISOString() ?? null)]);
}

/** movePayments (+1) as CTEs of a paying batch statement: `pays` names its CTE of applications (due, invoice, amount, at). */
export const paymentCtes = (cid: string, pays: string): string => `paid_due AS (UPDATE due_items d SET paid = d.paid + v.amount
      FROM (SELECT due, sum(amount) AS amount FROM ${pays} GROUP BY due) v WHERE d.company_id = ${cid} AND d.id = v.due),
    paid_invoice AS (UPDATE invoices i SET balance = i.balance - v.amount, updated_at = coalesce(v.at, now())
      FROM (SELECT invoice, sum(amount) AS amount, max(at) AS at FROM ${pays} GROUP BY invoice) v WHERE i.company_id = ${cid} AND i.id = v.invoice)`;

/** The open due items of an invoice (not annulled, not fully paid), locked FOR UPDATE with `lock`. */
export async function openDueItems(q: Queryable, cid: number, invoiceId: string, lock: boolean): Promise<{ id: number; amount: string; paid: string; note_id: string | null }[]> {
  const rows = await q.query<{ id: string; amount: string; paid: string; note_id: string | null }>(
    `SELECT id, amount, paid, note_id FROM due_items WHERE company_id = $1 AND invoice_id = $2 AND NOT annulled AND paid < amount ORDER BY id${lock ? ' FOR UPDATE' : ''}`, [cid, invoiceId]);
  return rows.map((r) => ({ ...r, id: Number(r.id) }));
}

/**
 * Debit notes on credit: the new due items of their invoices (the next installments, in the order given), which
 * raise the invoices' balances; set-based, for notes of any companies (rows locked by the caller).
 */
export async function addNoteDueItems(q: Queryable, added: readonly { cid: number; invoiceId: string; noteId: string; due: readonly DueRecord[] }[]): Promise<void> {
  const rows = added.flatMap((a) => a.due.map((d, n) => ({ cid: a.cid, invoice: a.invoiceId, note: a.noteId, n, due_date: d.due_date, amount: d.amount, account: d.account })));
  if (!rows.length) return;
  await q.query(ADD_NOTE_DUE_ITEMS, [JSON.stringify(rows.map((r, k) => ({ ...r, k })))]);
}

/** addNoteDueItems' statement: each invoice's next quotes after its last one, its balance raised by their sum. */
const ADD_NOTE_DUE_ITEMS = prepared(`WITH
    x AS (SELECT * FROM json_to_recordset($1::json) AS x(k int, cid int, invoice uuid, note uuid, n int, due_date date, amount numeric, account text)),
    due AS (INSERT INTO due_items (company_id, invoice_id, customer_id, prefix, consecutive, quote, due_date, amount, account_code, note_id)
      SELECT i.company_id, i.id, i.customer_id, i.prefix, i.number,
             (SELECT coalesce(max(quote), 0) FROM due_items q WHERE q.company_id = i.company_id AND q.invoice_id = i.id)
               + row_number() OVER (PARTITION BY x.cid, x.invoice ORDER BY x.k), x.due_date, x.amount, x.account, x.note
        FROM x JOIN invoices i ON i.company_id = x.cid AND i.id = x.invoice ORDER BY x.k),
    balance AS (UPDATE invoices i SET balance = i.balance + v.amount, updated_at = now()
      FROM (SELECT cid, invoice, sum(amount) AS amount FROM x GROUP BY cid, invoice) AS v WHERE i.company_id = v.cid AND i.id = v.invoice)
    SELECT count(*)::int AS n FROM x`);

/** An annulled debit note: the due items it added to its invoice (unpaid: the caller checks) no longer count, nor does their amount in the balance. */
export async function dropNoteDueItems(q: Queryable, cid: number, invoiceId: string, noteId: string): Promise<void> {
  const [{ amount }] = await q.query<{ amount: string }>(
    `WITH d AS (UPDATE due_items SET annulled = true WHERE company_id = $1 AND note_id = $2 AND NOT annulled RETURNING amount - paid AS open)
     SELECT coalesce(sum(open), 0) AS amount FROM d`, [cid, noteId]);
  await q.query(`UPDATE invoices SET balance = balance - $3::numeric, updated_at = now() WHERE company_id = $1 AND id = $2`, [cid, invoiceId, amount]);
}

/** The state of the invoice's latest mail, shown on it (src/mail/store.ts decides which mail is the latest). */
export async function showMail(q: Queryable, cid: number, id: string, status: MailStatus, observations: string | null): Promise<void> {
  await q.query(`UPDATE invoices SET mail_status = $3, mail_observations = $4 WHERE company_id = $1 AND id = $2`, [cid, id, status, observations]);
}

/**
 * DELETE /v1/invoices/{id}, in the caller's transaction, under a lock of the
 * invoice's row: an invoice that never reached the tax authority (Draft, which
 * every invoice of a type that is not electronic stays, or Rejected; in Mexico a
 * CFDI never stamped) and that no cash receipt pays is deleted. Its number stays
 * used (the row keeps it, and the counter does not move back), its due items and
 * its journal entry are reversed (an annulled invoice's were already), mails not
 * sent yet are dropped (invoice.deleted), and it is no longer read, listed or
 * paid. Anything else is refused with the reason. Deleting it again answers the
 * same (a retry whose answer was lost).
 */
export async function deleteInvoice(q: Queryable, cid: number, id: string, country: CountryCode): Promise<{ id: string; deleted: true }> {
  const inv = await lockInvoice(q, cid, id, { live: false });
  if (!inv) throw notFound(`Invoice ${id}`);
  if (inv.deleted_at) return { id, deleted: true };
  enforce(canDelete(inv, country));
  const paying = await q.query<{ name: string }>(
    `SELECT DISTINCT v.name FROM due_items d
       JOIN voucher_applications a ON a.company_id = d.company_id AND a.due_item_id = d.id
       JOIN vouchers v ON v.company_id = a.company_id AND v.id = a.voucher_id
      WHERE d.company_id = $1 AND d.invoice_id = $2 AND NOT v.annulled ORDER BY v.name`, [cid, id]);
  enforce(canDelete(inv, country, paying.map((v) => v.name)));
  await q.query(`UPDATE due_items SET annulled = true WHERE company_id = $1 AND invoice_id = $2`, [cid, id]);
  await q.query(`UPDATE invoices SET deleted_at = now(), balance = 0, updated_at = now() WHERE company_id = $1 AND id = $2`, [cid, id]);
  if (!inv.annulled) await reverseEntry(q, cid, id, { kind: 'invoice_deletion', id, date: inv.date, description: `Eliminación de la factura ${inv.name}` });
  await emit(q, cid, 'invoice.deleted', { id, name: inv.name });
  return { id, deleted: true };
}
