/** The routes of the documents list's totals, exports and bulk jobs (list.ts, export.ts, bulk.ts). */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../platform/db';
import { sendHtml, type Ctx } from './context';
import type { Form } from './forms';
import { html } from './html';
import { t } from './i18n';
import { page } from './layout';
import { totalsRow } from './list';
import { BadList, badListText } from './sort';
import { exportCsv, exportXlsx, XLSX_LIMIT } from './export';
import { BadBulk, jobFile, jobPage, jobProgress, startJob } from './bulk';
import type { Guarded } from './routes';

const hide = { schema: { hide: true } } as const;
/** The address's parameters, each once (a parameter given twice counts by its first value, never a 500). */
const queryOf = (req: FastifyRequest) => Object.fromEntries(Object.entries((req.query ?? {}) as Record<string, string | string[]>)
  .map(([k, v]) => [k, Array.isArray(v) ? v[0] : v])) as Record<string, string | undefined>;

/** A refused list address or bulk request: 400 with what is wrong, and the way back to the list. */
async function refused(ctx: Ctx, reply: FastifyReply, e: unknown) {
  if (!(e instanceof BadList) && !(e instanceof BadBulk)) throw e;
  const text = e instanceof BadList ? badListText(ctx.lang, e) : e.message;
  return sendHtml(reply, 400, page(ctx, t(ctx.lang, 'documents'), html`<div class="error" role="alert"><p>${text}</p></div><p><a href="/app/documents">${t(ctx.lang, 'documents')}</a></p>`));
}

export function listRoutes(app: FastifyInstance, guarded: Guarded, db: Db): void {
  app.get('/documents/totals', hide, guarded(async (ctx, req, reply) => {
    try { return sendHtml(reply, 200, await totalsRow(ctx, queryOf(req), db)); } catch (e) { return refused(ctx, reply, e); }
  }));
  app.get('/documents.csv', hide, guarded(async (ctx, req, reply) => {
    try {
      const { name, stream } = await exportCsv(ctx, db, queryOf(req));
      return reply.type('text/csv; charset=utf-8').header('Cache-Control', 'no-store').header('Content-Disposition', `attachment; filename="${name}"`).send(stream);
    } catch (e) { return refused(ctx, reply, e); }
  }));
  app.get('/documents.xlsx', hide, guarded(async (ctx, req, reply) => {
    try {
      const out = await exportXlsx(ctx, db, queryOf(req));
      if ('tooMany' in out) {
        throw new BadBulk(ctx.lang === 'es' ? `El filtro tiene más de ${XLSX_LIMIT.toLocaleString('es-CO')} documentos, más de lo que cabe en un XLSX de la consola: acótelo o descargue el CSV.`
          : `The filter has more than ${XLSX_LIMIT.toLocaleString('en')} documents, more than a console XLSX holds: narrow it or download the CSV.`);
      }
      return reply.type('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet').header('Cache-Control', 'no-store')
        .header('Content-Disposition', `attachment; filename="${out.name}"`).send(out.file);
    } catch (e) { return refused(ctx, reply, e); }
  }));
  app.post('/documents/bulk', hide, guarded(async (ctx, req, reply) => {
    try {
      const id = await startJob(ctx, db, (req.body ?? {}) as Form);
      return reply.redirect(`/app/jobs/${id}`, 303);
    } catch (e) { return refused(ctx, reply, e); }
  }));
  app.get('/jobs/:id', hide, guarded(async (ctx, req, reply) => sendHtml(reply, 200, await jobPage(ctx, db, (req.params as { id: string }).id))));
  app.get('/jobs/:id/progress', hide, guarded(async (ctx, req, reply) => sendHtml(reply, 200, await jobProgress(ctx, db, (req.params as { id: string }).id))));
  app.get('/jobs/:id/file', hide, guarded(async (ctx, req, reply) => {
    const { name, file } = await jobFile(ctx, db, (req.params as { id: string }).id);
    return reply.type('application/zip').header('Cache-Control', 'no-store').header('Content-Disposition', `attachment; filename="${name}"`).send(file);
  }));
}
