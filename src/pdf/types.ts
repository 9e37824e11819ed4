/**
 * What the PDF renderers take: plain data a route fills from the invoice or
 * voucher GET JSON, the company and the customer, and (for a stamped
 * document) what the tax authority's answer holds. Amounts are decimals as
 * the JSON has them (number or string); they are formatted with decimal.js.
 */
import type { CountryCode } from '../countries';

/** A decimal amount: 1234.5, "1234.50". */
export type Money = string | number;
export type Country = CountryCode;
export type PdfPageSize = 'A4' | 'LETTER';

/** The issuing company. */
export interface PdfCompany {
  name: string;
  /** NIT with its check digit ("900123456-7") or RFC, as printed. */
  identification: string;
  address?: string | null;
  /** City, state, country in one line. */
  city?: string | null;
  email?: string | null;
  phone?: string | null;
  /** A line under the name, e.g. "Responsable de IVA" or "Régimen fiscal: 601 General de Ley Personas Morales". */
  regime?: string | null;
  /** Fiscal responsibilities (CO), e.g. ["O-13 Gran contribuyente", "O-15 Autorretenedor"]. */
  responsibilities?: string[] | null;
  /** The company's logo, PNG or JPEG bytes (companies.logo), drawn at the top left. */
  logo?: Uint8Array | null;
}

/** The customer. */
export interface PdfCustomer {
  name: string;
  /** NIT/cédula (CO) or RFC (MX), as printed. */
  identification: string;
  /** Label before the identification; default "NIT" (CO) or "RFC" (MX). */
  identificationLabel?: string | null;
  address?: string | null;
  city?: string | null;
  emails?: string[] | null;
  phone?: string | null;
  /** Extra lines, e.g. "Uso CFDI: G03 Gastos en general", "Régimen fiscal: 612". */
  extra?: string[] | null;
}

/** A tax or retention applied: name, rate and amount (GET JSON: items[].taxes[], retentions[]). */
export interface PdfTax {
  name: string;
  percentage?: Money | null;
  value: Money;
  /** Taxable base; summed per tax in the totals. */
  base_value?: Money | null;
  /** A withholding on a line (Colombia's Retefuente): printed under Retenciones, never as a tax charged. */
  withholding?: boolean;
}

/** One invoice line (GET JSON items[]). */
export interface InvoicePdfLine {
  code?: string | null;
  description: string;
  quantity: Money;
  /** Unit price before discount. */
  price: Money;
  /** Discount amount of the line (CO: discount.value, MX: discount_value). */
  discount?: Money | null;
  /** Discount rate, printed under the amount when given. */
  discountPercentage?: Money | null;
  taxes?: PdfTax[] | null;
  /** Line total as the JSON has it (CO: items[].total, MX: items[].total). */
  total: Money;
  /** Extra small text under the description, e.g. "Clave SAT 01010101 / H87". */
  note?: string | null;
  /** Unit of measure as printed, e.g. "94 Unidad", "H87 Pieza". */
  unit?: string | null;
}

/** A payment (GET JSON payments[]): credit ones carry a due date. */
export interface PdfPayment {
  name: string;
  value: Money;
  due_date?: string | null;
}

/** A global discount or charge (CO: global_discounts[], global_charges[]). */
export interface PdfAllowance {
  name: string;
  value: Money;
}

/** A DIAN-validated Colombian invoice: CUFE and the QR content from the DIAN QR builder (dianQrContent). */
export interface DianElectronic {
  kind: 'DIAN';
  cufe: string;
  /** What the key is called: CUFE (an invoice, default) or CUDE (a credit or debit note). */
  label?: 'CUFE' | 'CUDE';
  /** The QR content exactly as in sts:QRCode; the printed QR encodes this text. */
  qr: string;
  /** Numbering resolution text, e.g. "Resolución DIAN 18760000001 del 2019-01-19, prefijo SETP del 990000000 al 995000000". */
  resolution?: string | null;
  /** Validation state and date, as the authority's ApplicationResponse says it, e.g. "Validada por la DIAN el 02/05/2024 10:11:12-05:00". */
  status?: string | null;
}

