/**
 * Reading a Mexican payment receipt or credit note for its answer: its row (the stored document with the
 * columns that change after creation, its UUID and its cancellation), given to the document's serializer
 * (src/payments/answer.ts, src/notes/mx-answer.ts).
 */
import type { Queryable } from '../../../platform/db';
import { notFound } from '../../../platform/errors';
import { STORED_COLUMNS } from '../../../platform/stored';

/** The columns its answer is made from. */
export const MX_STORED_COLUMNS = [...STORED_COLUMNS, 'stamp_uuid', 'cancellation'];

/** Reads one of the company's and answers it with `answer`; 404 (`title id`) when there is none. `only`: a further condition (a note's kind). */
export async function readMxStored<R extends object, A>(q: Queryable, companyId: number, from: { table: 'payments' | 'notes'; title: string; only?: string },
  id: string, answer: (row: R) => A): Promise<A> {
  const [row] = await q.query<R>(`SELECT ${MX_STORED_COLUMNS.join(', ')} FROM ${from.table} WHERE company_id = $1 AND id = $2${from.only ? ` AND ${from.only}` : ''}`,
    [companyId, id]);
  if (!row) throw notFound(`${from.title} ${id}`);
  return answer(row);
}
