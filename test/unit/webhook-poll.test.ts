/**
 * When the webhook dispatcher claims again: soon (busyPollMs) after a pass that claimed something, so that under a
 * steady flow of events each claim stays small and the lag short; after pollMs when a pass found nothing, so that an
 * idle service does not poll its database ten times a second. Driven by a fake clock and a database that records the
 * dispatcher's claims.
 */
import { test, mock } from 'node:test';
import assert from 'node:assert/strict';
import { WebhookDispatcher } from '../../src/webhooks/dispatch';
import type { Db } from '../../src/platform/db';

test('after a pass that claimed a delivery the next claim comes after busyPollMs, after an empty one after pollMs', async () => {
  mock.timers.enable({ apis: ['setTimeout'] });
  const claims: number[] = [];
  let clock = 0;
  const due: unknown[][] = [[{ id: 'd1', company_id: 1, webhook_id: 'w1', doc_id: 'x', type: 'invoice.created', body: '{}', live: false }]];
  const recorded: string[][] = [];
  const db = {
    kind: 'postgres',
    query: async (sql: string, params: unknown[]) => {
      if (sql.includes('FOR UPDATE SKIP LOCKED')) { claims.push(clock); return due.shift() ?? []; } // the retries' claim
      if (sql.includes('UPDATE webhook_deliveries d SET')) { recorded.push(params[1] as string[]); return []; } // their record
      return []; // the claim of events past the position: none
    },
  } as unknown as Db;
  const d = new WebhookDispatcher(db, { timeoutMs: 1000, retryHours: 24, allowPrivate: false, pollMs: 500, busyPollMs: 100 });
  const flush = async () => { for (let i = 0; i < 20; i++) await new Promise((ok) => setImmediate(ok)); };
  const advance = async (ms: number) => { clock += ms; mock.timers.tick(ms); await flush(); };
  try {
    d.start();
    await advance(0);
    assert.deepEqual(claims, [0], 'the first pass at start');
    assert.deepEqual(recorded, [['failed']], 'its delivery (of a deleted webhook) recorded');
    await advance(99);
    assert.equal(claims.length, 1, 'not before busyPollMs');
    await advance(1);
    assert.deepEqual(claims, [0, 100], 'busyPollMs after a pass that claimed something');
    await advance(499);
    assert.equal(claims.length, 2, 'an empty pass: not again before pollMs');
    await advance(1);
    assert.deepEqual(claims, [0, 100, 600], 'pollMs after an empty pass');
  } finally {
    await d.stop();
    mock.timers.reset();
  }
});
