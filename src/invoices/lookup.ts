/**
 * What both invoice variants need to check a request against master data.
 */
import type { Queryable } from '../platform/db';
import type { Problems } from '../platform/errors';
import type { Company } from '../platform/auth';
import { masterDataOf, type Catalog } from '../catalog/cache';

export type { Row } from '../catalog/cache';
import type { Row } from '../catalog/cache';

/** The company's rows of a table with the given ids, by id (one query). */
export async function byIds(q: Queryable, table: string, companyId: number, ids: unknown[]): Promise<Map<number, Row>> {
  const wanted = [...new Set(ids.filter((x): x is number => Number.isInteger(x)))];
  if (!wanted.length) return new Map();
  const rows = await q.query(`SELECT * FROM ${table} WHERE company_id = $1 AND id = ANY($2::int[])`, [companyId, wanted]);
  return new Map(rows.map((r) => [r.id, r]));
}

export interface Wanted {
  productCodes?: unknown[];
  customerIdentifications?: unknown[];
}
export interface MasterData extends Catalog {
  products: Map<string, Row>;
  customers: Row[];
}

/**
 * Every master-data record a document can refer to, from the company's
 * in-memory catalog (src/catalog/cache.ts): at most one query, none when warm.
 */
export async function loadMasterData(q: Queryable, company: Company, want: Wanted): Promise<MasterData> {
  const texts = (v: unknown[] | undefined) => [...new Set((v ?? []).filter((x): x is string => typeof x === 'string'))];
  return masterDataOf(q, company.company_id, company.catalog_version, texts(want.productCodes), texts(want.customerIdentifications));
}
/**
 * A referenced record must exist (invalid_reference) and be active (parameter_inactive).
 * Returns the row when it can be used; records nothing when the path already has a problem.
 */
export function mustBeActive(problems: Problems) {
  return (row: Row | undefined, path: string, what: string, id: unknown, lookup: string): Row | null => {
    if (problems.has(path)) return null;
    if (!row) { problems.add('invalid_reference', `${what} ${id} does not exist; see ${lookup}`, path); return null; }
    if (row.active === false) { problems.add('parameter_inactive', `${what} ${id} is inactive`, path); return null; }
    return row;
  };
}

const dayFormats = new Map<string, Intl.DateTimeFormat>();
/** Today's date (yyyy-MM-dd) in a time zone (a formatter per zone is made once: making one costs more than the rest of a date). */
export function todayIn(timeZone: string, now = new Date()): string {
  let f = dayFormats.get(timeZone);
  if (!f) dayFormats.set(timeZone, f = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }));
  return f.format(now);
}

/** The line's description: sent (even empty) wins; else the product's long description; else its name. */
export function lineDescription(sent: string | undefined, product: Row | null | undefined): string {
  return sent !== undefined ? sent : (product?.long_description || product?.name || '');
}

/** A cost center, when sent, exists (invalid_cost_center) and is active; `mandatory` asks for one. */
export function checkCostCenter(problems: Problems, costCenters: Map<number, Row>, id: number | undefined, lookup: string, mandatory?: string): Row | null {
  if (id === undefined) {
    if (mandatory) problems.add('parameter_required', mandatory, 'cost_center');
    return null;
  }
  const cc = costCenters.get(id);
  if (!cc) problems.add('invalid_cost_center', `Cost center ${id} does not exist; see ${lookup}`, 'cost_center');
  else if (!cc.active) problems.add('parameter_inactive', `Cost center ${id} is inactive`, 'cost_center');
  else return cc;
  return null;
}

/** A foreign currency must be enabled for the company (company_settings) and come with its exchange rate. */
export function checkCurrency(problems: Problems, company: Company, currency: { code: string; exchange_rate?: number } | undefined, local = 'COP') {
  if (!currency || currency.code === local || problems.has('currency')) return null;
  const fc = company.settings.foreign_currency;
  if (!fc?.enabled || !fc.currencies.includes(currency.code)) {
    problems.add('company_settings', `Foreign currency ${currency.code} is not enabled for this company (enabled: ${fc?.enabled ? fc.currencies.join(', ') : 'none'})`, 'currency.code');
  } else if (currency.exchange_rate === undefined) {
    problems.add('parameter_required', `Send the exchange rate of ${currency.code} to ${local}`, 'currency.exchange_rate');
  } else {
    return { code: currency.code, exchange_rate: currency.exchange_rate };
  }
  return null;
}

/**
 * The document type of a request: exists, active, of the right kind (FV or RC);
 * `number` is sent when the type has no automatic numbering, and is not used yet.
 */
export async function checkDocumentType(q: Queryable, problems: Problems, company: Company, docTypes: Map<number, Row>,
  document: { id: number } | undefined, number: number | undefined, kind: 'FV' | 'RC', lookup: string, self?: string): Promise<Row | null> {
  if (!document) return null;
  let t = mustBeActive(problems)(docTypes.get(document.id), 'document.id', 'Document type', document.id, lookup);
  if (t && t.type !== kind) {
    problems.add('invalid_document', `Document type ${t.id} is of type ${t.type}, not ${kind === 'FV' ? 'an invoice (FV)' : 'a cash receipt (RC)'}`, 'document.id');
    t = null;
  }
  if (t && !t.automatic_number && number === undefined) {
    problems.add('parameter_required', `Document type ${t.id} has no automatic numbering: send number`, 'number');
  }
  if (t && number !== undefined && !problems.has('number')) {
    const table = kind === 'FV' ? 'invoices' : 'vouchers';
    const [used] = await q.query(`SELECT 1 FROM ${table} WHERE company_id = $1 AND document_type_id = $2 AND number = $3 AND id::text <> $4`,
      [company.company_id, t.id, number, self ?? '']);
    if (used) problems.add('duplicated_document', `Number ${number} is already used by another ${kind === 'FV' ? 'invoice' : 'voucher'} of document type ${t.id}`, 'number');
  }
  return t;
}
