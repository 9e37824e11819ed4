/**
 * What every UBL section shares: writing an optional element, the annex's
 * number formats (percentages, unit prices), the issue time in Colombia, and
 * the error a document that cannot be written raises.
 */
import Decimal from 'decimal.js';
import type { XMLBuilder } from 'xmlbuilder2/lib/interfaces';
import { dianAmount, type Amount } from '../cufe';

/** A percentage: two decimals, more when it has them (ReteICA 0.966). */
export const percent = (v: Amount) => {
  const d = new Decimal(v);
  return d.decimalPlaces() <= 2 ? d.toFixed(2) : d.toFixed();
};
/** A unit price: two decimals, up to six when it has them (a price derived from a taxed price). */
export const unitPrice = (v: Amount) => {
  const d = new Decimal(v).toDecimalPlaces(6, Decimal.ROUND_HALF_UP);
  return d.decimalPlaces() <= 2 ? d.toFixed(2) : d.toFixed();
};

export class DianXmlError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'DianXmlError';
  }
}

export function same(label: string, computed: Decimal, stated: Amount) {
  if (!computed.eq(dianAmount(stated))) {
    throw new DianXmlError(`${label}: the lines give ${dianAmount(computed)}, the document says ${dianAmount(stated)}`);
  }
}

export type Node = XMLBuilder;
export type Attrs = Record<string, string>;

/** Appends <name attrs>text</name> to parent; nothing at all when there is no text (optional elements). */
export function leaf(parent: Node, name: string, text?: string | null, attrs?: Attrs): Node {
  if (text === undefined || text === null || text === '') return parent;
  (attrs ? parent.ele(name, attrs) : parent.ele(name)).txt(text);
  return parent;
}

export function colombianTime(iso: string | null | undefined): string {
  if (!iso) throw new DianXmlError('settings.issueTime is required when the document has no metadata.created');
  const t = new Date(iso);
  if (Number.isNaN(t.getTime())) throw new DianXmlError(`metadata.created is not a date: ${iso}`);
  // Colombia keeps UTC−5 all year (no daylight saving).
  return `${new Date(t.getTime() - 5 * 3600_000).toISOString().slice(11, 19)}-05:00`;
}
