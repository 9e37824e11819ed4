/**
 * src/countries: what Colombia and Mexico answer, and a test-only country (ZZ: its own identification rule and tax
 * types, no tax authority) that the generic formatting and console code serve without knowing it. Its company over
 * HTTP is test/http/zz-country.test.ts; see docs/internals.md, "Adding a country".
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { colombia, countries, country, mexico, registerCountry, served } from '../../src/countries';
import { registerZedland, zedland } from '../support/zedland';
import { Problems } from '../../src/platform/errors';
import { amountInWords } from '../../src/pdf/words';
import { formatMoney } from '../../src/pdf/format';
import { printedNumber } from '../../src/pdf/blocks';
import { money } from '../../src/console/i18n';
import { BadAmount, parseAmount } from '../../src/console/amounts';
import { kindsOf } from '../../src/console/kinds';

// Zedland (test/support/zedland.ts), registered for this file only: the registry is open under the test runner alone.
let unregister: () => void;
before(() => { unregister = registerZedland(); });
after(() => unregister());

test('the registry answers each country by its code, and only those', () => {
  assert.equal(country('CO'), colombia);
  assert.equal(country('MX'), mexico);
  assert.equal(country('ZZ'), zedland);
  assert.equal(served('US'), undefined);
  assert.throws(() => country('US'), /No country US/);
  const codes = countries().map((c) => c.code);
  assert.equal(new Set(codes).size, codes.length, 'one country per code');
  assert.equal(new Set(countries().map((c) => c.basePath)).size, codes.length, 'one API base per country');
  assert.throws(() => registerCountry({ ...zedland, code: 'ZY' }, {}), /for the test suite only/, 'the registry is closed outside Node\'s test runner');
  assert.throws(() => registerCountry(zedland), /already registered/);
});

test('every account a country\'s code names is in its starting chart of accounts', () => {
  for (const c of [colombia, mexico, zedland]) {
    const chart = new Set(c.catalog.accounts.map((a) => a.code));
    for (const [meaning, code] of Object.entries(c.ledger.named)) assert.ok(chart.has(code), `${c.code} ${meaning}: ${code} is in its chart`);
    for (const t of c.catalog.taxes) assert.ok(c.taxTypes.includes(String(t.type)), `${c.code}: its starting tax ${t.name} has one of its tax types`);
  }
  assert.equal(colombia.ledger.taxAccount('IVA', 5), colombia.ledger.named.iva5);
  assert.equal(mexico.ledger.paymentAccount('ToBeDefined'), mexico.ledger.named.customers);
});

test('identification rules: the NIT\'s check digit, the RFC\'s, and the test country\'s own', () => {
  const p = new Problems();
  assert.deepEqual(colombia.identification.check(p, '900123456', undefined), { taxId: '900123456', checkDigit: '8' });
  colombia.identification.check(p, '900123456', '1');
  assert.ok(p.has('check_digit'), 'a wrong NIT check digit is refused at check_digit');
  const q = new Problems();
  mexico.identification.check(q, 'XAXX010101000', undefined);
  assert.ok(q.has('tax_id'), 'a generic RFC is not an issuer\'s');
  const z = new Problems();
  assert.deepEqual(zedland.identification.check(z, '12340', undefined), { taxId: '12340', checkDigit: null });
  assert.equal(z.has('tax_id'), false);
  zedland.identification.check(z, '12345', undefined);
  assert.ok(z.has('tax_id'), 'ZZ\'s own rule refuses a wrong last digit');
  assert.equal(colombia.identification.printed('900123456', '8'), '900123456-8');
  assert.equal(mexico.identification.printed('EKU9003173C9', null), 'EKU9003173C9');
});

test('the generic formatting serves the test country by what it says, not by its code', () => {
  assert.equal(formatMoney('1234567.891', 'CO'), '$ 1.234.567,89');
  assert.equal(formatMoney('1234567.891', 'MX'), '$ 1,234,567.89');
  assert.equal(formatMoney('1234567.891', 'ZZ'), '$ 1 234 567,89');
  assert.equal(formatMoney('10', 'ZZ', 'USD'), 'USD 10,00');
  assert.equal(amountInWords('1.5', 'CO'), 'UN PESO CON 50/100 M/CTE');
  assert.equal(amountInWords('2', 'MX'), 'DOS PESOS 00/100 M.N.');
  assert.equal(amountInWords('2.25', 'ZZ'), 'DOS EUROS Y 25 CÉNTIMOS');
  assert.equal(printedNumber('CO', { prefix: 'FV', number: 12 }), 'FV12');
  assert.equal(printedNumber('MX', { prefix: 'A', number: 12 }), 'A 12');
  assert.equal(printedNumber('ZZ', { prefix: 'F', number: 12 }), 'F-12');
  assert.match(money('ZZ', 1234.5), /1\s?234,50\s€/);
});

test('the console reads amounts and lists documents as the test country says', () => {
  assert.equal(parseAmount('1 234,5', 'ZZ'), 1234.5);
  assert.equal(parseAmount('1.234,5', 'CO'), 1234.5);
  assert.equal(parseAmount('1,234.5', 'MX'), 1234.5);
  const ambiguous = parseAmount('1,500', 'ZZ');
  assert.ok(ambiguous instanceof BadAmount);
  assert.match(ambiguous.message[1], /in Zedland " " separates thousands and a comma the decimals/);
  assert.deepEqual(kindsOf('ZZ'), [{ path: 'invoices', label: 'invoices', stamped: false }, { path: 'vouchers', label: 'vouchers', stamped: false }],
    'no authority: invoices never sent, and cash receipts');
  assert.deepEqual(kindsOf('CO').map((k) => k.path), ['invoices', 'credit-notes', 'debit-notes', 'vouchers']);
  assert.deepEqual(kindsOf('MX').map((k) => k.path), ['invoices', 'credit-notes', 'payments']);
});
