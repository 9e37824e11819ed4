/**
 * The sandbox PAC parses each CFDI once, with libxml2 (issue 37, point 5): its verdicts against those of the way
 * before (test/support/sat-before.ts: xmldom twice and libxml2 for the schema, the stamp written by serialising
 * the xmldom tree) on valid CFDIs (an invoice, one to the general public, a credit note, payment receipts in pesos
 * and in dollars) and on tampered ones; the stamped CFDI written as text against the one serialised from the DOM
 * (the same Canonical XML, and the text received kept byte for byte); the content check the services run before
 * writing (cfdiContentProblems) against the way before; the text insertion on documents written otherwise.
 */
import { before, test } from 'node:test';
import assert from 'node:assert/strict';
import crypto, { X509Certificate } from 'node:crypto';
import { generateTestCertificate, loadPkcs12, type LoadedCertificate } from '../../src/einvoice/certificates';
import { buildCfdi, cfdiDateTime, satCertificateNumber, type CfdiInput } from '../../src/countries/mx/sat/cfdi';
import { CFDI_NS, TFD_NS, cfdiChain, parseXml, satSelect, timbreChain } from '../../src/countries/mx/sat/chain';
import { hasDoctype, parseCfdi, withTimbre } from '../../src/countries/mx/sat/parsed';
import { SANDBOX_PROVIDER_RFC, SandboxPac, type StampVerdict } from '../../src/countries/mx/sat/provider';
import { buildPaymentCfdi, type PaymentCfdiInput } from '../../src/countries/mx/sat/payment';
import { cfdiContentProblems } from '../../src/countries/mx/sat/rules';
import { libxml } from '../../src/einvoice/xsd';
import { contentProblemsBefore, stampBefore } from '../support/sat-before';

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

const today = () => cfdiDateTime(new Date(), 'America/Mexico_City').slice(0, 10);
/** Two lines with IVA 16 % and 8 % and both withholdings (as test/unit/cfdi.test.ts), the description with markup and a line break. */
const doc = (over: Record<string, unknown> = {}) => ({
  prefix: 'A', number: 17, date: today(), use: 'G03', metadata: { created: new Date().toISOString() },
  items: [
    { code: 'LAP14', description: 'Laptop 14 pulgadas & <accesorios>', quantity: 2, price: 1500, subtotal: 3000, discount_value: 300, sat_product_key: '43211503', sat_unit_key: 'H87',
      taxes: [{ id: 1, type: 'IVA', percentage: 16, value: 432, base_value: 2700 }] },
    { code: 'MONIT24', description: 'Monitor   24"  \n pulgadas', quantity: 3, price: 33.33, subtotal: 99.99, discount_value: 0, sat_product_key: '43211902', sat_unit_key: 'H87',
      taxes: [{ id: 2, type: 'IVA', percentage: 8, value: 8, base_value: 99.99 }] },
  ],
  retention_details: [{ id: 4, type: 'ReteIVA', percentage: 10.6667, value: 298.67, base_value: 2799.99 }, { id: 5, type: 'ReteISR', percentage: 10, value: 280, base_value: 2799.99 }],
  subtotal: 3099.99, discounts: 300, taxes_total: 440, total: 2661.32,
  payment: { method: 'PUE', conditions: { payment_form: '03' } },
  ...over,
});
const COMPANY: CfdiInput['company'] = { tax_id: 'EKU9003173C9', legal_name: 'ESCUELA KEMPER URGATE', time_zone: 'America/Mexico_City', settings: { tax_regime: '601', postal_code: '22000' }, address: {} };
const CUSTOMER: CfdiInput['customer'] = { identification: 'XIA190128J61', name: ['XENON INDUSTRIAL ARTICLES'], tax_regime: '601', address: { postal_code: '76343' } };
const input = (d = doc(), customer: Partial<CfdiInput['customer']> = {}, over: Partial<CfdiInput> = {}): CfdiInput => ({
  document: d as unknown as CfdiInput['document'], company: COMPANY, customer: { ...CUSTOMER, ...customer },
  products: { LAP14: { tax_object: '02' }, MONIT24: { tax_object: '02' } }, ...over,
});
const GENERAL_PUBLIC = { identification: 'XAXX010101000', name: ['PUBLICO EN', 'GENERAL'], tax_regime: '616', address: { postal_code: '22000' } };
/** A payment receipt of one invoice, in pesos or in dollars. */
const paymentInput = (currency = 'MXN'): PaymentCfdiInput => {
  const rate = currency === 'MXN' ? 1 : 17.25;
  return {
    document: {
      id: null, document: { id: 9, name: 'Recibo electrónico de pago' }, prefix: 'REP', number: 3, name: 'REP-9-3', date: today(),
      paid_at: new Date(Date.now() - 3600_000).toISOString(), customer: { rfc_id: 'XIA190128J61', branch_office: 0, name: 'XENON INDUSTRIAL ARTICLES' },
      payment_form: '03', currency: { code: currency, exchange_rate: rate }, amount: currency === 'MXN' ? 1000 : 57.98, operation_number: 'SPEI 1234',
      observations: null,
      invoices: [{ id: crypto.randomUUID(), name: 'A-1-10', prefix: 'A', number: 10, uuid: crypto.randomUUID().toUpperCase(), currency: 'MXN', equivalence: rate,
        installment: 1, previous_balance: 2860, amount_paid: 1000, balance_left: 1860, tax_object: '02',
        taxes: [{ type: 'IVA', percentage: 16, base_value: 1048.95, value: 167.83 }],
        withholdings: [{ type: 'ReteIVA', percentage: 10.6667, base_value: 1048.95, value: 111.89 }, { type: 'ReteISR', percentage: 10, base_value: 1048.95, value: 104.9 }] }],
      totals: { withholdings_iva: 111.89, withholdings_isr: 104.9, withholdings_ieps: 0, transferred: [{ percentage: 16, base_value: 1048.95, value: 167.83 }],
        payments_total: currency === 'MXN' ? 1000 : 1000.16 },
      stamp: { send: true, status: 'Pending', uuid: null, errors: null, observations: null },
      mail: { send: false, status: 'not_sent', observations: null },
      metadata: { created: new Date().toISOString(), last_updated: new Date().toISOString() }, annulled: false,
    } as unknown as PaymentCfdiInput['document'],
    company: COMPANY, customer: CUSTOMER,
  };
};

