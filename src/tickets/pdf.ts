/**
 * The printed Mexican ticket (issue 51): one page as wide as a receipt printer's 80 mm roll and as long as its
 * content, with the shop (name, RFC, place of issue), the folio, date and branch, each line, the taxes, the total and
 * the form of payment, and what the customer needs to invoice it alone: the self-invoicing page's address, the
 * ticket's key, a QR of the address and the last day to do it. The key is not kept by the service (only its hash),
 * so the PDF is asked with it: POST /mx/v1/tickets/{id}/pdf {key}. Not a CFDI, and it says so.
 */
import Decimal from 'decimal.js';
import { BOLD, GREY } from '../pdf/layout';
import { rollPdf, type Row } from '../pdf/roll';
import { formatDate, formatMoney, formatQuantity } from '../pdf/format';
import type { TicketDocument } from './schema';
import { mexico } from '../countries';

/** c_FormaPago names a ticket may be paid with. */
const FORMS: Record<string, string> = {
  '01': 'Efectivo', '02': 'Cheque nominativo', '03': 'Transferencia electrónica', '04': 'Tarjeta de crédito', '05': 'Monedero electrónico',
  '06': 'Dinero electrónico', '08': 'Vales de despensa', '12': 'Dación en pago', '13': 'Pago por subrogación', '14': 'Pago por consignación',
  '15': 'Condonación', '23': 'Novación', '24': 'Confusión', '25': 'Remisión de deuda', '26': 'Prescripción o caducidad',
  '27': 'A satisfacción del acreedor', '28': 'Tarjeta de débito', '29': 'Tarjeta de servicios', '31': 'Intermediario pagos',
};

export interface TicketPdfInput {
  ticket: TicketDocument;
  key: string;
  company: { legal_name: string; tax_id: string; postal_code: string };
}

function rows({ ticket: t, company }: TicketPdfInput): Row[] {
  const money = (v: number) => formatMoney(new Decimal(v).toFixed(2), mexico.code, mexico.currency);
  const small = { size: 7 }, center = (size: number, font?: string) => ({ size, align: 'center' as const, ...(font ? { font } : {}) });
  const out: Row[] = [
    { left: company.legal_name, style: center(9.5, BOLD) },
    { left: `RFC ${company.tax_id}`, style: center(7.5) },
    { left: `Lugar de expedición ${company.postal_code}`, style: center(7), gap: 5 },
    { left: 'TICKET DE VENTA', style: center(8, BOLD) },
    { left: `Folio ${t.folio}`, style: center(10, BOLD) },
    { left: `${formatDate(t.date)}${t.branch ? ` · ${t.branch}` : ''}`, style: center(7.5), gap: 5 },
  ];
  for (const i of t.items) {
    out.push({ left: `${formatQuantity(String(i.quantity), mexico.code)} × ${i.description}`, right: money(i.subtotal), style: { size: 7.5 } });
    if (i.discount_value) out.push({ left: '   Descuento', right: `-${money(i.discount_value)}`, style: { size: 6.5, color: GREY } });
  }
  out.push({ left: 'Subtotal', right: money(new Decimal(t.subtotal).minus(t.discounts).toNumber()), style: { font: BOLD, size: 8 } });
  for (const x of t.taxes) out.push({ left: `${x.type} ${x.percentage} %`, right: money(x.value), style: { size: 7.5 } });
  out.push({ left: 'TOTAL', right: money(t.total), style: { font: BOLD, size: 10 }, gap: 4 });
  out.push({ left: `Forma de pago: ${t.payment_form} ${FORMS[t.payment_form] ?? ''}`.trim(), style: small, gap: 6 });
  out.push({ left: 'Factura este ticket en:', style: center(7.5, BOLD) }, { left: t.self_invoice.url, style: center(6.5) });
  return out;
}

function footer({ ticket: t, key }: TicketPdfInput): Row[] {
  return [
    { left: `Clave: ${key}`, style: { size: 9, font: BOLD, align: 'center' } },
    { left: `Puedes facturarlo hasta el ${formatDate(t.self_invoice.until)}; después se incluye en la factura global.`, style: { size: 6.5, align: 'center' } },
    { left: 'Este ticket no es un comprobante fiscal (CFDI).', style: { size: 6.5, align: 'center', color: GREY } },
  ];
}

/** The ticket's PDF on an 80 mm roll, the QR of its self-invoicing address between the sale and the key. */
export function ticketPdf(input: TicketPdfInput): Promise<Buffer> {
  return rollPdf({ title: `Ticket ${input.ticket.folio}`, author: input.company.legal_name, created: new Date(input.ticket.metadata.created),
    body: rows(input), qr: input.ticket.self_invoice.url, foot: footer(input) });
}
