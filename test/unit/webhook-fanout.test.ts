/**
 * What the webhook dispatcher's statements read and leave behind as the events pile up (src/webhooks/fanout.ts), on
 * each storage, through the functions the dispatcher calls: a claim reads the events past its position and no earlier
 * one, however many there are; on the embedded database (no autovacuum) the bodies kept before the POSTs do not stay
 * on disk once their claims are recorded.
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import { openDb, type Db, type Queryable } from '../../src/platform/db';
import { claimEvents, eventsBehind, keepBodies, KEEPS_PER_VACUUM, recordEvents, type EventClaim } from '../../src/webhooks/fanout';
import { STORAGES, type Storage } from '../support/server';
import { copyTemplate, databaseFromTemplate } from '../support/template';

const dbs = new Map<Storage, { db: Db; company: number; done: () => Promise<void> }>();
before(async () => {
  for (const storage of STORAGES) {
    let db: Db, done: () => Promise<void>;
    if (storage === 'postgres') {
      const fresh = await databaseFromTemplate();
      db = await openDb({ dataDir: '', databaseUrl: fresh.url });
      done = async () => { await db.close(); await fresh.drop(); };
    } else {
      const dir = await copyTemplate('facturas-fanout-');
      db = await openDb({ dataDir: dir });
      done = async () => { await db.close(); fs.rmSync(dir, { recursive: true, force: true }); };
    }
    const [{ company_id: company }] = await db.query<{ company_id: number }>(`SELECT company_id FROM companies WHERE is_demo AND country = 'CO'`);
    await db.query(`INSERT INTO webhooks (company_id, id, url, events, secret) VALUES ($1, gen_random_uuid(), 'https://receiver.example.co/hooks', ARRAY['*'], 'k')`, [company]);
    dbs.set(storage, { db, company, done });
  }
});
after(async () => { for (const { done } of dbs.values()) await done(); });

/** `n` events of the company, as creations write them. */
const addEvents = (q: Queryable, company: number, n: number) =>
  q.query(`INSERT INTO events (company_id, type, doc_id) SELECT $1, 'invoice.created', gen_random_uuid() FROM generate_series(1, $2::int)`, [company, n]);

/** Records every delivery of a claim as delivered (the position moves past its events). */
const delivered = (q: Queryable, claim: EventClaim) =>
  recordEvents(q as Db, claim, new Map(claim.deliveries.map((d) => [d.id, { id: d.id, status: 'delivered' as const, response: 204, error: null, body: d.body }])));

for (const storage of STORAGES) {
  test(`${storage}: a claim reads the events past its position, not the ones fanned out before`, async () => {
    const { db, company } = dbs.get(storage)!;
    // 3,000 events fanned out, in claims of up to 200 (the statement is prepared: the plan it settles on is the one checked).
    for (let i = 0; i < 15; i++) {
      await addEvents(db, company, 200);
      const claim = await claimEvents(db, 200, 120_000, 72);
      assert.equal(claim?.deliveries.length, 200);
      await delivered(db, claim!);
    }
    await addEvents(db, company, 10);
    assert.equal(await eventsBehind(db), 10, 'the metrics\' events past the position');
    // The rows of `events` the claim fetches, as the server counts them in this transaction (rolled back: nothing moves).
    const fetched = async (q: Queryable) => (await q.query<{ n: number }>(
      `SELECT coalesce(sum(idx_tup_fetch + seq_tup_read), 0)::int AS n FROM pg_stat_xact_user_tables WHERE relname = 'events'`))[0].n;
    const rollback = new Error('rolled back');
    await assert.rejects(db.tx(async (q) => {
      const before = await fetched(q);
      const claim = await claimEvents(q as Db, 200, 120_000, 72);
      const rows = (await fetched(q)) - before;
      assert.equal(claim?.deliveries.length, 10, 'the 10 new events, each to the one webhook');
      assert.ok(rows <= 20, `the claim fetched ${rows} rows of events for 10 new ones (3,000 before them)`);
      throw rollback;
    }), (e) => e === rollback);
  });
}

if (STORAGES.includes('pglite')) {
  test('pglite: the bodies kept for the claims do not stay on disk once the claims are recorded', async () => {
    const { db, company } = dbs.get('pglite')!;
    const size = async () => (await db.query<{ n: number }>(`SELECT pg_total_relation_size('webhook_dispatch')::int AS n`))[0].n;
    const body = JSON.stringify({ data: 'x'.repeat(3_500) });
    const claims = KEEPS_PER_VACUUM * 6;
    for (let i = 0; i < claims; i++) {
      await addEvents(db, company, 20);
      const claim = (await claimEvents(db, 200, 120_000, 72))!;
      for (const d of claim.deliveries) d.body = body;
      await keepBodies(db, claim);
      await delivered(db, claim);
    }
    // 96 claims kept 20 bodies of 3.5 kB each (6.7 MB in all); at most one period's worth is dead at a time.
    const written = claims * 20 * body.length;
    const kept = await size();
    assert.ok(kept < (KEEPS_PER_VACUUM + 2) * 20 * body.length, `webhook_dispatch holds ${kept} bytes after ${written} bytes of bodies kept and cleared`);
  });
}
