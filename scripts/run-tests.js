#!/usr/bin/env node
// Runs every compiled test file (dist/test/**/*.test.js) with Node's own test runner and prints the slowest files
// and the total at the end.
//   node scripts/run-tests.js [--long] [--profile] [part of a path …]
// The files are run in bundles: several files one after the other in one process (test/support/bundle.ts), so that
// they share what a process loads once; TEST_CONCURRENCY bundles run at once (default: the machine's cores, at least
// 2), the longest first (the times of the last run, dist/test-times.json; without them, the files' sizes).
// A file whose source holds the line `// test-runner: alone` (reliability, kill -9, load: what measures or loads the
// machine) runs after the others, in a process of its own, with nothing beside it.
// Before the first file, the migrated database with the demo companies is made once (test/support/template.ts).
// --long (npm run test:reliability) runs the reliability suites at full length (RELIABILITY=long; FUZZ_RUNS 100
// unless set). --profile (npm run test:profile) has each file record where its time goes (test/support/profile.ts)
// and writes the table to dist/test-profile.md. Afterwards the figures the reliability suites reported are printed.
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { spawn } = require('node:child_process');
const { Buffer } = require('node:buffer');

const dist = path.join(__dirname, '..', 'dist');
const root = path.join(dist, 'test');
const args = process.argv.slice(2);
const long = args.includes('--long');
const profile = args.includes('--profile');
const only = args.filter((a) => !a.startsWith('--'));
function walk(dir) {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    return e.isDirectory() ? walk(p) : e.name.endsWith('.test.js') ? [p] : [];
  });
}
const rel = (f) => path.relative(root, f);
const files = walk(root).map(rel).filter((f) => !only.length || only.some((o) => f.includes(o))).sort();
if (!files.length) { console.error('no test files found under dist/test'); process.exit(1); }

// The run's folder: in memory (/dev/shm) where the machine has it, since the tests write databases all the time.
// The test processes take its tmp/ as their temporary folder (TMPDIR), so that what a test leaves goes with it.
const shm = '/dev/shm';
const memory = (() => { try { fs.accessSync(shm, fs.constants.W_OK); return process.env.TEST_TMPDIR !== 'disk'; } catch { return false; } })();
const work = fs.mkdtempSync(path.join(memory ? shm : os.tmpdir(), 'facturas-run-'));
fs.mkdirSync(path.join(work, 'tmp'));
const figures = path.join(work, 'figures.jsonl');
const profiles = path.join(work, 'profile');
// HASH_COST=test: cheap scrypt hashes for access keys and passwords (src/platform/hashing.ts; refused outside tests).
const env = { ...process.env, TMPDIR: path.join(work, 'tmp'), HASH_COST: process.env.HASH_COST ?? 'test', RELIABILITY_FIGURES: figures, ...(profile ? { TEST_PROFILE_DIR: profiles } : {}) };
if (long) { env.RELIABILITY = 'long'; env.FUZZ_RUNS ??= '100'; }
process.env.HASH_COST = env.HASH_COST; // the template made below hashes the demo keys as the tests will

const timesFile = path.join(dist, 'test-times.json');
const lastTimes = (() => { try { return JSON.parse(fs.readFileSync(timesFile, 'utf8')); } catch { return {}; } })();
// Without a last run, a file's size stands in for its time (about a second per 1.5 KB of compiled test).
const expected = (f) => lastTimes[f] ?? fs.statSync(path.join(root, f)).size / 1500;
const byLength = (a, b) => expected(b) - expected(a);
const isAlone = (f) => /^\/\/ test-runner: alone\b/m.test(fs.readFileSync(path.join(root, f), 'utf8'));
// As many lanes as cores: on two cores a third lane made the whole run no faster (762 s against 748 s) and every file slower.
const concurrency = Math.max(1, Number(process.env.TEST_CONCURRENCY) || Math.max(2, os.availableParallelism()));

/** Bundles of files about `target` seconds long, the longest first; a file longer than that is a bundle by itself. */
function bundle(list, target) {
  const out = [];
  let cur = [];
  let t = 0;
  for (const f of [...list].sort(byLength)) {
    cur.push(f);
    t += expected(f);
    if (t >= target) { out.push(cur); cur = []; t = 0; }
  }
  if (cur.length) out.push(cur);
  return out.sort((a, b) => b.reduce((s, f) => s + expected(f), 0) - a.reduce((s, f) => s + expected(f), 0));
}

