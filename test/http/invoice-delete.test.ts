/**
 * DELETE /v1/invoices/{id} over HTTP, on each storage: an invoice that never
 * reached the tax authority and that no receipt pays is deleted ({id,
 * deleted: true}), keeps its number, has its journal entry and due items
 * reversed (the trial balance stays balanced), and is no longer read, listed,
 * paid, annulled, stamped, mailed or printed, while its row stays for audit;
 * a retry answers the same; accepted, stamped, pending and paid invoices are
 * refused with the reason; concurrent deletes and payments never both win.
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import crypto from 'node:crypto';
import { eachStorage, problems, startTestServer, type TestServer } from '../support/server';
import { coRefs, today, validInvoice, type CoRefs } from '../support/co';
import { creditInvoice, debtPayment, dueOf, newCustomer, rcRefs, type RcRefs } from '../support/vouchers';
import { MX_APP, mxInvoice, mxRefs, type MxRefs } from '../support/mx';

eachStorage('invoice deletion', (storage) => {
  let s: TestServer;
  let r: CoRefs;
  let v: RcRefs;
  let mx: MxRefs;
  before(async () => { s = await startTestServer(storage); [r, v, mx] = await Promise.all([coRefs(s), rcRefs(s), mxRefs(s)]); });
  after(() => s.close());

  const del = async (id: string, country: 'co' | 'mx' = 'co') => s.call('DELETE', `${country === 'mx' ? '/mx' : ''}/v1/invoices/${id}`, { token: await s.token(country) });
  const created = (res: any) => { assert.equal(res.status, 201, JSON.stringify(res.body)); return res.body; };
  /** Net debit − credit per account of every journal entry of a document, in cents, zero lines left out. */
  const net = async (id: string) => {
    const rows = await s.db.query(`SELECT l.account_code, sum(l.debit - l.credit)::text AS net FROM journal_lines l JOIN journal_entries e ON e.id = l.entry_id
      WHERE e.source_id = $1 GROUP BY l.account_code HAVING sum(l.debit - l.credit) <> 0 ORDER BY 1`, [id]);
    return rows.map((x) => [x.account_code, x.net]);
  };
  const kinds = async (id: string) => (await s.db.query('SELECT source_kind FROM journal_entries WHERE source_id = $1 ORDER BY id', [id])).map((e) => e.source_kind);
  const balanced = async () => {
    const tb = await s.as('co').get('/v1/reports/trial-balance');
    assert.equal(tb.status, 200);
    assert.equal(tb.body.balanced, true, JSON.stringify(tb.body.totals));
    return tb.body;
  };

  test('a Draft cash invoice: {id, deleted: true}; gone from reads and lists, kept in the database; entry reversed; a retry answers the same', async () => {
    const inv = created(await s.as('co').post('/v1/invoices', validInvoice(r)));
    const revenueBefore = (await balanced()).accounts.find((a: any) => a.code === '41359501')?.closing_balance ?? 0;
    assert.deepEqual(await net(inv.id), [['11050501', '1130.50'], ['24080501', '-180.50'], ['41359501', '-950.00']]);
    const res = await del(inv.id);
    assert.equal(res.status, 200, JSON.stringify(res.body));
    assert.deepEqual(res.body, { id: inv.id, deleted: true });
    assert.deepEqual(await kinds(inv.id), ['invoice', 'invoice_deletion']);
    assert.deepEqual(await net(inv.id), [], 'the deletion entry mirrors the invoice\'s');
    const reversal = await s.db.query(`SELECT e.date, e.description FROM journal_entries e WHERE e.source_id = $1 AND e.source_kind = 'invoice_deletion'`, [inv.id]);
    assert.deepEqual(reversal, [{ date: inv.date, description: `Eliminación de la factura ${inv.name}` }]);
    const tb = await balanced();
    assert.equal(tb.accounts.find((a: any) => a.code === '41359501').closing_balance, revenueBefore + 950, 'revenue given back');

    assert.equal((await s.as('co').get(`/v1/invoices/${inv.id}`)).status, 404);
    assert.deepEqual((await s.as('co').get(`/v1/invoices?name=${inv.name}`)).body.results, []);
    const all = await s.as('co').get('/v1/invoices?page_size=100');
    assert.ok(!all.body.results.some((x: any) => x.id === inv.id));
    for (const [method, path] of [['POST', 'annul'], ['POST', 'stamp'], ['POST', 'mail'], ['GET', 'pdf'], ['GET', 'xml'], ['GET', 'stamp/errors']]) {
      const again = await s.call(method, `/v1/invoices/${inv.id}/${path}`, { token: await s.token('co'), body: method === 'POST' ? {} : undefined });
      assert.equal(again.status, 404, `${method} ${path}: ${JSON.stringify(again.body)}`);
    }
    assert.equal((await s.as('co').put(`/v1/invoices/${inv.id}`, validInvoice(r))).status, 404);
    const [row] = await s.db.query('SELECT name, number, deleted_at, balance::text FROM invoices WHERE id = $1', [inv.id]);
    assert.ok(row.deleted_at instanceof Date, 'kept for audit, marked deleted');
    assert.deepEqual([row.name, row.number, row.balance], [inv.name, inv.number, '0.00']);

    // A retry, sent as clients often send a DELETE: Content-Type application/json and an empty body.
    const retry = await s.call('DELETE', `/v1/invoices/${inv.id}`, { token: await s.token('co'), raw: '', headers: { 'content-type': 'application/json' } });
    assert.deepEqual([retry.status, retry.body], [200, { id: inv.id, deleted: true }]);
    assert.deepEqual(await kinds(inv.id), ['invoice', 'invoice_deletion'], 'no second reversal');
    assert.equal((await del(crypto.randomUUID())).status, 404);
    assert.equal((await del(inv.id, 'mx')).status, 404, 'not an invoice of the Mexican company');
    assert.deepEqual(problems(await del('not-a-uuid')), ['invalid_value@id']);
  });

  test('its number stays used: the next invoice takes the following one, and sending it again is duplicated_document', async () => {
    const typeBefore = (await s.as('co').get(`/v1/document-types/${r.type.FV.id}`)).body.consecutive;
    const last = created(await s.as('co').post('/v1/invoices', validInvoice(r)));
    assert.equal(last.number, typeBefore);
    assert.equal((await del(last.id)).status, 200);
    assert.equal((await s.as('co').get(`/v1/document-types/${r.type.FV.id}`)).body.consecutive, typeBefore + 1, 'the counter does not move back');
    const next = created(await s.as('co').post('/v1/invoices', validInvoice(r)));
    assert.equal(next.number, last.number + 1);
    assert.deepEqual(problems(await s.as('co').post('/v1/invoices', validInvoice(r, { number: last.number }))), ['duplicated_document@number']);
    // A type numbered by hand: the deleted number cannot be taken again either.
    const manual = created(await s.as('co').post('/v1/invoices', validInvoice(r, { document: { id: r.type['FV-MAN'].id }, number: 777123 })));
    assert.equal((await del(manual.id)).status, 200);
    assert.deepEqual(problems(await s.as('co').post('/v1/invoices', validInvoice(r, { document: { id: r.type['FV-MAN'].id }, number: 777123 }))), ['duplicated_document@number']);
  });

  test('a credit invoice: its due items are reversed, leave the receivables report and can no longer be paid', async () => {
    const customer = { identification: '7200000001', branch_office: 0 };
    const inv = await creditInvoice(s, r, { amount: 800, customer: newCustomer(customer.identification) });
    const ar = async () => (await s.as('co').get(`/v1/reports/accounts-receivable?customer_identification=${customer.identification}`)).body.customers;
    assert.equal((await ar())[0].totals.total, 800);
    assert.equal((await del(inv.id)).status, 200);
    assert.deepEqual(await ar(), []);
    assert.deepEqual(await s.db.query('SELECT annulled, account_code FROM due_items WHERE invoice_id = $1', [inv.id]), [{ annulled: true, account_code: '13050501' }]);
    assert.deepEqual(await net(inv.id), []);
    assert.deepEqual(problems(await s.as('co').post('/v1/vouchers', debtPayment(v, customer, [{ due: dueOf(inv), value: 100 }]))), ['invalid_reference@items[0].due']);
    await balanced();
  });

  test('paid by a receipt: refused naming it; once the receipt is annulled, deleted', async () => {
    const customer = { identification: '7200000002', branch_office: 0 };
    const inv = await creditInvoice(s, r, { amount: 500, customer: newCustomer(customer.identification) });
    const paid = created(await s.as('co').post('/v1/vouchers', debtPayment(v, customer, [{ due: dueOf(inv), value: 200 }])));
    const refused = await del(inv.id);
    assert.deepEqual(problems(refused), ['invalid_document@id']);
    assert.match(refused.body.Errors[0].Message, new RegExp(`paid by cash receipts ${paid.name}: annul them first`));
    assert.equal((await s.as('co').get(`/v1/invoices/${inv.id}`)).body.balance, 300, 'nothing changed');
    assert.deepEqual(await kinds(inv.id), ['invoice']);
    assert.equal((await s.as('co').post(`/v1/vouchers/${paid.id}/annul`, {})).status, 200);
    assert.equal((await del(inv.id)).status, 200);
    assert.deepEqual(await net(inv.id), []);
    await balanced();
  });

  test('an annulled invoice is deleted without a second reversal', async () => {
    const inv = created(await s.as('co').post('/v1/invoices', validInvoice(r)));
    assert.equal((await s.as('co').post(`/v1/invoices/${inv.id}/annul`, {})).status, 200);
    assert.equal((await del(inv.id)).status, 200);
    assert.deepEqual(await kinds(inv.id), ['invoice', 'invoice_annulment']);
    assert.deepEqual(await net(inv.id), []);
  });

  test('electronic invoices: Accepted refused (credit note), Pending refused (wait), Draft and Rejected deleted with their waiting mail dropped', async () => {
    const accepted = created(await s.as('co').post('/v1/invoices', validInvoice(r, { document: { id: r.type['FV-E'].id }, date: today(), stamp: { send: true } })));
    assert.equal(accepted.stamp.status, 'Accepted');
    const refused = await del(accepted.id);
    assert.deepEqual(problems(refused), ['invalid_document@id']);
    assert.match(refused.body.Errors[0].Message, /accepted by the DIAN: it is cancelled with a credit note/);
    assert.equal((await s.as('co').get(`/v1/invoices/${accepted.id}`)).status, 200);

    const draft = created(await s.as('co').post('/v1/invoices', validInvoice(r, { document: { id: r.type['FV-E'].id }, date: today() })));
    await s.db.query(`UPDATE invoices SET stamp_status = 'Pending' WHERE id = $1`, [draft.id]); // as while the outbox sends it
    const pending = await del(draft.id);
    assert.deepEqual(problems(pending), ['invalid_document@id']);
    assert.match(pending.body.Errors[0].Message, /is Pending with the tax authority: wait for its answer/);
    await s.db.query(`UPDATE invoices SET stamp_status = 'Draft' WHERE id = $1`, [draft.id]);
    assert.equal((await del(draft.id)).status, 200, 'a Draft of an electronic type never reached the DIAN');

    const [co] = await s.db.query("SELECT company_id, check_digit FROM companies WHERE is_demo AND country = 'CO'");
    await s.db.query('UPDATE companies SET check_digit = $2 WHERE company_id = $1', [co.company_id, String((Number(co.check_digit) + 1) % 10)]);
    let rejected: any;
    try {
      rejected = created(await s.as('co').post('/v1/invoices', validInvoice(r, { document: { id: r.type['FV-E'].id }, date: today(), stamp: { send: true }, mail: { send: true } })));
    } finally {
      await s.db.query('UPDATE companies SET check_digit = $2 WHERE company_id = $1', [co.company_id, co.check_digit]);
    }
    assert.deepEqual([rejected.stamp.status, rejected.mail.status], ['Rejected', 'pending_send']);
    assert.equal((await del(rejected.id)).status, 200);
    assert.deepEqual(await s.db.query(`SELECT status, observations FROM mails WHERE doc_id = $1`, [rejected.id]),
      [{ status: 'failed_delivery', observations: `Not sent: invoice ${rejected.name} was deleted` }]);
    assert.equal((await s.as('co').post(`/v1/invoices/${rejected.id}/stamp`, {})).status, 404, 'a deleted invoice is never sent to the DIAN');
    await balanced();
  });

  test('Mexico: a CFDI never stamped is deleted the same way; a stamped one is refused (cancelled with the SAT)', async () => {
    const draft = created(await s.as('mx').post('/v1/invoices', mxInvoice(mx), MX_APP));
    const res = await del(draft.id, 'mx');
    assert.deepEqual([res.status, res.body], [200, { id: draft.id, deleted: true }]);
    assert.equal((await s.as('mx').get(`/v1/invoices/${draft.id}`)).status, 404);
    assert.deepEqual(await net(draft.id), []);
    assert.deepEqual(await kinds(draft.id), ['invoice', 'invoice_deletion']);
    const stamped = created(await s.as('mx').post('/v1/invoices', mxInvoice(mx, undefined, undefined, { stamp: { send: true } }), MX_APP));
    assert.equal(stamped.stamp.status, 'Accepted', JSON.stringify(stamped.stamp));
    const refused = await del(stamped.id, 'mx');
    assert.deepEqual(problems(refused), ['invalid_document@id']);
    assert.match(refused.body.Errors[0].Message, /stamped CFDI: it is cancelled with the SAT/);
    assert.equal((await del(stamped.id, 'co')).status, 404, 'not an invoice of the Colombian company');
    const mxTb = await s.as('mx').get('/v1/reports/trial-balance');
    assert.equal(mxTb.body.balanced, true);
  });

  test('concurrent deletes: one reversal; a delete racing a payment: exactly one of them wins', async () => {
    const inv = created(await s.as('co').post('/v1/invoices', validInvoice(r)));
    const answers = await Promise.all(Array.from({ length: 6 }, () => del(inv.id)));
    assert.deepEqual(answers.map((a) => a.status), [200, 200, 200, 200, 200, 200]);
    assert.deepEqual(await kinds(inv.id), ['invoice', 'invoice_deletion']);

    for (let round = 0; round < 4; round++) {
      const customer = { identification: `720000010${round}`, branch_office: 0 };
      const credit = await creditInvoice(s, r, { amount: 300, customer: newCustomer(customer.identification) });
      const [d, p] = await Promise.all([del(credit.id), s.as('co').post('/v1/vouchers', debtPayment(v, customer, [{ due: dueOf(credit), value: 300 }]))]);
      assert.ok((d.status === 200) !== (p.status === 201), `round ${round}: delete ${d.status} ${JSON.stringify(d.body)}, payment ${p.status} ${JSON.stringify(p.body)}`);
      const [due] = await s.db.query('SELECT annulled, paid::text FROM due_items WHERE invoice_id = $1', [credit.id]);
      if (d.status === 200) {
        assert.deepEqual(problems(p), ['invalid_reference@items[0].due']);
        assert.deepEqual(due, { annulled: true, paid: '0.00' });
        assert.deepEqual(await net(credit.id), []);
      } else {
        assert.deepEqual(problems(d), ['invalid_document@id']);
        assert.deepEqual(due, { annulled: false, paid: '300.00' });
        assert.equal((await s.as('co').get(`/v1/invoices/${credit.id}`)).body.balance, 0);
      }
    }
    await balanced();
  });
});
