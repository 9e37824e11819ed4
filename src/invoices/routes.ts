/**
 * Invoices on both base addresses: create (with Idempotency-Key), preview,
 * read, list and annul. The two variants differ in their body, rules,
 * computation and shape (co/, mx/); numbering, idempotency, storage of the
 * answer, reads and annulment are shared here.
 */
import { Type } from '@sinclair/typebox';
import type { FastifyRequest } from 'fastify';
import type { RouteModule } from '../platform/app';
import { ApiError, error, notFound, Problems } from '../platform/errors';
import { addAjvErrors } from '../platform/validation';
import { claim, idempotencyKey, remember, replay, requestHash } from '../platform/idempotency';
import { PageQuery, paged, pageWindow } from '../platform/http';
import { reverseEntry } from '../ledger/journal';
import type { Company } from '../platform/auth';
import type { Db, Queryable } from '../platform/db';
import { CoInvoiceBody } from './co/schema';
import { coInvoiceDocument, planCoInvoice, storeCoInvoice } from './co/service';
import { MxInvoiceBody } from './mx/schema';
import { mxInvoiceDocument, planMxInvoice, storeMxInvoice } from './mx/service';

interface Variant<P> {
  body: object;
  plan(db: Queryable, company: Company, body: any, problems: Problems): Promise<P>;
  store(q: Queryable, company: Company, plan: P, meta: { partnerId?: string; applicationId?: string }): Promise<unknown>;
  preview(plan: P): unknown;
}
const CO: Variant<any> = {
  body: CoInvoiceBody, plan: planCoInvoice, store: storeCoInvoice,
  preview: (p) => coInvoiceDocument(p, { id: null, prefix: p.docType.prefix, number: p.body.number ?? null, name: null, customerId: p.customer?.id ?? null, now: new Date() }),
};
const MX: Variant<any> = {
  body: MxInvoiceBody, plan: planMxInvoice, store: storeMxInvoice,
  preview: (p) => mxInvoiceDocument(p, { id: null, prefix: p.docType.prefix, number: p.body.number ?? null, name: null, now: new Date() }),
};

const UuidParams = Type.Object({ id: Type.String({ format: 'uuid', description: 'Invoice id' }) });
const DateOrTime = (description: string) => Type.Optional(Type.Union([Type.String({ format: 'date' }), Type.String({ format: 'date-time' })], { description }));
const ListQuery = Type.Composite([PageQuery, Type.Object({
  document_id: Type.Optional(Type.Integer({ minimum: 1, maximum: 2147483647 })),
  customer_identification: Type.Optional(Type.String({ maxLength: 50 })),
  customer_branch_office: Type.Optional(Type.Integer({ minimum: 0, maximum: 999 })),
  name: Type.Optional(Type.String({ maxLength: 100 })),
  date_start: Type.Optional(Type.String({ format: 'date' })),
  date_end: Type.Optional(Type.String({ format: 'date' })),
  created_start: DateOrTime('From this moment (a date: from the start of that day in the company\'s time zone)'),
  created_end: DateOrTime('Up to this moment (a date: to the end of that day)'),
  updated_start: DateOrTime('As created_start, on last update'),
  updated_end: DateOrTime('As created_end, on last update'),
})]);

/** Schema errors and business rules in one answer: the rules run on whatever parts of the body are well formed. */
async function plan<P>(variant: Variant<P>, db: Db, req: FastifyRequest): Promise<P> {
  const problems = new Problems();
  const invalid = (req as any).validationError;
  if (invalid) {
    addAjvErrors(problems, invalid.validation);
    if (!req.body || typeof req.body !== 'object' || Array.isArray(req.body)) problems.throwIfAny();
  }
  try {
    const p = await variant.plan(db, req.company, req.body, problems);
    problems.throwIfAny();
    return p;
  } catch (e) {
    if (e instanceof ApiError || invalid) problems.throwIfAny();
    throw e;
  }
}

/** ServiceAPI-Application-Id: required on Mexican invoice creation. */
function applicationHeader(req: FastifyRequest): string {
  const raw = req.headers['serviceapi-application-id'];
  if (raw === undefined || raw === '') {
    throw new ApiError(400, [error('header_required', 'Send the ServiceAPI-Application-Id header with the name of your application', ['ServiceAPI-Application-Id'])]);
  }
  const value = String(raw);
  if (value.length < 3 || value.length > 100) {
    throw new ApiError(400, [error('invalid_value', 'ServiceAPI-Application-Id has 3 to 100 characters', ['ServiceAPI-Application-Id'])]);
  }
  return value;
}

/** The stored document with the fields that change after creation. */
const READ = `SELECT document, balance, annulled, stamp_status, mail_status, updated_at FROM invoices`;
function current(row: any) {
  const d = row.document;
  return { ...d, balance: Number(row.balance), annulled: row.annulled, stamp: { ...d.stamp, status: row.stamp_status },
    mail: { ...d.mail, status: row.mail_status }, metadata: { ...d.metadata, last_updated: new Date(row.updated_at).toISOString() } };
}

async function readInvoice(q: Queryable, company: Company, id: string) {
  const [row] = await q.query(`${READ} WHERE company_id = $1 AND id = $2`, [company.company_id, id]);
  if (!row) throw notFound(`Invoice ${id}`);
  return current(row);
}