/** A stamped CFDI: the TimbreFiscalDigital and the seals. */
export interface SatElectronic {
  kind: 'SAT';
  uuid: string;
  selloCFD: string;
  selloSAT: string;
  noCertificado: string;
  noCertificadoSAT: string;
  /** TimbreFiscalDigital/@FechaTimbrado, "2024-05-02T10:11:12". */
  fechaTimbrado: string;
  rfcProvCertif?: string | null;
  /** Stamped by a sandbox provider, not by a PAC and the SAT: the labels never call it the SAT. */
  sandbox?: boolean;
  /** The TFD original chain ("||1.1|UUID|…||"), printed when given. */
  cadenaOriginal?: string | null;
  /**
   * The QR content; when missing it is satVerificationUrl() of uuid, the
   * company's and customer's identification (RFCs), the total and selloCFD.
   */
  qr?: string | null;
}

export interface InvoicePdfInput {
  country: Country;
  /** Heading; default "Factura electrónica de venta" when electronic, else "Factura de venta" (CO) / "Factura" (MX). */
  title?: string | null;
  /** The invoice's name as printed, e.g. "FV-1021" (GET JSON: name, or prefix + number). */
  name: string;
  /** "YYYY-MM-DD" (GET JSON: date); also fixes the PDF's CreationDate. */
  date: string;
  /** Issue time, "10:53:10-05:00". */
  time?: string | null;
  /** ISO code (GET JSON: currency.code); default COP / MXN. */
  currency?: string | null;
  /** The header's label of the currency (default "Moneda"; a payment receipt's is "Moneda del pago", its CFDI's Moneda being XXX). */
  currencyLabel?: string | null;
  /** What the footer says a DIAN document is the graphic representation of (default "factura electrónica de venta"). */
  representation?: string | null;
  exchangeRate?: Money | null;
  company: PdfCompany;
  customer: PdfCustomer;
  items: InvoicePdfLine[];
  /** Sum of the lines before taxes (GET JSON: subtotal). */
  subtotal: Money;
  /** Total of line discounts (MX: discounts); printed when not zero. */
  discounts?: Money | null;
  globalDiscounts?: PdfAllowance[] | null;
  globalCharges?: PdfAllowance[] | null;
  /** Taxes total (GET JSON: taxes_total); the per-tax breakdown is summed from the lines. */
  taxesTotal: Money;
  retentions?: PdfTax[] | null;
  /** Retentions total; summed from `retentions` when missing. */
  retentionsTotal?: Money | null;
  /** GET JSON: total. */
  total: Money;
  /** What the customer pays after retentions and advances (CO: amount_payable); printed when it differs from total. */
  amountPayable?: Money | null;
  payments?: PdfPayment[] | null;
  /** Free lines printed with the payments, e.g. "Método de pago: PPD Pago en parcialidades o diferido". */
  paymentNotes?: string[] | null;
  observations?: string | null;
  electronic?: DianElectronic | SatElectronic | null;
  /** Fiscal facts printed in their own box: the numbering resolution, the software provider, the CFDI's version and keys… */
  fiscalNotes?: string[] | null;
  /** The total in words; default amountInWords(total). */
  amountInWords?: string | null;
  /**
   * Set on a document no tax authority gave fiscal validity (made by a sandbox authority, or in a test
   * environment): printed as a banner under the header and at the foot of every page.
   */
  testNotice?: string | null;
  pageSize?: PdfPageSize;
}

/** One voucher item (GET JSON items[]): an invoice installment paid, an advance, or an account entry. */
export interface VoucherPdfItem {
  description: string;
  /** The invoice paid, e.g. "FV-1021" (from items[].due.prefix + consecutive). */
  invoice?: string | null;
  /** Installment number (items[].due.quote). */
  quote?: number | string | null;
  /** Due date of the installment (items[].due.date). */
  dueDate?: string | null;
  /** Accounting account, for detailed vouchers. */
  account?: string | null;
  value: Money;
}

export interface VoucherPdfInput {
  country: Country;
  /** Heading; default "Recibo de caja". */
  title?: string | null;
  name: string;
  date: string;
  /** DebtPayment, AdvancePayment, Detailed (GET JSON: type); printed in Spanish. */
  type?: string | null;
  currency?: string | null;
  company: PdfCompany;
  customer?: PdfCustomer | null;
  items: VoucherPdfItem[];
  /** How the money came in (GET JSON: payment). */
  payment?: PdfPayment | null;
  total: Money;
  observations?: string | null;
  pageSize?: PdfPageSize;
}
