/**
 * The documents list's totals row from the sums kept per day, document type, authority status and state (migration
 * 081, src/console/totals.ts), on each storage: after every step the row the console answers for each filter the kept
 * sums serve (none, a month, a range of days, a type, an authority status, the statuses issued, draft, pending,
 * rejected, paid and annulled) and for some they do not (overdue, partly paid, a customer) equals the count and sums
 * computed here from the invoices themselves: creations in two months, a credit note, a payment, an annulment, the
 * authority's cancellation, a deletion, a bulk-demo load, more pending changes than the row reads unfolded (it folds
 * them first), and the pending changes folded. A row added to the kept sums shows in the answer (they are read).
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { eachStorage, startTestServer, type TestServer } from '../support/server';
import { coRefs, noteRefs, today, type CoRefs } from '../support/co';
import { creditInvoice, debtPayment, dueOf, newCustomer, rcRefs, type RcRefs } from '../support/vouchers';
import { ConsoleClient } from '../support/console';
import { DEMO_CONSOLE, ensureDemoConsole } from '../../src/console/demo';
import { bulkDemo } from '../../src/companies/bulk';
import { foldListTotals } from '../../src/reports/list-totals';

const day = (offset: number) => new Date(Date.parse(`${today()}T12:00:00Z`) + offset * 86_400_000).toISOString().slice(0, 10);
/** A figure as the list writes it (es-CO: $ 1.234,50) as a number with two decimals. */
const amount = (shown: string) => Number(shown.replace(/[^0-9,-]/g, '').replace(',', '.')).toFixed(2);

interface Row { count: number; total: string; balance: string }

