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
import { prepared, type Queryable } from '../../../platform/db';

export type DianFileType = 'fv' | 'nc' | 'nd' | 'ad' | 'z';

interface Issuer { company_id: number; tax_id: string; settings?: { dian?: { provider_nit?: string; provider_code?: string } } | null }

/** The provider code (ppp) of the file names. */
export function providerCode(company: Pick<Issuer, 'tax_id' | 'settings'>): string {
  const code = company.settings?.dian?.provider_code;
  return typeof code === 'string' && /^[0-9]{3}$/.test(code) ? code : '000';
}

/** A stem from its parts (NIT, provider code, year, consecutive). */
export function stemOf(company: Pick<Issuer, 'tax_id' | 'settings'>, year: number, consecutive: number): string {
  return `${stemHead(company, year)}${consecutive.toString(16).padStart(8, '0')}`;
}

/** What precedes the consecutive in a stem: NIT, provider code and year. */
const stemHead = (company: Pick<Issuer, 'tax_id' | 'settings'>, year: number) =>
  `${company.tax_id.padStart(10, '0')}${providerCode(company)}${String(year % 100).padStart(2, '0')}`;

/**
 * The stem of the file `type` of a document (`key`: its id, or "<id>/<purpose>" for another file
 * of the same type), dated `date` (yyyy-MM-dd): the one it was given, else the next consecutive
 * of that type, issuer and year. Each statement stands alone: a consecutive taken by a race that
 * lost is skipped, never given twice.
 */
export async function dianFileStem(q: Queryable, company: Issuer, key: string, type: DianFileType, date: string): Promise<string> {
  return (await dianFileStems(q, company, key, [type], date))[0];
}

/**
 * dianFileStems' statement, prepared: it runs once per electronic document sent, and planning it cost PostgreSQL
 * more than running it. 8 hex digits hold every consecutive (an integer), so lpad never cuts one.
 */
const STEMS = prepared(`WITH had AS (SELECT file_type, name FROM dian_files WHERE company_id = $1 AND document_key = $2 AND file_type = ANY($3::text[])),
     taken AS (INSERT INTO dian_file_counters (company_id, file_type, year, last)
                SELECT $1, t, $4, 1 FROM unnest($3::text[]) t WHERE t NOT IN (SELECT file_type FROM had)
                ON CONFLICT (company_id, file_type, year) DO UPDATE SET last = dian_file_counters.last + 1 RETURNING file_type, last),
     kept AS (INSERT INTO dian_files (company_id, document_key, file_type, year, consecutive, name)
               SELECT $1, $2, file_type, $4, last, $5 || lpad(to_hex(last), 8, '0') FROM taken
               ON CONFLICT (company_id, document_key, file_type) DO NOTHING RETURNING file_type, name)
     SELECT file_type, name FROM had UNION ALL SELECT file_type, name FROM kept`);

/**
 * The stems of several files of one document (dianFileStem for each type, in that order), in one
 * statement: those given before, and the next consecutive of each other type, taken and kept.
 * A name a concurrent statement gave first (its insert won) is read back afterwards.
 */
export async function dianFileStems(q: Queryable, company: Issuer, key: string, types: DianFileType[], date: string): Promise<string[]> {
  const cid = company.company_id;
  const year = Number(date.slice(0, 4));
  const wanted = [...new Set(types)];
  const rows = await q.query<{ file_type: DianFileType; name: string }>(STEMS, [cid, key, wanted, year, stemHead(company, year)]);
  const names = new Map(rows.map((r) => [r.file_type, r.name]));
  if (wanted.some((t) => !names.has(t))) {
    const again = await q.query<{ file_type: DianFileType; name: string }>(
      'SELECT file_type, name FROM dian_files WHERE company_id = $1 AND document_key = $2 AND file_type = ANY($3::text[])', [cid, key, wanted]);
    for (const r of again) names.set(r.file_type, r.name);
  }
  return types.map((t) => names.get(t)!);
}
