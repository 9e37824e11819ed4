/** Mexico: RFC, MXN, CFDI 4.0 stamped by a PAC for the SAT (src/invoices/mx, src/payments, src/tickets; the SAT and PAC in sat/). */
import { MX_ACCOUNTS, MX_ALLOWANCE_CHARGES, MX_CREDIT_NOTE_TYPE, MX_PAYMENT_TYPE, MX_PAYMENT_TYPES, MX_TAXES } from './catalog';
import type { Country } from '../country';
import { mxCompany } from './company';
import { mxCustomers } from './customers';
import { mxPlaces } from './places';
import { rfc } from './identification';
import { MX_LEDGER, mxPaymentAccount, mxTaxAccount } from './ledger';

export const mexico: Country = {
  code: 'MX',
  form: 'cfdi',
  basePath: '/mx',
  applicationHeader: true,
  currency: 'MXN',
  timeZone: 'America/Mexico_City',
  numbers: {
    locale: 'es-MX', thousands: ',', decimal: '.',
    wordsTail: (cents, local) => `${cents}/100${local ? ' M.N.' : ''}`,
  },
  identification: rfc,
  taxTypes: ['IVA', 'IVAExento', 'IEPS', 'ReteIVA', 'ReteISR'],
  settings: ['tax_regime', 'postal_code', 'border_stimulus', 'ticket_self_invoice_days', 'ticket_global_invoice'],
  /** SAT c_FormaPago by kind: 01 cash, 02 check, 03 transfer, 04 card, 99 por definir. */
  paymentForms: { Cash: '01', Check: '02', Transfer: '03', Card: '04', Credit: '99', ToBeDefined: '99' },
  printedNumber: (prefix, number) => [prefix, number].filter((x) => x !== null && x !== undefined && x !== '').join(' '),
  totals: { decimals: 2, netOfWithholdings: true },
  catalog: {
    accounts: MX_ACCOUNTS, taxes: MX_TAXES, paymentTypes: MX_PAYMENT_TYPES, allowanceCharges: MX_ALLOWANCE_CHARGES,
    invoicePrefix: 'A', invoiceWithholdings: false, documentTypes: [MX_CREDIT_NOTE_TYPE, MX_PAYMENT_TYPE],
  },
  ledger: { named: MX_LEDGER, taxAccount: (type) => mxTaxAccount(type), paymentAccount: mxPaymentAccount },
  company: mxCompany,
  customers: mxCustomers,
  places: mxPlaces,
  documents: {
    notes: 'cfdi', vouchers: false, debitNotes: false, payments: true, tickets: true, electronicTypes: false, notePaymentTypes: false, notesOnInvoice: false, replaceInvoices: false, advances: false,
    documentWithholdings: ['ReteIVA', 'ReteISR'],
  },
  labels: {
    adjective: 'Mexican', name: 'México', nameEn: 'Mexico', personTypes: ['Persona moral', 'Persona física'], defaultUnit: 'H87',
    invoiceTitle: 'Factura',
  },
  authority: {
    name: 'SAT', nameEs: 'el SAT', judge: 'the stamping provider (PAC)', xml: 'sealed (and, once stamped, stamped) CFDI', cancels: true, testSet: false,
    sandboxName: 'Proveedor de certificación', invoiceJob: 'sat_stamp', numberedCertificates: true, attachedDocument: false,
  },
};
