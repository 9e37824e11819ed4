/**
 * What a payment receipt says about each invoice it pays (Pagos 2.0): pure.
 *
 * - ImpPagado, in the invoice's currency: the amount as sent when the payment
 *   is in pesos; else amount × exchange rate, rounded down to the cent, so that
 *   ImpPagado / EquivalenciaDR never exceeds what was paid (the SAT's rule).
 * - The taxes paid: each tax of the invoice (per type and rate, as its CFDI's
 *   Traslados and Retenciones) in proportion to what is paid of what is still
 *   owed, from what is left of it after the earlier live receipts and the credit
 *   notes set off against the invoice (17 Compensación), each note's share as
 *   noteTaxShares gives it; the payment that settles the invoice takes exactly
 *   what is left of each base and tax, so that receipts plus credit notes add up
 *   to the invoice's figures to the cent.
 * - The totals (Totales), in pesos.
 */
import Decimal from 'decimal.js';
import { importeBounds, rate, retentionBase, transferred } from '../countries/mx/sat/cfdi';
import type { MxInvoiceDocument } from '../invoices/mx/schema';
import { round2, sum } from '../platform/money';

export interface TaxGroup { type: string; percentage: string; base: Decimal; value: Decimal }
export interface PaidTax {
  type: string; percentage: number; base_value: number; value: number;
  /** What the books moved, when the settling receipt moved more or less than its CFDI could declare. */
  booked?: number;
}

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

/** The taxes of a group of `taken` (receipts' or notes' PaidTax) of the same type and rate. */
const sameGroup = (g: TaxGroup) => (t: PaidTax) => t.type === g.type && new Decimal(t.percentage).eq(g.percentage);

/** What is left of each group once `taken` (earlier receipts, credit notes set off against the invoice) is subtracted. */
export function remainingGroups(groups: TaxGroup[], taken: readonly PaidTax[]): TaxGroup[] {
  return groups.map((g) => {
    const of = taken.filter(sameGroup(g));
    return { ...g, base: g.base.minus(sum(of.map((t) => t.base_value))), value: g.value.minus(sum(of.map((t) => t.value))) };
  });
}

const clamp = (v: Decimal, lo: Decimal, hi: Decimal) => Decimal.min(Decimal.max(v, lo), hi);

/**
 * The taxes paid by `paid` of what the invoice still owes (`owed`), from what is left of each group (remainingGroups).
 * BaseDR = round2(base left × paid / owed); ImporteDR aims at round2(tax left × paid / owed), kept within Anexo 20's
 * bounds of BaseDR × rate (importeBounds) and, where those allow it, so that what it leaves stays within the bounds of
 * the base it leaves: a tax computed per concept (ReteIVA 10.6667 % of six lines of 100.00 = 6 × 10.67 = 64.02, where
 * 600.00 × 0.106667 allows 63.99 to 64.01) is then taken up by the installments, and the payment that settles the
 * invoice (`settles`) takes exactly what is left of each base and tax, so that receipts and credit notes add up to the
 * invoice's figures. When no installment can (one payment of the whole invoice), the settling one declares the upper
 * bound where what is left is above its bounds (its receipt's entry still moves what was left: src/payments/service.ts),
 * and a lower base where what is left is under them (settleBase): never more tax than the invoice has left. An installment's base leaves at least
 * a cent of the group's for the receipt that settles; a group whose base comes to 0.00 is reported in `tooSmall` (a CFDI
 * tax base must be above 0).
 */
export function paidTaxes(left: TaxGroup[], owed: Decimal.Value, paid: Decimal.Value, settles: boolean): { paid: PaidTax[]; tooSmall: boolean } {
  let tooSmall = false;
  const part = new Decimal(paid).div(owed);
  const out = left.map((g) => {
    // An installment leaves a cent of each base at least, or the receipt that settles would have none to declare.
    let base = settles ? Decimal.max(g.base, 0) : Decimal.min(round2(g.base.times(part)), g.base.minus('0.01'));
    const tasa = rate(g.percentage);
    let [lo, hi] = importeBounds(base, tasa);
    let value: Decimal;
    if (settles) {
      const want = Decimal.max(g.value, 0);
      // Below the bounds of the base left (compensation notes, each rounded on its own line, took a cent more than their
      // share): declaring the lower bound would declare more tax than the invoice has left. The base is declared that
      // many cents lower (at most a cent of tax's worth of base) so that the bounds hold what is left (settleBase).
      if (want.lt(lo)) [base, lo, hi] = settleBase(base, want, tasa);
      value = clamp(want, lo, hi);
    } else {
      const [restLo, restHi] = importeBounds(Decimal.max(g.base.minus(base), 0), tasa);
      const from = Decimal.max(lo, g.value.minus(restHi)), to = Decimal.min(hi, g.value.minus(restLo));
      value = from.lte(to) ? clamp(round2(g.value.times(part)), from, to) : clamp(round2(g.value.times(part)), lo, hi);
    }
    if (!base.gt(0)) tooSmall = true;
    return { type: g.type, percentage: Number(g.percentage), base_value: base.toNumber(), value: value.toNumber() };
  });
  return { paid: out, tooSmall };
}

