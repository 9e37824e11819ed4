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
  /** SMTP server (smtp:// or smtps://user:pass@host:port); unset, mail is written as .eml under dataDir/outbox-mail. */
  smtpUrl?: string;
  /** The From of every message; the company's e-mail goes in Reply-To. */
  mailFrom: string;
  /** Attempts before a mail ends as failed_delivery. */
  mailMaxAttempts: number;
  /** Connection, greeting and socket timeout of the SMTP client. */
  mailTimeoutMs: number;
  /** How long an outbox job stays claimed by a process before another may take it (a process killed while sending). */
  outboxClaimMs: number;
  /** Worker threads for signing, XML, PDF and ZIP (0 = one per CPU). */
  workerThreads: number;
  /** How long a verified token and its company are kept in memory (0 = read on every request); changes drop them at once. */
  authCacheMs: number;
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

function smtpUrl(raw: string | undefined): string | undefined {
  if (!raw) return undefined;
  let url: URL;
  try { url = new URL(raw); } catch { throw new Error(`SMTP_URL must be a URL like smtp://user:pass@host:587, got "${raw}"`); }
  if (url.protocol !== 'smtp:' && url.protocol !== 'smtps:') throw new Error(`SMTP_URL must start with smtp:// or smtps://, got "${raw}"`);
  return raw;
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
    smtpUrl: smtpUrl(env.SMTP_URL),
    mailFrom: env.MAIL_FROM || 'Facturación <facturacion@localhost>',
    mailMaxAttempts: Math.max(1, int(env, 'MAIL_MAX_ATTEMPTS', 10)),
    mailTimeoutMs: int(env, 'MAIL_TIMEOUT_MS', 20000),
    outboxClaimMs: Math.max(1000, int(env, 'OUTBOX_CLAIM_MS', 120000)),
    workerThreads: int(env, 'WORKER_THREADS', 0),
    authCacheMs: int(env, 'AUTH_CACHE_MS', 10000),
  };
}
