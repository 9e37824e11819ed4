/**
 * A cash receipt started from a Colombian invoice: the customer, the invoice's installment and its balance are
 * filled in; the form is sent to the API's POST /v1/vouchers, whose rules and messages apply (shown under the field
 * of their path).
 *
 * Without withholdings it is a DebtPayment voucher. When the customer withheld at payment (Retefuente, ReteIVA,
 * ReteICA: up to three, each a tax of the company and the base it was withheld on), it is a Detailed voucher whose
 * entries say it all: the invoice's receivable credited with the whole amount paid, each withholding debited to its
 * tax's account (an advance of the company's own taxes) at base × rate rounded to the cent, and what came into the
 * cash or bank account of the form of payment debited with the rest. The live totals show the three figures.
 */
import type { FastifyInstance } from 'fastify';
import Decimal from 'decimal.js';
import type { Db } from '../platform/db';
import { html, type Html } from './html';
import { money, t } from './i18n';
import { csrfField, page } from './layout';
import { activeList, need, Refused, sendHtml, type ApiAnswer, type Ctx } from './context';
import { fields, fromForm, type FieldSpec } from './fields';
import { BadAmount, parseAmount } from './amounts';
import { formKey, formKeyField, type Form } from './forms';
import { CONSOLE_CODE } from './messages';
import type { Guarded } from './routes';
import { country as countryOf } from '../countries';

const hide = { schema: { hide: true } } as const;
const list = (ctx: Ctx, p: string) => activeList<{ id: number; name: string; code?: string }>(ctx, p);
/** How many withholdings a receipt takes: Colombia's three kinds. */
const ROWS = 3;

async function specs(ctx: Ctx): Promise<FieldSpec[]> {
  const [types, pays] = await Promise.all([list(ctx, '/document-types?type=RC'), list(ctx, '/payment-types?document_type=RC')]);
  return [
    { name: 'document.id', label: ['Tipo de recibo', 'Receipt type'], type: 'select', numeric: true, options: types.map((x) => [String(x.id), `${x.code} · ${x.name}`]) },
    { name: 'date', label: ['Fecha', 'Date'], type: 'date', required: true },
    { name: 'payment.id', label: ['Forma de pago', 'Payment'], type: 'select', numeric: true, options: pays.map((x) => [String(x.id), x.name]) },
    { name: 'items[0].due.quote', label: ['Cuota', 'Installment'], type: 'number', numeric: true },
    { name: 'items[0].value', label: ['Valor abonado a la factura', 'Amount paid on the invoice'], type: 'number', numeric: true, required: true,
      hint: ['Incluye lo que el cliente retuvo', 'Including what the customer withheld'] },
  ];
}

/** A withholding tax of the company, with the account a withholding suffered is debited to. */
interface Withholding { id: number; name: string; type: string; percentage: string; account_code: string }

const withholdingTaxes = (db: Db, ctx: Ctx) => db.query<Withholding>(
  `SELECT id, name, type, percentage::text AS percentage, account_code FROM taxes
    WHERE company_id = $1 AND active AND type IN ('Retefuente', 'ReteIVA', 'ReteICA') ORDER BY type, percentage, id`, [ctx.company.company_id]);

function withholdingSpecs(ctx: Ctx, taxes: Withholding[], inv: Invoice): FieldSpec[] {
  const pct = (x: Withholding) => new Decimal(x.percentage).toString().replace('.', ',');
  const bases = `${ctx.lang === 'en' ? 'Subtotal' : 'Subtotal'} ${money(ctx.country, inv.subtotal ?? inv.total)} · IVA ${money(ctx.country, inv.taxes_total ?? 0)}`;
  return Array.from({ length: ROWS }, (_, k) => [
    { name: `withholdings[${k}].tax`, label: [`Retención ${k + 1}`, `Withholding ${k + 1}`], type: 'select',
      options: [['', ctx.lang === 'en' ? '— none —' : '— ninguna —'], ...taxes.map((x): [string, string] => [String(x.id), `${x.name} (${pct(x)} %)`])] },
    { name: `withholdings[${k}].base`, label: [`Base de la retención ${k + 1}`, `Base of withholding ${k + 1}`], type: 'number',
      hint: [`De la factura: ${bases}`, `From the invoice: ${bases}`] },
  ] as FieldSpec[]).flat();
}

