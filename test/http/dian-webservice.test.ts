/**
 * The service with DIAN_MODE=webservice, talking SOAP to the fake DIAN (which
 * checks the WS-Security envelope and judges the invoice with the sandbox's
 * rules): Accepted with a CUFE, Rejected with the DIAN's rule codes, and a
 * call that times out is finished by asking GetStatus, never by sending twice.
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { X509Certificate } from 'node:crypto';
import { startTestServer, type TestServer } from '../support/server';
import { coRefs, today, validInvoice, type CoRefs } from '../support/co';
import { FakeDian } from '../support/fake-dian';
import { SandboxDian } from '../../src/einvoice/dian/authority';
import { technicalKeys } from '../../src/einvoice/dian/stamp';
import { companyCredentials } from '../../src/einvoice/credentials';

let s: TestServer;
let r: CoRefs;
let fake: FakeDian;
before(async () => {
  fake = await new FakeDian().start();
  s = await startTestServer('pglite', { DIAN_MODE: 'webservice', DIAN_URL: fake.url, DIAN_REQUEST_TIMEOUT_MS: '1000', DIAN_TIMEOUT_MS: '5000' });
  const sandbox = new SandboxDian(technicalKeys(s.db));
  fake.judge = (xml) => sandbox.send(xml);
  r = await coRefs(s);
});
after(async () => { await s.close(); await fake.close(); });

const electronic = () => validInvoice(r, { document: { id: r.type['FV-E'].id }, date: today(), stamp: { send: true } });
const callsFor = (cufe: string) => fake.calls.filter((c) => c.cufe === cufe || c.trackId === cufe).map((c) => `${c.op}:${c.status}`);

test('Accepted through SendBillSync, signed with the company certificate', async () => {
  const res = await s.as('co').post('/v1/invoices', electronic());
  assert.equal(res.status, 201, JSON.stringify(res.body));
  assert.equal(res.body.stamp.status, 'Accepted', JSON.stringify(res.body.stamp));
  assert.deepEqual(callsFor(res.body.stamp.cufe), ['SendBillSync:Accepted']);
  const [company] = await s.db.query("SELECT * FROM companies WHERE is_demo AND country = 'CO'");
  const serial = new X509Certificate((await companyCredentials(s.db, company)).certPem).serialNumber;
  const call = fake.calls.find((c) => c.cufe === res.body.stamp.cufe)!;
  assert.equal(call.signerSerial, serial);
  assert.match(call.fileName!, new RegExp(`^z0*${company.tax_id}000\\d{2}${res.body.number.toString(16).padStart(8, '0')}\\.zip$`));
  assert.deepEqual(fake.problems, []);
});

test('Rejected with the rule codes the DIAN answered', async () => {
  const [co] = await s.db.query("SELECT company_id, check_digit FROM companies WHERE is_demo AND country = 'CO'");
  await s.db.query('UPDATE companies SET check_digit = $2 WHERE company_id = $1', [co.company_id, String((Number(co.check_digit) + 1) % 10)]);
  try {
    const res = await s.as('co').post('/v1/invoices', electronic());
    assert.equal(res.body.stamp.status, 'Rejected');
    const errors = await s.as('co').get(`/v1/invoices/${res.body.id}/stamp/errors`);
    assert.deepEqual(errors.body.errors.map((e: any) => e.code), ['NIT_CHECK_DIGIT']);
    assert.match(errors.body.errors[0].message, /wrong check digit/);
  } finally {
    await s.db.query('UPDATE companies SET check_digit = $2 WHERE company_id = $1', [co.company_id, co.check_digit]);
  }
});

test('a SendBillSync that times out is settled by GetStatus, not sent again', async () => {
  fake.delayNextSend = 2500; // longer than DIAN_REQUEST_TIMEOUT_MS: the answer is lost, the DIAN has the invoice
  const res = await s.as('co').post('/v1/invoices', electronic());
  assert.equal(res.status, 201);
  let stamp = res.body.stamp;
  for (let i = 0; i < 100 && stamp.status === 'Pending'; i++) {
    await new Promise((ok) => setTimeout(ok, 100));
    stamp = (await s.as('co').get(`/v1/invoices/${res.body.id}`)).body.stamp;
  }
  assert.equal(stamp.status, 'Accepted', JSON.stringify(stamp));
  assert.deepEqual(callsFor(stamp.cufe), ['SendBillSync:Accepted', 'GetStatus:Accepted']);
  assert.deepEqual(fake.problems, []);
});
