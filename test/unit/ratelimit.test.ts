import { test } from 'node:test';
import assert from 'node:assert/strict';
import { RateLimiter } from '../../src/platform/ratelimit';
import { ApiError } from '../../src/platform/errors';

test('rate limiter: a budget per company per minute window', () => {
  let now = 120_000 + 45_000; // 45 s into a window
  const rl = new RateLimiter(2, () => now);
  rl.take(1);
  rl.take(1);
  rl.take(2);
  assert.throws(() => rl.take(1), (e: any) => e instanceof ApiError && e.status === 429 && e.headers['Retry-After'] === '15');
  now += 15_000; // next window
  assert.doesNotThrow(() => rl.take(1));
  assert.doesNotThrow(() => new RateLimiter(0, () => now).take(1), '0 turns the limit off');
});
