/**
 * Colombian invoices that succeed: amounts to the cent, what is stored (document,
 * due items, a balanced journal entry), reads, list filters, annulment, preview,
 * Idempotency-Key, and numbering under concurrency, on each storage.
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { spawn } from 'node:child_process';
import { eachStorage, problems, startTestServer, STORAGES, type TestServer } from '../support/server';
import { coRefs, today, validInvoice, type CoRefs } from '../support/co';
import { mainCustomer, rcRefs, receiveAdvance } from '../support/vouchers';
import { sleep } from '../support/profile';

async function journal(s: TestServer, invoiceId: string) {
  const rows = await s.db.query(
    `SELECT e.source_kind, l.account_code, l.debit::text, l.credit::text FROM journal_entries e JOIN journal_lines l ON l.entry_id = e.id
      WHERE e.source_id = $1 ORDER BY e.id, l.line_no`, [invoiceId]);
  return rows;
}
function balanced(rows: any[]) {
  const d = rows.reduce((x, r) => x + Math.round(Number(r.debit) * 100), 0);
  const c = rows.reduce((x, r) => x + Math.round(Number(r.credit) * 100), 0);
  assert.equal(d, c, `debits ${d / 100} = credits ${c / 100}`);
  return d / 100;
}

eachStorage('CO invoices', (storage) => {
  let s: TestServer;
  let r: CoRefs;
  before(async () => { s = await startTestServer(storage); r = await coRefs(s); });
  after(() => s.close());

  test('DESIGN example: 10 × 100 − 50 with IVA 19 % → 1130.50; stored, read back, balanced entry', async () => {
    const res = await s.as('co').post('/v1/invoices', validInvoice(r, { observations: 'Entrega en bodega', additional_fields: { purchase_order: { prefix: 'OC', number: '4501' } } }));
    assert.equal(res.status, 201, JSON.stringify(res.body));
    const inv = res.body;
    assert.match(inv.id, /^[0-9a-f-]{36}$/);
    assert.deepEqual(inv.document, { id: r.type.FV.id, name: r.type.FV.name });
    assert.equal(inv.name, `${inv.prefix}-${r.type.FV.id}-${inv.number}`);
    assert.equal(inv.total, 1130.5);
    assert.equal(inv.balance, 0);
    assert.equal(inv.items[0].total, 1130.5);
    assert.deepEqual(inv.items[0].discount, { percentage: 5, value: 50 });
    assert.deepEqual(inv.items[0].taxes, [{ id: r.taxOf('IVA', 19).id, name: r.taxOf('IVA', 19).name, type: 'IVA', percentage: 19, value: 180.5, base_value: 950 }]);
    assert.equal(typeof inv.items[0].id, 'string');
    assert.deepEqual(inv.payments, [{ id: r.pay.Cash.id, name: r.pay.Cash.name, value: 1130.5, due_date: null }]);
    assert.equal(inv.stamp.status, 'Draft');
    assert.equal(inv.mail.status, 'not_sent');
    assert.equal(inv.annulled, false);
    assert.equal(inv.customer.id, String(r.customers.find((c) => c.identification === inv.customer.identification && c.branch_office === 0).id));
    assert.match(inv.metadata.created, /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    assert.deepEqual(inv.additional_fields, { purchase_order: { prefix: 'OC', number: '4501' } });
    const read = await s.as('co').get(`/v1/invoices/${inv.id}`);
    assert.deepEqual(read.body, inv);
    const rows = await journal(s, inv.id);
    assert.equal(balanced(rows), 1130.5);
    assert.deepEqual(rows.map((x) => [x.account_code, x.debit, x.credit]), [['11050501', '1130.50', '0.00'], ['24080501', '0.00', '180.50'], ['41359501', '0.00', '950.00']]);
  });

  test('taxed price 119 with IVA 19 % → price 100, tax 19, total 119', async () => {
    const res = await s.as('co').post('/v1/invoices', validInvoice(r, {
      items: [{ code: 'MOUSE01', quantity: 1, taxed_price: 119, taxes: [{ id: r.taxOf('IVA', 19).id }] }],
      payments: [{ id: r.pay.Cash.id, value: 119 }],
    }));
    assert.equal(res.status, 201, JSON.stringify(res.body));
    assert.equal(res.body.items[0].price, 100);
    assert.equal(res.body.items[0].taxes[0].value, 19);
    assert.equal(res.body.total, 119);
  });

  test('percentage discount, product taxes by default, descriptions, credit with a due item', async () => {
    // 3 × 33.333333 = 99.999999; 10 % → 9.9999999; base round(89.9999991) = 90.00; IVA 19 % = 17.10; total 107.10.
    // Second line: ARROZ1K (IVA 0 % from the product), 2 × 2500 = 5000, 10 % → base 4500.00, total 4500.00.
    const body = validInvoice(r, {
      document: { id: r.type['FV-PCT'].id },
      items: [
        { code: 'PORT14', quantity: 3, price: 33.333333, discount: 10, taxes: [{ id: r.taxOf('IVA', 19).id }] },
        { code: 'ARROZ1K', quantity: 2, price: 2500, discount: 10 },
        { code: 'PORT14', quantity: 1, price: 1, taxes: [], description: '' },
        { code: 'MOUSE01', quantity: 1, price: 1, taxes: [], description: 'Mouse rojo' },
      ],
      payments: [{ id: r.pay.Cash.id, value: 1000 }, { id: r.pay.Credit.id, value: 3609.1, due_date: '2099-12-31' }],
    });
    const res = await s.as('co').post('/v1/invoices', body);
    assert.equal(res.status, 201, JSON.stringify(res.body));
    const [a, b, c, d] = res.body.items;
    assert.equal(a.total, 107.1);
    assert.deepEqual(a.discount, { percentage: 10, value: 10 });
    assert.equal(b.total, 4500);
    assert.deepEqual(b.taxes.map((t: any) => [t.type, t.percentage, t.value]), [['IVA', 0, 0]]);
    assert.equal(res.body.total, 4609.1);
    assert.equal(res.body.balance, 3609.1);
    assert.equal(a.description, r.product.PORT14.long_description, 'no description sent: the long description');
    assert.equal(c.description, '', 'sent empty: stays empty');
    assert.equal(d.description, 'Mouse rojo');
    const noLong = await s.as('co').post('/v1/invoices', validInvoice(r, { items: [{ code: 'MOUSE01', quantity: 1, price: 10, taxes: [] }], payments: [{ id: r.pay.Cash.id, value: 10 }] }));
    assert.equal(noLong.body.items[0].description, r.product.MOUSE01.name, 'no long description: the name');
    const due = await s.db.query('SELECT prefix, consecutive, quote, due_date, amount::text, paid::text FROM due_items WHERE invoice_id = $1', [res.body.id]);
    assert.deepEqual(due, [{ prefix: res.body.prefix, consecutive: res.body.number, quote: 1, due_date: '2099-12-31', amount: '3609.10', paid: '0.00' }]);
    const rows = await journal(s, res.body.id);
    balanced(rows);
    assert.ok(rows.some((x) => x.account_code === '13050501' && x.debit === '3609.10'), 'receivable debited');
  });

  test('electronic invoice with Retefuente, ReteIVA, ReteICA, Autorretencion and an advance payment', async () => {
    // Line: 4 × 250000 = 1,000,000.00; IVA 19 % = 190,000.00; Retefuente 2.5 % = 25,000.00 → line total 1,165,000.00.
    // ReteIVA 15 % of IVA = 28,500.00; ReteICA 0.966 % of 1,000,000 = 9,660.00; Autorretencion 0.8 % = 8,000.00 (not withheld).
    // total = 1,000,000 + 190,000 = 1,190,000.00; withholdings 25,000 + 28,500 + 9,660 = 63,160.00; advance 100,000.00.
    // payable = 1,190,000 − 63,160 − 100,000 = 1,026,840.00. The advance was received first.
    await receiveAdvance(s, await rcRefs(s), mainCustomer(r), 100000);
    const res = await s.as('co').post('/v1/invoices', validInvoice(r, {
      document: { id: r.type['FV-E'].id }, date: today(),
      items: [{ code: 'PORT14', quantity: 4, price: 250000, taxes: [{ id: r.taxOf('IVA', 19).id }, { id: r.taxOf('Retefuente', 2.5).id }] }],
      retentions: [{ id: r.taxOf('ReteIVA', 15).id }, { id: r.taxOf('ReteICA', 0.966).id }, { id: r.taxOf('Autorretencion', 0.8).id }],
      advance_payment: 100000,
      payments: [{ id: r.pay.Transfer.id, value: 1026840 }],
    }));
    assert.equal(res.status, 201, JSON.stringify(res.body));
    assert.equal(res.body.items[0].total, 1165000);
    assert.deepEqual(res.body.retentions.map((x: any) => [x.type, x.percentage, x.value]), [['ReteIVA', 15, 28500], ['ReteICA', 0.966, 9660], ['Autorretencion', 0.8, 8000]]);
    assert.equal(res.body.total, 1190000);
    assert.equal(res.body.amount_payable, 1026840);
    assert.equal(res.body.advance_payment, 100000);
    assert.equal(res.body.prefix, 'SETP');
    assert.ok(res.body.number >= 990000000);
    const rows = await journal(s, res.body.id);
    balanced(rows);
    assert.ok(rows.some((x) => x.account_code === '28050501' && x.debit === '100000.00'), 'advance applied');
    assert.ok(rows.some((x) => x.account_code === '13551701' && x.debit === '28500.00'), 'ReteIVA suffered');
  });

  test('global discount by percentage (wins over value), global charge by value, foreign currency', async () => {
    // Base 950.00, IVA 180.50; discount 10 % of 950 = 95.00 (value 1 ignored); charge 20.00.
    // total = 950 + 180.50 − 95 + 20 = 1055.50 USD; ledger in COP at 4000.5.
    const res = await s.as('co').post('/v1/invoices', validInvoice(r, {
      currency: { code: 'USD', exchange_rate: 4000.5 },
      global_discounts: [{ id: r.discount.id, percentage: 10, value: 1 }],
      global_charges: [{ id: r.charge.id, value: 20 }],
      payments: [{ id: r.pay.Cash.id, value: 1055.5 }],
    }));
    assert.equal(res.status, 201, JSON.stringify(res.body));
    assert.deepEqual(res.body.global_discounts, [{ id: r.discount.id, name: r.discount.name, percentage: 10, value: 95 }]);
    assert.deepEqual(res.body.global_charges, [{ id: r.charge.id, name: r.charge.name, percentage: null, value: 20 }]);
    assert.equal(res.body.total, 1055.5);
    assert.deepEqual(res.body.currency, { code: 'USD', exchange_rate: 4000.5 });
    const rows = await journal(s, res.body.id);
    assert.equal(balanced(rows), 4222527.75 + 380047.5, 'cash 1055.50 × 4000.5 plus the discount 95 × 4000.5');
  });

  test('foreign currency: revenue is the base converted, the cent converting each figure leaves goes to the exchange difference', async () => {
    // MOUSE01 250.01 USD + IVA 19 % 47.50 = 297.51 USD at 3,987.65: cash 1,186,365.75, IVA 189,413.38, revenue 250.01 × 3,987.65 = 996,952.38
    // (revenue as what is left would be 996,952.37); the cent is an exchange difference (expense, 53052501). A credit note reverses
    // the same figures (notePostings swaps coInvoicePostings).
    const res = await s.as('co').post('/v1/invoices', validInvoice(r, { currency: { code: 'USD', exchange_rate: 3987.65 },
      items: [{ code: 'MOUSE01', quantity: 1, price: 250.01, taxes: [{ id: r.taxOf('IVA', 19).id }] }], payments: [{ id: r.pay.Cash.id, value: 297.51 }] }));
    assert.equal(res.status, 201, JSON.stringify(res.body));
    const lines = (await journal(s, res.body.id)).map((x) => [x.account_code, x.debit, x.credit]).sort((a, b) => a[0].localeCompare(b[0]));
    assert.deepEqual(lines, [['11050501', '1186365.75', '0.00'], ['24080501', '0.00', '189413.38'], ['41359501', '0.00', '996952.38'], ['53052501', '0.01', '0.00']]);
  });

  test('gift lines: taxes borne by the company or by the customer', async () => {
    // Company bears IVA 19 % of 50,000 = 9,500 (not charged); customer bears IVA of 10,000 = 1,900 (charged).
    const res = await s.as('co').post('/v1/invoices', validInvoice(r, {
      items: [
        { code: 'MOUSE01', quantity: 1, price: 0, tax_base: 50000, taxpayer: 'Company', taxes: [{ id: r.taxOf('IVA', 19).id }] },
        { code: 'MOUSE01', quantity: 1, price: 0, tax_base: 10000, taxpayer: 'Customer', taxes: [{ id: r.taxOf('IVA', 19).id }] },
      ],
      payments: [{ id: r.pay.Cash.id, value: 1900 }],
    }));
    assert.equal(res.status, 201, JSON.stringify(res.body));
    assert.deepEqual(res.body.items.map((i: any) => [i.total, i.taxes[0].value, i.taxes[0].base_value]), [[0, 9500, 50000], [1900, 1900, 10000]]);
    assert.equal(res.body.total, 1900);
    balanced(await journal(s, res.body.id));
  });

  test('a customer created with the invoice, a third party per line, a line seller, transport and healthcare data', async () => {
    const created = await s.as('co').post('/v1/invoices', validInvoice(r, {
      document: { id: r.type['FV-TER'].id },
      customer: { person_type: 'person', id_type: '13', identification: '1098765432', branch_office: 0, name: ['Laura', 'Méndez Ruiz'],
        address: { address: 'Calle 45 # 12-30', city: { country_code: 'CO', state_code: '68', city_code: '68001' } },
        contacts: [{ first_name: 'Laura', email: 'laura@example.co' }] },
      items: [{ code: 'PORT14', quantity: 10, price: 100, discount: 50, taxes: [{ id: r.taxOf('IVA', 19).id }], customer: { identification: r.customers[1].identification, branch_office: r.customers[1].branch_office } }],
    }));
    assert.equal(created.status, 201, JSON.stringify(created.body));
    const [row] = await s.db.query("SELECT id, name FROM customers WHERE identification = '1098765432'");
    assert.deepEqual(row.name, ['Laura', 'Méndez Ruiz']);
    assert.equal(created.body.customer.id, String(row.id));
    assert.deepEqual(created.body.items[0].customer, { id: String(r.customers[1].id), identification: r.customers[1].identification, branch_office: r.customers[1].branch_office });
    const again = await s.as('co').post('/v1/invoices', validInvoice(r, { customer: { ...validInvoice(r).customer, identification: '1098765432', person_type: 'person', id_type: '13', name: ['Laura', 'Méndez Ruiz'], address: { address: 'Calle 45', city: { country_code: 'CO', state_code: '68', city_code: '68001' } } } }));
    assert.deepEqual(problems(again), ['already_exists@customer.identification']);
    const byRef = await s.as('co').post('/v1/invoices', validInvoice(r, { customer: { identification: '1098765432' } }));
    assert.equal(byRef.status, 201, 'the created customer can be referenced afterwards');

    const seller = await s.as('co').post('/v1/invoices', validInvoice(r, { document: { id: r.type['FV-VEN'].id }, items: [{ code: 'PORT14', quantity: 10, price: 100, discount: 50, taxes: [{ id: r.taxOf('IVA', 19).id }], seller: r.seller.id, warehouse: r.warehouse.id }] }));
    assert.equal(seller.status, 201, JSON.stringify(seller.body));
    assert.equal(seller.body.items[0].seller, r.seller.id);
    assert.deepEqual(seller.body.items[0].warehouse, { id: r.warehouse.id, name: r.warehouse.name });
    const transport = { file_number: 100000000000, shipment_number: 'GU-2026/11, A_1', transported_quantity: 12345678, measurement_unit: 'KGM', freight_value: 999999999999, purchase_order: 'OC4501', service_type: 'Shipment' };
    const cargo = await s.as('co').post('/v1/invoices', validInvoice(r, { document: { id: r.type['FV-CAR'].id }, items: [{ code: 'FLETE01', quantity: 1, price: 1130.5, transport }] }));
    assert.equal(cargo.status, 201, JSON.stringify(cargo.body));
    assert.deepEqual(cargo.body.items[0].transport, transport);
    const health = { period_start: '2026-11-01', period_end: '2026-11-30', payment_method: '04', service_plan: '11', policy_number: 'POL123', contract_number: 'C99', copayment: 1234567890.12 };
    const h = await s.as('co').post('/v1/invoices', validInvoice(r, { document: { id: r.type['FV-SAL'].id }, healthcare_company: health }));
    assert.equal(h.status, 201, JSON.stringify(h.body));
    assert.deepEqual(h.body.healthcare_company, health);
  });

  test('a change of master data is seen by the next invoice (catalog cache follows the catalog version)', async () => {
    const ok = await s.as('co').post('/v1/invoices', validInvoice(r));
    assert.equal(ok.status, 201);
    await s.db.query('UPDATE sellers SET active = false WHERE id = $1', [r.seller.id]);
    try {
      const refused = await s.as('co').post('/v1/invoices', validInvoice(r));
      assert.deepEqual(problems(refused), ['parameter_inactive@seller']);
    } finally {
      await s.db.query('UPDATE sellers SET active = true WHERE id = $1', [r.seller.id]);
    }
    assert.equal((await s.as('co').post('/v1/invoices', validInvoice(r))).status, 201);
    const [{ v: before }] = await s.db.query('SELECT catalog_version AS v FROM companies WHERE company_id = (SELECT company_id FROM sellers WHERE id = $1)', [r.seller.id]);
    await s.as('co').post('/v1/invoices', validInvoice(r));
    const [{ v: after }] = await s.db.query('SELECT catalog_version AS v FROM companies WHERE company_id = (SELECT company_id FROM sellers WHERE id = $1)', [r.seller.id]);
    assert.equal(after, before, 'numbering does not move the catalog version');
  });

  test('manual numbers, automatic numbers skip them, names follow <prefix>-<type>-<number>', async () => {
    const t = r.type.FV;
    const first = await s.as('co').post('/v1/invoices', validInvoice(r));
    const next = first.body.number + 1;
    const manual = await s.as('co').post('/v1/invoices', validInvoice(r, { number: next }));
    assert.equal(manual.status, 201);
    assert.equal(manual.body.name, `FV-${t.id}-${next}`);
    const auto = await s.as('co').post('/v1/invoices', validInvoice(r));
    assert.equal(auto.body.number, next + 1, 'the automatic number goes past the one sent by hand');
    const dup = await s.as('co').post('/v1/invoices', validInvoice(r, { number: next }));
    assert.deepEqual(problems(dup), ['duplicated_document@number']);
  });

  test('preview computes without storing or numbering', async () => {
    const before = (await s.as('co').get(`/v1/document-types/${r.type.FV.id}`)).body.consecutive;
    const [{ n }] = await s.db.query('SELECT count(*)::int AS n FROM invoices');
    const res = await s.as('co').post('/v1/invoices/preview', validInvoice(r, { payments: [{ id: r.pay.Cash.id, value: 1 }] }));
    assert.equal(res.status, 400, 'preview applies every rule');
    const ok = await s.as('co').post('/v1/invoices/preview', validInvoice(r));
    assert.equal(ok.status, 200);
    assert.equal(ok.body.amount_payable, 1130.5);
    assert.equal(ok.body.id, null);
    assert.equal(ok.body.number, null);
    assert.equal((await s.as('co').get(`/v1/document-types/${r.type.FV.id}`)).body.consecutive, before);
    assert.equal((await s.db.query('SELECT count(*)::int AS n FROM invoices'))[0].n, n);
  });

  test('list with filters and pagination; another company cannot see or annul', async () => {
    const customer = r.customers.find((c) => c.branch_office === 1);
    const mine = await s.as('co').post('/v1/invoices', validInvoice(r, { customer: { identification: customer.identification, branch_office: 1 } }));
    const list = await s.as('co').get(`/v1/invoices?customer_identification=${customer.identification}&customer_branch_office=1`);
    assert.deepEqual(list.body.results.map((x: any) => x.id), [mine.body.id]);
    assert.deepEqual(list.body.results[0], (await s.as('co').get(`/v1/invoices/${mine.body.id}`)).body, 'the list has the full shape');
    const byName = await s.as('co').get(`/v1/invoices?name=${mine.body.name}`);
    assert.deepEqual(byName.body.results.map((x: any) => x.id), [mine.body.id]);
    const byType = await s.as('co').get(`/v1/invoices?document_id=${r.type['FV-E'].id}&page_size=100`);
    assert.ok(byType.body.results.length >= 1 && byType.body.results.every((x: any) => x.document.id === r.type['FV-E'].id));
    const day = today();
    const todays = await s.as('co').get(`/v1/invoices?created_start=${day}&created_end=${day}&date_start=${day}&date_end=${day}&page_size=2`);
    assert.equal(todays.body.results.length, 2);
    assert.ok(todays.body.pagination.total_results >= 5);
    const future = await s.as('co').get('/v1/invoices?created_start=2099-01-01');
    assert.deepEqual(future.body.results, []);
    const exact = await s.as('co').get(`/v1/invoices?updated_start=${encodeURIComponent(mine.body.metadata.created)}&updated_end=${encodeURIComponent(mine.body.metadata.created)}`);
    assert.ok(exact.body.results.some((x: any) => x.id === mine.body.id));
    assert.deepEqual(problems(await s.as('co').get('/v1/invoices?date_start=yesterday')), ['invalid_date@date_start']);
    assert.equal((await s.as('co').get('/v1/invoices/not-a-uuid')).status, 400);
    assert.equal((await s.as('co').get('/v1/invoices/00000000-0000-4000-8000-000000000000')).status, 404);
    const mx = await s.as('mx').get(`/v1/invoices/${mine.body.id}`);
    assert.notEqual(mx.status, 200);
    const mxList = await s.call('GET', '/v1/invoices', { token: await s.token('mx') });
    assert.equal(mxList.status, 403);
  });

  test('annul: reverses the entry and the due items; twice is refused; paid invoices are refused', async () => {
    const inv = (await s.as('co').post('/v1/invoices', validInvoice(r, { payments: [{ id: r.pay.Credit.id, value: 1130.5, due_date: '2099-01-31' }] }))).body;
    assert.equal(inv.balance, 1130.5);
    const annulled = await s.as('co').post(`/v1/invoices/${inv.id}/annul`, {});
    assert.equal(annulled.status, 200, JSON.stringify(annulled.body));
    assert.equal(annulled.body.annulled, true);
    assert.equal(annulled.body.balance, 0);
    assert.notEqual(annulled.body.metadata.last_updated, undefined);
    const rows = await journal(s, inv.id);
    assert.deepEqual([...new Set(rows.map((x) => x.source_kind))], ['invoice', 'invoice_annulment']);
    const net = new Map<string, number>();
    for (const x of rows) net.set(x.account_code, (net.get(x.account_code) ?? 0) + Math.round(Number(x.debit) * 100) - Math.round(Number(x.credit) * 100));
    assert.ok([...net.values()].every((v) => v === 0), 'every account nets to zero');
    assert.deepEqual(await s.db.query('SELECT annulled FROM due_items WHERE invoice_id = $1', [inv.id]), [{ annulled: true }]);
    const twice = await s.as('co').post(`/v1/invoices/${inv.id}/annul`, {});
    assert.deepEqual(problems(twice), ['invalid_document@id']);
    assert.match(twice.body.Errors[0].Message, /already annulled/);
    const paid = (await s.as('co').post('/v1/invoices', validInvoice(r, { payments: [{ id: r.pay.Credit.id, value: 1130.5, due_date: '2099-01-31' }] }))).body;
    await s.db.query('UPDATE due_items SET paid = 100 WHERE invoice_id = $1', [paid.id]);
    const refused = await s.as('co').post(`/v1/invoices/${paid.id}/annul`, {});
    assert.deepEqual(problems(refused), ['invalid_document@id']);
    assert.match(refused.body.Errors[0].Message, /payments applied/);
    assert.equal((await s.as('co').post('/v1/invoices/00000000-0000-4000-8000-000000000000/annul', {})).status, 404);
  });

  test('Idempotency-Key: replay, conflict, failures do not consume it, concurrent retries create one invoice', async () => {
    const key = { 'idempotency-key': `k-${storage}-1` };
    const body = validInvoice(r);
    const first = await s.as('co').post('/v1/invoices', body, key);
    assert.equal(first.status, 201);
    const again = await s.as('co').post('/v1/invoices', body, key);
    assert.equal(again.status, 201);
    assert.deepEqual(again.body, first.body);
    assert.equal(again.headers.get('idempotent-replayed'), 'true');
    const conflict = await s.as('co').post('/v1/invoices', { ...body, observations: 'otra' }, key);
    assert.equal(conflict.status, 409);
    assert.deepEqual(problems(conflict), ['idempotency_conflict@Idempotency-Key']);
    assert.deepEqual(problems(await s.as('co').post('/v1/invoices', body, { 'idempotency-key': 'bad key!' })), ['invalid_idempotency_key@Idempotency-Key']);

    const failKey = { 'idempotency-key': `k-${storage}-2` };
    const failed = await s.as('co').post('/v1/invoices', { ...body, payments: [{ id: r.pay.Cash.id, value: 1 }] }, failKey);
    assert.equal(failed.status, 400);
    const fixed = await s.as('co').post('/v1/invoices', { ...body, observations: 'corregida' }, failKey);
    assert.equal(fixed.status, 201, 'a failed request does not consume the key');

    const raceKey = { 'idempotency-key': `k-${storage}-race` };
    const [{ n: before }] = await s.db.query('SELECT count(*)::int AS n FROM invoices');
    const answers = await Promise.all(Array.from({ length: 8 }, () => s.as('co').post('/v1/invoices', body, raceKey)));
    assert.deepEqual(answers.map((a) => a.status), Array(8).fill(201));
    assert.equal(new Set(answers.map((a) => a.body.id)).size, 1, 'one invoice for all retries');
    const [{ n: afterCount }] = await s.db.query('SELECT count(*)::int AS n FROM invoices');
    assert.equal(afterCount, before + 1);
  });

  test('50 simultaneous creations take exactly the next 50 numbers', async () => {
    const typeId = r.type['FV-CAR'].id;
    const start = (await s.as('co').get(`/v1/document-types/${typeId}`)).body.consecutive;
    const body = validInvoice(r, { document: { id: typeId } });
    const answers = await Promise.all(Array.from({ length: 50 }, () => s.as('co').post('/v1/invoices', body)));
    assert.deepEqual(answers.map((a) => a.status), Array(50).fill(201), JSON.stringify(answers.find((a) => a.status !== 201)?.body));
    const numbers = answers.map((a) => a.body.number).sort((a, b) => a - b);
    assert.deepEqual(numbers, Array.from({ length: 50 }, (_, i) => start + i));
  });
});

if (STORAGES.includes('postgres')) {
  test('two server processes on one PostgreSQL: numbers stay gap-free and unique', async () => {
    const s = await startTestServer('postgres');
    const main = path.join(__dirname, '..', '..', 'src', 'main.js');
    const port = 20000 + Math.floor(Math.random() * 20000);
    const child = spawn(process.execPath, [main], { env: { ...process.env, DATABASE_URL: s.databaseUrl, PORT: String(port), LOG_LEVEL: 'silent', RATE_LIMIT_PER_MINUTE: '0' }, stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr!.on('data', (d) => { stderr += d; });
    const exited = new Promise((x) => child.once('exit', x));
    try {
      const other = `http://127.0.0.1:${port}`;
      for (let i = 0; i < 300 && child.exitCode === null; i++) { try { if ((await fetch(`${other}/health`)).ok) break; } catch { /* starting */ } await sleep(100); }
      assert.equal(child.exitCode, null, `the second process stopped: ${stderr}`);
      const r = await coRefs(s);
      const typeId = r.type['FV-PCT'].id;
      const start = (await s.as('co').get(`/v1/document-types/${typeId}`)).body.consecutive;
      const token = await s.token('co');
      const body = JSON.stringify(validInvoice(r, { document: { id: typeId }, items: [{ code: 'MOUSE01', quantity: 1, price: 100, taxes: [] }], payments: [{ id: r.pay.Cash.id, value: 100 }] }));
      const send = (base: string) => fetch(`${base}/v1/invoices`, { method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body })
        .then(async (res) => ({ status: res.status, body: await res.json() as any }));
      const answers = await Promise.all(Array.from({ length: 60 }, (_, i) => send(i % 2 ? other : s.url)));
      assert.deepEqual(answers.map((a) => a.status), Array(60).fill(201), JSON.stringify(answers.find((a) => a.status !== 201)?.body));
      assert.deepEqual(answers.map((a) => a.body.number).sort((a, b) => a - b), Array.from({ length: 60 }, (_, i) => start + i));
    } finally {
      child.kill('SIGTERM');
      await exited; // listened to from the start: a process that already stopped is not waited for forever
      await s.close();
    }
  });
}
