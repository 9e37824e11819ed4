/**
 * The docs hold on a fresh database (issue 54, point 6):
 *   - every fenced block of README.md and docs/*.md says what it is, in an HTML comment on one of the three lines
 *     before it: `<!-- run by <file> -->` (that file exists and names this document: it runs the block, as
 *     test/http/quickstart.test.ts runs the README's quickstart), `<!-- example -->` (to adapt, not run: it has
 *     placeholders, or needs what a test machine has not), or `<!-- output -->` (what a command prints, figures);
 *   - a command block takes ids from the answers: no `companies/<digits>` nor `--company-id <digits>`;
 *   - every repository path cited in the docs, the sources and the scripts (src/…, test/…, docs/…) exists.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';

const ROOT = path.join(__dirname, '..', '..', '..');
const DOCS = ['README.md', ...fs.readdirSync(path.join(ROOT, 'docs')).filter((f) => f.endsWith('.md')).map((f) => `docs/${f}`)];
const read = (f: string) => fs.readFileSync(path.join(ROOT, f), 'utf8');

/** The fenced blocks of a Markdown text: where each starts (1-based), the three lines before it, and its text. */
function blocks(text: string): { line: number; before: string; body: string }[] {
  const lines = text.split('\n');
  const out: { line: number; before: string; body: string }[] = [];
  for (let i = 0; i < lines.length; i++) {
    if (!/^\s*```/.test(lines[i])) continue;
    const start = i;
    while (++i < lines.length && !/^\s*```\s*$/.test(lines[i]));
    out.push({ line: start + 1, before: lines.slice(Math.max(0, start - 3), start).join('\n'), body: lines.slice(start + 1, i).join('\n') });
  }
  return out;
}

test('every block of the docs is run by a test, or marked an example or an output; none hard-codes an id', () => {
  const unmarked: string[] = [], byHand: string[] = [];
  for (const doc of DOCS) {
    for (const b of blocks(read(doc))) {
      const at = `${doc}:${b.line}`;
      const run = /<!-- (?:run by|quickstart) ?([^ ]*) ?-->/.exec(b.before);
      if (run) {
        const by = run[1] || 'test/http/quickstart.test.ts';
        assert.ok(fs.existsSync(path.join(ROOT, by)), `${at}: run by ${by}, which does not exist`);
        assert.ok(read(by).includes(path.basename(doc)), `${at}: ${by} does not read ${doc}`);
      } else if (!/<!-- (?:example|output) -->/.test(b.before)) unmarked.push(at);
      if (/companies\/\d|--company-id \d|--id \d/.test(b.body)) byHand.push(at);
    }
  }
  assert.deepEqual(unmarked, [], 'blocks with no <!-- run by … -->, <!-- example --> or <!-- output --> before them');
  assert.deepEqual(byHand, [], 'blocks with an id written by hand (take it from the answer)');
});

test('every repository path the docs, sources and scripts cite exists', () => {
  const files = (dir: string): string[] => fs.readdirSync(path.join(ROOT, dir), { withFileTypes: true })
    .flatMap((e) => (e.isDirectory() ? files(`${dir}/${e.name}`) : /\.(ts|js|mjs|md)$/.test(e.name) ? [`${dir}/${e.name}`] : []));
  const missing = new Set<string>();
  for (const f of [...DOCS, ...files('src'), ...files('scripts'), ...files('test'), ...files('bench')]) {
    for (const m of read(f).matchAll(/(^|[^\w./-])((?:src|test|docs|scripts|bench|migrations|schemas|catalogs)\/[\w./-]+\.(?:ts|js|mjs|md|sql|json|xsd|xslt))\b/g)) {
      if (!fs.existsSync(path.join(ROOT, m[2]))) missing.add(`${f}: ${m[2]}`);
    }
  }
  assert.deepEqual([...missing], []);
});
