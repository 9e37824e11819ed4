/**
 * The money figures of a DIAN UBL invoice, read from the XML with XPath
 * (independently of the builder), as strings exactly as written: the
 * LegalMonetaryTotal, the document's TaxTotals and WithholdingTaxTotals, and
 * each line's base and TaxTotals. A TaxSubtotal reads "scheme percent:
 * taxable → amount", e.g. "01 19.00: 950.00 → 180.50".
 */
import { DOMParser } from '@xmldom/xmldom';
import * as xpath from 'xpath';
import { NAMESPACES } from '../../src/countries/co/dian/ubl';

export interface UblTotals { line: string; exclusive: string; inclusive: string; allowances: string; charges: string; prepaid: string; payable: string }
export interface UblTaxTotal { amount: string; subtotals: string[] }
export interface UblFigures {
  totals: UblTotals;
  taxes: UblTaxTotal[];
  withholdings: UblTaxTotal[];
  lines: { base: string; taxes: UblTaxTotal[] }[];
}

const select = xpath.useNamespaces({ inv: NAMESPACES.invoice, cac: NAMESPACES.cac, cbc: NAMESPACES.cbc });

export function ublFigures(xml: string): UblFigures {
  const doc = new DOMParser().parseFromString(xml, 'text/xml') as unknown as Node;
  const texts = (q: string, at: Node = doc) => (select(q, at) as Node[]).map((n) => n.textContent ?? '');
  const lmt = (name: string) => texts(`/inv:Invoice/cac:LegalMonetaryTotal/cbc:${name}`)[0];
  const subtotals = (total: Node) => (select('cac:TaxSubtotal', total) as Node[]).map((s) =>
    `${texts('cac:TaxCategory/cac:TaxScheme/cbc:ID', s)[0]} ${texts('cac:TaxCategory/cbc:Percent', s)[0]}: ${texts('cbc:TaxableAmount', s)[0]} → ${texts('cbc:TaxAmount', s)[0]}`);
  const taxTotals = (q: string, at: Node = doc) => (select(q, at) as Node[]).map((t) => ({ amount: texts('cbc:TaxAmount', t)[0], subtotals: subtotals(t) }));
  return {
    totals: {
      line: lmt('LineExtensionAmount'), exclusive: lmt('TaxExclusiveAmount'), inclusive: lmt('TaxInclusiveAmount'),
      allowances: lmt('AllowanceTotalAmount'), charges: lmt('ChargeTotalAmount'), prepaid: lmt('PrepaidAmount'), payable: lmt('PayableAmount'),
    },
    taxes: taxTotals('/inv:Invoice/cac:TaxTotal'),
    withholdings: taxTotals('/inv:Invoice/cac:WithholdingTaxTotal'),
    lines: (select('/inv:Invoice/cac:InvoiceLine', doc) as Node[]).map((l) => ({ base: texts('cbc:LineExtensionAmount', l)[0], taxes: taxTotals('cac:TaxTotal', l) })),
  };
}
