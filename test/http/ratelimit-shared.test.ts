/**
 * Two server processes on one PostgreSQL database share each company's
 * request budget (RATE_LIMIT_PER_MINUTE), through the rate_windows table.
 * Runs when TEST_DATABASE_URL is set (PGlite belongs to one process).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { freshMinute, startTestServer } from '../support/server';
import { startServer } from '../../src/server';
import { loadConfig } from '../../src/platform/config';
import { sleep } from '../support/profile';

test('two processes share one budget', { skip: !process.env.TEST_DATABASE_URL && 'needs TEST_DATABASE_URL (PostgreSQL)' }, async () => {
  const one = await startTestServer('postgres', { RATE_LIMIT_PER_MINUTE: '20' });
  await freshMinute();
  const two = await startServer(loadConfig({ PORT: '0', LOG_LEVEL: 'silent', DATABASE_URL: one.databaseUrl, RATE_LIMIT_PER_MINUTE: '20' }));
  try {
    const token = await one.token('co'); // login is not counted
    const get = (url: string) => fetch(`${url}/v1/taxes`, { headers: { authorization: `Bearer ${token}` } }).then((r) => r.status);
    const statuses: number[] = [];
    for (let i = 0; i < 10; i++) statuses.push(await get(one.url));
    await sleep(600); // a background flush
    for (let i = 0; i < 15; i++) statuses.push(await get(two.url));
    assert.deepEqual(statuses.slice(0, 20), Array(20).fill(200));
    assert.deepEqual(statuses.slice(20), Array(5).fill(429), 'the second process knows what the first one admitted');
    await sleep(600);
    assert.equal(await get(one.url), 429, 'and the first one knows the total');
  } finally {
    await two.close();
    await one.close();
  }
});
