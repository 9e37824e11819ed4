/**
 * Consecutive numbers of a document type, taken inside the transaction that
 * writes the document. The UPDATE of the document type's counter locks its
 * row until commit, so numbers are gap-free and unique across requests and
 * processes; a rolled-back document gives its number back.
 *
 * A number sent by hand at or above the counter moves the counter past it, so
 * automatic numbers never meet a hand-sent one; the unique index on
 * (company_id, document_type_id, number) is the last line of defence.
 */
import type { Queryable } from '../platform/db';
import { ApiError, error } from '../platform/errors';

export interface Numbered { number: number; prefix: string; name: string }

export async function takeNumber(q: Queryable, companyId: number, typeId: number, table: 'invoices' | 'vouchers', sent?: number): Promise<Numbered> {
  let t: { number: number; prefix: string; resolution: any; electronic_type: string };
  if (sent === undefined) {
    [t] = await q.query(
      `UPDATE document_types SET consecutive = consecutive + 1 WHERE company_id = $1 AND id = $2
       RETURNING consecutive - 1 AS number, prefix, resolution, electronic_type`, [companyId, typeId]);
  } else {
    [t] = await q.query(
      `UPDATE document_types SET consecutive = GREATEST(consecutive, $3::bigint + 1) WHERE company_id = $1 AND id = $2
       RETURNING $3::bigint AS number, prefix, resolution, electronic_type`, [companyId, typeId, sent]);
    const used = await q.query(`SELECT 1 FROM ${table} WHERE company_id = $1 AND document_type_id = $2 AND number = $3`, [companyId, typeId, sent]);
    if (used.length) throw duplicated(sent);
  }
  const number = Number(t.number);
  if (t.electronic_type === 'ElectronicInvoice' && t.resolution && (number < t.resolution.from || number > t.resolution.to)) {
    throw new ApiError(400, [error('invalid_dian_resolution',
      `Number ${number} is outside the numbering resolution ${t.resolution.number} (${t.resolution.from} to ${t.resolution.to})`, [sent !== undefined ? 'number' : 'document.id'])]);
  }
  return { number, prefix: t.prefix, name: `${t.prefix}-${typeId}-${number}` };
}

export function duplicated(n: number): ApiError {
  return new ApiError(400, [error('duplicated_document', `Number ${n} is already used by another document of this type`, ['number'])]);
}
