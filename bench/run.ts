/**
 * Throughput benchmark: POST /v1/invoices against a "floor" route that does
 * the least an invoice-creating request must do (auth, JSON parsing, one
 * transaction that locks and advances a consecutive and inserts the body).
 *
 * For each storage (embedded PGlite on a temp DATA_DIR; PostgreSQL when
 * reachable, in a fresh database dropped at the end) it starts the real app
 * plus the floor route on a free port, warms up, and sends N requests per
 * path at concurrency C over HTTP keep-alive, alternating floor / invoices /
 * floor / invoices so noise hits both. Every answer must be 201.
 *
 *   npm run bench
 *   BENCH_REQUESTS=600 BENCH_CONCURRENCY=16 BENCH_WARMUP=60
 *   BENCH_RATE_LIMIT (default 1000000): the per-company budget per minute, so that both paths pay for
 *   counting and for sharing the count through PostgreSQL as in production; 0 turns the limit off
 *   BENCH_DATABASE_URL or TEST_DATABASE_URL (default postgres://root@127.0.0.1:5432/test)
 *
 * It is a measurement, not a test: it exits 0 whatever the ratio, and 1 only
 * when the bench itself fails (a non-201 answer, a crash).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import http from 'node:http';
import crypto from 'node:crypto';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import type { FastifyInstance } from 'fastify';
import { MODULES } from '../src/server';
import { buildApp, type RouteModule } from '../src/platform/app';
import { loadConfig } from '../src/platform/config';
import { migrate, openDb, type Db } from '../src/platform/db';
import { ensureDemo, DEMO_CREDENTIALS } from '../src/companies/demo';

// ---------------------------------------------------------------------------
// Settings

function envInt(name: string, fallback: number, min = 1): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < min) throw new Error(`${name} must be an integer >= ${min}, got "${raw}"`);
  return n;
}

const REQUESTS = envInt('BENCH_REQUESTS', 600);
const CONCURRENCY = envInt('BENCH_CONCURRENCY', 16);
const RATE_LIMIT = envInt('BENCH_RATE_LIMIT', 1_000_000, 0);
const WARMUP = envInt('BENCH_WARMUP', Math.min(100, Math.max(CONCURRENCY * 2, Math.ceil(REQUESTS / 10))), 0);
const ROUNDS = 2; // per path, alternating: floor, invoices, floor, invoices
const TARGET = 0.6;
const PG_ADMIN_URL = process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL || 'postgres://root@127.0.0.1:5432/test';

type Storage = 'pglite' | 'postgres';
type PathName = 'floor' | 'invoices';

// ---------------------------------------------------------------------------
// The floor route: auth (the /v1 hook), JSON parsing, one transaction that
// locks the document type's row, advances its consecutive and inserts the body.

const floorModule: RouteModule = (app, { db, country }) => {
  if (country !== 'CO') return;
  app.post('/bench/floor', { schema: { hide: true } }, async (req, reply) => {
    const companyId = req.company.company_id;
    const body = req.body as { document?: { id?: unknown } } | undefined;
    const typeId = Number(body?.document?.id);
    const number = await db.tx(async (q) => {
      const [t] = await q.query<{ consecutive: number }>(
        'SELECT consecutive FROM document_types WHERE company_id = $1 AND id = $2 FOR UPDATE', [companyId, typeId]);
      if (!t) throw new Error(`bench floor: no document type ${typeId} in company ${companyId}`);
      await q.query('UPDATE document_types SET consecutive = $3 WHERE company_id = $1 AND id = $2', [companyId, typeId, t.consecutive + 1]);
      await q.query('INSERT INTO bench_floor (company_id, number, body) VALUES ($1, $2, $3)', [companyId, t.consecutive, JSON.stringify(body)]);
      return t.consecutive;
    });
    return reply.status(201).send({ number });
  });
};

// ---------------------------------------------------------------------------
// HTTP client: node:http with one keep-alive agent, shared by both paths.

interface Answer { status: number; text: string }

class Client {
  private agent: http.Agent;
  private host: string;
  private port: number;
  token = '';

  constructor(baseUrl: string, sockets: number) {
    const u = new URL(baseUrl);
    this.host = u.hostname;
    this.port = Number(u.port);
    this.agent = new http.Agent({ keepAlive: true, maxSockets: sockets, maxFreeSockets: sockets });
  }

  send(method: string, p: string, body?: string): Promise<Answer> {
    return new Promise((resolve, reject) => {
      const headers: Record<string, string | number> = {};
      if (this.token) headers.authorization = `Bearer ${this.token}`;
      if (body !== undefined) { headers['content-type'] = 'application/json'; headers['content-length'] = Buffer.byteLength(body); }
      const req = http.request({ agent: this.agent, host: this.host, port: this.port, method, path: p, headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') }));
        res.on('error', reject);
      });
      req.on('error', reject);
      req.end(body);
    });
  }

  async json(method: string, p: string, body?: unknown): Promise<{ status: number; body: any }> {
    const a = await this.send(method, p, body === undefined ? undefined : JSON.stringify(body));
    let parsed: any = a.text;
    try { parsed = a.text ? JSON.parse(a.text) : undefined; } catch { /* not JSON */ }
    return { status: a.status, body: parsed };
  }

  close() { this.agent.destroy(); }
}

