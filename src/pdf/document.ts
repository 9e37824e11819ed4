/**
 * A stored document as a customer receives it: its PDF (filled from the
 * document as the API answers it, the company, the customer and, once the tax
 * authority accepted it, what its XML holds: CUFE and QR in Colombia, the
 * TimbreFiscalDigital in Mexico) and, for an accepted electronic invoice, the
 * signed XML. Used by the /pdf endpoints and by the e-mail.
 *
 * The rows are read in rows.ts; what the PDF shows is worked out from them (with
 * the shared blocks of blocks.ts) and drawn by invoicePdf / notePdf / paymentPdf /
 * voucherPdf, which run on a worker thread when a pool is given.
 */
import type { Queryable } from '../platform/db';
import type { CpuPool } from '../workers/pool';
import { parseXml } from '../countries/mx/sat/chain';
import { colombianDateTime } from '../countries/co/dian/application-response';
import { dianFileStem } from '../countries/co/dian/file-names';
import { CREDIT_REASONS, DEBIT_REASONS } from '../notes/schema';
import { findCfdiUse } from '../companies/uses';
import { formatDate, formatMoney, formatNumber, satVerificationUrl } from './format';
import { renderInvoicePdf, renderVoucherPdf } from './render';
import { renderTicketPdf } from './ticket';
import type { InvoicePdfInput, VoucherPdfInput } from './types';
import { described, SAT_PAYMENT_FORMS, SAT_PAYMENT_METHODS } from './names';
import {
  companyBlock, coFiscalNotes, customerBlock, DIAN_STS, electronicOf, first, issueTime, mxFiscalNotes, printedNumber, settingText, taxes, testNotice, unitLabel,
} from './blocks';
import {
  invoiceRows, mxNoteRows, noteRows, paymentRows, voucherRows,
  type InvoiceRows, type NoteRows, type PaymentRows, type PdfCompanyRow, type PdfCustomerRow, type VoucherRows,
} from './rows';
import { country as countryOf, type CountryCode, served } from '../countries';

export { DocumentNotFound } from './rows';

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
  company: PdfCompanyRow;
  customer: PdfCustomerRow | null;
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

/** An invoice's PDF from its rows (pure; runs on a worker thread). */
export async function invoicePdf({ row, company, customer, as }: InvoiceRows): Promise<Drawn> {
  const d = row.document;
  const country = row.country;
  const co = row.form === 'ubl' ? row.document : null;
  const mx = row.form === 'cfdi' ? row.document : null;
  const xml = row.stamp_status === 'Accepted' && row.xml ? parseXml(row.xml) : null;
  const electronic = electronicOf(row, xml);
  const currency = co?.currency?.code ?? mx?.currency?.code ?? countryOf(country).currency;
  const cfdi = mx && xml ? xml.documentElement : null;
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
    title: as?.title ?? (co ? (row.electronic_type === 'PosEquivalentDocument' ? 'Documento equivalente electrónico tiquete POS' : row.electronic_type === 'ElectronicInvoice' ? 'Factura electrónica de venta' : co.document?.name ?? 'Factura de venta') : 'Factura'),
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
    fiscalNotes: [...(as?.fiscalNotes ?? []), ...(co ? coFiscalNotes(row, company, xml) : mxFiscalNotes(cfdi))],
    testNotice: testNotice(row, xml),
  };
  const label = input.title!;
  const accepted = electronic?.kind === 'DIAN';
  // A POS ticket prints on a receipt printer's roll, its key labelled CUDE.
  const ticket = co?.pos ?? null;
  if (ticket && electronic?.kind === 'DIAN') input.electronic = { ...electronic, label: 'CUDE' };
  return {
    pdf: ticket ? await renderTicketPdf(input, ticket) : await renderInvoicePdf(input),
    electronic: !!electronic,
    accepted,
    stem: null,
    summary: {
      company: { name: company.legal_name, email: settingText(company, 'email') },
      customerName: input.customer.name, label, name: input.name, date: d.date,
      total: formatMoney(d.total, country, currency), currency,
      dueDates: (co?.payments ?? []).map((p) => p.due_date).filter((due): due is string => !!due),
      reference: electronic?.kind === 'DIAN' ? `${ticket ? 'CUDE' : 'CUFE'}: ${electronic.cufe}` : electronic?.kind === 'SAT' ? `Folio fiscal (UUID): ${electronic.uuid}` : null,
      testNotice: input.testNotice ?? null,
      dian: accepted ? { nit: company.tax_id, number: input.name, typeCode: ticket ? '20' : '01', commercialName: settingText(company, 'commercial_name') || company.legal_name } : null,
    },
  };
}

