/**
 * HTTP's own answers (issue 35, point 7): 405 with Allow for a known path asked with another
 * method, 404 for an unknown path, 413 naming the limit in bytes, and CORS, off by default and
 * on for the origins of CORS_ORIGINS only.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { startTestServer, type TestServer } from '../support/server';
import { loadConfig } from '../../src/platform/config';

describe('405, 413 and CORS', () => {
  let plain: TestServer;
  let withCors: TestServer;
  before(async () => {
    plain = await startTestServer('pglite', { BODY_LIMIT_BYTES: '4096' });
    withCors = await startTestServer('pglite', { CORS_ORIGINS: 'https://pos.example.com, https://erp.example.com' });
  });
  after(async () => { await plain?.close(); await withCors?.close(); });

  test('a known path with the wrong method: 405, Allow lists the methods it takes', async () => {
    const token = await plain.token('co');
    const del = await plain.call('DELETE', '/v1/customers', { token });
    assert.equal(del.status, 405);
    assert.deepEqual(del.headers.get('allow')?.split(', ').sort(), ['GET', 'HEAD', 'POST']);
    assert.deepEqual(del.body.Errors.map((e: any) => [e.Code, e.Params]), [['method_not_allowed', ['method']]]);
    assert.match(del.body.Errors[0].Message, /DELETE is not allowed on \/v1\/customers; use GET, HEAD, POST/);
    // A parametric path too, on the Mexican base address; without a token (routing comes first).
    const put = await plain.call('POST', '/mx/v1/invoices/0123456789ab/pdf', { token: null });
    assert.equal(put.status, 405);
    assert.deepEqual(put.headers.get('allow')?.split(', ').sort(), ['GET', 'HEAD']);
    // An unknown path stays 404.
    const none = await plain.call('GET', '/v1/no-such-thing', { token });
    assert.equal(none.status, 404);
    assert.equal(none.headers.get('allow'), null);
    assert.equal(none.body.Errors[0].Code, 'not_found');
  });

  test('413 says the limit in bytes', async () => {
    const token = await plain.token('co');
    const huge = await plain.call('POST', '/v1/customers', { token, body: { comments: 'x'.repeat(5000) } });
    assert.equal(huge.status, 413);
    assert.equal(huge.body.Errors[0].Code, 'payload_too_large');
    assert.match(huge.body.Errors[0].Message, /limit of 4096 bytes/);
  });

  test('CORS is off by default: no Access-Control header, a preflight is not answered as one', async () => {
    const r = await plain.call('GET', '/health', { headers: { origin: 'https://pos.example.com' } });
    assert.equal(r.status, 200);
    assert.equal(r.headers.get('access-control-allow-origin'), null);
    const pre = await plain.call('OPTIONS', '/v1/customers', { headers: { origin: 'https://pos.example.com', 'access-control-request-method': 'POST' } });
    assert.notEqual(pre.status, 204);
    assert.equal(pre.headers.get('access-control-allow-origin'), null);
  });

  test('CORS_ORIGINS: a listed origin gets the headers and its preflight 204; another origin nothing', async () => {
    const pre = await withCors.call('OPTIONS', '/v1/invoices', { headers: { origin: 'https://pos.example.com', 'access-control-request-method': 'POST', 'access-control-request-headers': 'authorization, content-type' } });
    assert.equal(pre.status, 204);
    assert.equal(pre.headers.get('access-control-allow-origin'), 'https://pos.example.com');
    assert.match(pre.headers.get('access-control-allow-methods') ?? '', /POST/);
    assert.equal(pre.headers.get('access-control-allow-headers'), 'authorization, content-type');
    // An OPTIONS of a listed origin that is no preflight (no Access-Control-Request-Method): 204 as well, not a
    // plain-text error outside the ErrorBody shape.
    const bare = await withCors.call('OPTIONS', '/v1/invoices', { headers: { origin: 'https://pos.example.com' } });
    assert.equal(bare.status, 204);
    assert.equal(bare.headers.get('access-control-allow-origin'), 'https://pos.example.com');
    const token = await withCors.token('co');
    const get = await withCors.call('GET', '/v1/users', { token, headers: { origin: 'https://erp.example.com' } });
    assert.equal(get.status, 200);
    assert.equal(get.headers.get('access-control-allow-origin'), 'https://erp.example.com');
    assert.match(get.headers.get('vary') ?? '', /Origin/);
    const other = await withCors.call('GET', '/v1/users', { token, headers: { origin: 'https://evil.example.net' } });
    assert.equal(other.status, 200);
    assert.equal(other.headers.get('access-control-allow-origin'), null);
    assert.equal(other.headers.get('access-control-expose-headers'), null);
    // Another origin's preflight is not answered as one; the plugin's catch-all OPTIONS route adds no path: an
    // unknown path stays 404 and a known one's Allow does not gain OPTIONS.
    const otherPre = await withCors.call('OPTIONS', '/v1/invoices', { headers: { origin: 'https://evil.example.net', 'access-control-request-method': 'POST' } });
    assert.notEqual(otherPre.status, 204);
    assert.equal(otherPre.headers.get('access-control-allow-origin'), null);
    assert.equal((await withCors.call('GET', '/v1/no-such-thing', { token })).status, 404);
    const del = await withCors.call('DELETE', '/v1/customers', { token });
    assert.equal(del.status, 405);
    assert.deepEqual(del.headers.get('allow')?.split(', ').sort(), ['GET', 'HEAD', 'POST']);
  });

  test('CORS_ORIGINS refuses what is not an origin', () => {
    assert.throws(() => loadConfig({ CORS_ORIGINS: 'https://pos.example.com/path' }), /CORS_ORIGINS: https:\/\/pos.example.com\/path is not an origin/);
    assert.deepEqual(loadConfig({ CORS_ORIGINS: '*' }).corsOrigins, ['*']);
    assert.deepEqual(loadConfig({}).corsOrigins, []);
  });

  test('TRUST_PROXY: none by default, a hop count, or proxy addresses and ranges; anything else refused', () => {
    assert.equal(loadConfig({}).trustProxy, false);
    assert.equal(loadConfig({ TRUST_PROXY: '0' }).trustProxy, false);
    assert.equal(loadConfig({ TRUST_PROXY: '2' }).trustProxy, 2);
    assert.deepEqual(loadConfig({ TRUST_PROXY: '127.0.0.1, 10.0.0.0/8,::1,fd00::/8' }).trustProxy, ['127.0.0.1', '10.0.0.0/8', '::1', 'fd00::/8']);
    for (const bad of ['proxy.local', '10.0.0.0/33', '10.0.0.0/8/1', '999.1.1.1', 'true']) {
      assert.throws(() => loadConfig({ TRUST_PROXY: bad }), /TRUST_PROXY takes a number of proxy hops or a comma-separated list/, bad);
    }
  });
});
