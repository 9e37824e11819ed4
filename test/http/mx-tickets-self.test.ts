/**
 * Self-invoicing of Mexican tickets (issue 51): POST /mx/v1/tickets/{id}/self-invoice turns a ticket into its own
 * CFDI of type I (PUE, the ticket's form of payment) to the customer typed, stamped by the sandbox PAC, mailed to the
 * e-mail typed, with no second posting; the same request answers the same CFDI; a wrong key reveals nothing; typed
 * data are checked as a customer's; refused after `until` and once the ticket is in a global invoice, which leaves
 * out the tickets invoiced alone.
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { eachStorage, problems, startTestServer, type Storage, type TestServer } from '../support/server';
import { mxToday, stamped } from '../support/mx';
import { ADMIN_TOKEN, adminOf } from '../support/admin';
import { runAutomaticGlobals } from '../../src/tickets/auto';
import { parseXml, satSelect } from '../../src/countries/mx/sat/chain';

function lastMonth() {
  const [y, m] = mxToday().split('-').map(Number);
  const year = m === 1 ? y - 1 : y, month = m === 1 ? 12 : m - 1;
  const months = String(month).padStart(2, '0');
  return { year, months, day: `${year}-${months}-10` };
}

/** GEN001 1 × 100 at IVA 16 %: 116.00, by transfer (03). */
const GEN = { items: [{ code: 'GEN001', quantity: 1, price: 100 }], payment_form: '03' };
/** The demo's customer MASO451221PM4 as its record holds it. */
const OLIVIA = { rfc: 'MASO451221PM4', name: 'MARIA OLIVIA MARTINEZ SAGAZ', postal_code: '80290', tax_regime: '612', use: 'G03', email: 'olivia@correo.example.mx' };

