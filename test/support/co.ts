/**
 * The Colombian demo company's master data, looked up through the API by
 * code and name (never by hard-coded ids), and a valid invoice body to vary.
 */
import type { ApiClient } from './server';

export interface CoRefs {
  type: Record<string, any>;          // document types by code: FV, FV-E, FV-TER, FV-PCT, FV-CC, FV-VEN, FV-MAN, FV-CAR, FV-SAL, FV-INA
  rcType: any;
  tax: Record<string, any>;           // by name
  taxOf: (type: string, percentage: number, active?: boolean) => any;
  pay: Record<string, any>;           // FV payment types by type: Cash, Transfer, Card, Credit, Check (inactive)
  product: Record<string, any>;       // by code
  customers: any[];
  seller: any; inactiveSeller: any;
  warehouse: any; inactiveWarehouse: any;
  costCenter: any; inactiveCostCenter: any;
  discount: any; charge: any; inactiveDiscount: any;
}

export async function coRefs(s: ApiClient): Promise<CoRefs> {
  const co = s.as('co');
  const all = co.list;
  const [fv, rc, taxes, pays, products, customers, users, warehouses, costCenters, discounts, charges] = await Promise.all([
    all('/v1/document-types?type=FV'), all('/v1/document-types?type=RC'), all('/v1/taxes'), all('/v1/payment-types?document_type=FV'),
    all('/v1/products'), all('/v1/customers'), all('/v1/users'), all('/v1/warehouses'), all('/v1/cost-centers'),
    all('/v1/global-discounts'), all('/v1/global-charges'),
  ]);
  return {
    type: Object.fromEntries(fv.map((t) => [t.code, t])),
    rcType: rc[0],
    tax: Object.fromEntries(taxes.map((t) => [t.name, t])),
    taxOf: (type, percentage, active = true) => taxes.find((t) => t.type === type && t.percentage === percentage && t.active === active),
    pay: Object.fromEntries(pays.map((p) => [p.type, p])),
    product: Object.fromEntries(products.map((p) => [p.code, p])),
    customers,
    seller: users.find((u) => u.active), inactiveSeller: users.find((u) => !u.active),
    warehouse: warehouses.find((w) => w.active), inactiveWarehouse: warehouses.find((w) => !w.active),
    costCenter: costCenters.find((c) => c.active), inactiveCostCenter: costCenters.find((c) => !c.active),
    discount: discounts.find((d) => d.active), inactiveDiscount: discounts.find((d) => !d.active), charge: charges.find((d) => d.active),
  };
}

/** The credit (NC) and debit (ND) note types by code (NC, NC-E, ND, ND-E), and their payment types by `<NC|ND>.<type>`. */
export async function noteRefs(s: ApiClient): Promise<{ types: Record<string, any>; pays: Record<string, any> }> {
  const types: Record<string, any> = {};
  const pays: Record<string, any> = {};
  for (const kind of ['NC', 'ND']) {
    for (const d of await s.as('co').list(`/v1/document-types?type=${kind}`)) types[d.code] = d;
    for (const p of await s.as('co').list(`/v1/payment-types?document_type=${kind}`)) pays[`${kind}.${p.type}`] = p;
  }
  return { types, pays };
}

/** Today in Bogotá (yyyy-MM-dd). */
export const today = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Bogota' }).format(new Date());

/** the documented worked example: 10 × 100.00 − 50.00, IVA 19 % → 1130.50 paid in cash. */
export function validInvoice(r: CoRefs, over: Record<string, unknown> = {}) {
  const customer = r.customers.find((c) => c.active && c.branch_office === 0);
  return {
    document: { id: r.type.FV.id },
    date: today(),
    customer: { identification: customer.identification, branch_office: 0 },
    seller: r.seller.id,
    items: [{ code: 'PORT14', quantity: 10, price: 100, discount: 50, taxes: [{ id: r.taxOf('IVA', 19).id }] }],
    payments: [{ id: r.pay.Cash.id, value: 1130.5 }],
    ...over,
  };
}
