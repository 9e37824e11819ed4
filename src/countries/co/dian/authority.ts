/**
 * Where a signed Colombian invoice is sent. One interface; the sandbox below
 * is the default. It is NOT the DIAN: it checks on this machine what can be
 * checked without the DIAN (well-formed XML, the signature verifies, the CUFE
 * recomputes from the XML's own values and the resolution's technical key,
 * lines add up, the issuer's NIT check digit, the number inside the
 * resolution, addresses against DIVIPOLA and the DIAN's code lists) and
 * answers Accepted or Rejected with the annex's rule codes where known, else
 * its own, and, as the DIAN does, its messages in Spanish (the schema checker's
 * XSD messages and a signature's cause stay in libxml2's and the verifier's English).
 * The totals follow docs/colombia.md (see totalsProblems).
 *
 * Each document is parsed once, by libxml2 (libxml2-wasm, src/einvoice/xsd.ts): that one document gives the
 * well-formedness verdict, is validated against the schema, verified (its signature: verify-parsed.ts) and read
 * by every XPath below (issue 37, point 5).
 */
import { randomUUID } from 'node:crypto';
import Decimal from 'decimal.js';
import { cufe as cufeOf } from './cufe';
import { signInvoiceXml, type SigningCredentials } from './sign';
import { verifyParsedSignature } from './verify-parsed';
import { NAMESPACES } from './ubl';
import { nitCheckDigit } from '../../../platform/nit';
import { countryName, DEPARTMENTS, municipalityName } from '../divipola';
import { ID_TYPES, PAYMENT_MEANS, PAYMENT_METHODS, RESPONSIBILITIES, TAX_SCHEMES } from '../../../catalogs/dian';
import { buildApplicationResponse, SANDBOX_AUTHORITY_NAME } from './application-response';
import { generateTestCertificate } from '../../../einvoice/certificates';
import { libxml, ublSchema, validateDoc, XPaths, type Libxml, type XmlDoc, type XmlElement } from '../../../einvoice/xsd';
import { onTestResolution } from './test-resolution';
import { CASH_REGISTER_NAMES, POS_TYPE_CODE } from './ubl/pos';
import { POS_TICKET } from '../../../catalog/rows';

export interface Verdict {
  status: 'Accepted' | 'Rejected';
  cufe: string | null;
  errors: { code: string; message: string }[];
  observations: string[];
  /** The authority's signed ApplicationResponse (the DIAN's XmlBase64Bytes), when it gave one. */
  applicationResponse?: string | null;
}

/** What SendTestSetAsync answers: the track id (ZipKey) to ask GetStatusZip with, or why the ZIP was not taken. */
export interface TestSetReceipt { trackId: string | null; errors: Verdict['errors'] }

/** Who sends, and under which names: the web service signs its envelope with the issuer's certificate. */
export interface SubmitContext {
  credentials: SigningCredentials;
  /**
   * The DIAN's file name stem: issuer NIT (10 digits), software provider code
   * (000), year (2 digits), document number (8 hex digits). The ZIP is
   * z<stem>.zip and the invoice inside it fv<stem>.xml.
   */
  fileName: string;
  /** The ZIP's own stem (its consecutive counts apart, file-names.ts); default fileName. */
  zipName?: string;
  /** The CUFE (a note: the CUDE) of the document being sent. */
  cufe: string;
  /** The file's prefix inside the ZIP: fv an invoice (default), nc a credit note, nd a debit note. */
  documentPrefix?: 'fv' | 'nc' | 'nd';
}

export interface DianAuthority {
  readonly name: string;
  /** Submits a signed invoice (SendBillSync). */
  send(signedXml: string, ctx: SubmitContext): Promise<Verdict>;
  /** What the authority already holds for a CUFE (GetStatus), so that a retry asks before it resends. */
  status(cufe: string, ctx: SubmitContext): Promise<Verdict | null>;
  /** Habilitación: one document of the company's test set (SendTestSetAsync), judged later. */
  sendTestSet(signedXml: string, testSetId: string, ctx: SubmitContext): Promise<TestSetReceipt>;
  /** GetStatusZip: the verdicts of the documents sent under a track id; null while they are still being judged. */
  statusZip(trackId: string, ctx: SubmitContext): Promise<Verdict[] | null>;
}

