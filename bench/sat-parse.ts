/**
 * `npm run bench:sat-parse`: what the sandbox PAC's stamping of a sealed CFDI costs parsed three times (the way it
 * was before issue 37, point 5) and parsed once (the way it is), in the same run, on the same document,
 * called in turn so that noise hits both.
 *
 * The document is a real one: the Mexican demo company's invoice (FV-A, as bench/run.ts posts it), made, sealed and
 * stamped by the service on a fresh embedded database, its tfd:TimbreFiscalDigital taken off again (the CFDI's
 * original chain does not cover it), so that it is what the service sends the PAC. Each round stamps it
 * BENCH_SAT_ROUNDS times (default 300) both ways:
 *   - three times (test/support/sat-before.ts): @xmldom/xmldom parses it for the provider's checks and the
 *     original chain; checkCfdiSchema parses it again with libxml2 for cfdv40.xsd; xmldom once more for the
 *     content rules; the TFD appended to the xmldom tree, which is serialised;
 *   - once (SandboxPac.stamp): libxml2 parses it; the schema, the rules and the chain read that document; the TFD
 *     is written into the text.
 * Both verify the seal and sign the TFD (the same RSA work). It then times the content check the services run
 * before writing (cfdiContentProblems: two parses before, one now). It prints milliseconds per document and the
 * ratio once ÷ before (below 1: once is faster). It fails when the two ways disagree on the verdict or on the
 * stamped CFDI's Canonical XML.
 */
import { performance } from 'node:perf_hooks';
import { loadConfig } from '../src/platform/config';
import { startServer } from '../src/server';
import { DEMO_CREDENTIALS, ensureDemo } from '../src/companies/demo';
import { migrate, openDb } from '../src/platform/db';
import { dayIn } from '../src/platform/dates';
import { generateTestCertificate, loadPkcs12 } from '../src/einvoice/certificates';
import { SANDBOX_PROVIDER_RFC, SandboxPac, type StampVerdict } from '../src/countries/mx/sat/provider';
import { cfdiContentProblems } from '../src/countries/mx/sat/rules';
import { libxml } from '../src/einvoice/xsd';
import { contentProblemsBefore, stampBefore } from '../test/support/sat-before';
import { BenchFailure, Client, expect, round2, table, withPglite } from './common';

const ROUNDS = Number(process.env.BENCH_SAT_ROUNDS || 300);

/** Milliseconds per call of each of two functions, called in turn (a, b, a, b...) so that noise hits both alike. */
async function inTurn(a: () => Promise<unknown>, b: () => Promise<unknown>): Promise<[number, number]> {
  let ta = 0, tb = 0;
  for (let i = 0; i < ROUNDS; i++) {
    let t = performance.now();
    await a();
    ta += performance.now() - t;
    t = performance.now();
    await b();
    tb += performance.now() - t;
  }
  return [ta / ROUNDS, tb / ROUNDS];
}

async function canonical(xml: string): Promise<string> {
  const lib = await libxml();
  const d = lib.XmlDocument.fromString(xml);
  try { return d.canonicalizeToString({ mode: 0 }); } finally { d.dispose(); }
}

