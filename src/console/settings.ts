/**
 * Settings, for the owner only: company data, numbering resolutions, certificates, the DIAN test set, webhooks
 * and API users. Each reads and changes through the API's own routes: the administration routes of the
 * session's company (ctx.admin, src/admin/routes.ts) and, for webhooks, /v1/webhooks (ctx.api).
 */
import { html, type Html } from './html';
import { day, dayAt, status, t } from './i18n';
import { apiErrors, csrfField, page } from './layout';
import { type ApiAnswer, type Ctx, ublForms } from './context';
import { fields, fromForm, type FieldSpec } from './fields';
import type { Form } from './forms';
import { translate } from './messages';
import { TEST_SET_ID } from '../countries/co/dian/test-resolution';
import { country as countryOf } from '../countries';

export type Flash = { ok?: string; errors?: unknown; secret?: [string, string] };
/** The administration API's company (GET /admin/v1/companies/{id}): the fields read here. */
interface AdminCompany { tax_id: string; check_digit?: string | null; legal_name: string; address: Record<string, unknown>; time_zone: string;
  settings?: { dian?: { test_set_id?: string; test_set_passed_at?: string } } }
interface Resolution { number: string; prefix: string; from: number; to: number; valid_from: string; valid_to: string }
/** POST /admin/v1/companies/{id}/dian/test-set: the set's verdict and each document's. */
export interface TestSetResult { status: string; documents: { name: string; kind: string; status: string; errors: { code: string; message: string }[] }[] }
interface Delivery { created_at: string; type: string; status: string; attempts: number; response_status?: number | null; last_error?: string | null }
const en = (ctx: Ctx) => ctx.lang === 'en';
const w = (ctx: Ctx, es: string, english: string) => (en(ctx) ? english : es);

export const SECTIONS = [['', 'Empresa', 'Company'], ['certificates', 'Certificados', 'Certificates'], ['test-set', 'Set de pruebas DIAN', 'DIAN test set'],
  ['webhooks', 'Webhooks', 'Webhooks'], ['api-users', 'Usuarios de la API', 'API users']] as const;

function frame(ctx: Ctx, section: string, content: Html, flash: Flash = {}): Html {
  const current = SECTIONS.find((s) => s[0] === section)!;
  return page(ctx, `${w(ctx, 'Configuración', 'Settings')} · ${w(ctx, current[1], current[2])}`, html`<nav aria-label="${w(ctx, 'Configuración', 'Settings')}" class="subnav"><ul>
  ${SECTIONS.filter((s) => countryOf(ctx.country).authority?.testSet || s[0] !== 'test-set').map((s) => html`<li><a href="/app/settings${s[0] ? `/${s[0]}` : ''}"${s[0] === section ? html` aria-current="page"` : ''}>${w(ctx, s[1], s[2])}</a></li>`)}</ul></nav>
  ${flash.ok ? html`<p class="ok" role="status">${flash.ok}</p>` : ''}${flash.secret ? html`<div class="ok" role="status"><p>${flash.secret[0]}</p><p class="code" id="secret">${flash.secret[1]}</p></div>` : ''}
  ${flash.errors ? apiErrors(ctx.lang, flash.errors) : ''}${content}`);
}

/** The company data the owner edits (in Colombia its municipality too: the DIAN rejects an issuer address outside DIVIPOLA, FAJ07). */
const companySpecs = (ctx: Ctx): FieldSpec[] => [
  { name: 'legal_name', label: ['Razón social', 'Legal name'], required: true },
  { name: 'address.address', label: ['Dirección', 'Address'], required: true },
  ...(ublForms(ctx) ? [
    { name: 'address.city.state_code', label: ['Departamento (código DANE)', 'Department (DANE code)'], hint: ['Por ejemplo 11 (Bogotá)', 'For example 11 (Bogotá)'] },
    { name: 'address.city.city_code', label: ['Municipio (código DANE)', 'Municipality (DANE code)'], hint: ['Por ejemplo 11001', 'For example 11001'] },
  ] as FieldSpec[] : []),
  { name: 'address.postal_code', label: ['Código postal', 'Postal code'] },
  { name: 'time_zone', label: ['Zona horaria', 'Time zone'], required: true },
];

