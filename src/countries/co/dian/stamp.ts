/**
 * Sends a stored Colombian invoice to the tax authority: builds its UBL XML,
 * signs it with the company's certificate, submits it, and records the answer
 * (Accepted with its CUFE, or Rejected with the reasons). A retry after a
 * timeout first asks the authority what it holds for the CUFE, so nothing is
 * sent twice. Runs from the outbox (kind `dian_submit`), after commit.
 */
import type { recordSending, recordVerdict } from '../../../invoices/kernel';
import type { FoldedDone, recordQuietVerdict } from '../../../invoices/verdict';
import { recordNoteSending, recordNoteVerdict } from '../../../notes/kernel';
import type { Db, Queryable } from '../../../platform/db';
import { AAD, openFor } from '../../../platform/secrets';
import type { CpuPool } from '../../../workers/pool';
import { runTask } from '../../../workers/tasks';
import { Credentials, CREDENTIALS_VERSION } from '../../../einvoice/credentials';
import { dianIssuer } from './issuer';
import { nitCheckDigit } from '../../../platform/nit';
import { dianFileStems } from './file-names';
import { TEST_RESOLUTION } from './test-resolution';
import type { DianAuthority, NoteFacts, Verdict } from './authority';
import type { SigningCredentials } from './sign';
import type { BuildInvoiceInput, DianCustomer, DianInvoiceDocument, DianResolution } from './ubl';
import { companyJson, type CompanyRow, type CompanySettings } from '../../../platform/auth';
import type { NoteDocument } from '../../../notes/schema';
import { inProcess } from '../../../einvoice/threaded';
import { unbuilt } from '../../../einvoice/unbuildable';

/** The demo software registration (the DIAN's habilitación data is per company; see company settings `dian`). */
export const DEFAULT_SOFTWARE = { id: '56f2ae4e-9812-4fad-9255-08fcfcd5ccb0', pin: '12345', environment: '2' as const };

export interface StampResult { status: string; cufe: string | null; errors: Verdict['errors']; observations: string[] }

/** Where a stamping job gets its certificates and does its CPU work (inline when there is no pool). */
export interface Signing { credentials: Credentials; pool?: CpuPool }

/**
 * Marks the outbox job done inside the transaction that records the verdict (Handler's `done`), or (`folded`)
 * in the one statement that records it.
 */
export type Finish = ((q: Queryable, result: unknown) => Promise<void>) & { folded?: (first: number, result: unknown) => ReturnType<FoldedDone> };

/** What a stamping job reads besides its document: company, customer, certificate version, payment type kinds and product units. */
const jobReads = (t: string) => `${companyJson('c')} AS company, to_jsonb(u) AS customer,
            (SELECT ${CREDENTIALS_VERSION} FROM company_credentials k WHERE k.company_id = ${t}.company_id AND k.active) AS credentials_version,
            (SELECT json_object_agg(p.id, p.type) FROM payment_types p WHERE p.company_id = ${t}.company_id) AS payment_types,
            (SELECT json_object_agg(p.code, p.unit) FROM products p
              WHERE p.company_id = ${t}.company_id AND p.code IN (SELECT x->>'code' FROM jsonb_array_elements(${t}.document->'items') x)) AS units`;
const jobJoins = (t: string) => `JOIN companies c ON c.company_id = ${t}.company_id
       LEFT JOIN customers u ON u.company_id = ${t}.company_id AND u.id = ${t}.customer_id`;

/**
 * What a stamping job records on the invoice it sends: the invoice kernel's functions (src/invoices/kernel.ts),
 * given by the app (src/server.ts), so that the tax-authority clients never import the invoice kernel.
 */
export interface InvoiceRecords { recordSending: typeof recordSending; recordVerdict: typeof recordVerdict; recordQuietVerdict?: typeof recordQuietVerdict }

/** A stored document as a stamping job reads it (key: its CUFE or CUDE, once one was sent). */
interface Stored<D extends { date: string }> {
  document: D; company: CompanyRow; customer: DianCustomer; stamp_status: string; key: string | null; sent: boolean;
  credentials_version: string | null; payment_types: Record<string, string> | null; units: Record<string, string> | null;
}

