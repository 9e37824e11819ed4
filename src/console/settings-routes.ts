/** The routes of the settings pages (src/console/settings.ts): the owner's only (403 for anyone else). */
import type { FastifyInstance, FastifyReply } from 'fastify';
import { need, Refused, sendHtml, type Ctx } from './context';
import type { Form } from './forms';
import { dayAt } from './i18n';
import type { Guarded } from './routes';
import { apiUsersPage, certificatesPage, companyPage, saveCompany, testSetPage, webhooksPage, type TestSetResult } from './settings';
import { country as countryOf } from '../countries';

const hide = { schema: { hide: true } } as const;

/** multipart/form-data (the certificate upload): text fields as text, a file as base64. */
export function parseMultipart(type: string, body: Buffer): Form {
  const m = /boundary=(?:"([^"]+)"|([^;]+))/i.exec(type);
  if (!m) throw Object.assign(new Error('multipart/form-data without its boundary'), { statusCode: 400 });
  const boundary = Buffer.from(`--${m[1] ?? m[2]}`);
  const out: Form = {};
  let at = body.indexOf(boundary);
  while (at !== -1) {
    const start = at + boundary.length;
    if (body.subarray(start, start + 2).toString() === '--') break;
    const next = body.indexOf(boundary, start);
    if (next === -1) break;
    const part = body.subarray(start + 2, next - 2); // after CRLF, before CRLF
    const split = part.indexOf('\r\n\r\n');
    if (split !== -1) {
      const head = part.subarray(0, split).toString('utf8');
      const value = part.subarray(split + 4);
      const name = /name="([^"]*)"/i.exec(head)?.[1];
      if (name) out[name] = /filename="/i.test(head) ? value.toString('base64') : value.toString('utf8');
    }
    at = next;
  }
  return out;
}

