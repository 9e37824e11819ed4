/**
 * Issue 17: clients written against the reference API (Siigo) work unchanged.
 * Lookups as plain JSON arrays on both base addresses; customers and products
 * in its shape both ways (codes in any letter case, objects the answers carry
 * accepted back, GET → PUT round trips of the service's own output); the list
 * filters it offers; DELETE of customers and products, refused while documents
 * name them; and migration 011 on data of the earlier shape.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { migrate, openDb } from '../../src/platform/db';
import { eachStorage, freshPostgres, problems, startTestServer, type TestServer } from '../support/server';
import { coRefs, validInvoice, today, type CoRefs } from '../support/co';
import { rcRefs, type RcRefs } from '../support/vouchers';
import { MX_APP, mxInvoice, mxRefs, type MxRefs } from '../support/mx';

/** Every field of each lookup's records, as the reference API names them. */
const LOOKUP_FIELDS: Record<string, string[]> = {
  '/v1/taxes': ['active', 'id', 'name', 'percentage', 'type'],
  '/v1/payment-types?document_type=FV': ['active', 'due_date', 'id', 'name', 'type'],
  '/v1/payment-types?document_type=RC': ['active', 'due_date', 'id', 'name', 'type'],
  '/v1/warehouses': ['active', 'id', 'name'],
  '/v1/cost-centers': ['active', 'code', 'id', 'name'],
  '/v1/account-groups': ['active', 'id', 'name'],
  '/v1/price-lists': ['active', 'id', 'name', 'position'],
};
const DOCUMENT_TYPE_FIELDS = ['active', 'advance_payment', 'automatic_number', 'cargo_transportation', 'code', 'consecutive', 'cost_center',
  'cost_center_mandatory', 'customer_by_item', 'decimals', 'description', 'discount_type', 'electronic_type', 'healthcare_company', 'id', 'name',
  'prefix', 'reteica', 'reteiva', 'self_withholding', 'seller_by_item', 'type'];

/** A Colombian customer as the reference API's documentation writes one: Person, "Co", id_type as a code. */
const siigoCustomer = (identification: string, over: Record<string, unknown> = {}) => ({
  type: 'Customer', person_type: 'Person', id_type: '13', identification, branch_office: 0, name: ['Marcos', 'Castillo'],
  commercial_name: 'Marcos Castillo', active: true, vat_responsible: false,
  fiscal_responsibilities: [{ code: 'R-99-PN' }],
  address: { address: 'Cra. 18 #79A - 42', city: { country_code: 'Co', state_code: '19', city_code: '19001' }, postal_code: '110911' },
  phones: [{ indicative: '57', number: '3006003345', extension: '132' }],
  contacts: [{ first_name: 'Marcos', last_name: 'Castillo', email: 'marcos.castillo@contacto.example.com', phone: { indicative: '57', number: '3006003345' } }],
  comments: 'Comentarios', custom_fields: [{ key: 'segmento', value: 'detal' }],
  ...over,
});

/** Every field but the moment of the last update. */
const stable = (x: any) => ({ ...x, metadata: { created: x.metadata.created } });
/** One millisecond after a moment the API answered (the database keeps microseconds). */
const justAfter = (iso: string) => new Date(Date.parse(iso) + 1).toISOString();