/** The CFDI changed and sealed again with the company's key, so that only the change is wrong. */
const resealed = (x: string) => {
  const unsealed = x.replace(/ Sello="[^"]*"/, '');
  const sello = crypto.sign('sha256', Buffer.from(cfdiChain(parseXml(unsealed)), 'utf8'), company.keyPem).toString('base64');
  return unsealed.replace('<cfdi:Comprobante ', `<cfdi:Comprobante Sello="${sello}" `);
};
const changed = (x: string, from: string | RegExp, to: string) => {
  const out = x.replace(from, to);
  assert.notEqual(out, x, String(from));
  return out;
};

/** Both ways on one CFDI, at one instant, the TFD's UUID and time the same; a malformed document's cause is each parser's. */
async function both(xml: string): Promise<{ now: StampVerdict; before: StampVerdict }> {
  const at = new Date();
  const now = await new SandboxPac(async () => provider, () => at).stamp(xml);
  const before = await stampBefore(xml, provider, at, { uuid: now.uuid ?? crypto.randomUUID().toUpperCase(), at });
  return { now, before };
}
const verdict = (v: StampVerdict) => ({
  status: v.status, observations: v.observations,
  errors: v.errors.map((e) => (e.code === 'XML' ? { code: e.code, message: 'El XML no está bien formado' } : e)),
});
async function canonical(xml: string): Promise<string> {
  const lib = await libxml();
  const d = lib.XmlDocument.fromString(xml);
  try { return d.canonicalizeToString({ mode: 0 }); } finally { d.dispose(); }
}
const timbreOf = (xml: string) => (satSelect('//tfd:TimbreFiscalDigital', parseXml(xml) as unknown as Node) as unknown as Element[]);

