/**
 * Issue 34, point 9: what clients of Siigo's reference API send, byte for byte, on both storages.
 *
 * - Product codes as Siigo documents them ("Item-1", "toy007"): letters, digits, - _ and ., 1 to 30
 *   characters, starting with a letter or digit; the code works on a product and on an invoice line.
 * - Enumerated numbers as numbers or as strings of digits: a note's `reason` ("1"), a document type
 *   id, a seller, a payment type or tax id ("12"); a string that is not digits, or out of range, is refused.
 * - The official SDK's read-modify-write, as its models put it on the wire. The SDK's models convert each
 *   field by its declared type (a String field gets String(value), a Number field parseFloat(value), an
 *   object field its model's fields; null and undefined pass; JSON then writes NaN as null and leaves
 *   undefined out). `getCustomer` answers a CustomerViewModel whose id_type is {code, name}; put through
 *   `UpdateCustomerCommand.constructFromObject` it becomes "[object Object]". A product's unit
 *   ({code, name}) becomes "[object Object]" and its account_group ({id, name}) NaN, i.e. null. The wire
 *   bodies below are built by those rules from what GET answered, written out by this test.
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { eachStorage, problems, startTestServer, type TestServer } from '../support/server';
import { coRefs, noteRefs, today, validInvoice, type CoRefs } from '../support/co';

/** The SDK's conversion of one value to a declared type (ApiClient.convertToType of 'String', 'Number', 'Boolean'). */
const asString = (v: unknown) => (v === null || v === undefined ? v : String(v));
const asNumber = (v: unknown) => (v === null || v === undefined ? v : parseFloat(v as string));
const asBoolean = (v: unknown) => (v === null || v === undefined ? v : Boolean(v));
type Conv = (v: any) => unknown;
/** A model: its fields and how each converts; a nested model is a function of the nested value (null and undefined give undefined). */
function model(fields: Record<string, Conv>): Conv {
  return (data: any) => {
    if (!data) return undefined;
    const out: Record<string, unknown> = {};
    for (const [k, conv] of Object.entries(fields)) if (Object.prototype.hasOwnProperty.call(data, k)) out[k] = conv(data[k]);
    return out;
  };
}
const list = (conv: Conv): Conv => (v) => (v === null || v === undefined ? v : (v as unknown[]).map(conv));
/** JSON as superagent sends it. */
const wire = (o: unknown) => JSON.parse(JSON.stringify(o));

// The SDK's UpdateCustomerCommand and UpdateProductCommand, field by field (UpdateCustomerCommand.md and UpdateProductCommand.md of its docs folder).
const phone = model({ indicative: asString, number: asString, extension: asString });
const updateCustomerCommand = model({
  type: asString, person_type: asString, id_type: asString, identification: asString, rfc_id: asString, check_digit: asString,
  name: list(asString), commercial_name: asString, branch_office: asNumber, active: asBoolean, vat_responsible: asBoolean,
  fiscal_responsibilities: list(model({ code: asString, name: asString })),
  address: model({
    address: asString, city: model({ country_code: asString, state_code: asString, city_code: asString }), postal_code: asString,
    street: asString, interior_number: asString, exterior_number: asString, colony: asString, locality: asString,
  }),
  phones: list(phone), contacts: list(model({ first_name: asString, last_name: asString, email: asString, phone })),
  comments: asString, related_users: model({ seller_id: asNumber, collector_id: asNumber }),
  custom_fields: list(model({ key: asString, value: asString })), fiscal_regime: asString, guid: asString,
});
const updateProductCommand = model({
  product_id: asString, code: asString, name: asString, account_group: asNumber, type: asString, stock_control: asBoolean, active: asBoolean,
  tax_classification: asString, tax_included: asBoolean, tax_consumption_value: asNumber, taxes: list(model({ id: asNumber })),
  prices: list(model({ currency_code: asString, price_list: list(model({ position: asNumber, value: asNumber })) })),
  unit: asString, unit_label: asString, reference: asString, description: asString,
  additional_fields: model({ barcode: asString, brand: asString, tariff: asString, model: asString }), key: asString,
});

/** Every field but the moment of the last update. */
const stable = (x: any) => ({ ...x, metadata: { created: x.metadata.created } });

