/** The routes of the customers and products pages (src/console/catalog.ts). */
import type { FastifyInstance } from 'fastify';
import type { Db } from '../platform/db';
import { catalogForm, catalogList, catalogSave, findCustomers, quickCustomerForm, type CatalogKind } from './catalog';
import { need, Refused, sendHtml } from './context';
import type { Form } from './forms';
import { liveQuery } from './fields';
import { CODE_LISTS, codeEcho, codeMatches, codeSuggestions, type CodeList } from './codes';
import { html } from './html';
import { customerOption, customerSelect, findProductChoices, productSelect } from './pickers';
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
    return sendHtml(reply, 200, customerSelect(ctx, options));
  }));
  // The products of a line that match what is typed in its search box, code or name (src/console/pickers.ts, productCell).
  app.get('/product-options', hide, guarded(async (ctx, req, reply) => {
    const q = req.query as { row?: string; product_q?: string | string[] };
    const row = /^[0-9]{1,3}$/.test(q.row ?? '') ? Number(q.row) : 0;
    const search = String([q.product_q].flat()[0] ?? '').trim().slice(0, 100);
    const products = await findProductChoices(db, ctx.company.company_id, search);
    return sendHtml(reply, 200, productSelect(ctx, row, products, search && products.length === 1 ? products[0].code : ''));
  }));
  // A customer created from the new invoice, in its dialog (src/console/catalog.ts, quickCustomerForm): refused, the form
  // again with each message under its field; saved, the invoice's customer list with it chosen (out of band), and an
  // empty dialog, which closes.
  app.get('/customers/quick', hide, guarded(async (ctx, _req, reply) => { need(ctx, 'accountant'); return sendHtml(reply, 200, quickCustomerForm(ctx)); }));
  app.post('/customers/quick', hide, guarded(async (ctx, req, reply) => {
    need(ctx, 'accountant');
    const f = (req.body ?? {}) as Form;
    const res = await catalogSave(ctx, 'customers', f);
    if (res.status !== 201) return sendHtml(reply, 200, quickCustomerForm(ctx, f, res));
    const made = await ctx.api<{ identification: string; branch_office: number; name: string[] }>('GET', `/customers/${res.body.id}`);
    if (made.status !== 200) throw new Error(`GET /customers/${res.body.id}: ${made.status}`);
    const option = customerOption(made.body);
    return sendHtml(reply, 200, customerSelect(ctx, [option], option[0], undefined, true));
  }));
  // What a catalogue code typed in the product form is, and the codes that match it (src/console/codes.ts).
  app.get('/code-options', hide, guarded(async (ctx, req, reply) => {
    const { id, typed } = liveQuery(req.query);
    const asked = String((req.query as { list?: string }).list ?? '');
    const list: CodeList = CODE_LISTS.has(asked) ? asked as CodeList : 'units';
    const text = typed.slice(0, 100);
    return sendHtml(reply, 200, html`${codeEcho(ctx.lang, list, id, text)}${codeSuggestions(id, codeMatches(list, text), true)}`);
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
