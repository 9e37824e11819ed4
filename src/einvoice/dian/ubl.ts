/**
 * The UBL 2.1 `Invoice` of a Colombian electronic sales invoice, as the DIAN
 * technical annex 1.9 requires it (issue 6, DESIGN.md §7). Pure: no I/O, no
 * clock (the issue time comes from the settings or the document's creation
 * instant), so the same input always gives the same XML, CUFE and QR text.
 *
 * Input: the stored invoice document (the JSON answer of POST /v1/invoices,
 * see coInvoiceDocument in src/invoices/co/service.ts), the issuing company,
 * the customer record, the document type's numbering resolution and the
 * software settings. Output: the unsigned XML (its last ext:UBLExtension has
 * an empty ext:ExtensionContent, the slot sign.ts fills), the CUFE and the QR
 * content.
 *
 * How the document's figures map to the annex (LegalMonetaryTotal as DESIGN.md §7 defines it):
 *   LineExtensionAmount  = subtotal (Σ line bases after line discounts)  = ValFac
 *   TaxExclusiveAmount   = Σ taxable bases of the lines that carry a tax (IVA, INC…, an exempt 0 % IVA
 *                          included), each line once; an excluded line (no IVA or INC) adds nothing
 *   TaxInclusiveAmount   = subtotal + taxes_total
 *   AllowanceTotalAmount = Σ global_discounts + the taxes of gifts the company bears (an "IVA asumido"
 *                          allowance, reason 00), ChargeTotalAmount = Σ global_charges
 *   PrepaidAmount        = advance_payment
 *   PayableAmount        = total − advance_payment                       = ValTot
 * A gift line (FreeOfChargeIndicator) reports its taxes on its reference price (tax_base), whoever bears them.
 * Addresses carry the DIVIPOLA code and the DIAN's names (src/catalogs/divipola.ts); abroad, no DANE code.
 * A line with taxes has one TaxTotal per tax scheme (an exempt line: IVA at 0.00 % on its base, 0.00); an
 * excluded line has none. The document's TaxTotals group the lines' per scheme, one TaxSubtotal per rate.
 * Withholdings (ReteFuente, ReteIVA, ReteICA) are informative in the UBL: they go
 * in WithholdingTaxTotal and are NOT subtracted from PayableAmount, so the
 * document's amount_payable = PayableAmount − withholdings_total.
 * Autorretención is the issuer's own withholding and is not written.
 *
 * The XML is written with xmlbuilder2 (escaping of text and attributes is the
 * library's), compact (no indentation), UTF-8.
 */
import Decimal from 'decimal.js';
import { create } from 'xmlbuilder2';
import type { XMLBuilder } from 'xmlbuilder2/lib/interfaces';
import { cufe as computeCufe, dianAmount, softwareSecurityCode, type Amount } from './cufe';
import { nitCheckDigit } from '../../platform/nit';
import { placeOf } from '../../catalogs/divipola';

// ------------------------------------------------------------------ inputs

export interface DianTaxLine {
  id?: number;
  name?: string | null;
  /** IVA | Impoconsumo | ICA | AdValorem | Retefuente | … */
  type: string;
  percentage: Amount;
  value: Amount;
  base_value: Amount;
}

export interface DianInvoiceItem {
  code: string;
  quantity: Amount;
  /** Unit price before taxes. */
  price: Amount;
  description: string;
  discount?: { percentage?: Amount | null; value: Amount } | null;
  taxes: DianTaxLine[];
  /** Base after discount, plus taxes the customer pays, minus line withholdings. */
  total: Amount;
  /** Gift line (price 0): the commercial value its taxes were computed on. */
  tax_base?: Amount;
  /** Gift line: who bears its taxes. */
  taxpayer?: 'Customer' | 'Company';
}

export interface DianInvoiceDocument {
  id?: string | null;
  prefix: string;
  number: number | string | null;
  date: string;
  currency?: { code: string; exchange_rate: Amount } | null;
  items: DianInvoiceItem[];
  retentions?: { id?: number; name?: string | null; type: string; percentage: Amount; value: Amount; base_value: Amount }[];
  global_discounts?: { id?: number | null; name?: string | null; percentage?: Amount | null; value: Amount; reason_code?: string }[];
  global_charges?: { id?: number | null; name?: string | null; percentage?: Amount | null; value: Amount }[];
  payments?: { id: number; name?: string | null; value: Amount; due_date?: string | null }[];
  subtotal: Amount;
  taxes_total: Amount;
  withholdings_total: Amount;
  total: Amount;
  amount_payable: Amount;
  advance_payment?: Amount | null;
  observations?: string | null;
  metadata?: { created?: string | null } | null;
}

export interface DianCity {
  country_code: string;
  /** DANE department code, e.g. "11". */
  state_code: string;
  /** DANE municipality code, e.g. "11001". */
  city_code: string;
  /** Abroad: the city and the subdivision as text (in Colombia the DIVIPOLA names are used). */
  city_name?: string;
  state_name?: string;
}

export interface DianAddress {
  address: string;
  city: DianCity;
  postal_code?: string | null;
}

