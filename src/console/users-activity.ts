/**
 * The company's activity trail (/app/activity): who did what, newest first, in the console's language and at the
 * company's local time (its time_zone). Three sources, each read by an index that leads with the company
 * (migration 070): the console's user management (console_activity: the owner who invited, changed a role,
 * deactivated; the invitee who set a password), the administration changes (admin_changes: by the administration
 * API or the CLI, or by an owner's settings pages, which call that API) and the events of the documents (events:
 * stamped, rejected, mailed, annulled…; a creation is an event only for a company with webhooks).
 */
import type { Db } from '../platform/db';
import { html, type Html } from './html';
import { roleName, type Lang } from './i18n';
import { page } from './layout';
import type { Ctx } from './context';
import type { Role } from './accounts';

const formats = new Map<string, Intl.DateTimeFormat>();
/** A moment at the company's local time: "03/12/2026 09:05 (GMT-5)" (24 h; the zone's offset shown). */
export function localTime(lang: Lang, timeZone: string, at: Date | string): string {
  const key = `${lang}:${timeZone}`;
  let f = formats.get(key);
  if (!f) {
    f = new Intl.DateTimeFormat(lang === 'en' ? 'en-GB' : 'es-CO', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZoneName: 'shortOffset' });
    formats.set(key, f);
  }
  const parts = Object.fromEntries(f.formatToParts(new Date(at)).map((p) => [p.type, p.value]));
  return `${parts.day}/${parts.month}/${parts.year} ${parts.hour}:${parts.minute} (${parts.timeZoneName})`;
}

const DOC_ES: Record<string, [string, string, string]> = {
  invoice: ['la factura', 'invoice', 'invoices'], voucher: ['el recibo de caja', 'cash receipt', 'vouchers'], credit_note: ['la nota crédito', 'credit note', 'credit-notes'],
  debit_note: ['la nota débito', 'debit note', 'debit-notes'], payment: ['el complemento de pago', 'payment receipt', 'payments'],
};
const EVENT_WORDS: Record<string, [string, string]> = {
  created: ['Se creó', 'Created'], annulled: ['Se anuló', 'Annulled'], deleted: ['Se borró', 'Deleted'], stamp_accepted: ['La autoridad aceptó', 'The authority accepted'],
  stamp_rejected: ['La autoridad rechazó', 'The authority rejected'], mail_sent: ['Se envió por correo', 'E-mailed'], mail_failed: ['Falló el correo de', 'The e-mail failed for'],
  cancellation_pending: ['Se pidió cancelar', 'Cancellation requested for'], cancelled: ['Se canceló', 'Cancelled'],
};
const ADMIN_ACTIONS: Record<string, [string, string]> = { create: ['Creó', 'Created'], update: ['Cambió', 'Changed'], rotate: ['Renovó la clave de', 'Rotated the key of'],
  upload: ['Cargó', 'Uploaded'], delete: ['Borró', 'Deleted'], activate: ['Activó', 'Activated'], deactivate: ['Desactivó', 'Deactivated'], 'test-set': ['Corrió el set de pruebas de', 'Ran the test set of'] };
const RESOURCES: Record<string, [string, string]> = { companies: ['los datos de la empresa', 'the company data'], sellers: ['un vendedor', 'a seller'],
  'document-types': ['un tipo de documento', 'a document type'], certificates: ['un certificado', 'a certificate'], 'api-users': ['un usuario de la API', 'an API user'],
  'console-users': ['un usuario de la consola', 'a console user'], dian: ['la habilitación DIAN', 'the DIAN enablement'] };

interface Row { at: Date; who: string; what: Html }

