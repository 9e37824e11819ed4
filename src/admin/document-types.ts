/**
 * Document types (FV invoices, NC/ND credit and debit notes, RC cash
 * receipts; a Mexican company's types are its CFDI series) with their
 * numbering, and for Colombian electronic types the DIAN numbering resolution
 * (number, prefix, range, validity, technical key), which is checked:
 *
 * - an electronic type (electronic_type ElectronicInvoice: FV, NC or ND; PosEquivalentDocument: FV, POS tickets; Colombia
 *   only) is sent to the DIAN; an electronic invoice type (FV) has a resolution,
 *   and only such a type has one (the DIAN authorizes no ranges for notes);
 * - from ≤ to, valid_from ≤ valid_to, and valid_to not before today in the
 *   company's time zone (an expired resolution is refused);
 * - the type's prefix is the resolution's (taken from it when not sent);
 * - no other type of the company holds the same resolution number, or the
 *   same prefix with a range that overlaps (the same invoice number twice);
 * - the next number (consecutive) lies inside the range: a new resolution
 *   starts at its `from` unless the body says otherwise, and the counter
 *   never goes back to a number already used.
 */
import { Type, type Static } from '@sinclair/typebox';
import { Enum } from '../platform/validation';
import { todayIn } from '../invoices/lookup';
import { nullable } from '../companies/settings';
import { tableResource, type Ctx, type Fields } from './collections';
import { LOOKUPS } from '../catalog/lookups';
import { ELECTRONIC_TYPES, isElectronic, POS_TICKET } from '../catalog/rows';
import type { Resolution as StoredResolution } from '../companies/catalogs/rows';
import { recordOf } from '../platform/json';
import { onTestResolution, TEST_RESOLUTION } from '../countries/co/dian/test-resolution';
import { AAD, isSealed, openFor, sealFor } from '../platform/secrets';
import { keyToStore } from './audit';
import { country as countryOf } from '../countries';

const Flag = (description?: string) => Type.Boolean({ description });

const Resolution = Type.Object({
  number: Type.String({ minLength: 1, maxLength: 30, pattern: '^[0-9]+$', 'x-hint': 'must contain only digits', description: 'Number of the DIAN resolution' }),
  prefix: Type.String({ maxLength: 4, pattern: '^[A-Za-z0-9]*$', 'x-hint': 'must be up to 4 letters and digits' }),
  from: Type.Integer({ minimum: 1, maximum: 9999999999 }),
  to: Type.Integer({ minimum: 1, maximum: 9999999999 }),
  valid_from: Type.String({ format: 'date' }),
  valid_to: Type.String({ format: 'date' }),
  technical_key: Type.Optional(Type.String({ minLength: 1, maxLength: 128, pattern: '^[A-Za-z0-9]+$', 'x-hint': 'must contain only letters and digits',
    description: 'Clave técnica of the resolution (enters the CUFE); required, except that a change may leave it out to keep the stored one (/v1 never answers it)' })),
}, { description: 'DIAN numbering resolution (Colombian electronic types)' });

/** The id of a stored document type (none before a creation). */
const idOf = (row: Fields | null) => (typeof row?.id === 'number' ? row.id : undefined);

/** The highest number a type has used, among the documents written on it. */
async function lastUsed({ q, company }: Ctx, typeId: number | undefined, type: string): Promise<number> {
  if (!typeId) return 0;
  const table = ({ RC: 'vouchers', FV: 'invoices', NC: 'notes', ND: 'notes', P: 'payments' } as Record<string, string>)[type] ?? null;
  if (!table) return 0;
  const [r] = await q.query(`SELECT coalesce(max(number), 0) AS n FROM ${table} WHERE company_id = $1 AND document_type_id = $2`, [company.company_id, typeId]);
  return Number(r.n);
}

