/**
 * How a Mexican credit note over several invoices is split among them: by what each sold (pure).
 *
 * Each line of the note credits a product; its base goes to the related invoices that sold that product, in the
 * order they were sent, each up to what is left of the product on it (its lines of the product less what live notes
 * took of it there). The line's taxes and withholdings go with its base, in the same proportion (to the cent, the
 * last invoice taking the rest of each), so an invoice receives only the taxes of products it sold, and what a later
 * receipt declares of its base is what is left of it. An invoice's part of the note (`amount`) is then its bases plus
 * its taxes less its withholdings: the parts add up to the note's total. Notes written before this kept only the
 * amount; their parts are read as the amount's proportion of each line.
 */
import Decimal from 'decimal.js';
import { Type, type Static } from '@sinclair/typebox';
import { retentionBase, transferred } from '../countries/mx/sat/cfdi';
import type { MxInvoiceDocument } from '../invoices/mx/schema';
import type { NoteShare, PaidTax } from '../payments/compute';
import type { Problems } from '../platform/errors';
import { round2, sum } from '../platform/money';

type Items = MxInvoiceDocument['items'];
type Line = Items[number];

/** What one note line put on one invoice: the product, the units (a return takes them back) and the base. */
export const PartLine = Type.Object({ code: Type.String(), quantity: Type.Number(), base_value: Type.Number() });
export type PartLine = Static<typeof PartLine>;

/** An earlier note as its invoices read it. */
export interface EarlierNote {
  items: Items; total: number; reason?: string;
  invoices: { id: string; amount: number; lines?: PartLine[] }[];
}

/** A line's amount before taxes (Importe − Descuento). */
export const lineBase = (it: { subtotal: number; discount_value: number }) => new Decimal(it.subtotal).minus(it.discount_value);

export type ProductsLeft = Map<string, { value: Decimal; units: Decimal }>;

/**
 * What is left of each product on one invoice: its lines of it less what its live notes credited of it there (units:
 * less what return notes took back). A note that kept its parts' lines gives those; an older one, its part's
 * proportion of each of its lines.
 */
export function productsLeft(inv: { id: string; items: Items; notes: EarlierNote[] }): ProductsLeft {
  const left: ProductsLeft = new Map();
  const add = (code: string, value: Decimal, units: Decimal) => {
    const l = left.get(code) ?? { value: new Decimal(0), units: new Decimal(0) };
    left.set(code, { value: l.value.plus(value), units: l.units.plus(units) });
  };
  for (const it of inv.items) add(it.code, lineBase(it), new Decimal(it.quantity));
  for (const n of inv.notes) {
    const part = n.invoices.find((x) => x.id === inv.id);
    if (!part) continue;
    const returns = n.reason === 'return';
    if (part.lines) {
      for (const l of part.lines) if (left.has(l.code)) add(l.code, new Decimal(l.base_value).neg(), returns ? new Decimal(l.quantity).neg() : new Decimal(0));
      continue;
    }
    const share = new Decimal(n.total).isZero() ? new Decimal(0) : new Decimal(part.amount).div(n.total);
    for (const it of n.items) {
      if (left.has(it.code)) add(it.code, round2(lineBase(it).times(share)).neg(), returns ? new Decimal(it.quantity).times(share).neg() : new Decimal(0));
    }
  }
  return left;
}

/**
 * A note credits only products its invoices sold, and of each never more than is left (productsLeft, summed over the
 * related invoices): in value, what their lines of it come to less what their live credit notes credited of it; in
 * units, what they sold less what live return notes took back. A line names at most the units left, a return or a
 * discount alike (a discount lowers the price of units still sold).
 */
export function checkProducts(items: readonly { code: string; quantity: number; subtotal: number; discount_value: number }[], invoices: Parameters<typeof productsLeft>[0][], problems: Problems): void {
  const left: ProductsLeft = new Map();
  for (const inv of invoices) {
    for (const [code, l] of productsLeft(inv)) {
      const had = left.get(code) ?? { value: new Decimal(0), units: new Decimal(0) };
      left.set(code, { value: had.value.plus(l.value), units: had.units.plus(l.units) });
    }
  }
  const asked = new Map<string, { value: Decimal; units: Decimal }>();
  items.forEach((it, i) => {
    const room = left.get(it.code);
    if (room === undefined) return problems.add('invalid_value', `Product ${it.code} is not on the related invoices: a credit note credits what they sold`, `items[${i}].code`);
    const before = asked.get(it.code) ?? { value: new Decimal(0), units: new Decimal(0) };
    const total = { value: before.value.plus(lineBase(it)), units: before.units.plus(it.quantity) };
    asked.set(it.code, total);
    if (total.units.gt(room.units)) {
      const units = Decimal.max(room.units, 0).toDecimalPlaces(6).toFixed();
      problems.add('invalid_value', `The note names ${total.units.toFixed()} units of product ${it.code}; ${units} are left of it on the related invoices (sold less returned by live notes)`,
        `items[${i}].quantity`, `at most ${units}`);
    }
    if (total.value.gt(room.value)) {
      problems.add('invalid_value', `The note credits ${total.value.toFixed(2)} of product ${it.code} before taxes; ${Decimal.max(room.value, 0).toFixed(2)} is left of it on the related invoices`,
        `items[${i}]`, `at most ${Decimal.max(room.value, 0).toFixed(2)}`);
    }
  });
}

