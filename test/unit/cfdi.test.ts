/**
 * CFDI 4.0 and the sandbox stamping provider, without the server: the
 * original chains against the SAT's own XSLT (xsltproc), the structure against
 * cfdv40.xsd and TimbreFiscalDigitalv11.xsd (libxml2-wasm), the seal and the TFD
 * seal verified with Node's crypto, the retention spread, and each rejection.
 */
import { before, test } from 'node:test';
import assert from 'node:assert/strict';
import crypto, { X509Certificate } from 'node:crypto';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Decimal from 'decimal.js';
import { generateTestCertificate, loadPkcs12, derBase64ToPem, type LoadedCertificate } from '../../src/einvoice/certificates';
import { buildCfdi, cfdiDateTime, importeBounds, satCertificateNumber, spread, type CfdiInput } from '../../src/countries/mx/sat/cfdi';
import { cfdiChain, parseXml, satSelect, timbreChain } from '../../src/countries/mx/sat/chain';
import { SANDBOX_PROVIDER_RFC, SandboxPac } from '../../src/countries/mx/sat/provider';
import { buildPaymentCfdi, type PaymentCfdiInput } from '../../src/countries/mx/sat/payment';
import { amountPaid, invoiceTaxGroups, paidTaxes, remainingGroups, settlingShare } from '../../src/payments/compute';
import { needsTool, SAT_XSD_DIR, xsdErrors } from '../support/tools';

const csd = (rfc: string, name: string): LoadedCertificate => {
  const made = generateTestCertificate({ commonName: name, nit: rfc, country: 'MX' });
  return loadPkcs12(made.p12Base64, made.password);
};
let company: LoadedCertificate;
let provider: LoadedCertificate;
before(() => {
  company = csd('EKU9003173C9', 'ESCUELA KEMPER URGATE');
  provider = csd(SANDBOX_PROVIDER_RFC, 'Proveedor de prueba');
});
const pac = () => new SandboxPac(async () => provider);

/**
 * Two lines: 2 × 1500 − 300 with IVA 16 % (base 2700, IVA 432) and 3 × 33.33 with IVA 8 %
 * (base 99.99, IVA 8.00); ReteIVA 10.6667 % and ReteISR 10 % of the 2799.99 subtotal:
 * 298.67 and 280.00. Total 2799.99 + 440 − 578.67 = 2661.32.
 */
const doc = (over: Record<string, unknown> = {}) => ({
  prefix: 'A', number: 17, date: cfdiDateTime(new Date(), 'America/Mexico_City').slice(0, 10), use: 'G03',
  metadata: { created: new Date().toISOString() },
  items: [
    { code: 'LAP14', description: 'Laptop 14 pulgadas & accesorios', quantity: 2, price: 1500, subtotal: 3000, discount_value: 300, sat_product_key: '43211503', sat_unit_key: 'H87',
      taxes: [{ id: 1, type: 'IVA', percentage: 16, value: 432, base_value: 2700 }] },
    { code: 'MONIT24', description: 'Monitor   24"  \n pulgadas', quantity: 3, price: 33.33, subtotal: 99.99, discount_value: 0, sat_product_key: '43211902', sat_unit_key: 'H87',
      taxes: [{ id: 2, type: 'IVA', percentage: 8, value: 8, base_value: 99.99 }] },
  ],
  retention_details: [{ id: 4, type: 'ReteIVA', percentage: 10.6667, value: 298.67, base_value: 2799.99 }, { id: 5, type: 'ReteISR', percentage: 10, value: 280, base_value: 2799.99 }],
  subtotal: 3099.99, discounts: 300, taxes_total: 440, total: 2661.32,
  payment: { method: 'PUE', conditions: { payment_form: '03' } },
  ...over,
});
const input = (d = doc(), customer: Partial<CfdiInput['customer']> = {}): CfdiInput => ({
  // The fixture holds what the CFDI reads of a stored document, not the whole answer.
  document: d as unknown as CfdiInput['document'],
  company: { tax_id: 'EKU9003173C9', legal_name: 'ESCUELA KEMPER URGATE', time_zone: 'America/Mexico_City', settings: { tax_regime: '601', postal_code: '22000' }, address: {} },
  customer: { identification: 'XIA190128J61', name: ['XENON INDUSTRIAL ARTICLES'], tax_regime: '601', address: { postal_code: '76343' }, ...customer },
  products: { LAP14: { tax_object: '02' }, MONIT24: { tax_object: '02' } },
});
/**
 * A payment receipt of two invoices: the first (IVA 16 % with both withholdings) in its first installment, the
 * second (IVA 16 % and 0 %) settled by its second; in pesos, or in dollars at 17.25.
 */
