/**
 * Cancelling stamped CFDIs with the SAT through the sandbox provider, on both
 * storages: motive 02 at once; motive 01 with its substitute, on an invoice
 * old and large enough to wait for the receiver, who accepts (or rejects);
 * an invoice a receipt pays waits for the receipt's cancellation; only
 * Cancelled reverses the ledger and the receivable; every wrong request is a
 * 400 with its path.
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import crypto from 'node:crypto';
import { eachStorage, problems, startTestServer, type TestServer } from '../support/server';
import { MX_APP, mxToday, stamped } from '../support/mx';
import { answerAsReceiver, cfdiTotal, SandboxCancellations } from '../../src/countries/mx/sat/cancel';

const CUSTOMER = { rfc_id: 'XIA190128J61', branch_office: 0 };

eachStorage('CFDI cancellation', (storage) => {
  let s: TestServer;
  let ref: any;
  before(async () => {
    s = await startTestServer(storage);
    const all = s.as('mx').list;
    const [types, pays, users] = await Promise.all([all('/v1/document-types'), all('/v1/payment-types?document_type=FV'), all('/v1/users')]);
    ref = { type: Object.fromEntries(types.map((t) => [t.code, t])), seller: users.find((u) => u.active).id, pay: Object.fromEntries(pays.map((p) => [p.name, p])) };
  });
  after(() => s.close());

  const mx = () => s.as('mx');
  /** A stamped invoice of LAP14 1 × price with IVA 16 %, PUE (cash) or PPD. */
  const invoice = async (price: number, method: 'PUE' | 'PPD' = 'PUE', extra: object = {}) => {
    const total = Math.round(price * 116) / 100;
    const res = await mx().post('/v1/invoices', {
      document: { id: ref.type['FV-A'].id }, customer: CUSTOMER, seller: ref.seller, use: 'G03', items: [{ code: 'LAP14', quantity: 1, price }],
      payment: { method, conditions: method === 'PUE' ? { id: ref.pay.Contado.id, value: total, due_date: mxToday() } : { id: ref.pay['Por definir'].id, value: total, due_date: '2099-12-31' } },
      stamp: { send: true }, ...extra,
    }, MX_APP);
    assert.equal(res.status, 201, JSON.stringify(res.body));
    const doc = await stamped(s, 'invoices', res.body);
    assert.equal(doc.stamp.status, 'Accepted');
    return doc;
  };
  const cancel = (id: string, body: object, path = 'invoices') => mx().post(`/v1/${path}/${id}/cancel`, body);
  /** The invoice's journal: Σ debits per account of its entries (the entry and, once cancelled, its reversal). */
  const net = async (id: string) => (await s.db.query(
    `SELECT l.account_code, sum(l.debit - l.credit)::text AS net FROM journal_lines l JOIN journal_entries e ON e.id = l.entry_id
      WHERE e.source_id = $1 GROUP BY 1 ORDER BY 1`, [id])).map((r) => [r.account_code, r.net]);
  const owed = async () => {
    const ar = (await mx().get(`/v1/reports/accounts-receivable?date=2099-12-31&customer_identification=${CUSTOMER.rfc_id}`)).body;
    const tb = (await mx().get('/v1/reports/trial-balance')).body;
    assert.equal(tb.balanced, true);
    return { open: ar.customers.reduce((t: number, c: any) => t + Math.round(c.totals.total * 100), 0), account: Math.round((tb.accounts.find((a: any) => a.code === '105.01')?.closing_balance ?? 0) * 100) };
  };
  /** Issued more than 24 hours ago, as far as the provider can tell. */
  const age = (id: string) => s.db.query(`UPDATE invoices SET created_at = now() - interval '2 days' WHERE id = $1`, [id]);

  test('motive 02: cancelled at once, annulled, its journal entry reversed; asked again: 400', async () => {
    const inv = await invoice(500);
    const res = await cancel(inv.id, { motive: '02' });
    assert.equal(res.status, 200, JSON.stringify(res.body));
    assert.equal(res.body.annulled, true);
    assert.deepEqual({ ...res.body.cancellation, requested_at: undefined }, { status: 'Cancelled', motive: '02', substitution: null, requested_at: undefined, errors: null });
    assert.ok((await net(inv.id)).every(([, n]) => Number(n) === 0), 'the entry and its reversal cancel out');
    const [event] = await s.db.query(`SELECT type FROM events WHERE doc_id = $1 AND type = 'invoice.cancelled'`, [inv.id]);
    assert.ok(event, 'invoice.cancelled');
    assert.deepEqual(problems(await cancel(inv.id, { motive: '02' })), ['invalid_document@id']);
  });

  test('motive 01 with its substitute, waiting for the receiver who accepts; the receivable stays until Cancelled', async () => {
    const start = await owed();
    const wrong = await invoice(10000, 'PPD');
    const unrelated = await invoice(9000, 'PPD');
    // The substitute relates the invoice it replaces with TipoRelacion 04 (written as cfdi:CfdiRelacionados).
    const right = await invoice(9000, 'PPD', { related: [{ type: '04', uuid: wrong.stamp.uuid.toLowerCase() }] });
    assert.deepEqual(right.related, [{ type: '04', uuid: wrong.stamp.uuid }]);
    await age(wrong.id);
    assert.deepEqual(problems(await cancel(wrong.id, { motive: '01' })), ['parameter_required@substitution']);
    assert.deepEqual(problems(await cancel(wrong.id, { motive: '01', substitution: '00000000-0000-4000-8000-000000000000' })), ['invalid_reference@substitution']);
    assert.deepEqual(problems(await cancel(wrong.id, { motive: '02', substitution: right.stamp.uuid })), ['parameter_not_allowed@substitution']);
    assert.deepEqual(problems(await cancel(wrong.id, { motive: '05' })), ['invalid_value@motive']);
    // A stamped invoice of the company that does not relate it is no substitute.
    const notRelating = await cancel(wrong.id, { motive: '01', substitution: unrelated.stamp.uuid });
    assert.deepEqual(problems(notRelating), ['invalid_reference@substitution']);
    assert.match(notRelating.body.Errors[0].Message, /does not relate .* with TipoRelacion 04/);
    // Motive 04 is for a global invoice (público en general) only.
    const nominative = await cancel(wrong.id, { motive: '04' });
    assert.deepEqual(problems(nominative), ['invalid_value@motive']);
    assert.match(nominative.body.Errors[0].Message, /global invoice to XAXX010101000/);

    const pending = await cancel(wrong.id, { motive: '01', substitution: right.stamp.uuid.toLowerCase() });
    assert.equal(pending.status, 202, JSON.stringify(pending.body));
    assert.equal(pending.body.cancellation.status, 'PendingAcceptance');
    assert.equal(pending.body.cancellation.substitution, right.stamp.uuid);
    assert.equal(pending.body.annulled, false);
    assert.equal(pending.body.balance, 11600);
    const mid = await owed();
    assert.equal(mid.open - start.open, 1160000 + 2 * 1044000, 'all three still owed');
    assert.equal(mid.account - start.account, 1160000 + 2 * 1044000);
    assert.deepEqual(problems(await cancel(wrong.id, { motive: '02' })), ['invalid_document@motive'], 'another motive while one is under way');

    assert.deepEqual(await answerAsReceiver(s.db, wrong.stamp.uuid, true), { uuid: wrong.stamp.uuid, status: 'Cancelled' });
    const done = await cancel(wrong.id, { motive: '01', substitution: right.stamp.uuid });
    assert.equal(done.status, 200, JSON.stringify(done.body));
    assert.equal(done.body.cancellation.status, 'Cancelled');
    assert.equal(done.body.annulled, true);
    assert.equal(done.body.balance, 0);
    const end = await owed();
    assert.equal(end.open - start.open, 2 * 1044000, 'only the substitute and the unrelated one are owed');
    assert.equal(end.account - start.account, 2 * 1044000);
    const events = (await s.db.query(`SELECT type FROM events WHERE doc_id = $1 ORDER BY id`, [wrong.id])).map((e) => e.type);
    assert.deepEqual(events.filter((t) => t.startsWith('invoice.cancel')), ['invoice.cancellation_pending', 'invoice.cancelled']);
  });

  test('the receiver rejects: Rejected, nothing reversed; a new request starts over', async () => {
    const inv = await invoice(2000);
    await age(inv.id);
    assert.equal((await cancel(inv.id, { motive: '03' })).body.cancellation.status, 'PendingAcceptance');
    await answerAsReceiver(s.db, inv.stamp.uuid, false);
    const rejected = await cancel(inv.id, { motive: '03' });
    assert.equal(rejected.status, 200, JSON.stringify(rejected.body));
    assert.equal(rejected.body.cancellation.status, 'Rejected');
    assert.equal(rejected.body.annulled, false);
    assert.ok((await net(inv.id)).some(([, n]) => Number(n) !== 0), 'the entry stands');
    assert.equal((await cancel(inv.id, { motive: '03' })).body.cancellation.status, 'PendingAcceptance', 'asked again');
    await assert.rejects(answerAsReceiver(s.db, '00000000-0000-4000-8000-000000000000', true), /No cancellation/);
  });

  test('an invoice with a payment receipt waits for the receipt\'s cancellation; receipts are cancelled at once', async () => {
    const inv = await invoice(3000, 'PPD');
    const pay = await mx().post('/v1/payments', {
      document: { id: ref.type.P.id }, date: new Date(Date.now() - 1000).toISOString(), customer: CUSTOMER, payment_form: '03', amount: 1000,
      invoices: [{ id: inv.id, amount: 1000 }], stamp: { send: true },
    }, MX_APP);
    assert.equal(pay.status, 201, JSON.stringify(pay.body));
    assert.deepEqual(problems(await cancel(inv.id, { motive: '02' })), ['invalid_document@id']);
    // No motive cancels it while the receipt lives, 04 included (it was let through before issue 33).
    for (const motive of ['03', '04']) assert.deepEqual(problems(await cancel(inv.id, { motive })), ['invalid_document@id'], motive);
    assert.equal((await mx().get(`/v1/invoices/${inv.id}`)).body.cancellation, null, 'nothing written');
    assert.deepEqual(problems(await cancel(pay.body.id, { motive: '04' }, 'payments')), ['invalid_value@motive']);
    const gone = await cancel(pay.body.id, { motive: '02' }, 'payments');
    assert.equal(gone.status, 200, JSON.stringify(gone.body));
    assert.deepEqual([gone.body.cancellation.status, gone.body.annulled], ['Cancelled', true]);
    assert.equal((await mx().get(`/v1/invoices/${inv.id}`)).body.balance, 3480);
    assert.ok((await net(pay.body.id)).every(([, n]) => Number(n) === 0));
    const res = await cancel(inv.id, { motive: '02' });
    assert.equal(res.status, 200, JSON.stringify(res.body));
    assert.equal(res.body.cancellation.status, 'Cancelled');
  });

  test('only a stamped CFDI is cancelled', async () => {
    const draft = await mx().post('/v1/invoices', {
      document: { id: ref.type['FV-A'].id }, customer: CUSTOMER, seller: ref.seller, use: 'G03', items: [{ code: 'LAP14', quantity: 1, price: 100 }],
      payment: { method: 'PUE', conditions: { id: ref.pay.Contado.id, value: 116, due_date: mxToday() } },
    }, MX_APP);
    assert.deepEqual(problems(await cancel(draft.body.id, { motive: '02' })), ['invalid_document@id']);
    assert.equal((await cancel('00000000-0000-4000-8000-000000000000', { motive: '02' })).status, 404);
  });
});

