/**
 * The note kernel: the one module that writes the `notes` table (credit and
 * debit notes) and what a credit note settled on due items
 * (note_applications). The due items and balances themselves are the invoice
 * kernel's (movePayments, addNoteDueItems). States: src/platform/states.ts;
 * events: src/platform/events.ts.
 */
import { prepared, type Queryable } from '../platform/db';
import { ctesText, emit, eventCtes } from '../platform/events';
import { enqueue } from '../platform/outbox';
import { assertStampMove, type MailStatus, type StampStatus } from '../platform/states';
import { addNoteDueItems, applicationsOf, movePayments, type Application, type DueRecord, type StampOutcome } from '../invoices/kernel';
import { recordsetLines, reverseEntry, type EntryLine } from '../ledger/journal';
import { NOTE_NAMES, type NoteKind } from './schema';
import { batchEntries } from '../ledger/batch';

export interface NoteRow {
  companyId: number; id: string; kind: NoteKind; invoiceId: string; documentTypeId: number; prefix: string; number: number; name: string;
  date: string; reason: number | null; customerId: number; identification: string; branchOffice: number; total: number; partnerId: string | null;
  document: object; now: Date;
  /** What a credit note settles on the invoice's due items. */
  applied: readonly Application[];
  /** stamp.send: Pending, its stamping job queued in the same transaction. */
  stamp: boolean;
  /** The stamping job: the DIAN's (NOTE_STAMP_JOB) unless given (a Mexican note's, MX_NOTE_STAMP_JOB). */
  stampJob?: string;
  /** Its `credit_note.created` or `debit_note.created` event (a company with webhooks), recorded with it (writeNotes). */
  created?: boolean;
}

/** Where notes are sent to the DIAN: the outbox job kind (src/countries/co/dian/stamp.ts, stampCoNote). */
export const NOTE_STAMP_JOB = 'dian_note_submit';
/** Where Mexican credit notes are stamped (src/countries/mx/sat/stamp.ts, stampMxNote). */
export const MX_NOTE_STAMP_JOB = 'sat_note_stamp';
/** The request that queues a stamping job runs it itself after commit: pollers leave it alone this long. */
const STAMP_GRACE_MS = 2000;

/** Writes a numbered note and what it settles, in the caller's transaction. */
export async function insertNote(q: Queryable, n: NoteRow): Promise<void> {
  await q.query(
    `INSERT INTO notes (company_id, id, kind, invoice_id, document_type_id, prefix, number, name, date, reason, customer_id, customer_identification,
       customer_branch_office, total, partner_id, document, stamp_status, created_at, updated_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $18)`,
    [n.companyId, n.id, n.kind, n.invoiceId, n.documentTypeId, n.prefix, n.number, n.name, n.date, n.reason, n.customerId, n.identification,
      n.branchOffice, n.total, n.partnerId, JSON.stringify(n.document), n.stamp ? 'Pending' : 'Draft', n.now]);
  if (n.applied.length) {
    await q.query(
      `INSERT INTO note_applications (company_id, note_id, due_item_id, amount)
       SELECT $1, $2, v.due, v.amount FROM unnest($3::bigint[], $4::numeric[]) AS v(due, amount)`,
      [n.companyId, n.id, n.applied.map((a) => a.due), n.applied.map((a) => a.amount)]);
  }
  if (n.stamp) await enqueue(q, n.companyId, n.stampJob ?? NOTE_STAMP_JOB, n.id, STAMP_GRACE_MS);
}

/** A Colombian note as writeNotes writes it: its row, the due items a debit note on credit adds, its journal entry. */
export interface NoteWrite {
  row: NoteRow;
  /** A debit note on credit: the due items it adds to its invoice (the next installments), which raise its balance. */
  added: readonly DueRecord[];
  entry: { kind: string; date: string; description: string; lines: readonly EntryLine[] };
}

/**
 * Writes numbered notes (of any companies and document types) in the caller's transaction, set-based: the notes,
 * what they settle (note_applications), their stamping jobs and their journal entries and lines in one statement,
 * in the order given; then, by the invoice kernel, what they settle on the invoices' due items and balances
 * (movePayments, per company) and the due items debit notes on credit add (addNoteDueItems). What insertNote,
 * movePayments, the due items' insert and postEntry wrote, note by note.
 */
