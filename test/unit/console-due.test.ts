/**
 * console_due (migrations 068 and 086), the key of the index invoices_due_sort and of the console's "due" column, on
 * each storage: the last due date of a Colombian invoice's payments on credit, the conditions' date of a Mexican PPD
 * invoice, null otherwise; written in PL/pgSQL so that PostgreSQL plans it once per connection instead of at every
 * row it indexes.
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Db } from '../../src/platform/db';
import { STORAGES, type Storage } from '../support/server';
import { openTemplateDb } from '../support/template';

const dbs = new Map<Storage, { db: Db; done: () => Promise<void> }>();
before(async () => {
  for (const storage of STORAGES) dbs.set(storage, await openTemplateDb(storage, 'facturas-console-due-'));
});
after(async () => { for (const { done } of dbs.values()) await done(); });

const CASES: [string, unknown, string | null][] = [
  ['payments on credit: the latest due date', { payments: [{ id: 1, value: 10, due_date: '2027-01-15' }, { id: 2, value: 5, due_date: '2027-03-01' }, { id: 3, value: 1 }] }, '2027-03-01'],
  ['a due date that is not text is left out', { payments: [{ due_date: 20270101 }, { due_date: '2026-12-31' }] }, '2026-12-31'],
  ['cash: no due date', { payments: [{ id: 1, value: 10 }] }, null],
  ['payments that are not a list', { payments: { due_date: '2027-01-01' } }, null],
  ['Mexico, PPD: the conditions\' date', { payment: { method: 'PPD', conditions: { due_date: '2027-02-28' } } }, '2027-02-28'],
  ['Mexico, PUE: none', { payment: { method: 'PUE', conditions: { due_date: '2027-02-28' } } }, null],
  ['an empty document', {}, null],
];

for (const storage of STORAGES) {
  test(`${storage}: console_due answers the due date of each kind of document, and is PL/pgSQL`, async () => {
    const { db } = dbs.get(storage)!;
    for (const [what, doc, due] of CASES) {
      const [row] = await db.query<{ due: string | null }>('SELECT console_due($1::jsonb) AS due', [JSON.stringify(doc)]);
      assert.equal(row.due, due, what);
    }
    const [fn] = await db.query<{ lang: string }>(`SELECT l.lanname AS lang FROM pg_proc p JOIN pg_language l ON l.oid = p.prolang WHERE p.proname = 'console_due'`);
    assert.equal(fn.lang, 'plpgsql');
    // The index keyed by it still serves the console's sort.
    const [ix] = await db.query<{ def: string }>(`SELECT indexdef AS def FROM pg_indexes WHERE indexname = 'invoices_due_sort'`);
    assert.match(ix.def, /console_due\(document\)/);
  });
}
