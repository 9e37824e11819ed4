/**
 * The document answer check every HTTP test runs (test/support/answers.ts):
 * a document route's answer that does not match its response schema fails
 * the test that received it; other routes and error answers are not checked.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { checkAnswer } from '../support/answers';

const ID = '0b7c2f7e-8a59-4a3e-9d55-6d1c0f6b2a11';

test('a document answer that does not match its schema is an error, naming the route and the field', () => {
  assert.throws(() => checkAnswer('GET', `/v1/invoices/${ID}`, 200, { id: ID, extra: true }), /GET \/v1\/invoices\/.* does not match its schema: .*must have required property/);
  assert.throws(() => checkAnswer('POST', '/mx/v1/invoices', 201, { id: 1 }), /does not match its schema/);
  assert.throws(() => checkAnswer('GET', '/v1/vouchers?page_size=5', 200, { results: [{ id: 'x' }] }), /does not match its schema/);
});

test('errors, deletions, other routes and empty lists are not checked', () => {
  assert.doesNotThrow(() => checkAnswer('GET', `/v1/invoices/${ID}`, 404, { Status: 404 }));
  assert.doesNotThrow(() => checkAnswer('DELETE', `/v1/invoices/${ID}`, 200, { id: ID, deleted: true }));
  assert.doesNotThrow(() => checkAnswer('GET', '/v1/products', 200, { results: [{ id: 'x' }] }));
  assert.doesNotThrow(() => checkAnswer('GET', '/v1/invoices', 200, { pagination: {}, results: [] }));
});
