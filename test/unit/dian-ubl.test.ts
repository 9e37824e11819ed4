/**
 * The DIAN UBL 2.1 Invoice (src/countries/co/dian/ubl/): schema validation with
 * xmllint against the OASIS/DIAN XSD, the CUFE recomputed from the XML's own
 * values, the QR content, the totals against the stored document, escaping.
 *
 * The documents are made by the real code path: computeCO + coInvoiceDocument,
 * the same functions POST /v1/invoices uses, from a hand-made plan.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { DOMParser } from '@xmldom/xmldom';
import * as xpath from 'xpath';
import { C14nCanonicalization } from 'xml-crypto';
import Decimal from 'decimal.js';
import { computeCO, type TaxRef } from '../../src/invoices/compute';
import { coInvoiceDocument, type Plan } from '../../src/invoices/co/service';
import { cude as cudeOf, cufe as cufeOf, softwareSecurityCode } from '../../src/countries/co/dian/cufe';
import type { NoteDocument } from '../../src/notes/schema';
import { nitCheckDigit } from '../../src/platform/nit';
import { generateTestCertificate } from '../../src/einvoice/certificates';
import { XSD_DIR, xsdErrors } from '../support/tools';
import { ublFigures, type UblFigures } from '../support/ubl';
import { SandboxDian, type NoteFacts } from '../../src/countries/co/dian/authority';
import { signInvoiceXml, verifyInvoiceSignature } from '../../src/countries/co/dian/sign';
import { buildAttachedDocument } from '../../src/countries/co/dian/attached';
import {
  buildInvoiceXml, buildNoteXml, DIAN_NIT, DianXmlError, NAMESPACES,
  type BuildInvoiceInput, type BuildNoteInput, type DianCustomer, type DianInvoiceDocument, type DianIssuer, type DianResolution,
} from '../../src/countries/co/dian/ubl';

// ------------------------------------------------------------------ fixtures

type TaxRow = { id: number; name: string; type: string; percentage: string; account_code: string };
const tax = (id: number, name: string, type: string, percentage: string): TaxRow => ({ id, name, type, percentage, account_code: '2408' });
const IVA19 = tax(1, 'IVA 19%', 'IVA', '19');
const INC8 = tax(4, 'Impoconsumo 8%', 'Impoconsumo', '8');
const RETEFUENTE = tax(5, 'Retefuente compras 2.5%', 'Retefuente', '2.5');
const RETEIVA = tax(7, 'ReteIVA 15%', 'ReteIVA', '15');
const RETEICA = tax(8, 'ReteICA 9.66 por mil', 'ReteICA', '0.966');
const taxRef = (t: TaxRow): TaxRef => ({ id: t.id, name: t.name, type: t.type, percentage: t.percentage });

const TRICKY = 'Cable "HDMI" 2 m & adaptador <USB-C> \'Ñandú\' — garantía 1 año';

interface LineIn { code: string; quantity: number; price: number; discount?: number; taxes: TaxRow[]; description: string }
interface Scenario {
  lines: LineIn[];
  retentions?: TaxRow[];
  discounts?: { id: number; name: string; percentage?: number; value?: number }[];
  charges?: { id: number; name: string; percentage?: number; value?: number }[];
  advance?: number;
  currency?: { code: string; exchange_rate: number };
  /** Payment types: credit (with a due date) or cash; the payable amount goes to the last one. */
  payments: { id: number; name: string; due_date?: string; value?: number }[];
  observations?: string;
  number: number;
  date: string;
  created: string;
}

/** The stored document, made as POST /v1/invoices makes it (computeCO + coInvoiceDocument). */
function storedDocument(s: Scenario): DianInvoiceDocument {
  const computed = computeCO({
    discountType: 'Value',
    lines: s.lines.map((l) => ({ quantity: l.quantity, price: l.price, discount: l.discount, taxes: l.taxes.map(taxRef) })),
    retentions: (s.retentions ?? []).map(taxRef),
    globalDiscounts: s.discounts ?? [],
    globalCharges: s.charges ?? [],
    advancePayment: s.advance,
  });
  let left = new Decimal(computed.payable);
  const payments = s.payments.map((p, i) => {
    const value = i === s.payments.length - 1 ? left.toNumber() : p.value!;
    left = left.minus(value);
    return { id: p.id, value, due_date: p.due_date ?? null, type: { id: p.id, name: p.name, due_date: !!p.due_date } };
  });
  const plan = {
    body: {
      date: s.date, customer: { identification: '900547821', branch_office: 0 }, observations: s.observations,
      stamp: { send: true }, advance_payment: s.advance,
    },
    docType: { id: 3, name: 'Factura electrónica de venta', prefix: 'SETP', discount_type: 'Value' },
    customer: { id: 7 }, newCustomer: null, seller: { id: 1 }, costCenter: null,
    currency: s.currency ?? null, local: 'COP',
    retentions: s.retentions ?? [],
    lines: s.lines.map((l) => ({
      item: { code: l.code, quantity: l.quantity, price: l.price, discount: l.discount },
      product: { code: l.code }, taxes: l.taxes, description: l.description, seller: null, warehouse: null, third: null, gift: false,
    })),
    payments,
    discounts: (s.discounts ?? []).map((d) => ({ ...d, row: { name: d.name } })),
    charges: (s.charges ?? []).map((d) => ({ ...d, row: { name: d.name } })),
    computed,
  } as unknown as Plan;
  const doc = coInvoiceDocument(plan, {
    id: '5f0c6a8e-0000-4000-8000-000000000001', prefix: 'SETP', number: s.number, name: null, customerId: 7, now: new Date(s.created),
  });
  // Through JSON, as it is stored and answered.
  return JSON.parse(JSON.stringify(doc)) as DianInvoiceDocument;
}

const COMPANY: DianIssuer = {
  legal_name: 'Comercializadora Andina & Cía "Demo" S.A.S.',
  tax_id: '900456123',
  check_digit: nitCheckDigit('900456123'),
  address: { address: 'Cra 7 # 26-20 Piso 12', city: { country_code: 'CO', state_code: '11', city_code: '11001' }, postal_code: '110311' },
  fiscal_responsibilities: [{ code: 'O-13' }, { code: 'O-15' }],
  email: 'facturacion@andina-demo.example.co',
};

const CUSTOMER: DianCustomer = {
  person_type: 'company',
  id_type: '31',
  identification: '900547821',
  check_digit: nitCheckDigit('900547821'),
  name: ['Supermercados La Estrella & Cía. S.A.S. <Sede "Norte"> O\'Neill'],
  commercial_name: 'La Estrella',
  vat_responsible: true,
  fiscal_responsibilities: [{ code: 'O-23' }],
  address: { address: 'Calle 80 # 68-45', city: { country_code: 'CO', state_code: '05', city_code: '05001' }, postal_code: '050021' },
  contacts: [{ first_name: 'Andrea', last_name: 'Salazar Peña', email: 'compras@laestrella.example.co', phone: { indicative: '57', number: '3104567890' } }],
};

const RESOLUTION: DianResolution = {
  number: '18760000001', prefix: 'SETP', from: 990000000, to: 995000000,
  valid_from: '2019-01-19', valid_to: '2030-01-19', technical_key: 'fc8eac422eba16e22ffd8c6f94b3f40a6e38162c',
};

