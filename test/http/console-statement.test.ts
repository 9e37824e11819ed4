/**
 * The console's customer statement (issue 52, point 4) and a document's related documents (point 3), over HTTP on each
 * storage: the statement page's closing balance and the PDF named by the customer and the period; e-mailing it refuses a
 * bad address under its field (nothing stored), then stores one mail of kind statement for the company, to the
 * customer's contacts when "To" is left empty, which the mail job sends with the PDF (the .eml written without
 * SMTP_URL); a period that ends before it starts is refused with the API's reason; a viewer reads the statement but
 * cannot send it (403); another company's customer is 404 on every route. A document's PDF and XML are named by its
 * number; an invoice's page lists its debit note and the receipt that paid it, the debit note's page the receipt.
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { eachStorage, startTestServer, type TestServer } from '../support/server';
import { adminOf, ADMIN_TOKEN } from '../support/admin';
import { ConsoleClient } from '../support/console';
import { coRefs, noteRefs, today } from '../support/co';
import { creditInvoice, debtPayment, dueOf, newCustomer, rcRefs } from '../support/vouchers';
import { DEMO_CONSOLE, ensureDemoConsole } from '../../src/console/demo';

eachStorage('console customer statement and related documents', (storage) => {
  let s: TestServer;
  let owner: ConsoleClient;
  let invoice: any;
  let co: number;
  const identification = '52000777';

  before(async () => {
    s = await startTestServer(storage, { ADMIN_TOKEN });
    await ensureDemoConsole(s.db);
    const r = await coRefs(s);
    invoice = await creditInvoice(s, r, { amount: 2500, customer: { ...newCustomer(identification), contacts: [{ first_name: 'Ana', email: 'ana@cliente.example' }] } });
    [{ company_id: co }] = await s.db.query<{ company_id: number }>('SELECT company_id FROM invoices WHERE id = $1', [invoice.id]);
    owner = new ConsoleClient(s);
    assert.equal((await owner.login(DEMO_CONSOLE.co.email, DEMO_CONSOLE.co.password)).status, 303);
  });
  after(() => s.close());

  const statements = () => s.db.query<{ company_id: number; mail_to: string[] | null; status: string; customer_id: number }>(
    `SELECT company_id, mail_to, status, customer_id FROM mails WHERE doc_kind = 'statement' ORDER BY created_at`);

  test('the statement page and its PDF; e-mailed: a bad address refused, then stored and sent to the customer\'s contacts with the PDF', async () => {
    const id = invoice.customer.id;
    const pageRes = await owner.send('GET', `/app/customers/${id}/statement?date_end=${today()}`);
    assert.equal(pageRes.status, 200);
    assert.match(pageRes.text, /id="st-closing-COP">\$\s2\.500,00</, 'it closes at what the customer owes');
    assert.match(pageRes.text, new RegExp(`<a href="/app/documents/invoices/${invoice.id}">${invoice.name}</a>`), 'its invoice, linked');
    assert.match(pageRes.text, /id="st-mail_to"[^>]*value="ana@cliente\.example"/, '"To" starts with the customer\'s contacts');
    const pdf = await fetch(`${s.url}/app/customers/${id}/statement/pdf?date_start=${today().slice(0, 8)}01&date_end=${today()}`, { headers: { cookie: owner.cookie } });
    assert.equal(pdf.status, 200);
    assert.equal(pdf.headers.get('content-disposition'), `attachment; filename="estado-de-cuenta-${identification}-${today().slice(0, 8)}01-${today()}.pdf"`);
    assert.equal(Buffer.from(await pdf.arrayBuffer()).subarray(0, 5).toString(), '%PDF-');

    const csrf = await owner.csrf();
    const bad = await owner.send('POST', `/app/customers/${id}/statement/mail`, { _csrf: csrf, date_end: today(), mail_to: 'no es un correo', copy_to: '' });
    assert.equal(bad.status, 400);
    assert.match(bad.text, /id="err-mail_to"/, 'refused under its field');
    assert.match(bad.text, /value="no es un correo"/, 'what was typed is kept');
    assert.deepEqual(await statements(), []);

    const sent = await owner.send('POST', `/app/customers/${id}/statement/mail`, { _csrf: csrf, date_end: today(), mail_to: '', copy_to: '' });
    assert.equal(sent.status, 303, sent.text.slice(0, 500));
    assert.match(sent.headers.get('location') ?? '', /ok=mail/);
    let rows = await statements();
    for (let i = 0; i < 100 && rows[0]?.status !== 'sent'; i++) { await new Promise((ok) => setTimeout(ok, 100)); rows = await statements(); }
    assert.deepEqual(rows, [{ company_id: co, mail_to: null, status: 'sent', customer_id: Number(id) }]);
    // Without SMTP_URL the message is an .eml file under DATA_DIR (the embedded storage's; on a PostgreSQL server the
    // test service has none: console-story checks the message there through an SMTP server).
    if (s.dataDir) {
      const dir = path.join(s.dataDir, 'outbox-mail');
      const eml = fs.readdirSync(dir).map((f) => fs.readFileSync(path.join(dir, f), 'utf8')).find((t) => /Estado de cuenta 52000777/.test(t));
      assert.ok(eml, 'the statement\'s e-mail was written');
      assert.ok(/^To: ana@cliente\.example$/m.test(eml), 'to the customer\'s contact');
      assert.ok(/Content-Type: application\/pdf;\s+name=estado-de-cuenta-52000777-\d{4}-\d{2}-01-\d{4}-\d{2}-\d{2}\.pdf/.test(eml), 'the PDF attached');
    }
    const after = await owner.send('GET', `/app/customers/${id}/statement?date_end=${today()}`);
    assert.match(after.text.slice(after.text.indexOf('id="st-mails"')), /Contactos del cliente<\/td>\s*<td>Enviado/);
  });

  test('a period that ends before it starts: the API\'s reason; a viewer cannot send; another company\'s customer is 404', async () => {
    const id = invoice.customer.id;
    const bad = await owner.send('GET', `/app/customers/${id}/statement?date_start=${today()}&date_end=2020-01-01`);
    assert.equal(bad.status, 400);
    assert.match(bad.text, /role="alert"/);
    const made = await adminOf(s).post(`/companies/${co}/console-users`, { email: 'lector-cartera@demo-co.example', password: 'solo leer la cartera 7', role: 'viewer' });
    assert.equal(made.status, 201, JSON.stringify(made.body));
    const viewer = new ConsoleClient(s);
    assert.equal((await viewer.login('lector-cartera@demo-co.example', 'solo leer la cartera 7')).status, 303);
    const read = await viewer.send('GET', `/app/customers/${id}/statement`);
    assert.equal(read.status, 200);
    assert.doesNotMatch(read.text, /id="st-mail"/, 'no form to send it');
    const before = (await statements()).length;
    assert.equal((await viewer.send('POST', `/app/customers/${id}/statement/mail`, { _csrf: await viewer.csrf(), mail_to: 'x@y.example' })).status, 403);
    const mx = new ConsoleClient(s);
    assert.equal((await mx.login(DEMO_CONSOLE.mx.email, DEMO_CONSOLE.mx.password)).status, 303);
    assert.equal((await mx.send('GET', `/app/customers/${id}/statement`)).status, 404);
    assert.equal((await mx.send('GET', `/app/customers/${id}/statement/pdf`)).status, 404);
    assert.equal((await mx.send('POST', `/app/customers/${id}/statement/mail`, { _csrf: await mx.csrf(), mail_to: 'x@y.example' })).status, 404);
    assert.equal((await statements()).length, before, 'nothing stored');
  });

  test('an invoice lists its debit note and the receipt that paid it; the debit note its receipt; files named by number', async () => {
    const { types, pays } = await noteRefs(s);
    const r = await coRefs(s);
    const nd = await s.as('co').post('/v1/debit-notes', { document: { id: types.ND.id }, date: today(), invoice: invoice.id, reason: 1, seller: r.seller.id,
      items: [{ code: 'LIBRO01', quantity: 1, price: 40, taxes: [] }], payments: [{ id: pays['ND.Credit'].id, value: 40, due_date: '2099-12-31' }] });
    assert.equal(nd.status, 201, JSON.stringify(nd.body));
    const rc = await s.as('co').post('/v1/vouchers', debtPayment(await rcRefs(s), { identification, branch_office: 0 },
      [{ due: dueOf(invoice, 1), value: 500 }, { due: dueOf(invoice, 2), value: 40 }]));
    assert.equal(rc.status, 201, JSON.stringify(rc.body));
    const inv = (await owner.send('GET', `/app/documents/invoices/${invoice.id}`)).text;
    const related = inv.slice(inv.indexOf('id="doc-related"'), inv.indexOf('id="h-files"'));
    assert.match(related, new RegExp(`<a href="/app/documents/debit-notes/${nd.body.id}">${nd.body.name}</a>`));
    assert.match(related, new RegExp(`<a href="/app/documents/vouchers/${rc.body.id}">${rc.body.name}</a></td><td>Recibo de caja</td><td>[^<]*</td>\\s*<td class="num">\\$\\s540,00`));
    // 2,500.00 + 40.00 of the debit note − 540.00 received = 2,000.00.
    assert.match(inv, /<dt>Notas débito a crédito<\/dt><dd data-sign="\+">\+ \$\s40,00/);
    assert.match(inv, /id="doc-balance" class="sum">\$\s2\.000,00/);
    const note = (await owner.send('GET', `/app/documents/debit-notes/${nd.body.id}`)).text;
    assert.match(note, new RegExp(`<a href="/app/documents/vouchers/${rc.body.id}">${rc.body.name}</a></td><td>Recibo de caja</td><td>[^<]*</td>\\s*<td class="num">\\$\\s40,00`));
    const receipt = (await owner.send('GET', `/app/documents/vouchers/${rc.body.id}`)).text;
    assert.match(receipt, new RegExp(`Nota débito <a href="/app/documents/debit-notes/${nd.body.id}">${nd.body.name}</a>, cuota 2</td><td class="num">\\$\\s40,00`));
    const file = await fetch(`${s.url}/app/documents/debit-notes/${nd.body.id}/pdf`, { headers: { cookie: owner.cookie } });
    assert.equal(file.status, 200);
    assert.match(file.headers.get('content-disposition') ?? '', new RegExp(`filename="${nd.body.name}\\.pdf"`));
    assert.match(note, new RegExp(`download="${nd.body.name}\\.pdf"`));
  });
});
