/**
 * In Debian's Chromium (playwright-core): a debit note started from a Colombian invoice's page (filled from it,
 * a payment that is not the total refused with the API's message, then created), a Mexican payment receipt (Pagos 2.0)
 * from a PPD invoice's page (more than owed refused under the amount, then created and stamped; the invoice's balance),
 * and the documents list sorted by a header; axe-core (no serious or critical violation) on each page.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { startTestServer, type TestServer } from '../support/server';
import { ADMIN_TOKEN } from '../support/admin';
import { coRefs, noteRefs, validInvoice } from '../support/co';
import { MX_APP, mxInvoice, mxRefs, stamped } from '../support/mx';
import { axeViolations, browserSuite, openBrowser, type OpenBrowser, signIn } from '../support/browser';
import { DEMO_CONSOLE, ensureDemoConsole } from '../../src/console/demo';

describe('console documents in a browser', browserSuite(), () => {
  let s: TestServer;
  let browser: OpenBrowser;
  let page: Page;
  let invoice: { id: string };
  let ndCredit: number;

  before(async () => {
    s = await startTestServer('pglite', { ADMIN_TOKEN });
    await ensureDemoConsole(s.db);
    const r = await coRefs(s);
    ndCredit = (await noteRefs(s)).pays['ND.Credit'].id;
    const made = await s.as('co').post('/v1/invoices', validInvoice(r, { items: [{ code: 'LIBRO01', quantity: 2, price: 500, taxes: [] }],
      payments: [{ id: r.pay.Credit.id, value: 1000, due_date: '2099-12-31' }] }));
    assert.equal(made.status, 201, JSON.stringify(made.body));
    invoice = made.body;
    browser = await openBrowser();
    page = await browser.context.newPage();
  });
  after(async () => { await browser?.close(); await s?.close(); });

  const go = (p: string) => page.goto(s.url + p);
  const noViolations = async (what: string) => assert.deepEqual(await axeViolations(page), [], `axe-core on ${what}`);
  const login = (email: string, password: string) => signIn(browser, page, s.url, email, password);

  test('a debit note from a Colombian invoice: filled from it, refused by the API (payment not the total), then created', async () => {
    await login(DEMO_CONSOLE.co.email, DEMO_CONSOLE.co.password);
    await go(`/app/documents/invoices/${invoice.id}`);
    await Promise.all([page.waitForURL(/debit-note$/), page.click('a[href$="/debit-note"]')]);
    await noViolations('the debit note form');
    assert.equal(await page.inputValue('#c-items-0--code'), 'LIBRO01');
    await page.fill('#c-items-0--code', 'INTERES');
    await page.fill('#c-payments-0--value', '25');
    await page.selectOption('#c-payments-0--id', String(ndCredit));
    assert.equal(await page.getAttribute('#c-items-0--price', 'required'), '', 'the price is required before the API is asked');
    await page.fill('#c-items-0--price', '25');
    await page.fill('#c-payments-0--value', '20');
    await Promise.all([page.waitForLoadState('load'), page.click('form.record > button[type=submit]')]);
    assert.match(await page.textContent('[role=alert]') ?? '', /\S/, 'a payment that is not the total: the API\'s message');
    assert.equal(await page.inputValue('#c-items-0--code'), 'INTERES', 'what was typed is kept');
    await noViolations('the refused debit note form');
    // Amounts as Colombia writes them, whatever the browser's language: 1.234,56 is 1,234.56; 1,500 is ambiguous there.
    await page.fill('#c-items-0--price', '1,500');
    await page.fill('#c-payments-0--value', '1.234,56');
    // Beside each amount, as one types: what will be stored, or why it cannot be read.
    await page.waitForFunction(() => document.querySelector('#echo-c-payments-0--value')?.textContent?.replace(/\u00a0/g, ' ') === '= $ 1.234,56');
    await page.waitForFunction(() => /^«1,500» es ambiguo/.test(document.querySelector('#echo-c-items-0--price')?.textContent ?? ''));
    await Promise.all([page.waitForLoadState('load'), page.click('form.record > button[type=submit]')]);
    assert.equal(await page.textContent('#err-items-0--price'),
      '«1,500» es ambiguo: en Colombia el punto separa los miles y la coma los decimales, así que sería 1,5; escriba 1,5 si es eso, o 1.500 si es el número entero');
    await page.fill('#c-items-0--price', '1.234,56');
    await Promise.all([page.waitForLoadState('load'), page.click('form.record > button[type=submit]')]);
    assert.match(page.url(), /\/app\/documents\/debit-notes\/[0-9a-f-]{36}\?ok=done/, await page.textContent('main') ?? '');
    await noViolations('the debit note');
    const after = await s.as('co').get(`/v1/invoices/${invoice.id}`);
    assert.equal(after.body.debit_notes.length, 1);
    assert.equal(after.body.debit_notes[0].total, 1234.56);
    assert.equal(after.body.balance, 2234.56);
  });

  test('the documents list sorted by total, the header says so', async () => {
    await go('/app/documents?kind=invoices');
    await Promise.all([page.waitForURL(/sort=total/), page.click('th a[href*="sort=total"]')]);
    assert.equal(await page.getAttribute('th[aria-sort]', 'aria-sort'), 'ascending');
    await noViolations('the sorted documents list');
  });

  test('a payment receipt (Pagos 2.0) from a Mexican PPD invoice: filled with the balance, more than owed refused, then created and stamped', async () => {
    const m = await mxRefs(s);
    const res = await s.as('mx').post('/v1/invoices', mxInvoice(m, [{ code: 'LAP14', quantity: 1, price: 5000 }], 5800,
      { stamp: { send: true }, payment: { method: 'PPD', conditions: { id: m.toDefine, value: 5800, due_date: '2099-12-31' } } }), MX_APP);
    assert.equal(res.status, 201, JSON.stringify(res.body));
    const inv = await stamped(s, 'invoices', res.body);
    await login(DEMO_CONSOLE.mx.email, DEMO_CONSOLE.mx.password);
    await go(`/app/documents/invoices/${inv.id}`);
    await Promise.all([page.waitForURL(/\/payment$/), page.click('a[href$="/payment"]')]);
    assert.equal(await page.inputValue('#c-invoices-0--amount'), '5800');
    await noViolations('the payment receipt form');
    const receipts = async () => (await s.db.query<{ n: number }>('SELECT count(*)::int AS n FROM payments'))[0].n;
    // More than the invoice owes: the API's message, in Spanish, under the amount; nothing stored.
    await page.fill('#c-invoices-0--amount', '6000');
    await Promise.all([page.waitForLoadState('load'), page.click('form.record > button[type=submit]')]);
    assert.equal(await page.textContent('#err-invoices-0--amount'), '6000.00 MXN es más de lo que la factura ' + inv.name + ' aún debe (5800.00 MXN).');
    await noViolations('the refused payment receipt form');
    // Written the Colombian way in Mexico: refused with what it would mean, never rescaled; nothing stored.
    await page.fill('#c-invoices-0--amount', '1,5');
    await Promise.all([page.waitForLoadState('load'), page.click('form.record > button[type=submit]')]);
    assert.equal(await page.textContent('#err-invoices-0--amount'),
      '«1,5» no es un valor: en México la coma separa los miles y el punto los decimales (por ejemplo 1,234.56); escríbalo sin letras ni otros signos');
    assert.equal(await receipts(), 0);
    // 5,000.00 (a comma between thousands, in a browser set to es-CO) is five thousand pesos; a double click makes one receipt.
    await page.fill('#c-invoices-0--amount', '5,000.00');
    await page.selectOption('#c-payment_form', '03');
    await page.fill('#c-operation_number', 'SPEI-4471');
    assert.equal(await page.isChecked('#c-stamp-send'), true, 'stamped now by default');
    const sent = await page.evaluate(() => [...new FormData(document.querySelector('form.record') as HTMLFormElement).entries()].map(([k, v]) => [k, String(v)]));
    await Promise.all([page.waitForURL(/\/app\/documents\/payments\/[0-9a-f-]{36}\?ok=done/), page.click('form.record > button[type=submit]')]);
    const id = /\/app\/documents\/payments\/([0-9a-f-]{36})\?ok=done/.exec(page.url())?.[1];
    assert.ok(id, `${page.url()} ${await page.textContent('main')}`);
    await noViolations('the payment receipt');
    const p = await stamped(s, 'payments', (await s.as('mx').get(`/v1/payments/${id}`)).body);
    assert.deepEqual([p.amount, p.payment_form, p.operation_number, p.stamp.status], [5000, '03', 'SPEI-4471', 'Accepted']);
    assert.deepEqual([p.invoices[0].id, p.invoices[0].previous_balance, p.invoices[0].amount_paid, p.invoices[0].balance_left], [inv.id, 5800, 5000, 800]);
    const cfdi = Buffer.from((await s.as('mx').get(`/v1/payments/${id}/xml`)).body.base64, 'base64').toString('utf8');
    assert.match(cfdi, /<pago20:Pago [^>]*Monto="5000.00"/);
    assert.equal(await receipts(), 1);
    // The same form sent again, twice at once (a double click, Back and Enter, a refresh, a retry): the receipt already made.
    const again = () => page.request.post(`${s.url}/app/documents/invoices/${inv.id}/payment`, { form: Object.fromEntries(sent), maxRedirects: 0, headers: { Origin: s.url } });
    for (const res of await Promise.all([again(), again()])) {
      assert.equal(res.status(), 303);
      assert.equal(res.headers().location, `/app/documents/payments/${id}?ok=done`);
    }
    assert.equal(await receipts(), 1, 'the form sent again: the receipt already made');
    // The receipt's page: its total in Mexico's format and its UUID; the invoice's page: the balance left.
    await go(`/app/documents/payments/${id}`);
    assert.match(await page.textContent('#doc-total') ?? '', /^\$5,000\.00$/);
    assert.match(await page.textContent('main') ?? '', new RegExp(`UUID: ${p.stamp.uuid}`));
    await go(`/app/documents/invoices/${inv.id}`);
    assert.match(await page.textContent('main') ?? '', /Saldo: \$800\.00/);
  });
});
