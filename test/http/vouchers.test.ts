/**
 * Cash receipt vouchers over HTTP, on each storage: the three types' success
 * paths and their journal entries, every rule (bad value in, code and path
 * out, nothing stored), the collection story of a credit invoice,
 * simultaneous payments of one due item, annulment, Idempotency-Key, reads
 * and lists.
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { eachStorage, problems, startTestServer, type TestServer } from '../support/server';
import { coRefs, today, type CoRefs } from '../support/co';
import { creditInvoice, debtPayment, dueOf, mainCustomer, rcRefs, type RcRefs } from '../support/vouchers';

async function journal(s: TestServer, sourceId: string) {
  return s.db.query(
    `SELECT e.source_kind, l.account_code, l.debit::text, l.credit::text, l.third_party FROM journal_entries e JOIN journal_lines l ON l.entry_id = e.id
      WHERE e.source_id = $1 ORDER BY e.id, l.line_no`, [sourceId]);
}
const lines = (rows: any[]) => rows.map((x) => [x.account_code, x.debit, x.credit]);
/** Every account nets to zero over the rows (an entry and its reversal). */
function netsToZero(rows: any[]) {
  const net = new Map<string, number>();
  for (const x of rows) net.set(x.account_code, (net.get(x.account_code) ?? 0) + Math.round(Number(x.debit) * 100) - Math.round(Number(x.credit) * 100));
  return [...net.values()].every((v) => v === 0);
}
const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

