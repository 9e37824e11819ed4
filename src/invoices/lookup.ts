/**
 * What both invoice variants need to check a request against master data.
 */
import Decimal from 'decimal.js';
import type { Queryable } from '../platform/db';
import type { Problems } from '../platform/errors';
import { dayIn } from '../platform/dates';
import type { Company } from '../platform/auth';
import { masterDataOf, type Catalog } from '../catalog/cache';
import { PRODUCT_NAME_MAX } from '../catalog/products';
import type { CostCenterRow, CustomerRow, DocumentTypeRow, ProductRow, WarehouseRow } from '../catalog/rows';

export interface Wanted {
  productCodes?: unknown[];
  customerIdentifications?: unknown[];
}
export interface MasterData extends Catalog {
  products: Map<string, ProductRow>;
  customers: CustomerRow[];
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
  return <R extends { active?: boolean }>(row: R | undefined, path: string, what: string, id: unknown, lookup: string): R | null => {
    if (problems.has(path)) return null;
    if (!row) { problems.add('invalid_reference', `${what} ${id} does not exist; see ${lookup}`, path); return null; }
    if (row.active === false) { problems.add('parameter_inactive', `${what} ${id} is inactive`, path); return null; }
    return row;
  };
}

/** A line's warehouse, when sent: the company keeps warehouses (settings.warehouses_enabled, default true), and it exists and is active. */
export function checkWarehouse(problems: Problems, company: Company, warehouses: Map<number, WarehouseRow>, id: number | undefined, path: string,
  lookup: string): WarehouseRow | null {
  if (id === undefined) return null;
  if (company.settings.warehouses_enabled === false) {
    problems.add('company_settings', `The company does not keep warehouses (settings.warehouses_enabled is false): send no warehouse`, path);
    return null;
  }
  return mustBeActive(problems)(warehouses.get(id), path, 'Warehouse', id, lookup);
}

/** Today's date (yyyy-MM-dd) in a time zone. */
export function todayIn(timeZone: string, now = new Date()): string {
  return dayIn(timeZone, now);
}

/**
 * No document is dated after today in the company's time zone: it would post to a later
 * period and already count (a credit note dated 2030 lowering what is creditable today).
 */
export function notAfterToday(problems: Problems, date: string | undefined, timeZone: string, what: string, path = 'date', now = new Date()): void {
  if (typeof date !== 'string' || problems.has(path)) return;
  const today = todayIn(timeZone, now);
  if (date > today) problems.add('invalid_date', `${what} cannot be dated after today (${today}, ${timeZone}): ${date} is in the future`, path, `not after ${today}`);
}

/** The day an annulment is posted on: today in the company's time zone, never before the document's own date. */
export function annulmentDate(documentDate: string, timeZone: string, now = new Date()): string {
  const today = todayIn(timeZone, now);
  return documentDate > today ? documentDate : today;
}

/** The longest line description when the company's settings.long_product_descriptions is false: as long as a product name. */
export const SHORT_DESCRIPTION = PRODUCT_NAME_MAX;

/**
 * The line's description: sent (even empty) wins; else the product's long
 * description; else its name. A company without long product descriptions
 * (settings.long_product_descriptions false) takes the name, and a description
 * sent is at most SHORT_DESCRIPTION characters.
 */
export function lineDescription(problems: Problems, company: Company, sent: string | undefined, product: ProductRow | null | undefined, path: string): string {
  const long = company.settings.long_product_descriptions !== false;
  if (sent !== undefined && !long && [...sent].length > SHORT_DESCRIPTION) {
    problems.add('length_max', `${path} must have at most ${SHORT_DESCRIPTION} characters: the company has no long product descriptions (settings.long_product_descriptions is false)`, path);
  }
  return sent !== undefined ? sent : ((long && product?.long_description) || product?.name || '');
}

/**
 * A cost center, when sent, exists (invalid_cost_center) and is active. It is
 * required when the document type has cost_center_mandatory, or the company
 * settings.cost_center_required (every document of the company).
 */
export function checkCostCenter(problems: Problems, company: Company, docType: DocumentTypeRow | null, costCenters: Map<number, CostCenterRow>,
  id: number | undefined, lookup: string): CostCenterRow | null {
  if (id === undefined) {
    if (docType?.cost_center_mandatory) problems.add('parameter_required', `Document type ${docType.id} requires a cost_center`, 'cost_center');
    else if (company.settings.cost_center_required) problems.add('parameter_required', 'The company requires a cost_center on every document (settings.cost_center_required)', 'cost_center');
    return null;
  }
  const cc = costCenters.get(id);
  if (!cc) problems.add('invalid_cost_center', `Cost center ${id} does not exist; see ${lookup}`, 'cost_center');
  else if (!cc.active) problems.add('parameter_inactive', `Cost center ${id} is inactive`, 'cost_center');
  else return cc;
  return null;
}

