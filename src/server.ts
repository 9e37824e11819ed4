/**
 * Wires the service together: configuration, database, migrations, routes.
 * Used by `npm start` (main.ts) and by the tests.
 */
import { recordOf } from './platform/json';
import type { FastifyInstance } from 'fastify';
import type { Config } from './platform/config';
import { migrate, openDb, type Db } from './platform/db';
import http from 'node:http';
import { adminListener, adminListenerRequests, buildApp, type RouteModule } from './platform/app';
import { openapiHooks } from './openapi';
import { webhookRoutes } from './webhooks/routes';
import { WebhookDispatcher } from './webhooks/dispatch';
import { catalogRoutes } from './catalog/routes';
import { invoiceRoutes } from './invoices/routes';
import { voucherRoutes } from './vouchers/routes';
import { noteRoutes } from './notes/routes';
import { mxNoteCancellation, mxNoteRoutes } from './notes/mx';
import { paymentCancellation, paymentRoutes } from './payments/routes';
import { PAYMENT_STAMP_JOB } from './payments/kernel';
import { CANCEL_JOB, runCancellation, SandboxCancellations } from './countries/mx/sat/cancel';
import { FinkokPac } from './countries/mx/sat/finkok';
import { reportRoutes } from './reports/routes';
import { ticketRoutes } from './tickets/routes';
import { selfInvoicePage } from './tickets/page';
import fastifyCookie from '@fastify/cookie';
import { startAutomaticGlobals } from './tickets/auto';
import { Outbox } from './platform/outbox';
import { Throttle } from './platform/throttle';
import { DianWebService } from './countries/co/dian/soap';
import { CO_INVOICE_JOB_READ, noteFacts, stampCoInvoice, stampCoNote, technicalKeys, type Signing } from './countries/co/dian/stamp';
import { MX_NOTE_STAMP_JOB, NOTE_STAMP_JOB } from './notes/kernel';
import { SANDBOX_PROVIDER_RFC } from './countries/mx/sat/provider';
import { stampMxInvoice, stampMxNote, stampMxPayment } from './countries/mx/sat/stamp';
import { invoiceCancellation, invoiceRecords } from './invoices/authority';
import { ThreadedSandboxDian, ThreadedSandboxPac } from './einvoice/threaded';
import { acquirePool, releasePool, type CpuPool } from './workers/pool';
import { runTask } from './workers/tasks';
import { Credentials, providerCredentials } from './einvoice/credentials';
import { createMailer } from './mail/mailer';
import { mailHandler } from './mail/send';
import { mailRoutes } from './mail/routes';
import { MAIL_JOB } from './mail/store';
import type { DianAuthority } from './countries/co/dian/authority';
import type { Handler } from './platform/outbox';
import { sealingKey, sealStoredSecrets } from './platform/secrets';
import { adminRoutes, consoleAdminTickets } from './admin/routes';
import { sealStoredPasswords } from './admin/certificates';
import { startFolding } from './reports/folding';
import { consoleRoutes } from './console/routes';
import { requireSchemas } from './einvoice/xsd';
import { colombia, countries, mexico } from './countries';

/** Every feature's routes, served on {base_url} and {base_url_mx}. */
export const MODULES: RouteModule[] = [catalogRoutes, invoiceRoutes, noteRoutes, mxNoteRoutes, paymentRoutes, voucherRoutes, ticketRoutes, reportRoutes, mailRoutes, webhookRoutes];

export interface Running {
  app: FastifyInstance;
  db: Db;
  url: string;
  /** The administration API's own listener, when ADMIN_PORT is set. */
  adminUrl?: string;
  close(): Promise<void>;
}

/**
 * The Colombian tax authority documents go to: the built-in sandbox, or the DIAN web service. With a
 * worker pool, the CPU work (the sandbox's checks and signed ApplicationResponse, the web service's
 * signed envelope and ZIP) runs on its threads; without one (the CLI), here.
 */