const SOFTWARE = { id: '56f2ae4e-9812-4fad-9255-08fcfcd5ccb0', pin: '12345', provider_nit: '900456123' };

/** IVA 19 % lines (one with a discount and Retefuente), an INC line, ReteIVA and ReteICA, a 2 % global discount, credit. */
const DOMESTIC: Scenario = {
  number: 990000123,
  date: '2025-03-10',
  created: '2025-03-10T15:04:05.000Z',
  observations: 'Entrega en bodega & recibo a satisfacción — "urgente" <piso 2>',
  lines: [
    { code: 'PORT14', quantity: 2, price: 2850000, discount: 100000, taxes: [IVA19, RETEFUENTE], description: 'Computador portátil 14 pulgadas' },
    { code: 'INSTAL01', quantity: 1, price: 150000, taxes: [IVA19], description: 'Servicio de instalación y configuración' },
    { code: 'CABLE01', quantity: 3, price: 45990.5, taxes: [IVA19], description: TRICKY },
    { code: 'ALMUERZO', quantity: 4, price: 25000, taxes: [INC8], description: 'Almuerzo ejecutivo' },
    { code: 'LIBRO01', quantity: 1, price: 95000, taxes: [], description: 'Libro Contabilidad básica' },
  ],
  retentions: [RETEIVA, RETEICA],
  discounts: [{ id: 2, name: 'Descuento por pronto pago', percentage: 2 }],
  payments: [{ id: 4, name: 'Crédito', due_date: '2025-04-09' }],
};

/** In US dollars, with an advance payment, a global charge and a cash part plus a credit part. */
const FOREIGN: Scenario = {
  number: 990000124,
  date: '2025-03-11',
  created: '2025-03-11T21:30:00.000Z',
  currency: { code: 'USD', exchange_rate: 4125.37 },
  lines: [
    { code: 'ASESORIA', quantity: 12.5, price: 30.25, discount: 10, taxes: [IVA19], description: 'Asesoría contable por hora' },
  ],
  charges: [{ id: 5, name: 'Cargo por flete', value: 15 }],
  advance: 100,
  payments: [{ id: 1, name: 'Efectivo', value: 50 }, { id: 4, name: 'Crédito', due_date: '2025-05-10' }],
};

function input(doc: DianInvoiceDocument, over: Partial<BuildInvoiceInput> = {}): BuildInvoiceInput {
  return {
    document: doc, company: COMPANY, customer: CUSTOMER, resolution: RESOLUTION,
    settings: { software: SOFTWARE, environment: '2', issueTime: '10:04:05-05:00' },
    unitCodes: { ASESORIA: 'HUR' },
    paymentTypes: { 1: 'Cash', 4: 'Credit' },
    ...over,
  };
}

// ------------------------------------------------------------------ XML reading (independent of the builder)

const NS: Record<string, string> = { inv: NAMESPACES.invoice, cac: NAMESPACES.cac, cbc: NAMESPACES.cbc, ext: NAMESPACES.ext, sts: NAMESPACES.sts };
const select = xpath.useNamespaces(NS);
function parse(xml: string) {
  const doc = new DOMParser().parseFromString(xml, 'text/xml');
  const nodes = (q: string) => select(q, doc as unknown as Node) as Node[];
  const one = (q: string) => {
    const found = nodes(q);
    assert.equal(found.length, 1, `exactly one ${q} (found ${found.length})`);
    return found[0] as Element;
  };
  const text = (q: string) => one(q).textContent ?? '';
  const attr = (q: string, a: string) => one(q).getAttribute(a);
  const amounts = (q: string) => nodes(q).map((n) => new Decimal(n.textContent ?? 'NaN'));
  return { doc, nodes, one, text, attr, amounts };
}
const total = (xs: Decimal[]) => xs.reduce((s, x) => s.plus(x), new Decimal(0)).toFixed(2);

// ------------------------------------------------------------------ schema (libxml2-wasm, the repository's schemas/)

const INVOICE_XSD = path.join(XSD_DIR, 'maindoc', 'UBL-Invoice-2.1.xsd');

async function validate(xml: string, xsd: string): Promise<{ ok: boolean; errors: string[]; output: string }> {
  const errors = await xsdErrors(xsd, xml);
  return { ok: errors.length === 0, errors, output: errors.join('\n') };
}

// ------------------------------------------------------------------ tests

let signer: { certPem: string; keyPem: string } | undefined;
const credentials = () => (signer ??= generateTestCertificate({ commonName: COMPANY.legal_name, nit: COMPANY.tax_id }));

test('1. the invoice validates against the UBL 2.1 Invoice schema, unsigned and signed', async () => {
  for (const s of [DOMESTIC, FOREIGN]) {
    const { xml } = buildInvoiceXml(input(storedDocument(s)));

    // Unsigned, with something in the signature slot (the schema wants one element there).
    const slotted = xml.replace(/<ext:ExtensionContent><\/ext:ExtensionContent>(?=<\/ext:UBLExtension><\/ext:UBLExtensions>)/,
      '<ext:ExtensionContent><placeholder xmlns="urn:test:signature-slot"/></ext:ExtensionContent>');
    assert.notEqual(slotted, xml);
    const unsigned = await validate(slotted, INVOICE_XSD);
    assert.ok(unsigned.ok, `invoice ${s.number} does not validate:\n${unsigned.output}`);

    // Signed by sign.ts from its text, as it is sent: it verifies and validates too.
    const same = { signingTime: new Date(Date.now() - 60_000), signatureId: 'xmldsig-test' };
    const signed = await signInvoiceXml(xml, credentials(), { ...same, written: true });
    const verified = await verifyInvoiceSignature(signed);
    assert.equal(verified.valid, true, verified.reason);
    const r = await validate(signed, INVOICE_XSD);
    assert.ok(r.ok, `signed invoice ${s.number} does not validate:\n${r.output}`);
    // Signed through a DOM instead (the path for documents from elsewhere), the signature is the same to the bit:
    // the digests taken from the text as written are those of the canonical forms (RSA PKCS#1 v1.5 is deterministic).
    const viaDom = await signInvoiceXml(xml, credentials(), same);
    const signatureOf = (x: string) => /<ds:Signature [\s\S]*<\/ds:Signature>/.exec(x)?.[0];
    assert.ok(signatureOf(signed));
    assert.equal(signatureOf(viaDom), signatureOf(signed));
  }
});

test('1a. the documents are written in canonical form (C14N 1.0): parsed and canonicalised again, the same bytes', async () => {
  const canon = (x: string) => new C14nCanonicalization().process(new DOMParser().parseFromString(x, 'text/xml').documentElement as unknown as Node, {});
  const body = (x: string) => x.replace(/^<\?xml [^?]*\?>/, '');
  // Text a user typed: quotes, ampersands, angle brackets, a Windows line break, a tab.
  const typed = { ...storedDocument(DOMESTIC), observations: 'Línea 1\r\nLínea 2\t"a" & <b> > c' };
  for (const xml of [buildInvoiceXml(input(typed)).xml, buildInvoiceXml(input(storedDocument(FOREIGN))).xml]) {
    assert.equal(canon(xml), body(xml));
    const signed = await signInvoiceXml(xml, credentials(), { written: true });
    assert.equal(canon(signed), body(signed), 'signed, the whole document is still canonical');
    assert.equal((await verifyInvoiceSignature(signed)).valid, true);
  }
  assert.ok(buildInvoiceXml(input(typed)).xml.includes('<cbc:Note>Línea 1&#xD;\nLínea 2\t"a" &amp; &lt;b&gt; &gt; c</cbc:Note>'));
});

