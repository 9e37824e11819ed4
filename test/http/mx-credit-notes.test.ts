/**
 * Mexican credit notes (CFDI type E, TipoRelacion 01) through HTTP, on both
 * storages: a PUE invoice corrected with a refund, a PPD invoice's balance
 * lowered by compensation (17), a note spread over two invoices, never more
 * than is left; stamped and related by UUID; ledger, receivables, annulment
 * before stamping and cancellation after.
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { eachStorage, problems, startTestServer, type TestServer } from '../support/server';
import { MX_APP, mxToday } from '../support/mx';
import { parseXml, satSelect } from '../../src/countries/mx/sat/chain';

const CUSTOMER = { rfc_id: 'XIA190128J61', branch_office: 0 };

eachStorage('Mexican credit notes', (storage) => {
  let s: TestServer;
  let ref: any;
  before(async () => {
    s = await startTestServer(storage);
    const all = s.as('mx').list;
    const [types, pays, users] = await Promise.all([all('/v1/document-types'), all('/v1/payment-types?document_type=FV'), all('/v1/users')]);
    ref = { type: Object.fromEntries(types.map((t) => [t.code, t])), seller: users.find((u) => u.active).id, pay: Object.fromEntries(pays.map((p) => [p.name, p])) };
  });
  after(() => s.close());

  const mx = () => s.as('mx');
  const invoice = async (price: number, method: 'PUE' | 'PPD' = 'PUE', customer = CUSTOMER) => {
    const total = Math.round(price * 116) / 100;
    const res = await mx().post('/v1/invoices', {
      document: { id: ref.type['FV-A'].id }, customer, seller: ref.seller, use: 'G03', items: [{ code: 'LAP14', quantity: 1, price }],
      payment: { method, conditions: method === 'PUE' ? { id: ref.pay.Contado.id, value: total, due_date: mxToday() } : { id: ref.pay['Por definir'].id, value: total, due_date: '2099-12-31' } },
      stamp: { send: true },
    }, MX_APP);
    assert.equal(res.status, 201, JSON.stringify(res.body));
    return res.body;
  };
  const note = (invoices: string[], price: number, over: Record<string, unknown> = {}) => ({
    document: { id: ref.type.NC.id }, invoices: invoices.map((id) => ({ id })), payment_form: '01', items: [{ code: 'LAP14', quantity: 1, price }], stamp: { send: true }, ...over,
  });
  const post = (b: unknown) => mx().post('/v1/credit-notes', b, MX_APP);
  const entry = async (id: string) => (await s.db.query(
    `SELECT l.account_code, l.debit::text, l.credit::text FROM journal_lines l JOIN journal_entries e ON e.id = l.entry_id WHERE e.source_id = $1 ORDER BY l.line_no`, [id]))
    .map((l) => [l.account_code, l.debit, l.credit]);

  test('a PUE invoice corrected with a refund: CFDI E related by UUID, stamped; its entry', async () => {
    const inv = await invoice(2000);
    const res = await post(note([inv.id], 500));
    assert.equal(res.status, 201, JSON.stringify(res.body));
    const n = res.body;
    assert.equal(n.stamp.status, 'Accepted', JSON.stringify(n.stamp));
    assert.match(n.name, /^NC-\d+-\d+$/);
    assert.deepEqual([n.total, n.use, n.payment_form], [580, 'G02', '01']);
    // All of it is the invoice's: its line (500.00 of one unit of the product sold) and its IVA 80.00.
    assert.deepEqual(n.invoices, [{ id: inv.id, name: inv.name, uuid: inv.stamp.uuid, amount: 580, lines: [{ code: n.items[0].code, quantity: 1, base_value: 500 }],
      taxes: [{ type: 'IVA', percentage: 16, base_value: 500, value: 80 }], withholdings: [] }]);
    const xml = Buffer.from((await mx().get(`/v1/credit-notes/${n.id}/xml`)).body.base64, 'base64').toString('utf8');
    const attr = (q: string) => String(satSelect(`string(${q})`, parseXml(xml) as unknown as Node));
    assert.deepEqual([attr('/cfdi:Comprobante/@TipoDeComprobante'), attr('/cfdi:Comprobante/@MetodoPago'), attr('/cfdi:Comprobante/@FormaPago'), attr('/cfdi:Comprobante/@Total')],
      ['E', 'PUE', '01', '580.00']);
    assert.equal(attr('//cfdi:CfdiRelacionados/@TipoRelacion'), '01');
    assert.equal(attr('//cfdi:CfdiRelacionado/@UUID'), inv.stamp.uuid);
    assert.ok(attr('//tfd:TimbreFiscalDigital/@UUID'));
    assert.deepEqual(await entry(n.id), [['402.01', '500.00', '0.00'], ['208.01', '80.00', '0.00'], ['101.01', '0.00', '580.00']]);
    assert.deepEqual((await mx().get(`/v1/credit-notes/${n.id}`)).body.invoices, n.invoices);
    const list = (await mx().get('/v1/credit-notes?page_size=100')).body;
    assert.ok(list.results.some((x: any) => x.id === n.id));
    // What is left of it: 2320 − 580 = 1740.
    assert.deepEqual(problems(await post(note([inv.id], 1500.01))), ['invalid_value@items', 'invalid_value@items[0]'], 'more than is left of the invoice and of its product');
    assert.equal((await post(note([inv.id], 1500))).status, 201);
  });

  test('compensation (17) lowers a PPD invoice\'s balance and the receivable; never more than it owes', async () => {
    const inv = await invoice(10000, 'PPD');
    const res = await post(note([inv.id], 1000, { payment_form: '17' }));
    assert.equal(res.status, 201, JSON.stringify(res.body));
    assert.equal((await mx().get(`/v1/invoices/${inv.id}`)).body.balance, 10440);
    assert.deepEqual(await entry(res.body.id), [['402.01', '1000.00', '0.00'], ['209.01', '160.00', '0.00'], ['105.01', '0.00', '1160.00']]);
    const pay = await mx().post('/v1/payments', { document: { id: ref.type.P.id }, date: new Date(Date.now() - 1000).toISOString(), customer: CUSTOMER,
      payment_form: '03', amount: 10000, invoices: [{ id: inv.id, amount: 10000 }], stamp: { send: true } }, MX_APP);
    assert.equal(pay.status, 201, JSON.stringify(pay.body));
    assert.equal(pay.body.invoices[0].previous_balance, 10440, 'the receipt starts from the balance the note left');
    assert.deepEqual(problems(await post(note([inv.id], 500, { payment_form: '17' }))), ['invalid_value@items'], 'it owes 440.00 now');
  });

  test('a note over two invoices, in the order sent; annulled before stamping; cancelled after, and only then the invoice', async () => {
    const a = await invoice(100, 'PPD');
    const b = await invoice(1000, 'PPD');
    const two = await post(note([a.id, b.id], 500, { payment_form: '17' }));
    assert.equal(two.status, 201, JSON.stringify(two.body));
    assert.deepEqual(two.body.invoices.map((i: any) => i.amount), [116, 464]);
    assert.deepEqual([(await mx().get(`/v1/invoices/${a.id}`)).body.balance, (await mx().get(`/v1/invoices/${b.id}`)).body.balance], [0, 696]);

    const draft = await post(note([b.id], 100, { payment_form: '17', stamp: { send: false } }));
    assert.equal(draft.status, 201, JSON.stringify(draft.body));
    assert.equal((await mx().get(`/v1/invoices/${b.id}`)).body.balance, 580);
    const annulled = await mx().post(`/v1/credit-notes/${draft.body.id}/annul`, {});
    assert.equal(annulled.status, 200, JSON.stringify(annulled.body));
    assert.equal((await mx().get(`/v1/invoices/${b.id}`)).body.balance, 696);
    assert.deepEqual(problems(await mx().post(`/v1/credit-notes/${two.body.id}/annul`, {})), ['invalid_document@id'], 'stamped: cancelled, not annulled');

    assert.deepEqual(problems(await mx().post(`/v1/invoices/${b.id}/cancel`, { motive: '02' })), ['invalid_document@id'], 'its credit note first');
    const cancelled = await mx().post(`/v1/credit-notes/${two.body.id}/cancel`, { motive: '02' });
    assert.equal(cancelled.status, 200, JSON.stringify(cancelled.body));
    assert.deepEqual([cancelled.body.cancellation.status, cancelled.body.annulled], ['Cancelled', true]);
    assert.deepEqual([(await mx().get(`/v1/invoices/${a.id}`)).body.balance, (await mx().get(`/v1/invoices/${b.id}`)).body.balance], [116, 1160]);
    assert.equal((await mx().post(`/v1/invoices/${b.id}/cancel`, { motive: '02' })).status, 200);
  });

  test('every rule answers 400 with its path and takes no number', async () => {
    const inv = await invoice(300);
    const other = await invoice(300, 'PUE', { rfc_id: 'URE180429TM6', branch_office: 0 });
    const draft = await mx().post('/v1/invoices', {
      document: { id: ref.type['FV-A'].id }, customer: CUSTOMER, seller: ref.seller, use: 'G03', items: [{ code: 'LAP14', quantity: 1, price: 100 }],
      payment: { method: 'PUE', conditions: { id: ref.pay.Contado.id, value: 116, due_date: mxToday() } },
    }, MX_APP);
    const [{ consecutive }] = await s.db.query('SELECT consecutive FROM document_types WHERE id = $1', [ref.type.NC.id]);
    const cases: [string, any, string[]][] = [
      ['unknown invoice', note(['00000000-0000-4000-8000-000000000000'], 10), ['invalid_reference@invoices[0].id']],
      ['a Draft invoice', note([draft.body.id], 10), ['invalid_document@invoices[0].id']],
      ['two customers', note([inv.id, other.id], 10), ['invalid_document@invoices[1].id']],
      ['the same invoice twice', note([inv.id, inv.id], 10), ['invalid_value@invoices[1].id']],
      ['more than is left', note([inv.id], 301), ['invalid_value@items', 'invalid_value@items[0]']],
      ['compensation on a paid (PUE) invoice', note([inv.id], 10, { payment_form: '17' }), ['invalid_value@items']],
      ['payment form 99', note([inv.id], 10, { payment_form: '99' }), ['invalid_value@payment_form']],
      ['an invoice type', note([inv.id], 10, { document: { id: ref.type['FV-A'].id } }), ['invalid_document@document.id']],
      ['unknown product', note([inv.id], 10, { items: [{ code: 'NOPE', quantity: 1, price: 1 }] }), ['invalid_reference@items[0].code']],
      ['a use not for the receiver', note([inv.id], 10, { use: 'D01' }), ['invalid_value@use']],
      ['zero price', note([inv.id], 0), ['invalid_value@items[0].price']],
    ];
    for (const [name, body, want] of cases) {
      const res = await post(body);
      assert.equal(res.status, 400, `${name}: ${JSON.stringify(res.body)}`);
      assert.deepEqual(problems(res), want, name);
    }
    const [now] = await s.db.query('SELECT consecutive FROM document_types WHERE id = $1', [ref.type.NC.id]);
    assert.equal(String(now.consecutive), String(consecutive), 'no number taken');
  });
});