/**
 * How far a sent exchange rate may be from the configured one of its date: 5 % of it (a day's rate
 * moves far less; a rate 5 % off is a wrong rate, or one of another currency).
 */
export const RATE_TOLERANCE = new Decimal('0.05');

/**
 * A foreign currency must be enabled for the company (company_settings). Its rate is the one sent or,
 * when none is sent, the rate configured for the document's date (the latest configured on or before
 * it, POST /admin/v1/companies/{id}/exchange-rates); a rate sent more than RATE_TOLERANCE away from the
 * configured one is refused. Without a configured rate, the sent one is taken as it is.
 */
export async function checkCurrency(q: Queryable, problems: Problems, company: Company, currency: { code: string; exchange_rate?: number } | undefined,
  date: string | undefined, local = 'COP') {
  if (!currency || currency.code === local || problems.has('currency')) return null;
  const fc = company.settings.foreign_currency;
  if (!fc?.enabled || !fc.currencies.includes(currency.code)) {
    problems.add('company_settings', `Foreign currency ${currency.code} is not enabled for this company (enabled: ${fc?.enabled ? fc.currencies.join(', ') : 'none'})`, 'currency.code');
    return null;
  }
  const [configured] = date && !problems.has('date') ? await q.query<{ date: string; rate: string }>(
    'SELECT date, rate FROM exchange_rates WHERE company_id = $1 AND currency = $2 AND date <= $3::date ORDER BY date DESC LIMIT 1',
    [company.company_id, currency.code, date]) : [];
  if (currency.exchange_rate === undefined) {
    if (configured) return { code: currency.code, exchange_rate: Number(configured.rate) };
    problems.add('parameter_required', `Send the exchange rate of ${currency.code} to ${local}; none is configured for ${currency.code} on or before ${date ?? 'the document date'}`, 'currency.exchange_rate');
    return null;
  }
  if (configured) {
    const rate = new Decimal(configured.rate);
    const off = new Decimal(currency.exchange_rate).minus(rate).abs().div(rate);
    if (off.gt(RATE_TOLERANCE)) {
      problems.add('invalid_value', `The exchange rate ${currency.exchange_rate} is ${off.times(100).toFixed(1)} % away from the rate configured for ${currency.code} on ${configured.date}, ${rate.toString()} (at most ${RATE_TOLERANCE.times(100).toString()} %); send none to take the configured one`,
        'currency.exchange_rate', `configured ${rate.toString()}`);
      return null;
    }
  }
  return { code: currency.code, exchange_rate: currency.exchange_rate };
}

/** Each kind of document type: its documents' table and what they are called. */
export const KIND_NAMES = {
  FV: { table: 'invoices', noun: 'invoice', article: 'an invoice' },
  NC: { table: 'notes', noun: 'credit note', article: 'a credit note' },
  ND: { table: 'notes', noun: 'debit note', article: 'a debit note' },
  RC: { table: 'vouchers', noun: 'voucher', article: 'a cash receipt' },
  P: { table: 'payments', noun: 'payment receipt', article: 'a payment receipt' },
} as const;

/**
 * The document type of a request: exists, active, of the right kind (FV or RC);
 * `number` is sent when the type has no automatic numbering, and is not used yet.
 */
export async function checkDocumentType(q: Queryable, problems: Problems, company: Company, docTypes: Map<number, DocumentTypeRow>,
  document: { id: number } | undefined, number: number | undefined, kind: keyof typeof KIND_NAMES, lookup: string, self?: string): Promise<DocumentTypeRow | null> {
  if (!document) return null;
  let t = mustBeActive(problems)(docTypes.get(document.id), 'document.id', 'Document type', document.id, lookup);
  if (t && t.type !== kind) {
    problems.add('invalid_document', `Document type ${t.id} is of type ${t.type}, not ${KIND_NAMES[kind].article} (${kind})`, 'document.id');
    t = null;
  }
  if (t && !t.automatic_number && number === undefined) {
    problems.add('parameter_required', `Document type ${t.id} has no automatic numbering: send number`, 'number');
  }
  if (t && number !== undefined && !problems.has('number')) {
    const [used] = await q.query(`SELECT 1 FROM ${KIND_NAMES[kind].table} WHERE company_id = $1 AND document_type_id = $2 AND number = $3 AND id::text <> $4`,
      [company.company_id, t.id, number, self ?? '']);
    if (used) problems.add('duplicated_document', `Number ${number} is already used by another ${KIND_NAMES[kind].noun} of document type ${t.id}`, 'number');
  }
  return t;
}
