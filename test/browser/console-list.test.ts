/**
 * In Debian's Chromium (playwright-core): the documents list as a working list (issue 52), on the Colombian demo company loaded
 * by bulk-demo with 15,000 invoices and their receipts, over 20,000 documents. The load runs on PostgreSQL when the suite has
 * it (TEST_DATABASE_URL; about 12 s there, twice that on the embedded database, which is used otherwise); the list's reads at
 * larger sizes are measured by `npm run bench:scale`, bench/scale.ts. The search box finds a part of
 * a number and a customer's name typed with or without its accents and in any case; the totals row is the sum of the filtered
 * rows (counted here from the rows, without the annulled); the CSV and XLSX of a filter hold exactly its rows (amounts as number
 * cells); a ZIP of three Mexican CFDIs holds six files named by their numbers (PDF and XML), made by a job whose page shows its
 * progress; another company never reads that job. axe-core (no serious or critical violation) on each page.
 */
import fs from 'node:fs';
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { strFromU8, unzipSync } from 'fflate';
import type { Page } from 'playwright-core';
import { STORAGES, startTestServer, type TestServer } from '../support/server';
import { coRefs, today, validInvoice } from '../support/co';
import { MX_APP, mxInvoice, mxRefs, stamped } from '../support/mx';
import { axeViolations, browserSuite, openBrowser, type OpenBrowser, signIn } from '../support/browser';
import { readXlsx } from '../support/xlsx';
import { DEMO_CONSOLE, ensureDemoConsole } from '../../src/console/demo';
import { bulkDemo } from '../../src/companies/bulk';

/** An amount as the Colombian list writes it ($ 1.130,50) as a number. */
const pesos = (text: string) => Number(text.replace(/[^0-9,-]/g, '').replace(',', '.'));

