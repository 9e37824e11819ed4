/**
 * The operator console in a real browser (Debian's Chromium, playwright-core): log in, find an invoice and open it,
 * its status and total, its PDF, resend it by e-mail, a new invoice with live totals, a credit note from an invoice,
 * a Mexican cancellation with its motive; a viewer changes nothing; another company's document is a 404; a cross-site
 * POST with the session cookie is refused; axe-core on every page; 360 px wide; the script each page ships.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import type { Page } from 'playwright-core';
import { startTestServer, type TestServer } from '../support/server';
import { adminOf, ADMIN_TOKEN } from '../support/admin';
import { coRefs, today, validInvoice } from '../support/co';
import { mxInvoice, mxRefs, stamped } from '../support/mx';
import { axeViolations, browserSuite, openBrowser, type OpenBrowser, signIn } from '../support/browser';
import { readXlsx } from '../support/xlsx';
import { DEMO_CONSOLE, ensureDemoConsole } from '../../src/console/demo';

describe('console in a browser', browserSuite(), () => {
  let s: TestServer;
  let browser: OpenBrowser;
  let page: Page;
  let coInvoice: any;
  let creditInvoice: any;
  let mxDoc: any;
  let coCompany: number;

  before(async () => {
    s = await startTestServer('pglite', { ADMIN_TOKEN });
    await ensureDemoConsole(s.db);
    const r = await coRefs(s);
    const made = await s.as('co').post('/v1/invoices', validInvoice(r, { document: { id: r.type['FV-E'].id }, date: today(), stamp: { send: true } }));
    assert.equal(made.status, 201, JSON.stringify(made.body));
    coInvoice = made.body;
    const credit = await s.as('co').post('/v1/invoices', validInvoice(r, { items: [{ code: 'LIBRO01', quantity: 2, price: 500, taxes: [] }],
      payments: [{ id: r.pay.Credit.id, value: 1000, due_date: '2099-12-31' }] }));
    assert.equal(credit.status, 201, JSON.stringify(credit.body));
    creditInvoice = credit.body;
    const m = await mxRefs(s);
    const mx = await s.as('mx').post('/v1/invoices', { ...mxInvoice(m), stamp: { send: true } }, { 'ServiceAPI-Application-Id': 'pruebas' });
    assert.equal(mx.status, 201, JSON.stringify(mx.body));
    mxDoc = mx.body;
    [{ company_id: coCompany }] = await s.db.query<{ company_id: number }>("SELECT company_id FROM companies WHERE is_demo AND country = 'CO'");
    browser = await openBrowser();
    page = await browser.context.newPage();
  });
  after(async () => { await browser?.close(); await s?.close(); });

  const go = (p: string) => page.goto(s.url + p);
  /** Text as read, with the no-break space of the money formats ($\u00a01.130,50) as a space. */
  const text = async (selector: string) => ((await page.textContent(selector)) ?? '').replace(/\u00a0/g, ' ');
  const noViolations = async (what: string) => assert.deepEqual(await axeViolations(page), [], `axe-core on ${what}`);
  const login = (email: string, password: string) => signIn(browser, page, s.url, email, password);

  test('the API reference (/docs) renders under its Content-Security-Policy, with nothing blocked', async () => {
    const errors: string[] = [];
    const listen = (m: { type(): string; text(): string }) => { if (m.type() === 'error') errors.push(m.text()); };
    page.on('console', listen);
    try {
      const res = await go('/docs/');
      assert.match(res?.headers()['content-security-policy'] ?? '', /frame-ancestors 'none'/);
      await page.waitForSelector('.opblock-tag');
      assert.ok(await page.locator('.opblock-tag').count() > 3);
      assert.deepEqual(errors, []);
    } finally {
      page.off('console', listen);
    }
  });

  test('log in: a wrong password is refused, the right one opens Home', async () => {
    await go('/app');
    assert.match(page.url(), /\/app\/login$/);
    await noViolations('the login page');
    await login(DEMO_CONSOLE.co.email, 'esta no es la clave');
    assert.match(await page.textContent('[role=alert]') ?? '', /Correo o contraseña incorrectos/);
    await login(DEMO_CONSOLE.co.email, DEMO_CONSOLE.co.password);
    assert.equal(await page.textContent('h1'), 'Inicio');
    assert.match(await text('main'), /Facturado este mes\s*\$ 2\.130,50 · 2 documentos\s*Por cobrar\s*\$ 1\.000,00/);
    await noViolations('Home');
  });

  test('find an invoice, open it: status, total, PDF; resend it by e-mail', async () => {
    await go('/app/documents');
    await noViolations('Documents');
    await page.fill('#f-q', coInvoice.name); // the search box (issue 52): the whole number finds it too
    await page.click('form[role=search] button[type=submit]');
    await page.waitForSelector(`#results a:text-is("${coInvoice.name}")`);
    await Promise.all([page.waitForURL(/\/app\/documents\/invoices\//), page.click(`#results a:text-is("${coInvoice.name}")`)]);
    assert.equal(await page.textContent('#doc-status'), 'Aceptado');
    assert.equal(await text('#doc-total'), '$ 1.130,50');
    const stored = await s.as('co').get(`/v1/invoices/${coInvoice.id}`);
    assert.match(stored.body.stamp.cufe, /^[0-9a-f]{96}$/);
    assert.match(await text('main'), new RegExp(`CUFE: ${stored.body.stamp.cufe}`));
    await noViolations('a document');
    const [download] = await Promise.all([page.waitForEvent('download'), page.click('a[href$="/pdf"]')]);
    const file = await download.path();
    assert.equal(fs.readFileSync(file!).subarray(0, 5).toString(), '%PDF-');
    assert.equal(download.suggestedFilename(), `${stored.body.name}.pdf`, 'named by its number, not its id');
    await Promise.all([page.waitForURL(/ok=mail/), page.click('form[action$="/mail"] button')]);
    assert.match(await page.textContent('[role=status]') ?? '', /Correo en cola de envío/);
    const mails = await s.db.query('SELECT 1 FROM mails WHERE company_id = $1 AND doc_id = $2', [coCompany, coInvoice.id]);
    assert.ok(mails.length >= 1, 'a mail was queued');
  });

  test('a new invoice with live totals from the preview route, then created', async () => {
    await go('/app/invoices/new');
    await noViolations('New invoice');
    // No customer is chosen for you; the search box finds one by NIT or name (the list is asked again as one types).
    assert.equal(await page.inputValue('#customer'), '');
    await page.fill('#customer-search', 'Metál');
    await page.waitForFunction(() => (document.querySelector('#customer') as HTMLSelectElement | null)?.value === '890114578|0');
    assert.deepEqual(await page.$$eval('#customer option', (os) => os.map((o) => o.textContent)), ['— Elija un cliente —', 'Industrias Metálicas del Caribe S.A. (890114578)']);
    await page.selectOption('select[name=code] >> nth=0', 'PORT14');
    // The product fills its row: its price as Colombia writes it, its IVA, a quantity of 1; and the totals follow.
    assert.equal(await page.inputValue('input[name=price] >> nth=0'), '2850000');
    assert.equal(await page.inputValue('input[name=quantity] >> nth=0'), '1');
    assert.equal(await page.$eval('select[name=tax]', (el) => (el as HTMLSelectElement).selectedOptions[0].text), 'IVA 19%');
    await page.waitForFunction(() => document.querySelector('#live-total')?.textContent?.replace(/\u00a0/g, ' ') === '$ 3.391.500,00');
    await page.fill('input[name=quantity] >> nth=0', '10');
    await page.fill('input[name=price] >> nth=0', '100');
    await page.fill('input[name=discount] >> nth=0', '50');
    const iva = await page.$$eval('select[name=tax] >> nth=0', (els) => [...(els[0] as HTMLSelectElement).options].find((o) => o.text === 'IVA 19%')?.value);
    await page.selectOption('select[name=tax] >> nth=0', iva!);
    await page.waitForFunction(() => document.querySelector('#live-total')?.textContent?.replace(/\u00a0/g, ' ') === '$ 1.130,50');
    // Beside each amount, what will be stored as Colombia writes it, or why it cannot be read.
    const echo = (id: string) => page.$eval(`#echo-${id}`, (el) => el.textContent?.replace(/\u00a0/g, ' ') ?? '');
    assert.deepEqual([await echo('quantity-0'), await echo('price-0'), await echo('discount-0')], ['= 10', '= $ 100,00', '= $ 50,00']);
    await page.fill('input[name=price] >> nth=1', '1.234,56');
    await page.waitForFunction(() => document.querySelector('#echo-price-1')?.textContent?.replace(/\u00a0/g, ' ') === '= $ 1.234,56');
    await page.fill('input[name=price] >> nth=1', '1,500');
    await page.waitForFunction(() => /^«1,500» es ambiguo/.test(document.querySelector('#echo-price-1')?.textContent ?? ''));
    await page.fill('input[name=price] >> nth=1', '');
    // A fifth line: the form comes back with what was typed and one more row.
    await Promise.all([page.waitForLoadState('load'), page.click('button[name=add_line]')]);
    assert.equal(await page.locator('select[name=code]').count(), 5);
    assert.deepEqual([await page.inputValue('#customer'), await page.inputValue('input[name=price] >> nth=0')], ['890114578|0', '100']);
    await page.waitForFunction(() => document.querySelector('#live-total')?.textContent?.replace(/\u00a0/g, ' ') === '$ 1.130,50');
    // Withholdings: at source on the line (Retefuente 4 % of 950.00 = 38.00) and ReteICA on the document (9.66 per thousand
    // of 950.00 = 9.18): 47.18 withheld, shown live.
    await page.selectOption('select[name=withholding] >> nth=0', { label: 'Retefuente servicios 4%' });
    await page.getByLabel('ReteICA 9.66 por mil').check();
    await page.waitForFunction(() => [...document.querySelectorAll('#totals dd')].some((d) => d.textContent?.replace(/\u00a0/g, ' ') === '$ 47,18'));
    await noViolations('New invoice with its totals');
    await Promise.all([page.waitForURL(/\/app\/documents\/invoices\/[0-9a-f-]{36}\?ok=done/), page.click('form.invoice > button[type=submit]')]);
    assert.equal(await text('#doc-total'), '$ 1.130,50');
    const made = (await s.as('co').get(`/v1/invoices/${/invoices\/([0-9a-f-]{36})/.exec(page.url())![1]}`)).body;
    assert.deepEqual(made.items[0].taxes.map((x: any) => [x.type, x.value]), [['IVA', 180.5], ['Retefuente', 38]]);
    assert.deepEqual(made.retentions.map((x: any) => [x.type, x.value]), [['ReteICA', 9.18]]);
    assert.equal(made.payments[0].value, 1083.32, 'the payment is the total less what the customer withholds');
  });

  test('a refused invoice: each refusal by the name of its field, linked to it, in Spanish, no API path; the summary has the focus', async () => {
    await go('/app/invoices/new');
    // No customer and no line (no product chosen, so no script fills a row: nothing races the submit).
    await Promise.all([page.waitForLoadState('load'), page.click('form.invoice > button[type=submit]')]);
    const summary = await text('#error-summary');
    assert.match(summary, /Cliente: /);
    assert.match(summary, /Líneas: /);
    assert.doesNotMatch(await text('main'), /items\[|items:|customer\.identification|payments\[/, 'no JSON path anywhere on the page');
    assert.equal(await page.getAttribute('#error-summary a:text("Cliente")', 'href'), '#customer');
    assert.equal(await page.evaluate(() => document.activeElement?.id), 'error-summary');
    await noViolations('a refused invoice');
  });

  test('a credit note from an invoice', async () => {
    await go(`/app/documents/invoices/${coInvoice.id}`);
    await Promise.all([page.waitForURL(/credit-note$/), page.click('a[href$="/credit-note"]')]);
    await noViolations('the credit note form');
    await page.selectOption('#reason', '2');
    await page.selectOption('#payment', { label: 'Devolución en efectivo' });
    await Promise.all([page.waitForLoadState('load'), page.click('form.invoice > button[type=submit]')]);
    assert.match(page.url(), /\/app\/documents\/credit-notes\/[0-9a-f-]{36}\?ok=done/, await text('main'));
    const notes = await s.as('co').get(`/v1/invoices/${coInvoice.id}`);
    assert.equal(notes.body.credit_notes.length, 1, 'the API shows the note on the invoice');
  });

  test('cancel a Mexican invoice with a motive, confirmed', async () => {
    await login(DEMO_CONSOLE.mx.email, DEMO_CONSOLE.mx.password);
    await go(`/app/documents/invoices/${mxDoc.id}`);
    assert.equal(await text('#doc-total'), '$3,132.00');
    await page.selectOption('#motive', '02');
    await page.click('form[action$="/cancel"] button');
    assert.match(page.url(), /\/invoices\/[0-9a-f-]{36}$/, 'not sent without the confirmation (required)');
    await page.check('#confirm-cancel');
    await Promise.all([page.waitForURL(/ok=cancel/), page.click('form[action$="/cancel"] button')]);
    const api = await s.as('mx').get(`/v1/invoices/${mxDoc.id}`);
    assert.equal(api.body.cancellation.motive, '02');
    assert.match(await text('main'), /Cancelación: (Cancelado|Solicitada|Esperando al receptor) \(02\)/);
  });

  test('a Mexican invoice that withholds IVA; its credit note form withholds the same', async () => {
    await go('/app/invoices/new');
    await page.selectOption('#customer', { label: (await page.$$eval('#customer option', (os) => os.map((o) => o.textContent ?? ''))).find((x) => /XIA190128J61/.test(x))! });
    await page.selectOption('select[name=code] >> nth=0', 'CONSULT');
    await page.fill('input[name=quantity] >> nth=0', '1');
    await page.fill('input[name=price] >> nth=0', '1000');
    // CONSULT 1,000 + IVA 160.00 − withheld IVA 10.6667 % 106.67 = 1,053.33.
    await page.getByLabel('Retención IVA 10.6667%').check();
    await page.waitForFunction(() => document.querySelector('#live-total')?.textContent === '$1,053.33');
    await Promise.all([page.waitForURL(/\/app\/documents\/invoices\/[0-9a-f-]{36}\?ok=done/), page.click('form.invoice > button[type=submit]')]);
    const id = /invoices\/([0-9a-f-]{36})/.exec(page.url())![1];
    const made = await stamped(s, 'invoices', (await s.as('mx').get(`/v1/invoices/${id}`)).body);
    assert.deepEqual([made.stamp.status, made.withholdings_total, made.retentions.length], ['Accepted', 106.67, 1]);
    // The credit note starts from the invoice: its lines and its withholding (a note withholds what its invoice did).
    await go(`/app/documents/invoices/${id}/credit-note`);
    assert.equal(await page.isChecked(`#retention-${made.retentions[0]}`), true);
    await Promise.all([page.waitForLoadState('load'), page.click('form.invoice > button[type=submit]')]);
    assert.match(page.url(), /\/app\/documents\/credit-notes\/[0-9a-f-]{36}\?ok=done/, await text('main'));
    const note = (await s.as('mx').get(`/v1/credit-notes/${/credit-notes\/([0-9a-f-]{36})/.exec(page.url())![1]}`)).body;
    assert.deepEqual([note.retentions, note.total, note.payment_form], [made.retentions, 1053.33, '03']);
  });

  test('another company\'s document answers 404', async () => {
    const res = await page.goto(`${s.url}/app/documents/invoices/${coInvoice.id}`);
    assert.equal(res!.status(), 404);
    assert.equal(await page.textContent('h1'), 'No encontrado');
  });

  test('a viewer reads but changes nothing', async () => {
    const made = await adminOf(s).post(`/companies/${coCompany}/console-users`, { email: 'vista@demo-co.example', password: 'solo mirar 2026', role: 'viewer' });
    assert.equal(made.status, 201);
    await login('vista@demo-co.example', 'solo mirar 2026');
    await go(`/app/documents/invoices/${coInvoice.id}`);
    assert.equal(await page.$$eval('main form', (f) => f.length), 0, 'no action forms');
    assert.equal(await page.$('a[href="/app/invoices/new"]'), null);
    const csrf = await page.getAttribute('input[name=_csrf]', 'value');
    const post = await page.request.post(`${s.url}/app/documents/invoices/${coInvoice.id}/mail`, { form: { _csrf: csrf! }, headers: { origin: s.url } });
    assert.equal(post.status(), 403);
    assert.equal((await page.goto(`${s.url}/app/invoices/new`))!.status(), 403);
  });

  test('a cross-site POST carrying the session cookie is refused', async () => {
    await login(DEMO_CONSOLE.co.email, DEMO_CONSOLE.co.password);
    await go('/app');
    const csrf = await page.getAttribute('input[name=_csrf]', 'value');
    const forged = await page.request.post(`${s.url}/app/lang`, { form: { lang: 'en', _csrf: csrf! }, headers: { origin: 'https://evil.example' } });
    assert.equal(forged.status(), 403);
    const noToken = await page.request.post(`${s.url}/app/lang`, { form: { lang: 'en' }, headers: { origin: s.url } });
    assert.equal(noToken.status(), 403);
    await go('/app');
    assert.equal(await page.getAttribute('html', 'lang'), 'es', 'nothing changed');
  });

  test('reports: receivables by age with its chart, the trial balance; each as CSV and XLSX', async () => {
    await go('/app/reports/receivables');
    assert.equal(await text('h1'), 'Cartera por edades');
    assert.match(await text('main'), /Al día\s*\$ 1\.000,00/);
    await noViolations('receivables');
    const file = await page.request.get(`${s.url}/app/reports/receivables.csv`);
    assert.equal(file.status(), 200);
    assert.match(file.headers()['content-type'], /text\/csv/);
    const lines = (await file.text()).replace(/^\ufeff/, '').trim().split('\r\n');
    assert.equal(lines[0], 'Identificación,Cliente,Moneda,Factura,Fecha de la factura,Vencimiento,Cuota,Días vencidos,Edad,Valor,Pagado,Saldo', 'headers in the console\'s language');
    assert.ok(lines.some((x) => x.includes(`,${creditInvoice.name},`) && x.endsWith(',1000,0,1000')), lines.join('\n'));
    await go('/app/reports/trial-balance');
    await noViolations('trial balance');
    const tb = await page.request.get(`${s.url}/app/reports/trial-balance.csv`);
    assert.match(await tb.text(), /^\ufeffCuenta,Nombre,Naturaleza,Saldo inicial,Débitos,Créditos,Saldo final\r\n[\s\S]*^13050501,Clientes nacionales,Debit,0,1000,0,1000\r$/m);
    // The same reports as XLSX, downloaded by their links: the file opens and holds the figures, as number cells.
    await go('/app/reports/receivables');
    const [xr] = await Promise.all([page.waitForEvent('download'), page.click('a[href^="/app/reports/receivables.xlsx"]')]);
    assert.equal(xr.suggestedFilename(), 'cartera.xlsx');
    const rx = readXlsx(fs.readFileSync((await xr.path())!));
    assert.equal(rx.sheet, 'Cartera');
    assert.deepEqual(rx.rows[0], lines[0].split(','));
    const due = rx.rows.find((r) => r[3] === creditInvoice.name);
    assert.ok(due, JSON.stringify(rx.rows));
    assert.deepEqual(due.slice(9), [1000, 0, 1000], 'amount, paid and balance: numbers');
    assert.equal(rx.formats[rx.rows.indexOf(due)][11], '#,##0.00');
    assert.equal(rx.rows.length, lines.length, 'one row per line of the CSV');
    await go('/app/reports/trial-balance');
    const [xt] = await Promise.all([page.waitForEvent('download'), page.click('a[href^="/app/reports/trial-balance.xlsx"]')]);
    assert.equal(xt.suggestedFilename(), 'balance-de-prueba.xlsx');
    const tx = readXlsx(fs.readFileSync((await xt.path())!));
    assert.deepEqual(tx.rows[0], ['Cuenta', 'Nombre', 'Naturaleza', 'Saldo inicial', 'Débitos', 'Créditos', 'Saldo final']);
    assert.deepEqual(tx.rows.find((r) => r[0] === '13050501'), ['13050501', 'Clientes nacionales', 'Debit', 0, 1000, 0, 1000]);
    const sums = [4, 5].map((col) => tx.rows.slice(1).reduce((a, r) => a + Number(r[col] ?? 0), 0));
    assert.equal(sums[0], sums[1], 'debits equal credits');
  });

  test('English selectable; 360 px without sideways scrolling; under 200 KB of script a page', async () => {
    await go('/app/documents');
    await Promise.all([page.waitForLoadState('load'), page.click('button[lang=en]')]);
    assert.equal(await page.getAttribute('html', 'lang'), 'en');
    assert.equal(await page.textContent('h1'), 'Documents');
    await page.setViewportSize({ width: 360, height: 800 });
    for (const p of ['/app', '/app/documents', `/app/documents/invoices/${coInvoice.id}`, '/app/invoices/new', '/app/reports/receivables', '/app/reports/trial-balance']) {
      await go(p);
      const wide = await page.evaluate(() => document.documentElement.scrollWidth);
      assert.ok(wide <= 360, `${p} is ${wide} px wide at 360 px`);
      await noViolations(`${p} at 360 px`);
      const scripts = await page.evaluate(() => performance.getEntriesByType('resource').filter((e: any) => e.initiatorType === 'script')
        .reduce((n, e: any) => n + (e.decodedBodySize || 0), 0));
      assert.ok(scripts < 200 * 1024, `${p} ships ${scripts} bytes of script`);
    }
    await page.setViewportSize({ width: 1440, height: 900 });
  });
});
