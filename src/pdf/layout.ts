/**
 * Drawing helpers over pdfkit shared by the invoice and voucher PDFs: the
 * document with embedded DejaVu fonts, text boxes measured before they are
 * drawn, a table that continues on the next page with its header repeated,
 * the QR drawn as vectors, and the running header and page numbers.
 */
import fs from 'node:fs';
import path from 'node:path';
import PDFDocument from 'pdfkit';
import QRCode from 'qrcode';
import type { Country, PdfPageSize } from './types';

export type Doc = PDFKit.PDFDocument;

/** DejaVu Sans Condensed (TrueType, from the dejavu-fonts-ttf package): embedded as a subset, with every Spanish letter. */
const FONT_DIR = path.dirname(require.resolve('dejavu-fonts-ttf/ttf/DejaVuSansCondensed.ttf'));
export const REGULAR = 'R';
export const BOLD = 'B';
const FONT_FILES: Record<string, string> = { [REGULAR]: 'DejaVuSansCondensed.ttf', [BOLD]: 'DejaVuSansCondensed-Bold.ttf' };

/**
 * pdfkit parses a registered font file (fontkit) for every document. The
 * parsed font is read-only and reusable: it is kept per thread, and each new
 * document gets its own pdfkit font object (its own subset) around it.
 */
interface ParsedFont { Embedded: new (doc: Doc, font: unknown, id: string) => unknown; font: unknown }

/**
 * The parts of pdfkit's document this module reads and writes that @types/pdfkit does not declare (its fonts, and
 * the options that give the margins of the pages to come): declared here, by declaration merging, instead of a cast.
 */
declare global {
  // eslint-disable-next-line @typescript-eslint/no-namespace -- @types/pdfkit declares the document in this namespace
  namespace PDFKit {
    interface PDFDocument {
      _font: { constructor: ParsedFont['Embedded']; font: unknown };
      _fontFamilies: Record<string, unknown>;
      _fontCount: number;
      options: PDFDocumentOptions;
    }
  }
}

const parsedFonts = new Map<string, ParsedFont>();
function useFonts(doc: Doc): void {
  for (const [name, file] of Object.entries(FONT_FILES)) {
    const parsed = parsedFonts.get(name);
    if (parsed) {
      doc._fontFamilies[name] = new parsed.Embedded(doc, parsed.font, `F${++doc._fontCount}`);
    } else {
      doc.registerFont(name, fs.readFileSync(path.join(FONT_DIR, file)));
      doc.font(name);
      parsedFonts.set(name, { Embedded: doc._font.constructor, font: doc._font.font });
    }
  }
}

export const MARGIN = 36;
/** Top margin of the pages after the first, which carry a running header. */
const CONTINUATION_TOP = 62;
const BOTTOM = 46;
export const GREY = '#555555';
export const LINE = '#BBBBBB';
export const FILL = '#EEEEEE';

/** The document date as the PDF's CreationDate, so the same document gives the same bytes. */
export function documentInstant(date: string, time?: string | null): Date {
  const day = /^\d{4}-\d{2}-\d{2}/.exec(date)?.[0];
  if (!day) return new Date(Date.UTC(2000, 0, 1));
  const withTime = time && /^\d{2}:\d{2}(:\d{2})?/.test(time) ? new Date(`${day}T${time}`) : null;
  return withTime && !Number.isNaN(withTime.getTime()) ? withTime : new Date(`${day}T12:00:00Z`);
}

export interface DocMeta { title: string; author: string; subject: string; created: Date; size?: PdfPageSize;
  /** A page of its own size and margin (a receipt printer's roll: ./ticket.ts), in points. */
  page?: { width: number; height: number; margin: number } }

export function newDoc(meta: DocMeta): Doc {
  const m = meta.page?.margin;
  const doc = new PDFDocument({
    size: meta.page ? [meta.page.width, meta.page.height] : meta.size === 'LETTER' ? 'LETTER' : 'A4',
    margins: m !== undefined ? { top: m, bottom: m, left: m, right: m } : { top: MARGIN, bottom: BOTTOM, left: MARGIN, right: MARGIN },
    bufferPages: true,
    font: undefined,
    lang: 'es',
    displayTitle: true,
    info: { Title: meta.title, Author: meta.author, Subject: meta.subject, Creator: 'facturas-api', Producer: 'facturas-api', CreationDate: meta.created, ModDate: meta.created },
  });
  useFonts(doc);
  doc.font(REGULAR);
  // Pages after the first leave room for the running header drawn at the end (a roll has one page).
  if (m === undefined) doc.options.margins = { top: CONTINUATION_TOP, bottom: BOTTOM, left: MARGIN, right: MARGIN };
  return doc;
}

