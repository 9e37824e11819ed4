/**
 * The sandbox authority refuses what the DIAN would: a tampered document
 * (signature), a wrong CUFE, totals that do not add up, a number outside the
 * resolution, a wrong NIT check digit, malformed XML, a LegalMonetaryTotal that
 * breaks docs/colombia.md. The XML comes from a real accepted invoice (an IVA line, an
 * excluded line, a global discount and charge); each case changes it, signs it
 * again with the company's certificate and sends it.
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { startTestServer, type TestServer } from '../support/server';
import { coRefs, today, validInvoice } from '../support/co';
import { SandboxDian } from '../../src/countries/co/dian/authority';
import { technicalKeys } from '../../src/countries/co/dian/stamp';
import { signInvoiceXml } from '../../src/countries/co/dian/sign';
import { loadPkcs12 } from '../../src/einvoice/certificates';

let s: TestServer;
let signed: string;
let cred: { certPem: string; keyPem: string };
let sandbox: SandboxDian;
before(async () => {
  s = await startTestServer('pglite');
  const r = await coRefs(s);
  // 10 × 100 − 50 = 950.00 with IVA 180.50, and 200.00 excluded: lines 1,150.00, taxed 950.00, inclusive 1,330.50;
  // discount 50.00, charge 20.00: payable 1,300.50.
  const res = await s.as('co').post('/v1/invoices', validInvoice(r, {
    document: { id: r.type['FV-E'].id }, date: today(), stamp: { send: true },
    items: [...validInvoice(r).items, { code: 'LIBRO01', quantity: 1, price: 200, taxes: [] }],
    global_discounts: [{ id: r.discount.id, value: 50 }], global_charges: [{ id: r.charge.id, value: 20 }],
    payments: [{ id: r.pay.Cash.id, value: 1300.5 }],
  }));
  assert.equal(res.body.stamp.status, 'Accepted', JSON.stringify(res.body.stamp));
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

test('a production document (ProfileExecutionID 1) on the test resolution 18760000001 is refused, even with a CUFE that recomputes', async () => {
  const production = unsigned().replace('<cbc:ProfileExecutionID>2</cbc:ProfileExecutionID>', '<cbc:ProfileExecutionID>1</cbc:ProfileExecutionID>');
  assert.notEqual(production, unsigned());
  const first = await sandbox.send(await resign(production));
  const expected = /se esperaba ([0-9a-f]{96})/.exec(first.errors.find((e) => e.code === 'CUFE')?.message ?? '')?.[1];
  assert.ok(expected, JSON.stringify(first.errors));
  const recomputed = production.replace(/(<cbc:UUID[^>]*>)[0-9a-f]{96}/, `$1${expected}`);
  const v = await sandbox.send(await resign(recomputed));
  assert.equal(v.status, 'Rejected');
  assert.deepEqual(v.errors.map((e) => e.code), ['RESOLUTION']);
  assert.match(v.errors[0].message, /18760000001 es la numeración de pruebas/);
});

test('FAS07: a line\'s tax that is not its taxable base times its rate is refused (the totals still adding up)', async () => {
  // The IVA line: 950.00 × 19 % = 180.50. Stated on 951.00 (TaxExclusiveAmount too, so the totals hold), 180.50 is 180.69's place.
  const moved = unsigned()
    .replace(/(<cac:InvoiceLine>[\s\S]*?<cac:TaxSubtotal>\s*<cbc:TaxableAmount[^>]*>)950\.00/, '$1951.00')
    .replace(/(<cbc:TaxExclusiveAmount[^>]*>)950\.00/, '$1951.00');
  assert.notEqual(moved, unsigned());
  const v = await sandbox.send(await resign(moved));
  assert.deepEqual(v.errors.map((e) => e.code), ['FAS07']);
  assert.match(v.errors[0].message, /Línea 1: el tributo 01 de 180\.50 no es la base 951\.00 × 19\.00 % \(180\.69\)/);
});

test('LegalMonetaryTotal: each figure that breaks its definition is refused with TOTALS', async () => {
  const lmt = (xml: string, name: string, value: string) => {
    const changed = xml.replace(new RegExp(`(<cbc:${name}[^>]*>)[0-9.]+(</cbc:${name}>)`), `$1${value}$2`);
    assert.notEqual(changed, xml, name);
    return changed;
  };
  const totals = async (xml: string) => (await sandbox.send(await resign(xml))).errors.filter((e) => e.code === 'TOTALS').map((e) => e.message);
  const base = unsigned();
  assert.match(base, /<cbc:TaxExclusiveAmount[^>]*>950.00</);
  assert.match(base, /<cbc:TaxInclusiveAmount[^>]*>1330.50</);
  // The excluded line counted in TaxExclusiveAmount.
  assert.deepEqual(await totals(lmt(base, 'TaxExclusiveAmount', '1150.00')),
    ['Las bases gravables de las líneas con impuesto suman 950.00, no el TaxExclusiveAmount declarado 1150.00']);
  // TaxInclusiveAmount as TaxExclusiveAmount + taxes (1,130.50), and the PayableAmount that follows from it.
  assert.deepEqual(await totals(lmt(lmt(base, 'TaxInclusiveAmount', '1130.50'), 'PayableAmount', '1100.50')),
    ['LineExtensionAmount más los impuestos (180.50) es 1330.50, no el TaxInclusiveAmount declarado 1130.50']);
  assert.deepEqual(await totals(lmt(base, 'PayableAmount', '1350.50')),
    ['TaxInclusiveAmount − descuentos + cargos − anticipos es 1300.50, no el PayableAmount declarado 1350.50']);
  assert.deepEqual(await totals(lmt(base, 'AllowanceTotalAmount', '0.00')), [
    'Los descuentos del documento suman 50.00, no el AllowanceTotalAmount declarado 0.00',
    'TaxInclusiveAmount − descuentos + cargos − anticipos es 1350.50, no el PayableAmount declarado 1300.50',
  ]);
  assert.deepEqual(await totals(lmt(base, 'ChargeTotalAmount', '0.00')), [
    'Los cargos del documento suman 20.00, no el ChargeTotalAmount declarado 0.00',
    'TaxInclusiveAmount − descuentos + cargos − anticipos es 1280.50, no el PayableAmount declarado 1300.50',
  ]);
  // A line tax that is not in the document's taxes.
  const lineTax = base.replace(/(<cac:InvoiceLine>[\s\S]*?<cac:TaxTotal><cbc:TaxAmount[^>]*>)180.50/, '$1181.50');
  assert.notEqual(lineTax, base);
  assert.deepEqual(await totals(lineTax), [
    'Los impuestos de las líneas suman 181.50, no los 180.50 del documento',
    'Un total de impuesto de 181.50 tiene subtotales que suman 180.50',
  ]);
});

test('malformed XML is rejected, not a crash', async () => {
  const v = await sandbox.send('<Invoice><cbc:ID>1</Invoice>');
  assert.equal(v.status, 'Rejected');
  assert.deepEqual(v.errors.map((e) => e.code), ['XML']);
});

test('the signature is verified on the one parse the sandbox makes: none, a wrong digest, an unsigned comment', async () => {
  assert.ok((await codes(unsigned())).includes('SIGNATURE'));
  const digest = signed.replace(/(<ds:DigestValue>)([^<]+)/, (_, tag, v: string) => `${tag}${v[0] === 'A' ? 'B' : 'A'}${v.slice(1)}`);
  assert.notEqual(digest, signed);
  const v = await sandbox.send(digest);
  assert.deepEqual(v.errors.map((e) => e.code), ['SIGNATURE']);
  assert.match(v.errors[0].message, /^La firma no es válida: The document was modified after it was signed/);
  // A comment is not signed (C14N without comments): the document is still the one signed.
  assert.equal((await sandbox.send(signed.replace('<cbc:UBLVersionID>', '<!-- nota --><cbc:UBLVersionID>'))).status, 'Accepted');
  const malformed = await sandbox.send('<Invoice><cbc:ID>1</Invoice>');
  assert.match(malformed.errors[0].message, /^El XML no está bien formado: \S/);
});
