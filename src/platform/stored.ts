/**
 * A document as it is answered: the JSON stored at creation, with the columns
 * that change after it (the tax authority's status, errors and observations,
 * the mail's status, the last change) laid over it. Invoices, notes and
 * payment receipts of both countries read their rows through these.
 */

/** An error the tax authority (or the provider) gave for a document. */
export interface StampError { code: string; message: string }

/** The stored JSON of a document: its own fields, and the three groups the columns below update. */
export interface StoredDocument {
  stamp: Record<string, unknown>;
  mail: Record<string, unknown>;
  metadata: Record<string, unknown>;
  [field: string]: unknown;
}

/** The columns every document table keeps beside its stored JSON. */
export interface StoredRow {
  document: StoredDocument;
  annulled: boolean;
  stamp_status: string;
  stamp_errors: StampError[] | null;
  stamp_observations: unknown[] | null;
  mail_status: string;
  mail_observations: string | null;
  updated_at: string | Date;
}

export const STORED_COLUMNS = ['document', 'annulled', 'stamp_status', 'stamp_errors', 'stamp_observations', 'mail_status', 'mail_observations', 'updated_at'];

const joined = <T>(list: T[] | null, f: (x: T) => string) => (list && list.length ? list.map(f).join('; ') : null);

/** The tax authority's errors and observations as one line each (null when there are none). */
export function stampMessages(row: Pick<StoredRow, 'stamp_errors' | 'stamp_observations'>): { errors: string | null; observations: string | null } {
  return { errors: joined(row.stamp_errors, (e) => `${e.code}: ${e.message}`), observations: joined(row.stamp_observations, String) };
}