/** How one kind of document is built, named and recorded. */
interface Submission {
  /** The document's id (its DIAN file names are kept under it). */
  id: string;
  /** The file's prefix inside the web service's ZIP. */
  prefix: 'fv' | 'nc' | 'nd';
  /** Builds and signs the document (on the pool) from what every kind shares. */
  sign(base: Omit<BuildInvoiceInput, 'resolution' | 'document'>, credentials: SigningCredentials): Promise<{ xml: string; key: string }>;
  recordSending(xml: string, key: string): Promise<void>;
  recordVerdict(q: Queryable, outcome: Parameters<typeof recordVerdict>[3]): Promise<void>;
  /** The verdict, its event and the job's `done` in one statement when nothing reacts to the event; false: it wrote nothing. */
  recordQuietVerdict?(outcome: Parameters<typeof recordVerdict>[3], done?: FoldedDone): Promise<boolean>;
}

/**
 * What every DIAN stamping job does with its stored document: nothing if it is Accepted already; after an
 * attempt whose answer never came (its XML is kept until then), ask the authority before sending again;
 * otherwise build, sign (with the company's certificate), record what is sent when the authority is outside
 * this process, send, and record the verdict with the job's `finish` in one transaction.
 */
async function submit<D extends { date: string }>(db: Db, authority: DianAuthority, signing: Signing, row: Stored<D>, s: Submission, finish?: Finish): Promise<StampResult> {
  if (row.stamp_status === 'Accepted') return { status: 'Accepted', cufe: row.key, errors: [], observations: [] };
  const company = row.company;
  const credentials = await signing.credentials.company(company, row.credentials_version);
  const [fileName, zipName] = await dianFileStems(db, company, s.id, [s.prefix, 'z'], row.document.date);
  const context = (key: string) => ({ credentials, cufe: key, fileName, zipName, documentPrefix: s.prefix });
  // A Rejected document sent again (POST /stamp drops its XML) is rebuilt from its corrected data.
  let verdict = row.key && row.sent ? await authority.status(row.key, context(row.key)) : null;
  let key: string | null = row.key;
  let xml: string | null = null;
  if (!verdict) {
    const dian = { ...DEFAULT_SOFTWARE, ...(company.settings?.dian ?? {}) };
    const signed = await s.sign({
      company: dianIssuer(company), customer: row.customer,
      settings: { software: { id: dian.id, pin: openFor(dian.pin, AAD.pin(company.company_id)), ...softwareProvider(company) }, environment: dian.environment === '1' ? '1' : '2' },
      unitCodes: row.units ?? {}, paymentTypes: row.payment_types ?? {},
    }, credentials).catch((e: unknown) => {
      // A document that cannot be built is rejected here, never sent and never retried (src/einvoice/unbuildable.ts).
      const errors = unbuilt(e);
      if (!errors) throw e;
      return { errors };
    });
    if ('errors' in signed) {
      verdict = { status: 'Rejected', cufe: null, errors: signed.errors, observations: [] };
    } else {
      key = signed.key;
      xml = signed.xml;
      // Remember what is being sent before sending it (to an authority outside this process).
      if (!inProcess(authority)) await s.recordSending(xml, key);
      verdict = await authority.send(xml, context(key));
    }
  }
  const final = verdict;
  const result = { status: final.status, cufe: final.status === 'Accepted' ? final.cufe : null, errors: final.errors, observations: final.observations };
  const outcome = {
    status: final.status, cufe: final.status === 'Accepted' ? final.cufe : key, errors: final.errors, observations: final.observations,
    authority: authority.name, applicationResponse: final.applicationResponse ?? null, xml,
  };
  // One statement when nothing reacts to the verdict (and the job's done can go in it); otherwise a transaction.
  const folded = finish && (finish.folded ? (first: number) => finish.folded!(first, result) : null);
  if (folded !== null && await s.recordQuietVerdict?.(outcome, folded)) return result;
  await db.tx(async (q) => {
    await s.recordVerdict(q, outcome);
    await finish?.(q, result);
  });
  return result;
}

