/**
 * The migrated database with the demo companies, made once and copied for each test service instead of
 * being built again (a new embedded database takes seconds to lay down, then every migration and the demo
 * seed; a copy of its files takes under one):
 *   - embedded PGlite: a data directory, copied file by file into each test's DATA_DIR;
 *   - PostgreSQL (TEST_DATABASE_URL): a database that each test's database is created from (`CREATE DATABASE … TEMPLATE`).
 * scripts/run-tests.js makes both before the first file runs and names them in TEST_TEMPLATE_DIR and
 * TEST_TEMPLATE_DB; a file run on its own (`node --test dist/test/…`) makes them in the system's temporary
 * folder under a name that depends on the migrations and the compiled seed, so that a change to either makes new ones.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import crypto from 'node:crypto';
import pg from 'pg';
import { migrate, openDb, type Db } from '../../src/platform/db';
import { ensureDemo } from '../../src/companies/demo';
import { phase } from './profile';

// The suite hashes access keys and console passwords cheaply (src/platform/hashing.ts), the template's demo keys too.
process.env.HASH_COST ??= 'test';

const MIGRATIONS = path.join(__dirname, '..', '..', '..', 'migrations');
const SRC = path.join(__dirname, '..', '..', 'src');

/** What the template is made of: the migrations and the compiled service (the demo seed and what it calls). */
function fingerprint(): string {
  const h = crypto.createHash('sha256');
  const walk = (dir: string) => {
    for (const e of fs.readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      const p = path.join(dir, e.name);
      if (e.isDirectory()) walk(p);
      else if (/\.(sql|js)$/.test(e.name)) h.update(e.name).update(fs.readFileSync(p));
    }
  };
  walk(MIGRATIONS);
  walk(SRC);
  h.update(`HASH_COST=${process.env.HASH_COST ?? ''}`);
  return h.digest('hex').slice(0, 12);
}

/** A lock held while `make` runs, so that concurrent test files make a template once (a directory is made atomically). */
async function once(done: () => boolean, lock: string, make: () => Promise<void>): Promise<void> {
  for (const until = Date.now() + 120_000; !done(); ) {
    try {
      fs.mkdirSync(lock);
    } catch {
      // Another process is making it; a lock older than two minutes was left by one that died.
      try { if (Date.now() - fs.statSync(lock).mtimeMs > 120_000) fs.rmSync(lock, { recursive: true, force: true }); } catch { /* gone */ }
      if (Date.now() > until) throw new Error(`waited two minutes for ${lock}`);
      await new Promise((ok) => setTimeout(ok, 200));
      continue;
    }
    try { if (!done()) await make(); } finally { fs.rmSync(lock, { recursive: true, force: true }); }
  }
}

/** Makes an embedded template at `dir` (which must not exist yet). */
async function makeDir(dir: string): Promise<void> {
  const building = `${dir}.building-${process.pid}`;
  fs.rmSync(building, { recursive: true, force: true });
  const db = await openDb({ dataDir: building });
  try { await migrate(db); await ensureDemo(db); } finally { await db.close(); }
  fs.renameSync(building, dir);
}

let dirCache: string | undefined;
/** The embedded template's directory (made now if neither the runner nor an earlier call made it). */
export async function templateDir(): Promise<string> {
  if (process.env.TEST_TEMPLATE_DIR) return process.env.TEST_TEMPLATE_DIR;
  if (dirCache) return dirCache;
  const dir = path.join(os.tmpdir(), `facturas-template-${fingerprint()}`);
  await phase('template', () => once(() => fs.existsSync(dir), `${dir}.lock`, () => makeDir(dir)));
  return (dirCache = dir);
}

/** A new DATA_DIR holding a copy of the embedded template. */
export async function copyTemplate(prefix = 'facturas-test-'): Promise<string> {
  const from = await templateDir();
  const to = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  // Synchronously: fs.promises.cp takes ten times as long over the database's thousand small files.
  await phase('database copy', async () => fs.cpSync(from, to, { recursive: true, filter: (src) => path.basename(src) !== 'pglite.lock' }));
  return to;
}

const adminUrl = () => process.env.TEST_DATABASE_URL!;
async function withAdmin<T>(fn: (c: pg.Client) => Promise<T>): Promise<T> {
  const c = new pg.Client({ connectionString: adminUrl() });
  await c.connect();
  try { return await fn(c); } finally { await c.end(); }
}
const urlOf = (name: string) => { const u = new URL(adminUrl()); u.pathname = `/${name}`; return u.toString(); };

