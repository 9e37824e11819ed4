/**
 * Electronic invoices whose lines do not all carry IVA (issue 15, point 1):
 * excluded lines (no IVA or INC), exempt 0 % lines, INC-only lines, a line
 * with two taxes, and mixes with global discounts, charges, withholdings and
 * an advance. Each is created with stamp.send and must come back Accepted by
 * the sandbox authority, with the amounts and the UBL LegalMonetaryTotal and
 * TaxTotal figures computed by hand here (docs/colombia.md):
 *   LineExtensionAmount = Σ line bases
 *   TaxExclusiveAmount  = Σ bases of the lines that carry a tax (each line once)
 *   TaxInclusiveAmount  = LineExtensionAmount + taxes
 *   PayableAmount       = TaxInclusiveAmount − allowances + charges − prepaid
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { DOMParser } from '@xmldom/xmldom';
import { eachStorage, startTestServer, type Storage, type TestServer } from '../support/server';
import { coRefs, today, type CoRefs } from '../support/co';
import { mainCustomer, rcRefs } from '../support/vouchers';
import { ublFigures, type UblTaxTotal, type UblTotals } from '../support/ubl';

interface Case {
  name: string;
  body: (r: CoRefs) => Record<string, unknown>;
  /** The answer's amounts, by hand. */
  amounts: { subtotal: number; taxes_total: number; withholdings_total: number; total: number; amount_payable: number };
  /** The XML's LegalMonetaryTotal, by hand. */
  totals: UblTotals;
  taxes: UblTaxTotal[];
  withholdings?: UblTaxTotal[];
  /** Per line: its base and its TaxTotals. */
  lines: { base: string; taxes: UblTaxTotal[] }[];
  /** Document-level AllowanceCharge: indicator, reason code, reason, factor: amount of base. */
  allowances?: string[];
  /** An AdvancePayment voucher the invoice's advance applies. */
  advance?: number;
}

const NONE = { allowances: '0.00', charges: '0.00', prepaid: '0.00' };

