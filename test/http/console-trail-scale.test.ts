/**
 * The console's reads of e-mails and webhook deliveries do not grow with the company's (migration 051), on each storage:
 * with 20,000 e-mails of other documents, a document's page shows its own e-mails and Home its failed ones, and the
 * statements behind them read a few index pages (counted by EXPLAIN's buffers), not every e-mail of the company; Home's
 * twelve months of sales are charted by the invoice's stored currency (migration 075, kept by month since 076), and
 * the list's totals can be read from invoices_date alone, cancellation included (migration 075).
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { eachStorage, startTestServer, type TestServer } from '../support/server';
import { coRefs, validInvoice } from '../support/co';
import { ConsoleClient } from '../support/console';
import { DEMO_CONSOLE, ensureDemoConsole } from '../../src/console/demo';

interface PlanNode { 'Node Type'?: string; 'Shared Hit Blocks'?: number; 'Shared Read Blocks'?: number; 'Index Name'?: string; 'Relation Name'?: string; Plans?: PlanNode[] }
const indexes = (n: PlanNode): string[] => [...(n['Index Name'] ? [n['Index Name']] : []), ...(n.Plans ?? []).flatMap(indexes)];
/** The scans of tables in a plan: [node type, index name or table]. */
const scans = (n: PlanNode): string[][] => [...(n['Relation Name'] ? [[n['Node Type'] ?? '', n['Index Name'] ?? n['Relation Name']]] : []), ...(n.Plans ?? []).flatMap(scans)];

