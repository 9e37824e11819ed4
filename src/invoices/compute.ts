/**
 * Invoice arithmetic: docs/colombia.md (Colombia, variant CO) and §5 (Mexico,
 * variant MX). Pure functions over decimal.js, never JavaScript floats.
 * Every rounding is half away from zero (ROUND_HALF_UP in decimal.js) to 2
 * decimals, done line by line first and then at invoice level, in the order
 * the design fixes. Amounts come back as strings with 2 decimals (a line's
 * price with 6); callers turn them into JSON numbers.
 */
import Decimal from 'decimal.js';
import { dec, money, round2, sum, ZERO } from '../platform/money';

export { round2 } from '../platform/money';

/** Inputs as received: JSON numbers, or strings from PostgreSQL `numeric`. */
export type Num = string | number;
/** A tax as configured: type IVA | Impoconsumo | AdValorem | Retefuente | ReteIVA | ReteICA | Autorretencion | (MX) ReteISR | IEPS. */
export interface TaxRef { id: number; name?: string; type: string; percentage: Num }
/** A tax's reference from its row (src/catalog/rows.ts TaxRow), without the row's other columns. */
export const taxRef = (t: TaxRef): TaxRef => ({ id: t.id, name: t.name, type: t.type, percentage: t.percentage });
export interface LineIn {
  quantity: Num;
  price?: Num;
  /** Price with IVA/INC included; when sent it replaces `price`. */
  taxed_price?: Num;
  /** A value, or a percentage of the gross amount when the invoice's discountType is 'Percentage'. */
  discount?: Num;
  taxes: TaxRef[];
  /** Gift line (price 0): taxes are computed on tax_base; who bears them is taxpayer. */
  gift?: { tax_base: Num; taxpayer: 'Company' | 'Customer' };
}
export interface AllowanceIn { id: number; percentage?: Num; value?: Num }
export interface InvoiceIn {
  discountType: 'Percentage' | 'Value';
  lines: LineIn[];
  /** Invoice-level ReteIVA / ReteICA / Autorretencion. */
  retentions: TaxRef[];
  globalDiscounts?: AllowanceIn[];
  globalCharges?: AllowanceIn[];
  advancePayment?: Num;
  /** A credit note: what is left to credit of its invoice, which its taxes and retentions never exceed (limitToLeft). */
  credit?: CreditLeft;
}
/**
 * What is left to credit of an invoice (src/notes/credit.ts): per product, its
 * base and the value of each of its taxes; the value of each invoice retention.
 * `codes`: the product of each line of the credit note.
 */
export interface CreditLeft {
  codes: readonly string[];
  lines: ReadonlyMap<string, { base: Decimal; taxes: ReadonlyMap<number, Decimal> }>;
  retentions: ReadonlyMap<number, Decimal>;
}
export interface TaxOut { id: number; name?: string; type: string; percentage: string; base: string; value: string; withholding: boolean }
export interface LineOut {
  /** Unit price before taxes, 6 decimals. */
  price: string;
  /** quantity × price, unrounded (at least 2 decimals). */
  gross: string;
  discount: string;
  base: string;
  taxes: TaxOut[];
  total: string;
  /** Taxes of a gift line borne by the company (taxpayer 'Company'), else "0.00". */
  borne_by_company: string;
}
export interface AllowanceOut { id: number; percentage: string | null; base: string; value: string }
export interface InvoiceOut {
  lines: LineOut[];
  /** Σ line bases. */
  subtotal: string;
  /** Σ line charge taxes (IVA, Impoconsumo, AdValorem…) that the customer pays. */
  charges: string;
  /** Σ line withholding taxes (Retefuente). */
  line_withholdings: string;
  /** Invoice-level retentions. */
  retentions: TaxOut[];
  global_discounts: AllowanceOut[];
  global_charges: AllowanceOut[];
  /** Σ bases + Σ line charge taxes − global discounts + global charges. */
  total: string;
  /** Borne by the customer: line Retefuente + ReteIVA + ReteICA (not Autorretencion). */
  withholdings: string;
  advance_payment: string;
  /** total − withholdings − advance_payment. */
  payable: string;
}

