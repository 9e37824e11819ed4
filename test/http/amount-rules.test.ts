/**
 * Issue 15, points 2 and 3, over HTTP on each storage: amounts that would
 * outgrow what the ledger and the answers can hold (a line's quantity × price,
 * a document's total, a conversion at the exchange rate, a tax entry's base)
 * are refused with 400 on the field that causes them and nothing is written;
 * the largest amounts that fit are stored to the cent. An amount payable can
 * never be negative: global discounts beyond the subtotal, withholdings or an
 * advance beyond the total are refused on their field, with the limit.
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { eachStorage, problems, startTestServer, type Reply, type TestServer } from '../support/server';
import { coRefs, validInvoice, type CoRefs } from '../support/co';
import { mainCustomer, rcRefs, receiveAdvance, type RcRefs } from '../support/vouchers';
import { MX_APP, mxInvoice, mxRefs, type MxRefs } from '../support/mx';

eachStorage('amount ranges and payable amounts', (storage) => {
  let s: TestServer;
  let r: CoRefs;
  let v: RcRefs;
  let m: MxRefs;
  before(async () => { s = await startTestServer(storage); [r, v, m] = await Promise.all([coRefs(s), rcRefs(s), mxRefs(s)]); });
  after(() => s.close());

  /** Rows written to the document and ledger tables. */
  const written = async () => (await s.db.query(
    `SELECT (SELECT count(*) FROM invoices)::int AS invoices, (SELECT count(*) FROM vouchers)::int AS vouchers, (SELECT count(*) FROM journal_lines)::int AS lines`))[0];
  /** Posts and expects a 400 with exactly these "code@path" problems and nothing written. */
  async function refused(path: string, body: unknown, expected: string[], headers?: Record<string, string>): Promise<Reply> {
    const before = await written();
    const country = path.startsWith('/mx') ? 'mx' : 'co';
    const res = await s.as(country).post(path.replace(/^\/mx/, ''), body, headers);
    assert.equal(res.status, 400, JSON.stringify(res.body));
    assert.deepEqual(problems(res).sort(), [...expected].sort(), JSON.stringify(res.body.Errors, null, 1));
    assert.deepEqual(await written(), before, 'nothing written');
    return res;
  }
  const journal = async (id: string) => (await s.db.query(
    `SELECT l.account_code, l.debit::text, l.credit::text FROM journal_lines l JOIN journal_entries e ON e.id = l.entry_id WHERE e.source_id = $1 ORDER BY l.line_no`, [id]))
    .map((x: any) => [x.account_code, x.debit, x.credit]);
  const book = (price: number, over: Record<string, unknown> = {}) => validInvoice(r, {
    items: [{ code: 'LIBRO01', quantity: 1, price, taxes: [] }], payments: [{ id: r.pay.Cash.id, value: price }], ...over,
  });

  test('the review\'s case: 99,999,999,999.99 USD at 999,999,999 is refused on the exchange rate (it was a 500)', async () => {
    const res = await refused('/v1/invoices', book(99999999999.99, { currency: { code: 'USD', exchange_rate: 999999999 } }), ['invalid_value@currency.exchange_rate']);
    // 99,999,999,999.99 × 999,999,999 = 99,999,999,899,990,000,000.01 → 99,999,999,899,990,000,000.00 COP to cash.
    assert.match(res.body.Errors[0].Message, /99999999899990000000\.00 COP .* above 9999999999999\.99/);
    assert.equal(res.body.Errors[0].Detail, 'at most 9999999999999.99 COP');
    // The preview applies the same rules.
    assert.deepEqual(problems(await s.as('co').post('/v1/invoices/preview', book(99999999999.99, { currency: { code: 'USD', exchange_rate: 999999999 } }))), ['invalid_value@currency.exchange_rate']);
  });

  test('a conversion at the limit is stored to the cent; a rate one step above it is refused', async () => {
    // 1,000,000,000.00 USD × 9,999.999999 = 9,999,999,999,000.00 COP ≤ 9,999,999,999,999.99.
    const ok = await s.as('co').post('/v1/invoices', book(1000000000, { currency: { code: 'USD', exchange_rate: 9999.999999 } }));
    assert.equal(ok.status, 201, JSON.stringify(ok.body));
    assert.equal(ok.body.total, 1000000000);
    assert.deepEqual(await journal(ok.body.id), [['11050501', '9999999999000.00', '0.00'], ['41359501', '0.00', '9999999999000.00']]);
    // 1,000,000,000.00 USD × 10,000 = 10,000,000,000,000.00 COP.
    await refused('/v1/invoices', book(1000000000, { currency: { code: 'USD', exchange_rate: 10000 } }), ['invalid_value@currency.exchange_rate']);
  });

  test('quantity × price above 99,999,999,999.99 is refused on the price (or taxed_price); the largest line is stored', async () => {
    const line = (over: Record<string, unknown>) => book(1, { items: [{ code: 'LIBRO01', taxes: [], ...over }] });
    // 2 × 50,000,000,000.00 = 100,000,000,000.00.
    const res = await refused('/v1/invoices', line({ quantity: 2, price: 50000000000 }), ['invalid_value@items[0].price']);
    assert.equal(res.body.Errors[0].Message, 'The line amount quantity × price (100000000000.00) is above 99999999999.99, the most one line can amount to');
    // The review's product: 99,999,999,999.99 × 99,999,999,999.99 (it asked for a payment of 9,999,999,999,998,000,000,000.00).
    await refused('/v1/invoices', line({ quantity: 99999999999.99, price: 99999999999.99 }), ['invalid_value@items[0].price']);
    // taxed_price 59,500,000,000 with IVA 19 % → price 50,000,000,000.000000; × 2 = 100,000,000,000.00.
    await refused('/v1/invoices', line({ quantity: 2, taxed_price: 59500000000, taxes: [{ id: r.taxOf('IVA', 19).id }] }), ['invalid_value@items[0].taxed_price']);
    await refused('/mx/v1/invoices', mxInvoice(m, [{ code: 'LAP14', quantity: 2, price: 50000000000 }], 1), ['invalid_value@items[0].price'], MX_APP);

    const largest = await s.as('co').post('/v1/invoices', book(99999999999.99));
    assert.equal(largest.status, 201, JSON.stringify(largest.body));
    assert.deepEqual(await journal(largest.body.id), [['11050501', '99999999999.99', '0.00'], ['41359501', '0.00', '99999999999.99']]);
  });

  test('a document total above 9,999,999,999,999.99 is refused on items', async () => {
    // 101 lines of 99,999,999,999.99 = 10,099,999,999,998.99.
    const items = Array.from({ length: 101 }, () => ({ code: 'LIBRO01', quantity: 1, price: 99999999999.99, taxes: [] }));
    const res = await refused('/v1/invoices', book(1, { items }), ['invalid_value@items']);
    assert.match(res.body.Errors[0].Message, /^The subtotal \(Σ line bases\), 10099999999998\.99, is above 9999999999999\.99/);
  });

  test('vouchers: a converted amount, a debit total and a tax entry\'s base that do not fit are refused', async () => {
    const advance = (value: number, currency?: object) => ({ document: { id: v.type.RC.id }, date: validInvoice(r).date, type: 'AdvancePayment', customer: mainCustomer(r),
      payment: { id: v.pay.Cash.id, value }, ...(currency ? { currency } : {}) });
    await refused('/v1/vouchers', advance(99999999999.99, { code: 'USD', exchange_rate: 999999999 }), ['invalid_value@currency.exchange_rate']);
    // 1,000,000,000.00 USD × 9,999.999999 = 9,999,999,999,000.00 COP credited to the customer's advances.
    const ok = await s.as('co').post('/v1/vouchers', advance(1000000000, { code: 'USD', exchange_rate: 9999.999999 }));
    assert.equal(ok.status, 201, JSON.stringify(ok.body));
    assert.deepEqual(await journal(ok.body.id), [['28050501', '0.00', '9999999999000.00'], ['11050501', '9999999999000.00', '0.00']]);

    const detailed = (items: object[]) => ({ document: { id: v.type.RC.id }, date: validInvoice(r).date, type: 'Detailed', items });
    // 101 debits of 99,999,999,999.99 = 10,099,999,999,998.99, balanced by as many credits.
    const pair = [{ account: { code: '11100501', movement: 'Debit' }, value: 99999999999.99 }, { account: { code: '41359501', movement: 'Credit' }, value: 99999999999.99 }];
    await refused('/v1/vouchers', detailed(Array.from({ length: 101 }, () => pair).flat()), ['invalid_value@items']);
    // ReteICA 0.966 %: a tax entry of 99,999,999,999.99 has the base 9,999,999,999,999 / 0.966 = 10,351,966,873,704.97.
    const rete = r.taxOf('ReteICA', 0.966);
    const res = await refused('/v1/vouchers', detailed([
      { account: { code: '13551801', movement: 'Debit' }, value: 99999999999.99, tax: { id: rete.id } },
      { account: { code: '41359501', movement: 'Credit' }, value: 99999999999.99 },
    ]), ['invalid_value@items[0].value']);
    assert.match(res.body.Errors[0].Message, /10351966873704\.97/);
    // 9,660.00 at 0.966 % has the base 1,000,000.00.
    const fits = await s.as('co').post('/v1/vouchers', detailed([
      { account: { code: '13551801', movement: 'Debit' }, value: 9660, tax: { id: rete.id } }, { account: { code: '41359501', movement: 'Credit' }, value: 9660 },
    ]));
    assert.equal(fits.status, 201, JSON.stringify(fits.body));
    assert.equal(fits.body.items[0].tax.base_value, 1000000);
  });

  test('a document type whose counter passed 9,007,199,254,740,991 refuses to number (two invoices were answered with one number)', async () => {
    const pct = (over: Record<string, unknown> = {}) => book(10, { document: { id: r.type['FV-PCT'].id }, ...over });
    const last = await s.as('co').post('/v1/invoices', pct({ number: 9007199254740991 }));
    assert.equal(last.status, 201, JSON.stringify(last.body));
    assert.equal(last.body.number, 9007199254740991);
    for (let i = 0; i < 2; i++) {
      const res = await refused('/v1/invoices', pct(), ['invalid_value@document.id']);
      assert.match(res.body.Errors[0].Message, /\(9007199254740992\) is above 9007199254740991/);
    }
    const [{ consecutive }] = await s.db.query('SELECT consecutive::text FROM document_types WHERE id = $1', [r.type['FV-PCT'].id]);
    assert.equal(consecutive, '9007199254740992', 'the counter did not move');
  });

  test('an electronic type whose numbering reached the end of its resolution refuses the next invoice, nothing written, the counter unmoved', async () => {
    // Without an Idempotency-Key the invoice is written by one statement with no transaction around it: the check is in that statement.
    const id = r.type['FV-E'].id;
    const [{ before, to }] = await s.db.query(`SELECT consecutive::text AS before, resolution->>'to' AS to FROM document_types WHERE id = $1`, [id]);
    await s.db.query(`UPDATE document_types SET consecutive = $2 WHERE id = $1`, [id, to]);
    try {
      const last = await s.as('co').post('/v1/invoices', validInvoice(r, { document: { id } }));
      assert.equal(last.status, 201, JSON.stringify(last.body));
      assert.equal(String(last.body.number), to);
      const res = await refused('/v1/invoices', validInvoice(r, { document: { id } }), ['invalid_dian_resolution@document.id']);
      assert.match(res.body.Errors[0].Message, new RegExp(`Number ${Number(to) + 1} is outside the numbering resolution`));
      const [{ consecutive }] = await s.db.query('SELECT consecutive::text FROM document_types WHERE id = $1', [id]);
      assert.equal(consecutive, String(Number(to) + 1), 'the counter did not move');
    } finally {
      await s.db.query(`UPDATE document_types SET consecutive = $2 WHERE id = $1`, [id, before]);
    }
  });

  test('global discounts above the subtotal are refused on the discount that crosses it, with the room left', async () => {
    // Subtotal 950.00 (10 × 100 − 50); a discount of 5,000.00 would ask for a payment of −3,869.50.
    const one = await refused('/v1/invoices', validInvoice(r, { global_discounts: [{ id: r.discount.id, value: 5000 }], payments: [{ id: r.pay.Cash.id, value: 0 }] }),
      ['invalid_value@global_discounts[0].value']);
    assert.equal(one.body.Errors[0].Message, 'The global discounts (5000.00 with this one, 5000.00) are above the subtotal (950.00), the most they can take off: this one can be at most 950.00');
    // 60 % of 950 = 570.00, then 400.00: 970.00 > 950.00; the second can be at most 380.00.
    const two = await refused('/v1/invoices', validInvoice(r, { global_discounts: [{ id: r.discount.id, percentage: 60 }, { id: r.discount.id, value: 400 }], payments: [{ id: r.pay.Cash.id, value: 1 }] }),
      ['invalid_value@global_discounts[1].value']);
    assert.equal(two.body.Errors[0].Detail, 'at most 380.00');
    // Percentages: 60 % + 50 % of 950 = 1,045.00; refused on the second percentage.
    await refused('/v1/invoices', validInvoice(r, { global_discounts: [{ id: r.discount.id, percentage: 60 }, { id: r.discount.id, percentage: 50 }] }), ['invalid_value@global_discounts[1].percentage']);
    // The whole subtotal: total = 950 + 180.50 − 950 = 180.50 (the IVA).
    const all = await s.as('co').post('/v1/invoices', validInvoice(r, { global_discounts: [{ id: r.discount.id, value: 950 }], payments: [{ id: r.pay.Cash.id, value: 180.5 }] }));
    assert.equal(all.status, 201, JSON.stringify(all.body));
    assert.equal(all.body.amount_payable, 180.5);
  });

  test('withholdings above the total (after global discounts) are refused on the discount', async () => {
    // LIBRO01 1,000.00 with Retefuente 2.5 % = 25.00 withheld; a discount of 990.00 leaves a total of 10.00 < 25.00.
    const body = (discount: number, pay: number) => validInvoice(r, {
      items: [{ code: 'LIBRO01', quantity: 1, price: 1000, taxes: [{ id: r.taxOf('Retefuente', 2.5).id }] }],
      global_discounts: [{ id: r.discount.id, value: discount }], payments: [{ id: r.pay.Cash.id, value: pay }],
    });
    const res = await refused('/v1/invoices', body(990, 0), ['invalid_value@global_discounts[0].value']);
    assert.match(res.body.Errors[0].Message, /total \(10\.00\) is below the withholdings \(25\.00.*at most 975\.00$/);
    // 975.00: total 25.00, withholdings 25.00, payable 0.00.
    const ok = await s.as('co').post('/v1/invoices', body(975, 0));
    assert.equal(ok.status, 201, JSON.stringify(ok.body));
    assert.deepEqual([ok.body.total, ok.body.withholdings_total, ok.body.amount_payable], [25, 25, 0]);
  });

  test('an advance payment above the total less the withholdings is refused with the limit; at the limit the payable is 0', async () => {
    // 4 × 250,000 = 1,000,000.00; IVA 19 % 190,000.00; Retefuente 2.5 % 25,000.00; ReteIVA 15 % of IVA 28,500.00; ReteICA 0.966 % 9,660.00.
    // total 1,190,000.00 − withholdings 63,160.00 = 1,126,840.00 the most an advance can cover.
    const body = (advance: number, pay: number) => validInvoice(r, {
      items: [{ code: 'PORT14', quantity: 4, price: 250000, taxes: [{ id: r.taxOf('IVA', 19).id }, { id: r.taxOf('Retefuente', 2.5).id }] }],
      retentions: [{ id: r.taxOf('ReteIVA', 15).id }, { id: r.taxOf('ReteICA', 0.966).id }],
      advance_payment: advance, payments: [{ id: r.pay.Cash.id, value: pay }],
    });
    const res = await refused('/v1/invoices', body(1126840.01, 0), ['invalid_value@advance_payment']);
    assert.equal(res.body.Errors[0].Message, 'The advance payment (1126840.01) is above what the customer owes after withholdings: the total (1190000.00) less the withholdings (63160.00) = 1126840.00, the most it can be');
    // Above the total itself too (the specification's own limit).
    await refused('/v1/invoices', body(1190000.01, 0), ['invalid_value@advance_payment']);
    await receiveAdvance(s, v, mainCustomer(r), 1126840);
    const ok = await s.as('co').post('/v1/invoices', body(1126840, 0));
    assert.equal(ok.status, 201, JSON.stringify(ok.body));
    assert.deepEqual([ok.body.total, ok.body.withholdings_total, ok.body.advance_payment, ok.body.amount_payable], [1190000, 63160, 1126840, 0]);
  });
});
