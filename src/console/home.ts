/** Home: the month, what is owed, what needs attention. */
import type { Db } from '../platform/db';
import { html, type Html } from './html';
import { day, money, t, type Key } from './i18n';
import { page } from './layout';
import type { Ctx } from './context';

export async function homePage(ctx: Ctx, db: Db): Promise<Html> {
  const l = ctx.lang;
  const cid = ctx.company.company_id;
  const [f] = await db.query<{ month_total: string; month_count: number; owed: string; overdue: string; waiting: number; rejected: number;
    failed_mails: number; failed_hooks: number }>(
    `WITH today AS (SELECT (now() AT TIME ZONE $2)::date AS d),
     -- What is open per due date: the receivables sums of today and their pending changes (migration 023), not every due item.
     dues AS (SELECT due_date, open FROM receivable_dues WHERE company_id = $1 UNION ALL SELECT due_date, open FROM receivable_pending WHERE company_id = $1),
     -- This month's total and count in one pass over the month's entries of invoices_date (index-only: it carries total and annulled).
     month AS (SELECT coalesce(sum(total), 0) AS total, count(*)::int AS n FROM invoices, today
                WHERE company_id = $1 AND deleted_at IS NULL AND NOT annulled AND date >= date_trunc('month', today.d)::date)
     SELECT (SELECT total FROM month) AS month_total, (SELECT n FROM month) AS month_count,
            (SELECT coalesce(sum(open), 0) FROM dues) AS owed,
            (SELECT coalesce(sum(open), 0) FROM dues, today WHERE due_date < today.d) AS overdue,
            (SELECT count(*)::int FROM invoices WHERE company_id = $1 AND deleted_at IS NULL AND stamp_status = 'Pending') AS waiting,
            (SELECT count(*)::int FROM invoices WHERE company_id = $1 AND deleted_at IS NULL AND stamp_status = 'Rejected') AS rejected,
            (SELECT count(*)::int FROM mails WHERE company_id = $1 AND status = 'failed_delivery') AS failed_mails,
            (SELECT count(*)::int FROM webhook_deliveries WHERE company_id = $1 AND status = 'failed') AS failed_hooks`,
    [cid, ctx.company.time_zone]);
  const expiring = await db.query<{ what: 'certificate' | 'resolution'; name: string; until: string | Date }>(
    `WITH today AS (SELECT (now() AT TIME ZONE $2)::date AS d)
     SELECT 'certificate' AS what, subject AS name, not_after::date AS until FROM company_credentials, today
       WHERE company_id = $1 AND active AND not_after::date <= today.d + 30
     UNION ALL
     SELECT 'resolution', code || ' · ' || (resolution->>'number'), (resolution->>'valid_to')::date FROM document_types, today
       WHERE company_id = $1 AND active AND resolution IS NOT NULL AND (resolution->>'valid_to')::date <= today.d + 30
     ORDER BY until`, [cid, ctx.company.time_zone]);
  const m = (v: unknown) => money(ctx.country, v as number);
  const warn = (r: (typeof expiring)[number]) => (l === 'en'
    ? `${r.what === 'certificate' ? 'Certificate' : 'Numbering resolution'} ${r.name} ${new Date(r.until) < new Date() ? 'expired' : 'expires'} on ${day(new Date(r.until).toISOString())}`
    : `${r.what === 'certificate' ? 'El certificado' : 'La resolución de numeración'} ${r.name} ${new Date(r.until) < new Date() ? 'venció' : 'vence'} el ${day(new Date(r.until).toISOString())}`);
  const card = (label: Key, value: string, link?: string) =>
    html`<div class="card"><h2>${t(l, label)}</h2><p class="figure">${link ? html`<a href="${link}">${value}</a>` : value}</p></div>`;
  return page(ctx, t(l, 'home'), html`${expiring.length ? html`<div class="warning" role="region" aria-labelledby="h-expiring" id="expiring"><h2 id="h-expiring">${l === 'en' ? 'Close to expiry (30 days)' : 'Próximos a vencer (30 días)'}</h2>
  <ul>${expiring.map((r) => html`<li>${warn(r)}${ctx.can('owner') ? html` · <a href="/app/settings${r.what === 'certificate' ? '/certificates' : ''}">${l === 'en' ? 'Settings' : 'Configuración'}</a>` : ''}</li>`)}</ul></div>` : ''}<div class="cards">
  ${card('invoicedMonth', `${m(f.month_total)} · ${f.month_count} ${t(l, 'count')}`)}
  ${card('owed', m(f.owed))}${card('overdue', m(f.overdue))}
  ${card('waiting', String(f.waiting), '/app/documents?stamp=Pending')}${card('rejected', String(f.rejected), '/app/documents?stamp=Rejected')}
  ${card('failedMails', String(f.failed_mails))}${card('failedHooks', String(f.failed_hooks))}</div>`);
}
