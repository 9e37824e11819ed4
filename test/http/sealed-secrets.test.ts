/**
 * Secrets sealed at rest (issue 36, point 5): the DIAN PIN and webhook signing secrets never lie in clear in
 * the database (pg_dump of the PostgreSQL database, SELECT on the embedded one), deliveries are still signed
 * with the secret the creation answered, values stored in clear by earlier versions are sealed at start, and a
 * sealed value moved to another row does not open. Certificate passwords likewise: bound to their row (company, id),
 * the earlier unbound form ("v1") resealed bound, a rotation (SECRET_KEY_PREVIOUS) resealing them under the new key,
 * and a password copied onto another certificate row refused with a clear error when signing.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { eachStorage, startTestServer } from '../support/server';
import { ADMIN_TOKEN, adminOf, ok, SECRET_KEY } from '../support/admin';
import { coRefs, today, validInvoice } from '../support/co';
import { generateTestCertificate } from '../../src/einvoice/certificates';
import { sealStoredPasswords } from '../../src/admin/certificates';
import { AAD, openFor, passwordOf, seal, sealFor, sealingKey, sealStoredSecrets, SecretNotOfThisRow } from '../../src/platform/secrets';
import { sleep } from '../support/profile';

eachStorage('sealed secrets', (storage) => {
  test('the PIN and webhook secrets are absent in clear from a dump of the database', { timeout: 120_000 }, async () => {
    const s = await startTestServer(storage, { ADMIN_TOKEN, SECRET_KEY });
    try {
      const [co] = await s.db.query("SELECT company_id FROM companies WHERE is_demo AND country = 'CO'");
      const pin = `pin-${Date.now()}-secreto`;
      const answer = ok(await adminOf(s).patch(`/companies/${co.company_id}`, { settings: { dian: { pin } } }));
      assert.equal(answer.settings.dian.pin_set, true);
      assert.equal(answer.settings.dian.pin, undefined);
      const hook = await s.as('co').post('/v1/webhooks', { url: 'http://127.0.0.1:9/x', events: ['*'] });
      assert.equal(hook.status, 201);
      const first: string = hook.body.secret;
      // A rotation: the replaced secret is kept, sealed, for its grace.
      const secret: string = (await s.as('co').post(`/v1/webhooks/${hook.body.id}/rotate-secret`, {})).body.secret;
      assert.notEqual(secret, first);
      // An older version's rows: stored in clear, sealed at the next start.
      const [legacy] = await s.db.query(`INSERT INTO webhooks (company_id, id, url, events, active, secret, previous_secret, previous_secret_expires_at)
        VALUES ($1, gen_random_uuid(), 'http://127.0.0.1:9/y', '{*}', false, 'whsec_legacy_in_clear_0123456789', 'whsec_legacy_previous_0123456789', now() + interval '1 hour') RETURNING id`, [co.company_id]);
      assert.ok((await sealStoredSecrets(s.db, sealingKey({ secretKey: SECRET_KEY, dataDir: '' })!)).sealed >= 1);

      const dump = storage === 'postgres'
        ? execFileSync('pg_dump', ['--data-only', s.databaseUrl!], { encoding: 'utf8', maxBuffer: 512 * 1024 * 1024 })
        : JSON.stringify([await s.db.query('SELECT * FROM companies'), await s.db.query('SELECT * FROM webhooks')]);
      assert.ok(!dump.includes(secret), 'the webhook secret is not in the dump');
      assert.ok(!dump.includes(pin), 'the PIN is not in the dump');
      assert.ok(!dump.includes(first), 'nor the secret a rotation replaced');
      assert.ok(!dump.includes('whsec_legacy_in_clear'), 'the secret stored in clear was sealed');
      assert.ok(!dump.includes('whsec_legacy_previous'), 'and its previous secret');
      const [old] = await s.db.query('SELECT previous_secret FROM webhooks WHERE id = $1', [legacy.id]);
      assert.equal(openFor(old.previous_secret, AAD.webhook(co.company_id, legacy.id)), 'whsec_legacy_previous_0123456789');
      const [row] = await s.db.query('SELECT secret, previous_secret FROM webhooks WHERE company_id = $1 AND id = $2', [co.company_id, hook.body.id]);
      assert.match(row.secret, /^v2\./);
      assert.equal(openFor(row.previous_secret, AAD.webhook(co.company_id, hook.body.id)), first);
      assert.equal(openFor(row.secret, AAD.webhook(co.company_id, hook.body.id)), secret, 'it opens, bound to its row');
      assert.throws(() => openFor(row.secret, AAD.webhook(co.company_id, legacy.id)), /authenticate/, 'moved to another row, it does not open');
      const [c] = await s.db.query("SELECT settings->'dian'->>'pin' AS pin FROM companies WHERE company_id = $1", [co.company_id]);
      assert.equal(openFor(c.pin, AAD.pin(co.company_id)), pin);
      assert.throws(() => openFor(c.pin, AAD.pin(co.company_id + 1)), /authenticate/);
    } finally {
      await s.close();
    }
  });

  test('a resolution\'s technical key: sealed at rest, answered to the administrator, still making CUFEs the DIAN recomputes', { timeout: 120_000 }, async () => {
    const s = await startTestServer(storage, { ADMIN_TOKEN, SECRET_KEY });
    try {
      const [co] = await s.db.query("SELECT company_id FROM companies WHERE is_demo AND country = 'CO'");
      const key = `c1a7e${Date.now().toString(16)}0000000000000000000000abc`;
      const day = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);
      const resolution = { number: '18764000009876', prefix: 'SEAL', from: 1, to: 5000, valid_from: day(-30), valid_to: day(365), technical_key: key };
      const made = ok(await adminOf(s).post(`/companies/${co.company_id}/document-types`, {
        code: 'FV-SEAL', name: 'Factura sellada', type: 'FV', electronic_type: 'ElectronicInvoice', resolution }), 201);
      assert.equal(made.resolution.technical_key, key, 'the administrator reads it back');
      const [row] = await s.db.query("SELECT resolution->>'technical_key' AS key FROM document_types WHERE company_id = $1 AND id = $2", [co.company_id, made.id]);
      assert.match(row.key, /^v2\./, 'sealed in the row');
      assert.equal(openFor(row.key, AAD.technicalKey(co.company_id, resolution.number)), key);
      assert.throws(() => openFor(row.key, AAD.technicalKey(co.company_id, '18764000000001')), /authenticate/, 'not under another resolution');
      // Sent back without the key (as /v1 shows the resolution), it keeps the sealed one.
      const { technical_key: _k, ...shown } = resolution;
      assert.equal(ok(await adminOf(s).patch(`/companies/${co.company_id}/document-types/${made.id}`, { resolution: shown })).resolution.technical_key, key);
      // An earlier version's row, in clear: sealed at start.
      await s.db.query(`UPDATE document_types SET resolution = jsonb_set(resolution, '{technical_key}', to_jsonb($3::text)) WHERE company_id = $1 AND id = $2`, [co.company_id, made.id, key]);
      assert.ok((await sealStoredSecrets(s.db, sealingKey({ secretKey: SECRET_KEY, dataDir: '' })!)).sealed >= 1);
      // The sandbox DIAN recomputes the CUFE with the resolution's key: the invoice is accepted.
      const r = await coRefs(s);
      const inv = await s.as('co').post('/v1/invoices', validInvoice(r, { document: { id: made.id }, date: today(), stamp: { send: true } }));
      assert.equal(inv.status, 201, JSON.stringify(inv.body));
      assert.equal(inv.body.stamp.status, 'Accepted', JSON.stringify(inv.body.stamp));
      const dump = storage === 'postgres'
        ? execFileSync('pg_dump', ['--data-only', s.databaseUrl!], { encoding: 'utf8', maxBuffer: 512 * 1024 * 1024 })
        : JSON.stringify(await s.db.query('SELECT * FROM document_types'));
      assert.ok(!dump.includes(key), 'the technical key is not in the dump');
    } finally {
      await s.close();
    }
  });

  test('certificate passwords: bound to their row, the unbound form resealed, rotated; one copied to another row refused clearly', { timeout: 180_000 }, async () => {
    const s = await startTestServer(storage, { ADMIN_TOKEN, SECRET_KEY, DIAN_TIMEOUT_MS: '20000' });
    try {
      const r = await coRefs(s);
      const [co] = await s.db.query("SELECT * FROM companies WHERE is_demo AND country = 'CO'");
      const key = sealingKey({ secretKey: SECRET_KEY, dataDir: '' })!;
      // Two certificates of the company with the same password: only the binding to the row can tell their sealed values apart.
      const password = `misma-clave-${Date.now()}`;
      const certs = [0, 1].map(() => generateTestCertificate({ commonName: co.legal_name, nit: co.tax_id, password }));
      const a = ok(await adminOf(s).post(`/companies/${co.company_id}/certificates`, { p12: certs[0].p12Base64, password }), 201);
      const b = ok(await adminOf(s).post(`/companies/${co.company_id}/certificates`, { p12: certs[1].p12Base64, password }), 201);
      const row = async (id: number) => (await s.db.query('SELECT * FROM company_credentials WHERE company_id = $1 AND id = $2', [co.company_id, id]))[0];
      const ra = await row(a.id);
      assert.equal(ra.password, null);
      assert.match(ra.password_sealed, new RegExp(`^v2\\.${key.id}\\.`));
      assert.equal(openFor(ra.password_sealed, AAD.certificate(co.company_id, a.id)), password, 'bound to (company, id)');
      assert.throws(() => openFor(ra.password_sealed, AAD.certificate(co.company_id, b.id)), /authenticate/);

      const electronic = () => validInvoice(r, { document: { id: r.type['FV-E'].id }, date: today(), stamp: { send: true } });
      const signed = await s.as('co').post('/v1/invoices', electronic());
      assert.equal(signed.body.stamp?.status, 'Accepted', JSON.stringify(signed.body));

      // An earlier version's row: sealed without its row ("v1"), and one in plain; the start's pass reseals both bound.
      await s.db.query('UPDATE company_credentials SET password_sealed = $3 WHERE company_id = $1 AND id = $2', [co.company_id, a.id, seal(key, password)]);
      assert.equal(passwordOf(await row(a.id)), password, 'the v1 form is still read');
      assert.ok((await sealStoredPasswords(s.db, key)).sealed >= 1);
      assert.match((await row(a.id)).password_sealed, new RegExp(`^v2\\.${key.id}\\.`));
      assert.equal(passwordOf(await row(a.id)), password);

      // A rotation: the new key in SECRET_KEY, the old one in SECRET_KEY_PREVIOUS; every password resealed under the new key.
      const next = sealingKey({ secretKey: `${SECRET_KEY}-rotated-2`, secretKeyPrevious: SECRET_KEY, dataDir: '' })!;
      assert.notEqual(next.id, key.id);
      assert.ok((await sealStoredPasswords(s.db, next)).sealed >= 2);
      for (const id of [a.id, b.id]) {
        const x = await row(id);
        assert.match(x.password_sealed, new RegExp(`^v2\\.${next.id}\\.`));
        assert.equal(openFor(x.password_sealed, AAD.certificate(co.company_id, id)), password);
      }
      const afterRotation = await s.as('co').post('/v1/invoices', electronic());
      assert.equal(afterRotation.body.stamp?.status, 'Accepted', JSON.stringify(afterRotation.body));

      // The active certificate (b) given a's sealed password (the same password, in clear): it does not open.
      await s.db.query('UPDATE company_credentials SET password_sealed = $3 WHERE company_id = $1 AND id = $2', [co.company_id, b.id, (await row(a.id)).password_sealed]);
      assert.throws(() => passwordOf({ ...ra, id: b.id }), SecretNotOfThisRow);
      // Signing is refused with a clear error, never a 500: the invoice is stored and waits (as without a certificate), its job saying why.
      const refused = await s.as('co').post('/v1/invoices', electronic());
      assert.equal(refused.status, 201, JSON.stringify(refused.body));
      assert.equal(refused.body.stamp.status, 'Pending');
      let job: any;
      for (const until = Date.now() + 30_000; !job?.last_error && Date.now() < until;) {
        [job] = await s.db.query("SELECT last_error FROM outbox WHERE ref_id = $1 AND kind = 'dian_submit'", [refused.body.id]);
        if (!job?.last_error) await sleep(100);
      }
      assert.match(job.last_error, new RegExp(`password of certificate ${b.id} of company ${co.company_id} does not open with this certificate .*sealed for another row.*upload the certificate again`));
    } finally {
      await s.close();
    }
  });
});

test('a sealed value names its key: another key cannot open it', () => {
  const a = sealingKey({ secretKey: 'one-secret-key-of-the-test-0001', dataDir: '' })!;
  const sealed = sealFor(a, 'x', AAD.pin(1));
  assert.equal(openFor(sealed, AAD.pin(1)), 'x');
  assert.throws(() => openFor(sealed.replace(/^v2\.[0-9a-f]{16}/, 'v2.0000000000000000'), AAD.pin(1)), /another SECRET_KEY/);
  assert.equal(openFor('plain-from-before', AAD.pin(1)), 'plain-from-before');
});
