/**
 * Invoices on both base addresses: create (with Idempotency-Key), preview,
 * read, list, annul and delete. The two variants differ in their body, rules,
 * computation and shape (co/, mx/); numbering, idempotency, storage of the
 * answer, reads and annulment are shared here.
 */
import type { StampColumns } from '../platform/states';
import { Type } from '@sinclair/typebox';
import type { FastifyRequest } from 'fastify';
import type { RouteModule } from '../platform/app';
import { DomainError, notFound, type Problems } from '../platform/errors';
import { PageQuery, paged } from '../platform/http';
import { AfterQuery, listDocuments } from '../platform/lists';
import { afterCreation, createDocument, IdempotencyHeader, listFilter, listQuery, planRequest, UuidParams } from '../platform/documents';
import { annulInvoice, canStamp, deleteInvoice, enforce, LIVE, lockInvoice, requestStamp, stampJob } from './kernel';
import { invoiceCancellation } from './authority';
import { awaitVerdictRow } from './verdict';
import { mailIfAsked } from '../mail/store';
import { annulmentDate } from './lookup';
import { cancelRoute } from '../countries/mx/sat/cancel';
import { STORED_COLUMNS } from '../platform/stored';
import type { Company } from '../platform/auth';
import type { Queryable } from '../platform/db';
import { committerOf } from '../platform/group-commit';
import { CoInvoiceBody, type CoInvoiceDocument } from './co/schema';
import { coInvoiceAnswer, type CoInvoiceRow, type NoteRef } from './co/answer';
import { isElectronic } from '../catalog/rows';
import { coInvoiceDocument, coStoredInOneStatement, planCoInvoice, storeCoInvoice, updateCoInvoice, type Plan as CoPlan } from './co/service';
import { MxInvoiceBody, type MxInvoiceDocument } from './mx/schema';
import { mxInvoiceAnswer, type MxInvoiceRow } from './mx/answer';
import { mxInvoiceDocument, planMxInvoice, storeMxInvoice, type MxPlan } from './mx/service';
import { country as countryOf } from '../countries';

/** What the route reads of a plan: whether it is to be e-mailed. */
interface Planned { body: { mail?: { send?: boolean } } }
/** What the route reads of a created invoice's answer (mailIfAsked, afterCreation). */
interface Created { id?: string | null; name?: string | null; stamp?: { send?: boolean }; mail?: { send?: boolean; status?: string; observations?: string | null } }

interface Variant<P extends Planned = Planned> {
  body: object;
  /** The body as it came (its schema's errors are among `problems`). */
  plan(db: Queryable, company: Company, body: unknown, problems: Problems): Promise<P>;
  store(q: Queryable, company: Company, plan: P, meta: { partnerId?: string; applicationId?: string }): Promise<Created>;
  /** store writes this plan with one statement (writeInvoice) and nothing else. */
  oneStatement(plan: P): boolean;
  preview(plan: P): unknown;
}
const CO: Variant<CoPlan> = {
  body: CoInvoiceBody, plan: (db, company, body, problems) => planCoInvoice(db, company, body as CoInvoiceBody, problems), store: storeCoInvoice,
  oneStatement: coStoredInOneStatement,
  preview: (p) => coInvoiceDocument(p, { id: null, prefix: p.docType.prefix, number: p.body.number ?? null, name: null, customerId: p.customer?.id ?? null, now: new Date() }),
};
const MX: Variant<MxPlan> = {
  body: MxInvoiceBody, plan: (db, company, body, problems) => planMxInvoice(db, company, body as MxInvoiceBody, problems), store: storeMxInvoice,
  oneStatement: () => true,
  preview: (p) => mxInvoiceDocument(p, { id: null, prefix: p.docType.prefix, number: p.body.number ?? null, name: null, now: new Date() }),
};

const ListQuery = Type.Composite([PageQuery, listQuery(), AfterQuery]);

/** ServiceAPI-Application-Id: required on Mexican invoice creation. */
function applicationHeader(req: FastifyRequest): string {
  const raw = req.headers['serviceapi-application-id'];
  if (raw === undefined || raw === '') {
    throw new DomainError('header_required', 'Send the ServiceAPI-Application-Id header with the name of your application', 'ServiceAPI-Application-Id');
  }
  const value = String(raw);
  if (value.length < 3 || value.length > 100) {
    throw new DomainError('invalid_value', 'ServiceAPI-Application-Id has 3 to 100 characters', 'ServiceAPI-Application-Id');
  }
  return value;
}

/** The stored document with the fields that change after creation. */
const COLUMNS = [...STORED_COLUMNS, 'balance', 'stamp_cufe', 'stamp_uuid', 'cancellation'];
type InvoiceAnswer = CoInvoiceDocument | MxInvoiceDocument;

