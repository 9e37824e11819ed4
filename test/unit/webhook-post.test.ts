/**
 * The webhook dispatcher's POSTs on their own thread (src/webhooks/post.ts): a claim's plan goes to the thread and
 * its outcomes come back, in the order the dispatcher promises (a document's events one after the other, a later
 * one held while an earlier one is behind or not delivered; several events in one signed POST for a receiver that
 * asked for them), and a thread that dies fails the plans it held (the dispatcher then releases their claim) and is
 * replaced by the next plan. Against a real local receiver.
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { PostThread, type PostDelivery, type PostGroup } from '../../src/webhooks/post';

interface Got { ids: string; signature: string; body: string }
let receiver: http.Server;
let url = '';
const got: Got[] = [];
const hang: http.ServerResponse[] = [];

before(async () => {
  receiver = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      got.push({ ids: String(req.headers['webhook-id']), signature: String(req.headers['webhook-signature']), body });
      if (body.includes('"hang"')) { hang.push(res); return; }
      res.writeHead(body.includes('"fail"') ? 500 : 204).end();
    });
  });
  await new Promise<void>((ok) => receiver.listen(0, '127.0.0.1', ok));
  url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;
});
after(async () => {
  for (const res of hang) res.destroy();
  await new Promise((ok) => receiver.close(ok));
});

/** A delivery whose event happened two seconds before it is made. */
const delivery = (id: string, doc: string, body: string, more: Partial<PostDelivery> = {}): PostDelivery =>
  ({ id, event_id: `ev-${id}`, doc_id: doc, body: JSON.stringify({ id: `ev-${id}`, data: body }), created_at: new Date(Date.now() - 2000).toISOString(), behind: false, expired: false, ...more });
const group = (deliveries: PostDelivery[], more: Partial<PostGroup> = {}): PostGroup =>
  ({ target: { url, address: '127.0.0.1' }, secrets: ['s3cret'], maxEvents: 1, deliveries, ...more });
const plan = (groups: PostGroup[]) => ({ groups, timeoutMs: 5000, perReceiver: 4, retryHours: 24 });

test('a plan runs on the thread: delivered, retried, held back behind its document, several events in one signed POST', async () => {
  const posts = new PostThread();
  got.length = 0;
  try {
    const outcomes = await posts.run(plan([
      group([
        delivery('a1', 'A', 'ok'), delivery('a2', 'A', 'fail'), delivery('a3', 'A', 'ok'), // a2 answered 500: a3 waits
        delivery('b1', 'B', 'ok', { behind: true }), delivery('b2', 'B', 'ok'), // an earlier event of B is pending: both wait
        delivery('e1', 'E', 'fail', { expired: true }), // past WEBHOOK_RETRY_HOURS: failed for good
      ]),
      group([delivery('c1', 'C', 'ok'), delivery('c2', 'C', 'ok'), delivery('d1', 'D', 'ok')], { maxEvents: 2, secrets: ['new', 'old'] }),
      group([delivery('u1', 'U', 'ok')], { target: { refused: 'names a host that does not resolve (nowhere.example)' } }),
    ]));
    const by = new Map(outcomes.map((o) => [o.id, o]));
    assert.equal(outcomes.length, 10);
    assert.deepEqual({ ...by.get('a1'), lag: undefined }, { id: 'a1', status: 'delivered', response: 204, error: null, lag: undefined });
    assert.ok(by.get('a1')!.lag! >= 2 && by.get('a1')!.lag! < 60, `lag ${by.get('a1')!.lag}`);
    assert.deepEqual(by.get('a2'), { id: 'a2', status: 'pending', response: 500, error: 'The receiver answered 500' });
    for (const id of ['a3', 'b1', 'b2']) assert.equal(by.get(id)!.status, 'skip', id);
    assert.deepEqual(by.get('e1'), { id: 'e1', status: 'failed', response: 500, error: 'The receiver answered 500; given up after 24 hours' });
    assert.deepEqual(by.get('u1'), { id: 'u1', status: 'pending', response: null, error: 'The URL names a host that does not resolve (nowhere.example)' });
    for (const id of ['c1', 'c2', 'd1']) assert.equal(by.get(id)!.status, 'delivered', id);

    // What the receiver got: nothing for the held ones; C's two events in one array, D's alone (max_events 2).
    assert.deepEqual(got.map((g) => g.ids).sort(), ['ev-a1', 'ev-a2', 'ev-c1,ev-c2', 'ev-d1', 'ev-e1']);
    const pair = got.find((g) => g.ids === 'ev-c1,ev-c2')!;
    assert.deepEqual(JSON.parse(pair.body).map((e: { id: string }) => e.id), ['ev-c1', 'ev-c2']);
    const [t, ...v1] = pair.signature.split(',');
    const stamp = t.replace('t=', '');
    assert.deepEqual(v1, ['new', 'old'].map((k) => `v1=${crypto.createHmac('sha256', k).update(`${stamp}.${pair.body}`).digest('hex')}`), 'signed with each secret, the current one first');
  } finally {
    await posts.close();
  }
});

test('a thread that dies fails the plans it held, and only those: the next plan starts another', async () => {
  const posts = new PostThread();
  try {
    const held = posts.run(plan([group([delivery('h1', 'H', 'hang')])]));
    for (let i = 0; i < 200 && !hang.length; i++) await new Promise((ok) => setTimeout(ok, 10)); // the POST reached the receiver
    assert.equal(hang.length, 1);
    const closing = posts.close();
    // A plan given while the old thread is still going down goes to a new one, and the old one's end does not fail it.
    const next = posts.run(plan([group([delivery('n1', 'N', 'ok')])]));
    await closing;
    await assert.rejects(held, /webhook POST thread stopped/);
    const [o] = await next;
    assert.equal(o.status, 'delivered');
  } finally {
    await posts.close();
  }
});
