/**
 * Secrets kept in the database (the passwords of signing certificates, the DIAN
 * PIN, webhook signing secrets) are sealed with AES-256-GCM under a key derived
 * from SECRET_KEY (scrypt, fixed salt: the same SECRET_KEY gives the same key in
 * every process), with the row's identity as associated data (sealFor).
 *
 * Without SECRET_KEY:
 * - on the embedded database a random key is made once and kept in
 *   DATA_DIR/secret.key (mode 0600), beside the database files: back it up
 *   with them, or set SECRET_KEY;
 * - on a PostgreSQL server (several processes, maybe several machines) there
 *   is no key: uploading a certificate is refused with a clear error until
 *   SECRET_KEY is set (the same value on every process).
 *
 * A sealed value names its key ("v1.<key id>.<iv>.<tag>.<data>", the id being
 * the first 8 bytes of the key's SHA-256), so a value sealed under a key this
 * process knows can be opened whatever the current key is; every key met is
 * remembered (several servers of one test process, a changed SECRET_KEY).
 */
import type { Queryable } from './db';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

export interface SealingKey { id: string; key: Buffer; source: 'SECRET_KEY' | 'file' }

const known = new Map<string, Buffer>();

function register(key: Buffer, source: SealingKey['source']): SealingKey {
  const id = crypto.createHash('sha256').update(key).digest('hex').slice(0, 16);
  known.set(id, key);
  return { id, key, source };
}

export class SecretKeyMissing extends Error {}

/** The key of this configuration, or null when there is none (PostgreSQL without SECRET_KEY). */
export function sealingKey(cfg: { secretKey?: string; secretKeyPrevious?: string; databaseUrl?: string; dataDir: string }): SealingKey | null {
  // The previous key (a rotation): known, so that what it sealed opens and is sealed again under the current key at start.
  if (cfg.secretKeyPrevious) register(crypto.scryptSync(cfg.secretKeyPrevious, 'facturas-api/secret-key/v1', 32), 'SECRET_KEY');
  if (cfg.secretKey) return register(crypto.scryptSync(cfg.secretKey, 'facturas-api/secret-key/v1', 32), 'SECRET_KEY');
  if (cfg.databaseUrl) return null;
  const file = path.join(cfg.dataDir, 'secret.key');
  let raw: string | null = null;
  try { raw = fs.readFileSync(file, 'utf8').trim(); } catch { /* not made yet */ }
  if (!raw) {
    fs.mkdirSync(cfg.dataDir, { recursive: true });
    raw = crypto.randomBytes(32).toString('base64');
    try {
      fs.writeFileSync(file, raw + '\n', { mode: 0o600, flag: 'wx' });
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
      raw = fs.readFileSync(file, 'utf8').trim(); // another process of this data directory made it first
    }
  }
  const key = Buffer.from(raw, 'base64');
  if (key.length !== 32) throw new Error(`${file} does not hold a 32-byte key in base64; restore it from a backup or set SECRET_KEY`);
  return register(key, 'file');
}

/** The "v1" form (no row identity) that earlier versions stored for certificate passwords: read by unseal, resealed bound to the row at start. */
export function seal(key: SealingKey, plain: string): string {
  const iv = crypto.randomBytes(12);
  const cipher = crypto.createCipheriv('aes-256-gcm', key.key, iv);
  const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return ['v1', key.id, iv.toString('base64'), cipher.getAuthTag().toString('base64'), data.toString('base64')].join('.');
}

/** The id of the key a sealed value needs. */
export const keyIdOf = (sealed: string) => sealed.split('.')[1] ?? '';

/** Opens a sealed value; throws SecretKeyMissing when its key is unknown to this process. */
export function unseal(sealed: string): string {
  const [version, id, iv, tag, data] = sealed.split('.');
  const key = known.get(id);
  if (version !== 'v1' || !key) {
    throw new SecretKeyMissing('A certificate password was sealed with another SECRET_KEY (or another DATA_DIR/secret.key); '
      + 'start the service with the key it was sealed with, or upload the certificate again');
  }
  const decipher = crypto.createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64'));
  decipher.setAuthTag(Buffer.from(tag, 'base64'));
  return Buffer.concat([decipher.update(Buffer.from(data, 'base64')), decipher.final()]).toString('utf8');
}

/** A sealed value that does not open with its row's identity: moved from another row, or altered. */
export class SecretNotOfThisRow extends Error {}

/**
 * The password of a credentials row (company_credentials: company_id, id): sealed bound to its row ("v2", see sealFor),
 * sealed without the row by earlier versions ("v1", resealed bound at start), or plain in rows of earlier versions
 * and generated demo certificates. A "v2" value copied from another row throws SecretNotOfThisRow.
 */
export function passwordOf(row: { company_id?: number | string; id?: number | string; password?: string | null; password_sealed?: string | null }): string {
  const sealed = row.password_sealed;
  if (!sealed) return row.password ?? '';
  if (!isSealed(sealed)) return unseal(sealed);
  try {
    return openFor(sealed, AAD.certificate(Number(row.company_id), Number(row.id)));
  } catch (e) {
    if (e instanceof SecretKeyMissing) throw e;
    throw new SecretNotOfThisRow(`The password of certificate ${row.id} of company ${row.company_id} does not open with this certificate `
      + '(it was sealed for another row, or altered); upload the certificate again');
  }
}

/**
 * Secrets bound to their row (the DIAN software PIN, webhook signing secrets): sealed as
 * "v2.<key id>.<iv>.<tag>.<data>" with the row's identity (`aad`, e.g. "webhooks/12/<uuid>") as AES-GCM's
 * associated data, so a sealed value copied to another row does not open. Values stored before sealing
 * (plain, or on PostgreSQL without SECRET_KEY) are read as they are; the start seals them (sealStoredSecrets).
 */
