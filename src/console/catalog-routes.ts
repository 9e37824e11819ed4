/** The routes of the customers and products pages (src/console/catalog.ts). */
import type { FastifyInstance } from 'fastify';
import type { Db } from '../platform/db';
import { catalogForm, catalogList, catalogSave, findCustomers, type CatalogKind } from './catalog';
import { need, Refused, sendHtml } from './context';
import { customerOption, customerSelect, type Form } from './forms';
import { html } from './html';
import type { Guarded } from './routes';

const hide = { schema: { hide: true } } as const;
const idOf = (v: string): number => {
  if (!/^[0-9]{1,9}$/.test(v)) throw new Refused(404, 'id');
  return Number(v);
};

export function catalogRoutes(app: FastifyInstance, guarded: Guarded, db: Db): void {
  // The invoice form's customers that match what is typed in its search box (src/console/forms.ts, customerSelect).
  app.get('/customer-options', hide, guarded(async (ctx, req, reply) => {
    const search = String((req.query as { customer_q?: string }).customer_q ?? '').trim().slice(0, 100);
    const rows = await findCustomers(db, ctx.company.company_id, search, 50, 0, true);
    const options = rows.map((r) => customerOption({ identification: r.identification, branch_office: r.branch_office, name: r.name as string | string[] }));
    return sendHtml(reply, 200, html`<div id="customer-field">${customerSelect(ctx, options)}</div>`);
  }));
  for (const kind of ['customers', 'products'] as CatalogKind[]) {
    app.get(`/${kind}`, hide, guarded(async (ctx, req, reply) => sendHtml(reply, 200, await catalogList(ctx, db, kind, req.query as Record<string, string>))));
    app.get(`/${kind}/new`, hide, guarded(async (ctx, _req, reply) => {
      need(ctx, 'accountant');
      const r = await catalogForm(ctx, kind);
      return sendHtml(reply, r.status, r.body);
    }));
    app.get(`/${kind}/:id`, hide, guarded(async (ctx, req, reply) => {
      const r = await catalogForm(ctx, kind, idOf((req.params as { id: string }).id), undefined, undefined, !!(req.query as { ok?: string }).ok);
      return sendHtml(reply, r.status, r.body);
    }));
    app.post(`/${kind}`, hide, guarded(async (ctx, req, reply) => {
      need(ctx, 'accountant');
      const f = (req.body ?? {}) as Form;
      const res = await catalogSave(ctx, kind, f);
      if (res.status === 201) return reply.redirect(`/app/${kind}/${res.body.id}?ok=1`, 303);
      const r = await catalogForm(ctx, kind, undefined, f, res);
      return sendHtml(reply, r.status, r.body);
    }));
    app.post(`/${kind}/:id`, hide, guarded(async (ctx, req, reply) => {
      need(ctx, 'accountant');
      const id = idOf((req.params as { id: string }).id);
      const f = (req.body ?? {}) as Form;
      const res = await catalogSave(ctx, kind, f, id);
      if (res.status === 200) return reply.redirect(`/app/${kind}/${id}?ok=1`, 303);
      const r = await catalogForm(ctx, kind, id, f, res);
      return sendHtml(reply, r.status, r.body);
    }));
  }
}
