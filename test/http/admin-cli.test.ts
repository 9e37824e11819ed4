/**
 * Issue 18, point 1: the CLI does what the administration API does, through
 * the same functions. Every command has --help; a mistake (unknown command or
 * option, missing option, a value the API refuses) exits 64 with what is
 * wrong and the command's usage, never a stack trace; records take --json and
 * --set (typed by the field's schema); the changes are recorded as made
 * through the CLI.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawn, spawnSync } from 'node:child_process';
import { once } from 'node:events';
import crypto from 'node:crypto';
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { generateTestCertificate } from '../../src/einvoice/certificates';
import { openDb } from '../../src/platform/db';
import { freshPostgres, STORAGES } from '../support/server';
import { ADMIN_TOKEN, freshNit, SECRET_KEY } from '../support/admin';

const cliFile = path.join(__dirname, '..', '..', 'src', 'cli.js');
/** A date `offset` days from today as the Colombian companies see it (America/Bogota, UTC−5 all year), as the service checks dates. */
const day = (offset: number) => new Date(Date.now() - 5 * 3_600_000 + offset * 86_400_000).toISOString().slice(0, 10);

function cli(env: Record<string, string>, ...args: string[]) {
  return cliWith(undefined, env, ...args);
}

/** The CLI with `input` on its standard input (then closed; undefined: closed at once). */
function cliWith(input: string | undefined, env: Record<string, string>, ...args: string[]) {
  const r = spawnSync(process.execPath, [cliFile, ...args], {
    env: { ...process.env, LOG_LEVEL: 'silent', ADMIN_TOKEN: '', CERT_PASSWORD: '', CONSOLE_PASSWORD: '', ...env }, input, encoding: 'utf8', timeout: 180_000,
  });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr, json: () => JSON.parse(r.stdout) };
}

/** A mistake: exit 64, what is wrong, the command's usage line, no stack trace, nothing on stdout. */
function mistake(r: ReturnType<typeof cli>, command: string, what: RegExp, code = 64): void {
  assert.equal(r.code, code, r.stderr);
  assert.match(r.stderr, what);
  assert.match(r.stderr, new RegExp(`^usage: npm run -s cli -- ${command}`, 'm'));
  assert.doesNotMatch(r.stderr, /^\s+at /m, 'no stack trace');
  assert.equal(r.stdout, '');
}

test('CLI: --help of every kind of command, and mistakes told with the usage, exit 64', () => {
  const top = cli({}, '--help');
  assert.equal(top.code, 0);
  for (const noun of ['company create', 'company update', 'company settings', 'seller list|show|create|update|deactivate', 'document-type', 'tax', 'payment-type', 'cost-center',
    'warehouse', 'price-list', 'account-group', 'certificate load', 'exchange-rate list|show|create|update', 'api-user list|show|create|update|deactivate|rotate', 'dian test-set', 'user create', 'key rotate']) {
    assert.ok(top.stdout.includes(`  ${noun}`), `${noun} in the usage`);
  }
  for (const command of ['company create', 'company update', 'tax create', 'document-type update', 'certificate load', 'exchange-rate list', 'api-user rotate', 'dian test-set']) {
    const help = cli({}, ...command.split(' '), '--help');
    assert.equal(help.code, 0, command);
    assert.match(help.stdout, new RegExp(`^usage: npm run -s cli -- ${command} --`, 'm'));
  }
  mistake(cli({}, 'tax', 'create', '--company-id', '1', '--bogus', 'x'), 'tax create', /^error: unknown option --bogus/m);
  mistake(cli({}, 'seller', 'update', '--company-id', '1'), 'seller update', /^error: --id is required$/m);
  mistake(cli({}, 'company', 'create', '--country'), 'company create', /^error: .*--country/m);
  const none = cli({}, 'frobnicate');
  assert.equal(none.code, 64);
  assert.match(none.stderr, /^error: unknown command "frobnicate"\nusage: npm run -s cli -- <command>/);
});

