/**
 * Issue 34 points 5 and 7: DIAN file names with a consecutive per file type, issuer and year
 * (unique over invoices, notes and mails, kept with each document), and the software provider
 * (settings.dian.provider_nit, validated) written as sts:ProviderID and in the file names.
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { eachStorage, problems, startTestServer, type TestServer } from '../support/server';
import { coRefs, noteRefs, today, validInvoice, type CoRefs } from '../support/co';
import { ADMIN_TOKEN, adminOf, SECRET_KEY } from '../support/admin';
import { dianFileStem, dianFileStems, providerCode } from '../../src/countries/co/dian/file-names';
import { sleep } from '../support/profile';

eachStorage('DIAN file names and the software provider', (storage) => {
  let s: TestServer;
  let r: CoRefs;
  let notes: Awaited<ReturnType<typeof noteRefs>>;
  before(async () => {
    s = await startTestServer(storage, { ADMIN_TOKEN, SECRET_KEY });
    [r, notes] = await Promise.all([coRefs(s), noteRefs(s)]);
  });
  after(() => s.close());

  test('an invoice, a credit note and a debit note all numbered alike get distinct names, one consecutive per file type; names are kept', async () => {
    const co = s.as('co');
    const inv = (await co.post('/v1/invoices', validInvoice(r, { document: { id: r.type['FV-E'].id }, stamp: { send: true },
      payments: [{ id: r.pay.Credit.id, value: 1130.5, due_date: '2099-12-31' }] }))).body;
    assert.equal(inv.stamp.status, 'Accepted', JSON.stringify(inv.stamp));
    const note = (kind: 'NC' | 'ND') => co.post(kind === 'NC' ? '/v1/credit-notes' : '/v1/debit-notes', {
      document: { id: notes.types[`${kind}-E`].id }, date: today(), invoice: inv.id, reason: 1, seller: r.seller.id,
      items: [{ code: 'PORT14', quantity: 1, price: 100, taxes: [{ id: r.taxOf('IVA', 19).id }] }],
      payments: [{ id: notes.pays[`${kind}.Credit`].id, value: 119, ...(kind === 'ND' ? { due_date: '2099-12-31' } : {}) }], stamp: { send: true },
    });
    const [nc, nd] = [(await note('NC')).body, (await note('ND')).body];
    assert.equal(nc.stamp.status, 'Accepted', JSON.stringify(nc.stamp));
    assert.equal(nd.stamp.status, 'Accepted', JSON.stringify(nd.stamp));
    // Mails name the AttachedDocument and its ZIP (documentFiles), twice for the same document.
    for (const [p, id] of [['invoices', inv.id], ['credit-notes', nc.id], ['debit-notes', nd.id], ['credit-notes', nc.id]]) {
      assert.equal((await co.post(`/v1/${p}/${id}/mail`, { mail_to: 'a@example.com' })).status, 202);
    }
    for (let i = 0; i < 100 && (await s.db.query(`SELECT 1 FROM mails WHERE status = 'process_of_sending'`)).length; i++) await sleep(100);
    const rows = await s.db.query(`SELECT document_key, file_type, year, consecutive, name FROM dian_files f JOIN companies c USING (company_id)
      WHERE c.is_demo AND c.country = 'CO' AND document_key LIKE ANY($1) ORDER BY file_type, consecutive`, [[inv.id, nc.id, nd.id].map((x) => `${x}%`)]);
    const names = rows.map((x: any) => `${x.file_type}${x.name}`);
    assert.equal(new Set(names).size, names.length, `unique: ${names.join(' ')}`);
    const kinds = (t: string) => rows.filter((x: any) => x.file_type === t).map((x: any) => x.document_key);
    assert.deepEqual(kinds('fv'), [inv.id]);
    assert.deepEqual(kinds('nc'), [nc.id]);
    assert.deepEqual(kinds('nd'), [nd.id]);
    assert.deepEqual(kinds('ad').sort(), [inv.id, nc.id, nd.id].sort(), 'one AttachedDocument name per document, however often mailed');
    assert.equal(kinds('z').length, 6, 'a ZIP sent and a ZIP mailed per document');
    // Consecutives count per type: within a type they are distinct and the name ends with them in 8 hex digits.
    for (const x of rows) assert.ok(x.name.endsWith(Number(x.consecutive).toString(16).padStart(8, '0')) && x.name.slice(13, 15) === today().slice(2, 4), x.name);
    // The bug: number 1 of an NC and of an ND gave the same z…00000001.zip.
    assert.notEqual(rows.find((x: any) => x.file_type === 'z' && x.document_key === nc.id).name, rows.find((x: any) => x.file_type === 'z' && x.document_key === nd.id).name);
    // Asked again, a document keeps its names.
    const [company] = await s.db.query(`SELECT * FROM companies WHERE is_demo AND country = 'CO'`);
    assert.equal(await dianFileStem(s.db, company, nc.id, 'nc', today()), rows.find((x: any) => x.file_type === 'nc').name);
  });

  test('settings.dian.provider_nit: validated, written as sts:ProviderID, in the file names\' provider code', async () => {
    const admin = adminOf(s);
    const [company] = await s.db.query(`SELECT company_id, tax_id FROM companies WHERE is_demo AND country = 'CO'`);
    const bad = await admin.patch(`/companies/${company.company_id}`, { settings: { dian: { provider_nit: '900373115', provider_check_digit: '1' } } });
    assert.deepEqual(problems(bad), ['invalid_identification@settings.dian.provider_check_digit']);
    assert.deepEqual(problems(await admin.patch(`/companies/${company.company_id}`, { settings: { dian: { provider_check_digit: '3' } } })), ['parameter_required@settings.dian.provider_nit']);
    const okay = await admin.patch(`/companies/${company.company_id}`, { settings: { dian: { provider_nit: '900373115', provider_check_digit: '3' } } });
    assert.equal(okay.status, 200, JSON.stringify(okay.body));
    assert.equal(okay.body.settings.dian.provider_nit, '900373115', 'kept, not dropped');
    // The provider code (ppp) is the DIAN's code of the provider, never read off its NIT: 000 until settings.dian.provider_code gives it.
    assert.equal(providerCode({ tax_id: company.tax_id, settings: { dian: { provider_nit: '900373115' } } }), '000');
    assert.equal(providerCode({ tax_id: company.tax_id, settings: { dian: { provider_nit: '900373115', provider_code: '042' } } }), '042');
    assert.equal(providerCode({ tax_id: company.tax_id, settings: {} }), '000');
    const stamped = async () => {
      const inv = (await s.as('co').post('/v1/invoices', validInvoice(r, { document: { id: r.type['FV-E'].id }, stamp: { send: true } }))).body;
      assert.equal(inv.stamp.status, 'Accepted', JSON.stringify(inv.stamp));
      const xml = Buffer.from((await s.as('co').get(`/v1/invoices/${inv.id}/xml`)).body.base64, 'base64').toString('utf8');
      assert.match(xml, /<sts:ProviderID[^>]*schemeID="3"[^>]*>900373115<\/sts:ProviderID>/);
      const [file] = await s.db.query(`SELECT name FROM dian_files WHERE document_key = $1 AND file_type = 'fv'`, [inv.id]);
      return file.name.slice(10, 13);
    };
    assert.equal(await stamped(), '000');
    for (const bad of ['42', '0042', 'abc']) {
      assert.deepEqual(problems(await admin.patch(`/companies/${company.company_id}`, { settings: { dian: { provider_code: bad } } })), ['invalid_value@settings.dian.provider_code'], bad);
    }
    assert.equal((await admin.patch(`/companies/${company.company_id}`, { settings: { dian: { provider_code: '042' } } })).status, 200);
    assert.equal(await stamped(), '042');
    await admin.patch(`/companies/${company.company_id}`, { settings: { dian: { provider_nit: null, provider_code: null } } });
  });

  test('several files of one document in one statement: one name per type, kept, never given twice, also under concurrent calls', async () => {
    const [company] = await s.db.query(`SELECT * FROM companies WHERE is_demo AND country = 'CO'`);
    const stored = async (key: string) => Object.fromEntries((await s.db.query<{ file_type: string; name: string }>(
      'SELECT file_type, name FROM dian_files WHERE company_id = $1 AND document_key = $2', [company.company_id, key])).map((x) => [x.file_type, x.name]));
    const key = `stems-${Date.now()}`;
    const [fv, z] = await dianFileStems(s.db, company, key, ['fv', 'z'], today());
    assert.deepEqual(await stored(key), { fv, z });
    assert.ok(fv.startsWith(company.tax_id.padStart(10, '0')) && /^[0-9a-f]{8}$/.test(fv.slice(-8)), fv);
    // Asked again (together, alone, or with a new type), the names are the same; a repeated type gets its one name twice.
    assert.deepEqual(await dianFileStems(s.db, company, key, ['z', 'fv'], today()), [z, fv]);
    assert.equal(await dianFileStem(s.db, company, key, 'z', today()), z);
    const [ad, again] = await dianFileStems(s.db, company, key, ['ad', 'fv'], today());
    assert.equal(again, fv);
    assert.deepEqual(await dianFileStems(s.db, company, key, ['ad', 'ad'], today()), [ad, ad]);
    // Concurrent calls: for one new document they all answer its one pair; for distinct documents every name differs.
    const one = `stems-one-${Date.now()}`;
    const same = await Promise.all(Array.from({ length: 8 }, () => dianFileStems(s.db, company, one, ['nc', 'z'], today())));
    for (const pair of same) assert.deepEqual(pair, same[0]);
    assert.deepEqual(await stored(one), { nc: same[0][0], z: same[0][1] });
    const many = await Promise.all(Array.from({ length: 8 }, (_, i) => dianFileStems(s.db, company, `stems-${i}-${Date.now()}`, ['nc', 'z'], today())));
    const names = [...many.flat(), ...same[0], fv, z, ad];
    const zs = [...many.map((p) => p[1]), same[0][1], z];
    assert.equal(new Set(zs).size, zs.length, `distinct ZIP names: ${zs.join(' ')}`);
    assert.equal(new Set(many.map((p) => p[0])).size, many.length);
    assert.ok(names.every((n) => n.length === 23), names.join(' '));
  });
});
