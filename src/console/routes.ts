/**
 * The operator console on /app: server-rendered pages for console users
 * (src/console/accounts.ts), a session cookie (HttpOnly, SameSite=Lax, Secure
 * with CONSOLE_HTTPS=1) and, on every state-changing request, a same-origin
 * check (Origin, else Referer) and the session's CSRF token. Every action runs
 * the API's own route as the session's company (context.ts).
 */
import crypto from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../platform/config';
import type { Db } from '../platform/db';
import { ApiError } from '../platform/errors';
import { endSession, login, readSession, setLanguage, type Session } from './accounts';
import { CONSOLE_SCRIPT, htmxScript, STYLESHEET } from './assets';
import { contextOf, need, Refused, sendHtml, type Ctx } from './context';
import { echo, echoes, formKey, invoiceBody, invoiceForm, noteBody, noteForm, totalsPanel, withPayable, type Form, type NoteSource, type Totals } from './forms';
import { html } from './html';
import { liveQuery } from './fields';
import { nitCheckDigit } from '../platform/nit';
import { t, type Lang } from './i18n';
import { loginPage, page } from './layout';
import { kindOf } from './kinds';
import { homePage } from './home';
import { documentsPage } from './list';
import { documentPage } from './document';
import { catalogRoutes } from './catalog-routes';
import { documentStory } from './trail';
import { receiptRoutes } from './receipt';
import { ticketRoutes } from './tickets';
import { startRoutes } from './starts';
import { statementRoutes } from './statement';
import { BadList, badListText } from './sort';
import { settingsRoutes } from './settings-routes';
import { listRoutes } from './bulk-routes';
import { usersRoutes } from './users';
import { activityPage } from './users-activity';
import { csv, RECEIVABLES_MONEY, receivablesPage, receivablesRows, TRIAL_BALANCE_MONEY, trialBalancePage, trialBalanceRows, xlsx } from './reports';

const COOKIE = 'fx_console';
const hide = { schema: { hide: true } } as const;

/** The session cookie's value, if the request carries one (@fastify/cookie, registered in src/server.ts). */
function cookieOf(req: FastifyRequest): string | undefined {
  return req.server.parseCookie(String(req.headers.cookie ?? ''))[COOKIE];
}

/** A state-changing request must come from a page of this console: its Origin (or, without one, its Referer) is this host. */
function sameOrigin(req: FastifyRequest): boolean {
  const from = req.headers.origin ?? req.headers.referer;
  if (!from || from === 'null') return false;
  try { return new URL(String(from)).host === req.headers.host; } catch { return false; }
}

function csrfOk(req: FastifyRequest, session: Session): boolean {
  const sent = String((req.body as Form | undefined)?._csrf ?? req.headers['x-csrf-token'] ?? '');
  const a = Buffer.from(sent);
  const b = Buffer.from(session.csrf);
  return a.length === b.length && crypto.timingSafeEqual(a, b);
}

/** Before a session: Spanish, unless the address asks ?lang=en. */
const langOf = (req: FastifyRequest): Lang => ((req.query as { lang?: string } | undefined)?.lang === 'en' ? 'en' : 'es');

export type Guarded = (handler: (ctx: Ctx, req: FastifyRequest, reply: FastifyReply) => Promise<unknown>) => (req: FastifyRequest, reply: FastifyReply) => Promise<unknown>;

