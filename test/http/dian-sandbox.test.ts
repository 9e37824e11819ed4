/**
 * The sandbox authority refuses what the DIAN would: a tampered document
 * (signature), a wrong CUFE, totals that do not add up, a number outside the
 * resolution, a wrong NIT check digit, malformed XML. The XML comes from a real
 * accepted invoice; each case changes it, signs it again with the company's
 * certificate and sends it.
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { startTestServer, type TestServer } from '../support/server';
import { coRefs, today, validInvoice } from '../support/co';
import { SandboxDian } from '../../src/einvoice/dian/authority';
import { technicalKeys } from '../../src/einvoice/dian/stamp';
import { signInvoiceXml } from '../../src/einvoice/dian/sign';
import { loadPkcs12 } from '../../src/einvoice/certificates';

let s: TestServer;
let signed: string;
let cred: { certPem: string; keyPem: string };
let sandbox: SandboxDian;
before(async () => {
  s = await startTestServer('pglite');
  const r = await coRefs(s);
  const res = await s.as('co').post('/v1/invoices', validInvoice(r, { document: { id: r.type['FV-E'].id }, date: today(), stamp: { send: true } }));
  assert.equal(res.body.stamp.status, 'Accepted');
  [{ xml: signed }] = await s.db.query('SELECT xml FROM invoices WHERE id = $1', [res.body.id]);
  const [c] = await s.db.query('SELECT p12, password FROM company_credentials');
  cred = loadPkcs12(c.p12, c.password);
  sandbox = new SandboxDian(technicalKeys(s.db));
});
after(() => s.close());

const unsigned = () => signed.replace(/<ds:Signature[\s\S]*<\/ds:Signature>/, '');
const codes = async (xml: string) => (await sandbox.send(xml)).errors.map((e) => e.code).sort();
const resign = (xml: string) => signInvoiceXml(xml, cred);

test('the untouched XML is accepted, and the authority remembers it by CUFE', async () => {
  const v = await sandbox.send(signed);
  assert.equal(v.status, 'Accepted');
  assert.deepEqual(await sandbox.status(v.cufe!), v);
});

test('a total changed after signing breaks the signature', async () => {
  const tampered = signed.replace(/(<cbc:PayableAmount[^>]*>)([0-9.]+)/, (_, tag, v) => `${tag}${(Number(v) + 1).toFixed(2)}`);
  assert.notEqual(tampered, signed);
  assert.ok((await codes(tampered)).includes('SIGNATURE'));
});

test('a wrong CUFE, totals that do not add up, a number outside the resolution, a wrong check digit', async () => {
  const cufe = unsigned().replace(/(<cbc:UUID[^>]*>)([0-9a-f]{96})/, (_, tag, v) => `${tag}${v.replace(/^./, (c: string) => (c === 'a' ? 'b' : 'a'))}`);
  assert.deepEqual(await codes(await resign(cufe)), ['CUFE']);
  const lines = unsigned().replace(/(<cac:InvoiceLine>[\s\S]*?<cbc:LineExtensionAmount[^>]*>)([0-9.]+)/, (_, tag, v) => `${tag}${(Number(v) + 5).toFixed(2)}`);
  assert.ok((await codes(await resign(lines))).includes('TOTALS'));
  const range = unsigned().replace(/<sts:To>\d+<\/sts:To>/, '<sts:To>1</sts:To>');
  assert.deepEqual(await codes(await resign(range)), ['RESOLUTION_RANGE']);
  const dv = unsigned().replace(/(<cac:AccountingSupplierParty>[\s\S]*?<cac:PartyTaxScheme>[\s\S]*?<cbc:CompanyID[^>]*schemeID=")(\d)/, (_, pre, d) => `${pre}${(Number(d) + 1) % 10}`);
  assert.ok((await codes(await resign(dv))).includes('NIT_CHECK_DIGIT'));
});

test('malformed XML is rejected, not a crash', async () => {
  const v = await sandbox.send('<Invoice><cbc:ID>1</Invoice>');
  assert.equal(v.status, 'Rejected');
  assert.deepEqual(v.errors.map((e) => e.code), ['XML']);
});
