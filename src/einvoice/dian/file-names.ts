/**
 * DIAN file names, as the Anexo Técnico 1.9 rules them:
 *
 *   <type><NIT><ppp><yy><consecutive>.<xml|zip>
 *
 * type fv (invoice), nc (credit note), nd (debit note), ad (AttachedDocument), z (ZIP);
 * NIT the issuer's, 10 digits padded with zeros; ppp the software provider's code; yy the
 * year; the consecutive, in 8 hex digits, counts per file type, issuer and year.
 *
 * A name is given once per document and file (migrations/038: dian_files) and kept: the
 * same document sent or mailed again keeps its names, and no other file takes them.
 * The provider code (ppp): the annex names it the technology provider's code, a code the DIAN
 * gives, not something derived from the provider's NIT; public stacks that follow the annex write
 * 000 for a company's own software (and 001 for the DIAN's free solution). So: settings.dian.provider_code
 * when set (three digits, as the DIAN gave it to the software provider), else 000. Earlier versions
 * wrote the last three digits of settings.dian.provider_nit, which no source supports.
 */
import type { Queryable } from '../../platform/db';

export type DianFileType = 'fv' | 'nc' | 'nd' | 'ad' | 'z';

interface Issuer { company_id: number; tax_id: string; settings?: { dian?: { provider_nit?: string; provider_code?: string } } | null }

/** The provider code (ppp) of the file names. */
export function providerCode(company: Pick<Issuer, 'tax_id' | 'settings'>): string {
  const code = company.settings?.dian?.provider_code;
  return typeof code === 'string' && /^[0-9]{3}$/.test(code) ? code : '000';
}

/** A stem from its parts (NIT, provider code, year, consecutive). */
export function stemOf(company: Pick<Issuer, 'tax_id' | 'settings'>, year: number, consecutive: number): string {
  return `${company.tax_id.padStart(10, '0')}${providerCode(company)}${String(year % 100).padStart(2, '0')}${consecutive.toString(16).padStart(8, '0')}`;
}

/**
 * The stem of the file `type` of a document (`key`: its id, or "<id>/<purpose>" for another file
 * of the same type), dated `date` (yyyy-MM-dd): the one it was given, else the next consecutive
 * of that type, issuer and year. Each statement stands alone: a consecutive taken by a race that
 * lost is skipped, never given twice.
 */
export async function dianFileStem(q: Queryable, company: Issuer, key: string, type: DianFileType, date: string): Promise<string> {
  const cid = company.company_id;
  const given = async () => (await q.query<{ name: string }>(
    'SELECT name FROM dian_files WHERE company_id = $1 AND document_key = $2 AND file_type = $3', [cid, key, type]))[0]?.name;
  const had = await given();
  if (had) return had;
  const year = Number(date.slice(0, 4));
  const [counter] = await q.query<{ last: number }>(
    `INSERT INTO dian_file_counters (company_id, file_type, year, last) VALUES ($1, $2, $3, 1)
     ON CONFLICT (company_id, file_type, year) DO UPDATE SET last = dian_file_counters.last + 1 RETURNING last`, [cid, type, year]);
  const name = stemOf(company, year, Number(counter.last));
  await q.query(`INSERT INTO dian_files (company_id, document_key, file_type, year, consecutive, name) VALUES ($1, $2, $3, $4, $5, $6)
                 ON CONFLICT (company_id, document_key, file_type) DO NOTHING`, [cid, key, type, year, Number(counter.last), name]);
  return (await given())!;
}
