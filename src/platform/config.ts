import net from 'node:net';
import path from 'node:path';

/** Every setting the service reads, with its default. The README lists them. */
export interface Config {
  port: number;
  host: string;
  /**
   * The administration API's own listener (ADMIN_PORT, 0: any free port; ADMIN_HOST, default 127.0.0.1): when set,
   * /admin (API, OpenAPI document, docs) answers only there, and 404 on PORT. Unset: the shared listener.
   */
  adminPort?: number;
  adminHost: string;
  databaseUrl?: string;
  dataDir: string;
  logLevel: string;
  bodyLimitBytes: number;
  /** Proxies trusted to name the client in X-Forwarded-For (TRUST_PROXY): none, a hop count, or their addresses and ranges. */
  trustProxy: false | number | string[];
  /** Origins browsers may call from (CORS_ORIGINS, comma-separated; `*` any); empty: CORS off. */
  corsOrigins: string[];
  rateLimitPerMinute: number;
  tokenTtlSeconds: number;
  /** Failed logins of one username from one client address before that pair is refused for loginLockSeconds (doubling, at most 1 h). */
  loginMaxFailures: number;
  /** Failed logins and administration tokens from one client address (all usernames) before it is refused likewise. */
  loginMaxFailuresPerAddress: number;
  loginLockSeconds: number;
  requestTimeoutMs: number;
  /** How long a creation waits for the tax authority before answering with stamp.status Pending. */
  dianTimeoutMs: number;
  /** Which Colombian authority receives invoices: the built-in sandbox, or the DIAN web service at dianUrl. */
  dianMode: 'sandbox' | 'webservice';
  dianUrl: string;
  /** How long one call to the DIAN web service may take before the outbox tries again (asking GetStatus first). */
  dianRequestTimeoutMs: number;
  /** Which Mexican stamping provider (PAC) stamps and cancels CFDIs: the built-in sandbox, or Finkok's web service at pacUrl. */
  pacMode: 'sandbox' | 'finkok';
  pacUrl: string;
  pacUser?: string;
  pacPassword?: string;
  /** How long one call to the PAC may take before the outbox tries again (asking for the stamp first). */
  pacTimeoutMs: number;
  /** Webhook deliveries: how long a receiver may take to answer, how long a delivery is retried, and whether private and loopback addresses may receive them. */
  webhookTimeoutMs: number;
  webhookRetryHours: number;
  webhookAllowPrivate: boolean;
  /** After POST /v1/webhooks/{id}/rotate-secret, how long the replaced secret still signs deliveries (beside the new one). */
  webhookSecretGraceHours: number;
  /** How webhook receivers' names are resolved: not a setting, a seam for tests (default: the system's resolver). */
  resolveHost?: (host: string) => Promise<string[]>;
  /** CHECK_RESPONSES=1: every answer is checked against its route's response schema before it is serialised (tests). */
  checkResponses: boolean;
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
  /** DEMO=1: an empty embedded database gets the demo companies even with ADMIN_TOKEN set (a production start makes none). */
  demo: boolean;
  /** Bearer token of the administration API (/admin/v1); unset, that API answers 404. */
  adminToken?: string;
  /** Seals the secrets kept in the database (certificate passwords); see src/platform/secrets.ts for when it is unset. */
  secretKey?: string;
  /** The SECRET_KEY before a rotation: what it sealed is sealed again under secretKey at start. */
  secretKeyPrevious?: string;
  /** Worker threads for signing, XML, PDF and ZIP (0 = one per CPU). */
  workerThreads: number;
  /** How long a verified token and its company are kept in memory (0 = read on every request); changes drop them at once. */
  authCacheMs: number;
  /** Group commit of creations (GROUP_COMMIT=off: none); the window the first of a batch waits when nothing is being written (0 = none), and how many make a batch at most. */
  groupCommit: boolean;
  groupCommitMs: number;
  groupCommitMax: number;
  groupCommitBatches: number;
  /** The operator console (src/console): CONSOLE_HTTPS=1 (the default on a production start) marks its cookie Secure; session lifetimes; failed-login limits per window. */
  consoleHttps: boolean;
  consoleIdleSeconds: number;
  consoleSessionSeconds: number;
  consoleLoginMaxPerEmail: number;
  consoleLoginMaxPerAddress: number;
  consoleLoginWindowSeconds: number;
}

