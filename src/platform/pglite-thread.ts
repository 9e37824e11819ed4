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
import { parse, PGlite, protocol, types, type SerializerOptions, type Transaction } from '@electric-sql/pglite';
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

/**
 * The statements marked `prepared` (./db.ts) are named statements here as on PostgreSQL: parsed once (the protocol's
 * Parse with the statement's name, which outlives the transaction that made it, even rolled back), then bound and
 * executed by name, so that PGlite analyses and plans them once rather than at every call. PGlite's query() always
 * parses an unnamed statement; this is the same sequence of protocol messages with a name, under the same locks (a
 * transaction's statements take PGlite's query lock; one outside a transaction also waits for any transaction), and
 * the check of whether the name is parsed is made inside that lock, so two callers never parse it twice.
 */
const named = new Map<string, number[] | null>();
const { serialize } = protocol;
async function runNamed(db: PGlite, m: ToDbThread & { name: string }, inTx: boolean): Promise<unknown[]> {
  const step = (message: Uint8Array) => db.execProtocolStream(message, { syncToFs: false });
  const go = () => db.runExclusive(async () => {
    const out = [];
    try {
      if (!named.has(m.name)) {
        out.push(...await step(serialize.parse({ name: m.name, text: m.sql })));
        named.set(m.name, null); // parsed: never parsed again, even if what follows fails
      }
      // The parameters' types, read once: each value is sent as PGlite's serializer for its type makes it.
      const oids = named.get(m.name) ?? parse.parseDescribeStatementResults(await step(serialize.describe({ type: 'S', name: m.name })));
      named.set(m.name, oids);
      const values = (m.params ?? []).map((v, i) => (v == null ? null : (longAsBytes[oids[i]] ?? db.serializers[oids[i]] ?? String)(v) as string));
      out.push(...await step(serialize.bind({ statement: m.name, values })), ...await step(serialize.describe({ type: 'P' })), ...await step(serialize.execute({})));
    } finally {
      out.push(...await step(serialize.sync()));
    }
    if (!inTx) await db.syncToFs();
    return parse.parseResults(out, db.parsers)[0]?.rows ?? [];
  });
  return inTx ? go() : db._runExclusiveTransaction(go);
}

/**
 * A long text, json or jsonb parameter goes to PGlite as UTF-8 bytes in binary format, which those types read as they
 * are (jsonb after its format's version byte), where PGlite would send it as text: it counts a text's UTF-8 length
 * character by character, twice, about 6 µs a kilobyte (a webhook claim keeps some 3.5 kB a delivery). PostgreSQL
 * checks the bytes as it checks a text (a NUL is refused, 22021). A bytea goes as its bytes, in binary format too.
 * Shorter values and other types: PGlite's serializers.
 */
const LONG = 1024;
const encoder = new TextEncoder();
const asBytes = (oid: number, version?: number) => (v: unknown): string | Uint8Array => {
  if (typeof v !== 'string' || v.length < LONG) return types.serializers[oid](v);
  if (version === undefined) return encoder.encode(v);
  const bytes = new Uint8Array(Buffer.byteLength(v) + 1);
  bytes[0] = version;
  encoder.encodeInto(v, bytes.subarray(1));
  return bytes;
};
const longAsBytes: Record<number, (v: unknown) => string | Uint8Array> = {
  ...Object.fromEntries([[types.TEXT], [types.VARCHAR], [types.JSON], [types.JSONB, 1]].map(([oid, version]) => [oid, asBytes(oid, version)])),
  // bytea: bytes as they are, in binary format (PGlite's serializer would write them as hexadecimal text).
  [types.BYTEA]: (v: unknown) => (v instanceof Uint8Array ? v : types.serializers[types.BYTEA](v)),
};

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
  /** A statement: by name when it is marked prepared (runNamed), else as PGlite's query() runs it (q: the transaction, or the database). */
  const run = async (q: Pick<Transaction, 'query'>, m: ToDbThread, inTx: boolean) =>
    (m.name ? runNamed(db, { ...m, name: m.name }, inTx) : (await q.query(m.sql, m.params, { serializers: longAsBytes as SerializerOptions })).rows);
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
      if (m.op === 'query') await answer(m.id, () => run(tx, m, true));
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
      case 'query': void answer(m.id, () => run(db, m, false)); break;
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
