/**
 * Issue 34 point 2: no document is dated after today in the company's time zone (invoices,
 * previews, credit and debit notes, vouchers; Mexican documents take today's date themselves),
 * 400 invalid_date on `date`, nothing written, no number taken. Point 9: a date field sent as a
 * date-time (what Siigo's SDK makes of a JavaScript Date) is that instant's date in the company's
 * time zone.
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { eachStorage, problems, startTestServer, type TestServer } from '../support/server';
import { coRefs, noteRefs, today, validInvoice, type CoRefs } from '../support/co';
import { mainCustomer, rcRefs, type RcRefs } from '../support/vouchers';

/** The day after `day` (yyyy-MM-dd). */
const nextDay = (day: string) => new Date(Date.parse(`${day}T12:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

eachStorage('document dates', (storage) => {
  let s: TestServer;
  let r: CoRefs;
  let v: RcRefs;
  let notes: Awaited<ReturnType<typeof noteRefs>>;
  before(async () => {
    s = await startTestServer(storage);
    [r, v, notes] = await Promise.all([coRefs(s), rcRefs(s), noteRefs(s)]);
  });
  after(() => s.close());
  const count = async (table: string) => (await s.db.query(`SELECT count(*)::int AS n FROM ${table}`))[0].n as number;
  const consecutive = async (typeId: number) => Number((await s.db.query('SELECT consecutive FROM document_types WHERE id = $1', [typeId]))[0].consecutive);

  async function future(path: string, table: string, typeId: number, body: unknown, message: RegExp) {
    const [rows, number] = [await count(table), await consecutive(typeId)];
    const res = await s.as('co').post(path, body);
    assert.equal(res.status, 400, `${path}: ${JSON.stringify(res.body)}`);
    assert.deepEqual(problems(res), ['invalid_date@date'], JSON.stringify(res.body));
    assert.match(res.body.Errors[0].Message, message);
    assert.equal(await count(table), rows, 'nothing written');
    assert.equal(await consecutive(typeId), number, 'no number taken');
  }

  test('an invoice, its preview, a credit note, a debit note and a voucher dated tomorrow or in 2030 are refused', async () => {
    const tomorrow = nextDay(today());
    await future('/v1/invoices', 'invoices', r.type.FV.id, validInvoice(r, { date: tomorrow }), new RegExp(`An invoice cannot be dated after today \\(${today()}, America/Bogota\\)`));
    await future('/v1/invoices/preview', 'invoices', r.type.FV.id, validInvoice(r, { date: '2030-01-01' }), /2030-01-01 is in the future/);
    const inv = (await s.as('co').post('/v1/invoices', validInvoice(r))).body;
    const note = (type: any, pay: any) => ({
      document: { id: type.id }, date: '2030-01-01', invoice: inv.id, reason: 1, seller: r.seller.id,
      items: [{ code: 'PORT14', quantity: 1, price: 100, taxes: [{ id: r.taxOf('IVA', 19).id }] }], payments: [{ id: pay.id, value: 119, ...(pay === notes.pays['ND.Credit'] ? { due_date: '2099-12-31' } : {}) }],
    });
    await future('/v1/credit-notes', 'notes', notes.types.NC.id, note(notes.types.NC, notes.pays['NC.Credit']), /A credit note cannot be dated after today/);
    await future('/v1/debit-notes', 'notes', notes.types.ND.id, note(notes.types.ND, notes.pays['ND.Credit']), /A debit note cannot be dated after today/);
    await future('/v1/vouchers', 'vouchers', v.type.RC.id, {
      document: { id: v.type.RC.id }, date: tomorrow, type: 'AdvancePayment', customer: mainCustomer(r), payment: { id: v.pay.Cash.id, value: 10 },
    }, /A voucher cannot be dated after today/);
    // Today is accepted.
    assert.equal((await s.as('co').post('/v1/invoices/preview', validInvoice(r, { date: today() }))).status, 200);
  });

  test('a date sent as a date-time is that instant\'s date in Bogotá', async () => {
    // 04:59:59Z is still the previous evening in Bogotá (UTC-5); 05:00Z is midnight of the day written.
    const day = today();
    const yesterday = new Date(Date.parse(`${day}T12:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
    const early = await s.as('co').post('/v1/invoices', validInvoice(r, { date: `${day}T04:59:59.000Z` }));
    assert.equal(early.status, 201, JSON.stringify(early.body));
    assert.equal(early.body.date, yesterday);
    const [stored] = await s.db.query('SELECT date::text AS d FROM invoices WHERE id = $1', [early.body.id]);
    assert.equal(stored.d, yesterday);
    const midnight = await s.as('co').post('/v1/invoices', validInvoice(r, { date: `${day}T05:00:00.000Z` }));
    assert.equal(midnight.body.date, day);
    const offset = await s.as('co').post('/v1/invoices', validInvoice(r, { date: `${day}T00:30:00-05:00`, payments: [{ id: r.pay.Credit.id, value: 1130.5, due_date: `${nextDay(day)}T04:00:00Z` }] }));
    assert.equal(offset.status, 201, JSON.stringify(offset.body));
    assert.equal(offset.body.date, day);
    assert.equal(offset.body.payments[0].due_date, day, 'a due date too');
    // Without an offset: a wall-clock time in Bogotá, its date as written.
    assert.equal((await s.as('co').post('/v1/invoices/preview', validInvoice(r, { date: `${day}T23:30:00` }))).body.date, day);
    // A date-time of tomorrow in Bogotá is refused as any future date; one that is not a date-time stays refused.
    assert.deepEqual(problems(await s.as('co').post('/v1/invoices/preview', validInvoice(r, { date: `${nextDay(day)}T06:00:00Z` }))), ['invalid_date@date']);
    assert.deepEqual(problems(await s.as('co').post('/v1/invoices/preview', validInvoice(r, { date: `${day}T25:00:00Z` }))), ['invalid_date@date']);
  });
});
