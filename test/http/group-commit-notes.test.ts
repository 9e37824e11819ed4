/**
 * Issue 37: credit notes (CO) and payment receipts (MX) under group commit (a
 * wide window, so that batches surely form). Their guards read what the other
 * documents of the batch change (what is left to credit on the invoice; what
 * it still owes), so they are decided in rounds, each after the earlier ones of
 * its invoice (src/invoices/rounds.ts): of four credit notes
 * for 3 of an invoice's 10 laptops, three are written and the fourth gets its
 * own 400 and takes no number; of three receipts for 5,000.00 on an invoice of
 * 11,600.00, two are written and the third is refused.
 */
import { before, after, test } from 'node:test';
import assert from 'node:assert/strict';
import { eachStorage, startTestServer, type TestServer } from '../support/server';
import { coRefs, noteRefs, today, validInvoice, type CoRefs } from '../support/co';
import { MX_APP } from '../support/mx';
import { groupCommitOf } from '../../src/platform/group-commit';
import { NOTE_BATCH } from '../../src/notes/service';
import { ticketsInBatches } from '../../src/tickets/service';

const CUSTOMER = { rfc_id: 'XIA190128J61', branch_office: 0 };

eachStorage('group commit: notes and payment receipts', (storage) => {
  let s: TestServer;
  let r: CoRefs;
  let types: Record<string, any>;
  let pays: Record<string, any>;
  const committer = () => groupCommitOf(s.db, { windowMs: 0, max: 1 }); // the server's, made at start (options unused here)
  before(async () => {
    s = await startTestServer(storage, { GROUP_COMMIT_MS: '40', GROUP_COMMIT_MAX: '16' });
    r = await coRefs(s);
    ({ types, pays } = await noteRefs(s));
  });
  after(() => s?.close());

  const consecutive = (numbers: number[]) => { const n = [...numbers].sort((a, b) => a - b); assert.deepEqual(n, n.map((_, i) => n[0] + i), `consecutive: ${n}`); return n; };
  const counter = async (typeId: number) => Number((await s.db.query('SELECT consecutive FROM document_types WHERE id = $1', [typeId]))[0].consecutive);

  test('credit notes for the same laptops in one batch: decided in order, the refused gets its own 400 and takes no number', async () => {
    // 10 laptops at 100 with IVA 19 % and 2 books at 50 = 1290 on credit; each note returns 3 laptops (357 settled on account).
    const inv = await s.as('co').post('/v1/invoices', validInvoice(r, {
      items: [{ code: 'PORT14', quantity: 10, price: 100, taxes: [{ id: r.taxOf('IVA', 19).id }] }, { code: 'LIBRO01', quantity: 2, price: 50, taxes: [] }],
      payments: [{ id: r.pay.Credit.id, value: 1290, due_date: '2099-12-31' }],
    }));
    assert.equal(inv.status, 201, JSON.stringify(inv.body));
    const note = (i: number) => ({
      document: { id: types.NC.id }, date: today(), invoice: inv.body.id, reason: 1, seller: r.seller.id, observations: `note ${i}`,
      items: [{ code: 'PORT14', quantity: 3, price: 100, taxes: [{ id: r.taxOf('IVA', 19).id }] }],
      payments: [{ id: pays['NC.Credit'].id, value: 357 }],
    });
    const next = await counter(types.NC.id);
    const written = NOTE_BATCH.stats.together + NOTE_BATCH.stats.alone + NOTE_BATCH.stats.refused;
    const largest = committer().stats.largest;
    const answers = await Promise.all([0, 1, 2, 3].map((i) => s.as('co').post('/v1/credit-notes', note(i))));
    const ok = answers.filter((a) => a.status === 201);
    const refused = answers.filter((a) => a.status !== 201);
    assert.equal(ok.length, 3, JSON.stringify(answers.map((a) => [a.status, a.body?.name ?? a.body])));
    assert.equal(refused[0].status, 400, JSON.stringify(refused[0].body));
    assert.ok(NOTE_BATCH.stats.together + NOTE_BATCH.stats.alone + NOTE_BATCH.stats.refused - written >= 2 && committer().stats.largest >= Math.max(2, largest), 'written in a batch');
    assert.deepEqual(consecutive(ok.map((a) => a.body.number)), [next, next + 1, next + 2]);
    assert.equal(await counter(types.NC.id), next + 3, 'the refused took no number');
    const after = (await s.as('co').get(`/v1/invoices/${inv.body.id}`)).body;
    assert.equal(after.balance, 219, '1290 − 3 × 357');
    assert.deepEqual(after.credit_notes.map((n: any) => n.name).sort(), ok.map((a) => a.body.name).sort());
    for (const a of ok) {
      const [entry] = await s.db.query(`SELECT sum(l.debit)::text AS debit, sum(l.credit)::text AS credit FROM journal_entries e JOIN journal_lines l ON l.entry_id = e.id
        WHERE e.source_id = $1`, [a.body.id]);
      assert.deepEqual(entry, { debit: '357.00', credit: '357.00' });
    }
  });

  test('payment receipts for the same balance in one batch: two written, numbered in order, the third refused', async () => {
    const all = s.as('mx').list;
    const [mtypes, mpays, users] = await Promise.all([all('/v1/document-types'), all('/v1/payment-types?document_type=FV'), all('/v1/users')]);
    const type = Object.fromEntries(mtypes.map((t) => [t.code, t]));
    const toDefine = mpays.find((p) => p.name === 'Por definir');
    const inv = await s.as('mx').post('/v1/invoices', {
      document: { id: type['FV-A'].id }, customer: CUSTOMER, seller: users.find((u) => u.active).id, use: 'G03',
      items: [{ code: 'LAP14', quantity: 1, price: 10000 }],
      payment: { method: 'PPD', conditions: { id: toDefine.id, value: 11600, due_date: '2099-12-31' } }, stamp: { send: true },
    }, MX_APP);
    assert.equal(inv.status, 201, JSON.stringify(inv.body));
    assert.equal(inv.body.stamp.status, 'Accepted');
    const receipt = (i: number) => ({
      document: { id: type.P.id }, date: new Date(Date.now() - 1000).toISOString(), customer: CUSTOMER, payment_form: '03',
      amount: 5000, invoices: [{ id: inv.body.id, amount: 5000 }], operation_number: `op-${i}`,
    });
    const next = await counter(type.P.id);
    const answers = await Promise.all([0, 1, 2].map((i) => s.as('mx').post('/v1/payments', receipt(i), MX_APP)));
    const ok = answers.filter((a) => a.status === 201);
    const refused = answers.filter((a) => a.status !== 201);
    assert.equal(ok.length, 2, JSON.stringify(answers.map((a) => [a.status, a.body?.name ?? a.body])));
    assert.equal(refused[0].status, 400, JSON.stringify(refused[0].body));
    assert.deepEqual(consecutive(ok.map((a) => a.body.number)), [next, next + 1]);
    assert.equal(await counter(type.P.id), next + 2, 'the refused took no number');
    assert.equal((await s.as('mx').get(`/v1/invoices/${inv.body.id}`)).body.balance, 1600);
    const [{ paid }] = await s.db.query('SELECT sum(paid)::text AS paid FROM due_items WHERE invoice_id = $1', [inv.body.id]);
    assert.equal(paid, '10000.00');
  });

  test('Mexican tickets at once: written in one batch statement, consecutive folios, each with its balanced entry', async () => {
    const [{ cid }] = await s.db.query<{ cid: number }>("SELECT company_id AS cid FROM companies WHERE is_demo AND country = 'MX'");
    const last = async () => Number((await s.db.query('SELECT last_folio FROM ticket_counters WHERE company_id = $1', [cid]))[0]?.last_folio ?? 0);
    const first = await last();
    const together = ticketsInBatches.together;
    const made = await Promise.all([1, 2, 3, 4, 5, 6].map((q) => s.as('mx').post('/v1/tickets', { items: [{ code: 'AGUA20L', quantity: q, price: 45 }], payment_form: '01' })));
    assert.ok(made.every((m) => m.status === 201), JSON.stringify(made.map((m) => m.body)));
    assert.ok(ticketsInBatches.together - together >= 2, 'some were written by the batch writer');
    assert.deepEqual(consecutive(made.map((m) => m.body.folio)), [1, 2, 3, 4, 5, 6].map((i) => first + i));
    assert.equal(await last(), first + 6);
    for (const m of made) {
      const stored = await s.as('mx').get(`/v1/tickets/${m.body.id}`);
      assert.deepEqual([stored.body.folio, stored.body.total], [m.body.folio, m.body.total]);
      const [e] = await s.db.query<{ description: string; debit: string; credit: string; cash: string }>(
        `SELECT e.description, sum(l.debit)::text AS debit, sum(l.credit)::text AS credit, sum(l.debit) FILTER (WHERE l.line_no = 1)::text AS cash
           FROM journal_entries e JOIN journal_lines l ON l.entry_id = e.id WHERE e.company_id = $1 AND e.source_kind = 'ticket' AND e.source_id = $2 GROUP BY e.description`,
        [cid, m.body.id]);
      assert.equal(e.description, `Ticket ${m.body.folio}`);
      assert.equal(Number(e.debit), Number(e.credit));
      assert.equal(Number(e.cash), m.body.total, 'the cash line is the ticket total');
    }
  });
});