test('valid CFDIs: the same verdict both ways, and the stamp written as text is the DOM\'s in Canonical XML, the text received kept', async () => {
  const valid: [string, string][] = [
    ['invoice', buildCfdi(input(), company).xml],
    ['invoice to the general public', buildCfdi(input(doc({ use: 'S01' }), GENERAL_PUBLIC), company).xml],
    ['credit note', buildCfdi(input(doc(), {}, { egreso: { related: [crypto.randomUUID().toUpperCase()], paymentForm: '03' } }), company).xml],
    // Processing instructions and comments between the elements (a PI has no sibling access in libxml2-wasm).
    ['invoice with processing instructions and comments', buildCfdi(input(), company).xml.replace(/<cfdi:(Emisor|Concepto|Traslado|Impuestos) /g, '<?pi <cfdi:$1?><!-- c --><cfdi:$1 ')],
    ['payment receipt', buildPaymentCfdi(paymentInput(), company).xml],
    ['payment receipt with processing instructions', buildPaymentCfdi(paymentInput(), company).xml.replace(/<(pago20:\w+|cfdi:Concepto) /g, '<?pi?><$1 ')],
    ['payment receipt in dollars', buildPaymentCfdi(paymentInput('USD'), company).xml],
  ];
  for (const [what, xml] of valid) {
    const { now, before } = await both(xml);
    assert.equal(now.status, 'Accepted', `${what}: ${JSON.stringify(now.errors)}`);
    assert.deepEqual(verdict(now), verdict(before), what);
    assert.equal(await canonical(now.xml!), await canonical(before.xml!), what);
    // The text received, byte for byte, around the TFD (and the cfdi:Complemento added for it where there was none).
    const [tfd] = now.xml!.match(/<tfd:TimbreFiscalDigital [^>]*\/>/)!;
    const complement = xml.includes('<cfdi:Complemento>');
    assert.equal(now.xml!.replace(complement ? tfd : `<cfdi:Complemento>${tfd}</cfdi:Complemento>`, ''), xml, what);
    assert.ok(tfd.startsWith(`<tfd:TimbreFiscalDigital xmlns:tfd="${TFD_NS}" xsi:schemaLocation="${TFD_NS} http://www.sat.gob.mx/sitio_internet/cfd/TimbreFiscalDigital/TimbreFiscalDigitalv11.xsd" Version="1.1" UUID="${now.uuid}" `), tfd);
    // The TFD's attributes, one by one, and its seal over its own chain with the provider's certificate.
    const [a, b] = [timbreOf(now.xml!), timbreOf(before.xml!)];
    assert.equal(a.length, 1);
    for (const name of ['Version', 'UUID', 'FechaTimbrado', 'RfcProvCertif', 'SelloCFD', 'NoCertificadoSAT', 'SelloSAT']) assert.equal(a[0].getAttribute(name), b[0].getAttribute(name), `${what}: ${name}`);
    assert.equal(a[0].getAttribute('NoCertificadoSAT'), satCertificateNumber(provider.serialNumberHex));
    assert.equal(crypto.verify('sha256', Buffer.from(timbreChain(parseXml(now.xml!))), new X509Certificate(provider.certPem).publicKey,
      Buffer.from(a[0].getAttribute('SelloSAT')!, 'base64')), true, what);
    assert.equal(cfdiChain(parseXml(now.xml!)), cfdiChain(parseXml(xml)), what);
    // The services' check before writing, both ways.
    assert.deepEqual(await cfdiContentProblems(xml), await contentProblemsBefore(xml), what);
  }
});

