/**
 * The examples of the OpenAPI document (src/openapi-examples.json): for every operation of the public
 * reference, the request body it was sent (when it takes one) and the answer the service gave, recorded
 * from the service itself on a fresh demo database by calling each route once, in an order where each
 * call finds what it names (the invoice a note corrects, a Draft to stamp, a stamped CFDI to cancel, a
 * delivery to retry). `npm run docs:examples` writes the file; test/http/openapi.test.ts checks that every
 * request body and main answer has one, valid against its schema, and sends again the invoice examples and
 * those that name nothing of the database they were recorded on (logins, customers, products, previews, a ticket).
 *
 * A request is sent as its example shows it: with the defaults of its schema filled in (what the service
 * reads), so that it carries every property the document marks required.
 *
 * Keys are `METHOD path` as the document spells them (`GET /mx/v1/invoices/{id}`). Lists are asked for
 * one or two records (`page_size`), and a PDF's or XML's base64 is cut to its first BASE64_KEPT characters
 * (still base64: the file's first bytes), so that the reference stays readable.
 */
import type { ApiClient } from './server';
import { records } from './server';
import { coRefs, noteRefs, today } from './co';
import { mainCustomer, rcRefs } from './vouchers';
import { MX_APP, mxInvoice, mxRefs, mxToday } from './mx';
import { DEMO_CREDENTIALS } from '../../src/companies/demo';
import { bodyAjv } from '../../src/platform/validation';

export const EXAMPLES_FILE = 'src/openapi-examples.json';
export const BASE64_KEPT = 120;

/** One operation's example: the body sent (if any), the status answered and the answer. */
export interface Example { request?: unknown; status: number; response?: unknown }
export type Examples = Record<string, Example>;

type Who = 'co' | 'mx';
interface Call {
  params?: Record<string, string | number>;
  query?: string;
  body?: unknown;
  headers?: Record<string, string>;
  /** Another token than the demo company's (null: none). */
  token?: string | null;
  /** false: a call that prepares another's example, not recorded. */
  record?: boolean;
}

/** A PDF's or XML's base64 cut to its first characters (a multiple of 4: still base64). */
function shorten(body: unknown): unknown {
  if (body && typeof body === 'object' && !Array.isArray(body) && typeof (body as { base64?: unknown }).base64 === 'string') {
    const b = (body as { base64: string }).base64;
    return { ...body, base64: b.length > BASE64_KEPT ? b.slice(0, BASE64_KEPT) : b };
  }
  return body;
}

/** The month before today's in Mexico City: its c_Meses, year and first day. */
function lastMonth() {
  const [y, m] = mxToday().split('-').map(Number);
  const year = m === 1 ? y - 1 : y, month = m === 1 ? 12 : m - 1;
  const months = String(month).padStart(2, '0');
  return { year, months, first: `${year}-${months}-01` };
}

