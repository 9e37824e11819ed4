/** The DIAN check digit of a NIT (modulus 11 with prime weights from the rightmost digit). */
const WEIGHTS = [3, 7, 13, 17, 19, 23, 29, 37, 41, 43, 47, 53, 59, 67, 71];

export function nitCheckDigit(nit: string): string {
  if (!/^[0-9]{1,15}$/.test(nit)) throw new Error(`A NIT has 1 to 15 digits: ${nit}`);
  let sum = 0;
  for (let i = 0; i < nit.length; i++) sum += Number(nit[nit.length - 1 - i]) * WEIGHTS[i];
  const r = sum % 11;
  return String(r < 2 ? r : 11 - r);
}

export function isValidNit(nit: string, checkDigit: string): boolean {
  return /^[0-9]{1,15}$/.test(nit) && nitCheckDigit(nit) === checkDigit;
}
