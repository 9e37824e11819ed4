#!/usr/bin/env node
// Runs every compiled test file (dist/test/**/*.test.js) with Node's own test runner.
// Node 20's `node --test` takes no glob, so the files are listed here.
const fs = require('node:fs');
const path = require('node:path');
const { spawnSync } = require('node:child_process');

const root = path.join(__dirname, '..', 'dist', 'test');
const only = process.argv.slice(2);
function walk(dir) {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    return e.isDirectory() ? walk(p) : e.name.endsWith('.test.js') ? [p] : [];
  });
}
const files = walk(root).filter((f) => !only.length || only.some((o) => f.includes(o))).sort();
if (!files.length) { console.error('no test files found under dist/test'); process.exit(1); }
const r = spawnSync(process.execPath, ['--test', '--test-concurrency=1', ...files], { stdio: 'inherit' });
process.exit(r.status ?? 1);
