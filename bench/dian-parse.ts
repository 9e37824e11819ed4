/**
 * `npm run bench:dian-parse`: what the sandbox DIAN's reading of a signed document costs
 * parsed twice (the way it was before issue 37, point 5) and parsed once (the way it is), in the same run, on the
 * same document, alternating so that noise hits both.
 *
 * The document is a real one: the demo company's electronic invoice (five lines), made and signed by the service
 * on a fresh embedded database. Each round reads it BENCH_DIAN_ROUNDS times (default 300) both ways:
 *   - twice: @xmldom/xmldom parses it; verifyInvoiceSignature verifies the signature on that DOM (xml-crypto's
 *     C14N); validateXml parses it again with libxml2 for the UBL schema; the XPath package reads the values;
 *   - once: libxml2 parses it; verifyParsedSignature, validateDoc and libxml2's XPath work on that one document.
 * The XPath reads are the document-level ones SandboxDian.judge makes (READS). It prints milliseconds per document
 * and the ratio once / twice (below 1: once is faster), then the whole SandboxDian.judge (which also signs its
 * ApplicationResponse) for scale. It fails when the two ways disagree on the signature or the schema.
 */
import { performance } from 'node:perf_hooks';
import '../src/platform/xmldom-regexps';
import { DOMParser } from '@xmldom/xmldom';
import * as xpath from 'xpath';
import { loadConfig } from '../src/platform/config';
import { startServer } from '../src/server';
import { DEMO_CREDENTIALS, ensureDemo } from '../src/companies/demo';
import { migrate, openDb } from '../src/platform/db';
import { verifyInvoiceSignature } from '../src/countries/co/dian/sign';
import { verifyParsedSignature } from '../src/countries/co/dian/verify-parsed';
import { SandboxDian } from '../src/countries/co/dian/authority';
import { technicalKeys } from '../src/countries/co/dian/stamp';
import { NAMESPACES } from '../src/countries/co/dian/ubl';
import { dayIn } from '../src/platform/dates';
import { libxml, ublSchema, validateDoc, validateXml, warmUbl, XPaths, type XmlElement } from '../src/einvoice/xsd';
import { BenchFailure, Client, expect, invoiceBody, round2, table, withPglite } from './common';

const ROUNDS = Number(process.env.BENCH_DIAN_ROUNDS || 300);
const PREFIXES = { inv: NAMESPACES.invoice, cac: NAMESPACES.cac, cbc: NAMESPACES.cbc, sts: NAMESPACES.sts };
const T = '/inv:Invoice/cac:LegalMonetaryTotal';
/** The document-level reads of SandboxDian.judge and its checks on an invoice. */
const READS = [
  '/inv:Invoice/cac:AccountingSupplierParty/cac:Party/cac:PartyTaxScheme/cbc:CompanyID', '/inv:Invoice/cbc:ID',
  '//sts:InvoiceControl/sts:InvoiceAuthorization', '//sts:InvoiceControl/sts:AuthorizedInvoices/sts:Prefix',
  '//sts:InvoiceControl/sts:AuthorizedInvoices/sts:From', '//sts:InvoiceControl/sts:AuthorizedInvoices/sts:To',
  '/inv:Invoice/cac:AccountingSupplierParty/cac:Party/cac:PhysicalLocation/cac:Address | /inv:Invoice/cac:AccountingSupplierParty/cac:Party/cac:PartyTaxScheme/cac:RegistrationAddress',
  '/inv:Invoice/cac:AccountingCustomerParty/cac:Party/cac:PhysicalLocation/cac:Address | /inv:Invoice/cac:AccountingCustomerParty/cac:Party/cac:PartyTaxScheme/cac:RegistrationAddress',
  '//cac:TaxScheme/cbc:ID', '/inv:Invoice/cac:PaymentMeans', '//cac:AllowanceCharge[cbc:MultiplierFactorNumeric]',
  `${T}/cbc:LineExtensionAmount`, '/inv:Invoice/cac:InvoiceLine/cbc:LineExtensionAmount', '/inv:Invoice/cac:InvoiceLine[cac:TaxTotal]',
  '/inv:Invoice/cac:TaxTotal/cbc:TaxAmount', '/inv:Invoice/cac:InvoiceLine/cac:TaxTotal/cbc:TaxAmount', '//cac:TaxTotal | //cac:WithholdingTaxTotal',
  "/inv:Invoice/cac:AllowanceCharge[cbc:ChargeIndicator='false']/cbc:Amount", "/inv:Invoice/cac:AllowanceCharge[cbc:ChargeIndicator='true']/cbc:Amount",
  `${T}/cbc:TaxExclusiveAmount`, `${T}/cbc:TaxInclusiveAmount`, `${T}/cbc:PayableAmount`, '/inv:Invoice/cbc:UUID', '/inv:Invoice/cbc:IssueDate',
  "/inv:Invoice/cac:TaxTotal[cac:TaxSubtotal/cac:TaxCategory/cac:TaxScheme/cbc:ID='01']/cbc:TaxAmount", '/inv:Invoice/cbc:ProfileExecutionID',
];
const select = xpath.useNamespaces(PREFIXES);
const xpaths = new XPaths(PREFIXES);

