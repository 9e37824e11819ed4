/**
 * What each index and trigger costs a document's creation (issue 37 point 3,
 * lean writes): on a company loaded by bulk-demo, the rows an invoice writes
 * (an invoice, its due item, its journal lines) are written again one
 * statement each, as the kernel writes them, first with every index and
 * trigger, then with each one dropped (or disabled) in turn, inside a
 * transaction rolled back afterwards (PostgreSQL's DDL is transactional), so
 * the database is left as it was. The difference is that index's or
 * trigger's cost per row. The indexes one migration added to a table are
 * also dropped together (GROUPS), a difference larger than the noise.
 *
 *   npm run bench:write-cost
 *   BENCH_WRITE_STORAGES=postgres,pglite   storages (default both)
 *   BENCH_WRITE_INVOICES=20000             invoices loaded first by bulk-demo
 *   BENCH_WRITE_ROWS=400                   rows written per measurement
 *   BENCH_WRITE_ROUNDS=5                   measurements of each variant (the median is kept), variants interleaved
 *
 * A measurement, not a test: exits 0 whatever the figures. On a shared
 * machine single figures move; the medians of interleaved rounds are what
 * to compare.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { loadConfig } from '../src/platform/config';
import { migrate, openDb, type Db, type Queryable } from '../src/platform/db';
import { bulkDemo } from '../src/companies/bulk';
import { freshPostgres, table, withPglite } from './common';

type Storage = 'pglite' | 'postgres';
const envList = (name: string, fallback: string) => (process.env[name] || fallback).split(',').map((s) => s.trim()).filter(Boolean);
const envNumber = (name: string, fallback: number) => Number(process.env[name] || fallback);

/** Per table: the template row, and the columns varied so that each copy is a new row (the rest copied as they are). */
const TABLES: { table: string; template: string; where: string; vary: Record<string, string> }[] = [
  { table: 'invoices', template: `SELECT id::text AS key FROM invoices WHERE company_id = $1 AND balance > 0 ORDER BY number DESC LIMIT 1`, where: 't.id = $1::uuid',
    vary: { id: 'gen_random_uuid()', number: 't.number + 100000000 + $2', name: `t.name || '-w' || $2` } },
  { table: 'due_items', template: `SELECT id::text AS key FROM due_items WHERE company_id = $1 ORDER BY id DESC LIMIT 1`, where: 't.id = $1::bigint',
    vary: { id: 'DEFAULT', quote: 't.quote + 1000 + $2' } },
  { table: 'journal_lines', template: `SELECT entry_id::text AS key FROM journal_lines WHERE company_id = $1 ORDER BY entry_id DESC LIMIT 1`,
    where: 't.entry_id = $1::bigint AND t.line_no = 1', vary: { line_no: 't.line_no + 1000 + $2' } },
];

class Rollback extends Error {}

interface Variant { name: string; kind: 'all' | 'index' | 'trigger' | 'indexes'; ddl?: string; unique?: boolean }

/** The indexes a migration creates on a table (read from its file), measured together: e.g. the console list's (068). */
const GROUPS = [{ name: 'of migration 068 (console list)', file: '068_console_list_search.sql' }];
function groupIndexes(file: string, t: string): string[] {
  const sql = fs.readFileSync(path.join(__dirname, '..', '..', 'migrations', file), 'utf8');
  return [...sql.matchAll(new RegExp(`CREATE INDEX (\\w+) ON ${t}\\b`, 'g'))].map((m) => m[1]);
}

async function variants(db: Db, t: string): Promise<Variant[]> {
  const idx = await db.query<{ name: string; def: string; pk: boolean }>(
    `SELECT c.relname AS name, pg_get_indexdef(i.indexrelid) AS def, i.indisprimary AS pk
       FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid WHERE i.indrelid = $1::regclass ORDER BY 1`, [t]);
  const trg = await db.query<{ name: string }>(`SELECT tgname AS name FROM pg_trigger WHERE tgrelid = $1::regclass AND NOT tgisinternal ORDER BY 1`, [t]);
  return [
    { name: '(every index and trigger)', kind: 'all' },
    ...idx.filter((i) => !i.pk && !/UNIQUE/.test(i.def)).map((i) => ({ name: i.name, kind: 'index' as const, ddl: `DROP INDEX ${i.name}` })),
    ...trg.map((x) => ({ name: x.name, kind: 'trigger' as const, ddl: `ALTER TABLE ${t} DISABLE TRIGGER ${x.name}` })),
    ...GROUPS.map((g) => ({ g, names: groupIndexes(g.file, t) })).filter((x) => x.names.length)
      .map(({ g, names }) => ({ name: `${g.name}, ${names.length}`, kind: 'indexes' as const, ddl: `DROP INDEX ${names.join(', ')}` })),
  ];
}