export function sealFor(key: SealingKey, plain: string, aad: string): string {
  const iv = crypto.randomBytes(12);
  const cipher = crypto.createCipheriv('aes-256-gcm', key.key, iv);
  cipher.setAAD(Buffer.from(aad, 'utf8'));
  const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return ['v2', key.id, iv.toString('base64'), cipher.getAuthTag().toString('base64'), data.toString('base64')].join('.');
}

export const isSealed = (v: unknown): v is string => typeof v === 'string' && /^v2\.[0-9a-f]{16}\./.test(v);

/** The plain value of a row's secret: opened when sealed (SecretKeyMissing when its key is unknown), else as stored. */
export function openFor<T extends string | null | undefined>(stored: T, aad: string): T | string {
  if (!isSealed(stored)) return stored;
  const [, id, iv, tag, data] = stored.split('.');
  const key = known.get(id);
  if (!key) throw new SecretKeyMissing(`A secret (${aad.split('/')[0]}) was sealed with another SECRET_KEY (or another DATA_DIR/secret.key); start the service with that key`);
  const decipher = crypto.createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64'));
  decipher.setAAD(Buffer.from(aad, 'utf8'));
  decipher.setAuthTag(Buffer.from(tag, 'base64'));
  return Buffer.concat([decipher.update(Buffer.from(data, 'base64')), decipher.final()]).toString('utf8');
}

/** The associated data of each kind of row secret. */
export const AAD = {
  pin: (companyId: number) => `companies/${companyId}/settings.dian.pin`,
  webhook: (companyId: number, id: string) => `webhooks/${companyId}/${id}`,
  certificate: (companyId: number, id: number) => `company_credentials/${companyId}/${id}`,
  /** A DIAN numbering resolution's technical key (it enters the CUFE), bound to the company and the resolution's number. */
  technicalKey: (companyId: number, resolution: string) => `document_types/${companyId}/resolution/${resolution}/technical_key`,
};

/** The stored form of a row's secret: sealed when there is a key, else plain (PostgreSQL without SECRET_KEY). */
export const storedSecret = (key: SealingKey | null, plain: string, aad: string) => (key ? sealFor(key, plain, aad) : plain);

/**
 * Seals, under the current key, the PINs, technical keys and webhook secrets stored in clear (rows of earlier versions) or sealed
 * under another key this process knows (SECRET_KEY_PREVIOUS: a rotation); answers how many, and how many are
 * sealed under a key it does not know.
 */
export async function sealStoredSecrets(db: Queryable, key: SealingKey): Promise<{ sealed: number; unknownKey: number }> {
  const current = `v2.${key.id}.%`;
  let sealed = 0;
  let unknownKey = 0;
  const reseal = (stored: string, aad: string): string | null => {
    try { return sealFor(key, openFor(stored, aad), aad); } catch { unknownKey++; return null; }
  };
  for (const r of await db.query<{ company_id: number; id: string; secret: string }>('SELECT company_id, id, secret FROM webhooks WHERE secret NOT LIKE $1', [current])) {
    const next = reseal(r.secret, AAD.webhook(r.company_id, r.id));
    if (!next) continue;
    await db.query('UPDATE webhooks SET secret = $3 WHERE company_id = $1 AND id = $2 AND secret = $4', [r.company_id, r.id, next, r.secret]);
    sealed++;
  }
  for (const r of await db.query<{ company_id: number; pin: string }>(`SELECT company_id, settings->'dian'->>'pin' AS pin FROM companies
                                    WHERE settings->'dian'->>'pin' IS NOT NULL AND settings->'dian'->>'pin' NOT LIKE $1`, [current])) {
    const next = reseal(r.pin, AAD.pin(r.company_id));
    if (!next) continue;
    await db.query(`UPDATE companies SET settings = jsonb_set(settings, '{dian,pin}', to_jsonb($2::text)) WHERE company_id = $1 AND settings->'dian'->>'pin' = $3`,
      [r.company_id, next, r.pin]);
    sealed++;
  }
  // The technical keys of the companies' DIAN numbering resolutions (the DIAN's public test key as well: one rule for all).
  for (const r of await db.query<{ company_id: number; id: number; number: string; key: string }>(
    `SELECT company_id, id, resolution->>'number' AS number, resolution->>'technical_key' AS key FROM document_types
      WHERE resolution->>'technical_key' IS NOT NULL AND resolution->>'technical_key' NOT LIKE $1`, [current])) {
    const next = reseal(r.key, AAD.technicalKey(r.company_id, r.number));
    if (!next) continue;
    await db.query(`UPDATE document_types SET resolution = jsonb_set(resolution, '{technical_key}', to_jsonb($3::text))
                     WHERE company_id = $1 AND id = $2 AND resolution->>'technical_key' = $4`, [r.company_id, r.id, next, r.key]);
    sealed++;
  }
  // The secret a webhook's rotation replaced, while it still signs (migrations/047).
  for (const r of await db.query<{ company_id: number; id: string; previous_secret: string }>(
    'SELECT company_id, id, previous_secret FROM webhooks WHERE previous_secret IS NOT NULL AND previous_secret NOT LIKE $1', [current])) {
    const next = reseal(r.previous_secret, AAD.webhook(r.company_id, r.id));
    if (!next) continue;
    await db.query('UPDATE webhooks SET previous_secret = $3 WHERE company_id = $1 AND id = $2 AND previous_secret = $4', [r.company_id, r.id, next, r.previous_secret]);
    sealed++;
  }
  return { sealed, unknownKey };
}
