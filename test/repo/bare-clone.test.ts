/**
 * The repository stands on its own (issue 35): HEAD is cloned into an empty temporary folder with
 * nothing beside it (no sibling folder of any name), built there, and the suites that read the
 * schemas (schemas/) and the catalogues (catalogs/) run from the clone. To keep it to a couple of
 * minutes the clone's node_modules is a link to this checkout's (the packages are the same
 * package-lock.json; .ci/run does the full `npm ci` in a fresh clone instead).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawnSync } from 'node:child_process';

const ROOT = path.join(__dirname, '..', '..', '..');
const SUITES = ['unit/catalogs', 'unit/cfdi', 'unit/dian-ubl', 'http/cfdi-schema', 'http/notes-dian'];
const git = spawnSync('git', ['-C', ROOT, 'rev-parse', 'HEAD'], { encoding: 'utf8' });
const skip = git.status !== 0 ? 'not a git checkout: nothing to clone' : false;

test('a bare clone (nothing beside it) builds and passes the schema and catalogue suites', { skip, timeout: 1_200_000 }, () => {
  const empty = fs.mkdtempSync(path.join(os.tmpdir(), 'bare-clone-'));
  try {
    const repo = path.join(empty, 'repo');
    const run = (cmd: string, args: string[], env: NodeJS.ProcessEnv = process.env) => {
      const r = spawnSync(cmd, args, { cwd: repo, encoding: 'utf8', env, timeout: 1_000_000, maxBuffer: 64 << 20 });
      assert.equal(r.status, 0, `${cmd} ${args.join(' ')}:\n${r.stdout?.slice(-6000)}\n${r.stderr?.slice(-4000)}`);
      return r.stdout;
    };
    const c = spawnSync('git', ['clone', '-q', ROOT, repo], { encoding: 'utf8' });
    assert.equal(c.status, 0, c.stderr);
    assert.equal(run('git', ['rev-parse', 'HEAD']).trim(), git.stdout.trim(), 'the clone is at this checkout\'s HEAD');
    assert.deepEqual(fs.readdirSync(empty), ['repo'], 'nothing beside the clone');
    for (const dir of ['schemas/ubl-2.1-dian/maindoc', 'schemas/sat-cfdi-4.0/4', 'catalogs/co', 'catalogs/mx']) assert.ok(fs.existsSync(path.join(repo, dir)), `${dir} is in the repository`);
    fs.symlinkSync(path.join(ROOT, 'node_modules'), path.join(repo, 'node_modules'), 'dir');
    run(process.execPath, [path.join(ROOT, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', '.']);
    // The environment names no schema or catalogue directory: the clone must find its own.
    const env = { ...process.env };
    for (const k of ['CATALOG_DIR', 'FACTURAS_TEST_CATALOGS', 'DIAN_XSD_DIR', 'TEST_DATABASE_URL', 'NODE_TEST_CONTEXT', 'TEST_TEMPLATE_DIR', 'TEST_TEMPLATE_DB', 'TEST_BUNDLE', 'TEST_PROFILE_DIR', 'HASH_COST']) delete env[k];
    const out = run(process.execPath, ['scripts/run-tests.js', ...SUITES], env);
    // The runner's last line: "<files> files, <tests> tests: <passed> passed, <failed> failed, …".
    const summary = /^(\d+) files, (\d+) tests: (\d+) passed, (\d+) failed, (\d+) cancelled/m.exec(out);
    assert.ok(summary, `the runner's summary:\n${out.slice(-3000)}`);
    const [files, , passed, failed, cancelled] = summary.slice(1).map(Number);
    assert.ok(files >= SUITES.length, `${files} files ran (each name given matches one or more)`);
    assert.deepEqual([failed, cancelled], [0, 0]);
    assert.ok(passed >= 20, `${passed} tests passed in the clone`);
  } finally {
    fs.rmSync(empty, { recursive: true, force: true });
  }
});
