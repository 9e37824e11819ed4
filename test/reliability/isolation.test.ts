/**
 * Issue 8, part 4: cross-company isolation. Company A (a Colombian demo
 * company) tries every route the app registers (read from its own OpenAPI
 * document, so new routes are walked too) on the ids of company B — a second
 * Colombian company, with documents and catalog of its own — and of the
 * Mexican demo company; it lists, reads, updates, annuls, stamps, pays
 * (vouchers on B's due items), reuses B's Idempotency-Key and names B's
 * customers, products, document types, taxes, payment types, sellers,
 * warehouses and cost centers in its bodies. Every answer must be 4xx (or A's
 * own data), never show B's data, and B's documents and numbering must not move.
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { createApiUser } from '../../src/platform/auth';
import { ensureDemo } from '../../src/companies/demo';
import { eachStorage, listUrl, records, startTestServer, type Reply, type TestServer } from '../support/server';
import { coRefs, today, validInvoice, type CoRefs } from '../support/co';
import { creditInvoice, debtPayment, dueOf, newCustomer, rcRefs, type RcRefs } from '../support/vouchers';
import { appRoutes, errorShapeProblem, type RouteInfo } from '../support/routes';
import { report } from '../support/figures';

const MARK = 'ISOLATION-B';
const B_CO = { username: 'isolation-b-co', access_key: 'isolation-b-co-key-7a1c' };
const MX_APP = { 'serviceapi-application-id': 'IsolationPOS' };
const mxToday = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Mexico_City' }).format(new Date());

type Api = ReturnType<TestServer['as']>;

eachStorage('isolation', (storage) => {
  let s: TestServer;
  let tokenB = '';
  let bco: Api;           // company B (Colombia)
  let bmx: Api;           // the Mexican demo company
  let aco: Api;           // company A (Colombia)
  let ra: CoRefs; let rb: CoRefs; let vb: RcRefs; let va: RcRefs;
  let routes: RouteInfo[];
  /** B's ids per country and collection path (/v1/invoices …), and B's records as read before the attack. */
  const bIds: Record<string, (string | number)[]> = {};
  const bRecords = new Map<string, any>();
  let bNumbering: any;
  let bCompanies: number[] = [];
  const findings: string[] = [];
  let walked = 0;

  const numbering = async () => ({
    co: (await bco.list('/v1/document-types?type=FV')).map((t: any) => [t.id, t.consecutive]),
    rc: (await bco.list('/v1/document-types?type=RC')).map((t: any) => [t.id, t.consecutive]),
    nc: (await bco.list('/v1/document-types?type=NC')).map((t: any) => [t.id, t.consecutive]),
    nd: (await bco.list('/v1/document-types?type=ND')).map((t: any) => [t.id, t.consecutive]),
    notes: await s.db.query(`SELECT company_id, count(*)::int AS n, max(number)::text AS top FROM notes WHERE company_id = ANY($1::int[]) GROUP BY company_id ORDER BY company_id`, [bCompanies]),
    mx: (await bmx.list('/v1/document-types?type=FV')).map((t: any) => [t.id, t.consecutive]),
    rows: await s.db.query(`SELECT company_id, count(*)::int AS n, max(number)::text AS top FROM invoices WHERE company_id = ANY($1::int[]) GROUP BY company_id ORDER BY company_id`, [bCompanies]),
    vouchers: await s.db.query(`SELECT company_id, count(*)::int AS n, max(number)::text AS top FROM vouchers WHERE company_id = ANY($1::int[]) GROUP BY company_id ORDER BY company_id`, [bCompanies]),
  });
  /** Does an answer show B's data? (its marker, or one of B's records' ids that A does not also own) */
  const leaks = (res: Reply) => JSON.stringify(res.body ?? '').includes(MARK);

  before(async () => {
    s = await startTestServer(storage);
    // The demo company of Colombia becomes company B; ensureDemo then seeds a fresh Colombian demo company, A.
    const [old] = await s.db.query(`SELECT company_id FROM companies WHERE is_demo AND country = 'CO'`);
    await s.db.query(`UPDATE companies SET is_demo = false, tax_id = '900999001', legal_name = $2 WHERE company_id = $1`, [old.company_id, `${MARK} S.A.S.`]);
    await s.db.query(`UPDATE api_users SET username = 'isolation-b-old' WHERE company_id = $1`, [old.company_id]);
    await createApiUser(s.db, old.company_id, B_CO.username, B_CO.access_key);
    await ensureDemo(s.db);
    const [mxc] = await s.db.query(`SELECT company_id FROM companies WHERE is_demo AND country = 'MX'`);
    bCompanies = [old.company_id, mxc.company_id];
    const login = await s.call('POST', '/auth', { body: B_CO });
    assert.equal(login.status, 200, JSON.stringify(login.body));
    tokenB = login.body.access_token;
    bco = s.with(async () => tokenB, '');
    bmx = s.as('mx');
    aco = s.as('co');
    const bs = { as: () => bco } as unknown as TestServer;
    [ra, rb, va, vb] = await Promise.all([coRefs(s), coRefs(bs), rcRefs(s), rcRefs(bs)]);
    assert.notEqual((await aco.list('/v1/document-types?type=FV'))[0].id, undefined);

    // B's documents and catalog, all carrying the marker where there is free text.
    const made = async (api: Api, p: string, body: unknown, headers?: Record<string, string>) => {
      const res = await api.post(p, body, headers);
      assert.ok(res.status === 201 || res.status === 200, `${p}: ${res.status} ${JSON.stringify(res.body)}`);
      return res.body;
    };
    const bCustomer = await made(bco, '/v1/customers', { ...newCustomer('55500011'), name: [MARK, 'Cliente'] });
    await made(bco, '/v1/products', { code: 'BONLY1', name: `${MARK} producto`, taxes: [{ id: rb.taxOf('IVA', 19).id }] });
    await made(bco, '/v1/invoices', validInvoice(rb, { observations: MARK }), { 'idempotency-key': 'isolation-shared-key' });
    await made(bco, '/v1/invoices', validInvoice(rb, { observations: MARK, document: { id: rb.type['FV-E'].id } }));
    const credit = await creditInvoice(bs, rb, { amount: 5000, customer: { identification: '55500011', branch_office: 0 } });
    await made(bco, '/v1/vouchers', debtPayment(vb, { identification: '55500011', branch_office: 0 }, [{ due: dueOf(credit), value: 100 }], { observations: MARK }));
    // A credit and a debit note of B's credit invoice.
    for (const [kind, path, code] of [['NC', 'credit-notes', 'LIBRO01'], ['ND', 'debit-notes', 'INTERES']] as const) {
      const type = (await bco.list(`/v1/document-types?type=${kind}`)).find((t: any) => t.electronic_type === 'NoElectronic');
      const pay = (await bco.list(`/v1/payment-types?document_type=${kind}`)).find((p: any) => p.type === 'Cash');
      await made(bco, `/v1/${path}`, { document: { id: type.id }, date: credit.date, invoice: credit.id, reason: kind === 'NC' ? 3 : 1, seller: rb.seller.id,
        observations: MARK, items: [{ code, quantity: 1, price: 10, taxes: [] }], payments: [{ id: pay.id, value: 10 }] });
    }
    const mxAll = bmx.list;
    const [types, pays, users] = await Promise.all([mxAll('/v1/document-types?type=FV'), mxAll('/v1/payment-types?document_type=FV'), mxAll('/v1/users')]);
    await made(bmx, '/v1/customers', { person_type: 'company', identification: 'ISO010203AB1', name: `${MARK} MX`, tax_regime: '601', address: { address: 'Av. Reforma 100', postal_code: '06600' } });
    await made(bmx, '/v1/products', { code: 'BONLYMX', name: `${MARK} MX`, sat_product_key: '43211503', sat_unit_key: 'H87', tax_object: '01' });
    await made(bmx, '/v1/invoices', {
      document: { id: types.find((t) => t.code === 'FV-A').id }, customer: { rfc_id: 'XIA190128J61', branch_office: 0 }, seller: users.find((u) => u.active).id,
      use: 'G03', observations: MARK, items: [{ code: 'LAP14', quantity: 2, price: 1500, discount: 300 }],
      payment: { method: 'PUE', conditions: { id: pays.find((p) => p.name === 'Contado').id, value: 3132, due_date: mxToday() } },
    }, MX_APP);
    // A stamped PPD invoice of B's, paid in part by a payment receipt and credited by a credit note, both stamped.
    const ppd = await made(bmx, '/v1/invoices', {
      document: { id: types.find((t) => t.code === 'FV-A').id }, customer: { rfc_id: 'XIA190128J61', branch_office: 0 }, seller: users.find((u) => u.active).id,
      use: 'G03', observations: MARK, items: [{ code: 'LAP14', quantity: 1, price: 1000 }], stamp: { send: true },
      payment: { method: 'PPD', conditions: { id: pays.find((p) => p.name === 'Por definir').id, value: 1160, due_date: '2099-12-31' } },
    }, MX_APP);
    const mxType = async (code: string) => (await mxAll(`/v1/document-types?type=${code}`))[0].id;
    await made(bmx, '/v1/payments', { document: { id: await mxType('P') }, date: new Date(Date.now() - 1000).toISOString(), customer: { rfc_id: 'XIA190128J61', branch_office: 0 },
      payment_form: '03', amount: 100, invoices: [{ id: ppd.id, amount: 100 }], observations: MARK, stamp: { send: true } });
    await made(bmx, '/v1/credit-notes', { document: { id: await mxType('NC') }, invoices: [{ id: ppd.id }], payment_form: '17',
      items: [{ code: 'LAP14', quantity: 1, price: 10 }], observations: MARK, stamp: { send: true } });
    // B's ticket (its self-invoicing and PDF take its key; A's attempts on it must find nothing).
    await made(bmx, '/v1/tickets', { payment_form: '01', branch: MARK, items: [{ code: 'LAP14', quantity: 1, price: 10 }] });
    // B's webhooks, with their deliveries.
    await made(bco, '/v1/webhooks', { url: 'http://127.0.0.1:9/hooks', events: ['*'], description: MARK });
    await made(bmx, '/v1/webhooks', { url: 'http://127.0.0.1:9/hooks', events: ['*'], description: MARK });
    assert.equal(bCustomer.name[0], MARK);

    // Every id B owns, per collection of every GET list route (lookups included), and each record as B reads it.
    routes = appRoutes(s);
    for (const rt of routes.filter((r) => r.method === 'GET' && !r.params.length)) {
      const api = rt.country === 'mx' ? bmx : bco;
      const kinds = ['FV', 'NC', 'ND', 'RC', 'P'];
      const extra = rt.query.some((q) => q.name === 'type') && /document-types/.test(rt.path) ? kinds.map((k) => `type=${k}`)
        : rt.query.some((q) => q.name === 'document_type') ? kinds.map((k) => `document_type=${k}`) : [''];
      for (const x of extra) {
        const list = await api.get(`${rt.path}?${[rt.query.some((q) => q.name === 'page_size') ? 'page_size=100' : '', x].filter(Boolean).join('&')}`);
        if (list.status !== 200) continue;
        for (const rec of records(list.body)) {
          if (rec.id === undefined) continue;
          (bIds[`${rt.country} ${rt.path}`] ??= []).push(rec.id);
          const one = await api.get(`${rt.path}/${rec.id}`);
          if (one.status === 200) bRecords.set(`${rt.country} ${rt.path}/${rec.id}`, one.body);
        }
      }
    }
    bNumbering = await numbering();
    // The detector works: B sees its own marker, and there is something of B's to attack on every kind of record.
    assert.ok(leaks(await bco.get('/v1/invoices?page_size=100')) && leaks(await bco.get('/v1/customers?identification=55500011')), 'B reads its own marker');
    for (const c of ['co /v1/invoices', 'co /v1/vouchers', 'co /v1/customers', 'co /v1/products', 'co /v1/taxes', 'mx /v1/invoices', 'mx /v1/payments', 'mx /v1/credit-notes', 'mx /v1/tickets', 'co /v1/webhooks', 'mx /v1/webhooks']) assert.ok(bIds[c]?.length, c);
  });
  after(async () => {
    console.log(`isolation [${storage}]: ${walked} requests of company A on B's ids, ${bRecords.size} records of B watched, ${findings.length} findings`);
    report(`isolation [${storage}]`, { requests: walked, documents: bRecords.size, anomalies: findings.length, serverErrors: findings.filter((f) => /: 5\d\d\b/.test(f)).length });
    await s.close();
  });

  /** A's own ids of a collection (its ids may coincide with B's when ids are not global). */
  const ownCache = new Map<string, Set<string>>();
  const ownIds = async (country: 'co' | 'mx', path: string): Promise<Set<string>> => {
    if (country === 'mx') return new Set();
    if (ownCache.has(path)) return ownCache.get(path)!;
    const out = new Set<string>();
    ownCache.set(path, out);
    for (const x of ['', ...['FV', 'NC', 'ND', 'RC'].flatMap((k) => [`&type=${k}`, `&document_type=${k}`])]) {
      const l = await aco.get(listUrl(`${path}?${x.slice(1)}`));
      for (const r of records(l.body)) if (r.id !== undefined) out.add(String(r.id));
    }
    return out;
  };

  test('every route, as company A, on every id of company B: 4xx, never B\'s data', async () => {
    const bodyFor = (rt: RouteInfo) => (rt.country === 'mx' ? {} : rt.path.startsWith('/v1/customers') ? newCustomer('55500099')
      : rt.path.startsWith('/v1/products') ? { code: 'AONLY1', name: 'A', taxes: [] } : validInvoice(ra));
    for (const rt of routes.filter((r) => r.params.length)) {
      const collection = rt.path.replace(/\/:\w+.*$/, '');
      const theirs = bIds[`${rt.country} ${collection}`] ?? [];
      if (!theirs.length && !/uses/.test(rt.path)) findings.push(`${rt.method} ${rt.url}: no id of B to try (add a record of B for ${collection})`);
      const mine = await ownIds(rt.country, collection);
      for (const id of theirs) {
        const url = rt.url.replace(/:\w+/, encodeURIComponent(String(id)));
        const res = await s.call(rt.method, url, { token: await s.token('co'), body: rt.method === 'GET' ? undefined : bodyFor(rt), headers: rt.country === 'mx' ? MX_APP : {} });
        walked++;
        const where = `${rt.method} ${url}`;
        if (leaks(res)) findings.push(`${where}: answer shows B's data: ${JSON.stringify(res.body).slice(0, 200)}`);
        if (res.status < 400 && !mine.has(String(id))) findings.push(`${where}: ${res.status} on B's id ${id}`);
        if (res.status >= 500) findings.push(`${where}: ${res.status}`);
        if (res.status >= 400 && errorShapeProblem(res.status, res.body)) findings.push(`${where}: error body ${errorShapeProblem(res.status, res.body)}`);
        if (rt.country === 'mx' && res.status !== 403) findings.push(`${where}: a CO token on {base_url_mx} answered ${res.status}, not 403`);
        if (rt.country === 'co' && res.status >= 400 && !mine.has(String(id)) && ![404, 400].includes(res.status)) findings.push(`${where}: ${res.status}, expected 404`);
      }
    }
    assert.ok(walked > 50, `only ${walked} requests`);
    assert.deepEqual(findings, []);
  });

  test('every list and report of A: none of B\'s records', async () => {
    const before = findings.length;
    for (const rt of routes.filter((r) => r.method === 'GET' && !r.params.length && r.country === 'co')) {
      // Only the filters the route takes: any other query parameter is refused (400) before anything is read.
      const takes = (x: string) => !x || rt.query.some((q) => x.startsWith(`&${q.name}=`));
      for (const x of ['', '&type=FV', '&type=RC', '&document_type=FV', '&document_type=RC', '&identification=55500011', '&code=BONLY1', '&customer_identification=55500011'].filter(takes)) {
        const res = await aco.get(`${rt.path}?${rt.query.some((q) => q.name === 'page_size') ? 'page_size=100' : ''}${x}`);
        walked++;
        if (res.status >= 500) findings.push(`GET ${rt.path}?${x}: ${res.status}`);
        if (leaks(res)) findings.push(`GET ${rt.path}?${x}: shows B's data`);
        const ids = new Set((bIds[`co ${rt.path}`] ?? []).filter((id) => typeof id === 'string'));
        for (const r of records(res.body)) if (ids.has(r.id)) findings.push(`GET ${rt.path}?${x}: lists B's ${r.id}`);
      }
    }
    assert.deepEqual(findings.slice(before), []);
  });

  test('A\'s bodies naming B\'s customers, products, document types, taxes, payment types, sellers, warehouses, cost centers: refused', async () => {
    const before = findings.length;
    const ownsAlso = async (path: string, id: number) => (await ownIds('co', path)).has(String(id));
    const cases: [string, unknown, string?][] = [
      ['customer of B', validInvoice(ra, { customer: { identification: '55500011', branch_office: 0 } })],
      ['product of B', validInvoice(ra, { items: [{ code: 'BONLY1', quantity: 1, price: 100, taxes: [] }], payments: [{ id: ra.pay.Cash.id, value: 100 }] })],
    ];
    const ref = async (what: string, path: string, id: number, body: unknown) => { if (!(await ownsAlso(path, id))) cases.push([what, body]); };
    await ref('document type of B', '/v1/document-types', rb.type.FV.id, validInvoice(ra, { document: { id: rb.type.FV.id } }));
    await ref('tax of B', '/v1/taxes', rb.taxOf('IVA', 19).id, validInvoice(ra, { items: [{ code: 'PORT14', quantity: 10, price: 100, discount: 50, taxes: [{ id: rb.taxOf('IVA', 19).id }] }] }));
    await ref('payment type of B', '/v1/payment-types', rb.pay.Cash.id, validInvoice(ra, { payments: [{ id: rb.pay.Cash.id, value: 1130.5 }] }));
    await ref('seller of B', '/v1/users', rb.seller.id, validInvoice(ra, { seller: rb.seller.id }));
    await ref('warehouse of B', '/v1/warehouses', rb.warehouse.id, validInvoice(ra, { items: [{ code: 'PORT14', quantity: 10, price: 100, discount: 50, warehouse: rb.warehouse.id, taxes: [{ id: ra.taxOf('IVA', 19).id }] }] }));
    await ref('cost center of B', '/v1/cost-centers', rb.costCenter.id, validInvoice(ra, { cost_center: rb.costCenter.id }));
    await ref('global discount of B', '/v1/global-discounts', rb.discount.id, validInvoice(ra, { global_discounts: [{ id: rb.discount.id, value: 1 }] }));
    const aCustomer = ra.customers.find((c) => c.active && c.branch_office === 0);
    const bDue = { prefix: (await bco.get('/v1/invoices?page_size=100')).body.results.find((i: any) => i.balance > 0) };
    const due = { prefix: bDue.prefix.prefix, consecutive: bDue.prefix.number, quote: 1 };
    assert.ok(cases.length >= 5, `only ${cases.length} reference cases (ids shared between companies?)`);
    for (const path of ['/v1/invoices', '/v1/invoices/preview']) {
      for (const [what, body] of cases) {
        const res = await aco.post(path, body);
        walked++;
        if (res.status !== 400 || leaks(res)) findings.push(`POST ${path} with the ${what}: ${res.status} ${JSON.stringify(res.body).slice(0, 200)}`);
      }
    }
    const vouchers: [string, unknown][] = [
      ['B\'s due item, B\'s customer', debtPayment(va, { identification: '55500011', branch_office: 0 }, [{ due, value: 10 }])],
      ['B\'s due item, A\'s customer', debtPayment(va, { identification: aCustomer.identification, branch_office: 0 }, [{ due, value: 10 }])],
      ['B\'s RC document type', { ...debtPayment(va, { identification: aCustomer.identification, branch_office: 0 }, []), type: 'AdvancePayment', items: undefined, document: { id: vb.type.RC.id }, payment: { id: va.pay.Cash.id, value: 10 } }],
      ['B\'s RC payment type', { ...debtPayment(va, { identification: aCustomer.identification, branch_office: 0 }, []), type: 'AdvancePayment', items: undefined, payment: { id: vb.pay.Cash.id, value: 10 } }],
    ];
    for (const [what, body] of vouchers) {
      if (what.includes('RC document type') && (await ownsAlso('/v1/document-types', vb.type.RC.id))) continue;
      if (what.includes('RC payment type') && (await ownsAlso('/v1/payment-types', vb.pay.Cash.id))) continue;
      const res = await aco.post('/v1/vouchers', body);
      walked++;
      if (res.status !== 400 || leaks(res)) findings.push(`POST /v1/vouchers with ${what}: ${res.status} ${JSON.stringify(res.body).slice(0, 200)}`);
    }
    // A credit note of A on B's invoice: B's invoice does not exist for A.
    const aNote = (await aco.list('/v1/document-types?type=NC')).find((t: any) => t.electronic_type === 'NoElectronic');
    const aRefund = (await aco.list('/v1/payment-types?document_type=NC')).find((p: any) => p.type === 'Cash');
    const onB = await aco.post('/v1/credit-notes', { document: { id: aNote.id }, date: bDue.prefix.date, invoice: bDue.prefix.id, reason: 3, seller: ra.seller.id,
      items: [{ code: 'LIBRO01', quantity: 1, price: 1, taxes: [] }], payments: [{ id: aRefund.id, value: 1 }] });
    walked++;
    if (onB.status !== 400 || leaks(onB) || onB.body.Errors?.[0]?.Params?.[0] !== 'invoice') findings.push(`POST /v1/credit-notes on B's invoice: ${onB.status} ${JSON.stringify(onB.body).slice(0, 200)}`);
    // B's Idempotency-Key, reused by A with A's own body: A's own new invoice, never B's.
    const again = await aco.post('/v1/invoices', validInvoice(ra), { 'idempotency-key': 'isolation-shared-key' });
    walked++;
    if (again.status !== 201 || leaks(again)) findings.push(`POST /v1/invoices with B's Idempotency-Key: ${again.status} ${JSON.stringify(again.body).slice(0, 200)}`);
    assert.deepEqual(findings.slice(before), []);
  });

  test('B\'s records and numbering did not move', async () => {
    for (const [key, rec] of bRecords) {
      const [country, ...rest] = key.split(' ');
      const now = await (country === 'mx' ? bmx : bco).get(rest.join(' '));
      assert.deepEqual(now.body, rec, `${key} changed`);
    }
    assert.deepEqual(await numbering(), bNumbering);
    assert.ok(today());
  });
});
