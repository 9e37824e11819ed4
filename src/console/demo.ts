/** The demo companies' console users: fixed, documented logins (docs/console.md), put back as they are on every call. */
import type { Db } from '../platform/db';
import { ensureConsoleUser } from './accounts';

export const DEMO_CONSOLE = {
  co: { email: 'dueno@demo-co.example', password: 'demo-co-consola-2026', role: 'owner' },
  mx: { email: 'dueno@demo-mx.example', password: 'demo-mx-consola-2026', role: 'owner' },
} as const;

export type DemoConsole = { [k in keyof typeof DEMO_CONSOLE]: { email: string; password: string; role: string; url: string } };

/** Makes (or restores) the console user of each demo company; call after ensureDemo. */
export async function ensureDemoConsole(db: Db): Promise<DemoConsole> {
  return db.tx(async (q) => {
    for (const country of ['co', 'mx'] as const) {
      const [c] = await q.query<{ company_id: number }>('SELECT company_id FROM companies WHERE is_demo AND country = $1 ORDER BY company_id LIMIT 1', [country.toUpperCase()]);
      if (!c) throw new Error(`No ${country.toUpperCase()} demo company: run ensureDemo first`);
      const u = DEMO_CONSOLE[country];
      await ensureConsoleUser(q, c.company_id, u.email, u.role, u.password);
    }
    return { co: { ...DEMO_CONSOLE.co, url: '/app' }, mx: { ...DEMO_CONSOLE.mx, url: '/app' } };
  });
}
