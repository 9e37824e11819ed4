/**
 * The demo companies: one Colombian and one Mexican company with complete
 * master data (document types, taxes, payment types, global discounts and
 * charges, sellers, customers, products, account groups, price lists,
 * warehouses, cost centers and a chart of accounts), and an API user each with a fixed, documented access key, so a
 * newcomer can call the API at once.
 *
 * Each country's demo company (its record and master data) is in its folder: src/countries/co/demo.ts, mx/demo.ts.
 *
 * `ensureDemo` is idempotent: it creates what is missing in one transaction,
 * serialised by an advisory lock, and otherwise only makes sure the demo API
 * users exist, are active, are unlocked and answer to the fixed keys.
 */
import crypto from 'node:crypto';
import type { Db, Queryable } from '../platform/db';
import { createApiUser, hashKey } from '../platform/auth';
import { assertAccountsExist } from './catalogs/starter';
import { colombia, mexico, type CountryCode } from '../countries';
import { seedColombia } from '../countries/co/demo';
import { seedMexico } from '../countries/mx/demo';

export const DEMO_CREDENTIALS = {
  co: { username: 'demo-co', access_key: 'demo-co-key-0f4c1b7e9a' },
  mx: { username: 'demo-mx', access_key: 'demo-mx-key-5d2e8a3c61' },
} as const;

/** Serialises concurrent ensureDemo calls on one server (migrations use 727001). */
const DEMO_LOCK = 727002;

export interface DemoResult {
  created: boolean;
  co: { username: string; access_key: string };
  mx: { username: string; access_key: string };
}

export async function ensureDemo(db: Db): Promise<DemoResult> {
  return db.tx(async (q) => {
    await q.query('SELECT pg_advisory_xact_lock($1)', [DEMO_LOCK]);
    let created = false;
    // Each country's demo company is in its folder (src/countries/co/demo.ts, mx/demo.ts).
    for (const { country, creds, seed } of [{ country: colombia.code, creds: DEMO_CREDENTIALS.co, seed: seedColombia }, { country: mexico.code, creds: DEMO_CREDENTIALS.mx, seed: seedMexico }]) {
      let companyId = await findDemoCompany(q, country);
      if (companyId === null) {
        companyId = await seed(q);
        await assertAccountsExist(q, companyId, country);
        created = true;
      }
      await ensureApiUser(q, companyId, creds.username, creds.access_key);
    }
    return {
      created,
      co: { username: DEMO_CREDENTIALS.co.username, access_key: DEMO_CREDENTIALS.co.access_key },
      mx: { username: DEMO_CREDENTIALS.mx.username, access_key: DEMO_CREDENTIALS.mx.access_key },
    };
  });
}

async function findDemoCompany(q: Queryable, country: CountryCode): Promise<number | null> {
  const [row] = await q.query<{ company_id: number }>(
    'SELECT company_id FROM companies WHERE is_demo = true AND country = $1 ORDER BY company_id LIMIT 1', [country]);
  return row ? row.company_id : null;
}

/**
 * The demo user exists in the demo company, is active and unlocked, and its
 * stored hash matches the fixed key; a changed key (e.g. rotated by an
 * operator) is put back and that user's tokens are revoked.
 */
async function ensureApiUser(q: Queryable, companyId: number, username: string, accessKey: string): Promise<void> {
  const [user] = await q.query<{ id: number; company_id: number; key_salt: string; key_hash: string; active: boolean; failed_logins: number; locked_until: Date | null }>(
    'SELECT id, company_id, key_salt, key_hash, active, failed_logins, locked_until FROM api_users WHERE username = $1', [username]);
  if (!user) {
    await createApiUser(q, companyId, username, accessKey);
    return;
  }
  if (user.company_id !== companyId) {
    throw new Error(`The API username ${username} is reserved for the demo company ${companyId} but belongs to company ${user.company_id}; rename that user first`);
  }
  const { hash } = await hashKey(accessKey, user.key_salt);
  const stored = Buffer.from(user.key_hash, 'hex');
  const matches = stored.length === 32 && crypto.timingSafeEqual(Buffer.from(hash, 'hex'), stored);
  if (!matches) {
    const fresh = await hashKey(accessKey);
    await q.query(
      'UPDATE api_users SET key_salt = $3, key_hash = $4, active = true, failed_logins = 0, locked_until = NULL WHERE company_id = $1 AND id = $2',
      [companyId, user.id, fresh.salt, fresh.hash]);
    await q.query('DELETE FROM api_tokens WHERE company_id = $1 AND api_user_id = $2', [companyId, user.id]);
  } else if (!user.active || user.failed_logins !== 0 || user.locked_until !== null) {
    await q.query('UPDATE api_users SET active = true, failed_logins = 0, locked_until = NULL WHERE company_id = $1 AND id = $2', [companyId, user.id]);
  }
}
