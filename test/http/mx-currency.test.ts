/**
 * Foreign-currency Mexican invoices (issue 33, point 6), on both storages: `currency {code, exchange_rate}` as on
 * Colombian invoices; the CFDI writes Moneda (a c_Moneda code of 2 decimals) and TipoCambio, its amounts in that
 * currency; the journal entry is in pesos at the rate, each amount rounded and revenue taking the rounding; a credit
 * note of such an invoice is in its currency at its rate (402.01 taking the rounding). Every
 * wrong currency is a 400 on its path and writes nothing. Figures by hand below.
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { eachStorage, problems, startTestServer, type Storage, type TestServer } from '../support/server';
import { MX_APP, mxInvoice, mxRefs, stamped, type MxRefs } from '../support/mx';
import { parseXml, satSelect } from '../../src/countries/mx/sat/chain';

eachStorage('MX foreign-currency invoices', (storage: Storage) => {
  let s: TestServer;
  let ref: MxRefs;
  before(async () => {
    s = await startTestServer(storage);
    ref = await mxRefs(s);
    // USD and JPY enabled for the demo company; no rate configured.
    await s.db.query(`UPDATE companies SET settings = settings || '{"foreign_currency": {"enabled": true, "currencies": ["USD", "JPY"]}}'::jsonb WHERE country = 'MX' AND is_demo`);
  });
  after(() => s.close());

  const mx = () => s.as('mx');
  /** MONITOR 3 × 33.33 = 99.99; IVA 16 % = 15.9984 → 16.00; total 115.99 (in the invoice's currency). */
  const body = (over: Record<string, unknown>) => mxInvoice(ref, [{ code: 'GEN001', quantity: 3, price: 33.33 }], 115.99, over);
  const net = async (id: string) => Object.fromEntries((await s.db.query(
    `SELECT l.account_code, sum(l.debit - l.credit)::text AS net FROM journal_lines l JOIN journal_entries e ON e.id = l.entry_id
      WHERE e.source_id = $1 GROUP BY 1 ORDER BY 1`, [id])).map((r) => [r.account_code, r.net]));

  test('a USD invoice: amounts in dollars, Moneda USD with TipoCambio, the ledger in pesos at the rate', async () => {
    const res = await mx().post('/v1/invoices', body({ currency: { code: 'USD', exchange_rate: 17.2567 }, stamp: { send: true } }), MX_APP);
    assert.equal(res.status, 201, JSON.stringify(res.body));
    assert.equal((await stamped(s, 'invoices', res.body)).stamp.status, 'Accepted', JSON.stringify(res.body.stamp));
    assert.deepEqual(res.body.currency, { code: 'USD', exchange_rate: 17.2567 });
    assert.deepEqual([res.body.subtotal, res.body.taxes_total, res.body.total], [99.99, 16, 115.99]);
    const xml = Buffer.from((await mx().get(`/v1/invoices/${res.body.id}/xml`)).body.base64, 'base64').toString('utf8');
    const root = (satSelect('/cfdi:Comprobante', parseXml(xml) as unknown as Node) as unknown as Element[])[0];
    assert.deepEqual(['Moneda', 'TipoCambio', 'SubTotal', 'Total'].map((a) => root.getAttribute(a)), ['USD', '17.2567', '99.99', '115.99']);
    // In pesos at 17.2567: total 115.99 → 2001.604633 → 2001.60; IVA 16.00 → 276.1072 → 276.11; revenue 99.99 → 1725.497433 → 1725.50,
    // less the cent the roundings leave: 2001.60 − 276.11 = 1725.49.
    assert.deepEqual(await net(res.body.id), { '101.01': '2001.60', '208.01': '-276.11', '401.01': '-1725.49' });
    assert.equal((await mx().get(`/v1/invoices/${res.body.id}`)).body.currency.code, 'USD', 'stored');
  });

  test('a credit note of a USD invoice: in dollars at the invoice\'s rate, Moneda and TipoCambio, the ledger in pesos', async () => {
    const inv = await mx().post('/v1/invoices', body({ currency: { code: 'USD', exchange_rate: 17.2567 }, stamp: { send: true } }), MX_APP);
    assert.equal(inv.status, 201, JSON.stringify(inv.body));
    await stamped(s, 'invoices', inv.body);
    const note = (ids: string[], price: number) => mx().post('/v1/credit-notes', { document: { id: ref.creditNote }, invoices: ids.map((id) => ({ id })), payment_form: '01',
      items: [{ code: 'GEN001', quantity: 1, price }], stamp: { send: true } }, MX_APP);
    // GEN001 1 × 10.00 USD + IVA 1.60 = 11.60 USD, refunded in cash (the PUE invoice collected 115.99 USD).
    const res = await note([inv.body.id], 10);
    assert.equal(res.status, 201, JSON.stringify(res.body));
    assert.deepEqual(res.body.currency, { code: 'USD', exchange_rate: 17.2567 });
    assert.deepEqual([res.body.subtotal, res.body.taxes_total, res.body.total], [10, 1.6, 11.6]);
    const done = await stamped(s, 'credit-notes', res.body);
    assert.equal(done.stamp.status, 'Accepted', JSON.stringify(done.stamp));
    const xml = Buffer.from((await mx().get(`/v1/credit-notes/${res.body.id}/xml`)).body.base64, 'base64').toString('utf8');
    const root = (satSelect('/cfdi:Comprobante', parseXml(xml) as unknown as Node) as unknown as Element[])[0];
    assert.deepEqual(['TipoDeComprobante', 'Moneda', 'TipoCambio', 'SubTotal', 'Total'].map((a) => root.getAttribute(a)), ['E', 'USD', '17.2567', '10.00', '11.60']);
    // In pesos at 17.2567: 10.00 → 172.567 → 172.57; IVA 1.60 → 27.61072 → 27.61; the cash 11.60 → 200.17772 → 200.18 = 172.57 + 27.61.
    assert.deepEqual(await net(res.body.id), { '101.01': '-200.18', '208.01': '27.61', '402.01': '172.57' });
    // What is left: 115.99 − 11.60 = 104.39 USD collected to refund, 89.99 USD of GEN001: 100.00 + 16.00 fits neither.
    assert.deepEqual(problems(await note([inv.body.id], 100)), ['invalid_value@items', 'invalid_value@items[0]']);
    // One note, one currency: a USD and an MXN invoice together are refused.
    const pesos = await mx().post('/v1/invoices', body({ stamp: { send: true } }), MX_APP);
    await stamped(s, 'invoices', pesos.body);
    assert.ok(problems(await note([inv.body.id, pesos.body.id], 1)).includes('invalid_document@invoices[1].id'));
  });

  test('MXN as sent or by default: no TipoCambio, no currency in the answer', async () => {
    const res = await mx().post('/v1/invoices', body({ currency: { code: 'MXN' }, stamp: { send: true } }), MX_APP);
    assert.equal(res.status, 201, JSON.stringify(res.body));
    assert.equal(res.body.currency, undefined);
    await stamped(s, 'invoices', res.body);
    const xml = Buffer.from((await mx().get(`/v1/invoices/${res.body.id}/xml`)).body.base64, 'base64').toString('utf8');
    const root = (satSelect('/cfdi:Comprobante', parseXml(xml) as unknown as Node) as unknown as Element[])[0];
    assert.deepEqual([root.getAttribute('Moneda'), root.hasAttribute('TipoCambio')], ['MXN', false]);
  });

  test('a wrong currency is refused on its path, nothing written', async () => {
    const [{ n: before }] = await s.db.query('SELECT count(*)::int AS n FROM invoices');
    const cases: [Record<string, unknown>, string][] = [
      [{ currency: { code: 'XXX', exchange_rate: 1 } }, 'invalid_currency@currency.code'],
      [{ currency: { code: 'ZZZ', exchange_rate: 1 } }, 'invalid_currency@currency.code'],
      [{ currency: { code: 'usd', exchange_rate: 17 } }, 'invalid_currency@currency.code'],
      [{ currency: { code: 'JPY', exchange_rate: 0.11 } }, 'invalid_currency@currency.code'],
      [{ currency: { code: 'EUR', exchange_rate: 19 } }, 'company_settings@currency.code'],
      [{ currency: { code: 'USD' } }, 'parameter_required@currency.exchange_rate'],
      [{ currency: { code: 'USD', exchange_rate: 0 } }, 'invalid_value@currency.exchange_rate'],
    ];
    for (const [over, expected] of cases) {
      const res = await mx().post('/v1/invoices', body(over), MX_APP);
      assert.deepEqual(problems(res), [expected], JSON.stringify(over));
    }
    assert.match((await mx().post('/v1/invoices', body({ currency: { code: 'JPY', exchange_rate: 0.11 } }), MX_APP)).body.Errors[0].Message, /0 decimals/);
    const [{ n: after }] = await s.db.query('SELECT count(*)::int AS n FROM invoices');
    assert.equal(after, before);
  });
});
