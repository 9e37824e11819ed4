/**
 * bulk-demo (src/companies/bulk.ts) on each storage: what it loads is what the
 * API would have written. Loaded in several chunks of the kernels' batch
 * writers, the company's books hold (numbering gap-free from the counters,
 * the counters one past the highest numbers, one balanced entry per
 * document, due items, balances and receivable accounts agree, the trial
 * balance balanced, the receivables report equal to the open due items); and
 * a loaded invoice and a loaded receipt, sent again as requests to the API,
 * come back as the same documents with the same journal entries and due items.
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import Decimal from 'decimal.js';
import { eachStorage, startTestServer, type TestServer } from '../support/server';
import { bookAnomalies } from '../support/workload';
import { bulkDemo, type BulkResult } from '../../src/companies/bulk';

eachStorage('bulk-demo', (storage) => {
  let s: TestServer;
  let bulk: BulkResult;
  let numbering: Map<number, number>;
  const logged: string[] = [];

  before(async () => {
    s = await startTestServer(storage);
    numbering = new Map((await s.db.query('SELECT id, consecutive::int AS c FROM document_types')).map((t) => [t.id, t.c]));
    // 600 invoices over 120 days in chunks of 100: several batches of both invoice types, and of receipts.
    bulk = await bulkDemo(s.db, { invoices: 600, days: 120, customers: 15, batch: 100, log: (line) => logged.push(line) });
  });
  after(() => s.close());

  test('the books: gap-free numbering, counters one past the highest numbers, balanced entries, due items and balances, reports', async () => {
    assert.equal(bulk.invoices, 600);
    assert.ok(logged.filter((l) => l.startsWith('invoices ')).length >= 6, `written in chunks: ${logged.join(' | ')}`);
    assert.ok(bulk.vouchers > 100 + 2, `receipts in more than one chunk: ${bulk.vouchers}`);
    assert.deepEqual(await bookAnomalies(s.db, numbering), []);
    const types = await s.db.query(
      `SELECT t.id, t.code, t.consecutive::int AS next, coalesce((SELECT max(number)::int FROM invoices i WHERE i.document_type_id = t.id),
              (SELECT max(number)::int FROM vouchers v WHERE v.document_type_id = t.id)) AS top
         FROM document_types t WHERE t.company_id = $1 AND t.code IN ('FV', 'FV-PCT', 'RC') ORDER BY t.code`, [bulk.company_id]);
    assert.equal(types.length, 3);
    let taken = 0;
    for (const t of types) {
      assert.equal(t.next, t.top + 1, `${t.code}: the counter is one past the highest number`);
      taken += t.next - numbering.get(t.id)!;
    }
    assert.equal(taken, 600 + bulk.vouchers, 'as many numbers taken as documents loaded (gap-free: bookAnomalies)');
    const [{ loaded }] = await s.db.query(`SELECT count(*)::int AS loaded FROM invoices WHERE company_id = $1 AND customer_identification LIKE '811%'`, [bulk.company_id]);
    assert.equal(loaded, 600 - 2, 'the loaded invoices (the two samples are the demo customer\'s)');

    // A paid invoice reads updated when its receipt was made; receipts are numbered in the order they were made.
    const late = await s.db.query(`SELECT i.name FROM invoices i JOIN due_items d ON d.invoice_id = i.id JOIN voucher_applications a ON a.due_item_id = d.id
      JOIN vouchers v ON v.id = a.voucher_id WHERE i.company_id = $1 AND i.customer_identification LIKE '811%' AND (i.updated_at <> v.created_at OR v.created_at <= i.created_at OR v.date < i.date)`, [bulk.company_id]);
    assert.deepEqual(late, []);
    const order = (await s.db.query(`SELECT number FROM vouchers WHERE company_id = $1 AND customer_identification LIKE '811%' ORDER BY created_at, number`, [bulk.company_id]))
      .map((r) => Number(r.number));
    assert.ok(order.length > 100);
    assert.deepEqual(order, [...order].sort((a, b) => a - b), 'receipt numbers rise with their creation times');

    // The trial balance balances; the receivables report is the open due items.
    const tb = await s.as('co').get('/v1/reports/trial-balance');
    assert.equal(tb.status, 200);
    assert.equal(tb.body.balanced, true);
    const [{ open }] = await s.db.query(`SELECT sum(amount - paid) AS open FROM due_items WHERE company_id = $1 AND NOT annulled`, [bulk.company_id]);
    const ar = await s.as('co').get('/v1/reports/accounts-receivable?page_size=100');
    assert.equal(ar.status, 200);
    assert.deepEqual(ar.body.totals.map((t: any) => [t.currency, t.total]), [['COP', new Decimal(open).toNumber()]]);
    const codes = (await s.db.query('SELECT DISTINCT account_code FROM due_items WHERE company_id = $1', [bulk.company_id])).map((r) => r.account_code);
    const receivable = tb.body.accounts.filter((a: any) => codes.includes(a.code)).reduce((t: Decimal, a: any) => t.plus(a.closing_balance), new Decimal(0));
    assert.equal(receivable.toNumber(), new Decimal(open).toNumber(), 'the receivable accounts close at the open due items');
  });

  /** A document as the API answers it, without what differs from one document to the next (id, number, name, times). */
  const bare = (d: any) => {
    const { id, number, name, metadata, ...rest } = d;
    return { ...rest, items: rest.items.map(({ id: itemId, due, ...i }: any) => ({ ...i, ...(due ? { due: { quote: due.quote, date: due.date } } : {}) })) };
  };
  test('the documents are stored compressed with lz4 where the server has it, pglz elsewhere (migration 073)', async () => {
    const [{ lz4 }] = await s.db.query(`SELECT 'lz4' = ANY (enumvals) AS lz4 FROM pg_settings WHERE name = 'default_toast_compression'`);
    if (storage === 'postgres') assert.equal(lz4, true, 'the PostgreSQL of the tests is built with lz4');
    const methods = await s.db.query(`SELECT c.relname, a.attcompression FROM pg_attribute a JOIN pg_class c ON c.oid = a.attrelid
      WHERE a.attname = 'document' AND c.relname IN ('invoices', 'vouchers', 'notes', 'payments', 'tickets') AND c.relkind = 'r' ORDER BY c.relname`);
    assert.deepEqual(methods, ['invoices', 'notes', 'payments', 'tickets', 'vouchers'].map((relname) => ({ relname, attcompression: lz4 ? 'l' : '' })));
    // The loaded invoices' documents (about 2 kB) are compressed when written, by that method.
    const stored = await s.db.query(`SELECT DISTINCT pg_column_compression(document) AS method FROM invoices WHERE company_id = $1 AND length(document::text) > 2100`, [bulk.company_id]);
    assert.deepEqual(stored, [{ method: lz4 ? 'lz4' : 'pglz' }]);
  });

  /** A document's journal entry, its lines as written (the document's own name and that of what it pays replaced). */
  const entryOf = async (id: string, names: string[]) => (await s.db.query(
    `SELECT l.account_code, l.debit, l.credit, l.third_party, l.description, e.date, e.source_kind FROM journal_lines l JOIN journal_entries e ON e.id = l.entry_id
      WHERE e.source_id = $1 ORDER BY l.line_no`, [id])).map((l) => ({ ...l, description: names.reduce((t, n, k) => t.split(n).join(`#${k}`), l.description) }));

  test('a loaded invoice and receipt, sent again to the API, are the same documents, entries and due items', async () => {
    // A receipt in full of a credit invoice of two lines or more, and that invoice.
    const [pick] = await s.db.query(
      `SELECT v.id AS receipt, i.id AS invoice FROM vouchers v JOIN voucher_applications a ON a.voucher_id = v.id JOIN due_items d ON d.id = a.due_item_id
         JOIN invoices i ON i.id = d.invoice_id
        WHERE v.company_id = $1 AND i.customer_identification LIKE '811%' AND jsonb_array_length(i.document->'items') >= 2 ORDER BY v.number DESC LIMIT 1`, [bulk.company_id]);
    assert.ok(pick, 'a loaded receipt of a loaded invoice of several lines');
    const invoice = (await s.as('co').get(`/v1/invoices/${pick.invoice}`)).body;
    const receipt = (await s.as('co').get(`/v1/vouchers/${pick.receipt}`)).body;
    const sent = await s.as('co').post('/v1/invoices', {
      document: { id: invoice.document.id }, date: invoice.date, customer: { identification: invoice.customer.identification, branch_office: 0 }, seller: invoice.seller,
      items: invoice.items.map((i: any) => ({ code: i.code, quantity: i.quantity, price: i.price, seller: i.seller })),
      payments: invoice.payments.map((p: any) => ({ id: p.id, value: p.value, ...(p.due_date ? { due_date: p.due_date } : {}) })),
    });
    assert.equal(sent.status, 201, JSON.stringify(sent.body));
    const paid = await s.as('co').post('/v1/vouchers', {
      document: { id: receipt.document.id }, date: receipt.date, type: 'DebtPayment', customer: { identification: receipt.customer.identification, branch_office: 0 },
      items: [{ due: { prefix: sent.body.prefix, consecutive: sent.body.number, quote: 1 }, value: receipt.items[0].value }],
      payment: { id: receipt.payment.id, value: receipt.payment.value },
    });
    assert.equal(paid.status, 201, JSON.stringify(paid.body));
    const again = (await s.as('co').get(`/v1/invoices/${sent.body.id}`)).body;
    const againReceipt = (await s.as('co').get(`/v1/vouchers/${paid.body.id}`)).body;
    assert.deepEqual(bare(invoice), bare(again));
    assert.equal(invoice.balance, 0);
    assert.deepEqual(bare(receipt), bare(againReceipt));
    assert.deepEqual(await entryOf(invoice.id, [invoice.name]), await entryOf(again.id, [again.name]));
    assert.deepEqual(await entryOf(receipt.id, [receipt.name, invoice.name]), await entryOf(againReceipt.id, [againReceipt.name, again.name]));
    const dues = async (id: string) => s.db.query('SELECT quote, due_date, amount, paid, account_code, annulled FROM due_items WHERE invoice_id = $1 ORDER BY quote', [id]);
    assert.deepEqual(await dues(invoice.id), await dues(again.id));
    const apps = async (id: string) => s.db.query('SELECT amount FROM voucher_applications WHERE voucher_id = $1', [id]);
    assert.deepEqual(await apps(receipt.id), await apps(againReceipt.id));
    // And a cash invoice of the other type, written as planned: no due item, the same entry.
    const [cash] = await s.db.query(`SELECT i.id FROM invoices i JOIN document_types t ON t.id = i.document_type_id
      WHERE i.company_id = $1 AND t.code = 'FV-PCT' AND i.customer_identification LIKE '811%' AND NOT EXISTS (SELECT 1 FROM due_items d WHERE d.invoice_id = i.id) LIMIT 1`, [bulk.company_id]);
    const c = (await s.as('co').get(`/v1/invoices/${cash.id}`)).body;
    const c2 = await s.as('co').post('/v1/invoices', {
      document: { id: c.document.id }, date: c.date, customer: { identification: c.customer.identification, branch_office: 0 }, seller: c.seller,
      items: c.items.map((i: any) => ({ code: i.code, quantity: i.quantity, price: i.price, seller: i.seller })),
      payments: c.payments.map((p: any) => ({ id: p.id, value: p.value })),
    });
    assert.equal(c2.status, 201, JSON.stringify(c2.body));
    assert.deepEqual(bare(c), bare((await s.as('co').get(`/v1/invoices/${c2.body.id}`)).body));
    assert.deepEqual(await entryOf(c.id, [c.name]), await entryOf(c2.body.id, [c2.body.name]));
  });
});
