/**
 * A page as wide as a receipt printer's 80 mm roll and as long as its content, so that a point of sale prints it as
 * it prints any ticket: rows of text (an amount on the right, optional), a QR in the middle, rows under it. The
 * Colombian POS ticket (ticket.ts) and the Mexican sales ticket (src/tickets/pdf.ts) are printed with it.
 */
import { collect, drawQr, measure, newDoc, put, type Doc, type TextStyle } from './layout';

/** 80 mm in points. */
export const ROLL_WIDTH = 226.77;
const MARGIN = 10;
const QR = 110;
const AMOUNT_W = 62;

/** One printed row: text on the left, an amount on the right (optional); an empty row is left out. */
export interface Row { left: string; right?: string; style?: TextStyle; gap?: number }

/** Measures (`draw` false) or draws the rows from `y`; returns the height. */
function place(doc: Doc, list: Row[], y: number, draw: boolean): number {
  const w = ROLL_WIDTH - 2 * MARGIN;
  let yy = y;
  for (const r of list) {
    if (!r.left && !r.right) continue;
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

export interface RollPdf {
  title: string; author: string; created: Date;
  body: Row[];
  /** What the QR under the body holds; none without it. */
  qr: string | null;
  foot: Row[];
}

/** The roll's PDF: measured on a scratch page, then drawn on a page of exactly its length. */
export async function rollPdf(r: RollPdf): Promise<Buffer> {
  const meta = (height: number) => ({ title: r.title, author: r.author, subject: r.title, created: r.created, page: { width: ROLL_WIDTH, height, margin: MARGIN } });
  const scratch = newDoc(meta(3000));
  const height = MARGIN + place(scratch, r.body, 0, false) + (r.qr ? QR + 8 : 0) + place(scratch, r.foot, 0, false) + MARGIN;
  scratch.end();
  const doc = newDoc(meta(Math.ceil(height)));
  const done = collect(doc);
  let y = MARGIN + place(doc, r.body, MARGIN, true);
  if (r.qr) {
    drawQr(doc, r.qr, (ROLL_WIDTH - QR) / 2, y + 4, QR);
    y += QR + 8;
  }
  place(doc, r.foot, y, true);
  doc.end();
  return done;
}
