/**
 * The stored rows a document's PDF and e-mail are made from (src/pdf/document.ts): the document with the
 * columns that change after it, its company and its customer, each typed where it is read.
 */
import type { Queryable } from '../platform/db';
import type { CompanyRow } from '../platform/auth';
import type { CustomerRow } from '../catalog/rows';
import type { StampStatus } from '../platform/states';
import type { CoInvoiceDocument } from '../invoices/co/schema';
import type { MxInvoiceDocument } from '../invoices/mx/schema';
import type { VoucherDocument } from '../vouchers/schema';
import type { NoteDocument } from '../notes/schema';
import type { PaymentDocument } from '../payments/schema';
import { LIVE } from '../invoices/kernel';
import { formatMoney } from './format';
import { country as countryOf, type CountryCode } from '../countries';
import { described, SAT_PAYMENT_FORMS, SAT_PAYMENT_METHODS, type CityCodes } from './names';

/** A stored address as the PDF prints it (companies.address, customers.address: open JSON). */
export interface PrintedAddress { address?: string | null; postal_code?: string | null; city?: CityCodes | null; [k: string]: unknown }
/** The company's row as the PDF and the e-mail read it (`SELECT *`). */
export type PdfCompanyRow = Omit<CompanyRow, 'address'> & { address: PrintedAddress | null };
/** A customer's row as the PDF and the e-mail read it (`SELECT *`), its contacts and phones as stored. */
export type PdfCustomerRow = Omit<CustomerRow, 'address' | 'contacts' | 'phones'> & {
  address: PrintedAddress | null; contacts: { email?: string | null }[] | null; phones: { number?: string }[] | null;
};

const companyRow = async (q: Queryable, cid: number) =>
  (await q.query<PdfCompanyRow>('SELECT * FROM companies WHERE company_id = $1', [cid]))[0];
const customerRow = async (q: Queryable, cid: number, id: number | null): Promise<PdfCustomerRow | null> =>
  (id ? (await q.query<PdfCustomerRow>('SELECT * FROM customers WHERE company_id = $1 AND id = $2', [cid, id]))[0] : null) ?? null;

export class DocumentNotFound extends Error {}

/** The columns of a stored invoice the PDF reads: its document, typed by its response schema, per country. */
export interface InvoiceColumns {
  xml: string | null; stamp_status: StampStatus; stamp_cufe: string | null; stamp_uuid: string | null; stamp_authority: string | null;
  application_response: string | null; customer_id: number; electronic_type: string | null;
  resolution: { number?: string; prefix?: string; from?: number; to?: number; valid_from?: string; valid_to?: string } | null;
  /** UN/ECE unit of each of its products, by code. */
  units: Record<string, string> | null;
}
/** An invoice's row, its document typed by its country's form (src/countries: `form`), which `formed` adds to the row read. */
export type InvoiceRow = InvoiceColumns & { country: CountryCode } & ({ form: 'ubl'; document: CoInvoiceDocument } | { form: 'cfdi'; document: MxInvoiceDocument });
type StoredInvoiceRow = InvoiceColumns & { country: CountryCode; document: CoInvoiceDocument | MxInvoiceDocument };
/** The row with its form: the document was stored by its country's variant, so it has that form's shape. */
function formed(row: StoredInvoiceRow): InvoiceRow {
  return countryOf(row.country).form === 'ubl' ? { ...row, form: 'ubl', document: row.document as CoInvoiceDocument } : { ...row, form: 'cfdi', document: row.document as MxInvoiceDocument };
}
/** `as`: a Mexican credit note drawn as the invoice it mirrors, with its own title and notes. */
export interface InvoiceRows { row: InvoiceRow; company: PdfCompanyRow; customer: PdfCustomerRow | null; as?: { title: string; paymentNotes: string[]; fiscalNotes: string[] } }
export interface VoucherRows { row: { document: VoucherDocument; customer_id: number | null }; company: PdfCompanyRow; customer: PdfCustomerRow | null; paid: { prefix: string; number: string; quote: number; name: string }[] }

export async function invoiceRows(q: Queryable, cid: number, id: string): Promise<InvoiceRows> {
  const [stored] = await q.query<StoredInvoiceRow>(
    `SELECT i.country, i.document, i.xml, i.stamp_status, i.stamp_cufe, i.stamp_uuid, i.stamp_authority, i.application_response, i.customer_id,
            t.electronic_type, t.resolution,
            (SELECT json_object_agg(p.code, p.unit) FROM products p
              WHERE p.company_id = i.company_id AND p.code IN (SELECT x->>'code' FROM jsonb_array_elements(i.document->'items') x)) AS units
       FROM invoices i JOIN document_types t ON t.company_id = i.company_id AND t.id = i.document_type_id
      WHERE i.company_id = $1 AND i.id = $2 AND i.${LIVE}`, [cid, id]);
  if (!stored) throw new DocumentNotFound(`Invoice ${id}`);
  const row = formed(stored);
  const company = await companyRow(q, cid);
  const customer = await customerRow(q, cid, row.customer_id);
  return { row, company, customer };
}

