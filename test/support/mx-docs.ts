/**
 * Mexican documents driven over HTTP for the tests of receipts, credit notes
 * and the cash-basis ledger (mx-settlement, mx-note-limits, mx-settlement-
 * property): the demo company's references, a stamped invoice, a receipt, a
 * credit note, a cancellation, an entry's lines and an account's balance.
 */
import assert from 'node:assert/strict';
import type { TestServer } from './server';
import { MX_APP, MX_CUSTOMER, mxToday } from './mx';

export const CUSTOMER = MX_CUSTOMER;

export interface MxDocRefs { type: Record<string, any>; seller: number; pay: Record<string, any>; tax: (type: string, pct: number) => any }

export async function mxDocRefs(s: TestServer): Promise<MxDocRefs> {
  const all = s.as('mx').list;
  const [types, pays, users, taxes] = await Promise.all([all('/v1/document-types'), all('/v1/payment-types?document_type=FV'), all('/v1/users'), all('/v1/taxes')]);
  return {
    type: Object.fromEntries(types.map((t) => [t.code, t])), seller: users.find((u) => u.active).id,
    pay: Object.fromEntries(pays.map((p) => [p.name, p])), tax: (type, pct) => taxes.find((t) => t.type === type && t.percentage === pct),
  };
}

export function mxDocs(s: TestServer, ref: MxDocRefs) {
  const mx = () => s.as('mx');
  return {
    mx,
    /** A stamped invoice (PPD by default) of these items; `total` as computed by hand. */
    invoice: async (items: object[], total: number, over: Record<string, unknown> = {}, method: 'PPD' | 'PUE' = 'PPD') => {
      const res = await mx().post('/v1/invoices', {
        document: { id: ref.type['FV-A'].id }, customer: CUSTOMER, seller: ref.seller, use: 'G03', items,
        payment: { method, conditions: method === 'PPD' ? { id: ref.pay['Por definir'].id, value: total, due_date: '2099-12-31' } : { id: ref.pay.Contado.id, value: total, due_date: mxToday() } },
        stamp: { send: true }, ...over,
      }, MX_APP);
      assert.equal(res.status, 201, JSON.stringify(res.body));
      assert.equal(res.body.total, total, 'the total computed by hand');
      assert.equal(res.body.stamp.status, 'Accepted', JSON.stringify(res.body.stamp));
      return res.body;
    },
    /** POST /v1/payments of `amount` on one invoice (stamped). */
    pay: (id: string, amount: number, over: Record<string, unknown> = {}) => mx().post('/v1/payments', {
      document: { id: ref.type.P.id }, date: new Date(Date.now() - 1000).toISOString(), customer: CUSTOMER, payment_form: '03',
      amount, invoices: [{ id, amount }], stamp: { send: true }, ...over,
    }, MX_APP),
    /** POST /v1/credit-notes on these invoices (17 Compensación by default), one line per item. */
    note: (ids: string[], items: object[], over: Record<string, unknown> = {}) => mx().post('/v1/credit-notes', {
      document: { id: ref.type.NC.id }, invoices: ids.map((id) => ({ id })), payment_form: '17', items, stamp: { send: true }, ...over,
    }, MX_APP),
    cancel: (what: 'payments' | 'credit-notes', id: string) => mx().post(`/v1/${what}/${id}/cancel`, { motive: '02' }),
    balance: async (id: string) => (await mx().get(`/v1/invoices/${id}`)).body.balance as number,
    /** An entry's lines [account, debit, credit], sorted. */
    entry: async (id: string, kind?: string) => (await s.db.query(
      `SELECT l.account_code, l.debit::text, l.credit::text FROM journal_lines l JOIN journal_entries e ON e.id = l.entry_id
        WHERE e.source_id = $1 ${kind ? 'AND e.source_kind = $2' : ''} ORDER BY l.account_code, l.debit`, kind ? [id, kind] : [id]))
      .map((l) => [l.account_code, l.debit, l.credit]),
    /** Closing balances of these accounts (trial balance: debit − credit), in cents. */
    accounts: async (...codes: string[]) => {
      const tb = (await mx().get('/v1/reports/trial-balance')).body;
      assert.equal(tb.balanced, true);
      return Object.fromEntries(codes.map((c) => [c, Math.round((tb.accounts.find((x: any) => x.code === c)?.closing_balance ?? 0) * 100)]));
    },
  };
}

/** The figures `a` − `b`, per key. */
export const delta = (a: Record<string, number>, b: Record<string, number>) => Object.fromEntries(Object.keys(a).map((k) => [k, a[k] - b[k]]));