export async function writeNotes(q: Queryable, ws: readonly NoteWrite[]): Promise<void> {
  if (!ws.length) return;
  const docs = ws.map(({ row: n, entry }, k) => ({
    k, company_id: n.companyId, id: n.id, kind: n.kind, invoice_id: n.invoiceId, document_type_id: n.documentTypeId, prefix: n.prefix, number: n.number,
    name: n.name, date: n.date, reason: n.reason, customer_id: n.customerId, identification: n.identification, branch_office: n.branchOffice,
    total: n.total, partner_id: n.partnerId, document: n.document, stamp_status: n.stamp ? 'Pending' : 'Draft', at: n.now,
    job: n.stamp ? n.stampJob ?? NOTE_STAMP_JOB : null, source_kind: entry.kind, entry_date: entry.date, description: entry.description,
    event: n.created ? `${NOTE_NAMES[n.kind].event}.created` : null,
  }));
  const applied = ws.flatMap(({ row }, k) => row.applied.map((a, n) => ({ k, n, due: a.due, amount: a.amount })));
  // Their created events (a company with webhooks) in the same statement, or one by one when a subscriber reacts in JavaScript.
  const created = ws.some((w) => w.row.created);
  const events = created ? eventCtes(['credit_note.created', 'debit_note.created'], 'SELECT company_id, event AS type, id AS doc_id FROM d WHERE event IS NOT NULL') : null;
  await q.query(prepared(`${WRITE_NOTES}${events ? `,\n    ${ctesText(events)}` : ''}\n    SELECT count(*)::int AS n FROM d`),
    [JSON.stringify(docs), JSON.stringify(applied), JSON.stringify(recordsetLines(ws.map((w) => w.entry.lines))), STAMP_GRACE_MS]);
  if (created && !events) for (const { row } of ws) if (row.created) await emit(q, row.companyId, `${NOTE_NAMES[row.kind].event}.created`, { id: row.id, name: row.name });
  const byCompany = new Map<number, Application[]>();
  for (const { row } of ws) if (row.applied.length) byCompany.set(row.companyId, [...(byCompany.get(row.companyId) ?? []), ...row.applied]);
  for (const [cid, apps] of byCompany) await movePayments(q, cid, apps, 1);
  await addNoteDueItems(q, ws.filter((w) => w.added.length).map((w) => ({ cid: w.row.companyId, invoiceId: w.row.invoiceId, noteId: w.row.id, due: w.added })));
}

/** writeNotes' statement, but its created events and its final SELECT (prepared once per connection on PostgreSQL). */
const WRITE_NOTES = `WITH
    d AS (SELECT * FROM json_to_recordset($1::json) AS d(k int, company_id int, id uuid, kind text, invoice_id uuid, document_type_id int, prefix text,
            number bigint, name text, date date, reason smallint, customer_id int, identification text, branch_office int, total numeric, partner_id text,
            document jsonb, stamp_status text, at timestamptz, job text, source_kind text, entry_date date, description text, event text)),
    note AS (INSERT INTO notes (company_id, id, kind, invoice_id, document_type_id, prefix, number, name, date, reason, customer_id, customer_identification,
        customer_branch_office, total, partner_id, document, stamp_status, created_at, updated_at)
      SELECT d.company_id, d.id, d.kind, d.invoice_id, d.document_type_id, d.prefix, d.number, d.name, d.date, d.reason, d.customer_id, d.identification,
        d.branch_office, d.total, d.partner_id, d.document, d.stamp_status, d.at, d.at FROM d ORDER BY d.k),
    app AS (INSERT INTO note_applications (company_id, note_id, due_item_id, amount)
      SELECT d.company_id, d.id, a.due, a.amount FROM json_to_recordset($2::json) AS a(k int, n int, due bigint, amount numeric) JOIN d ON d.k = a.k ORDER BY a.k, a.n),
    job AS (INSERT INTO outbox (company_id, kind, ref_id, next_attempt_at)
      SELECT d.company_id, d.job, d.id, now() + make_interval(secs => $4::float8 / 1000) FROM d WHERE d.job IS NOT NULL ORDER BY d.k ON CONFLICT DO NOTHING),
    ${batchEntries({ rows: 'd', company: 'd.company_id', kind: 'd.source_kind', date: 'd.entry_date', description: 'd.description', lines: '$3' })}`;

/** Queues a Draft or Rejected note for the DIAN in the caller's transaction; Pending until it answers (a Rejected one starts over). */
export async function requestNoteStamp(q: Queryable, cid: number, id: string, from: StampStatus, job = NOTE_STAMP_JOB): Promise<void> {
  assertStampMove(from, 'Pending', `note ${id}`);
  await q.query(`DELETE FROM outbox WHERE company_id = $1 AND kind = $2 AND ref_id = $3 AND status IN ('done', 'failed')`, [cid, job, id]);
  await enqueue(q, cid, job, id, STAMP_GRACE_MS);
  await q.query(`UPDATE notes SET stamp_status = 'Pending', xml = NULL, updated_at = now() WHERE company_id = $1 AND id = $2`, [cid, id]);
}

/** The signed XML is about to leave for an authority outside this process: kept with its CUDE, so that a retry asks before sending again. */
export async function recordNoteSending(q: Queryable, cid: number, id: string, xml: string, cude: string | null = null): Promise<void> {
  await q.query(`UPDATE notes SET xml = $3, stamp_cude = $4, stamp_status = 'Pending', updated_at = now() WHERE company_id = $1 AND id = $2`, [cid, id, xml, cude]);
}

