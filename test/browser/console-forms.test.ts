/**
 * The console's document forms doing the work, in Chromium: a line's product found by its code or name (past the
 * form's first list, never another company's or an inactive one) fills its price, tax and unit, all editable; a
 * customer created in a dialog without leaving the invoice (its check digit shown, a refusal under its field), then
 * chosen; each refusal shown under its own control as well as in the summary; a document's e-mail recipients edited
 * before it is sent; in Mexico the product form's unit and SAT product key found in their catalogues as one types (the
 * code beside its name, an unknown code said so), and that product then found for an invoice line; axe-core on each page.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { startTestServer, STORAGES, type TestServer } from '../support/server';
import { ADMIN_TOKEN } from '../support/admin';
import { axeViolations, browserSuite, openBrowser, type OpenBrowser } from '../support/browser';
import { DEMO_CONSOLE, ensureDemoConsole } from '../../src/console/demo';
import { nitCheckDigit } from '../../src/platform/nit';
import { coRefs, validInvoice } from '../support/co';

// On each storage (PostgreSQL too when TEST_DATABASE_URL is set): the searches are the console's own SQL.
for (const storage of STORAGES) describe(`console forms in a browser [${storage}]`, browserSuite(), () => {
  let s: TestServer;
  let browser: OpenBrowser;
  let page: Page;

  before(async () => {
    s = await startTestServer(storage, { ADMIN_TOKEN });
    await ensureDemoConsole(s.db);
    // 110 more products, so that the one looked for lies past the first 100 the form lists.
    for (let batch = 0; batch < 11; batch++) {
      await Promise.all(Array.from({ length: 10 }, async (_, k) => {
        const r = await s.as('co').post('/v1/products', { code: `RELLENO${batch * 10 + k}`, name: `Artículo de relleno ${batch * 10 + k}`, prices: [{ position: 1, value: 1000 }] });
        assert.equal(r.status, 201, JSON.stringify(r.body));
      }));
    }
    // And 100 more customers: one created from the invoice lies past the first 100 the form lists.
    for (let batch = 0; batch < 10; batch++) {
      await Promise.all(Array.from({ length: 10 }, async (_, k) => {
        const r = await s.as('co').post('/v1/customers', { person_type: 'Company', id_type: '31', identification: String(800100000 + batch * 10 + k),
          name: [`Cliente de relleno ${batch * 10 + k}`], address: { address: 'Calle 1 # 2-3', city: { country_code: 'CO', state_code: '11', city_code: '11001' } } });
        assert.equal(r.status, 201, JSON.stringify(r.body));
      }));
    }
    const bolt = await s.as('co').post('/v1/products', { code: 'TORN38', name: 'Tornillo hexagonal 3/8', unit: 'KGM', prices: [{ position: 1, value: 1234.5 }], taxes: [] });
    assert.equal(bolt.status, 201, JSON.stringify(bolt.body));
    browser = await openBrowser();
    page = await browser.context.newPage();
  });
  after(async () => { await browser?.close(); await s?.close(); });

  const go = (p: string) => page.goto(s.url + p);
  const text = async (selector: string) => ((await page.textContent(selector)) ?? '').replace(/\u00a0/g, ' ');
  const noViolations = async (what: string) => assert.deepEqual(await axeViolations(page), [], `axe-core on ${what}`);
  const options = (selector: string) => page.$$eval(`${selector} option`, (os) => os.map((o) => o.textContent ?? ''));
  async function login(email: string, password: string) {
    await browser.context.clearCookies();
    await go('/app/login');
    await page.fill('#email', email);
    await page.fill('#password', password);
    await Promise.all([page.waitForLoadState('load'), page.click('button[type=submit]')]);
  }

  test('a product found by name or code fills its line (price, IVA, unit), stays editable and chosen; none of another company or inactive', async () => {
    await login(DEMO_CONSOLE.co.email, DEMO_CONSOLE.co.password);
    await go('/app/invoices/new');
    assert.ok(!(await options('#code-0')).some((o) => o.startsWith('TORN38')), 'past the first list');
    await page.fill('#customer-search', 'Metál');
    await page.waitForFunction(() => (document.querySelector('#customer') as HTMLSelectElement | null)?.value === '890114578|0');
    // By name: the one match comes chosen and fills the row.
    await page.fill('#product-q-0', 'hexagonal');
    await page.waitForFunction(() => (document.querySelector('#code-0') as HTMLSelectElement | null)?.value === 'TORN38');
    await page.waitForFunction(() => (document.querySelector('#price-0') as HTMLInputElement).value === '1234,5');
    assert.equal(await page.inputValue('#quantity-0'), '1');
    assert.equal(await text('#unit-0'), 'Unidad: KGM · Kilogramo');
    await page.waitForFunction(() => document.querySelector('#echo-price-0')?.textContent?.replace(/\u00a0/g, ' ') === '= $ 1.234,50');
    // By code, in another line: its IVA comes with it.
    await page.fill('#product-q-1', 'port14');
    await page.waitForFunction(() => (document.querySelector('#code-1') as HTMLSelectElement | null)?.value === 'PORT14');
    await page.waitForFunction(() => (document.querySelector('#price-1') as HTMLInputElement).value === '2850000');
    assert.equal(await page.$eval('#tax-1', (el) => (el as HTMLSelectElement).selectedOptions[0].text), 'IVA 19%');
    assert.equal(await text('#unit-1'), 'Unidad: 94 · Unidad');
    // Several matches: a list to choose from, none chosen for you.
    await page.fill('#product-q-2', 'relleno 10');
    await page.waitForFunction(() => document.querySelectorAll('#code-2 option').length === 12);
    assert.equal(await page.inputValue('#code-2'), '');
    // Another company's product (the Mexican LAP14) and an inactive one are not offered.
    await page.fill('#product-q-2', 'Laptop');
    await page.waitForFunction(() => document.querySelectorAll('#code-2 option').length === 1);
    await page.fill('#product-q-2', 'Impresora');
    await page.waitForFunction(() => document.querySelectorAll('#code-2 option').length === 1);
    assert.deepEqual(await options('#code-2'), ['—']);
    // What was filled is editable: a price of its own.
    await page.fill('#price-0', '1.000,25');
    await page.fill('#quantity-0', '2');
    await page.waitForFunction(() => document.querySelector('#live-total')?.textContent?.replace(/\u00a0/g, ' ') === '$ 3.393.500,50');
    await noViolations('New invoice with products found');
    // Another line: the product found past the first list stays chosen with what was typed.
    await Promise.all([page.waitForLoadState('load'), page.click('button[name=add_line]')]);
    assert.equal(await page.inputValue('#code-0'), 'TORN38');
    assert.deepEqual([await page.inputValue('#price-0'), await page.inputValue('#quantity-0'), await text('#unit-0')], ['1.000,25', '2', 'Unidad: KGM · Kilogramo']);
    await Promise.all([page.waitForURL(/\/app\/documents\/invoices\/[0-9a-f-]{36}\?ok=done/), page.click('form.invoice > button[type=submit]')]);
    const made = (await s.as('co').get(`/v1/invoices/${/invoices\/([0-9a-f-]{36})/.exec(page.url())![1]}`)).body;
    assert.deepEqual(made.items.map((i: any) => [i.code, i.quantity, i.price, i.taxes.map((x: any) => x.type)]), [['TORN38', 2, 1000.25, []], ['PORT14', 1, 2850000, ['IVA']]]);
  });

  test('a refused invoice: each message under its own control too (aria-describedby), in Spanish, no API path', async () => {
    await go('/app/invoices/new');
    await page.fill('#product-q-0', 'LIBRO01');
    await page.waitForFunction(() => (document.querySelector('#price-0') as HTMLInputElement).value === '95000');
    await page.fill('#quantity-0', '0');
    await page.fill('#product-q-1', 'MOUSE01');
    await page.waitForFunction(() => (document.querySelector('#price-1') as HTMLInputElement).value === '65000');
    await page.fill('#price-1', '-5');
    await Promise.all([page.waitForLoadState('load'), page.click('form.invoice > button[type=submit]')]);
    assert.match(await text('#error-summary'), /Línea 1 · cantidad: /);
    for (const [id, says] of [['customer', /No puede estar vacío/], ['quantity-0', /Debe ser mayor que 0/], ['price-1', /Debe ser mayor o igual que 0/]] as const) {
      assert.match(await text(`#err-${id}`), says, id);
      assert.match(await page.getAttribute(`#${id}`, 'aria-describedby') ?? '', new RegExp(`\\berr-${id}\\b`), id);
      assert.equal(await page.getAttribute(`#${id}`, 'aria-invalid'), 'true', id);
    }
    assert.doesNotMatch(await text('main'), /items\[|customer\.identification|payments\[/, 'no JSON path anywhere on the page');
    assert.equal(await page.inputValue('#code-1'), 'MOUSE01', 'what was chosen is kept');
    await noViolations('a refused invoice with its messages under the fields');
  });

  /**
   * Opens the customer dialog from the invoice. Its button asks the server for the form (htmx): on a loaded machine the
   * first click can come before htmx has taken the button, so, as a person would, it is clicked again after 5 s.
   */
  async function openCustomerDialog() {
    for (let i = 0; i < 3; i++) {
      await page.click('button:text("Nuevo cliente")');
      if (await page.waitForSelector('#customer-dialog[open] #c-identification', { timeout: 5000 }).then(() => true, () => false)) return;
    }
    assert.fail('the customer dialog opens');
  }

  test('a customer created without leaving the invoice: its check digit, a refusal under its field, then chosen, what was typed kept', async () => {
    await go('/app/invoices/new');
    await page.fill('#product-q-0', 'ASESORIA');
    await page.waitForFunction(() => (document.querySelector('#price-0') as HTMLInputElement).value === '120000');
    await page.fill('#quantity-0', '3');
    await openCustomerDialog();
    await page.waitForFunction(() => document.activeElement?.id === 'c-person_type'); // the dialog takes the focus
    await noViolations('the new customer dialog');
    await page.fill('#c-identification', '901458327');
    const dv = nitCheckDigit('901458327');
    await page.waitForFunction((d) => document.querySelector('#echo-c-identification')?.textContent === `Dígito de verificación: ${d}`, dv);
    await page.fill('#c-name-0-', 'Ferretería La Escuadra S.A.S.');
    await page.click('#customer-dialog button[type=submit]');
    // Without its address: refused in the dialog, under the field, which takes the focus.
    await page.waitForSelector('#customer-dialog[open] #err-address-address');
    assert.equal(await text('#err-address-address'), 'No puede estar vacío.');
    await page.waitForFunction(() => document.activeElement?.id === 'c-address-address'); // the field refused takes it
    assert.equal(await page.inputValue('#c-name-0-'), 'Ferretería La Escuadra S.A.S.');
    await page.fill('#c-address-address', 'Calle 10 # 5-51');
    await page.selectOption('#c-address-city-state_code', { label: '11 · Bogotá' });
    await page.selectOption('#c-address-city-city_code', '11001');
    await page.click('#customer-dialog button[type=submit]');
    await page.waitForSelector('#customer-dialog', { state: 'hidden' });
    assert.equal(await page.inputValue('#customer'), '901458327|0');
    assert.equal(await page.$eval('#customer', (el) => (el as HTMLSelectElement).selectedOptions[0].text), 'Ferretería La Escuadra S.A.S. (901458327)');
    assert.deepEqual([await page.inputValue('#code-0'), await page.inputValue('#quantity-0'), await page.inputValue('#price-0')], ['ASESORIA', '3', '120000'], 'the invoice as typed');
    // Past the first 100 customers the form lists, it stays chosen when the form comes back (another line).
    await Promise.all([page.waitForLoadState('load'), page.click('button[name=add_line]')]);
    assert.equal(await page.$eval('#customer', (el) => (el as HTMLSelectElement).selectedOptions[0].text), 'Ferretería La Escuadra S.A.S. (901458327)');
    await Promise.all([page.waitForURL(/\/app\/documents\/invoices\/[0-9a-f-]{36}\?ok=done/), page.click('form.invoice > button[type=submit]')]);
    const made = (await s.as('co').get(`/v1/invoices/${/invoices\/([0-9a-f-]{36})/.exec(page.url())![1]}`)).body;
    assert.deepEqual([made.customer.identification, made.items[0].quantity, made.total], ['901458327', 3, 428400]);
    const customer = (await s.as('co').get('/v1/customers?identification=901458327')).body.results[0];
    assert.deepEqual([customer.check_digit, customer.name], [String(dv), ['Ferretería La Escuadra S.A.S.']]);
  });

  test('a credit note\'s lines: the invoice\'s products chosen with their unit; a product found for a line, refused under it when not on the invoice', async () => {
    const r = await coRefs(s);
    const inv = await s.as('co').post('/v1/invoices', validInvoice(r, { items: [{ code: 'LIBRO01', quantity: 2, price: 95000, taxes: [] }], payments: [{ id: r.pay.Cash.id, value: 190000 }] }));
    assert.equal(inv.status, 201, JSON.stringify(inv.body));
    await go(`/app/documents/invoices/${inv.body.id}/credit-note`);
    assert.deepEqual([await page.inputValue('#code-0'), await text('#unit-0'), await page.inputValue('#quantity-0')], ['LIBRO01', 'Unidad: 94 · Unidad', '2']);
    await page.fill('#product-q-0', 'mouse');
    await page.waitForFunction(() => (document.querySelector('#price-0') as HTMLInputElement).value === '65000');
    assert.equal(await page.inputValue('#code-0'), 'MOUSE01');
    await Promise.all([page.waitForLoadState('load'), page.click('form.invoice > button[type=submit]')]);
    assert.equal(await text('#err-code-0'), 'El producto MOUSE01 no está en la factura: una nota crédito acredita lo que su factura vendió.');
    assert.match(await page.getAttribute('#code-0', 'aria-describedby') ?? '', /\berr-code-0\b/);
    assert.doesNotMatch(await text('main'), /items\[/);
    await noViolations('a refused credit note');
  });

  test('in English at 360 px the customer dialog fits; Cancel closes it and creates nothing', async () => {
    await go('/app/invoices/new');
    await Promise.all([page.waitForLoadState('load'), page.click('button[lang=en]')]);
    await page.setViewportSize({ width: 360, height: 800 });
    try {
      await page.click('button:text("New customer")');
      await page.waitForSelector('#customer-dialog[open]');
      assert.equal(await text('#customer-dialog-title'), 'New customer');
      const [page360, dialog, inside] = await page.evaluate(() => {
        const d = document.querySelector('#customer-dialog')!;
        return [document.documentElement.scrollWidth, d.getBoundingClientRect().right, d.scrollWidth - d.clientWidth];
      });
      assert.ok(page360 <= 360 && dialog <= 360 && inside <= 0, `page ${page360} px, dialog to ${dialog} px, ${inside} px sideways inside it`);
      await noViolations('the customer dialog at 360 px in English');
      await page.fill('#c-identification', '901999888');
      await page.click('#customer-dialog button:text("Cancel")');
      await page.waitForSelector('#customer-dialog', { state: 'hidden' });
      assert.equal((await s.as('co').get('/v1/customers?identification=901999888')).body.results.length, 0);
    } finally {
      await page.setViewportSize({ width: 1440, height: 900 });
      await Promise.all([page.waitForLoadState('load'), page.click('button[lang=es]')]);
    }
  });

  test('a document\'s e-mail: its recipients start as the customer\'s contacts, are edited, a bad one refused under its field', async () => {
    const r = await coRefs(s);
    const inv = await s.as('co').post('/v1/invoices', validInvoice(r));
    assert.equal(inv.status, 201, JSON.stringify(inv.body));
    const contacts = ((await s.as('co').get(`/v1/customers?identification=${inv.body.customer.identification}`)).body.results[0].contacts ?? [])
      .map((c: any) => c.email).filter(Boolean);
    assert.ok(contacts.length > 0, 'the demo customer has a contact e-mail');
    await go(`/app/documents/invoices/${inv.body.id}`);
    assert.equal(await page.inputValue('#mail_to'), contacts.join('; '));
    await page.fill('#mail_to', 'contabilidad@cliente.example; pagos@');
    await page.fill('#copy_to', 'gerencia@cliente.example');
    await Promise.all([page.waitForLoadState('load'), page.click('form[action$="/mail"] button')]);
    assert.equal(await text('#err-mail_to'), 'Correos electrónicos no válidos: pagos@.');
    assert.match(await page.getAttribute('#mail_to', 'aria-describedby') ?? '', /\berr-mail_to\b/);
    assert.match(await text('#error-summary'), /Para: Correos electrónicos no válidos/);
    assert.deepEqual([await page.inputValue('#mail_to'), await page.inputValue('#copy_to')], ['contabilidad@cliente.example; pagos@', 'gerencia@cliente.example'], 'as typed');
    await noViolations('a refused e-mail');
    await page.fill('#mail_to', 'contabilidad@cliente.example; pagos@cliente.example');
    await Promise.all([page.waitForURL(/ok=mail/), page.click('form[action$="/mail"] button')]);
    const mails = await s.db.query<{ mail_to: string[]; copy_to: string[] }>('SELECT mail_to, copy_to FROM mails WHERE doc_id = $1', [inv.body.id]);
    assert.deepEqual(mails.map((m) => [m.mail_to, m.copy_to]), [[['contabilidad@cliente.example', 'pagos@cliente.example'], ['gerencia@cliente.example']]]);
  });

  test('Mexico: unit and product key found in the SAT catalogues as one types; the product then fills an invoice line with its unit and IVA', async () => {
    await login(DEMO_CONSOLE.mx.email, DEMO_CONSOLE.mx.password);
    await go('/app/products/new');
    const suggestions = (id: string) => page.$$eval(`#list-${id} option`, (os) => os.map((o) => `${(o as HTMLOptionElement).value}|${o.textContent}`));
    const echo = (id: string) => page.$eval(`#echo-${id}`, (el) => el.textContent ?? '');
    // A unit by its name: the code beside it in the suggestions.
    await page.fill('#c-sat_unit_key', 'pieza');
    await page.waitForFunction(() => document.querySelectorAll('#list-c-sat_unit_key option').length > 0);
    assert.deepEqual(await suggestions('c-sat_unit_key'), ['H87|H87 · Pieza']);
    assert.equal(await echo('c-sat_unit_key'), 'Elija una de las sugerencias');
    await page.fill('#c-sat_unit_key', 'QQ9');
    await page.waitForFunction(() => document.querySelector('#echo-c-sat_unit_key')?.textContent === 'No está en la lista de unidades de medida');
    await page.waitForFunction(() => document.querySelector('#echo-c-sat_unit_key')?.classList.contains('bad'));
    await page.fill('#c-sat_unit_key', 'H87');
    await page.waitForFunction(() => document.querySelector('#echo-c-sat_unit_key')?.textContent === 'H87 · Pieza');
    // A product key by the start of its code (the catalogue ships codes only).
    await page.fill('#c-sat_product_key', '4321150');
    await page.waitForFunction(() => document.querySelectorAll('#list-c-sat_product_key option').length > 0);
    const keys = await suggestions('c-sat_product_key');
    assert.ok(keys.every((k) => /^4321150\d\|4321150\d$/.test(k)) && keys.includes('43211503|43211503'), keys.join(', '));
    await page.fill('#c-sat_product_key', '99999999');
    await page.waitForFunction(() => document.querySelector('#echo-c-sat_product_key')?.textContent === 'No está en el catálogo c_ClaveProdServ del SAT');
    await page.fill('#c-sat_product_key', '43211503');
    await page.waitForFunction(() => document.querySelector('#echo-c-sat_product_key')?.textContent === '43211503: en el catálogo c_ClaveProdServ del SAT');
    await noViolations('the Mexican product form with its suggestions');
    await page.fill('#c-code', 'TECLADO1');
    await page.fill('#c-name', 'Teclado inalámbrico');
    await page.fill('#c-unit', 'H87');
    await page.fill('#c-prices-0--price_list-0--value', '1,299.50');
    await page.selectOption('#c-taxes-0--id', { label: 'IVA 16%' });
    await Promise.all([page.waitForURL(/\/app\/products\/\d+\?ok=1$/), page.click('form.record button[type=submit]')]);
    assert.equal(await echo('c-sat_unit_key'), 'H87 · Pieza', 'a saved code shown with its name');
    const made = (await s.as('mx').get('/v1/products?code=TECLADO1')).body.results[0];
    assert.deepEqual([made.sat_unit_key, made.sat_product_key, made.unit.code, made.prices[0].price_list[0].value], ['H87', '43211503', 'H87', 1299.5]);
    // The new product for an invoice line: its price as Mexico writes it, its unit and its IVA beside it; and a Mexican
    // customer (RFC, regime by its name, postal code) created from the invoice.
    await go('/app/invoices/new');
    await openCustomerDialog();
    await page.fill('#c-identification', 'EKU9003173C9');
    await page.fill('#c-name-0-', 'ESCUELA KEMPER URGATE');
    await page.selectOption('#c-tax_regime', { label: '626 · Régimen Simplificado de Confianza' });
    await page.fill('#c-address-address', 'Av. Juárez 10');
    await page.fill('#c-address-postal_code', '06600');
    await page.click('#customer-dialog button[type=submit]');
    await page.waitForSelector('#customer-dialog', { state: 'hidden' });
    assert.equal(await page.inputValue('#customer'), 'EKU9003173C9|0');
    assert.equal((await s.as('mx').get('/v1/customers?identification=EKU9003173C9')).body.results[0].tax_regime, '626');
    await page.fill('#product-q-0', 'teclado');
    await page.waitForFunction(() => (document.querySelector('#price-0') as HTMLInputElement).value === '1299.5');
    assert.equal(await page.inputValue('#code-0'), 'TECLADO1');
    assert.equal(await text('#unit-0'), 'Unidad: H87 · Pieza · IVA 16%');
  });
});