/** A credit or debit note's PDF from its rows (pure; runs on a worker thread): the invoice's layout, with the invoice it corrects and the concept. */
export async function notePdf({ row, company, customer, units }: NoteRows): Promise<Drawn> {
  const d = row.document;
  const credit = row.kind === 'NC';
  const label = `${credit ? 'Nota crédito' : 'Nota débito'}${row.electronic_type === 'ElectronicInvoice' ? ' electrónica' : ''}`;
  const reasons: Record<number, string> = credit ? CREDIT_REASONS : DEBIT_REASONS;
  const reference = `${credit ? 'Corrige' : 'Ajusta'} la factura ${row.invoice_number ?? d.invoice.name} del ${formatDate(row.invoice_date)}${row.invoice_cufe ? ` (CUFE ${row.invoice_cufe})` : ''}`;
  const currency = d.currency?.code ?? countryOf(company.country).currency;
  const accepted = row.stamp_status === 'Accepted' && !!row.xml && !!row.stamp_cude;
  const sandbox = row.stamp_authority === 'sandbox' || !row.stamp_authority;
  const electronic: InvoicePdfInput['electronic'] = accepted ? {
    kind: 'DIAN', label: 'CUDE', cufe: row.stamp_cude!, qr: first(parseXml(row.xml!), DIAN_STS, 'QRCode'),
    status: sandbox ? 'Aceptada por la autoridad sandbox de pruebas' : 'Validada por la DIAN',
  } : null;
  const input: InvoicePdfInput = {
    country: company.country, title: label, name: printedNumber(company.country, d), date: d.date, time: d.metadata?.created ? colombianDateTime(new Date(d.metadata.created))[1] : null,
    currency, exchangeRate: d.currency?.exchange_rate ?? null, representation: `${credit ? 'nota crédito' : 'nota débito'} electrónica`,
    company: companyBlock(company), customer: customerBlock(customer, company.country),
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
      company: { name: company.legal_name, email: settingText(company, 'email') },
      customerName: input.customer.name, label, name: input.name, date: d.date,
      total: formatMoney(d.total, company.country, currency), currency, dueDates: [],
      reference: `${reference}.${accepted ? ` CUDE: ${row.stamp_cude}` : ''}`, testNotice: input.testNotice ?? null,
      // The annex's e-mail subject names the document type: 91 a credit note, 92 a debit note.
      dian: accepted ? { nit: company.tax_id, number: input.name, typeCode: credit ? '91' : '92', commercialName: settingText(company, 'commercial_name') || company.legal_name } : null,
    },
  };
}

/**
 * A payment receipt's PDF (pure; runs on a worker thread): one line per invoice paid (installment, previous balance, amount
 * paid, balance left, its UUID), the payment's date, form and currency, the taxes paid, and the stamp. The CFDI's own
 * Total is 0 (the amounts are in the Pagos complement), and its QR says so.
 */
