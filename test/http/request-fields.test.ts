/**
 * Issue 34 point 10 (and issue 33 point 10): a field a request body's schema does not name is
 * refused (400 parameter_not_allowed at its JSON path) and nothing is written, in every body of
 * both countries; the fields of the reference API's (Siigo's) wire format that the service does
 * not use are accepted, dropped, and never stored.
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { eachStorage, problems, startTestServer, type TestServer } from '../support/server';
import { coRefs, noteRefs, today, validInvoice, type CoRefs } from '../support/co';
import { mxInvoice, mxRefs, MX_APP, type MxRefs } from '../support/mx';
import { mainCustomer, rcRefs, type RcRefs } from '../support/vouchers';

eachStorage('unknown fields of a request body', (storage) => {
  let s: TestServer;
  let r: CoRefs;
  let v: RcRefs;
  let m: MxRefs;
  let notes: Awaited<ReturnType<typeof noteRefs>>;
  before(async () => {
    s = await startTestServer(storage);
    [r, v, m, notes] = await Promise.all([coRefs(s), rcRefs(s), mxRefs(s), noteRefs(s)]);
  });
  after(() => s.close());
  const count = async (table: string) => (await s.db.query(`SELECT count(*)::int AS n FROM ${table}`))[0].n as number;

  /** Sends `body` and asserts 400 with exactly the `expected` problems, and that `table` gained no row. */
  async function refused(country: 'co' | 'mx', path: string, table: string, body: unknown, expected: string[], headers?: Record<string, string>) {
    const before = await count(table);
    const res = await s.as(country).post(path, body, headers);
    assert.equal(res.status, 400, `${path}: ${JSON.stringify(res.body)}`);
    assert.deepEqual(problems(res).sort(), [...expected].sort(), JSON.stringify(res.body));
    assert.match(res.body.Errors[0].Message, /is not a field of/);
    assert.equal(await count(table), before, `${path} wrote nothing`);
  }

  test('Colombian invoice: currency_code at the top, a field of a line, of a payment, of a customer reference; the preview too', async () => {
    await refused('co', '/v1/invoices', 'invoices', validInvoice(r, { currency_code: 'USD' }), ['parameter_not_allowed@currency_code']);
    const inv = validInvoice(r);
    await refused('co', '/v1/invoices', 'invoices', { ...inv, items: [{ ...inv.items[0], unit_price: 5 }] }, ['parameter_not_allowed@items[0].unit_price']);
    await refused('co', '/v1/invoices', 'invoices', { ...inv, payments: [{ ...inv.payments[0], due: '2026-12-01' }] }, ['parameter_not_allowed@payments[0].due']);
    await refused('co', '/v1/invoices', 'invoices', { ...inv, currency: { code: 'COP', rate: 1 } }, ['parameter_not_allowed@currency.rate']);
    await refused('co', '/v1/invoices', 'invoices', { ...inv, customer: { ...inv.customer, email: 'x@example.com' } }, ['parameter_not_allowed@customer.email']);
    await refused('co', '/v1/invoices/preview', 'invoices', validInvoice(r, { stamp: { send: false, now: true } }), ['parameter_not_allowed@stamp.now']);
    // The same invoice without the unknown field is accepted.
    assert.equal((await s.as('co').post('/v1/invoices', inv)).status, 201);
  });

  test('credit and debit notes, vouchers, customers, products, mail: the unknown field is named', async () => {
    const inv = (await s.as('co').post('/v1/invoices', validInvoice(r))).body;
    const note = {
      document: { id: notes.types.NC.id }, date: today(), invoice: inv.id, reason: 1, seller: r.seller.id,
      items: [{ code: 'PORT14', quantity: 1, price: 100, taxes: [{ id: r.taxOf('IVA', 19).id }] }],
      payments: [{ id: notes.pays['NC.Credit'].id, value: 119 }],
    };
    await refused('co', '/v1/credit-notes', 'notes', { ...note, concept: 1 }, ['parameter_not_allowed@concept']);
    await refused('co', '/v1/debit-notes', 'notes', { ...note, document: { id: notes.types.ND.id }, payments: [{ id: notes.pays['ND.Credit'].id, value: 119, due_date: '2099-12-31', note: 'x' }] },
      ['parameter_not_allowed@payments[0].note']);
    await refused('co', '/v1/vouchers', 'vouchers', {
      document: { id: v.type.RC.id }, date: today(), type: 'AdvancePayment', customer: mainCustomer(r), payment: { id: v.pay.Cash.id, value: 10, currency: 'COP' },
    }, ['parameter_not_allowed@payment.currency']);
    const customer = {
      person_type: 'Person', id_type: '13', identification: '1061799901', name: ['Ana', 'Gómez'],
      address: { address: 'Calle 1', city: { country_code: 'CO', state_code: '11', city_code: '11001', district: 'Chapinero' } },
    };
    await refused('co', '/v1/customers', 'customers', { ...customer, email: 'ana@example.com' },
      ['parameter_not_allowed@email', 'parameter_not_allowed@address.city.district']);
    await refused('co', '/v1/products', 'products', { code: 'NUEVO1', name: 'Nuevo', taxes: [{ id: r.taxOf('IVA', 19).id, rate: 19 }], price: 10 },
      ['parameter_not_allowed@price', 'parameter_not_allowed@taxes[0].rate']);
    const mailed = await s.as('co').post(`/v1/invoices/${inv.id}/mail`, { mail_to: 'a@example.com', bcc: 'b@example.com' });
    assert.deepEqual(problems(mailed), ['parameter_not_allowed@bcc']);
  });

  test('Mexican invoice, credit note and payment receipt: unknown fields refused, nothing stored', async () => {
    await refused('mx', '/v1/invoices', 'invoices', mxInvoice(m, undefined, undefined, { currency_code: 'USD' }), ['parameter_not_allowed@currency_code'], MX_APP);
    await refused('mx', '/v1/invoices', 'invoices', mxInvoice(m, [{ code: 'LAP14', quantity: 2, price: 1500, discount: 300, colour: 'red' }]),
      ['parameter_not_allowed@items[0].colour'], MX_APP);
    const note = await s.as('mx').post('/v1/credit-notes', { document: { id: m.creditNote }, foo: 1 }, MX_APP);
    assert.equal(note.status, 400);
    assert.ok(problems(note).includes('parameter_not_allowed@foo'), JSON.stringify(note.body));
    const receipt = await s.as('mx').post('/v1/payments', { document: { id: m.receipt }, bar: true }, MX_APP);
    assert.equal(receipt.status, 400);
    assert.ok(problems(receipt).includes('parameter_not_allowed@bar'), JSON.stringify(receipt.body));
  });

  test('the reference API\'s fields this service does not use are accepted, dropped, never stored', async () => {
    const created = await s.as('co').post('/v1/customers', {
      person_type: 'Person', id_type: '13', identification: '1061799902', name: ['Luis', 'Mora'],
      address: { address: 'Calle 2', city: { country_code: 'CO', state_code: '11', city_code: '11001' }, street: 'x', colony: 'y' },
      rfc_id: 'XAXX010101000', fiscal_regime: '601', guid: '8e6d5b5e-0000-0000-0000-000000000000',
    });
    assert.equal(created.status, 201, JSON.stringify(created.body));
    for (const k of ['rfc_id', 'fiscal_regime', 'guid']) assert.ok(!(k in created.body), `${k} not answered`);
    assert.ok(!('street' in created.body.address) && !('colony' in created.body.address));
    const [row] = await s.db.query('SELECT address::text AS a FROM customers WHERE id = $1', [created.body.id]);
    assert.doesNotMatch(row.a, /street|colony/, 'not stored');
    // A product with the SDK's product_id and key, and taxes as the answer names them.
    const iva = r.taxOf('IVA', 19);
    const product = await s.as('co').post('/v1/products', { code: 'SIIGO1', name: 'Del SDK', product_id: 'abc', key: 'k', taxes: [{ id: iva.id, name: iva.name, type: 'IVA', percentage: 19 }] });
    assert.equal(product.status, 201, JSON.stringify(product.body));
    assert.deepEqual(product.body.taxes.map((t: any) => t.id), [iva.id]);
    assert.ok(!('product_id' in product.body) && !('key' in product.body));
    // The mail body of the SDK's SendInvoiceByEmailCommand carries the document's guid.
    const inv = (await s.as('co').post('/v1/invoices', validInvoice(r))).body;
    const mailed = await s.as('co').post(`/v1/invoices/${inv.id}/mail`, { mail_to: 'a@example.com', guid: inv.id });
    assert.ok(mailed.status < 300, JSON.stringify(mailed.body));
  });
});
