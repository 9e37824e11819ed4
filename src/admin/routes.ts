/**
 * The administration API on /admin/v1, served only when ADMIN_TOKEN is set
 * (otherwise every /admin path answers 404). Every call needs
 * `Authorization: Bearer <ADMIN_TOKEN>`, compared in constant time and
 * throttled per client address (src/platform/throttle.ts); a
 * company's token is refused here (401), and the admin token is no company
 * token (401 on /v1). Each answer's request log line carries what changed.
 * The routes call the functions the CLI calls (src/cli.ts).
 */
import { Type } from '@sinclair/typebox';
import type { FastifyRequest } from 'fastify';
import type { App } from '../platform/app';
import type { Config } from '../platform/config';
import type { Db } from '../platform/db';
import { ApiError, error, Problems } from '../platform/errors';
import { PageOf, PageQuery } from '../platform/http';
import type { SealingKey } from '../platform/secrets';
import { adminTokenCheck, type Throttle } from '../platform/throttle';
import { metrics } from '../platform/metrics';
import type { DianAuthority } from '../countries/co/dian/authority';
import type { Actor, Change } from './audit';
import { RESOURCES } from './resources';
import { CompanyAnswer, companyCreateBody, CompanyUpdateBody, createCompany, getCompany, listCompanies, updateCompany } from './companies';
import { runTestSet, TestSetBody } from './dian';
import { consoleUserRoutes } from '../console/admin';

export interface AdminServices { config: Config; db: Db; dian: DianAuthority; sealingKey: SealingKey | null; throttle: Throttle }

/** Adds invalid_value at the path of every string under `v` that holds a control character (C0, DEL, C1). */
export function controlCharacters(v: unknown, path: string, p: Problems): void {
  if (typeof v === 'string') {
    // eslint-disable-next-line no-control-regex
    if (/[\u0000-\u001f\u007f-\u009f]/.test(v)) p.add('invalid_value', `${path || 'body'} must not hold control characters (line breaks, tabs, NUL…)`, path || 'body');
  } else if (Array.isArray(v)) {
    v.forEach((x, i) => controlCharacters(x, `${path}[${i}]`, p));
  } else if (v && typeof v === 'object') {
    for (const [k, x] of Object.entries(v)) controlCharacters(x, path ? `${path}.${k}` : k, p);
  }
}

const CompanyParams = Type.Object({ id: Type.Integer({ minimum: 1, maximum: 2147483647, description: 'Company id' }) });
const ItemParams = Type.Object({ id: CompanyParams.properties.id, item: Type.Integer({ minimum: 1, maximum: 2147483647, description: 'Record id' }) });

declare module 'fastify' {
  interface FastifyRequest {
    /** What an administration call changed (logged with its answer). */
    changes?: Change[];
  }
}

const TestSetAnswer = Type.Object({
  status: Type.Union([Type.Literal('Accepted'), Type.Literal('Rejected')]),
  documents: Type.Array(Type.Object({
    name: Type.String({ description: 'Its number in the DIAN\'s test numbering, e.g. SETP990000000' }),
    kind: Type.Union([Type.Literal('Invoice'), Type.Literal('CreditNote'), Type.Literal('DebitNote')]),
    status: Type.String({ description: 'Accepted, Rejected, or Pending (not judged in time)' }),
    errors: Type.Array(Type.Object({ code: Type.String(), message: Type.String() })),
    cufe: Type.Union([Type.String(), Type.Null()], { description: 'The CUFE of an accepted invoice, the CUDE of an accepted note' }),
    date: Type.String({ format: 'date' }),
    invoice: Type.Optional(Type.String({ description: 'A note: the invoice of the set it corrects' })),
    reason: Type.Optional(Type.Integer({ description: 'A note: its DIAN concept' })),
  })),
});

/**
 * Tickets of the operator console (src/console/context.ts): while the console runs one administration call of
 * its owner's company through app.inject, the ticket (a random header value, never sent over the network)
 * stands for the admin token, for that company's paths only. Without ADMIN_TOKEN these routes are still
 * registered for the console, hidden from the OpenAPI document, and answer 404 to everyone else.
 */
export const consoleAdminTickets = new Map<string, number>();

