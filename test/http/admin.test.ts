/**
 * Issue 18, point 1: the administration API (/admin/v1) over HTTP, as an
 * operator calls it. Who may call it (ADMIN_TOKEN only, never a company token;
 * never /v1 with it; 404 when it is off), companies and every collection
 * (records in their /v1 lookup's shape, GET → PATCH round trips, deactivation),
 * the checks (NIT and RFC check digits, DIAN resolutions, certificates,
 * accounts, country rules) refused with their paths and writing nothing,
 * exchange rates taken by invoices, API users' keys, and the change log.
 */
import forge from 'node-forge';
import { AAD, openFor } from '../../src/platform/secrets';
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { generateTestCertificate } from '../../src/einvoice/certificates';
import { nitCheckDigit } from '../../src/platform/nit';
import { eachStorage, problems, startTestServer, type Reply, type TestServer } from '../support/server';
import { appRoutes, errorShapeProblem } from '../support/routes';
import { coRefs, validInvoice, type CoRefs } from '../support/co';
import { ADMIN_TOKEN, adminOf, BOGOTA, coCompany, login, mxCompany, ok, SECRET_KEY, type Admin } from '../support/admin';

const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8cfc0f01f0005000201a5f0d5b50000000049454e44ae426082', 'hex');
/** A date `offset` days from today as the Colombian companies see it (America/Bogota, UTC−5 all year), as the service checks dates. */
const day = (offset: number) => new Date(Date.now() - 5 * 3_600_000 + offset * 86_400_000).toISOString().slice(0, 10);

/** The PKCS#12 with its MacData's iteration count set to `count` (re-encoded: the MAC no longer verifies). */
function withIterations(p12Base64: string, count: number): string {
  const pfx = forge.asn1.fromDer(forge.util.createBuffer(Buffer.from(p12Base64, 'base64').toString('binary')));
  const macData = (pfx.value as forge.asn1.Asn1[])[2];
  const iterations = (macData.value as forge.asn1.Asn1[])[2];
  iterations.value = forge.asn1.integerToDer(count).getBytes();
  return Buffer.from(forge.asn1.toDer(pfx).getBytes(), 'binary').toString('base64');
}

