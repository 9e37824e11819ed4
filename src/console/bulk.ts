/**
 * Bulk work on the documents list (issue 52): for the documents chosen on a page, or every document of the list's
 * filter, a ZIP of their PDFs and XMLs named by their numbers (FV-2-123.pdf, FV-2-123.xml; a document without an XML,
 * a Colombian plain invoice, has its PDF only), their e-mail sent again to the customer, or their sending again to
 * the tax authority. Each is a job: a row of console_jobs (its company's, read with it), run in this process through
 * the API's own routes (ctx.api: the same rules and messages as one document's page), at most two at a time, each
 * yielding to the requests being answered (background). Its page polls a fragment of its progress (htmx) until it
 * is done; a ZIP is kept in the row for download (JOB_DAYS days). A job whose process stopped (a restart) stops
 * moving: after STALE_MINUTES without progress it is shown as interrupted.
 */
import crypto from 'node:crypto';
import { zipSync, type Zippable } from 'fflate';
import type { Db } from '../platform/db';
import { background } from '../platform/background';
import { need, Refused, type Ctx } from './context';
import { html, type Html } from './html';
import type { Lang } from './i18n';
import { page } from './layout';
import { errorsOf, translate } from './messages';
import { kindOf } from './kinds';
import { DEFAULT_SORT, eachRow, sortOf, sourceOf } from './sort';
import { FILTER_PARAMS } from './list';
import type { Form } from './forms';

export type Action = 'zip' | 'mail' | 'stamp';
/** The most documents one job takes: a ZIP is built in memory and kept in the database. */
export const JOB_LIMITS: Record<Action, number> = { zip: 1_000, mail: 10_000, stamp: 10_000 };
const JOB_DAYS = 7;
const STALE_MINUTES = 30;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const WORDS = {
  zip: ['PDF y XML en un ZIP', 'PDF and XML in a ZIP'], mail: ['Envío por correo', 'Sending by e-mail'], stamp: ['Envío de nuevo a la autoridad', 'Sending to the authority again'],
  queued: ['En cola', 'Queued'], running: ['En curso', 'Running'], done: ['Terminado', 'Done'], failed: ['Falló', 'Failed'],
  interrupted: ['Interrumpido: el servicio se detuvo mientras corría; inícielo de nuevo desde la lista.', 'Interrupted: the service stopped while it ran; start it again from the list.'],
  of: ['de', 'of'], documents: ['documentos', 'documents'], download: ['Descargar', 'Download'], problems: ['Con problemas', 'With problems'],
  none: ['Elija al menos un documento de la lista, o «Todos los del filtro».', 'Choose at least one document of the list, or "All those of the filter".'],
  tooMany: ['El filtro tiene más de {n} documentos para este trabajo: acótelo (fechas, tipo, estado) y repítalo.', 'The filter has more than {n} documents for this job: narrow it (dates, type, status) and start it again.'],
  back: ['Volver a la lista', 'Back to the list'], job: ['Trabajo', 'Job'], progress: ['Avance', 'Progress'],
  refresh: ['Actualizar', 'Refresh'],
} as const;
const w = (l: Lang, k: keyof typeof WORDS) => WORDS[k][l === 'en' ? 1 : 0];

/** A bulk request the console refuses (400), with what to do instead. */
export class BadBulk extends Error {}

interface JobRow {
  id: string; kind: string; action: Action; status: 'queued' | 'running' | 'done' | 'failed'; total: number; done: number; failed: number;
  problems: { name: string; problem: string }[]; error: string | null; file_name: string | null; stale: boolean; filter: Record<string, string> | null;
}

/** Jobs waiting for one of the two places, in this process. */
const waiting: (() => void)[] = [];
let runningNow = 0;
async function place<T>(fn: () => Promise<T>): Promise<T> {
  if (runningNow >= 2) await new Promise<void>((resolve) => waiting.push(resolve));
  runningNow++;
  try { return await fn(); } finally {
    runningNow--;
    waiting.shift()?.();
  }
}

const one = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v);

/**
 * Starts the job a list's bulk form asks for (`action`, `scope`: the `ids` chosen or `all` the filter, which the form
 * carries as hidden fields) and answers its id. Sending needs an accountant; a ZIP, any role (it holds what every
 * role may download).
 */
