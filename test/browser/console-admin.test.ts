/**
 * The console's customers, products and settings in a real browser (Debian's Chromium, playwright-core):
 * create and edit a customer and a product with the API's messages under the fields; the owner's settings:
 * upload a certificate (subject and expiry shown), run the DIAN test set (progress, verdicts); a viewer and an
 * accountant get no settings; axe-core on every page, 360 px wide.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { startTestServer, type TestServer } from '../support/server';
import { adminOf, ADMIN_TOKEN } from '../support/admin';
import { axeViolations, browserSuite, openBrowser, type OpenBrowser } from '../support/browser';
import { DEMO_CONSOLE, ensureDemoConsole } from '../../src/console/demo';
import { generateTestCertificate } from '../../src/einvoice/certificates';
import { dayIn } from '../../src/platform/dates';
import { colombia } from '../../src/countries';

describe('console customers, products and settings in a browser', browserSuite(), () => {
  let s: TestServer;
  let browser: OpenBrowser;
  let page: Page;
  let coCompany = 0;

  before(async () => {
    s = await startTestServer('pglite', { ADMIN_TOKEN });
    await ensureDemoConsole(s.db);
    [{ company_id: coCompany }] = await s.db.query<{ company_id: number }>("SELECT company_id FROM companies WHERE is_demo AND country = 'CO'");
    browser = await openBrowser();
    page = await browser.context.newPage();
  });
  after(async () => { await browser?.close(); await s?.close(); });

  const go = (p: string) => page.goto(s.url + p);
  const text = async (selector: string) => ((await page.textContent(selector)) ?? '').replace(/\u00a0/g, ' ');
  const noViolations = async (what: string) => assert.deepEqual(await axeViolations(page), [], `axe-core on ${what}`);
  const submit = (selector = 'main form.record button[type=submit]') => Promise.all([page.waitForLoadState('load'), page.click(selector)]);
  async function login(email: string, password: string) {
    await browser.context.clearCookies();
    await go('/app/login');
    await page.fill('#email', email);
    await page.fill('#password', password);
    await Promise.all([page.waitForURL(/\/app$/), page.click('button[type=submit]')]);
  }

  test('a customer: a refused identification shown under its field, then created, found and edited', async () => {
    await login(DEMO_CONSOLE.co.email, DEMO_CONSOLE.co.password);
    await go('/app/customers');
    await noViolations('customers');
    await Promise.all([page.waitForURL(/\/customers\/new$/), page.click('a[href="/app/customers/new"]')]);
    await noViolations('new customer');
    await page.fill('#c-identification', '900 555');
    await page.fill('#c-name-0-', 'Distribuidora El Faro S.A.S.');
    await page.fill('#c-address-address', 'Carrera 15 # 93-60');
    // Places by their names (the DIAN's lists), the person type in Spanish.
    assert.deepEqual(await page.$$eval('#c-person_type option', (os) => os.map((o) => o.textContent)), ['Persona jurídica', 'Persona natural']);
    await page.selectOption('#c-address-city-state_code', { label: '11 · Bogotá' });
    await page.selectOption('#c-address-city-city_code', '11001');
    assert.match(await page.$eval('#c-address-city-city_code', (el) => (el as HTMLSelectElement).selectedOptions[0].textContent ?? ''), /^11001 · BOGOTÁ/i);
    await submit();
    assert.equal(await text('#err-identification'), 'Debe contener solo letras y dígitos.');
    assert.equal(await page.getAttribute('#c-identification', 'aria-describedby'), 'err-identification');
    await noViolations('a refused customer form');
    await page.fill('#c-identification', '900555111');
    // Its check digit as one types: 1·3 + 1·7 + 1·13 + 5·17 + 5·19 + 5·23 + 9·41 = 687; 687 mod 11 = 5; 11 − 5 = 6.
    await page.waitForFunction(() => document.querySelector('#echo-c-identification')?.textContent === 'Dígito de verificación: 6');
    // Its fiscal responsibilities by name (the RUT's codes beside them).
    await page.getByLabel('O-13 · Gran contribuyente').check();
    await submit();
    assert.match(page.url(), /\/app\/customers\/\d+\?ok=1$/);
    const made = (await s.as('co').get('/v1/customers?identification=900555111')).body.results[0];
    assert.deepEqual([made.check_digit, made.fiscal_responsibilities], ['6', [{ code: 'O-13', name: 'Gran contribuyente' }]]);
    assert.equal(await page.isChecked('#c-fiscal_responsibilities-0'), true, 'the edit form shows it chosen');
    assert.match(await text('[role=status]'), /Hecho/);
    await go('/app/customers?q=faro');
    await Promise.all([page.waitForURL(/\/customers\/\d+$/), page.click('#catalog a:text-is("900555111")')]);
    await page.fill('#c-commercial_name', 'El Faro');
    await submit();
    const api = await s.as('co').get('/v1/customers?identification=900555111');
    assert.equal(api.body.results[0].commercial_name, 'El Faro');
  });

  test('a product with its price and tax, then its price edited', async () => {
    await go('/app/products/new');
    await noViolations('new product');
    await page.fill('#c-code', 'LAMP01');
    await page.fill('#c-name', 'Lámpara LED');
    await page.fill('#c-prices-0--price_list-0--value', '45000');
    await page.selectOption('#c-taxes-0--id', { label: 'IVA 19%' });
    await submit();
    assert.match(page.url(), /\/app\/products\/\d+\?ok=1$/);
    await page.fill('#c-prices-0--price_list-0--value', 'cuarenta');
    await submit();
    assert.equal(await text('#err-prices-0--price_list-0--value'), '«cuarenta» no es un valor: en Colombia el punto separa los miles y la coma los decimales (por ejemplo 1.234,56); escríbalo sin letras ni otros signos');
    await page.fill('#c-prices-0--price_list-0--value', '47.500,5');
    await submit();
    await go('/app/products?q=lamp');
    assert.match(await text('#catalog'), /LAMP01\s*Lámpara LED\s*\$ 47\.500,50/);
  });

  test('settings: upload a certificate (a wrong password refused), see its subject and expiry', async () => {
    await go('/app/settings');
    await noViolations('settings');
    const [{ legal_name: name, tax_id: nit }] = await s.db.query<any>('SELECT legal_name, tax_id FROM companies WHERE company_id = $1', [coCompany]);
    // Valid from yesterday 02:00 UTC: it ends at 02:00 UTC, still the day before in Bogotá, whose day the console writes.
    const notBefore = new Date(Math.floor(Date.now() / 86_400_000) * 86_400_000 - 22 * 3_600_000);
    const cert = generateTestCertificate({ commonName: name, nit, password: 'clave-del-p12', validDays: 20, notBefore });
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'console-cert-')), 'firma.p12');
    fs.writeFileSync(file, Buffer.from(cert.p12Base64, 'base64'));
    await go('/app/settings/certificates');
    await noViolations('certificates');
    await page.setInputFiles('#p12', file);
    await page.fill('#cert-password', 'otra clave');
    await Promise.all([page.waitForLoadState('load'), page.click('main form.record button[type=submit]')]);
    assert.match(await text('[role=alert]'), /Contraseña: No se pudo abrir el PKCS#12: la contraseña es incorrecta/, 'the field by its name, not the API\'s path');
    await page.setInputFiles('#p12', file);
    await page.fill('#cert-password', 'clave-del-p12');
    await Promise.all([page.waitForLoadState('load'), page.click('main form.record button[type=submit]')]);
    // The day it ends in the company's time zone (the console's), not in UTC: near midnight UTC they differ.
    const expiry = dayIn(colombia.timeZone, new Date(notBefore.getTime() + 20 * 86_400_000)).split('-').reverse().join('/');
    assert.match(await text('[role=status]'), new RegExp(`Certificado cargado: .*${nit}.* · vence el ${expiry}`));
    assert.match(await text('#certificates'), new RegExp(`${expiry}\\s*Sí\\s*El certificado vence el \\S+, dentro de 30 días`));
    await noViolations('certificates after an upload');
    fs.rmSync(path.dirname(file), { recursive: true, force: true });
  });

  test('settings: the DIAN test set, running then its verdicts', async () => {
    await go('/app/settings/test-set');
    await noViolations('the test set');
    // A mistyped TestSetId (one digit short) is stopped by the page: nothing is sent.
    await page.fill('#test_set_id', '2b1b5d1e-6f7a-4c3e-9d2a-0f1e2d3c4b5');
    assert.equal(await page.$eval('#test_set_id', (el) => (el as HTMLInputElement).validity.patternMismatch), true);
    const sets = async () => (await s.db.query<{ n: string }>('SELECT count(*)::text AS n FROM dian_test_sets WHERE company_id = $1', [coCompany]))[0].n;
    const before = await sets();
    await page.click('main form.record button[type=submit]');
    assert.equal(await sets(), before, 'the form was not sent');
    await page.fill('#test_set_id', '2b1b5d1e-6f7a-4c3e-9d2a-0f1e2d3c4b5a');
    await page.click('main form.record button[type=submit]');
    await page.waitForSelector('#running', { state: 'visible' });
    await page.waitForSelector('#set-status', { timeout: 240_000 });
    assert.equal(await text('#set-status'), 'Aceptado', await text('#verdicts'));
    assert.match(await text('#verdicts'), /\(50\/50 aceptados\)/);
    await noViolations('the test set verdicts');
    const [c] = await s.db.query<any>('SELECT settings FROM companies WHERE company_id = $1', [coCompany]);
    assert.equal(c.settings.dian.test_set_id, '2b1b5d1e-6f7a-4c3e-9d2a-0f1e2d3c4b5a');
  });

  test('settings: webhooks (create, its secret once, deliveries, delete) and API users (create, rotate)', async () => {
    await go('/app/settings/webhooks');
    await noViolations('webhooks');
    await page.fill('#wh-url', 'ftp://nada');
    await Promise.all([page.waitForLoadState('load'), page.click('main form.record button[type=submit]')]);
    assert.equal(await page.locator('[role=alert]').count(), 1, 'refused with the API\'s message');
    await page.fill('#wh-url', 'https://hooks.example.com/facturas');
    await Promise.all([page.waitForLoadState('load'), page.click('main form.record button[type=submit]')]);
    assert.match(await text('#secret'), /\S{16,}/);
    assert.match(await text('#webhooks'), /https:\/\/hooks\.example\.com\/facturas/);
    await Promise.all([page.waitForURL(/deliveries=/), page.click('#webhooks a:text-is("Entregas")')]);
    await noViolations('webhook deliveries');
    await Promise.all([page.waitForLoadState('load'), page.click('#webhooks form button')]);
    assert.match(await text('[role=status]'), /Webhook borrado/);
    assert.equal((await s.as('co').get('/v1/webhooks')).body.results.length, 0);

    await go('/app/settings/api-users');
    await noViolations('API users');
    await page.fill('#username', 'erp-bodega');
    await Promise.all([page.waitForLoadState('load'), page.click('main form.record button[type=submit]')]);
    const key = await text('#secret');
    const login = await s.call('POST', '/auth', { body: { username: 'erp-bodega', access_key: key } });
    assert.equal(login.status, 200, 'the key shown logs in');
    await Promise.all([page.waitForLoadState('load'), page.click('#api-users tr:has-text("erp-bodega") form button')]);
    const rotated = await text('#secret');
    assert.notEqual(rotated, key);
    assert.equal((await s.call('POST', '/auth', { body: { username: 'erp-bodega', access_key: key } })).status, 401, 'the old key no longer logs in');
  });

  test('pages of the owner at 360 px: no sideways scrolling, axe-core clean', async () => {
    await page.setViewportSize({ width: 360, height: 800 });
    for (const p of ['/app/customers', '/app/customers/new', '/app/products', '/app/products/new', '/app/settings', '/app/settings/certificates',
      '/app/settings/test-set', '/app/settings/webhooks', '/app/settings/api-users']) {
      await go(p);
      const wide = await page.evaluate(() => document.documentElement.scrollWidth);
      assert.ok(wide <= 360, `${p} is ${wide} px wide at 360 px`);
      await noViolations(`${p} at 360 px`);
    }
    await page.setViewportSize({ width: 1440, height: 900 });
  });

  test('an accountant and a viewer get no settings (403), and no link to them', async () => {
    for (const [email, role] of [['contador@demo-co.example', 'accountant'], ['mirador@demo-co.example', 'viewer']]) {
      assert.equal((await adminOf(s).post(`/companies/${coCompany}/console-users`, { email, password: 'una clave de prueba 1', role })).status, 201);
      await login(email, 'una clave de prueba 1');
      assert.equal(await page.$('a[href="/app/settings"]'), null);
      for (const p of ['/app/settings', '/app/settings/certificates', '/app/settings/test-set', '/app/settings/webhooks', '/app/settings/api-users']) {
        assert.equal((await go(p))!.status(), 403, `${role} on ${p}`);
      }
      const csrf = await page.getAttribute('input[name=_csrf]', 'value');
      const post = await page.request.post(`${s.url}/app/settings/api-users`, { form: { _csrf: csrf!, username: 'intruso' }, headers: { origin: s.url } });
      assert.equal(post.status(), 403);
    }
    assert.deepEqual(await s.db.query("SELECT 1 FROM api_users WHERE username = 'intruso'"), []);
  });
});
