/**
 * The README's quickstart, run as a newcomer would: `npm start`'s service on
 * an empty embedded database, and the README's block pasted into bash. Every
 * document it creates is answered as the README says; the cash invoice, sent
 * with an Idempotency-Key, is the same document when the block is pasted a
 * second time; the PDFs are PDFs.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { ServiceProcess, newStorage } from '../support/service';

const README = path.join(__dirname, '..', '..', '..', 'README.md');

/** The shell block between <!-- quickstart --> and <!-- /quickstart -->. */
function quickstart(): string {
  const text = fs.readFileSync(README, 'utf8');
  const m = /<!-- quickstart -->\n```sh\n([\s\S]*?)```\n<!-- \/quickstart -->/.exec(text);
  assert.ok(m, 'the README has a quickstart block');
  return m[1];
}

test('the README quickstart, pasted into bash against npm start on an empty database', { timeout: 180_000 }, async () => {
  const storage = await newStorage('pglite');
  const svc = await ServiceProcess.start(storage.env);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'quickstart-'));
  try {
    const paste = () => {
      const r = spawnSync('bash', ['-c', `set -euo pipefail\n${quickstart()}`], { cwd: dir, encoding: 'utf8', env: { ...process.env, B: svc.url }, timeout: 120_000 });
      assert.equal(r.status, 0, `${r.stdout}\n${r.stderr}`);
      assert.equal(r.stderr, '', 'nothing on stderr');
      return r.stdout.trim().split('\n');
    };
    const first = paste();
    assert.equal(first.length, 4, first.join('\n'));
    assert.match(first[0], /^cash invoice FV-\d+-\d+: total 1130\.5$/);
    assert.match(first[1], /^electronic invoice \S+: Accepted, CUFE [0-9a-f]{96}$/);
    assert.match(first[2], /^receipt RC-\d+-\d+: 1000 paid$/);
    assert.match(first[3], /^CFDI A-\d+-\d+: Accepted, UUID [0-9A-F-]{36}, total 3132$/);
    for (const f of ['factura-electronica.pdf', 'factura-mx.pdf']) assert.equal(fs.readFileSync(path.join(dir, f)).subarray(0, 5).toString(), '%PDF-', f);

    const second = paste();
    assert.equal(second[0], first[0], 'the same Idempotency-Key: the same cash invoice');
    assert.notEqual(second[1], first[1], 'a second electronic invoice');
  } finally {
    await svc.stop();
    await storage.drop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
});