eachStorage('Siigo clients on the wire', (storage) => {
  let s: TestServer;
  let r: CoRefs;
  let types: Record<string, any>;
  let pays: Record<string, any>;
  before(async () => {
    s = await startTestServer(storage);
    r = await coRefs(s);
    ({ types, pays } = await noteRefs(s));
  });
  after(() => s.close());

  const product = (code: string, over: object = {}) => ({
    code, name: `Producto ${code}`, taxes: [{ id: r.taxOf('IVA', 19).id }], prices: [{ currency_code: 'COP', price_list: [{ position: 1, value: 1000 }] }], ...over,
  });

  test('product codes with -, _ and . (Siigo\'s "Item-1"), on a product and an invoice line; the limits', async () => {
    for (const code of ['Item-1', 'toy_007', 'A.B-1_2', 'X'.repeat(30)]) {
      const res = await s.as('co').post('/v1/products', product(code));
      assert.equal(res.status, 201, `${code}: ${JSON.stringify(res.body)}`);
      assert.equal(res.body.code, code);
      assert.deepEqual((await s.as('co').list(`/v1/products?code=${encodeURIComponent(code)}`)).map((p) => p.id), [res.body.id]);
    }
    // 1 × 1,000.00 + IVA 19 % = 1,190.00.
    const inv = await s.as('co').post('/v1/invoices', validInvoice(r, {
      items: [{ code: 'Item-1', quantity: 1, price: 1000, taxes: [{ id: r.taxOf('IVA', 19).id }] }], payments: [{ id: r.pay.Cash.id, value: 1190 }],
    }));
    assert.equal(inv.status, 201, JSON.stringify(inv.body));
    assert.equal(inv.body.items[0].code, 'Item-1');
    assert.equal(inv.body.total, 1190);
    const mx = await s.as('mx').post('/v1/products', { code: 'Item-2', name: 'Producto Item-2', sat_product_key: '43211503', sat_unit_key: 'H87', tax_object: '01', taxes: [] });
    assert.equal(mx.status, 201, JSON.stringify(mx.body));

    const before = (await s.db.query('SELECT count(*)::int AS n FROM products'))[0].n;
    for (const code of ['Item 1', '-Item', '.oculto', 'Ítem', 'a/b', 'a*b', 'X'.repeat(31)]) {
      const res = await s.as('co').post('/v1/products', product(code));
      assert.equal(res.status, 400, code);
      const want = code.length > 30 ? 'length_max@code' : 'invalid_code@code';
      assert.deepEqual(problems(res), [want], code);
      if (want === 'invalid_code@code') assert.match(res.body.Errors[0].Message, /letters, digits, - _ and \./);
    }
    assert.equal((await s.db.query('SELECT count(*)::int AS n FROM products'))[0].n, before, 'nothing written');
  });

  test('a note\'s reason and the ids as numbers or strings of digits; anything else is named', async () => {
    // 10 × 100 − 50 + IVA 19 % = 1,130.50 in cash; the credit note returns one unit: 100 − 5 (its share of the discount) + 19 % = 113.05.
    const inv = (await s.as('co').post('/v1/invoices', validInvoice(r))).body;
    const iva = r.taxOf('IVA', 19).id;
    const note = (over: object) => ({
      document: { id: String(types.NC.id) }, date: today(), invoice: inv.id, reason: '1', seller: String(r.seller.id),
      items: [{ code: 'PORT14', quantity: 1, price: 100, taxes: [{ id: String(iva) }] }], payments: [{ id: String(pays['NC.Cash'].id), value: 119 }], ...over,
    });
    const res = await s.as('co').post('/v1/credit-notes', note({}));
    assert.equal(res.status, 201, JSON.stringify(res.body));
    assert.equal(res.body.reason, 1);
    assert.equal(res.body.document.id, types.NC.id);
    assert.equal(res.body.total, 119);
    assert.equal(res.body.items[0].taxes[0].id, iva);
    const stored = await s.db.query('SELECT reason, document FROM notes WHERE company_id = (SELECT company_id FROM companies WHERE is_demo AND country = \'CO\') AND id = $1', [res.body.id]);
    assert.equal(stored[0].document.reason, 1, 'stored as the number');

    // An invoice whose ids are all strings of digits.
    const strInv = await s.as('co').post('/v1/invoices', validInvoice(r, {
      document: { id: String(r.type.FV.id) }, seller: String(r.seller.id),
      items: [{ code: 'PORT14', quantity: 1, price: 100, taxes: [{ id: String(iva) }] }], payments: [{ id: String(r.pay.Cash.id), value: 119 }],
    }));
    assert.equal(strInv.status, 201, JSON.stringify(strInv.body));
    assert.equal(strInv.body.seller, r.seller.id);

    const before = (await s.db.query('SELECT count(*)::int AS n FROM notes'))[0].n;
    for (const [over, want] of [
      [{ reason: '7' }, 'invalid_value@reason'], [{ reason: '0' }, 'invalid_value@reason'], [{ reason: 'uno' }, 'invalid_value@reason'],
      [{ reason: '1.0' }, 'invalid_value@reason'], [{ reason: ' 1' }, 'invalid_value@reason'], [{ reason: true }, 'invalid_type@reason'],
      [{ reason: 1.5 }, 'invalid_type@reason'], [{ seller: '99999999999' }, 'invalid_value@seller'], [{ document: { id: 'NC' } }, 'invalid_value@document.id'],
    ] as [object, string][]) {
      const bad = await s.as('co').post('/v1/credit-notes', note(over));
      assert.equal(bad.status, 400, JSON.stringify(over));
      assert.deepEqual(problems(bad), [want], JSON.stringify(over));
    }
    assert.equal((await s.db.query('SELECT count(*)::int AS n FROM notes'))[0].n, before, 'nothing written');
  });

  test('the SDK\'s getCustomer → UpdateCustomerCommand → updateCustomer: id_type "[object Object]" keeps the stored one', async () => {
    const created = await s.as('co').post('/v1/customers', {
      person_type: 'Person', id_type: '13', identification: '1061700777', name: ['Marcos', 'Castillo'], fiscal_responsibilities: [{ code: 'R-99-PN' }],
      address: { address: 'Cra. 18 #79A - 42', city: { country_code: 'CO', state_code: '19', city_code: '19001' }, postal_code: '190001' },
      phones: [{ indicative: '57', number: '3006003345' }], contacts: [{ first_name: 'Marcos', last_name: 'Castillo', email: 'marcos@example.com' }],
      related_users: { seller_id: r.seller.id, collector_id: r.seller.id },
    });
    assert.equal(created.status, 201, JSON.stringify(created.body));
    const read = (await s.as('co').get(`/v1/customers/${created.body.id}`)).body;
    const body = wire(updateCustomerCommand(read));
    assert.equal(body.id_type, '[object Object]', 'what reaches the wire');
    body.commercial_name = 'Marcos Castillo Ruiz';
    const put = await s.as('co').put(`/v1/customers/${read.id}`, body);
    assert.equal(put.status, 200, JSON.stringify(put.body));
    assert.deepEqual(put.body.id_type, { code: '13', name: 'Cédula de ciudadanía' });
    assert.deepEqual(stable(put.body), stable({ ...read, commercial_name: 'Marcos Castillo Ruiz' }));

    // Every customer the service answers, both base addresses, through the same model.
    for (const country of ['co', 'mx'] as const) {
      for (const c of await s.as(country).list('/v1/customers')) {
        const back = await s.as(country).put(`/v1/customers/${c.id}`, wire(updateCustomerCommand(c)));
        assert.equal(back.status, 200, `${country} customer ${c.id}: ${JSON.stringify(back.body)}`);
        assert.deepEqual(stable(back.body), stable(c), `${country} customer ${c.id} unchanged`);
      }
    }

    // Created from such a model there is nothing to keep: refused, saying how to send it.
    const n = (await s.db.query('SELECT count(*)::int AS n FROM customers'))[0].n;
    const post = await s.as('co').post('/v1/customers', { ...body, identification: '1061700778' });
    assert.equal(post.status, 400);
    assert.deepEqual(problems(post), ['invalid_value@id_type']);
    assert.match(post.body.Errors[0].Message, /\[object Object\].*Send the code/);
    assert.equal((await s.db.query('SELECT count(*)::int AS n FROM customers'))[0].n, n);
    // An unknown customer: 404, as any PUT.
    assert.equal((await s.as('co').put('/v1/customers/99999999', body)).status, 404);
  });

  test('the SDK\'s product read-modify-write: unit "[object Object]" and account_group null keep the stored ones', async () => {
    const created = await s.as('co').post('/v1/products', product('SDK-1', { unit: '58', account_group: (await s.as('co').list('/v1/account-groups'))[0].id }));
    assert.equal(created.status, 201, JSON.stringify(created.body));
    const read = (await s.as('co').get(`/v1/products/${created.body.id}`)).body;
    const body = wire(updateProductCommand(read));
    assert.equal(body.unit, '[object Object]', 'what reaches the wire');
    assert.equal(body.account_group, null, 'NaN on the wire');
    body.name = 'Producto SDK-1 renombrado';
    const put = await s.as('co').put(`/v1/products/${read.id}`, body);
    assert.equal(put.status, 200, JSON.stringify(put.body));
    assert.deepEqual(stable(put.body), stable({ ...read, name: 'Producto SDK-1 renombrado' }));
    assert.equal(put.body.unit.code, '58');
    assert.equal(put.body.account_group.id, read.account_group.id);

    for (const country of ['co', 'mx'] as const) {
      for (const p of await s.as(country).list('/v1/products')) {
        const back = await s.as(country).put(`/v1/products/${p.id}`, wire(updateProductCommand(p)));
        assert.equal(back.status, 200, `${country} product ${p.code}: ${JSON.stringify(back.body)}`);
        assert.deepEqual(stable(back.body), stable(p), `${country} product ${p.code} unchanged`);
      }
    }

    const n = (await s.db.query('SELECT count(*)::int AS n FROM products'))[0].n;
    const post = await s.as('co').post('/v1/products', { ...body, code: 'SDK-2' });
    assert.equal(post.status, 400);
    assert.deepEqual(problems(post), ['invalid_value@unit']);
    assert.equal((await s.db.query('SELECT count(*)::int AS n FROM products'))[0].n, n);
    // account_group null on a new product is no account group.
    const plain = await s.as('co').post('/v1/products', { ...body, code: 'SDK-3', unit: '94' });
    assert.equal(plain.status, 201, JSON.stringify(plain.body));
    assert.equal(plain.body.account_group, undefined);
  });
});
