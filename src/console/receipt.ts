/**
 * A cash receipt (Colombia: a DebtPayment voucher) started from an invoice: the customer, the invoice's
 * installment and its balance are filled in; the form is sent to the API's POST /v1/vouchers, whose rules
 * and messages apply (shown under the field of their path).
 */
import type { FastifyInstance } from 'fastify';
import { html, type Html } from './html';
import { money, t } from './i18n';
import { csrfField, page } from './layout';
import { activeList, need, Refused, sendHtml, type Ctx } from './context';
import { fields, fromForm, type FieldSpec } from './fields';
import { formKey, formKeyField, type Form } from './forms';
import type { Guarded } from './routes';

const hide = { schema: { hide: true } } as const;
const list = (ctx: Ctx, p: string) => activeList<{ id: number; name: string; code?: string }>(ctx, p);

async function specs(ctx: Ctx): Promise<FieldSpec[]> {
  const [types, pays] = await Promise.all([list(ctx, '/document-types?type=RC'), list(ctx, '/payment-types?document_type=RC')]);
  return [
    { name: 'document.id', label: ['Tipo de recibo', 'Receipt type'], type: 'select', numeric: true, options: types.map((x) => [String(x.id), `${x.code} · ${x.name}`]) },
    { name: 'date', label: ['Fecha', 'Date'], type: 'date', required: true },
    { name: 'payment.id', label: ['Forma de pago', 'Payment'], type: 'select', numeric: true, options: pays.map((x) => [String(x.id), x.name]) },
    { name: 'items[0].due.quote', label: ['Cuota', 'Installment'], type: 'number', numeric: true },
    { name: 'items[0].value', label: ['Valor recibido', 'Value received'], type: 'number', numeric: true, required: true },
  ];
}

async function invoiceOf(ctx: Ctx, id: string) {
  if (ctx.country !== 'CO' || !/^[0-9a-f-]{36}$/i.test(id)) throw new Refused(404, 'invoice');
  const inv = await ctx.api<Invoice>('GET', `/invoices/${id}`);
  if (inv.status !== 200) throw new Refused(404, 'invoice');
  return inv.body;
}

interface Invoice { id: string; name: string; prefix: string; number: number; total: number; balance?: number; customer: { name?: string; identification: string; branch_office?: number } }

async function receiptForm(ctx: Ctx, inv: Invoice, sent?: Form, errors?: unknown): Promise<Html> {
  const l = ctx.lang;
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: ctx.company.time_zone }).format(new Date());
  const start = { date: today, items: [{ due: { quote: 1 }, value: inv.balance ?? inv.total }] };
  const f = fields(l, await specs(ctx), start, sent, errors);
  return page(ctx, `${l === 'en' ? 'Cash receipt for' : 'Recibo de caja de'} ${inv.name}`, html`${errors ? html`<div class="error" role="alert"><p>${t(l, 'fixErrors')}</p>${f.rest.length ? html`<ul>${f.rest.map((m) => html`<li>${m}</li>`)}</ul>` : ''}</div>` : ''}
  <p>${t(l, 'customerName')}: ${inv.customer?.name ?? ''} ${inv.customer?.identification ?? ''} · ${t(l, 'balance')}: ${money('CO', inv.balance ?? inv.total)}</p>
  <form method="post" action="/app/documents/invoices/${inv.id}/receipt" class="record">${csrfField(ctx)}${formKeyField(sent)}<div class="grid">${f.html}</div>
  <button type="submit">${l === 'en' ? 'Create the receipt' : 'Crear el recibo'}</button></form>`);
}

export function receiptRoutes(app: FastifyInstance, guarded: Guarded): void {
  app.get('/documents/invoices/:id/receipt', hide, guarded(async (ctx, req, reply) => {
    need(ctx, 'accountant');
    return sendHtml(reply, 200, await receiptForm(ctx, await invoiceOf(ctx, (req.params as { id: string }).id)));
  }));
  app.post('/documents/invoices/:id/receipt', hide, guarded(async (ctx, req, reply) => {
    need(ctx, 'accountant');
    const inv = await invoiceOf(ctx, (req.params as { id: string }).id);
    const f = (req.body ?? {}) as Form;
    const start: { items: { due: object; value?: unknown }[]; payment: { value?: unknown } } & Record<string, unknown> = { type: 'DebtPayment',
      customer: { identification: inv.customer.identification, branch_office: inv.customer.branch_office ?? 0 }, items: [{ due: { prefix: inv.prefix, consecutive: inv.number } }], payment: {} };
    const body = fromForm(start, await specs(ctx), f, ctx.country);
    body.payment.value = body.items?.[0]?.value;
    const res = await ctx.api<{ id: string }>('POST', '/vouchers', body, formKey(f));
    if (res.status === 201) return reply.redirect(`/app/documents/vouchers/${res.body.id}?ok=done`, 303);
    return sendHtml(reply, 400, await receiptForm(ctx, inv, f, res.body));
  }));
}
