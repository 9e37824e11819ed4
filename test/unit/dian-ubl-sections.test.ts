/**
 * The UBL sections (src/countries/co/dian/ubl/*) one by one, as pure functions:
 * each writes its fragment from its input. The whole document is validated
 * against the official XSD in dian-ubl.test.ts.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import Decimal from 'decimal.js';
import { create } from 'xmlbuilder2';
import type { XMLBuilder } from 'xmlbuilder2/lib/interfaces';
import { CHARGE_SCHEMES, discountReasonCode, WITHHOLDING_SCHEMES } from '../../src/countries/co/dian/ubl/codes';
import { groupBy, taxTotal } from '../../src/countries/co/dian/ubl/tax-totals';
import { exchangeRate, paymentMeans, prepaidPayment } from '../../src/countries/co/dian/ubl/payments';
import { documentAllowances } from '../../src/countries/co/dian/ubl/allowances';
import { monetaryTotal, documentTotals } from '../../src/countries/co/dian/ubl/monetary-total';
import { lineCalc } from '../../src/countries/co/dian/ubl/lines';
import { codes } from '../../src/countries/co/dian/ubl/parties';
import { DianXmlError } from '../../src/countries/co/dian/ubl/xml';
import type { DianInvoiceDocument, DianInvoiceItem } from '../../src/countries/co/dian/ubl/types';

const cur = { currencyID: 'COP' };
/** What a section writes under an empty <r>. */
const fragment = (write: (root: XMLBuilder) => void) => {
  const root = create().ele('r');
  write(root);
  return root.end({ headless: true });
};
const iva = (base: string, value: string, percentage = '19') => ({ type: 'IVA', percentage, base_value: base, value });
const item = (over: Partial<DianInvoiceItem> = {}): DianInvoiceItem => ({ code: 'P1', quantity: 2, price: 500, description: 'x', total: '1190.00', taxes: [iva('1000.00', '190.00')], ...over } as DianInvoiceItem);

test('tax totals: one TaxTotal per scheme, one subtotal per rate, schemes in code order', () => {
  const groups = groupBy([
    { scheme: CHARGE_SCHEMES.Impoconsumo, percentage: 8, taxable: 100, amount: 8 },
    { scheme: CHARGE_SCHEMES.IVA, percentage: 19, taxable: 1000, amount: 190 },
    { scheme: CHARGE_SCHEMES.IVA, percentage: 5, taxable: 200, amount: 10 },
    { scheme: CHARGE_SCHEMES.IVA, percentage: '19', taxable: '10', amount: '1.90' },
  ]);
  assert.deepEqual(groups.map((g) => [g.scheme.id, g.amount.toFixed(2), [...g.subtotals.keys()]]), [['01', '201.90', ['19.00', '5.00']], ['04', '8.00', ['8.00']]]);
  const xml = fragment((r) => taxTotal(r, 'cac:WithholdingTaxTotal', groupBy([{ scheme: WITHHOLDING_SCHEMES.ReteICA, percentage: '0.966', taxable: 1000, amount: 9.66 }])[0], cur));
  assert.match(xml, /<cac:WithholdingTaxTotal><cbc:TaxAmount currencyID="COP">9.66<\/cbc:TaxAmount><cac:TaxSubtotal><cbc:TaxableAmount currencyID="COP">1000.00<\/cbc:TaxableAmount>.*<cbc:Percent>0.966<\/cbc:Percent>/);
});

test('payments: means per payment (credit with its due date), prepaid only when there is one, exchange rate only abroad', () => {
  const xml = fragment((r) => {
    paymentMeans(r, [{ id: 1, name: 'Efectivo', value: 10, due_date: null }, { id: 2, name: 'Crédito', value: 5, due_date: '2099-01-31' }], { 1: 'Cash', 2: 'Credit' });
    prepaidPayment(r, new Decimal(0), '2026-01-01', cur);
    exchangeRate(r, 'COP', undefined, '2026-01-01');
  });
  assert.equal(xml, '<r><cac:PaymentMeans><cbc:ID>1</cbc:ID><cbc:PaymentMeansCode>10</cbc:PaymentMeansCode></cac:PaymentMeans>'
    + '<cac:PaymentMeans><cbc:ID>2</cbc:ID><cbc:PaymentMeansCode>1</cbc:PaymentMeansCode><cbc:PaymentDueDate>2099-01-31</cbc:PaymentDueDate></cac:PaymentMeans></r>');
  assert.match(fragment((r) => exchangeRate(r, 'USD', '4000.5', '2026-01-01')), /<cbc:SourceCurrencyCode>USD<\/cbc:SourceCurrencyCode>.*<cbc:CalculationRate>4000.5<\/cbc:CalculationRate>/);
  assert.match(fragment((r) => prepaidPayment(r, new Decimal(50), '2026-01-01', cur)), /<cbc:PaidAmount currencyID="COP">50.00<\/cbc:PaidAmount>/);
});

test('allowances: discounts, IVA asumido and charges numbered in order, each factor giving its amount back', () => {
  const doc = { global_discounts: [{ name: 'Descuento por pronto pago', value: 50 }], global_charges: [{ name: 'Flete', value: 30, percentage: 3 }] } as unknown as DianInvoiceDocument;
  const xml = fragment((r) => documentAllowances(r, doc, new Decimal(1000), new Decimal(19), cur));
  assert.deepEqual([...xml.matchAll(/<cbc:ID>(\d)<\/cbc:ID><cbc:ChargeIndicator>(\w+)<\/cbc:ChargeIndicator>(?:<cbc:AllowanceChargeReasonCode>(\d+)<\/cbc:AllowanceChargeReasonCode>)?<cbc:AllowanceChargeReason>([^<]+)<\/cbc:AllowanceChargeReason><cbc:MultiplierFactorNumeric>([^<]+)</g)].map((m) => m.slice(1)),
    [['1', 'false', '03', 'Descuento por pronto pago', '5.00'], ['2', 'false', '00', 'IVA asumido', '100.00'], ['3', 'true', undefined, 'Flete', '3.00']]);
  assert.equal(discountReasonCode({ name: 'Otro' }), '09');
  assert.equal(discountReasonCode({ name: 'Otro', reason_code: '01' }), '01');
});

test('monetary total: the figures come back from the lines, and a document that says otherwise is refused', () => {
  const doc = { subtotal: '1000.00', taxes_total: '190.00', withholdings_total: '0.00', total: '1190.00', amount_payable: '1190.00', items: [item()] } as unknown as DianInvoiceDocument;
  const t = documentTotals(doc, doc.items.map(lineCalc));
  assert.deepEqual([t.lineExtension, t.taxExclusive, t.taxInclusive, t.payable, t.iva].map((d) => d.toFixed(2)), ['1000.00', '1000.00', '1190.00', '1190.00', '190.00']);
  assert.equal(fragment((r) => monetaryTotal(r, 'cac:LegalMonetaryTotal', t, cur)).match(/<cbc:PayableAmount currencyID="COP">([^<]+)</)?.[1], '1190.00');
  assert.throws(() => documentTotals({ ...doc, total: 1200 }, doc.items.map(lineCalc)), (e: Error) => e instanceof DianXmlError && /total: the lines give 1190.00, the document says 1200.00/.test(e.message));
});

test('parties: fiscal responsibilities joined by ";", R-99-PN when there are none', () => {
  assert.equal(codes([{ code: 'O-13' }, { code: 'O-15' }]), 'O-13;O-15');
  assert.equal(codes([]), 'R-99-PN');
  assert.equal(codes(undefined), 'R-99-PN');
});
