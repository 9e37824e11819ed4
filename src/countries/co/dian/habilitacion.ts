/**
 * DIAN enablement (habilitación): before a company may invoice in production,
 * the DIAN asks it to send a set of test documents under the test set id it
 * gave the company's software (`SendTestSetAsync`), and judges each one
 * (`GetStatusZip`). `runDianTestSet` builds that set, signs it with the
 * company's certificate, sends it through the configured authority (the
 * sandbox by default, or the DIAN web service), waits until every document is
 * judged, reports the verdict per document and, when all were accepted,
 * records the pass in the company's settings (`settings.dian.test_set_id`,
 * `settings.dian.test_set_passed_at`): only then may the company's DIAN
 * environment be production (`mayUseProduction`).
 *
 * What is sent: the set as the DIAN composes it for an electronic invoicing
 * software, 30 electronic sales invoices (varied: cash and credit, card and
 * transfer, IVA 19 %, 5 % and 0 %, excluded lines, INC, a line discount,
 * Retefuente, ReteIVA and ReteICA, a global discount), then 10 credit notes
 * (every concept of the annex's table 13.2.4) and 10 debit notes (concepts 1
 * to 4), each note on an invoice of the same set that was accepted: the
 * invoices are judged first, and their CUFEs kept on the run's row.
 *
 * Numbering: every document of the set (invoices and notes alike) carries the
 * DIAN's test numbering (TEST_RESOLUTION: resolution 18760000001, prefix SETP,
 * 990000000 to 995000000, its public technical key), which the DIAN gives
 * every software in habilitación, never a number of the company's production
 * numbering. They are not stored as invoices or notes; each run is a row of
 * `dian_test_sets` and takes the test numbers after the previous runs' and
 * after any number a document type of the company on the test resolution gave
 * (companies invoice on it while in habilitación); that type then continues
 * after the run, so no test number is ever given twice.
 */
import type { Db, Queryable } from '../../../platform/db';
import type { CompanyRow, CompanySettings } from '../../../platform/auth';
import { dayIn } from '../../../platform/dates';
import { companyCredentials } from '../../../einvoice/credentials';
import { signInvoiceXml, type SigningCredentials } from './sign';
import { buildInvoiceXml, buildNoteXml, type DianCustomer, type DianInvoiceDocument } from './ubl';
import type { NoteDocument } from '../../../notes/schema';
import { DEFAULT_SOFTWARE, softwareProvider } from './stamp';
import { isTestSetId, TEST_RESOLUTION, TEST_SET_ID } from './test-resolution';
import { dianFileStems } from './file-names';
import { AAD, openFor } from '../../../platform/secrets';
import { dianIssuer } from './issuer';
import type { DianAuthority, SubmitContext, Verdict } from './authority';
import { served } from '../..';

export { TEST_RESOLUTION };

/**
 * What a test set sends, as the DIAN composes the set of an electronic invoicing software: 50 documents,
 * 30 invoices, 10 credit notes and 10 debit notes (docs/colombia.md names the public sources).
 */
export const TEST_SET_INVOICES = 30;
export const TEST_SET_CREDIT_NOTES = 10;
export const TEST_SET_DEBIT_NOTES = 10;

export interface TestSetDocument {
  /** Its number with the test prefix (SETP990000000). */
  name: string;
  kind: 'Invoice' | 'CreditNote' | 'DebitNote';
  status: string;
  errors: { code: string; message: string }[];
  /** The CUFE of an accepted invoice, the CUDE of an accepted note; null otherwise. */
  cufe: string | null;
  /** Its issue date. */
  date: string;
  /** A note: the invoice of the set it corrects, and its DIAN concept. */
  invoice?: string;
  reason?: number;
}
export interface TestSetResult { status: 'Accepted' | 'Rejected'; documents: TestSetDocument[] }

/** A test set that cannot be run as asked (unknown or non-Colombian company, no certificate, no software registration…): a 4xx. */
export class DianTestSetError extends Error {
  constructor(message: string, readonly param: string) {
    super(message);
    this.name = 'DianTestSetError';
  }
}

/** The message a change of the DIAN environment to production gets until the company passed its test set (null: allowed). */
export function productionRefusal(settings: CompanySettings | null | undefined): string | null {
  return settings?.dian?.test_set_passed_at ? null
    : 'The company has not passed the DIAN test set yet: run POST /admin/v1/companies/{id}/dian/test-set first (settings.dian.test_set_passed_at)';
}
export const mayUseProduction = (settings: CompanySettings | null | undefined) => productionRefusal(settings) === null;