/** The way it was: two parses. Returns what it found, to compare. */
async function twice(xml: string): Promise<string> {
  const doc = new DOMParser().parseFromString(xml, 'text/xml');
  const signature = await verifyInvoiceSignature(xml, { parsed: doc });
  const xsd = await validateXml(ublSchema(), xml);
  let read = 0;
  for (const q of READS) read += (select(q, doc as unknown as Node) as Node[]).reduce((n, x) => n + (x.textContent ?? '').length, 0);
  return `${signature.valid} ${xsd.length} ${read}`;
}

/** The way it is: one parse, disposed of. */
async function once(xml: string): Promise<string> {
  const lib = await libxml();
  const doc = lib.XmlDocument.fromString(xml);
  try {
    const signature = verifyParsedSignature(lib, doc);
    const xsd = await validateDoc(ublSchema(), doc);
    let read = 0;
    for (const q of READS) read += (doc.find(xpaths.of(lib, q)) as XmlElement[]).reduce((n, x) => n + x.content.length, 0);
    return `${signature.valid} ${xsd.length} ${read}`;
  } finally {
    doc.dispose();
  }
}

async function time(fn: () => Promise<unknown>): Promise<number> {
  const t = performance.now();
  for (let i = 0; i < ROUNDS; i++) await fn();
  return (performance.now() - t) / ROUNDS;
}

async function main() {
  const rows = await withPglite(async (env) => {
    const config = loadConfig({ PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'silent', RATE_LIMIT_PER_MINUTE: '0', ...env });
    const db = await openDb(config);
    await migrate(db);
    await ensureDemo(db);
    const running = await startServer(config, db);
    const client = new Client(running.url, 4);
    try {
      client.token = expect(200, await client.json('POST', '/auth', DEMO_CREDENTIALS.co), 'POST /auth').access_token;
      const types = expect(200, await client.json('GET', '/v1/document-types?type=FV'), 'GET /v1/document-types') as { id: number; code: string }[];
      const fve = types.find((t) => t.code === 'FV-E');
      if (!fve) throw new BenchFailure('The demo company has no FV-E document type');
      const body = { ...(await invoiceBody(client)), document: { id: fve.id }, date: dayIn('America/Bogota', new Date()), stamp: { send: true } };
      const invoice = expect(201, await client.json('POST', '/v1/invoices', body), 'POST /v1/invoices');
      if (invoice.stamp?.status !== 'Accepted') throw new BenchFailure(`The invoice was not accepted: ${JSON.stringify(invoice.stamp)}`);
      const [{ xml }] = await db.query<{ xml: string }>('SELECT xml FROM invoices WHERE id = $1', [invoice.id]);
      await warmUbl();
      const [a, b] = [await twice(xml), await once(xml)];
      if (a !== b) throw new BenchFailure(`The two ways disagree (signature valid, schema errors, characters read): ${a} / ${b}`);
      if (!a.startsWith('true 0 ')) throw new BenchFailure(`The invoice does not verify or validate: ${a}`);
      let two = 0, one = 0;
      for (let r = 0; r < 3; r++) { two += await time(() => twice(xml)); one += await time(() => once(xml)); }
      const sandbox = new SandboxDian(technicalKeys(db));
      const judged = await sandbox.judge(xml, {});
      if (judged.status !== 'Accepted') throw new BenchFailure(`SandboxDian.judge: ${JSON.stringify(judged.errors)}`);
      const judge = await time(() => sandbox.judge(xml, {}));
      return [
        ['parse, verify, validate, read', `${xml.length}`, `${round2(two / 3)}`, `${round2(one / 3)}`, `${round2(one / two)}`],
        ['SandboxDian.judge (once), whole', `${xml.length}`, '', `${round2(judge)}`, ''],
      ];
    } finally {
      client.close();
      await running.close();
    }
  });
  console.log(`The sandbox DIAN's reading of a signed invoice, ${ROUNDS} × 3 rounds, ms per document:\n`);
  console.log(table([['what', 'characters', 'parsed twice', 'parsed once', 'once ÷ twice'], ...rows]));
}

main().catch((e) => {
  console.error(e instanceof BenchFailure ? e.message : e);
  process.exit(1);
});
