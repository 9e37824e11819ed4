/**
 * An amount in Spanish words, as invoices print it ("Son: …"): the integer
 * part in words, in capitals, with the currency's name, and the cents as a
 * fraction: Colombia "UN MILLÓN CIENTO TREINTA MIL QUINIENTOS PESOS CON 50/100
 * M/CTE", Mexico "MIL CIENTO SESENTA PESOS 00/100 M.N.". Spanish rules kept:
 * "cien" alone and "ciento" before more, "veintiún"/"un" before "mil",
 * "millón(es)" and the currency, "mil" (not "un mil"), "de" after a round
 * number of millions ("un millón de pesos"), long scale (mil millones, billón).
 * Exact: the amount is a decimal string or number, rounded half up to cents.
 */
import Decimal from 'decimal.js';
import { country as countryOf, type CountryCode } from '../countries';

const UNITS = ['cero', 'uno', 'dos', 'tres', 'cuatro', 'cinco', 'seis', 'siete', 'ocho', 'nueve', 'diez', 'once', 'doce', 'trece',
  'catorce', 'quince', 'dieciséis', 'diecisiete', 'dieciocho', 'diecinueve', 'veinte', 'veintiuno', 'veintidós', 'veintitrés',
  'veinticuatro', 'veinticinco', 'veintiséis', 'veintisiete', 'veintiocho', 'veintinueve'];
const TENS = ['', '', '', 'treinta', 'cuarenta', 'cincuenta', 'sesenta', 'setenta', 'ochenta', 'noventa'];
const HUNDREDS = ['', 'ciento', 'doscientos', 'trescientos', 'cuatrocientos', 'quinientos', 'seiscientos', 'setecientos', 'ochocientos', 'novecientos'];

/** 0–999 in words ("uno" as a number; apocope() shortens it before a noun). */
function belowThousand(n: number): string {
  if (n === 100) return 'cien';
  const h = Math.floor(n / 100);
  const rest = n % 100;
  const parts: string[] = [];
  if (h) parts.push(HUNDREDS[h]);
  if (rest < 30) { if (rest || !h) parts.push(UNITS[rest]); } else parts.push(TENS[Math.floor(rest / 10)] + (rest % 10 ? ` y ${UNITS[rest % 10]}` : ''));
  return parts.join(' ');
}

/** "uno" → "un", "veintiuno" → "veintiún" at the end of a group that precedes a noun (mil, millones, pesos). */
const apocope = (words: string) => words.replace(/veintiuno$/, 'veintiún').replace(/(^|\s)uno$/, '$1un');

/** 0–999,999 in words; `beforeNoun` shortens a final "uno". */
function belowMillion(n: number, beforeNoun: boolean): string {
  const thousands = Math.floor(n / 1000);
  const rest = n % 1000;
  const parts: string[] = [];
  if (thousands) parts.push(thousands === 1 ? 'mil' : `${apocope(belowThousand(thousands))} mil`);
  if (rest || !thousands) parts.push(beforeNoun ? apocope(belowThousand(rest)) : belowThousand(rest));
  return parts.join(' ');
}

/** A non-negative integer in Spanish words (long scale: millón 10^6, billón 10^12, trillón 10^18). */
export function integerInWords(value: bigint, beforeNoun = false): string {
  if (value < 0n) throw new Error('integerInWords takes a non-negative integer');
  const scales: [bigint, string, string][] = [[10n ** 18n, 'trillón', 'trillones'], [10n ** 12n, 'billón', 'billones'], [10n ** 6n, 'millón', 'millones']];
  const parts: string[] = [];
  let rest = value;
  for (const [size, one, many] of scales) {
    const count = rest / size;
    rest %= size;
    if (count === 0n) continue;
    if (count >= 10n ** 18n) throw new Error('integerInWords: the amount is too large');
    parts.push(count === 1n ? `un ${one}` : `${integerInWords(count, true)} ${many}`);
  }
  if (rest > 0n || !parts.length) parts.push(belowMillion(Number(rest), beforeNoun));
  return parts.join(' ');
}

const CURRENCIES: Record<string, [one: string, many: string]> = {
  COP: ['peso', 'pesos'], MXN: ['peso', 'pesos'], USD: ['dólar estadounidense', 'dólares estadounidenses'], EUR: ['euro', 'euros'],
};

/** The amount in words, in capitals, with its currency (the country's style for its own currency). */
export function amountInWords(amount: Decimal.Value, country: CountryCode, currency?: string | null): string {
  const { currency: own, numbers } = countryOf(country);
  const code = currency || own;
  const d = new Decimal(amount).toDecimalPlaces(2, Decimal.ROUND_HALF_UP);
  const negative = d.isNegative() && !d.isZero();
  const [int, frac] = d.abs().toFixed(2).split('.');
  const whole = BigInt(int);
  const [one, many] = CURRENCIES[code] ?? [code, code];
  const words = integerInWords(whole, true);
  // "un millón de pesos": a round number of millions takes "de" before the noun.
  const of = whole >= 1_000_000n && whole % 1_000_000n === 0n ? ' de' : '';
  const tail = numbers.wordsTail(frac, code === own);
  return `${negative ? 'MENOS ' : ''}${words}${of} ${whole === 1n ? one : many} ${tail}`.toUpperCase();
}
