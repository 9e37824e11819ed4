/**
 * The documents list's filter as CSV (UTF-8 with its BOM, for spreadsheets; every row of the filter, read in keyset
 * pages and streamed) and as XLSX (up to XLSX_LIMIT rows: one sheet is built in memory): the same columns as the list,
 * in the page's language, in the list's order. In the XLSX the totals and balances are number cells (#,##0.00) and
 * the dates date cells.
 */
import { Readable } from 'node:stream';
import writeXlsxFile, { type Cell, type SheetData } from 'write-excel-file/node';
import type { Db } from '../platform/db';
import type { Ctx } from './context';
import type { Lang } from './i18n';
import { csv } from './reports';
import { kindOf } from './kinds';
import { DEFAULT_SORT, eachRow, filterOf, sortedPage, sortOf, SOURCES, type ListRow } from './sort';
import { statusWords } from './list';

/** The most rows an XLSX export holds (the CSV has no limit). */
export const XLSX_LIMIT = 100_000;

const HEADERS: Record<Lang, string[]> = {
  es: ['Número', 'Fecha', 'Cliente', 'Identificación', 'Total', 'Saldo', 'Vencimiento', 'Estado'],
  en: ['Number', 'Date', 'Customer', 'Identification', 'Total', 'Balance', 'Due date', 'Status'],
};
const FILE: Record<string, string> = { invoices: 'facturas', 'credit-notes': 'notas-credito', 'debit-notes': 'notas-debito', vouchers: 'recibos-de-caja', payments: 'complementos-de-pago' };
/** The file's name: the kind and the day it was exported. */
export const exportName = (kind: string, ext: string) => `${FILE[kind] ?? 'documentos'}-${new Date().toISOString().slice(0, 10)}.${ext}`;

/** One row as the exports write it: amounts as numbers, no balance nor due date on kinds that have none. */
function exportRow(lang: Lang, kind: string, r: ListRow): (string | number | null)[] {
  const owed = SOURCES[kind].owed;
  return [r.name, r.date, r.customerName ?? '', r.identification ?? '', Number(r.total), owed && r.balance !== null ? Number(r.balance) : null, r.due, statusWords(lang, kind, r)];
}

const plan = (ctx: Ctx, q: Record<string, string | undefined>) => {
  const kind = kindOf(ctx, q.kind || 'invoices').path;
  return { kind, sort: sortOf(q) ?? DEFAULT_SORT, filter: { ...q, cursor: undefined } };
};

/** The CSV of the whole filter, streamed a keyset page at a time. */
export async function exportCsv(ctx: Ctx, db: Db, q: Record<string, string | undefined>): Promise<{ name: string; stream: Readable }> {
  const { kind, sort, filter } = plan(ctx, q);
  const f = await filterOf(ctx, db, kind, filter); // a bad filter is refused (400) before anything is sent
  // One keyset page at a time, each read when the one before has been taken by the client (Readable.from pulls).
  async function* lines() {
    yield `\ufeff${csv([HEADERS[ctx.lang]])}`;
    let cursor: string | undefined;
    for (;;) {
      const p = await sortedPage(ctx, db, kind, { ...filter, cursor }, sort, 2_000, f);
      if (p.rows.length) yield csv(p.rows.map((r) => exportRow(ctx.lang, kind, r)));
      if (!p.next) return;
      cursor = p.next;
    }
  }
  return { name: exportName(kind, 'csv'), stream: Readable.from(lines()) };
}

/** The XLSX of the filter, or how many rows it has when they are more than XLSX_LIMIT. */
export async function exportXlsx(ctx: Ctx, db: Db, q: Record<string, string | undefined>): Promise<{ name: string; file: Buffer } | { tooMany: true }> {
  const { kind, sort, filter } = plan(ctx, q);
  const data: SheetData = [HEADERS[ctx.lang].map((h) => ({ value: h, type: String, fontWeight: 'bold' as const }))];
  const money = [4, 5];
  const { more } = await eachRow(ctx, db, kind, filter, sort, XLSX_LIMIT, (rows) => {
    for (const r of rows) {
      data.push(exportRow(ctx.lang, kind, r).map((v, col): Cell => {
        if (v === null || v === '') return null;
        if (typeof v === 'number') return { value: v, type: Number, ...(money.includes(col) ? { format: '#,##0.00' } : {}) };
        if (col === 1 || col === 6) return { value: new Date(`${v}T00:00:00Z`), type: Date, format: 'dd/mm/yyyy' };
        return { value: v, type: String };
      }));
    }
  });
  if (more) return { tooMany: true };
  const sheet = ctx.lang === 'es' ? 'Documentos' : 'Documents';
  const file = await writeXlsxFile(data, { sheet, columns: [16, 12, 36, 16, 16, 16, 12, 36].map((width) => ({ width })) }).toBuffer();
  return { name: exportName(kind, 'xlsx'), file };
}
