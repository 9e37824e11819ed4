/**
 * Webhooks against a real local HTTP receiver: subscriptions on both base
 * addresses, the secret shown once, each event POSTed as {id, type, created,
 * data} with data = the document as its GET answers it, signed with
 * Webhook-Signature (verified here as the README tells a receiver to), in the
 * order of the document's events; a receiver that fails or hangs gets the same
 * event again (same id, same bytes) until it answers 2xx; a delivery is
 * retried by hand; a deleted webhook gets nothing more; a kill -9 of the
 * service between the commit and the delivery loses nothing; private addresses
 * are refused unless WEBHOOK_ALLOW_PRIVATE=1; every bad input is a 400 with its path.
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { ApiClient, startTestServer, type TestServer } from '../support/server';
import { newStorage, ServiceProcess } from '../support/service';
import { coRefs, validInvoice, type CoRefs } from '../support/co';
import { MX_APP, mxInvoice, mxRefs, type MxRefs } from '../support/mx';
import { sleep } from '../support/profile';

interface Got { headers: http.IncomingHttpHeaders; raw: string; body: any; at: number }

/** A receiver: records every POST, answers as `mode` says. */
class Receiver {
  got: Got[] = [];
  mode: 'ok' | 'fail' | 'hang' = 'ok';
  private server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (c) => { raw += c; }).on('end', () => {
      this.got.push({ headers: req.headers, raw, body: JSON.parse(raw), at: Date.now() });
      if (this.mode === 'hang') return; // never answers
      res.writeHead(this.mode === 'ok' ? 204 : 500).end();
    });
  });
  url = '';
  async start() { await new Promise<void>((ok) => this.server.listen(0, '127.0.0.1', ok)); this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/hooks`; return this; }
  close() { this.server.closeAllConnections(); return new Promise((ok) => this.server.close(ok)); }
  of(docId: string) { return this.got.filter((g) => g.body.data?.id === docId); }
}

/** How a receiver checks a delivery (README, Webhooks): the HMAC of "<t>.<raw body>" and a five-minute window. */
function verify(secret: string, header: string | undefined, raw: string): boolean {
  const m = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(header ?? '');
  if (!m || Math.abs(Date.now() / 1000 - Number(m[1])) > 300) return false;
  const expected = crypto.createHmac('sha256', secret).update(`${m[1]}.${raw}`).digest('hex');
  return crypto.timingSafeEqual(Buffer.from(expected), Buffer.from(m[2]));
}

const until = async (what: string, check: () => boolean | Promise<boolean>, ms = 15_000) => {
  const end = Date.now() + ms;
  while (Date.now() < end) { if (await check()) return; await sleep(50); }
  assert.fail(`timed out waiting for ${what}`);
};

let s: TestServer;
let r: CoRefs;
let m: MxRefs;
let rx: Receiver;
before(async () => {
  rx = await new Receiver().start();
  s = await startTestServer('pglite', { WEBHOOK_TIMEOUT_MS: '500' });
  [r, m] = await Promise.all([coRefs(s), mxRefs(s)]);
});
after(async () => { await s.close(); await rx.close(); });

test('an invoice\'s events arrive signed, in order, with the document as GET answers it; the secret is shown once', async () => {
  const hook = await s.as('co').post('/v1/webhooks', { url: rx.url, events: ['invoice.created', 'invoice.annulled'], description: 'ERP' });
  assert.equal(hook.status, 201, JSON.stringify(hook.body));
  assert.match(hook.body.secret, /^whsec_[A-Za-z0-9_-]{32}$/);
  const read = await s.as('co').get(`/v1/webhooks/${hook.body.id}`);
  assert.equal(read.body.secret, undefined, 'the secret is not shown again');
  assert.deepEqual(read.body.events, ['invoice.created', 'invoice.annulled']);

  const inv = await s.as('co').post('/v1/invoices', validInvoice(r));
  assert.equal(inv.status, 201);
  await s.as('co').post(`/v1/invoices/${inv.body.id}/annul`, {});
  await until('two events', () => rx.of(inv.body.id).length >= 2);
  const [created, annulled] = rx.of(inv.body.id);
  assert.deepEqual([created.body.type, annulled.body.type], ['invoice.created', 'invoice.annulled'], 'in the order they happened');
  for (const g of [created, annulled]) {
    assert.ok(verify(hook.body.secret, g.headers['webhook-signature'] as string, g.raw), 'the signature verifies');
    assert.ok(!verify('whsec_another', g.headers['webhook-signature'] as string, g.raw), 'and not with another secret');
    assert.equal(g.headers['webhook-id'], g.body.id);
    assert.equal(g.headers['content-type'], 'application/json');
    assert.match(g.body.id, /^[0-9a-f-]{36}$/);
    assert.ok(Date.parse(g.body.created) <= Date.now());
  }
  assert.deepEqual(created.body.data.name, inv.body.name);
  assert.equal(created.body.data.total, inv.body.total);
  assert.equal(annulled.body.data.annulled, true, 'data is the document as it then stood');
  // The receiver has its POSTs before the service has written their outcome (the POST thread reports it after the
  // answer): wait for the rows to leave 'pending', then check them.
  const listed = async () => ((await s.as('co').get(`/v1/webhooks/${hook.body.id}/deliveries`)).body.results as any[])
    .map((d) => [d.type, d.status, d.attempts, d.response_status]);
  await until('both outcomes written', async () => { const l = await listed(); return l.length === 2 && l.every(([, status]) => status !== 'pending'); });
  assert.deepEqual(await listed(), [['invoice.annulled', 'delivered', 1, 204], ['invoice.created', 'delivered', 1, 204]]);
  // A creation's data is its answer, byte for byte (the dispatcher neither reads it again nor serialises it anew),
  // which is the document as GET answers it.
  const other = await s.as('co').post('/v1/invoices', validInvoice(r, { observations: 'as GET answers it' }));
  await until('its event', () => rx.of(other.body.id).length >= 1);
  const event = rx.of(other.body.id)[0];
  assert.ok(event.raw.endsWith(`,"data":${other.text}}`), 'the answer\'s text is the event\'s data');
  assert.deepEqual(event.body.data, (await s.as('co').get(`/v1/invoices/${other.body.id}`)).body);
  await s.as('co').delete(`/v1/webhooks/${hook.body.id}`);
});

test('a receiver that fails, then hangs, gets the same event (same id, same bytes) until it answers 2xx', async () => {
  const hook = (await s.as('co').post('/v1/webhooks', { url: rx.url, events: ['voucher.created', 'invoice.created'] })).body;
  rx.mode = 'hang';
  const inv = (await s.as('co').post('/v1/invoices', validInvoice(r))).body;
  await until('a first attempt, in flight', () => rx.of(inv.id).length >= 1);
  // The creation wrote its event's row alone; the delivery's row is written with its outcome (src/webhooks/fanout.ts).
  assert.deepEqual(await s.db.query('SELECT count(*)::int AS n FROM webhook_deliveries WHERE doc_id = $1', [inv.id]), [{ n: 0 }]);
  assert.deepEqual(await s.db.query('SELECT type FROM events WHERE doc_id = $1', [inv.id]), [{ type: 'invoice.created' }]);
  // Listed all the same (owed by its event): pending, not tried yet; with the id its row will have.
  const [owed] = (await s.as('co').get(`/v1/webhooks/${hook.id}/deliveries`)).body.results;
  assert.deepEqual([owed.type, owed.document_id, owed.status, owed.attempts, owed.event_id], ['invoice.created', inv.id, 'pending', 0, rx.of(inv.id)[0].body.id]);
  rx.mode = 'fail';
  await until('a failed attempt', () => rx.of(inv.id).length >= 2);
  rx.mode = 'hang';
  await until('a third attempt, unanswered', () => rx.of(inv.id).length >= 3, 20_000);
  const [d] = (await s.as('co').get(`/v1/webhooks/${hook.id}/deliveries`)).body.results;
  assert.equal(d.id, owed.id, 'the same delivery, now a row');
  assert.equal(d.status, 'pending');
  assert.ok(d.attempts >= 1 && d.last_error, JSON.stringify(d));
  rx.mode = 'ok';
  // Without waiting for the backoff: send it again by hand.
  const again = await s.as('co').post(`/v1/webhooks/${hook.id}/deliveries/${d.id}/retry`, {});
  assert.equal(again.status, 202, JSON.stringify(again.body));
  await until('delivered', async () => (await s.as('co').get(`/v1/webhooks/${hook.id}/deliveries`)).body.results[0].status === 'delivered', 20_000);
  const all = rx.of(inv.id);
  assert.ok(all.length >= 4);
  assert.equal(new Set(all.map((g) => g.body.id)).size, 1, 'one event id on every attempt');
  assert.equal(new Set(all.map((g) => g.raw)).size, 1, 'the same bytes on every attempt');
  const done = await s.as('co').post(`/v1/webhooks/${hook.id}/deliveries/${d.id}/retry`, {});
  assert.equal(done.status, 400, 'a delivered one is not sent again');
  await s.as('co').delete(`/v1/webhooks/${hook.id}`);
});

test('Mexico: "*" receives a CFDI\'s creation and its stamp; a deleted webhook receives nothing more', async () => {
  const hook = (await s.as('mx').post('/v1/webhooks', { url: rx.url, events: ['*'] })).body;
  const inv = (await s.as('mx').post('/v1/invoices', mxInvoice(m, undefined, undefined, { stamp: { send: true } }), MX_APP)).body;
  assert.equal(inv.stamp.status, 'Accepted');
  await until('two events', () => rx.of(inv.id).length >= 2);
  assert.deepEqual(rx.of(inv.id).map((g) => g.body.type), ['invoice.created', 'invoice.stamp_accepted']);
  assert.equal(rx.of(inv.id)[1].body.data.stamp.uuid, inv.stamp.uuid);
  assert.equal((await s.as('co').get(`/v1/webhooks/${hook.id}`)).status, 404, 'each company its own webhooks');
  assert.equal((await s.as('mx').delete(`/v1/webhooks/${hook.id}`)).body.deleted, true);
  const later = (await s.as('mx').post('/v1/invoices', mxInvoice(m), MX_APP)).body;
  // A delivery is derived from an event for the subscriptions active when it is fanned out: none for this one, none ever sent.
  assert.deepEqual(await s.db.query('SELECT id FROM webhook_deliveries WHERE doc_id = $1', [later.id]), [], 'a deleted webhook gets no delivery');
  assert.deepEqual(rx.of(later.id), []);
  assert.equal((await s.as('mx').get(`/v1/webhooks/${hook.id}`)).status, 404);
});

test('bad subscriptions: 400 with the path; private addresses only with WEBHOOK_ALLOW_PRIVATE=1', async () => {
  const bad = async (body: object) => (await s.as('co').post('/v1/webhooks', body)).body.Errors?.map((e: any) => `${e.Code}@${e.Params[0]}`);
  assert.deepEqual(await bad({ url: 'ftp://example.com/x', events: ['*'] }), ['invalid_value@url']);
  assert.deepEqual(await bad({ url: rx.url, events: ['invoice.created', 'invoice.exploded'] }), ['invalid_value@events[1]']);
  assert.deepEqual(await bad({ url: rx.url, events: [] }), ['invalid_array@events']);
  const strict = await startTestServer('pglite', { WEBHOOK_ALLOW_PRIVATE: '0' });
  try {
    for (const url of [rx.url, 'http://10.1.2.3/x', 'http://[::1]:8080/x', 'http://169.254.169.254/latest/meta-data']) {
      const res = await strict.as('co').post('/v1/webhooks', { url, events: ['*'] });
      assert.equal(res.status, 400, url);
      assert.match(res.body.Errors[0].Message, /private or loopback/, url);
    }
  } finally {
    await strict.close();
  }
});

test('kill -9 between the commit and the delivery: after the restart the event arrives, once answered', { timeout: 120_000 }, async () => {
  const storage = await newStorage('pglite');
  const svc = await ServiceProcess.start({ ...storage.env, WEBHOOK_ALLOW_PRIVATE: '1', WEBHOOK_TIMEOUT_MS: '60000' });
  try {
    const c = new ApiClient(svc.url);
    const refs = await coRefs(c);
    await c.as('co').post('/v1/webhooks', { url: rx.url, events: ['invoice.created', 'invoice.annulled'] });
    rx.mode = 'hang'; // the delivery is in flight when the process dies
    const inv = (await c.as('co').post('/v1/invoices', validInvoice(refs))).body;
    await until('the delivery in flight', () => rx.of(inv.id).length === 1);
    // The document changes meanwhile: a body built again after the crash would say so; the one sent must not change.
    assert.equal((await c.as('co').post(`/v1/invoices/${inv.id}/annul`, {})).status, 200);
    await svc.kill9();
    rx.mode = 'ok';
    await svc.start();
    await until('the event again, after the restart, then the annulment', () => rx.of(inv.id).length >= 3, 60_000);
    const [first, again, annulled] = rx.of(inv.id);
    assert.equal(again.body.id, first.body.id, 'the same event');
    assert.equal(again.raw, first.raw, 'the same bytes');
    assert.equal(first.body.data.annulled, false);
    assert.deepEqual([annulled.body.type, annulled.body.data.annulled], ['invoice.annulled', true], 'then the later event, in order');
  } finally {
    rx.mode = 'ok';
    await svc.stop();
    await storage.drop();
  }
});
