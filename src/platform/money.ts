/**
 * Money helpers, once: amounts are decimal.js values (never floats) from the
 * API or the database (numeric, read as text), rounded half away from zero
 * (decimal.js's default, ROUND_HALF_UP) to 2 decimals where a document says so.
 */
import Decimal from 'decimal.js';

export const ZERO = new Decimal(0);

/** An amount as sent or stored: null, undefined and '' are zero; anything not finite is a bug. */
export function dec(v: Decimal.Value | null | undefined): Decimal {
  if (v === undefined || v === null || v === '') return ZERO;
  const d = new Decimal(v);
  if (!d.isFinite()) throw new Error(`Not a finite amount: ${String(v)}`);
  return d;
}

/** Σ of the amounts, exact. */
export const sum = (xs: readonly (Decimal.Value | null | undefined)[]): Decimal =>
  xs.reduce<Decimal>((s, x) => (x === null || x === undefined || x === '' ? s : s.plus(x)), ZERO);

/** Rounded half away from zero to 2 decimals. */
export const round2 = (x: Decimal.Value): Decimal => new Decimal(x).toDecimalPlaces(2, Decimal.ROUND_HALF_UP);

/** Text already written as money() writes it: no leading zero, 2 decimals, not a negative zero. */
const MONEY_TEXT = /^-?(?:0|[1-9]\d*)\.\d\d$/;
/** Text whose number is already what num() answers: at most 2 decimals. */
const NUM_TEXT = /^-?\d+(?:\.\d{1,2})?$/;

/** Written with exactly 2 decimals ("1130.50"), as answers and the database take it. */
export const money = (x: Decimal.Value): string =>
  typeof x === 'string' && MONEY_TEXT.test(x) && !/^-0\.00$/.test(x) ? x : new Decimal(x).toFixed(2, Decimal.ROUND_HALF_UP);

/** A JSON number of 2 decimals (1130.5), as the API answers amounts (a negative zero answers 0). */
export const num = (x: Decimal.Value): number =>
  (typeof x === 'string' && NUM_TEXT.test(x)) || (typeof x === 'number' && Number.isSafeInteger(x)) ? Number(x) + 0 : Number(money(x));
