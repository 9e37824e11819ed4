/**
 * The Mexican company's tickets in the console (issue 51, point 3), in Chromium: last month's tickets listed with
 * their folio, total and state ("Abierto"); the global invoice of that month run from the page, which opens the
 * stamped invoice; the list then says each ticket is in that global invoice, linked; a period with no ticket left
 * is refused on the page with the API's reason, and the same form sent twice makes one invoice. axe-core on the page.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { startTestServer, type TestServer } from '../support/server';
import { axeViolations, browserSuite, openBrowser, type OpenBrowser } from '../support/browser';
import { mxToday } from '../support/mx';
import { DEMO_CONSOLE, ensureDemoConsole } from '../../src/console/demo';

function lastMonth() {
  const [y, m] = mxToday().split('-').map(Number);
  const year = m === 1 ? y - 1 : y, month = m === 1 ? 12 : m - 1;
  return { year, months: String(month).padStart(2, '0'), day: `${year}-${String(month).padStart(2, '0')}-12` };
}

describe('console tickets in a browser', browserSuite(), () => {
  let s: TestServer;
  let browser: OpenBrowser;
  let page: Page;
  const tickets: any[] = [];
  const period = lastMonth();

  before(async () => {
    s = await startTestServer('pglite');
    await ensureDemoConsole(s.db);
    for (const price of [100, 250]) {
      const r = await s.as('mx').post('/v1/tickets', { date: period.day, payment_form: '01', branch: 'Centro', items: [{ code: 'GEN001', quantity: 1, price }] });
      assert.equal(r.status, 201, JSON.stringify(r.body));
      tickets.push(r.body);
    }
    browser = await openBrowser();
    page = await browser.context.newPage();
    await page.goto(`${s.url}/app/login`);
    await page.fill('#email', DEMO_CONSOLE.mx.email);
    await page.fill('#password', DEMO_CONSOLE.mx.password);
    await Promise.all([page.waitForLoadState('load'), page.click('button[type=submit]')]);
  });
  after(async () => { await browser?.close(); await s?.close(); });

  const rowOf = async (folio: number) => {
    const rows = await page.locator('tbody tr').evaluateAll((trs) => trs.map((tr) => Array.from((tr as HTMLTableRowElement).cells).map((c) => (c.textContent ?? '').trim())));
    const row = rows.find((cells) => cells[0] === String(folio))?.join(' | ');
    assert.ok(row, `ticket ${folio} is listed: ${(await page.textContent('main')) ?? ''}`);
    return row;
  };

  test('the tickets listed open, the month\'s global invoice run from the page, then each ticket in it', async () => {
    await Promise.all([page.waitForLoadState('load'), page.click('nav a[href="/app/tickets"]')]);
    assert.deepEqual(await axeViolations(page), [], 'axe-core on the tickets page');
    for (const t of tickets) {
      const row = await rowOf(t.folio);
      assert.match(row, /Centro/);
      assert.match(row, /Abierto/);
      assert.ok(row.replace(/\s+/g, ' ').includes(t.total.toLocaleString('es-MX', { minimumFractionDigits: 2 })), `${row} has ${t.total}`);
    }
    await page.selectOption('#g-periodicity', '04');
    await page.selectOption('#g-months', period.months);
    await page.fill('#g-year', String(period.year));
    const key = await page.inputValue('input[name=form_key]');
    await Promise.all([page.waitForURL(/\/app\/documents\/invoices\/[0-9a-f-]{36}/), page.click('form[action="/app/tickets/global-invoice"] button[type=submit]')]);
    const id = /invoices\/([0-9a-f-]{36})/.exec(page.url())![1];
    const invoice = (await s.as('mx').get(`/v1/invoices/${id}`)).body;
    assert.equal(invoice.stamp.status, 'Accepted', JSON.stringify(invoice.stamp));
    assert.deepEqual(invoice.items.map((i: any) => i.code).length, 2);

    await page.goto(`${s.url}/app/tickets`);
    for (const t of tickets) {
      const row = await rowOf(t.folio);
      assert.match(row, new RegExp(`En factura global ${invoice.name}`));
    }
    assert.equal(await page.locator(`a[href="/app/documents/invoices/${id}"]`).count(), 2, 'each ticket links its global invoice');

    // The same form sent again (its one-time key, as Back and Enter would): the same invoice, no second one.
    await page.selectOption('#g-periodicity', '04');
    await page.selectOption('#g-months', period.months);
    await page.fill('#g-year', String(period.year));
    await page.evaluate((k) => { (document.querySelector('input[name=form_key]') as HTMLInputElement).value = k; }, key);
    await Promise.all([page.waitForURL(new RegExp(id)), page.click('form[action="/app/tickets/global-invoice"] button[type=submit]')]);
    await page.goto(`${s.url}/app/tickets`);
    // A new form for the same month: no ticket is left, refused on the page with the reason.
    await page.selectOption('#g-periodicity', '04');
    await page.selectOption('#g-months', period.months);
    await page.fill('#g-year', String(period.year));
    await Promise.all([page.waitForLoadState('load'), page.click('form[action="/app/tickets/global-invoice"] button[type=submit]')]);
    assert.match((await page.textContent('#error-summary')) ?? '', /\S/);
    const [{ n }] = await s.db.query(`SELECT count(*)::int AS n FROM invoices WHERE company_id = (SELECT company_id FROM tickets WHERE id = $1)
      AND document->'global_information' IS NOT NULL`, [tickets[0].id]);
    assert.equal(n, 1, 'one global invoice');
  });
});
