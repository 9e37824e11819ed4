/**
 * CFDI 4.0 and the sandbox stamping provider, without the server: the
 * original chains against the SAT's own XSLT (xsltproc), the structure against
 * cfdv40.xsd and TimbreFiscalDigitalv11.xsd (xmllint), the seal and the TFD
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
import { buildCfdi, cfdiDateTime, satCertificateNumber, spread, type CfdiInput } from '../../src/einvoice/sat/cfdi';
import { cfdiChain, parseXml, satSelect, timbreChain } from '../../src/einvoice/sat/chain';
import { SANDBOX_PROVIDER_RFC, SandboxPac } from '../../src/einvoice/sat/provider';
import { debianTool, SAT_XSD_DIR } from '../support/tools';

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
  company: { tax_id: 'EKU9003173C9', legal_name: 'ESCUELA KEMPER URGATE', time_zone: 'America/Mexico_City', settings: { tax_regime: '601', postal_code: '06600' }, address: {} },
  customer: { identification: 'XIA190128J61', name: ['XENON INDUSTRIAL ARTICLES'], tax_regime: '601', address: { postal_code: '76343' }, ...customer },
  products: { LAP14: { tax_object: '02' }, MONIT24: { tax_object: '02' } },
});
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
    ['3099.99', '300.00', '2661.32', 'MXN', 'I', '01', 'PUE', '03', '06600']);
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
      ['XAXX010101000', 'PUBLICO EN GENERAL', '06600', '616', 'S01'], JSON.stringify(record));
    assert.equal(attr(xml, '/cfdi:Comprobante/@LugarExpedicion'), '06600');
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
  assert.match(again.observations.join(), /already stamped/);
});

test('the sandbox provider rejects a tampered total, a foreign certificate, a wrong certificate number and a stale date', async () => {
  const { xml } = buildCfdi(input(), company);
  const codes = async (x: string) => (await pac().stamp(x)).errors.map((e) => e.code).sort();
  assert.deepEqual(await codes(xml.replace('Total="2661.32"', 'Total="2600.00"')), ['SELLO', 'TOTAL']);
  assert.deepEqual(await codes(buildCfdi(input(), csd('XIA190128J61', 'OTRA EMPRESA')).xml), ['NOMBRE_EMISOR', 'RFC_EMISOR']);
  // The issuer's RFC, another holder's name (the CSD's X.509 name attribute against Emisor/@Nombre).
  const renamed = await pac().stamp(buildCfdi(input(), csd('EKU9003173C9', 'OTRA EMPRESA')).xml);
  assert.deepEqual(renamed.errors, [{ code: 'NOMBRE_EMISOR', message: `Emisor Nombre "ESCUELA KEMPER URGATE" is not the certificate holder's name "OTRA EMPRESA"` }]);
  assert.deepEqual(await codes(xml.replace(/NoCertificado="[0-9]+"/, 'NoCertificado="30001000000500003416"')), ['NO_CERTIFICADO', 'SELLO']);
  const old = buildCfdi(input(doc({ metadata: { created: new Date(Date.now() - 80 * 3600_000).toISOString() } })), company).xml;
  assert.deepEqual(await codes(old), ['FECHA']);
  assert.deepEqual(await codes('<cfdi:Comprobante'), ['XML']);
});

test('the sandbox provider refuses a CFDI to the general public without UsoCFDI S01, regime 616 and the place of issue', async () => {
  const generalPublic = { identification: 'XAXX010101000', name: ['PUBLICO EN', 'GENERAL'], tax_regime: '616', address: { postal_code: '06600' } };
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
    ['RECEPTOR: The generic RFC XAXX010101000 (público en general) takes UsoCFDI S01, not G03',
      'USO_CFDI: UsoCFDI G03 (Gastos en general) is not allowed for a receiver in regime 616 (c_UsoCFDI: 601, 603, 606, 612, 620, 621, 622, 623, 624, 625, 626)']);
  assert.deepEqual(await errors(receptor('RegimenFiscalReceptor="616"', 'RegimenFiscalReceptor="601"')),
    ['RECEPTOR: The generic RFC XAXX010101000 (público en general) takes RegimenFiscalReceptor 616, not 601']);
  assert.deepEqual(await errors(receptor('DomicilioFiscalReceptor="06600"', 'DomicilioFiscalReceptor="01000"')),
    ['RECEPTOR: The generic RFC XAXX010101000 (público en general) takes DomicilioFiscalReceptor 06600 (LugarExpedicion), not 01000']);
  // The generic RFC's rule only: another receiver may have any use its regime allows.
  assert.equal((await pac().stamp(buildCfdi(input(doc({ use: 'G03' })), company).xml)).status, 'Accepted');
});

// ------------------------------------------------------------------ the SAT's XSLT and XSD

const XSLT = path.join(SAT_XSD_DIR, '4', 'cadenaoriginal_4_0', 'cadenaoriginal_4_0.xslt');
const TFD_XSLT = path.join(SAT_XSD_DIR, 'TimbreFiscalDigital', 'cadenaoriginal_TFD_1_1.xslt');
const missing = (tool: string, pkg: string) => !fs.existsSync(XSLT) ? `SAT schemas not found at ${SAT_XSD_DIR}` : !debianTool(tool, pkg) ? `${tool} could not be installed` : false;

test('our original chains equal what the SAT XSLT produces (xsltproc)', { skip: missing('xsltproc', 'xsltproc') }, async () => {
  // The published XSLT includes the complements' XSLTs, which are not kept here; none applies to these documents.
  const own = fs.readFileSync(XSLT, 'utf8').replace(/<xsl:include href="\.\.\/\.\.\/(?!2\/)[^"]*"\/>/g, '');
  // Copied with the one file it includes, keeping their relative layout.
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'sat-xslt-'));
  fs.mkdirSync(path.join(root, '4', 'cadenaoriginal_4_0'), { recursive: true });
  fs.mkdirSync(path.join(root, '2', 'cadenaoriginal_2_0'), { recursive: true });
  fs.copyFileSync(path.join(SAT_XSD_DIR, '2', 'cadenaoriginal_2_0', 'utilerias.xslt'), path.join(root, '2', 'cadenaoriginal_2_0', 'utilerias.xslt'));
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
    for (const d of docs) {
      const { xml, chain } = buildCfdi(d, company);
      assert.equal(run(sheet, xml), chain);
      const stamped = await pac().stamp(xml);
      const tfd = (satSelect('//tfd:TimbreFiscalDigital', parseXml(stamped.xml!) as unknown as Node) as unknown as Node[])[0];
      assert.equal(run(TFD_XSLT, String(tfd)), timbreChain(parseXml(stamped.xml!)));
    }
  } finally {
    fs.rmSync(root, { recursive: true, force: true });
  }
});

/** A stand-in for catCFDI.xsd (several megabytes, not kept here): each catalogue as the pattern or list of its codes. */
const CATALOGUES = `<?xml version="1.0" encoding="UTF-8"?>
<xs:schema xmlns:xs="http://www.w3.org/2001/XMLSchema" targetNamespace="http://www.sat.gob.mx/sitio_internet/cfd/catalogos">
${Object.entries({
  c_ClaveProdServ: '[0-9]{8}', c_ClaveUnidad: '[A-Z0-9]{1,3}', c_CodigoPostal: '[0-9]{5}', c_Exportacion: '0[1-4]', c_FormaPago: '[0-9]{2}',
  c_Impuesto: '00[1-3]', c_Meses: '(0[1-9]|1[0-8])', c_MetodoPago: 'PUE|PPD', c_Moneda: '[A-Z]{3}', c_ObjetoImp: '0[1-8]', c_Pais: '[A-Z]{3}',
  c_Periodicidad: '0[1-5]', c_RegimenFiscal: '6[0-2][0-9]', c_TipoDeComprobante: '[IETNP]', c_TipoFactor: 'Tasa|Cuota|Exento', c_TipoRelacion: '0[1-9]',
  c_UsoCFDI: '(G0[1-3]|I0[1-8]|D(0[1-9]|10)|S01|CP01|CN01)',
}).map(([name, pattern]) => `<xs:simpleType name="${name}"><xs:restriction base="xs:string"><xs:pattern value="${pattern}"/></xs:restriction></xs:simpleType>`).join('\n')}
</xs:schema>`;