export async function startJob(ctx: Ctx, db: Db, f: Form): Promise<string> {
  const action = one(f.action) as Action;
  if (!['zip', 'mail', 'stamp'].includes(action)) throw new Refused(404, 'action');
  if (action !== 'zip') need(ctx, 'accountant');
  const kind = kindOf(ctx, one(f.kind) || 'invoices').path;
  if (action === 'stamp' && !sourceOf(kind).stamped) throw new Refused(404, 'action');
  let params: { ids: string[] } | { filter: Record<string, string> };
  if (one(f.scope) === 'all') {
    const filter = Object.fromEntries(FILTER_PARAMS.flatMap((k) => (k !== 'size' && one(f[k]) ? [[k, String(one(f[k]))]] : [])));
    sortOf(filter); // refused now (400) rather than in the job
    params = { filter };
  } else {
    const ids = [...new Set([f.ids].flat().filter((x): x is string => typeof x === 'string' && UUID.test(x)))];
    if (!ids.length) throw new BadBulk(w(ctx.lang, 'none'));
    if (ids.length > JOB_LIMITS[action]) throw new BadBulk(w(ctx.lang, 'tooMany').replace('{n}', String(JOB_LIMITS[action])));
    params = { ids };
  }
  const id = crypto.randomUUID();
  await db.query(`DELETE FROM console_jobs WHERE company_id = $1 AND created_at < now() - make_interval(days => $2)`, [ctx.company.company_id, JOB_DAYS]);
  await db.query('INSERT INTO console_jobs (id, company_id, started_by, kind, action, params) VALUES ($1, $2, $3, $4, $5, $6)',
    [id, ctx.company.company_id, ctx.session.email, kind, action, JSON.stringify(params)]);
  void place(() => background.run(true, () => runJob(ctx, db, id, kind, action, params)));
  return id;
}

const fileName = (name: string) => name.replace(/[^A-Za-z0-9._-]+/g, '-');
const problemOf = (l: Lang, body: unknown, status: number) => {
  const e = errorsOf(body)[0];
  return e ? translate(l, e) : `HTTP ${status}`;
};

async function runJob(ctx: Ctx, db: Db, id: string, kind: string, action: Action, params: { ids: string[] } | { filter: Record<string, string> }): Promise<void> {
  const cid = ctx.company.company_id;
  const l = ctx.lang;
  const set = (sql: string, args: unknown[]) => db.query(`UPDATE console_jobs SET ${sql}, updated_at = now() WHERE company_id = $1 AND id = $2`, [cid, id, ...args]);
  try {
    await set("status = 'running'", []);
    // The documents, in the list's order: those chosen, or the filter's (at most the action's limit).
    const docs: { id: string; name: string }[] = [];
    const filter = 'filter' in params ? params.filter : {};
    const { more } = await eachRow(ctx, db, kind, filter, sortOf(filter) ?? DEFAULT_SORT, JOB_LIMITS[action], (rows) => {
      for (const r of rows) docs.push({ id: r.id, name: r.name });
    }, 'ids' in params ? params.ids : undefined);
    if (more) throw new BadBulk(w(l, 'tooMany').replace('{n}', String(JOB_LIMITS[action])));
    await set('total = $3', [docs.length]);
    const files: Zippable = {};
    const problems: { name: string; problem: string }[] = [];
    let done = 0;
    let failed = 0;
    let saved = Date.now();
    const progress = () => set('done = $3, failed = $4, problems = $5', [done, failed, JSON.stringify(problems.slice(0, 50))]);
    for (const d of docs) {
      if (action === 'zip') {
        const pdf = await ctx.api('GET', `/${kind}/${d.id}/pdf`, undefined, { accept: 'application/pdf' });
        if (pdf.status === 200) {
          let base = fileName(d.name);
          for (let k = 2; files[`${base}.pdf`]; k++) base = `${fileName(d.name)}-${k}`;
          // A PDF is compressed already: stored as it is; an XML is deflated.
          files[`${base}.pdf`] = [new Uint8Array(pdf.raw), { level: 0 }];
          const xml = await ctx.api('GET', `/${kind}/${d.id}/xml`, undefined, { accept: 'application/xml' });
          // No XML (404): a document never sent to the authority, its PDF alone; any other answer is a problem of the document.
          if (xml.status === 200) files[`${base}.xml`] = new Uint8Array(xml.raw);
          else if (xml.status !== 404) problems.push({ name: d.name, problem: problemOf(l, xml.body, xml.status) });
        } else {
          failed++;
          problems.push({ name: d.name, problem: problemOf(l, pdf.body, pdf.status) });
        }
      } else {
        const res = await ctx.api('POST', `/${kind}/${d.id}/${action}`, action === 'mail' ? {} : undefined);
        if (res.status >= 300) {
          failed++;
          problems.push({ name: d.name, problem: problemOf(l, res.body, res.status) });
        }
      }
      done++;
      if (Date.now() - saved > 500) { await progress(); saved = Date.now(); }
    }
    await progress();
    if (action === 'zip') {
      const zip = zipSync(files, { level: 6 });
      await set("status = 'done', result = $3, file_name = $4, finished_at = now()", [Buffer.from(zip), `documentos-${new Date().toISOString().slice(0, 10)}.zip`]);
    } else {
      await set("status = 'done', finished_at = now()", []);
    }
  } catch (e) {
    const message = e instanceof BadBulk ? e.message : `${(e as Error).message ?? e}`;
    await set("status = 'failed', error = $3, finished_at = now()", [message]).catch(() => undefined);
  }
}