/**
 * The message a change to production gets while an active electronic invoice type of the company still numbers on
 * the DIAN's test resolution (null: none does): that numbering is habilitación's (onTestResolution).
 */
export async function testNumberingRefusal(q: Queryable, companyId: number): Promise<string | null> {
  const types = await q.query<{ id: number; code: string }>(
    `SELECT id, code FROM document_types WHERE ${ON_TEST_RESOLUTION} AND active AND type = 'FV' AND electronic_type = 'ElectronicInvoice' ORDER BY id`, [companyId]);
  if (!types.length) return null;
  return `Document type${types.length > 1 ? 's' : ''} ${types.map((t) => `${t.code} (id ${t.id})`).join(', ')} still number${types.length > 1 ? '' : 's'} on the DIAN's test resolution `
    + `${TEST_RESOLUTION.number} (prefix ${TEST_RESOLUTION.prefix}), which serves habilitación only: deactivate ${types.length > 1 ? 'them' : 'it'} ("active": false) and create the `
    + 'invoice type with the numbering resolution the DIAN authorized for the company, then switch to production';
}

// ------------------------------------------------------------------ the documents

/**
 * The documents a test set sends (src/invoices/co/test-set.ts, given by the app: this client never imports the
 * invoice kernel): the n-th invoice and the j-th note of a set, numbered `number`, dated `date`, made at `now`;
 * the UN/ECE units of their products and the kinds of their payment types.
 */
export interface TestSetDocuments {
  invoice(n: number, number: number, date: string, now: Date): { document: DianInvoiceDocument; customer: DianCustomer };
  note(kind: 'NC' | 'ND', j: number, invoiceIndex: number, number: number, date: string, now: Date): { document: NoteDocument; customer: DianCustomer; reason: number };
  unitCodes: Record<string, string>;
  paymentTypes: Record<string, string>;
}

// ------------------------------------------------------------------ the run

export interface TestSetOptions {
  /** How many invoices (default TEST_SET_INVOICES). */
  invoices?: number;
  /** How many credit notes (default TEST_SET_CREDIT_NOTES). */
  creditNotes?: number;
  /** How many debit notes (default TEST_SET_DEBIT_NOTES). */
  debitNotes?: number;
  /** How long to wait for the verdicts of each phase (invoices, then notes) before reporting the documents not judged yet (default 120 s). */
  timeoutMs?: number;
}

const sleep = (ms: number) => new Promise((ok) => setTimeout(ok, ms));

interface Sent {
  doc: TestSetDocument; ctx: SubmitContext | null; trackId: string | null; verdict: Verdict | null; failure: TestSetDocument['errors'];
}

/** GetStatusZip for each track id until every document is judged (or the time is up), backing off from 0.1 s to 2 s. */
async function awaitVerdicts(authority: DianAuthority, sent: Sent[], timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (let wait = 100; ; wait = Math.min(wait * 2, 2000)) {
    const open = sent.filter((s) => s.trackId && !s.verdict && !s.failure.length);
    if (!open.length) break;
    for (const s of open) {
      try {
        const verdicts = await authority.statusZip(s.trackId!, s.ctx!);
        if (verdicts) s.verdict = verdicts.find((v) => v.cufe === s.ctx!.cufe) ?? verdicts[0];
      } catch (e) {
        s.failure = [{ code: 'TRANSPORT', message: (e as Error).message }];
      }
    }
    if (Date.now() >= deadline) break;
    if (sent.some((s) => s.trackId && !s.verdict && !s.failure.length)) await sleep(wait);
  }
  for (const s of sent) {
    s.doc.status = s.verdict?.status ?? (s.failure.length ? 'Rejected' : 'Pending');
    s.doc.errors = s.verdict?.errors ?? (s.failure.length ? s.failure : [{ code: 'TIMEOUT', message: `Not judged within ${timeoutMs} ms (track id ${s.trackId})` }]);
    if (s.doc.status !== 'Accepted') s.doc.cufe = null;
  }
}

/**
 * The test resolution's numbers are one sequence per company: a document type of the company on the test
 * resolution (resolution 18760000001, or prefix SETP: how companies invoice while in habilitación) draws
 * from it as the test sets do.
 */
const ON_TEST_RESOLUTION = `company_id = $1 AND (resolution->>'number' = '${TEST_RESOLUTION.number}' OR upper(prefix) = '${TEST_RESOLUTION.prefix}')`;

