import path from 'node:path';

/** Every setting the service reads, with its default. The README lists them. */
export interface Config {
  port: number;
  host: string;
  databaseUrl?: string;
  dataDir: string;
  logLevel: string;
  bodyLimitBytes: number;
  rateLimitPerMinute: number;
  tokenTtlSeconds: number;
  loginMaxFailures: number;
  loginLockSeconds: number;
  requestTimeoutMs: number;
  /** How long a creation waits for the tax authority before answering with stamp.status Pending. */
  dianTimeoutMs: number;
  /** Which Colombian authority receives invoices: the built-in sandbox, or the DIAN web service at dianUrl. */
  dianMode: 'sandbox' | 'webservice';
  dianUrl: string;
  /** How long one call to the DIAN web service may take before the outbox tries again (asking GetStatus first). */
  dianRequestTimeoutMs: number;
}

function int(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 0) throw new Error(`${name} must be a non-negative integer, got "${raw}"`);
  return n;
}

function oneOf<T extends string>(env: NodeJS.ProcessEnv, name: string, values: readonly T[], fallback: T): T {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  if (!values.includes(raw as T)) throw new Error(`${name} must be one of ${values.join(', ')}, got "${raw}"`);
  return raw as T;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  return {
    port: int(env, 'PORT', 8080),
    host: env.HOST || '127.0.0.1',
    databaseUrl: env.DATABASE_URL || undefined,
    dataDir: path.resolve(env.DATA_DIR || './data'),
    logLevel: env.LOG_LEVEL || 'info',
    bodyLimitBytes: int(env, 'BODY_LIMIT_BYTES', 2 * 1024 * 1024),
    rateLimitPerMinute: int(env, 'RATE_LIMIT_PER_MINUTE', 1200),
    tokenTtlSeconds: int(env, 'TOKEN_TTL_SECONDS', 86400),
    loginMaxFailures: int(env, 'LOGIN_MAX_FAILURES', 5),
    loginLockSeconds: int(env, 'LOGIN_LOCK_SECONDS', 60),
    requestTimeoutMs: int(env, 'REQUEST_TIMEOUT_MS', 30000),
    dianTimeoutMs: int(env, 'DIAN_TIMEOUT_MS', 10000),
    dianMode: oneOf(env, 'DIAN_MODE', ['sandbox', 'webservice'] as const, 'sandbox'),
    dianUrl: env.DIAN_URL || 'https://vpfe-hab.dian.gov.co/WcfDianCustomerServices.svc',
    dianRequestTimeoutMs: int(env, 'DIAN_REQUEST_TIMEOUT_MS', 60000),
  };
}
