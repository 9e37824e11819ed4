/** What the console's read pages share: the document kinds of each country and a document's status in words. */
import { status, type Key } from './i18n';
import { Refused, type Ctx } from './context';
import { country as countryOf, type CountryCode } from '../countries';

/** The document kinds of each country: their API collection and their name in the console. */
/** The kinds of documents the console lists for a company of this country, as its documents say. */
export function kindsOf(code: CountryCode): { path: string; label: Key; stamped: boolean }[] {
  const { documents: d, authority } = countryOf(code);
  const stamped = authority !== null;
  return [{ path: 'invoices', label: 'invoices' as const, stamped }, ...(d.notes ? [{ path: 'credit-notes', label: 'creditNotes' as const, stamped }] : []),
    ...(d.debitNotes ? [{ path: 'debit-notes', label: 'debitNotes' as const, stamped }] : []),
    ...(d.payments ? [{ path: 'payments', label: 'payments' as const, stamped }] : []),
    ...(d.vouchers ? [{ path: 'vouchers', label: 'vouchers' as const, stamped: false }] : [])];
}

export function kindOf(ctx: Ctx, path: string) {
  const k = kindsOf(ctx.country).find((x) => x.path === path);
  if (!k) throw new Refused(404, 'kind');
  return k;
}

/**
 * A document's status as the console says it: a Colombian invoice of a plain (not electronic) type is issued the
 * moment it is created, never a draft waiting for the DIAN (its `stamp.status` stays Draft: it is never sent).
 */
export async function statusOf(ctx: Ctx, path: string): Promise<(row: { stamp?: { status?: string }; mail?: { status: string }; document?: { id: number } }) => string> {
  let plain = new Set<number>();
  if (countryOf(ctx.country).documents.electronicTypes && path === 'invoices') {
    const res = await ctx.api<{ id: number; electronic_type?: string | null }[]>('GET', '/document-types?type=FV');
    if (res.status === 200) plain = new Set(res.body.filter((t) => t.electronic_type === 'NoElectronic').map((t) => t.id));
  }
  return (r) => status(ctx.lang, r.stamp?.status === 'Draft' && r.document && plain.has(r.document.id) ? 'Issued' : r.stamp?.status ?? r.mail?.status);
}
