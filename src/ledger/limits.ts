/**
 * How large an amount may be. Checked while a request is planned (creation,
 * update and preview alike), so that an amount that would not fit is a 400 on
 * the field that causes it, before anything is written, never a 500 from the
 * database.
 *
 *   one line      quantity × price at most 99,999,999,999.99 (DESIGN §4: the
 *                 market's limit per item, the specification's 11 integer digits)
 *   any amount    of a document (its currency) or of a ledger line (pesos, after
 *                 the exchange rate) at most 9,999,999,999,999.99: 15 significant
 *                 digits, what a JSON number (an IEEE double) carries exactly to
 *                 the cent. The numeric(18, 2) columns would hold 16 integer
 *                 digits; the answers could not.
 */
import Decimal from 'decimal.js';
import type { Problems } from '../platform/errors';
import { balancedLines, type Posting } from './journal';

export const MAX_LINE_AMOUNT = new Decimal('99999999999.99');
export const MAX_AMOUNT = new Decimal('9999999999999.99');

/** A line's quantity × price (`what` names it in the message) must stay within MAX_LINE_AMOUNT. */
export function checkLineAmount(problems: Problems, amount: Decimal.Value, path: string, what = 'quantity × price'): void {
  const a = new Decimal(amount);
  if (a.gt(MAX_LINE_AMOUNT)) {
    problems.add('invalid_value', `The line amount ${what} (${a.toFixed(2)}) is above ${MAX_LINE_AMOUNT.toFixed(2)}, the most one line can amount to`, path,
      `at most ${MAX_LINE_AMOUNT.toFixed(2)}`);
  }
}

/** An amount of the document, in its own currency, must stay within MAX_AMOUNT. */
export function checkDocumentAmount(problems: Problems, amount: Decimal.Value, path: string, what: string): void {
  const a = new Decimal(amount);
  if (a.abs().gt(MAX_AMOUNT)) {
    problems.add('invalid_value', `${what}, ${a.toFixed(2)}, is above ${MAX_AMOUNT.toFixed(2)}, the largest amount a document can carry`, path,
      `at most ${MAX_AMOUNT.toFixed(2)}`);
  }
}

/**
 * Every line of the journal entry, as it will be written (merged per account,
 * in pesos), must stay within MAX_AMOUNT. A line that outgrows it because of
 * the conversion is refused on `currency.exchange_rate`; otherwise on `path`.
 */
export function checkLedgerAmounts(problems: Problems, postings: Posting[], currency: { code: string; exchange_rate: number } | null, path: string, local = 'COP'): void {
  let largest: { account: string; amount: Decimal } | null = null;
  for (const l of balancedLines(postings)) {
    const amount = Decimal.max(l.debit, l.credit);
    if (!largest || amount.gt(largest.amount)) largest = { account: l.account, amount };
  }
  if (!largest || largest.amount.lte(MAX_AMOUNT)) return;
  const converted = currency !== null && currency.exchange_rate !== 1;
  const message = `The journal entry would post ${largest.amount.toFixed(2)} ${local} to account ${largest.account}` +
    `${converted ? ` (amounts in ${currency.code} at the exchange rate ${currency.exchange_rate})` : ''}, above ${MAX_AMOUNT.toFixed(2)}, the largest amount the ledger takes`;
  problems.add('invalid_value', message, converted ? 'currency.exchange_rate' : path, `at most ${MAX_AMOUNT.toFixed(2)} ${local}`);
}