async function invoiceOf(ctx: Ctx, id: string) {
  if (!countryOf(ctx.country).documents.vouchers || !/^[0-9a-f-]{36}$/i.test(id)) throw new Refused(404, 'invoice');
  const inv = await ctx.api<Invoice>('GET', `/invoices/${id}`);
  if (inv.status !== 200) throw new Refused(404, 'invoice');
  return inv.body;
}

interface Invoice { id: string; name: string; prefix: string; number: number; total: number; subtotal?: number; taxes_total?: number; balance?: number; customer: { name?: string; identification: string; branch_office?: number } }

/** An error answer of the console's own, shaped as the API's (fieldErrors reads it): each message on its field. */
const refusal = (errors: { path: string; message: string }[]) =>
  ({ status: 400, body: { Status: 400, Errors: errors.map((e) => ({ Code: CONSOLE_CODE, Message: e.message, Params: [e.path] })) } });

/** The withholdings typed in the form: each chosen tax with its base and amount (base × rate, to the cent), or what is wrong. */
function readWithholdings(ctx: Ctx, f: Form, taxes: Withholding[]) {
  const en = ctx.lang === 'en';
  const rows: { k: number; tax: Withholding; base: Decimal; value: Decimal }[] = [];
  const errors: { path: string; message: string }[] = [];
  const one = (v: string | string[] | undefined) => String([v].flat()[0] ?? '').trim();
  for (let k = 0; k < ROWS; k++) {
    const id = one(f[`withholdings[${k}].tax`]);
    const typed = one(f[`withholdings[${k}].base`]);
    const base = parseAmount(typed, ctx.country);
    const path = `withholdings[${k}].base`;
    if (base instanceof BadAmount) { errors.push({ path, message: base.message[en ? 1 : 0] }); continue; }
    if (!id) {
      if (base !== undefined) errors.push({ path: `withholdings[${k}].tax`, message: en ? 'Choose the withholding this base is for.' : 'Elija la retención de esta base.' });
      continue;
    }
    const tax = taxes.find((x) => String(x.id) === id);
    if (!tax) { errors.push({ path: `withholdings[${k}].tax`, message: en ? 'Not a withholding of this company.' : 'No es una retención de la empresa.' }); continue; }
    if (base === undefined || base <= 0) { errors.push({ path, message: en ? 'The base the customer withheld on, above zero.' : 'La base sobre la que el cliente retuvo, mayor que cero.' }); continue; }
    const b = new Decimal(base);
    if (b.decimalPlaces() > 2) { errors.push({ path, message: en ? 'At most 2 decimals.' : 'Hasta 2 decimales.' }); continue; }
    const value = b.times(tax.percentage).div(100).toDecimalPlaces(2, Decimal.ROUND_HALF_UP);
    if (value.isZero()) { errors.push({ path, message: en ? 'This base withholds nothing at that rate.' : 'Con esa tarifa esta base no retiene nada.' }); continue; }
    rows.push({ k, tax, base: b, value });
  }
  return { rows, errors };
}

/** The three figures of a receipt: paid on the invoice, withheld, received (paid − withheld); or why they cannot be shown yet. */
function receiptTotals(ctx: Ctx, paid: unknown, rows: ReturnType<typeof readWithholdings>['rows']): Html {
  const l = ctx.lang;
  const withheld = rows.reduce((s, r) => s.plus(r.value), new Decimal(0));
  const m = (v: Decimal.Value) => money(ctx.country, Number(v));
  if (typeof paid !== 'number') return html`<div id="receipt-totals" aria-live="polite"></div>`;
  const received = new Decimal(paid).minus(withheld);
  return html`<div id="receipt-totals" aria-live="polite"><dl class="totals">
    <dt>${l === 'en' ? 'Paid on the invoice' : 'Abono a la factura'}</dt><dd>${m(paid)}</dd>
    ${rows.map((r) => html`<dt>${r.tax.name}</dt><dd>−${m(r.value)}</dd>`)}
    <dt>${l === 'en' ? 'Received' : 'Recibido'}</dt><dd id="receipt-received">${m(received)}</dd></dl>
    ${received.lt(0) ? html`<p class="field-error">${l === 'en' ? 'The withholdings are more than what is paid.' : 'Las retenciones superan lo abonado.'}</p>` : ''}</div>`;
}

