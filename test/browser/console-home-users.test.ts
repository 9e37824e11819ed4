/**
 * Home's charts and the console users managed by the owner, in a real browser (Debian's Chromium, playwright-core):
 * Home's SVG charts with their data tables, this month's sales equal to what the invoices the test makes add; the owner
 * invites an accountant by e-mail (a real SMTP server on a loopback port catches it), who sets a password from the
 * link and logs in; a role change and a deactivation take effect on the invitee's live session; a viewer gets no
 * invitation form and a forged POST is refused with nothing stored; the activity trail in Spanish at the company's
 * local time; at 360 px no page is wider than the screen and a list's first column stays in view; axe-core on the new pages;
 * Home with 5,000 more invoices: each month's bar grows by what the test inserted.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import crypto from 'node:crypto';
import type { Page } from 'playwright-core';
import Decimal from 'decimal.js';
import { startTestServer, type TestServer } from '../support/server';
import { coRefs, today, validInvoice } from '../support/co';
import { ConsoleClient } from '../support/console';
import { Inbox } from '../support/smtp';
import { axeViolations, browserSuite, openBrowser, type OpenBrowser, signIn } from '../support/browser';
import { DEMO_CONSOLE, ensureDemoConsole } from '../../src/console/demo';
import { ensureConsoleUser } from '../../src/console/accounts';

const INVITEE = 'contadora.nueva@demo-co.example';
const VIEWER = { email: 'lector@demo-co.example', password: 'lector-de-prueba-2026' };

describe('console home charts and users by the owner in a browser', browserSuite(), () => {
  let s: TestServer;
  let inbox: Inbox;
  let browser: OpenBrowser;
  let page: Page;
  let coCompany = 0;
  let inviteePassword = '';
  let inviteeId = 0;

  before(async () => {
    inbox = await new Inbox().start();
    s = await startTestServer('pglite', { SMTP_URL: inbox.url });
    await ensureDemoConsole(s.db);
    [{ company_id: coCompany }] = await s.db.query<{ company_id: number }>("SELECT company_id FROM companies WHERE is_demo AND country = 'CO'");
    await ensureConsoleUser(s.db, coCompany, VIEWER.email, 'viewer', VIEWER.password);
    browser = await openBrowser();
    page = await browser.context.newPage();
  });
  after(async () => { await browser?.close(); await s?.close(); await inbox?.close(); });

  const go = (p: string) => page.goto(s.url + p);
  const text = async (selector: string) => ((await page.textContent(selector)) ?? '').replace(/\u00a0/g, ' ').replace(/\s+/g, ' ').trim();
  const noViolations = async (what: string) => assert.deepEqual(await axeViolations(page), [], `axe-core on ${what}`);
  /** "$ 1.130,50" (Colombia's format) as a decimal. */
  const pesos = (shown: string) => new Decimal(shown.replace(/[^0-9,-]/g, '').replace(',', '.'));
  const login = (email: string, password: string) => signIn(browser, page, s.url, email, password);
  /** A chart's data table as [label, shown] rows. */
  const chartRows = (id: string) => page.$$eval(`#${id} details table tbody tr`, (rows) => rows.map((r) =>
    [r.querySelector('th')!.textContent!.trim(), r.querySelector('td')!.textContent!.replace(/\u00a0/g, ' ').trim()] as [string, string]));

  test('Home: the charts as accessible SVG with their tables; this month\'s sales and what is current move by the invoices made', async () => {
    await login(DEMO_CONSOLE.co.email, DEMO_CONSOLE.co.password);
    assert.equal(await text('h1'), 'Inicio');
    const before = await chartRows('chart-sales-COP');
    assert.equal(before.length, 12, 'twelve months');
    const current = (rows: [string, string][]) => pesos(rows.find((r) => r[0] === 'Al día')![1]);
    const agingBefore = await chartRows('chart-aging-COP');
    assert.deepEqual(agingBefore.map((r) => r[0]), ['Al día', '1 a 30 días', '31 a 60 días', '61 a 90 días', 'Más de 90 días'], 'the receivables report\'s ages');

    const r = await coRefs(s);
    const cash = await s.as('co').post('/v1/invoices', validInvoice(r, { date: today() }));
    assert.equal(cash.status, 201, JSON.stringify(cash.body));
    const credit = await s.as('co').post('/v1/invoices', validInvoice(r, { items: [{ code: 'LIBRO01', quantity: 3, price: 250.25, taxes: [] }],
      payments: [{ id: r.pay.Credit.id, value: 750.75, due_date: '2099-12-31' }] }));
    assert.equal(credit.status, 201, JSON.stringify(credit.body));
    const made = new Decimal(cash.body.total).plus(credit.body.total);

    await go('/app');
    const after = await chartRows('chart-sales-COP');
    assert.deepEqual(after.slice(0, 11), before.slice(0, 11), 'earlier months unchanged');
    assert.equal(pesos(after[11][1]).minus(pesos(before[11][1])).toFixed(2), made.toFixed(2), 'this month grew by the invoices made');
    const month = new Intl.DateTimeFormat('es-CO', { month: 'short', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${today().slice(0, 7)}-01T00:00:00Z`));
    assert.equal(after[11][0], month, 'the last bar is this month');
    // The card of the month says the same figure.
    assert.match(await text('.cards'), new RegExp(`Facturado este mes\\s*${after[11][1].replace(/[$.]/g, '\\$&')}`));
    assert.equal(current(await chartRows('chart-aging-COP')).minus(current(agingBefore)).toFixed(2), '750.75', 'the credit invoice is owed and current');
    // Each chart an image named by its title and description, no script of a chart library.
    for (const id of ['chart-sales-COP', 'chart-aging-COP', 'chart-top-sales-COP', 'chart-top-debt-COP']) {
      const svg = await page.$eval(`#${id} svg`, (el) => ({ role: el.getAttribute('role'), title: el.querySelector('title')?.textContent ?? '', desc: el.querySelector('desc')?.textContent ?? '',
        labelled: el.getAttribute('aria-labelledby'), bars: el.querySelectorAll('rect.chart-bar').length }));
      assert.equal(svg.role, 'img', id);
      assert.ok(svg.title && svg.desc && svg.labelled?.includes(`${id}-desc`), JSON.stringify(svg));
      assert.equal(svg.bars, (await chartRows(id)).length, `${id}: a bar per row of its table`);
    }
    assert.ok((await chartRows('chart-top-debt-COP')).some((x) => pesos(x[1]).gte(750.75)), 'the customer who owes is among the top debts');
    assert.match(await page.$eval('#chart-sales-COP desc', (d) => d.textContent ?? ''), /Este mes: \$/);
    assert.equal(await page.$$eval('script[src]', (ss) => ss.map((x) => x.getAttribute('src')).filter((x) => !/\/app\/assets\/(htmx\.min|console)\.js$/.test(x ?? '')).length), 0);
    await noViolations('Home with its charts');
  });

  test('the owner invites an accountant by e-mail; the link sets a password once; the invitee logs in', async () => {
    await login(DEMO_CONSOLE.co.email, DEMO_CONSOLE.co.password);
    await go('/app/users');
    assert.equal(await text('h1'), 'Usuarios de la consola');
    await noViolations('the users page');
    await page.fill('#invite-email', INVITEE);
    await page.selectOption('#invite-role', 'accountant');
    await Promise.all([page.waitForLoadState('load'), page.click('#invite button[type=submit]')]);
    assert.match(await text('[role=status]'), /Invitación enviada a contadora\.nueva@demo-co\.example/);
    const row = `tr[data-user="${INVITEE}"]`;
    assert.deepEqual([await text(`${row} .role`), await text(`${row} .state`), await text(`${row} .last-login`)], ['contador', 'Invitación pendiente', 'Nunca']);

    const mail = inbox.received.find((m) => m.envelope.to.includes(INVITEE));
    assert.ok(mail, 'the invitation reached the SMTP server');
    assert.match(mail.mail.subject ?? '', /^Invitación a la consola de facturación de /);
    const link = /http:\/\/\S+\/app\/invitation\?token=([A-Za-z0-9_-]{43})/.exec(mail.mail.text ?? '');
    assert.ok(link, mail.mail.text);
    const [stored] = await s.db.query('SELECT i.token_hash, i.expires_at, u.id FROM console_invitations i JOIN console_users u ON u.company_id = i.company_id AND u.id = i.user_id WHERE u.email = $1', [INVITEE]);
    assert.equal(stored.token_hash, crypto.createHash('sha256').update(link[1]).digest('hex'), 'only the token\'s hash is stored');
    assert.ok(new Date(stored.expires_at).getTime() > Date.now() + 3600_000, 'it expires later');
    inviteeId = stored.id;

    // The invitee, on a browser without the owner's session: a too short password is refused, then one is set.
    await browser.context.clearCookies();
    await page.goto(link[0]);
    assert.equal(await text('h1'), 'Fijar contraseña');
    assert.match(await text('main'), new RegExp(INVITEE.replace(/\./g, '\\.')));
    await noViolations('the invitation page');
    inviteePassword = `Cartera-${crypto.randomBytes(6).toString('hex')}-2026`;
    await page.fill('#new-password', inviteePassword);
    await Promise.all([page.waitForLoadState('load'), page.click('button[type=submit]')]);
    assert.match(await text('[role=status]'), /Contraseña guardada/);
    assert.equal(await page.inputValue('#email'), INVITEE);
    await page.fill('#password', inviteePassword);
    await Promise.all([page.waitForURL(/\/app$/), page.click('button[type=submit]')]);
    assert.equal(await text('h1'), 'Inicio');
    assert.match(await text('.who'), /contadora\.nueva@demo-co\.example \(contador\)/);
    // The link works once.
    const again = await page.goto(link[0]);
    assert.equal(again!.status(), 404);
    assert.match(await text('[role=alert]'), /ya se usó, venció/);
  });

  test('a role change and a deactivation take effect on the invitee\'s live session', async () => {
    const invitee = new ConsoleClient(s);
    assert.equal((await invitee.login(INVITEE, inviteePassword)).status, 303);
    assert.equal((await invitee.send('GET', '/app/invoices/new')).status, 200, 'an accountant makes invoices');

    await login(DEMO_CONSOLE.co.email, DEMO_CONSOLE.co.password);
    await go('/app/users');
    assert.notEqual(await text(`tr[data-user="${INVITEE}"] .last-login`), 'Nunca', 'the last login is shown');
    await page.selectOption(`#role-${inviteeId}`, 'viewer');
    await Promise.all([page.waitForLoadState('load'), page.click(`tr[data-user="${INVITEE}"] .role-form button`)]);
    assert.equal((await s.db.query('SELECT role FROM console_users WHERE id = $1', [inviteeId]))[0].role, 'viewer');
    assert.equal((await invitee.send('GET', '/app/invoices/new')).status, 403, 'now a viewer');

    await Promise.all([page.waitForLoadState('load'), page.click(`tr[data-user="${INVITEE}"] form[action$="/active"] button`)]);
    assert.match(await text(`tr[data-user="${INVITEE}"] .state`), /Desactivado/);
    const home = await invitee.send('GET', '/app');
    assert.equal(home.status, 303, 'the session ended');
    assert.equal(home.headers.get('location'), '/app/login');
    assert.equal((await s.db.query('SELECT count(*)::int AS n FROM console_sessions WHERE user_id = $1 AND company_id = $2', [inviteeId, coCompany]))[0].n, 0);
    assert.equal((await new ConsoleClient(s).login(INVITEE, inviteePassword)).status, 401, 'a deactivated user cannot log in');
    // The owner cannot deactivate themselves: no form on their own row.
    assert.match(await text(`tr[data-user="${DEMO_CONSOLE.co.email}"]`), /\(usted\)/);
  });

  test('a viewer sees no invitation form; a forged POST (a viewer\'s, or without the CSRF token) is refused and stores nothing', async () => {
    const count = async () => (await s.db.query("SELECT (SELECT count(*)::int FROM console_users WHERE email LIKE 'intruso%') + (SELECT count(*)::int FROM console_invitations) AS n"))[0].n;
    const before = await count();
    await login(VIEWER.email, VIEWER.password);
    await go('/app/users');
    assert.equal(await page.$('#invite'), null);
    assert.equal(await page.getByRole('button', { name: 'Enviar invitación' }).count(), 0);
    assert.equal(await page.$$eval('main form', (f) => f.length), 0, 'no forms on the list');
    await noViolations('the users page of a viewer');
    const csrf = await page.getAttribute('input[name=_csrf]', 'value');
    const forged = await page.request.post(`${s.url}/app/users/invite`, { form: { _csrf: csrf!, email: 'intruso@demo-co.example', role: 'owner' }, headers: { origin: s.url } });
    assert.equal(forged.status(), 403);
    const promote = await page.request.post(`${s.url}/app/users/${inviteeId}/role`, { form: { _csrf: csrf!, role: 'owner' }, headers: { origin: s.url } });
    assert.equal(promote.status(), 403);
    assert.equal((await s.db.query('SELECT role FROM console_users WHERE id = $1', [inviteeId]))[0].role, 'viewer');

    await login(DEMO_CONSOLE.co.email, DEMO_CONSOLE.co.password);
    const noToken = await page.request.post(`${s.url}/app/users/invite`, { form: { email: 'intruso2@demo-co.example', role: 'owner' }, headers: { origin: s.url } });
    assert.equal(noToken.status(), 403, 'the owner without the CSRF token');
    const owner = await page.getAttribute('input[name=_csrf]', 'value');
    const crossSite = await page.request.post(`${s.url}/app/users/invite`, { form: { _csrf: owner!, email: 'intruso3@demo-co.example', role: 'owner' }, headers: { origin: 'https://evil.example' } });
    assert.equal(crossSite.status(), 403, 'from another origin');
    assert.equal(await count(), before, 'nothing stored');
  });

  test('the activity trail: who did what, in Spanish, at the company\'s local time', async () => {
    await go('/app/activity');
    assert.equal(await text('h1'), 'Actividad');
    const rows = await page.$$eval('#activity tbody tr', (trs) => trs.map((tr) => [...tr.children].map((c) => (c.textContent ?? '').replace(/\s+/g, ' ').trim())));
    const find = (what: RegExp) => rows.find((r) => what.test(r[2]));
    const invited = find(/^Invitó a contadora\.nueva@demo-co\.example como contador$/);
    assert.ok(invited, JSON.stringify(rows));
    assert.equal(invited[1], DEMO_CONSOLE.co.email);
    assert.ok(find(/^Cambió el rol de contadora\.nueva@demo-co\.example de contador a lector$/));
    assert.ok(find(/^Desactivó a contadora\.nueva@demo-co\.example$/));
    assert.equal(find(/^Aceptó la invitación/)?.[1], INVITEE);
    // The invitation's moment at Bogotá's time (UTC−5), as the trail writes it.
    const [{ at }] = await s.db.query("SELECT at FROM console_activity WHERE company_id = $1 AND action = 'invite' AND subject = $2", [coCompany, INVITEE]);
    const local = new Date(new Date(at).getTime() - 5 * 3600_000).toISOString();
    assert.equal(invited[0], `${local.slice(8, 10)}/${local.slice(5, 7)}/${local.slice(0, 4)} ${local.slice(11, 16)} (GMT-5)`);
    await noViolations('the activity trail');
  });

  test('at 360 px no page is wider than the screen and a list\'s first column stays in view', async () => {
    await page.setViewportSize({ width: 360, height: 800 });
    try {
      for (const p of ['/app', '/app/users', '/app/activity', '/app/documents', '/app/reports/receivables', '/app/reports/trial-balance', '/app/customers', '/app/settings']) {
        await go(p);
        const wide = await page.evaluate(() => [document.documentElement.scrollWidth, document.body.scrollWidth]);
        assert.ok(wide[0] <= 360 && wide[1] <= 360, `${p} is ${wide.join('/')} px wide at 360 px`);
        // Each scrolled table: its first column in view, and still there once the table is scrolled to its end.
        const firsts = await page.$$eval('.scroll', (boxes) => boxes.filter((b) => b.querySelector('tbody tr')).map((b) => {
          const cell = () => b.querySelector('tbody tr')!.children[0].getBoundingClientRect();
          const start = cell().left;
          b.scrollLeft = b.scrollWidth;
          const end = cell();
          return { start, left: end.left, right: end.right, box: b.getBoundingClientRect().left };
        }));
        for (const f of firsts) assert.ok(f.start >= 0 && f.left >= f.box - 1 && f.right <= 360, `${p}: first column ${JSON.stringify(f)}`);
        if (['/app', '/app/users', '/app/activity'].includes(p)) await noViolations(`${p} at 360 px`);
      }
    } finally {
      await page.setViewportSize({ width: 1440, height: 900 });
    }
  });

  test('Home at 5,000 more invoices: every month of the chart grows by what the test inserted; attention read by its own index', async () => {
    const [seed] = await s.db.query("SELECT id, total::text AS total, to_char(date, 'YYYY-MM-DD') AS date FROM invoices WHERE company_id = $1 AND deleted_at IS NULL AND NOT annulled ORDER BY created_at DESC LIMIT 1", [coCompany]);
    await login(DEMO_CONSOLE.co.email, DEMO_CONSOLE.co.password);
    const before = await chartRows('chart-sales-COP');
    // 5,000 copies of one invoice, the g-th dated g mod 360 days before it, numbered far from the demo's (every column but
    // the generated ones: currency_code, migration 075).
    const cols: string[] = (await s.db.query("SELECT column_name FROM information_schema.columns WHERE table_name = 'invoices' AND is_generated = 'NEVER' ORDER BY ordinal_position")).map((c: any) => c.column_name);
    const expr = (c: string) => ({ id: 'gen_random_uuid()', number: 'number + 900000 + g', name: "prefix || '-copia-' || g", date: 'date - (g % 360)' } as Record<string, string>)[c] ?? c;
    await s.db.query(`INSERT INTO invoices (${cols.join(', ')}) SELECT ${cols.map(expr).join(', ')} FROM invoices, generate_series(1, 5000) g WHERE id = $1`, [seed.id]);
    const added = new Map<string, Decimal>();
    for (let g = 1; g <= 5000; g++) {
      const d = new Date(Date.parse(`${seed.date}T00:00:00Z`) - (g % 360) * 86_400_000).toISOString().slice(0, 7);
      added.set(d, (added.get(d) ?? new Decimal(0)).plus(seed.total));
    }
    const started = Date.now();
    await go('/app');
    const took = Date.now() - started;
    const after = await chartRows('chart-sales-COP');
    const label = new Intl.DateTimeFormat('es-CO', { month: 'short', year: 'numeric', timeZone: 'UTC' });
    const months = Array.from({ length: 12 }, (_, i) => { const [y, m] = today().split('-').map(Number); return new Date(Date.UTC(y, m - 12 + i, 1)).toISOString().slice(0, 7); });
    assert.deepEqual(after.map((r) => r[0]), months.map((m) => label.format(new Date(`${m}-01T00:00:00Z`))));
    months.forEach((m, i) => assert.equal(pesos(after[i][1]).minus(pesos(before[i][1])).toFixed(2), (added.get(m) ?? new Decimal(0)).toFixed(2), `month ${m}`));
    const [plan] = await s.db.query(`EXPLAIN (FORMAT JSON) SELECT id FROM invoices WHERE company_id = $1 AND deleted_at IS NULL AND (stamp_status IN ('Rejected', 'Pending') OR mail_status = 'failed_delivery') ORDER BY updated_at DESC LIMIT 10`, [coCompany]);
    assert.match(JSON.stringify(plan), /invoices_attention/);
    console.log(`# Home with 5,000 more invoices: ${took} ms in the browser (load average ${(await import('node:os')).loadavg()[0].toFixed(1)})`);
  });
});