test('the stamped CFDI validates against cfdv40.xsd and its TFD against TimbreFiscalDigitalv11.xsd (xmllint)', { skip: missing('xmllint', 'libxml2-utils') }, async () => {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'sat-xsd-'));
  try {
    fs.cpSync(SAT_XSD_DIR, root, { recursive: true });
    fs.mkdirSync(path.join(root, 'catalogos'), { recursive: true });
    fs.writeFileSync(path.join(root, 'catalogos', 'catCFDI.xsd'), CATALOGUES);
    // One schema for both namespaces: the CFDI's Complemento takes the TFD under a strict wildcard.
    fs.writeFileSync(path.join(root, 'both.xsd'), `<?xml version="1.0" encoding="UTF-8"?>
<xs:schema xmlns:xs="http://www.w3.org/2001/XMLSchema">
  <xs:import namespace="http://www.sat.gob.mx/cfd/4" schemaLocation="4/cfdv40.xsd"/>
  <xs:import namespace="http://www.sat.gob.mx/TimbreFiscalDigital" schemaLocation="TimbreFiscalDigital/TimbreFiscalDigitalv11.xsd"/>
</xs:schema>`);
    const xsd = path.join(root, 'both.xsd');
    const stamped = await pac().stamp(buildCfdi(input(), company).xml);
    const work = tmp({ 'cfdi.xml': stamped.xml! });
    try {
      const ok = spawnSync('xmllint', ['--noout', '--schema', xsd, path.join(work, 'cfdi.xml')], { encoding: 'utf8' });
      assert.equal(ok.status, 0, `${ok.stdout}${ok.stderr}`);
      // And the schema does catch a broken document.
      const broken = stamped.xml!.replace(/ Exportacion="01"/, '').replace(/ UUID="/, ' UUI="');
      fs.writeFileSync(path.join(work, 'broken.xml'), broken);
      const bad = spawnSync('xmllint', ['--noout', '--schema', xsd, path.join(work, 'broken.xml')], { encoding: 'utf8' });
      assert.notEqual(bad.status, 0);
      assert.match(bad.stderr, /Exportacion/);
      assert.match(bad.stderr, /UUI/); // the TFD is validated too
    } finally { fs.rmSync(work, { recursive: true, force: true }); }
  } finally { fs.rmSync(root, { recursive: true, force: true }); }
});
