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

/** Written with exactly 2 decimals ("1130.50"), as answers and the database take it. */
export const money = (x: Decimal.Value): string => new Decimal(x).toFixed(2, Decimal.ROUND_HALF_UP);

/** A JSON number of 2 decimals (1130.5), as the API answers amounts. */
export const num = (x: Decimal.Value): number => Number(money(x));
