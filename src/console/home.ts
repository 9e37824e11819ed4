/**
 * Home: the month, what is owed, what needs attention, and four charts drawn on the server as SVG (no chart library in
 * the browser): sales by month for 12 months, receivables by age (the receivables report's buckets), the top customers
 * by sales and by debt, each an image with its title and description and its figures as a table under it.
 *
 * Every query names the company and rides an index that leads with it: the sales of the 12 months by the sums kept per
 * month and currency and per month, customer and currency (sales_months and sales_customers, with their pending
 * changes, migration 076: a few rows a month whatever the number of invoices), what is owed by the receivables sums of today
 * (receivable_dues and receivable_customers, with their pending changes, migration 023), the open due items by
 * due_items_open, and the invoices needing attention by invoices_attention (migration 070: those rows only).
 */
import Decimal from 'decimal.js';
import type { Db } from '../platform/db';
import { html, type Html } from './html';
import { day, money, t, type Key, type Lang } from './i18n';
import { page } from './layout';
import type { Ctx } from './context';
import { BUCKETS, bucketOf } from '../reports/receivables';
import { CURRENCY } from '../reports/receivable-sql';
import { country as countryOf } from '../countries';
import { ensureCustomerWindow, foldSales } from '../reports/sales';
import { foldIfBehind } from '../reports/fold-lock';

export interface Bar { label: string; value: number; shown: string }

/**
 * The SVG's own units: 360 wide, so that its text is about as large as the page's at 360 px; each bar under its label and
 * figure. It scales to its container (width 100%, at most 480 px wide: stylesheet).
 */
const W = 360;
const ROW = 44;

/**
 * A horizontal bar chart as SVG: an image (role="img") named by its <title> and <desc>, and its figures as a table in a
 * <details> under it (what a screen reader or anyone wanting the numbers reads).
 */
export function barChart(o: { id: string; title: string; desc: string; heads: [string, string]; bars: Bar[]; tableLabel: string }): Html {
  const max = Math.max(...o.bars.map((b) => Math.abs(b.value)), 0);
  const height = Math.max(o.bars.length, 1) * ROW + 4;
  const clip = (s: string) => (s.length > 24 ? `${s.slice(0, 23)}…` : s);
  return html`<figure class="chart-svg" id="${o.id}"><figcaption>${o.title}</figcaption>
  <svg role="img" aria-labelledby="${o.id}-title ${o.id}-desc" viewBox="0 0 ${W} ${height}" width="100%" preserveAspectRatio="xMinYMin meet" xmlns="http://www.w3.org/2000/svg">
  <title id="${o.id}-title">${o.title}</title><desc id="${o.id}-desc">${o.desc}</desc>
  ${o.bars.map((b, i) => {
    const y = i * ROW;
    const width = max > 0 ? Math.max(Math.round((Math.abs(b.value) / max) * W), b.value !== 0 ? 2 : 0) : 0;
    return html`<g><text x="0" y="${y + 18}" class="chart-label">${clip(b.label)}</text><text x="${W}" y="${y + 18}" text-anchor="end" class="chart-value">${b.shown}</text>
    <rect x="0" y="${y + 24}" width="${W}" height="12" rx="2" class="chart-track"></rect><rect x="0" y="${y + 24}" width="${width}" height="12" rx="2" class="chart-bar${b.value < 0 ? ' negative' : ''}"></rect></g>`;
  })}</svg>
  <details class="chart-data"><summary>${o.tableLabel}</summary><table><caption>${o.title}</caption><thead><tr><th scope="col">${o.heads[0]}</th><th scope="col" class="num">${o.heads[1]}</th></tr></thead>
  <tbody>${o.bars.map((b) => html`<tr><th scope="row">${b.label}</th><td class="num">${b.shown}</td></tr>`)}</tbody></table></details></figure>`;
}

const BUCKET_NAMES: Record<Lang, Record<(typeof BUCKETS)[number], string>> = {
  es: { current: 'Al día', days_1_30: '1 a 30 días', days_31_60: '31 a 60 días', days_61_90: '61 a 90 días', days_over_90: 'Más de 90 días' },
  en: { current: 'Current', days_1_30: '1–30 days', days_31_60: '31–60 days', days_61_90: '61–90 days', days_over_90: 'Over 90 days' },
};

/** The first day of the month `back` months before the month of `d` (yyyy-mm-dd). */
const monthStart = (d: string, back = 0) => { const [y, m] = d.split('-').map(Number); const x = new Date(Date.UTC(y, m - 1 - back, 1)); return x.toISOString().slice(0, 10); };
const nameOf = (n: unknown) => (Array.isArray(n) ? n.join(' ') : String(n ?? ''));

