/**
 * `npm run bench`: what creating documents costs, against a bare floor, in
 * one run on each storage (embedded PGlite on a temp DATA_DIR; PostgreSQL
 * when reachable, in a fresh database dropped at the end).
 *
 * The service runs as its own process (bench/server.ts: the real service
 * with its worker threads, plus the floor route, which does not authenticate
 * and only locks a document type's row, takes the consecutive and inserts the
 * JSON body in one transaction). Over HTTP keep-alive, at BENCH_CONCURRENCY
 * connections (default 8), each for BENCH_SECONDS (default 8), in two rounds
 * so that noise hits every path:
 *   floor       POST /bench/floor
 *   plain       POST /v1/invoices, a 5-line cash invoice (FV, not electronic)
 *   electronic  the same on the electronic type (FV-E) with stamp.send: built, signed, checked by the
 *               sandbox DIAN; every answer must be 201 and says stamp.status (Accepted counted)
 *   mx          POST /mx/v1/invoices with stamp.send: CFDI sealed and stamped by the sandbox PAC
 *   pos         POST /v1/invoices on the POS ticket type (POS), the plain invoice's lines to the consumidor final
 *               with its point of sale, not sent (the counter's rate; the DIAN's path is the electronic one's)
 *   ticket      POST /mx/v1/tickets, the Mexican ticket of the same lines as mx (no CFDI until it is invoiced)
 *   webhook     the plain invoice again, each round without and then with a webhook subscribed to every
 *               event (a local receiver takes the deliveries), and the ratio of the two; the CPU time per
 *               invoice of the service and, on PostgreSQL, of the database server's processes, on each side
 * then the latency of GET /v1/taxes from one more connection while the
 * electronic invoices are created (and, for reference, on an idle service).
 * Then group commit (issue 37): in each round the service is started once with
 * GROUP_COMMIT=off and once on, with GROUP_COMMIT_MS=BENCH_GROUP_COMMIT_MS (default 0: no window),
 * and each time the floor and the plain invoice are measured, plus a lone
 * plain invoice from one connection (the latency a window adds); the plain
 * rates are given as ratios of the floor measured beside them.
 * It prints rates, p50/p99, the ratios the issue sets targets for, the
 * service's RSS at start and end, and the machine's load average.
 *
 *   BENCH_SECONDS=8 BENCH_CONCURRENCY=8 BENCH_WARMUP_SECONDS=2
 *   BENCH_RATE_LIMIT (default 1000000): the per-company budget per minute, so that the invoice paths count
 *   requests and share the count through the database as in production; 0 turns the limit off
 *   BENCH_SOAK_SECONDS (default 0): afterwards, a mix of all creations and lookups for that long, with the
 *   RSS sampled, to see whether memory stays flat
 *   BENCH_SERVICE_NODE_ARGS: node options for the service process, e.g. '--cpu-prof --cpu-prof-dir=/tmp/prof'
 *   (a profile per thread: the worker threads' show where the CPU work of documents goes)
 *   BENCH_PARTS=main,group: the paths above (main) and the group-commit comparison (group); `webhook`: the webhook figure alone
 *   (warm-up and its rounds, with the delivery lag and every event waited for); BENCH_GROUP_COMMIT_MS (default 0);
 *   BENCH_GROUP_CONCURRENCY: the connections of the group part's floor and plain runs (default 32: issue 37 measured
 *   its floor at 32 connections; the lone request is always one connection)
 *   BENCH_WEBHOOK_MAX_EVENTS (default 1): the webhook's max_events (above 1 the receiver takes up to that many events in one POST);
 *   BENCH_WEBHOOK_ROUNDS (default 4): the webhook part's rounds (each without and with, the side run first alternating)
 *   BENCH_STORAGES=pglite,postgres; BENCH_DATABASE_URL or TEST_DATABASE_URL (default postgres://root@127.0.0.1:5432/test)
 *
 * It is a measurement, not a test: it exits 0 whatever the figures, and 1
 * only when the bench itself fails (an unexpected answer, a crash).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import http from 'node:http';
import readline from 'node:readline';
import { spawn, type ChildProcess } from 'node:child_process';
import { performance } from 'node:perf_hooks';
import { DEMO_CREDENTIALS } from '../src/companies/demo';
import { BenchFailure, PG_ADMIN_URL, expect, freshPostgres, percentile, redact, round2, withPglite } from './common';

function envInt(name: string, fallback: number, min = 1): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < min) throw new Error(`${name} must be an integer >= ${min}, got "${raw}"`);
  return n;
}

const SECONDS = envInt('BENCH_SECONDS', 8);
const CONCURRENCY = envInt('BENCH_CONCURRENCY', 8);
const WARMUP_SECONDS = envInt('BENCH_WARMUP_SECONDS', 2, 0);
const RATE_LIMIT = envInt('BENCH_RATE_LIMIT', 1_000_000, 0);
const SOAK_SECONDS = envInt('BENCH_SOAK_SECONDS', 0, 0);
const STORAGES = (process.env.BENCH_STORAGES || 'pglite,postgres').split(',').map((s) => s.trim()) as Storage[];
const PARTS = (process.env.BENCH_PARTS || 'main,group').split(',').map((s) => s.trim());
const GROUP_COMMIT_MS = String(envInt('BENCH_GROUP_COMMIT_MS', 0, 0));
const GROUP_CONCURRENCY = envInt('BENCH_GROUP_CONCURRENCY', 32);
const WEBHOOK_MAX_EVENTS = envInt('BENCH_WEBHOOK_MAX_EVENTS', 1);
const ROUNDS = 2;
/**
 * The webhook part's rounds: its ratio moved by ±0.1 from run to run with 2 (a round's 8 s without and 8 s with, the
 * machine's state changing between them); 4 rounds, alternating which side runs first, halve that variance.
 */