/** A setting that is missing or malformed: the start stops with its message (exit code 78). */
export class ConfigError extends Error {}

function int(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 0) throw new ConfigError(`${name} must be a non-negative integer, got "${raw}"`);
  return n;
}

function oneOf<T extends string>(env: NodeJS.ProcessEnv, name: string, values: readonly T[], fallback: T): T {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  if (!values.includes(raw as T)) throw new ConfigError(`${name} must be one of ${values.join(', ')}, got "${raw}"`);
  return raw as T;
}

function smtpUrl(raw: string | undefined): string | undefined {
  if (!raw) return undefined;
  let url: URL;
  try { url = new URL(raw); } catch { throw new ConfigError(`SMTP_URL must be a URL like smtp://user:pass@host:587, got "${raw}"`); }
  if (url.protocol !== 'smtp:' && url.protocol !== 'smtps:') throw new ConfigError(`SMTP_URL must start with smtp:// or smtps://, got "${raw}"`);
  return raw;
}

function port(env: NodeJS.ProcessEnv, name = 'PORT'): number {
  const n = int(env, name, 8080);
  if (n > 65535) throw new ConfigError(`${name} must be a port number from 0 to 65535, got "${env[name]}"`);
  return n;
}

function databaseUrl(raw: string | undefined): string | undefined {
  if (!raw) return undefined;
  let url: URL | null = null;
  try { url = new URL(raw); } catch { /* below */ }
  if (!url || !['postgres:', 'postgresql:'].includes(url.protocol) || !url.hostname) {
    throw new ConfigError('DATABASE_URL must be a URL like postgres://user:password@host:5432/database');
  }
  return raw;
}

/** A secret setting: unset, or at least `min` characters (never echoed in the message). */
function secret(env: NodeJS.ProcessEnv, name: string, min = 16): string | undefined {
  const raw = env[name];
  if (raw === undefined || raw === '') return undefined;
  if (raw.trim().length < min) throw new ConfigError(`${name} must have at least ${min} characters (it has ${raw.trim().length})`);
  return raw.trim();
}

/** PAC_MODE=finkok needs the account's user and password; the sandbox needs nothing. */
function pac(env: NodeJS.ProcessEnv): Pick<Config, 'pacMode' | 'pacUrl' | 'pacUser' | 'pacPassword'> {
  const pacMode = oneOf(env, 'PAC_MODE', ['sandbox', 'finkok'] as const, 'sandbox');
  const pacUser = env.PAC_USER || undefined;
  const pacPassword = env.PAC_PASSWORD || undefined;
  if (pacMode === 'finkok' && (!pacUser || !pacPassword)) throw new ConfigError('PAC_MODE=finkok needs PAC_USER and PAC_PASSWORD (the Finkok account)');
  return { pacMode, pacUrl: env.PAC_URL || 'https://demo-facturacion.finkok.com', pacUser, pacPassword };
}

/** CORS_ORIGINS: `*`, or origins like https://pos.example.com, comma-separated. */
function corsOrigins(raw: string | undefined): string[] {
  const list = (raw ?? '').split(',').map((o) => o.trim()).filter(Boolean);
  for (const o of list) {
    if (o !== '*' && !/^https?:\/\/[^/\s]+$/.test(o)) throw new ConfigError(`CORS_ORIGINS: ${o} is not an origin (scheme://host[:port], no path) or *`);
  }
  return list;
}

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