async function receiptForm(ctx: Ctx, db: Db, inv: Invoice, sent?: Form, errors?: unknown): Promise<Html> {
  const l = ctx.lang;
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: ctx.company.time_zone }).format(new Date());
  const start = { date: today, items: [{ due: { quote: 1 }, value: inv.balance ?? inv.total }] };
  const taxes = await withholdingTaxes(db, ctx);
  const f = fields(l, [...await specs(ctx), ...withholdingSpecs(ctx, taxes, inv)], start, sent, errors);
  const totals = sent ? receiptTotals(ctx, parseAmount(String([sent['items[0].value']].flat()[0] ?? ''), ctx.country), readWithholdings(ctx, sent, taxes).rows)
    : receiptTotals(ctx, start.items[0].value, []);
  return page(ctx, `${l === 'en' ? 'Cash receipt for' : 'Recibo de caja de'} ${inv.name}`, html`${errors ? html`<div class="error" role="alert"><p>${t(l, 'fixErrors')}</p>${f.rest.length ? html`<ul>${f.rest.map((m) => html`<li>${m}</li>`)}</ul>` : ''}</div>` : ''}
  <p>${t(l, 'customerName')}: ${inv.customer?.name ?? ''} ${inv.customer?.identification ?? ''} · ${t(l, 'balance')}: ${money(ctx.country, inv.balance ?? inv.total)}</p>
  <form method="post" action="/app/documents/invoices/${inv.id}/receipt" class="record"
    hx-post="/app/documents/invoices/${inv.id}/receipt/preview" hx-trigger="input changed delay:400ms, change" hx-target="#receipt-totals" hx-swap="outerHTML">${csrfField(ctx)}${formKeyField(sent)}<div class="grid">${f.html}</div>
  ${totals}
  <button type="submit">${l === 'en' ? 'Create the receipt' : 'Crear el recibo'}</button></form>`);
}

/**
 * The Detailed voucher of a receipt with withholdings; the API's errors come back on the form's fields (an entry of a
 * withholding on its base). Accounts: the receivable the invoice's installment debited, each tax's, the payment type's.
 */
