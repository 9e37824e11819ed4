/**
 * Starts the real service on a free port over a fresh database, and calls it
 * over HTTP as a client would. Every storage-dependent suite runs on embedded
 * PGlite and, when TEST_DATABASE_URL is set, on that PostgreSQL server too
 * (each run in a database of its own, dropped afterwards).
 */
import { phase, sleep } from './profile'; // first: when profiling, it times the hashing of the modules loaded after it
import './catalogs'; // the catalogues every test server reads (fixtures where a catalogue is not installed)
import fs from 'node:fs';
import crypto from 'node:crypto';
import pg from 'pg';
import { describe } from 'node:test';
import { loadConfig, type Config } from '../../src/platform/config';
import { startServer, type Running } from '../../src/server';
import { DEMO_CREDENTIALS } from '../../src/companies/demo';
import { openDb, type Db } from '../../src/platform/db';
import { acquirePool } from '../../src/workers/pool';
import { copyTemplate, databaseFromTemplate } from './template';
import { checkAnswer } from './answers';

export type Storage = 'pglite' | 'postgres';

export const STORAGES: Storage[] = process.env.TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];

/** Runs a suite once per storage. */
export function eachStorage(name: string, fn: (storage: Storage) => void): void {
  for (const s of STORAGES) describe(`${name} [${s}]`, () => fn(s));
}

export interface Reply<T = any> { status: number; body: T; headers: Headers; /** The body as it came. */ text?: string }

/** The lookups that answer a plain JSON array (docs/api.md); every other list is paginated. */
export const ARRAY_LOOKUPS = ['/v1/document-types', '/v1/taxes', '/v1/payment-types', '/v1/warehouses', '/v1/cost-centers', '/v1/account-groups', '/v1/price-lists'];
/** A list's URL asking for its largest page (the lookups that answer a plain array take no page parameters). */
export function listUrl(path: string): string {
  const p = path.replace(/\?$/, '');
  return ARRAY_LOOKUPS.includes(p.split('?')[0]) ? p : `${p}${p.includes('?') ? '&' : '?'}page_size=100`;
}
/** The records of a list answer: a plain array, or the results of a page. */
export const records = (body: any): any[] => (Array.isArray(body) ? body : body?.results ?? []);

/** Calls the service over HTTP as a client would; tokens are cached per country (and may be shared between clients). */
export class ApiClient {
  constructor(readonly url: string, protected tokens = new Map<string, string>()) {}

  async call<T = any>(method: string, url: string, opts: { token?: string | null; body?: unknown; raw?: string; headers?: Record<string, string> } = {}): Promise<Reply<T>> {
    const headers: Record<string, string> = { ...opts.headers };
    if (opts.token) headers.authorization = `Bearer ${opts.token}`;
    let body: string | undefined = opts.raw;
    if (opts.body !== undefined) { body = JSON.stringify(opts.body); headers['content-type'] ??= 'application/json'; }
    const res = await fetch(this.url + url, { method, headers, body });
    const text = await res.text();
    let parsed: any = text;
    try { parsed = text ? JSON.parse(text) : undefined; } catch { /* not JSON */ }
    checkAnswer(method, url, res.status, parsed);
    return { status: res.status, body: parsed, headers: res.headers, text };
  }

  /** A token of the demo company of a country (cached). */
  async token(country: 'co' | 'mx'): Promise<string> {
    let t = this.tokens.get(country);
    if (!t) {
      const res = await this.call('POST', country === 'mx' ? '/mx/auth' : '/auth', { body: DEMO_CREDENTIALS[country] });
      if (res.status !== 200) throw new Error(`login failed: ${res.status} ${JSON.stringify(res.body)}`);
      t = res.body.access_token as string;
      this.tokens.set(country, t);
    }
    return t;
  }

  /** A client of another process of the same service, sharing this one's tokens. */
  at(url: string): ApiClient { return new ApiClient(url, this.tokens); }

  /** GET/POST/PUT/DELETE as the demo company of the country whose base address the path uses; `list` answers a list's records (its first 100). */
  as(country: 'co' | 'mx') {
    return this.with(async () => this.token(country), country === 'mx' ? '/mx' : '');
  }

