/**
 * What the PDFs of every document share (src/pdf/document.ts): the company's and the customer's blocks, taxes
 * and units as printed, the printed number and issue time, and what an accepted document's XML tells the PDF
 * (the DIAN's CUFE and QR, the SAT's TimbreFiscalDigital, the fiscal notes).
 */
import { WITHHOLDING_TYPES } from '../invoices/compute';
import { parseXml, satSelect, timbreChain } from '../countries/mx/sat/chain';
import { selectElements } from '../platform/xml-dom';
import { readApplicationResponse } from '../countries/co/dian/application-response';
import { timeIn } from '../platform/dates';
import { taxProfileText } from '../countries/co/dian/issuer';
import { unitJson } from '../catalog/units';
import { formatDate } from './format';
import { logoBytes } from './logo';
import { described, placeLine, SAT_EXPORT_KEYS, SAT_REGIMES, SAT_VOUCHER_TYPES } from './names';
import type { InvoicePdfInput, PdfCompany, PdfCustomer, PdfTax } from './types';
import type { InvoiceColumns, InvoiceRow, PdfCompanyRow, PdfCustomerRow } from './rows';
import { country as countryOf, type CountryCode } from '../countries';

/** A text setting of the company (settings are open JSON): null when absent or not text. */
export function settingText(c: PdfCompanyRow, key: string): string | null {
  const v = c.settings?.[key];
  return typeof v === 'string' ? v : null;
}

export function companyBlock(c: PdfCompanyRow): PdfCompany {
  const a = c.address ?? {};
  // The tax profile (VAT responsibility, RUT responsibilities) of a country whose companies have those settings.
  const co = countryOf(c.country).settings.includes('fiscal_responsibilities') ? taxProfileText(c.settings) : null;
  const regime = settingText(c, 'tax_regime');
  return {
    name: c.legal_name,
    identification: countryOf(c.country).identification.printed(c.tax_id, c.check_digit),
    address: a.address ?? null,
    city: [a.postal_code ? `C.P. ${a.postal_code}` : null, placeLine(a.city)].filter(Boolean).join(' · ') || null,
    email: settingText(c, 'email'),
    phone: settingText(c, 'phone'),
    regime: co ? `Régimen: ${co.regime}` : regime ? `Régimen fiscal: ${described(regime, SAT_REGIMES)}` : null,
    responsibilities: co?.responsibilities ?? null,
    logo: logoBytes(c.logo ?? c.settings?.logo),
  };
}

/** What the customer's identification is called: the country's issuer label for a company or an id of its type (NIT, 31), "Identificación" for a person's document. */
function customerIdLabel(c: PdfCustomerRow | null | undefined, country: CountryCode): string {
  const { label, otherDocuments } = countryOf(country).identification;
  return !otherDocuments || c?.id_type === '31' || c?.person_type === 'company' ? label : 'Identificación';
}

export function customerBlock(c: PdfCustomerRow | null | undefined, country: CountryCode, extra: string[] = []): PdfCustomer {
  const a = c?.address ?? {};
  return {
    name: (Array.isArray(c?.name) ? c.name.join(' ') : c?.name) || c?.commercial_name || '',
    identification: c ? `${c.identification}${c.check_digit ? `-${c.check_digit}` : ''}` : '',
    identificationLabel: customerIdLabel(c, country),
    address: a.address ?? null,
    city: [a.postal_code ? `C.P. ${a.postal_code}` : null, placeLine(a.city)].filter(Boolean).join(' · ') || null,
    emails: (c?.contacts ?? []).map((x) => x.email).filter((e): e is string => !!e),
    phone: c?.phones?.[0]?.number ?? null,
    extra: [...(c?.tax_regime ? [`Régimen fiscal: ${described(c.tax_regime, SAT_REGIMES)}`] : []), ...extra],
  };
}

export const taxes = (list: readonly { name?: string | null; type: string; percentage: number; value: number; base_value: number }[] | undefined): PdfTax[] =>
  // An exempt IVA (MX IVAExento) has no rate: it is shown by its name ("IVA Exento"), never as 0 %.
  (list ?? []).map((t) => ({ name: t.name ?? t.type, percentage: t.type === 'IVAExento' ? null : t.percentage, value: t.value, base_value: t.base_value,
    ...(WITHHOLDING_TYPES.has(t.type) ? { withholding: true } : {}) }));

/** A unit as printed: its code and its name ("94 Unidad"), the code alone when the catalogue has no name for it. */
export const unitLabel = (code: string | null | undefined) => (code ? `${code} ${unitJson(code).name === code ? '' : unitJson(code).name}`.trim() : null);

export const UBL_CBC = 'urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2';
export const DIAN_STS = 'dian:gov:co:facturaelectronica:Structures-2-1';
/** The text of the first element `local` of namespace `ns` in a parsed XML. */
export const first = (doc: ReturnType<typeof parseXml>, ns: string, local: string) => (doc.getElementsByTagNameNS(ns, local)[0]?.textContent ?? '').trim();

/** Whether an accepted document's XML is UBL (the DIAN's form) rather than a CFDI: its country's form says. */
const ublXml = (code: CountryCode) => countryOf(code).form === 'ubl';