eachStorage('console list totals kept', (storage) => {
  let s: TestServer;
  let r: CoRefs;
  let v: RcRefs;
  let cid: number;
  let c: ConsoleClient;
  before(async () => {
    s = await startTestServer(storage);
    await ensureDemoConsole(s.db);
    [r, v] = await Promise.all([coRefs(s), rcRefs(s)]);
    [{ company_id: cid }] = await s.db.query<{ company_id: number }>('SELECT company_id FROM document_types WHERE id = $1', [r.type.FV.id]);
    c = new ConsoleClient(s);
    assert.equal((await c.login(DEMO_CONSOLE.co.email, DEMO_CONSOLE.co.password)).status, 303);
  });
  after(() => s.close());

  /** The filters checked: those the kept sums answer, then some they do not. */
  const filters = (): Record<string, string>[] => {
    const month = today().slice(0, 8);
    const last = new Date(Date.UTC(Number(month.slice(0, 4)), Number(month.slice(5, 7)), 0)).toISOString().slice(0, 10);
    return [{}, { from: `${month}01`, to: last }, { from: day(-40), to: day(-3) }, { to: day(-20) }, { type: String(r.type.FV.id) },
      { stamp: 'Accepted' }, { status: 'issued' }, { status: 'draft' }, { status: 'pending' }, { status: 'rejected' }, { status: 'paid' },
      { status: 'annulled' }, { status: 'paid', from: day(-40), type: String(r.type.FV.id) },
      { status: 'overdue' }, { status: 'partly_paid' }, { customer: '76076101' }];
  };

  /** What the console's totals row shows for a filter. */
  async function shown(f: Record<string, string>): Promise<Row> {
    const res = await c.send('GET', `/app/documents/totals?${new URLSearchParams({ kind: 'invoices', ...f })}`);
    assert.equal(res.status, 200, JSON.stringify(f));
    const cell = (id: string) => /id="[^"]+">([^<]*)</.exec(res.text.slice(res.text.indexOf(`id="${id}"`)))![1];
    return { count: Number(cell('totals-count')), total: amount(cell('totals-total')), balance: amount(cell('totals-balance')) };
  }

  /** The same computed from the invoices: every one the filter holds counted, the live ones' totals and balances summed. */
  async function computed(f: Record<string, string>): Promise<Row> {
    const args: unknown[] = [cid];
    const arg = (x: unknown) => { args.push(x); return `$${args.length}`; };
    const live = 'NOT i.annulled AND NOT coalesce(i.cancellation->>\'status\' = \'Cancelled\', false)';
    const plain = "i.document_type_id IN (SELECT id FROM document_types WHERE company_id = $1 AND electronic_type = 'NoElectronic')";
    const open = 'EXISTS (SELECT 1 FROM due_items d WHERE d.invoice_id = i.id AND NOT d.annulled';
    const w = ['i.company_id = $1', 'i.deleted_at IS NULL'];
    if (f.from) w.push(`i.date >= ${arg(f.from)}::date`);
    if (f.to) w.push(`i.date <= ${arg(f.to)}::date`);
    if (f.type) w.push(`i.document_type_id = ${arg(Number(f.type))}`);
    if (f.stamp) w.push(`i.stamp_status = ${arg(f.stamp)}`);
    if (f.customer) w.push(`i.customer_identification = ${arg(f.customer)}`);
    const status: Record<string, () => string> = {
      issued: () => `${live} AND (i.stamp_status = 'Accepted' OR (i.stamp_status = 'Draft' AND ${plain}))`,
      draft: () => `i.stamp_status = 'Draft' AND NOT ${plain}`, pending: () => "i.stamp_status = 'Pending'", rejected: () => "i.stamp_status = 'Rejected'",
      paid: () => `${live} AND i.balance = 0`, annulled: () => `NOT (${live})`,
      overdue: () => `${live} AND i.balance > 0 AND ${open} AND d.paid < d.amount AND d.due_date < ${arg(today())}::date)`,
      partly_paid: () => `${live} AND i.balance > 0 AND ${open} AND d.paid > 0)`,
    };
    if (f.status) w.push(status[f.status]());
    const [x] = await s.db.query<{ count: number; total: string; balance: string }>(
      `SELECT count(*)::int AS count, to_char(coalesce(sum(i.total) FILTER (WHERE ${live}), 0), 'FM9999999999990.00') AS total,
              to_char(coalesce(sum(i.balance) FILTER (WHERE ${live}), 0), 'FM9999999999990.00') AS balance FROM invoices i WHERE ${w.join(' AND ')}`, args);
    return x;
  }

  async function agrees(step: string): Promise<Row> {
    for (const f of filters()) assert.deepEqual(await shown(f), await computed(f), `${step}: ${JSON.stringify(f)}`);
    return shown({});
  }

  test('the totals row equals the invoices\' count and sums through creations, a credit note, a payment, an annulment, a cancellation, a deletion and a bulk load', async () => {
    const co = s.as('co');
    const empty = await agrees('before');
    // Creations: credit invoices of three customers, this month and a month back.
    const made = [];
    for (const [k, days, price] of [[1, 0, 5000], [2, -35, 7000], [3, -10, 3000], [1, -35, 2500.5]] as const) {
      made.push(await creditInvoice(s, r, { amount: price, date: day(days), customer: k === 1 && made.length ? { identification: '76076101', branch_office: 0 } : newCustomer(`7607610${k}`) }));
    }
    const created = await agrees('after the creations');
    assert.equal(created.count, empty.count + 4);
    // A credit note on the first: its balance goes down.
    const { types, pays } = await noteRefs(s);
    const nc = await co.post('/v1/credit-notes', { document: { id: types.NC.id }, date: today(), invoice: made[0].id, reason: 3, seller: r.seller.id,
      items: [{ code: 'LIBRO01', quantity: 1, price: 1000, taxes: [] }], payments: [{ id: pays['NC.Credit'].id, value: 1000 }] });
    assert.equal(nc.status, 201, JSON.stringify(nc.body));
    await agrees('after the credit note');
    // A payment of the second in full (it becomes paid) and part of the fourth.
    const pay = await co.post('/v1/vouchers', debtPayment(v, { identification: '76076102', branch_office: 0 }, [{ due: dueOf(made[1]), value: 7000 }]));
    assert.equal(pay.status, 201, JSON.stringify(pay.body));
    const part = await co.post('/v1/vouchers', debtPayment(v, { identification: '76076101', branch_office: 0 }, [{ due: dueOf(made[3]), value: 500.25 }]));
    assert.equal(part.status, 201, JSON.stringify(part.body));
    const paid = await agrees('after the payments');
    assert.equal(paid.balance, (Number(created.balance) - 1000 - 7000 - 500.25).toFixed(2));
    // An annulment: still counted, out of the sums.
    assert.equal((await co.post(`/v1/invoices/${made[2].id}/annul`, {})).status, 200);
    const annulled = await agrees('after the annulment');
    assert.equal(annulled.count, paid.count);
    // The authority's cancellation recorded (what the cancellation kernel writes), then undone.
    await s.db.query(`UPDATE invoices SET cancellation = '{"status": "Cancelled", "motive": "02"}' WHERE company_id = $1 AND id = $2`, [cid, made[0].id]);
    await agrees('cancellation recorded');
    await s.db.query('UPDATE invoices SET cancellation = NULL WHERE company_id = $1 AND id = $2', [cid, made[0].id]);
    assert.deepEqual(await agrees('cancellation undone'), annulled);
    // A deletion (an invoice never sent and not paid).
    const gone = await creditInvoice(s, r, { amount: 1234, date: day(-3) });
    await agrees('before the deletion');
    assert.equal((await s.call('DELETE', `/v1/invoices/${gone.id}`, { token: await s.token('co') })).status, 200);
    assert.deepEqual(await agrees('after the deletion'), annulled);
    // Folded: the same from the sums alone.
    await foldListTotals(s.db, cid, { wait: true });
    assert.deepEqual(await s.db.query('SELECT 1 FROM list_totals_pending WHERE company_id = $1', [cid]), []);
    assert.deepEqual(await agrees('folded'), annulled);
    // A bulk load (replica mode on PostgreSQL as a superuser): its creations and payments are counted.
    await bulkDemo(s.db, { invoices: 400, days: 200, customers: 12, batch: 100 });
    const bulk = await agrees('after bulk-demo');
    assert.ok(bulk.count >= annulled.count + 400);
    // More pending rows than the row reads as they are (2,002 that cancel out): it folds them first.
    await s.db.query(`INSERT INTO list_totals_pending (company_id, date, document_type_id, stamp_status, state, n, total, balance)
      SELECT $1, $2::date, $3, 'Draft', 'o', v.s, v.s * 10.50, v.s * 3 FROM generate_series(1, 1001) g, (VALUES (1), (-1)) v(s)`, [cid, today(), r.type.FV.id]);
    assert.deepEqual(await agrees('many pending'), bulk);
    assert.deepEqual(await s.db.query('SELECT 1 FROM list_totals_pending WHERE company_id = $1', [cid]), [], 'folded by the totals row');
    // The kept sums equal the invoices' per key, this company's alone; and they are what the row reads (a row added shows).
    const drift = await s.db.query(`
      SELECT date, document_type_id, stamp_status, state FROM (
        SELECT date, document_type_id, stamp_status, state::text, n, total, balance FROM list_totals WHERE company_id = $1
        UNION ALL SELECT date, document_type_id, stamp_status, CASE WHEN annulled OR cancelled THEN 'a' WHEN balance = 0 THEN 'p' ELSE 'o' END, -1, -total, -balance
          FROM invoices WHERE company_id = $1 AND deleted_at IS NULL) x
       GROUP BY 1, 2, 3, 4 HAVING sum(n) <> 0 OR sum(total) <> 0 OR sum(balance) <> 0`, [cid]);
    assert.deepEqual(drift, []);
    await s.db.query(`INSERT INTO list_totals_pending (company_id, date, document_type_id, stamp_status, state, n, total, balance) VALUES ($1, $2::date, $3, 'Accepted', 'o', 1, 0.01, 0.02)`,
      [cid, today(), r.type.FV.id]);
    const skewed = await shown({});
    assert.deepEqual([skewed.count, skewed.total, skewed.balance], [bulk.count + 1, (Number(bulk.total) + 0.01).toFixed(2), (Number(bulk.balance) + 0.02).toFixed(2)]);
    assert.deepEqual(await shown({ status: 'overdue' }), await computed({ status: 'overdue' }), 'a filter the sums do not answer reads the invoices');
    // Taken back by the opposite change (the row may have been folded into the sums meanwhile: a delete could miss it).
    await s.db.query(`INSERT INTO list_totals_pending (company_id, date, document_type_id, stamp_status, state, n, total, balance) VALUES ($1, $2::date, $3, 'Accepted', 'o', -1, -0.01, -0.02)`,
      [cid, today(), r.type.FV.id]);
    assert.deepEqual(await shown({}), bulk);
  });
});