const paymentInput = (currency = 'MXN'): PaymentCfdiInput => {
  const rate = currency === 'MXN' ? 1 : 17.25;
  const invoice = (n: number, over: Record<string, unknown>): PaymentCfdiInput['document']['invoices'][number] => ({ id: crypto.randomUUID(), name: `A-1-${n}`, prefix: 'A', number: n, uuid: crypto.randomUUID().toUpperCase(),
    currency: 'MXN', equivalence: rate, ...over }) as any;
  return {
    document: {
      id: null, document: { id: 9, name: 'Recibo electrónico de pago' }, prefix: 'REP', number: 3, name: 'REP-9-3', date: '2026-01-01',
      paid_at: new Date(Date.now() - 3600_000).toISOString(), customer: { rfc_id: 'XIA190128J61', branch_office: 0, name: 'XENON INDUSTRIAL ARTICLES' },
      payment_form: '03', currency: { code: currency, exchange_rate: rate }, amount: currency === 'MXN' ? 1700 : 98.56, operation_number: 'SPEI 1234',
      observations: null,
      invoices: [
        invoice(10, { installment: 1, previous_balance: 2860, amount_paid: 1000, balance_left: 1860, tax_object: '02',
          taxes: [{ type: 'IVA', percentage: 16, base_value: 1048.95, value: 167.83 }],
          withholdings: [{ type: 'ReteIVA', percentage: 10.6667, base_value: 1048.95, value: 111.89 }, { type: 'ReteISR', percentage: 10, base_value: 1048.95, value: 104.9 }] }),
        invoice(11, { installment: 2, previous_balance: 700, amount_paid: 700, balance_left: 0, tax_object: '02',
          taxes: [{ type: 'IVA', percentage: 16, base_value: 500, value: 80 }, { type: 'IVA', percentage: 0, base_value: 120, value: 0 }], withholdings: [] }),
      ],
      totals: { withholdings_iva: 111.89, withholdings_isr: 104.9, withholdings_ieps: 0,
        transferred: [{ percentage: 16, base_value: 1548.95, value: 247.83 }, { percentage: 0, base_value: 120, value: 0 }],
        payments_total: currency === 'MXN' ? 1700 : 1700.16 },
      stamp: { send: true, status: 'Pending', uuid: null, errors: null, observations: null },
      mail: { send: false, status: 'not_sent', observations: null },
      metadata: { created: new Date().toISOString(), last_updated: new Date().toISOString() }, annulled: false,
    },
    company: input().company, customer: input().customer,
  };
};
const attr = (xml: string, q: string) => String(satSelect(`string(${q})`, parseXml(xml) as unknown as Node));

function tmp(files: Record<string, string>): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cfdi-'));
  for (const [name, text] of Object.entries(files)) fs.writeFileSync(path.join(dir, name), text);
  return dir;
}

test('spread: parts to the cent that add up to the total, the remainder on the largest base', () => {
  const parts = spread('298.67', '0.106667', ['2700', '99.99']);
  assert.deepEqual(parts.map(String), ['288', '10.67']);
  const odd = spread('0.10', '0.333333', ['0.10', '0.10', '0.10']);
  assert.equal(odd.reduce((s, p) => s.plus(p), new Decimal(0)).toFixed(2), '0.10');
  assert.deepEqual(odd.map((p) => p.toFixed(2)), ['0.04', '0.03', '0.03']);
});

test('satCertificateNumber reads the 20 digits of a CSD serial and refuses other certificates', () => {
  assert.equal(satCertificateNumber(Buffer.from('30001000000500003416').toString('hex')), '30001000000500003416');
  assert.match(satCertificateNumber(company.serialNumberHex), /^30001000000[0-9]{9}$/);
  assert.throws(() => satCertificateNumber('0A1B2C'), /not a SAT CSD/);
});

