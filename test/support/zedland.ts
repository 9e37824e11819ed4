/**
 * Zedland (ZZ), a test-only country: its own identification rule (a five-digit ZID whose last digit is the sum of the
 * others modulo 10), its own tax (VAT 20 %), currency (EUR), number format and printed numbers, no tax authority, and
 * the UBL form of invoices (src/countries/country.ts, `form`). Registered only by the tests that use it
 * (`registerZedland`, undone after them): registerCountry refuses outside Node's test runner, so the service never
 * serves it. docs/internals.md, "Adding a country".
 */
import { colombia, registerCountry, type Country } from '../../src/countries';
import type { Tables } from '../../src/companies/catalogs/rows';

/** The accounts Zedland names: its own chart's codes, not Colombia's (the UBL form posts to `ledger.ubl`). */
const ZZ_LEDGER = {
  cash: '5700', bank: '5720', customers: '4300', withholdingAdvance: '4730', customerAdvances: '4380',
  revenue: '7000', discountsExpense: '6650', chargesIncome: '7590', vat: '4770', exchangeGain: '7680', exchangeLoss: '6680',
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
    printed: (taxId) => taxId,
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
    ubl: { revenue: ZZ_LEDGER.revenue, customers: ZZ_LEDGER.customers, exchangeGain: ZZ_LEDGER.exchangeGain, exchangeLoss: ZZ_LEDGER.exchangeLoss,
      customerAdvances: ZZ_LEDGER.customerAdvances, discountsExpense: ZZ_LEDGER.discountsExpense, chargesIncome: ZZ_LEDGER.chargesIncome,
      withholdingAdvance: ZZ_LEDGER.withholdingAdvance, receivablesGroup: '430', advancesGroup: '438' },
    taxAccount: (type) => (type === 'VAT' ? ZZ_LEDGER.vat : undefined),
    paymentAccount: (type) => ({ Cash: ZZ_LEDGER.cash, Credit: ZZ_LEDGER.customers } as Record<string, string>)[type],
  },
  company: {},
  customers: {
    // A customer identifies with a ZID (Zedland's rule) or a passport (any letters and digits).
    check(p, c, at) {
      if (c.id_type === 'ZID' && !p.has(at('identification')) && zid(c.identification.slice(0, 4)) !== c.identification) {
        p.add('invalid_identification', 'A ZID is five digits, the last the sum of the others modulo 10', at('identification'));
      }
    },
    checkDigit: () => null,
    idTypes: { ZID: 'Zedland identity number', PAS: 'Passport' },
    idTypesHelp: 'ZID or PAS, or the answer\'s {code, name}',
  },
  documents: { notes: null, vouchers: true, debitNotes: false, payments: false, tickets: false, electronicTypes: false, notePaymentTypes: false,
    replaceInvoices: true, notesOnInvoice: false, advances: false, documentWithholdings: [] },
  labels: { ...colombia.labels, adjective: 'Zedlandish', name: 'Zedlandia', nameEn: 'Zedland', invoiceTitle: 'Factura' },
  authority: null,
};

/** Registers Zedland until the function it answers is called (in a test's before and after), in the worker threads started meanwhile too. */
export const registerZedland = (): (() => void) => registerCountry(zedland, process.env, { module: __filename, name: 'zedland' });
