/**
 * The texts no request may hold, wherever they are (path, query string, body, at any depth): what the database cannot
 * store or give back as sent, and what a document's XML cannot carry. Checked by the app's preValidation hook
 * (./app.ts) on every route, each problem at its JSON path.
 */
import { NOT_XML } from './xml-chars';
import type { Problems } from './errors';

/**
 * NUL cannot be stored in PostgreSQL text, and an unpaired UTF-16 surrogate
 * cannot be written as UTF-8 (it would come back as U+FFFD): both are refused
 * wherever they appear in a body, query string or path, at their JSON path.
 */
// eslint-disable-next-line no-control-regex -- NUL is looked for on purpose: PostgreSQL cannot store it
const UNSTORABLE = /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
/*
 * Characters XML 1.0 cannot carry (NOT_XML): a document's texts go into its UBL or CFDI XML; a text holding one of
 * them (a spreadsheet cell's line break is U+000B) would take a number and post to the books, and then could never
 * be built nor sent to the tax authority. So they are refused on every text of a request, with its path, like NUL.
 */
const NOT_XML_MESSAGE = 'Text must not contain control characters other than tab, line feed and carriage return (U+0001 to U+001F), nor U+FFFE or U+FFFF: XML cannot carry them';
/*
 * A text that begins with U+FEFF, the byte order mark that editors and files leave at the start of what is copied
 * from them: the embedded database's driver (PGlite) reads a text column back through a decoder that takes a leading
 * U+FEFF for a byte order mark and drops it, so such a name would be stored but answered one character short. It is
 * refused on every text of a request, as NUL is, on either storage (one behaviour); a U+FEFF inside a text is kept.
 */
const LEADING_BOM_MESSAGE = 'Text must not begin with U+FEFF (a byte order mark): it would not be kept as sent; remove it';

/** Adds to `p` a problem for each text of `root` (and each field name) that no request may hold, at its path under `base`; at most 100. */
export function unstorable(p: Problems, root: unknown, base: string): void {
  const todo: [unknown, string][] = [[root, base]];
  while (todo.length) {
    if (p.items.length >= 100) return;
    const [value, path] = todo.pop()!;
    if (typeof value === 'string') {
      if (UNSTORABLE.test(value)) p.add('invalid_value', 'Text must not contain the NUL character (U+0000) or an unpaired surrogate (U+D800 to U+DFFF)', path || 'body');
      else if (NOT_XML.test(value)) p.add('invalid_value', NOT_XML_MESSAGE, path || 'body');
      else if (value.charCodeAt(0) === 0xfeff) p.add('invalid_value', LEADING_BOM_MESSAGE, path || 'body');
    } else if (Array.isArray(value)) {
      value.forEach((x, i) => todo.push([x, `${path}[${i}]`]));
    } else if (value && typeof value === 'object') {
      for (const [k, x] of Object.entries(value)) {
        const at = path ? `${path}.${k}` : k;
        if (UNSTORABLE.test(k)) p.add('invalid_value', 'A field name must not contain the NUL character (U+0000) or an unpaired surrogate', at);
        else todo.push([x, at]);
      }
    }
  }
}
