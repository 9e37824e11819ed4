/**
 * Scale benchmark (issue 23): the same reads and writes on a company with a
 * small and with a large number of invoices, loaded by bulk-demo, and the
 * ratio of each figure at the large size to the same at the small one (flat
 * is 1; linear growth would be the ratio of the sizes).
 *
 *   npm run bench:scale                  10,000 and 1,000,000 invoices, on PostgreSQL and PGlite
 *   npm run bench:scale -- --short       10,000 and 100,000 (the form the tests run, smaller)
 *   BENCH_SCALE_SIZES=10000,1000000      sizes (the first is the base of the ratios)
 *   BENCH_SCALE_STORAGES=postgres,pglite
 *   BENCH_SCALE_SAMPLES=200              sequential requests per read (after 10 not measured)
 *   BENCH_SCALE_CREATE=400               invoices created at concurrency BENCH_SCALE_CONCURRENCY (8), after 40 not measured
 *   BENCH_DATABASE_URL or TEST_DATABASE_URL (default postgres://root@127.0.0.1:5432/test): a fresh database per run
 *   BENCH_SCALE_ONLY=<regexp>            measure only the reads and console pages whose name matches (case-insensitive)
 *   BENCH_SCALE_KEEP=1                   keep each PostgreSQL database (its name is logged) to read its plans afterwards
 *   BENCH_SCALE_REUSE=<postgres url>     measure a database already loaded (kept by BENCH_SCALE_KEEP): no loading and no
 *                                        creations; the pending migrations are applied, the company and its sizes read from it
 *
 * For each storage and size: a fresh database, bulk-demo, then the service
 * (src/server.ts, in this process) answers over HTTP: each read BENCH_SCALE_SAMPLES
 * times in a row (p50, p99), then invoice creation (rate, p50, p99). Every
 * answer must be 200 (201); the list totals are checked against count(*).
 * Targets (at the largest size, PostgreSQL): lists and reads p99 < 50 ms,
 * receivables page 1 and a month's trial balance p99 < 200 ms, creation rate
 * within 10 % of the smallest size's, every ratio at most 2.
 *
 * A measurement, not a test: it exits 0 whatever the figures, 1 when the bench
 * itself fails. `runScale` is also what the scale test runs, small.
 */
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import { loadConfig } from '../src/platform/config';
import { migrate, openDb, type Db } from '../src/platform/db';
import { startServer } from '../src/server';
import { bulkDemo } from '../src/companies/bulk';
import { DEMO_CREDENTIALS } from '../src/companies/demo';
import { DEMO_CONSOLE, ensureDemoConsole } from '../src/console/demo';
import { cursorOf } from '../src/console/sort';
import { plainList } from './oracle';
import { BenchFailure, Client, expect, freshPostgres, invoiceBody, load, percentile, PG_ADMIN_URL, redact, round2, table, withPglite } from './common';

type Storage = 'pglite' | 'postgres';

export interface Figure { name: string; p50: number; p99: number; rate?: number; target?: number }
export interface SizeRun { storage: Storage; invoices: number; load_s: number; load_average: string; figures: Figure[] }

const envList = (name: string, fallback: string) => (process.env[name] || fallback).split(',').map((s) => s.trim()).filter(Boolean);
const envNumber = (name: string, fallback: number) => Number(process.env[name] || fallback);
const loadAverage = () => os.loadavg().map((l) => l.toFixed(2)).join(' ');
const pick = <T>(list: T[], i: number) => list[i % list.length];

const iso = (d: Date) => d.toISOString().slice(0, 10);

