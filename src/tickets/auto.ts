/**
 * The global invoice made automatically (issue 51): a Mexican company with `settings.ticket_global_invoice`
 * (`daily`, `weekly` or `monthly`) gets, once a period is over, the global invoice of its open tickets, as
 * POST /mx/v1/tickets/global-invoice would make it (src/tickets/global.ts), stamped by the outbox.
 *
 * The period is the last one that ended yesterday (in the company's time zone): daily, yesterday (Periodicidad 01);
 * weekly, Monday to Sunday (02), cut at a month's end (a week lies in one c_Meses), so the part of a week before the
 * 1st ends with its month; monthly, the month that ended yesterday (04). Nothing else is made: a pass with no open
 * ticket in that period does nothing, and a pass repeated (every few minutes, in every process) finds the tickets
 * declared. Periods missed while the service was down are not made again by themselves: POST the global invoice of
 * each. Bimonthly (05, régimen 621) is left to the API.
 */
import type { Company } from '../platform/auth';
import type { Db } from '../platform/db';
import { ApiError, Problems } from '../platform/errors';
import { todayIn } from '../invoices/lookup';
import { planGlobal, writeGlobalInvoice } from './global';
import type { GlobalInvoiceBody } from './schema';
import { countries } from '../countries';

export const AUTOMATIC_PERIODS = ['daily', 'weekly', 'monthly'] as const;

const shift = (day: string, days: number) => new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/** The period of `setting` that ended yesterday (today: the company's day), as the global invoice's body; null when none did. */
export function periodEndedYesterday(setting: string, today: string): GlobalInvoiceBody | null {
  const yesterday = shift(today, -1);
  const months = yesterday.slice(5, 7), year = Number(yesterday.slice(0, 4));
  const monthEnds = today.slice(5, 7) !== months;
  if (setting === 'daily') return { periodicity: '01', months, year, from: yesterday };
  if (setting === 'monthly') return monthEnds ? { periodicity: '04', months, year } : null;
  if (setting !== 'weekly') return null;
  const sunday = new Date(`${yesterday}T00:00:00Z`).getUTCDay() === 0;
  if (!sunday && !monthEnds) return null;
  const monday = shift(yesterday, -((new Date(`${yesterday}T00:00:00Z`).getUTCDay() + 6) % 7));
  const from = monday.slice(0, 7) === yesterday.slice(0, 7) ? monday : `${yesterday.slice(0, 7)}-01`;
  return { periodicity: '02', months, year, from, to: yesterday };
}

/** One pass over the companies that ask for it: the global invoices made (their ids). */
export async function runAutomaticGlobals(db: Db, log: (msg: string, extra?: object) => void = () => undefined, now = new Date()): Promise<string[]> {
  const companies = await db.query<Company>(
    `SELECT c.company_id, c.country, c.legal_name, c.tax_id, c.check_digit, c.address, c.settings, c.time_zone, c.catalog_version,
            EXISTS (SELECT 1 FROM webhooks w WHERE w.company_id = c.company_id AND w.active AND NOT w.deleted) AS webhooks
       FROM companies c WHERE c.country = ANY($1::text[]) AND c.settings->>'ticket_global_invoice' IS NOT NULL
        AND EXISTS (SELECT 1 FROM ticket_counters k WHERE k.company_id = c.company_id)`, [countries().filter((c) => c.documents.tickets).map((c) => c.code)]);
  const made: string[] = [];
  for (const company of companies) {
    const body = periodEndedYesterday(String(company.settings.ticket_global_invoice), todayIn(company.time_zone, now));
    if (!body) continue;
    try {
      const problems = new Problems();
      const plan = await planGlobal(db, company, body, problems);
      problems.throwIfAny();
      made.push(await db.tx((q) => writeGlobalInvoice(q, company, plan, body)));
    } catch (e) {
      // No ticket left (made already, or none sold): nothing to do. Anything else is the company's set-up: said in the log.
      if (e instanceof ApiError && e.errors.every((x) => x.Code === 'invalid_document' && /is left to declare/.test(x.Message))) continue;
      log('automatic global invoice failed', { company_id: company.company_id, period: body, err: e instanceof ApiError ? e.errors : String(e) });
    }
  }
  return made;
}

/** Runs a pass every `everyMs` (the outbox stamps what it makes); returns the stop function. */
export function startAutomaticGlobals(db: Db, kick: () => unknown, everyMs = 300_000, log: (msg: string, extra?: object) => void = () => undefined): () => Promise<void> {
  let running: Promise<void> | null = null;
  const timer = setInterval(() => {
    running ??= runAutomaticGlobals(db, log).then((made) => { if (made.length) kick(); })
      .catch((e) => log('automatic global invoices failed', { err: String(e) })).finally(() => { running = null; });
  }, everyMs);
  timer.unref();
  return async () => { clearInterval(timer); await running; };
}
