/**
 * Lookups, customers and products through HTTP on both base addresses:
 * shapes, pagination, filters, create/update rules, and tenancy.
 * (The reference API's wire format of each: catalog-siigo.test.ts.)
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { ARRAY_LOOKUPS, eachStorage, problems, records, startTestServer, type TestServer } from '../support/server';

const LOOKUPS: Record<string, string[]> = {
  '/v1/document-types?type=FV': ['id', 'code', 'name', 'description', 'type', 'active', 'seller_by_item', 'customer_by_item', 'cost_center',
    'cost_center_mandatory', 'automatic_number', 'consecutive', 'discount_type', 'decimals', 'advance_payment', 'reteiva', 'reteica',
    'self_withholding', 'electronic_type', 'cargo_transportation', 'healthcare_company', 'prefix'],
  '/v1/document-types?type=RC': ['id', 'code', 'type', 'consecutive'],
  '/v1/document-types': ['id', 'code', 'type', 'consecutive'],
  '/v1/users': ['id', 'username', 'first_name', 'last_name', 'email', 'active', 'identification'],
  '/v1/taxes': ['id', 'name', 'type', 'percentage', 'active'],
  '/v1/payment-types?document_type=FV': ['id', 'name', 'type', 'active', 'due_date'],
  '/v1/payment-types?document_type=RC': ['id', 'name', 'type', 'active', 'due_date'],
  '/v1/customers': ['id', 'type', 'person_type', 'id_type', 'identification', 'branch_office', 'name', 'active', 'vat_responsible',
    'fiscal_responsibilities', 'address', 'phones', 'contacts', 'custom_fields', 'metadata'],
  '/v1/products': ['id', 'code', 'name', 'account_group', 'type', 'stock_control', 'active', 'tax_classification', 'tax_included', 'taxes', 'prices',
    'unit', 'metadata'],
  '/v1/warehouses': ['id', 'name', 'active'],
  '/v1/cost-centers': ['id', 'code', 'name', 'active'],
  '/v1/account-groups': ['id', 'name', 'active'],
  '/v1/price-lists': ['id', 'name', 'active', 'position'],
  '/v1/accounts': ['id', 'code', 'name', 'nature', 'active'],
  '/v1/global-discounts': ['id', 'name', 'active'],
  '/v1/global-charges': ['id', 'name', 'active'],
};
const isArray = (p: string) => ARRAY_LOOKUPS.includes(p.split('?')[0]);

const coCustomer = (over: Record<string, unknown> = {}) => ({
  person_type: 'company', id_type: '31', identification: '900373115', check_digit: '3', branch_office: 7,
  name: ['Distribuciones Río Claro S.A.S.'], vat_responsible: true,
  fiscal_responsibilities: [{ code: 'O-13', name: 'Gran contribuyente' }],
  address: { address: 'Cra 7 # 71-21 Of. 502', city: { country_code: 'CO', state_code: '11', city_code: '11001' }, postal_code: '110231' },
  phones: [{ indicative: '57', number: '6012345678', extension: '12' }],
  contacts: [{ first_name: 'Ana María', last_name: 'Gómez', email: 'ana.gomez@rioclaro.example.co', phone: { number: '3001234567' } }],
  custom_fields: [{ key: 'segmento', value: 'mayorista' }],
  ...over,
});

eachStorage('catalog', (storage) => {
  let s: TestServer;
  before(async () => { s = await startTestServer(storage); });
  after(() => s.close());

  for (const country of ['co', 'mx'] as const) {
    test(`${country}: every lookup answers its records in the documented shape (a plain array or a page)`, async () => {
      const api = s.as(country);
      const paths = { ...LOOKUPS, ...(country === 'mx' ? { '/v1/uses': ['code', 'description', 'person_types'] } : {}) };
      for (const [p, fields] of Object.entries(paths)) {
        const r = await api.get(p);
        assert.equal(r.status, 200, `${p}: ${JSON.stringify(r.body)}`);
        if (isArray(p)) {
          assert.ok(Array.isArray(r.body), `${p} answers a plain array`);
        } else {
          assert.deepEqual(Object.keys(r.body.pagination).sort(), ['page', 'page_size', 'total_results'], p);
          assert.equal(r.body.pagination.total_results >= r.body.results.length, true);
        }
        const list = records(r.body);
        assert.ok(list.length > 0, `${p} has demo records`);
        for (const rec of list) for (const f of fields) assert.ok(f in rec, `${p}: field ${f} in ${JSON.stringify(rec)}`);
        if (p === '/v1/uses') continue;
        const one = await api.get(`${p.split('?')[0]}/${list[0].id}`);
        assert.equal(one.status, 200, p);
        assert.deepEqual(one.body, list[0], `${p}: get by id equals the listed record`);
      }
    });
  }

  test('document types filter by type and show the resolution of electronic ones', async () => {
    const fv = await s.as('co').list('/v1/document-types?type=FV');
    assert.ok(fv.every((d: any) => d.type === 'FV'));
    const electronic = fv.find((d: any) => d.electronic_type === 'ElectronicInvoice');
    assert.ok(electronic, 'an electronic FV type exists');
    assert.deepEqual(Object.keys(electronic.resolution).sort(), ['from', 'number', 'prefix', 'to', 'valid_from', 'valid_to']);
    assert.ok(fv.some((d: any) => d.customer_by_item) && fv.some((d: any) => d.discount_type === 'Percentage'));
    assert.ok(fv.some((d: any) => d.cost_center_mandatory) && fv.some((d: any) => d.seller_by_item));
    const plain = fv.find((d: any) => d.electronic_type === 'NoElectronic');
    assert.equal(plain.resolution, undefined);
    const rc = await s.as('co').list('/v1/document-types?type=RC');
    assert.ok(rc.length > 0 && rc.every((d: any) => d.type === 'RC'));
    const nc = await s.as('co').list('/v1/document-types?type=NC');
    const nd = await s.as('co').list('/v1/document-types?type=ND');
    assert.deepEqual(nc.map((d: any) => [d.code, d.electronic_type]).sort(), [['NC', 'NoElectronic'], ['NC-E', 'ElectronicInvoice']], 'an electronic and a plain credit note type');
    assert.deepEqual(nd.map((d: any) => [d.code, d.electronic_type]).sort(), [['ND', 'NoElectronic'], ['ND-E', 'ElectronicInvoice']]);
    assert.ok([...nc, ...nd].every((d: any) => d.resolution === undefined), 'the DIAN authorizes no numbering range for notes');
    const every = await s.as('co').list('/v1/document-types');
    assert.deepEqual(every.map((d: any) => d.id).sort(), [...fv, ...rc, ...nc, ...nd].map((d: any) => d.id).sort(), 'without type: every type');
    assert.deepEqual(problems(await s.as('co').get('/v1/document-types?type=XX')), ['invalid_value@type']);
    assert.deepEqual(problems(await s.as('co').get('/v1/payment-types')), ['parameter_required@document_type']);
  });

  test('taxes carry numeric percentages, including per mil ReteICA', async () => {
    const taxes = await s.as('co').list('/v1/taxes');
    const pct = (type: string) => taxes.filter((t: any) => t.type === type).map((t: any) => t.percentage).sort((a: number, b: number) => a - b);
    assert.deepEqual(pct('ReteICA'), [0.966]);
    assert.ok(pct('IVA').includes(19) && pct('IVA').includes(5) && pct('IVA').includes(0));
    assert.ok(taxes.some((t: any) => !t.active), 'an inactive tax exists');
    const mx = await s.as('mx').get('/v1/taxes?type=ReteIVA');
    assert.deepEqual(mx.body.map((t: any) => t.percentage), [10.6667]);
  });

  test('pagination: page size, pages, limits', async () => {
    const all = await s.as('co').get('/v1/accounts?page_size=100');
    const total = all.body.pagination.total_results;
    assert.ok(total >= 5);
    const p1 = await s.as('co').get('/v1/accounts?page=1&page_size=2');
    const p2 = await s.as('co').get('/v1/accounts?page=2&page_size=2');
    assert.deepEqual(p1.body.pagination, { page: 1, page_size: 2, total_results: total });
    assert.equal(p1.body.results.length, 2);
    assert.deepEqual([...p1.body.results, ...p2.body.results], all.body.results.slice(0, 4));
    const beyond = await s.as('co').get('/v1/accounts?page=999');
    assert.equal(beyond.status, 200);
    assert.deepEqual(beyond.body.results, []);
    assert.equal(beyond.body.pagination.total_results, total);
    assert.deepEqual(problems(await s.as('co').get('/v1/accounts?page_size=101')), ['invalid_value@page_size']);
    assert.deepEqual(problems(await s.as('co').get('/v1/accounts?page=0')), ['invalid_value@page']);
    assert.deepEqual(problems(await s.as('co').get('/v1/accounts?page=abc')), ['invalid_type@page']);
    const defaults = await s.as('co').get('/v1/accounts');
    assert.deepEqual(defaults.body.pagination, { page: 1, page_size: 25, total_results: total });
    const prefixed = await s.as('co').get('/v1/accounts?code=1105');
    assert.ok(prefixed.body.results.length > 0 && prefixed.body.results.every((a: any) => a.code.startsWith('1105')));
  });

  test('MX uses: c_UsoCFDI with person types', async () => {
    const r = await s.as('mx').get('/v1/uses?page_size=100');
    const byCode = Object.fromEntries(r.body.results.map((u: any) => [u.code, u.person_types]));
    assert.deepEqual([...byCode.G03].sort(), ['company', 'person']);
    assert.deepEqual(byCode.D01, ['person']);
    assert.ok(byCode.S01 && byCode.CP01);
    const one = await s.as('mx').get('/v1/uses/g01');
    assert.equal(one.body.code, 'G01');
    assert.equal((await s.as('mx').get('/v1/uses/ZZ9')).status, 404);
    assert.equal((await s.as('co').get('/v1/uses')).status, 404, 'uses exist only on the MX base address');
  });

  test('tenancy: one company never sees the other company\'s records, by list or by guessed id', async () => {
    for (const [mine, theirs] of [['co', 'mx'], ['mx', 'co']] as const) {
      for (const p of Object.keys(LOOKUPS)) {
        const ownIds = new Set((await s.as(mine).list(p)).map((x: any) => x.id));
        for (const rec of await s.as(theirs).list(p)) {
          assert.ok(!ownIds.has(rec.id), `${mine} lists ${theirs}'s ${p} id ${rec.id}`);
          const guess = await s.as(mine).get(`${p.split('?')[0]}/${rec.id}`);
          assert.equal(guess.status, 404, `${mine} reads ${theirs}'s ${p} ${rec.id}`);
          assert.equal(guess.body.Errors[0].Code, 'not_found');
        }
      }
    }
    const mxCustomer = (await s.as('mx').get('/v1/customers')).body.results[0];
    const put = await s.as('co').put(`/v1/customers/${mxCustomer.id}`, coCustomer());
    assert.equal(put.status, 404, 'cannot update another company\'s customer');
    const after = await s.as('mx').get(`/v1/customers/${mxCustomer.id}`);
    assert.deepEqual(after.body, mxCustomer);
  });

  test('customers: create, read back, find by identification, update', async () => {
    const created = await s.as('co').post('/v1/customers', coCustomer());
    assert.equal(created.status, 201, JSON.stringify(created.body));
    assert.equal(created.body.identification, '900373115');
    assert.deepEqual(created.body.name, ['Distribuciones Río Claro S.A.S.']);
    assert.equal(created.body.active, true);
    assert.match(created.body.metadata.created, /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    const read = await s.as('co').get(`/v1/customers/${created.body.id}`);
    assert.deepEqual(read.body, created.body);
    const found = await s.as('co').get('/v1/customers?identification=900373115&branch_office=7');
    assert.deepEqual(found.body.results.map((c: any) => c.id), [created.body.id]);
    const [stored] = await s.db.query('SELECT c.check_digit, co.country FROM customers c JOIN companies co USING (company_id) WHERE c.id = $1', [created.body.id]);
    assert.deepEqual(stored, { check_digit: '3', country: 'CO' });

    const again = await s.as('co').post('/v1/customers', coCustomer());
    assert.deepEqual(problems(again), ['already_exists@identification']);
    const otherBranch = await s.as('co').post('/v1/customers', coCustomer({ branch_office: 8 }));
    assert.equal(otherBranch.status, 201, 'the same identification with a new branch office is accepted');

    const updated = await s.as('co').put(`/v1/customers/${created.body.id}`, coCustomer({ name: 'Distribuciones Río Claro Ltda', active: false }));
    assert.equal(updated.status, 200, JSON.stringify(updated.body));
    assert.deepEqual(updated.body.name, ['Distribuciones Río Claro Ltda']);
    assert.equal(updated.body.active, false);
    assert.equal((await s.as('co').get(`/v1/customers/${created.body.id}`)).body.active, false);
    const clash = await s.as('co').put(`/v1/customers/${created.body.id}`, coCustomer({ branch_office: 8 }));
    assert.deepEqual(problems(clash), ['already_exists@identification']);
    assert.equal((await s.as('co').put('/v1/customers/999999', coCustomer())).status, 404);
  });

  test('customers: every field rule, all problems in one answer', async () => {
    const r = await s.as('co').post('/v1/customers', coCustomer({
      person_type: 'alien', id_type: '99', identification: 'A'.repeat(51), branch_office: 1000,
      name: ['x'.repeat(101)],
      address: { address: 'Calle 1 <script>', city: { country_code: 'CO', state_code: '11' } },
      phones: [{ number: '12-34' }, { number: '12345678901' }],
      contacts: [{ last_name: 'y'.repeat(51), email: 'not-an-email' }, { first_name: 'z'.repeat(51), email: `${'a'.repeat(95)}@x.com` }],
    }));
    assert.equal(r.status, 400);
    assert.deepEqual(problems(r).sort(), [
      'invalid_value@address.address', 'invalid_value@branch_office', 'invalid_value@id_type',
      'invalid_value@person_type', 'invalid_value@phones[0].number',
      'length_max@contacts[0].last_name', 'length_max@contacts[1].email', 'length_max@contacts[1].first_name', 'length_max@identification',
      'length_max@name[0]', 'length_max@phones[1].number', 'invalid_email@contacts[0].email', 'parameter_required@address.city.city_code',
      'parameter_required@contacts[0].first_name',
    ].sort());
    const missing = await s.as('co').post('/v1/customers', {});
    assert.deepEqual(problems(missing).sort(), ['parameter_required@address', 'parameter_required@id_type', 'parameter_required@identification',
      'parameter_required@name', 'parameter_required@person_type'].sort());
  });

  test('customers: name elements per person type, NIT check digit, DANE codes, sellers', async () => {
    const person = await s.as('co').post('/v1/customers', coCustomer({ person_type: 'person', id_type: '13', identification: '52345678', check_digit: undefined, name: ['Ana'] }));
    assert.deepEqual(problems(person), ['invalid_value@name']);
    const company = await s.as('co').post('/v1/customers', coCustomer({ name: ['A', 'B'], branch_office: 50 }));
    assert.deepEqual(problems(company), ['invalid_value@name']);
    const dv = await s.as('co').post('/v1/customers', coCustomer({ check_digit: '4', branch_office: 50 }));
    assert.deepEqual(problems(dv), ['invalid_identification@check_digit']);
    assert.match(dv.body.Errors[0].Message, /is 3/);
    const city = await s.as('co').post('/v1/customers', coCustomer({ branch_office: 50, address: { address: 'Calle 5', city: { country_code: 'CO', state_code: '05', city_code: '11001' } } }));
    assert.deepEqual(problems(city), ['invalid_value@address.city.city_code']);
    const seller = await s.as('co').post('/v1/customers', coCustomer({ branch_office: 50, related_users: { seller_id: 987654 } }));
    assert.deepEqual(problems(seller), ['invalid_reference@related_users.seller_id']);
    const typed = await s.as('co').post('/v1/customers', coCustomer({ identification: 900373115, branch_office: '7' }));
    assert.deepEqual(problems(typed).sort(), ['invalid_type@branch_office', 'invalid_type@identification']);
    const ok = await s.as('co').post('/v1/customers', coCustomer({ person_type: 'person', id_type: '13', identification: '52345678', check_digit: undefined, name: ['Ana Lucía', 'Pérez Ñáñez'] }));
    assert.equal(ok.status, 201, JSON.stringify(ok.body));
    assert.deepEqual(ok.body.name, ['Ana Lucía', 'Pérez Ñáñez']);
    const computed = await s.as('co').post('/v1/customers', coCustomer({ identification: '860034313', check_digit: undefined }));
    assert.equal(computed.body.check_digit, '7', 'the NIT check digit is computed when omitted');
  });

  test('MX customers are identified by RFC', async () => {
    const body = { person_type: 'company', identification: 'ABC010203XY1', name: 'Servicios Demo del Norte', tax_regime: '601', address: { address: 'Av. Reforma 100', postal_code: '06600' } };
    const ok = await s.as('mx').post('/v1/customers', body);
    assert.equal(ok.status, 201, JSON.stringify(ok.body));
    assert.deepEqual(ok.body.id_type, { code: 'RFC', name: 'Registro Federal de Contribuyentes' });
    const person = await s.as('mx').post('/v1/customers', { ...body, person_type: 'person', name: ['Luis', 'Hernández'] });
    assert.deepEqual(problems(person), ['invalid_identification@identification']);
    const bad = await s.as('mx').post('/v1/customers', { ...body, identification: 'abc', tax_regime: '6011', address: { address: 'x', postal_code: '123' } });
    assert.deepEqual(problems(bad).sort(), ['invalid_identification@identification', 'invalid_value@address.postal_code', 'invalid_value@tax_regime', 'length_min@identification'].sort());
  });

  test('products: create, read, update, rules', async () => {
    const taxes = await s.as('co').list('/v1/taxes');
    const iva19 = taxes.find((t: any) => t.type === 'IVA' && t.percentage === 19 && t.active);
    const inc = taxes.find((t: any) => t.type === 'Impoconsumo' && t.active);
    const inactive = taxes.find((t: any) => !t.active);
    const reteiva = taxes.find((t: any) => t.type === 'ReteIVA');
    const body = { code: 'TEST01', name: 'Café molido 500 g', taxes: [{ id: iva19.id }], prices: [{ position: 1, name: 'General', value: 18500.5 }], long_description: 'Café de origen, tostión media' };
    const created = await s.as('co').post('/v1/products', body);
    assert.equal(created.status, 201, JSON.stringify(created.body));
    assert.deepEqual(created.body.taxes, [{ id: iva19.id, name: iva19.name, type: 'IVA', percentage: 19 }]);
    assert.deepEqual(created.body.prices, [{ currency_code: 'COP', price_list: [{ position: 1, name: 'General', value: 18500.5 }] }]);
    assert.equal(created.body.type, 'Product');
    assert.deepEqual(created.body.unit, { code: '94', name: 'Unidad' });
    assert.deepEqual((await s.as('co').get(`/v1/products/${created.body.id}`)).body, created.body);
    assert.deepEqual((await s.as('co').get('/v1/products?code=TEST01')).body.results.map((p: any) => p.id), [created.body.id]);

    const dup = await s.as('co').post('/v1/products', body);
    assert.deepEqual(problems(dup), ['already_exists@code']);
    const rules = await s.as('co').post('/v1/products', {
      code: 'BAD 1', name: '', type: 'Thing',
      taxes: [{ id: 999999 }, { id: inactive.id }, { id: reteiva.id }],
      prices: [{ position: 1, value: 1.1234567 }, { position: 1, value: -1 }],
    });
    assert.deepEqual(problems(rules).sort(), ['invalid_amount@prices[0].value', 'invalid_code@code', 'invalid_value@prices[1].value', 'invalid_value@type', 'parameter_required@name'].sort());
    const refs = await s.as('co').post('/v1/products', { code: 'REF1', name: 'x', taxes: [{ id: 999999 }, { id: inactive.id }, { id: reteiva.id }] });
    assert.deepEqual(problems(refs), ['invalid_reference@taxes[0].id', 'parameter_inactive@taxes[1].id', 'invalid_value@taxes[2].id']);
    const twice = await s.as('co').post('/v1/products', { code: 'TWO1', name: 'x', taxes: [{ id: iva19.id }, { id: taxes.find((t: any) => t.type === 'IVA' && t.percentage === 5).id }] });
    assert.deepEqual(problems(twice), ['invalid_array@taxes[1].id']);

    const updated = await s.as('co').put(`/v1/products/${created.body.id}`, { ...body, name: 'Café molido 1 kg', type: 'Product', taxes: [{ id: iva19.id }, { id: inc.id }] });
    assert.equal(updated.status, 200, JSON.stringify(updated.body));
    assert.equal(updated.body.name, 'Café molido 1 kg');
    assert.equal(updated.body.taxes.length, 2);
    const mxProduct = (await s.as('mx').get('/v1/products')).body.results[0];
    assert.equal((await s.as('co').put(`/v1/products/${mxProduct.id}`, body)).status, 404);

    // A leading U+FEFF (a byte order mark) is refused: PGlite's driver would drop it when reading the name back.
    // Inside a text it is kept, and read back byte for byte.
    const bom = await s.as('co').post('/v1/products', { ...body, code: 'BOM1', name: '\ufeffCafé', long_description: '\ufeff' });
    assert.equal(bom.status, 400, JSON.stringify(bom.body));
    assert.deepEqual(problems(bom).sort(), ['invalid_value@long_description', 'invalid_value@name']);
    assert.match(bom.body.Errors[0].Message, /must not begin with U\+FEFF/);
    const put = await s.as('co').put(`/v1/products/${created.body.id}`, { ...body, name: '\ufeffCafé' });
    assert.deepEqual(problems(put), ['invalid_value@name']);
    assert.equal((await s.as('co').get(`/v1/products/${created.body.id}`)).body.name, 'Café molido 1 kg', 'nothing changed');
    const inside = await s.as('co').post('/v1/products', { ...body, code: 'BOM2', name: 'Café\ufeff molido', long_description: 'x\ufeff' });
    assert.equal(inside.status, 201, JSON.stringify(inside.body));
    const back = (await s.as('co').get(`/v1/products/${inside.body.id}`)).body;
    assert.deepEqual([back.name, back.long_description], ['Café\ufeff molido', 'x\ufeff']);
  });

  test('MX products need SAT keys', async () => {
    const missing = await s.as('mx').post('/v1/products', { code: 'MX01', name: 'Laptop' });
    assert.deepEqual(problems(missing).sort(), ['parameter_required@sat_product_key', 'parameter_required@sat_unit_key']);
    const iva16 = (await s.as('mx').list('/v1/taxes')).find((t: any) => t.type === 'IVA' && t.percentage === 16);
    const ok = await s.as('mx').post('/v1/products', { code: 'MX01', name: 'Laptop', sat_product_key: '43211503', sat_unit_key: 'H87', taxes: [{ id: iva16.id }] });
    assert.equal(ok.status, 201, JSON.stringify(ok.body));
    assert.equal(ok.body.tax_object, '02');
    assert.deepEqual(ok.body.unit, { code: 'H87', name: 'Pieza' });
  });
});
