/**
 * Issue 37 point 6 on each storage: the accounts-receivable report as of a
 * day, read from the sums kept per day (migration 049), equals the report
 * computed here from every due item and every document that paid on it, on
 * fixed and random days, after invoices dated over months, receipts dated
 * later than the invoices (and later than some of the days asked), credit
 * notes settled on account, a debit note, and annulments of an invoice, a
 * receipt and a credit note; the customer-filtered report (read from the
 * items) agrees; after more documents arrive the sums follow.
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import Decimal from 'decimal.js';
import { eachStorage, startTestServer, type TestServer } from '../support/server';
import { coRefs, noteRefs, today, validInvoice, type CoRefs } from '../support/co';
import { debtPayment, dueOf, newCustomer, rcRefs, type RcRefs } from '../support/vouchers';
import { bucketOf, BUCKETS, receivablesReport } from '../../src/reports/receivables';

const addDays = (d: string, n: number) => new Date(Date.parse(`${d}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
const daysBetween = (a: string, b: string) => Math.round((Date.parse(`${a}T00:00:00Z`) - Date.parse(`${b}T00:00:00Z`)) / 86_400_000);
const iso = (v: unknown) => (v === null || v === undefined ? null : v instanceof Date ? v.toISOString().slice(0, 10) : String(v).slice(0, 10));

/** The report on `day` computed in JavaScript from the rows: each item's open amount, its customer's groups and the grand totals. */
async function plainReport(s: TestServer, companyId: number, day: string) {
  const items = await s.db.query(`
    SELECT d.id, d.amount::text, d.due_date, d.annulled, d.note_id, i.date, i.annulled_on, n.date AS note_date, n.annulled_on AS note_annulled_on,
           c.identification, c.branch_office
      FROM due_items d JOIN invoices i ON i.id = d.invoice_id JOIN customers c ON c.id = d.customer_id LEFT JOIN notes n ON n.id = d.note_id
     WHERE d.company_id = $1`, [companyId]);
  const paid = await s.db.query(`
    SELECT a.due_item_id, a.amount::text, v.date, v.annulled, v.annulled_on FROM voucher_applications a JOIN vouchers v ON v.id = a.voucher_id WHERE a.company_id = $1
    UNION ALL
    SELECT a.due_item_id, a.amount::text, n.date, n.annulled, n.annulled_on FROM note_applications a JOIN notes n ON n.id = a.note_id WHERE a.company_id = $1`, [companyId]);
  const after = (x: unknown) => iso(x) !== null && iso(x)! > day;
  const groups = new Map<string, Record<string, Decimal>>();
  const grand: Record<string, Decimal> = Object.fromEntries([...BUCKETS, 'total'].map((b) => [b, new Decimal(0)]));
  for (const it of items) {
    const owed = (!it.annulled || after(it.annulled_on) || after(it.note_annulled_on)) && iso(it.date)! <= day
      && (it.note_id === null || iso(it.note_date)! <= day);
    if (!owed) continue;
    let open = new Decimal(it.amount);
    for (const p of paid) {
      if (String(p.due_item_id) === String(it.id) && iso(p.date)! <= day && (!p.annulled || after(p.annulled_on))) open = open.minus(p.amount);
    }
    if (open.lte(0)) continue;
    const key = `${it.identification}|${it.branch_office}`;
    const g = groups.get(key) ?? Object.fromEntries([...BUCKETS, 'total'].map((b) => [b, new Decimal(0)]));
    groups.set(key, g);
    const bucket = bucketOf(daysBetween(day, iso(it.due_date)!));
    for (const t of [g, grand]) { t[bucket] = t[bucket].plus(open); t.total = t.total.plus(open); }
  }
  const num = (t: Record<string, Decimal>) => Object.fromEntries(Object.entries(t).map(([k, v]) => [k, Number(v.toFixed(2))]));
  const keys = [...groups.keys()].sort((a, b) => {
    const [ia, ba] = a.split('|'), [ib, bb] = b.split('|');
    return ia < ib ? -1 : ia > ib ? 1 : Number(ba) - Number(bb);
  });
  return { groups: keys.map((k) => ({ key: k, totals: num(groups.get(k)!) })), totals: grand.total.isZero() ? [] : [{ currency: 'COP', ...num(grand) }] };
}

