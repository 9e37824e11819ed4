/**
 * Secrets sealed at rest (issue 36, point 5): the DIAN PIN and webhook signing secrets never lie in clear in
 * the database (pg_dump of the PostgreSQL database, SELECT on the embedded one), deliveries are still signed
 * with the secret the creation answered, values stored in clear by earlier versions are sealed at start, and a
 * sealed value moved to another row does not open.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { eachStorage, startTestServer } from '../support/server';
import { ADMIN_TOKEN, adminOf, ok, SECRET_KEY } from '../support/admin';
import { AAD, openFor, sealFor, sealingKey, sealStoredSecrets } from '../../src/platform/secrets';

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
      const secret: string = hook.body.secret;
      // An older version's rows: stored in clear, sealed at the next start.
      const [legacy] = await s.db.query(`INSERT INTO webhooks (company_id, id, url, events, active, secret) VALUES ($1, gen_random_uuid(), 'http://127.0.0.1:9/y', '{*}', false, 'whsec_legacy_in_clear_0123456789') RETURNING id`, [co.company_id]);
      assert.ok((await sealStoredSecrets(s.db, sealingKey({ secretKey: SECRET_KEY, dataDir: '' })!)).sealed >= 1);

      const dump = storage === 'postgres'
        ? execFileSync('pg_dump', ['--data-only', s.databaseUrl!], { encoding: 'utf8', maxBuffer: 512 * 1024 * 1024 })
        : JSON.stringify([await s.db.query('SELECT * FROM companies'), await s.db.query('SELECT * FROM webhooks')]);
      assert.ok(!dump.includes(secret), 'the webhook secret is not in the dump');
      assert.ok(!dump.includes(pin), 'the PIN is not in the dump');
      assert.ok(!dump.includes('whsec_legacy_in_clear'), 'the secret stored in clear was sealed');
      const [row] = await s.db.query('SELECT secret FROM webhooks WHERE company_id = $1 AND id = $2', [co.company_id, hook.body.id]);
      assert.match(row.secret, /^v2\./);
      assert.equal(openFor(row.secret, AAD.webhook(co.company_id, hook.body.id)), secret, 'it opens, bound to its row');
      assert.throws(() => openFor(row.secret, AAD.webhook(co.company_id, legacy.id)), /authenticate/, 'moved to another row, it does not open');
      const [c] = await s.db.query("SELECT settings->'dian'->>'pin' AS pin FROM companies WHERE company_id = $1", [co.company_id]);
      assert.equal(openFor(c.pin, AAD.pin(co.company_id)), pin);
      assert.throws(() => openFor(c.pin, AAD.pin(co.company_id + 1)), /authenticate/);
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
