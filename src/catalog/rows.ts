/** Rows of the master-data tables as they are read (migrations/001_foundation.sql, 011_siigo_catalog.sql). */

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