const WEBHOOK_ROUNDS = envInt('BENCH_WEBHOOK_ROUNDS', 4);
/** Issue 37's targets: plain ÷ floor, electronic ÷ floor and its p99 at 8 connections, a lookup's p99 while electronic invoices are created. */
const TARGETS = { plainOfFloor: 1.0, electronicOfFloor: 0.1, electronicP99Ms: 300, lookupP99Ms: 50 };
/** Issue 53: under group commit at 32 connections, PGlite past its floor, PostgreSQL at 1.4 of it. */
const GROUP_TARGETS: Record<Storage, number> = { pglite: 1.0, postgres: 1.4 };

type Storage = 'pglite' | 'postgres';
type PathName = 'floor' | 'plain' | 'electronic' | 'mx' | 'pos' | 'ticket';
/**
 * The order each round runs them in: the counter's paths (plain, pos, ticket) side by side right after the floor, then the
 * paths that sign and stamp. The POS ticket costs what the plain invoice does (one statement, or its place in a batch's,
 * and the same planning: docs/internals.md, Performance); measured right after the stamping paths, as it was until
 * 2026-12-04, it read 0.66–0.90 of plain, with the plain invoice measured after the floor.
 */
const PATHS: PathName[] = ['floor', 'plain', 'pos', 'ticket', 'electronic', 'mx'];


// ---------------------------------------------------------------------------
// HTTP client: node:http with a keep-alive agent.

interface Answer { status: number; text: string }

class Client {
  private agent: http.Agent;
  private host: string;
  private port: number;
  tokens: Record<'co' | 'mx', string> = { co: '', mx: '' };

  constructor(baseUrl: string, sockets: number) {
    const u = new URL(baseUrl);
    this.host = u.hostname;
    this.port = Number(u.port);
    this.agent = new http.Agent({ keepAlive: true, maxSockets: sockets, maxFreeSockets: sockets });
  }

  send(method: string, p: string, body?: string, headers: Record<string, string> = {}): Promise<Answer> {
    return new Promise((resolve, reject) => {
      const h: Record<string, string | number> = { ...headers };
      if (body !== undefined) { h['content-type'] = 'application/json'; h['content-length'] = Buffer.byteLength(body); }
      const req = http.request({ agent: this.agent, host: this.host, port: this.port, method, path: p, headers: h }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') }));
        res.on('error', reject);
      });
      req.on('error', reject);
      req.end(body);
    });
  }

  /** A JSON call as the demo company of a country. */
  async json(country: 'co' | 'mx', method: string, p: string, body?: unknown, headers: Record<string, string> = {}): Promise<{ status: number; body: any }> {
    const auth: Record<string, string> = this.tokens[country] ? { authorization: `Bearer ${this.tokens[country]}` } : {};
    const a = await this.send(method, (country === 'mx' ? '/mx' : '') + p, body === undefined ? undefined : JSON.stringify(body), { ...auth, ...headers });
    let parsed: any = a.text;
    try { parsed = a.text ? JSON.parse(a.text) : undefined; } catch { /* not JSON */ }
    return { status: a.status, body: parsed };
  }

  close() { this.agent.destroy(); }
}


/** A list answer's records, whether it is {pagination, results} or a plain array. */
const records = (body: any): any[] => (Array.isArray(body) ? body : body?.results ?? []);

// ---------------------------------------------------------------------------
// Requests

interface Request { method: string; path: string; body?: string; headers: Record<string, string>; status: number; accepted?: boolean }

interface Run { latencies: number[]; wallMs: number; accepted: number; notAccepted: string[] }

