/**
 * Rules a Mexican credit note follows on what its invoices charged and withheld (src/notes/mx.ts plans the note).
 */
import Decimal from 'decimal.js';
import type { Queryable } from '../platform/db';
import type { Problems } from '../platform/errors';
import { invoiceTaxGroups, noteTaxShares, settlingShare, type NoteShare, type PaidTax } from '../payments/compute';
import { booksLeft } from '../payments/service';
import { setsOff } from './mx-advance';
import type { MxInvoiceDocument } from '../invoices/mx/schema';

/**
 * A note gives back part of what its invoices sold, with the taxes they charged and the withholdings they
 * made: ReteIVA and ReteISR are withheld per concept, so the note withholds exactly what its invoices did
 * (the same retention ids), or a later receipt would declare withholdings on a base the note took away.
 * Invoices that withhold differently are credited by separate notes.
 */
export function sameWithholdings(problems: Problems, inv: { name: string; retentions: number[] | null }, sent: readonly number[] | undefined): void {
  if (problems.has('retentions')) return;
  const key = (ids: readonly number[] | null | undefined) => [...new Set(ids ?? [])].sort((a, b) => a - b).join(', ');
  const theirs = key(inv.retentions);
  if (theirs === key(sent)) return;
  problems.add('invalid_retentions', theirs
    ? `Invoice ${inv.name} withholds retentions ${theirs}: a note that credits its sales withholds the same (send "retentions": [${theirs}]); invoices that withhold differently take separate notes`
    : `Invoice ${inv.name} withholds nothing: a note that credits its sales withholds nothing either (send no retentions); invoices that withhold differently take separate notes`, 'retentions');
}

/**
 * A note gives each invoice the taxes of the lines of what it sold (src/notes/mx-allocation.ts), which a later receipt
 * of it no longer declares: each invoice must have charged each of those taxes (type and rate), or it would get back a
 * tax it never charged (a product's tax changed since it was sold). Otherwise the note charges as the invoice did.
 */
export function chargedByEach(note: { invoices: { id: string; taxes?: PaidTax[] }[] }, related: Map<string, { name: string; items: MxInvoiceDocument['items'] }>,
  problems: Problems): void {
  if (!problems.empty) return;
  const key = (t: { type: string; percentage: Decimal.Value }) => `${t.type} ${new Decimal(t.percentage).toFixed()} %`;
  note.invoices.forEach((part, i) => {
    const inv = related.get(part.id)!;
    const charged = new Set(invoiceTaxGroups({ items: inv.items, retention_details: [] }).taxes.map(key));
    const never = (part.taxes ?? []).filter((t) => t.base_value > 0 && !charged.has(key(t))).map(key);
    if (never.length) {
      problems.add('invalid_document', `Invoice ${inv.name} charged no ${never.join(', ')} on what the note credits of it: a note gives back the taxes the invoice charged; `
        + `credit its products at the taxes they were sold with`, note.invoices.length > 1 ? `invoices[${i}].id` : 'items');
    }
  });
}

/**
 * A compensation note takes its parts' taxes off what later receipts of each invoice declare, and its receipts have
 * already declared part of each tax's base (in proportion to what they paid): a part never takes more of a tax's base
 * than the invoice's receipts and notes have left of it, or the invoice would declare more base than it had (a note of
 * one product's sales after a receipt that paid part of each). Such a note is refused with what is left.
 */
export async function withinTaxesLeft(q: Queryable, cid: number, doc: { payment_form: string; invoices: { id: string; name: string; taxes?: PaidTax[] }[] },
  problems: Problems): Promise<Lefts> {
  const lefts: Lefts = new Map();
  if (!setsOff(doc.payment_form) || !problems.empty) return lefts;
  for (const [i, part] of doc.invoices.entries()) {
    const left = await booksLeft(q, cid, part.id);
    lefts.set(part.id, left);
    for (const t of part.taxes ?? []) {
      const g = left?.taxes.find((x) => x.type === t.type && new Decimal(x.percentage).eq(t.percentage));
      const base = Decimal.max(g?.base ?? 0, 0);
      if (new Decimal(t.base_value).lte(base)) continue;
      problems.add('invalid_value', `The note credits ${new Decimal(t.base_value).toFixed(2)} of invoice ${part.name}'s ${t.type} ${t.percentage} % base; its receipts and notes have left `
        + `${base.toFixed(2)} of it (receipts declare part of each tax in proportion to what they paid): credit less of these products, or pay the invoice's rest`,
      doc.invoices.length > 1 ? `invoices[${i}].id` : 'items', `at most ${base.toFixed(2)} of base`);
    }
  }
  return lefts;
}

/** What the books hold of each related invoice's taxes (booksLeft), by invoice id: read once for both rules. */
type Lefts = Map<string, Awaited<ReturnType<typeof booksLeft>>>;

/**
 * A compensation note that brings an invoice's balance to zero settles it: its entry moves what is left in the books
 * (`lefts`, as withinTaxesLeft read them under the invoices' locks) of the invoice's taxes, kept on its part as `booked` where that differs from its share (settlingShare). So does a
 * note that takes the whole base left of one of its taxes (all that is left of a product at that rate): each line's
 * tax is rounded on its own, and nothing may stay pending of a tax no later receipt declares.
 */
export function bookSettled(doc: Parameters<typeof noteTaxShares>[0] & { invoices: { booked?: NoteShare }[] },
  related: Map<string, { balance: string }>, lefts: Lefts): void {
  const shares = noteTaxShares(doc);
  for (const part of doc.invoices) {
    const settles = new Decimal(related.get(part.id)!.balance).minus(part.amount).isZero();
    const left = lefts.get(part.id);
    const booked = left && settlingShare(shares.get(part.id)!, left, settles);
    if (booked) part.booked = booked;
  }
}