export interface DianIssuer {
  legal_name: string;
  /** NIT without check digit. */
  tax_id: string;
  check_digit?: string | null;
  address: DianAddress;
  /** Default 'company'. */
  person_type?: 'company' | 'person';
  /** Trade name for PartyName; default the legal name. */
  commercial_name?: string | null;
  /** DIAN fiscal responsibilities (O-13, O-15, O-23, O-47, R-99-PN); default R-99-PN. */
  fiscal_responsibilities?: { code: string }[];
  /** Responsible for IVA (TaxScheme 01, régimen 48); default true. */
  vat_responsible?: boolean;
  /** Matrícula mercantil (CorporateRegistrationScheme/Name). */
  commercial_registration?: string | null;
  email?: string | null;
}

export interface DianCustomer {
  person_type: 'company' | 'person';
  /** DIAN identification type: 13 cédula, 31 NIT, 22 cédula de extranjería, 41 pasaporte, … */
  id_type: string;
  identification: string;
  check_digit?: string | null;
  /** A company: one element (or a string); a person: [first names, last names]. */
  name: string | string[];
  commercial_name?: string | null;
  address: DianAddress;
  contacts?: { first_name?: string; last_name?: string | null; email?: string | null; phone?: { indicative?: string; number: string } | null }[];
  fiscal_responsibilities?: { code: string }[];
  vat_responsible?: boolean;
}

export interface DianResolution {
  number: string;
  prefix: string;
  from: number | string;
  to: number | string;
  valid_from: string;
  valid_to: string;
  technical_key: string;
}

export interface DianSettings {
  software: {
    id: string;
    pin: string;
    /** NIT of the software provider (the issuer itself when it is its own provider), without check digit. */
    provider_nit: string;
    provider_check_digit?: string;
  };
  /** TipoAmbiente / ProfileExecutionID: '1' production, '2' test (habilitación). */
  environment: '1' | '2';
  /** HH:mm:ss-05:00; default the document's metadata.created in Colombian time. */
  issueTime?: string;
}

export interface BuildInvoiceInput {
  document: DianInvoiceDocument;
  company: DianIssuer;
  customer: DianCustomer;
  resolution: DianResolution;
  settings: DianSettings;
  /** UN/ECE unit code per product code (InvoicedQuantity/@unitCode); default "94" (unit). */
  unitCodes?: Record<string, string>;
  /** Kind of each payment type by id (Cash, Transfer, Card, Credit, Check) or a DIAN PaymentMeansCode. */
  paymentTypes?: Record<string, string>;
}

export interface BuiltInvoice {
  xml: string;
  cufe: string;
  qr: string;
}

// ------------------------------------------------------------------ constants

export const NAMESPACES = {
  invoice: 'urn:oasis:names:specification:ubl:schema:xsd:Invoice-2',
  cac: 'urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2',
  cbc: 'urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2',
  ext: 'urn:oasis:names:specification:ubl:schema:xsd:CommonExtensionComponents-2',
  sts: 'dian:gov:co:facturaelectronica:Structures-2-1',
} as const;

/** NIT of the DIAN, the authorization provider (AuthorizationProviderID). */
export const DIAN_NIT = '800197268';
const DIAN_AGENCY = { schemeAgencyID: '195', schemeAgencyName: 'CO, DIAN (Dirección de Impuestos y Aduanas Nacionales)' };
const UNECE = 'United Nations Economic Commission for Europe';

export const PROFILE_ID = 'DIAN 2.1: Factura Electrónica de Venta';
/** CustomizationID: operation type 10, standard. */
export const OPERATION_TYPE = '10';
/** InvoiceTypeCode: 01, electronic sales invoice. */
export const INVOICE_TYPE_CODE = '01';

/** Where the QR points: the DIAN document search, production or habilitación. */
export function dianSearchUrl(environment: '1' | '2', cufe: string): string {
  const host = environment === '1' ? 'catalogo-vpfe.dian.gov.co' : 'catalogo-vpfe-hab.dian.gov.co';
  return `https://${host}/document/searchqr?documentkey=${cufe}`;
}

interface Scheme { id: string; name: string }

/** DIAN tax codes (annex table "Tributos") of the line taxes charged to the customer. */
const CHARGE_SCHEMES: Record<string, Scheme> = {
  IVA: { id: '01', name: 'IVA' },
  ICA: { id: '03', name: 'ICA' },
  Impoconsumo: { id: '04', name: 'INC' },
  INC: { id: '04', name: 'INC' },
  /** Departmental consumption tax, percentage (ad valorem) component. */
  AdValorem: { id: '08', name: 'IC Porcentual' },
};
const OTHER_SCHEME: Scheme = { id: 'ZZ', name: 'No aplica' };

/** DIAN codes of the withholdings, written in WithholdingTaxTotal. */
const WITHHOLDING_SCHEMES: Record<string, Scheme> = {
  ReteIVA: { id: '05', name: 'ReteIVA' },
  Retefuente: { id: '06', name: 'ReteRenta' },
  ReteICA: { id: '07', name: 'ReteICA' },
};
/** Withholdings that the DIAN document does not carry (the issuer's own). */
const NOT_WRITTEN = new Set(['Autorretencion']);
const LINE_WITHHOLDINGS = new Set(['Retefuente', 'ReteIVA', 'ReteICA', 'Autorretencion', 'ReteISR']);