/** Makes the PostgreSQL template database `name` (dropped first if it was left half made). */
async function makeDb(name: string): Promise<void> {
  await withAdmin(async (c) => { await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`); await c.query(`CREATE DATABASE ${name}`); });
  const db = await openDb({ databaseUrl: urlOf(name), dataDir: '' });
  try { await migrate(db); await ensureDemo(db); } finally { await db.close(); }
  // Marked as made only once complete: a database is a template for the others once this comment is there.
  await withAdmin((c) => c.query(`COMMENT ON DATABASE ${name} IS 'facturas test template'`));
}

async function madeDb(name: string): Promise<boolean> {
  return withAdmin(async (c) => (await c.query(
    `SELECT 1 FROM pg_database d JOIN pg_shdescription s ON s.objoid = d.oid WHERE d.datname = $1 AND s.description = 'facturas test template'`, [name])).rowCount === 1);
}

let dbCache: string | undefined;
/** The PostgreSQL template's name (made now if neither the runner nor an earlier call made it). */
export async function templateDb(): Promise<string> {
  if (process.env.TEST_TEMPLATE_DB) return process.env.TEST_TEMPLATE_DB;
  if (dbCache) return dbCache;
  const name = `facturas_template_${fingerprint()}`;
  let made = await madeDb(name);
  const lock = path.join(os.tmpdir(), `${name}.lock`);
  await phase('template', () => once(() => made, lock, async () => { if (!(made = await madeDb(name))) { await makeDb(name); made = true; } }));
  return (dbCache = name);
}

/** A new PostgreSQL database created from the template, and how to drop it. */
export async function databaseFromTemplate(): Promise<{ url: string; drop: () => Promise<void> }> {
  const template = await templateDb();
  const name = `facturas_test_${crypto.randomBytes(5).toString('hex')}`;
  await phase('database copy', () => withAdmin(async (c) => {
    // Two copies of one template at the same instant: PostgreSQL refuses the second ("being accessed by other users").
    for (let attempt = 0; ; attempt++) {
      try { await c.query(`CREATE DATABASE ${name} TEMPLATE ${template}`); return; } catch (e) {
        if ((e as { code?: string }).code !== '55006' || attempt >= 50) throw e;
        await new Promise((ok) => setTimeout(ok, 50 + Math.random() * 100));
      }
    }
  }));
  return { url: urlOf(name), drop: () => withAdmin(async (c) => { await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`); }) };
}

/**
 * A database of its own for a test that calls the service's functions directly: a copy of the template on `storage`,
 * opened, with the Colombian demo company's id, and how to close and remove it.
 */
export async function openTemplateDb(storage: 'pglite' | 'postgres', prefix: string): Promise<{ db: Db; company: number; done: () => Promise<void> }> {
  let db: Db, done: () => Promise<void>;
  if (storage === 'postgres') {
    const fresh = await databaseFromTemplate();
    db = await openDb({ dataDir: '', databaseUrl: fresh.url });
    done = async () => { await db.close(); await fresh.drop(); };
  } else {
    const dir = await copyTemplate(prefix);
    db = await openDb({ dataDir: dir });
    done = async () => { await db.close(); fs.rmSync(dir, { recursive: true, force: true }); };
  }
  const [{ company_id: company }] = await db.query<{ company_id: number }>(`SELECT company_id FROM companies WHERE is_demo AND country = 'CO'`);
  return { db, company, done };
}

/**
 * For scripts/run-tests.js: makes fresh templates for one run (an embedded one under `work`, and a PostgreSQL one
 * when TEST_DATABASE_URL is set), answers the variables that name them to the test files, and a function that drops them.
 */
export async function prepareTemplates(work: string): Promise<{ env: Record<string, string>; drop: () => Promise<void> }> {
  const dir = path.join(work, 'template');
  const name = `facturas_template_run_${crypto.randomBytes(4).toString('hex')}`;
  const postgres = !!process.env.TEST_DATABASE_URL;
  await Promise.all([makeDir(dir), postgres ? makeDb(name) : undefined]);
  return {
    env: { TEST_TEMPLATE_DIR: dir, ...(postgres ? { TEST_TEMPLATE_DB: name } : {}) },
    drop: async () => {
      fs.rmSync(dir, { recursive: true, force: true });
      if (postgres) await withAdmin(async (c) => { await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`); });
    },
  };
}
