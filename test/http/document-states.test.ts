/**
 * The invoice and voucher kernels over HTTP, on each storage: every state
 * change leaves its event in `events` (written in the changing transaction),
 * the database refuses a status the state machine does not know, and a
 * transition it does not allow is refused by the kernel without a trace.
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { eachStorage, startTestServer, type TestServer } from '../support/server';
import { coRefs, today, validInvoice, type CoRefs } from '../support/co';
import { creditInvoice, debtPayment, dueOf, mainCustomer, rcRefs, type RcRefs } from '../support/vouchers';
import { recordVerdict } from '../../src/invoices/kernel';
import { IllegalTransition } from '../../src/platform/states';
import { sleep } from '../support/profile';

eachStorage('document states and events', (storage) => {
  let s: TestServer;
  let r: CoRefs;
  let v: RcRefs;
  before(async () => { s = await startTestServer(storage); [r, v] = await Promise.all([coRefs(s), rcRefs(s)]); });
  after(() => s.close());

  const events = async (id: string) => (await s.db.query('SELECT type FROM events WHERE doc_id = $1 ORDER BY id', [id])).map((e) => e.type);
  const created = (res: any) => { assert.equal(res.status, 201, JSON.stringify(res.body)); return res.body; };
  async function eventually(id: string, want: string[]) {
    for (let i = 0; i < 100 && JSON.stringify(await events(id)) !== JSON.stringify(want); i++) await sleep(100);
    assert.deepEqual(await events(id), want);
  }

  test('a plain invoice: annulled; another: deleted (a creation is its row, not an event)', async () => {
    const inv = created(await s.as('co').post('/v1/invoices', validInvoice(r)));
    assert.deepEqual(await events(inv.id), []);
    assert.equal((await s.as('co').post(`/v1/invoices/${inv.id}/annul`, {})).status, 200);
    assert.deepEqual(await events(inv.id), ['invoice.annulled']);
    const refused = await s.as('co').post(`/v1/invoices/${inv.id}/annul`, {});
    assert.equal(refused.status, 400);
    assert.deepEqual(await events(inv.id), ['invoice.annulled'], 'a refused change emits nothing');

    const other = created(await s.as('co').post('/v1/invoices', validInvoice(r)));
    assert.equal((await s.call('DELETE', `/v1/invoices/${other.id}`, { token: await s.token('co') })).status, 200);
    assert.deepEqual(await events(other.id), ['invoice.deleted']);
  });

  test('an electronic invoice mailed once accepted: stamp_accepted, then mail_sent', async () => {
    const inv = created(await s.as('co').post('/v1/invoices', validInvoice(r, { document: { id: r.type['FV-E'].id }, date: today(), stamp: { send: true }, mail: { send: true } })));
    assert.equal(inv.stamp.status, 'Accepted', JSON.stringify(inv.stamp));
    await eventually(inv.id, ['invoice.stamp_accepted', 'invoice.mail_sent']);
    const [row] = await s.db.query('SELECT mail_status FROM invoices WHERE id = $1', [inv.id]);
    assert.equal(row.mail_status, 'sent');
  });

  test('a receipt: annulled', async () => {
    const inv = await creditInvoice(s, r, { amount: 500 });
    const rc = created(await s.as('co').post('/v1/vouchers', debtPayment(v, mainCustomer(r), [{ due: dueOf(inv), value: 200 }])));
    assert.deepEqual(await events(rc.id), []);
    assert.equal((await s.as('co').post(`/v1/vouchers/${rc.id}/annul`, {})).status, 200);
    assert.deepEqual(await events(rc.id), ['voucher.annulled']);
  });

  test('the database refuses a status the state machine does not know', async () => {
    const inv = created(await s.as('co').post('/v1/invoices', validInvoice(r)));
    await assert.rejects(s.db.query(`UPDATE invoices SET stamp_status = 'Sent' WHERE id = $1`, [inv.id]), /invoices_stamp_status/);
    await assert.rejects(s.db.query(`UPDATE invoices SET mail_status = 'queued' WHERE id = $1`, [inv.id]), /invoices_mail_status/);
    await assert.rejects(s.db.query(`UPDATE vouchers SET mail_status = 'queued' WHERE company_id = (SELECT company_id FROM invoices WHERE id = $1)`, [inv.id]), /vouchers_mail_status/);
    const [row] = await s.db.query('SELECT stamp_status, mail_status, annulled FROM invoices WHERE id = $1', [inv.id]);
    assert.deepEqual(row, { stamp_status: 'Draft', mail_status: 'not_sent', annulled: false });
  });

  test('the same verdict twice (a stamping job run by two processes) is recorded once, with one event', async () => {
    const inv = created(await s.as('co').post('/v1/invoices', validInvoice(r, { document: { id: r.type['FV-E'].id }, date: today(), stamp: { send: true } })));
    assert.equal(inv.stamp.status, 'Accepted');
    const [row] = await s.db.query('SELECT company_id, stamp_cufe, stamp_authority FROM invoices WHERE id = $1', [inv.id]);
    await s.db.tx((q) => recordVerdict(q, row.company_id, inv.id, { status: 'Accepted', cufe: row.stamp_cufe, errors: [], observations: [], authority: row.stamp_authority, xml: null }));
    const [after] = await s.db.query('SELECT stamp_status, stamp_cufe FROM invoices WHERE id = $1', [inv.id]);
    assert.deepEqual(after, { stamp_status: 'Accepted', stamp_cufe: row.stamp_cufe });
    assert.deepEqual(await events(inv.id), ['invoice.stamp_accepted']);
  });

  test('a verdict on an accepted invoice is a transition the kernel refuses, and nothing of it is kept', async () => {
    const inv = created(await s.as('co').post('/v1/invoices', validInvoice(r, { document: { id: r.type['FV-E'].id }, date: today(), stamp: { send: true } })));
    assert.equal(inv.stamp.status, 'Accepted');
    const [{ company_id: cid }] = await s.db.query('SELECT company_id FROM invoices WHERE id = $1', [inv.id]);
    await assert.rejects(s.db.tx((q) => recordVerdict(q, cid, inv.id, { status: 'Rejected', errors: [], observations: [], authority: 'test', xml: null })), IllegalTransition);
    const [row] = await s.db.query('SELECT stamp_status, stamp_authority FROM invoices WHERE id = $1', [inv.id]);
    assert.notEqual(row.stamp_authority, 'test');
    assert.equal(row.stamp_status, 'Accepted');
    assert.deepEqual(await events(inv.id), ['invoice.stamp_accepted']);
  });
});
