/**
 * Issue 37, point 1: credit and debit notes (CO) and payment receipts (MX) in one group-committed batch are decided
 * in rounds (no two items of a round touch the same invoice) and the accepted ones of a round are written together,
 * set-based (src/invoices/rounds.ts). As a client sees it over HTTP:
 * - notes on different invoices in one batch: one round, written together (a debit note's due item too); a number
 *   sent by hand is written alone in the batch;
 * - notes on one invoice that together would credit more than it has: decided in request order, each against what
 *   the earlier ones left; a refused one in the middle gets its own 400 and takes no number; the same answers,
 *   documents and journal lines as the same requests one at a time (the single path);
 * - receipts paying the same invoice: the later one is refused when the earlier settled it, another invoice's pay
 *   in the same rounds; the same documents and journal lines as one at a time.
 * Requests that must keep an order are sent spaced (SPACING ms apart) within a long window, so that they join one
 * batch in that order.
 */
import { before, after, test } from 'node:test';
import assert from 'node:assert/strict';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { eachStorage, startTestServer, type Reply, type TestServer } from '../support/server';
import { coRefs, noteRefs, today, validInvoice, type CoRefs } from '../support/co';
import { MX_APP } from '../support/mx';
import { NOTE_BATCH } from '../../src/notes/service';
import { PAYMENT_BATCH } from '../../src/payments/service';

const CUSTOMER = { rfc_id: 'XIA190128J61', branch_office: 0 };
const WINDOW_MS = 1500;
const SPACING = 200;

const sleep = (ms: number) => new Promise((ok) => setTimeout(ok, ms));
/** Sends the requests SPACING ms apart, without waiting for answers (they come after the batch's commit). */
const spaced = (sends: (() => Promise<Reply>)[]) => Promise.all(sends.map(async (send, i) => { await sleep(i * SPACING); return send(); }));
/** One after the other: each alone in its batch (the single path). */
const oneByOne = async (sends: (() => Promise<Reply>)[]) => { const out: Reply[] = []; for (const send of sends) out.push(await send()); return out; };
const delta = <T extends object>(before: T, now: T) => Object.fromEntries(Object.keys(now).map((k) => [k, (now as Record<string, number>)[k] - (before as Record<string, number>)[k]]));

