/**
 * Every rule of the specification's CO invoice tables: a bad value in, its
 * code and JSON path out, and nothing stored.
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { problems, startTestServer, type TestServer } from '../support/server';
import { coRefs, today, validInvoice, type CoRefs } from '../support/co';

let s: TestServer;
let r: CoRefs;
before(async () => { s = await startTestServer('pglite'); r = await coRefs(s); });
after(() => s.close());

const yesterday = () => new Date(Date.parse(today() + 'T12:00:00Z') - 86400000).toISOString().slice(0, 10);
const item = (over: Record<string, unknown> = {}) => ({ code: 'PORT14', quantity: 10, price: 100, discount: 50, taxes: [{ id: r.taxOf('IVA', 19).id }], ...over });
const newCustomer = (over: Record<string, unknown> = {}) => ({
  person_type: 'company', id_type: '31', identification: '900373115', branch_office: 0, name: ['Distribuciones Río Claro S.A.S.'],
  address: { address: 'Cra 7 # 71-21', city: { country_code: 'CO', state_code: '11', city_code: '11001' } },
  contacts: [{ first_name: 'Ana', email: 'ana@rioclaro.example.co' }], ...over,
});

/** [what, body changes (a function of the refs), expected "code@path" problems] */
const CASES: [string, () => Record<string, unknown>, string[]][] = [
  ['empty body', () => ({ document: undefined, date: undefined, customer: undefined, seller: undefined, items: undefined, payments: undefined }),
    ['parameter_required@customer', 'parameter_required@date', 'parameter_required@document', 'parameter_required@items', 'parameter_required@payments', 'parameter_required@seller']],
  ['unknown document type', () => ({ document: { id: 999999 } }), ['invalid_reference@document.id']],
  ['inactive document type', () => ({ document: { id: r.type['FV-INA'].id } }), ['parameter_inactive@document.id']],
  ['cash receipt type', () => ({ document: { id: r.rcType.id } }), ['invalid_document@document.id']],
  ['document id as a string that is not a number', () => ({ document: { id: 'FV' } }), ['invalid_value@document.id']],
  ['malformed date', () => ({ date: '22/11/2026' }), ['invalid_date@date']],
  ['impossible date', () => ({ date: '2026-02-30' }), ['invalid_date@date']],
  ['electronic invoice dated yesterday', () => ({ document: { id: r.type['FV-E'].id }, date: yesterday() }), ['invalid_date@date']],
  ['unknown customer', () => ({ customer: { identification: '123', branch_office: 0 } }), ['invalid_reference@customer.identification']],
  ['unknown branch of a customer', () => ({ customer: { identification: r.customers[0].identification, branch_office: 77 } }), ['invalid_reference@customer.identification']],
  ['inactive customer', () => ({ customer: { identification: r.customers.find((c) => !c.active).identification } }), ['parameter_inactive@customer.identification']],
  ['branch office above 999', () => ({ customer: { identification: r.customers[0].identification, branch_office: 1000 } }), ['invalid_value@customer.branch_office']],
  ['unknown seller', () => ({ seller: 999999 }), ['invalid_reference@seller']],
  ['inactive seller', () => ({ seller: r.inactiveSeller.id }), ['parameter_inactive@seller']],
  ['unknown cost center', () => ({ cost_center: 999999 }), ['invalid_cost_center@cost_center']],
  ['inactive cost center', () => ({ cost_center: r.inactiveCostCenter.id }), ['parameter_inactive@cost_center']],
  ['mandatory cost center missing', () => ({ document: { id: r.type['FV-CC'].id } }), ['parameter_required@cost_center']],
  ['observations over 4000', () => ({ observations: 'x'.repeat(4001) }), ['length_max@observations']],
  ['additional field over 20', () => ({ additional_fields: { purchase_order: { prefix: 'OC', number: '1'.repeat(21) }, delivery_order: { date: '2026-13-01' } } }),
    ['invalid_date@additional_fields.delivery_order.date', 'length_max@additional_fields.purchase_order.number']],
  ['unknown currency code', () => ({ currency: { code: 'XXX', exchange_rate: 1 } }), ['invalid_currency@currency.code']],
  ['currency not enabled for the company', () => ({ currency: { code: 'GBP', exchange_rate: 5000 } }), ['company_settings@currency.code']],
  ['foreign currency without exchange rate', () => ({ currency: { code: 'USD' } }), ['parameter_required@currency.exchange_rate']],
  ['retention of a line tax type', () => ({ retentions: [{ id: r.taxOf('Retefuente', 2.5).id }] }), ['invalid_retentions@retentions[0].id']],
  ['retention not allowed by the document type', () => ({ document: { id: r.type['FV-PCT'].id }, retentions: [{ id: r.taxOf('ReteIVA', 15).id }] }), ['document_settings@retentions[0].id']],
  ['unknown retention', () => ({ retentions: [{ id: 999999 }] }), ['invalid_reference@retentions[0].id']],
  ['advance payment with 3 decimals', () => ({ document: { id: r.type['FV-E'].id }, advance_payment: 1.234 }), ['invalid_amount@advance_payment']],
  ['negative advance payment', () => ({ document: { id: r.type['FV-E'].id }, advance_payment: -1 }), ['invalid_value@advance_payment']],
  ['advance payment on a type without it', () => ({ document: { id: r.type['FV-TER'].id }, advance_payment: 10, payments: [{ id: r.pay.Cash.id, value: 1120.5 }] }), ['document_settings@advance_payment']],
  ['no items', () => ({ items: [] }), ['invalid_array@items']],
  ['more than 500 items', () => ({ items: Array.from({ length: 501 }, () => item()) }), ['invalid_array@items']],
  ['unknown product', () => ({ items: [item({ code: 'NOPE' })] }), ['invalid_reference@items[0].code']],
  ['inactive product', () => ({ items: [item({ code: 'IMPRES01' })] }), ['parameter_inactive@items[0].code']],
  ['quantity with 3 decimals', () => ({ items: [item({ quantity: 1.234 })] }), ['invalid_amount@items[0].quantity']],
  ['quantity zero', () => ({ items: [item({ quantity: 0 })] }), ['invalid_value@items[0].quantity']],
  ['price with 7 decimals', () => ({ items: [item({ price: 1.1234567 })] }), ['invalid_amount@items[0].price']],
  ['price as a string', () => ({ items: [item({ price: '100' })] }), ['invalid_type@items[0].price']],
  ['no price', () => ({ items: [item({ price: undefined })] }), ['parameter_required@items[0].price']],
  ['unknown warehouse', () => ({ items: [item({ warehouse: 999999 })] }), ['invalid_reference@items[0].warehouse']],
  ['inactive warehouse', () => ({ items: [item({ warehouse: r.inactiveWarehouse.id })] }), ['parameter_inactive@items[0].warehouse']],
  ['unknown line tax', () => ({ items: [item({ taxes: [{ id: 999999 }] })] }), ['invalid_reference@items[0].taxes[0].id']],
  ['inactive line tax', () => ({ items: [item({ taxes: [{ id: r.taxOf('IVA', 16, false).id }] })] }), ['parameter_inactive@items[0].taxes[0].id']],
  ['two taxes of one type on a line', () => ({ items: [item({ taxes: [{ id: r.taxOf('IVA', 19).id }, { id: r.taxOf('IVA', 5).id }] })] }), ['invalid_array@items[0].taxes']],
  ['ReteIVA inside a line', () => ({ items: [item({ taxes: [{ id: r.taxOf('ReteIVA', 15).id }] })] }), ['parameter_not_allowed@items[0].taxes[0].id']],
  ['line seller missing where the type has seller per line', () => ({ document: { id: r.type['FV-VEN'].id } }), ['parameter_required@items[0].seller']],
  ['inactive line seller', () => ({ items: [item({ seller: r.inactiveSeller.id })] }), ['parameter_inactive@items[0].seller']],
  ['third party on a type without customer_by_item', () => ({ items: [item({ customer: { identification: r.customers[0].identification } })] }), ['document_settings@items[0].customer']],
  ['unknown third party', () => ({ document: { id: r.type['FV-TER'].id }, items: [item({ customer: { identification: '4242', branch_office: 0 } })] }), ['invalid_reference@items[0].customer.identification']],
  ['third party branch above 999', () => ({ document: { id: r.type['FV-TER'].id }, items: [item({ customer: { identification: '4242', branch_office: 1000 } })] }), ['invalid_value@items[0].customer.branch_office']],
  ['percentage discount above 100', () => ({ document: { id: r.type['FV-PCT'].id }, items: [item({ discount: 101 })] }), ['invalid_value@items[0].discount']],
  ['discount above the line amount', () => ({ items: [item({ discount: 1000.01 })] }), ['invalid_value@items[0].discount']],
  ['gift line without tax_base and taxpayer', () => ({ items: [item({ price: 0, discount: 0 })], payments: [{ id: r.pay.Cash.id, value: 0 }] }),
    ['parameter_required@items[0].tax_base', 'parameter_required@items[0].taxpayer']],
  ['gift tax_base zero and too large, bad taxpayer', () => ({ items: [item({ price: 0, discount: 0, tax_base: 0, taxpayer: 'Nobody' }), item({ price: 0, discount: 0, tax_base: 123456789012, taxpayer: 'Company' })] }),
    ['invalid_value@items[0].tax_base', 'invalid_value@items[0].taxpayer', 'invalid_value@items[1].tax_base']],
  ['transport on a type that is not for cargo', () => ({ items: [item({ transport: { service_type: 'Shipment' } })] }), ['document_settings@items[0].transport']],
  ['transport field limits', () => ({ document: { id: r.type['FV-CAR'].id }, items: [item({ transport: { file_number: 0, shipment_number: 'A'.repeat(16), transported_quantity: 123456789, measurement_unit: 'LTR', freight_value: 1.5, purchase_order: 'OC-1', service_type: 'Flight' } })] }),
    ['invalid_type@items[0].transport.freight_value', 'invalid_value@items[0].transport.file_number', 'invalid_value@items[0].transport.measurement_unit', 'invalid_value@items[0].transport.purchase_order',
      'invalid_value@items[0].transport.service_type', 'invalid_value@items[0].transport.transported_quantity', 'length_max@items[0].transport.shipment_number']],
  ['healthcare on a type that is not for healthcare', () => ({ healthcare_company: { payment_method: '01' } }), ['document_settings@healthcare_company']],
  ['healthcare codes and amounts', () => ({ document: { id: r.type['FV-SAL'].id }, healthcare_company: { payment_method: '06', service_plan: '16', copayment: 1.234, coinsurance: 12345678901, policy_number: 'P-1', period_start: 'x' } }),
    ['invalid_amount@healthcare_company.copayment', 'invalid_date@healthcare_company.period_start', 'invalid_value@healthcare_company.coinsurance', 'invalid_value@healthcare_company.payment_method',
      'invalid_value@healthcare_company.policy_number', 'invalid_value@healthcare_company.service_plan']],
  ['unknown payment type', () => ({ payments: [{ id: 999999, value: 1130.5 }] }), ['invalid_reference@payments[0].id']],
  ['inactive payment type', () => ({ payments: [{ id: r.pay.Check.id, value: 1130.5 }] }), ['parameter_inactive@payments[0].id']],
  ['payment value with 3 decimals', () => ({ payments: [{ id: r.pay.Cash.id, value: 1130.501 }] }), ['invalid_amount@payments[0].value']],
  ['credit payment without due date', () => ({ payments: [{ id: r.pay.Credit.id, value: 1130.5 }] }), ['parameter_required@payments[0].due_date']],
  ['due date before the invoice date', () => ({ payments: [{ id: r.pay.Credit.id, value: 1130.5, due_date: '2020-01-01' }] }), ['invalid_date@payments[0].due_date']],
  ['two payments with a due date', () => ({ payments: [{ id: r.pay.Credit.id, value: 1000, due_date: '2099-01-01' }, { id: r.pay.Credit.id, value: 130.5, due_date: '2099-02-01' }] }), ['invalid_payment@payments[1].id']],
  ['payments that do not add up', () => ({ payments: [{ id: r.pay.Cash.id, value: 1130 }] }), ['invalid_total_payments@payments']],
  ['global discount percentage limits', () => ({ global_discounts: [{ id: r.discount.id, percentage: 0 }, { id: r.discount.id, percentage: 99.991 }, { id: r.discount.id, percentage: 100 }] }),
    ['invalid_amount@global_discounts[1].percentage', 'invalid_value@global_discounts[0].percentage', 'invalid_value@global_discounts[1].percentage', 'invalid_value@global_discounts[2].percentage']],
  ['unknown and inactive global discount', () => ({ global_discounts: [{ id: 999999, percentage: 1 }, { id: r.inactiveDiscount.id, value: 1 }] }),
    ['invalid_reference@global_discounts[0].id', 'parameter_inactive@global_discounts[1].id']],
  ['a charge id used as a discount', () => ({ global_discounts: [{ id: r.charge.id, value: 1 }] }), ['invalid_reference@global_discounts[0].id']],
  ['global discount without amount', () => ({ global_discounts: [{ id: r.discount.id }] }), ['parameter_required@global_discounts[0].percentage']],
  ['number on a manual type missing', () => ({ document: { id: r.type['FV-MAN'].id } }), ['parameter_required@number']],
  ['number not an integer', () => ({ number: 1.5 }), ['invalid_type@number']],
  ['electronic number outside the resolution', () => ({ document: { id: r.type['FV-E'].id }, number: 5 }), ['invalid_dian_resolution@number']],
  ['created customer: field limits', () => ({ customer: newCustomer({ identification: '9'.repeat(51), name: ['N'.repeat(101)], phones: [{ number: '12a' }], contacts: [{ first_name: 'F'.repeat(51), email: 'x' }] }) }),
    ['invalid_email@customer.contacts[0].email', 'invalid_value@customer.phones[0].number', 'length_max@customer.contacts[0].first_name', 'length_max@customer.identification', 'length_max@customer.name[0]']],
  ['created customer: bad person type and id type', () => ({ customer: newCustomer({ person_type: 'robot', id_type: '99' }) }), ['invalid_value@customer.id_type', 'invalid_value@customer.person_type']],
  ['created customer: existing identification and branch', () => ({ customer: newCustomer({ identification: r.customers[0].identification, branch_office: 0 }) }), ['already_exists@customer.identification']],
  ['created customer: special characters and missing address', () => ({ customer: newCustomer({ identification: '900-373', address: undefined }) }),
    ['invalid_identification@customer.identification', 'parameter_required@customer.address']],
  // XML 1.0 cannot carry them: an electronic invoice holding one could never be built nor sent to the DIAN (issue 48, point 2).
  ['a vertical tab (a spreadsheet cell\'s line break) in a line description', () => ({ document: { id: r.type['FV-E'].id }, items: [item({ description: 'Portátil\u000b14 pulgadas' })] }),
    ['invalid_value@items[0].description']],
  ['U+0001 in the observations and U+FFFF in a line description', () => ({ document: { id: r.type['FV-E'].id }, observations: 'Entregar\u0001', items: [item({ description: 'x\uffff' })] }),
    ['invalid_value@items[0].description', 'invalid_value@observations']],
];

