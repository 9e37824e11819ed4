/**
 * Reading a PDF back as a person would: its text (pdf-parse) and the QR code
 * on its first page (rasterised by pdftoppm from Debian's poppler-utils,
 * decoded with jsQR).
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PDFParse } from 'pdf-parse';
import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import { needsTool } from './tools';

export async function pdfText(pdf: Buffer): Promise<{ pages: string[]; text: string }> {
  const parser = new PDFParse({ data: new Uint8Array(pdf) });
  try {
    const r = await parser.getText();
    return { pages: r.pages.map((p) => p.text), text: r.pages.map((p) => p.text).join('\n') };
  } finally {
    await parser.destroy();
  }
}

/** A skip reason when pdftoppm cannot be had, else false. */
export const noPoppler = () => needsTool('pdftoppm', 'poppler-utils');

/** The first page as an RGBA bitmap (pdftoppm, 150 dpi). */
export function firstPage(pdf: Buffer): PNG {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pdf-test-'));
  try {
    fs.writeFileSync(path.join(dir, 'doc.pdf'), pdf);
    const r = spawnSync('pdftoppm', ['-r', '150', '-png', '-f', '1', '-l', '1', '-singlefile', 'doc.pdf', 'page'], { cwd: dir, encoding: 'utf8' });
    assert.equal(r.status, 0, r.stderr);
    return PNG.sync.read(fs.readFileSync(path.join(dir, 'page.png')));
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** The text of the QR code on the first page, or null when none is found. */
export function readQr(pdf: Buffer): string | null {
  const png = firstPage(pdf);
  const code = jsQR(new Uint8ClampedArray(png.data.buffer, png.data.byteOffset, png.data.length), png.width, png.height);
  return code ? code.data : null;
}