/**
 * Sends the company's test set under `testSetId` and waits for the verdicts; see the module's comment.
 * Throws DianTestSetError (a 4xx) when the set cannot be sent at all; anything the authority answers
 * (rejections, a document not judged in time, a failed call) is reported per document.
 */
export async function runDianTestSet(db: Db, authority: DianAuthority, make: TestSetDocuments, companyId: number, testSetId: string,
  options: TestSetOptions = {}): Promise<TestSetResult> {
  const invoices = options.invoices ?? TEST_SET_INVOICES;
  const creditNotes = options.creditNotes ?? TEST_SET_CREDIT_NOTES;
  const debitNotes = options.debitNotes ?? TEST_SET_DEBIT_NOTES;
  const count = invoices + creditNotes + debitNotes;
  const timeoutMs = options.timeoutMs ?? 120_000;
  if (typeof testSetId !== 'string' || !testSetId.trim()) throw new DianTestSetError('test_set_id is required (the id the DIAN gave the software\'s test set)', 'test_set_id');
  if (!isTestSetId(testSetId)) throw new DianTestSetError(`test_set_id ${TEST_SET_ID['x-hint']}, not "${testSetId}": nothing was sent`, 'test_set_id');
  if (invoices < 1 && creditNotes + debitNotes > 0) throw new DianTestSetError('The notes of a test set correct invoices of the set: send at least one invoice', 'invoices');
  const [company] = await db.query<CompanyRow>('SELECT * FROM companies WHERE company_id = $1', [companyId]);
  if (!company) throw new DianTestSetError(`Company ${companyId} does not exist`, 'id');
  if (!served(company.country)?.authority?.testSet) throw new DianTestSetError(`Company ${companyId} is not Colombian: the DIAN test set is for Colombian companies`, 'id');
  const dian = company.settings?.dian ?? {};
  if (!company.is_demo && (!dian.id || !dian.pin)) {
    throw new DianTestSetError('The company has no DIAN software registration: set settings.dian.id and settings.dian.pin (from the DIAN\'s habilitación portal) first', 'settings.dian');
  }
  let credentials: SigningCredentials;
  try {
    credentials = await companyCredentials(db, company);
  } catch (e) {
    throw new DianTestSetError(`The company's signing certificate cannot be used: ${(e as Error).message}`, 'certificate');
  }
  const software = { ...DEFAULT_SOFTWARE, ...dian };

  // The run and its numbers, taken under the company's row lock so that two runs never share a number, after
  // the previous runs' and after every number a document type on the test resolution gave, which then
  // continues after the run's (its next invoice never repeats a test-set number).
  const run = await db.tx(async (q) => {
    await q.query('SELECT company_id FROM companies WHERE company_id = $1 FOR UPDATE', [companyId]);
    const [next] = await q.query<{ n: string }>(
      `SELECT GREATEST($2::bigint,
                (SELECT MAX(first_number + count) FROM dian_test_sets WHERE company_id = $1),
                (SELECT MAX(consecutive) FROM document_types WHERE ${ON_TEST_RESOLUTION})) AS n`, [companyId, TEST_RESOLUTION.from]);
    const first = Number(next.n);
    if (first + count - 1 > Number(TEST_RESOLUTION.to)) throw new DianTestSetError('The DIAN test numbering is used up for this company', 'test_set_id');
    await q.query(`UPDATE document_types SET consecutive = GREATEST(consecutive, $2::bigint) WHERE ${ON_TEST_RESOLUTION}`, [companyId, first + count]);
    const [row] = await q.query<{ id: number }>(
      `INSERT INTO dian_test_sets (company_id, test_set_id, authority, first_number, count, status) VALUES ($1, $2, $3, $4, $5, 'Running') RETURNING id`,
      [companyId, testSetId, authority.name, first, count]);
    return { id: row.id, first };
  });

  const now = new Date();
  const date = dayIn('America/Bogota', now);
  const issuer = dianIssuer(company);
  const settings = { software: { id: software.id, pin: openFor(software.pin, AAD.pin(company.company_id)), ...softwareProvider(company) }, environment: '2' as const };
  const { paymentTypes, unitCodes } = make;

  const send = async (n: number, doc: TestSetDocument, xml: string, key: string, prefix: 'fv' | 'nc' | 'nd'): Promise<Sent> => {
    const file = `test-set/${run.id}/${n}`;
    const [fileName, zipName] = await dianFileStems(db, company, file, [prefix, 'z'], date);
    const ctx: SubmitContext = { credentials, cufe: key, documentPrefix: prefix, fileName, zipName };
    try {
      const receipt = await authority.sendTestSet(xml, testSetId, ctx);
      return { doc, ctx, trackId: receipt.trackId, verdict: null, failure: receipt.errors };
    } catch (e) {
      return { doc, ctx, trackId: null, verdict: null, failure: [{ code: 'TRANSPORT', message: (e as Error).message }] };
    }
  };

  // 1. The invoices, each judged before any note refers to it.
  const sentInvoices: Sent[] = [];
  for (let n = 0; n < invoices; n++) {
    const number = run.first + n;
    const { document, customer } = make.invoice(n, number, date, now);
    const built = buildInvoiceXml({ document, company: issuer, customer, resolution: TEST_RESOLUTION, settings, unitCodes, paymentTypes });
    const xml = await signInvoiceXml(built.xml, credentials, { written: true });
    const doc: TestSetDocument = { name: `${TEST_RESOLUTION.prefix}${number}`, kind: 'Invoice', status: 'Pending', errors: [], cufe: built.cufe, date };
    sentInvoices.push(await send(n, doc, xml, built.cufe, 'fv'));
  }
  await awaitVerdicts(authority, sentInvoices, timeoutMs);
  // What the invoices got, kept before the notes go (an authority that judges the notes reads it: the sandbox's noteFacts).
  await db.query(`UPDATE dian_test_sets SET documents = $3 WHERE company_id = $1 AND id = $2`,
    [companyId, run.id, JSON.stringify(sentInvoices.map((s) => s.doc))]);

  // 2. The credit notes, then the debit notes, each on an accepted invoice of the set, in turn.
  const accepted = sentInvoices.map((s, i) => ({ s, i })).filter(({ s }) => s.doc.status === 'Accepted');
  const sentNotes: Sent[] = [];
  const notSent: TestSetDocument[] = [];
  const plan = [...Array.from({ length: creditNotes }, (_, j) => ['NC', j] as const), ...Array.from({ length: debitNotes }, (_, j) => ['ND', j] as const)];
  for (const [k, [kind, j]] of plan.entries()) {
    const n = invoices + k;
    const number = run.first + n;
    const name = `${TEST_RESOLUTION.prefix}${number}`;
    const docKind = kind === 'NC' ? 'CreditNote' : 'DebitNote';
    if (!accepted.length) {
      notSent.push({ name, kind: docKind, status: 'Rejected', cufe: null, date,
        errors: [{ code: 'NOT_SENT', message: 'Not sent: no invoice of the set was accepted for the note to correct' }] });
      continue;
    }
    const target = accepted[j % accepted.length];
    const { document, customer, reason } = make.note(kind, j, target.i, number, date, now);
    const built = buildNoteXml({ kind, document, customer, company: issuer, settings, unitCodes, paymentTypes,
      invoice: { number: target.s.doc.name, cufe: target.s.doc.cufe!, date: target.s.doc.date } });
    const xml = await signInvoiceXml(built.xml, credentials, { written: true });
    const doc: TestSetDocument = { name, kind: docKind, status: 'Pending', errors: [], cufe: built.cude, date, invoice: target.s.doc.name, reason };
    sentNotes.push(await send(n, doc, xml, built.cude, kind === 'NC' ? 'nc' : 'nd'));
  }
  await awaitVerdicts(authority, sentNotes, timeoutMs);

  const documents: TestSetDocument[] = [...sentInvoices.map((s) => s.doc), ...sentNotes.map((s) => s.doc), ...notSent]
    .sort((a, b) => a.name.localeCompare(b.name));
  const status = documents.length > 0 && documents.every((d) => d.status === 'Accepted') ? 'Accepted' : 'Rejected';
  await db.tx(async (q) => {
    await q.query(`UPDATE dian_test_sets SET status = $3, documents = $4, finished_at = now() WHERE company_id = $1 AND id = $2`,
      [companyId, run.id, status, JSON.stringify(documents)]);
    if (status === 'Accepted') {
      await q.query(
        `UPDATE companies SET settings = jsonb_set(settings, '{dian}', COALESCE(settings->'dian', '{}'::jsonb)
            || jsonb_build_object('test_set_id', $2::text, 'test_set_passed_at', to_char(now() AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')))
          WHERE company_id = $1`, [companyId, testSetId]);
    }
  });
  return { status, documents };
}
