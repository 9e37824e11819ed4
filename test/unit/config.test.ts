/** Settings read from the environment (src/platform/config.ts) where a default depends on the kind of start. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ConfigError, loadConfig } from '../../src/platform/config';
import { ADMIN_TOKEN } from '../support/admin';

test('the console cookie is Secure on a production start unless CONSOLE_HTTPS=0, and only then without it', () => {
  assert.equal(loadConfig({}).consoleHttps, false, 'a development start over plain HTTP');
  assert.equal(loadConfig({ CONSOLE_HTTPS: '1' }).consoleHttps, true);
  assert.equal(loadConfig({ ADMIN_TOKEN }).consoleHttps, true, 'ADMIN_TOKEN set');
  assert.equal(loadConfig({ NODE_ENV: 'production' }).consoleHttps, true, 'NODE_ENV=production');
  assert.equal(loadConfig({ ADMIN_TOKEN, CONSOLE_HTTPS: '0' }).consoleHttps, false, 'the operator says TLS ends elsewhere');
});

test('an ADMIN_TOKEN anyone could guess is refused whatever its length', () => {
  const refused = (token: string) => assert.throws(() => loadConfig({ ADMIN_TOKEN: token }), (e: unknown) => e instanceof ConfigError && /too easy to guess/.test(e.message), token);
  refused('a'.repeat(32));
  refused('abababababababababababababababab'); // 2 different characters
  refused('abcdefghijklmnopqrstuvwxyz0123456789');
  refused('9876543210zyxwvutsrqponmlkjihgfedcba');
  // What `openssl rand -hex 32` gives, and the suite's own token, pass.
  assert.equal(loadConfig({ ADMIN_TOKEN: '5f0c2e9a71d84b36e0a9c4f2d1b87e356a0f9c2d4e1b7a38c5d2f0e9a4b1c7d6' }).adminToken?.length, 64);
  assert.equal(loadConfig({ ADMIN_TOKEN }).adminToken, ADMIN_TOKEN);
});
