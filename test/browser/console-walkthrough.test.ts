/**
 * Issue 38's "Done when", walked as one person in Chromium on a fresh demo start, in Spanish, from the console alone:
 * log in as the demo company's user, issue a Colombian electronic invoice (rejected by the sandbox DIAN: the
 * company's municipality is not a DIVIPOLA code, FAJ07), find why on Home and the document's page, correct the
 * company's address in Settings and send it again (accepted), issue a credit note from it, issue an invoice on credit
 * and see what is owed, export it (XLSX: the figure in the file), then as the Mexican demo user issue a CFDI and cancel
 * it with a motive. Each step is checked through the API too: the same operation as an integrator's.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import type { Page } from 'playwright-core';
import { startTestServer, type TestServer } from '../support/server';
import { ADMIN_TOKEN } from '../support/admin';
import { stamped } from '../support/mx';
import { axeViolations, browserSuite, openBrowser, type OpenBrowser } from '../support/browser';
import { readXlsx } from '../support/xlsx';
import { DEMO_CONSOLE, ensureDemoConsole } from '../../src/console/demo';
import { sleep } from '../support/profile';

describe('the console walked through, as issue 38 asks', browserSuite(), () => {
  let s: TestServer;
  let browser: OpenBrowser;
  let page: Page;

  before(async () => {
    s = await startTestServer('pglite', { ADMIN_TOKEN });
    await ensureDemoConsole(s.db);
    // The misconfiguration the accountant will find: the company's municipality is no DIVIPOLA code.
    await s.db.query(`UPDATE companies SET address = jsonb_set(jsonb_set(address, '{city,state_code}', '"05"'), '{city,city_code}', '"05999"')
      WHERE is_demo AND country = 'CO'`);
    browser = await openBrowser();
    page = await browser.context.newPage();
  });
  after(async () => { await browser?.close(); await s?.close(); });

  const go = (p: string) => page.goto(s.url + p);
  const text = async (selector: string) => ((await page.textContent(selector)) ?? '').replace(/\u00a0/g, ' ');
  const spanish = async (where: string) => {
    assert.equal(await page.getAttribute('html', 'lang'), 'es', where);
    assert.deepEqual(await axeViolations(page), [], `axe-core on ${where}`);
  };
  const submit = (selector: string, url: RegExp) => Promise.all([page.waitForURL(url), page.click(selector)]);
  /** The document's tax authority status once it is no longer waiting (the page read again, as a person would). */
  async function settled(): Promise<string> {
    for (let i = 0; i < 60 && (await text('#doc-status')) === 'En espera'; i++) { await sleep(500); await page.reload(); }
    return text('#doc-status');
  }
  /** Picks the option whose text matches, as a person reading the list would. */
  async function choose(select: string, label: RegExp) {
    const value = await page.$eval(select, (el, src) => [...(el as HTMLSelectElement).options].find((o) => new RegExp(src).test(o.text))?.value, label.source);
    assert.ok(value !== undefined, `${select}: no option ${label}`);
    await page.selectOption(select, value);
  }
  async function login(email: string, password: string) {
    await browser.context.clearCookies();
    await go('/app/login');
    await page.fill('#email', email);
    await page.fill('#password', password);
    await submit('button[type=submit]', /\/app$/);
  }
  async function newColombianInvoice(payment: RegExp, due?: string): Promise<string> {
    await go('/app/invoices/new');
    await choose('#document', /^FV-E · /);
    await choose('#customer', /^Supermercados La Estrella S\.A\.S\. \(900547821\)$/);
    await choose('#payment', payment);
    if (due) await page.fill('#due_date', due);
    await page.selectOption('select[name=code] >> nth=0', 'PORT14');
    await page.fill('input[name=quantity] >> nth=0', '1');
    await page.fill('input[name=price] >> nth=0', '100');
    await choose('select[name=tax] >> nth=0', /^IVA 19/);
    await page.waitForFunction(() => document.querySelector('#live-total')?.textContent?.replace(/\u00a0/g, ' ') === '$ 119,00');
    assert.equal(await page.isChecked('#stamp'), true, 'sent to the DIAN on creation');
    await submit('form.invoice > button[type=submit]', /\/app\/documents\/invoices\/[0-9a-f-]{36}\?ok=done/);
    return /invoices\/([0-9a-f-]{36})/.exec(page.url())![1];
  }

  test('from login to a cancelled CFDI, in Spanish', async () => {
    // Log in as the demo company's user.
    await login(DEMO_CONSOLE.co.email, DEMO_CONSOLE.co.password);
    assert.equal(await text('h1'), 'Inicio');
    assert.match(await text('.who > span'), /\(dueño\)$/, 'the role in Spanish');
    await spanish('Home');

    // A Colombian electronic invoice: created, but the DIAN (sandbox) rejects it.
    const rejectedId = await newColombianInvoice(/^Efectivo$/);
    assert.equal(await text('#doc-total'), '$ 119,00');
    assert.equal(await settled(), 'Rechazado');

    // Why: Home counts it, its link lists it, its page names the rule.
    await go('/app');
    await submit('a[href="/app/documents?stamp=Rejected"]', /stamp=Rejected/);
    await spanish('the rejected documents');
    await submit(`a[href="/app/documents/invoices/${rejectedId}"]`, new RegExp(rejectedId));
    // The DIAN's words, in Spanish as it writes them, under the annex's rule.
    assert.match(await text('#h-errors + ul'), /FAJ07: La dirección del emisor: \S+ no es un código de municipio de DIVIPOLA/, 'the DIAN\'s rule: the issuer\'s municipality');
    assert.doesNotMatch(await text('#h-errors + ul'), /The issuer|is not a DIVIPOLA/, 'no English on a Spanish page');
    await spanish('the rejected invoice');
    // In English: the console's reading of the rule first, then the DIAN's own words, marked as Spanish.
    const language = async (lang: 'en' | 'es') => {
      await Promise.all([page.waitForLoadState('load'), page.click('form[action="/app/lang"] button[type=submit]')]);
      await go(`/app/documents/invoices/${rejectedId}`);
      assert.equal(await page.getAttribute('html', 'lang'), lang);
    };
    await language('en');
    assert.match(await text('#h-errors + ul'), /FAJ07 The issuer's municipality is not a DIVIPOLA code\. FAJ07: La dirección del emisor/);
    assert.match((await page.textContent('#h-errors + ul li span[lang="es"]')) ?? '', /^FAJ07: La dirección del emisor/);
    assert.deepEqual(await axeViolations(page), [], 'axe-core on the rejected invoice in English');
    await language('es');

    // The company's municipality corrected in Settings, then the invoice sent again: accepted, with its CUFE.
    await go('/app/settings');
    await page.fill('#c-address-city-state_code', '11');
    await page.fill('#c-address-city-city_code', '11001');
    await Promise.all([page.waitForLoadState('load'), page.click('form[action="/app/settings/company"] button[type=submit]')]);
    assert.equal(await page.locator('[aria-invalid=true]').count(), 0, await text('main'));
    await go(`/app/documents/invoices/${rejectedId}`);
    await submit('form[action$="/stamp"] button', /ok=stamp/);
    assert.equal(await settled(), 'Aceptado');
    const accepted = (await s.as('co').get(`/v1/invoices/${rejectedId}`)).body;
    assert.equal(accepted.stamp.status, 'Accepted');
    assert.match(await text('main'), new RegExp(`CUFE: ${accepted.stamp.cufe}`));

    // A credit note from it (concept 2: the invoice annulled, the cash paid back).
    await page.click('a[href$="/credit-note"]');
    await page.waitForURL(/credit-note$/);
    await spanish('the credit note form');
    await page.selectOption('#reason', '2');
    await choose('#payment', /^Devolución en efectivo$/);
    await submit('form.invoice > button[type=submit]', /\/app\/documents\/credit-notes\/[0-9a-f-]{36}\?ok=done/);
    const noted = (await s.as('co').get(`/v1/invoices/${rejectedId}`)).body;
    assert.equal(noted.credit_notes.length, 1);
    assert.equal(noted.credit_notes[0].total, 119);

    // An invoice on credit, and what is owed: the receivables report and its XLSX.
    const owedId = await newColombianInvoice(/^Crédito$/, '2099-12-31');
    const owed = (await s.as('co').get(`/v1/invoices/${owedId}`)).body;
    assert.equal(owed.balance, 119);
    await go('/app/reports/receivables');
    await spanish('the receivables');
    assert.match(await text('main'), /Al día\s*\$ 119,00/);
    const [download] = await Promise.all([page.waitForEvent('download'), page.click('a[href^="/app/reports/receivables.xlsx"]')]);
    const sheet = readXlsx(fs.readFileSync((await download.path())!));
    const row = sheet.rows.find((r) => r[3] === owed.name);
    assert.ok(row, JSON.stringify(sheet.rows));
    assert.deepEqual(row.slice(9), [119, 0, 119], 'amount, paid and balance of the invoice on credit');

    // The Mexican demo user: a CFDI issued and stamped, then cancelled with a motive, confirmed.
    await page.click('form[action="/app/logout"] button');
    await page.waitForURL(/\/app\/login$/);
    await login(DEMO_CONSOLE.mx.email, DEMO_CONSOLE.mx.password);
    await go('/app/invoices/new');
    await spanish('the new CFDI');
    await choose('#customer', /XIA190128J61/);
    await page.selectOption('#method', 'PUE');
    await choose('#payment', /^Contado$/);
    await page.selectOption('select[name=code] >> nth=0', 'LAP14');
    await page.fill('input[name=quantity] >> nth=0', '1');
    await page.fill('input[name=price] >> nth=0', '1000');
    await page.waitForFunction(() => document.querySelector('#live-total')?.textContent === '$1,160.00');
    await submit('form.invoice > button[type=submit]', /\/app\/documents\/invoices\/[0-9a-f-]{36}\?ok=done/);
    const cfdiId = /invoices\/([0-9a-f-]{36})/.exec(page.url())![1];
    const cfdi = await stamped(s, 'invoices', (await s.as('mx').get(`/v1/invoices/${cfdiId}`)).body);
    assert.equal(cfdi.stamp.status, 'Accepted');
    await page.reload();
    assert.equal(await text('#doc-total'), '$1,160.00');
    assert.match(await text('main'), new RegExp(`UUID: ${cfdi.stamp.uuid}`));
    await page.selectOption('#motive', '02');
    await page.check('#confirm-cancel');
    await submit('form[action$="/cancel"] button', /ok=cancel/);
    assert.match(await text('main'), /Cancelación: (Cancelado|Solicitada|Esperando al receptor) \(02\)/);
    assert.equal((await s.as('mx').get(`/v1/invoices/${cfdiId}`)).body.cancellation.motive, '02');
    await spanish('the cancelled CFDI');
  });
});