async function withWithholdings(ctx: Ctx, db: Db, inv: Invoice, body: Record<string, unknown>, paid: unknown, rows: ReturnType<typeof readWithholdings>['rows'], key: Record<string, string>)
  : Promise<ApiAnswer<{ id: string }> | ReturnType<typeof refusal>> {
  const en = ctx.lang === 'en';
  if (typeof paid !== 'number') return ctx.api<{ id: string }>('POST', '/vouchers', body, key); // the API names what is wrong with it
  const cid = ctx.company.company_id;
  const due = (body.items as { due: { prefix: string; consecutive: number; quote?: unknown } }[])[0].due;
  const payment = body.payment as { id?: unknown };
  const [[recv], [pay]] = await Promise.all([
    db.query<{ account_code: string }>('SELECT account_code FROM due_items WHERE company_id = $1 AND invoice_id = $2 AND quote = $3 AND NOT annulled',
      [cid, inv.id, typeof due.quote === 'number' && Number.isInteger(due.quote) ? due.quote : 1]),
    db.query<{ name: string; account_code: string }>("SELECT name, account_code FROM payment_types WHERE company_id = $1 AND id = $2 AND document_type = 'RC' AND active",
      [cid, typeof payment.id === 'number' && Number.isInteger(payment.id) ? payment.id : 0]),
  ]);
  if (!pay) return refusal([{ path: 'payment.id', message: en ? 'Choose a form of payment.' : 'Elija la forma de pago.' }]);
  if (!recv) return ctx.api<{ id: string }>('POST', '/vouchers', body, key); // no such installment: the API's own refusal
  const withheld = rows.reduce((s, r) => s.plus(r.value), new Decimal(0));
  const received = new Decimal(paid).minus(withheld);
  if (received.lt(0)) {
    return refusal([{ path: `withholdings[${rows[0].k}].base`, message: en ? `The withholdings (${withheld.toFixed(2)}) are more than the amount paid on the invoice (${paid}).`
      : `Las retenciones (${money(ctx.country, withheld.toNumber())}) superan lo abonado a la factura (${money(ctx.country, paid)}).` }]);
  }
  const pct = (r: (typeof rows)[number]) => new Decimal(r.tax.percentage).toString().replace('.', ',');
  const detailed = {
    document: body.document, date: body.date, type: 'Detailed', customer: body.customer,
    items: [
      { account: { code: recv.account_code, movement: 'Credit' }, due, value: paid, description: `${en ? 'Paid on' : 'Abono a'} ${inv.name}` },
      ...rows.map((r) => ({ account: { code: r.tax.account_code, movement: 'Debit' }, tax: { id: r.tax.id }, value: r.value.toNumber(),
        description: `${r.tax.name} ${pct(r)} % ${en ? 'on' : 'sobre'} ${money(ctx.country, r.base.toNumber())}` })),
      ...(received.gt(0) ? [{ account: { code: pay.account_code, movement: 'Debit' }, value: received.toNumber(), description: pay.name }] : []),
    ],
  };
  const res = await ctx.api<{ id: string }>('POST', '/vouchers', detailed, key);
  if (res.status < 400) return res;
  // An entry of a withholding is its row's base in the form; any other entry but the first has no field of its own.
  const errs = (res.body as { Errors?: { Params?: string[] }[] }).Errors ?? [];
  for (const e of errs) {
    const m = /^items\[(\d+)\]/.exec(e.Params?.[0] ?? '');
    if (m && Number(m[1]) > 0) e.Params = [Number(m[1]) <= rows.length ? `withholdings[${rows[Number(m[1]) - 1].k}].base` : ''];
  }
  return res;
}

export function receiptRoutes(app: FastifyInstance, guarded: Guarded, db: Db): void {
  app.get('/documents/invoices/:id/receipt', hide, guarded(async (ctx, req, reply) => {
    need(ctx, 'accountant');
    return sendHtml(reply, 200, await receiptForm(ctx, db, await invoiceOf(ctx, (req.params as { id: string }).id)));
  }));
  app.post('/documents/invoices/:id/receipt/preview', hide, guarded(async (ctx, req, reply) => {
    need(ctx, 'accountant');
    const f = (req.body ?? {}) as Form;
    const { rows } = readWithholdings(ctx, f, await withholdingTaxes(db, ctx));
    return sendHtml(reply, 200, receiptTotals(ctx, parseAmount(String([f['items[0].value']].flat()[0] ?? ''), ctx.country), rows));
  }));
  app.post('/documents/invoices/:id/receipt', hide, guarded(async (ctx, req, reply) => {
    need(ctx, 'accountant');
    const inv = await invoiceOf(ctx, (req.params as { id: string }).id);
    const f = (req.body ?? {}) as Form;
    const start: { items: { due: object; value?: unknown }[]; payment: { value?: unknown } } & Record<string, unknown> = { type: 'DebtPayment',
      customer: { identification: inv.customer.identification, branch_office: inv.customer.branch_office ?? 0 }, items: [{ due: { prefix: inv.prefix, consecutive: inv.number } }], payment: {} };
    const body = fromForm(start, await specs(ctx), f, ctx.country);
    body.payment.value = body.items?.[0]?.value;
    const withheld = readWithholdings(ctx, f, await withholdingTaxes(db, ctx));
    const res = withheld.errors.length ? refusal(withheld.errors)
      : withheld.rows.length ? await withWithholdings(ctx, db, inv, body, body.items?.[0]?.value, withheld.rows, formKey(f))
        : await ctx.api<{ id: string }>('POST', '/vouchers', body, formKey(f));
    if (res.status === 201) return reply.redirect(`/app/documents/vouchers/${(res.body as { id: string }).id}?ok=done`, 303);
    return sendHtml(reply, 400, await receiptForm(ctx, db, inv, f, res.body));
  }));
}
