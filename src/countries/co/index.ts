/** Colombia: NIT, COP, the DIAN's UBL 2.1 documents (src/invoices/co; the DIAN in dian/). */
import { CO_ACCOUNTS, CO_ALLOWANCE_CHARGES, CO_NOTE_TYPES, CO_PAYMENT_TYPES, CO_TAXES } from './catalog';
import type { Country } from '../country';
import { coCompany } from './company';
import { coCustomers } from './customers';
import { coPlaces } from './places';
import { nit } from './identification';
import { CO_LEDGER, CO_UBL_ACCOUNTS, coPaymentAccount, coTaxAccount } from './ledger';

export const colombia: Country = {
  code: 'CO',
  form: 'ubl',
  basePath: '',
  applicationHeader: false,
  currency: 'COP',
  timeZone: 'America/Bogota',
  numbers: {
    locale: 'es-CO', thousands: '.', decimal: ',',
    wordsTail: (cents, local) => `CON ${cents}/100${local ? ' M/CTE' : ''}`,
  },
  identification: nit,
  taxTypes: ['IVA', 'Impoconsumo', 'Retefuente', 'ReteIVA', 'ReteICA', 'Autorretencion', 'AdValorem'],
  settings: ['vat_responsible', 'fiscal_responsibilities', 'person_type', 'commercial_registration', 'dian'],
  paymentForms: null,
  printedNumber: (prefix, number) => `${prefix ?? ''}${number}`,
  totals: { decimals: 2, netOfWithholdings: false },
  catalog: {
    accounts: CO_ACCOUNTS, taxes: CO_TAXES, paymentTypes: CO_PAYMENT_TYPES, allowanceCharges: CO_ALLOWANCE_CHARGES,
    invoicePrefix: 'FV', invoiceWithholdings: true, documentTypes: CO_NOTE_TYPES,
  },
  ledger: { named: CO_LEDGER, taxAccount: coTaxAccount, paymentAccount: coPaymentAccount, ubl: CO_UBL_ACCOUNTS },
  company: coCompany,
  customers: coCustomers,
  places: coPlaces,
  documents: {
    notes: 'ubl', vouchers: true, debitNotes: true, payments: false, tickets: false, electronicTypes: true, notePaymentTypes: true, notesOnInvoice: true, replaceInvoices: true, advances: true,
    documentWithholdings: ['ReteIVA', 'ReteICA', 'Autorretencion'],
  },
  labels: {
    adjective: 'Colombian', name: 'Colombia', nameEn: 'Colombia', personTypes: ['Persona jurídica', 'Persona natural'], defaultUnit: '94',
    invoiceTitle: 'Factura de venta',
  },
  authority: {
    name: 'DIAN', nameEs: 'la DIAN', judge: 'the DIAN', xml: 'signed UBL', cancels: false, testSet: true,
    sandboxName: 'Autoridad sandbox', invoiceJob: 'dian_submit', numberedCertificates: false, attachedDocument: true,
  },
};