async function checkResolution(ctx: Ctx, r: Fields, before: Fields | null, sent: Fields): Promise<void> {
  const { q, company, problems } = ctx;
  const res = r.resolution as Static<typeof Resolution>; // checked by its field's schema (problems.has('resolution') below otherwise)
  const had = recordOf(before?.resolution);
  const at = (k: string) => `resolution.${k}`;
  if (problems.has('resolution')) return;
  // A resolution read from /v1 (which never shows the technical key) may be sent back as it is.
  if (res.technical_key === undefined && had.number === res.number) res.technical_key = typeof had.technical_key === 'string' ? had.technical_key : undefined;
  if (res.technical_key === undefined) problems.add('parameter_required', 'The resolution\'s technical_key is required', at('technical_key'));
  // Sealed at rest like the PIN (src/platform/secrets.ts), bound to the company and the resolution's number.
  else if (!isSealed(res.technical_key)) {
    const key = keyToStore(ctx.actor, 'The resolution\'s technical key');
    if (key) res.technical_key = sealFor(key, res.technical_key, AAD.technicalKey(company.company_id, res.number));
  }
  if (res.from > res.to) problems.add('invalid_dian_resolution', `The range starts (${res.from}) after it ends (${res.to})`, at('to'));
  if (res.valid_from > res.valid_to) problems.add('invalid_dian_resolution', `The resolution is valid from ${res.valid_from}, after its end ${res.valid_to}`, at('valid_to'));
  const today = todayIn(company.time_zone);
  if (res.valid_to < today) problems.add('invalid_dian_resolution', `The resolution expired on ${res.valid_to} (today is ${today}); ask the DIAN for a new one`, at('valid_to'));
  if (sent.prefix !== undefined && sent.prefix !== res.prefix) {
    problems.add('invalid_dian_resolution', `The type's prefix "${sent.prefix}" is not the resolution's "${res.prefix}"`, 'prefix');
  }
  r.prefix = res.prefix;
  const others = await q.query<{ id: number; code: string; resolution: StoredResolution }>(
    `SELECT id, code, resolution FROM document_types WHERE company_id = $1 AND id <> $2 AND resolution IS NOT NULL`, [company.company_id, idOf(before) ?? 0]);
  for (const o of others) {
    const x = o.resolution;
    if (x.number === res.number) {
      problems.add('invalid_dian_resolution', `Resolution ${res.number} is already the resolution of document type ${o.id} (${o.code})`, at('number'));
    } else if ((x.prefix ?? '') === res.prefix && Number(x.from) <= res.to && res.from <= Number(x.to)) {
      problems.add('invalid_dian_resolution', `The range ${res.from}–${res.to} with prefix "${res.prefix}" overlaps ${x.from}–${x.to} of document type ${o.id} (${o.code}, resolution ${x.number})`, at('from'));
    }
  }
  // A new resolution starts the numbering at its first number, unless the body says where.
  if (sent.consecutive === undefined && (r.consecutive === undefined || Number(r.consecutive) < res.from)) r.consecutive = res.from;
  const next = Number(r.consecutive);
  if (!problems.has('consecutive') && res.from <= res.to && (next < res.from || next > res.to)) {
    problems.add('invalid_dian_resolution', `The next number ${r.consecutive} is outside the resolution's range ${res.from}–${res.to}`, sent.consecutive !== undefined ? 'consecutive' : at('from'));
  }
}

