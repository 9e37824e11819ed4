/**
 * Consecutive numbers of a document type, taken inside the statement (or
 * transaction) that writes the document. The UPDATE of the document type's
 * counter locks its row until commit, so numbers are gap-free and unique
 * across requests and processes; a rolled-back document gives its number back.
 *
 * A number sent by hand at or above the counter moves the counter past it, so
 * automatic numbers never meet a hand-sent one; the unique index on
 * (company_id, document_type_id, number) refuses a hand-sent number in use.
 */
import type { Resolution } from '../companies/catalogs/rows';
import type { Queryable } from '../platform/db';
import { ApiError, DomainError } from '../platform/errors';
import { Statement } from '../platform/sql';

export interface Numbered { number: number; prefix: string; name: string }
/** The row of the `num` step addNumbering adds: the number as PostgreSQL answers a bigint (text). */
export interface NumRow { number: string; prefix: string; name: string }

/**
 * Adds a CTE `num` (number, prefix, name, resolution, electronic_type) that takes the number. The
 * counter moves only for a number that checkResolution accepts (a JSON-safe integer; for an
 * electronic type with a resolution, inside its range): otherwise `num` is empty, nothing that
 * selects from it is written, and numberRefused says why. The check is in the statement itself
 * because an invoice may be written by this one statement with no transaction around it.
 */
export function addNumbering(st: Statement, companyId: number, typeId: number, sent?: number): Statement {
  const [cid, tid] = [st.p(companyId), st.p(typeId)];
  const taken = sent === undefined ? 'consecutive' : `${st.p(sent)}::bigint`;
  const next = sent === undefined ? 'consecutive + 1' : `GREATEST(consecutive, ${taken} + 1)`;
  const number = sent === undefined ? 'consecutive - 1' : taken;
  return st.with('num', `UPDATE document_types SET consecutive = ${next}
     WHERE company_id = ${cid} AND id = ${tid} AND ${taken} <= ${Number.MAX_SAFE_INTEGER}
       AND (electronic_type = 'NoElectronic' OR resolution IS NULL
         OR ${taken} BETWEEN COALESCE((resolution->>'from')::bigint, ${taken}) AND COALESCE((resolution->>'to')::bigint, ${taken}))
    RETURNING ${number} AS number, prefix, prefix || '-' || id || '-' || (${number}) AS name, resolution, electronic_type`);
}

/**
 * The number taken must be one a JSON number carries exactly (after a number
 * sent at the top of the range, the counter has nowhere left to go), and an
 * electronic document type's must lie inside its DIAN numbering resolution.
 */
export function checkResolution(t: { number: number | string; resolution: Resolution | null; electronic_type: string | null }, sent?: number): void {
  if (!Number.isSafeInteger(Number(t.number))) {
    throw new DomainError('invalid_value', `The next number of this document type (${t.number}) is above ${Number.MAX_SAFE_INTEGER}, the largest one the API can answer exactly: its numbering is used up`, 'document.id');
  }
  const number = Number(t.number);
  if (t.electronic_type !== 'NoElectronic' && t.electronic_type !== null && t.resolution && (number < t.resolution.from || number > t.resolution.to)) {
    throw new DomainError('invalid_dian_resolution', `Number ${number} is outside the numbering resolution ${t.resolution.number} (${t.resolution.from} to ${t.resolution.to})`, sent !== undefined ? 'number' : 'document.id');
  }
}

/** When addNumbering took no number: the refusal that says why (read after the statement, for its message only). */
export async function numberRefused(q: Queryable, companyId: number, typeId: number, sent?: number): Promise<ApiError> {
  const [t] = await q.query<{ consecutive: string; resolution: Resolution | null; electronic_type: string | null }>('SELECT consecutive::text AS consecutive, resolution, electronic_type FROM document_types WHERE company_id = $1 AND id = $2', [companyId, typeId]);
  if (t) {
    try { checkResolution({ number: sent ?? t.consecutive, resolution: t.resolution, electronic_type: t.electronic_type }, sent); } catch (e) { return e as ApiError; }
  }
  return new DomainError('document_settings', 'The document type changed while the document was being numbered: send the document again', 'document.id');
}

/** Takes a number on its own (inside the caller's transaction), for documents written in several statements. */
export async function takeNumber(q: Queryable, companyId: number, typeId: number, table: 'invoices' | 'notes' | 'vouchers' | 'payments', sent?: number): Promise<Numbered> {
  if (sent !== undefined) {
    const used = await q.query(`SELECT 1 FROM ${table} WHERE company_id = $1 AND document_type_id = $2 AND number = $3`, [companyId, typeId, sent]);
    if (used.length) throw duplicated(sent);
  }
  const [t] = await addNumbering(new Statement(), companyId, typeId, sent).run<NumRow>(q, 'SELECT * FROM num');
  if (!t) throw await numberRefused(q, companyId, typeId, sent);
  return { number: Number(t.number), prefix: t.prefix, name: t.name };
}

export function duplicated(n: number): ApiError {
  return new DomainError('duplicated_document', `Number ${n} is already used by another document of this type`, 'number');
}

/**
 * The `num` step of a batch (one row: `first`, the first of the N numbers taken, and `prefix`): the counter moves
 * by N under addNumbering's checks for the last of them, so it is empty when the N numbers would leave the
 * safe-integer range or the DIAN resolution. `cid`, `tid` and `n` are the caller's parameter placeholders.
 */
export function batchNumbering(cid: string, tid: string, n: string): string {
  return `UPDATE document_types SET consecutive = consecutive + ${n}::int
      WHERE company_id = ${cid} AND id = ${tid} AND consecutive + ${n}::int - 1 <= ${Number.MAX_SAFE_INTEGER}
        AND (electronic_type = 'NoElectronic' OR resolution IS NULL
          OR (consecutive >= COALESCE((resolution->>'from')::bigint, consecutive)
              AND consecutive + ${n}::int - 1 <= COALESCE((resolution->>'to')::bigint, consecutive + ${n}::int - 1)))
      RETURNING consecutive - ${n}::int AS first, prefix`;
}
