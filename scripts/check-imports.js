#!/usr/bin/env node
/**
 * The import graph of src/ (run by `npm run lint`, so CI runs it):
 *   - no cycle between modules;
 *   - the platform layer (src/platform) imports no domain folder;
 *   - the tax-authority clients (src/einvoice, and the DIAN's and the SAT's in their country folders: all of
 *     src/countries) do not import the invoice kernel (src/invoices).
 * Imports are read with the TypeScript parser; an `import type` (or `export type`) is erased from the
 * JavaScript and cannot make a cycle at run time, so it is left out. Exits 1 and names every problem.
 *
 * Usage: node scripts/check-imports.js [root (default: src)]
 */
const fs = require('node:fs');
const path = require('node:path');
const ts = require('typescript');

/** Folders (relative to the root) that a file in `from` must not import, at run time. */
const RULES = [
  { from: 'platform', forbidden: (to) => !to.startsWith('platform/'), why: 'the platform layer imports no domain folder' },
  // The jobs that record a verdict on the documents (stamping, cancellation, the DIAN test set) are given what they
  // do to invoices by the app (src/invoices/authority.ts, src/invoices/co/test-set.ts): they take no exception.
  { from: 'einvoice', forbidden: (to) => to.startsWith('invoices/'), why: 'the tax-authority clients do not import the invoice kernel (src/invoices)' },
  { from: 'countries', forbidden: (to) => to.startsWith('invoices/'), why: 'the countries and their tax authorities do not import the invoice kernel (src/invoices)' },
];

function files(dir) {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return files(p);
    return e.name.endsWith('.ts') && !e.name.endsWith('.d.ts') ? [p] : [];
  });
}

/** The run-time imports of one file: the relative specifiers of its import/export declarations and require()/import() calls. */
function importsOf(file, text) {
  const sf = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, false, ts.ScriptKind.TS);
  const out = [];
  const visit = (node) => {
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
      const c = node.importClause;
      const typeOnly = c && (c.isTypeOnly || (!c.name && c.namedBindings && ts.isNamedImports(c.namedBindings)
        && c.namedBindings.elements.length > 0 && c.namedBindings.elements.every((e) => e.isTypeOnly)));
      if (!typeOnly) out.push(node.moduleSpecifier.text);
    } else if (ts.isExportDeclaration(node) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) {
      if (!node.isTypeOnly) out.push(node.moduleSpecifier.text);
    } else if (ts.isCallExpression(node) && node.arguments.length === 1 && ts.isStringLiteral(node.arguments[0])
      && (node.expression.kind === ts.SyntaxKind.ImportKeyword || (ts.isIdentifier(node.expression) && node.expression.text === 'require'))) {
      out.push(node.arguments[0].text);
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return out.filter((s) => s.startsWith('.'));
}

function resolve(from, spec) {
  const base = path.resolve(path.dirname(from), spec);
  for (const p of [`${base}.ts`, path.join(base, 'index.ts')]) if (fs.existsSync(p)) return p;
  return null;
}

/** The graph: module (path relative to root, without .ts) → the modules it imports at run time. */
function graphOf(root) {
  const graph = new Map();
  for (const f of files(root)) {
    const name = path.relative(root, f).replace(/\\/g, '/').replace(/\.ts$/, '');
    const deps = importsOf(f, fs.readFileSync(f, 'utf8')).map((s) => resolve(f, s)).filter(Boolean)
      .map((p) => path.relative(root, p).replace(/\\/g, '/').replace(/\.ts$/, ''));
    graph.set(name, [...new Set(deps)]);
  }
  return graph;
}

/** Strongly connected components of more than one module (or a module importing itself): Tarjan's algorithm. */
function cycles(graph) {
  let index = 0;
  const idx = new Map(), low = new Map(), on = new Set(), stack = [], out = [];
  const strong = (v) => {
    idx.set(v, index); low.set(v, index); index++;
    stack.push(v); on.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!graph.has(w)) continue;
      if (!idx.has(w)) { strong(w); low.set(v, Math.min(low.get(v), low.get(w))); } else if (on.has(w)) low.set(v, Math.min(low.get(v), idx.get(w)));
    }
    if (low.get(v) === idx.get(v)) {
      const comp = [];
      let w;
      do { w = stack.pop(); on.delete(w); comp.push(w); } while (w !== v);
      if (comp.length > 1 || (graph.get(v) ?? []).includes(v)) out.push(comp.sort());
    }
  };
  for (const v of [...graph.keys()].sort()) if (!idx.has(v)) strong(v);
  return out;
}

/** One path around a component, to show where to cut it. */
function ringOf(graph, comp) {
  const inside = new Set(comp);
  const start = comp[0];
  const prev = new Map([[start, null]]);
  const queue = [start];
  while (queue.length) {
    const v = queue.shift();
    for (const w of graph.get(v) ?? []) {
      if (w === start) { const ring = [start]; for (let x = v; x !== start; x = prev.get(x)) ring.splice(1, 0, x); return [...ring, start]; }
      if (inside.has(w) && !prev.has(w)) { prev.set(w, v); queue.push(w); }
    }
  }
  return comp;
}

function check(root) {
  const graph = graphOf(root);
  const problems = [];
  for (const comp of cycles(graph)) {
    problems.push(`import cycle among ${comp.length} modules: ${ringOf(graph, comp).join(' → ')}${comp.length > 2 ? ` (all of: ${comp.join(', ')})` : ''}`);
  }
  for (const [from, deps] of graph) {
    for (const rule of RULES) {
      if (!from.startsWith(`${rule.from}/`)) continue;
      for (const to of deps) if (rule.forbidden(to)) problems.push(`${from} imports ${to}: ${rule.why}`);
    }
  }
  return problems;
}

module.exports = { check, graphOf, cycles, importsOf };

if (require.main === module) {
  const root = path.resolve(process.argv[2] ?? path.join(__dirname, '..', 'src'));
  const problems = check(root);
  for (const p of problems) console.error(`check-imports: ${p}`);
  if (problems.length) process.exit(1);
  console.log(`check-imports: ${graphOf(root).size} modules, no cycle, layers respected`);
}
