/**
 * A database of the previous version, upgraded, on each storage: every
 * migration before 013 is applied, the demo companies get the previous
 * starting catalog (4- and 6-digit PUC accounts) and a credit invoice posted as
 * the previous version posted it (receivable 130505, revenue 4135); then the
 * service starts on it (migration 013 runs) and is used over HTTP. The
 * Colombian chart gains the 8-digit auxiliaries and its master data posts to
 * them exactly as a new company's does; the older accounts keep their
 * history; the old invoice is paid off 130505 where it was booked, and can be
 * deleted; new documents post to the auxiliaries; the books stay balanced.
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eachStorage, freshPostgres, TestServer } from '../support/server';
import { coRefs, type CoRefs } from '../support/co';
import { creditInvoice, debtPayment, dueOf, newCustomer, rcRefs, type RcRefs } from '../support/vouchers';
import { loadConfig } from '../../src/platform/config';
import { migrate, openDb, type Db } from '../../src/platform/db';
import { startServer } from '../../src/server';
import { ensureDemo } from '../../src/companies/demo';
import { seedStarterCatalog } from '../../src/companies/catalogs/starter';

const MIGRATIONS = path.join(__dirname, '..', '..', '..', 'migrations');

/** The previous version's Colombian chart of accounts. */
const PREVIOUS_CHART = ['1105', '110505', '110510', '1110', '111005', '111010', '1305', '130505', '130510', '1355', '135515', '135517', '135518', '1435',
  '2365', '236575', '2408', '2436', '2805', '280505', '4135', '4155', '4175', '4250', '5305', '530535', '6135', '5195'];
/** The accounts its taxes, payment types and global discounts and charges posted to, by the accounts they post to now. */
const PREVIOUS_ACCOUNT: Record<string, string> = {
  '11050501': '110505', '11100501': '111005', '13050501': '130505', '24080501': '2408', '24080502': '2408', '24080503': '2408', '24360501': '2436',
  '13551501': '135515', '13551701': '135517', '13551801': '135518', '23657501': '236575', '53053501': '530535', '42505001': '4250',
};

/** Turns the demo's Colombian catalog into the previous version's, and writes a credit invoice of 1000 as that version did. */
async function previousVersion(db: Db): Promise<{ id: string; name: string; identification: string }> {
  const [{ company_id: cid }] = await db.query(`SELECT company_id FROM companies WHERE is_demo AND country = 'CO'`);
  await db.query('DELETE FROM accounts WHERE company_id = $1 AND code <> ALL($2::text[])', [cid, PREVIOUS_CHART]);
  for (const table of ['taxes', 'payment_types', 'allowance_charges']) {
    for (const [now, before] of Object.entries(PREVIOUS_ACCOUNT)) {
      await db.query(`UPDATE ${table} SET account_code = $3 WHERE company_id = $1 AND account_code = $2`, [cid, now, before]);
    }
  }
  const [t] = await db.query(`UPDATE document_types SET consecutive = consecutive + 1 WHERE company_id = $1 AND code = 'FV' RETURNING id, prefix, consecutive - 1 AS number`, [cid]);
  const [c] = await db.query<{ id: number; identification: string }>('SELECT id, identification FROM customers WHERE company_id = $1 AND active AND branch_office = 0 ORDER BY id LIMIT 1', [cid]);
  const [pt] = await db.query<{ id: number; name: string }>(`SELECT id, name FROM payment_types WHERE company_id = $1 AND document_type = 'FV' AND due_date AND active`, [cid]);
  const id = crypto.randomUUID();
  const name = `${t.prefix}-${t.id}-${t.number}`;
  const at = '2024-06-01T15:00:00.000Z';
  const [seller] = await db.query('SELECT id FROM sellers WHERE company_id = $1 AND active ORDER BY id LIMIT 1', [cid]);
  // An invoice as the previous version stored it: the whole answer (test/support/answers.ts checks it against today's schema).
  const document = {
    id, document: { id: t.id, name: 'Factura de venta' }, prefix: t.prefix, number: t.number, name, date: '2024-06-01',
    customer: { id: String(c.id), identification: c.identification, branch_office: 0 }, cost_center: null, currency: { code: 'COP', exchange_rate: 1 },
    seller: seller.id, retentions: [], advance_payment: 0, subtotal: 1000, taxes_total: 0, withholdings_total: 0, total: 1000, amount_payable: 1000,
    balance: 1000, observations: null,
    items: [{ id: `${id}-1`, code: 'LIBRO01', quantity: 1, price: 1000, seller: null, description: 'Libro Contabilidad básica',
      discount: { percentage: 0, value: 0 }, taxes: [], warehouse: null, total: 1000 }],
    global_discounts: [], global_charges: [],
    payments: [{ id: pt.id, name: pt.name, value: 1000, due_date: '2099-12-31' }], additional_fields: null,
    stamp: { send: false, status: 'Draft', cufe: null, cude: null, observations: null, errors: null },
    mail: { send: false, status: 'not_sent', observations: null }, metadata: { created: at, last_updated: at, stock_updated: null }, annulled: false,
  };
  await db.query(`INSERT INTO invoices (company_id, id, country, document_type_id, prefix, number, name, date, customer_id, customer_identification,
      customer_branch_office, total, balance, document, created_at, updated_at) VALUES ($1, $2, 'CO', $3, $4, $5, $6, '2024-06-01', $7, $8, 0, 1000, 1000, $9, $10, $10)`,
    [cid, id, t.id, t.prefix, t.number, name, c.id, c.identification, JSON.stringify(document), at]);
  await db.query(`INSERT INTO due_items (company_id, invoice_id, customer_id, prefix, consecutive, quote, due_date, amount) VALUES ($1, $2, $3, $4, $5, 1, '2099-12-31', 1000)`,
    [cid, id, c.id, t.prefix, t.number]);
  const [e] = await db.query(`INSERT INTO journal_entries (company_id, source_kind, source_id, date, description) VALUES ($1, 'invoice', $2, '2024-06-01', $3) RETURNING id`,
    [cid, id, `Factura ${name}`]);
  await db.query(`INSERT INTO journal_lines (company_id, entry_id, line_no, account_code, debit, credit, third_party, description)
    VALUES ($1, $2, 1, '130505', 1000, 0, $3, $4), ($1, $2, 2, '4135', 0, 1000, NULL, 'Ventas')`, [cid, e.id, c.identification, pt.name]);
  return { id, name, identification: c.identification };
}