const PREFIXES: Record<string, string> = {
  inv: NAMESPACES.invoice, cn: NAMESPACES.creditNote, dn: NAMESPACES.debitNote, cac: NAMESPACES.cac, cbc: NAMESPACES.cbc, sts: NAMESPACES.sts,
};
/** Each XPath of the checks below, compiled once per thread by libxml2. */
const xpaths = new XPaths(PREFIXES);

/** The reads of the checks on one parsed document: what an XPath selects from the document, or from a node of it. */
interface Reader {
  /** The elements an absolute XPath selects. */
  nodes(q: string): XmlElement[];
  /** The elements an XPath selects from `node`. */
  under(node: XmlElement, q: string): XmlElement[];
  /** The string value of an XPath from `node` (XPath's string(): the text of the first node selected, or ''). */
  string(node: XmlElement, q: string): string;
}
function readerOf(lib: Libxml, doc: XmlDoc): Reader {
  return {
    nodes: (q) => doc.find(xpaths.of(lib, q)) as XmlElement[],
    under: (node, q) => node.find(xpaths.of(lib, q)) as XmlElement[],
    string: (node, q) => String(node.eval(xpaths.of(lib, `string(${q})`))),
  };
}

/** The document's root, its lines and its monetary total, as the XPaths below name them. */
interface Paths { root: string; lines: string; total: string }
const paths = (root: string, prefix: string, total: string): Paths => ({ root: `/${prefix}:${root}`, lines: `/${prefix}:${root}/cac:${root}Line`, total: `/${prefix}:${root}/cac:${total}` });
/** The roots the sandbox takes, by namespace: an invoice, or a note that corrects one. */
const DOCUMENTS: Record<string, { root: string; note: 'NC' | 'ND' | null; p: Paths }> = {
  [NAMESPACES.invoice]: { root: 'Invoice', note: null, p: paths('Invoice', 'inv', 'LegalMonetaryTotal') },
  [NAMESPACES.creditNote]: { root: 'CreditNote', note: 'NC', p: paths('CreditNote', 'cn', 'LegalMonetaryTotal') },
  [NAMESPACES.debitNote]: { root: 'DebitNote', note: 'ND', p: paths('DebitNote', 'dn', 'RequestedMonetaryTotal') },
};
/** The DIAN's concepts of each note (annex tables 13.2.4 and 13.2.5). */
const NOTE_CONCEPTS = { NC: ['1', '2', '3', '4', '5', '6'], ND: ['1', '2', '3', '4'] };

/** What the sandbox knows besides technical keys, to judge notes as the DIAN does. */
export interface NoteFacts {
  /** The PIN of a software registered for the issuer (the CUDE is made with it). */
  softwarePin(issuerNit: string, softwareId: string): Promise<string | null>;
  /** An invoice (or POS ticket, `pos`) of the issuer that was accepted, by its CUFE (a ticket's: CUDE): its number and issue date. */
  acceptedInvoice(issuerNit: string, cufe: string): Promise<{ number: string; date: string; pos?: boolean } | null>;
  /** What a numbering resolution of the issuer authorizes: ElectronicInvoice (invoices) or PosEquivalentDocument (POS tickets); null when unknown. */
  resolutionKind?(issuerNit: string, resolution: string): Promise<string | null>;
}

/**
 * The LegalMonetaryTotal of docs/colombia.md against the lines and taxes of the document:
 *   LineExtensionAmount = Σ line bases (InvoiceLine/LineExtensionAmount)
 *   TaxExclusiveAmount  = Σ taxable bases of the lines that carry a tax, each line once (an excluded line adds nothing)
 *   TaxInclusiveAmount  = LineExtensionAmount + Σ TaxTotal/TaxAmount
 *   PayableAmount       = TaxInclusiveAmount − AllowanceTotalAmount + ChargeTotalAmount − PrepaidAmount
 * and the taxes: each TaxTotal is the sum of its subtotals, the document's taxes are the lines' taxes,
 * the allowance and charge totals are the sums of the document's AllowanceCharge amounts.
 */
