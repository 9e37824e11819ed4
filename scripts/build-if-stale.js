#!/usr/bin/env node
// Compiles the service (src/ only, tsconfig.build.json) when dist/ is older than what it is built from, and does
// nothing otherwise: `npm start` and `npm run cli` on a built clone start at once. What it is built from: every file
// under src/, the tsconfig files and package-lock.json (a new TypeScript). The build's time is kept in
// dist/.src-built (its modification time: when the build started, so a file saved during it counts as newer).
// Without TypeScript (a production install, `npm ci --omit=dev`) an existing build is used as it is.
// `--all` compiles everything (tsconfig.json: the tests and benches too) whatever the times: `npm run build`.
// BUILD_CHECK_ONLY=1 prints "up to date" or "stale" and exits without building (test/unit/build-if-stale.test.ts).
'use strict';
const fs = require('node:fs');
const path = require('node:path');
const { execFileSync } = require('node:child_process');

const root = path.join(__dirname, '..');
const dist = path.join(root, 'dist');
const stamp = path.join(dist, '.src-built');
const main = path.join(dist, 'src', 'main.js');

const mtime = (file) => { try { return fs.statSync(file).mtimeMs; } catch { return 0; } };
function newest(dir) {
  let out = 0;
  for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, e.name);
    out = Math.max(out, e.isDirectory() ? newest(p) : mtime(p));
  }
  return out;
}

const sources = Math.max(newest(path.join(root, 'src')), ...['tsconfig.json', 'tsconfig.build.json', 'package-lock.json'].map((f) => mtime(path.join(root, f))));
const built = fs.existsSync(main) ? mtime(stamp) : 0;
const all = process.argv.includes('--all');
const stale = all || built < sources;
if (process.env.BUILD_CHECK_ONLY) {
  console.log(stale ? 'stale' : 'up to date');
  process.exit(0);
}
if (!stale) process.exit(0);
let tsc;
try {
  tsc = require.resolve('typescript/bin/tsc', { paths: [root] });
} catch {
  if (fs.existsSync(main)) {
    console.error('dist/ is older than src/ and TypeScript is not installed (a production install): starting the build as it is');
    process.exit(0);
  }
  console.error('dist/ is missing and TypeScript is not installed: run `npm ci` (with the development dependencies), then `npm run build`');
  process.exit(1);
}
const started = new Date();
if (!all) console.error('building the service (src/ changed since the last build)…');
try {
  execFileSync(process.execPath, [tsc, '-p', path.join(root, all ? 'tsconfig.json' : 'tsconfig.build.json')], { stdio: 'inherit', cwd: root });
} catch (e) {
  process.exit(typeof e.status === 'number' && e.status !== 0 ? e.status : 1);
}
fs.mkdirSync(dist, { recursive: true });
fs.writeFileSync(stamp, `${started.toISOString()}\n`);
fs.utimesSync(stamp, started, started);