/** Collects the PDF bytes; call before drawing, resolve after doc.end(). */
export function collect(doc: Doc): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
}

export const left = (doc: Doc) => doc.page.margins.left;
export const contentWidth = (doc: Doc) => doc.page.width - doc.page.margins.left - doc.page.margins.right;
export const bottom = (doc: Doc) => doc.page.height - doc.page.margins.bottom;

export interface TextStyle { font?: string; size?: number; color?: string; align?: 'left' | 'right' | 'center' | 'justify'; lineGap?: number }

function apply(doc: Doc, s: TextStyle) {
  doc.font(s.font ?? REGULAR).fontSize(s.size ?? 8.5).fillColor(s.color ?? '#000000');
}

/** Height `text` takes in a box `width` wide. */
export function measure(doc: Doc, text: string, width: number, s: TextStyle = {}): number {
  if (!text) return 0;
  apply(doc, s);
  return doc.heightOfString(text, { width, lineGap: s.lineGap ?? 0 });
}

/** Draws `text` at (x, y) in a box `width` wide; returns its height. */
export function put(doc: Doc, text: string, x: number, y: number, width: number, s: TextStyle = {}): number {
  if (!text) return 0;
  apply(doc, s);
  const h = doc.heightOfString(text, { width, lineGap: s.lineGap ?? 0 });
  doc.text(text, x, y, { width, align: s.align ?? 'left', lineGap: s.lineGap ?? 0, lineBreak: true });
  return h;
}

/** A stack of text lines, measured or drawn. */
export interface Line { text: string; style?: TextStyle; gap?: number }
export function stackHeight(doc: Doc, lines: Line[], width: number): number {
  return lines.reduce((h, l) => h + (l.text ? measure(doc, l.text, width, l.style) + (l.gap ?? 1) : 0), 0);
}
export function drawStack(doc: Doc, lines: Line[], x: number, y: number, width: number): number {
  let yy = y;
  for (const l of lines) if (l.text) yy += put(doc, l.text, x, yy, width, l.style) + (l.gap ?? 1);
  return yy - y;
}

/** A new page when `height` more points do not fit; true when one was added. */
export function ensure(doc: Doc, height: number): boolean {
  if (doc.y + height <= bottom(doc)) return false;
  doc.addPage();
  doc.y = doc.page.margins.top;
  return true;
}

/** A titled box: label on a grey band, the lines below. Returns its height. */
export function labelledBox(doc: Doc, label: string, lines: Line[], x: number, y: number, width: number, minHeight = 0, draw = true): number {
  const pad = 5;
  const band = measure(doc, label, width - 2 * pad, { font: BOLD, size: 8 }) + 4;
  const h = Math.max(band + stackHeight(doc, lines, width - 2 * pad) + 2 * pad, minHeight);
  if (!draw) return h;
  doc.save().rect(x, y, width, band).fill(FILL).restore();
  put(doc, label, x + pad, y + 2, width - 2 * pad, { font: BOLD, size: 8 });
  drawStack(doc, lines, x + pad, y + band + pad, width - 2 * pad);
  doc.save().lineWidth(0.6).strokeColor(LINE).rect(x, y, width, h).stroke().restore();
  return h;
}

// ------------------------------------------------------------------ table

export interface Column { header: string; width: number; align?: 'left' | 'right' | 'center' }
/** A cell: its main text and an optional smaller grey text under it. */
export interface Cell { text: string; sub?: string | null; bold?: boolean }

const CELL_PAD = 3;
const TABLE_SIZE = 8;
const SUB_SIZE = 6.5;

/** Column widths scaled so the flexible column (`flex` index) fills `width`. */
export function fitColumns(columns: Column[], width: number, flex: number): Column[] {
  const fixed = columns.reduce((s, c, i) => (i === flex ? s : s + c.width), 0);
  return columns.map((c, i) => (i === flex ? { ...c, width: Math.max(60, width - fixed) } : c));
}

