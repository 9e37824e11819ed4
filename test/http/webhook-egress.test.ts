/**
 * Webhook egress in production (WEBHOOK_ALLOW_PRIVATE unset): public IPv4 and IPv6 receivers are accepted,
 * every internal form refused; a receiver's name is resolved once per attempt and the POST goes to the
 * address that was checked, so a name that turns to loopback (DNS rebinding) never reaches a local receiver.
 * The names are resolved by a test resolver given to the service (Config.resolveHost).
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { startTestServer, type TestServer } from '../support/server';
import { coRefs, validInvoice, type CoRefs } from '../support/co';
import { sleep } from '../support/profile';

const hits: string[] = [];
const receiver = http.createServer((req, res) => { hits.push(req.url ?? ''); res.writeHead(204).end(); });
let port = 0;

/** What the test resolver answers for each name: a list of answers, the last one repeated. */
const answers = new Map<string, string[][]>();
const asked: string[] = [];
const resolveHost = async (host: string) => {
  asked.push(host);
  const list = answers.get(host);
  if (!list) throw new Error(`ENOTFOUND ${host}`);
  return list.length > 1 ? list.shift()! : list[0];
};

let s: TestServer;
let r: CoRefs;
before(async () => {
  await new Promise<void>((ok) => receiver.listen(0, '127.0.0.1', ok));
  port = (receiver.address() as AddressInfo).port;
  s = await startTestServer('pglite', { WEBHOOK_ALLOW_PRIVATE: '0', WEBHOOK_TIMEOUT_MS: '300' }, { resolveHost });
  r = await coRefs(s);
});
after(async () => { await s.close(); receiver.closeAllConnections(); await new Promise((ok) => receiver.close(ok)); });

const subscribe = (url: string) => s.as('co').post('/v1/webhooks', { url, events: ['invoice.created'] });

test('public IPv4 and IPv6 receivers, by address or by a name resolving to them, are accepted', async () => {
  answers.set('hooks.example.com', [['93.184.216.34', '2606:2800:220:1:248:1893:25c8:1946']]);
  for (const url of ['http://8.8.8.8/', 'https://1.1.1.1/hook', 'http://93.184.216.34:8080/x', 'https://[2606:4700:4700::1111]/', 'http://[2001:4860:4860::8888]:443/',
    'https://hooks.example.com/in']) {
    const res = await subscribe(url);
    assert.equal(res.status, 201, `${url}: ${JSON.stringify(res.body)}`);
    assert.equal((await s.as('co').delete(`/v1/webhooks/${res.body.id}`)).status, 200);
  }
});

test('every internal form is refused with 400 on url: loopback, private, link-local, CGNAT, multicast, reserved, mapped, NAT64, 6to4, site-local, unique-local', async () => {
  answers.set('inside.example.com', [['93.184.216.34', '10.0.0.5']]); // one internal answer among public ones is enough
  const urls = ['http://127.0.0.1/', 'http://10.1.2.3/', 'http://172.16.5.4/', 'http://192.168.0.1/', 'http://169.254.169.254/latest/meta-data', 'http://100.64.0.1/',
    'http://224.0.0.1/', 'http://240.0.0.1/', 'http://0.0.0.0/', 'http://[::1]/', 'http://[::ffff:127.0.0.1]/', 'http://[::127.0.0.1]/', 'http://[64:ff9b::7f00:1]/',
    'http://[2002:7f00:1::]/', 'http://[fec0::1]/', 'http://[fd00::1]/', 'http://[fe80::1]/', 'http://[ff02::1]/', 'https://inside.example.com/', 'http://nowhere.example.com/'];
  for (const url of urls) {
    const res = await subscribe(url);
    assert.equal(res.status, 400, url);
    assert.deepEqual(res.body.Errors.map((e: any) => `${e.Code}@${e.Params[0]}`), ['invalid_value@url'], url);
    assert.match(res.body.Errors[0].Message, /private or loopback|does not resolve/, url);
  }
});