/** A Colombian invoice's notes that are not annulled, oldest first, in the same statement as the invoice. */
const NOTES_OF = `(SELECT coalesce(json_agg(json_build_object('invoice_id', n.invoice_id, 'kind', n.kind, 'id', n.id, 'name', n.name, 'total', n.total)
                     ORDER BY n.created_at, n.number), '[]') FROM notes n WHERE n.company_id = i.company_id AND n.invoice_id = i.id AND NOT n.annulled)`;

/** What an invoice's answer reads of its row `i` in the UBL form: the columns, and its notes where the country's invoices list them. */
const answerColumns = (company: Company) =>
  `${COLUMNS.map((c) => `i.${c}`).join(', ')}, ${countryOf(company.country).documents.notesOnInvoice ? NOTES_OF : `'[]'::json`} AS notes`;

/** Rows of the company's invoices (live), by id, in its country's form (src/countries: `form`); with their notes where its invoices list them. */
async function invoiceRows(q: Queryable, company: Company, ids: string[]) {
  // One invoice (a read after a creation or a stamp) by equality, the form its index serves at once; a batch by ANY.
  const [byId, key] = ids.length === 1 ? ['i.id = $2::uuid', ids[0]] : ['i.id = ANY($2::uuid[])', ids];
  const cc = countryOf(company.country);
  if (cc.form === 'ubl') {
    return { form: cc.form, rows: await q.query<CoInvoiceRow & { notes: NoteRef[] }>(`SELECT ${answerColumns(company)}
     FROM invoices i WHERE i.company_id = $1 AND ${byId} AND i.${LIVE}`, [company.company_id, key]) };
  }
  return { form: cc.form, rows: await q.query<MxInvoiceRow>(`SELECT ${COLUMNS.map((c) => `i.${c}`).join(', ')}
     FROM invoices i WHERE i.company_id = $1 AND ${byId} AND i.${LIVE}`, [company.company_id, key]) };
}

/** An invoice in the UBL form (Colombia's) as answered: coInvoiceAnswer (src/invoices/co/answer.ts). */
export async function readCoInvoice(q: Queryable, company: Company, id: string): Promise<CoInvoiceDocument> {
  const read = await invoiceRows(q, company, [id]);
  if (read.form !== 'ubl' || !read.rows[0]) throw notFound(`Invoice ${id}`);
  return coInvoiceAnswer(read.rows[0], read.rows[0].notes);
}

/** An invoice in the CFDI form (Mexico's) as answered: mxInvoiceAnswer (src/invoices/mx/answer.ts). */
export async function readMxInvoice(q: Queryable, company: Company, id: string): Promise<MxInvoiceDocument> {
  const read = await invoiceRows(q, company, [id]);
  if (read.form !== 'cfdi' || !read.rows[0]) throw notFound(`Invoice ${id}`);
  return mxInvoiceAnswer(read.rows[0]);
}

/** An invoice of the company's country, as answered. */
export async function readInvoice(q: Queryable, company: Company, id: string): Promise<InvoiceAnswer> {
  return countryOf(company.country).form === 'ubl' ? readCoInvoice(q, company, id) : readMxInvoice(q, company, id);
}

/** Several invoices, each as readInvoice answers it (webhook deliveries: a batch's invoices in one query), by id; a missing one is left out. */
export async function readInvoices(q: Queryable, company: Company, ids: string[]): Promise<Map<string, InvoiceAnswer>> {
  const read = await invoiceRows(q, company, ids);
  const docs = read.form === 'ubl' ? read.rows.map((row) => coInvoiceAnswer(row, row.notes)) : read.rows.map(mxInvoiceAnswer);
  return new Map(docs.map((doc) => [String(doc.id), doc]));
}

/** A page of invoices in the UBL form as answered, their notes read in one query. */
async function coPage(q: Queryable, company: Company, rows: CoInvoiceRow[]): Promise<CoInvoiceDocument[]> {
  const notes = rows.length ? await q.query<NoteRef>(
    `SELECT invoice_id, kind, id, name, total FROM notes WHERE company_id = $1 AND invoice_id = ANY($2::uuid[]) AND NOT annulled ORDER BY created_at, number`,
    [company.company_id, rows.map((r) => r.document.id)]) : [];
  return rows.map((r) => coInvoiceAnswer(r, notes));
}

