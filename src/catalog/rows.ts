/** Rows of the master-data tables as they are read (migrations/001_foundation.sql, 011_siigo_catalog.sql). */
import type { Resolution } from '../companies/catalogs/rows';

/** A stored address (customers.address, companies.address): open JSON, with the keys documents read. */
export interface StoredAddress {
  address?: string;
  postal_code?: string;
  fiscal_residence?: string;
  foreign_tax_id?: string;
  city?: Record<string, unknown>;
  [k: string]: unknown;
}

/** A row of customers (JSON columns as PostgreSQL answers them: parsed). */
export interface CustomerRow {
  company_id: number;
  id: number;
  person_type: 'person' | 'company';
  id_type: string;
  identification: string;
  check_digit: string | null;
  branch_office: number;
  name: string[];
  commercial_name: string | null;
  active: boolean;
  vat_responsible: boolean;
  fiscal_responsibilities: unknown[];
  address: StoredAddress;
  phones: unknown[];
  contacts: unknown[];
  comments: string | null;
  related_users: unknown;
  custom_fields: unknown[];
  type: 'Customer' | 'Supplier' | 'Other';
  tax_regime: string | null;
  created_at: string;
  updated_at: string;
}

/** A product's price in one currency (products.prices). */
export interface ProductPrices { currency_code: string; price_list: { position: number; name?: string; value: number | string }[] }

/** A row of products (migrations/001, 011). */
export interface ProductRow {
  company_id: number;
  id: number;
  code: string;
  name: string;
  type: 'Product' | 'Service' | 'ConsumerGood';
  active: boolean;
  tax_ids: number[];
  prices: ProductPrices[];
  long_description: string | null;
  unit: string;
  sat_product_key: string | null;
  sat_unit_key: string | null;
  tax_object: string | null;
  account_group_id: number | null;
  stock_control: boolean;
  tax_classification: 'Taxed' | 'Exempt' | 'Excluded';
  tax_included: boolean;
  tax_consumption_value: string | null;
  unit_label: string | null;
  reference: string | null;
  description: string | null;
  additional_fields: Record<string, unknown> | null;
  created_at: string;
  updated_at: string;
}

/** The kinds of document a document type numbers (document_types.type, migrations/026). */
export type DocumentKind = 'FV' | 'NC' | 'ND' | 'RC' | 'P';

/*
 * The small tables the catalog keeps in memory (src/catalog/cache.ts), as it reads them: through json_agg, so
 * numeric and bigint columns arrive as JSON numbers and jsonb columns parsed (migrations/001, 018, 025, 026).
 */

/** A row of document_types: the numbering and settings of one kind of document. */
export interface DocumentTypeRow {
  company_id: number;
  id: number;
  code: string;
  name: string;
  description: string;
  type: DocumentKind;
  active: boolean;
  seller_by_item: boolean;
  customer_by_item: boolean;
  cost_center: boolean;
  cost_center_mandatory: boolean;
  automatic_number: boolean;
  /** The next number to take. */
  consecutive: number;
  discount_type: 'Percentage' | 'Value';
  decimals: boolean;
  advance_payment: boolean;
  reteiva: boolean;
  reteica: boolean;
  self_withholding: boolean;
  electronic_type: ElectronicType;
  cargo_transportation: boolean;
  healthcare_company: boolean;
  prefix: string;
  /** The DIAN numbering resolution (Colombian electronic types), as the administration API stores it. */
  resolution: Resolution | null;
}

/**
 * How a document type meets the DIAN: NoElectronic (never sent), ElectronicInvoice (a factura electrónica, its credit
 * and debit notes), PosEquivalentDocument (an invoice type whose documents are electronic POS tickets, documentos
 * equivalentes, numbered on their own resolution).
 */
export type ElectronicType = 'NoElectronic' | 'ElectronicInvoice' | 'PosEquivalentDocument';
export const ELECTRONIC_TYPES: readonly ElectronicType[] = ['NoElectronic', 'ElectronicInvoice', 'PosEquivalentDocument'];
/** The electronic type of POS tickets. */
export const POS_TICKET: ElectronicType = 'PosEquivalentDocument';
/** Whether the documents of a type go to the DIAN. */
export const isElectronic = (t: { electronic_type?: string | null } | null | undefined): boolean => !!t?.electronic_type && t.electronic_type !== 'NoElectronic';

/** A row of sellers (the users of /v1/users). */
export interface SellerRow { company_id: number; id: number; username: string; first_name: string; last_name: string; email: string; identification: string; active: boolean }

/** A row of taxes: a tax or withholding and the account it posts to. */
export interface TaxRow { company_id: number; id: number; name: string; type: string; percentage: number; active: boolean; account_code: string }

/** A row of payment_types: how a document is paid (MX: a payment condition, its c_FormaPago in sat_code). */
export interface PaymentTypeRow {
  company_id: number; id: number; name: string; type: string; document_type: 'FV' | 'NC' | 'ND' | 'RC';
  active: boolean; due_date: boolean; account_code: string; sat_code: string | null;
}

/** A row of allowance_charges: a global discount or charge and its account. */
export interface AllowanceChargeRow { company_id: number; id: number; kind: 'Discount' | 'Charge'; name: string; active: boolean; account_code: string }

/** A row of warehouses. */
export interface WarehouseRow { company_id: number; id: number; name: string; active: boolean }

/** A row of cost_centers. */
export interface CostCenterRow { company_id: number; id: number; code: string; name: string; active: boolean }

/** The row of each table the catalog keeps (src/catalog/cache.ts, CACHED). */
export interface CachedRows {
  document_types: DocumentTypeRow;
  sellers: SellerRow;
  taxes: TaxRow;
  payment_types: PaymentTypeRow;
  allowance_charges: AllowanceChargeRow;
  warehouses: WarehouseRow;
  cost_centers: CostCenterRow;
}
