/**
 * Invoice arithmetic (DESIGN.md §4 for Colombia, §5 for Mexico): pure
 * functions in decimal arithmetic, rounding half away from zero to 2 decimals,
 * line by line first, then at invoice level. No I/O here.
 */
import Decimal from 'decimal.js';

export type Num = string | number;
export interface TaxRef { id: number; name?: string; type: string; percentage: Num }
export interface LineIn {
  quantity: Num; price?: Num; taxed_price?: Num; discount?: Num;
  taxes: TaxRef[];
  gift?: { tax_base: Num; taxpayer: 'Company' | 'Customer' };
}
export interface AllowanceIn { id: number; percentage?: Num; value?: Num }
export interface InvoiceIn {
  discountType: 'Percentage' | 'Value';
  lines: LineIn[];
  retentions: TaxRef[];
  globalDiscounts?: AllowanceIn[];
  globalCharges?: AllowanceIn[];
  advancePayment?: Num;
}
export interface TaxOut { id: number; name?: string; type: string; percentage: string; base: string; value: string; withholding: boolean }
export interface LineOut { price: string; gross: string; discount: string; base: string; taxes: TaxOut[]; total: string; borne_by_company: string }
export interface AllowanceOut { id: number; percentage: string | null; base: string; value: string }
export interface InvoiceOut {
  lines: LineOut[];
  subtotal: string;
  charges: string;
  line_withholdings: string;
  retentions: TaxOut[];
  global_discounts: AllowanceOut[];
  global_charges: AllowanceOut[];
  total: string;
  withholdings: string;
  advance_payment: string;
  payable: string;
}

/** Taxes that are withheld from the customer's payment rather than added to it. */
export const WITHHOLDING_TYPES: ReadonlySet<string> = new Set(['Retefuente', 'ReteIVA', 'ReteICA', 'Autorretencion', 'ReteISR']);
/** Taxes included in a taxed price (items.taxed_price). */
const PRICE_INCLUDED = new Set(['IVA', 'Impoconsumo']);

const D = (v: Num | Decimal | undefined) => new Decimal(v ?? 0);
export const round2 = (x: Decimal.Value) => new Decimal(x).toDecimalPlaces(2, Decimal.ROUND_HALF_UP);
const sum = (xs: Decimal.Value[]) => xs.reduce<Decimal>((s, x) => s.plus(x), new Decimal(0));
const money = (x: Decimal.Value) => round2(x).toFixed(2);

function tax(t: TaxRef, base: Decimal): TaxOut {
  return {
    id: t.id, name: t.name, type: t.type, percentage: D(t.percentage).toString(),
    base: money(base), value: money(base.times(D(t.percentage)).div(100)), withholding: WITHHOLDING_TYPES.has(t.type),
  };
}

function lineCO(l: LineIn, discountType: InvoiceIn['discountType']): LineOut {
  const included = sum(l.taxes.filter((t) => PRICE_INCLUDED.has(t.type)).map((t) => D(t.percentage)));
  const price = l.taxed_price !== undefined
    ? D(l.taxed_price).div(included.div(100).plus(1)).toDecimalPlaces(6, Decimal.ROUND_HALF_UP)
    : D(l.price);
  const gross = D(l.quantity).times(price);
  const discount = discountType === 'Percentage' ? gross.times(D(l.discount)).div(100) : D(l.discount);
  const base = round2(gross.minus(discount));
  const taxBase = l.gift ? round2(D(l.gift.tax_base)) : base;
  const taxes = l.taxes.map((t) => tax(t, taxBase));
  const companyBears = l.gift?.taxpayer === 'Company';
  const charged = companyBears ? [] : taxes.filter((t) => !t.withholding);
  const withheld = taxes.filter((t) => t.withholding);
  return {
    price: price.toFixed(6),
    gross: gross.toFixed(),
    discount: money(discount),
    base: base.toFixed(2),
    taxes,
    total: money(base.plus(sum(charged.map((t) => t.value))).minus(sum(withheld.map((t) => t.value)))),
    borne_by_company: companyBears ? money(sum(taxes.filter((t) => !t.withholding).map((t) => t.value))) : '0.00',
  };
}