async function jobOf(ctx: Ctx, db: Db, id: string): Promise<JobRow> {
  if (!UUID.test(id)) throw new Refused(404, 'job');
  const [row] = await db.query<JobRow>(
    `SELECT id, kind, action, status, total, done, failed, problems, error, file_name, params->'filter' AS filter,
            status IN ('queued', 'running') AND updated_at < now() - make_interval(mins => $3) AS stale
       FROM console_jobs WHERE company_id = $1 AND id = $2`, [ctx.company.company_id, id, STALE_MINUTES]);
  if (!row) throw new Refused(404, 'job');
  return row;
}

/** A job's progress: a bar while it runs (the fragment asks for itself again every second), then what it did. */
export async function jobProgress(ctx: Ctx, db: Db, id: string): Promise<Html> {
  const l = ctx.lang;
  const j = await jobOf(ctx, db, id);
  const moving = (j.status === 'queued' || j.status === 'running') && !j.stale;
  const state = j.stale ? w(l, 'interrupted') : w(l, j.status);
  const percent = j.total ? Math.floor((100 * j.done) / j.total) : 0;
  return html`<div id="job" role="status"${moving ? html` hx-get="/app/jobs/${j.id}/progress" hx-trigger="every 1s" hx-swap="outerHTML"` : ''}>
  <p><strong id="job-state">${state}</strong>${j.total ? html` · <span id="job-count">${j.done} ${w(l, 'of')} ${j.total}</span> ${w(l, 'documents')}` : ''}</p>
  <label for="job-bar">${w(l, 'progress')}</label> <progress id="job-bar" max="100" value="${j.status === 'done' ? 100 : percent}">${j.status === 'done' ? 100 : percent} %</progress>
  ${moving ? html`<p><a href="/app/jobs/${j.id}">${w(l, 'refresh')}</a></p>` : ''}
  ${j.error ? html`<p class="error" role="alert">${j.error}</p>` : ''}
  ${j.problems.length ? html`<section aria-labelledby="job-problems"><h2 id="job-problems">${w(l, 'problems')}: ${Math.max(j.failed, j.problems.length)}</h2><ul>${j.problems.map((p) => html`<li>${p.name}: ${p.problem}</li>`)}</ul></section>` : ''}
  ${j.status === 'done' && j.file_name ? html`<p><a class="button" id="job-download" href="/app/jobs/${j.id}/file" download="${j.file_name}">${w(l, 'download')} ${j.file_name}</a></p>` : ''}</div>`;
}

/** A job's page: what it does, its progress, and the way back to the list it came from. */
export async function jobPage(ctx: Ctx, db: Db, id: string): Promise<Html> {
  const l = ctx.lang;
  const j = await jobOf(ctx, db, id);
  const back = new URLSearchParams({ kind: j.kind, ...(j.filter ?? {}) });
  return page(ctx, `${w(l, 'job')}: ${w(l, j.action)}`, html`${await jobProgress(ctx, db, id)}<p><a href="/app/documents?${back.toString()}">${w(l, 'back')}</a></p>`);
}

/** A finished job's file (its ZIP), or 404. */
export async function jobFile(ctx: Ctx, db: Db, id: string): Promise<{ name: string; file: Buffer }> {
  if (!UUID.test(id)) throw new Refused(404, 'job');
  const [row] = await db.query<{ file_name: string | null; result: Buffer | Uint8Array | null }>(
    "SELECT file_name, result FROM console_jobs WHERE company_id = $1 AND id = $2 AND status = 'done'", [ctx.company.company_id, id]);
  if (!row?.result || !row.file_name) throw new Refused(404, 'file');
  return { name: row.file_name, file: Buffer.from(row.result) };
}