export const invoiceRoutes: RouteModule = (app, { db, country, outbox, config }) => {
  /**
   * Lets the outbox submit now, waits for it up to DIAN_TIMEOUT_MS, and answers the invoice as it then stands (in the
   * UBL form from the row the verdict's statement returned, when it did: awaitVerdictRow).
   */
  const submitted = async (company: Company, id: string) => {
    const take = cc.form === 'ubl' ? awaitVerdictRow<CoInvoiceRow & { notes: NoteRef[] }>(company.company_id, id, answerColumns(company)) : null;
    try {
      await outbox?.runAndWait(company.company_id, stampJob(country), id, config.dianTimeoutMs);
    } catch (e) {
      take?.();
      throw e;
    }
    const row = take?.();
    return row ? coInvoiceAnswer(row, row.notes) : readInvoice(db, company, id);
  };
  const tags = [`invoices (${country})`];
  const cc = countryOf(country);
  // Creations of this storage (both countries) written together: GROUP_COMMIT, GROUP_COMMIT_MS, GROUP_COMMIT_MAX.
  const batch = committerOf(db, config);
  const headers = Type.Object({
    ...IdempotencyHeader,
    // Checked by applicationHeader (header_required), so optional for the schema.
    ...(cc.applicationHeader ? { 'ServiceAPI-Application-Id': Type.Optional(Type.String({ description: 'Required: name of the integrating application (3–100 characters)' })) } : {}),
  });

  /** Creation and preview with one country's variant: generic, so that the plan its `plan` makes is the one its `store` takes. */
  const creation = <P extends Planned>(v: Variant<P>) => {
    app.post('/invoices', {
      attachValidation: true,
      schema: { tags, summary: `Create a ${cc.labels.adjective} invoice`, body: v.body, headers },
    }, async (req, reply) => {
      const applicationId = cc.applicationHeader ? applicationHeader(req) : undefined;
      const partnerId = req.headers['partner-id'] as string | undefined;
      return createDocument(db, req, reply, `${country} POST /v1/invoices`,
        () => planRequest(req, (problems) => v.plan(db, req.company, req.body, problems)),
        // (Its `invoice.created` event, for a company with webhooks, is written with it by the kernel.)
        async (q, p: P) => mailIfAsked(q, req.company.company_id, 'invoice', await v.store(q, req.company, p, { partnerId, applicationId })),
        (doc) => afterCreation(doc, outbox, (id) => submitted(req.company, id)),
        // One statement only when nothing else is written with the invoice: no mail.
        (p: P) => !p.body.mail?.send && v.oneStatement(p), batch);
    });

    app.post('/invoices/preview', {
      attachValidation: true,
      schema: { tags, summary: 'Validate and compute an invoice without storing it or taking a number', body: v.body },
    }, async (req) => v.preview(await planRequest(req, (problems) => v.plan(db, req.company, req.body, problems))));
  };
  if (cc.form === 'ubl') creation(CO); else creation(MX);

  app.get('/invoices/:id', { schema: { tags, summary: 'Read an invoice', params: UuidParams('Invoice') } }, async (req) =>
    readInvoice(db, req.company, req.params.id));

  app.get('/invoices', { schema: { tags, summary: 'List invoices, newest first', querystring: ListQuery } }, async (req) => {
    const q = req.query;
    const filter = listFilter(q, req.company);
    const list = <R extends object>() => listDocuments<R>(db, { table: 'invoices', columns: COLUMNS, noun: 'invoice', live: LIVE }, req.company, q, { cond: `${filter.cond} AND ${LIVE}`, args: filter.args });
    if (cc.form === 'ubl') {
      const { total, rows } = await list<CoInvoiceRow>();
      return paged(q, total, await coPage(db, req.company, rows));
    }
    const { total, rows } = await list<MxInvoiceRow>();
    return paged(q, total, rows.map(mxInvoiceAnswer));
  });

  app.post('/invoices/:id/annul', { schema: { tags, summary: 'Annul an invoice: reverses its journal entry (dated today, or on the invoice\'s date if later) and its open due items', params: UuidParams('Invoice') } }, async (req) => {
    const cid = req.company.company_id;
    const id = req.params.id;
    return db.tx(async (q) => {
      await annulInvoice(q, cid, id, (date) => annulmentDate(date, req.company.time_zone));
      return readInvoice(q, req.company, id);
    });
  });

  // Electronic invoicing: the DIAN (or its sandbox) for CO, the stamping provider (PAC) for MX.
  const authority = cc.authority?.judge ?? 'no tax authority';
  const electronic = async (company: Company, id: string) => {
    const [row] = await db.query<StampColumns & { annulled: boolean; electronic_type: string | null }>(
      `SELECT i.stamp_status, i.annulled, i.name, i.xml, i.stamp_errors, i.stamp_observations, t.electronic_type
         FROM invoices i JOIN document_types t ON t.company_id = i.company_id AND t.id = i.document_type_id
        WHERE i.company_id = $1 AND i.id = $2 AND i.country = $3 AND i.${LIVE}`, [company.company_id, id, country]);
    if (!row) throw notFound(`Invoice ${id}`);
    return row;
  };

  app.post('/invoices/:id/stamp', {
    schema: { tags, summary: `Send a Draft (or a corrected Rejected) invoice to ${authority}`, params: UuidParams('Invoice') },
  }, async (req) => {
    const id = req.params.id;
    const inv = await electronic(req.company, id);
    // Every Mexican invoice is a CFDI; in Colombia only those of an electronic document type go to the DIAN.
    const electronicType = !cc.documents.electronicTypes || isElectronic(inv);
    enforce(canStamp({ ...inv, electronic: electronicType, annulled: false }));
    await db.tx(async (q) => {
      // Checked again under the row's lock: a concurrent annulment, deletion or stamping may have come first.
      const now = await lockInvoice(q, req.company.company_id, id);
      if (!now) throw notFound(`Invoice ${id}`);
      enforce(canStamp(now));
      await requestStamp(q, req.company.company_id, id, country, now.stamp_status);
    });
    return submitted(req.company, id);
  });
  app.get('/invoices/:id/stamp/errors', {
    schema: { tags, summary: `Why ${authority} rejected an invoice (rule codes and messages)`, params: UuidParams('Invoice') },
  }, async (req) => {
    const inv = await electronic(req.company, req.params.id);
    return { status: inv.stamp_status, errors: inv.stamp_errors ?? [], observations: inv.stamp_observations ?? [] };
  });
  app.get('/invoices/:id/xml', {
    schema: { tags, summary: `The ${cc.authority?.xml ?? 'electronic'} XML: {"base64": …}, or the XML itself with Accept: application/xml`, params: UuidParams('Invoice') },
  }, async (req, reply) => {
    const inv = await electronic(req.company, req.params.id);
    if (!inv.xml) throw notFound(`The XML of invoice ${inv.name} (it has not been sent to ${authority})`);
    if (/application\/xml|text\/xml/.test(String(req.headers.accept ?? ''))) return reply.type('application/xml; charset=utf-8').send(inv.xml);
    return { base64: Buffer.from(inv.xml, 'utf8').toString('base64') };
  });

  app.delete('/invoices/:id', {
    schema: { tags, params: UuidParams('Invoice'), response: { 200: Type.Object({ id: Type.String(), deleted: Type.Literal(true) }) },
      summary: !cc.authority?.cancels
        ? 'Delete an invoice that never reached the DIAN (Draft or Rejected; every invoice of a type that is not electronic) and that no cash receipt pays: its number stays used, its journal entry and due items are reversed'
        : 'Delete an invoice whose CFDI was never stamped (Draft or Rejected): its number stays used, its journal entry and due items are reversed; a stamped CFDI is cancelled, not deleted' },
  }, async (req) => db.tx((q) => deleteInvoice(q, req.company.company_id, req.params.id, country)));

  if (cc.authority?.cancels) cancelRoute(app, { db, outbox, config }, 'invoice', 'invoices', tags, readMxInvoice, invoiceCancellation);
  if (!cc.documents.replaceInvoices) return;
  app.put('/invoices/:id', {
    attachValidation: true,
    schema: { tags, summary: 'Replace a Draft or Rejected invoice (same rules as creation; its number does not change)', params: UuidParams('Invoice'), body: CoInvoiceBody },
  }, async (req) => {
    const id = req.params.id;
    const [current] = await db.query(`SELECT number FROM invoices WHERE company_id = $1 AND id = $2 AND country = $3 AND ${LIVE}`, [req.company.company_id, id, country]);
    if (!current) throw notFound(`Invoice ${id}`);
    const body = req.body;
    if (body && typeof body === 'object' && body.number !== undefined && body.number !== Number(current.number)) {
      throw new DomainError('invalid_value', `The number of an invoice does not change (${current.number})`, 'number');
    }
    const sent = body && typeof body === 'object' && !Array.isArray(body) ? { ...body, number: Number(current.number) } : body;
    const plan = await planRequest(req, (problems) => planCoInvoice(db, req.company, sent, problems, id));
    const doc: Created = await db.tx(async (q) => mailIfAsked(q, req.company.company_id, 'invoice', await updateCoInvoice(q, req.company, id, plan)));
    if (!doc.stamp?.send && doc.mail?.send) void outbox?.kick();
    return doc.stamp?.send ? submitted(req.company, id) : readInvoice(db, req.company, id);
  });
};