/** Sends `req` from `concurrency` connections until `ms` have passed (or `stop` resolves); every answer must have the expected status. */
async function loadFor(client: Client, req: Request, concurrency: number, ms: number, stop?: Promise<unknown>): Promise<Run> {
  const latencies: number[] = [];
  const run: Run = { latencies, wallMs: 0, accepted: 0, notAccepted: [] };
  let failure: Error | null = null;
  let stopped = false;
  void stop?.then(() => { stopped = true; });
  const start = performance.now();
  const end = start + ms;
  const worker = async () => {
    while (!failure && !stopped && performance.now() < end) {
      const t0 = performance.now();
      let a: Answer;
      try {
        a = await client.send(req.method, req.path, req.body, req.headers);
      } catch (e) {
        failure ??= e as Error;
        return;
      }
      latencies.push(performance.now() - t0);
      if (a.status !== req.status) {
        failure ??= new BenchFailure(`${req.method} ${req.path} answered ${a.status}: ${a.text.slice(0, 2000)}`);
        return;
      }
      if (req.accepted) {
        const status = /"stamp":\{[^}]*"status":"(\w+)"/.exec(a.text)?.[1] ?? JSON.parse(a.text).stamp?.status;
        if (status === 'Accepted') run.accepted++;
        else run.notAccepted.push(`${status}: ${a.text.slice(0, 300)}`);
      }
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  run.wallMs = performance.now() - start;
  if (failure) throw failure;
  return run;
}

const todayIn = (timeZone: string) => new Intl.DateTimeFormat('en-CA', { timeZone }).format(new Date());

/** The three creation bodies of the demo companies: a 5-line Colombian cash invoice (FV and FV-E) and a Mexican one. */
async function bodies(client: Client): Promise<Record<Exclude<PathName, 'floor'>, Request>> {
  // The configuration lookups answer a plain array; customers and users are paginated.
  const url = (p: string) => (/customers|users/.test(p) ? `${p}${p.includes('?') ? '&' : '?'}page_size=100` : p);
  const co = async (p: string) => records(expect(200, await client.json('co', 'GET', url(p)), `GET ${p}`));
  const mx = async (p: string) => records(expect(200, await client.json('mx', 'GET', url(p)), `GET /mx${p}`));
  const [types, taxes, pays, users, customers] = await Promise.all([
    co('/v1/document-types?type=FV'), co('/v1/taxes'), co('/v1/payment-types?document_type=FV'), co('/v1/users'), co('/v1/customers'),
  ]);
  const fv = types.find((t) => t.code === 'FV');
  const fve = types.find((t) => t.code === 'FV-E');
  const pos = types.find((t) => t.code === 'POS');
  const tax = (type: string, pct: number) => taxes.find((t) => t.type === type && Number(t.percentage) === pct && t.active);
  const iva19 = tax('IVA', 19);
  const iva5 = tax('IVA', 5);
  const cash = pays.find((p) => p.type === 'Cash' && p.active);
  const seller = users.find((u) => u.active);
  const customer = customers.find((c) => c.active && c.branch_office === 0);
  if (!fv || !fve || !pos || !iva19 || !iva5 || !cash || !seller || !customer) throw new BenchFailure('The demo company lacks FV, FV-E, POS, IVA 19 %/5 %, cash, a seller or a customer');
  const items = [
    { code: 'PORT14', quantity: 2, price: 2850000, discount: 100000, taxes: [{ id: iva19.id }] },
    { code: 'MOUSE01', quantity: 3, price: 65000, taxes: [{ id: iva19.id }] },
    { code: 'CAFE500', quantity: 10, price: 18500, discount: 5000, taxes: [{ id: iva5.id }] },
    { code: 'INSTAL01', quantity: 1, price: 150000, taxes: [{ id: iva19.id }] },
    { code: 'ASESORIA', quantity: 4.5, price: 120000, taxes: [{ id: iva19.id }] },
  ];
  const coBody = (type: number, payable: number, extra = {}) => ({
    document: { id: type }, date: todayIn('America/Bogota'), customer: { identification: customer.identification, branch_office: 0 },
    seller: seller.id, observations: 'Benchmark invoice', items, payments: [{ id: cash.id, value: payable }], ...extra,
  });
  // The preview is the authority on the amount payable (it applies every rule).
  let preview = await client.json('co', 'POST', '/v1/invoices/preview', coBody(fv.id, 0));
  const expected = (preview.body?.Errors ?? []).find((e: any) => e.Code === 'invalid_total_payments')?.Detail?.match(/expected\s+(-?[\d.]+)/)?.[1];
  if (expected) preview = await client.json('co', 'POST', '/v1/invoices/preview', coBody(fv.id, Number(expected)));
  const payable = expect(200, preview, 'POST /v1/invoices/preview').amount_payable as number;
  expect(200, await client.json('co', 'POST', '/v1/invoices/preview', coBody(fve.id, payable, { stamp: { send: true } })), 'POST /v1/invoices/preview (FV-E)');

  const [mxTypes, mxUsers, mxPays] = await Promise.all([mx('/v1/document-types?type=FV'), mx('/v1/users'), mx('/v1/payment-types?document_type=FV')]);
  const fva = mxTypes.find((t) => t.code === 'FV-A');
  const mxCash = mxPays.find((p) => p.name === 'Contado');
  if (!fva || !mxCash || !mxUsers.find((u) => u.active)) throw new BenchFailure('The Mexican demo company lacks FV-A, Contado or a seller');
  const mxBody = {
    document: { id: fva.id }, customer: { rfc_id: 'XIA190128J61', branch_office: 0 }, seller: mxUsers.find((u) => u.active).id, use: 'G03',
    items: [{ code: 'LAP14', quantity: 2, price: 1500, discount: 300 }],
    payment: { method: 'PUE', conditions: { id: mxCash.id, value: 3132, due_date: todayIn('America/Mexico_City') } },
    stamp: { send: true },
  };
  const mxHeaders = { 'serviceapi-application-id': 'BenchPOS' };
  expect(200, await client.json('mx', 'POST', '/v1/invoices/preview', mxBody, mxHeaders), 'POST /mx/v1/invoices/preview');

  const post = (country: 'co' | 'mx', body: unknown, accepted: boolean, headers: Record<string, string> = {}): Request => ({
    method: 'POST', path: `${country === 'mx' ? '/mx' : ''}/v1/invoices`, body: JSON.stringify(body), status: 201, accepted,
    headers: { authorization: `Bearer ${client.tokens[country]}`, ...headers },
  });
  // The POS ticket: the plain invoice's lines, to the consumidor final (no customer sent), at a cash register.
  const { customer: _none, ...posBody } = coBody(pos.id, payable, {
    pos: { cash_register: { plate: 'CAJA-01', type: 'Caja principal' }, location: 'Local 1', cashier: 'Bench', sale_code: 'B-1' },
  });
  expect(200, await client.json('co', 'POST', '/v1/invoices/preview', posBody), 'POST /v1/invoices/preview (POS)');
  const ticketBody = { items: mxBody.items, payment_form: '01' };
  return {
    plain: post('co', coBody(fv.id, payable), false),
    electronic: post('co', coBody(fve.id, payable, { stamp: { send: true } }), true),
    mx: post('mx', mxBody, true, mxHeaders),
    pos: post('co', posBody, false),
    ticket: { method: 'POST', path: '/mx/v1/tickets', body: JSON.stringify(ticketBody), status: 201, headers: { authorization: `Bearer ${client.tokens.mx}` } },
  };
}

// ---------------------------------------------------------------------------
// The service process

interface Service { url: string; pid: number; child: ChildProcess; stop: () => Promise<void> }

async function startService(env: Record<string, string>): Promise<Service> {
  const nodeArgs = (process.env.BENCH_SERVICE_NODE_ARGS ?? '').split(/\s+/).filter(Boolean);
  const child = spawn(process.execPath, [...nodeArgs, path.join(__dirname, 'server.js')], {
    // WEBHOOK_ALLOW_PRIVATE: the webhook figure's receiver listens on 127.0.0.1.
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'silent', RATE_LIMIT_PER_MINUTE: String(RATE_LIMIT), WEBHOOK_ALLOW_PRIVATE: '1', ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const first = await new Promise<string>((resolve, reject) => {
    const lines = readline.createInterface({ input: child.stdout! });
    lines.once('line', resolve);
    child.once('exit', (code) => reject(new BenchFailure(`the bench service exited (${code}) before it was ready`)));
  });
  const { url, pid } = JSON.parse(first) as { url: string; pid: number };
  return {
    url, pid, child,
    stop: () => new Promise<void>((ok) => { if (child.exitCode !== null) ok(); else { child.once('exit', () => ok()); child.kill('SIGTERM'); } }),
  };
}

/** CPU time a process has used so far in ms, user and system, all its threads (Linux /proc; clock ticks of 10 ms). */
function cpuMs(pid: number): number {
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').replace(/^.*\) /s, '').split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
  } catch { return NaN; }
}

/** The CPU time (ms) of each process of the PostgreSQL server alive now (backends, WAL writer, checkpointer, autovacuum). */
function serverCpu(): Map<number, number> {
  const ms = new Map<number, number>();
  for (const pid of fs.readdirSync('/proc').filter((f) => /^\d+$/.test(f))) {
    try {
      if (fs.readFileSync(`/proc/${pid}/comm`, 'utf8').trim() === 'postgres') ms.set(Number(pid), cpuMs(Number(pid)));
    } catch { /* gone meanwhile */ }
  }
  return ms;
}
/** The server's CPU time since `before` (serverCpu()): a process started since counts whole, one that ended is missed. */
const serverCpuSince = (before: Map<number, number>): number =>
  [...serverCpu()].reduce((sum, [pid, ms]) => sum + ms - (before.get(pid) ?? 0), 0);

/** Resident memory of a process in MB (Linux /proc; the service's worker threads included). */
function rssMb(pid: number): number {
  try {
    const kb = /VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
    return kb ? Math.round(Number(kb) / 1024) : NaN;
  } catch { return NaN; }
}

// ---------------------------------------------------------------------------
// One storage

interface Figures { requests: number; per_s: number; p50_ms: number; p99_ms: number; accepted?: number; not_accepted?: number }

interface StorageResult {
  storage: Storage;
  paths: Record<PathName, Figures>;
  lookupIdle: Figures;
  lookupUnderLoad: Figures & { electronic_per_s: number };
  /** The plain invoice again, each round once without and once with a webhook subscribed to every event. */
  webhook: WebhookFigures;
  ratios: { plain_of_floor: number; electronic_of_floor: number; electronic_of_plain: number; mx_of_plain: number; pos_of_plain: number; ticket_of_plain: number;
    plain_with_webhook_of_without: number };
  rss_mb: { start: number; end: number };
  soak?: { seconds: number; rss_mb: number[]; requests: number };
  notes: string[];
}

function figures(runs: Run[]): Figures {
  const sorted = runs.flatMap((r) => r.latencies).sort((a, b) => a - b);
  const wall = runs.reduce((s, r) => s + r.wallMs, 0);
  return { requests: sorted.length, per_s: round2(sorted.length / (wall / 1000)), p50_ms: round2(percentile(sorted, 0.5)), p99_ms: round2(percentile(sorted, 0.99)) };
}

async function benchStorage(storage: Storage, env: Record<string, string>): Promise<StorageResult> {
  const svc = await startService(env);
  const client = new Client(svc.url, CONCURRENCY + 1);
  const notes: string[] = [];
  try {
    client.tokens.co = expect(200, await client.json('co', 'POST', '/auth', DEMO_CREDENTIALS.co), 'POST /auth').access_token;
    client.tokens.mx = expect(200, await client.json('mx', 'POST', '/auth', DEMO_CREDENTIALS.mx), 'POST /mx/auth').access_token;
    const reqs: Record<PathName, Request> = {
      floor: { method: 'POST', path: '/bench/floor', body: '', headers: {}, status: 201 },
      ...(await bodies(client)),
    };
    reqs.floor.body = reqs.plain.body;
    const taxes: Request = { method: 'GET', path: '/v1/taxes', headers: { authorization: `Bearer ${client.tokens.co}` }, status: 200 };

    for (const name of PATHS) if (WARMUP_SECONDS) await loadFor(client, reqs[name], CONCURRENCY, WARMUP_SECONDS * 1000);
    const rssStart = rssMb(svc.pid);

    const runs: Record<PathName, Run[]> = { floor: [], plain: [], electronic: [], mx: [], pos: [], ticket: [] };
    for (let r = 1; r <= ROUNDS; r++) {
      for (const name of PATHS) {
        const run = await loadFor(client, reqs[name], CONCURRENCY, SECONDS * 1000);
        runs[name].push(run);
        process.stderr.write(`  [${storage}] round ${r}/${ROUNDS} ${name.padEnd(10)} ${String(run.latencies.length).padStart(6)} requests in ${(run.wallMs / 1000).toFixed(1)} s\n`);
      }
    }
    const paths = Object.fromEntries(PATHS.map((name) => {
      const f = figures(runs[name]);
      if (reqs[name].accepted) {
        f.accepted = runs[name].reduce((s, r) => s + r.accepted, 0);
        f.not_accepted = runs[name].reduce((s, r) => s + r.notAccepted.length, 0);
        if (f.not_accepted) notes.push(`${storage} ${name}: ${f.not_accepted} answers were not Accepted, e.g. ${runs[name].flatMap((r) => r.notAccepted)[0]}`);
      }
      return [name, f];
    })) as Record<PathName, Figures>;

    // A lookup's latency: alone, then from one more connection while CONCURRENCY connections create electronic invoices.
    const lookupIdle = figures([await loadFor(client, taxes, 1, Math.min(3000, SECONDS * 500))]);
    const creating = loadFor(client, reqs.electronic, CONCURRENCY, SECONDS * 1000 + 1000);
    const lookups = await new Promise<Run>((ok, fail) => setTimeout(() => loadFor(client, taxes, 1, SECONDS * 1000).then(ok, fail), 500));
    const during = await creating;
    const lookupUnderLoad = { ...figures([lookups]), electronic_per_s: figures([during]).per_s };
    process.stderr.write(`  [${storage}] lookups ${lookups.latencies.length} while ${during.latencies.length} electronic invoices were created\n`);

    const webhook = await webhookRuns(storage, client, reqs.plain, svc.pid);

    let soak: StorageResult['soak'];
    if (SOAK_SECONDS > 0) soak = await soakRun(storage, client, reqs, taxes, svc.pid);

    const ratio = (a: number, b: number) => Math.round((a / b) * 1000) / 1000;
    return {
      storage, paths, lookupIdle, lookupUnderLoad, webhook,
      ratios: { plain_of_floor: ratio(paths.plain.per_s, paths.floor.per_s), electronic_of_floor: ratio(paths.electronic.per_s, paths.floor.per_s),
        electronic_of_plain: ratio(paths.electronic.per_s, paths.plain.per_s), mx_of_plain: ratio(paths.mx.per_s, paths.plain.per_s),
        pos_of_plain: ratio(paths.pos.per_s, paths.plain.per_s), ticket_of_plain: ratio(paths.ticket.per_s, paths.plain.per_s),
        plain_with_webhook_of_without: ratio(webhook.with.per_s, webhook.without.per_s) },
      rss_mb: { start: rssStart, end: rssMb(svc.pid) }, soak, notes,
    };
  } finally {
    client.close();
    await svc.stop();
  }
}

/** Group commit off and on: per round a service with each setting, the floor and the plain invoice beside each other, then a lone plain invoice. */
interface GroupCommitSide { floor: Figures; plain: Figures; lone: Figures }
interface GroupCommitResult { storage: Storage; window_ms: number; concurrency: number; off: GroupCommitSide; on: GroupCommitSide;
  ratios: { off_of_floor: number; on_of_floor: number; on_of_off: number }; lone_p50_added_ms: number }

async function groupCommitRuns(storage: Storage, env: Record<string, string>): Promise<GroupCommitResult> {
  const runs = { off: { floor: [] as Run[], plain: [] as Run[], lone: [] as Run[] }, on: { floor: [] as Run[], plain: [] as Run[], lone: [] as Run[] } };
  for (let r = 1; r <= ROUNDS; r++) {
    for (const side of ['off', 'on'] as const) {
      const svc = await startService({ ...env, ...(side === 'off' ? { GROUP_COMMIT: 'off' } : { GROUP_COMMIT: 'on', GROUP_COMMIT_MS }) });
      const client = new Client(svc.url, GROUP_CONCURRENCY + 1);
      try {
        client.tokens.co = expect(200, await client.json('co', 'POST', '/auth', DEMO_CREDENTIALS.co), 'POST /auth').access_token;
        client.tokens.mx = expect(200, await client.json('mx', 'POST', '/auth', DEMO_CREDENTIALS.mx), 'POST /mx/auth').access_token;
        const plain = (await bodies(client)).plain;
        const floor: Request = { method: 'POST', path: '/bench/floor', body: plain.body, headers: {}, status: 201 };
        for (const req of [floor, plain]) if (WARMUP_SECONDS) await loadFor(client, req, GROUP_CONCURRENCY, WARMUP_SECONDS * 1000);
        runs[side].floor.push(await loadFor(client, floor, GROUP_CONCURRENCY, SECONDS * 1000));
        runs[side].plain.push(await loadFor(client, plain, GROUP_CONCURRENCY, SECONDS * 1000));
        runs[side].lone.push(await loadFor(client, plain, 1, Math.min(3000, SECONDS * 500)));
        process.stderr.write(`  [${storage}] round ${r}/${ROUNDS} group commit ${side}: floor ${runs[side].floor[r - 1].latencies.length}, plain ${runs[side].plain[r - 1].latencies.length}, lone ${runs[side].lone[r - 1].latencies.length} requests\n`);
      } finally {
        client.close();
        await svc.stop();
      }
    }
  }
  const side = (x: typeof runs.off): GroupCommitSide => ({ floor: figures(x.floor), plain: figures(x.plain), lone: figures(x.lone) });
  const off = side(runs.off), on = side(runs.on);
  const ratio = (a: number, b: number) => Math.round((a / b) * 1000) / 1000;
  return { storage, window_ms: Number(GROUP_COMMIT_MS), concurrency: GROUP_CONCURRENCY, off, on,
    ratios: { off_of_floor: ratio(off.plain.per_s, off.floor.per_s), on_of_floor: ratio(on.plain.per_s, on.floor.per_s), on_of_off: ratio(on.plain.per_s, off.plain.per_s) },
    lone_p50_added_ms: round2(on.lone.p50_ms - off.lone.p50_ms) };
}

/** The webhook figure: the plain invoice without and with a webhook, and what the receiver got. */
interface WebhookFigures {
  without: Figures; with: Figures;
  /** Events received while the creations ran, and in all (after waiting for the queue to drain, up to 60 s a round). */
  delivered: number; events: number; received: number;
  /** Delivery lag (the event's `created` to its arrival at the receiver), over every event received. */
  lag_p50_ms: number; lag_p99_ms: number;
  /**
   * The service's CPU time (every thread, user and system) per invoice: without, and with (from the start of the run to
   * the end of its drain, so the deliveries' cost is counted). Steadier than the rates on a shared machine.
   */
  cpu_ms_without: number; cpu_ms_with: number;
  /** The same for the PostgreSQL server's processes (PostgreSQL only: PGlite runs in the service, counted above). */
  db_cpu_ms_without?: number; db_cpu_ms_with?: number;
  /** The same for this process (the bench's client and, with, its receiver), which shares the machine's cores with the service. */
  bench_cpu_ms_without: number; bench_cpu_ms_with: number;
}

/**
 * What a webhook costs the company that has one: in each round the plain invoice without a webhook, and with one
 * subscribed to every event (`*`: each creation writes its event, which the dispatcher sends to a local receiver
 * meanwhile), then (the clock stopped) the queue left to drain, then the webhook deleted again; after a warm-up with
 * a webhook (as every path has one; its events are not counted), odd rounds run
 * without first, even ones with first. The receiver counts the events and their lag (from the event's `created` to
 * its arrival); the service's CPU time per invoice is taken on each side (with: until the queue has drained).
 */
async function webhookRuns(storage: Storage, client: Client, plain: Request, pid: number): Promise<WebhookFigures> {
  let received = 0;
  let delivered = 0;
  const lags: number[] = [];
  // The warm-up with a webhook (its events counted apart, not in the figures).
  let warming = false;
  let warmed = 0;
  const receiver = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const at = Date.now();
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { created: string } | { created: string }[];
      for (const ev of Array.isArray(body) ? body : [body]) {
        if (warming) warmed++;
        else { received++; lags.push(at - Date.parse(ev.created)); }
      }
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((ok) => receiver.listen(0, '127.0.0.1', ok));
  const url = `http://127.0.0.1:${(receiver.address() as { port: number }).port}/hook`;
  const settle = () => new Promise((ok) => setTimeout(ok, 500)); // every process drops the company from its cache (NOTIFY)
  const without: Run[] = [], withHook: Run[] = [];
  let events = 0;
  const cpu = { without: 0, with: 0, dbWithout: 0, dbWith: 0, benchWithout: 0, benchWith: 0 };
  const ownMs = () => { const u = process.cpuUsage(); return (u.user + u.system) / 1000; };
  const db = storage === 'postgres';
  const plainRun = async () => {
    const t0 = cpuMs(pid), d0 = db ? serverCpu() : new Map<number, number>(), b0 = ownMs();
    const run = await loadFor(client, plain, CONCURRENCY, SECONDS * 1000);
    cpu.without += cpuMs(pid) - t0;
    cpu.benchWithout += ownMs() - b0;
    if (db) cpu.dbWithout += serverCpuSince(d0);
    without.push(run);
    return run;
  };
  const drained = async (done: () => boolean) => {
    for (let waited = 0; !done() && waited < 60_000; waited += 100) await new Promise((ok) => setTimeout(ok, 100));
  };
  const hookedRun = async (warmup = false) => {
    const hook = expect(201, await client.json('co', 'POST', '/v1/webhooks', { url, events: ['*'], description: 'bench', max_events: WEBHOOK_MAX_EVENTS }), 'POST /v1/webhooks');
    await settle();
    if (warmup) {
      // As every other path, the path with a webhook is warmed up first (the dispatcher's statements, its HTTP client).
      warming = true;
      const run = await loadFor(client, plain, CONCURRENCY, WARMUP_SECONDS * 1000);
      await drained(() => warmed >= run.latencies.length);
      warming = false;
      expect(200, await client.json('co', 'DELETE', `/v1/webhooks/${hook.id}`), 'DELETE /v1/webhooks');
      await settle();
      return run;
    }
    const before = received;
    const t0 = cpuMs(pid), d0 = db ? serverCpu() : new Map<number, number>(), b0 = ownMs();
    const run = await loadFor(client, plain, CONCURRENCY, SECONDS * 1000);
    withHook.push(run);
    delivered += received - before;
    events += run.latencies.length;
    await drained(() => received >= events);
    cpu.with += cpuMs(pid) - t0;
    cpu.benchWith += ownMs() - b0;
    if (db) cpu.dbWith += serverCpuSince(d0);
    expect(200, await client.json('co', 'DELETE', `/v1/webhooks/${hook.id}`), 'DELETE /v1/webhooks');
    await settle();
    return run;
  };
  try {
    if (WARMUP_SECONDS) await hookedRun(true);
    for (let r = 1; r <= WEBHOOK_ROUNDS; r++) {
      // Without then with, then with then without: the tables grow through the part, and neither side runs always on the larger ones.
      const [a, b] = r % 2 ? [await plainRun(), await hookedRun()] : [await hookedRun(), await plainRun()].reverse();
      process.stderr.write(`  [${storage}] round ${r}/${WEBHOOK_ROUNDS} plain without / with a webhook: ${a.latencies.length} / ${b.latencies.length} requests; ${received}/${events} events received\n`);
    }
  } finally {
    receiver.close();
  }
  lags.sort((a, b) => a - b);
  const w = figures(withHook), wo = figures(without);
  return {
    without: wo, with: w, delivered, events, received, lag_p50_ms: round2(percentile(lags, 0.5)), lag_p99_ms: round2(percentile(lags, 0.99)),
    cpu_ms_without: round2(cpu.without / wo.requests), cpu_ms_with: round2(cpu.with / w.requests),
    ...(db ? { db_cpu_ms_without: round2(cpu.dbWithout / wo.requests), db_cpu_ms_with: round2(cpu.dbWith / w.requests) } : {}),
    bench_cpu_ms_without: round2(cpu.benchWithout / wo.requests), bench_cpu_ms_with: round2(cpu.benchWith / w.requests),
  };
}

/** BENCH_PARTS=webhook: the webhook figure alone (warm-up, then webhookRuns), for a quick comparison. */
async function webhookOnly(storage: Storage, env: Record<string, string>): Promise<WebhookFigures> {
  const svc = await startService(env);
  const client = new Client(svc.url, CONCURRENCY + 1);
  try {
    client.tokens.co = expect(200, await client.json('co', 'POST', '/auth', DEMO_CREDENTIALS.co), 'POST /auth').access_token;
    client.tokens.mx = expect(200, await client.json('mx', 'POST', '/auth', DEMO_CREDENTIALS.mx), 'POST /mx/auth').access_token;
    const { plain } = await bodies(client);
    if (WARMUP_SECONDS) await loadFor(client, plain, CONCURRENCY, WARMUP_SECONDS * 1000);
    return await webhookRuns(storage, client, plain, svc.pid);
  } finally {
    client.close();
    await svc.stop();
  }
}

/** The webhook figure's line: the ratio and the target (issue 53: >= 0.8, every event delivered, lag p99 < 2 s). */
function webhookLine(w: WebhookFigures): string {
  const ratio = Math.round((w.with.per_s / w.without.per_s) * 1000) / 1000;
  return `${ratio.toFixed(3)} of plain again (>= 0.8: ${ratio >= 0.8 ? 'met' : 'NOT MET'}); ${w.delivered} events received meanwhile, ${w.received}/${w.events} in all` +
    ` (${w.received >= w.events ? 'all' : 'NOT all'}); lag p50 ${w.lag_p50_ms} ms, p99 ${w.lag_p99_ms} ms (< 2000: ${w.lag_p99_ms < 2000 ? 'met' : 'NOT MET'});` +
    ` service CPU per invoice ${w.cpu_ms_without} ms without, ${w.cpu_ms_with} ms with` +
    (w.db_cpu_ms_with === undefined ? '' : `; PostgreSQL's ${w.db_cpu_ms_without} / ${w.db_cpu_ms_with} ms`) +
    `; the bench's own (client, receiver) ${w.bench_cpu_ms_without} / ${w.bench_cpu_ms_with} ms`;
}

/** All creations and lookups at once for SOAK_SECONDS, the service's RSS sampled every 10 s. */
async function soakRun(storage: Storage, client: Client, reqs: Record<PathName, Request>, taxes: Request, pid: number) {
  const samples = [rssMb(pid)];
  const ms = SOAK_SECONDS * 1000;
  let finished = false;
  const sampler = (async () => {
    while (!finished) {
      await new Promise((ok) => setTimeout(ok, 10_000));
      if (!finished) samples.push(rssMb(pid));
    }
  })();
  const share = Math.max(1, Math.floor(CONCURRENCY / 4));
  const runs = await Promise.all([
    loadFor(client, reqs.electronic, share, ms), loadFor(client, reqs.mx, share, ms), loadFor(client, reqs.plain, share, ms), loadFor(client, taxes, share, ms),
  ]);
  finished = true;
  await sampler;
  samples.push(rssMb(pid));
  const requests = runs.reduce((s, r) => s + r.latencies.length, 0);
  process.stderr.write(`  [${storage}] soak: ${requests} requests in ${SOAK_SECONDS} s; RSS ${samples.join(' ')} MB\n`);
  return { seconds: SOAK_SECONDS, rss_mb: samples, requests };
}

// ---------------------------------------------------------------------------
// Storages

// ---------------------------------------------------------------------------
// Report

function table(rows: string[][]): string {
  const widths = rows[0].map((_, i) => Math.max(...rows.map((r) => r[i].length)));
  const line = (r: string[]) => r.map((c, i) => (i < 2 || i === r.length - 1 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join('  ');
  return [line(rows[0]), widths.map((w) => '-'.repeat(w)).join('  '), ...rows.slice(1).map(line)].join('\n');
}

const loadAverage = () => os.loadavg().map((l) => l.toFixed(2)).join(' ');

async function main(): Promise<number> {
  const machine = { cpus: os.cpus().length, cpu_model: os.cpus()[0]?.model ?? 'unknown', node: process.version, memory_gb: round2(os.totalmem() / 2 ** 30) };
  const loadStart = loadAverage();
  console.log(`Machine: ${machine.cpus} CPUs (${machine.cpu_model}), Node ${machine.node}, ${machine.memory_gb} GB; load average (1, 5, 15 min) at start: ${loadStart}`);
  console.log(`Each path ${ROUNDS} × ${SECONDS} s at ${CONCURRENCY} connections, after ${WARMUP_SECONDS} s of warm-up (the webhook part ${WEBHOOK_ROUNDS} × ${SECONDS} s each side); rate limit ${RATE_LIMIT || 'off'} per company per minute`);

  const results: StorageResult[] = [];
  const grouped: GroupCommitResult[] = [];
  const hooked: [Storage, WebhookFigures][] = [];
  const notes: string[] = [];
  const started = performance.now();
  for (const storage of STORAGES) {
    if (storage === 'pglite') {
      console.log('\n[pglite] embedded PGlite on a temp DATA_DIR');
      await withPglite(async (env) => {
        if (PARTS.includes('main')) results.push(await benchStorage('pglite', env));
        if (PARTS.includes('webhook')) hooked.push(['pglite', await webhookOnly('pglite', env)]);
        if (PARTS.includes('group')) grouped.push(await groupCommitRuns('pglite', env));
      });
    } else if (storage === 'postgres') {
      console.log(`\n[postgres] ${redact(PG_ADMIN_URL)}`);
      const fresh = await freshPostgres();
      if ('skip' in fresh) { console.log(`  NOTE: ${fresh.skip}`); notes.push(fresh.skip); continue; }
      try {
        if (PARTS.includes('main')) results.push(await benchStorage('postgres', { DATABASE_URL: fresh.url }));
        if (PARTS.includes('webhook')) hooked.push(['postgres', await webhookOnly('postgres', { DATABASE_URL: fresh.url })]);
        if (PARTS.includes('group')) grouped.push(await groupCommitRuns('postgres', { DATABASE_URL: fresh.url }));
      } finally {
        await fresh.drop().catch((e) => console.error(`  could not drop the bench database: ${(e as Error).message}`));
      }
    }
  }

  const mark = (ok: boolean) => (ok ? 'met' : 'NOT MET');
  const rows: string[][] = [['storage', 'path', 'requests', 'per s', 'p50 ms', 'p99 ms', 'ratio (target)']];
  for (const r of results) {
    const row = (name: string, f: Figures, ratio: string) =>
      rows.push([r.storage, name, String(f.requests), f.per_s.toFixed(1), f.p50_ms.toFixed(1), f.p99_ms.toFixed(1), ratio]);
    row('floor', r.paths.floor, '');
    row('plain', r.paths.plain, `${r.ratios.plain_of_floor.toFixed(3)} of floor (>= ${TARGETS.plainOfFloor}: ${mark(r.ratios.plain_of_floor >= TARGETS.plainOfFloor)})`);
    row('electronic', r.paths.electronic, `${r.ratios.electronic_of_floor.toFixed(3)} of floor (>= ${TARGETS.electronicOfFloor}: ${mark(r.ratios.electronic_of_floor >= TARGETS.electronicOfFloor)}); ` +
      `p99 < ${TARGETS.electronicP99Ms} ms: ${mark(r.paths.electronic.p99_ms < TARGETS.electronicP99Ms)}; Accepted ${r.paths.electronic.accepted}/${r.paths.electronic.requests}; ${r.ratios.electronic_of_plain.toFixed(3)} of plain`);
    row('mx', r.paths.mx, `${r.ratios.mx_of_plain.toFixed(3)} of plain; Accepted ${r.paths.mx.accepted}/${r.paths.mx.requests}`);
    row('pos (CO ticket)', r.paths.pos, `${r.ratios.pos_of_plain.toFixed(3)} of plain (>= 1.0: ${mark(r.ratios.pos_of_plain >= 1)})`);
    row('ticket (MX)', r.paths.ticket, `${r.ratios.ticket_of_plain.toFixed(3)} of plain (>= 1.0: ${mark(r.ratios.ticket_of_plain >= 1)})`);
    row('plain, again', r.webhook.without, '');
    row('plain with a webhook', r.webhook.with, webhookLine(r.webhook));
    row('GET taxes, idle', r.lookupIdle, '');
    row('GET taxes, 8 creating', r.lookupUnderLoad, `p99 < ${TARGETS.lookupP99Ms} ms: ${mark(r.lookupUnderLoad.p99_ms < TARGETS.lookupP99Ms)} (electronic ${r.lookupUnderLoad.electronic_per_s.toFixed(1)}/s meanwhile)`);
  }
  for (const [storage, w] of hooked) {
    const row = (name: string, f: Figures, ratio: string) => rows.push([storage, name, String(f.requests), f.per_s.toFixed(1), f.p50_ms.toFixed(1), f.p99_ms.toFixed(1), ratio]);
    row('plain (webhook part)', w.without, '');
    row('plain with a webhook', w.with, webhookLine(w));
  }
  for (const g of grouped) {
    const row = (name: string, f: Figures, ratio: string) => rows.push([g.storage, name, String(f.requests), f.per_s.toFixed(1), f.p50_ms.toFixed(1), f.p99_ms.toFixed(1), ratio]);
    const c = g.concurrency === CONCURRENCY ? '' : ` (${g.concurrency} conn.)`;
    row(`floor (beside gc off)${c}`, g.off.floor, '');
    row(`plain, group commit off${c}`, g.off.plain, `${g.ratios.off_of_floor.toFixed(3)} of floor (>= 1.0: ${mark(g.ratios.off_of_floor >= 1)})`);
    row(`floor (beside gc on)${c}`, g.on.floor, '');
    const target = GROUP_TARGETS[g.storage];
    row(`plain, group commit on, window ${g.window_ms} ms${c}`, g.on.plain, `${g.ratios.on_of_floor.toFixed(3)} of floor (>= ${target.toFixed(1)}: ${mark(g.ratios.on_of_floor >= target)}); ${g.ratios.on_of_off.toFixed(3)} of gc off`);
    row('lone plain, gc off', g.off.lone, '');
    row(`lone plain, gc on, window ${g.window_ms} ms`, g.on.lone, `p50 +${g.lone_p50_added_ms.toFixed(1)} ms (<= +3: ${mark(g.lone_p50_added_ms <= 3)})`);
  }
  if (rows.length === 1) rows.push(['', '', '', '', '', '', '']);
  console.log('\n' + table(rows));
  for (const r of results) {
    console.log(`RSS of the service [${r.storage}]: ${r.rss_mb.start} MB after warm-up, ${r.rss_mb.end} MB at the end` +
      (r.soak ? `; soak ${r.soak.seconds} s (${r.soak.requests} requests): ${r.soak.rss_mb.join(' → ')} MB` : ''));
    for (const n of r.notes) console.log(`NOTE: ${n}`);
  }
  for (const n of notes) console.log(`NOTE: ${n}`);
  const totalMs = Math.round(performance.now() - started);
  console.log(`Load average at the end: ${loadAverage()}; total time ${(totalMs / 1000).toFixed(1)} s`);
  console.log(JSON.stringify({
    bench: 'creations-vs-floor', machine, load_average: { start: loadStart, end: loadAverage() },
    settings: { seconds: SECONDS, rounds: ROUNDS, webhook_rounds: WEBHOOK_ROUNDS, concurrency: CONCURRENCY, warmup_seconds: WARMUP_SECONDS, rate_limit: RATE_LIMIT, soak_seconds: SOAK_SECONDS },
    targets: { ...TARGETS, groupCommitOfFloor: GROUP_TARGETS }, results, group_commit: grouped, skipped: notes, total_ms: totalMs,
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