function cellHeight(doc: Doc, cell: Cell, width: number): number {
  const w = width - 2 * CELL_PAD;
  return measure(doc, cell.text, w, { size: TABLE_SIZE, font: cell.bold ? BOLD : REGULAR }) + (cell.sub ? measure(doc, cell.sub, w, { size: SUB_SIZE }) + 1 : 0);
}

function headerRow(doc: Doc, columns: Column[]) {
  const x0 = left(doc);
  const h = Math.max(...columns.map((c) => measure(doc, c.header, c.width - 2 * CELL_PAD, { font: BOLD, size: TABLE_SIZE }))) + 2 * CELL_PAD;
  const y = doc.y;
  doc.save().rect(x0, y, columns.reduce((s, c) => s + c.width, 0), h).fill(FILL).restore();
  let x = x0;
  for (const c of columns) {
    put(doc, c.header, x + CELL_PAD, y + CELL_PAD, c.width - 2 * CELL_PAD, { font: BOLD, size: TABLE_SIZE, align: c.align ?? 'left' });
    x += c.width;
  }
  doc.y = y + h;
}

/** Draws the table from doc.y; rows that do not fit go on the next page under a repeated header. */
export function drawTable(doc: Doc, columns: Column[], rows: Cell[][]) {
  const total = columns.reduce((s, c) => s + c.width, 0);
  const headerHeight = 2 * CELL_PAD + 12;
  ensure(doc, headerHeight + 20);
  headerRow(doc, columns);
  for (const row of rows) {
    const h = Math.max(...row.map((cell, i) => cellHeight(doc, cell, columns[i].width))) + 2 * CELL_PAD;
    if (ensure(doc, h)) headerRow(doc, columns);
    const y = doc.y;
    let x = left(doc);
    row.forEach((cell, i) => {
      const c = columns[i];
      const w = c.width - 2 * CELL_PAD;
      const th = put(doc, cell.text, x + CELL_PAD, y + CELL_PAD, w, { size: TABLE_SIZE, font: cell.bold ? BOLD : REGULAR, align: c.align ?? 'left' });
      if (cell.sub) put(doc, cell.sub, x + CELL_PAD, y + CELL_PAD + th + 1, w, { size: SUB_SIZE, color: GREY, align: c.align ?? 'left' });
      x += c.width;
    });
    doc.save().lineWidth(0.4).strokeColor(LINE).moveTo(left(doc), y + h).lineTo(left(doc) + total, y + h).stroke().restore();
    doc.y = y + h;
  }
}

// ------------------------------------------------------------------ QR

/** The QR of `text` (error correction M, 4-module quiet zone) as one vector path, `size` points wide. */
export function drawQr(doc: Doc, text: string, x: number, y: number, size: number) {
  const qr = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const n = qr.modules.size;
  const quiet = 4;
  const cell = size / (n + 2 * quiet);
  doc.save().rect(x, y, size, size).fill('#FFFFFF');
  for (let r = 0; r < n; r++) {
    let c = 0;
    while (c < n) {
      if (!qr.modules.get(r, c)) { c++; continue; }
      const start = c;
      while (c < n && qr.modules.get(r, c)) c++;
      doc.rect(x + (start + quiet) * cell, y + (r + quiet) * cell, (c - start) * cell, cell);
    }
  }
  doc.fill('#000000').restore();
}

// ------------------------------------------------------------------ page furniture

/** Running header on pages after the first and "Página i de n" (with `footnote`) at the foot of every page. */
export function finishPages(doc: Doc, running: string, footnote: string) {
  const range = doc.bufferedPageRange();
  for (let i = range.start; i < range.start + range.count; i++) {
    doc.switchToPage(i);
    const saved = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    const x = doc.page.margins.left;
    const w = doc.page.width - doc.page.margins.left - doc.page.margins.right;
    if (i > range.start) {
      put(doc, running, x, MARGIN, w, { font: BOLD, size: 8.5, color: GREY });
      doc.save().lineWidth(0.6).strokeColor(LINE).moveTo(x, MARGIN + 14).lineTo(x + w, MARGIN + 14).stroke().restore();
    }
    const y = doc.page.height - BOTTOM + 14;
    put(doc, footnote, x, y, w * 0.75, { size: 6.5, color: GREY });
    put(doc, `Página ${i - range.start + 1} de ${range.count}`, x + w * 0.75, y, w * 0.25, { size: 7, color: GREY, align: 'right' });
    doc.page.margins.bottom = saved;
  }
}

export type { Country };
