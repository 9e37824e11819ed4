/**
 * Mexican tickets (issue 51): POST /mx/v1/tickets with its folio, figures (computed by hand below), journal entry
 * and self-invoicing key (only its hash stored), idempotency, refusals with paths, reads and lists; then the global
 * invoice of a closed period's tickets (one concept per ticket and set of taxes, 01010101 / ACT / the folio), stamped
 * by the sandbox PAC, with an entry that posts nothing again, its refusals (nothing left, period not over), and its
 * cancellation freeing the tickets for the next one.
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import crypto from 'node:crypto';
import { eachStorage, problems, startTestServer, type Storage, type TestServer } from '../support/server';
import { mxToday, stamped } from '../support/mx';
import { parseXml, satSelect } from '../../src/countries/mx/sat/chain';
import { noPoppler, pdfText, readQr } from '../support/pdf';

/** The first day of the month before today's (Mexico City), its year and c_Meses, and its last day. */
function lastMonth() {
  const [y, m] = mxToday().split('-').map(Number);
  const year = m === 1 ? y - 1 : y, month = m === 1 ? 12 : m - 1;
  const months = String(month).padStart(2, '0');
  const end = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return { year, months, first: `${year}-${months}-01`, second: `${year}-${months}-02`, last: `${year}-${months}-${end}` };
}

/** GEN001 2 × 100 − 10 (IVA 16 %) and BOTANA45 3 × 18.50 (IEPS 8 %, IVA 16 % on base + IEPS): 289.93. */
const TICKET_A = {
  items: [{ code: 'GEN001', quantity: 2, price: 100, discount: 10 }, { code: 'BOTANA45', quantity: 3, price: 18.5 }],
  payment_form: '01', branch: 'Sucursal Centro',
};
/** AGUA20L 1 × 45 at IVA 0 %: 45.00, by card. */
const TICKET_B = { items: [{ code: 'AGUA20L', quantity: 1, price: 45 }], payment_form: '04' };

