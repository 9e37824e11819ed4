/**
 * The HTTP application: error body, content types, limits, request ids,
 * OpenAPI, and the two base addresses ({base_url} for Colombia, /mx for Mexico).
 */
import { unstorable } from './request-texts';
import crypto from 'node:crypto';
import { STATUS_CODES } from 'node:http';
import type { Duplex } from 'node:stream';
import Fastify, { LogController, type FastifyBaseLogger, type FastifyError, type FastifyInstance, type FastifyReply, type FastifyRequest, type RawReplyDefaultExpression, type RawRequestDefaultExpression, type RawServerDefault } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import swagger, { type SwaggerTransform } from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { Type, type TSchema } from '@sinclair/typebox';
import type { Config } from './config';
import type { Db } from './db';
import { ApiError, error, Problems } from './errors';
import { addAjvErrors, answerCheck, bodyAjv, closedBody, queryAjv } from './validation';
import { bodyDays } from './dates';
import { recordOf } from './json';
import type { AnySchema, ValidateFunction } from 'ajv';
import fastJson from 'fast-json-stringify';
import { login, Tokens, type Authenticated } from './auth';
import { adminTokenCheck, loginHashing, Throttle } from './throttle';
import { ErrorBody } from './http';
import { RateLimiter, sharedCount } from './ratelimit';
import type { Outbox } from './outbox';
import type { DianAuthority } from '../countries/co/dian/authority';
import type { CpuPool } from '../workers/pool';
import { cors, methodsByPath, notFoundOrWrongMethod } from './http-extras';
import { answerSent } from './events';

export interface Services {
  config: Config;
  db: Db;
  /** Work after commit (tax authority, mail); absent in tools that only read. */
  outbox?: Outbox;
  /** The Colombian tax authority the outbox sends to (DIAN_MODE), e.g. for the DIAN test set (runDianTestSet). */
  dian?: DianAuthority;
  /** Worker threads for CPU work (PDF …); without it, it runs on the event loop. */
  pool?: CpuPool;
  /** Failed logins and administration tokens per client address (src/platform/throttle.ts); made by buildApp when absent. */
  throttle?: Throttle;
  bases: readonly { code: string; basePath: string }[]; // the countries served, each API's path ('' or '/mx'): src/countries, by src/server.ts
}

/** The Fastify instance routes are registered on: request parts typed by their TypeBox schemas. */
export type App = FastifyInstance<RawServerDefault, RawRequestDefaultExpression, RawReplyDefaultExpression, FastifyBaseLogger, TypeBoxTypeProvider>;

/**
 * Calls the operator console (src/console) makes into the API in this process (app.inject), so that every action
 * runs the API's own route with its rules and messages: the console puts its session's company here under a random
 * ticket for the duration of one call and sends the ticket in X-Console-Ticket. A request from outside cannot know one.
 */
export const consoleTickets = new Map<string, Authenticated>();

/** A feature registers its routes once; they are served on both base addresses. */
export type RouteModule = (app: App, services: Services & { country: string }) => void | Promise<void>;

const LoginBody = Type.Object({
  username: Type.String({ minLength: 1, maxLength: 200 }),
  access_key: Type.String({ minLength: 1, maxLength: 500 }),
});

/** Fastify's trustProxy for TRUST_PROXY: a hop count as a function of the hop (proxy-addr counts the socket's peer as hop 0). */
const trusted = (t: Config['trustProxy']): boolean | string | ((address: string, hop: number) => boolean) =>
  (t === false ? false : typeof t === 'number' ? (_address: string, hop: number) => hop < t : t.join(','));

/** The deepest nesting a JSON body may have (an invoice's is 5: items, their taxes, objects in them). */
export const MAX_JSON_DEPTH = 32;

/** Whether a JSON text opens more than `max` arrays or objects inside each other (strings skipped), read once, without parsing it. */
export function jsonDeeperThan(text: string, max: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 92) i++; // backslash: the next character is escaped
      else if (c === 34) inString = false;
    } else if (c === 34) inString = true;
    else if (c === 91 || c === 123) { if (++depth > max) return true; }
    else if (c === 93 || c === 125) depth--;
  }
  return false;
}

