/**
 * The document's figures taken back from its lines (checked against what the
 * stored document says) and cac:LegalMonetaryTotal, as docs/colombia.md defines it:
 *   LineExtensionAmount  = Σ line bases (the subtotal)                         = ValFac
 *   TaxExclusiveAmount   = Σ taxable bases of the lines that carry a tax, each line once
 *   TaxInclusiveAmount   = LineExtensionAmount + the taxes
 *   AllowanceTotalAmount = Σ global discounts + taxes of gifts the issuer bears; ChargeTotalAmount = Σ global charges
 *   PrepaidAmount        = the advance applied
 *   PayableAmount        = TaxInclusive − allowances + charges − prepaid         = ValTot
 * Withholdings are informative: not subtracted from PayableAmount (the
 * document's amount_payable = PayableAmount − withholdings_total).
 */
import type Decimal from 'decimal.js';
import { dianAmount } from '../cufe';
import { dec, sum, ZERO } from '../../../../platform/money';
import { NOT_WRITTEN, WITHHOLDING_SCHEMES } from './codes';
import type { LineCalc } from './lines';
import { groupBy, type Group } from './tax-totals';
import type { DianInvoiceDocument } from './types';
import { DianXmlError, leaf, same, type Attrs, type Node } from './xml';

export interface Totals {
  lineExtension: Decimal; taxExclusive: Decimal; taxInclusive: Decimal; allowanceTotal: Decimal; chargeTotal: Decimal; prepaid: Decimal; payable: Decimal;
  /** The taxes charged, per scheme; of them IVA (01), ICA (03) and INC (04) for the CUFE. */
  chargeGroups: Group[]; taxesTotal: Decimal; iva: Decimal; ica: Decimal; inc: Decimal;
  withholdingGroups: Group[];
  /** Taxes of gift lines the issuer bears, offset by the "IVA asumido" allowance. */
  borneTotal: Decimal;
}

/** What the totals read of a document: an invoice, or a note (no global discounts, charges, advance or amount payable). */
export type TotalsDocument = Pick<DianInvoiceDocument, 'subtotal' | 'taxes_total' | 'retentions' | 'withholdings_total' | 'total'>
  & Partial<Pick<DianInvoiceDocument, 'global_discounts' | 'global_charges' | 'advance_payment' | 'amount_payable'>>;

/** The figures of the document from its lines; throws DianXmlError where they differ from what the document states. */
export function documentTotals(doc: TotalsDocument, lines: readonly LineCalc[]): Totals {
  const lineExtension = sum(lines.map((l) => l.base));
  same('subtotal', lineExtension, doc.subtotal);
  const chargeGroups = groupBy(lines.flatMap((l) => l.charges.map((c) => ({
    scheme: c.scheme, percentage: c.tax.percentage, taxable: c.tax.base_value, amount: c.tax.value,
  }))));
  const taxesTotal = sum(chargeGroups.map((g) => g.amount));
  // Gift lines whose taxes the company bears: their taxes are reported, and offset by an "IVA asumido" allowance.
  const borneTotal = sum(lines.map((l) => l.borne));
  same('taxes_total', taxesTotal.minus(borneTotal), doc.taxes_total);
  const byCode = (code: string) => chargeGroups.find((g) => g.scheme.id === code)?.amount ?? ZERO;

  const withholdingGroups = groupBy([
    ...lines.flatMap((l) => l.withholdings),
    ...(doc.retentions ?? []),
  ].filter((t) => !NOT_WRITTEN.has(t.type)).map((t) => {
    const scheme = WITHHOLDING_SCHEMES[t.type];
    if (!scheme) throw new DianXmlError(`Unknown withholding type ${t.type}`);
    return { scheme, percentage: t.percentage, taxable: t.base_value, amount: t.value };
  }));
  same('withholdings_total', sum(withholdingGroups.map((g) => g.amount)), doc.withholdings_total);

  const allowanceTotal = sum((doc.global_discounts ?? []).map((d) => dec(d.value))).plus(borneTotal);
  const chargeTotal = sum((doc.global_charges ?? []).map((c) => dec(c.value)));
  const prepaid = dec(doc.advance_payment);
  const taxInclusive = lineExtension.plus(taxesTotal);
  const payable = taxInclusive.minus(allowanceTotal).plus(chargeTotal).minus(prepaid);
  same('total', taxInclusive.minus(allowanceTotal).plus(chargeTotal), doc.total);
  if (doc.amount_payable !== undefined) same('amount_payable', payable.minus(sum(withholdingGroups.map((g) => g.amount))), doc.amount_payable);
  // Σ taxable bases of the lines that carry a tax (each line once).
  const taxExclusive = sum(lines.filter((l) => l.charges.length).map((l) => dec(l.charges[0].tax.base_value)));
  return {
    lineExtension, taxExclusive, taxInclusive, allowanceTotal, chargeTotal, prepaid, payable,
    chargeGroups, taxesTotal, iva: byCode('01'), ica: byCode('03'), inc: byCode('04'), withholdingGroups, borneTotal,
  };
}

/** Writes cac:LegalMonetaryTotal (a debit note: cac:RequestedMonetaryTotal, of the same type). */
export function monetaryTotal(root: Node, element: 'cac:LegalMonetaryTotal' | 'cac:RequestedMonetaryTotal', t: Totals, cur: Attrs): void {
  const totals = root.ele(element);
  leaf(totals, 'cbc:LineExtensionAmount', dianAmount(t.lineExtension), cur);
  leaf(totals, 'cbc:TaxExclusiveAmount', dianAmount(t.taxExclusive), cur);
  leaf(totals, 'cbc:TaxInclusiveAmount', dianAmount(t.taxInclusive), cur);
  leaf(totals, 'cbc:AllowanceTotalAmount', dianAmount(t.allowanceTotal), cur);
  leaf(totals, 'cbc:ChargeTotalAmount', dianAmount(t.chargeTotal), cur);
  if (element === 'cac:LegalMonetaryTotal' || t.prepaid.gt(0)) leaf(totals, 'cbc:PrepaidAmount', dianAmount(t.prepaid), cur);
  leaf(totals, 'cbc:PayableAmount', dianAmount(t.payable), cur);
}
