/**
 * The states of a document and the transitions between them, in one place.
 * Every document kernel (src/invoices/kernel.ts, src/vouchers/kernel.ts) asks
 * here before it writes a state; the database refuses any other value
 * (CHECK constraints, migrations/024_document_states.sql).
 *
 *   stamp (tax authority):  Draft ─send→ Pending ─verdict→ Accepted | Rejected
 *                           Rejected ─send again→ Pending;  Draft | Rejected ─edit→ Draft
 *                           Pending ─send→ Pending (the XML is recorded before it leaves)
 *   mail:                   not_sent → pending_send (waits for the authority) | process_of_sending
 *                           pending_send → process_of_sending (Accepted) | failed_delivery (deleted)
 *                           process_of_sending → sent | failed_delivery;  sent | failed_delivery → a new mail
 *   annulment:              live → annulled (never back); live → deleted (never back)
 */

export const STAMP_STATES = ['Draft', 'Pending', 'Accepted', 'Rejected'] as const;
export type StampStatus = (typeof STAMP_STATES)[number];

/** The stamp columns every electronic document's table has (invoices, notes, payments), as they are read. */
export interface StampColumns {
  name: string;
  stamp_status: StampStatus;
  stamp_errors: { code: string; message: string }[] | null;
  stamp_observations: string[] | null;
  xml: string | null;
}

/** What each stamp state may become. Accepted is final: an accepted document is corrected by another document. */
export const STAMP_TRANSITIONS: Readonly<Record<StampStatus, readonly StampStatus[]>> = {
  Draft: ['Draft', 'Pending'],
  Pending: ['Pending', 'Accepted', 'Rejected'],
  Rejected: ['Draft', 'Pending', 'Rejected'],
  Accepted: [],
};

/** The authority's answer on a document that was sent: the only states a verdict writes. */
export type StampVerdictStatus = Extract<StampStatus, 'Accepted' | 'Rejected'>;

export const MAIL_STATES = ['not_sent', 'pending_send', 'process_of_sending', 'sent', 'failed_delivery'] as const;
export type MailStatus = (typeof MAIL_STATES)[number];

/** What a mail's state may become (a document shows its latest mail's state). */
export const MAIL_TRANSITIONS: Readonly<Record<MailStatus, readonly MailStatus[]>> = {
  not_sent: ['pending_send', 'process_of_sending'],
  pending_send: ['pending_send', 'process_of_sending', 'failed_delivery'],
  process_of_sending: ['process_of_sending', 'sent', 'failed_delivery'],
  sent: [],
  failed_delivery: [],
};

/** A transition the state machine does not allow: a programming error, never a client's (guards answer those). */
export class IllegalTransition extends Error {}

export function canStampMove(from: StampStatus, to: StampStatus): boolean {
  return STAMP_TRANSITIONS[from]?.includes(to) ?? false;
}

/** Throws unless `from → to` is a stamp transition. */
export function assertStampMove(from: StampStatus, to: StampStatus, what: string): void {
  if (!canStampMove(from, to)) throw new IllegalTransition(`${what}: stamp state ${from} cannot become ${to}`);
}

export function canMailMove(from: MailStatus, to: MailStatus): boolean {
  return MAIL_TRANSITIONS[from]?.includes(to) ?? false;
}

export const isStampStatus = (s: unknown): s is StampStatus => (STAMP_STATES as readonly unknown[]).includes(s);
