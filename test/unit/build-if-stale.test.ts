/**
 * scripts/build-if-stale.js, what `npm start` runs first: in a scratch copy of the layout (src/, dist/src/main.js,
 * dist/.src-built, no TypeScript installed), it builds only when dist/ is older than src/, and without TypeScript
 * it starts an existing build as it is or says what to run.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawnSync } from 'node:child_process';

const script = path.join(__dirname, '..', '..', '..', 'scripts', 'build-if-stale.js');

function scratch(): { root: string; run: (env?: Record<string, string>) => { status: number | null; out: string } } {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'build-if-stale-'));
  fs.mkdirSync(path.join(root, 'scripts'));
  fs.copyFileSync(script, path.join(root, 'scripts', 'build-if-stale.js'));
  fs.mkdirSync(path.join(root, 'src'));
  fs.writeFileSync(path.join(root, 'src', 'main.ts'), 'export {};\n');
  fs.writeFileSync(path.join(root, 'tsconfig.json'), '{}\n');
  const run = (env: Record<string, string> = {}) => {
    const r = spawnSync(process.execPath, [path.join(root, 'scripts', 'build-if-stale.js')], { env: { PATH: process.env.PATH ?? '', ...env }, encoding: 'utf8' });
    return { status: r.status, out: `${r.stdout}${r.stderr}`.trim() };
  };
  return { root, run };
}
const at = (file: string, seconds: number) => fs.utimesSync(file, seconds, seconds);

test('stale exactly when a source is newer than the last build, or there is no build', () => {
  const { root, run } = scratch();
  assert.deepEqual(run({ BUILD_CHECK_ONLY: '1' }), { status: 0, out: 'stale' }, 'never built');
  fs.mkdirSync(path.join(root, 'dist', 'src'), { recursive: true });
  fs.writeFileSync(path.join(root, 'dist', 'src', 'main.js'), '');
  fs.writeFileSync(path.join(root, 'dist', '.src-built'), '');
  at(path.join(root, 'src', 'main.ts'), 1_000_000);
  at(path.join(root, 'tsconfig.json'), 1_000_000);
  at(path.join(root, 'dist', '.src-built'), 2_000_000);
  assert.deepEqual(run({ BUILD_CHECK_ONLY: '1' }), { status: 0, out: 'up to date' });
  assert.deepEqual(run(), { status: 0, out: '' }, 'up to date: nothing is built or said');
  at(path.join(root, 'src', 'main.ts'), 3_000_000);
  assert.deepEqual(run({ BUILD_CHECK_ONLY: '1' }), { status: 0, out: 'stale' }, 'a source saved after the build');
  at(path.join(root, 'src', 'main.ts'), 1_000_000);
  at(path.join(root, 'tsconfig.json'), 3_000_000);
  assert.deepEqual(run({ BUILD_CHECK_ONLY: '1' }), { status: 0, out: 'stale' }, 'the compiler\'s settings changed');
  fs.rmSync(root, { recursive: true });
});

test('without TypeScript (a production install): an existing build starts as it is; without one, it says what to run', () => {
  const { root, run } = scratch();
  const missing = run();
  assert.equal(missing.status, 1);
  assert.match(missing.out, /dist\/ is missing and TypeScript is not installed: run `npm ci`/);
  fs.mkdirSync(path.join(root, 'dist', 'src'), { recursive: true });
  fs.writeFileSync(path.join(root, 'dist', 'src', 'main.js'), '');
  const old = run();
  assert.equal(old.status, 0);
  assert.match(old.out, /older than src\/ and TypeScript is not installed/);
  fs.rmSync(root, { recursive: true });
});
