import { test } from 'node:test';
import assert from 'node:assert/strict';
import Decimal from 'decimal.js';
import { computeCO, computeMX, round2, taxableFor, WITHHOLDING_TYPES, type InvoiceIn, type TaxRef } from '../../src/invoices/compute';

const IVA19: TaxRef = { id: 1, name: 'IVA 19%', type: 'IVA', percentage: 19 };
const INC8: TaxRef = { id: 2, name: 'Impoconsumo 8%', type: 'Impoconsumo', percentage: 8 };
const RETEFUENTE: TaxRef = { id: 3, name: 'Retefuente 2.5%', type: 'Retefuente', percentage: '2.50' };
const RETEIVA: TaxRef = { id: 4, name: 'ReteIVA 15%', type: 'ReteIVA', percentage: 15 };
const RETEICA: TaxRef = { id: 5, name: 'ReteICA 9.66 x mil', type: 'ReteICA', percentage: '0.966' };
const AUTORRETENCION: TaxRef = { id: 6, name: 'Autorretención 0.8%', type: 'Autorretencion', percentage: 0.8 };

const co = (over: Partial<InvoiceIn>): InvoiceIn => ({ discountType: 'Value', lines: [], retentions: [], ...over });

// ------------------------------------------------------------------ round2

test('round2 rounds half away from zero, in decimal', () => {
  assert.ok(round2('2.345') instanceof Decimal);
  assert.equal(round2('2.345').toFixed(2), '2.35');
  assert.equal(round2('-2.345').toFixed(2), '-2.35'); // away from zero, not towards +∞
  assert.equal(round2('2.365').toFixed(2), '2.37'); // half-even would give 2.36
  assert.equal(round2('0.285').toFixed(2), '0.29'); // the float 0.285.toFixed(2) is "0.28"
  assert.equal(round2('1.005').toFixed(2), '1.01'); // the float 1.005.toFixed(2) is "1.00"
  assert.equal(round2(2.675).toFixed(2), '2.68'); // a JSON number is read by its decimal text
  assert.equal(round2('2.344999').toFixed(2), '2.34');
  assert.equal(round2(new Decimal('10')).toFixed(2), '10.00');
});

test('WITHHOLDING_TYPES', () => {
  assert.deepEqual([...WITHHOLDING_TYPES].sort(), ['Autorretencion', 'ReteICA', 'ReteISR', 'ReteIVA', 'Retefuente']);
  assert.equal(WITHHOLDING_TYPES.has('IVA'), false);
});

// ------------------------------------------------------------------ Colombia

test('DESIGN §4 example: quantity 10, price 100, discount 50, IVA 19 %', () => {
  // gross = 10 × 100 = 1000; base = round2(1000 − 50) = 950.00
  // IVA = round2(950 × 19 / 100) = 180.50; line total = 950 + 180.50 = 1130.50
  const out = computeCO(co({ lines: [{ quantity: 10, price: 100, discount: 50, taxes: [IVA19] }] }));
  assert.deepEqual(out.lines[0], {
    price: '100.000000', gross: '1000.00', discount: '50.00', base: '950.00',
    taxes: [{ id: 1, name: 'IVA 19%', type: 'IVA', percentage: '19', base: '950.00', value: '180.50', withholding: false }],
    total: '1130.50', borne_by_company: '0.00',
  });
  assert.equal(out.subtotal, '950.00');
  assert.equal(out.charges, '180.50');
  assert.equal(out.line_withholdings, '0.00');
  assert.equal(out.total, '1130.50');
  assert.equal(out.withholdings, '0.00');
  assert.equal(out.advance_payment, '0.00');
  assert.equal(out.payable, '1130.50');
  assert.deepEqual(out.retentions, []);
  assert.deepEqual(out.global_discounts, []);
  assert.deepEqual(out.global_charges, []);
});