/** One query for all the job reads: the invoice, its numbering resolution and what every job reads. */
const invoiceJob = (where: string) => `SELECT i.document, i.stamp_status, i.stamp_cufe AS key, i.xml IS NOT NULL AS sent, t.resolution, ${jobReads('i')}
       FROM invoices i JOIN document_types t ON t.company_id = i.company_id AND t.id = i.document_type_id
       ${jobJoins('i')}
      WHERE ${where}`;

/** The invoice's job reads as the outbox reads them in the statement that claims the job (OutboxOptions.reads): one JSON object. */
export const CO_INVOICE_JOB_READ = `SELECT to_jsonb(x) FROM (${invoiceJob('i.company_id = job.company_id AND i.id = job.ref_id')}) x`;

/** `loaded`: the job's reads as the claim read them (CO_INVOICE_JOB_READ); read here when not given. */
export async function stampCoInvoice(db: Db, authority: DianAuthority, invoices: InvoiceRecords, companyId: number, invoiceId: string,
  signing: Signing = { credentials: new Credentials(db) }, finish?: Finish, loaded?: unknown): Promise<StampResult> {
  type Read = Stored<DianInvoiceDocument> & { resolution: DianResolution };
  const [inv] = loaded ? [loaded as Read] : await db.query<Read>(invoiceJob('i.company_id = $1 AND i.id = $2'), [companyId, invoiceId]);
  if (!inv) throw new Error(`invoice ${invoiceId} not found`);
  return submit(db, authority, signing, inv, {
    id: invoiceId,
    prefix: 'fv',
    sign: async (base, credentials) => {
      const resolution = { ...inv.resolution, technical_key: openFor(inv.resolution.technical_key, AAD.technicalKey(companyId, inv.resolution.number)) };
      const signed = await runTask(signing.pool, 'dian.sign', { input: { ...base, document: inv.document, resolution }, credentials }, { tenant: companyId });
      return { xml: signed.xml, key: signed.cufe };
    },
    recordSending: (xml, key) => invoices.recordSending(db, companyId, invoiceId, xml, key),
    recordVerdict: (q, outcome) => invoices.recordVerdict(q, companyId, invoiceId, outcome),
    recordQuietVerdict: invoices.recordQuietVerdict && ((outcome, done) => invoices.recordQuietVerdict!(db, companyId, invoiceId, outcome, done)),
  }, finish);
}

/**
 * Sends a stored credit or debit note to the DIAN, as stampCoInvoice sends an invoice: its UBL CreditNote or
 * DebitNote (with the CUDE, the concept and the reference to the accepted invoice), signed, submitted, and the
 * verdict recorded on the note. Runs from the outbox (kind `dian_note_submit`), after commit.
 */
export async function stampCoNote(db: Db, authority: DianAuthority, companyId: number, noteId: string,
  signing: Signing = { credentials: new Credentials(db) }, finish?: Finish): Promise<StampResult> {
  const [n] = await db.query<Stored<NoteDocument> & { kind: 'NC' | 'ND'; invoice_number: string; invoice_cufe: string; invoice_date: string; invoice_pos: boolean }>(
    `SELECT n.kind, n.document, n.stamp_status, n.stamp_cude AS key, n.xml IS NOT NULL AS sent, i.prefix || i.number AS invoice_number,
            i.stamp_cufe AS invoice_cufe, i.date::text AS invoice_date, it.electronic_type = 'PosEquivalentDocument' AS invoice_pos, ${jobReads('n')}
       FROM notes n JOIN invoices i ON i.company_id = n.company_id AND i.id = n.invoice_id
       JOIN document_types it ON it.company_id = i.company_id AND it.id = i.document_type_id
       ${jobJoins('n')}
      WHERE n.company_id = $1 AND n.id = $2`, [companyId, noteId]);
  if (!n) throw new Error(`note ${noteId} not found`);
  return submit(db, authority, signing, n, {
    id: noteId,
    prefix: n.kind === 'NC' ? 'nc' : 'nd',
    sign: async (base, credentials) => {
      const input = { ...base, document: n.document, kind: n.kind, invoice: { number: n.invoice_number, cufe: n.invoice_cufe, date: n.invoice_date, pos: n.invoice_pos } };
      const signed = await runTask(signing.pool, 'dian.signNote', { input, credentials }, { tenant: companyId });
      return { xml: signed.xml, key: signed.cude };
    },
    recordSending: (xml, key) => recordNoteSending(db, companyId, noteId, xml, key),
    recordVerdict: (q, outcome) => recordNoteVerdict(q, companyId, noteId, outcome),
  }, finish);
}

