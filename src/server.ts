/**
 * Wires the service together: configuration, database, migrations, routes.
 * Used by `npm start` (main.ts) and by the tests.
 */
import type { FastifyInstance } from 'fastify';
import type { Config } from './platform/config';
import { migrate, openDb, type Db } from './platform/db';
import { buildApp, type RouteModule } from './platform/app';
import { catalogRoutes } from './catalog/routes';
import { invoiceRoutes } from './invoices/routes';
import { voucherRoutes } from './vouchers/routes';
import { reportRoutes } from './reports/routes';
import { Outbox } from './platform/outbox';
import { DianWebService } from './einvoice/dian/soap';
import { stampCoInvoice, technicalKeys, type Signing } from './einvoice/dian/stamp';
import { SANDBOX_PROVIDER_RFC } from './einvoice/sat/provider';
import { stampMxInvoice } from './einvoice/sat/stamp';
import { Credentials } from './einvoice/credentials';
import { ThreadedSandboxDian, ThreadedSandboxPac } from './einvoice/threaded';
import { acquirePool, releasePool } from './workers/pool';
import { createMailer } from './mail/mailer';
import { mailHandler } from './mail/send';
import { mailRoutes } from './mail/routes';
import { MAIL_JOB } from './mail/store';

/** Every feature's routes, served on {base_url} and {base_url_mx}. */
export const MODULES: RouteModule[] = [catalogRoutes, invoiceRoutes, voucherRoutes, reportRoutes, mailRoutes];

export interface Running {
  app: FastifyInstance;
  db: Db;
  url: string;
  close(): Promise<void>;
}

/**
 * Opens (or takes) the database, applies migrations, and listens on config.port (0 = any free port).
 * `routes` adds routes of a tool (the benchmark's floor) before it listens.
 */
export async function startServer(config: Config, given?: Db, routes?: (app: FastifyInstance, db: Db) => void): Promise<Running> {
  const db = given ?? (await openDb(config));
  const pool = acquirePool(config.workerThreads);
  let released: Promise<void> | undefined;
  const release = () => (released ??= releasePool());
  try {
    await migrate(db);
    const signing: Signing = { credentials: new Credentials(db, pool), pool };
    const authority = config.dianMode === 'webservice'
      ? new DianWebService({
        url: config.dianUrl, timeoutMs: config.dianRequestTimeoutMs,
        envelope: (op, body, to, credentials) => pool.run('dian.envelope', { op, body, to, credentials }),
        zip: (entry, xml) => pool.run('dian.zip', { entry, xml }),
      })
      : new ThreadedSandboxDian(pool, technicalKeys(db));
    const pac = new ThreadedSandboxPac(pool, () => signing.credentials.provider('sat-sandbox', SANDBOX_PROVIDER_RFC));
    const mailer = createMailer({ smtpUrl: config.smtpUrl, dataDir: config.dataDir, timeoutMs: config.mailTimeoutMs });
    const outbox = new Outbox(db, {
      dian_submit: (job, done) => stampCoInvoice(db, authority, job.company_id, job.ref_id, signing, done),
      sat_stamp: (job, done) => stampMxInvoice(db, pac, job.company_id, job.ref_id, signing, done),
      [MAIL_JOB]: mailHandler(db, mailer, { from: config.mailFrom, maxAttempts: config.mailMaxAttempts, pool }),
    }, { claimMs: config.outboxClaimMs, batch: Math.max(10, 2 * pool.size) });
    // The embedded database has one process: a job it finds claimed was left by a process that died (kill -9, power loss).
    if (db.kind === 'pglite') await outbox.releaseClaims();
    const app = await buildApp({ config, db, outbox, pool }, MODULES);
    app.addHook('onClose', async () => { await outbox.stop(); mailer.close(); await release(); });
    routes?.(app, db);
    await app.listen({ port: config.port, host: config.host });
    outbox.start();
    const addr = app.server.address();
    const port = typeof addr === 'object' && addr ? addr.port : config.port;
    let closing: Promise<void> | undefined;
    return {
      app, db, url: `http://${config.host}:${port}`,
      close: () => (closing ??= app.close().then(() => db.close())),
    };
  } catch (e) {
    await release();
    if (!given) await db.close();
    throw e;
  }
}
