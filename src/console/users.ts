/**
 * The company's console users, managed by its owner (issue 52, point 6): the list (every role reads it; only an owner
 * sees its forms), an invitation by e-mail with a role, a role change, deactivation and reactivation (a deactivated
 * user's sessions end at once and its logins are refused), and each user's last login. The invitation goes by the
 * service's mailer (SMTP_URL, or an .eml file under DATA_DIR/outbox-mail: src/mail/mailer.ts) with a one-time link
 * (src/console/accounts.ts keeps only its SHA-256, with its expiry) on which the invitee sets a password, then logs in.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import crypto from 'node:crypto';
import type { Config } from '../platform/config';
import type { Db } from '../platform/db';
import { ApiError } from '../platform/errors';
import { createMailer, type Mailer } from '../mail/mailer';
import { acceptInvitation, changeConsoleUser, INVITATION_HOURS, invitationOf, inviteConsoleUser, managedUsers, MIN_PASSWORD, ROLES, type Role } from './accounts';
import { need, Refused, sendHtml, type Ctx } from './context';
import type { Form } from './forms';
import { html, type Html } from './html';
import { roleName, t, type Lang } from './i18n';
import { apiErrors, csrfField, loginPage, page, shell } from './layout';
import { localTime } from './users-activity';
import type { Guarded } from './routes';

const hide = { schema: { hide: true } } as const;
type Flash = { ok?: string; errors?: unknown; sent?: { email: string; role: string } };

/** The refusals of this page in the page's language (the API's catalogue has no words for them). */
function refusal(lang: Lang, e: ApiError): unknown {
  const es = lang === 'es';
  const own: Record<string, [string, string]> = {
    'An owner cannot change their own role or deactivate themselves': ['Un dueño no puede cambiar su propio rol ni desactivarse.', e.message],
    'The company must keep an active owner': ['La empresa debe conservar un dueño activo.', e.message],
  };
  return {
    Status: e.status,
    Errors: e.errors.map((x) => {
      if (own[x.Message]) return { ...x, Message: own[x.Message][es ? 0 : 1] };
      if (x.Code === 'already_exists') return { ...x, Message: es ? 'Ya existe un usuario de la consola con ese correo.' : x.Message };
      return x;
    }),
  };
}

const when = (ctx: Ctx, d: Date | string | null) => (d ? localTime(ctx.lang, ctx.company.time_zone, d) : '');

export async function usersPage(ctx: Ctx, db: Db, flash: Flash = {}): Promise<Html> {
  const l = ctx.lang;
  const w = (es: string, en: string) => (l === 'en' ? en : es);
  const users = await managedUsers(db, ctx.company.company_id);
  const owner = ctx.can('owner');
  const stateOf = (u: (typeof users)[number]) => (!u.active ? w('Desactivado', 'Deactivated') : u.invited ? w('Invitación pendiente', 'Invitation pending') : w('Activo', 'Active'));
  const rows = users.map((u) => {
    const self = u.id === ctx.session.user_id;
    const actions = owner && !self ? html`<form method="post" action="/app/users/${u.id}/role" class="inline role-form">${csrfField(ctx)}
      <label for="role-${u.id}" class="visually-hidden">${w('Rol de', 'Role of')} ${u.email}</label><select id="role-${u.id}" name="role">${ROLES.map((r) =>
        html`<option value="${r}"${r === u.role ? ' selected' : ''}>${roleName(l, r)}</option>`)}</select>
      <button type="submit" class="secondary">${w('Cambiar rol', 'Change role')}<span class="visually-hidden"> ${u.email}</span></button></form>
      <form method="post" action="/app/users/${u.id}/active" class="inline">${csrfField(ctx)}<input type="hidden" name="active" value="${u.active ? 'no' : 'yes'}">
      <button type="submit" class="secondary">${u.active ? w('Desactivar', 'Deactivate') : w('Reactivar', 'Reactivate')}<span class="visually-hidden"> ${u.email}</span></button></form>` : self ? w('(usted)', '(you)') : '';
    return html`<tr data-user="${u.email}"><th scope="row">${u.email}</th><td class="role">${roleName(l, u.role)}</td><td class="state">${stateOf(u)}</td>
      <td class="last-login">${u.last_login_at ? when(ctx, u.last_login_at) : w('Nunca', 'Never')}</td>${owner ? html`<td>${actions}</td>` : ''}</tr>`;
  });
  const invite = owner ? html`<form method="post" action="/app/users/invite" class="record" id="invite">${csrfField(ctx)}<fieldset><legend>${w('Invitar a un usuario', 'Invite a user')}</legend>
  <div class="grid"><div class="field"><label for="invite-email">${t(l, 'email')}</label><input id="invite-email" name="email" type="email" required autocomplete="off" value="${flash.sent?.email ?? ''}"></div>
  <div class="field"><label for="invite-role">${t(l, 'role')}</label><select id="invite-role" name="role">${ROLES.map((r) =>
    html`<option value="${r}"${r === (flash.sent?.role ?? 'accountant') ? ' selected' : ''}>${roleName(l, r)}</option>`)}</select></div></div>
  <p class="hint">${w(`Le llegará un correo con un enlace, válido por ${INVITATION_HOURS} horas y de un solo uso, para fijar su contraseña.`,
    `They get an e-mail with a one-time link, valid for ${INVITATION_HOURS} hours, to set their password.`)}</p></fieldset>
  <button type="submit">${w('Enviar invitación', 'Send invitation')}</button></form>` : '';
  return page(ctx, w('Usuarios de la consola', 'Console users'), html`${flash.ok ? html`<p class="ok" role="status">${flash.ok}</p>` : ''}${flash.errors ? apiErrors(l, flash.errors) : ''}
  <div class="scroll" tabindex="0" role="region" aria-label="${w('Usuarios de la consola', 'Console users')}"><table id="users" class="sticky-first"><thead><tr>
  <th scope="col">${t(l, 'email')}</th><th scope="col">${t(l, 'role')}</th><th scope="col">${t(l, 'status')}</th><th scope="col">${w('Último ingreso', 'Last login')}</th>
  ${owner ? html`<th scope="col">${t(l, 'actions')}</th>` : ''}</tr></thead><tbody>${rows}</tbody></table></div>${invite}`);
}