test('PATCH checks a new URL as the creation does: an internal address is refused with 400 on url and the URL stays', async () => {
  const hook = await subscribe('https://1.1.1.1/hook');
  assert.equal(hook.status, 201, JSON.stringify(hook.body));
  answers.set('turned-inside.example.com', [['192.168.1.20']]);
  for (const url of ['http://127.0.0.1/', 'http://10.1.2.3/x', 'http://[::1]:8080/', 'http://169.254.169.254/latest/meta-data', 'https://turned-inside.example.com/', 'http://nowhere.example.com/']) {
    const res = await s.as('co').patch(`/v1/webhooks/${hook.body.id}`, { url });
    assert.equal(res.status, 400, url);
    assert.deepEqual(res.body.Errors.map((e: { Code: string; Params: string[] }) => `${e.Code}@${e.Params[0]}`), ['invalid_value@url'], url);
    assert.match(res.body.Errors[0].Message, /private or loopback|does not resolve/, url);
  }
  assert.equal((await s.as('co').get(`/v1/webhooks/${hook.body.id}`)).body.url, 'https://1.1.1.1/hook');
  const ok = await s.as('co').patch(`/v1/webhooks/${hook.body.id}`, { url: 'https://8.8.8.8/in' });
  assert.equal(ok.status, 200, JSON.stringify(ok.body));
  assert.equal(ok.body.url, 'https://8.8.8.8/in');
  assert.equal((await s.as('co').delete(`/v1/webhooks/${hook.body.id}`)).status, 200);
});

const until = async (what: string, check: () => Promise<boolean>, ms = 10_000) => {
  const end = Date.now() + ms;
  while (Date.now() < end) { if (await check()) return; await sleep(50); }
  assert.fail(`timed out waiting for ${what}`);
};

test('DNS rebinding: a name checked public then answering loopback never reaches the local receiver, on delivery or on retry', { timeout: 60_000 }, async () => {
  // "localhost" to the service's resolver: public at every resolution. The system resolver would say 127.0.0.1,
  // so a client that resolved again at connect time (fetch) would reach the local receiver; a pinned one cannot.
  answers.set('localhost', [['93.184.216.34']]);
  // "rebind.example.com": public when the subscription is made, loopback at every later resolution.
  answers.set('rebind.example.com', [['93.184.216.34'], ['127.0.0.1']]);
  const pinned = await subscribe(`http://localhost:${port}/pinned`);
  const rebound = await subscribe(`http://rebind.example.com:${port}/rebound`);
  assert.equal(pinned.status, 201, JSON.stringify(pinned.body));
  assert.equal(rebound.status, 201, JSON.stringify(rebound.body));

  const inv = await s.as('co').post('/v1/invoices', validInvoice(r));
  assert.equal(inv.status, 201);
  const deliveries = async (id: string) => (await s.as('co').get(`/v1/webhooks/${id}/deliveries`)).body.results;
  await until('both attempted', async () => (await deliveries(pinned.body.id))[0]?.attempts >= 1 && (await deliveries(rebound.body.id))[0]?.attempts >= 1);
  const [p] = await deliveries(pinned.body.id);
  const [b] = await deliveries(rebound.body.id);
  assert.equal(p.status, 'pending', 'the pinned public address did not answer: retried later');
  assert.match(p.last_error, /No answer within|Could not reach/);
  assert.equal(b.status, 'failed');
  assert.match(b.last_error, /127\.0\.0\.1: loopback/);

  // A retry resolves again, and is refused again.
  const retry = await s.as('co').post(`/v1/webhooks/${rebound.body.id}/deliveries/${b.id}/retry`, {});
  assert.equal(retry.status, 202);
  await until('the retry', async () => (await deliveries(rebound.body.id))[0]?.attempts >= 2);
  assert.equal((await deliveries(rebound.body.id))[0].status, 'failed');
  assert.deepEqual(hits, [], 'the local receiver was never called');
  assert.ok(asked.filter((h) => h === 'rebind.example.com').length >= 3, 'resolved at creation, delivery and retry');
});