export const documentTypes = tableResource({
  path: 'document-types', noun: 'document-type', summary: 'Document types with their numbering and DIAN resolution (the records of /v1/document-types)',
  table: 'document_types', lookup: 'document-types',
  answer: ({ resolution, ...row }, companyId) => {
    const r = recordOf(resolution);
    if (!resolution) return row;
    return { ...row, resolution: typeof r.technical_key === 'string' ? { ...r, technical_key: openFor(r.technical_key, AAD.technicalKey(companyId, String(r.number))) } : r };
  },
  // The /v1 record, with the technical key of its resolution.
  answerSchema: Type.Object({ ...LOOKUPS.find((l) => l.path === 'document-types')!.item.properties, resolution: Type.Optional(Resolution) }),
  fields: {
    code: Type.String({ minLength: 1, maxLength: 20, pattern: '^[A-Za-z0-9_.-]+$', 'x-hint': 'must contain only letters, digits and _ . -' }),
    name: Type.String({ minLength: 1, maxLength: 100 }),
    description: Type.String({ maxLength: 500 }),
    type: Enum(['FV', 'NC', 'ND', 'RC', 'P'], { description: 'FV invoice, NC credit note, ND debit note, RC cash receipt, P payment receipt (Mexico)' }),
    active: Flag('false deactivates: documents refuse it'),
    seller_by_item: Flag(), customer_by_item: Flag(), cost_center: Flag(), cost_center_mandatory: Flag(),
    automatic_number: Flag('false: every document sends its number'),
    consecutive: Type.Integer({ minimum: 1, maximum: 9007199254740991, description: 'Next number to take; never back to a number already used' }),
    discount_type: Enum(['Percentage', 'Value']),
    decimals: Flag(), advance_payment: Flag(), reteiva: Flag(), reteica: Flag(), self_withholding: Flag(),
    electronic_type: Enum([...ELECTRONIC_TYPES], { description: 'ElectronicInvoice: a Colombian FV (or its NC, ND) sent to the DIAN, an FV needing a resolution; '
      + 'PosEquivalentDocument: an FV whose documents are electronic POS tickets (documento equivalente), on a resolution of their own' }),
    cargo_transportation: Flag(), healthcare_company: Flag(),
    prefix: Type.String({ maxLength: 10, pattern: '^[A-Za-z0-9]*$', 'x-hint': 'must contain only letters and digits', description: 'Electronic types: the resolution\'s prefix' }),
    resolution: nullable(Resolution),
  },
  required: ['code', 'name', 'type'],
  unique: [['code']],
  async check(ctx, r, before, sent) {
    const { company, problems } = ctx;
    const electronic = isElectronic(r as { electronic_type?: string });
    const pos = r.electronic_type === POS_TICKET;
    if (before && sent.type !== undefined && sent.type !== before.type && await lastUsed(ctx, idOf(before), String(before.type)) > 0) {
      problems.add('invalid_value', `Document type ${before.id} has documents of type ${before.type}; its type cannot change`, 'type');
    }
    const { documents } = countryOf(company.country);
    if (r.type === 'P' && !documents.payments) problems.add('invalid_value', 'Payment receipts (P) are Mexican documents (CFDI type P)', 'type');
    if (electronic && !documents.electronicTypes) problems.add('invalid_value', 'Electronic types are Colombian (every Mexican invoice is a CFDI)', 'electronic_type');
    else if (electronic && r.type === 'RC') problems.add('invalid_value', 'Cash receipts (RC) are not electronic documents', 'electronic_type');
    else if (pos && r.type !== 'FV') problems.add('invalid_value', `A POS ticket type is an invoice type (FV): its adjustment notes use the company's electronic ${r.type} types`, 'electronic_type');
    // The DIAN authorizes numbering ranges for invoices only: an electronic credit or debit note has its own prefix and counter.
    const resolved = electronic && r.type === 'FV';
    if (resolved && !r.resolution && !problems.has('resolution')) problems.add('parameter_required', 'An electronic invoice type needs its DIAN numbering resolution', 'resolution');
    if (!resolved && r.resolution && sent.resolution !== undefined && !problems.has('electronic_type')) problems.add('parameter_not_allowed', 'Only electronic invoice types (FV with electronic_type ElectronicInvoice or PosEquivalentDocument) carry a DIAN resolution', 'resolution');
    // The POS ticket is numbered on a resolution of its own (a resolución de documento equivalente), never the invoices' test numbering.
    if (pos && onTestResolution(recordOf(r.resolution)) && !problems.has('resolution')) {
      problems.add('invalid_dian_resolution', `Resolution ${TEST_RESOLUTION.number} (prefix ${TEST_RESOLUTION.prefix}) is the test numbering of electronic invoices; a POS ticket type needs the numbering the DIAN authorized for POS tickets`, 'resolution.number');
    }
    if (!resolved && r.resolution) r.resolution = null;
    if (resolved && r.resolution && (sent.resolution !== undefined || sent.consecutive !== undefined || sent.prefix !== undefined)) await checkResolution(ctx, r, before, sent);
    // The test numbering is habilitación's: a company in production issues on none (an inactive type may keep it).
    if (resolved && r.active !== false && onTestResolution(recordOf(r.resolution)) && company.settings?.dian?.environment === '1' && !problems.has('resolution')) {
      problems.add('invalid_dian_resolution', `Resolution ${TEST_RESOLUTION.number} (prefix ${TEST_RESOLUTION.prefix}) is the DIAN's test numbering, for habilitación only; `
        + 'the company issues in production (settings.dian.environment 1): give the type the numbering resolution the DIAN authorized for the company', 'resolution.number');
    }
    r.consecutive ??= 1;
    const used = await lastUsed(ctx, idOf(before), String(r.type));
    if (!problems.has('consecutive') && Number(r.consecutive) <= used && (sent.consecutive !== undefined || r.consecutive !== before?.consecutive)) {
      problems.add('invalid_value', `Numbers up to ${used} are used by documents of this type; the next number must be above ${used}`, 'consecutive');
    }
  },
});
