/**
 * What the scale benchmark (npm run bench:scale) uses: an HTTP client with one
 * keep-alive agent, the standard invoice body (checked by the preview),
 * percentiles, fresh storages, and the printed table. bench/run.ts (npm run
 * bench) takes the storages, percentiles and checks from here; it keeps its
 * own client (two countries, extra headers) and table layout.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import http from 'node:http';
import crypto from 'node:crypto';
import { performance } from 'node:perf_hooks';
import pg from 'pg';

export const PG_ADMIN_URL = process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL || 'postgres://root@127.0.0.1:5432/test';

// ---------------------------------------------------------------------------
// HTTP client: node:http with one keep-alive agent, shared by both paths.

export interface Answer { status: number; text: string }

export class Client {
  private agent: http.Agent;
  private host: string;
  private port: number;
  token = '';
  /** Headers sent with every request (the Mexican API asks for ServiceAPI-Application-Id). */
  headers: Record<string, string> = {};

  constructor(baseUrl: string, sockets: number) {
    const u = new URL(baseUrl);
    this.host = u.hostname;
    this.port = Number(u.port);
    this.agent = new http.Agent({ keepAlive: true, maxSockets: sockets, maxFreeSockets: sockets });
  }

  send(method: string, p: string, body?: string): Promise<Answer> {
    return new Promise((resolve, reject) => {
      const headers: Record<string, string | number> = { ...this.headers };
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

export class BenchFailure extends Error {}

export function expect(status: number, got: { status: number; body: any }, what: string): any {
  if (got.status !== status) {
    throw new BenchFailure(`${what}: expected ${status}, got ${got.status}: ${typeof got.body === 'string' ? got.body : JSON.stringify(got.body)}`.slice(0, 2000));
  }
  return got.body;
}

/** Sends n POSTs of the same body at fixed concurrency; every answer must be 201. */
export async function load(client: Client, p: string, body: string, n: number, concurrency: number): Promise<{ latencies: number[]; wallMs: number }> {
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

// The invoice body: 5 lines, non-electronic FV, explicit taxes, cash payment.

export const todayBogota = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Bogota' }).format(new Date());

export async function invoiceBody(client: Client): Promise<Record<string, unknown>> {
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
// Figures

export const round2 = (v: number) => Math.round(v * 100) / 100;

export function percentile(sorted: number[], p: number): number {
  if (!sorted.length) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(p * sorted.length) - 1))];
}

// ---------------------------------------------------------------------------
// Storages
// Storages

export async function withPglite<T>(fn: (env: Record<string, string>) => Promise<T>): Promise<T> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'facturas-bench-'));
  try {
    return await fn({ DATA_DIR: dir });
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** A fresh database on the PostgreSQL server, or null (with the reason) when it cannot be reached. */
export async function freshPostgres(): Promise<{ url: string; drop: () => Promise<void> } | { skip: string }> {
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

export function redact(url: string): string {
  try { const u = new URL(url); if (u.password) u.password = '***'; return u.toString(); } catch { return '(invalid URL)'; }
}

// ---------------------------------------------------------------------------
// Report
// Report

export function table(rows: string[][]): string {
  const widths = rows[0].map((_, i) => Math.max(...rows.map((r) => r[i].length)));
  const line = (r: string[]) => r.map((c, i) => (i < 2 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join('  ');
  return [line(rows[0]), widths.map((w) => '-'.repeat(w)).join('  '), ...rows.slice(1).map(line)].join('\n');
}
