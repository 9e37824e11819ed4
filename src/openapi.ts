/**
 * What the OpenAPI document (/openapi.json, /docs) says beyond each route's own
 * schema, worked out once for every route so that none is left undescribed:
 *
 * - an `operationId` a client generator turns into a method name, from the
 *   method and the path (`createInvoice`, `listInvoices`, `getInvoicePdf`,
 *   `annulInvoice`, `getTrialBalance`; `mx…` on {base_url_mx});
 * - the answer of each document route (DOCUMENT_ANSWERS: the same schemas the
 *   tests check every answer against), 201 on a creation, a page of them on a
 *   list, 202 where the work is queued (mail; a cancellation still waiting);
 * - the error answers every route can give, each with the ErrorBody;
 * - PDF and XML as their own content types;
 * - the required headers marked required, and query parameters with a default optional;
 * - each operation's description (src/openapi-descriptions.ts) and examples (src/openapi-examples.json).
 *
 * The success answers worked out from a route's path (answerSchemas) are also what app.ts puts in the
 * route's response schema, which serialises its answers; the rest changes the document only.
 */
import { Type, type TSchema } from '@sinclair/typebox';
import examples from './openapi-examples.json';
import { DESCRIPTIONS } from './openapi-descriptions';
import { CoInvoiceAnswer } from './invoices/co/schema';
import { MxInvoiceAnswer } from './invoices/mx/schema';
import { TicketAnswer } from './tickets/schema';
import { VoucherAnswer } from './vouchers/schema';
import { NoteAnswer } from './notes/schema';
import { MxCreditNoteAnswer } from './notes/mx';
import { PaymentAnswer } from './payments/schema';
import { StampStatusAnswer } from './platform/answers';
import { PageOf } from './platform/http';
import { isRecord, recordOf } from './platform/json';
import type { SwaggerTransform } from '@fastify/swagger';

/** What the reference page (/docs) shows on top: the API in a paragraph and a quickstart. */
const QUICKSTART = `Sales invoices, credit and debit notes and cash receipts for Colombia on \`{base_url}\`, and invoices, credit notes and payment receipts
(CFDI 4.0) for Mexico on \`{base_url_mx}\` = \`{base_url}/mx\`, with their electronic documents (DIAN, SAT), accounting entries, PDF and e-mail.
Every error answers the **ErrorBody**: \`{"Status": 400, "Errors": [{"Code", "Message", "Params": [the field's path]}]}\`.

## Quickstart

1. **Authenticate**: \`POST /auth\` (Mexico: \`POST /mx/auth\`) with \`{"username": "demo-co", "access_key": "demo-co-key-0f4c1b7e9a"}\`
   answers \`{"access_token": "tk_…", "token_type": "Bearer", "expires_in": 86400}\`; send \`Authorization: Bearer tk_…\` on every other call
   (the **Authorize** button here).
2. **Look up** what a document names by id: \`GET /v1/document-types?type=FV\`, \`GET /v1/payment-types?document_type=FV\`,
   \`GET /v1/taxes\`, \`GET /v1/users\` (sellers), \`GET /v1/customers\`.
3. **Create a first invoice**: \`POST /v1/invoices\` with an \`Idempotency-Key\` header (a retry with the same key never makes a second invoice):
   \`{"document": {"id": <FV type>}, "date": "2026-11-26", "customer": {"identification": "<customer>", "branch_office": 0}, "seller": <user>,
   "items": [{"code": "PORT14", "quantity": 10, "price": 100, "discount": 50, "taxes": [{"id": <IVA 19 %>}]}], "payments": [{"id": <cash>, "value": 1130.5}]}\`
   answers 201 with the invoice. Add \`"stamp": {"send": true}\` on an electronic type to send it to the DIAN, \`"mail": {"send": true}\` to e-mail it.
4. **Read it**: \`GET /v1/invoices/{id}\`; its PDF: \`GET /v1/invoices/{id}/pdf\` with \`Accept: application/pdf\`.
5. **Receive its events** instead of polling: \`POST /v1/webhooks\` with \`{"url": "https://…", "events": ["invoice.stamp_accepted", "invoice.stamp_rejected"]}\`
   answers the signing \`secret\` once; each event arrives as \`{"id", "type", "created", "data"}\` signed with
   \`Webhook-Signature: t=<unix seconds>,v1=<HMAC-SHA256 of "t.body">\`.

A typed TypeScript client generated from this document lives in the repository's \`clients/typescript\`.`;