describe('console documents list in a browser', browserSuite(), () => {
  let s: TestServer;
  let browser: OpenBrowser;
  let page: Page;
  let co: number;
  /** The invoices of the Panadería El Trigal (a name with an accent): three, one of them annulled. */
  const bakery: { id: string; name: string; total: number }[] = [];

  before(async () => {
    s = await startTestServer(STORAGES.includes('postgres') ? 'postgres' : 'pglite');
    await ensureDemoConsole(s.db);
    const loaded = await bulkDemo(s.db, { invoices: 15_000 });
    assert.ok(loaded.written.invoices + loaded.written.receipts >= 20_000, JSON.stringify(loaded.written));
    [{ company_id: co }] = await s.db.query<{ company_id: number }>("SELECT company_id FROM companies WHERE is_demo AND country = 'CO'");
    const r = await coRefs(s);
    for (const [quantity, price] of [[1, 1000], [2, 2500], [3, 700]]) {
      const made = await s.as('co').post('/v1/invoices', validInvoice(r, { customer: { identification: '901328764', branch_office: 0 },
        items: [{ code: 'LIBRO01', quantity, price, taxes: [] }], payments: [{ id: r.pay.Cash.id, value: quantity * price }] }));
      assert.equal(made.status, 201, JSON.stringify(made.body));
      bakery.push({ id: made.body.id, name: made.body.name, total: made.body.total });
    }
    assert.equal((await s.as('co').post(`/v1/invoices/${bakery[2].id}/annul`, {})).status, 200);
    browser = await openBrowser();
    page = await browser.context.newPage();
  });
  after(async () => { await browser?.close(); await s?.close(); });

  const go = (p: string) => page.goto(s.url + p);
  const noViolations = async (what: string) => assert.deepEqual(await axeViolations(page), [], `axe-core on ${what}`);
  const login = (email: string, password: string) => signIn(browser, page, s.url, email, password);
  /** Types in the search box and waits for the results (htmx swaps them in). */
  async function search(term: string) {
    await page.fill('#f-q', term);
    await Promise.all([page.waitForResponse((res) => res.url().includes('/app/documents?') && res.request().method() === 'GET'), page.click('form[role=search] button[type=submit]')]);
    await page.waitForFunction((t) => new URLSearchParams(location.search).get('q') === t, term);
  }
  /** The rows of the list as shown: number, customer, total, balance, status; every page of it (following "next"). */
  async function rows(): Promise<{ name: string; customer: string; total: number; balance: number; status: string }[]> {
    const out: { name: string; customer: string; total: number; balance: number; status: string }[] = [];
    for (let pages = 0; ; pages++) {
      assert.ok(pages < 20, 'the pages end');
      out.push(...await page.$$eval('#documents tbody tr', (trs) => trs.map((tr) => [...tr.querySelectorAll('td')].map((td) => td.textContent ?? ''))).then((cells) =>
        cells.map((c) => ({ name: c[1].trim(), customer: c[3], total: pesos(c[4]), balance: pesos(c[5]), status: c[7] }))));
      const next = await page.$('a[rel=next]');
      if (!next) return out;
      await Promise.all([page.waitForLoadState('load'), next.click()]);
    }
  }
  const totalsOf = async () => {
    await page.waitForSelector('#totals-total');
    return { count: Number(await page.textContent('#totals-count')), total: pesos(await page.textContent('#totals-total') ?? ''), balance: pesos(await page.textContent('#totals-balance') ?? '') };
  };
  const names = async (sql: string, args: unknown[]) => (await s.db.query<{ name: string }>(sql, args)).map((x) => x.name).sort();

  test('a part of a number finds its invoices; a customer\'s name with or without accents finds theirs', async () => {
    await login(DEMO_CONSOLE.co.email, DEMO_CONSOLE.co.password);
    await go('/app/documents?size=100');
    await noViolations('the documents list');
    // Every invoice whose number holds the part typed, whatever else the search also finds (a customer, an amount).
    const [{ name: some }] = await s.db.query<{ name: string }>("SELECT name FROM invoices WHERE company_id = $1 AND name LIKE 'FV-2-1_5_' ORDER BY name LIMIT 1", [co]);
    // FV-2-105 (of FV-2-1050): exactly the invoices whose number holds it (105, 1050–1059, 10500–10599), over two pages;
    // 1050: at least those (an amount of 1.050 too). The loaded customers' NITs (811000001…) hold neither.
    for (const [part, exactly] of [[some.slice(0, -1), true], [some.slice(-4), false]] as const) {
      await search(part);
      const shown = (await rows()).map((x) => x.name).sort();
      const expected = await names('SELECT name FROM invoices WHERE company_id = $1 AND deleted_at IS NULL AND name ILIKE $2', [co, `%${part}%`]);
      assert.ok(expected.length > 1, part);
      if (exactly) assert.deepEqual(shown, expected, part);
      else assert.deepEqual(expected.filter((n) => !shown.includes(n)), [], `${part}: every invoice whose number holds it`);
      await go('/app/documents?size=100');
    }
    // The customer's name is Panadería El Trigal S.A.S.: found without the accent, with it, in capitals; only its invoices.
    for (const term of ['panaderia', 'Panadería', 'PANADERÍA EL TRIGAL', 'trigal']) {
      await search(term);
      const shown = await rows();
      assert.deepEqual(shown.map((x) => x.name).sort(), bakery.map((b) => b.name).sort(), term);
      assert.ok(shown.every((x) => /Panadería El Trigal S\.A\.S\./.test(x.customer)), 'the customer\'s name, not its NIT alone');
      await noViolations(`the list searched for ${term}`);
    }
    // Its NIT, and an amount as Colombia writes it.
    await search('901328764');
    assert.deepEqual((await rows()).map((x) => x.name).sort(), bakery.map((b) => b.name).sort());
    await search('5.000,00');
    assert.ok((await rows()).some((x) => x.name === bakery[1].name), 'the total of 5.000,00');
  });

  test('the totals row is the sum of the filtered rows (without the annulled)', async () => {
    await go('/app/documents?q=panaderia');
    const shown = await rows();
    const totals = await totalsOf();
    const live = shown.filter((x) => !/Anulado/.test(x.status));
    assert.equal(live.length, 2, 'one of the three is annulled');
    assert.equal(totals.count, shown.length);
    assert.equal(totals.total, live.reduce((a, x) => a + x.total, 0));
    assert.equal(totals.total, bakery[0].total + bakery[1].total);
    // The year of the bulk load, overdue, over several pages of 10.
    const from = new Date(Date.now() - 365 * 86_400_000).toISOString().slice(0, 10);
    const to = today();
    await go(`/app/documents?from=${from}&to=${to}&status=overdue&size=10`);
    await noViolations('a filtered list with its totals');
    const month = await rows();
    await go(`/app/documents?from=${from}&to=${to}&status=overdue&size=10`);
    const sums = await totalsOf();
    assert.ok(month.length > 10, `overdue invoices in that year, more than a page (${month.length})`);
    assert.ok(month.every((x) => /Vencida/.test(x.status)));
    assert.equal(sums.count, month.length);
    assert.equal(Math.round(sums.total * 100), Math.round(month.reduce((a, x) => a + x.total, 0) * 100));
    assert.equal(Math.round(sums.balance * 100), Math.round(month.reduce((a, x) => a + x.balance, 0) * 100));
  });

  test('the CSV and the XLSX of a filter hold exactly its rows', async () => {
    const from = new Date(Date.now() - 45 * 86_400_000).toISOString().slice(0, 10);
    const query = `from=${from}&to=${today()}&status=paid&sort=total&dir=desc&size=100`;
    await go(`/app/documents?${query}`);
    const shown = await rows();
    assert.ok(shown.length > 100, `more than a page (${shown.length})`);
    await go(`/app/documents?${query}`);
    const [csvFile] = await Promise.all([page.waitForEvent('download'), page.click('a[href^="/app/documents.csv"]')]);
    const lines = fs.readFileSync((await csvFile.path())!, 'utf8').split('\r\n').filter(Boolean);
    assert.equal(lines[0], '\ufeffNúmero,Fecha,Cliente,Identificación,Total,Saldo,Vencimiento,Estado');
    assert.deepEqual(lines.slice(1).map((l) => l.split(',')[0]), shown.map((x) => x.name), 'the CSV: the same rows, in the same order');
    const [xlsxFile] = await Promise.all([page.waitForEvent('download'), page.click('a[href^="/app/documents.xlsx"]')]);
    assert.match(xlsxFile.suggestedFilename(), /^facturas-\d{4}-\d{2}-\d{2}\.xlsx$/);
    const x = readXlsx(fs.readFileSync((await xlsxFile.path())!));
    assert.deepEqual(x.rows[0], ['Número', 'Fecha', 'Cliente', 'Identificación', 'Total', 'Saldo', 'Vencimiento', 'Estado']);
    assert.deepEqual(x.rows.slice(1).map((r) => r[0]), shown.map((r) => r.name), 'the XLSX: the same rows, in the same order');
    assert.deepEqual(x.rows.slice(1).map((r) => r[4]), shown.map((r) => r.total), 'totals as number cells');
    assert.ok(x.rows.slice(1).every((r, i) => typeof r[4] === 'number' && x.formats[i + 1][4] === '#,##0.00'));
  });

  test('a ZIP of three Mexican CFDIs: six files named by number, made by a job with its progress; no other company reads it', async () => {
    const m = await mxRefs(s);
    const made: { id: string; name: string }[] = [];
    for (let i = 0; i < 3; i++) {
      const res = await s.as('mx').post('/v1/invoices', mxInvoice(m, undefined, undefined, { stamp: { send: true } }), MX_APP);
      assert.equal(res.status, 201, JSON.stringify(res.body));
      const inv = await stamped(s, 'invoices', res.body);
      assert.equal(inv.stamp.status, 'Accepted');
      made.push({ id: inv.id, name: inv.name });
    }
    await login(DEMO_CONSOLE.mx.email, DEMO_CONSOLE.mx.password);
    await go('/app/documents?kind=invoices&size=100');
    for (const d of made) await page.check(`input[name=ids][value="${d.id}"]`);
    await Promise.all([page.waitForURL(/\/app\/jobs\/[0-9a-f-]{36}$/), page.click('button[name=action][value=zip]')]);
    const jobUrl = page.url();
    await page.waitForSelector('#job-download', { timeout: 60_000 });
    assert.equal(await page.getAttribute('#job-bar', 'value'), '100');
    assert.match(await page.textContent('#job-count') ?? '', /^3 de 3$/);
    assert.equal(await page.$('#job-problems'), null, 'no document failed');
    await noViolations('a finished job');
    const [zipFile] = await Promise.all([page.waitForEvent('download'), page.click('#job-download')]);
    const files = unzipSync(new Uint8Array(fs.readFileSync((await zipFile.path())!)));
    assert.deepEqual(Object.keys(files).sort(), made.flatMap((d) => [`${d.name}.pdf`, `${d.name}.xml`]).sort());
    for (const d of made) {
      assert.equal(strFromU8(files[`${d.name}.pdf`].subarray(0, 5)), '%PDF-');
      assert.match(strFromU8(files[`${d.name}.xml`]), /<cfdi:Comprobante[\s\S]*<tfd:TimbreFiscalDigital/);
    }
    // The same three sent again by e-mail: a job too, done with the three.
    const mailsOf = async () => (await s.db.query<{ n: number }>('SELECT count(*)::int AS n FROM mails WHERE doc_id = ANY($1::uuid[])', [made.map((d) => d.id)]))[0].n;
    const mailed = await mailsOf();
    await go('/app/documents?kind=invoices&size=100');
    for (const d of made) await page.check(`input[name=ids][value="${d.id}"]`);
    await Promise.all([page.waitForURL(/\/app\/jobs\/[0-9a-f-]{36}$/), page.click('button[name=action][value=mail]')]);
    await page.waitForFunction(() => document.querySelector('#job-state')?.textContent === 'Terminado', undefined, { timeout: 60_000 });
    assert.match(await page.textContent('#job-count') ?? '', /^3 de 3$/);
    assert.equal(await page.$('#job-problems'), null, 'every e-mail queued');
    assert.equal(await mailsOf(), mailed + 3, 'an e-mail more for each of the three');
    // Nothing chosen: refused with what to do.
    await go('/app/documents?kind=invoices&size=100');
    await Promise.all([page.waitForLoadState('load'), page.click('button[name=action][value=zip]')]);
    assert.match(await page.textContent('[role=alert]') ?? '', /Elija al menos un documento/);
    // Another company's session: no such job, nor its file.
    await login(DEMO_CONSOLE.co.email, DEMO_CONSOLE.co.password);
    assert.equal((await page.goto(jobUrl))?.status(), 404);
    assert.equal((await page.goto(`${jobUrl}/file`))?.status(), 404);
  });
});