for (const storage of STORAGES) {
  test(`CLI: a company set up from the command line, through the administration's functions [${storage}]`, async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'facturas-cli-'));
    const pg = storage === 'postgres' ? await freshPostgres() : null;
    const env = { DATA_DIR: dataDir, DATABASE_URL: pg?.url ?? '', SECRET_KEY: pg ? SECRET_KEY : '' };
    try {
      const { nit } = freshNit();
      const made = cli(env, 'company', 'create', '--country', 'CO', '--legal-name', 'Ferretería El Tornillo S.A.S.', '--tax-id', nit,
        '--address', 'Cra 7 # 71-21', '--state-code', '11', '--city-code', '11001', '--postal-code', '110231', '--no-starter-catalog',
        '--set', 'settings.vat_responsible=true', '--set', 'settings.fiscal_responsibilities=["O-13"]', '--set', 'settings.dian.pin=pin-secreto-1234');
      assert.equal(made.code, 0, made.stderr);
      const c = made.json();
      assert.deepEqual([c.country, c.tax_id, c.address.city.city_code, c.settings.vat_responsible, c.settings.dian.pin_set], ['CO', nit, '11001', true, true]);
      const id = String(c.id);

      // --set reads each value as its field's type: a number, a boolean, text that looks like a number.
      const tax = cli(env, 'tax', 'create', '--company-id', id, '--set', 'name=IVA 19%', '--set', 'type=IVA', '--set', 'percentage=19');
      assert.equal(tax.code, 0, tax.stderr);
      assert.deepEqual(tax.json(), { id: tax.json().id, name: 'IVA 19%', type: 'IVA', percentage: 19, active: true, account_code: '24080501' });
      const updated = cli(env, 'company', 'update', '--company-id', id, '--set', 'settings.seller_by_item=true', '--set', 'settings.dian.id=12345', '--json', '{"legal_name":"El Tornillo S.A.S."}');
      assert.equal(updated.code, 0, updated.stderr);
      assert.deepEqual([updated.json().legal_name, updated.json().settings.seller_by_item, updated.json().settings.dian.id], ['El Tornillo S.A.S.', true, '12345']);

      // The API's refusals, on their paths, with the usage.
      mistake(cli(env, 'tax', 'create', '--company-id', id, '--json', '{"name":"IEPS","type":"IEPS","percentage":8}'), 'tax create', /^error: invalid_value at type: A CO tax type is one of/m);
      mistake(cli(env, 'company', 'update', '--company-id', id, '--set', 'settings.dian.environment=1'), 'company update', /^error: company_settings at settings.dian.environment: .*test set/m);
      mistake(cli(env, 'tax', 'show', '--company-id', id, '--id', '999999'), 'tax show', /^error: not_found at item/m);
      mistake(cli(env, 'tax', 'list', '--company-id', '999999'), 'tax list', /^error: not_found at id/m);
      mistake(cli(env, 'tax', 'list', '--company-id', 'abc'), 'tax list', /^error: --company-id must be a positive whole number/m);
      mistake(cli(env, 'seller', 'create', '--company-id', id, '--json', '{oops'), 'seller create', /^error: --json is not valid JSON/m);

      // A document type from a file, a certificate from its .p12, an exchange rate, a seller deactivated.
      const typeFile = path.join(dataDir, 'fe.json');
      fs.writeFileSync(typeFile, JSON.stringify({ code: 'FE', name: 'Factura electrónica', type: 'FV', electronic_type: 'ElectronicInvoice',
        resolution: { number: '18764000001', prefix: 'SETT', from: 1, to: 5000, valid_from: day(-10), valid_to: day(300), technical_key: 'abc123' } }));
      const fe = cli(env, 'document-type', 'create', '--company-id', id, '--json', `@${typeFile}`);
      assert.equal(fe.code, 0, fe.stderr);
      assert.deepEqual([fe.json().prefix, fe.json().consecutive], ['SETT', 1]);
      const p12 = generateTestCertificate({ commonName: c.legal_name, nit });
      const p12File = path.join(dataDir, 'firma.p12');
      fs.writeFileSync(p12File, Buffer.from(p12.p12Base64, 'base64'));
      // Its password never as an argument: stdin (a pipe, or --password-stdin) or CERT_PASSWORD; --password is refused, saying so.
      const loaded = cliWith(`${p12.password}\n`, env, 'certificate', 'load', '--company-id', id, '--p12', p12File);
      assert.equal(loaded.code, 0, loaded.stderr);
      assert.deepEqual([loaded.json().active, loaded.json().warnings], [true, []]);
      assert.equal(cliWith(`${p12.password}\nmore lines\n`, env, 'certificate', 'load', '--company-id', id, '--p12', p12File, '--password-stdin').code, 0, 'the first line');
      assert.equal(cli({ ...env, CERT_PASSWORD: p12.password }, 'certificate', 'load', '--company-id', id, '--p12', p12File).code, 0, 'CERT_PASSWORD');
      mistake(cliWith('wrong-password\n', { ...env, CERT_PASSWORD: p12.password }, 'certificate', 'load', '--company-id', id, '--p12', p12File, '--password-stdin'),
        'certificate load', /^error: invalid_value at password/m);
      mistake(cli(env, 'certificate', 'load', '--company-id', id, '--p12', p12File, `--password=${p12.password}`), 'certificate load',
        /^error: --password is no longer accepted \(a password in the command line stays in the shell history and the process list\): pipe it on stdin \(--password-stdin\) or set CERT_PASSWORD$/m);
      mistake(cli(env, 'certificate', 'load', '--company-id', id, '--p12', p12File), 'certificate load', /^error: no password on stdin: pipe it .* or set CERT_PASSWORD$/m);
      // A caller that keeps stdin open: read up to the first line, never waited for; with CERT_PASSWORD, stdin is not read at all.
      for (const [extra, written] of [[{}, `${p12.password}\n`], [{ CERT_PASSWORD: p12.password }, '']] as const) {
        const child = spawn(process.execPath, [cliFile, 'certificate', 'load', '--company-id', id, '--p12', p12File], {
          env: { ...process.env, LOG_LEVEL: 'silent', ADMIN_TOKEN: '', CERT_PASSWORD: '', ...env, ...extra }, stdio: ['pipe', 'pipe', 'pipe'],
        });
        if (written) child.stdin.write(written);
        let err = '';
        child.stderr.on('data', (d) => { err += d; });
        const code = await Promise.race([once(child, 'exit').then(([c]) => c), new Promise((done) => setTimeout(() => done('hung'), 60_000))]);
        if (code === 'hung') child.kill('SIGKILL');
        child.stdin.destroy();
        assert.equal(code, 0, `${JSON.stringify(extra)}: ${err}`);
      }
      mistake(cli(env, 'certificate', 'load', '--company-id', id, '--p12', path.join(dataDir, 'none.p12')), 'certificate load', /^error: cannot read .*none\.p12: ENOENT/m);
      const rate = cli(env, 'exchange-rate', 'create', '--company-id', id, '--set', 'currency=USD', '--set', `date=${day(0)}`, '--set', 'rate=4012.5');
      assert.equal(rate.code, 0, rate.stderr);
      assert.equal(rate.json().rate, 4012.5);
      assert.deepEqual(cli(env, 'exchange-rate', 'list', '--company-id', id, '--currency', 'USD').json().map((x: any) => x.rate), [4012.5]);
      const seller = cli(env, 'seller', 'create', '--company-id', id, '--set', 'username=lmartinez', '--set', 'first_name=Laura');
      assert.equal(seller.code, 0, seller.stderr);
      assert.equal(cli(env, 'seller', 'deactivate', '--company-id', id, '--id', String(seller.json().id)).json().active, false);
      const switched = cli(env, 'company', 'settings', '--company-id', id, '--set', 'cost_center_required=true');
      assert.deepEqual(switched.json(), { company_id: c.id, settings: { seller_by_item: true, cost_center_required: true, long_product_descriptions: null, warehouses_enabled: null } });

      // API users: the key once; rotate (by id, or by username as before); deactivate.
      const user = cli(env, 'api-user', 'create', '--company-id', id, '--set', 'username=tornillo-erp');
      assert.equal(user.code, 0, user.stderr);
      const rotated = cli(env, 'api-user', 'rotate', '--company-id', id, '--id', String(user.json().id));
      assert.notEqual(rotated.json().access_key, user.json().access_key);
      assert.ok(cli(env, 'key', 'rotate', '--username', 'tornillo-erp').json().access_key);
      assert.equal(cli(env, 'api-user', 'deactivate', '--company-id', id, '--id', String(user.json().id)).json().active, false);
      assert.deepEqual(Object.keys(cli(env, 'api-user', 'list', '--company-id', id).json()[0]).sort(), ['active', 'created', 'id', 'username']);

      // The test set, through the sandbox.
      const set = cli(env, 'dian', 'test-set', '--company-id', id, '--test-set-id', '7d3f9a2e-1b4c-4e5d-8f6a-0b1c2d3e4f5a');
      assert.equal(set.code, 0, set.stderr);
      assert.equal(set.json().status, 'Accepted');
      assert.equal(cli(env, 'company', 'update', '--company-id', id, '--set', 'settings.dian.environment=1').json().settings.dian.environment, '1');

      const db = await openDb({ databaseUrl: pg?.url, dataDir });
      try {
        const rows = await db.query('SELECT via, action, resource FROM admin_changes WHERE company_id = $1 ORDER BY id', [c.id]);
        assert.ok(rows.length >= 15);
        assert.ok(rows.every((r) => r.via === 'cli'));
        assert.ok(!JSON.stringify(await db.query('SELECT changes FROM admin_changes WHERE company_id = $1', [c.id])).includes('pin-secreto'), 'the PIN is not recorded');
      } finally {
        await db.close();
      }
    } finally {
      await pg?.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
}

