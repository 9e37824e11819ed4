/**
 * The outbox on a real database: a job runs once, failures retry with backoff
 * and end as failed, a crashed worker's claim expires, and two workers (as two
 * processes would) never run one job twice.
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import crypto from 'node:crypto';
import { eachStorage, startTestServer, type TestServer } from '../support/server';
import { enqueue, Outbox, PermanentFailure, type Job } from '../../src/platform/outbox';
import { sleep } from '../support/profile';

eachStorage('outbox', (storage) => {
  let s: TestServer;
  let cid: number;
  before(async () => {
    s = await startTestServer(storage);
    [{ company_id: cid }] = await s.db.query("SELECT company_id FROM companies WHERE is_demo AND country = 'CO'");
  });
  after(() => s.close());
  const row = async (ref: string) => (await s.db.query('SELECT status, attempts, last_error, result FROM outbox WHERE ref_id = $1', [ref]))[0];

  test('a queued job runs once, and queuing it again does nothing', async () => {
    const ref = crypto.randomUUID();
    const seen: Job[] = [];
    const box = new Outbox(s.db, { t1: async (j) => { seen.push(j); return { ok: true }; } });
    await s.db.tx((q) => enqueue(q, cid, 't1', ref));
    await s.db.tx((q) => enqueue(q, cid, 't1', ref));
    await box.kick();
    await box.kick();
    assert.equal(seen.length, 1);
    assert.equal(seen[0].ref_id, ref);
    assert.deepEqual(await row(ref), { status: 'done', attempts: 1, last_error: null, result: { ok: true } });
  });

  test('failures are retried with backoff, then the job ends as failed', async () => {
    const ref = crypto.randomUUID();
    let calls = 0;
    const box = new Outbox(s.db, { t2: async () => { calls++; throw new Error(`down ${calls}`); } }, { baseMs: 1, maxAttempts: 3 });
    await s.db.tx((q) => enqueue(q, cid, 't2', ref));
    for (let i = 0; i < 10 && (await row(ref)).status !== 'failed'; i++) { await box.kick(); await sleep(20); }
    assert.equal(calls, 3);
    const r = await row(ref);
    assert.equal(r.status, 'failed');
    assert.equal(r.last_error, 'down 3');
    const slow = new Outbox(s.db, { t3: async () => { throw new Error('x'); } }, { baseMs: 60_000 });
    const ref3 = crypto.randomUUID();
    await s.db.tx((q) => enqueue(q, cid, 't3', ref3));
    await slow.kick();
    await slow.kick();
    assert.equal((await row(ref3)).attempts, 1, 'the next attempt waits for its backoff');
    const [{ wait }] = await s.db.query('SELECT extract(epoch FROM next_attempt_at - now()) AS wait FROM outbox WHERE ref_id = $1', [ref3]);
    assert.ok(Number(wait) > 50 && Number(wait) <= 60, `backoff ${wait}`);
  });

  test('a permanent failure is not retried', async () => {
    const ref = crypto.randomUUID();
    let calls = 0;
    const box = new Outbox(s.db, { t4: async () => { calls++; throw new PermanentFailure('rejected'); } }, { baseMs: 1 });
    await s.db.tx((q) => enqueue(q, cid, 't4', ref));
    await box.kick();
    await sleep(10);
    await box.kick();
    assert.equal(calls, 1);
    assert.equal((await row(ref)).status, 'failed');
  });

  test('a claim left by a crashed worker expires and the job is done by another', async () => {
    const ref = crypto.randomUUID();
    await s.db.tx((q) => enqueue(q, cid, 't5', ref));
    // A worker claimed it and died: processing, with a claim that has run out.
    await s.db.query("UPDATE outbox SET status = 'processing', attempts = 1, locked_until = now() - interval '1 second' WHERE ref_id = $1", [ref]);
    let calls = 0;
    await new Outbox(s.db, { t5: async () => { calls++; } }).kick();
    assert.equal(calls, 1);
    assert.equal((await row(ref)).status, 'done');
    const live = crypto.randomUUID();
    await s.db.tx((q) => enqueue(q, cid, 't5', live));
    await s.db.query("UPDATE outbox SET status = 'processing', attempts = 1, locked_until = now() + interval '1 minute' WHERE ref_id = $1", [live]);
    await new Outbox(s.db, { t5: async () => { calls++; } }).kick();
    assert.equal(calls, 1, 'a live claim is left alone');
  });

  test('two workers never run one job twice', async () => {
    const refs = Array.from({ length: 30 }, () => crypto.randomUUID());
    await s.db.tx(async (q) => { for (const ref of refs) await enqueue(q, cid, 't6', ref); });
    const runs = new Map<string, number>();
    const handler = async (j: Job) => { runs.set(j.ref_id, (runs.get(j.ref_id) ?? 0) + 1); await sleep(2); };
    const a = new Outbox(s.db, { t6: handler }, { batch: 5 });
    const b = new Outbox(s.db, { t6: handler }, { batch: 5 });
    for (let i = 0; i < 10; i++) await Promise.all([a.kick(), b.kick()]);
    await Promise.all([a.stop(), b.stop()]); // a worker that finds more due claims again as jobs finish: wait for those too
    assert.equal(runs.size, 30);
    assert.ok([...runs.values()].every((n) => n === 1));
  });

  test('a slow kind (a dead SMTP server) never holds back another, and runNow runs one job at once', async () => {
    let release!: () => void;
    const gate = new Promise<void>((r) => { release = r; });
    const slowRefs = Array.from({ length: 12 }, () => crypto.randomUUID());
    const [fast1, fast2] = [crypto.randomUUID(), crypto.randomUUID()];
    await s.db.tx(async (q) => { for (const ref of slowRefs) await enqueue(q, cid, 't7slow', ref); await enqueue(q, cid, 't7fast', fast1); });
    const done: string[] = [];
    const box = new Outbox(s.db, { t7slow: () => gate, t7fast: async (j) => { done.push(j.ref_id); } }, { batch: 10 });
    const pass = box.kick(); // claims 10 slow jobs that hang, and the fast one
    for (let i = 0; i < 50 && !done.includes(fast1); i++) await sleep(20);
    assert.deepEqual(done, [fast1], 'the fast job ran while ten slow ones hang');
    await s.db.tx((q) => enqueue(q, cid, 't7fast', fast2));
    await box.runNow(cid, 't7fast', fast2);
    assert.deepEqual(done, [fast1, fast2]);
    assert.equal((await row(fast2)).status, 'done');
    release();
    await pass;
    await box.kick(); // the two slow jobs that found no place run now
    const statuses = await s.db.query(`SELECT status, count(*)::int AS n FROM outbox WHERE kind = 't7slow' GROUP BY status`);
    assert.deepEqual(statuses, [{ status: 'done', n: 12 }]);
  });

  test('a worker whose claim filled every place claims again as each job finishes, without waiting for the next poll', async () => {
    const refs = Array.from({ length: 40 }, () => crypto.randomUUID());
    await s.db.tx(async (q) => { for (const ref of refs) await enqueue(q, cid, 't9', ref); });
    const ran: string[] = [];
    const box = new Outbox(s.db, { t9: async (j) => { ran.push(j.ref_id); await sleep(5); } }, { batch: 4, pollMs: 60_000 });
    await box.kick(); // one pass: 4 places, then each finished job claims the next
    for (let i = 0; i < 200 && ran.length < 40; i++) await sleep(10);
    await box.stop();
    assert.equal(new Set(ran).size, 40, 'all 40 ran from one kick, 4 at a time');
    assert.equal(ran.length, 40, 'each once');
  });

  test('runAndWait waits for a job another worker already holds, and for no longer than it is told', async () => {
    const [held, hung] = [crypto.randomUUID(), crypto.randomUUID()];
    await s.db.tx(async (q) => { await enqueue(q, cid, 't8', held); await enqueue(q, cid, 't8', hung); });
    let finish!: () => void;
    const other = new Outbox(s.db, { t8: (j) => (j.ref_id === held ? new Promise<void>((r) => { finish = r; }) : new Promise(() => undefined)) });
    const running = other.runNow(cid, 't8', held); // the other worker (another process) holds the job
    while ((await row(held)).status !== 'processing') await sleep(10);
    const mine = new Outbox(s.db, { t8: async () => assert.fail('the job is held by the other worker') });
    let waited = false;
    const wait = mine.runAndWait(cid, 't8', held, 10_000).then(() => { waited = true; });
    await sleep(300);
    assert.equal(waited, false, 'still waiting while the other worker runs the job');
    finish();
    await running;
    await wait;
    assert.equal((await row(held)).status, 'done');
    void other.runNow(cid, 't8', hung); // never finishes
    while ((await row(hung)).status !== 'processing') await sleep(10);
    const t0 = Date.now();
    await mine.runAndWait(cid, 't8', hung, 400);
    assert.ok(Date.now() - t0 < 2000, 'gave up after its time');
    assert.equal((await row(hung)).status, 'processing');
  });
});
