/**
 * Documents started from an invoice's page, already filled from it, sent to the API's own routes (their rules
 * and messages apply, shown under the field of their path):
 * - Colombia: a debit note (POST /v1/debit-notes) that adds to the invoice: its document type, reason, one line,
 *   the payment and the DIAN switch; the invoice and its seller come from the invoice.
 * - Mexico: a payment receipt (Pagos 2.0, POST /mx/v1/payments) of a PPD invoice with a balance: the customer,
 *   the invoice and its balance filled in.
 * Accountants and owners only (a viewer gets 403).
 */
import type { FastifyInstance } from 'fastify';
import { html, type Html } from './html';
import { money, t } from './i18n';
import { csrfField, page } from './layout';
import { activeList, need, Refused, sendHtml, type Ctx } from './context';
import { fields, fromForm, type FieldSpec } from './fields';
import { formKey, formKeyField, type Form } from './forms';
import type { Guarded } from './routes';
import { DEBIT_REASONS } from '../notes/schema';
import { PAYMENT_FORMS } from '../payments/schema';
import { SAT_PAYMENT_FORMS } from '../pdf/names';
import { country as countryOf, type Documents } from '../countries';

const hide = { schema: { hide: true } } as const;

interface Named { id: number; name: string; code?: string; active?: boolean; type?: string; percentage?: number; electronic_type?: string }
interface Invoice {
  id: string; name: string; total: number; balance?: number; seller?: number | null; currency?: { code?: string }; document?: { id?: number };
  customer: { name?: string; identification?: string; rfc_id?: string; branch_office?: number };
  items?: { code: string }[]; payment?: { method?: string }; stamp?: { status?: string };
}
interface Answer { status: number; body: { id?: string } | undefined }

const list = (ctx: Ctx, p: string) => activeList<Named>(ctx, p);

async function invoiceOf(ctx: Ctx, id: string, has: (d: Documents) => boolean): Promise<Invoice> {
  if (!has(countryOf(ctx.country).documents) || !/^[0-9a-f-]{36}$/i.test(id)) throw new Refused(404, 'invoice');
  const inv = await ctx.api<Invoice>('GET', `/invoices/${id}`);
  if (inv.status !== 200) throw new Refused(404, 'invoice');
  return inv.body;
}

const todayIn = (ctx: Ctx) => new Intl.DateTimeFormat('en-CA', { timeZone: ctx.company.time_zone }).format(new Date());