eachStorage('receivables as of a day, from the sums per day', (storage) => {
  let s: TestServer;
  let r: CoRefs;
  let v: RcRefs;
  let notes: { types: Record<string, any>; pays: Record<string, any> };
  let companyId: number;
  const now = today();

  const ok = (res: { status: number; body: any }, status = 201) => { assert.equal(res.status, status, JSON.stringify(res.body)); return res.body; };
  const known = new Set<string>();
  const customer = (ident: string) => (known.has(ident) ? { identification: ident, branch_office: 0 } : (known.add(ident), newCustomer(ident)));
  const invoice = (ident: string, date: string, amount: number, due: string) => s.as('co').post('/v1/invoices', validInvoice(r, {
    date, customer: customer(ident), items: [{ code: 'LIBRO01', quantity: 1, price: amount, taxes: [] }],
    payments: [{ id: r.pay.Credit.id, value: amount, due_date: due }],
  })).then((x) => ok(x));
  const receipt = (ident: string, inv: any, value: number, date: string) =>
    s.as('co').post('/v1/vouchers', debtPayment(v, { identification: ident, branch_office: 0 }, [{ due: dueOf(inv), value }], { date })).then((x) => ok(x));

  before(async () => {
    s = await startTestServer(storage);
    r = await coRefs(s);
    v = await rcRefs(s);
    notes = await noteRefs(s);
    [{ company_id: companyId }] = await s.db.query(`SELECT company_id FROM document_types WHERE id = $1`, [v.type.RC.id]);
    // Six customers, invoices from January to June 2023 due 30 or 60 days later.
    const made: { ident: string; inv: any; date: string }[] = [];
    for (let k = 0; k < 18; k++) {
      const ident = `72000000${k % 6}`;
      const date = addDays('2023-01-05', k * 9);
      made.push({ ident, date, inv: await invoice(ident, date, 100 + k * 10, addDays(date, k % 2 ? 60 : 30)) });
    }
    // Receipts dated after their invoices: some in full, some in part, two of them later than June (after some of the days asked).
    for (const [k, days, part] of [[0, 20, 1], [1, 45, 0.5], [2, 10, 1], [4, 70, 1], [5, 200, 0.3], [7, 25, 1], [9, 150, 1], [11, 5, 0.5], [13, 40, 1]] as const) {
      const m = made[k];
      await receipt(m.ident, m.inv, Math.round(Number(m.inv.total) * part * 100) / 100, addDays(m.date, days));
    }
    // A credit note settled on account, dated 12 days after its invoice; another, annulled (today); a debit note on credit.
    const nc = (m: typeof made[number], date: string) => s.as('co').post('/v1/credit-notes', {
      document: { id: notes.types.NC.id }, date, invoice: m.inv.id, reason: 1, seller: r.seller.id,
      items: [{ code: 'LIBRO01', quantity: 1, price: 40, taxes: [] }], payments: [{ id: notes.pays['NC.Credit'].id, value: 40 }],
    }).then((x) => ok(x));
    await nc(made[3], addDays(made[3].date, 12));
    const annulledNote = await nc(made[6], addDays(made[6].date, 3));
    ok(await s.as('co').post(`/v1/credit-notes/${annulledNote.id}/annul`, {}), 200);
    ok(await s.as('co').post('/v1/debit-notes', {
      document: { id: notes.types.ND.id }, date: addDays(made[8].date, 15), invoice: made[8].inv.id, reason: 1, seller: r.seller.id,
      items: [{ code: 'INTERES', quantity: 1, price: 25, taxes: [] }], payments: [{ id: notes.pays['ND.Credit'].id, value: 25, due_date: addDays(made[8].date, 45) }],
    }));
    // An invoice annulled (today, so open on every past day) and a receipt annulled (today: it paid on the past days).
    ok(await s.as('co').post(`/v1/invoices/${made[10].inv.id}/annul`, {}), 200);
    const paidThenAnnulled = await receipt(made[12].ident, made[12].inv, 50, addDays(made[12].date, 8));
    ok(await s.as('co').post(`/v1/vouchers/${paidThenAnnulled.id}/annul`, {}), 200);
  });
  after(() => s.close());

  async function compare(day: string) {
    const plain = await plainReport(s, companyId, day);
    const seen: { key: string; totals: unknown }[] = [];
    for (let page = 1; ; page++) {
      const res = await s.as('co').get(`/v1/reports/accounts-receivable?date=${day}&page=${page}&page_size=4`);
      assert.equal(res.status, 200, JSON.stringify(res.body));
      assert.equal(res.body.pagination.total_results, plain.groups.length, `customers open on ${day}`);
      assert.deepEqual(res.body.totals, plain.totals, `totals on ${day}, page ${page}`);
      for (const g of res.body.customers) {
        seen.push({ key: `${g.customer.identification}|${g.customer.branch_office}`, totals: g.totals });
        const sum = g.items.reduce((t: Decimal, i: any) => t.plus(i.balance), new Decimal(0));
        assert.equal(sum.toNumber(), g.totals.total, `${day}: a customer's items add up to its total`);
      }
      if (res.body.customers.length < 4) break;
    }
    assert.deepEqual(seen, plain.groups, `customers and their totals on ${day}`);
    // The totals-only form (the console's page: the customers' totals from their steps, no items) says the same, page by page.
    for (let page = 1; (page - 1) * 4 < plain.groups.length; page++) {
      const short = await receivablesReport(s.db, companyId, { date: day, page, page_size: 4 }, { items: false });
      assert.deepEqual(short.customers.map((g) => ({ key: `${g.customer.identification}|${g.customer.branch_office}`, totals: g.totals })),
        plain.groups.slice((page - 1) * 4, page * 4), `${day}: the customers' totals without their items, page ${page}`);
      assert.ok(short.customers.every((g) => g.items.length === 0));
      assert.deepEqual(short.totals, plain.totals);
    }
    const ident = plain.groups[0]?.key.split('|')[0];
    if (ident) {
      const one = await s.as('co').get(`/v1/reports/accounts-receivable?date=${day}&customer_identification=${ident}`);
      assert.deepEqual(one.body.customers.map((g: any) => g.totals), [plain.groups[0].totals], `${day}: the filtered report, from the items, agrees`);
    }
  }

  test('fixed days: before anything, on an invoice\'s day, on a due date, between receipts, today, ahead', async () => {
    for (const day of ['2022-12-31', '2023-01-05', '2023-02-04', '2023-03-15', '2023-06-30', '2023-09-01', now, addDays(now, 400)]) await compare(day);
    // Hand-checked: on 2023-01-05 only the first invoice (100, due 2023-02-04) is owed, current.
    const first = (await s.as('co').get('/v1/reports/accounts-receivable?date=2023-01-05')).body;
    assert.deepEqual(first.totals, [{ currency: 'COP', current: 100, days_1_30: 0, days_31_60: 0, days_61_90: 0, days_over_90: 0, total: 100 }]);
  });

  test('random days from December 2022 to a year ahead', async () => {
    let seed = 37;
    const rand = () => { seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31; return seed / 2 ** 31; };
    const span = daysBetween(addDays(now, 365), '2022-12-01');
    for (let k = 0; k < 12; k++) await compare(addDays('2022-12-01', Math.floor(rand() * span)));
  });

  test('later documents (a receipt dated in the past, an annulment) move the sums as they move the items', async () => {
    const inv = await invoice('720000009', '2023-04-01', 500, '2023-05-01');
    await receipt('720000009', inv, 200, '2023-04-20');
    const late = await receipt('720000009', inv, 300, '2023-06-10');
    for (const day of ['2023-04-10', '2023-04-25', '2023-06-10', now]) await compare(day);
    ok(await s.as('co').post(`/v1/vouchers/${late.id}/annul`, {}), 200);
    for (const day of ['2023-06-10', now]) await compare(day);
    const res = (await s.as('co').get(`/v1/reports/accounts-receivable?date=${now}&customer_identification=720000009`)).body;
    assert.equal(res.customers[0].totals.total, 300, 'what the annulled receipt paid is owed again today');
  });
});
