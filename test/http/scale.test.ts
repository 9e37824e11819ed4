/**
 * Issue 23 on each storage, on a company loaded by bulk-demo and then used
 * through the API (invoices dated today, receipts, annulments): the books
 * bulk-demo writes keep every promise of the API's own; lists answer the
 * total and the pages that count(*) and ORDER BY … OFFSET over the whole table
 * give, whichever way they read (counts, index, day by day, after a cursor);
 * the receivables report, page by page, and the trial balance equal the
 * reports computed from every due item and every journal line; the kept
 * counts and sums stay exact under concurrent writes and after folding.
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import Decimal from 'decimal.js';
import { eachStorage, problems, startTestServer, type TestServer } from '../support/server';
import { coRefs, today, validInvoice, type CoRefs } from '../support/co';
import { creditInvoice, debtPayment, dueOf, rcRefs, receiveAdvance, type RcRefs } from '../support/vouchers';
import { bookAnomalies } from '../support/workload';
import { bulkDemo, type BulkResult } from '../../src/companies/bulk';
import { bucketOf, BUCKETS, foldReceivables } from '../../src/reports/receivables';
import { foldLedger, splitPeriod } from '../../src/ledger/balances';
import { plainList } from '../../bench/oracle';
import type { Queryable } from '../../src/platform/db';

const TZ = 'America/Bogota';
const addDays = (d: string, n: number) => new Date(Date.parse(`${d}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

/** The receivables on a day the plain way: every due item, its receipts dated by then (annulled after it still count); per customer and currency, per bucket. */
async function plainReceivables(q: Queryable, companyId: number, day: string, identification?: string) {
  const rows = await q.query<{ customer_id: number; identification: string; branch_office: number; currency: string; days: number; open: string }>(
    `SELECT c.id AS customer_id, c.identification, c.branch_office, coalesce(i.document->'currency'->>'code', 'COP') AS currency,
            ($2::date - d.due_date) AS days, d.amount - coalesce((SELECT sum(a.amount) FROM voucher_applications a JOIN vouchers v ON v.id = a.voucher_id
                                                                   WHERE a.due_item_id = d.id AND (NOT v.annulled OR v.annulled_on > $2::date) AND v.date <= $2::date), 0) AS open
       FROM due_items d JOIN invoices i ON i.id = d.invoice_id JOIN customers c ON c.id = d.customer_id
      WHERE d.company_id = $1 AND (NOT d.annulled OR i.annulled_on > $2::date) AND i.date <= $2::date AND ($3::text IS NULL OR c.identification = $3)
      ORDER BY c.identification, c.branch_office, currency`, [companyId, day, identification ?? null]);
  const groups = new Map<string, { key: string; totals: Record<string, Decimal> }>();
  const grand = new Map<string, Record<string, Decimal>>();
  const zero = () => Object.fromEntries([...BUCKETS, 'total'].map((b) => [b, new Decimal(0)]));
  for (const r of rows) {
    if (new Decimal(r.open).lte(0)) continue;
    const key = `${r.identification}|${r.branch_office}|${r.currency}`;
    const g = groups.get(key) ?? { key, totals: zero() };
    groups.set(key, g);
    const t = grand.get(r.currency) ?? zero();
    grand.set(r.currency, t);
    for (const x of [g.totals, t]) for (const b of [bucketOf(Number(r.days)), 'total']) x[b] = x[b].plus(r.open);
  }
  const num = (t: Record<string, Decimal>) => Object.fromEntries(Object.entries(t).map(([k, v]) => [k, Number(v.toFixed(2))]));
  return {
    groups: [...groups.values()].map((g) => ({ key: g.key, totals: num(g.totals) })),
    totals: [...grand.entries()].sort(([a], [b]) => (a < b ? -1 : 1)).map(([currency, t]) => ({ currency, ...num(t) })),
  };
}

