/**
 * Issue 52, points 3 and 4, in Debian's Chromium (playwright-core): documents that tell their story and the customer
 * statement. A Colombian credit note links its invoice and the invoice's page links the note (and the cash receipt) back;
 * the receipt's page names what it paid (the invoice's number, linked, and the amount); the totals of a Colombian invoice
 * and of a Mexican CFDI with a discount (stamped, PPD, partly paid) are rows that add up (the test reads the figures and
 * adds them, down to the balance); the PDF downloads under the document's number. The statement of a customer, reached
 * from the receivables report's row and from the customers list: its closing balance is the receivables report's for
 * that customer (read here from the API's report); its PDF downloads; sent by e-mail, the mail is stored for the
 * company to the address typed and reaches the SMTP server with the PDF attached; the Mexican side by RFC.
 * axe-core (no serious or critical violation) on each page.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { startTestServer, type TestServer } from '../support/server';
import { coRefs, noteRefs, today, type CoRefs } from '../support/co';
import { creditInvoice, debtPayment, dueOf, newCustomer, rcRefs } from '../support/vouchers';
import { MX_APP, mxInvoice, mxRefs, mxToday, stamped } from '../support/mx';
import { Inbox } from '../support/smtp';
import { axeViolations, browserSuite, openBrowser, type OpenBrowser, signIn } from '../support/browser';
import { DEMO_CONSOLE, ensureDemoConsole } from '../../src/console/demo';

/** "$ 1.234,56" (Colombia) or "−$1,234.56" (Mexico) as a number of cents. */
function cents(text: string, country: 'CO' | 'MX'): number {
  const t = text.replace(/\u00a0/g, ' ').replace(/[^0-9.,−-]/g, '');
  const negative = /^[−-]/.test(t);
  const plain = country === 'CO' ? t.replace(/[−-]/g, '').replace(/\./g, '').replace(',', '.') : t.replace(/[−-]/g, '').replace(/,/g, '');
  assert.match(plain, /^\d+\.\d{2}$/, `an amount: ${text}`);
  const v = Math.round(Number(plain) * 100);
  return negative ? -v : v;
}

