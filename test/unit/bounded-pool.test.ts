/** The bounded pool of logins and reports (src/platform/throttle.ts): size, one per key, keys in turn, a full queue refused. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { BoundedPool } from '../../src/platform/throttle';
import { ApiError } from '../../src/platform/errors';

test('one place per key, the keys in turn: one key\'s 20 tasks hold one place, another key waits for one of them', async () => {
  const pool = new BoundedPool(2, 100, 'Too many reports at once; try again in a second');
  const order: string[] = [];
  const gates: (() => void)[] = [];
  // Each task waits for its gate, so the test decides when each ends.
  const task = (label: string) => () => new Promise<void>((done) => gates.push(() => { order.push(label); done(); }));
  const a = Array.from({ length: 20 }, (_, i) => pool.run('A', task(`A${i + 1}`)));
  const b = pool.run('B', task('B1'));
  const c = [1, 2].map((i) => pool.run('C', task(`C${i}`)));
  // Running: A1 (A's one place) and B1 (the second place); A2… and C wait.
  await new Promise((r) => setImmediate(r));
  assert.equal(gates.length, 2);
  while (order.length < 23) {
    gates.shift()!();
    await new Promise((r) => setImmediate(r));
  }
  await Promise.all([...a, b, ...c]);
  assert.deepEqual(order.slice(0, 6), ['A1', 'B1', 'A2', 'C1', 'A3', 'C2']);
  // Past its queue a task is refused at once, with the pool's own words.
  const small = new BoundedPool(1, 1, 'Too many reports at once; try again in a second');
  const hold = small.run('X', () => new Promise((r) => setTimeout(r, 20)));
  const waits = small.run('Y', async () => 1);
  await assert.rejects(small.run('Z', async () => 1), (e: unknown) => e instanceof ApiError && e.status === 503 && /Too many reports at once/.test(JSON.stringify(e.body())));
  await Promise.all([hold, waits]);
});