test('the CFDI: attributes, concept taxes and retentions, document totals, and a seal that verifies', () => {
  const { xml, chain } = buildCfdi(input(), company);
  const q = (x: string) => attr(xml, x);
  assert.equal(q('/cfdi:Comprobante/@Version'), '4.0');
  assert.equal(q('/cfdi:Comprobante/@Serie') + q('/cfdi:Comprobante/@Folio'), 'A17');
  assert.deepEqual(['SubTotal', 'Descuento', 'Total', 'Moneda', 'TipoDeComprobante', 'Exportacion', 'MetodoPago', 'FormaPago', 'LugarExpedicion'].map((a) => q(`/cfdi:Comprobante/@${a}`)),
    ['3099.99', '300.00', '2661.32', 'MXN', 'I', '01', 'PUE', '03', '22000']);
  assert.equal(q('/cfdi:Comprobante/@NoCertificado'), satCertificateNumber(company.serialNumberHex));
  assert.deepEqual(['Rfc', 'Nombre', 'DomicilioFiscalReceptor', 'RegimenFiscalReceptor', 'UsoCFDI'].map((a) => q(`//cfdi:Receptor/@${a}`)),
    ['XIA190128J61', 'XENON INDUSTRIAL ARTICLES', '76343', '601', 'G03']);
  assert.equal(q('/cfdi:Comprobante/cfdi:Impuestos/@TotalImpuestosTrasladados'), '440.00');
  assert.equal(q('/cfdi:Comprobante/cfdi:Impuestos/@TotalImpuestosRetenidos'), '578.67');
  assert.equal(q("/cfdi:Comprobante/cfdi:Impuestos/cfdi:Traslados/cfdi:Traslado[@TasaOCuota='0.160000']/@Importe"), '432.00');
  assert.equal(q("/cfdi:Comprobante/cfdi:Impuestos/cfdi:Retenciones/cfdi:Retencion[@Impuesto='002']/@Importe"), '298.67');
  assert.equal(q("//cfdi:Concepto[@NoIdentificacion='MONIT24']/cfdi:Impuestos/cfdi:Retenciones/cfdi:Retencion[@Impuesto='002']/@Importe"), '10.67');
  assert.equal(q("//cfdi:Concepto[@NoIdentificacion='LAP14']/cfdi:Impuestos/cfdi:Retenciones/cfdi:Retencion[@Impuesto='001']/@Importe"), '270.00');
  assert.ok(chain.startsWith('||4.0|A|17|'), chain);
  assert.ok(chain.endsWith('|10.00|002|298.67|001|280.00|578.67|2700.00|002|Tasa|0.160000|432.00|99.99|002|Tasa|0.080000|8.00|440.00||'), chain);
  const cert = new X509Certificate(derBase64ToPem(q('/cfdi:Comprobante/@Certificado')));
  assert.equal(crypto.verify('sha256', Buffer.from(cfdiChain(parseXml(xml))), cert.publicKey, Buffer.from(q('/cfdi:Comprobante/@Sello'), 'base64')), true);
});

test('general public: InformacionGlobal, regime 616 and the place of issue as the fiscal domicile, whatever the record says', () => {
  // A record with another regime, another postal code, or none: CFDI 4.0 fixes both for XAXX010101000.
  for (const record of [{ tax_regime: '616', address: { postal_code: '06600' } }, { tax_regime: '601', address: { postal_code: '01000' } }, { tax_regime: null, address: {} }]) {
    const { xml } = buildCfdi(input(doc({ use: 'S01' }), { identification: 'XAXX010101000', name: ['PUBLICO EN', 'GENERAL'], ...record }), company);
    assert.equal(attr(xml, '//cfdi:InformacionGlobal/@Periodicidad'), '01');
    assert.equal(attr(xml, '//cfdi:InformacionGlobal/@Meses'), doc().date.slice(5, 7));
    assert.deepEqual(['Rfc', 'Nombre', 'DomicilioFiscalReceptor', 'RegimenFiscalReceptor', 'UsoCFDI'].map((a) => attr(xml, `//cfdi:Receptor/@${a}`)),
      ['XAXX010101000', 'PUBLICO EN GENERAL', '22000', '616', 'S01'], JSON.stringify(record));
    assert.equal(attr(xml, '/cfdi:Comprobante/@LugarExpedicion'), '22000');
  }
});

