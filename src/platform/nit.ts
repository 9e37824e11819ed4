/**
 * The check digit (dígito de verificación, DV) of a Colombian NIT, as DIAN
 * defines it (docs/colombia.md): modulus 11 with the weights below, the first
 * weight applied to the rightmost digit of the NIT (without its DV).
 *
 *   s = Σ digit_i × weight_i,  r = s mod 11,  DV = r when r is 0 or 1, else 11 − r
 *
 * Pure functions, no I/O.
 */

const WEIGHTS: readonly number[] = [3, 7, 13, 17, 19, 23, 29, 37, 41, 43, 47, 53, 59, 67, 71];

/** The DV of `nit` (digits only, no dots, dashes or DV). Throws on anything else. */
export function nitCheckDigit(nit: string): string {
  if (typeof nit !== 'string' || !/^[0-9]+$/.test(nit)) {
    throw new Error(`A NIT is made of digits only: ${JSON.stringify(nit)}`);
  }
  // Leading zeros weigh nothing; only the significant digits must fit the 15 weights.
  const digits = nit.replace(/^0+(?=[0-9])/, '');
  if (digits.length > WEIGHTS.length) {
    throw new Error(`A NIT has at most ${WEIGHTS.length} significant digits: ${nit}`);
  }
  let s = 0;
  for (let i = 0; i < digits.length; i++) {
    s += (digits.charCodeAt(digits.length - 1 - i) - 48) * WEIGHTS[i];
  }
  const r = s % 11;
  return String(r === 0 || r === 1 ? r : 11 - r);
}

/** True when `dv` is the check digit of `nit`; false (never an exception) for malformed input. */
export function isValidNit(nit: string, dv: string | number): boolean {
  const given = String(dv);
  if (!/^[0-9]$/.test(given)) return false;
  try {
    return nitCheckDigit(nit) === given;
  } catch {
    return false;
  }
}
