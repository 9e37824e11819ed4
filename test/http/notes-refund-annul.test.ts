/**
 * Issue 34, point 3 (the rest), on both storages, figures computed by hand:
 *
 * - a cash receipt (voucher) whose annulment would leave what was collected on an invoice below what its
 *   credit notes paid back is refused, and nothing moves; once the refund is annulled it goes through;
 * - an invoice with a global discount is annulled by concept 2: the note credits exactly what is left,
 *   the discount's share included, and every account of the invoice ends where it was before it; also
 *   after a rebate, and as an electronic note the sandbox DIAN accepts.
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { eachStorage, problems, startTestServer, type TestServer } from '../support/server';
import { coRefs, noteRefs, today, validInvoice, type CoRefs } from '../support/co';
import { creditInvoice, debtPayment, dueOf, mainCustomer, rcRefs, type RcRefs } from '../support/vouchers';

eachStorage('CO refunds against annulled receipts, annulments of discounted invoices', (storage) => {
  let s: TestServer;
  let r: CoRefs;
  let v: RcRefs;
  let types: Record<string, any>;
  let pays: Record<string, any>;
  let IVA: { id: number };
  before(async () => {
    s = await startTestServer(storage);
    r = await coRefs(s);
    v = await rcRefs(s);
    ({ types, pays } = await noteRefs(s));
    IVA = { id: r.taxOf('IVA', 19).id };
  });
  after(() => s.close());

  const post = async (path: string, body: object, want = 201) => {
    const res = await s.as('co').post(path, body);
    assert.equal(res.status, want, JSON.stringify(res.body));
    return res.body;
  };
  const note = (inv: any, reason: number, items: object[], payments: object[], type = 'NC') => ({
    document: { id: types[type].id }, date: today(), invoice: inv.id, reason, seller: r.seller.id, items, payments,
  });
  const onAccount = (value: number) => [{ id: pays['NC.Credit'].id, value }];
  const cash = (value: number) => [{ id: pays['NC.Cash'].id, value }];
  /** Each account's net (debit − credit) over the journal entries of these documents, the zeros left out. */
  async function net(ids: string[]) {
    const rows = await s.db.query(
      `SELECT l.account_code, sum(l.debit - l.credit)::text AS net FROM journal_entries e JOIN journal_lines l ON l.entry_id = e.id
        WHERE e.source_id = ANY($1::uuid[]) GROUP BY l.account_code ORDER BY l.account_code`, [ids]);
    return Object.fromEntries(rows.filter((x) => Number(x.net) !== 0).map((x) => [x.account_code, Number(x.net)]));
  }

  test('a receipt whose annulment would leave less collected than was refunded is refused; after the refund is annulled it goes', async () => {
    // 1,000.00 on credit; receipts of 600.00 (A) and 200.00 (B): 800.00 collected; 150.00 paid back in cash.
    const inv = await creditInvoice(s, r, { amount: 1000 });
    const a = await post('/v1/vouchers', debtPayment(v, mainCustomer(r), [{ due: dueOf(inv), value: 600 }]));
    const b = await post('/v1/vouchers', debtPayment(v, mainCustomer(r), [{ due: dueOf(inv), value: 200 }]));
    const refund = await post('/v1/credit-notes', note(inv, 4, [{ code: 'LIBRO01', quantity: 1, price: 150, taxes: [] }], cash(150)));
    // Without A, 200.00 collected ≥ 150.00 refunded: A may go.
    await post(`/v1/vouchers/${a.id}/annul`, {}, 200);
    // Without B, 0.00 collected < 150.00 refunded: refused, nothing moves.
    const entries = async () => (await s.db.query('SELECT count(*)::int AS n FROM journal_entries WHERE source_id = $1', [b.id]))[0].n;
    const cashBefore = await net([inv.id, a.id, b.id, refund.id]);
    const refused = await s.as('co').post(`/v1/vouchers/${b.id}/annul`, {});
    assert.equal(refused.status, 400, JSON.stringify(refused.body));
    assert.deepEqual(problems(refused), ['invalid_document@id']);
    assert.match(refused.body.Errors[0].Message, /collected 200\.00 of invoice .*; without it 0\.00 would be collected, less than the 150\.00 its credit notes paid back/);
    assert.equal((await s.as('co').get(`/v1/vouchers/${b.id}`)).body.annulled, false);
    assert.equal(await entries(), 1, 'no reversal posted');
    assert.deepEqual(await net([inv.id, a.id, b.id, refund.id]), cashBefore);
    assert.equal((await s.as('co').get(`/v1/invoices/${inv.id}`)).body.balance, 1000 - 200 - 0, 'B still pays 200.00; the refund settled nothing on account');
    // The refund annulled, nothing was paid back: B may go, and the invoice owes its 1,000.00 again.
    await post(`/v1/credit-notes/${refund.id}/annul`, {}, 200);
    await post(`/v1/vouchers/${b.id}/annul`, {}, 200);
    assert.equal((await s.as('co').get(`/v1/invoices/${inv.id}`)).body.balance, 1000);
    assert.deepEqual(await net([inv.id, a.id, b.id, refund.id]), await net([inv.id]), 'receipts and refund reversed: only the invoice is left');
  });

  test('an invoice with a global discount is annulled by concept 2: exactly what is left, the discount included; every account back', async () => {
    // 2 × 100.00 + IVA 19 % (38.00) = 238.00, less a global discount of 20.00 = 218.00 on credit.
    const inv = await post('/v1/invoices', validInvoice(r, {
      items: [{ code: 'PORT14', quantity: 2, price: 100, taxes: [IVA] }], global_discounts: [{ id: r.discount.id, value: 20 }],
      payments: [{ id: r.pay.Credit.id, value: 218, due_date: '2099-12-31' }],
    }));
    assert.equal(inv.total, 218);
    // The annulment: 200.00 + 38.00 − 20.00 = 218.00, settled on account; anything else is refused.
    const lines = [{ code: 'PORT14', quantity: 2, price: 100, taxes: [IVA] }];
    const short = await s.as('co').post('/v1/credit-notes', note(inv, 2, lines, onAccount(238)));
    assert.deepEqual(problems(short), ['invalid_total_payments@payments']);
    assert.equal(short.body.Errors[0].Detail, 'expected 218.00');
    const preview = await post('/v1/credit-notes/preview', note(inv, 2, lines, onAccount(218)), 200);
    assert.deepEqual([preview.subtotal, preview.taxes_total, preview.total], [200, 38, 218]);
    const annul = await post('/v1/credit-notes', note(inv, 2, lines, onAccount(218)));
    assert.deepEqual([annul.subtotal, annul.taxes_total, annul.total], [200, 38, 218]);
    assert.deepEqual(annul.global_discounts.map((d: any) => [d.id, d.value]), [[r.discount.id, 20]]);
    assert.deepEqual(await net([inv.id, annul.id]), {}, 'revenue, IVA, discount and receivable all back at 0');
    assert.equal((await s.as('co').get(`/v1/invoices/${inv.id}`)).body.balance, 0);
    const more = await s.as('co').post('/v1/credit-notes', note(inv, 3, [{ code: 'PORT14', quantity: 1, price: 1, taxes: [IVA] }], onAccount(1.19)));
    assert.equal(more.status, 400, 'nothing is left');
  });

  test('after a rebate, the annulment of a discounted invoice takes what is left: 190.00 + 36.10 − 20.00 = 206.10', async () => {
    const inv = await post('/v1/invoices', validInvoice(r, {
      items: [{ code: 'PORT14', quantity: 2, price: 100, taxes: [IVA] }], global_discounts: [{ id: r.discount.id, value: 20 }],
      payments: [{ id: r.pay.Credit.id, value: 218, due_date: '2099-12-31' }],
    }));
    // A rebate of 10.00 + 1.90 = 11.90 (concept 3: the two units stay with the customer).
    const rebate = await post('/v1/credit-notes', note(inv, 3, [{ code: 'PORT14', quantity: 1, price: 10, taxes: [IVA] }], onAccount(11.9)));
    const annul = await post('/v1/credit-notes', note(inv, 2, [{ code: 'PORT14', quantity: 2, price: 95, taxes: [IVA] }], onAccount(206.1)));
    assert.deepEqual([annul.subtotal, annul.taxes_total, annul.total], [190, 36.1, 206.1]);
    assert.deepEqual(await net([inv.id, rebate.id, annul.id]), {});
    // The annulment annulled gives the discount back: a second annulment takes it again.
    await post(`/v1/credit-notes/${annul.id}/annul`, {}, 200);
    const again = await post('/v1/credit-notes', note(inv, 2, [{ code: 'PORT14', quantity: 2, price: 95, taxes: [IVA] }], onAccount(206.1)));
    assert.equal(again.global_discounts[0].value, 20);
  });

  test('as an electronic note: the sandbox DIAN accepts the annulment with the discount as a document allowance', async () => {
    const inv = await post('/v1/invoices', validInvoice(r, {
      document: { id: r.type['FV-E'].id }, stamp: { send: true },
      items: [{ code: 'PORT14', quantity: 2, price: 100, taxes: [IVA] }], global_discounts: [{ id: r.discount.id, value: 20 }],
      payments: [{ id: r.pay.Credit.id, value: 218, due_date: '2099-12-31' }],
    }));
    assert.equal(inv.stamp.status, 'Accepted', JSON.stringify(inv.stamp));
    const annul = await post('/v1/credit-notes', { ...note(inv, 2, [{ code: 'PORT14', quantity: 2, price: 100, taxes: [IVA] }], onAccount(218), 'NC-E'), stamp: { send: true } });
    assert.equal(annul.stamp.status, 'Accepted', JSON.stringify(annul.stamp));
    const xml = Buffer.from((await s.as('co').get(`/v1/credit-notes/${annul.id}/xml`)).body.base64, 'base64').toString('utf8');
    assert.match(xml, /<cac:AllowanceCharge><cbc:ID>1<\/cbc:ID><cbc:ChargeIndicator>false<\/cbc:ChargeIndicator>/);
    assert.ok(xml.includes('<cbc:AllowanceTotalAmount currencyID="COP">20.00</cbc:AllowanceTotalAmount>'));
    assert.ok(xml.includes('<cbc:PayableAmount currencyID="COP">218.00</cbc:PayableAmount>'));
  });
});