/** Company data (editable) and the numbering resolutions of its document types (read only). */
export async function companyPage(ctx: Ctx, sent?: Form, result?: { status: number; body: unknown }, ok?: boolean): Promise<Html> {
  const [company, types] = await Promise.all([ctx.admin<AdminCompany>('GET', ''),
    ctx.admin<{ code: string; name: string; consecutive?: number; resolution?: Resolution | null }[]>('GET', '/document-types')]);
  const errors = result && result.status >= 400 ? result.body : undefined;
  const f = fields(ctx.lang, companySpecs(ctx), company.body, sent, errors);
  const rows = types.status === 200 ? types.body : [];
  const withRes = rows.flatMap((x) => (x.resolution ? [{ ...x, resolution: x.resolution }] : []));
  return frame(ctx, '', html`<form method="post" action="/app/settings/company" class="record">${csrfField(ctx)}<fieldset><legend>${w(ctx, 'Datos de la empresa', 'Company data')}</legend>
  <p>${countryOf(ctx.country).identification.label}: <strong>${countryOf(ctx.country).identification.printed(company.body.tax_id, company.body.check_digit)}</strong></p>
  ${f.rest.length ? html`<ul class="error">${f.rest.map((m) => html`<li>${m}</li>`)}</ul>` : ''}<div class="grid">${f.html}</div></fieldset>
  <button type="submit">${w(ctx, 'Guardar', 'Save')}</button></form>
  <section aria-labelledby="h-res"><h2 id="h-res">${w(ctx, 'Resoluciones de numeración', 'Numbering resolutions')}</h2>
  ${withRes.length ? html`<div class="scroll" tabindex="0" role="region" aria-labelledby="h-res"><table><thead><tr><th scope="col">${t(ctx.lang, 'documentType')}</th>
  <th scope="col">${w(ctx, 'Resolución', 'Resolution')}</th><th scope="col">${w(ctx, 'Prefijo', 'Prefix')}</th><th scope="col">${w(ctx, 'Rango', 'Range')}</th>
  <th scope="col">${w(ctx, 'Vigencia', 'Validity')}</th><th scope="col">${w(ctx, 'Siguiente número', 'Next number')}</th></tr></thead><tbody>
  ${withRes.map((x) => html`<tr><td>${x.code} · ${x.name}</td><td>${x.resolution.number}</td><td>${x.resolution.prefix}</td><td>${x.resolution.from}–${x.resolution.to}</td>
  <td>${day(x.resolution.valid_from)} – ${day(x.resolution.valid_to)}</td><td>${x.consecutive ?? ''}</td></tr>`)}</tbody></table></div>`
    : html`<p>${w(ctx, 'Ningún tipo de documento tiene resolución.', 'No document type has a resolution.')}</p>`}</section>`, { ok: ok ? t(ctx.lang, 'done') : undefined });
}

export async function saveCompany(ctx: Ctx, f: Form) {
  const company = await ctx.admin<AdminCompany>('GET', '');
  const next = fromForm(company.body, companySpecs(ctx), f, ctx.country);
  return ctx.admin('PATCH', '', { legal_name: next.legal_name, address: next.address, time_zone: next.time_zone });
}

export async function certificatesPage(ctx: Ctx, flash: Flash = {}): Promise<Html> {
  const list = await ctx.admin<{ subject: string; issuer: string; not_after: string; active: boolean; warnings?: string[] }[]>('GET', '/certificates');
  const rows = list.status === 200 ? list.body : [];
  return frame(ctx, 'certificates', html`<div class="scroll" tabindex="0" role="region" aria-label="${w(ctx, 'Certificados', 'Certificates')}"><table id="certificates"><thead><tr>
  <th scope="col">${w(ctx, 'Titular', 'Subject')}</th><th scope="col">${w(ctx, 'Emisor', 'Issuer')}</th><th scope="col">${w(ctx, 'Vence', 'Expires')}</th>
  <th scope="col">${w(ctx, 'Activo', 'Active')}</th><th scope="col">${w(ctx, 'Avisos', 'Warnings')}</th></tr></thead><tbody>
  ${rows.map((c) => html`<tr><td>${c.subject}</td><td>${c.issuer}</td><td>${dayAt(c.not_after, ctx.company.time_zone)}</td><td>${c.active ? w(ctx, 'Sí', 'Yes') : 'No'}</td><td>${(c.warnings ?? []).map((x: string) => translate(ctx.lang, { Code: 'invalid_value', Message: x })).join(' · ')}</td></tr>`)}
  </tbody></table></div>
  <form method="post" action="/app/settings/certificates" enctype="multipart/form-data" class="record"><input type="hidden" name="_csrf" value="${ctx.session.csrf}">
  <fieldset><legend>${w(ctx, 'Cargar un certificado (PKCS#12, .p12 o .pfx)', 'Upload a certificate (PKCS#12, .p12 or .pfx)')}</legend><div class="grid">
  <div class="field"><label for="p12">${w(ctx, 'Archivo', 'File')}</label><input id="p12" name="p12" type="file" accept=".p12,.pfx,application/x-pkcs12" required></div>
  <div class="field"><label for="cert-password">${t(ctx.lang, 'password')}</label><input id="cert-password" name="password" type="password" autocomplete="off"></div></div></fieldset>
  <button type="submit">${w(ctx, 'Cargar', 'Upload')}</button></form>`, flash);
}

