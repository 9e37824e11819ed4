/**
 * ownFields (src/platform/json.ts): what a document sends of itself when it is made from a base (the invoice
 * kernel's batches merge it into the base with jsonb `||`, top level): the base merged with it must serialise as
 * the document does, else null (the document is sent whole).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ownFields } from '../../src/platform/json';

/** The top-level merge the statement makes (base || own), serialised. */
const merged = (base: Record<string, unknown>, own: Record<string, unknown>) => JSON.parse(JSON.stringify({ ...JSON.parse(JSON.stringify(base)), ...JSON.parse(JSON.stringify(own)) }));

test('the fields that are not the base\'s own value (by reference) are sent, and the merge is the document', () => {
  const items = [{ code: 'A', price: 1 }];
  const base = { id: 'x', items, total: 10, note: null, customer: { id: '1' } };
  const doc = { ...base, id: 'y', customer: { id: '2' } };
  const own = ownFields(doc, base);
  assert.deepEqual(own, { id: 'y', customer: { id: '2' } });
  assert.deepEqual(merged(base, own!), JSON.parse(JSON.stringify(doc)));
  // An equal value that is not the same object is sent all the same (nothing is compared deeply).
  assert.deepEqual(ownFields({ ...base, items: [{ code: 'A', price: 1 }] }, base), { items: [{ code: 'A', price: 1 }] });
  // A field the base lacks is the document's own.
  assert.deepEqual(ownFields({ ...base, extra: 1 }, base), { extra: 1 });
});

test('a field of the base that the document lacks or leaves undefined cannot be sent as a difference: null', () => {
  const base = { id: 'x', total: 10 } as Record<string, unknown>;
  const { total: _, ...without } = base;
  assert.equal(ownFields(without, base), null);
  assert.equal(ownFields({ ...base, total: undefined }, base), null);
  // Undefined in both: neither serialises it.
  assert.deepEqual(ownFields({ id: 'y', gone: undefined }, { id: 'x', gone: undefined }), { id: 'y' });
});
