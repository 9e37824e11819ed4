/**
 * What the invoice kernel's batch statement (writeOneType, ./kernel.ts) sends for a batch of invoices: the batch grouped
 * by document type, in the order their counters are locked, and each type's rows serialised as JSON parameters. Pure,
 * and made once per batch: a bulk load makes its next batch's while the one before is being written.
 */
import type { InvoiceWrite } from './kernel';
import type { StampStatus } from '../platform/states';
import type { CountryCode } from '../countries';
import { balancedLines } from '../ledger/journal';
import { ownFields } from '../platform/json';

/** A batch's invoices of one document type: those numbered by the type's counter (auto), those written alone, and auto's parameters. */
export interface TypeGroup { cid: number; tid: number; auto: number[]; alone: number[]; params: string[] | null }

const grouped = new WeakMap<InvoiceWrite[], TypeGroup[]>();

/** The batch's groups, made and serialised on the first call for this array (`jobOf`: the stamping job of a country's invoices). */
export function groupInvoices(items: InvoiceWrite[], jobOf: (country: CountryCode) => string): TypeGroup[] {
  const done = grouped.get(items);
  if (done) return done;
  const types = new Map<string, TypeGroup>();
  items.forEach((it, i) => {
    const key = `${it.r.companyId}:${it.r.documentTypeId}`;
    const t = types.get(key) ?? { cid: it.r.companyId, tid: it.r.documentTypeId, auto: [], alone: [], params: null };
    types.set(key, t);
    (it.r.sent === undefined ? t.auto : t.alone).push(i);
  });
  const ordered = [...types.values()].sort((a, b) => a.cid - b.cid || a.tid - b.tid);
  for (const t of ordered) if (t.auto.length > 1) t.params = typeParams(t.auto.map((i) => items[i]), jobOf);
  grouped.set(items, ordered);
  return ordered;
}

/** The JSON parameters of one type's statement: the documents, the due items, the journal lines, the bases. */
function typeParams(items: InvoiceWrite[], jobOf: (country: CountryCode) => string): string[] {
  const bases = new Map<Record<string, unknown>, number>(); // the documents' bases, sent once, numbered from 0 (b)
  const docs = items.map(({ r }, k) => {
    const own = r.base ? ownFields(r.document, r.base) : null;
    const status: StampStatus = r.stamp ? 'Pending' : 'Draft';
    return { k, id: r.id, country: r.country, date: r.date, customer_id: r.customerId, identification: r.identification, branch_office: r.branchOffice,
      total: r.total, balance: r.balance, partner_id: r.partnerId ?? null, application_id: r.applicationId ?? null, document: own ?? r.document,
      b: own && r.base ? bases.get(r.base) ?? bases.set(r.base, bases.size).size - 1 : null, stamp_status: status, at: r.now, job: r.stamp ? jobOf(r.country) : null };
  });
  const due = items.flatMap(({ due }, k) => due.map((d, n) => ({ k, quote: n + 1, due_date: d.due_date, amount: d.amount, account: d.account })));
  const lines = items.flatMap(({ postings }, k) => balancedLines(postings).map((l, n) => ({
    k, n: n + 1, account: l.account, debit: l.debit.toFixed(2), credit: l.credit.toFixed(2), third_party: l.third_party ?? null, description: l.description })));
  return [JSON.stringify(docs), JSON.stringify(due), JSON.stringify(lines), JSON.stringify([...bases.keys()])];
}