describe('documents that tell their story, and the customer statement, in a browser', browserSuite(), () => {
  let s: TestServer;
  let inbox: Inbox;
  let browser: OpenBrowser;
  let page: Page;
  let r: CoRefs;
  let invoice: any, note: any, receipt: any;
  const customer = { identification: '52000099', branch_office: 0 };

  before(async () => {
    inbox = await new Inbox().start();
    s = await startTestServer('pglite', { SMTP_URL: inbox.url, MAIL_FROM: 'Facturas Demo <facturas@demo.example>' });
    await ensureDemoConsole(s.db);
    r = await coRefs(s);
    const co = s.as('co');
    // An invoice on credit of 1,000.00; a credit note of 100.00 settled on account; a cash receipt paying 300.00.
    invoice = await creditInvoice(s, r, { amount: 1000, customer: newCustomer(customer.identification) });
    const { types, pays } = await noteRefs(s);
    const nc = await co.post('/v1/credit-notes', { document: { id: types.NC.id }, date: today(), invoice: invoice.id, reason: 3, seller: r.seller.id,
      items: [{ code: 'LIBRO01', quantity: 1, price: 100, taxes: [] }], payments: [{ id: pays['NC.Credit'].id, value: 100 }] });
    assert.equal(nc.status, 201, JSON.stringify(nc.body));
    note = nc.body;
    const rc = await co.post('/v1/vouchers', debtPayment(await rcRefs(s), customer, [{ due: dueOf(invoice), value: 300 }]));
    assert.equal(rc.status, 201, JSON.stringify(rc.body));
    receipt = rc.body;
    browser = await openBrowser();
    page = await browser.context.newPage();
  });
  after(async () => { await browser?.close(); await s?.close(); await inbox?.close(); });

  const go = (p: string) => page.goto(s.url + p);
  const text = async (sel: string) => ((await page.textContent(sel)) ?? '').replace(/\u00a0/g, ' ').trim();
  const noViolations = async (what: string) => assert.deepEqual(await axeViolations(page), [], `axe-core on ${what}`);
  const login = (email: string, password: string) => signIn(browser, page, s.url, email, password);
  /** The totals block's rows (sign, cents); every "=" row is the sum of the rows since the last one. */
  async function totalsAddUp(country: 'CO' | 'MX'): Promise<Map<string, number>> {
    const rows = await page.$$eval('#doc-totals dd', (dds) => dds.map((d) => [d.getAttribute('data-sign') ?? '', d.previousElementSibling?.textContent ?? '', d.textContent ?? '']));
    assert.ok(rows.length >= 3, JSON.stringify(rows));
    const seen = new Map<string, number>();
    let running = 0;
    for (const [sign, label, figure] of rows) {
      const v = Math.abs(cents(figure, country));
      seen.set(label, v);
      if (sign === '=') {
        assert.equal(v, running, `${label}: ${figure} is the sum of the rows above it (${JSON.stringify(rows)})`);
        running = v;
      } else running += sign === '-' ? -v : v;
    }
    assert.equal(rows[rows.length - 1][0], '=', 'the block ends with a result');
    return seen;
  }

  test('a credit note links its invoice, the invoice links the note and the receipt back, the receipt names what it paid; totals add up; the PDF is named by number', async () => {
    await login(DEMO_CONSOLE.co.email, DEMO_CONSOLE.co.password);
    await go(`/app/documents/credit-notes/${note.id}`);
    assert.equal(await page.getAttribute(`#doc-invoices a[href="/app/documents/invoices/${invoice.id}"]`, 'href'), `/app/documents/invoices/${invoice.id}`);
    assert.equal(await text(`#doc-related a[href="/app/documents/invoices/${invoice.id}"]`), invoice.name);
    await noViolations('the credit note');

    await go(`/app/documents/invoices/${invoice.id}`);
    assert.equal(await text(`#doc-related a[href="/app/documents/credit-notes/${note.id}"]`), note.name, 'the invoice links its note');
    assert.equal(await text(`#doc-related a[href="/app/documents/vouchers/${receipt.id}"]`), receipt.name, 'and its receipt');
    const noteRow = await text(`#doc-related tr:has(a[href="/app/documents/credit-notes/${note.id}"])`);
    assert.match(noteRow, /Nota crédito/);
    assert.match(noteRow, /\$ 100,00/);
    // 1,000.00 payable; the receipt's 300.00 and the note's 100.00 off: the balance is 600.00, as the API says.
    const seen = await totalsAddUp('CO');
    assert.equal(seen.get('Saldo'), 60000);
    assert.equal((await s.as('co').get(`/v1/invoices/${invoice.id}`)).body.balance, 600);
    assert.equal(seen.get('Recibos y pagos'), 30000);
    assert.equal(seen.get('Notas crédito aplicadas'), 10000);
    // The e-mails, the events and the webhook deliveries are on the page too (the events of its creation at least).
    assert.match(await text('#doc-events'), /invoice\.created|Ninguno/);
    assert.equal(await page.getAttribute('#doc-statement', 'href'), `/app/customers/${invoice.customer.id}/statement`, 'the customer\'s statement, from its card');
    await noViolations('the invoice with its related documents');

    // The PDF downloads under the invoice's number; the console's route says the same name.
    const [download] = await Promise.all([page.waitForEvent('download'), page.click('#doc-pdf')]);
    assert.equal(download.suggestedFilename(), `${invoice.name}.pdf`);
    const res = await page.request.get(`${s.url}/app/documents/invoices/${invoice.id}/pdf`);
    assert.equal(res.status(), 200);
    assert.match(res.headers()['content-disposition'], new RegExp(`filename="${invoice.name}\\.pdf"`));
    assert.equal((await res.body()).subarray(0, 5).toString(), '%PDF-');

    await go(`/app/documents/vouchers/${receipt.id}`);
    const paid = await text('#doc-paid tbody tr');
    assert.match(paid, new RegExp(`Factura ${invoice.name}, cuota 1`));
    assert.match(paid, /\$ 300,00/);
    assert.equal(await page.getAttribute(`#doc-paid a[href="/app/documents/invoices/${invoice.id}"]`, 'href'), `/app/documents/invoices/${invoice.id}`);
    await noViolations('the cash receipt');
  });

  test('the customer statement from the receivables report: its closing balance is the report\'s; its PDF; e-mailed with the PDF attached', async () => {
    await login(DEMO_CONSOLE.co.email, DEMO_CONSOLE.co.password);
    const report = (await s.as('co').get(`/v1/reports/accounts-receivable?customer_identification=${customer.identification}&date=${today()}`)).body;
    const owed = report.customers.reduce((sum: number, c: any) => sum + c.items.reduce((x: number, i: any) => x + Math.round(i.balance * 100), 0), 0);
    assert.equal(owed, 60000, 'what the report says the customer owes, item by item');

    await go('/app/reports/receivables');
    await Promise.all([page.waitForURL(/\/statement\?/), page.click(`a.statement-link[href^="/app/customers/${invoice.customer.id}/statement"]`)]);
    assert.equal(cents(await text('#st-closing-COP'), 'CO'), owed, 'the statement closes at the report\'s balance');
    // Each movement with its running balance: the last one is the closing balance.
    const balances = await page.$$eval('#st-movements-COP tbody tr td:last-child', (tds) => tds.map((td) => td.textContent ?? ''));
    assert.equal(cents(balances[balances.length - 1], 'CO'), owed);
    assert.ok(await page.$(`#st-movements-COP a[href="/app/documents/vouchers/${receipt.id}"]`), 'the receipt is a movement, linked');
    await noViolations('the statement');

    const [download] = await Promise.all([page.waitForEvent('download'), page.click('#st-pdf')]);
    assert.match(download.suggestedFilename(), new RegExp(`^estado-de-cuenta-${customer.identification}-\\d{4}-\\d{2}-\\d{2}-${today()}\\.pdf$`));

    // Sent to an address typed: stored as the company's mail and received with the PDF.
    await page.fill('#st-mail_to', 'cobranza@cliente.example');
    await Promise.all([page.waitForURL(/ok=mail/), page.click('#st-mail button[type=submit]')]);
    assert.match(await text('[role=status]'), /Correo en cola/);
    await noViolations('the statement once sent');
    const [{ company_id: co }] = await s.db.query<{ company_id: number }>('SELECT company_id FROM customers WHERE id = $1', [invoice.customer.id]);
    const stored = await s.db.query<{ company_id: number; mail_to: string[]; customer_id: number; period_end: string }>(
      `SELECT company_id, mail_to, customer_id, period_end FROM mails WHERE doc_kind = 'statement'`);
    assert.deepEqual(stored, [{ company_id: co, mail_to: ['cobranza@cliente.example'], customer_id: Number(invoice.customer.id), period_end: today() }]);
    for (let i = 0; i < 100 && !inbox.received.length; i++) await new Promise((ok) => setTimeout(ok, 100));
    const got = inbox.received.find((m) => m.envelope.to.includes('cobranza@cliente.example'));
    assert.ok(got, 'the SMTP server received it');
    assert.match(got.mail.subject ?? '', /Estado de cuenta 52000099/);
    const pdf = got.mail.attachments.find((a) => a.contentType === 'application/pdf');
    assert.ok(pdf, 'the PDF is attached');
    assert.equal(pdf.content.subarray(0, 5).toString(), '%PDF-');
    await page.reload();
    assert.match(await text('#st-mails'), /cobranza@cliente\.example/);
    assert.match(await text('#st-mails'), /Enviado/);
  });

  test('Mexico: a CFDI with a discount, partly paid, shows rows that add up; the statement of the customer (by RFC) closes at the report\'s balance', async () => {
    const m = await mxRefs(s);
    const made = await s.as('mx').post('/v1/invoices', mxInvoice(m, undefined, 3132,
      { stamp: { send: true }, payment: { method: 'PPD', conditions: { id: m.toDefine, value: 3132, due_date: '2099-12-31' } } }), MX_APP);
    assert.equal(made.status, 201, JSON.stringify(made.body));
    const inv = await stamped(s, 'invoices', made.body);
    const pay = await s.as('mx').post('/v1/payments', { document: { id: m.receipt }, date: new Date().toISOString(), customer: { rfc_id: 'XIA190128J61', branch_office: 0 },
      payment_form: '03', amount: 1000, invoices: [{ id: inv.id, amount: 1000 }], stamp: { send: true } }, MX_APP);
    assert.equal(pay.status, 201, JSON.stringify(pay.body));
    await stamped(s, 'payments', pay.body);
    await login(DEMO_CONSOLE.mx.email, DEMO_CONSOLE.mx.password);
    await go(`/app/documents/invoices/${inv.id}`);
    // 2 × 1,500.00 = 3,000.00 − 300.00 + IVA 432.00 = 3,132.00; − 1,000.00 paid = 2,132.00.
    const seen = await totalsAddUp('MX');
    assert.deepEqual([seen.get('Subtotal'), seen.get('Descuentos'), seen.get('Impuestos'), seen.get('Total'), seen.get('Saldo')], [300000, 30000, 43200, 313200, 213200]);
    assert.equal(await text(`#doc-related a[href="/app/documents/payments/${pay.body.id}"]`), pay.body.name, 'the invoice links its payment receipt');
    await noViolations('the Mexican invoice');
    await go(`/app/documents/payments/${pay.body.id}`);
    const paid = await text('#doc-paid tbody tr');
    assert.match(paid, new RegExp(inv.name));
    assert.match(paid, /\$1,000\.00/);
    await noViolations('the payment receipt');

    // A credit note set off against the balance (17): the note names the invoice, the invoice the note, and the balance follows.
    const nc = await s.as('mx').post('/v1/credit-notes', { document: { id: m.creditNote }, invoices: [{ id: inv.id }], payment_form: '17',
      items: [{ code: 'LAP14', quantity: 1, price: 100 }], stamp: { send: true } }, MX_APP);
    assert.equal(nc.status, 201, JSON.stringify(nc.body));
    const credit = await stamped(s, 'credit-notes', nc.body);
    await go(`/app/documents/credit-notes/${credit.id}`);
    assert.equal(await text(`#doc-invoices a[href="/app/documents/invoices/${inv.id}"]`), inv.name);
    assert.match(await text(`#doc-related tr:has(a[href="/app/documents/invoices/${inv.id}"])`), /\$116\.00/, 'what the note credits on it');
    await totalsAddUp('MX');
    await noViolations('the Mexican credit note');
    await go(`/app/documents/invoices/${inv.id}`);
    assert.equal(await text(`#doc-related a[href="/app/documents/credit-notes/${credit.id}"]`), credit.name, 'the invoice links its credit note');
    const after = await totalsAddUp('MX');
    const balance = (await s.as('mx').get(`/v1/invoices/${inv.id}`)).body.balance;
    assert.equal(after.get('Saldo'), Math.round(balance * 100));
    assert.equal(after.get('Saldo'), 213200 - 11600, `${JSON.stringify([...after])}`);

    const found = (await s.as('mx').get('/v1/customers?identification=XIA190128J61')).body.results[0];
    const report = (await s.as('mx').get(`/v1/reports/accounts-receivable?customer_identification=XIA190128J61&date=${mxToday()}`)).body;
    const owed = report.customers.filter((c: any) => c.currency === 'MXN').reduce((sum: number, c: any) => sum + Math.round(c.totals.total * 100), 0);
    // From the invoice's customer card (the answer names it by RFC) and from the customers list.
    await go(`/app/documents/invoices/${inv.id}`);
    assert.equal(await page.getAttribute('#doc-statement', 'href'), `/app/customers/${found.id}/statement`);
    await go('/app/customers?q=XIA190128J61');
    await Promise.all([page.waitForURL(/\/statement/), page.click(`a[href="/app/customers/${found.id}/statement"]`)]);
    assert.match(await text('h1'), /XIA190128J61/);
    assert.equal(cents(await text('#st-closing-MXN'), 'MX'), owed, 'the Mexican statement closes at the report\'s balance');
    await noViolations('the Mexican statement');
  });
});