/** The software provider (sts:ProviderID): settings.dian.provider_nit, else the company itself. */
export function softwareProvider(company: { tax_id: string; check_digit?: string | null; settings?: { dian?: { provider_nit?: string; provider_check_digit?: string } } }):
  { provider_nit: string; provider_check_digit?: string } {
  const p = company.settings?.dian;
  if (p?.provider_nit) return { provider_nit: p.provider_nit, provider_check_digit: p.provider_check_digit ?? nitCheckDigit(p.provider_nit) };
  return { provider_nit: company.tax_id, provider_check_digit: company.check_digit ?? undefined };
}


/**
 * The sandbox's knowledge of technical keys: the resolutions stored for the company with that NIT, and the
 * DIAN's test numbering of habilitación, which every company may use.
 */
export function technicalKeys(db: Db) {
  return async (nit: string, resolution: string): Promise<string | null> => {
    if (resolution === TEST_RESOLUTION.number) return TEST_RESOLUTION.technical_key;
    const [row] = await db.query<{ company_id: number; key: string | null }>(
      `SELECT t.company_id, t.resolution->>'technical_key' AS key FROM document_types t JOIN companies c ON c.company_id = t.company_id
        WHERE c.country = 'CO' AND c.tax_id = $1 AND t.resolution->>'number' = $2 LIMIT 1`, [nit, resolution]);
    return row?.key ? openFor(row.key, AAD.technicalKey(row.company_id, resolution)) : null;
  };
}

/**
 * What the sandbox knows to judge notes and POS tickets: the software PINs of the companies with that NIT, their
 * accepted invoices (and those of their DIAN test sets), and what each of their resolutions numbers.
 */
export function noteFacts(db: Db): NoteFacts {
  return {
    async resolutionKind(nit, resolution) {
      const [row] = await db.query<{ kind: string }>(
        `SELECT t.electronic_type AS kind FROM document_types t JOIN companies c ON c.company_id = t.company_id
          WHERE c.country = 'CO' AND c.tax_id = $1 AND t.resolution->>'number' = $2 LIMIT 1`, [nit, resolution]);
      return row?.kind ?? null;
    },
    async softwarePin(nit, softwareId) {
      const rows = await db.query<{ company_id: number; settings: CompanySettings | null }>(`SELECT company_id, settings FROM companies WHERE country = 'CO' AND tax_id = $1`, [nit]);
      for (const r of rows) {
        const dian = { ...DEFAULT_SOFTWARE, ...(r.settings?.dian ?? {}) };
        if (dian.id === softwareId) return openFor(dian.pin, AAD.pin(r.company_id));
      }
      return null;
    },
    async acceptedInvoice(nit, cufe) {
      const [row] = await db.query<{ number: string; date: string; pos: boolean }>(
        `SELECT i.prefix || i.number AS number, i.date::text AS date, t.electronic_type = 'PosEquivalentDocument' AS pos
           FROM invoices i JOIN companies c ON c.company_id = i.company_id JOIN document_types t ON t.company_id = i.company_id AND t.id = i.document_type_id
          WHERE c.country = 'CO' AND c.tax_id = $1 AND i.stamp_cufe = $2 AND i.stamp_status = 'Accepted' AND i.deleted_at IS NULL LIMIT 1`, [nit, cufe]);
      if (row) return row;
      // An invoice of a DIAN test set (habilitación), which the notes of the set correct: never stored as an invoice.
      const [test] = await db.query<{ number: string; date: string }>(
        `SELECT d->>'name' AS number, d->>'date' AS date
           FROM dian_test_sets s JOIN companies c ON c.company_id = s.company_id, jsonb_array_elements(s.documents) d
          WHERE c.country = 'CO' AND c.tax_id = $1 AND d->>'kind' = 'Invoice' AND d->>'status' = 'Accepted' AND d->>'cufe' = $2 LIMIT 1`, [nit, cufe]);
      return test ?? null;
    },
  };
}
