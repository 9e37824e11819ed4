/**
 * Mexican invoices on {base_url_mx}: every rule of the MX tables, totals by
 * hand, the ledger, the headers and the country boundary, reads, annul,
 * Idempotency-Key and numbering under concurrency.
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { eachStorage, problems, startTestServer, type TestServer } from '../support/server';

const APP = { 'serviceapi-application-id': 'TiendaPOS' };
const mxToday = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Mexico_City' }).format(new Date());

eachStorage('MX invoices', (storage) => {
  let s: TestServer;
  let ref: any;
  before(async () => {
    s = await startTestServer(storage);
    const mx = s.as('mx');
    const all = mx.list;
    const [types, taxes, pays, users, ccs, whs] = await Promise.all([all('/v1/document-types?type=FV'), all('/v1/taxes'),
      all('/v1/payment-types?document_type=FV'), all('/v1/users'), all('/v1/cost-centers'), all('/v1/warehouses')]);
    ref = {
      type: Object.fromEntries(types.map((t) => [t.code, t])), rc: (await all('/v1/document-types?type=RC'))[0],
      tax: (type: string, pct: number) => taxes.find((t) => t.type === type && t.percentage === pct),
      inactiveTax: taxes.find((t) => !t.active),
      pay: Object.fromEntries(pays.map((p) => [p.name, p])),
      seller: users.find((u) => u.active), inactiveSeller: users.find((u) => !u.active),
      cc: ccs.find((c) => c.active), inactiveCc: ccs.find((c) => !c.active),
      wh: whs.find((w) => w.active), inactiveWh: whs.find((w) => !w.active),
    };
  });
  after(() => s.close());

  /** 2 × 1500 − 10 % with IVA 16 % (LAP14 is taxed at 16 %): base 2700, IVA 432, total 3132 paid at once. */
  const valid = (over: Record<string, unknown> = {}) => ({
    document: { id: ref.type['FV-A'].id },
    customer: { rfc_id: 'XIA190128J61', branch_office: 0 },
    seller: ref.seller.id,
    use: 'G03',
    items: [{ code: 'LAP14', quantity: 2, price: 1500, discount: 300 }],
    payment: { method: 'PUE', conditions: { id: ref.pay.Contado.id, value: 3132, due_date: mxToday() } },
    ...over,
  });
  const post = (body: unknown, headers: Record<string, string> = APP) => s.as('mx').post('/v1/invoices', body, headers);

  test('creates an invoice: amounts, echo of the request, metadata, ledger', async () => {
    const res = await post(valid({ observations: 'Entrega en sucursal', cost_center: ref.cc.id, retentions: [], items: [{ code: 'LAP14', quantity: 2, price: 1500, discount: 300, warehouse: ref.wh.id }] }));
    assert.equal(res.status, 201, JSON.stringify(res.body));
    const b = res.body;
    assert.deepEqual(b.document, { id: ref.type['FV-A'].id, name: ref.type['FV-A'].name });
    assert.equal(b.name, `A-${ref.type['FV-A'].id}-${b.number}`);
    assert.deepEqual([b.subtotal, b.discounts, b.taxes_total, b.total, b.balance], [3000, 300, 432, 3132, 0]);
    assert.deepEqual(b.items[0].taxes.map((t: any) => [t.type, t.percentage, t.value, t.base_value]), [['IVA', 16, 432, 2700]]);
    assert.equal(b.items[0].quantity, 2);
    assert.equal(b.items[0].warehouse, ref.wh.id);
    assert.deepEqual(b.customer.rfc_id, 'XIA190128J61');
    for (const f of ['seller', 'observations', 'use', 'cost_center', 'retentions']) assert.ok(f in b, f);
    assert.equal(b.payment.method, 'PUE');
    assert.equal(b.payment.conditions.value, 3132);
    assert.deepEqual(b.stamp, { send: false, status: 'Draft', uuid: null, errors: null, observations: null });
    assert.deepEqual(b.mail, { send: false, status: 'not_sent', observations: null });
    assert.match(b.metadata.created, /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    assert.deepEqual((await s.as('mx').get(`/v1/invoices/${b.id}`)).body, b);
    const [stored] = await s.db.query('SELECT country, application_id FROM invoices WHERE id = $1', [b.id]);
    assert.deepEqual(stored, { country: 'MX', application_id: 'TiendaPOS' });
    const lines = await s.db.query(`SELECT l.account_code, l.debit::text, l.credit::text FROM journal_lines l JOIN journal_entries e ON e.id = l.entry_id WHERE e.source_id = $1 ORDER BY l.line_no`, [b.id]);
    assert.deepEqual(lines.map((l) => [l.account_code, l.debit, l.credit]), [['101.01', '3132.00', '0.00'], ['401.01', '0.00', '3000.00'], ['402.01', '300.00', '0.00'], ['208.01', '0.00', '432.00']]);
  });

  test('retentions, PPD with a receivable, percentage discounts, IEPS', async () => {
    // CONSULT: 10 h × 1500 = 15000, IVA 16 % = 2400; ReteIVA 10.6667 % of 15000 = 1600.005 → 1600.01; ReteISR 10 % = 1500
    // total = 15000 + 2400 − 1600.01 − 1500 = 14299.99
    const due = '2099-12-31';
    const res = await post(valid({
      use: 'G03', items: [{ code: 'CONSULT', quantity: 10, price: 1500 }],
      retentions: [ref.tax('ReteIVA', 10.6667).id, ref.tax('ReteISR', 10).id],
      payment: { method: 'PPD', conditions: { id: ref.pay['Por definir'].id, value: 14299.99, due_date: due } },
    }));
    assert.equal(res.status, 201, JSON.stringify(res.body));
    assert.deepEqual(res.body.retention_details.map((r: any) => [r.type, r.value]), [['ReteIVA', 1600.01], ['ReteISR', 1500]]);
    assert.equal(res.body.total, 14299.99);
    assert.equal(res.body.balance, 14299.99);
    const dueItems = await s.db.query('SELECT amount::text, due_date FROM due_items WHERE invoice_id = $1', [res.body.id]);
    assert.deepEqual(dueItems, [{ amount: '14299.99', due_date: due }]);
    const lines = await s.db.query(`SELECT l.account_code, l.debit::text, l.credit::text FROM journal_lines l JOIN journal_entries e ON e.id = l.entry_id WHERE e.source_id = $1`, [res.body.id]);
    assert.ok(lines.some((l) => l.account_code === '105.01' && l.debit === '14299.99'), 'receivable');
    assert.ok(lines.some((l) => l.account_code === '209.01' && l.credit === '2400.00'), 'IVA not yet collected');

    // FV-P: discount as a percentage. BOTANA45: 100 × 18.50 = 1850, 5 % → 92.50, base 1757.50; IEPS 8 % 140.60; IVA 16 % on
    // the base plus the IEPS (LIVA art. 12): 1757.50 + 140.60 = 1898.10 → 303.696 → 303.70; total 1757.50 + 140.60 + 303.70 = 2201.80
    const pct = await post(valid({ document: { id: ref.type['FV-P'].id }, items: [{ code: 'BOTANA45', quantity: 100, price: 18.5, discount: 5 }],
      payment: { method: 'PUE', conditions: { id: ref.pay.Contado.id, value: 2201.8, due_date: mxToday() } } }));
    assert.equal(pct.status, 201, JSON.stringify(pct.body));
    assert.deepEqual(pct.body.items[0].taxes.map((t: any) => [t.type, t.value, t.base_value]), [['IVA', 303.7, 1898.1], ['IEPS', 140.6, 1757.5]]);
    assert.deepEqual([pct.body.taxes_total, pct.body.total], [444.3, 2201.8]);
  });

  test('descriptions: the long one when none is sent, empty stays empty', async () => {
    const products = (await s.as('mx').get('/v1/products?page_size=100')).body.results;
    const withLong = products.find((p: any) => p.long_description && p.active);
    const plain = products.find((p: any) => !p.long_description && p.active && p.taxes.length === 1 && p.taxes[0].percentage === 16);
    const price = 10;
    const tax = withLong.taxes.reduce((x: number, t: any) => x + Math.round(price * t.percentage) / 100, 0);
    const res = await post(valid({ items: [{ code: withLong.code, quantity: 1, price }, { code: withLong.code, quantity: 1, price, description: '' }],
      payment: { method: 'PUE', conditions: { id: ref.pay.Contado.id, value: Math.round((2 * price + 2 * tax) * 100) / 100, due_date: mxToday() } } }));
    assert.equal(res.status, 201, JSON.stringify(res.body));
    assert.equal(res.body.items[0].description, withLong.long_description);
    assert.equal(res.body.items[1].description, '');
    const named = await post(valid({ items: [{ code: plain.code, quantity: 1, price: 100 }], payment: { method: 'PUE', conditions: { id: ref.pay.Contado.id, value: 116, due_date: mxToday() } } }));
    assert.equal(named.status, 201, JSON.stringify(named.body));
    assert.equal(named.body.items[0].description, plain.name, 'no long description: the product name');
  });

  const CASES: [string, () => Record<string, unknown>, string[]][] = [
    ['unknown document type', () => ({ document: { id: 999999 } }), ['invalid_reference@document.id']],
    ['inactive document type', () => ({ document: { id: ref.type['FV-X'].id } }), ['parameter_inactive@document.id']],
    ['a cash receipt type', () => ({ document: { id: ref.rc.id } }), ['invalid_document@document.id']],
    ['manual numbering without number', () => ({ document: { id: ref.type['FV-M'].id } }), ['parameter_required@number']],
    ['unknown customer', () => ({ customer: { rfc_id: 'AAA010101AAA' } }), ['invalid_reference@customer.rfc_id']],
    ['inactive customer', () => ({ customer: { rfc_id: 'FUNK671228PH6' } }), ['parameter_inactive@customer.rfc_id']],
    ['customer rfc too short', () => ({ customer: { rfc_id: 'ABC' } }), ['length_min@customer.rfc_id']],
    ['unknown seller', () => ({ seller: 999999 }), ['invalid_reference@seller']],
    ['inactive seller', () => ({ seller: ref.inactiveSeller.id }), ['parameter_inactive@seller']],
    ['observations over 4000', () => ({ observations: 'x'.repeat(4001) }), ['length_max@observations']],
    ['unknown use', () => ({ use: 'Z99' }), ['invalid_value@use']],
    ['use for persons only on a company', () => ({ use: 'D01' }), ['invalid_value@use']],
    ['missing use', () => ({ use: undefined }), ['parameter_required@use']],
    ['unknown cost center', () => ({ cost_center: 999999 }), ['invalid_cost_center@cost_center']],
    ['inactive cost center', () => ({ cost_center: ref.inactiveCc.id }), ['parameter_inactive@cost_center']],
    ['code with a space', () => ({ items: [{ code: 'LAP 14', quantity: 1, price: 1 }] }), ['invalid_code@items[0].code']],
    ['unknown product', () => ({ items: [{ code: 'NOPE1', quantity: 1, price: 1 }] }), ['invalid_reference@items[0].code']],
    ['inactive product', () => ({ items: [{ code: 'TAB10', quantity: 1, price: 1 }] }), ['parameter_inactive@items[0].code']],
    ['quantity with 3 decimals', () => ({ items: [{ code: 'LAP14', quantity: 1.005, price: 1 }] }), ['invalid_amount@items[0].quantity']],
    ['price with 3 decimals', () => ({ items: [{ code: 'LAP14', quantity: 1, price: 1.005 }] }), ['invalid_amount@items[0].price']],
    ['percentage discount above 100', () => ({ document: { id: ref.type['FV-P'].id }, items: [{ code: 'LAP14', quantity: 1, price: 1, discount: 101 }] }), ['invalid_value@items[0].discount']],
    ['discount above the line', () => ({ items: [{ code: 'LAP14', quantity: 1, price: 1, discount: 2 }] }), ['invalid_value@items[0].discount']],
    ['unknown warehouse', () => ({ items: [{ code: 'LAP14', quantity: 1, price: 1, warehouse: 999999 }] }), ['invalid_reference@items[0].warehouse']],
    ['inactive warehouse', () => ({ items: [{ code: 'LAP14', quantity: 1, price: 1, warehouse: ref.inactiveWh.id }] }), ['parameter_inactive@items[0].warehouse']],
    ['retention of IVA type', () => ({ retentions: [ref.tax('IVA', 16).id] }), ['invalid_retentions@retentions[0]']],
    ['two ReteISR', () => ({ retentions: [ref.tax('ReteISR', 10).id, ref.tax('ReteISR', 1.25).id] }), ['invalid_retentions@retentions[1]']],
    ['unknown retention', () => ({ retentions: [999999] }), ['invalid_reference@retentions[0]']],
    ['payment method not PUE/PPD', () => ({ payment: { method: 'XYZ', conditions: { id: ref.pay.Contado.id, value: 3132, due_date: mxToday() } } }), ['invalid_value@payment.method']],
    ['PPD with a concrete payment form', () => ({ payment: { method: 'PPD', conditions: { id: ref.pay.Contado.id, value: 3132, due_date: mxToday() } } }), ['invalid_payment@payment.conditions.id']],
    ['PUE with payment form 99', () => ({ payment: { method: 'PUE', conditions: { id: ref.pay['Por definir'].id, value: 3132, due_date: mxToday() } } }), ['invalid_payment@payment.conditions.id']],
    ['unknown payment condition', () => ({ payment: { method: 'PUE', conditions: { id: 999999, value: 3132, due_date: mxToday() } } }), ['invalid_reference@payment.conditions.id']],
    ['inactive payment condition', () => ({ payment: { method: 'PUE', conditions: { id: ref.pay['Cheque nominativo'].id, value: 3132, due_date: mxToday() } } }), ['parameter_inactive@payment.conditions.id']],
    ['condition value with 3 decimals', () => ({ payment: { method: 'PUE', conditions: { id: ref.pay.Contado.id, value: 3132.001, due_date: mxToday() } } }), ['invalid_amount@payment.conditions.value']],
    ['condition value not the total', () => ({ payment: { method: 'PUE', conditions: { id: ref.pay.Contado.id, value: 3000, due_date: mxToday() } } }), ['invalid_total_payments@payment.conditions.value']],
    ['due date not a date', () => ({ payment: { method: 'PUE', conditions: { id: ref.pay.Contado.id, value: 3132, due_date: 'mañana' } } }), ['invalid_date@payment.conditions.due_date']],
    ['due date before the invoice date', () => ({ payment: { method: 'PUE', conditions: { id: ref.pay.Contado.id, value: 3132, due_date: '2020-01-01' } } }), ['invalid_date@payment.conditions.due_date']],
    ['missing everything', () => ({ document: undefined, customer: undefined, seller: undefined, use: undefined, items: undefined, payment: undefined }),
      ['parameter_required@customer', 'parameter_required@document', 'parameter_required@items', 'parameter_required@payment', 'parameter_required@seller', 'parameter_required@use']],
  ];
  for (const [what, change, expected] of CASES) {
    test(`rule: ${what}`, async () => {
      const body: Record<string, unknown> = { ...valid(), ...change() };
      for (const k of Object.keys(body)) if (body[k] === undefined) delete body[k];
      const res = await post(body);
      assert.equal(res.status, 400, JSON.stringify(res.body));
      assert.deepEqual(problems(res).sort(), [...expected].sort(), JSON.stringify(res.body.Errors));
    });
  }

  test('uses per person type: D01 for a person, S01 for the generic RFC', async () => {
    const person = await post(valid({ customer: { rfc_id: 'MASO451221PM4' }, use: 'D01' }));
    assert.equal(person.status, 201, JSON.stringify(person.body));
    const generic = await post(valid({ customer: { rfc_id: 'XAXX010101000' }, use: 'S01' }));
    assert.equal(generic.status, 201, JSON.stringify(generic.body));
    const branch = await post(valid({ customer: { rfc_id: 'XIA190128J61', branch_office: 1 } }));
    assert.equal(branch.status, 201);
  });

  test('a stored description XML cannot hold (U+000B, from before input refused it): Rejected with BUILD, the job done, never retried', async () => {
    const res = await post(valid());
    assert.equal(res.status, 201, JSON.stringify(res.body));
    await s.db.query(`UPDATE invoices SET document = jsonb_set(document, '{items,0,description}', to_jsonb('Laptop' || chr(11) || '14'::text)) WHERE id = $1`, [res.body.id]);
    const sent = await s.as('mx').post(`/v1/invoices/${res.body.id}/stamp`, {});
    assert.equal(sent.body.stamp.status, 'Rejected', JSON.stringify(sent.body.stamp));
    assert.equal(sent.body.stamp.errors, "BUILD: The document's XML cannot be built from its data: it would hold U+000B, a character XML 1.0 does not allow");
    const [job] = await s.db.query(`SELECT status, attempts FROM outbox WHERE kind = 'sat_stamp' AND ref_id = $1`, [res.body.id]);
    assert.deepEqual({ ...job }, { status: 'done', attempts: 1 });
  });

  test('headers and the country boundary', async () => {
    const missing = await post(valid(), {});
    assert.equal(missing.status, 400);
    assert.deepEqual(problems(missing), ['header_required@ServiceAPI-Application-Id']);
    assert.deepEqual(problems(await post(valid(), { 'serviceapi-application-id': 'ab' })), ['invalid_value@ServiceAPI-Application-Id']);
    const stray = await post(valid(), { ...APP, 'application/json': 'x' }).catch(() => null);
    assert.ok(stray === null || stray.status === 201, 'the sample\'s stray header is ignored (or cannot be sent by fetch)');
    const coToken = await s.token('co');
    const wrong = await s.call('POST', '/mx/v1/invoices', { token: coToken, body: valid(), headers: APP });
    assert.equal(wrong.status, 403);
    const mxOnCo = await s.call('POST', '/v1/invoices', { token: await s.token('mx'), body: valid() });
    assert.equal(mxOnCo.status, 403);
    const list = await s.as('mx').get('/v1/invoices?page_size=100');
    assert.ok(list.body.results.every((x: any) => 'use' in x), 'only Mexican invoices on the MX base address');
    const co = await s.as('co').get('/v1/invoices?page_size=100');
    assert.ok(co.body.results.every((x: any) => !('use' in x)));
  });

  test('annul, idempotency and numbering under concurrency', async () => {
    const ppd = (await post(valid({ payment: { method: 'PPD', conditions: { id: ref.pay['Por definir'].id, value: 3132, due_date: '2099-01-01' } } }))).body;
    const annulled = await s.as('mx').post(`/v1/invoices/${ppd.id}/annul`, {});
    assert.equal(annulled.status, 200);
    assert.equal(annulled.body.annulled, true);
    assert.equal(annulled.body.balance, 0);
    assert.deepEqual(problems(await s.as('mx').post(`/v1/invoices/${ppd.id}/annul`, {})), ['invalid_document@id']);

    const manual = await post(valid({ document: { id: ref.type['FV-M'].id }, number: 501 }));
    assert.equal(manual.status, 201, JSON.stringify(manual.body));
    assert.equal(manual.body.name, `M-${ref.type['FV-M'].id}-501`);
    assert.deepEqual(problems(await post(valid({ document: { id: ref.type['FV-M'].id }, number: 501 }))), ['duplicated_document@number']);

    const key = { ...APP, 'idempotency-key': `mx-${storage}` };
    const answers = await Promise.all(Array.from({ length: 5 }, () => post(valid(), key)));
    assert.deepEqual(answers.map((a) => a.status), Array(5).fill(201));
    assert.equal(new Set(answers.map((a) => a.body.id)).size, 1);
    assert.equal((await post(valid({ observations: 'otro' }), key)).status, 409);

    const typeId = ref.type['FV-P'].id;
    const start = (await s.as('mx').get(`/v1/document-types/${typeId}`)).body.consecutive;
    const body = valid({ document: { id: typeId }, items: [{ code: 'AGUA20L', quantity: 1, price: 45 }], payment: { method: 'PUE', conditions: { id: ref.pay.Contado.id, value: 45, due_date: mxToday() } } });
    const many = await Promise.all(Array.from({ length: 30 }, () => post(body)));
    assert.deepEqual(many.map((a) => a.status), Array(30).fill(201), JSON.stringify(many.find((a) => a.status !== 201)?.body));
    assert.deepEqual(many.map((a) => a.body.number).sort((a, b) => a - b), Array.from({ length: 30 }, (_, i) => start + i));
  });

  test('preview on the MX base address', async () => {
    const res = await s.as('mx').post('/v1/invoices/preview', valid());
    assert.equal(res.status, 200, JSON.stringify(res.body));
    assert.equal(res.body.total, 3132);
    assert.equal(res.body.id, null);
  });

  test('a property the payment condition does not have is refused with its path, never echoed into the document (it was, and broke the answer\'s schema)', async () => {
    const conditions = { id: ref.pay.Contado.id, value: 3132, due_date: mxToday() };
    const bad = valid({ payment: { method: 'PUE', conditions: { ...conditions, argumen: {} } } });
    for (const res of [await s.as('mx').post('/v1/invoices/preview', bad), await post(bad)]) {
      assert.deepEqual(problems(res), ['parameter_not_allowed@payment.conditions.argumen']);
    }
    const good = valid({ payment: { method: 'PUE', conditions } });
    for (const res of [await s.as('mx').post('/v1/invoices/preview', good), await post(good)]) {
      assert.ok(res.status === 200 || res.status === 201, JSON.stringify(res.body));
      assert.deepEqual(Object.keys(res.body.payment.conditions).sort(), ['due_date', 'id', 'name', 'payment_form', 'value']);
    }
  });
});
