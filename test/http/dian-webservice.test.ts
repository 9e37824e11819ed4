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
import { SandboxDian } from '../../src/countries/co/dian/authority';
import { noteFacts, technicalKeys } from '../../src/countries/co/dian/stamp';
import { companyCredentials } from '../../src/einvoice/credentials';
import { generateTestCertificate } from '../../src/einvoice/certificates';
import { DianWebService } from '../../src/countries/co/dian/soap';
import { runDianTestSet } from '../../src/countries/co/dian/habilitacion';
import { testSetDocuments } from '../../src/invoices/co/test-set';
import { readApplicationResponse } from '../../src/countries/co/dian/application-response';
import { warmUbl } from '../../src/einvoice/xsd';
import { sleep } from '../support/profile';

let s: TestServer;
let r: CoRefs;
let fake: FakeDian;
/** The ApplicationResponse the fake DIAN sent for each accepted CUFE. */
const answered = new Map<string, string>();
before(async () => {
  fake = await new FakeDian().start();
  s = await startTestServer('pglite', { DIAN_MODE: 'webservice', DIAN_URL: fake.url, DIAN_REQUEST_TIMEOUT_MS: '1000', DIAN_TIMEOUT_MS: '5000' });
  // The sandbox's own certificate, made before the calls (making one takes longer than DIAN_REQUEST_TIMEOUT_MS on a busy machine).
  const own = generateTestCertificate({ commonName: 'Autoridad sandbox de prueba', nit: '000000000', country: 'CO' });
  // The fake DIAN judges in this thread: its UBL schema compiled first, as the service's threads do before serving
  // (compiling it inside the first SendBillSync took longer than DIAN_REQUEST_TIMEOUT_MS on a loaded machine).
  await warmUbl();
  const sandbox = new SandboxDian(technicalKeys(s.db), async () => own, noteFacts(s.db));
  fake.judge = async (xml) => {
    const verdict = await sandbox.send(xml);
    answered.set(verdict.cufe ?? '', verdict.applicationResponse ?? '');
    return verdict;
  };
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
  const [zip] = await s.db.query(`SELECT name FROM dian_files WHERE document_key = $1 AND file_type = 'z'`, [res.body.id]);
  assert.match(call.fileName!, new RegExp(`^z0*${company.tax_id}000\\d{2}[0-9a-f]{8}\\.zip$`));
  assert.equal(call.fileName, `z${zip.name}.zip`, 'the ZIP\'s name is the one kept with the invoice');
  assert.deepEqual(fake.problems, []);
  // The ApplicationResponse the DIAN returned (XmlBase64Bytes) is kept as it came, and the invoice says who judged it.
  const [row] = await s.db.query('SELECT application_response, stamp_authority FROM invoices WHERE id = $1', [res.body.id]);
  assert.equal(row.stamp_authority, 'webservice');
  assert.ok(answered.get(res.body.stamp.cufe));
  assert.equal(row.application_response, answered.get(res.body.stamp.cufe));
  assert.equal(readApplicationResponse(row.application_response)?.cufe, res.body.stamp.cufe);
});

test('a credit note through SendBillSync: its ZIP holds nc<stem>.xml, Accepted with its CUDE', async () => {
  const inv = (await s.as('co').post('/v1/invoices', electronic())).body;
  assert.equal(inv.stamp.status, 'Accepted');
  const type = (await s.as('co').list('/v1/document-types?type=NC')).find((t: any) => t.code === 'NC-E');
  const pay = (await s.as('co').list('/v1/payment-types?document_type=NC')).find((p: any) => p.type === 'Cash');
  const res = await s.as('co').post('/v1/credit-notes', {
    document: { id: type.id }, date: today(), invoice: inv.id, reason: 2, seller: r.seller.id, stamp: { send: true },
    items: [{ code: 'PORT14', quantity: 10, price: 100, discount: 50, taxes: [{ id: r.taxOf('IVA', 19).id }] }], payments: [{ id: pay.id, value: 1130.5 }],
  });
  assert.equal(res.status, 201, JSON.stringify(res.body));
  assert.equal(res.body.stamp.status, 'Accepted', JSON.stringify(res.body.stamp));
  assert.deepEqual(callsFor(res.body.stamp.cude), ['SendBillSync:Accepted']);
  assert.deepEqual(fake.problems, []);
  const [row] = await s.db.query('SELECT stamp_authority, application_response FROM notes WHERE id = $1', [res.body.id]);
  assert.equal(row.stamp_authority, 'webservice');
  assert.equal(row.application_response, answered.get(res.body.stamp.cude));
});

