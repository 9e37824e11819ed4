/**
 * `npm start`: serve HTTP until SIGTERM/SIGINT, then finish in-flight requests and close the database.
 * A wrong setting, a taken port or a database that cannot be used stops the start before any
 * migration, with one line on stderr and an exit code (src/platform/startup.ts).
 */
import { migrate } from './platform/db';
import { checkPort, openChecked, portError, settings, stop } from './platform/startup';
import { ensureDemo } from './companies/demo';
import { startServer } from './server';
import { ensureDemoConsole } from './console/demo';

async function main() {
  const config = settings();
  await checkPort(config);
  const db = await openChecked(config);
  if (db.kind === 'pglite' && (!config.adminToken || config.demo)) {
    // An empty embedded database gets the demo companies, so a newcomer can call the API at once; not a production
    // start (ADMIN_TOKEN set) unless DEMO=1: the demo keys are published. The keys are logged only when created.
    await migrate(db);
    const [{ n }] = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM companies');
    if (n === 0) {
      const demo = await ensureDemo(db);
      const consoleUsers = await ensureDemoConsole(db);
      console.log(JSON.stringify({ level: 'info', time: Date.now(), msg: 'demo companies created',
        credentials: { co: { ...demo.co, console: consoleUsers.co }, mx: { ...demo.mx, console: consoleUsers.mx } } }));
    }
  }
  const server = await startServer(config, db).catch(async (e) => {
    await db.close().catch(() => undefined);
    throw e?.code ? portError(config, e) : e;
  });
  if (config.adminToken) server.app.log.info('administration API on /admin/v1 (ADMIN_TOKEN is set)');
  const shutdown = (signal: string) => {
    server.app.log.info({ signal }, 'shutting down: finishing in-flight requests');
    server.close().then(() => process.exit(0), (e) => stop('shutdown failed', e));
  };
  process.once('SIGTERM', () => shutdown('SIGTERM'));
  process.once('SIGINT', () => shutdown('SIGINT'));
}

main().catch((e) => stop('Cannot start', e));