/**
 * TRUST_PROXY: which proxies may say who the client is (X-Forwarded-For), as Fastify's `trustProxy` reads it: unset
 * or 0, none (the client is the connection's address); a number, that many proxy hops; otherwise a comma-separated
 * list of proxy addresses or CIDR ranges (`127.0.0.1,10.0.0.0/8`). Every limit keyed on the client's address uses it.
 */
function trustProxy(raw: string | undefined): false | number | string[] {
  const v = (raw ?? '').trim();
  if (v === '' || v === '0' || v === 'false') return false;
  if (/^[1-9][0-9]?$/.test(v)) return Number(v);
  const list = v.split(',').map((x) => x.trim()).filter(Boolean);
  for (const x of list) {
    const [address, bits, extra] = x.split('/');
    const family = net.isIP(address);
    const maxBits = family === 4 ? 32 : 128;
    if (!family || extra !== undefined || (bits !== undefined && !(/^[0-9]{1,3}$/.test(bits) && Number(bits) <= maxBits))) {
      throw new ConfigError(`TRUST_PROXY takes a number of proxy hops or a comma-separated list of proxy addresses or CIDR ranges (127.0.0.1,10.0.0.0/8), got "${x}"`);
    }
  }
  return list;
}

/** HASH_COST=test (cheap hashes, src/platform/hashing.ts) is the test suite's: refused anywhere else. */
function hashCost(env: NodeJS.ProcessEnv): void {
  const raw = env.HASH_COST;
  if (raw === undefined || raw === '') return;
  if (raw !== 'test') throw new ConfigError(`HASH_COST takes only "test" (the test suite's cheap hashes), got "${raw}"`);
  if (!env.NODE_TEST_CONTEXT) throw new ConfigError('HASH_COST=test is for the test suite only (under node --test): a real start hashes access keys and passwords at full cost');
}

/**
 * An administration token anyone could guess is refused at start, whatever its length: one with fewer than 8
 * different characters ("a" × 32) or whose characters mostly follow each other ("abcdefgh…", "12345678…").
 */
function guessable(token: string): string | null {
  const distinct = new Set(token).size;
  if (distinct < 8) return `it has only ${distinct} different characters`;
  let runs = 0;
  for (let i = 1; i < token.length; i++) if (Math.abs(token.charCodeAt(i) - token.charCodeAt(i - 1)) <= 1) runs++;
  return runs * 2 > token.length ? 'most of its characters follow the one before' : null;
}