export interface MxLineIn { quantity: Num; price: Num; discount?: Num; taxes: TaxRef[] }
export interface MxIn { lines: MxLineIn[]; discountType: 'Percentage' | 'Value'; retentions: TaxRef[] }
export interface MxOut { lines: LineOut[]; subtotal: string; discounts: string; taxes: string; retentions: TaxOut[]; total: string }

/** Taxes withheld from the payment instead of added to it. */
export const WITHHOLDING_TYPES: ReadonlySet<string> = new Set(['Retefuente', 'ReteIVA', 'ReteICA', 'Autorretencion', 'ReteISR']);

/** Autorretencion is withheld by the company on itself: never subtracted from what the customer pays. */
const SELF_WITHHOLDING = 'Autorretencion';
/** Taxes a `taxed_price` includes. */
const INCLUDED_IN_TAXED_PRICE: ReadonlySet<string> = new Set(['IVA', 'Impoconsumo']);


/** An unrounded amount, written with at least 2 decimals. */
const exact = (x: Decimal) => (x.decimalPlaces() < 2 ? x.toFixed(2) : x.toFixed());

const isWithholding = (t: TaxRef) => WITHHOLDING_TYPES.has(t.type);
/** Withheld from the customer's payment (every withholding but Autorretencion). */
const customerWithholds = (t: { type: string }) => WITHHOLDING_TYPES.has(t.type) && t.type !== SELF_WITHHOLDING;

/** One tax on a base: value = round2(base × percentage / 100). */
function applyTax(t: TaxRef, base: Decimal): { out: TaxOut; value: Decimal } {
  const pct = dec(t.percentage);
  const value = round2(base.times(pct).div(100));
  const out: TaxOut = {
    id: t.id, type: t.type, percentage: pct.toString(),
    base: money(base), value: money(value), withholding: isWithholding(t),
  };
  if (t.name !== undefined) out.name = t.name;
  return { out, value };
}

/**
 * Pure: the taxable base a tax amount is stated on. A credit note's tax limited to what is left of it on the
 * invoice (limitLines, limitRetention) can differ by a cent or two from round2(base × rate), the roundings of the
 * invoice's lines and of the notes before it; the DIAN rejects a tax that is not its taxable base times its
 * rate (rule CAS07 of credit notes). So the amount the books hold stays, and its base is moved to the nearest
 * base whose round2(× rate) is that amount: 190.03 of 19 % IVA left on a base of 1,000.07 is stated on 1,000.14
 * (1,000.14 × 19 % = 190.0266). The line's own base (its LineExtensionAmount) and the note's total do not change.
 */
export function taxableFor(value: Decimal, percentage: Decimal, base: Decimal): Decimal {
  const rate = percentage.div(100);
  if (rate.lte(0) || value.lt(0) || round2(base.times(rate)).eq(value)) return base;
  const low = value.minus('0.005').div(rate).toDecimalPlaces(2, Decimal.ROUND_CEIL);
  let high = value.plus('0.005').div(rate).toDecimalPlaces(2, Decimal.ROUND_FLOOR);
  while (high.gte(low) && !round2(high.times(rate)).eq(value)) high = high.minus('0.01');
  return high.lt(low) ? base : Decimal.min(Decimal.max(base, low), high);
}

// ---------------------------------------------------------------- Colombia

interface LineCalc {
  out: LineOut;
  base: Decimal;
  /** Non-withholding taxes the customer pays (0 for a company-borne gift). */
  charges: Decimal;
  /** IVA the customer pays (base of ReteIVA). */
  iva: Decimal;
  /** Withholdings subtracted from the customer's payment. */
  withheld: Decimal;
  /** A gift line whose charge taxes the company bears. */
  companyBears: boolean;
}

function unitPrice(l: LineIn): Decimal {
  if (l.taxed_price !== undefined && l.taxed_price !== null) {
    const rates = sum(l.taxes.filter((t) => INCLUDED_IN_TAXED_PRICE.has(t.type)).map((t) => dec(t.percentage)));
    return dec(l.taxed_price).div(rates.div(100).plus(1)).toDecimalPlaces(6, Decimal.ROUND_HALF_UP);
  }
  return dec(l.price);
}

