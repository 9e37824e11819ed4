/**
 * API users (access keys stored only as salted scrypt hashes), login with
 * throttling, and opaque Bearer tokens stored as SHA-256 hashes with an expiry.
 * A verified token and its company are kept in the process for a short time
 * (Tokens), so that a request that touches no document touches no database.
 */
import crypto from 'node:crypto';
import type { Db, Queryable } from './db';
import { scryptHex } from './hashing';
import { forbidden, unauthorized } from './errors';
import type { BoundedPool, Throttle } from './throttle';
import { reserveLogin } from './login-gate';


export interface Company {
  company_id: number;
  /** ISO 3166-1 alpha-2 (src/countries answers what differs). */
  country: string;
  legal_name: string;
  tax_id: string;
  check_digit: string | null;
  address: Record<string, unknown>;
  settings: CompanySettings;
  time_zone: string;
  /** Moves with every change of the company's small master-data tables (src/catalog/cache.ts). */
  catalog_version: number;
  /** It has an active webhook: its creations emit `<document>.created` (src/webhooks). */
  webhooks?: boolean;
}

/**
 * A companies row `alias` as a JSON Company, for a statement that reads the company beside other rows (stamping jobs,
 * webhook claims): without its logo, which no such reader uses and which a company may keep at hundreds of kilobytes.
 */
export const companyJson = (alias: string): string => `to_jsonb(${alias}) - 'logo'`;

export interface CompanySettings {
  foreign_currency?: { enabled: boolean; currencies: string[] };
  /** Invoice lines may name a warehouse (items.warehouse); false: refused (company_settings). Default true. */
  warehouses_enabled?: boolean;
  /** Every line of a CO invoice needs its seller (items.seller), whatever the document type. Default false. */
  seller_by_item?: boolean;
  /** Every document (invoices of both countries, vouchers) needs a cost_center. Default false. */
  cost_center_required?: boolean;
  /** Lines take the product's long description and take descriptions up to the schema's limit; false: the product name, and at most 200 characters. Default true. */
  long_product_descriptions?: boolean;
  /** The DIAN software and provider of a Colombian company (docs/onboarding.md); `pin` is sealed. */
  dian?: DianSettings;
  [k: string]: unknown;
}

export interface DianSettings {
  id?: string;
  pin?: string;
  environment?: string;
  provider_nit?: string;
  provider_check_digit?: string;
  provider_name?: string;
  test_set_id?: string;
  test_set_passed_at?: string;
  [k: string]: unknown;
}

/** A row of companies as `SELECT *` reads it (migrations/001, 004, 018). */
export interface CompanyRow extends Company {
  is_demo: boolean;
  logo: string | null;
  created_at: Date | string;
}

export async function hashKey(key: string, salt = crypto.randomBytes(16).toString('hex')) {
  const hash = await scryptHex(key, salt, 'access-key');
  return { salt, hash };
}

export function newAccessKey(): string {
  return crypto.randomBytes(24).toString('base64url');
}

const sha256 = (s: string) => crypto.createHash('sha256').update(s).digest('hex');

/** Creates an API user; returns the access key, which is shown once and never stored. */
export async function createApiUser(q: Queryable, companyId: number, username: string, accessKey = newAccessKey()) {
  const { salt, hash } = await hashKey(accessKey);
  const [row] = await q.query<{ id: number }>(
    'INSERT INTO api_users (company_id, username, key_salt, key_hash) VALUES ($1, $2, $3, $4) RETURNING id',
    [companyId, username, salt, hash]);
  return { id: row.id, username, access_key: accessKey };
}

/** Replaces the access key of a company's user and revokes its tokens (in the caller's transaction). */
export async function rotateKey(q: Queryable, companyId: number, username: string, accessKey = newAccessKey()) {
  const { salt, hash } = await hashKey(accessKey);
  const rows = await q.query<{ id: number }>(
    'UPDATE api_users SET key_salt = $3, key_hash = $4, failed_logins = 0, locked_until = NULL WHERE company_id = $1 AND username = $2 RETURNING id',
    [companyId, username, salt, hash]);
  if (!rows.length) return null;
  await q.query('DELETE FROM api_tokens WHERE company_id = $1 AND api_user_id = $2', [companyId, rows[0].id]);
  return { username, access_key: accessKey };
}