test('DESIGN §4 example: taxed_price 119 with IVA 19 %', () => {
  // price = 119 / (1 + 0.19) = 100.000000; base 100.00; IVA = 19.00; total = 119.00
  const out = computeCO(co({ lines: [{ quantity: 1, taxed_price: 119, taxes: [IVA19] }] }));
  const l = out.lines[0];
  assert.equal(l.price, '100.000000');
  assert.equal(l.base, '100.00');
  assert.equal(l.taxes[0].value, '19.00');
  assert.equal(l.total, '119.00');
  assert.equal(out.total, '119.00');
  assert.equal(out.payable, '119.00');
});

test('taxed_price replaces price when both are sent', () => {
  // price = 119 / 1.19 = 100 (the 80 is ignored)
  const out = computeCO(co({ lines: [{ quantity: 2, price: 80, taxed_price: 119, taxes: [IVA19] }] }));
  assert.equal(out.lines[0].price, '100.000000');
  assert.equal(out.lines[0].base, '200.00');
  assert.equal(out.lines[0].total, '238.00');
});

test('taxed_price with IVA 19 % + Impoconsumo 8 %', () => {
  // price = 10000 / 1.27 = 7874.01574803… → 6 decimals, half up: 7874.015748
  // gross = 7874.015748; base = round2 = 7874.02
  // IVA = round2(7874.02 × 0.19 = 1496.0638) = 1496.06; INC = round2(7874.02 × 0.08 = 629.9216) = 629.92
  // total = 7874.02 + 1496.06 + 629.92 = 10000.00
  const out = computeCO(co({ lines: [{ quantity: 1, taxed_price: 10000, taxes: [IVA19, INC8] }] }));
  const l = out.lines[0];
  assert.equal(l.price, '7874.015748');
  assert.equal(l.gross, '7874.015748');
  assert.equal(l.base, '7874.02');
  assert.deepEqual(l.taxes.map((t) => [t.type, t.base, t.value]), [['IVA', '7874.02', '1496.06'], ['Impoconsumo', '7874.02', '629.92']]);
  assert.equal(l.total, '10000.00');
  assert.equal(out.charges, '2125.98');
  assert.equal(out.total, '10000.00');

  // quantity 3: price = 119 / 1.27 = 93.7007874… → 93.700787; gross = 281.102361; base 281.10
  // IVA = round2(53.409) = 53.41; INC = round2(22.488) = 22.49; total = 281.10 + 53.41 + 22.49 = 357.00
  const three = computeCO(co({ lines: [{ quantity: 3, taxed_price: 119, taxes: [IVA19, INC8] }] })).lines[0];
  assert.equal(three.price, '93.700787');
  assert.equal(three.gross, '281.102361');
  assert.equal(three.base, '281.10');
  assert.deepEqual(three.taxes.map((t) => t.value), ['53.41', '22.49']);
  assert.equal(three.total, '357.00');
});

test('taxed_price: only IVA and Impoconsumo are in the divisor, not Retefuente', () => {
  // price = 119 / 1.19 = 100; IVA 19.00; Retefuente = 100 × 2.5 % = 2.50; total = 100 + 19 − 2.50 = 116.50
  const l = computeCO(co({ lines: [{ quantity: 1, taxed_price: 119, taxes: [IVA19, RETEFUENTE] }] })).lines[0];
  assert.equal(l.price, '100.000000');
  assert.deepEqual(l.taxes.map((t) => t.value), ['19.00', '2.50']);
  assert.equal(l.total, '116.50');
});

test('percentage discount on a line', () => {
  // gross = 3 × 33.33 = 99.99; discount = 99.99 × 15 / 100 = 14.9985 (shown 15.00)
  // base = round2(99.99 − 14.9985 = 84.9915) = 84.99; IVA = round2(84.99 × 0.19 = 16.1481) = 16.15
  // total = 84.99 + 16.15 = 101.14
  const out = computeCO(co({ discountType: 'Percentage', lines: [{ quantity: 3, price: '33.33', discount: 15, taxes: [IVA19] }] }));
  const l = out.lines[0];
  assert.equal(l.gross, '99.99');
  assert.equal(l.discount, '15.00');
  assert.equal(l.base, '84.99');
  assert.equal(l.taxes[0].value, '16.15');
  assert.equal(l.total, '101.14');
  assert.equal(out.total, '101.14');
});

