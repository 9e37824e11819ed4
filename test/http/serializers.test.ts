/**
 * Each document's serializer (its answer.ts: stored row → answer) against the OpenAPI document the service serves.
 * Every kind of document is created over HTTP; then its HTTP answer (GET /…/{id}) and what its serializer makes of its
 * stored row, read from the database, are both validated against the response schema of that route in /openapi.json,
 * and must be the same. The schemas are first checked to bite: closed (additionalProperties: false) with their fields
 * required, so that an answer with a field too many or one missing fails, as the last test shows on each.
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import type { ValidateFunction } from 'ajv';
import { eachStorage, startTestServer, type TestServer } from '../support/server';
import { coRefs, noteRefs, today, validInvoice } from '../support/co';
import { mainCustomer, rcRefs } from '../support/vouchers';
import { MX_APP, mxInvoice, mxRefs, stamped } from '../support/mx';
import { bodyAjv } from '../../src/platform/validation';
import { STORED_COLUMNS } from '../../src/platform/stored';
import { MX_STORED_COLUMNS } from '../../src/countries/mx/sat/stored';
import { coInvoiceAnswer } from '../../src/invoices/co/answer';
import { mxInvoiceAnswer } from '../../src/invoices/mx/answer';
import { noteAnswer } from '../../src/notes/answer';
import { mxCreditNoteAnswer } from '../../src/notes/mx-answer';
import { paymentAnswer } from '../../src/payments/answer';
import { voucherAnswer } from '../../src/vouchers/answer';
import { ticketAnswer } from '../../src/tickets/answer';

/** One document: the route that reads it, its id, and what its serializer makes of its stored row. */
interface Made { route: string; base: '' | '/mx'; id: string; serialized: () => Promise<unknown> }

/** The figure a document comes to: a payment receipt's amount, every other's total. */
const money = (route: string) => (route.includes('payments') ? 'amount' : 'total');

/** What a serializer answers as the wire carries it (an absent optional field is undefined in memory). */
const wire = (x: unknown) => JSON.parse(JSON.stringify(x));

