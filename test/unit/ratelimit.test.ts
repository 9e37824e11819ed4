import { test } from 'node:test';
import assert from 'node:assert/strict';
import { RateLimiter } from '../../src/platform/ratelimit';
import { ApiError } from '../../src/platform/errors';

test('rate limiter: a budget per company per minute window', async () => {
  let now = 120_000 + 45_000; // 45 s into a window
  const rl = new RateLimiter(2, () => now);
  await rl.take(1);
  await rl.take(1);
  await rl.take(2);
  await assert.rejects(rl.take(1), (e: any) => e instanceof ApiError && e.status === 429 && e.headers['Retry-After'] === '15');
  now += 15_000; // next window
  await rl.take(1);
  await new RateLimiter(0, () => now).take(1); // 0 turns the limit off
});

test('rate limiter: the budget is shared by processes through the shared count', async () => {
  const now = () => 600_000 + 1_000;
  const rows = new Map<string, number>();
  const share = async (cid: number, start: number, delta: number) => {
    const k = `${cid}@${start}`;
    rows.set(k, (rows.get(k) ?? 0) + delta);
    return rows.get(k)!;
  };
  const pause = () => new Promise((ok) => setTimeout(ok, 80));
  const a = new RateLimiter(10, now, share, 20);
  const b = new RateLimiter(10, now, share, 20);
  try {
    for (let i = 0; i < 6; i++) await a.take(1);
    await pause(); // a's background flush adds its 6
    let admitted = 0;
    for (let i = 0; i < 10; i++) { try { await b.take(1); admitted++; } catch (e: any) { assert.equal(e.status, 429); } }
    assert.equal(admitted, 4, 'b admits only what is left of the shared budget');
    await pause(); // a refreshes the total of a company past half its budget
    await assert.rejects(a.take(1), (e: any) => e.status === 429);
    await b.take(2); // another company is not affected
  } finally {
    a.close();
    b.close();
  }
});