interface Figures {
  today: string;
  sales: { month: string; currency: string; total: string; n: number }[];
  dues: { currency: string; due_date: string; open: string }[];
  topSales: { currency: string; total: string; identification: string; name: unknown }[];
  topDebt: { currency: string; open: string; identification: string; name: unknown }[];
  attention: { id: string; name: string; date: string; stamp_status: string; mail_status: string; total: string; currency: string }[];
  overdue: { id: string; name: string; due_date: string; open: string; identification: string; currency: string }[];
}

/** What the charts and the list show, in six queries run side by side. */
async function figures(db: Db, cid: number, timeZone: string): Promise<Figures> {
  const [{ d: today }] = await db.query<{ d: string }>(`SELECT to_char((now() AT TIME ZONE $1)::date, 'YYYY-MM-DD') AS d`, [timeZone]);
  const from = monthStart(today, 11);
  // The sums per customer over these twelve months, rebuilt when the month has turned since they were (src/reports/sales.ts).
  await ensureCustomerWindow(db, cid, from);
  const [sales, topSales, dues, topDebt, attention, overdue] = await Promise.all([
    // Twelve months of sales by month and currency, and the five customers who bought most in them: the kept sums
    // (sales_months: migration 076; per customer over the twelve months: 081) and their pending changes, never the invoices.
    db.query<Figures['sales'][number]>(
      `SELECT to_char(month, 'YYYY-MM-DD') AS month, currency, sum(total)::text AS total, sum(n)::int AS n FROM (
         SELECT month, currency, total, n FROM sales_months WHERE company_id = $1 AND month >= $2::date
         UNION ALL SELECT month, currency, total, n FROM sales_pending WHERE company_id = $1 AND month >= $2::date) x
        GROUP BY month, currency HAVING sum(n) <> 0`, [cid, from]),
    // The top customers: the sums per customer over the window (migration 081), the first five in the index's order plus
    // as many as customers with pending changes (whose sums are added here), so that those five are among the candidates.
    db.query<Figures['topSales'][number]>(
      `WITH p AS (SELECT customer_id, currency, sum(total) AS total, sum(n) AS n FROM sales_pending WHERE company_id = $1 AND month >= $2::date GROUP BY 1, 2),
       k AS (SELECT customer_id, currency FROM sales_customer_window WHERE company_id = $1 AND n <> 0
              ORDER BY total DESC, customer_id, currency LIMIT 5 + (SELECT count(*) FROM p)),
       s AS (SELECT c.customer_id, c.currency, coalesce(w.total, 0) + coalesce(p.total, 0) AS total
               FROM (SELECT customer_id, currency FROM k UNION SELECT customer_id, currency FROM p) c
               LEFT JOIN sales_customer_window w ON w.company_id = $1 AND w.customer_id = c.customer_id AND w.currency = c.currency
               LEFT JOIN p ON p.customer_id = c.customer_id AND p.currency = c.currency
              WHERE coalesce(w.n, 0) + coalesce(p.n, 0) <> 0 ORDER BY 3 DESC, 1, 2 LIMIT 5)
       SELECT s.currency, s.total::text AS total, c.identification, c.name FROM s JOIN customers c ON c.company_id = $1 AND c.id = s.customer_id
        ORDER BY s.total DESC, s.customer_id, s.currency`, [cid, from]),
    // What is open per currency and due date today: the receivables sums and their pending changes (as the home's figure "owed").
    db.query<Figures['dues'][number]>(
      `SELECT currency, to_char(due_date, 'YYYY-MM-DD') AS due_date, sum(open)::text AS open FROM (
         SELECT currency, due_date, open FROM receivable_dues WHERE company_id = $1 UNION ALL SELECT currency, due_date, open FROM receivable_pending WHERE company_id = $1) x
        GROUP BY 1, 2 HAVING sum(open) <> 0`, [cid]),
    db.query<Figures['topDebt'][number]>(
      `WITH o AS (SELECT customer_id, currency, sum(open) AS open FROM (
                    SELECT customer_id, currency, open FROM receivable_customers WHERE company_id = $1
                    UNION ALL SELECT customer_id, currency, open FROM receivable_pending WHERE company_id = $1) x
                   GROUP BY 1, 2 HAVING sum(open) > 0 ORDER BY 3 DESC LIMIT 5)
       SELECT o.currency, o.open::text AS open, c.identification, c.name FROM o JOIN customers c ON c.company_id = $1 AND c.id = o.customer_id ORDER BY o.open DESC`, [cid]),
    // Invoices the authority rejected or has not answered, or whose e-mail failed: the newest changed first (invoices_attention).
    db.query<Figures['attention'][number]>(
      `SELECT i.id, i.name, to_char(i.date, 'YYYY-MM-DD') AS date, i.stamp_status, i.mail_status, i.total::text AS total, ${CURRENCY} AS currency FROM invoices i
        WHERE i.company_id = $1 AND i.deleted_at IS NULL AND (i.stamp_status IN ('Rejected', 'Pending') OR i.mail_status = 'failed_delivery')
        ORDER BY i.updated_at DESC LIMIT 10`, [cid]),
    // The oldest overdue installments (due_items_open: the open items of the company).
    db.query<Figures['overdue'][number]>(
      `SELECT i.id, i.name, to_char(d.due_date, 'YYYY-MM-DD') AS due_date, (d.amount - d.paid)::text AS open, i.customer_identification AS identification, ${CURRENCY} AS currency
         FROM due_items d JOIN invoices i ON i.company_id = d.company_id AND i.id = d.invoice_id
        WHERE d.company_id = $1 AND NOT d.annulled AND d.paid < d.amount AND d.due_date < $2::date AND i.deleted_at IS NULL
        ORDER BY d.due_date, d.id LIMIT 5`, [cid, today]),
  ]);
  return { today, sales, dues, topSales, topDebt, attention, overdue };
}

