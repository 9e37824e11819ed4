/**
 * What the webhook dispatcher's statements cost each delivery on the embedded database (issue 53, point 1): on a
 * fresh PGlite with the demo company and one webhook, each round queues BENCH_WEBHOOK_BATCH deliveries as a creation
 * does (its event and its delivery, one statement) and takes them as src/webhooks/dispatch.ts does, two ways,
 * interleaved:
 *   rows written  the claim written on the rows (UPDATE … locked_until, FOR UPDATE SKIP LOCKED: PostgreSQL's claim,
 *                 and PGlite's until 2026-12-04), then the bodies stored, then the outcomes recorded;
 *   in memory     the claim read (the embedded database's claim now: held in the process), then the same two writes.
 * It prints the median microseconds per delivery of each statement and the ratio of the two ways' totals.
 *
 *   npm run bench:webhook-cost
 *   BENCH_WEBHOOK_BATCH=200   deliveries per claim (the dispatcher's batch)
 *   BENCH_WEBHOOK_ROUNDS=12   rounds of each way (the median is kept)
 *   BENCH_WEBHOOK_BODY=3500   bytes of each body (about a 5-line invoice's delivery)
 *
 * A measurement, not a test: exits 0 whatever the figures; on a shared machine compare within one run.
 */
import os from 'node:os';
import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { migrate, openDb, type Db } from '../src/platform/db';
import { ensureDemo } from '../src/companies/demo';
import { table, withPglite } from './common';

const envNumber = (name: string, fallback: number) => Number(process.env[name] || fallback);
const BATCH = envNumber('BENCH_WEBHOOK_BATCH', 200);
const ROUNDS = envNumber('BENCH_WEBHOOK_ROUNDS', 12);
const BODY = envNumber('BENCH_WEBHOOK_BODY', 3500);

type Way = 'rows written' | 'in memory';
const STEPS = ['queue', 'claim', 'body', 'record'] as const;
const DUE = `d.status = 'pending' AND d.next_attempt_at <= now() AND (d.locked_until IS NULL OR d.locked_until < now())`;

async function round(db: Db, cid: number, wid: string, way: Way, body: string): Promise<Record<(typeof STEPS)[number], number>> {
  const t: Record<string, number> = {};
  const time = async <T>(step: string, fn: () => Promise<T>): Promise<T> => {
    const t0 = performance.now();
    try { return await fn(); } finally { t[step] = ((performance.now() - t0) * 1000) / BATCH; }
  };
  await time('queue', () => db.query(`WITH ev AS (INSERT INTO events (company_id, type, doc_id) SELECT $1, 'invoice.created', gen_random_uuid() FROM generate_series(1, $3::int)
      RETURNING company_id, type, doc_id, gen_random_uuid() AS event_id)
    INSERT INTO webhook_deliveries (company_id, id, webhook_id, event_id, type, doc_kind, doc_id)
    SELECT e.company_id, gen_random_uuid(), $2, e.event_id, e.type, 'invoice', e.doc_id::text FROM ev e`, [cid, wid, BATCH]));
  const claimed = await time('claim', () => db.query<{ id: string }>(way === 'rows written'
    ? `WITH c AS (UPDATE webhook_deliveries SET locked_until = now() + interval '2 minutes'
         WHERE id IN (SELECT d.id FROM webhook_deliveries d WHERE ${DUE} ORDER BY d.next_attempt_at, d.seq LIMIT $1 FOR UPDATE SKIP LOCKED) RETURNING *)
       SELECT c.id FROM c JOIN webhooks w ON w.id = c.webhook_id ORDER BY c.seq`
    : `SELECT d.id FROM webhook_deliveries d JOIN webhooks w ON w.id = d.webhook_id WHERE ${DUE} AND d.id <> ALL ($2::uuid[])
        ORDER BY d.next_attempt_at, d.seq LIMIT $1`, way === 'rows written' ? [BATCH] : [BATCH, []]));
  const ids = claimed.map((d) => d.id);
  if (ids.length !== BATCH) throw new Error(`claimed ${ids.length} of ${BATCH}`);
  await time('body', () => db.query(`UPDATE webhook_deliveries d SET body = b.body FROM unnest($1::uuid[], $2::text[]) AS b(id, body) WHERE d.id = b.id AND d.body IS NULL`,
    [ids, ids.map(() => body)]));
  await time('record', () => db.query(`UPDATE webhook_deliveries d SET status = 'delivered', attempts = d.attempts + 1, response_status = 204, last_attempt_at = now(),
      delivered_at = now(), locked_until = NULL FROM unnest($1::uuid[]) AS o(id) WHERE d.id = o.id`, [ids]));
  return t as Record<(typeof STEPS)[number], number>;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

async function main() {
  const load = () => os.loadavg().map((l) => l.toFixed(2)).join(' ');
  console.log(`PGlite; ${ROUNDS} rounds of each way, ${BATCH} deliveries per claim, bodies of ${BODY} bytes; load average at start ${load()}`);
  await withPglite(async ({ DATA_DIR }) => {
    const db = await openDb({ dataDir: DATA_DIR });
    try {
      await migrate(db);
      await ensureDemo(db);
      const [{ company_id: cid }] = await db.query<{ company_id: number }>(`SELECT company_id FROM companies WHERE is_demo AND country = 'CO'`);
      const [{ id: wid }] = await db.query<{ id: string }>(
        `INSERT INTO webhooks (company_id, id, url, events, secret) VALUES ($1, gen_random_uuid(), 'https://receiver.example.co/hooks', ARRAY['*'], 'bench') RETURNING id`, [cid]);
      // A body shaped like a delivery's: JSON of about BODY bytes, not all alike (as documents are).
      const body = () => {
        const data: string[] = [];
        for (let n = 0; n < BODY - 80; n += 14) data.push((Math.random() * 1e6).toFixed(2));
        return JSON.stringify({ id: randomUUID(), type: 'invoice.created', data });
      };
      const ways: Way[] = ['rows written', 'in memory'];
      const runs: Record<Way, Record<string, number>[]> = { 'rows written': [], 'in memory': [] };
      await round(db, cid, wid, 'rows written', body()); // warm-up
      for (let r = 0; r < ROUNDS; r++) for (const way of r % 2 ? [...ways].reverse() : ways) runs[way].push(await round(db, cid, wid, way, body()));
      const med = (way: Way, step: string) => median(runs[way].map((x) => x[step]));
      const total = (way: Way) => median(runs[way].map((x) => x.claim + x.body + x.record));
      const rows = [['way', ...STEPS.map((s) => `${s} µs`), 'dispatcher µs (claim + body + record)']];
      for (const way of ways) rows.push([way, ...STEPS.map((s) => med(way, s).toFixed(1)), total(way).toFixed(1)]);
      console.log('\n' + table(rows));
      console.log(`\nin memory ÷ rows written, the dispatcher's statements per delivery: ${(total('in memory') / total('rows written')).toFixed(3)}; load average at the end ${load()}`);
    } finally {
      await db.close();
    }
  });
}

main().catch((e) => {
  console.error(e);
  process.exitCode = 1;
});
