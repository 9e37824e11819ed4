/**
 * DIAN habilitación from the administration API and the CLI: sends the test
 * set of a Colombian company (src/einvoice/dian/habilitacion.ts) through the
 * configured authority (the sandbox by default, the web service with
 * DIAN_MODE=webservice), answers the verdict per document, and keeps the
 * outcome in the company's settings (dian.test_set {status, test_set_id, at}).
 * Switching to production is then `PATCH …/companies/{id}` with
 * `{"settings": {"dian": {"environment": "1"}}}`.
 */
import { Type } from '@sinclair/typebox';
import type { Db } from '../platform/db';
import { ApiError, error, Problems } from '../platform/errors';
import { checkBody } from '../platform/validation';
import type { DianAuthority } from '../einvoice/dian/authority';
import { withCompany, type Actor } from './audit';
import { companyRow } from './collections';

export const TestSetBody = Type.Object({
  test_set_id: Type.Optional(Type.String({ minLength: 1, maxLength: 100, description: 'The TestSetId the DIAN gave; default settings.dian.test_set_id' })),
});

export interface TestSetResult {
  status: 'Accepted' | 'Rejected';
  documents: Array<{ name: string; kind: string; status: string; errors: { code: string; message: string }[] }>;
}
type RunDianTestSet = (db: Db, authority: DianAuthority, companyId: number, testSetId: string) => Promise<TestSetResult>;

/** The habilitación module, when this build has it. */
async function testSetRunner(): Promise<RunDianTestSet | null> {
  try {
    return (await import('../einvoice/dian/habilitacion' as string)).runDianTestSet ?? null;
  } catch (e: any) {
    if (e?.code === 'MODULE_NOT_FOUND') return null;
    throw e;
  }
}

export async function runTestSet(db: Db, actor: Actor, authority: DianAuthority, companyId: number, body: { test_set_id?: string } | undefined): Promise<TestSetResult> {
  const p = new Problems();
  if (!checkBody(TestSetBody, body ?? {}, p)) p.throwIfAny();
  const company = await companyRow(db, companyId);
  if (company.country !== 'CO') throw new ApiError(400, [error('company_settings', 'The DIAN test set is for Colombian companies', ['id'])]);
  const testSetId = body?.test_set_id ?? company.settings?.dian?.test_set_id;
  if (!testSetId) throw new ApiError(400, [error('parameter_required', 'Send test_set_id, or set settings.dian.test_set_id on the company', ['test_set_id'])]);
  const run = await testSetRunner();
  if (!run) throw new ApiError(404, [error('not_found', 'This build does not send DIAN test sets', ['url'])]);
  const result = await run(db, authority, companyId, testSetId);
  await withCompany(db, actor, companyId, async ({ q, company: c, record }) => {
    const settings = { ...c.settings, dian: { ...c.settings?.dian, test_set_id: testSetId, test_set: { status: result.status, test_set_id: testSetId, at: new Date().toISOString() } } };
    await q.query('UPDATE companies SET settings = $2 WHERE company_id = $1', [companyId, JSON.stringify(settings)]);
    await record('test-set', 'companies', companyId, { settings: c.settings }, { settings });
  });
  return result;
}
