/**
 * Issue 33, point 12: a SAT schema missing from the repository's schemas/ is a start-up error (server.ts calls
 * requireSchemas() before listening), never a skipped check: each required file, taken away, is named in the error.
 */
import { afterEach, mock, test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import { requireSchemas } from '../../src/einvoice/xsd';
import { startServer } from '../../src/server';
import type { Config } from '../../src/platform/config';

afterEach(() => mock.restoreAll());

test('every required schema is shipped: requireSchemas passes on the repository', () => {
  assert.doesNotThrow(() => requireSchemas());
});

test('cfdv40.xsd, Pagos20.xsd or the TFD schema missing: requireSchemas throws naming it', () => {
  const exists = fs.existsSync;
  for (const name of ['cfdv40.xsd', 'Pagos20.xsd', 'TimbreFiscalDigitalv11.xsd', 'tdCFDI.xsd', 'catPagos.xsd']) {
    mock.restoreAll();
    mock.method(fs, 'existsSync', (p: fs.PathLike) => !String(p).endsWith(`/${name}`) && exists(p));
    assert.throws(() => requireSchemas(), (e: Error) => e.message.includes(name) && /missing/.test(e.message), name);
  }
});

test('the service does not start without cfdv40.xsd', async () => {
  const exists = fs.existsSync;
  mock.method(fs, 'existsSync', (p: fs.PathLike) => !String(p).endsWith('/cfdv40.xsd') && exists(p));
  await assert.rejects(startServer({} as Config), /cfdv40\.xsd is missing/);
});