const CASES: Case[] = [
  {
    // 2 × 95,000 = 190,000.00, excluded from IVA: no tax at all.
    name: 'an excluded line alone',
    body: () => ({ items: [{ code: 'LIBRO01', quantity: 2, price: 95000, taxes: [] }] }),
    amounts: { subtotal: 190000, taxes_total: 0, withholdings_total: 0, total: 190000, amount_payable: 190000 },
    totals: { line: '190000.00', exclusive: '0.00', inclusive: '190000.00', ...NONE, payable: '190000.00' },
    taxes: [],
    lines: [{ base: '190000.00', taxes: [] }],
  },
  {
    // 10 × 4,800 = 48,000.00 exempt: IVA 0 % on it, 0.00.
    name: 'an exempt 0 % line alone',
    body: (r) => ({ items: [{ code: 'ARROZ1K', quantity: 10, price: 4800, taxes: [{ id: r.taxOf('IVA', 0).id }] }] }),
    amounts: { subtotal: 48000, taxes_total: 0, withholdings_total: 0, total: 48000, amount_payable: 48000 },
    totals: { line: '48000.00', exclusive: '48000.00', inclusive: '48000.00', ...NONE, payable: '48000.00' },
    taxes: [{ amount: '0.00', subtotals: ['01 0.00: 48000.00 → 0.00'] }],
    lines: [{ base: '48000.00', taxes: [{ amount: '0.00', subtotals: ['01 0.00: 48000.00 → 0.00'] }] }],
  },
  {
    // 4 × 25,000 = 100,000.00; INC 8 % = 8,000.00.
    name: 'an INC-only line',
    body: (r) => ({ items: [{ code: 'ALMUERZO', quantity: 4, price: 25000, taxes: [{ id: r.taxOf('Impoconsumo', 8).id }] }] }),
    amounts: { subtotal: 100000, taxes_total: 8000, withholdings_total: 0, total: 108000, amount_payable: 108000 },
    totals: { line: '100000.00', exclusive: '100000.00', inclusive: '108000.00', ...NONE, payable: '108000.00' },
    taxes: [{ amount: '8000.00', subtotals: ['04 8.00: 100000.00 → 8000.00'] }],
    lines: [{ base: '100000.00', taxes: [{ amount: '8000.00', subtotals: ['04 8.00: 100000.00 → 8000.00'] }] }],
  },
  {
    // MOUSE01 3 × 65,000 − 5,000 = 190,000.00, IVA 19 % 36,100.00; LIBRO01 95,000.00 excluded;
    // ARROZ1K 10 × 4,800 = 48,000.00 at 0 %; ALMUERZO 4 × 25,000 = 100,000.00, INC 8,000.00.
    // Lines 433,000.00; taxed bases 190,000 + 48,000 + 100,000 = 338,000.00; taxes 44,100.00; inclusive 477,100.00.
    name: 'IVA 19 %, excluded, exempt and INC lines together',
    body: (r) => ({
      items: [
        { code: 'MOUSE01', quantity: 3, price: 65000, discount: 5000, taxes: [{ id: r.taxOf('IVA', 19).id }] },
        { code: 'LIBRO01', quantity: 1, price: 95000, taxes: [] },
        { code: 'ARROZ1K', quantity: 10, price: 4800, taxes: [{ id: r.taxOf('IVA', 0).id }] },
        { code: 'ALMUERZO', quantity: 4, price: 25000, taxes: [{ id: r.taxOf('Impoconsumo', 8).id }] },
      ],
    }),
    amounts: { subtotal: 433000, taxes_total: 44100, withholdings_total: 0, total: 477100, amount_payable: 477100 },
    totals: { line: '433000.00', exclusive: '338000.00', inclusive: '477100.00', ...NONE, payable: '477100.00' },
    taxes: [
      { amount: '36100.00', subtotals: ['01 19.00: 190000.00 → 36100.00', '01 0.00: 48000.00 → 0.00'] },
      { amount: '8000.00', subtotals: ['04 8.00: 100000.00 → 8000.00'] },
    ],
    lines: [
      { base: '190000.00', taxes: [{ amount: '36100.00', subtotals: ['01 19.00: 190000.00 → 36100.00'] }] },
      { base: '95000.00', taxes: [] },
      { base: '48000.00', taxes: [{ amount: '0.00', subtotals: ['01 0.00: 48000.00 → 0.00'] }] },
      { base: '100000.00', taxes: [{ amount: '8000.00', subtotals: ['04 8.00: 100000.00 → 8000.00'] }] },
    ],
  },
  {
    // CAFE500 2 × 18,500 = 37,000.00 with IVA 5 % (1,850.00) and INC 8 % (2,960.00): its base counts once;
    // LIBRO01 95,000.00 excluded. Lines 132,000.00; taxed 37,000.00; taxes 4,810.00; inclusive 136,810.00.
    name: 'a line with IVA and INC, beside an excluded line',
    body: (r) => ({
      items: [
        { code: 'CAFE500', quantity: 2, price: 18500, taxes: [{ id: r.taxOf('IVA', 5).id }, { id: r.taxOf('Impoconsumo', 8).id }] },
        { code: 'LIBRO01', quantity: 1, price: 95000, taxes: [] },
      ],
    }),
    amounts: { subtotal: 132000, taxes_total: 4810, withholdings_total: 0, total: 136810, amount_payable: 136810 },
    totals: { line: '132000.00', exclusive: '37000.00', inclusive: '136810.00', ...NONE, payable: '136810.00' },
    taxes: [
      { amount: '1850.00', subtotals: ['01 5.00: 37000.00 → 1850.00'] },
      { amount: '2960.00', subtotals: ['04 8.00: 37000.00 → 2960.00'] },
    ],
    lines: [
      { base: '37000.00', taxes: [{ amount: '1850.00', subtotals: ['01 5.00: 37000.00 → 1850.00'] }, { amount: '2960.00', subtotals: ['04 8.00: 37000.00 → 2960.00'] }] },
      { base: '95000.00', taxes: [] },
    ],
  },
  {
    // PORT14 2,850,000.00 with IVA 19 % 541,500.00; a gift MOUSE01 (price 0) whose IVA 19 % on its commercial value
    // 65,000 (12,350.00) the customer pays: its taxable base counts, its line base is 0; a gift CAFE500 whose IVA 5 %
    // on its commercial value 37,000 (1,850.00) the company bears: reported as the annex does, at the reference price,
    // and offset by an "IVA asumido" allowance (reason 00) of 1,850.00. Lines 2,850,000.00; taxed 2,952,000.00;
    // taxes 555,700.00; inclusive 3,405,700.00; allowances 1,850.00; payable 3,403,850.00, what the customer pays.
    name: 'gift lines, one taxed to the customer and one borne by the company',
    body: (r) => ({
      items: [
        { code: 'PORT14', quantity: 1, price: 2850000, taxes: [{ id: r.taxOf('IVA', 19).id }] },
        { code: 'MOUSE01', quantity: 1, price: 0, tax_base: 65000, taxpayer: 'Customer', taxes: [{ id: r.taxOf('IVA', 19).id }] },
        { code: 'CAFE500', quantity: 2, price: 0, tax_base: 37000, taxpayer: 'Company', taxes: [{ id: r.taxOf('IVA', 5).id }] },
      ],
    }),
    amounts: { subtotal: 2850000, taxes_total: 553850, withholdings_total: 0, total: 3403850, amount_payable: 3403850 },
    totals: { line: '2850000.00', exclusive: '2952000.00', inclusive: '3405700.00', ...NONE, allowances: '1850.00', payable: '3403850.00' },
    taxes: [{ amount: '555700.00', subtotals: ['01 19.00: 2915000.00 → 553850.00', '01 5.00: 37000.00 → 1850.00'] }],
    lines: [
      { base: '2850000.00', taxes: [{ amount: '541500.00', subtotals: ['01 19.00: 2850000.00 → 541500.00'] }] },
      { base: '0.00', taxes: [{ amount: '12350.00', subtotals: ['01 19.00: 65000.00 → 12350.00'] }] },
      { base: '0.00', taxes: [{ amount: '1850.00', subtotals: ['01 5.00: 37000.00 → 1850.00'] }] },
    ],
    allowances: ['false 00 IVA asumido 100.00: 1850.00 of 1850.00'],
  },
  {
    // FLETE01 1,200,000.00 excluded, with Retefuente 4 % (48,000.00) only; INSTAL01 150,000.00, IVA 19 % 28,500.00;
    // ARROZ1K 5 × 4,800 = 24,000.00 at 0 %. Lines 1,374,000.00; taxed 174,000.00; taxes 28,500.00; inclusive 1,402,500.00.
    // Discount 2 % of 1,374,000 = 27,480.00; freight charge 10,000.00; total 1,374,000 + 28,500 − 27,480 + 10,000 = 1,385,020.00.
    // ReteIVA 15 % of 28,500 = 4,275.00; ReteICA 0.966 % of 1,374,000 = 13,272.84; withholdings 48,000 + 4,275 + 13,272.84 = 65,547.84.
    // Advance 100,000.00. Payable in the UBL: 1,402,500 − 27,480 + 10,000 − 100,000 = 1,285,020.00 (withholdings are informative);
    // the customer pays 1,285,020 − 65,547.84 = 1,219,472.16.
    name: 'excluded and exempt lines with a discount, a charge, withholdings and an advance',
    advance: 100000,
    body: (r) => ({
      items: [
        { code: 'FLETE01', quantity: 1, price: 1200000, taxes: [{ id: r.taxOf('Retefuente', 4).id }] },
        { code: 'INSTAL01', quantity: 1, price: 150000, taxes: [{ id: r.taxOf('IVA', 19).id }] },
        { code: 'ARROZ1K', quantity: 5, price: 4800, taxes: [{ id: r.taxOf('IVA', 0).id }] },
      ],
      global_discounts: [{ id: r.discount.id, percentage: 2 }],
      global_charges: [{ id: r.charge.id, value: 10000 }],
      retentions: [{ id: r.taxOf('ReteIVA', 15).id }, { id: r.taxOf('ReteICA', 0.966).id }],
      advance_payment: 100000,
    }),
    amounts: { subtotal: 1374000, taxes_total: 28500, withholdings_total: 65547.84, total: 1385020, amount_payable: 1219472.16 },
    totals: { line: '1374000.00', exclusive: '174000.00', inclusive: '1402500.00', allowances: '27480.00', charges: '10000.00', prepaid: '100000.00', payable: '1285020.00' },
    taxes: [{ amount: '28500.00', subtotals: ['01 19.00: 150000.00 → 28500.00', '01 0.00: 24000.00 → 0.00'] }],
    withholdings: [
      { amount: '4275.00', subtotals: ['05 15.00: 28500.00 → 4275.00'] },
      { amount: '48000.00', subtotals: ['06 4.00: 1200000.00 → 48000.00'] },
      { amount: '13272.84', subtotals: ['07 0.966: 1374000.00 → 13272.84'] },
    ],
    lines: [
      { base: '1200000.00', taxes: [] },
      { base: '150000.00', taxes: [{ amount: '28500.00', subtotals: ['01 19.00: 150000.00 → 28500.00'] }] },
      { base: '24000.00', taxes: [{ amount: '0.00', subtotals: ['01 0.00: 24000.00 → 0.00'] }] },
    ],
  },
];

