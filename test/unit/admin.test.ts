/**
 * Pure pieces of the administration: the RFC check digit, sealing secrets
 * with SECRET_KEY (or DATA_DIR/secret.key), and the change log's diff with
 * its masked secrets.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { isValidRfc, rfcCheckDigit } from '../../src/platform/rfc';
import { passwordOf, seal, sealingKey, SecretKeyMissing, unseal } from '../../src/platform/secrets';
import { diff } from '../../src/admin/audit';

test('RFC check digit, by hand: EKU9003173C9 → 9', () => {
  // " EKU9003173C" (a company's RFC is padded with a space): 37×13 + 14×12 + 20×11 + 31×10 + 9×9 + 0×8 + 0×7 + 3×6 + 1×5 + 7×4 + 3×3 + 12×2
  // = 481 + 168 + 220 + 310 + 81 + 0 + 0 + 18 + 5 + 28 + 9 + 24 = 1344 = 11×122 + 2 → 11 − 2 = 9
  assert.equal(rfcCheckDigit('EKU9003173C9'), '9');
  assert.equal(isValidRfc('EKU9003173C9'), true);
  assert.equal(isValidRfc('EKU9003173C8'), false);
});

test('RFC check digit: the SAT\'s published test RFCs hold, of companies (12) and persons (13); A for 10; malformed ones are no RFC', () => {
  for (const rfc of ['XIA190128J61', 'URE180429TM6', 'MASO451221PM4', 'CACX7605101P8', 'FUNK671228PH6']) assert.equal(isValidRfc(rfc), true, rfc);
  assert.equal(isValidRfc('xia190128j61'), true, 'any letter case');
  // Find an RFC whose digit is A (r = 1) by varying the homoclave: the rule gives 'A', never '10'.
  const withA = Array.from({ length: 36 }, (_, i) => `ABC010101A${'0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ'[i]}`).find((h) => rfcCheckDigit(h + '0') === 'A');
  assert.ok(withA, 'some homoclave gives A');
  assert.equal(isValidRfc(`${withA}A`), true);
  assert.equal(rfcCheckDigit('ABC'), null);
  assert.equal(rfcCheckDigit('AB#010101AB1'), null);
});

test('sealed secrets: AES-256-GCM under SECRET_KEY; another key, or a changed byte, cannot open them', () => {
  const key = sealingKey({ secretKey: 'a-secret-key-of-some-length', dataDir: '/nonexistent' })!;
  const sealed = seal(key, 'clave del certificado');
  assert.match(sealed, new RegExp(`^v1\\.${key.id}\\.`));
  assert.ok(!sealed.includes('clave'));
  assert.notEqual(seal(key, 'clave del certificado'), sealed, 'a fresh IV every time');
  assert.equal(unseal(sealed), 'clave del certificado');
  assert.equal(passwordOf({ password_sealed: sealed, password: null }), 'clave del certificado');
  assert.equal(passwordOf({ password: 'plain, from an earlier version' }), 'plain, from an earlier version');
  const same = sealingKey({ secretKey: 'a-secret-key-of-some-length', dataDir: '/elsewhere' })!;
  assert.equal(same.id, key.id, 'the same SECRET_KEY gives the same key in every process');
  const parts = sealed.split('.');
  parts[4] = Buffer.from(Buffer.from(parts[4], 'base64').map((b, i) => (i === 0 ? b ^ 1 : b))).toString('base64');
  assert.throws(() => unseal(parts.join('.')), /auth/i, 'tampering is detected');
  const unknown = ['v1', 'ffffffffffffffff', ...sealed.split('.').slice(2)].join('.');
  assert.throws(() => unseal(unknown), SecretKeyMissing);
});

test('without SECRET_KEY: a key file in DATA_DIR (0600, made once) on the embedded database, none on a PostgreSQL server', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'facturas-key-'));
  try {
    const a = sealingKey({ dataDir: dir })!;
    const file = path.join(dir, 'secret.key');
    assert.equal(fs.statSync(file).mode & 0o777, 0o600);
    assert.equal(sealingKey({ dataDir: dir })!.id, a.id, 'read back, not made again');
    assert.equal(a.source, 'file');
    assert.equal(sealingKey({ dataDir: dir, databaseUrl: 'postgres://x@y/z' }), null);
    fs.writeFileSync(file, 'short');
    assert.throws(() => sealingKey({ dataDir: dir }), /32-byte key/);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

test('the change log: field by field, nested objects by their paths, unchanged fields left out, secrets masked at any depth', () => {
  assert.deepEqual(diff({ name: 'A', active: true, n: 1 }, { name: 'B', active: true, n: 1 }), { name: { from: 'A', to: 'B' } });
  assert.deepEqual(diff(null, { name: 'A', x: null }), { name: { from: null, to: 'A' } }, 'null and absent are the same');
  assert.deepEqual(diff({ settings: { email: 'a@x.co', dian: { id: '1', pin: '111' } } }, { settings: { email: 'a@x.co', dian: { id: '2', pin: '222' } } }),
    { 'settings.dian.id': { from: '1', to: '2' }, 'settings.dian.pin': { from: '(set)', to: '(changed)' } });
  assert.deepEqual(diff({ settings: {} }, { settings: { dian: { id: '1', pin: '111' } } }), { 'settings.dian': { from: null, to: { id: '1', pin: '(set)' } } });
  assert.deepEqual(diff({ logo: 'iVBOR…' }, { logo: null }), { logo: { from: '(set)', to: null } });
  assert.deepEqual(diff({ list: [1, 2] }, { list: [1, 3] }), { list: { from: [1, 2], to: [1, 3] } });
});
