/**
 * What every console page works with: the session, its company, the language,
 * the role checks, and `api()`, which runs a route of the API in this process
 * (app.inject) as the session's company, so that the console does exactly what
 * the API does, with the same rules and messages.
 */
import { badAmounts } from './amounts';
import crypto from 'node:crypto';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { Authenticated, Company } from '../platform/auth';
import { consoleTickets } from '../platform/app';
import { consoleAdminTickets } from '../admin/routes';
import type { Db } from '../platform/db';
import type { Role, Session } from './accounts';
import type { Lang } from './i18n';
import { country as countryOf, type CountryCode } from '../countries';

const RANK: Record<Role, number> = { viewer: 1, accountant: 2, owner: 3 };

/**
 * What a route of the API answered. `body` is its JSON (undefined when it sent none): `T` names the route's answer
 * (the API's own answer types: CoInvoiceDocument, VoucherDocument…) and holds only when `status` is 2xx; any other
 * status carries the API's error answer, read as `unknown` (layout.ts, `apiErrors`). Unnamed, it is `unknown`.
 */
export interface ApiAnswer<T = unknown> { status: number; body: T; raw: Buffer; headers: Record<string, unknown> }

/**
 * Whether the company's country takes the UBL form of requests (src/countries/country.ts, `form`: taxes on each line,
 * withholdings by id, identification types, places by codes) rather than the CFDI's (SAT keys, uses, regimes): the
 * console's forms build the API's bodies, so they follow the form, not the country's code.
 */
export const ublForms = (ctx: { country: CountryCode }): boolean => countryOf(ctx.country).form === 'ubl';

export interface Ctx {
  session: Session;
  company: Authenticated;
  lang: Lang;
  country: CountryCode;
  can(role: Role): boolean;
  api<T = unknown>(method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, body?: unknown, headers?: Record<string, string>): Promise<ApiAnswer<T>>;
  /** An administration route of this company (`/admin/v1/companies/{id}` + path): the owner's settings pages only. */
  admin<T = unknown>(method: 'GET' | 'POST' | 'PATCH' | 'DELETE', path: string, body?: unknown): Promise<ApiAnswer<T>>;
}

/** The one place an answer's JSON takes the type its caller names (`T`): the API's own answer schemas describe it. */
async function injected<T>(app: FastifyInstance, method: string, url: string, ticket: string, body: unknown, headers: Record<string, string>): Promise<ApiAnswer<T>> {
  const res = await app.inject({
    method: method as 'GET', url,
    headers: { 'x-console-ticket': ticket, ...(body !== undefined ? { 'content-type': 'application/json' } : {}), ...headers },
    payload: body === undefined ? undefined : JSON.stringify(body),
  });
  let parsed: unknown;
  const type = String(res.headers['content-type'] ?? '');
  if (type.includes('json')) { try { parsed = res.json(); } catch { parsed = undefined; } }
  return { status: res.statusCode, body: parsed as T, raw: res.rawPayload, headers: res.headers };
}

export class Refused extends Error {
  constructor(readonly status: number, message: string) { super(message); }
}

const COMPANY_SQL = `SELECT c.company_id, c.country, c.legal_name, c.tax_id, c.check_digit, c.address, c.settings, c.time_zone, c.catalog_version,
    EXISTS (SELECT 1 FROM webhooks w WHERE w.company_id = c.company_id AND w.active AND NOT w.deleted) AS webhooks
  FROM companies c WHERE c.company_id = $1`;

export async function contextOf(app: FastifyInstance, db: Db, session: Session): Promise<Ctx> {
  const [row] = await db.query<Company>(COMPANY_SQL, [session.company_id]);
  if (!row) throw new Refused(404, 'company');
  const company: Authenticated = { ...row, api_user_id: 0 };
  const country = company.country;
  return {
    session, company, country, lang: session.lang,
    can: (role) => RANK[session.role] >= RANK[role],
    async api<T>(method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<ApiAnswer<T>> {
      // An amount the form could not read is refused here, on its field, as the API refuses a value: the API never sees a guess.
      const bad = badAmounts(body);
      if (bad.length) {
        const answer = { Status: 400, Errors: bad.map((b) => ({ Code: 'invalid_amount', Message: b.bad.message[session.lang === 'en' ? 1 : 0], Params: [b.path] })) };
        return { status: 400, body: answer as T, raw: Buffer.from(JSON.stringify(answer)), headers: {} };
      }
      const ticket = crypto.randomBytes(32).toString('base64url');
      consoleTickets.set(ticket, company);
      try {
        const { basePath, applicationHeader } = countryOf(country);
        return await injected<T>(app, method, `${basePath}/v1${path}`, ticket, body,
          { ...(applicationHeader && method === 'POST' ? { 'serviceapi-application-id': 'consola' } : {}), ...headers });
      } finally {
        consoleTickets.delete(ticket);
      }
    },
    async admin<T>(method: string, path: string, body?: unknown): Promise<ApiAnswer<T>> {
      if (session.role !== 'owner') throw new Refused(403, 'role');
      const ticket = crypto.randomBytes(32).toString('base64url');
      consoleAdminTickets.set(ticket, company.company_id);
      try {
        return await injected<T>(app, method, `/admin/v1/companies/${company.company_id}${path}`, ticket, body, {});
      } finally {
        consoleAdminTickets.delete(ticket);
      }
    },
  };
}

/** A list of the API (an array, or a page's `results`): its active rows (all of them when rows have no `active`); none when refused. */
export async function activeList<T>(ctx: Ctx, path: string): Promise<T[]> {
  type Row = T & { active?: boolean };
  const r = await ctx.api<Row[] | { results: Row[] }>('GET', path);
  if (r.status !== 200) return [];
  return (Array.isArray(r.body) ? r.body : r.body.results).filter((x) => x.active !== false);
}

/** Refuses (403) unless the session's role is at least `role`. */
export function need(ctx: Ctx, role: Role): void {
  if (!ctx.can(role)) throw new Refused(403, 'role');
}

export const sendHtml = (reply: FastifyReply, status: number, body: { text: string }) =>
  reply.status(status).type('text/html; charset=utf-8').header('Cache-Control', 'no-store').send(body.text);
