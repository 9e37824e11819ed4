/** What the console's read pages share: the document kinds of each country and a document's status in words. */
import { status, type Key } from './i18n';
import { Refused, type Ctx } from './context';
import type { CountryCode } from '../countries';

/** The document kinds of each country: their API collection and their name in the console. */
export const KINDS: Record<CountryCode, { path: string; label: Key; stamped: boolean }[]> = {
  CO: [{ path: 'invoices', label: 'invoices', stamped: true }, { path: 'credit-notes', label: 'creditNotes', stamped: true },
    { path: 'debit-notes', label: 'debitNotes', stamped: true }, { path: 'vouchers', label: 'vouchers', stamped: false }],
  MX: [{ path: 'invoices', label: 'invoices', stamped: true }, { path: 'credit-notes', label: 'creditNotes', stamped: true },
    { path: 'payments', label: 'payments', stamped: true }],
};

export function kindOf(ctx: Ctx, path: string) {
  const k = KINDS[ctx.country].find((x) => x.path === path);
  if (!k) throw new Refused(404, 'kind');
  return k;
}

/**
 * A document's status as the console says it: a Colombian invoice of a plain (not electronic) type is issued the
 * moment it is created, never a draft waiting for the DIAN (its `stamp.status` stays Draft: it is never sent).
 */
export async function statusOf(ctx: Ctx, path: string): Promise<(row: { stamp?: { status?: string }; mail?: { status: string }; document?: { id: number } }) => string> {
  let plain = new Set<number>();
  if (ctx.country === 'CO' && path === 'invoices') {
    const res = await ctx.api<{ id: number; electronic_type?: string | null }[]>('GET', '/document-types?type=FV');
    if (res.status === 200) plain = new Set(res.body.filter((t) => t.electronic_type === 'NoElectronic').map((t) => t.id));
  }
  return (r) => status(ctx.lang, r.stamp?.status === 'Draft' && r.document && plain.has(r.document.id) ? 'Issued' : r.stamp?.status ?? r.mail?.status);
}
