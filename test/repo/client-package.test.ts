/**
 * The TypeScript client as its users get it (issue 35, point 4): built, packed with `npm pack`,
 * installed from the tarball into a scratch project, and a consumer type-checked against it: one
 * that uses it correctly compiles, one that misuses it (a wrong body, an unknown path, an answer's
 * field that does not exist) fails with those errors. No `skipLibCheck`: the package's own
 * declarations must hold.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawnSync } from 'node:child_process';

const ROOT = path.join(__dirname, '..', '..', '..');
const CLIENT = path.join(ROOT, 'clients', 'typescript');
const TSC = path.join(ROOT, 'node_modules', 'typescript', 'bin', 'tsc');

const GOOD = `import { create, createClient, login, verifyWebhook, type components } from '@facturas-api/client';
export async function run(): Promise<string | undefined> {
  const api = await login('http://127.0.0.1:8080', { username: 'demo-co', access_key: 'k' });
  const types = (await api.GET('/v1/document-types', { params: { query: { type: 'FV' } } })).data;
  const { data } = await api.POST('/v1/invoices', {
    params: { header: { 'Idempotency-Key': 'pos-7-ticket-1832' } },
    body: {
      document: { id: types?.[0]?.id ?? 1 }, date: '2026-11-26', seller: 1,
      customer: { identification: '222222222222', branch_office: 0 },
      items: [{ code: 'PORT14', quantity: 10, price: 100, taxes: [{ id: 1 }] }],
      payments: [{ id: 1, value: 1130.5 }],
    },
  });
  const mx = createClient('http://127.0.0.1:8080', { token: 't' });
  await mx.GET('/mx/v1/invoices/{id}', { params: { path: { id: 'x' } } });
  const failure: components['schemas']['ErrorBody'] = { Status: 400, Errors: [] };
  verifyWebhook('s', 't=1,v1=00', '{}');
  verifyWebhook('s', 't=1,v1=00', new Uint8Array(2));
  // A created document's id is a string, never null; create() keeps the body's excess-property check.
  const made = await create(api, '/v1/invoices', {
    document: { id: 1 }, date: '2026-11-26', seller: 1, customer: { identification: '222222222222', branch_office: 0 },
    items: [{ code: 'PORT14', quantity: 1, price: 100, taxes: [] }], payments: [{ id: 1, value: 100 }],
  }, { idempotencyKey: 'k-1' });
  const id: string = made.id;
  const read = await api.GET('/v1/invoices/{id}', { params: { path: { id } } });
  const again: string | undefined = read.data?.id;
  return data?.name ?? again ?? String(failure.Status);
}
`;
const BAD = `import { create, createClient } from '@facturas-api/client';
export async function run(): Promise<void> {
  const api = createClient('http://127.0.0.1:8080');
  await api.POST('/v1/invoices', { body: { document: { id: 'one' }, items: 3 } });
  await api.GET('/v1/no-such-path');
  const { data } = await api.GET('/v1/invoices/{id}', { params: { path: { id: 'x' } } });
  console.log(data?.no_such_field);
  await create(api, '/v1/invoices', { document: { id: 1 }, date: '2026-11-26', seller: 1, custmer: { identification: '1', branch_office: 0 }, items: [], payments: [] });
}
`;

test('npm pack, install the tarball, type-check a correct consumer and a wrong one', { timeout: 600_000 }, () => {
  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'client-package-'));
  try {
    const run = (cmd: string, args: string[], cwd: string) => spawnSync(cmd, args, { cwd, encoding: 'utf8', timeout: 300_000, env: { ...process.env, npm_config_audit: 'false', npm_config_fund: 'false', npm_config_update_notifier: 'false' } });
    const ok = (r: ReturnType<typeof run>, what: string) => assert.equal(r.status, 0, `${what}:\n${r.stdout}\n${r.stderr}`);
    // The package alone, as its own folder: installed from its lock (its TypeScript and @types/node, nothing of the
    // service's), then packed; npm pack runs its prepack (its build: tsc, and the generated schema beside it).
    const alone = path.join(scratch, 'client');
    fs.cpSync(CLIENT, alone, { recursive: true, filter: (f) => !/[/\\](node_modules|dist)$/.test(f) });
    ok(run('npm', ['ci', '--prefer-offline'], alone), 'npm ci of the client alone');
    const pack = run('npm', ['pack', '--json', '--pack-destination', scratch], alone);
    ok(pack, 'npm pack');
    const [packed] = JSON.parse(pack.stdout);
    const files = packed.files.map((f: { path: string }) => f.path).sort();
    for (const f of ['dist/index.d.ts', 'dist/index.js', 'dist/schema.d.ts', 'package.json', 'README.md']) assert.ok(files.includes(f), `the tarball has ${f}: ${files.join(', ')}`);
    assert.ok(!files.some((f: string) => f.startsWith('src/')), 'no sources in the tarball');

    fs.writeFileSync(path.join(scratch, 'package.json'), JSON.stringify({ name: 'consumer', version: '1.0.0', private: true }));
    ok(run('npm', ['install', '--prefer-offline', '--no-package-lock', path.join(scratch, packed.filename)], scratch), 'npm install of the tarball');
    // No Node types: the package's public surface needs none (a browser or Deno consumer has none).
    const tsconfig = { compilerOptions: { strict: true, noEmit: true, module: 'commonjs', moduleResolution: 'node', target: 'ES2022', types: [] } };
    const check = (name: string, source: string) => {
      const dir = path.join(scratch, name);
      fs.mkdirSync(dir);
      fs.writeFileSync(path.join(dir, 'index.ts'), source);
      fs.writeFileSync(path.join(dir, 'tsconfig.json'), JSON.stringify({ ...tsconfig, include: ['index.ts'] }));
      return run(process.execPath, [TSC, '-p', dir], scratch);
    };
    ok(check('good', GOOD), 'the correct consumer type-checks');
    const bad = check('bad', BAD);
    assert.notEqual(bad.status, 0, 'the wrong consumer must not type-check');
    const out = bad.stdout;
    assert.doesNotMatch(out, /TS2307/, 'the package and its schema resolve');
    assert.match(out, /index\.ts\(4,/, 'a wrong body is refused');
    assert.match(out, /index\.ts\(5,/, 'an unknown path is refused');
    assert.match(out, /index\.ts\(7,.*no_such_field/, 'an answer field that does not exist is refused');
    assert.match(out, /index\.ts\(8,.*custmer/, 'a misspelt field of a body given to create() is refused');
  } finally {
    fs.rmSync(scratch, { recursive: true, force: true });
  }
});