eachStorage('group commit: notes and receipts decided in rounds', (storage) => {
  let s: TestServer;
  let r: CoRefs;
  let types: Record<string, any>;
  let pays: Record<string, any>;
  before(async () => {
    s = await startTestServer(storage, { GROUP_COMMIT_MS: String(WINDOW_MS), GROUP_COMMIT_MAX: '16', WEBHOOK_ALLOW_PRIVATE: '1' });
    r = await coRefs(s);
    ({ types, pays } = await noteRefs(s));
  });
  after(() => s?.close());

  const counter = async (typeId: number) => Number((await s.db.query('SELECT consecutive FROM document_types WHERE id = $1', [typeId]))[0].consecutive);
  /** 10 laptops at 100 with IVA 19 % and 2 books at 50 = 1290 on credit. */
  const creditInvoice = async () => {
    const inv = await s.as('co').post('/v1/invoices', validInvoice(r, {
      items: [{ code: 'PORT14', quantity: 10, price: 100, taxes: [{ id: r.taxOf('IVA', 19).id }] }, { code: 'LIBRO01', quantity: 2, price: 50, taxes: [] }],
      payments: [{ id: r.pay.Credit.id, value: 1290, due_date: '2099-12-31' }],
    }));
    assert.equal(inv.status, 201, JSON.stringify(inv.body));
    return inv.body;
  };
  const creditNote = (invoice: string, laptops: number, over: Record<string, unknown> = {}) => ({
    document: { id: types.NC.id }, date: today(), invoice, reason: 1, seller: r.seller.id, observations: `${laptops} laptops`,
    items: [{ code: 'PORT14', quantity: laptops, price: 100, taxes: [{ id: r.taxOf('IVA', 19).id }] }],
    payments: [{ id: pays['NC.Credit'].id, value: laptops * 119 }], ...over,
  });
  const debitNote = (invoice: string) => ({
    document: { id: types.ND.id }, date: today(), invoice, reason: 1, seller: r.seller.id,
    items: [{ code: 'INTERES', quantity: 1, price: 25, taxes: [] }], payments: [{ id: pays['ND.Credit'].id, value: 25, due_date: '2099-12-31' }],
  });
  /** A document's journal entry: its description and lines, in line order. */
  const journal = async (id: string) => s.db.query(
    `SELECT e.source_kind, e.date::text AS date, e.description AS entry, l.line_no, l.account_code, l.debit::text AS debit, l.credit::text AS credit,
            l.third_party, l.description
       FROM journal_entries e JOIN journal_lines l ON l.company_id = e.company_id AND l.entry_id = e.id WHERE e.source_id = $1 ORDER BY l.line_no`, [id]);
  const balanced = async (id: string) => {
    const [t] = await s.db.query(`SELECT sum(l.debit)::text AS debit, sum(l.credit)::text AS credit FROM journal_entries e
      JOIN journal_lines l ON l.company_id = e.company_id AND l.entry_id = e.id WHERE e.source_id = $1`, [id]);
    assert.equal(t.debit, t.credit, `entry of ${id} balanced`);
  };
  /** A JSON value with the given strings replaced (ids, names of the two sides compared), and times and numbers dropped. */
  const same = (value: unknown, names: [string, string][]) => {
    let text = JSON.stringify(value);
    for (const [from, to] of names) if (from) text = text.split(from).join(to);
    return JSON.parse(text, (k, v) => (['id', 'number', 'name', 'metadata', 'created', 'last_updated', 'uuid', 'cude'].includes(k) ? undefined : v));
  };

  test('notes on different invoices in one batch: one round, written together; a number sent by hand alone', async () => {
    const [a, b, c, d] = await Promise.all([creditInvoice(), creditInvoice(), creditInvoice(), creditInvoice()]);
    const [nc, nd] = [await counter(types.NC.id), await counter(types.ND.id)];
    const sent = nc + 50;
    const stats = { ...NOTE_BATCH.stats };
    const answers = await Promise.all([
      s.as('co').post('/v1/credit-notes', creditNote(a.id, 3)),
      s.as('co').post('/v1/debit-notes', debitNote(b.id)),
      s.as('co').post('/v1/credit-notes', creditNote(c.id, 2)),
      s.as('co').post('/v1/credit-notes', creditNote(d.id, 1, { number: sent })),
    ]);
    assert.deepEqual(answers.map((x) => x.status), [201, 201, 201, 201], JSON.stringify(answers.map((x) => x.body)));
    assert.deepEqual(delta(stats, NOTE_BATCH.stats), { batches: 1, rounds: 1, together: 3, alone: 1, refused: 0 }, 'one batch, one round');
    assert.deepEqual([answers[0].body.number, answers[2].body.number].sort((x, y) => x - y), [nc, nc + 1], 'gap-free');
    assert.equal(answers[1].body.number, nd);
    assert.equal(answers[3].body.number, sent, 'the number sent by hand');
    assert.equal(await counter(types.NC.id), sent + 1);
    assert.equal(await counter(types.ND.id), nd + 1);
    const balance = async (id: string) => (await s.as('co').get(`/v1/invoices/${id}`)).body.balance;
    assert.deepEqual([await balance(a.id), await balance(b.id), await balance(c.id), await balance(d.id)], [1290 - 357, 1315, 1290 - 238, 1290 - 119]);
    const due = await s.db.query('SELECT quote, amount::text, paid::text, note_id FROM due_items WHERE invoice_id = $1 ORDER BY quote', [b.id]);
    assert.deepEqual(due.map((x) => [x.quote, x.amount, x.paid, x.note_id]), [[1, '1290.00', '0.00', null], [2, '25.00', '0.00', answers[1].body.id]]);
    const applied = await s.db.query('SELECT amount::text FROM note_applications WHERE note_id = $1', [answers[0].body.id]);
    assert.deepEqual(applied.map((x) => x.amount), ['357.00']);
    for (const x of answers) {
      await balanced(x.body.id);
      const [stored] = await s.db.query('SELECT document FROM notes WHERE id = $1', [x.body.id]);
      assert.deepEqual(stored.document, x.body, 'stored as answered');
    }
  });

  test('notes on one invoice crediting more than it has, in one batch: in request order, the refused in the middle gets its 400 and no number; as one at a time', async () => {
    const laptops = [3, 5, 3, 2]; // 3 + 5 leave 2: the third (3) is refused, the fourth (2) takes the last two
    const run = async (how: typeof spaced, inv: { id: string }) => how(laptops.map((n) => () => s.as('co').post('/v1/credit-notes', creditNote(inv.id, n))));
    const [batched, alone] = [await creditInvoice(), await creditInvoice()];
    const next = await counter(types.NC.id);
    const stats = { ...NOTE_BATCH.stats };
    const answers = await run(spaced, batched);
    assert.deepEqual(answers.map((x) => x.status), [201, 201, 400, 201], JSON.stringify(answers.map((x) => x.body)));
    assert.deepEqual(delta(stats, NOTE_BATCH.stats), { batches: 1, rounds: 4, together: 3, alone: 0, refused: 1 }, 'one batch, a round per note');
    assert.deepEqual([answers[0], answers[1], answers[3]].map((x) => x.body.number), [next, next + 1, next + 2], 'in request order, gap-free');
    assert.equal(await counter(types.NC.id), next + 3, 'the refused took no number');
    assert.equal((await s.as('co').get(`/v1/invoices/${batched.id}`)).body.balance, 1290 - 10 * 119);
    for (const x of [answers[0], answers[1], answers[3]]) await balanced(x.body.id);

    // The same requests one at a time (each alone: the single path).
    const one = await run(oneByOne, alone);
    assert.deepEqual(one.map((x) => x.status), answers.map((x) => x.status));
    const names: [string, string][] = [[batched.id, 'INVOICE'], [alone.id, 'INVOICE'], [batched.name, 'INVOICE-NAME'], [alone.name, 'INVOICE-NAME']];
    assert.deepEqual(same(answers[2].body, names), same(one[2].body, names), 'the same refusal');
    for (const k of [0, 1, 3]) {
      assert.deepEqual(same(answers[k].body, names), same(one[k].body, names), `note ${k}: the same document`);
      const [jb, ja] = [await journal(answers[k].body.id), await journal(one[k].body.id)];
      assert.deepEqual(same(jb, [...names, [answers[k].body.name, 'NOTE-NAME']]), same(ja, [...names, [one[k].body.name, 'NOTE-NAME']]), `note ${k}: the same entry`);
      const apps = async (id: string) => (await s.db.query('SELECT d.quote, a.amount::text FROM note_applications a JOIN due_items d ON d.id = a.due_item_id WHERE a.note_id = $1', [id]));
      assert.deepEqual(await apps(answers[k].body.id), await apps(one[k].body.id), `note ${k}: the same applications`);
    }
    assert.equal((await s.as('co').get(`/v1/invoices/${alone.id}`)).body.balance, 1290 - 10 * 119);
  });

  test('receipts paying the same invoice in one batch: the one after the settling receipt refused, another invoice paid in the same rounds; as one at a time', async () => {
    const all = s.as('mx').list;
    const [mtypes, mpays, users] = await Promise.all([all('/v1/document-types'), all('/v1/payment-types?document_type=FV'), all('/v1/users')]);
    const type = Object.fromEntries(mtypes.map((t) => [t.code, t]));
    const toDefine = mpays.find((p) => p.name === 'Por definir');
    const invoice = async () => {
      const inv = await s.as('mx').post('/v1/invoices', {
        document: { id: type['FV-A'].id }, customer: CUSTOMER, seller: users.find((u) => u.active).id, use: 'G03',
        items: [{ code: 'LAP14', quantity: 1, price: 10000 }],
        payment: { method: 'PPD', conditions: { id: toDefine.id, value: 11600, due_date: '2099-12-31' } }, stamp: { send: true },
      }, MX_APP);
      assert.equal(inv.status, 201, JSON.stringify(inv.body));
      assert.equal(inv.body.stamp.status, 'Accepted');
      return inv.body;
    };
    const date = new Date(Date.now() - 1000).toISOString();
    const receipt = (inv: string, amount: number, i: number) => ({
      document: { id: type.P.id }, date, customer: CUSTOMER, payment_form: '03', amount, invoices: [{ id: inv, amount }], operation_number: `op-${i}`,
    });
    // X settled by the first; the third (X again) refused; Y paid 5000 twice (the fourth in the second round).
    const plan = (x: string, y: string) => [receipt(x, 11600, 1), receipt(y, 5000, 2), receipt(x, 5000, 3), receipt(y, 5000, 4)];
    const [x, y, x1, y1] = [await invoice(), await invoice(), await invoice(), await invoice()];
    const next = await counter(type.P.id);
    const stats = { ...PAYMENT_BATCH.stats };
    const answers = await spaced(plan(x.id, y.id).map((b) => () => s.as('mx').post('/v1/payments', b, MX_APP)));
    assert.deepEqual(answers.map((a) => a.status), [201, 201, 400, 201], JSON.stringify(answers.map((a) => a.body)));
    assert.deepEqual(delta(stats, PAYMENT_BATCH.stats), { batches: 1, rounds: 2, together: 3, alone: 0, refused: 1 }, 'one batch, two rounds');
    assert.deepEqual([answers[0], answers[1], answers[3]].map((a) => a.body.number), [next, next + 1, next + 2], 'gap-free, by rounds');
    assert.equal(await counter(type.P.id), next + 3, 'the refused took no number');
    assert.equal(answers[3].body.invoices[0].installment, 2);
    assert.equal(answers[3].body.invoices[0].previous_balance, 6600);
    assert.equal((await s.as('mx').get(`/v1/invoices/${x.id}`)).body.balance, 0);
    assert.equal((await s.as('mx').get(`/v1/invoices/${y.id}`)).body.balance, 1600);
    for (const a of [answers[0], answers[1], answers[3]]) await balanced(a.body.id);

    const one = await oneByOne(plan(x1.id, y1.id).map((b) => () => s.as('mx').post('/v1/payments', b, MX_APP)));
    assert.deepEqual(one.map((a) => a.status), answers.map((a) => a.status), JSON.stringify(one.map((a) => a.body)));
    const names: [string, string][] = [[x.id, 'X'], [x1.id, 'X'], [y.id, 'Y'], [y1.id, 'Y'], [x.name, 'X-NAME'], [x1.name, 'X-NAME'], [y.name, 'Y-NAME'],
      [y1.name, 'Y-NAME'], [x.stamp.uuid, 'X-UUID'], [x1.stamp.uuid, 'X-UUID'], [y.stamp.uuid, 'Y-UUID'], [y1.stamp.uuid, 'Y-UUID']];
    assert.deepEqual(same(answers[2].body, names), same(one[2].body, names), 'the same refusal');
    for (const k of [0, 1, 3]) {
      assert.deepEqual(same(answers[k].body, names), same(one[k].body, names), `receipt ${k}: the same document`);
      const [jb, ja] = [await journal(answers[k].body.id), await journal(one[k].body.id)];
      assert.deepEqual(same(jb, [...names, [answers[k].body.name, 'P-NAME']]), same(ja, [...names, [one[k].body.name, 'P-NAME']]), `receipt ${k}: the same entry`);
    }
  });
  test('companies with webhooks: their notes and receipts are batched too, each with its one created event and a delivery', async () => {
    const rx = http.createServer((req, res) => { req.resume(); req.on('end', () => res.writeHead(204).end()); });
    await new Promise<void>((ok) => rx.listen(0, '127.0.0.1', ok));
    const url = `http://127.0.0.1:${(rx.address() as AddressInfo).port}/hooks`;
    const hooks: ['co' | 'mx', string][] = [];
    try {
      for (const who of ['co', 'mx'] as const) {
        const h = await s.as(who).post('/v1/webhooks', { url, events: ['*'] });
        assert.equal(h.status, 201, JSON.stringify(h.body));
        hooks.push([who, h.body.id]);
      }
      await sleep(300); // the companies' cached rows learn they have webhooks
      const [a, b] = await Promise.all([creditInvoice(), creditInvoice()]);
      const mx = Object.fromEntries((await s.as('mx').list('/v1/document-types')).map((t) => [t.code, t]));
      const toDefine = (await s.as('mx').list('/v1/payment-types?document_type=FV')).find((p) => p.name === 'Por definir');
      const seller = (await s.as('mx').list('/v1/users')).find((u) => u.active).id;
      const inv = await s.as('mx').post('/v1/invoices', {
        document: { id: mx['FV-A'].id }, customer: CUSTOMER, seller, use: 'G03', items: [{ code: 'LAP14', quantity: 1, price: 10000 }],
        payment: { method: 'PPD', conditions: { id: toDefine.id, value: 11600, due_date: '2099-12-31' } }, stamp: { send: true },
      }, MX_APP);
      assert.equal(inv.body.stamp?.status, 'Accepted', JSON.stringify(inv.body));
      const [notes, receipts] = [{ ...NOTE_BATCH.stats }, { ...PAYMENT_BATCH.stats }];
      const answers = await Promise.all([
        s.as('co').post('/v1/credit-notes', creditNote(a.id, 1)),
        s.as('co').post('/v1/debit-notes', debitNote(b.id)),
        s.as('mx').post('/v1/payments', { document: { id: mx.P.id }, date: new Date(Date.now() - 1000).toISOString(), customer: CUSTOMER, payment_form: '03',
          amount: 1000, invoices: [{ id: inv.body.id, amount: 1000 }] }, MX_APP),
      ]);
      assert.deepEqual(answers.map((x) => x.status), [201, 201, 201], JSON.stringify(answers.map((x) => x.body)));
      assert.equal(delta(notes, NOTE_BATCH.stats).together, 2, 'the notes written together');
      assert.equal(delta(receipts, PAYMENT_BATCH.stats).together, 1, 'the receipt in the same batch');
      const expected = ['credit_note.created', 'debit_note.created', 'payment.created'];
      for (const [k, x] of answers.entries()) {
        const events = await s.db.query('SELECT type FROM events WHERE doc_id = $1', [x.body.id]);
        assert.deepEqual(events.map((e) => e.type), [expected[k]], 'one created event');
        // The dispatcher derives the delivery from the event and writes its row with its outcome.
        const deliveries = () => s.db.query(`SELECT d.type, d.doc_kind, d.status FROM webhook_deliveries d WHERE d.doc_id = $1`, [x.body.id]);
        for (const end = Date.now() + 15_000; !(await deliveries()).length && Date.now() < end;) await sleep(50);
        assert.deepEqual(await deliveries(), [{ type: expected[k], doc_kind: expected[k].split('.')[0], status: 'delivered' }], 'a delivery to the company\'s webhook, sent');
      }
    } finally {
      for (const [who, id] of hooks) assert.equal((await s.as(who).delete(`/v1/webhooks/${id}`)).status, 200);
      rx.closeAllConnections();
      await new Promise((ok) => rx.close(ok));
    }
  });
});