async function measure(db: Db, t: typeof TABLES[number], key: string, v: Variant, rows: number): Promise<number> {
  const cols = (await db.query<{ c: string }>(
    `SELECT column_name AS c FROM information_schema.columns WHERE table_name = $1 AND table_schema = current_schema() AND is_generated = 'NEVER' ORDER BY ordinal_position`, [t.table])).map((r) => r.c);
  const list = cols.filter((c) => t.vary[c] !== 'DEFAULT');
  const sql = `INSERT INTO ${t.table} (${list.join(', ')}) SELECT ${list.map((c) => t.vary[c] ?? `t.${c}`).join(', ')} FROM ${t.table} t WHERE ${t.where}`;
  let ms = 0;
  try {
    await db.tx(async (q: Queryable) => {
      if (v.ddl) await q.query(v.ddl);
      const t0 = performance.now();
      for (let k = 0; k < rows; k++) await q.query(sql, [key, k]);
      ms = performance.now() - t0;
      throw new Rollback();
    });
  } catch (e) {
    if (!(e instanceof Rollback)) throw e;
  }
  return ms;
}

async function storageRun(storage: Storage, env: Record<string, string>, o: { invoices: number; rows: number; rounds: number }): Promise<string[][]> {
  const db = await openDb(loadConfig({ LOG_LEVEL: 'silent', ...env }));
  try {
    await migrate(db);
    const loaded = await bulkDemo(db, { invoices: o.invoices, log: () => undefined });
    const out: string[][] = [];
    for (const t of TABLES) {
      const [{ key }] = await db.query<{ key: string }>(t.template, [loaded.company_id]);
      const vs = await variants(db, t.table);
      const times = new Map<string, number[]>(vs.map((v) => [v.name, []]));
      await measure(db, t, key, vs[0], Math.min(50, o.rows)); // warm
      for (let r = 0; r < o.rounds; r++) for (const v of vs) times.get(v.name)!.push(await measure(db, t, key, v, o.rows));
      const median = (xs: number[]) => { const s = [...xs].sort((a, b) => a - b); return s[Math.floor(s.length / 2)]; };
      const all = median(times.get(vs[0].name)!) / o.rows * 1000;
      for (const v of vs) {
        const us = median(times.get(v.name)!) / o.rows * 1000;
        out.push([storage, t.table, v.kind === 'all' ? v.name : `${v.kind} ${v.name}`, us.toFixed(0), v.kind === 'all' ? '' : (all - us).toFixed(0),
          v.kind === 'all' ? '' : `${(((all - us) / all) * 100).toFixed(0)} %`]);
      }
    }
    return out;
  } finally {
    await db.close();
  }
}

async function main(): Promise<void> {
  const storages = envList('BENCH_WRITE_STORAGES', 'postgres,pglite') as Storage[];
  const o = { invoices: envNumber('BENCH_WRITE_INVOICES', 20000), rows: envNumber('BENCH_WRITE_ROWS', 400), rounds: envNumber('BENCH_WRITE_ROUNDS', 5) };
  console.log(`Machine: ${os.cpus().length} CPUs, load average ${os.loadavg().map((l) => l.toFixed(2)).join(' ')}; ${o.invoices} invoices loaded, ${o.rows} rows per measurement, median of ${o.rounds}`);
  const rows: string[][] = [['storage', 'table', 'without', 'µs per row', 'cost µs', 'share']];
  for (const storage of storages) {
    if (storage === 'pglite') rows.push(...await withPglite((env) => storageRun(storage, env, o)));
    else {
      const fresh = await freshPostgres();
      if ('skip' in fresh) { console.log(`NOTE: ${fresh.skip}`); continue; }
      try { rows.push(...await storageRun(storage, { DATABASE_URL: fresh.url }, o)); } finally { await fresh.drop().catch(() => undefined); }
    }
  }
  console.log(table(rows));
  console.log(`load average at the end ${os.loadavg().map((l) => l.toFixed(2)).join(' ')}`);
}

if (require.main === module) {
  main().catch((e) => { console.error(`\nBENCH FAILED: ${e instanceof Error ? e.stack ?? e.message : String(e)}`); process.exitCode = 1; });
}
