// test-runner: alone: its timeouts and deadlines are measured.
/**
 * Issue 8, part 5: slow dependencies. The DIAN web service and the SMTP
 * server are a "black hole" (they accept the connection and never answer).
 * A creation that waits for the DIAN answers after DIAN_TIMEOUT_MS with
 * stamp.status Pending; meanwhile other creations — of the same company
 * without stamping, with mail.send, and of the Mexican company — answer at
 * once, and once the outbox has given up its attempts nothing is lost.
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import net from 'node:net';
import { eachStorage, startTestServer, type TestServer } from '../support/server';
import { coRefs, today, validInvoice, type CoRefs } from '../support/co';
import { report } from '../support/figures';
import { MX_APP, mxInvoice, mxRefs } from '../support/mx';
import { sleep } from '../support/profile';

/** A server that takes connections and never says a word. */
async function blackHole(): Promise<{ port: number; connections: () => number; close: () => Promise<void> }> {
  const sockets = new Set<net.Socket>();
  let seen = 0;
  const srv = net.createServer((s) => { seen++; sockets.add(s); s.on('close', () => sockets.delete(s)); s.on('error', () => undefined); });
  await new Promise<void>((ok) => srv.listen(0, '127.0.0.1', ok));
  return {
    port: (srv.address() as net.AddressInfo).port,
    connections: () => seen,
    close: () => { for (const s of sockets) s.destroy(); return new Promise((ok) => srv.close(() => ok())); },
  };
}

const DIAN_WAIT = 1500;
/** How long the service waits for one answer of the DIAN or the SMTP server: a creation held up by them would take that long. */
const HANG = 20000;
/**
 * Far below HANG: the time a creation may take here on a busy 2-core machine (twelve invoices being signed at once on
 * the event loop; 1.1–1.5 s on a quiet machine, up to 4.6 s measured while other test suites loaded it).
 */
const PROMPT = 8000;
const timed = async <T>(p: Promise<T>) => { const t0 = Date.now(); const v = await p; return { v, ms: Date.now() - t0 }; };

eachStorage('slow dependencies', (storage) => {
  let s: TestServer;
  let r: CoRefs;
  let dian: Awaited<ReturnType<typeof blackHole>>;
  let smtp: Awaited<ReturnType<typeof blackHole>>;
  before(async () => {
    [dian, smtp] = await Promise.all([blackHole(), blackHole()]);
    s = await startTestServer(storage, {
      DIAN_MODE: 'webservice', DIAN_URL: `http://127.0.0.1:${dian.port}/WcfDianCustomerServices.svc`, DIAN_TIMEOUT_MS: String(DIAN_WAIT),
      DIAN_REQUEST_TIMEOUT_MS: String(HANG), SMTP_URL: `smtp://127.0.0.1:${smtp.port}`, MAIL_TIMEOUT_MS: String(HANG),
    });
    r = await coRefs(s);
  });
  after(async () => { await s.close(); await dian.close(); await smtp.close(); });

  test('a hung DIAN and a hung SMTP server hold up only the creations waiting for the DIAN, and only until DIAN_TIMEOUT_MS', async () => {
    const co = s.as('co');
    const mx = s.as('mx');
    const mxBody = mxInvoice(await mxRefs(s), [{ code: 'CONSULT', quantity: 1, price: 100 }], 116);
    // Twelve creations wait for the DIAN at once (more than the outbox runs of a kind at a time) …
    const stamped = Array.from({ length: 12 }, () => timed(co.post('/v1/invoices', validInvoice(r, { document: { id: r.type['FV-E'].id }, date: today(), stamp: { send: true } }))));
    await sleep(200);
    // … while the others are served at once: no stamping, mail.send to the dead SMTP server, another company.
    const others = await Promise.all([
      ...Array.from({ length: 5 }, () => timed(co.post('/v1/invoices', validInvoice(r)))),
      ...Array.from({ length: 5 }, () => timed(co.post('/v1/invoices', validInvoice(r, { mail: { send: true } })))),
      ...Array.from({ length: 5 }, () => timed(mx.post('/v1/invoices', mxBody, MX_APP))),
    ]);
    for (const { v, ms } of others) {
      assert.equal(v.status, 201, JSON.stringify(v.body));
      assert.ok(ms < PROMPT, `a creation that waits for nobody took ${ms} ms`);
    }
    const waited = await Promise.all(stamped);
    for (const { v, ms } of waited) {
      assert.equal(v.status, 201, JSON.stringify(v.body));
      assert.equal(v.body.stamp.status, 'Pending');
      assert.ok(ms >= DIAN_WAIT - 100 && ms < DIAN_WAIT + PROMPT, `a creation waiting for the DIAN answered after ${ms} ms`);
    }
    // The first stamping also generates the demo certificate (on a worker thread): the DIAN may be called after the answers went out.
    for (const until = Date.now() + HANG; (dian.connections() < 1 || smtp.connections() < 1) && Date.now() < until;) await sleep(50);
    assert.ok(dian.connections() >= 1 && smtp.connections() >= 1, 'the service did try the DIAN and the SMTP server');
    // Nothing lost: the documents are there, their work still queued for when the DIAN and the SMTP server answer.
    const [{ n }] = await s.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM outbox WHERE status IN ('pending', 'processing')`);
    assert.ok(n >= 12 + 5, `${n} jobs queued`);
    const slowest = Math.max(...others.map((o) => o.ms));
    console.log(`slow dependencies [${storage}]: 15 creations served in at most ${slowest} ms while 12 waited ${Math.min(...waited.map((w) => w.ms))}–${Math.max(...waited.map((w) => w.ms))} ms for a hung DIAN`);
    report(`slow dependencies [${storage}]`, { requests: 27, documents: 27, anomalies: 0 });
  });
});