export interface AuthSettings { tokenTtlSeconds: number; loginMaxFailures: number; loginMaxFailuresPerAddress: number; loginLockSeconds: number }

/** Who is logging in, and the guards every login passes (src/platform/throttle.ts). */
export interface LoginGuard { address: string; throttle: Throttle; pool: BoundedPool }

/**
 * Checks a username and access key. An unknown username, a wrong key and an inactive user get the same answer
 * (401, same body) after the same work (one scrypt hash in the bounded pool); attempts are throttled per client
 * address and per username from that address, before any read.
 */
/** The path a country's API is served under ('' or '/mx'): src/countries, given by src/server.ts. */
export type BasePathOf = (country: string) => string;

export async function login(db: Db, settings: AuthSettings, country: string, username: string, accessKey: string, guard: LoginGuard & { basePathOf: BasePathOf }) {
  const user = await guard.throttle.attempt(guard.address, username, async () => {
    // The same limits counted in the database as well, per LOGIN_LOCK_SECONDS window (src/platform/login-gate.ts): across
    // processes an address gets no more guesses per window than one process allows (which, alone, locks for longer).
    const gate = await reserveLogin(db, settings.loginLockSeconds, [
      { key: `api:u:${username}@${guard.address}`, max: settings.loginMaxFailures, who: 'this username', field: 'username', failuresOnly: true },
      { key: `api:a:${guard.address}`, max: settings.loginMaxFailuresPerAddress, who: 'this address', field: 'address' }]);
    const [u] = await db.query<{ id: number; company_id: number; key_salt: string; key_hash: string; active: boolean; country: string }>(
      `SELECT u.id, u.company_id, u.key_salt, u.key_hash, u.active, c.country
         FROM api_users u JOIN companies c ON c.company_id = u.company_id
        WHERE u.username = $1`, [username]);
    const { hash } = await guard.pool.run(guard.address, () => hashKey(accessKey, u?.key_salt ?? 'timing-salt-0000'));
    const ok = !!u && crypto.timingSafeEqual(Buffer.from(hash, 'hex'), Buffer.from(u.key_hash, 'hex'));
    await gate.settle(!(ok && u.active));
    return ok && u.active ? u : false;
  });
  if (!user) throw unauthorized('Invalid username or access key');
  if (user.country !== country) {
    throw forbidden(`This user belongs to a ${user.country} company; authenticate on ${guard.basePathOf(user.country)}/auth`);
  }
  const token = 'tk_' + crypto.randomBytes(32).toString('base64url');
  await db.tx(async (q) => {
    await q.query(
      `INSERT INTO api_tokens (company_id, token_hash, api_user_id, expires_at) VALUES ($1, $2, $3, now() + make_interval(secs => $4))`,
      [user.company_id, sha256(token), user.id, settings.tokenTtlSeconds]);
    // Keep the table small: drop this company's expired tokens now and then.
    if (Math.random() < 0.05) await q.query('DELETE FROM api_tokens WHERE company_id = $1 AND expires_at < now()', [user.company_id]);
  });
  return { access_token: token, token_type: 'Bearer' as const, expires_in: settings.tokenTtlSeconds };
}

export type Authenticated = Company & { api_user_id: number };

const TOKEN_SQL = `SELECT c.company_id, c.country, c.legal_name, c.tax_id, c.check_digit, c.address, c.settings, c.time_zone, c.catalog_version,
            EXISTS (SELECT 1 FROM webhooks w WHERE w.company_id = c.company_id AND w.active AND NOT w.deleted) AS webhooks,
            t.api_user_id, u.active, (EXTRACT(EPOCH FROM t.expires_at - now()) * 1000)::float8 AS expires_in_ms
       FROM api_tokens t JOIN companies c ON c.company_id = t.company_id
       JOIN api_users u ON u.company_id = t.company_id AND u.id = t.api_user_id
      WHERE t.token_hash = $1`;

