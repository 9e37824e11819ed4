/**
 * Rules a Mexican credit note follows on what its invoices charged and withheld (src/notes/mx.ts plans the note).
 */
import Decimal from 'decimal.js';
import type { Queryable } from '../platform/db';
import type { Problems } from '../platform/errors';
import { invoiceTaxGroups, noteTaxShares, settlingShare, type NoteShare } from '../payments/compute';
import { booksLeft } from '../payments/service';
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
 * A note over several invoices gives each a share of every tax it credits (noteTaxShares, by amount), which a
 * receipt then declares: each invoice must charge each of those taxes (type and rate), or it would get back a tax
 * it never charged. Otherwise each invoice takes its own note.
 */
export function chargedByEach(note: { items: MxInvoiceDocument['items']; invoices: { id: string }[] }, related: Map<string, { name: string; items: MxInvoiceDocument['items'] }>,
  problems: Problems): void {
  if (note.invoices.length < 2 || !problems.empty) return;
  const groups = (items: MxInvoiceDocument['items']) => invoiceTaxGroups({ items, retention_details: [] }).taxes.map((g) => `${g.type} ${g.percentage} %`);
  const credited = groups(note.items);
  note.invoices.forEach((part, i) => {
    const inv = related.get(part.id)!;
    const charged = new Set(groups(inv.items));
    const never = credited.filter((g) => !charged.has(g));
    if (never.length) {
      problems.add('invalid_document', `Invoice ${inv.name} charged no ${never.join(', ')}: a note over several invoices gives each a share of every tax it credits, `
        + `so each must charge them all; credit ${inv.name} with a note of its own`, `invoices[${i}].id`);
    }
  });
}

/**
 * A compensation note that brings an invoice's balance to zero settles it: its entry moves what is left in the books
 * of the invoice's taxes, kept on its part as `booked` where that differs from its share (settlingShare).
 */
export async function bookSettled(q: Queryable, cid: number, doc: Parameters<typeof noteTaxShares>[0] & { invoices: { booked?: NoteShare }[] },
  related: Map<string, { balance: string }>): Promise<void> {
  const shares = noteTaxShares(doc);
  for (const part of doc.invoices) {
    if (!new Decimal(related.get(part.id)!.balance).minus(part.amount).isZero()) continue;
    const left = await booksLeft(q, cid, part.id);
    const booked = left && settlingShare(shares.get(part.id)!, left);
    if (booked) part.booked = booked;
  }
}