function lineCO(l: LineIn, discountType: InvoiceIn['discountType']): LineCalc {
  const price = unitPrice(l);
  const gross = dec(l.quantity).times(price);
  const discount = discountType === 'Percentage' ? gross.times(dec(l.discount)).div(100) : dec(l.discount);
  const base = round2(gross.minus(discount));

  // A gift line's charge taxes are computed on its tax_base. Its withholdings
  // stay on the line's own base (0): nobody pays for a gift, so there is
  // nothing to withhold from.
  const chargeBase = l.gift ? round2(dec(l.gift.tax_base)) : base;
  const companyBears = l.gift?.taxpayer === 'Company';

  const taxes = l.taxes.map((t) => applyTax(t, isWithholding(t) ? base : chargeBase).out);
  const out: LineOut = {
    price: price.toFixed(6, Decimal.ROUND_HALF_UP),
    gross: exact(gross),
    discount: money(discount),
    base: money(base),
    taxes,
    total: '',
    borne_by_company: '',
  };
  return lineSums({ out, base, charges: ZERO, iva: ZERO, withheld: ZERO, companyBears });
}

/** The line's sums from its taxes' values: charges, IVA, withholdings, total, what the company bears. */
function lineSums(c: LineCalc): LineCalc {
  let charges = ZERO, iva = ZERO, withheld = ZERO, borne = ZERO;
  for (const t of c.out.taxes) {
    const value = dec(t.value);
    if (!t.withholding) {
      if (c.companyBears) borne = borne.plus(value);
      else {
        charges = charges.plus(value);
        if (t.type === 'IVA') iva = iva.plus(value);
      }
    } else if (customerWithholds(t)) {
      withheld = withheld.plus(value);
    }
  }
  const out = { ...c.out, total: money(round2(c.base.plus(charges).minus(withheld))), borne_by_company: money(borne) };
  return { ...c, out, charges, iva, withheld };
}

/**
 * A credit note never reverses more of a tax than is left of it on its invoice,
 * and the note that takes the last of a product's base (the line that brings
 * its base left to zero) takes exactly what is left of each of its taxes; the
 * note that takes the last of every product takes what is left of each
 * retention. So a fully credited invoice leaves every tax and withholding
 * account where it was before the invoice, whatever the roundings of the
 * notes in between.
 */
function limitLines(lines: LineCalc[], credit: CreditLeft): LineCalc[] {
  const credited = creditedBases(credit, lines.map((l) => l.base));
  const last = new Map(credit.codes.map((code, i) => [code, i]));
  const taken = new Map<string, Map<number, Decimal>>();
  return lines.map((l, i) => {
    const code = credit.codes[i];
    const left = credit.lines.get(code);
    if (!left) return l;
    const takesAll = last.get(code) === i && credited.get(code)!.eq(left.base);
    const mine = taken.get(code) ?? new Map<number, Decimal>();
    taken.set(code, mine);
    const taxes = l.out.taxes.map((t) => {
      const had = left.taxes.get(t.id);
      if (had === undefined) return t; // not on the invoice's lines of the product: refused by the note's rules
      const rest = Decimal.max(had.minus(mine.get(t.id) ?? ZERO), 0);
      const value = takesAll ? rest : Decimal.min(dec(t.value), rest);
      mine.set(t.id, (mine.get(t.id) ?? ZERO).plus(value));
      return { ...t, value: money(value), base: money(taxableFor(value, dec(t.percentage), dec(t.base))) };
    });
    return lineSums({ ...l, out: { ...l.out, taxes } });
  });
}

/** Each product's base on a credit note's lines. */
function creditedBases(credit: CreditLeft, bases: readonly Decimal.Value[]): Map<string, Decimal> {
  const credited = new Map<string, Decimal>();
  credit.codes.forEach((code, i) => credited.set(code, (credited.get(code) ?? ZERO).plus(bases[i])));
  return credited;
}

