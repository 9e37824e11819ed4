/**
 * Signing credentials kept in the database: each company's certificate (the
 * DIAN signing certificate in Colombia, the CSD in Mexico), uploaded by an
 * operator (POST /admin/v1/companies/{id}/certificates, or `npm run cli --
 * certificate load`), and the sandbox stamping
 * provider's own certificate. A demo company, and the sandbox provider, get a
 * generated test certificate on first use; concurrent first uses agree on one.
 *
 * `Credentials` keeps each decoded certificate in the process: opening a
 * PKCS#12 (node-forge's key derivation) is slow, so it is done once per
 * stored row, on a worker thread when a pool is given. Every use compares the
 * row's version (a hash of it, computed by the database, cheap enough to
 * read with each document) with the one kept, so a certificate replaced by
 * `certificate load` in another process is used from the next document on.
 */
import type { Queryable } from '../platform/db';
import type { CpuPool } from '../workers/pool';
import { passwordOf } from '../platform/secrets';
import { generateTestCertificate, loadPkcs12, type LoadedCertificate, type TestCertificateOptions } from './certificates';
import { country as countryOf, type CountryCode } from '../countries';

type Table = 'company_credentials' | 'provider_credentials';
const KEY: Record<Table, string> = { company_credentials: 'company_id', provider_credentials: 'provider' };
/**
 * The version of a stored certificate row: SQL over its p12 and password columns
 * (a company's active row: see ACTIVE; an upload makes another row active).
 */
export const CREDENTIALS_VERSION = "md5(p12) || md5(coalesce(password_sealed, password))";
const VERSION: Record<Table, string> = { company_credentials: CREDENTIALS_VERSION, provider_credentials: 'md5(p12) || md5(password)' };
/** The condition that picks a company's active certificate among those it keeps. */
const ACTIVE: Record<Table, string> = { company_credentials: ' AND active', provider_credentials: '' };

export interface CompanyRow { company_id: number; is_demo: boolean; legal_name: string; tax_id: string; country: CountryCode }

const missing = (company: CompanyRow) => `Company ${company.company_id} has no active signing certificate; upload one (POST /admin/v1/companies/${company.company_id}/certificates or the CLI's certificate load)`;
const demoCertificate = (company: CompanyRow): TestCertificateOptions => ({ commonName: company.legal_name, nit: company.tax_id, country: company.country });
const providerCertificate = (provider: string, rfc: string, country: CountryCode): TestCertificateOptions =>
  ({ commonName: `${countryOf(country).authority?.sandboxName ?? 'Autoridad sandbox'} de prueba (${provider})`, nit: rfc, country });

/** Inserts a generated certificate unless a concurrent first use stored one first. */
async function storeGenerated(q: Queryable, table: Table, value: unknown, made: { p12Base64: string; password: string }): Promise<void> {
  await q.query(`INSERT INTO ${table} (${KEY[table]}, p12, password) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING`, [value, made.p12Base64, made.password]);
}

/** The company's certificate and key, decoded now; a demo company gets a generated test certificate. */
export function companyCredentials(q: Queryable, company: CompanyRow): Promise<LoadedCertificate> {
  return new Credentials(q).company(company);
}

/** The sandbox stamping provider's certificate and key, decoded now. */
export function providerCredentials(q: Queryable, provider: string, rfc: string, country: CountryCode): Promise<LoadedCertificate> {
  return new Credentials(q).provider(provider, rfc, country);
}

/** Decoded certificates kept per stored row version (see the file's comment). */
export class Credentials {
  private kept = new Map<string, { version: string; cert: Promise<LoadedCertificate> }>();
  /** Test certificates being generated (slow): concurrent first uses wait for the one being made. */
  private generating = new Map<string, Promise<void>>();

  constructor(private db: Queryable, private pool?: CpuPool) {}

  /**
   * The company's certificate. `version` is the row's CREDENTIALS_VERSION when
   * the caller read it with its own query (null: no row yet); else it is read here.
   */
  company(company: CompanyRow, version?: string | null): Promise<LoadedCertificate> {
    return this.get('company_credentials', company.company_id, version, company.is_demo ? demoCertificate(company) : null, missing(company));
  }

  /** The sandbox stamping provider's certificate. */
  provider(provider: string, rfc: string, country: CountryCode): Promise<LoadedCertificate> {
    return this.get('provider_credentials', provider, undefined, providerCertificate(provider, rfc, country), '');
  }

  private async get(table: Table, value: string | number, version: string | null | undefined, generate: TestCertificateOptions | null, missingMessage: string) {
    const versionOf = async () => (await this.db.query<{ v: string }>(`SELECT ${VERSION[table]} AS v FROM ${table} WHERE ${KEY[table]} = $1${ACTIVE[table]}`, [value]))[0]?.v ?? null;
    const key = `${table}:${value}`;
    if (version === undefined) version = await versionOf();
    if (version === null) {
      if (!generate) throw new Error(missingMessage);
      let made = this.generating.get(key);
      if (!made) {
        made = (async () => storeGenerated(this.db, table, value, this.pool ? await this.pool.run('certificate.generate', generate) : generateTestCertificate(generate)))();
        this.generating.set(key, made);
        made.finally(() => this.generating.delete(key)).catch(() => undefined);
      }
      await made;
      version = await versionOf();
    }
    const hit = this.kept.get(key);
    if (hit && hit.version === version) return hit.cert;
    const cert = this.decode(table, value);
    if (this.kept.size >= 10_000) this.kept.clear();
    this.kept.set(key, { version: version!, cert });
    cert.catch(() => { if (this.kept.get(key)?.cert === cert) this.kept.delete(key); });
    return cert;
  }

  private async decode(table: Table, value: string | number): Promise<LoadedCertificate> {
    const [row] = await this.db.query<{ p12: string; password: string | null; password_sealed?: string | null }>(`SELECT * FROM ${table} WHERE ${KEY[table]} = $1${ACTIVE[table]}`, [value]);
    if (!row) throw new Error(`The certificate of ${table === 'company_credentials' ? 'company' : 'provider'} ${value} was replaced while it was being read; try again`);
    const password = passwordOf(row);
    return this.pool ? this.pool.run('pkcs12.load', { p12: row.p12, password }) : loadPkcs12(row.p12, password);
  }
}
