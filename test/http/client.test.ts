/**
 * The typed TypeScript client (clients/typescript), as an integrator uses it:
 * its schema is what openapi-typescript makes of the served OpenAPI document
 * today (a change to the API without `npm run client:generate` fails here), and
 * a whole flow runs through it, compiled against those types: login, lookups,
 * an invoice, a credit note, a cash receipt, a PDF, a webhook whose delivery
 * the client's verifyWebhook accepts (and refuses when tampered with).
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { startTestServer, type TestServer } from '../support/server';
import { clientSchema, SCHEMA_FILE } from '../support/client-schema';
import { DEMO_CREDENTIALS } from '../../src/companies/demo';
import { login, verifyWebhook, type FacturasClient } from '../../clients/typescript/src';
import { sleep } from '../support/profile';

let s: TestServer;
let api: FacturasClient;
before(async () => {
  s = await startTestServer('pglite');
  api = await login(s.url, DEMO_CREDENTIALS.co);
});
after(async () => { await s.close(); });

const today = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Bogota' }).format(new Date());

test('the committed client schema is what the served OpenAPI document generates', async () => {
  const doc = (await s.call('GET', '/openapi.json')).body;
  const committed = fs.readFileSync(path.join(__dirname, '..', '..', '..', SCHEMA_FILE), 'utf8');
  assert.ok(committed === await clientSchema(doc), `${SCHEMA_FILE} is out of date: run npm run client:generate`);
});

test('a whole flow through the typed client', async () => {
  const types = (await api.GET('/v1/document-types', { params: { query: {} } })).data!;
  const fv = types.find((t) => t.code === 'FV')!;
  const nc = types.find((t) => t.type === 'NC' && t.electronic_type === 'NoElectronic')!;
  const rc = types.find((t) => t.type === 'RC')!;
  const pays = (await api.GET('/v1/payment-types', { params: { query: { document_type: 'FV' } } })).data!;
  const ncPays = (await api.GET('/v1/payment-types', { params: { query: { document_type: 'NC' } } })).data!;
  const rcPays = (await api.GET('/v1/payment-types', { params: { query: { document_type: 'RC' } } })).data!;
  const iva = (await api.GET('/v1/taxes', { params: { query: {} } })).data!.find((t) => t.type === 'IVA' && t.percentage === 19)!;
  const seller = (await api.GET('/v1/users', { params: { query: {} } })).data!.results.find((u) => u.active)!;
  const customer = (await api.GET('/v1/customers', { params: { query: { page_size: 1 } } })).data!.results[0];
  const party = { date: today(), customer: { identification: customer.identification, branch_office: 0 }, seller: seller.id };

  const created = await api.POST('/v1/invoices', {
    params: { header: { 'Idempotency-Key': 'client-flow-1' } },
    body: { document: { id: fv.id }, ...party, items: [{ code: 'PORT14', quantity: 10, price: 100, discount: 50, taxes: [{ id: iva.id }] }],
      payments: [{ id: pays.find((p) => p.type === 'Cash')!.id, value: 1130.5 }] },
  });
  assert.equal(created.response.status, 201, JSON.stringify(created.error));
  const invoice = created.data!;
  assert.equal(invoice.total, 1130.5);
  const read = await api.GET('/v1/invoices/{id}', { params: { path: { id: invoice.id! } } });
  assert.equal(read.data!.name, invoice.name);

  // A credit invoice, a credit note settled on it, and the receipt that pays the rest.
  const credit = (await api.POST('/v1/invoices', {
    body: { document: { id: fv.id }, ...party, items: [{ code: 'LIBRO01', quantity: 1, price: 1000, taxes: [] }],
      payments: [{ id: pays.find((p) => p.type === 'Credit')!.id, value: 1000, due_date: '2099-12-31' }] },
  })).data!;
  const note = await api.POST('/v1/credit-notes', {
    body: { document: { id: nc.id }, date: today(), invoice: credit.id!, reason: 3, seller: seller.id,
      items: [{ code: 'LIBRO01', quantity: 1, price: 100, taxes: [] }], payments: [{ id: ncPays.find((p) => p.type === 'Credit')!.id, value: 100 }] },
  });
  assert.equal(note.response.status, 201, JSON.stringify(note.error));
  const voucher = await api.POST('/v1/vouchers', {
    body: { document: { id: rc.id }, date: today(), type: 'DebtPayment', customer: party.customer,
      items: [{ due: { prefix: credit.prefix!, consecutive: Number(credit.number), quote: 1 }, value: 900 }],
      payment: { id: rcPays.find((p) => p.type === 'Cash')!.id, value: 900 } },
  });
  assert.equal(voucher.response.status, 201, JSON.stringify(voucher.error));
  assert.equal((await api.GET('/v1/invoices/{id}', { params: { path: { id: credit.id! } } })).data!.balance, 0);

  // The PDF, as a file.
  const pdf = await api.GET('/v1/invoices/{id}/pdf', { params: { path: { id: invoice.id! } }, headers: { Accept: 'application/pdf' }, parseAs: 'arrayBuffer' });
  assert.equal(Buffer.from(pdf.data as ArrayBuffer).subarray(0, 5).toString(), '%PDF-');

  // A refusal comes back as the typed error body.
  const refused = await api.POST('/v1/invoices', { body: { ...party, document: { id: fv.id }, items: [], payments: [] } });
  assert.equal(refused.response.status, 400);
  assert.ok(refused.error!.Errors.length > 0);
});

test('a webhook delivery verified with the client\'s verifyWebhook', async () => {
  const got: { raw: string; signature: string }[] = [];
  const receiver = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (c) => { raw += c; }).on('end', () => { got.push({ raw, signature: String(req.headers['webhook-signature']) }); res.writeHead(200).end(); });
  });
  await new Promise<void>((ok) => receiver.listen(0, '127.0.0.1', ok));
  try {
    const hook = await api.POST('/v1/webhooks', { body: { url: `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/in`, events: ['voucher.created'] } });
    assert.equal(hook.response.status, 201, JSON.stringify(hook.error));
    const secret = hook.data!.secret!;
    const types = (await api.GET('/v1/document-types', { params: { query: { type: 'RC' } } })).data!;
    const rcPays = (await api.GET('/v1/payment-types', { params: { query: { document_type: 'RC' } } })).data!;
    const customer = (await api.GET('/v1/customers', { params: { query: { page_size: 1 } } })).data!.results[0];
    const advance = await api.POST('/v1/vouchers', {
      body: { document: { id: types[0].id }, date: today(), type: 'AdvancePayment', customer: { identification: customer.identification, branch_office: 0 },
        payment: { id: rcPays.find((p) => p.type === 'Cash')!.id, value: 50 } },
    });
    assert.equal(advance.response.status, 201, JSON.stringify(advance.error));
    for (let i = 0; i < 100 && !got.length; i++) await sleep(100);
    const [delivery] = got;
    assert.equal(JSON.parse(delivery.raw).data.id, advance.data!.id);
    assert.equal(verifyWebhook(secret, delivery.signature, delivery.raw), true);
    assert.equal(verifyWebhook(secret, delivery.signature, delivery.raw.replace('50', '5000')), false, 'a changed body');
    assert.equal(verifyWebhook('whsec_other', delivery.signature, delivery.raw), false, 'another secret');
    assert.equal(verifyWebhook(secret, delivery.signature, delivery.raw, { now: Date.now() + 10 * 60_000 }), false, 'replayed ten minutes later');

    // A rotation through the typed client: during the grace the next delivery verifies with either secret.
    const rotated = await api.POST('/v1/webhooks/{id}/rotate-secret', { params: { path: { id: hook.data!.id } } });
    assert.equal(rotated.response.status, 200, JSON.stringify(rotated.error));
    const fresh = rotated.data!.secret;
    assert.notEqual(fresh, secret);
    assert.ok(rotated.data!.previous_secret_expires_at);
    const changed = await api.PATCH('/v1/webhooks/{id}', { params: { path: { id: hook.data!.id } }, body: { description: 'rotated' } });
    assert.equal(changed.data!.description, 'rotated');
    const second = await api.POST('/v1/vouchers', {
      body: { document: { id: types[0].id }, date: today(), type: 'AdvancePayment', customer: { identification: customer.identification, branch_office: 0 },
        payment: { id: rcPays.find((p) => p.type === 'Cash')!.id, value: 60 } },
    });
    for (let i = 0; i < 100 && got.length < 2; i++) await sleep(100);
    const during = got.find((g) => JSON.parse(g.raw).data.id === second.data!.id)!;
    assert.match(during.signature, /^t=\d+,v1=[0-9a-f]{64},v1=[0-9a-f]{64}$/);
    assert.equal(verifyWebhook(fresh, during.signature, during.raw), true, 'the new secret');
    assert.equal(verifyWebhook(secret, during.signature, during.raw), true, 'the previous one, during the grace');
    assert.equal(verifyWebhook('whsec_other', during.signature, during.raw), false, 'another secret');
    assert.equal(verifyWebhook(fresh, during.signature, during.raw.replace('60', '6000')), false, 'a changed body');
  } finally {
    receiver.close();
  }
});
