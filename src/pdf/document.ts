/**
 * A stored document as a customer receives it: its PDF (filled from the
 * document as the API answers it, the company, the customer and, once the tax
 * authority accepted it, what its XML holds: CUFE and QR in Colombia, the
 * TimbreFiscalDigital in Mexico) and, for an accepted electronic invoice, the
 * signed XML. Used by the /pdf endpoints and by the e-mail.
 *
 * The rows are read here; what the PDF shows is worked out from them and drawn
 * by invoicePdf / voucherPdf, which run on a worker thread when a pool is given.
 */
import type { Queryable } from '../platform/db';
import type { CpuPool } from '../workers/pool';
import { parseXml, satSelect, timbreChain } from '../einvoice/sat/chain';
import { formatDate, formatMoney, formatNumber, satVerificationUrl } from './format';
import { renderInvoicePdf, renderVoucherPdf } from './render';
import type { InvoicePdfInput, PdfCompany, PdfCustomer, PdfTax, VoucherPdfInput } from './types';
import type { CoInvoiceDocument } from '../invoices/co/schema';
import type { MxInvoiceDocument } from '../invoices/mx/schema';
import type { VoucherDocument } from '../vouchers/schema';
import type { NoteDocument } from '../notes/schema';
import type { PaymentDocument } from '../payments/schema';
import { CREDIT_REASONS, DEBIT_REASONS } from '../notes/schema';
import type { StampStatus } from '../platform/states';
import { LIVE } from '../invoices/kernel';
import { colombianDateTime, readApplicationResponse } from '../einvoice/dian/application-response';
import { taxProfileText } from '../einvoice/dian/issuer';
import { dianFileStem } from '../einvoice/dian/file-names';
import { findCfdiUse } from '../companies/uses';
import { unitJson } from '../catalog/units';
import { logoBytes } from './logo';
import {
  described, placeLine, SAT_EXPORT_KEYS, SAT_PAYMENT_FORMS, SAT_PAYMENT_METHODS, SAT_REGIMES, SAT_VOUCHER_TYPES,
} from './names';

export type DocKind = 'invoice' | 'voucher' | 'credit_note' | 'debit_note' | 'payment';

export interface DocumentFiles {
  pdf: Buffer;
  /** The signed (CO) or stamped (MX) XML of an accepted invoice. */
  xml: string | null;
  /** CO: the authority's ApplicationResponse of an accepted invoice, for its AttachedDocument. */
  applicationResponse: string | null;
  /** CO: the DIAN file name stems of an accepted electronic document's e-mail (ad<stem>.xml in z<zipStem>.zip; file-names.ts). */
  stem: string | null;
  zipStem: string | null;
  company: any;
  customer: any;
  /** What the e-mail says about the document. */
  summary: {
    company: { name: string; email: string | null };
    customerName: string;
    label: string;
    name: string;
    date: string;
    total: string;
    currency: string;
    dueDates: string[];
    reference: string | null;
    /** Set on a test document without fiscal validity (see testNotice). */
    testNotice: string | null;
    /** The company's NIT and the invoice's DIAN document type code (01), for the annex's e-mail subject (CO electronic). */
    dian: { nit: string; number: string; typeCode: string; commercialName: string } | null;
  };
}

export class DocumentNotFound extends Error {}

function companyBlock(c: any): PdfCompany {
  const a = c.address ?? {};
  const co = c.country === 'CO' ? taxProfileText(c.settings) : null;
  return {
    name: c.legal_name,
    identification: c.country === 'CO' ? `${c.tax_id}-${c.check_digit}` : c.tax_id,
    address: a.address ?? null,
    city: [a.postal_code ? `C.P. ${a.postal_code}` : null, placeLine(a.city)].filter(Boolean).join(' · ') || null,
    email: c.settings?.email ?? null,
    phone: c.settings?.phone ?? null,
    regime: co ? `Régimen: ${co.regime}` : c.settings?.tax_regime ? `Régimen fiscal: ${described(c.settings.tax_regime, SAT_REGIMES)}` : null,
    responsibilities: co?.responsibilities ?? null,
    logo: logoBytes(c.logo ?? c.settings?.logo),
  };
}