export function dianAuthority(config: Config, db: Db, pool?: CpuPool): DianAuthority {
  if (config.dianMode === 'webservice') {
    return new DianWebService({
      url: config.dianUrl, timeoutMs: config.dianRequestTimeoutMs,
      envelope: (op, body, to, credentials) => runTask(pool, 'dian.envelope', { op, body, to, credentials }),
      zip: (entry, xml) => runTask(pool, 'dian.zip', { entry, xml }),
    });
  }
  // The sandbox DIAN's own certificate (it signs its ApplicationResponses): read or made once per process.
  let sandboxCertificate: ReturnType<typeof providerCredentials> | undefined;
  const sandboxSigner = () => (sandboxCertificate ??= providerCredentials(db, 'dian-sandbox', '000000000', colombia.code)
    .catch((e) => { sandboxCertificate = undefined; throw e; }));
  return new ThreadedSandboxDian(pool, technicalKeys(db), sandboxSigner, noteFacts(db));
}

type Log = Pick<FastifyInstance['log'], 'info' | 'warn'>;

/** Logs one line for every outcome of an outbox job (a stamping verdict, a mail sent or given up, an attempt that failed). */
function logged(kind: string, handler: Handler, log: () => Log | undefined): Handler {
  return async (job, done) => {
    const at = { kind, company_id: job.company_id, ref_id: job.ref_id, attempt: job.attempts };
    try {
      const result = await handler(job, done);
      // A verdict or a delivery: { status, errors? } (a job that says nothing is "done").
      const { status, errors } = recordOf(result);
      const outcome = typeof status === 'string' ? status : 'done';
      log()?.[/^(Rejected|failed_delivery)$/.test(outcome) ? 'warn' : 'info']({ ...at, outcome, errors: Array.isArray(errors) && errors.length ? errors : undefined }, `${kind} ${outcome}`);
      return result;
    } catch (e) {
      log()?.warn({ ...at, outcome: 'retry', err: (e as Error)?.message ?? String(e) }, `${kind} attempt failed`);
      throw e;
    }
  };
}

/**
 * The countries table (migration 077) holds every code of the registry (src/countries/index.ts), with its time zone:
 * companies and invoices may hold those codes only. Idempotent, so every process does it at its start.
 */
async function syncCountries(db: Db): Promise<void> {
  const served = countries();
  await db.query(`INSERT INTO countries (code, time_zone) SELECT * FROM unnest($1::text[], $2::text[]) ON CONFLICT (code) DO NOTHING`,
    [served.map((c) => c.code), served.map((c) => c.timeZone)]);
}

/**
 * Opens (or takes) the database, applies migrations, and listens on config.port (0 = any free port).
 * `routes` adds routes of a tool (the benchmark's floor) before it listens.
 */
