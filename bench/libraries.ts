/**
 * `npm run bench:libraries`: the hot operation of each piece of own code that a library could replace (issue 54,
 * point 4), own code and library in the same run, alternating rounds so that the load of the machine hits both, and
 * their ratio (library ÷ own: above 1, the library is slower). It fails when the two give different results.
 * What is measured, and why the code stays, is in docs/internals.md ("Own code or a library").
 *
 *   - worker pool: a task's round trip (post, run, answer) one at a time and 200 at once, src/workers/pool.ts vs piscina;
 *   - XML parse of a signed invoice: @xmldom/xmldom with and without src/platform/xmldom-regexps.ts, and libxml2-wasm;
 *   - signing: from the canonical text as written (src/einvoice/canonical-xml.ts) vs parsed, with xml-crypto's C14N;
 *   - verifying a signature: xmldom + xml-crypto (sign.ts) vs libxml2's C14N (verify-parsed.ts);
 *   - dates: a wall-clock time in a zone to its instant, and an instant's day in a zone, src/platform/dates.ts vs
 *     @js-temporal/polyfill;
 *   - rate limit with a count shared through the database (embedded PGlite): RateLimiter.take vs @fastify/rate-limit's
 *     check (createRateLimit) with a store written on the same table, whose `incr` the plugin calls on every request.
 *
 * BENCH_LIBRARIES_MS (default 200) is the time given to each side of each round, BENCH_LIBRARIES_ROUNDS (default 5) the
 * rounds; it prints the medians and the median ratio, and the range of the rounds' ratios (a loaded machine moves them).
 */
// First: the unpatched copy is loaded before any module of the service imports (and patches) its own.
import { UnpatchedDOMParser } from './xmldom-unpatched';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { DOMParser } from '@xmldom/xmldom';
import { Piscina } from 'piscina';
import { Temporal } from '@js-temporal/polyfill';
import { PGlite } from '@electric-sql/pglite';
import Fastify, { type FastifyRequest } from 'fastify';
import fastifyRateLimit, { type FastifyRateLimitStore } from '@fastify/rate-limit';
import { CpuPool } from '../src/workers/pool';
import { generateTestCertificate } from '../src/einvoice/certificates';
import { signInvoiceXml, verifyInvoiceSignature } from '../src/countries/co/dian/sign';
import { verifyParsedSignature } from '../src/countries/co/dian/verify-parsed';
import { libxml } from '../src/einvoice/xsd';
import { dayIn, instantOf } from '../src/platform/dates';
import { RateLimiter, sharedCount } from '../src/platform/ratelimit';
import type { Queryable } from '../src/platform/db';
import { BenchFailure, round2, table } from './common';

const MS = Number(process.env.BENCH_LIBRARIES_MS || 200);
const ROUNDS = Number(process.env.BENCH_LIBRARIES_ROUNDS || 5);

/** Operations per millisecond of `fn` (awaited one after another) for about MS milliseconds. */
async function rate(fn: () => unknown): Promise<number> {
  let n = 0;
  const start = performance.now();
  let now = start;
  while (now - start < MS) {
    for (let i = 0; i < 10; i++) await fn();
    n += 10;
    now = performance.now();
  }
  return (now - start) / n;
}

/** Milliseconds per operation, own code and library (medians over alternating rounds), and the ratios of the rounds. */
async function compare(own: () => unknown, library: () => unknown): Promise<Measured> {
  const a: number[] = [], b: number[] = [], ratios: number[] = [];
  for (let r = 0; r < ROUNDS; r++) {
    a.push(await rate(own));
    b.push(await rate(library));
    ratios.push(b[r] / a[r]);
  }
  return { own: median(a), library: median(b), ratios: ratios.sort((x, y) => x - y) };
}

interface Measured { own: number; library: number; ratios: number[] }
const median = (v: number[]) => [...v].sort((x, y) => x - y)[Math.floor(v.length / 2)];

function same(what: string, a: unknown, b: unknown): void {
  if (JSON.stringify(a) !== JSON.stringify(b)) throw new BenchFailure(`${what}: own code and library disagree: ${JSON.stringify(a)} / ${JSON.stringify(b)}`);
}

const row = (what: string, own: string, library: string, m: Measured) =>
  [what, own, `${round2(m.own * 1000)}`, library, `${round2(m.library * 1000)}`, `${round2(median(m.ratios))}`,
    `${round2(m.ratios[0])}–${round2(m.ratios[m.ratios.length - 1])}`];

