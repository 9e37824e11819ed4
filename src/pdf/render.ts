/**
 * The printed representation of invoices (Colombia and Mexico, electronic or
 * not) and cash receipt vouchers, as PDF. Pure: plain data in (see types.ts),
 * the PDF bytes out; the same input gives the same bytes.
 */
import Decimal from 'decimal.js';
import {
  BOLD, GREY, LINE, REGULAR, type Cell, type Column, type Doc, type Line,
  collect, contentWidth, documentInstant, drawQr, drawStack, drawTable, ensure, finishPages, fitColumns, labelledBox, left, measure, newDoc, put, stackHeight,
} from './layout';
import { formatDate, formatMoney, formatNumber, formatPercent, formatQuantity, satVerificationUrl, taxLabel } from './format';
import type { Country, InvoicePdfInput, Money, PdfCompany, PdfCustomer, PdfPayment, PdfTax, SatElectronic, VoucherPdfInput } from './types';
import { amountInWords } from './words';
import { country as countryOf } from '../countries';

export * from './types';
export { formatMoney, formatNumber, formatQuantity, formatDate, satVerificationUrl, satTotal, SAT_VERIFICATION_BASE } from './format';
export { amountInWords } from './words';

const QR_SIZE = 118;

const dec = (v: Money | null | undefined) => new Decimal(v ?? 0);

/** The QR content printed on an invoice: DIAN's text as given, or the SAT verification URL. */
export function invoiceQrContent(input: InvoicePdfInput): string | null {
  const e = input.electronic;
  if (!e) return null;
  if (e.kind === 'DIAN') return e.qr;
  return e.qr ?? satVerificationUrl({ uuid: e.uuid, rfcEmisor: input.company.identification, rfcReceptor: input.customer.identification, total: input.total, selloCFD: e.selloCFD });
}

// ------------------------------------------------------------------ blocks

function companyLines(c: PdfCompany, country: Country): Line[] {
  return [
    { text: c.name, style: { font: BOLD, size: 12 }, gap: 2 },
    { text: c.regime ?? '', style: { size: 7.5, color: GREY } },
    { text: c.responsibilities?.length ? `Responsabilidades fiscales: ${c.responsibilities.join('; ')}` : '', style: { size: 7.5, color: GREY } },
    { text: `${countryOf(country).identification.label}: ${c.identification}`, style: { size: 8.5 } },
    { text: c.address ?? '', style: { size: 8 } },
    { text: c.city ?? '', style: { size: 8 } },
    { text: c.phone ? `Teléfono: ${c.phone}` : '', style: { size: 8 } },
    { text: c.email ? `Correo: ${c.email}` : '', style: { size: 8 } },
  ];
}

function customerLines(c: PdfCustomer, country: Country): Line[] {
  const label = c.identificationLabel ?? countryOf(country).identification.label;
  return [
    { text: c.name, style: { font: BOLD, size: 9.5 }, gap: 2 },
    { text: `${label}: ${c.identification}`, style: { size: 8.5 } },
    { text: c.address ?? '', style: { size: 8 } },
    { text: c.city ?? '', style: { size: 8 } },
    { text: c.phone ? `Teléfono: ${c.phone}` : '', style: { size: 8 } },
    { text: c.emails?.length ? `Correo: ${c.emails.join(', ')}` : '', style: { size: 8 } },
    ...(c.extra ?? []).map((t) => ({ text: t, style: { size: 8 } })),
  ];
}

