/**
 * The embedded database on a thread of its own (see openPglite in ./db.ts):
 * PGlite runs PostgreSQL compiled to WebAssembly synchronously, so on the
 * main thread every statement would stop every other request for as long as
 * it takes. Here it answers the main thread's messages: statements, scripts,
 * transactions (one at a time: PGlite's own lock makes other statements wait
 * for a transaction, as on one connection), and the notifications of
 * COMPANY_CHANGED, posted before the answer of the statement that made them.
 */
import path from 'node:path';
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite, type Transaction } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { FromDbThread, ToDbThread } from './db';

const port = parentPort!;
// Same value shapes as the pg driver: numeric as exact strings, bigint as numbers, dates as yyyy-MM-dd.
const NUMERIC = 1700, INT8 = 20, DATE = 1082;

const post = (m: FromDbThread) => port.postMessage(m);

/** A database error as data: its message and PostgreSQL fields (code, constraint …), which the main thread reads. */
function failure(e: unknown): Record<string, unknown> {
  const err = e as Error & Record<string, unknown>;
  const out: Record<string, unknown> = { message: String(err?.message ?? e), name: err?.name ?? 'Error' };
  for (const [k, v] of Object.entries(err ?? {})) if (['string', 'number', 'boolean'].includes(typeof v)) out[k] = v;
  return out;
}

/** An open transaction: its messages in order, and the message that ends it. */
interface Open { queue: ToDbThread[]; wake: (() => void) | null; end: number | null }
const transactions = new Map<number, Open>();
const nextFor = async (t: Open): Promise<ToDbThread> => {
  while (!t.queue.length) await new Promise<void>((ok) => { t.wake = ok; });
  return t.queue.shift()!;
};

async function main() {
  const db = await PGlite.create(path.join(workerData.dataDir as string, 'pglite'), {
    parsers: { [NUMERIC]: (v: string) => v, [INT8]: (v: string) => Number(v), [DATE]: (v: string) => v },
    // The trigram extension of the customer search's index (migration 067).
    extensions: { pg_trgm },
  });
  const answer = async (id: number, work: () => Promise<unknown>) => {
    try {
      post({ type: 'result', id, ok: true, value: await work() });
    } catch (e) {
      post({ type: 'result', id, ok: false, error: failure(e) });
    }
  };
  /** One transaction: its statements as the main thread sends them; commit or rollback is answered once PGlite has done it. */
  const transaction = (begin: number, t: Open) => db.transaction(async (tx: Transaction) => {
    post({ type: 'result', id: begin, ok: true, value: null });
    for (;;) {
      const m = await nextFor(t);
      if (m.op === 'query') await answer(m.id, async () => (await tx.query(m.sql, m.params)).rows);
      else if (m.op === 'exec') await answer(m.id, async () => { await tx.exec(m.sql); });
      else {
        t.end = m.id;
        if (m.op === 'rollback') await tx.rollback();
        return;
      }
    }
  });

  port.on('message', (m: ToDbThread) => {
    if (m.tx !== undefined && m.op !== 'begin') {
      const t = transactions.get(m.tx);
      if (t) { t.queue.push(m); t.wake?.(); t.wake = null; }
      return;
    }
    switch (m.op) {
      case 'query': void answer(m.id, async () => (await db.query(m.sql, m.params)).rows); break;
      case 'exec': void answer(m.id, async () => { await db.exec(m.sql); }); break;
      case 'listen': void answer(m.id, async () => { await db.listen(m.sql, (payload) => post({ type: 'notify', channel: m.sql, payload })); }); break;
      case 'begin': {
        const t: Open = { queue: [], wake: null, end: null };
        transactions.set(m.tx!, t);
        transaction(m.id, t).then(
          () => post({ type: 'result', id: t.end!, ok: true, value: null }),
          (e) => post({ type: 'result', id: t.end ?? m.id, ok: false, error: failure(e) }),
        ).finally(() => transactions.delete(m.tx!));
        break;
      }
      case 'close': void answer(m.id, () => db.close()); break;
    }
  });
  post({ type: 'ready' });
}

main().catch((e) => post({ type: 'failed', error: failure(e) }));