/** One operation's example: the body it was sent (when it takes one), the status it answered and its answer. */
export interface Example { request?: unknown; status: number; response?: unknown }

/**
 * The examples of each operation by `METHOD path`: a request and the answer the service gave it on a fresh demo database
 * (written by `npm run docs:examples`, test/support/examples.ts; test/http/openapi.test.ts checks them against the schemas
 * and re-creates the invoices). A PDF's or XML's base64 is cut to its first characters.
 */
export const EXAMPLES: Record<string, Example> = examples;

/** The main answer of an operation: the one its example got, else its first success with a body. */
export function mainAnswer(responses: Record<string, unknown>, status?: number): [string, Record<string, unknown>] | undefined {
  const own = status !== undefined ? responses[String(status)] : undefined;
  if (isRecord(own) && isRecord(own.content)) return [String(status), own];
  const first = Object.entries(responses).sort(([a], [b]) => a.localeCompare(b)).find(([code, r]) => /^2/.test(code) && isRecord(r) && isRecord(r.content));
  return first as [string, Record<string, unknown>] | undefined;
}

/** The answer schema of each document, by the path of its collection. */
export const DOCUMENT_ANSWERS: { collection: string; schema: TSchema }[] = [
  { collection: '/v1/invoices', schema: CoInvoiceAnswer },
  { collection: '/mx/v1/invoices', schema: MxInvoiceAnswer },
  { collection: '/v1/vouchers', schema: VoucherAnswer },
  { collection: '/v1/credit-notes', schema: NoteAnswer },
  { collection: '/v1/debit-notes', schema: NoteAnswer },
  { collection: '/mx/v1/credit-notes', schema: MxCreditNoteAnswer },
  { collection: '/mx/v1/payments', schema: PaymentAnswer },
  { collection: '/mx/v1/tickets', schema: TicketAnswer },
];

const pascal = (s: string) => s.split('-').map((w) => w.charAt(0).toUpperCase() + w.slice(1)).join('');
const singular = (s: string) => (s.endsWith('ies') ? `${s.slice(0, -3)}y` : s.endsWith('xes') ? s.slice(0, -2) : s.endsWith('s') ? s.slice(0, -1) : s);

/**
 * The operationId of a route: a verb and what it acts on, `mx` or `admin` first on those base addresses.
 * An item (a path ending in a parameter) is got, updated or deleted (getInvoice, getCompanySeller); a collection is
 * listed or created in (listInvoices, createCompanySeller); anything else under an item is read with get
 * (getInvoicePdf, getInvoiceStampErrors) or is the verb of a POST (annulInvoice, retryWebhookDelivery).
 */