eachStorage('console trail and home at scale', (storage) => {
  let s: TestServer;
  let cid: number;
  let invoiceId: string;
  const console = () => new ConsoleClient(s);
  before(async () => {
    s = await startTestServer(storage);
    await ensureDemoConsole(s.db);
    const r = await coRefs(s);
    const res = await s.as('co').post('/v1/invoices', validInvoice(r));
    assert.equal(res.status, 201, JSON.stringify(res.body));
    invoiceId = res.body.id;
    [{ company_id: cid }] = await s.db.query<{ company_id: number }>('SELECT company_id FROM invoices WHERE id = $1', [invoiceId]);
    // 20,000 e-mails of other documents of every kind (20 of them failed), and two of the invoice's own: one sent, one failed.
    await s.db.query(`INSERT INTO mails (company_id, id, doc_kind, doc_id, status, message_id, created_at)
      SELECT $1, gen_random_uuid(), (ARRAY['invoice', 'voucher', 'credit_note', 'debit_note'])[1 + g % 4], gen_random_uuid(),
             CASE WHEN g % 1000 = 0 THEN 'failed_delivery' ELSE 'sent' END, 'm' || g, now() - g * interval '1 minute'
        FROM generate_series(1, 20000) g`, [cid]);
    await s.db.query(`INSERT INTO mails (company_id, id, doc_kind, doc_id, mail_to, status, message_id, observations, created_at)
      VALUES ($1, gen_random_uuid(), 'invoice', $2, '["uno@cliente.example"]', 'sent', 'own-1', NULL, now() - interval '2 hours'),
             ($1, gen_random_uuid(), 'invoice', $2, '["dos@cliente.example"]', 'failed_delivery', 'own-2', 'buzón lleno', now() - interval '1 hour')`, [cid, invoiceId]);
    await s.db.exec('ANALYZE mails');
  });
  after(() => s.close());

  /** The blocks a statement reads (EXPLAIN ANALYZE's buffers of its top node) and the indexes its plan uses. */
  const cost = async (sql: string, args: unknown[]) => {
    const [row] = await s.db.query<{ 'QUERY PLAN': [{ Plan: PlanNode }] | string }>(`EXPLAIN (ANALYZE, BUFFERS, FORMAT JSON) ${sql}`, args);
    const raw = row['QUERY PLAN'];
    const plan = (typeof raw === 'string' ? JSON.parse(raw) : raw)[0].Plan as PlanNode;
    return { blocks: (plan['Shared Hit Blocks'] ?? 0) + (plan['Shared Read Blocks'] ?? 0), indexes: indexes(plan) };
  };

  test('a document\'s page shows its e-mails, read by the document through mails_doc (a few blocks of 20,000 e-mails)', async () => {
    const c = console();
    assert.equal((await c.login(DEMO_CONSOLE.co.email, DEMO_CONSOLE.co.password)).status, 303);
    const page = await c.send('GET', `/app/documents/invoices/${invoiceId}`);
    assert.equal(page.status, 200);
    const mails = page.text.slice(page.text.indexOf('id="doc-mails"'), page.text.indexOf('id="doc-events"'));
    assert.match(mails, /uno@cliente\.example/);
    assert.match(mails, /dos@cliente\.example/);
    assert.match(mails, /buzón lleno/);
    assert.equal((mails.match(/<tr><td>/g) ?? []).length, 2, 'only the invoice\'s own two e-mails');
    // The statement of src/console/trail.ts.
    const read = await cost('SELECT status, mail_to, copy_to, observations, sent_at, created_at FROM mails WHERE company_id = $1 AND doc_id = $2 ORDER BY created_at DESC LIMIT 50', [cid, invoiceId]);
    assert.deepEqual(read.indexes, ['mails_doc']);
    assert.ok(read.blocks < 20, `the trail's e-mails read ${read.blocks} blocks`);
  });

  test('Home counts the failed e-mails and webhook deliveries from indexes of the failed rows only', async () => {
    const c = console();
    assert.equal((await c.login(DEMO_CONSOLE.co.email, DEMO_CONSOLE.co.password)).status, 303);
    const home = await c.send('GET', '/app');
    assert.equal(home.status, 200);
    assert.match(home.text, /Correos fallidos<\/h2><p class="figure">21</, 'the 20 failed e-mails of other documents and the invoice\'s');
    const mails = await cost(`SELECT count(*)::int FROM mails WHERE company_id = $1 AND status = 'failed_delivery'`, [cid]);
    assert.deepEqual(mails.indexes, ['mails_failed']);
    assert.ok(mails.blocks < 60, `the failed e-mails' count read ${mails.blocks} blocks (every e-mail: hundreds)`);
    const hooks = await cost(`SELECT count(*)::int FROM webhook_deliveries WHERE company_id = $1 AND status = 'failed'`, [cid]);
    assert.deepEqual(hooks.indexes, ['webhook_deliveries_failed']);
  });

  test('Home\'s twelve months of sales by the stored currency: an invoice in dollars is charted under USD', async () => {
    const r = await coRefs(s);
    const usd = await s.as('co').post('/v1/invoices', validInvoice(r, { currency: { code: 'USD', exchange_rate: 4000.5 } }));
    assert.equal(usd.status, 201, JSON.stringify(usd.body));
    // The stored currency (migration 075's generated column) is the document's, and the country's where the document names none.
    const stored = await s.db.query<{ id: string; currency_code: string; code: string | null }>(
      `SELECT id, currency_code, document->'currency'->>'code' AS code FROM invoices WHERE company_id = $1 AND id = ANY($2::uuid[]) ORDER BY created_at`, [cid, [invoiceId, usd.body.id]]);
    assert.deepEqual(stored.map((x) => [x.currency_code, x.code ?? 'COP']), [['COP', 'COP'], ['USD', 'USD']]);
    const c = console();
    assert.equal((await c.login(DEMO_CONSOLE.co.email, DEMO_CONSOLE.co.password)).status, 303);
    const home = await c.send('GET', '/app');
    assert.equal(home.status, 200);
    const at = home.text.indexOf('id="chart-sales-USD"');
    assert.ok(at > 0, 'a sales chart in dollars');
    const chart = home.text.slice(at, home.text.indexOf('</figure>', at));
    const shown = new Intl.NumberFormat('es-CO', { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(Number(usd.body.total));
    assert.ok(chart.replace(/\u00a0/g, ' ').includes(shown), `this month's dollars (${shown}) in ${chart.slice(0, 400)}`);
    // The figures come from the sales kept per month and currency (migration 076, test/http/console-home-sales.test.ts),
    // which carry the invoice's stored currency: the row of this month in dollars.
    const [kept] = await s.db.query<{ total: string }>(`SELECT sum(total)::text AS total FROM (SELECT total FROM sales_months WHERE company_id = $1 AND currency = 'USD'
      UNION ALL SELECT total FROM sales_pending WHERE company_id = $1 AND currency = 'USD') x`, [cid]);
    assert.equal(Number(kept.total).toFixed(2), Number(usd.body.total).toFixed(2));
  });

  test('the list\'s totals leave a cancelled invoice out (the stored cancelled, migration 075) and can be read from invoices_date alone', async () => {
    const c = console();
    assert.equal((await c.login(DEMO_CONSOLE.co.email, DEMO_CONSOLE.co.password)).status, 303);
    const totals = async () => {
      const res = await c.send('GET', '/app/documents/totals?kind=invoices');
      assert.equal(res.status, 200);
      const cell = (id: string) => /id="([^"]+)">([^<]*)</.exec(res.text.slice(res.text.indexOf(`id="${id}"`)))![2].replace(/\u00a0/g, ' ');
      return { count: Number(cell('totals-count')), total: Number(cell('totals-total').replace(/[^0-9,-]/g, '').replace(',', '.')) };
    };
    const [{ total }] = await s.db.query<{ total: string }>('SELECT total::text AS total FROM invoices WHERE company_id = $1 AND id = $2', [cid, invoiceId]);
    const before = await totals();
    // What the cancellation kernel writes when the authority confirms it (src/invoices/kernel.ts), then undone.
    await s.db.query(`UPDATE invoices SET cancellation = '{"status": "Cancelled", "motive": "02"}' WHERE company_id = $1 AND id = $2`, [cid, invoiceId]);
    try {
      const after = await totals();
      assert.equal(after.count, before.count, 'still listed and counted');
      assert.equal((before.total - after.total).toFixed(2), Number(total).toFixed(2), 'its total left out of the sum');
    } finally {
      await s.db.query('UPDATE invoices SET cancellation = NULL WHERE company_id = $1 AND id = $2', [cid, invoiceId]);
    }
    assert.deepEqual(await totals(), before);
    // The statement of listTotals (src/console/sort.ts) for every invoice, with reading the table forbidden.
    await s.db.exec('VACUUM ANALYZE invoices');
    await s.db.tx(async (q) => {
      await q.query('SET LOCAL enable_seqscan = off');
      await q.query('SET LOCAL enable_bitmapscan = off');
      const [row] = await q.query<{ 'QUERY PLAN': unknown }>(`EXPLAIN (FORMAT JSON) SELECT count(*)::int, sum(t.total) FILTER (WHERE NOT t.annulled AND NOT t.cancelled),
        sum(t.balance) FILTER (WHERE NOT t.annulled AND NOT t.cancelled) FROM invoices t WHERE t.company_id = $1 AND t.deleted_at IS NULL`, [cid]);
      const raw = row['QUERY PLAN'];
      const plan = (typeof raw === 'string' ? JSON.parse(raw) : raw as [{ Plan: PlanNode }])[0].Plan as PlanNode;
      assert.deepEqual(scans(plan), [['Index Only Scan', 'invoices_date']]);
    });
  });
});
