/**
 * Electronic invoices with the sandbox DIAN through HTTP: Accepted with a CUFE
 * that is in the signed XML, Rejected with reasons and sent again once fixed,
 * Draft then sent, and the Pending answer when the authority is slower than
 * DIAN_TIMEOUT_MS (the outbox finishes the job).
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { problems, startTestServer, type TestServer } from '../support/server';
import { coRefs, today, validInvoice, type CoRefs } from '../support/co';
import { verifyInvoiceSignature } from '../../src/countries/co/dian/sign';
import { sleep } from '../support/profile';

let s: TestServer;
let r: CoRefs;
before(async () => { s = await startTestServer('pglite'); r = await coRefs(s); });
after(() => s.close());

const electronic = (over: Record<string, unknown> = {}) => validInvoice(r, { document: { id: r.type['FV-E'].id }, date: today(), ...over });
const xmlOf = async (id: string) => Buffer.from((await s.as('co').get(`/v1/invoices/${id}/xml`)).body.base64, 'base64').toString('utf8');

test('stamp.send: Accepted, with the CUFE of the signed XML', async () => {
  const res = await s.as('co').post('/v1/invoices', electronic({ stamp: { send: true } }));
  assert.equal(res.status, 201, JSON.stringify(res.body));
  assert.equal(res.body.stamp.status, 'Accepted', JSON.stringify(res.body.stamp));
  assert.match(res.body.stamp.cufe, /^[0-9a-f]{96}$/);
  const xml = await xmlOf(res.body.id);
  assert.ok(xml.includes(`>${res.body.stamp.cufe}</cbc:UUID>`));
  assert.ok(xml.includes(`<cbc:ID>${res.body.prefix}${res.body.number}</cbc:ID>`));
  assert.equal((await verifyInvoiceSignature(xml)).valid, true);
  const raw = await fetch(`${s.url}/v1/invoices/${res.body.id}/xml`, { headers: { authorization: `Bearer ${await s.token('co')}`, accept: 'application/xml' } });
  assert.match(raw.headers.get('content-type') ?? '', /application\/xml/);
  assert.equal(await raw.text(), xml);
  assert.deepEqual((await s.as('co').get(`/v1/invoices/${res.body.id}`)).body.stamp.status, 'Accepted');
});

test('stamp.send on a type that is not electronic is refused', async () => {
  assert.deepEqual(problems(await s.as('co').post('/v1/invoices', validInvoice(r, { stamp: { send: true } }))), ['document_settings@stamp.send']);
});

test('Rejected with reasons, then sent again once corrected', async () => {
  const [co] = await s.db.query("SELECT company_id, check_digit FROM companies WHERE is_demo AND country = 'CO'");
  const wrong = String((Number(co.check_digit) + 1) % 10);
  await s.db.query('UPDATE companies SET check_digit = $2 WHERE company_id = $1', [co.company_id, wrong]);
  let id: string;
  try {
    const res = await s.as('co').post('/v1/invoices', electronic({ stamp: { send: true } }));
    assert.equal(res.status, 201);
    id = res.body.id;
    assert.equal(res.body.stamp.status, 'Rejected');
    assert.equal(res.body.stamp.cufe, null);
    assert.match(res.body.stamp.errors, /NIT_CHECK_DIGIT/);
    const errors = await s.as('co').get(`/v1/invoices/${id}/stamp/errors`);
    assert.deepEqual(errors.body.errors.map((e: any) => e.code), ['NIT_CHECK_DIGIT']);
  } finally {
    await s.db.query('UPDATE companies SET check_digit = $2 WHERE company_id = $1', [co.company_id, co.check_digit]);
  }
  // Sending again rebuilds the XML from the corrected data (the authority still holds the rejection of the first one).
  const again = await s.as('co').post(`/v1/invoices/${id!}/stamp`, {});
  assert.equal(again.status, 200, JSON.stringify(again.body));
  assert.equal(again.body.stamp.status, 'Accepted');
  assert.equal(again.body.stamp.errors, null);
});

test('a Draft is sent later; an accepted one is not sent twice', async () => {
  const draft = await s.as('co').post('/v1/invoices', electronic());
  assert.equal(draft.body.stamp.status, 'Draft');
  assert.equal(draft.body.stamp.cufe, null);
  assert.equal((await s.as('co').get(`/v1/invoices/${draft.body.id}/xml`)).status, 404);
  const sent = await s.as('co').post(`/v1/invoices/${draft.body.id}/stamp`, {});
  assert.equal(sent.body.stamp.status, 'Accepted');
  assert.deepEqual(problems(await s.as('co').post(`/v1/invoices/${draft.body.id}/stamp`, {})), ['invalid_document@id']);
  const plain = await s.as('co').post('/v1/invoices', validInvoice(r));
  assert.deepEqual(problems(await s.as('co').post(`/v1/invoices/${plain.body.id}/stamp`, {})), ['invalid_document@id']);
});

test('slower than DIAN_TIMEOUT_MS: answered Pending, finished by the outbox', async () => {
  const slow = await startTestServer('pglite', { DIAN_TIMEOUT_MS: '0' });
  try {
    const refs = await coRefs(slow);
    const res = await slow.as('co').post('/v1/invoices', validInvoice(refs, { document: { id: refs.type['FV-E'].id }, date: today(), stamp: { send: true } }));
    assert.equal(res.status, 201);
    assert.equal(res.body.stamp.status, 'Pending');
    let status = 'Pending';
    for (let i = 0; i < 100 && status === 'Pending'; i++) {
      await sleep(100);
      status = (await slow.as('co').get(`/v1/invoices/${res.body.id}`)).body.stamp.status;
    }
    assert.equal(status, 'Accepted');
    const jobs = await slow.db.query("SELECT status, attempts FROM outbox WHERE ref_id = $1", [res.body.id]);
    assert.deepEqual(jobs, [{ status: 'done', attempts: 1 }], 'sent once');
  } finally {
    await slow.close();
  }
});

test('PUT replaces a Draft invoice (number kept, ledger re-posted), and refuses an accepted one', async () => {
  const draft = (await s.as('co').post('/v1/invoices', electronic())).body;
  const r2 = await coRefs(s);
  // Now 2 × 500 + IVA 19 % = 1190, on credit.
  const body = electronic({ observations: 'corregida', items: [{ code: 'MOUSE01', quantity: 2, price: 500, taxes: [{ id: r2.taxOf('IVA', 19).id }] }],
    payments: [{ id: r2.pay.Credit.id, value: 1190, due_date: '2099-01-01' }] });
  const bad = await s.as('co').put(`/v1/invoices/${draft.id}`, { ...body, payments: [{ id: r2.pay.Cash.id, value: 1 }] });
  assert.deepEqual(problems(bad), ['invalid_total_payments@payments'], 'same rules as creation');
  assert.deepEqual(problems(await s.as('co').put(`/v1/invoices/${draft.id}`, { ...body, number: draft.number + 1000 })), ['invalid_value@number']);
  const put = await s.as('co').put(`/v1/invoices/${draft.id}`, body);
  assert.equal(put.status, 200, JSON.stringify(put.body));
  assert.equal(put.body.number, draft.number);
  assert.equal(put.body.name, draft.name);
  assert.equal(put.body.total, 1190);
  assert.equal(put.body.balance, 1190);
  assert.equal(put.body.observations, 'corregida');
  assert.equal(put.body.stamp.status, 'Draft');
  const net = await s.db.query(
    `SELECT l.account_code, sum(l.debit - l.credit)::text AS net FROM journal_lines l JOIN journal_entries e ON e.id = l.entry_id
      WHERE e.source_id = $1 GROUP BY l.account_code HAVING sum(l.debit - l.credit) <> 0 ORDER BY 1`, [draft.id]);
  assert.deepEqual(net, [{ account_code: '13050501', net: '1190.00' }, { account_code: '24080501', net: '-190.00' }, { account_code: '41359501', net: '-1000.00' }]);
  assert.deepEqual((await s.db.query('SELECT amount::text FROM due_items WHERE invoice_id = $1', [draft.id])).map((x) => x.amount), ['1190.00']);
  const sent = await s.as('co').put(`/v1/invoices/${draft.id}`, { ...body, stamp: { send: true } });
  assert.equal(sent.body.stamp.status, 'Accepted');
  const locked = await s.as('co').put(`/v1/invoices/${draft.id}`, body);
  assert.deepEqual(problems(locked), ['non_editable@id']);
  assert.equal((await s.as('co').put('/v1/invoices/00000000-0000-4000-8000-000000000000', body)).status, 404);
});
