/**
 * A customer's statement as a PDF (issue 52, point 4): the company and the customer, the period, and per currency its
 * opening balance, the movements with their running balance, the totals, the aging at the period's end and the
 * closing balance (src/reports/statement.ts computes them). Pure: the same statement gives the same bytes.
 */
import { BOLD, GREY, collect, contentWidth, documentInstant, drawStack, drawTable, ensure, finishPages, fitColumns, left, newDoc, put, type Column } from './layout';
import { formatDate, formatMoney } from './format';
import type { Country } from './types';
import { country as countryOf } from '../countries';

export interface StatementPdfInput {
  country: Country;
  company: { name: string; identification: string };
  customer: { name: string; identification: string };
  date_start: string; date_end: string;
  currencies: {
    currency: string; opening_balance: number; debits: number; credits: number; closing_balance: number;
    movements: { date: string; description: string; due_date: string; debit: number; credit: number; balance: number }[];
    aging: Record<string, number>;
  }[];
}

const AGES: [string, string][] = [['current', 'Por vencer'], ['days_1_30', '1 a 30 días'], ['days_31_60', '31 a 60 días'], ['days_61_90', '61 a 90 días'], ['days_over_90', 'Más de 90 días']];

export async function renderStatementPdf(input: StatementPdfInput): Promise<Buffer> {
  const title = `Estado de cuenta de ${input.customer.name}`;
  const doc = newDoc({ title, author: input.company.name, subject: `${title}, ${input.date_start} a ${input.date_end}`, created: documentInstant(input.date_end) });
  const done = collect(doc);
  const x = left(doc), w = contentWidth(doc);
  const id = countryOf(input.country).identification.label;
  doc.y += drawStack(doc, [
    { text: input.company.name, style: { font: BOLD, size: 12 } }, { text: `${id}: ${input.company.identification}`, style: { size: 8.5 }, gap: 8 },
    { text: 'Estado de cuenta', style: { font: BOLD, size: 14 } },
    { text: `${input.customer.name} · ${id}: ${input.customer.identification}`, style: { size: 9.5 } },
    { text: `Del ${formatDate(input.date_start)} al ${formatDate(input.date_end)}`, style: { size: 9.5 }, gap: 10 },
  ], x, doc.y, w);
  const columns: Column[] = fitColumns([
    { header: 'Fecha', width: 58 }, { header: 'Documento', width: 0 }, { header: 'Vence', width: 58 },
    { header: 'Cargos', width: 78, align: 'right' }, { header: 'Abonos', width: 78, align: 'right' }, { header: 'Saldo', width: 84, align: 'right' },
  ], w, 1);
  if (!input.currencies.length) put(doc, 'El cliente no tiene movimientos de cartera.', x, doc.y, w, { size: 9.5 });
  for (const c of input.currencies) {
    const money = (v: number) => formatMoney(v, input.country, c.currency);
    ensure(doc, 60);
    doc.y += put(doc, `Moneda ${c.currency} · Saldo anterior: ${money(c.opening_balance)}`, x, doc.y, w, { font: BOLD, size: 9.5 }) + 4;
    drawTable(doc, columns, [
      ...c.movements.map((m) => [{ text: formatDate(m.date) }, { text: m.description }, { text: formatDate(m.due_date) },
        { text: m.debit ? money(m.debit) : '' }, { text: m.credit ? money(m.credit) : '' }, { text: money(m.balance) }]),
      [{ text: '' }, { text: 'Totales del periodo', bold: true }, { text: '' }, { text: money(c.debits), bold: true }, { text: money(c.credits), bold: true }, { text: money(c.closing_balance), bold: true }],
    ]);
    doc.y += 8;
    ensure(doc, 40);
    doc.y += put(doc, `Saldo al ${formatDate(input.date_end)}: ${money(c.closing_balance)}`, x, doc.y, w, { font: BOLD, size: 10.5 }) + 3;
    doc.y += put(doc, AGES.map(([k, label]) => `${label}: ${money(c.aging[k] ?? 0)}`).join(' · '), x, doc.y, w, { size: 8.5, color: GREY }) + 14;
  }
  finishPages(doc, title, `Estado de cuenta generado por facturas-api el ${formatDate(input.date_end)}`);
  doc.end();
  return done;
}
