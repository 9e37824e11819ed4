/**
 * The backup and restore of docs/production.md, done as written: on
 * PostgreSQL `pg_dump --format=custom` of a running service, `createdb` and
 * `pg_restore --no-owner` into a new database; on the embedded database the
 * service stopped and DATA_DIR copied (`cp -a`). A service started on the
 * copy (the same SECRET_KEY, or the key file inside DATA_DIR) answers the
 * same documents, reads the sealed webhook secret, and numbers on from where
 * the original stopped.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import http from 'node:http';
import { spawnSync } from 'node:child_process';
import { STORAGES, ApiClient, freshPostgres } from '../support/server';
import { newStorage, ServiceProcess } from '../support/service';
import { coRefs, validInvoice } from '../support/co';
import { verifyWebhook } from '../../clients/typescript/src';
import { sleep } from '../support/profile';

/** A local webhook receiver: the deliveries it got, raw, with their signature header. */
async function receiver() {
  const got: { raw: string; signature: string }[] = [];
  const server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (d) => { raw += d; });
    req.on('end', () => { got.push({ raw, signature: String(req.headers['webhook-signature'] ?? '') }); res.end('ok'); });
  });
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  const { port } = server.address() as import('node:net').AddressInfo;
  return { url: `http://127.0.0.1:${port}/hooks`, got, close: () => new Promise((ok) => server.close(ok)) };
}

function run(cmd: string, args: string[]): void {
  const r = spawnSync(cmd, args, { encoding: 'utf8' });
  assert.equal(r.status, 0, `${cmd} ${args.join(' ')}: ${r.stderr}`);
}

for (const storage of STORAGES) {
  test(`backup and restore as docs/production.md says [${storage}]`, { timeout: 5 * 60_000 }, async () => {
    const db = await newStorage(storage);
    const secret = { SECRET_KEY: 'backup-restore-test-key-0123456789abcdef' };
    const local = { WEBHOOK_ALLOW_PRIVATE: '1' }; // the receiver is on this machine
    const hooks = await receiver();
    const original = await ServiceProcess.start({ ...db.env, ...local, ...(storage === 'postgres' ? secret : {}) });
    let restored: ServiceProcess | null = null;
    const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'facturas-backup-'));
    const copy = storage === 'postgres' ? await freshPostgres() : null;
    try {
      const before = new ApiClient(original.url);
      const co = await coRefs(before);
      const made = [];
      for (let i = 0; i < 3; i++) {
        const res = await before.as('co').post('/v1/invoices', validInvoice(co));
        assert.equal(res.status, 201, JSON.stringify(res.body));
        made.push(res.body);
      }
      const hook = await before.as('co').post('/v1/webhooks', { url: hooks.url, events: ['invoice.created'] }); // after the invoices: no delivery before the backup
      assert.equal(hook.status, 201, JSON.stringify(hook.body));

      let env: Record<string, string>;
      if (copy) {
        // While it runs: pg_dump; then createdb (here: a fresh database) and pg_restore --no-owner.
        const file = path.join(scratch, 'facturas.dump');
        run('pg_dump', ['--format=custom', `--file=${file}`, db.env.DATABASE_URL]);
        await original.stop();
        run('pg_restore', ['--no-owner', `--dbname=${copy.url}`, file]);
        env = { DATA_DIR: fs.mkdtempSync(path.join(scratch, 'data-')), DATABASE_URL: copy.url, ...local, ...secret };
      } else {
        // The embedded database: stop the service, copy DATA_DIR.
        await original.stop();
        const target = path.join(scratch, 'data');
        run('cp', ['-a', db.env.DATA_DIR, target]);
        env = { DATA_DIR: target, ...local };
      }
      restored = await ServiceProcess.start(env);
      const after = new ApiClient(restored.url);
      for (const doc of made) {
        const res = await after.as('co').get(`/v1/invoices/${doc.id}`);
        assert.equal(res.status, 200, JSON.stringify(res.body));
        assert.equal(res.body.name, doc.name);
        assert.equal(res.body.total, doc.total);
        assert.equal(res.body.stamp.status, doc.stamp.status);
      }
      // Numbering goes on where the original stopped: no number given twice, none skipped.
      const next = await after.as('co').post('/v1/invoices', validInvoice(co));
      assert.equal(next.status, 201, JSON.stringify(next.body));
      assert.equal(next.body.number, made[made.length - 1].number + 1);
      // The webhook secret, sealed in the backup, opens on the copy: the delivery is signed with it.
      for (const until = Date.now() + 30_000; !hooks.got.length && Date.now() < until;) await sleep(100);
      assert.equal(hooks.got.length, 1, 'one delivery, for the invoice created on the copy');
      assert.ok(verifyWebhook(hook.body.secret, hooks.got[0].signature, hooks.got[0].raw), 'signed with the secret given before the backup');
      assert.ok(!verifyWebhook('whsec_another', hooks.got[0].signature, hooks.got[0].raw));
      assert.equal(JSON.parse(hooks.got[0].raw).data.id, next.body.id);
    } finally {
      await restored?.stop();
      await hooks.close();
      await original.stop();
      await copy?.drop();
      await db.drop();
      fs.rmSync(scratch, { recursive: true, force: true });
    }
  });
}