/** The reads measured; what each must answer is checked on its first answer. */
function reads(p: { fv: number; names: string[]; ids: string[]; customers: string[]; month: [string, string]; dayAgo: string; deepId: string; pastDays: string[] }) {
  const [m0, m1] = p.month;
  const u = encodeURIComponent;
  return [
    { name: 'list page 1', target: 50, path: () => '/v1/invoices' },
    { name: 'page 1, name', target: 50, path: (i: number) => `/v1/invoices?name=${u(pick(p.names, i))}` },
    { name: 'page 1, document_id', target: 50, path: () => `/v1/invoices?document_id=${p.fv}` },
    { name: 'page 1, customer', target: 50, path: (i: number) => `/v1/invoices?customer_identification=${pick(p.customers, i)}` },
    { name: 'page 1, date (a month)', target: 50, path: () => `/v1/invoices?date_start=${m0}&date_end=${m1}` },
    { name: 'page 1, created (a month)', target: 50, path: () => `/v1/invoices?created_start=${m0}&created_end=${m1}` },
    { name: 'page 1, updated (last 24 h)', target: 50, path: () => `/v1/invoices?updated_start=${u(p.dayAgo)}` },
    { name: 'page 1, document_id + date', target: 50, path: () => `/v1/invoices?document_id=${p.fv}&date_start=${m0}&date_end=${m1}` },
    { name: 'page 1, customer + date', target: 50, path: (i: number) => `/v1/invoices?customer_identification=${pick(p.customers, i)}&date_start=${m0}&date_end=${m1}` },
    { name: 'page 1,000 (page_size 10)', target: 50, path: () => '/v1/invoices?page=1000&page_size=10' },
    { name: 'page after a cursor (middle)', target: 50, path: () => `/v1/invoices?after=${p.deepId}` },
    { name: 'read by id', target: 50, path: (i: number) => `/v1/invoices/${pick(p.ids, i)}` },
    { name: 'receivables page 1', target: 200, path: () => '/v1/reports/accounts-receivable' },
    { name: 'receivables as of a past day', target: 200, path: (i: number) => `/v1/reports/accounts-receivable?date=${pick(p.pastDays, i)}` },
    { name: 'trial balance (a month)', target: 200, path: () => `/v1/reports/trial-balance?date_start=${m0}&date_end=${m1}` },
  ];
}

/** A company already loaded by bulk-demo (BENCH_SCALE_REUSE): the Colombian demo company, its invoices and its bulk customers. */
async function loadedIn(db: Db): Promise<{ company_id: number; invoices: number; customers: number }> {
  const [c] = await db.query<{ company_id: number }>(`SELECT company_id FROM companies WHERE is_demo AND country = 'CO' ORDER BY company_id LIMIT 1`);
  if (!c) throw new BenchFailure('BENCH_SCALE_REUSE: no Colombian demo company in that database');
  const [n] = await db.query<{ invoices: number; customers: number }>(
    `SELECT (SELECT count(*) FROM invoices WHERE company_id = $1 AND deleted_at IS NULL)::int AS invoices,
            (SELECT count(*) FROM customers WHERE company_id = $1 AND identification ~ '^811[0-9]{6}$')::int AS customers`, [c.company_id]);
  if (!n.customers) throw new BenchFailure('BENCH_SCALE_REUSE: the demo company has no bulk-demo customers (811000001…)');
  return { company_id: c.company_id, ...n };
}

