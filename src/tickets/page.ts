/**
 * The public self-invoicing page (autofacturación, issue 51) at a ticket's `self_invoice.url`,
 * `/mx/self-invoice/{id}`: no login, in Spanish. The customer types the ticket's key and its fiscal data (fields
 * `key`, `rfc`, `name`, `postal_code`, `tax_regime`, `use`, `email`; regime and use picked from the SAT's
 * catalogues) and gets the ticket's CFDI (src/tickets/self-invoice.ts, the API's own rules): its UUID, its PDF and
 * XML to download (forms that send the key again, never in a URL), and an e-mail. Sent again, the same CFDI.
 *
 * - Nothing without the key: the page shows no ticket, shop or amount until a key matches, and a wrong key and an
 *   unknown ticket get the same answer.
 * - CSRF: a double-submit token (a random cookie, HttpOnly, SameSite=Strict, on this path, and the same value in the
 *   form), and the request's Origin (or Referer) must be this host; otherwise 403 and nothing is done.
 * - Rate limit per client address (req.ip, which TRUST_PROXY governs): 10 submissions and 60 pages a minute per
 *   process; beyond, 429 with Retry-After.
 */
import crypto from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../platform/db';
import type { Company } from '../platform/auth';
import { ApiError, Problems } from '../platform/errors';
import { checkBody } from '../platform/validation';
import { html, raw, type Html } from '../console/html';
import { REGIMES } from '../catalogs/sat';
import { CFDI_USES } from '../companies/uses';
import { documentFiles } from '../pdf/document';
import type { CpuPool } from '../workers/pool';
import type { Outbox } from '../platform/outbox';
import { keyMatches, selfInvoice, SelfInvoiceBody } from './self-invoice';

type Form = Record<string, string>;
const FIELDS = ['key', 'rfc', 'name', 'postal_code', 'tax_regime', 'use', 'email'] as const;
const COOKIE = 'autofactura_csrf';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Requests per client address and minute, in this process. */
export class AddressLimit {
  private seen = new Map<string, { start: number; n: number }>();
  constructor(private perMinute: number, private now: () => number = Date.now) {}
  /** Counts one request; the seconds to wait when over the limit, else 0. */
  take(address: string): number {
    const t = this.now(), start = t - (t % 60_000);
    const w = this.seen.get(address);
    if (!w || w.start !== start) {
      if (this.seen.size > 10_000) this.seen.clear();
      this.seen.set(address, { start, n: 1 });
      return 0;
    }
    return ++w.n > this.perMinute ? Math.ceil((start + 60_000 - t) / 1000) : 0;
  }
}

/** Why a field was refused, in Spanish (the API's messages are English; the page names the field). */
const FIELD_MESSAGES: Record<string, string> = {
  rfc: 'Revisa el RFC: debe ser el de tu Constancia de Situación Fiscal (12 caracteres una persona moral, 13 una física; no el genérico).',
  name: 'Revisa el nombre o razón social: como aparece en tu Constancia de Situación Fiscal, sin el régimen societario.',
  postal_code: 'Revisa el código postal de tu domicilio fiscal.',
  tax_regime: 'Ese régimen fiscal no corresponde a este RFC.',
  use: 'Ese uso del CFDI no está permitido para este RFC y régimen.',
  email: 'Escribe un correo electrónico válido.',
};

const LABELS: Record<(typeof FIELDS)[number], string> = {
  key: 'Clave del ticket', rfc: 'RFC', name: 'Nombre o razón social', postal_code: 'Código postal del domicilio fiscal',
  tax_regime: 'Régimen fiscal', use: 'Uso del CFDI', email: 'Correo electrónico',
};

const STYLE = `body{font-family:system-ui,sans-serif;max-width:40rem;margin:2rem auto;padding:0 1rem;color:#1b1b1b}
label{display:block;margin-top:1rem;font-weight:600}input,select{width:100%;padding:.5rem;font-size:1rem;box-sizing:border-box}
button{margin-top:1.5rem;padding:.6rem 1.2rem;font-size:1rem}.error{color:#a40000}.notice{border:1px solid #a40000;padding:1rem}
.done{border:1px solid #0a6b2d;padding:1rem}img.logo{max-height:4rem}`;

/** WCAG's relative luminance of a colour #RRGGBB. */
function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255).map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}
const contrast = (a: number, b: number) => (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);

