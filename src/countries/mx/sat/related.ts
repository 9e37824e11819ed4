/**
 * Related CFDIs (cfdi:CfdiRelacionados, c_TipoRelacion) a Mexican document carries besides the ones its kind
 * implies (a credit note's invoices, TipoRelacion 01): `related: [{type, uuid}]` in the request.
 *
 *   04 Sustitución de los CFDI previos: the CFDI replaces one of the same issuer and type (I, E or P), stamped;
 *      the replaced one is then cancelled with motive 01 and this CFDI's UUID as its substitute (cancel.ts).
 *   07 CFDI por aplicación de anticipo: an invoice that applies an advance relates the advance's invoice (type I,
 *      stamped, not cancelled).
 *
 * Each UUID is checked against the company's own documents: never another company's, never a draft, never the
 * wrong type. Written one cfdi:CfdiRelacionados node per TipoRelacion (CFDI 4.0 allows several).
 */
import { Type } from '@sinclair/typebox';
import type { XMLBuilder } from 'xmlbuilder2/lib/interfaces';
import type { Queryable } from '../../../platform/db';
import type { Problems } from '../../../platform/errors';
import { Enum } from '../../../platform/validation';
import { CFDI_NS } from './chain';

export interface RelatedCfdi { type: string; uuid: string }
export type CfdiType = 'I' | 'E' | 'P';

const RELATION_NAMES: Record<string, string> = { '04': 'Sustitución de los CFDI previos', '07': 'CFDI por aplicación de anticipo' };
/** The relations each kind of document accepts in `related`. */
export const RELATIONS: Readonly<Record<CfdiType, string[]>> = { I: ['04', '07'], E: ['04'], P: ['04'] };

/** The request's `related` of a document of type `cfdiType`. */
export const RelatedBody = (cfdiType: CfdiType) => Type.Optional(Type.Array(Type.Object({
  type: Enum(RELATIONS[cfdiType], { description: `c_TipoRelacion: ${RELATIONS[cfdiType].map((t) => `${t} ${RELATION_NAMES[t]}`).join('; ')}` }),
  uuid: Type.String({ format: 'uuid', description: 'The fiscal folio (UUID) of a stamped CFDI of the company' }),
}), { maxItems: 50, description: 'Related CFDIs (cfdi:CfdiRelacionados)' }));

/** The answer's `related` (absent on documents stored before it existed). */
export const RelatedAnswer = Type.Optional(Type.Array(Type.Object({ type: Type.String(), uuid: Type.String() })));

const TABLES: Record<CfdiType, { sql: string; title: string }> = {
  I: { sql: `SELECT name, annulled FROM invoices WHERE company_id = $1 AND stamp_uuid = $2 AND stamp_status = 'Accepted' AND deleted_at IS NULL`, title: 'invoice' },
  E: { sql: `SELECT name, annulled FROM notes WHERE company_id = $1 AND stamp_uuid = $2 AND stamp_status = 'Accepted' AND kind = 'NC'`, title: 'credit note' },
  P: { sql: `SELECT name, annulled FROM payments WHERE company_id = $1 AND stamp_uuid = $2 AND stamp_status = 'Accepted'`, title: 'payment receipt' },
};

/**
 * Checks each related CFDI (the company's, stamped, of the type its relation needs) and answers them with their
 * UUIDs in capitals, as the SAT writes them.
 */
export async function checkRelated(q: Queryable, cid: number, cfdiType: CfdiType, related: RelatedCfdi[] | undefined, problems: Problems): Promise<RelatedCfdi[]> {
  const out: RelatedCfdi[] = [];
  for (const [i, r] of (related ?? []).entries()) {
    const at = `related[${i}].uuid`;
    if (problems.has(`related[${i}]`) || problems.has(at)) continue;
    const uuid = r.uuid.toUpperCase();
    if (out.some((o) => o.type === r.type && o.uuid === uuid)) { problems.add('invalid_value', `${uuid} is related twice with TipoRelacion ${r.type}`, at); continue; }
    // 04 relates a CFDI of the document's own type; 07 an advance's invoice.
    const wanted: CfdiType = r.type === '07' ? 'I' : cfdiType;
    const [found] = await q.query<{ name: string; annulled: boolean }>(TABLES[wanted].sql, [cid, uuid]);
    if (!found) {
      problems.add('invalid_reference', `TipoRelacion ${r.type} (${RELATION_NAMES[r.type]}) relates a stamped ${TABLES[wanted].title} of this company; ${uuid} is not one`, at);
      continue;
    }
    if (r.type === '07' && found.annulled) { problems.add('invalid_reference', `The advance's invoice ${found.name} (${uuid}) is cancelled`, at); continue; }
    out.push({ type: r.type, uuid });
  }
  return out;
}

/** Writes the related CFDIs, one cfdi:CfdiRelacionados per TipoRelacion, in the order they were given. */
export function addRelated(root: XMLBuilder, related: RelatedCfdi[] | undefined): void {
  const types = [...new Set((related ?? []).map((r) => r.type))];
  for (const type of types) {
    const node = root.ele(CFDI_NS, 'cfdi:CfdiRelacionados', { TipoRelacion: type });
    for (const r of related!.filter((x) => x.type === type)) node.ele(CFDI_NS, 'cfdi:CfdiRelacionado', { UUID: r.uuid });
  }
}