export function adminRoutes(s: AdminServices) {
  const adminToken = adminTokenCheck(s.config, s.throttle, s.db);
  return async (app: App) => {
    if (!s.config.adminToken) app.addHook('onRoute', (route) => { route.schema = { ...(route.schema ?? {}), hide: true }; });
    app.addHook('onRequest', async (req, reply) => {
      const ticket = req.headers['x-console-ticket'];
      const company = typeof ticket === 'string' ? consoleAdminTickets.get(ticket) : undefined;
      if (company !== undefined) {
        const m = /^\/admin\/v1\/companies\/([0-9]+)(?:[/?]|$)/.exec(req.url);
        if (m && Number(m[1]) === company) return;
      }
      if (!s.config.adminToken) {
        return reply.status(404).send(new ApiError(404, [error('not_found', `No route ${req.method} ${req.url.split('?')[0]}`, ['url'])]).body());
      }
      await adminToken(req);
    });
    // No control character in any text of an administration body: a CR/LF in a legal name would flow into XML, PDF and mail headers.
    app.addHook('preValidation', async (req) => {
      const p = new Problems();
      controlCharacters(req.body, '', p);
      p.throwIfAny();
    });
    const actor = (req: FastifyRequest): Actor => ({
      via: 'api', sealingKey: s.sealingKey,
      changed: (c) => { (req.changes ??= []).push(c); },
    });
    const tags = ['admin'];
    const { db } = s;

    app.get('/metrics', { schema: { tags, summary: 'The service\'s metrics in Prometheus\' text format: worker and login queues and waits, the process' } },
      async (_req, reply) => reply.type(metrics.contentType).send(await metrics.metrics()));
    app.get('/companies', {
      schema: { tags, summary: 'List companies', querystring: Type.Composite([PageQuery, Type.Object({
        country: Type.Optional(Type.String({ pattern: '^(CO|MX|co|mx)$', 'x-hint': 'must be CO or MX' })),
        tax_id: Type.Optional(Type.String({ maxLength: 20 })),
      })]), response: { 200: PageOf(CompanyAnswer) } },
    }, async (req) => listCompanies(db, req.query));
    app.post('/companies', { schema: { tags, summary: 'Create a company (country, legal name, tax id, address, time zone, settings)', body: companyCreateBody(), response: { 201: CompanyAnswer } }, attachValidation: true },
      async (req, reply) => { reply.status(201); return createCompany(db, actor(req), req.body); });
    app.get('/companies/:id', { schema: { tags, summary: 'A company with its settings', params: CompanyParams, response: { 200: CompanyAnswer } } },
      async (req) => getCompany(db, req.params.id));
    app.patch('/companies/:id', { schema: { tags, summary: 'Change a company: legal name, address, settings, logo', params: CompanyParams, body: CompanyUpdateBody, response: { 200: CompanyAnswer } }, attachValidation: true },
      async (req) => updateCompany(db, actor(req), req.params.id, req.body));

    for (const r of RESOURCES) {
      const base = `/companies/:id/${r.path}`;
      const filters = Type.Object(Object.fromEntries(Object.entries(r.filters ?? {}).map(([k, v]) => [k, Type.Optional(v)])));
      app.get(base, { schema: { tags, summary: `List: ${r.summary}`, params: CompanyParams, querystring: filters, response: { 200: Type.Array(r.answer) } } },
        async (req) => r.list(db, req.params.id, req.query));
      app.post(base, { schema: { tags, summary: `Create: ${r.summary}`, params: CompanyParams, body: r.createBody, response: { 201: r.answer } }, attachValidation: true },
        async (req, reply) => { reply.status(201); return r.create(db, actor(req), req.params.id, req.body); });
      app.get(`${base}/:item`, { schema: { tags, summary: `Get one: ${r.summary}`, params: ItemParams, response: { 200: r.answer } } },
        async (req) => r.get(db, req.params.id, req.params.item));
      app.patch(`${base}/:item`, { schema: { tags, summary: `Change (active: false deactivates): ${r.summary}`, params: ItemParams, body: r.updateBody, response: { 200: r.answer } }, attachValidation: true },
        async (req) => r.update(db, actor(req), req.params.id, req.params.item, req.body));
      for (const [name, action] of Object.entries(r.actions ?? {})) {
        app.post(`${base}/:item/${name}`, { schema: { tags, summary: action.summary, params: ItemParams, response: { 200: r.answer } } },
          async (req) => action.run(db, actor(req), req.params.id, req.params.item));
      }
    }

    app.post('/companies/:id/dian/test-set', {
      schema: { tags, summary: 'DIAN habilitación: send the test set and report the verdict per document', params: CompanyParams, body: TestSetBody, response: { 200: TestSetAnswer } }, attachValidation: true,
    }, async (req) => runTestSet(db, actor(req), s.dian, req.params.id, req.body));

    consoleUserRoutes(app, db);
  };
}
