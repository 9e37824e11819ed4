/**
 * Credit notes and debit notes, on {base_url} only (Colombia): create (with
 * Idempotency-Key, as invoices), preview, read, list and annul.
 */
import { Type } from '@sinclair/typebox';
import type { RouteModule } from '../platform/app';
import type { Company } from '../platform/auth';
import type { Queryable } from '../platform/db';
import { DomainError, notFound } from '../platform/errors';
import { PageQuery, paged } from '../platform/http';
import { AfterQuery, listDocuments } from '../platform/lists';
import { createDocument, IdempotencyHeader, listFilter, listQuery, planRequest, UuidParams } from '../platform/documents';
import { annulmentDate } from '../invoices/lookup';
import { dropNoteDueItems, movePayments } from '../invoices/kernel';
import { reverseEntry } from '../ledger/journal';
import { CreditNoteBody, DebitNoteBody, NOTE_NAMES, type NoteBody, type NoteKind } from './schema';
import { noteDocument, planNote, storeNote } from './service';
import { lockNote, markNoteAnnulled, noteApplications } from './kernel';

const ListQuery = Type.Composite([PageQuery, listQuery(), AfterQuery]);

/** The stored document with the fields that change after creation. */
const COLUMNS = ['document', 'annulled', 'stamp_status', 'stamp_cude', 'stamp_errors', 'stamp_observations', 'mail_status', 'mail_observations', 'updated_at'];
const joined = (list: any[] | null, f: (x: any) => string) => (list && list.length ? list.map(f).join('; ') : null);
function current(row: any) {
  const d = row.document;
  return {
    ...d, annulled: row.annulled,
    stamp: { ...d.stamp, status: row.stamp_status, cude: row.stamp_status === 'Accepted' ? row.stamp_cude : null,
      errors: joined(row.stamp_errors, (e) => `${e.code}: ${e.message}`), observations: joined(row.stamp_observations, String) },
    mail: { ...d.mail, status: row.mail_status, observations: row.mail_observations },
    metadata: { ...d.metadata, last_updated: new Date(row.updated_at).toISOString() },
  };
}

export async function readNote(q: Queryable, company: Company, kind: NoteKind, id: string) {
  const [row] = await q.query(`SELECT ${COLUMNS.join(', ')} FROM notes WHERE company_id = $1 AND id = $2 AND kind = $3`, [company.company_id, id, kind]);
  if (!row) throw notFound(`${kind === 'NC' ? 'Credit' : 'Debit'} note ${id}`);
  return current(row);
}

/**
 * Annuls a note that never reached the DIAN (a plain note, or an electronic one
 * not sent or rejected): it gives back what it settled on the invoice's due
 * items, drops the due item it added (unless a receipt paid it) and reverses its
 * journal entry, dated on the annulment day.
 */
async function annulNote(q: Queryable, company: Company, kind: NoteKind, id: string): Promise<void> {
  const cid = company.company_id;
  const n = await lockNote(q, cid, kind, id);
  if (!n) throw notFound(`${kind === 'NC' ? 'Credit' : 'Debit'} note ${id}`);
  const noun = NOTE_NAMES[kind].noun;
  if (n.annulled) throw new DomainError('invalid_document', `${noun[0].toUpperCase()}${noun.slice(1)} ${n.name} is already annulled`, 'id');
  if (n.stamp_status === 'Accepted' || n.stamp_status === 'Pending') {
    throw new DomainError('invalid_document', `${noun[0].toUpperCase()}${noun.slice(1)} ${n.name} is ${n.stamp_status} with the DIAN: an electronic note is corrected with another note, not annulled`, 'id');
  }
  await q.query('SELECT id FROM invoices WHERE company_id = $1 AND id = $2 FOR UPDATE', [cid, n.invoice_id]);
  const applied = await noteApplications(q, cid, id);
  if (applied.length) {
    await q.query('SELECT id FROM due_items WHERE company_id = $1 AND id = ANY($2::bigint[]) ORDER BY id FOR UPDATE', [cid, applied.map((a) => a.due)]);
    await movePayments(q, cid, applied, -1);
  }
  const on = annulmentDate(n.date, company.time_zone);
  if (kind === 'ND') {
    const [added] = await q.query<{ paid: string }>(`SELECT coalesce(sum(paid), 0) AS paid FROM due_items WHERE company_id = $1 AND note_id = $2`, [cid, id]);
    if (Number(added.paid) > 0) throw new DomainError('invalid_document', `Debit note ${n.name} is paid by cash receipts: annul them first`, 'id');
    await dropNoteDueItems(q, cid, n.invoice_id, id);
  }
  await markNoteAnnulled(q, cid, kind, { id, name: n.name }, on);
  await reverseEntry(q, cid, id, { kind: `${NOTE_NAMES[kind].event}_annulment`, id, date: on, description: `Anulación de la nota ${n.name}` });
}

export const noteRoutes: RouteModule = (app, { db, country, outbox }) => {
  if (country !== 'CO') return;
  for (const kind of ['NC', 'ND'] as const) {
    const { noun, path } = NOTE_NAMES[kind];
    const body = kind === 'NC' ? CreditNoteBody : DebitNoteBody;
    const tags = [`${noun}s`];
    const params = UuidParams(noun[0].toUpperCase() + noun.slice(1));
    const plan = (req: any) => planRequest(req, (problems) => planNote(db, req.company, kind, req.body as NoteBody, problems));

    app.post(`/${path}`, {
      attachValidation: true,
      schema: { tags, summary: `Create a ${noun} that corrects an invoice`, body, headers: Type.Object(IdempotencyHeader) },
    }, async (req, reply) => {
      const partnerId = req.headers['partner-id'] as string | undefined;
      return createDocument(db, req, reply, `CO POST /v1/${path}`, () => plan(req),
        (q, p) => storeNote(q, req.company, p, { partnerId }),
        async (doc) => {
          if (doc.stamp?.send || doc.mail?.send) void outbox?.kick();
          return doc;
        });
    });

    app.post(`/${path}/preview`, {
      attachValidation: true,
      schema: { tags, summary: `Validate and compute a ${noun} without storing it or taking a number`, body },
    }, async (req) => {
      const p = await plan(req);
      return noteDocument(p, { id: null, prefix: p.plan.docType.prefix, number: p.body.number ?? null, name: null, now: new Date() });
    });

    app.get(`/${path}/:id`, { schema: { tags, summary: `Read a ${noun}`, params } }, async (req) =>
      readNote(db, req.company, kind, (req.params as { id: string }).id));

    app.get(`/${path}`, { schema: { tags, summary: `List ${noun}s, newest first`, querystring: ListQuery } }, async (req) => {
      const q = req.query as any;
      const filter = listFilter(q, req.company);
      const { total, rows } = await listDocuments(db, { table: 'notes', columns: COLUMNS, noun, only: kind }, req.company, q,
        { cond: `${filter.cond} AND kind = '${kind}'`, args: filter.args });
      return paged(q, total, rows.map(current));
    });

    app.post(`/${path}/:id/annul`, {
      schema: { tags, summary: `Annul a ${noun} that never reached the DIAN: gives back what it settled on the invoice and reverses its journal entry`, params },
    }, async (req) => {
      const id = (req.params as { id: string }).id;
      return db.tx(async (q) => {
        await annulNote(q, req.company, kind, id);
        return readNote(q, req.company, kind, id);
      });
    });
  }
};