test('the sandbox provider stamps: TFD 1.1 whose SelloSAT verifies with the provider certificate; a repeat gets the same stamp', async () => {
  const { xml } = buildCfdi(input(), company);
  const p = pac();
  const v = await p.stamp(xml);
  assert.equal(v.status, 'Accepted', JSON.stringify(v.errors));
  assert.match(v.uuid!, /^[0-9A-F]{8}-[0-9A-F]{4}-4[0-9A-F]{3}-[89AB][0-9A-F]{3}-[0-9A-F]{12}$/);
  const q = (x: string) => attr(v.xml!, x);
  assert.equal(q('//tfd:TimbreFiscalDigital/@UUID'), v.uuid);
  assert.equal(q('//tfd:TimbreFiscalDigital/@RfcProvCertif'), SANDBOX_PROVIDER_RFC);
  assert.equal(q('//tfd:TimbreFiscalDigital/@SelloCFD'), q('/cfdi:Comprobante/@Sello'));
  assert.equal(q('//tfd:TimbreFiscalDigital/@NoCertificadoSAT'), satCertificateNumber(provider.serialNumberHex));
  const stamped = parseXml(v.xml!);
  assert.equal(crypto.verify('sha256', Buffer.from(timbreChain(stamped)), new X509Certificate(provider.certPem).publicKey,
    Buffer.from(q('//tfd:TimbreFiscalDigital/@SelloSAT'), 'base64')), true);
  // The complement is not part of the CFDI's chain: its seal still verifies.
  assert.equal(cfdiChain(stamped), cfdiChain(parseXml(xml)));
  const again = await p.stamp(xml);
  assert.equal(again.uuid, v.uuid);
  assert.match(again.observations.join(), /ya estaba timbrado/);
});

test('the sandbox provider rejects a tampered total, a foreign certificate, a wrong certificate number and a stale date', async () => {
  const { xml } = buildCfdi(input(), company);
  const codes = async (x: string) => (await pac().stamp(x)).errors.map((e) => e.code).sort();
  assert.deepEqual(await codes(xml.replace('Total="2661.32"', 'Total="2600.00"')), ['SELLO', 'TOTAL']);
  assert.deepEqual(await codes(buildCfdi(input(), csd('XIA190128J61', 'OTRA EMPRESA')).xml), ['NOMBRE_EMISOR', 'RFC_EMISOR']);
  // The issuer's RFC, another holder's name (the CSD's X.509 name attribute against Emisor/@Nombre).
  const renamed = await pac().stamp(buildCfdi(input(), csd('EKU9003173C9', 'OTRA EMPRESA')).xml);
  assert.deepEqual(renamed.errors, [{ code: 'NOMBRE_EMISOR', message: `El Nombre del Emisor "ESCUELA KEMPER URGATE" no es el nombre del titular del certificado "OTRA EMPRESA"` }]);
  assert.deepEqual(await codes(xml.replace(/NoCertificado="[0-9]+"/, 'NoCertificado="30001000000500003416"')), ['NO_CERTIFICADO', 'SELLO']);
  const old = buildCfdi(input(doc({ metadata: { created: new Date(Date.now() - 80 * 3600_000).toISOString() } })), company).xml;
  assert.deepEqual(await codes(old), ['FECHA']);
  assert.deepEqual(await codes('<cfdi:Comprobante'), ['XML']);
});

