/**
 * cac:InvoiceLine: each line's figures taken back from the stored document
 * (base, gross, taxes charged, taxes a gift's issuer bears, withholdings) and
 * its XML: quantity, amount, a gift's reference price, discount, taxes, item
 * and price.
 */
import Decimal from 'decimal.js';
import { dianAmount } from '../cufe';
import { dec, sum, ZERO } from '../../../../platform/money';
import { allowanceCharge } from './allowances';
import { CHARGE_SCHEMES, LINE_WITHHOLDINGS, NOT_WRITTEN, OTHER_SCHEME, type Scheme } from './codes';
import { groupBy, taxTotal } from './tax-totals';
import type { DianInvoiceItem, DianTaxLine } from './types';
import { DianXmlError, leaf, unitPrice, type Attrs, type Node } from './xml';

export interface LineCalc {
  item: DianInvoiceItem;
  base: Decimal;
  gross: Decimal;
  /** The line's taxes (a gift line's on its reference price, whoever bears them). */
  charges: { tax: DianTaxLine; scheme: Scheme }[];
  /** Taxes of a gift line borne by the company ("IVA asumido"): written, then offset by an allowance. */
  borne: Decimal;
  withholdings: DianTaxLine[];
  gift: boolean;
}

export function lineCalc(item: DianInvoiceItem): LineCalc {
  const gift = item.tax_base !== undefined && item.tax_base !== null;
  const companyBears = gift && item.taxpayer === 'Company';
  const chargeTaxes = item.taxes.filter((t) => !LINE_WITHHOLDINGS.has(t.type));
  const withholdings = item.taxes.filter((t) => LINE_WITHHOLDINGS.has(t.type));
  const charges = chargeTaxes.map((tax) => ({ tax, scheme: CHARGE_SCHEMES[tax.type] ?? OTHER_SCHEME }));
  const chargesTotal = sum(charges.map((c) => dec(c.tax.value)));
  const borne = companyBears ? chargesTotal : ZERO;
  const withheld = sum(withholdings.filter((t) => !NOT_WRITTEN.has(t.type)).map((t) => dec(t.value)));
  // total = base + what the customer pays in taxes − withholdings, each already rounded: the base comes back exactly.
  const base = dec(item.total).minus(chargesTotal.minus(borne)).plus(withheld);
  const gross = dec(item.quantity).times(dec(item.price)).toDecimalPlaces(2, Decimal.ROUND_HALF_UP);
  return { item, base, gross, charges, borne, withholdings, gift };
}

/** The line element of each UBL document, and the name of its quantity. */
const LINE = {
  Invoice: { element: 'cac:InvoiceLine', quantity: 'cbc:InvoicedQuantity' },
  CreditNote: { element: 'cac:CreditNoteLine', quantity: 'cbc:CreditedQuantity' },
  DebitNote: { element: 'cac:DebitNoteLine', quantity: 'cbc:DebitedQuantity' },
} as const;
export type UblDocument = keyof typeof LINE;

/**
 * Writes line number `n` (from 1), its quantity in `unit` (UN/ECE). An invoice line has its discount before its
 * taxes, a note line after them (the schemas' orders); a debit note line has no FreeOfChargeIndicator.
 */
export function invoiceLine(root: Node, l: LineCalc, n: number, unit: string, cur: Attrs, kind: UblDocument = 'Invoice'): void {
  const it = l.item;
  const line = root.ele(LINE[kind].element);
  leaf(line, 'cbc:ID', String(n));
  leaf(line, LINE[kind].quantity, new Decimal(it.quantity).toFixed(), { unitCode: unit });
  leaf(line, 'cbc:LineExtensionAmount', dianAmount(l.base), cur);
  if (l.gift) {
    if (kind === 'DebitNote') throw new DianXmlError('A debit note line is never free of charge');
    leaf(line, 'cbc:FreeOfChargeIndicator', 'true');
    const ref = line.ele('cac:PricingReference').ele('cac:AlternativeConditionPrice');
    leaf(ref, 'cbc:PriceAmount', dianAmount(it.tax_base!), cur);
    leaf(ref, 'cbc:PriceTypeCode', '01'); // commercial value
  }
  const discount = dec(it.discount?.value);
  const writeDiscount = () => {
    if (!discount.gt(0)) return;
    const pctGiven = it.discount?.percentage;
    allowanceCharge(line, {
      id: 1, charge: false, reason: 'Descuento',
      percent: pctGiven !== null && pctGiven !== undefined && !dec(pctGiven).isZero() ? dec(pctGiven) : null,
      amount: discount, base: l.gross,
    }, cur);
  };
  if (kind === 'Invoice') writeDiscount();
  for (const g of groupBy(l.charges.map((c) => ({ scheme: c.scheme, percentage: c.tax.percentage, taxable: c.tax.base_value, amount: c.tax.value })))) {
    taxTotal(line, 'cac:TaxTotal', g, cur);
  }
  if (kind !== 'Invoice') writeDiscount();
  const item = line.ele('cac:Item');
  leaf(item, 'cbc:Description', it.description);
  leaf(item.ele('cac:StandardItemIdentification'), 'cbc:ID', it.code, { schemeID: '999', schemeName: 'Estándar de adopción del contribuyente' });
  const price = line.ele('cac:Price');
  leaf(price, 'cbc:PriceAmount', unitPrice(it.price), cur);
  leaf(price, 'cbc:BaseQuantity', '1', { unitCode: unit });
}