async function sizeRun(storage: Storage, env: Record<string, string>, size: number | 'reuse', o: { samples: number; create: number; concurrency: number; log: (s: string) => void }): Promise<SizeRun> {
  const config = loadConfig({ PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'silent', RATE_LIMIT_PER_MINUTE: '0', ...env });
  const db: Db = await openDb(config);
  let close = () => db.close();
  let client: Client | undefined;
  try {
    await migrate(db);
    const t0 = performance.now();
    let loaded: { company_id: number; customers: number };
    let invoices: number;
    if (size === 'reuse') {
      const found = await loadedIn(db);
      ({ invoices } = found);
      loaded = found;
      o.log(`  [${storage} reused] company ${found.company_id}: ${found.invoices} invoices, ${found.customers} bulk customers; load average ${loadAverage()}`);
    } else {
      invoices = size;
      // Loaded without the service's statement timeout (REQUEST_TIMEOUT_MS): one statement of 20,000 invoices outlasts it on a busy machine.
      const loader = storage === 'postgres' ? await openDb({ ...config, requestTimeoutMs: 0 }) : db;
      loaded = await bulkDemo(loader, { invoices, log: (line) => o.log(`  [${storage} ${invoices}] ${line}`) }).finally(() => (loader === db ? undefined : loader.close()));
    }
    const loadS = size === 'reuse' ? 0 : round2((performance.now() - t0) / 1000);
    const running = await startServer(config, db);
    close = running.close;
    client = new Client(running.url, o.concurrency);
    client.token = expect(200, await client.json('POST', '/auth', DEMO_CREDENTIALS.co), 'POST /auth').access_token;

    // What the reads ask for: invoices spread over the numbers, bulk customers, the month before last.
    const [fv] = await db.query<{ id: number; consecutive: string }>(`SELECT id, consecutive FROM document_types WHERE company_id = $1 AND code = 'FV'`, [loaded.company_id]);
    const numbers = Array.from({ length: 50 }, (_, i) => 1 + Math.floor((i + 0.5) * (Number(fv.consecutive) - 1) / 50));
    const some = await db.query<{ id: string; name: string }>(`SELECT id, name FROM invoices WHERE company_id = $1 AND document_type_id = $2 AND number = ANY($3::bigint[])`, [loaded.company_id, fv.id, numbers]);
    const [middle] = await db.query<{ id: string }>(`SELECT id FROM invoices WHERE company_id = $1 ORDER BY created_at DESC, number DESC, id DESC OFFSET $2 LIMIT 1`,
      [loaded.company_id, Math.floor(invoices / 2)]);
    const back = new Date(Date.now() - 45 * 86_400_000);
    const m0 = `${iso(back).slice(0, 7)}-01`;
    const m1 = iso(new Date(Date.UTC(back.getUTCFullYear(), back.getUTCMonth() + 1, 0)));
    const list = reads({
      fv: fv.id, names: some.map((r) => r.name), ids: some.map((r) => r.id),
      customers: Array.from({ length: 20 }, (_, i) => String(811_000_001 + ((i * 37) % loaded.customers))),
      month: [m0, m1], dayAgo: new Date(Date.now() - 86_400_000).toISOString(), deepId: middle.id,
      // Days spread over the loaded year (bulk-demo dates invoices over the last 365 days): as many documents after them as before.
      pastDays: Array.from({ length: 12 }, (_, i) => iso(new Date(Date.now() - (15 + i * 29) * 86_400_000))),
    });

    const figures: Figure[] = [];
    for (const r of list.filter((x) => measured(x.name))) {
      for (let i = 0; i < 10; i++) expect(200, await client.json('GET', r.path(i)), `GET ${r.path(i)}`);
      const first = await client.json('GET', r.path(0));
      if (r.path(0).startsWith('/v1/invoices') && !r.path(0).includes('after=') && first.body.pagination) await checkPage(db, loaded.company_id, r.path(0), first.body);
      const times: number[] = [];
      for (let i = 0; i < o.samples; i++) {
        const t = performance.now();
        const a = await client.send('GET', r.path(i));
        times.push(performance.now() - t);
        if (a.status !== 200) throw new BenchFailure(`GET ${r.path(i)}: ${a.status} ${a.text.slice(0, 500)}`);
      }
      times.sort((a, b) => a - b);
      figures.push({ name: r.name, p50: round2(percentile(times, 0.5)), p99: round2(percentile(times, 0.99)), target: r.target });
    }
    figures.push(...await consolePages(db, running.url, loaded.company_id, { samples: o.samples, month: [m0, m1], customer: list[3].path(0).split('=')[1], middle: middle.id, reuse: size === 'reuse' }));
    // A reused database is only read (besides the console's session and the receivables' fold): no creations.
    if (size === 'reuse') return { storage, invoices, load_s: 0, load_average: loadAverage(), figures };
    const body = JSON.stringify(await invoiceBody(client));
    await load(client, '/v1/invoices', body, 40, o.concurrency);
    const made = await load(client, '/v1/invoices', body, o.create, o.concurrency);
    const sorted = made.latencies.sort((a, b) => a - b);
    figures.push({ name: 'invoice creation', p50: round2(percentile(sorted, 0.5)), p99: round2(percentile(sorted, 0.99)), rate: round2(o.create / (made.wallMs / 1000)) });
    return { storage, invoices, load_s: loadS, load_average: loadAverage(), figures };
  } finally {
    client?.close();
    await close().catch(() => undefined);
  }
}