function customerBlock(c: any, country: 'CO' | 'MX', extra: string[] = []): PdfCustomer {
  const a = c?.address ?? {};
  return {
    name: (Array.isArray(c?.name) ? c.name.join(' ') : c?.name) || c?.commercial_name || '',
    identification: c ? `${c.identification}${c.check_digit ? `-${c.check_digit}` : ''}` : '',
    identificationLabel: country === 'MX' ? 'RFC' : c?.id_type === '31' || c?.person_type === 'company' ? 'NIT' : 'Identificación',
    address: a.address ?? null,
    city: [a.postal_code ? `C.P. ${a.postal_code}` : null, placeLine(a.city)].filter(Boolean).join(' · ') || null,
    emails: (c?.contacts ?? []).map((x: any) => x.email).filter(Boolean),
    phone: c?.phones?.[0]?.number ?? null,
    extra: [...(c?.tax_regime ? [`Régimen fiscal: ${described(c.tax_regime, SAT_REGIMES)}`] : []), ...extra],
  };
}

const taxes = (list: readonly { name?: string | null; type: string; percentage: number; value: number; base_value: number }[] | undefined): PdfTax[] =>
  // An exempt IVA (MX IVAExento) has no rate: it is shown by its name ("IVA Exento"), never as 0 %.
  (list ?? []).map((t) => ({ name: t.name ?? t.type, percentage: t.type === 'IVAExento' ? null : t.percentage, value: t.value, base_value: t.base_value }));

/** A unit as printed: its code and its name ("94 Unidad"), the code alone when the catalogue has no name for it. */
const unitLabel = (code: string | null | undefined) => (code ? `${code} ${unitJson(code).name === code ? '' : unitJson(code).name}`.trim() : null);

const UBL_CBC = 'urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2';
const DIAN_STS = 'dian:gov:co:facturaelectronica:Structures-2-1';
/** The text of the first element `local` of namespace `ns` in a parsed XML. */
const first = (doc: ReturnType<typeof parseXml>, ns: string, local: string) => (doc.getElementsByTagNameNS(ns, local)[0]?.textContent ?? '').trim();

/** A document no tax authority gave fiscal validity: judged by a sandbox, or sent to the DIAN's test environment (null: a real one). */
export function testNotice(row: Pick<InvoiceRow, 'stamp_status' | 'stamp_authority' | 'country'>, xml: ReturnType<typeof parseXml> | null): string | null {
  if (row.stamp_status !== 'Accepted') return null;
  if (row.stamp_authority === 'sandbox') {
    return row.country === 'CO'
      ? 'DOCUMENTO DE PRUEBA SIN VALIDEZ FISCAL: aceptado por una autoridad sandbox de pruebas'
      : 'DOCUMENTO DE PRUEBA SIN VALIDEZ FISCAL: timbrado por un proveedor sandbox de pruebas';
  }
  if (row.country === 'CO' && xml && first(xml, UBL_CBC, 'ProfileExecutionID') === '2') {
    return 'DOCUMENTO DE PRUEBA SIN VALIDEZ FISCAL: emitido en el ambiente de habilitación (pruebas)';
  }
  return null;
}

/** What an accepted invoice's XML tells the PDF. */
function electronicOf(row: Pick<InvoiceColumns, 'stamp_status' | 'stamp_cufe' | 'stamp_uuid' | 'stamp_authority' | 'application_response'> & { country: 'CO' | 'MX' },
  doc: ReturnType<typeof parseXml> | null): InvoicePdfInput['electronic'] {
  if (row.stamp_status !== 'Accepted' || !doc) return null;
  if (row.country === 'CO') {
    const qr = first(doc, DIAN_STS, 'QRCode');
    const answer = readApplicationResponse(row.application_response);
    const when = answer ? ` el ${formatDate(answer.issueDate)} a las ${answer.issueTime}` : '';
    return {
      kind: 'DIAN', cufe: row.stamp_cufe ?? '', qr,
      status: row.stamp_authority === 'sandbox' || !row.stamp_authority
        ? `Aceptada por la autoridad sandbox de pruebas${when}` : `Validada por la DIAN${when}`,
    };
  }
  const tfd = (satSelect('//tfd:TimbreFiscalDigital', doc as unknown as Node) as unknown as Element[])[0];
  if (!tfd) return null;
  return {
    kind: 'SAT', uuid: tfd.getAttribute('UUID') ?? row.stamp_uuid ?? '', selloCFD: tfd.getAttribute('SelloCFD') ?? '', selloSAT: tfd.getAttribute('SelloSAT') ?? '',
    sandbox: row.stamp_authority === 'sandbox',
    noCertificado: doc.documentElement.getAttribute('NoCertificado') ?? '', noCertificadoSAT: tfd.getAttribute('NoCertificadoSAT') ?? '',
    fechaTimbrado: tfd.getAttribute('FechaTimbrado') ?? '', rfcProvCertif: tfd.getAttribute('RfcProvCertif'), cadenaOriginal: timbreChain(tfd),
  };
}