export interface NoteRows {
  row: {
    kind: 'NC' | 'ND'; document: NoteDocument; customer_id: number; electronic_type: string | null; invoice_date: string; invoice_cufe: string | null; invoice_number: string;
    stamp_status: StampStatus; stamp_cude: string | null; stamp_authority: string | null; xml: string | null; application_response: string | null;
  };
  company: PdfCompanyRow; customer: PdfCustomerRow | null; units: Record<string, string> | null;
}

export async function noteRows(q: Queryable, cid: number, kind: 'NC' | 'ND', id: string): Promise<NoteRows> {
  const [row] = await q.query<NoteRows['row'] & { units: Record<string, string> | null }>(
    `SELECT n.kind, n.document, n.customer_id, t.electronic_type, i.date::text AS invoice_date, i.stamp_cufe AS invoice_cufe, i.prefix || i.number AS invoice_number,
            n.stamp_status, n.stamp_cude, n.stamp_authority, n.xml, n.application_response,
            (SELECT json_object_agg(p.code, p.unit) FROM products p
              WHERE p.company_id = n.company_id AND p.code IN (SELECT x->>'code' FROM jsonb_array_elements(n.document->'items') x)) AS units
       FROM notes n JOIN document_types t ON t.company_id = n.company_id AND t.id = n.document_type_id
       JOIN invoices i ON i.company_id = n.company_id AND i.id = n.invoice_id
      WHERE n.company_id = $1 AND n.id = $2 AND n.kind = $3`, [cid, id, kind]);
  if (!row) throw new DocumentNotFound(`${kind === 'NC' ? 'Credit' : 'Debit'} note ${id}`);
  const company = await companyRow(q, cid);
  const customer = await customerRow(q, cid, row.customer_id);
  const { units, ...rest } = row;
  return { row: rest, company, customer, units };
}

/** A Mexican credit note (CFDI type E): the invoice's layout, titled as a note, with the CFDIs it relates and how it gives back. */
export async function mxNoteRows(q: Queryable, cid: number, id: string): Promise<InvoiceRows> {
  // The note's own fields (MxCreditNoteDocument's), read as columns beside the invoice's layout.
  const [row] = await q.query<InvoiceRow & { payment_form: string; invoices: { name: string; uuid: string; amount: number }[] }>(
    `SELECT (SELECT country FROM companies WHERE company_id = $1) AS country, 'cfdi' AS form, document, xml, stamp_status, NULL AS stamp_cufe, stamp_uuid, stamp_authority, NULL AS application_response,
            customer_id, NULL AS electronic_type, NULL AS resolution, NULL AS units, document->>'payment_form' AS payment_form, document->'invoices' AS invoices
       FROM notes WHERE company_id = $1 AND id = $2 AND kind = 'NC'`, [cid, id]);
  if (!row) throw new DocumentNotFound(`Credit note ${id}`);
  const company = await companyRow(q, cid);
  const customer = await customerRow(q, cid, row.customer_id);
  return {
    row, company, customer,
    as: {
      title: 'Nota de crédito',
      paymentNotes: [`Método de pago: ${described('PUE', SAT_PAYMENT_METHODS)}`, `Forma de pago: ${described(row.payment_form, SAT_PAYMENT_FORMS)}`],
      fiscalNotes: [`CFDI relacionados, tipo de relación 01 (nota de crédito de los documentos relacionados): ${
        row.invoices.map((i) => `${i.name}, UUID ${i.uuid}, ${formatMoney(i.amount, company.country, countryOf(company.country).currency)}`).join('; ')}`],
    },
  };
}

export interface PaymentRows {
  row: { document: PaymentDocument; xml: string | null; stamp_status: StampStatus; stamp_uuid: string | null; stamp_authority: string | null; customer_id: number };
  company: PdfCompanyRow; customer: PdfCustomerRow | null;
}

export async function paymentRows(q: Queryable, cid: number, id: string): Promise<PaymentRows> {
  const [row] = await q.query<PaymentRows['row']>(
    'SELECT document, xml, stamp_status, stamp_uuid, stamp_authority, customer_id FROM payments WHERE company_id = $1 AND id = $2', [cid, id]);
  if (!row) throw new DocumentNotFound(`Payment receipt ${id}`);
  const company = await companyRow(q, cid);
  const customer = await customerRow(q, cid, row.customer_id);
  return { row, company, customer };
}

export async function voucherRows(q: Queryable, cid: number, id: string): Promise<VoucherRows> {
  const [row] = await q.query<VoucherRows['row']>('SELECT document, customer_id FROM vouchers WHERE company_id = $1 AND id = $2', [cid, id]);
  if (!row) throw new DocumentNotFound(`Voucher ${id}`);
  const company = await companyRow(q, cid);
  const customer = await customerRow(q, cid, row.customer_id);
  // The invoices this voucher paid, by prefix, number and installment, to print their names.
  const paid = await q.query<VoucherRows['paid'][number]>(
    `SELECT i.prefix, i.number, d.quote, i.name FROM voucher_applications a
       JOIN due_items d ON d.company_id = a.company_id AND d.id = a.due_item_id
       JOIN invoices i ON i.company_id = d.company_id AND i.id = d.invoice_id
      WHERE a.company_id = $1 AND a.voucher_id = $2`, [cid, id]);
  return { row, company, customer, paid };
}