eachStorage('electronic invoices with excluded, exempt and INC lines', (storage: Storage) => {
  let s: TestServer;
  let r: CoRefs;
  before(async () => { s = await startTestServer(storage); r = await coRefs(s); });
  after(() => s.close());

  for (const c of CASES) {
    test(`${c.name}: Accepted, with the totals by hand`, async () => {
      const customer = mainCustomer(r);
      if (c.advance) {
        const v = await rcRefs(s);
        const advance = await s.as('co').post('/v1/vouchers', {
          document: { id: v.type.RC.id }, date: today(), type: 'AdvancePayment', customer, payment: { id: v.pay.Cash.id, value: c.advance },
        });
        assert.equal(advance.status, 201, JSON.stringify(advance.body));
      }
      const res = await s.as('co').post('/v1/invoices', {
        document: { id: r.type['FV-E'].id }, date: today(), customer, seller: r.seller.id,
        payments: [{ id: r.pay.Cash.id, value: c.amounts.amount_payable }], stamp: { send: true },
        ...c.body(r),
      });
      assert.equal(res.status, 201, JSON.stringify(res.body));
      const { subtotal, taxes_total, withholdings_total, total, amount_payable } = res.body;
      assert.deepEqual({ subtotal, taxes_total, withholdings_total, total, amount_payable }, c.amounts);
      assert.equal(res.body.stamp.status, 'Accepted', JSON.stringify(res.body.stamp));
      assert.match(res.body.stamp.cufe, /^[0-9a-f]{96}$/);

      const stored = await s.as('co').get(`/v1/invoices/${res.body.id}`);
      assert.equal(stored.body.stamp.status, 'Accepted');
      const xml = Buffer.from((await s.as('co').get(`/v1/invoices/${res.body.id}/xml`)).body.base64, 'base64').toString('utf8');
      const f = ublFigures(xml);
      assert.deepEqual(f.totals, c.totals);
      assert.deepEqual(f.taxes, c.taxes);
      assert.deepEqual(f.withholdings, c.withholdings ?? []);
      assert.deepEqual(f.lines, c.lines);
      if (c.allowances) {
        const doc = new DOMParser().parseFromString(xml, 'text/xml');
        const ac: any[] = [...doc.getElementsByTagName('cac:AllowanceCharge')].filter((n) => n.parentNode === doc.documentElement);
        const t = (n: any, name: string) => n.getElementsByTagName(name)[0]?.textContent ?? '';
        assert.deepEqual(ac.map((n) => `${t(n, 'cbc:ChargeIndicator')} ${t(n, 'cbc:AllowanceChargeReasonCode')} ${t(n, 'cbc:AllowanceChargeReason')} ${t(n, 'cbc:MultiplierFactorNumeric')}: ${t(n, 'cbc:Amount')} of ${t(n, 'cbc:BaseAmount')}`), c.allowances);
      }
    });
  }
});
