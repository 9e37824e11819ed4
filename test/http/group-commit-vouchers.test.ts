/**
 * Issue 37: cash receipt vouchers under group commit (a wide window here, so
 * that batches surely form). Vouchers that arrive together are written by the
 * voucher kernel's batch writer (writeVouchers) in one transaction, numbered
 * in request order without a gap; what is still owed on a due item is decided
 * inside the batch, in order: of four receipts for 400.00 on a 1,130.50 due
 * item, two are written (800.00 paid, 330.50 left) and two get their own 400
 * and take no number. What is stored is what the single path stores.
 */
import { before, after, test } from 'node:test';
import assert from 'node:assert/strict';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { eachStorage, problems, startTestServer, type TestServer } from '../support/server';
import { coRefs, type CoRefs } from '../support/co';
import { creditInvoice, debtPayment, dueOf, mainCustomer, rcRefs, type RcRefs } from '../support/vouchers';
import { vouchersInBatches } from '../../src/vouchers/kernel';
import { sleep } from '../support/profile';

eachStorage('group commit: vouchers', (storage) => {
  let s: TestServer;
  let r: CoRefs;
  let v: RcRefs;
  before(async () => {
    s = await startTestServer(storage, { GROUP_COMMIT_MS: '40', GROUP_COMMIT_MAX: '16', WEBHOOK_ALLOW_PRIVATE: '1' });
    r = await coRefs(s);
    v = await rcRefs(s);
  });
  after(() => s?.close());

  const numbersOf = async (cid: number) => (await s.db.query('SELECT number FROM vouchers WHERE company_id = $1 AND document_type_id = $2 ORDER BY number', [cid, v.type.RC.id]))
    .map((x) => Number(x.number));

  test('receipts for the same last pesos in one batch: decided in order, the refused get their own 400 and take no number', async () => {
    const customer = mainCustomer(r);
    const inv = await creditInvoice(s, r, { amount: 1130.5 });
    const other = await creditInvoice(s, r, { amount: 250 });
    const [{ company_id: cid }] = await s.db.query('SELECT company_id FROM invoices WHERE id = $1', [inv.id]);
    const before = { ...vouchersInBatches };
    const numbersBefore = await numbersOf(cid);
    const answers = await Promise.all([
      ...Array.from({ length: 4 }, (_, i) => s.as('co').post('/v1/vouchers', debtPayment(v, customer, [{ due: dueOf(inv), value: 400 }], { observations: `race ${i}` }))),
      s.as('co').post('/v1/vouchers', debtPayment(v, customer, [{ due: dueOf(other), value: 250 }], { observations: 'other' })),
    ]);
    const ok = answers.filter((a) => a.status === 201);
    const refused = answers.filter((a) => a.status !== 201);
    assert.equal(ok.length, 3, JSON.stringify(answers.map((a) => [a.status, a.body])));
    assert.ok(ok.some((a) => a.body.observations === 'other'));
    for (const a of refused) {
      assert.equal(a.status, 400);
      assert.deepEqual(problems(a), ['invalid_value@items[0].value']);
      assert.match(a.body.Errors[0].Message, /still owed .* \(330\.50\): another payment was applied first/);
    }
    assert.ok(vouchersInBatches.together - before.together >= 2, `written together: ${JSON.stringify(vouchersInBatches)}`);
    assert.equal(vouchersInBatches.refused - before.refused, 2, 'refused inside the batch, in order');

    // Numbers: consecutive after the earlier ones, none taken by the refused.
    const last = numbersBefore.length ? numbersBefore[numbersBefore.length - 1] : 0;
    assert.deepEqual(ok.map((a) => a.body.number).sort((a, b) => a - b), [last + 1, last + 2, last + 3]);
    assert.deepEqual(await numbersOf(cid), [...numbersBefore, last + 1, last + 2, last + 3]);
    const [{ consecutive }] = await s.db.query('SELECT consecutive FROM document_types WHERE company_id = $1 AND id = $2', [cid, v.type.RC.id]);
    assert.equal(Number(consecutive), last + 4);

    // Stored as the single path stores it: paid, balance, applications, a balanced entry named after the voucher, the answer read back.
    assert.deepEqual(await s.db.query('SELECT amount::text, paid::text FROM due_items WHERE invoice_id = $1', [inv.id]), [{ amount: '1130.50', paid: '800.00' }]);
    assert.equal((await s.as('co').get(`/v1/invoices/${inv.id}`)).body.balance, 330.5);
    assert.equal((await s.as('co').get(`/v1/invoices/${other.id}`)).body.balance, 0);
    for (const a of ok) {
      const value = a.body.observations === 'other' ? '250.00' : '400.00';
      assert.deepEqual(await s.db.query('SELECT amount::text FROM voucher_applications WHERE voucher_id = $1', [a.body.id]), [{ amount: value }]);
      const entry = await s.db.query(
        `SELECT e.description, l.account_code, l.debit::text, l.credit::text, l.third_party FROM journal_entries e JOIN journal_lines l ON l.entry_id = e.id
          WHERE e.company_id = $1 AND e.source_id = $2 AND e.source_kind = 'voucher' ORDER BY l.line_no`, [cid, a.body.id]);
      assert.deepEqual(entry.map((x) => [x.description, x.account_code, x.debit, x.credit]), [
        [`Recibo de caja ${a.body.name}`, '13050501', '0.00', value], [`Recibo de caja ${a.body.name}`, '11050501', value, '0.00']]);
      assert.equal(entry[0].third_party, customer.identification);
      const read = await s.as('co').get(`/v1/vouchers/${a.body.id}`);
      assert.equal(read.status, 200);
      assert.deepEqual({ ...read.body, metadata: undefined }, { ...a.body, metadata: undefined }, 'read back as answered');
      assert.equal(a.body.name, `RC-${v.type.RC.id}-${a.body.number}`);
    }
    // The refused wrote nothing.
    const [{ n }] = await s.db.query(`SELECT count(*)::int AS n FROM vouchers WHERE company_id = $1 AND document->>'observations' LIKE 'race %'`, [cid]);
    assert.equal(n, 2);
  });

  test('invoices and vouchers in one batch; a hand-sent voucher number already used is refused alone', async () => {
    const customer = mainCustomer(r);
    const inv = await creditInvoice(s, r, { amount: 500 });
    const used = (await s.as('co').post('/v1/vouchers', debtPayment(v, customer, [{ due: dueOf(inv), value: 100 }]))).body.number as number;
    const answers = await Promise.all([
      s.as('co').post('/v1/vouchers', debtPayment(v, customer, [{ due: dueOf(inv), value: 100 }], { number: used, document: { id: v.type.RC.id } })),
      s.as('co').post('/v1/vouchers', debtPayment(v, customer, [{ due: dueOf(inv), value: 150 }])),
      s.as('co').post('/v1/vouchers', debtPayment(v, customer, [{ due: dueOf(inv), value: 150 }])),
      creditInvoice(s, r, { amount: 70 }).then((body) => ({ status: 201, body })),
    ]);
    assert.equal(answers[0].status, 400, JSON.stringify(answers[0].body));
    assert.deepEqual(problems(answers[0]), ['duplicated_document@number']);
    for (const a of answers.slice(1)) assert.equal(a.status, 201, JSON.stringify(a.body));
    assert.deepEqual([answers[1].body.number, answers[2].body.number].sort((a, b) => a - b), [used + 1, used + 2]);
    assert.deepEqual(await s.db.query('SELECT paid::text FROM due_items WHERE invoice_id = $1', [inv.id]), [{ paid: '400.00' }]);
  });
  test('a company with webhooks: its vouchers are batched, each with its one voucher.created event (a delivery per subscription derived from it)', async () => {
    const co = s.as('co');
    const rx = http.createServer((req, res) => { req.resume(); req.on('end', () => res.writeHead(204).end()); });
    await new Promise<void>((ok) => rx.listen(0, '127.0.0.1', ok));
    const hook = await co.post('/v1/webhooks', { url: `http://127.0.0.1:${(rx.address() as AddressInfo).port}/hooks`, events: ['voucher.created'] });
    assert.equal(hook.status, 201, JSON.stringify(hook.body));
    try {
      await sleep(300); // the company's cached row learns it has webhooks
      const customer = mainCustomer(r);
      const invs = await Promise.all(Array.from({ length: 4 }, () => creditInvoice(s, r, { amount: 100 })));
      const before = { ...vouchersInBatches };
      const answers = await Promise.all(invs.map((inv, i) => co.post('/v1/vouchers', debtPayment(v, customer, [{ due: dueOf(inv), value: 100 }], { observations: `hooked ${i}` }))));
      for (const a of answers) assert.equal(a.status, 201, JSON.stringify(a.body));
      assert.ok(vouchersInBatches.together - before.together >= 2, `written together: ${JSON.stringify(vouchersInBatches)}`);
      const ids = answers.map((a) => a.body.id as string);
      const [{ company_id: cid }] = await s.db.query('SELECT company_id FROM vouchers WHERE id = $1', [ids[0]]);
      const events = await s.db.query('SELECT type, doc_id FROM events WHERE company_id = $1 AND doc_id = ANY($2::uuid[]) ORDER BY doc_id', [cid, ids]);
      assert.deepEqual(events, [...ids].sort().map((id) => ({ type: 'voucher.created', doc_id: id })));
      // The dispatcher derives a delivery per subscription from the events, and writes its row with its outcome.
      const deliveries = () => s.db.query(
        `SELECT d.doc_id, d.type, d.doc_kind, d.webhook_id, d.status FROM webhook_deliveries d WHERE d.company_id = $1 AND d.doc_id = ANY($2::text[]) ORDER BY d.doc_id`, [cid, ids]);
      for (const end = Date.now() + 15_000; (await deliveries()).length < ids.length && Date.now() < end;) await sleep(50);
      assert.deepEqual(await deliveries(), [...ids].sort().map((id) => ({ doc_id: id, type: 'voucher.created', doc_kind: 'voucher', webhook_id: hook.body.id, status: 'delivered' })));
      // The invoices paid were created while the webhook took only vouchers' events: no delivery for them.
      assert.deepEqual(await s.db.query('SELECT count(*)::int AS n FROM webhook_deliveries WHERE company_id = $1 AND doc_id = ANY($2::text[])', [cid, invs.map((x) => x.id)]), [{ n: 0 }]);
    } finally {
      assert.equal((await co.delete(`/v1/webhooks/${hook.body.id}`)).status, 200);
      rx.closeAllConnections();
      await new Promise((ok) => rx.close(ok));
    }
  });
});
