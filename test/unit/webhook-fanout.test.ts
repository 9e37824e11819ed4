/**
 * What the webhook dispatcher's statements read and leave behind as the events pile up (src/webhooks/fanout.ts), on
 * each storage, through the functions the dispatcher calls: a claim reads the events past its position and no earlier
 * one, however many there are; on the embedded database (no autovacuum) the bodies kept before the POSTs do not stay
 * on disk once their claims are recorded.
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import crypto from 'node:crypto';
import type { Db, Queryable } from '../../src/platform/db';
import { claimEvents, eventsBehind, keepBodies, KEEPS_PER_VACUUM, recordEvents, releaseLease, type EventClaim } from '../../src/webhooks/fanout';
import { STORAGES, type Storage } from '../support/server';
import { openTemplateDb } from '../support/template';

const dbs = new Map<Storage, { db: Db; company: number; done: () => Promise<void> }>();
before(async () => {
  for (const storage of STORAGES) {
    const t = await openTemplateDb(storage, 'facturas-fanout-');
    await t.db.query(`INSERT INTO webhooks (company_id, id, url, events, secret) VALUES ($1, gen_random_uuid(), 'https://receiver.example.co/hooks', ARRAY['*'], 'k')`, [t.company]);
    dbs.set(storage, t);
  }
});
after(async () => { for (const { done } of dbs.values()) await done(); });

/** `n` events of the company, as creations write them. */
const addEvents = (q: Queryable, company: number, n: number) =>
  q.query(`INSERT INTO events (company_id, type, doc_id) SELECT $1, 'invoice.created', gen_random_uuid() FROM generate_series(1, $2::int)`, [company, n]);

/** Records every delivery of a claim as delivered (the position moves past its events). */
const delivered = (q: Queryable, claim: EventClaim) =>
  recordEvents(q as Db, claim, new Map(claim.deliveries.map((d) => [d.id, { id: d.id, status: 'delivered' as const, response: 204, error: null, body: d.body }])));

/**
 * Claims and records until `n` deliveries have gone out. On PostgreSQL a claim may leave events for the next pass: a
 * transaction of another database (another test file's) that was running when the claim's snapshot was taken and
 * ended before it read which database each backend serves counts as one of this database's, and holds the horizon
 * back for that pass (HORIZON in src/webhooks/fanout.ts), as the dispatcher's next pass then takes them.
 */
async function fanOut(db: Db, n: number): Promise<void> {
  for (let sent = 0, tries = 0; sent < n; tries++) {
    assert.ok(tries < 100, `${sent} of ${n} deliveries claimed after 100 claims`);
    const claim = await claimEvents(db, 200, 120_000, 72);
    if (!claim) { await new Promise((ok) => setTimeout(ok, 20)); continue; }
    sent += claim.deliveries.length;
    await delivered(db, claim);
  }
}

for (const storage of STORAGES) {
  test(`${storage}: a claim reads the events past its position, not the ones fanned out before`, async () => {
    const { db, company } = dbs.get(storage)!;
    // 3,000 events fanned out, in claims of up to 200 (the statement is prepared: the plan it settles on is the one checked).
    for (let i = 0; i < 15; i++) {
      await addEvents(db, company, 200);
      await fanOut(db, 200);
    }
    await addEvents(db, company, 10);
    assert.equal(await eventsBehind(db), 10, 'the metrics\' events past the position');
    // The rows of `events` the claim fetches, as the server counts them in this transaction (rolled back: nothing moves).
    const fetched = async (q: Queryable) => (await q.query<{ n: number }>(
      `SELECT coalesce(sum(idx_tup_fetch + seq_tup_read), 0)::int AS n FROM pg_stat_xact_user_tables WHERE relname = 'events'`))[0].n;
    const rollback = new Error('rolled back');
    let claimed = 0;
    for (let tries = 0; claimed < 10 && tries < 50; tries++) {
      if (tries) await new Promise((ok) => setTimeout(ok, 20)); // held back this pass (see fanOut): the next one takes them
      await assert.rejects(db.tx(async (q) => {
        const before = await fetched(q);
        const claim = await claimEvents(q as Db, 200, 120_000, 72);
        const rows = (await fetched(q)) - before;
        claimed = claim?.deliveries.length ?? 0;
        if (claimed === 10) assert.ok(rows <= 20, `the claim fetched ${rows} rows of events for 10 new ones (3,000 before them)`);
        throw rollback;
      }), (e) => e === rollback);
    }
    assert.equal(claimed, 10, 'the 10 new events, each to the one webhook');
  });
}

for (const storage of STORAGES) {
  test(`${storage}: a claim that did not finish leaves its kept bodies to the next one, deflated or as text (a claim kept before migration 085)`, async () => {
    const { db, company } = dbs.get(storage)!;
    await fanOut(db, await eventsBehind(db));
    await addEvents(db, company, 3);
    const first = (await claimEvents(db, 200, 120_000, 72))!;
    first.deliveries.forEach((d, i) => { d.body = `{"n":${i},"é":"ü"}`; });
    await keepBodies(db, first);
    await releaseLease(db, first.lease); // as a lease that expired: the process died after its POSTs
    const again = (await claimEvents(db, 200, 120_000, 72))!;
    assert.deepEqual(again.deliveries.map((d) => d.body), ['{"n":0,"é":"ü"}', '{"n":1,"é":"ü"}', '{"n":2,"é":"ü"}'], 'the same bodies, deflated and back');
    // The text an earlier version kept: read as before.
    await db.query(`UPDATE webhook_dispatch SET inflight_deflated = NULL, inflight = $1`, [JSON.stringify({ [again.deliveries[0].id]: 'kept as text' })]);
    await releaseLease(db, again.lease);
    const third = (await claimEvents(db, 200, 120_000, 72))!;
    assert.deepEqual(third.deliveries.map((d) => d.body), ['kept as text', null, null]);
    await delivered(db, third);
    assert.deepEqual((await db.query(`SELECT inflight, inflight_deflated FROM webhook_dispatch`))[0], { inflight: null, inflight_deflated: null }, 'the record clears both');
  });
}

for (const storage of STORAGES) {
  test(`${storage}: the bodies kept for the claims do not stay on disk once the claims are recorded`, async () => {
    const { db, company } = dbs.get(storage)!;
    const size = async () => (await db.query<{ n: number }>(`SELECT pg_total_relation_size('webhook_dispatch')::int AS n`))[0].n;
    // Bodies of random text (base64 of random bytes), each its own: kept deflated, they still take about three quarters of their size.
    const body = () => JSON.stringify({ data: crypto.randomBytes(2_620).toString('base64') });
    const BODY = body().length; // 3,505 characters
    const claims = KEEPS_PER_VACUUM * 6;
    for (let i = 0; i < claims; i++) {
      await addEvents(db, company, 20);
      const claim = (await claimEvents(db, 200, 120_000, 72))!;
      for (const d of claim.deliveries) d.body = body();
      await keepBodies(db, claim);
      await delivered(db, claim);
    }
    // 96 claims kept 20 bodies of 3.5 kB each (6.7 MB in all); at most one period's worth is dead at a time.
    const written = claims * 20 * BODY;
    const kept = await size();
    assert.ok(kept < (KEEPS_PER_VACUUM + 2) * 20 * BODY, `webhook_dispatch holds ${kept} bytes after ${written} bytes of bodies kept and cleared`);
  });
}