/** Company block on the left, the document box (title, number, dates) on the right; returns the height used. */
function header(doc: Doc, company: PdfCompany, country: Country, title: string, name: string, facts: [string, string][]): number {
  const x = left(doc);
  const w = contentWidth(doc);
  const boxW = 200;
  const y = doc.y;
  // The logo, when the company has one, at the top left; the company's lines beside it.
  const logoW = company.logo ? drawLogo(doc, company.logo, x, y) : 0;
  const hc = Math.max(drawStack(doc, companyLines(company, country), x + logoW, y, w - boxW - 12 - logoW), logoW ? LOGO_H : 0);
  const lines: Line[] = [
    { text: title, style: { font: BOLD, size: 10.5, align: 'center' }, gap: 3 },
    { text: `No. ${name}`, style: { font: BOLD, size: 13, align: 'center' }, gap: 5 },
    ...facts.map(([k, v]) => ({ text: `${k}: ${v}`, style: { size: 8.5, align: 'center' as const } })),
  ];
  const hb = stackHeight(doc, lines, boxW - 12) + 12;
  doc.save().lineWidth(0.8).strokeColor('#333333').roundedRect(x + w - boxW, y, boxW, hb, 4).stroke().restore();
  drawStack(doc, lines, x + w - boxW + 6, y + 6, boxW - 12);
  const h = Math.max(hc, hb);
  doc.y = y + h + 10;
  return h;
}

const LOGO_W = 90;
const LOGO_H = 60;
/** Draws a PNG or JPEG logo fitted in LOGO_W × LOGO_H; returns the width it takes with its gap (0 when the bytes are no image). */
function drawLogo(doc: Doc, logo: Uint8Array, x: number, y: number): number {
  try {
    doc.image(Buffer.from(logo), x, y, { fit: [LOGO_W, LOGO_H] });
    return LOGO_W + 8;
  } catch {
    return 0;
  }
}

/** A test document's banner: red, bold, under the header. */
function testBanner(doc: Doc, text: string) {
  const x = left(doc);
  const w = contentWidth(doc);
  const h = measure(doc, text, w - 12, { font: BOLD, size: 10 }) + 10;
  doc.save().lineWidth(1.2).strokeColor('#B00020').rect(x, doc.y, w, h).stroke().restore();
  put(doc, text, x + 6, doc.y + 5, w - 12, { font: BOLD, size: 10, color: '#B00020', align: 'center' });
  doc.y += h + 8;
}

function paymentRows(payments: PdfPayment[], country: Country, currency?: string | null): Line[] {
  return payments.map((p) => ({
    text: `${p.name}${p.due_date ? ` · Vencimiento: ${formatDate(p.due_date)}` : ''}: ${formatMoney(p.value, country, currency)}`,
    style: { size: 8 },
  }));
}

/** Sums the line taxes per name and rate: base and amount; the taxes charged, or (`withheld`) the line withholdings. */
function taxSummary(input: InvoicePdfInput, withheld = false): { label: string; base: Decimal; value: Decimal }[] {
  const map = new Map<string, { label: string; base: Decimal; value: Decimal }>();
  for (const item of input.items) {
    for (const t of (item.taxes ?? []).filter((x) => !!x.withholding === withheld)) {
      const label = taxLabel(t.name, t.percentage, input.country);
      const e = map.get(label) ?? { label, base: new Decimal(0), value: new Decimal(0) };
      e.base = e.base.plus(dec(t.base_value));
      e.value = e.value.plus(dec(t.value));
      map.set(label, e);
    }
  }
  return [...map.values()];
}

interface TotalRow { label: string; value: string; bold?: boolean; sub?: string }

