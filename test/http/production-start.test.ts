/**
 * `npm start` as deployed (issue 36, points 3 and 4): a production start (ADMIN_TOKEN set) on an empty
 * embedded database carries no published keys (no demo company, nothing of its keys in the log) unless
 * DEMO=1; DATA_DIR and every file the service writes there are its user's alone, and a start warns about
 * entries that are looser.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ServiceProcess } from '../support/service';
import { ApiClient } from '../support/server';
import { coRefs, validInvoice } from '../support/co';
import { ADMIN_TOKEN } from '../support/admin';
import { DEMO_CREDENTIALS } from '../../src/companies/demo';
import { sleep } from '../support/profile';

async function start(extra: Record<string, string>) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'facturas-prod-start-'));
  const svc = await ServiceProcess.start({ DATA_DIR: dataDir, DATABASE_URL: '', LOG_LEVEL: 'info', ...extra });
  return { svc, dataDir, c: new ApiClient(svc.url) };
}

test('ADMIN_TOKEN without DEMO: no demo company, its keys never printed; with DEMO=1 it is made and its keys logged once', { timeout: 180_000 }, async () => {
  const prod = await start({ ADMIN_TOKEN });
  try {
    const login = await prod.c.call('POST', '/auth', { body: DEMO_CREDENTIALS.co });
    assert.equal(login.status, 401, 'the published demo key opens nothing');
    const companies = await prod.c.call('GET', '/admin/v1/companies', { token: ADMIN_TOKEN });
    assert.equal(companies.status, 200);
    assert.equal(companies.body.pagination.total_results, 0, 'no company at all');
    assert.doesNotMatch(prod.svc.output, /demo-co-key|demo-mx-key|demo companies created/);
  } finally {
    await prod.svc.stop();
    fs.rmSync(prod.dataDir, { recursive: true, force: true });
  }

  const demo = await start({ ADMIN_TOKEN, DEMO: '1' });
  try {
    assert.equal((await demo.c.call('POST', '/auth', { body: DEMO_CREDENTIALS.co })).status, 200);
    assert.equal(demo.svc.output.match(/demo companies created/g)?.length, 1);
    await demo.svc.stop();
    await demo.svc.start();
    assert.doesNotMatch(demo.svc.output, /demo-co-key|demo companies created/, 'a restart prints no keys');
  } finally {
    await demo.svc.stop();
    fs.rmSync(demo.dataDir, { recursive: true, force: true });
  }
});

/** Every entry under a folder whose mode lets the group or others in, as "path (mode)". */
function loose(dir: string): string[] {
  const out: string[] = [];
  const walk = (p: string) => {
    const st = fs.lstatSync(p);
    if (st.mode & 0o077) out.push(`${path.relative(dir, p) || '.'} (${(st.mode & 0o777).toString(8)})`);
    if (st.isDirectory()) for (const e of fs.readdirSync(p)) walk(path.join(p, e));
  };
  walk(dir);
  return out;
}

test('DATA_DIR and every folder under it are 0700, every file the service writes (the embedded database, secret.key, mail .eml) 0600; a looser one is warned about at start', { timeout: 180_000 }, async () => {
  const { svc, dataDir, c } = await start({});
  try {
    const refs = await coRefs(c);
    const inv = await c.as('co').post('/v1/invoices', validInvoice(refs, { mail: { send: true } }));
    assert.equal(inv.status, 201);
    let status = inv.body.mail.status;
    for (let i = 0; i < 150 && status !== 'sent'; i++) {
      await sleep(100);
      status = (await c.as('co').get(`/v1/invoices/${inv.body.id}`)).body.mail.status;
    }
    assert.equal(status, 'sent');
    const files = fs.readdirSync(dataDir, { recursive: true }) as string[];
    assert.ok(files.some((f) => f.endsWith('.eml')), 'a mail was written');
    assert.ok(files.length > 100, `the embedded database is there (${files.length} entries)`);
    assert.equal((fs.statSync(dataDir).mode & 0o777).toString(8), '700');
    // Every entry 0700 (folders) or 0600 (files), the embedded database's own files included (PGlite lays them
    // down 0666/0644: the start takes those rights away once the database has answered).
    assert.deepEqual(loose(dataDir), []);
    assert.equal((fs.statSync(path.join(dataDir, 'pglite')).mode & 0o777).toString(8), '700');
    assert.doesNotMatch(svc.output, /open to the group or to others/);

    await svc.stop();
    assert.deepEqual(loose(dataDir), [], 'still after a clean stop');
    fs.chmodSync(dataDir, 0o755);
    fs.writeFileSync(path.join(dataDir, 'copied-in.txt'), 'x', { mode: 0o644 });
    fs.chmodSync(path.join(dataDir, 'copied-in.txt'), 0o644);
    await svc.start();
    assert.match(svc.output, /2 entries of DATA_DIR .* are open to the group or to others.*\. \(755\).*copied-in\.txt \(644\)/);
    // The restart rewrote the relation cache files (PGlite: 0644): private again once started.
    assert.deepEqual(loose(path.join(dataDir, 'pglite')), []);
  } finally {
    await svc.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
});