/**
 * The operator console's pages (issue 38 point 4: each under 200 ms of server time at a million invoices), signed in as the demo
 * company's owner: home, the documents list (unsorted, sorted each way, deep in a sort, filtered; issue 52: searched by a part of a
 * number, a customer's name, a NIT, an amount, filtered by payment status, sorted by the new columns, its totals row and its
 * exports), a document, the receivables and the trial balance pages. Timed as a browser's request of the page (the HTML, not its
 * script and style).
 */
async function consolePages(db: Db, base: string, companyId: number, p: { samples: number; month: [string, string]; customer: string; middle: string; reuse: boolean }): Promise<Figure[]> {
  const signIn = () => fetch(`${base}/app/login`, {
    method: 'POST', redirect: 'manual', headers: { 'content-type': 'application/x-www-form-urlencoded', origin: base },
    body: new URLSearchParams({ email: DEMO_CONSOLE.co.email, password: DEMO_CONSOLE.co.password }).toString(),
  });
  // A reused database keeps the console user of the run that loaded it: made again only when it cannot sign in.
  let login = p.reuse ? await signIn() : undefined;
  if (login?.status !== 303) {
    await ensureDemoConsole(db);
    login = await signIn();
  }
  const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0];
  if (login.status !== 303 || !cookie) throw new BenchFailure(`console login: ${login.status}`);
  const [mid] = await db.query<{ number: string; total: string; date: string }>(
    'SELECT number::text AS number, total::text AS total, date::text AS date FROM invoices WHERE company_id = $1 AND id = $2', [companyId, p.middle]);
  const [m0, m1] = p.month;
  // Near the end of the invoices from the month's start by number descending: the last page, whose walk must stop at the range's lowest number.
  const [last] = await db.query<{ number: string; id: string }>(`SELECT number::text AS number, id FROM invoices
      WHERE company_id = $1 AND deleted_at IS NULL AND date >= $2::date ORDER BY number, id LIMIT 1 OFFSET 10`, [companyId, m0]);
  // What the search box is given (issue 52): the middle invoice's number and total, and the words of a bulk customer's name
  // (Distribuidora Mayorista 00001 S.A.S.: "mayorista 00001", in lower case).
  const [named] = await db.query<{ name: string; total: string }>('SELECT name, total::text AS total FROM invoices WHERE company_id = $1 AND id = $2', [companyId, p.middle]);
  const [customer] = await db.query<{ id: number; name: string }>('SELECT id, console_name(name) AS name FROM customers WHERE company_id = $1 AND identification = $2', [companyId, p.customer]);
  const word = customer.name.split(' ').slice(1, 3).join(' ').toLowerCase();
  const u = encodeURIComponent;
  /** An amount as Colombia writes it: 1.234.567,89. */
  const pesos = (v: string) => new Intl.NumberFormat('es-CO', { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(Number(v)).replace(/\u00a0/g, '');
  const pages: { name: string; path: string }[] = [
    { name: 'console home', path: '/app' },
    { name: 'console documents', path: '/app/documents' },
    ...(['date', 'number', 'total'] as const).flatMap((key) => (['desc', 'asc'] as const).map((dir) => ({ name: `console sorted by ${key} ${dir}`, path: `/app/documents?sort=${key}&dir=${dir}` }))),
    ...(['date', 'number', 'total'] as const).map((key) => ({
      name: `console sorted by ${key}, middle page`, path: `/app/documents?sort=${key}&dir=desc&cursor=${cursorOf(mid[key], p.middle)}` })),
    { name: 'console filter customer, by total', path: `/app/documents?customer=${p.customer}&sort=total&dir=desc` },
    { name: 'console filter a month, by number', path: `/app/documents?from=${m0}&to=${m1}&sort=number&dir=asc` },
    // One-ended ranges sorted by number against their open side: the walk starts at the bound the days' numbers give (migration 060).
    { name: 'console up to a month\'s end, by number desc', path: `/app/documents?to=${m1}&sort=number&dir=desc` },
    { name: 'console from a month\'s start, by number asc', path: `/app/documents?from=${m0}&sort=number&dir=asc` },
    ...(last ? [{ name: 'console from a month\'s start, by number desc, last page', path: `/app/documents?from=${m0}&sort=number&dir=desc&cursor=${cursorOf(last.number, last.id)}` }] : []),
    { name: 'console filter rejected', path: '/app/documents?stamp=Rejected' },
    // Issue 52: the list that finds. The search box (a part of a number through the names' trigram index, a customer's name or NIT
    // through the customers' folded trigram index, an amount), the statuses about payment, the new columns' sorts, the totals
    // row of the whole filter (read after the page), and the exports of a customer's documents.
    { name: 'console search, part of a number', path: `/app/documents?q=${u(named.name.slice(0, -1))}` },
    { name: 'console search, three digits', path: `/app/documents?q=${named.name.slice(-3)}` },
    { name: 'console search, a customer\'s name', path: `/app/documents?q=${u(word)}` },
    { name: 'console search, a NIT', path: `/app/documents?q=${p.customer}` },
    { name: 'console search, an amount', path: `/app/documents?q=${u(pesos(named.total))}` },
    { name: 'console filter overdue', path: '/app/documents?status=overdue' },
    { name: 'console filter paid, a month', path: `/app/documents?from=${m0}&to=${m1}&status=paid` },
    ...(['customer', 'balance', 'due', 'status'] as const).map((key) => ({ name: `console sorted by ${key} desc`, path: `/app/documents?sort=${key}&dir=desc` })),
    { name: 'console sorted by customer asc, a name searched', path: `/app/documents?q=${u(word)}&sort=customer&dir=asc` },
    { name: 'console totals, every invoice', path: '/app/documents/totals' },
    { name: 'console totals, a month', path: `/app/documents/totals?from=${m0}&to=${m1}` },
    { name: 'console totals, part of a number', path: `/app/documents/totals?q=${u(named.name.slice(0, -1))}` },
    { name: 'console totals, a customer\'s name', path: `/app/documents/totals?q=${u(word)}` },
    { name: 'console CSV, a customer\'s name', path: `/app/documents.csv?q=${u(word)}` },
    { name: 'console XLSX, a customer\'s name', path: `/app/documents.xlsx?q=${u(word)}` },
    { name: 'console a document', path: `/app/documents/invoices/${p.middle}` },
    // Issue 52: a bulk customer's statement over the month (its invoices, receipts and running balance).
    { name: 'console customer statement (a month)', path: `/app/customers/${customer.id}/statement?date_start=${m0}&date_end=${m1}` },
    // The new-invoice form reads the first 100 customers with their advances (GET /customers) and the products.
    { name: 'console new invoice', path: '/app/invoices/new' },
    { name: 'console receivables', path: '/app/reports/receivables' },
    { name: 'console trial balance (a month)', path: `/app/reports/trial-balance?from=${m0}&to=${m1}` },
  ];
  const get = async (path: string) => {
    const res = await fetch(base + path, { redirect: 'manual', headers: { cookie } });
    const text = await res.text();
    if (res.status !== 200) throw new BenchFailure(`GET ${path}: ${res.status} ${text.slice(0, 300)}`);
  };
  const figures: Figure[] = [];
  for (const page of pages.filter((x) => measured(x.name))) {
    for (let i = 0; i < 5; i++) await get(page.path);
    const times: number[] = [];
    for (let i = 0; i < p.samples; i++) {
      const t = performance.now();
      await get(page.path);
      times.push(performance.now() - t);
    }
    times.sort((a, b) => a - b);
    if (page.path.startsWith('/app/documents/totals')) await checkTotals(db, companyId, base, cookie, page.path);
    figures.push({ name: page.name, p50: round2(percentile(times, 0.5)), p99: round2(percentile(times, 0.99)), target: 200 });
  }
  return figures;
}

/** BENCH_SCALE_ONLY: whether a read or page of this name is measured. */
function measured(name: string): boolean {
  const only = process.env.BENCH_SCALE_ONLY;
  return !only || new RegExp(only, 'i').test(name);
}

/** The console's totals row of every invoice or a date range is the count and sums over the invoices (kept sums or not: migration 081). */
async function checkTotals(db: Db, companyId: number, base: string, cookie: string, path: string) {
  const q = Object.fromEntries(new URLSearchParams(path.split('?')[1] ?? ''));
  if (q.q) return;
  const text = await (await fetch(base + path, { redirect: 'manual', headers: { cookie } })).text();
  const cell = (id: string) => /id="[^"]+">([^<]*)</.exec(text.slice(text.indexOf(`id="${id}"`)))?.[1] ?? '';
  const shown = [cell('totals-count'), ...['totals-total', 'totals-balance'].map((id) => Number(cell(id).replace(/[^0-9,-]/g, '').replace(',', '.')).toFixed(2))].join(' ');
  const live = 'NOT annulled AND NOT cancelled';
  const [want] = await db.query<{ v: string }>(`SELECT count(*) || ' ' || to_char(coalesce(sum(total) FILTER (WHERE ${live}), 0), 'FM9999999999990.00') || ' '
      || to_char(coalesce(sum(balance) FILTER (WHERE ${live}), 0), 'FM9999999999990.00') AS v
     FROM invoices WHERE company_id = $1 AND deleted_at IS NULL AND date >= coalesce($2::date, '-infinity') AND date <= coalesce($3::date, 'infinity')`,
  [companyId, q.from ?? null, q.to ?? null]);
  if (shown !== want.v) throw new BenchFailure(`GET ${path}: the totals row says ${shown}; the invoices ${want.v}`);
}

