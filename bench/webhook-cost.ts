/**
 * What the webhook dispatcher's statements cost each delivery (issue 53, point 1): on a fresh embedded database
 * (PGlite) and a fresh database of the PostgreSQL server, each with the demo company and one webhook, each round
 * writes BENCH_WEBHOOK_BATCH events as creations do (in groups of 8, the group commit's batch), then fans them out as
 * src/webhooks/fanout.ts does: the claim (the lease and the events with their webhook), the bodies kept before the
 * POSTs, and the record (a row per delivery with its outcome, the position moved). Nothing is POSTed: the HTTP side is
 * in `npm run bench`'s webhook figure. It prints the median microseconds per delivery of each statement, and the
 * dispatcher's three statements ÷ the event's own write (the one row a creation pays), both measured in the same
 * rounds. A round's events are written in one transaction (a creation's event is one more row of its statement: on
 * PostgreSQL no commit of its own is counted).
 *
 *   npm run bench:webhook-cost
 *   BENCH_STORAGES=pglite,postgres   the databases (PostgreSQL at BENCH_DATABASE_URL, TEST_DATABASE_URL or the local server)
 *   BENCH_WEBHOOK_BATCH=200   deliveries per claim (the dispatcher's batch)
 *   BENCH_WEBHOOK_ROUNDS=30   rounds (the median is kept, the first 5 are warm-up)
 *   BENCH_WEBHOOK_BODY=3500   bytes of each body (about a 5-line invoice's delivery)
 *
 * A measurement, not a test: exits 0 whatever the figures; on a shared machine compare within one run.
 */
import os from 'node:os';
import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { migrate, openDb } from '../src/platform/db';
import { ensureDemo } from '../src/companies/demo';
import { claimEvents, keepBodies, recordEvents, type Outcome } from '../src/webhooks/fanout';
import { freshPostgres, table, withPglite } from './common';

const envNumber = (name: string, fallback: number) => Number(process.env[name] || fallback);
const BATCH = envNumber('BENCH_WEBHOOK_BATCH', 200);
const ROUNDS = envNumber('BENCH_WEBHOOK_ROUNDS', 30);
const BODY = envNumber('BENCH_WEBHOOK_BODY', 3500);
const WARM = 5;
const STORAGES = (process.env.BENCH_STORAGES || 'pglite,postgres').split(',');
const STEPS = ['event', 'claim', 'keep', 'record'] as const;
type Step = (typeof STEPS)[number];

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

const load = () => os.loadavg().map((l) => l.toFixed(2)).join(' ');

async function main() {
  console.log(`${ROUNDS} rounds of ${BATCH} deliveries, bodies of ${BODY} bytes; load average at start ${load()}`);
  if (STORAGES.includes('pglite')) await withPglite(({ DATA_DIR }) => measure('PGlite', { dataDir: DATA_DIR }));
  if (STORAGES.includes('postgres')) {
    const fresh = await freshPostgres();
    if ('skip' in fresh) console.log(fresh.skip);
    else {
      try { await measure('PostgreSQL', { dataDir: '', databaseUrl: fresh.url }); } finally { await fresh.drop(); }
    }
  }
}

async function measure(storage: string, where: { dataDir: string; databaseUrl?: string }) {
  const db = await openDb(where);
  try {
    await migrate(db);
    await ensureDemo(db);
    const [{ company_id: cid }] = await db.query<{ company_id: number }>(`SELECT company_id FROM companies WHERE is_demo AND country = 'CO'`);
    await db.query(`INSERT INTO webhooks (company_id, id, url, events, secret) VALUES ($1, gen_random_uuid(), 'https://receiver.example.co/hooks', ARRAY['*'], 'bench')`, [cid]);
    // A body shaped like an invoice's delivery: its keys repeated as a document's are, its ids and amounts random
    // (lines added until it has BODY bytes), so that it compresses as a real one does.
    const amount = () => (Math.random() * 1e6).toFixed(2);
    const body = () => {
      const items: object[] = [];
      const data = { id: randomUUID(), document: { id: 24446 }, number: Math.floor(Math.random() * 1e6), name: `FV-1-${Math.floor(Math.random() * 1e6)}`,
        date: '2026-12-06', customer: { id: randomUUID(), identification: String(Math.floor(Math.random() * 1e9)), branch_office: 0 }, cost_center: 235,
        seller: 629, total: amount(), balance: amount(), items, payments: [{ id: 5636, name: 'Crédito', value: amount(), due_date: '2027-01-05' }],
        stamp: { status: 'Draft', cufe: null }, mail: { status: 'not_sent' }, metadata: { created: new Date().toISOString() } };
      const text = () => JSON.stringify({ id: randomUUID(), type: 'invoice.created', created: new Date().toISOString(), data });
      while (text().length < BODY) {
        items.push({ id: randomUUID(), code: `Item-${items.length + 1}`, description: `Producto ${items.length + 1}`, quantity: items.length + 1, price: amount(),
          discount: 0, taxes: [{ id: 13156, name: 'IVA 19%', type: 'IVA', percentage: 19, value: amount() }], total: amount() });
      }
      return text();
    };
    const runs: Record<Step, number>[] = [];
    for (let r = 0; r < ROUNDS; r++) {
      const t: Partial<Record<Step, number>> = {};
      const time = async <T>(step: Step, fn: () => Promise<T>): Promise<T> => {
        const t0 = performance.now();
        try { return await fn(); } finally { t[step] = ((performance.now() - t0) * 1000) / BATCH; }
      };
      await time('event', () => db.tx(async (q) => {
        for (let k = 0; k < BATCH; k += 8) {
          await q.query(`INSERT INTO events (company_id, type, doc_id) SELECT $1, 'invoice.created', gen_random_uuid() FROM generate_series(1, $2::int)`,
            [cid, Math.min(8, BATCH - k)]);
        }
      }));
      const claim = await time('claim', () => claimEvents(db, BATCH, 120_000, 72));
      if (claim?.deliveries.length !== BATCH) throw new Error(`claimed ${claim?.deliveries.length ?? 0} deliveries of ${BATCH}`);
      for (const d of claim.deliveries) d.body = body();
      await time('keep', () => keepBodies(db, claim));
      const outcomes = new Map<string, Outcome>(claim.deliveries.map((d) => [d.id, { id: d.id, status: 'delivered', response: 204, error: null, body: d.body }]));
      await time('record', () => recordEvents(db, claim, outcomes));
      runs.push(t as Record<Step, number>);
    }
    const kept = runs.slice(WARM);
    const med = (step: Step) => median(kept.map((x) => x[step]));
    const fanout = median(kept.map((x) => x.claim + x.keep + x.record));
    const event = med('event');
    console.log(`\n${storage}\n` + table([[...STEPS.map((s) => `${s} µs`), 'fan-out µs (claim + keep + record)'],
      [...STEPS.map((s) => med(s).toFixed(1)), fanout.toFixed(1)]]));
    console.log(`\nthe fan-out's statements per delivery ÷ the event's write: ${(fanout / event).toFixed(2)}; load average at the end ${load()}`);
  } finally {
    await db.close();
  }
}

main().catch((e) => {
  console.error(e);
  process.exitCode = 1;
});