eachStorage('upgrade of a database of the previous version', (storage) => {
  let s: TestServer;
  let r: CoRefs;
  let v: RcRefs;
  let old: { id: string; name: string; identification: string };
  let cid: number;
  before(async () => {
    const env: Record<string, string> = { PORT: '0', LOG_LEVEL: 'silent', RATE_LIMIT_PER_MINUTE: '0' };
    const dirs: string[] = [];
    let drop = async () => undefined as void;
    if (storage === 'postgres') ({ url: env.DATABASE_URL, drop } = await freshPostgres());
    else dirs.push(env.DATA_DIR = fs.mkdtempSync(path.join(os.tmpdir(), 'facturas-upgrade-')));
    const earlier = fs.mkdtempSync(path.join(os.tmpdir(), 'facturas-migrations-'));
    dirs.push(earlier);
    for (const f of fs.readdirSync(MIGRATIONS).filter((f) => /^\d+_.*\.sql$/.test(f) && Number(f.split('_')[0]) < 13)) fs.copyFileSync(path.join(MIGRATIONS, f), path.join(earlier, f));
    const config = loadConfig(env);
    const db = await openDb(config);
    assert.ok((await migrate(db, earlier)).length >= 9);
    // The previous version's demo had no credit or debit notes and no payment receipts: today's is seeded with them allowed,
    // then they are taken out.
    // Nor POS ticket types (migration 065).
    await db.query('ALTER TABLE document_types DROP CONSTRAINT document_types_type_check');
    await db.query('ALTER TABLE document_types DROP CONSTRAINT document_types_electronic_type_check');
    await db.query('ALTER TABLE payment_types DROP CONSTRAINT payment_types_document_type_check');
    await ensureDemo(db);
    await db.query(`DELETE FROM payment_types WHERE document_type IN ('NC', 'ND', 'P')`);
    await db.query(`DELETE FROM document_types WHERE type IN ('NC', 'ND', 'P') OR electronic_type = 'PosEquivalentDocument'`);
    await db.query(`ALTER TABLE document_types ADD CONSTRAINT document_types_type_check CHECK (type IN ('FV', 'RC'))`);
    await db.query(`ALTER TABLE document_types ADD CONSTRAINT document_types_electronic_type_check CHECK (electronic_type IN ('NoElectronic', 'ElectronicInvoice'))`);
    await db.query(`ALTER TABLE payment_types ADD CONSTRAINT payment_types_document_type_check CHECK (document_type IN ('FV', 'RC'))`);
    old = await previousVersion(db);
    const running = await startServer(config, db); // applies migration 013 and what follows it
    await ensureDemo(db);
    s = new TestServer(running, async () => { await drop(); for (const d of dirs) fs.rmSync(d, { recursive: true, force: true }); }, env.DATABASE_URL, env.DATA_DIR);
    [r, v] = await Promise.all([coRefs(s), rcRefs(s)]);
    [{ company_id: cid }] = await s.db.query(`SELECT company_id FROM companies WHERE is_demo AND country = 'CO'`);
  });
  after(() => s.close());

  test('the chart gains the auxiliaries, the older accounts stay, and the master data posts where a new company\'s does', async () => {
    const codes = (await s.as('co').get('/v1/accounts?code=1305&page_size=100')).body.results.map((a: any) => a.code);
    assert.deepEqual(codes, ['1305', '130505', '13050501', '130510', '13051001']);
    // A company created now gets the same catalog (the demo's active rows).
    const ref = await s.db.tx(async (q) => {
      const [row] = await q.query(`INSERT INTO companies (country, legal_name, tax_id, check_digit, time_zone) VALUES ('CO', 'Referencia S.A.S.', '900373115', '7', 'America/Bogota') RETURNING company_id`);
      await seedStarterCatalog(q, row.company_id, 'CO');
      return row.company_id as number;
    });
    const catalog = async (company: number) => ({
      accounts: await s.db.query('SELECT code, name, nature FROM accounts WHERE company_id = $1 AND active ORDER BY code', [company]),
      taxes: await s.db.query('SELECT name, type, percentage::text, account_code FROM taxes WHERE company_id = $1 AND active ORDER BY name', [company]),
      payments: await s.db.query('SELECT name, document_type, due_date, account_code FROM payment_types WHERE company_id = $1 AND active ORDER BY document_type, name', [company]),
      allowances: await s.db.query('SELECT kind, name, account_code FROM allowance_charges WHERE company_id = $1 AND active ORDER BY kind, name', [company]),
    });
    assert.deepEqual(await catalog(cid), await catalog(ref));
    assert.deepEqual(await s.db.query(`SELECT name, account_code FROM taxes WHERE company_id = $1 AND NOT active`, [cid]), [{ name: 'IVA 16% (derogado)', account_code: '24080501' }]);
    assert.deepEqual(await s.db.query('SELECT account_code FROM due_items WHERE invoice_id = $1', [old.id]), [{ account_code: '130505' }], 'the old receivable keeps its account');
  });

  test('the old invoice is paid off 130505, new documents post to the auxiliaries, a Detailed voucher names them; the books balance', async () => {
    const customer = { identification: old.identification, branch_office: 0 };
    const inv = await s.as('co').get(`/v1/invoices/${old.id}`);
    assert.deepEqual([inv.status, inv.body.name, inv.body.balance], [200, old.name, 1000]);
    const paid = await s.as('co').post('/v1/vouchers', debtPayment(v, customer, [{ due: { prefix: inv.body.prefix, consecutive: inv.body.number, quote: 1 }, value: 400 }]));
    assert.equal(paid.status, 201, JSON.stringify(paid.body));
    assert.deepEqual(paid.body.items[0].account, { code: '130505', movement: 'Credit' });
    const lines = async (id: string) => (await s.db.query(`SELECT l.account_code, l.debit::text, l.credit::text FROM journal_lines l JOIN journal_entries e ON e.id = l.entry_id
      WHERE e.source_id = $1 ORDER BY e.id, l.line_no`, [id])).map((l) => [l.account_code, l.debit, l.credit]);
    assert.deepEqual(await lines(paid.body.id), [['130505', '0.00', '400.00'], ['11050501', '400.00', '0.00']]);

    const fresh = { identification: '7300000001', branch_office: 0 };
    const credit = await creditInvoice(s, r, { amount: 700, customer: newCustomer(fresh.identification) });
    assert.deepEqual(await lines(credit.id), [['13050501', '700.00', '0.00'], ['41359501', '0.00', '700.00']]);
    const detailed = await s.as('co').post('/v1/vouchers', { document: { id: v.type.RC.id }, date: credit.date, type: 'Detailed', customer: fresh, items: [
      { account: { code: '11100501', movement: 'Debit' }, value: 680 },
      { account: { code: '13551501', movement: 'Debit' }, value: 20, tax: { id: r.taxOf('Retefuente', 2.5).id } },
      { account: { code: '13050501', movement: 'Credit' }, value: 700, due: dueOf(credit) },
    ] });
    assert.equal(detailed.status, 201, JSON.stringify(detailed.body));
    assert.deepEqual(await lines(detailed.body.id), [['11100501', '680.00', '0.00'], ['13551501', '20.00', '0.00'], ['13050501', '0.00', '700.00']]);

    const tb = (await s.as('co').get('/v1/reports/trial-balance')).body;
    assert.equal(tb.balanced, true);
    const closing = (code: string) => tb.accounts.find((a: any) => a.code === code)?.closing_balance;
    assert.deepEqual([closing('130505'), closing('13050501'), closing('4135'), closing('41359501')], [600, 0, -1000, -700]);
    const ar = (await s.as('co').get(`/v1/reports/accounts-receivable?customer_identification=${old.identification}`)).body;
    assert.deepEqual(ar.customers[0].items.map((i: any) => [i.invoice.name, i.balance]), [[old.name, 600]]);

    // The old invoice can be deleted once its receipt is annulled: its reversal mirrors what it posted then.
    assert.equal((await s.as('co').post(`/v1/vouchers/${paid.body.id}/annul`, {})).status, 200);
    const del = await s.call('DELETE', `/v1/invoices/${old.id}`, { token: await s.token('co') });
    assert.deepEqual([del.status, del.body], [200, { id: old.id, deleted: true }]);
    assert.deepEqual((await lines(old.id)).slice(2), [['130505', '0.00', '1000.00'], ['4135', '1000.00', '0.00']]);
    assert.equal((await s.as('co').get('/v1/reports/trial-balance')).body.balanced, true);
  });
});