const results = [];
let runs = 0;
function runBundle(list) {
  const countsFile = path.join(work, `counts-${runs++}.json`);
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--test', '--test-reporter=spec', '--test-reporter-destination=stdout',
      `--test-reporter=${path.join(__dirname, 'test-counts.mjs')}`, `--test-reporter-destination=${countsFile}`, path.join(root, 'support', 'bundle.js')],
    { env: { ...env, TEST_BUNDLE: list.join(path.delimiter) }, stdio: ['ignore', 'pipe', 'pipe'] });
    const out = [];
    child.stdout.on('data', (d) => out.push(d));
    child.stderr.on('data', (d) => out.push(d));
    child.on('close', (code, signal) => {
      const wall = (Date.now() - started) / 1000;
      let suites = {};
      try { suites = JSON.parse(fs.readFileSync(countsFile, 'utf8')).suites; } catch { /* the process did not get to report */ }
      const clean = (s) => !!s && s.fail === 0 && s.cancelled === 0;
      // A process that failed with every file clean failed outside them (a crash, a hook of its own): all of them fail.
      const broken = code !== 0 && list.every((f) => clean(suites[f]));
      const mine = list.map((file) => {
        const s = suites[file];
        const ok = clean(s) && !broken;
        // One file alone: its process's time; in a bundle, its suite's.
        return { file, ok, code: code ?? signal, ...(s ?? { tests: 0, pass: 0, fail: 0, skipped: 0, todo: 0, cancelled: 0, failed: ['(did not report)'] }), seconds: list.length === 1 ? wall : s?.seconds ?? 0 };
      });
      results.push(...mine);
      const failed = mine.filter((r) => !r.ok);
      process.stdout.write(`\n━━ ${list.length === 1 ? list[0] : `${list.length} files`}: ${failed.length ? `FAILED (${failed.map((r) => r.file).join(', ')}; exit ${code ?? signal})` : 'ok'}, ${wall.toFixed(1)} s\n`);
      process.stdout.write(Buffer.concat(out));
      resolve();
    });
  });
}

async function runAll(bundles, width) {
  let next = 0;
  const lane = async () => { while (next < bundles.length) await runBundle(bundles[next++]); };
  await Promise.all(Array.from({ length: Math.min(width, bundles.length) }, lane));
}

(async () => {
  const started = Date.now();
  // The migrated database with the demo companies, made once for the run and copied by each test service.
  const templates = await require(path.join(root, 'support', 'template.js')).prepareTemplates(work);
  Object.assign(env, templates.env);
  const shared = files.filter((f) => !isAlone(f));
  const solo = files.filter(isAlone).sort(byLength);
  // About six bundles a lane: few processes to start, and a short wait for the last one.
  const bundles = bundle(shared, shared.reduce((s, f) => s + expected(f), 0) / (concurrency * 6));
  console.log(`${files.length} test files: ${shared.length} in ${bundles.length} bundles, ${concurrency} at a time, then ${solo.length} alone ` +
    `(templates made in ${((Date.now() - started) / 1000).toFixed(1)} s)`);
  await runAll(bundles, concurrency);
  await runAll(solo.map((f) => [f]), 1);
  const wall = (Date.now() - started) / 1000;

  const sum = (k) => results.reduce((s, r) => s + r[k], 0);
  if (!only.length) fs.writeFileSync(timesFile, JSON.stringify(Object.fromEntries(results.map((r) => [r.file, Math.round(r.seconds * 10) / 10])), null, 1));

  const lines = fs.existsSync(figures) ? fs.readFileSync(figures, 'utf8').trim().split('\n').filter(Boolean).map((l) => JSON.parse(l)) : [];
  let figuresFailed = false;
  if (lines.length) {
    const keys = ['requests', 'documents', 'killed', 'fuzzCases', 'serverErrors', 'anomalies'];
    const heads = ['requests sent', 'documents verified', 'processes killed', 'fuzz cases', '5xx seen', 'anomalies'];
    const total = Object.fromEntries(keys.map((k) => [k, lines.reduce((s, l) => s + (l[k] ?? 0), 0)]));
    const width = Math.max(...lines.map((l) => l.part.length), 5);
    const row = (name, f) => `${name.padEnd(width)}  ${keys.map((k, i) => String(f[k] ?? 0).padStart(heads[i].length)).join('  ')}`;
    console.log(`\nReliability figures (${long ? 'long' : 'short'} run):`);
    console.log(`${''.padEnd(width)}  ${heads.join('  ')}`);
    for (const l of lines) console.log(row(l.part, l));
    console.log(row('total', total));
    figuresFailed = total.serverErrors !== 0 || total.anomalies !== 0;
    console.log(figuresFailed ? 'FAILED: 5xx answers or anomalies above' : 'no 5xx, no anomalies');
  }

  if (profile) {
    const table = require('./test-profile.js').table(profiles, results);
    fs.writeFileSync(path.join(dist, 'test-profile.md'), table);
    console.log(`\nWhere the time goes (also in dist/test-profile.md):\n${table}`);
  }

  console.log('\nSlowest files:');
  for (const r of [...results].sort((a, b) => b.seconds - a.seconds).slice(0, 15)) console.log(`${r.seconds.toFixed(1).padStart(7)} s  ${r.file}`);
  const failed = results.filter((r) => !r.ok);
  console.log(`\n${results.length} files, ${sum('tests')} tests: ${sum('pass')} passed, ${sum('fail')} failed, ` +
    `${sum('cancelled')} cancelled, ${sum('skipped')} skipped, ${sum('todo')} todo; ` +
    `${wall.toFixed(0)} s in all (${sum('seconds').toFixed(0)} s of files, ${concurrency} at a time)`);
  for (const r of failed) console.log(`FAILED ${r.file} (exit ${r.code}): ${r.failed.slice(0, 10).join('; ')}`);
  await templates.drop();
  fs.rmSync(work, { recursive: true, force: true });
  process.exit(failed.length || figuresFailed ? 1 : 0);
})();
