/**
 * cac:TaxTotal and cac:WithholdingTaxTotal: taxes grouped per DIAN scheme,
 * one cac:TaxSubtotal per rate (of a line or of the whole document).
 */
import type Decimal from 'decimal.js';
import { dianAmount, type Amount } from '../cufe';
import { dec, ZERO } from '../../../../platform/money';
import type { Scheme } from './codes';
import { leaf, percent, type Attrs, type Node } from './xml';

export interface Group { scheme: Scheme; amount: Decimal; subtotals: Map<string, { percent: string; taxable: Decimal; amount: Decimal }> }

export function groupBy(entries: { scheme: Scheme; percentage: Amount; taxable: Amount; amount: Amount }[]): Group[] {
  const groups = new Map<string, Group>();
  for (const e of entries) {
    let g = groups.get(e.scheme.id);
    if (!g) groups.set(e.scheme.id, (g = { scheme: e.scheme, amount: ZERO, subtotals: new Map() }));
    g.amount = g.amount.plus(dec(e.amount));
    const key = percent(e.percentage);
    const s = g.subtotals.get(key) ?? { percent: key, taxable: ZERO, amount: ZERO };
    s.taxable = s.taxable.plus(dec(e.taxable));
    s.amount = s.amount.plus(dec(e.amount));
    g.subtotals.set(key, s);
  }
  return [...groups.values()].sort((a, b) => a.scheme.id.localeCompare(b.scheme.id));
}

export function taxTotal(parent: Node, name: 'cac:TaxTotal' | 'cac:WithholdingTaxTotal', g: Group, cur: Attrs): void {
  const t = parent.ele(name);
  leaf(t, 'cbc:TaxAmount', dianAmount(g.amount), cur);
  for (const s of g.subtotals.values()) {
    const sub = t.ele('cac:TaxSubtotal');
    leaf(sub, 'cbc:TaxableAmount', dianAmount(s.taxable), cur);
    leaf(sub, 'cbc:TaxAmount', dianAmount(s.amount), cur);
    const cat = sub.ele('cac:TaxCategory');
    leaf(cat, 'cbc:Percent', s.percent);
    const scheme = cat.ele('cac:TaxScheme');
    leaf(scheme, 'cbc:ID', g.scheme.id);
    leaf(scheme, 'cbc:Name', g.scheme.name);
  }
}