interface Kept { company: Authenticated; expiresAt: number; until: number }

/**
 * Resolves Bearer tokens to their company, keeping each verified token with
 * its company for `keepMs` (0: read every time). What is kept of a company is
 * dropped as soon as the database announces a change to it (Db.onCompanyChanged:
 * its row or catalog_version, a key rotated, a user deactivated, a token
 * revoked or changed), from this process or another; the short lifetime only
 * bounds the case of a lost announcement. A token not found is never kept.
 */
export class Tokens {
  private kept = new Map<string, Kept>();
  private loading = new Map<string, Promise<Kept | null>>();
  /** Moves with every change: a read that started before one is not kept. */
  private epoch = 0;

  constructor(private db: Db, private keepMs: number, private basePathOf: BasePathOf = () => '') {}

  /** Starts following the database's announcements (before the first request). */
  async listen(): Promise<void> {
    if (this.keepMs > 0) await this.db.onCompanyChanged((companyId) => this.forget(companyId));
  }

  /** Drops what is kept of a company (null: of all). */
  forget(companyId: number | null): void {
    this.epoch++;
    if (companyId === null) { this.kept.clear(); return; }
    for (const [hash, k] of this.kept) if (k.company.company_id === companyId) this.kept.delete(hash);
  }

  /** The token's company; 401 when missing, unknown, expired or its user inactive, 403 on the other country's base address. */
  async authenticate(header: string | undefined, country: string): Promise<Authenticated> {
    if (!header) throw unauthorized('Missing Authorization header; send "Authorization: Bearer <access_token>" from POST /auth');
    const m = /^Bearer\s+(\S+)$/i.exec(header);
    if (!m) throw unauthorized('Authorization header must be "Bearer <access_token>"');
    const hash = sha256(m[1]);
    const now = Date.now();
    let k: Kept | null | undefined = this.kept.get(hash);
    if (!k || k.until <= now) k = await this.load(hash);
    if (!k) throw unauthorized('Invalid access token');
    if (k.expiresAt <= Date.now()) throw unauthorized('The access token has expired; request a new one at POST /auth');
    const company = k.company;
    if (company.country !== country) {
      throw forbidden(`This token belongs to a ${company.country} company; use the {base_url}${this.basePathOf(company.country)} base address`);
    }
    return company;
  }

  /** Revokes the token of the header (POST {base}/auth/revoke): 401 as authenticate when it is not a valid token of this base address. */
  async revoke(header: string | undefined, country: string): Promise<void> {
    const company = await this.authenticate(header, country);
    const hash = sha256(/^Bearer\s+(\S+)$/i.exec(header!)![1]);
    await this.db.query('DELETE FROM api_tokens WHERE company_id = $1 AND token_hash = $2', [company.company_id, hash]);
    this.epoch++;
    this.kept.delete(hash);
  }

  /** Reads a token (concurrent requests with one token share the read). */
  private load(hash: string): Promise<Kept | null> {
    let p = this.loading.get(hash);
    if (!p) {
      const epoch = this.epoch;
      p = this.db.query<Authenticated & { active: boolean; expires_in_ms: number }>(TOKEN_SQL, [hash]).then(([row]) => {
        if (!row) return null;
        if (!row.active) throw unauthorized('This API user is inactive');
        const { active, expires_in_ms, ...company } = row;
        const now = Date.now();
        const k: Kept = { company, expiresAt: now + Number(expires_in_ms), until: now + this.keepMs };
        if (this.keepMs > 0 && epoch === this.epoch && k.expiresAt > now) {
          if (this.kept.size >= 100_000) this.kept.clear();
          this.kept.set(hash, k);
        }
        return k;
      }).finally(() => this.loading.delete(hash));
      this.loading.set(hash, p);
    }
    return p;
  }
}