/** What the database drivers add to an error (PostgreSQL's SQLSTATE, the constraint a write broke). */
type DbFields = { code?: string; constraint?: string };

function translate(err: FastifyError & DbFields, bodyLimit: number): ApiError | null {
  if (err instanceof ApiError) return err;
  if (err.validation) {
    const p = new Problems();
    addAjvErrors(p, err.validation, '', err.validationContext === 'querystring' ? 'querystring' : 'body');
    return new ApiError(400, p.items);
  }
  switch (err.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return new ApiError(413, [error('payload_too_large', `The request body is larger than the limit of ${bodyLimit} bytes (BODY_LIMIT_BYTES)`, ['body'])]);
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return new ApiError(415, [error('unsupported_media_type', 'Send the body as JSON with "Content-Type: application/json"', ['Content-Type'])]);
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return new ApiError(400, [error('parameter_required', 'The request body is empty; send a JSON object', ['body'])]);
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return new ApiError(400, [error('invalid_value', 'Content-Length does not match the body', ['Content-Length'])]);
  }
  if (err.code === '23505' && /_number$/.test(err.constraint ?? '')) {
    return new ApiError(400, [error('duplicated_document', 'A concurrent request took this number first', ['number'])]);
  }
  if (err.code === '23505') {
    // A unique index refused a write that a concurrent request made first.
    return new ApiError(400, [error('already_exists', 'A concurrent request created the same record first; read it or retry', [])]);
  }
  if (err.code === '23503') {
    // A foreign key refused a write: a record the request names was deleted by a concurrent request.
    return new ApiError(400, [error('invalid_reference', 'A record this request refers to was deleted meanwhile; read it again', [])]);
  }
  if (['57014', '40001', '40P01'].includes(err.code) || /timeout exceeded when trying to connect/.test(err.message)) {
    // A statement over the request timeout (a lock held too long), a serialization failure, or no free connection in time.
    return new ApiError(503, [error('requests_limit', 'The database is busy; nothing was saved: send the request again (with the same Idempotency-Key)', [])], { 'Retry-After': '1' });
  }
  if (err instanceof SyntaxError || err.code === 'FST_ERR_CTP_INVALID_JSON_BODY') {
    return new ApiError(400, [error('invalid_type', `The body is not valid JSON: ${err.message}`, ['body'])]);
  }
  if (err.statusCode && err.statusCode >= 400 && err.statusCode < 500) {
    return new ApiError(err.statusCode, [error(err.statusCode === 404 ? 'not_found' : 'invalid_value', err.message, [])]);
  }
  return null;
}

/**
 * A query string takes only the parameters its schema names: an unknown one
 * (a misspelt filter, a filter of another list) is refused (invalid_value,
 * addAjvErrors), never ignored.
 */
function closed(schema: AnySchema): AnySchema {
  return typeof schema === 'object' && schema.type === 'object' && schema.additionalProperties === undefined ? { ...schema, additionalProperties: false } : schema;
}

/**
 * The validators and serializers compiled from the routes' schemas, by the schema's text: compiling them takes most
 * of an application's start (a second), and they depend on nothing else, so a process that builds the application
 * again (the tests, a restart in the same process) compiles each schema once.
 */
const compiled = new Map<string, unknown>();
function once<S, T>(kind: string, schema: S, compile: (s: S) => T): T {
  const key = `${kind} ${JSON.stringify(schema)}`;
  let fn = compiled.get(key) as T | undefined;
  if (!fn) compiled.set(key, (fn = compile(schema)));
  return fn;
}

/**
 * Errors Node's HTTP parser meets before any route runs (a body that does not
 * arrive within REQUEST_TIMEOUT_MS, headers over the size limit, bytes that
 * are not HTTP) still get the documented error body, then the connection closes.
 */
function clientError(this: FastifyInstance, err: Error & { code?: string }, socket: Duplex): void {
  if (err.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, item] = err.code === 'ERR_HTTP_REQUEST_TIMEOUT'
    ? [408, error('invalid_value', 'The request did not arrive completely within the server\'s request timeout; send it again (with the same Idempotency-Key)', ['body'])]
    : err.code === 'HPE_HEADER_OVERFLOW'
      ? [431, error('payload_too_large', 'The request headers are larger than the server accepts', ['headers'])]
      : [400, error('invalid_value', 'The request is not valid HTTP', ['request'])];
  const body = JSON.stringify(new ApiError(status, [item]).body());
  if (socket.writable) {
    socket.write(`HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`);
  }
  socket.destroy();
}

