/**
 * Issue 49, point 1: an amount typed in the console is read by the company's country, never the browser's
 * language; what is malformed or ambiguous there is refused with what it would mean, never rescaled.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { BadAmount, badAmounts, parseAmount } from '../../src/console/amounts';

/** [typed, what it is: a number, '' for empty (undefined), or 'refused' / 'ambiguous'] */
const CO: [string, number | '' | 'refused' | 'ambiguous'][] = [
  ['1.234,56', 1234.56], ['1234,56', 1234.56], ['1.500.000', 1500000], ['1.500.000,5', 1500000.5], ['0,5', 0.5], [',5', 0.5], ['12', 12],
  ['5000', 5000], ['1.000', 1000], ['999.999.999,99', 999999999.99], ['$ 1.234,56', 1234.56], ['$1.234,56', 1234.56], ['COP 2.500', 2500],
  ['2.500 COP', 2500], [' 1 234,56 ', 1234.56], ['1\u00a0234,50', 1234.5], ['-1.234,56', -1234.56], ['+12,5', 12.5], ['0,125', 0.125],
  ['1000,125', 1000.125], ['12,', 12], ['0', 0], ['', ''], ['   ', ''], ['1,5', 1.5], ['10,25', 10.25], ['1234,5678', 1234.5678],
  ['1,500', 'ambiguous'], ['12,000', 'ambiguous'], ['999,000', 'ambiguous'], ['-1,500', 'ambiguous'],
  ['1234.56', 'refused'], ['5,000.00', 'refused'], ['1.5', 'refused'], ['1.23.456', 'refused'], ['1,234,56', 'refused'], ['1.2345', 'refused'],
  ['abc', 'refused'], ['1e5', 'refused'], ['$', 'refused'], ['-', 'refused'], ['12.34.56,7', 'refused'], ['Infinity', 'refused'], ['.5', 'refused'],
  ['1..000', 'refused'], ['1.000,,5', 'refused'], ['(100)', 'refused'],
];
const MX: [string, number | '' | 'refused' | 'ambiguous'][] = [
  ['5,000.00', 5000], ['1,234.56', 1234.56], ['1234.56', 1234.56], ['1,500,000', 1500000], ['1,500,000.5', 1500000.5], ['0.5', 0.5], ['.5', 0.5],
  ['12', 12], ['5000', 5000], ['1,000', 1000], ['999,999,999.99', 999999999.99], ['$ 1,234.56', 1234.56], ['$1,234.56', 1234.56],
  ['MXN 2,500', 2500], ['2,500 MXN', 2500], [' 1 234.56 ', 1234.56], ['1\u202f234.50', 1234.5], ['-1,234.56', -1234.56], ['+12.5', 12.5],
  ['0.125', 0.125], ['1000.125', 1000.125], ['12.', 12], ['0', 0], ['', ''], ['1.5', 1.5], ['10.25', 10.25], ['1234.5678', 1234.5678],
  ['1.500', 'ambiguous'], ['12.000', 'ambiguous'], ['999.000', 'ambiguous'], ['-1.500', 'ambiguous'],
  ['1,5', 'refused'], ['1234,56', 'refused'], ['1.234,56', 'refused'], ['5.000,00', 'refused'], ['1,23,456', 'refused'], ['1.234.56', 'refused'],
  ['abc', 'refused'], ['1e5', 'refused'], ['$', 'refused'], ['-', 'refused'], ['Infinity', 'refused'], [',5', 'refused'], ['1,,000', 'refused'],
  ['1,000..5', 'refused'], ['(100)', 'refused'],
];

for (const [country, table] of [['CO', CO], ['MX', MX]] as const) {
  test(`${country}: ${table.length} entries read as the country writes amounts`, () => {
    assert.ok(table.length >= 40);
    for (const [typed, expected] of table) {
      const got = parseAmount(typed, country);
      if (expected === '') assert.equal(got, undefined, typed);
      else if (typeof expected === 'number') assert.equal(got, expected, `${JSON.stringify(typed)} in ${country}`);
      else {
        assert.ok(got instanceof BadAmount, `${JSON.stringify(typed)} in ${country} is ${expected}, not ${String(got)}`);
        assert.match(got.message[0], expected === 'ambiguous' ? /es ambiguo/ : /no es un valor/, typed);
        assert.match(got.message[1], expected === 'ambiguous' ? /is ambiguous/ : /is not an amount/, typed);
      }
    }
  });
}

test('the messages say what was understood and how to write it', () => {
  assert.deepEqual((parseAmount('1,500', 'CO') as BadAmount).message[0],
    '«1,500» es ambiguo: en Colombia el punto separa los miles y la coma los decimales, así que sería 1,5; escriba 1,5 si es eso, o 1.500 si es el número entero');
  assert.deepEqual((parseAmount('1.500', 'MX') as BadAmount).message[1],
    '"1.500" is ambiguous: in Mexico a comma separates thousands and a point the decimals, so it would be 1.5; write 1.5 if that is meant, or 1,500 for the whole number');
  assert.equal((parseAmount('5.000,00', 'MX') as BadAmount).message[0],
    '«5.000,00» no es un valor: en México la coma separa los miles y el punto los decimales (por ejemplo 1,234.56); escríbalo sin letras ni otros signos');
});

test('badAmounts finds each unreadable amount of a body at its API path', () => {
  const bad = parseAmount('1,5', 'MX');
  assert.deepEqual(badAmounts({ items: [{ price: 10 }, { price: bad, quantity: 2 }], payment: { value: bad } }).map((b) => b.path), ['items[1].price', 'payment.value']);
  assert.deepEqual(badAmounts({ items: [{ price: 10 }] }), []);
});
