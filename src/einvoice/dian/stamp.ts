/**
 * Sends a stored Colombian invoice to the tax authority: builds its UBL XML,
 * signs it with the company's certificate, submits it, and records the answer
 * (Accepted with its CUFE, or Rejected with the reasons). A retry after a
 * timeout first asks the authority what it holds for the CUFE, so nothing is
 * sent twice. Runs from the outbox (kind `dian_submit`), after commit.
 */
import { recordSending, recordVerdict } from '../../invoices/kernel';
import { recordNoteSending, recordNoteVerdict } from '../../notes/kernel';
import type { Db, Queryable } from '../../platform/db';
import type { CpuPool } from '../../workers/pool';
import { runTask } from '../../workers/tasks';
import { Credentials, CREDENTIALS_VERSION } from '../credentials';
import { dianIssuer } from './issuer';
import { TEST_RESOLUTION } from './habilitacion';
import type { DianAuthority, NoteFacts, Verdict } from './authority';
import { inProcess } from '../threaded';

/** The demo software registration (the DIAN's habilitación data is per company; see company settings `dian`). */
export const DEFAULT_SOFTWARE = { id: '56f2ae4e-9812-4fad-9255-08fcfcd5ccb0', pin: '12345', environment: '2' as const };

export interface StampResult { status: string; cufe: string | null; errors: Verdict['errors']; observations: string[] }

/** Where a stamping job gets its certificates and does its CPU work (inline when there is no pool). */
export interface Signing { credentials: Credentials; pool?: CpuPool }

/** Marks the outbox job done inside the transaction that records the verdict (Handler's `done`). */
export type Finish = (q: Queryable, result: unknown) => Promise<void>;

export async function stampCoInvoice(db: Db, authority: DianAuthority, companyId: number, invoiceId: string,
  signing: Signing = { credentials: new Credentials(db) }, finish?: Finish): Promise<StampResult> {
  // One query for all the job reads: the invoice, its numbering resolution, company, customer, the
  // kinds of payment types and units of its products, and the version of the company's certificate.
  const [inv] = await db.query(
    `SELECT i.document, i.stamp_status, i.stamp_cufe, i.xml IS NOT NULL AS sent, t.resolution,
            to_jsonb(c) AS company, to_jsonb(u) AS customer,
            (SELECT ${CREDENTIALS_VERSION} FROM company_credentials k WHERE k.company_id = i.company_id AND k.active) AS credentials_version,
            (SELECT json_object_agg(p.id, p.type) FROM payment_types p WHERE p.company_id = i.company_id) AS payment_types,
            (SELECT json_object_agg(p.code, p.unit) FROM products p
              WHERE p.company_id = i.company_id AND p.code IN (SELECT x->>'code' FROM jsonb_array_elements(i.document->'items') x)) AS units
       FROM invoices i JOIN document_types t ON t.company_id = i.company_id AND t.id = i.document_type_id
       JOIN companies c ON c.company_id = i.company_id
       LEFT JOIN customers u ON u.company_id = i.company_id AND u.id = i.customer_id
      WHERE i.company_id = $1 AND i.id = $2 AND i.country = 'CO'`, [companyId, invoiceId]);
  if (!inv) throw new Error(`invoice ${invoiceId} not found`);
  if (inv.stamp_status === 'Accepted') return { status: 'Accepted', cufe: inv.stamp_cufe, errors: [], observations: [] };

  const company = inv.company;
  const credentials = await signing.credentials.company(company, inv.credentials_version);
  const context = (cufe: string) => ({ credentials, cufe, fileName: fileStem(company.tax_id, inv.document.date, inv.document.number) });

  // An attempt whose answer never came (its XML is kept until then) may have reached the authority: ask before
  // sending again. A Rejected invoice sent again (POST /stamp drops its XML) is rebuilt from its corrected data.
  let verdict = inv.stamp_cufe && inv.sent ? await authority.status(inv.stamp_cufe, context(inv.stamp_cufe)) : null;
  let cufe: string | null = inv.stamp_cufe;
  let xml: string | null = null;
  if (!verdict) {
    const dian = { ...DEFAULT_SOFTWARE, ...(company.settings?.dian ?? {}) };
    const input = {
      document: inv.document, company: dianIssuer(company), customer: inv.customer, resolution: inv.resolution,
      settings: { software: { id: dian.id, pin: dian.pin, provider_nit: company.tax_id, provider_check_digit: company.check_digit }, environment: dian.environment },
      unitCodes: inv.units ?? {}, paymentTypes: inv.payment_types ?? {},
    };
    const signed = await runTask(signing.pool, 'dian.sign', { input, credentials });
    cufe = signed.cufe;
    xml = signed.xml;
    // Remember what is being sent before sending it (to an authority outside this process).
    if (!inProcess(authority)) {
      await recordSending(db, companyId, invoiceId, xml, cufe);
    }
    verdict = await authority.send(xml, context(cufe));
  }
  const final = verdict;
  const result = { status: final.status, cufe: final.status === 'Accepted' ? final.cufe : null, errors: final.errors, observations: final.observations };
  await db.tx(async (q) => {
    await recordVerdict(q, companyId, invoiceId, {
      status: final.status, cufe: final.status === 'Accepted' ? final.cufe : cufe, errors: final.errors, observations: final.observations,
      authority: authority.name, applicationResponse: final.applicationResponse ?? null, xml,
    });
    await finish?.(q, result);
  });
  return result;
}

/**
 * Sends a stored credit or debit note to the DIAN, as stampCoInvoice sends an invoice: its UBL CreditNote or
 * DebitNote (with the CUDE, the concept and the reference to the accepted invoice), signed, submitted, and the
 * verdict recorded on the note. Runs from the outbox (kind `dian_note_submit`), after commit.
 */