/** PaymentMeansCode (annex table "Medios de pago") of the payment type kinds of the API. */
const PAYMENT_MEANS: Record<string, string> = { Cash: '10', Check: '20', Transfer: '47', Card: '48', Credit: '1' };
/** AllowanceChargeReasonCode 00, "Descuento por impuesto asumido": offsets the taxes of gifts the issuer bears. */
const ASSUMED_TAX_REASON = '00';
/** "Instrumento no definido". */
const UNDEFINED_MEANS = '1';

/**
 * AllowanceChargeReasonCode of a document-level discount (annex table "Códigos de descuento"):
 * the code an explicit reason_code gives, else one recognised from the name, else 09 (general discount).
 */
function discountReasonCode(d: { name?: string | null; reason_code?: string }): string {
  if (d.reason_code) return d.reason_code;
  const name = (d.name ?? '').toLowerCase();
  if (name.includes('pronto pago')) return '03';
  if (name.includes('temporada')) return '07';
  if (name.includes('volumen')) return '10';
  return '09';
}

// ------------------------------------------------------------------ helpers

const ZERO = new Decimal(0);
const dec = (v: Amount | null | undefined) => (v === null || v === undefined || v === '' ? ZERO : new Decimal(v));
const sum = (xs: readonly Decimal[]) => xs.reduce((s, x) => s.plus(x), ZERO);
/** A percentage: two decimals, more when it has them (ReteICA 0.966). */
const percent = (v: Amount) => {
  const d = new Decimal(v);
  return d.decimalPlaces() <= 2 ? d.toFixed(2) : d.toFixed();
};
/** A unit price: two decimals, up to six when it has them (a price derived from a taxed price). */
const unitPrice = (v: Amount) => {
  const d = new Decimal(v).toDecimalPlaces(6, Decimal.ROUND_HALF_UP);
  return d.decimalPlaces() <= 2 ? d.toFixed(2) : d.toFixed();
};

export class DianXmlError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'DianXmlError';
  }
}

function same(label: string, computed: Decimal, stated: Amount) {
  if (!computed.eq(dianAmount(stated))) {
    throw new DianXmlError(`${label}: the lines give ${dianAmount(computed)}, the document says ${dianAmount(stated)}`);
  }
}

type Node = XMLBuilder;
type Attrs = Record<string, string>;

/** Appends <name attrs>text</name> to parent; nothing at all when there is no text (optional elements). */
function leaf(parent: Node, name: string, text?: string | null, attrs?: Attrs): Node {
  if (text === undefined || text === null || text === '') return parent;
  (attrs ? parent.ele(name, attrs) : parent.ele(name)).txt(text);
  return parent;
}

// ------------------------------------------------------------------ the QR

export interface QrFields {
  number: string;
  issueDate: string;
  issueTime: string;
  supplierNit: string;
  customerId: string;
  subtotal: Amount;
  iva: Amount;
  otherTaxes: Amount;
  total: Amount;
  cufe: string;
  environment: '1' | '2';
}

/** The QR content (sts:QRCode): one "Key: value" a line, the last one the DIAN search URL. */
export function dianQrContent(f: QrFields): string {
  return [
    `NumFac: ${f.number}`,
    `FecFac: ${f.issueDate}`,
    `HorFac: ${f.issueTime}`,
    `NitFac: ${f.supplierNit}`,
    `DocAdq: ${f.customerId}`,
    `ValFac: ${dianAmount(f.subtotal)}`,
    `ValIva: ${dianAmount(f.iva)}`,
    `ValOtroIm: ${dianAmount(f.otherTaxes)}`,
    `ValTolFac: ${dianAmount(f.total)}`,
    `CUFE: ${f.cufe}`,
    `QRCode: ${dianSearchUrl(f.environment, f.cufe)}`,
  ].join('\n');
}

// ------------------------------------------------------------------ computation

interface LineCalc {
  item: DianInvoiceItem;
  base: Decimal;
  gross: Decimal;
  /** The line's taxes (a gift line's on its reference price, whoever bears them). */
  charges: { tax: DianTaxLine; scheme: Scheme }[];
  /** Taxes of a gift line borne by the company ("IVA asumido"): written, then offset by an allowance. */
  borne: Decimal;
  withholdings: DianTaxLine[];
  gift: boolean;
}

