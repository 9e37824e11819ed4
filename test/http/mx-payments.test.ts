/**
 * Mexican payment receipts (CFDI type P, Pagos 2.0) through HTTP, on both
 * storages: a PPD invoice of 11,600.00 paid in two installments, both
 * receipts stamped (NumParcialidad 1 and 2, saldo insoluto 0.00 after the
 * second) and valid against cfdv40.xsd and Pagos20.xsd; the ledger moves the
 * IVA from not collected to collected and the receivables report and the
 * trial balance agree at every step; every rule answers 400 with its path
 * and writes nothing; two receipts racing for the last pesos: one wins.
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { eachStorage, problems, startTestServer, type TestServer } from '../support/server';
import { MX_APP, mxToday } from '../support/mx';
import { ADMIN_TOKEN, adminOf } from '../support/admin';
import { parseXml, satSelect } from '../../src/countries/mx/sat/chain';
import { checkCfdiSchema } from '../../src/countries/mx/sat/schema';

const CUSTOMER = { rfc_id: 'XIA190128J61', branch_office: 0 };

eachStorage('payment receipts', (storage) => {
  let s: TestServer;
  let ref: any;
  before(async () => {
    s = await startTestServer(storage, { ADMIN_TOKEN });
    const all = s.as('mx').list;
    const [types, pays, users, taxes] = await Promise.all([all('/v1/document-types'), all('/v1/payment-types?document_type=FV'), all('/v1/users'), all('/v1/taxes')]);
    ref = {
      type: Object.fromEntries(types.map((t) => [t.code, t])), seller: users.find((u) => u.active).id,
      pay: Object.fromEntries(pays.map((p) => [p.name, p])), tax: (type: string, pct: number) => taxes.find((t) => t.type === type && t.percentage === pct),
    };
  });
  after(() => s.close());

  const mx = () => s.as('mx');
  /** A stamped PPD invoice: LAP14 1 × price, IVA 16 %. */
  const ppd = async (price = 10000, over: Record<string, unknown> = {}) => {
    const total = Math.round(price * 116) / 100;
    const res = await mx().post('/v1/invoices', {
      document: { id: ref.type['FV-A'].id }, customer: CUSTOMER, seller: ref.seller, use: 'G03',
      items: [{ code: 'LAP14', quantity: 1, price }],
      payment: { method: 'PPD', conditions: { id: ref.pay['Por definir'].id, value: total, due_date: '2099-12-31' } },
      stamp: { send: true }, ...over,
    }, MX_APP);
    assert.equal(res.status, 201, JSON.stringify(res.body));
    assert.equal(res.body.stamp.status, 'Accepted', JSON.stringify(res.body.stamp));
    return res.body;
  };
  const receipt = (invoices: { id: string; amount: number }[], over: Record<string, unknown> = {}) => ({
    document: { id: ref.type.P.id }, date: new Date(Date.now() - 1000).toISOString(), customer: CUSTOMER, payment_form: '03',
    amount: Math.round(invoices.reduce((t, i) => t + i.amount * 100, 0)) / 100, invoices, stamp: { send: true }, ...over,
  });
  const xmlOf = async (id: string) => Buffer.from((await mx().get(`/v1/payments/${id}/xml`)).body.base64, 'base64').toString('utf8');
  const attr = (xml: string, q: string) => String(satSelect(`string(${q})`, parseXml(xml) as unknown as Node));
  const entry = async (id: string) => (await s.db.query(
    `SELECT l.account_code, l.debit::text, l.credit::text FROM journal_lines l JOIN journal_entries e ON e.id = l.entry_id WHERE e.source_id = $1 ORDER BY l.line_no`, [id]))
    .map((l) => [l.account_code, l.debit, l.credit]);
  const receivable = async () => {
    const tb = (await mx().get('/v1/reports/trial-balance')).body;
    assert.equal(tb.balanced, true);
    const ar = (await mx().get(`/v1/reports/accounts-receivable?date=2099-12-31&customer_identification=${CUSTOMER.rfc_id}`)).body;
    const open = ar.customers.reduce((t: number, c: any) => t + Math.round(c.totals.total * 100), 0) / 100;
    assert.deepEqual([...new Set([...ar.customers.map((c: any) => c.currency), ...ar.totals.map((t: any) => t.currency)])], open ? ['MXN'] : [], 'in pesos');
    return { account: tb.accounts.find((x: any) => x.code === '105.01')?.closing_balance ?? 0, open, iva: (code: string) => tb.accounts.find((x: any) => x.code === code)?.closing_balance ?? 0 };
  };

  test('11,600.00 paid in two installments: NumParcialidad 1 and 2, balances, taxes, stamped and schema-valid, books and receivables agree', async () => {
    const before = await receivable();
    const inv = await ppd();
    assert.equal(inv.total, 11600);
    const afterInvoice = await receivable();
    assert.equal(Math.round((afterInvoice.open - before.open) * 100), 1160000);
    assert.equal(Math.round((afterInvoice.account - before.account) * 100), 1160000);

    const first = await mx().post('/v1/payments', receipt([{ id: inv.id, amount: 5800 }]), MX_APP);
    assert.equal(first.status, 201, JSON.stringify(first.body));
    const p1 = first.body;
    assert.equal(p1.stamp.status, 'Accepted', JSON.stringify(p1.stamp));
    assert.match(p1.name, /^REP-\d+-\d+$/);
    assert.deepEqual(p1.invoices, [{
      id: inv.id, name: inv.name, prefix: inv.prefix, number: inv.number, uuid: inv.stamp.uuid, currency: 'MXN', equivalence: 1, installment: 1,
      previous_balance: 11600, amount_paid: 5800, balance_left: 5800, tax_object: '02',
      taxes: [{ type: 'IVA', percentage: 16, base_value: 5000, value: 800 }], withholdings: [],
    }]);
    assert.deepEqual(p1.totals, { withholdings_iva: 0, withholdings_isr: 0, withholdings_ieps: 0, transferred: [{ percentage: 16, base_value: 5000, value: 800 }], payments_total: 5800 });
    assert.equal((await mx().get(`/v1/invoices/${inv.id}`)).body.balance, 5800);
    assert.deepEqual(await entry(p1.id), [['102.01', '5800.00', '0.00'], ['105.01', '0.00', '5800.00'], ['209.01', '800.00', '0.00'], ['208.01', '0.00', '800.00']]);
    const mid = await receivable();
    assert.equal(Math.round((mid.open - before.open) * 100), 580000);
    assert.equal(Math.round((mid.account - before.account) * 100), 580000);

    const x1 = await xmlOf(p1.id);
    assert.equal(attr(x1, '/cfdi:Comprobante/@TipoDeComprobante'), 'P');
    assert.equal(attr(x1, '/cfdi:Comprobante/@Total'), '0');
    assert.equal(attr(x1, '/cfdi:Comprobante/@Moneda'), 'XXX');
    assert.equal(attr(x1, '//cfdi:Receptor/@UsoCFDI'), 'CP01');
    assert.equal(attr(x1, '//pago20:DoctoRelacionado/@IdDocumento'), inv.stamp.uuid);
    assert.equal(attr(x1, '//pago20:DoctoRelacionado/@NumParcialidad'), '1');
    assert.equal(attr(x1, '//pago20:DoctoRelacionado/@ImpSaldoAnt'), '11600.00');
    assert.equal(attr(x1, '//pago20:DoctoRelacionado/@ImpSaldoInsoluto'), '5800.00');
    assert.equal(attr(x1, '//pago20:TrasladoDR/@BaseDR'), '5000.00');
    assert.equal(attr(x1, '//pago20:Totales/@MontoTotalPagos'), '5800.00');
    assert.equal(attr(x1, '//pago20:Totales/@TotalTrasladosImpuestoIVA16'), '800.00');
    assert.ok(attr(x1, '//tfd:TimbreFiscalDigital/@UUID'), 'stamped');

    const second = await mx().post('/v1/payments', receipt([{ id: inv.id, amount: 5800 }], { payment_form: '01' }), MX_APP);
    assert.equal(second.status, 201, JSON.stringify(second.body));
    assert.equal(second.body.stamp.status, 'Accepted', JSON.stringify(second.body.stamp));
    assert.deepEqual([second.body.invoices[0].installment, second.body.invoices[0].previous_balance, second.body.invoices[0].balance_left], [2, 5800, 0]);
    const x2 = await xmlOf(second.body.id);
    assert.equal(attr(x2, '//pago20:DoctoRelacionado/@NumParcialidad'), '2');
    assert.equal(attr(x2, '//pago20:DoctoRelacionado/@ImpSaldoInsoluto'), '0.00');
    assert.deepEqual(await entry(second.body.id), [['101.01', '5800.00', '0.00'], ['105.01', '0.00', '5800.00'], ['209.01', '800.00', '0.00'], ['208.01', '0.00', '800.00']]);
    assert.equal((await mx().get(`/v1/invoices/${inv.id}`)).body.balance, 0);
    const end = await receivable();
    assert.equal(Math.round((end.open - before.open) * 100), 0);
    assert.equal(Math.round((end.account - before.account) * 100), 0);

    // The stamped documents against the SAT's schemas (cfdv40.xsd with Pagos20.xsd): the TFD aside, as the provider checked them.
    for (const x of [x1, x2]) {
      const unstamped = x.replace(/<tfd:TimbreFiscalDigital[^>]*\/>/, '');
      const check = await checkCfdiSchema(unstamped);
      assert.deepEqual(check.errors, []);
    }
    const bad = await checkCfdiSchema(x1.replace(/<tfd:TimbreFiscalDigital[^>]*\/>/, '').replace('NumParcialidad="1"', 'NumParcialidad="0"'));
    assert.ok(bad.errors.some((e) => /NumParcialidad/.test(e)), bad.errors.join('\n'));

    // Listed and read.
    const list = (await mx().get(`/v1/payments?customer_identification=${CUSTOMER.rfc_id}&page_size=100`)).body;
    assert.ok(list.results.some((p: any) => p.id === p1.id));
    assert.deepEqual((await mx().get(`/v1/payments/${p1.id}`)).body.invoices, p1.invoices);
    // Fully paid: nothing more.
    assert.deepEqual(problems(await mx().post('/v1/payments', receipt([{ id: inv.id, amount: 1 }]), MX_APP)), ['invalid_value@invoices[0].amount']);
  });

  test('taxes paid in proportion with withholdings; the settling installment takes the rest of each base', async () => {
    // CONSULT 3 × 1000: IVA 480, ReteIVA 10.6667 % 320.00, ReteISR 10 % 300; total 3000 + 480 − 320 − 300 = 2860
    const res = await mx().post('/v1/invoices', {
      document: { id: ref.type['FV-A'].id }, customer: CUSTOMER, seller: ref.seller, use: 'G03', items: [{ code: 'CONSULT', quantity: 3, price: 1000 }],
      retentions: [ref.tax('ReteIVA', 10.6667).id, ref.tax('ReteISR', 10).id],
      payment: { method: 'PPD', conditions: { id: ref.pay['Por definir'].id, value: 2860, due_date: '2099-12-31' } }, stamp: { send: true },
    }, MX_APP);
    assert.equal(res.status, 201, JSON.stringify(res.body));
    const inv = res.body;
    assert.equal(inv.total, 2860);
    const a = await mx().post('/v1/payments', receipt([{ id: inv.id, amount: 1000 }]), MX_APP);
    assert.equal(a.status, 201, JSON.stringify(a.body));
    assert.equal(a.body.stamp.status, 'Accepted', JSON.stringify(a.body.stamp));
    // 1000 / 2860 of 3000 = 1048.95; IVA 167.83; withheld on the same base: 111.89 and 104.90
    assert.deepEqual(a.body.invoices[0].taxes, [{ type: 'IVA', percentage: 16, base_value: 1048.95, value: 167.83 }]);
    assert.deepEqual(a.body.invoices[0].withholdings, [
      { type: 'ReteIVA', percentage: 10.6667, base_value: 1048.95, value: 111.89 }, { type: 'ReteISR', percentage: 10, base_value: 1048.95, value: 104.9 }]);
    assert.deepEqual([a.body.totals.withholdings_iva, a.body.totals.withholdings_isr], [111.89, 104.9]);
    const b = await mx().post('/v1/payments', receipt([{ id: inv.id, amount: 1860 }]), MX_APP);
    assert.equal(b.status, 201, JSON.stringify(b.body));
    assert.equal(b.body.stamp.status, 'Accepted', JSON.stringify(b.body.stamp));
    assert.deepEqual(b.body.invoices[0].taxes, [{ type: 'IVA', percentage: 16, base_value: 1951.05, value: 312.17 }]);
    // The IVA moved to collected adds up to the invoice's exactly.
    const moved = [...await entry(a.body.id), ...await entry(b.body.id)].filter((l) => l[0] === '208.01').reduce((t, l) => t + Math.round(Number(l[2]) * 100), 0);
    assert.equal(moved, 48000);
  });

  test('one receipt pays two invoices; a foreign-currency payment; preview; annulment of a Draft gives the balance back', async () => {
    const a = await ppd(1000);
    const b = await ppd(2000);
    const both = await mx().post('/v1/payments', receipt([{ id: a.id, amount: 1160 }, { id: b.id, amount: 1000 }]), MX_APP);
    assert.equal(both.status, 201, JSON.stringify(both.body));
    assert.equal(both.body.stamp.status, 'Accepted', JSON.stringify(both.body.stamp));
    assert.deepEqual(both.body.invoices.map((i: any) => [i.installment, i.amount_paid, i.balance_left]), [[1, 1160, 0], [1, 1000, 1320]]);
    assert.equal(both.body.totals.payments_total, 2160);

    const preview = await mx().post('/v1/payments/preview', receipt([{ id: b.id, amount: 100 }]), MX_APP);
    assert.equal(preview.status, 200, JSON.stringify(preview.body));
    assert.deepEqual([preview.body.id, preview.body.number, preview.body.invoices[0].installment], [null, null, 2]);

    const draft = await mx().post('/v1/payments', receipt([{ id: b.id, amount: 320 }], { stamp: { send: false } }), MX_APP);
    assert.equal(draft.status, 201, JSON.stringify(draft.body));
    assert.equal(draft.body.stamp.status, 'Draft');
    assert.equal((await mx().get(`/v1/invoices/${b.id}`)).body.balance, 1000);
    const annulled = await mx().post(`/v1/payments/${draft.body.id}/annul`, {});
    assert.equal(annulled.status, 200, JSON.stringify(annulled.body));
    assert.equal(annulled.body.annulled, true);
    assert.equal((await mx().get(`/v1/invoices/${b.id}`)).body.balance, 1320);
    assert.deepEqual(problems(await mx().post(`/v1/payments/${draft.body.id}/annul`, {})), ['invalid_document@id']);
    assert.deepEqual(problems(await mx().post(`/v1/payments/${both.body.id}/annul`, {})), ['invalid_document@id'], 'a stamped receipt is cancelled, not annulled');

    // A Draft stamped later.
    const later = await mx().post('/v1/payments', receipt([{ id: b.id, amount: 20 }], { stamp: { send: false } }), MX_APP);
    const stamped = await mx().post(`/v1/payments/${later.body.id}/stamp`, {});
    assert.equal(stamped.status, 200, JSON.stringify(stamped.body));
    assert.equal(stamped.body.stamp.status, 'Accepted', JSON.stringify(stamped.body.stamp));
    assert.equal(stamped.body.invoices[0].installment, 2);

    // 100 USD at 17.25 pays 1725.00 MXN of an invoice in pesos: EquivalenciaDR 17.25, TipoCambioP 17.25, ImpPagado rounded down.
    const [{ company_id: id }] = await s.db.query(`SELECT company_id FROM companies WHERE tax_id = 'EKU9003173C9'`);
    assert.equal((await adminOf(s).patch(`/companies/${id}`, { settings: { foreign_currency: { enabled: true, currencies: ['USD'] } } })).status, 200);
    const c = await ppd(3000);
    const usd = await mx().post('/v1/payments', receipt([{ id: c.id, amount: 100.01 }], { currency: { code: 'USD', exchange_rate: 17.2549 } }), MX_APP);
    assert.equal(usd.status, 201, JSON.stringify(usd.body));
    assert.equal(usd.body.stamp.status, 'Accepted', JSON.stringify(usd.body.stamp));
    // 100.01 × 17.2549 = 1725.662549 → 1725.66 (down), and 1725.66 / 17.2549 ≤ 100.01
    assert.deepEqual([usd.body.invoices[0].amount_paid, usd.body.invoices[0].equivalence, usd.body.totals.payments_total], [1725.66, 17.2549, 1725.66]);
    const xml = await xmlOf(usd.body.id);
    assert.equal(attr(xml, '//pago20:Pago/@MonedaP'), 'USD');
    assert.equal(attr(xml, '//pago20:Pago/@TipoCambioP'), '17.2549');
    assert.equal(attr(xml, '//pago20:Pago/@Monto'), '100.01');
    assert.equal(attr(xml, '//pago20:DoctoRelacionado/@EquivalenciaDR'), '17.2549');
    assert.equal(attr(xml, '//pago20:DoctoRelacionado/@ImpPagado'), '1725.66');
  });

  test('every rule answers 400 with its path and takes no number', async () => {
    const inv = await ppd(500);
    const pue = (await mx().post('/v1/invoices', {
      document: { id: ref.type['FV-A'].id }, customer: CUSTOMER, seller: ref.seller, use: 'G03', items: [{ code: 'LAP14', quantity: 1, price: 100 }],
      payment: { method: 'PUE', conditions: { id: ref.pay.Contado.id, value: 116, due_date: mxToday() } }, stamp: { send: true },
    }, MX_APP)).body;
    const unstamped = await ppd(500, { stamp: { send: false } }).catch(() => null);
    const other = await mx().post('/v1/invoices', {
      document: { id: ref.type['FV-A'].id }, customer: { rfc_id: 'URE180429TM6', branch_office: 0 }, seller: ref.seller, use: 'G03', items: [{ code: 'LAP14', quantity: 1, price: 100 }],
      payment: { method: 'PPD', conditions: { id: ref.pay['Por definir'].id, value: 116, due_date: '2099-12-31' } }, stamp: { send: true },
    }, MX_APP);
    const [{ consecutive }] = await s.db.query('SELECT consecutive FROM document_types WHERE id = $1', [ref.type.P.id]);
    const cases: [string, any, string[]][] = [
      ['payment form 99', receipt([{ id: inv.id, amount: 10 }], { payment_form: '99' }), ['invalid_value@payment_form']],
      ['amounts do not add up', receipt([{ id: inv.id, amount: 10 }], { amount: 11 }), ['invalid_total_payments@amount']],
      ['more than owed', receipt([{ id: inv.id, amount: 581 }]), ['invalid_value@invoices[0].amount']],
      ['unknown invoice', receipt([{ id: '00000000-0000-4000-8000-000000000000', amount: 10 }]), ['invalid_reference@invoices[0].id']],
      ['a PUE invoice', receipt([{ id: pue.id, amount: 10 }]), ['invalid_document@invoices[0].id']],
      ['another customer\'s invoice', receipt([{ id: other.body.id, amount: 10 }]), ['invalid_document@invoices[0].id']],
      ['the same invoice twice', receipt([{ id: inv.id, amount: 10 }, { id: inv.id, amount: 10 }]), ['invalid_value@invoices[1].id']],
      ['a date in the future', receipt([{ id: inv.id, amount: 10 }], { date: '2099-01-01T00:00:00Z' }), ['invalid_date@date']],
      ['no invoices', receipt([], { amount: 10 }), ['invalid_array@invoices']],
      ['a cash receipt type', receipt([{ id: inv.id, amount: 10 }], { document: { id: ref.type.RC.id } }), ['invalid_document@document.id']],
      ['a generic RFC', receipt([{ id: inv.id, amount: 10 }], { customer: { rfc_id: 'XAXX010101000', branch_office: 0 } }), ['invalid_value@customer.rfc_id']],
      ['a currency not enabled', receipt([{ id: inv.id, amount: 10 }], { currency: { code: 'EUR', exchange_rate: 20 } }), ['company_settings@currency.code']],
    ];
    if (unstamped) cases.push(['a Draft invoice', receipt([{ id: unstamped.id, amount: 10 }]), ['invalid_document@invoices[0].id']]);
    for (const [name, body, want] of cases) {
      const res = await mx().post('/v1/payments', body, MX_APP);
      assert.equal(res.status, 400, `${name}: ${JSON.stringify(res.body)}`);
      assert.deepEqual(problems(res), want, name);
    }
    const [now] = await s.db.query('SELECT consecutive FROM document_types WHERE id = $1', [ref.type.P.id]);
    assert.equal(String(now.consecutive), String(consecutive), 'no number taken');
    assert.equal((await mx().get(`/v1/invoices/${inv.id}`)).body.balance, 580);
  });

  test('two receipts racing for the last pesos of an invoice: one wins, the other gets 400', async () => {
    const inv = await ppd(100);
    const body = receipt([{ id: inv.id, amount: 116 }], { stamp: { send: false } });
    const results = await Promise.all([1, 2, 3].map(() => mx().post('/v1/payments', body, MX_APP)));
    assert.deepEqual(results.map((r) => r.status).sort(), [201, 400, 400], JSON.stringify(results.map((r) => r.body)));
    for (const r of results.filter((x) => x.status === 400)) assert.deepEqual(problems(r), ['invalid_value@invoices[0].amount']);
    assert.equal((await mx().get(`/v1/invoices/${inv.id}`)).body.balance, 0);
  });
});