function allowances(list: AllowanceIn[] | undefined, base: Decimal): AllowanceOut[] {
  return (list ?? []).map((a) => ({
    id: a.id,
    percentage: a.percentage !== undefined ? D(a.percentage).toString() : null,
    base: base.toFixed(2),
    value: a.percentage !== undefined ? money(base.times(D(a.percentage)).div(100)) : money(D(a.value)),
  }));
}

export function computeCO(input: InvoiceIn): InvoiceOut {
  const lines = input.lines.map((l) => lineCO(l, input.discountType));
  const lineTaxes = lines.flatMap((l) => l.taxes);
  const subtotal = sum(lines.map((l) => l.base));
  const gifted = new Set(lines.flatMap((l, i) => (input.lines[i].gift?.taxpayer === 'Company' ? l.taxes : [])));
  const charges = sum(lineTaxes.filter((t) => !t.withholding && !gifted.has(t)).map((t) => t.value));
  const lineWithholdings = sum(lineTaxes.filter((t) => t.withholding).map((t) => t.value));
  const ivaTotal = sum(lineTaxes.filter((t) => t.type === 'IVA' && !gifted.has(t)).map((t) => t.value));
  const retentions = input.retentions.map((r) => tax(r, r.type === 'ReteIVA' ? ivaTotal : subtotal));
  const globalDiscounts = allowances(input.globalDiscounts, subtotal);
  const globalCharges = allowances(input.globalCharges, subtotal);
  const total = subtotal.plus(charges).minus(sum(globalDiscounts.map((a) => a.value))).plus(sum(globalCharges.map((a) => a.value)));
  const withholdings = lineWithholdings.plus(sum(retentions.filter((r) => r.type !== 'Autorretencion').map((r) => r.value)));
  const advance = round2(D(input.advancePayment));
  return {
    lines,
    subtotal: subtotal.toFixed(2),
    charges: charges.toFixed(2),
    line_withholdings: lineWithholdings.toFixed(2),
    retentions,
    global_discounts: globalDiscounts,
    global_charges: globalCharges,
    total: total.toFixed(2),
    withholdings: withholdings.toFixed(2),
    advance_payment: advance.toFixed(2),
    payable: total.minus(withholdings).minus(advance).toFixed(2),
  };
}

export interface MxIn { discountType: 'Percentage' | 'Value'; lines: { quantity: Num; price: Num; discount?: Num; taxes: TaxRef[] }[]; retentions: TaxRef[] }
export interface MxOut { lines: LineOut[]; subtotal: string; discounts: string; taxes: string; retentions: TaxOut[]; total: string }

export function computeMX(input: MxIn): MxOut {
  const lines = input.lines.map((l): LineOut => {
    const gross = round2(D(l.quantity).times(D(l.price)));
    const discount = round2(input.discountType === 'Percentage' ? gross.times(D(l.discount)).div(100) : D(l.discount));
    const base = gross.minus(discount);
    const taxes = l.taxes.map((t) => tax(t, base));
    return {
      price: D(l.price).toFixed(2), gross: gross.toFixed(2), discount: discount.toFixed(2), base: base.toFixed(2), taxes,
      total: money(base.plus(sum(taxes.filter((t) => !t.withholding).map((t) => t.value)))), borne_by_company: '0.00',
    };
  });
  const subtotal = sum(lines.map((l) => l.gross));
  const discounts = sum(lines.map((l) => l.discount));
  const taxes = sum(lines.flatMap((l) => l.taxes.filter((t) => !t.withholding).map((t) => t.value)));
  const retentions = input.retentions.map((r) => tax(r, subtotal.minus(discounts)));
  return {
    lines, subtotal: subtotal.toFixed(2), discounts: discounts.toFixed(2), taxes: taxes.toFixed(2), retentions,
    total: subtotal.minus(discounts).plus(taxes).minus(sum(retentions.map((r) => r.value))).toFixed(2),
  };
}
