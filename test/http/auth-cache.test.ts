/**
 * Issue 22, point 4: a request that touches no document touches no database.
 * A verified token and its company are kept in the process; a change is seen
 * at once all the same, whichever process makes it: a key rotated, a user
 * deactivated, a token revoked, the company's catalog changed. The kept
 * entries live 10 minutes here (AUTH_CACHE_MS), so only the database's
 * announcements can explain what the tests see.
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { eachStorage, startTestServer, type TestServer } from '../support/server';
import { createApiUser, rotateKey } from '../../src/platform/auth';
import { openDb, type Db } from '../../src/platform/db';
import { ADMIN_TOKEN, SECRET_KEY, adminOf } from '../support/admin';
import { coRefs, validInvoice } from '../support/co';
import { sleep } from '../support/profile';

eachStorage('tokens kept in memory', (storage) => {
  let s: TestServer;
  /** Where changes come from: another process's connection on PostgreSQL; on the embedded database (one process) the server's own. */
  let other: Db;
  let cid: number;
  before(async () => {
    s = await startTestServer(storage, { AUTH_CACHE_MS: '600000', ADMIN_TOKEN, SECRET_KEY });
    other = storage === 'postgres' ? await openDb({ databaseUrl: s.databaseUrl, dataDir: '' }) : s.db;
    [{ company_id: cid }] = await s.db.query("SELECT company_id FROM companies WHERE is_demo AND country = 'CO'");
  });
  after(async () => { if (other !== s.db) await other.close(); await s.close(); });

  /** A new API user of the demo company and a token of it. */
  const user = async (username: string) => {
    const { access_key } = await s.db.tx((q) => createApiUser(q, cid, username));
    const res = await s.call('POST', '/auth', { body: { username, access_key } });
    assert.equal(res.status, 200);
    return res.body.access_token as string;
  };
  const get = (token: string, p: string) => s.call('GET', p, { token });
  /** The answer once it is `status`: at once on the server's own connection, within two seconds from another process. */
  const eventually = async (token: string, p: string, status: number) => {
    let res = await get(token, p);
    for (const until = Date.now() + 2000; res.status !== status && other !== s.db && Date.now() < until;) {
      await sleep(20);
      res = await get(token, p);
    }
    assert.equal(res.status, status, JSON.stringify(res.body));
    return res;
  };

  test('a lookup with a known token reads nothing from the database', async () => {
    const token = await user(`probe-reads-${storage}`);
    // The token, and each lookup's answer, are read once.
    for (const p of ['/v1/taxes', '/v1/payment-types?document_type=FV']) assert.equal((await get(token, p)).status, 200);
    const seen: string[] = [];
    const { query, tx } = s.db;
    // Background work on its own timer (the outbox, the folding of kept sums every 2 s, the webhooks' dispatcher) is not the lookup's.
    s.db.query = (sql, params) => { if (!/\boutbox\b|\b(ledger|receivable|sales)_pending\b|\bwebhook_\w+|\bevents\b/.test(sql)) seen.push(sql); return query(sql, params); };
    s.db.tx = (fn) => { seen.push('BEGIN'); return tx(fn); };
    try {
      for (let i = 0; i < 20; i++) assert.equal((await get(token, '/v1/taxes')).status, 200);
      assert.equal((await get(token, '/v1/payment-types?document_type=FV')).status, 200);
    } finally {
      s.db.query = query;
      s.db.tx = tx;
    }
    assert.deepEqual(seen, []);
    // An unknown token is never kept: each one is looked up, and refused.
    assert.equal((await get('tk_unknown', '/v1/taxes')).status, 401);
    assert.equal((await get('tk_unknown', '/v1/taxes')).status, 401);
  });

  test('a rotated key, a deactivated user and a revoked token stop working at once', async () => {
    const rotated = await user(`probe-rotate-${storage}`);
    assert.equal((await get(rotated, '/v1/taxes')).status, 200);
    assert.ok(await rotateKey(other, cid, `probe-rotate-${storage}`));
    await eventually(rotated, '/v1/taxes', 401);

    const deactivated = await user(`probe-active-${storage}`);
    assert.equal((await get(deactivated, '/v1/taxes')).status, 200);
    await other.query('UPDATE api_users SET active = false WHERE company_id = $1 AND username = $2', [cid, `probe-active-${storage}`]);
    const refused = await eventually(deactivated, '/v1/taxes', 401);
    assert.match(refused.body.Errors[0].Message, /inactive/);
    await other.query('UPDATE api_users SET active = true WHERE company_id = $1 AND username = $2', [cid, `probe-active-${storage}`]);
    await eventually(deactivated, '/v1/taxes', 200);

    const revoked = await user(`probe-revoked-${storage}`);
    assert.equal((await get(revoked, '/v1/taxes')).status, 200);
    await other.query(`DELETE FROM api_tokens WHERE api_user_id = (SELECT id FROM api_users WHERE username = $1)`, [`probe-revoked-${storage}`]);
    await eventually(revoked, '/v1/taxes', 401);
  });

  test('a change to the company\'s catalog is served at once', async () => {
    const token = await user(`probe-catalog-${storage}`);
    const names = async () => {
      const { body } = await get(token, '/v1/taxes');
      return ((Array.isArray(body) ? body : body.results) as any[]).map((t) => t.name);
    };
    assert.ok(!(await names()).includes('Impuesto de prueba de caché'));
    await other.query(`INSERT INTO taxes (company_id, name, type, percentage, account_code) VALUES ($1, 'Impuesto de prueba de caché', 'IVA', 7, '240801')`, [cid]);
    let seen = await names();
    for (const until = Date.now() + 2000; !seen.includes('Impuesto de prueba de caché') && other !== s.db && Date.now() < until;) {
      await sleep(20);
      seen = await names();
    }
    assert.ok(seen.includes('Impuesto de prueba de caché'), 'the new tax is listed');
  });

  test('changes through the administration API are served at once: company settings, a deactivated user', async () => {
    const token = await user(`probe-admin-${storage}`);
    const r = await coRefs(s);
    const body = validInvoice(r, { items: [{ ...validInvoice(r).items[0], description: 'Descripción larga '.repeat(15) }] });
    const preview = () => s.call('POST', '/v1/invoices/preview', { token, body });
    assert.equal((await preview()).status, 200, 'a long description is taken while the company keeps long descriptions');
    const admin = adminOf(s);
    try {
      assert.equal((await admin.patch(`/companies/${cid}`, { settings: { long_product_descriptions: false } })).status, 200);
      const refused = await preview();
      assert.equal(refused.status, 400, 'the kept company was dropped: the new setting applies to the next request');
      assert.match(refused.body.Errors[0].Message, /long_product_descriptions/);
    } finally {
      assert.equal((await admin.patch(`/companies/${cid}`, { settings: { long_product_descriptions: true } })).status, 200);
    }
    assert.equal((await preview()).status, 200);

    const [{ id }] = await s.db.query('SELECT id FROM api_users WHERE company_id = $1 AND username = $2', [cid, `probe-admin-${storage}`]);
    assert.equal((await admin.patch(`/companies/${cid}/api-users/${id}`, { active: false })).status, 200);
    assert.equal((await get(token, '/v1/taxes')).status, 401, 'a user deactivated through /admin is refused at once');
  });
});
