/**
 * Statements marked `prepared` on the embedded database (src/platform/pglite-thread.ts): parsed once as named
 * statements, then bound by name, long text and json sent as bytes. Every value must come back as the same statement
 * unprepared gives it, whatever quotes, backslashes, braces or bytes it holds.
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openDb, prepared, type Db } from '../../src/platform/db';

const SQL = `SELECT $1::text AS t, $2::text[] AS a, $3::timestamptz AS at, $4::int AS n, $5::jsonb AS j, $6::bytea AS b, $7::boolean AS ok,
  $8::numeric AS amount, $9::uuid[] AS ids`;
const HOT = prepared(`${SQL} -- prepared`);

const tricky = [
  `it's a "quote", a back\\slash \\' and E'\\x41' ; DROP TABLE x; -- ✓ ñ 😀`,
  ['a,b', '{c}', 'd"e', 'f\\g', null, "h'i", ''],
  new Date('2026-12-06T17:50:01.234Z'),
  -42,
  { note: "it's", nested: ['x', 1, null], back: '\\' },
  Buffer.from([0, 1, 39, 92, 255]),
  true,
  '12345678901234567890.123456',
  ['0191a8a2-7c3e-7d1b-9f00-000000000001', '0191a8a2-7c3e-7d1b-9f00-000000000002'],
];

// One embedded database for the file (opening one takes seconds); each test counts only its own statement.
let db: Db;
let dir: string;
before(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pglite-prepared-'));
  db = await openDb({ dataDir: dir });
});
after(async () => {
  await db.close();
  fs.rmSync(dir, { recursive: true, force: true });
});
const preparedAs = (marker: string) => db.query<{ name: string; statement: string }>(
  `SELECT name, statement FROM pg_prepared_statements WHERE statement LIKE '%' || $1`, [marker]);

test('a prepared statement on PGlite answers what the same statement unprepared answers, and is prepared once', { timeout: 60_000 }, async () => {
  const plain = await db.query(SQL, tricky);
  // Its first run inside a transaction that is rolled back: the statement stays prepared for the next ones.
  await db.tx(async (q) => { assert.deepEqual(await q.query(HOT, tricky), plain); throw new Error('roll back'); }).catch((e) => assert.equal(e.message, 'roll back'));
  assert.deepEqual(await db.query(HOT, tricky), plain);
  assert.deepEqual(await db.query(HOT, tricky.map(() => null)), [Object.fromEntries(Object.keys(plain[0]).map((k) => [k, null]))]);
  const named = await preparedAs('-- prepared');
  assert.equal(named.length, 1, JSON.stringify(named));
  assert.match(named[0].name, /^hot_\d+$/);
  assert.equal(named[0].statement, HOT);
  assert.equal(plain[0].t, tricky[0]);
  assert.deepEqual(plain[0].a, tricky[1]);
});

test('on PGlite a prepared statement refuses a NUL as PostgreSQL does, and takes long text, json and jsonb whole', { timeout: 60_000 }, async () => {
  const nul = ['a\0b', ...tricky.slice(1)];
  await assert.rejects(db.query(HOT, nul), (e: { code?: string }) => e.code === '22021');
  // Long values go to PGlite as UTF-8 bytes: the same answer, and a NUL among them refused the same way.
  const text = `x'\\"ñ😀 `.repeat(5_000);
  const doc = { text, list: Array.from({ length: 300 }, (_, i) => ({ i, s: `é"${i}\\` })) };
  const long = [text, ...tricky.slice(1, 4), JSON.stringify(doc), ...tricky.slice(5)];
  const [row] = await db.query<{ t: string; j: unknown }>(HOT, long);
  assert.equal(row.t, text);
  assert.deepEqual(row.j, doc);
  assert.deepEqual(await db.query(SQL, long), [row], 'the same statement unprepared (also sent as bytes) answers the same');
  const LONG_JSON = prepared('SELECT $1::json AS j, $2::varchar AS v -- long');
  const [other] = await db.query<{ j: unknown; v: string }>(LONG_JSON, [JSON.stringify(doc), text]);
  assert.deepEqual(other, { j: doc, v: text });
  await assert.rejects(db.query(HOT, [`${text}\0`, ...tricky.slice(1)]), (e: { code?: string }) => e.code === '22021');
});

test('on PGlite many first calls of a prepared statement at once, in and out of transactions, prepare it once and all answer', { timeout: 60_000 }, async () => {
  const FIRST = prepared(`${SQL} -- first calls at once`);
  const plain = await db.query(SQL, tricky);
  // Calls out of transactions and in them, all at once: the first parses it (inside PGlite's lock), the others find it parsed.
  const calls = Array.from({ length: 40 }, (_, i) => i % 3 === 0
    ? db.tx(async (q) => [...await q.query(FIRST, tricky), ...await q.query(FIRST, tricky)])
    : db.query(FIRST, tricky));
  for (const rows of await Promise.all(calls)) for (const row of rows) assert.deepEqual(row, plain[0]);
  const named = await preparedAs('-- first calls at once');
  assert.equal(named.length, 1, JSON.stringify(named));
  // Once prepared, every call runs it: a wrong argument fails as the statement would, and the next still answers.
  await assert.rejects(db.query(FIRST, ['x', null, 'not a time', 1, null, null, null, null, null]), (e: { code?: string }) => e.code === '22007');
  assert.deepEqual(await db.query(FIRST, tricky), plain);
});