function totalsRows(input: InvoicePdfInput): TotalRow[] {
  const { country, currency } = input;
  const m = (v: Money | Decimal) => formatMoney(v instanceof Decimal ? v.toFixed(2) : v, country, currency);
  const rows: TotalRow[] = [{ label: 'Subtotal', value: m(input.subtotal) }];
  if (input.discounts !== undefined && input.discounts !== null && !dec(input.discounts).isZero()) rows.push({ label: 'Descuentos', value: `-${m(input.discounts)}` });
  for (const g of input.globalDiscounts ?? []) rows.push({ label: g.name, value: `-${m(g.value)}` });
  for (const g of input.globalCharges ?? []) rows.push({ label: g.name, value: m(g.value) });
  const taxes = taxSummary(input);
  for (const t of taxes) rows.push({ label: t.label, value: m(t.value), sub: t.base.isZero() ? undefined : `Base ${m(t.base)}` });
  rows.push({ label: 'Impuestos', value: m(input.taxesTotal), bold: true });
  const retentions: PdfTax[] = input.retentions ?? [];
  const retentionsTotal = input.retentionsTotal ?? (retentions.length ? retentions.reduce((s, r) => s.plus(dec(r.value)), new Decimal(0)).toFixed(2) : null);
  const retentionRows = (): TotalRow[] => [
    ...taxSummary(input, true).map((t) => ({ label: t.label, value: `-${m(t.value)}`, sub: t.base.isZero() ? undefined : `Base ${m(t.base)}` })),
    ...retentions.map((r) => ({
      label: taxLabel(r.name, r.percentage, country),
      value: `-${m(r.value)}`, sub: r.base_value !== null && r.base_value !== undefined ? `Base ${m(r.base_value)}` : undefined,
    })),
    ...(retentionsTotal !== null && !dec(retentionsTotal).isZero() ? [{ label: 'Retenciones', value: `-${m(retentionsTotal)}`, bold: true }] : []),
  ];
  if (countryOf(country).totals.netOfWithholdings) {
    // The CFDI total is already net of retentions.
    rows.push(...retentionRows());
    rows.push({ label: `Total${currency ? ` ${currency}` : ''}`, value: m(input.total), bold: true });
  } else {
    rows.push({ label: `Total${currency ? ` ${currency}` : ''}`, value: m(input.total), bold: true });
    rows.push(...retentionRows());
    if (input.amountPayable !== undefined && input.amountPayable !== null && !dec(input.amountPayable).eq(dec(input.total))) {
      rows.push({ label: 'Total a pagar', value: m(input.amountPayable), bold: true });
    }
  }
  return rows;
}

function totalsHeight(doc: Doc, rows: TotalRow[], width: number): number {
  return rows.reduce((h, r) => h + rowHeight(doc, r, width), 0) + 4;
}
function rowHeight(doc: Doc, r: TotalRow, width: number): number {
  return Math.max(measure(doc, r.label, width * 0.55, { size: 8.5, font: r.bold ? BOLD : undefined }), 11) + (r.sub ? measure(doc, r.sub, width * 0.55, { size: 6.5 }) : 0) + 3;
}
function drawTotals(doc: Doc, rows: TotalRow[], x: number, y: number, width: number): number {
  let yy = y;
  for (const r of rows) {
    const h = rowHeight(doc, r, width);
    if (r.bold) doc.save().rect(x, yy, width, h).fill('#F3F3F3').restore();
    const lh = put(doc, r.label, x + 4, yy + 2, width * 0.55, { size: 8.5, font: r.bold ? BOLD : undefined });
    if (r.sub) put(doc, r.sub, x + 4, yy + 2 + lh, width * 0.55, { size: 6.5, color: GREY });
    put(doc, r.value, x + width * 0.4, yy + 2, width * 0.6 - 4, { size: 8.5, font: r.bold ? BOLD : undefined, align: 'right' });
    yy += h;
  }
  doc.save().lineWidth(0.6).strokeColor(LINE).rect(x, y, width, yy - y).stroke().restore();
  return yy - y + 4;
}

function observations(doc: Doc, text: string | null | undefined) {
  if (!text || !text.trim()) return;
  const x = left(doc);
  const w = contentWidth(doc);
  const lines: Line[] = [{ text: text.trim(), style: { size: 8 } }];
  const h = labelledBox(doc, 'Observaciones', lines, x, doc.y, w, 0, false);
  if (h <= doc.page.height / 2) {
    ensure(doc, h);
    doc.y += labelledBox(doc, 'Observaciones', lines, x, doc.y, w) + 8;
    return;
  }
  // Long observations flow over pages as plain text under the heading.
  ensure(doc, 40);
  put(doc, 'Observaciones', x, doc.y, w, { font: BOLD, size: 8.5 });
  doc.font(REGULAR).fontSize(8).fillColor('#000000').text(text.trim(), x, doc.y + 2, { width: w });
  doc.y += 8;
}

