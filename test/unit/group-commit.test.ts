/**
 * Group commit's scheduling (src/platform/group-commit.ts), on a stand-in database: a creation that finds nothing
 * being written is written at once and alone (no timer); those that arrive while a write is in flight gather and are
 * written together, as one batch, the moment it ends; GROUP_COMMIT=off writes each alone as it comes.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Db, Queryable } from '../../src/platform/db';
import { GroupCommit, rounds, Slot, type BatchWriter } from '../../src/platform/group-commit';
import { sleep } from '../support/profile';

/** A database that records what it is asked: transactions opened, and the queryable each store was given. */
function standIn() {
  const seen = { transactions: 0 };
  const q: Queryable = { query: async () => [], exec: async () => undefined };
  const db = { kind: 'pglite', ...q, tx: async <T>(fn: (t: Queryable) => Promise<T>) => { seen.transactions++; return fn(q); } } as unknown as Db;
  return { db, seen };
}

/** A batch writer that doubles each item, recording each call's items. */
function doubler() {
  const calls: number[][] = [];
  const writer: BatchWriter<number, number> = { name: 'double', write: async (_q, items) => { calls.push([...items]); return items.map((n) => n * 2); } };
  return { writer, calls };
}

/** A store as a kernel writes: through the batch when given a Slot, else at once (after `hold`, if given). */
const store = (writer: BatchWriter<number, number>, n: number, hold?: Promise<void>) => async (q: Queryable): Promise<number> => {
  if (q instanceof Slot) return q.defer(writer, n);
  await hold;
  return n * 2;
};

test('a lone creation is written at once, alone, without waiting for a window', async () => {
  const { db, seen } = standIn();
  const { writer, calls } = doubler();
  const gc = new GroupCommit(db, { windowMs: 0, max: 64 });
  let entered = false;
  const work = store(writer, 21);
  const answer = gc.run((q) => { entered = true; return work(q); });
  await new Promise((ok) => setImmediate(ok));
  assert.ok(entered, 'written in the same turn of the event loop: no timer in the way');
  assert.equal(await answer, 42);
  assert.deepEqual(calls, [], 'not through the batch writer: written as with group commit off');
  assert.equal(seen.transactions, 0, 'one statement, no transaction around it');
  assert.deepEqual(gc.stats, { batches: 0, documents: 0, largest: 0 });
});

test('creations that arrive while one is written gather and are written together when it ends', async () => {
  const { db, seen } = standIn();
  const { writer, calls } = doubler();
  const gc = new GroupCommit(db, { windowMs: 0, max: 64 });
  let release!: () => void;
  const hold = new Promise<void>((ok) => { release = ok; });
  const first = gc.run(store(writer, 1, hold));
  await new Promise((ok) => setImmediate(ok)); // the first is now being written
  const later = [2, 3, 4].map((n) => gc.run(store(writer, n)));
  await sleep(20);
  assert.deepEqual(calls, [], 'they wait for the write in flight');
  release();
  assert.deepEqual(await Promise.all([first, ...later]), [2, 4, 6, 8], 'each gets its own answer');
  assert.deepEqual(calls, [[2, 3, 4]], 'the three written by one call of the batch writer, in arrival order');
  assert.equal(seen.transactions, 1, 'in one transaction');
  assert.deepEqual(gc.stats, { batches: 1, documents: 3, largest: 3 });
});

test('with two batches in flight, the next is written while the one before still waits; a third waits for either', async () => {
  const { db, seen } = standIn();
  const calls: number[][] = [];
  const holds: (() => void)[] = [];
  // Each batch's write waits until the test releases it, so that batches overlap.
  const writer: BatchWriter<number, number> = {
    name: 'held', write: async (_q, items) => { calls.push([...items]); await new Promise<void>((ok) => holds.push(ok)); return items.map((n) => n * 2); },
  };
  const gc = new GroupCommit(db, { windowMs: 0, max: 64, inFlight: 2 });
  let release!: () => void;
  const hold = new Promise<void>((ok) => { release = ok; });
  const first = gc.run(store(writer, 1, hold)); // alone, held: one in flight
  await new Promise((ok) => setImmediate(ok));
  const second = [2, 3].map((n) => gc.run(store(writer, n)));
  await sleep(5);
  assert.deepEqual(calls, [[2, 3]], 'the second batch is written while the first is in flight');
  const third = [4, 5, 6].map((n) => gc.run(store(writer, n)));
  await sleep(5);
  assert.deepEqual(calls, [[2, 3]], 'two in flight: the third waits');
  holds.shift()!();
  await sleep(5);
  assert.deepEqual(calls, [[2, 3], [4, 5, 6]], 'written as soon as the second ends, while the first still waits');
  holds.shift()!();
  release();
  assert.deepEqual(await Promise.all([first, ...second, ...third]), [2, 4, 6, 8, 10, 12], 'each its own answer');
  assert.equal(seen.transactions, 2);
  assert.deepEqual(gc.stats, { batches: 2, documents: 5, largest: 3 });
});

test('a batch takes at most GROUP_COMMIT_MAX; the rest form the next', async () => {
  const { db } = standIn();
  const { writer, calls } = doubler();
  const gc = new GroupCommit(db, { windowMs: 0, max: 2 });
  let release!: () => void;
  const hold = new Promise<void>((ok) => { release = ok; });
  const first = gc.run(store(writer, 1, hold));
  await new Promise((ok) => setImmediate(ok));
  const later = [2, 3, 4, 5].map((n) => gc.run(store(writer, n)));
  release();
  assert.deepEqual(await Promise.all([first, ...later]), [2, 4, 6, 8, 10]);
  assert.deepEqual(calls, [[2, 3], [4, 5]]);
});

