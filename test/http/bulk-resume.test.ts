/**
 * bulk-demo (src/companies/bulk.ts) in batches, interrupted and resumed: each batch is its own transaction with the
 * load's progress (bulk_loads), so a run that stops leaves its committed batches, and a second run with the same
 * arguments goes on from there. Three runs of a load of 3 invoice batches and its receipts (the first stops after 2
 * batches, the second after the third invoice batch and two receipt batches, the third ends it) hold exactly the invoices asked for,
 * numbered without gaps or repeats, the books balanced and the receivables equal to the open due items; a fourth run
 * loads nothing more. That load writes on one lane (its batches in a known order); a load on two lanes (receipts
 * written beside the invoices, as on PostgreSQL by default) stopped twice and resumed holds the same, and its receipts
 * are numbered in the order they were made.
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import Decimal from 'decimal.js';
import { eachStorage, startTestServer, type TestServer } from '../support/server';
import { bookAnomalies } from '../support/workload';
import { bulkDemo, type BulkOptions, type BulkResult } from '../../src/companies/bulk';

eachStorage('bulk-demo resumed', (storage) => {
  let s: TestServer;
  let numbering: Map<number, number>;

  before(async () => {
    s = await startTestServer(storage);
    numbering = new Map((await s.db.query('SELECT id, consecutive::int AS c FROM document_types')).map((t) => [t.id, t.c]));
  });
  after(() => s.close());

  test('stopped twice, resumed: the invoices asked for, gap-free, once each, books balanced, receivables consistent', async () => {
    // 62 invoices: the two samples and 60 in batches of 20 (3 batches), then their receipts (about 10) in batches of 4.
    const args: BulkOptions = { invoices: 62, days: 120, customers: 6, batch: 20, receiptBatch: 4, lanes: 1 };
    const logged: string[] = [];
    const first = await bulkDemo(s.db, { ...args, stopAfter: 2, log: (l) => logged.push(l) });
    assert.equal(first.finished, false);
    assert.equal(first.resumed, false);
    assert.deepEqual(first.written, { invoices: 40, receipts: 0 });
    const cid = first.company_id;
    const loaded = async () => (await s.db.query(`SELECT count(*)::int AS n, count(DISTINCT name)::int AS numbers FROM invoices
      WHERE company_id = $1 AND customer_identification LIKE '811%'`, [cid]))[0];
    assert.deepEqual(await loaded(), { n: 40, numbers: 40 }, 'the two batches committed stay');
    assert.deepEqual(await bookAnomalies(s.db, numbering), [], 'the books of a stopped load hold');

    // The second run: the third invoice batch, then two batches of receipts.
    const [{ n: receiptsBefore }] = await s.db.query(`SELECT count(*)::int AS n FROM vouchers WHERE company_id = $1`, [cid]);
    const second = await bulkDemo(s.db, { ...args, stopAfter: 3, log: (l) => logged.push(l) });
    assert.equal(second.resumed, true);
    assert.equal(second.finished, false);
    assert.deepEqual(second.written, { invoices: 20, receipts: 8 });
    assert.deepEqual(await loaded(), { n: 60, numbers: 60 });
    const [{ n: receiptsMid }] = await s.db.query(`SELECT count(*)::int AS n FROM vouchers WHERE company_id = $1`, [cid]);
    assert.equal(receiptsMid - receiptsBefore, second.written.receipts);
    assert.ok(logged.some((l) => l.includes('resumed: 40 invoices and 0 receipts')), logged.join(' | '));

    const third = await bulkDemo(s.db, { ...args, log: (l) => logged.push(l) });
    assert.equal(third.finished, true);
    assert.equal(third.resumed, true);
    assert.equal(third.written.invoices, 0);
    const receipts = third.vouchers - 2;
    assert.equal(second.written.receipts + third.written.receipts, receipts, 'every receipt written once');
    assert.ok(third.written.receipts > 0, `the third run wrote the last receipts: ${JSON.stringify(third.written)}`);

    // Exactly what was asked: 60 loaded invoices and the two samples, each number once, each receipt's due item paid once.
    assert.deepEqual(await loaded(), { n: 60, numbers: 60 });
    const [counts] = await s.db.query(`SELECT (SELECT count(*)::int FROM vouchers WHERE company_id = $1) - $2::int AS vouchers,
        (SELECT count(*)::int FROM (SELECT due_item_id FROM voucher_applications WHERE company_id = $1 GROUP BY 1 HAVING count(*) > 1) x) AS twice`,
    [cid, receiptsBefore]);
    assert.equal(counts.vouchers, receipts + 2, 'the receipts and the two samples');
    assert.equal(counts.twice, 0, 'no due item paid twice');
    assert.deepEqual(await bookAnomalies(s.db, numbering), [], 'numbering gap-free from the counters, entries balanced, due items and balances agree');
    const types = await s.db.query(
      `SELECT t.code, t.consecutive::int AS next, coalesce((SELECT max(number)::int FROM invoices i WHERE i.document_type_id = t.id),
              (SELECT max(number)::int FROM vouchers v WHERE v.document_type_id = t.id)) AS top
         FROM document_types t WHERE t.company_id = $1 AND t.code IN ('FV', 'FV-PCT', 'RC') ORDER BY t.code`, [cid]);
    for (const t of types) assert.equal(t.next, t.top + 1, `${t.code}: the counter is one past the highest number`);

    // The ledger balances and the receivables are the open due items, in the report and in the receivable accounts.
    const tb = await s.as('co').get('/v1/reports/trial-balance');
    assert.equal(tb.status, 200);
    assert.equal(tb.body.balanced, true);
    const [{ open }] = await s.db.query(`SELECT sum(amount - paid) AS open FROM due_items WHERE company_id = $1 AND NOT annulled`, [cid]);
    const ar = await s.as('co').get('/v1/reports/accounts-receivable?page_size=100');
    assert.equal(ar.status, 200);
    assert.deepEqual(ar.body.totals.map((t: any) => [t.currency, t.total]), [['COP', new Decimal(open).toNumber()]]);
    const codes = (await s.db.query('SELECT DISTINCT account_code FROM due_items WHERE company_id = $1', [cid])).map((r) => r.account_code);
    const receivable = tb.body.accounts.filter((a: any) => codes.includes(a.code)).reduce((t: Decimal, a: any) => t.plus(a.closing_balance), new Decimal(0));
    assert.equal(receivable.toNumber(), new Decimal(open).toNumber(), 'the receivable accounts close at the open due items');

    // A fourth run with the same arguments: the load is finished, nothing more is written.
    const fourth = await bulkDemo(s.db, { ...args, log: (l) => logged.push(l) });
    assert.deepEqual(fourth.written, { invoices: 0, receipts: 0 });
    assert.equal(fourth.finished, true);
    assert.deepEqual(await loaded(), { n: 60, numbers: 60 });
  });

  test('on two lanes, stopped twice and resumed: every invoice and receipt once, gap-free, receipts numbered in the order they were made', async () => {
    // 82 invoices: the two samples and 80 in batches of 16 (5 batches); receipts (about 15) in batches of 3, beside them.
    const args: BulkOptions = { invoices: 82, days: 90, customers: 6, batch: 16, receiptBatch: 3, lanes: 2 };
    const [rc] = await s.db.query(`SELECT t.id, coalesce(max(v.number), 0)::int AS top FROM document_types t LEFT JOIN vouchers v ON v.document_type_id = t.id
      WHERE t.code = 'RC' AND t.company_id = (SELECT company_id FROM companies WHERE is_demo AND country = 'CO' ORDER BY company_id LIMIT 1) GROUP BY t.id`);
    const counts = async () => (await s.db.query(`SELECT (SELECT count(*)::int FROM invoices WHERE document_type_id IN (SELECT id FROM document_types WHERE code IN ('FV', 'FV-PCT'))) AS invoices,
        (SELECT count(*)::int FROM vouchers WHERE document_type_id = $1) AS receipts`, [rc.id]))[0];
    const before0 = await counts();
    const runs: BulkResult[] = [];
    for (const stopAfter of [3, 4, undefined]) {
      const r = await bulkDemo(s.db, { ...args, stopAfter });
      const now = await counts();
      runs.push(r);
      // What the runs say they wrote is what they left committed (a lane's batch under way when the other stopped
      // included), with the two sample invoices (the load's first transaction) and, once finished, their receipts.
      const sum = (k: 'invoices' | 'receipts') => runs.reduce((t, x) => t + x.written[k], 0);
      assert.deepEqual(now, { invoices: before0.invoices + sum('invoices') + 2, receipts: before0.receipts + sum('receipts') + (r.finished ? 2 : 0) },
        `run ${runs.length}: ${JSON.stringify(r.written)}`);
      assert.deepEqual(await bookAnomalies(s.db, numbering), [], `the books after run ${runs.length}`);
      if (r.finished) break;
    }
    const last = runs[runs.length - 1];
    assert.equal(last.finished, true);
    assert.equal(runs[0].finished, false, 'the first run stopped');
    assert.equal(runs[1].resumed, true);
    assert.equal(runs.reduce((t, r) => t + r.written.invoices, 0), 80, 'every invoice written once');
    assert.equal(runs.reduce((t, r) => t + r.written.receipts, 0), last.vouchers - 2, 'every receipt written once');
    assert.ok(last.vouchers - 2 >= 6, `receipts: ${last.vouchers - 2}`);
    const [check] = await s.db.query(`SELECT count(*) FILTER (WHERE back)::int AS back, count(*)::int AS n FROM (
        SELECT created_at < lag(created_at) OVER (ORDER BY number) AS back FROM vouchers WHERE document_type_id = $1 AND number > $2) x`, [rc.id, rc.top]);
    assert.deepEqual(check, { back: 0, n: last.vouchers }, 'the receipts (and the two samples, made last) numbered in the order they were made');
    const [{ twice }] = await s.db.query(`SELECT count(*)::int AS twice FROM (SELECT due_item_id FROM voucher_applications GROUP BY 1 HAVING count(*) > 1) x`);
    assert.equal(twice, 0, 'no due item paid twice');
  });
});