function satBlock(doc: Doc, e: SatElectronic) {
  const x = left(doc);
  const w = contentWidth(doc);
  const mono = { size: 6.5 };
  const lines: Line[] = [
    { text: 'Sello digital del CFDI (SelloCFD)', style: { font: BOLD, size: 7.5 } },
    { text: e.selloCFD, style: mono, gap: 4 },
    { text: e.sandbox ? 'Sello del proveedor sandbox de pruebas (SelloSAT)' : 'Sello digital del SAT (SelloSAT)', style: { font: BOLD, size: 7.5 } },
    { text: e.selloSAT, style: mono, gap: 4 },
    ...(e.cadenaOriginal ? [
      { text: e.sandbox ? 'Cadena original del timbre de prueba del proveedor sandbox' : 'Cadena original del complemento de certificación digital del SAT', style: { font: BOLD, size: 7.5 } },
      { text: e.cadenaOriginal, style: mono, gap: 4 },
    ] : []),
    { text: 'Este documento es una representación impresa de un CFDI.', style: { size: 7.5, color: GREY } },
  ];
  const h = labelledBox(doc, 'Timbre fiscal digital', lines, x, doc.y, w, 0, false);
  ensure(doc, h);
  doc.y += labelledBox(doc, 'Timbre fiscal digital', lines, x, doc.y, w) + 8;
}

// ------------------------------------------------------------------ invoice

/** Payments boxed on the left, totals on the right, kept together on one page. */
function paymentsAndTotals(doc: Doc, x: number, w: number, payLines: Line[], totals: TotalRow[]): void {
  const totW = 230;
  const payW = w - totW - 12;
  const hPay = payLines.length ? labelledBox(doc, 'Formas de pago', payLines, x, doc.y, payW, 0, false) : 0;
  const hTot = totalsHeight(doc, totals, totW);
  ensure(doc, Math.max(hPay, hTot));
  const y = doc.y;
  if (payLines.length) labelledBox(doc, 'Formas de pago', payLines, x, y, payW);
  drawTotals(doc, totals, x + w - totW, y, totW);
  doc.y = y + Math.max(hPay, hTot) + 10;
}