export function operationId(method: string, url: string): string {
  let rest = url.replace(/:(\w+)/g, '{$1}');
  const prefix = rest.startsWith('/mx/') ? 'mx' : rest.startsWith('/admin/') ? 'admin' : '';
  rest = rest.replace(/^\/(mx|admin)(?=\/)/, '').replace(/^\/v1(?=\/)/, '');
  const parts = rest.split('/').filter(Boolean);
  const isParam = (p?: string) => !!p && p.startsWith('{');
  let name: string;
  if (parts[0] === 'auth') name = 'login';
  else if (parts[0] === 'reports') name = `get${pascal(parts[1])}`;
  else {
    let cut = parts.length;
    while (cut > 0 && !isParam(parts[cut - 1])) cut--;
    const items = parts.slice(0, cut).filter((p, i, all) => !isParam(p) && isParam(all[i + 1])).map((p) => pascal(singular(p))).join('');
    const tail = parts.slice(cut);
    if (!tail.length) name = `${{ GET: 'get', PUT: 'update', PATCH: 'update', DELETE: 'delete' }[method] ?? method.toLowerCase()}${items}`;
    else if (!items) {
      const [collection, ...actions] = tail;
      if (!actions.length) name = method === 'GET' ? `list${pascal(collection)}` : `create${pascal(singular(collection))}`;
      else name = method === 'GET' ? `get${pascal(singular(collection))}${actions.map(pascal).join('')}` : `${actions.join('-').replace(/-(\w)/g, (_, c: string) => c.toUpperCase())}${pascal(singular(collection))}`;
    } else if (method === 'GET') name = `get${items}${tail.map(pascal).join('')}`;
    else if (tail.length === 1 && tail[0].endsWith('s')) name = `create${items}${pascal(singular(tail[0]))}`;
    else name = `${tail[0].replace(/-(\w)/g, (_, c: string) => c.toUpperCase())}${items}${tail.slice(1).map(pascal).join('')}`;
  }
  return prefix ? `${prefix}${name.charAt(0).toUpperCase()}${name.slice(1)}` : name;
}

const error = (description: string) => ({ description, content: { 'application/json': { schema: { $ref: '#/components/schemas/ErrorBody' } } } });
const json = (description: string, schema: unknown) => ({ description, content: { 'application/json': { schema } } });
const Base64 = Type.Object({ base64: Type.String({ contentEncoding: 'base64' }) });
const StampErrors = Type.Object({
  status: StampStatusAnswer,
  errors: Type.Array(Type.Object({ code: Type.String(), message: Type.String() })),
  observations: Type.Array(Type.String()),
});

interface Answer { description: string; schema: TSchema; content?: Record<string, { schema: unknown }> }

/** A document that exists: its id is known (only a preview answers it null), so a client never checks it for null. */
function stored(schema: TSchema): TSchema {
  const props = (schema as { properties?: Record<string, TSchema> }).properties;
  if (schema.type !== 'object' || !props?.id) return schema;
  return { ...schema, properties: { ...props, id: Type.String({ format: 'uuid' }) } } as TSchema;
}

/**
 * What a route answers on success when its path says it (documents, a page of them, PDF, XML, mail, stamp
 * errors): app.ts puts these schemas in every such route's `response`, where they drive serialisation.
 */
function answers(method: string, url: string): Record<string, Answer> {
  const out: Record<string, Answer> = {};
  const path = url.replace(/:(\w+)/g, '{$1}');
  const doc = DOCUMENT_ANSWERS.find((d) => path === d.collection || path.startsWith(`${d.collection}/`));
  const tail = doc ? path.slice(doc.collection.length) : '';
  const what = doc ? doc.collection.split('/').pop()!.replace(/s$/, '').replace('-', ' ') : 'record';
  if (doc && method === 'POST' && tail === '/{id}/invoice') {
    out['201'] = { description: 'The invoice that replaces the POS ticket (or, with a repeated Idempotency-Key, the first answer, with Idempotent-Replayed: true)', schema: stored(doc.schema) };
  } else if (doc && (tail === '' || tail === '/preview' || tail === '/{id}' || /^\/\{id\}\/(annul|stamp|cancel)$/.test(tail))) {
    if (method === 'GET' && tail === '') out['200'] = { description: `A page of ${what}s, newest first`, schema: PageOf(stored(doc.schema)) };
    else if (method === 'POST' && tail === '') out['201'] = { description: `The ${what} created (or, with a repeated Idempotency-Key, the first answer, with Idempotent-Replayed: true)`, schema: stored(doc.schema) };
    else if (method === 'DELETE') out['200'] = { description: `The ${what} deleted`, schema: Type.Object({ id: Type.String(), deleted: Type.Boolean() }) };
    else out['200'] = { description: tail === '/preview' ? `The ${what} as it would be created; nothing stored` : `The ${what}`, schema: tail === '/preview' ? doc.schema : stored(doc.schema) };
    if (tail.endsWith('/cancel')) out['202'] = { description: 'The cancellation was asked for and waits for the SAT or the receiver; ask again to learn its outcome', schema: stored(doc.schema) };
  } else if (/\/pdf$/.test(path)) {
    out['200'] = { description: 'The PDF: {"base64": …}, or the file itself with Accept: application/pdf', schema: Base64,
      content: { 'application/json': { schema: Base64 }, 'application/pdf': { schema: { type: 'string', format: 'binary' } } } };
  } else if (/\/xml$/.test(path)) {
    out['200'] = { description: 'The signed or stamped XML: {"base64": …}, or the XML itself with Accept: application/xml', schema: Base64,
      content: { 'application/json': { schema: Base64 }, 'application/xml': { schema: { type: 'string' } } } };
  } else if (/\/mail$/.test(path)) {
    out['202'] = { description: 'The e-mail was queued', schema: Type.Object({ id: Type.String(), status: Type.String(), mail_to: Type.Union([Type.Array(Type.String()), Type.Null()]), copy_to: Type.Array(Type.String()) }) };
  } else if (path === '/admin/v1/metrics') {
    out['200'] = { description: 'The metrics, in Prometheus\' text exposition format', schema: Type.String(), content: { 'text/plain': { schema: { type: 'string' } } } };
  } else if (/\/stamp\/errors$/.test(path)) {
    out['200'] = { description: 'The tax authority\'s (or stamping provider\'s) verdict: its rule codes and messages', schema: StampErrors };
  }
  return out;
}

