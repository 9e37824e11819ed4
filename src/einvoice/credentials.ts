/**
 * Signing credentials kept in the database: each company's certificate (the
 * DIAN signing certificate in Colombia, the CSD in Mexico), uploaded by an
 * operator (POST /admin/v1/companies/{id}/certificates, or `npm run cli --
 * certificate load`), and the sandbox stamping
 * provider's own certificate. A demo company, and the sandbox provider, get a
 * generated test certificate on first use; concurrent first uses agree on one.
 */
import type { Queryable } from '../platform/db';
import { passwordOf } from '../platform/secrets';
import { generateTestCertificate, loadPkcs12, type LoadedCertificate } from './certificates';

async function stored(q: Queryable, table: 'company_credentials' | 'provider_credentials', key: string, value: unknown,
  generate: (() => { p12Base64: string; password: string }) | null, missing: string): Promise<LoadedCertificate> {
  // A company's active certificate (it may keep earlier ones, inactive); its password sealed or, in older rows, plain.
  const select = `SELECT * FROM ${table} WHERE ${key} = $1${table === 'company_credentials' ? ' AND active' : ''}`;
  let [row] = await q.query(select, [value]);
  if (!row) {
    if (!generate) throw new Error(missing);
    const made = generate();
    await q.query(`INSERT INTO ${table} (${key}, p12, password) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING`, [value, made.p12Base64, made.password]);
    [row] = await q.query(select, [value]);
  }
  return loadPkcs12(row.p12, passwordOf(row));
}

/** The company's certificate and key; a demo company gets a generated test certificate. */
export function companyCredentials(q: Queryable, company: { company_id: number; is_demo: boolean; legal_name: string; tax_id: string; country: 'CO' | 'MX' }) {
  return stored(q, 'company_credentials', 'company_id', company.company_id,
    company.is_demo ? () => generateTestCertificate({ commonName: company.legal_name, nit: company.tax_id, country: company.country }) : null,
    `Company ${company.company_id} has no active signing certificate; upload one (POST /admin/v1/companies/${company.company_id}/certificates or the CLI's certificate load)`);
}

/** A sandbox authority's own certificate and key (the sandbox PAC's, the sandbox DIAN's). */
export function providerCredentials(q: Queryable, provider: string, rfc: string, country: 'CO' | 'MX' = 'MX'): Promise<LoadedCertificate> {
  return stored(q, 'provider_credentials', 'provider', provider,
    () => generateTestCertificate({ commonName: `${country === 'MX' ? 'Proveedor de certificación' : 'Autoridad sandbox'} de prueba (${provider})`, nit: rfc, country }), '');
}
