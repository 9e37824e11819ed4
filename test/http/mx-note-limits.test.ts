/**
 * What a Mexican credit note may credit (issue 33, point 7), through HTTP on
 * both storages: only products the related invoices sold, never more than is
 * left of each in value and in units (a return takes its units back, a
 * cancelled return gives them back); a refund (cash, bank) never above what was collected on the
 * invoices less earlier refunds; every refusal a 400 with its path that writes
 * nothing; two notes racing for the last peso: one wins.
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { eachStorage, problems, startTestServer, type TestServer } from '../support/server';
import { mxDocRefs, mxDocs } from '../support/mx-docs';

eachStorage('what a credit note may credit', (storage) => {
  let s: TestServer;
  let d: ReturnType<typeof mxDocs>;
  before(async () => {
    s = await startTestServer(storage);
    d = mxDocs(s, await mxDocRefs(s));
  });
  after(() => s.close());

  const notes = async () => Number((await s.db.query(`SELECT count(*)::int AS n FROM notes WHERE kind = 'NC'`))[0].n);

  test('only the products the invoices sold, and of each what is left', async () => {
    // LAP14 2 × 1,000 and CONSULT 1 × 500: 2,500 + IVA 400 = 2,900.00.
    const inv = await d.invoice([{ code: 'LAP14', quantity: 2, price: 1000 }, { code: 'CONSULT', quantity: 1, price: 500 }], 2900);
    const before = await notes();
    assert.deepEqual(problems(await d.note([inv.id], [{ code: 'BOTANA45', quantity: 1, price: 10 }])), ['invalid_value@items[0].code'], 'not sold on it');
    assert.deepEqual(problems(await d.note([inv.id], [{ code: 'CONSULT', quantity: 1, price: 500.01 }])), ['invalid_value@items[0]'], '500.00 of CONSULT was sold');
    assert.deepEqual(problems(await d.note([inv.id], [{ code: 'LAP14', quantity: 1, price: 1500 }, { code: 'LAP14', quantity: 1, price: 500.01 }, { code: 'CONSULT', quantity: 1, price: 1 }])),
      ['invalid_value@items[1]'], 'two lines of one product count together: 2,000.01 of the 2,000.00 of LAP14 sold');
    assert.equal(await notes(), before, 'nothing written');

    const a = await d.note([inv.id], [{ code: 'CONSULT', quantity: 1, price: 300 }]);
    assert.equal(a.status, 201, JSON.stringify(a.body));
    // 500 − 300 = 200.00 of CONSULT left.
    assert.deepEqual(problems(await d.note([inv.id], [{ code: 'CONSULT', quantity: 1, price: 200.01 }])), ['invalid_value@items[0]']);
    const b = await d.note([inv.id], [{ code: 'CONSULT', quantity: 1, price: 200 }]);
    assert.equal(b.status, 201, JSON.stringify(b.body));
    // Cancelled, a note gives its products back.
    assert.equal((await d.cancel('credit-notes', a.body.id)).status, 200);
    assert.equal((await d.note([inv.id], [{ code: 'CONSULT', quantity: 1, price: 300 }])).status, 201);
  });

  test('a refund never above what was collected less earlier refunds', async () => {
    const inv = await d.invoice([{ code: 'LAP14', quantity: 1, price: 1000 }], 1160);
    const refund = (price: number, form = '03') => d.note([inv.id], [{ code: 'LAP14', quantity: 1, price }], { payment_form: form });
    const before = await notes();
    assert.deepEqual(problems(await refund(1)), ['invalid_value@items'], 'nothing collected yet');
    assert.deepEqual(problems(await refund(1, '01')), ['invalid_value@items'], 'in cash neither');
    assert.equal(await notes(), before, 'nothing written');
    const paid = await d.pay(inv.id, 580);
    assert.equal(paid.status, 201, JSON.stringify(paid.body));
    // 580.00 collected: a refund of 500 + 80 IVA fits, one cent more does not.
    assert.deepEqual(problems(await refund(500.01)), ['invalid_value@items']);
    const first = await refund(300);
    assert.equal(first.status, 201, JSON.stringify(first.body));
    assert.equal(first.body.total, 348);
    assert.deepEqual(await d.entry(first.body.id), [['102.01', '0.00', '348.00'], ['208.01', '48.00', '0.00'], ['402.01', '300.00', '0.00']]);
    // 580 − 348 = 232.00 left to refund: 200 + 32.
    assert.deepEqual(problems(await refund(200.01)), ['invalid_value@items']);
    assert.equal((await refund(200)).status, 201);
    assert.equal(await d.balance(inv.id), 580, 'a refund leaves the balance alone');
    // A PUE invoice was collected when issued: its whole total may be refunded.
    const pue = await d.invoice([{ code: 'LAP14', quantity: 1, price: 100 }], 116, {}, 'PUE');
    assert.equal((await d.note([pue.id], [{ code: 'LAP14', quantity: 1, price: 100 }], { payment_form: '01' })).status, 201);
  });

  test('units: never more than the invoices sold less what live returns took back', async () => {
    // LAP14 2 × 1,000 and CONSULT 1 × 500: 2,900.00.
    const inv = await d.invoice([{ code: 'LAP14', quantity: 2, price: 1000 }, { code: 'CONSULT', quantity: 1, price: 500 }], 2900);
    const note = (quantity: number, price: number, reason?: string) => d.note([inv.id], [{ code: 'LAP14', quantity, price }], reason ? { reason } : {});
    const before = await notes();
    assert.deepEqual(problems(await note(3, 100, 'return')), ['invalid_value@items[0].quantity'], '3 units of the 2 sold, though 300.00 of 2,000.00 fits');
    assert.deepEqual(problems(await note(3, 100)), ['invalid_value@items[0].quantity'], 'a discount names units still sold too');
    assert.deepEqual(problems(await d.note([inv.id], [{ code: 'LAP14', quantity: 2, price: 10 }, { code: 'LAP14', quantity: 1, price: 10 }], { reason: 'return' })),
      ['invalid_value@items[1].quantity'], 'two lines of one product count together');
    assert.deepEqual(problems(await note(1, 1, 'exchange')), ['invalid_value@reason']);
    assert.equal(await notes(), before, 'nothing written');

    const back = await note(1, 1000, 'return');
    assert.equal(back.status, 201, JSON.stringify(back.body));
    assert.equal(back.body.reason, 'return');
    // 2 − 1 = 1 unit left: a discount on 2 units is refused, on 1 it is written (and takes no unit).
    assert.deepEqual(problems(await note(2, 10)), ['invalid_value@items[0].quantity']);
    const off = await note(1, 10);
    assert.equal(off.status, 201, JSON.stringify(off.body));
    assert.equal(off.body.reason, 'discount');
    // The last unit returned for what is left of its value: 2,000 − 1,000 − 10 = 990.00.
    const last = await note(1, 990, 'return');
    assert.equal(last.status, 201, JSON.stringify(last.body));
    assert.deepEqual(problems(await note(1, 0.01, 'return')), ['invalid_value@items[0].quantity', 'invalid_value@items[0]'], 'no unit and no value left');
    // The first return cancelled: its unit (and its 1,000.00) come back.
    assert.equal((await d.cancel('credit-notes', back.body.id)).status, 200);
    assert.deepEqual(problems(await note(2, 1, 'return')), ['invalid_value@items[0].quantity'], 'one unit back, not two');
    assert.equal((await note(1, 1000, 'return')).status, 201);
  });

  test('two returns racing for the last unit: one wins', async () => {
    // LAP14 1 × 1,000 (1,160.00): two returns of it at 100.00 (116.00 each) fit in value and balance; only one unit was sold.
    const inv = await d.invoice([{ code: 'LAP14', quantity: 1, price: 1000 }], 1160);
    const before = await notes();
    const both = await Promise.all([0, 1].map(() => d.note([inv.id], [{ code: 'LAP14', quantity: 1, price: 100 }], { reason: 'return' })));
    assert.deepEqual(both.map((r) => r.status).sort(), [201, 400], JSON.stringify(both.map((r) => r.body)));
    assert.deepEqual(problems(both.find((r) => r.status === 400)!), ['invalid_value@items[0].quantity']);
    assert.equal(await notes(), before + 1);
    assert.equal(await d.balance(inv.id), 1044);
  });

  test('two notes racing for the last peso of an invoice: one wins', async () => {
    const inv = await d.invoice([{ code: 'LAP14', quantity: 1, price: 1000 }], 1160);
    const before = await notes();
    const both = await Promise.all([0, 1].map(() => d.note([inv.id], [{ code: 'LAP14', quantity: 1, price: 600 }])));
    assert.deepEqual(both.map((r) => r.status).sort(), [201, 400], JSON.stringify(both.map((r) => r.body)));
    assert.deepEqual(problems(both.find((r) => r.status === 400)!), ['invalid_value@items', 'invalid_value@items[0]']);
    assert.equal(await notes(), before + 1);
    assert.equal(await d.balance(inv.id), 464);
  });
});
