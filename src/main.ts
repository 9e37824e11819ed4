/** `npm start`: serve HTTP until SIGTERM/SIGINT, then finish in-flight requests and close the database. */
import { loadConfig } from './platform/config';
import { DatabaseHeldError, migrate, openDb } from './platform/db';
import { ensureDemo } from './companies/demo';
import { startServer } from './server';

async function main() {
  const config = loadConfig();
  const db = await openDb(config);
  if (db.kind === 'pglite') {
    // An empty embedded database gets the demo companies, so a newcomer can call the API at once.
    await migrate(db);
    const [{ n }] = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM companies');
    if (n === 0) {
      const demo = await ensureDemo(db);
      console.log(JSON.stringify({ level: 30, time: Date.now(), msg: 'demo companies created', credentials: { co: demo.co, mx: demo.mx } }));
    }
  }
  const server = await startServer(config, db);
  const stop = (signal: string) => {
    server.app.log.info({ signal }, 'shutting down: finishing in-flight requests');
    server.close().then(() => process.exit(0), (e) => { console.error(e); process.exit(1); });
  };
  process.once('SIGTERM', () => stop('SIGTERM'));
  process.once('SIGINT', () => stop('SIGINT'));
}

main().catch((e) => {
  console.error(e instanceof DatabaseHeldError ? e.message : e);
  process.exit(1);
});