test('1b. unsigned, the only schema error is the empty signature slot', async () => {
  const { xml } = buildInvoiceXml(input(storedDocument(DOMESTIC)));
  const { errors } = await validate(xml, INVOICE_XSD);
  assert.equal(errors.length, 1, errors.join('\n'));
  assert.match(errors[0], /ExtensionContent.*Missing child element/);
  const p = parse(xml);
  assert.equal(p.nodes('/inv:Invoice/ext:UBLExtensions/ext:UBLExtension').length, 2);
  assert.equal(p.nodes('/inv:Invoice/ext:UBLExtensions/ext:UBLExtension[2]/ext:ExtensionContent/node()').length, 0);
});

test('1c. the DIAN extension follows DIAN_UBL_Structures.xsd (but for the annex\'s check digit in schemeID)', async () => {
  const { xml } = buildInvoiceXml(input(storedDocument(DOMESTIC)));
  const m = /<sts:DianExtensions>[\s\S]*<\/sts:DianExtensions>/.exec(xml);
  assert.ok(m, 'sts:DianExtensions is present');
  const alone = m[0].replace('<sts:DianExtensions>',
    `<sts:DianExtensions xmlns:sts="${NAMESPACES.sts}" xmlns:cbc="${NAMESPACES.cbc}" xmlns:cac="${NAMESPACES.cac}">`);
  const r = await validate(`<?xml version="1.0" encoding="UTF-8"?>${alone}`, path.join(XSD_DIR, 'maindoc', 'DIAN_UBL_Structures.xsd'));
  // The annex (and the DIAN's own examples) put the NIT check digit in schemeID of ProviderID and
  // AuthorizationProviderID, where this XSD lists identification types: that is the only difference allowed.
  const errors = r.errors
    .filter((l) => !/(ProviderID|AuthorizationProviderID)', attribute 'schemeID': \[facet 'enumeration'\]/.test(l));
  assert.deepEqual(errors, []);
  const p = parse(xml);
  const ext = '/inv:Invoice/ext:UBLExtensions/ext:UBLExtension[1]/ext:ExtensionContent/sts:DianExtensions';
  assert.equal(p.text(`${ext}/sts:InvoiceControl/sts:InvoiceAuthorization`), '18760000001');
  assert.equal(p.text(`${ext}/sts:InvoiceControl/sts:AuthorizationPeriod/cbc:StartDate`), '2019-01-19');
  assert.equal(p.text(`${ext}/sts:InvoiceControl/sts:AuthorizationPeriod/cbc:EndDate`), '2030-01-19');
  assert.equal(p.text(`${ext}/sts:InvoiceControl/sts:AuthorizedInvoices/sts:Prefix`), 'SETP');
  assert.equal(p.text(`${ext}/sts:InvoiceControl/sts:AuthorizedInvoices/sts:From`), '990000000');
  assert.equal(p.text(`${ext}/sts:InvoiceControl/sts:AuthorizedInvoices/sts:To`), '995000000');
  assert.equal(p.text(`${ext}/sts:InvoiceSource/cbc:IdentificationCode`), 'CO');
  assert.equal(p.text(`${ext}/sts:SoftwareProvider/sts:ProviderID`), SOFTWARE.provider_nit);
  assert.equal(p.attr(`${ext}/sts:SoftwareProvider/sts:ProviderID`, 'schemeID'), nitCheckDigit(SOFTWARE.provider_nit));
  assert.equal(p.text(`${ext}/sts:SoftwareProvider/sts:SoftwareID`), SOFTWARE.id);
  assert.equal(p.text(`${ext}/sts:SoftwareSecurityCode`), softwareSecurityCode(SOFTWARE.id, SOFTWARE.pin, 'SETP990000123'));
  assert.equal(p.text(`${ext}/sts:AuthorizationProvider/sts:AuthorizationProviderID`), DIAN_NIT);
  assert.equal(p.attr(`${ext}/sts:AuthorizationProvider/sts:AuthorizationProviderID`, 'schemeID'), '4');
  assert.ok(!xml.includes(SOFTWARE.pin + '<') && !xml.includes(RESOLUTION.technical_key), 'neither the PIN nor the technical key is written');
});

test('2. the CUFE in cbc:UUID recomputes from the values inside the XML', () => {
  for (const s of [DOMESTIC, FOREIGN]) {
    for (const environment of ['1', '2'] as const) {
      const built = buildInvoiceXml(input(storedDocument(s), { settings: { software: SOFTWARE, environment, issueTime: '10:04:05-05:00' } }));
      const p = parse(built.xml);
      const taxOf = (code: string) => total(p.amounts(`/inv:Invoice/cac:TaxTotal[cac:TaxSubtotal/cac:TaxCategory/cac:TaxScheme/cbc:ID='${code}']/cbc:TaxAmount`));
      const fromXml = cufeOf({
        number: p.text('/inv:Invoice/cbc:ID'),
        issueDate: p.text('/inv:Invoice/cbc:IssueDate'),
        issueTime: p.text('/inv:Invoice/cbc:IssueTime'),
        subtotal: p.text('/inv:Invoice/cac:LegalMonetaryTotal/cbc:LineExtensionAmount'),
        iva: taxOf('01'), inc: taxOf('04'), ica: taxOf('03'),
        total: p.text('/inv:Invoice/cac:LegalMonetaryTotal/cbc:PayableAmount'),
        supplierNit: p.text('/inv:Invoice/cac:AccountingSupplierParty/cac:Party/cac:PartyTaxScheme/cbc:CompanyID'),
        customerId: p.text('/inv:Invoice/cac:AccountingCustomerParty/cac:Party/cac:PartyTaxScheme/cbc:CompanyID'),
        technicalKey: RESOLUTION.technical_key,
        environment: p.text('/inv:Invoice/cbc:ProfileExecutionID') as '1' | '2',
      });
      assert.equal(p.text('/inv:Invoice/cbc:UUID'), built.cufe);
      assert.equal(fromXml, built.cufe);
      assert.match(built.cufe, /^[0-9a-f]{96}$/);
      assert.equal(p.attr('/inv:Invoice/cbc:UUID', 'schemeName'), 'CUFE-SHA384');
      assert.equal(p.attr('/inv:Invoice/cbc:UUID', 'schemeID'), environment);
    }
  }
  // The domestic invoice has IVA and INC, no ICA line tax (ReteICA is a withholding, not ValImp3).
  const p = parse(buildInvoiceXml(input(storedDocument(DOMESTIC))).xml);
  assert.notEqual(total(p.amounts("/inv:Invoice/cac:TaxTotal[cac:TaxSubtotal/cac:TaxCategory/cac:TaxScheme/cbc:ID='04']/cbc:TaxAmount")), '0.00');
  assert.equal(p.nodes("/inv:Invoice/cac:TaxTotal[cac:TaxSubtotal/cac:TaxCategory/cac:TaxScheme/cbc:ID='03']").length, 0);
});

test('the CUFE follows the annex chain with the document figures', () => {
  const doc = storedDocument(DOMESTIC);
  const built = buildInvoiceXml(input(doc));
  const iva = doc.items.flatMap((i) => i.taxes).filter((t) => t.type === 'IVA').reduce((a, t) => a.plus(t.value), new Decimal(0));
  const inc = doc.items.flatMap((i) => i.taxes).filter((t) => t.type === 'Impoconsumo').reduce((a, t) => a.plus(t.value), new Decimal(0));
  assert.equal(built.cufe, cufeOf({
    number: 'SETP990000123', issueDate: '2025-03-10', issueTime: '10:04:05-05:00',
    subtotal: doc.subtotal, iva, inc, ica: 0,
    total: new Decimal(doc.total).minus(doc.advance_payment ?? 0),
    supplierNit: '900456123', customerId: '900547821', technicalKey: RESOLUTION.technical_key, environment: '2',
  }));
  // Without an explicit time, the document's creation instant in Colombian time (UTC−5).
  const fromCreated = buildInvoiceXml(input(doc, { settings: { software: SOFTWARE, environment: '2' } }));
  assert.equal(parse(fromCreated.xml).text('/inv:Invoice/cbc:IssueTime'), '10:04:05-05:00');
  assert.equal(fromCreated.cufe, built.cufe);
});

test('3. the QR content has the annex fields and the DIAN URL of the environment', () => {
  const doc = storedDocument(DOMESTIC);
  for (const [environment, host] of [['1', 'catalogo-vpfe.dian.gov.co'], ['2', 'catalogo-vpfe-hab.dian.gov.co']] as const) {
    const built = buildInvoiceXml(input(doc, { settings: { software: SOFTWARE, environment, issueTime: '10:04:05-05:00' } }));
    const p = parse(built.xml);
    assert.equal(p.text('/inv:Invoice/ext:UBLExtensions/ext:UBLExtension/ext:ExtensionContent/sts:DianExtensions/sts:QRCode'), built.qr);
    const fields = Object.fromEntries(built.qr.split('\n').map((l) => {
      const i = l.indexOf(': ');
      return [l.slice(0, i), l.slice(i + 2)];
    }));
    const iva = total(p.amounts("/inv:Invoice/cac:TaxTotal[cac:TaxSubtotal/cac:TaxCategory/cac:TaxScheme/cbc:ID='01']/cbc:TaxAmount"));
    const other = total(p.amounts("/inv:Invoice/cac:TaxTotal[cac:TaxSubtotal/cac:TaxCategory/cac:TaxScheme/cbc:ID!='01']/cbc:TaxAmount"));
    assert.deepEqual(fields, {
      NumFac: 'SETP990000123',
      FecFac: '2025-03-10',
      HorFac: '10:04:05-05:00',
      NitFac: '900456123',
      DocAdq: '900547821',
      ValFac: new Decimal(doc.subtotal).toFixed(2),
      ValIva: iva,
      ValOtroIm: other,
      ValTolFac: p.text('/inv:Invoice/cac:LegalMonetaryTotal/cbc:PayableAmount'),
      CUFE: built.cufe,
      QRCode: `https://${host}/document/searchqr?documentkey=${built.cufe}`,
    });
    assert.notEqual(other, '0.00'); // the INC line
    assert.equal(new Decimal(iva).plus(other).toFixed(2), new Decimal(doc.taxes_total).toFixed(2));
  }
});

test('4. LegalMonetaryTotal and the tax totals equal the document figures', () => {
  for (const s of [DOMESTIC, FOREIGN]) {
    const doc = storedDocument(s);
    const p = parse(buildInvoiceXml(input(doc)).xml);
    const cur = doc.currency!.code;
    const lmt = (name: string) => {
      assert.equal(p.attr(`/inv:Invoice/cac:LegalMonetaryTotal/cbc:${name}`, 'currencyID'), cur);
      return p.text(`/inv:Invoice/cac:LegalMonetaryTotal/cbc:${name}`);
    };
    const f = (v: unknown) => new Decimal(v as number).toFixed(2);
    const discounts = doc.global_discounts!.reduce((a, d) => a.plus(d.value), new Decimal(0));
    const charges = doc.global_charges!.reduce((a, d) => a.plus(d.value), new Decimal(0));
    assert.equal(lmt('LineExtensionAmount'), f(doc.subtotal));
    assert.equal(lmt('TaxInclusiveAmount'), new Decimal(doc.subtotal).plus(doc.taxes_total).toFixed(2));
    assert.equal(lmt('AllowanceTotalAmount'), discounts.toFixed(2));
    assert.equal(lmt('ChargeTotalAmount'), charges.toFixed(2));
    assert.equal(lmt('PrepaidAmount'), f(doc.advance_payment));
    // PayableAmount is before withholdings (they are informative in the UBL):
    assert.equal(lmt('PayableAmount'), new Decimal(doc.total).minus(doc.advance_payment!).toFixed(2));
    assert.equal(new Decimal(lmt('PayableAmount')).minus(doc.withholdings_total).toFixed(2), f(doc.amount_payable));
    assert.equal(new Decimal(lmt('TaxInclusiveAmount')).minus(lmt('AllowanceTotalAmount')).plus(lmt('ChargeTotalAmount')).toFixed(2), f(doc.total));
    // TaxExclusiveAmount: the bases of the taxed lines.
    const taxedBases = doc.items.filter((i) => i.taxes.some((t) => ['IVA', 'Impoconsumo'].includes(t.type)))
      .reduce((a, i) => a.plus(i.taxes.find((t) => ['IVA', 'Impoconsumo'].includes(t.type))!.base_value), new Decimal(0));
    assert.equal(lmt('TaxExclusiveAmount'), taxedBases.toFixed(2));
    // Taxes and withholdings.
    assert.equal(total(p.amounts('/inv:Invoice/cac:TaxTotal/cbc:TaxAmount')), f(doc.taxes_total));
    assert.equal(total(p.amounts('/inv:Invoice/cac:WithholdingTaxTotal/cbc:TaxAmount')), f(doc.withholdings_total));
    assert.equal(total(p.amounts('/inv:Invoice/cac:InvoiceLine/cbc:LineExtensionAmount')), f(doc.subtotal));
    assert.equal(total(p.amounts('/inv:Invoice/cac:InvoiceLine/cac:TaxTotal/cbc:TaxAmount')), f(doc.taxes_total));
    for (const t of p.nodes('/inv:Invoice/cac:TaxTotal | /inv:Invoice/cac:WithholdingTaxTotal') as Element[]) {
      const own = new Decimal(select('string(cbc:TaxAmount)', t as unknown as Node) as string);
      const subs = (select('cac:TaxSubtotal/cbc:TaxAmount', t as unknown as Node) as Node[]).map((n) => new Decimal(n.textContent!));
      assert.equal(own.toFixed(2), total(subs));
    }
    assert.equal(p.text('/inv:Invoice/cbc:DocumentCurrencyCode'), cur);
    assert.equal(p.text('/inv:Invoice/cbc:LineCountNumeric'), String(doc.items.length));
    assert.equal(p.nodes('/inv:Invoice/cac:InvoiceLine').length, doc.items.length);
  }
});

test('the domestic invoice: taxes, withholdings, discount, credit payment, parties, lines', () => {
  const doc = storedDocument(DOMESTIC);
  const p = parse(buildInvoiceXml(input(doc)).xml);
  const I = '/inv:Invoice';
  assert.equal(p.text(`${I}/cbc:UBLVersionID`), 'UBL 2.1');
  assert.equal(p.text(`${I}/cbc:CustomizationID`), '10');
  assert.equal(p.text(`${I}/cbc:ProfileID`), 'DIAN 2.1: Factura Electrónica de Venta');
  assert.equal(p.text(`${I}/cbc:ProfileExecutionID`), '2');
  assert.equal(p.text(`${I}/cbc:InvoiceTypeCode`), '01');
  assert.equal(p.nodes(`${I}/cac:PaymentExchangeRate`).length, 0);
  // IVA 19 % in one subtotal, INC 8 %.
  const iva = `${I}/cac:TaxTotal[cac:TaxSubtotal/cac:TaxCategory/cac:TaxScheme/cbc:ID='01']`;
  assert.equal(p.nodes(`${iva}/cac:TaxSubtotal`).length, 1);
  assert.equal(p.text(`${iva}/cac:TaxSubtotal/cac:TaxCategory/cbc:Percent`), '19.00');
  assert.equal(p.text(`${iva}/cac:TaxSubtotal/cac:TaxCategory/cac:TaxScheme/cbc:Name`), 'IVA');
  assert.equal(p.text(`${I}/cac:TaxTotal[cac:TaxSubtotal/cac:TaxCategory/cac:TaxScheme/cbc:ID='04']/cac:TaxSubtotal/cac:TaxCategory/cbc:Percent`), '8.00');
  // Withholdings: ReteIVA 05 on the IVA, ReteFuente 06 on the line base, ReteICA 07.
  const w = (code: string) => `${I}/cac:WithholdingTaxTotal[cac:TaxSubtotal/cac:TaxCategory/cac:TaxScheme/cbc:ID='${code}']`;
  const reteiva = doc.retentions!.find((r) => r.type === 'ReteIVA')!;
  assert.equal(p.text(`${w('05')}/cbc:TaxAmount`), new Decimal(reteiva.value).toFixed(2));
  assert.equal(p.text(`${w('05')}/cac:TaxSubtotal/cbc:TaxableAmount`), total(p.amounts(`${iva}/cbc:TaxAmount`)));
  assert.equal(p.text(`${w('05')}/cac:TaxSubtotal/cac:TaxCategory/cbc:Percent`), '15.00');
  const retefuente = doc.items[0].taxes.find((t) => t.type === 'Retefuente')!;
  assert.equal(p.text(`${w('06')}/cbc:TaxAmount`), new Decimal(retefuente.value).toFixed(2));
  assert.equal(p.text(`${w('06')}/cac:TaxSubtotal/cac:TaxCategory/cbc:Percent`), '2.50');
  assert.equal(p.text(`${w('07')}/cac:TaxSubtotal/cac:TaxCategory/cbc:Percent`), '0.966');
  // The global discount.
  assert.equal(p.text(`${I}/cac:AllowanceCharge/cbc:ChargeIndicator`), 'false');
  assert.equal(p.text(`${I}/cac:AllowanceCharge/cbc:AllowanceChargeReason`), 'Descuento por pronto pago');
  assert.equal(p.text(`${I}/cac:AllowanceCharge/cbc:AllowanceChargeReasonCode`), '03');
  assert.equal(p.text(`${I}/cac:AllowanceCharge/cbc:MultiplierFactorNumeric`), '2.00');
  assert.equal(p.text(`${I}/cac:AllowanceCharge/cbc:Amount`), new Decimal(doc.global_discounts![0].value).toFixed(2));
  assert.equal(p.text(`${I}/cac:AllowanceCharge/cbc:BaseAmount`), new Decimal(doc.subtotal).toFixed(2));
  // Credit: PaymentMeans 2 with its due date.
  assert.equal(p.text(`${I}/cac:PaymentMeans/cbc:ID`), '2');
  assert.equal(p.text(`${I}/cac:PaymentMeans/cbc:PaymentDueDate`), '2025-04-09');
  assert.equal(p.text(`${I}/cbc:DueDate`), '2025-04-09');
  assert.equal(p.nodes(`${I}/cac:PrepaidPayment`).length, 0);
  // Parties.
  const sup = `${I}/cac:AccountingSupplierParty`;
  assert.equal(p.text(`${sup}/cbc:AdditionalAccountID`), '1');
  assert.equal(p.text(`${sup}/cac:Party/cac:PartyTaxScheme/cbc:CompanyID`), '900456123');
  assert.equal(p.attr(`${sup}/cac:Party/cac:PartyTaxScheme/cbc:CompanyID`, 'schemeID'), nitCheckDigit('900456123'));
  assert.equal(p.attr(`${sup}/cac:Party/cac:PartyTaxScheme/cbc:CompanyID`, 'schemeName'), '31');
  assert.equal(p.text(`${sup}/cac:Party/cac:PartyTaxScheme/cbc:TaxLevelCode`), 'O-13;O-15');
  assert.equal(p.text(`${sup}/cac:Party/cac:PartyTaxScheme/cac:TaxScheme/cbc:ID`), '01');
  assert.equal(p.text(`${sup}/cac:Party/cac:PhysicalLocation/cac:Address/cbc:ID`), '11001');
  assert.equal(p.text(`${sup}/cac:Party/cac:PhysicalLocation/cac:Address/cbc:CountrySubentityCode`), '11');
  assert.equal(p.text(`${sup}/cac:Party/cac:PartyLegalEntity/cac:CorporateRegistrationScheme/cbc:ID`), 'SETP');
  const cus = `${I}/cac:AccountingCustomerParty`;
  assert.equal(p.text(`${cus}/cbc:AdditionalAccountID`), '1');
  assert.equal(p.attr(`${cus}/cac:Party/cac:PartyTaxScheme/cbc:CompanyID`, 'schemeID'), nitCheckDigit('900547821'));
  assert.equal(p.text(`${cus}/cac:Party/cac:PartyTaxScheme/cbc:TaxLevelCode`), 'O-23');
  assert.equal(p.text(`${cus}/cac:Party/cac:PhysicalLocation/cac:Address/cbc:CityName`), 'Medellín');
  assert.equal(p.text(`${cus}/cac:Party/cac:PhysicalLocation/cac:Address/cbc:CountrySubentity`), 'Antioquia');
  assert.equal(p.text(`${cus}/cac:Party/cac:Contact/cbc:ElectronicMail`), 'compras@laestrella.example.co');
  // Lines: the discount of line 1, its price and quantity; a line without taxes has no TaxTotal.
  const l1 = `${I}/cac:InvoiceLine[cbc:ID='1']`;
  assert.equal(p.text(`${l1}/cbc:InvoicedQuantity`), '2');
  assert.equal(p.attr(`${l1}/cbc:InvoicedQuantity`, 'unitCode'), '94');
  assert.equal(p.text(`${l1}/cbc:LineExtensionAmount`), '5600000.00');
  assert.equal(p.text(`${l1}/cac:AllowanceCharge/cbc:Amount`), '100000.00');
  assert.equal(p.text(`${l1}/cac:AllowanceCharge/cbc:BaseAmount`), '5700000.00');
  assert.equal(p.text(`${l1}/cac:TaxTotal/cbc:TaxAmount`), '1064000.00');
  assert.equal(p.text(`${l1}/cac:Item/cac:StandardItemIdentification/cbc:ID`), 'PORT14');
  assert.equal(p.text(`${l1}/cac:Price/cbc:PriceAmount`), '2850000.00');
  assert.equal(p.text(`${l1}/cac:Price/cbc:BaseQuantity`), '1');
  assert.equal(p.text(`${I}/cac:InvoiceLine[cbc:ID='3']/cac:Price/cbc:PriceAmount`), '45990.50');
  assert.equal(p.nodes(`${I}/cac:InvoiceLine[cbc:ID='5']/cac:TaxTotal`).length, 0);
});

test('the foreign-currency invoice: exchange rate, advance payment, global charge, cash and credit', () => {
  const doc = storedDocument(FOREIGN);
  const p = parse(buildInvoiceXml(input(doc)).xml);
  const I = '/inv:Invoice';
  assert.equal(p.text(`${I}/cbc:DocumentCurrencyCode`), 'USD');
  assert.equal(p.text(`${I}/cac:PaymentExchangeRate/cbc:SourceCurrencyCode`), 'USD');
  assert.equal(p.text(`${I}/cac:PaymentExchangeRate/cbc:TargetCurrencyCode`), 'COP');
  assert.equal(p.text(`${I}/cac:PaymentExchangeRate/cbc:CalculationRate`), '4125.37');
  assert.equal(p.text(`${I}/cac:PrepaidPayment/cbc:PaidAmount`), '100.00');
  assert.equal(p.attr(`${I}/cac:PrepaidPayment/cbc:PaidAmount`, 'currencyID'), 'USD');
  assert.equal(p.text(`${I}/cac:AllowanceCharge/cbc:ChargeIndicator`), 'true');
  assert.equal(p.text(`${I}/cac:AllowanceCharge/cbc:Amount`), '15.00');
  assert.deepEqual(p.nodes(`${I}/cac:PaymentMeans/cbc:ID`).map((n) => n.textContent), ['1', '2']);
  assert.deepEqual(p.nodes(`${I}/cac:PaymentMeans/cbc:PaymentMeansCode`).map((n) => n.textContent), ['10', '1']);
  assert.equal(p.attr(`${I}/cac:InvoiceLine/cbc:InvoicedQuantity`, 'unitCode'), 'HUR');
  assert.equal(p.text(`${I}/cac:InvoiceLine/cbc:InvoicedQuantity`), '12.5');
  assert.equal(p.nodes(`${I}/cac:WithholdingTaxTotal`).length, 0);
  for (const n of p.nodes('//*[@currencyID]') as Element[]) assert.equal(n.getAttribute('currencyID'), 'USD');
  // Time from metadata.created (21:30Z is 16:30 in Bogotá).
  const noTime = parse(buildInvoiceXml(input(doc, { settings: { software: SOFTWARE, environment: '2' } })).xml);
  assert.equal(noTime.text(`${I}/cbc:IssueTime`), '16:30:00-05:00');
});

test('5. XML-special characters in names and descriptions are escaped and survive', () => {
  const doc = storedDocument(DOMESTIC);
  const { xml } = buildInvoiceXml(input(doc));
  const p = parse(xml);
  assert.equal(p.text("/inv:Invoice/cac:InvoiceLine[cbc:ID='3']/cac:Item/cbc:Description"), TRICKY);
  assert.equal(p.text('/inv:Invoice/cbc:Note'), DOMESTIC.observations);
  assert.equal(p.text('/inv:Invoice/cac:AccountingSupplierParty/cac:Party/cac:PartyLegalEntity/cbc:RegistrationName'), COMPANY.legal_name);
  assert.equal(p.text('/inv:Invoice/cac:AccountingCustomerParty/cac:Party/cac:PartyTaxScheme/cbc:RegistrationName'), (CUSTOMER.name as string[])[0]);
  assert.equal(p.text('/inv:Invoice/cac:AccountingCustomerParty/cac:Party/cac:Contact/cbc:Name'), 'Andrea Salazar Peña');
  // Escaped in the text, never raw; UTF-8 accents written as they are.
  assert.ok(xml.includes('Cable "HDMI" 2 m &amp; adaptador &lt;USB-C&gt; \'Ñandú\' — garantía 1 año'));
  assert.ok(!xml.includes('<USB-C>') && !xml.includes('& adaptador'));
  assert.ok(xml.startsWith('<?xml version="1.0" encoding="UTF-8"'));
  // Special characters in an attribute value too.
  const odd = buildInvoiceXml(input(doc, { unitCodes: { PORT14: 'A"<&>' } })).xml;
  assert.equal(parse(odd).attr("/inv:Invoice/cac:InvoiceLine[cbc:ID='1']/cbc:InvoicedQuantity", 'unitCode'), 'A"<&>');
});

test('a person customer: AdditionalAccountID 2, cédula without check digit, not responsible for IVA', () => {
  const person: DianCustomer = {
    person_type: 'person', id_type: '13', identification: '1032456789', name: ['Carlos Andrés', 'Ramírez Gómez'],
    fiscal_responsibilities: [{ code: 'R-99-PN' }],
    address: { address: 'Calle 45 # 13-22 Apto 301', city: { country_code: 'CO', state_code: '11', city_code: '11001' }, postal_code: '110311' },
    contacts: [{ first_name: 'Carlos Andrés', last_name: 'Ramírez Gómez', email: 'carlos.ramirez@correo.example.co' }],
  };
  const built = buildInvoiceXml(input(storedDocument(FOREIGN), { customer: person }));
  const p = parse(built.xml);
  const cus = '/inv:Invoice/cac:AccountingCustomerParty';
  assert.equal(p.text(`${cus}/cbc:AdditionalAccountID`), '2');
  assert.equal(p.text(`${cus}/cac:Party/cac:PartyName/cbc:Name`), 'Carlos Andrés Ramírez Gómez');
  assert.equal(p.attr(`${cus}/cac:Party/cac:PartyTaxScheme/cbc:CompanyID`, 'schemeName'), '13');
  assert.equal(p.attr(`${cus}/cac:Party/cac:PartyTaxScheme/cbc:CompanyID`, 'schemeID'), null);
  assert.equal(p.attr(`${cus}/cac:Party/cac:PartyTaxScheme/cbc:TaxLevelCode`, 'listName'), '49');
  assert.equal(p.text(`${cus}/cac:Party/cac:PartyTaxScheme/cac:TaxScheme/cbc:ID`), 'ZZ');
  assert.ok(built.qr.includes('DocAdq: 1032456789'));
});

test('the builder refuses documents that cannot be valid', () => {
  const doc = storedDocument(DOMESTIC);
  assert.throws(() => buildInvoiceXml(input({ ...doc, number: null })), DianXmlError);
  assert.throws(() => buildInvoiceXml(input({ ...doc, number: 995000001 })), /outside resolution/);
  assert.throws(() => buildInvoiceXml(input({ ...doc, total: new Decimal(doc.total).plus(1).toNumber() })), /total/);
  assert.throws(() => buildInvoiceXml(input({ ...doc, taxes_total: 0 })), /taxes_total/);
  assert.throws(() => buildInvoiceXml(input(doc, { settings: { software: SOFTWARE, environment: '2', issueTime: '10:04' } })), /HH:mm:ss/);
  assert.throws(() => buildInvoiceXml(input(doc, { settings: { software: SOFTWARE, environment: '3' as '2' } })), /environment/);
});

test('pure: the same input gives the same output', () => {
  const doc = storedDocument(DOMESTIC);
  assert.deepEqual(buildInvoiceXml(input(doc)), buildInvoiceXml(input(structuredClone(doc))));
});

// ------------------------------------------------------------------ lines without IVA (issue 15)

const IVA0 = tax(2, 'IVA 0% (exento)', 'IVA', '0');
const IVA5 = tax(3, 'IVA 5%', 'IVA', '5');
const RETEFUENTE4 = tax(6, 'Retefuente servicios 4%', 'Retefuente', '4');
const line = (code: string, quantity: number, price: number, taxes: TaxRow[], discount?: number): LineIn => ({ code, quantity, price, taxes, discount, description: code });
const CASH = [{ id: 1, name: 'Efectivo' }];
const untaxed = (n: number, lines: LineIn[], over: Partial<Scenario> = {}): Scenario =>
  ({ number: 990000200 + n, date: '2025-03-12', created: '2025-03-12T15:00:00.000Z', lines, payments: CASH, ...over });
const NO_ALLOWANCES = { allowances: '0.00', charges: '0.00', prepaid: '0.00' };

/** Each: the invoice, and its UBL figures computed by hand (docs/colombia.md). */
const UNTAXED: { name: string; scenario: Scenario; figures: UblFigures }[] = [
  {
    // 2 × 95,000 excluded: no TaxTotal anywhere; nothing is taxable.
    name: 'excluded line',
    scenario: untaxed(1, [line('LIBRO01', 2, 95000, [])]),
    figures: {
      totals: { line: '190000.00', exclusive: '0.00', inclusive: '190000.00', ...NO_ALLOWANCES, payable: '190000.00' },
      taxes: [], withholdings: [], lines: [{ base: '190000.00', taxes: [] }],
    },
  },
  {
    // 10 × 4,800 exempt: IVA at 0 % on 48,000, written with its base and 0.00.
    name: 'exempt 0 % line',
    scenario: untaxed(2, [line('ARROZ1K', 10, 4800, [IVA0])]),
    figures: {
      totals: { line: '48000.00', exclusive: '48000.00', inclusive: '48000.00', ...NO_ALLOWANCES, payable: '48000.00' },
      taxes: [{ amount: '0.00', subtotals: ['01 0.00: 48000.00 → 0.00'] }], withholdings: [],
      lines: [{ base: '48000.00', taxes: [{ amount: '0.00', subtotals: ['01 0.00: 48000.00 → 0.00'] }] }],
    },
  },
  {
    // 4 × 25,000 with INC 8 %: 8,000.
    name: 'INC-only line',
    scenario: untaxed(3, [line('ALMUERZO', 4, 25000, [INC8])]),
    figures: {
      totals: { line: '100000.00', exclusive: '100000.00', inclusive: '108000.00', ...NO_ALLOWANCES, payable: '108000.00' },
      taxes: [{ amount: '8000.00', subtotals: ['04 8.00: 100000.00 → 8000.00'] }], withholdings: [],
      lines: [{ base: '100000.00', taxes: [{ amount: '8000.00', subtotals: ['04 8.00: 100000.00 → 8000.00'] }] }],
    },
  },
  {
    // MOUSE01 3 × 65,000 − 5,000 = 190,000 (IVA 19 %: 36,100); LIBRO01 95,000 excluded; ARROZ1K 48,000 at 0 %;
    // CAFE500 2 × 18,500 = 37,000 with IVA 5 % (1,850) and INC 8 % (2,960), its base counted once;
    // FLETE01 1,200,000 excluded with Retefuente 4 % (48,000) only.
    // Lines 1,570,000; taxed 190,000 + 48,000 + 37,000 = 275,000; taxes 37,950 + 2,960 = 40,910; inclusive 1,610,910.
    // Discount 2 % of 1,570,000 = 31,400; advance 50,000; payable 1,610,910 − 31,400 − 50,000 = 1,529,510.
    // ReteIVA 15 % of 37,950 = 5,692.50.
    name: 'mixed lines with a discount, an advance and withholdings',
    scenario: untaxed(4, [
      line('MOUSE01', 3, 65000, [IVA19], 5000), line('LIBRO01', 1, 95000, []), line('ARROZ1K', 10, 4800, [IVA0]),
      line('CAFE500', 2, 18500, [IVA5, INC8]), line('FLETE01', 1, 1200000, [RETEFUENTE4]),
    ], { retentions: [RETEIVA], discounts: [{ id: 2, name: 'Descuento comercial', percentage: 2 }], advance: 50000 }),
    figures: {
      totals: { line: '1570000.00', exclusive: '275000.00', inclusive: '1610910.00', allowances: '31400.00', charges: '0.00', prepaid: '50000.00', payable: '1529510.00' },
      taxes: [
        { amount: '37950.00', subtotals: ['01 19.00: 190000.00 → 36100.00', '01 0.00: 48000.00 → 0.00', '01 5.00: 37000.00 → 1850.00'] },
        { amount: '2960.00', subtotals: ['04 8.00: 37000.00 → 2960.00'] },
      ],
      withholdings: [
        { amount: '5692.50', subtotals: ['05 15.00: 37950.00 → 5692.50'] },
        { amount: '48000.00', subtotals: ['06 4.00: 1200000.00 → 48000.00'] },
      ],
      lines: [
        { base: '190000.00', taxes: [{ amount: '36100.00', subtotals: ['01 19.00: 190000.00 → 36100.00'] }] },
        { base: '95000.00', taxes: [] },
        { base: '48000.00', taxes: [{ amount: '0.00', subtotals: ['01 0.00: 48000.00 → 0.00'] }] },
        { base: '37000.00', taxes: [{ amount: '1850.00', subtotals: ['01 5.00: 37000.00 → 1850.00'] }, { amount: '2960.00', subtotals: ['04 8.00: 37000.00 → 2960.00'] }] },
        { base: '1200000.00', taxes: [] },
      ],
    },
  },
];

test('excluded, exempt, INC-only and mixed lines: the UBL totals by hand', () => {
  for (const c of UNTAXED) {
    const doc = storedDocument(c.scenario);
    assert.deepEqual(ublFigures(buildInvoiceXml(input(doc)).xml), c.figures, c.name);
  }
  // The document's own figures for the mixed invoice: what the customer pays is the UBL payable less the withholdings.
  const mixed = storedDocument(UNTAXED[3].scenario);
  assert.deepEqual([mixed.subtotal, mixed.taxes_total, mixed.withholdings_total, mixed.total, mixed.amount_payable],
    [1570000, 40910, 53692.5, 1579510, 1475817.5]);
});

test('excluded, exempt, INC-only and mixed lines: valid against the XSD, and accepted by the sandbox authority', async () => {
  const authority = new SandboxDian(async (nit, resolution) => (nit === COMPANY.tax_id && resolution === RESOLUTION.number ? RESOLUTION.technical_key : null));
  for (const c of UNTAXED) {
    const signed = await signInvoiceXml(buildInvoiceXml(input(storedDocument(c.scenario))).xml, credentials());
    const verdict = await authority.send(signed);
    assert.deepEqual([verdict.status, verdict.errors], ['Accepted', []], c.name);
    const r = await validate(signed, INVOICE_XSD);
    assert.ok(r.ok, `${c.name} does not validate:\n${r.output}`);
  }
});

// ------------------------------------------------------------------ credit and debit notes

/** A note of the invoice `s`, its lines and totals those of `lines` (made as POST /v1/credit-notes makes them). */
function noteDocument(kind: 'NC' | 'ND', reason: number, lines: LineIn[], number: number): NoteDocument {
  const d = storedDocument({ number, date: '2025-03-12', created: '2025-03-12T15:00:00.000Z', lines, payments: [{ id: 1, name: 'Efectivo' }] });
  return {
    id: d.id, document: { id: 20, name: kind === 'NC' ? 'Nota crédito electrónica' : 'Nota débito electrónica' }, prefix: kind === 'NC' ? 'NCE' : 'NDE',
    number, name: `${kind}-20-${number}`, date: d.date, invoice: { id: '00000000-0000-4000-8000-000000000001', name: 'SETP990000123' }, reason,
    customer: d.customer, cost_center: null, currency: d.currency, seller: d.seller, retentions: d.retentions, subtotal: d.subtotal, taxes_total: d.taxes_total,
    withholdings_total: d.withholdings_total, total: d.total, observations: null, items: d.items, payments: d.payments,
    stamp: { send: true, status: 'Draft', cude: null, observations: null, errors: null }, mail: d.mail, metadata: d.metadata, annulled: false,
  };
}
const INVOICE_REF = { number: 'SETP990000123', cufe: 'a'.repeat(96), date: '2025-03-10' };
const noteInput = (kind: 'NC' | 'ND', doc: NoteDocument): BuildNoteInput => ({
  kind, document: doc, invoice: INVOICE_REF, company: COMPANY, customer: CUSTOMER,
  settings: { software: SOFTWARE, environment: '2', issueTime: '10:04:05-05:00' }, paymentTypes: { 1: 'Cash' },
});
const facts = (pin = SOFTWARE.pin, known = true): NoteFacts => ({
  softwarePin: async (nit, software) => (nit === COMPANY.tax_id && software === SOFTWARE.id ? pin : null),
  acceptedInvoice: async (nit, cufe) => (known && nit === COMPANY.tax_id && cufe === INVOICE_REF.cufe ? { number: INVOICE_REF.number, date: INVOICE_REF.date } : null),
});
const RETURNED = [line('PORT14', 1, 2850000, [IVA19], 50000), line('LIBRO01', 1, 95000, [])];

test('notes: a CreditNote and a DebitNote valid against the DIAN schemas, with the CUDE, the concept and the invoice referenced; the sandbox accepts them', async () => {
  const authority = new SandboxDian(async () => null, undefined, facts());
  for (const [kind, reason, lines] of [['NC', 1, RETURNED], ['ND', 1, [line('INTERES', 1, 25000, [])]]] as const) {
    const doc = noteDocument(kind, reason, [...lines], 77);
    const built = buildNoteXml(noteInput(kind, doc));
    const root = kind === 'NC' ? 'CreditNote' : 'DebitNote';
    const x = new DOMParser().parseFromString(built.xml, 'text/xml') as unknown as Document;
    const text = (q: string) => String(select(`string(${q})`, x as unknown as Node));
    assert.equal(x.documentElement.localName, root);
    assert.equal(text('/*/cbc:UUID'), built.cude);
    assert.equal(built.cude, cudeOf({
      number: `${doc.prefix}77`, issueDate: doc.date, issueTime: '10:04:05-05:00', subtotal: doc.subtotal, iva: kind === 'NC' ? 532000 : 0, inc: 0, ica: 0,
      total: doc.total, supplierNit: COMPANY.tax_id, customerId: CUSTOMER.identification, softwarePin: SOFTWARE.pin, environment: '2',
    }), 'CUDE = the CUFE chain with the software PIN');
    assert.equal(text('/*/cac:DiscrepancyResponse/cbc:ResponseCode'), String(reason));
    assert.equal(text('/*/cac:BillingReference/cac:InvoiceDocumentReference/cbc:UUID'), INVOICE_REF.cufe);
    assert.equal(text('//sts:InvoiceControl'), '', 'a note has no numbering resolution');
    assert.equal(text('/*/cbc:CreditNoteTypeCode'), kind === 'NC' ? '91' : '');
    const signed = await signInvoiceXml(built.xml, credentials());
    const verdict = await authority.send(signed);
    assert.deepEqual([verdict.status, verdict.errors], ['Accepted', []], root);
    const attached = buildAttachedDocument(signed, verdict.applicationResponse!);
    assert.match(attached, new RegExp(`<cbc:UUID schemeName="CUDE-SHA384">${built.cude}</cbc:UUID>`), 'the AttachedDocument carries the note and its CUDE');
    const r = await validate(signed, path.join(XSD_DIR, 'maindoc', `UBL-${root}-2.1.xsd`));
    assert.ok(r.ok, `${root} does not validate:\n${r.output}`);
  }
});

test('notes: the sandbox rejects a CUDE not made with the PIN, an invoice it did not accept, a concept of another kind', async () => {
  const doc = noteDocument('NC', 1, RETURNED, 78);
  const signed = await signInvoiceXml(buildNoteXml(noteInput('NC', doc)).xml, credentials());
  const codes = async (f: NoteFacts | null, xml = signed) => (await new SandboxDian(async () => null, undefined, f).send(xml)).errors.map((e) => e.code);
  assert.deepEqual(await codes(facts('99999')), ['CUDE']);
  assert.deepEqual(await codes(facts(SOFTWARE.pin, false)), ['BILLING_REFERENCE']);
  assert.deepEqual(await codes(null), ['SOFTWARE', 'BILLING_REFERENCE'], 'a sandbox that knows no software PIN accepts no note');
  const debit = buildNoteXml(noteInput('ND', noteDocument('ND', 4, [line('INTERES', 1, 100, [])], 79))).xml.replace('<cbc:ResponseCode>4</cbc:ResponseCode>', '<cbc:ResponseCode>6</cbc:ResponseCode>');
  assert.deepEqual(await codes(facts(), await signInvoiceXml(debit, credentials())), ['CONCEPT'], 'concept 6 is a credit note\'s');
  assert.throws(() => buildNoteXml(noteInput('ND', noteDocument('ND', 5, [line('INTERES', 1, 100, [])], 80))), DianXmlError);
});
