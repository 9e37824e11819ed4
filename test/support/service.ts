/**
 * The service as its own operating-system process (`node dist/src/main.js`,
 * what `npm start` runs), for the tests that run several processes on one
 * database or kill one with SIGKILL.
 */
import fs from 'node:fs';
import os from 'node:os';
import net from 'node:net';
import path from 'node:path';
import { spawn, type ChildProcess } from 'node:child_process';
import { openDb, type Db } from '../../src/platform/db';
import type { Storage } from './server';
import { copyTemplate, databaseFromTemplate } from './template';
import { numberingSnapshot } from './workload';
import { phase } from './profile';

const MAIN = path.join(__dirname, '..', '..', 'src', 'main.js');

/** A port that was free a moment ago. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer().once('error', reject).listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

export class ServiceProcess {
  private child: ChildProcess | null = null;
  private out = '';
  /** SIGKILLs that stopped a running process of this service so far. */
  killed = 0;

  private constructor(readonly port: number, private env: Record<string, string>) {}

  /** Starts a process on a port of its own, with the given environment (DATABASE_URL or DATA_DIR …). */
  static async start(env: Record<string, string>): Promise<ServiceProcess> {
    const svc = new ServiceProcess(await freePort(), env);
    await svc.start();
    return svc;
  }

  get url() { return `http://127.0.0.1:${this.port}`; }
  /** What the current process printed (stdout and stderr, the last 64 KB). */
  get output() { return this.out; }
  get pid() { return this.child?.pid; }

  /** (Re)starts the process, with `extra` settings this time, and resolves once /health answers; rejects with its output if it exits first. */
  start(extra: Record<string, string> = {}): Promise<void> {
    return phase('process start', () => this.started(extra));
  }

  private async started(extra: Record<string, string>): Promise<void> {
    this.out = '';
    const child = spawn(process.execPath, [MAIN], {
      env: { ...process.env, LOG_LEVEL: 'warn', RATE_LIMIT_PER_MINUTE: '0', ...this.env, ...extra, PORT: String(this.port), HOST: '127.0.0.1' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    this.child = child;
    const keep = (d: Buffer) => { this.out = (this.out + d.toString()).slice(-64_000); };
    child.stdout!.on('data', keep);
    child.stderr!.on('data', keep);
    const exited = new Promise<never>((_, reject) => child.once('exit', (code, sig) =>
      reject(new Error(`service on port ${this.port} exited (${code ?? sig}) before it was ready:\n${this.output}`))));
    exited.catch(() => undefined);
    const deadline = Date.now() + 60_000;
    while (Date.now() < deadline) {
      const up = await Promise.race([exited, fetch(`${this.url}/health`).then((r) => r.ok, () => false)]);
      if (up) return;
      await new Promise((r) => setTimeout(r, 100)); // polling, counted in the process start
    }
    child.kill('SIGKILL');
    throw new Error(`service on port ${this.port} did not answer /health within 60 s:\n${this.output}`);
  }

  /** Sends the signal to a running process; resolves with its exit code (null when a signal ended it). */
  private ended(signal: NodeJS.Signals): Promise<number | null> {
    const child = this.child;
    this.child = null;
    // A process that a signal ended says which in its output (an assertion on the exit code shows the output).
    const said = (code: number | null, sig: NodeJS.Signals | null, sent: boolean) => {
      const after = !sent ? 'before anything was sent to it' : `after ${signal === 'SIGKILL' ? 'kill -9' : `${signal} was sent`}`;
      if (code === null) this.out += `\n[the service process was ended by ${sig}${child!.pid ? ` (pid ${child!.pid})` : ''}, ${after}]`;
      return code;
    };
    if (!child) return Promise.resolve(null);
    if (child.exitCode !== null || child.signalCode !== null) {
      this.out += '\n[the service process had already ended before it was stopped]';
      return Promise.resolve(said(child.exitCode, child.signalCode, false));
    }
    if (signal === 'SIGKILL') this.killed++;
    return new Promise((resolve) => { child.once('exit', (code, sig) => resolve(said(code, sig, true))); child.kill(signal); });
  }

  /** kill -9: no shutdown, no flush, in-flight requests cut. */
  async kill9(): Promise<void> { await this.ended('SIGKILL'); }

  /** SIGTERM: the graceful shutdown of `npm start`; resolves with the exit code. */
  stop(): Promise<number | null> { return this.ended('SIGTERM'); }
}

/**
 * A new database for service processes, with the demo companies: a copy of the
 * migrated template (./template.ts) as a PostgreSQL database (TEST_DATABASE_URL)
 * or an embedded data directory, and the numbering it starts from. `open` opens it in this process (for
 * PGlite, only while no service runs).
 */
export async function newStorage(storage: Storage): Promise<{ env: Record<string, string>; numbering: Map<number, number>; open: () => Promise<Db<any>>; drop: () => Promise<void> }> {
  const dataDir = storage === 'postgres' ? fs.mkdtempSync(path.join(os.tmpdir(), 'facturas-proc-')) : await copyTemplate('facturas-proc-');
  const pgdb = storage === 'postgres' ? await databaseFromTemplate() : undefined;
  const env: Record<string, string> = { DATA_DIR: dataDir, ...(pgdb ? { DATABASE_URL: pgdb.url } : {}) };
  const open = () => openDb({ databaseUrl: pgdb?.url, dataDir });
  const db = await open();
  let numbering: Map<number, number>;
  try { numbering = await numberingSnapshot(db); } finally { await db.close(); }
  return { env, numbering, open, drop: async () => { await pgdb?.drop(); fs.rmSync(dataDir, { recursive: true, force: true }); } };
}