/** What a document's PDF and e-mail are made from: its stored rows. */
/** The columns of a stored invoice the PDF reads: its document, typed by its response schema, per country. */
interface InvoiceColumns {
  xml: string | null; stamp_status: StampStatus; stamp_cufe: string | null; stamp_uuid: string | null; stamp_authority: string | null;
  application_response: string | null; customer_id: number; electronic_type: string | null;
  resolution: { number?: string; prefix?: string; from?: number; to?: number; valid_from?: string; valid_to?: string } | null;
  /** UN/ECE unit of each of its products, by code. */
  units: Record<string, string> | null;
}
export type InvoiceRow = InvoiceColumns & ({ country: 'CO'; document: CoInvoiceDocument } | { country: 'MX'; document: MxInvoiceDocument });
/** `as`: a Mexican credit note drawn as the invoice it mirrors, with its own title and notes. */
export interface InvoiceRows { row: InvoiceRow; company: any; customer: any; as?: { title: string; paymentNotes: string[]; fiscalNotes: string[] } }
export interface VoucherRows { row: { document: VoucherDocument; customer_id: number | null }; company: any; customer: any; paid: { prefix: string; number: string; quote: number; name: string }[] }
/** The PDF and what the e-mail says about the document (DocumentFiles without the rows the caller has). */
export interface Drawn {
  pdf: Uint8Array;
  summary: DocumentFiles['summary'];
  /** An accepted electronic invoice: its XML goes with it. */
  electronic: boolean;
  /** CO, accepted by the DIAN (or its sandbox): its ApplicationResponse goes with it, in the AttachedDocument. */
  accepted: boolean;
  /** DocumentFiles' stem. */
  stem: string | null;
}

async function invoiceRows(q: Queryable, cid: number, id: string): Promise<InvoiceRows> {
  const [row] = await q.query<InvoiceRow>(
    `SELECT i.country, i.document, i.xml, i.stamp_status, i.stamp_cufe, i.stamp_uuid, i.stamp_authority, i.application_response, i.customer_id,
            t.electronic_type, t.resolution,
            (SELECT json_object_agg(p.code, p.unit) FROM products p
              WHERE p.company_id = i.company_id AND p.code IN (SELECT x->>'code' FROM jsonb_array_elements(i.document->'items') x)) AS units
       FROM invoices i JOIN document_types t ON t.company_id = i.company_id AND t.id = i.document_type_id
      WHERE i.company_id = $1 AND i.id = $2 AND i.${LIVE}`, [cid, id]);
  if (!row) throw new DocumentNotFound(`Invoice ${id}`);
  const [company] = await q.query('SELECT * FROM companies WHERE company_id = $1', [cid]);
  const [customer] = await q.query('SELECT * FROM customers WHERE company_id = $1 AND id = $2', [cid, row.customer_id]);
  return { row, company, customer };
}

