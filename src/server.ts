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
import { SandboxDian } from './einvoice/dian/authority';
import { DianWebService } from './einvoice/dian/soap';
import { stampCoInvoice, technicalKeys } from './einvoice/dian/stamp';
import { SANDBOX_PROVIDER_RFC, SandboxPac } from './einvoice/sat/provider';
import { stampMxInvoice } from './einvoice/sat/stamp';
import { providerCredentials } from './einvoice/credentials';
import { createMailer } from './mail/mailer';
import { mailHandler } from './mail/send';
import { mailRoutes } from './mail/routes';
import { MAIL_JOB } from './mail/store';
import { startFolding } from './reports/folding';

/** Every feature's routes, served on {base_url} and {base_url_mx}. */
export const MODULES: RouteModule[] = [catalogRoutes, invoiceRoutes, voucherRoutes, reportRoutes, mailRoutes];

export interface Running {
  app: FastifyInstance;
  db: Db;
  url: string;
  close(): Promise<void>;
}

/** Opens (or takes) the database, applies migrations, and listens on config.port (0 = any free port). */
export async function startServer(config: Config, given?: Db): Promise<Running> {
  const db = given ?? (await openDb(config));
  try {
    await migrate(db);
    const authority = config.dianMode === 'webservice'
      ? new DianWebService({ url: config.dianUrl, timeoutMs: config.dianRequestTimeoutMs })
      : new SandboxDian(technicalKeys(db));
    const pac = new SandboxPac(() => providerCredentials(db, 'sat-sandbox', SANDBOX_PROVIDER_RFC));
    const mailer = createMailer({ smtpUrl: config.smtpUrl, dataDir: config.dataDir, timeoutMs: config.mailTimeoutMs });
    const outbox = new Outbox(db, {
      dian_submit: (job) => stampCoInvoice(db, authority, job.company_id, job.ref_id),
      sat_stamp: (job) => stampMxInvoice(db, pac, job.company_id, job.ref_id),
      [MAIL_JOB]: mailHandler(db, mailer, { from: config.mailFrom, maxAttempts: config.mailMaxAttempts }),
    }, { claimMs: config.outboxClaimMs });
    // The embedded database has one process: a job it finds claimed was left by a process that died (kill -9, power loss).
    if (db.kind === 'pglite') await outbox.releaseClaims();
    const app = await buildApp({ config, db, outbox }, MODULES);
    let stopFolding: (() => Promise<void>) | undefined;
    app.addHook('onClose', async () => { await outbox.stop(); mailer.close(); await stopFolding?.(); });
    await app.listen({ port: config.port, host: config.host });
    outbox.start();
    stopFolding = startFolding(db, 2000, (msg, extra) => app.log.error(extra, msg));
    const addr = app.server.address();
    const port = typeof addr === 'object' && addr ? addr.port : config.port;
    let closing: Promise<void> | undefined;
    return {
      app, db, url: `http://${config.host}:${port}`,
      close: () => (closing ??= app.close().then(() => db.close())),
    };
  } catch (e) {
    if (!given) await db.close();
    throw e;
  }
}
