/**
 * Reports over HTTP, on each storage: the trial balance to the cent for a
 * period with invoices, vouchers and an annulment; the books stay balanced
 * after a mixed run and the receivable account agrees with the receivables
 * report; aging buckets at their day boundaries.
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { eachStorage, problems, startTestServer, type TestServer } from '../support/server';
import { coRefs, today, validInvoice, type CoRefs } from '../support/co';
import { creditInvoice, debtPayment, dueOf, mainCustomer, newCustomer, rcRefs, receiveAdvance, type RcRefs } from '../support/vouchers';

eachStorage('reports', (storage) => {
  let s: TestServer;
  let r: CoRefs;
  let v: RcRefs;
  before(async () => { s = await startTestServer(storage); r = await coRefs(s); v = await rcRefs(s); });
  after(() => s.close());
  const created = (res: any) => { assert.equal(res.status, 201, JSON.stringify(res.body)); return res.body; };
  const voucher = async (body: object) => created(await s.as('co').post('/v1/vouchers', body));

  test('trial balance of January 2023, to the cent: opening, debits, credits, closing', async () => {
    const cust = { identification: '7000000001', branch_office: 0 };
    created(await s.as('co').post('/v1/invoices', validInvoice(r, { date: '2022-12-31', items: [{ code: 'LIBRO01', quantity: 1, price: 100, taxes: [] }], payments: [{ id: r.pay.Cash.id, value: 100 }] })));
    const a = await creditInvoice(s, r, { amount: 1000, date: '2023-01-10', due_date: '2023-02-28', customer: newCustomer(cust.identification) });
    created(await s.as('co').post('/v1/invoices', validInvoice(r, { date: '2023-01-10' }))); // 1130.50 cash: IVA 180.50, revenue 950
    await voucher(debtPayment(v, cust, [{ due: dueOf(a), value: 400 }], { date: '2023-01-15' }));
    const adv = await voucher({ document: { id: v.type.RC.id }, date: '2023-01-16', type: 'AdvancePayment', customer: cust, payment: { id: v.pay.Transfer.id, value: 250 } });
    await voucher({ document: { id: v.type.RC.id }, date: '2023-01-20', type: 'Detailed', customer: cust, items: [
      { account: { code: '11100501', movement: 'Debit' }, value: 575 },
      { account: { code: '13551501', movement: 'Debit' }, value: 25, tax: { id: r.taxOf('Retefuente', 2.5).id } },
      { account: { code: '13050501', movement: 'Credit' }, value: 600, due: dueOf(a) },
    ] });
    assert.equal((await s.as('co').post(`/v1/vouchers/${adv.id}/annul`, {})).status, 200);

    const tb = await s.as('co').get('/v1/reports/trial-balance?date_start=2023-01-01&date_end=2023-01-31');
    assert.equal(tb.status, 200, JSON.stringify(tb.body));
    assert.deepEqual(tb.body.accounts.map((x: any) => [x.code, x.opening_balance, x.debits, x.credits, x.closing_balance]), [
      ['11050501', 100, 1530.5, 0, 1630.5],
      ['11100501', 0, 825, 0, 825],
      ['13050501', 0, 1000, 1000, 0],
      ['13551501', 0, 25, 0, 25],
      ['24080501', 0, 0, 180.5, -180.5],
      ['28050501', 0, 0, 250, -250],
      ['41359501', -100, 0, 1950, -2050],
    ]);
    assert.deepEqual(tb.body.accounts[2], { code: '13050501', name: 'Clientes nacionales', nature: 'Debit', opening_balance: 0, debits: 1000, credits: 1000, closing_balance: 0 });
    assert.deepEqual(tb.body.totals, { opening_balance: 0, debits: 3380.5, credits: 3380.5, closing_balance: 0 });
    assert.equal(tb.body.balanced, true);
    assert.equal(tb.body.date_start, '2023-01-01');

    const day = await s.as('co').get('/v1/reports/trial-balance?date_start=2023-01-16&date_end=2023-01-16');
    assert.deepEqual(day.body.accounts.filter((x: any) => x.debits || x.credits).map((x: any) => [x.code, x.debits, x.credits]), [['11100501', 250, 0], ['28050501', 0, 250]],
      'the advance on its date; its annulment is posted on the day it is made (today), not back in January');
    assert.deepEqual(day.body.accounts.find((x: any) => x.code === '11050501'), { code: '11050501', name: 'Caja general', nature: 'Debit', opening_balance: 1630.5, debits: 0, credits: 0, closing_balance: 1630.5 });
    const before2031 = await s.as('co').get('/v1/reports/trial-balance?date_end=2022-12-31');
    assert.deepEqual(before2031.body.accounts.map((x: any) => [x.code, x.closing_balance]), [['11050501', 100], ['41359501', -100]]);

    assert.deepEqual(problems(await s.as('co').get('/v1/reports/trial-balance?date_start=2023-02-01&date_end=2023-01-01')), ['invalid_date@date_end']);
    assert.deepEqual(problems(await s.as('co').get('/v1/reports/trial-balance?date_start=2023-1-1')), ['invalid_date@date_start']);
  });

  test('after a mixed run of invoices, vouchers and annulments the books balance and receivables agree with 13050501', async () => {
    const customer = mainCustomer(r);
    const co = s.as('co');
    created(await co.post('/v1/invoices', validInvoice(r)));
    created(await co.post('/v1/invoices', validInvoice(r, { currency: { code: 'USD', exchange_rate: 4000.5 }, global_discounts: [{ id: r.discount.id, percentage: 10 }], payments: [{ id: r.pay.Cash.id, value: 1035.5 }] })));
    await receiveAdvance(s, v, customer, 100000);
    const withholdings = created(await co.post('/v1/invoices', validInvoice(r, {
      document: { id: r.type['FV-E'].id },
      items: [{ code: 'PORT14', quantity: 4, price: 250000, taxes: [{ id: r.taxOf('IVA', 19).id }, { id: r.taxOf('Retefuente', 2.5).id }] }],
      retentions: [{ id: r.taxOf('ReteIVA', 15).id }, { id: r.taxOf('ReteICA', 0.966).id }, { id: r.taxOf('Autorretencion', 0.8).id }],
      advance_payment: 100000, payments: [{ id: r.pay.Transfer.id, value: 26840 }, { id: r.pay.Credit.id, value: 1000000, due_date: '2099-03-01' }],
    })));
    const small = await creditInvoice(s, r, { amount: 333.33 });
    const dropped = await creditInvoice(s, r, { amount: 77 });
    assert.equal((await co.post(`/v1/invoices/${dropped.id}/annul`, {})).status, 200);
    await voucher(debtPayment(v, customer, [{ due: dueOf(withholdings), value: 250000 }, { due: dueOf(small), value: 0.33 }]));
    const undone = await voucher(debtPayment(v, customer, [{ due: dueOf(withholdings), value: 100000 }]));
    await voucher({ document: { id: v.type.RC.id }, date: today(), type: 'AdvancePayment', customer, payment: { id: v.pay.Cash.id, value: 5000 } });
    await voucher({ document: { id: v.type.RC.id }, date: today(), type: 'Detailed', customer, currency: { code: 'COP', exchange_rate: 1 }, items: [
      { account: { code: '11100501', movement: 'Debit' }, value: 300 },
      { account: { code: '28050501', movement: 'Debit' }, value: 33 },
      { account: { code: '13050501', movement: 'Credit' }, value: 333, due: dueOf(small) },
    ] });
    assert.equal((await co.post(`/v1/vouchers/${undone.id}/annul`, {})).status, 200);

    const tb = (await co.get('/v1/reports/trial-balance')).body;
    assert.equal(tb.balanced, true);
    assert.equal(tb.totals.debits, tb.totals.credits);
    assert.equal(tb.totals.closing_balance, 0);
    const cents = (x: number) => Math.round(x * 100);
    assert.equal(tb.accounts.reduce((t: number, x: any) => t + cents(x.closing_balance), 0), 0);
    const [{ d, c }] = await s.db.query('SELECT sum(debit)::text AS d, sum(credit)::text AS c FROM journal_lines');
    assert.equal(d, c, 'the journal itself');
    assert.equal(cents(tb.totals.debits), Math.round(Number(d) * 100));

    const ar = (await co.get('/v1/reports/accounts-receivable?date=2099-12-31')).body;
    const receivable = tb.accounts.find((x: any) => x.code === '13050501').closing_balance;
    assert.deepEqual(ar.totals.map((t: any) => [t.currency, t.total]), [['COP', receivable]]);
    assert.equal(receivable, 750000, 'the 1,000,000 due item less 250,000 (the 100,000 annulled); the small invoice paid in full');
  });

  test('accounts receivable: aging buckets at their boundaries, payments counted by voucher date, annulled ones not', async () => {
    const ident = '7000000002';
    const cust = { identification: ident, branch_office: 0 };
    let known = false; // the first invoice creates the customer
    const inv = async (amount: number, due_date: string, date = '2022-01-01') => {
      const customer = known ? cust : newCustomer(ident);
      known = true;
      return creditInvoice(s, r, { amount, due_date, date, customer });
    };
    const made: Record<string, any> = {};
    for (const [key, amount, due] of [['a', 100, '2022-07-15'], ['b', 200, '2022-06-30'], ['c', 300, '2022-06-29'], ['d', 400, '2022-05-31'], ['e', 500, '2022-05-30'],
      ['f', 600, '2022-05-01'], ['g', 700, '2022-04-30'], ['h', 800, '2022-04-01'], ['i', 900, '2022-03-31'], ['k', 50, '2022-03-01']] as const) {
      made[key] = await inv(amount, due);
    }
    made.j = await inv(1000, '2022-07-31', '2022-07-01');
    await voucher(debtPayment(v, cust, [{ due: dueOf(made.i), value: 150 }], { date: '2022-06-15' }));
    await voucher(debtPayment(v, cust, [{ due: dueOf(made.k), value: 50 }], { date: '2022-06-01' }));
    await voucher(debtPayment(v, cust, [{ due: dueOf(made.h), value: 800 }], { date: '2022-07-05' }));
    const annulled = await voucher(debtPayment(v, cust, [{ due: dueOf(made.g), value: 700 }], { date: '2022-06-10' }));
    assert.equal((await s.as('co').post(`/v1/vouchers/${annulled.id}/annul`, {})).status, 200);

    const june = await s.as('co').get(`/v1/reports/accounts-receivable?date=2022-06-30&customer_identification=${ident}`);
    assert.equal(june.status, 200, JSON.stringify(june.body));
    assert.equal(june.body.date, '2022-06-30');
    assert.equal(june.body.customers.length, 1);
    const group = june.body.customers[0];
    assert.equal(group.customer.identification, ident);
    assert.equal(group.customer.name, `Cliente Prueba ${ident}`);
    assert.equal(group.currency, 'COP');
    assert.deepEqual(group.items.map((x: any) => [x.invoice.name, x.due.date, x.days_past_due, x.bucket, x.amount, x.paid, x.balance]), [
      [made.i.name, '2022-03-31', 91, 'days_over_90', 900, 150, 750],
      [made.h.name, '2022-04-01', 90, 'days_61_90', 800, 0, 800],
      [made.f.name, '2022-05-01', 60, 'days_31_60', 600, 0, 600],
      [made.e.name, '2022-05-30', 31, 'days_31_60', 500, 0, 500],
      [made.d.name, '2022-05-31', 30, 'days_1_30', 400, 0, 400],
      [made.c.name, '2022-06-29', 1, 'days_1_30', 300, 0, 300],
      [made.b.name, '2022-06-30', 0, 'current', 200, 0, 200],
      [made.a.name, '2022-07-15', -15, 'current', 100, 0, 100],
    ]);
    assert.deepEqual(group.items[0].due, { prefix: made.i.prefix, consecutive: made.i.number, quote: 1, date: '2022-03-31' });
    // g was paid on 2022-06-10 by the voucher annulled today: on June 30 it was paid (an annulment is posted on the day it is made)
    const totals = { current: 300, days_1_30: 700, days_31_60: 1100, days_61_90: 800, days_over_90: 750, total: 3650 };
    assert.deepEqual(group.totals, totals);
    assert.deepEqual(june.body.totals, [{ currency: 'COP', ...totals }]);

    const july = (await s.as('co').get(`/v1/reports/accounts-receivable?date=2022-07-10&customer_identification=${ident}&customer_branch_office=0`)).body;
    assert.deepEqual(july.customers[0].totals, { current: 1100, days_1_30: 500, days_31_60: 900, days_61_90: 600, days_over_90: 750, total: 3850 });
    assert.ok(!july.customers[0].items.some((x: any) => x.invoice.id === made.h.id), 'paid on 2022-07-05');

    const now = (await s.as('co').get('/v1/reports/accounts-receivable')).body;
    assert.equal(now.date, today());
    assert.deepEqual(now.customers.map((g: any) => g.customer.identification).sort(), [mainCustomer(r).identification, ident].sort());
    const mine = now.customers.find((g: any) => g.customer.identification === ident);
    assert.deepEqual(mine.items.find((x: any) => x.invoice.id === made.g.id)?.balance, 700, 'today the annulled voucher no longer pays g');
    assert.deepEqual(problems(await s.as('co').get('/v1/reports/accounts-receivable?date=2022-02-31')), ['invalid_date@date']);
  });

  test('reports are per company and served on both base addresses', async () => {
    const mx = await s.as('mx').get('/v1/reports/trial-balance');
    assert.equal(mx.status, 200, JSON.stringify(mx.body));
    assert.ok(mx.body.accounts.every((x: any) => !['13050501', '28050501'].includes(x.code)), 'no Colombian entries');
    assert.equal(mx.body.balanced, true);
    const mxAr = await s.as('mx').get('/v1/reports/accounts-receivable');
    assert.equal(mxAr.status, 200);
    assert.ok(mxAr.body.customers.every((g: any) => !g.customer.identification.startsWith('7000000')));
    assert.equal((await s.call('GET', '/v1/reports/trial-balance')).status, 401);
  });
});