test('the sandbox provider refuses a CFDI to the general public without UsoCFDI S01, regime 616 and the place of issue', async () => {
  const generalPublic = { identification: 'XAXX010101000', name: ['PUBLICO EN', 'GENERAL'], tax_regime: '616', address: { postal_code: '22000' } };
  const { xml } = buildCfdi(input(doc({ use: 'S01' }), generalPublic), company);
  assert.equal((await pac().stamp(xml)).status, 'Accepted');
  // Changed and sealed again with the company's key, so that only the receiver is wrong.
  const resealed = (x: string) => {
    const unsealed = x.replace(/ Sello="[^"]*"/, '');
    const sello = crypto.sign('sha256', Buffer.from(cfdiChain(parseXml(unsealed)), 'utf8'), company.keyPem).toString('base64');
    return unsealed.replace('<cfdi:Comprobante ', `<cfdi:Comprobante Sello="${sello}" `);
  };
  const receptor = (from: string, to: string) => { assert.ok(xml.includes(from), from); return resealed(xml.replace(from, to)); };
  const errors = async (x: string) => (await pac().stamp(x)).errors.map((e) => `${e.code}: ${e.message}`);
  assert.deepEqual(await errors(receptor('UsoCFDI="S01"', 'UsoCFDI="G03"')),
    ['RECEPTOR: El RFC genérico XAXX010101000 (público en general) lleva UsoCFDI S01, no G03',
      'USO_CFDI: El UsoCFDI G03 (Gastos en general) no se permite a un receptor del régimen 616 (c_UsoCFDI: 601, 603, 606, 612, 620, 621, 622, 623, 624, 625, 626)']);
  assert.deepEqual(await errors(receptor('RegimenFiscalReceptor="616"', 'RegimenFiscalReceptor="601"')),
    ['RECEPTOR: El RFC genérico XAXX010101000 (público en general) lleva RegimenFiscalReceptor 616, no 601']);
  assert.deepEqual(await errors(receptor('DomicilioFiscalReceptor="22000"', 'DomicilioFiscalReceptor="01000"')),
    ['RECEPTOR: El RFC genérico XAXX010101000 (público en general) lleva DomicilioFiscalReceptor 22000 (LugarExpedicion), no 01000']);
  // The generic RFC's rule only: another receiver may have any use its regime allows.
  assert.equal((await pac().stamp(buildCfdi(input(doc({ use: 'G03' })), company).xml)).status, 'Accepted');
});

// ------------------------------------------------------------------ the SAT's XSLT and XSD

const XSLT = path.join(SAT_XSD_DIR, '4', 'cadenaoriginal_4_0', 'cadenaoriginal_4_0.xslt');
const TFD_XSLT = path.join(SAT_XSD_DIR, 'TimbreFiscalDigital', 'cadenaoriginal_TFD_1_1.xslt');
test('our original chains equal what the SAT XSLT produces (xsltproc)', { skip: needsTool('xsltproc', 'xsltproc') }, async () => {
  // The published XSLT includes the complements' XSLTs; of those, only Pagos 2.0's (payment receipts) is kept here and applies.
  const own = fs.readFileSync(XSLT, 'utf8').replace(/<xsl:include href="\.\.\/\.\.\/(?!2\/|Pagos\/)[^"]*"\/>/g, '');
  // Copied with the files it includes, keeping their relative layout.
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'sat-xslt-'));
  for (const file of [path.join('2', 'cadenaoriginal_2_0', 'utilerias.xslt'), path.join('Pagos', 'Pagos20.xslt')]) {
    fs.mkdirSync(path.join(root, path.dirname(file)), { recursive: true });
    fs.copyFileSync(path.join(SAT_XSD_DIR, file), path.join(root, file));
  }
  fs.mkdirSync(path.join(root, '4', 'cadenaoriginal_4_0'), { recursive: true });
  const sheet = path.join(root, '4', 'cadenaoriginal_4_0', 'cadenaoriginal_4_0.xslt');
  fs.writeFileSync(sheet, own);
  const run = (xsl: string, xml: string) => {
    const work = tmp({ 'doc.xml': xml });
    try {
      const r = spawnSync('xsltproc', [xsl, path.join(work, 'doc.xml')], { encoding: 'utf8' });
      assert.equal(r.status, 0, r.stderr);
      return r.stdout;
    } finally { fs.rmSync(work, { recursive: true, force: true }); }
  };
  try {
    const docs = [input(), input(doc({ use: 'S01', discounts: 0, items: [{ ...doc().items[1] }], subtotal: 99.99, retention_details: [], total: 107.99 }),
      { identification: 'XAXX010101000', name: ['PUBLICO EN', 'GENERAL'], tax_regime: '616' })];
    const built = [...docs.map((d) => buildCfdi(d, company)), buildPaymentCfdi(paymentInput(), company), buildPaymentCfdi(paymentInput('USD'), company)];
    for (const { xml, chain } of built) {
      assert.equal(run(sheet, xml), chain);
      const stamped = await pac().stamp(xml);
      assert.equal(stamped.status, 'Accepted', JSON.stringify(stamped.errors));
      const tfd = (satSelect('//tfd:TimbreFiscalDigital', parseXml(stamped.xml!) as unknown as Node) as unknown as Node[])[0];
      assert.equal(run(TFD_XSLT, String(tfd)), timbreChain(parseXml(stamped.xml!)));
    }
  } finally {
    fs.rmSync(root, { recursive: true, force: true });
  }
});

