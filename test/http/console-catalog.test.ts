/**
 * The console's customers and products over HTTP: list and search, create and edit in both countries through
 * the API's own routes (what the API then answers is what the form sent), the API's messages in Spanish under
 * the field they concern; Home's warnings of certificates and resolutions close to expiry; a document's e-mails,
 * events and webhook deliveries; and the roles: a viewer reads but cannot create or edit (403), another company's
 * record is a 404.
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { eachStorage, startTestServer, type TestServer } from '../support/server';
import { adminOf, ADMIN_TOKEN } from '../support/admin';
import { ConsoleClient } from '../support/console';
import { DEMO_CONSOLE, ensureDemoConsole } from '../../src/console/demo';
import { generateTestCertificate } from '../../src/einvoice/certificates';
import { dayIn } from '../../src/platform/dates';
import { colombia } from '../../src/countries';
import { coRefs, today, validInvoice } from '../support/co';

eachStorage('console customers and products', (storage) => {
  let s: TestServer;
  let co: number;
  let owner: ConsoleClient;
  let mxOwner: ConsoleClient;
  before(async () => {
    s = await startTestServer(storage, { ADMIN_TOKEN, SECRET_KEY: 'clave-de-sellado-de-la-consola-2026' });
    await ensureDemoConsole(s.db);
    [{ company_id: co }] = await s.db.query<{ company_id: number }>("SELECT company_id FROM companies WHERE is_demo AND country = 'CO'");
    owner = new ConsoleClient(s);
    assert.equal((await owner.login(DEMO_CONSOLE.co.email, DEMO_CONSOLE.co.password)).status, 303);
    mxOwner = new ConsoleClient(s);
    assert.equal((await mxOwner.login(DEMO_CONSOLE.mx.email, DEMO_CONSOLE.mx.password)).status, 303);
  });
  after(async () => s?.close());

  /** What a refused form says: its alert and the messages under its fields. */
  const problems = (text: string) => (text.match(/role="alert">[\s\S]*?<\/div>|class="field-error"[^>]*>[^<]*/g) ?? []).join(' | ');
  /** The text under a field, read from its aria-describedby message. */
  const under = (text: string, name: string) => new RegExp(`id="err-${name.replace(/[^A-Za-z0-9_-]/g, '-')}">([^<]*)<`).exec(text)?.[1];

  test('customers (CO): list, search, a refused form with its messages under the fields, create, edit', async () => {
    const list = await owner.send('GET', '/app/customers');
    assert.equal(list.status, 200);
    assert.match(list.text, /La Estrella/);
    const found = await owner.send('GET', '/app/customers?q=estrella');
    assert.match(found.text, /La Estrella/);
    assert.doesNotMatch(found.text, /Cartagena|Bucaramanga/);

    const csrf = await owner.csrf();
    const form = {
      _csrf: csrf, person_type: 'Company', id_type: '31', identification: '900-123', branch_office: '0', 'name[0]': 'Ferretería Los Andes S.A.S.',
      'name[1]': '', commercial_name: 'Los Andes', vat_responsible: 'yes', 'address.address': 'Calle 10 # 5-20', 'address.city.country_code': 'CO',
      'address.city.state_code': '11', 'address.city.city_code': '11001', 'address.postal_code': '110311', 'contacts[0].first_name': 'Marta',
      'contacts[0].email': 'no-es-correo', active: 'yes',
    };
    const bad = await owner.send('POST', '/app/customers', form);
    assert.equal(bad.status, 400);
    assert.equal(under(bad.text, 'identification'), 'Debe contener solo letras y dígitos.');
    assert.equal(under(bad.text, 'contacts[0].email'), 'Debe ser un correo electrónico válido.');
    assert.match(bad.text, /aria-invalid="true"/);
    assert.match(bad.text, /value="Ferretería Los Andes S.A.S."/, 'what was typed is kept');

    const made = await owner.send('POST', '/app/customers', { ...form, identification: '900123456', 'contacts[0].email': 'marta@losandes.example' });
    assert.equal(made.status, 303, problems(made.text));
    const id = Number(/\/app\/customers\/(\d+)\?ok=1/.exec(made.headers.get('location') ?? '')?.[1]);
    const api = await s.as('co').get(`/v1/customers/${id}`);
    assert.equal(api.status, 200);
    assert.deepEqual([api.body.identification, api.body.check_digit, api.body.name, api.body.vat_responsible, api.body.contacts[0].email],
      ['900123456', '8', ['Ferretería Los Andes S.A.S.'], true, 'marta@losandes.example']);

    const edit = await owner.send('GET', `/app/customers/${id}`);
    assert.match(edit.text, /value="Los Andes"/);
    const changed = await owner.send('POST', `/app/customers/${id}`, { ...form, identification: '900123456', 'contacts[0].email': 'marta@losandes.example',
      commercial_name: 'Los Andes Centro', vat_responsible: '' });
    assert.equal(changed.status, 303, problems(changed.text));
    const after = await s.as('co').get(`/v1/customers/${id}`);
    assert.equal(after.body.commercial_name, 'Los Andes Centro');
    assert.equal(after.body.vat_responsible, false);
    assert.equal(after.body.address.city.city_code, '11001');
    const twice = await owner.send('POST', '/app/customers', { ...form, identification: '900123456', 'contacts[0].email': 'marta@losandes.example' });
    assert.equal(twice.status, 400, 'the same identification and branch again');
    assert.match(twice.text, /Ya existe/);
  });

  test('products (CO): create with price and tax, a refused code, edit the price', async () => {
    const csrf = await owner.csrf();
    const taxes = await s.as('co').get('/v1/taxes');
    const iva = (Array.isArray(taxes.body) ? taxes.body : taxes.body.results).find((x: any) => x.name === 'IVA 19%');
    const form = { _csrf: csrf, code: 'TALADRO 1', name: 'Taladro percutor', type: 'Product', 'prices[0].price_list[0].value': '250000', unit: '94', 'taxes[0].id': String(iva.id), active: 'yes' };
    const bad = await owner.send('POST', '/app/products', form);
    assert.equal(bad.status, 400);
    assert.equal(under(bad.text, 'code'), 'Debe contener solo letras, dígitos, - _ y . (empezando por una letra o un dígito).');
    const made = await owner.send('POST', '/app/products', { ...form, code: 'TALADRO1' });
    assert.equal(made.status, 303, problems(made.text));
    const id = Number(/\/app\/products\/(\d+)/.exec(made.headers.get('location') ?? '')?.[1]);
    const api = await s.as('co').get(`/v1/products/${id}`);
    assert.deepEqual([api.body.code, api.body.prices[0].price_list[0].value, api.body.taxes.map((x: any) => x.id)], ['TALADRO1', 250000, [iva.id]]);
    const listed = await owner.send('GET', '/app/products?q=taladro');
    assert.match(listed.text.replace(/\u00a0/g, ' '), /TALADRO1[\s\S]*\$ 250\.000,00/);
    const edited = await owner.send('POST', `/app/products/${id}`, { ...form, code: 'TALADRO1', 'prices[0].price_list[0].value': '240000,50', 'taxes[0].id': '' });
    assert.equal(edited.status, 303, problems(edited.text));
    const after = await s.as('co').get(`/v1/products/${id}`);
    assert.equal(after.body.prices[0].price_list[0].value, 240000.5);
    assert.deepEqual(after.body.taxes, []);
  });

  test('Mexico: a customer with its RFC and regime, a product with its SAT keys, messages under the fields', async () => {
    // The regime chosen by its name (RESICO is 626), the person types as Mexico names them.
    const blank = (await mxOwner.send('GET', '/app/customers/new')).text;
    assert.match(blank, /<option value="626"[^>]*>626 · Régimen Simplificado de Confianza<\/option>/);
    assert.match(blank, /<option value="Company"[^>]*>Persona moral<\/option>/);
    const csrf = await mxOwner.csrf();
    const form = { _csrf: csrf, person_type: 'Company', identification: 'XIA19012', 'name[0]': 'ESCUELA KEMPER URGATE', 'name[1]': '', commercial_name: '',
      tax_regime: '6O1', 'address.address': 'Av. Juárez 10', 'address.postal_code': '4250', 'contacts[0].first_name': '', 'contacts[0].email': '', active: 'yes' };
    const bad = await mxOwner.send('POST', '/app/customers', form);
    assert.equal(bad.status, 400);
    assert.match(under(bad.text, 'identification') ?? '', /Debe ser un RFC \(12 caracteres para personas morales, 13 para personas físicas\)\./);
    assert.equal(under(bad.text, 'tax_regime'), 'Debe ser una clave c_RegimenFiscal, como 601.');
    assert.equal(under(bad.text, 'address.postal_code'), 'Debe ser un código postal de cinco dígitos.');
    const made = await mxOwner.send('POST', '/app/customers', { ...form, identification: 'EKU9003173C9', tax_regime: '601', 'address.postal_code': '42501' });
    assert.equal(made.status, 303, problems(made.text));
    const id = Number(/\/app\/customers\/(\d+)/.exec(made.headers.get('location') ?? '')?.[1]);
    assert.equal((await s.as('mx').get(`/v1/customers/${id}`)).body.tax_regime, '601');

    const taxes = await s.as('mx').get('/v1/taxes');
    const iva = (Array.isArray(taxes.body) ? taxes.body : taxes.body.results).find((x: any) => x.name === 'IVA 16%');
    const product = { _csrf: csrf, 'taxes[0].id': String(iva.id), code: 'CONSULTA1', name: 'Consultoría', type: 'Service', 'prices[0].price_list[0].value': '1500', unit: 'E48',
      sat_product_key: '8011', sat_unit_key: 'E48', tax_object: '02', active: 'yes' };
    const refused = await mxOwner.send('POST', '/app/products', product);
    assert.equal(refused.status, 400);
    assert.equal(under(refused.text, 'sat_product_key'), 'Debe ser una clave c_ClaveProdServ de ocho dígitos.');
    const ok = await mxOwner.send('POST', '/app/products', { ...product, sat_product_key: '80111600' });
    assert.equal(ok.status, 303, problems(ok.text));
    const pid = Number(/\/app\/products\/(\d+)/.exec(ok.headers.get('location') ?? '')?.[1]);
    const api = await s.as('mx').get(`/v1/products/${pid}`);
    assert.deepEqual([api.body.sat_product_key, api.body.sat_unit_key, api.body.tax_object], ['80111600', 'E48', '02']);
    assert.equal((await owner.send('GET', `/app/products/${pid}`)).status, 404, 'another company\'s product');
    assert.equal((await owner.send('GET', `/app/customers/${id}`)).status, 404, 'another company\'s customer');
  });

  test('settings (owner): company data saved through the administration route, a refusal under its field, resolutions shown', async () => {
    const csrf = await owner.csrf();
    const page = await owner.send('GET', '/app/settings');
    assert.equal(page.status, 200);
    assert.match(page.text, /Resoluciones de numeración[\s\S]*18760000001/);
    const [c] = await s.db.query<any>('SELECT legal_name, address, time_zone FROM companies WHERE company_id = $1', [co]);
    // The form as the page fills it: in Colombia the department and municipality too.
    assert.equal(/id="c-address-city-city_code"[^>]*value="([^"]*)"/.exec(page.text)?.[1], c.address.city.city_code);
    const form = { _csrf: csrf, legal_name: '', 'address.address': c.address.address, 'address.postal_code': c.address.postal_code ?? '', time_zone: c.time_zone,
      'address.city.state_code': c.address.city.state_code, 'address.city.city_code': c.address.city.city_code };
    const bad = await owner.send('POST', '/app/settings/company', form);
    assert.equal(bad.status, 400);
    assert.equal(under(bad.text, 'legal_name'), 'No puede estar vacío.');
    const ok = await owner.send('POST', '/app/settings/company', { ...form, legal_name: `${c.legal_name} Ltda` });
    assert.equal(ok.status, 303, problems(ok.text));
    const [after] = await s.db.query<any>('SELECT legal_name, address FROM companies WHERE company_id = $1', [co]);
    assert.equal(after.legal_name, `${c.legal_name} Ltda`);
    assert.deepEqual(after.address, c.address, 'the address kept as it was');
    const log = await s.db.query<any>("SELECT changes FROM admin_changes WHERE company_id = $1 ORDER BY id DESC LIMIT 1", [co]);
    assert.deepEqual(log[0].changes.legal_name, { from: c.legal_name, to: `${c.legal_name} Ltda` }, 'recorded like any administration change');
  });

  test('Home warns of a certificate and a numbering resolution that expire within 30 days', async () => {
    const quiet = await owner.send('GET', '/app');
    assert.doesNotMatch(quiet.text, /id="expiring"/);
    const [c] = await s.db.query<any>('SELECT legal_name, tax_id FROM companies WHERE company_id = $1', [co]);
    // Valid from yesterday 02:00 UTC: it ends at 02:00 UTC, still the day before in Bogotá, whose day the console writes.
    const notBefore = new Date(Math.floor(Date.now() / 86_400_000) * 86_400_000 - 22 * 3_600_000);
    const cert = generateTestCertificate({ commonName: c.legal_name, nit: c.tax_id, validDays: 12, notBefore });
    assert.equal((await adminOf(s).post(`/companies/${co}/certificates`, { p12: cert.p12Base64, password: cert.password })).status, 201);
    const soon = dayIn(colombia.timeZone, new Date(Date.now() + 20 * 86_400_000));
    await s.db.query(`UPDATE document_types SET resolution = jsonb_set(resolution, '{valid_to}', to_jsonb($2::text)) WHERE company_id = $1 AND code = 'FV-E'`, [co, soon]);
    const home = await owner.send('GET', '/app');
    const box = /id="expiring">([\s\S]*?)<\/div>/.exec(home.text)?.[1] ?? '';
    // The day in the company's time zone, as the console writes it (near midnight UTC it is not the UTC day).
    const dmy = (d: Date) => dayIn(colombia.timeZone, d).split('-').reverse().join('/');
    assert.match(box, new RegExp(`El certificado [^<]*${c.tax_id}[^<]* vence el ${dmy(new Date(notBefore.getTime() + 12 * 86_400_000))}`));
    assert.match(box, new RegExp(`La resolución de numeración FV-E · 18760000001 vence el ${soon.split('-').reverse().join('/')}`));
    assert.equal((await mxOwner.send('GET', '/app')).text.includes('id="expiring"'), false, 'only the company\'s own');
  });

  test('a document shows its e-mails, its events and its webhook deliveries', async () => {
    const hook = await s.as('co').post('/v1/webhooks', { url: 'https://hooks.example.com/console', events: ['*'] });
    assert.equal(hook.status, 201, JSON.stringify(hook.body));
    const r = await coRefs(s);
    const inv = await s.as('co').post('/v1/invoices', validInvoice(r));
    assert.equal(inv.status, 201, JSON.stringify(inv.body));
    const csrf = await owner.csrf();
    assert.equal((await owner.send('POST', `/app/documents/invoices/${inv.body.id}/mail`, { _csrf: csrf })).status, 303);
    const page = await owner.send('GET', `/app/documents/invoices/${inv.body.id}`);
    const section = (id: string) => new RegExp(`id="${id}">([\\s\\S]*?)</section>`).exec(page.text)?.[1] ?? '';
    assert.match(section('doc-mails'), /<td>(En cola|Enviado|Fallido)<\/td>/);
    assert.match(section('doc-events'), /<code>invoice\.created<\/code>/);
    assert.match(section('doc-deliveries'), /<code>invoice\.created<\/code><\/td><td class="code">https:\/\/hooks\.example\.com\/console/);
    const other = await mxOwner.send('GET', `/app/documents/invoices/${inv.body.id}`);
    assert.equal(other.status, 404);
  });

  test('a cash receipt started from a credit invoice: filled with its balance, created through the API, the balance paid', async () => {
    const r = await coRefs(s);
    const inv = await s.as('co').post('/v1/invoices', validInvoice(r, { items: [{ code: 'LIBRO01', quantity: 1, price: 800, taxes: [] }],
      payments: [{ id: r.pay.Credit.id, value: 800, due_date: '2099-12-31' }] }));
    assert.equal(inv.status, 201, JSON.stringify(inv.body));
    const doc = await owner.send('GET', `/app/documents/invoices/${inv.body.id}`);
    assert.match(doc.text, new RegExp(`href="/app/documents/invoices/${inv.body.id}/receipt"`));
    const form = await owner.send('GET', `/app/documents/invoices/${inv.body.id}/receipt`);
    assert.equal(form.status, 200);
    assert.match(form.text, /id="c-items-0--value"[^>]*value="800"|value="800"[^>]*id="c-items-0--value"/);
    const csrf = await owner.csrf();
    const types = await s.as('co').get('/v1/document-types?type=RC');
    const pays = await s.as('co').get('/v1/payment-types?document_type=RC');
    const rc = (Array.isArray(types.body) ? types.body : types.body.results).find((x: any) => x.code === 'RC');
    const cash = (Array.isArray(pays.body) ? pays.body : pays.body.results).find((x: any) => x.type === 'Cash');
    const sent = { _csrf: csrf, 'document.id': String(rc.id), date: today(), 'payment.id': String(cash.id), 'items[0].due.quote': '1' };
    const bad = await owner.send('POST', `/app/documents/invoices/${inv.body.id}/receipt`, { ...sent, 'items[0].value': '' });
    assert.equal(bad.status, 400);
    assert.equal(under(bad.text, 'items[0].value'), 'Es obligatorio.');
    const made = await owner.send('POST', `/app/documents/invoices/${inv.body.id}/receipt`, { ...sent, 'items[0].value': '800' });
    assert.equal(made.status, 303, problems(made.text));
    assert.match(made.headers.get('location') ?? '', /\/app\/documents\/vouchers\/[0-9a-f-]{36}\?ok=done/);
    assert.equal((await s.as('co').get(`/v1/invoices/${inv.body.id}`)).body.balance, 0);
  });

  test('a cash receipt with the customer\'s withholdings: a Detailed voucher, each at base × rate, the rest received in cash, the invoice paid', async () => {
    const r = await coRefs(s);
    const iva = r.taxOf('IVA', 19);
    const inv = await s.as('co').post('/v1/invoices', validInvoice(r, { items: [{ code: 'LIBRO01', quantity: 1, price: 1000000, taxes: [{ id: iva.id }] }],
      payments: [{ id: r.pay.Credit.id, value: 1190000, due_date: '2099-12-31' }] }));
    assert.equal(inv.status, 201, JSON.stringify(inv.body));
    const url = `/app/documents/invoices/${inv.body.id}/receipt`;
    const form = await owner.send('GET', url);
    assert.match(form.text, /name="withholdings\[0\]\.tax"/);
    const csrf = await owner.csrf();
    const rc = (await s.as('co').list('/v1/document-types?type=RC')).find((x: any) => x.code === 'RC');
    const cash = (await s.as('co').list('/v1/payment-types?document_type=RC')).find((x: any) => x.type === 'Cash');
    const fuente = r.taxOf('Retefuente', 2.5); const ica = r.taxOf('ReteICA', 0.966); const reteiva = r.taxOf('ReteIVA', 15);
    const sent = { _csrf: csrf, 'document.id': String(rc.id), date: today(), 'payment.id': String(cash.id), 'items[0].due.quote': '1', 'items[0].value': '1.190.000',
      'withholdings[0].tax': String(fuente.id), 'withholdings[0].base': '1.000.000', 'withholdings[1].tax': String(ica.id), 'withholdings[1].base': '1.000.000',
      'withholdings[2].tax': String(reteiva.id), 'withholdings[2].base': '190.000' };
    // The live totals: 25.000 + 9.660 + 28.500 withheld, 1.126.840 received.
    const preview = await owner.send('POST', `${url}/preview`, sent);
    assert.equal(preview.status, 200);
    assert.match(preview.text, /id="receipt-received">\$\s?1\.126\.840,00</);
    // A base without its withholding, an unreadable base, and withholdings above what is paid are refused on their fields; nothing stored.
    const vouchers = async () => (await s.db.query<{ n: number }>('SELECT count(*)::int AS n FROM vouchers WHERE company_id = $1', [co]))[0].n;
    const before = await vouchers();
    const bad = await owner.send('POST', url, { ...sent, 'withholdings[1].tax': '', 'withholdings[2].base': '190,000.00' });
    assert.equal(bad.status, 400);
    assert.equal(under(bad.text, 'withholdings[1].tax'), 'Elija la retención de esta base.');
    assert.match(under(bad.text, 'withholdings[2].base') ?? '', /no es un valor/);
    const over = await owner.send('POST', url, { ...sent, 'items[0].value': '50.000' });
    assert.equal(over.status, 400);
    assert.match(under(over.text, 'withholdings[0].base') ?? '', /superan lo abonado/);
    assert.equal(await vouchers(), before);
    const made = await owner.send('POST', url, sent);
    assert.equal(made.status, 303, problems(made.text));
    const id = /vouchers\/([0-9a-f-]{36})/.exec(made.headers.get('location') ?? '')![1];
    const v = (await s.as('co').get(`/v1/vouchers/${id}`)).body;
    assert.equal(v.type, 'Detailed');
    assert.equal(v.total, 1190000);
    assert.deepEqual(v.items.map((i: any) => [i.account.movement, i.value, i.tax?.id ?? null, i.due ? i.due.consecutive : null]), [
      ['Credit', 1190000, null, inv.body.number], ['Debit', 25000, fuente.id, null], ['Debit', 9660, ica.id, null], ['Debit', 28500, reteiva.id, null], ['Debit', 1126840, null, null]]);
    assert.equal((await s.as('co').get(`/v1/invoices/${inv.body.id}`)).body.balance, 0);
    // The books: the three withholdings on their advance accounts, the cash on the payment type's account.
    const lines = await s.db.query<{ account_code: string; debit: string; credit: string }>(
      `SELECT l.account_code, l.debit::text AS debit, l.credit::text AS credit FROM journal_lines l JOIN journal_entries e ON e.id = l.entry_id
        WHERE e.company_id = $1 AND e.source_id = $2 ORDER BY l.line_no`, [co, id]);
    const debit = (code: string) => lines.filter((l) => l.account_code === code).reduce((t, l) => t + Number(l.debit), 0);
    assert.equal(debit('13551501'), 25000);
    assert.equal(debit('13551801'), 9660);
    assert.equal(debit('13551701'), 28500);
    assert.equal(lines.reduce((t, l) => t + Number(l.debit) - Number(l.credit), 0), 0);
  });

  test('a viewer reads the lists and records but cannot create or edit (403)', async () => {
    const made = await adminOf(s).post(`/companies/${co}/console-users`, { email: 'solo-lectura@demo-co.example', password: 'solo mirar catálogo 1', role: 'viewer' });
    assert.equal(made.status, 201);
    const viewer = new ConsoleClient(s);
    assert.equal((await viewer.login('solo-lectura@demo-co.example', 'solo mirar catálogo 1')).status, 303);
    const csrf = await viewer.csrf();
    const list = await viewer.send('GET', '/app/customers');
    assert.equal(list.status, 200);
    assert.doesNotMatch(list.text, /href="\/app\/customers\/new"/);
    const [{ id }] = await s.db.query<{ id: number }>('SELECT id FROM customers WHERE company_id = $1 ORDER BY id LIMIT 1', [co]);
    const page = await viewer.send('GET', `/app/customers/${id}`);
    assert.equal(page.status, 200);
    assert.match(page.text, /<fieldset disabled>/);
    assert.doesNotMatch(page.text, /<button type="submit">Guardar/);
    assert.equal((await viewer.send('GET', '/app/customers/new')).status, 403);
    assert.equal((await viewer.send('GET', '/app/products/new')).status, 403);
    const before = await s.db.query('SELECT count(*)::int AS n FROM customers WHERE company_id = $1', [co]);
    assert.equal((await viewer.send('POST', '/app/customers', { _csrf: csrf, identification: '900999111', 'name[0]': 'X' })).status, 403);
    assert.equal((await viewer.send('POST', `/app/customers/${id}`, { _csrf: csrf, commercial_name: 'cambio' })).status, 403);
    assert.equal((await viewer.send('POST', '/app/products', { _csrf: csrf, code: 'X1', name: 'X' })).status, 403);
    assert.deepEqual(await s.db.query('SELECT count(*)::int AS n FROM customers WHERE company_id = $1', [co]), before);
    for (const p of ['/app/settings', '/app/settings/certificates', '/app/settings/test-set', '/app/settings/webhooks', '/app/settings/api-users']) {
      assert.equal((await viewer.send('GET', p)).status, 403, `a viewer on ${p}`);
    }
    assert.equal((await viewer.send('POST', '/app/settings/company', { _csrf: csrf, legal_name: 'Otra' })).status, 403);
    assert.equal((await viewer.send('POST', '/app/settings/webhooks', { _csrf: csrf, url: 'https://x.example/h', events: '*' })).status, 403);
  });
});