export function settingsRoutes(app: FastifyInstance, guarded: Guarded): void {
  app.addContentTypeParser('multipart/form-data', { parseAs: 'buffer', bodyLimit: 2 * 1024 * 1024 }, (req, body, done) => {
    try { done(null, parseMultipart(String(req.headers['content-type']), body as Buffer)); } catch (e) { done(e as Error, undefined); }
  });
  const owner = (handler: (ctx: Ctx, f: Form, q: Record<string, string | undefined>, params: Record<string, string>, reply: FastifyReply) => Promise<unknown>) =>
    guarded(async (ctx, req, reply) => {
      need(ctx, 'owner');
      return handler(ctx, (req.body ?? {}) as Form, (req.query ?? {}) as Record<string, string>, (req.params ?? {}) as Record<string, string>, reply);
    });
  const one = (v: Form[string]) => (Array.isArray(v) ? v[0] ?? '' : v ?? '').trim();
  const w = (ctx: Ctx, es: string, en: string) => (ctx.lang === 'en' ? en : es);
  const uuid = (id: string) => { if (!/^[0-9a-f-]{36}$/i.test(id)) throw new Refused(404, 'id'); return id; };
  const int = (id: string) => { if (!/^[0-9]{1,9}$/.test(id)) throw new Refused(404, 'id'); return id; };

  app.get('/settings', hide, owner(async (ctx, _f, q, _p, reply) => sendHtml(reply, 200, await companyPage(ctx, undefined, undefined, !!q.ok))));
  app.post('/settings/company', hide, owner(async (ctx, f, _q, _p, reply) => {
    const res = await saveCompany(ctx, f);
    if (res.status === 200) return reply.redirect('/app/settings?ok=1', 303);
    return sendHtml(reply, 400, await companyPage(ctx, f, res));
  }));

  app.get('/settings/certificates', hide, owner(async (ctx, _f, _q, _p, reply) => sendHtml(reply, 200, await certificatesPage(ctx))));
  app.post('/settings/certificates', hide, owner(async (ctx, f, _q, _p, reply) => {
    const res = await ctx.admin<{ subject: string; not_after: string }>('POST', '/certificates', { p12: one(f.p12), password: String(f.password ?? '') });
    if (res.status === 201) {
      const ok = `${w(ctx, 'Certificado cargado', 'Certificate uploaded')}: ${res.body.subject} · ${w(ctx, 'vence el', 'expires on')} ${dayAt(res.body.not_after, ctx.company.time_zone)}`;
      return sendHtml(reply, 200, await certificatesPage(ctx, { ok }));
    }
    return sendHtml(reply, 400, await certificatesPage(ctx, { errors: res.body }));
  }));

  app.get('/settings/test-set', hide, owner(async (ctx, _f, _q, _p, reply) => {
    if (!countryOf(ctx.country).authority?.testSet) throw new Refused(404, 'test set');
    return sendHtml(reply, 200, await testSetPage(ctx));
  }));
  app.post('/settings/test-set', hide, owner(async (ctx, f, _q, _p, reply) => {
    if (!countryOf(ctx.country).authority?.testSet) throw new Refused(404, 'test set');
    const id = one(f.test_set_id);
    const res = await ctx.admin<TestSetResult>('POST', '/dian/test-set', id ? { test_set_id: id } : {});
    return sendHtml(reply, res.status === 200 ? 200 : 400, await testSetPage(ctx, res));
  }));

  app.get('/settings/webhooks', hide, owner(async (ctx, _f, q, _p, reply) => sendHtml(reply, 200, await webhooksPage(ctx, {}, q.deliveries ? uuid(q.deliveries) : undefined))));
  app.post('/settings/webhooks', hide, owner(async (ctx, f, _q, _p, reply) => {
    const events = one(f.events).split(',').map((x) => x.trim()).filter(Boolean);
    const res = await ctx.api<{ secret: string }>('POST', '/webhooks', { url: one(f.url), events, ...(one(f.description) ? { description: one(f.description) } : {}) });
    if (res.status === 201) {
      return sendHtml(reply, 200, await webhooksPage(ctx, { secret: [w(ctx, 'Webhook creado. Su secreto de firma (Webhook-Signature) se muestra solo esta vez:',
        'Webhook created. Its signing secret (Webhook-Signature) is shown this once only:'), res.body.secret] }));
    }
    return sendHtml(reply, 400, await webhooksPage(ctx, { errors: res.body }));
  }));
  app.post('/settings/webhooks/:id/delete', hide, owner(async (ctx, _f, _q, p, reply) => {
    const res = await ctx.api('DELETE', `/webhooks/${uuid(p.id)}`);
    if (res.status === 404) throw new Refused(404, 'webhook');
    return sendHtml(reply, res.status === 200 ? 200 : 400, await webhooksPage(ctx, res.status === 200 ? { ok: w(ctx, 'Webhook borrado.', 'Webhook deleted.') } : { errors: res.body }));
  }));

  app.get('/settings/api-users', hide, owner(async (ctx, _f, _q, _p, reply) => sendHtml(reply, 200, await apiUsersPage(ctx))));
  type ApiKey = { username: string; access_key: string };
  const keyShown = (ctx: Ctx, body: ApiKey) => [w(ctx, `Clave de acceso de ${body.username} (se muestra solo esta vez):`, `Access key of ${body.username} (shown this once only):`), body.access_key] as [string, string];
  app.post('/settings/api-users', hide, owner(async (ctx, f, _q, _p, reply) => {
    const res = await ctx.admin<ApiKey>('POST', '/api-users', { username: one(f.username) });
    if (res.status === 201) return sendHtml(reply, 200, await apiUsersPage(ctx, { secret: keyShown(ctx, res.body) }));
    return sendHtml(reply, 400, await apiUsersPage(ctx, { errors: res.body }));
  }));
  app.post('/settings/api-users/:id/rotate', hide, owner(async (ctx, _f, _q, p, reply) => {
    const res = await ctx.admin<ApiKey>('POST', `/api-users/${int(p.id)}/rotate`);
    if (res.status === 404) throw new Refused(404, 'api user');
    if (res.status === 200) return sendHtml(reply, 200, await apiUsersPage(ctx, { secret: keyShown(ctx, res.body) }));
    return sendHtml(reply, 400, await apiUsersPage(ctx, { errors: res.body }));
  }));
}
