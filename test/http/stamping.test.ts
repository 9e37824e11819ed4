/**
 * Issue 22, points 2 and 3 through HTTP: a company's certificate is decoded
 * once per stored version, and one replaced by `certificate load` (from any
 * process) or uploaded through the administration API signs the next invoice; a creation with stamp.send is answered by
 * the authority while the outbox works through a backlog of other invoices.
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { X509Certificate } from 'node:crypto';
import { eachStorage, startTestServer, type TestServer } from '../support/server';
import { coRefs, today, validInvoice, type CoRefs } from '../support/co';
import { generateTestCertificate, loadPkcs12 } from '../../src/einvoice/certificates';
import { Credentials } from '../../src/einvoice/credentials';
import { openDb, type Db } from '../../src/platform/db';
import { passwordOf } from '../../src/platform/secrets';
import { ADMIN_TOKEN, SECRET_KEY, adminOf } from '../support/admin';
import type { CpuPool } from '../../src/workers/pool';
import { sleep } from '../support/profile';

eachStorage('stamping', (storage) => {
  let s: TestServer;
  let r: CoRefs;
  let company: any;
  /** Another process's connection on PostgreSQL (the CLI); the server's own on the embedded database, which has one process. */
  let other: Db;
  before(async () => {
    s = await startTestServer(storage, { DIAN_TIMEOUT_MS: '20000', ADMIN_TOKEN, SECRET_KEY });
    r = await coRefs(s);
    other = storage === 'postgres' ? await openDb({ databaseUrl: s.databaseUrl, dataDir: '' }) : s.db;
    [company] = await s.db.query("SELECT * FROM companies WHERE is_demo AND country = 'CO'");
  });
  after(async () => { if (other !== s.db) await other.close(); await s.close(); });

  const electronic = () => validInvoice(r, { document: { id: r.type['FV-E'].id }, date: today(), stamp: { send: true } });
  /** The certificate in the signed XML of an invoice. */
  const signer = async (id: string) => {
    const xml = Buffer.from((await s.as('co').get(`/v1/invoices/${id}/xml`)).body.base64, 'base64').toString('utf8');
    return /<ds:X509Certificate>([^<]+)</.exec(xml)![1];
  };
  const der = (pem: string) => new X509Certificate(pem).raw.toString('base64');

  test('a certificate is decoded once per stored version; the one certificate load or an upload puts in signs the next invoice', async () => {
    const first = await s.as('co').post('/v1/invoices', electronic());
    assert.equal(first.body.stamp.status, 'Accepted', JSON.stringify(first.body.stamp));
    const [row] = await s.db.query('SELECT * FROM company_credentials WHERE company_id = $1 AND active', [company.company_id]);
    assert.equal(await signer(first.body.id), der(loadPkcs12(row.p12, passwordOf(row)).certPem));

    // The cache itself: the same version is decoded once, a new one again.
    const decoded: string[] = [];
    const pool = { run: async (name: string, a: any) => { decoded.push(name); return loadPkcs12(a.p12, a.password); } } as unknown as CpuPool;
    const kept = new Credentials(s.db, pool);
    const a = await kept.company(company);
    assert.equal(await kept.company(company), a);
    assert.deepEqual(decoded, ['pkcs12.load']);

    // What `npm run cli -- certificate load` does, from another process.
    const replacement = generateTestCertificate({ commonName: company.legal_name, nit: company.tax_id, password: 'nueva-clave' });
    await other.tx(async (q) => {
      await q.query('UPDATE company_credentials SET active = false WHERE company_id = $1 AND active', [company.company_id]);
      await q.query('INSERT INTO company_credentials (company_id, p12, password, active) VALUES ($1, $2, $3, true)',
        [company.company_id, replacement.p12Base64, replacement.password]);
    });
    const b = await kept.company(company);
    assert.notEqual(b, a);
    assert.equal(b.certPem, replacement.certPem);
    assert.deepEqual(decoded, ['pkcs12.load', 'pkcs12.load']);

    const next = await s.as('co').post('/v1/invoices', electronic());
    assert.equal(next.body.stamp.status, 'Accepted', JSON.stringify(next.body.stamp));
    assert.equal(await signer(next.body.id), der(replacement.certPem));

    // An upload through the administration API (the server's own process): the next invoice is signed with it.
    const uploaded = generateTestCertificate({ commonName: company.legal_name, nit: company.tax_id, password: 'otra-clave' });
    const up = await adminOf(s).post(`/companies/${company.company_id}/certificates`, { p12: uploaded.p12Base64, password: uploaded.password });
    assert.equal(up.status, 201, JSON.stringify(up.body));
    const third = await s.as('co').post('/v1/invoices', electronic());
    assert.equal(third.body.stamp.status, 'Accepted', JSON.stringify(third.body.stamp));
    assert.equal(await signer(third.body.id), der(uploaded.certPem));
    // And the earlier one made active again through the API signs the one after.
    const [earlier] = await s.db.query('SELECT id FROM company_credentials WHERE company_id = $1 AND p12 = $2', [company.company_id, replacement.p12Base64]);
    assert.equal((await adminOf(s).patch(`/companies/${company.company_id}/certificates/${earlier.id}`, { active: true })).status, 200);
    const fourth = await s.as('co').post('/v1/invoices', electronic());
    assert.equal(await signer(fourth.body.id), der(replacement.certPem));
  });

  test('a creation with stamp.send is answered by the authority while the outbox works through a backlog', async () => {
    // Eighty electronic invoices stamped from the background (as after an outage), queued at once (forty were worked
    // through before a creation's answer once the embedded database got faster: a backlog must outlast one creation).
    const BACKLOG = 80;
    const drafts = await Promise.all(Array.from({ length: BACKLOG }, () => s.as('co').post('/v1/invoices', { ...electronic(), stamp: { send: false } })));
    const ids = drafts.map((d) => { assert.equal(d.status, 201); return d.body.id as string; });
    await s.db.tx(async (q) => {
      await q.query(`INSERT INTO outbox (company_id, kind, ref_id) SELECT company_id, 'dian_submit', id FROM invoices WHERE id = ANY($1::uuid[])`, [ids]);
      await q.query(`UPDATE invoices SET stamp_status = 'Pending' WHERE id = ANY($1::uuid[])`, [ids]);
    });
    const left = async () => (await s.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM outbox WHERE ref_id = ANY($1::uuid[]) AND status <> 'done'`, [ids]))[0].n;
    while ((await left()) === BACKLOG) await sleep(20); // the poller has started on them
    const mine = await s.as('co').post('/v1/invoices', electronic());
    assert.equal(mine.status, 201);
    assert.equal(mine.body.stamp.status, 'Accepted', JSON.stringify(mine.body.stamp));
    const waiting = await left();
    assert.ok(waiting > 0, 'the creation was answered before the backlog was done');
    for (const until = Date.now() + 60_000; (await left()) > 0 && Date.now() < until;) await sleep(100);
    assert.equal(await left(), 0, 'the backlog is done');
    const statuses = await s.db.query<{ stamp_status: string; n: number }>(`SELECT stamp_status, count(*)::int AS n FROM invoices WHERE id = ANY($1::uuid[]) GROUP BY 1`, [ids]);
    assert.deepEqual(statuses, [{ stamp_status: 'Accepted', n: BACKLOG }]);
  });
});