export async function paymentPdf({ row, company, customer }: PaymentRows): Promise<Drawn> {
  const d = row.document;
  const xml = row.stamp_status === 'Accepted' && row.xml ? parseXml(row.xml) : null;
  const electronic = electronicOf({ ...row, country: company.country, stamp_cufe: null, application_response: null }, xml);
  if (electronic?.kind === 'SAT') {
    electronic.qr = satVerificationUrl({ uuid: electronic.uuid, rfcEmisor: company.tax_id, rfcReceptor: d.customer.rfc_id, total: 0, selloCFD: electronic.selloCFD });
  }
  const currency = d.currency.code;
  const m = (v: number, code = currency) => formatMoney(v, company.country, code);
  const local = countryOf(company.country).currency;
  const paidTaxes = [
    ...d.totals.transferred.map((t) => `IVA ${formatNumber(t.percentage, company.country, null)} %: base ${m(t.base_value, local)}, importe ${m(t.value, local)}`),
    ...(d.totals.exempt_base_value !== undefined ? [`IVA exento: base ${m(d.totals.exempt_base_value, 'MXN')}`] : []),
    ...(['iva', 'isr', 'ieps'] as const).filter((k) => d.totals[`withholdings_${k}`]).map((k) => `Retención ${k.toUpperCase()}: ${m(d.totals[`withholdings_${k}`], 'MXN')}`),
  ];
  const input: InvoicePdfInput = {
    country: company.country, title: 'Recibo electrónico de pago', name: printedNumber(company.country, d), date: d.date,
    time: xml?.documentElement.getAttribute('Fecha')?.slice(11, 19) ?? null,
    currency, exchangeRate: currency === 'MXN' ? null : d.currency.exchange_rate, currencyLabel: 'Moneda del pago',
    company: companyBlock(company), customer: customerBlock(customer, company.country),
    items: d.invoices.map((i) => ({
      code: printedNumber(company.country, i), description: `Parcialidad ${i.installment}: saldo anterior ${m(i.previous_balance, i.currency)}, saldo insoluto ${m(i.balance_left, i.currency)}`,
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
    testNotice: testNotice({ ...row, country: company.country }, xml),
  };
  return {
    pdf: await renderInvoicePdf(input), electronic: !!electronic, accepted: false, stem: null,
    summary: {
      company: { name: company.legal_name, email: settingText(company, 'email') },
      customerName: input.customer.name, label: input.title!, name: input.name, date: d.date,
      total: m(d.amount), currency, dueDates: [],
      reference: electronic?.kind === 'SAT' ? `Folio fiscal (UUID): ${electronic.uuid}` : null,
      testNotice: input.testNotice ?? null, dian: null,
    },
  };
}

const VOUCHER_TYPES: Record<string, string> = { DebtPayment: 'Abono a cartera', AdvancePayment: 'Anticipo', Detailed: 'Detallado' };

/** A voucher's PDF from its rows (pure; runs on a worker thread). */
export async function voucherPdf({ row, company, customer, paid }: VoucherRows): Promise<Drawn> {
  const d = row.document;
  const country: CountryCode = company.country;
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
      company: { name: company.legal_name, email: settingText(company, 'email') },
      customerName: input.customer?.name ?? '', label: 'Recibo de caja', name: d.name ?? '', date: d.date,
      total: formatMoney(d.total, country, input.currency), currency: input.currency!, dueDates: [], reference: null, testNotice: null, dian: null,
    },
  };
}

/** A document's PDF, XML and e-mail summary; the PDF is drawn on the pool's threads when a pool is given, in the company's turn. */
export async function documentFiles(q: Queryable, cid: number, kind: DocKind, id: string, pool?: CpuPool): Promise<DocumentFiles> {
  let drawn: Drawn;
  let rows: InvoiceRows | VoucherRows | NoteRows | PaymentRows;
  let xml: string | null = null;
  let applicationResponse: string | null = null;
  if (kind === 'invoice') {
    const r = rows = await invoiceRows(q, cid, id);
    drawn = pool ? await pool.run('pdf.invoice', r, { tenant: cid }) : await invoicePdf(r);
    if (drawn.electronic) xml = r.row.xml;
    if (drawn.accepted) applicationResponse = r.row.application_response ?? null;
  } else if (kind === 'payment') {
    const r = rows = await paymentRows(q, cid, id);
    drawn = pool ? await pool.run('pdf.payment', r, { tenant: cid }) : await paymentPdf(r);
    if (drawn.electronic) xml = r.row.xml;
  } else if (kind === 'credit_note' && served((await q.query<{ country: string }>('SELECT country FROM companies WHERE company_id = $1', [cid]))[0]?.country ?? '')?.documents.notes === 'cfdi') {
    const r = rows = await mxNoteRows(q, cid, id);
    drawn = pool ? await pool.run('pdf.invoice', r, { tenant: cid }) : await invoicePdf(r);
    if (drawn.electronic) xml = r.row.xml;
  } else if (kind === 'credit_note' || kind === 'debit_note') {
    const r = rows = await noteRows(q, cid, kind === 'credit_note' ? 'NC' : 'ND', id);
    drawn = pool ? await pool.run('pdf.note', r, { tenant: cid }) : await notePdf(r);
    if (drawn.electronic) xml = r.row.xml;
    if (drawn.accepted) applicationResponse = r.row.application_response ?? null;
  } else {
    const r = rows = await voucherRows(q, cid, id);
    drawn = pool ? await pool.run('pdf.voucher', r, { tenant: cid }) : await voucherPdf(r);
  }
  // The AttachedDocument and its ZIP of an accepted Colombian document: names kept with the document.
  const dianDoc = drawn.accepted && kind !== 'payment' && kind !== 'voucher' && countryOf(rows.company.country).authority?.attachedDocument ? (rows as InvoiceRows | NoteRows).row.document : null;
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