eachStorage('MX tickets and the global invoice', (storage: Storage) => {
  let s: TestServer;
  let cid: number;
  before(async () => {
    s = await startTestServer(storage);
    [{ company_id: cid }] = await s.db.query(`SELECT company_id FROM companies WHERE is_demo AND country = 'MX'`);
  });
  after(() => s.close());
  const mx = () => s.as('mx');
  const lines = async (id: string) => (await s.db.query(
    `SELECT l.account_code, l.debit::text, l.credit::text, l.third_party FROM journal_lines l JOIN journal_entries e ON e.id = l.entry_id
      WHERE e.company_id = $1 AND e.source_id = $2 AND e.source_kind = 'ticket' ORDER BY l.line_no`, [cid, id]))
    .map((l) => [l.account_code, l.debit, l.credit, l.third_party]);
  const count = async () => (await s.db.query(`SELECT count(*)::int AS n FROM tickets WHERE company_id = $1`, [cid]))[0].n;

  let a: any;
  test('a ticket: folio, figures, taxes per tax, self-invoicing key (its hash stored, not the key), the sale\'s entry', async () => {
    const date = lastMonth().first;
    const res = await mx().post('/v1/tickets', { ...TICKET_A, date }, { 'idempotency-key': `ticket-a-${storage}` });
    assert.equal(res.status, 201, JSON.stringify(res.body));
    a = res.body;
    assert.equal(a.folio, 1);
    assert.equal(a.date, date);
    assert.equal(a.branch, 'Sucursal Centro');
    assert.equal(a.subtotal, 255.5);
    assert.equal(a.discounts, 10);
    assert.deepEqual(a.taxes.map((t: any) => [t.type, t.percentage, t.base_value, t.value]), [['IVA', 16, 249.94, 39.99], ['IEPS', 8, 55.5, 4.44]]);
    assert.equal(a.taxes_total, 44.43);
    assert.equal(a.total, 289.93);
    assert.deepEqual(a.items.map((i: any) => [i.code, i.subtotal, i.discount_value, i.total, i.sat_product_key]), [['GEN001', 200, 10, 220.4, '01010101'], ['BOTANA45', 55.5, 0, 69.53, '50192100']]);
    assert.equal(a.status, 'open');
    assert.equal(a.global_invoice, null);
    assert.match(a.self_invoice.key, /^[A-Za-z0-9_-]{22}$/);
    assert.equal(a.self_invoice.until, lastMonth().last);
    assert.equal(a.self_invoice.url, `${s.url}/mx/self-invoice/${a.id}`);
    const [row] = await s.db.query(`SELECT key_hash, folio::int, total::text, to_jsonb(t)::text AS everything FROM tickets t WHERE company_id = $1 AND id = $2`, [cid, a.id]);
    assert.equal(row.key_hash, crypto.createHash('sha256').update(a.self_invoice.key).digest('hex'));
    assert.equal(row.total, '289.93');
    assert.ok(!row.everything.includes(a.self_invoice.key), 'the key itself is not in the ticket\'s row');
    // Cash (01, Contado's account) against revenue, discounts and the taxes collected at the counter.
    assert.deepEqual(await lines(a.id), [
      ['101.01', '289.93', '0.00', 'XAXX010101000'], ['401.01', '0.00', '255.50', null], ['402.01', '10.00', '0.00', null],
      ['208.01', '0.00', '39.99', null], ['208.02', '0.00', '4.44', null],
    ]);
  });

  test('Idempotency-Key: the same body answers the same ticket and key; another body is a 409; nothing written twice', async () => {
    const n = await count();
    const again = await mx().post('/v1/tickets', { ...TICKET_A, date: lastMonth().first }, { 'idempotency-key': `ticket-a-${storage}` });
    assert.equal(again.status, 201);
    assert.equal(again.headers.get('idempotent-replayed'), 'true');
    assert.deepEqual(again.body, a);
    const other = await mx().post('/v1/tickets', TICKET_B, { 'idempotency-key': `ticket-a-${storage}` });
    assert.equal(other.status, 409);
    assert.deepEqual(problems(other), ['idempotency_conflict@Idempotency-Key']);
    assert.equal(await count(), n);
    const [kept] = await s.db.query(`SELECT response::text AS r FROM idempotency_keys WHERE company_id = $1 AND key = $2`, [cid, `ticket-a-${storage}`]);
    if (storage === 'pglite') assert.ok(!kept.r.includes(a.self_invoice.key), 'the remembered answer holds the key sealed');
  });

  test('bad input: 400 with the path of every problem, nothing stored, no folio taken', async () => {
    const n = await count();
    const cases: [unknown, string[]][] = [
      [{ ...TICKET_B, payment_form: '99' }, ['payment_form']],
      [{ ...TICKET_B, items: [{ code: 'NOPE', quantity: 1, price: 1 }] }, ['items[0].code']],
      [{ ...TICKET_B, items: [{ code: 'TAB10', quantity: 1, price: 1 }] }, ['items[0].code']],
      [{ ...TICKET_B, items: [{ code: 'GEN001', quantity: 1, price: 0 }] }, ['items[0].price']],
      [{ ...TICKET_B, items: [{ code: 'GEN001', quantity: 1, price: 10, discount: 20 }] }, ['items[0].discount']],
      [{ ...TICKET_B, items: [] }, ['items']],
      [{ ...TICKET_B, date: '2999-01-01' }, ['date']],
      [{ ...TICKET_B, date: '2001-01-01' }, ['date']],
      [{ ...TICKET_B, date: 'yesterday' }, ['date']],
      [{ ...TICKET_B, extra: 1 }, ['extra']],
      [{ payment_form: '01' }, ['items']],
      [{ ...TICKET_B, items: [{ code: 'GEN001', quantity: -1, price: 1.001 }] }, ['items[0].quantity', 'items[0].price']],
    ];
    for (const [body, paths] of cases) {
      const res = await mx().post('/v1/tickets', body);
      assert.equal(res.status, 400, `${JSON.stringify(body)}: ${JSON.stringify(res.body)}`);
      assert.deepEqual([...new Set(res.body.Errors.map((e: any) => e.Params[0]))].sort(), paths.sort(), JSON.stringify(res.body));
    }
    assert.equal(await count(), n);
    const next = await mx().post('/v1/tickets', { ...TICKET_B, date: lastMonth().second });
    assert.equal(next.status, 201);
    assert.equal(next.body.folio, a.folio + 1, 'no folio was taken by the refusals');
    assert.deepEqual(await lines(next.body.id), [['102.01', '45.00', '0.00', 'XAXX010101000'], ['401.01', '0.00', '45.00', null]]);
    assert.deepEqual(next.body.taxes.map((t: any) => [t.type, t.percentage, t.base_value, t.value]), [['IVA', 0, 45, 0]]);
  });

  test('read and list: no key, the company\'s tickets only, filters by state and date', async () => {
    const one = await mx().get(`/v1/tickets/${a.id}`);
    assert.equal(one.status, 200);
    const { key: _key, ...withoutKey } = a.self_invoice;
    assert.deepEqual(one.body, { ...a, self_invoice: withoutKey });
    assert.equal((await mx().get(`/v1/tickets/${crypto.randomUUID()}`)).status, 404);
    const malformed = await mx().get('/v1/tickets/not-a-uuid');
    assert.equal(malformed.status, 400);
    assert.deepEqual(malformed.body.Errors.map((e: any) => e.Params[0]), ['id']);
    assert.equal((await s.as('co').get(`/v1/tickets/${a.id}`)).status, 404, 'no tickets on the Colombian base address');
    const today = await mx().post('/v1/tickets', TICKET_B);
    assert.equal(today.status, 201);
    const list = await mx().get(`/v1/tickets?status=open&date_start=${lastMonth().first}&date_end=${lastMonth().last}`);
    assert.equal(list.status, 200);
    assert.deepEqual(list.body.results.map((t: any) => t.folio), [2, 1]);
    assert.equal(list.body.pagination.total_results, 2);
    assert.ok(list.body.results.every((t: any) => t.self_invoice.key === undefined));
    assert.equal((await mx().get('/v1/tickets?status=global')).body.pagination.total_results, 0);
    assert.deepEqual(problems(await mx().get('/v1/tickets?status=nope')).map((p) => p.split('@')[1]), ['status']);
    assert.deepEqual(problems(await mx().get('/v1/tickets?date_start=nope')).map((p) => p.split('@')[1]), ['date_start']);
  });

  let global: any;
  test('the global invoice of last month: stamped, one concept per ticket and set of taxes, tickets marked, no second posting', async () => {
    const { year, months, first, last } = lastMonth();
    const res = await mx().post('/v1/tickets/global-invoice', { periodicity: '04', months, year });
    assert.equal(res.status, 201, JSON.stringify(res.body));
    global = await stamped(s, 'invoices', res.body);
    assert.equal(global.stamp.status, 'Accepted', JSON.stringify(global.stamp));
    assert.equal(global.customer.rfc_id, 'XAXX010101000');
    assert.equal(global.use, 'S01');
    assert.deepEqual(global.global_information, { periodicity: '04', months, year });
    // Ticket 1 has two sets of taxes (IVA; IVA and IEPS): two concepts with its folio; ticket 2 one.
    assert.deepEqual(global.items.map((i: any) => [i.code, i.sat_product_key, i.sat_unit_key, i.quantity, i.price, i.discount_value, i.total]),
      [['1', '01010101', 'ACT', 1, 200, 10, 220.4], ['1', '01010101', 'ACT', 1, 55.5, 0, 69.53], ['2', '01010101', 'ACT', 1, 45, 0, 45]]);
    assert.equal(global.subtotal, 300.5);
    assert.equal(global.discounts, 10);
    assert.equal(global.taxes_total, 44.43);
    assert.equal(global.total, 334.93);
    assert.equal(global.payment.method, 'PUE');
    assert.equal(global.payment.conditions.payment_form, '01', 'cash brought in the most (289.93 against 45.00)');
    assert.match(global.observations, new RegExp(`Tickets 1 a 2 \\(${first} a ${last}\\)`));
    const xml = Buffer.from((await mx().get(`/v1/invoices/${global.id}/xml`)).body.base64, 'base64').toString('utf8');
    const q = (x: string) => String(satSelect(`string(${x})`, parseXml(xml) as unknown as Node));
    assert.deepEqual([q('//cfdi:InformacionGlobal/@Periodicidad'), q('//cfdi:InformacionGlobal/@Meses'), q('//cfdi:InformacionGlobal/@Año')], ['04', months, String(year)]);
    assert.equal(q('//cfdi:Receptor/@Nombre'), 'PUBLICO EN GENERAL');
    assert.equal(q('count(//cfdi:Concepto[@NoIdentificacion="1"][@ClaveProdServ="01010101"][@ClaveUnidad="ACT"])'), '2');
    assert.equal(q('/cfdi:Comprobante/@Total'), '334.93');
    const marked = await mx().get(`/v1/tickets?status=global`);
    assert.deepEqual(marked.body.results.map((t: any) => [t.folio, t.global_invoice.id]), [[2, global.id], [1, global.id]]);
    const pdf = await mx().get(`/v1/invoices/${global.id}/pdf`);
    assert.equal(pdf.status, 200, 'printed as any invoice');
    assert.equal(Buffer.from(pdf.body.base64, 'base64').subarray(0, 5).toString('latin1'), '%PDF-');
    // Its entry has no lines: the tickets posted the sales.
    const [{ n }] = await s.db.query(`SELECT count(l.*)::int AS n FROM journal_entries e LEFT JOIN journal_lines l ON l.entry_id = e.id WHERE e.company_id = $1 AND e.source_id = $2`, [cid, global.id]);
    assert.equal(n, 0);
  });

  test('refusals: nothing left in the period, a period not over, bad periods; nothing written', async () => {
    const { year, months } = lastMonth();
    const before = (await s.db.query(`SELECT count(*)::int AS n FROM invoices WHERE company_id = $1`, [cid]))[0].n;
    const again = await mx().post('/v1/tickets/global-invoice', { periodicity: '04', months, year });
    assert.deepEqual(problems(again), ['invalid_document@months']);
    assert.match(again.body.Errors[0].Message, /No ticket dated .* is left to declare/);
    const [y, m] = mxToday().split('-');
    const open = await mx().post('/v1/tickets/global-invoice', { periodicity: '04', months: m, year: Number(y) });
    assert.deepEqual(problems(open), ['invalid_date@months']);
    assert.match(open.body.Errors[0].Message, /is not over yet/);
    assert.deepEqual(problems(await mx().post('/v1/tickets/global-invoice', { periodicity: '01', months: m, year: Number(y), from: mxToday() })), ['invalid_date@from']);
    assert.deepEqual(problems(await mx().post('/v1/tickets/global-invoice', { periodicity: '01', months, year })), ['parameter_required@from']);
    assert.deepEqual(problems(await mx().post('/v1/tickets/global-invoice', { periodicity: '04', months, year, from: lastMonth().first })), ['parameter_not_allowed@from']);
    assert.deepEqual(problems(await mx().post('/v1/tickets/global-invoice', { periodicity: '05', months: '13', year })), ['invalid_value@periodicity']);
    assert.deepEqual(problems(await mx().post('/v1/tickets/global-invoice', { periodicity: '02', months, year, from: lastMonth().first, to: lastMonth().last })), ['invalid_date@to']);
    assert.deepEqual(problems(await mx().post('/v1/tickets/global-invoice', { periodicity: '09', months: '99', year: 1 })).sort(), ['invalid_value@months', 'invalid_value@periodicity', 'invalid_value@year'].sort());
    assert.equal((await s.db.query(`SELECT count(*)::int AS n FROM invoices WHERE company_id = $1`, [cid]))[0].n, before);
  });

  test('cancelling the global invoice frees its tickets; the next global invoice declares them again', async () => {
    const cancelled = await mx().post(`/v1/invoices/${global.id}/cancel`, { motive: '02' });
    assert.equal(cancelled.status, 200, JSON.stringify(cancelled.body));
    assert.equal(cancelled.body.annulled, true);
    assert.equal((await mx().get(`/v1/tickets/${a.id}`)).body.status, 'open');
    const { year, months } = lastMonth();
    const key = { 'idempotency-key': `global-${storage}` };
    const next = await mx().post('/v1/tickets/global-invoice', { periodicity: '04', months, year }, key);
    assert.equal(next.status, 201, JSON.stringify(next.body));
    const replayed = await mx().post('/v1/tickets/global-invoice', { periodicity: '04', months, year }, key);
    assert.deepEqual([replayed.status, replayed.headers.get('idempotent-replayed'), replayed.body.id], [201, 'true', next.body.id], 'the same answer, not "nothing left"');
    assert.notEqual(next.body.id, global.id);
    assert.equal(next.body.total, 334.93);
    const t = await mx().get(`/v1/tickets/${a.id}`);
    assert.deepEqual([t.body.status, t.body.global_invoice.id], ['global', next.body.id]);
  });

  test('concurrent tickets take consecutive folios, none twice', async () => {
    const [{ last }] = await s.db.query(`SELECT last_folio::int AS last FROM ticket_counters WHERE company_id = $1`, [cid]);
    const made = await Promise.all(Array.from({ length: 8 }, () => mx().post('/v1/tickets', TICKET_B)));
    assert.ok(made.every((r) => r.status === 201), JSON.stringify(made.map((r) => r.body)));
    assert.deepEqual(made.map((r) => r.body.folio).sort((x, y) => x - y), Array.from({ length: 8 }, (_, i) => last + 1 + i));
  });

  test('two global invoices of one day at once: one declares its tickets, the other finds none left', async () => {
    const { year, months } = lastMonth();
    const day = `${year}-${months}-15`;
    for (let i = 0; i < 3; i++) assert.equal((await mx().post('/v1/tickets', { ...TICKET_B, date: day })).status, 201);
    const both = await Promise.all([0, 1].map(() => mx().post('/v1/tickets/global-invoice', { periodicity: '01', months, year, from: day })));
    assert.deepEqual(both.map((r) => r.status).sort(), [201, 400], JSON.stringify(both.map((r) => r.body)));
    const made = both.find((r) => r.status === 201)!;
    assert.equal(made.body.items.length, 3);
    assert.deepEqual(made.body.global_information, { periodicity: '01', months, year });
    assert.deepEqual(problems(both.find((r) => r.status === 400)!), ['invalid_document@from']);
  });

  test('malformed bodies: always a 4xx with the error body, never a 500', async () => {
    const { year, months } = lastMonth();
    const tickets: unknown[] = [null, [], 'x', 1, {}, { items: null, payment_form: 1 }, { items: [null], payment_form: '01' }, { items: [1, 'a', []], payment_form: '01' },
      { items: [{ code: 'GEN001', quantity: 1e308, price: 1e308 }], payment_form: '01' }, { items: [{ code: 'GEN001', quantity: 99999999999.99, price: 99999999999.99 }], payment_form: '01' },
      { items: [{ code: 'GEN001\u0000', quantity: 1, price: 1 }], payment_form: '01' }, { ...TICKET_B, date: '2026-02-30' }, { ...TICKET_B, branch: 'a|b' }, { ...TICKET_B, payment_form: ['01'] }];
    const globals: unknown[] = [null, {}, { periodicity: '01', months: '01', year: 'x' }, { periodicity: '02', months, year, from: 'x', to: 5 },
      { periodicity: '03', months, year, from: '2026-13-01', to: '2026-13-02' }, { periodicity: '01', months, year, from: `${year}-${months}-01`, document: { id: 999999 }, seller: 999999 },
      { periodicity: '01', months, year, from: `${year}-${months}-01`, document: null }];
    for (const [path, bodies] of [['/v1/tickets', tickets], ['/v1/tickets/global-invoice', globals]] as const) {
      for (const body of bodies) {
        const res = await mx().post(path, body);
        assert.ok(res.status >= 400 && res.status < 500, `${path} ${JSON.stringify(body)}: ${res.status} ${JSON.stringify(res.body)}`);
        assert.ok(Array.isArray(res.body.Errors) && res.body.Errors.length, JSON.stringify(res.body));
      }
    }
    const t = (await mx().post('/v1/tickets', TICKET_B)).body;
    for (const body of [null, {}, { key: 1 }, { key: t.self_invoice.key, rfc: null }, { key: t.self_invoice.key, rfc: 'MASO451221PM4', name: 'X', postal_code: '1', tax_regime: 'x', use: 5, email: 'a' }]) {
      const res = await mx().post(`/v1/tickets/${t.id}/self-invoice`, body);
      assert.ok(res.status >= 400 && res.status < 500, `${JSON.stringify(body)}: ${res.status} ${JSON.stringify(res.body)}`);
    }
  });

  test('the printed ticket: an 80 mm roll with its folio, lines, total, the self-invoicing address, its key and a QR of the address', { skip: noPoppler() }, async () => {
    const t = (await mx().post('/v1/tickets', TICKET_A)).body;
    const res = await mx().post(`/v1/tickets/${t.id}/pdf`, { key: t.self_invoice.key });
    assert.equal(res.status, 200, JSON.stringify(res.body));
    const pdf = Buffer.from(res.body.base64, 'base64');
    const { pages, text } = await pdfText(pdf);
    assert.equal(pages.length, 1);
    for (const part of [`Folio ${t.folio}`, 'TOTAL', '$ 289.93', `Clave: ${t.self_invoice.key}`, 'no es un comprobante fiscal', 'Efectivo']) assert.ok(text.includes(part), `${part} in ${text}`);
    assert.equal(readQr(pdf), t.self_invoice.url);
    assert.equal((await mx().post(`/v1/tickets/${t.id}/pdf`, { key: 'A'.repeat(22) })).status, 404, 'not without its key');
    const raw = await s.call('POST', `/mx/v1/tickets/${t.id}/pdf`, { token: await s.token('mx'), body: { key: t.self_invoice.key }, headers: { accept: 'application/pdf' } });
    assert.equal(raw.status, 200);
  });

  test('substitution: a new global invoice relates the old one (04) and declares its tickets; the old one is then cancelled with motive 01', async () => {
    const { year, months } = lastMonth();
    const day = `${year}-${months}-20`;
    for (let i = 0; i < 2; i++) assert.equal((await mx().post('/v1/tickets', { ...TICKET_B, date: day })).status, 201);
    const period = { periodicity: '01', months, year, from: day };
    const old = await stamped(s, 'invoices', (await mx().post('/v1/tickets/global-invoice', period)).body);
    assert.equal(old.stamp.status, 'Accepted');
    assert.deepEqual(problems(await mx().post('/v1/tickets/global-invoice', { ...period, substitutes: a.id })), ['invalid_reference@substitutes'], 'a ticket is not a global invoice');
    assert.deepEqual(problems(await mx().post('/v1/tickets/global-invoice', { ...period, from: `${year}-${months}-21`, periodicity: '02', to: `${year}-${months}-22`, substitutes: old.id })),
      ['invalid_value@substitutes'], 'another period');
    const res = await mx().post('/v1/tickets/global-invoice', { ...period, substitutes: old.id });
    assert.equal(res.status, 201, JSON.stringify(res.body));
    const next = await stamped(s, 'invoices', res.body);
    assert.equal(next.stamp.status, 'Accepted', JSON.stringify(next.stamp));
    assert.deepEqual(next.related, [{ type: '04', uuid: old.stamp.uuid }]);
    assert.deepEqual(next.items.map((i: any) => i.code), old.items.map((i: any) => i.code));
    assert.equal(next.total, old.total);
    const xml = Buffer.from((await mx().get(`/v1/invoices/${next.id}/xml`)).body.base64, 'base64').toString('utf8');
    assert.equal(String(satSelect('string(//cfdi:CfdiRelacionados[@TipoRelacion="04"]/cfdi:CfdiRelacionado/@UUID)', parseXml(xml) as unknown as Node)), old.stamp.uuid);
    const cancelled = await mx().post(`/v1/invoices/${old.id}/cancel`, { motive: '01', substitution: next.stamp.uuid });
    assert.equal(cancelled.status, 200, JSON.stringify(cancelled.body));
    assert.equal(cancelled.body.annulled, true);
    const held = await mx().get(`/v1/tickets?status=global&date_start=${day}&date_end=${day}`);
    assert.deepEqual([...new Set(held.body.results.map((t: any) => t.global_invoice.id))], [next.id]);
    assert.equal(held.body.pagination.total_results, 2);
  });
});
