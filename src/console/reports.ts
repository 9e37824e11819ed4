/**
 * Reports, read through the API's own report routes: receivables by age (with a bar chart) and the trial balance,
 * each exportable as CSV and as XLSX (the same rows; an XLSX's figures are number cells, money as #,##0.00).
 */
import writeXlsxFile, { type Cell, type SheetData } from 'write-excel-file/node';
import { html, type Html } from './html';
import { day, money, t, type Lang } from './i18n';
import { apiErrors, page } from './layout';
import type { Ctx } from './context';
import type { Db } from '../platform/db';
import { receivablesReport } from '../reports/receivables';
import { todayIn } from '../invoices/lookup';
import { reportTurns } from '../platform/throttle';

const BUCKETS = ['current', 'days_1_30', 'days_31_60', 'days_61_90', 'days_over_90'] as const;
const BUCKET_NAMES: Record<Lang, Record<(typeof BUCKETS)[number] | 'total', string>> = {
  es: { current: 'Al día', days_1_30: '1 a 30 días', days_31_60: '31 a 60 días', days_61_90: '61 a 90 días', days_over_90: 'Más de 90 días', total: 'Total' },
  en: { current: 'Current', days_1_30: '1–30 days', days_31_60: '31–60 days', days_61_90: '61–90 days', days_over_90: 'Over 90 days', total: 'Total' },
};