test('the stamped CFDI validates against cfdv40.xsd and its TFD against TimbreFiscalDigitalv11.xsd', async () => {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'sat-xsd-'));
  try {
    // The repository's SAT schemas, with its stand-in catCFDI.xsd (catalogue codes by pattern: schemas/README.md).
    fs.cpSync(SAT_XSD_DIR, root, { recursive: true });
    // One schema for both namespaces: the CFDI's Complemento takes the TFD under a strict wildcard.
    fs.writeFileSync(path.join(root, 'both.xsd'), `<?xml version="1.0" encoding="UTF-8"?>
<xs:schema xmlns:xs="http://www.w3.org/2001/XMLSchema">
  <xs:import namespace="http://www.sat.gob.mx/cfd/4" schemaLocation="4/cfdv40.xsd"/>
  <xs:import namespace="http://www.sat.gob.mx/TimbreFiscalDigital" schemaLocation="TimbreFiscalDigital/TimbreFiscalDigitalv11.xsd"/>
</xs:schema>`);
    const xsd = path.join(root, 'both.xsd');
    const stamped = await pac().stamp(buildCfdi(input(), company).xml);
    assert.deepEqual(await xsdErrors(xsd, stamped.xml!), []);
    // And the schema does catch a broken document.
    const broken = stamped.xml!.replace(/ Exportacion="01"/, '').replace(/ UUID="/, ' UUI="');
    const bad = (await xsdErrors(xsd, broken)).join('\n');
    assert.match(bad, /Exportacion/);
    assert.match(bad, /UUI/); // the TFD is validated too
  } finally { fs.rmSync(root, { recursive: true, force: true }); }
});

test('payment receipt: the sandbox PAC accepts it and refuses each broken rule of Pagos 2.0 with its code', async () => {
  const { xml } = buildPaymentCfdi(paymentInput(), company);
  assert.equal(attr(xml, '/cfdi:Comprobante/@TipoDeComprobante'), 'P');
  assert.equal(attr(xml, '//pago20:Pagos/@Version'), '2.0');
  assert.equal(attr(xml, '//pago20:Totales/@TotalTrasladosBaseIVA0'), '120.00');
  assert.equal(attr(xml, '//pago20:Pago/@NumOperacion'), 'SPEI 1234');
  assert.equal(attr(xml, '//pago20:DoctoRelacionado[2]/@Serie'), 'A');
  assert.equal(attr(xml, '//pago20:DoctoRelacionado[2]/@Folio'), '11');
  assert.equal((await pac().stamp(xml)).status, 'Accepted');
  const resealed = (x: string) => {
    const unsealed = x.replace(/ Sello="[^"]*"/, '');
    const sello = crypto.sign('sha256', Buffer.from(cfdiChain(parseXml(unsealed)), 'utf8'), company.keyPem).toString('base64');
    return unsealed.replace('<cfdi:Comprobante ', `<cfdi:Comprobante Sello="${sello}" `);
  };
  const codes = async (from: string | RegExp, to: string) => {
    const changed = xml.replace(from, to);
    assert.notEqual(changed, xml, String(from));
    return [...new Set((await pac().stamp(resealed(changed))).errors.map((e) => e.code))];
  };
  assert.deepEqual(await codes('FormaDePagoP="03"', 'FormaDePagoP="99"'), ['PAGO']);
  assert.deepEqual(await codes('ImpSaldoInsoluto="1860.00"', 'ImpSaldoInsoluto="1800.00"'), ['SALDO']);
  assert.deepEqual(await codes('UsoCFDI="CP01"', 'UsoCFDI="G03"'), ['USO_CFDI']);
  assert.deepEqual(await codes('Monto="1700.00"', 'Monto="1600.00"'), ['MONTO', 'TOTALES']);
  assert.deepEqual(await codes('MontoTotalPagos="1700.00"', 'MontoTotalPagos="1600.00"'), ['TOTALES']);
  assert.deepEqual(await codes('ImporteDR="167.83"', 'ImporteDR="170.00"'), ['IMPORTE', 'IMPUESTOS_P']);
  assert.deepEqual(await codes('ImporteDR="167.83"', 'ImporteDR="167.82"'), ['IMPORTE'], '1048.95 × 0.16 allows 167.83 to 167.84');
  assert.deepEqual(await codes(' Total="0"', ' Total="10"'), ['TOTAL', 'PAGO']);
  assert.deepEqual(await codes('NumParcialidad="1"', 'NumParcialidad="1000"'), ['XSD']);
});

