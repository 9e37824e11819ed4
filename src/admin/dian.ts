/**
 * DIAN habilitación from the administration API and the CLI: sends the test
 * set of a Colombian company (runDianTestSet, src/countries/co/dian/habilitacion.ts)
 * through the configured authority (the sandbox by default, the web service
 * with DIAN_MODE=webservice) and answers the verdict per document. A passed
 * set is written in the company's settings (dian.test_set_passed_at) by
 * runDianTestSet; only then does `PATCH …/companies/{id}` take
 * `{"settings": {"dian": {"environment": "1"}}}` (production).
 */
import { Type } from '@sinclair/typebox';
import type { Db } from '../platform/db';
import { DomainError, Problems } from '../platform/errors';
import { checkBody } from '../platform/validation';
import type { DianAuthority } from '../countries/co/dian/authority';
import { DianTestSetError, runDianTestSet, type TestSetResult } from '../countries/co/dian/habilitacion';
import { TEST_SET_ID } from '../countries/co/dian/test-resolution';
import { testSetDocuments } from '../invoices/co/test-set';
import { withCompany, type Actor } from './audit';
import { companyRow } from './collections';

export const TestSetBody = Type.Object({
  test_set_id: Type.Optional(Type.String({ ...TEST_SET_ID, description: 'The TestSetId the DIAN gave (a GUID); default settings.dian.test_set_id' })),
});

export async function runTestSet(db: Db, actor: Actor, authority: DianAuthority, companyId: number, body: { test_set_id?: string } | undefined): Promise<TestSetResult> {
  const p = new Problems();
  if (!checkBody(TestSetBody, body ?? {}, p)) p.throwIfAny();
  const company = await companyRow(db, companyId);
  const testSetId = body?.test_set_id ?? company.settings?.dian?.test_set_id;
  if (!testSetId) throw new DomainError('parameter_required', 'Send test_set_id, or set settings.dian.test_set_id on the company', 'test_set_id');
  let result: TestSetResult;
  try {
    result = await runDianTestSet(db, authority, testSetDocuments, companyId, testSetId);
  } catch (e) {
    if (e instanceof DianTestSetError) throw new DomainError(e.param === 'test_set_id' ? 'invalid_value' : 'company_settings', e.message, e.param);
    throw e;
  }
  await withCompany(db, actor, companyId, ({ record }) =>
    record('test-set', 'dian', testSetId, null, { status: result.status, documents: result.documents.length, rejected: result.documents.filter((d) => d.status !== 'Accepted').length }));
  return result;
}