test('the line base is rounded after the discount, not before', () => {
  // Percentage: gross = 1 × 10.50 = 10.50; discount = 10.50 × 5 / 100 = 0.525 (shown 0.53)
  // base = round2(10.50 − 0.525 = 9.975) = 9.98 — not 10.50 − 0.53 = 9.97
  const a = computeCO(co({ discountType: 'Percentage', lines: [{ quantity: 1, price: '10.50', discount: 5, taxes: [] }] })).lines[0];
  assert.deepEqual([a.gross, a.discount, a.base, a.total], ['10.50', '0.53', '9.98', '9.98']);
  // Value with a fractional unit price: gross = 3 × 0.335 = 1.005 → base = round2(1.005) = 1.01 (half up)
  const b = computeCO(co({ lines: [{ quantity: 3, price: '0.335', taxes: [] }] })).lines[0];
  assert.deepEqual([b.gross, b.discount, b.base], ['1.005', '0.00', '1.01']);
});

test('half away from zero at .xx5 on a real tax value', () => {
  // base = 2 × 500.75 = 1001.50; IVA = 1001.50 × 19 / 100 = 190.285 exactly → 190.29
  // (half-even gives 190.28, and so does the float (1001.5 * 19 / 100).toFixed(2))
  // total = 1001.50 + 190.29 = 1191.79
  assert.equal((1001.5 * 19 / 100).toFixed(2), '190.28'); // the float trap this code avoids
  const out = computeCO(co({ lines: [{ quantity: 2, price: '500.75', taxes: [IVA19] }] }));
  assert.equal(out.lines[0].base, '1001.50');
  assert.equal(out.lines[0].taxes[0].value, '190.29');
  assert.equal(out.lines[0].total, '1191.79');
  assert.equal(out.total, '1191.79');
  // base 1.50: IVA = 0.285 → 0.29
  assert.equal(computeCO(co({ lines: [{ quantity: 1, price: '1.50', taxes: [IVA19] }] })).lines[0].taxes[0].value, '0.29');
});

test('gift line, taxpayer Company: taxes on tax_base, borne by the company', () => {
  // line 1: 1 × 100, IVA 19.00, total 119.00
  // line 2 (gift): price 0 → base 0.00; IVA on tax_base 200.00 = 38.00 → borne_by_company 38.00, line total 0.00
  // invoice: subtotal 100.00, charges 19.00 (the gift's IVA is not charged), total 119.00
  // ReteIVA 15 % on the IVA the customer pays (19.00) = 2.85; payable = 119.00 − 2.85 = 116.15
  const out = computeCO(co({
    lines: [
      { quantity: 1, price: 100, taxes: [IVA19] },
      { quantity: 1, price: 0, taxes: [IVA19], gift: { tax_base: 200, taxpayer: 'Company' } },
    ],
    retentions: [RETEIVA],
  }));
  const gift = out.lines[1];
  assert.equal(gift.base, '0.00');
  assert.deepEqual(gift.taxes.map((t) => [t.base, t.value]), [['200.00', '38.00']]);
  assert.equal(gift.total, '0.00');
  assert.equal(gift.borne_by_company, '38.00');
  assert.equal(out.lines[0].borne_by_company, '0.00');
  assert.equal(out.subtotal, '100.00');
  assert.equal(out.charges, '19.00');
  assert.equal(out.total, '119.00');
  assert.deepEqual(out.retentions.map((r) => [r.base, r.value]), [['19.00', '2.85']]);
  assert.equal(out.withholdings, '2.85');
  assert.equal(out.payable, '116.15');
});