/** A UBL invoice of `lines` lines written in canonical form, as the service's writers produce it, with the signature's slot. */
function invoice(lines: number): string {
  const ns = 'xmlns="urn:oasis:names:specification:ubl:schema:xsd:Invoice-2" xmlns:cac="urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2" ' +
    'xmlns:cbc="urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2" xmlns:ext="urn:oasis:names:specification:ubl:schema:xsd:CommonExtensionComponents-2"';
  let body = '<ext:UBLExtensions><ext:UBLExtension><ext:ExtensionContent></ext:ExtensionContent></ext:UBLExtension></ext:UBLExtensions>' +
    '<cbc:UBLVersionID>UBL 2.1</cbc:UBLVersionID><cbc:ID>SETP990000001</cbc:ID><cbc:IssueDate>2026-12-03</cbc:IssueDate>' +
    '<cac:AccountingSupplierParty><cac:Party><cac:PartyName><cbc:Name>Cable "HDMI" &amp; adaptador &lt;USB-C&gt; Ñandú</cbc:Name></cac:PartyName></cac:Party></cac:AccountingSupplierParty>';
  for (let i = 1; i <= lines; i++) {
    body += `<cac:InvoiceLine><cbc:ID>${i}</cbc:ID><cbc:InvoicedQuantity unitCode="94">2.00</cbc:InvoicedQuantity>` +
      `<cbc:LineExtensionAmount currencyID="COP">${i}000.00</cbc:LineExtensionAmount><cac:TaxTotal><cbc:TaxAmount currencyID="COP">${i * 190}.00</cbc:TaxAmount>` +
      `<cac:TaxSubtotal><cbc:TaxableAmount currencyID="COP">${i}000.00</cbc:TaxableAmount><cbc:TaxAmount currencyID="COP">${i * 190}.00</cbc:TaxAmount>` +
      `<cac:TaxCategory><cbc:Percent>19.00</cbc:Percent><cac:TaxScheme><cbc:ID>01</cbc:ID><cbc:Name>IVA</cbc:Name></cac:TaxScheme></cac:TaxCategory></cac:TaxSubtotal></cac:TaxTotal>` +
      `<cac:Item><cbc:Description>Producto ${i}</cbc:Description></cac:Item><cac:Price><cbc:PriceAmount currencyID="COP">${i * 500}.00</cbc:PriceAmount></cac:Price></cac:InvoiceLine>`;
  }
  return `<?xml version="1.0" encoding="UTF-8" standalone="no"?><Invoice ${ns}>${body}</Invoice>`;
}

async function pools(): Promise<string[][]> {
  const tasks = path.join(__dirname, 'pool-echo.js');
  const own = new CpuPool(1, tasks).start();
  const piscina = new Piscina({ filename: tasks, name: 'echo', minThreads: 1, maxThreads: 1, concurrentTasksPerWorker: 2 });
  const arg = { id: 42, lines: [1, 2, 3], text: 'echo' };
  try {
    same('pool echo', await own.run('echo' as never, arg as never), await piscina.run(arg));
    const one = await compare(() => own.run('echo' as never, arg as never), () => piscina.run(arg));
    const many = await compare(() => Promise.all(Array.from({ length: 200 }, () => own.run('echo' as never, arg as never))),
      () => Promise.all(Array.from({ length: 200 }, () => piscina.run(arg))));
    return [
      row('pool: a task\'s round trip, one at a time', 'CpuPool', 'piscina', one),
      row('pool: 200 tasks at once (the batch)', 'CpuPool', 'piscina', many),
    ];
  } finally {
    await own.close();
    await piscina.destroy();
  }
}

async function xml(): Promise<string[][]> {
  const { certPem, keyPem } = generateTestCertificate({ commonName: 'Bench S.A.S.', nit: '900123456' });
  const cred = { certPem, keyPem };
  const text = invoice(30);
  const when = { signingTime: new Date(Date.now() - 60_000), signatureId: 'xmldsig-bench' };
  const written = await signInvoiceXml(text, cred, { ...when, written: true });
  same('signature from the text as written and through a DOM', written, await signInvoiceXml(text, cred, when));
  const lib = await libxml();
  const parseLib = () => lib.XmlDocument.fromString(written).dispose();
  const elements = (d: { getElementsByTagName(n: string): { length: number } }) => d.getElementsByTagName('*').length;
  same('xmldom, patched and not', elements(new DOMParser().parseFromString(written, 'text/xml')), elements(new UnpatchedDOMParser().parseFromString(written, 'text/xml')));
  const verifyLib = () => {
    const doc = lib.XmlDocument.fromString(written);
    try { return verifyParsedSignature(lib, doc); } finally { doc.dispose(); }
  };
  same('verification', await verifyInvoiceSignature(written), verifyLib());
  if (!verifyLib().valid) throw new BenchFailure('The signed invoice does not verify');
  return [
    row(`XML parse, signed invoice (${written.length} characters)`, 'xmldom + regexps patch', 'xmldom unpatched',
      await compare(() => new DOMParser().parseFromString(written, 'text/xml'), () => new UnpatchedDOMParser().parseFromString(written, 'text/xml'))),
    row('XML parse, the same', 'xmldom + regexps patch', 'libxml2-wasm', await compare(() => new DOMParser().parseFromString(written, 'text/xml'), parseLib)),
    row('sign (C14N + digests + RSA)', 'canonical text as written', 'parsed, xml-crypto C14N',
      await compare(() => signInvoiceXml(text, cred, { ...when, written: true }), () => signInvoiceXml(text, cred, when))),
    row('verify signature (parse included)', 'libxml2 C14N (verify-parsed)', 'xmldom + xml-crypto (sign.ts)',
      await compare(verifyLib, () => verifyInvoiceSignature(written))),
  ];
}