function lineCalc(item: DianInvoiceItem): LineCalc {
  const gift = item.tax_base !== undefined && item.tax_base !== null;
  const companyBears = gift && item.taxpayer === 'Company';
  const chargeTaxes = item.taxes.filter((t) => !LINE_WITHHOLDINGS.has(t.type));
  const withholdings = item.taxes.filter((t) => LINE_WITHHOLDINGS.has(t.type));
  const charges = chargeTaxes.map((tax) => ({ tax, scheme: CHARGE_SCHEMES[tax.type] ?? OTHER_SCHEME }));
  const chargesTotal = sum(charges.map((c) => dec(c.tax.value)));
  const borne = companyBears ? chargesTotal : ZERO;
  const withheld = sum(withholdings.filter((t) => !NOT_WRITTEN.has(t.type)).map((t) => dec(t.value)));
  // total = base + what the customer pays in taxes − withholdings, each already rounded: the base comes back exactly.
  const base = dec(item.total).minus(chargesTotal.minus(borne)).plus(withheld);
  const gross = dec(item.quantity).times(dec(item.price)).toDecimalPlaces(2, Decimal.ROUND_HALF_UP);
  return { item, base, gross, charges, borne, withholdings, gift };
}

interface Group { scheme: Scheme; amount: Decimal; subtotals: Map<string, { percent: string; taxable: Decimal; amount: Decimal }> }

function groupBy(entries: { scheme: Scheme; percentage: Amount; taxable: Amount; amount: Amount }[]): Group[] {
  const groups = new Map<string, Group>();
  for (const e of entries) {
    let g = groups.get(e.scheme.id);
    if (!g) groups.set(e.scheme.id, (g = { scheme: e.scheme, amount: ZERO, subtotals: new Map() }));
    g.amount = g.amount.plus(dec(e.amount));
    const key = percent(e.percentage);
    const s = g.subtotals.get(key) ?? { percent: key, taxable: ZERO, amount: ZERO };
    s.taxable = s.taxable.plus(dec(e.taxable));
    s.amount = s.amount.plus(dec(e.amount));
    g.subtotals.set(key, s);
  }
  return [...groups.values()].sort((a, b) => a.scheme.id.localeCompare(b.scheme.id));
}

function colombianTime(iso: string | null | undefined): string {
  if (!iso) throw new DianXmlError('settings.issueTime is required when the document has no metadata.created');
  const t = new Date(iso);
  if (Number.isNaN(t.getTime())) throw new DianXmlError(`metadata.created is not a date: ${iso}`);
  // Colombia keeps UTC−5 all year (no daylight saving).
  return `${new Date(t.getTime() - 5 * 3600_000).toISOString().slice(11, 19)}-05:00`;
}

// ------------------------------------------------------------------ XML parts

function checkDigitOf(idType: string, identification: string, given?: string | null): string | undefined {
  if (given !== undefined && given !== null && given !== '') return given;
  if (idType === '31' && /^[0-9]+$/.test(identification)) return nitCheckDigit(identification);
  return undefined;
}

function companyIdAttrs(idType: string, dv: string | undefined): Attrs {
  return { ...DIAN_AGENCY, ...(dv !== undefined ? { schemeID: dv } : {}), schemeName: idType };
}

/**
 * An address: in Colombia the DIVIPOLA municipality code in cbc:ID with the DIAN's names of the
 * municipality (CityName) and department (CountrySubentity); abroad no DANE code, the city and the
 * subdivision as text, and the country's code and name.
 */
function address(parent: Node, name: 'cac:Address' | 'cac:RegistrationAddress', a: DianAddress): void {
  const node = parent.ele(name);
  const p = placeOf(a.city);
  if (!p) throw new DianXmlError('An address needs its city (country_code, state_code, city_code)');
  if (!p.foreign) leaf(node, 'cbc:ID', p.cityCode);
  leaf(node, 'cbc:CityName', p.cityName);
  leaf(node, 'cbc:PostalZone', a.postal_code ?? undefined);
  leaf(node, 'cbc:CountrySubentity', p.stateName);
  if (!p.foreign) leaf(node, 'cbc:CountrySubentityCode', p.stateCode);
  leaf(node.ele('cac:AddressLine'), 'cbc:Line', a.address);
  const country = node.ele('cac:Country');
  leaf(country, 'cbc:IdentificationCode', p.countryCode);
  leaf(country, 'cbc:Name', p.countryName, { languageID: 'es' });
}

interface PartyData {
  accountId: '1' | '2';
  name: string;
  registrationName: string;
  idType: string;
  id: string;
  dv: string | undefined;
  address: DianAddress;
  responsibilities: string;
  vatResponsible: boolean;
  identification: boolean;
  corporateScheme?: { id?: string; name?: string | null };
  contact?: { name?: string; phone?: string; email?: string };
}