export async function recordExamples(s: ApiClient): Promise<Examples> {
  const out: Examples = {};
  const document = (await s.call('GET', '/openapi.json')).body;
  /** The body with its schema's defaults filled in, as the service reads it. */
  const complete = (key: string, body: unknown) => {
    const [method, path] = key.split(' ');
    const schema = document.paths[path]?.[method.toLowerCase()]?.requestBody?.content['application/json']?.schema;
    if (!schema || body === undefined) return body;
    const filled = structuredClone(body);
    bodyAjv.compile(JSON.parse(JSON.stringify(schema)))(filled);
    return filled;
  };
  /** Calls one route as the demo company of `who`; the first call of an operation is its example (unless record: false). */
  const call = async (who: Who, method: string, template: string, o: Call = {}): Promise<any> => {
    const base = who === 'mx' ? '/mx' : '';
    const path = template.replace(/\{(\w+)\}/g, (_, k: string) => {
      if (o.params?.[k] === undefined) throw new Error(`${method} ${template}: no ${k}`);
      return encodeURIComponent(String(o.params[k]));
    });
    const key = `${method} ${base}${template}`;
    const body = complete(key, o.body);
    const token = o.token !== undefined ? o.token : await s.token(who);
    const r = await s.call(method, `${base}${path}${o.query ?? ''}`, { token, body, headers: o.headers });
    if (r.status < 200 || r.status > 299) throw new Error(`${method} ${base}${path}${o.query ?? ''}: ${r.status} ${JSON.stringify(r.body)}`);
    if (o.record !== false && !out[key]) out[key] = { ...(body !== undefined ? { request: body } : {}), status: r.status, response: shorten(r.body) };
    return r.body;
  };

  for (const who of ['co', 'mx'] as const) {
    const app = who === 'mx' ? MX_APP : undefined;
    // Authentication: a token, then that token revoked.
    const login = await call(who, 'POST', '/auth', { body: DEMO_CREDENTIALS[who], token: null });
    await call(who, 'POST', '/auth/revoke', { token: login.access_token });

    // Webhooks first, so that the documents below give them deliveries.
    const hook = await call(who, 'POST', '/v1/webhooks', { body: {
      url: `https://erp.example.${who}/hooks/facturas`, events: ['invoice.stamp_accepted', 'invoice.stamp_rejected'], description: 'ERP' } });

    // Lookups: a list (one kind, or one page of one or two), then its first record.
    const lookups: [string, string][] = [['document-types', '?type=RC'], ['users', '?page_size=1'], ['taxes', '?type=IVA'], ['payment-types', '?document_type=RC'],
      ['warehouses', ''], ['cost-centers', ''], ['account-groups', ''], ['price-lists', ''], ['accounts', '?page_size=2'], ['global-discounts', '?page_size=1'], ['global-charges', '?page_size=1']];
    if (who === 'mx') lookups[0][1] = '?type=P';
    if (who === 'mx') lookups[3][1] = '?document_type=FV';
    for (const [resource, query] of lookups) {
      const [first] = records(await call(who, 'GET', `/v1/${resource}`, { query }));
      if (!first) throw new Error(`no record in /v1/${resource}${query}`);
      await call(who, 'GET', `/v1/${resource}/{id}`, { params: { id: first.id } });
    }
    if (who === 'mx') {
      await call(who, 'GET', '/v1/uses', { query: '?page_size=2' });
      await call(who, 'GET', '/v1/uses/{code}', { params: { code: 'G03' } });
    }

    // Customers and products: created, read, listed, replaced, and deleted at the end.
    const iva = records(await call(who, 'GET', '/v1/taxes', { query: '?type=IVA', record: false })).find((t: any) => t.active && t.percentage === (who === 'co' ? 19 : 16));
    const customerBody = who === 'co'
      ? { person_type: 'company', id_type: '31', identification: '900373115', check_digit: '3', branch_office: 7, name: ['Distribuciones Río Claro S.A.S.'],
        vat_responsible: true, fiscal_responsibilities: [{ code: 'O-13', name: 'Gran contribuyente' }],
        address: { address: 'Cra 7 # 71-21 Of. 502', city: { country_code: 'CO', state_code: '11', city_code: '11001' }, postal_code: '110231' },
        contacts: [{ first_name: 'Ana María', last_name: 'Gómez', email: 'ana.gomez@rioclaro.example.co', phone: { number: '3001234567' } }] }
      : { person_type: 'person', identification: 'MASO451221PM4', branch_office: 3, name: ['MARIA OLIVIA', 'MARTINEZ SAGAZ'], tax_regime: '612',
        address: { address: 'Av. Insurgentes 100', postal_code: '80290' },
        contacts: [{ first_name: 'María Olivia', last_name: 'Martínez', email: 'olivia@correo.example.mx' }] };
    const customer = await call(who, 'POST', '/v1/customers', { body: customerBody });
    await call(who, 'GET', '/v1/customers', { query: '?page_size=1' });
    await call(who, 'GET', '/v1/customers/{id}', { params: { id: customer.id } });
    const { contacts: _c, ...withoutContacts } = customerBody;
    await call(who, 'PUT', '/v1/customers/{id}', { params: { id: customer.id }, body: { ...withoutContacts, contacts: [{ ...customerBody.contacts[0], first_name: who === 'co' ? 'Ana' : 'Olivia' }] } });
    const productBody = who === 'co'
      ? { code: 'TE250', name: 'Té verde 250 g', taxes: [{ id: iva.id }], prices: [{ position: 1, value: 18500 }], long_description: 'Té verde en hoja suelta' }
      : { code: 'TE250', name: 'Té verde 250 g', sat_product_key: '50201712', sat_unit_key: 'H87', taxes: [{ id: iva.id }], prices: [{ position: 1, value: 189 }] };
    const product = await call(who, 'POST', '/v1/products', { body: productBody });
    await call(who, 'GET', '/v1/products', { query: '?page_size=1' });
    await call(who, 'GET', '/v1/products/{id}', { params: { id: product.id } });
    await call(who, 'PUT', '/v1/products/{id}', { params: { id: product.id }, body: { ...productBody, name: 'Té verde 250 g, hoja suelta' } });

    if (who === 'co') await colombia(call); else await mexico(call, app!);

    // Statements, reports, and the webhook's deliveries (the stamps above made some).
    const statementOf = who === 'co' ? (await call(who, 'GET', '/v1/customers', { query: `?identification=${(await coRefs(s)).customers.find((c) => c.active && c.branch_office === 0).identification}&branch_office=0`, record: false })).results[0]
      : (await call(who, 'GET', '/v1/customers', { query: '?identification=XIA190128J61&branch_office=0', record: false })).results[0];
    await call(who, 'GET', '/v1/customers/{id}/statement', { params: { id: statementOf.id } });
    await call(who, 'GET', '/v1/customers/{id}/statement/pdf', { params: { id: statementOf.id } });
    await call(who, 'POST', '/v1/customers/{id}/statement/mail', { params: { id: statementOf.id }, body: { mail_to: 'cartera@cliente.example', copy_to: 'contabilidad@empresa.example' } });
    await call(who, 'GET', '/v1/reports/trial-balance');
    await call(who, 'GET', '/v1/reports/accounts-receivable', { query: '?page_size=1' });
    await call(who, 'GET', '/v1/webhooks');
    await call(who, 'GET', '/v1/webhooks/{id}', { params: { id: hook.id } });
    await call(who, 'PATCH', '/v1/webhooks/{id}', { params: { id: hook.id }, body: { description: 'ERP contable' } });
    await call(who, 'POST', '/v1/webhooks/{id}/rotate-secret', { params: { id: hook.id } });
    const [delivery] = records(await call(who, 'GET', '/v1/webhooks/{id}/deliveries', { params: { id: hook.id }, query: '?page_size=1' }));
    if (!delivery) throw new Error(`the ${who} webhook has no delivery to retry`);
    await call(who, 'POST', '/v1/webhooks/{id}/deliveries/{delivery}/retry', { params: { id: hook.id, delivery: delivery.id } });
    await call(who, 'DELETE', '/v1/webhooks/{id}', { params: { id: hook.id } });
    await call(who, 'DELETE', '/v1/customers/{id}', { params: { id: customer.id } });
    await call(who, 'DELETE', '/v1/products/{id}', { params: { id: product.id } });
  }
  // Every operation of the public document has its example: a route added without its call here is named.
  const operations = Object.entries<Record<string, unknown>>(document.paths).flatMap(([p, ops]) => Object.keys(ops).map((m) => `${m.toUpperCase()} ${p}`));
  const uncalled = operations.filter((k) => !out[k]);
  if (uncalled.length) throw new Error(`no call records an example of ${uncalled.join(', ')}: add one to test/support/examples.ts`);
  return Object.fromEntries(Object.entries(out).sort(([a], [b]) => a.localeCompare(b)));

  /** Colombia: invoices (plain, electronic, a POS ticket turned into an invoice), notes, cash receipts. */
  async function colombia(call: (who: Who, method: string, template: string, o?: Call) => Promise<any>) {
    const co = (method: string, template: string, o?: Call) => call('co', method, template, o);
    const r = await coRefs(s);
    const { types, pays } = await noteRefs(s);
    const v = await rcRefs(s);
    const customer = mainCustomer(r);
    const fv = r.type.FV.id, fvE = r.type['FV-E'].id, iva19 = r.taxOf('IVA', 19).id;
    const mail = { mail_to: 'compras@cliente.example.co', copy_to: 'contabilidad@cliente.example.co' };

    // A cash invoice with IVA: created, previewed, read, listed, replaced, mailed, printed.
    const cash = {
      document: { id: fv }, date: today(), customer, seller: r.seller.id, observations: 'Pedido 1832',
      items: [{ code: 'PORT14', quantity: 10, price: 100, discount: 50, taxes: [{ id: iva19 }] }], payments: [{ id: r.pay.Cash.id, value: 1130.5 }],
    };
    const inv = await co('POST', '/v1/invoices', { body: cash });
    await co('POST', '/v1/invoices/preview', { body: cash });
    await co('GET', '/v1/invoices/{id}', { params: { id: inv.id } });
    await co('GET', '/v1/invoices', { query: '?page_size=1' });
    await co('PUT', '/v1/invoices/{id}', { params: { id: inv.id }, body: { ...cash, observations: 'Pedido 1832, entrega en bodega' } });
    await co('POST', '/v1/invoices/{id}/mail', { params: { id: inv.id }, body: mail });
    await co('GET', '/v1/invoices/{id}/pdf', { params: { id: inv.id } });
    // Annulled, and deleted: two more cash invoices.
    const annulled = await co('POST', '/v1/invoices', { body: { ...cash, observations: 'Pedido 1833' }, record: false });
    await co('POST', '/v1/invoices/{id}/annul', { params: { id: annulled.id } });
    const deleted = await co('POST', '/v1/invoices', { body: { ...cash, observations: 'Pedido 1834' }, record: false });
    await co('DELETE', '/v1/invoices/{id}', { params: { id: deleted.id } });

    // Credit invoices that notes correct and a receipt pays: one plain, one electronic (a Draft, then sent to the DIAN's sandbox).
    const onCredit = (type: number, observations: string) => ({
      document: { id: type }, date: today(), customer, seller: r.seller.id, observations,
      items: [{ code: 'LIBRO01', quantity: 2, price: 500, taxes: [] }], payments: [{ id: r.pay.Credit.id, value: 1000, due_date: '2099-12-31' }],
    });
    const credit = await co('POST', '/v1/invoices', { body: onCredit(fv, 'Pedido 1835'), record: false });
    const electronic = await co('POST', '/v1/invoices', { body: onCredit(fvE, 'Pedido 1836'), record: false });
    await co('POST', '/v1/invoices/{id}/stamp', { params: { id: electronic.id } });
    await co('GET', '/v1/invoices/{id}/stamp/errors', { params: { id: electronic.id } });
    await co('GET', '/v1/invoices/{id}/xml', { params: { id: electronic.id } });

    for (const [kind, path] of [['NC', '/v1/credit-notes'], ['ND', '/v1/debit-notes']] as const) {
      const body = (type: number, invoice: string) => (kind === 'NC'
        ? { document: { id: type }, date: today(), invoice, reason: 3, seller: r.seller.id,
          items: [{ code: 'LIBRO01', quantity: 1, price: 100, taxes: [] }], payments: [{ id: pays['NC.Credit'].id, value: 100 }] }
        : { document: { id: type }, date: today(), invoice, reason: 1, seller: r.seller.id,
          items: [{ code: 'INTERES', quantity: 1, price: 25, taxes: [] }], payments: [{ id: pays['ND.Credit'].id, value: 25, due_date: '2099-12-31' }] });
      const note = await co('POST', path, { body: body(types[kind].id, credit.id) });
      await co('POST', `${path}/preview`, { body: body(types[kind].id, credit.id) });
      await co('GET', `${path}/{id}`, { params: { id: note.id } });
      await co('GET', path, { query: '?page_size=1' });
      await co('POST', `${path}/{id}/mail`, { params: { id: note.id }, body: mail });
      await co('GET', `${path}/{id}/pdf`, { params: { id: note.id } });
      const draft = await co('POST', path, { body: body(types[`${kind}-E`].id, electronic.id), record: false });
      await co('POST', `${path}/{id}/stamp`, { params: { id: draft.id } });
      await co('GET', `${path}/{id}/stamp/errors`, { params: { id: draft.id } });
      await co('GET', `${path}/{id}/xml`, { params: { id: draft.id } });
      const other = await co('POST', path, { body: body(types[kind].id, credit.id), record: false });
      await co('POST', `${path}/{id}/annul`, { params: { id: other.id } });
    }

    // Cash receipts: a payment of the credit invoice; an advance, annulled.
    const receipt = await co('POST', '/v1/vouchers', { body: {
      document: { id: v.type.RC.id }, date: today(), type: 'DebtPayment', customer,
      items: [{ due: { prefix: credit.prefix, consecutive: credit.number, quote: 1 }, value: 800 }], payment: { id: v.pay.Cash.id, value: 800 },
    } });
    await co('GET', '/v1/vouchers/{id}', { params: { id: receipt.id } });
    await co('GET', '/v1/vouchers', { query: '?page_size=1' });
    await co('POST', '/v1/vouchers/{id}/mail', { params: { id: receipt.id }, body: mail });
    await co('GET', '/v1/vouchers/{id}/pdf', { params: { id: receipt.id } });
    const advance = await co('POST', '/v1/vouchers', { body: { document: { id: v.type.RC.id }, date: today(), type: 'AdvancePayment', customer, payment: { id: v.pay.Cash.id, value: 200 } }, record: false });
    await co('POST', '/v1/vouchers/{id}/annul', { params: { id: advance.id } });

    // A POS ticket, accepted, turned into an electronic invoice at the buyer's request.
    const ticket = await co('POST', '/v1/invoices', { record: false, body: {
      document: { id: r.type.POS.id }, date: today(), seller: r.seller.id, stamp: { send: true },
      pos: { cash_register: { plate: 'CAJA-07', type: 'Caja principal' }, location: 'Calle 72 # 10-34, local 2', cashier: 'Ana Gómez', sale_code: 'V-2026-000123' },
      items: [{ code: 'PORT14', quantity: 2, price: 50, taxes: [{ id: iva19 }] }], payments: [{ id: r.pay.Cash.id, value: 119 }],
    } });
    if (ticket.stamp.status !== 'Accepted') throw new Error(`the POS ticket is ${ticket.stamp.status}`);
    await co('POST', '/v1/invoices/{id}/invoice', { params: { id: ticket.id }, body: { customer, stamp: { send: true } } });
  }

  /** Mexico: invoices (stamped, stamped later, cancelled, annulled, deleted), payment receipts, credit notes, tickets. */
  async function mexico(call: (who: Who, method: string, template: string, o?: Call) => Promise<any>, app: Record<string, string>) {
    const mx = (method: string, template: string, o?: Call) => call('mx', method, template, o);
    const m = await mxRefs(s);
    const mail = { mail_to: 'compras@cliente.example.mx' };
    const invoice = (o: Call) => mx('POST', '/v1/invoices', { ...o, headers: app });

    // A PUE invoice stamped at once: created, previewed, read, listed, mailed, printed.
    const pue = { ...mxInvoice(m), stamp: { send: true } };
    const inv = await invoice({ body: pue });
    await mx('POST', '/v1/invoices/preview', { body: mxInvoice(m) });
    await mx('GET', '/v1/invoices/{id}', { params: { id: inv.id } });
    await mx('GET', '/v1/invoices', { query: '?page_size=1' });
    await mx('POST', '/v1/invoices/{id}/mail', { params: { id: inv.id }, body: mail });
    await mx('GET', '/v1/invoices/{id}/pdf', { params: { id: inv.id } });
    await mx('GET', '/v1/invoices/{id}/xml', { params: { id: inv.id } });
    await mx('GET', '/v1/invoices/{id}/stamp/errors', { params: { id: inv.id } });
    // A Draft stamped later, then cancelled (motive 02); two more Drafts, one annulled, one deleted.
    const draft = await invoice({ body: mxInvoice(m), record: false });
    await mx('POST', '/v1/invoices/{id}/stamp', { params: { id: draft.id } });
    await mx('POST', '/v1/invoices/{id}/cancel', { params: { id: draft.id }, body: { motive: '02' } });
    const annulled = await invoice({ body: mxInvoice(m), record: false });
    await mx('POST', '/v1/invoices/{id}/annul', { params: { id: annulled.id } });
    const deleted = await invoice({ body: mxInvoice(m), record: false });
    await mx('DELETE', '/v1/invoices/{id}', { params: { id: deleted.id } });

    // A PPD invoice, stamped, that payment receipts pay and credit notes correct.
    const ppd = await invoice({ record: false, body: mxInvoice(m, [{ code: 'LAP14', quantity: 5, price: 2000 }], 11600,
      { payment: { method: 'PPD', conditions: { id: m.toDefine, value: 11600, due_date: '2099-12-31' } }, stamp: { send: true } }) });
    const paying = (amount: number, stamp: boolean) => ({
      document: { id: m.receipt }, date: new Date(Date.now() - 60_000).toISOString(), customer: { rfc_id: 'XIA190128J61', branch_office: 0 },
      payment_form: '03', amount, operation_number: 'SPEI-778812', invoices: [{ id: ppd.id, amount }], ...(stamp ? { stamp: { send: true } } : {}),
    });
    const payment = await mx('POST', '/v1/payments', { body: paying(5800, true) });
    await mx('POST', '/v1/payments/preview', { body: paying(1000, false) });
    await mx('GET', '/v1/payments/{id}', { params: { id: payment.id } });
    await mx('GET', '/v1/payments', { query: '?page_size=1' });
    await mx('POST', '/v1/payments/{id}/mail', { params: { id: payment.id }, body: mail });
    await mx('GET', '/v1/payments/{id}/pdf', { params: { id: payment.id } });
    await mx('GET', '/v1/payments/{id}/xml', { params: { id: payment.id } });
    await mx('GET', '/v1/payments/{id}/stamp/errors', { params: { id: payment.id } });
    const unstamped = await mx('POST', '/v1/payments', { body: paying(100, false), record: false });
    await mx('POST', '/v1/payments/{id}/annul', { params: { id: unstamped.id } });
    const later = await mx('POST', '/v1/payments', { body: paying(100, false), record: false });
    await mx('POST', '/v1/payments/{id}/stamp', { params: { id: later.id } });
    await mx('POST', '/v1/payments/{id}/cancel', { params: { id: later.id }, body: { motive: '02' } });

    const crediting = (stamp: boolean) => ({ document: { id: m.creditNote }, invoices: [{ id: ppd.id }], payment_form: '17',
      items: [{ code: 'LAP14', quantity: 1, price: 100 }], ...(stamp ? { stamp: { send: true } } : {}) });
    const note = await mx('POST', '/v1/credit-notes', { body: crediting(true) });
    await mx('POST', '/v1/credit-notes/preview', { body: crediting(false) });
    await mx('GET', '/v1/credit-notes/{id}', { params: { id: note.id } });
    await mx('GET', '/v1/credit-notes', { query: '?page_size=1' });
    await mx('POST', '/v1/credit-notes/{id}/mail', { params: { id: note.id }, body: mail });
    await mx('GET', '/v1/credit-notes/{id}/pdf', { params: { id: note.id } });
    await mx('GET', '/v1/credit-notes/{id}/xml', { params: { id: note.id } });
    await mx('GET', '/v1/credit-notes/{id}/stamp/errors', { params: { id: note.id } });
    const noteDraft = await mx('POST', '/v1/credit-notes', { body: crediting(false), record: false });
    await mx('POST', '/v1/credit-notes/{id}/annul', { params: { id: noteDraft.id } });
    const noteLater = await mx('POST', '/v1/credit-notes', { body: crediting(false), record: false });
    await mx('POST', '/v1/credit-notes/{id}/stamp', { params: { id: noteLater.id } });
    await mx('POST', '/v1/credit-notes/{id}/cancel', { params: { id: noteLater.id }, body: { motive: '02' } });

    // Tickets: one today, printed and self-invoiced by its customer; one of last month, in the month's global invoice.
    const ticket = await mx('POST', '/v1/tickets', { body: {
      items: [{ code: 'GEN001', quantity: 2, price: 100, discount: 10 }, { code: 'BOTANA45', quantity: 3, price: 18.5 }], payment_form: '01', branch: 'Sucursal Centro' } });
    await mx('GET', '/v1/tickets/{id}', { params: { id: ticket.id } });
    await mx('GET', '/v1/tickets', { query: '?page_size=1' });
    await mx('POST', '/v1/tickets/{id}/pdf', { params: { id: ticket.id }, body: { key: ticket.self_invoice.key } });
    await mx('POST', '/v1/tickets/{id}/self-invoice', { params: { id: ticket.id }, body: {
      key: ticket.self_invoice.key, rfc: 'MASO451221PM4', name: 'MARIA OLIVIA MARTINEZ SAGAZ', postal_code: '80290', tax_regime: '612', use: 'G03', email: 'olivia@correo.example.mx' } });
    const month = lastMonth();
    await mx('POST', '/v1/tickets', { body: { items: [{ code: 'AGUA20L', quantity: 1, price: 45 }], payment_form: '04', date: month.first }, record: false });
    await mx('POST', '/v1/tickets/global-invoice', { body: { periodicity: '04', months: month.months, year: month.year } });
  }
}
