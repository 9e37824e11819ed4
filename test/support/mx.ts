/**
 * The Mexican demo company's references, looked up through the API, a valid
 * invoice body (paid at once, PUE) to vary, and a suite's set-up (mxSuite): the
 * server, the references, a stamped PPD invoice and a payment receipt.
 */
import { after, before } from 'node:test';
import assert from 'node:assert/strict';
import { startTestServer, type ApiClient, type Storage, type TestServer } from './server';
import { sleep } from './profile';

/** The application header {base_url_mx} requires on invoice routes. */
export const MX_APP = { 'serviceapi-application-id': 'TestPOS' };

/** The demo company's customer the Mexican tests invoice. */
export const MX_CUSTOMER = { rfc_id: 'XIA190128J61', branch_office: 0 };

/** Today in Mexico City (yyyy-MM-dd). */
export const mxToday = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Mexico_City' }).format(new Date());

/** FV-A, the payment receipt (P) and credit note (NC) types, a seller, and the payment types Contado (PUE) and Por definir (PPD). */
export interface MxRefs { fvA: number; receipt: number; creditNote: number; seller: number; cash: number; toDefine: number }

export async function mxRefs(c: ApiClient): Promise<MxRefs> {
  const all = c.as('mx').list;
  const [types, users, pays] = await Promise.all([all('/v1/document-types'), all('/v1/users'), all('/v1/payment-types?document_type=FV')]);
  const type = (code: string) => types.find((t) => t.code === code).id;
  return { fvA: type('FV-A'), receipt: type('P'), creditNote: type('NC'), seller: users.find((u) => u.active).id,
    cash: pays.find((p) => p.name === 'Contado').id, toDefine: pays.find((p) => p.name === 'Por definir').id };
}

/**
 * An FV-A invoice to the demo customer paid at once; `total` must be what the
 * items come to (LAP14 and CONSULT carry IVA 16 %). By default 2 × 1500 − 300 + 16 % = 3132.
 */
export function mxInvoice(ref: MxRefs, items: object[] = [{ code: 'LAP14', quantity: 2, price: 1500, discount: 300 }], total = 3132, over: Record<string, unknown> = {}) {
  return {
    document: { id: ref.fvA }, customer: { rfc_id: 'XIA190128J61', branch_office: 0 }, seller: ref.seller, use: 'G03', items,
    payment: { method: 'PUE', conditions: { id: ref.cash, value: total, due_date: mxToday() } },
    ...over,
  };
}

/**
 * The document once the outbox has stamped it: a request waits DIAN_TIMEOUT_MS for the stamp, and the first stamp
 * of a process (schema compiled, catalogues read) may outlast that on a loaded machine; then it is still Pending.
 */
export async function stamped(c: ApiClient, path: string, doc: any): Promise<any> {
  for (let i = 0; i < 300 && doc?.stamp?.status === 'Pending'; i++) {
    await sleep(200);
    doc = (await c.as('mx').get(`/v1/${path}/${doc.id}`)).body;
  }
  return doc;
}

/**
 * A suite's Mexican set-up, registered on the suite that calls it: a test server of `storage` started before its
 * tests and closed after them, the demo company's references, and helpers.
 */
export function mxSuite(storage: Storage) {
  let s: TestServer;
  let ref: MxRefs;
  before(async () => {
    s = await startTestServer(storage);
    ref = await mxRefs(s);
  });
  after(() => s.close());
  const mx = () => s.as('mx');
  return {
    get s() { return s; },
    get ref() { return ref; },
    mx,
    /** A PPD invoice (payment to be defined, due 2099-12-31) of these items, `total` as computed by hand, once stamped. */
    ppdInvoice: async (items: object[], total: number, over: Record<string, unknown> = {}) => {
      const res = await mx().post('/v1/invoices', mxInvoice(ref, items, total,
        { stamp: { send: true }, payment: { method: 'PPD', conditions: { id: ref.toDefine, value: total, due_date: '2099-12-31' } }, ...over }), MX_APP);
      assert.equal(res.status, 201, JSON.stringify(res.body));
      return stamped(s, 'invoices', res.body);
    },
    /** POST /v1/payments of `amount` on one invoice by transfer (03), dated now (never before the local day of an invoice just made, even at midnight) unless `over` says otherwise, to stamp. */
    receipt: (invoiceId: string, amount: number, over: Record<string, unknown> = {}) => mx().post('/v1/payments', {
      document: { id: ref.receipt }, date: new Date().toISOString(), customer: MX_CUSTOMER, payment_form: '03', amount,
      invoices: [{ id: invoiceId, amount }], stamp: { send: true }, ...over,
    }, MX_APP),
  };
}