/** The newest `limit` entries of the company's trail. */
export async function activityRows(ctx: Ctx, db: Db, limit = 100): Promise<Row[]> {
  const l = ctx.lang;
  const w = (es: string, en: string) => (l === 'en' ? en : es);
  const cid = ctx.company.company_id;
  const [mine, admin, events] = await Promise.all([
    db.query<{ at: Date; actor_email: string; action: string; subject: string; detail: { role?: Role; from?: Role; to?: Role } }>(
      'SELECT at, actor_email, action, subject, detail FROM console_activity WHERE company_id = $1 ORDER BY at DESC LIMIT $2', [cid, limit]),
    db.query<{ at: Date; via: 'api' | 'cli'; action: string; resource: string; record_id: string; changes: Record<string, unknown> }>(
      'SELECT at, via, action, resource, record_id, changes FROM admin_changes WHERE company_id = $1 ORDER BY at DESC LIMIT $2', [cid, limit]),
    db.query<{ created_at: Date; type: string; doc_id: string }>(
      'SELECT created_at, type, doc_id FROM events WHERE company_id = $1 ORDER BY id DESC LIMIT $2', [cid, limit]),
  ]);
  const role = (r: Role | undefined) => (r ? roleName(l, r) : '');
  const consoleWhat = (a: (typeof mine)[number]): string => {
    switch (a.action) {
      case 'invite': return w(`Invitó a ${a.subject} como ${role(a.detail.role)}`, `Invited ${a.subject} as ${role(a.detail.role)}`);
      case 'accept': return w('Aceptó la invitación y fijó su contraseña', 'Accepted the invitation and set a password');
      case 'role': return w(`Cambió el rol de ${a.subject} de ${role(a.detail.from)} a ${role(a.detail.to)}`, `Changed the role of ${a.subject} from ${role(a.detail.from)} to ${role(a.detail.to)}`);
      case 'deactivate': return w(`Desactivó a ${a.subject}`, `Deactivated ${a.subject}`);
      case 'activate': return w(`Reactivó a ${a.subject}`, `Reactivated ${a.subject}`);
      default: return a.action;
    }
  };
  const rows: Row[] = [
    ...mine.map((a) => ({ at: a.at, who: a.actor_email, what: html`${consoleWhat(a)}` })),
    ...admin.map((a) => {
      const act = ADMIN_ACTIONS[a.action]?.[l === 'en' ? 1 : 0] ?? a.action;
      const res = RESOURCES[a.resource]?.[l === 'en' ? 1 : 0] ?? a.resource;
      const fields = Object.keys(a.changes ?? {}).slice(0, 6).join(', ');
      return { at: a.at, who: a.via === 'cli' ? w('Operador (CLI)', 'Operator (CLI)') : w('Administración (API o Configuración)', 'Administration (API or Settings)'),
        what: html`${act} ${res} (${a.record_id})${fields ? html` · <span class="hint">${w('campos', 'fields')}: ${fields}</span>` : ''}` };
    }),
    ...events.map((e) => {
      const [doc, event] = e.type.split('.');
      const d = DOC_ES[doc];
      const verb = EVENT_WORDS[event]?.[l === 'en' ? 1 : 0] ?? event;
      const link = d && event !== 'deleted' ? html` <a href="/app/documents/${d[2]}/${e.doc_id}">${w('Ver', 'Open')}</a>` : '';
      return { at: e.created_at, who: w('Servicio (API)', 'Service (API)'), what: html`${verb} ${d ? (l === 'en' ? `the ${d[1]}` : d[0]) : doc}${link}` };
    }),
  ];
  return rows.sort((a, b) => new Date(b.at).getTime() - new Date(a.at).getTime()).slice(0, limit);
}

export async function activityPage(ctx: Ctx, db: Db): Promise<Html> {
  const l = ctx.lang;
  const w = (es: string, en: string) => (l === 'en' ? en : es);
  const rows = await activityRows(ctx, db);
  return page(ctx, w('Actividad', 'Activity'), html`<p>${w(`Las 100 acciones más recientes, a la hora local de la empresa (${ctx.company.time_zone}).`,
    `The 100 newest actions, at the company's local time (${ctx.company.time_zone}).`)}</p>
  ${rows.length ? html`<div class="scroll" tabindex="0" role="region" aria-label="${w('Actividad', 'Activity')}"><table id="activity" class="sticky-first"><thead><tr>
  <th scope="col">${w('Fecha y hora', 'Date and time')}</th><th scope="col">${w('Quién', 'Who')}</th><th scope="col">${w('Qué', 'What')}</th></tr></thead><tbody>
  ${rows.map((r) => html`<tr><th scope="row" class="when">${localTime(l, ctx.company.time_zone, r.at)}</th><td>${r.who}</td><td>${r.what}</td></tr>`)}</tbody></table></div>`
    : html`<p>${w('Sin actividad todavía.', 'No activity yet.')}</p>`}`);
}