eachStorage('administration API', (storage) => {
  let s: TestServer;
  let admin: Admin;
  let r: CoRefs;
  let demoCo: any;
  before(async () => {
    s = await startTestServer(storage, { ADMIN_TOKEN, SECRET_KEY });
    admin = adminOf(s);
    r = await coRefs(s);
    demoCo = ok(await admin.get('/companies?country=CO')).results.find((c: any) => c.is_demo);
  });
  after(() => s.close());

  const changesOf = async (companyId: number) => (await s.db.query('SELECT count(*)::int AS n FROM admin_changes WHERE company_id = $1', [companyId]))[0].n;
  const versionOf = async (companyId: number) => Number((await s.db.query('SELECT catalog_version FROM companies WHERE company_id = $1', [companyId]))[0].catalog_version);
  /** A fresh company with an API user; its id and a client of its base address. */
  async function company(body: Record<string, any>) {
    const c = ok(await admin.post('/companies', body), 201);
    const user = ok(await admin.post(`/companies/${c.id}/api-users`, { username: `u${c.id}-${Date.now()}` }), 201);
    const base = c.country === 'MX' ? '/mx' : '';
    const token = await login(s, base, user.username, user.access_key);
    return { c, user, api: s.with(async () => token, base) };
  }

  test('access: only ADMIN_TOKEN opens /admin (compared whole), a company token never does, and it opens nothing on /v1', async () => {
    for (const token of [null, 'wrong', ADMIN_TOKEN.slice(0, -1), `${ADMIN_TOKEN}x`, await s.token('co')]) {
      const res = await adminOf(s, token).get('/companies');
      assert.equal(res.status, 401, `token ${token}`);
      assert.deepEqual(problems(res), ['unauthorized@Authorization']);
    }
    const raw = await s.call('GET', '/admin/v1/companies', { headers: { authorization: `Basic ${ADMIN_TOKEN}` } });
    assert.equal(raw.status, 401);
    for (const p of ['/v1/taxes', '/mx/v1/taxes', '/v1/invoices']) {
      const res = await s.call('GET', p, { token: ADMIN_TOKEN });
      assert.equal(res.status, 401, p);
      assert.deepEqual(problems(res), ['unauthorized@Authorization']);
    }
    assert.deepEqual(problems(await admin.get('/companies/999999')), ['not_found@id']);
    assert.deepEqual(problems(await admin.get('/companies/999999/taxes')), ['not_found@id']);
    assert.deepEqual(problems(await admin.get('/companies/abc')), ['invalid_type@id']);
    assert.deepEqual(problems(await admin.get(`/companies/${demoCo.id}/taxes/0`)), ['invalid_value@item']);
    assert.deepEqual(problems(await admin.get(`/companies/${demoCo.id}/taxes/999999`)), ['not_found@item']);
    assert.deepEqual(problems(await admin.get('/companies?country=XX')), ['invalid_value@country']);
    assert.deepEqual(problems(await admin.get('/companies?bogus=1')), ['invalid_value@bogus']);
    const page = ok(await admin.get('/companies?page_size=1'));
    assert.equal(page.results.length, 1);
    assert.ok(page.pagination.total_results >= 2);
  });

  test('companies: created with the NIT check digit, address and time zone; each mistake answered on its path, nothing written', async () => {
    const body = coCompany({ starter_catalog: false });
    const dv = nitCheckDigit(body.tax_id);
    const before = (await s.db.query('SELECT count(*)::int AS n FROM companies'))[0].n;
    const refusals: [Record<string, unknown>, string[]][] = [
      [{ check_digit: String((Number(dv) + 1) % 10) }, ['invalid_identification@check_digit']],
      [{ tax_id: '90037311A' }, ['invalid_identification@tax_id']],
      [{ tax_id: '900.373.115' }, ['invalid_identification@tax_id']],
      [{ country: 'PE' }, ['invalid_value@country']],
      [{ legal_name: '' }, ['parameter_required@legal_name']],
      [{ address: undefined }, ['parameter_required@address']],
      [{ address: { address: 'Calle 1', city: { country_code: 'CO', state_code: '11', city_code: '05001' } } }, ['invalid_value@address.city.city_code']],
      [{ address: { address: 'Calle 1', city: { country_code: 'CO', state_code: '1', city_code: '11001' } } }, ['invalid_value@address.city.state_code']],
      [{ address: { address: 'Calle <1>', city: BOGOTA } }, ['invalid_value@address.address']],
      [{ time_zone: 'America/Mexico_City' }, ['invalid_value@time_zone']],
      [{ settings: { tax_regime: '601' } }, ['parameter_not_allowed@settings.tax_regime']],
      [{ settings: { vat_responsible: 'yes' } }, ['invalid_type@settings.vat_responsible']],
      [{ settings: { postal_code: '06600' } }, ['parameter_not_allowed@settings.postal_code']],
      [{ settings: { fiscal_responsibilities: ['O-99'] } }, ['invalid_value@settings.fiscal_responsibilities[0]']],
      [{ settings: { email: 'not an e-mail' } }, ['invalid_email@settings.email']],
      [{ settings: { foreign_currency: { enabled: true, currencies: ['COP'] } } }, ['invalid_currency@settings.foreign_currency.currencies']],
      [{ settings: { dian: { environment: '3' } } }, ['invalid_value@settings.dian.environment']],
      [{ logo: Buffer.from('GIF89a....').toString('base64') }, ['invalid_value@logo']],
    ];
    for (const [over, expected] of refusals) {
      const res = await admin.post('/companies', { ...body, ...over });
      assert.equal(res.status, 400, `${JSON.stringify(over)}: ${JSON.stringify(res.body)}`);
      assert.deepEqual(problems(res), expected, JSON.stringify(over));
    }
    assert.equal((await s.db.query('SELECT count(*)::int AS n FROM companies'))[0].n, before, 'no refusal wrote a company');

    const made = await admin.post('/companies', { ...body, check_digit: dv, logo: PNG.toString('base64') });
    assert.equal(made.status, 201, JSON.stringify(made.body));
    const c = made.body;
    assert.equal(c.check_digit, dv);
    assert.equal(c.time_zone, 'America/Bogota');
    assert.deepEqual(c.address.city, BOGOTA);
    assert.deepEqual(c.logo, { media_type: 'image/png', size: PNG.length });
    assert.deepEqual(c.settings.fiscal_responsibilities, [{ code: 'O-13', name: 'Gran contribuyente' }]);
    assert.deepEqual(ok(await admin.get(`/companies/${c.id}`)), c);
    assert.deepEqual(problems(await admin.post('/companies', body)), ['already_exists@tax_id']);
    // starter_catalog false: only the chart of accounts.
    const [counts] = await s.db.query(`SELECT (SELECT count(*)::int FROM accounts WHERE company_id = $1) AS accounts, (SELECT count(*)::int FROM taxes WHERE company_id = $1) AS taxes,
      (SELECT count(*)::int FROM document_types WHERE company_id = $1) AS types`, [c.id]);
    assert.ok(counts.accounts > 20);
    assert.deepEqual([counts.taxes, counts.types], [0, 0]);

    // Mexico: the RFC's own check digit; a generic RFC is no issuer; the place of issue defaults to the address's postal code.
    const mx = mxCompany();
    const wrong = mx.tax_id.slice(0, -1) + (mx.tax_id.endsWith('1') ? '2' : '1');
    assert.deepEqual(problems(await admin.post('/companies', { ...mx, tax_id: wrong })), ['invalid_identification@tax_id']);
    assert.deepEqual(problems(await admin.post('/companies', { ...mx, tax_id: 'XAXX010101000' })), ['invalid_identification@tax_id']);
    assert.deepEqual(problems(await admin.post('/companies', { ...mx, check_digit: '1' })), ['parameter_not_allowed@check_digit']);
    assert.deepEqual(problems(await admin.post('/companies', { ...mx, settings: { tax_regime: '48' } })), ['invalid_value@settings.tax_regime']);
    assert.deepEqual(problems(await admin.post('/companies', { ...mx, settings: { vat_responsible: true } })), ['parameter_not_allowed@settings.vat_responsible']);
    assert.deepEqual(problems(await admin.post('/companies', { ...mx, settings: { dian: { id: 'x' } } })), ['parameter_not_allowed@settings.dian']);
    assert.deepEqual(problems(await admin.post('/companies', { ...mx, address: { address: 'x', postal_code: '123' } })), ['invalid_value@address.postal_code']);
    const m = ok(await admin.post('/companies', { ...mx, tax_id: mx.tax_id.toLowerCase() }), 201);
    assert.equal(m.tax_id, mx.tax_id);
    assert.equal(m.time_zone, 'America/Mexico_City');
    assert.equal(m.settings.postal_code, '64000');
    assert.equal(m.check_digit, null);
  });

  test('companies: PATCH changes every document setting (merged, null removes), never the country or tax id; a refused PATCH writes nothing', async () => {
    const c = ok(await admin.post('/companies', coCompany()), 201);
    const settings = {
      email: 'ventas@tornillo.example.co', phone: '+57 601 555 0100', commercial_name: 'El Tornillo', vat_responsible: false,
      fiscal_responsibilities: [{ code: 'R-99-PN', name: 'whatever' }], person_type: 'company', commercial_registration: '123456',
      foreign_currency: { enabled: true, currencies: ['USD', 'EUR'] }, warehouses_enabled: false, seller_by_item: true, cost_center_required: true,
      long_product_descriptions: false, dian: { id: 'f1c2e3d4-0000-4000-8000-000000000001', pin: '54321', test_set_id: '6d3b1f0e-2a4c-4e8b-9f7d-5c1a2b3e4d5f', environment: '2', provider_name: 'Software Contable S.A.S.' },
    };
    const patched = ok(await admin.patch(`/companies/${c.id}`, { settings, legal_name: 'Ferretería El Tornillo S.A.S. BIC', logo: PNG.toString('base64') }));
    assert.equal(patched.legal_name, 'Ferretería El Tornillo S.A.S. BIC');
    assert.deepEqual(patched.settings, { ...settings, fiscal_responsibilities: [{ code: 'R-99-PN', name: 'No aplica – Otros' }],
      dian: { id: settings.dian.id, test_set_id: '6d3b1f0e-2a4c-4e8b-9f7d-5c1a2b3e4d5f', environment: '2', provider_name: 'Software Contable S.A.S.', pin_set: true } }, 'the PIN is never answered');
    const [stored] = await s.db.query('SELECT settings FROM companies WHERE company_id = $1', [c.id]);
    assert.match(stored.settings.dian.pin, /^v2\./, 'stored sealed (docs/security.md)');
    assert.equal(openFor(stored.settings.dian.pin, AAD.pin(c.id)), '54321');

    // Production only once the DIAN test set passed (settings.dian.test_set_passed_at, written by the test set; a PATCH cannot set it).
    assert.deepEqual(problems(await admin.patch(`/companies/${c.id}`, { settings: { dian: { environment: '1', test_set_passed_at: '2026-01-01T00:00:00Z' } } })),
      ['company_settings@settings.dian.environment']);
    await s.db.query(`UPDATE companies SET settings = jsonb_set(settings, '{dian,test_set_passed_at}', '"2026-01-01T00:00:00Z"') WHERE company_id = $1`, [c.id]);
    // Merged: dian and foreign_currency key by key; null removes; a GET answer sent back changes nothing.
    const merged = ok(await admin.patch(`/companies/${c.id}`, { settings: { dian: { environment: '1' }, foreign_currency: { currencies: ['USD'] }, phone: null } }));
    assert.deepEqual(merged.settings.dian, { id: settings.dian.id, test_set_id: '6d3b1f0e-2a4c-4e8b-9f7d-5c1a2b3e4d5f', environment: '1', provider_name: 'Software Contable S.A.S.',
      test_set_passed_at: '2026-01-01T00:00:00Z', pin_set: true });
    assert.deepEqual(merged.settings.foreign_currency, { enabled: true, currencies: ['USD'] });
    assert.equal('phone' in merged.settings, false);
    const version = await versionOf(c.id);
    const changes = await changesOf(c.id);
    const { settings: answered, ...rest } = merged;
    const { pin_set: _pinSet, ...dian } = answered.dian;
    assert.deepEqual(ok(await admin.patch(`/companies/${c.id}`, { ...rest, settings: { ...answered, dian } })), merged, 'GET → PATCH round trip');
    assert.equal(await changesOf(c.id), changes, 'an unchanged PATCH records no change');

    const refusals: [Record<string, unknown>, string[]][] = [
      [{ tax_id: '900000001' }, ['parameter_not_allowed@tax_id']],
      [{ country: 'MX' }, ['parameter_not_allowed@country']],
      [{ check_digit: String((Number(c.check_digit) + 1) % 10) }, ['parameter_not_allowed@check_digit']],
      [{ legal_name: 'Otro nombre', settings: { fiscal_responsibilities: ['O-99'] } }, ['invalid_value@settings.fiscal_responsibilities[0]']],
      [{ legal_name: 'Otro nombre', settings: { postal_code: '06600' } }, ['parameter_not_allowed@settings.postal_code']],
      [{ settings: { seller_by_item: 'yes' } }, ['invalid_type@settings.seller_by_item']],
      [{ address: { address: 'Calle 1', city: { country_code: 'CO', state_code: '11', city_code: '5001' } } }, ['invalid_value@address.city.city_code']],
      [{ logo: 'not base64!' }, ['invalid_value@logo']],
      [{ time_zone: 'Europe/Madrid' }, ['invalid_value@time_zone']],
    ];
    const before = ok(await admin.get(`/companies/${c.id}`));
    for (const [body, expected] of refusals) {
      const res = await admin.patch(`/companies/${c.id}`, body);
      assert.equal(res.status, 400, JSON.stringify(body));
      assert.deepEqual(problems(res), expected, JSON.stringify(body));
    }
    assert.deepEqual(ok(await admin.get(`/companies/${c.id}`)), before, 'nothing changed');
    assert.equal(await changesOf(c.id), changes);
    assert.equal(await versionOf(c.id), version, 'no cache was told of a change that did not happen');

    // The logo is kept apart from the settings (every request reads those); the answer's object leaves it as it is; null removes it.
    assert.deepEqual(ok(await admin.patch(`/companies/${c.id}`, { logo: merged.logo })).logo, { media_type: 'image/png', size: PNG.length });
    assert.equal(ok(await admin.patch(`/companies/${c.id}`, { logo: null })).logo, null);
    assert.ok(await versionOf(c.id) > version, 'a change moves the catalog version');
    assert.deepEqual(problems(await admin.patch('/companies/999999', { legal_name: 'x' })), ['not_found@id']);
  });

  test('collections: created and changed through /admin, read back by the company on its /v1 lookups in the same shape; deactivated', async () => {
    const { c, api } = await company(coCompany({ starter_catalog: false }));
    const base = `/companies/${c.id}`;
    const made = {
      seller: ok(await admin.post(`${base}/sellers`, { username: 'jperez', first_name: 'Juan', last_name: 'Pérez', email: 'jperez@tornillo.example.co', identification: '1020304050' }), 201),
      tax: ok(await admin.post(`${base}/taxes`, { name: 'IVA 19%', type: 'IVA', percentage: 19 }), 201),
      reteica: ok(await admin.post(`${base}/taxes`, { name: 'ReteICA 9.66 por mil', type: 'ReteICA', percentage: 0.966 }), 201),
      cash: ok(await admin.post(`${base}/payment-types`, { name: 'Efectivo', type: 'Cash', document_type: 'FV' }), 201),
      credit: ok(await admin.post(`${base}/payment-types`, { name: 'Crédito 30 días', type: 'Credit', document_type: 'FV' }), 201),
      costCenter: ok(await admin.post(`${base}/cost-centers`, { code: 'VEN', name: 'Ventas' }), 201),
      warehouse: ok(await admin.post(`${base}/warehouses`, { name: 'Bodega principal' }), 201),
      priceList: ok(await admin.post(`${base}/price-lists`, { name: 'Precio de venta', position: 1 }), 201),
      group: ok(await admin.post(`${base}/account-groups`, { name: 'Mercancías' }), 201),
      type: ok(await admin.post(`${base}/document-types`, { code: 'FV', name: 'Factura de venta', type: 'FV', prefix: 'FV' }), 201),
    };
    assert.deepEqual(made.tax, { id: made.tax.id, name: 'IVA 19%', type: 'IVA', percentage: 19, active: true, account_code: '24080501' });
    assert.equal(made.reteica.account_code, '13551801');
    assert.deepEqual([made.cash.due_date, made.cash.account_code, made.credit.due_date, made.credit.account_code], [false, '11050501', true, '13050501']);
    assert.equal(made.type.consecutive, 1);

    // Each record reads back on the company's own /v1 lookup: the same fields, the administration's own (account, document type) besides.
    const lookups: [any, string, string[]][] = [
      [made.seller, '/v1/users', []], [made.tax, '/v1/taxes', ['account_code']], [made.cash, '/v1/payment-types', ['account_code', 'document_type']],
      [made.costCenter, '/v1/cost-centers', []], [made.warehouse, '/v1/warehouses', []], [made.priceList, '/v1/price-lists', []],
      [made.group, '/v1/account-groups', []], [made.type, '/v1/document-types', []],
    ];
    for (const [rec, path, own] of lookups) {
      const v1 = ok(await api.get(`${path}/${rec.id}`));
      assert.deepEqual({ ...rec, ...Object.fromEntries(own.map((k) => [k, undefined])) }, { ...v1, ...Object.fromEntries(own.map((k) => [k, undefined])) }, path);
      // The /v1 record sent back as it is changes nothing.
      const back = ok(await admin.patch(`${base}/${path === '/v1/users' ? 'sellers' : path.slice(4)}/${rec.id}`, v1));
      assert.deepEqual(back, rec, `${path}: GET → PATCH round trip`);
    }

    // Changes and deactivation reach the company's lookups.
    const renamed = ok(await admin.patch(`${base}/sellers/${made.seller.id}`, { first_name: 'Juan Carlos' }));
    assert.equal(renamed.first_name, 'Juan Carlos');
    for (const [path, rec] of [['sellers', made.seller], ['taxes', made.tax], ['payment-types', made.cash], ['cost-centers', made.costCenter],
      ['warehouses', made.warehouse], ['price-lists', made.priceList], ['account-groups', made.group], ['document-types', made.type]] as const) {
      assert.equal(ok(await admin.patch(`${base}/${path}/${rec.id}`, { active: false })).active, false, path);
      const lookup = path === 'sellers' ? '/v1/users' : `/v1/${path}`;
      assert.equal(ok(await api.get(`${lookup}/${rec.id}`)).active, false, `${path} is inactive on ${lookup}`);
      assert.equal(ok(await admin.patch(`${base}/${path}/${rec.id}`, { active: true })).active, true);
    }
    const list = ok(await admin.get(`${base}/taxes`));
    assert.deepEqual(list.map((t: any) => t.id), [made.tax.id, made.reteica.id]);
    assert.deepEqual(ok(await admin.get(`${base}/taxes/${made.tax.id}`)), list[0]);

    // Refusals, on their paths, writing nothing.
    const changes = await changesOf(c.id);
    const refusals: [string, string, Record<string, unknown>, string[]][] = [
      ['POST', 'sellers', { username: 'jperez', first_name: 'Otro' }, ['already_exists@username']],
      ['POST', 'sellers', { first_name: 'Sin usuario' }, ['parameter_required@username']],
      ['POST', 'sellers', { username: 'a b', first_name: 'X', email: 'nope' }, ['invalid_value@username', 'invalid_email@email']],
      ['POST', 'taxes', { name: 'IEPS', type: 'IEPS', percentage: 8 }, ['invalid_value@type']],
      ['POST', 'taxes', { name: 'IVA', type: 'IVA', percentage: 101 }, ['invalid_value@percentage']],
      ['POST', 'taxes', { name: 'IVA', type: 'IVA', percentage: 19, account_code: '99999999' }, ['invalid_account@account_code']],
      ['POST', 'taxes', { name: 'Ad valorem', type: 'AdValorem', percentage: 1 }, ['parameter_required@account_code']],
      ['POST', 'payment-types', { name: 'Tarjeta', type: 'Card', document_type: 'FV', sat_code: '04' }, ['parameter_not_allowed@sat_code']],
      ['POST', 'payment-types', { name: 'Tarjeta', type: 'Plastic', document_type: 'XX' }, ['invalid_value@type', 'invalid_value@document_type']],
      ['POST', 'cost-centers', { code: 'VEN', name: 'Otra' }, ['already_exists@code']],
      ['POST', 'price-lists', { name: 'Otra', position: 1 }, ['already_exists@position']],
      ['POST', 'price-lists', { name: 'Otra', position: 13 }, ['invalid_value@position']],
      ['POST', 'document-types', { code: 'FV', name: 'Otra', type: 'FV' }, ['already_exists@code']],
      ['PATCH', `taxes/${made.tax.id}`, { percentage: '19' }, ['invalid_type@percentage']],
      ['PATCH', `warehouses/${made.warehouse.id}`, { name: '' }, ['parameter_required@name']],
      ['PATCH', 'warehouses/999999', { name: 'x' }, ['not_found@item']],
    ];
    for (const [method, path, body, expected] of refusals) {
      const res = method === 'POST' ? await admin.post(`${base}/${path}`, body) : await admin.patch(`${base}/${path}`, body);
      assert.ok(res.status === 400 || res.status === 404, `${method} ${path}: ${res.status}`);
      assert.deepEqual(problems(res).sort(), expected.sort(), `${method} ${path} ${JSON.stringify(body)}`);
    }
    assert.equal(await changesOf(c.id), changes, 'no refusal wrote anything');
    assert.deepEqual(ok(await admin.get(`${base}/taxes/${made.tax.id}`)).percentage, 19);

    // Mexico: payment conditions take their c_FormaPago; tax types are the Mexican ones.
    const mx = ok(await admin.post('/companies', mxCompany()), 201);
    const ppd = ok(await admin.post(`/companies/${mx.id}/payment-types`, { name: 'Por definir', type: 'ToBeDefined', document_type: 'FV' }), 201);
    assert.deepEqual([ppd.sat_code, ppd.due_date, ppd.account_code], ['99', true, '105.01']);
    assert.equal(ok(await admin.post(`/companies/${mx.id}/taxes`, { name: 'IEPS 8%', type: 'IEPS', percentage: 8 }), 201).account_code, '208.02');
    assert.deepEqual(problems(await admin.post(`/companies/${mx.id}/taxes`, { name: 'INC', type: 'Impoconsumo', percentage: 8 })), ['invalid_value@type']);
    assert.deepEqual(problems(await admin.post(`/companies/${mx.id}/payment-types`, { name: 'Por definir', type: 'Other', document_type: 'FV' })), ['parameter_required@sat_code', 'parameter_required@account_code']);
  });

  test('the DIAN test numbering is habilitación\'s: no switch to production while a type numbers on it, no type on it in production, no invoice on it', async () => {
    const c = ok(await admin.post('/companies', coCompany({ starter_catalog: false })), 201);
    const base = `/companies/${c.id}/document-types`;
    const test = ok(await admin.post(base, { code: 'FE', name: 'Factura electrónica', type: 'FV', electronic_type: 'ElectronicInvoice',
      resolution: { number: '18760000001', prefix: 'SETP', from: 990000000, to: 995000000, valid_from: day(-30), valid_to: day(365), technical_key: 'fc8eac422eba16e22ffd8c6f94b3f40a6e38162c' } }), 201);
    await s.db.query(`UPDATE companies SET settings = jsonb_set(settings, '{dian}', '{"environment": "2", "test_set_passed_at": "2026-01-01T00:00:00Z"}') WHERE company_id = $1`, [c.id]);
    const refused = await admin.patch(`/companies/${c.id}`, { settings: { dian: { environment: '1' } } });
    assert.deepEqual(problems(refused), ['company_settings@settings.dian.environment']);
    assert.match(refused.body.Errors[0].Message, new RegExp(`FE \\(id ${test.id}\\) still numbers on the DIAN's test resolution 18760000001`));
    assert.equal((await s.db.query('SELECT settings FROM companies WHERE company_id = $1', [c.id]))[0].settings.dian.environment, '2', 'nothing written');
    // Deactivated, with the production type beside it: production.
    ok(await admin.patch(`${base}/${test.id}`, { active: false }));
    const prod = ok(await admin.post(base, { code: 'FEP', name: 'Factura electrónica', type: 'FV', electronic_type: 'ElectronicInvoice',
      resolution: { number: '18764000001234', prefix: 'FETO', from: 1, to: 5000, valid_from: day(-30), valid_to: day(365), technical_key: 'a'.repeat(40) } }), 201);
    assert.equal(ok(await admin.patch(`/companies/${c.id}`, { settings: { dian: { environment: '1' } } })).settings.dian.environment, '1');
    // In production, the test numbering cannot come back on a type.
    assert.deepEqual(problems(await admin.patch(`${base}/${test.id}`, { active: true })), ['invalid_dian_resolution@resolution.number']);
    assert.deepEqual(problems(await admin.patch(`${base}/${prod.id}`, { resolution: { number: '18760000001', prefix: 'SETP', from: 990000000, to: 995000000,
      valid_from: day(-30), valid_to: day(365), technical_key: 'fc8eac422eba16e22ffd8c6f94b3f40a6e38162c' } })), ['invalid_dian_resolution@resolution.number']);

    // An invoice on a type still on the test numbering of a company in production (the demo company, set so by hand) is refused on creation.
    const [{ settings: kept }] = await s.db.query('SELECT settings FROM companies WHERE company_id = $1', [demoCo.id]);
    await s.db.query(`UPDATE companies SET settings = settings || jsonb_build_object('dian', coalesce(settings->'dian', '{}') || '{"environment": "1"}'),
                                           catalog_version = catalog_version + 1 WHERE company_id = $1`, [demoCo.id]);
    try {
      const res = await s.as('co').post('/v1/invoices', validInvoice(r, { document: { id: r.type['FV-E'].id }, date: day(0) }));
      assert.deepEqual(problems(res), ['invalid_dian_resolution@document.id']);
      assert.match(res.body.Errors[0].Message, /test resolution 18760000001 \(prefix SETP\)/);
    } finally {
      await s.db.query('UPDATE companies SET settings = $2, catalog_version = catalog_version + 1 WHERE company_id = $1', [demoCo.id, JSON.stringify(kept)]);
    }
  });

  test('document types: DIAN numbering resolutions checked (range, validity, prefix, overlaps, next number)', async () => {
    const c = ok(await admin.post('/companies', coCompany({ starter_catalog: false })), 201);
    const base = `/companies/${c.id}/document-types`;
    const resolution = { number: '18764000001', prefix: 'SETT', from: 1, to: 5000, valid_from: day(-30), valid_to: day(365), technical_key: 'fc8eac422eba16e22ffd8c6f94b3f40a6e38162c' };
    const fve = (over: Record<string, unknown> = {}, res: Record<string, unknown> = {}) =>
      ({ code: 'FV-E', name: 'Factura electrónica', type: 'FV', electronic_type: 'ElectronicInvoice', resolution: { ...resolution, ...res }, ...over });
    const refusals: [Record<string, unknown>, string[]][] = [
      [fve({ resolution: undefined }), ['parameter_required@resolution']],
      [fve({}, { valid_to: day(-1) }), ['invalid_dian_resolution@resolution.valid_to']],
      [fve({}, { valid_from: day(10), valid_to: day(5) }), ['invalid_dian_resolution@resolution.valid_to']],
      [fve({}, { from: 5001 }), ['invalid_dian_resolution@resolution.to']],
      [fve({}, { number: '18A' }), ['invalid_value@resolution.number']],
      [fve({}, { technical_key: undefined }), ['parameter_required@resolution.technical_key']],
      [fve({ prefix: 'FE' }), ['invalid_dian_resolution@prefix']],
      [fve({ consecutive: 6000 }), ['invalid_dian_resolution@consecutive']],
      [fve({ type: 'RC' }), ['invalid_value@electronic_type']],
      [fve({ electronic_type: 'NoElectronic' }), ['parameter_not_allowed@resolution']],
    ];
    for (const [body, expected] of refusals) assert.deepEqual(problems(await admin.post(base, body)), expected, JSON.stringify(body));

    const t = ok(await admin.post(base, fve()), 201);
    assert.equal(t.prefix, 'SETT', 'the prefix is the resolution\'s');
    const audit = JSON.stringify(await s.db.query(`SELECT changes FROM admin_changes WHERE company_id = $1 AND resource = 'document-types'`, [c.id]));
    assert.ok(audit.includes('"technical_key":"(set)"') && !audit.includes(resolution.technical_key), 'the technical key never reaches the audit table (nor the log line, made from it)');
    assert.equal(t.consecutive, 1, 'numbering starts at the resolution\'s first number');
    assert.deepEqual(t.resolution, resolution, 'the administration sees the technical key');

    // Another resolution may not hold the same number, nor the same prefix over an overlapping range.
    assert.deepEqual(problems(await admin.post(base, fve({ code: 'FV-2' }, { prefix: 'OTRO' }))), ['invalid_dian_resolution@resolution.number']);
    assert.deepEqual(problems(await admin.post(base, fve({ code: 'FV-2' }, { number: '18764000002', from: 4000, to: 9000 }))), ['invalid_dian_resolution@resolution.from']);
    const next = ok(await admin.post(base, fve({ code: 'FV-2' }, { number: '18764000002', from: 5001, to: 9000 })), 201);
    assert.equal(next.consecutive, 5001);

    // A new resolution on a type moves its numbering to the new range.
    const moved = ok(await admin.patch(`${base}/${t.id}`, { resolution: { ...resolution, number: '18764000003', from: 9001, to: 12000 } }));
    assert.equal(moved.consecutive, 9001);
    assert.deepEqual(problems(await admin.patch(`${base}/${t.id}`, { consecutive: 8000 })), ['invalid_dian_resolution@consecutive']);
    assert.equal(ok(await admin.patch(`${base}/${t.id}`, { consecutive: 9500 })).consecutive, 9500);
    assert.deepEqual(problems(await admin.patch(`${base}/${t.id}`, { resolution: null })), ['parameter_required@resolution']);
    // The company reads it on /v1/document-types, without the technical key.
    const { api } = await (async () => {
      const user = ok(await admin.post(`/companies/${c.id}/api-users`, { username: `doc-types-${c.id}` }), 201);
      const token = await login(s, '', user.username, user.access_key);
      return { api: s.with(async () => token, '') };
    })();
    const v1 = ok(await api.get(`/v1/document-types/${t.id}`));
    assert.deepEqual(v1.resolution, { number: '18764000003', prefix: 'SETT', from: 9001, to: 12000, valid_from: resolution.valid_from, valid_to: resolution.valid_to });
    // The counter never goes back to a number in use (the demo's FV, after an invoice).
    const inv = ok(await s.as('co').post('/v1/invoices', validInvoice(r)), 201);
    assert.deepEqual(problems(await admin.patch(`/companies/${demoCo.id}/document-types/${r.type.FV.id}`, { consecutive: inv.number })), ['invalid_value@consecutive']);
    assert.equal(ok(await admin.patch(`/companies/${demoCo.id}/document-types/${r.type.FV.id}`, { consecutive: inv.number + 10 })).consecutive, inv.number + 10);
    assert.equal(ok(await s.as('co').post('/v1/invoices', validInvoice(r)), 201).number, inv.number + 10);
    // A /v1 record (no technical key) sent back keeps the stored key.
    assert.deepEqual(ok(await admin.patch(`${base}/${t.id}`, v1)).resolution.technical_key, resolution.technical_key);
    // Mexico has no electronic types: every invoice is a CFDI.
    const mx = ok(await admin.post('/companies', mxCompany()), 201);
    assert.deepEqual(problems(await admin.post(`/companies/${mx.id}/document-types`, fve())), ['invalid_value@electronic_type']);
    assert.equal(ok(await admin.post(`/companies/${mx.id}/document-types`, { code: 'NC-A', name: 'Nota de crédito', type: 'NC', prefix: 'NCA' }), 201).type, 'NC');
  });

  test('the next document sees a change at once: a deactivated seller or tax is refused by the next invoice (caches follow the catalog version)', async () => {
    const base = `/companies/${demoCo.id}`;
    const seller = ok(await admin.post(`${base}/sellers`, { username: `vendedor-${storage}`, first_name: 'Vendedora' }), 201);
    const tax = ok(await admin.post(`${base}/taxes`, { name: 'IVA 19% (admin)', type: 'IVA', percentage: 19 }), 201);
    const body = validInvoice(r, { seller: seller.id, items: [{ code: 'PORT14', quantity: 10, price: 100, discount: 50, taxes: [{ id: tax.id }] }] });
    ok(await s.as('co').post('/v1/invoices', body), 201);
    ok(await admin.patch(`${base}/sellers/${seller.id}`, { active: false }));
    assert.deepEqual(problems(await s.as('co').post('/v1/invoices', body)), ['parameter_inactive@seller']);
    ok(await admin.patch(`${base}/sellers/${seller.id}`, { active: true }));
    ok(await admin.patch(`${base}/taxes/${tax.id}`, { percentage: 5 }));
    const five = ok(await s.as('co').post('/v1/invoices', { ...body, payments: [{ id: r.pay.Cash.id, value: 997.5 }] }), 201);
    assert.equal(five.items[0].taxes[0].value, 47.5, 'the changed percentage is used at once');
  });

  test('exchange rates: an invoice in a foreign currency takes the configured rate of its date; a rate sent more than 5 % away is refused', async () => {
    const base = `/companies/${demoCo.id}/exchange-rates`;
    const usd = (over: Record<string, unknown> = {}) => validInvoice(r, { currency: { code: 'EUR' }, ...over });
    assert.deepEqual(problems(await s.as('co').post('/v1/invoices', usd())), ['parameter_required@currency.exchange_rate']);
    const rate = ok(await admin.post(base, { currency: 'EUR', date: day(-3), rate: 4500.25 }), 201);
    assert.deepEqual(rate, { id: rate.id, currency: 'EUR', date: day(-3), rate: 4500.25 });
    ok(await admin.post(base, { currency: 'EUR', date: day(30), rate: 9000 }), 201);
    const taken = ok(await s.as('co').post('/v1/invoices', usd()), 201);
    assert.deepEqual(taken.currency, { code: 'EUR', exchange_rate: 4500.25 }, 'the latest rate on or before the invoice date');
    ok(await s.as('co').post('/v1/invoices', usd({ currency: { code: 'EUR', exchange_rate: 4700 } })), 201);
    const far = await s.as('co').post('/v1/invoices', usd({ currency: { code: 'EUR', exchange_rate: 4750 } }));
    assert.deepEqual(problems(far), ['invalid_value@currency.exchange_rate']);
    assert.match(far.body.Errors[0].Message, /5\.5 % away from the rate configured for EUR on .* 4500\.25/);
    assert.deepEqual(problems(await s.as('co').post('/v1/invoices', usd({ date: '2024-01-10' }))), ['parameter_required@currency.exchange_rate'], 'no rate on or before that date');
    // A changed rate is taken by the next invoice.
    assert.equal(ok(await admin.patch(`${base}/${rate.id}`, { rate: 4600 })).rate, 4600);
    assert.equal(ok(await s.as('co').post('/v1/invoices', usd()), 201).currency.exchange_rate, 4600);
    assert.deepEqual(problems(await admin.post(base, { currency: 'EUR', date: day(-3), rate: 1 })), ['already_exists@date']);
    assert.deepEqual(problems(await admin.post(base, { currency: 'COP', date: day(-3), rate: 1 })), ['invalid_currency@currency']);
    assert.deepEqual(problems(await admin.post(base, { currency: 'XXX', date: 'yesterday', rate: 0 })).sort(),
      ['invalid_currency@currency', 'invalid_date@date', 'invalid_value@rate'].sort());
    const listed = ok(await admin.get(`${base}?currency=EUR&date_end=${day(0)}`));
    assert.deepEqual(listed.map((x: any) => x.rate), [4600]);
  });

  test('certificates: checked on upload (opens, key, validity; subject without the NIT warned), password sealed, one active', async () => {
    const c = ok(await admin.post('/companies', coCompany()), 201);
    const base = `/companies/${c.id}/certificates`;
    const own = generateTestCertificate({ commonName: c.legal_name, nit: c.tax_id });
    const rows = async () => (await s.db.query('SELECT count(*)::int AS n FROM company_credentials WHERE company_id = $1', [c.id]))[0].n;
    const refusals: [Record<string, unknown>, string[], RegExp][] = [
      [{ p12: own.p12Base64, password: 'wrong' }, ['invalid_value@password'], /password is wrong/],
      [{ p12: Buffer.from('not a certificate').toString('base64'), password: 'x' }, ['invalid_value@p12'], /not a valid PKCS#12/],
      [{ p12: '***', password: 'x' }, ['invalid_value@p12'], /base64/],
      [{ p12: own.p12Base64 }, ['parameter_required@password'], /password/],
    ];
    const expired = generateTestCertificate({ commonName: c.legal_name, nit: c.tax_id, notBefore: new Date(Date.now() - 10 * 86_400_000), validDays: 2 });
    const early = generateTestCertificate({ commonName: c.legal_name, nit: c.tax_id, notBefore: new Date(Date.now() + 5 * 86_400_000) });
    refusals.push([{ p12: expired.p12Base64, password: expired.password }, ['invalid_value@p12'], /expired on/]);
    // A file asking for 2,000,000 key derivations (its MacData's count) is refused before any key is derived.
    refusals.push([{ p12: withIterations(own.p12Base64, 2_000_000), password: 'wrong' }, ['invalid_value@p12'], /asks for 2,000,000 key-derivation iterations; at most 100,000/]);
    refusals.push([{ p12: early.p12Base64, password: early.password }, ['invalid_value@p12'], /valid only from/]);
    for (const [body, expected, message] of refusals) {
      const res = await admin.post(base, body);
      assert.deepEqual(problems(res), expected);
      assert.match(res.body.Errors[0].Message, message);
    }
    assert.equal(await rows(), 0, 'no refused certificate was stored');

    const first = ok(await admin.post(base, { p12: own.p12Base64, password: own.password }), 201);
    assert.deepEqual(Object.keys(first).sort(), ['active', 'created', 'id', 'issuer', 'not_after', 'not_before', 'serial_number', 'subject', 'warnings']);
    assert.match(first.subject, new RegExp(`SERIALNUMBER=${c.tax_id}`));
    assert.deepEqual([first.active, first.warnings], [true, []]);
    const [row] = await s.db.query('SELECT password, password_sealed FROM company_credentials WHERE company_id = $1 AND id = $2', [c.id, first.id]);
    assert.equal(row.password, null, 'no password in plain text');
    assert.match(row.password_sealed, /^v2\.[0-9a-f]{16}\./);
    assert.ok(!row.password_sealed.includes(own.password));

    const other = generateTestCertificate({ commonName: 'Otra empresa', nit: '800000001', validDays: 20 });
    const second = ok(await admin.post(base, { p12: other.p12Base64, password: other.password }), 201);
    assert.equal(second.warnings.length, 2);
    assert.match(second.warnings[0], new RegExp(`does not carry the company's NIT ${c.tax_id}`));
    assert.match(second.warnings[1], /within 30 days/);
    assert.deepEqual(ok(await admin.get(base)).map((x: any) => [x.id, x.active]), [[second.id, true], [first.id, false]]);
    assert.deepEqual(ok(await admin.patch(`${base}/${first.id}`, { active: true })).active, true);
    assert.deepEqual(ok(await admin.get(base)).map((x: any) => [x.id, x.active]), [[second.id, false], [first.id, true]]);
    assert.deepEqual(ok(await admin.get(`${base}/${first.id}`)).id, first.id);
    assert.deepEqual(problems(await admin.patch(`${base}/${first.id}`, { active: 'no' })), ['invalid_type@active']);

    // Mexico: a CSD's serial spells its 20-digit certificate number.
    const mx = ok(await admin.post('/companies', mxCompany()), 201);
    const notCsd = await admin.post(`/companies/${mx.id}/certificates`, { p12: own.p12Base64, password: own.password });
    assert.deepEqual(problems(notCsd), ['invalid_value@p12']);
    assert.match(notCsd.body.Errors[0].Message, /not a SAT CSD/);
    const csd = generateTestCertificate({ commonName: mx.legal_name, nit: mx.tax_id, country: 'MX' });
    assert.deepEqual(ok(await admin.post(`/companies/${mx.id}/certificates`, { p12: csd.p12Base64, password: csd.password }), 201).warnings, []);
  });

  test('API users: the access key answered once; rotation and deactivation end the old tokens', async () => {
    const c = ok(await admin.post('/companies', coCompany()), 201);
    const base = `/companies/${c.id}/api-users`;
    const user = ok(await admin.post(base, { username: `erp-${c.id}` }), 201);
    assert.deepEqual(Object.keys(user).sort(), ['access_key', 'active', 'created', 'id', 'username']);
    assert.deepEqual(ok(await admin.get(base)), [{ id: user.id, username: user.username, active: true, created: user.created }], 'never the key again');
    const token = await login(s, '', user.username, user.access_key);
    assert.equal((await s.call('GET', '/v1/taxes', { token })).status, 200);
    assert.equal((await s.call('POST', '/mx/auth', { body: { username: user.username, access_key: user.access_key } })).status, 403);

    const rotated = ok(await admin.post(`${base}/${user.id}/rotate`));
    assert.notEqual(rotated.access_key, user.access_key);
    assert.equal((await s.call('GET', '/v1/taxes', { token })).status, 401, 'the old token stops working');
    assert.equal((await s.call('POST', '/auth', { body: { username: user.username, access_key: user.access_key } })).status, 401, 'so does the old key');
    const fresh = await login(s, '', user.username, rotated.access_key);

    assert.equal(ok(await admin.patch(`${base}/${user.id}`, { active: false })).active, false);
    assert.equal((await s.call('GET', '/v1/taxes', { token: fresh })).status, 401, 'a deactivated user\'s tokens stop working');
    const refused = await s.call('POST', '/auth', { body: { username: user.username, access_key: rotated.access_key } });
    assert.equal(refused.status, 401);
    assert.match(refused.body.Errors[0].Message, /^Invalid username or access key$/, 'an inactive user is answered like a wrong key (no enumeration)');
    ok(await admin.patch(`${base}/${user.id}`, { active: true }));
    await login(s, '', user.username, rotated.access_key);

    assert.deepEqual(problems(await admin.post(base, { username: 'demo-co' })), ['already_exists@username']);
    assert.deepEqual(problems(await admin.post(base, { username: 'a b' })), ['invalid_value@username']);
    assert.deepEqual(problems(await admin.post(`/companies/${demoCo.id}/api-users/${user.id}/rotate`)), ['not_found@item'], 'another company\'s user');
  });

  test('every admin route answers bad input in the error body, never 5xx, and never reaches another company\'s records', async () => {
    const routes = appRoutes(s).filter((r) => r.url.startsWith('/admin/'));
    assert.ok(routes.length >= 40, `${routes.length} admin routes`);
    const other = ok(await admin.post('/companies', coCompany()), 201);
    const theirs = ok(await admin.post(`/companies/${other.id}/warehouses`, { name: 'Bodega ajena' }), 201);
    const url = (r: (typeof routes)[number], id: string, item: string) => r.url.replace(':id', id).replace(':item', item);
    const junk = (schema: any): unknown[] => {
      const props = Object.keys(schema?.properties ?? {});
      return [[], 'x', 42, null, Object.fromEntries(props.map((k) => [k, { nested: [1, 'deep'] }])),
        Object.fromEntries(props.map((k) => [k, 'x'.repeat(5000)])), Object.fromEntries(props.map((k) => [k, 1e308]))];
    };
    const call = async (method: string, path: string, body?: unknown): Promise<Reply> => s.call(method, path, { token: ADMIN_TOKEN, body });
    let calls = 0;
    for (const r of routes.filter((x) => x.params.length)) {
      const pairs: [string, string][] = [['abc', '1'], ['0', '1'], ['99999999999', '1']];
      if (r.params.includes('item')) pairs.push([String(demoCo.id), 'abc'], [String(demoCo.id), '0'], [String(demoCo.id), '2147483647']);
      for (const [id, item] of pairs) {
        const res = await call(r.method, url(r, id, item), r.method === 'GET' ? undefined : {});
        calls++;
        assert.ok(res.status >= 400 && res.status < 500, `${r.method} ${url(r, id, item)}: ${res.status} ${JSON.stringify(res.body)}`);
        assert.equal(errorShapeProblem(res.status, res.body, res.headers), null, `${r.method} ${url(r, id, item)}`);
      }
    }
    for (const r of routes.filter((x) => x.method !== 'GET' && x.body)) {
      for (const body of junk(r.body)) {
        const res = await call(r.method, url(r, String(other.id), String(theirs.id)), body);
        calls++;
        assert.ok(res.status < 500, `${r.method} ${r.url} ${JSON.stringify(body).slice(0, 80)}: ${res.status} ${JSON.stringify(res.body)}`);
        if (res.status >= 400) assert.equal(errorShapeProblem(res.status, res.body, res.headers), null, `${r.method} ${r.url}`);
      }
    }
    assert.ok(calls > 150, `${calls} calls`);
    // A record of another company, named under this company's path: 404, unchanged.
    assert.deepEqual(problems(await admin.get(`/companies/${demoCo.id}/warehouses/${theirs.id}`)), ['not_found@item']);
    assert.deepEqual(problems(await admin.patch(`/companies/${demoCo.id}/warehouses/${theirs.id}`, { name: 'Mía' })), ['not_found@item']);
    assert.equal(ok(await admin.get(`/companies/${other.id}/warehouses/${theirs.id}`)).name, 'Bodega ajena');
  });

  test('every change is recorded with what changed; secrets never appear', async () => {
    const c = ok(await admin.post('/companies', coCompany()), 201);
    ok(await admin.patch(`/companies/${c.id}`, { settings: { dian: { id: 'sw-1', pin: '97531', environment: '2' } } }));
    const cert = generateTestCertificate({ commonName: c.legal_name, nit: c.tax_id, password: 'clave-secreta-123' });
    ok(await admin.post(`/companies/${c.id}/certificates`, { p12: cert.p12Base64, password: cert.password }), 201);
    const user = ok(await admin.post(`/companies/${c.id}/api-users`, { username: `audit-${c.id}` }), 201);
    const rows = await s.db.query('SELECT via, action, resource, record_id, changes FROM admin_changes WHERE company_id = $1 ORDER BY id', [c.id]);
    assert.deepEqual(rows.map((x) => `${x.via} ${x.action} ${x.resource}`), ['api create companies', 'api update companies', 'api upload certificates', 'api create api-users']);
    assert.deepEqual(rows[1].changes['settings.dian'], { from: null, to: { id: 'sw-1', pin: '(set)', environment: '2' } });
    const all = JSON.stringify(rows);
    for (const secret of ['97531', 'clave-secreta-123', user.access_key, cert.p12Base64.slice(0, 40)]) assert.ok(!all.includes(secret), `${secret.slice(0, 8)}… not recorded`);
  });
});

eachStorage('administration API without ADMIN_TOKEN', (storage) => {
  let s: TestServer;
  before(async () => { s = await startTestServer(storage); });
  after(() => s.close());

  test('every /admin path answers 404 in the error body, whatever the token', async () => {
    for (const [method, p] of [['GET', '/admin/v1/companies'], ['POST', '/admin/v1/companies'], ['PATCH', '/admin/v1/companies/1'], ['GET', '/admin/v1/companies/1/taxes']]) {
      const res = await s.call(method, p, { token: ADMIN_TOKEN, body: method === 'GET' ? undefined : {} });
      assert.equal(res.status, 404, `${method} ${p}`);
      assert.deepEqual(problems(res), ['not_found@url']);
    }
    assert.equal(((await s.running.app.inject({ method: 'GET', url: '/openapi.json' })).json() as any).paths['/admin/v1/companies'], undefined, 'not documented either');
  });
});
