/**
 * What differs by country: each country the service issues documents for is a folder of src/countries (co/, mx/)
 * whose index.ts exports one `Country`, and src/countries/index.ts lists them. Code outside the country folders asks
 * the company's country (`country(company.country)`) and never tests a country code. The checklist for adding a
 * country is in docs/internals.md ("Adding a country").
 */
import type { Problems } from '../platform/errors';
import type { Tables } from '../companies/catalogs/rows';

/** The company's tax id in its stored spelling and its check digit (null when the country's id carries none apart). */
export interface TaxId { taxId: string; checkDigit: string | null }

/** The company's (issuer's) identification: what it is called, how it is checked, how it is printed. */
export interface IdentificationRule {
  /** Its name on documents and in messages: "NIT", "RFC". */
  label: string;
  /** Whether a customer who is a person may identify with another document than this tax id (Colombia: a cédula, a passport). */
  otherDocuments: boolean;
  /** Checks a company's tax id and check digit, adding each problem to `p` (at `tax_id` or `check_digit`). */
  check(p: Problems, taxId: string, checkDigit: string | undefined): TaxId;
  /** As printed: "900123456-7", "EKU9003173C9". */
  printed(taxId: string, checkDigit: string | null | undefined): string;
}

/** A customer as its country's rules read it (src/catalog/customers.ts, `customerRecord`). */
export interface CustomerFacts {
  person_type: 'person' | 'company';
  id_type: string;
  identification: string;
  check_digit?: string;
  tax_regime?: string | null;
  address?: { postal_code?: string; city?: unknown; fiscal_residence?: string; foreign_tax_id?: string };
}

/** The country's rules on a customer beyond its schema (POST and PUT /customers, a customer created with an invoice). */
export interface CustomerRules {
  /** Adds each problem to `p`, at the JSON path `at` gives for a field of the customer. */
  check(p: Problems, c: CustomerFacts, at: (field: string) => string): void;
  /** The check digit stored with the customer's identification (Colombia computes a NIT's when omitted). */
  checkDigit(c: CustomerFacts): string | null;
  /** The identification documents a customer may carry (`id_type`), code → name: the DIAN's table, the RFC alone. */
  idTypes: Readonly<Record<string, string>>;
  /** The `id_type` of a customer whose body names none; without it, `id_type` is required. */
  defaultIdType?: string;
  /** `id_type`'s description in the API reference. */
  idTypesHelp: string;
}

/** The names of a place of the country from its codes, as a PDF prints them. */
export type PlaceNames = (city: { state_code?: string; city_code?: string; city_name?: string; state_name?: string }) => { cityName: string | null; stateName: string | null };

/** Numbers and money as the country writes them. */
export interface NumberFormat {
  /** The BCP 47 locale `Intl` formats with: "es-CO". */
  locale: string;
  thousands: string;
  decimal: string;
  /** The amount in words' tail after the integer part: "CON 50/100 M/CTE" (local: the amount is in the country's currency). */
  wordsTail(cents: string, local: boolean): string;
}

/** A new company's starting catalog (src/companies/catalogs/starter.ts inserts it; its data is the country folder's catalog.ts). */
export interface StartingCatalog {
  accounts: Tables['accounts'][];
  taxes: Tables['taxes'][];
  paymentTypes: Tables['payment_types'][];
  allowanceCharges: Tables['allowance_charges'][];
  /** The invoice type's prefix ("FV", "A"), and whether it admits the document-level withholdings and advances. */
  invoicePrefix: string;
  invoiceWithholdings: boolean;
  /** The document types beyond the invoice (FV) and cash receipt (RC) ones: notes, payment receipts. */
  documentTypes: Tables['document_types'][];
}

/** Totals and rounding. */
export interface Totals {
  /** Decimals of the country's currency on documents. */
  decimals: number;
  /** Whether a document's total is net of its withholdings (the CFDI's Total) rather than before them (the DIAN's payable amount). */
  netOfWithholdings: boolean;
}

/** The ledger accounts the services post to by themselves, by meaning, and the defaults of new master data. */
export interface LedgerAccounts {
  /** Every account the code names (the starting catalog must hold them all). */
  named: Readonly<Record<string, string>>;
  /** The account a new tax of this type posts to unless the company names one. */
  taxAccount(type: string, percentage: number): string | undefined;
  /** The account a new payment type of this kind posts to unless the company names one. */
  paymentAccount(type: string): string | undefined;
  /** What the UBL form's invoices, notes and vouchers post to by meaning (a country of that form names them all). */
  ubl?: UblAccounts;
}

/** The accounts the UBL form's documents post to by themselves (the rest are their master data's). */
export interface UblAccounts {
  /** What an invoice sells; the rounding cent of a foreign-currency invoice converted (gain, loss). */
  revenue: string; exchangeGain: string; exchangeLoss: string;
  /** Advances received from customers (an AdvancePayment voucher credits it, an invoice's advance_payment debits it). */
  customerAdvances: string;
  /** The receivable a DebtPayment entry credits until its due item's own account is found. */
  customers: string;
  /** Taxes of gifts borne by the company and global discounts without an account; global charges without one. */
  discountsExpense: string; chargesIncome: string;
  /** The debit side of a self-withholding. */
  withholdingAdvance: string;
  /** The group an entry that pays a due item credits under, and the group of customers' advances (what holds a customer's unapplied advances). */
  receivablesGroup: string; advancesGroup: string;
}

