/**
 * The one place where the two PostgreSQL drivers differ: embedded PGlite
 * (a directory under DATA_DIR) or a PostgreSQL server (DATABASE_URL).
 * Everything else speaks plain PostgreSQL through `Queryable`.
 */
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { Worker } from 'node:worker_threads';
import { privateTree } from './files';

/** A row as read, before its query names its columns: `query<SomeRow>(…)` types it where it is read. */
export type Row = Record<string, unknown>;

/** The row of `SELECT count(*)::int AS n …`. */
export interface CountRow { n: number }

/**
 * Statements run often enough to be prepared once per connection on PostgreSQL (node-postgres `name:`): parsed,
 * analysed and, after a few runs, planned once, instead of at every call. Mark a constant SQL text with `prepared`
 * where it is defined. On PGlite, whose API names no statements, its thread sends the same protocol messages with the
 * name (./pglite-thread.ts).
 */
const preparedNames = new Map<string, string>();
export function prepared(sql: string): string {
  if (!preparedNames.has(sql)) preparedNames.set(sql, `hot_${preparedNames.size + 1}`);
  return sql;
}
/** The query config node-postgres is given: named when the text was marked with `prepared`. */
const pgQuery = (sql: string, params?: unknown[]) => {
  const name = preparedNames.get(sql);
  return name ? { name, text: sql, values: params } : { text: sql, values: params };
};

/** R is the row a query answers when it names none (Row; the tests read freely with `Db<any>`). */
export interface Queryable<R = Row> {
  query<T = R>(sql: string, params?: unknown[]): Promise<T[]>;
  /** Runs a script of several statements without parameters (migrations). */
  exec(sql: string): Promise<void>;
}

export interface Db<R = Row> extends Queryable<R> {
  readonly kind: 'pglite' | 'postgres';
  /** Runs fn in one transaction (READ COMMITTED); rolls back if it throws. */
  tx<T>(fn: (q: Queryable<R>) => Promise<T>): Promise<T>;
  /**
   * Calls fn with the company id of every change announced on COMPANY_CHANGED
   * (migrations/022): a change made through this Db before the statement that
   * made it resolves, one made by another process as soon as it arrives; and
   * with null when announcements may have been missed (a lost connection), so
   * that everything kept must be read again. Resolves once listening.
   */
  onCompanyChanged(fn: (companyId: number | null) => void): Promise<void>;
  close(): Promise<void>;
}

/** The channel on which the database announces changes to what processes keep in memory (migrations/022). */
export const COMPANY_CHANGED = 'company_changed';

function announcements() {
  const subscribers = new Set<(companyId: number | null) => void>();
  return {
    subscribers,
    /** A notification's payload, or null for "maybe missed some". */
    dispatch(payload: string | null | undefined) {
      const id = payload == null ? null : Number(payload);
      for (const fn of subscribers) fn(id !== null && Number.isInteger(id) ? id : null);
    },
  };
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
  try { process.kill(pid, 0); return true; } catch (e) { return (e as NodeJS.ErrnoException).code === 'EPERM'; }
}