/** The response schemas of a route whose path says what it answers (see answers), each with its description; none for the others. */
export function answerSchemas(method: string, url: string): Record<string, TSchema> {
  return Object.fromEntries(Object.entries(answers(method, url)).map(([status, a]) => [status, { ...a.schema, description: a.description }]));
}

/** The responses of one route of the document: what it answers on success, then every error it can answer. */
function responses(method: string, url: string, given: Record<string, unknown>, o: { body: boolean; params: boolean; keyed: boolean }) {
  const out: Record<string, unknown> = {};
  const path = url.replace(/:(\w+)/g, '{$1}');
  const own = answers(method, url);
  for (const [status, schema] of Object.entries(given)) {
    const content = own[status]?.content;
    const described = recordOf(schema).description;
    out[status] = content ? { description: own[status].description, content } : json(typeof described === 'string' ? described : 'The answer', schema);
  }
  const authenticated = !/\/auth$/.test(path);
  if (o.body || method === 'GET' || o.keyed) out['400'] = error('The request breaks a rule: every problem with the path of its field (Errors[].Params)');
  out['401'] = error(!authenticated ? 'Wrong username or access key' : path.startsWith('/admin/') ? 'Not the ADMIN_TOKEN (Authorization: Bearer …)' : 'No valid access token (Authorization: Bearer …)');
  if (authenticated && !path.startsWith('/admin/')) out['403'] = error('The token is for the other base address (a Colombian token on {base_url_mx}, or the reverse)');
  if (o.params) out['404'] = error('No such record in the token\'s company');
  if (o.keyed) out['409'] = error('The Idempotency-Key was used with another body, or its first request is still running');
  if (o.body) out['413'] = error('The body is larger than BODY_LIMIT_BYTES');
  out['429'] = error('Too many requests (RATE_LIMIT_PER_MINUTE) or login attempts; see Retry-After');
  out['503'] = error('The database is busy; nothing was saved: send it again (with the same Idempotency-Key); see Retry-After');
  return out;
}

/**
 * The two hooks of @fastify/swagger: `transform` gives each route its operationId and notes its responses,
 * `transformObject` puts the responses in place (swagger would read them as schemas) and marks the headers
 * a route requires in its handler as required.
 */
