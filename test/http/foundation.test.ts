/**
 * The foundation through HTTP: health, request ids, OpenAPI, authentication,
 * the error body for every failure class, and tenancy.
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { eachStorage, freshMinute, problems, startTestServer, type TestServer } from '../support/server';
import { createApiUser } from '../../src/platform/auth';
import { DEMO_CREDENTIALS } from '../../src/companies/demo';

function assertErrorBody(body: any, status: number, code: string) {
  assert.equal(body.Status, status);
  assert.ok(Array.isArray(body.Errors) && body.Errors.length > 0, 'Errors is a non-empty array');
  for (const e of body.Errors) {
    assert.equal(typeof e.Code, 'string');
    assert.equal(typeof e.Message, 'string');
    assert.ok(Array.isArray(e.Params));
  }
  assert.ok(body.Errors.some((e: any) => e.Code === code), `expected ${code}, got ${JSON.stringify(body.Errors)}`);
}

eachStorage('foundation', (storage) => {
  let s: TestServer;
  before(async () => { s = await startTestServer(storage, { LOGIN_MAX_FAILURES: '3', LOGIN_LOCK_SECONDS: '30' }); });
  after(() => s.close());

  test('health answers ok without auth and echoes a request id', async () => {
    const r = await s.call('GET', '/health', { headers: { 'x-request-id': 'abc-123' } });
    assert.equal(r.status, 200);
    assert.deepEqual(r.body, { status: 'ok' });
    assert.equal(r.headers.get('x-request-id'), 'abc-123');
    const generated = await s.call('GET', '/health');
    assert.match(generated.headers.get('x-request-id') ?? '', /^[0-9a-f-]{36}$/);
  });

  test('OpenAPI 3.1 document and reference page', async () => {
    const r = await s.call('GET', '/openapi.json');
    assert.equal(r.status, 200);
    assert.equal(r.body.openapi, '3.1.0');
    for (const p of ['/auth', '/v1/customers', '/v1/document-types', '/mx/v1/uses', '/mx/v1/products/{id}']) {
      assert.ok(r.body.paths[p], `path ${p} documented`);
    }
    assert.equal(r.body.paths['/v1/document-types'].get.parameters.find((x: any) => x.name === 'type').required, false);
    assert.equal(r.body.paths['/v1/payment-types'].get.parameters.find((x: any) => x.name === 'document_type').required, true);
    assert.equal(r.body.paths['/v1/taxes'].get.responses['200'].content['application/json'].schema.type, 'array', 'lookups answer plain arrays');
    assert.ok(r.body.paths['/v1/customers/{id}'].delete && r.body.paths['/mx/v1/products/{id}'].delete, 'DELETE of customers and products documented');
    // Mexico after the invoice: payment receipts, credit notes and cancellation, with their request bodies.
    for (const p of ['/mx/v1/payments', '/mx/v1/credit-notes', '/mx/v1/invoices/{id}/cancel', '/mx/v1/payments/{id}/cancel', '/mx/v1/credit-notes/{id}/cancel']) {
      assert.ok(r.body.paths[p]?.post?.requestBody?.content['application/json'].schema.properties, `POST ${p} documented with its body`);
    }
    assert.ok(r.body.paths['/mx/v1/payments'].post.requestBody.content['application/json'].schema.properties.invoices, 'the receipt\'s invoices are documented');
    for (const p of ['/mx/v1/payments/{id}/pdf', '/mx/v1/payments/{id}/xml', '/mx/v1/credit-notes/{id}/pdf', '/mx/v1/payments/{id}/mail']) assert.ok(r.body.paths[p], `${p} documented`);
    const docs = await fetch(s.url + '/docs/');
    assert.equal(docs.status, 200);
    assert.match(await docs.text(), /swagger/i);
  });

  test('login on each base address', async () => {
    for (const [country, base] of [['co', ''], ['mx', '/mx']] as const) {
      const r = await s.call('POST', `${base}/auth`, { body: DEMO_CREDENTIALS[country] });
      assert.equal(r.status, 200);
      assert.equal(r.body.token_type, 'Bearer');
      assert.equal(r.body.expires_in, 86400);
      assert.match(r.body.access_token, /^tk_[A-Za-z0-9_-]{40,}$/);
      const list = await s.call('GET', `${base}/v1/taxes`, { token: r.body.access_token });
      assert.equal(list.status, 200);
    }
  });

  test('login failures: wrong key, unknown user, missing fields, wrong country', async () => {
    const wrong = await s.call('POST', '/auth', { body: { username: 'demo-mx', access_key: 'nope' } });
    assert.equal(wrong.status, 401);
    assertErrorBody(wrong.body, 401, 'unauthorized');
    const unknown = await s.call('POST', '/auth', { body: { username: 'nobody-here', access_key: 'x' } });
    assert.equal(unknown.status, 401);
    assert.equal(unknown.body.Errors[0].Message, wrong.body.Errors[0].Message, 'same answer for unknown user and wrong key');
    const missing = await s.call('POST', '/auth', { body: { username: 'demo-co' } });
    assert.equal(missing.status, 400);
    assert.deepEqual(problems(missing), ['parameter_required@access_key']);
    const typed = await s.call('POST', '/auth', { body: { username: 12, access_key: 'x' } });
    assert.deepEqual(problems(typed), ['invalid_type@username']);
    const other = await s.call('POST', '/auth', { body: DEMO_CREDENTIALS.mx });
    assert.equal(other.status, 403);
    assertErrorBody(other.body, 403, 'forbidden');
  });

  test('repeated failed logins lock the username from that address (429 with Retry-After), even for the right key', async () => {
    const [co] = await s.db.query("SELECT company_id FROM companies WHERE is_demo AND country = 'CO'");
    await s.db.tx((q) => createApiUser(q, co.company_id, 'throttle-probe', 'the-right-key-123'));
    for (let i = 0; i < 3; i++) {
      const r = await s.call('POST', '/auth', { body: { username: 'throttle-probe', access_key: 'bad' } });
      assert.equal(r.status, 401, `attempt ${i + 1}`);
    }
    const locked = await s.call('POST', '/auth', { body: { username: 'throttle-probe', access_key: 'the-right-key-123' } });
    assert.equal(locked.status, 429);
    assertErrorBody(locked.body, 429, 'requests_limit');
    const retry = Number(locked.headers.get('retry-after'));
    assert.ok(retry > 0 && retry <= 30, `Retry-After ${retry}`);
    // Other addresses, and the lock's expiry: test/http/logins.test.ts.
  });

  test('tokens: missing, malformed, unknown, expired, other country', async () => {
    const none = await s.call('GET', '/v1/users');
    assert.equal(none.status, 401);
    assertErrorBody(none.body, 401, 'unauthorized');
    const basic = await s.call('GET', '/v1/users', { headers: { authorization: 'Basic abc' } });
    assert.equal(basic.status, 401);
    const unknown = await s.call('GET', '/v1/users', { token: 'tk_doesnotexist' });
    assert.equal(unknown.status, 401);
    const co = await s.token('co');
    const mxOnCo = await s.call('GET', '/v1/users', { token: await s.token('mx') });
    assert.equal(mxOnCo.status, 403);
    assertErrorBody(mxOnCo.body, 403, 'forbidden');
    const coOnMx = await s.call('GET', '/mx/v1/users', { token: co });
    assert.equal(coOnMx.status, 403);
    const login = await s.call('POST', '/auth', { body: DEMO_CREDENTIALS.co });
    await s.db.query("UPDATE api_tokens SET expires_at = now() - interval '1 second' WHERE expires_at > now() AND api_user_id = (SELECT id FROM api_users WHERE username = 'demo-co') AND token_hash = encode(sha256(convert_to($1, 'UTF8')), 'hex')", [login.body.access_token]);
    const expired = await s.call('GET', '/v1/users', { token: login.body.access_token });
    assert.equal(expired.status, 401);
    assert.match(expired.body.Errors[0].Message, /expired/);
  });

  test('error body for unknown routes, bad JSON, content types, size, partner id', async () => {
    const token = await s.token('co');
    const route = await s.call('GET', '/v1/nothing-here', { token });
    assert.equal(route.status, 404);
    assertErrorBody(route.body, 404, 'not_found');
    const root404 = await s.call('GET', '/nope');
    assertErrorBody(root404.body, 404, 'not_found');
    const bad = await s.call('POST', '/v1/customers', { token, raw: '{"person_type": ', headers: { 'content-type': 'application/json' } });
    assert.equal(bad.status, 400);
    assertErrorBody(bad.body, 400, 'invalid_type');
    const empty = await s.call('POST', '/v1/customers', { token, raw: '', headers: { 'content-type': 'application/json' } });
    assert.equal(empty.status, 400);
    const array = await s.call('POST', '/v1/customers', { token, body: [1, 2] });
    assert.equal(array.status, 400);
    assert.deepEqual(problems(array), ['invalid_type@body']);
    const text = await s.call('POST', '/v1/customers', { token, raw: 'hello', headers: { 'content-type': 'text/plain' } });
    assert.equal(text.status, 415);
    assertErrorBody(text.body, 415, 'unsupported_media_type');
    const huge = await s.call('POST', '/v1/customers', { token, body: { comments: 'x'.repeat(2 * 1024 * 1024 + 10) } });
    assert.equal(huge.status, 413);
    assertErrorBody(huge.body, 413, 'payload_too_large');
    const partner = await s.call('GET', '/v1/users', { token, headers: { 'partner-id': 'a b' } });
    assert.equal(partner.status, 400);
    assert.deepEqual(problems(partner), ['invalid_partner_id@Partner-Id']);
    const goodPartner = await s.call('GET', '/v1/users', { token, headers: { 'partner-id': 'Acme2026' } });
    assert.equal(goodPartner.status, 200);
    const badId = await s.call('GET', '/v1/users/abc', { token });
    assert.equal(badId.status, 400);
    assertErrorBody(badId.body, 400, 'invalid_type');
  });

  test('an unexpected failure is a 500 unhandled_error without internals', async () => {
    const token = await s.token('co');
    // The chart of accounts is read from the database on every request (catalog lookups may be answered from memory).
    await s.db.query('ALTER TABLE accounts RENAME TO accounts_hidden');
    try {
      const r = await s.call('GET', '/v1/accounts', { token });
      assert.equal(r.status, 500);
      assertErrorBody(r.body, 500, 'unhandled_error');
      const text = JSON.stringify(r.body);
      assert.doesNotMatch(text, /accounts|relation|at .*\.js/);
      assert.match(r.body.Errors[0].Message, new RegExp(r.headers.get('x-request-id')!));
    } finally {
      await s.db.query('ALTER TABLE accounts_hidden RENAME TO accounts');
    }
  });
});

test('the per-company rate limit answers 429 with Retry-After, and other companies are unaffected', async () => {
  const s = await startTestServer('pglite', { RATE_LIMIT_PER_MINUTE: '5' });
  try {
    const co = await s.token('co');
    const mx = await s.token('mx');
    await freshMinute();
    const statuses: number[] = [];
    let limited: any;
    for (let i = 0; i < 7; i++) {
      const r = await s.call('GET', '/v1/warehouses', { token: co });
      statuses.push(r.status);
      if (r.status === 429) limited = r;
    }
    assert.deepEqual(statuses, [200, 200, 200, 200, 200, 429, 429]);
    assertErrorBody(limited.body, 429, 'requests_limit');
    const retry = Number(limited.headers.get('retry-after'));
    assert.ok(retry >= 1 && retry <= 60);
    assert.equal((await s.call('GET', '/mx/v1/warehouses', { token: mx })).status, 200, 'another company keeps its own budget');
  } finally {
    await s.close();
  }
});
