/**
 * Issue 15, point 4, over HTTP on each storage: an invoice's advance_payment
 * is applied against the customer's unapplied advances (AdvancePayment
 * vouchers less what invoices applied, annulments included), never beyond
 * them, not even by invoices sent at the same moment; the balance shows on the
 * customer (advance_balance) and equals the customer's side of 28050501.
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { eachStorage, problems, startTestServer, type TestServer } from '../support/server';
import { coRefs, today, validInvoice, type CoRefs } from '../support/co';
import { newCustomer, rcRefs, receiveAdvance, type RcRefs } from '../support/vouchers';

eachStorage('customer advances', (storage) => {
  let s: TestServer;
  let r: CoRefs;
  let v: RcRefs;
  before(async () => { s = await startTestServer(storage); [r, v] = await Promise.all([coRefs(s), rcRefs(s)]); });
  after(() => s.close());

  const ident = '7100000001';
  const cust = { identification: ident, branch_office: 0 };
  let customerId: string;
  const balance = async () => (await s.as('co').get(`/v1/customers/${customerId}`)).body.advance_balance;
  /** The customer's side of the advances account in the ledger: credits − debits. */
  const ledger = async () => (await s.db.query(
    `SELECT coalesce(sum(credit - debit), 0)::numeric(18, 2)::text AS b FROM journal_lines WHERE account_code = '28050501' AND third_party = $1`, [ident]))[0].b;
  /** A cash invoice of one untaxed line of `amount` that applies `advance`. */
  const invoice = (amount: number, advance: number, over: Record<string, unknown> = {}) => validInvoice(r, {
    customer: cust, items: [{ code: 'LIBRO01', quantity: 1, price: amount, taxes: [] }],
    advance_payment: advance, payments: [{ id: r.pay.Cash.id, value: Math.round((amount - advance) * 100) / 100 }], ...over,
  });

  before(async () => {
    const created = await s.as('co').post('/v1/customers', newCustomer(ident));
    assert.equal(created.status, 201, JSON.stringify(created.body));
    customerId = created.body.id;
    assert.equal(created.body.advance_balance, 0, 'a new customer has no advances');
  });

  test('the review\'s case: an advance no voucher received is refused, with the balance in the message', async () => {
    const res = await s.as('co').post('/v1/invoices', invoice(1000, 100));
    assert.deepEqual(problems(res), ['invalid_value@advance_payment']);
    assert.match(res.body.Errors[0].Message, /^The advance payment \(100\.00\) is above the unapplied advances of customer 7100000001 \(0\.00 COP/);
    assert.equal(res.body.Errors[0].Detail, 'at most 0.00 COP');
    assert.equal(await ledger(), '0.00');
  });

  test('received, applied, shown on the customer and equal to the ledger; a cent too many is refused', async () => {
    await receiveAdvance(s, v, cust, 300);
    assert.equal(await balance(), 300);
    const applied = await s.as('co').post('/v1/invoices', invoice(1000, 120));
    assert.equal(applied.status, 201, JSON.stringify(applied.body));
    assert.deepEqual([applied.body.total, applied.body.advance_payment, applied.body.amount_payable], [1000, 120, 880]);
    const rows = await s.db.query(
      `SELECT l.account_code, l.debit::text, l.credit::text, l.third_party FROM journal_lines l JOIN journal_entries e ON e.id = l.entry_id WHERE e.source_id = $1 ORDER BY l.line_no`, [applied.body.id]);
    assert.deepEqual(rows.map((x: any) => [x.account_code, x.debit, x.credit, x.third_party]),
      [['11050501', '880.00', '0.00', ident], ['28050501', '120.00', '0.00', ident], ['41359501', '0.00', '1000.00', null]]);
    assert.equal(await balance(), 180);
    assert.equal(await ledger(), '180.00');
    // The list shows it too.
    const listed = (await s.as('co').get(`/v1/customers?identification=${ident}`)).body.results;
    assert.deepEqual(listed.map((c: any) => c.advance_balance), [180]);

    const over = await s.as('co').post('/v1/invoices', invoice(1000, 180.01));
    assert.deepEqual(problems(over), ['invalid_value@advance_payment']);
    assert.equal(over.body.Errors[0].Detail, 'at most 180.00 COP');
    assert.deepEqual(problems(await s.as('co').post('/v1/invoices/preview', invoice(1000, 180.01))), ['invalid_value@advance_payment'], 'the preview too');
  });

  test('invoices sent at the same moment cannot spend the same advance: 5 × 50.00 against 180.00 → 3 accepted', async () => {
    const answers = await Promise.all(Array.from({ length: 5 }, () => s.as('co').post('/v1/invoices', invoice(100, 50))));
    const statuses = answers.map((a) => a.status).sort();
    assert.deepEqual(statuses, [201, 201, 201, 400, 400], JSON.stringify(answers.map((a) => a.body.Errors ?? a.status)));
    for (const a of answers.filter((x) => x.status === 400)) assert.deepEqual(problems(a), ['invalid_value@advance_payment']);
    assert.equal(await balance(), 30);
    assert.equal(await ledger(), '30.00');
  });

  test('annulling an invoice gives its advance back; a voucher whose advance was applied cannot be annulled', async () => {
    const inv = await s.as('co').post('/v1/invoices', invoice(100, 30));
    assert.equal(inv.status, 201, JSON.stringify(inv.body));
    assert.equal(await balance(), 0);
    assert.equal((await s.as('co').post(`/v1/invoices/${inv.body.id}/annul`, {})).status, 200);
    assert.equal(await balance(), 30);

    const second = await receiveAdvance(s, v, cust, 70); // 100 unapplied now
    const refused = await s.as('co').post(`/v1/vouchers/${(await s.db.query(
      `SELECT id FROM vouchers WHERE customer_identification = $1 AND type = 'AdvancePayment' AND total = 300`, [ident]))[0].id}/annul`, {});
    assert.deepEqual(problems(refused), ['invalid_document@id']);
    assert.match(refused.body.Errors[0].Message, /received an advance of 300\.00 COP, but customer 7100000001 has only 100\.00 COP/);
    assert.equal((await s.as('co').post(`/v1/vouchers/${second.id}/annul`, {})).status, 200, 'this one was not spent');
    assert.equal(await balance(), 30);
    assert.equal(await ledger(), '30.00');
  });

  test('foreign currency: the advance is applied in pesos at the invoice\'s rate', async () => {
    // 30.00 COP left: 0.01 USD at 4,000 = 40.00 COP is too much; at 3,000 it is 30.00 COP.
    const usd = (rate: number) => invoice(10, 0.01, { currency: { code: 'USD', exchange_rate: rate } });
    const over = await s.as('co').post('/v1/invoices', usd(4000));
    assert.deepEqual(problems(over), ['invalid_value@advance_payment']);
    assert.match(over.body.Errors[0].Message, /\(0\.01 USD = 40\.00 COP at 4000\) is above .* \(30\.00 COP/);
    const ok = await s.as('co').post('/v1/invoices', usd(3000));
    assert.equal(ok.status, 201, JSON.stringify(ok.body));
    assert.equal(await balance(), 0);
    assert.equal(await ledger(), '0.00');
  });

  test('an invoice updated (PUT) spends its own advance again; a Detailed voucher cannot debit more than the balance', async () => {
    await receiveAdvance(s, v, cust, 40);
    const inv = await s.as('co').post('/v1/invoices', invoice(100, 25));
    assert.equal(inv.status, 201, JSON.stringify(inv.body));
    assert.equal(await balance(), 15);
    // Its own 25.00 comes back before the new advance is taken: at most 40.00.
    const more = await s.as('co').put(`/v1/invoices/${inv.body.id}`, invoice(100, 40));
    assert.equal(more.status, 200, JSON.stringify(more.body));
    assert.equal(more.body.advance_payment, 40);
    assert.equal(await balance(), 0);
    assert.deepEqual(problems(await s.as('co').put(`/v1/invoices/${inv.body.id}`, invoice(100, 40.01))), ['invalid_value@advance_payment']);
    const less = await s.as('co').put(`/v1/invoices/${inv.body.id}`, invoice(100, 10));
    assert.equal(less.status, 200, JSON.stringify(less.body));
    assert.equal(await balance(), 30);

    // Giving part of the advance back in cash: debit 28050501, credit cash.
    const refund = (value: number) => ({ document: { id: v.type.RC.id }, date: today(), type: 'Detailed', customer: cust, items: [
      { account: { code: '28050501', movement: 'Debit' }, value }, { account: { code: '11050501', movement: 'Credit' }, value },
    ] });
    const tooMuch = await s.as('co').post('/v1/vouchers', refund(30.01));
    assert.deepEqual(problems(tooMuch), ['invalid_value@items[0].value']);
    assert.equal((await s.as('co').post('/v1/vouchers', refund(30))).status, 201);
    assert.equal(await balance(), 0);
    assert.equal(await ledger(), '0.00');
  });

  test('branch offices of one identification share its advances (the ledger\'s third party is the identification)', async () => {
    const branch = await s.as('co').post('/v1/customers', { ...newCustomer(ident), branch_office: 3 });
    assert.equal(branch.status, 201, JSON.stringify(branch.body));
    await receiveAdvance(s, v, cust, 55.5);
    assert.equal(branch.body.advance_balance, 0);
    assert.equal((await s.as('co').get(`/v1/customers/${branch.body.id}`)).body.advance_balance, 55.5);
    const ok = await s.as('co').post('/v1/invoices', invoice(100, 55.5, { customer: { identification: ident, branch_office: 3 } }));
    assert.equal(ok.status, 201, JSON.stringify(ok.body));
    assert.equal(await balance(), 0);
  });
});