test('gift line, taxpayer Customer: taxes on tax_base, charged to the customer', () => {
  // gift IVA = 200.00 × 19 % = 38.00, added: gift line total = 0 + 38.00 = 38.00
  // invoice: subtotal 100.00, charges 19.00 + 38.00 = 57.00, total 157.00
  // ReteIVA 15 % × 57.00 = 8.55; payable = 157.00 − 8.55 = 148.45
  const out = computeCO(co({
    lines: [
      { quantity: 1, price: 100, taxes: [IVA19] },
      { quantity: 1, price: 0, taxes: [IVA19], gift: { tax_base: '200.00', taxpayer: 'Customer' } },
    ],
    retentions: [RETEIVA],
  }));
  const gift = out.lines[1];
  assert.equal(gift.base, '0.00');
  assert.equal(gift.taxes[0].value, '38.00');
  assert.equal(gift.total, '38.00');
  assert.equal(gift.borne_by_company, '0.00');
  assert.equal(out.subtotal, '100.00');
  assert.equal(out.charges, '57.00');
  assert.equal(out.total, '157.00');
  assert.equal(out.retentions[0].value, '8.55');
  assert.equal(out.payable, '148.45');
});

test('ReteIVA 15 % and ReteICA 0.966 % at invoice level', () => {
  // base = 2 × 1250.50 = 2501.00; IVA = 2501 × 0.19 = 475.19; total = 2976.19
  // ReteIVA = round2(475.19 × 0.15 = 71.2785) = 71.28 (base = the IVA)
  // ReteICA = round2(2501.00 × 0.966 / 100 = 24.15966) = 24.16 (base = the line bases)
  // withholdings = 71.28 + 24.16 = 95.44; payable = 2976.19 − 95.44 = 2880.75
  const out = computeCO(co({ lines: [{ quantity: 2, price: '1250.50', taxes: [IVA19] }], retentions: [RETEIVA, RETEICA] }));
  assert.deepEqual(out.retentions, [
    { id: 4, name: 'ReteIVA 15%', type: 'ReteIVA', percentage: '15', base: '475.19', value: '71.28', withholding: true },
    { id: 5, name: 'ReteICA 9.66 x mil', type: 'ReteICA', percentage: '0.966', base: '2501.00', value: '24.16', withholding: true },
  ]);
  assert.equal(out.total, '2976.19');
  assert.equal(out.line_withholdings, '0.00');
  assert.equal(out.withholdings, '95.44');
  assert.equal(out.payable, '2880.75');
});

test('Autorretencion 0.8 % is computed but not withheld from the customer', () => {
  // same line: base 2501.00, IVA 475.19, total 2976.19
  // Autorretencion = round2(2501.00 × 0.8 / 100 = 20.008) = 20.01 — not in withholdings
  // ReteIVA = 71.28; withholdings = 71.28; payable = 2976.19 − 71.28 = 2904.91
  const out = computeCO(co({ lines: [{ quantity: 2, price: '1250.50', taxes: [IVA19] }], retentions: [AUTORRETENCION, RETEIVA] }));
  assert.deepEqual(out.retentions.map((r) => [r.type, r.base, r.value, r.withholding]), [
    ['Autorretencion', '2501.00', '20.01', true],
    ['ReteIVA', '475.19', '71.28', true],
  ]);
  assert.equal(out.total, '2976.19');
  assert.equal(out.withholdings, '71.28');
  assert.equal(out.payable, '2904.91');
});

test('Retefuente 2.5 % on a line', () => {
  // base = 4 × 250 = 1000.00; IVA = 190.00; Retefuente = 1000 × 2.5 % = 25.00
  // line total = 1000 + 190 − 25 = 1165.00
  // invoice total = 1000 + 190 = 1190.00 (withholdings are not in the total)
  // ReteIVA 15 % × 190 = 28.50; withholdings = 25.00 + 28.50 = 53.50; payable = 1190 − 53.50 = 1136.50
  const out = computeCO(co({ lines: [{ quantity: 4, price: 250, taxes: [IVA19, RETEFUENTE] }], retentions: [RETEIVA] }));
  const l = out.lines[0];
  assert.deepEqual(l.taxes[1], { id: 3, name: 'Retefuente 2.5%', type: 'Retefuente', percentage: '2.5', base: '1000.00', value: '25.00', withholding: true });
  assert.equal(l.total, '1165.00');
  assert.equal(out.charges, '190.00');
  assert.equal(out.line_withholdings, '25.00');
  assert.equal(out.total, '1190.00');
  assert.equal(out.withholdings, '53.50');
  assert.equal(out.payable, '1136.50');
});

