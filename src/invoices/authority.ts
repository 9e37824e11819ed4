/**
 * What the tax-authority jobs (src/einvoice) do to invoices, given to them by the app: they never import the
 * invoice kernel (scripts/check-imports.js). The stamping jobs of both countries record what they send and the
 * verdict (src/server.ts); the SAT cancellation records its state and cancels the invoice once Cancelled
 * (src/invoices/routes.ts for the request, src/server.ts for the job).
 */
import type { InvoiceRecords } from '../countries/co/dian/stamp';
import type { CancelKernel } from '../countries/mx/sat/cancel';
import { cancelInvoice, recordSending, recordVerdict, setInvoiceCancellation } from './kernel';
import { recordQuietVerdict } from './verdict';

export const invoiceRecords: InvoiceRecords = { recordSending, recordVerdict, recordQuietVerdict };
export const invoiceCancellation: CancelKernel = { setCancellation: setInvoiceCancellation, cancel: cancelInvoice };
