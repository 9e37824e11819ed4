/**
 * The pure rules of credit and debit notes (src/notes/service.ts): what is left
 * to credit on an invoice, the checks of a credit note against it, how a credit
 * on account is spread over the invoice's installments, and the journal entry.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import Decimal from 'decimal.js';
import { creditRoom, creditRules, notePostings, settle } from '../../src/notes/service';
import { Problems } from '../../src/platform/errors';

const item = (code: string, quantity: number, total: number, taxes: number[] = []) => ({ code, quantity, total, taxes: taxes.map((id) => ({ id })) });
const INVOICE = { total: 1290, items: [item('PORT14', 6, 714, [1]), item('PORT14', 4, 476, [1]), item('LIBRO01', 2, 100)] } as any;
const line = (code: string, quantity: number, taxes: number[] = []) => ({ item: { quantity, taxes: undefined }, product: { code }, taxes: taxes.map((id) => ({ id, type: 'IVA' })) });
const plan = (lines: ReturnType<typeof line>[], totals: number[]) =>
  ({ lines, computed: { total: totals.reduce((a, b) => a + b, 0).toFixed(2), lines: totals.map((t) => ({ total: t.toFixed(2) })) } }) as any;
const check = (reason: number, p: any, room = creditRoom(INVOICE, [])) => {
  const problems = new Problems();
  creditRules(problems, { reason, items: [] as any }, p, room);
  return problems.items.map((x) => `${x.Code}@${x.Params[0]}`);
};

test('what is left to credit: per product (its lines together) and in all, less the credit notes before', () => {
  const room = creditRoom(INVOICE, [{ total: 357, items: [{ code: 'PORT14', quantity: 3, total: 357 }] }]);
  assert.equal(room.total.toFixed(2), '933.00');
  assert.deepEqual([room.lines.get('PORT14')!.quantity.toNumber(), room.lines.get('PORT14')!.total.toNumber()], [7, 833]);
  assert.deepEqual([...room.lines.get('PORT14')!.taxes], [1]);
  assert.equal(room.lines.get('LIBRO01')!.total.toNumber(), 100);
});

test('a credit note: products and taxes of the invoice, quantities (returns) and amounts never above what is left', () => {
  assert.deepEqual(check(1, plan([line('PORT14', 3, [1])], [357])), []);
  assert.deepEqual(check(1, plan([line('MOUSE01', 1)], [10])), ['invalid_reference@items[0].code']);
  assert.deepEqual(check(1, plan([line('LIBRO01', 1, [1])], [59.5])), ['invalid_reference@items[0].code']);
  assert.deepEqual(check(1, plan([line('PORT14', 6, [1]), line('PORT14', 5, [1])], [714, 595])), ['invalid_value@items[1].quantity'], 'two lines of one product add up');
  assert.deepEqual(check(3, plan([line('PORT14', 11, [1])], [100])), [], 'a discount gives no goods back: its quantity is not counted');
  assert.deepEqual(check(3, plan([line('LIBRO01', 1)], [100.01])), ['invalid_value@items[0]']);
});

test('concept 2 credits exactly what is left, every product in full', () => {
  assert.deepEqual(check(2, plan([line('PORT14', 10, [1]), line('LIBRO01', 2)], [1190, 100])), []);
  assert.deepEqual(check(2, plan([line('PORT14', 10, [1])], [1190])), ['invalid_value@items']);
  assert.deepEqual(check(2, plan([line('PORT14', 10, [1]), line('LIBRO01', 2)], [1190, 99])), ['invalid_value@items'], 'the total must be what is left');
  const afterAll = creditRoom(INVOICE, [{ total: 1290, items: [{ code: 'PORT14', quantity: 10, total: 1190 }, { code: 'LIBRO01', quantity: 2, total: 100 }] }]);
  assert.deepEqual(check(3, plan([line('LIBRO01', 1)], [1]), afterAll), ['invalid_value@items[0]'], 'nothing is left after an annulment');
});

test('a credit on account goes to the invoice\'s own installments first, the latest first, then to those debit notes added; never above what is open', () => {
  const due = [
    { id: 1, amount: '500.00', paid: '100.00', note_id: null },
    { id: 2, amount: '500.00', paid: '0.00', note_id: null },
    { id: 3, amount: '25.00', paid: '0.00', note_id: 'n' },
  ];
  assert.deepEqual(settle(due, new Decimal(600)), [{ due: 2, amount: '500.00' }, { due: 1, amount: '100.00' }]);
  assert.deepEqual(settle(due, new Decimal(920)), [{ due: 2, amount: '500.00' }, { due: 1, amount: '400.00' }, { due: 3, amount: '20.00' }]);
  assert.deepEqual(settle(due, new Decimal(5000)).reduce((s, a) => s + Number(a.amount), 0), 925);
});

test('a credit note\'s entry is the invoice\'s with debit and credit swapped; a debit note\'s is the invoice\'s', () => {
  const p = {
    payments: [{ value: 119, type: { account_code: '13050501', name: 'Crédito', due_date: true } }],
    body: { customer: { identification: '900547821' } },
    lines: [{ taxes: [{ id: 1, account_code: '24080501' }] }], retentions: [], discounts: [], charges: [], currency: null,
    computed: { advance_payment: '0', retentions: [], global_discounts: [], global_charges: [],
      lines: [{ taxes: [{ id: 1, name: 'IVA 19%', type: 'IVA', value: '19.00', withholding: false }], borne_by_company: '0' }] },
  } as any;
  const rows = (kind: 'NC' | 'ND') => notePostings({ kind, plan: p }).map((x) => [x.account, Number(x.debit ?? 0), Number(x.credit ?? 0)]);
  assert.deepEqual(rows('ND'), [['13050501', 119, 0], ['24080501', 0, 19], ['41359501', 0, 100]]);
  assert.deepEqual(rows('NC'), [['13050501', 0, 119], ['24080501', 19, 0], ['41359501', 100, 0]]);
});
