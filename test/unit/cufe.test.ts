import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { cude, cufe, cufeChain, dianAmount, softwareSecurityCode, type CufeFields } from '../../src/countries/co/dian/cufe';

// The DIAN technical annex 1.9 example (docs/colombia.md).
const annex: CufeFields = {
  number: '323200000129',
  issueDate: '2019-01-16',
  issueTime: '10:53:10-05:00',
  subtotal: '1500000.00',
  iva: '285000.00',
  inc: '0.00',
  ica: '0.00',
  total: '1785000.00',
  supplierNit: '700085371',
  customerId: '800199436',
  technicalKey: '693ff6f2a553c3646a063436fd4dd9ded0311471',
  environment: '1',
};
const ANNEX_CUFE = '8bb918b19ba22a694f1da11c643b5e9de39adf60311cf179179e9b33381030bcd4c3c3f156c506ed5908f9276f5bd9b4';

test('the annex example gives the annex CUFE', () => {
  assert.equal(
    cufeChain(annex),
    '3232000001292019-01-1610:53:10-05:001500000.0001285000.00040.00030.001785000.00700085371800199436693ff6f2a553c3646a063436fd4dd9ded03114711',
  );
  assert.equal(cufe(annex), ANNEX_CUFE);
});

test('amounts given as numbers are written with two decimals', () => {
  assert.equal(cufe({ ...annex, subtotal: 1500000, iva: 285000, inc: 0, ica: 0, total: 1785000, environment: 1 }), ANNEX_CUFE);
  assert.equal(dianAmount(1500000), '1500000.00');
  assert.equal(dianAmount('0.5'), '0.50');
  assert.equal(dianAmount('2.675'), '2.68'); // half away from zero, decimal (the float 2.675.toFixed(2) is "2.67")
  assert.equal(dianAmount(1e21), '1000000000000000000000.00'); // never exponent notation
});

test('the CUFE is 96 lower-case hex characters and changes with any field', () => {
  assert.match(cufe(annex), /^[0-9a-f]{96}$/);
  assert.notEqual(cufe({ ...annex, environment: '2' }), ANNEX_CUFE);
  assert.notEqual(cufe({ ...annex, total: '1785000.01' }), ANNEX_CUFE);
});

test('CUDE: the software PIN takes the place of the technical key', () => {
  const { technicalKey: _unused, ...rest } = annex;
  void _unused;
  const expected = createHash('sha384')
    .update('3232000001292019-01-1610:53:10-05:001500000.0001285000.00040.00030.001785000.0070008537180019943612345' + '1')
    .digest('hex');
  assert.equal(cude({ ...rest, softwarePin: '12345' }), expected);
  assert.equal(cude({ ...rest, softwarePin: annex.technicalKey }), ANNEX_CUFE);
});

test('software security code = SHA-384(software id + PIN + number)', () => {
  const id = '56f2ae4e-9812-4fad-9255-08fcfcd5ccb0';
  const expected = createHash('sha384').update(`${id}12345SETP990000001`).digest('hex');
  assert.equal(softwareSecurityCode(id, '12345', 'SETP990000001'), expected);
  assert.match(expected, /^[0-9a-f]{96}$/);
  // Known value of SHA-384("abc") (FIPS 180-2 test vector), split across the three parts.
  assert.equal(softwareSecurityCode('a', 'b', 'c'),
    'cb00753f45a35e8bb5a03d699ac65007272c32ab0eded1631a8b605a43ff5bed8086072ba1e7cc2358baeca134c825a7');
});