test('payment computations: the invoice\'s tax groups, taxes in proportion, the settling share, ImpPagado rounded down', () => {
  const groups = invoiceTaxGroups(doc() as any);
  assert.deepEqual(groups.taxes.map((g) => [g.type, g.percentage, g.base.toFixed(2), g.value.toFixed(2)]), [['IVA', '16', '2700.00', '432.00'], ['IVA', '8', '99.99', '8.00']]);
  // ReteIVA on the IVA bases above 0 %, ReteISR on the bases of the lines with taxes (here both lines).
  assert.deepEqual(groups.withholdings.map((g) => [g.type, g.base.toFixed(2), g.value.toFixed(2)]), [['ReteIVA', '2799.99', '298.67'], ['ReteISR', '2799.99', '280.00']]);
  const half = paidTaxes(remainingGroups(groups.taxes, []), '2661.32', '1330.66', false);
  assert.deepEqual(half.paid, [{ type: 'IVA', percentage: 16, base_value: 1350, value: 216 }, { type: 'IVA', percentage: 8, base_value: 50, value: 4 }]);
  const rest = paidTaxes(remainingGroups(groups.taxes, half.paid), '1330.66', '1330.66', true);
  assert.deepEqual(rest.paid, [{ type: 'IVA', percentage: 16, base_value: 1350, value: 216 }, { type: 'IVA', percentage: 8, base_value: 49.99, value: 4 }]);
  assert.equal(paidTaxes(groups.taxes, '2661.32', '0.01', false).tooSmall, true);
  assert.equal(amountPaid('100.01', '17.2549').toFixed(2), '1725.66');

  // Anexo 20's bounds: (Base − 0.005) × rate truncated to (Base + 0.005) × rate rounded up.
  // 599.995 × 0.106667 = 63.9996 → 63.99; 600.005 × 0.106667 = 64.0007 → 64.01.
  assert.deepEqual(importeBounds('600', '0.106667').map(String), ['63.99', '64.01']);
  // 278.685 × 0.0125 = 3.48356 → 3.48; 278.695 × 0.0125 = 3.48369 → 3.49 (3.47 was within a cent of 3.48, and is out).
  assert.deepEqual(importeBounds('278.69', '0.0125').map(String), ['3.48', '3.49']);
  // ReteIVA of six concepts of 100.00 (6 × 10.67 = 64.02) over three thirds: 200.00 allows 21.33 to 21.34, so the
  // first takes 21.34 (21.35 would leave 42.67 for 400.00, which allows 42.66 to 42.67, but is out of its own bounds);
  // the second, of 42.68 left, takes 21.34 so that 21.34 is left for the last 200.00; the last takes it.
  const six = [{ type: 'ReteIVA', percentage: '10.6667', base: new Decimal(600), value: new Decimal('64.02') }];
  const first = paidTaxes(six, '571.98', '190.66', false).paid;
  assert.deepEqual(first.map((t) => [t.base_value, t.value]), [[200, 21.34]]);
  const second = paidTaxes(remainingGroups(six, first), '381.32', '190.66', false).paid;
  assert.deepEqual(second.map((t) => [t.base_value, t.value]), [[200, 21.34]]);
  assert.deepEqual(paidTaxes(remainingGroups(six, [...first, ...second]), '190.66', '190.66', true).paid.map((t) => [t.base_value, t.value]), [[200, 21.34]]);
  // One payment of all of it: 64.02 is out of 600.00's bounds; the receipt declares 64.01.
  assert.deepEqual(paidTaxes(six, '571.98', '571.98', true).paid.map((t) => [t.base_value, t.value]), [[600, 64.01]]);
  // Under the bounds instead (the property test's seed 1261024653: three compensation notes of CONSULT 36,253.25 took
  // 3,264.60 of IVA and left 2,535.92 on a base of 15,849.57, whose bounds are 15,849.565 × 0.16 = 2,535.9304 → 2,535.93
  // to 2,535.94): declaring 2,535.93 would declare a cent more than the invoice's IVA. The base goes a cent lower,
  // 15,849.56 (15,849.555 × 0.16 = 2,535.9288 → 2,535.92), and the receipt declares exactly what is left.
  const under = [{ type: 'IVA', percentage: '16', base: new Decimal('15849.57'), value: new Decimal('2535.92') }];
  assert.deepEqual(paidTaxes(under, '16694.86', '16694.86', true).paid.map((t) => [t.base_value, t.value]), [[15849.56, 2535.92]]);
  // More than rounding's cent missing (nothing a few cents of base can hold): the lower bound of the base left, as before.
  assert.deepEqual(paidTaxes([{ ...under[0], value: new Decimal('2535.50') }], '16694.86', '16694.86', true).paid.map((t) => [t.base_value, t.value]),
    [[15849.57, 2535.93]]);
  // A rate of zero has no bounds to fall under.
  assert.deepEqual(paidTaxes([{ type: 'IVA', percentage: '0', base: new Decimal('100'), value: new Decimal(0) }], '100', '100', true).paid
    .map((t) => [t.base_value, t.value]), [[100, 0]]);
  assert.equal(amountPaid('10', '1').toFixed(2), '10.00');
  // An installment leaves a cent of base for the receipt that settles: 0.01 of 0.02 owed on a base of 0.01 left would
  // take round2(0.005) = 0.01, all of it; it takes 0.00 and is refused (tooSmall), so the last 0.01 can still be paid.
  const cent = [{ type: 'IVA', percentage: '16', base: new Decimal('0.01'), value: new Decimal(0) }];
  assert.equal(paidTaxes(cent, '0.02', '0.01', false).tooSmall, true);
  assert.deepEqual(paidTaxes(cent, '0.02', '0.02', true).paid.map((t) => [t.base_value, t.value]), [[0.01, 0]]);
  // 0.50 of 1.00 owed on a base of 0.03: round2(0.015) = 0.02, leaving 0.01.
  assert.deepEqual(paidTaxes([{ ...cent[0], base: new Decimal('0.03') }], '1', '0.5', false).paid.map((t) => t.base_value), [0.02]);
});