for (const [what, change, expected] of CASES) {
  test(`rule: ${what}`, async () => {
    const body: Record<string, unknown> = { ...validInvoice(r), ...change() };
    for (const k of Object.keys(body)) if (body[k] === undefined) delete body[k];
    const [{ n: before }] = await s.db.query('SELECT count(*)::int AS n FROM invoices');
    const res = await s.as('co').post('/v1/invoices', body);
    assert.equal(res.status, 400, JSON.stringify(res.body));
    assert.equal(res.body.Status, 400);
    assert.deepEqual(problems(res).sort(), [...expected].sort(), JSON.stringify(res.body.Errors, null, 1));
    const [{ n: afterCount }] = await s.db.query('SELECT count(*)::int AS n FROM invoices');
    assert.equal(afterCount, before, 'nothing stored');
  });
}

test('tab, line feed and carriage return stay in the texts, and the electronic invoice holding them is built and accepted', async () => {
  const description = 'Portátil 14"\tgris\r\nGarantía 1 año';
  const res = await s.as('co').post('/v1/invoices', { ...validInvoice(r), document: { id: r.type['FV-E'].id }, observations: 'Línea 1\nLínea 2', items: [item({ description })], stamp: { send: true } });
  assert.equal(res.status, 201, JSON.stringify(res.body));
  assert.equal(res.body.stamp.status, 'Accepted', JSON.stringify(res.body.stamp));
  const read = (await s.as('co').get(`/v1/invoices/${res.body.id}`)).body;
  assert.deepEqual([read.items[0].description, read.observations], [description, 'Línea 1\nLínea 2']);
});

