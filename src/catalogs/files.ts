/**
 * The authorities' catalogues kept as data files (README "Tax authority
 * catalogues"): read once per process from CATALOG_DIR, by default the
 * repository's `catalogs/` (nothing is read from beside the repository). Each file is plain UTF-8 text, one
 * record a line, fields separated by tabs; a `.gz` file is gzipped. A file
 * that is not installed reads as null: the checks that need it say so instead
 * of passing silently.
 */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

const REPO = path.join(__dirname, '..', '..', '..');

/** Where the catalogue files are looked for. */
export function catalogDir(env: NodeJS.ProcessEnv = process.env): string {
  if (env.CATALOG_DIR) return path.resolve(env.CATALOG_DIR);
  return path.join(REPO, 'catalogs');
}

/** Where the official XSDs and XSLTs are: the repository's `schemas/` (schemas/README.md), nowhere else. */
export function xsdDir(): string {
  return path.join(REPO, 'schemas');
}

const cache = new Map<string, string[][] | null>();
const maps = new Map<string, Map<string, string[]> | null>();
const built = new Map<string, unknown>();

/** The text of a catalogue file (`name`, or `name.gz`), or null when it is not installed. */
function catalogText(name: string): string | null {
  for (const file of [name, `${name}.gz`]) {
    const full = path.join(catalogDir(), file);
    if (!fs.existsSync(full)) continue;
    const raw = fs.readFileSync(full);
    return (file.endsWith('.gz') ? zlib.gunzipSync(raw) : raw).toString('utf8');
  }
  return null;
}

/** The records of a catalogue file (`name`, or `name.gz`), or null when it is not installed. */
export function records(name: string): string[][] | null {
  const key = `${catalogDir()}|${name}`;
  if (cache.has(key)) return cache.get(key)!;
  const text = catalogText(name);
  const rows = text === null ? null : text.split(/\r?\n/).filter((l) => l.trim() !== '' && !l.startsWith('#')).map((l) => l.split('\t').map((f) => f.trim()));
  cache.set(key, rows);
  return rows;
}

/**
 * A structure built once per process from a catalogue file's lines (not blank, not `#` comments), or null when
 * the file is not installed: for a large catalogue whose fields are read only when looked up.
 */
export function fromLines<T>(name: string, build: (lines: string[]) => T): T | null {
  const key = `${catalogDir()}|${name}`;
  if (!built.has(key)) {
    const text = catalogText(name);
    built.set(key, text === null ? null : build(text.split(/\r?\n/).filter((l) => l.trim() !== '' && !l.startsWith('#'))));
  }
  return built.get(key) as T | null;
}

/** A catalogue file as a map from its first field to its record, or null when it is not installed. */
export function keyed(name: string): Map<string, string[]> | null {
  const key = `${catalogDir()}|${name}`;
  if (!maps.has(key)) {
    const rows = records(name);
    maps.set(key, rows && new Map(rows.map((r) => [r[0], r])));
  }
  return maps.get(key)!;
}

/** Forget what was read (tests that switch CATALOG_DIR). */
export function resetCatalogs(): void {
  cache.clear();
  maps.clear();
  built.clear();
}
