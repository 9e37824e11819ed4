/**
 * The example of each creation in the OpenAPI document (src/openapi-examples.json):
 * a request and the answer it got, recorded from the service itself on a fresh
 * demo database, in an order where each request finds what it names (the
 * credit invoice a note corrects and a receipt pays, the stamped PPD invoice a
 * Mexican payment receipt pays). `npm run docs:examples` writes the file;
 * test/http/openapi.test.ts checks it against the schemas and re-creates the
 * invoice examples.
 */
import type { ApiClient } from './server';
import { coRefs, noteRefs, today } from './co';
import { mainCustomer, rcRefs } from './vouchers';
import { MX_APP, mxInvoice, mxRefs } from './mx';

export const EXAMPLES_FILE = 'src/openapi-examples.json';

export type Examples = Record<string, { request: Record<string, unknown>; response: unknown }>;

export async function recordExamples(s: ApiClient): Promise<Examples> {
  const out: Examples = {};
  /** Creates a document; `record` keeps the request and its answer as the path's example. */
  const post = async (path: string, request: Record<string, unknown>, record = true) => {
    const mx = path.startsWith('/mx/');
    const r = await s.as(mx ? 'mx' : 'co').post(path.replace(/^\/mx/, ''), request, mx ? MX_APP : undefined);
    if (r.status !== 201) throw new Error(`POST ${path}: ${r.status} ${JSON.stringify(r.body)}`);
    if (record) out[path] = { request, response: r.body };
    return r.body;
  };

  // Colombia: a cash invoice with IVA; a credit invoice that a credit note, a debit note and a receipt refer to.
  const r = await coRefs(s);
  const { types, pays } = await noteRefs(s);
  const v = await rcRefs(s);
  const customer = mainCustomer(r);
  const fv = r.type.FV.id, iva19 = r.taxOf('IVA', 19).id;
  await post('/v1/invoices', {
    document: { id: fv }, date: today(), customer, seller: r.seller.id, observations: 'Pedido 1832',
    items: [{ code: 'PORT14', quantity: 10, price: 100, discount: 50, taxes: [{ id: iva19 }] }], payments: [{ id: r.pay.Cash.id, value: 1130.5 }],
  });
  const credit = await post('/v1/invoices', {
    document: { id: fv }, date: today(), customer, seller: r.seller.id,
    items: [{ code: 'LIBRO01', quantity: 2, price: 500, taxes: [] }], payments: [{ id: r.pay.Credit.id, value: 1000, due_date: '2099-12-31' }],
  }, false);
  await post('/v1/credit-notes', {
    document: { id: types.NC.id }, date: today(), invoice: credit.id, reason: 3, seller: r.seller.id,
    items: [{ code: 'LIBRO01', quantity: 1, price: 100, taxes: [] }], payments: [{ id: pays['NC.Credit'].id, value: 100 }],
  });
  await post('/v1/debit-notes', {
    document: { id: types.ND.id }, date: today(), invoice: credit.id, reason: 1, seller: r.seller.id,
    items: [{ code: 'INTERES', quantity: 1, price: 25, taxes: [] }], payments: [{ id: pays['ND.Credit'].id, value: 25, due_date: '2099-12-31' }],
  });
  await post('/v1/vouchers', {
    document: { id: v.type.RC.id }, date: today(), type: 'DebtPayment', customer,
    items: [{ due: { prefix: credit.prefix, consecutive: credit.number, quote: 1 }, value: 900 }], payment: { id: v.pay.Cash.id, value: 900 },
  });
  const hook = { url: 'https://erp.example.co/hooks/facturas', events: ['invoice.stamp_accepted', 'invoice.stamp_rejected'], description: 'ERP' };
  await post('/v1/webhooks', hook);

  // Mexico: a PUE invoice stamped at once; a PPD one that a payment receipt pays and a credit note corrects.
  const m = await mxRefs(s);
  await post('/mx/v1/invoices', { ...mxInvoice(m), stamp: { send: true } });
  const ppd = await post('/mx/v1/invoices', mxInvoice(m, [{ code: 'LAP14', quantity: 5, price: 2000 }], 11600,
    { payment: { method: 'PPD', conditions: { id: m.toDefine, value: 11600, due_date: '2099-12-31' } }, stamp: { send: true } }), false);
  await post('/mx/v1/payments', {
    document: { id: m.receipt }, date: new Date(Date.now() - 60_000).toISOString(), customer: { rfc_id: 'XIA190128J61', branch_office: 0 },
    payment_form: '03', amount: 5800, operation_number: 'SPEI-778812', invoices: [{ id: ppd.id, amount: 5800 }], stamp: { send: true },
  });
  await post('/mx/v1/credit-notes', {
    document: { id: m.creditNote }, invoices: [{ id: ppd.id }], payment_form: '17', items: [{ code: 'LAP14', quantity: 1, price: 100 }], stamp: { send: true },
  });
  await post('/mx/v1/webhooks', { ...hook, url: 'https://erp.example.mx/hooks/facturas' });
  return out;
}
