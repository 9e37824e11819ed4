/**
 * What the UBL builder takes: the stored invoice document (the JSON answer of
 * POST /v1/invoices, see coInvoiceDocument in src/invoices/co/service.ts), the
 * issuing company, the customer record, the document type's numbering
 * resolution and the software settings.
 */
import type { CoInvoiceDocument, CoItemDocument } from '../../../../invoices/co/schema';

/**
 * The invoice as the UBL reads it: the stored answer, typed by its response
 * schema (CoInvoiceAnswer); the habilitación test sets are made the same way.
 */
export type DianInvoiceDocument = CoInvoiceDocument;
export type DianInvoiceItem = CoItemDocument;
export type DianTaxLine = CoItemDocument['taxes'][number];

export interface DianCity {
  country_code: string;
  /** DANE department code, e.g. "11". */
  state_code: string;
  /** DANE municipality code, e.g. "11001". */
  city_code: string;
  /** Abroad: the city and the subdivision as text (in Colombia the DIVIPOLA names are used). */
  city_name?: string;
  state_name?: string;
}

export interface DianAddress {
  address: string;
  city: DianCity;
  postal_code?: string | null;
}

export interface DianIssuer {
  legal_name: string;
  /** NIT without check digit. */
  tax_id: string;
  check_digit?: string | null;
  address: DianAddress;
  /** Default 'company'. */
  person_type?: 'company' | 'person';
  /** Trade name for PartyName; default the legal name. */
  commercial_name?: string | null;
  /** DIAN fiscal responsibilities (O-13, O-15, O-23, O-47, R-99-PN); default R-99-PN. */
  fiscal_responsibilities?: { code: string }[];
  /** Responsible for IVA (TaxScheme 01, régimen 48); default true. */
  vat_responsible?: boolean;
  /** Matrícula mercantil (CorporateRegistrationScheme/Name). */
  commercial_registration?: string | null;
  email?: string | null;
}

export interface DianCustomer {
  person_type: 'company' | 'person';
  /** DIAN identification type: 13 cédula, 31 NIT, 22 cédula de extranjería, 41 pasaporte, … */
  id_type: string;
  identification: string;
  check_digit?: string | null;
  /** A company: one element (or a string); a person: [first names, last names]. */
  name: string | string[];
  commercial_name?: string | null;
  address: DianAddress;
  contacts?: { first_name?: string; last_name?: string | null; email?: string | null; phone?: { indicative?: string; number: string } | null }[];
  fiscal_responsibilities?: { code: string }[];
  vat_responsible?: boolean;
}

export interface DianResolution {
  number: string;
  prefix: string;
  from: number | string;
  to: number | string;
  valid_from: string;
  valid_to: string;
  technical_key: string;
}

export interface DianSettings {
  software: {
    id: string;
    pin: string;
    /** NIT of the software provider (the issuer itself when it is its own provider), without check digit. */
    provider_nit: string;
    provider_check_digit?: string;
  };
  /** TipoAmbiente / ProfileExecutionID: '1' production, '2' test (habilitación). */
  environment: '1' | '2';
  /** HH:mm:ss-05:00; default the document's metadata.created in Colombian time. */
  issueTime?: string;
  /** Who made the software (a POS ticket's InformacionDelFabricanteDelSoftware); default facturas-api. */
  manufacturer?: { person: string; company: string; software: string };
}

export interface BuildInvoiceInput {
  document: DianInvoiceDocument;
  company: DianIssuer;
  customer: DianCustomer;
  resolution: DianResolution;
  settings: DianSettings;
  /** UN/ECE unit code per product code (InvoicedQuantity/@unitCode); default "94" (unit). */
  unitCodes?: Record<string, string>;
  /** Kind of each payment type by id (Cash, Transfer, Card, Credit, Check) or a DIAN PaymentMeansCode. */
  paymentTypes?: Record<string, string>;
}

export interface BuiltInvoice {
  xml: string;
  cufe: string;
  qr: string;
}
