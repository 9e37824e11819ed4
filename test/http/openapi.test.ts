/**
 * The served OpenAPI document as a client generator reads it: Redocly's
 * recommended ruleset finds no error and no warning; every operation has a
 * unique operationId, a success answer and its error answers with the
 * ErrorBody; creations answer 201 with the document's schema; PDF and XML
 * routes name their content types; required headers are required; every
 * operation has a description, every request body and main answer an
 * example the service gave, valid against its schema.
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { startTestServer, type TestServer } from '../support/server';
import { EXAMPLES, mainAnswer, operationId } from '../../src/openapi';
import { DESCRIPTIONS } from '../../src/openapi-descriptions';
import { answerCheck, bodyAjv } from '../../src/platform/validation';
import { coRefs, today, validInvoice } from '../support/co';
import { MX_APP, mxToday } from '../support/mx';
import { EXAMPLES_FILE } from '../support/examples';

let s: TestServer;
let doc: any;
let adminDoc: any;
const TOKEN = 'openapi-admin-token-0123456789abcdef';
before(async () => {
  s = await startTestServer('pglite', { ADMIN_TOKEN: TOKEN }); // the administration API is documented too
  const r = await s.call('GET', '/openapi.json');
  assert.equal(r.status, 200);
  doc = r.body;
  // The administration API's description is the administrator's: without the token, 401.
  assert.deepEqual([(await s.call('GET', '/admin/openapi.json')).status, (await s.call('GET', '/admin/openapi.json', { token: 'not-the-token-0123456789abcdefghijkl' })).status], [401, 401]);
  const a = await s.call('GET', '/admin/openapi.json', { token: TOKEN });
  assert.equal(a.status, 200);
  adminDoc = a.body;
});
after(async () => { await s.close(); });

const operations = (d = doc) => Object.entries<any>(d.paths).flatMap(([p, ops]) => Object.entries<any>(ops).map(([method, op]) => ({ path: p, method, op })));

for (const which of ['public', 'admin'] as const) test(`Redocly's recommended ruleset on the ${which} document: no error, no warning`, () => {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'openapi-')), 'openapi.json');
  fs.writeFileSync(file, JSON.stringify(which === 'public' ? doc : adminDoc));
  const bin = path.join(__dirname, '..', '..', '..', 'node_modules', '.bin', 'redocly');
  const r = spawnSync(bin, ['lint', file, '--format=json', '--max-problems=1000'], { encoding: 'utf8', env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' } });
  const out = JSON.parse(r.stdout);
  assert.deepEqual(out.problems.map((p: any) => `${p.severity} ${p.ruleId}: ${p.message} at ${p.location?.[0]?.pointer}`), []);
  assert.equal(r.status, 0, r.stderr);
});

test('two documents: the API grouped by each country\'s resources, lookups, webhooks; the administration API apart', async () => {
  assert.deepEqual(doc.tags.map((t: any) => t.name), ['Authentication',
    ...['Invoices', 'Credit notes', 'Debit notes', 'Cash receipts', 'Customers', 'Products', 'Reports'].map((r) => `Colombia · ${r}`),
    ...['Invoices', 'Credit notes', 'Payment receipts', 'Tickets', 'Customers', 'Products', 'Reports'].map((r) => `Mexico · ${r}`), 'Lookups', 'Webhooks']);
  const tagged = (d: any) => Object.fromEntries(operations(d).map((o) => [`${o.method.toUpperCase()} ${o.path}`, o.op.tags]));
  const pub = tagged(doc);
  assert.deepEqual([pub['POST /v1/invoices'], pub['POST /mx/v1/invoices'], pub['POST /v1/credit-notes/{id}/annul'], pub['GET /mx/v1/tickets'], pub['POST /v1/vouchers'],
    pub['GET /v1/taxes'], pub['GET /mx/v1/document-types'], pub['GET /v1/accounts'], pub['POST /v1/webhooks'], pub['POST /mx/auth'], pub['POST /auth/revoke']],
  [['Colombia · Invoices'], ['Mexico · Invoices'], ['Colombia · Credit notes'], ['Mexico · Tickets'], ['Colombia · Cash receipts'],
    ['Lookups'], ['Lookups'], ['Lookups'], ['Webhooks'], ['Authentication'], ['Authentication']]);
  // Every tag declared holds operations, and each group a handful (not one list of a hundred).
  for (const t of doc.tags) assert.ok(Object.values(pub).some((tags: any) => tags[0] === t.name), `tag ${t.name} has operations`);
  const sizes = doc.tags.map((t: any) => Object.values(pub).filter((tags: any) => tags[0] === t.name).length);
  assert.ok(Math.max(...sizes) <= 50, `the largest group has ${Math.max(...sizes)} operations`);
  for (const [op, tags] of Object.entries(pub)) assert.ok(doc.tags.some((t: any) => t.name === tags[0]), `${op}: tag ${tags[0]} is declared`);
  assert.equal(operations().filter((o) => o.path.startsWith('/admin/')).length, 0, 'no administration path in /openapi.json');
  const admin = operations(adminDoc);
  assert.ok(admin.length >= 20 && admin.every((o) => o.path.startsWith('/admin/v1/')), `${admin.length} administration operations`);
  assert.equal(adminDoc.info.title, 'Administration API');
  // Each document carries only the schemas it uses.
  assert.ok(JSON.stringify(doc).length < 0.9 * (JSON.stringify(doc).length + JSON.stringify(adminDoc).length));
  for (const name of Object.keys(adminDoc.components.schemas)) assert.ok(JSON.stringify(adminDoc.paths).includes(`#/components/schemas/${name}`) || JSON.stringify(adminDoc.components.schemas).includes(`#/components/schemas/${name}`), name);
  // The reference pages: Swagger UI with search, for each document.
  for (const [page, json] of [['/docs', '/docs/json'], ['/admin/docs', '/admin/docs/json']]) {
    const html = await fetch(`${s.url}${page}/`);
    assert.equal(html.status, 200, page);
    assert.equal(html.headers.get('x-frame-options'), 'DENY', page);
    assert.match(html.headers.get('content-security-policy') ?? '', /default-src 'self'.*frame-ancestors 'none'/, page);
    if (page === '/admin/docs') assert.equal((await fetch(`${s.url}${json}`)).status, 401, `${json} without the token`);
    const spec = await (await fetch(`${s.url}${json}`, { headers: page === '/admin/docs' ? { authorization: `Bearer ${TOKEN}` } : {} })).json() as any;
    assert.equal(Object.keys(spec.paths).some((p) => p.startsWith('/admin/')), page === '/admin/docs', json);
  }
  const init = await (await fetch(`${s.url}/docs/static/swagger-initializer.js`)).text();
  assert.match(init, /"filter":true/);
});

test('every operation: a unique operationId, a success answer, its errors with the ErrorBody', () => {
  const ops = [...operations(), ...operations(adminDoc)];
  assert.ok(ops.length > 150, `${ops.length} operations`);
  assert.ok(ops.some((o) => o.path.startsWith('/admin/v1/')), 'the administration API is documented');
  const ids = ops.map((o) => o.op.operationId);
  assert.deepEqual(ids.filter((id, i) => ids.indexOf(id) !== i), [], 'operationIds are unique');
  for (const { path: p, method, op } of ops) {
    const where = `${method.toUpperCase()} ${p}`;
    assert.match(op.operationId, /^[a-z][A-Za-z]+$/, where);
    assert.ok(op.summary, `${where} has a summary`);
    const success = Object.entries<any>(op.responses).filter(([c]) => /^2/.test(c));
    assert.ok(success.length, `${where} says what it answers`);
    for (const [code, r] of success) {
      for (const [type, media] of Object.entries<any>(r.content ?? {})) assert.ok(Object.keys(media.schema ?? {}).length, `${where} ${code} ${type} has a schema`);
    }
    if (method === 'post' && /\/(companies|companies\/\{id\}\/[a-z-]+)$/.test(p)) assert.ok(op.responses['201'], `${where} creates: 201`);
    assert.ok(op.tags?.length, `${where} has a tag`);
    for (const code of ['401', '429']) assert.equal(op.responses[code]?.content['application/json'].schema.$ref, '#/components/schemas/ErrorBody', `${where} ${code}`);
    if (p.includes('{')) assert.ok(op.responses['404'], `${where} can answer 404`);
    if (op.requestBody) assert.ok(op.responses['400'], `${where} can answer 400`);
  }
  assert.deepEqual(Object.keys(doc.components.schemas.ErrorBody.properties), ['Status', 'Errors']);
});

test('creations answer 201 with the document; PDF and XML by content type; required headers', () => {
  for (const p of ['/v1/invoices', '/mx/v1/invoices', '/v1/vouchers', '/v1/credit-notes', '/v1/debit-notes', '/mx/v1/credit-notes', '/mx/v1/payments']) {
    const op = doc.paths[p].post;
    const schema = op.responses['201']?.content['application/json'].schema;
    assert.ok(schema?.properties?.id && schema.properties.name, `POST ${p} answers 201 with the document`);
    assert.ok(op.responses['409'], `POST ${p} can answer 409 (Idempotency-Key)`);
    const key = op.parameters.find((x: any) => x.in === 'header' && x.name === 'Idempotency-Key');
    assert.equal(key.schema.pattern, '^[A-Za-z0-9-]{1,64}$');
    assert.equal(doc.paths[p].get.responses['200'].content['application/json'].schema.properties.results.items.properties.id !== undefined, true, `GET ${p} answers a page`);
  }
  assert.equal(doc.paths['/mx/v1/invoices'].post.parameters.find((x: any) => x.name === 'ServiceAPI-Application-Id').required, true);
  assert.ok(doc.paths['/mx/v1/invoices/{id}/cancel'].post.responses['202'], 'a cancellation that waits answers 202');
  assert.ok(doc.paths['/v1/invoices/{id}/mail'].post.responses['202'], 'a mail is queued: 202');
  assert.ok(doc.paths['/mx/v1/payments/{id}/pdf'].get.responses['200'].content['application/pdf']);
  assert.ok(doc.paths['/v1/invoices/{id}/xml'].get.responses['200'].content['application/xml']);
  assert.equal(doc.info.license.name, 'MIT');
  assert.equal(doc.servers.length, 1);
  assert.match(doc.servers[0].variables.base_url.default, /^http:\/\/127\.0\.0\.1:\d+$/);
  assert.ok(Object.keys(doc.paths).some((p) => p.startsWith('/mx/v1/')), 'the Mexican paths carry /mx');
});

test('the reference page starts with a quickstart; every operation of both documents has a description, and every key of the descriptions names an operation', () => {
  assert.match(doc.info.description, /## Quickstart/);
  assert.match(doc.info.description, /POST \/v1\/webhooks/);
  const ops = [...operations(), ...operations(adminDoc)]; // both documents: the public reference and the administration API's
  assert.ok(ops.length > 200, `${ops.length} operations`);
  const missing = ops.filter((o) => typeof o.op.description !== 'string' || o.op.description.length < 40).map((o) => `${o.method.toUpperCase()} ${o.path}`);
  assert.deepEqual(missing, [], 'operations without a description (src/openapi-descriptions.ts)');
  const names = new Set(ops.map((o) => `${o.method.toUpperCase()} ${o.path}`));
  assert.deepEqual(Object.keys(DESCRIPTIONS).filter((k) => !names.has(k)), [], 'descriptions of operations that do not exist');
  for (const { path: p, method, op } of ops) assert.notEqual(op.description, op.summary, `${method.toUpperCase()} ${p}: the description says more than the summary`);
  assert.equal(doc.paths['/v1/invoices'].post.description, DESCRIPTIONS['POST /v1/invoices']);
  assert.equal(adminDoc.paths['/admin/v1/companies'].post.description, DESCRIPTIONS['POST /admin/v1/companies']);
});

test('every request body and every main answer has an example the service gave, valid against its schema', () => {
  const ops = operations();
  const names = new Set(ops.map((o) => `${o.method.toUpperCase()} ${o.path}`));
  assert.deepEqual(Object.keys(EXAMPLES).filter((k) => !names.has(k)), [], `examples of operations that do not exist (${EXAMPLES_FILE} out of date? npm run docs:examples)`);
  let bodies = 0, answers = 0;
  // One compilation per distinct schema (the document answers with the same few many times).
  const compiled = new Map<string, ReturnType<typeof answerCheck>>();
  const compile = (kind: 'body' | 'answer', schema: unknown) => {
    const key = `${kind} ${JSON.stringify(schema)}`;
    if (!compiled.has(key)) compiled.set(key, kind === 'body' ? bodyAjv.compile(JSON.parse(JSON.stringify(schema))) : answerCheck(JSON.parse(JSON.stringify(schema))));
    return compiled.get(key)!;
  };
  for (const { path: p, method, op } of ops) {
    const where = `${method.toUpperCase()} ${p}`;
    const stale = `${EXAMPLES_FILE} out of date? npm run docs:examples`;
    const content = op.requestBody?.content['application/json'];
    if (content) {
      bodies++;
      assert.ok(content.example !== undefined, `${where} has an example request (${stale})`);
      const validate = compile('body', content.schema);
      assert.ok(validate(structuredClone(content.example)), `${where}'s example request (${stale}): ${JSON.stringify(validate.errors?.slice(0, 3))}`);
    }
    const main = mainAnswer(op.responses, EXAMPLES[where]?.status);
    assert.ok(main, `${where} has a success answer with a body`);
    const answered = (main[1].content as any)['application/json'];
    assert.ok(answered, `${where} ${main[0]} answers JSON`);
    answers++;
    assert.ok(answered.example !== undefined, `${where} has an example answer (${stale})`);
    assert.equal(main[0], String(EXAMPLES[where].status), `${where}: the example answered ${EXAMPLES[where].status}`);
    const check = compile('answer', answered.schema);
    assert.ok(check(structuredClone(answered.example)), `${where}'s example answer (${stale}): ${JSON.stringify(check.errors?.slice(0, 3))}`);
  }
  assert.ok(bodies >= 40 && answers === ops.length, `${bodies} request bodies, ${answers} answers`);
  // A PDF's base64 is the file's first bytes; a list shows a page of what the service holds.
  assert.equal(Buffer.from(doc.paths['/v1/invoices/{id}/pdf'].get.responses['200'].content['application/json'].example.base64, 'base64').subarray(0, 5).toString('latin1'), '%PDF-');
  assert.equal(doc.paths['/mx/v1/invoices'].get.responses['200'].content['application/json'].example.results.length, 1);
});

test('the example invoices, sent again, get the answers the document shows', async () => {
  const co = EXAMPLES['POST /v1/invoices'] as { request: any; response: any };
  const again = await s.as('co').post('/v1/invoices', { ...co.request, date: today() });
  assert.equal(again.status, 201, JSON.stringify(again.body));
  const figures = (d: any) => [d.subtotal, d.taxes_total, d.total, d.items.map((i: any) => [i.code, i.total]), (d.payments ?? [d.payment.conditions]).map((x: any) => x.value)];
  assert.deepEqual(figures(again.body), figures(co.response));
  const mx = EXAMPLES['POST /mx/v1/invoices'] as { request: any; response: any };
  const mxAgain = await s.as('mx').post('/v1/invoices', { ...mx.request, payment: { ...mx.request.payment, conditions: { ...mx.request.payment.conditions, due_date: mxToday() } } }, MX_APP);
  assert.equal(mxAgain.status, 201, JSON.stringify(mxAgain.body));
  assert.deepEqual(figures(mxAgain.body), figures(mx.response));
  assert.equal(mxAgain.body.stamp.status, mx.response.stamp.status);
});

test('the example requests that name nothing of the database they were recorded on, sent again, are accepted as they were', async () => {
  // The others name documents (by id, or by number) of the database the examples were recorded on; the generator checks them.
  const again: Record<string, (body: any) => any> = {
    'POST /auth': (b) => b, 'POST /mx/auth': (b) => b,
    'POST /v1/customers': (b) => b, 'POST /mx/v1/customers': (b) => b, 'POST /v1/products': (b) => b, 'POST /mx/v1/products': (b) => b,
    'POST /v1/invoices/preview': (b) => ({ ...b, date: today() }),
    'POST /mx/v1/invoices/preview': (b) => ({ ...b, payment: { ...b.payment, conditions: { ...b.payment.conditions, due_date: mxToday() } } }),
    'POST /mx/v1/tickets': (b) => b,
  };
  for (const [key, body] of Object.entries(again)) {
    const [method, path] = key.split(' ');
    const example = EXAMPLES[key];
    assert.ok(example?.request, `${key} has an example request`);
    const r = await s.call(method, path, { token: /\/auth$/.test(path) ? null : await s.token(path.startsWith('/mx/') ? 'mx' : 'co'), body: body(example.request), headers: path.startsWith('/mx/v1/invoices') ? MX_APP : undefined });
    assert.equal(r.status, example.status, `${key}: ${JSON.stringify(r.body)}`);
  }
});

test('answers are built by their serializers: a stored field the schema does not name never reaches them; one it requires and is missing is sent as stored, and CHECK_RESPONSES=1 (the tests) answers 500 instead', async () => {
  const surprise = async (server: TestServer) => {
    const created = await server.as('co').post('/v1/invoices', validInvoice(await coRefs(server)));
    assert.equal(created.status, 201, JSON.stringify(created.body));
    await server.db.query(`UPDATE invoices SET document = document || '{"surprise": 1}' WHERE id = $1`, [created.body.id]);
    return server.as('co').get(`/v1/invoices/${created.body.id}`);
  };
  // The serializer (src/invoices/co/answer.ts) names each field it answers: the stored surprise is not among them.
  const checked = await surprise(s);
  assert.equal(checked.status, 200);
  assert.equal(checked.body.surprise, undefined);
  assert.ok(checked.body.items.length && checked.body.stamp && checked.body.metadata.created);
  const older = async (server: TestServer, id: string) => {
    // A document stored without a property the schema now requires (an older version's).
    await server.db.query(`UPDATE invoices SET document = document - 'observations' WHERE id = $1`, [id]);
    return fetch(`${server.url}/v1/invoices/${id}`, { headers: { authorization: `Bearer ${await server.token('co')}` } }); // not checked against the schema
  };
  assert.equal((await older(s, checked.body.id)).status, 500);
  const plain = await startTestServer('pglite', { CHECK_RESPONSES: '0' });
  try {
    const r = await surprise(plain);
    assert.equal(r.status, 200);
    const res = await older(plain, r.body.id);
    assert.equal(res.status, 200, 'answered as stored, not a 500');
    const body = await res.json();
    assert.equal('observations' in body, false);
    assert.equal(body.surprise, undefined);
    assert.equal(body.total, r.body.total);
  } finally {
    await plain.close();
  }
});

test('operationIds read as method names', () => {
  assert.deepEqual([
    operationId('POST', '/v1/invoices'), operationId('GET', '/v1/invoices'), operationId('GET', '/v1/invoices/:id'), operationId('PUT', '/v1/invoices/:id'),
    operationId('POST', '/v1/invoices/preview'), operationId('POST', '/v1/invoices/:id/annul'), operationId('GET', '/v1/invoices/:id/stamp/errors'),
    operationId('GET', '/mx/v1/payments/:id/pdf'), operationId('GET', '/v1/taxes'), operationId('GET', '/mx/v1/uses/:code'), operationId('POST', '/mx/auth'),
    operationId('GET', '/v1/reports/trial-balance'), operationId('DELETE', '/v1/customers/:id'), operationId('POST', '/v1/webhooks/:id/deliveries/:delivery/retry'),
    operationId('GET', '/admin/v1/companies/:id/sellers'), operationId('POST', '/admin/v1/companies/:id/sellers'), operationId('PATCH', '/admin/v1/companies/:id/sellers/:item'),
    operationId('POST', '/admin/v1/companies/:id/api-users/:item/rotate'),
  ], ['createInvoice', 'listInvoices', 'getInvoice', 'updateInvoice', 'previewInvoice', 'annulInvoice', 'getInvoiceStampErrors',
    'mxGetPaymentPdf', 'listTaxes', 'mxGetUse', 'mxLogin', 'getTrialBalance', 'deleteCustomer', 'retryWebhookDelivery',
    'adminGetCompanySellers', 'adminCreateCompanySeller', 'adminUpdateCompanySeller', 'adminRotateCompanyApiUser']);
});
