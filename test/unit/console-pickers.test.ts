/**
 * The document forms' pickers (src/console/pickers.ts): what a product's option carries for its line, written the
 * way the company's country writes amounts, and a chosen product or customer never lost when the lists lack it.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { customerSelect, productSelect, type ProductChoice } from '../../src/console/pickers';
import type { Ctx } from '../../src/console/context';

const ctx = (country: 'CO' | 'MX') => ({ lang: 'es', country } as Ctx);
const laptop: ProductChoice = { code: 'PORT14', name: 'Portátil', prices: [{ price_list: [{ value: 1234.567 }] }],
  taxes: [{ id: 7, name: 'IVA 19%', type: 'IVA' }, { id: 9, name: 'Retefuente 4%', type: 'Retefuente' }], unit: { code: '94', name: 'Unidad' }, sat_unit_key: 'H87' };

test('a product\'s option: its price as the country writes it, its charged tax (Colombia), its unit (and taxes in Mexico)', () => {
  const co = String(productSelect(ctx('CO'), 2, [laptop], 'PORT14'));
  assert.match(co, /<select id="code-2" name="code" aria-label="Producto 3" aria-describedby="unit-2">/);
  // Three decimals would read as thousands in Colombia: four are written (1234,5670).
  assert.match(co, /<option value="PORT14" data-price="1234,5670" data-tax="7"\s+data-unit="Unidad: 94 · Unidad" selected>PORT14 · Portátil<\/option>/);
  const mx = String(productSelect(ctx('MX'), 0, [{ ...laptop, prices: [{ price_list: [{ value: 18999.5 }] }] }], ''));
  assert.match(mx, /<option value="PORT14" data-price="18999.5"\s+data-unit="Unidad: H87 · Pieza · IVA 19%, Retefuente 4%">/);
  assert.doesNotMatch(mx, /selected|data-tax/);
});

test('a chosen product or customer the lists lack is still offered, chosen', () => {
  assert.match(String(productSelect(ctx('CO'), 0, [laptop], 'VIEJO1')), /<option value="VIEJO1" selected>VIEJO1<\/option><\/select>/);
  const c = String(customerSelect(ctx('CO'), [['890114578|0', 'Metálicas (890114578)']], '900547821|2'));
  assert.match(c, /<option value="900547821\|2" selected>900547821<\/option>/);
  assert.match(c, /<option value="890114578\|0">Metálicas \(890114578\)<\/option>/);
  // One match and nothing chosen yet: it comes chosen; nothing matched: "choose a customer".
  assert.match(String(customerSelect(ctx('CO'), [['890114578|0', 'Metálicas (890114578)']])), /<option value="890114578\|0" selected>/);
  assert.doesNotMatch(String(customerSelect(ctx('CO'), [])), /selected/);
});
