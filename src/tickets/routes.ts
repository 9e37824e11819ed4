/**
 * Mexican tickets on {base_url_mx} (issue 51): POST /v1/tickets (idempotent with Idempotency-Key), GET /v1/tickets
 * and /v1/tickets/{id}, and POST /v1/tickets/global-invoice (src/tickets/global.ts). Mexico only: on {base_url} these
 * paths do not exist.
 *
 * The ticket's self-invoicing key is answered once, by its creation; the ticket keeps only its SHA-256. An
 * Idempotency-Key replay must answer the same key, so the remembered answer holds it sealed with the service's
 * SECRET_KEY (src/platform/secrets.ts, bound to the ticket), in clear only where the service keeps no key at all
 * (PostgreSQL without SECRET_KEY, as webhook secrets are: docs/security.md).
 */
import { Type } from '@sinclair/typebox';
import type { FastifyRequest } from 'fastify';
import type { RouteModule } from '../platform/app';
import type { Queryable } from '../platform/db';
import { PageQuery, paged } from '../platform/http';
import { createDocument, IdempotencyHeader, planRequest, UuidParams } from '../platform/documents';
import { claim, idempotencyKey, remember, replay, requestHash, type Stored } from '../platform/idempotency';
import { openFor, sealingKey, storedSecret } from '../platform/secrets';
import { newTicketKey, planTicket, storeTicket } from './service';
import { listTickets, readTicket } from './read';
import { ticketAnswer } from './answer';
import { GlobalInvoiceBody, TicketBody, TicketListQuery, type TicketDocument } from './schema';
import { planGlobal, writeGlobalInvoice, type GlobalPlan } from './global';
import { keyMatches, selfInvoice, SelfInvoiceBody } from './self-invoice';
import { ticketPdf } from './pdf';
import { notFound } from '../platform/errors';
import { committerOf } from '../platform/group-commit';
import { MxInvoiceAnswer } from '../invoices/mx/schema';
import { readMxInvoice } from '../invoices/routes';
import { country as countryOf } from '../countries';

const SCOPE = 'MX POST /v1/tickets';
/** The associated data a ticket's key is sealed with in its Idempotency-Key record: the company and the ticket. */
const aad = (cid: number, id: string) => `ticket-key:${cid}:${id}`;
/** Where the API was called (behind a proxy, TRUST_PROXY makes it the public address): the self-invoicing page's origin. */
const originOf = (req: FastifyRequest) => `${req.protocol}://${req.host}`;

