/**
 * The one place where the two PostgreSQL drivers differ: embedded PGlite
 * (a directory under DATA_DIR) or a PostgreSQL server (DATABASE_URL).
 * Everything else speaks plain PostgreSQL through `Queryable`.
 */
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import type { PGlite as PGliteType } from '@electric-sql/pglite';

export interface Queryable {
  query<T = any>(sql: string, params?: unknown[]): Promise<T[]>;
  /** Runs a script of several statements without parameters (migrations). */
  exec(sql: string): Promise<void>;
}

export interface Db extends Queryable {
  readonly kind: 'pglite' | 'postgres';
  /** Runs fn in one transaction (READ COMMITTED); rolls back if it throws. */
  tx<T>(fn: (q: Queryable) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

// Same value shapes from both drivers: numeric as exact strings, bigint as numbers, dates as yyyy-MM-dd.
const NUMERIC = 1700, INT8 = 20, DATE = 1082;
pg.types.setTypeParser(INT8, (v: string) => Number(v));
pg.types.setTypeParser(DATE, (v: string) => v);
pg.types.setTypeParser(NUMERIC, (v: string) => v);

export class DatabaseHeldError extends Error {}

function lockFile(dataDir: string): string {
  return path.join(dataDir, 'pglite.lock');
}

function processAlive(pid: number): boolean {
  try { process.kill(pid, 0); return true; } catch (e: any) { return e.code === 'EPERM'; }
}

/** The embedded database belongs to one process at a time; a lock file says which. */
function acquireLock(dataDir: string): () => void {
  fs.mkdirSync(dataDir, { recursive: true });
  const file = lockFile(dataDir);
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      fs.writeFileSync(file, String(process.pid), { flag: 'wx' });
      return () => { try { if (fs.readFileSync(file, 'utf8') === String(process.pid)) fs.unlinkSync(file); } catch { /* gone */ } };
    } catch (e: any) {
      if (e.code !== 'EEXIST') throw e;
      const holder = Number(fs.readFileSync(file, 'utf8'));
      if (holder && holder !== process.pid && processAlive(holder)) {
        throw new DatabaseHeldError(
          `The embedded database in ${dataDir} is held by process ${holder} (a running server?). ` +
          'Stop it first, or set DATABASE_URL to use a PostgreSQL server that several processes can share.');
      }
      fs.unlinkSync(file); // stale lock of a dead process
    }
  }
  throw new DatabaseHeldError(`Could not lock the embedded database in ${dataDir}`);
}

async function openPglite(dataDir: string): Promise<Db> {
  const release = acquireLock(dataDir);
  const { PGlite } = await import('@electric-sql/pglite');
  let db: PGliteType;
  try {
    db = await PGlite.create(path.join(dataDir, 'pglite'), {
      parsers: { [NUMERIC]: (v: string) => v, [INT8]: (v: string) => Number(v), [DATE]: (v: string) => v },
    });
  } catch (e) { release(); throw e; }
  const run = async (q: { query: PGliteType['query'] }, sql: string, params?: unknown[]) =>
    (await q.query<any>(sql, params as any[])).rows;
  return {
    kind: 'pglite',
    query: (sql, params) => run(db, sql, params),
    exec: async (sql) => { await db.exec(sql); },
    tx: (fn) => db.transaction((t) => fn({
      query: (sql, params) => run(t, sql, params),
      exec: async (sql) => { await t.exec(sql); },
    })),
    close: async () => { try { await db.close(); } finally { release(); } },
  };
}

/**
 * A pool of connections to PostgreSQL. With a request timeout, neither the wait for a free
 * connection nor one statement (a lock wait included) lasts longer: the request fails with 503
 * (translate in app.ts) instead of hanging. Migrations are exempt.
 */
function openPostgres(url: string, timeoutMs = 0): Db {
  const pool = new pg.Pool({
    connectionString: url, max: Number(process.env.DATABASE_POOL_SIZE || 10),
    connectionTimeoutMillis: timeoutMs, ...(timeoutMs ? { statement_timeout: timeoutMs } : {}),
  });
  pool.on('error', () => { /* an idle client lost its connection; the pool replaces it */ });
  return {
    kind: 'postgres',
    query: async (sql, params) => (await pool.query(sql, params as any[])).rows,
    exec: async (sql) => { await pool.query(sql); },
    tx: async (fn) => {
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        const result = await fn({
          query: async (sql, params) => (await client.query(sql, params as any[])).rows,
          exec: async (sql) => { await client.query(sql); },
        });
        await client.query('COMMIT');
        return result;
      } catch (e) {
        await client.query('ROLLBACK').catch(() => undefined);
        throw e;
      } finally {
        client.release();
      }
    },
    close: () => pool.end(),
  };
}

export async function openDb(opts: { databaseUrl?: string; dataDir: string; requestTimeoutMs?: number }): Promise<Db> {
  return opts.databaseUrl ? openPostgres(opts.databaseUrl, opts.requestTimeoutMs) : openPglite(opts.dataDir);
}

/** Applies the numbered SQL files of migrations/ that this database has not seen, in order. */
export async function migrate(db: Db, dir = path.join(__dirname, '..', '..', '..', 'migrations')): Promise<string[]> {
  const files = fs.readdirSync(dir).filter((f) => /^\d+_.*\.sql$/.test(f)).sort();
  const applied: string[] = [];
  await db.tx(async (q) => {
    // Serialise concurrent starters on one server; PGlite has one connection anyway.
    await q.query('SET LOCAL statement_timeout = 0'); // waiting for another starter, or migrating a large table, may take long
    await q.query('SELECT pg_advisory_xact_lock(727001)');
    await q.query('CREATE TABLE IF NOT EXISTS schema_migrations (version text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())');
    const done = new Set((await q.query<{ version: string }>('SELECT version FROM schema_migrations')).map((r) => r.version));
    for (const f of files) {
      if (done.has(f)) continue;
      await q.exec(fs.readFileSync(path.join(dir, f), 'utf8'));
      await q.query('INSERT INTO schema_migrations (version) VALUES ($1)', [f]);
      applied.push(f);
    }
  });
  return applied;
}
