/**
 * The operator console's accounts over HTTP: console-user administration (/admin/v1), the CLI, sessions
 * (cookie, idle and absolute expiry, logout), the login rate limit, and the origin and CSRF checks.
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eachStorage, startTestServer, type TestServer } from '../support/server';
import { adminOf, ADMIN_TOKEN, type Admin } from '../support/admin';
import { ConsoleClient } from '../support/console';
import { DEMO_CONSOLE, ensureDemoConsole } from '../../src/console/demo';

eachStorage('console accounts', (storage) => {
  let s: TestServer;
  let admin: Admin;
  let co: number;
  let mx: number;
  before(async () => {
    s = await startTestServer(storage, { ADMIN_TOKEN, CONSOLE_LOGIN_MAX_PER_EMAIL: '3', CONSOLE_LOGIN_MAX_PER_ADDRESS: '6' });
    await ensureDemoConsole(s.db);
    admin = adminOf(s);
    [co, mx] = (await s.db.query<{ company_id: number }>("SELECT company_id FROM companies WHERE is_demo ORDER BY country")).map((r) => r.company_id);
  });
  after(async () => s?.close());

  test('console users: create (201), list without secrets, every bad field named, delete, new password', async () => {
    const made = await admin.post(`/companies/${co}/console-users`, { email: 'contadora@tornillo.example', password: 'una clave larga 123', role: 'accountant' });
    assert.equal(made.status, 201, JSON.stringify(made.body));
    assert.deepEqual(Object.keys(made.body).sort(), ['created', 'email', 'id', 'role']);
    const listed = await admin.get(`/companies/${co}/console-users`);
    assert.equal(listed.status, 200);
    assert.ok(listed.body.some((u: any) => u.email === 'contadora@tornillo.example' && u.role === 'accountant'));
    assert.doesNotMatch(JSON.stringify(listed.body), /password|hash|salt/i);
    const stored = await s.db.query<any>('SELECT password_hash, password_salt FROM console_users WHERE company_id = $1 AND id = $2', [co, made.body.id]);
    assert.match(stored[0].password_hash, /^[0-9a-f]{64}$/, 'only a hash is stored');

    const bad = await admin.post(`/companies/${co}/console-users`, { email: 'no-es-correo', password: 'corta', role: 'jefe', extra: 1 });
    assert.equal(bad.status, 400);
    assert.deepEqual(bad.body.Errors.map((e: any) => `${e.Code}@${e.Params[0]}`).sort(),
      ['invalid_email@email', 'invalid_value@role', 'length_min@password', 'parameter_not_allowed@extra']);
    const twice = await admin.post(`/companies/${mx}/console-users`, { email: 'CONTADORA@tornillo.example', password: 'otra clave larga 1', role: 'viewer' });
    assert.equal(twice.status, 400);
    assert.equal(twice.body.Errors[0].Code, 'already_exists');
    assert.equal((await admin.post('/companies/999999/console-users', { email: 'x@y.example', password: 'una clave larga 123', role: 'viewer' })).status, 404);
    assert.equal((await s.call('GET', `/admin/v1/companies/${co}/console-users`, { token: 'not-the-admin-token' })).status, 401);

    // A new password ends the user's sessions; the old password stops working.
    const c = new ConsoleClient(s);
    assert.equal((await c.login('contadora@tornillo.example', 'una clave larga 123')).status, 303);
    assert.equal((await c.send('GET', '/app')).status, 200);
    assert.equal((await admin.post(`/companies/${co}/console-users/${made.body.id}/password`, { password: 'corta' })).status, 400);
    // Long enough and still guessable: twelve of one letter, twelve spaces, a well-known password, the e-mail itself.
    for (const password of ['aaaaaaaaaaaa', ' '.repeat(12), 'password1234', 'qwertyuiopasdf', 'contadora@tornillo.example']) {
      const weak = await admin.post(`/companies/${co}/console-users/${made.body.id}/password`, { password });
      assert.equal(weak.status, 400, password);
      assert.deepEqual(weak.body.Errors.map((e: any) => `${e.Code}@${e.Params[0]}`), ['invalid_value@password'], password);
      assert.match(weak.body.Errors[0].Message, /^The password is too easy to guess \(strength [0-2] of 4, at least 3 needed\)/, password);
    }
    const weakNew = await admin.post(`/companies/${co}/console-users`, { email: 'nuevo@tornillo.example', password: 'Nuevo@Tornillo.example1', role: 'viewer' });
    assert.deepEqual(weakNew.body.Errors?.map((e: any) => `${e.Code}@${e.Params[0]}`), ['invalid_value@password'], 'the e-mail is a known word');
    const changed = await admin.post(`/companies/${co}/console-users/${made.body.id}/password`, { password: 'la clave nueva 2026' });
    assert.equal(changed.status, 200);
    assert.equal((await c.send('GET', '/app')).status, 303, 'the session ended');
    assert.equal((await new ConsoleClient(s).login('contadora@tornillo.example', 'una clave larga 123')).status, 401);
    assert.equal((await new ConsoleClient(s).login('contadora@tornillo.example', 'la clave nueva 2026')).status, 303);

    assert.equal((await s.call('DELETE', `/admin/v1/companies/${mx}/console-users/${made.body.id}`, { token: ADMIN_TOKEN })).status, 404, 'another company\'s user');
    const gone = await s.call('DELETE', `/admin/v1/companies/${co}/console-users/${made.body.id}`, { token: ADMIN_TOKEN });
    assert.equal(gone.status, 200);
    assert.equal((await new ConsoleClient(s).login('contadora@tornillo.example', 'la clave nueva 2026')).status, 401);
    await s.db.query('DELETE FROM login_failures');
  });

  test('sessions: HttpOnly SameSite=Lax cookie, pages need one, idle and absolute expiry, logout', async () => {
    const c = new ConsoleClient(s);
    assert.equal((await c.send('GET', '/app')).headers.get('location'), '/app/login');
    const wrong = await c.login(DEMO_CONSOLE.co.email, 'no es la clave!!');
    assert.equal(wrong.status, 401);
    assert.match(wrong.text, /Correo o contraseña incorrectos/);
    const ok = await c.login(DEMO_CONSOLE.co.email, DEMO_CONSOLE.co.password);
    assert.equal(ok.status, 303);
    const set = ok.headers.get('set-cookie')!;
    assert.match(set, /HttpOnly/);
    assert.match(set, /SameSite=Lax/);
    assert.match(set, /Path=\/app/);
    assert.match(set, /; Secure/, 'a production start (ADMIN_TOKEN set) marks the cookie Secure unless CONSOLE_HTTPS=0');
    const home = await c.send('GET', '/app');
    assert.equal(home.status, 200);
    assert.match(home.text, /<html lang="es">/);
    assert.match(home.text, /Facturado este mes/);

    // Idle: a session unused for longer than CONSOLE_IDLE_SECONDS is over; absolute: so is one older than CONSOLE_SESSION_SECONDS.
    await s.db.query("UPDATE console_sessions SET last_seen = now() - interval '31 minutes' WHERE company_id = $1", [co]);
    assert.equal((await c.send('GET', '/app')).status, 303, 'idle expiry');
    assert.equal((await c.login(DEMO_CONSOLE.co.email, DEMO_CONSOLE.co.password)).status, 303);
    await s.db.query("UPDATE console_sessions SET created_at = now() - interval '13 hours' WHERE company_id = $1", [co]);
    assert.equal((await c.send('GET', '/app')).status, 303, 'absolute expiry');

    assert.equal((await c.login(DEMO_CONSOLE.co.email, DEMO_CONSOLE.co.password)).status, 303);
    const csrf = await c.csrf();
    const count = async () => (await s.db.query<{ n: number }>('SELECT count(*)::int AS n FROM console_sessions WHERE company_id = $1', [co]))[0].n;
    const before = await count();
    const out = await c.send('POST', '/app/logout', { _csrf: csrf });
    assert.equal(out.status, 303);
    assert.match(out.headers.get('set-cookie')!, /Max-Age=0/);
    assert.equal(await count(), before - 1, 'the session row is gone');
    assert.equal((await c.send('GET', '/app')).status, 303);
  });

  test('CSRF: a state-changing request needs this origin and the session\'s token', async () => {
    const c = new ConsoleClient(s);
    assert.equal((await c.login(DEMO_CONSOLE.co.email, DEMO_CONSOLE.co.password)).status, 303);
    const csrf = await c.csrf();
    assert.equal((await c.send('POST', '/app/lang', { lang: 'en' })).status, 403, 'no token');
    assert.equal((await c.send('POST', '/app/lang', { lang: 'en', _csrf: 'x'.repeat(csrf.length) })).status, 403, 'a wrong token');
    assert.equal((await c.send('POST', '/app/lang', { lang: 'en', _csrf: csrf }, { origin: 'https://evil.example' })).status, 403, 'another origin');
    const noOrigin = new ConsoleClient(s, '');
    noOrigin.cookie = c.cookie;
    assert.equal((await noOrigin.send('POST', '/app/lang', { lang: 'en', _csrf: csrf })).status, 403, 'neither Origin nor Referer');
    assert.match((await c.send('GET', '/app')).text, /<html lang="es">/, 'nothing changed');
    assert.equal((await c.send('POST', '/app/lang', { lang: 'en', _csrf: csrf })).status, 303);
    assert.match((await c.send('GET', '/app')).text, /<html lang="en">[\s\S]*Invoiced this month/);
    assert.equal((await c.send('POST', '/app/lang', { lang: 'es' }, { 'x-csrf-token': csrf })).status, 303, 'the token in X-CSRF-Token (htmx)');
    const login = await new ConsoleClient(s, 'https://evil.example').login(DEMO_CONSOLE.co.email, DEMO_CONSOLE.co.password);
    assert.equal(login.status, 403, 'a login posted from another site');
  });

  test('the login is rate-limited per e-mail and per address, with a clear message', async () => {
    await s.db.query('DELETE FROM login_failures');
    const c = new ConsoleClient(s);
    for (let i = 0; i < 3; i++) assert.equal((await c.login(DEMO_CONSOLE.mx.email, `mala clave ${i}xxxx`)).status, 401);
    const limited = await c.login(DEMO_CONSOLE.mx.email, DEMO_CONSOLE.mx.password);
    assert.equal(limited.status, 429, 'even the right password, once the e-mail failed too often');
    assert.match(limited.text, /Demasiados intentos fallidos desde este correo; intente de nuevo en \d+ min/);
    assert.ok(Number(limited.headers.get('retry-after')) > 0);
    for (let i = 0; i < 3; i++) await c.login(`nadie${i}@x.example`, 'mala clave xxxxxx');
    const address = await c.login(DEMO_CONSOLE.co.email, DEMO_CONSOLE.co.password);
    assert.equal(address.status, 429);
    assert.match(address.text, /esta dirección/);
    await s.db.query('DELETE FROM login_failures');
    assert.equal((await c.login(DEMO_CONSOLE.co.email, DEMO_CONSOLE.co.password)).status, 303);
  });

  test('guesses sent at once are counted as they arrive: never more than the limit are checked, the rest 429 (the right one among them included)', async () => {
    await s.db.query('DELETE FROM login_failures');
    const burst = [...Array.from({ length: 30 }, (_, i) => `mala clave ${i}xxxx`), DEMO_CONSOLE.mx.password];
    const answers = await Promise.all(burst.map((password) => new ConsoleClient(s).login(DEMO_CONSOLE.mx.email, password)));
    const count = (status: number) => answers.filter((a) => a.status === status).length;
    // The test server allows 3 failures per e-mail: at most 3 guesses reach the hash; the right one gets a session only among those.
    assert.ok(count(401) + count(303) <= 3, `${count(401)} wrong and ${count(303)} right guesses were checked`);
    assert.equal(count(429), burst.length - count(401) - count(303));
    const [{ n }] = await s.db.query(`SELECT coalesce(sum(count), 0)::int AS n FROM login_failures WHERE key LIKE $1`, [`e:${DEMO_CONSOLE.mx.email}@%`]);
    assert.equal(n, count(401), 'what stays counted: the failures checked (refused and right attempts gave their reservation back)');
    await s.db.query('DELETE FROM login_failures');
  });
});

test('CLI: console-user add with the password from stdin or CONSOLE_PASSWORD (never --password), list without secrets', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'facturas-console-cli-'));
  const env = { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'silent', DATABASE_URL: '' };
  const cli = (args: string[], input?: string, extra: Record<string, string> = {}) =>
    spawnSync(process.execPath, [path.join(__dirname, '..', '..', 'src', 'cli.js'), ...args], { env: { ...env, CONSOLE_PASSWORD: '', ...extra }, input, encoding: 'utf8' });
  try {
    const demo = cli(['demo', '--json']);
    assert.equal(demo.status, 0, demo.stderr);
    assert.equal(JSON.parse(demo.stdout).co.console.email, DEMO_CONSOLE.co.email);
    const company = cli(['company', 'list', '--country', 'CO']);
    const id = String(JSON.parse(company.stdout).results[0].id);
    const added = cli(['console-user', 'add', '--company-id', id, '--email', 'vista@tornillo.example', '--role', 'viewer'], 'clave desde stdin 1\n');
    assert.equal(added.status, 0, added.stderr);
    assert.equal(JSON.parse(added.stdout).role, 'viewer');
    assert.doesNotMatch(added.stdout + added.stderr, /clave desde stdin/, 'the password is never printed');
    const short = cli(['console-user', 'add', '--company-id', id, '--email', 'b@tornillo.example', '--role', 'viewer'], undefined, { CONSOLE_PASSWORD: 'corta' });
    assert.equal(short.status, 64);
    assert.match(short.stderr, /at least 12 characters/);
    const fromEnv = cli(['console-user', 'add', '--company-id', id, '--email', 'c@tornillo.example', '--role', 'owner'], undefined, { CONSOLE_PASSWORD: 'clave por variable 1' });
    assert.equal(fromEnv.status, 0, fromEnv.stderr);
    // Never as an argument: --password is refused (exit 64) and nothing is added.
    const argument = cli(['console-user', 'add', '--company-id', id, '--email', 'd@tornillo.example', '--role', 'owner', '--password=clave por opcion 1']);
    assert.equal(argument.status, 64);
    assert.match(argument.stderr, /--password is no longer accepted .*--password-stdin.* or set CONSOLE_PASSWORD/);
    const nothing = cli(['console-user', 'add', '--company-id', id, '--email', 'd@tornillo.example', '--role', 'owner']);
    assert.equal(nothing.status, 64);
    assert.match(nothing.stderr, /no password on stdin/);
    const listed = cli(['console-user', 'list', '--company-id', id]);
    assert.deepEqual(JSON.parse(listed.stdout).map((u: any) => u.email).sort(), ['c@tornillo.example', DEMO_CONSOLE.co.email, 'vista@tornillo.example']);
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
});
