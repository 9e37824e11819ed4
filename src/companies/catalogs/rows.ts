/**
 * The rows of a company's master data as the catalogs and the demo companies
 * write them, and their insertion (parameterised; objects and arrays go to
 * jsonb as JSON).
 */
import type { Queryable } from '../../platform/db';
import type { ElectronicType } from '../../catalog/rows';

export interface Resolution { number: string; prefix: string; from: number; to: number; valid_from: string; valid_to: string; technical_key: string }
export interface DocumentTypeRow {
  code: string; name: string; description: string; type: 'FV' | 'NC' | 'ND' | 'RC' | 'P'; active?: boolean;
  seller_by_item?: boolean; customer_by_item?: boolean; cost_center?: boolean; cost_center_mandatory?: boolean;
  automatic_number?: boolean; consecutive?: number; discount_type?: 'Percentage' | 'Value'; decimals?: boolean;
  advance_payment?: boolean; reteiva?: boolean; reteica?: boolean; self_withholding?: boolean;
  electronic_type?: ElectronicType; cargo_transportation?: boolean; healthcare_company?: boolean;
  prefix?: string; resolution?: Resolution;
}
export interface SellerRow { username: string; first_name: string; last_name: string; email: string; identification: string; active?: boolean }
export interface TaxRow { name: string; type: string; percentage: string; account_code: string; active?: boolean }
export interface PaymentTypeRow { name: string; type: string; document_type: 'FV' | 'NC' | 'ND' | 'RC'; account_code: string; due_date?: boolean; sat_code?: string; active?: boolean }
export interface AllowanceChargeRow { kind: 'Discount' | 'Charge'; name: string; account_code: string; active?: boolean }
export interface Phone { indicative?: string; number: string; extension?: string }
export interface CustomerRow {
  person_type: 'person' | 'company'; id_type: string; identification: string; check_digit?: string; branch_office?: number;
  name: string[]; commercial_name?: string; active?: boolean; vat_responsible?: boolean;
  fiscal_responsibilities?: { code: string; name: string }[];
  address: { address: string; city?: { country_code: string; state_code: string; city_code?: string }; postal_code?: string };
  phones?: Phone[]; contacts?: { first_name: string; last_name?: string; email?: string; phone?: Phone }[];
  comments?: string; related_users?: { seller_id?: number; collector_id?: number }; custom_fields?: { key: string; value: string }[];
  tax_regime?: string;
}
export interface ProductRow {
  code: string; name: string; type?: 'Product' | 'Service'; active?: boolean; tax_ids: number[];
  prices: { currency_code: string; price_list: { position: number; value: number }[] }[]; long_description?: string; unit: string;
  sat_product_key?: string; sat_unit_key?: string; tax_object?: string; account_group_id?: number;
}
export interface AccountGroupRow { name: string; active?: boolean }
export interface PriceListRow { position: number; name: string; active?: boolean }
export interface WarehouseRow { name: string; active?: boolean }
export interface CostCenterRow { code: string; name: string; active?: boolean }
export interface AccountRow { code: string; name: string; nature: 'Debit' | 'Credit'; active?: boolean }

export interface Tables {
  document_types: DocumentTypeRow; sellers: SellerRow; taxes: TaxRow; payment_types: PaymentTypeRow;
  allowance_charges: AllowanceChargeRow; customers: CustomerRow; products: ProductRow; warehouses: WarehouseRow;
  cost_centers: CostCenterRow; accounts: AccountRow; account_groups: AccountGroupRow; price_lists: PriceListRow;
}

/** Inserts one row (parameterised; objects and arrays go to jsonb as JSON) and returns its id. */
export async function insert<T extends keyof Tables>(q: Queryable, table: T, companyId: number, row: Tables[T]): Promise<number> {
  const entries = Object.entries(row).filter(([, v]) => v !== undefined);
  const columns = ['company_id', ...entries.map(([k]) => k)];
  for (const c of columns) if (!/^[a-z_]+$/.test(c)) throw new Error(`Bad column name ${c}`);
  const values = [companyId, ...entries.map(([, v]) => (v !== null && typeof v === 'object' ? JSON.stringify(v) : v))];
  const [r] = await q.query<{ id: number }>(
    `INSERT INTO ${table} (${columns.join(', ')}) VALUES (${columns.map((_, i) => `$${i + 1}`).join(', ')}) RETURNING id`, values);
  return r.id;
}

export async function insertAll<T extends keyof Tables>(q: Queryable, table: T, companyId: number, rows: Tables[T][]): Promise<number[]> {
  const ids: number[] = [];
  for (const row of rows) ids.push(await insert(q, table, companyId, row));
  return ids;
}

/** The twelve price lists every company has (the reference API's), the first ones named. */
export const priceLists = (names: string[]): PriceListRow[] =>
  Array.from({ length: 12 }, (_, i) => ({ position: i + 1, name: names[i] ?? `Precio de venta ${i + 1}` }));