eachStorage('serializers against the served OpenAPI', (storage) => {
  let s: TestServer;
  let openapi: any;
  const made: Made[] = [];
  const row = async (sql: string, id: string) => {
    const [r] = await s.db.query(sql, [id]);
    assert.ok(r, `a row for ${id}`);
    return r;
  };

  before(async () => {
    s = await startTestServer(storage);
    openapi = (await s.call('GET', '/openapi.json')).body;
    const co = s.as('co'), mx = s.as('mx');
    const created = async (p: Promise<{ status: number; body: any }>) => {
      const r = await p;
      assert.equal(r.status, 201, JSON.stringify(r.body));
      return r.body;
    };

    // Colombia: an invoice on credit, its credit and debit notes, and the cash receipt that pays it.
    const r = await coRefs(s);
    const { types, pays } = await noteRefs(s);
    const v = await rcRefs(s);
    const customer = mainCustomer(r);
    const invoice = await created(co.post('/v1/invoices', validInvoice(r, { customer, observations: 'Serializadores',
      items: [{ code: 'LIBRO01', quantity: 2, price: 500, taxes: [] }], payments: [{ id: r.pay.Credit.id, value: 1000, due_date: '2099-12-31' }] })));
    const credit = await created(co.post('/v1/credit-notes', { document: { id: types.NC.id }, date: today(), invoice: invoice.id, reason: 3, seller: r.seller.id,
      items: [{ code: 'LIBRO01', quantity: 1, price: 100, taxes: [] }], payments: [{ id: pays['NC.Credit'].id, value: 100 }] }));
    const debit = await created(co.post('/v1/debit-notes', { document: { id: types.ND.id }, date: today(), invoice: invoice.id, reason: 1, seller: r.seller.id,
      items: [{ code: 'INTERES', quantity: 1, price: 25, taxes: [] }], payments: [{ id: pays['ND.Credit'].id, value: 25, due_date: '2099-12-31' }] }));
    const voucher = await created(co.post('/v1/vouchers', { document: { id: v.type.RC.id }, date: today(), type: 'DebtPayment', customer,
      items: [{ due: { prefix: invoice.prefix, consecutive: invoice.number, quote: 1 }, value: 800 }], payment: { id: v.pay.Cash.id, value: 800 } }));
    const coNotes = `SELECT invoice_id, kind, id, name, total FROM notes WHERE invoice_id = $1 AND NOT annulled ORDER BY created_at, number`;
    made.push(
      { route: '/v1/invoices/{id}', base: '', id: invoice.id, serialized: async () => coInvoiceAnswer(
        await row(`SELECT ${[...STORED_COLUMNS, 'balance', 'stamp_cufe'].join(', ')} FROM invoices WHERE id = $1`, invoice.id), await s.db.query(coNotes, [invoice.id])) },
      { route: '/v1/credit-notes/{id}', base: '', id: credit.id, serialized: async () => noteAnswer(await row(`SELECT ${[...STORED_COLUMNS, 'stamp_cude'].join(', ')} FROM notes WHERE id = $1`, credit.id)) },
      { route: '/v1/debit-notes/{id}', base: '', id: debit.id, serialized: async () => noteAnswer(await row(`SELECT ${[...STORED_COLUMNS, 'stamp_cude'].join(', ')} FROM notes WHERE id = $1`, debit.id)) },
      { route: '/v1/vouchers/{id}', base: '', id: voucher.id, serialized: async () => voucherAnswer(await row('SELECT document, annulled, mail_status, mail_observations, updated_at FROM vouchers WHERE id = $1', voucher.id)) },
    );

    // Mexico: a PPD invoice, stamped, that a payment receipt pays and a credit note corrects; a ticket.
    const m = await mxRefs(s);
    const ppd = await stamped(s, 'invoices', await created(mx.post('/v1/invoices', mxInvoice(m, [{ code: 'LAP14', quantity: 5, price: 2000 }], 11600,
      { payment: { method: 'PPD', conditions: { id: m.toDefine, value: 11600, due_date: '2099-12-31' } }, stamp: { send: true } }), MX_APP)));
    assert.equal(ppd.stamp.status, 'Accepted');
    const payment = await created(mx.post('/v1/payments', { document: { id: m.receipt }, date: new Date(Date.now() - 60_000).toISOString(),
      customer: { rfc_id: 'XIA190128J61', branch_office: 0 }, payment_form: '03', amount: 5800, operation_number: 'SPEI-1', invoices: [{ id: ppd.id, amount: 5800 }] }));
    const note = await created(mx.post('/v1/credit-notes', { document: { id: m.creditNote }, invoices: [{ id: ppd.id }], payment_form: '17',
      items: [{ code: 'LAP14', quantity: 1, price: 100 }] }));
    const ticket = await created(mx.post('/v1/tickets', { items: [{ code: 'GEN001', quantity: 2, price: 100, discount: 10 }], payment_form: '01', branch: 'Centro' }));
    made.push(
      { route: '/mx/v1/invoices/{id}', base: '/mx', id: ppd.id, serialized: async () => mxInvoiceAnswer(
        await row(`SELECT ${[...STORED_COLUMNS, 'balance', 'stamp_uuid', 'cancellation'].join(', ')} FROM invoices WHERE id = $1`, ppd.id)) },
      { route: '/mx/v1/payments/{id}', base: '/mx', id: payment.id, serialized: async () => paymentAnswer(await row(`SELECT ${MX_STORED_COLUMNS.join(', ')} FROM payments WHERE id = $1`, payment.id)) },
      { route: '/mx/v1/credit-notes/{id}', base: '/mx', id: note.id, serialized: async () => mxCreditNoteAnswer(await row(`SELECT ${MX_STORED_COLUMNS.join(', ')} FROM notes WHERE id = $1`, note.id)) },
      // An open ticket: in no invoice (the joins of src/tickets/read.ts find none).
      { route: '/mx/v1/tickets/{id}', base: '/mx', id: ticket.id, serialized: async () => ticketAnswer({ ...(await row(
        'SELECT document, self_invoice_until::text AS until FROM tickets WHERE id = $1', ticket.id)), global_id: null, global_name: null, self_id: null, self_name: null }, s.url) },
    );
  });
  after(async () => { await s?.close(); });

  const validators = new Map<string, ValidateFunction>();
  /** The route's 200 answer schema as /openapi.json serves it (its $refs to components put in place), compiled as it is. */
  const served = (route: string) => {
    let v = validators.get(route);
    if (v) return v;
    const inline = (x: any): any => (Array.isArray(x) ? x.map(inline) : x && typeof x === 'object'
      ? (typeof x.$ref === 'string' ? inline(x.$ref.split('/').slice(1).reduce((o: any, k: string) => o[k], openapi))
        : Object.fromEntries(Object.entries(x).filter(([k]) => k !== 'example').map(([k, y]) => [k, inline(y)]))) : x);
    const schema = inline(openapi.paths[route]?.get?.responses?.['200']?.content?.['application/json']?.schema);
    assert.equal(schema?.type, 'object', `${route} answers an object`);
    validators.set(route, (v = bodyAjv.compile(schema)));
    return v;
  };
  const valid = (route: string, answer: unknown) => {
    const v = served(route);
    return v(structuredClone(answer)) ? null : JSON.stringify(v.errors?.slice(0, 5).map((e) => `${e.instancePath} ${e.message}`));
  };

  test('the served schemas bite: closed to fields they do not name, every document field required', () => {
    assert.equal(made.length, 8);
    for (const { route } of made) {
      const schema = (served(route).schema ?? {}) as { additionalProperties?: unknown; required?: string[]; properties?: Record<string, unknown> };
      assert.equal(schema.additionalProperties, false, `${route}: additionalProperties false`);
      const required = schema.required ?? [];
      for (const field of route.includes('tickets') ? ['id', 'folio', 'items', 'total', 'status', 'self_invoice', 'metadata'] : ['id', 'name', 'date', money(route), 'mail', 'metadata', 'annulled']) {
        assert.ok(required.includes(field), `${route}: ${field} required`);
      }
      if (!route.includes('vouchers') && !route.includes('tickets')) assert.ok(required.includes('stamp'), `${route}: stamp required`);
    }
  });

  test('each document: its HTTP answer and its serializer\'s output match the served schema and each other', async () => {
    for (const d of made) {
      const http = await s.call('GET', `${d.base}${d.route.replace(/^\/mx/, '').replace('{id}', d.id)}`, { token: await s.token(d.base ? 'mx' : 'co') });
      assert.equal(http.status, 200, `${d.route}: ${JSON.stringify(http.body)}`);
      assert.equal(valid(d.route, http.body), null, `${d.route}: the HTTP answer`);
      const serialized = wire(await d.serialized());
      assert.equal(valid(d.route, serialized), null, `${d.route}: the serializer's output`);
      assert.deepEqual(serialized, http.body, `${d.route}: the serializer's output is the answer`);
    }
  });

  test('a field too many, a required field missing or of another type: each fails the served schema', async () => {
    for (const d of made) {
      const answer = wire(await d.serialized());
      assert.match(valid(d.route, { ...answer, stored_extra: 1 }) ?? '', /must NOT have additional properties/, `${d.route}: a field too many`);
      const { id: _id, ...missing } = answer;
      assert.match(valid(d.route, missing) ?? '', /must have required property 'id'/, `${d.route}: id missing`);
      const m = money(d.route);
      assert.equal(typeof answer[m], 'number');
      assert.match(valid(d.route, { ...answer, [m]: String(answer[m]) }) ?? '', new RegExp(`/${m} must be number`), `${d.route}: its ${m} in a string`);
    }
  });
});