/** Pure: whether a credit note with these lines takes the last of every product of its invoice. */
export function takesAll(credit: CreditLeft, bases: readonly Decimal.Value[]): boolean {
  const credited = creditedBases(credit, bases);
  return [...credit.lines].every(([code, l]) => (credited.get(code) ?? ZERO).eq(l.base));
}

/** Whether every line of a credit note is of a product of its invoice, each product's base at most what is left of it. */
function withinLeft(credit: CreditLeft, bases: readonly Decimal.Value[]): boolean {
  return [...creditedBases(credit, bases)].every(([code, b]) => credit.lines.has(code) && b.lte(credit.lines.get(code)!.base));
}

/** A retention of a credit note: at most what is left of it; all of it when the note takes the last of every product. */
function limitRetention(out: TaxOut, value: Decimal, credit: CreditLeft | undefined, all: boolean): { out: TaxOut; value: Decimal } {
  const had = credit?.retentions.get(out.id);
  if (had === undefined) return { out, value }; // not a credit note, or not on its invoice (refused by the note's rules)
  const rest = Decimal.max(had, 0);
  const v = all ? rest : Decimal.min(value, rest);
  return { out: { ...out, value: money(v), base: money(taxableFor(v, dec(out.percentage), dec(out.base))) }, value: v };
}

/** Global discounts or charges: a percentage of the sum of line bases (it wins over a value), else the value. */
function allowances(list: readonly AllowanceIn[] | undefined, base: Decimal): { out: AllowanceOut[]; sum: Decimal } {
  let sum = ZERO;
  const out = (list ?? []).map((a): AllowanceOut => {
    const hasPct = a.percentage !== undefined && a.percentage !== null;
    const value = hasPct ? round2(base.times(dec(a.percentage)).div(100)) : round2(dec(a.value));
    sum = sum.plus(value);
    return { id: a.id, percentage: hasPct ? dec(a.percentage).toString() : null, base: money(base), value: money(value) };
  });
  return { out, sum };
}

export function computeCO(input: InvoiceIn): InvoiceOut {
  const computed = input.lines.map((l) => lineCO(l, input.discountType));
  // A credit note above what is left is refused by its own rules (src/notes/credit.ts): it is computed as it is.
  const credit = input.credit && withinLeft(input.credit, computed.map((l) => l.base)) ? input.credit : undefined;
  const lines = credit ? limitLines(computed, credit) : computed;
  const all = !!credit && takesAll(credit, lines.map((l) => l.base));
  const subtotal = sum(lines.map((l) => l.base));
  const charges = sum(lines.map((l) => l.charges));
  const ivaCharged = sum(lines.map((l) => l.iva));
  const lineWithholdings = sum(lines.map((l) => l.withheld));

  // ReteIVA is withheld from the IVA the customer pays; ReteICA, Autorretencion
  // (and anything else) from the sum of line bases.
  let retained = ZERO;
  const retentions = input.retentions.map((r) => {
    const tax = applyTax(r, r.type === 'ReteIVA' ? ivaCharged : subtotal);
    const { out, value } = limitRetention(tax.out, tax.value, credit, all);
    if (customerWithholds(r)) retained = retained.plus(value);
    return out;
  });

  const discounts = allowances(input.globalDiscounts, subtotal);
  const extra = allowances(input.globalCharges, subtotal);
  const invoiceTotal = subtotal.plus(charges).minus(discounts.sum).plus(extra.sum);
  const withholdings = lineWithholdings.plus(retained);
  const advance = round2(dec(input.advancePayment));

  return {
    lines: lines.map((l) => l.out),
    subtotal: money(subtotal),
    charges: money(charges),
    line_withholdings: money(lineWithholdings),
    retentions,
    global_discounts: discounts.out,
    global_charges: extra.out,
    total: money(invoiceTotal),
    withholdings: money(withholdings),
    advance_payment: money(advance),
    payable: money(invoiceTotal.minus(withholdings).minus(advance)),
  };
}

// ---------------------------------------------------------------- Mexico

