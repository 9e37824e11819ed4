/**
 * Changing a webhook and rotating its secret, on both storages and both base addresses:
 * PATCH changes only the fields sent, each checked as the creation checks it (unknown fields,
 * bad URLs, unknown events: 400 with the path; another company's webhook: 404); rotate-secret
 * answers a new secret once, stores it sealed beside the replaced one, and while the grace lasts
 * every delivery carries two v1 signatures (the new secret's and the old one's); after it, only
 * the new one (the grace's end is moved into the past in the database, the clock the service reads); max_events
 * sends several events in one signed POST (a JSON array), each event the same bytes on every attempt.
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { eachStorage, startTestServer, type TestServer } from '../support/server';
import { SECRET_KEY } from '../support/admin';
import { AAD, openFor } from '../../src/platform/secrets';
import { coRefs, validInvoice, type CoRefs } from '../support/co';
import { sleep } from '../support/profile';

interface Got { path: string; signature: string; id: string; raw: string; docId: string }

/** The v1 signatures of a Webhook-Signature header, and whether one of them verifies with `secret` (docs/webhooks.md). */
function signatures(header: string): { t: number; v1: string[] } {
  const parts = header.split(',');
  const t = /^t=(\d+)$/.exec(parts[0] ?? '');
  assert.ok(t, header);
  const v1 = parts.slice(1).map((p) => { const m = /^v1=([0-9a-f]{64})$/.exec(p); assert.ok(m, header); return m[1]; });
  return { t: Number(t[1]), v1 };
}
function verifies(secret: string, header: string, raw: string): boolean {
  const { t, v1 } = signatures(header);
  if (Math.abs(Date.now() / 1000 - t) > 300) return false;
  const expected = Buffer.from(crypto.createHmac('sha256', secret).update(`${t}.${raw}`).digest('hex'));
  return v1.some((v) => crypto.timingSafeEqual(expected, Buffer.from(v)));
}

const until = async (what: string, check: () => boolean | Promise<boolean>, ms = 15_000) => {
  const end = Date.now() + ms;
  while (Date.now() < end) { if (await check()) return; await sleep(50); }
  assert.fail(`timed out waiting for ${what}`);
};

const got: Got[] = [];
const receiver = http.createServer((req, res) => {
  let raw = '';
  req.on('data', (c) => { raw += c; }).on('end', () => {
    got.push({ path: req.url ?? '', signature: String(req.headers['webhook-signature']), id: String(req.headers['webhook-id']), raw, docId: String(JSON.parse(raw).data?.id) });
    res.writeHead(req.url === '/batch' && batchFails ? 500 : 204).end();
  });
});
let base = '';
let batchFails = false;
before(async () => {
  await new Promise<void>((ok) => receiver.listen(0, '127.0.0.1', ok));
  base = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
});
after(async () => { receiver.closeAllConnections(); await new Promise((ok) => receiver.close(ok)); });
const of = (docId: string) => got.filter((g) => g.docId === docId);
const errors = (body: { Errors?: { Code: string; Params: string[] }[] }) => body.Errors?.map((e) => `${e.Code}@${e.Params[0]}`);

