/**
 * cac:AllowanceCharge: a line's discount, and the document's global discounts,
 * the "IVA asumido" allowance that offsets the taxes of gifts the issuer
 * bears, and global charges, each with a MultiplierFactorNumeric that gives
 * its amount back.
 */
import Decimal from 'decimal.js';
import { dianAmount } from '../cufe';
import { dec, ZERO } from '../../../../platform/money';
import { ASSUMED_TAX_REASON, discountReasonCode } from './codes';
import type { DianInvoiceDocument } from './types';
import { leaf, percent, type Attrs, type Node } from './xml';

export function allowanceCharge(parent: Node, a: { id: number; charge: boolean; reasonCode?: string; reason: string; percent: Decimal | null; amount: Decimal; base: Decimal }, cur: Attrs) {
  const n = parent.ele('cac:AllowanceCharge');
  leaf(n, 'cbc:ID', String(a.id));
  leaf(n, 'cbc:ChargeIndicator', a.charge ? 'true' : 'false');
  leaf(n, 'cbc:AllowanceChargeReasonCode', a.reasonCode);
  leaf(n, 'cbc:AllowanceChargeReason', a.reason);
  leaf(n, 'cbc:MultiplierFactorNumeric', multiplierFactor(a.amount, a.base, a.percent));
  leaf(n, 'cbc:Amount', dianAmount(a.amount), cur);
  leaf(n, 'cbc:BaseAmount', dianAmount(a.base), cur);
}

const share = (part: Decimal, whole: Decimal) => (whole.isZero() ? ZERO : part.div(whole).times(100));

/**
 * MultiplierFactorNumeric: a percentage that gives the amount back (round2(base × factor / 100) = amount):
 * the one sent when it does, else the share with the fewest decimals (2 to 10) that does.
 */
export function multiplierFactor(amount: Decimal, base: Decimal, given: Decimal | null): string {
  const gives = (f: Decimal) => base.times(f).div(100).toDecimalPlaces(2, Decimal.ROUND_HALF_UP).eq(amount);
  if (given && gives(given)) return percent(given);
  const exact = share(amount, base);
  for (let places = 2; places <= 10; places++) {
    const f = exact.toDecimalPlaces(places, Decimal.ROUND_HALF_UP);
    if (gives(f)) return f.toFixed(places);
  }
  return exact.toDecimalPlaces(10, Decimal.ROUND_HALF_UP).toFixed(10);
}

/** The document's allowances and charges, numbered 1, 2, … in that order: global discounts, IVA asumido, global charges. */
export function documentAllowances(root: Node, doc: Partial<Pick<DianInvoiceDocument, 'global_discounts' | 'global_charges'>>, lineExtension: Decimal, borneTotal: Decimal, cur: Attrs): void {
  let acId = 0;
  for (const d of doc.global_discounts ?? []) {
    const amount = dec(d.value);
    allowanceCharge(root, {
      id: ++acId, charge: false, reasonCode: discountReasonCode(d), reason: d.name || 'Descuento',
      percent: d.percentage !== null && d.percentage !== undefined ? dec(d.percentage) : null,
      amount, base: lineExtension,
    }, cur);
  }
  if (borneTotal.gt(0)) {
    allowanceCharge(root, {
      id: ++acId, charge: false, reasonCode: ASSUMED_TAX_REASON, reason: 'IVA asumido', percent: new Decimal(100), amount: borneTotal, base: borneTotal,
    }, cur);
  }
  for (const c of doc.global_charges ?? []) {
    const amount = dec(c.value);
    allowanceCharge(root, {
      id: ++acId, charge: true, reason: c.name || 'Cargo',
      percent: c.percentage !== null && c.percentage !== undefined ? dec(c.percentage) : null,
      amount, base: lineExtension,
    }, cur);
  }
}