function adminToken(env: NodeJS.ProcessEnv): string | undefined {
  const token = secret(env, 'ADMIN_TOKEN', 32);
  const why = token && guessable(token);
  if (why) throw new ConfigError(`ADMIN_TOKEN is too easy to guess: ${why} (make one with \`openssl rand -hex 32\`)`);
  return token;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  hashCost(env);
  const admin = adminToken(env);
  // A production start (ADMIN_TOKEN set or NODE_ENV=production) marks the console's cookie Secure unless CONSOLE_HTTPS=0.
  const production = !!admin || env.NODE_ENV === 'production';
  return {
    port: port(env),
    host: env.HOST || '127.0.0.1',
    adminPort: env.ADMIN_PORT ? port(env, 'ADMIN_PORT') : undefined,
    adminHost: env.ADMIN_HOST || '127.0.0.1',
    databaseUrl: databaseUrl(env.DATABASE_URL),
    dataDir: path.resolve(env.DATA_DIR || './data'),
    logLevel: oneOf(env, 'LOG_LEVEL', LOG_LEVELS, 'info'),
    bodyLimitBytes: int(env, 'BODY_LIMIT_BYTES', 2 * 1024 * 1024),
    corsOrigins: corsOrigins(env.CORS_ORIGINS),
    trustProxy: trustProxy(env.TRUST_PROXY),
    rateLimitPerMinute: int(env, 'RATE_LIMIT_PER_MINUTE', 1200),
    tokenTtlSeconds: int(env, 'TOKEN_TTL_SECONDS', 86400),
    loginMaxFailures: int(env, 'LOGIN_MAX_FAILURES', 5),
    loginMaxFailuresPerAddress: int(env, 'LOGIN_MAX_FAILURES_PER_ADDRESS', 20),
    loginLockSeconds: int(env, 'LOGIN_LOCK_SECONDS', 60),
    requestTimeoutMs: int(env, 'REQUEST_TIMEOUT_MS', 30000),
    dianTimeoutMs: int(env, 'DIAN_TIMEOUT_MS', 10000),
    dianMode: oneOf(env, 'DIAN_MODE', ['sandbox', 'webservice'] as const, 'sandbox'),
    dianUrl: env.DIAN_URL || 'https://vpfe-hab.dian.gov.co/WcfDianCustomerServices.svc',
    dianRequestTimeoutMs: int(env, 'DIAN_REQUEST_TIMEOUT_MS', 60000),
    ...pac(env),
    pacTimeoutMs: int(env, 'PAC_TIMEOUT_MS', 30000),
    webhookTimeoutMs: int(env, 'WEBHOOK_TIMEOUT_MS', 10000),
    webhookRetryHours: int(env, 'WEBHOOK_RETRY_HOURS', 24),
    webhookAllowPrivate: oneOf(env, 'WEBHOOK_ALLOW_PRIVATE', ['0', '1'] as const, '0') === '1',
    webhookSecretGraceHours: int(env, 'WEBHOOK_SECRET_GRACE_HOURS', 24),
    checkResponses: oneOf(env, 'CHECK_RESPONSES', ['0', '1'] as const, '0') === '1',
    smtpUrl: smtpUrl(env.SMTP_URL),
    mailFrom: env.MAIL_FROM || 'Facturación <facturacion@localhost>',
    mailMaxAttempts: Math.max(1, int(env, 'MAIL_MAX_ATTEMPTS', 10)),
    mailTimeoutMs: int(env, 'MAIL_TIMEOUT_MS', 20000),
    outboxClaimMs: Math.max(1000, int(env, 'OUTBOX_CLAIM_MS', 120000)),
    demo: oneOf(env, 'DEMO', ['0', '1'] as const, '0') === '1',
    adminToken: admin,
    secretKey: secret(env, 'SECRET_KEY'),
    secretKeyPrevious: secret(env, 'SECRET_KEY_PREVIOUS'),
    workerThreads: int(env, 'WORKER_THREADS', 0),
    authCacheMs: int(env, 'AUTH_CACHE_MS', 10000),
    groupCommit: oneOf(env, 'GROUP_COMMIT', ['on', 'off'] as const, 'on') === 'on',
    groupCommitMs: int(env, 'GROUP_COMMIT_MS', 0),
    groupCommitMax: Math.max(1, int(env, 'GROUP_COMMIT_MAX', 64)),
    // Two batches in flight on a PostgreSQL server (one prepares and begins while the other writes); one on PGlite,
    // whose single connection writes one transaction at a time anyway.
    groupCommitBatches: Math.max(1, int(env, 'GROUP_COMMIT_BATCHES', env.DATABASE_URL ? 2 : 1)),
    consoleHttps: oneOf(env, 'CONSOLE_HTTPS', ['0', '1'] as const, production ? '1' : '0') === '1',
    consoleIdleSeconds: Math.max(1, int(env, 'CONSOLE_IDLE_SECONDS', 1800)),
    consoleSessionSeconds: Math.max(1, int(env, 'CONSOLE_SESSION_SECONDS', 43200)),
    consoleLoginMaxPerEmail: Math.max(1, int(env, 'CONSOLE_LOGIN_MAX_PER_EMAIL', 5)),
    consoleLoginMaxPerAddress: Math.max(1, int(env, 'CONSOLE_LOGIN_MAX_PER_ADDRESS', 20)),
    consoleLoginWindowSeconds: Math.max(1, int(env, 'CONSOLE_LOGIN_WINDOW_SECONDS', 900)),
  };
}
