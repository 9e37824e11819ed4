#!/usr/bin/env node
// Compares two line coverages of src/ (c8's coverage-final.json, as `npm run test:coverage` writes it):
//   node scripts/coverage-compare.js <before/coverage-final.json> <after/coverage-final.json>
// A line is matched by its file (relative to the folder holding src/) and its text, so that lines that moved between
// the two checkouts still match. Prints the totals and every line covered before and not after; exits 1 if any.
const fs = require('node:fs');
const path = require('node:path');

function lines(file) {
  const cov = JSON.parse(fs.readFileSync(file, 'utf8'));
  const out = new Map(); // "src/<file>.ts" → Map(text → [covered count, uncovered count])
  let total = 0;
  let covered = 0;
  for (const [abs, f] of Object.entries(cov)) {
    const at = abs.lastIndexOf(`${path.sep}src${path.sep}`);
    if (at < 0) continue;
    const name = abs.slice(at + 1);
    const source = fs.existsSync(abs) ? fs.readFileSync(abs, 'utf8').split('\n') : [];
    // A line is covered when every statement that starts on it ran at least once.
    const byLine = new Map();
    for (const [id, loc] of Object.entries(f.statementMap)) {
      const l = loc.start.line;
      byLine.set(l, (byLine.get(l) ?? true) && f.s[id] > 0);
    }
    const texts = new Map();
    for (const [l, ok] of byLine) {
      const text = (source[l - 1] ?? `#${l}`).trim();
      const c = texts.get(text) ?? [0, 0];
      c[ok ? 0 : 1]++;
      texts.set(text, c);
      total++;
      if (ok) covered++;
    }
    out.set(name, texts);
  }
  return { out, total, covered };
}

const [beforeFile, afterFile] = process.argv.slice(2);
if (!beforeFile || !afterFile) { console.error('usage: node scripts/coverage-compare.js <before.json> <after.json>'); process.exit(64); }
const before = lines(beforeFile);
const after = lines(afterFile);
const lost = [];
for (const [name, texts] of before.out) {
  const now = after.out.get(name);
  for (const [text, [was]] of texts) {
    const is = now?.get(text)?.[0] ?? 0;
    // Lines of the same text in a file are counted: fewer of them covered now is a loss, unless the file has fewer of them.
    const still = now?.has(text) ? now.get(text)[0] + now.get(text)[1] : 0;
    if (is < Math.min(was, still)) lost.push(`${name}: ${text}`);
  }
}
const pct = (c) => ((100 * c.covered) / c.total).toFixed(2);
console.log(`before: ${before.covered}/${before.total} lines of src/ covered (${pct(before)} %)`);
console.log(`after:  ${after.covered}/${after.total} lines of src/ covered (${pct(after)} %)`);
console.log(lost.length ? `${lost.length} lines covered before are not now:\n${lost.join('\n')}` : 'no line covered before is uncovered now');
process.exit(lost.length ? 1 : 0);
