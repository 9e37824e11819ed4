/**
 * The salted scrypt hashes of API access keys and console passwords, at the cost of their use. HASH_COST=test makes
 * both cheap (N = 2^10, 1 MiB a hash) for the test suite, which creates and checks hundreds of them; the service
 * refuses that setting outside Node's test runner (loadConfig), so that a real start always hashes at full cost.
 */
import crypto from 'node:crypto';

export type HashUse = 'access-key' | 'password';

const FULL: Record<HashUse, crypto.ScryptOptions> = {
  // Node's defaults: the access keys hashed before this module existed keep their hashes.
  'access-key': { N: 16384, r: 8, p: 1 },
  // 32 MiB a hash: memory-hard, about 0.1 s a console login.
  password: { N: 32768, r: 8, p: 1, maxmem: 64 * 1024 * 1024 },
};
const TEST: crypto.ScryptOptions = { N: 1024, r: 8, p: 1 };

/** HASH_COST=test: the test suite's cheap hashes. */
export const testHashing = (env: NodeJS.ProcessEnv = process.env) => env.HASH_COST === 'test';

/** The hex scrypt hash (32 bytes) of a secret with its salt. */
export function scryptHex(secret: string, salt: string, use: HashUse): Promise<string> {
  return new Promise((resolve, reject) => {
    crypto.scrypt(secret, salt, 32, testHashing() ? TEST : FULL[use], (e, key) => (e ? reject(e) : resolve(key.toString('hex'))));
  });
}
