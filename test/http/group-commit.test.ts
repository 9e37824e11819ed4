/**
 * Issue 37: group commit. Creations that arrive together are written by the
 * invoice kernel's batch writer in one transaction (a wide window here, so that
 * batches surely form); each keeps its own number, answer and error: numbers
 * are consecutive without gaps, a document refused at write time (its DIAN
 * resolution used up) gets its own 400 and takes no number, and what is stored
 * (invoice, due items, journal entry) is what the single path stores.
 */
import { before, after, test } from 'node:test';
import assert from 'node:assert/strict';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { eachStorage, problems, startTestServer, type TestServer } from '../support/server';
import { coRefs, today, validInvoice, type CoRefs } from '../support/co';
import { groupCommitOf } from '../../src/platform/group-commit';
import { writtenInBatches } from '../../src/invoices/kernel';
import { MX_APP, mxInvoice, mxRefs } from '../support/mx';
import { sleep } from '../support/profile';

eachStorage('group commit', (storage) => {
  let s: TestServer;
  let r: CoRefs;
  const committer = () => groupCommitOf(s.db, { windowMs: 0, max: 1 }); // the server's, made at start (options unused here)
  before(async () => {
    s = await startTestServer(storage, { GROUP_COMMIT_MS: '40', GROUP_COMMIT_MAX: '16', WEBHOOK_ALLOW_PRIVATE: '1' });
    r = await coRefs(s);
  });
  after(() => s?.close());

  const stored = (cid: number, type: number) => s.db.query<{ id: string; number: number; name: string; total: string; balance: string; document: any }>(
    'SELECT id, number, name, total, balance, document FROM invoices WHERE company_id = $1 AND document_type_id = $2 ORDER BY number', [cid, type]);

  test('concurrent creations are batched; numbers consecutive in one batch, each stored whole with its due items and balanced entry', async () => {
    const co = s.as('co');
    const before = { ...committer().stats };
    const together = writtenInBatches.together;
    const credit = (i: number) => validInvoice(r, { observations: `credit ${i}`, payments: [{ id: r.pay.Credit.id, value: 1130.5, due_date: '2099-01-01' }] });
    const bodies = Array.from({ length: 12 }, (_, i) => (i % 3 === 0 ? credit(i) : validInvoice(r, { observations: `cash ${i}` })));
    const bad = validInvoice(r, { customer: { identification: '000000000', branch_office: 0 } }); // refused by its rules, before any batch
    const answers = await Promise.all([...bodies, bad].map((b) => co.post('/v1/invoices', b)));
    assert.equal(answers[12].status, 400, JSON.stringify(answers[12].body));
    const created = answers.slice(0, 12);
    for (const a of created) assert.equal(a.status, 201, JSON.stringify(a.body));
    const after = committer().stats;
    assert.ok(after.batches > before.batches && after.largest > 1, `batches formed: ${JSON.stringify(after)}`);
    assert.ok(writtenInBatches.together - together > 1, `written together by one statement: ${JSON.stringify(writtenInBatches)}`);

    const numbers = created.map((a) => a.body.number).sort((a, b) => a - b);
    assert.deepEqual(numbers, numbers.map((_, i) => numbers[0] + i), 'consecutive, no gap, none twice');
    const [{ company_id: cid }] = await s.db.query('SELECT company_id FROM invoices WHERE id = $1', [created[0].body.id]);
    const rows = await stored(cid, r.type.FV.id);
    assert.deepEqual(rows.map((x) => Number(x.number)), rows.map((_, i) => 1 + i), 'the type numbered from 1 without a gap');
    for (const a of created) {
      const row = rows.find((x) => x.id === a.body.id)!;
      assert.equal(row.name, a.body.name);
      assert.equal(row.document.number, a.body.number);
      assert.equal(row.document.observations, a.body.observations, 'each answer is its own request\'s');
      const got = await co.get(`/v1/invoices/${a.body.id}`);
      assert.equal(got.status, 200);
      assert.equal(got.body.name, a.body.name);
      const [entry] = await s.db.query(
        `SELECT e.description, sum(l.debit) AS debit, sum(l.credit) AS credit, count(*)::int AS lines
           FROM journal_entries e JOIN journal_lines l ON l.entry_id = e.id WHERE e.company_id = $1 AND e.source_id = $2 GROUP BY e.id`, [cid, a.body.id]);
      assert.equal(entry.description, `Factura ${a.body.name}`);
      assert.equal(Number(entry.debit), Number(entry.credit));
      assert.equal(Number(entry.debit) > 0, true);
      const due = await s.db.query('SELECT quote, amount, consecutive, prefix FROM due_items WHERE company_id = $1 AND invoice_id = $2', [cid, a.body.id]);
      if (a.body.observations.startsWith('credit')) {
        assert.deepEqual(due.map((d) => [d.quote, Number(d.amount), Number(d.consecutive), d.prefix]), [[1, 1130.5, a.body.number, a.body.prefix]]);
        assert.equal(Number(row.balance), 1130.5);
      } else assert.deepEqual(due, []);
    }
  });

  test('a batch that runs past the DIAN resolution: the documents inside it are numbered, the others get their own 400 and take no number', async () => {
    const co = s.as('co');
    const fve = r.type['FV-E'];
    const [{ company_id: cid }] = await s.db.query('SELECT company_id FROM document_types WHERE id = $1 AND code = $2', [fve.id, 'FV-E']);
    await s.db.query(`UPDATE document_types SET consecutive = (resolution->>'to')::bigint - 2 WHERE company_id = $1 AND id = $2`, [cid, fve.id]);
    const answers = await Promise.all(Array.from({ length: 5 }, (_, i) => co.post('/v1/invoices', validInvoice(r, { document: { id: fve.id }, observations: `e ${i}` }))));
    const ok = answers.filter((a) => a.status === 201);
    const refused = answers.filter((a) => a.status !== 201);
    assert.equal(ok.length, 3, JSON.stringify(answers.map((a) => [a.status, a.body?.number ?? a.body])));
    for (const a of refused) {
      assert.equal(a.status, 400);
      assert.deepEqual(problems(a), ['invalid_dian_resolution@document.id']);
    }
    const rows = await stored(cid, fve.id);
    assert.deepEqual(rows.map((x) => Number(x.number)), [994999998, 994999999, 995000000]);
    assert.deepEqual(ok.map((a) => a.body.number).sort(), [994999998, 994999999, 995000000]);
    const [{ consecutive }] = await s.db.query('SELECT consecutive FROM document_types WHERE company_id = $1 AND id = $2', [cid, fve.id]);
    assert.equal(Number(consecutive), 995000001, 'the refused took no number');
  });

  test('a batch whose invoice statement fails is rolled back and each creation written alone: every one 201, numbers gap-free', async () => {
    const co = s.as('co');
    const fv = r.type.FV;
    const [{ company_id: cid }] = await s.db.query('SELECT company_id FROM document_types WHERE id = $1', [fv.id]);
    // A statement that inserts more than one invoice fails (the batch's set statement); one invoice alone passes.
    await s.db.exec(`CREATE FUNCTION test_one_invoice() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN
        IF (SELECT count(*) FROM new_rows) > 1 THEN RAISE EXCEPTION 'one invoice per statement in this test'; END IF; RETURN NULL; END $$;
      CREATE TRIGGER test_one_invoice AFTER INSERT ON invoices REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION test_one_invoice();`);
    try {
      const [{ consecutive: first }] = await s.db.query('SELECT consecutive FROM document_types WHERE company_id = $1 AND id = $2', [cid, fv.id]);
      const alone = writtenInBatches.alone;
      const batches = committer().stats.batches;
      const answers = await Promise.all(Array.from({ length: 5 }, (_, i) => co.post('/v1/invoices', validInvoice(r, { observations: `fails together ${i}` }))));
      for (const a of answers) assert.equal(a.status, 201, JSON.stringify(a.body));
      const numbers = answers.map((a) => a.body.number as number).sort((a, b) => a - b);
      assert.deepEqual(numbers, [0, 1, 2, 3, 4].map((k) => Number(first) + k));
      const rows = await s.db.query<{ number: string }>(`SELECT number FROM invoices WHERE company_id = $1 AND document_type_id = $2 AND number >= $3 ORDER BY number`, [cid, fv.id, first]);
      assert.deepEqual(rows.map((x) => Number(x.number)), numbers, 'each stored once, none lost to the rolled-back batch');
      assert.ok(committer().stats.batches > batches, 'a batch was formed (and its statement failed)');
      assert.equal(writtenInBatches.alone, alone, 'written alone by group commit, not by the batch writer');
    } finally {
      await s.db.exec('DROP TRIGGER test_one_invoice ON invoices; DROP FUNCTION test_one_invoice();');
    }
  });

  test('a hand-sent number joins the batch and is refused alone when already used', async () => {
    const co = s.as('co');
    const used = (await co.post('/v1/invoices', validInvoice(r))).body.number as number;
    const answers = await Promise.all([
      co.post('/v1/invoices', validInvoice(r, { number: used })),
      ...Array.from({ length: 4 }, () => co.post('/v1/invoices', validInvoice(r))),
    ]);
    assert.equal(answers[0].status, 400, JSON.stringify(answers[0].body));
    assert.deepEqual(problems(answers[0]), ['duplicated_document@number']);
    const numbers = answers.slice(1).map((a) => { assert.equal(a.status, 201); return a.body.number as number; }).sort((a, b) => a - b);
    assert.deepEqual(numbers, [used + 1, used + 2, used + 3, used + 4]);
  });

  test('one batch of several document types and both countries: each type numbered in order, without a gap', async () => {
    const mx = await mxRefs(s);
    const before = { ...committer().stats };
    const answers = await Promise.all(Array.from({ length: 9 }, (_, i) => (i % 3 === 2
      ? s.as('mx').post('/v1/invoices', mxInvoice(mx), MX_APP)
      : s.as('co').post('/v1/invoices', validInvoice(r, i % 3 === 0 ? {} : { document: { id: r.type['FV-TER'].id } })))));
    for (const a of answers) assert.equal(a.status, 201, JSON.stringify(a.body));
    assert.ok(committer().stats.largest > 1 && committer().stats.batches > before.batches);
    for (const k of [0, 1, 2]) {
      const numbers = answers.filter((_, i) => i % 3 === k).map((a) => a.body.number as number).sort((a, b) => a - b);
      assert.deepEqual(numbers, numbers.map((_, i) => numbers[0] + i), `type ${k}: ${numbers}`);
    }
  });

  test('a company with webhooks: its creations are batched, each with its one invoice.created event fanned out to the subscriptions that take it', async () => {
    const co = s.as('co');
    const received: any[] = [];
    const rx = http.createServer((req, res) => { let raw = ''; req.on('data', (c) => { raw += c; }).on('end', () => { received.push(JSON.parse(raw)); res.writeHead(204).end(); }); });
    await new Promise<void>((ok) => rx.listen(0, '127.0.0.1', ok));
    const url = `http://127.0.0.1:${(rx.address() as AddressInfo).port}/hooks`;
    const hooks: string[] = [];
    try {
      for (const events of [['*'], ['invoice.created'], ['invoice.annulled']]) {
        const h = await co.post('/v1/webhooks', { url, events });
        assert.equal(h.status, 201, JSON.stringify(h.body));
        hooks.push(h.body.id);
      }
      await sleep(300); // the company's cached row learns it has webhooks
      const together = writtenInBatches.together;
      const answers = await Promise.all(Array.from({ length: 8 }, (_, i) => co.post('/v1/invoices', validInvoice(r, { observations: `hooked ${i}` }))));
      const lone = await co.post('/v1/invoices', validInvoice(r, { observations: 'hooked alone' }));
      for (const a of [...answers, lone]) assert.equal(a.status, 201, JSON.stringify(a.body));
      assert.ok(writtenInBatches.together - together > 1, `written together: ${JSON.stringify(writtenInBatches)}`);
      const ids = [...answers, lone].map((a) => a.body.id as string);
      const [{ company_id: cid }] = await s.db.query('SELECT company_id FROM invoices WHERE id = $1', [ids[0]]);
      const events = await s.db.query<{ type: string; doc_id: string; event_id: string }>('SELECT type, doc_id, event_id FROM events WHERE company_id = $1 AND doc_id = ANY($2::uuid[])', [cid, ids]);
      assert.deepEqual(events.map((e) => e.doc_id).sort(), [...ids].sort(), 'one event per invoice');
      assert.ok(events.every((e) => e.type === 'invoice.created'));
      assert.equal(new Set(events.map((e) => e.event_id)).size, ids.length, 'each invoice its own event id');
      const end = Date.now() + 15_000;
      while (received.length < 2 * ids.length && Date.now() < end) await sleep(50);
      assert.equal(received.length, 2 * ids.length, 'every delivery arrives');
      // Each delivery's row is written by the dispatcher with its outcome (src/webhooks/fanout.ts), after the POST.
      const deliveries = async () => s.db.query<{ webhook_id: string; event_id: string; doc_id: string; type: string; doc_kind: string; status: string }>(
        `SELECT d.webhook_id, d.event_id, d.doc_id, d.type, d.doc_kind, d.status
           FROM webhook_deliveries d WHERE d.company_id = $1 AND d.doc_id = ANY($2::text[])`, [cid, ids]);
      while ((await deliveries()).length < 2 * ids.length && Date.now() < end + 5000) await sleep(50);
      const rows = await deliveries();
      for (const id of ids) {
        const mine = rows.filter((d) => d.doc_id === id);
        assert.deepEqual(mine.map((d) => d.webhook_id).sort(), hooks.slice(0, 2).sort(), 'a delivery to each subscription that takes invoice.created');
        assert.ok(mine.every((d) => d.type === 'invoice.created' && d.doc_kind === 'invoice' && d.status === 'delivered'));
        assert.deepEqual([...new Set(mine.map((d) => d.event_id))], [events.find((e) => e.doc_id === id)!.event_id], 'the event\'s id in every delivery of the event');
      }
      for (const a of [...answers, lone]) {
        const got = received.filter((b) => b.data?.id === a.body.id);
        assert.equal(got.length, 2);
        assert.ok(got.every((b) => b.type === 'invoice.created' && b.data.name === a.body.name && b.data.observations === a.body.observations));
      }
    } finally {
      for (const id of hooks) assert.equal((await co.delete(`/v1/webhooks/${id}`)).status, 200);
      rx.closeAllConnections();
      await new Promise((ok) => rx.close(ok));
    }
  });

  test('an Idempotency-Key creation is not batched and replays as before', async () => {
    const co = s.as('co');
    const body = validInvoice(r, { date: today() });
    const first = await co.post('/v1/invoices', body, { 'Idempotency-Key': 'gc-key-1' });
    const again = await co.post('/v1/invoices', body, { 'Idempotency-Key': 'gc-key-1' });
    assert.equal(first.status, 201);
    assert.equal(again.status, 201);
    assert.equal(again.headers.get('idempotent-replayed'), 'true');
    assert.equal(again.body.id, first.body.id);
  });
});
