/**
 * Issue 18, point 5: an operator starting the service. A port in use, a
 * wrong setting or a database that cannot be used stops `npm start` (and the
 * CLI) with one clear line on stderr and its exit code, never a stack trace,
 * before any migration runs. Logs are JSON lines whose level is a word; each
 * request has one line with method, URL, company, status and error codes, and
 * every stamping and mail outcome has its own line.
 */
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ADMIN_TOKEN } from '../support/admin';
import pg from 'pg';
import { ApiClient, freshPostgres } from '../support/server';
import { freePort, ServiceProcess } from '../support/service';
import { today, validInvoice, coRefs } from '../support/co';
import { MX_APP, mxInvoice, mxRefs } from '../support/mx';
import { sleep } from '../support/profile';

const root = path.join(__dirname, '..', '..', '..');
const run = (file: string, env: Record<string, string>, args: string[] = []) => {
  const r = spawnSync(process.execPath, [path.join(root, 'dist', 'src', file), ...args], {
    env: { ...process.env, DATABASE_URL: '', ADMIN_TOKEN: '', SECRET_KEY: '', NODE_ENV: '', LOG_LEVEL: 'info', ...env }, encoding: 'utf8', timeout: 120_000,
  });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
};

/** One line on stderr, no stack frames, nothing on stdout. */
function oneLine(r: { stdout: string; stderr: string }, pattern: RegExp): void {
  const lines = r.stderr.trim().split('\n');
  assert.equal(lines.length, 1, `one line, got:\n${r.stderr}`);
  assert.match(lines[0], pattern);
  assert.doesNotMatch(r.stderr, /^\s+at /m);
  assert.equal(r.stdout, '');
}