export function openapiHooks() {
  const noted = new Map<string, Record<string, unknown>>();
  const transform: SwaggerTransform = ({ schema, url, route }) => {
    if (!schema || schema.hide) return { schema, url };
    const method = String(Array.isArray(route.method) ? route.method[0] : route.method).toUpperCase();
    const keyed = 'Idempotency-Key' in recordOf(recordOf(schema.headers).properties);
    noted.set(`${method.toLowerCase()} ${url.replace(/:(\w+)/g, '{$1}')}`, responses(method, url, recordOf(schema.response), { body: !!schema.body, params: /:\w+/.test(url), keyed }));
    const { response: _, ...rest } = schema;
    return { schema: { ...rest, operationId: schema.operationId ?? operationId(method, url) }, url };
  };
  /** Completes the document in place (the object @fastify/swagger built: open JSON here). */
  const transformObject = (openapiObject: Record<string, unknown>) => {
    openapiObject.info = { ...recordOf(openapiObject.info), description: QUICKSTART };
    const media = (v: unknown) => recordOf(recordOf(v).content)['application/json'];
    for (const [path, ops] of Object.entries(recordOf(openapiObject.paths))) {
      for (const [method, op] of Object.entries(recordOf(ops))) {
        if (!isRecord(op)) continue;
        const r = noted.get(`${method} ${path}`);
        if (r) op.responses = r;
        const key = `${method.toUpperCase()} ${path}`;
        if (DESCRIPTIONS[key]) op.description = DESCRIPTIONS[key];
        const example = EXAMPLES[key];
        const body = media(op.requestBody), answer = media(mainAnswer(recordOf(op.responses), example?.status)?.[1]);
        if (example?.request !== undefined && isRecord(body)) body.example = example.request;
        if (example?.response !== undefined && isRecord(answer)) answer.example = example.response;
        for (const p of Array.isArray(op.parameters) ? op.parameters : []) {
          if (!isRecord(p)) continue;
          if (p.in === 'query' && recordOf(p.schema).default !== undefined) p.required = false; // the service fills it in (page, page_size)
          if (p.in === 'header' && p.name === 'ServiceAPI-Application-Id') p.required = true;
          if (p.in === 'header' && p.name === 'Idempotency-Key') p.schema = { ...recordOf(p.schema), pattern: '^[A-Za-z0-9-]{1,64}$' };
        }
      }
    }
    return openapiObject;
  };
  return { transform, transformObject, documentOf, answerSchemas };
}

/** Each country's resources in the public reference, by the path's segment after /v1: its tag's name and description. */
const RESOURCES: Record<'Colombia' | 'Mexico', [string, string, string][]> = {
  Colombia: [
    ['invoices', 'Invoices', 'Sales invoices, plain or electronic (DIAN: UBL, CUFE, the sandbox or the DIAN), and POS tickets (documento equivalente, CUDE); preview, PDF, XML, e-mail, annulment.'],
    ['credit-notes', 'Credit notes', 'Credit notes on an invoice by DIAN concept (returns, annulment, rebates), refunds, and the adjustment notes of POS tickets.'],
    ['debit-notes', 'Debit notes', 'Debit notes on an invoice (interest, expenses, value changes).'],
    ['vouchers', 'Cash receipts', 'Cash receipt vouchers: installments paid, advances, detailed entries.'],
    ['customers', 'Customers', 'Customers (NIT with its check digit, fiscal responsibilities, addresses in DIVIPOLA).'],
    ['products', 'Products', 'Products and services with their taxes and units.'],
    ['reports', 'Reports', 'Receivables by age and the trial balance.'],
  ],
  Mexico: [
    ['invoices', 'Invoices', 'CFDI 4.0 invoices (types I and E), global invoices, stamping by the PAC, cancellation, PDF, XML, e-mail.'],
    ['credit-notes', 'Credit notes', 'Credit notes (CFDI type E) related to their invoices, by concept or over several invoices.'],
    ['payments', 'Payment receipts', 'Payment receipts (CFDI type P, Pagos 2.0) of PPD invoices; substitution and cancellation.'],
    ['tickets', 'Tickets', 'Tickets of the counter, their self-invoicing and the global invoice of a period.'],
    ['customers', 'Customers', 'Customers (RFC, fiscal regime, postal code).'],
    ['products', 'Products', 'Products with their SAT keys (c_ClaveProdServ, c_ClaveUnidad) and taxes.'],
    ['reports', 'Reports', 'Receivables by age and the trial balance.'],
  ],
};
const tagName = (country: string, resource: string) => `${country} · ${resource}`;

