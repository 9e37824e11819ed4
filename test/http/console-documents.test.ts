/**
 * The console's documents started from an invoice and its sorted list, over HTTP on both storages: a debit note
 * started from a Colombian invoice and a payment receipt (Pagos 2.0) from a Mexican PPD invoice, filled from it,
 * created through the API's own routes and stored with the figures sent (the API's messages under the field
 * when refused); a viewer gets 403 and no link; the documents list sorted by date, number and total, both ways,
 * paged by keyset cursors without repeats or gaps (30 invoices with ties, 7 a page); bad sorts and cursors: 400.
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { eachStorage, startTestServer, type TestServer } from '../support/server';
import { adminOf, ADMIN_TOKEN } from '../support/admin';
import { ConsoleClient } from '../support/console';
import { MX_APP, mxRefs, mxInvoice, stamped } from '../support/mx';
import { DEMO_CONSOLE, ensureDemoConsole } from '../../src/console/demo';
import { coRefs, noteRefs, today, validInvoice } from '../support/co';
import { debtPayment, newCustomer, rcRefs } from '../support/vouchers';

eachStorage('console documents started from an invoice, sorted lists', (storage) => {
  let s: TestServer;
  let co: number;
  let mx: number;
  let owner: ConsoleClient;
  let mxOwner: ConsoleClient;
  before(async () => {
    s = await startTestServer(storage, { ADMIN_TOKEN, SECRET_KEY: 'clave-de-sellado-de-la-consola-2026' });
    await ensureDemoConsole(s.db);
    [{ company_id: co }] = await s.db.query<{ company_id: number }>("SELECT company_id FROM companies WHERE is_demo AND country = 'CO'");
    [{ company_id: mx }] = await s.db.query<{ company_id: number }>("SELECT company_id FROM companies WHERE is_demo AND country = 'MX'");
    owner = new ConsoleClient(s);
    assert.equal((await owner.login(DEMO_CONSOLE.co.email, DEMO_CONSOLE.co.password)).status, 303);
    mxOwner = new ConsoleClient(s);
    assert.equal((await mxOwner.login(DEMO_CONSOLE.mx.email, DEMO_CONSOLE.mx.password)).status, 303);
  });
  after(async () => s?.close());

  const problems = (text: string) => (text.match(/role="alert">[\s\S]*?<\/div>|class="field-error"[^>]*>[^<]*/g) ?? []).join(' | ');
  const under = (text: string, name: string) => new RegExp(`id="err-${name.replace(/[^A-Za-z0-9_-]/g, '-')}">([^<]*)<`).exec(text)?.[1];
  const valueOf = (text: string, name: string) => new RegExp(`id="c-${name.replace(/[^A-Za-z0-9_-]/g, '-')}"[^>]*value="([^"]*)"`).exec(text)?.[1];

  test('a debit note started from a Colombian invoice: filled from it, refused with the message under the field, created and stored', async () => {
    const r = await coRefs(s);
    const { types, pays } = await noteRefs(s);
    const inv = await s.as('co').post('/v1/invoices', validInvoice(r, { items: [{ code: 'LIBRO01', quantity: 1, price: 800, taxes: [] }],
      payments: [{ id: r.pay.Credit.id, value: 800, due_date: '2099-12-31' }] }));
    assert.equal(inv.status, 201, JSON.stringify(inv.body));
    const doc = await owner.send('GET', `/app/documents/invoices/${inv.body.id}`);
    assert.match(doc.text, new RegExp(`href="/app/documents/invoices/${inv.body.id}/debit-note"`));
    // A plain (not electronic) invoice is issued, not a draft: on its page and in the list (there with what it still owes).
    assert.match(doc.text, /id="doc-status">Emitida</);
    const listed = await owner.send('GET', `/app/documents?kind=invoices&name=${encodeURIComponent(inv.body.name)}`);
    assert.match(listed.text, new RegExp(`>${inv.body.name}</a></td>[\\s\\S]*?<td>Emitida · Por cobrar</td>`));
    const form = await owner.send('GET', `/app/documents/invoices/${inv.body.id}/debit-note`);
    assert.equal(form.status, 200);
    assert.equal(valueOf(form.text, 'items[0].code'), 'LIBRO01', 'the line starts from the invoice\'s');
    assert.equal(valueOf(form.text, 'items[0].quantity'), '1');
    assert.equal(valueOf(form.text, 'date'), today());
    assert.equal(/id="c-document-id"[^>]*><option value="(\d+)"/.exec(form.text)?.[1], String(types.ND.id), 'a plain invoice: the plain note type first');
    const csrf = await owner.csrf();
    const sent = { _csrf: csrf, 'document.id': String(types.ND.id), date: today(), reason: '1', 'items[0].code': 'INTERES', 'items[0].description': 'Intereses de mora',
      'items[0].quantity': '1', 'items[0].taxes[0].id': '', 'payments[0].id': String(pays['ND.Credit'].id), 'payments[0].due_date': '2099-12-31' };
    const bad = await owner.send('POST', `/app/documents/invoices/${inv.body.id}/debit-note`, { ...sent, 'items[0].price': '', 'payments[0].value': '25' });
    assert.equal(bad.status, 400);
    assert.match(under(bad.text, 'items[0].price') ?? '', /^Indique el precio\.$/, 'the API\'s message, wholly in Spanish, under the price');
    assert.equal(valueOf(bad.text, 'items[0].code'), 'INTERES', 'what was typed is kept');
    assert.equal((await s.db.query('SELECT count(*)::int AS n FROM notes WHERE company_id = $1 AND invoice_id = $2', [co, inv.body.id]))[0].n, 0);
    const made = await owner.send('POST', `/app/documents/invoices/${inv.body.id}/debit-note`, { ...sent, 'items[0].price': '25', 'payments[0].value': '25' });
    assert.equal(made.status, 303, problems(made.text));
    const id = /\/app\/documents\/debit-notes\/([0-9a-f-]{36})\?ok=done/.exec(made.headers.get('location') ?? '')?.[1];
    assert.ok(id, made.headers.get('location') ?? '');
    const note = (await s.as('co').get(`/v1/debit-notes/${id}`)).body;
    assert.deepEqual([note.invoice.id, note.reason, note.total, note.items[0].code, note.items[0].description, note.payments[0].value, note.payments[0].due_date],
      [inv.body.id, 1, 25, 'INTERES', 'Intereses de mora', 25, '2099-12-31']);
    const [row] = await s.db.query<{ total: string; kind: string; company_id: number }>('SELECT total::text, kind, company_id FROM notes WHERE id = $1', [id]);
    assert.deepEqual(row, { total: '25.00', kind: 'ND', company_id: co });
    assert.equal((await s.as('co').get(`/v1/invoices/${inv.body.id}`)).body.balance, 825, 'the invoice owes what the note adds');
    const notePage = await owner.send('GET', `/app/documents/debit-notes/${id}`);
    assert.equal(notePage.status, 200);
    assert.match(notePage.text, new RegExp(`id="doc-invoices"><a href="/app/documents/invoices/${inv.body.id}">${inv.body.name}</a>`), 'the note names its invoice');
    // A cash receipt paying the invoice says what it paid, not an empty table of lines.
    const rc = await rcRefs(s);
    const paid = await s.as('co').post('/v1/vouchers', debtPayment(rc, { identification: inv.body.customer.identification, branch_office: 0 },
      [{ due: { prefix: inv.body.prefix, consecutive: inv.body.number, quote: 1 }, value: 300 }]));
    assert.equal(paid.status, 201, JSON.stringify(paid.body));
    const receiptPage = (await owner.send('GET', `/app/documents/vouchers/${paid.body.id}`)).text;
    assert.match(receiptPage, /<h2 id="h-lines">Qué paga<\/h2>/);
    assert.match(receiptPage, new RegExp(`Factura <a href="/app/documents/invoices/${inv.body.id}">${inv.body.name}</a>, cuota 1</td><td class="num">\\$\\s?300,00`));
    assert.equal((await mxOwner.send('GET', `/app/documents/invoices/${inv.body.id}/debit-note`)).status, 404, 'another company\'s invoice');
  });

  test('a payment receipt started from a Mexican PPD invoice: the customer, the invoice and its balance filled in; stamped and stored', async () => {
    const ref = await mxRefs(s);
    const res = await s.as('mx').post('/v1/invoices', mxInvoice(ref, [{ code: 'LAP14', quantity: 1, price: 10000 }], 11600,
      { stamp: { send: true }, payment: { method: 'PPD', conditions: { id: ref.toDefine, value: 11600, due_date: '2099-12-31' } } }), MX_APP);
    assert.equal(res.status, 201, JSON.stringify(res.body));
    const inv = await stamped(s, 'invoices', res.body);
    assert.equal(inv.stamp.status, 'Accepted', JSON.stringify(inv.stamp));
    const doc = await mxOwner.send('GET', `/app/documents/invoices/${inv.id}`);
    assert.match(doc.text, new RegExp(`href="/app/documents/invoices/${inv.id}/payment"`));
    // A credit note on it, still owed: set off against the balance (17); on a paid (PUE) invoice: a refund (03).
    const selected = (text: string) => /<select[^>]*name="payment_form"[^>]*>([\s\S]*?)<\/select>/.exec(text)?.[1].match(/<option value="(\d+)" selected/)?.[1];
    assert.equal(selected((await mxOwner.send('GET', `/app/documents/invoices/${inv.id}/credit-note`)).text), '17');
    const paid = await stamped(s, 'invoices', (await s.as('mx').post('/v1/invoices', mxInvoice(ref, undefined, undefined, { stamp: { send: true } }), MX_APP)).body);
    // Its page: subtotal, the discount, the taxes and the total add up (2 × 1,500 − 300 + 16 % = 3,132).
    const paidPage = (await mxOwner.send('GET', `/app/documents/invoices/${paid.id}`)).text;
    assert.match(paidPage, /id="doc-discounts">−\$300\.00</);
    assert.equal(selected((await mxOwner.send('GET', `/app/documents/invoices/${paid.id}/credit-note`)).text), '03', 'a paid invoice: the money goes back');
    const form = await mxOwner.send('GET', `/app/documents/invoices/${inv.id}/payment`);
    assert.equal(form.status, 200);
    // Every form of payment with its SAT name, never a bare code.
    assert.match(form.text, /<option value="05"[^>]*>05 · Monedero electrónico<\/option>/);
    assert.doesNotMatch(form.text, /<option value="\d\d"[^>]*>\d\d<\/option>/);
    assert.equal(valueOf(form.text, 'invoices[0].amount'), '11600', 'the balance');
    assert.match(form.text, /XIA190128J61/);
    const date = valueOf(form.text, 'date') ?? '';
    assert.match(date, /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}$/);
    const csrf = await mxOwner.csrf();
    const sent = { _csrf: csrf, 'document.id': String(ref.receipt), date, payment_form: '03', operation_number: 'OP-778', 'stamp.send': 'yes' };
    const over = await mxOwner.send('POST', `/app/documents/invoices/${inv.id}/payment`, { ...sent, 'invoices[0].amount': '20000' });
    assert.equal(over.status, 400);
    assert.ok(under(over.text, 'invoices[0].amount'), `more than owed, said under the amount: ${problems(over.text)}`);
    const empty = await mxOwner.send('POST', `/app/documents/invoices/${inv.id}/payment`, { ...sent, 'invoices[0].amount': '' });
    assert.equal(empty.status, 400);
    assert.equal(under(empty.text, 'invoices[0].amount'), 'Es obligatorio.');
    assert.equal((await s.db.query('SELECT count(*)::int AS n FROM payments WHERE company_id = $1', [mx]))[0].n, 0);
    const made = await mxOwner.send('POST', `/app/documents/invoices/${inv.id}/payment`, { ...sent, 'invoices[0].amount': '5800' });
    assert.equal(made.status, 303, problems(made.text));
    const id = /\/app\/documents\/payments\/([0-9a-f-]{36})\?ok=done/.exec(made.headers.get('location') ?? '')?.[1];
    assert.ok(id, made.headers.get('location') ?? '');
    const p = await stamped(s, 'payments', (await s.as('mx').get(`/v1/payments/${id}`)).body);
    assert.deepEqual([p.amount, p.payment_form, p.operation_number, p.customer.rfc_id, p.stamp.status], [5800, '03', 'OP-778', 'XIA190128J61', 'Accepted']);
    assert.deepEqual([p.invoices[0].id, p.invoices[0].installment, p.invoices[0].previous_balance, p.invoices[0].amount_paid, p.invoices[0].balance_left],
      [inv.id, 1, 11600, 5800, 5800]);
    const [row] = await s.db.query<{ total: string; company_id: number }>('SELECT total::text, company_id FROM payments WHERE id = $1', [id]);
    assert.deepEqual(row, { total: '5800.00', company_id: mx });
    assert.equal((await s.as('mx').get(`/v1/invoices/${inv.id}`)).body.balance, 5800);
    assert.equal((await owner.send('GET', `/app/documents/invoices/${inv.id}/payment`)).status, 404, 'another company\'s invoice');
  });

  test('a viewer sees no link and gets 403 on the debit note and the payment receipt', async () => {
    const r = await coRefs(s);
    const inv = await s.as('co').post('/v1/invoices', validInvoice(r));
    assert.equal(inv.status, 201, JSON.stringify(inv.body));
    const [mxInv] = await s.db.query<{ id: string }>('SELECT id FROM invoices WHERE company_id = $1 ORDER BY created_at LIMIT 1', [mx]);
    const viewers: [ConsoleClient, string][] = [];
    for (const [company, email, path] of [[co, 'lector-notas@demo-co.example', `/app/documents/invoices/${inv.body.id}/debit-note`],
      [mx, 'lector-pagos@demo-mx.example', `/app/documents/invoices/${mxInv.id}/payment`]] as const) {
      assert.equal((await adminOf(s).post(`/companies/${company}/console-users`, { email, password: 'solo mirar documentos 1', role: 'viewer' })).status, 201);
      const v = new ConsoleClient(s);
      assert.equal((await v.login(email, 'solo mirar documentos 1')).status, 303);
      viewers.push([v, path]);
    }
    const notes = await s.db.query('SELECT count(*)::int AS n FROM notes WHERE company_id = $1', [co]);
    const payments = await s.db.query('SELECT count(*)::int AS n FROM payments WHERE company_id = $1', [mx]);
    for (const [v, path] of viewers) {
      const page = await v.send('GET', path.replace(/\/(debit-note|payment)$/, ''));
      assert.equal(page.status, 200);
      assert.doesNotMatch(page.text, /\/(debit-note|payment)"/);
      assert.equal((await v.send('GET', path)).status, 403, `a viewer on ${path}`);
      assert.equal((await v.send('POST', path, { _csrf: await v.csrf(), 'items[0].price': '25', 'invoices[0].amount': '1' })).status, 403);
    }
    assert.deepEqual(await s.db.query('SELECT count(*)::int AS n FROM notes WHERE company_id = $1', [co]), notes);
    assert.deepEqual(await s.db.query('SELECT count(*)::int AS n FROM payments WHERE company_id = $1', [mx]), payments);
  });

  test('the documents list sorted by date, number and total, both ways: keyset pages without repeats or gaps', async () => {
    const r = await coRefs(s);
    const ident = '7300000017';
    const day = (back: number) => new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Bogota' }).format(new Date(Date.now() - back * 86_400_000));
    for (let i = 0; i < 30; i++) {
      const price = 100 * ((i * 3) % 7 + 1); // 7 totals for 30 invoices: ties broken by the id
      // Two numberings side by side (each walked on its own by a range sorted by number), their numbers tied across them.
      const res = await s.as('co').post('/v1/invoices', validInvoice(r, { document: { id: (i % 2 ? r.type['FV-PCT'] : r.type.FV).id }, date: day(i % 3), customer: i === 0 ? newCustomer(ident) : { identification: ident, branch_office: 0 },
        items: [{ code: 'LIBRO01', quantity: 1, price, taxes: [] }], payments: [{ id: r.pay.Cash.id, value: price }] }));
      assert.equal(res.status, 201, JSON.stringify(res.body));
    }
    const idsOf = (text: string) => [...text.matchAll(/<td><a href="\/app\/documents\/invoices\/([0-9a-f-]{36})">/g)].map((m) => m[1]);
    for (const key of ['date', 'number', 'total'] as const) {
      for (const dir of ['asc', 'desc'] as const) {
        const expected = (await s.db.query<{ id: string }>(
          `SELECT id FROM invoices WHERE company_id = $1 AND customer_identification = $2 AND deleted_at IS NULL ORDER BY ${key} ${dir}, id ${dir}`, [co, ident])).map((x) => x.id);
        assert.equal(expected.length, 30);
        const seen: string[] = [];
        let url: string | undefined = `/app/documents?kind=invoices&customer=${ident}&sort=${key}&dir=${dir}&size=7`;
        let pages = 0;
        while (url) {
          const page = await owner.send('GET', url);
          assert.equal(page.status, 200, `${url}: ${problems(page.text)}`);
          const rows = idsOf(page.text);
          assert.ok(rows.length <= 7);
          seen.push(...rows);
          pages++;
          if (pages === 1) assert.match(page.text, new RegExp(`aria-sort="${dir === 'asc' ? 'ascending' : 'descending'}"`));
          url = /href="([^"]+)" rel="next"/.exec(page.text)?.[1]?.replace(/&amp;/g, '&');
          assert.ok(pages <= 5, 'the pages end');
        }
        assert.deepEqual(seen, expected, `${key} ${dir}: every invoice once, in order`);
        assert.equal(pages, 5, `${key} ${dir}: 4 full pages and one of 2`);
      }
    }
    // A short date range sorted by number or total (read through the date index, then sorted), and one-ended ranges (read so or walked
    // in the sort index, as the counts per day say is cheaper): the range's invoices only, in order.
    for (const [from, to, n] of [[day(1), day(0), 20], [day(1), '', 20], ['', day(1), 20], ['', day(2), 10]] as const) {
      for (const key of ['number', 'total'] as const) {
        for (const dir of ['asc', 'desc'] as const) {
          const expected = (await s.db.query<{ id: string }>(
            `SELECT id FROM invoices WHERE company_id = $1 AND customer_identification = $2 AND deleted_at IS NULL AND date >= coalesce($3::date, '-infinity')
                AND date <= coalesce($4::date, 'infinity') ORDER BY ${key} ${dir}, id ${dir}`, [co, ident, from || null, to || null])).map((x) => x.id);
          assert.equal(expected.length, n, `${from}..${to}`);
          const seen: string[] = [];
          let url: string | undefined = `/app/documents?kind=invoices&customer=${ident}&from=${from}&to=${to}&sort=${key}&dir=${dir}&size=7`;
          for (let pages = 0; url; pages++) {
            assert.ok(pages < 3, 'the pages end');
            const page = await owner.send('GET', url);
            assert.equal(page.status, 200, `${url}: ${problems(page.text)}`);
            seen.push(...idsOf(page.text));
            url = /href="([^"]+)" rel="next"/.exec(page.text)?.[1]?.replace(/&amp;/g, '&');
          }
          assert.deepEqual(seen, expected, `${key} ${dir} from ${from} to ${to}: every invoice of the range once, in order`);
        }
      }
    }
    // A status filter: the invoices of that status, newest date first, in pages (not a page of the whole list filtered afterwards).
    const rejected = (await s.db.query<{ id: string }>(`UPDATE invoices SET stamp_status = 'Rejected' WHERE company_id = $1 AND customer_identification = $2
        AND number % 4 = 0 RETURNING id`, [co, ident])).map((x) => x.id);
    assert.ok(rejected.length >= 7);
    const newestDate = (await s.db.query<{ id: string }>(`SELECT id FROM invoices WHERE company_id = $1 AND customer_identification = $2 AND stamp_status = 'Rejected'
        ORDER BY date DESC, id DESC`, [co, ident])).map((x) => x.id);
    const shown: string[] = [];
    for (let url: string | undefined = `/app/documents?kind=invoices&customer=${ident}&stamp=Rejected&size=5`, pages = 0; url; pages++) {
      assert.ok(pages < 3, 'the pages end');
      const page = await owner.send('GET', url);
      assert.equal(page.status, 200, `${url}: ${problems(page.text)}`);
      shown.push(...idsOf(page.text));
      url = /href="([^"]+)" rel="next"/.exec(page.text)?.[1]?.replace(/&amp;/g, '&');
    }
    assert.deepEqual(shown, newestDate, 'every rejected invoice once, newest date first');
    // Without a sort: newest date first, as the date's header says (issue 52: the list reads its rows, with the customer's name, itself).
    const plain = await owner.send('GET', `/app/documents?kind=invoices&customer=${ident}&size=7`);
    const newest = (await s.db.query<{ id: string }>('SELECT id FROM invoices WHERE company_id = $1 AND customer_identification = $2 ORDER BY date DESC, id DESC LIMIT 7', [co, ident])).map((x) => x.id);
    assert.deepEqual(idsOf(plain.text), newest);
    assert.match(plain.text, /<th scope="col" aria-sort="descending"><a href="[^"]*sort=date&amp;dir=asc">Fecha ▼/);
    const twice = await owner.send('GET', `/app/documents?kind=invoices&customer=${ident}&customer=x&sort=total&sort=date&size=7`);
    assert.equal(twice.status, 200, 'a parameter given twice: its first value');
    assert.equal(idsOf(twice.text).length, 7);
    // Another company's documents never appear; bad sorts and cursors are refused with a message.
    const theirs = await mxOwner.send('GET', `/app/documents?kind=invoices&customer=${ident}&sort=total`);
    assert.deepEqual(idsOf(theirs.text), []);
    for (const q of ['sort=price', 'sort=date&dir=up', 'sort=total&cursor=abc', `sort=total&cursor=${Buffer.from('["2026-01-01","x"]').toString('base64url')}`, 'size=0', 'sort=date&from=ayer']) {
      const res = await owner.send('GET', `/app/documents?kind=invoices&${q}`);
      assert.equal(res.status, 400, q);
      assert.match(res.text, /role="alert"/);
    }
    // The bounds a walk by number starts from (migration 060): each day's lowest and highest number hold every live document of the
    // day, after creations, a document moved to another day (the newest invoice, to a week back, where a descending walk ending at
    // that day must still find it) and a deletion.
    const [{ id: moved }] = await s.db.query<{ id: string }>(`UPDATE invoices SET date = $3::date WHERE id = (SELECT id FROM invoices
        WHERE company_id = $1 AND customer_identification = $2 ORDER BY number DESC LIMIT 1) RETURNING id`, [co, ident, day(7)]);
    await s.db.query(`UPDATE invoices SET deleted_at = now() WHERE id = (SELECT id FROM invoices WHERE company_id = $1 AND customer_identification = $2
        AND date = $3::date ORDER BY number LIMIT 1)`, [co, ident, day(0)]);
    for (const kind of ['invoices', 'vouchers']) {
      const outside = await s.db.query(
        `SELECT d.company_id, d.date::text, d.lo, d.hi, b.lo AS kept_lo, b.hi AS kept_hi
           FROM (SELECT company_id, date, min(number) AS lo, max(number) AS hi FROM ${kind} WHERE ${kind === 'invoices' ? 'deleted_at IS NULL' : 'true'} GROUP BY 1, 2) d
           LEFT JOIN (SELECT company_id, day, min(lo) AS lo, max(hi) AS hi FROM document_counts WHERE kind = $1 AND dim = 'date' GROUP BY 1, 2) b
             ON b.company_id = d.company_id AND b.day = d.date
          WHERE b.lo IS NULL OR b.hi IS NULL OR b.lo > d.lo OR b.hi < d.hi`, [kind]);
      assert.deepEqual(outside, [], `${kind}: every day's numbers within the bounds kept for it`);
    }
    const upTo = await owner.send('GET', `/app/documents?kind=invoices&customer=${ident}&to=${day(7)}&sort=number&dir=desc&size=7`);
    assert.equal(upTo.status, 200, problems(upTo.text));
    assert.equal(idsOf(upTo.text)[0], moved, 'the moved invoice, dated a week back, first by number among those up to that day');
  });
});