export const ticketRoutes: RouteModule = (app, { db, country, config, outbox }) => {
  if (!countryOf(country).documents.tickets) return;
  const tags = ['tickets (MX)'];
  const sealing = sealingKey(config);
  // Creations of this storage written together (GROUP_COMMIT_MS, GROUP_COMMIT_MAX): the committer invoices use.
  const batch = committerOf(db, config);

  /** A remembered answer with its key opened (a key sealed under a SECRET_KEY this process no longer has is left out). */
  const opened = (cid: number, body: TicketDocument): TicketDocument => {
    const key = body.self_invoice?.key;
    if (!key) return body;
    try {
      return { ...body, self_invoice: { ...body.self_invoice, key: openFor(key, aad(cid, body.id)) } };
    } catch {
      const { key: _dropped, ...rest } = body.self_invoice;
      return { ...body, self_invoice: rest };
    }
  };

  app.post('/tickets', {
    attachValidation: true,
    schema: { tags, summary: 'Record a sale at the counter (a ticket; no CFDI): its folio, figures, journal entry and self-invoicing key', body: TicketBody,
      headers: Type.Object(IdempotencyHeader) },
  }, async (req, reply) => {
    const cid = req.company.company_id;
    const key = idempotencyKey(req);
    const hash = key ? requestHash(req.body) : '';
    const replayed = (a: Stored) => reply.status(a.status).header('Idempotent-Replayed', 'true').send(opened(cid, a.body as TicketDocument));
    if (key) {
      const prior = await replay(db, cid, SCOPE, key, hash);
      if (prior) return replayed(prior);
    }
    const plan = await planRequest(req, (problems) => planTicket(db, req.company, req.body, problems));
    const origin = originOf(req);
    // Without a key, one statement (storeTicket), or under load the batch's one statement (writeTickets, group commit);
    // with a key, its claim and answer in the ticket's own transaction.
    const write = async (q: Queryable) => {
      if (key) {
        const prior = await claim(q, cid, SCOPE, key, hash);
        if (prior) return { prior, answer: null };
      }
      const secret = newTicketKey();
      const doc = await storeTicket(q, req.company, plan, secret.hash);
      const answer = ticketAnswer({ document: doc, until: plan.until, global_id: null, global_name: null, self_id: null, self_name: null }, origin, secret.key);
      if (key) {
        const kept = { ...answer, self_invoice: { ...answer.self_invoice, key: storedSecret(sealing, secret.key, aad(cid, doc.id)) } };
        await remember(q, cid, SCOPE, key, { status: 201, body: kept });
      }
      return { prior: null, answer };
    };
    const result = key ? await db.tx(write) : await batch.run(write);
    if (result.prior) return replayed(result.prior);
    return reply.status(201).send(result.answer);
  });

  app.get('/tickets', { schema: { tags, summary: 'List tickets, newest folio first', querystring: Type.Composite([PageQuery, TicketListQuery]) } }, async (req) => {
    const { total, results } = await listTickets(db, req.company, req.query, originOf(req));
    return paged(req.query, total, results);
  });

  app.get('/tickets/:id', { schema: { tags, summary: 'Read a ticket (its key is not answered: only its creation has it)', params: UuidParams('Ticket') } },
    async (req) => readTicket(db, req.company, req.params.id, originOf(req)));

  app.post('/tickets/:id/pdf', {
    schema: { tags, summary: 'The ticket printed on an 80 mm roll, with the self-invoicing address, its key and a QR: {"base64": …}, or the PDF itself with Accept: application/pdf. The key is sent (the service keeps only its hash)',
      params: UuidParams('Ticket'), body: Type.Object({ key: Type.String({ minLength: 1, maxLength: 64, description: 'The ticket\'s key, as its creation answered it' }) }) },
  }, async (req, reply) => {
    const cid = req.company.company_id;
    const [row] = await db.query<{ key_hash: string }>('SELECT key_hash FROM tickets WHERE company_id = $1 AND id = $2', [cid, req.params.id]);
    if (!row || !keyMatches(req.body.key, row.key_hash)) throw notFound(`Ticket ${req.params.id} with this key`);
    const ticket = await readTicket(db, req.company, req.params.id, originOf(req));
    const postal = req.company.settings?.postal_code ?? req.company.address?.postal_code;
    const pdf = await ticketPdf({ ticket, key: req.body.key, company: { legal_name: req.company.legal_name, tax_id: req.company.tax_id, postal_code: typeof postal === 'string' ? postal : '' } });
    if (/application\/pdf/.test(String(req.headers.accept ?? ''))) return reply.type('application/pdf').send(pdf);
    return { base64: pdf.toString('base64') };
  });

  app.post('/tickets/:id/self-invoice', {
    schema: { tags, summary: 'Self-invoicing: the ticket\'s own CFDI (type I, PUE, its form of payment) to the customer typed, with the ticket\'s key; sent again, the same CFDI (200)',
      params: UuidParams('Ticket'), body: SelfInvoiceBody,
      response: { 200: { ...MxInvoiceAnswer, description: 'The CFDI the ticket already has (the same request sent again)' }, 201: { ...MxInvoiceAnswer, description: 'The ticket\'s CFDI, stamped (or Pending while the PAC has not answered)' } } },
  }, async (req, reply) => {
    const made = await selfInvoice(db, req.company, req.params.id, req.body, (rules) => planRequest({ body: req.body, validationError: undefined }, rules));
    if (made.created) await outbox?.runAndWait(req.company.company_id, 'sat_stamp', made.id, config.dianTimeoutMs);
    return reply.status(made.created ? 201 : 200).send(await readMxInvoice(db, req.company, made.id));
  });

  app.post('/tickets/global-invoice', {
    attachValidation: true,
    schema: { tags, summary: 'The global invoice (CFDI to XAXX010101000 with InformacionGlobal) of the period\'s tickets not yet invoiced: one concept per ticket, stamped; the tickets are marked in the same transaction',
      body: GlobalInvoiceBody, headers: Type.Object(IdempotencyHeader),
      response: { 201: { ...MxInvoiceAnswer, description: 'The global invoice, stamped (or Pending while the PAC has not answered); with a repeated Idempotency-Key, the first answer (Idempotent-Replayed: true)' } } },
  }, async (req, reply) => {
    const company = req.company;
    return createDocument(db, req, reply, 'MX POST /v1/tickets/global-invoice',
      () => planRequest(req, (problems) => planGlobal(db, company, req.body, problems)),
      async (q, plan: GlobalPlan) => readMxInvoice(q, company, await writeGlobalInvoice(q, company, plan, req.body)),
      async (doc) => {
        const id = String((doc as { id?: unknown }).id);
        await outbox?.runAndWait(company.company_id, 'sat_stamp', id, config.dianTimeoutMs);
        return readMxInvoice(db, company, id);
      });
  });
};


