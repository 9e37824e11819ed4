/**
 * A pass of the report sums' folding (src/reports/folding.ts) on each storage: the pending rows are moved into the
 * sums, and the tables they left are vacuumed in the same pass, so that the next rows reuse their space instead of
 * adding to the dead rows that creations kept paying for.
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Db } from '../../src/platform/db';
import { foldPass } from '../../src/reports/folding';
import { STORAGES, type Storage } from '../support/server';
import { openTemplateDb } from '../support/template';

const dbs = new Map<Storage, { db: Db; company: number; done: () => Promise<void> }>();
before(async () => {
  for (const storage of STORAGES) dbs.set(storage, await openTemplateDb(storage, 'facturas-folding-'));
});
after(async () => { for (const { done } of dbs.values()) await done(); });

for (const storage of STORAGES) {
  test(`${storage}: a pass folds the pending sums and vacuums the tables it folded: the next rows reuse their space`, async () => {
    const { db, company } = dbs.get(storage)!;
    const ROWS = 5_000;
    // ROWS pending sums of 1.00 debit on one account and day, as the journal lines' trigger appends them.
    const append = () => db.query(`INSERT INTO ledger_pending (company_id, account_code, day, debit, credit)
      SELECT $1, '999999', DATE '2026-12-07', 1, 0 FROM generate_series(1, $2::int)`, [company, ROWS]);
    const pages = async () => (await db.query<{ n: number }>(`SELECT (pg_relation_size('ledger_pending') / 8192)::int AS n`))[0].n;
    const folded = async () => (await db.query<{ debit: string | null }>(
      `SELECT sum(debit)::text AS debit FROM ledger_days WHERE company_id = $1 AND account_code = '999999'`, [company]))[0].debit;
    await foldPass(db); // whatever the template left pending
    const start = await pages();

    await append();
    assert.deepEqual(await foldPass(db), ['ledger_pending'], 'the table that had pending rows');
    assert.equal((await db.query(`SELECT 1 FROM ledger_pending`)).length, 0, 'every pending row moved');
    assert.equal(await folded(), '5000.00');
    const once = await pages();
    assert.ok(once > start, `${ROWS} rows took pages (${start} → ${once})`);

    // Four more rounds: vacuumed after each pass, the table stays at the size one round takes.
    for (let round = 2; round <= 5; round++) {
      await append();
      await foldPass(db);
    }
    assert.equal(await folded(), '25000.00', 'every round folded');
    const after5 = await pages();
    assert.ok(after5 <= once + 2, `after 5 rounds of ${ROWS} rows the table has ${after5} pages; one round took ${once}`);
    assert.deepEqual(await foldPass(db), [], 'nothing pending: nothing folded, nothing vacuumed');
  });
}