test('the DIAN test set through SendTestSetAsync and GetStatusZip: every document judged, the pass recorded', async () => {
  const [co] = await s.db.query("SELECT company_id FROM companies WHERE is_demo AND country = 'CO'");
  const testSetId = '6d3b1f0e-2a4c-4e8b-9f7d-5c1a2b3e4d5f';
  fake.testSets = new Set([testSetId]);
  fake.calls.length = 0;
  const ws = new DianWebService({ url: fake.url, timeoutMs: 5000 });
  // Two invoices, a credit note and a debit note: the set's own consecutive numbers on the test range.
  const result = await runDianTestSet(s.db, ws, testSetDocuments, co.company_id, testSetId, { invoices: 2, creditNotes: 1, debitNotes: 1 });
  assert.equal(result.status, 'Accepted', JSON.stringify(result.documents));
  const first = Number(/^SETP(\d+)$/.exec(result.documents[0].name)?.[1]);
  assert.ok(first >= 990000000 && first < 995000000, result.documents[0].name);
  assert.deepEqual(result.documents.map((d) => `${d.name}:${d.status}`), [0, 1, 2, 3].map((n) => `SETP${first + n}:Accepted`));
  const sends = fake.calls.filter((c) => c.op === 'SendTestSetAsync');
  assert.deepEqual(sends.map((c) => `${c.testSetId}:${c.status}`), Array(4).fill(`${testSetId}:taken`));
  assert.ok(sends.every((c) => /^z\d{10}000\d{2}[0-9a-f]{8}\.zip$/.test(c.fileName!)));
  // Each ZipKey was asked until judged: first "in process", then its verdict.
  const polls = fake.calls.filter((c) => c.op === 'GetStatusZip');
  for (const cufe of sends.map((c) => c.cufe)) {
    assert.deepEqual(polls.filter((c) => c.cufe === cufe).map((c) => c.status), ['in process', 'Accepted']);
  }
  assert.deepEqual(fake.problems, []);
  const [company] = await s.db.query('SELECT settings FROM companies WHERE company_id = $1', [co.company_id]);
  assert.equal(company.settings.dian.test_set_id, testSetId);
  const [run] = await s.db.query('SELECT authority FROM dian_test_sets WHERE company_id = $1 ORDER BY id DESC LIMIT 1', [co.company_id]);
  assert.equal(run.authority, 'webservice');

  // A test set id the DIAN did not give: each ZIP is refused with the DIAN's message.
  const refused = await runDianTestSet(s.db, ws, testSetDocuments, co.company_id, '0f0e0d0c-0b0a-4908-8706-050403020100', { invoices: 2, creditNotes: 0, debitNotes: 0 });
  assert.equal(refused.status, 'Rejected');
  assert.deepEqual(refused.documents.map((d) => d.errors.map((e) => e.code)), [['TEST_SET'], ['TEST_SET']]);
  assert.match(refused.documents[0].errors[0].message, /no existe/);
  fake.testSets.clear();
});

test('Rejected with the rule codes the DIAN answered', async () => {
  const [co] = await s.db.query("SELECT company_id, check_digit FROM companies WHERE is_demo AND country = 'CO'");
  await s.db.query('UPDATE companies SET check_digit = $2 WHERE company_id = $1', [co.company_id, String((Number(co.check_digit) + 1) % 10)]);
  try {
    const res = await s.as('co').post('/v1/invoices', electronic());
    assert.equal(res.body.stamp.status, 'Rejected');
    const errors = await s.as('co').get(`/v1/invoices/${res.body.id}/stamp/errors`);
    assert.deepEqual(errors.body.errors.map((e: any) => e.code), ['NIT_CHECK_DIGIT']);
    assert.match(errors.body.errors[0].message, /dígito de verificación errado/, 'the DIAN\'s text, in Spanish');
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
    await sleep(100);
    stamp = (await s.as('co').get(`/v1/invoices/${res.body.id}`)).body.stamp;
  }
  assert.equal(stamp.status, 'Accepted', JSON.stringify(stamp));
  assert.deepEqual(callsFor(stamp.cufe), ['SendBillSync:Accepted', 'GetStatus:Accepted']);
  assert.deepEqual(fake.problems, []);
});