test('GROUP_COMMIT=off: each creation is written alone as it comes, even while another is written', async () => {
  const { db } = standIn();
  const { writer, calls } = doubler();
  const gc = new GroupCommit(db, { on: false, windowMs: 0, max: 64 });
  assert.equal(gc.enabled, false);
  let release!: () => void;
  const hold = new Promise<void>((ok) => { release = ok; });
  const first = gc.run(store(writer, 1, hold));
  assert.equal(await gc.run(store(writer, 2)), 4, 'not held behind the first');
  release();
  assert.equal(await first, 2);
  assert.deepEqual(calls, []);
});

test('rounds: no two items of a round share an invoice; each item after the last round of its invoices; request order kept', () => {
  assert.deepEqual(rounds([]), []);
  assert.deepEqual(rounds([['a'], ['b'], ['c']]), [[0, 1, 2]], 'distinct invoices: one round');
  assert.deepEqual(rounds([['a'], ['a'], ['a']]), [[0], [1], [2]], 'one invoice: a round each');
  // a, a, b, a+b, c, b: the second a waits for the first; a+b after both; c in the first round; the last b after a+b.
  assert.deepEqual(rounds([['a'], ['a'], ['b'], ['a', 'b'], ['c'], ['b']]), [[0, 2, 4], [1], [3], [5]]);
  // An item goes to the round after the LAST round holding any of its invoices, not into an earlier gap.
  assert.deepEqual(rounds([['a'], ['a'], ['b'], ['b', 'c'], ['c']]), [[0, 2], [1, 3], [4]]);
  assert.deepEqual(rounds([['a'], []]), [[0, 1]], 'an item with no invoice: the first round');
  // Property: in random batches, no round holds an invoice twice, and per invoice the rounds follow request order.
  for (let run = 0; run < 200; run++) {
    const keys = Array.from({ length: 1 + Math.floor(Math.random() * 12) }, () =>
      [...new Set(Array.from({ length: 1 + Math.floor(Math.random() * 3) }, () => 'k' + Math.floor(Math.random() * 5)))]);
    const out = rounds(keys);
    assert.deepEqual(out.flat().sort((x, y) => x - y), keys.map((_, i) => i), 'every item once');
    const roundOf = new Map(out.flatMap((r, n) => r.map((i) => [i, n] as const)));
    out.forEach((r) => {
      assert.deepEqual(r, [...r].sort((x, y) => x - y), 'request order within a round');
      const seen = r.flatMap((i) => keys[i]);
      assert.equal(new Set(seen).size, seen.length, `no invoice twice in a round: ${JSON.stringify(keys)}`);
    });
    keys.forEach((ks, i) => keys.slice(0, i).forEach((earlier, j) => {
      if (earlier.some((k) => ks.includes(k))) assert.ok(roundOf.get(j)! < roundOf.get(i)!, 'after the earlier items of its invoices');
    }));
    // Earliest: each item in round 0 or right after the last round of one of its invoices.
    keys.forEach((ks, i) => {
      const before = keys.slice(0, i).map((e, j) => (e.some((k) => ks.includes(k)) ? roundOf.get(j)! : -1));
      assert.equal(roundOf.get(i), Math.max(-1, ...before) + 1, 'the first round it can go to');
    });
  }
});

test('a batch one statement writes runs with no transaction; a refusal by the server reruns each alone, a lost connection does not', async () => {
  const { db, seen } = standIn();
  let outcome: 'ok' | 'nothing' | 'refused' | 'lost' = 'ok';
  const direct: number[][] = [];
  const { writer: base, calls } = doubler();
  // Even items are written by one statement (direct); the statement's outcome is set by the test.
  const writer: BatchWriter<number, number> = {
    ...base,
    direct: (items) => (items.every((n) => n % 2 === 0) ? async () => {
      direct.push([...items]);
      if (outcome === 'refused') throw Object.assign(new Error('duplicate key'), { code: '23505' });
      if (outcome === 'lost') throw new Error('Connection terminated unexpectedly');
      return outcome === 'nothing' ? null : items.map((n) => n * 2);
    } : null),
  };
  const batchOf = async (ns: number[]) => {
    let release!: () => void;
    const hold = new Promise<void>((ok) => { release = ok; });
    const gc = new GroupCommit(db, { windowMs: 0, max: 64 });
    const first = gc.run(store(writer, 100, hold)); // alone and held, so that the others gather into one batch
    await new Promise((ok) => setImmediate(ok));
    const later = ns.map((n) => gc.run(store(writer, n)).then((v) => v, (e: Error) => e.message));
    release();
    await first;
    return Promise.all(later);
  };
  assert.deepEqual(await batchOf([2, 4]), [4, 8]);
  assert.deepEqual(direct, [[2, 4]], 'written by the one statement');
  assert.equal(seen.transactions, 0, 'no transaction around it');
  assert.deepEqual(calls, [], 'not through write()');

  assert.deepEqual(await batchOf([1, 2]), [2, 4], 'a batch the statement cannot write alone goes through write()');
  assert.deepEqual(calls, [[1, 2]]);
  assert.equal(seen.transactions, 1, 'in a transaction');

  for (const o of ['nothing', 'refused'] as const) {
    outcome = o;
    assert.deepEqual(await batchOf([6, 8]), [12, 16], `${o}: each creation written alone, its own answer`);
  }
  outcome = 'lost';
  assert.deepEqual(await batchOf([6, 8]), ['Connection terminated unexpectedly', 'Connection terminated unexpectedly'],
    'the connection lost: the statement may have written, so the error is answered and nothing runs again');
  assert.equal(seen.transactions, 1);
});