/** A list's first page is what count(*) and ORDER BY … OFFSET over the whole table say. */
async function checkPage(db: Db, companyId: number, path: string, body: any) {
  const params = Object.fromEntries(new URLSearchParams(path.split('?')[1] ?? ''));
  const plain = await plainList(db, 'invoices', companyId, 'America/Bogota', params, Number(params.page ?? 1), Number(params.page_size ?? 25));
  const ids = body.results.map((r: any) => r.id);
  if (plain.total !== body.pagination.total_results || plain.ids.join() !== ids.join()) {
    throw new BenchFailure(`GET ${path}: total_results ${body.pagination.total_results} and ${ids.length} ids; count(*) says ${plain.total}, ORDER BY … OFFSET ${plain.ids.length} ids${plain.ids.join() === ids.join() ? ' (the same)' : ' (others)'}`);
  }
}

export async function runScale(o: { sizes: number[]; storages: Storage[]; samples: number; create: number; concurrency: number; reuse?: string; log?: (s: string) => void }): Promise<SizeRun[]> {
  const log = o.log ?? ((s: string) => process.stderr.write(`${s}\n`));
  const runs: SizeRun[] = [];
  for (const storage of o.storages) {
    for (const invoices of o.reuse ? [0] : o.sizes) {
      log(`[${storage}] ${o.reuse ? `the database at ${redact(o.reuse)}` : `${invoices} invoices`}; load average ${loadAverage()}`);
      if (o.reuse) {
        runs.push(await sizeRun(storage, { DATABASE_URL: o.reuse }, 'reuse', { ...o, log }));
      } else if (storage === 'pglite') {
        runs.push(await withPglite((env) => sizeRun(storage, env, invoices, { ...o, log })));
      } else {
        const fresh = await freshPostgres();
        if ('skip' in fresh) { log(`  NOTE: ${fresh.skip}`); break; }
        try {
          runs.push(await sizeRun(storage, { DATABASE_URL: fresh.url }, invoices, { ...o, log }));
        } finally {
          if (process.env.BENCH_SCALE_KEEP) log(`  kept the bench database ${redact(fresh.url)} (BENCH_SCALE_KEEP)`);
          else await fresh.drop().catch((e) => log(`  could not drop the bench database: ${(e as Error).message}`));
        }
      }
    }
  }
  return runs;
}