/** The sealed CFDI of a demo invoice, as the service sends it to the PAC. */
async function demoCfdi(): Promise<string> {
  return withPglite(async (env) => {
    const config = loadConfig({ PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'silent', RATE_LIMIT_PER_MINUTE: '0', ...env });
    const db = await openDb(config);
    await migrate(db);
    await ensureDemo(db);
    const running = await startServer(config, db);
    const client = new Client(running.url, 4);
    client.headers = { 'serviceapi-application-id': 'BenchSatParse' };
    try {
      client.token = expect(200, await client.json('POST', '/mx/auth', DEMO_CREDENTIALS.mx), 'POST /mx/auth').access_token;
      const records = (b: any) => (Array.isArray(b) ? b : b.results) as any[];
      const types = records(expect(200, await client.json('GET', '/mx/v1/document-types?type=FV'), 'GET /mx/v1/document-types'));
      const users = records(expect(200, await client.json('GET', '/mx/v1/users'), 'GET /mx/v1/users'));
      const pays = records(expect(200, await client.json('GET', '/mx/v1/payment-types?document_type=FV'), 'GET /mx/v1/payment-types'));
      const fva = types.find((t) => t.code === 'FV-A'), cash = pays.find((p) => p.name === 'Contado'), seller = users.find((u) => u.active);
      if (!fva || !cash || !seller) throw new BenchFailure('The Mexican demo company lacks FV-A, Contado or a seller');
      const body = {
        document: { id: fva.id }, customer: { rfc_id: 'XIA190128J61', branch_office: 0 }, seller: seller.id, use: 'G03',
        items: [{ code: 'LAP14', quantity: 2, price: 1500, discount: 300 }],
        payment: { method: 'PUE', conditions: { id: cash.id, value: 3132, due_date: dayIn('America/Mexico_City', new Date()) } },
        stamp: { send: true },
      };
      const invoice = expect(201, await client.json('POST', '/mx/v1/invoices', body), 'POST /mx/v1/invoices');
      if (invoice.stamp?.status !== 'Accepted') throw new BenchFailure(`The invoice was not stamped: ${JSON.stringify(invoice.stamp)}`);
      const [{ xml }] = await db.query<{ xml: string }>('SELECT xml FROM invoices WHERE id = $1', [invoice.id]);
      const sealed = xml.replace(/<cfdi:Complemento><tfd:TimbreFiscalDigital [^>]*\/><\/cfdi:Complemento>/, '');
      if (sealed === xml) throw new BenchFailure('The stamped invoice has no cfdi:Complemento holding only its TFD');
      return sealed;
    } finally {
      client.close();
      await running.close();
    }
  });
}

async function main() {
  const xml = await demoCfdi();
  const made = generateTestCertificate({ commonName: 'Proveedor de prueba', nit: SANDBOX_PROVIDER_RFC, country: 'MX' });
  const provider = loadPkcs12(made.p12Base64, made.password);
  const at = new Date();
  // A new provider each time: one remembers the stamps it gave, and would answer a repeat from memory.
  const once = () => new SandboxPac(async () => provider, () => at).stamp(xml);
  const before = (uuid?: string) => stampBefore(xml, provider, at, uuid ? { uuid, at } : undefined);

  const a = await once();
  const b = await before(a.uuid ?? undefined);
  const summary = (v: StampVerdict) => JSON.stringify([v.status, v.errors, v.observations]);
  if (summary(a) !== summary(b)) throw new BenchFailure(`The two ways disagree: ${summary(a)} / ${summary(b)}`);
  if (a.status !== 'Accepted') throw new BenchFailure(`The invoice is not stamped: ${summary(a)}`);
  if (await canonical(a.xml!) !== await canonical(b.xml!)) throw new BenchFailure('The stamped CFDIs differ in Canonical XML');
  const [p, q] = [await cfdiContentProblems(xml), await contentProblemsBefore(xml)];
  if (JSON.stringify(p) !== JSON.stringify(q)) throw new BenchFailure(`The content checks disagree: ${JSON.stringify(p)} / ${JSON.stringify(q)}`);

  let stampThree = 0, stampOne = 0, checkTwo = 0, checkOne = 0;
  for (let r = 0; r < 3; r++) {
    const [x, y] = await inTurn(() => before(), once);
    const [z, w] = await inTurn(() => contentProblemsBefore(xml), () => cfdiContentProblems(xml));
    stampThree += x; stampOne += y; checkTwo += z; checkOne += w;
  }
  console.log(`The sandbox PAC's stamping of a sealed invoice (${xml.length} characters), ${ROUNDS} × 3 rounds, ms per document:\n`);
  console.log(table([
    ['what', 'before', 'parsed once', 'once ÷ before'],
    ['SandboxPac.stamp (3 parses before, DOM serialised)', `${round2(stampThree / 3)}`, `${round2(stampOne / 3)}`, `${round2(stampOne / stampThree)}`],
    ['cfdiContentProblems (2 parses before)', `${round2(checkTwo / 3)}`, `${round2(checkOne / 3)}`, `${round2(checkOne / checkTwo)}`],
  ]));
}

main().catch((e) => {
  console.error(e instanceof BenchFailure ? e.message : e);
  process.exit(1);
});
