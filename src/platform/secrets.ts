/**
 * Secrets kept in the database (the passwords of signing certificates) are
 * sealed with AES-256-GCM under a key derived from SECRET_KEY (scrypt, fixed
 * salt: the same SECRET_KEY gives the same key in every process).
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
export function sealingKey(cfg: { secretKey?: string; databaseUrl?: string; dataDir: string }): SealingKey | null {
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
    } catch (e: any) {
      if (e.code !== 'EEXIST') throw e;
      raw = fs.readFileSync(file, 'utf8').trim(); // another process of this data directory made it first
    }
  }
  const key = Buffer.from(raw, 'base64');
  if (key.length !== 32) throw new Error(`${file} does not hold a 32-byte key in base64; restore it from a backup or set SECRET_KEY`);
  return register(key, 'file');
}

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

/** The password of a credentials row: sealed, or plain in rows of earlier versions and generated demo certificates. */
export function passwordOf(row: { password?: string | null; password_sealed?: string | null }): string {
  return row.password_sealed ? unseal(row.password_sealed) : (row.password ?? '');
}
