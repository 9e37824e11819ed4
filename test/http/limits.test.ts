/**
 * Limits (issue 8, part 4): a request whose body does not arrive in time,
 * oversized headers and bytes that are not HTTP all get the documented error
 * body; the largest invoice (500 items on each base address) is created and
 * 501 refused; on PostgreSQL a request stuck behind a lock answers 503 with
 * Retry-After within the request timeout, saves nothing, and its retry with
 * the same Idempotency-Key creates the invoice with the next number.
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import net from 'node:net';
import pg from 'pg';
import { eachStorage, problems, startTestServer, STORAGES, type TestServer } from '../support/server';
import { coRefs, validInvoice, type CoRefs } from '../support/co';
import { errorShapeProblem } from '../support/routes';
import { MX_APP, mxInvoice, mxRefs } from '../support/mx';

/** Writes raw bytes to the server and returns everything it answers until it closes, and how long that took. */
function rawExchange(url: string, bytes: string): Promise<{ text: string; ms: number }> {
  const u = new URL(url);
  const t0 = Date.now();
  return new Promise((resolve, reject) => {
    const sock = net.connect(Number(u.port), u.hostname, () => sock.write(bytes));
    let text = '';
    sock.on('data', (d) => { text += d; });
    sock.on('error', reject);
    sock.on('close', () => resolve({ text, ms: Date.now() - t0 }));
  });
}
const statusOf = (text: string) => Number(text.match(/^HTTP\/1\.1 (\d{3})/)?.[1]);
const bodyOf = (text: string) => JSON.parse(text.slice(text.indexOf('\r\n\r\n') + 4));

eachStorage('limits', (storage) => {
  let s: TestServer;
  let r: CoRefs;
  before(async () => {
    s = await startTestServer(storage, { REQUEST_TIMEOUT_MS: '1000' });
    r = await coRefs(s);
  });
  after(() => s.close());

  test('a body that does not arrive within REQUEST_TIMEOUT_MS gets 408 in the error body, in about that time', async () => {
    const token = await s.token('co');
    const { text, ms } = await rawExchange(s.url, `POST /v1/invoices HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${token}\r\n` +
      'Content-Type: application/json\r\nContent-Length: 500\r\n\r\n{"document":');
    assert.equal(statusOf(text), 408, text);
    assert.equal(errorShapeProblem(408, bodyOf(text)), null);
    assert.deepEqual(bodyOf(text).Errors.map((e: any) => e.Params), [['body']]);
    assert.ok(ms >= 900 && ms < 5000, `answered after ${ms} ms`);
  });

  test('headers over the size limit get 431 and bytes that are not HTTP get 400, both in the error body', async () => {
    const big = await rawExchange(s.url, `GET /v1/invoices HTTP/1.1\r\nHost: x\r\nX-Filler: ${'a'.repeat(20_000)}\r\n\r\n`);
    assert.equal(statusOf(big.text), 431, big.text.slice(0, 200));
    assert.equal(errorShapeProblem(431, bodyOf(big.text)), null);
    const junk = await rawExchange(s.url, 'HELLO\x00WORLD\r\n\r\n');
    assert.equal(statusOf(junk.text), 400, junk.text);
    assert.equal(errorShapeProblem(400, bodyOf(junk.text)), null);
  });

  test('JSON nested deeper than 32 levels is refused before it is parsed, on /auth as on every route; 32 levels are parsed', async () => {
    const nested = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`;
    const post = (p: string, body: string, token?: string) => fetch(s.url + p, { method: 'POST', body,
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) } }).then(async (r) => ({ status: r.status, body: await r.json() }));
    // Two megabytes of brackets (under BODY_LIMIT_BYTES), no login needed.
    const deep = await post('/auth', nested(1_000_000));
    assert.equal(deep.status, 400);
    assert.deepEqual(deep.body.Errors.map((e: any) => `${e.Code}@${e.Params[0]}`), ['invalid_value@body']);
    assert.match(deep.body.Errors[0].Message, /nested deeper than 32 levels/);
    assert.deepEqual((await post('/v1/invoices', `{"observations":${nested(33)}}`, await s.token('co'))).body.Errors[0].Message,
      'The JSON body is nested deeper than 32 levels; no body of this API is');
    // 32 levels are parsed (and then refused by the route's schema); brackets inside strings do not count.
    const ok = await post('/auth', JSON.stringify({ username: '[[[['.repeat(20), access_key: nested(31) }));
    assert.equal(ok.status, 401, JSON.stringify(ok.body));
    assert.notEqual((await post('/auth', `{"username":${nested(31)}}`)).body.Errors[0].Message, deep.body.Errors[0].Message);
  });

  test('an invoice takes up to 500 items on each base address', async () => {
    const line = { code: 'LIBRO01', quantity: 1, price: 10, taxes: [] };
    const co = await s.as('co').post('/v1/invoices', validInvoice(r, { items: Array(500).fill(line), payments: [{ id: r.pay.Cash.id, value: 5000 }] }));
    assert.equal(co.status, 201, JSON.stringify(co.body).slice(0, 300));
    assert.equal(co.body.items.length, 500);
    assert.equal(co.body.total, 5000);
    const over = await s.as('co').post('/v1/invoices', validInvoice(r, { items: Array(501).fill(line), payments: [{ id: r.pay.Cash.id, value: 5010 }] }));
    assert.deepEqual(problems(over), ['invalid_array@items']);

    const mx = s.as('mx');
    const ref = await mxRefs(s);
    const mxBody = (n: number) => mxInvoice(ref, Array(n).fill({ code: 'CONSULT', quantity: 1, price: 10 }), Math.round(n * 1160) / 100);
    const big = await mx.post('/v1/invoices', mxBody(500), MX_APP);
    assert.equal(big.status, 201, JSON.stringify(big.body).slice(0, 300));
    assert.equal(big.body.items.length, 500);
    assert.deepEqual(problems(await mx.post('/v1/invoices', mxBody(501), MX_APP)), ['invalid_array@items']);
  });
});

if (STORAGES.includes('postgres')) {
  test('on PostgreSQL a creation stuck behind a lock answers 503 with Retry-After within the request timeout and saves nothing', async () => {
    const s = await startTestServer('postgres', { REQUEST_TIMEOUT_MS: '1500' });
    const blocker = new pg.Client({ connectionString: s.databaseUrl });
    await blocker.connect();
    try {
      const r = await coRefs(s);
      const before = (await s.as('co').post('/v1/invoices', validInvoice(r))).body.number as number;
      await blocker.query('BEGIN');
      await blocker.query('SELECT consecutive FROM document_types WHERE id = $1 FOR UPDATE', [r.type.FV.id]);
      const t0 = Date.now();
      const stuck = await s.as('co').post('/v1/invoices', validInvoice(r), { 'idempotency-key': 'stuck-behind-a-lock' });
      const ms = Date.now() - t0;
      assert.equal(stuck.status, 503, JSON.stringify(stuck.body));
      assert.equal(errorShapeProblem(503, stuck.body), null);
      assert.equal(stuck.headers.get('retry-after'), '1');
      assert.ok(ms >= 1400 && ms < 6000, `answered after ${ms} ms`);
      await blocker.query('ROLLBACK');
      const retry = await s.as('co').post('/v1/invoices', validInvoice(r), { 'idempotency-key': 'stuck-behind-a-lock' });
      assert.equal(retry.status, 201, JSON.stringify(retry.body));
      assert.equal(retry.body.number, before + 1, 'the 503 took no number');
    } finally {
      await blocker.end();
      await s.close();
    }
  });
}