/**
 * The base a settling receipt declares when the tax left (`want`) is under the bounds of the base left: the highest base
 * a cent lower at a time, by at most a cent of tax's worth of base (0.01 ÷ rate, rounded up, and one more), whose
 * bounds hold it; when none does (more than rounding's cent is missing), the base left and its bounds (the CFDI then
 * declares the lower bound). Returns the base and its bounds.
 */
export function settleBase(base: Decimal, want: Decimal, tasa: Decimal.Value): [Decimal, Decimal, Decimal] {
  if (!new Decimal(tasa).gt(0)) return [base, ...importeBounds(base, tasa)];
  const steps = new Decimal('0.01').div(tasa).times(100).ceil().plus(1).toNumber();
  for (let k = 1; k <= steps; k++) {
    const b = base.minus(new Decimal(k).div(100));
    if (!b.gt(0)) break;
    const [lo, hi] = importeBounds(b, tasa);
    if (lo.lte(want) && want.lte(hi)) return [b, lo, hi];
  }
  return [base, ...importeBounds(base, tasa)];
}

/** A note's part of an invoice's taxes and withholdings. */
export interface NoteShare { taxes: PaidTax[]; withholdings: PaidTax[] }

/**
 * Each related invoice's part of a credit note's taxes: as the note kept it (`invoices[].taxes` and `withholdings`: the
 * taxes of the lines of what that invoice sold, src/notes/mx-allocation.ts); a note written before that kept only its
 * parts' amounts: the note's groups in proportion to what it credits on that invoice (its `invoices[].amount` over its
 * total), the last invoice taking the rest, so that the parts add up to the note.
 * With `books`, what the note's entry moved instead where it kept that (`booked`: the note that settled the invoice).
 */
export function noteTaxShares(note: Pick<MxInvoiceDocument, 'items' | 'retention_details' | 'total'> & { invoices: ({ id: string; amount: number; booked?: NoteShare } & Partial<NoteShare>)[] },
  books = false): Map<string, NoteShare> {
  const groups = invoiceTaxGroups(note);
  const out = new Map<string, NoteShare>();
  const given = { taxes: groups.taxes.map(() => ({ base: new Decimal(0), value: new Decimal(0) })), withholdings: groups.withholdings.map(() => ({ base: new Decimal(0), value: new Decimal(0) })) };
  note.invoices.forEach((inv, n) => {
    const last = n === note.invoices.length - 1;
    const part = new Decimal(note.total).isZero() ? new Decimal(0) : new Decimal(inv.amount).div(note.total);
    const share = (k: 'taxes' | 'withholdings') => groups[k].map((g, i) => {
      const base = last ? g.base.minus(given[k][i].base) : round2(g.base.times(part));
      const value = last ? g.value.minus(given[k][i].value) : round2(g.value.times(part));
      given[k][i] = { base: given[k][i].base.plus(base), value: given[k][i].value.plus(value) };
      return { type: g.type, percentage: Number(g.percentage), base_value: base.toNumber(), value: value.toNumber() };
    });
    // A note split by the products each invoice sold keeps each part's taxes (src/notes/mx-allocation.ts).
    const declared = inv.taxes && inv.withholdings ? { taxes: inv.taxes, withholdings: inv.withholdings } : { taxes: share('taxes'), withholdings: share('withholdings') };
    out.set(inv.id, books && inv.booked ? inv.booked : declared);
  });
  return out;
}

/**
 * A compensation note that brings an invoice's balance to zero settles it, as the last receipt would: its CFDI
 * declares its own share (each line's tax is its base × rate, as the SAT computes it), while its entry moves what
 * is left in the books of each of those taxes (without `settles`: of each tax whose whole base left it takes) (`left`: the invoice's less its earlier receipts' and notes' entries),
 * so that nothing of a settled invoice stays pending over the cents each document rounded on its own. Returns
 * that share as the entry moves it, or undefined when it is the declared one; the note's base account takes the
 * difference (src/notes/mx.ts, notePostings).
 */
export function settlingShare(declared: NoteShare, left: { taxes: TaxGroup[]; withholdings: TaxGroup[] }, settles = true): NoteShare | undefined {
  let differs = false;
  const moved = (k: 'taxes' | 'withholdings') => declared[k].map((t) => {
    const g = left[k].find((x) => x.type === t.type && new Decimal(x.percentage).eq(t.percentage));
    // A note that does not settle the invoice still takes the last of a tax whose whole base is left to it.
    const last = g && (settles || new Decimal(t.base_value).gte(g.base));
    const value = last ? Decimal.max(g.value, 0).toNumber() : t.value;
    if (value !== t.value) differs = true;
    return { ...t, value };
  });
  const out = { taxes: moved('taxes'), withholdings: moved('withholdings') };
  return differs ? out : undefined;
}
