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
import pg from 'pg';
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

/**
 * The statements marked `prepared` (./db.ts) are prepared once on this database (PREPARE) and run by EXECUTE: parsed,
 * analysed and planned once rather than at every call, as a named statement is on PostgreSQL (the webhook claim's
 * 4.9 ms became 2.7 on PGlite). A prepared statement outlives the transaction that prepared it, even rolled back.
 * EXECUTE takes no bound parameters, so its arguments are literals: each value converted to text as the pg driver
 * converts a parameter (the same statements run through it on PostgreSQL), then quoted by the driver's escapeLiteral.
 *
 * One caller prepares a statement; whoever needs it before that PREPARE is done runs it bound, as if unprepared, and
 * never waits for it: a transaction waiting on a PREPARE queued behind PGlite's transaction lock would never end, and a
 * second PREPARE of the same name would fail ("already exists") and abort the transaction it ran in.
 */
const statements = new Map<string, 'preparing' | 'prepared'>();
const { prepareValue } = (pg as unknown as { utils: { prepareValue: (v: unknown) => string | Buffer | null } }).utils;
/** A value's text as the driver makes it (prepareValue: null, text or bytes), as an SQL literal. */
function literal(v: string | Buffer | null): string {
  if (v === null) return 'NULL';
  if (Buffer.isBuffer(v)) return pg.escapeLiteral(`\\x${v.toString('hex')}`);
  // A NUL cannot be in a statement's text (nor in a text value): refused as PostgreSQL refuses it in a parameter.
  if (v.includes('\0')) throw Object.assign(new Error('invalid byte sequence for encoding "UTF8": 0x00'), { code: '22021' });
  return pg.escapeLiteral(v);
}
/**
 * Past this many characters of arguments a statement runs as it is, planned again: written into EXECUTE, quoted and
 * read back by PGlite's parser, the 200 kB of bodies that a webhook claim keeps cost 230 µs a delivery, 68 bound.
 */
const LITERALS_MAX = 32_768;
async function run(q: Pick<PGlite, 'query'>, m: ToDbThread): Promise<unknown[]> {
  const texts = m.name ? (m.params ?? []).map((v) => prepareValue(v)) : [];
  const state = m.name && statements.get(m.name);
  if (!m.name || state === 'preparing' || texts.reduce((n, t) => n + (t?.length ?? 0), 0) > LITERALS_MAX) {
    return (await q.query(m.sql, m.params)).rows;
  }
  if (!state) {
    statements.set(m.name, 'preparing');
    try {
      await q.query(`PREPARE ${m.name} AS ${m.sql}`);
      statements.set(m.name, 'prepared');
    } catch (e) {
      statements.delete(m.name);
      throw e;
    }
  }
  return (await q.query(`EXECUTE ${m.name}${texts.length ? `(${texts.map(literal).join(', ')})` : ''}`)).rows;
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
      if (m.op === 'query') await answer(m.id, () => run(tx, m));
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
      case 'query': void answer(m.id, () => run(db, m)); break;
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
