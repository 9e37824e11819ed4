#!/usr/bin/env node
// Runs every compiled test file (dist/test/**/*.test.js) with Node's own test runner.
// Node 20's `node --test` takes no glob, so the files are listed here.
//   node scripts/run-tests.js [--long] [part of a path …]
// --long (npm run test:reliability) runs the reliability suites at full length
// (RELIABILITY=long; FUZZ_RUNS 100 unless set). Afterwards the figures the
// reliability suites reported are printed as one summary.
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { spawnSync } = require('node:child_process');

const root = path.join(__dirname, '..', 'dist', 'test');
const args = process.argv.slice(2);
const long = args.includes('--long');
const only = args.filter((a) => a !== '--long');
function walk(dir) {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    return e.isDirectory() ? walk(p) : e.name.endsWith('.test.js') ? [p] : [];
  });
}
const files = walk(root).filter((f) => !only.length || only.some((o) => f.includes(o))).sort();
if (!files.length) { console.error('no test files found under dist/test'); process.exit(1); }

const figures = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'facturas-figures-')), 'figures.jsonl');
const env = { ...process.env, RELIABILITY_FIGURES: figures };
if (long) { env.RELIABILITY = 'long'; env.FUZZ_RUNS ??= '100'; }
const started = Date.now();
const r = spawnSync(process.execPath, ['--test', '--test-concurrency=1', ...files], { stdio: 'inherit', env });

const lines = fs.existsSync(figures) ? fs.readFileSync(figures, 'utf8').trim().split('\n').filter(Boolean).map((l) => JSON.parse(l)) : [];
if (lines.length) {
  const keys = ['requests', 'documents', 'killed', 'fuzzCases', 'serverErrors', 'anomalies'];
  const heads = ['requests sent', 'documents verified', 'processes killed', 'fuzz cases', '5xx seen', 'anomalies'];
  const total = Object.fromEntries(keys.map((k) => [k, lines.reduce((s, l) => s + (l[k] ?? 0), 0)]));
  const width = Math.max(...lines.map((l) => l.part.length), 5);
  const row = (name, f) => `${name.padEnd(width)}  ${keys.map((k, i) => String(f[k] ?? 0).padStart(heads[i].length)).join('  ')}`;
  console.log(`\nReliability figures (${long ? 'long' : 'short'} run, ${Math.round((Date.now() - started) / 1000)} s in all):`);
  console.log(`${''.padEnd(width)}  ${heads.join('  ')}`);
  for (const l of lines) console.log(row(l.part, l));
  console.log(row('total', total));
  console.log(total.serverErrors === 0 && total.anomalies === 0 ? 'no 5xx, no anomalies' : 'FAILED: 5xx answers or anomalies above');
}
fs.rmSync(path.dirname(figures), { recursive: true, force: true });
process.exit(r.status ?? 1);