const csvCell = (v: unknown) => { const s = v === null || v === undefined ? '' : String(v); return /[",\n\r;]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s; };
export const csv = (rows: unknown[][]) => rows.map((r) => r.map(csvCell).join(',')).join('\r\n') + '\r\n';

/** A report's rows (the first one its header, in bold) as one XLSX sheet; `money` columns (by index) formatted #,##0.00. */
export async function xlsx(rows: unknown[][], sheet: string, money: number[]): Promise<Buffer> {
  const cell = (v: unknown, col: number): Cell => {
    if (typeof v === 'number' && Number.isFinite(v)) return { value: v, type: Number, ...(money.includes(col) ? { format: '#,##0.00' } : {}) };
    return v === null || v === undefined || v === '' ? null : { value: String(v), type: String };
  };
  const data: SheetData = rows.map((r, i) => (i === 0 ? r.map((h) => ({ value: String(h), type: String, fontWeight: 'bold' as const })) : r.map(cell)));
  return writeXlsxFile(data, { sheet, columns: rows[0].map((_, i) => ({ width: money.includes(i) ? 16 : 20 })) }).toBuffer();
}
/** A calendar day (2026-02-30 is not; the API answers those with its error). */
const isDay = (v: string) => { const ms = Date.parse(`${v}T00:00:00Z`); return !Number.isNaN(ms) && new Date(ms).toISOString().startsWith(v); };
const dateParam = (v: string | undefined) => (v && /^\d{4}-\d{2}-\d{2}$/.test(v) ? v : undefined);

type Bucket = (typeof BUCKETS)[number];
type Figures = Record<Bucket | 'total', number>;
/** What the console reads of the API's receivables report (GET /reports/accounts-receivable). */
interface Receivables {
  date: string;
  totals: (Figures & { currency: string })[];
  customers: { customer: { id: string; name: string; identification: string }; currency: string; totals: Figures;
    items: { invoice: { name: string; date: string }; due: { date: string; quote: number }; days_past_due: number; bucket: Bucket; amount: number; paid: number; balance: number }[] }[];
  pagination: { total_results: number };
}
/** What it reads of the trial balance (GET /reports/trial-balance). */
interface Balances { opening_balance: number; debits: number; credits: number; closing_balance: number }
interface TrialBalance { accounts: (Balances & { code: string; name?: string; nature: string })[]; totals: Balances }

/** The receivables report at `date`, 100 customers a page: every page (the exports), or the one page `only` (the page shown: a million invoices have thousands of customers). */
async function receivables(ctx: Ctx, date?: string, only?: number, db?: Db): Promise<{ report?: Receivables; error?: unknown }> {
  // The page shown needs its customers' totals, not their items: read straight from the report's sums (the API's own function).
  if (db && only !== undefined && (!date || isDay(date))) {
    const read = () => receivablesReport(db, ctx.company.company_id, { date: date ?? todayIn(ctx.company.time_zone), page: only, page_size: 100 }, { items: false });
    return { report: await reportTurns.run(String(ctx.company.company_id), read) };
  }
  const customers: Receivables['customers'] = [];
  let first: Receivables | undefined;
  for (let p = only ?? 1; p <= 1000; p++) {
    const res = await ctx.api('GET', `/reports/accounts-receivable?page_size=100&page=${p}${date ? `&date=${date}` : ''}`);
    if (res.status !== 200) return { error: res.body };
    const body = res.body as Receivables;
    first ??= body;
    customers.push(...body.customers);
    if (only !== undefined || p * 100 >= body.pagination.total_results) break;
  }
  return first ? { report: { ...first, customers } } : {};
}

export async function receivablesPage(ctx: Ctx, q: Record<string, string | undefined>, db?: Db): Promise<Html> {
  const l = ctx.lang;
  const date = dateParam(q.date);
  const at = /^\d{1,4}$/.test(q.page ?? '') && Number(q.page) >= 1 ? Number(q.page) : 1;
  const { report, error } = await receivables(ctx, date, at, db);
  const total = Number(report?.pagination?.total_results ?? 0);
  const pageLink = (n: number, label: string) => html`<a href="/app/reports/receivables?${new URLSearchParams({ ...(date ? { date } : {}), page: String(n) }).toString()}">${label}</a>`;
  const pager = total > 100 ? html`<nav aria-label="${l === 'es' ? 'Páginas' : 'Pages'}"><p>${at > 1 ? pageLink(at - 1, l === 'es' ? 'Anteriores' : 'Previous') : ''}
    ${l === 'es' ? `Clientes ${(at - 1) * 100 + 1}–${Math.min(at * 100, total)} de ${total}` : `Customers ${(at - 1) * 100 + 1}–${Math.min(at * 100, total)} of ${total}`}
    ${at * 100 < total ? pageLink(at + 1, l === 'es' ? 'Siguientes' : 'Next') : ''}</p></nav>` : '';
  const names = BUCKET_NAMES[l];
  const m = (v: unknown, cur?: string) => money(ctx.country, v as number, cur);
  const totals = report?.totals ?? [];
  const chart = totals.map((tt) => {
    const max = Math.max(...BUCKETS.map((b) => Number(tt[b])), 1);
    return html`<figure class="chart"><figcaption>${t(l, 'owed')} (${tt.currency})</figcaption><ul>${BUCKETS.map((b) => html`<li><span class="label">${names[b]}</span>
      <span class="bar" style="width:${Math.round((Number(tt[b]) / max) * 100)}%"></span><span class="value">${m(tt[b], tt.currency)}</span></li>`)}</ul></figure>`;
  });
  // Each customer's statement up to the report's day: its closing balance is the row's total.
  const rows = (report?.customers ?? []).map((c) => html`<tr><td>${c.customer.name} (${c.customer.identification})
    <a class="statement-link" href="/app/customers/${c.customer.id}/statement?date_end=${report?.date ?? ''}" aria-label="${l === 'es' ? `Estado de cuenta de ${c.customer.name}` : `Statement of ${c.customer.name}`}">${l === 'es' ? 'Estado de cuenta' : 'Statement'}</a></td>${BUCKETS.map((b) =>
    html`<td class="num">${m(c.totals[b], c.currency)}</td>`)}<td class="num">${m(c.totals.total, c.currency)}</td></tr>`);
  return page(ctx, l === 'es' ? 'Cartera por edades' : 'Receivables by age', html`${error ? apiErrors(l, error) : ''}
  <form method="get" action="/app/reports/receivables" class="filters"><div class="field"><label for="r-date">${t(l, 'date')}</label>
  <input id="r-date" name="date" type="date" value="${date ?? report?.date ?? ''}"></div><button type="submit">${t(l, 'search')}</button>
  <a class="button" href="/app/reports/receivables.csv${date ? `?date=${date}` : ''}">CSV</a><a class="button" href="/app/reports/receivables.xlsx${date ? `?date=${date}` : ''}">XLSX</a></form>
  <p>${t(l, 'date')}: ${day(report?.date)}</p>${chart}
  <div class="scroll" tabindex="0" role="region" aria-label="${t(l, 'owed')}"><table><thead><tr><th scope="col">${t(l, 'customerName')}</th>${BUCKETS.map((b) =>
    html`<th scope="col" class="num">${names[b]}</th>`)}<th scope="col" class="num">${names.total}</th></tr></thead><tbody>${rows}</tbody></table></div>${pager}`);
}

/** The receivables report's open due items, one a row (the CSV's and the XLSX's; money columns 9–11), headers and ages in the console's language. */
export async function receivablesRows(ctx: Ctx, q: Record<string, string | undefined>): Promise<unknown[][]> {
  const { report, error } = await receivables(ctx, dateParam(q.date));
  if (!report) throw new Error(`receivables: ${JSON.stringify(error)}`);
  const rows: unknown[][] = [ctx.lang === 'es'
    ? ['Identificación', 'Cliente', 'Moneda', 'Factura', 'Fecha de la factura', 'Vencimiento', 'Cuota', 'Días vencidos', 'Edad', 'Valor', 'Pagado', 'Saldo']
    : ['Identification', 'Customer', 'Currency', 'Invoice', 'Invoice date', 'Due date', 'Installment', 'Days past due', 'Age', 'Amount', 'Paid', 'Balance']];
  // The age by its name in the console's language (the report's bucket codes are the API's).
  const names = BUCKET_NAMES[ctx.lang];
  for (const c of report.customers) {
    for (const i of c.items) rows.push([c.customer.identification, c.customer.name, c.currency, i.invoice.name, i.invoice.date, i.due.date, i.due.quote, i.days_past_due, names[i.bucket] ?? i.bucket, i.amount, i.paid, i.balance]);
  }
  return rows;
}
export const RECEIVABLES_MONEY = [9, 10, 11];

export async function trialBalance(ctx: Ctx, q: Record<string, string | undefined>) {
  const params = new URLSearchParams();
  if (dateParam(q.from)) params.set('date_start', q.from!);
  if (dateParam(q.to)) params.set('date_end', q.to!);
  return ctx.api('GET', `/reports/trial-balance?${params}`);
}

export async function trialBalancePage(ctx: Ctx, q: Record<string, string | undefined>): Promise<Html> {
  const l = ctx.lang;
  const res = await trialBalance(ctx, q);
  const d = res.status === 200 ? (res.body as TrialBalance) : null;
  const m = (v: unknown) => money(ctx.country, v as number);
  const heads = l === 'es' ? ['Saldo inicial', 'Débitos', 'Créditos', 'Saldo final'] : ['Opening', 'Debits', 'Credits', 'Closing'];
  const qs = new URLSearchParams(Object.entries({ from: dateParam(q.from), to: dateParam(q.to) }).filter(([, v]) => v) as [string, string][]).toString();
  return page(ctx, l === 'es' ? 'Balance de prueba' : 'Trial balance', html`${d ? '' : apiErrors(l, res.body)}
  <form method="get" action="/app/reports/trial-balance" class="filters">
  <div class="field"><label for="tb-from">${t(l, 'from')}</label><input id="tb-from" name="from" type="date" value="${dateParam(q.from) ?? ''}"></div>
  <div class="field"><label for="tb-to">${t(l, 'to')}</label><input id="tb-to" name="to" type="date" value="${dateParam(q.to) ?? ''}"></div>
  <button type="submit">${t(l, 'search')}</button><a class="button" href="/app/reports/trial-balance.csv${qs ? `?${qs}` : ''}">CSV</a><a class="button" href="/app/reports/trial-balance.xlsx${qs ? `?${qs}` : ''}">XLSX</a></form>
  ${d ? html`<div class="scroll" tabindex="0" role="region" aria-label="${t(l, 'account')}"><table><thead><tr><th scope="col">${t(l, 'account')}</th>${heads.map((h) => html`<th scope="col" class="num">${h}</th>`)}</tr></thead>
  <tbody>${d.accounts.map((a) => html`<tr><td>${a.code} · ${a.name ?? ''}</td><td class="num">${m(a.opening_balance)}</td><td class="num">${m(a.debits)}</td>
  <td class="num">${m(a.credits)}</td><td class="num">${m(a.closing_balance)}</td></tr>`)}</tbody><tfoot><tr><th scope="row">${t(l, 'total')}</th><td class="num">${m(d.totals.opening_balance)}</td>
  <td class="num">${m(d.totals.debits)}</td><td class="num">${m(d.totals.credits)}</td><td class="num">${m(d.totals.closing_balance)}</td></tr></tfoot></table></div>` : ''}`);
}

/** The trial balance's accounts, one a row (the CSV's and the XLSX's; money columns 3–6). */
export async function trialBalanceRows(ctx: Ctx, q: Record<string, string | undefined>): Promise<unknown[][]> {
  const res = await trialBalance(ctx, q);
  if (res.status !== 200) throw new Error(`trial balance: ${res.status}`);
  return [ctx.lang === 'es' ? ['Cuenta', 'Nombre', 'Naturaleza', 'Saldo inicial', 'Débitos', 'Créditos', 'Saldo final'] : ['Account', 'Name', 'Nature', 'Opening balance', 'Debits', 'Credits', 'Closing balance'],
    ...(res.body as TrialBalance).accounts.map((a) => [a.code, a.name, a.nature, a.opening_balance, a.debits, a.credits, a.closing_balance])];
}
export const TRIAL_BALANCE_MONEY = [3, 4, 5, 6];
