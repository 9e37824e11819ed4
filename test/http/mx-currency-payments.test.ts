/**
 * PPD invoices in a foreign currency (issue 33, point 6), on both storages: a USD invoice paid by Pagos 2.0 receipts in
 * MXN and in USD (MonedaP, TipoCambioP, MonedaDR, EquivalenciaDR; ImpPagado and the taxes in dollars, Totales in pesos),
 * the receivable cleared at the invoice's rate, cash-basis IVA collected at the payment day's rate, the difference to
 * 702.01 utilidad cambiaria / 701.01 pérdida cambiaria; the receivables report in USD. Figures by hand below.
 */
import { before, test } from 'node:test';
import assert from 'node:assert/strict';
import { eachStorage, problems, type Storage } from '../support/server';
import { MX_APP, MX_CUSTOMER, mxSuite, mxToday, stamped } from '../support/mx';
import { parseXml, satSelect } from '../../src/countries/mx/sat/chain';

eachStorage('MX foreign-currency PPD invoices and their receipts', (storage: Storage) => {
  const t = mxSuite(storage);
  const mx = t.mx;
  before(async () => {
    await t.s.db.query(`UPDATE companies SET settings = settings || '{"foreign_currency": {"enabled": true, "currencies": ["USD", "EUR"]}}'::jsonb WHERE country = 'MX' AND is_demo`);
  });

  /** GEN001 1 × 100.00 USD + IVA 16 % = 116.00 USD at 17.00 pesos per dollar, PPD. */
  const usdInvoice = () => t.ppdInvoice([{ code: 'GEN001', quantity: 1, price: 100 }], 116, { currency: { code: 'USD', exchange_rate: 17 } });
  const net = async (id: string) => Object.fromEntries((await t.s.db.query(
    `SELECT l.account_code, sum(l.debit - l.credit)::text AS net FROM journal_lines l JOIN journal_entries e ON e.id = l.entry_id
      WHERE e.source_id = $1 GROUP BY 1 ORDER BY 1`, [id])).map((r) => [r.account_code, r.net]));
  const xmlOf = async (id: string) => parseXml(Buffer.from((await mx().get(`/v1/payments/${id}/xml`)).body.base64, 'base64').toString('utf8')) as unknown as Node;
  const attr = (doc: Node, path: string) => (satSelect(path, doc) as unknown as Attr[]).map((a) => a.value);

  test('a USD invoice paid in MXN at 18.00 and settled in USD at 16.50: EquivalenciaDR, Totales in pesos, exchange gain and loss', async () => {
    const inv = await usdInvoice();
    assert.equal(inv.stamp.status, 'Accepted', JSON.stringify(inv.stamp));
    assert.deepEqual([inv.currency, inv.total, inv.balance], [{ code: 'USD', exchange_rate: 17 }, 116, 116]);
    // In pesos at 17.00: receivable 116 × 17 = 1972.00, IVA 16 × 17 = 272.00 pending, revenue 1700.00.
    assert.deepEqual(await net(inv.id), { '105.01': '1972.00', '209.01': '-272.00', '401.01': '-1700.00' });

    // 1,000.00 MXN when the dollar is at 18.00: EquivalenciaDR 1 / 18 = 0.0555555556 (10 decimals), ImpPagado
    // 1000 × 0.0555555556 = 55.5555556 → 55.55 USD (down); BaseDR 100 × 55.55 / 116 = 47.887… → 47.89, IVA 16 × 55.55 / 116
    // = 7.662… → 7.66 (47.89 × 0.16 = 7.6624).
    const r1 = await t.receipt(inv.id, 1000, { invoices: [{ id: inv.id, amount: 1000, exchange_rate: 18 }] });
    assert.equal(r1.status, 201, JSON.stringify(r1.body));
    const p1 = await stamped(t.s, 'payments', r1.body);
    assert.equal(p1.stamp.status, 'Accepted', JSON.stringify(p1.stamp));
    const [d1] = p1.invoices;
    assert.deepEqual([d1.currency, d1.equivalence, d1.previous_balance, d1.amount_paid, d1.balance_left], ['USD', 0.0555555556, 116, 55.55, 60.45]);
    assert.deepEqual(d1.taxes.map((x: any) => [x.type, x.base_value, x.value]), [['IVA', 47.89, 7.66]]);
    // Totales in pesos: 47.89 / 0.0555555556 = 862.0199… → 862.02 and 7.66 / 0.0555555556 = 137.8799… → 137.88, × TipoCambioP 1.
    assert.deepEqual(p1.totals.transferred, [{ percentage: 16, base_value: 862.02, value: 137.88 }]);
    assert.equal(p1.totals.payments_total, 1000);
    const x1 = await xmlOf(p1.id);
    assert.deepEqual(attr(x1, '//pago20:Pago/@MonedaP').concat(attr(x1, '//pago20:Pago/@TipoCambioP'), attr(x1, '//pago20:Pago/@Monto')), ['MXN', '1', '1000.00']);
    assert.deepEqual(['MonedaDR', 'EquivalenciaDR', 'ImpSaldoAnt', 'ImpPagado', 'ImpSaldoInsoluto'].map((a) => attr(x1, `//pago20:DoctoRelacionado/@${a}`)[0]),
      ['USD', '0.0555555556', '116.00', '55.55', '60.45']);
    assert.deepEqual([attr(x1, '//pago20:TrasladoP/@BaseP')[0], attr(x1, '//pago20:TrasladoP/@ImporteP')[0]], ['862.02', '137.88']);
    assert.deepEqual([attr(x1, '//pago20:Totales/@TotalTrasladosBaseIVA16')[0], attr(x1, '//pago20:Totales/@TotalTrasladosImpuestoIVA16')[0]], ['862.02', '137.88']);
    // Ledger: bank 1000.00 in; receivable 55.55 × 17 = 944.35 out; IVA 7.66 × 17 = 130.22 leaves 209.01 and 7.66 × 18
    // = 137.88 reaches 208.01; 1000.00 + 130.22 − 944.35 − 137.88 = 47.99 gain (55.55 × 1 on the dollars, + 0.10 of
    // rounding, − 7.66 × 1 of IVA owed to the SAT at the day's rate).
    assert.deepEqual(await net(p1.id), { '102.01': '1000.00', '105.01': '-944.35', '208.01': '-137.88', '209.01': '130.22', '702.01': '-47.99' });

    // The receivables report shows what is owed in dollars.
    const ar = (await mx().get(`/v1/reports/accounts-receivable?customer_identification=${MX_CUSTOMER.rfc_id}&customer_branch_office=0`)).body;
    const usd = ar.customers.find((c: any) => c.currency === 'USD');
    assert.ok(usd?.items.some((i: any) => i.invoice.id === inv.id && i.balance === 60.45), JSON.stringify(ar.customers.map((c: any) => c.currency)));

    // The rest, 60.45 USD, paid in dollars at 16.50: EquivalenciaDR 1; it settles, taking what is left: base 100 − 47.89
    // = 52.11, IVA 16 − 7.66 = 8.34. Totales: 52.11 × 16.5 = 859.815 → 859.82, 8.34 × 16.5 = 137.61, Monto 60.45 × 16.5
    // = 997.425 → 997.43.
    const r2 = await t.receipt(inv.id, 60.45, { currency: { code: 'USD', exchange_rate: 16.5 } });
    assert.equal(r2.status, 201, JSON.stringify(r2.body));
    const p2 = await stamped(t.s, 'payments', r2.body);
    assert.equal(p2.stamp.status, 'Accepted', JSON.stringify(p2.stamp));
    const [d2] = p2.invoices;
    assert.deepEqual([d2.currency, d2.equivalence, d2.installment, d2.amount_paid, d2.balance_left], ['USD', 1, 2, 60.45, 0]);
    assert.deepEqual(d2.taxes.map((x: any) => [x.base_value, x.value]), [[52.11, 8.34]]);
    assert.deepEqual([p2.totals.transferred, p2.totals.payments_total], [[{ percentage: 16, base_value: 859.82, value: 137.61 }], 997.43]);
    const x2 = await xmlOf(p2.id);
    assert.deepEqual(['MonedaP', 'TipoCambioP', 'Monto'].map((a) => attr(x2, `//pago20:Pago/@${a}`)[0]), ['USD', '16.5', '60.45']);
    assert.deepEqual(['MonedaDR', 'EquivalenciaDR'].map((a) => attr(x2, `//pago20:DoctoRelacionado/@${a}`)[0]), ['USD', '1']);
    assert.equal(attr(x2, '//pago20:Totales/@MontoTotalPagos')[0], '997.43');
    // Ledger: bank 997.43 in; what is left of the receivable at 17, 1972.00 − 944.35 = 1027.65, and of the pending IVA,
    // 272.00 − 130.22 = 141.78; IVA collected 8.34 × 16.5 = 137.61; 997.43 + 141.78 − 1027.65 − 137.61 = −26.05, a loss.
    assert.deepEqual(await net(p2.id), { '102.01': '997.43', '105.01': '-1027.65', '208.01': '-137.61', '209.01': '141.78', '701.01': '26.05' });
    // The invoice's receivable and pending IVA are cleared in pesos; the IVA declared adds up to the invoice's 16.00.
    const after = (await mx().get(`/v1/invoices/${inv.id}`)).body;
    assert.equal(after.balance, 0);
    const [{ left }] = await t.s.db.query(`SELECT sum(l.debit - l.credit)::text AS left FROM journal_lines l JOIN journal_entries e ON e.id = l.entry_id
      WHERE e.source_id = ANY($1::uuid[]) AND l.account_code IN ('105.01', '209.01')`, [[inv.id, p1.id, p2.id]]);
    assert.equal(left, '0.00');
  });

  test('a USD invoice paid in MXN: the covering amount settles; the rate is required; wrong rates are refused', async () => {
    const inv = await usdInvoice();
    const [{ n: before }] = await t.s.db.query('SELECT count(*)::int AS n FROM payments');
    // No USD rate is configured: one is required for a MXN payment of a USD invoice.
    assert.deepEqual(problems(await t.receipt(inv.id, 100)), ['parameter_required@invoices[0].exchange_rate']);
    // A rate on an invoice in the payment's currency is refused.
    assert.deepEqual(problems(await t.receipt(inv.id, 10, { currency: { code: 'USD', exchange_rate: 17 }, invoices: [{ id: inv.id, amount: 10, exchange_rate: 17 }] })),
      ['parameter_not_allowed@invoices[0].exchange_rate']);
    // 116.00 USD at 17.50 is 2030.00 MXN: 2031.00 is more than owed (2031 / 17.5 = 116.057… → 116.05).
    const pay = (amount: number) => t.receipt(inv.id, amount, { invoices: [{ id: inv.id, amount, exchange_rate: 17.5 }] });
    assert.deepEqual(problems(await pay(2031)), ['invalid_value@invoices[0].amount']);
    const [{ n: still }] = await t.s.db.query('SELECT count(*)::int AS n FROM payments');
    assert.equal(still, before, 'nothing written');
    // EquivalenciaDR 1 / 17.5 = 0.0571428571: 2030.00 × it = 115.99999991 → 115.99 (down); 2030.01 → 116.0000571 → 116.00
    // settles it (116.00 / 0.0571428571 = 2030.0000007 ≤ 2030.01).
    const r = await pay(2030.01);
    assert.equal(r.status, 201, JSON.stringify(r.body));
    const p = await stamped(t.s, 'payments', r.body);
    assert.equal(p.stamp.status, 'Accepted', JSON.stringify(p.stamp));
    assert.deepEqual([p.invoices[0].equivalence, p.invoices[0].amount_paid, p.invoices[0].balance_left], [0.0571428571, 116, 0]);
    assert.deepEqual(p.invoices[0].taxes.map((x: any) => [x.base_value, x.value]), [[100, 16]]);
    // Bank 2030.01; receivable 1972.00; IVA 272.00 out of 209.01 and 16 × 17.5 = 280.00 into 208.01: gain 2030.01 + 272 − 1972 − 280 = 50.01.
    assert.deepEqual(await net(p.id), { '102.01': '2030.01', '105.01': '-1972.00', '208.01': '-280.00', '209.01': '272.00', '702.01': '-50.01' });
  });
  test('a cash refund of a USD invoice paid at another day\'s rate posts the exchange difference', async () => {
    // A PUE invoice of 116.00 USD at 17.00 (paid at once), and a cash refund of GEN001 1 × 10.00 USD + IVA 1.60 = 11.60 USD.
    const inv = await mx().post('/v1/invoices', { document: { id: t.ref.fvA }, customer: MX_CUSTOMER, seller: t.ref.seller, use: 'G03',
      items: [{ code: 'GEN001', quantity: 1, price: 100 }], currency: { code: 'USD', exchange_rate: 17 },
      payment: { method: 'PUE', conditions: { id: t.ref.cash, value: 116, due_date: mxToday() } }, stamp: { send: true } }, MX_APP);
    assert.equal(inv.status, 201, JSON.stringify(inv.body));
    await stamped(t.s, 'invoices', inv.body);
    const note = (over: Record<string, unknown>) => mx().post('/v1/credit-notes', { document: { id: t.ref.creditNote }, invoices: [{ id: inv.body.id }], payment_form: '01',
      items: [{ code: 'GEN001', quantity: 1, price: 10 }], stamp: { send: true }, ...over }, MX_APP);
    // Not with compensation, nor on an invoice in pesos.
    assert.deepEqual(problems(await note({ payment_form: '17', refund_exchange_rate: 18.5 })), ['parameter_not_allowed@refund_exchange_rate']);
    const pesos = await mx().post('/v1/invoices', { document: { id: t.ref.fvA }, customer: MX_CUSTOMER, seller: t.ref.seller, use: 'G03',
      items: [{ code: 'GEN001', quantity: 1, price: 100 }], payment: { method: 'PUE', conditions: { id: t.ref.cash, value: 116, due_date: mxToday() } }, stamp: { send: true } }, MX_APP);
    await stamped(t.s, 'invoices', pesos.body);
    assert.deepEqual(problems(await note({ invoices: [{ id: pesos.body.id }], refund_exchange_rate: 18.5 })), ['parameter_not_allowed@refund_exchange_rate']);
    // Paid back when the dollar is at 18.50: at the invoice's 17.00, 402.01 10.00 × 17 = 170.00 and 208.01 1.60 × 17 = 27.20;
    // the cash out 11.60 × 18.50 = 214.60; the 17.40 more is an exchange loss (701.01).
    const res = await note({ refund_exchange_rate: 18.5 });
    assert.equal(res.status, 201, JSON.stringify(res.body));
    assert.equal(res.body.refund_exchange_rate, 18.5);
    assert.equal((await stamped(t.s, 'credit-notes', res.body)).stamp.status, 'Accepted');
    assert.deepEqual(await net(res.body.id), { '101.01': '-214.60', '208.01': '27.20', '402.01': '170.00', '701.01': '17.40' });
    // At 16.00 instead: cash 11.60 × 16 = 185.60, a gain of 197.20 − 185.60 = 11.60 (702.01).
    const gain = await note({ refund_exchange_rate: 16 });
    assert.equal(gain.status, 201, JSON.stringify(gain.body));
    assert.deepEqual(await net(gain.body.id), { '101.01': '-185.60', '208.01': '27.20', '402.01': '170.00', '702.01': '-11.60' });
  });
  test('a compensation note on a USD PPD invoice, then the receipt that settles it: what is left, in dollars and in pesos', async () => {
    const inv = await usdInvoice();
    // GEN001 1 × 10.00 USD + IVA 1.60 = 11.60 USD set off (17): at 17.00, 402.01 170.00 and 209.01 27.20 debited, 105.01 197.20 credited.
    const note = await mx().post('/v1/credit-notes', { document: { id: t.ref.creditNote }, invoices: [{ id: inv.id }], payment_form: '17',
      items: [{ code: 'GEN001', quantity: 1, price: 10 }], stamp: { send: true } }, MX_APP);
    assert.equal(note.status, 201, JSON.stringify(note.body));
    assert.deepEqual(await net(note.body.id), { '105.01': '-197.20', '209.01': '27.20', '402.01': '170.00' });
    assert.equal((await mx().get(`/v1/invoices/${inv.id}`)).body.balance, 104.4);
    // 104.40 USD paid in dollars at 18.00 settles it: base 100 − 10 = 90.00, IVA 16 − 1.60 = 14.40; Totales 90 × 18 = 1620.00,
    // 14.40 × 18 = 259.20, Monto 104.40 × 18 = 1879.20.
    const r = await t.receipt(inv.id, 104.4, { currency: { code: 'USD', exchange_rate: 18 } });
    assert.equal(r.status, 201, JSON.stringify(r.body));
    const p = await stamped(t.s, 'payments', r.body);
    assert.equal(p.stamp.status, 'Accepted', JSON.stringify(p.stamp));
    assert.deepEqual(p.invoices[0].taxes.map((x: any) => [x.base_value, x.value]), [[90, 14.4]]);
    assert.deepEqual([p.totals.transferred, p.totals.payments_total], [[{ percentage: 16, base_value: 1620, value: 259.2 }], 1879.2]);
    // Bank 1879.20; what is left at 17.00: receivable 1972.00 − 197.20 = 1774.80, pending IVA 272.00 − 27.20 = 244.80; IVA
    // collected 14.40 × 18 = 259.20; 1879.20 + 244.80 − 1774.80 − 259.20 = 90.00 gain (104.40 × 1 less 14.40 × 1 of IVA).
    assert.deepEqual(await net(p.id), { '102.01': '1879.20', '105.01': '-1774.80', '208.01': '-259.20', '209.01': '244.80', '702.01': '-90.00' });
  });
});
