/**
 * The guards of the invoice kernel (src/invoices/kernel.ts): what a client may do with a stored invoice.
 * Pure; each answers null (allowed) or the refusal the API returns for the invoice's `id`.
 */
import Decimal from 'decimal.js';
import { DomainError } from '../platform/errors';
import type { StampStatus } from '../platform/states';
import { country as countryOf, type CountryCode } from '../countries';


/** What the guards read of a stored invoice. */
export interface InvoiceFacts {
  name: string;
  annulled: boolean;
  stamp_status: StampStatus;
  /** Σ paid on its due items (cash receipts applied). */
  paid?: Decimal.Value;
  /** Of an electronic document type (every Mexican invoice is a CFDI). */
  electronic?: boolean;
  /** How many credit and debit notes (not annulled) correct it. */
  notes?: number;
}
export interface Refusal { code: 'invalid_document' | 'non_editable'; message: string }
const refusal = (code: Refusal['code'], message: string): Refusal => ({ code, message });
const hasPayments = (i: InvoiceFacts) => new Decimal(i.paid ?? 0).gt(0);
const hasNotes = (i: InvoiceFacts) => (i.notes ?? 0) > 0;
const notesRefusal = (i: InvoiceFacts, code: Refusal['code']) => refusal(code, `Invoice ${i.name} is corrected by credit or debit notes: annul them first`);

/** PUT (Colombia): only a Draft or Rejected invoice, not annulled, that no receipt pays. */
export function canEdit(i: InvoiceFacts): Refusal | null {
  if (i.annulled) return refusal('non_editable', `Invoice ${i.name} is annulled`);
  if (i.stamp_status !== 'Draft' && i.stamp_status !== 'Rejected') {
    return refusal('non_editable', `Invoice ${i.name} is ${i.stamp_status}: only Draft and Rejected invoices can be changed`);
  }
  if (hasNotes(i)) return notesRefusal(i, 'non_editable');
  if (hasPayments(i)) return refusal('non_editable', `Invoice ${i.name} has payments applied`);
  return null;
}

/** POST …/annul: an accepted invoice is corrected by a credit note; a paid one after its receipts are annulled. */
export function canAnnul(i: InvoiceFacts): Refusal | null {
  if (i.annulled) return refusal('invalid_document', `Invoice ${i.name} is already annulled`);
  if (i.stamp_status === 'Accepted') return refusal('invalid_document', `Invoice ${i.name} was accepted by the tax authority; it is cancelled with a credit note, not here`);
  if (hasNotes(i)) return notesRefusal(i, 'invalid_document');
  if (hasPayments(i)) return refusal('invalid_document', `Invoice ${i.name} has payments applied (${String(i.paid)}); annul those cash receipts first`);
  return null;
}

/** POST …/stamp: an electronic invoice, not annulled, not accepted yet. */
export function canStamp(i: InvoiceFacts): Refusal | null {
  if (i.electronic === false) return refusal('invalid_document', `Invoice ${i.name} is not of an electronic document type`);
  if (i.annulled) return refusal('invalid_document', `Invoice ${i.name} is annulled`);
  if (i.stamp_status === 'Accepted') return refusal('invalid_document', `Invoice ${i.name} was already accepted`);
  return null;
}

/** DELETE: only what never reached the tax authority, and that no receipt pays (`payingReceipts`: their names). */
export function canDelete(i: InvoiceFacts, country: CountryCode, payingReceipts: readonly string[] = []): Refusal | null {
  if (i.stamp_status === 'Accepted') {
    return refusal('invalid_document', !countryOf(country).authority?.cancels ? `Invoice ${i.name} was accepted by the DIAN: it is cancelled with a credit note, never deleted`
      : `Invoice ${i.name} is a stamped CFDI: it is cancelled with the SAT, never deleted`);
  }
  if (i.stamp_status !== 'Draft' && i.stamp_status !== 'Rejected') {
    return refusal('invalid_document', `Invoice ${i.name} is ${i.stamp_status} with the tax authority: wait for its answer; only a Draft or Rejected invoice can be deleted`);
  }
  if (hasNotes(i)) return notesRefusal(i, 'invalid_document');
  if (payingReceipts.length) return refusal('invalid_document', `Invoice ${i.name} is paid by cash receipts ${payingReceipts.join(', ')}: annul them first`);
  return null;
}

/**
 * A credit (or debit) note: on an invoice that is not annulled; an electronic
 * invoice once the authority accepted it, a plain one as it is (Draft).
 */
export function canCredit(i: InvoiceFacts): Refusal | null {
  if (i.annulled) return refusal('invalid_document', `Invoice ${i.name} is annulled`);
  if (i.electronic !== false && i.stamp_status !== 'Accepted') {
    return refusal('invalid_document', `Invoice ${i.name} is ${i.stamp_status}: an electronic invoice is corrected once the tax authority accepted it`);
  }
  return null;
}

/** Throws the guard's refusal as the API's 400. */
export function enforce(r: Refusal | null): void {
  if (r) throw new DomainError(r.code, r.message, 'id');
}
