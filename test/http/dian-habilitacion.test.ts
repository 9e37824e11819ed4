/**
 * DIAN enablement (src/countries/co/dian/habilitacion.ts) on both storages: the
 * test set (invoices, then credit and debit notes on accepted invoices of the
 * set) is sent to the sandbox authority, which judges every document
 * (signature, CUFE or CUDE, totals, the note's invoice…), each with its own
 * verdict; a pass is recorded in the company's settings, and the numbers come
 * from the DIAN's test range, after the previous runs' and the company's
 * invoices on that range, which continue after the set; no other consecutive
 * moves. Over HTTP, the set as the DIAN composes it (30 + 10 + 10). A bad test set id, a document the
 * authority rejects, and a company that cannot send a set are reported.
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { eachStorage, startTestServer, type Storage, type TestServer } from '../support/server';
import { ADMIN_TOKEN, adminOf, ok, SECRET_KEY } from '../support/admin';
import { SandboxDian, type SubmitContext } from '../../src/countries/co/dian/authority';
import { noteFacts, technicalKeys } from '../../src/countries/co/dian/stamp';
import { DianTestSetError, mayUseProduction, runDianTestSet } from '../../src/countries/co/dian/habilitacion';
import { testSetDocuments } from '../../src/invoices/co/test-set';
import { readApplicationResponse } from '../../src/countries/co/dian/application-response';
import { verifyInvoiceSignature } from '../../src/countries/co/dian/sign';

eachStorage('DIAN test set through the sandbox', (storage: Storage) => {
  let s: TestServer;
  let companyId: number;
  let sandbox: SandboxDian;
  before(async () => {
    s = await startTestServer(storage, { ADMIN_TOKEN, SECRET_KEY });
    [{ company_id: companyId }] = await s.db.query("SELECT company_id FROM companies WHERE is_demo AND country = 'CO'");
    sandbox = new SandboxDian(technicalKeys(s.db), undefined, noteFacts(s.db));
  });
  after(() => s.close());

  const counters = () => s.db.query('SELECT id, consecutive FROM document_types WHERE company_id = $1 ORDER BY id', [companyId]);

  /** The company's document types on the DIAN's test resolution (SETP 990000000–995000000), which share its numbers with the test sets. */
  const onTestResolution = async () => (await s.db.query(
    `SELECT id, consecutive FROM document_types WHERE company_id = $1 AND resolution->>'number' = '18760000001' ORDER BY id`, [companyId]))
    .map((t) => ({ id: t.id, consecutive: Number(t.consecutive) }));

  test('invoices, then credit and debit notes on accepted invoices of the set: all accepted, the pass recorded, one test sequence', async () => {
    const before = await counters();
    const testTypes = await onTestResolution();
    assert.ok(testTypes.length >= 1, 'the demo invoices on the test resolution');
    const first = Math.max(990000000, ...testTypes.map((t) => t.consecutive));
    const id = randomUUID();
    const judged: string[] = [];
    const sent: { xml: string; ctx: SubmitContext }[] = [];
    const spy: SandboxDian = Object.assign(Object.create(sandbox), {
      sendTestSet: async (xml: string, testSetId: string, ctx: SubmitContext) => { sent.push({ xml, ctx }); return sandbox.sendTestSet(xml, testSetId); },
      statusZip: async (trackId: string) => { const v = await sandbox.statusZip(trackId); judged.push(v ? 'judged' : 'pending'); return v; },
    });
    const result = await runDianTestSet(s.db, spy, testSetDocuments, companyId, id, { invoices: 6, creditNotes: 6, debitNotes: 4 });
    assert.equal(result.status, 'Accepted', JSON.stringify(result.documents.filter((d) => d.status !== 'Accepted')));
    const names = Array.from({ length: 16 }, (_, n) => `SETP${first + n}`);
    assert.deepEqual(result.documents.map((d) => d.name), names);
    assert.deepEqual(result.documents.map((d) => d.kind), [...Array(6).fill('Invoice'), ...Array(6).fill('CreditNote'), ...Array(4).fill('DebitNote')]);
    assert.ok(result.documents.every((d) => d.status === 'Accepted' && d.errors.length === 0 && /^[0-9a-f]{96}$/.test(d.cufe!)));
    assert.equal(judged.filter((j) => j === 'judged').length, 16, `each document judged once: ${judged}`);
    // Every credit note concept (table 13.2.4) once, debit concepts 1 to 4 (13.2.5); each note on an invoice of the set.
    const notes = result.documents.slice(6);
    assert.deepEqual(notes.slice(0, 6).map((d) => d.reason), [2, 1, 3, 4, 6, 5]);
    assert.deepEqual(notes.slice(6).map((d) => d.reason), [1, 2, 3, 4]);
    assert.deepEqual(notes.map((d) => d.invoice), [...names.slice(0, 6), ...names.slice(0, 4)]);

    // What went to the authority: the invoices before any note, each in its file type, every note naming its invoice's CUFE.
    assert.deepEqual(sent.map((x) => x.ctx.documentPrefix), [...Array(6).fill('fv'), ...Array(6).fill('nc'), ...Array(4).fill('nd')]);
    assert.equal(new Set(sent.flatMap((x) => [`${x.ctx.documentPrefix}${x.ctx.fileName}.xml`, `z${x.ctx.zipName}.zip`])).size, 32, 'every file name unique');
    const cufeOf = new Map(result.documents.slice(0, 6).map((d) => [d.name, d.cufe]));
    sent.slice(6).forEach(({ xml }, k) => {
      const d = notes[k];
      assert.match(xml, new RegExp(`^<\\?xml[^>]*\\?><${d.kind} `));
      assert.ok(xml.includes(`<cbc:ID>${d.name}</cbc:ID>`));
      assert.ok(xml.includes(`<cbc:ResponseCode>${d.reason}</cbc:ResponseCode>`));
      assert.ok(xml.includes(`<cac:InvoiceDocumentReference><cbc:ID>${d.invoice}</cbc:ID><cbc:UUID schemeName="CUFE-SHA384">${cufeOf.get(d.invoice!)}</cbc:UUID>`), d.name);
      assert.ok(xml.includes('<cbc:ProfileExecutionID>2</cbc:ProfileExecutionID>'));
      assert.ok(xml.includes(`schemeName="CUDE-SHA384">${d.cufe}</cbc:UUID>`));
    });
    // The annulment credits the invoice's line whole: 1 × 100,000.00 + IVA 19 % = 119,000.00.
    assert.ok(sent[6].xml.includes('<cbc:PayableAmount currencyID="COP">119000.00</cbc:PayableAmount>'));
    // The return credits one unit of its invoice's first line, without the invoice line's discount: 85,000.00 + IVA 19 % = 101,150.00.
    assert.ok(sent[7].xml.includes('<cbc:PayableAmount currencyID="COP">101150.00</cbc:PayableAmount>'));
    // Interest (debit concept 1) of 5,000.00, excluded of IVA.
    assert.ok(sent[12].xml.includes('<cbc:PayableAmount currencyID="COP">5000.00</cbc:PayableAmount>'));

    const [company] = await s.db.query('SELECT settings FROM companies WHERE company_id = $1', [companyId]);
    assert.equal(company.settings.dian.test_set_id, id);
    assert.ok(Date.now() - Date.parse(company.settings.dian.test_set_passed_at) < 120_000);
    assert.equal(mayUseProduction(company.settings), true);
    assert.equal(mayUseProduction({}), false);
    const [run] = await s.db.query('SELECT * FROM dian_test_sets WHERE company_id = $1 ORDER BY id DESC LIMIT 1', [companyId]);
    assert.equal(run.status, 'Accepted');
    assert.equal(run.authority, 'sandbox');
    assert.equal(Number(run.first_number), first);
    assert.equal(run.count, 16);
    assert.deepEqual(run.documents, result.documents);
    // The document types on the test resolution continue after the set; every other consecutive is untouched.
    const moved = new Set(testTypes.map((t) => t.id));
    assert.deepEqual((await counters()).filter((t) => !moved.has(t.id)), before.filter((t) => !moved.has(t.id)));
    assert.deepEqual(await onTestResolution(), testTypes.map((t) => ({ id: t.id, consecutive: first + 16 })));
  });

  test('the test numbers and the company\'s invoices on the test resolution never meet', async () => {
    const { coRefs, validInvoice, today } = await import('../support/co');
    const r = await coRefs(s);
    const a = await runDianTestSet(s.db, sandbox, testSetDocuments, companyId, randomUUID(), { invoices: 2, creditNotes: 1, debitNotes: 0 });
    assert.equal(a.status, 'Accepted', JSON.stringify(a.documents));
    const last = Number(a.documents[2].name.slice(4));
    const invoice = await s.as('co').post('/v1/invoices', validInvoice(r, { document: { id: r.type['FV-E'].id }, date: today() }));
    assert.equal(invoice.status, 201, JSON.stringify(invoice.body));
    assert.equal(invoice.body.prefix, 'SETP');
    assert.equal(invoice.body.number, last + 1, 'the invoice after the set');
    const b = await runDianTestSet(s.db, sandbox, testSetDocuments, companyId, randomUUID(), { invoices: 1, creditNotes: 0, debitNotes: 1 });
    assert.equal(b.status, 'Accepted', JSON.stringify(b.documents));
    assert.deepEqual(b.documents.map((d) => d.name), [`SETP${last + 2}`, `SETP${last + 3}`], 'the set after the invoice');
  });

  test('a mistyped TestSetId is refused before anything is sent or numbered, in the request and in the settings', async () => {
    const admin = adminOf(s);
    const sets = async () => (await s.db.query<{ n: string }>('SELECT count(*)::text AS n FROM dian_test_sets WHERE company_id = $1', [companyId]))[0].n;
    const before = await sets();
    const hint = /test_set_id must be the GUID the DIAN gave the test set \(8-4-4-4-12 hexadecimal digits\)/;
    // One digit short, as typed from the portal.
    const short = await admin.post(`/companies/${companyId}/dian/test-set`, { test_set_id: '6d3b1f0e-2a4c-4e8b-9f7d-5c1a2b3e4d5' });
    assert.equal(short.status, 400, JSON.stringify(short.body));
    assert.deepEqual(short.body.Errors.map((e: any) => e.Params[0]), ['test_set_id']);
    assert.match(short.body.Errors[0].Message, hint);
    const saved = await admin.patch(`/companies/${companyId}`, { settings: { dian: { test_set_id: 'abc-123' } } });
    assert.equal(saved.status, 400, JSON.stringify(saved.body));
    assert.match(saved.body.Errors[0].Message, /must be the GUID the DIAN gave the test set/);
    // One stored before this check: refused when the set runs, naming it.
    await s.db.query(`UPDATE companies SET settings = jsonb_set(settings, '{dian,test_set_id}', '"abc-123"') WHERE company_id = $1`, [companyId]);
    const stored = await admin.post(`/companies/${companyId}/dian/test-set`, {});
    assert.equal(stored.status, 400, JSON.stringify(stored.body));
    assert.match(stored.body.Errors[0].Message, /not "abc-123": nothing was sent/);
    assert.equal(await sets(), before, 'no set started, no test number taken');
  });

  test('the set as the DIAN composes it over HTTP: 30 invoices, 10 credit notes, 10 debit notes, all accepted', async () => {
    const admin = adminOf(s);
    await s.db.query(`UPDATE companies SET settings = settings #- '{dian,test_set_passed_at}' WHERE company_id = $1`, [companyId]);
    const id = randomUUID();
    const res = ok(await admin.post(`/companies/${companyId}/dian/test-set`, { test_set_id: id }));
    assert.equal(res.status, 'Accepted', JSON.stringify(res.documents.filter((d: any) => d.status !== 'Accepted')));
    const count = (kind: string) => res.documents.filter((d: any) => d.kind === kind).length;
    assert.deepEqual([count('Invoice'), count('CreditNote'), count('DebitNote'), res.documents.length], [30, 10, 10, 50]);
    const first = Number(res.documents[0].name.slice(4));
    assert.deepEqual(res.documents.map((d: any) => d.name), Array.from({ length: 50 }, (_, n) => `SETP${first + n}`));
    const invoices = new Set(res.documents.slice(0, 30).map((d: any) => d.name));
    assert.ok(res.documents.slice(30).every((d: any) => invoices.has(d.invoice)));
    const settings = ok(await admin.get(`/companies/${companyId}`)).settings;
    assert.equal(settings.dian.test_set_id, id);
    assert.ok(settings.dian.test_set_passed_at);
  });

  test('the sandbox judges each document: a bad issuer check digit rejects every one, and no pass is recorded', async () => {
    const [co] = await s.db.query('SELECT check_digit, settings FROM companies WHERE company_id = $1', [companyId]);
    await s.db.query(`UPDATE companies SET check_digit = $2, settings = settings #- '{dian,test_set_passed_at}' WHERE company_id = $1`,
      [companyId, String((Number(co.check_digit) + 1) % 10)]);
    try {
      const result = await runDianTestSet(s.db, sandbox, testSetDocuments, companyId, randomUUID(), { invoices: 3, creditNotes: 1, debitNotes: 1 });
      assert.equal(result.status, 'Rejected');
      assert.deepEqual(result.documents.map((d) => [d.kind, d.status, d.errors.map((e) => e.code)]), [
        ...[0, 1, 2].map(() => ['Invoice', 'Rejected', ['NIT_CHECK_DIGIT']]),
        ['CreditNote', 'Rejected', ['NOT_SENT']], ['DebitNote', 'Rejected', ['NOT_SENT']]]);
      const [now] = await s.db.query('SELECT settings FROM companies WHERE company_id = $1', [companyId]);
      assert.equal(now.settings.dian?.test_set_passed_at, undefined);
    } finally {
      await s.db.query('UPDATE companies SET check_digit = $2, settings = $3 WHERE company_id = $1', [companyId, co.check_digit, JSON.stringify(co.settings)]);
    }
  });

  test('a test set id that is not the DIAN\'s GUID is refused before any document, and by the sandbox DIAN too', async () => {
    await assert.rejects(runDianTestSet(s.db, sandbox, testSetDocuments, companyId, 'not-a-test-set', { invoices: 2, creditNotes: 0, debitNotes: 0 }),
      (e: unknown) => e instanceof DianTestSetError && e.param === 'test_set_id' && /not "not-a-test-set": nothing was sent/.test(e.message));
    assert.deepEqual((await sandbox.sendTestSet('<Invoice/>', 'not-a-test-set')).errors.map((e) => e.code), ['TEST_SET']);
  });

  test('a company that cannot send a set: unknown, Mexican, no software registration, no certificate', async () => {
    const refused = async (id: number, param: string) => {
      await assert.rejects(runDianTestSet(s.db, sandbox, testSetDocuments, id, randomUUID(), { invoices: 1, creditNotes: 0, debitNotes: 0 }),
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
    await assert.rejects(runDianTestSet(s.db, sandbox, testSetDocuments, companyId, ' '), (e: unknown) => e instanceof DianTestSetError && e.param === 'test_set_id');
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