/** The invitation's e-mail: Spanish, with the English below it. */
function invitationMail(company: string, role: Role, link: string, by: string) {
  const text = [
    `${by} le invita a la consola de facturación de ${company} con el rol de ${roleName('es', role)}.`,
    '', `Para fijar su contraseña abra este enlace (válido por ${INVITATION_HOURS} horas, de un solo uso):`, link, '',
    'Si no esperaba esta invitación, ignore este correo.', '', '---', '',
    `${by} invites you to the invoicing console of ${company} as ${role}. Set your password at the link above (valid for ${INVITATION_HOURS} hours, once).`,
  ].join('\n');
  const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
  return { subject: `Invitación a la consola de facturación de ${company}`, text, html: `<p>${esc(text.split('\n')[0])}</p><p><a href="${esc(link)}">${esc(link)}</a></p><p>${esc(text.split('\n').at(-1)!)}</p>` };
}

function invitationPage(lang: Lang, token: string, problem?: unknown, email?: string): Html {
  const es = lang === 'es';
  return shell(lang, es ? 'Fijar contraseña' : 'Set your password', html`<main id="main" class="login"><h1>${es ? 'Fijar contraseña' : 'Set your password'}</h1>
  ${email ? html`<form method="post" action="/app/invitation" class="card">${problem ? apiErrors(lang, problem) : ''}
  <p>${es ? 'Invitación para' : 'Invitation for'} <strong>${email}</strong></p><input type="hidden" name="token" value="${token}">
  <label for="new-password">${t(lang, 'password')}</label><input id="new-password" name="password" type="password" autocomplete="new-password" required minlength="${MIN_PASSWORD}" aria-describedby="pw-hint">
  <p class="hint" id="pw-hint">${es ? `Al menos ${MIN_PASSWORD} caracteres, difícil de adivinar.` : `At least ${MIN_PASSWORD} characters, hard to guess.`}</p>
  <button type="submit">${es ? 'Guardar contraseña' : 'Save password'}</button></form>`
    : html`<p class="error" role="alert">${es ? 'Este enlace de invitación no es válido: ya se usó, venció o el usuario fue desactivado. Pida una nueva invitación al dueño de la empresa.'
      : 'This invitation link is not valid: it was used, it expired or the user was deactivated. Ask the company\'s owner for a new invitation.'}</p><p><a href="/app/login${es ? '' : '?lang=en'}">${t(lang, 'login')}</a></p>`}</main>`);
}

