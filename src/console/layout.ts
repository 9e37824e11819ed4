/** The page around every console page: landmarks, navigation, language and logout, the stylesheet and htmx. */
import { html, type Html } from './html';
import { roleName, t, type Lang } from './i18n';
import type { Ctx } from './context';
import { errorsOf, fieldLabel, translate } from './messages';
import { country as countryOf } from '../countries';

export const csrfField = (ctx: Ctx) => html`<input type="hidden" name="_csrf" value="${ctx.session.csrf}">`;

export function shell(lang: Lang, title: string, body: Html, csrf?: string): Html {
  return html`<!doctype html>
<html lang="${lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title} · ${t(lang, 'title')}</title><link rel="stylesheet" href="/app/assets/console.css">
<script src="/app/assets/htmx.min.js" defer></script><script src="/app/assets/console.js" defer></script></head>
<body${csrf ? html` hx-headers='{"X-CSRF-Token": "${csrf}"}'` : ''}><a class="skip" href="#main">${t(lang, 'skip')}</a>${body}</body></html>`;
}

export function page(ctx: Ctx, title: string, content: Html): Html {
  const l = ctx.lang;
  const other = l === 'es' ? 'en' : 'es';
  return shell(l, title, html`<header class="top"><nav aria-label="${t(l, 'title')}"><ul>
  <li><a href="/app">${t(l, 'home')}</a></li><li><a href="/app/documents">${t(l, 'documents')}</a></li>
  ${ctx.can('accountant') ? html`<li><a href="/app/invoices/new">${t(l, 'newInvoice')}</a></li>` : ''}
  <li><a href="/app/customers">${l === 'es' ? 'Clientes' : 'Customers'}</a></li><li><a href="/app/products">${l === 'es' ? 'Productos' : 'Products'}</a></li>
  ${countryOf(ctx.country).documents.tickets ? html`<li><a href="/app/tickets">${l === 'es' ? 'Tiquetes' : 'Tickets'}</a></li>` : ''}
  <li><a href="/app/reports/receivables">${l === 'es' ? 'Cartera' : 'Receivables'}</a></li><li><a href="/app/reports/trial-balance">${l === 'es' ? 'Balance de prueba' : 'Trial balance'}</a></li>
  <li><a href="/app/users">${l === 'es' ? 'Usuarios' : 'Users'}</a></li><li><a href="/app/activity">${l === 'es' ? 'Actividad' : 'Activity'}</a></li>
  ${ctx.can('owner') ? html`<li><a href="/app/settings">${l === 'es' ? 'Configuración' : 'Settings'}</a></li>` : ''}</ul></nav>
  <div class="who"><span>${ctx.company.legal_name} · ${ctx.session.email} (${roleName(l, ctx.session.role)})</span>
  <form method="post" action="/app/lang">${csrfField(ctx)}<input type="hidden" name="lang" value="${other}"><button type="submit" lang="${other}">${other === 'en' ? 'English' : 'Español'}</button></form>
  <form method="post" action="/app/logout">${csrfField(ctx)}<button type="submit">${t(l, 'logout')}</button></form></div></header>
<main id="main"><h1>${title}</h1>${content}</main>`, ctx.session.csrf);
}

export function loginPage(lang: Lang, problem?: string, email = '', notice?: string): Html {
  return shell(lang, t(lang, 'login'), html`<main id="main" class="login"><h1>${t(lang, 'title')}</h1>
<form method="post" action="/app/login" class="card">
  ${notice ? html`<p class="ok" role="status">${notice}</p>` : ''}
  ${problem ? html`<p class="error" role="alert" id="login-error">${problem}</p>` : ''}
  <label for="email">${t(lang, 'email')}</label><input id="email" name="email" type="email" autocomplete="username" required value="${email}"${problem ? html` aria-describedby="login-error"` : ''}>
  <label for="password">${t(lang, 'password')}</label><input id="password" name="password" type="password" autocomplete="current-password" required minlength="12">
  <button type="submit">${t(lang, 'login')}</button></form></main>`);
}

/** The API's error answer as a list, each message next to the path of the field it concerns. */
export function apiErrors(lang: Lang, body: unknown): Html {
  const errors = errorsOf(body);
  if (!errors.length) return html``;
  // Each refusal by the name of its field, linked to it where the form has it (never the API's JSON path); the summary
  // takes the focus when the page opens (autofocus), so the first thing read is what to correct.
  return html`<div class="error" role="alert" tabindex="-1" autofocus id="error-summary"><p>${t(lang, 'fixErrors')}</p><ul>${errors.map((e) => {
    const f = fieldLabel(lang, e.Params?.[0] ?? '');
    const name = f.label ? (f.id ? html`<a href="#${f.id}">${f.label}</a>: ` : html`<strong>${f.label}</strong>: `) : '';
    return html`<li>${name}${translate(lang, e)}</li>`;
  })}</ul></div>`;
}