class BenchFailure extends Error {}

function expect(status: number, got: { status: number; body: any }, what: string): any {
  if (got.status !== status) {
    throw new BenchFailure(`${what}: expected ${status}, got ${got.status}: ${typeof got.body === 'string' ? got.body : JSON.stringify(got.body)}`.slice(0, 2000));
  }
  return got.body;
}

/** Sends n POSTs of the same body at fixed concurrency; every answer must be 201. */
async function load(client: Client, p: string, body: string, n: number, concurrency: number): Promise<{ latencies: number[]; wallMs: number }> {
  const latencies: number[] = new Array(n);
  let next = 0;
  let failure: Error | null = null;
  const worker = async () => {
    while (!failure) {
      const i = next++;
      if (i >= n) return;
      const t0 = performance.now();
      let a: Answer;
      try {
        a = await client.send('POST', p, body);
      } catch (e) {
        failure ??= e as Error;
        return;
      }
      latencies[i] = performance.now() - t0;
      if (a.status !== 201) {
        failure ??= new BenchFailure(`POST ${p} answered ${a.status} (request ${i + 1} of ${n}): ${a.text.slice(0, 2000)}`);
        return;
      }
    }
  };
  const start = performance.now();
  await Promise.all(Array.from({ length: Math.min(concurrency, n) }, worker));
  const wallMs = performance.now() - start;
  if (failure) throw failure;
  return { latencies, wallMs };
}

// ---------------------------------------------------------------------------
// The invoice body: 5 lines, non-electronic FV, explicit taxes, cash payment.

const todayBogota = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Bogota' }).format(new Date());