export function usersRoutes(app: FastifyInstance, guarded: Guarded, config: Config, db: Db, sameOrigin: (req: FastifyRequest) => boolean): void {
  let mailer: Mailer | undefined;
  const mail = () => (mailer ??= createMailer({ smtpUrl: config.smtpUrl, dataDir: config.dataDir, timeoutMs: config.mailTimeoutMs }));
  app.addHook('onClose', async () => { mailer?.close(); });
  const w = (ctx: Ctx, es: string, en: string) => (ctx.lang === 'en' ? en : es);
  const one = (v: Form[string]) => String((Array.isArray(v) ? v[0] : v) ?? '').trim();
  const idOf = (req: FastifyRequest) => {
    const id = (req.params as { id: string }).id;
    if (!/^[0-9]{1,9}$/.test(id)) throw new Refused(404, 'id');
    return Number(id);
  };
  const langOf = (req: FastifyRequest): Lang => ((req.query as { lang?: string } | undefined)?.lang === 'en' ? 'en' : 'es');

  app.get('/users', hide, guarded(async (ctx, _req, reply) => sendHtml(reply, 200, await usersPage(ctx, db))));
  app.post('/users/invite', hide, guarded(async (ctx, req, reply) => {
    need(ctx, 'owner');
    const f = (req.body ?? {}) as Form;
    const sent = { email: one(f.email), role: one(f.role) };
    let made;
    try {
      made = await inviteConsoleUser(db, ctx.session, sent.email, sent.role);
    } catch (e) {
      if (!(e instanceof ApiError)) throw e;
      return sendHtml(reply, 400, await usersPage(ctx, db, { errors: refusal(ctx.lang, e), sent }));
    }
    const link = `${config.consoleHttps ? 'https' : 'http'}://${req.headers.host}/app/invitation?token=${made.token}`;
    const m = invitationMail(ctx.company.legal_name, sent.role as Role, link, ctx.session.email);
    try {
      await mail().send({ from: config.mailFrom, to: made.email, subject: m.subject, text: m.text, html: m.html, messageId: `<invitation.${crypto.randomUUID()}@facturas>` });
    } catch (e) {
      req.log.warn({ err: e }, 'console invitation e-mail not sent');
      const errors = { Status: 502, Errors: [{ Code: 'mail_failed', Message: w(ctx, `La invitación quedó creada pero el correo no salió (${(e as Error).message}). Invite de nuevo para enviar otro enlace.`,
        `The invitation was made but its e-mail was not sent (${(e as Error).message}). Invite again to send another link.`) }] };
      return sendHtml(reply, 502, await usersPage(ctx, db, { errors }));
    }
    return sendHtml(reply, 200, await usersPage(ctx, db, { ok: w(ctx, `Invitación enviada a ${made.email}.`, `Invitation sent to ${made.email}.`) }));
  }));
  const change = (what: (f: Form) => { role: Role } | { active: boolean }) => guarded(async (ctx, req, reply) => {
    need(ctx, 'owner');
    const id = idOf(req);
    try {
      const email = await changeConsoleUser(db, ctx.session, id, what((req.body ?? {}) as Form));
      return sendHtml(reply, 200, await usersPage(ctx, db, { ok: `${t(ctx.lang, 'done')} ${email}` }));
    } catch (e) {
      if (!(e instanceof ApiError)) throw e;
      if (e.status === 404) throw new Refused(404, 'user');
      return sendHtml(reply, 400, await usersPage(ctx, db, { errors: refusal(ctx.lang, e) }));
    }
  });
  app.post('/users/:id/role', hide, change((f) => ({ role: one(f.role) as Role })));
  app.post('/users/:id/active', hide, change((f) => ({ active: one(f.active) === 'yes' })));

  // The invitee's link: no session yet; the token is the secret (its form is refused from another origin, as the login's is).
  app.get('/invitation', hide, async (req, reply) => {
    const token = String((req.query as { token?: string }).token ?? '');
    const found = await invitationOf(db, token);
    return sendHtml(reply, found ? 200 : 404, invitationPage(langOf(req), token, undefined, found?.email));
  });
  app.post('/invitation', hide, async (req, reply) => {
    const lang = langOf(req);
    if (!sameOrigin(req)) return reply.status(403).type('text/plain; charset=utf-8').send(lang === 'es' ? 'Rechazado: el formulario debe enviarse desde esta consola.' : 'Refused: the form must be sent from this console');
    const f = (req.body ?? {}) as Form;
    const token = one(f.token);
    try {
      const { email } = await acceptInvitation(db, token, String(f.password ?? ''));
      return sendHtml(reply, 200, loginPage(lang, undefined, email, lang === 'es' ? 'Contraseña guardada. Ya puede iniciar sesión.' : 'Password saved. You can log in now.'));
    } catch (e) {
      if (!(e instanceof ApiError)) throw e;
      const found = await invitationOf(db, token);
      return sendHtml(reply, found ? 400 : 404, invitationPage(lang, token, e.body(), found?.email));
    }
  });
}