test('global discounts (percentage wins over value), a global charge by value and an advance payment', () => {
  // line: base 950.00, IVA 180.50 (DESIGN example); Σ line bases = 950.00
  // discount 1: 3.33 % × 950 = 31.635 → 31.64 (half up)
  // discount 2: percentage 5 and value 999 sent → percentage wins: 5 % × 950 = 47.50
  // charge: value 30 → 30.00
  // total = 950 + 180.50 − 31.64 − 47.50 + 30.00 = 1081.36
  // advance 100.50 → payable = 1081.36 − 0 − 100.50 = 980.86
  const out = computeCO(co({
    lines: [{ quantity: 10, price: 100, discount: 50, taxes: [IVA19] }],
    globalDiscounts: [{ id: 11, percentage: '3.33' }, { id: 12, percentage: 5, value: 999 }],
    globalCharges: [{ id: 21, value: 30 }],
    advancePayment: '100.5',
  }));
  assert.deepEqual(out.global_discounts, [
    { id: 11, percentage: '3.33', base: '950.00', value: '31.64' },
    { id: 12, percentage: '5', base: '950.00', value: '47.50' },
  ]);
  assert.deepEqual(out.global_charges, [{ id: 21, percentage: null, base: '950.00', value: '30.00' }]);
  assert.equal(out.subtotal, '950.00');
  assert.equal(out.total, '1081.36');
  assert.equal(out.advance_payment, '100.50');
  assert.equal(out.payable, '980.86');
});

test('a full invoice: Retefuente, ReteIVA, ReteICA, Autorretencion, global discount and advance', () => {
  // line 1: 10 × 100 − 50 → base 950.00, IVA 180.50, Retefuente 2.5 % = 23.75, total = 950 + 180.50 − 23.75 = 1106.75
  // line 2: 2 × 1250.50 → base 2501.00, IVA 475.19, total 2976.19
  // subtotal = 3451.00; charges = 655.69; line withholdings = 23.75
  // ReteIVA 15 % × 655.69 = 98.3535 → 98.35; ReteICA 0.966 % × 3451 = 33.33666 → 33.34
  // Autorretencion 0.8 % × 3451 = 27.608 → 27.61 (not withheld)
  // global discount 10 % × 3451 = 345.10; total = 3451 + 655.69 − 345.10 = 3761.59
  // withholdings = 23.75 + 98.35 + 33.34 = 155.44; advance 500 → payable = 3761.59 − 155.44 − 500 = 3106.15
  const out = computeCO(co({
    lines: [
      { quantity: 10, price: 100, discount: 50, taxes: [IVA19, RETEFUENTE] },
      { quantity: 2, price: '1250.50', taxes: [IVA19] },
    ],
    retentions: [RETEIVA, RETEICA, AUTORRETENCION],
    globalDiscounts: [{ id: 1, percentage: 10 }],
    advancePayment: 500,
  }));
  assert.deepEqual(out.lines.map((l) => l.total), ['1106.75', '2976.19']);
  assert.equal(out.subtotal, '3451.00');
  assert.equal(out.charges, '655.69');
  assert.equal(out.line_withholdings, '23.75');
  assert.deepEqual(out.retentions.map((r) => [r.type, r.base, r.value]), [
    ['ReteIVA', '655.69', '98.35'], ['ReteICA', '3451.00', '33.34'], ['Autorretencion', '3451.00', '27.61'],
  ]);
  assert.equal(out.global_discounts[0].value, '345.10');
  assert.equal(out.total, '3761.59');
  assert.equal(out.withholdings, '155.44');
  assert.equal(out.advance_payment, '500.00');
  assert.equal(out.payable, '3106.15');
});

