/**
 * Consecutive numbers of a document type, taken inside the transaction that
 * writes the document: the document type's row is locked (FOR UPDATE) until
 * commit, so numbers are gap-free and unique across requests and processes.
 */
import type { Queryable } from '../platform/db';
import { ApiError, error } from '../platform/errors';

export interface Numbered { number: number; prefix: string; name: string }

/**
 * Takes the next number (or checks the one sent) for document type `typeId`.
 * `table` is the document table whose (company_id, document_type_id, number) is unique.
 */
export async function takeNumber(q: Queryable, companyId: number, typeId: number, table: 'invoices' | 'vouchers', sent?: number): Promise<Numbered> {
  const [t] = await q.query<{ consecutive: number; prefix: string; resolution: any; electronic_type: string }>(
    'SELECT consecutive, prefix, resolution, electronic_type FROM document_types WHERE company_id = $1 AND id = $2 FOR UPDATE', [companyId, typeId]);
  const used = async (n: number) => (await q.query(`SELECT 1 FROM ${table} WHERE company_id = $1 AND document_type_id = $2 AND number = $3`, [companyId, typeId, n])).length > 0;
  let number: number;
  if (sent !== undefined) {
    if (await used(sent)) throw duplicated(sent);
    number = sent;
    if (sent >= t.consecutive) await q.query('UPDATE document_types SET consecutive = $3 WHERE company_id = $1 AND id = $2', [companyId, typeId, sent + 1]);
  } else {
    number = t.consecutive;
    while (await used(number)) number++; // skip numbers that were sent by hand
    await q.query('UPDATE document_types SET consecutive = $3 WHERE company_id = $1 AND id = $2', [companyId, typeId, number + 1]);
  }
  if (t.electronic_type === 'ElectronicInvoice' && t.resolution && (number < t.resolution.from || number > t.resolution.to)) {
    throw new ApiError(400, [error('invalid_dian_resolution',
      `Number ${number} is outside the numbering resolution ${t.resolution.number} (${t.resolution.from} to ${t.resolution.to})`, [sent !== undefined ? 'number' : 'document.id'])]);
  }
  const prefix = t.prefix;
  return { number, prefix, name: `${prefix}-${typeId}-${number}` };
}

export function duplicated(n: number): ApiError {
  return new ApiError(400, [error('duplicated_document', `Number ${n} is already used by another document of this type`, ['number'])]);
}
