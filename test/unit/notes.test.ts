/**
 * The pure rules of credit and debit notes (src/notes/credit.ts, service.ts): what is left
 * to credit on an invoice, the checks of a credit note against it, how a credit
 * on account is spread over the invoice's installments, and the journal entry.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import Decimal from 'decimal.js';
import { notePostings, settle } from '../../src/notes/service';
import { creditRoom, creditRules, refundRules } from '../../src/notes/credit';
import { Problems } from '../../src/platform/errors';
import { ublAccounts } from '../../src/countries';

/** A stored line: its base and its IVA (19 %, tax 1) when taxed. */
const item = (code: string, quantity: number, base: number, iva = false) => {
  const taxes = iva ? [{ id: 1, type: 'IVA', value: Math.round(base * 19) / 100 }] : [];
  return { code, quantity, total: base + (taxes[0]?.value ?? 0), taxes } as any;
};
const INVOICE = { total: 1290, items: [item('PORT14', 6, 600, true), item('PORT14', 4, 400, true), item('LIBRO01', 2, 100)], retentions: [] } as any;
const line = (code: string, quantity: number, taxes: number[] = []) => ({ item: { quantity, taxes: undefined }, product: { code }, taxes: taxes.map((id) => ({ id, type: 'IVA' })) });
const plan = (lines: ReturnType<typeof line>[], bases: number[]) =>
  ({ lines, retentions: [], computed: { total: bases.reduce((a, b, i) => a + b * (lines[i].taxes.length ? 1.19 : 1), 0).toFixed(2), lines: bases.map((t) => ({ base: t.toFixed(2) })) } }) as any;
const check = (reason: number, p: any, room = creditRoom(INVOICE, [])) => {
  const problems = new Problems();
  creditRules(problems, { reason, items: [] as any }, p, room);
  return problems.items.map((x) => `${x.Code}@${x.Params[0]}`);
};

test('what is left to credit: per product (its lines together) in quantity, value and taxes, and in all, less the credit notes before', () => {
  const room = creditRoom(INVOICE, [{ reason: 1, total: 357, items: [item('PORT14', 3, 300, true)], retentions: [] }]);
  assert.equal(room.total.toFixed(2), '933.00');
  const p = room.lines.get('PORT14')!;
  assert.deepEqual([p.quantity.toNumber(), p.base.toNumber(), p.total.toNumber(), p.taxes.get(1)!.toNumber()], [7, 700, 833, 133]);
  assert.equal(room.lines.get('LIBRO01')!.total.toNumber(), 100);
  const rebated = creditRoom(INVOICE, [{ reason: 3, total: 119, items: [item('PORT14', 10, 100, true)], retentions: [] }]).lines.get('PORT14')!;
  assert.deepEqual([rebated.quantity.toNumber(), rebated.base.toNumber(), rebated.taxes.get(1)!.toNumber()], [10, 900, 171], 'a rebate moves no goods');
});

test('a credit note: products and taxes of the invoice, quantities (returns) and values never above what is left', () => {
  assert.deepEqual(check(1, plan([line('PORT14', 3, [1])], [300])), []);
  assert.deepEqual(check(1, plan([line('MOUSE01', 1)], [10])), ['invalid_reference@items[0].code']);
  assert.deepEqual(check(1, plan([line('LIBRO01', 1, [1])], [50])), ['invalid_reference@items[0].code']);
  assert.deepEqual(check(1, plan([line('PORT14', 6, [1]), line('PORT14', 5, [1])], [600, 500])), ['invalid_value@items[1].quantity'], 'two lines of one product add up');
  assert.deepEqual(check(3, plan([line('PORT14', 11, [1])], [100])), [], 'a discount gives no goods back: its quantity is not counted');
  assert.deepEqual(check(3, plan([line('LIBRO01', 1)], [100.01])), ['invalid_value@items[0]']);
  assert.deepEqual(check(3, plan([line('PORT14', 10)], [1000])), ['invalid_value@items[0].taxes'], 'the last of a product reverses what is left of its taxes');
});

test('concept 2 credits exactly what is left, every product in full, in quantity and value', () => {
  assert.deepEqual(check(2, plan([line('PORT14', 10, [1]), line('LIBRO01', 2)], [1000, 100])), []);
  assert.deepEqual(check(2, plan([line('PORT14', 10, [1])], [1000])), ['invalid_value@items']);
  assert.deepEqual(check(2, plan([line('PORT14', 10, [1]), line('LIBRO01', 2)], [1000, 99])), ['invalid_value@items'], 'the value must be what is left');
  const rebated = creditRoom(INVOICE, [{ reason: 3, total: 119, items: [item('PORT14', 10, 100, true)], retentions: [] }]);
  assert.deepEqual(check(2, plan([line('PORT14', 10, [1]), line('LIBRO01', 2)], [900, 100]), rebated), [], 'after a rebate, the quantities and the value left');
  const returnedCheap = creditRoom(INVOICE, [{ reason: 1, total: 595, items: [item('PORT14', 10, 500, true)], retentions: [] }]);
  assert.deepEqual(check(2, plan([line('PORT14', 1, [1]), line('LIBRO01', 2)], [500, 100]), returnedCheap), [], 'every unit back for less: concept 2 credits the value left');
  const afterAll = creditRoom(INVOICE, [{ reason: 2, total: 1290, items: [item('PORT14', 10, 1000, true), item('LIBRO01', 2, 100)], retentions: [] }]);
  assert.deepEqual(check(3, plan([line('LIBRO01', 1)], [1]), afterAll), ['invalid_value@items[0]'], 'nothing is left after an annulment');
});

test('a refund is at most what was collected less what was paid back; nothing collected, nothing refunded', () => {
  const refund = (value: number, collected: number, refunded: number) => {
    const problems = new Problems();
    refundRules(problems, { payments: [{ value, type: { due_date: false } }] } as any, { collected: new Decimal(collected), refunded: new Decimal(refunded) }, 'FV-1-1');
    return problems.items.map((x) => `${x.Code}@${x.Params[0]}`);
  };
  assert.deepEqual(refund(400, 1000, 600), []);
  assert.deepEqual(refund(400.01, 1000, 600), ['invalid_payment@payments[0].value']);
  assert.deepEqual(refund(1, 0, 0), ['invalid_payment@payments[0].id']);
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
    lines: [{ taxes: [{ id: 1, account_code: '24080501' }] }], retentions: [], discounts: [], charges: [], currency: null, accounts: ublAccounts('CO'),
    computed: { advance_payment: '0', retentions: [], global_discounts: [], global_charges: [],
      lines: [{ taxes: [{ id: 1, name: 'IVA 19%', type: 'IVA', value: '19.00', withholding: false }], borne_by_company: '0' }] },
  } as any;
  const rows = (kind: 'NC' | 'ND') => notePostings({ kind, plan: p }).map((x) => [x.account, Number(x.debit ?? 0), Number(x.credit ?? 0)]);
  assert.deepEqual(rows('ND'), [['13050501', 119, 0], ['24080501', 0, 19], ['41359501', 0, 100]]);
  assert.deepEqual(rows('NC'), [['13050501', 0, 119], ['24080501', 19, 0], ['41359501', 100, 0]]);
});