export async function stampCoNote(db: Db, authority: DianAuthority, companyId: number, noteId: string,
  signing: Signing = { credentials: new Credentials(db) }, finish?: Finish): Promise<StampResult> {
  const [n] = await db.query(
    `SELECT n.kind, n.document, n.stamp_status, n.stamp_cude, n.xml IS NOT NULL AS sent, i.prefix || i.number AS invoice_number,
            i.stamp_cufe AS invoice_cufe, i.date::text AS invoice_date, to_jsonb(c) AS company, to_jsonb(u) AS customer,
            (SELECT ${CREDENTIALS_VERSION} FROM company_credentials k WHERE k.company_id = n.company_id AND k.active) AS credentials_version,
            (SELECT json_object_agg(p.id, p.type) FROM payment_types p WHERE p.company_id = n.company_id) AS payment_types,
            (SELECT json_object_agg(p.code, p.unit) FROM products p
              WHERE p.company_id = n.company_id AND p.code IN (SELECT x->>'code' FROM jsonb_array_elements(n.document->'items') x)) AS units
       FROM notes n JOIN invoices i ON i.company_id = n.company_id AND i.id = n.invoice_id
       JOIN companies c ON c.company_id = n.company_id
       LEFT JOIN customers u ON u.company_id = n.company_id AND u.id = n.customer_id
      WHERE n.company_id = $1 AND n.id = $2`, [companyId, noteId]);
  if (!n) throw new Error(`note ${noteId} not found`);
  if (n.stamp_status === 'Accepted') return { status: 'Accepted', cufe: n.stamp_cude, errors: [], observations: [] };
  const company = n.company;
  const credentials = await signing.credentials.company(company, n.credentials_version);
  const context = (cude: string) => ({
    credentials, cufe: cude, fileName: fileStem(company.tax_id, n.document.date, n.document.number), documentPrefix: n.kind === 'NC' ? 'nc' as const : 'nd' as const,
  });
  let verdict = n.stamp_cude && n.sent ? await authority.status(n.stamp_cude, context(n.stamp_cude)) : null;
  let cude: string | null = n.stamp_cude;
  let xml: string | null = null;
  if (!verdict) {
    const dian = { ...DEFAULT_SOFTWARE, ...(company.settings?.dian ?? {}) };
    const input = {
      kind: n.kind, document: n.document, company: dianIssuer(company), customer: n.customer,
      invoice: { number: n.invoice_number, cufe: n.invoice_cufe, date: n.invoice_date },
      settings: { software: { id: dian.id, pin: dian.pin, provider_nit: company.tax_id, provider_check_digit: company.check_digit }, environment: dian.environment },
      unitCodes: n.units ?? {}, paymentTypes: n.payment_types ?? {},
    };
    const signed = await runTask(signing.pool, 'dian.signNote', { input, credentials });
    cude = signed.cude;
    xml = signed.xml;
    if (!inProcess(authority)) await recordNoteSending(db, companyId, noteId, xml, cude);
    verdict = await authority.send(xml, context(cude));
  }
  const final = verdict;
  const result = { status: final.status, cufe: final.status === 'Accepted' ? final.cufe : null, errors: final.errors, observations: final.observations };
  await db.tx(async (q) => {
    await recordNoteVerdict(q, companyId, noteId, {
      status: final.status, cufe: final.status === 'Accepted' ? final.cufe : cude, errors: final.errors, observations: final.observations,
      authority: authority.name, applicationResponse: final.applicationResponse ?? null, xml,
    });
    await finish?.(q, result);
  });
  return result;
}

/** The DIAN file name stem: NIT in 10 digits, provider code 000, year in 2 digits, number in 8 hex digits. */
export function fileStem(nit: string, date: string, number: number): string {
  return `${nit.padStart(10, '0')}000${String(date).slice(2, 4)}${Number(number).toString(16).padStart(8, '0')}`;
}

/**
 * The sandbox's knowledge of technical keys: the resolutions stored for the company with that NIT, and the
 * DIAN's test numbering of habilitación, which every company may use.
 */
export function technicalKeys(db: Db) {
  return async (nit: string, resolution: string): Promise<string | null> => {
    if (resolution === TEST_RESOLUTION.number) return TEST_RESOLUTION.technical_key;
    const [row] = await db.query(
      `SELECT t.resolution->>'technical_key' AS key FROM document_types t JOIN companies c ON c.company_id = t.company_id
        WHERE c.country = 'CO' AND c.tax_id = $1 AND t.resolution->>'number' = $2 LIMIT 1`, [nit, resolution]);
    return row?.key ?? null;
  };
}

/** What the sandbox knows to judge notes: the software PINs of the companies with that NIT, and their accepted invoices. */
export function noteFacts(db: Db): NoteFacts {
  return {
    async softwarePin(nit, softwareId) {
      const rows = await db.query<{ settings: any }>(`SELECT settings FROM companies WHERE country = 'CO' AND tax_id = $1`, [nit]);
      for (const r of rows) {
        const dian = { ...DEFAULT_SOFTWARE, ...(r.settings?.dian ?? {}) };
        if (dian.id === softwareId) return dian.pin;
      }
      return null;
    },
    async acceptedInvoice(nit, cufe) {
      const [row] = await db.query<{ number: string; date: string }>(
        `SELECT i.prefix || i.number AS number, i.date::text AS date FROM invoices i JOIN companies c ON c.company_id = i.company_id
          WHERE c.country = 'CO' AND c.tax_id = $1 AND i.stamp_cufe = $2 AND i.stamp_status = 'Accepted' AND i.deleted_at IS NULL LIMIT 1`, [nit, cufe]);
      return row ?? null;
    },
  };
}
