/**
 * A Mexican payment receipt or credit note as its routes read and answer it: the stored document
 * (src/platform/stored.ts) with its UUID once the SAT accepted it, and its cancellation (./cancel.ts).
 */
import type { Queryable } from '../../platform/db';
import { notFound } from '../../platform/errors';
import { STORED_COLUMNS, storedAnswer } from '../../platform/stored';
import { cancellationAnswer, type MxStoredRow } from './cancel';

/** The columns its answer is made from. */
export const MX_STORED_COLUMNS = [...STORED_COLUMNS, 'stamp_uuid', 'cancellation'];

/** Its answer, from a row of MX_STORED_COLUMNS. */
export const mxStoredAnswer = (row: MxStoredRow) =>
  ({ ...storedAnswer(row, { uuid: row.stamp_status === 'Accepted' ? row.stamp_uuid : null }), cancellation: cancellationAnswer(row.cancellation) });

/** Reads one of the company's for its answer; 404 (`title id`) when there is none. `only`: a further condition (a note's kind). */
export async function readMxStored(q: Queryable, companyId: number, from: { table: 'payments' | 'notes'; title: string; only?: string }, id: string) {
  const [row] = await q.query<MxStoredRow>(`SELECT ${MX_STORED_COLUMNS.join(', ')} FROM ${from.table} WHERE company_id = $1 AND id = $2${from.only ? ` AND ${from.only}` : ''}`,
    [companyId, id]);
  if (!row) throw notFound(`${from.title} ${id}`);
  return mxStoredAnswer(row);
}
