/**
 * Reads the first sheet of an XLSX file as rows of cell values (shared strings resolved, numbers as numbers) and the
 * number format of each cell, by unzipping it with fflate and reading its XML: enough to check that an exported report
 * opens and holds its figures.
 */
import { strFromU8, unzipSync } from 'fflate';

const unescape = (s: string) => s.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&apos;/g, "'").replace(/&amp;/g, '&');

export function readXlsx(file: Buffer | Uint8Array): { sheet: string; rows: (string | number | null)[][]; formats: (string | null)[][] } {
  const zip = unzipSync(new Uint8Array(file));
  const text = (name: string) => (zip[name] ? strFromU8(zip[name]) : '');
  const shared = [...text('xl/sharedStrings.xml').matchAll(/<si>([\s\S]*?)<\/si>/g)].map((m) => unescape([...m[1].matchAll(/<t[^>]*>([\s\S]*?)<\/t>/g)].map((t) => t[1]).join('')));
  const sheet = unescape(/<sheet [^>]*name="([^"]*)"/.exec(text('xl/workbook.xml'))?.[1] ?? '');
  // Custom number formats by id, and each cell style's format.
  const styles = text('xl/styles.xml');
  const numFmts = new Map([...styles.matchAll(/<numFmt [^>]*numFmtId="(\d+)"[^>]*formatCode="([^"]*)"/g)].map((m) => [m[1], unescape(m[2])]));
  const xfs = [...(/<cellXfs[^>]*>([\s\S]*?)<\/cellXfs>/.exec(styles)?.[1] ?? '').matchAll(/<xf\b([^>]*)>/g)].map((m) => numFmts.get(/numFmtId="(\d+)"/.exec(m[1])?.[1] ?? '') ?? null);
  const rows: (string | number | null)[][] = [];
  const formats: (string | null)[][] = [];
  for (const r of text('xl/worksheets/sheet1.xml').matchAll(/<row [^>]*>([\s\S]*?)<\/row>/g)) {
    const row: (string | number | null)[] = [];
    const fmt: (string | null)[] = [];
    for (const c of r[1].matchAll(/<c r="([A-Z]+)\d+"([^>]*?)(?:\/>|>([\s\S]*?)<\/c>)/g)) {
      const col = [...c[1]].reduce((n, ch) => n * 26 + ch.charCodeAt(0) - 64, 0) - 1;
      const type = /t="(\w+)"/.exec(c[2])?.[1];
      const style = /s="(\d+)"/.exec(c[2])?.[1];
      const v = /<v>([\s\S]*?)<\/v>/.exec(c[3] ?? '')?.[1];
      const inline = /<is>[\s\S]*?<t[^>]*>([\s\S]*?)<\/t>/.exec(c[3] ?? '')?.[1];
      row[col] = type === 's' ? shared[Number(v)] : type === 'inlineStr' ? unescape(inline ?? '') : type === 'str' ? unescape(v ?? '') : v === undefined ? null : Number(v);
      fmt[col] = style === undefined ? null : xfs[Number(style)] ?? null;
    }
    rows.push(Array.from(row, (x) => x ?? null));
    formats.push(Array.from(fmt, (x) => x ?? null));
  }
  return { sheet, rows, formats };
}