/** One table per storage: each figure at each size, and the ratio of the largest to the smallest. */
export function report(runs: SizeRun[]): string {
  const out: string[] = [];
  for (const storage of [...new Set(runs.map((r) => r.storage))]) {
    const mine = runs.filter((r) => r.storage === storage);
    const base = mine[0];
    const top = mine[mine.length - 1];
    const head = ['figure', ...mine.flatMap((r) => [`p50 ${r.invoices}`, `p99 ${r.invoices}`]), 'ratio p50', 'ratio p99', 'target'];
    const rows = [head];
    for (const f of base.figures) {
      const at = (r: SizeRun) => r.figures.find((x) => x.name === f.name)!;
      const t = at(top);
      const ratio = (a: number, b: number) => (b > 0 ? (a / b).toFixed(2) : '-');
      let verdict = '';
      if (f.rate !== undefined) {
        verdict = `rate ${at(base).rate}/s -> ${t.rate}/s (${ratio(t.rate!, at(base).rate!)}×, target >= 0.90)`;
      } else if (storage === 'postgres' && mine.length > 1) {
        const ok = t.p99 < f.target! && t.p99 / at(base).p99 <= 2 && t.p50 / at(base).p50 <= 2;
        verdict = `p99 < ${f.target} ms, ratios <= 2: ${ok ? 'met' : 'MISSED'}`;
      } else if (storage === 'postgres') {
        verdict = `p99 < ${f.target} ms: ${t.p99 < f.target! ? 'met' : 'MISSED'}`;
      }
      rows.push([f.name, ...mine.flatMap((r) => [at(r).p50.toFixed(2), at(r).p99.toFixed(2)]), ratio(t.p50, at(base).p50), ratio(t.p99, at(base).p99), verdict]);
    }
    out.push(`\n${storage}: ${mine.map((r) => `${r.invoices} invoices ${r.load_s ? `loaded in ${r.load_s} s` : 'reused'} (load average after: ${r.load_average})`).join('; ')}`);
    out.push(table(rows));
  }
  return out.join('\n');
}

