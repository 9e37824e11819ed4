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
import { formatMoney } from './format';
import { renderInvoicePdf, renderVoucherPdf } from './render';
import type { InvoicePdfInput, PdfCompany, PdfCustomer, PdfTax, VoucherPdfInput } from './types';

export type DocKind = 'invoice' | 'voucher';

export interface DocumentFiles {
  pdf: Buffer;
  /** The signed (CO) or stamped (MX) XML of an accepted invoice. */
  xml: string | null;
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
  };
}

export class DocumentNotFound extends Error {}

function companyBlock(c: any): PdfCompany {
  const a = c.address ?? {};
  return {
    name: c.legal_name,
    identification: c.country === 'CO' ? `${c.tax_id}-${c.check_digit}` : c.tax_id,
    address: a.address ?? null,
    city: [a.postal_code ? `C.P. ${a.postal_code}` : null, a.city?.city_code ?? a.city?.state_code ?? null].filter(Boolean).join(' · ') || null,
    email: c.settings?.email ?? null,
    phone: c.settings?.phone ?? null,
    regime: c.country === 'MX' && c.settings?.tax_regime ? `Régimen fiscal: ${c.settings.tax_regime}` : null,
  };
}

function customerBlock(c: any, country: 'CO' | 'MX', extra: string[] = []): PdfCustomer {
  const a = c?.address ?? {};
  return {
    name: (Array.isArray(c?.name) ? c.name.join(' ') : c?.name) || c?.commercial_name || '',
    identification: c ? `${c.identification}${c.check_digit ? `-${c.check_digit}` : ''}` : '',
    identificationLabel: country === 'MX' ? 'RFC' : c?.id_type === '31' || c?.person_type === 'company' ? 'NIT' : 'Identificación',
    address: a.address ?? null,
    city: a.postal_code ? `C.P. ${a.postal_code}` : null,
    emails: (c?.contacts ?? []).map((x: any) => x.email).filter(Boolean),
    phone: c?.phones?.[0]?.number ?? null,
    extra: [...(c?.tax_regime ? [`Régimen fiscal: ${c.tax_regime}`] : []), ...extra],
  };
}

const taxes = (list: any[] | undefined): PdfTax[] => (list ?? []).map((t) => ({ name: t.name ?? t.type, percentage: t.percentage, value: t.value, base_value: t.base_value }));

/** What an accepted invoice's XML tells the PDF. */
function electronicOf(row: any, company: any, customer: any): InvoicePdfInput['electronic'] {
  if (row.stamp_status !== 'Accepted' || !row.xml) return null;
  const doc = parseXml(row.xml);
  if (row.country === 'CO') {
    const qr = (doc.getElementsByTagNameNS('dian:gov:co:facturaelectronica:Structures-2-1', 'QRCode')[0]?.textContent ?? '').trim();
    const r = row.resolution ?? {};
    return {
      kind: 'DIAN', cufe: row.stamp_cufe, qr,
      resolution: r.number ? `Resolución DIAN ${r.number} del ${r.valid_from}, prefijo ${r.prefix ?? ''} del ${r.from} al ${r.to}` : null,
      status: 'Validada por la DIAN',
    };
  }
  const tfd = (satSelect('//tfd:TimbreFiscalDigital', doc as unknown as Node) as unknown as Element[])[0];
  if (!tfd) return null;
  return {
    kind: 'SAT', uuid: tfd.getAttribute('UUID') ?? row.stamp_uuid, selloCFD: tfd.getAttribute('SelloCFD') ?? '', selloSAT: tfd.getAttribute('SelloSAT') ?? '',
    noCertificado: doc.documentElement.getAttribute('NoCertificado') ?? '', noCertificadoSAT: tfd.getAttribute('NoCertificadoSAT') ?? '',
    fechaTimbrado: tfd.getAttribute('FechaTimbrado') ?? '', rfcProvCertif: tfd.getAttribute('RfcProvCertif'), cadenaOriginal: timbreChain(tfd),
  };
}

/** What a document's PDF and e-mail are made from: its stored rows. */
export interface InvoiceRows { row: any; company: any; customer: any }
export interface VoucherRows { row: any; company: any; customer: any; paid: any[] }
/** The PDF and what the e-mail says about the document (DocumentFiles without the rows the caller has). */
export interface Drawn { pdf: Uint8Array; summary: DocumentFiles['summary']; /** An accepted electronic invoice: its XML goes with it. */ electronic: boolean }

async function invoiceRows(q: Queryable, cid: number, id: string): Promise<InvoiceRows> {
  const [row] = await q.query(
    `SELECT i.country, i.document, i.xml, i.stamp_status, i.stamp_cufe, i.stamp_uuid, i.customer_id, t.electronic_type, t.resolution
       FROM invoices i JOIN document_types t ON t.company_id = i.company_id AND t.id = i.document_type_id
      WHERE i.company_id = $1 AND i.id = $2`, [cid, id]);
  if (!row) throw new DocumentNotFound(`Invoice ${id}`);
  const [company] = await q.query('SELECT * FROM companies WHERE company_id = $1', [cid]);
  const [customer] = await q.query('SELECT * FROM customers WHERE company_id = $1 AND id = $2', [cid, row.customer_id]);
  return { row, company, customer };
}

