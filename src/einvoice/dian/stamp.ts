/**
 * Sends a stored Colombian invoice to the tax authority: builds its UBL XML,
 * signs it with the company's certificate, submits it, and records the answer
 * (Accepted with its CUFE, or Rejected with the reasons). A retry after a
 * timeout first asks the authority what it holds for the CUFE, so nothing is
 * sent twice. Runs from the outbox (kind `dian_submit`), after commit.
 */
import { afterVerdict } from '../../mail/store';
import type { Db, Queryable } from '../../platform/db';
import { companyCredentials } from '../credentials';
import { signInvoiceXml } from './sign';
import { buildInvoiceXml } from './ubl';
import { dianIssuer } from './issuer';
import { TEST_RESOLUTION } from './habilitacion';
import type { DianAuthority, Verdict } from './authority';

/** The demo software registration (the DIAN's habilitación data is per company; see company settings `dian`). */
export const DEFAULT_SOFTWARE = { id: '56f2ae4e-9812-4fad-9255-08fcfcd5ccb0', pin: '12345', environment: '2' as const };

export interface StampResult { status: string; cufe: string | null; errors: Verdict['errors']; observations: string[] }

export async function stampCoInvoice(db: Db, authority: DianAuthority, companyId: number, invoiceId: string): Promise<StampResult> {
  const [inv] = await db.query(
    `SELECT i.document, i.stamp_status, i.stamp_cufe, i.xml IS NOT NULL AS sent, i.customer_id, i.document_type_id, t.resolution, t.prefix
       FROM invoices i JOIN document_types t ON t.company_id = i.company_id AND t.id = i.document_type_id
      WHERE i.company_id = $1 AND i.id = $2 AND i.country = 'CO'`, [companyId, invoiceId]);
  if (!inv) throw new Error(`invoice ${invoiceId} not found`);
  if (inv.stamp_status === 'Accepted') return { status: 'Accepted', cufe: inv.stamp_cufe, errors: [], observations: [] };

  const [company] = await db.query('SELECT * FROM companies WHERE company_id = $1', [companyId]);
  const credentials = await companyCredentials(db, company);
  const context = (cufe: string) => ({ credentials, cufe, fileName: fileStem(company.tax_id, inv.document.date, inv.document.number) });

  // An attempt whose answer never came (its XML is kept until then) may have reached the authority: ask before
  // sending again. A Rejected invoice sent again (POST /stamp drops its XML) is rebuilt from its corrected data.
  let verdict = inv.stamp_cufe && inv.sent ? await authority.status(inv.stamp_cufe, context(inv.stamp_cufe)) : null;
  let cufe: string | null = inv.stamp_cufe;
  if (!verdict) {
    const [customer] = await db.query('SELECT * FROM customers WHERE company_id = $1 AND id = $2', [companyId, inv.customer_id]);
    const [types] = await db.query(`SELECT json_object_agg(id, type) AS m FROM payment_types WHERE company_id = $1`, [companyId]);
    const [units] = await db.query(`SELECT json_object_agg(code, unit) AS m FROM products WHERE company_id = $1 AND code = ANY($2::text[])`,
      [companyId, (inv.document.items as any[]).map((i) => i.code)]);
    const dian = { ...DEFAULT_SOFTWARE, ...(company.settings?.dian ?? {}) };
    const built = buildInvoiceXml({
      document: inv.document, company: dianIssuer(company), customer, resolution: inv.resolution,
      settings: { software: { id: dian.id, pin: dian.pin, provider_nit: company.tax_id, provider_check_digit: company.check_digit }, environment: dian.environment },
      unitCodes: units.m ?? {}, paymentTypes: types.m ?? {},
    });
    const xml = await signInvoiceXml(built.xml, credentials);
    cufe = built.cufe;
    // Remember what is being sent before sending it.
    await db.query(`UPDATE invoices SET xml = $3, stamp_cufe = $4, stamp_status = 'Pending', updated_at = now() WHERE company_id = $1 AND id = $2`,
      [companyId, invoiceId, xml, cufe]);
    verdict = await authority.send(xml, context(cufe));
  }
  const final = verdict;
  await db.tx(async (q) => {
    await q.query(
      `UPDATE invoices SET stamp_status = $3, stamp_cufe = $4, stamp_errors = $5, stamp_observations = $6, stamp_authority = $7,
              application_response = $8, updated_at = now()
        WHERE company_id = $1 AND id = $2`,
      [companyId, invoiceId, final.status, final.status === 'Accepted' ? final.cufe : cufe, JSON.stringify(final.errors), JSON.stringify(final.observations),
        authority.name, final.applicationResponse ?? null]);
    await afterVerdict(q, companyId, invoiceId, final.status);
  });
  return { status: verdict.status, cufe: verdict.status === 'Accepted' ? verdict.cufe : null, errors: verdict.errors, observations: verdict.observations };
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
