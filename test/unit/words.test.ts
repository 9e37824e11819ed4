/**
 * Amounts in Spanish words (src/pdf/words.ts), each written out by hand:
 * apocope before nouns (veintiún, un), cien/ciento, mil without "un", "de"
 * after round millions, the long scale, cents as a fraction, each country's
 * tail, other currencies, exact rounding of cents.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { amountInWords, integerInWords } from '../../src/pdf/words';

test('integers in words', () => {
  const cases: [bigint, string][] = [
    [0n, 'cero'], [1n, 'uno'], [15n, 'quince'], [16n, 'dieciséis'], [21n, 'veintiuno'], [22n, 'veintidós'], [30n, 'treinta'], [31n, 'treinta y uno'],
    [100n, 'cien'], [101n, 'ciento uno'], [199n, 'ciento noventa y nueve'], [500n, 'quinientos'], [999n, 'novecientos noventa y nueve'],
    [1000n, 'mil'], [1001n, 'mil uno'], [2000n, 'dos mil'], [21000n, 'veintiún mil'], [31000n, 'treinta y un mil'], [101000n, 'ciento un mil'],
    [1_000_000n, 'un millón'], [2_500_000n, 'dos millones quinientos mil'], [21_000_000n, 'veintiún millones'], [1_000_000_000n, 'mil millones'],
    [1_000_000_000_000n, 'un billón'], [123_456_789n, 'ciento veintitrés millones cuatrocientos cincuenta y seis mil setecientos ochenta y nueve'],
  ];
  for (const [n, words] of cases) assert.equal(integerInWords(n), words, String(n));
  assert.throws(() => integerInWords(-1n));
});

test('amounts with their currency, as invoices print them', () => {
  assert.equal(amountInWords('1130.50', 'CO'), 'MIL CIENTO TREINTA PESOS CON 50/100 M/CTE');
  assert.equal(amountInWords(1, 'CO'), 'UN PESO CON 00/100 M/CTE');
  assert.equal(amountInWords('21', 'CO'), 'VEINTIÚN PESOS CON 00/100 M/CTE');
  assert.equal(amountInWords('1000000', 'CO'), 'UN MILLÓN DE PESOS CON 00/100 M/CTE');
  assert.equal(amountInWords('3000000.10', 'CO'), 'TRES MILLONES DE PESOS CON 10/100 M/CTE');
  assert.equal(amountInWords('3000001', 'CO'), 'TRES MILLONES UN PESOS CON 00/100 M/CTE');
  assert.equal(amountInWords('1160', 'MX'), 'MIL CIENTO SESENTA PESOS 00/100 M.N.');
  assert.equal(amountInWords('809.68', 'MX'), 'OCHOCIENTOS NUEVE PESOS 68/100 M.N.');
  assert.equal(amountInWords('25.3', 'CO', 'USD'), 'VEINTICINCO DÓLARES ESTADOUNIDENSES CON 30/100');
  assert.equal(amountInWords('1', 'MX', 'EUR'), 'UN EURO 00/100');
  assert.equal(amountInWords('0.005', 'CO'), 'CERO PESOS CON 01/100 M/CTE', 'cents rounded half up, exactly');
  assert.equal(amountInWords('99999999999.99', 'CO'), 'NOVENTA Y NUEVE MIL NOVECIENTOS NOVENTA Y NUEVE MILLONES NOVECIENTOS NOVENTA Y NUEVE MIL NOVECIENTOS NOVENTA Y NUEVE PESOS CON 99/100 M/CTE');
  assert.equal(amountInWords('-5', 'CO'), 'MENOS CINCO PESOS CON 00/100 M/CTE');
});
