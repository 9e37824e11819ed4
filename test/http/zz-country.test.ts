/**
 * Issue 54, point 3: a country is a folder. Zedland (ZZ, test/support/zedland.ts: its own identification and tax, no
 * authority) is registered for this file only, and a company of it goes through the generic HTTP path on its own base
 * address (/zz/v1): created by the administration API (the countries table takes the registry's codes at the start,
 * migration 077), a customer, a product, a plain invoice with its VAT, read and listed, a cash receipt paying it, and
 * the trial balance balanced. Nothing here names Zedland's code in the service: it answers from what ZZ says.
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { eachStorage, startTestServer, type TestServer } from '../support/server';
import { ADMIN_TOKEN, adminOf, ok } from '../support/admin';
import { registerZedland, zid } from '../support/zedland';
import { pdfText } from '../support/pdf';

eachStorage('a test-only country over HTTP', (storage) => {
  let s: TestServer;
  let unregister: () => void;
  before(async () => {
    unregister = registerZedland();
    s = await startTestServer(storage, { ADMIN_TOKEN });
  });
  after(async () => {
    await s?.close();
    unregister?.();
  });

  test('a Zedland company: customer, product, invoice with VAT, read, list, receipt, balanced ledger', async () => {
    const admin = adminOf(s);
    const place = { country_code: 'ZZ', state_code: '01', city_code: '001' };
    const bad = await admin.post('/companies', { country: 'ZZ', legal_name: 'Zed Tools', tax_id: '12345', address: { address: 'Main St 1', city: place } });
    assert.equal(bad.status, 400, 'Zedland\'s own rule refuses a wrong last digit');
    assert.match(JSON.stringify(bad.body), /sum of the others/);
    const taxId = zid(String(1000 + Math.floor(Math.random() * 9000)));
    const company = ok(await admin.post('/companies', { country: 'ZZ', legal_name: 'Zed Tools', tax_id: taxId, address: { address: 'Main St 1', city: place } }), 201);
    assert.equal(company.country, 'ZZ');
    assert.equal(company.time_zone, 'Europe/Madrid');
    const user = ok(await admin.post(`/companies/${company.id}/api-users`, { username: `zed-${company.id}` }), 201);
    const auth = ok(await s.call('POST', '/zz/auth', { body: { username: user.username, access_key: user.access_key } }));
    const zz = s.with(async () => auth.access_token, '/zz');

    const taxes = await zz.list('/v1/taxes');
    assert.deepEqual(taxes.map((t: any) => [t.name, t.type, t.percentage]), [['VAT 20%', 'VAT', 20]]);
    const [fv] = await zz.list('/v1/document-types?type=FV');
    const [rc] = await zz.list('/v1/document-types?type=RC');
    const credit = (await zz.list('/v1/payment-types?document_type=FV')).find((p: any) => p.type === 'Credit');
    const cash = (await zz.list('/v1/payment-types?document_type=RC')).find((p: any) => p.type === 'Cash');
    const seller = ok(await admin.post(`/companies/${company.id}/sellers`, { username: `seller-${company.id}`, first_name: 'Zed' }), 201);

    // A customer identifies by Zedland's own documents: a DIAN type is refused, a ZID is checked by Zedland's rule.
    const acme = { person_type: 'Company', identification: zid('5550'), name: ['Acme Zed'], address: { address: 'High St 2', city: place } };
    const dian = await zz.post('/v1/customers', { ...acme, id_type: '31' });
    assert.equal(dian.status, 400);
    assert.deepEqual(dian.body.Errors.map((e: any) => e.Params), [['id_type']], JSON.stringify(dian.body));
    assert.match(JSON.stringify(dian.body), /ZID, PAS/, 'the error lists Zedland\'s types');
    const wrong = await zz.post('/v1/customers', { ...acme, id_type: 'zid', identification: '55502' });
    assert.equal(wrong.status, 400);
    assert.match(JSON.stringify(wrong.body), /sum of the others/);
    const customer = ok(await zz.post('/v1/customers', { ...acme, id_type: 'zid' }), 201);
    assert.deepEqual(customer.id_type, { code: 'ZID', name: 'Zedland identity number' });
    assert.equal(ok(await zz.get(`/v1/customers/${customer.id}`)).id_type.name, 'Zedland identity number');
    ok(await zz.post('/v1/products', { code: 'BOLT', name: 'Bolt', taxes: [{ id: taxes[0].id }], prices: [{ position: 1, value: 10 }] }), 201);

    const cedula = await zz.post('/v1/invoices', {
      document: { id: fv.id }, date: new Date().toISOString().slice(0, 10), seller: seller.id,
      customer: { person_type: 'Person', id_type: '13', identification: 'X1234', name: ['Zed', 'Doe'], address: { address: 'Low St 3', city: place } },
      items: [{ code: 'BOLT', quantity: 1, price: 10, taxes: [{ id: taxes[0].id }] }], payments: [{ id: credit.id, value: 12, due_date: '2099-12-31' }],
    });
    assert.equal(cedula.status, 400, 'a customer created with an invoice takes Zedland\'s types too');
    assert.deepEqual(cedula.body.Errors.map((e: any) => e.Params), [['customer.id_type']], JSON.stringify(cedula.body));
    const created = await zz.post('/v1/invoices', {
      document: { id: fv.id }, date: new Date().toISOString().slice(0, 10), customer: { identification: customer.identification, branch_office: 0 }, seller: seller.id,
      items: [{ code: 'BOLT', quantity: 3, price: 10, taxes: [{ id: taxes[0].id }] }],
      payments: [{ id: credit.id, value: 36, due_date: '2099-12-31' }],
    });
    assert.equal(created.status, 201, JSON.stringify(created.body));
    const inv = created.body;
    assert.equal(inv.total, 36, '30 and its VAT of 20 %');
    assert.equal(inv.taxes_total, 6);
    assert.deepEqual(inv.currency, { code: 'EUR', exchange_rate: 1 }, 'in Zedland\'s currency');
    assert.equal(inv.prefix, 'F', 'Zedland\'s invoice prefix');

    const read = ok(await zz.get(`/v1/invoices/${inv.id}`));
    assert.equal(read.total, 36);
    assert.equal(read.balance, 36);
    const listed = await zz.list('/v1/invoices');
    assert.deepEqual(listed.map((i: any) => i.id), [inv.id]);

    ok(await zz.post('/v1/vouchers', {
      document: { id: rc.id }, date: inv.date, type: 'DebtPayment', customer: { identification: customer.identification, branch_office: 0 },
      items: [{ due: { prefix: inv.prefix, consecutive: inv.number, quote: 1 }, value: 36 }], payment: { id: cash.id, value: 36 },
    }), 201);
    assert.equal(ok(await zz.get(`/v1/invoices/${inv.id}`)).balance, 0, 'paid by the receipt');

    // The PDF is drawn on the worker threads, which register Zedland too: its ZIDs, its time zone, its number format.
    const pdf = (await pdfText(Buffer.from(ok(await zz.get(`/v1/invoices/${inv.id}/pdf`)).base64, 'base64'))).text;
    for (const line of [`ZID: ${taxId}`, `ZID: ${customer.identification}`, 'Total EUR $ 36,00', 'Son: TREINTA Y SEIS EUROS Y 00 CÉNTIMOS']) assert.ok(pdf.includes(line), `${line} in ${pdf}`);
    assert.match(pdf, /Hora: [0-9]{2}:[0-9]{2}:[0-9]{2}\+0[12]:00/, 'the time in Europe/Madrid, with its offset');

    const tb = ok(await zz.get(`/v1/reports/trial-balance?date_start=${inv.date}&date_end=${inv.date}`));
    assert.equal(tb.balanced, true);
    assert.deepEqual(tb.accounts.filter((x: any) => x.debits || x.credits).map((x: any) => [x.code, x.name, x.debits, x.credits]), [
      // Zedland's own chart: the invoice and the receipt post to the accounts its country names, none of Colombia's.
      ['4300', 'Trade debtors', 36, 36], ['4770', 'VAT payable', 0, 6], ['5700', 'Cash', 36, 0], ['7000', 'Sales', 0, 30],
    ]);
    assert.equal((await s.as('co').get(`/v1/invoices/${inv.id}`)).status, 404, 'a company of another country never sees it');
  });
});