async function invoiceBody(client: Client): Promise<Record<string, unknown>> {
  // The configuration lookups answer a plain array; customers and users are paginated.
  const list = async (p: string) => {
    const body = expect(200, await client.json('GET', /customers|users/.test(p) ? `${p}?page_size=100` : p), `GET ${p}`);
    return (Array.isArray(body) ? body : body.results) as any[];
  };
  const [types, taxes, pays, users, customers] = await Promise.all([
    list('/v1/document-types?type=FV'), list('/v1/taxes'), list('/v1/payment-types?document_type=FV'), list('/v1/users'), list('/v1/customers'),
  ]);
  const fv = types.find((t) => t.code === 'FV');
  const tax = (type: string, pct: number) => taxes.find((t) => t.type === type && Number(t.percentage) === pct && t.active);
  const iva19 = tax('IVA', 19);
  const iva5 = tax('IVA', 5);
  const cash = pays.find((p) => p.type === 'Cash' && p.active);
  const seller = users.find((u) => u.active);
  const customer = customers.find((c) => c.active && c.branch_office === 0);
  if (!fv || !iva19 || !iva5 || !cash || !seller || !customer) throw new BenchFailure('The demo company lacks the FV type, IVA 19 %/5 %, cash, a seller or a customer');
  if (fv.electronic_type && fv.electronic_type !== 'NoElectronic') throw new BenchFailure(`Document type FV is ${fv.electronic_type}, expected NoElectronic`);

  const items = [
    { code: 'PORT14', quantity: 2, price: 2850000, discount: 100000, taxes: [{ id: iva19.id }] },
    { code: 'MOUSE01', quantity: 3, price: 65000, taxes: [{ id: iva19.id }] },
    { code: 'CAFE500', quantity: 10, price: 18500, discount: 5000, taxes: [{ id: iva5.id }] },
    { code: 'INSTAL01', quantity: 1, price: 150000, taxes: [{ id: iva19.id }] },
    { code: 'ASESORIA', quantity: 4.5, price: 120000, taxes: [{ id: iva19.id }] },
  ];
  // A local estimate; the preview is the authority (it applies every rule, the payments' sum included).
  const estimate = items.reduce((s, it) => {
    const base = it.quantity * it.price - (it.discount ?? 0);
    const pct = it.taxes[0].id === iva19.id ? 19 : 5;
    return s + base + Math.round(base * pct) / 100;
  }, 0);
  const body = (payable: number) => ({
    document: { id: fv.id },
    date: todayBogota(),
    customer: { identification: customer.identification, branch_office: 0 },
    seller: seller.id,
    observations: 'Benchmark invoice',
    items,
    payments: [{ id: cash.id, value: payable }],
  });
  let preview = await client.json('POST', '/v1/invoices/preview', body(Math.round(estimate * 100) / 100));
  if (preview.status === 400) {
    const detail = (preview.body?.Errors ?? []).find((e: any) => e.Code === 'invalid_total_payments')?.Detail as string | undefined;
    const expected = detail?.match(/expected\s+(-?[\d.]+)/)?.[1];
    if (expected) preview = await client.json('POST', '/v1/invoices/preview', body(Number(expected)));
  }
  const doc = expect(200, preview, 'POST /v1/invoices/preview');
  if (typeof doc.amount_payable !== 'number') throw new BenchFailure(`The preview has no amount_payable: ${JSON.stringify(doc).slice(0, 500)}`);
  return body(doc.amount_payable);
}

// ---------------------------------------------------------------------------
// One storage

interface Figures {
  storage: Storage;
  path: PathName;
  requests: number;
  invoices_per_s: number;
  p50_ms: number;
  p99_ms: number;
}

interface StorageResult { storage: Storage; floor: Figures; invoices: Figures; ratio: number; verdict: 'PASS' | 'BELOW'; setup_ms: number; run_ms: number }

const round2 = (v: number) => Math.round(v * 100) / 100;

function percentile(sorted: number[], p: number): number {
  if (!sorted.length) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(p * sorted.length) - 1))];
}