eachStorage('catalog in the reference API\'s wire format', (storage) => {
  let s: TestServer;
  let r: CoRefs;
  let v: RcRefs;
  let m: MxRefs;
  let groups: Record<string, any>;
  before(async () => {
    s = await startTestServer(storage);
    [r, v, m] = await Promise.all([coRefs(s), rcRefs(s), mxRefs(s)]);
    groups = Object.fromEntries((await s.as('co').list('/v1/account-groups')).map((g) => [g.name, g]));
  });
  after(() => s.close());

  // 1 and 8: lookups ------------------------------------------------------------
  for (const country of ['co', 'mx'] as const) {
    test(`${country}: the configuration lookups answer plain arrays of records with the reference API's fields`, async () => {
      const api = s.as(country);
      for (const [p, fields] of Object.entries(LOOKUP_FIELDS)) {
        const res = await api.get(p);
        assert.equal(res.status, 200, `${p}: ${JSON.stringify(res.body)}`);
        assert.ok(Array.isArray(res.body) && res.body.length > 0, `${p} is a non-empty plain array`);
        const extra = country === 'mx' && p.startsWith('/v1/payment-types') ? ['sat_code'] : [];
        for (const rec of res.body) assert.deepEqual(Object.keys(rec).sort(), [...fields, ...extra].sort(), `${p}: ${JSON.stringify(rec)}`);
        const one = await api.get(`${p.split('?')[0]}/${res.body[0].id}`);
        assert.deepEqual(one.body, res.body[0], `${p}/{id} is the listed record`);
      }
      const types = await api.get('/v1/document-types');
      assert.ok(Array.isArray(types.body));
      assert.deepEqual([...new Set(types.body.map((t: any) => t.type))].sort(), country === 'co' ? ['FV', 'NC', 'ND', 'RC'] : ['FV', 'NC', 'P', 'RC'], 'without type: every type');
      for (const t of types.body) for (const f of DOCUMENT_TYPE_FIELDS) assert.ok(f in t, `document type field ${f}`);
      for (const t of ['FV', 'NC', 'ND', 'RC']) {
        const only = await api.list(`/v1/document-types?type=${t}`);
        assert.deepEqual(only.map((x) => x.id), types.body.filter((x: any) => x.type === t).map((x: any) => x.id));
      }
      // Credit and debit notes are Colombian (Mexico's are issue 20).
      const notes = (await api.get('/v1/payment-types?document_type=NC')).body;
      assert.equal(notes.length > 0, country === 'co', 'credit note payment types in Colombia only');
      const fv = await api.list('/v1/payment-types?document_type=FV');
      const rc = await api.list('/v1/payment-types?document_type=RC');
      assert.ok(fv.length && rc.length && !fv.some((x) => rc.some((y) => y.id === x.id)), 'FV and RC payment types differ');
      const lists = await api.list('/v1/price-lists');
      assert.deepEqual(lists.map((l) => l.position), [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
      assert.equal(lists[0].name, country === 'co' ? 'Precio de venta' : 'Precio de lista');
      const accountGroups = await api.list('/v1/account-groups');
      assert.ok(accountGroups.some((g) => g.active) && accountGroups.some((g) => !g.active));
      assert.deepEqual(problems(await api.get('/v1/payment-types')), ['parameter_required@document_type']);
      assert.deepEqual(problems(await api.get('/v1/payment-types?document_type=XX')), ['invalid_value@document_type']);
    });
  }

  // 2: customers -----------------------------------------------------------------
  test('customers: the reference API\'s values in any letter case, answered in its spelling', async () => {
    const created = await s.as('co').post('/v1/customers', siigoCustomer('1061700001'));
    assert.equal(created.status, 201, JSON.stringify(created.body));
    const c = created.body;
    assert.equal(c.type, 'Customer');
    assert.equal(c.person_type, 'Person');
    assert.deepEqual(c.id_type, { code: '13', name: 'Cédula de ciudadanía' });
    assert.deepEqual(c.address.city, { country_code: 'CO', state_code: '19', city_code: '19001' });
    const [stored] = await s.db.query('SELECT person_type, id_type, type, address FROM customers WHERE id = $1', [c.id]);
    assert.deepEqual({ ...stored, address: stored.address.city }, { person_type: 'person', id_type: '13', type: 'Customer', address: c.address.city });

    const cases: [Record<string, unknown>, (b: any) => void][] = [
      [{ person_type: 'person' }, (b) => assert.equal(b.person_type, 'Person')],
      [{ person_type: 'COMPANY', name: ['Río Claro S.A.S.'], id_type: '31', identification: '900373115' }, (b) => assert.equal(b.person_type, 'Company')],
      [{ type: 'supplier' }, (b) => assert.equal(b.type, 'Supplier')],
      [{ type: 'OTHER' }, (b) => assert.equal(b.type, 'Other')],
      [{ id_type: { code: '22', name: 'any name' } }, (b) => assert.deepEqual(b.id_type, { code: '22', name: 'Cédula de extranjería' })],
      [{ id_type: { code: '41' } }, (b) => assert.deepEqual(b.id_type, { code: '41', name: 'Pasaporte' })],
      [{ address: { address: 'Calle 10', city: { country_code: 'co', state_code: '11', city_code: '11001' } } }, (b) => assert.equal(b.address.city.country_code, 'CO')],
      // Abroad the city is also written as text (issue 24: no DANE code there).
      [{ address: { address: '5th Avenue 100', city: { country_code: 'us', state_code: 'ny', city_code: 'nyc1', city_name: 'New York' } } },
        (b) => assert.deepEqual(b.address.city, { country_code: 'US', state_code: 'NY', city_code: 'NYC1', city_name: 'New York' })],
    ];
    let n = 0;
    for (const [over, check] of cases) {
      const res = await s.as('co').post('/v1/customers', siigoCustomer(String(1061700100 + ++n), over));
      assert.equal(res.status, 201, `${JSON.stringify(over)}: ${JSON.stringify(res.body)}`);
      check(res.body);
      assert.deepEqual((await s.as('co').get(`/v1/customers/${res.body.id}`)).body, res.body);
    }

    const mx = await s.as('mx').post('/v1/customers', { type: 'customer', person_type: 'company', id_type: 'rfc', identification: 'CAS010203AB1',
      name: ['Casa Siigo'], tax_regime: '601', address: { address: 'Av. Reforma 1', city: { country_code: 'Mx', state_code: 'cmx' }, postal_code: '06600',
        street: 'Reforma', exterior_number: '1', interior_number: 'B', colony: 'Juárez', locality: 'Cuauhtémoc' } });
    assert.equal(mx.status, 201, JSON.stringify(mx.body));
    assert.deepEqual(mx.body.id_type, { code: 'RFC', name: 'Registro Federal de Contribuyentes' });
    assert.equal(mx.body.person_type, 'Company');
    assert.deepEqual(mx.body.address, { address: 'Av. Reforma 1', city: { country_code: 'MX', state_code: 'CMX' }, postal_code: '06600',
      street: 'Reforma', exterior_number: '1', interior_number: 'B', colony: 'Juárez', locality: 'Cuauhtémoc' });
  });

  test('customers: wrong values are named with their path', async () => {
    const bad = await s.as('co').post('/v1/customers', siigoCustomer('1061700200', { person_type: 'Alien', type: 'Vendor', id_type: { code: '99' },
      address: { address: 'Calle 1', city: { country_code: 'Col', state_code: '11', city_code: '11001' } } }));
    assert.deepEqual(problems(bad).sort(), ['invalid_value@address.city.country_code', 'invalid_value@id_type.code', 'invalid_value@person_type', 'invalid_value@type']);
    assert.match(bad.body.Errors.find((e: any) => e.Params[0] === 'person_type').Message, /Person, Company \(in any letter case\)/);
    assert.deepEqual(problems(await s.as('co').post('/v1/customers', siigoCustomer('1061700201', { id_type: {} }))), ['parameter_required@id_type.code']);
    assert.deepEqual(problems(await s.as('co').post('/v1/customers', siigoCustomer('1061700202', { id_type: 13 }))), ['invalid_type@id_type']);
    assert.deepEqual(problems(await s.as('co').post('/v1/customers', siigoCustomer('1061700203', { id_type: '99' }))), ['invalid_value@id_type']);
  });

  test('customers: an invoice creates its customer from the reference API\'s values too', async () => {
    const customer = siigoCustomer('1061700300', { person_type: 'PERSON', address: { address: 'Calle 2', city: { country_code: 'Co', state_code: '11', city_code: '11001' } } });
    const res = await s.as('co').post('/v1/invoices', validInvoice(r, { customer }));
    assert.equal(res.status, 201, JSON.stringify(res.body));
    const [found] = await s.as('co').list('/v1/customers?identification=1061700300');
    assert.equal(found.person_type, 'Person');
    assert.equal(found.address.city.country_code, 'CO');
  });

  test('customers: every one the service answers can be sent back unchanged with PUT (both base addresses)', async () => {
    await s.as('co').post('/v1/customers', siigoCustomer('1061700400', { related_users: { seller_id: r.seller.id, collector_id: r.seller.id } }));
    for (const country of ['co', 'mx'] as const) {
      const all = await s.as(country).list('/v1/customers');
      assert.ok(all.length >= 5);
      for (const c of all) {
        const put = await s.as(country).put(`/v1/customers/${c.id}`, c);
        assert.equal(put.status, 200, `${country} customer ${c.id}: ${JSON.stringify(put.body)}`);
        assert.deepEqual(stable(put.body), stable(c), `${country} customer ${c.id} unchanged by its own round trip`);
        assert.deepEqual(stable((await s.as(country).get(`/v1/customers/${c.id}`)).body), stable(c));
      }
    }
  });

  test('customers: the reference API\'s list filters, each alone and one that matches nothing', async () => {
    const mk = async (identification: string, over: Record<string, unknown> = {}) => {
      const res = await s.as('co').post('/v1/customers', siigoCustomer(identification, over));
      assert.equal(res.status, 201, JSON.stringify(res.body));
      return res.body;
    };
    const a = await mk('1061700500');
    const b = await mk('1061700500', { branch_office: 3, type: 'Supplier', active: false });
    const c = await mk('1061700501', { person_type: 'Company', name: ['Filtros S.A.S.'], type: 'Other' });
    const ids = async (q: string) => {
      const res = await s.as('co').get(`/v1/customers?page_size=100&${q}`);
      assert.equal(res.status, 200, `${q}: ${JSON.stringify(res.body)}`);
      assert.equal(res.body.pagination.total_results, res.body.results.length, q);
      return res.body.results.map((x: any) => x.id);
    };
    assert.deepEqual(await ids('identification=1061700500'), [a.id, b.id]);
    assert.deepEqual(await ids('identification=1061700500&branch_office=3'), [b.id]);
    assert.deepEqual(await ids('identification=1061700500&active=false'), [b.id]);
    assert.deepEqual(await ids('identification=1061700500&type=supplier'), [b.id]);
    for (const t of ['Other', 'other', 'OTHER']) assert.ok((await ids(`type=${t}`)).includes(c.id), `type=${t}`);
    assert.ok(!(await ids('type=Other')).includes(a.id));
    assert.deepEqual(await ids(`created_start=${encodeURIComponent(c.metadata.created)}`), [c.id]);
    assert.deepEqual(await ids(`person_type=company&created_start=${encodeURIComponent(a.metadata.created)}`), [c.id]);
    assert.deepEqual(await ids(`person_type=PERSON&created_start=${encodeURIComponent(a.metadata.created)}`), [a.id, b.id]);
    assert.deepEqual(await ids(`created_start=${encodeURIComponent(a.metadata.created)}&created_end=${encodeURIComponent(justAfter(b.metadata.created))}`), [a.id, b.id]);
    assert.ok((await ids(`created_start=${today()}`)).includes(a.id), 'a date means that whole day');
    const touched = await s.as('co').put(`/v1/customers/${a.id}`, { ...a, comments: 'Actualizado' });
    assert.deepEqual(await ids(`updated_start=${encodeURIComponent(touched.body.metadata.last_updated)}`), [a.id]);
    assert.deepEqual(await ids(`identification=1061700500&updated_end=${encodeURIComponent(justAfter(b.metadata.last_updated))}`), [b.id]);
    assert.deepEqual(await ids('identification=0000000000'), [], 'an identification nobody has');
    assert.deepEqual(await ids('created_start=2099-01-01'), [], 'created in the future');
    assert.deepEqual(problems(await s.as('co').get('/v1/customers?person_type=alien')), ['invalid_value@person_type']);
    assert.deepEqual(problems(await s.as('co').get('/v1/customers?type=vendor')), ['invalid_value@type']);
    const badDate = await s.as('co').get('/v1/customers?created_start=yesterday');
    assert.equal(badDate.status, 400);
    assert.ok(problems(badDate).length > 0 && problems(badDate).every((p) => p.endsWith('@created_start')), JSON.stringify(badDate.body));
  });

  test('customers: DELETE refuses while an invoice or voucher names the customer, and removes one that none names', async () => {
    const mk = async (identification: string) => (await s.as('co').post('/v1/customers', siigoCustomer(identification))).body;
    const invoiced = await mk('1061700600');
    const inv = await s.as('co').post('/v1/invoices', validInvoice(r, { customer: { identification: '1061700600', branch_office: 0 } }));
    assert.equal(inv.status, 201, JSON.stringify(inv.body));
    const third = await mk('1061700601');
    const line = await s.as('co').post('/v1/invoices', validInvoice(r, { document: { id: r.type['FV-TER'].id },
      items: [{ code: 'PORT14', quantity: 10, price: 100, discount: 50, taxes: [{ id: r.taxOf('IVA', 19).id }], customer: { identification: '1061700601', branch_office: 0 } }] }));
    assert.equal(line.status, 201, JSON.stringify(line.body));
    const advanced = await mk('1061700602');
    const voucher = await s.as('co').post('/v1/vouchers', { document: { id: v.type.RC.id }, date: today(), type: 'AdvancePayment',
      customer: { identification: '1061700602', branch_office: 0 }, payment: { id: v.pay.Cash.id, value: 100 } });
    assert.equal(voucher.status, 201, JSON.stringify(voucher.body));
    for (const [c, what] of [[invoiced, /: 1 invoice refers to it/], [third, /: 1 invoice refers to it/], [advanced, /: 1 voucher refers to it/]] as const) {
      const res = await s.as('co').delete(`/v1/customers/${c.id}`);
      assert.deepEqual(problems(res), ['invalid_value@id'], JSON.stringify(res.body));
      assert.match(res.body.Errors[0].Message, what);
      assert.equal((await s.as('co').get(`/v1/customers/${c.id}`)).status, 200, 'still there');
    }

    const free = await mk('1061700603');
    const gone = await s.as('co').delete(`/v1/customers/${free.id}`);
    assert.equal(gone.status, 200, JSON.stringify(gone.body));
    assert.deepEqual(gone.body, { id: free.id, deleted: true });
    assert.equal((await s.as('co').get(`/v1/customers/${free.id}`)).status, 404);
    assert.deepEqual(await s.as('co').list('/v1/customers?identification=1061700603'), []);
    assert.equal((await s.as('co').delete(`/v1/customers/${free.id}`)).status, 404, 'deleted once');
    assert.equal((await s.as('co').post('/v1/customers', siigoCustomer('1061700603'))).status, 201, 'its identification is free again');
    const mxOne = (await s.as('mx').list('/v1/customers'))[0];
    assert.equal((await s.as('co').delete(`/v1/customers/${mxOne.id}`)).status, 404, 'another company\'s customer');
    assert.equal((await s.as('mx').get(`/v1/customers/${mxOne.id}`)).status, 200);
    const mxFree = await s.as('mx').post('/v1/customers', { person_type: 'Person', identification: 'DELE800101AB1', name: ['Delia', 'Borrada'], tax_regime: '612',
      address: { address: 'Calle 1', postal_code: '06600' } });
    assert.deepEqual((await s.as('mx').delete(`/v1/customers/${mxFree.body.id}`)).body, { id: mxFree.body.id, deleted: true });
    const mxUsed = (await s.as('mx').list('/v1/customers?identification=XIA190128J61&branch_office=0'))[0];
    assert.equal((await s.as('mx').post('/v1/invoices', mxInvoice(m), MX_APP)).status, 201);
    assert.deepEqual(problems(await s.as('mx').delete(`/v1/customers/${mxUsed.id}`)), ['invalid_value@id']);
  });

  // 3: products ------------------------------------------------------------------
  /** A product as the reference API's documentation writes one. */
  const siigoProduct = (code: string, over: Record<string, unknown> = {}) => ({
    code, name: `Producto ${code}`, account_group: groups['Mercancías'].id, type: 'Product', stock_control: true, active: true,
    tax_classification: 'Taxed', tax_included: false, tax_consumption_value: 0, taxes: [{ id: r.taxOf('IVA', 19).id }],
    prices: [{ currency_code: 'COP', price_list: [{ position: 1, value: 12000 }, { position: 2, value: 11000.5 }] }],
    unit: '94', unit_label: 'unidad', reference: `REF-${code}`, description: 'Descripción del producto',
    additional_fields: { barcode: '7701234567890', brand: 'Marca', tariff: '8471300000', model: 'M-1' },
    ...over,
  });

  test('products: the reference API\'s shape both ways', async () => {
    const res = await s.as('co').post('/v1/products', siigoProduct('SIIGO01'));
    assert.equal(res.status, 201, JSON.stringify(res.body));
    const iva = r.taxOf('IVA', 19);
    const { id, metadata, ...rest } = res.body;
    assert.deepEqual(rest, {
      code: 'SIIGO01', name: 'Producto SIIGO01', account_group: { id: groups['Mercancías'].id, name: 'Mercancías' }, type: 'Product',
      stock_control: true, active: true, tax_classification: 'Taxed', tax_included: false, tax_consumption_value: 0,
      taxes: [{ id: iva.id, name: iva.name, type: 'IVA', percentage: 19 }],
      prices: [{ currency_code: 'COP', price_list: [{ position: 1, name: 'Precio de venta', value: 12000 }, { position: 2, name: 'Precio mayorista', value: 11000.5 }] }],
      unit: { code: '94', name: 'Unidad' }, unit_label: 'unidad', reference: 'REF-SIIGO01', description: 'Descripción del producto',
      additional_fields: { barcode: '7701234567890', brand: 'Marca', tariff: '8471300000', model: 'M-1' },
    });
    assert.equal(typeof id, 'number');
    assert.deepEqual(Object.keys(metadata).sort(), ['created', 'last_updated']);
    assert.deepEqual((await s.as('co').get(`/v1/products/${id}`)).body, res.body);

    const cases: [Record<string, unknown>, (b: any) => void][] = [
      [{ type: 'service', tax_classification: 'EXEMPT' }, (b) => assert.deepEqual([b.type, b.tax_classification], ['Service', 'Exempt'])],
      [{ type: 'ConsumerGood', tax_classification: 'excluded' }, (b) => assert.deepEqual([b.type, b.tax_classification], ['ConsumerGood', 'Excluded'])],
      [{ unit: { code: 'kgm', name: 'anything' } }, (b) => assert.deepEqual(b.unit, { code: 'KGM', name: 'Kilogramo' })],
      [{ unit: 'hur' }, (b) => assert.deepEqual(b.unit, { code: 'HUR', name: 'Hora' })],
      [{ unit: 'XYZ9' }, (b) => assert.deepEqual(b.unit, { code: 'XYZ9', name: 'XYZ9' })],
      [{ account_group: { id: groups.Servicios.id, name: 'Servicios' } }, (b) => assert.deepEqual(b.account_group, { id: groups.Servicios.id, name: 'Servicios' })],
      [{ account_group: undefined }, (b) => assert.equal('account_group' in b, false)],
      [{ prices: [{ currency_code: 'usd', price_list: [{ position: 1, value: 3.25 }] }, { currency_code: 'COP', price_list: [{ position: 1, name: 'Mostrador', value: 13000 }] }] },
        (b) => assert.deepEqual(b.prices, [{ currency_code: 'COP', price_list: [{ position: 1, name: 'Mostrador', value: 13000 }] },
          { currency_code: 'USD', price_list: [{ position: 1, name: 'Precio de venta', value: 3.25 }] }])],
      [{ prices: [{ position: 2, value: 10 }, { position: 1, name: 'General', value: 12.5 }] },
        (b) => assert.deepEqual(b.prices, [{ currency_code: 'COP', price_list: [{ position: 1, name: 'General', value: 12.5 }, { position: 2, name: 'Precio mayorista', value: 10 }] }])],
      [{ prices: [{ currency_code: 'EUR', position: 3, value: 1 }] }, (b) => assert.deepEqual(b.prices, [{ currency_code: 'EUR', price_list: [{ position: 3, name: 'Precio de venta 3', value: 1 }] }])],
      [{ prices: [] }, (b) => assert.deepEqual(b.prices, [])],
    ];
    let n = 0;
    for (const [over, check] of cases) {
      const made = await s.as('co').post('/v1/products', siigoProduct(`SIIGOC${++n}`, over));
      assert.equal(made.status, 201, `${JSON.stringify(over)}: ${JSON.stringify(made.body)}`);
      check(made.body);
    }
    const minimal = await s.as('co').post('/v1/products', { code: 'SIIGOMIN', name: 'Mínimo' });
    assert.equal(minimal.status, 201);
    assert.deepEqual([minimal.body.type, minimal.body.stock_control, minimal.body.tax_classification, minimal.body.tax_included, minimal.body.prices, minimal.body.unit],
      ['Product', false, 'Taxed', false, [], { code: '94', name: 'Unidad' }], 'the reference API\'s defaults');
  });

  test('products: wrong prices, currencies, price lists, account groups and values are named with their path', async () => {
    const errs = async (over: Record<string, unknown>) => problems(await s.as('co').post('/v1/products', siigoProduct('SIIGOBAD', over))).sort();
    assert.deepEqual(await errs({ prices: [{ currency_code: 'JPY', price_list: [{ position: 1, value: 1 }] }] }), ['invalid_currency@prices[0].currency_code']);
    assert.deepEqual(await errs({ prices: [{ currency_code: 'COP', price_list: [{ position: 1, value: 1 }], position: 2, value: 3 }] }),
      ['parameter_not_allowed@prices[0].position', 'parameter_not_allowed@prices[0].value']);
    assert.deepEqual(await errs({ prices: [{ currency_code: 'COP' }] }), ['parameter_required@prices[0].position', 'parameter_required@prices[0].value']);
    assert.deepEqual(await errs({ prices: [{ currency_code: 'COP', price_list: [{ position: 1, value: 1 }] }, { position: 1, value: 2 }] }), ['invalid_array@prices']);
    assert.deepEqual(await errs({ prices: [{ currency_code: 'COP', price_list: [{ position: 13, value: 1 }, { position: 2, value: -1 }] }] }),
      ['invalid_value@prices[0].price_list[0].position', 'invalid_value@prices[0].price_list[1].value']);
    assert.deepEqual(await errs({ prices: [{ currency_code: 'COP', price_list: [] }] }), ['invalid_array@prices[0].price_list']);
    assert.deepEqual(await errs({ prices: [{ currency_code: 'CO', position: 1, value: 1 }] }), ['invalid_value@prices[0].currency_code']);
    assert.deepEqual(await errs({ account_group: 999999 }), ['invalid_reference@account_group']);
    assert.deepEqual(await errs({ account_group: groups['Activos fijos (inactivo)'].id }), ['parameter_inactive@account_group']);
    assert.deepEqual(await errs({ account_group: { name: 'Mercancías' } }), ['parameter_required@account_group.id']);
    assert.deepEqual(await errs({ account_group: 'Mercancías' }), ['invalid_type@account_group']);
    assert.deepEqual(await errs({ type: 'Thing', tax_classification: 'Gravado', unit: 'UNIDADES123', tax_consumption_value: 1.234 }),
      ['invalid_amount@tax_consumption_value', 'invalid_value@tax_classification', 'invalid_value@type', 'length_max@unit']);
    assert.deepEqual(await errs({ unit: {} }), ['parameter_required@unit.code']);
    await s.db.query(`UPDATE price_lists SET active = false WHERE position = 12 AND company_id = (SELECT company_id FROM companies WHERE is_demo AND country = 'CO')`);
    try {
      assert.deepEqual(await errs({ prices: [{ position: 12, value: 5 }] }), ['parameter_inactive@prices[0].position']);
    } finally {
      await s.db.query(`UPDATE price_lists SET active = true WHERE position = 12`);
    }
    const demoCo = `(SELECT company_id FROM companies WHERE is_demo AND country = 'CO')`;
    await s.db.query(`DELETE FROM price_lists WHERE position = 11 AND company_id = ${demoCo}`);
    try {
      assert.deepEqual(await errs({ prices: [{ currency_code: 'COP', price_list: [{ position: 11, value: 5 }] }] }), ['invalid_reference@prices[0].price_list[0].position']);
    } finally {
      await s.db.query(`INSERT INTO price_lists (company_id, position, name) SELECT ${demoCo}, 11, 'Precio de venta 11'`);
    }
  });

  test('products: every one the service answers can be sent back unchanged with PUT (both base addresses)', async () => {
    for (const country of ['co', 'mx'] as const) {
      const all = await s.as(country).list('/v1/products');
      assert.ok(all.length >= 9);
      for (const p of all) {
        const put = await s.as(country).put(`/v1/products/${p.id}`, p);
        assert.equal(put.status, 200, `${country} product ${p.code}: ${JSON.stringify(put.body)}`);
        assert.deepEqual(stable(put.body), stable(p), `${country} product ${p.code} unchanged by its own round trip`);
      }
    }
    const mx = (await s.as('mx').list('/v1/products?code=LAP14'))[0];
    assert.deepEqual(mx.prices, [{ currency_code: 'MXN', price_list: [{ position: 1, name: 'Precio de lista', value: 18999 }] }]);
    assert.deepEqual(mx.unit, { code: 'H87', name: 'Pieza' });
    assert.equal(mx.account_group.name, 'Mercancías');
  });

  test('products: a round trip keeps a tax, account group and price list deactivated since; a new product cannot name them', async () => {
    const taxes = await s.as('co').list('/v1/taxes');
    const retefuente = taxes.find((t) => t.type === 'Retefuente' && t.active);
    const group = groups['Alimentos y bebidas'];
    const made = await s.as('co').post('/v1/products', siigoProduct('KEEP01', { account_group: group.id, taxes: [{ id: retefuente.id }],
      prices: [{ currency_code: 'COP', price_list: [{ position: 10, value: 5 }] }] }));
    assert.equal(made.status, 201, JSON.stringify(made.body));
    const demoCo = `(SELECT company_id FROM companies WHERE is_demo AND country = 'CO')`;
    const off = async (active: boolean) => {
      await s.db.query(`UPDATE taxes SET active = $1 WHERE id = $2`, [active, retefuente.id]);
      await s.db.query(`UPDATE account_groups SET active = $1 WHERE id = $2`, [active, group.id]);
      await s.db.query(`UPDATE price_lists SET active = $1 WHERE position = 10 AND company_id = ${demoCo}`, [active]);
    };
    await off(false);
    try {
      const read = (await s.as('co').get(`/v1/products/${made.body.id}`)).body;
      const put = await s.as('co').put(`/v1/products/${made.body.id}`, { ...read, name: 'Renombrado' });
      assert.equal(put.status, 200, JSON.stringify(put.body));
      assert.deepEqual(stable(put.body), stable({ ...read, name: 'Renombrado' }));
      const fresh = await s.as('co').post('/v1/products', siigoProduct('KEEP02', { account_group: group.id, taxes: [{ id: retefuente.id }],
        prices: [{ currency_code: 'COP', price_list: [{ position: 10, value: 5 }] }] }));
      assert.deepEqual(problems(fresh).sort(), ['parameter_inactive@account_group', 'parameter_inactive@prices[0].price_list[0].position', 'parameter_inactive@taxes[0].id']);
      const moved = await s.as('co').put(`/v1/products/${made.body.id}`, { ...read, prices: [{ currency_code: 'USD', price_list: [{ position: 10, value: 1 }] }] });
      assert.deepEqual(problems(moved), ['parameter_inactive@prices[0].price_list[0].position'], 'a price the product did not have');
    } finally {
      await off(true);
    }
  });

  test('products: the reference API\'s list filters, each alone and one that matches nothing', async () => {
    const mk = async (code: string, over: Record<string, unknown> = {}) => {
      const res = await s.as('co').post('/v1/products', siigoProduct(code, over));
      assert.equal(res.status, 201, JSON.stringify(res.body));
      return res.body;
    };
    const a = await mk('FILT1');
    const b = await mk('FILT2', { type: 'Service', account_group: groups.Servicios.id, stock_control: false });
    const c = await mk('FILT3', { active: false, account_group: groups['Alimentos y bebidas'].id });
    const ids = async (q: string) => {
      const res = await s.as('co').get(`/v1/products?page_size=100&${q}`);
      assert.equal(res.status, 200, `${q}: ${JSON.stringify(res.body)}`);
      assert.equal(res.body.pagination.total_results, res.body.results.length, q);
      return res.body.results.map((x: any) => x.id);
    };
    const since = `created_start=${encodeURIComponent(a.metadata.created)}`;
    assert.deepEqual(await ids('code=FILT2'), [b.id]);
    assert.deepEqual(await ids(`ids=${c.id},${a.id}`), [a.id, c.id]);
    assert.deepEqual(await ids(`ids=${a.id}, ${b.id} ,999999`), [a.id, b.id]);
    const mxProduct = (await s.as('mx').list('/v1/products'))[0];
    assert.deepEqual(await ids(`ids=${mxProduct.id}`), [], 'another company\'s id');
    assert.deepEqual(await ids(`ids=${Array.from({ length: 20 }, (_, i) => a.id + i).join(',')}&${since}`), [a.id, b.id, c.id]);
    assert.deepEqual(problems(await s.as('co').get(`/v1/products?ids=${Array.from({ length: 21 }, (_, i) => i + 1).join(',')}`)), ['invalid_value@ids']);
    assert.deepEqual(problems(await s.as('co').get('/v1/products?ids=abc')), ['invalid_value@ids']);
    assert.deepEqual(await ids(`type=service&${since}`), [b.id]);
    assert.deepEqual(await ids(`type=PRODUCT&${since}`), [a.id, c.id]);
    assert.deepEqual(await ids(`account_group=${groups.Servicios.id}&${since}`), [b.id]);
    assert.ok((await ids(`account_group=${groups['Alimentos y bebidas'].id}`)).includes(c.id));
    assert.deepEqual(await ids(`active=false&${since}`), [c.id]);
    assert.deepEqual(await ids(`stock_control=false&${since}`), [b.id]);
    assert.deepEqual(await ids(`${since}&created_end=${encodeURIComponent(justAfter(b.metadata.created))}`), [a.id, b.id]);
    const touched = await s.as('co').put(`/v1/products/${b.id}`, { ...b, name: 'Actualizado' });
    assert.deepEqual(await ids(`updated_start=${encodeURIComponent(touched.body.metadata.last_updated)}`), [b.id]);
    assert.deepEqual(await ids('code=NOPE'), [], 'a code nobody has');
    assert.deepEqual(await ids(`ids=999999998,999999999`), [], 'ids nobody has');
    assert.deepEqual(await ids('updated_start=2099-01-01T00:00:00Z'), [], 'updated in the future');
    assert.deepEqual(problems(await s.as('co').get('/v1/products?type=Thing')), ['invalid_value@type']);
  });

  test('products: DELETE refuses while an invoice names the product, and removes one that none names', async () => {
    const used = (await s.as('co').post('/v1/products', siigoProduct('DELUSED'))).body;
    const inv = await s.as('co').post('/v1/invoices', validInvoice(r, { items: [{ code: 'DELUSED', quantity: 10, price: 100, discount: 50, taxes: [{ id: r.taxOf('IVA', 19).id }] }] }));
    assert.equal(inv.status, 201, JSON.stringify(inv.body));
    const refused = await s.as('co').delete(`/v1/products/${used.id}`);
    assert.deepEqual(problems(refused), ['invalid_value@id']);
    assert.match(refused.body.Errors[0].Message, /DELUSED\) cannot be deleted: 1 invoice refers to it/);
    assert.equal((await s.as('co').get(`/v1/products/${used.id}`)).status, 200);

    const free = (await s.as('co').post('/v1/products', siigoProduct('DELFREE'))).body;
    const gone = await s.as('co').delete(`/v1/products/${free.id}`);
    assert.equal(gone.status, 200, JSON.stringify(gone.body));
    assert.deepEqual(gone.body, { id: free.id, deleted: true });
    assert.equal((await s.as('co').get(`/v1/products/${free.id}`)).status, 404);
    assert.equal((await s.as('co').delete(`/v1/products/${free.id}`)).status, 404);
    const noLonger = await s.as('co').post('/v1/invoices', validInvoice(r, { items: [{ code: 'DELFREE', quantity: 1, price: 100, taxes: [] }], payments: [{ id: r.pay.Cash.id, value: 100 }] }));
    assert.deepEqual(problems(noLonger), ['invalid_reference@items[0].code'], 'a deleted product cannot be invoiced');
    assert.equal((await s.as('co').post('/v1/products', siigoProduct('DELFREE'))).status, 201, 'its code is free again');

    const mxNew = await s.as('mx').post('/v1/products', { code: 'MXDEL1', name: 'Borrable', sat_product_key: '43211503', sat_unit_key: 'H87',
      taxes: [{ id: (await s.as('mx').list('/v1/taxes')).find((t) => t.type === 'IVA' && t.percentage === 16).id }] });
    assert.equal(mxNew.status, 201, JSON.stringify(mxNew.body));
    assert.equal((await s.as('co').delete(`/v1/products/${mxNew.body.id}`)).status, 404, 'another company\'s product');
    const mxInv = await s.as('mx').post('/v1/invoices', mxInvoice(m, [{ code: 'MXDEL1', quantity: 1, price: 100 }], 116), MX_APP);
    assert.equal(mxInv.status, 201, JSON.stringify(mxInv.body));
    assert.deepEqual(problems(await s.as('mx').delete(`/v1/products/${mxNew.body.id}`)), ['invalid_value@id']);
    // Without taxes it is not subject to them (c_ObjetoImp 01; 02 must carry taxes, issue 24).
    const mxFree = await s.as('mx').post('/v1/products', { code: 'MXDEL2', name: 'Borrable', sat_product_key: '43211503', sat_unit_key: 'H87', tax_object: '01' });
    assert.deepEqual((await s.as('mx').delete(`/v1/products/${mxFree.body.id}`)).body, { id: mxFree.body.id, deleted: true });
  });
});

eachStorage('migration 011 on data of the earlier shape', (storage) => {
  test('prices become price lists in the company\'s currency, customer types one of three, every company gets twelve price lists', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'facturas-mig011-'));
    const pgdb = storage === 'postgres' ? await freshPostgres() : undefined;
    const db = await openDb({ databaseUrl: pgdb?.url, dataDir });
    try {
      const all = path.join(__dirname, '..', '..', '..', 'migrations');
      const earlier = fs.mkdtempSync(path.join(os.tmpdir(), 'facturas-mig-'));
      for (const f of fs.readdirSync(all).filter((f) => f < '011')) fs.copyFileSync(path.join(all, f), path.join(earlier, f));
      await migrate(db, earlier);
      fs.rmSync(earlier, { recursive: true, force: true });
      const [co] = await db.query(`INSERT INTO companies (country, legal_name, tax_id, time_zone) VALUES ('CO', 'Antes S.A.S.', '900000001', 'America/Bogota') RETURNING company_id`);
      const [mx] = await db.query(`INSERT INTO companies (country, legal_name, tax_id, time_zone) VALUES ('MX', 'Antes SA', 'ANT010101AB1', 'America/Mexico_City') RETURNING company_id`);
      await db.query(`INSERT INTO products (company_id, code, name, prices) VALUES ($1, 'P1', 'Uno', '[{"position":1,"name":"General","value":10.5},{"position":3,"value":9}]'), ($1, 'P2', 'Dos', '[]'),
        ($2, 'P1', 'Uno', '[{"position":1,"value":7}]')`, [co.company_id, mx.company_id]);
      await db.query(`INSERT INTO customers (company_id, person_type, id_type, identification, name, type) VALUES ($1, 'person', '13', '1', '["A","B"]', 'supplier'),
        ($1, 'person', '13', '2', '["A","B"]', 'cliente VIP'), ($1, 'person', '13', '3', '["A","B"]', NULL)`, [co.company_id]);
      assert.equal((await migrate(db, all))[0], '011_siigo_catalog.sql');
      const prices = await db.query(`SELECT company_id, code, prices FROM products ORDER BY company_id, code`);
      assert.deepEqual(prices.map((p) => p.prices), [
        [{ currency_code: 'COP', price_list: [{ position: 1, name: 'General', value: 10.5 }, { position: 3, value: 9 }] }], [],
        [{ currency_code: 'MXN', price_list: [{ position: 1, value: 7 }] }],
      ]);
      assert.deepEqual((await db.query(`SELECT type FROM customers ORDER BY identification`)).map((c) => c.type), ['Supplier', 'Customer', 'Customer']);
      const lists = await db.query(`SELECT company_id, count(*)::int AS n, min(position) AS lo, max(position) AS hi FROM price_lists GROUP BY company_id ORDER BY company_id`);
      assert.deepEqual(lists, [{ company_id: co.company_id, n: 12, lo: 1, hi: 12 }, { company_id: mx.company_id, n: 12, lo: 1, hi: 12 }]);
    } finally {
      await db.close();
      await pgdb?.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