/** The PDF of an invoice: Colombian (optionally DIAN-validated, with CUFE and QR) or Mexican (optionally stamped, with UUID, seals and QR). */
export async function renderInvoicePdf(input: InvoicePdfInput): Promise<Buffer> {
  const { country, currency } = input;
  const e = input.electronic ?? null;
  const title = input.title ?? (e ? 'Factura electrónica de venta' : countryOf(country).labels.invoiceTitle);
  const doc = newDoc({
    title: `${title} ${input.name}`, author: input.company.name, subject: `${title} ${input.name} · ${input.customer.name}`,
    created: documentInstant(input.date, input.time), size: input.pageSize,
  });
  const done = collect(doc);
  const x = left(doc);
  const w = contentWidth(doc);

  const dueDates = (input.payments ?? []).map((p) => p.due_date).filter((d): d is string => !!d).sort();
  const facts: [string, string][] = [['Fecha de emisión', formatDate(input.date)]];
  if (input.time) facts.push(['Hora', input.time]);
  if (dueDates.length) facts.push(['Vencimiento', formatDate(dueDates[dueDates.length - 1])]);
  if (currency) facts.push([input.currencyLabel ?? 'Moneda', input.exchangeRate && !dec(input.exchangeRate).eq(1) ? `${currency} (TRM ${formatNumber(input.exchangeRate, country, 2)})` : currency]);
  header(doc, input.company, country, title, input.name, facts);
  if (input.testNotice) testBanner(doc, input.testNotice);

  // Customer, and the QR beside it.
  const qr = invoiceQrContent(input);
  const yCustomer = doc.y;
  const custW = qr ? w - QR_SIZE - 10 : w;
  const hCustomer = labelledBox(doc, 'Cliente', customerLines(input.customer, country), x, yCustomer, custW, qr ? QR_SIZE : 0);
  if (qr) drawQr(doc, qr, x + w - QR_SIZE, yCustomer, QR_SIZE);
  doc.y = yCustomer + hCustomer + 6;
  if (e) {
    const key = e.kind === 'DIAN' ? `${e.label ?? 'CUFE'}: ${e.cufe}` : `Folio fiscal (UUID): ${e.uuid}`;
    doc.y += put(doc, key, x, doc.y, w, { font: BOLD, size: 8 }) + 2;
    const more: string[] = e.kind === 'DIAN' ? [e.resolution ?? '', e.status ?? '']
      : [`No. de serie del certificado del emisor (NoCertificado): ${e.noCertificado}`,
        `No. de serie del certificado ${e.sandbox ? 'del proveedor sandbox' : 'del SAT'} (NoCertificadoSAT): ${e.noCertificadoSAT}`,
        `Fecha y hora de certificación: ${e.fechaTimbrado}${e.rfcProvCertif ? ` · RFC del proveedor de certificación: ${e.rfcProvCertif}` : ''}`];
    for (const t of more) if (t) doc.y += put(doc, t, x, doc.y, w, { size: 7.5, color: GREY }) + 1;
    doc.y += 6;
  }

  // Lines.
  const withUnits = input.items.some((it) => it.unit);
  const columns = fitColumns([
    { header: 'Cantidad', width: 46, align: 'right' },
    ...(withUnits ? [{ header: 'Unidad', width: 52 }] : []),
    { header: 'Descripción', width: 0 },
    { header: 'Precio', width: 74, align: 'right' },
    { header: 'Descuento', width: 64, align: 'right' },
    { header: 'Impuestos', width: 98, align: 'right' },
    { header: 'Total', width: 80, align: 'right' },
  ], w, withUnits ? 2 : 1);
  const n = (v: Money) => formatNumber(v, country, 2);
  const rows: Cell[][] = input.items.map((it) => {
    const taxes = it.taxes ?? [];
    const hasDiscount = it.discount !== undefined && it.discount !== null && !dec(it.discount).isZero();
    return [
      { text: formatQuantity(it.quantity, country) },
      ...(withUnits ? [{ text: it.unit ?? '' }] : []),
      { text: it.code ? `${it.description}` : it.description, sub: [it.code ? `Código ${it.code}` : '', it.note ?? ''].filter(Boolean).join(' · ') || null },
      { text: n(it.price) },
      { text: hasDiscount ? n(it.discount!) : '-', sub: hasDiscount && it.discountPercentage ? formatPercent(it.discountPercentage, country) : null },
      { text: taxes.length ? taxes.map((t) => taxLabel(t.name, t.percentage, country)).join('\n') : '-',
        sub: taxes.length ? taxes.map((t) => n(t.value)).join(' + ') : null },
      { text: n(it.total) },
    ];
  });
  drawTable(doc, columns, rows);
  doc.y += 10;

  // Payments on the left, totals on the right.
  paymentsAndTotals(doc, x, w, [
    ...paymentRows(input.payments ?? [], country, currency),
    ...(input.paymentNotes ?? []).map((t) => ({ text: t, style: { size: 8 } })),
  ], totalsRows(input));

  // The total in words.
  const words = `Son: ${input.amountInWords ?? amountInWords(input.total, country, currency)}`;
  ensure(doc, measure(doc, words, w, { font: BOLD, size: 8 }) + 8);
  doc.y += put(doc, words, x, doc.y, w, { font: BOLD, size: 8 }) + 8;

  if (input.fiscalNotes?.length) {
    const lines: Line[] = input.fiscalNotes.map((t) => ({ text: t, style: { size: 7.5 } }));
    const h = labelledBox(doc, 'Información fiscal', lines, x, doc.y, w, 0, false);
    ensure(doc, h);
    doc.y += labelledBox(doc, 'Información fiscal', lines, x, doc.y, w) + 8;
  }

  observations(doc, input.observations);
  if (e?.kind === 'SAT') satBlock(doc, e);

  const footnote = [
    input.testNotice ?? '',
    e?.kind === 'DIAN' ? `Representación gráfica de la ${input.representation ?? 'factura electrónica de venta'}.` : e?.kind === 'SAT' ? 'Este documento es una representación impresa de un CFDI.' : '',
  ].filter(Boolean).join(' · ');
  finishPages(doc, `${title} No. ${input.name} · ${input.customer.name} (continuación)`, footnote);
  doc.end();
  return done;
}

