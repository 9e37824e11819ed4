/**
 * The public self-invoicing page of Mexican tickets (issue 51), in Chromium: three tickets; one invoiced by its
 * customer on the page (the CFDI's Receptor is what was typed; its UUID shown, its XML downloaded); the global
 * invoice of the month then holds exactly the two others; the self-invoiced ticket's page answers the same CFDI, a
 * ticket in the global invoice says so and whom to contact, a wrong key reveals nothing; CSRF and the limit per
 * address refuse; axe-core on the form.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import type { Page } from 'playwright-core';
import { startTestServer, type TestServer } from '../support/server';
import { axeViolations, browserSuite, openBrowser, type OpenBrowser } from '../support/browser';
import { mxToday } from '../support/mx';
import { parseXml, satSelect } from '../../src/countries/mx/sat/chain';

function lastMonth() {
  const [y, m] = mxToday().split('-').map(Number);
  const year = m === 1 ? y - 1 : y, month = m === 1 ? 12 : m - 1;
  const months = String(month).padStart(2, '0');
  return { year, months, day: `${year}-${months}-10` };
}

const TYPED = { rfc: 'MASO451221PM4', name: 'MARIA OLIVIA MARTINEZ SAGAZ', postal_code: '80290', tax_regime: '612', use: 'G03', email: 'olivia@correo.example.mx' };

describe('MX self-invoicing page in a browser', browserSuite(), () => {
  let s: TestServer;
  let browser: OpenBrowser;
  let page: Page;
  const tickets: any[] = [];

  before(async () => {
    s = await startTestServer('pglite');
    const { day } = lastMonth();
    for (const payment_form of ['01', '03', '04']) {
      const r = await s.as('mx').post('/v1/tickets', { date: day, payment_form, items: [{ code: 'GEN001', quantity: 1, price: 100 }] });
      assert.equal(r.status, 201, JSON.stringify(r.body));
      tickets.push(r.body);
    }
    // Last month's tickets, still open to self-invoicing (a later deadline than the end of their month).
    await s.db.query(`UPDATE tickets SET self_invoice_until = $2 WHERE id = ANY($1::uuid[])`, [tickets.map((t) => t.id), mxToday()]);
    browser = await openBrowser();
    page = await browser.context.newPage();
  });
  after(async () => { await browser?.close(); await s?.close(); });

  async function submit(t: any, over: Record<string, string> = {}) {
    await page.goto(t.self_invoice.url);
    const v = { key: t.self_invoice.key, ...TYPED, ...over };
    for (const f of ['key', 'rfc', 'name', 'postal_code', 'email'] as const) await page.fill(`[name=${f}]`, v[f]);
    await page.selectOption('[name=tax_regime]', v.tax_regime);
    await page.selectOption('[name=use]', v.use);
    await Promise.all([page.waitForLoadState('load'), page.click('button[type=submit]')]);
    return (await page.textContent('main')) ?? '';
  }

  let uuid: string;
  test('the customer invoices a ticket: its UUID shown, the Receptor typed, the XML downloaded; nothing shown before the key', async () => {
    await page.goto(tickets[0].self_invoice.url);
    const before = (await page.textContent('body')) ?? '';
    assert.match(before, /Factura tu ticket/);
    assert.doesNotMatch(before, /KEMPER|116|Folio/i, 'no shop, amount or folio without the key');
    assert.deepEqual(await axeViolations(page), [], 'axe-core on the form');
    const done = await submit(tickets[0]);
    assert.match(done, /Tu factura está timbrada/);
    uuid = ((await page.textContent('#uuid')) ?? '').trim();
    assert.match(uuid, /^[0-9A-F]{8}-[0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{12}$/i);
    const read = (await s.as('mx').get(`/v1/tickets/${tickets[0].id}`)).body;
    assert.equal(read.status, 'self_invoiced');
    const xml = Buffer.from((await s.as('mx').get(`/v1/invoices/${read.self_invoice.invoice.id}/xml`)).body.base64, 'base64').toString('utf8');
    const q = (x: string) => String(satSelect(`string(${x})`, parseXml(xml) as unknown as Node));
    assert.deepEqual(['Rfc', 'Nombre', 'DomicilioFiscalReceptor', 'RegimenFiscalReceptor', 'UsoCFDI'].map((a) => q(`//cfdi:Receptor/@${a}`)),
      [TYPED.rfc, TYPED.name, TYPED.postal_code, TYPED.tax_regime, TYPED.use]);
    assert.equal(q('/cfdi:Comprobante/@FormaPago'), '01');
    const [download] = await Promise.all([page.waitForEvent('download'), page.click('text=Descargar XML')]);
    const saved = fs.readFileSync((await download.path())!, 'utf8');
    assert.match(saved, new RegExp(uuid, 'i'));
    const [pdf] = await Promise.all([page.waitForEvent('download'), page.click('text=Descargar PDF')]);
    assert.equal(fs.readFileSync((await pdf.path())!).subarray(0, 5).toString('latin1'), '%PDF-');
  });

  test('the global invoice of the month holds exactly the two others; then the pages answer as they should', async () => {
    const { year, months } = lastMonth();
    const g = await s.as('mx').post('/v1/tickets/global-invoice', { periodicity: '04', months, year });
    assert.equal(g.status, 201, JSON.stringify(g.body));
    assert.deepEqual(g.body.items.map((i: any) => i.code), [String(tickets[1].folio), String(tickets[2].folio)]);
    assert.equal(g.body.total, 232);
    // The self-invoiced ticket, sent again: the same CFDI.
    assert.match(await submit(tickets[0]), /Tu factura está timbrada/);
    assert.equal(((await page.textContent('#uuid')) ?? '').trim(), uuid);
    // A ticket of the global invoice: said so, and whom to contact.
    const declared = await submit(tickets[1]);
    assert.match(declared, /incluido en la factura global/);
    assert.match(declared, /Comunícate con/);
    // A wrong key: nothing about the ticket.
    const wrong = await submit(tickets[2], { key: 'AAAAAAAAAAAAAAAAAAAAAA' });
    assert.match(wrong, /La clave o el ticket no son válidos/);
    assert.doesNotMatch(wrong, /KEMPER|global|116/i);
    // A field refused: its Spanish message under it, what was typed kept.
    const fourth = (await s.as('mx').post('/v1/tickets', { payment_form: '01', items: [{ code: 'GEN001', quantity: 1, price: 100 }] })).body;
    assert.match(await submit(fourth, { tax_regime: '601' }), /Ese régimen fiscal no corresponde a este RFC/);
    assert.equal(await page.getAttribute('[name=tax_regime]', 'aria-invalid'), 'true');
    assert.equal(await page.inputValue('[name=rfc]'), TYPED.rfc);
  });

  test('CSRF: a form posted from elsewhere is refused; then the limit per address answers 429', async () => {
    const url = tickets[2].self_invoice.url;
    const form = new URLSearchParams({ key: tickets[2].self_invoice.key, ...TYPED, _csrf: 'forged' });
    const forged = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'http://evil.example' }, body: form });
    assert.equal(forged.status, 403);
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) statuses.push((await fetch(url, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: form })).status);
    assert.ok(statuses.includes(429), JSON.stringify(statuses));
    assert.equal((await s.as('mx').get(`/v1/tickets/${tickets[2].id}`)).body.status, 'global', 'nothing was done');
  });
});
