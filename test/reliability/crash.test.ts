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
 * On the embedded database and, with TEST_DATABASE_URL, on PostgreSQL.
 * Rounds: CRASH_ROUNDS (2 inside `npm test`, 5 with RELIABILITY=long).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { STORAGES, ApiClient } from '../support/server';
import { newStorage, ServiceProcess } from '../support/service';
import { Workload, workloadRefs } from '../support/workload';
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