test('tampered CFDIs: the same rejection both ways, code by code and message by message', async () => {
  const xml = buildCfdi(input(), company).xml;
  const generalPublic = buildCfdi(input(doc({ use: 'S01' }), GENERAL_PUBLIC), company).xml;
  const payment = buildPaymentCfdi(paymentInput(), company).xml;
  const stale = buildCfdi(input(doc({ metadata: { created: new Date(Date.now() - 80 * 3600_000).toISOString() } })), company).xml;
  const cases: [string, string, string[]][] = [
    ['a changed amount', changed(xml, 'Total="2661.32"', 'Total="2600.00"'), ['SELLO', 'TOTAL']],
    ['a changed receiver RFC', changed(xml, 'Rfc="XIA190128J61"', 'Rfc="XIA190128J62"'), ['SELLO']],
    ['a changed issuer RFC', changed(xml, 'Rfc="EKU9003173C9"', 'Rfc="XIA190128J61"'), ['RFC_EMISOR', 'SELLO']],
    ['a broken seal', changed(xml, / Sello="(.)(.)/, ' Sello="$2$1'), ['SELLO']],
    ['another company\'s certificate', buildCfdi(input(), csd('XIA190128J61', 'OTRA EMPRESA')).xml, ['NOMBRE_EMISOR', 'RFC_EMISOR']],
    ['a certificate that is none', changed(xml, / Certificado="[^"]*"/, ' Certificado="bm8gZXMgdW4gY2VydGlmaWNhZG8="'), ['CERTIFICADO']],
    ['a wrong certificate number', changed(xml, /NoCertificado="[0-9]+"/, 'NoCertificado="30001000000500003416"'), ['NO_CERTIFICADO', 'SELLO']],
    ['a stale date', stale, ['FECHA']],
    ['no Exportacion (the schema requires it)', resealed(changed(xml, / Exportacion="01"/, '')), ['XSD']],
    ['an unknown currency (the catalogue)', resealed(changed(xml, 'Moneda="MXN"', 'Moneda="XYZ"')), ['XSD']],
    ['the general public with UsoCFDI G03 (rules.ts)', resealed(changed(generalPublic, 'UsoCFDI="S01"', 'UsoCFDI="G03"')), ['RECEPTOR', 'USO_CFDI']],
    ['SubTotal not the lines\' sum (rules.ts)', resealed(changed(xml, 'SubTotal="3099.99"', 'SubTotal="3099.98"')), ['SUBTOTAL', 'TOTAL']],
    ['a payment over its Monto (rules.ts)', resealed(changed(payment, 'Monto="1000.00"', 'Monto="900.00"')), ['MONTO', 'TOTALES']],
    // XPath's string(cfdi:Emisor/@Nombre) of the way before: the first such attribute among the Emisor elements.
    ['a second cfdi:Emisor, the first without Rfc', changed(xml, '<cfdi:Emisor ', '<cfdi:Emisor Nombre="OTRA EMPRESA"/><cfdi:Emisor '), ['NOMBRE_EMISOR', 'REGIMEN', 'SELLO', 'XSD']],
    ['version 3.3', changed(xml, 'Version="4.0"', 'Version="3.3"'), ['VERSION']],
    ['another root', `<cfdi:Comprobante xmlns:cfdi="http://www.sat.gob.mx/cfd/3" Version="4.0"/>`, ['VERSION']],
    ['malformed XML', xml.slice(0, -30), ['XML']],
    ['an unclosed tag', '<cfdi:Comprobante', ['XML']],
    ['an entity declared in a DOCTYPE', changed(xml.replace('<cfdi:Comprobante ', '<!DOCTYPE cfdi:Comprobante [<!ENTITY n "ESCUELA KEMPER URGATE">]><cfdi:Comprobante '),
      'Nombre="ESCUELA KEMPER URGATE"', 'Nombre="&n;"'), ['XML']],
    ['an undeclared entity', changed(xml, 'Nombre="ESCUELA KEMPER URGATE"', 'Nombre="&n;"'), ['XML']],
  ];
  for (const [what, x, codes] of cases) {
    const { now, before } = await both(x);
    assert.equal(now.status, 'Rejected', what);
    assert.deepEqual([...new Set(now.errors.map((e) => e.code))].sort(), codes, `${what}: ${JSON.stringify(now.errors)}`);
    assert.deepEqual(verdict(now), verdict(before), what);
    const problems = (r: Awaited<ReturnType<typeof cfdiContentProblems>>) => ({
      observations: r.observations,
      problems: r.problems.map((p) => (p.code === 'XML' || /Not well-formed/.test(p.message) ? p.code : p)),
    });
    assert.deepEqual(problems(await cfdiContentProblems(x)), problems(await contentProblemsBefore(x)), what);
  }
  // A malformed CFDI's cause is libxml2's.
  assert.match((await new SandboxPac(async () => provider).stamp('<cfdi:Comprobante')).errors[0].message, /^El XML no está bien formado: \S/);
});

test('a DOCTYPE is refused even without declarations (xmldom took it and ignored it; libxml2 would apply its declarations)', async () => {
  const xml = buildCfdi(input(), company).xml;
  const bare = xml.replace('<cfdi:Comprobante ', '<!DOCTYPE cfdi:Comprobante><cfdi:Comprobante ');
  assert.equal((await stampBefore(bare, provider, new Date())).status, 'Accepted');
  const v = await new SandboxPac(async () => provider).stamp(bare);
  assert.deepEqual(v.errors, [{ code: 'XML', message: 'El XML no está bien formado: a CFDI carries no document type declaration (DOCTYPE)' }]);
  // A default attribute value declared in the DTD is not an attribute of the document.
  const defaults = xml.replace('<cfdi:Comprobante ', '<!DOCTYPE cfdi:Comprobante [<!ATTLIST cfdi:Comprobante Confirmacion CDATA "ABCDE">]><cfdi:Comprobante ');
  assert.equal((await new SandboxPac(async () => provider).stamp(defaults)).errors[0].code, 'XML');
  assert.equal(hasDoctype('\ufeff<?xml version="1.0"?>\n<!-- <x> -->\n<?pi x?><!DOCTYPE x><x/>'), true);
  assert.equal(hasDoctype('<?xml version="1.0"?><x><!-- <!DOCTYPE x> --></x>'), false);
});

test('the TFD written as text: into an empty cfdi:Complemento, after what one holds, or in one added with the root\'s prefix; comments, CDATA, PIs and ">" in values stepped over', async () => {
  const lib = await libxml();
  const attributes = [['Version', '1.1'], ['UUID', 'U'], ['SelloCFD', 'a+b/c=="<&>']] as const;
  const stamp = (xml: string) => {
    const d = parseCfdi(lib, xml);
    try { return withTimbre(lib, d, xml, attributes); } finally { d.dispose(); }
  };
  const XSI = 'http://www.w3.org/2001/XMLSchema-instance';
  const tfd = (xsi: boolean) => `<tfd:TimbreFiscalDigital xmlns:tfd="${TFD_NS}"${xsi ? '' : ` xmlns:xsi="${XSI}"`} xsi:schemaLocation="${TFD_NS} http://www.sat.gob.mx/sitio_internet/cfd/TimbreFiscalDigital/TimbreFiscalDigitalv11.xsd" Version="1.1" UUID="U" SelloCFD="a+b/c==&quot;&lt;&amp;>"/>`;
  // An empty Complemento after markup that looks like the end of the root; xsi not declared.
  const head = `<?xml version="1.0" encoding="UTF-8"?>\n<!-- <c:Complemento> </c:Comprobante> -->\n<c:Comprobante xmlns:c="${CFDI_NS}" A="1>2" B='x"/>y'>`
    + '<c:Conceptos><c:Complemento>deeper, not the root\'s</c:Complemento></c:Conceptos><c:Nota><![CDATA[</c:Comprobante></c:Complemento>]]></c:Nota><?pi </c:Complemento>?>';
  const tail = '</c:Comprobante>\n<!-- </c:Comprobante> -->';
  assert.equal(stamp(`${head}<c:Complemento />${tail}`), `${head}<c:Complemento >${tfd(false)}</c:Complemento>${tail}`);
  // One holding a complement already: the TFD after it.
  const pagos = '<c:Complemento><p:Pagos xmlns:p="http://www.sat.gob.mx/Pagos20" Version="2.0"><p:Pago/></p:Pagos>';
  assert.equal(stamp(`${head}${pagos}</c:Complemento>${tail}`), `${head}${pagos}${tfd(false)}</c:Complemento>${tail}`);
  // None: one added last, in the root's namespace (here the default one, with xsi declared on the root).
  const plain = `<Comprobante xmlns="${CFDI_NS}" xmlns:xsi="${XSI}"><Emisor Rfc="X"/></Comprobante>`;
  const stamped = stamp(plain);
  assert.equal(stamped, plain.replace('</Comprobante>', `<Complemento>${tfd(true)}</Complemento></Comprobante>`));
  const d = parseCfdi(lib, stamped);
  try {
    assert.equal(d.find(lib.XmlXPath.compile('/c:Comprobante/c:Complemento/t:TimbreFiscalDigital[@SelloCFD=\'a+b/c=="<&>\']', { c: CFDI_NS, t: TFD_NS })).length, 1);
  } finally { d.dispose(); }
});
