/** Console passwords judged by @zxcvbn-ts (src/platform/password-strength.ts). */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { weakPassword } from '../../src/platform/password-strength';

test('guessable passwords are refused with their strength; phrases of uncommon words pass', () => {
  const email = ['contadora@tornillo.example'];
  for (const p of ['aaaaaaaaaaaa', ' '.repeat(12), 'password1234', 'qwertyuiopasdf', '123456789012', 'contadora@tornillo.example', 'Contraseña2024']) {
    assert.match(weakPassword(p, email) ?? '', /^The password is too easy to guess \(strength [0-2] of 4, at least 3 needed\)/, p);
  }
  for (const p of ['una clave larga 123', 'correcto caballo batería grapa', 'la clave nueva 2026']) assert.equal(weakPassword(p, email), null, p);
  // Only the first 32 characters are judged (the estimate grows fast with the length): a weak start stays weak.
  assert.notEqual(weakPassword(`${'a'.repeat(32)}xK9#mP2$vL7@nQ4!wR8&`), null);
});
