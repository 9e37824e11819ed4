/**
 * Issue 37, point 1: a Colombian invoice's verdict in one statement when nothing reacts to it (no mail of the
 * invoice waiting for the authority; webhooks do not react: their deliveries are derived from the event rows
 * afterwards), with its event and its outbox job marked done; anything else is left to the transaction of
 * recordVerdict, untouched.
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { eachStorage, startTestServer, type TestServer } from '../support/server';
import { coRefs, today, validInvoice, type CoRefs } from '../support/co';
import { awaitVerdictRow, recordQuietVerdict } from '../../src/invoices/verdict';

eachStorage('stamp verdict in one statement', (storage) => {
  let s: TestServer;
  let r: CoRefs;
  before(async () => { s = await startTestServer(storage, { DIAN_TIMEOUT_MS: '20000' }); r = await coRefs(s); });
  after(() => s.close());

  const events = async (id: string) => (await s.db.query('SELECT type FROM events WHERE doc_id = $1 ORDER BY id', [id])).map((e) => e.type);
  const outcome = { status: 'Accepted' as const, cufe: 'a'.repeat(96), errors: [], observations: ['ok'], authority: 'sandbox', xml: '<Invoice/>', applicationResponse: '<ApplicationResponse/>' };
  /** An electronic invoice left Pending, as a stamping job finds it (created without stamp.send, then marked). */
  async function pending(): Promise<{ cid: number; id: string }> {
    const res = await s.as('co').post('/v1/invoices', validInvoice(r, { document: { id: r.type['FV-E'].id }, date: today() }));
    assert.equal(res.status, 201, JSON.stringify(res.body));
    const [row] = await s.db.query(`UPDATE invoices SET stamp_status = 'Pending' WHERE id = $1 RETURNING company_id`, [res.body.id]);
    return { cid: row.company_id, id: res.body.id };
  }
  const stamp = async (id: string) => (await s.db.query('SELECT stamp_status, stamp_cufe, stamp_observations, stamp_authority, application_response, xml FROM invoices WHERE id = $1', [id]))[0];

  test('through HTTP: Accepted, one stamp_accepted event, the job done with its result', async () => {
    const res = await s.as('co').post('/v1/invoices', validInvoice(r, { document: { id: r.type['FV-E'].id }, date: today(), stamp: { send: true } }));
    assert.equal(res.status, 201, JSON.stringify(res.body));
    assert.equal(res.body.stamp.status, 'Accepted', JSON.stringify(res.body.stamp));
    assert.deepEqual(await events(res.body.id), ['invoice.stamp_accepted']);
    const [job] = await s.db.query(`SELECT status, result, locked_until, last_error FROM outbox WHERE kind = 'dian_submit' AND ref_id = $1`, [res.body.id]);
    assert.equal(job.status, 'done');
    assert.equal(job.locked_until, null);
    assert.equal((typeof job.result === 'string' ? JSON.parse(job.result) : job.result).status, 'Accepted');
    const row = await stamp(res.body.id);
    assert.equal(row.stamp_status, 'Accepted');
    assert.match(row.xml, /<ds:SignatureValue>/);
    assert.match(row.application_response, /ApplicationResponse/);
    // Both stored compressed (migration 083): with lz4 where the server has it (the tests' PostgreSQL does), else pglz.
    const [{ lz4 }] = await s.db.query(`SELECT 'lz4' = ANY (enumvals) AS lz4 FROM pg_settings WHERE name = 'default_toast_compression'`);
    if (storage === 'postgres') assert.equal(lz4, true, 'the PostgreSQL of the tests is built with lz4');
    const [methods] = await s.db.query('SELECT pg_column_compression(xml) AS xml, pg_column_compression(application_response) AS ar FROM invoices WHERE id = $1', [res.body.id]);
    assert.deepEqual(methods, lz4 ? { xml: 'lz4', ar: 'lz4' } : { xml: 'pglz', ar: 'pglz' });
    const columns = await s.db.query(`SELECT c.relname || '.' || a.attname AS col, a.attcompression AS method FROM pg_attribute a JOIN pg_class c ON c.oid = a.attrelid
      WHERE c.relkind = 'r' AND (c.relname, a.attname) IN (('invoices', 'xml'), ('invoices', 'application_response'), ('notes', 'xml'), ('notes', 'application_response'), ('payments', 'xml'))
      ORDER BY 1`);
    assert.deepEqual(columns, ['invoices.application_response', 'invoices.xml', 'notes.application_response', 'notes.xml', 'payments.xml'].map((col) => ({ col, method: lz4 ? 'l' : '' })));
    // The answer was built from the row the verdict's statement returned: the invoice as a GET then reads it.
    const read = await s.as('co').get(`/v1/invoices/${res.body.id}`);
    assert.deepEqual(res.body, read.body);
  });

  test('a request waiting for the verdict gets the row it leaves (live invoices only), the verdict written either way', async () => {
    const { cid, id } = await pending();
    const take = awaitVerdictRow<{ stamp_status: string; stamp_cufe: string; notes: unknown[] }>(cid, id, 'i.stamp_status, i.stamp_cufe, i.document, \'[]\'::json AS notes')!;
    assert.equal(awaitVerdictRow(cid, id, 'i.id'), null, 'one waiter per invoice');
    assert.equal(await recordQuietVerdict(s.db, cid, id, outcome), true);
    const row = take();
    assert.equal(row?.stamp_status, 'Accepted');
    assert.equal(row?.stamp_cufe, outcome.cufe);
    assert.equal(take(), row, 'taken once, the wait ended');
    // Deleted meanwhile (not live): the verdict and its event are written, no row is given.
    const gone = await pending();
    await s.db.query('UPDATE invoices SET deleted_at = now() WHERE id = $1', [gone.id]);
    const none = awaitVerdictRow(gone.cid, gone.id, 'i.stamp_status, i.document')!;
    assert.equal(await recordQuietVerdict(s.db, gone.cid, gone.id, outcome), true);
    assert.equal(none(), undefined);
    assert.equal((await stamp(gone.id)).stamp_status, 'Accepted');
    assert.deepEqual(await events(gone.id), ['invoice.stamp_accepted']);
  });

  test('a Pending invoice nobody reacts to: the verdict and its event, in one statement', async () => {
    const { cid, id } = await pending();
    assert.equal(await recordQuietVerdict(s.db, cid, id, outcome), true);
    const row = await stamp(id);
    assert.deepEqual({ ...row, stamp_observations: row.stamp_observations }, {
      stamp_status: 'Accepted', stamp_cufe: outcome.cufe, stamp_observations: ['ok'], stamp_authority: 'sandbox', application_response: '<ApplicationResponse/>', xml: '<Invoice/>',
    });
    assert.deepEqual(await events(id), ['invoice.stamp_accepted']);
    // Not Pending any more: the same call writes nothing (recordVerdict decides what a repeated verdict is).
    assert.equal(await recordQuietVerdict(s.db, cid, id, { ...outcome, status: 'Rejected' }), false);
    assert.equal((await stamp(id)).stamp_status, 'Accepted');
    assert.deepEqual(await events(id), ['invoice.stamp_accepted']);
  });

  test('a mail waiting for the authority: nothing written here; a webhook, taking the event or not: the verdict and its event', async () => {
    const mailed = await pending();
    assert.equal((await s.as('co').post(`/v1/invoices/${mailed.id}/mail`, {})).status < 300, true);
    const [m] = await s.db.query(`SELECT status FROM mails WHERE doc_id = $1`, [mailed.id]);
    assert.equal(m.status, 'pending_send');
    assert.equal(await recordQuietVerdict(s.db, mailed.cid, mailed.id, outcome), false);
    assert.equal((await stamp(mailed.id)).stamp_status, 'Pending');
    assert.deepEqual(await events(mailed.id), []);

    const other = await pending();
    const hook = await s.as('co').post('/v1/webhooks', { url: 'http://127.0.0.1:9/hook', events: ['invoice.annulled'] });
    assert.equal(hook.status, 201, JSON.stringify(hook.body));
    // A webhook on other events only does not react to this one.
    assert.equal(await recordQuietVerdict(s.db, other.cid, other.id, { ...outcome, status: 'Rejected', cufe: null }), true);
    assert.deepEqual(await events(other.id), ['invoice.stamp_rejected']);

    // A webhook taking the event reacts to nothing here either: the dispatcher derives its delivery from the event row
    // afterwards (src/webhooks/fanout.ts), so the verdict and its event are still one statement.
    const third = await pending();
    const taking = await s.as('co').post('/v1/webhooks', { url: 'http://127.0.0.1:9/hook2', events: ['invoice.stamp_accepted'] });
    assert.equal(taking.status, 201, JSON.stringify(taking.body));
    try {
      assert.equal(await recordQuietVerdict(s.db, third.cid, third.id, outcome), true);
      assert.equal((await stamp(third.id)).stamp_status, 'Accepted');
      assert.deepEqual(await events(third.id), ['invoice.created', 'invoice.stamp_accepted'], 'its creation, for the company with webhooks now, and its verdict');
    } finally {
      for (const h of [hook.body.id, taking.body.id]) await s.call('DELETE', `/v1/webhooks/${h}`, { token: await s.token('co') });
    }
  });

  test('a stored text XML cannot hold (U+0001, from before input refused it): Rejected with BUILD at once, the job done; corrected, it is accepted', async () => {
    const res = await s.as('co').post('/v1/invoices', validInvoice(r, { document: { id: r.type['FV-E'].id }, date: today(), observations: 'Entregar en bodega' }));
    assert.equal(res.status, 201, JSON.stringify(res.body));
    const id = res.body.id;
    await s.db.query(`UPDATE invoices SET document = jsonb_set(document, '{observations}', to_jsonb('Entregar' || chr(1) || 'en bodega'::text)) WHERE id = $1`, [id]);
    const sent = await s.as('co').post(`/v1/invoices/${id}/stamp`, {});
    assert.equal(sent.status < 300, true, JSON.stringify(sent.body));
    assert.equal(sent.body.stamp.status, 'Rejected', JSON.stringify(sent.body.stamp));
    const errors = await s.as('co').get(`/v1/invoices/${id}/stamp/errors`);
    assert.equal(errors.body.status, 'Rejected');
    assert.equal(errors.body.errors.length, 1, JSON.stringify(errors.body));
    assert.equal(errors.body.errors[0].code, 'BUILD');
    assert.match(errors.body.errors[0].message, /^The document's XML cannot be built from its data: /);
    assert.deepEqual(await events(id), ['invoice.stamp_rejected']);
    // Ended, not retried: the job is done with the rejection, nothing was kept as sent.
    const [job] = await s.db.query(`SELECT status, attempts, last_error FROM outbox WHERE kind = 'dian_submit' AND ref_id = $1`, [id]);
    assert.deepEqual({ status: job.status, attempts: job.attempts, last_error: job.last_error }, { status: 'done', attempts: 1, last_error: null });
    assert.equal((await stamp(id)).xml, null);
    // Rejected, so it can be corrected and sent again.
    const fixed = await s.as('co').put(`/v1/invoices/${id}`, validInvoice(r, { document: { id: r.type['FV-E'].id }, date: today(), observations: 'Entregar en bodega' }));
    assert.equal(fixed.status, 200, JSON.stringify(fixed.body));
    const again = await s.as('co').post(`/v1/invoices/${id}/stamp`, {});
    assert.equal(again.body.stamp.status, 'Accepted', JSON.stringify(again.body.stamp));
  });
});
