/**
 * Invoice arithmetic, worked by hand (docs/colombia.md and docs/mexico.md).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { computeCO, computeMX, round2, type TaxRef } from '../../src/invoices/compute';

const IVA19: TaxRef = { id: 1, type: 'IVA', percentage: 19 };
const IVA5: TaxRef = { id: 2, type: 'IVA', percentage: 5 };
const INC8: TaxRef = { id: 4, type: 'Impoconsumo', percentage: 8 };
const RTF25: TaxRef = { id: 5, type: 'Retefuente', percentage: 2.5 };
const RIVA15: TaxRef = { id: 7, type: 'ReteIVA', percentage: 15 };
const RICA: TaxRef = { id: 8, type: 'ReteICA', percentage: '0.966' };
const AUTO: TaxRef = { id: 9, type: 'Autorretencion', percentage: 0.8 };

test('round2 rounds half away from zero', () => {
  assert.equal(round2('2.675').toFixed(2), '2.68'); // a float would give 2.67
  assert.equal(round2('-2.675').toFixed(2), '-2.68');
  assert.equal(round2('1.004999').toFixed(2), '1.00');
});

test('DESIGN example: 10 × 100.00 − 50.00, IVA 19 % → base 950.00, IVA 180.50, total 1130.50', () => {
  const out = computeCO({ discountType: 'Value', lines: [{ quantity: 10, price: 100, discount: 50, taxes: [IVA19] }], retentions: [] });
  const [l] = out.lines;
  assert.equal(l.base, '950.00');
  assert.equal(l.taxes[0].value, '180.50');
  assert.equal(l.taxes[0].base, '950.00');
  assert.equal(l.total, '1130.50');
  assert.equal(out.total, '1130.50');
  assert.equal(out.payable, '1130.50');
});

test('DESIGN example: taxed price 119 with IVA 19 % → price 100, tax 19, total 119', () => {
  const out = computeCO({ discountType: 'Value', lines: [{ quantity: 1, taxed_price: 119, taxes: [IVA19] }], retentions: [] });
  assert.equal(out.lines[0].price, '100.000000');
  assert.equal(out.lines[0].taxes[0].value, '19.00');
  assert.equal(out.total, '119.00');
});

test('taxed price with IVA 19 % and Impoconsumo 8 %: 127 / 1.27 = 100', () => {
  const out = computeCO({ discountType: 'Value', lines: [{ quantity: 2, taxed_price: 127, taxes: [IVA19, INC8] }], retentions: [] });
  // base 200.00; IVA 38.00; INC 16.00; total 254.00
  assert.deepEqual(out.lines[0].taxes.map((t) => t.value), ['38.00', '16.00']);
  assert.equal(out.total, '254.00');
});

test('taxed price that does not divide evenly keeps 6 decimals, then rounds the base', () => {
  // 10000 / 1.19 = 8403.361344537… → 8403.361345; × 3 = 25210.084035 → base 25210.08; IVA 19 % = 4789.9152 → 4789.92
  const out = computeCO({ discountType: 'Value', lines: [{ quantity: 3, taxed_price: 10000, taxes: [IVA19] }], retentions: [] });
  assert.equal(out.lines[0].price, '8403.361345');
  assert.equal(out.lines[0].base, '25210.08');
  assert.equal(out.lines[0].taxes[0].value, '4789.92');
  assert.equal(out.total, '30000.00');
});

test('percentage discount: 3 × 33.333333 − 10 % → base 90.00, IVA 17.10', () => {
  // gross 99.999999; discount 9.9999999; base round(89.9999991) = 90.00; IVA 17.10; total 107.10
  const out = computeCO({ discountType: 'Percentage', lines: [{ quantity: 3, price: '33.333333', discount: 10, taxes: [IVA19] }], retentions: [] });
  assert.equal(out.lines[0].discount, '10.00');
  assert.equal(out.lines[0].base, '90.00');
  assert.equal(out.lines[0].taxes[0].value, '17.10');
  assert.equal(out.lines[0].total, '107.10');
});

test('a tax value at exactly half a cent rounds up: base 0.50 × 5 % = 0.025 → 0.03', () => {
  const out = computeCO({ discountType: 'Value', lines: [{ quantity: 1, price: 0.5, taxes: [IVA5] }], retentions: [] });
  assert.equal(out.lines[0].taxes[0].value, '0.03');
  assert.equal(out.total, '0.53');
});

test('gift lines: taxes on tax_base, borne by the company or added for the customer', () => {
  const out = computeCO({
    discountType: 'Value',
    lines: [
      { quantity: 1, price: 0, taxes: [IVA19], gift: { tax_base: 50000, taxpayer: 'Company' } },
      { quantity: 1, price: 0, taxes: [IVA19], gift: { tax_base: 10000, taxpayer: 'Customer' } },
    ],
    retentions: [RIVA15],
  });
  assert.deepEqual(out.lines.map((l) => [l.base, l.taxes[0].base, l.taxes[0].value, l.total, l.borne_by_company]),
    [['0.00', '50000.00', '9500.00', '0.00', '9500.00'], ['0.00', '10000.00', '1900.00', '1900.00', '0.00']]);
  assert.equal(out.charges, '1900.00');
  assert.equal(out.total, '1900.00');
  // ReteIVA on the IVA the customer pays: 15 % of 1900 = 285.00
  assert.equal(out.retentions[0].value, '285.00');
});

test('Retefuente on a line, ReteIVA, ReteICA per mil, Autorretencion and an advance payment', () => {
  // 4 × 250000 = 1,000,000; IVA 190,000; Retefuente 25,000 → line 1,165,000
  // ReteIVA 15 % × 190,000 = 28,500; ReteICA 0.966 % × 1,000,000 = 9,660; Autorretencion 0.8 % = 8,000
  // total 1,190,000; withholdings 63,160 (not Autorretencion); advance 100,000; payable 1,026,840
  const out = computeCO({
    discountType: 'Value',
    lines: [{ quantity: 4, price: 250000, taxes: [IVA19, RTF25] }],
    retentions: [RIVA15, RICA, AUTO],
    advancePayment: 100000,
  });
  assert.equal(out.lines[0].total, '1165000.00');
  assert.deepEqual(out.retentions.map((r) => [r.type, r.base, r.value]), [['ReteIVA', '190000.00', '28500.00'], ['ReteICA', '1000000.00', '9660.00'], ['Autorretencion', '1000000.00', '8000.00']]);
  assert.equal(out.line_withholdings, '25000.00');
  assert.equal(out.total, '1190000.00');
  assert.equal(out.withholdings, '63160.00');
  assert.equal(out.advance_payment, '100000.00');
  assert.equal(out.payable, '1026840.00');
});

test('ReteICA with cents: 0.966 % of 123,456.78 = 1,192.5925 → 1,192.59', () => {
  const out = computeCO({ discountType: 'Value', lines: [{ quantity: 1, price: '123456.78', taxes: [] }], retentions: [RICA] });
  assert.equal(out.retentions[0].value, '1192.59');
  assert.equal(out.payable, '122264.19');
});

test('global discount by percentage (wins over value) and a global charge by value', () => {
  // bases 950 + 333.33 = 1283.33; IVA 180.50; discount 7.5 % = 96.24975 → 96.25; charge 20.00
  // total = 1283.33 + 180.50 − 96.25 + 20 = 1387.58
  const out = computeCO({
    discountType: 'Value',
    lines: [{ quantity: 10, price: 100, discount: 50, taxes: [IVA19] }, { quantity: 3, price: '111.11', taxes: [] }],
    retentions: [],
    globalDiscounts: [{ id: 1, percentage: 7.5, value: 1 }],
    globalCharges: [{ id: 2, value: 20 }],
  });
  assert.equal(out.subtotal, '1283.33');
  assert.deepEqual(out.global_discounts, [{ id: 1, percentage: '7.5', base: '1283.33', value: '96.25' }]);
  assert.deepEqual(out.global_charges, [{ id: 2, percentage: null, base: '1283.33', value: '20.00' }]);
  assert.equal(out.total, '1387.58');
  assert.equal(out.payable, '1387.58');
});

test('a foreign-currency invoice computes in its own currency (conversion belongs to the ledger)', () => {
  // USD: 3 × 19.99 = 59.97; IVA 19 % = 11.3943 → 11.39; total 71.36
  const out = computeCO({ discountType: 'Value', lines: [{ quantity: 3, price: 19.99, taxes: [IVA19] }], retentions: [] });
  assert.equal(out.total, '71.36');
});

test('MX: IVA 16 % with ReteIVA 10.6667 % and ReteISR 10 % on the subtotal', () => {
  // 2 × 1500.00 = 3000.00, discount 10 % → 300.00, base 2700.00; IVA 432.00
  // ReteIVA 10.6667 % × 2700 = 288.0009 → 288.00; ReteISR 10 % = 270.00
  // total = 3000 − 300 + 432 − 288 − 270 = 2574.00
  const out = computeMX({
    discountType: 'Percentage',
    lines: [{ quantity: 2, price: 1500, discount: 10, taxes: [{ id: 1, type: 'IVA', percentage: 16 }] }],
    retentions: [{ id: 2, type: 'ReteIVA', percentage: '10.6667' }, { id: 3, type: 'ReteISR', percentage: 10 }],
  });
  assert.equal(out.subtotal, '3000.00');
  assert.equal(out.discounts, '300.00');
  assert.equal(out.taxes, '432.00');
  assert.deepEqual(out.retentions.map((r) => r.value), ['288.00', '270.00']);
  assert.equal(out.total, '2574.00');
});

test('MX: discount as a value, two lines, IVA 16 % and 0 %', () => {
  // 3 × 99.99 = 299.97 − 9.97 = 290.00; IVA 46.40. 1 × 50.50, IVA 0 → 0. total 340.50 + 46.40 = 386.90
  const out = computeMX({
    discountType: 'Value',
    lines: [
      { quantity: 3, price: 99.99, discount: 9.97, taxes: [{ id: 1, type: 'IVA', percentage: 16 }] },
      { quantity: 1, price: 50.5, taxes: [{ id: 5, type: 'IVA', percentage: 0 }] },
    ],
    retentions: [],
  });
  assert.deepEqual(out.lines.map((l) => [l.base, l.taxes[0].value, l.total]), [['290.00', '46.40', '336.40'], ['50.50', '0.00', '50.50']]);
  assert.equal(out.total, '386.90');
});
