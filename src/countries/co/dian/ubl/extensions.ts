/**
 * ext:UBLExtensions: the DIAN extension (numbering resolution, invoice source,
 * software provider and security code, authorization provider, QR content)
 * and the empty slot the signature goes into (sign.ts fills the last
 * ext:ExtensionContent).
 */
import { nitCheckDigit } from '../../../../platform/nit';
import { cufe as cufeOf, dianAmount, softwareSecurityCode, type Amount } from '../cufe';
import { DIAN_AGENCY, DIAN_NIT, dianSearchUrl, UNECE } from './codes';
import type { DianCustomer, DianIssuer, DianResolution, DianSettings } from './types';
import type { Totals } from './monetary-total';
import { colombianTime, DianXmlError, leaf, type Node } from './xml';

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
  /** A note or a POS ticket: its key is a CUDE, and labelled so. */
  note?: boolean;
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
    `${f.note ? 'CUDE' : 'CUFE'}: ${f.cufe}`,
    `QRCode: ${dianSearchUrl(f.environment, f.cufe)}`,
  ].join('\n');
}

/** Writes ext:UBLExtensions under the document's root; a note has no numbering resolution (InvoiceControl). */
export function ublExtensions(root: Node, x: { resolution: DianResolution | null; software: DianSettings['software']; securityCode: string; qr: string;
  /** The document's own extensions (a POS ticket's, ./pos.ts), after the DIAN's and before the signature's slot. */
  more?: (exts: Node) => void }): void {
  const { resolution, software } = x;
  const exts = root.ele('ext:UBLExtensions');
  const dian = exts.ele('ext:UBLExtension').ele('ext:ExtensionContent').ele('sts:DianExtensions');
  if (resolution) invoiceControl(dian, resolution);
  leaf(dian.ele('sts:InvoiceSource'), 'cbc:IdentificationCode', 'CO', {
    listAgencyID: '6', listAgencyName: UNECE, listSchemeURI: 'urn:oasis:names:specification:ubl:codelist:gc:CountryIdentificationCode-2.1',
  });
  const provider = dian.ele('sts:SoftwareProvider');
  const providerDv = software.provider_check_digit ?? nitCheckDigit(software.provider_nit);
  leaf(provider, 'sts:ProviderID', software.provider_nit, { ...DIAN_AGENCY, schemeID: providerDv, schemeName: '31' });
  leaf(provider, 'sts:SoftwareID', software.id, DIAN_AGENCY);
  leaf(dian, 'sts:SoftwareSecurityCode', x.securityCode, DIAN_AGENCY);
  leaf(dian.ele('sts:AuthorizationProvider'), 'sts:AuthorizationProviderID', DIAN_NIT, { ...DIAN_AGENCY, schemeID: nitCheckDigit(DIAN_NIT), schemeName: '31' });
  leaf(dian, 'sts:QRCode', x.qr);
  x.more?.(exts);
  // The signature's slot: sign.ts puts ds:Signature in the last, empty, ExtensionContent.
  exts.ele('ext:UBLExtension').ele('ext:ExtensionContent');
}

/** sts:InvoiceControl: the numbering resolution of an invoice. */
function invoiceControl(dian: Node, resolution: DianResolution): void {
  const control = dian.ele('sts:InvoiceControl');
  leaf(control, 'sts:InvoiceAuthorization', resolution.number);
  const period = control.ele('sts:AuthorizationPeriod');
  leaf(period, 'cbc:StartDate', resolution.valid_from);
  leaf(period, 'cbc:EndDate', resolution.valid_to);
  const authorized = control.ele('sts:AuthorizedInvoices');
  leaf(authorized, 'sts:Prefix', resolution.prefix);
  leaf(authorized, 'sts:From', String(resolution.from));
  leaf(authorized, 'sts:To', String(resolution.to));
}

/**
 * The keys of a document, as its number, issue time and totals give them: its CUFE (an invoice: with the
 * resolution's technical key) or CUDE (a note: with the software PIN, `secret`), the software security code
 * and the QR content.
 */
export function documentKeys(doc: { prefix: string; number: number | null; date: string; metadata?: { created?: string } | null }, t: Totals,
  x: { company: DianIssuer; customer: DianCustomer; settings: DianSettings; secret: string; note?: boolean }) {
  const { settings } = x;
  const number = `${doc.prefix}${doc.number}`;
  const issueTime = settings.issueTime ?? colombianTime(doc.metadata?.created);
  if (!/^[0-9]{2}:[0-9]{2}:[0-9]{2}-05:00$/.test(issueTime)) throw new DianXmlError(`The issue time must be HH:mm:ss-05:00, not ${issueTime}`);
  const figures = { number, issueDate: doc.date, issueTime, supplierNit: x.company.tax_id, customerId: x.customer.identification };
  const key = cufeOf({ ...figures, subtotal: t.lineExtension, iva: t.iva, inc: t.inc, ica: t.ica, total: t.payable, technicalKey: x.secret, environment: settings.environment });
  return {
    number, issueTime, key,
    securityCode: softwareSecurityCode(settings.software.id, settings.software.pin, number),
    qr: dianQrContent({ ...figures, subtotal: t.lineExtension, iva: t.iva, otherTaxes: t.taxesTotal.minus(t.iva), total: t.payable, cufe: key, environment: settings.environment, note: x.note }),
  };
}
