/**
 * The documents list sorted by status walks each rank in invoices_status_sort (migration 076, src/console/sort.ts
 * statusWalks), on each storage: invoices of every rank (annulled, rejected, waiting, an electronic draft, owed and
 * paid plain invoices, one cancelled by the authority), in keyset pages both ways, each invoice once
 * and in the order of the rank the list shows (computed here from the invoices and their document types), ties by id;
 * in Mexico (no plain types) the same.
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { eachStorage, startTestServer, type TestServer } from '../support/server';
import { coRefs, validInvoice, type CoRefs } from '../support/co';
import { newCustomer } from '../support/vouchers';
import { MX_APP, mxInvoice, mxRefs } from '../support/mx';
import { ConsoleClient } from '../support/console';
import { DEMO_CONSOLE, ensureDemoConsole } from '../../src/console/demo';

eachStorage('console sorted by status', (storage) => {
  let s: TestServer;
  let r: CoRefs;
  before(async () => {
    s = await startTestServer(storage);
    await ensureDemoConsole(s.db);
    r = await coRefs(s);
  });
  after(() => s.close());

  test('every rank in keyset pages both ways, each invoice once, in the rank shown', async () => {
    const ident = '7400000052';
    const ids: string[] = [];
    for (let i = 0; i < 18; i++) {
      const type = i % 6 === 5 ? r.type['FV-E'] : i % 2 ? r.type['FV-PCT'] : r.type.FV;
      const pay = i % 3 === 0 ? { id: r.pay.Credit.id, value: 100, due_date: '2099-12-31' } : { id: r.pay.Cash.id, value: 100 };
      const res = await s.as('co').post('/v1/invoices', validInvoice(r, { document: { id: type.id }, customer: i === 0 ? newCustomer(ident) : { identification: ident, branch_office: 0 },
        items: [{ code: 'LIBRO01', quantity: 1, price: 100, taxes: [] }], payments: [pay] }));
      assert.equal(res.status, 201, JSON.stringify(res.body));
      ids.push(res.body.id);
    }
    // One annulled, one rejected and one waiting for the authority (electronic), one cancelled by it.
    assert.equal((await s.as('co').post(`/v1/invoices/${ids[1]}/annul`, {})).status, 200);
    await s.db.query(`UPDATE invoices SET stamp_status = 'Rejected' WHERE id = $1`, [ids[5]]);
    await s.db.query(`UPDATE invoices SET stamp_status = 'Pending' WHERE id = $1`, [ids[11]]);
    await s.db.query(`UPDATE invoices SET cancellation = '{"status": "Cancelled"}' WHERE id = $1`, [ids[2]]);
    const c = new ConsoleClient(s);
    assert.equal((await c.login(DEMO_CONSOLE.co.email, DEMO_CONSOLE.co.password)).status, 303);
    const idsOf = (text: string) => [...text.matchAll(/<td><a href="\/app\/documents\/invoices\/([0-9a-f-]{36})">/g)].map((m) => m[1]);
    const ranks = await s.db.query<{ id: string; rank: number }>(`
      SELECT t.id, CASE WHEN t.annulled OR t.cancelled THEN 9 WHEN t.stamp_status = 'Rejected' THEN 1 WHEN t.stamp_status = 'Pending' THEN 2
                        WHEN t.stamp_status = 'Draft' AND dt.electronic_type IS DISTINCT FROM 'NoElectronic' THEN 3 WHEN t.balance > 0 THEN 4 ELSE 5 END AS rank
        FROM invoices t JOIN document_types dt ON dt.id = t.document_type_id WHERE t.customer_identification = $1 AND t.deleted_at IS NULL`, [ident]);
    assert.deepEqual([...new Set(ranks.map((x) => x.rank))].sort(), [1, 2, 3, 4, 5, 9], 'every rank present');
    for (const dir of ['asc', 'desc'] as const) {
      const sign = dir === 'asc' ? 1 : -1;
      const expected = [...ranks].sort((a, b) => sign * (a.rank - b.rank || (a.id < b.id ? -1 : 1))).map((x) => x.id);
      const seen: string[] = [];
      let url: string | undefined = `/app/documents?kind=invoices&customer=${ident}&sort=status&dir=${dir}&size=4`;
      for (let pages = 0; url; pages++) {
        assert.ok(pages < 6, 'the pages end');
        const page = await c.send('GET', url);
        assert.equal(page.status, 200, `${url}: ${page.text.slice(0, 300)}`);
        seen.push(...idsOf(page.text));
        url = /href="([^"]+)" rel="next"/.exec(page.text)?.[1]?.replace(/&amp;/g, '&');
      }
      assert.deepEqual(seen, expected, `status ${dir}: every invoice once, in the rank shown`);
    }
  });

  test('in Mexico (no plain types: every draft is a draft), the same pages', async () => {
    const ref = await mxRefs(s);
    for (let i = 0; i < 5; i++) assert.equal((await s.as('mx').post('/v1/invoices', mxInvoice(ref), MX_APP)).status, 201);
    const [{ company_id: mx }] = await s.db.query<{ company_id: number }>(`SELECT company_id FROM companies WHERE is_demo AND country = 'MX' ORDER BY company_id LIMIT 1`);
    // Ranks of every kind among them: one rejected, one annulled (whatever the authority said of the rest).
    await s.db.query(`UPDATE invoices SET stamp_status = 'Rejected' WHERE id = (SELECT id FROM invoices WHERE company_id = $1 ORDER BY id LIMIT 1)`, [mx]);
    await s.db.query(`UPDATE invoices SET annulled = true WHERE id = (SELECT id FROM invoices WHERE company_id = $1 ORDER BY id DESC LIMIT 1)`, [mx]);
    const ranks = await s.db.query<{ id: string; rank: number }>(`
      SELECT id, CASE WHEN annulled OR cancelled THEN 9 WHEN stamp_status = 'Rejected' THEN 1 WHEN stamp_status = 'Pending' THEN 2
                      WHEN stamp_status = 'Draft' THEN 3 WHEN balance > 0 THEN 4 ELSE 5 END AS rank
        FROM invoices WHERE company_id = $1 AND deleted_at IS NULL`, [mx]);
    assert.ok(ranks.length >= 2, 'the Mexican demo company has invoices');
    const c = new ConsoleClient(s);
    assert.equal((await c.login(DEMO_CONSOLE.mx.email, DEMO_CONSOLE.mx.password)).status, 303);
    const expected = [...ranks].sort((a, b) => a.rank - b.rank || (a.id < b.id ? -1 : 1)).map((x) => x.id);
    const seen: string[] = [];
    let url: string | undefined = '/app/documents?kind=invoices&sort=status&dir=asc&size=2';
    for (let pages = 0; url; pages++) {
      assert.ok(pages <= expected.length, 'the pages end');
      const page = await c.send('GET', url);
      assert.equal(page.status, 200, `${url}: ${page.text.slice(0, 300)}`);
      seen.push(...[...page.text.matchAll(/<td><a href="\/app\/documents\/invoices\/([0-9a-f-]{36})">/g)].map((m) => m[1]));
      url = /href="([^"]+)" rel="next"/.exec(page.text)?.[1]?.replace(/&amp;/g, '&');
    }
    assert.deepEqual(seen, expected);
  });
});