test('numeric strings from PostgreSQL and JSON numbers give the same result', () => {
  const a = computeCO(co({ lines: [{ quantity: 10, price: 100, discount: 50, taxes: [IVA19] }] }));
  const b = computeCO(co({ lines: [{ quantity: '10.00', price: '100.000000', discount: '50.00', taxes: [{ ...IVA19, percentage: '19.00' }] }] }));
  assert.equal(b.lines[0].taxes[0].percentage, '19');
  assert.deepEqual(b, a);
});

// ------------------------------------------------------------------ Mexico

const IVA16: TaxRef = { id: 101, name: 'IVA 16%', type: 'IVA', percentage: 16 };
const IVA0: TaxRef = { id: 102, name: 'IVA 0%', type: 'IVA', percentage: 0 };
const RETEIVA_MX: TaxRef = { id: 103, name: 'Retención IVA', type: 'ReteIVA', percentage: '10.6667' };
const RETEISR: TaxRef = { id: 104, name: 'Retención ISR', type: 'ReteISR', percentage: 10 };

test('MX: IVA 16 % with ReteIVA 10.6667 % and ReteISR 10 %', () => {
  // subtotal = 1 × 1000 = 1000.00; IVA = 160.00
  // ReteIVA = round2(1000 × 10.6667 / 100 = 106.667) = 106.67; ReteISR = 100.00
  // total = 1000 − 0 + 160 − 106.67 − 100 = 953.33
  const out = computeMX({ discountType: 'Value', lines: [{ quantity: 1, price: 1000, taxes: [IVA16] }], retentions: [RETEIVA_MX, RETEISR] });
  assert.deepEqual(out.lines[0], {
    price: '1000.000000', gross: '1000.00', discount: '0.00', base: '1000.00',
    taxes: [{ id: 101, name: 'IVA 16%', type: 'IVA', percentage: '16', base: '1000.00', value: '160.00', withholding: false }],
    total: '1160.00', borne_by_company: '0.00',
  });
  assert.equal(out.subtotal, '1000.00');
  assert.equal(out.discounts, '0.00');
  assert.equal(out.taxes, '160.00');
  assert.deepEqual(out.retentions, [
    { id: 103, name: 'Retención IVA', type: 'ReteIVA', percentage: '10.6667', base: '1000.00', value: '106.67', withholding: true },
    { id: 104, name: 'Retención ISR', type: 'ReteISR', percentage: '10', base: '1000.00', value: '100.00', withholding: true },
  ]);
  assert.equal(out.total, '953.33');
});

test('MX: percentage discounts, IVA 16 % and 0 %: ReteIVA only on the line charging IVA, ReteISR on the discounted subtotal', () => {
  // line 1: 3 × 333.33 = 999.99; discount 10 % = 99.999 → 100.00; base 899.99; IVA = 143.9984 → 144.00
  // line 2: 2 × 50 = 100.00; no discount; IVA 0 % = 0.00
  // subtotal = 1099.99; discounts = 100.00; taxes = 144.00
  // ReteIVA on the IVA base of line 1 only (line 2 charges no IVA): round2(899.99 × 0.106667 = 95.99876…) = 96.00
  // ReteISR on both bases, 999.99: round2(99.999) = 100.00
  // total = 1099.99 − 100.00 + 144.00 − 96.00 − 100.00 = 947.99
  const out = computeMX({
    discountType: 'Percentage',
    lines: [{ quantity: 3, price: '333.33', discount: 10, taxes: [IVA16] }, { quantity: 2, price: 50, taxes: [IVA0] }],
    retentions: [RETEIVA_MX, RETEISR],
  });
  assert.deepEqual(out.lines.map((l) => [l.gross, l.discount, l.base, l.taxes[0].value, l.total]), [
    ['999.99', '100.00', '899.99', '144.00', '1043.99'],
    ['100.00', '0.00', '100.00', '0.00', '100.00'],
  ]);
  assert.equal(out.subtotal, '1099.99');
  assert.equal(out.discounts, '100.00');
  assert.equal(out.taxes, '144.00');
  assert.deepEqual(out.retentions.map((r) => [r.type, r.base, r.value]), [['ReteIVA', '899.99', '96.00'], ['ReteISR', '999.99', '100.00']]);
  assert.equal(out.total, '947.99');
});