async function dates(): Promise<string[][]> {
  const zone = 'America/Mexico_City';
  const walls = ['2026-04-05T02:30:00', '2026-12-03T14:46:10', '2022-10-30T01:30:00', '2021-04-04T02:15:00'];
  const instants = walls.map((w) => instantOf(w, 'America/Bogota'));
  // A wall-clock time skipped by a change of offset reads as the instant after the gap: Temporal's 'compatible'.
  const temporalInstant = (w: string) => Temporal.PlainDateTime.from(w).toZonedDateTime(zone, { disambiguation: 'compatible' }).epochMilliseconds;
  const temporalDay = (d: Date) => Temporal.Instant.fromEpochMilliseconds(d.getTime()).toZonedDateTimeISO(zone).toPlainDate().toString();
  same('wall-clock time to instant', walls.map((w) => instantOf(w, zone).getTime()), walls.map(temporalInstant));
  same('day of an instant', instants.map((d) => dayIn(zone, d)), instants.map(temporalDay));
  let i = 0;
  return [
    row('dates: wall-clock time in a zone → instant', 'dates.ts (Intl)', 'Temporal polyfill',
      await compare(() => instantOf(walls[i++ & 3], zone), () => temporalInstant(walls[i++ & 3]))),
    row('dates: instant → its day in a zone', 'dates.ts (Intl)', 'Temporal polyfill',
      await compare(() => dayIn(zone, instants[i++ & 3]), () => temporalDay(instants[i++ & 3]))),
  ];
}

async function rateLimit(): Promise<string[][]> {
  const pg = new PGlite();
  await pg.exec('CREATE TABLE rate_windows (company_id int NOT NULL, window_start bigint NOT NULL, count int NOT NULL, PRIMARY KEY (company_id, window_start))');
  const db: Queryable = { query: async <T>(sql: string, params?: unknown[]) => (await pg.query<T>(sql, params)).rows, exec: async (sql: string) => { await pg.exec(sql); } };
  const own = new RateLimiter(1_000_000_000, Date.now, sharedCount(db));
  const count = sharedCount(db);
  /** A store for @fastify/rate-limit shared through the database, as it would be written: its incr runs on every request. */
  class DatabaseStore implements FastifyRateLimitStore {
    incr(key: string, done: (e: Error | null, r?: { current: number; ttl: number }) => void, timeWindow: number): void {
      const t = Date.now();
      const start = t - (t % timeWindow);
      count(Number(key), start, 1).then((current) => done(null, { current, ttl: start + timeWindow - t }), done);
    }
    child(): FastifyRateLimitStore { return this; }
  }
  const app = Fastify({ logger: false });
  await app.register(fastifyRateLimit, { global: false, store: DatabaseStore });
  await app.ready();
  const limit = app.createRateLimit({ max: 1_000_000_000, timeWindow: 60_000, keyGenerator: () => '2' });
  const request = { ip: '127.0.0.1', headers: {}, routeOptions: { url: '/bench' } } as unknown as FastifyRequest;
  try {
    await own.take(1);
    const first = await limit(request);
    // isAllowed is the plugin's allow list (none here); isExceeded, the budget.
    if (!('isExceeded' in first) || first.isExceeded) throw new BenchFailure(`@fastify/rate-limit refused: ${JSON.stringify(first)}`);
    const [{ n }] = await db.query<{ n: number }>('SELECT count::int AS n FROM rate_windows WHERE company_id = 2');
    if (n !== 1) throw new BenchFailure(`The database store counted ${n}, not 1`);
    return [row('rate limit, count shared through the database', 'RateLimiter.take', '@fastify/rate-limit, database store', await compare(() => own.take(1), () => limit(request)))];
  } finally {
    own.close();
    await app.close();
    await pg.close();
  }
}

async function main() {
  const rows = [...await pools(), ...await xml(), ...await dates(), ...await rateLimit()];
  console.log(`Own code and libraries, µs per operation, medians of ${ROUNDS} alternating rounds of ${MS} ms each side; library ÷ own above 1: the library is slower.\n`);
  console.log(table([['operation', 'own code', 'µs', 'library', 'µs', 'library ÷ own', 'rounds\' range'], ...rows]));
}

main().catch((e) => {
  console.error(e instanceof BenchFailure ? e.message : e);
  process.exit(1);
});
