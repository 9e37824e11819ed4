/**
 * Control characters are refused in every text of the administration API (issue 36, point 6): a CR/LF in a
 * legal name would flow into the XML, the PDF and mail headers. 400 invalid_value at the field's path, nothing stored.
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { problems, startTestServer, type TestServer } from '../support/server';
import { ADMIN_TOKEN, adminOf, ok } from '../support/admin';

let s: TestServer;
let coId: number;
before(async () => {
  s = await startTestServer('pglite', { ADMIN_TOKEN });
  [{ company_id: coId }] = await s.db.query("SELECT company_id FROM companies WHERE is_demo AND country = 'CO'");
});
after(() => s.close());

test('CR/LF, NUL, tab, DEL and C1 characters are refused with their path, in fields and nested ones', async () => {
  const admin = adminOf(s);
  const before = ok(await admin.get(`/companies/${coId}`));
  const cases: [object, string[]][] = [
    [{ legal_name: 'Tornillos S.A.S.\r\nBcc: x@evil.example' }, ['invalid_value@legal_name']],
    [{ legal_name: 'A\u0000B' }, ['invalid_value@legal_name']],
    [{ legal_name: '\ufeffTornillos S.A.S.' }, ['invalid_value@legal_name']], // a leading byte order mark (request-texts.ts)
    [{ address: { address: 'Cra 7\t# 71-21' } }, ['invalid_value@address.address']],
    [{ settings: { email: 'a@b.co\u007f', fiscal_responsibilities: ['O-13', 'R-99-PN\u0085'] } }, ['invalid_value@settings.email', 'invalid_value@settings.fiscal_responsibilities[1]']],
  ];
  for (const [body, expected] of cases) {
    const res = await admin.patch(`/companies/${coId}`, body);
    assert.equal(res.status, 400, JSON.stringify(body));
    assert.deepEqual(problems(res), expected, JSON.stringify(body));
  }
  const created = await admin.post(`/companies/${coId}/api-users`, { username: 'erp\nsecond-line' });
  assert.deepEqual(problems(created), ['invalid_value@username']);
  assert.deepEqual(ok(await admin.get(`/companies/${coId}`)).legal_name, before.legal_name, 'nothing stored');
  assert.equal(ok(await admin.patch(`/companies/${coId}`, { legal_name: 'Ferretería Ñandú & Cía. S.A.S.' })).legal_name, 'Ferretería Ñandú & Cía. S.A.S.', 'accents and symbols are fine');
  ok(await admin.patch(`/companies/${coId}`, { legal_name: before.legal_name }));
});
