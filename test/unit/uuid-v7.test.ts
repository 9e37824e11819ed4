/**
 * uuidV7 (src/companies/bulk-documents.ts): the ids of loaded documents, version-7 UUIDs whose first 48 bits are their
 * creation time, so that they sort (as text and as PostgreSQL's uuid) in creation order.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import crypto from 'node:crypto';
import { invoiceId, uuidV7 } from '../../src/companies/bulk-documents';

const SHAPE = /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

test('the time in the first 48 bits, version 7, the RFC 9562 variant', () => {
  const ms = Date.parse('2026-12-05T22:15:30.123Z');
  const id = uuidV7(ms, 'f'.repeat(20));
  assert.match(id, SHAPE);
  assert.equal(parseInt(id.replace(/-/g, '').slice(0, 12), 16), ms);
  assert.equal(id, '01a24846-d04b-7fff-bfff-ffffffffffff');
  assert.equal(uuidV7(0, '0'.repeat(20)), '00000000-0000-7000-8000-000000000000');
});

test('ids made later sort later; an invoice\'s id is the same in every run of its load', () => {
  const start = Date.parse('2025-12-06T05:00:00Z');
  const ids = Array.from({ length: 500 }, (_, k) => uuidV7(start + k * 37, crypto.randomBytes(10).toString('hex')));
  for (const id of ids) assert.match(id, SHAPE);
  assert.deepEqual([...ids].sort(), ids);
  assert.equal(invoiceId('seed', 7, start), invoiceId('seed', 7, start));
  assert.notEqual(invoiceId('seed', 7, start), invoiceId('seed', 8, start));
  assert.notEqual(invoiceId('seed', 7, start), invoiceId('other', 7, start));
});