export async function testSetPage(ctx: Ctx, result?: ApiAnswer<TestSetResult>): Promise<Html> {
  const company = await ctx.admin<AdminCompany>('GET', '');
  const dian = company.body?.settings?.dian ?? {};
  const r = result?.status === 200 ? result.body : undefined;
  const verdicts = r ? html`<section id="verdicts" aria-labelledby="h-verdicts"><h2 id="h-verdicts">${w(ctx, 'Resultado', 'Result')}: <span id="set-status">${r.status === 'Accepted' ? w(ctx, 'Aceptado', 'Accepted') : w(ctx, 'Rechazado', 'Rejected')}</span>
  (${r.documents.filter((d) => d.status === 'Accepted').length}/${r.documents.length} ${w(ctx, 'aceptados', 'accepted')})</h2>
  <div class="scroll" tabindex="0" role="region" aria-labelledby="h-verdicts"><table><thead><tr><th scope="col">${w(ctx, 'Documento', 'Document')}</th><th scope="col">${t(ctx.lang, 'kind')}</th>
  <th scope="col">${t(ctx.lang, 'status')}</th><th scope="col">${t(ctx.lang, 'errors')}</th></tr></thead><tbody>
  ${r.documents.map((d) => html`<tr><td>${d.name}</td><td>${d.kind}</td><td>${status(ctx.lang, d.status)}</td><td>${d.errors.map((e) => `${e.code} ${e.message}`).join(' · ')}</td></tr>`)}</tbody></table></div></section>`
    : html`<div id="verdicts">${result ? apiErrors(ctx.lang, result.body) : ''}</div>`;
  return frame(ctx, 'test-set', html`<p>${w(ctx, 'El set de pruebas envía a la DIAN (o al entorno de pruebas configurado) 30 facturas, 10 notas crédito y 10 notas débito con la numeración de pruebas, y muestra el veredicto de cada una. Puede tardar unos minutos.',
    'The test set sends the DIAN (or the configured test environment) 30 invoices, 10 credit notes and 10 debit notes on the test numbering, and shows the verdict of each. It may take a few minutes.')}</p>
  <p>${w(ctx, 'Último set aprobado', 'Last passed set')}: <span id="passed-at">${dian.test_set_passed_at ? dayAt(String(dian.test_set_passed_at), ctx.company.time_zone) : '—'}</span></p>
  <form method="post" action="/app/settings/test-set" class="record" hx-post="/app/settings/test-set" hx-target="#verdicts" hx-select="#verdicts" hx-swap="outerHTML" hx-indicator="#running" hx-disabled-elt="find button">${csrfField(ctx)}
  <div class="field"><label for="test_set_id">TestSetId</label><input id="test_set_id" name="test_set_id" value="${dian.test_set_id ?? ''}" pattern="${TEST_SET_ID.pattern.slice(1, -1)}" title="${w(ctx, 'El GUID que dio la DIAN: 8-4-4-4-12 dígitos hexadecimales', 'The GUID the DIAN gave: 8-4-4-4-12 hexadecimal digits')}" autocomplete="off" spellcheck="false"></div>
  <button type="submit">${w(ctx, 'Enviar el set de pruebas', 'Send the test set')}</button>
  <p id="running" class="htmx-indicator" role="status">${w(ctx, 'Enviando los 50 documentos y esperando los veredictos…', 'Sending the 50 documents and waiting for the verdicts…')}</p></form>${verdicts}`);
}

