/**
 * Credit notes and debit notes, on {base_url} only (Colombia): create (with
 * Idempotency-Key, as invoices), preview, read, list and annul.
 */
import { Type } from '@sinclair/typebox';
import type { RouteModule } from '../platform/app';
import type { Company } from '../platform/auth';
import type { Queryable } from '../platform/db';
import { STORED_COLUMNS } from '../platform/stored';
import { noteAnswer, type NoteRow } from './answer';
import { DomainError, notFound } from '../platform/errors';
import { PageQuery, paged } from '../platform/http';
import { AfterQuery, listDocuments } from '../platform/lists';
import { afterCreation, createDocument, IdempotencyHeader, listFilter, listQuery, planRequest, UuidParams, type BodyOf } from '../platform/documents';
import { annulmentDate } from '../invoices/lookup';
import { dropNoteDueItems, movePayments } from '../invoices/kernel';
import type { StampColumns, StampStatus } from '../platform/states';
import { reverseEntry } from '../ledger/journal';
import { mailIfAsked } from '../mail/store';
import { CreditNoteBody, DebitNoteBody, NOTE_NAMES, type NoteBody, type NoteKind } from './schema';
import { noteDocument, planNote, storeNote, type NotePlan } from './service';
import { committerOf } from '../platform/group-commit';
import { ticketInvoiceRoute } from './ticket-invoice';
import { lockNote, markNoteAnnulled, noteApplications, NOTE_STAMP_JOB, requestNoteStamp } from './kernel';
import { country as countryOf } from '../countries';

const ListQuery = Type.Composite([PageQuery, listQuery(), AfterQuery]);

/** The stored document with the fields that change after creation. */
const COLUMNS = [...STORED_COLUMNS, 'stamp_cude'];

