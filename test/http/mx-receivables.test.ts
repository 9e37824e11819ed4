/**
 * The accounts-receivable report of a Mexican company without a filter (issue
 * 33, point 2), on both storages: read from the sums (migration 023, fixed by
 * 030), it lists the customers in MXN, never COP, and agrees with the report
 * filtered by customer (read from the due items) and with account 105.01.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { eachStorage } from '../support/server';
import { MX_APP, MX_CUSTOMER, mxSuite } from '../support/mx';

const cents = (v: number) => Math.round(v * 100);

eachStorage('Mexican receivables report', (storage) => {
  const t = mxSuite(storage);
  const mx = t.mx;

  /** Every page of the unfiltered report. */
  const unfiltered = async () => {
    const customers: any[] = [];
    for (let page = 1; ; page++) {
      const res = await mx().get(`/v1/reports/accounts-receivable?page_size=100&page=${page}`);
      assert.equal(res.status, 200, JSON.stringify(res.body));
      customers.push(...res.body.customers);
      if (page * 100 >= res.body.pagination.total_results) return { customers, totals: res.body.totals, total: res.body.pagination.total_results };
    }
  };
  const account = async () => (await mx().get('/v1/reports/trial-balance')).body.accounts.find((a: any) => a.code === '105.01')?.closing_balance ?? 0;

  test('without a filter: the customers in MXN, as the filtered report and account 105.01 say', async () => {
    const before = { report: await unfiltered(), account: await account() };
    // A PPD invoice of 2 × 1,500.00 + IVA 16 % = 3,480.00, all of it receivable.
    const inv = await mx().post('/v1/invoices', {
      document: { id: t.ref.fvA }, customer: MX_CUSTOMER, seller: t.ref.seller, use: 'G03', items: [{ code: 'LAP14', quantity: 2, price: 1500 }],
      payment: { method: 'PPD', conditions: { id: t.ref.toDefine, value: 3480, due_date: '2099-12-31' } },
    }, MX_APP);
    assert.equal(inv.status, 201, JSON.stringify(inv.body));

    const report = await unfiltered();
    assert.ok(report.customers.length > 0, 'the unfiltered report lists the customers');
    assert.deepEqual([...new Set(report.customers.map((c) => c.currency))], ['MXN']);
    assert.deepEqual(report.totals.map((t: any) => t.currency), ['MXN']);
    const mine = report.customers.find((c) => c.customer.identification === MX_CUSTOMER.rfc_id && c.customer.branch_office === 0);
    assert.ok(mine, 'the customer is listed');
    assert.ok(mine.items.some((i: any) => i.invoice.id === inv.body.id && i.balance === 3480));
    const filtered = (await mx().get(`/v1/reports/accounts-receivable?customer_identification=${MX_CUSTOMER.rfc_id}&customer_branch_office=0`)).body;
    assert.deepEqual(filtered.customers, [mine], 'the same group as the filtered report');

    const grand = cents(report.totals[0].total);
    const sumOfGroups = report.customers.reduce((t, c) => t + cents(c.totals.total), 0);
    assert.equal(grand, sumOfGroups, 'the totals are the groups\' sum');
    const beforeGrand = before.report.totals.find((t: any) => t.currency === 'MXN')?.total ?? 0;
    assert.equal(grand - cents(beforeGrand), 348000, 'the invoice added 3,480.00');
    assert.equal(cents(await account()) - cents(before.account), 348000, 'and so did account 105.01');
  });
});