// ------------------------------------------------------------------ voucher

const VOUCHER_TYPES: Record<string, string> = {
  DebtPayment: 'Abono a facturas',
  AdvancePayment: 'Anticipo',
  Detailed: 'Detallado',
};

/** The PDF of a cash receipt voucher: what it pays (invoice installments, an advance or account entries), how it was paid and the total. */
export async function renderVoucherPdf(input: VoucherPdfInput): Promise<Buffer> {
  const country = input.country;
  const { currency } = input;
  const title = input.title ?? 'Recibo de caja';
  const doc = newDoc({
    title: `${title} ${input.name}`, author: input.company.name, subject: `${title} ${input.name}${input.customer ? ` · ${input.customer.name}` : ''}`,
    created: documentInstant(input.date), size: input.pageSize,
  });
  const done = collect(doc);
  const x = left(doc);
  const w = contentWidth(doc);

  const facts: [string, string][] = [['Fecha', formatDate(input.date)]];
  if (input.type) facts.push(['Tipo', VOUCHER_TYPES[input.type] ?? input.type]);
  if (currency) facts.push(['Moneda', currency]);
  header(doc, input.company, country, title, input.name, facts);

  if (input.customer) {
    doc.y += labelledBox(doc, 'Cliente', customerLines(input.customer, country), x, doc.y, w) + 10;
  }

  const withAccount = input.items.some((i) => i.account);
  const withInvoice = input.items.some((i) => i.invoice || i.dueDate || (i.quote !== null && i.quote !== undefined));
  const cols: Column[] = [];
  if (withAccount) cols.push({ header: 'Cuenta', width: 62 });
  cols.push({ header: 'Concepto', width: 0 });
  if (withInvoice) cols.push({ header: 'Factura', width: 80 }, { header: 'Cuota', width: 40, align: 'right' }, { header: 'Vencimiento', width: 66, align: 'center' });
  cols.push({ header: 'Valor', width: 90, align: 'right' });
  const columns = fitColumns(cols, w, withAccount ? 1 : 0);
  const rows: Cell[][] = input.items.map((i) => {
    const r: Cell[] = [];
    if (withAccount) r.push({ text: i.account ?? '' });
    r.push({ text: i.description || (i.invoice ? `Abono a la factura ${i.invoice}` : '') });
    if (withInvoice) r.push({ text: i.invoice ?? '' }, { text: i.quote === null || i.quote === undefined ? '' : String(i.quote) }, { text: formatDate(i.dueDate) });
    r.push({ text: formatNumber(i.value, country, 2) });
    return r;
  });
  if (rows.length) { drawTable(doc, columns, rows); doc.y += 10; }

  paymentsAndTotals(doc, x, w, input.payment ? paymentRows([input.payment], country, currency) : [],
    [{ label: `Total${currency ? ` ${currency}` : ''}`, value: formatMoney(input.total, country, currency), bold: true }]);

  observations(doc, input.observations);

  // Signatures.
  ensure(doc, 50);
  const ys = doc.y + 30;
  const sw = (w - 40) / 2;
  for (const [i, label] of ['Elaborado por', 'Recibí conforme'].entries()) {
    const sx = x + i * (sw + 40);
    doc.save().lineWidth(0.6).strokeColor('#333333').moveTo(sx, ys).lineTo(sx + sw, ys).stroke().restore();
    put(doc, label, sx, ys + 3, sw, { size: 8, align: 'center' });
  }
  doc.y = ys + 16;

  finishPages(doc, `${title} No. ${input.name} (continuación)`, '');
  doc.end();
  return done;
}