/** An invoice's PDF from its rows (pure; runs on a worker thread). */
export async function invoicePdf({ row, company, customer }: InvoiceRows): Promise<Drawn> {
  const d = row.document;
  const country: 'CO' | 'MX' = row.country;
  const electronic = electronicOf(row, company, customer);
  const currency = d.currency?.code ?? (country === 'CO' ? 'COP' : 'MXN');
  const input: InvoicePdfInput = {
    country,
    title: country === 'CO' ? (row.electronic_type === 'ElectronicInvoice' ? 'Factura electrónica de venta' : d.document?.name ?? 'Factura de venta') : 'Factura',
    name: d.name, date: d.date, currency, exchangeRate: d.currency?.exchange_rate ?? null,
    company: companyBlock(company),
    customer: customerBlock(customer, country, country === 'MX' && d.use ? [`Uso CFDI: ${d.use}`] : []),
    items: (d.items ?? []).map((i: any) => ({
      code: i.code, description: i.description ?? i.code, quantity: i.quantity, price: i.price,
      discount: i.discount?.value ?? i.discount_value ?? null, discountPercentage: i.discount?.percentage ?? null,
      taxes: taxes(i.taxes), total: i.total,
      note: country === 'MX' && i.sat_product_key ? `Clave SAT ${i.sat_product_key} / ${i.sat_unit_key ?? ''}` : null,
    })),
    subtotal: d.subtotal, discounts: d.discounts ?? null,
    globalDiscounts: d.global_discounts ?? null, globalCharges: d.global_charges ?? null,
    taxesTotal: d.taxes_total,
    retentions: taxes(country === 'CO' ? d.retentions : d.retention_details),
    retentionsTotal: d.retentions_total ?? null,
    total: d.total, amountPayable: d.amount_payable ?? null,
    payments: country === 'CO' ? d.payments : [],
    paymentNotes: country === 'MX' && d.payment ? [`Método de pago: ${d.payment.method}`, `Forma de pago: ${d.payment.conditions?.payment_form ?? ''} ${d.payment.conditions?.name ?? ''}`.trim()] : null,
    observations: d.observations, electronic,
  };
  const label = input.title!;
  return {
    pdf: await renderInvoicePdf(input),
    electronic: !!electronic,
    summary: {
      company: { name: company.legal_name, email: company.settings?.email ?? null },
      customerName: input.customer.name, label, name: d.name, date: d.date,
      total: formatMoney(d.total, country, currency), currency,
      dueDates: (d.payments ?? []).filter((p: any) => p.due_date).map((p: any) => p.due_date),
      reference: electronic?.kind === 'DIAN' ? `CUFE: ${electronic.cufe}` : electronic?.kind === 'SAT' ? `Folio fiscal (UUID): ${electronic.uuid}` : null,
    },
  };
}

const VOUCHER_TYPES: Record<string, string> = { DebtPayment: 'Abono a cartera', AdvancePayment: 'Anticipo', Detailed: 'Detallado' };

async function voucherRows(q: Queryable, cid: number, id: string): Promise<VoucherRows> {
  const [row] = await q.query('SELECT document, customer_id FROM vouchers WHERE company_id = $1 AND id = $2', [cid, id]);
  if (!row) throw new DocumentNotFound(`Voucher ${id}`);
  const [company] = await q.query('SELECT * FROM companies WHERE company_id = $1', [cid]);
  const [customer] = row.customer_id ? await q.query('SELECT * FROM customers WHERE company_id = $1 AND id = $2', [cid, row.customer_id]) : [null];
  // The invoices this voucher paid, by prefix, number and installment, to print their names.
  const paid = await q.query(
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
  const invoiceName = (due: any) => paid.find((p) => p.prefix === due.prefix && Number(p.number) === Number(due.consecutive))?.name ?? `${due.prefix}${due.consecutive}`;
  const input: VoucherPdfInput = {
    country, title: 'Recibo de caja', name: d.name, date: d.date, type: VOUCHER_TYPES[d.type] ?? d.type,
    currency: d.currency?.code ?? 'COP', company: companyBlock(company), customer: customer ? customerBlock(customer, country) : null,
    items: (d.items ?? []).map((i: any) => ({
      description: i.description || (i.due ? `Abono a ${invoiceName(i.due)}` : i.account?.name ?? ''),
      invoice: i.due ? invoiceName(i.due) : null, quote: i.due?.quote ?? null, dueDate: i.due?.date ?? null,
      account: i.account?.code ?? (typeof i.account === 'string' ? i.account : null), value: i.value,
    })),
    payment: d.payment, total: d.total, observations: d.observations,
  };
  return {
    pdf: await renderVoucherPdf(input),
    electronic: false,
    summary: {
      company: { name: company.legal_name, email: company.settings?.email ?? null },
      customerName: input.customer?.name ?? '', label: 'Recibo de caja', name: d.name, date: d.date,
      total: formatMoney(d.total, country, input.currency), currency: input.currency!, dueDates: [], reference: null,
    },
  };
}

/** A document's PDF, XML and e-mail summary; the PDF is drawn on the pool's threads when a pool is given. */
export async function documentFiles(q: Queryable, cid: number, kind: DocKind, id: string, pool?: CpuPool): Promise<DocumentFiles> {
  let drawn: Drawn;
  let rows: InvoiceRows | VoucherRows;
  if (kind === 'invoice') {
    const r = rows = await invoiceRows(q, cid, id);
    drawn = pool ? await pool.run('pdf.invoice', r) : await invoicePdf(r);
  } else {
    const r = rows = await voucherRows(q, cid, id);
    drawn = pool ? await pool.run('pdf.voucher', r) : await voucherPdf(r);
  }
  return {
    pdf: Buffer.from(drawn.pdf.buffer, drawn.pdf.byteOffset, drawn.pdf.byteLength),
    xml: drawn.electronic ? rows.row.xml : null,
    customer: rows.customer,
    summary: drawn.summary,
  };
}