export async function webhooksPage(ctx: Ctx, flash: Flash = {}, open?: string): Promise<Html> {
  const list = await ctx.api<{ results: { id: string; url: string; events: string[]; active: boolean }[] }>('GET', '/webhooks?page_size=100');
  const rows = list.status === 200 ? list.body.results : [];
  const deliveries = open ? await ctx.api<{ results: Delivery[] }>('GET', `/webhooks/${open}/deliveries?page_size=50`) : undefined;
  return frame(ctx, 'webhooks', html`<div class="scroll" tabindex="0" role="region" aria-label="Webhooks"><table id="webhooks"><thead><tr><th scope="col">URL</th>
  <th scope="col">${w(ctx, 'Eventos', 'Events')}</th><th scope="col">${w(ctx, 'Activo', 'Active')}</th><th scope="col">${t(ctx.lang, 'actions')}</th></tr></thead><tbody>
  ${rows.map((h) => html`<tr><td class="code">${h.url}</td><td>${h.events.join(', ')}</td><td>${h.active ? w(ctx, 'Sí', 'Yes') : 'No'}</td><td>
  <a href="/app/settings/webhooks?deliveries=${h.id}">${w(ctx, 'Entregas', 'Deliveries')}</a>
  <form method="post" action="/app/settings/webhooks/${h.id}/delete" class="inline">${csrfField(ctx)}<button type="submit" aria-label="${w(ctx, 'Borrar', 'Delete')} ${h.url}">${w(ctx, 'Borrar', 'Delete')}</button></form></td></tr>`)}
  </tbody></table></div>
  ${deliveries?.status === 200 ? html`<section aria-labelledby="h-deliveries"><h2 id="h-deliveries">${w(ctx, 'Entregas', 'Deliveries')}</h2>${deliveriesTable(ctx, deliveries.body.results)}</section>` : ''}
  <form method="post" action="/app/settings/webhooks" class="record">${csrfField(ctx)}<fieldset><legend>${w(ctx, 'Nuevo webhook', 'New webhook')}</legend><div class="grid">
  <div class="field"><label for="wh-url">URL (https://)</label><input id="wh-url" name="url" type="url" required></div>
  <div class="field"><label for="wh-events">${w(ctx, 'Eventos (separados por comas; * para todos)', 'Events (comma-separated; * for all)')}</label><input id="wh-events" name="events" value="*"></div>
  <div class="field"><label for="wh-description">${t(ctx.lang, 'description')}</label><input id="wh-description" name="description"></div></div></fieldset>
  <button type="submit">${w(ctx, 'Crear webhook', 'Create webhook')}</button></form>`, flash);
}

export function deliveriesTable(ctx: Ctx, rows: Delivery[]): Html {
  if (!rows.length) return html`<p>${w(ctx, 'Sin entregas.', 'No deliveries.')}</p>`;
  return html`<div class="scroll" tabindex="0" role="region" aria-label="${w(ctx, 'Entregas', 'Deliveries')}"><table><thead><tr><th scope="col">${t(ctx.lang, 'date')}</th>
  <th scope="col">${w(ctx, 'Evento', 'Event')}</th><th scope="col">${t(ctx.lang, 'status')}</th><th scope="col" class="num">${w(ctx, 'Intentos', 'Attempts')}</th><th scope="col">${w(ctx, 'Respuesta', 'Response')}</th></tr></thead><tbody>
  ${rows.map((d) => html`<tr><td>${String(d.created_at).replace('T', ' ').slice(0, 19)}</td><td>${d.type}</td><td>${status(ctx.lang, d.status)}</td><td class="num">${d.attempts}</td><td>${d.response_status ?? ''} ${d.last_error ?? ''}</td></tr>`)}</tbody></table></div>`;
}

export async function apiUsersPage(ctx: Ctx, flash: Flash = {}): Promise<Html> {
  const list = await ctx.admin<{ id: number; username: string; active: boolean }[]>('GET', '/api-users');
  const rows = list.status === 200 ? list.body : [];
  return frame(ctx, 'api-users', html`<div class="scroll" tabindex="0" role="region" aria-label="${w(ctx, 'Usuarios de la API', 'API users')}"><table id="api-users"><thead><tr>
  <th scope="col">${w(ctx, 'Usuario', 'Username')}</th><th scope="col">${w(ctx, 'Activo', 'Active')}</th><th scope="col">${t(ctx.lang, 'actions')}</th></tr></thead><tbody>
  ${rows.map((u) => html`<tr><td>${u.username}</td><td>${u.active ? w(ctx, 'Sí', 'Yes') : 'No'}</td><td><form method="post" action="/app/settings/api-users/${u.id}/rotate" class="inline">${csrfField(ctx)}
  <button type="submit" aria-label="${w(ctx, 'Nueva clave de acceso para', 'New access key for')} ${u.username}">${w(ctx, 'Nueva clave de acceso', 'New access key')}</button></form></td></tr>`)}</tbody></table></div>
  <form method="post" action="/app/settings/api-users" class="record">${csrfField(ctx)}<fieldset><legend>${w(ctx, 'Nuevo usuario de la API', 'New API user')}</legend>
  <div class="field"><label for="username">${w(ctx, 'Usuario', 'Username')}</label><input id="username" name="username" required></div></fieldset>
  <button type="submit">${w(ctx, 'Crear', 'Create')}</button></form>`, flash);
}
