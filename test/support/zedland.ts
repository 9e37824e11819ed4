/**
 * Zedland (ZZ), a test-only country: its own identification rule (a five-digit ZID whose last digit is the sum of the
 * others modulo 10), its own tax (VAT 20 %), currency (EUR), number format and printed numbers, no tax authority, and
 * the UBL form of invoices (src/countries/country.ts, `form`). Registered only by the tests that use it
 * (`registerZedland`, undone after them): registerCountry refuses outside Node's test runner, so the service never
 * serves it. docs/internals.md, "Adding a country".
 */
import { colombia, registerCountry, type Country } from '../../src/countries';
import type { Tables } from '../../src/companies/catalogs/rows';

/** The accounts Zedland names; the UBL form's postings still name these codes (src/invoices/co/ledger.ts, CO_LEDGER). */
const ZZ_LEDGER = {
  cash: '11050501', bank: '11100501', customers: '13050501', withholdingAdvance: '13551501', customerAdvances: '28050501',
  revenue: '41359501', discountsExpense: '53053501', chargesIncome: '42505001', vat: '24080501', exchangeGain: '42102001', exchangeLoss: '53052501',
} as const;
const names: Record<keyof typeof ZZ_LEDGER, [string, 'Debit' | 'Credit']> = {
  cash: ['Cash', 'Debit'], bank: ['Bank', 'Debit'], customers: ['Trade debtors', 'Debit'], withholdingAdvance: ['Tax withheld', 'Debit'],
  customerAdvances: ['Customer advances', 'Credit'], revenue: ['Sales', 'Credit'], discountsExpense: ['Discounts', 'Debit'],
  chargesIncome: ['Other income', 'Credit'], vat: ['VAT payable', 'Credit'], exchangeGain: ['Exchange gains', 'Credit'], exchangeLoss: ['Exchange losses', 'Debit'],
};
const accounts: Tables['accounts'][] = Object.entries(ZZ_LEDGER).map(([k, code]) => ({ code, name: names[k as keyof typeof ZZ_LEDGER][0], nature: names[k as keyof typeof ZZ_LEDGER][1] }));

/** A ZID of Zedland's rule from four digits. */
export const zid = (head: string) => `${head}${[...head].map(Number).reduce((a, b) => a + b, 0) % 10}`;

export const zedland: Country = {
  ...colombia,
  code: 'ZZ', form: 'ubl', basePath: '/zz', applicationHeader: false, currency: 'EUR', timeZone: 'Europe/Madrid',
  numbers: { locale: 'es-ES', thousands: ' ', decimal: ',', wordsTail: (cents) => `Y ${cents} CÉNTIMOS` },
  identification: {
    label: 'ZID', otherDocuments: false,
    check(p, taxId) {
      if (!/^[0-9]{5}$/.test(taxId)) p.add('invalid_identification', 'A ZID is five digits', 'tax_id');
      else if (zid(taxId.slice(0, 4)) !== taxId) p.add('invalid_identification', 'The last digit of a ZID is the sum of the others modulo 10', 'tax_id');
      return { taxId, checkDigit: null };
    },
    printed: (taxId) => `ZID ${taxId}`,
  },
  taxTypes: ['VAT'], settings: [], paymentForms: null,
  printedNumber: (prefix, number) => `${prefix ?? ''}-${number}`,
  totals: { decimals: 2, netOfWithholdings: false },
  catalog: {
    accounts,
    taxes: [{ name: 'VAT 20%', type: 'VAT', percentage: '20', account_code: ZZ_LEDGER.vat }],
    paymentTypes: [
      { name: 'Cash', type: 'Cash', document_type: 'FV', account_code: ZZ_LEDGER.cash },
      { name: 'Credit', type: 'Credit', document_type: 'FV', account_code: ZZ_LEDGER.customers, due_date: true },
      { name: 'Cash', type: 'Cash', document_type: 'RC', account_code: ZZ_LEDGER.cash },
    ],
    allowanceCharges: [], invoicePrefix: 'F', invoiceWithholdings: false, documentTypes: [],
  },
  ledger: {
    named: ZZ_LEDGER,
    taxAccount: (type) => (type === 'VAT' ? ZZ_LEDGER.vat : undefined),
    paymentAccount: (type) => ({ Cash: ZZ_LEDGER.cash, Credit: ZZ_LEDGER.customers } as Record<string, string>)[type],
  },
  company: {},
  customers: { check() { /* any identification */ }, checkDigit: () => null },
  documents: { notes: null, vouchers: true, debitNotes: false, payments: false, tickets: false, electronicTypes: false, notePaymentTypes: false,
    replaceInvoices: true, notesOnInvoice: false, advances: false, documentWithholdings: [] },
  labels: { ...colombia.labels, adjective: 'Zedlandish', name: 'Zedlandia', nameEn: 'Zedland', invoiceTitle: 'Factura' },
  authority: null,
};

/** Registers Zedland until the function it answers is called (in a test's before and after). */
export const registerZedland = (): (() => void) => registerCountry(zedland);
