// test-runner: alone: it kills service processes with SIGKILL at chosen moments.
/**
 * Issue 8, part 2: crash safety. The service runs as its own process under
 * the mixed workload (every creation with an Idempotency-Key, as a careful
 * integrator sends them) and is killed with SIGKILL at a random moment, then
 * started again, several times. After each restart the creations whose answer
 * was lost are sent again with their key until answered. At the end
 * (Workload.verify): every 201 is stored whole and no document exists that
 * no answer named (nothing half-written), numbering has no gap, each key made
 * one document, the ledger balances, and the stamping and mail work the dead
 * processes held was finished after the restart.
 *
 * The same with group commit (issue 37): creations without a key (invoices of
 * both countries, cash receipts paying credit invoices, credit notes), written
 * in batches, killed in the middle; every 201 is stored with its number, the
 * numbering has no gap and the books balance (a batch is all or nothing).
 *
 * On the embedded database and, with TEST_DATABASE_URL, on PostgreSQL.
 * Rounds: CRASH_ROUNDS (2 inside `npm test`, 5 with RELIABILITY=long).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { STORAGES, ApiClient } from '../support/server';
import { newStorage, ServiceProcess } from '../support/service';
import { bookAnomalies, Workload, workloadRefs } from '../support/workload';
import { coRefs, noteRefs, today, validInvoice } from '../support/co';
import { creditInvoice, debtPayment, dueOf, mainCustomer, rcRefs } from '../support/vouchers';
import { MX_APP, mxInvoice, mxRefs } from '../support/mx';
import { report } from '../support/figures';

const LONG = process.env.RELIABILITY === 'long';
const ROUNDS = Number(process.env.CRASH_ROUNDS ?? (LONG ? 5 : 2));

for (const storage of STORAGES) {
  test(`crash [${storage}]: ${ROUNDS} × kill -9 under load, restart, nothing lost or half-written`, { timeout: (LONG ? 15 : 5) * 60_000 }, async () => {
    const db = await newStorage(storage);
    const { numbering } = db;
    // A PostgreSQL job claimed by the killed process is taken again after OUTBOX_CLAIM_MS; the embedded database takes it back at start.
    const svc = await ServiceProcess.start({ ...db.env, OUTBOX_CLAIM_MS: '3000' });
    try {
      const client = new ApiClient(svc.url);
      const w = new Workload(await workloadRefs(client), [client], { keyed: 1, repeated: 0.2 });
      for (let round = 1; round <= ROUNDS; round++) {
        const killAt = 800 + Math.random() * 2500;
        const kill = new Promise((r) => setTimeout(r, killAt)).then(() => svc.kill9());
        const sent = await w.run({ concurrency: 8, count: Infinity, ms: 60_000, stop: kill });
        await kill;
        const lost = w.lost;
        const before = { ...w.recovered };
        await svc.start();
        await w.resend();
        console.log(`crash [${storage}] round ${round}: killed after ${Math.round(killAt)} ms and ${sent} operations; ${lost} lost answers sent again: ` +
          `${w.recovered.replayed - before.replayed} had been saved before the kill, ${w.recovered.redone - before.redone} had not`);
      }
      await w.run({ concurrency: 4, count: 40, ms: 30_000 }); // the restarted service works on
      await w.settle(90_000);
      await w.verifyApi();
      await svc.stop();
      const after = await db.open();
      const stored = await w.verify(after, numbering).finally(() => after.close());
      const anomalies = [...w.anomalies, ...stored.anomalies];
      report(`crash [${storage}]`, { requests: w.requests, documents: stored.documents, killed: svc.killed, serverErrors: w.serverErrors, anomalies: anomalies.length });
      assert.equal(svc.killed, ROUNDS);
      assert.deepEqual(anomalies.slice(0, 30), []);
    } finally {
      await svc.kill9();
      await db.drop();
    }
  });
}

for (const storage of STORAGES) {
  test(`crash [${storage}]: ${ROUNDS} × kill -9 during group-committed batches: every 201 stored, no gap`, { timeout: (LONG ? 15 : 5) * 60_000 }, async () => {
    const db = await newStorage(storage);
    const svc = await ServiceProcess.start({ ...db.env, GROUP_COMMIT_MS: '5', GROUP_COMMIT_MAX: '16' });
    const answered = new Map<string, { number: number; name: string }>();
    const anomalies: string[] = [];
    try {
      const client = new ApiClient(svc.url);
      const [co, mx, rc, notes] = await Promise.all([coRefs(client), mxRefs(client), rcRefs(client), noteRefs(client)]);
      // Credit invoices that receipts (10.00 each) and credit notes (one book of 1.00 each) will not use up.
      const owed = await Promise.all([0, 1, 2, 3].map(() => creditInvoice(client, co, { amount: 1_000_000 })));
      const books = await Promise.all([0, 1].map(async () => {
        const res = await client.as('co').post('/v1/invoices', validInvoice(co, {
          items: [{ code: 'LIBRO01', quantity: 100_000, price: 1, taxes: [] }], payments: [{ id: co.pay.Credit.id, value: 100_000, due_date: '2099-12-31' }] }));
        assert.equal(res.status, 201, JSON.stringify(res.body));
        return res.body;
      }));
      const tables = new Map<string, string>(); // id → the table its document is stored in
      const send = (i: number) => {
        const post = (table: string, r: Promise<{ status: number; body: any }>) => r.then((res) => { if (res.status === 201) tables.set(res.body.id, table); return res; });
        switch (i % 8) {
          case 3: case 7: return post('invoices', client.as('mx').post('/v1/invoices', mxInvoice(mx), MX_APP));
          case 1: case 5: return post('vouchers', client.as('co').post('/v1/vouchers', debtPayment(rc, mainCustomer(co), [{ due: dueOf(owed[i % 4]), value: 10 }])));
          case 6: return post('notes', client.as('co').post('/v1/credit-notes', {
            document: { id: notes.types.NC.id }, date: today(), invoice: books[i % 2].id, reason: 1, seller: co.seller.id,
            items: [{ code: 'LIBRO01', quantity: 1, price: 1, taxes: [] }], payments: [{ id: notes.pays['NC.Credit'].id, value: 1 }] }));
          default: return post('invoices', client.as('co').post('/v1/invoices', i % 8 === 0 ? validInvoice(co, { payments: [{ id: co.pay.Credit.id, value: 1130.5, due_date: '2099-12-31' }] }) : validInvoice(co)));
        }
      };
      let cut = 0;
      for (let round = 1; round <= ROUNDS + 1; round++) {
        const last = round > ROUNDS; // the restarted service works on, unkilled
        let stop = false;
        const killAt = 800 + Math.random() * 2500;
        const kill = last ? new Promise((r) => setTimeout(r, 2000)).then(() => { stop = true; }) : new Promise((r) => setTimeout(r, killAt)).then(() => { stop = true; return svc.kill9(); });
        await Promise.all(Array.from({ length: 16 }, async (_, w) => {
          for (let i = w; !stop; i += 16) {
            const res = await send(i).catch(() => null);
            if (!res) { cut++; return; } // the process died: this answer is lost (no key: never sent again)
            if (res.status === 201) answered.set(res.body.id, { number: res.body.number, name: res.body.name });
            else anomalies.push(`${res.status} ${JSON.stringify(res.body).slice(0, 300)}`);
          }
        }));
        await kill;
        if (!last) await svc.start();
      }
      await svc.stop();
      const q = await db.open();
      try {
        const stored = new Map((await q.query<{ id: string; number: number; name: string }>(
          'SELECT id::text, number::int AS number, name FROM invoices UNION ALL SELECT id::text, number::int, name FROM vouchers UNION ALL SELECT id::text, number::int, name FROM notes'))
          .map((r) => [r.id, r]));
        for (const [id, doc] of answered) {
          const row = stored.get(id);
          if (!row || row.number !== doc.number || row.name !== doc.name) anomalies.push(`${doc.name} (${id}) was answered 201 but is stored as ${JSON.stringify(row)}`);
        }
        anomalies.push(...await bookAnomalies(q, db.numbering));
        // Batches were written: several invoices by one transaction.
        const [{ batches }] = await q.query<{ batches: number }>('SELECT count(*)::int AS batches FROM (SELECT xmin::text FROM invoices GROUP BY 1 HAVING count(*) > 1) b');
        const [{ mixed }] = await q.query<{ mixed: number }>(`SELECT count(*)::int AS mixed FROM (SELECT xmin::text FROM vouchers INTERSECT SELECT xmin::text FROM invoices) b`);
        const kinds = [...tables.values()].reduce((m, t) => m.set(t, (m.get(t) ?? 0) + 1), new Map<string, number>());
        report(`crash, group commit [${storage}]`, { requests: answered.size + cut + anomalies.length, documents: answered.size, killed: svc.killed, anomalies: anomalies.length });
        console.log(`crash, group commit [${storage}]: ${answered.size} answered 201 (${JSON.stringify(Object.fromEntries(kinds))}), ${stored.size} stored, ` +
          `${cut} answers cut by the kills, ${batches} transactions wrote several invoices, ${mixed} wrote invoices and vouchers`);
        assert.ok(batches > 0, 'no batch was written');
        assert.ok((kinds.get('vouchers') ?? 0) > 0 && (kinds.get('notes') ?? 0) > 0, 'receipts and notes were written');
        assert.ok(answered.size > 0);
      } finally { await q.close(); }
      assert.equal(svc.killed, ROUNDS);
      assert.deepEqual(anomalies.slice(0, 30), []);
    } finally {
      await svc.kill9();
      await db.drop();
    }
  });
}
