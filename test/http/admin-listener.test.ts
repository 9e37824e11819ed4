/**
 * Issue 36, point 10: the administration API on its own listener. With ADMIN_PORT set, every /admin path (the
 * operations, /admin/openapi.json, /admin/docs) answers 404 on the public port and works on the administration
 * port, where the public API's paths answer 404 (only /health is on both). Unset, the shared listener as before.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ApiClient, eachStorage, problems, startTestServer } from '../support/server';
import { ADMIN_TOKEN, adminOf, SECRET_KEY } from '../support/admin';
import { DEMO_CREDENTIALS } from '../../src/companies/demo';

eachStorage('administration listener', (storage) => {
  test('ADMIN_PORT: /admin answers only on its own port, the public API only on PORT', { timeout: 120_000 }, async () => {
    const s = await startTestServer(storage, { ADMIN_TOKEN, SECRET_KEY, ADMIN_PORT: '0' });
    try {
      const adminUrl = s.running.adminUrl!;
      assert.ok(adminUrl, 'an administration listener');
      assert.notEqual(new URL(adminUrl).port, new URL(s.running.url).port);
      const admin = new ApiClient(adminUrl);

      // The public port: the administration API is not there (as without ADMIN_TOKEN), whatever the token.
      for (const [method, p] of [['GET', '/admin/v1/companies'], ['POST', '/admin/v1/companies'], ['PATCH', '/admin/v1/companies/1'], ['DELETE', '/admin/v1/companies'], ['GET', '/admin/openapi.json'], ['GET', '/admin/docs']]) {
        const res = await s.call(method, p, { token: ADMIN_TOKEN, body: method === 'GET' ? undefined : {}, headers: { 'x-console-ticket': 'not-a-ticket-of-this-process' } });
        assert.equal(res.status, 404, `${method} ${p} on the public port`);
        assert.deepEqual(problems(res), ['not_found@url']);
      }
      // The administration port: it works.
      const listed = await adminOf(admin).get('/companies');
      assert.equal(listed.status, 200, JSON.stringify(listed.body));
      assert.ok(listed.body.pagination.total_results >= 2);
      assert.equal((await adminOf(admin, 'not-the-admin-token-0123456789abcdef').get('/companies')).status, 401);
      assert.equal((await admin.call('GET', '/admin/openapi.json')).status, 401, 'the description needs the token too');
      const doc = await admin.call('GET', '/admin/openapi.json', { token: ADMIN_TOKEN });
      assert.equal(doc.status, 200);
      assert.ok(doc.body.paths['/admin/v1/companies']);
      assert.equal((await admin.call('GET', '/admin/docs/')).status, 200);
      // … and nothing else but /health: the public API is not there.
      assert.equal((await admin.call('GET', '/health')).status, 200);
      for (const [method, p] of [['POST', '/auth'], ['POST', '/mx/auth'], ['GET', '/auth']]) {
        const res = await admin.call(method, p, { body: method === 'GET' ? undefined : DEMO_CREDENTIALS.co });
        assert.equal(res.status, 404, `${method} ${p} on the administration port`);
        assert.deepEqual(problems(res), ['not_found@url']);
      }
      assert.equal((await admin.call('GET', '/openapi.json')).status, 404);
      assert.equal((await admin.call('GET', '/v1/invoices', { token: ADMIN_TOKEN })).status, 404);
      // The public API still works on PORT.
      assert.equal((await s.call('POST', '/auth', { body: DEMO_CREDENTIALS.co })).status, 200);
      assert.equal((await s.as('co').get('/v1/taxes')).status, 200);
      assert.equal((await s.call('GET', '/openapi.json')).body.paths['/admin/v1/companies'], undefined);
    } finally {
      await s.close();
    }
  });

  test('ADMIN_PORT unset: the administration API on the shared listener, as before', { timeout: 120_000 }, async () => {
    const s = await startTestServer(storage, { ADMIN_TOKEN, SECRET_KEY });
    try {
      assert.equal(s.running.adminUrl, undefined);
      assert.equal((await adminOf(s).get('/companies')).status, 200);
      assert.equal((await s.call('GET', '/admin/openapi.json', { token: ADMIN_TOKEN })).status, 200);
      assert.equal((await s.call('POST', '/auth', { body: DEMO_CREDENTIALS.co })).status, 200);
    } finally {
      await s.close();
    }
  });
});
