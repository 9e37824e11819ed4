/**
 * What can stop a start (npm start, the CLI) before any migration runs, said
 * in one line with its own exit code instead of a stack trace:
 *
 *   78  a setting is missing or malformed (PORT=abc, LOG_LEVEL=loud, a DATABASE_URL that is no
 *       postgres:// URL, an ADMIN_TOKEN of 5 characters, a DATA_DIR that cannot be written)
 *   69  the database cannot be used: the PostgreSQL server does not answer, refuses the login or
 *       has no such database; the embedded database is held by another process
 *   98  the port is taken by another process (or may not be bound)
 *    1  anything else (a bug): one line too, the stack only with LOG_LEVEL=debug or trace
 */
import { guardDataDir } from './files';
import net from 'node:net';
import { ConfigError, loadConfig, type Config } from './config';
import { DatabaseHeldError, openDb, type Db } from './db';

export class StartupError extends Error {
  constructor(message: string, readonly exitCode: number) { super(message); }
}

export const EXIT = { config: 78, database: 69, port: 98, other: 1 } as const;

/** The settings, or a StartupError (78) naming the one that is wrong. */
export function settings(env: NodeJS.ProcessEnv = process.env): Config {
  try {
    const config = loadConfig(env);
    // A production start on a PostgreSQL server needs SECRET_KEY: there is no key file to make (several processes,
    // maybe several machines, must share one key), and without a key the DIAN PIN and webhook secrets would stay in
    // clear and no certificate could be uploaded (docs/security.md). A development start only warns.
    if (config.databaseUrl && !config.secretKey && (config.adminToken || env.NODE_ENV === 'production')) {
      throw new ConfigError(`SECRET_KEY is required on a PostgreSQL server for a production start (${config.adminToken ? 'ADMIN_TOKEN is set' : 'NODE_ENV=production'}): `
        + 'set it (at least 16 characters, the same on every process) so that certificate passwords, the DIAN PIN and webhook secrets are sealed');
    }
    return config;
  } catch (e) {
    if (e instanceof ConfigError) throw new StartupError(e.message, EXIT.config);
    throw e;
  }
}

/** A database URL without its password, for messages. */
function shown(url: string): string {
  try { const u = new URL(url); if (u.password) u.password = '***'; return u.toString(); } catch { return 'DATABASE_URL'; }
}

/** Opens the configured database and makes sure it answers; failures become a StartupError (69, or 78 for DATA_DIR). */
export async function openChecked(config: Config): Promise<Db> {
  let db: Db | undefined;
  try {
    // Everything this process creates is its user's alone (src/platform/files.ts).
    const loose = guardDataDir(config.dataDir, !config.databaseUrl);
    if (loose) console.error(JSON.stringify({ level: 'warn', time: Date.now(), msg: loose }));
    db = await openDb(config);
    await db.query('SELECT 1');
    return db;
  } catch (caught) {
    await db?.close().catch(() => undefined);
    if (caught instanceof DatabaseHeldError) throw new StartupError(caught.message, EXIT.database);
    const e = caught as NodeJS.ErrnoException | null | undefined;
    const code = e?.code ?? '';
    if (!config.databaseUrl) {
      const denied = ['EACCES', 'EROFS', 'EPERM', 'ENOTDIR'].includes(code);
      throw new StartupError(`The embedded database in DATA_DIR ${config.dataDir} cannot be opened: ${e?.message ?? e}`, denied ? EXIT.config : EXIT.database);
    }
    const why: Record<string, string> = {
      ECONNREFUSED: 'nothing listens there', ENOTFOUND: 'the host is unknown', EAI_AGAIN: 'the host name cannot be resolved now',
      ETIMEDOUT: 'it did not answer in time', '28P01': 'the password is wrong', '28000': 'the user may not log in', '3D000': 'that database does not exist',
    };
    throw new StartupError(`Cannot use the database at ${shown(config.databaseUrl)}: ${why[code] ? `${why[code]} (${e?.message})` : e?.message ?? e}`, EXIT.database);
  }
}

/** Fails (98) when the port is taken, before anything else happens; the server binds it for real later. */
export async function checkPort(config: Config): Promise<void> {
  if (config.port === 0) return;
  await new Promise<void>((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', (e: NodeJS.ErrnoException) => reject(portError(config, e)));
    probe.listen({ port: config.port, host: config.host, exclusive: true }, () => probe.close(() => resolve()));
  });
}

export function portError(config: Config, e: NodeJS.ErrnoException): Error {
  if (e.code === 'EADDRINUSE') return new StartupError(`Port ${config.port} on ${config.host} is already in use by another process; stop it or set PORT`, EXIT.port);
  if (e.code === 'EACCES') return new StartupError(`Port ${config.port} on ${config.host} may not be bound by this user; use a port above 1023 (PORT)`, EXIT.port);
  if (e.code === 'EADDRNOTAVAIL' || e.code === 'ENOTFOUND') return new StartupError(`HOST ${config.host} is not an address of this machine`, EXIT.config);
  return e;
}

/** Prints a failure as one line on stderr and ends the process with its exit code. */
export function stop(what: string, e: unknown, debug = /^(debug|trace)$/.test(process.env.LOG_LEVEL ?? '')): never {
  const known = e instanceof StartupError;
  process.stderr.write(`${what}: ${known ? e.message : (e as Error)?.message ?? String(e)}\n`);
  if (!known && debug && (e as Error)?.stack) process.stderr.write(`${(e as Error).stack}\n`);
  process.exit(known ? e.exitCode : EXIT.other);
}