function party(parent: Node, wrapper: string, p: PartyData): void {
  const w = parent.ele(wrapper);
  leaf(w, 'cbc:AdditionalAccountID', p.accountId);
  const party = w.ele('cac:Party');
  if (p.identification) {
    leaf(party.ele('cac:PartyIdentification'), 'cbc:ID', p.id, { ...(p.dv !== undefined ? { schemeID: p.dv } : {}), schemeName: p.idType });
  }
  leaf(party.ele('cac:PartyName'), 'cbc:Name', p.name);
  address(party.ele('cac:PhysicalLocation'), 'cac:Address', p.address);

  const tax = party.ele('cac:PartyTaxScheme');
  leaf(tax, 'cbc:RegistrationName', p.registrationName);
  leaf(tax, 'cbc:CompanyID', p.id, companyIdAttrs(p.idType, p.dv));
  // listName: fiscal regime, 48 responsible for IVA, 49 not responsible.
  leaf(tax, 'cbc:TaxLevelCode', p.responsibilities, { listName: p.vatResponsible ? '48' : '49' });
  address(tax, 'cac:RegistrationAddress', p.address);
  const scheme = tax.ele('cac:TaxScheme');
  leaf(scheme, 'cbc:ID', p.vatResponsible ? '01' : 'ZZ');
  leaf(scheme, 'cbc:Name', p.vatResponsible ? 'IVA' : 'No aplica');

  const legal = party.ele('cac:PartyLegalEntity');
  leaf(legal, 'cbc:RegistrationName', p.registrationName);
  leaf(legal, 'cbc:CompanyID', p.id, companyIdAttrs(p.idType, p.dv));
  if (p.corporateScheme && (p.corporateScheme.id || p.corporateScheme.name)) {
    const reg = legal.ele('cac:CorporateRegistrationScheme');
    leaf(reg, 'cbc:ID', p.corporateScheme.id);
    leaf(reg, 'cbc:Name', p.corporateScheme.name);
  }
  if (p.contact && (p.contact.name || p.contact.phone || p.contact.email)) {
    const c = party.ele('cac:Contact');
    leaf(c, 'cbc:Name', p.contact.name);
    leaf(c, 'cbc:Telephone', p.contact.phone);
    leaf(c, 'cbc:ElectronicMail', p.contact.email);
  }
}

function taxTotal(parent: Node, name: 'cac:TaxTotal' | 'cac:WithholdingTaxTotal', g: Group, cur: Attrs): void {
  const t = parent.ele(name);
  leaf(t, 'cbc:TaxAmount', dianAmount(g.amount), cur);
  for (const s of g.subtotals.values()) {
    const sub = t.ele('cac:TaxSubtotal');
    leaf(sub, 'cbc:TaxableAmount', dianAmount(s.taxable), cur);
    leaf(sub, 'cbc:TaxAmount', dianAmount(s.amount), cur);
    const cat = sub.ele('cac:TaxCategory');
    leaf(cat, 'cbc:Percent', s.percent);
    const scheme = cat.ele('cac:TaxScheme');
    leaf(scheme, 'cbc:ID', g.scheme.id);
    leaf(scheme, 'cbc:Name', g.scheme.name);
  }
}

function allowanceCharge(parent: Node, a: { id: number; charge: boolean; reasonCode?: string; reason: string; percent: Decimal | null; amount: Decimal; base: Decimal }, cur: Attrs) {
  const n = parent.ele('cac:AllowanceCharge');
  leaf(n, 'cbc:ID', String(a.id));
  leaf(n, 'cbc:ChargeIndicator', a.charge ? 'true' : 'false');
  leaf(n, 'cbc:AllowanceChargeReasonCode', a.reasonCode);
  leaf(n, 'cbc:AllowanceChargeReason', a.reason);
  leaf(n, 'cbc:MultiplierFactorNumeric', multiplierFactor(a.amount, a.base, a.percent));
  leaf(n, 'cbc:Amount', dianAmount(a.amount), cur);
  leaf(n, 'cbc:BaseAmount', dianAmount(a.base), cur);
}

const share = (part: Decimal, whole: Decimal) => (whole.isZero() ? ZERO : part.div(whole).times(100));

/**
 * MultiplierFactorNumeric: a percentage that gives the amount back (round2(base × factor / 100) = amount):
 * the one sent when it does, else the share with the fewest decimals (2 to 10) that does.
 */
export function multiplierFactor(amount: Decimal, base: Decimal, given: Decimal | null): string {
  const gives = (f: Decimal) => base.times(f).div(100).toDecimalPlaces(2, Decimal.ROUND_HALF_UP).eq(amount);
  if (given && gives(given)) return percent(given);
  const exact = share(amount, base);
  for (let places = 2; places <= 10; places++) {
    const f = exact.toDecimalPlaces(places, Decimal.ROUND_HALF_UP);
    if (gives(f)) return f.toFixed(places);
  }
  return exact.toDecimalPlaces(10, Decimal.ROUND_HALF_UP).toFixed(10);
}

// ------------------------------------------------------------------ the builder

/**
 * Builds the unsigned UBL 2.1 Invoice. Throws DianXmlError when the input
 * cannot make a valid document (no number yet, amounts that do not add up,
 * a number outside the resolution, a bad time or environment).
 */