/** Records the DIAN's verdict on a Pending note and emits credit_note.stamp_accepted (or _rejected, or the debit note's), in the caller's transaction. */
export async function recordNoteVerdict(q: Queryable, cid: number, id: string, v: StampOutcome): Promise<void> {
  const [row] = await q.query<{ name: string; kind: NoteKind; stamp_status: StampStatus }>(
    `UPDATE notes n SET stamp_status = $3, stamp_cude = $4, stamp_errors = $5, stamp_observations = $6, stamp_authority = $7,
            application_response = $8, xml = coalesce($9, n.xml), stamp_uuid = $10, updated_at = now()
       FROM notes o WHERE n.company_id = $1 AND n.id = $2 AND o.company_id = n.company_id AND o.id = n.id
     RETURNING n.name, n.kind, o.stamp_status`,
    [cid, id, v.status, v.cufe ?? null, JSON.stringify(v.errors), JSON.stringify(v.observations), v.authority, v.applicationResponse ?? null, v.xml, v.uuid ?? null]);
  if (!row) throw new Error(`note ${id} not found`);
  if (row.stamp_status === v.status) return; // the same verdict again (the job ran twice): nothing new happened
  if (row.stamp_status !== 'Pending') assertStampMove(row.stamp_status, 'Pending', `note ${row.name}`);
  assertStampMove('Pending', v.status, `note ${row.name}`);
  await emit(q, cid, `${NOTE_NAMES[row.kind].event}.${v.status === 'Accepted' ? 'stamp_accepted' : 'stamp_rejected'}`, { id, name: row.name });
}

/** The note's row, locked until the caller's transaction ends. */
export async function lockNote(q: Queryable, cid: number, kind: NoteKind, id: string) {
  const [n] = await q.query<{ id: string; name: string; date: string; annulled: boolean; stamp_status: string; invoice_id: string }>(
    'SELECT id, name, date, annulled, stamp_status, invoice_id FROM notes WHERE company_id = $1 AND id = $2 AND kind = $3 FOR UPDATE', [cid, id, kind]);
  return n;
}

/** What a credit note settled on due items, to give back on its annulment. */
export const noteApplications = (q: Queryable, cid: number, id: string): Promise<Application[]> => applicationsOf(q, 'note', cid, id);

/** Marks a locked note annulled on `on` (or, in Mexico, cancelled with the SAT) and emits credit_note.annulled (.cancelled) or debit_note.annulled. */
export async function markNoteAnnulled(q: Queryable, cid: number, kind: NoteKind, n: { id: string; name: string }, on: string, how: 'annulled' | 'cancelled' = 'annulled'): Promise<void> {
  await q.query('UPDATE notes SET annulled = true, annulled_on = $3, updated_at = now() WHERE company_id = $1 AND id = $2', [cid, n.id, on]);
  await emit(q, cid, how === 'cancelled' ? 'credit_note.cancelled' : `${NOTE_NAMES[kind].event}.annulled`, n);
}

/** The state of a Mexican credit note's cancellation with the SAT (src/countries/mx/sat/cancel.ts), in the caller's transaction. */
export async function setNoteCancellation(q: Queryable, cid: number, id: string, c: object): Promise<void> {
  await q.query(`UPDATE notes SET cancellation = $3, updated_at = now() WHERE company_id = $1 AND id = $2`, [cid, id, JSON.stringify(c)]);
}

/** The state of the note's latest mail, shown on it. */
export async function showMail(q: Queryable, cid: number, id: string, status: MailStatus, observations: string | null): Promise<void> {
  await q.query('UPDATE notes SET mail_status = $3, mail_observations = $4 WHERE company_id = $1 AND id = $2', [cid, id, status, observations]);
}

/**
 * A Mexican credit note (locked by the caller) annulled before it was stamped, or cancelled with the SAT, on `day`:
 * what it applied goes back to the invoices' balances and its journal entry is reversed that day.
 */
export async function voidMxNote(q: Queryable, cid: number, n: { id: string; name: string }, day: string, how: 'annulled' | 'cancelled'): Promise<void> {
  const applied = await noteApplications(q, cid, n.id);
  if (applied.length) {
    await q.query(`SELECT id FROM invoices WHERE company_id = $1 AND id = ANY($2::uuid[]) ORDER BY id FOR UPDATE`, [cid, [...new Set(applied.map((a) => a.invoice))]]);
    await q.query('SELECT id FROM due_items WHERE company_id = $1 AND id = ANY($2::bigint[]) ORDER BY id FOR UPDATE', [cid, applied.map((a) => a.due)]);
    await movePayments(q, cid, applied, -1);
  }
  await markNoteAnnulled(q, cid, 'NC', n, day, how);
  await reverseEntry(q, cid, n.id, how === 'annulled'
    ? { kind: 'credit_note_annulment', id: n.id, date: day, description: `Anulación de la nota de crédito ${n.name}` }
    : { kind: 'credit_note_cancellation', id: n.id, date: day, description: `Cancelación del CFDI de la nota de crédito ${n.name}` });
}