/**
 * Variant MX (DESIGN §5). Per line: importe = round2(quantity × price),
 * descuento = round2(value, or quantity × price × discount / 100), base =
 * importe − descuento (the CFDI's Base = Importe − Descuento; it equals
 * round2(quantity × price − discount) except when both carry a third decimal).
 * Line taxes on the base, except IVA, whose base includes the line's IEPS
 * (LIVA art. 12: the value of the act includes the other taxes). Invoice
 * retentions: ReteIVA on the IVA bases of the lines that charge IVA above 0 %
 * (no IVA charged, nothing to withhold), any other (ReteISR) on the bases of
 * the lines that carry taxes (a line not subject to taxes, c_ObjetoImp 01,
 * has no Impuestos node to carry a retention). total = subtotal − discounts + taxes − retentions.
 */
export function computeMX(input: MxIn): MxOut {
  let subtotal = ZERO, discounts = ZERO, taxes = ZERO, lineWithheld = ZERO;
  /** Per line, what each retention is withheld on: ReteIVA the IVA base of a line charging IVA above 0 %, ReteISR the base of a line that carries taxes. */
  const retentionBases: { ReteIVA: Decimal; ReteISR: Decimal }[] = [];
  const lines = input.lines.map((l): LineOut => {
    const price = dec(l.price);
    const amount = dec(l.quantity).times(price);
    const gross = round2(amount);
    const discount = round2(input.discountType === 'Percentage' ? amount.times(dec(l.discount)).div(100) : dec(l.discount));
    const base = gross.minus(discount);
    let charged = ZERO, withheld = ZERO;
    const others = new Map<TaxRef, { out: TaxOut; value: Decimal }>();
    // IVA (exempt IVA too) is on the base plus the line's IEPS (LIVA art. 12); the others on the base.
    for (const t of l.taxes.filter((t) => t.type !== 'IVA' && t.type !== 'IVAExento')) others.set(t, applyTax(t, base));
    const ieps = sum([...others].filter(([t]) => t.type === 'IEPS').map(([, r]) => r.value));
    const on = { ReteIVA: ZERO, ReteISR: ZERO };
    const out = l.taxes.map((t) => {
      const { out: o, value } = others.get(t) ?? applyTax(t, base.plus(ieps));
      if (t.type === 'IVA' && dec(t.percentage).gt(0)) on.ReteIVA = base.plus(ieps);
      if (o.withholding) withheld = withheld.plus(value);
      else charged = charged.plus(value);
      return o;
    });
    if (l.taxes.some((t) => !isWithholding(t))) on.ReteISR = base;
    retentionBases.push(on);
    subtotal = subtotal.plus(gross);
    discounts = discounts.plus(discount);
    taxes = taxes.plus(charged);
    lineWithheld = lineWithheld.plus(withheld);
    return {
      price: price.toFixed(6, Decimal.ROUND_HALF_UP), gross: money(gross), discount: money(discount), base: money(base),
      taxes: out, total: money(base.plus(charged).minus(withheld)), borne_by_company: '0.00',
    };
  });
  const net = subtotal.minus(discounts);
  // CFDI 4.0 withholds per concept (Anexo 20: each Retencion's Importe is its Base × TasaOCuota, rounded): the
  // document's retention of a type is the sum of its concepts', never one rounding spread over them.
  let retained = ZERO;
  const retentions = input.retentions.map((r) => {
    const type = r.type === 'ReteIVA' ? 'ReteIVA' : 'ReteISR';
    const parts = retentionBases.filter((b) => b[type].gt(0)).map((b) => applyTax(r, b[type]));
    const value = sum(parts.map((p) => p.value));
    const { out } = applyTax(r, sum(retentionBases.map((b) => b[type])));
    retained = retained.plus(value);
    return { ...out, value: money(value) };
  });
  return {
    lines,
    subtotal: money(subtotal),
    discounts: money(discounts),
    taxes: money(taxes),
    retentions,
    // Line-level withholdings are not expected in MX (retentions are invoice-level); if any, they are subtracted too.
    total: money(net.plus(taxes).minus(retained).minus(lineWithheld)),
  };
}