  /** The same calls with another token, on a base address ('' or '/mx'). */
  with(token: () => Promise<string>, base: string) {
    const go = async (method: string, p: string, body?: unknown, headers?: Record<string, string>) =>
      this.call(method, base + p, { token: await token(), body, headers });
    return {
      get: (p: string, headers?: Record<string, string>) => go('GET', p, undefined, headers),
      post: (p: string, body: unknown, headers?: Record<string, string>) => go('POST', p, body, headers),
      put: (p: string, body: unknown, headers?: Record<string, string>) => go('PUT', p, body, headers),
      patch: (p: string, body: unknown, headers?: Record<string, string>) => go('PATCH', p, body, headers),
      delete: (p: string, headers?: Record<string, string>) => go('DELETE', p, undefined, headers),
      list: async (p: string): Promise<any[]> => {
        const res = await go('GET', listUrl(p));
        if (res.status !== 200) throw new Error(`GET ${p}: ${res.status} ${JSON.stringify(res.body)}`);
        return records(res.body);
      },
    };
  }
}

/** The service started in this process, with its database at hand. */
export class TestServer extends ApiClient {
  constructor(readonly running: Running, private cleanup: () => Promise<void>, readonly databaseUrl?: string, readonly dataDir?: string) {
    super(running.url);
  }

  /** The service's database, read freely by the tests (rows untyped: the service's own code types them where it reads them). */
  get db(): Db<any> { return this.running.db; }

  /**
   * Stops the service and drops its database. A ref'd timer holds the event loop meanwhile: twice a full run saw a suite
   * cancelled in its after() hook ("the event loop has already resolved") while close() still waited, on what looks like
   * an unref'd handle (the embedded database's or a pool's thread, a poller) that would have ended it.
   */
  async close() {
    const hold = setInterval(() => undefined, 1000);
    try {
      await this.running.close();
      await this.cleanup();
    } finally {
      clearInterval(hold);
    }
  }
}

export async function freshPostgres(): Promise<{ url: string; drop: () => Promise<void> }> {
  const admin = process.env.TEST_DATABASE_URL!;
  const name = `facturas_test_${crypto.randomBytes(5).toString('hex')}`;
  const client = new pg.Client({ connectionString: admin });
  await client.connect();
  await client.query(`CREATE DATABASE ${name}`);
  await client.end();
  const url = new URL(admin);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const c = new pg.Client({ connectionString: admin });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}

/**
 * The worker pool (its threads compile the official schemas when they start: seconds) is kept for the whole test
 * process, so that the services a file starts one after the other share it; its idle threads never hold the process.
 */
acquirePool();

/**
 * Starts the service on a new database with the demo companies (a copy of the migrated template, ./template.ts);
 * `seams` replaces settings that no variable sets (a test resolver).
 */
export async function startTestServer(storage: Storage = 'pglite', env: Record<string, string> = {}, seams: Partial<Config> = {}): Promise<TestServer> {
  return phase('service start', async () => {
    let dataDir = '';
    let drop = async () => undefined as void;
    const base: Record<string, string> = { PORT: '0', LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent', RATE_LIMIT_PER_MINUTE: '0', LOGIN_MAX_FAILURES_PER_ADDRESS: '0', WEBHOOK_ALLOW_PRIVATE: '1', CHECK_RESPONSES: '1', ...env };
    if (storage === 'postgres') {
      const pgdb = await databaseFromTemplate();
      base.DATABASE_URL = pgdb.url;
      drop = pgdb.drop;
    } else {
      dataDir = await copyTemplate();
      base.DATA_DIR = dataDir;
    }
    const config: Config = { ...loadConfig(base), ...seams };
    const db = await openDb(config);
    const running = await startServer(config, db);
    return new TestServer(running, async () => {
      await drop();
      if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
    }, base.DATABASE_URL, dataDir || undefined);
  });
}

/** Rate budgets are per minute window: waits, if needed, so that the next `marginMs` stay in one window. */
export async function freshMinute(marginMs = 10_000): Promise<void> {
  const left = 60_000 - (Date.now() % 60_000);
  if (left < marginMs) await sleep(left + 100);
}

/** The codes and paths of an error answer, for compact assertions: ["invalid_value@items[0].price", …]. */
export function problems(reply: Reply): string[] {
  return (reply.body?.Errors ?? []).map((e: any) => `${e.Code}@${e.Params.join(',')}`);
}