test('the note that settles an invoice moves what is left in the books of each tax; its CFDI keeps its own', () => {
  // Three notes of 2,900.26, 14,341.78 and 19,011.21 credit all of 36,253.25 (IVA 5,800.52, ReteIVA 3,867.03); each rounds
  // its own line: 464.04 + 2,294.68 + 3,041.79 = 5,800.51 and 309.36 + 1,529.79 + 2,027.87 = 3,867.02. The third, which
  // brings the balance to zero, moves what the first two left: 3,041.80 and 2,027.88.
  const declared = { taxes: [{ type: 'IVA', percentage: 16, base_value: 19011.21, value: 3041.79 }],
    withholdings: [{ type: 'ReteIVA', percentage: 10.6667, base_value: 19011.21, value: 2027.87 }] };
  const left = { taxes: [{ type: 'IVA', percentage: '16', base: new Decimal('19011.21'), value: new Decimal('5800.52').minus('464.04').minus('2294.68') }],
    withholdings: [{ type: 'ReteIVA', percentage: '10.6667', base: new Decimal('19011.21'), value: new Decimal('3867.03').minus('309.36').minus('1529.79') }] };
  assert.deepEqual(settlingShare(declared, left), { taxes: [{ ...declared.taxes[0], value: 3041.8 }], withholdings: [{ ...declared.withholdings[0], value: 2027.88 }] });
  // Nothing left over: the note's entry moves its own share.
  assert.equal(settlingShare(declared, { taxes: [{ ...left.taxes[0], value: new Decimal('3041.79') }], withholdings: [{ ...left.withholdings[0], value: new Decimal('2027.87') }] }), undefined);
  // Never below zero (an earlier document moved more): nothing more to move.
  assert.equal(settlingShare(declared, { taxes: [{ ...left.taxes[0], value: new Decimal('-0.01') }], withholdings: left.withholdings })!.taxes[0].value, 0);
});