/** A document no tax authority gave fiscal validity: judged by a sandbox, or sent to the DIAN's test environment (null: a real one). */
export function testNotice(row: Pick<InvoiceRow, 'stamp_status' | 'stamp_authority'> & { country: CountryCode }, xml: ReturnType<typeof parseXml> | null): string | null {
  if (row.stamp_status !== 'Accepted') return null;
  if (row.stamp_authority === 'sandbox') {
    return ublXml(row.country)
      ? 'DOCUMENTO DE PRUEBA SIN VALIDEZ FISCAL: aceptado por una autoridad sandbox de pruebas'
      : 'DOCUMENTO DE PRUEBA SIN VALIDEZ FISCAL: timbrado por un proveedor sandbox de pruebas';
  }
  if (ublXml(row.country) && xml && first(xml, UBL_CBC, 'ProfileExecutionID') === '2') {
    return 'DOCUMENTO DE PRUEBA SIN VALIDEZ FISCAL: emitido en el ambiente de habilitación (pruebas)';
  }
  return null;
}

/** What an accepted invoice's XML tells the PDF. */
export function electronicOf(row: Pick<InvoiceColumns, 'stamp_status' | 'stamp_cufe' | 'stamp_uuid' | 'stamp_authority' | 'application_response'> & { country: CountryCode },
  doc: ReturnType<typeof parseXml> | null): InvoicePdfInput['electronic'] {
  if (row.stamp_status !== 'Accepted' || !doc) return null;
  if (ublXml(row.country)) {
    const qr = first(doc, DIAN_STS, 'QRCode');
    const answer = readApplicationResponse(row.application_response);
    const when = answer ? ` el ${formatDate(answer.issueDate)} a las ${answer.issueTime}` : '';
    return {
      kind: 'DIAN', cufe: row.stamp_cufe ?? '', qr,
      status: row.stamp_authority === 'sandbox' || !row.stamp_authority
        ? `Aceptada por la autoridad sandbox de pruebas${when}` : `Validada por la DIAN${when}`,
    };
  }
  const tfd = selectElements(satSelect, '//tfd:TimbreFiscalDigital', doc)[0];
  if (!tfd) return null;
  return {
    kind: 'SAT', uuid: tfd.getAttribute('UUID') ?? row.stamp_uuid ?? '', selloCFD: tfd.getAttribute('SelloCFD') ?? '', selloSAT: tfd.getAttribute('SelloSAT') ?? '',
    sandbox: row.stamp_authority === 'sandbox',
    noCertificado: doc.documentElement.getAttribute('NoCertificado') ?? '', noCertificadoSAT: tfd.getAttribute('NoCertificadoSAT') ?? '',
    fechaTimbrado: tfd.getAttribute('FechaTimbrado') ?? '', rfcProvCertif: tfd.getAttribute('RfcProvCertif'), cadenaOriginal: timbreChain(tfd),
  };
}


/** The number as the tax documents write it: CO prefix and number together (SETP990000123, as cbc:ID); MX Serie and Folio (A 1). */
export function printedNumber(country: CountryCode, d: { prefix?: string | null; number?: number | string | null; name?: string | null }): string {
  if (d.number === null || d.number === undefined || d.number === '') return d.name ?? '';
  return countryOf(country).printedNumber(d.prefix, d.number);
}

/** The issue time: the XML's (IssueTime, the CFDI's Fecha), else the moment it was created, in the country's time. */
export function issueTime(row: InvoiceRow, xml: ReturnType<typeof parseXml> | null): string | null {
  if (row.form === 'ubl') {
    const written = xml ? first(xml, UBL_CBC, 'IssueTime') : '';
    if (written) return written;
    return row.document.metadata?.created ? timeIn(countryOf(row.country).timeZone, new Date(row.document.metadata.created)) : null;
  }
  const fecha = xml?.documentElement?.getAttribute('Fecha');
  if (fecha) return fecha.slice(11, 19);
  const created = row.document.metadata?.created;
  return created ? new Intl.DateTimeFormat('en-GB', { timeZone: countryOf(row.country).timeZone, hour: '2-digit', minute: '2-digit', second: '2-digit', hour12: false }).format(new Date(created)) : null;
}

/** CO: the numbering resolution with its validity, and, once sent, the software and its provider. */
export function coFiscalNotes(row: InvoiceRow, company: PdfCompanyRow, xml: ReturnType<typeof parseXml> | null): string[] {
  const notes: string[] = [];
  const r = row.resolution;
  if (r?.number) {
    notes.push(`Autorización de numeración de facturación DIAN No. ${r.number} del ${formatDate(r.valid_from)}, vigente hasta el ${formatDate(r.valid_to)}: `
      + `prefijo ${r.prefix ?? ''} del ${r.from} al ${r.to}`);
  }
  if (xml) {
    const providerNit = first(xml, DIAN_STS, 'ProviderID');
    const name = company.settings?.dian?.provider_name || (providerNit === company.tax_id ? company.legal_name : null);
    notes.push(`Software de facturación: facturas-api · Proveedor tecnológico: ${name ? `${name}, ` : ''}NIT ${providerNit}`);
  }
  return notes;
}

/** MX, a stamped CFDI: its version, type of voucher, export key, place of issue and currency, with their descriptions. */
export function mxFiscalNotes(cfdi: Element | null): string[] {
  if (!cfdi) return [];
  const a = (n: string) => cfdi.getAttribute(n) ?? '';
  return [
    `CFDI versión ${a('Version')} · Tipo de comprobante: ${described(a('TipoDeComprobante'), SAT_VOUCHER_TYPES)} · Exportación: ${described(a('Exportacion'), SAT_EXPORT_KEYS)}`,
    `Lugar de expedición: C.P. ${a('LugarExpedicion')} · Moneda: ${a('Moneda') === 'XXX' ? 'XXX (no aplica: los importes del pago están en el complemento)' : a('Moneda')} · Fecha de emisión: ${a('Fecha')}`,
  ];
}