async function benchStorage(storage: Storage, env: Record<string, string>): Promise<StorageResult> {
  const t0 = performance.now();
  const config = loadConfig({ PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'silent', RATE_LIMIT_PER_MINUTE: String(RATE_LIMIT), ...env });
  const db: Db = await openDb(config);
  let app: FastifyInstance | undefined;
  let client: Client | undefined;
  try {
    await migrate(db);
    await ensureDemo(db);
    await db.exec('CREATE TABLE IF NOT EXISTS bench_floor (company_id int, number bigint, body jsonb)');
    app = await buildApp({ config, db }, [...MODULES, floorModule]);
    await app.listen({ port: 0, host: config.host });
    const addr = app.server.address();
    if (!addr || typeof addr !== 'object') throw new Error('The server has no address');
    client = new Client(`http://${config.host}:${addr.port}`, CONCURRENCY);

    client.token = expect(200, await client.json('POST', '/auth', DEMO_CREDENTIALS.co), 'POST /auth').access_token;
    const invoice = JSON.stringify(await invoiceBody(client));
    const paths: Record<PathName, string> = { floor: '/v1/bench/floor', invoices: '/v1/invoices' };
    const setupMs = performance.now() - t0;

    // Warm-up: both paths, not measured.
    if (WARMUP > 0) {
      for (const name of ['floor', 'invoices'] as PathName[]) await load(client, paths[name], invoice, WARMUP, CONCURRENCY);
    }

    // Measured: floor, invoices, floor, invoices; N requests per path in total.
    const lat: Record<PathName, number[]> = { floor: [], invoices: [] };
    const wall: Record<PathName, number> = { floor: 0, invoices: 0 };
    const runStart = performance.now();
    for (let r = 0; r < ROUNDS; r++) {
      const n = Math.floor(REQUESTS / ROUNDS) + (r < REQUESTS % ROUNDS ? 1 : 0);
      for (const name of ['floor', 'invoices'] as PathName[]) {
        const res = await load(client, paths[name], invoice, n, CONCURRENCY);
        lat[name].push(...res.latencies);
        wall[name] += res.wallMs;
        process.stderr.write(`  [${storage}] round ${r + 1}/${ROUNDS} ${name.padEnd(8)} ${n} requests in ${(res.wallMs / 1000).toFixed(2)} s\n`);
      }
    }
    const runMs = performance.now() - runStart;

    // Sanity: every 201 left its row.
    const [{ floor_rows }] = await db.query<{ floor_rows: number }>('SELECT count(*)::int AS floor_rows FROM bench_floor');
    const [{ invoice_rows }] = await db.query<{ invoice_rows: number }>('SELECT count(*)::int AS invoice_rows FROM invoices');
    const expected = WARMUP + REQUESTS;
    if (floor_rows !== expected || invoice_rows !== expected) {
      throw new BenchFailure(`Row counts after the run: bench_floor ${floor_rows}, invoices ${invoice_rows}; expected ${expected} each`);
    }

    const figures = (name: PathName): Figures => {
      const sorted = [...lat[name]].sort((a, b) => a - b);
      return {
        storage, path: name, requests: sorted.length,
        invoices_per_s: round2(sorted.length / (wall[name] / 1000)),
        p50_ms: round2(percentile(sorted, 0.5)), p99_ms: round2(percentile(sorted, 0.99)),
      };
    };
    const floor = figures('floor');
    const invoices = figures('invoices');
    const ratio = Math.round((invoices.invoices_per_s / floor.invoices_per_s) * 1000) / 1000;
    return { storage, floor, invoices, ratio, verdict: ratio >= TARGET ? 'PASS' : 'BELOW', setup_ms: Math.round(setupMs), run_ms: Math.round(runMs) };
  } finally {
    client?.close();
    if (app) await app.close().catch(() => undefined);
    await db.close().catch(() => undefined);
  }
}

// ---------------------------------------------------------------------------
// Storages

