/**
 * The printed POS ticket (Colombia's documento equivalente electrónico): one page as wide as a receipt printer's
 * 80 mm roll and as long as its content, so a POS prints it as it prints any ticket. It carries what the
 * printed representation of the equivalent document needs: the issuer, the title and number, the date and time,
 * the point of sale (cash register, location, cashier, sale code), the buyer, each line, the taxes by rate, the
 * total and the payments, the CUDE with its QR, the numbering resolution and the software. Pure, as render.ts.
 */
import Decimal from 'decimal.js';
import { BOLD, GREY, documentInstant } from './layout';
import { rollPdf, type Row } from './roll';
import { formatDate, formatMoney, formatQuantity, taxLabel } from './format';
import { invoiceQrContent } from './render';
import type { InvoicePdfInput, Money, PdfTax } from './types';

function rows(input: InvoicePdfInput, pos: TicketPoint | null): Row[] {
  const { country, currency } = input;
  const money = (v: Money) => formatMoney(v, country, currency ?? 'COP');
  const small = { size: 7 }, bold = { font: BOLD, size: 8 };
  const out: Row[] = [
    { left: input.company.name, style: { font: BOLD, size: 9.5, align: 'center' } },
    { left: `NIT ${input.company.identification}`, style: { size: 7.5, align: 'center' } },
    { left: [input.company.address, input.company.city].filter(Boolean).join(', '), style: { size: 7, align: 'center' } },
    { left: input.company.regime ?? '', style: { size: 7, align: 'center', color: GREY }, gap: 5 },
    { left: input.title ?? '', style: { font: BOLD, size: 8, align: 'center' } },
    { left: `No. ${input.name}`, style: { font: BOLD, size: 10, align: 'center' } },
    { left: `${formatDate(input.date)}${input.time ? ` ${input.time}` : ''}`, style: { size: 7.5, align: 'center' }, gap: 5 },
  ];
  if (pos) {
    out.push({ left: `Caja ${pos.cash_register.plate} (${pos.cash_register.type})`, style: small }, { left: pos.location, style: small },
      { left: `Cajero: ${pos.cashier}`, style: small }, { left: `Venta: ${pos.sale_code}`, style: small, gap: 5 });
  }
  const label = input.customer.identificationLabel ?? 'NIT';
  out.push({ left: `Cliente: ${input.customer.name}`, style: small }, { left: `${label}: ${input.customer.identification}`, style: small, gap: 5 });
  const taxesOf = (i: InvoicePdfInput['items'][number]) => (i.taxes ?? []).filter((t): t is PdfTax => !!t && !t.withholding);
  for (const i of input.items) {
    // The line before its taxes, which the rows under the subtotal add.
    const base = (i.taxes ?? []).reduce((b, t) => (!t ? b : t.withholding ? b.plus(t.value) : b.minus(t.value)), new Decimal(i.total));
    out.push({ left: `${formatQuantity(i.quantity, country)} × ${i.description}`, right: money(base.toFixed(2)), style: { size: 7.5 } });
    if (taxesOf(i).length) out.push({ left: `   ${taxesOf(i).map((t) => taxLabel(t.name, t.percentage, country)).join(', ')}`, style: { size: 6.5, color: GREY } });
  }
  out.push({ left: 'Subtotal', right: money(input.subtotal), style: bold });
  for (const t of byRate(input.items.flatMap(taxesOf))) out.push({ left: taxLabel(t.name, t.percentage, country), right: money(t.value), style: { size: 7.5 } });
  out.push({ left: 'TOTAL', right: money(input.total), style: { font: BOLD, size: 10 }, gap: 4 });
  for (const p of input.payments ?? []) out.push({ left: p.name, right: money(p.value), style: { size: 7.5 } });
  return out;
}

/** The taxes of the lines, one per name and rate. */
function byRate(list: PdfTax[]): PdfTax[] {
  const seen = new Map<string, PdfTax>();
  for (const t of list) {
    const k = `${t.name}|${t.percentage ?? ''}`;
    const had = seen.get(k);
    seen.set(k, had ? { ...had, value: new Decimal(had.value).plus(t.value).toString() } : { ...t });
  }
  return [...seen.values()];
}

/** The fiscal lines under the QR: the key, the resolution, the status, the fiscal notes. */
function footer(input: InvoicePdfInput): Row[] {
  const e = input.electronic?.kind === 'DIAN' ? input.electronic : null;
  const small = { size: 6.5, align: 'center' as const };
  return [
    ...(e ? [{ left: `${e.label ?? 'CUDE'}: ${e.cufe}`, style: { ...small, font: BOLD } }, { left: e.resolution ?? '', style: small }, { left: e.status ?? '', style: small }] : []),
    ...(input.fiscalNotes ?? []).map((n) => ({ left: n, style: { ...small, color: GREY } })),
    { left: input.testNotice ?? '', style: { ...small, font: BOLD } },
  ];
}

/** The point of sale a ticket's document keeps. */
export interface TicketPoint { cash_register: { plate: string; type: string }; location: string; cashier: string; sale_code: string }

/** The ticket's PDF on an 80 mm roll. */
export function renderTicketPdf(input: InvoicePdfInput, pos: TicketPoint | null): Promise<Buffer> {
  const title = `${input.title ?? 'Tiquete'} ${input.name}`;
  return rollPdf({ title, author: input.company.name, created: documentInstant(input.date, input.time), body: rows(input, pos), qr: invoiceQrContent(input) || null, foot: footer(input) });
}
