/**
 * Cash receipt helpers: the demo company's RC document types and payment
 * types (looked up through the API), credit invoices to collect, and voucher
 * bodies to vary.
 */
import assert from 'node:assert/strict';
import type { ApiClient } from './server';
import { today, validInvoice, type CoRefs } from './co';

export interface RcRefs {
  type: Record<string, any>;      // RC document types by code: RC, RC-MAN
  pay: Record<string, any>;       // RC payment types by type: Cash, Transfer, Check (inactive)
}

export async function rcRefs(s: ApiClient): Promise<RcRefs> {
  const co = s.as('co');
  const [types, pays] = await Promise.all([co.list('/v1/document-types?type=RC'), co.list('/v1/payment-types?document_type=RC')]);
  return {
    type: Object.fromEntries(types.map((t) => [t.code, t])),
    pay: Object.fromEntries(pays.map((p) => [p.type, p])),
  };
}

/** The demo's active customer of branch office 0 that validInvoice uses. */
export const mainCustomer = (r: CoRefs) => {
  const c = r.customers.find((x) => x.active && x.branch_office === 0);
  return { identification: c.identification as string, branch_office: 0 };
};

/** A full customer record, so that an invoice creates a customer of its own (isolates reports per test). */
export function newCustomer(identification: string) {
  return {
    person_type: 'person', id_type: '13', identification, branch_office: 0, name: ['Cliente', `Prueba ${identification}`],
    address: { address: 'Calle 1 # 2-3', city: { country_code: 'CO', state_code: '11', city_code: '11001' } },
  };
}

/** A credit invoice of `amount` (one untaxed line), one due item per credit payment; asserts it was created. */
export async function creditInvoice(s: ApiClient, r: CoRefs, opts: { amount?: number; due_date?: string; date?: string; customer?: object } = {}) {
  const amount = opts.amount ?? 1000;
  const res = await s.as('co').post('/v1/invoices', validInvoice(r, {
    date: opts.date ?? today(),
    ...(opts.customer ? { customer: opts.customer } : {}),
    items: [{ code: 'LIBRO01', quantity: 1, price: amount, taxes: [] }],
    payments: [{ id: r.pay.Credit.id, value: amount, due_date: opts.due_date ?? '2099-12-31' }],
  }));
  assert.equal(res.status, 201, JSON.stringify(res.body));
  return res.body;
}

/** The `due` reference of an invoice's installment. */
export const dueOf = (inv: any, quote = 1) => ({ prefix: inv.prefix as string, consecutive: inv.number as number, quote });

/** A DebtPayment voucher paying the given (due, value) pairs in cash. */
export function debtPayment(v: RcRefs, customer: object, entries: { due: object; value: number }[], over: Record<string, unknown> = {}) {
  const total = Math.round(entries.reduce((x, e) => x + e.value * 100, 0)) / 100;
  return {
    document: { id: v.type.RC.id }, date: today(), type: 'DebtPayment', customer,
    items: entries, payment: { id: v.pay.Cash.id, value: total }, ...over,
  };
}

/** Receives an advance from a customer (AdvancePayment voucher in cash); asserts it was created. */
export async function receiveAdvance(s: ApiClient, v: RcRefs, customer: object, value: number, over: Record<string, unknown> = {}) {
  const res = await s.as('co').post('/v1/vouchers', {
    document: { id: v.type.RC.id }, date: today(), type: 'AdvancePayment', customer, payment: { id: v.pay.Cash.id, value }, ...over,
  });
  assert.equal(res.status, 201, JSON.stringify(res.body));
  return res.body;
}