function totalsProblems(p: Paths, r: Reader, text: (q: string) => string, sum: (q: string) => Decimal): string[] {
  const out: string[] = [];
  const amount = (name: string) => new Decimal(text(`${p.total}/cbc:${name}`) || 0);
  const check = (label: string, computed: Decimal, name: string) => {
    if (!computed.eq(amount(name))) out.push(`${label} ${computed.toFixed(2)}, no el ${name} declarado ${amount(name).toFixed(2)}`);
  };
  const own = (n: XmlElement, q: string) => r.under(n, q).reduce((s, x) => s.plus(x.content || 0), new Decimal(0));

  const lines = sum(`${p.lines}/cbc:LineExtensionAmount`);
  check('Las líneas suman', lines, 'LineExtensionAmount');
  const taxedLines = r.nodes(`${p.lines}[cac:TaxTotal]`)
    .reduce((s, line) => s.plus(r.string(line, 'cac:TaxTotal[1]/cac:TaxSubtotal[1]/cbc:TaxableAmount') || 0), new Decimal(0));
  check('Las bases gravables de las líneas con impuesto suman', taxedLines, 'TaxExclusiveAmount');
  const taxes = sum(`${p.root}/cac:TaxTotal/cbc:TaxAmount`);
  check(`LineExtensionAmount más los impuestos (${taxes.toFixed(2)}) es`, amount('LineExtensionAmount').plus(taxes), 'TaxInclusiveAmount');
  const lineTaxes = sum(`${p.lines}/cac:TaxTotal/cbc:TaxAmount`);
  if (!lineTaxes.eq(taxes)) out.push(`Los impuestos de las líneas suman ${lineTaxes.toFixed(2)}, no los ${taxes.toFixed(2)} del documento`);
  for (const t of r.nodes('//cac:TaxTotal | //cac:WithholdingTaxTotal')) {
    const subtotals = own(t, 'cac:TaxSubtotal/cbc:TaxAmount');
    if (!subtotals.eq(own(t, 'cbc:TaxAmount'))) out.push(`Un total de impuesto de ${own(t, 'cbc:TaxAmount').toFixed(2)} tiene subtotales que suman ${subtotals.toFixed(2)}`);
  }
  check('Los descuentos del documento suman', sum(`${p.root}/cac:AllowanceCharge[cbc:ChargeIndicator='false']/cbc:Amount`), 'AllowanceTotalAmount');
  check('Los cargos del documento suman', sum(`${p.root}/cac:AllowanceCharge[cbc:ChargeIndicator='true']/cbc:Amount`), 'ChargeTotalAmount');
  check('TaxInclusiveAmount − descuentos + cargos − anticipos es',
    amount('TaxInclusiveAmount').minus(amount('AllowanceTotalAmount')).plus(amount('ChargeTotalAmount')).minus(amount('PrepaidAmount')), 'PayableAmount');
  return out;
}

/**
 * Each tax of each line is its taxable base times its rate, rounded to the cent (the annex's rule FAS07, CAS07
 * of credit notes, DAS07 of debit notes: "el valor del tributo no corresponde al producto del porcentaje
 * aplicado sobre la base imponible"). The document's subtotals add the lines' and are checked by totalsProblems.
 */
function rateProblems(p: Paths, r: Reader): string[] {
  const out: string[] = [];
  r.nodes(`${p.lines}`).forEach((line, i) => {
    for (const s of r.under(line, 'cac:TaxTotal/cac:TaxSubtotal | cac:WithholdingTaxTotal/cac:TaxSubtotal')) {
      const percent = r.string(s, 'cac:TaxCategory/cbc:Percent');
      if (!percent) continue; // a tax by units (BaseUnitMeasure, PerUnitAmount) has no rate
      const taxable = new Decimal(r.string(s, 'cbc:TaxableAmount') || 0), amount = new Decimal(r.string(s, 'cbc:TaxAmount') || 0);
      const expected = taxable.times(percent).div(100).toDecimalPlaces(2, Decimal.ROUND_HALF_UP);
      if (!expected.eq(amount)) {
        out.push(`Línea ${i + 1}: el tributo ${r.string(s, 'cac:TaxCategory/cac:TaxScheme/cbc:ID')} de ${amount.toFixed(2)} no es la base ${taxable.toFixed(2)} × ${percent} % (${expected.toFixed(2)})`);
      }
    }
  });
  return out;
}