/** The embedded database belongs to one process at a time; a lock file says which. */
function acquireLock(dataDir: string): () => void {
  fs.mkdirSync(dataDir, { recursive: true });
  const file = lockFile(dataDir);
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      fs.writeFileSync(file, String(process.pid), { flag: 'wx' });
      return () => { try { if (fs.readFileSync(file, 'utf8') === String(process.pid)) fs.unlinkSync(file); } catch { /* gone */ } };
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
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

/** Messages to and from the embedded database's thread (./pglite-thread.ts). */
export interface ToDbThread {
  id: number; op: 'query' | 'exec' | 'listen' | 'begin' | 'commit' | 'rollback' | 'close'; sql: string; params?: unknown[]; tx?: number;
  /** The statement's name when it is marked `prepared` (./pglite-thread.ts parses it once). */
  name?: string;
}
export type FromDbThread = { type: 'ready' } | { type: 'failed'; error: Record<string, unknown> } | { type: 'notify'; channel: string; payload: string }
  | { type: 'result'; id: number; ok: boolean; value?: unknown; error?: Record<string, unknown> };

/** An error of the database thread with its PostgreSQL fields (code, constraint …), as the pg driver gives them. */
const asError = (e: Record<string, unknown>) => Object.assign(new Error(String(e.message)), e);

/**
 * PGlite on a thread of its own, so that a statement never holds up the
 * event loop (requests that need no database keep being answered); the
 * thread does what one connection does, in order, and reports this process's
 * notifications before the answer of the statement that made them.
 */
async function openPglite(dataDir: string): Promise<Db> {
  const release = acquireLock(dataDir);
  const worker = new Worker(path.join(__dirname, 'pglite-thread.js'), { workerData: { dataDir } });
  const changes = announcements();
  const waiting = new Map<number, { resolve: (v: unknown) => void; reject: (e: Error) => void; sql: string }>();
  let next = 1;
  let stopped: Error | null = null;
  let started!: { ready: () => void; failed: (e: Error) => void };
  const ready = new Promise<void>((ok, ko) => { started = { ready: ok, failed: ko }; });
  worker.on('message', (m: FromDbThread) => {
    if (m.type === 'ready') started.ready();
    else if (m.type === 'failed') started.failed(asError(m.error));
    else if (m.type === 'notify') { if (m.channel === COMPANY_CHANGED) changes.dispatch(m.payload); }
    else {
      const w = waiting.get(m.id);
      waiting.delete(m.id);
      if (!waiting.size) worker.unref();
      if (m.ok) w?.resolve(m.value);
      else w?.reject(asError(m.error!));
    }
  });
  worker.on('error', (e) => { stopped = e; });
  worker.on('exit', (code) => {
    stopped ??= new Error(`The embedded database's thread stopped (exit code ${code})`);
    // Each statement still out fails naming itself, so that one nobody waited for can be found.
    for (const w of waiting.values()) w.reject(Object.assign(new Error(`${stopped.message}; a statement was still out: ${w.sql.replace(/\s+/g, ' ').slice(0, 160)}`), { cause: stopped }));
    waiting.clear();
    started.failed(stopped);
  });
  // The thread holds the process until it is ready; from then on only while a statement is out (see call: the first
  // one's answer lets it go), so that a tool that forgets close() still ends.
  const call = <T = unknown>(m: Omit<ToDbThread, 'id'>, id = next++): Promise<T> => new Promise<T>((resolve, reject) => {
    if (stopped) { reject(stopped); return; }
    if (!waiting.size) worker.ref();
    waiting.set(id, { resolve: (v) => resolve(v as T), reject, sql: m.sql || m.op });
    worker.postMessage({ ...m, id } satisfies ToDbThread);
  });
  try {
    await ready;
    // PGlite lays down the files of a new database (and rewrites the relation cache files at every start) with
    // explicit modes, 0666 and 0644, that the umask does not narrow; the files PostgreSQL creates later follow the
    // umask (077 on a start: 0600). So, once the database has started and answered, its files are made the
    // service user's alone (src/platform/files.ts, docs/security.md).
    await call({ op: 'query', sql: 'SELECT 1' });
    privateTree(path.join(dataDir, 'pglite'));
  } catch (e) {
    await worker.terminate();
    release();
    throw e;
  }
  let listening: Promise<unknown> | undefined;
  return {
    kind: 'pglite',
    onCompanyChanged: async (fn) => {
      changes.subscribers.add(fn);
      await (listening ??= call({ op: 'listen', sql: COMPANY_CHANGED }));
    },
    query: (sql, params) => call({ op: 'query', sql, params, name: preparedNames.get(sql) }),
    exec: async (sql) => { await call({ op: 'exec', sql }); },
    tx: async (fn) => {
      const tx = next++;
      await call({ op: 'begin', sql: '', tx });
      let result;
      try {
        result = await fn({ query: (sql, params) => call({ op: 'query', sql, params, tx, name: preparedNames.get(sql) }), exec: async (sql) => { await call({ op: 'exec', sql, tx }); } });
      } catch (e) {
        await call({ op: 'rollback', sql: '', tx }).catch(() => undefined);
        throw e;
      }
      await call({ op: 'commit', sql: '', tx });
      return result;
    },
    close: async () => {
      try { if (!stopped) await call({ op: 'close', sql: '' }); } finally { await worker.terminate(); release(); }
    },
  };
}

/**
 * A pool of connections to PostgreSQL. With a request timeout, neither the wait for a free
 * connection nor one statement (a lock wait included) lasts longer: the request fails with 503
 * (translate in app.ts) instead of hanging. Migrations are exempt.
 */
function openPostgres(url: string, timeoutMs = 0): Db {
  // Every connection listens, so that a change made through it is announced before its statement resolves;
  // one more connection listens all the time (the pool closes idle ones), for the other processes' changes.
  const changes = announcements();
  const pool = new pg.Pool({
    connectionString: url, max: Number(process.env.DATABASE_POOL_SIZE || 10),
    connectionTimeoutMillis: timeoutMs, ...(timeoutMs ? { statement_timeout: timeoutMs } : {}),
    onConnect: async (client: pg.ClientBase) => {
      client.on('notification', (m) => { if (m.channel === COMPANY_CHANGED) changes.dispatch(m.payload); });
      await client.query(`LISTEN ${COMPANY_CHANGED}`);
    },
  });
  pool.on('error', () => { /* an idle client lost its connection; the pool replaces it */ });
  let closed = false;
  /** A statement after close(): an error that names it (pg's own says only that the pool ended). */
  const late = (sql: string) => {
    if (closed) throw new Error(`The database was closed; a statement came after: ${sql.replace(/\s+/g, ' ').slice(0, 160)}`);
  };
  let listener: pg.Client | undefined;
  let listening: Promise<void> | undefined;
  const listen = async (ready: () => void) => {
    for (let first = true; !closed; first = false) {
      const client = new pg.Client({ connectionString: url });
      client.on('error', () => undefined);
      try {
        await client.connect();
        client.on('notification', (m) => changes.dispatch(m.payload));
        await client.query(`LISTEN ${COMPANY_CHANGED}`);
        listener = client;
        if (!first) changes.dispatch(null); // what was announced while it was down is unknown
        ready();
        await new Promise((ended) => client.once('end', ended));
      } catch {
        await client.end().catch(() => undefined);
        ready(); // the caches then hold for their short lifetime only, until listening works
      }
      listener = undefined;
      if (!closed) { changes.dispatch(null); await new Promise((ok) => setTimeout(ok, 1000)); }
    }
    ready();
  };
  return {
    kind: 'postgres',
    onCompanyChanged: async (fn) => {
      changes.subscribers.add(fn);
      await (listening ??= new Promise<void>((ready) => { void listen(ready); }));
    },
    query: async (sql, params) => { late(sql); return (await pool.query(pgQuery(sql, params))).rows; },
    exec: async (sql) => { late(sql); await pool.query(sql); },
    tx: async (fn) => {
      late('BEGIN');
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        const result = await fn({
          query: async (sql, params) => (await client.query(pgQuery(sql, params))).rows,
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
    close: async () => {
      closed = true;
      await listener?.end().catch(() => undefined);
      await pool.end();
    },
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
