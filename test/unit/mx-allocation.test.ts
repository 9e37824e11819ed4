/**
 * How a Mexican credit note over several invoices is split by what each sold (src/notes/mx-allocation.ts), and the
 * note that takes the last of one tax's base (settlingShare without settling), figures by hand.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import Decimal from 'decimal.js';
import { allocateByProduct, productsLeft } from '../../src/notes/mx-allocation';
import { settlingShare } from '../../src/payments/compute';

/** A CFDI line of `base` (no discount) with IVA at `rate` % on it. */
const line = (code: string, quantity: number, base: number, rate: number) =>
  ({ code, quantity, subtotal: base, discount_value: 0, taxes: [{ id: 1, type: 'IVA', percentage: rate, base_value: base, value: new Decimal(base).times(rate).div(100).toDecimalPlaces(2).toNumber() }] }) as any;

test('a line goes to the invoices that sold its product, in the order sent, each up to what is left of it; its taxes go with it', () => {
  const a = { id: 'a', items: [line('CONSULT', 1, 1000, 16)], notes: [] };
  const b = { id: 'b', items: [line('CONSULT', 1, 1000, 16), line('AGUA', 10, 450, 0)], notes: [] };
  // CONSULT 1,333.33 + IVA 213.33; AGUA 2 × 45 at 0 %.
  const note = { items: [line('CONSULT', 1, 1333.33, 16), line('AGUA', 2, 90, 0)], retention_details: [] };
  const [pa, pb] = allocateByProduct(note, [a, b].map((x) => ({ id: x.id, left: productsLeft(x) })));
  // a takes 1,000.00 of the line (1,000 / 1,333.33 = 0.750002 of its unit and its IVA: 160.00); b the rest, 333.33 and 53.33, and all of AGUA.
  assert.deepEqual([pa.amount.toFixed(2), pa.lines, pa.taxes], ['1160.00', [{ code: 'CONSULT', quantity: 0.750002, base_value: 1000 }], [{ type: 'IVA', percentage: 16, base_value: 1000, value: 160 }]]);
  assert.deepEqual([pb.amount.toFixed(2), pb.lines.map((l) => [l.code, l.quantity, l.base_value]), pb.taxes.map((t) => [t.percentage, t.base_value, t.value])],
    ['476.66', [['CONSULT', 0.249998, 333.33], ['AGUA', 2, 90]], [[16, 333.33, 53.33], [0, 90, 0]]]);
  assert.equal(pa.amount.plus(pb.amount).toFixed(2), new Decimal(1333.33 + 213.33 + 90).toFixed(2), 'the parts add up to the note');
});

test('what an earlier note took of a product on an invoice: its part\'s lines, or (a note before parts had lines) its amount\'s proportion', () => {
  const items = [line('CONSULT', 2, 1000, 16)];
  const kept = { items: [], total: 580, reason: 'return', invoices: [{ id: 'a', amount: 580, lines: [{ code: 'CONSULT', quantity: 1, base_value: 500 }] }] };
  assert.deepEqual([...productsLeft({ id: 'a', items, notes: [kept] })].map(([c, l]) => [c, l.value.toFixed(2), l.units.toFixed()]), [['CONSULT', '500.00', '1']]);
  // An older note of 1 × 600 + IVA 96 over two invoices, 348.00 of its 696.00 on this one: half of its line.
  const older = { items: [line('CONSULT', 1, 600, 16)], total: 696, invoices: [{ id: 'a', amount: 348 }, { id: 'b', amount: 348 }] };
  assert.deepEqual([...productsLeft({ id: 'a', items, notes: [older] })].map(([c, l]) => [c, l.value.toFixed(2), l.units.toFixed()]), [['CONSULT', '700.00', '2']]);
});

test('a note that takes the whole base left of a tax moves what the books hold of it; one that takes part of it, its own', () => {
  const declared = { taxes: [{ type: 'IVA', percentage: 16, base_value: 150, value: 24 }], withholdings: [] };
  const left = (base: string, value: string) => ({ taxes: [{ type: 'IVA', percentage: '16', base: new Decimal(base), value: new Decimal(value) }], withholdings: [] });
  assert.deepEqual(settlingShare(declared, left('150.00', '24.01'), false), { taxes: [{ ...declared.taxes[0], value: 24.01 }], withholdings: [] });
  assert.equal(settlingShare(declared, left('150.01', '24.01'), false), undefined);
});