export async function readNote(q: Queryable, company: Company, kind: NoteKind, id: string) {
  const [row] = await q.query<NoteRow>(`SELECT ${COLUMNS.join(', ')} FROM notes WHERE company_id = $1 AND id = $2 AND kind = $3`, [company.company_id, id, kind]);
  if (!row) throw notFound(`${NOTE_NAMES[kind].title} ${id}`);
  return noteAnswer(row);
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
  if (!n) throw notFound(`${NOTE_NAMES[kind].title} ${id}`);
  const title = NOTE_NAMES[kind].title;
  if (n.annulled) throw new DomainError('invalid_document', `${title} ${n.name} is already annulled`, 'id');
  if (n.stamp_status === 'Accepted' || n.stamp_status === 'Pending') {
    throw new DomainError('invalid_document', `${title} ${n.name} is ${n.stamp_status} with the DIAN: an electronic note is corrected with another note, not annulled`, 'id');
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

export const noteRoutes: RouteModule = (app, deps) => {
  const { db, country, outbox, config } = deps;
  if (countryOf(country).documents.notes !== 'ubl') return;
  ticketInvoiceRoute(app, deps);
  /** Lets the outbox send the note now, waits for the DIAN up to DIAN_TIMEOUT_MS, and answers the note as it then stands. */
  const submitted = async (company: Company, kind: NoteKind, id: string) => {
    await outbox?.runAndWait(company.company_id, NOTE_STAMP_JOB, id, config.dianTimeoutMs);
    return readNote(db, company, kind, id);
  };
  // Creations of this storage written together (GROUP_COMMIT_MS, GROUP_COMMIT_MAX); alone, a note is written in its own transaction.
  const batch = committerOf(db, config).inTransactions;
  for (const kind of ['NC', 'ND'] as const) {
    const { noun, path } = NOTE_NAMES[kind];
    const body = kind === 'NC' ? CreditNoteBody : DebitNoteBody;
    const tags = [`${noun}s`];
    const params = UuidParams(NOTE_NAMES[kind].title);
    const plan = (req: BodyOf<NoteBody>) => planRequest(req, (problems) => planNote(db, req.company, kind, req.body, problems));

    app.post(`/${path}`, {
      attachValidation: true,
      schema: { tags, summary: `Create a ${noun} that corrects an invoice`, body, headers: Type.Object(IdempotencyHeader) },
    }, async (req, reply) => {
      const partnerId = req.headers['partner-id'] as string | undefined;
      return createDocument(db, req, reply, `CO POST /v1/${path}`, () => plan(req),
        // (Its created event, for a company with webhooks, is written with it by the note kernel.)
        async (q, p) => mailIfAsked(q, req.company.company_id, NOTE_NAMES[kind].event, await storeNote(q, req.company, p, { partnerId })),
        (doc) => afterCreation(doc, outbox, (id) => submitted(req.company, kind, id)),
        // Batched when the note is all it writes: no mail.
        (p: NotePlan) => !p.body.mail?.send, batch);
    });

    app.post(`/${path}/preview`, {
      attachValidation: true,
      schema: { tags, summary: `Validate and compute a ${noun} without storing it or taking a number`, body },
    }, async (req) => {
      const p = await plan(req);
      return noteDocument(p, { id: null, prefix: p.plan.docType.prefix, number: p.body.number ?? null, name: null, now: new Date() });
    });

    app.get(`/${path}/:id`, { schema: { tags, summary: `Read a ${noun}`, params } }, async (req) =>
      readNote(db, req.company, kind, req.params.id));

    app.get(`/${path}`, { schema: { tags, summary: `List ${noun}s, newest first`, querystring: ListQuery } }, async (req) => {
      const q = req.query;
      const filter = listFilter(q, req.company);
      const { total, rows } = await listDocuments<NoteRow>(db, { table: 'notes', columns: COLUMNS, noun, only: kind }, req.company, q,
        { cond: `${filter.cond} AND kind = '${kind}'`, args: filter.args });
      return paged(q, total, rows.map(noteAnswer));
    });

    // The DIAN (or its sandbox): send, why it was rejected, the signed XML.
    const electronic = async (company: Company, id: string, q: Queryable = db) => {
      const [row] = await q.query<StampColumns & { annulled: boolean; electronic_type: string | null; invoice_status: StampStatus }>(
        `SELECT n.name, n.annulled, n.stamp_status, n.stamp_errors, n.stamp_observations, n.xml, t.electronic_type, i.stamp_status AS invoice_status
           FROM notes n JOIN document_types t ON t.company_id = n.company_id AND t.id = n.document_type_id
           JOIN invoices i ON i.company_id = n.company_id AND i.id = n.invoice_id
          WHERE n.company_id = $1 AND n.id = $2 AND n.kind = $3`, [company.company_id, id, kind]);
      if (!row) throw notFound(`${NOTE_NAMES[kind].title} ${id}`);
      return row;
    };
    app.post(`/${path}/:id/stamp`, { schema: { tags, summary: `Send a Draft (or a Rejected) ${noun} to the DIAN`, params } }, async (req) => {
      const id = req.params.id;
      const cid = req.company.company_id;
      await db.tx(async (q) => {
        const n = await lockNote(q, cid, kind, id);
        if (!n) throw notFound(`${NOTE_NAMES[kind].title} ${id}`);
        const row = await electronic(req.company, id, q);
        const refuse = (why: string) => new DomainError('invalid_document', `${NOTE_NAMES[kind].title} ${n.name} ${why}`, 'id');
        if (row.electronic_type !== 'ElectronicInvoice') throw refuse('is not of an electronic document type');
        if (n.annulled) throw refuse('is annulled');
        if (n.stamp_status === 'Accepted') throw refuse('was already accepted');
        await requestNoteStamp(q, cid, id, n.stamp_status as StampStatus);
      });
      return submitted(req.company, kind, id);
    });
    app.get(`/${path}/:id/stamp/errors`, { schema: { tags, summary: `Why the DIAN rejected a ${noun} (rule codes and messages)`, params } }, async (req) => {
      const row = await electronic(req.company, req.params.id);
      return { status: row.stamp_status, errors: row.stamp_errors ?? [], observations: row.stamp_observations ?? [] };
    });
    app.get(`/${path}/:id/xml`, {
      schema: { tags, summary: `The signed UBL ${kind === 'NC' ? 'CreditNote' : 'DebitNote'}: {"base64": …}, or the XML itself with Accept: application/xml`, params },
    }, async (req, reply) => {
      const row = await electronic(req.company, req.params.id);
      if (!row.xml) throw notFound(`The XML of ${noun} ${row.name} (it has not been sent to the DIAN)`);
      if (/application\/xml|text\/xml/.test(String(req.headers.accept ?? ''))) return reply.type('application/xml; charset=utf-8').send(row.xml);
      return { base64: Buffer.from(row.xml, 'utf8').toString('base64') };
    });

    app.post(`/${path}/:id/annul`, {
      schema: { tags, summary: `Annul a ${noun} that never reached the DIAN: gives back what it settled on the invoice and reverses its journal entry`, params },
    }, async (req) => {
      const id = req.params.id;
      return db.tx(async (q) => {
        await annulNote(q, req.company, kind, id);
        return readNote(q, req.company, kind, id);
      });
    });
  }
};
