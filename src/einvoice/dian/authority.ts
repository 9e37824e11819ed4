/**
 * Where a signed Colombian invoice is sent. One interface; the sandbox below
 * is the default. It is NOT the DIAN: it checks on this machine what can be
 * checked without the DIAN (well-formed XML, the signature verifies, the CUFE
 * recomputes from the XML's own values and the resolution's technical key,
 * lines add up, the issuer's NIT check digit, the number inside the
 * resolution) and answers Accepted or Rejected with its own rule codes.
 */
import { DOMParser } from '@xmldom/xmldom';
import * as xpath from 'xpath';
import Decimal from 'decimal.js';
import { cufe as cufeOf } from './cufe';
import { verifyInvoiceSignature, type SigningCredentials } from './sign';
import { NAMESPACES } from './ubl';
import { nitCheckDigit } from '../../platform/nit';

export interface Verdict {
  status: 'Accepted' | 'Rejected';
  cufe: string | null;
  errors: { code: string; message: string }[];
  observations: string[];
}

/** Who sends, and under which names: the web service signs its envelope with the issuer's certificate. */
export interface SubmitContext {
  credentials: SigningCredentials;
  /**
   * The DIAN's file name stem: issuer NIT (10 digits), software provider code
   * (000), year (2 digits), document number (8 hex digits). The ZIP is
   * z<stem>.zip and the invoice inside it fv<stem>.xml.
   */
  fileName: string;
  /** The CUFE of the document being sent. */
  cufe: string;
}

export interface DianAuthority {
  readonly name: string;
  /** Submits a signed invoice (SendBillSync). */
  send(signedXml: string, ctx: SubmitContext): Promise<Verdict>;
  /** What the authority already holds for a CUFE (GetStatus), so that a retry asks before it resends. */
  status(cufe: string, ctx: SubmitContext): Promise<Verdict | null>;
}

const select = xpath.useNamespaces({ inv: NAMESPACES.invoice, cac: NAMESPACES.cac, cbc: NAMESPACES.cbc, sts: NAMESPACES.sts });

export class SandboxDian implements DianAuthority {
  readonly name = 'sandbox';
  private received = new Map<string, Verdict>();

  /** `technicalKey` gives the technical key of a numbering resolution, as the DIAN knows it. */
  constructor(private technicalKey: (issuerNit: string, resolution: string) => Promise<string | null>) {}

  async status(cufe: string): Promise<Verdict | null> {
    return this.received.get(cufe) ?? null;
  }

  async send(signedXml: string): Promise<Verdict> {
    const errors: Verdict['errors'] = [];
    const fail = (code: string, message: string) => errors.push({ code, message });
    let malformed = '';
    let doc: Document | undefined;
    try {
      doc = new DOMParser({ onError: (level, msg) => { if (level !== 'warning') malformed ||= msg; } }).parseFromString(signedXml, 'text/xml') as unknown as Document;
    } catch (e) {
      malformed ||= String((e as Error).message ?? e);
    }
    if (malformed || !doc?.documentElement) return { status: 'Rejected', cufe: null, errors: [{ code: 'XML', message: `The XML is not well formed: ${malformed}` }], observations: [] };
    const nodes = (q: string) => select(q, doc as unknown as Node) as Node[];
    const text = (q: string) => (nodes(q)[0]?.textContent ?? '').trim();
    const sum = (q: string) => nodes(q).reduce((s, n) => s.plus(n.textContent || 0), new Decimal(0));

    const signature = await verifyInvoiceSignature(signedXml);
    if (!signature.valid) fail('SIGNATURE', `The signature does not verify: ${signature.reason ?? 'unknown reason'}`);

    const supplier = '/inv:Invoice/cac:AccountingSupplierParty/cac:Party/cac:PartyTaxScheme/cbc:CompanyID';
    const nit = text(supplier);
    const dv = (nodes(supplier)[0] as Element | undefined)?.getAttribute('schemeID') ?? '';
    if (!/^[0-9]+$/.test(nit) || nitCheckDigit(nit) !== dv) fail('NIT_CHECK_DIGIT', `The issuer's NIT ${nit}-${dv} has a wrong check digit`);

    const id = text('/inv:Invoice/cbc:ID');
    const resolution = text('//sts:InvoiceControl/sts:InvoiceAuthorization');
    const prefix = text('//sts:InvoiceControl/sts:AuthorizedInvoices/sts:Prefix');
    const from = Number(text('//sts:InvoiceControl/sts:AuthorizedInvoices/sts:From'));
    const to = Number(text('//sts:InvoiceControl/sts:AuthorizedInvoices/sts:To'));
    const number = Number(id.startsWith(prefix) ? id.slice(prefix.length) : NaN);
    if (!Number.isInteger(number) || number < from || number > to) fail('RESOLUTION_RANGE', `Invoice ${id} is outside resolution ${resolution} (${prefix}${from} to ${prefix}${to})`);

    const lines = sum('/inv:Invoice/cac:InvoiceLine/cbc:LineExtensionAmount');
    const declared = new Decimal(text('/inv:Invoice/cac:LegalMonetaryTotal/cbc:LineExtensionAmount') || 0);
    if (!lines.eq(declared)) fail('TOTALS', `The lines add up to ${lines.toFixed(2)}, not the declared ${declared.toFixed(2)}`);
    const taxes = sum('/inv:Invoice/cac:TaxTotal/cbc:TaxAmount');
    const inclusive = new Decimal(text('/inv:Invoice/cac:LegalMonetaryTotal/cbc:TaxInclusiveAmount') || 0);
    const exclusive = new Decimal(text('/inv:Invoice/cac:LegalMonetaryTotal/cbc:TaxExclusiveAmount') || 0);
    if (!exclusive.plus(taxes).eq(inclusive)) fail('TOTALS', `Taxable amount ${exclusive.toFixed(2)} plus taxes ${taxes.toFixed(2)} is not the declared ${inclusive.toFixed(2)}`);

    const uuid = text('/inv:Invoice/cbc:UUID');
    const key = await this.technicalKey(nit, resolution);
    if (!key) fail('RESOLUTION', `Resolution ${resolution} is not known for NIT ${nit}`);
    else {
      const taxOf = (code: string) => sum(`/inv:Invoice/cac:TaxTotal[cac:TaxSubtotal/cac:TaxCategory/cac:TaxScheme/cbc:ID='${code}']/cbc:TaxAmount`);
      const expected = cufeOf({
        number: id, issueDate: text('/inv:Invoice/cbc:IssueDate'), issueTime: text('/inv:Invoice/cbc:IssueTime'),
        subtotal: declared, iva: taxOf('01'), inc: taxOf('04'), ica: taxOf('03'),
        total: text('/inv:Invoice/cac:LegalMonetaryTotal/cbc:PayableAmount') || 0,
        supplierNit: nit, customerId: text('/inv:Invoice/cac:AccountingCustomerParty/cac:Party/cac:PartyTaxScheme/cbc:CompanyID'),
        technicalKey: key, environment: (text('/inv:Invoice/cbc:ProfileExecutionID') || '2') as '1' | '2',
      });
      if (expected !== uuid) fail('CUFE', `The CUFE does not recompute from the document (expected ${expected})`);
    }

    const verdict: Verdict = errors.length
      ? { status: 'Rejected', cufe: null, errors, observations: [] }
      : { status: 'Accepted', cufe: uuid, errors: [], observations: ['Accepted by the sandbox authority (not the DIAN)'] };
    if (uuid) this.received.set(uuid, verdict);
    return verdict;
  }
}