test('MX: base = importe − descuento, each rounded (CFDI Base = Importe − Descuento)', () => {
  // 2.5 × 80.10 = 200.25; discount 10 % = 20.025 → 20.03 (half up); base = 200.25 − 20.03 = 180.22
  // (round2(200.25 − 20.025) would be 180.23 and break subtotal − discounts = Σ bases)
  // IVA = round2(180.22 × 0.16 = 28.8352) = 28.84; total = 180.22 + 28.84 = 209.06
  const out = computeMX({ discountType: 'Percentage', lines: [{ quantity: '2.5', price: '80.10', discount: 10, taxes: [IVA16] }], retentions: [] });
  assert.deepEqual([out.lines[0].gross, out.lines[0].discount, out.lines[0].base, out.lines[0].taxes[0].value], ['200.25', '20.03', '180.22', '28.84']);
  assert.equal(out.subtotal, '200.25');
  assert.equal(out.discounts, '20.03');
  assert.equal(out.taxes, '28.84');
  assert.equal(out.total, '209.06');
  // Value discount: 1 × 100 − 10.50 = 89.50; IVA 14.32; total 103.82
  const v = computeMX({ discountType: 'Value', lines: [{ quantity: 1, price: 100, discount: '10.50', taxes: [IVA16] }], retentions: [] });
  assert.deepEqual([v.lines[0].base, v.taxes, v.total], ['89.50', '14.32', '103.82']);
});

// ------------------------------------------------------------------ taxableFor (issue 48 point 4)

test('taxableFor: the base nearest to the line\'s whose tax at the rate is the amount stated', () => {
  const t = (value: string, pct: string, base: string) => taxableFor(new Decimal(value), new Decimal(pct), new Decimal(base)).toFixed(2);
  assert.equal(t('190.01', '19', '1000.07'), '1000.07', 'its own rounding: unchanged');
  assert.equal(t('190.03', '19', '1000.07'), '1000.14', '190.025 / 0.19 = 1,000.13…, 190.035 / 0.19 = 1,000.18…: the nearest is 1,000.14 (× 19 % = 190.0266)');
  assert.equal(t('18.94', '19', '99.81'), '99.71');
  assert.equal(t('27114.19', '2.5', '1084567.80'), '1084567.79', '1,084,567.80 × 2.5 % is 27,114.195, which rounds up: one cent below');
  assert.equal(t('10476.93', '0.966', '1084567.80'), '1084567.81');
  assert.equal(t('5.00', '0', '100.00'), '100.00', 'no rate: nothing to state it on');
  for (const [value, pct, base] of [['190.03', '19', '1000.07'], ['0.01', '5', '0.03'], ['1.00', '0.966', '99.00'], ['0.00', '19', '0.05']]) {
    const b = new Decimal(t(value, pct, base));
    assert.equal(round2(b.times(pct).div(100)).toFixed(2), new Decimal(value).toFixed(2), `${value} at ${pct} % on ${b}`);
  }
});

test('a credit note that takes the IVA left states it on the base it is 19 % of; its line base and total do not move', () => {
  // What is left of PORT14 on its invoice: base 1,000.07 and IVA 190.03 (the invoice's lines rounded up).
  const credit = { codes: ['PORT14'], lines: new Map([['PORT14', { base: new Decimal('1000.07'), taxes: new Map([[1, new Decimal('190.03')]]) }]]), retentions: new Map() };
  const out = computeCO(co({ lines: [{ quantity: 1, price: '1000.07', taxes: [IVA19] }], credit }));
  assert.deepEqual([out.lines[0].base, out.lines[0].taxes[0].value, out.lines[0].taxes[0].base, out.total], ['1000.07', '190.03', '1000.14', '1190.10']);
});