/** The tax authority the country's electronic documents go to; `null` for a country without one. */
export interface Authority {
  /** Short name: "DIAN", "SAT"; and in Spanish with its article: "la DIAN", "el SAT". */
  name: string;
  nameEs: string;
  /** Who judges a document, in a sentence: "the DIAN", "the stamping provider (PAC)". */
  judge: string;
  /** The XML the authority keeps, as the XML route describes it. */
  xml: string;
  /** Whether an accepted document is cancelled at the authority (POST …/cancel) rather than corrected by a credit note. */
  cancels: boolean;
  /** Whether the company passes a test set before production (the DIAN's habilitación). */
  testSet: boolean;
  /** The sandbox authority's certificate: its common name. */
  sandboxName: string;
  /** Whether an accepted document is sent to the customer inside the authority's AttachedDocument (the DIAN's). */
  attachedDocument: boolean;
  /** Whether a certificate's serial number must be the authority's certificate number (the SAT's NoCertificado). */
  numberedCertificates: boolean;
  /** The outbox job that sends an invoice to the authority (src/server.ts runs it). */
  invoiceJob: string;
}

/** Which documents and features the country's companies have (each a route module that asks). */
export interface Documents {
  /** Its credit notes' form: the DIAN's UBL notes with debit notes (src/notes/routes.ts), CFDI egreso (src/notes/mx.ts), or none. */
  notes: 'ubl' | 'cfdi' | null;
  /** Cash receipt vouchers (/vouchers). */
  vouchers: boolean;
  /** Debit notes (/debit-notes). */
  debitNotes: boolean;
  /** Payment receipts (/payments, CFDI type P). */
  payments: boolean;
  /** POS tickets (/tickets) and their global and self invoices. */
  tickets: boolean;
  /** Document types flagged electronic (the rest are plain); false where every invoice is electronic. */
  electronicTypes: boolean;
  /** Payment types for settling credit and debit notes (document_type NC, ND). */
  notePaymentTypes: boolean;
  /** A Draft or Rejected invoice may be replaced (PUT /invoices/{id}). */
  replaceInvoices: boolean;
  /** An invoice's answer lists the notes on it. */
  notesOnInvoice: boolean;
  /** Invoices take customer advances (the customers' answer shows them). */
  advances: boolean;
  /** Withholdings a document lists on itself (rather than on its lines' taxes). */
  documentWithholdings: readonly string[];
}

/** Words the console and the PDF print for this country. */
export interface Labels {
  /** "Colombian", "Mexican". */
  adjective: string;
  /** The country's name in Spanish and in English: "México", "Mexico". */
  name: string;
  nameEn: string;
  /** Person types as the country names them: [company, person]. */
  personTypes: readonly [string, string];
  /** The unit a new product starts with in the console. */
  defaultUnit: string;
  /** A plain (not electronic) invoice's title on its PDF. */
  invoiceTitle: string;
}

/** The country's own rules on a company's record (POST and PATCH /admin/v1/companies), each problem added to `p`. */
export interface CompanyRules {
  /** The company's address beyond its schema (Colombia: a DIVIPOLA municipality of its department). */
  address?(p: Problems, city: Record<string, unknown>): void;
  /** The settings after a change: the country's checks on the keys that were sent. */
  settings?(p: Problems, merged: Record<string, unknown>, sent: Record<string, unknown>): void;
  /** Settings a new company takes from its record (Mexico: its postal code from its address). */
  defaults?(settings: Record<string, unknown>, address: { postal_code?: string } | undefined): void;
}

/**
 * The form of a country's requests, computation and answers for invoices, customers and products: the UBL-shaped one
 * (src/invoices/co: taxes on lines, document-level withholdings, plain and electronic types; the customers' id types and
 * places) or the CFDI's (src/invoices/mx: SAT keys, uses, regimes). A country chooses one; its own rules (identification,
 * customers, tax types, catalog, authority) are its own whichever it chooses.
 */
export type DocumentForm = 'ubl' | 'cfdi';

export interface Country {
  /** ISO 3166-1 alpha-2, as companies.country and invoices.country hold it (the countries table lists the registry's). */
  code: string;
  /** Its invoices', customers' and products' form. */
  form: DocumentForm;
  /** Where its API is served: '' (/v1) or '/mx' (/mx/v1). */
  basePath: string;
  /** Whether its API's POSTs name the integrating application (ServiceAPI-Application-Id, the Mexican API's header). */
  applicationHeader: boolean;
  /** ISO 4217: the company's own currency. */
  currency: string;
  /** The IANA time zone of its companies (the only one accepted). */
  timeZone: string;
  numbers: NumberFormat;
  identification: IdentificationRule;
  /** The tax types a company of the country may define (POST /taxes). */
  taxTypes: readonly string[];
  /** The company settings only this country's companies have. */
  settings: readonly string[];
  /** The authority's payment form code (SAT c_FormaPago) of each payment type's kind; null where payment types carry none. */
  paymentForms: Readonly<Record<string, string>> | null;
  /** How a document's number is printed from its prefix and consecutive: "FV1001", "A 1001". */
  printedNumber(prefix: string | null | undefined, number: number | string | null | undefined): string;
  totals: Totals;
  catalog: StartingCatalog;
  ledger: LedgerAccounts;
  company: CompanyRules;
  customers: CustomerRules;
  places: PlaceNames;
  documents: Documents;
  labels: Labels;
  authority: Authority | null;
}
