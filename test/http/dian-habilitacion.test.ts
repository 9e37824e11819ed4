/**
 * DIAN enablement (src/einvoice/dian/habilitacion.ts) on both storages: the
 * test set is sent to the sandbox authority, which judges every document
 * (signature, CUFE with the test numbering's technical key, totals…), each
 * with its own verdict; a pass is recorded in the company's settings, and the
 * numbers come from the DIAN's test range, after the previous runs', without
 * touching any document type's consecutive. A bad test set id, a document the
 * authority rejects, and a company that cannot send a set are reported.
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { eachStorage, startTestServer, type Storage, type TestServer } from '../support/server';
import { SandboxDian } from '../../src/einvoice/dian/authority';
import { technicalKeys } from '../../src/einvoice/dian/stamp';
import { DianTestSetError, mayUseProduction, runDianTestSet } from '../../src/einvoice/dian/habilitacion';
import { readApplicationResponse } from '../../src/einvoice/dian/application-response';
import { verifyInvoiceSignature } from '../../src/einvoice/dian/sign';

eachStorage('DIAN test set through the sandbox', (storage: Storage) => {
  let s: TestServer;
  let companyId: number;
  let sandbox: SandboxDian;
  before(async () => {
    s = await startTestServer(storage);
    [{ company_id: companyId }] = await s.db.query("SELECT company_id FROM companies WHERE is_demo AND country = 'CO'");
    sandbox = new SandboxDian(technicalKeys(s.db));
  });
  after(() => s.close());

  const counters = () => s.db.query('SELECT id, consecutive FROM document_types WHERE company_id = $1 ORDER BY id', [companyId]);

  test('every document accepted: the pass is recorded, numbers from the test range, consecutives untouched', async () => {
    const before = await counters();
    const id = randomUUID();
    const judged: string[] = [];
    const spy: SandboxDian = Object.assign(Object.create(sandbox), {
      statusZip: async (trackId: string) => { const v = await sandbox.statusZip(trackId); judged.push(v ? 'judged' : 'pending'); return v; },
    });
    const result = await runDianTestSet(s.db, spy, companyId, id, { invoices: 6 });
    assert.equal(result.status, 'Accepted', JSON.stringify(result.documents.filter((d) => d.status !== 'Accepted')));
    assert.deepEqual(result.documents.map((d) => d.name), [0, 1, 2, 3, 4, 5].map((n) => `SETP${990000000 + n}`));
    assert.ok(result.documents.every((d) => d.kind === 'Invoice' && d.status === 'Accepted' && d.errors.length === 0));
    assert.ok(judged.filter((j) => j === 'judged').length === 6, `each document judged once: ${judged}`);

    const [company] = await s.db.query('SELECT settings FROM companies WHERE company_id = $1', [companyId]);
    assert.equal(company.settings.dian.test_set_id, id);
    assert.ok(Date.now() - Date.parse(company.settings.dian.test_set_passed_at) < 120_000);
    assert.equal(mayUseProduction(company.settings), true);
    assert.equal(mayUseProduction({}), false);
    const [run] = await s.db.query('SELECT * FROM dian_test_sets WHERE company_id = $1 ORDER BY id DESC LIMIT 1', [companyId]);
    assert.equal(run.status, 'Accepted');
    assert.equal(run.authority, 'sandbox');
    assert.equal(Number(run.first_number), 990000000);
    assert.equal(run.count, 6);
    assert.deepEqual(run.documents, result.documents);
    assert.deepEqual(await counters(), before);
  });

  test('a second run takes the next test numbers', async () => {
    const result = await runDianTestSet(s.db, sandbox, companyId, randomUUID(), { invoices: 2 });
    assert.equal(result.status, 'Accepted');
    assert.deepEqual(result.documents.map((d) => d.name), ['SETP990000006', 'SETP990000007']);
  });

  test('the sandbox judges each document: a bad issuer check digit rejects every one, and no pass is recorded', async () => {
    const [co] = await s.db.query('SELECT check_digit, settings FROM companies WHERE company_id = $1', [companyId]);
    await s.db.query(`UPDATE companies SET check_digit = $2, settings = settings #- '{dian,test_set_passed_at}' WHERE company_id = $1`,
      [companyId, String((Number(co.check_digit) + 1) % 10)]);
    try {
      const result = await runDianTestSet(s.db, sandbox, companyId, randomUUID(), { invoices: 3 });
      assert.equal(result.status, 'Rejected');
      assert.deepEqual(result.documents.map((d) => [d.status, d.errors.map((e) => e.code)]), [0, 1, 2].map(() => ['Rejected', ['NIT_CHECK_DIGIT']]));
      const [now] = await s.db.query('SELECT settings FROM companies WHERE company_id = $1', [companyId]);
      assert.equal(now.settings.dian?.test_set_passed_at, undefined);
    } finally {
      await s.db.query('UPDATE companies SET check_digit = $2, settings = $3 WHERE company_id = $1', [companyId, co.check_digit, JSON.stringify(co.settings)]);
    }
  });

  test('a test set id that is not the DIAN\'s GUID is refused for every document', async () => {
    const result = await runDianTestSet(s.db, sandbox, companyId, 'not-a-test-set', { invoices: 2 });
    assert.equal(result.status, 'Rejected');
    assert.deepEqual(result.documents.map((d) => d.errors.map((e) => e.code)), [['TEST_SET'], ['TEST_SET']]);
  });

  test('a company that cannot send a set: unknown, Mexican, no software registration, no certificate', async () => {
    const refused = async (id: number, param: string) => {
      await assert.rejects(runDianTestSet(s.db, sandbox, id, randomUUID(), { invoices: 1 }),
        (e: unknown) => e instanceof DianTestSetError && e.param === param);
    };
    await refused(99999, 'id');
    const [mx] = await s.db.query("SELECT company_id FROM companies WHERE is_demo AND country = 'MX'");
    await refused(mx.company_id, 'id');
    const [plain] = await s.db.query(
      `INSERT INTO companies (country, legal_name, tax_id, check_digit, time_zone) VALUES ('CO', 'Sin Registro S.A.S.', '900373115', '0', 'America/Bogota') RETURNING company_id`);
    await refused(plain.company_id, 'settings.dian');
    await s.db.query(`UPDATE companies SET settings = '{"dian":{"id":"0b5f6c1e-3c55-4d0f-8e55-7f9a1c2d3e4f","pin":"54321"}}' WHERE company_id = $1`, [plain.company_id]);
    await refused(plain.company_id, 'certificate');
    await assert.rejects(runDianTestSet(s.db, sandbox, companyId, ' '), (e: unknown) => e instanceof DianTestSetError && e.param === 'test_set_id');
  });

  test('the sandbox signs an ApplicationResponse under its own name, never the DIAN\'s', async () => {
    const res = await s.as('co').post('/v1/invoices', await electronicBody(s));
    assert.equal(res.body.stamp.status, 'Accepted', JSON.stringify(res.body.stamp));
    const [row] = await s.db.query('SELECT application_response, stamp_authority FROM invoices WHERE company_id = $1 AND id = $2', [companyId, res.body.id]);
    assert.equal(row.stamp_authority, 'sandbox');
    const facts = readApplicationResponse(row.application_response)!;
    assert.equal(facts.responseCode, '02');
    assert.equal(facts.cufe, res.body.stamp.cufe);
    assert.equal(facts.documentId, `${res.body.prefix}${res.body.number}`);
    assert.match(facts.validator, /sandbox/);
    assert.doesNotMatch(`${facts.validator} ${facts.description}`, /DIAN/);
    assert.ok(!/800197268/.test(row.application_response), 'the sandbox does not write the DIAN\'s NIT');
    const signature = await verifyInvoiceSignature(row.application_response);
    assert.equal(signature.valid, true, signature.reason);
  });
});

async function electronicBody(s: TestServer) {
  const { coRefs, validInvoice, today } = await import('../support/co');
  const r = await coRefs(s);
  return validInvoice(r, { document: { id: r.type['FV-E'].id }, date: today(), stamp: { send: true } });
}
