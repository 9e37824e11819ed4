/**
 * Issue 15, point 7, over HTTP on each storage: a cash receipt cannot be dated
 * before the invoice it pays, nor a healthcare billing period end before it
 * starts; an annulment is posted on the day it is made (today in the company's
 * time zone, never before the document's own date), so a past period keeps
 * what it had, and the receivables as of a day before the annulment still show
 * the document.
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { eachStorage, problems, startTestServer, type TestServer } from '../support/server';
import { coRefs, today, validInvoice, type CoRefs } from '../support/co';
import { creditInvoice, debtPayment, dueOf, newCustomer, rcRefs, type RcRefs } from '../support/vouchers';
import { MX_APP, mxInvoice, mxRefs, mxToday } from '../support/mx';

eachStorage('dates in order', (storage) => {
  let s: TestServer;
  let r: CoRefs;
  let v: RcRefs;
  before(async () => { s = await startTestServer(storage); [r, v] = await Promise.all([coRefs(s), rcRefs(s)]); });
  after(() => s.close());
  const entries = async (id: string) => (await s.db.query(
    'SELECT source_kind, date FROM journal_entries WHERE source_id = $1 ORDER BY id', [id])).map((e: any) => [e.source_kind, e.date]);
  const receivables = async (ident: string, date: string) => {
    const res = await s.as('co').get(`/v1/reports/accounts-receivable?date=${date}&customer_identification=${ident}`);
    assert.equal(res.status, 200, JSON.stringify(res.body));
    return res.body.customers.flatMap((g: any) => g.items.map((x: any) => [x.invoice.name, x.amount, x.paid, x.balance]));
  };

  test('a cash receipt dated before the invoice it pays is refused on date; the same day is accepted', async () => {
    const ident = '7200000001';
    const cust = { identification: ident, branch_office: 0 };
    const inv = await creditInvoice(s, r, { amount: 1000, date: '2025-05-10', due_date: '2025-06-10', customer: newCustomer(ident) });
    const early = await s.as('co').post('/v1/vouchers', debtPayment(v, cust, [{ due: dueOf(inv), value: 100 }], { date: '2025-05-09' }));
    assert.deepEqual(problems(early), ['invalid_date@date']);
    assert.equal(early.body.Errors[0].Message, `The voucher is dated 2025-05-09, before invoice ${inv.name} (2025-05-10) that items[0] pays: a payment cannot precede its invoice`);
    const detailed = await s.as('co').post('/v1/vouchers', { document: { id: v.type.RC.id }, date: '2025-05-09', type: 'Detailed', customer: cust, items: [
      { account: { code: '11050501', movement: 'Debit' }, value: 100 }, { account: { code: '13050501', movement: 'Credit' }, value: 100, due: dueOf(inv) },
    ] });
    assert.deepEqual(problems(detailed), ['invalid_date@date']);
    assert.equal((await s.db.query('SELECT count(*)::int AS n FROM vouchers WHERE customer_identification = $1', [ident]))[0].n, 0, 'nothing stored');
    const sameDay = await s.as('co').post('/v1/vouchers', debtPayment(v, cust, [{ due: dueOf(inv), value: 100 }], { date: '2025-05-10' }));
    assert.equal(sameDay.status, 201, JSON.stringify(sameDay.body));
    assert.equal((await s.as('co').get(`/v1/invoices/${inv.id}`)).body.balance, 900);
  });

  test('a healthcare period that ends before it starts is refused on period_end; a one-day period is accepted', async () => {
    const body = (period_start: string, period_end: string) => validInvoice(r, { document: { id: r.type['FV-SAL'].id }, healthcare_company: { period_start, period_end, payment_method: '04' } });
    const res = await s.as('co').post('/v1/invoices', body('2026-11-30', '2026-11-01'));
    assert.deepEqual(problems(res), ['invalid_date@healthcare_company.period_end']);
    assert.equal(res.body.Errors[0].Message, 'The billing period ends (2026-11-01) before it starts (2026-11-30)');
    const ok = await s.as('co').post('/v1/invoices', body('2026-11-15', '2026-11-15'));
    assert.equal(ok.status, 201, JSON.stringify(ok.body));
    assert.deepEqual(ok.body.healthcare_company, { period_start: '2026-11-15', period_end: '2026-11-15', payment_method: '04' });
  });

  test('annulments are posted today: January 2025 keeps its invoice and receipt; receivables as of then still show them', async () => {
    const ident = '7200000002';
    const cust = { identification: ident, branch_office: 0 };
    // Invoice 1,000.00 on 2025-01-15 (due 2025-02-15), 400.00 received on 2025-01-20.
    const inv = await creditInvoice(s, r, { amount: 1000, date: '2025-01-15', due_date: '2025-02-15', customer: newCustomer(ident) });
    const paid = await s.as('co').post('/v1/vouchers', debtPayment(v, cust, [{ due: dueOf(inv), value: 400 }], { date: '2025-01-20' }));
    assert.equal(paid.status, 201, JSON.stringify(paid.body));
    assert.deepEqual(await receivables(ident, '2025-01-31'), [[inv.name, 1000, 400, 600]]);

    assert.equal((await s.as('co').post(`/v1/vouchers/${paid.body.id}/annul`, {})).status, 200);
    assert.deepEqual(await entries(paid.body.id), [['voucher', '2025-01-20'], ['voucher_annulment', today()]]);
    assert.deepEqual(await receivables(ident, '2025-01-31'), [[inv.name, 1000, 400, 600]], 'as of January the receipt still counted');
    assert.deepEqual(await receivables(ident, today()), [[inv.name, 1000, 0, 1000]]);

    assert.equal((await s.as('co').post(`/v1/invoices/${inv.id}/annul`, {})).status, 200);
    assert.deepEqual(await entries(inv.id), [['invoice', '2025-01-15'], ['invoice_annulment', today()]]);
    assert.deepEqual(await receivables(ident, '2025-01-31'), [[inv.name, 1000, 400, 600]], 'as of January the invoice was still owed');
    assert.deepEqual(await receivables(ident, today()), []);

    // January 2025 holds only this test's documents: 1,000.00 invoiced on credit, 400.00 received in cash.
    const jan = (await s.as('co').get('/v1/reports/trial-balance?date_start=2025-01-01&date_end=2025-01-31')).body;
    assert.deepEqual(jan.accounts.map((a: any) => [a.code, a.debits, a.credits, a.closing_balance]), [
      ['11050501', 400, 0, 400], ['13050501', 1000, 400, 600], ['41359501', 0, 1000, -1000],
    ]);
    const all = (await s.as('co').get(`/v1/reports/trial-balance?date_end=${today()}`)).body;
    assert.equal(all.balanced, true);
  });

  test('a document cannot be dated after today (so no annulment precedes its document): tomorrow is refused, today is annulled today', async () => {
    const tomorrow = new Date(Date.parse(`${today()}T12:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
    const late = await s.as('co').post('/v1/invoices', validInvoice(r, { date: tomorrow }));
    assert.deepEqual(problems(late), ['invalid_date@date']);
    const inv = await creditInvoice(s, r, { amount: 10, date: today(), due_date: '2099-04-01' });
    assert.equal((await s.as('co').post(`/v1/invoices/${inv.id}/annul`, {})).status, 200);
    assert.deepEqual(await entries(inv.id), [['invoice', today()], ['invoice_annulment', today()]]);
  });

  test('a Mexican invoice is annulled on today in Mexico City', async () => {
    const m = await mxRefs(s);
    const inv = await s.as('mx').post('/v1/invoices', mxInvoice(m), MX_APP);
    assert.equal(inv.status, 201, JSON.stringify(inv.body));
    assert.equal((await s.as('mx').post(`/v1/invoices/${inv.body.id}/annul`, {})).status, 200);
    assert.deepEqual(await entries(inv.body.id), [['invoice', mxToday()], ['invoice_annulment', mxToday()]]);
  });
});