/** An invoice's PDF from its rows (pure; runs on a worker thread). */
export async function invoicePdf({ row, company, customer, as }: InvoiceRows): Promise<Drawn> {
  const d = row.document;
  const country = row.country;
  const co = row.country === 'CO' ? row.document : null;
  const mx = row.country === 'MX' ? row.document : null;
  const xml = row.stamp_status === 'Accepted' && row.xml ? parseXml(row.xml) : null;
  const electronic = electronicOf(row, xml);
  const currency = co?.currency?.code ?? mx?.currency?.code ?? (country === 'CO' ? 'COP' : 'MXN');
  const cfdi = country === 'MX' && xml ? xml.documentElement : null;
  const credit = (co?.payments ?? []).some((p) => p.due_date);
  const items: InvoicePdfInput['items'] = co
    ? co.items.map((i) => ({
      code: i.code, description: i.description ?? i.code, quantity: i.quantity, price: i.price,
      discount: i.discount?.value ?? null, discountPercentage: i.discount?.percentage ?? null,
      taxes: taxes(i.taxes), total: i.total, unit: unitLabel(row.units?.[i.code] ?? '94'), note: null,
    }))
    : mx!.items.map((i) => ({
      code: i.code, description: i.description ?? i.code, quantity: i.quantity, price: i.price,
      discount: i.discount_value ?? null, discountPercentage: null,
      taxes: taxes(i.taxes), total: i.total, unit: unitLabel(i.sat_unit_key),
      note: i.sat_product_key ? `Clave SAT ${i.sat_product_key}` : null,
    }));
  const input: InvoicePdfInput = {
    country,
    title: as?.title ?? (co ? (row.electronic_type === 'ElectronicInvoice' ? 'Factura electrónica de venta' : co.document?.name ?? 'Factura de venta') : 'Factura'),
    name: printedNumber(country, d), date: d.date, time: issueTime(row, xml), currency, exchangeRate: co?.currency?.exchange_rate ?? mx?.currency?.exchange_rate ?? null,
    company: companyBlock(company),
    customer: customerBlock(customer, country, mx?.use ? [`Uso CFDI: ${described(mx.use, Object.fromEntries([[mx.use, findCfdiUse(mx.use)?.description ?? '']]))}`] : []),
    items,
    subtotal: d.subtotal, discounts: mx?.discounts ?? null,
    globalDiscounts: co?.global_discounts ?? null, globalCharges: co?.global_charges ?? null,
    taxesTotal: d.taxes_total,
    retentions: taxes(co ? co.retentions : mx!.retention_details),
    // Invoices stored before withholdings_total was answered in Mexico carry only retentions_total.
    retentionsTotal: d.withholdings_total ?? mx?.retentions_total ?? null,
    total: d.total, amountPayable: co?.amount_payable ?? null,
    payments: co ? co.payments : [],
    paymentNotes: as?.paymentNotes ?? (co ? [`Forma de pago: ${credit ? 'Crédito' : 'Contado'}`]
      : mx!.payment ? [`Método de pago: ${described(mx!.payment.method, SAT_PAYMENT_METHODS)}`,
        `Forma de pago: ${described(mx!.payment.conditions?.payment_form, SAT_PAYMENT_FORMS) || mx!.payment.conditions?.name || ''}`] : null),
    observations: d.observations, electronic,
    fiscalNotes: [...(as?.fiscalNotes ?? []), ...(country === 'CO' ? coFiscalNotes(row, company, xml) : mxFiscalNotes(cfdi))],
    testNotice: testNotice(row, xml),
  };
  const label = input.title!;
  const accepted = electronic?.kind === 'DIAN';
  return {
    pdf: await renderInvoicePdf(input),
    electronic: !!electronic,
    accepted,
    stem: null,
    summary: {
      company: { name: company.legal_name, email: company.settings?.email ?? null },
      customerName: input.customer.name, label, name: input.name, date: d.date,
      total: formatMoney(d.total, country, currency), currency,
      dueDates: (co?.payments ?? []).map((p) => p.due_date).filter((due): due is string => !!due),
      reference: electronic?.kind === 'DIAN' ? `CUFE: ${electronic.cufe}` : electronic?.kind === 'SAT' ? `Folio fiscal (UUID): ${electronic.uuid}` : null,
      testNotice: input.testNotice ?? null,
      dian: accepted ? { nit: company.tax_id, number: input.name, typeCode: '01', commercialName: company.settings?.commercial_name || company.legal_name } : null,
    },
  };
}

/** The number as the tax documents write it: CO prefix and number together (SETP990000123, as cbc:ID); MX Serie and Folio (A 1). */
export function printedNumber(country: 'CO' | 'MX', d: { prefix?: string | null; number?: number | string | null; name?: string | null }): string {
  if (d.number === null || d.number === undefined || d.number === '') return d.name ?? '';
  return country === 'CO' ? `${d.prefix ?? ''}${d.number}` : [d.prefix, d.number].filter((x) => x !== null && x !== undefined && x !== '').join(' ');
}

/** The issue time: the XML's (IssueTime, the CFDI's Fecha), else the moment it was created, in the country's time. */
function issueTime(row: InvoiceRow, xml: ReturnType<typeof parseXml> | null): string | null {
  if (row.country === 'CO') {
    const written = xml ? first(xml, UBL_CBC, 'IssueTime') : '';
    if (written) return written;
    return row.document.metadata?.created ? colombianDateTime(new Date(row.document.metadata.created))[1] : null;
  }
  const fecha = xml?.documentElement?.getAttribute('Fecha');
  if (fecha) return fecha.slice(11, 19);
  const created = row.document.metadata?.created;
  return created ? new Intl.DateTimeFormat('en-GB', { timeZone: 'America/Mexico_City', hour: '2-digit', minute: '2-digit', second: '2-digit', hour12: false }).format(new Date(created)) : null;
}