eachStorage('CO cash receipt vouchers', (storage) => {
  let s: TestServer;
  let r: CoRefs;
  let v: RcRefs;
  const balance = async (invoiceId: string) => (await s.as('co').get(`/v1/invoices/${invoiceId}`)).body.balance;
  const count = async () => (await s.db.query('SELECT count(*)::int AS n FROM vouchers'))[0].n;
  before(async () => { s = await startTestServer(storage); r = await coRefs(s); v = await rcRefs(s); });
  after(() => s.close());

  test('DebtPayment: pays part of a due item; the answer has every field; the invoice balance drops at once; balanced entry', async () => {
    const customer = mainCustomer(r);
    const inv = await creditInvoice(s, r, { amount: 1000, due_date: '2099-12-31' });
    const res = await s.as('co').post('/v1/vouchers', debtPayment(v, customer, [{ due: { ...dueOf(inv), date: '2099-12-31' }, value: 400 }], { observations: 'Abono parcial' }));
    assert.equal(res.status, 201, JSON.stringify(res.body));
    const doc = res.body;
    assert.match(doc.id, /^[0-9a-f-]{36}$/);
    const c = r.customers.find((x) => x.identification === customer.identification && x.branch_office === 0);
    assert.deepEqual({ ...doc, id: undefined, number: undefined, metadata: undefined }, {
      id: undefined, number: undefined, metadata: undefined,
      document: { id: v.type.RC.id, name: v.type.RC.name },
      prefix: 'RC', name: `RC-${v.type.RC.id}-${doc.number}`, date: today(), type: 'DebtPayment',
      customer: { id: String(c.id), identification: customer.identification, branch_office: 0 },
      cost_center: null, currency: { code: 'COP', exchange_rate: 1 },
      items: [{ account: { code: '13050501', movement: 'Credit' }, description: '', value: 400, due: { prefix: inv.prefix, consecutive: inv.number, quote: 1, date: '2099-12-31' } }],
      payment: { id: v.pay.Cash.id, name: v.pay.Cash.name, value: 400, due_date: null },
      total: 400, observations: 'Abono parcial', mail: { status: 'not_sent', observations: null }, annulled: false,
    });
    assert.equal(typeof doc.number, 'number');
    assert.match(doc.metadata.created, ISO);
    assert.match(doc.metadata.last_updated, ISO);
    assert.equal(doc.metadata.stock_updated, null);
    assert.deepEqual((await s.as('co').get(`/v1/vouchers/${doc.id}`)).body, doc, 'read back as created');

    const after = (await s.as('co').get(`/v1/invoices/${inv.id}`)).body;
    assert.equal(after.balance, 600);
    assert.ok(after.metadata.last_updated >= inv.metadata.last_updated);
    assert.deepEqual(await s.db.query('SELECT amount::text, paid::text FROM due_items WHERE invoice_id = $1', [inv.id]), [{ amount: '1000.00', paid: '400.00' }]);
    assert.deepEqual(await s.db.query('SELECT amount::text FROM voucher_applications WHERE voucher_id = $1', [doc.id]), [{ amount: '400.00' }]);
    const rows = await journal(s, doc.id);
    assert.deepEqual(lines(rows), [['13050501', '0.00', '400.00'], ['11050501', '400.00', '0.00']]);
    assert.equal(rows[0].third_party, customer.identification);
  });

  test('DebtPayment: the `payments` spelling, a bank transfer, two invoices in one voucher, foreign currency', async () => {
    const customer = mainCustomer(r);
    const a = await creditInvoice(s, r, { amount: 300 });
    const b = await creditInvoice(s, r, { amount: 500 });
    const res = await s.as('co').post('/v1/vouchers', {
      document: { id: v.type.RC.id }, date: today(), type: 'DebtPayment', customer,
      items: [{ due: dueOf(a), value: 300, description: 'Factura A' }, { due: dueOf(b), value: 120.25 }],
      payments: { id: v.pay.Transfer.id, value: 420.25 },
    });
    assert.equal(res.status, 201, JSON.stringify(res.body));
    assert.deepEqual(res.body.payment, { id: v.pay.Transfer.id, name: v.pay.Transfer.name, value: 420.25, due_date: null });
    assert.equal(res.body.payments, undefined, 'the answer says payment');
    assert.deepEqual([await balance(a.id), await balance(b.id)], [0, 379.75]);
    assert.deepEqual(lines(await journal(s, res.body.id)), [['13050501', '0.00', '420.25'], ['11100501', '420.25', '0.00']]);

    // A USD credit invoice is paid in USD: the money in at the voucher's rate, the receivable at the invoice's (100 × 4,000),
    // the difference an exchange gain (421020).
    const usd = (await s.as('co').post('/v1/invoices', {
      document: { id: r.type.FV.id }, date: today(), customer, seller: r.seller.id, currency: { code: 'USD', exchange_rate: 4000 },
      items: [{ code: 'LIBRO01', quantity: 1, price: 100, taxes: [] }], payments: [{ id: r.pay.Credit.id, value: 100, due_date: '2099-12-31' }],
    })).body;
    const paid = await s.as('co').post('/v1/vouchers', debtPayment(v, customer, [{ due: dueOf(usd), value: 100 }], { currency: { code: 'USD', exchange_rate: 4100.5 } }));
    assert.equal(paid.status, 201, JSON.stringify(paid.body));
    assert.deepEqual(paid.body.currency, { code: 'USD', exchange_rate: 4100.5 });
    assert.deepEqual(lines(await journal(s, paid.body.id)), [['13050501', '0.00', '400000.00'], ['11050501', '410050.00', '0.00'], ['42102001', '0.00', '10050.00']]);
    const cop = await s.as('co').post('/v1/vouchers', debtPayment(v, customer, [{ due: dueOf(a), value: 1 }]));
    assert.deepEqual(problems(cop), ['invalid_value@items[0].value'], 'A is paid in full');
  });

  test('a USD invoice paid in two parts at other rates: the receivable gives up exactly what the invoice debited, the rest is exchange difference', async () => {
    const customer = mainCustomer(r);
    // 4,395.48 USD at 4,012.50: the receivable 17,636,863.50 COP.
    const usd = (await s.as('co').post('/v1/invoices', {
      document: { id: r.type.FV.id }, date: today(), customer, seller: r.seller.id, currency: { code: 'USD', exchange_rate: 4012.5 },
      items: [{ code: 'LIBRO01', quantity: 1, price: 4395.48, taxes: [] }], payments: [{ id: r.pay.Credit.id, value: 4395.48, due_date: '2099-12-31' }],
    })).body;
    /** What the receivable holds for these documents' entries. */
    const receivable = async (...ids: string[]) => Number((await s.db.query(`SELECT coalesce(sum(l.debit - l.credit), 0)::text AS n FROM journal_lines l
      JOIN journal_entries e ON e.company_id = l.company_id AND e.id = l.entry_id WHERE l.account_code = '13050501' AND e.source_id = ANY($1::uuid[])`, [ids]))[0].n);
    assert.equal(await receivable(usd.id), 17636863.5);
    // 1,000.01 at 4,050: cash 4,050,040.50; receivable 1,000.01 × 4,012.50 = 4,012,540.13; gain 37,500.37.
    const first = await s.as('co').post('/v1/vouchers', debtPayment(v, customer, [{ due: dueOf(usd), value: 1000.01 }], { currency: { code: 'USD', exchange_rate: 4050 } }));
    assert.equal(first.status, 201, JSON.stringify(first.body));
    assert.deepEqual(lines(await journal(s, first.body.id)), [['13050501', '0.00', '4012540.13'], ['11050501', '4050040.50', '0.00'], ['42102001', '0.00', '37500.37']]);
    // The rest, 3,395.47 at 3,990: cash 13,547,925.30; receivable 17,636,863.50 − 4,012,540.13 = 13,624,323.37; loss 76,398.07.
    const rest = await s.as('co').post('/v1/vouchers', debtPayment(v, customer, [{ due: dueOf(usd), value: 3395.47 }], { currency: { code: 'USD', exchange_rate: 3990 } }));
    assert.equal(rest.status, 201, JSON.stringify(rest.body));
    assert.deepEqual(lines(await journal(s, rest.body.id)), [['13050501', '0.00', '13624323.37'], ['11050501', '13547925.30', '0.00'], ['53052501', '76398.07', '0.00']]);
    assert.equal(await receivable(usd.id, first.body.id, rest.body.id), 0, 'a paid invoice leaves nothing on the receivable');
    assert.equal(await balance(usd.id), 0);
  });

  test('AdvancePayment: money before any invoice, credited to customer advances', async () => {
    const customer = mainCustomer(r);
    const res = await s.as('co').post('/v1/vouchers', {
      document: { id: v.type.RC.id }, date: today(), type: 'AdvancePayment', customer, payment: { id: v.pay.Transfer.id, value: 250 },
    });
    assert.equal(res.status, 201, JSON.stringify(res.body));
    assert.equal(res.body.type, 'AdvancePayment');
    assert.deepEqual(res.body.items, []);
    assert.equal(res.body.total, 250);
    const rows = await journal(s, res.body.id);
    assert.deepEqual(lines(rows), [['28050501', '0.00', '250.00'], ['11100501', '250.00', '0.00']]);
    assert.equal(rows[0].third_party, customer.identification);

    const concepts = await s.as('co').post('/v1/vouchers', {
      document: { id: v.type.RC.id }, date: today(), type: 'AdvancePayment', customer, payment: { id: v.pay.Cash.id, value: 150.5 },
      items: [{ description: 'Anticipo pedido 77', value: 100 }, { description: 'Anticipo flete', value: 50.5 }],
    });
    assert.equal(concepts.status, 201, JSON.stringify(concepts.body));
    assert.deepEqual(concepts.body.items.map((i: any) => [i.account.code, i.description, i.value]), [['28050501', 'Anticipo pedido 77', 100], ['28050501', 'Anticipo flete', 50.5]]);
    assert.deepEqual(lines(await journal(s, concepts.body.id)), [['28050501', '0.00', '150.50'], ['11050501', '150.50', '0.00']]);
  });

  test('Detailed: bank, a withholding tax entry and a due item; tax expanded; entries as sent', async () => {
    const customer = mainCustomer(r);
    const inv = await creditInvoice(s, r, { amount: 1000 });
    const retefuente = r.taxOf('Retefuente', 2.5);
    const res = await s.as('co').post('/v1/vouchers', {
      document: { id: v.type.RC.id }, date: today(), type: 'Detailed', customer, cost_center: r.costCenter.id,
      items: [
        { account: { code: '11100501', movement: 'Debit' }, description: 'Consignación', value: 975 },
        { account: { code: '13551501', movement: 'Debit' }, description: 'Retención sufrida', value: 25, tax: { id: retefuente.id } },
        { account: { code: '13050501', movement: 'Credit' }, description: 'Pago factura', value: 1000, due: dueOf(inv) },
      ],
    });
    assert.equal(res.status, 201, JSON.stringify(res.body));
    assert.equal(res.body.payment, null);
    assert.equal(res.body.cost_center, r.costCenter.id);
    assert.equal(res.body.total, 1000);
    assert.deepEqual(res.body.items[1].tax, { id: retefuente.id, name: retefuente.name, type: 'Retefuente', percentage: 2.5, value: 25, base_value: 1000 });
    assert.deepEqual(res.body.items[2].due, { prefix: inv.prefix, consecutive: inv.number, quote: 1, date: '2099-12-31' });
    assert.equal(res.body.items[0].due, undefined);
    assert.equal(await balance(inv.id), 0);
    assert.deepEqual(lines(await journal(s, res.body.id)), [['11100501', '975.00', '0.00'], ['13551501', '25.00', '0.00'], ['13050501', '0.00', '1000.00']]);

    // Without a customer (no due items), and in foreign currency: the conversion rounding stays balanced.
    const fx = await s.as('co').post('/v1/vouchers', {
      document: { id: v.type.RC.id }, date: today(), type: 'Detailed', currency: { code: 'EUR', exchange_rate: 4500.333 },
      items: [
        { account: { code: '11101001', movement: 'Debit' }, value: 10.01 },
        { account: { code: '42505001', movement: 'Credit' }, value: 5.01 },
        { account: { code: '42505001', movement: 'Credit' }, value: 5 },
      ],
    });
    assert.equal(fx.status, 201, JSON.stringify(fx.body));
    assert.equal(fx.body.customer, null);
    const rows = await journal(s, fx.body.id);
    assert.equal(rows.reduce((x, l) => x + Math.round(Number(l.debit) * 100), 0), rows.reduce((x, l) => x + Math.round(Number(l.credit) * 100), 0));
    assert.deepEqual(lines(rows)[0], ['11101001', '45048.33', '0.00']);
  });

  test('rules: each bad value gives its code and path, and nothing is stored', async () => {
    const customer = mainCustomer(r);
    const inv = await creditInvoice(s, r, { amount: 1000 });
    const other = r.customers.find((c) => c.active && c.branch_office === 1);
    const otherInv = await creditInvoice(s, r, { amount: 100, customer: { identification: other.identification, branch_office: 1 } });
    const inactiveCustomer = r.customers.find((c) => !c.active);
    const debt = (over: Record<string, unknown> = {}, entries: object[] = [{ due: dueOf(inv), value: 100 }]) => debtPayment(v, customer, entries as any, over);
    const advance = (over: Record<string, unknown> = {}) => ({ document: { id: v.type.RC.id }, date: today(), type: 'AdvancePayment', customer, payment: { id: v.pay.Cash.id, value: 100 }, ...over });
    const bank = { account: { code: '11100501', movement: 'Debit' }, value: 100 };
    const income = { account: { code: '42505001', movement: 'Credit' }, value: 100 };
    const detailed = (items: object[], over: Record<string, unknown> = {}) => ({ document: { id: v.type.RC.id }, date: today(), type: 'Detailed', items, ...over });
    const CASES: [string, object, string[]][] = [
      ['empty body', {}, ['parameter_required@date', 'parameter_required@document', 'parameter_required@type']],
      ['body not an object', [], ['invalid_type@body']],
      ['unknown type', debt({ type: 'Cash' }), ['invalid_value@type']],
      ['unknown document type', debt({ document: { id: 999999 } }), ['invalid_reference@document.id']],
      ['an invoice document type', debt({ document: { id: r.type.FV.id } }), ['invalid_document@document.id']],
      ['manual numbering without number', debt({ document: { id: v.type['RC-MAN'].id } }), ['parameter_required@number']],
      ['malformed date', debt({ date: '31/12/2026' }), ['invalid_date@date']],
      ['DebtPayment without customer', debt({ customer: undefined }), ['parameter_required@customer']],
      ['unknown customer', debt({ customer: { identification: '123', branch_office: 0 } }), ['invalid_reference@customer.identification']],
      ['inactive customer', debt({ customer: { identification: inactiveCustomer.identification, branch_office: 0 } }), ['parameter_inactive@customer.identification']],
      ['unknown cost center', debt({ cost_center: 999999 }), ['invalid_cost_center@cost_center']],
      ['inactive cost center', debt({ cost_center: r.inactiveCostCenter.id }), ['parameter_inactive@cost_center']],
      ['unknown currency', debt({ currency: { code: 'XXX', exchange_rate: 1 } }), ['invalid_currency@currency.code']],
      ['currency not enabled', debt({ currency: { code: 'GBP', exchange_rate: 5000 } }), ['company_settings@currency.code']],
      ['foreign currency without rate', debt({ currency: { code: 'USD' } }), ['parameter_required@currency.exchange_rate']],
      ['a COP invoice paid in USD', debt({ currency: { code: 'USD', exchange_rate: 4000 } }), ['invalid_currency@currency.code']],
      ['observations over 4000', debt({ observations: 'x'.repeat(4001) }), ['length_max@observations']],
      ['DebtPayment without payment', debt({ payment: undefined }), ['parameter_required@payment']],
      ['unknown payment type', debt({ payment: { id: 999999, value: 100 } }), ['invalid_reference@payment.id']],
      ['inactive payment type', debt({ payment: { id: v.pay.Check.id, value: 100 } }), ['parameter_inactive@payment.id']],
      ['an invoice payment type', debt({ payment: { id: r.pay.Cash.id, value: 100 } }), ['invalid_payment@payment.id']],
      ['unknown payment type spelled payments', debt({ payment: undefined, payments: { id: 999999, value: 100 } }), ['invalid_reference@payments.id']],
      ['payment and payments both', debt({ payments: { id: v.pay.Cash.id, value: 100 } }), ['parameter_not_allowed@payments']],
      ['payment value with 3 decimals', debt({ payment: { id: v.pay.Cash.id, value: 100.001 } }), ['invalid_amount@payment.value']],
      ['payment value zero', debt({ payment: { id: v.pay.Cash.id, value: 0 } }), ['invalid_value@payment.value']],
      ['payment value not the sum of the entries', debt({ payment: { id: v.pay.Cash.id, value: 99.99 } }), ['invalid_total_payments@payment.value']],
      ['the same, spelled payments', debt({ payment: undefined, payments: { id: v.pay.Cash.id, value: 101 } }), ['invalid_total_payments@payments.value']],
      ['DebtPayment without entries', debt({ items: undefined }), ['parameter_required@items']],
      ['DebtPayment with no entries', debt({ items: [] }), ['invalid_array@items']],
      ['entry without due', debt({}, [{ value: 100 } as any]), ['parameter_required@items[0].due']],
      ['entry with an account', debt({}, [{ due: dueOf(inv), value: 100, account: { code: '41359501', movement: 'Credit' } } as any]), ['parameter_not_allowed@items[0].account']],
      ['unknown due item', debt({}, [{ due: { ...dueOf(inv), consecutive: 99999999 }, value: 100 }]), ['invalid_reference@items[0].due']],
      ['second installment that does not exist', debt({}, [{ due: dueOf(inv, 2), value: 100 }]), ['invalid_reference@items[0].due']],
      ['due item of another customer', debt({}, [{ due: dueOf(otherInv), value: 100 }]), ['invalid_reference@items[0].due']],
      ['wrong due date', debt({}, [{ due: { ...dueOf(inv), date: '2099-12-30' }, value: 100 }]), ['invalid_value@items[0].due.date']],
      ['malformed due date', debt({}, [{ due: { ...dueOf(inv), date: '2099-13-01' }, value: 100 }]), ['invalid_date@items[0].due.date']],
      ['due without quote', debt({}, [{ due: { prefix: inv.prefix, consecutive: inv.number }, value: 100 }]), ['parameter_required@items[0].due.quote']],
      ['value with 3 decimals', debt({}, [{ due: dueOf(inv), value: 1.005 }]), ['invalid_amount@items[0].value']],
      ['negative value', debt({ payment: { id: v.pay.Cash.id, value: 100 } }, [{ due: dueOf(inv), value: -5 }]), ['invalid_value@items[0].value']],
      ['value as a string', debt({}, [{ due: dueOf(inv), value: '100' as any }]), ['invalid_type@items[0].value']],
      ['value above what is owed', debt({}, [{ due: dueOf(inv), value: 1000.01 }]), ['invalid_value@items[0].value']],
      ['the same due item twice', debt({}, [{ due: dueOf(inv), value: 50 }, { due: dueOf(inv), value: 50 }]), ['invalid_array@items[1].due']],
      ['AdvancePayment without customer', advance({ customer: undefined }), ['parameter_required@customer']],
      ['AdvancePayment without payment', advance({ payment: undefined }), ['parameter_required@payment']],
      ['AdvancePayment with a due item', advance({ items: [{ value: 100, due: dueOf(inv) }] }), ['parameter_not_allowed@items[0].due']],
      ['AdvancePayment with an account and a tax', advance({ items: [{ value: 100, account: bank.account, tax: { id: r.taxOf('Retefuente', 2.5).id } }] }),
        ['parameter_not_allowed@items[0].account', 'parameter_not_allowed@items[0].tax']],
      ['AdvancePayment concepts that do not add up', advance({ items: [{ value: 60 }, { value: 30 }] }), ['invalid_total_payments@payment.value']],
      ['Detailed with a payment', detailed([bank, income], { payment: { id: v.pay.Cash.id, value: 100 } }), ['invalid_payment@payment']],
      ['Detailed with payments', detailed([bank, income], { payments: { id: v.pay.Cash.id, value: 100 } }), ['invalid_payment@payments']],
      ['Detailed without entries', detailed(undefined as any), ['parameter_required@items']],
      ['Detailed entry without account', detailed([bank, { value: 100 }]), ['parameter_required@items[1].account']],
      ['unknown account', detailed([bank, { ...income, account: { code: '999999', movement: 'Credit' } }]), ['invalid_account@items[1].account.code']],
      ['inactive account', detailed([bank, { ...income, account: { code: '5195', movement: 'Credit' } }]), ['parameter_inactive@items[1].account.code']],
      ['bad movement', detailed([bank, { ...income, account: { code: '42505001', movement: 'Both' } }]), ['invalid_value@items[1].account.movement']],
      ['debits and credits differ', detailed([bank, { ...income, value: 99.99 }]), ['invalid_balance@items']],
      ['unknown tax', detailed([bank, { ...income, tax: { id: 999999 } }]), ['invalid_reference@items[1].tax.id']],
      ['inactive tax', detailed([bank, { ...income, tax: { id: r.taxOf('IVA', 16, false).id } }]), ['parameter_inactive@items[1].tax.id']],
      ['a 0 % tax entry', detailed([bank, { ...income, tax: { id: r.taxOf('IVA', 0).id } }]), ['invalid_value@items[1].tax.id']],
      ['due item without customer', detailed([bank, { account: { code: '13050501', movement: 'Credit' }, value: 100, due: dueOf(inv) }]), ['parameter_required@customer']],
      ['due item on a debit', detailed([{ ...bank, account: { code: '13050501', movement: 'Debit' }, due: dueOf(inv) }, income], { customer }), ['invalid_value@items[0].account.movement']],
      ['due item credited to a revenue account', detailed([bank, { ...income, due: dueOf(inv) }], { customer }), ['invalid_account@items[1].account.code']],
      ['due item and tax on one entry', detailed([bank, { ...income, account: { code: '13050501', movement: 'Credit' }, due: dueOf(inv), tax: { id: r.taxOf('Retefuente', 2.5).id } }], { customer }), ['parameter_not_allowed@items[1].tax']],
      ['Detailed due above what is owed', detailed([{ ...bank, value: 2000 }, { account: { code: '13050501', movement: 'Credit' }, value: 2000, due: dueOf(inv) }], { customer }), ['invalid_value@items[1].value']],
      ['schema and rules together', debt({ document: { id: 999999 }, observations: 'x'.repeat(4001), customer: { identification: '123', branch_office: 0 } }),
        ['invalid_reference@customer.identification', 'invalid_reference@document.id', 'length_max@observations']],
    ];
    const consecutive = (await s.as('co').get(`/v1/document-types/${v.type.RC.id}`)).body.consecutive;
    const n = await count();
    const failures: string[] = [];
    for (const [what, body, expected] of CASES) {
      const clean = Array.isArray(body) ? body : Object.fromEntries(Object.entries(body).filter(([, x]) => x !== undefined));
      const res = await s.as('co').post('/v1/vouchers', clean);
      const got = problems(res).sort();
      if (res.status !== 400 || JSON.stringify(got) !== JSON.stringify([...expected].sort())) failures.push(`${what}: ${res.status} ${JSON.stringify(got)} ≠ ${JSON.stringify(expected)}`);
    }
    assert.deepEqual(failures, []);
    assert.equal(await count(), n, 'nothing stored');
    assert.equal(await balance(inv.id), 1000, 'nothing paid');
    assert.equal((await s.as('co').get(`/v1/document-types/${v.type.RC.id}`)).body.consecutive, consecutive, 'no number taken');
  });

  test('messages: what is owed and what was sent; totals; balance', async () => {
    const customer = mainCustomer(r);
    const inv = await creditInvoice(s, r, { amount: 1000 });
    const over = await s.as('co').post('/v1/vouchers', debtPayment(v, customer, [{ due: dueOf(inv), value: 1000.01 }]));
    assert.equal(over.body.Errors[0].Message, `The value (1000.01) is above what is still owed on due item ${inv.prefix}-${inv.number} quote 1 of invoice ${inv.name} (1000.00)`);
    const total = await s.as('co').post('/v1/vouchers', debtPayment(v, customer, [{ due: dueOf(inv), value: 100 }], { payment: { id: v.pay.Cash.id, value: 90 } }));
    assert.equal(total.body.Errors[0].Message, 'The payment value (90.00) must equal the sum of the entries (100.00)');
    assert.equal(total.body.Errors[0].Detail, 'expected 100.00');
    const unbalanced = await s.as('co').post('/v1/vouchers', { document: { id: v.type.RC.id }, date: today(), type: 'Detailed',
      items: [{ account: { code: '11100501', movement: 'Debit' }, value: 100 }, { account: { code: '42505001', movement: 'Credit' }, value: 90.5 }] });
    assert.equal(unbalanced.body.Errors[0].Message, 'The debits (100.00) must equal the credits (90.50)');
  });

  test('story: credit invoice → two partial payments → balance zero → a third payment is refused', async () => {
    const customer = mainCustomer(r);
    const inv = await creditInvoice(s, r, { amount: 1130.5, due_date: '2099-06-30' });
    assert.equal(inv.balance, 1130.5);
    const first = await s.as('co').post('/v1/vouchers', debtPayment(v, customer, [{ due: dueOf(inv), value: 500 }]));
    assert.equal(first.status, 201, JSON.stringify(first.body));
    assert.equal(await balance(inv.id), 630.5);
    const second = await s.as('co').post('/v1/vouchers', debtPayment(v, customer, [{ due: dueOf(inv), value: 630.5 }], { payment: { id: v.pay.Transfer.id, value: 630.5 } }));
    assert.equal(second.status, 201, JSON.stringify(second.body));
    assert.equal(second.body.number, first.body.number + 1, 'consecutive numbers');
    assert.equal(await balance(inv.id), 0);
    const third = await s.as('co').post('/v1/vouchers', debtPayment(v, customer, [{ due: dueOf(inv), value: 0.01 }]));
    assert.equal(third.status, 400);
    assert.deepEqual(problems(third), ['invalid_value@items[0].value']);
    assert.match(third.body.Errors[0].Message, /\(0\.01\).*\(0\.00\)/);
    assert.equal(await balance(inv.id), 0);
    const annulInvoice = await s.as('co').post(`/v1/invoices/${inv.id}/annul`, {});
    assert.deepEqual(problems(annulInvoice), ['invalid_document@id'], 'a paid invoice cannot be annulled');
  });

  test('simultaneous vouchers on one due item never pay more than is owed', async () => {
    const customer = mainCustomer(r);
    const inv = await creditInvoice(s, r, { amount: 1000 });
    // Two at once for 600 each: exactly one wins. (On PostgreSQL both usually pass the first check together and the
    // second is refused by the check under the row lock; PGlite runs one transaction at a time.)
    const pair = await Promise.all([0, 1].map(() => s.as('co').post('/v1/vouchers', debtPayment(v, customer, [{ due: dueOf(inv), value: 600 }]))));
    assert.deepEqual(pair.map((a) => a.status).sort(), [201, 400], JSON.stringify(pair.map((a) => a.body)));
    const loser = pair.find((a) => a.status === 400)!;
    assert.deepEqual(problems(loser), ['invalid_value@items[0].value']);
    assert.match(loser.body.Errors[0].Message, /\(600\.00\).*\(400\.00\)/);
    // Twelve at once for 50 each, on two document types (so they do not wait on one counter): 8 fit in the 400 left.
    const start = (await s.as('co').get(`/v1/document-types/${v.type['RC-MAN'].id}`)).body.consecutive;
    const answers = await Promise.all(Array.from({ length: 12 }, (_, i) => s.as('co').post('/v1/vouchers',
      debtPayment(v, customer, [{ due: dueOf(inv), value: 50 }], i % 2 ? { document: { id: v.type['RC-MAN'].id }, number: start + 1000 + i } : {}))));
    assert.equal(answers.filter((a) => a.status === 201).length, 8, JSON.stringify(answers.map((a) => [a.status, problems(a)])));
    assert.ok(answers.filter((a) => a.status !== 201).every((a) => a.status === 400 && problems(a).join() === 'invalid_value@items[0].value'));
    assert.deepEqual(await s.db.query('SELECT paid::text FROM due_items WHERE invoice_id = $1', [inv.id]), [{ paid: '1000.00' }]);
    assert.equal(await balance(inv.id), 0);
    const [{ applied }] = await s.db.query('SELECT sum(a.amount)::text AS applied FROM voucher_applications a JOIN due_items d ON d.id = a.due_item_id WHERE d.invoice_id = $1', [inv.id]);
    assert.equal(applied, '1000.00');
  });

  test('annul: gives back what was paid, reverses the entry; twice is refused; then the invoice can be annulled', async () => {
    const customer = mainCustomer(r);
    const inv = await creditInvoice(s, r, { amount: 800 });
    const a = (await s.as('co').post('/v1/vouchers', debtPayment(v, customer, [{ due: dueOf(inv), value: 300 }]))).body;
    const b = (await s.as('co').post('/v1/vouchers', { document: { id: v.type.RC.id }, date: today(), type: 'Detailed', customer,
      items: [{ account: { code: '11100501', movement: 'Debit' }, value: 200 }, { account: { code: '13050501', movement: 'Credit' }, value: 200, due: dueOf(inv) }] })).body;
    assert.equal(await balance(inv.id), 300);
    const annulled = await s.as('co').post(`/v1/vouchers/${a.id}/annul`, {});
    assert.equal(annulled.status, 200, JSON.stringify(annulled.body));
    assert.equal(annulled.body.annulled, true);
    assert.match(annulled.body.metadata.last_updated, ISO);
    assert.equal(await balance(inv.id), 600);
    const rows = await journal(s, a.id);
    assert.deepEqual([...new Set(rows.map((x) => x.source_kind))], ['voucher', 'voucher_annulment']);
    assert.ok(netsToZero(rows));
    assert.equal((await s.as('co').get(`/v1/vouchers/${a.id}`)).body.annulled, true);
    const twice = await s.as('co').post(`/v1/vouchers/${a.id}/annul`, {});
    assert.deepEqual(problems(twice), ['invalid_document@id']);
    assert.match(twice.body.Errors[0].Message, /already annulled/);
    assert.equal(await balance(inv.id), 600, 'a refused annulment changes nothing');
    // What it gave back can be paid again.
    const again = await s.as('co').post('/v1/vouchers', debtPayment(v, customer, [{ due: dueOf(inv), value: 600 }]));
    assert.equal(again.status, 201, JSON.stringify(again.body));
    for (const id of [b.id, again.body.id]) assert.equal((await s.as('co').post(`/v1/vouchers/${id}/annul`, {})).status, 200);
    assert.deepEqual(await s.db.query('SELECT paid::text FROM due_items WHERE invoice_id = $1', [inv.id]), [{ paid: '0.00' }]);
    assert.equal(await balance(inv.id), 800);
    assert.equal((await s.as('co').post(`/v1/invoices/${inv.id}/annul`, {})).status, 200, 'nothing paid any more');
    const late = await s.as('co').post('/v1/vouchers', debtPayment(v, customer, [{ due: dueOf(inv), value: 1 }]));
    assert.deepEqual(problems(late), ['invalid_reference@items[0].due'], 'an annulled invoice has no open due items');
    assert.equal((await s.as('co').post('/v1/vouchers/00000000-0000-4000-8000-000000000000/annul', {})).status, 404);
  });

  test('Idempotency-Key: replay, conflict, a failure does not consume it, concurrent retries pay once', async () => {
    const customer = mainCustomer(r);
    const inv = await creditInvoice(s, r, { amount: 500 });
    const key = { 'idempotency-key': `v-${storage}-1` };
    const body = debtPayment(v, customer, [{ due: dueOf(inv), value: 100 }]);
    const first = await s.as('co').post('/v1/vouchers', body, key);
    assert.equal(first.status, 201, JSON.stringify(first.body));
    const again = await s.as('co').post('/v1/vouchers', body, key);
    assert.equal(again.status, 201);
    assert.deepEqual(again.body, first.body);
    assert.equal(again.headers.get('idempotent-replayed'), 'true');
    assert.equal(await balance(inv.id), 400, 'paid once');
    const conflict = await s.as('co').post('/v1/vouchers', { ...body, observations: 'otra' }, key);
    assert.equal(conflict.status, 409);
    assert.deepEqual(problems(conflict), ['idempotency_conflict@Idempotency-Key']);
    assert.deepEqual(problems(await s.as('co').post('/v1/vouchers', body, { 'idempotency-key': 'bad key!' })), ['invalid_idempotency_key@Idempotency-Key']);
    const invoiceKey = await s.as('co').post('/v1/invoices', { document: { id: r.type.FV.id } }, key);
    assert.equal(invoiceKey.status, 400, 'the key of a voucher is not an invoice key');

    const failKey = { 'idempotency-key': `v-${storage}-2` };
    assert.equal((await s.as('co').post('/v1/vouchers', debtPayment(v, customer, [{ due: dueOf(inv), value: 999 }]), failKey)).status, 400);
    assert.equal((await s.as('co').post('/v1/vouchers', body, failKey)).status, 201, 'a failed request does not consume the key');
    assert.equal(await balance(inv.id), 300);

    const raceKey = { 'idempotency-key': `v-${storage}-race` };
    const n = await count();
    const answers = await Promise.all(Array.from({ length: 6 }, () => s.as('co').post('/v1/vouchers', body, raceKey)));
    assert.deepEqual(answers.map((a) => a.status), Array(6).fill(201));
    assert.equal(new Set(answers.map((a) => a.body.id)).size, 1);
    assert.equal(await count(), n + 1);
    assert.equal(await balance(inv.id), 200);
  });

  test('numbers: by hand on RC-MAN, duplicates refused, automatic ones consecutive', async () => {
    const customer = mainCustomer(r);
    const advance = (over: Record<string, unknown>) => ({ document: { id: v.type.RC.id }, date: today(), type: 'AdvancePayment', customer, payment: { id: v.pay.Cash.id, value: 10 }, ...over });
    const manual = await s.as('co').post('/v1/vouchers', advance({ document: { id: v.type['RC-MAN'].id }, number: 90001 }));
    assert.equal(manual.status, 201, JSON.stringify(manual.body));
    assert.equal(manual.body.name, `RM-${v.type['RC-MAN'].id}-90001`);
    assert.equal(manual.body.prefix, 'RM');
    const dup = await s.as('co').post('/v1/vouchers', advance({ document: { id: v.type['RC-MAN'].id }, number: 90001 }));
    assert.deepEqual(problems(dup), ['duplicated_document@number']);
    const auto = await Promise.all(Array.from({ length: 5 }, () => s.as('co').post('/v1/vouchers', advance({}))));
    const numbers = auto.map((a) => a.body.number).sort((x, y) => x - y);
    assert.deepEqual(numbers, Array.from({ length: 5 }, (_, i) => numbers[0] + i));
  });

  test('reads and lists: filters, pagination, tenancy, CO base address only', async () => {
    const other = r.customers.find((c) => c.active && c.branch_office === 1);
    const customer = { identification: other.identification, branch_office: 1 };
    const mine = await s.as('co').post('/v1/vouchers', { document: { id: v.type['RC-MAN'].id }, number: 424242, date: '2022-02-03', type: 'AdvancePayment', customer, payment: { id: v.pay.Cash.id, value: 5 } });
    assert.equal(mine.status, 201, JSON.stringify(mine.body));
    const get = (q: string) => s.as('co').get(`/v1/vouchers?${q}`);
    const ids = (res: any) => res.body.results.map((x: any) => x.id);
    assert.deepEqual(ids(await get(`customer_identification=${other.identification}&customer_branch_office=1`)), [mine.body.id]);
    assert.deepEqual((await get(`customer_identification=${other.identification}`)).body.results[0], (await s.as('co').get(`/v1/vouchers/${mine.body.id}`)).body, 'the list has the full shape');
    assert.deepEqual(ids(await get('date_start=2022-02-03&date_end=2022-02-03')), [mine.body.id]);
    assert.deepEqual(ids(await get('date_start=2022-02-04&date_end=2022-02-28')), []);
    assert.ok(!ids(await get('date_end=2022-02-02')).includes(mine.body.id), 'the day before excludes it');
    assert.deepEqual(ids(await get(`document_id=${v.type['RC-MAN'].id}&name=${mine.body.name}`)), [mine.body.id]);
    const debts = await get('type=DebtPayment&page_size=100');
    assert.ok(debts.body.results.length > 3 && debts.body.results.every((x: any) => x.type === 'DebtPayment'));
    const day = today();
    const page = await get(`created_start=${day}&created_end=${day}&page_size=2&page=2`);
    assert.equal(page.body.results.length, 2);
    assert.deepEqual(page.body.pagination, { page: 2, page_size: 2, total_results: await count() });
    assert.deepEqual(ids(await get('created_start=2099-01-01')), []);
    assert.deepEqual(ids(await get(`created_start=${encodeURIComponent(mine.body.metadata.created)}&created_end=${encodeURIComponent(mine.body.metadata.created)}`)), [mine.body.id]);
    assert.deepEqual(problems(await get('date_start=yesterday')), ['invalid_date@date_start']);
    assert.equal((await s.as('co').get('/v1/vouchers/not-a-uuid')).status, 400);
    assert.equal((await s.as('co').get('/v1/vouchers/00000000-0000-4000-8000-000000000000')).status, 404);
    assert.equal((await s.call('GET', `/v1/vouchers/${mine.body.id}`, { token: await s.token('mx') })).status, 403, 'a Mexican token on the CO base address');
    assert.equal((await s.as('mx').get(`/v1/vouchers/${mine.body.id}`)).status, 404, 'no vouchers on the MX base address');
    assert.equal((await s.as('mx').post('/v1/vouchers', {})).status, 404);
  });
});
