/**
 * @xmldom/xmldom 0.9 (the newest release) builds a Unicode regular expression
 * from the same parts for every end tag it reads (lib/sax.js calls
 * grammar.reg('^', QName_group, S_OPT, '$') per tag): on a signed invoice of a
 * few hundred elements, parsed several times per document (signing, the
 * sandbox's checks, the ApplicationResponse), that compilation was the largest
 * single item of the worker threads' profile. The expression depends only on
 * its parts and carries no state (no `g` or `y` flag), so each one is compiled
 * once per thread and kept. Imported for its effect by the modules that parse
 * XML; the parser's behaviour does not change.
 */
type Grammar = { reg: (...parts: (RegExp | string)[]) => RegExp };
// An internal module of the library: should a later release move or rename it, parsing goes on unpatched.
let grammar: Grammar | null = null;
// eslint-disable-next-line @typescript-eslint/no-require-imports -- an optional internal module, loaded only if present
try { grammar = require('@xmldom/xmldom/lib/grammar') as Grammar; } catch { grammar = null; }

const MARK = Symbol.for('facturas.xmldom.reg.kept');
const original = grammar?.reg as (Grammar['reg'] & { [MARK]?: true }) | undefined;
if (grammar && typeof original === 'function' && !original[MARK]) {
  // Kept by the parts themselves: strings by value, the grammar's expressions (module constants) by identity.
  interface Node { next: Map<unknown, Node>; value?: RegExp }
  const root: Node = { next: new Map() };
  let kept = 0;
  const reg = function (this: unknown, ...parts: (RegExp | string)[]): RegExp {
    let node = root;
    for (const part of parts) {
      let next = node.next.get(part);
      if (!next) {
        if (kept >= 1000) return original.apply(this, parts);
        next = { next: new Map() };
        node.next.set(part, next);
        kept++;
      }
      node = next;
    }
    return (node.value ??= original.apply(this, parts));
  } as Grammar['reg'] & { [MARK]?: true };
  reg[MARK] = true;
  grammar.reg = reg;
}

export {};
