/**
 * Payment receipts (Recibo electrónico de pago), on {base_url_mx} only:
 * create (with Idempotency-Key), preview, read, list, annul before stamping,
 * stamp, the provider's errors and the stamped XML.
 */
import { Type } from '@sinclair/typebox';
import type { RouteModule } from '../platform/app';
import type { Company } from '../platform/auth';
import type { Queryable } from '../platform/db';
import { DomainError, notFound } from '../platform/errors';
import { PageQuery, paged } from '../platform/http';
import { AfterQuery, listDocuments } from '../platform/lists';
import { afterCreation, createDocument, IdempotencyHeader, listFilter, listQuery, planRequest, UuidParams, type BodyOf } from '../platform/documents';
import type { StampColumns, StampStatus } from '../platform/states';
import { PaymentBody } from './schema';
import { planPayment, storePayment, type PaymentPlan } from './service';
import { annulPayment, voidPayment } from './undo';
import { committerOf } from '../platform/group-commit';
import { lockPayment, PAYMENT_STAMP_JOB, requestPaymentStamp, setPaymentCancellation } from './kernel';
import { mailIfAsked } from '../mail/store';
import { cancelRoute, type CancelKernel } from '../countries/mx/sat/cancel';
import { MX_STORED_COLUMNS, readMxStored } from '../countries/mx/sat/stored';
import { paymentAnswer, type PaymentRow } from './answer';
import { country as countryOf } from '../countries';

const ListQuery = Type.Composite([PageQuery, listQuery(), AfterQuery]);
const tags = ['payments (MX)'];
const params = UuidParams('Payment receipt');

/** What a SAT cancellation does to a payment receipt (src/countries/mx/sat/cancel.ts; the job's table is src/server.ts's). */
export const paymentCancellation: CancelKernel = {
  setCancellation: setPaymentCancellation,
  // A replaced receipt gave its place (and what it paid) to its substitute when that was written: nothing more moves.
  cancel: async (q, cid, p, day) => { if (!p.replaced_by) await voidPayment(q, cid, p, day, 'cancelled'); },
};

export const readPayment = (q: Queryable, company: Company, id: string) =>
  readMxStored(q, company.company_id, { table: 'payments', title: 'Payment receipt' }, id, paymentAnswer);

export const paymentRoutes: RouteModule = (app, { db, country, outbox, config }) => {
  if (!countryOf(country).documents.payments) return;
  /** Lets the outbox stamp the receipt now, waits for the provider up to DIAN_TIMEOUT_MS, and answers the receipt as it then stands. */
  const submitted = async (company: Company, id: string) => {
    await outbox?.runAndWait(company.company_id, PAYMENT_STAMP_JOB, id, config.dianTimeoutMs);
    return readPayment(db, company, id);
  };
  // Creations of this storage written together (GROUP_COMMIT_MS, GROUP_COMMIT_MAX); alone, a receipt is written in its own transaction.
  const batch = committerOf(db, config).inTransactions;
  const plan = (req: BodyOf<PaymentBody>) => planRequest(req, (problems) => planPayment(db, req.company, req.body, problems));

  app.post('/payments', {
    attachValidation: true,
    schema: { tags, summary: 'Create a payment receipt (CFDI type P, Pagos 2.0) for payments of PPD invoices', body: PaymentBody, headers: Type.Object(IdempotencyHeader) },
  }, async (req, reply) => {
    const partnerId = req.headers['partner-id'] as string | undefined;
    return createDocument(db, req, reply, 'MX POST /v1/payments', () => plan(req),
      // (Its payment.created event, for a company with webhooks, is written with it by the receipt kernel.)
      async (q, p) => mailIfAsked(q, req.company.company_id, 'payment', await storePayment(q, req.company, p, { partnerId })),
      (doc) => afterCreation(doc, outbox, (id) => submitted(req.company, id)),
      // Batched when the receipt is all it writes: no mail.
      (p: PaymentPlan) => !p.body.mail?.send, batch);
  });

  app.post('/payments/preview', {
    attachValidation: true,
    schema: { tags, summary: 'Validate and compute a payment receipt without storing it or taking a number', body: PaymentBody },
  }, async (req) => (await plan(req)).preview);

  app.get('/payments/:id', { schema: { tags, summary: 'Read a payment receipt', params } }, async (req) =>
    readPayment(db, req.company, req.params.id));

  app.get('/payments', { schema: { tags, summary: 'List payment receipts, newest first', querystring: ListQuery } }, async (req) => {
    const q = req.query;
    const { total, rows } = await listDocuments<PaymentRow>(db, { table: 'payments', columns: MX_STORED_COLUMNS, noun: 'payment receipt' }, req.company, q, listFilter(q, req.company));
    return paged(q, total, rows.map(paymentAnswer));
  });

  const stored = async (company: Company, id: string) => {
    const [row] = await db.query<StampColumns>(`SELECT name, stamp_status, stamp_errors, stamp_observations, xml FROM payments WHERE company_id = $1 AND id = $2`, [company.company_id, id]);
    if (!row) throw notFound(`Payment receipt ${id}`);
    return row;
  };
  app.post('/payments/:id/stamp', { schema: { tags, summary: 'Send a Draft (or a Rejected) payment receipt to the stamping provider', params } }, async (req) => {
    const id = req.params.id;
    const cid = req.company.company_id;
    await db.tx(async (q) => {
      const p = await lockPayment(q, cid, id);
      if (!p) throw notFound(`Payment receipt ${id}`);
      const refuse = (why: string) => new DomainError('invalid_document', `Payment receipt ${p.name} ${why}`, 'id');
      if (p.annulled) throw refuse('is annulled');
      if (p.stamp_status === 'Accepted') throw refuse('was already stamped');
      await requestPaymentStamp(q, cid, id, p.stamp_status as StampStatus);
    });
    return submitted(req.company, id);
  });
  app.get('/payments/:id/stamp/errors', { schema: { tags, summary: 'Why the stamping provider rejected a payment receipt', params } }, async (req) => {
    const row = await stored(req.company, req.params.id);
    return { status: row.stamp_status, errors: row.stamp_errors ?? [], observations: row.stamp_observations ?? [] };
  });
  app.get('/payments/:id/xml', {
    schema: { tags, summary: 'The sealed (or stamped) CFDI: {"base64": …}, or the XML itself with Accept: application/xml', params },
  }, async (req, reply) => {
    const row = await stored(req.company, req.params.id);
    if (!row.xml) throw notFound(`The XML of payment receipt ${row.name} (it has not been sent to the stamping provider)`);
    if (/application\/xml|text\/xml/.test(String(req.headers.accept ?? ''))) return reply.type('application/xml; charset=utf-8').send(row.xml);
    return { base64: Buffer.from(row.xml, 'utf8').toString('base64') };
  });

  cancelRoute(app, { db, outbox, config }, 'payment', 'payments', tags, readPayment, paymentCancellation);

  app.post('/payments/:id/annul', {
    schema: { tags, summary: 'Annul a payment receipt never stamped: gives back what it paid on the invoices and reverses its journal entry', params },
  }, async (req) => {
    const id = req.params.id;
    return db.tx(async (q) => {
      await annulPayment(q, req.company, id);
      return readPayment(q, req.company, id);
    });
  });
};