/**
 * The company's colour (settings.brand_color) on its pages: a band above the page and the buttons, their text white or
 * near-black, whichever reads better on it; the title in the colour only where it reads on white (contrast ≥ 4.5).
 */
export function brandStyle(color: unknown): string {
  if (typeof color !== 'string' || !/^#[0-9a-fA-F]{6}$/.test(color)) return '';
  const l = luminance(color);
  const text = contrast(l, 1) >= contrast(l, luminance('#1b1b1b')) ? '#ffffff' : '#1b1b1b';
  return `body{border-top:.5rem solid ${color}}button{background:${color};color:${text};border:1px solid ${color}}${contrast(l, 1) >= 4.5 ? `h1{color:${color}}` : ''}`;
}

/** A page; `brand` once the ticket's key matched (its company's colour): nothing of the shop is shown before. */
function layout(title: string, body: Html, brand?: unknown): string {
  return html`<!doctype html><html lang="es"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title}</title><style>${raw(STYLE + brandStyle(brand))}</style></head><body><main><h1>${title}</h1>${body}</main></body></html>`.toString();
}

const options = (items: readonly { code: string; description: string }[], chosen: string | undefined) =>
  items.map((i) => html`<option value="${i.code}"${i.code === chosen ? raw(' selected') : raw('')}>${i.code} · ${i.description}</option>`);

function formPage(id: string, csrf: string, sent: Form, errors: Record<string, string>, notice?: string, brand?: unknown): string {
  const field = (name: (typeof FIELDS)[number], input: Html) => html`<label for="${name}">${LABELS[name]}</label>${input}${errors[name]
    ? html`<p class="error" id="${name}-error">${errors[name]}</p>` : ''}`;
  const described = (name: string) => (errors[name] ? raw(` aria-invalid="true" aria-describedby="${name}-error"`) : raw(''));
  const text = (name: (typeof FIELDS)[number], type: string, extra = '') =>
    field(name, html`<input id="${name}" name="${name}" type="${type}" value="${name === 'key' ? '' : sent[name] ?? ''}" required${raw(extra)}${described(name)}>`);
  return layout('Factura tu ticket', html`${notice ? html`<p class="notice" role="alert">${notice}</p>` : ''}
<p>Escribe la clave impresa en tu ticket y tus datos fiscales como aparecen en tu Constancia de Situación Fiscal.</p>
<form method="post" action="/mx/self-invoice/${id}" novalidate><input type="hidden" name="_csrf" value="${csrf}">
${text('key', 'password', ' autocomplete="off"')}${text('rfc', 'text', ' maxlength="13" autocapitalize="characters"')}${text('name', 'text', ' maxlength="254"')}
${text('postal_code', 'text', ' inputmode="numeric" maxlength="5"')}
${field('tax_regime', html`<select id="tax_regime" name="tax_regime" required${described('tax_regime')}><option value="">Elige tu régimen</option>${options(REGIMES, sent.tax_regime)}</select>`)}
${field('use', html`<select id="use" name="use" required${described('use')}><option value="">Elige el uso</option>${options(CFDI_USES, sent.use)}</select>`)}
${text('email', 'email', ' maxlength="100"')}
<button type="submit">Facturar</button></form>`, brand);
}

/** Runs the rules on the form as the API runs them on its body: its schema's problems and theirs in one answer. */
async function checked<P>(form: Form, rules: (p: Problems) => Promise<P>): Promise<P> {
  const problems = new Problems();
  checkBody(SelfInvoiceBody, form, problems);
  try {
    const out = await rules(problems);
    problems.throwIfAny();
    return out;
  } catch (e) {
    if (e instanceof ApiError || !problems.empty) problems.throwIfAny();
    throw e;
  }
}

interface Found { company: Company & { logo: string | null }; key_hash: string }

/** The ticket whose id and key match (the company it belongs to), or undefined: the same for an unknown ticket and a wrong key. */
async function ticketOf(db: Db, id: string, key: string): Promise<Found | undefined> {
  if (!UUID.test(id)) return undefined;
  const rows = await db.query<Found['company'] & { key_hash: string }>(
    `SELECT c.company_id, c.country, c.legal_name, c.tax_id, c.check_digit, c.address, c.settings, c.time_zone, c.catalog_version, c.logo,
            EXISTS (SELECT 1 FROM webhooks w WHERE w.company_id = c.company_id AND w.active AND NOT w.deleted) AS webhooks, t.key_hash
       FROM tickets t JOIN companies c ON c.company_id = t.company_id WHERE t.id = $1`, [id]);
  const row = rows.find((r) => keyMatches(key, r.key_hash));
  if (!row) return undefined;
  const { key_hash, ...company } = row;
  return { company, key_hash };
}

export function selfInvoicePage(services: { db: Db; outbox?: Outbox; pool?: CpuPool; dianTimeoutMs: number }) {
  const { db } = services;
  const submissions = new AddressLimit(10), pages = new AddressLimit(60);
  return async (app: FastifyInstance) => {
    app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 16 * 1024 }, (_req, text, done) => {
      done(null, Object.fromEntries([...new URLSearchParams(String(text))].map(([k, v]) => [k, v.slice(0, 300)])));
    });
    app.addHook('onRequest', async (req, reply) => {
      reply.header('X-Frame-Options', 'DENY').header('X-Content-Type-Options', 'nosniff').header('Referrer-Policy', 'same-origin').header('Cache-Control', 'no-store')
        .header('Content-Security-Policy', "default-src 'none'; style-src 'unsafe-inline'; img-src data:; form-action 'self'; frame-ancestors 'none'; base-uri 'none'");
      const wait = (req.method === 'POST' ? submissions : pages).take(req.ip);
      if (wait) return reply.status(429).header('Retry-After', String(wait)).type('text/html; charset=utf-8').send(layout('Demasiados intentos', html`<p>Espera un minuto y vuelve a intentarlo.</p>`));
    });
    const hide = { schema: { hide: true } };
    const send = (reply: FastifyReply, status: number, page: string) => reply.status(status).type('text/html; charset=utf-8').send(page);
    /** A fresh token in the cookie and the form. */
    const token = (reply: FastifyReply) => {
      const csrf = crypto.randomBytes(24).toString('base64url');
      reply.header('Set-Cookie', reply.server.serializeCookie(COOKIE, csrf, { path: '/mx/self-invoice', httpOnly: true, sameSite: 'strict', maxAge: 3600 }));
      return csrf;
    };
    const csrfOk = (req: FastifyRequest) => {
      const cookie = Buffer.from(req.server.parseCookie(String(req.headers.cookie ?? ''))[COOKIE] ?? '');
      const sent = Buffer.from(String((req.body as Form | undefined)?._csrf ?? ''));
      const from = req.headers.origin ?? req.headers.referer;
      let sameOrigin = false;
      try { sameOrigin = !!from && new URL(String(from)).host === req.headers.host; } catch { /* not a URL */ }
      return sameOrigin && cookie.length > 0 && cookie.length === sent.length && crypto.timingSafeEqual(cookie, sent);
    };
    const refusedCsrf = (reply: FastifyReply) => send(reply, 403, layout('Solicitud rechazada', html`<p>Esta solicitud no vino de la página de facturación. Vuelve a abrirla e inténtalo de nuevo.</p>`));
    const noTicket = 'La clave o el ticket no son válidos. Revisa la clave impresa en tu ticket.';

    app.get<{ Params: { id: string } }>('/:id', hide, async (req, reply) => send(reply, 200, formPage(req.params.id, token(reply), {}, {})));

    app.post<{ Params: { id: string }; Body: Form }>('/:id', hide, async (req, reply) => {
      if (!csrfOk(req)) return refusedCsrf(reply);
      const id = req.params.id;
      const f = Object.fromEntries(FIELDS.map((k) => [k, String(req.body?.[k] ?? '').trim()])) as Form;
      f.rfc = f.rfc.toUpperCase();
      const found = await ticketOf(db, id, f.key);
      if (!found) return send(reply, 404, formPage(id, token(reply), f, { key: noTicket }));
      const contact = `Comunícate con ${found.company.legal_name}.`;
      let made: { id: string; created: boolean };
      try {
        const body: SelfInvoiceBody = { key: f.key, rfc: f.rfc, name: f.name, postal_code: f.postal_code, tax_regime: f.tax_regime, use: f.use, email: f.email };
        made = await selfInvoice(db, found.company, id, body, (rules) => checked(f, rules));
      } catch (e) {
        if (!(e instanceof ApiError)) throw e;
        const errors: Record<string, string> = {};
        let notice: string | undefined;
        for (const item of e.errors) {
          const path = item.Params[0] ?? 'body';
          if (path === 'key' && item.Code === 'invalid_document') notice = /global invoice/.test(item.Message)
            ? `Este ticket ya está incluido en la factura global del periodo (público en general): ya no puede facturarse por separado. ${contact}`
            : `Este ticket ya fue facturado a otro RFC. ${contact}`;
          else if (path === 'key' && item.Code === 'invalid_date') notice = `El plazo para facturar este ticket terminó (${/until (\S+);/.exec(item.Message)?.[1] ?? ''}). ${contact}`;
          else if (path in FIELD_MESSAGES) errors[path] ??= FIELD_MESSAGES[path];
          else notice ??= `No fue posible facturar este ticket. ${contact}`;
        }
        return send(reply, e.status === 404 ? 404 : 400, formPage(id, token(reply), f, e.status === 404 ? { key: noTicket } : errors, notice, found.company.settings?.brand_color));
      }
      if (made.created) await services.outbox?.runAndWait(found.company.company_id, 'sat_stamp', made.id, services.dianTimeoutMs);
      const [inv] = await db.query<{ name: string; stamp_status: string; stamp_uuid: string | null }>(
        'SELECT name, stamp_status, stamp_uuid FROM invoices WHERE company_id = $1 AND id = $2', [found.company.company_id, made.id]);
      if (inv.stamp_status === 'Rejected') {
        return send(reply, 400, formPage(id, token(reply), f, {}, 'El SAT no aceptó la factura con estos datos. Revisa que el RFC, el nombre, el código postal y el régimen sean los de tu Constancia de Situación Fiscal y vuelve a enviarla.', found.company.settings?.brand_color));
      }
      const csrf = token(reply);
      const download = (what: 'pdf' | 'xml', label: string) => html`<form method="post" action="/mx/self-invoice/${id}/${what}"><input type="hidden" name="_csrf" value="${csrf}">
<input type="hidden" name="key" value="${f.key}"><button type="submit">${label}</button></form>`;
      const logo = found.company.logo?.startsWith('data:image/') ? html`<img class="logo" alt="${found.company.legal_name}" src="${found.company.logo}">` : '';
      return send(reply, made.created ? 201 : 200, layout('Tu factura', html`${logo}<div class="done" role="status">
<p>${inv.stamp_status === 'Accepted' ? 'Tu factura está timbrada.' : 'Tu factura se está timbrando; vuelve a enviar el formulario en unos minutos para descargarla.'}</p>
<p>Emisor: ${found.company.legal_name} (${found.company.tax_id}) · Folio ${inv.name}</p>
<p>Folio fiscal (UUID): <strong id="uuid">${inv.stamp_uuid ?? 'pendiente'}</strong></p>
<p>La enviaremos a ${f.email}.</p></div>${inv.stamp_status === 'Accepted' ? html`${download('pdf', 'Descargar PDF')}${download('xml', 'Descargar XML')}` : ''}`, found.company.settings?.brand_color));
    });

    for (const what of ['pdf', 'xml'] as const) {
      app.post<{ Params: { id: string }; Body: Form }>(`/:id/${what}`, hide, async (req, reply) => {
        if (!csrfOk(req)) return refusedCsrf(reply);
        const found = await ticketOf(db, req.params.id, String(req.body?.key ?? ''));
        const [row] = found ? await db.query<{ self_invoice_id: string | null }>(
          `SELECT t.self_invoice_id FROM tickets t JOIN invoices s ON s.company_id = t.company_id AND s.id = t.self_invoice_id AND NOT s.annulled AND s.deleted_at IS NULL
            AND s.stamp_status = 'Accepted' WHERE t.company_id = $1 AND t.id = $2`, [found.company.company_id, req.params.id]) : [];
        if (!found || !row?.self_invoice_id) return send(reply, 404, formPage(req.params.id, token(reply), {}, { key: noTicket }));
        const files = await documentFiles(db, found.company.company_id, 'invoice', row.self_invoice_id, services.pool);
        const body = what === 'pdf' ? files.pdf : Buffer.from(files.xml ?? '', 'utf8');
        return reply.type(what === 'pdf' ? 'application/pdf' : 'application/xml; charset=utf-8')
          .header('Content-Disposition', `attachment; filename="factura-${req.params.id}.${what}"`).send(body);
      });
    }
  };
}
