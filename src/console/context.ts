/**
 * What every console page works with: the session, its company, the language,
 * the role checks, and `api()`, which runs a route of the API in this process
 * (app.inject) as the session's company, so that the console does exactly what
 * the API does, with the same rules and messages.
 */
import crypto from 'node:crypto';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { Authenticated } from '../platform/auth';
import { consoleTickets } from '../platform/app';
import { consoleAdminTickets } from '../admin/routes';
import type { Db } from '../platform/db';
import type { Role, Session } from './accounts';
import type { Lang } from './i18n';

const RANK: Record<Role, number> = { viewer: 1, accountant: 2, owner: 3 };

export interface ApiAnswer { status: number; body: any; raw: Buffer; headers: Record<string, unknown> }

export interface Ctx {
  session: Session;
  company: Authenticated;
  lang: Lang;
  country: 'CO' | 'MX';
  can(role: Role): boolean;
  api(method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, body?: unknown, headers?: Record<string, string>): Promise<ApiAnswer>;
  /** An administration route of this company (`/admin/v1/companies/{id}` + path): the owner's settings pages only. */
  admin(method: 'GET' | 'POST' | 'PATCH' | 'DELETE', path: string, body?: unknown): Promise<ApiAnswer>;
}

async function injected(app: FastifyInstance, method: string, url: string, ticket: string, body: unknown, headers: Record<string, string>): Promise<ApiAnswer> {
  const res = await app.inject({
    method: method as 'GET', url,
    headers: { 'x-console-ticket': ticket, ...(body !== undefined ? { 'content-type': 'application/json' } : {}), ...headers },
    payload: body === undefined ? undefined : JSON.stringify(body),
  });
  let parsed: any;
  const type = String(res.headers['content-type'] ?? '');
  if (type.includes('json')) { try { parsed = res.json(); } catch { parsed = undefined; } }
  return { status: res.statusCode, body: parsed, raw: res.rawPayload, headers: res.headers };
}

export class Refused extends Error {
  constructor(readonly status: number, message: string) { super(message); }
}

const COMPANY_SQL = `SELECT c.company_id, c.country, c.legal_name, c.tax_id, c.check_digit, c.address, c.settings, c.time_zone, c.catalog_version,
    EXISTS (SELECT 1 FROM webhooks w WHERE w.company_id = c.company_id AND w.active AND NOT w.deleted) AS webhooks
  FROM companies c WHERE c.company_id = $1`;

export async function contextOf(app: FastifyInstance, db: Db, session: Session): Promise<Ctx> {
  const [row] = await db.query<any>(COMPANY_SQL, [session.company_id]);
  if (!row) throw new Refused(404, 'company');
  const company: Authenticated = { ...row, api_user_id: 0 };
  const country = company.country;
  return {
    session, company, country, lang: session.lang,
    can: (role) => RANK[session.role] >= RANK[role],
    async api(method, path, body, headers = {}) {
      const ticket = crypto.randomBytes(32).toString('base64url');
      consoleTickets.set(ticket, company);
      try {
        return await injected(app, method, `${country === 'MX' ? '/mx' : ''}/v1${path}`, ticket, body,
          { ...(country === 'MX' && method === 'POST' ? { 'serviceapi-application-id': 'consola' } : {}), ...headers });
      } finally {
        consoleTickets.delete(ticket);
      }
    },
    async admin(method, path, body) {
      if (session.role !== 'owner') throw new Refused(403, 'role');
      const ticket = crypto.randomBytes(32).toString('base64url');
      consoleAdminTickets.set(ticket, company.company_id);
      try {
        return await injected(app, method, `/admin/v1/companies/${company.company_id}${path}`, ticket, body, {});
      } finally {
        consoleAdminTickets.delete(ticket);
      }
    },
  };
}

/** Refuses (403) unless the session's role is at least `role`. */
export function need(ctx: Ctx, role: Role): void {
  if (!ctx.can(role)) throw new Refused(403, 'role');
}

export const sendHtml = (reply: FastifyReply, status: number, body: { text: string }) =>
  reply.status(status).type('text/html; charset=utf-8').header('Cache-Control', 'no-store').send(body.text);