export function consoleRoutes(root: FastifyInstance, config: Config, db: Db) {
  const cookie = (value: string, maxAge: number) =>
    root.serializeCookie(COOKIE, value, { path: '/app', httpOnly: true, sameSite: 'lax', maxAge, secure: config.consoleHttps });

  return async (app: FastifyInstance) => {
    // Forms arrive URL-encoded; a repeated name (the lines of an invoice) becomes an array.
    app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 256 * 1024 }, (_req, text, done) => {
      const out: Form = {};
      for (const [k, v] of new URLSearchParams(String(text))) {
        const had = out[k];
        out[k] = had === undefined ? v : Array.isArray(had) ? [...had, v] : [had, v];
      }
      done(null, out);
    });
    app.addHook('onRequest', async (_req, reply) => {
      reply.header('X-Frame-Options', 'DENY').header('X-Content-Type-Options', 'nosniff').header('Referrer-Policy', 'same-origin')
        .header('Content-Security-Policy', "default-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; frame-ancestors 'none'; form-action 'self'; base-uri 'none'");
    });

    /** A page or action of a signed-in user: GETs go to the login page without a session; writes need the origin and the CSRF token. */
    const guarded: Guarded = (handler) =>
      async (req: FastifyRequest, reply: FastifyReply) => {
        const write = req.method !== 'GET' && req.method !== 'HEAD';
        const session = await readSession(db, config, cookieOf(req));
        if (!session) {
          if (!write) return reply.redirect('/app/login', 303);
          return sendHtml(reply, 401, loginPage(langOf(req), t(langOf(req), 'login')));
        }
        if (write && (!sameOrigin(req) || !csrfOk(req, session))) {
          return reply.status(403).type('text/plain; charset=utf-8').send(session.lang === 'es' ? 'Rechazado: esta solicitud no vino de una página de la consola (origen o token CSRF).'
            : 'Refused: this request did not come from a page of the console (origin or CSRF token)');
        }
        const ctx = await contextOf(root, db, session);
        try {
          return await handler(ctx, req, reply);
        } catch (e) {
          if (!(e instanceof Refused)) throw e;
          const title = e.status === 404 ? t(ctx.lang, 'notFound') : t(ctx.lang, 'notAllowed');
          return sendHtml(reply, e.status, page(ctx, title, html`<p>${title}</p><p><a href="/app">${t(ctx.lang, 'home')}</a></p>`));
        }
      };

    app.get('/assets/console.css', hide, async (_req, reply) => reply.type('text/css; charset=utf-8').header('Cache-Control', 'public, max-age=3600').send(STYLESHEET));
    app.get('/assets/htmx.min.js', hide, async (_req, reply) => reply.type('text/javascript; charset=utf-8').header('Cache-Control', 'public, max-age=86400').send(htmxScript()));
    app.get('/assets/console.js', hide, async (_req, reply) => reply.type('text/javascript; charset=utf-8').header('Cache-Control', 'public, max-age=3600').send(CONSOLE_SCRIPT));

    app.get('/login', hide, async (req, reply) => sendHtml(reply, 200, loginPage(langOf(req))));
    app.post('/login', hide, async (req, reply) => {
      const lang = langOf(req);
      const f = (req.body ?? {}) as Form;
      const email = String(f.email ?? '');
      if (!sameOrigin(req)) {
        return reply.status(403).type('text/plain; charset=utf-8').send(lang === 'es' ? 'Rechazado: el formulario de ingreso debe enviarse desde esta consola.' : 'Refused: the login form must be sent from this console');
      }
      try {
        const { cookie: value } = await login(db, config, email, String(f.password ?? ''), req.ip);
        return reply.header('Set-Cookie', cookie(value, config.consoleSessionSeconds)).redirect('/app', 303);
      } catch (e) {
        if (!(e instanceof ApiError)) throw e;
        if (e.status === 429) {
          const minutes = Math.ceil(Number(e.errors[0].Detail ?? 60) / 60);
          const why = lang === 'es' ? `${t(lang, 'tooMany')} desde ${e.errors[0].Params[0] === 'email' ? 'este correo' : 'esta dirección'}; intente de nuevo en ${minutes} min.`
            : `${e.errors[0].Message}.`;
          return sendHtml(reply.header('Retry-After', e.headers['Retry-After']), 429, loginPage(lang, why, email));
        }
        return sendHtml(reply, 401, loginPage(lang, t(lang, 'wrongLogin'), email));
      }
    });
    app.post('/logout', hide, guarded(async (ctx, _req, reply) => {
      await endSession(db, ctx.session);
      return reply.header('Set-Cookie', cookie('', 0)).redirect('/app/login', 303);
    }));
    app.post('/lang', hide, guarded(async (ctx, req, reply) => {
      await setLanguage(db, ctx.session, (req.body as Form)?.lang === 'en' ? 'en' : 'es');
      let back = '/app';
      try {
        const from = new URL(String(req.headers.referer ?? ''));
        if (from.host === req.headers.host && from.pathname.startsWith('/app')) back = from.pathname + from.search;
      } catch { /* no Referer: home */ }
      return reply.redirect(back, 303);
    }));

    app.get('/', hide, guarded(async (ctx, _req, reply) => sendHtml(reply, 200, await homePage(ctx, db))));
    app.get('/documents', hide, guarded(async (ctx, req, reply) => {
      try {
        // A parameter given twice counts once (its first value), never a 500.
        const q = Object.fromEntries(Object.entries(req.query as Record<string, string | string[]>).map(([k, v]) => [k, Array.isArray(v) ? v[0] : v]));
        return sendHtml(reply, 200, await documentsPage(ctx, q, db));
      } catch (e) {
        if (!(e instanceof BadList)) throw e;
        return sendHtml(reply, 400, page(ctx, t(ctx.lang, 'documents'), html`<div class="error" role="alert"><p>${badListText(ctx.lang, e)}</p></div><p><a href="/app/documents">${t(ctx.lang, 'documents')}</a></p>`));
      }
    }));
    const okMessage = (ctx: Ctx, ok: unknown) => (ok === 'mail' ? t(ctx.lang, 'mailQueued') : ok ? t(ctx.lang, 'done') : undefined);
    app.get('/documents/:kind/:id', hide, guarded(async (ctx, req, reply) => {
      const { kind, id } = req.params as { kind: string; id: string };
      if (!/^[0-9a-f-]{36}$/i.test(id)) throw new Refused(404, 'id');
      const r = await documentPage(ctx, kind, id, { ok: okMessage(ctx, (req.query as { ok?: string }).ok), story: await documentStory(ctx, db, kindOf(ctx, kind).path, id) });
      return sendHtml(reply, r.status, r.body);
    }));
    for (const file of ['pdf', 'xml'] as const) {
      app.get(`/documents/:kind/:id/${file}`, hide, guarded(async (ctx, req, reply) => {
        const { kind, id } = req.params as { kind: string; id: string };
        const k = kindOf(ctx, kind);
        if (!/^[0-9a-f-]{36}$/i.test(id)) throw new Refused(404, 'id');
        const type = file === 'pdf' ? 'application/pdf' : 'application/xml';
        const res = await ctx.api('GET', `/${k.path}/${id}/${file}`, undefined, { accept: type });
        if (res.status === 404) throw new Refused(404, file);
        if (res.status !== 200) throw new Error(`${file} of ${id}: ${res.status}`);
        // Named as the document is (its number), not by its id: what an accountant files and finds again.
        const doc = await ctx.api<{ name?: string | null }>('GET', `/${k.path}/${id}`);
        const name = (doc.status === 200 && doc.body.name ? doc.body.name : id).replace(/[^A-Za-z0-9._-]+/g, '-');
        return reply.type(type).header('Content-Disposition', `${file === 'pdf' ? 'inline' : 'attachment'}; filename="${name}.${file}"`).send(res.raw);
      }));
    }
    app.post('/documents/:kind/:id/:action', hide, guarded(async (ctx, req, reply) => {
      need(ctx, 'accountant');
      const { kind, id, action } = req.params as { kind: string; id: string; action: string };
      const k = kindOf(ctx, kind);
      const f = (req.body ?? {}) as Form;
      if (!/^[0-9a-f-]{36}$/i.test(id)) throw new Refused(404, 'id');
      let res;
      const typed = (name: string) => String([f[name]].flat()[0] ?? '').trim();
      if (action === 'mail') res = await ctx.api('POST', `/${k.path}/${id}/mail`, { ...(typed('mail_to') ? { mail_to: typed('mail_to') } : {}), ...(typed('copy_to') ? { copy_to: typed('copy_to') } : {}) });
      else if (action === 'stamp') res = await ctx.api('POST', `/${k.path}/${id}/stamp`);
      else if (action === 'annul' || action === 'cancel') {
        if (f.confirm !== 'yes') res = { status: 400, body: { Errors: [{ Code: 'parameter_required', Message: t(ctx.lang, 'confirm'), Params: ['confirm'] }] } };
        else if (action === 'annul') res = await ctx.api('POST', `/${k.path}/${id}/annul`);
        else res = await ctx.api('POST', `/${k.path}/${id}/cancel`, { motive: String(f.motive ?? ''), ...(f.substitution ? { substitution: String(f.substitution).trim() } : {}) });
      } else if (action === 'credit-note' && k.path === 'invoices') {
        const inv = await ctx.api<NoteSource>('GET', `/invoices/${id}`);
        if (inv.status !== 200) throw new Refused(404, 'invoice');
        const made = await withPayable(f, (p) => noteBody(ctx, inv.body, f, p), (b) => ctx.api<{ id: string }>('POST', '/credit-notes', b, formKey(f)));
        if (made.status === 201 || made.status === 200) return reply.redirect(`/app/documents/credit-notes/${made.body.id}?ok=done`, 303);
        return sendHtml(reply, 400, await noteForm(ctx, inv.body, f, made));
      } else throw new Refused(404, 'action');
      if (res.status === 404) throw new Refused(404, 'document');
      if (res.status < 300) return reply.redirect(`/app/documents/${k.path}/${id}?ok=${action}`, 303);
      const r = await documentPage(ctx, k.path, id, { errors: res.body, sent: action === 'mail' ? f : undefined, story: await documentStory(ctx, db, k.path, id) });
      return sendHtml(reply, r.status, r.body);
    }));
    app.get('/documents/invoices/:id/credit-note', hide, guarded(async (ctx, req, reply) => {
      need(ctx, 'accountant');
      const { id } = req.params as { id: string };
      if (!/^[0-9a-f-]{36}$/i.test(id)) throw new Refused(404, 'id');
      const inv = await ctx.api<NoteSource>('GET', `/invoices/${id}`);
      if (inv.status !== 200) throw new Refused(404, 'invoice');
      return sendHtml(reply, 200, await noteForm(ctx, inv.body));
    }));

    const query = (req: FastifyRequest) => req.query as Record<string, string | undefined>;
    app.get('/reports/receivables', hide, guarded(async (ctx, req, reply) => sendHtml(reply, 200, await receivablesPage(ctx, query(req), db))));
    app.get('/reports/trial-balance', hide, guarded(async (ctx, req, reply) => sendHtml(reply, 200, await trialBalancePage(ctx, query(req)))));
    // Each report as CSV (UTF-8 with its BOM, for spreadsheets) and as XLSX: the same rows.
    const exports = [['receivables', 'cartera', 'Cartera', receivablesRows, RECEIVABLES_MONEY], ['trial-balance', 'balance-de-prueba', 'Balance de prueba', trialBalanceRows, TRIAL_BALANCE_MONEY]] as const;
    for (const [path, file, sheet, rowsOf, money] of exports) {
      app.get(`/reports/${path}.csv`, hide, guarded(async (ctx, req, reply) => reply.type('text/csv; charset=utf-8')
        .header('Content-Disposition', `attachment; filename="${file}.csv"`).send('\ufeff' + csv(await rowsOf(ctx, query(req))))));
      app.get(`/reports/${path}.xlsx`, hide, guarded(async (ctx, req, reply) => reply.type('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
        .header('Content-Disposition', `attachment; filename="${file}.xlsx"`).send(await xlsx(await rowsOf(ctx, query(req)), sheet, [...money]))));
    }

    // What an amount field will store, as the company's country reads it (the generic forms' echo: src/console/fields.ts).
    app.get('/echo', hide, guarded(async (ctx, req, reply) => {
      const { id, field, typed } = liveQuery(req.query);
      return sendHtml(reply, 200, echo(ctx, id, typed, !/price|value|amount|discount|total|paid/i.test(field)));
    }));
    // A Colombian NIT's check digit, beside the identification of the customer form (src/console/fields.ts).
    app.get('/check-digit', hide, guarded(async (ctx, req, reply) => {
      const { id, typed } = liveQuery(req.query);
      const nit = typed.trim();
      const text = !nit ? '' : /^[0-9]{1,15}$/.test(nit) ? `${ctx.lang === 'en' ? 'Check digit' : 'Dígito de verificación'}: ${nitCheckDigit(nit)}`
        : ctx.lang === 'en' ? 'A NIT has digits only (without the check digit)' : 'Un NIT tiene solo dígitos (sin el dígito de verificación)';
      return sendHtml(reply, 200, html`<output id="echo-${id}" class="echo">${text}</output>`);
    }));
    app.get('/invoices/new', hide, guarded(async (ctx, _req, reply) => { need(ctx, 'accountant'); return sendHtml(reply, 200, await invoiceForm(ctx)); }));
    // The form again with what was typed and one more line (its "add a line" button).
    const preview = async (ctx: Ctx, f: Form) => totalsPanel(ctx, await withPayable(f, (p) => invoiceBody(ctx, f, p), (b) => ctx.api<Totals>('POST', '/invoices/preview', b)));
    // The form again with what was typed, its totals, and one more line (its "add a line" button).
    app.post('/invoices/new', hide, guarded(async (ctx, req, reply) => {
      need(ctx, 'accountant');
      const f = (req.body ?? {}) as Form;
      return sendHtml(reply, 200, await invoiceForm(ctx, f, undefined, await preview(ctx, f)));
    }));
    app.post('/invoices/preview', hide, guarded(async (ctx, req, reply) => {
      need(ctx, 'accountant');
      const f = (req.body ?? {}) as Form;
      return sendHtml(reply, 200, html`${await preview(ctx, f)}${echoes(ctx, f)}`);
    }));
    app.post('/invoices', hide, guarded(async (ctx, req, reply) => {
      need(ctx, 'accountant');
      const f = (req.body ?? {}) as Form;
      const res = await withPayable(f, (p) => invoiceBody(ctx, f, p), (b) => ctx.api<{ id: string }>('POST', '/invoices', b, formKey(f)));
      if (res.status === 201) return reply.redirect(`/app/documents/invoices/${res.body.id}?ok=done`, 303);
      return sendHtml(reply, 400, await invoiceForm(ctx, f, res));
    }));
    // The documents list's totals row, its CSV and XLSX, and its bulk jobs (ZIP, e-mail, sending again).
    listRoutes(app, guarded, db);
    catalogRoutes(app, guarded, db);
    settingsRoutes(app, guarded);
    receiptRoutes(app, guarded, db);
    ticketRoutes(app, guarded);
    startRoutes(app, guarded);
    statementRoutes(app, guarded, db);
    usersRoutes(app, guarded, config, db, sameOrigin);
    app.get('/activity', hide, guarded(async (ctx, _req, reply) => sendHtml(reply, 200, await activityPage(ctx, db))));
  };
}