test('the payments message states both amounts', async () => {
  const res = await s.as('co').post('/v1/invoices', validInvoice(r, { payments: [{ id: r.pay.Cash.id, value: 1130 }] }));
  assert.equal(res.body.Errors[0].Message, 'The sum of payments (1130.00) must equal the amount payable (1130.50)');
  assert.equal(res.body.Errors[0].Detail, 'expected 1130.50');
});

test('many problems at once, schema and rules together', async () => {
  const res = await s.as('co').post('/v1/invoices', validInvoice(r, {
    seller: 999999, observations: 'x'.repeat(4001),
    items: [item({ code: 'NOPE', quantity: 1.234 }), item({ warehouse: r.inactiveWarehouse.id })],
  }));
  assert.deepEqual(problems(res).sort(), ['invalid_amount@items[0].quantity', 'invalid_reference@items[0].code', 'invalid_reference@seller',
    'length_max@observations', 'parameter_inactive@items[1].warehouse'].sort());
});

test('a duplicated number is refused and a failing invoice leaves no customer behind', async () => {
  const first = await s.as('co').post('/v1/invoices', validInvoice(r, { document: { id: r.type['FV-MAN'].id }, number: 7001 }));
  assert.equal(first.status, 201, JSON.stringify(first.body));
  const again = await s.as('co').post('/v1/invoices', validInvoice(r, { document: { id: r.type['FV-MAN'].id }, number: 7001 }));
  assert.deepEqual(problems(again), ['duplicated_document@number']);
  const failing = await s.as('co').post('/v1/invoices', validInvoice(r, { customer: newCustomer({ identification: '860034313' }), payments: [{ id: r.pay.Cash.id, value: 1 }] }));
  assert.deepEqual(problems(failing), ['invalid_total_payments@payments']);
  assert.equal((await s.db.query("SELECT 1 FROM customers WHERE identification = '860034313'")).length, 0);
});

test('malformed bodies are clear 400s', async () => {
  for (const raw of ['[]', '"text"', '42', 'null']) {
    const res = await s.call('POST', '/v1/invoices', { token: await s.token('co'), raw, headers: { 'content-type': 'application/json' } });
    assert.equal(res.status, 400, raw);
    assert.equal(res.body.Status, 400);
  }
    // eslint-disable-next-line no-loss-of-precision -- a number JSON cannot hold (Infinity once parsed)
  const huge = await s.as('co').post('/v1/invoices', validInvoice(r, { items: [item({ quantity: 1e309 })] }));
  assert.equal(huge.status, 400);
});
