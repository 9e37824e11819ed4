/**
 * The error-code catalogue (src/platform/error-codes.ts) and docs/api.md's
 * "Error codes" table list the same codes with the same statuses; a
 * DomainError answers its code's status.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { ERROR_CODES, isErrorCode, statusOf, type ErrorCode } from '../../src/platform/error-codes';
import { DomainError, notFound, Problems } from '../../src/platform/errors';

const readme = fs.readFileSync(path.join(__dirname, '..', '..', '..', 'docs', 'api.md'), 'utf8');

function documented(): Map<string, { status: string; meaning: string }> {
  const section = readme.split('\n### Error codes\n')[1]?.split(/\n#{2,3} /)[0];
  assert.ok(section, 'docs/api.md has an "### Error codes" section');
  const rows = new Map<string, { status: string; meaning: string }>();
  for (const m of section.matchAll(/^\| `([a-z_]+)` \| ([^|]+) \| ([^|]+) \|$/gm)) rows.set(m[1], { status: m[2].trim(), meaning: m[3].trim() });
  return rows;
}

test('every code of the catalogue is documented in docs/api.md with its status, and nothing else is', () => {
  const rows = documented();
  assert.deepEqual([...rows.keys()].sort(), Object.keys(ERROR_CODES).sort());
  for (const [code, { status, meaning }] of rows) {
    assert.ok(status.split(', ').includes(String(statusOf(code as ErrorCode))), `${code}: README says ${status}, the catalogue ${statusOf(code as ErrorCode)}`);
    assert.ok(meaning.length > 10, `${code} has a meaning`);
  }
});

test('a DomainError answers its code\'s status in the error body', () => {
  const e = new DomainError('invalid_document', 'Invoice FV-1 is already annulled', 'id');
  assert.equal(e.status, 400);
  assert.deepEqual(e.body(), { Status: 400, Errors: [{ Code: 'invalid_document', Message: 'Invoice FV-1 is already annulled', Params: ['id'] }] });
  assert.deepEqual(new DomainError('requests_limit', 'slow down').body().Errors[0].Params, []);
  assert.equal(new DomainError('idempotency_conflict', 'x', 'Idempotency-Key', 'd').body().Errors[0].Detail, 'd');
  assert.equal(notFound('Invoice 1').status, 404);
  const p = new Problems();
  p.add('parameter_required', 'Send the date', 'date');
  assert.throws(() => p.throwIfAny(), (err: DomainError) => err.status === 400 && err.errors[0].Code === 'parameter_required');
  assert.equal(isErrorCode('invalid_value'), true);
  assert.equal(isErrorCode('toString'), false);
});