/** CO: the numbering resolution with its validity, and, once sent, the software and its provider. */
function coFiscalNotes(row: InvoiceRow, company: any, xml: ReturnType<typeof parseXml> | null): string[] {
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
function mxFiscalNotes(cfdi: Element | null): string[] {
  if (!cfdi) return [];
  const a = (n: string) => cfdi.getAttribute(n) ?? '';
  return [
    `CFDI versión ${a('Version')} · Tipo de comprobante: ${described(a('TipoDeComprobante'), SAT_VOUCHER_TYPES)} · Exportación: ${described(a('Exportacion'), SAT_EXPORT_KEYS)}`,
    `Lugar de expedición: C.P. ${a('LugarExpedicion')} · Moneda: ${a('Moneda') === 'XXX' ? 'XXX (no aplica: los importes del pago están en el complemento)' : a('Moneda')} · Fecha de emisión: ${a('Fecha')}`,
  ];
}

export interface NoteRows {
  row: {
    kind: 'NC' | 'ND'; document: NoteDocument; customer_id: number; electronic_type: string | null; invoice_date: string; invoice_cufe: string | null; invoice_number: string;
    stamp_status: StampStatus; stamp_cude: string | null; stamp_authority: string | null; xml: string | null; application_response: string | null;
  };
  company: any; customer: any; units: Record<string, string> | null;
}

async function noteRows(q: Queryable, cid: number, kind: 'NC' | 'ND', id: string): Promise<NoteRows> {
  const [row] = await q.query<NoteRows['row'] & { units: Record<string, string> | null }>(
    `SELECT n.kind, n.document, n.customer_id, t.electronic_type, i.date::text AS invoice_date, i.stamp_cufe AS invoice_cufe, i.prefix || i.number AS invoice_number,
            n.stamp_status, n.stamp_cude, n.stamp_authority, n.xml, n.application_response,
            (SELECT json_object_agg(p.code, p.unit) FROM products p
              WHERE p.company_id = n.company_id AND p.code IN (SELECT x->>'code' FROM jsonb_array_elements(n.document->'items') x)) AS units
       FROM notes n JOIN document_types t ON t.company_id = n.company_id AND t.id = n.document_type_id
       JOIN invoices i ON i.company_id = n.company_id AND i.id = n.invoice_id
      WHERE n.company_id = $1 AND n.id = $2 AND n.kind = $3`, [cid, id, kind]);
  if (!row) throw new DocumentNotFound(`${kind === 'NC' ? 'Credit' : 'Debit'} note ${id}`);
  const [company] = await q.query('SELECT * FROM companies WHERE company_id = $1', [cid]);
  const [customer] = await q.query('SELECT * FROM customers WHERE company_id = $1 AND id = $2', [cid, row.customer_id]);
  const { units, ...rest } = row;
  return { row: rest, company, customer, units };
}

/** A credit or debit note's PDF from its rows (pure; runs on a worker thread): the invoice's layout, with the invoice it corrects and the concept. */
export async function notePdf({ row, company, customer, units }: NoteRows): Promise<Drawn> {
  const d = row.document;
  const credit = row.kind === 'NC';
  const label = `${credit ? 'Nota crédito' : 'Nota débito'}${row.electronic_type === 'ElectronicInvoice' ? ' electrónica' : ''}`;
  const reasons: Record<number, string> = credit ? CREDIT_REASONS : DEBIT_REASONS;
  const reference = `${credit ? 'Corrige' : 'Ajusta'} la factura ${row.invoice_number ?? d.invoice.name} del ${formatDate(row.invoice_date)}${row.invoice_cufe ? ` (CUFE ${row.invoice_cufe})` : ''}`;
  const currency = d.currency?.code ?? 'COP';
  const accepted = row.stamp_status === 'Accepted' && !!row.xml && !!row.stamp_cude;
  const sandbox = row.stamp_authority === 'sandbox' || !row.stamp_authority;
  const electronic: InvoicePdfInput['electronic'] = accepted ? {
    kind: 'DIAN', label: 'CUDE', cufe: row.stamp_cude!, qr: first(parseXml(row.xml!), DIAN_STS, 'QRCode'),
    status: sandbox ? 'Aceptada por la autoridad sandbox de pruebas' : 'Validada por la DIAN',
  } : null;
  const input: InvoicePdfInput = {
    country: 'CO', title: label, name: printedNumber('CO', d), date: d.date, time: d.metadata?.created ? colombianDateTime(new Date(d.metadata.created))[1] : null,
    currency, exchangeRate: d.currency?.exchange_rate ?? null, representation: `${credit ? 'nota crédito' : 'nota débito'} electrónica`,
    company: companyBlock(company), customer: customerBlock(customer, 'CO'),
    items: d.items.map((i) => ({
      code: i.code, description: i.description ?? i.code, quantity: i.quantity, price: i.price,
      discount: i.discount?.value ?? null, discountPercentage: i.discount?.percentage ?? null,
      taxes: taxes(i.taxes), total: i.total, unit: unitLabel(units?.[i.code] ?? '94'), note: null,
    })),
    subtotal: d.subtotal, taxesTotal: d.taxes_total, retentions: taxes(d.retentions), retentionsTotal: d.withholdings_total, total: d.total,
    payments: d.payments, paymentNotes: null, observations: d.observations, electronic,
    fiscalNotes: [reference, `Concepto DIAN ${d.reason}: ${reasons[d.reason] ?? ''}`],
    testNotice: accepted && sandbox ? 'DOCUMENTO DE PRUEBA SIN VALIDEZ FISCAL: aceptado por una autoridad sandbox de pruebas' : null,
  };
  return {
    pdf: await renderInvoicePdf(input), electronic: accepted, accepted, stem: null,
    summary: {
      company: { name: company.legal_name, email: company.settings?.email ?? null },
      customerName: input.customer.name, label, name: input.name, date: d.date,
      total: formatMoney(d.total, 'CO', currency), currency, dueDates: [],
      reference: `${reference}.${accepted ? ` CUDE: ${row.stamp_cude}` : ''}`, testNotice: input.testNotice ?? null,
      // The annex's e-mail subject names the document type: 91 a credit note, 92 a debit note.
      dian: accepted ? { nit: company.tax_id, number: input.name, typeCode: credit ? '91' : '92', commercialName: company.settings?.commercial_name || company.legal_name } : null,
    },
  };
}

/** A Mexican credit note (CFDI type E): the invoice's layout, titled as a note, with the CFDIs it relates and how it gives back. */
async function mxNoteRows(q: Queryable, cid: number, id: string): Promise<InvoiceRows> {
  const [row] = await q.query<InvoiceRow>(
    `SELECT 'MX' AS country, document, xml, stamp_status, NULL AS stamp_cufe, stamp_uuid, stamp_authority, NULL AS application_response,
            customer_id, NULL AS electronic_type, NULL AS resolution, NULL AS units
       FROM notes WHERE company_id = $1 AND id = $2 AND kind = 'NC'`, [cid, id]);
  if (!row) throw new DocumentNotFound(`Credit note ${id}`);
  const [company] = await q.query('SELECT * FROM companies WHERE company_id = $1', [cid]);
  const [customer] = await q.query('SELECT * FROM customers WHERE company_id = $1 AND id = $2', [cid, row.customer_id]);
  const d = row.document as unknown as { payment_form: string; invoices: { name: string; uuid: string; amount: number }[] };
  return {
    row, company, customer,
    as: {
      title: 'Nota de crédito',
      paymentNotes: [`Método de pago: ${described('PUE', SAT_PAYMENT_METHODS)}`, `Forma de pago: ${described(d.payment_form, SAT_PAYMENT_FORMS)}`],
      fiscalNotes: [`CFDI relacionados, tipo de relación 01 (nota de crédito de los documentos relacionados): ${
        d.invoices.map((i) => `${i.name}, UUID ${i.uuid}, ${formatMoney(i.amount, 'MX', 'MXN')}`).join('; ')}`],
    },
  };
}

export interface PaymentRows {
  row: { document: PaymentDocument; xml: string | null; stamp_status: StampStatus; stamp_uuid: string | null; stamp_authority: string | null; customer_id: number };
  company: any; customer: any;
}

async function paymentRows(q: Queryable, cid: number, id: string): Promise<PaymentRows> {
  const [row] = await q.query<PaymentRows['row']>(
    'SELECT document, xml, stamp_status, stamp_uuid, stamp_authority, customer_id FROM payments WHERE company_id = $1 AND id = $2', [cid, id]);
  if (!row) throw new DocumentNotFound(`Payment receipt ${id}`);
  const [company] = await q.query('SELECT * FROM companies WHERE company_id = $1', [cid]);
  const [customer] = await q.query('SELECT * FROM customers WHERE company_id = $1 AND id = $2', [cid, row.customer_id]);
  return { row, company, customer };
}

/**
 * A payment receipt's PDF (pure; runs on a worker thread): one line per invoice paid (installment, previous balance, amount
 * paid, balance left, its UUID), the payment's date, form and currency, the taxes paid, and the stamp. The CFDI's own
 * Total is 0 (the amounts are in the Pagos complement), and its QR says so.
 */
export async function paymentPdf({ row, company, customer }: PaymentRows): Promise<Drawn> {
  const d = row.document;
  const xml = row.stamp_status === 'Accepted' && row.xml ? parseXml(row.xml) : null;
  const electronic = electronicOf({ ...row, country: 'MX', stamp_cufe: null, application_response: null }, xml);
  if (electronic?.kind === 'SAT') {
    electronic.qr = satVerificationUrl({ uuid: electronic.uuid, rfcEmisor: company.tax_id, rfcReceptor: d.customer.rfc_id, total: 0, selloCFD: electronic.selloCFD });
  }
  const currency = d.currency.code;
  const m = (v: number, code = currency) => formatMoney(v, 'MX', code);
  const paidTaxes = [
    ...d.totals.transferred.map((t) => `IVA ${formatNumber(t.percentage, 'MX', null)} %: base ${m(t.base_value, 'MXN')}, importe ${m(t.value, 'MXN')}`),
    ...(d.totals.exempt_base_value !== undefined ? [`IVA exento: base ${m(d.totals.exempt_base_value, 'MXN')}`] : []),
    ...(['iva', 'isr', 'ieps'] as const).filter((k) => d.totals[`withholdings_${k}`]).map((k) => `Retención ${k.toUpperCase()}: ${m(d.totals[`withholdings_${k}`], 'MXN')}`),
  ];
  const input: InvoicePdfInput = {
    country: 'MX', title: 'Recibo electrónico de pago', name: printedNumber('MX', d), date: d.date,
    time: xml?.documentElement.getAttribute('Fecha')?.slice(11, 19) ?? null,
    currency, exchangeRate: currency === 'MXN' ? null : d.currency.exchange_rate, currencyLabel: 'Moneda del pago',
    company: companyBlock(company), customer: customerBlock(customer, 'MX'),
    items: d.invoices.map((i) => ({
      code: printedNumber('MX', i), description: `Parcialidad ${i.installment}: saldo anterior ${m(i.previous_balance, i.currency)}, saldo insoluto ${m(i.balance_left, i.currency)}`,
      quantity: 1, price: i.amount_paid, total: i.amount_paid, taxes: [], unit: null,
      note: `UUID ${i.uuid}${i.currency !== currency ? ` · ${i.currency}, equivalencia ${i.equivalence}` : ''}`,
    })),
    subtotal: d.amount, taxesTotal: 0, retentions: [], total: d.amount, payments: [],
    paymentNotes: [`Fecha de pago: ${new Intl.DateTimeFormat('sv-SE', { timeZone: company.time_zone || 'America/Mexico_City', dateStyle: 'short', timeStyle: 'medium' }).format(new Date(d.paid_at))}`, `Forma de pago: ${described(d.payment_form, SAT_PAYMENT_FORMS)}`,
      ...(d.operation_number ? [`Número de operación: ${d.operation_number}`] : [])],
    observations: d.observations, electronic,
    fiscalNotes: [
      `Complemento para recepción de pagos 2.0 · Monto total de los pagos: ${m(d.totals.payments_total, 'MXN')}`,
      ...(paidTaxes.length ? [`Impuestos pagados: ${paidTaxes.join('; ')}`] : []),
      ...mxFiscalNotes(xml?.documentElement ?? null),
    ],
    testNotice: testNotice({ ...row, country: 'MX' }, xml),
  };
  return {
    pdf: await renderInvoicePdf(input), electronic: !!electronic, accepted: false, stem: null,
    summary: {
      company: { name: company.legal_name, email: company.settings?.email ?? null },
      customerName: input.customer.name, label: input.title!, name: input.name, date: d.date,
      total: m(d.amount), currency, dueDates: [],
      reference: electronic?.kind === 'SAT' ? `Folio fiscal (UUID): ${electronic.uuid}` : null,
      testNotice: input.testNotice ?? null, dian: null,
    },
  };
}

const VOUCHER_TYPES: Record<string, string> = { DebtPayment: 'Abono a cartera', AdvancePayment: 'Anticipo', Detailed: 'Detallado' };

async function voucherRows(q: Queryable, cid: number, id: string): Promise<VoucherRows> {
  const [row] = await q.query<VoucherRows['row']>('SELECT document, customer_id FROM vouchers WHERE company_id = $1 AND id = $2', [cid, id]);
  if (!row) throw new DocumentNotFound(`Voucher ${id}`);
  const [company] = await q.query('SELECT * FROM companies WHERE company_id = $1', [cid]);
  const [customer] = row.customer_id ? await q.query('SELECT * FROM customers WHERE company_id = $1 AND id = $2', [cid, row.customer_id]) : [null];
  // The invoices this voucher paid, by prefix, number and installment, to print their names.
  const paid = await q.query<VoucherRows['paid'][number]>(
    `SELECT i.prefix, i.number, d.quote, i.name FROM voucher_applications a
       JOIN due_items d ON d.company_id = a.company_id AND d.id = a.due_item_id
       JOIN invoices i ON i.company_id = d.company_id AND i.id = d.invoice_id
      WHERE a.company_id = $1 AND a.voucher_id = $2`, [cid, id]);
  return { row, company, customer, paid };
}

/** A voucher's PDF from its rows (pure; runs on a worker thread). */
export async function voucherPdf({ row, company, customer, paid }: VoucherRows): Promise<Drawn> {
  const d = row.document;
  const country: 'CO' | 'MX' = company.country;
  const invoiceName = (due: { prefix: string; consecutive: number }) => paid.find((p) => p.prefix === due.prefix && Number(p.number) === Number(due.consecutive))?.name ?? `${due.prefix}${due.consecutive}`;
  const input: VoucherPdfInput = {
    country, title: 'Recibo de caja', name: d.name ?? '', date: d.date, type: VOUCHER_TYPES[d.type] ?? d.type,
    currency: d.currency?.code ?? 'COP', company: companyBlock(company), customer: customer ? customerBlock(customer, country) : null,
    items: (d.items ?? []).map((i) => ({
      description: i.description || (i.due ? `Abono a ${invoiceName(i.due)}` : ''),
      invoice: i.due ? invoiceName(i.due) : null, quote: i.due?.quote ?? null, dueDate: i.due?.date ?? null,
      account: i.account?.code ?? null, value: i.value,
    })),
    payment: d.payment, total: d.total, observations: d.observations,
  };
  return {
    pdf: await renderVoucherPdf(input),
    electronic: false,
    accepted: false,
    stem: null,
    summary: {
      company: { name: company.legal_name, email: company.settings?.email ?? null },
      customerName: input.customer?.name ?? '', label: 'Recibo de caja', name: d.name ?? '', date: d.date,
      total: formatMoney(d.total, country, input.currency), currency: input.currency!, dueDates: [], reference: null, testNotice: null, dian: null,
    },
  };
}

/** A document's PDF, XML and e-mail summary; the PDF is drawn on the pool's threads when a pool is given. */
export async function documentFiles(q: Queryable, cid: number, kind: DocKind, id: string, pool?: CpuPool): Promise<DocumentFiles> {
  let drawn: Drawn;
  let rows: InvoiceRows | VoucherRows | NoteRows | PaymentRows;
  let xml: string | null = null;
  let applicationResponse: string | null = null;
  if (kind === 'invoice') {
    const r = rows = await invoiceRows(q, cid, id);
    drawn = pool ? await pool.run('pdf.invoice', r) : await invoicePdf(r);
    if (drawn.electronic) xml = r.row.xml;
    if (drawn.accepted) applicationResponse = r.row.application_response ?? null;
  } else if (kind === 'payment') {
    const r = rows = await paymentRows(q, cid, id);
    drawn = pool ? await pool.run('pdf.payment', r) : await paymentPdf(r);
    if (drawn.electronic) xml = r.row.xml;
  } else if (kind === 'credit_note' && (await q.query('SELECT 1 FROM companies WHERE company_id = $1 AND country = $2', [cid, 'MX'])).length) {
    const r = rows = await mxNoteRows(q, cid, id);
    drawn = pool ? await pool.run('pdf.invoice', r) : await invoicePdf(r);
    if (drawn.electronic) xml = r.row.xml;
  } else if (kind === 'credit_note' || kind === 'debit_note') {
    const r = rows = await noteRows(q, cid, kind === 'credit_note' ? 'NC' : 'ND', id);
    drawn = pool ? await pool.run('pdf.note', r) : await notePdf(r);
    if (drawn.electronic) xml = r.row.xml;
    if (drawn.accepted) applicationResponse = r.row.application_response ?? null;
  } else {
    const r = rows = await voucherRows(q, cid, id);
    drawn = pool ? await pool.run('pdf.voucher', r) : await voucherPdf(r);
  }
  // The AttachedDocument and its ZIP of an accepted Colombian document: names kept with the document.
  const dianDoc = drawn.accepted && kind !== 'payment' && kind !== 'voucher' && rows.company.country === 'CO' ? (rows as InvoiceRows | NoteRows).row.document : null;
  return {
    pdf: Buffer.from(drawn.pdf.buffer, drawn.pdf.byteOffset, drawn.pdf.byteLength),
    xml,
    applicationResponse,
    stem: dianDoc ? await dianFileStem(q, rows.company, id, 'ad', dianDoc.date) : null,
    zipStem: dianDoc ? await dianFileStem(q, rows.company, `${id}/mail`, 'z', dianDoc.date) : null,
    company: rows.company,
    customer: rows.customer,
    summary: drawn.summary,
  };
}
