/**
 * A customer's statement (issue 52, point 4), over HTTP on each storage, every figure computed by hand here: two
 * credit invoices, a receipt that pays part of the first, a rebate settled on account on the second; the opening
 * balance before the period, each movement with its running balance, the aging at the period's end and the closing
 * balance, which equals the receivables report for that customer on that day. A receipt annulled afterwards shows
 * its payment and, on the annulment's day, its reversal. Bad input: 404 for another company's or an unknown
 * customer, 400 for a period that ends before it starts. E-mailed through the API: a bad address or an unknown field
 * refused with its path, another company's customer 404, nothing stored; then one mail of kind statement for the
 * customer and the period settled, to the addresses asked for.
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { eachStorage, problems, startTestServer, type TestServer } from '../support/server';
import { coRefs, noteRefs, today, type CoRefs } from '../support/co';
import { creditInvoice, debtPayment, dueOf, newCustomer, rcRefs, type RcRefs } from '../support/vouchers';
import { pdfText } from '../support/pdf';

const day = (offset: number) => new Date(Date.parse(`${today()}T12:00:00Z`) + offset * 86_400_000).toISOString().slice(0, 10);

eachStorage('customer statement', (storage) => {
  let s: TestServer;
  let r: CoRefs;
  let v: RcRefs;
  before(async () => {
    s = await startTestServer(storage);
    r = await coRefs(s);
    v = await rcRefs(s);
  });
  after(() => s.close());

  test('opening balance, movements with the running balance, aging and closing balance; the report agrees; an annulled receipt and its reversal', async () => {
    const co = s.as('co');
    const customer = { identification: '52000052', branch_office: 0 };
    // A: 1,190.00 on day −30, due day −20. B: 595.00 on day −10, due day +20.
    const a = await creditInvoice(s, r, { amount: 1190, date: day(-30), due_date: day(-20), customer: newCustomer(customer.identification) });
    const b = await creditInvoice(s, r, { amount: 595, date: day(-10), due_date: day(20), customer });
    // A receipt on day −8 pays 500.00 of A; a rebate of 100.00 on B on day −5, settled on account.
    const rc = await co.post('/v1/vouchers', debtPayment(v, customer, [{ due: dueOf(a), value: 500 }], { date: day(-8) }));
    assert.equal(rc.status, 201, JSON.stringify(rc.body));
    const { types, pays } = await noteRefs(s);
    const nc = await co.post('/v1/credit-notes', { document: { id: types.NC.id }, date: day(-5), invoice: b.id, reason: 3, seller: r.seller.id,
      items: [{ code: 'LIBRO01', quantity: 1, price: 100, taxes: [] }], payments: [{ id: pays['NC.Credit'].id, value: 100 }] });
    assert.equal(nc.status, 201, JSON.stringify(nc.body));

    const res = await co.get(`/v1/customers/${a.customer.id}/statement?date_start=${day(-15)}&date_end=${today()}`);
    assert.equal(res.status, 200, JSON.stringify(res.body));
    assert.deepEqual([res.body.customer.identification, res.body.date_start, res.body.date_end], [customer.identification, day(-15), today()]);
    assert.equal(res.body.currencies.length, 1);
    const st = res.body.currencies[0];
    // Before day −15 the customer owed A whole: 1,190.00. Then B +595.00 (1,785.00), the receipt −500.00 (1,285.00), the rebate −100.00 (1,185.00).
    assert.deepEqual([st.currency, st.opening_balance, st.debits, st.credits, st.closing_balance], ['COP', 1190, 595, 600, 1185]);
    assert.deepEqual(st.movements.map((m: any) => [m.date, m.kind, m.document.name, m.debit, m.credit, m.balance]), [
      [day(-10), 'invoice', b.name, 595, 0, 1785],
      [day(-8), 'voucher', rc.body.name, 0, 500, 1285],
      [day(-5), 'credit_note', nc.body.name, 0, 100, 1185],
    ]);
    // Aging today: A's 690.00 is 20 days past due, B's 495.00 not due yet.
    assert.deepEqual(st.aging, { current: 495, days_1_30: 690, days_31_60: 0, days_61_90: 0, days_over_90: 0, total: 1185 });
    const report = (await co.get(`/v1/reports/accounts-receivable?customer_identification=${customer.identification}&date=${today()}`)).body;
    assert.equal(report.totals[0].total, st.closing_balance, 'the closing balance is the receivables report\'s');
    // The default period: this month up to today.
    const month = (await co.get(`/v1/customers/${a.customer.id}/statement`)).body;
    assert.deepEqual([month.date_start, month.date_end], [`${today().slice(0, 8)}01`, today()]);

    // The receipt annulled today: its payment stays on day −8 and is given back today.
    assert.equal((await co.post(`/v1/vouchers/${rc.body.id}/annul`, {})).status, 200);
    const again = (await co.get(`/v1/customers/${a.customer.id}/statement?date_start=${day(-15)}`)).body.currencies[0];
    assert.deepEqual(again.movements.map((m: any) => [m.date, m.kind, m.debit, m.credit, m.balance]).slice(-2), [[day(-5), 'credit_note', 0, 100, 1185], [today(), 'voucher', 500, 0, 1685]]);
    assert.equal(again.closing_balance, 1685);
    assert.match(again.movements.at(-1).description, /^Anulación del recibo/);

    // The same statement as a PDF: the customer, the period, each movement and the closing balance as Colombia writes it.
    const pdf = await co.get(`/v1/customers/${a.customer.id}/statement/pdf?date_start=${day(-15)}`);
    assert.equal(pdf.status, 200);
    const text = (await pdfText(Buffer.from(pdf.body.base64, 'base64'))).text.replace(/\s+/g, ' ');
    for (const want of ['Estado de cuenta', 'Cliente Prueba 52000052', b.name, rc.body.name, nc.body.name, 'Saldo anterior: $ 1.190,00', '$ 1.685,00']) {
      assert.ok(text.includes(want), `${want} in ${text}`);
    }
  });

  test('an unknown customer or another company\'s is 404; a period that ends before it starts, 400', async () => {
    const [mx] = await s.db.query(`SELECT c.id FROM customers c JOIN companies k ON k.company_id = c.company_id WHERE k.country = 'MX' LIMIT 1`);
    assert.equal((await s.as('co').get(`/v1/customers/${mx.id}/statement`)).status, 404);
    assert.equal((await s.as('co').get('/v1/customers/999999/statement')).status, 404);
    const cust = r.customers[0];
    assert.deepEqual(problems(await s.as('co').get(`/v1/customers/${cust.id}/statement?date_start=2026-02-01&date_end=2026-01-01`)), ['invalid_date@date_end']);
  });

  test('e-mailed through the API: refusals with their path and nothing stored; then one statement mail for the company, its customer and period', async () => {
    const co = s.as('co');
    const cust = r.customers[0];
    const stored = () => s.db.query<{ mail_to: string[] | null; copy_to: string[]; period_start: string; period_end: string; customer_id: number; company_id: number }>(
      `SELECT mail_to, copy_to, period_start::text, period_end::text, customer_id, company_id FROM mails WHERE doc_kind = 'statement' AND customer_id = $1`, [cust.id]);
    assert.deepEqual(problems(await co.post(`/v1/customers/${cust.id}/statement/mail`, { mail_to: 'no es un correo' })), ['invalid_email@mail_to']);
    assert.deepEqual(problems(await co.post(`/v1/customers/${cust.id}/statement/mail`, { mail_to: 'a@b.example', copy: 'x' })).length, 1);
    assert.deepEqual(problems(await co.post(`/v1/customers/${cust.id}/statement/mail`, { date_start: today(), date_end: '2020-01-01' })), ['invalid_date@date_end']);
    const [mx] = await s.db.query(`SELECT c.id FROM customers c JOIN companies k ON k.company_id = c.company_id WHERE k.country = 'MX' LIMIT 1`);
    assert.equal((await co.post(`/v1/customers/${mx.id}/statement/mail`, {})).status, 404);
    assert.deepEqual(await stored(), []);

    const sent = await co.post(`/v1/customers/${cust.id}/statement/mail`, { date_end: today(), mail_to: 'cartera@cliente.example', copy_to: 'yo@empresa.example' });
    assert.equal(sent.status, 202, JSON.stringify(sent.body));
    const start = `${today().slice(0, 8)}01`;
    assert.deepEqual([sent.body.mail_to, sent.body.copy_to, sent.body.date_start, sent.body.date_end], [['cartera@cliente.example'], ['yo@empresa.example'], start, today()]);
    const [{ company_id: company }] = await s.db.query<{ company_id: number }>('SELECT company_id FROM customers WHERE id = $1', [cust.id]);
    assert.deepEqual(await stored(), [{ mail_to: ['cartera@cliente.example'], copy_to: ['yo@empresa.example'], period_start: start, period_end: today(), customer_id: Number(cust.id), company_id: company }]);
  });
});