/**
 * The master data of the document against the DIAN's lists, each problem with the annex's rule where it
 * is known: addresses (issuer FAJ, rejected; customer FAK, a notification as the DIAN makes it: 07 municipality code, 08 its name, 10 department name,
 * 11 department code, 14 country), the customer's NIT check digit (FAK24), and the code lists of tax
 * schemes, fiscal responsibilities, identification types and payment means (the sandbox's own codes).
 */
function masterDataProblems(p: Paths, r: Reader, fail: (code: string, message: string) => void, notify: (code: string, message: string) => void): void {
  const nodes = r.nodes;
  const textOf = (n: XmlElement, q: string) => r.string(n, q).trim();
  const parties: [string, string, string][] = [['FAJ', 'emisor', 'AccountingSupplierParty'], ['FAK', 'adquiriente', 'AccountingCustomerParty']];
  for (const [rule, who, wrapper] of parties) {
    // The DIAN rejects an issuer's incomplete address and notifies a customer's.
    const addressRule = rule === 'FAJ' ? fail : notify;
    for (const addr of nodes(`${p.root}/cac:${wrapper}/cac:Party/cac:PhysicalLocation/cac:Address | ${p.root}/cac:${wrapper}/cac:Party/cac:PartyTaxScheme/cac:RegistrationAddress`)) {
      const where = `${addr.name === 'Address' ? 'La dirección' : 'La dirección fiscal'} del ${who}`;
      const country = textOf(addr, 'cac:Country/cbc:IdentificationCode');
      if (!country || countryName(country) === undefined) addressRule(`${rule}14`, `${where}: el país ${country || '(ninguno)'} no es un código ISO 3166`);
      if (!textOf(addr, 'cac:Country/cbc:Name')) addressRule(`${rule}14`, `${where}: el país no tiene nombre`);
      if (country !== 'CO') {
        if (!textOf(addr, 'cbc:CityName')) addressRule(`${rule}08`, `${where}: una ciudad del exterior se escribe en CityName`);
        continue;
      }
      const id = textOf(addr, 'cbc:ID'), dept = textOf(addr, 'cbc:CountrySubentityCode');
      const municipality = municipalityName(id);
      if (municipality === undefined || !id) addressRule(`${rule}07`, `${where}: ${id || '(sin código)'} no es un código de municipio de DIVIPOLA`);
      else if (municipality !== null && textOf(addr, 'cbc:CityName') !== municipality) {
        addressRule(`${rule}08`, `${where}: CityName "${textOf(addr, 'cbc:CityName')}" no es el nombre que la DIAN da a ${id}, "${municipality}"`);
      }
      if (!DEPARTMENTS[dept] || !id.startsWith(dept)) addressRule(`${rule}11`, `${where}: CountrySubentityCode ${dept || '(ninguno)'} no es el departamento del municipio ${id}`);
      else if (textOf(addr, 'cbc:CountrySubentity') !== DEPARTMENTS[dept]) {
        addressRule(`${rule}10`, `${where}: CountrySubentity "${textOf(addr, 'cbc:CountrySubentity')}" no es el nombre que la DIAN da al departamento ${dept}, "${DEPARTMENTS[dept]}"`);
      }
    }
    const party = nodes(`${p.root}/cac:${wrapper}/cac:Party/cac:PartyTaxScheme`)[0];
    if (!party) continue;
    for (const code of textOf(party, 'cbc:TaxLevelCode').split(';').map((c) => c.trim())) {
      if (!RESPONSIBILITIES.has(code)) fail('RESPONSIBILITY', `La responsabilidad fiscal del ${who} ${code || '(ninguna)'} no es una de ${[...RESPONSIBILITIES].join(', ')}`);
    }
    const companyId = r.under(party, 'cbc:CompanyID');
    const idType = companyId[0]?.attr('schemeName')?.value ?? '';
    if (!ID_TYPES.has(idType) || (who === 'emisor' && idType !== '31')) fail('ID_TYPE', `El tipo de identificación del ${who} ${idType || '(ninguno)'} no es ${who === 'emisor' ? '31 (NIT)' : `un tipo de identificación de la DIAN (${[...ID_TYPES].join(', ')})`}`);
    const id = textOf(party, 'cbc:CompanyID');
    if (who === 'adquiriente' && idType === '31' && (!/^[0-9]+$/.test(id) || companyId[0].attr('schemeID')?.value !== nitCheckDigit(id))) {
      fail('FAK24', `El NIT del adquiriente ${id} tiene un dígito de verificación errado`);
    }
  }
  for (const scheme of nodes('//cac:TaxScheme/cbc:ID')) {
    const code = scheme.content.trim();
    if (!TAX_SCHEMES.has(code)) fail('TAX_SCHEME', `El tributo ${code || '(ninguno)'} no es un código de tributo de la DIAN`);
  }
  for (const pm of nodes(`${p.root}/cac:PaymentMeans`)) {
    if (!PAYMENT_METHODS.has(textOf(pm, 'cbc:ID'))) fail('PAYMENT_MEANS', `El método de pago ${textOf(pm, 'cbc:ID') || '(ninguno)'} no es 1 (contado) ni 2 (crédito)`);
    if (!PAYMENT_MEANS.has(textOf(pm, 'cbc:PaymentMeansCode'))) fail('PAYMENT_MEANS', `El medio de pago ${textOf(pm, 'cbc:PaymentMeansCode') || '(ninguno)'} no está en la lista de la DIAN`);
  }
  for (const ac of nodes('//cac:AllowanceCharge[cbc:MultiplierFactorNumeric]')) {
    const factor = new Decimal(textOf(ac, 'cbc:MultiplierFactorNumeric') || 0);
    const base = new Decimal(textOf(ac, 'cbc:BaseAmount') || 0);
    const amount = new Decimal(textOf(ac, 'cbc:Amount') || 0);
    if (!base.times(factor).div(100).toDecimalPlaces(2, Decimal.ROUND_HALF_UP).eq(amount)) {
      fail('TOTALS', `Un descuento o cargo de ${amount.toFixed(2)} no es BaseAmount ${base.toFixed(2)} × MultiplierFactorNumeric ${factor.toFixed()} / 100`);
    }
  }
}
/** The sandbox's own certificate when it is given none: one per process, made on first use. */
let ownCertificate: Promise<SigningCredentials> | undefined;
const sandboxCertificate = () => (ownCertificate ??= Promise.resolve().then(() =>
  generateTestCertificate({ commonName: SANDBOX_AUTHORITY_NAME.slice(0, 64), nit: '000000000', country: 'CO' })));

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export class SandboxDian implements DianAuthority {
  readonly name = 'sandbox';
  private received = new Map<string, Verdict>();
  /** Test-set documents by track id: being judged, then judged. */
  private batches = new Map<string, { verdict: Verdict | null; judging: Promise<void> }>();

  /**
   * `technicalKey` gives the technical key of a numbering resolution, as the DIAN knows it; `signer` the
   * certificate its ApplicationResponses are signed with (default: one generated for this process).
   */
  constructor(private technicalKey: (issuerNit: string, resolution: string) => Promise<string | null>,
    private signer: () => Promise<SigningCredentials> = sandboxCertificate, private notes: NoteFacts | null = null) {}

  async status(cufe: string): Promise<Verdict | null> {
    return this.received.get(cufe) ?? null;
  }

  /**
   * SendTestSetAsync: the document is judged by the same checks as send(), after this answers, and must be
   * in the test environment (ProfileExecutionID 2); the test set id must be a GUID, as the DIAN's are.
   */
  async sendTestSet(signedXml: string, testSetId: string): Promise<TestSetReceipt> {
    if (!UUID.test(testSetId)) return { trackId: null, errors: [{ code: 'TEST_SET', message: `El identificador del set de pruebas ${testSetId} no es un GUID` }] };
    const trackId = randomUUID();
    const batch: { verdict: Verdict | null; judging: Promise<void> } = { verdict: null, judging: Promise.resolve() };
    batch.judging = new Promise<void>((ok) => setImmediate(ok)).then(async () => {
      const verdict = await this.judge(signedXml, { testSet: true });
      batch.verdict = verdict;
    }).catch((e) => {
      batch.verdict = { status: 'Rejected', cufe: null, errors: [{ code: 'XML', message: String((e as Error).message ?? e) }], observations: [] };
    });
    this.batches.set(trackId, batch);
    return { trackId, errors: [] };
  }

  async statusZip(trackId: string): Promise<Verdict[] | null> {
    const batch = this.batches.get(trackId);
    if (!batch) return [{ status: 'Rejected', cufe: null, errors: [{ code: 'TRACK_ID', message: `No se envió ningún documento con el track id ${trackId}` }], observations: [] }];
    return batch.verdict ? [batch.verdict] : null;
  }

  async send(signedXml: string): Promise<Verdict> {
    return this.judge(signedXml, {});
  }

  /**
   * The checks and the verdict, with its signed ApplicationResponse; a test-set document is not kept for GetStatus.
   * (Public for the worker pool's threads, which judge with a SandboxDian of their own: src/einvoice/threaded.ts.)
   */
  async judge(signedXml: string, o: { testSet?: boolean }): Promise<Verdict> {
    const lib = await libxml();
    let doc: XmlDoc;
    try {
      doc = lib.XmlDocument.fromString(signedXml);
    } catch (e) {
      const malformed = String((e as Error)?.message ?? e).trim();
      return { status: 'Rejected', cufe: null, errors: [{ code: 'XML', message: `El XML no está bien formado: ${malformed}` }], observations: [] };
    }
    // The one parse of the document serves every check below; its memory is libxml2's, freed here.
    try {
      return await this.judgeParsed(lib, doc, o);
    } finally {
      doc.dispose();
    }
  }

  private async judgeParsed(lib: Libxml, doc: XmlDoc, o: { testSet?: boolean }): Promise<Verdict> {
    const errors: Verdict['errors'] = [];
    const fail = (code: string, message: string) => errors.push({ code, message });
    const r = readerOf(lib, doc);
    const nodes = r.nodes;
    const text = (q: string) => (nodes(q)[0]?.content ?? '').trim();
    const sum = (q: string) => nodes(q).reduce((s, n) => s.plus(n.content || 0), new Decimal(0));

    const signature = verifyParsedSignature(lib, doc);
    if (!signature.valid) fail('SIGNATURE', `La firma no es válida: ${signature.reason ?? 'causa desconocida'}`);

    const root = doc.root;
    const known = DOCUMENTS[root.namespaceUri ?? ''];
    const kind = known?.root === root.name ? known : null;
    if (!kind) fail('XML', `El documento es un ${root.name}, no un Invoice, CreditNote o DebitNote de UBL 2.1`);
    // The official UBL 2.1 schema of the document (schemas/ubl-2.1-dian), always: a missing schema throws.
    else for (const e of await validateDoc(ublSchema(), doc)) fail('XSD', e);
    const p = (kind ?? DOCUMENTS[NAMESPACES.invoice]).p;
    const supplier = `${p.root}/cac:AccountingSupplierParty/cac:Party/cac:PartyTaxScheme/cbc:CompanyID`;
    const nit = text(supplier);
    const dv = nodes(supplier)[0]?.attr('schemeID')?.value ?? '';
    if (!/^[0-9]+$/.test(nit) || nitCheckDigit(nit) !== dv) fail('NIT_CHECK_DIGIT', `El NIT del emisor ${nit}-${dv} tiene un dígito de verificación errado`);

    const id = text(`${p.root}/cbc:ID`);
    const note = kind?.note ?? null;
    const resolution = text('//sts:InvoiceControl/sts:InvoiceAuthorization');
    if (!note) {
      const prefix = text('//sts:InvoiceControl/sts:AuthorizedInvoices/sts:Prefix');
      const from = Number(text('//sts:InvoiceControl/sts:AuthorizedInvoices/sts:From'));
      const to = Number(text('//sts:InvoiceControl/sts:AuthorizedInvoices/sts:To'));
      const number = Number(id.startsWith(prefix) ? id.slice(prefix.length) : NaN);
      if (!Number.isInteger(number) || number < from || number > to) fail('RESOLUTION_RANGE', `La factura ${id} está fuera del rango de la resolución ${resolution} (${prefix}${from} a ${prefix}${to})`);
    }

    const notifications: string[] = [];
    masterDataProblems(p, r, fail, (code, message) => notifications.push(`Regla: ${code}, Notificación: ${message}`));

    const declared = new Decimal(text(`${p.total}/cbc:LineExtensionAmount`) || 0);
    for (const problem of totalsProblems(p, r, text, sum)) fail('TOTALS', problem);
    for (const problem of rateProblems(p, r)) fail(`${note === 'NC' ? 'C' : note === 'ND' ? 'D' : 'F'}AS07`, problem);

    const uuid = text(`${p.root}/cbc:UUID`);
    // A POS ticket (InvoiceTypeCode 20) is numbered on a resolution for POS tickets and keyed by a CUDE, as a note is.
    const ticket = !note && text(`${p.root}/cbc:InvoiceTypeCode`) === POS_TYPE_CODE;
    if (!note) await this.resolutionProblems(nit, resolution, ticket, p, r, fail);
    // The CUFE of an invoice is made with its resolution's technical key, the CUDE of a note or a ticket with the software's PIN.
    const cude = !!note || ticket;
    const key = cude ? await this.notes?.softwarePin(nit, text('//sts:SoftwareProvider/sts:SoftwareID')) ?? null : await this.technicalKey(nit, resolution);
    if (!key) {
      if (cude) fail('SOFTWARE', `El software ${text('//sts:SoftwareProvider/sts:SoftwareID') || '(ninguno)'} no está registrado para el NIT ${nit}: no se conoce su PIN, con el que se calcula el CUDE`);
      else fail('RESOLUTION', `La resolución ${resolution} no es conocida para el NIT ${nit}`);
    } else {
      const taxOf = (code: string) => sum(`${p.root}/cac:TaxTotal[cac:TaxSubtotal/cac:TaxCategory/cac:TaxScheme/cbc:ID='${code}']/cbc:TaxAmount`);
      const expected = cufeOf({
        number: id, issueDate: text(`${p.root}/cbc:IssueDate`), issueTime: text(`${p.root}/cbc:IssueTime`),
        subtotal: declared, iva: taxOf('01'), inc: taxOf('04'), ica: taxOf('03'),
        total: text(`${p.total}/cbc:PayableAmount`) || 0,
        supplierNit: nit, customerId: text(`${p.root}/cac:AccountingCustomerParty/cac:Party/cac:PartyTaxScheme/cbc:CompanyID`),
        technicalKey: key, environment: (text(`${p.root}/cbc:ProfileExecutionID`) || '2') as '1' | '2',
      });
      const scheme = nodes(`${p.root}/cbc:UUID`)[0]?.attr('schemeName')?.value ?? '';
      const name = cude ? 'CUDE' : 'CUFE';
      if (expected !== uuid) fail(name, `El ${name} no se recalcula a partir del documento (se esperaba ${expected})`);
      else if (scheme !== `${name}-SHA384`) fail(name, `cbc:UUID tiene schemeName ${scheme || '(ninguno)'}, no ${name}-SHA384`);
    }
    if (note) await this.noteProblems(p, note, nit, text, fail);

    const environment = text(`${p.root}/cbc:ProfileExecutionID`);
    if (!note && !ticket && environment === '1' && onTestResolution({ number: resolution })) {
      fail('RESOLUTION', `La resolución ${resolution} es la numeración de pruebas de la habilitación: no autoriza documentos en producción (ProfileExecutionID 1)`);
    }
    if (o.testSet && environment !== '2') fail('TEST_SET', `Un documento del set de pruebas va en el ambiente de pruebas (ProfileExecutionID 2), no en ${environment || 'ninguno'}`);

    const verdict: Verdict = errors.length
      ? { status: 'Rejected', cufe: null, errors, observations: notifications }
      : { status: 'Accepted', cufe: uuid, errors: [], observations: ['Aceptado por la autoridad sandbox (no es la DIAN)', ...notifications] };
    verdict.applicationResponse = await signInvoiceXml(buildApplicationResponse({
      sender: { name: SANDBOX_AUTHORITY_NAME },
      receiver: { name: text(`${p.root}/cac:AccountingSupplierParty/cac:Party/cac:PartyTaxScheme/cbc:RegistrationName`), nit, checkDigit: dv },
      document: { id, cufe: uuid, environment: environment || '2', note: !!note },
      accepted: verdict.status === 'Accepted',
      description: verdict.status === 'Accepted'
        ? 'Documento aceptado por la autoridad sandbox (prueba sin validez fiscal)'
        : 'Documento rechazado por la autoridad sandbox (prueba sin validez fiscal)',
      lines: errors,
      issued: new Date(),
    }), await this.signer(), { signerRole: 'third party', written: true });
    if (uuid && !o.testSet) this.received.set(uuid, verdict);
    return verdict;
  }

  /** A note: a concept of its kind, and a reference to an invoice of the issuer that was accepted, by its number, CUFE and date. */
  /**
   * Each numbering serves its own documents: a POS ticket is numbered on a resolution for POS tickets (a resolución
   * de documento equivalente), an invoice on one for invoices (the test set's numbering is the invoices'). A ticket
   * carries its three extensions, the point of sale's pairs with their values (the annex's rules DEPD11 and DEPD21).
   */
  private async resolutionProblems(nit: string, resolution: string, ticket: boolean, p: Paths, r: Reader, fail: (code: string, message: string) => void): Promise<void> {
    const kind = onTestResolution({ number: resolution }) ? 'ElectronicInvoice' : (await this.notes?.resolutionKind?.(nit, resolution)) ?? null;
    if (ticket && kind !== null && kind !== POS_TICKET) {
      fail('RESOLUTION', `La resolución ${resolution} numera facturas electrónicas: un documento equivalente POS se numera en una resolución de documento equivalente`);
    } else if (!ticket && kind === POS_TICKET) {
      fail('RESOLUTION', `La resolución ${resolution} numera documentos equivalentes POS, no facturas electrónicas`);
    }
    if (!ticket) return;
    for (const group of ['InformacionDelFabricanteDelSoftware', 'InformacionBeneficiosComprador']) {
      if (!r.nodes(`${p.root}//inv:${group}`).length) fail('DEPD11', `Falta la extensión ${group} del documento equivalente POS`);
    }
    const box = r.nodes(`${p.root}//inv:InformacionCajaVenta`)[0];
    const names = box ? r.under(box, 'inv:Name').map((n) => n.content.trim()) : [];
    const values = box ? r.under(box, 'inv:Value').map((n) => n.content.trim()) : [];
    for (const name of CASH_REGISTER_NAMES) {
      const i = names.indexOf(name);
      if (i < 0 || !values[i]) fail('DEPD21', `La información de la caja de venta (InformacionCajaVenta) no trae ${name}`);
    }
  }

  private async noteProblems(p: Paths, note: 'NC' | 'ND', nit: string, text: (q: string) => string, fail: (code: string, message: string) => void): Promise<void> {
    const concept = text(`${p.root}/cac:DiscrepancyResponse/cbc:ResponseCode`);
    if (!NOTE_CONCEPTS[note].includes(concept)) {
      fail('CONCEPT', `El concepto ${concept || '(ninguno)'} no es un concepto de nota ${note === 'NC' ? 'crédito' : 'débito'} (${NOTE_CONCEPTS[note].join(', ')})`);
    }
    const ref = `${p.root}/cac:BillingReference/cac:InvoiceDocumentReference`;
    const cufe = text(`${ref}/cbc:UUID`);
    const invoice = cufe ? await this.notes?.acceptedInvoice(nit, cufe) ?? null : null;
    if (!invoice) fail('BILLING_REFERENCE', `La factura referenciada (CUFE ${cufe || '(ninguno)'}) no es una factura aceptada del NIT ${nit}`);
    else if (invoice.number !== text(`${ref}/cbc:ID`) || invoice.date !== text(`${ref}/cbc:IssueDate`)) {
      fail('BILLING_REFERENCE', `La factura referenciada es ${invoice.number} del ${invoice.date}, no ${text(`${ref}/cbc:ID`)} del ${text(`${ref}/cbc:IssueDate`)}`);
    }
    // A POS ticket is corrected by the equivalent document's adjustment notes (94 credit, 93 debit), an invoice by its own notes (20, 30).
    const customization = text(`${p.root}/cbc:CustomizationID`);
    const expected = invoice?.pos ? (note === 'NC' ? '94' : '93') : (note === 'NC' ? '20' : '30');
    if (invoice && customization !== expected) {
      fail('CUSTOMIZATION', `Una nota ${note === 'NC' ? 'crédito' : 'débito'} de ${invoice.pos ? 'un documento equivalente POS es una nota de ajuste' : 'una factura electrónica'}: CustomizationID ${expected}, no ${customization || '(ninguno)'}`);
    }
  }
}
