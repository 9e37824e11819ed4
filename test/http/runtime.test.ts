/**
 * The runtime contract as a newcomer meets it: `npm start` (dist/src/main.js) on an
 * empty embedded database, the CLI beside it, SIGTERM, and the CLI's operator commands.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { generateTestCertificate } from '../../src/einvoice/certificates';
import { ServiceProcess } from '../support/service';
import { sleep } from '../support/profile';

const root = path.join(__dirname, '..', '..', '..');
const cli = path.join(root, 'dist', 'src', 'cli.js');

function runCli(env: NodeJS.ProcessEnv, ...args: string[]) {
  const r = spawnSync(process.execPath, [cli, ...args], { env: { ...process.env, ...env }, encoding: 'utf8' });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

test('npm start on an empty embedded database: demo credentials logged, CLI refused while it runs, SIGTERM closes cleanly', async () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'facturas-runtime-'));
  const svc = await ServiceProcess.start({ DATA_DIR: dataDir, DATABASE_URL: '', LOG_LEVEL: 'info' });
  const port = svc.port;
  const env = { DATA_DIR: dataDir, PORT: String(port), DATABASE_URL: '' };
  try {
    const logged = svc.output.split('\n').filter(Boolean).map((l) => { try { return JSON.parse(l); } catch { return {}; } });
    const creds = logged.find((l) => l.credentials)?.credentials;
    assert.ok(creds?.co?.access_key && creds?.mx?.access_key, 'credentials in the log');
    const login = await fetch(`http://127.0.0.1:${port}/mx/auth`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: creds.mx.username, access_key: creds.mx.access_key }) }); // the log also names the console user
    assert.equal(login.status, 200);
    // Log lines reach the pipe a moment after the answer.
    for (let i = 0; i < 50 && !/"url":"\/mx\/auth"/.test(svc.output); i++) await sleep(100);
    const logs = svc.output.split('\n').filter(Boolean).map((l) => { try { return JSON.parse(l); } catch { return {}; } });
    assert.ok(logs.some((l) => l.reqId && l.level === 'info' && l.method === 'POST' && l.url === '/mx/auth' && l.status === 200), 'one JSON line per request, with its id');

    const held = runCli(env, 'demo', '--json');
    assert.equal(held.code, 69);
    assert.equal(held.stdout, '');
    assert.match(held.stderr, new RegExp(`held by process ${svc.pid}`));
  } finally {
    const code = await svc.stop();
    assert.equal(code, 0, `clean exit: ${svc.output}`);
  }
  assert.equal(fs.existsSync(path.join(dataDir, 'pglite.lock')), false, 'lock released');

  // The server is gone: the CLI may use the database now.
  const demo = runCli(env, 'demo', '--json');
  assert.equal(demo.code, 0, demo.stderr);
  const printed = JSON.parse(demo.stdout);
  assert.deepEqual(Object.keys(printed).sort(), ['co', 'mx']);
  assert.deepEqual(Object.keys(printed.co).sort(), ['access_key', 'console', 'username']);
  assert.deepEqual(Object.keys(printed.co.console).sort(), ['email', 'password', 'role', 'url'], 'the demo console user (docs/console.md)');
  assert.equal(demo.stdout.trim().split('\n').length, 1, 'only the JSON line on stdout');

  const place = ['--address', 'Cra 7 # 71-21', '--state-code', '11', '--city-code', '11001'];
  const company = runCli(env, 'company', 'create', '--country', 'CO', '--legal-name', 'Ferretería El Tornillo S.A.S.', '--tax-id', '900373115', ...place);
  assert.equal(company.code, 0, company.stderr);
  const c = JSON.parse(company.stdout);
  assert.equal(c.check_digit, '3');
  const badNit = runCli(env, 'company', 'create', '--country', 'CO', '--legal-name', 'X', '--tax-id', '900373116', '--check-digit', '5', ...place);
  assert.equal(badNit.code, 64);
  assert.match(badNit.stderr, /check digit of NIT 900373116 is \d, not 5/);
  const user = runCli(env, 'user', 'create', '--company-id', String(c.id), '--username', 'tornillo-erp');
  assert.equal(user.code, 0, user.stderr);
  const u = JSON.parse(user.stdout);
  assert.equal(u.username, 'tornillo-erp');
  assert.ok(u.access_key.length >= 24);
  const stored = runCli(env, 'user', 'create', '--company-id', String(c.id), '--username', 'tornillo-erp');
  assert.equal(stored.code, 64, 'a taken username is refused');
  const rotated = runCli(env, 'key', 'rotate', '--username', 'tornillo-erp');
  assert.equal(rotated.code, 0, rotated.stderr);
  assert.notEqual(JSON.parse(rotated.stdout).access_key, u.access_key);
  assert.equal(runCli(env, 'frobnicate').code, 64);
  const made = generateTestCertificate({ commonName: 'Ferretería El Tornillo S.A.S.', nit: '900373115' });
  const p12File = path.join(dataDir, 'tornillo.p12');
  fs.writeFileSync(p12File, Buffer.from(made.p12Base64, 'base64'));
  const loaded = runCli({ ...env, CERT_PASSWORD: made.password }, 'certificate', 'load', '--company-id', String(c.id), '--p12', p12File); // never an argument (docs/security.md)
  assert.equal(loaded.code, 0, loaded.stderr);
  assert.match(JSON.parse(loaded.stdout).subject, /Tornillo/);
  const badPassword = runCli({ ...env, CERT_PASSWORD: 'nope' }, 'certificate', 'load', '--company-id', String(c.id), '--p12', p12File);
  assert.equal(badPassword.code, 64);
  assert.match(badPassword.stderr, /password/);

  // Company settings (README: Company settings): switched by name, printed back; unknown names refused.
  const switched = runCli(env, 'company', 'settings', '--company-id', String(c.id), '--set', 'cost_center_required=true', '--set', 'long_product_descriptions=false');
  assert.equal(switched.code, 0, switched.stderr);
  assert.deepEqual(JSON.parse(switched.stdout), { company_id: c.id,
    settings: { seller_by_item: null, cost_center_required: true, long_product_descriptions: false, warehouses_enabled: null } });
  assert.equal(runCli(env, 'company', 'settings', '--company-id', String(c.id), '--set', 'dian=true').code, 64);
  assert.equal(runCli(env, 'company', 'settings', '--company-id', '99999', '--set', 'seller_by_item=true').code, 64);

  // The demo keys keep working even after an operator rotated them.
  runCli(env, 'key', 'rotate', '--username', printed.co.username);
  const again = JSON.parse(runCli(env, 'demo', '--json').stdout);
  assert.deepEqual(again, printed);

  // The new company starts with its country's catalog and can be used at once.
  await svc.start({ LOG_LEVEL: 'silent' });
  try {
    const key = JSON.parse(rotated.stdout).access_key;
    const login = await fetch(`http://127.0.0.1:${port}/auth`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: 'tornillo-erp', access_key: key }) });
    assert.equal(login.status, 200);
    const token = ((await login.json()) as any).access_token;
    const get = async (p: string) => ((await (await fetch(`http://127.0.0.1:${port}${p}`, { headers: { authorization: `Bearer ${token}` } })).json()) as any);
    assert.deepEqual((await get('/v1/document-types?type=FV')).map((d: any) => d.code), ['FV']);
    assert.ok((await get('/v1/taxes')).length >= 5);
    assert.ok((await get('/v1/payment-types?document_type=FV')).some((p: any) => p.due_date));
    assert.deepEqual((await get('/v1/price-lists')).map((l: any) => l.position), [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
    assert.deepEqual((await get('/v1/account-groups')).map((g: any) => g.name), ['Mercancías', 'Servicios']);
    assert.equal((await get('/v1/customers')).pagination.total_results, 0, 'no demo customers in a real company');
    const invoice = await fetch(`http://127.0.0.1:${port}/v1/invoices`, { method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: JSON.stringify({
      document: { id: 1 }, date: '2026-01-01', customer: { identification: '1' }, seller: 1, items: [{ code: 'X', quantity: 1, price: 1 }], payments: [{ id: 1, value: 1 }] }) });
    const errors = ((await invoice.json()) as any).Errors.map((e: any) => `${e.Code}@${e.Params[0]}`);
    assert.ok(errors.includes('parameter_required@cost_center'), `settings.cost_center_required holds: ${errors}`);
  } finally {
    await svc.stop();
  }
  fs.rmSync(dataDir, { recursive: true, force: true });
});
