/**
 * The Mexican demo company's references, looked up through the API, and a
 * valid invoice body (paid at once, PUE) to vary.
 */
import type { ApiClient } from './server';

/** The application header {base_url_mx} requires on invoice routes. */
export const MX_APP = { 'serviceapi-application-id': 'TestPOS' };

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
    await new Promise((ok) => setTimeout(ok, 200));
    doc = (await c.as('mx').get(`/v1/${path}/${doc.id}`)).body;
  }
  return doc;
}
