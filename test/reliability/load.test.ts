// test-runner: alone: it loads the machine and reports its figures.
/**
 * Issue 8, part 1: many processes, one database. On PostgreSQL, 4 server
 * processes (`node dist/src/main.js`) share one database; on the embedded
 * database, which belongs to one process, a single one takes the same load.
 * Workers send a mix of Colombian cash, credit and electronic invoices, cash
 * receipts paying the credit invoices, Mexican invoices and e-mail requests,
 * spread over the processes; a share of the creations carries an
 * Idempotency-Key and is repeated on another process, at the same moment or
 * after its answer. Afterwards (Workload.verify): numbering without gaps or
 * repeats per document type, one document per key, every answered document
 * stored whole and no other, balanced entries, receivables = credit invoices −
 * receipts, stamping and mail finished; Mexican PPD invoices paid by payment
 * receipts and credited by credit notes, their receivable as the report says.
 *
 * Short inside `npm test`; RELIABILITY=long (npm run test:reliability) sends
 * LOAD_COUNT (default 4000) creations, each part bounded in time.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { STORAGES, ApiClient } from '../support/server';
import { newStorage, ServiceProcess } from '../support/service';
import { Workload, workloadRefs } from '../support/workload';
import { report } from '../support/figures';
import type { Db } from '../../src/platform/db';

/** The checks can fail: damage planted in a transaction (rolled back) is reported, each kind by its own check. */
async function theChecksSeeDamage(db: Db, w: Workload, numbering: Map<number, number>) {
  const found = await db.tx(async (q) => {
    await q.query(`UPDATE invoices SET number = number + 100 WHERE id = (SELECT id FROM invoices ORDER BY number DESC LIMIT 1)`);
    await q.query(`DELETE FROM journal_lines WHERE (entry_id, line_no) = (SELECT l.entry_id, l.line_no FROM journal_lines l JOIN journal_entries e ON e.id = l.entry_id WHERE e.source_kind = 'voucher' LIMIT 1)`);
    await q.query(`UPDATE due_items SET paid = paid + 0.01 WHERE id = (SELECT id FROM due_items WHERE paid < amount LIMIT 1)`);
    await q.query(`INSERT INTO idempotency_keys (company_id, scope, key, request_hash, status, response) SELECT company_id, 'planted', 'planted', '', 0, 'null' FROM companies LIMIT 1`);
    await q.query(`UPDATE outbox SET status = 'pending' WHERE id = (SELECT id FROM outbox LIMIT 1)`);
    const { anomalies } = await w.verify(q, numbering);
    throw Object.assign(new Error('roll back the planted damage'), { anomalies });
  }).catch((e) => e.anomalies as string[]);
  for (const kind of ['stored as number', 'document type', 'unbalanced or short journal entry', 'due item paid ≠ its receipts',
    'invoice balance ≠ its open due items', 'receivable account ≠ open due items', 'claimed but never answered', 'outbox work not done']) {
    assert.ok(found?.some((a) => a.includes(kind)), `planted damage not reported by the check "${kind}": ${JSON.stringify(found?.slice(0, 10))}`);
  }
}

const LONG = process.env.RELIABILITY === 'long';
const COUNT = Number(process.env.LOAD_COUNT ?? (LONG ? 4000 : 300));

for (const storage of STORAGES) {
  const processes = storage === 'postgres' ? 4 : 1;
  test(`load [${storage}]: ${COUNT} creations over ${processes} process(es), then every promise checked`, { timeout: (LONG ? 20 : 5) * 60_000 }, async () => {
    const db = await newStorage(storage);
    const { numbering } = db;
    const env = { ...db.env, OUTBOX_CLAIM_MS: '5000' };
    const svcs: ServiceProcess[] = [];
    let w: Workload | undefined;
    try {
      for (let i = 0; i < processes; i++) svcs.push(await ServiceProcess.start(env));
      const first = new ApiClient(svcs[0].url);
      w = new Workload(await workloadRefs(first), svcs.map((s) => first.at(s.url)), { keyed: 0.3, repeated: 0.3 });
      const started = Date.now();
      const sent = await w.run({ concurrency: 8 * processes, count: COUNT, ms: (LONG ? 12 : 3) * 60_000 });
      const seconds = (Date.now() - started) / 1000;
      console.log(`load [${storage}]: ${sent} operations in ${seconds.toFixed(1)} s (${(sent / seconds).toFixed(0)}/s) on ${processes} process(es); ${w.invoices.size} invoices, ${w.vouchers.size} receipts, ${w.notes.size} credit notes, ${w.payments.size} Mexican payment receipts, ${w.keys.size} keys, ${w.refused} receipts refused for paying an installment already paid`);
      await w.settle(120_000);
      await w.verifyApi();
      // A 5xx is a bug: show what the services logged about it.
      for (const s of svcs) for (const line of s.output.split('\n')) if (line.includes('"unhandled error"')) console.log(`# ${line.slice(0, 3000)}`);
      for (const s of svcs) await s.stop();
      const after = await db.open();
      try {
        const stored = await w.verify(after, numbering);
        const anomalies = [...w.anomalies, ...stored.anomalies];
        report(`load [${storage}]`, { requests: w.requests, documents: stored.documents, serverErrors: w.serverErrors, anomalies: anomalies.length });
        assert.ok(w.invoices.size > COUNT / 3 && w.vouchers.size > 0 && w.payments.size > 0, `${w.invoices.size} invoices, ${w.vouchers.size} receipts and ${w.payments.size} payment receipts created`);
        assert.deepEqual(anomalies.slice(0, 30), []);
        await theChecksSeeDamage(after, w, numbering);
      } finally { await after.close(); }
    } finally {
      for (const s of svcs) await s.kill9();
      await db.drop();
    }
  });
}
