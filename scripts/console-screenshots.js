#!/usr/bin/env node
// Screenshots of the operator console's main pages (docs/images/console-*.png, shown in docs/console.md), taken
// from the demo data: a temporary embedded database with the demo companies and the documents of the API examples
// (test/support/examples.ts), in Debian's Chromium (test/support/browser.ts). `npm run docs:screenshots` builds first.
const path = require('node:path');

(async () => {
  const { startTestServer } = require('../dist/test/support/server');
  const { recordExamples } = require('../dist/test/support/examples');
  const { openBrowser, chromiumPath } = require('../dist/test/support/browser');
  const { DEMO_CONSOLE, ensureDemoConsole } = require('../dist/src/console/demo');
  if (!chromiumPath()) throw new Error('Chromium not found: apt-get install chromium (or set CHROMIUM_PATH)');
  const out = (name) => path.join(__dirname, '..', 'docs', 'images', `console-${name}.png`);
  const s = await startTestServer('pglite');
  const browser = await openBrowser({ width: 1440, height: 900 });
  try {
    await recordExamples(s);
    await ensureDemoConsole(s.db);
    const page = await browser.context.newPage();
    const go = (p) => page.goto(s.url + p);
    const shot = async (name) => { await page.screenshot({ path: out(name), fullPage: true }); console.log(`wrote docs/images/console-${name}.png`); };
    const login = async (who) => {
      await browser.context.clearCookies();
      await go('/app/login');
      await page.fill('#email', who.email);
      await page.fill('#password', who.password);
      await Promise.all([page.waitForLoadState('load'), page.click('button[type=submit]')]);
    };
    await go('/app/login');
    await shot('login');
    await login(DEMO_CONSOLE.co);
    await shot('home');
    await go('/app/documents');
    await shot('documents');
    await page.click('#results tbody a');
    await page.waitForSelector('#doc-total');
    // Sent by e-mail first, so that its trail (the e-mails, the events, the webhook deliveries) has something to show.
    const mail = page.locator('form[action$="/mail"] button');
    if (await mail.count()) await Promise.all([page.waitForURL(/ok=mail/), mail.click()]);
    await shot('invoice-co');
    await go('/app/invoices/new');
    await page.selectOption('select[name=code] >> nth=0', 'PORT14');
    await page.fill('input[name=quantity] >> nth=0', '10');
    await page.fill('input[name=price] >> nth=0', '100');
    await page.fill('input[name=discount] >> nth=0', '50');
    await page.selectOption('select[name=tax] >> nth=0', { label: 'IVA 19%' });
    await page.waitForSelector('#live-total');
    await shot('new-invoice');
    await go('/app/reports/receivables');
    await shot('receivables');
    await go('/app/reports/trial-balance');
    await shot('trial-balance');
    await go('/app/customers');
    await shot('customers');
    await go('/app/products');
    await shot('products');
    await go('/app/settings');
    await shot('settings');
    await go('/app/settings/certificates');
    await shot('settings-certificates');
    await page.setViewportSize({ width: 360, height: 780 });
    await go('/app/documents');
    await shot('documents-360');
    await page.setViewportSize({ width: 1440, height: 900 });
    await login(DEMO_CONSOLE.mx);
    await go('/app/documents');
    await page.click('#results tbody a');
    await page.waitForSelector('#doc-total');
    await shot('invoice-mx');
  } finally {
    await browser.close();
    await s.close();
  }
})().catch((e) => { console.error(e); process.exit(1); });