async function withPglite<T>(fn: (env: Record<string, string>) => Promise<T>): Promise<T> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'facturas-bench-'));
  try {
    return await fn({ DATA_DIR: dir });
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** A fresh database on the PostgreSQL server, or null (with the reason) when it cannot be reached. */
async function freshPostgres(): Promise<{ url: string; drop: () => Promise<void> } | { skip: string }> {
  const admin = new pg.Client({ connectionString: PG_ADMIN_URL, connectionTimeoutMillis: 3000 });
  admin.on('error', () => undefined);
  try {
    await admin.connect();
  } catch (e) {
    await admin.end().catch(() => undefined);
    return { skip: `PostgreSQL at ${redact(PG_ADMIN_URL)} is unreachable (${(e as Error).message || (e as any).code}); skipping it` };
  }
  const name = `facturas_bench_${crypto.randomBytes(5).toString('hex')}`;
  try {
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end().catch(() => undefined);
  }
  const url = new URL(PG_ADMIN_URL);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const c = new pg.Client({ connectionString: PG_ADMIN_URL, connectionTimeoutMillis: 5000 });
      c.on('error', () => undefined);
      await c.connect();
      try { await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`); } finally { await c.end().catch(() => undefined); }
    },
  };
}

function redact(url: string): string {
  try { const u = new URL(url); if (u.password) u.password = '***'; return u.toString(); } catch { return '(invalid URL)'; }
}

// ---------------------------------------------------------------------------
// Report

function table(rows: string[][]): string {
  const widths = rows[0].map((_, i) => Math.max(...rows.map((r) => r[i].length)));
  const line = (r: string[]) => r.map((c, i) => (i < 2 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join('  ');
  return [line(rows[0]), widths.map((w) => '-'.repeat(w)).join('  '), ...rows.slice(1).map(line)].join('\n');
}

async function main(): Promise<number> {
  const machine = {
    cpus: os.cpus().length, cpu_model: os.cpus()[0]?.model ?? 'unknown', node: process.version,
    platform: `${os.platform()} ${os.release()} ${os.arch()}`, memory_gb: round2(os.totalmem() / 2 ** 30),
  };
  console.log(`Machine: ${machine.cpus} CPUs (${machine.cpu_model}), Node ${machine.node}, ${machine.platform}, ${machine.memory_gb} GB`);
  console.log(`Load: ${REQUESTS} requests per path at concurrency ${CONCURRENCY}, in ${ROUNDS} alternating rounds each (floor, invoices, floor, invoices), after ${WARMUP} warm-up requests per path; rate limit ${RATE_LIMIT || 'off'} per company per minute`);

  const results: StorageResult[] = [];
  const notes: string[] = [];
  const started = performance.now();

  console.log('\n[pglite] embedded PGlite on a temp DATA_DIR');
  results.push(await withPglite((env) => benchStorage('pglite', env)));

  console.log(`\n[postgres] ${redact(PG_ADMIN_URL)}`);
  const fresh = await freshPostgres();
  if ('skip' in fresh) {
    console.log(`  NOTE: ${fresh.skip}`);
    notes.push(fresh.skip);
  } else {
    try {
      results.push(await benchStorage('postgres', { DATABASE_URL: fresh.url }));
    } finally {
      await fresh.drop().catch((e) => console.error(`  could not drop the bench database: ${(e as Error).message}`));
    }
  }

  const rows: string[][] = [['storage', 'path', 'requests', 'invoices/s', 'p50 ms', 'p99 ms', 'ratio inv/floor']];
  for (const r of results) {
    for (const f of [r.floor, r.invoices]) {
      rows.push([r.storage, f.path, String(f.requests), f.invoices_per_s.toFixed(1), f.p50_ms.toFixed(2), f.p99_ms.toFixed(2),
        f.path === 'invoices' ? `${r.ratio.toFixed(3)} ${r.verdict} (target >= ${TARGET})` : '']);
    }
  }
  console.log('\n' + table(rows));
  for (const n of notes) console.log(`NOTE: ${n}`);
  const totalMs = Math.round(performance.now() - started);
  console.log(`Total time ${(totalMs / 1000).toFixed(1)} s`);
  console.log(JSON.stringify({
    bench: 'invoices-vs-floor', machine,
    settings: { requests: REQUESTS, concurrency: CONCURRENCY, warmup: WARMUP, rate_limit: RATE_LIMIT, rounds: ROUNDS, target_ratio: TARGET },
    results: results.map((r) => ({
      storage: r.storage, ratio: r.ratio, verdict: r.verdict, setup_ms: r.setup_ms, run_ms: r.run_ms,
      floor: { requests: r.floor.requests, per_s: r.floor.invoices_per_s, p50_ms: r.floor.p50_ms, p99_ms: r.floor.p99_ms },
      invoices: { requests: r.invoices.requests, per_s: r.invoices.invoices_per_s, p50_ms: r.invoices.p50_ms, p99_ms: r.invoices.p99_ms },
    })),
    skipped: notes, total_ms: totalMs,
  }));
  return 0;
}

main().then(
  (code) => { process.exitCode = code; },
  (e) => {
    console.error(`\nBENCH FAILED: ${e instanceof Error ? e.stack ?? e.message : String(e)}`);
    process.exitCode = 1;
  },
);