/** The trial balance's figures the plain way: every journal line. */
async function plainTrialBalance(q: Queryable, companyId: number, start?: string, end?: string) {
  const rows = await q.query(
    `SELECT l.account_code AS code, coalesce(sum(l.debit - l.credit) FILTER (WHERE e.date < $2::date), 0) AS opening,
            coalesce(sum(l.debit) FILTER (WHERE e.date >= $2::date), 0) AS debits, coalesce(sum(l.credit) FILTER (WHERE e.date >= $2::date), 0) AS credits
       FROM journal_lines l JOIN journal_entries e ON e.id = l.entry_id
      WHERE l.company_id = $1 AND e.date <= $3::date GROUP BY 1 ORDER BY 1`, [companyId, start ?? '-infinity', end ?? 'infinity']);
  return rows.map((r) => [r.code, Number(r.opening), Number(r.debits), Number(r.credits)])
    .filter(([, o, d, c]) => o !== 0 || d !== 0 || c !== 0);
}

/** The kept counts and sums against the tables they count: empty when they agree. */
async function keptAnomalies(q: Queryable): Promise<unknown[]> {
  const counts = await q.query(`
    WITH docs AS (
      SELECT i.company_id, 'invoices' AS kind, document_type_id, '' AS subtype, date, (i.created_at AT TIME ZONE c.time_zone)::date AS created,
             coalesce(customer_identification, '') AS identification, coalesce(customer_branch_office, -1) AS branch_office
        FROM invoices i JOIN companies c USING (company_id) WHERE i.deleted_at IS NULL
      UNION ALL
      SELECT v.company_id, 'vouchers', document_type_id, type, date, (v.created_at AT TIME ZONE c.time_zone)::date,
             coalesce(customer_identification, ''), coalesce(customer_branch_office, -1)
        FROM vouchers v JOIN companies c USING (company_id)),
    real AS (
      SELECT company_id, kind, 'date' AS dim, date AS day, '' AS identification, -1 AS branch_office, document_type_id, subtype, count(*) AS n FROM docs GROUP BY 1, 2, 3, 4, 5, 6, 7, 8
      UNION ALL SELECT company_id, kind, 'created', created, '', -1, document_type_id, subtype, count(*) FROM docs GROUP BY 1, 2, 3, 4, 5, 6, 7, 8
      UNION ALL SELECT company_id, kind, 'customer', DATE 'epoch', identification, branch_office, document_type_id, subtype, count(*) FROM docs GROUP BY 1, 2, 3, 4, 5, 6, 7, 8),
    kept AS (SELECT * FROM document_counts WHERE n <> 0)
    SELECT 'count' AS what, r.*, k.n AS kept FROM real r FULL JOIN kept k USING (company_id, kind, dim, day, identification, branch_office, document_type_id, subtype)
     WHERE r.n IS DISTINCT FROM k.n`);
  const receivables = await q.query(`
    WITH real AS (
      SELECT d.company_id, d.customer_id, coalesce(i.document->'currency'->>'code', 'COP') AS currency, d.due_date, sum(d.amount - d.paid) AS open
        FROM due_items d JOIN invoices i ON i.id = d.invoice_id WHERE NOT d.annulled GROUP BY 1, 2, 3, 4),
    by_customer AS (SELECT company_id, customer_id, currency, sum(open) AS open FROM real GROUP BY 1, 2, 3 HAVING sum(open) <> 0),
    by_due AS (SELECT company_id, currency, due_date, sum(open) AS open FROM real GROUP BY 1, 2, 3 HAVING sum(open) <> 0),
    kept_customer AS (SELECT company_id, customer_id, currency, sum(open) AS open FROM (
      SELECT company_id, customer_id, currency, open FROM receivable_customers UNION ALL SELECT company_id, customer_id, currency, open FROM receivable_pending) x
      GROUP BY 1, 2, 3 HAVING sum(open) <> 0),
    kept_due AS (SELECT company_id, currency, due_date, sum(open) AS open FROM (
      SELECT company_id, currency, due_date, open FROM receivable_dues UNION ALL SELECT company_id, currency, due_date, open FROM receivable_pending) x
      GROUP BY 1, 2, 3 HAVING sum(open) <> 0)
    SELECT 'customer' AS what, r.company_id, r.customer_id, r.open, k.open AS kept FROM by_customer r FULL JOIN kept_customer k USING (company_id, customer_id, currency) WHERE r.open IS DISTINCT FROM k.open
    UNION ALL
    SELECT 'due', r.company_id, NULL, r.open, k.open FROM by_due r FULL JOIN kept_due k USING (company_id, currency, due_date) WHERE r.open IS DISTINCT FROM k.open`);
  const ledger = await q.query(`
    WITH real AS (SELECT l.company_id, l.account_code, e.date AS day, sum(l.debit) AS debit, sum(l.credit) AS credit
                    FROM journal_lines l JOIN journal_entries e ON e.id = l.entry_id GROUP BY 1, 2, 3),
    kept AS (SELECT company_id, account_code, day, sum(debit) AS debit, sum(credit) AS credit FROM (
      SELECT company_id, account_code, day, debit, credit FROM ledger_days UNION ALL SELECT company_id, account_code, day, debit, credit FROM ledger_pending) x
      GROUP BY 1, 2, 3 HAVING sum(debit) <> 0 OR sum(credit) <> 0),
    months AS (SELECT company_id, account_code, date_trunc('month', day)::date AS month, sum(debit) AS debit, sum(credit) AS credit FROM ledger_days GROUP BY 1, 2, 3)
    SELECT 'ledger day' AS what, r.company_id, r.account_code, r.day, r.debit, k.debit AS kept_debit, r.credit, k.credit AS kept_credit
      FROM real r FULL JOIN kept k USING (company_id, account_code, day) WHERE (r.debit, r.credit) IS DISTINCT FROM (k.debit, k.credit)
    UNION ALL
    SELECT 'ledger month', m.company_id, m.account_code, m.month, m.debit, k.debit, m.credit, k.credit
      FROM months m FULL JOIN ledger_months k USING (company_id, account_code, month) WHERE (m.debit, m.credit) IS DISTINCT FROM (k.debit, k.credit)`);
  return [...counts, ...receivables, ...ledger];
}

