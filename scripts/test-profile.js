// The table of npm run test:profile: per test file, its time and the phases test/support/profile.ts recorded in
// its processes (seconds, with how many times in brackets), the slowest files first, and a total row.
const fs = require('node:fs');
const path = require('node:path');

const PHASES = ['service start', 'database copy', 'template', 'process start', 'browser start', 'hashing', 'sleep'];

exports.table = function table(dir, results) {
  const byFile = new Map();
  for (const f of fs.existsSync(dir) ? fs.readdirSync(dir) : []) {
    for (const p of JSON.parse(fs.readFileSync(path.join(dir, f), 'utf8'))) {
      const acc = byFile.get(p.file) ?? {};
      for (const [name, s] of Object.entries(p.phases)) {
        acc[name] ??= { ms: 0, n: 0 };
        acc[name].ms += s.ms;
        acc[name].n += s.n;
      }
      byFile.set(p.file, acc);
    }
  }
  const cell = (s) => (s ? `${(s.ms / 1000).toFixed(1)} (${s.n})` : '');
  const rows = [...results].sort((a, b) => b.seconds - a.seconds);
  const total = {};
  const lines = [
    `| file | s | tests | ${PHASES.join(' | ')} |`,
    `|---|--:|--:|${PHASES.map(() => '--:').join('|')}|`,
  ];
  for (const r of rows) {
    const p = byFile.get(r.file) ?? {};
    for (const name of PHASES) if (p[name]) { total[name] ??= { ms: 0, n: 0 }; total[name].ms += p[name].ms; total[name].n += p[name].n; }
    lines.push(`| ${r.file} | ${r.seconds.toFixed(1)} | ${r.tests} | ${PHASES.map((n) => cell(p[n])).join(' | ')} |`);
  }
  const seconds = results.reduce((s, r) => s + r.seconds, 0);
  const tests = results.reduce((s, r) => s + r.tests, 0);
  lines.push(`| **all ${results.length} files** | ${seconds.toFixed(0)} | ${tests} | ${PHASES.map((n) => cell(total[n])).join(' | ')} |`);
  return `${lines.join('\n')}\n`;
};
