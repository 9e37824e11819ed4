/**
 * The printed Mexican ticket (issue 51): one page as wide as a receipt printer's 80 mm roll and as long as its
 * content, with the shop (name, RFC, place of issue), the folio, date and branch, each line, the taxes, the total and
 * the form of payment, and what the customer needs to invoice it alone: the self-invoicing page's address, the
 * ticket's key, a QR of the address and the last day to do it. The key is not kept by the service (only its hash),
 * so the PDF is asked with it: POST /mx/v1/tickets/{id}/pdf {key}. Not a CFDI, and it says so.
 */
import Decimal from 'decimal.js';
import { BOLD, GREY, collect, drawQr, measure, newDoc, put, type Doc, type TextStyle } from '../pdf/layout';
import { formatDate, formatMoney, formatQuantity } from '../pdf/format';
import type { TicketDocument } from './schema';

/** 80 mm in points. */
const ROLL_WIDTH = 226.77;
const MARGIN = 10;
const QR = 110;
const AMOUNT_W = 62;

/** c_FormaPago names a ticket may be paid with. */
const FORMS: Record<string, string> = {
  '01': 'Efectivo', '02': 'Cheque nominativo', '03': 'Transferencia electrónica', '04': 'Tarjeta de crédito', '05': 'Monedero electrónico',
  '06': 'Dinero electrónico', '08': 'Vales de despensa', '12': 'Dación en pago', '13': 'Pago por subrogación', '14': 'Pago por consignación',
  '15': 'Condonación', '23': 'Novación', '24': 'Confusión', '25': 'Remisión de deuda', '26': 'Prescripción o caducidad',
  '27': 'A satisfacción del acreedor', '28': 'Tarjeta de débito', '29': 'Tarjeta de servicios', '31': 'Intermediario pagos',
};

interface Row { left: string; right?: string; style?: TextStyle; gap?: number }

export interface TicketPdfInput {
  ticket: TicketDocument;
  key: string;
  company: { legal_name: string; tax_id: string; postal_code: string };
}

function rows({ ticket: t, company }: TicketPdfInput): Row[] {
  const money = (v: number) => formatMoney(new Decimal(v).toFixed(2), 'MX', 'MXN');
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
    out.push({ left: `${formatQuantity(String(i.quantity), 'MX')} × ${i.description}`, right: money(i.subtotal), style: { size: 7.5 } });
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

/** Measures (`draw` false) or draws the rows from `y`; returns the height. */
function place(doc: Doc, list: Row[], y: number, draw: boolean): number {
  const w = ROLL_WIDTH - 2 * MARGIN;
  let yy = y;
  for (const r of list) {
    const leftW = r.right ? w - AMOUNT_W : w;
    const h = Math.max(measure(doc, r.left, leftW, r.style), r.right ? measure(doc, r.right, AMOUNT_W, r.style) : 0);
    if (draw) {
      put(doc, r.left, MARGIN, yy, leftW, r.style);
      if (r.right) put(doc, r.right, MARGIN + leftW, yy, AMOUNT_W, { ...r.style, align: 'right' });
    }
    yy += h + (r.gap ?? 1.5);
  }
  return yy - y;
}

/** The ticket's PDF: measured on a scratch page, then drawn on a page of exactly its length. */
export async function ticketPdf(input: TicketPdfInput): Promise<Buffer> {
  const body = rows(input), foot = footer(input);
  const meta = (height: number) => ({
    title: `Ticket ${input.ticket.folio}`, author: input.company.legal_name, subject: `Ticket ${input.ticket.folio}`,
    created: new Date(input.ticket.metadata.created), page: { width: ROLL_WIDTH, height, margin: MARGIN },
  });
  const scratch = newDoc(meta(3000));
  const height = MARGIN + place(scratch, body, 0, false) + QR + 8 + place(scratch, foot, 0, false) + MARGIN;
  scratch.end();
  const doc = newDoc(meta(Math.ceil(height)));
  const done = collect(doc);
  let y = MARGIN + place(doc, body, MARGIN, true);
  drawQr(doc, input.ticket.self_invoice.url, (ROLL_WIDTH - QR) / 2, y + 4, QR);
  y += QR + 8;
  place(doc, foot, y, true);
  doc.end();
  return done;
}
