/**
 * money() and num() answer text that is already money as it is (no decimal.js on the hot path); every answer must be
 * the one decimal.js's rounding gives, for the texts and numbers amounts come as.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import Decimal from 'decimal.js';
import { money, num } from '../../src/platform/money';

const slowMoney = (x: Decimal.Value) => new Decimal(x).toFixed(2, Decimal.ROUND_HALF_UP);
const slowNum = (x: Decimal.Value) => Number(slowMoney(x));

test('money and num give what decimal.js gives, on every shape of amount', () => {
  const texts = ['0', '0.0', '0.00', '-0', '-0.0', '-0.00', '-0.001', '-0.005', '0.005', '1', '1.5', '1.50', '1.505', '1.005', '01.50', '007',
    '1130.50', '-1130.50', '-12.3', '99999999999999.99', '12345678901234567890.55', '1e3', '1.2e-2', '.5', '5.', '-.5', '0.994', '0.995', '-0.995'];
  for (let i = 0; i < 2000; i++) {
    // Random amounts of 0 to 4 decimals, some negative, some with leading zeros.
    const int = String(Math.floor(Math.random() * 1e6));
    const dec = String(Math.floor(Math.random() * 1e4)).padStart(4, '0').slice(0, i % 5);
    texts.push(`${i % 7 === 0 ? '-' : ''}${i % 11 === 0 ? '0' : ''}${int}${dec ? `.${dec}` : ''}`);
  }
  const numbers = [0, -0, 1, -1, 1.005, 2.675, 0.1 + 0.2, 1e15, -123456, Number.MAX_SAFE_INTEGER, 1e21, 0.5, -0.5];
  for (const x of [...texts, ...numbers]) {
    assert.equal(money(x), slowMoney(x), `money(${JSON.stringify(x)})`);
    assert.ok(Object.is(num(x), slowNum(x)), `num(${JSON.stringify(x)}): ${num(x)} against ${slowNum(x)}`);
  }
  assert.equal(money(new Decimal('2.675')), '2.68');
  assert.ok(Object.is(num('-0.00'), 0), 'a negative zero answers 0');
  assert.throws(() => money('abc'));
});