test('a port in use, a wrong setting or a database that cannot be used stops the start with one line and an exit code, before migrations', async () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'facturas-startup-'));
  const port = await freePort();
  const taken = net.createServer();
  await new Promise<void>((ok) => taken.listen(port, '127.0.0.1', ok));
  try {
    const base = { DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1' };
    const notADir = path.join(os.tmpdir(), `facturas-file-${port}`);
    fs.writeFileSync(notADir, 'a file, not a directory');
    const inUse = run('main.js', base);
    assert.equal(inUse.code, 98);
    oneLine(inUse, new RegExp(`^Cannot start: Port ${port} on 127\\.0\\.0\\.1 is already in use by another process; stop it or set PORT$`));
    assert.deepEqual(fs.readdirSync(dataDir), [], 'the embedded database was not even opened');

    const cases: [Record<string, string>, number, RegExp][] = [
      [{ PORT: 'abc' }, 78, /^Cannot start: PORT must be a non-negative integer, got "abc"$/],
      [{ PORT: '70000' }, 78, /^Cannot start: PORT must be a port number from 0 to 65535/],
      [{ LOG_LEVEL: 'loud' }, 78, /^Cannot start: LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent, got "loud"$/],
      [{ ADMIN_TOKEN: 'short-secret' }, 78, /^Cannot start: ADMIN_TOKEN must have at least 32 characters \(it has 12\)$/],
      [{ ADMIN_TOKEN: 'x'.repeat(31) }, 78, /^Cannot start: ADMIN_TOKEN must have at least 32 characters \(it has 31\)$/],
      // Long enough, and still guessable: too few different characters, or a run of consecutive ones.
      [{ ADMIN_TOKEN: 'a'.repeat(32) }, 78, /^Cannot start: ADMIN_TOKEN is too easy to guess: it has only 1 different characters \(make one with `openssl rand -hex 32`\)$/],
      [{ ADMIN_TOKEN: 'abcdefghijklmnopqrstuvwxyz0123456789' }, 78, /^Cannot start: ADMIN_TOKEN is too easy to guess: most of its characters follow the one before/],
      [{ SECRET_KEY: 'x' }, 78, /^Cannot start: SECRET_KEY must have at least 16 characters/],
      [{ DIAN_MODE: 'live' }, 78, /^Cannot start: DIAN_MODE must be one of sandbox, webservice/],
      [{ PAC_MODE: 'pac' }, 78, /^Cannot start: PAC_MODE must be one of sandbox, finkok, got "pac"$/],
      [{ PAC_MODE: 'finkok', PAC_USER: 'cuenta@empresa.mx' }, 78, /^Cannot start: PAC_MODE=finkok needs PAC_USER and PAC_PASSWORD \(the Finkok account\)$/],
      [{ SMTP_URL: 'mail.example.com' }, 78, /^Cannot start: SMTP_URL must be a URL/],
      [{ DATABASE_URL: 'mysql://root@127.0.0.1/test' }, 78, /^Cannot start: DATABASE_URL must be a URL like postgres:\/\/user:password@host:5432\/database$/],
      [{ DATABASE_URL: 'postgres://root:s3cret@127.0.0.1:1/test' }, 69, /^Cannot start: Cannot use the database at postgres:\/\/root:\*\*\*@127\.0\.0\.1:1\/test: nothing listens there/],
      // A production start (ADMIN_TOKEN set, or NODE_ENV=production) on PostgreSQL without SECRET_KEY: refused before the database is even
      // reached; with SECRET_KEY it goes on (to the database, which is not there: 69); a development start goes on too (the line above).
      [{ DATABASE_URL: 'postgres://root:s3cret@127.0.0.1:1/test', ADMIN_TOKEN: ADMIN_TOKEN }, 78, /^Cannot start: SECRET_KEY is required on a PostgreSQL server for a production start \(ADMIN_TOKEN is set\): set it/],
      [{ DATABASE_URL: 'postgres://root:s3cret@127.0.0.1:1/test', NODE_ENV: 'production' }, 78, /^Cannot start: SECRET_KEY is required on a PostgreSQL server for a production start \(NODE_ENV=production\)/],
      [{ DATABASE_URL: 'postgres://root:s3cret@127.0.0.1:1/test', ADMIN_TOKEN: ADMIN_TOKEN, SECRET_KEY: 'k'.repeat(16) }, 69, /^Cannot start: Cannot use the database at .*nothing listens there/],
      [{ DATA_DIR: path.join(notADir, 'data') }, 78, /^Cannot start: The embedded database in DATA_DIR .* cannot be opened: ENOTDIR/],
      // The test suite's cheap hashes (src/platform/hashing.ts) are refused outside Node's test runner, and any other value anywhere.
      [{ HASH_COST: 'test', NODE_TEST_CONTEXT: '' }, 78, /^Cannot start: HASH_COST=test is for the test suite only \(under node --test\): a real start hashes access keys and passwords at full cost$/],
      [{ HASH_COST: 'cheap' }, 78, /^Cannot start: HASH_COST takes only "test" \(the test suite's cheap hashes\), got "cheap"$/],
    ];
    for (const [env, code, pattern] of cases) {
      const r = run('main.js', { ...base, PORT: '0', ...env });
      assert.equal(r.code, code, `${JSON.stringify(env)}: ${r.stderr}`);
      oneLine(r, pattern);
      assert.doesNotMatch(r.stderr, /short-secret|s3cret/, 'secrets are never printed');
    }
    // The CLI reads the same settings and stops the same way.
    const cli = run('cli.js', { ...base, PORT: 'abc' }, ['company', 'list']);
    assert.equal(cli.code, 78);
    oneLine(cli, /^error: PORT must be a non-negative integer/);

    if (process.env.TEST_DATABASE_URL) {
      const url = new URL(process.env.TEST_DATABASE_URL);
      url.pathname = '/facturas_no_such_database';
      const missing = run('main.js', { ...base, PORT: '0', DATABASE_URL: url.toString() });
      assert.equal(missing.code, 69);
      oneLine(missing, /that database does not exist/);
      // On a real server, a taken port stops the start before any migration touched the database.
      const fresh = await freshPostgres();
      try {
        const r = run('main.js', { ...base, DATABASE_URL: fresh.url });
        assert.equal(r.code, 98, r.stderr);
        const client = new pg.Client({ connectionString: fresh.url });
        await client.connect();
        const [row] = (await client.query("SELECT to_regclass('public.schema_migrations') AS t")).rows;
        await client.end();
        assert.equal(row.t, null, 'no migration ran');
      } finally {
        await fresh.drop();
      }
    }
  } finally {
    taken.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
    fs.rmSync(path.join(os.tmpdir(), `facturas-file-${port}`), { force: true });
  }
});

test('logs: levels in words, one line per request with method, URL, company, status and error codes, a line per stamping and mail outcome', async () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'facturas-logs-'));
  const svc = await ServiceProcess.start({ DATA_DIR: dataDir, DATABASE_URL: '', LOG_LEVEL: 'info' });
  try {
    const c = new ApiClient(svc.url);
    const r = await coRefs(c);
    const bad = await c.as('co').post('/v1/invoices', validInvoice(r, { seller: 999999 }));
    assert.equal(bad.status, 400);
    const good = await c.as('co').post('/v1/invoices', validInvoice(r, { document: { id: r.type['FV-E'].id }, date: today(), stamp: { send: true }, mail: { send: true } }));
    assert.equal(good.body.stamp.status, 'Accepted', JSON.stringify(good.body));
    const m = await mxRefs(c);
    const cfdi = await c.as('mx').post('/v1/invoices', mxInvoice(m, undefined, undefined, { stamp: { send: true } }), MX_APP);
    assert.equal(cfdi.body.stamp.status, 'Accepted', JSON.stringify(cfdi.body));

    const lines = () => svc.output.split('\n').filter((l) => l.startsWith('{')).map((l) => JSON.parse(l));
    const find = async (what: string, pick: (l: any) => boolean) => {
      for (let i = 0; i < 300; i++) {
        const hit = lines().find(pick);
        if (hit) return hit;
        await sleep(100);
      }
      assert.fail(`no log line for ${what}:\n${svc.output.slice(-3000)}`);
    };
    const refused = await find('the refused invoice', (l) => l.url === '/v1/invoices' && l.status === 400);
    assert.equal(refused.level, 'info');
    assert.equal(refused.method, 'POST');
    assert.equal(typeof refused.company_id, 'number');
    assert.deepEqual(refused.error_codes, ['invalid_reference']);
    assert.match(refused.reqId, /^[0-9a-f-]{36}$/);
    const created = await find('the accepted invoice', (l) => l.url === '/v1/invoices' && l.status === 201);
    assert.equal(created.company_id, refused.company_id);
    assert.equal(created.error_codes, undefined);
    const stamped = await find('the DIAN verdict', (l) => l.msg === 'dian_submit Accepted');
    assert.deepEqual([stamped.level, stamped.ref_id, stamped.company_id], ['info', good.body.id, refused.company_id]);
    const sat = await find('the SAT stamp', (l) => l.msg === 'sat_stamp Accepted');
    assert.equal(sat.ref_id, cfdi.body.id);
    const mailed = await find('the mail', (l) => l.msg === 'mail sent');
    assert.equal(mailed.company_id, refused.company_id);
    for (const l of lines()) assert.equal(typeof l.level, 'string', `level in words: ${JSON.stringify(l)}`);
  } finally {
    await svc.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
});