eachStorage('MX self-invoicing of tickets', (storage: Storage) => {
  let s: TestServer;
  let cid: number;
  before(async () => {
    s = await startTestServer(storage, { ADMIN_TOKEN });
    [{ company_id: cid }] = await s.db.query(`SELECT company_id FROM companies WHERE is_demo AND country = 'MX'`);
  });
  after(() => s.close());
  const mx = () => s.as('mx');
  const ticket = async (body: object) => {
    const res = await mx().post('/v1/tickets', body);
    assert.equal(res.status, 201, JSON.stringify(res.body));
    return res.body;
  };
  const self = (t: any, body: object) => mx().post(`/v1/tickets/${t.id}/self-invoice`, { key: t.self_invoice.key, ...body });
  const receptor = async (id: string) => {
    const xml = Buffer.from((await mx().get(`/v1/invoices/${id}/xml`)).body.base64, 'base64').toString('utf8');
    const q = (x: string) => String(satSelect(`string(${x})`, parseXml(xml) as unknown as Node));
    return [...['Rfc', 'Nombre', 'DomicilioFiscalReceptor', 'RegimenFiscalReceptor', 'UsoCFDI'].map((a) => q(`//cfdi:Receptor/@${a}`)),
      q('/cfdi:Comprobante/@TipoDeComprobante'), q('/cfdi:Comprobante/@MetodoPago'), q('/cfdi:Comprobante/@FormaPago'), q('/cfdi:Comprobante/@Total')];
  };

  let t1: any, cfdi: any;
  test('a ticket invoiced by its customer: type I, PUE, its form of payment, the Receptor typed, mailed there, no second posting', async () => {
    t1 = await ticket(GEN);
    const res = await self(t1, OLIVIA);
    assert.equal(res.status, 201, JSON.stringify(res.body));
    cfdi = await stamped(s, 'invoices', res.body);
    assert.equal(cfdi.stamp.status, 'Accepted', JSON.stringify(cfdi.stamp));
    assert.deepEqual([cfdi.customer.rfc_id, cfdi.total, cfdi.payment.method, cfdi.payment.conditions.payment_form, cfdi.items.map((i: any) => i.code)],
      ['MASO451221PM4', 116, 'PUE', '03', ['GEN001']]);
    assert.deepEqual(await receptor(cfdi.id), ['MASO451221PM4', 'MARIA OLIVIA MARTINEZ SAGAZ', '80290', '612', 'G03', 'I', 'PUE', '03', '116.00']);
    const [{ n }] = await s.db.query(`SELECT count(l.*)::int AS n FROM journal_entries e LEFT JOIN journal_lines l ON l.entry_id = e.id WHERE e.company_id = $1 AND e.source_id = $2`, [cid, cfdi.id]);
    assert.equal(n, 0, 'the ticket posted the sale');
    const [mail] = await s.db.query(`SELECT mail_to FROM mails WHERE company_id = $1 AND doc_id = $2`, [cid, cfdi.id]);
    assert.deepEqual(mail.mail_to, [OLIVIA.email]);
    const read = (await mx().get(`/v1/tickets/${t1.id}`)).body;
    assert.deepEqual([read.status, read.self_invoice.invoice.id], ['self_invoiced', cfdi.id]);
  });

  test('sent again: the same CFDI (200); another RFC is refused; a wrong key is an unknown ticket', async () => {
    const again = await self(t1, OLIVIA);
    assert.equal(again.status, 200, JSON.stringify(again.body));
    assert.equal(again.body.id, cfdi.id);
    const other = await self(t1, { ...OLIVIA, rfc: 'CACX7605101P8', name: 'XOCHILT CASAS CHAVEZ', postal_code: '36257' });
    assert.deepEqual(problems(other), ['invalid_document@key']);
    const wrong = await self(t1, { ...OLIVIA, key: 'A'.repeat(22) });
    assert.equal(wrong.status, 404);
    assert.doesNotMatch(JSON.stringify(wrong.body).replace(t1.id, ''), /MASO|116|GEN001/);
    assert.equal((await mx().post(`/v1/tickets/${t1.id}/self-invoice`, OLIVIA)).status, 400, 'no key: a schema error');
    const [{ n }] = await s.db.query(`SELECT count(*)::int AS n FROM invoices WHERE company_id = $1 AND customer_identification IN ('MASO451221PM4', 'CACX7605101P8')`, [cid]);
    assert.equal(n, 1);
  });

  test('an RFC the shop does not have becomes its customer; one it has must match its record; bad data are refused with their paths', async () => {
    const t2 = await ticket(GEN);
    const refusals: [object, string[]][] = [
      [{ ...OLIVIA, name: 'OLIVIA MARTINEZ' }, ['invalid_value@name']],
      [{ ...OLIVIA, rfc: 'XAXX010101000' }, ['invalid_value@rfc']],
      [{ ...OLIVIA, rfc: 'EKU9003173C9', name: 'ESCUELA KEMPER URGATE', tax_regime: '612' }, ['invalid_value@tax_regime']],
      [{ ...OLIVIA, rfc: 'EKU9003173C9', name: 'ESCUELA KEMPER URGATE', tax_regime: '601', postal_code: '00000' }, ['invalid_value@postal_code']],
      [{ ...OLIVIA, use: 'CN01' }, ['invalid_value@use']],
      [{ ...OLIVIA, email: 'not-an-email' }, ['invalid_email@email']],
      [{ ...OLIVIA, rfc: 'abc' }, ['invalid_identification@rfc']],
    ];
    for (const [body, expected] of refusals) {
      const res = await self(t2, body);
      assert.equal(res.status, 400, JSON.stringify(res.body));
      assert.deepEqual([...new Set(problems(res))].filter((p) => p !== 'length_min@rfc'), expected, JSON.stringify(res.body));
    }
    assert.equal((await s.db.query(`SELECT count(*)::int AS n FROM customers WHERE company_id = $1 AND identification = 'EKU9003173C9'`, [cid]))[0].n, 0);
    const school = { rfc: 'EKU9003173C9', name: 'ESCUELA KEMPER URGATE', postal_code: '76343', tax_regime: '601', use: 'G03', email: 'compras@kemper.example.mx' };
    const made = await self(t2, school);
    assert.equal(made.status, 201, JSON.stringify(made.body));
    const done = await stamped(s, 'invoices', made.body);
    assert.equal(done.stamp.status, 'Accepted', JSON.stringify(done.stamp));
    assert.deepEqual((await receptor(done.id)).slice(0, 5), ['EKU9003173C9', 'ESCUELA KEMPER URGATE', '76343', '601', 'G03']);
    const [customer] = await s.db.query(`SELECT person_type, name, tax_regime, address->>'postal_code' AS postal_code FROM customers WHERE company_id = $1 AND identification = 'EKU9003173C9'`, [cid]);
    assert.deepEqual(customer, { person_type: 'company', name: ['ESCUELA KEMPER URGATE'], tax_regime: '601', postal_code: '76343' });
  });

  test('after `until` refused; the global invoice leaves out the ticket invoiced alone and then refuses the ones it declares', async () => {
    const { year, months, day } = lastMonth();
    const alone = await ticket({ ...GEN, date: day });
    const late = await self(alone, OLIVIA);
    assert.deepEqual(problems(late), ['invalid_date@key']);
    assert.match(late.body.Errors[0].Message, /could be invoiced until/);
    // A later deadline (the company may give one): it is invoiced alone.
    await s.db.query(`UPDATE tickets SET self_invoice_until = $3 WHERE company_id = $1 AND id = $2`, [cid, alone.id, mxToday()]);
    assert.equal((await self(alone, OLIVIA)).status, 201);
    const others = [await ticket({ ...GEN, date: day }), await ticket({ ...GEN, payment_form: '01', date: day })];
    const global = await mx().post('/v1/tickets/global-invoice', { periodicity: '04', months, year });
    assert.equal(global.status, 201, JSON.stringify(global.body));
    assert.deepEqual(global.body.items.map((i: any) => i.code), others.map((t) => String(t.folio)));
    assert.equal(global.body.total, 232);
    await s.db.query(`UPDATE tickets SET self_invoice_until = $3 WHERE company_id = $1 AND id = $2`, [cid, others[0].id, mxToday()]);
    const declared = await self(others[0], OLIVIA);
    assert.deepEqual(problems(declared), ['invalid_document@key']);
    assert.match(declared.body.Errors[0].Message, /global invoice/);
  });

  test('a CFDI the PAC rejected does not hold the ticket: typed again, the record this page made is corrected and a new CFDI replaces it', async () => {
    const t = await ticket(GEN);
    const typed = { rfc: 'GOMA800101AB1', name: 'ALBERTO GOMEZ', postal_code: '76343', tax_regime: '612', use: 'G03', email: 'alberto@correo.example.mx' };
    const first = await stamped(s, 'invoices', (await self(t, typed)).body);
    // As a real PAC does when the name is not the SAT's (the sandbox does not know the SAT's list of taxpayers).
    await s.db.query(`UPDATE invoices SET stamp_status = 'Rejected', stamp_uuid = NULL WHERE company_id = $1 AND id = $2`, [cid, first.id]);
    const corrected = await self(t, { ...typed, name: 'ALBERTO GOMEZ MARTINEZ' });
    assert.equal(corrected.status, 201, JSON.stringify(corrected.body));
    assert.notEqual(corrected.body.id, first.id);
    const done = await stamped(s, 'invoices', corrected.body);
    assert.deepEqual((await receptor(done.id)).slice(0, 2), ['GOMA800101AB1', 'ALBERTO GOMEZ MARTINEZ']);
    const [old] = await s.db.query(`SELECT deleted_at IS NOT NULL AS deleted FROM invoices WHERE company_id = $1 AND id = $2`, [cid, first.id]);
    assert.equal(old.deleted, true);
    assert.equal((await mx().get(`/v1/tickets/${t.id}`)).body.self_invoice.invoice.id, done.id);
    // Now on a stamped CFDI, the record is the shop's: another name is refused.
    const other = await ticket(GEN);
    assert.deepEqual(problems(await self(other, { ...typed, name: 'OTRO NOMBRE' })), ['invalid_value@name']);
  });

  test('the public page over HTTP: nothing without the key, CSRF needed, malformed forms answered in Spanish, never a 500', async () => {
    const t = await ticket(GEN);
    const open = await fetch(t.self_invoice.url);
    assert.equal(open.status, 200);
    assert.equal(open.headers.get('x-frame-options'), 'DENY');
    const form = await open.text();
    // (Attributes carry the ticket's id and the token, random text: only what is read is checked.)
    assert.doesNotMatch(form.replace(/(action|value)="[^"]*"/g, ''), /KEMPER|116|GEN001/i);
    const cookie = /autofactura_csrf=([A-Za-z0-9_-]+)/.exec(open.headers.get('set-cookie') ?? '')![1];
    assert.ok(form.includes(`value="${cookie}"`));
    const post = (url: string, fields: Record<string, string>, headers: Record<string, string> = { cookie: `autofactura_csrf=${cookie}`, origin: s.url }) =>
      fetch(url, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers }, body: new URLSearchParams(fields) });
    assert.equal((await post(t.self_invoice.url, { _csrf: cookie, key: t.self_invoice.key }, { origin: s.url })).status, 403, 'no cookie');
    assert.equal((await post(t.self_invoice.url, { _csrf: 'x', key: t.self_invoice.key })).status, 403, 'another token');
    // The cookie as set (@fastify/cookie) and as read: its attributes; a cookie decoded to other bytes than the form's
    // token (here "é", two bytes, beside a one-byte token of the same length in characters) is refused, not a 500.
    assert.match(open.headers.get('set-cookie')!, /; Max-Age=3600; Path=\/mx\/self-invoice; HttpOnly; SameSite=Strict$/);
    assert.equal((await post(t.self_invoice.url, { _csrf: 'x', key: t.self_invoice.key }, { cookie: 'autofactura_csrf=%C3%A9', origin: s.url })).status, 403, 'a token of other bytes');
    assert.equal((await post(t.self_invoice.url, { _csrf: cookie, key: t.self_invoice.key }, { cookie: `other=1; autofactura_csrf=${cookie}`, origin: s.url })).status, 400, 'the token among other cookies is read');
    const unknown = await post(`${s.url}/mx/self-invoice/not-a-ticket`, { _csrf: cookie, key: 'x' });
    assert.equal(unknown.status, 404);
    assert.match(await unknown.text(), /La clave o el ticket no son válidos/);
    const empty = await post(t.self_invoice.url, { _csrf: cookie, key: t.self_invoice.key });
    assert.equal(empty.status, 400);
    const page = await empty.text();
    for (const m of ['Revisa el RFC', 'Revisa el nombre', 'Revisa el código postal', 'Escribe un correo electrónico válido']) assert.ok(page.includes(m), m);
    const pdf = await post(`${t.self_invoice.url}/pdf`, { _csrf: cookie, key: t.self_invoice.key });
    assert.equal(pdf.status, 404, 'no CFDI yet');
    assert.equal((await mx().get(`/v1/tickets/${t.id}`)).body.status, 'open');
  });

  test('settings.brand_color: the page in the company\'s colour once the key matched, never before; a malformed colour refused', async () => {
    const admin = adminOf(s);
    assert.deepEqual(problems(await admin.patch(`/companies/${cid}`, { settings: { brand_color: '#12345' } })).map((p) => p.split('@')[1]), ['settings.brand_color']);
    assert.equal((await admin.patch(`/companies/${cid}`, { settings: { brand_color: '#0A3D91' } })).status, 200);
    try {
      const t = await ticket(GEN);
      const open = await fetch(t.self_invoice.url);
      assert.doesNotMatch(await open.text(), /#0A3D91/i, 'nothing of the shop before the key');
      const cookie = /autofactura_csrf=([A-Za-z0-9_-]+)/.exec(open.headers.get('set-cookie') ?? '')![1];
      const sent = await fetch(t.self_invoice.url, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: `autofactura_csrf=${cookie}`, origin: s.url },
        body: new URLSearchParams({ _csrf: cookie, key: t.self_invoice.key, ...OLIVIA, rfc: 'MASO451221PM4' }) });
      assert.equal(sent.status, 201);
      const page = await sent.text();
      // A dark blue: white button text, the title in the colour (contrast with white above 4.5).
      assert.match(page, /body\{border-top:\.5rem solid #0A3D91\}button\{background:#0A3D91;color:#ffffff;/);
      assert.match(page, /h1\{color:#0A3D91\}/);
    } finally {
      assert.equal((await admin.patch(`/companies/${cid}`, { settings: { brand_color: null } })).status, 200);
    }
  });

  test('settings.ticket_self_invoice_days: days after the end of the month to self-invoice; only Mexican companies take it', async () => {
    const admin = adminOf(s);
    const set = async (days: number | null) => {
      const res = await admin.patch(`/companies/${cid}`, { settings: { ticket_self_invoice_days: days } });
      assert.equal(res.status, 200, JSON.stringify(res.body));
    };
    await set(3);
    try {
      const { year, months } = lastMonth();
      const end = new Date(Date.UTC(year, Number(months), 0)).toISOString().slice(0, 10);
      const t = await ticket({ ...GEN, date: `${year}-${months}-20` });
      assert.equal(t.self_invoice.until, new Date(Date.parse(`${end}T00:00:00Z`) + 3 * 86_400_000).toISOString().slice(0, 10));
      assert.deepEqual(problems(await admin.patch(`/companies/${cid}`, { settings: { ticket_self_invoice_days: 32 } })).map((p) => p.split('@')[1]), ['settings.ticket_self_invoice_days']);
    } finally {
      await set(null);
    }
    assert.equal((await ticket(GEN)).self_invoice.until.slice(0, 7), mxToday().slice(0, 7));
  });

  test('settings.ticket_global_invoice daily: a pass makes the global invoice of yesterday\'s open tickets, once', async () => {
    const yesterday = new Date(Date.parse(`${mxToday()}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
    const t = await ticket({ ...GEN, date: yesterday });
    const admin = adminOf(s);
    assert.deepEqual(problems(await admin.patch(`/companies/${cid}`, { settings: { ticket_global_invoice: 'hourly' } })).map((p) => p.split('@')[1]), ['settings.ticket_global_invoice']);
    const on = await admin.patch(`/companies/${cid}`, { settings: { ticket_global_invoice: 'daily' } });
    assert.equal(on.status, 200, JSON.stringify(on.body));
    try {
      const made = await runAutomaticGlobals(s.db);
      assert.equal(made.length, 1);
      const read = (await mx().get(`/v1/tickets/${t.id}`)).body;
      assert.deepEqual([read.status, read.global_invoice.id], ['global', made[0]]);
      const inv = (await mx().get(`/v1/invoices/${made[0]}`)).body;
      assert.deepEqual(inv.global_information, { periodicity: '01', months: yesterday.slice(5, 7), year: Number(yesterday.slice(0, 4)) });
      assert.deepEqual(await runAutomaticGlobals(s.db), [], 'nothing left: a second pass makes nothing');
    } finally {
      assert.equal((await admin.patch(`/companies/${cid}`, { settings: { ticket_global_invoice: null } })).status, 200);
    }
  });
});
