/**
 * The check digit (dígito verificador) of a Mexican RFC, the last of its
 * characters, as the SAT computes it: the first 12 characters (a company's
 * 12-character RFC is first padded with a space on the left) are valued
 * 0-9 → 0-9, A-N → 10-23, & → 24, O-Z → 25-36, space → 37, Ñ → 38, and
 *
 *   s = Σ value_i × (13 − i) for i = 0..11,  r = s mod 11,
 *   digit = "0" when r = 0, "A" when 11 − r = 10, else 11 − r.
 *
 * Pure functions, no I/O.
 */
const VALUES = '0123456789ABCDEFGHIJKLMN&OPQRSTUVWXYZ Ñ';

/** The check digit an RFC of 12 (company) or 13 (person) characters should end with, or null when it cannot be an RFC. */
export function rfcCheckDigit(rfc: string): string | null {
  if (typeof rfc !== 'string' || (rfc.length !== 12 && rfc.length !== 13)) return null;
  const padded = (rfc.length === 12 ? ' ' : '') + rfc.toUpperCase();
  let s = 0;
  for (let i = 0; i < 12; i++) {
    const v = VALUES.indexOf(padded[i]);
    if (v < 0) return null;
    s += v * (13 - i);
  }
  const r = s % 11;
  return r === 0 ? '0' : r === 1 ? 'A' : String(11 - r);
}

/** True when the RFC ends with its check digit. */
export function isValidRfc(rfc: string): boolean {
  const d = rfcCheckDigit(rfc);
  return d !== null && rfc.toUpperCase().endsWith(d);
}
