/**
 * The service as `npm start` runs it (src/server.ts, with its worker
 * threads), plus the benchmark's floor: POST /bench/floor, which does not
 * authenticate and does only what any creation must, in one transaction: lock
 * the document type's row, take its next consecutive, insert the JSON body.
 * Started by bench/run.ts as its own process; prints {"url","pid"} once it listens.
 */
import { loadConfig } from '../src/platform/config';
import { migrate, openDb } from '../src/platform/db';
import { ensureDemo } from '../src/companies/demo';
import { startServer } from '../src/server';
import { committerOf } from '../src/platform/group-commit';
import { writtenInBatches } from '../src/invoices/kernel';
import { NOTE_BATCH } from '../src/notes/service';
import { PAYMENT_BATCH } from '../src/payments/service';

async function main() {
  const config = loadConfig();
  const db = await openDb(config);
  await migrate(db);
  await ensureDemo(db);
  await db.exec('CREATE TABLE IF NOT EXISTS bench_floor (company_id int, number bigint, body jsonb)');
  const [fv] = await db.query<{ company_id: number; id: number }>(
    `SELECT t.company_id, t.id FROM document_types t JOIN companies c ON c.company_id = t.company_id WHERE c.is_demo AND c.country = 'CO' AND t.code = 'FV'`);
  const server = await startServer(config, db, (app) => {
    app.post('/bench/floor', { schema: { hide: true } }, async (req, reply) => {
      const number = await db.tx(async (q) => {
        const [t] = await q.query<{ consecutive: number }>('SELECT consecutive FROM document_types WHERE company_id = $1 AND id = $2 FOR UPDATE', [fv.company_id, fv.id]);
        await q.query('UPDATE document_types SET consecutive = $3 WHERE company_id = $1 AND id = $2', [fv.company_id, fv.id, t.consecutive + 1]);
        await q.query('INSERT INTO bench_floor (company_id, number, body) VALUES ($1, $2, $3)', [fv.company_id, t.consecutive, JSON.stringify(req.body)]);
        return t.consecutive;
      });
      return reply.status(201).send({ number });
    });
  });
  process.stdout.write(JSON.stringify({ url: server.url, pid: process.pid }) + '\n');
  // What group commit formed (GroupCommit.stats; writeInvoices' invoices in one statement or alone; notes and receipts by rounds), on stderr at the end.
  const stop = () => {
    const gc = committerOf(db, config);
    if (gc.enabled) process.stderr.write(`  service: group commit ${JSON.stringify({ ...gc.stats, invoices: writtenInBatches, notes: NOTE_BATCH.stats, payments: PAYMENT_BATCH.stats })}\n`);
    return server.close().then(() => process.exit(0), () => process.exit(1));
  };
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
