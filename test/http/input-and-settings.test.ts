/**
 * Issue 15, points 8 and 9, over HTTP on each storage. Input is never dropped
 * silently: the specification's spelling `adittional_fields` is accepted as
 * `additional_fields`, and a line's third party (items.customer) comes back in
 * full. The company settings do what their names say: seller_by_item (a seller
 * on every line), cost_center_required (a cost center on every document),
 * long_product_descriptions (off: product names and short descriptions) and
 * warehouses_enabled (off: no warehouse on lines).
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { eachStorage, problems, startTestServer, type TestServer } from '../support/server';
import { coRefs, today, validInvoice, type CoRefs } from '../support/co';
import { mainCustomer, rcRefs, type RcRefs } from '../support/vouchers';
import { MX_APP, mxInvoice, mxRefs, type MxRefs } from '../support/mx';

eachStorage('input echoed and company settings', (storage) => {
  let s: TestServer;
  let r: CoRefs;
  let v: RcRefs;
  let m: MxRefs;
  before(async () => { s = await startTestServer(storage); [r, v, m] = await Promise.all([coRefs(s), rcRefs(s), mxRefs(s)]); });
  after(() => s.close());

  /** Runs `fn` with the demo company of `country` holding these settings, then puts the old ones back. */
  async function withSettings(country: 'CO' | 'MX', patch: Record<string, boolean>, fn: () => Promise<void>) {
    const [{ settings }] = await s.db.query('SELECT settings FROM companies WHERE is_demo AND country = $1', [country]);
    await s.db.query('UPDATE companies SET settings = settings || $2::jsonb WHERE is_demo AND country = $1', [country, JSON.stringify(patch)]);
    try { await fn(); } finally {
      await s.db.query('UPDATE companies SET settings = $2::jsonb WHERE is_demo AND country = $1', [country, JSON.stringify(settings)]);
    }
  }
  const created = (res: any) => { assert.equal(res.status, 201, JSON.stringify(res.body)); return res.body; };

  test('adittional_fields (the field list\'s spelling) is taken as additional_fields; both at once are refused', async () => {
    const fields = { purchase_order: { prefix: 'OC', number: '4501' }, delivery_order: { prefix: 'RM', number: '77', date: '2026-11-30' } };
    const inv = created(await s.as('co').post('/v1/invoices', validInvoice(r, { adittional_fields: fields })));
    assert.deepEqual(inv.additional_fields, fields);
    assert.equal('adittional_fields' in inv, false, 'the answer says additional_fields');
    assert.deepEqual((await s.as('co').get(`/v1/invoices/${inv.id}`)).body.additional_fields, fields);
    const [row] = await s.db.query(`SELECT document->'additional_fields' AS f FROM invoices WHERE id = $1`, [inv.id]);
    assert.deepEqual(row.f, fields);
    assert.deepEqual(problems(await s.as('co').post('/v1/invoices', validInvoice(r, { adittional_fields: fields, additional_fields: fields }))), ['parameter_not_allowed@adittional_fields']);
    assert.deepEqual(problems(await s.as('co').post('/v1/invoices', validInvoice(r, { adittional_fields: { purchase_order: { number: '1'.repeat(21) } } }))),
      ['length_max@adittional_fields.purchase_order.number']);
  });

  test('items.customer comes back in full: id, identification, branch office; without identification it is the invoice\'s customer\'s', async () => {
    const main = r.customers.find((c) => c.identification === mainCustomer(r).identification && c.branch_office === 0);
    const branch1 = r.customers.find((c) => c.identification === main.identification && c.branch_office === 1);
    const other = r.customers.find((c) => c.active && c.identification !== main.identification);
    const line = (customer: object) => ({ code: 'PORT14', quantity: 10, price: 100, discount: 50, taxes: [{ id: r.taxOf('IVA', 19).id }], customer });
    const inv = created(await s.as('co').post('/v1/invoices', validInvoice(r, {
      document: { id: r.type['FV-TER'].id },
      items: [line({ identification: other.identification, branch_office: other.branch_office }), line({}), line({ branch_office: 1 })],
      payments: [{ id: r.pay.Cash.id, value: 3391.5 }],
    })));
    const expected = [
      { id: String(other.id), identification: other.identification, branch_office: other.branch_office },
      { id: String(main.id), identification: main.identification, branch_office: 0 },
      { id: String(branch1.id), identification: main.identification, branch_office: 1 },
    ];
    assert.deepEqual(inv.items.map((x: any) => x.customer), expected);
    assert.deepEqual((await s.as('co').get(`/v1/invoices/${inv.id}`)).body.items.map((x: any) => x.customer), expected);
    assert.deepEqual(problems(await s.as('co').post('/v1/invoices', validInvoice(r, { document: { id: r.type['FV-TER'].id }, items: [line({ branch_office: 42 })] }))),
      ['invalid_reference@items[0].customer.branch_office']);
  });

  test('seller_by_item: every line of every invoice needs its seller', async () => {
    const two = { items: [{ code: 'LIBRO01', quantity: 1, price: 10, taxes: [] }, { code: 'LIBRO01', quantity: 1, price: 20, taxes: [] }], payments: [{ id: r.pay.Cash.id, value: 30 }] };
    assert.equal((await s.as('co').post('/v1/invoices', validInvoice(r, two))).status, 201, 'off (the demo): no line seller needed');
    await withSettings('CO', { seller_by_item: true }, async () => {
      const res = await s.as('co').post('/v1/invoices', validInvoice(r, two));
      assert.deepEqual(problems(res), ['parameter_required@items[0].seller', 'parameter_required@items[1].seller']);
      assert.match(res.body.Errors[0].Message, /settings\.seller_by_item/);
      const ok = created(await s.as('co').post('/v1/invoices', validInvoice(r, { ...two, items: two.items.map((i) => ({ ...i, seller: r.seller.id })) })));
      assert.deepEqual(ok.items.map((i: any) => i.seller), [r.seller.id, r.seller.id]);
    });
  });

  test('cost_center_required: CO invoices, vouchers and MX invoices need a cost center', async () => {
    const advance = (over: Record<string, unknown> = {}) => ({ document: { id: v.type.RC.id }, date: today(), type: 'AdvancePayment', customer: mainCustomer(r), payment: { id: v.pay.Cash.id, value: 5 }, ...over });
    await withSettings('CO', { cost_center_required: true }, async () => {
      const inv = await s.as('co').post('/v1/invoices', validInvoice(r));
      assert.deepEqual(problems(inv), ['parameter_required@cost_center']);
      assert.match(inv.body.Errors[0].Message, /settings\.cost_center_required/);
      assert.deepEqual(problems(await s.as('co').post('/v1/vouchers', advance())), ['parameter_required@cost_center']);
      assert.equal(created(await s.as('co').post('/v1/invoices', validInvoice(r, { cost_center: r.costCenter.id }))).cost_center, r.costCenter.id);
      assert.equal(created(await s.as('co').post('/v1/vouchers', advance({ cost_center: r.costCenter.id }))).cost_center, r.costCenter.id);
    });
    await withSettings('MX', { cost_center_required: true }, async () => {
      assert.deepEqual(problems(await s.as('mx').post('/v1/invoices', mxInvoice(m), MX_APP)), ['parameter_required@cost_center']);
      const cc = (await s.as('mx').get('/v1/cost-centers')).body.find((c: any) => c.active);
      assert.equal(created(await s.as('mx').post('/v1/invoices', mxInvoice(m, undefined, undefined, { cost_center: cc.id }), MX_APP)).cost_center, cc.id);
    });
    assert.equal((await s.as('co').post('/v1/invoices', validInvoice(r))).status, 201, 'off again');
  });

  test('long_product_descriptions: on, lines take the long description and up to 4000 characters; off, the name and at most 200', async () => {
    const port = (description?: string) => validInvoice(r, { items: [{ code: 'PORT14', quantity: 10, price: 100, discount: 50, taxes: [{ id: r.taxOf('IVA', 19).id }], description }] });
    const long = r.product.PORT14.long_description;
    assert.ok(long && long !== r.product.PORT14.name);
    assert.equal(created(await s.as('co').post('/v1/invoices', port())).items[0].description, long);
    assert.equal(created(await s.as('co').post('/v1/invoices', port('d'.repeat(4000)))).items[0].description.length, 4000);
    await withSettings('CO', { long_product_descriptions: false }, async () => {
      assert.equal(created(await s.as('co').post('/v1/invoices', port())).items[0].description, r.product.PORT14.name);
      const res = await s.as('co').post('/v1/invoices', port('ñ'.repeat(201)));
      assert.deepEqual(problems(res), ['length_max@items[0].description']);
      assert.match(res.body.Errors[0].Message, /at most 200 characters.*settings\.long_product_descriptions/);
      assert.equal(created(await s.as('co').post('/v1/invoices', port('ñ'.repeat(200)))).items[0].description, 'ñ'.repeat(200));
    });
    await withSettings('MX', { long_product_descriptions: false }, async () => {
      assert.equal(created(await s.as('mx').post('/v1/invoices', mxInvoice(m), MX_APP)).items[0].description, 'Laptop 14 pulgadas');
    });
  });

  test('warehouses_enabled off: a line\'s warehouse is refused', async () => {
    const body = validInvoice(r, { items: [{ code: 'LIBRO01', quantity: 1, price: 10, taxes: [], warehouse: r.warehouse.id }], payments: [{ id: r.pay.Cash.id, value: 10 }] });
    assert.deepEqual(created(await s.as('co').post('/v1/invoices', body)).items[0].warehouse, { id: r.warehouse.id, name: r.warehouse.name });
    await withSettings('CO', { warehouses_enabled: false }, async () => {
      assert.deepEqual(problems(await s.as('co').post('/v1/invoices', body)), ['company_settings@items[0].warehouse']);
    });
  });
});
