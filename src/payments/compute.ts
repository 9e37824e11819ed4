/**
 * What a payment receipt says about each invoice it pays (Pagos 2.0): pure.
 *
 * - ImpPagado, in the invoice's currency: the amount as sent when the payment
 *   is in pesos; else amount × exchange rate, rounded down to the cent, so that
 *   ImpPagado / EquivalenciaDR never exceeds what was paid (the SAT's rule).
 * - The taxes paid: each tax of the invoice (per type and rate, as its CFDI's
 *   Traslados and Retenciones) in proportion to what is paid, BaseDR =
 *   round2(base × ImpPagado / invoice total) and ImporteDR = round2(BaseDR ×
 *   rate); the payment that settles the invoice takes the base not yet paid,
 *   so that the installments' bases add up to the invoice's exactly.
 * - The totals (Totales), in pesos.
 */
import Decimal from 'decimal.js';
import { rate, retentionBase, transferred } from '../einvoice/sat/cfdi';
import type { MxInvoiceDocument } from '../invoices/mx/schema';
import { round2, sum } from '../platform/money';

export interface TaxGroup { type: string; percentage: string; base: Decimal; value: Decimal }
export interface PaidTax { type: string; percentage: number; base_value: number; value: number }

/** The invoice's taxes as its CFDI groups them: transferred per type and rate, withheld per type. */
export function invoiceTaxGroups(doc: Pick<MxInvoiceDocument, 'items' | 'retention_details'>): { taxes: TaxGroup[]; withholdings: TaxGroup[] } {
  const taxes = new Map<string, TaxGroup>();
  for (const it of doc.items) {
    for (const t of transferred(it)) {
      const key = `${t.type}|${new Decimal(t.percentage).toFixed()}`;
      const g = taxes.get(key) ?? { type: t.type, percentage: new Decimal(t.percentage).toFixed(), base: new Decimal(0), value: new Decimal(0) };
      taxes.set(key, { ...g, base: g.base.plus(t.base_value), value: g.value.plus(t.value) });
    }
  }
  const withholdings = doc.retention_details.map((r) => ({
    type: r.type, percentage: new Decimal(r.percentage).toFixed(),
    base: sum(doc.items.map((it) => retentionBase(r.type, it))), value: new Decimal(r.value),
  }));
  return { taxes: [...taxes.values()], withholdings };
}

/** What is paid on the invoice in its own currency (ImpPagado). */
export function amountPaid(amount: Decimal.Value, exchangeRate: Decimal.Value): Decimal {
  return new Decimal(amount).times(exchangeRate).toDecimalPlaces(2, Decimal.ROUND_DOWN);
}

/**
 * The taxes paid by `paid` of an invoice of `total`. `settles`: this payment leaves nothing to pay, and
 * `earlier` are the taxes the invoice's earlier live payments paid: it takes the rest of each base.
 * A group whose share rounds to 0.00 is reported in `tooSmall` (a CFDI tax base must be above 0).
 */
export function paidTaxes(groups: TaxGroup[], total: Decimal.Value, paid: Decimal.Value, settles: boolean, earlier: PaidTax[]): { paid: PaidTax[]; tooSmall: boolean } {
  let tooSmall = false;
  const out = groups.map((g) => {
    const before = sum(earlier.filter((e) => e.type === g.type && new Decimal(e.percentage).eq(g.percentage)).map((e) => e.base_value));
    const share = settles ? Decimal.max(g.base.minus(before), 0) : round2(g.base.times(paid).div(total));
    if (share.isZero()) tooSmall = true;
    return { type: g.type, percentage: Number(g.percentage), base_value: share.toNumber(), value: round2(share.times(rate(g.percentage))).toNumber() };
  });
  return { paid: out, tooSmall };
}