/** The four charts and the list of documents that need attention. */
async function charts(ctx: Ctx, db: Db): Promise<Html> {
  const l = ctx.lang;
  const w = (es: string, en: string) => (l === 'en' ? en : es);
  const f = await figures(db, ctx.company.company_id, ctx.company.time_zone);
  const home = countryOf(ctx.country).currency;
  const m = (v: Decimal.Value, cur: string) => money(ctx.country, new Decimal(v).toFixed(2), cur);
  const currencies = (rows: { currency: string }[]) => [...new Set([home, ...rows.map((r) => r.currency)])].filter((c) => c === home || rows.some((r) => r.currency === c));
  const tableLabel = w('Ver los datos en una tabla', 'See the figures as a table');
  const months = Array.from({ length: 12 }, (_, i) => monthStart(f.today, 11 - i));
  const monthName = new Intl.DateTimeFormat(l === 'en' ? 'en-GB' : 'es-CO', { month: 'short', year: 'numeric', timeZone: 'UTC' });
  const label = (mo: string) => monthName.format(new Date(`${mo}T00:00:00Z`));
  const sales = currencies(f.sales).map((cur) => {
    const bars = months.map((mo) => {
      const row = f.sales.find((r) => r.month === mo && r.currency === cur);
      const v = new Decimal(row?.total ?? 0);
      return { label: label(mo), value: v.toNumber(), shown: m(v, cur) };
    });
    const best = bars.reduce((a, b) => (b.value > a.value ? b : a), bars[0]);
    return barChart({ id: `chart-sales-${cur}`, title: `${w('Ventas por mes', 'Sales by month')} (${cur})`, tableLabel, heads: [w('Mes', 'Month'), w('Ventas', 'Sales')], bars,
      desc: w(`Facturado en cada uno de los últimos 12 meses, sin anuladas. Este mes: ${bars[11].shown}. Mes más alto: ${best.label}, ${best.shown}.`,
        `Invoiced in each of the last 12 months, annulled invoices left out. This month: ${bars[11].shown}. Highest month: ${best.label}, ${best.shown}.`) });
  });
  const aging = currencies(f.dues).map((cur) => {
    const sums = Object.fromEntries(BUCKETS.map((b) => [b, new Decimal(0)])) as Record<(typeof BUCKETS)[number], Decimal>;
    const todayMs = Date.parse(`${f.today}T00:00:00Z`);
    for (const r of f.dues.filter((x) => x.currency === cur)) {
      const b = bucketOf(Math.round((todayMs - Date.parse(`${r.due_date}T00:00:00Z`)) / 86_400_000));
      sums[b] = sums[b].plus(r.open);
    }
    const total = BUCKETS.reduce((a, b) => a.plus(sums[b]), new Decimal(0));
    const bars = BUCKETS.map((b) => ({ label: BUCKET_NAMES[l][b], value: sums[b].toNumber(), shown: m(sums[b], cur) }));
    return barChart({ id: `chart-aging-${cur}`, title: `${w('Cartera por edades', 'Receivables by age')} (${cur})`, tableLabel, heads: [w('Edad', 'Age'), w('Por cobrar', 'Owed')], bars,
      desc: w(`Lo que se debe hoy, ${m(total, cur)} en total, por días de vencido: ${bars.map((b) => `${b.label} ${b.shown}`).join('; ')}.`,
        `What is owed today, ${m(total, cur)} in all, by days past due: ${bars.map((b) => `${b.label} ${b.shown}`).join('; ')}.`) });
  });
  const top = (id: string, title: [string, string], rows: { currency: string; identification: string; name: unknown; v: string }[]) => currencies(rows).map((cur) => {
    const bars = rows.filter((r) => r.currency === cur).map((r) => ({ label: `${nameOf(r.name)} (${r.identification})`, value: Number(r.v), shown: m(r.v, cur) }));
    if (!bars.length) return '';
    return barChart({ id: `${id}-${cur}`, title: `${w(...title)} (${cur})`, tableLabel, heads: [t(l, 'customerName'), w('Valor', 'Amount')], bars,
      desc: w(`Los ${bars.length} primeros: ${bars.map((b) => `${b.label} ${b.shown}`).join('; ')}.`, `The first ${bars.length}: ${bars.map((b) => `${b.label} ${b.shown}`).join('; ')}.`) });
  });
  const topSales = top('chart-top-sales', ['Clientes con más ventas (12 meses)', 'Top customers by sales (12 months)'], f.topSales.map((r) => ({ ...r, v: r.total })));
  const topDebt = top('chart-top-debt', ['Clientes con más deuda', 'Top customers by debt'], f.topDebt.map((r) => ({ ...r, v: r.open })));
  const stampWords = (r: Figures['attention'][number]) => [r.stamp_status === 'Rejected' ? t(l, 'rejected') : r.stamp_status === 'Pending' ? t(l, 'waiting') : '',
    r.mail_status === 'failed_delivery' ? w('Correo fallido', 'E-mail failed') : ''].filter(Boolean).join(' · ');
  const attention = html`<section aria-labelledby="h-attention" id="attention"><h2 id="h-attention">${w('Documentos que requieren atención', 'Documents needing attention')}</h2>
  ${f.attention.length || f.overdue.length ? html`<div class="scroll" tabindex="0" role="region" aria-labelledby="h-attention"><table class="sticky-first"><thead><tr>
  <th scope="col">${t(l, 'invoice')}</th><th scope="col">${w('Motivo', 'Why')}</th><th scope="col">${t(l, 'date')}</th><th scope="col" class="num">${w('Valor', 'Amount')}</th></tr></thead><tbody>
  ${f.attention.map((r) => html`<tr><th scope="row"><a href="/app/documents/invoices/${r.id}">${r.name}</a></th><td>${stampWords(r)}</td><td>${day(r.date)}</td><td class="num">${m(r.total, r.currency)}</td></tr>`)}
  ${f.overdue.map((r) => html`<tr><th scope="row"><a href="/app/documents/invoices/${r.id}">${r.name}</a></th><td>${w('Cuota vencida', 'Overdue installment')} (${r.identification})</td>
  <td>${day(r.due_date)}</td><td class="num">${m(r.open, r.currency)}</td></tr>`)}</tbody></table></div>` : html`<p>${w('Nada pendiente.', 'Nothing pending.')}</p>`}</section>`;
  return html`<div class="charts">${sales}${aging}${topSales}${topDebt}</div>${attention}`;
}

