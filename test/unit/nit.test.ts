import { test } from 'node:test';
import assert from 'node:assert/strict';
import { isValidNit, nitCheckDigit } from '../../src/platform/nit';

// Weights from the rightmost digit: 3, 7, 13, 17, 19, 23, 29, 37, 41, 43, 47, 53, 59, 67, 71.
// DV = r when r = s mod 11 is 0 or 1, else 11 − r.

test('800197268 (DIAN itself) → 4', () => {
  // digits from the right 8,6,2,7,9,1,0,0,8:
  // 8×3=24, 6×7=42, 2×13=26, 7×17=119, 9×19=171, 1×23=23, 0×29=0, 0×37=0, 8×41=328
  // s = 733 = 11×66 + 7 → r = 7 → DV = 11 − 7 = 4
  assert.equal(nitCheckDigit('800197268'), '4');
  assert.equal(isValidNit('800197268', '4'), true);
});

test('900373115 → 3', () => {
  // digits from the right 5,1,1,3,7,3,0,0,9:
  // 15 + 7 + 13 + 51 + 133 + 69 + 0 + 0 + 369 = 657 = 11×59 + 8 → DV = 11 − 8 = 3
  assert.equal(nitCheckDigit('900373115'), '3');
});

test('860034313 → 7', () => {
  // digits from the right 3,1,3,4,3,0,0,6,8:
  // 9 + 7 + 39 + 68 + 57 + 0 + 0 + 222 + 328 = 730 = 11×66 + 4 → DV = 11 − 4 = 7
  assert.equal(nitCheckDigit('860034313'), '7');
});

test('700085371 (issuer of the DIAN annex CUFE example) → 1', () => {
  // digits from the right 1,7,3,5,8,0,0,0,7:
  // 3 + 49 + 39 + 85 + 152 + 0 + 0 + 0 + 287 = 615 = 11×55 + 10 → DV = 11 − 10 = 1
  assert.equal(nitCheckDigit('700085371'), '1');
});

test('remainder 0 and 1 give the remainder itself', () => {
  // 900000009: 9×3 + 9×41 = 27 + 369 = 396 = 11×36 + 0 → DV 0
  assert.equal(nitCheckDigit('900000009'), '0');
  // 900000002: 2×3 + 9×41 = 6 + 369 = 375 = 11×34 + 1 → DV 1
  assert.equal(nitCheckDigit('900000002'), '1');
});

test('15 digits use every weight; leading zeros weigh nothing', () => {
  // 111111111111111: s = Σ weights = 529 = 11×48 + 1 → DV 1
  assert.equal(nitCheckDigit('111111111111111'), '1');
  assert.equal(nitCheckDigit('0800197268'), '4');
  assert.equal(nitCheckDigit('0000000800197268'), '4');
});

test('malformed NITs are refused', () => {
  assert.throws(() => nitCheckDigit(''), /digits only/);
  assert.throws(() => nitCheckDigit('800.197.268'), /digits only/);
  assert.throws(() => nitCheckDigit('800197268-4'), /digits only/);
  assert.throws(() => nitCheckDigit('1111111111111111'), /at most 15/);
});

test('isValidNit', () => {
  assert.equal(isValidNit('900373115', '3'), true);
  assert.equal(isValidNit('900373115', 3), true);
  assert.equal(isValidNit('900373115', '4'), false);
  assert.equal(isValidNit('860034313', '7'), true);
  assert.equal(isValidNit('860034313', '07'), false);
  assert.equal(isValidNit('86003431A', '7'), false);
  assert.equal(isValidNit('', '0'), false);
});
