/**
 * Query strings of lists, lookups and reports over HTTP, on each storage:
 * dates as yyyy-MM-dd and as ISO date-times (what Siigo's SDKs send) on every
 * list and report that takes them; a query parameter a route does not take is
 * refused (400 invalid_value naming it), while page, page_size and every
 * documented filter keep working.
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { eachStorage, problems, startTestServer, type Reply, type TestServer } from '../support/server';
import { coRefs, today, validInvoice, type CoRefs } from '../support/co';
import { newCustomer, rcRefs, type RcRefs } from '../support/vouchers';
import { appRoutes } from '../support/routes';
import { MX_APP } from '../support/mx';

/** The same moment written as a wall-clock time of Bogotá (UTC−5 all year), with or without its offset. */
const bogota = (iso: string, ms = 0) => new Date(Date.parse(iso) + ms - 5 * 3600_000).toISOString().slice(0, 23);

eachStorage('list query strings', (storage) => {
  let s: TestServer;
  let r: CoRefs;
  let v: RcRefs;
  let inv: any;
  let voucher: any;
  const ident = '7100000017';
  before(async () => {
    s = await startTestServer(storage);
    [r, v] = await Promise.all([coRefs(s), rcRefs(s)]);
    // An invoice and a voucher dated 15 March 2031, of a customer of their own (so filters can single them out).
    const res = await s.as('co').post('/v1/invoices', validInvoice(r, { date: '2023-03-15', customer: newCustomer(ident),
      items: [{ code: 'LIBRO01', quantity: 1, price: 500, taxes: [] }], payments: [{ id: r.pay.Cash.id, value: 500 }] }));
    assert.equal(res.status, 201, JSON.stringify(res.body));
    inv = res.body;
    const vres = await s.as('co').post('/v1/vouchers', { document: { id: v.type.RC.id }, date: '2023-03-15', type: 'AdvancePayment',
      customer: { identification: ident, branch_office: 0 }, payment: { id: v.pay.Cash.id, value: 70 } });
    assert.equal(vres.status, 201, JSON.stringify(vres.body));
    voucher = vres.body;
  });
  after(() => s.close());

  const ids = (res: Reply) => { assert.equal(res.status, 200, JSON.stringify(res.body)); return res.body.results.map((x: any) => x.id); };

  test('date_start and date_end take a date or an ISO date-time (by the date written in it) on invoices and vouchers', async () => {
    // 15 March written as Siigo's JavaScript SDK sends a Date built in Bogotá, at midnight UTC, without offset, with other offsets,
    // and with the + of the offset sent unencoded (it arrives as a space).
    const forms = ['2023-03-15', '2023-03-15T05:00:00.000Z', '2023-03-15T00:00:00Z', '2023-03-15T00:00:00', '2023-03-15T00:00',
      '2023-03-15T23:59:59.999-05:00', '2023-03-15T12:00:00+0100', '2023-03-15T12:00:00+01', '2023-03-15t05:00:00.000z'];
    for (const [path, doc] of [['/v1/invoices', inv], ['/v1/vouchers', voucher]]) {
      const list = (q: string) => s.as('co').get(`${path}?customer_identification=${ident}&${q}`);
      for (const d of forms) {
        assert.deepEqual(ids(await list(`date_start=${encodeURIComponent(d)}&date_end=${encodeURIComponent(d)}`)), [doc.id], `${path} ${d}`);
      }
      assert.deepEqual(ids(await list('date_start=2023-03-15T05:00:00+00:00&date_end=2023-03-15T05:00:00+00:00')), [doc.id], 'unencoded +');
      assert.deepEqual(ids(await list(`date_start=${encodeURIComponent('2023-03-16T05:00:00.000Z')}`)), [], `${path}: the next day excludes it`);
      assert.deepEqual(ids(await list(`date_end=${encodeURIComponent('2023-03-14T23:59:59.999Z')}`)), [], `${path}: the day before excludes it`);
    }
  });

  test('created and updated ranges: a date is the whole day in Bogotá, a date-time with offset an instant, without offset Bogotá\'s clock', async () => {
    const created: string = inv.metadata.created;
    const list = (q: string) => s.as('co').get(`/v1/invoices?customer_identification=${ident}&${q}`);
    const at = (field: string, start: string, end: string) => list(`${field}_start=${encodeURIComponent(start)}&${field}_end=${encodeURIComponent(end)}`);
    assert.deepEqual(ids(await at('created', created, created)), [inv.id], 'the exact instant, UTC');
    assert.deepEqual(ids(await at('created', `${bogota(created)}-05:00`, `${bogota(created)}-05:00`)), [inv.id], 'the same instant written at -05:00');
    assert.deepEqual(ids(await at('created', bogota(created), bogota(created))), [inv.id], 'Bogotá\'s wall clock without offset');
    assert.deepEqual(ids(await list(`created_start=${encodeURIComponent(bogota(created, 1))}`)), [], 'one millisecond later, Bogotá\'s clock');
    assert.deepEqual(ids(await list(`created_end=${encodeURIComponent(new Date(Date.parse(created) - 1).toISOString())}`)), [], 'one millisecond earlier');
    assert.deepEqual(ids(await at('updated', today(), today())), [inv.id], 'today as a date: the whole day in Bogotá');
    assert.deepEqual(ids(await list(`updated_end=${encodeURIComponent(`${today()}T00:00:00`)}`)), [], 'midnight of today, Bogotá: before it was updated');
  });

  test('customers and products: created ranges, and date_start/date_end on the day they were created', async () => {
    const cust = (await s.as('co').get(`/v1/customers?identification=${ident}`)).body.results[0];
    const prod = await s.as('co').post('/v1/products', { code: 'LISTS01', name: 'Producto de filtros', taxes: [] });
    assert.equal(prod.status, 201, JSON.stringify(prod.body));
    for (const [path, rec, key] of [['/v1/customers', cust, `identification=${ident}`], ['/v1/products', prod.body, 'code=LISTS01']]) {
      const list = (q: string) => s.as('co').get(`${path}?${key}&${q}`);
      const c: string = rec.metadata.created;
      assert.deepEqual(ids(await list(`created_start=${encodeURIComponent(c)}&created_end=${encodeURIComponent(c)}`)), [rec.id], path);
      assert.deepEqual(ids(await list(`created_start=${encodeURIComponent(new Date(Date.parse(c) + 1).toISOString())}`)), [], `${path}: later`);
      assert.deepEqual(ids(await list(`updated_start=${today()}&updated_end=${encodeURIComponent(`${today()}T23:59:59.999-05:00`)}`)), [rec.id], path);
      assert.deepEqual(ids(await list(`date_start=${encodeURIComponent(`${today()}T05:00:00.000Z`)}&date_end=${today()}`)), [rec.id], `${path}: created today`);
      assert.deepEqual(ids(await list('date_end=2020-01-01T05:00:00.000Z')), [], `${path}: not created by 2020`);
    }
  });

  test('reports take ISO date-times for their days; impossible dates and times are invalid_date', async () => {
    const tb = await s.as('co').get(`/v1/reports/trial-balance?date_start=${encodeURIComponent('2023-03-15T05:00:00.000Z')}&date_end=${encodeURIComponent('2023-03-15T05:00:00.000Z')}`);
    assert.equal(tb.status, 200, JSON.stringify(tb.body));
    assert.equal(tb.body.date_start, '2023-03-15');
    assert.equal(tb.body.date_end, '2023-03-15');
    assert.equal(tb.body.totals.debits, 570, 'the invoice (500) and the voucher (70) of that day');
    assert.equal(tb.body.balanced, true);
    const ar = await s.as('co').get(`/v1/reports/accounts-receivable?date=${encodeURIComponent('2023-03-15T00:00:00Z')}&customer_identification=${ident}`);
    assert.equal(ar.status, 200, JSON.stringify(ar.body));
    assert.equal(ar.body.date, '2023-03-15');
    for (const bad of ['2023-02-30T00:00:00Z', '2023-03-15T24:00:00Z', '2023-03-15T05:61:00Z', '2023-03-15T05:00:00+15:00', '0000-01-01T00:00:00Z',
      'yesterday', '2023-3-15', '2023-03-15T05', '2023-03-15T05:00:00.000ZZ', '1742014800000']) {
      for (const path of ['/v1/invoices?date_start=', '/v1/vouchers?created_end=', '/v1/customers?updated_start=', '/v1/products?date_end=', '/v1/reports/trial-balance?date_start=']) {
        const res = await s.as('co').get(path + encodeURIComponent(bad));
        const param = path.split('?')[1].slice(0, -1);
        assert.deepEqual(problems(res), [`invalid_date@${param}`], `${path}${bad}`);
        assert.match(res.body.Errors[0].Message, /ISO date-time/);
      }
    }
  });

  test('an unknown query parameter on any GET route answers 400 invalid_value naming it', async () => {
    const routes = appRoutes(s).filter((rt) => rt.method === 'GET');
    assert.ok(routes.length >= 30, `only ${routes.length} GET routes`);
    const idOf = (rt: typeof routes[number]) => (/\/uses\//.test(rt.path) ? 'G03' : /\/(invoices|vouchers|credit-notes|debit-notes|payments|webhooks|tickets)\//.test(rt.path) ? inv.id : '1');
    for (const rt of routes) {
      const url = rt.url.replace(/:\w+/g, () => idOf(rt));
      const res = await s.call('GET', `${url}?zz_unknown=1&page=1`, { token: await s.token(rt.country), headers: rt.country === 'mx' ? MX_APP : {} });
      assert.equal(res.status, 400, `${url}: ${res.status} ${JSON.stringify(res.body)}`);
      assert.ok(problems(res).includes('invalid_value@zz_unknown'), `${url}: ${JSON.stringify(res.body)}`);
      assert.ok(!problems(res).some((p) => p.endsWith('@page')) || !rt.query.some((q) => q.name === 'page'), `${url}: page is known`);
    }
  });

  test('a misspelt or foreign filter is refused, the message lists what the route takes; documented ones keep working', async () => {
    const co = s.as('co');
    const misspelt = await co.get(`/v1/invoices?customer_identification=${ident}&date_from=2023-01-01&pagesize=5`);
    assert.deepEqual(problems(misspelt).sort(), ['invalid_value@date_from', 'invalid_value@pagesize']);
    assert.match(misspelt.body.Errors[0].Message, /date_from is not a query parameter of this route; it takes page, page_size, document_id, .*date_start/);
    assert.deepEqual(problems(await co.get('/v1/invoices?type=DebtPayment')), ['invalid_value@type'], 'a filter of vouchers, on invoices');
    assert.deepEqual(problems(await co.get('/v1/reports/trial-balance?account=1105')), ['invalid_value@account']);
    assert.deepEqual(problems(await co.get('/v1/users?active=true')), ['invalid_value@active']);
    assert.deepEqual(problems(await s.as('mx').get('/v1/invoices?customer_rfc=XIA190128J61')), ['invalid_value@customer_rfc']);
    assert.deepEqual(problems(await co.get(`/v1/invoices/${inv.id}?fields=id`)), ['invalid_value@fields'], 'a route that takes no query string');
    assert.deepEqual(problems(await s.call('POST', '/v1/invoices/preview?stamp=true', { token: await s.token('co'), body: validInvoice(r) })), ['invalid_value@stamp'], 'on writes too');
    assert.equal((await s.call('GET', '/health?probe=1')).status, 200, 'outside the API');

    // page, page_size and every documented filter of each list still apply.
    const page = await co.get('/v1/customers?page=2&page_size=3');
    assert.deepEqual([page.status, page.body.pagination.page, page.body.pagination.page_size, page.body.results.length], [200, 2, 3, 3]);
    assert.deepEqual(ids(await co.get(`/v1/invoices?page=1&page_size=1&customer_identification=${ident}`)), [inv.id]);
    assert.deepEqual(ids(await co.get(`/v1/invoices?page=2&page_size=1&customer_identification=${ident}`)), []);
    const one = (q: string) => co.get(`/v1/invoices?${q}`).then(ids);
    assert.deepEqual(await one(`name=${inv.name}`), [inv.id]);
    assert.deepEqual(await one(`document_id=${r.type.FV.id}&customer_identification=${ident}&customer_branch_office=0`), [inv.id]);
    assert.deepEqual(await one(`customer_identification=${ident}&customer_branch_office=1`), [], 'a filter that excludes everything');
    assert.deepEqual(ids(await co.get(`/v1/vouchers?type=AdvancePayment&customer_identification=${ident}&document_id=${v.type.RC.id}&name=${voucher.name}`)), [voucher.id]);
    assert.deepEqual(ids(await co.get(`/v1/vouchers?type=Detailed&customer_identification=${ident}`)), []);
    assert.equal((await co.get(`/v1/customers?identification=${ident}&branch_office=0&active=true`)).body.results.length, 1);
    assert.equal((await co.get('/v1/products?code=LIBRO01&type=Product&active=true')).body.results.length, 1);
    assert.equal((await co.get('/v1/products?code=LIBRO01&type=Service')).body.results.length, 0);
    assert.ok((await co.get('/v1/accounts?code=1105&page_size=100')).body.results.every((a: any) => a.code.startsWith('1105')));
    const iva = await co.get('/v1/taxes?type=IVA');
    assert.ok(iva.body.length > 0 && iva.body.every((t: any) => t.type === 'IVA'), 'taxes: a plain array of IVA taxes');
    assert.deepEqual(problems(await co.get('/v1/taxes?page_size=100')), ['invalid_value@page_size'], 'a plain-array lookup takes no page');
    assert.equal((await co.get('/v1/reports/accounts-receivable?customer_identification=x&customer_branch_office=0')).status, 200);
    assert.equal((await s.as('mx').get('/v1/uses?page=1&page_size=5')).body.results.length, 5);
  });
});