export async function homePage(ctx: Ctx, db: Db): Promise<Html> {
  const l = ctx.lang;
  const cid = ctx.company.company_id;
  // Many pending sales (a bulk load the folding has not reached yet): folded first, so the home reads a few hundred rows.
  await foldIfBehind(db, 'sales_pending', cid, foldSales);
  const [f] = await db.query<{ month_total: string; month_count: number; owed: string; overdue: string; waiting: number; rejected: number;
    failed_mails: number; failed_hooks: number }>(
    `WITH today AS (SELECT (now() AT TIME ZONE $2)::date AS d),
     -- What is open per due date: the receivables sums of today and their pending changes (migration 023), not every due item.
     dues AS (SELECT due_date, open FROM receivable_dues WHERE company_id = $1 UNION ALL SELECT due_date, open FROM receivable_pending WHERE company_id = $1),
     -- This month's total and count: the kept sales of the month (all currencies, as before) and their pending changes (migration 076).
     month AS (SELECT coalesce(sum(total), 0) AS total, coalesce(sum(n), 0)::int AS n FROM (
                 SELECT month, total, n FROM sales_months WHERE company_id = $1 UNION ALL SELECT month, total, n FROM sales_pending WHERE company_id = $1) x, today
                WHERE x.month >= date_trunc('month', today.d)::date)
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
     SELECT 'certificate' AS what, subject AS name, (not_after AT TIME ZONE $2)::date AS until FROM company_credentials, today
       WHERE company_id = $1 AND active AND (not_after AT TIME ZONE $2)::date <= today.d + 30
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
  ${card('failedMails', String(f.failed_mails))}${card('failedHooks', String(f.failed_hooks))}</div>${await charts(ctx, db)}`);
}