/** One invoice's part of the note. */
export interface Part { id: string; amount: Decimal; lines: PartLine[]; taxes: PaidTax[]; withholdings: PaidTax[] }

/** Splits `value` in the proportions `fractions` (adding up to 1), to `places` decimals, the last taking the rest. */
function split(value: Decimal.Value, fractions: Decimal[], places = 2): Decimal[] {
  let given = new Decimal(0);
  return fractions.map((f, k) => {
    const v = k === fractions.length - 1 ? new Decimal(value).minus(given) : new Decimal(value).times(f).toDecimalPlaces(places, Decimal.ROUND_HALF_UP);
    given = given.plus(v);
    return v;
  });
}

/** Adds `base` and `value` to the group of `type` and `percentage` in `groups`. */
function addTo(groups: PaidTax[], type: string, percentage: Decimal.Value, base: Decimal, value: Decimal): void {
  const g = groups.find((x) => x.type === type && new Decimal(x.percentage).eq(percentage));
  if (g) {
    g.base_value = new Decimal(g.base_value).plus(base).toNumber();
    g.value = new Decimal(g.value).plus(value).toNumber();
  } else {
    groups.push({ type, percentage: new Decimal(percentage).toNumber(), base_value: base.toNumber(), value: value.toNumber() });
  }
}

/**
 * Splits the note's lines over the invoices (see the module's comment). `left`: what is left of each product on each
 * invoice, in the order sent. A line whose product is left nowhere (checkProducts refuses the note then) goes to the
 * first invoice that sold it, or the first one.
 */
export function allocateByProduct(note: { items: Items; retention_details: MxInvoiceDocument['retention_details'] },
  invoices: { id: string; left: ProductsLeft }[]): Part[] {
  const parts: Part[] = invoices.map((inv) => ({ id: inv.id, amount: new Decimal(0), lines: [], taxes: [], withholdings: [] }));
  const room = invoices.map((inv) => new Map([...inv.left].map(([code, l]) => [code, Decimal.max(l.value, 0)])));
  for (const it of note.items) {
    const base = lineBase(it);
    let rest = base;
    const takers: { k: number; take: Decimal }[] = [];
    room.forEach((r, k) => {
      const here = r.get(it.code);
      if (here === undefined || !rest.gt(0) || !here.gt(0)) return;
      const take = Decimal.min(rest, here);
      r.set(it.code, here.minus(take));
      rest = rest.minus(take);
      takers.push({ k, take });
    });
    if (!takers.length) takers.push({ k: Math.max(0, room.findIndex((r) => r.has(it.code))), take: base });
    else if (rest.gt(0)) takers[takers.length - 1].take = takers[takers.length - 1].take.plus(rest);
    const fractions = base.isZero() ? takers.map((_, n) => new Decimal(n === 0 ? 1 : 0)) : takers.map((t) => t.take.div(base));
    placeLine(it, note.retention_details, takers.map((t) => parts[t.k]), fractions);
  }
  for (const p of parts) {
    p.amount = sum(p.lines.map((l) => l.base_value)).plus(sum(p.taxes.map((t) => t.value))).minus(sum(p.withholdings.map((t) => t.value)));
  }
  return parts;
}

/** Puts the proportions `fractions` of one line (its base, units, taxes and withholdings) on `parts`. */
function placeLine(it: Line, retentions: MxInvoiceDocument['retention_details'], parts: Part[], fractions: Decimal[]): void {
  const bases = split(lineBase(it), fractions);
  const units = split(it.quantity, fractions, 6);
  parts.forEach((p, k) => p.lines.push({ code: it.code, quantity: units[k].toNumber(), base_value: bases[k].toNumber() }));
  for (const t of transferred(it)) {
    const b = split(t.base_value, fractions), v = split(t.value, fractions);
    parts.forEach((p, k) => addTo(p.taxes, t.type, t.percentage, b[k], v[k]));
  }
  // CFDI 4.0 withholds per concept: the line's withholding is its base × rate, rounded (src/invoices/compute.ts).
  for (const r of retentions) {
    const on = retentionBase(r.type, it);
    if (!on.gt(0)) continue;
    const b = split(on, fractions), v = split(round2(on.times(r.percentage).div(100)), fractions);
    parts.forEach((p, k) => addTo(p.withholdings, r.type, r.percentage, b[k], v[k]));
  }
}

/** The share an invoice's part declares (noteTaxShares reads it). */
export const partShare = (p: { taxes: PaidTax[]; withholdings: PaidTax[] }): NoteShare => ({ taxes: p.taxes, withholdings: p.withholdings });