async function main(): Promise<number> {
  const short = process.argv.includes('--short');
  const sizes = envList('BENCH_SCALE_SIZES', short ? '10000,100000' : '10000,1000000').map(Number);
  const reuse = process.env.BENCH_SCALE_REUSE || undefined;
  const storages = reuse ? ['postgres' as const] : envList('BENCH_SCALE_STORAGES', 'postgres,pglite') as Storage[];
  console.log(`Machine: ${os.cpus().length} CPUs (${os.cpus()[0]?.model ?? 'unknown'}), Node ${process.version}, ${Math.round(os.totalmem() / 2 ** 30)} GB; load average ${loadAverage()}`);
  console.log(reuse ? `Reusing the loaded database at ${redact(reuse)} (BENCH_SCALE_REUSE)` : `Sizes ${sizes.join(', ')} on ${storages.join(', ')}; PostgreSQL at ${redact(PG_ADMIN_URL)}`);
  const runs = await runScale({
    sizes, storages, samples: envNumber('BENCH_SCALE_SAMPLES', 200), create: envNumber('BENCH_SCALE_CREATE', 400),
    concurrency: envNumber('BENCH_SCALE_CONCURRENCY', 8), reuse,
  });
  console.log(report(runs));
  console.log(JSON.stringify({ bench: 'scale', load_average_end: loadAverage(), runs }));
  return 0;
}

if (require.main === module) {
  main().then(
    (code) => { process.exitCode = code; },
    (e) => {
      console.error(`\nBENCH FAILED: ${e instanceof Error ? e.stack ?? e.message : String(e)}`);
      process.exitCode = 1;
    },
  );
}
