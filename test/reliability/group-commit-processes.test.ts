// test-runner: alone: two service processes write for seconds against each other.
/**
 * Issue 37, faults: two service processes on one PostgreSQL, both with group
 * commit on, take creations at once (invoices, cash receipts paying the same
 * credit invoices, and credit notes on the same two invoices, decided in rounds:
 * through both processes): each process batches on its
 * own, the counters' row locks order their batches, and the numbering of every
 * document type stays gap-free, each number once; every 201 is stored as
 * answered and the books balance (bookAnomalies). PostgreSQL only (an
 * embedded database belongs to one process): runs with TEST_DATABASE_URL.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ApiClient } from '../support/server';
import { newStorage, ServiceProcess } from '../support/service';
import { bookAnomalies } from '../support/workload';
import { coRefs, noteRefs, today, validInvoice } from '../support/co';
import { creditInvoice, debtPayment, dueOf, mainCustomer, rcRefs } from '../support/vouchers';
import { report } from '../support/figures';

test('group commit: two processes batching on one PostgreSQL keep numbering gap-free', { skip: !process.env.TEST_DATABASE_URL, timeout: 5 * 60_000 }, async () => {
  const db = await newStorage('postgres');
  const env = { ...db.env, GROUP_COMMIT_MS: '5', GROUP_COMMIT_MAX: '16' };
  const svcs = [await ServiceProcess.start(env), await ServiceProcess.start(env)];
  const answered = new Map<string, { number: number; name: string }>();
  const anomalies: string[] = [];
  try {
    const clients = svcs.map((s) => new ApiClient(s.url));
    const [co, rc, notes] = await Promise.all([coRefs(clients[0]), rcRefs(clients[0]), noteRefs(clients[0])]);
    const owed = await Promise.all([0, 1].map(() => creditInvoice(clients[0], co, { amount: 1_000_000 })));
    // Credit invoices of 100,000 books at 1.00 that the credit notes (one book each, settled on account) will not use up.
    const books = await Promise.all([0, 1].map(async () => {
      const res = await clients[0].as('co').post('/v1/invoices', validInvoice(co, {
        items: [{ code: 'LIBRO01', quantity: 100_000, price: 1, taxes: [] }], payments: [{ id: co.pay.Credit.id, value: 100_000, due_date: '2099-12-31' }] }));
      assert.equal(res.status, 201, JSON.stringify(res.body));
      return res.body;
    }));
    const send = (i: number) => {
      const c = clients[i % 2];
      if (i % 4 === 3) {
        return c.as('co').post('/v1/credit-notes', {
          document: { id: notes.types.NC.id }, date: today(), invoice: books[(i >> 2) % 2].id, reason: 1, seller: co.seller.id,
          items: [{ code: 'LIBRO01', quantity: 1, price: 1, taxes: [] }], payments: [{ id: notes.pays['NC.Credit'].id, value: 1 }] });
      }
      if (i % 3 === 1) return c.as('co').post('/v1/vouchers', debtPayment(rc, mainCustomer(co), [{ due: dueOf(owed[(i >> 1) % 2]), value: 10 }]));
      return c.as('co').post('/v1/invoices', i % 3 === 0 ? validInvoice(co, { payments: [{ id: co.pay.Credit.id, value: 1130.5, due_date: '2099-12-31' }] }) : validInvoice(co));
    };
    let stop = false;
    setTimeout(() => { stop = true; }, 5000);
    await Promise.all(Array.from({ length: 24 }, async (_, w) => {
      for (let i = w; !stop; i += 24) {
        const res = await send(i);
        if (res.status === 201) answered.set(res.body.id, { number: res.body.number, name: res.body.name });
        else anomalies.push(`${res.status} ${JSON.stringify(res.body).slice(0, 300)}`);
      }
    }));
    for (const s of svcs) await s.stop();
    const q = await db.open();
    try {
      const stored = new Map((await q.query<{ id: string; number: number; name: string }>(
        `SELECT id::text, number::int AS number, name FROM invoices UNION ALL SELECT id::text, number::int, name FROM vouchers
         UNION ALL SELECT id::text, number::int, name FROM notes`)).map((r) => [r.id, r]));
      for (const [id, doc] of answered) {
        const row = stored.get(id);
        if (!row || row.number !== doc.number || row.name !== doc.name) anomalies.push(`${doc.name} (${id}) was answered 201 but is stored as ${JSON.stringify(row)}`);
      }
      anomalies.push(...await bookAnomalies(q, db.numbering));
      const [{ batches }] = await q.query<{ batches: number }>(
        `SELECT count(*)::int AS batches FROM (SELECT xmin::text FROM invoices GROUP BY 1 HAVING count(*) > 1 UNION ALL SELECT xmin::text FROM vouchers GROUP BY 1 HAVING count(*) > 1
           UNION ALL SELECT xmin::text FROM notes GROUP BY 1 HAVING count(*) > 1) b`);
      const [{ paid }] = await q.query<{ paid: string }>('SELECT sum(paid)::text AS paid FROM due_items WHERE invoice_id = ANY($1::uuid[])', [owed.map((o) => o.id)]);
      const vouchers = [...answered.values()].filter((d) => d.name.startsWith('RC')).length;
      const credited = [...answered.values()].filter((d) => d.name.startsWith(notes.types.NC.prefix)).length;
      const [{ balance }] = await q.query<{ balance: string }>('SELECT sum(balance)::text AS balance FROM invoices WHERE id = ANY($1::uuid[])', [books.map((b) => b.id)]);
      const [{ applied }] = await q.query<{ applied: string }>(
        `SELECT coalesce(sum(a.amount), 0)::text AS applied FROM note_applications a JOIN due_items d ON d.id = a.due_item_id WHERE d.invoice_id = ANY($1::uuid[])`, [books.map((b) => b.id)]);
      report('group commit, two processes [postgres]', { requests: answered.size + anomalies.length, documents: answered.size, anomalies: anomalies.length });
      console.log(`group commit, two processes: ${answered.size} answered 201 (${vouchers} receipts, ${credited} credit notes), ${batches} transactions wrote several documents of a table`);
      assert.ok(batches > 0, 'no batch was written');
      assert.ok(vouchers > 0);
      assert.equal(Number(paid), vouchers * 10, 'every receipt paid its 10.00, once');
      assert.ok(credited > 0, 'credit notes were written');
      assert.equal(Number(applied), credited, 'every credit note settled its 1.00, once');
      assert.equal(Number(balance), 200_000 - credited, 'the books invoices owe what the notes left');
    } finally { await q.close(); }
    assert.deepEqual(anomalies.slice(0, 30), []);
  } finally {
    for (const s of svcs) await s.kill9();
    await db.drop();
  }
});