export async function startServer(config: Config, given?: Db, routes?: (app: FastifyInstance, db: Db) => void): Promise<Running> {
  // The official schemas every document is checked against (schemas/): missing, the service does not start.
  requireSchemas();
  const db = given ?? (await openDb(config));
  const pool = acquirePool(config.workerThreads);
  let released: Promise<void> | undefined;
  const release = () => (released ??= releasePool());
  try {
    // Each thread compiles the official schemas (seconds) while the migrations run and the application is built,
    // so that the first document is not late for it; a schema that does not compile stops the start (before listening).
    const warm = Promise.all(Array.from({ length: pool.size }, (_, i) => pool.run('schemas.warm', undefined, { affinity: i })));
    warm.catch(() => undefined); // awaited below; a start that fails first must not leave it unhandled
    await migrate(db);
    await syncCountries(db);
    const signing: Signing = { credentials: new Credentials(db, pool), pool };
    const authority = dianAuthority(config, db, pool);
    // The stamping provider (PAC): the built-in sandbox, or Finkok's web service (PAC_MODE=finkok).
    const finkok = config.pacMode === 'finkok' ? new FinkokPac({ url: config.pacUrl, user: config.pacUser!, password: config.pacPassword!, timeoutMs: config.pacTimeoutMs }) : null;
    const cancellations = finkok ?? new SandboxCancellations(db);
    const pac = finkok ?? new ThreadedSandboxPac(pool, () => signing.credentials.provider('sat-sandbox', SANDBOX_PROVIDER_RFC, mexico.code));
    const mailer = createMailer({ smtpUrl: config.smtpUrl, dataDir: config.dataDir, timeoutMs: config.mailTimeoutMs });
    let log: Log | undefined;
    // What the tax-authority jobs do to each kind of document, given here: src/einvoice imports no document kernel.
    const cancelKernels = { invoice: invoiceCancellation, payment: paymentCancellation, credit_note: mxNoteCancellation };
    const outbox = new Outbox(db, {
      dian_submit: logged('dian_submit', (job, done) => stampCoInvoice(db, authority, invoiceRecords, job.company_id, job.ref_id, signing, done, job.loaded), () => log),
      [NOTE_STAMP_JOB]: logged(NOTE_STAMP_JOB, (job, done) => stampCoNote(db, authority, job.company_id, job.ref_id, signing, done), () => log),
      sat_stamp: logged('sat_stamp', (job, done) => stampMxInvoice(db, pac, invoiceRecords, job.company_id, job.ref_id, signing, done), () => log),
      [CANCEL_JOB]: logged(CANCEL_JOB, (job) => runCancellation(db, cancellations, cancelKernels, job.company_id, job.ref_id, signing.credentials), () => log),
      [MX_NOTE_STAMP_JOB]: logged(MX_NOTE_STAMP_JOB, (job, done) => stampMxNote(db, pac, job.company_id, job.ref_id, signing, done), () => log),
      [PAYMENT_STAMP_JOB]: logged(PAYMENT_STAMP_JOB, (job, done) => stampMxPayment(db, pac, job.company_id, job.ref_id, signing, done), () => log),
      [MAIL_JOB]: logged(MAIL_JOB, mailHandler(db, mailer, { from: config.mailFrom, maxAttempts: config.mailMaxAttempts, pool, credentials: signing.credentials }), () => log),
    }, { claimMs: config.outboxClaimMs, batch: Math.max(10, 2 * pool.size), reads: { dian_submit: CO_INVOICE_JOB_READ } });
    // The embedded database has one process: a job it finds claimed was left by a process that died (kill -9, power loss).
    if (db.kind === 'pglite') await outbox.releaseClaims();
    const throttle = new Throttle(config);
    const app = await buildApp({ config, db, outbox, dian: authority, pool, throttle, bases: countries() }, MODULES, openapiHooks());
    log = app.log;
    const key = sealingKey(config);
    if (key) {
      const { sealed, unknownKey } = await sealStoredPasswords(db, key);
      if (sealed) app.log.info({ sealed }, 'certificate passwords sealed with the current key');
      const secrets = await sealStoredSecrets(db, key);
      if (secrets.sealed) app.log.info({ sealed: secrets.sealed }, 'DIAN PINs, technical keys and webhook secrets sealed with the current key');
      if (secrets.unknownKey) app.log.warn({ secrets: secrets.unknownKey }, 'DIAN PINs, technical keys or webhook secrets sealed with a key this process does not have (set SECRET_KEY_PREVIOUS to the old key)');
      if (unknownKey) app.log.warn({ certificates: unknownKey }, 'certificate passwords sealed with a key this process does not have (another SECRET_KEY?): those companies cannot sign');
    } else {
      app.log.warn('SECRET_KEY is not set: certificates cannot be uploaded on a PostgreSQL server, and DIAN PINs and webhook secrets stay in clear there (see docs/security.md)');
    }
    // Without ADMIN_TOKEN the administration routes answer 404 to all but the console's owners (src/admin/routes.ts).
    await app.register(adminRoutes({ config, db, dian: authority, sealingKey: key, throttle }), { prefix: '/admin/v1' });
    // Cookies (@fastify/cookie) for the console's session and the self-invoicing page's CSRF token; `hook: false`: no
    // request is parsed for them but where those pages ask (`parseCookie`), the API's requests carry none.
    await app.register(fastifyCookie, { hook: false });
    await app.register(consoleRoutes(app, config, db), { prefix: '/app' });
    // The public self-invoicing page of Mexican tickets (no login; its own CSRF token and limit per address).
    await app.register(selfInvoicePage({ db, outbox, pool, dianTimeoutMs: config.dianTimeoutMs }), { prefix: '/mx/self-invoice' });
    let stopFolding: (() => Promise<void>) | undefined;
    let stopGlobals: (() => Promise<void>) | undefined;
    // Webhook deliveries: their own queue, sent in batches (src/webhooks/dispatch.ts).
    const webhooks = new WebhookDispatcher(db, { timeoutMs: config.webhookTimeoutMs, retryHours: config.webhookRetryHours, allowPrivate: config.webhookAllowPrivate,
      resolve: config.resolveHost, log: (msg, extra) => app.log.error(extra, msg) });
    if (db.kind === 'pglite') await webhooks.releaseClaims();
    await webhooks.adoptXids();
    app.addHook('onClose', async () => { await stopGlobals?.(); await webhooks.stop(); await outbox.stop(); mailer.close(); await stopFolding?.(); await release(); });
    routes?.(app, db);
    // The administration API on its own listener (ADMIN_PORT): the same application, so the same hooks, limits,
    // errors and logs; only the paths each listener answers differ (src/platform/app.ts).
    // The console's owner pages call the administration routes of their company by injection, with a ticket only
    // this process knows (src/admin/routes.ts): those reach /admin whatever listener the console is on.
    adminListener.internal = (req) => { const t = req.headers['x-console-ticket']; return typeof t === 'string' && consoleAdminTickets.has(t); };
    const adminServer = config.adminToken && config.adminPort !== undefined
      ? http.createServer({ requestTimeout: config.requestTimeoutMs }, (req, res) => { adminListenerRequests.add(req); app.routing(req, res); })
      : undefined;
    if (adminServer) {
      app.addHook('onClose', async () => {
        if (!adminServer.listening) return;
        await new Promise<void>((closed) => { adminServer.close(() => closed()); adminServer.closeIdleConnections(); });
      });
    }
    await warm;
    await app.listen({ port: config.port, host: config.host });
    let adminUrl: string | undefined;
    if (adminServer) {
      await new Promise<void>((listening, failed) => {
        adminServer.once('error', failed);
        adminServer.listen(config.adminPort, config.adminHost, () => { adminServer.off('error', failed); listening(); });
      });
      const a = adminServer.address();
      adminUrl = `http://${config.adminHost}:${typeof a === 'object' && a ? a.port : config.adminPort}`;
      app.log.info({ url: adminUrl }, 'administration API on its own listener (ADMIN_PORT): /admin answers only there');
    }
    outbox.start();
    webhooks.start();
    stopFolding = startFolding(db, 2000, (msg, extra) => app.log.error(extra, msg));
    // Global invoices of tickets for the companies that ask for them by period (settings.ticket_global_invoice).
    stopGlobals = startAutomaticGlobals(db, () => outbox.kick(), 300_000, (msg, extra) => app.log.warn(extra, msg));
    const addr = app.server.address();
    const port = typeof addr === 'object' && addr ? addr.port : config.port;
    let closing: Promise<void> | undefined;
    return {
      app, db, url: `http://${config.host}:${port}`, adminUrl,
      close: () => (closing ??= app.close().then(() => db.close())),
    };
  } catch (e) {
    await release();
    if (!given) await db.close();
    throw e;
  }
}