test('CLI on PostgreSQL without SECRET_KEY: a certificate is refused with what to do', { skip: !process.env.TEST_DATABASE_URL && 'needs TEST_DATABASE_URL' }, async () => {
  const pg = await freshPostgres();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'facturas-cli-'));
  try {
    const env = { DATABASE_URL: pg.url, SECRET_KEY: '', DATA_DIR: dataDir };
    const { nit } = freshNit();
    const c = cli(env, 'company', 'create', '--country', 'CO', '--legal-name', 'Sin Llave S.A.S.', '--tax-id', nit, '--address', 'Calle 1', '--state-code', '11', '--city-code', '11001');
    assert.equal(c.code, 0, c.stderr);
    const p12 = generateTestCertificate({ commonName: 'Sin Llave S.A.S.', nit });
    const file = path.join(dataDir, 'firma.p12');
    fs.writeFileSync(file, Buffer.from(p12.p12Base64, 'base64'));
    mistake(cli({ ...env, CERT_PASSWORD: p12.password }, 'certificate', 'load', '--company-id', String(c.json().id), '--p12', file), 'certificate load',
      /^error: parameter_required at SECRET_KEY: Certificates cannot be stored: SECRET_KEY is not set/m, 78);
    // Nor a DIAN PIN or a resolution's technical key: stored in clear otherwise (nothing is written).
    const id = String(c.json().id);
    mistake(cli(env, 'company', 'update', '--company-id', id, '--set', 'settings.dian.pin=12345'), 'company update',
      /^error: parameter_required at SECRET_KEY: The DIAN PIN would be stored in clear: SECRET_KEY is not set/m, 78);
    const day = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);
    mistake(cli(env, 'document-type', 'create', '--company-id', id, '--json', JSON.stringify({ code: 'FV-K', name: 'Factura', type: 'FV', electronic_type: 'ElectronicInvoice',
      resolution: { number: '18764000001', prefix: 'SETK', from: 1, to: 5000, valid_from: day(-10), valid_to: day(300), technical_key: 'abc123' } })), 'document-type create',
    /^error: parameter_required at SECRET_KEY: The resolution's technical key would be stored in clear/m, 78);
    const shown = cli(env, 'company', 'show', '--company-id', id);
    assert.equal(shown.code, 0, shown.stderr);
    assert.equal(shown.json().settings.dian?.pin_set, undefined, 'the PIN was not written');
    assert.equal(cli(env, 'document-type', 'list', '--company-id', id).json().some((t: any) => t.code === 'FV-K'), false, 'nor the type');
    // A production environment (ADMIN_TOKEN set) on PostgreSQL without SECRET_KEY: the CLI stops as the service does (78).
    const production = cli({ ...env, ADMIN_TOKEN }, 'company', 'list');
    assert.equal(production.code, 78, production.stderr);
    assert.match(production.stderr, /^error: SECRET_KEY is required on a PostgreSQL server for a production start \(ADMIN_TOKEN is set\)/m);
    assert.deepEqual(fs.readdirSync(dataDir), ['firma.p12'], 'no key file is made for a PostgreSQL server');
  } finally {
    await pg.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
});