/** Requests that came in through the administration API's own listener (ADMIN_PORT; src/server.ts). */
export const adminListenerRequests = new WeakSet<object>();
/** Requests of the process itself that may reach /admin on any listener (the console's injected calls; set in src/server.ts). */
export const adminListener = { internal: (_req: FastifyRequest): boolean => false };
/** A path of the administration API (its operations, OpenAPI document and docs). */
const ADMIN_PATH = /^\/admin(?:[/?#]|$)/;

/** `openapi`: @fastify/swagger's transform hooks, which complete what each route says in the OpenAPI document (src/openapi.ts). */
export async function buildApp(services: Services, modules: RouteModule[], hooks: { transform?: SwaggerTransform;
  /** Completes the document @fastify/swagger built (open JSON), in place. */
  transformObject?: (document: Record<string, unknown>) => Record<string, unknown>;
  documentOf?: (full: unknown, which: 'public' | 'admin') => Record<string, unknown> & { paths: Record<string, unknown> };
  /** The success answers a route's path implies (src/openapi.ts): given by the caller, so that the platform imports no domain module. */
  answerSchemas?: (method: string, url: string) => Record<string, TSchema> } = {}): Promise<FastifyInstance> {
  const { documentOf = (full: unknown, which: 'public' | 'admin') => ({ ...recordOf(full), paths: which === 'public' ? recordOf(recordOf(full).paths) : {} }),
    answerSchemas = () => ({}), transform, transformObject: complete } = hooks;
  const { config, db } = services;
  const app = Fastify({
    // JSON lines whose level is a word ("level":"info"); one line per request (onResponse below) instead of Fastify's two.
    logger: { level: config.logLevel, formatters: { level: (label) => ({ level: label }) } },
    logController: new LogController({ disableRequestLogging: true }),
    bodyLimit: config.bodyLimitBytes,
    // The client's address (req.ip, which every limit is keyed on) from X-Forwarded-For only through trusted proxies.
    trustProxy: trusted(config.trustProxy),
    requestTimeout: config.requestTimeoutMs,
    // Node checks request timeouts every 30 s by default, and a request whose body is late against its
    // headers timeout (60 s unless given with requestTimeout here): check often enough that REQUEST_TIMEOUT_MS holds.
    http: { requestTimeout: config.requestTimeoutMs, connectionsCheckingInterval: Math.max(100, Math.min(1000, Math.floor(config.requestTimeoutMs / 4) || 1000)) },
    clientErrorHandler: clientError,
    requestIdHeader: 'x-request-id',
    genReqId: () => crypto.randomUUID(),
    ajv: { customOptions: {} },
    return503OnClosing: true,
    // Errors of the router itself (bad percent-encoding, a path parameter over maxParamLength) get the error body too.
    frameworkErrors: (err: FastifyError, req: FastifyRequest, reply: FastifyReply) => {
      const long = (err as FastifyError).code === 'FST_ERR_MAX_PARAM_LENGTH';
      reply.header('X-Request-Id', req.id);
      reply.status(400).send(new ApiError(400, [error('invalid_value', long ? 'A path parameter of the URL is too long' : `The URL is not valid: ${err.message}`, ['url'])]).body());
    },
  });
  // JSON only: without this, Fastify would also parse text/plain bodies.
  app.removeContentTypeParser('text/plain');
  // JSON nested deeper than any body of this API is refused before it is parsed: a few megabytes of `[[[[…` cost seconds
  // of the main thread to parse and check, on any route, /auth included (no login needed).
  const json = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  // A login's body refused so (deep, or no JSON) counts against the address like a failed login.
  const loginPath = /^\/(?:mx\/)?auth(?:[/?]|$)/;
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (req, body, done) => {
    const refused = (e: Error) => { if (loginPath.test(req.url)) guard.throttle.refused(req.ip); done(e, undefined); };
    if (jsonDeeperThan(body as string, MAX_JSON_DEPTH)) {
      refused(new ApiError(400, [error('invalid_value', `The JSON body is nested deeper than ${MAX_JSON_DEPTH} levels; no body of this API is`, ['body'])]));
    } else json(req, body as string, (e, value) => (e ? refused(e) : done(null, value)));
  });
  const allowedFor = methodsByPath(app);
  // Bodies are closed (closedBody) except the administration API's, which takes records read back as they are.
  app.setValidatorCompiler(({ schema, httpPart, url }) => httpPart === 'body'
    ? once('body', url.startsWith('/admin') ? schema : closedBody(schema) as object, (s) => bodyAjv.compile(s))
    : once('query', httpPart === 'querystring' ? closed(schema) : schema, (s) => queryAjv.compile(s)));
  app.addHook('onRoute', (route) => {
    if (route.schema?.hide) return;
    // Every route of the API checks its query string: one that declares none takes none.
    if (!route.schema?.querystring) route.schema = { ...route.schema, querystring: Type.Object({}) };
    // Routes that answer a document, a page of them, a PDF, an XML… get that answer's schema, which serialises it.
    const method = String(Array.isArray(route.method) ? route.method[0] : route.method);
    route.schema.response = { ...answerSchemas(method, route.url), ...(route.schema.response as object | undefined) };
  });
  // A response schema serialises its answers (fast-json-stringify, as Fastify does by default), except that an answer
  // missing a property the schema requires (a document stored by an older version, replayed or read) is written as
  // it is rather than failing; CHECK_RESPONSES below makes the tests fail on it instead.
  app.setSerializerCompiler(({ schema, method, url, httpStatus }) => {
    const fast = once('answer', schema as object, (s) => fastJson(s));
    return (data) => {
      try {
        return fast(data);
      } catch (e) {
        app.log.warn({ method, url, status: httpStatus, err: (e as Error).message }, 'an answer does not fit its response schema; sent as it is');
        return JSON.stringify(data);
      }
    };
  });
  if (config.checkResponses) {
    // A response schema drops properties it does not name and coerces values of another type: here that fails loudly instead.
    const checks = new WeakMap<object, ValidateFunction>();
    app.addHook('preSerialization', async (req, reply, payload) => {
      const schema = (req.routeOptions.schema?.response as Record<string, object> | undefined)?.[reply.statusCode];
      if (!schema || payload === null || typeof payload !== 'object' || Buffer.isBuffer(payload)) return payload;
      let check = checks.get(schema);
      if (!check) checks.set(schema, (check = once('check', schema, answerCheck)));
      if (!check(JSON.parse(JSON.stringify(payload)))) {
        throw new Error(`${req.method} ${req.routeOptions.url} answered ${reply.statusCode} outside its response schema: ${bodyAjv.errorsText(check.errors)}`);
      }
      return payload;
    });
  }

  app.addHook('onRequest', async (req, reply) => {
    reply.header('X-Request-Id', req.id);
    // A route that takes no body (a DELETE, an annulment) accepts an empty one sent with a JSON Content-Type, as many clients send it.
    const empty = req.headers['transfer-encoding'] === undefined && (req.headers['content-length'] ?? '0') === '0';
    if (empty && !req.routeOptions.schema?.body) delete req.headers['content-type'];
    const partner = req.headers['partner-id'];
    if (partner !== undefined && !/^[A-Za-z0-9]{3,100}$/.test(String(partner))) {
      throw new ApiError(400, [error('invalid_partner_id', 'Partner-Id must be 3 to 100 letters and digits', ['Partner-Id'])]);
    }
  });

  // The error codes of an answer, for its log line; a creation's answer, for its webhook event (src/platform/events.ts);
  // the API's pages (/docs) are not to be framed.
  app.addHook('onSend', async (req, reply, payload) => {
    answerSent(reply, payload);
    if (req.url.startsWith('/docs') || req.url.startsWith('/admin/docs')) reply.header('X-Frame-Options', 'DENY');
    if (reply.statusCode >= 400 && typeof payload === 'string' && payload.startsWith('{"Status"')) {
      try { req.errorCodes = (JSON.parse(payload).Errors ?? []).map((e: { Code: string }) => e.Code); } catch { /* not the error body */ }
    }
    return payload;
  });
  // One line per request: method, URL, company, status, error codes, time taken (and what an administration call changed).
  app.addHook('onResponse', async (req, reply) => {
    const status = reply.statusCode;
    const company = req.company?.company_id ?? (req.url.startsWith('/admin/') ? (req.params as { id?: number })?.id : undefined);
    const line = { method: req.method, url: req.url, company_id: company, status, error_codes: req.errorCodes,
      ms: Math.round(reply.elapsedTime), changes: req.changes };
    if (status >= 500) req.log.error(line, 'request failed');
    else if (req.url === '/health') req.log.debug(line, 'request');
    else req.log.info(line, 'request');
  });

  app.addHook('preValidation', async (req) => {
    const p = new Problems();
    unstorable(p, req.params, '');
    unstorable(p, req.query, '');
    unstorable(p, req.body, '');
    p.throwIfAny();
    // A date field sent as a date-time is that instant's date in the company's time zone (dates.ts).
    const zone = (req as { company?: { time_zone?: string } }).company?.time_zone;
    if (zone && req.body && typeof req.body === 'object') bodyDays(req.routeOptions.schema?.body, req.body, zone);
  });

  // attachValidation lets a route report body errors together with its business rules; a bad
  // path, query string or header is answered at once, before the handler uses it in a query.
  app.addHook('preHandler', async (req) => {
    const invalid = req.validationError;
    if (invalid && invalid.validationContext !== 'body') throw invalid;
  });

  app.setErrorHandler((err: FastifyError, req, reply) => {
    const known = translate(err, config.bodyLimitBytes);
    if (known) {
      if (known.status >= 500) req.log.error({ err }, 'request failed');
      return reply.status(known.status).headers(known.headers).send(known.body());
    }
    req.log.error({ err }, 'unhandled error');
    return reply.status(500).send(new ApiError(500, [error('unhandled_error', `Unexpected error; quote request id ${req.id} when reporting it`, [])]).body());
  });
  app.setNotFoundHandler(notFoundOrWrongMethod(allowedFor));
  // With its own listener (ADMIN_PORT), the administration API answers only there: its paths are unknown (404) on
  // the public listener, and every other path but /health is unknown on the administration listener.
  if (config.adminToken && config.adminPort !== undefined) {
    app.addHook('onRequest', async (req, reply) => {
      const viaAdmin = adminListenerRequests.has(req.raw);
      const adminPath = ADMIN_PATH.test(req.url);
      if (viaAdmin ? !adminPath && req.url !== '/health' : adminPath && !adminListener.internal(req)) {
        // 404 whatever the method (not the 405 of a path the other listener knows).
        return reply.status(404).send(new ApiError(404, [error('not_found', `No route ${req.method} ${req.url.split('?')[0]}`, ['url'])]).body());
      }
    });
  }
  await cors(app, config.corsOrigins);

  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: { title: 'Invoice and cash receipt voucher API', version: '1.0.0', license: { name: 'MIT', identifier: 'MIT' },
        description: 'Sales invoices (Colombia at {base_url}, Mexico at {base_url_mx} = {base_url}/mx) and cash receipt vouchers. Errors always have the ErrorBody shape.' },
      // One server for both base addresses: the Mexican paths carry /mx ({base_url_mx} = {base_url}/mx), so a second
      // server at {base_url_mx} would make a client call /mx/mx/v1/… (and the paths of the two countries share names).
      servers: [{ url: '{base_url}', description: 'Colombia at {base_url}, Mexico at {base_url_mx} = {base_url}/mx (the paths under /mx)',
        variables: { base_url: { default: `http://${config.host === '0.0.0.0' ? '127.0.0.1' : config.host}:${config.port}`, description: 'Where the service answers (the default: this process\'s HOST and PORT)' } } }],
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
      security: [{ bearer: [] }],
    },
    // Shared schemas keep their $id as their name (components/schemas/ErrorBody).
    refResolver: { buildLocalReference: (json, _base, _fragment, i) => String(json.$id ?? `def-${i}`) },
    ...(transform ? { transform } : {}),
    ...(complete ? { transformObject: (d) => ('openapiObject' in d ? Object.assign(d.openapiObject, complete({ ...d.openapiObject })) : d.swaggerObject) } : {}),
  });
  // The reference pages: Swagger UI (already served from npm, no CDN), grouped by tags, with search (filter).
  const uiConfig = { filter: true, docExpansion: 'none' as const, deepLinking: true, displayOperationId: true, defaultModelsExpandDepth: 0 };
  // Its pages carry the plugin's Content-Security-Policy and may not be framed; Swagger UI sets inline styles as it
  // renders (so style-src allows them), and the service speaks plain HTTP behind its proxy (no upgrade-insecure-requests).
  const csp = (header: string) => header.replace("frame-ancestors 'self'", "frame-ancestors 'none'").replace(/style-src 'self' https:\s*;/, "style-src 'self' 'unsafe-inline';")
    .replace(/\s*upgrade-insecure-requests;*/, '').replace(/;\s*$/, '');
  const ui = { uiConfig, staticCSP: true, transformStaticCSP: csp };
  await app.register(swaggerUi, { routePrefix: '/docs', ...ui, transformSpecification: (spec) => documentOf(spec, 'public') });
  await app.register(async (child) => {
    await child.register(swaggerUi, { routePrefix: '/admin/docs', ...ui, transformSpecification: (spec) => documentOf(spec, 'admin') });
  });
  app.addSchema(ErrorBody);

  app.get('/health', { schema: { hide: true } }, async () => ({ status: 'ok' }));
  app.get('/openapi.json', { schema: { hide: true } }, async () => documentOf(app.swagger(), 'public'));
  app.get('/admin/openapi.json', { schema: { hide: true } }, async (_req, reply) => {
    const doc = documentOf(app.swagger(), 'admin');
    return Object.keys(doc.paths).length ? doc : reply.callNotFound();
  });

  const basePathOf = (code: string) => services.bases.find((b) => b.code === code)?.basePath ?? '', tokens = new Tokens(db, config.authCacheMs, basePathOf);
  const guard = { throttle: services.throttle ?? new Throttle(config), pool: loginHashing, basePathOf };
  // The administration API's description is the administrator's, as the API is: its JSON needs ADMIN_TOKEN.
  const adminToken = adminTokenCheck(config, guard.throttle, db);
  app.addHook('onRequest', async (req) => { if (config.adminToken && /^\/admin\/(?:openapi\.json|docs\/(?:json|yaml))(?:[?#]|$)/.test(req.url)) await adminToken(req); });
  await tokens.listen();
  const limiter = new RateLimiter(config.rateLimitPerMinute, Date.now, sharedCount(db));
  app.addHook('onClose', async () => limiter.close());
  for (const { basePath: prefix, code: country } of services.bases) {
    await app.register(async (untyped) => {
      const scope = untyped.withTypeProvider<TypeBoxTypeProvider>();
      scope.post('/auth', {
        onRequest: async (req) => guard.throttle.check(req.ip),
        schema: { tags: ['auth'], summary: `Get an access token (${country} companies)`, body: LoginBody, security: [],
          response: { 200: Type.Object({ access_token: Type.String(), token_type: Type.Literal('Bearer'), expires_in: Type.Integer() }) } },
      }, async (req) => {
        return login(db, config, country, req.body.username, req.body.access_key, { ...guard, address: req.ip });
      });
      scope.post('/auth/revoke', {
        schema: { tags: ['auth'], summary: 'Revoke the access token that calls it (Authorization: Bearer <access_token>)', operationId: prefix ? `${prefix.slice(1)}RevokeToken` : 'revokeToken',
          response: { 200: Type.Object({ revoked: Type.Literal(true) }) } },
      }, async (req) => {
        await tokens.revoke(req.headers.authorization, country);
        return { revoked: true as const };
      });
      await scope.register(async (v1) => {
        v1.decorateRequest('company', null, []); // set by the hook below before any handler reads it
        v1.addHook('onRequest', async (req: FastifyRequest) => {
          const ticket = req.headers['x-console-ticket'];
          const internal = typeof ticket === 'string' ? consoleTickets.get(ticket) : undefined;
          req.company = internal && internal.country === country ? internal : await tokens.authenticate(req.headers.authorization, country);
          await limiter.take(req.company.company_id);
        });
        for (const m of modules) await m(v1.withTypeProvider<TypeBoxTypeProvider>(), { ...services, country });
      }, { prefix: '/v1' });
    }, { prefix });
  }
  return app;
}