test('sandbox cancellations: which wait for the receiver, and 72 hours without an answer cancel', async () => {
  const rows = new Map<string, any>();
  // The provider's table, in memory: what the sandbox reads and writes.
  const db = {
    async query(sql: string, args: any[]) {
      if (sql.startsWith('SELECT')) return rows.has(args[0]) ? [rows.get(args[0])] : [];
      if (sql.startsWith('UPDATE')) { rows.get(args[0]).status = 'Cancelled'; return []; }
      rows.set(args[0], { status: args[5], requested_at: args[6] });
      return [];
    },
  } as any;
  let now = new Date('2026-03-10T12:00:00Z');
  const sandbox = new SandboxCancellations(db, () => now);
  const req = (over: Record<string, unknown>) => ({ issuer: 'EKU9003173C9', receiver: 'XIA190128J61', uuid: crypto.randomUUID().toUpperCase(), total: '1160.00', exchangeRate: '1', type: 'I' as const,
    issuedAt: new Date('2026-03-08T12:00:00Z'), motive: '02', substitution: null, csd: () => Promise.reject(new Error('the sandbox needs no CSD')), ...over });
  assert.equal((await sandbox.cancel(req({ total: '1000.00' }))).status, 'Cancelled', 'up to 1,000: no acceptance');
  // What the job asks with: the stamped CFDI's Total and TipoCambio.
  assert.deepEqual(cfdiTotal('<cfdi:Comprobante xmlns:cfdi="http://www.sat.gob.mx/cfd/4" Total="116.00" TipoCambio="17.25" Moneda="USD"/>', 'I', '2001.00'), { total: '116.00', exchangeRate: '17.25' });
  assert.deepEqual(cfdiTotal(null, 'I', '1160.00'), { total: '1160.00', exchangeRate: '1' });
  // The threshold is in pesos: 116.00 USD at 17.25 is 2,001.00 MXN; 57.97 USD at 17.25 is 999.98 MXN.
  assert.equal((await sandbox.cancel(req({ total: '116.00', exchangeRate: '17.25' }))).status, 'PendingAcceptance', 'above 1,000 pesos in dollars');
  assert.equal((await sandbox.cancel(req({ total: '57.97', exchangeRate: '17.25' }))).status, 'Cancelled', 'up to 1,000 pesos in dollars');
  assert.equal((await sandbox.cancel(req({ issuedAt: new Date('2026-03-10T00:00:00Z') }))).status, 'Cancelled', 'within 24 hours');
  assert.equal((await sandbox.cancel(req({ receiver: 'XAXX010101000' }))).status, 'Cancelled', 'the general public');
  assert.equal((await sandbox.cancel(req({ type: 'P' }))).status, 'Cancelled', 'a payment receipt');
  assert.deepEqual((await sandbox.cancel(req({ motive: '01' }))).errors.map((e) => e.code), ['FOLIO_SUSTITUCION']);
  const waiting = req({});
  assert.equal((await sandbox.cancel(waiting)).status, 'PendingAcceptance');
  now = new Date(now.getTime() + 71 * 3600_000);
  assert.equal((await sandbox.cancel(waiting)).status, 'PendingAcceptance');
  now = new Date(now.getTime() + 2 * 3600_000);
  assert.equal((await sandbox.cancel(waiting)).status, 'Cancelled', 'no answer in 72 hours');
});