eachStorage('webhook changes and secret rotation', (storage) => {
  let s: TestServer;
  let r: CoRefs;
  before(async () => {
    s = await startTestServer(storage, { SECRET_KEY, WEBHOOK_TIMEOUT_MS: '2000', WEBHOOK_SECRET_GRACE_HOURS: '2' });
    r = await coRefs(s);
  });
  after(async () => { await s.close(); });

  test('PATCH changes each field alone, on both base addresses; bad input is a 400 with its path; another company\'s is a 404', async () => {
    for (const country of ['co', 'mx'] as const) {
      const api = s.as(country);
      const hook = (await api.post('/v1/webhooks', { url: `${base}/a`, events: ['invoice.created'], description: 'ERP' })).body;
      const patch = async (body: object) => {
        const res = await api.patch(`/v1/webhooks/${hook.id}`, body);
        assert.equal(res.status, 200, JSON.stringify(res.body));
        assert.equal(res.body.secret, undefined, 'a change does not show the secret');
        assert.deepEqual((await api.get(`/v1/webhooks/${hook.id}`)).body, res.body, 'as read back');
        return res.body;
      };
      let now = await patch({ url: `${base}/b` });
      assert.deepEqual([now.url, now.events, now.description, now.active], [`${base}/b`, ['invoice.created'], 'ERP', true]);
      now = await patch({ events: ['invoice.annulled', 'voucher.created', 'invoice.annulled'] });
      assert.deepEqual([now.url, now.events], [`${base}/b`, ['invoice.annulled', 'voucher.created']], 'deduplicated, the URL kept');
      now = await patch({ active: false });
      assert.deepEqual([now.active, now.events, now.description], [false, ['invoice.annulled', 'voucher.created'], 'ERP']);
      now = await patch({ description: null, active: true });
      assert.deepEqual([now.active, now.description, now.created_at], [true, null, hook.created_at]);
      now = await patch({ description: 'ERP 2' });
      assert.equal(now.description, 'ERP 2');
      assert.equal(now.max_events, 1, 'one event per POST unless asked');
      now = await patch({ max_events: 20 });
      assert.deepEqual([now.max_events, now.description, now.url], [20, 'ERP 2', `${base}/b`]);

      const bad = async (body: object) => {
        const res = await api.patch(`/v1/webhooks/${hook.id}`, body);
        assert.equal(res.status, 400, JSON.stringify(res.body));
        return errors(res.body);
      };
      assert.deepEqual(await bad({ url: 'ftp://example.com/x' }), ['invalid_value@url']);
      assert.deepEqual(await bad({ url: 'not a url' }), ['invalid_value@url']);
      assert.deepEqual(await bad({ events: ['invoice.created', 'invoice.exploded'] }), ['invalid_value@events[1]']);
      assert.deepEqual(await bad({ events: [] }), ['invalid_array@events']);
      for (const max of [0, 101, 2.5, '5']) assert.match((await bad({ max_events: max }))?.join() ?? '', /@max_events$/, `max_events ${max}`);
      const unknown = await bad({ active: false, secret: 'whsec_mine' });
      assert.equal(unknown?.length, 1);
      assert.match(unknown![0], /@secret$/, 'an unknown field is refused at its path');
      assert.equal((await api.get(`/v1/webhooks/${hook.id}`)).body.active, true, 'nothing changed by a refused change');

      const other = s.as(country === 'co' ? 'mx' : 'co');
      assert.equal((await other.patch(`/v1/webhooks/${hook.id}`, { active: false })).status, 404, 'another company\'s webhook');
      assert.equal((await other.post(`/v1/webhooks/${hook.id}/rotate-secret`, {})).status, 404);
      assert.equal((await api.patch(`/v1/webhooks/${crypto.randomUUID()}`, { active: false })).status, 404);
      assert.equal((await api.delete(`/v1/webhooks/${hook.id}`)).status, 200);
      assert.equal((await api.patch(`/v1/webhooks/${hook.id}`, { active: true })).status, 404, 'a deleted webhook');
      assert.equal((await api.post(`/v1/webhooks/${hook.id}/rotate-secret`, {})).status, 404);
    }
  });

  test('a changed URL, events and active flag rule the next deliveries', async () => {
    const api = s.as('co');
    const hook = (await api.post('/v1/webhooks', { url: `${base}/first`, events: ['voucher.created'] })).body;
    await api.patch(`/v1/webhooks/${hook.id}`, { url: `${base}/second`, events: ['invoice.created'] });
    const inv = (await api.post('/v1/invoices', validInvoice(r))).body;
    await until('the delivery', () => of(inv.id).length >= 1);
    assert.equal(of(inv.id)[0].path, '/second');
    await api.patch(`/v1/webhooks/${hook.id}`, { active: false });
    const quiet = (await api.post('/v1/invoices', validInvoice(r))).body;
    // A delivery is derived from an event for the subscriptions active when it is fanned out: none for this one, none ever sent.
    assert.deepEqual(await s.db.query('SELECT id FROM webhook_deliveries WHERE doc_id = $1', [quiet.id]), [], 'an inactive webhook gets no delivery');
    assert.deepEqual(of(quiet.id), [], 'an inactive webhook receives nothing');
    await api.delete(`/v1/webhooks/${hook.id}`);
  });

  test('max_events: several events in one signed POST, a JSON array; a failed POST retries each event with the same bytes', async () => {
    const api = s.as('co');
    batchFails = true;
    const hook = (await api.post('/v1/webhooks', { url: `${base}/batch`, events: ['invoice.created'], max_events: 3 })).body;
    assert.equal(hook.max_events, 3);
    const start = got.length; // (the other storage's run of this test received on the same path)
    const posted = () => got.slice(start).filter((g) => g.path === '/batch').map((g) => ({ ...g, events: JSON.parse(g.raw) as { id: string; type: string; data: { id: string } }[] }));
    try {
      const invoices = await Promise.all(Array.from({ length: 6 }, (_, i) => api.post('/v1/invoices', validInvoice(r, { observations: `batch ${i}` }))));
      for (const inv of invoices) assert.equal(inv.status, 201, JSON.stringify(inv.body));
      const ids = invoices.map((inv) => inv.body.id as string).sort();
      const attempted = async () => (await s.db.query('SELECT count(*)::int AS n FROM webhook_deliveries WHERE webhook_id = $1 AND attempts >= 1', [hook.id]))[0].n;
      await until('every event tried once, refused by the receiver', async () => (await attempted()) === 6);
      batchFails = false;
      await s.db.query(`UPDATE webhook_deliveries SET next_attempt_at = now() WHERE webhook_id = $1 AND status = 'pending'`, [hook.id]);
      const delivered = async () => (await s.db.query(`SELECT count(*)::int AS n FROM webhook_deliveries WHERE webhook_id = $1 AND status = 'delivered'`, [hook.id]))[0].n;
      await until('every event delivered', async () => (await delivered()) === 6);

      const posts = posted();
      const bytes = new Map<string, string>();
      for (const p of posts) {
        assert.ok(Array.isArray(p.events) && p.events.length >= 1 && p.events.length <= 3, p.raw.slice(0, 200));
        assert.ok(verifies(hook.secret, p.signature, p.raw), 'the signature covers the whole body');
        assert.equal(p.id, p.events.map((e) => e.id).join(','), 'Webhook-Id: the event ids');
        for (const e of p.events) {
          assert.equal(e.type, 'invoice.created');
          const text = JSON.stringify(e);
          assert.ok(p.raw.includes(text), 'each event as its own object');
          assert.equal(bytes.get(e.id) ?? text, text, 'the same bytes on every attempt');
          bytes.set(e.id, text);
        }
      }
      const events = posts.flatMap((p) => p.events);
      assert.deepEqual([...new Set(events.map((e) => e.data.id))].sort(), ids, 'every invoice\'s event');
      assert.equal(new Set(events.map((e) => e.id)).size, 6, 'one event per invoice');
      assert.ok(events.length > 6, 'the refused ones sent again');
      assert.ok(posts.some((p) => p.events.length > 1), `several events in one POST: ${posts.map((p) => p.events.length).join(' ')}`);
      const listed = (await api.get(`/v1/webhooks/${hook.id}/deliveries`)).body.results as { status: string; attempts: number }[];
      assert.deepEqual(listed.map((d) => d.status), Array(6).fill('delivered'));
      assert.ok(listed.every((d) => d.attempts >= 2), 'tried, refused, then delivered');
    } finally {
      batchFails = false;
      await api.delete(`/v1/webhooks/${hook.id}`);
    }
  });

  test('rotate-secret: a new secret once, sealed; both sign during the grace, only the new one after it', async () => {
    const api = s.as('co');
    const hook = (await api.post('/v1/webhooks', { url: `${base}/rot`, events: ['invoice.created'] })).body;
    const old = hook.secret as string;
    assert.equal((await api.get(`/v1/webhooks/${hook.id}`)).body.previous_secret_expires_at, null);

    const before = Date.now();
    const rot = await api.post(`/v1/webhooks/${hook.id}/rotate-secret`, {});
    assert.equal(rot.status, 200, JSON.stringify(rot.body));
    const fresh = rot.body.secret as string;
    assert.match(fresh, /^whsec_[A-Za-z0-9_-]{32}$/);
    assert.notEqual(fresh, old);
    const until2h = Date.parse(rot.body.previous_secret_expires_at) - before;
    assert.ok(until2h > 2 * 3600_000 - 60_000 && until2h < 2 * 3600_000 + 60_000, `WEBHOOK_SECRET_GRACE_HOURS=2: ${rot.body.previous_secret_expires_at}`);
    const read = (await api.get(`/v1/webhooks/${hook.id}`)).body;
    assert.equal(read.secret, undefined, 'the new secret is not shown again');
    assert.equal(read.previous_secret_expires_at, rot.body.previous_secret_expires_at);

    const [stored] = await s.db.query('SELECT secret, previous_secret FROM webhooks WHERE id = $1', [hook.id]);
    for (const v of [stored.secret, stored.previous_secret]) assert.match(v, /^v2\.[0-9a-f]{16}\./, 'stored sealed');
    assert.ok(![old, fresh].some((p) => JSON.stringify(stored).includes(p)), 'never in clear');

    const during = (await api.post('/v1/invoices', validInvoice(r))).body;
    await until('the delivery during the grace', () => of(during.id).length >= 1);
    const d = of(during.id)[0];
    assert.equal(signatures(d.signature).v1.length, 2, d.signature);
    assert.ok(verifies(fresh, d.signature, d.raw), 'verifies with the new secret');
    assert.ok(verifies(old, d.signature, d.raw), 'and with the old one');
    assert.ok(!verifies('whsec_another', d.signature, d.raw));
    const { t, v1 } = signatures(d.signature);
    assert.equal(v1[0], crypto.createHmac('sha256', fresh).update(`${t}.${d.raw}`).digest('hex'), 'the new secret\'s first');

    // The grace is over.
    await s.db.query(`UPDATE webhooks SET previous_secret_expires_at = now() - interval '1 second' WHERE id = $1`, [hook.id]);
    assert.equal((await api.get(`/v1/webhooks/${hook.id}`)).body.previous_secret_expires_at, null);
    const afterwards = (await api.post('/v1/invoices', validInvoice(r))).body;
    await until('the delivery after the grace', () => of(afterwards.id).length >= 1);
    const a = of(afterwards.id)[0];
    assert.equal(signatures(a.signature).v1.length, 1, a.signature);
    assert.ok(verifies(fresh, a.signature, a.raw), 'the new secret verifies');
    assert.ok(!verifies(old, a.signature, a.raw), 'the old one no longer does');

    // Mexico's base address, twice in a row: the first secret is dropped, the second one is the previous.
    const mx = s.as('mx');
    const mh = (await mx.post('/v1/webhooks', { url: `${base}/mx`, events: ['*'] })).body;
    const s2 = (await mx.post(`/v1/webhooks/${mh.id}/rotate-secret`, {})).body.secret as string;
    const s3 = (await mx.post(`/v1/webhooks/${mh.id}/rotate-secret`, {})).body.secret as string;
    assert.equal(new Set([mh.secret, s2, s3]).size, 3);
    const [m] = await s.db.query('SELECT company_id, secret, previous_secret FROM webhooks WHERE id = $1', [mh.id]);
    const aad = AAD.webhook(m.company_id, mh.id);
    assert.deepEqual([openFor(m.secret, aad), openFor(m.previous_secret, aad)], [s3, s2], 'sealed under the row, the oldest dropped');
    await api.delete(`/v1/webhooks/${hook.id}`);
    await mx.delete(`/v1/webhooks/${mh.id}`);
  });
});
