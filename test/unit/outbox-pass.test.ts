/**
 * The outbox waits for every job it started even when a later claim of the same pass fails (the database closing
 * under it): two full runs failed on the unhandled rejections of jobs left behind that way.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Outbox } from '../../src/platform/outbox';
import type { Db } from '../../src/platform/db';

test('a claim that fails after others started jobs: the pass waits for them and fails once, nothing unhandled', async () => {
  const claims: string[] = [];
  const db = {
    query: async (sql: string, params: unknown[]) => {
      if (sql.includes("SET status = 'processing'")) {
        claims.push(String(params[2]));
        if (params[2] === 'a') return [{ company_id: 1, id: 1, kind: 'a', ref_id: 'doc', attempts: 1 }];
        throw new Error('the database was closed (claim of b)');
      }
      throw new Error('the database was closed (the job\'s outcome)');
    },
  } as unknown as Db;
  let unhandled = 0;
  const count = () => { unhandled++; };
  process.on('unhandledRejection', count);
  const logged: string[] = [];
  try {
    const outbox = new Outbox(db, {
      a: async () => { await new Promise((ok) => setTimeout(ok, 20)); throw new Error('the job failed'); },
      b: async () => undefined,
    }, { log: (msg, extra) => logged.push(`${msg} ${JSON.stringify(extra)}`) });
    await outbox.kick();
    await new Promise((ok) => setTimeout(ok, 50));
    assert.deepEqual(claims, ['a', 'b']);
    assert.equal(unhandled, 0);
    assert.ok(logged.some((l) => l.startsWith('outbox pass failed') && l.includes('claim of b')), logged.join('\n'));
  } finally {
    process.off('unhandledRejection', count);
  }
});