export const invoiceRoutes: RouteModule = (app, { db, country }) => {
  const variant = country === 'CO' ? CO : MX;
  const tags = [`invoices (${country})`];
  const headers = Type.Object({
    'Idempotency-Key': Type.Optional(Type.String({ description: '1–64 letters, digits or hyphens: a retry with the same key and body answers the first result' })),
    // Checked by applicationHeader (header_required), so optional for the schema.
    ...(country === 'MX' ? { 'ServiceAPI-Application-Id': Type.Optional(Type.String({ description: 'Required: name of the integrating application (3–100 characters)' })) } : {}),
  });

  app.post('/invoices', {
    attachValidation: true,
    schema: { tags, summary: `Create a ${country === 'CO' ? 'Colombian' : 'Mexican'} invoice`, body: variant.body, headers },
  }, async (req, reply) => {
    const cid = req.company.company_id;
    const applicationId = country === 'MX' ? applicationHeader(req) : undefined;
    const key = idempotencyKey(req);
    const scope = `${country} POST /v1/invoices`;
    const hash = key ? requestHash(req.body) : '';
    if (key) {
      const prior = await replay(db, cid, scope, key, hash);
      if (prior) return reply.status(prior.status).header('Idempotent-Replayed', 'true').send(prior.body);
    }
    const p = await plan(variant, db, req);
    const partnerId = req.headers['partner-id'] as string | undefined;
    const result = await db.tx(async (q) => {
      if (key) {
        const prior = await claim(q, cid, scope, key, hash);
        if (prior) return { replayed: prior, doc: null };
      }
      const doc = await variant.store(q, req.company, p, { partnerId, applicationId });
      if (key) await remember(q, cid, scope, key, { status: 201, body: doc });
      return { replayed: null, doc };
    });
    if (result.replayed) return reply.status(result.replayed.status).header('Idempotent-Replayed', 'true').send(result.replayed.body);
    return reply.status(201).send(result.doc);
  });

  app.post('/invoices/preview', {
    attachValidation: true,
    schema: { tags, summary: 'Validate and compute an invoice without storing it or taking a number', body: variant.body },
  }, async (req) => variant.preview(await plan(variant, db, req)));

  app.get('/invoices/:id', { schema: { tags, summary: 'Read an invoice', params: UuidParams } }, async (req) =>
    readInvoice(db, req.company, (req.params as { id: string }).id));

  app.get('/invoices', { schema: { tags, summary: 'List invoices, newest first', querystring: ListQuery } }, async (req) => {
    const q = req.query as any;
    const args: unknown[] = [req.company.company_id];
    const tz = req.company.time_zone; // one of two names (a CHECK constraint), safe in SQL text
    const where = ['company_id = $1'];
    const add = (sql: string, v: unknown) => { args.push(v); where.push(sql.replace(/\$n/g, `$${args.length}`)); };
    if (q.document_id !== undefined) add('document_type_id = $n', q.document_id);
    if (q.customer_identification !== undefined) add('customer_identification = $n', q.customer_identification);
    if (q.customer_branch_office !== undefined) add('customer_branch_office = $n', q.customer_branch_office);
    if (q.name !== undefined) add('name = $n', q.name);
    if (q.date_start !== undefined) add('date >= $n::date', q.date_start);
    if (q.date_end !== undefined) add('date <= $n::date', q.date_end);
    for (const [field, column] of [['created', 'created_at'], ['updated', 'updated_at']]) {
      const start = q[`${field}_start`];
      const end = q[`${field}_end`];
      const isDate = (v: string) => /^\d{4}-\d{2}-\d{2}$/.test(v);
      if (start !== undefined) add(isDate(start) ? `${column} >= ($n::date::timestamp AT TIME ZONE '${tz}')` : `${column} >= $n::timestamptz`, start);
      if (end !== undefined) add(isDate(end) ? `${column} < (($n::date + 1)::timestamp AT TIME ZONE '${tz}')` : `${column} <= $n::timestamptz`, end);
    }
    const cond = where.join(' AND ');
    const [limit, offset] = pageWindow(q);
    const [{ total }] = await db.query(`SELECT count(*)::int AS total FROM invoices WHERE ${cond}`, args);
    const rows = await db.query(`${READ} WHERE ${cond} ORDER BY created_at DESC, number DESC LIMIT ${limit} OFFSET ${offset}`, args);
    return paged(q, total, rows.map(current));
  });

  app.post('/invoices/:id/annul', { schema: { tags, summary: 'Annul an invoice: reverses its journal entry and its open due items', params: UuidParams } }, async (req) => {
    const cid = req.company.company_id;
    const id = (req.params as { id: string }).id;
    return db.tx(async (q) => {
      const [inv] = await q.query(`SELECT annulled, stamp_status, name, date FROM invoices WHERE company_id = $1 AND id = $2 FOR UPDATE`, [cid, id]);
      if (!inv) throw notFound(`Invoice ${id}`);
      const refuse = (why: string) => new ApiError(400, [error('invalid_document', why, ['id'])]);
      if (inv.annulled) throw refuse(`Invoice ${inv.name} is already annulled`);
      if (inv.stamp_status === 'Accepted') throw refuse(`Invoice ${inv.name} was accepted by the tax authority; it is cancelled with a credit note, not here`);
      const [paid] = await q.query(`SELECT coalesce(sum(paid), 0) AS paid FROM due_items WHERE company_id = $1 AND invoice_id = $2`, [cid, id]);
      if (Number(paid.paid) > 0) throw refuse(`Invoice ${inv.name} has payments applied (${paid.paid}); annul those cash receipts first`);
      await q.query(`UPDATE due_items SET annulled = true WHERE company_id = $1 AND invoice_id = $2`, [cid, id]);
      await q.query(`UPDATE invoices SET annulled = true, balance = 0, updated_at = now() WHERE company_id = $1 AND id = $2`, [cid, id]);
      await reverseEntry(q, cid, id, { kind: 'invoice_annulment', id, date: inv.date, description: `Anulación de la factura ${inv.name}` });
      return readInvoice(q, req.company, id);
    });
  });
};