/** The groups of the public reference (/docs), in the order shown: authentication, each country's resources, lookups, webhooks. */
export const TAGS = [
  { name: 'Authentication', description: 'Access tokens: `POST /auth` (Colombia), `POST /mx/auth` (Mexico).' },
  ...(['Colombia', 'Mexico'] as const).flatMap((c) => RESOURCES[c].map(([, name, description]) => ({
    name: tagName(c, name), description: `${c === 'Colombia' ? 'On `{base_url}`' : 'On `{base_url_mx}` = `{base_url}/mx`'}: ${description}` }))),
  { name: 'Lookups', description: 'The master data a document names by id (document types, taxes, payment types, users, warehouses, accounts, CFDI uses…), on both base addresses.' },
  { name: 'Webhooks', description: 'Event subscriptions and their signing secrets, on both base addresses.' },
];
const LOOKUP = /^\/(mx\/)?v1\/(document-types|taxes|payment-types|warehouses|cost-centers|account-groups|price-lists|users|accounts|global-discounts|global-charges|uses)(\/|$)/;

/** The group of an operation by its path: administration by resource, the rest by country and resource, lookups, webhooks. */
export function tagOf(path: string): string {
  if (path.startsWith('/admin/')) {
    const resource = path.split('/')[5] ?? 'companies';
    return `${resource[0].toUpperCase()}${resource.slice(1).replace(/-/g, ' ')}`;
  }
  if (/\/auth$/.test(path)) return 'Authentication';
  if (/^\/(mx\/)?v1\/webhooks(\/|$)/.test(path)) return 'Webhooks';
  if (LOOKUP.test(path)) return 'Lookups';
  const country = path.startsWith('/mx/') ? 'Mexico' : 'Colombia';
  const segment = path.split('/')[country === 'Mexico' ? 3 : 2];
  const resource = RESOURCES[country].find(([s]) => s === segment);
  return resource ? tagName(country, resource[1]) : 'Authentication';
}

const ADMIN_DESCRIPTION = 'The administration API (`/admin/v1`, `Authorization: Bearer <ADMIN_TOKEN>`): companies and their settings, '
  + 'sellers, taxes, payment types, document types and DIAN resolutions, certificates, API users, the DIAN test set. '
  + 'Served only when ADMIN_TOKEN is set; see docs/onboarding.md.';

/**
 * One of the two documents served: `public` (/openapi.json, /docs) without the administration paths, or
 * `admin` (/admin/openapi.json, /admin/docs) with only those; each with its tags and only the schemas it uses.
 */
export function documentOf(document: unknown, which: 'public' | 'admin'): Record<string, unknown> & { paths: Record<string, unknown> } {
  const admin = which === 'admin';
  const full = recordOf(document);
  const paths = Object.fromEntries(Object.entries(recordOf(full.paths)).filter(([p]) => p.startsWith('/admin/') === admin)
    .map(([p, ops]) => [p, Object.fromEntries(Object.entries(recordOf(ops)).map(([m, op]) => [m, { ...recordOf(op), tags: [tagOf(p)] }]))]));
  const schemas = recordOf(recordOf(full.components).schemas);
  const used = new Set<string>();
  const visit = (node: unknown) => {
    for (const m of JSON.stringify(node).matchAll(/"#\/components\/schemas\/([^"]+)"/g)) {
      if (!used.has(m[1])) { used.add(m[1]); visit(schemas[m[1]] ?? {}); }
    }
  };
  visit(paths);
  const tags = admin ? [...new Set(Object.keys(paths).map(tagOf))].map((name) => ({ name, description: `Administration: ${name.toLowerCase()}` })) : TAGS;
  return {
    ...full,
    info: admin ? { ...recordOf(full.info), title: 'Administration API', description: ADMIN_DESCRIPTION } : full.info,
    tags,
    paths,
    components: { ...recordOf(full.components), schemas: Object.fromEntries(Object.entries(schemas).filter(([name]) => used.has(name))) },
  };
}