test('CLI sat-receiver: the receiver accepts or rejects a cancellation the sandbox provider holds', { skip: !process.env.TEST_DATABASE_URL && 'needs TEST_DATABASE_URL' }, async () => {
  const pg = await freshPostgres();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'facturas-cli-'));
  try {
    const env = { DATABASE_URL: pg.url, DATA_DIR: dataDir };
    mistake(cli(env, 'sat-receiver', '--uuid', 'ABC'), 'sat-receiver', /^error: give one of --accept and --reject$/m);
    mistake(cli(env, 'sat-receiver', '--uuid', 'ABC', '--accept'), 'sat-receiver', /^error: invalid_reference at uuid: No cancellation of ABC waits for its receiver/m);
    const db = await openDb({ databaseUrl: pg.url, dataDir });
    const [uuid, other] = [crypto.randomUUID().toUpperCase(), crypto.randomUUID().toUpperCase()];
    for (const u of [uuid, other]) {
      await db.query(`INSERT INTO sandbox_cancellations (uuid, issuer_rfc, receiver_rfc, motive, status) VALUES ($1, 'EKU9003173C9', 'XIA190128J61', '02', 'PendingAcceptance')`, [u]);
    }
    const accepted = cli(env, 'sat-receiver', '--uuid', uuid.toLowerCase(), '--accept');
    assert.equal(accepted.code, 0, accepted.stderr);
    assert.deepEqual(accepted.json(), { uuid, status: 'Cancelled' });
    assert.deepEqual(cli(env, 'sat-receiver', '--uuid', other, '--reject').json(), { uuid: other, status: 'Rejected' });
    const rows = await db.query('SELECT status FROM sandbox_cancellations ORDER BY status');
    assert.deepEqual(rows.map((r) => r.status), ['Cancelled', 'Rejected']);
    await db.close();
  } finally {
    await pg.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
});