eachStorage('scale', (storage) => {
  let s: TestServer;
  let r: CoRefs;
  let v: RcRefs;
  let bulk: BulkResult;
  let numbering: Map<number, number>;
  const day = today();
  const created = (res: any) => { assert.equal(res.status, 201, JSON.stringify(res.body)); return res.body; };

  before(async () => {
    s = await startTestServer(storage);
    r = await coRefs(s);
    v = await rcRefs(s);
    numbering = new Map((await s.db.query('SELECT id, consecutive::int AS c FROM document_types')).map((t) => [t.id, t.c]));
    bulk = await bulkDemo(s.db, { invoices: 1500, days: 120, customers: 30 });
    // Then the API on top: an invoice dated today (none may be dated ahead), a receipt dated yesterday paying a bulk item, an annulled unpaid bulk invoice and an annulled bulk receipt.
    await creditInvoice(s, r, { amount: 777, date: day, due_date: addDays(day, 40), customer: { identification: '811000003', branch_office: 0 } });
    const [open] = await s.db.query(`SELECT d.prefix, d.consecutive, c.identification FROM due_items d JOIN customers c ON c.id = d.customer_id
      WHERE d.paid = 0 AND NOT d.annulled AND c.identification LIKE '811%' ORDER BY d.id LIMIT 1`);
    created(await s.as('co').post('/v1/vouchers', debtPayment(v, { identification: open.identification, branch_office: 0 },
      [{ due: { prefix: open.prefix, consecutive: Number(open.consecutive), quote: 1 }, value: 10 }], { date: addDays(day, -1) })));
    const [unpaid] = await s.db.query(`SELECT i.id FROM invoices i JOIN due_items d ON d.invoice_id = i.id WHERE d.paid = 0 AND i.customer_identification LIKE '811%' ORDER BY i.number DESC LIMIT 1`);
    assert.equal((await s.as('co').post(`/v1/invoices/${unpaid.id}/annul`, {})).status, 200);
    const [receipt] = await s.db.query(`SELECT id FROM vouchers WHERE customer_identification LIKE '811%' ORDER BY number LIMIT 1 OFFSET 5`);
    assert.equal((await s.as('co').post(`/v1/vouchers/${receipt.id}/annul`, {})).status, 200);
    // A deleted unpaid bulk invoice (a Draft of a type that is not electronic), and an advance received and applied.
    const [gone] = await s.db.query(`SELECT i.id FROM invoices i JOIN due_items d ON d.invoice_id = i.id WHERE d.paid = 0 AND NOT i.annulled AND i.customer_identification LIKE '811%' ORDER BY i.number LIMIT 1 OFFSET 2`);
    assert.equal((await s.call('DELETE', `/v1/invoices/${gone.id}`, { token: await s.token('co') })).status, 200);
    const buyer = { identification: '811000005', branch_office: 0 };
    await receiveAdvance(s, v, buyer, 500, { date: addDays(day, -2) });
    created(await s.as('co').post('/v1/invoices', validInvoice(r, {
      customer: buyer, items: [{ code: 'LIBRO01', quantity: 1, price: 1000, taxes: [] }], advance_payment: 200,
      payments: [{ id: r.pay.Cash.id, value: 800 }] })));
  });
  after(() => s.close());

  test('bulk-demo writes the books the API would: numbering, entries, due items, balances, receipts', async () => {
    assert.equal(bulk.invoices, 1500);
    assert.deepEqual(await bookAnomalies(s.db, numbering), []);
    const [{ n, customers }] = await s.db.query(`SELECT count(*)::int AS n, count(DISTINCT customer_id)::int AS customers FROM invoices WHERE customer_identification LIKE '811%'`);
    assert.equal(n, 1500 - 2 + 1 + 1, 'the bulk invoices (two samples are the demo customer\'s), the one the API added, and the one of the advance');
    assert.equal(customers, 30);
    const [{ receipts }] = await s.db.query(`SELECT count(*)::int AS receipts FROM vouchers`);
    assert.equal(receipts, bulk.vouchers + 2);
    // A bulk document reads back in the shape the API answers, with amounts that add up.
    const mine = created(await s.as('co').post('/v1/invoices', validInvoice(r, { payments: [{ id: r.pay.Credit.id, value: 1130.5, due_date: addDays(day, 30) }] })));
    const [row] = await s.db.query(`SELECT id FROM invoices WHERE customer_identification LIKE '811%' AND balance > 0 AND balance = total AND NOT annulled ORDER BY number LIMIT 1`);
    const bulkInvoice = (await s.as('co').get(`/v1/invoices/${row.id}`)).body;
    const shape = (x: unknown): unknown => (Array.isArray(x) ? x.slice(0, 1).map(shape) : x && typeof x === 'object'
      ? Object.fromEntries(Object.keys(x).sort().map((k) => [k, shape((x as any)[k])])) : typeof x);
    const nullable = (o: any) => JSON.stringify(shape(o)).replace(/"(object|string|number)"/g, '"v"');
    assert.equal(nullable({ ...bulkInvoice, items: bulkInvoice.items.map(({ seller, ...i }: any) => i) }),
      nullable({ ...mine, items: mine.items.map(({ seller, ...i }: any) => i) }));
    assert.equal(bulkInvoice.id, row.id);
    assert.equal(bulkInvoice.items[0].id, `${row.id}-1`);
    assert.equal(new Decimal(bulkInvoice.subtotal).plus(bulkInvoice.taxes_total).toNumber(), bulkInvoice.total);
    assert.equal(bulkInvoice.items.reduce((t: Decimal, i: any) => t.plus(i.total), new Decimal(0)).toNumber(), bulkInvoice.total);
    assert.equal(bulkInvoice.payments[0].value, bulkInvoice.amount_payable);
    assert.equal(bulkInvoice.balance, bulkInvoice.total);
    assert.match(bulkInvoice.name, new RegExp(`^${bulkInvoice.prefix}-\\d+-${bulkInvoice.number}$`));
    const [paid] = await s.db.query(`SELECT v.id, d.invoice_id FROM vouchers v JOIN voucher_applications a ON a.voucher_id = v.id JOIN due_items d ON d.id = a.due_item_id
      WHERE v.customer_identification LIKE '811%' AND NOT v.annulled AND a.amount = d.amount ORDER BY v.number DESC LIMIT 1`);
    const receipt = (await s.as('co').get(`/v1/vouchers/${paid.id}`)).body;
    const invoice = (await s.as('co').get(`/v1/invoices/${paid.invoice_id}`)).body;
    assert.deepEqual(receipt.items[0].due, { prefix: invoice.prefix, consecutive: invoice.number, quote: 1, date: invoice.payments[0].due_date });
    assert.equal(receipt.total, invoice.total);
    assert.equal(invoice.balance, 0);
    assert.equal(receipt.customer.identification, invoice.customer.identification);
    assert.ok(receipt.date >= invoice.date && receipt.date <= day, 'a receipt is dated between its invoice and today');
    assert.deepEqual(await keptAnomalies(s.db), []);
  });

  test('lists: total_results and pages are those of count(*) and ORDER BY … OFFSET, whichever way they are read', async () => {
    const [{ fv, pct }] = await s.db.query(`SELECT (SELECT id FROM document_types WHERE code = 'FV' AND company_id = $1) AS fv,
      (SELECT id FROM document_types WHERE code = 'FV-PCT' AND company_id = $1) AS pct`, [bulk.company_id]);
    const [named] = await s.db.query(`SELECT name, updated_at FROM invoices WHERE customer_identification = '811000007' ORDER BY number LIMIT 1 OFFSET 3`);
    const m0 = addDays(day, -60), m1 = addDays(day, -31);
    const cases: Record<string, string | number>[] = [
      {}, { name: named.name }, { document_id: fv }, { document_id: pct }, { customer_identification: '811000007' },
      { customer_identification: '811000007', customer_branch_office: 0 }, { customer_branch_office: 0 },
      { date_start: m0, date_end: m1 }, { date_start: m0 }, { date_end: m1 }, { document_id: pct, date_start: m0, date_end: m1 },
      { created_start: m0, created_end: m1 }, { created_start: `${m0}T14:30:00-05:00`, created_end: `${m1}T09:15:00Z` },
      { created_start: `${m0}T14:30:00-05:00`, created_end: `${m0}T16:00:00-05:00` }, { document_id: fv, created_end: `${m1}T20:00:00Z` },
      { updated_start: new Date(Date.now() - 3 * 86_400_000).toISOString() }, { customer_identification: '811000007', date_start: m0 },
      { date_start: m0, created_start: m0 }, { date_start: '2000-01-01', date_end: '2000-01-31' },
    ];
    for (const params of cases) {
      for (const [page, size] of [[1, 25], [3, 5], [40, 10], [2, 2]]) {
        const qs = new URLSearchParams(Object.entries({ ...params, page, page_size: size }).map(([k, x]) => [k, String(x)]));
        const res = await s.as('co').get(`/v1/invoices?${qs}`);
        assert.equal(res.status, 200, JSON.stringify(res.body));
        const plain = await plainList(s.db, 'invoices', bulk.company_id, TZ, params, page, size);
        assert.equal(res.body.pagination.total_results, plain.total, `total of ${qs}`);
        assert.deepEqual(res.body.results.map((x: any) => x.id), plain.ids, `page of ${qs}`);
      }
    }
    for (const params of <Record<string, string>[]>[{}, { type: 'DebtPayment' }, { customer_identification: '811000003', type: 'DebtPayment' }, { date_start: m0, date_end: m1, type: 'DebtPayment' }]) {
      const qs = new URLSearchParams(Object.entries({ ...params, page: 2, page_size: 7 }).map(([k, x]) => [k, String(x)]));
      const res = await s.as('co').get(`/v1/vouchers?${qs}`);
      const plain = await plainList(s.db, 'vouchers', bulk.company_id, TZ, params, 2, 7);
      assert.deepEqual([res.body.pagination.total_results, res.body.results.map((x: any) => x.id)], [plain.total, plain.ids], `vouchers ${qs}`);
    }
    // Walking a filtered list with `after` gives every row once, in order; page counts from the cursor.
    const all = await plainList(s.db, 'invoices', bulk.company_id, TZ, { document_id: pct }, 1, 10_000);
    const walked: string[] = [];
    let cursor: string | undefined;
    for (;;) {
      const res = await s.as('co').get(`/v1/invoices?document_id=${pct}&page_size=100${cursor ? `&after=${cursor}` : ''}`);
      assert.equal(res.body.pagination.total_results, all.total);
      if (!res.body.results.length) break;
      walked.push(...res.body.results.map((x: any) => x.id));
      cursor = walked[walked.length - 1];
    }
    assert.deepEqual(walked, all.ids);
    const skip = await s.as('co').get(`/v1/invoices?document_id=${pct}&page_size=5&page=3&after=${all.ids[9]}`);
    assert.deepEqual(skip.body.results.map((x: any) => x.id), all.ids.slice(20, 25));
    assert.deepEqual(problems(await s.as('co').get('/v1/invoices?after=00000000-0000-4000-8000-000000000000')), ['invalid_reference@after']);
    assert.deepEqual(problems(await s.as('co').get('/v1/invoices?after=12')), ['invalid_value@after']);
    const mx = await s.as('mx').get(`/v1/invoices?after=${all.ids[0]}`);
    assert.deepEqual(problems(mx), ['invalid_reference@after'], 'another company\'s document is no cursor');
  });

  test('receivables, page by page, equal the report computed from every due item; totals of the whole report on each page', async () => {
    const mid = addDays(day, -30), early = addDays(day, -100);
    for (const date of [day, addDays(day, 90), mid, early]) {
      const plain = await plainReceivables(s.db, bulk.company_id, date);
      const seen: string[] = [];
      const totals: Record<string, number>[] = [];
      for (let page = 1; ; page++) {
        const res = await s.as('co').get(`/v1/reports/accounts-receivable?date=${date}&page=${page}&page_size=7`);
        assert.equal(res.status, 200, JSON.stringify(res.body));
        assert.deepEqual(res.body.pagination, { page, page_size: 7, total_results: plain.groups.length });
        assert.deepEqual(res.body.totals, plain.totals, `totals on page ${page} of ${date}`);
        assert.ok(res.body.customers.length <= 7);
        for (const g of res.body.customers) {
          seen.push(`${g.customer.identification}|${g.customer.branch_office}|${g.currency}`);
          totals.push(g.totals);
          const open = g.items.reduce((t: Decimal, i: any) => t.plus(i.balance), new Decimal(0));
          assert.equal(open.toNumber(), g.totals.total, 'a customer\'s items add up to its total');
          assert.ok(g.items.every((i: any) => i.balance > 0 && i.bucket === bucketOf(i.days_past_due)));
        }
        if (res.body.customers.length < 7) break;
      }
      assert.deepEqual(seen, plain.groups.map((g) => g.key), `customers of ${date}, in order`);
      assert.deepEqual(totals, plain.groups.map((g) => g.totals), `customer totals of ${date}`);
    }
    const one = await s.as('co').get(`/v1/reports/accounts-receivable?date=${mid}&customer_identification=811000003`);
    const plain = await plainReceivables(s.db, bulk.company_id, mid, '811000003');
    assert.deepEqual(one.body.customers.map((g: any) => g.totals), plain.groups.map((g) => g.totals));
    assert.deepEqual(one.body.totals, plain.totals, 'filtered: the totals are those of the filtered report');
    assert.equal(one.body.pagination.total_results, 1);
    const beyond = await s.as('co').get('/v1/reports/accounts-receivable?page=1000');
    assert.deepEqual(beyond.body.customers, []);
    assert.ok(beyond.body.totals.length > 0);
    assert.deepEqual(problems(await s.as('co').get('/v1/reports/accounts-receivable?page_size=101')), ['invalid_value@page_size']);
  });

  test('the trial balance from period balances equals the sums of every journal line (invoices, receipts, annulments, a deletion, an advance), before and after folding', async () => {
    const periods: [string | undefined, string | undefined][] = [
      [undefined, undefined], [addDays(day, -60), addDays(day, -31)], [`${addDays(day, -70).slice(0, 7)}-01`, addDays(day, -1)],
      [addDays(day, -45), addDays(day, -45)], [undefined, addDays(day, -20)], [addDays(day, -20), undefined], [addDays(day, 5), addDays(day, 15)],
    ];
    const check = async (what: string) => {
      for (const [start, end] of periods) {
        const qs = [start && `date_start=${start}`, end && `date_end=${end}`].filter(Boolean).join('&');
        const res = await s.as('co').get(`/v1/reports/trial-balance?${qs}`);
        assert.equal(res.status, 200);
        assert.deepEqual(res.body.accounts.map((a: any) => [a.code, a.opening_balance, a.debits, a.credits]),
          await plainTrialBalance(s.db, bulk.company_id, start, end), `${what}: ${qs}`);
        assert.equal(res.body.balanced, true);
      }
    };
    created(await s.as('co').post('/v1/invoices', validInvoice(r, { date: addDays(day, -45) })));
    const [{ pending }] = await s.db.query('SELECT count(*)::int AS pending FROM ledger_pending');
    assert.ok(pending > 0, 'a new entry waits in ledger_pending');
    await check('pending');
    await foldLedger(s.db, bulk.company_id);
    assert.equal((await s.db.query('SELECT count(*)::int AS n FROM ledger_pending WHERE company_id = $1', [bulk.company_id]))[0].n, 0);
    await check('folded');
    // Whole months and the days outside them.
    assert.deepEqual(splitPeriod('2031-01-01', '2031-01-31'), { monthFrom: '2031-01-01', monthTo: '2031-02-01' });
    assert.deepEqual(splitPeriod('2031-01-16', '2031-03-10'), { monthFrom: '2031-02-01', monthTo: '2031-03-01' });
    assert.deepEqual(splitPeriod('2031-01-16', '2031-01-20'), { monthFrom: '2031-01-21', monthTo: '2031-01-21' });
    assert.deepEqual(splitPeriod('-infinity', '2031-02-28'), { monthFrom: '-infinity', monthTo: '2031-03-01' });
    assert.deepEqual(splitPeriod('2031-01-02', 'infinity'), { monthFrom: '2031-02-01', monthTo: 'infinity' });
  });

  test('the kept counts and sums stay exact under concurrent invoices, receipts and annulments', async () => {
    const customer = { identification: '811000011', branch_office: 0 };
    const made = await Promise.all(Array.from({ length: 12 }, (_, i) => creditInvoice(s, r, { amount: 100 + i, date: addDays(day, -(i % 3)), customer })));
    await Promise.all([
      ...made.slice(0, 6).map((inv) => s.as('co').post('/v1/vouchers', debtPayment(v, customer, [{ due: dueOf(inv), value: 50 }]))),
      ...made.slice(6, 9).map((inv) => s.as('co').post(`/v1/invoices/${inv.id}/annul`, {})),
      ...Array.from({ length: 6 }, () => s.as('co').post('/v1/invoices', validInvoice(r))),
    ].map(async (p) => assert.ok([200, 201].includes((await p).status))));
    assert.deepEqual(await keptAnomalies(s.db), []);
    await foldReceivables(s.db, bulk.company_id);
    await foldLedger(s.db, bulk.company_id);
    assert.deepEqual(await keptAnomalies(s.db), []);
    assert.deepEqual(await bookAnomalies(s.db, new Map()), []);
  });
});