/** Now, a minute ago, in the company's local time as the SAT writes it (2026-11-26T13:56:18): a payment is never in the future. */
function nowLocal(ctx: Ctx): string {
  const parts = new Intl.DateTimeFormat('en-CA', { timeZone: ctx.company.time_zone, year: 'numeric', month: '2-digit', day: '2-digit',
    hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23' }).formatToParts(new Date(Date.now() - 60_000));
  const p = Object.fromEntries(parts.map((x) => [x.type, x.value]));
  return `${p.year}-${p.month}-${p.day}T${p.hour}:${p.minute}:${p.second}`;
}

async function debitSpecs(ctx: Ctx, inv?: Invoice): Promise<FieldSpec[]> {
  const [all, pays, taxes, invoiceTypes] = await Promise.all([list(ctx, '/document-types?type=ND'), list(ctx, '/payment-types?document_type=ND'), list(ctx, '/taxes'),
    inv ? list(ctx, '/document-types?type=FV') : Promise.resolve([])]);
  // The note types of the invoice's kind (electronic or not) first: the first is the one offered.
  const plain = (x: Named | undefined) => x?.electronic_type === 'NoElectronic';
  const invoicePlain = plain(invoiceTypes.find((x) => x.id === inv?.document?.id));
  const types = [...all.filter((x) => plain(x) === invoicePlain), ...all.filter((x) => plain(x) !== invoicePlain)];
  return [
    { name: 'document.id', label: ['Tipo de nota', 'Note type'], type: 'select', numeric: true, options: types.map((x) => [String(x.id), `${x.code} · ${x.name}`]) },
    { name: 'date', label: ['Fecha', 'Date'], type: 'date', required: true },
    { name: 'reason', label: ['Concepto', 'Reason'], type: 'select', numeric: true, options: Object.entries(DEBIT_REASONS).map(([k, v]) => [k, `${k} · ${v}`]) },
    { name: 'items[0].code', label: ['Código del producto', 'Product code'], required: true },
    { name: 'items[0].description', label: ['Descripción', 'Description'] },
    { name: 'items[0].quantity', label: ['Cantidad', 'Quantity'], type: 'number', numeric: true, required: true },
    { name: 'items[0].price', label: ['Valor unitario', 'Unit price'], type: 'number', numeric: true, required: true },
    { name: 'items[0].taxes[0].id', label: ['Impuesto', 'Tax'], type: 'select', numeric: true,
      options: [['', 'Sin impuesto'], ...taxes.filter((x) => x.type === 'IVA' || x.type === 'INC').map((x): [string, string] => [String(x.id), x.name])] },
    { name: 'payments[0].id', label: ['Forma de pago', 'Payment'], type: 'select', numeric: true, options: pays.map((x) => [String(x.id), x.name]) },
    { name: 'payments[0].value', label: ['Valor del pago (el total de la nota)', 'Payment value (the note\'s total)'], type: 'number', numeric: true, required: true },
    { name: 'payments[0].due_date', label: ['Vencimiento', 'Due date'], type: 'date' },
    { name: 'stamp.send', label: ['Enviar a la DIAN', 'Send to the DIAN'], type: 'checkbox' },
  ];
}

async function paymentSpecs(ctx: Ctx): Promise<FieldSpec[]> {
  const types = await list(ctx, '/document-types?type=P');
  return [
    { name: 'document.id', label: ['Serie del complemento', 'Receipt series'], type: 'select', numeric: true, options: types.map((x) => [String(x.id), `${x.code} · ${x.name}`]) },
    { name: 'date', label: ['Fecha y hora del pago', 'Date and time paid'], required: true, hint: ['Como 2026-11-26T13:56:18, hora local', 'As 2026-11-26T13:56:18, local time'] },
    { name: 'payment_form', label: ['Forma de pago', 'Payment form'], type: 'select', options: PAYMENT_FORMS.map((c) => [c, SAT_PAYMENT_FORMS[c] ? `${c} · ${SAT_PAYMENT_FORMS[c]}` : c]) },
    { name: 'invoices[0].amount', label: ['Importe pagado', 'Amount paid'], type: 'number', numeric: true, required: true },
    { name: 'operation_number', label: ['Número de operación', 'Operation number'] },
    { name: 'stamp.send', label: ['Timbrar ahora', 'Stamp now'], type: 'checkbox' },
  ];
}

function form(ctx: Ctx, inv: Invoice, title: string, action: string, f: { html: Html; rest: string[] }, sent: Form | undefined, failed: boolean, submit: string): Html {
  const l = ctx.lang;
  const who = inv.customer.name ?? '';
  const id = inv.customer.identification ?? inv.customer.rfc_id ?? '';
  return page(ctx, title, html`${failed ? html`<div class="error" role="alert"><p>${t(l, 'fixErrors')}</p>${f.rest.length ? html`<ul>${f.rest.map((m) => html`<li>${m}</li>`)}</ul>` : ''}</div>` : ''}
  <p>${t(l, 'customerName')}: ${who} ${id} · ${t(l, 'total')}: ${money(ctx.country, inv.total, inv.currency?.code)} · ${t(l, 'balance')}: ${money(ctx.country, inv.balance ?? inv.total, inv.currency?.code)}</p>
  <form method="post" action="/app/documents/invoices/${inv.id}/${action}" class="record">${csrfField(ctx)}${formKeyField(sent)}<div class="grid">${f.html}</div>
  <button type="submit">${submit}</button></form>`);
}

async function debitForm(ctx: Ctx, inv: Invoice, sent?: Form, errors?: unknown): Promise<Html> {
  const l = ctx.lang;
  const start = { date: todayIn(ctx), reason: 1, items: [{ code: inv.items?.[0]?.code ?? '', quantity: 1 }], payments: [{ due_date: todayIn(ctx) }],
    stamp: { send: inv.stamp?.status === 'Accepted' } };
  const f = fields(l, await debitSpecs(ctx, inv), start, sent, errors);
  return form(ctx, inv, `${l === 'en' ? 'Debit note of' : 'Nota débito de'} ${inv.name}`, 'debit-note', f, sent, errors !== undefined,
    l === 'en' ? 'Create the debit note' : 'Crear la nota débito');
}

async function paymentForm(ctx: Ctx, inv: Invoice, sent?: Form, errors?: unknown): Promise<Html> {
  const l = ctx.lang;
  const start = { date: nowLocal(ctx), payment_form: '03', invoices: [{ amount: inv.balance ?? inv.total }], stamp: { send: true } };
  const f = fields(l, await paymentSpecs(ctx), start, sent, errors);
  return form(ctx, inv, `${l === 'en' ? 'Payment receipt of' : 'Complemento de pago de'} ${inv.name}`, 'payment', f, sent, errors !== undefined,
    l === 'en' ? 'Create the payment receipt' : 'Crear el complemento de pago');
}

const idOf = (params: unknown) => (params as { id: string }).id;
const created = (res: Answer) => (res.status === 201 || res.status === 200) && typeof res.body?.id === 'string';

/** A document started from an invoice: its form (GET, filled from the invoice) and its creation (POST, through the API's route). */
interface Start {
  action: string; has: (d: Documents) => boolean; api: string; made: string;
  form(ctx: Ctx, inv: Invoice, sent?: Form, errors?: unknown): Promise<Html>;
  body(ctx: Ctx, inv: Invoice, f: Form): Promise<object>;
}

const STARTS: Start[] = [
  { action: 'debit-note', has: (d) => d.debitNotes, api: '/debit-notes', made: 'debit-notes', form: debitForm,
    body: async (ctx, inv, f) => fromForm({ invoice: inv.id, ...(inv.seller ? { seller: inv.seller } : {}), items: [{ taxes: [] }] }, await debitSpecs(ctx), f, ctx.country) },
  { action: 'payment', has: (d) => d.payments, api: '/payments', made: 'payments', form: paymentForm,
    body: async (ctx, inv, f) => {
      const start: { customer: object; invoices?: { id: string; amount?: unknown }[]; amount?: unknown } = {
        customer: { rfc_id: inv.customer.rfc_id, branch_office: inv.customer.branch_office ?? 0 }, invoices: [{ id: inv.id }] };
      const body = fromForm(start, await paymentSpecs(ctx), f, ctx.country);
      if (!body.invoices?.length) body.invoices = [{ id: inv.id }]; // an amount left empty: the API names it under its field
      body.amount = body.invoices?.[0]?.amount;
      return body;
    } },
];

export function startRoutes(app: FastifyInstance, guarded: Guarded): void {
  for (const st of STARTS) {
    app.get(`/documents/invoices/:id/${st.action}`, hide, guarded(async (ctx, req, reply) => {
      need(ctx, 'accountant');
      return sendHtml(reply, 200, await st.form(ctx, await invoiceOf(ctx, idOf(req.params), st.has)));
    }));
    app.post(`/documents/invoices/:id/${st.action}`, hide, guarded(async (ctx, req, reply) => {
      need(ctx, 'accountant');
      const inv = await invoiceOf(ctx, idOf(req.params), st.has);
      const f = (req.body ?? {}) as Form;
      const res: Answer = await ctx.api<Answer['body']>('POST', st.api, await st.body(ctx, inv, f), formKey(f));
      if (created(res)) return reply.redirect(`/app/documents/${st.made}/${res.body?.id}?ok=done`, 303);
      return sendHtml(reply, 400, await st.form(ctx, inv, f, res.body));
    }));
  }
}