export function buildInvoiceXml(input: BuildInvoiceInput): BuiltInvoice {
  const { document: doc, company, customer, resolution, settings } = input;
  const env = settings.environment;
  if (env !== '1' && env !== '2') throw new DianXmlError(`environment must be '1' (production) or '2' (test), not ${String(env)}`);
  if (doc.number === null || doc.number === undefined || doc.number === '') throw new DianXmlError('The invoice has no number yet');
  if (doc.prefix !== resolution.prefix) throw new DianXmlError(`The invoice prefix ${doc.prefix} is not the resolution's (${resolution.prefix})`);
  const n = new Decimal(doc.number);
  if (n.lt(resolution.from) || n.gt(resolution.to)) {
    throw new DianXmlError(`Number ${doc.number} is outside resolution ${resolution.number} (${resolution.from} to ${resolution.to})`);
  }
  if (!doc.items.length) throw new DianXmlError('An invoice has at least one line');

  const number = `${doc.prefix}${doc.number}`;
  const issueDate = doc.date;
  const issueTime = settings.issueTime ?? colombianTime(doc.metadata?.created);
  if (!/^[0-9]{2}:[0-9]{2}:[0-9]{2}-05:00$/.test(issueTime)) throw new DianXmlError(`The issue time must be HH:mm:ss-05:00, not ${issueTime}`);
  const currency = doc.currency?.code ?? 'COP';
  const cur = { currencyID: currency };

  // Lines, and the document figures they must add up to.
  const lines = doc.items.map(lineCalc);
  const lineExtension = sum(lines.map((l) => l.base));
  same('subtotal', lineExtension, doc.subtotal);
  const chargeGroups = groupBy(lines.flatMap((l) => l.charges.map((c) => ({
    scheme: c.scheme, percentage: c.tax.percentage, taxable: c.tax.base_value, amount: c.tax.value,
  }))));
  const taxesTotal = sum(chargeGroups.map((g) => g.amount));
  // Gift lines whose taxes the company bears: their taxes are reported, and offset by an "IVA asumido" allowance.
  const borneTotal = sum(lines.map((l) => l.borne));
  same('taxes_total', taxesTotal.minus(borneTotal), doc.taxes_total);
  const byCode = (code: string) => chargeGroups.find((g) => g.scheme.id === code)?.amount ?? ZERO;
  const iva = byCode('01'), ica = byCode('03'), inc = byCode('04');

  const withholdingGroups = groupBy([
    ...lines.flatMap((l) => l.withholdings),
    ...(doc.retentions ?? []),
  ].filter((t) => !NOT_WRITTEN.has(t.type)).map((t) => {
    const scheme = WITHHOLDING_SCHEMES[t.type];
    if (!scheme) throw new DianXmlError(`Unknown withholding type ${t.type}`);
    return { scheme, percentage: t.percentage, taxable: t.base_value, amount: t.value };
  }));
  same('withholdings_total', sum(withholdingGroups.map((g) => g.amount)), doc.withholdings_total);

  const discounts = doc.global_discounts ?? [];
  const charges = doc.global_charges ?? [];
  const allowanceTotal = sum(discounts.map((d) => dec(d.value))).plus(borneTotal);
  const chargeTotal = sum(charges.map((c) => dec(c.value)));
  const prepaid = dec(doc.advance_payment);
  const taxInclusive = lineExtension.plus(taxesTotal);
  const payable = taxInclusive.minus(allowanceTotal).plus(chargeTotal).minus(prepaid);
  same('total', taxInclusive.minus(allowanceTotal).plus(chargeTotal), doc.total);
  same('amount_payable', payable.minus(sum(withholdingGroups.map((g) => g.amount))), doc.amount_payable);
  // Σ taxable bases of the lines that carry a tax (each line once).
  const taxExclusive = sum(lines.filter((l) => l.charges.length).map((l) => dec(l.charges[0].tax.base_value)));

  // CUFE, software security code, QR.
  const cufe = computeCufe({
    number, issueDate, issueTime,
    subtotal: lineExtension, iva, inc, ica, total: payable,
    supplierNit: company.tax_id, customerId: customer.identification,
    technicalKey: resolution.technical_key, environment: env,
  });
  const securityCode = softwareSecurityCode(settings.software.id, settings.software.pin, number);
  const qr = dianQrContent({
    number, issueDate, issueTime, supplierNit: company.tax_id, customerId: customer.identification,
    subtotal: lineExtension, iva, otherTaxes: taxesTotal.minus(iva), total: payable, cufe, environment: env,
  });

  // ---- the document
  const root = create({ version: '1.0', encoding: 'UTF-8', standalone: false }).ele(NAMESPACES.invoice, 'Invoice', {
    'xmlns:cac': NAMESPACES.cac,
    'xmlns:cbc': NAMESPACES.cbc,
    'xmlns:ext': NAMESPACES.ext,
    'xmlns:sts': NAMESPACES.sts,
  });

  const exts = root.ele('ext:UBLExtensions');
  const dian = exts.ele('ext:UBLExtension').ele('ext:ExtensionContent').ele('sts:DianExtensions');
  const control = dian.ele('sts:InvoiceControl');
  leaf(control, 'sts:InvoiceAuthorization', resolution.number);
  const period = control.ele('sts:AuthorizationPeriod');
  leaf(period, 'cbc:StartDate', resolution.valid_from);
  leaf(period, 'cbc:EndDate', resolution.valid_to);
  const authorized = control.ele('sts:AuthorizedInvoices');
  leaf(authorized, 'sts:Prefix', resolution.prefix);
  leaf(authorized, 'sts:From', String(resolution.from));
  leaf(authorized, 'sts:To', String(resolution.to));
  leaf(dian.ele('sts:InvoiceSource'), 'cbc:IdentificationCode', 'CO', {
    listAgencyID: '6', listAgencyName: UNECE, listSchemeURI: 'urn:oasis:names:specification:ubl:codelist:gc:CountryIdentificationCode-2.1',
  });
  const provider = dian.ele('sts:SoftwareProvider');
  const providerDv = settings.software.provider_check_digit ?? nitCheckDigit(settings.software.provider_nit);
  leaf(provider, 'sts:ProviderID', settings.software.provider_nit, { ...DIAN_AGENCY, schemeID: providerDv, schemeName: '31' });
  leaf(provider, 'sts:SoftwareID', settings.software.id, DIAN_AGENCY);
  leaf(dian, 'sts:SoftwareSecurityCode', securityCode, DIAN_AGENCY);
  leaf(dian.ele('sts:AuthorizationProvider'), 'sts:AuthorizationProviderID', DIAN_NIT, { ...DIAN_AGENCY, schemeID: nitCheckDigit(DIAN_NIT), schemeName: '31' });
  leaf(dian, 'sts:QRCode', qr);
  // The signature's slot: sign.ts puts ds:Signature in the last, empty, ExtensionContent.
  exts.ele('ext:UBLExtension').ele('ext:ExtensionContent');

  leaf(root, 'cbc:UBLVersionID', 'UBL 2.1');
  leaf(root, 'cbc:CustomizationID', OPERATION_TYPE);
  leaf(root, 'cbc:ProfileID', PROFILE_ID);
  leaf(root, 'cbc:ProfileExecutionID', env);
  leaf(root, 'cbc:ID', number);
  leaf(root, 'cbc:UUID', cufe, { schemeID: env, schemeName: 'CUFE-SHA384' });
  leaf(root, 'cbc:IssueDate', issueDate);
  leaf(root, 'cbc:IssueTime', issueTime);
  const payments = doc.payments ?? [];
  const dueDates = payments.map((p) => p.due_date).filter((d): d is string => !!d).sort();
  if (dueDates.length) leaf(root, 'cbc:DueDate', dueDates[dueDates.length - 1]);
  leaf(root, 'cbc:InvoiceTypeCode', INVOICE_TYPE_CODE);
  if (doc.observations) leaf(root, 'cbc:Note', doc.observations);
  leaf(root, 'cbc:DocumentCurrencyCode', currency, { listAgencyID: '6', listAgencyName: UNECE, listID: 'ISO 4217 Alpha' });
  leaf(root, 'cbc:LineCountNumeric', String(lines.length));

  // Parties.
  const issuerDv = checkDigitOf('31', company.tax_id, company.check_digit);
  party(root, 'cac:AccountingSupplierParty', {
    accountId: company.person_type === 'person' ? '2' : '1',
    name: company.commercial_name || company.legal_name,
    registrationName: company.legal_name,
    idType: '31', id: company.tax_id, dv: issuerDv,
    address: company.address,
    responsibilities: codes(company.fiscal_responsibilities),
    vatResponsible: company.vat_responsible ?? true,
    identification: false,
    corporateScheme: { id: doc.prefix, name: company.commercial_registration },
    contact: company.email ? { email: company.email } : undefined,
  });
  const customerName = (Array.isArray(customer.name) ? customer.name : [customer.name]).map((s) => s.trim()).filter(Boolean).join(' ');
  const contact = (customer.contacts ?? []).find((c) => c.email) ?? (customer.contacts ?? [])[0];
  party(root, 'cac:AccountingCustomerParty', {
    accountId: customer.person_type === 'person' ? '2' : '1',
    name: customer.commercial_name || customerName,
    registrationName: customerName,
    idType: customer.id_type, id: customer.identification,
    dv: checkDigitOf(customer.id_type, customer.identification, customer.check_digit),
    address: customer.address,
    responsibilities: codes(customer.fiscal_responsibilities),
    vatResponsible: customer.vat_responsible ?? false,
    identification: true,
    contact: contact ? {
      name: [contact.first_name, contact.last_name].filter(Boolean).join(' ') || undefined,
      phone: contact.phone ? contact.phone.number : undefined,
      email: contact.email ?? undefined,
    } : undefined,
  });

  // Payment means: 1 cash (contado), 2 credit with its due date.
  const means = payments.length ? payments : [{ id: 0, value: 0, due_date: null }];
  for (const p of means) {
    const pm = root.ele('cac:PaymentMeans');
    leaf(pm, 'cbc:ID', p.due_date ? '2' : '1');
    const kind = input.paymentTypes?.[String(p.id)];
    leaf(pm, 'cbc:PaymentMeansCode', kind ? (PAYMENT_MEANS[kind] ?? kind) : UNDEFINED_MEANS);
    if (p.due_date) leaf(pm, 'cbc:PaymentDueDate', p.due_date);
  }

  if (prepaid.gt(0)) {
    const pp = root.ele('cac:PrepaidPayment');
    leaf(pp, 'cbc:ID', '1');
    leaf(pp, 'cbc:PaidAmount', dianAmount(prepaid), cur);
    leaf(pp, 'cbc:ReceivedDate', issueDate);
  }

  // Document-level discounts and charges: on the sum of line bases, after taxes.
  let acId = 0;
  for (const d of discounts) {
    const amount = dec(d.value);
    allowanceCharge(root, {
      id: ++acId, charge: false, reasonCode: discountReasonCode(d), reason: d.name || 'Descuento',
      percent: d.percentage !== null && d.percentage !== undefined ? dec(d.percentage) : null,
      amount, base: lineExtension,
    }, cur);
  }
  if (borneTotal.gt(0)) {
    allowanceCharge(root, {
      id: ++acId, charge: false, reasonCode: ASSUMED_TAX_REASON, reason: 'IVA asumido', percent: new Decimal(100), amount: borneTotal, base: borneTotal,
    }, cur);
  }
  for (const c of charges) {
    const amount = dec(c.value);
    allowanceCharge(root, {
      id: ++acId, charge: true, reason: c.name || 'Cargo',
      percent: c.percentage !== null && c.percentage !== undefined ? dec(c.percentage) : null,
      amount, base: lineExtension,
    }, cur);
  }

  if (currency !== 'COP') {
    const rate = root.ele('cac:PaymentExchangeRate');
    leaf(rate, 'cbc:SourceCurrencyCode', currency);
    leaf(rate, 'cbc:SourceCurrencyBaseRate', '1.00');
    leaf(rate, 'cbc:TargetCurrencyCode', 'COP');
    leaf(rate, 'cbc:TargetCurrencyBaseRate', '1.00');
    leaf(rate, 'cbc:CalculationRate', new Decimal(doc.currency!.exchange_rate).toFixed());
    leaf(rate, 'cbc:Date', issueDate);
  }

  for (const g of chargeGroups) taxTotal(root, 'cac:TaxTotal', g, cur);
  for (const g of withholdingGroups) taxTotal(root, 'cac:WithholdingTaxTotal', g, cur);

  const totals = root.ele('cac:LegalMonetaryTotal');
  leaf(totals, 'cbc:LineExtensionAmount', dianAmount(lineExtension), cur);
  leaf(totals, 'cbc:TaxExclusiveAmount', dianAmount(taxExclusive), cur);
  leaf(totals, 'cbc:TaxInclusiveAmount', dianAmount(taxInclusive), cur);
  leaf(totals, 'cbc:AllowanceTotalAmount', dianAmount(allowanceTotal), cur);
  leaf(totals, 'cbc:ChargeTotalAmount', dianAmount(chargeTotal), cur);
  leaf(totals, 'cbc:PrepaidAmount', dianAmount(prepaid), cur);
  leaf(totals, 'cbc:PayableAmount', dianAmount(payable), cur);

  lines.forEach((l, i) => {
    const it = l.item;
    const unit = input.unitCodes?.[it.code] ?? '94';
    const line = root.ele('cac:InvoiceLine');
    leaf(line, 'cbc:ID', String(i + 1));
    leaf(line, 'cbc:InvoicedQuantity', new Decimal(it.quantity).toFixed(), { unitCode: unit });
    leaf(line, 'cbc:LineExtensionAmount', dianAmount(l.base), cur);
    if (l.gift) {
      leaf(line, 'cbc:FreeOfChargeIndicator', 'true');
      const ref = line.ele('cac:PricingReference').ele('cac:AlternativeConditionPrice');
      leaf(ref, 'cbc:PriceAmount', dianAmount(it.tax_base!), cur);
      leaf(ref, 'cbc:PriceTypeCode', '01'); // commercial value
    }
    const discount = dec(it.discount?.value);
    if (discount.gt(0)) {
      const pctGiven = it.discount?.percentage;
      allowanceCharge(line, {
        id: 1, charge: false, reason: 'Descuento',
        percent: pctGiven !== null && pctGiven !== undefined && !dec(pctGiven).isZero() ? dec(pctGiven) : null,
        amount: discount, base: l.gross,
      }, cur);
    }
    for (const g of groupBy(l.charges.map((c) => ({ scheme: c.scheme, percentage: c.tax.percentage, taxable: c.tax.base_value, amount: c.tax.value })))) {
      taxTotal(line, 'cac:TaxTotal', g, cur);
    }
    const item = line.ele('cac:Item');
    leaf(item, 'cbc:Description', it.description);
    leaf(item.ele('cac:StandardItemIdentification'), 'cbc:ID', it.code, { schemeID: '999', schemeName: 'Estándar de adopción del contribuyente' });
    const price = line.ele('cac:Price');
    leaf(price, 'cbc:PriceAmount', unitPrice(it.price), cur);
    leaf(price, 'cbc:BaseQuantity', '1', { unitCode: unit });
  });

  const xml = root.end({ prettyPrint: false, wellFormed: true });
  return { xml, cufe, qr };
}

function codes(list: { code: string }[] | undefined): string {
  const c = (list ?? []).map((r) => r.code).filter(Boolean);
  return c.length ? c.join(';') : 'R-99-PN';
}
