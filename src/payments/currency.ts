/**
 * Payment receipts across currencies (issue 33, point 6): pure.
 *
 * A receipt is in its payment currency (MonedaP, TipoCambioP = pesos per unit on the payment day); each invoice it pays
 * is in its own (MonedaDR), at the rate it was issued at (its historical rate, pesos per unit). Per invoice:
 *
 * - EquivalenciaDR: units of the invoice's currency one unit of the payment's buys (Pagos20.xsd: "100 EUR × 1.0465711361
 *   USD/EUR = 104.66 USD"): 1 in the same currency, else TipoCambioP / the invoice currency's rate on the payment day,
 *   at 10 decimals (the schema's fractionDigits).
 * - ImpPagado (in the invoice's currency): amount × EquivalenciaDR rounded down, so that ImpPagado / EquivalenciaDR
 *   never exceeds what was paid; across currencies the least amount that covers the balance settles it (ImpPagado =
 *   the balance), since no amount in the payment's currency converts to it exactly.
 * - The ledger, in pesos: the money in at the payment day's rate; the receivable, and the taxes leaving their pending
 *   accounts, at the invoice's historical rate (the settling receipt clears what is left of them in pesos); the taxes
 *   reaching their collected accounts at the payment day's rate (cash-basis IVA is the IVA actually collected, in pesos
 *   of that day); the difference is the exchange gain (702.01) or loss (701.01).
 */
import Decimal from 'decimal.js';
import { round2, sum } from '../platform/money';
import type { MxInvoiceDocument } from '../invoices/mx/schema';
import type { PaidTax } from './compute';

/** An invoice's currency and the rate it was issued at (MXN at 1). */
export function invoiceCurrency(doc: Pick<MxInvoiceDocument, 'currency'>): { code: string; rate: Decimal } {
  return doc.currency ? { code: doc.currency.code, rate: new Decimal(doc.currency.exchange_rate) } : { code: 'MXN', rate: new Decimal(1) };
}

/** EquivalenciaDR: units of the invoice's currency per unit of the payment's, 10 decimals; 1 in the same currency. */
export function equivalence(invoiceCode: string, paymentCode: string, paymentRate: Decimal.Value, invoiceRateToday: Decimal.Value): Decimal {
  if (invoiceCode === paymentCode) return new Decimal(1);
  return new Decimal(paymentRate).div(invoiceRateToday).toDecimalPlaces(10, Decimal.ROUND_HALF_UP);
}

/**
 * ImpPagado of `amount` (payment currency) on an invoice that owes `balance` (its currency): amount × equivalence rounded
 * down; across currencies, an amount that covers the balance by less than one cent of the payment currency settles it.
 * Null: more than is owed.
 */
export function impPagado(amount: Decimal.Value, eq: Decimal, balance: Decimal): Decimal | null {
  const paid = new Decimal(amount).times(eq).toDecimalPlaces(2, Decimal.ROUND_DOWN);
  if (paid.lte(balance)) return paid;
  if (eq.eq(1)) return null;
  return new Decimal(amount).minus('0.01').times(eq).lt(balance) ? balance : null;
}

/** What a document paid on an invoice (a receipt's entry, or a credit note's share) as far as the pesos go. */
export interface Taken { amount: Decimal.Value; taxes: readonly PaidTax[]; withholdings: readonly PaidTax[] }

/**
 * What is left in pesos, at the invoice's historical rate, of its receivable and of each tax and withholding group
 * it posted as pending, after `taken` (earlier receipts and compensation notes), each posted as its own amount × rate
 * rounded (as their entries did); the invoice's own entry posted each line's tax × rate rounded.
 */
export function pesosLeft(doc: Pick<MxInvoiceDocument, 'items' | 'retention_details' | 'total'>, rate: Decimal, taken: readonly Taken[]) {
  const at = (v: Decimal.Value) => round2(new Decimal(v).times(rate));
  const same = (type: string, pct: Decimal.Value) => (t: { type: string; percentage: number }) => t.type === type && new Decimal(t.percentage).eq(pct);
  const takenOf = (k: 'taxes' | 'withholdings', type: string, pct: Decimal.Value) =>
    sum(taken.flatMap((t) => t[k].filter(same(type, pct)).map((x) => at(x.value))));
  return {
    receivable: at(doc.total).minus(sum(taken.map((t) => at(t.amount)))),
    tax: (type: string, pct: Decimal.Value) => sum(doc.items.flatMap((it) => it.taxes.filter(same(type, pct)).map((x) => at(x.value)))).minus(takenOf('taxes', type, pct)),
    withholding: (type: string, pct: Decimal.Value) => sum(doc.retention_details.filter(same(type, pct)).map((x) => at(x.value))).minus(takenOf('withholdings', type, pct)),
  };
}

/** Splits `total` pesos over `parts` (in the invoice's currency) in proportion, the last part taking the rest. */
export function spread(total: Decimal, parts: readonly Decimal.Value[]): Decimal[] {
  const whole = sum(parts);
  let given = new Decimal(0);
  return parts.map((p, i) => {
    const v = i === parts.length - 1 ? total.minus(given) : whole.isZero() ? new Decimal(0) : round2(total.times(p).div(whole));
    given = given.plus(v);
    return v;
  });
}
