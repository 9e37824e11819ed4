/**
 * The SAT's rules the reviews found missing (issue 24, points 6–12), as a
 * client meets them: regimes and postal codes of customers, the c_UsoCFDI
 * matrix, tax objects, zero prices and bases, where withholdings apply, IVA
 * 8 % and the RESICO ISR, a CFDI that would be refused refused before
 * anything is written, and the provider comparing the CSD holder's name.
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { cfdiContentProblems } from '../../src/countries/mx/sat/rules';
import { eachStorage, problems, startTestServer, type Storage, type TestServer } from '../support/server';
import { MX_APP, mxToday } from '../support/mx';
import { parseXml, satSelect } from '../../src/countries/mx/sat/chain';

eachStorage('SAT rules: catalogues, tax objects, bases, withholdings', (storage: Storage) => {
  let s: TestServer;
  let ref: any;
  let company: any;
  before(async () => {
    s = await startTestServer(storage);
    const all = (p: string) => s.as('mx').list(p);
    const [types, users, pays, taxes] = await Promise.all([all('/v1/document-types?type=FV'), all('/v1/users'), all('/v1/payment-types?document_type=FV'), all('/v1/taxes')]);
    ref = {
      type: Object.fromEntries(types.map((t) => [t.code, t.id])), seller: users.find((u) => u.active).id, cash: pays.find((p) => p.name === 'Contado').id,
      tax: (type: string, pct: number) => taxes.find((t) => t.type === type && t.percentage === pct && t.active).id,
    };
    [company] = await s.db.query(`SELECT company_id, tax_id, legal_name, settings FROM companies WHERE country = 'MX' AND is_demo`);
  });
  after(() => s.close());

  const mx = () => s.as('mx');
  const invoice = (items: object[], total: number, over: Record<string, unknown> = {}) => mx().post('/v1/invoices', {
    document: { id: ref.type['FV-A'] }, customer: { rfc_id: 'XIA190128J61', branch_office: 0 }, seller: ref.seller, use: 'G03', items,
    payment: { method: 'PUE', conditions: { id: ref.cash, value: total, due_date: mxToday() } }, ...over,
  }, MX_APP);
  const counts = async () => (await s.db.query(`SELECT count(*)::int AS n, (SELECT consecutive FROM document_types WHERE id = $1)::int AS next FROM invoices WHERE company_id = $2`,
    [ref.type['FV-A'], company.company_id]))[0];
  const customer = (rfc: string, regime: string, over: Record<string, unknown> = {}) => ({
    person_type: rfc.length === 12 ? 'company' : 'person', identification: rfc, name: rfc.length === 12 ? ['EMPRESA DE PRUEBA'] : ['ANA', 'PEREZ'],
    tax_regime: regime, address: { address: 'Calle 1', postal_code: '06600' }, ...over,
  });
  const cfdiOf = async (id: string) => parseXml(Buffer.from((await mx().get(`/v1/invoices/${id}/xml`)).body.base64, 'base64').toString('utf8')) as unknown as Node;
  const attrs = (doc: Node, q: string, names: string[]) => (satSelect(q, doc) as unknown as Element[]).map((e) => names.map((n) => e.getAttribute(n) ?? '').join(' '));

  test('customers: regime in c_RegimenFiscal and of the RFC\'s person type, postal code in c_CodigoPostal, on create and update', async () => {
    assert.deepEqual(problems(await mx().post('/v1/customers', customer('EPR010101AB1', '999'))), ['invalid_value@tax_regime']);
    const moral612 = await mx().post('/v1/customers', customer('EPR010101AB1', '612'));
    assert.deepEqual(problems(moral612), ['invalid_value@tax_regime']);
    assert.match(moral612.body.Errors[0].Message, /personas físicas \(13-character RFC\)/);
    assert.deepEqual(problems(await mx().post('/v1/customers', customer('PEAA800101AB1', '601'))), ['invalid_value@tax_regime']);
    assert.deepEqual(problems(await mx().post('/v1/customers', customer('EPR010101AB1', '601', { address: { address: 'Calle 1', postal_code: '00000' } }))),
      ['invalid_value@address.postal_code']);
    const ok = await mx().post('/v1/customers', customer('EPR010101AB1', '626'));
    assert.equal(ok.status, 201, JSON.stringify(ok.body));
    assert.deepEqual(problems(await mx().put(`/v1/customers/${ok.body.id}`, customer('EPR010101AB1', '605'))), ['invalid_value@tax_regime']);
  });

  test('the use must be allowed for the receiver\'s regime (c_UsoCFDI): a 605 receiver takes D01, not G03', async () => {
    const created = await mx().post('/v1/customers', customer('SASA800101AB1', '605'));
    assert.equal(created.status, 201, JSON.stringify(created.body));
    const before = await counts();
    const res = await invoice([{ code: 'CONSULT', quantity: 1, price: 100 }], 116, { customer: { rfc_id: 'SASA800101AB1', branch_office: 0 } });
    assert.deepEqual(problems(res), ['invalid_value@use']);
    assert.match(res.body.Errors[0].Message, /not allowed for a receiver in regime 605/);
    assert.deepEqual(await counts(), before);
    const d01 = await invoice([{ code: 'CONSULT', quantity: 1, price: 100 }], 116, { customer: { rfc_id: 'SASA800101AB1', branch_office: 0 }, use: 'D01', stamp: { send: true } });
    assert.equal(d01.status, 201, JSON.stringify(d01.body));
    assert.equal(d01.body.stamp.status, 'Accepted', JSON.stringify(d01.body.stamp));
  });

  test('tax object: 01 carries no taxes, 02 must; a product stored before the rule is refused with nothing written', async () => {
    const iva16 = ref.tax('IVA', 16);
    const product = (code: string, taxObject: string, taxes: number[]) => mx().post('/v1/products', { code, name: code, sat_product_key: '01010101', sat_unit_key: 'H87', tax_object: taxObject, taxes: taxes.map((id) => ({ id })) });
    assert.deepEqual(problems(await product('OBJ01', '01', [iva16])), ['invalid_value@tax_object']);
    assert.deepEqual(problems(await product('OBJ02', '02', [])), ['invalid_value@tax_object']);
    assert.equal((await product('OBJ01', '01', [])).status, 201);
    // The review's case: a product 01 with IVA (stored before the rule) made an invoice that was committed, then rejected forever.
    await s.db.query(`UPDATE products SET tax_object = '01' WHERE company_id = $1 AND code = 'GEN001'`, [company.company_id]);
    try {
      const before = await counts();
      const res = await invoice([{ code: 'GEN001', quantity: 1, price: 100 }], 116, { stamp: { send: true } });
      assert.deepEqual(problems(res), ['invalid_value@items[0].code']);
      assert.deepEqual(await counts(), before, 'nothing written, no number taken');
    } finally {
      await s.db.query(`UPDATE products SET tax_object = '02' WHERE company_id = $1 AND code = 'GEN001'`, [company.company_id]);
    }
    // A product 01 without taxes: a concept without Impuestos, accepted.
    const plain = await invoice([{ code: 'OBJ01', quantity: 2, price: 50 }], 100, { stamp: { send: true } });
    assert.equal(plain.status, 201, JSON.stringify(plain.body));
    assert.equal(plain.body.stamp.status, 'Accepted', JSON.stringify(plain.body.stamp));
    assert.deepEqual(attrs(await cfdiOf(plain.body.id), '//cfdi:Concepto', ['ObjetoImp']), ['01']);
    assert.equal((satSelect('//cfdi:Concepto/cfdi:Impuestos', await cfdiOf(plain.body.id)) as unknown as Node[]).length, 0);
  });

  test('no zero price and no zero tax base on an income CFDI', async () => {
    const before = await counts();
    assert.deepEqual(problems(await invoice([{ code: 'GEN001', quantity: 1, price: 0 }], 0)), ['invalid_value@items[0].price']);
    const all = await mx().post('/v1/invoices', {
      document: { id: ref.type['FV-P'] }, customer: { rfc_id: 'XIA190128J61', branch_office: 0 }, seller: ref.seller, use: 'G03',
      items: [{ code: 'GEN001', quantity: 1, price: 100, discount: 100 }, { code: 'LAP14', quantity: 1, price: 100 }],
      payment: { method: 'PUE', conditions: { id: ref.cash, value: 116, due_date: mxToday() } },
    }, MX_APP);
    assert.deepEqual(problems(all), ['invalid_value@items[0].discount']);
    assert.deepEqual(await counts(), before);
  });

  test('ReteIVA only on lines charging IVA above 0 %; IEPS in the IVA base; both as the CFDI carries them', async () => {
    assert.deepEqual(problems(await invoice([{ code: 'AGUA20L', quantity: 10, price: 45 }], 450, { retentions: [ref.tax('ReteIVA', 10.6667)] })),
      ['invalid_retentions@retentions[0]']);
    // CONSULT 1000.00 IVA 16 % 160.00; AGUA20L 10 × 45 = 450.00 IVA 0 %; BOTANA45 100 × 18.50 = 1850.00, IEPS 8 % 148.00,
    // IVA 16 % on 1998.00 = 319.68. ReteIVA 10.6667 % on the IVA bases charging IVA, 1000 + 1998 = 2998.00: 319.787… → 319.79
    // (not on the 450.00 at 0 %). Taxes 160 + 0 + 148 + 319.68 = 627.68; total 3300 + 627.68 − 319.79 = 3607.89.
    // In the CFDI ReteIVA is spread over CONSULT and BOTANA45 by their IVA bases: 106.667 → 106.67 and 213.119… → 213.12 (= 319.79).
    const res = await invoice([{ code: 'CONSULT', quantity: 1, price: 1000 }, { code: 'AGUA20L', quantity: 10, price: 45 }, { code: 'BOTANA45', quantity: 100, price: 18.5 }],
      3607.89, { retentions: [ref.tax('ReteIVA', 10.6667)], stamp: { send: true } });
    assert.equal(res.status, 201, JSON.stringify(res.body));
    assert.deepEqual(res.body.retention_details.map((r: any) => [r.type, r.base_value, r.value]), [['ReteIVA', 2998, 319.79]]);
    assert.deepEqual([res.body.taxes_total, res.body.withholdings_total, res.body.retentions_total, res.body.total], [627.68, 319.79, 319.79, 3607.89]);
    assert.equal(res.body.stamp.status, 'Accepted', JSON.stringify(res.body.stamp));
    const cfdi = await cfdiOf(res.body.id);
    const concept = (i: number, list: string) => attrs(cfdi, `//cfdi:Concepto[${i}]/cfdi:Impuestos/cfdi:${list}/*`, ['Base', 'Impuesto', 'TasaOCuota', 'Importe']);
    assert.deepEqual(concept(1, 'Traslados'), ['1000.00 002 0.160000 160.00']);
    assert.deepEqual(concept(1, 'Retenciones'), ['1000.00 002 0.106667 106.67']);
    assert.deepEqual(concept(2, 'Traslados'), ['450.00 002 0.000000 0.00']);
    assert.deepEqual(concept(2, 'Retenciones'), []);
    assert.deepEqual(concept(3, 'Traslados'), ['1998.00 002 0.160000 319.68', '1850.00 003 0.080000 148.00']);
    assert.deepEqual(concept(3, 'Retenciones'), ['1998.00 002 0.106667 213.12']);
  });

  test('IVA 8 %: only an issuer enrolled in the border stimulus, issuing from a border postal code', async () => {
    const monitor = [{ code: 'MONIT24', quantity: 1, price: 1000 }];
    const notEnrolled = await invoice(monitor, 1080);
    assert.deepEqual(problems(notEnrolled), ['invalid_value@items[0].code']);
    assert.match(notEnrolled.body.Errors[0].Message, /not enrolled in the border region stimulus/);
    const set = (settings: object) => s.db.query('UPDATE companies SET settings = $2 WHERE company_id = $1', [company.company_id, JSON.stringify({ ...company.settings, ...settings })]);
    try {
      await set({ border_stimulus: true });
      const inland = await invoice(monitor, 1080);
      assert.deepEqual(problems(inland), ['invalid_value@items[0].code']);
      assert.match(inland.body.Errors[0].Message, /06600 is not a border postal code/);
      await set({ border_stimulus: true, postal_code: '22000' });
      const border = await invoice(monitor, 1080, { stamp: { send: true } });
      assert.equal(border.status, 201, JSON.stringify(border.body));
      assert.equal(border.body.stamp.status, 'Accepted', JSON.stringify(border.body.stamp));
      assert.equal(attrs(await cfdiOf(border.body.id), '/cfdi:Comprobante', ['LugarExpedicion'])[0], '22000');
      // The southern border region (c_CodigoPostal value 2): Chetumal.
      await set({ border_stimulus: true, postal_code: '77000' });
      const south = await invoice(monitor, 1080, { stamp: { send: true } });
      assert.equal(south.status, 201, JSON.stringify(south.body));
      assert.equal(south.body.stamp.status, 'Accepted', JSON.stringify(south.body.stamp));
      assert.equal(attrs(await cfdiOf(south.body.id), '/cfdi:Comprobante', ['LugarExpedicion'])[0], '77000');
      // Not a border code, whatever the enrolment: Monterrey's centre (NLE, value 0).
      await set({ border_stimulus: true, postal_code: '64000' });
      const monterrey = await invoice(monitor, 1080);
      assert.deepEqual(problems(monterrey), ['invalid_value@items[0].code']);
      assert.match(monterrey.body.Errors[0].Message, /64000 is not a border postal code/);
    } finally {
      await s.db.query('UPDATE companies SET settings = $2 WHERE company_id = $1', [company.company_id, JSON.stringify(company.settings)]);
    }
  });

  test('ISR 1.25 %: only from a RESICO persona física to a persona moral', async () => {
    const items = [{ code: 'CONSULT', quantity: 1, price: 1000 }];
    // The demo company is a persona moral in regime 601.
    const moral = await invoice(items, 1147.5, { retentions: [ref.tax('ReteISR', 1.25)] });
    assert.deepEqual(problems(moral), ['invalid_retentions@retentions[0]']);
    await s.db.query('UPDATE companies SET tax_id = $2, legal_name = $3, settings = $4 WHERE company_id = $1',
      [company.company_id, 'CACX7605101P8', 'XOCHILT CASAS CHAVEZ', JSON.stringify({ ...company.settings, tax_regime: '626' })]);
    await s.db.query('DELETE FROM company_credentials WHERE company_id = $1', [company.company_id]);
    try {
      // To a persona física: no.
      const toPerson = await invoice(items, 1147.5, { retentions: [ref.tax('ReteISR', 1.25)], customer: { rfc_id: 'MASO451221PM4', branch_office: 0 } });
      assert.deepEqual(problems(toPerson), ['invalid_retentions@retentions[0]']);
      // To a persona moral: 1000 + 160 − 12.50 = 1147.50.
      const ok = await invoice(items, 1147.5, { retentions: [ref.tax('ReteISR', 1.25)], stamp: { send: true } });
      assert.equal(ok.status, 201, JSON.stringify(ok.body));
      assert.equal(ok.body.stamp.status, 'Accepted', JSON.stringify(ok.body.stamp));
    } finally {
      await s.db.query('UPDATE companies SET tax_id = $2, legal_name = $3, settings = $4 WHERE company_id = $1', [company.company_id, company.tax_id, company.legal_name, JSON.stringify(company.settings)]);
      await s.db.query('DELETE FROM company_credentials WHERE company_id = $1', [company.company_id]);
    }
  });

  test('a CFDI that would be refused is refused at creation, before anything is written: a stored customer\'s regime that does not fit its RFC', async () => {
    await s.db.query(`UPDATE customers SET tax_regime = '612' WHERE company_id = $1 AND identification = 'URE180429TM6'`, [company.company_id]);
    try {
      const before = await counts();
      const res = await invoice([{ code: 'CONSULT', quantity: 1, price: 100 }], 116, { customer: { rfc_id: 'URE180429TM6', branch_office: 0 } });
      assert.equal(res.status, 400, JSON.stringify(res.body));
      assert.deepEqual(problems(res), ['invalid_document@customer.rfc_id']);
      assert.match(res.body.Errors[0].Message, /REGIMEN.*612.*12-character RFC URE180429TM6/);
      assert.deepEqual(await counts(), before);
    } finally {
      await s.db.query(`UPDATE customers SET tax_regime = '601' WHERE company_id = $1 AND identification = 'URE180429TM6'`, [company.company_id]);
    }
  });

  test('a receiver resident abroad (XEXX010101000): regime 616, use S01, its ResidenciaFiscal and NumRegIdTrib in the CFDI', async () => {
    const foreign = (address: Record<string, unknown>, over: Record<string, unknown> = {}) => mx().post('/v1/customers', {
      person_type: 'company', identification: 'XEXX010101000', name: ['GLOBEX CORPORATION'], tax_regime: '616',
      address: { address: '1 Main Street', postal_code: '06600', ...address }, ...over });
    assert.deepEqual(problems(await foreign({})).sort(), ['parameter_required@address.fiscal_residence', 'parameter_required@address.foreign_tax_id']);
    assert.deepEqual(problems(await foreign({ fiscal_residence: 'MEX', foreign_tax_id: '12-3456789' })), ['invalid_value@address.fiscal_residence']);
    assert.deepEqual(problems(await foreign({ fiscal_residence: 'USA', foreign_tax_id: '12-3456789' }, { tax_regime: '601' })), ['invalid_value@tax_regime']);
    assert.deepEqual(problems(await mx().post('/v1/customers', customer('EPR010101AB9', '601', { address: { address: 'Calle 1', postal_code: '06600', fiscal_residence: 'USA' } }))),
      ['parameter_not_allowed@address.fiscal_residence']);
    const ok = await foreign({ fiscal_residence: 'USA', foreign_tax_id: '12-3456789' });
    assert.equal(ok.status, 201, JSON.stringify(ok.body));
    const to = { customer: { rfc_id: 'XEXX010101000', branch_office: 0 } };
    assert.deepEqual(problems(await invoice([{ code: 'CONSULT', quantity: 1, price: 100 }], 116, to)), ['invalid_value@use']);
    const res = await invoice([{ code: 'CONSULT', quantity: 1, price: 100 }], 116, { ...to, use: 'S01', stamp: { send: true } });
    assert.equal(res.status, 201, JSON.stringify(res.body));
    assert.equal(res.body.stamp.status, 'Accepted', JSON.stringify(res.body.stamp));
    assert.deepEqual(attrs(await cfdiOf(res.body.id), '//cfdi:Receptor', ['Rfc', 'Nombre', 'DomicilioFiscalReceptor', 'ResidenciaFiscal', 'NumRegIdTrib', 'RegimenFiscalReceptor', 'UsoCFDI']),
      ['XEXX010101000 GLOBEX CORPORATION 06600 USA 12-3456789 616 S01']);
    assert.deepEqual(attrs(await cfdiOf(res.body.id), '/cfdi:Comprobante', ['Exportacion']), ['01'], 'a service sold abroad: 01 No aplica');
    // Goods leaving the country: 04 (definitiva con clave distinta a A1) or 03 (temporal), to the receiver abroad only;
    // 02 needs the Comercio Exterior complement, which is not written: refused.
    const goods = await invoice([{ code: 'CONSULT', quantity: 1, price: 100 }], 116, { ...to, use: 'S01', exportation: '04', stamp: { send: true } });
    assert.equal(goods.body.stamp?.status, 'Accepted', JSON.stringify(goods.body));
    assert.equal(goods.body.exportation, '04');
    assert.deepEqual(attrs(await cfdiOf(goods.body.id), '/cfdi:Comprobante', ['Exportacion']), ['04']);
    // The sandbox PAC judges as the SAT: 02 without the complement is refused.
    const goodsXml = Buffer.from((await mx().get(`/v1/invoices/${goods.body.id}/xml`)).body.base64, 'base64').toString('utf8');
    assert.ok((await cfdiContentProblems(goodsXml.replace('Exportacion="04"', 'Exportacion="02"'))).problems.some((p) => p.code === 'EXPORTACION'));
    assert.ok(!(await cfdiContentProblems(goodsXml)).problems.some((p) => p.code === 'EXPORTACION'));
    const a1 = await invoice([{ code: 'CONSULT', quantity: 1, price: 100 }], 116, { ...to, use: 'S01', exportation: '02' });
    assert.deepEqual(problems(a1), ['invalid_value@exportation']);
    assert.match(a1.body.Errors[0].Message, /needs the Comercio Exterior complement/);
    assert.deepEqual(problems(await invoice([{ code: 'CONSULT', quantity: 1, price: 100 }], 116, { exportation: '03' })), ['invalid_value@exportation'], 'a receiver in Mexico');
    assert.deepEqual(problems(await invoice([{ code: 'CONSULT', quantity: 1, price: 100 }], 116, { exportation: '05' })), ['invalid_value@exportation'], 'not in c_Exportacion');

    // On credit (PPD) and then paid: its receipt is a CFDI type P to the same receiver, with UsoCFDI CP01 (Pagos).
    const all = (p: string) => s.as('mx').list(p);
    const [pays, receipts] = await Promise.all([all('/v1/payment-types?document_type=FV'), all('/v1/document-types?type=P')]);
    const toDefine = pays.find((p) => p.name === 'Por definir').id;
    const ppd = await invoice([{ code: 'CONSULT', quantity: 1, price: 100 }], 116,
      { ...to, use: 'S01', stamp: { send: true }, payment: { method: 'PPD', conditions: { id: toDefine, value: 116, due_date: '2099-12-31' } } });
    assert.equal(ppd.body.stamp.status, 'Accepted', JSON.stringify(ppd.body.stamp));
    const paid = await mx().post('/v1/payments', { document: { id: receipts[0].id }, date: new Date().toISOString(), ...to, payment_form: '03', amount: 116,
      invoices: [{ id: ppd.body.id, amount: 116 }], stamp: { send: true } }, MX_APP);
    assert.equal(paid.status, 201, JSON.stringify(paid.body));
    assert.equal(paid.body.stamp.status, 'Accepted', JSON.stringify(paid.body.stamp));
    const receipt = parseXml(Buffer.from((await mx().get(`/v1/payments/${paid.body.id}/xml`)).body.base64, 'base64').toString('utf8')) as unknown as Node;
    assert.deepEqual(attrs(receipt, '//cfdi:Receptor', ['Rfc', 'Nombre', 'DomicilioFiscalReceptor', 'ResidenciaFiscal', 'NumRegIdTrib', 'RegimenFiscalReceptor', 'UsoCFDI']),
      ['XEXX010101000 GLOBEX CORPORATION 06600 USA 12-3456789 616 CP01']);
    assert.equal((await mx().get(`/v1/invoices/${ppd.body.id}`)).body.balance, 0);

    // The general public's invoice is a global one, paid at once: on credit it is refused, and it has no receipts.
    const publicTo = { customer: { rfc_id: 'XAXX010101000', branch_office: 0 }, use: 'S01' };
    const deferred = await invoice([{ code: 'CONSULT', quantity: 1, price: 100 }], 116,
      { ...publicTo, payment: { method: 'PPD', conditions: { id: toDefine, value: 116, due_date: '2099-12-31' } } });
    assert.deepEqual(problems(deferred), ['invalid_payment@payment.method']);
    assert.match(deferred.body.Errors[0].Message, /general public \(XAXX010101000\) is a global invoice, paid in one exhibition \(PUE\)/);
  });

  test('the provider compares the CSD holder\'s name with Emisor/@Nombre', async () => {
    const first = await invoice([{ code: 'CONSULT', quantity: 1, price: 100 }], 116, { stamp: { send: true } });
    assert.equal(first.body.stamp.status, 'Accepted', JSON.stringify(first.body.stamp));
    // The company's name changes, its CSD (holder ESCUELA KEMPER URGATE) does not.
    await s.db.query('UPDATE companies SET legal_name = $2 WHERE company_id = $1', [company.company_id, 'ESCUELA KEMPER URGATE SA DE CV']);
    try {
      const renamed = await invoice([{ code: 'CONSULT', quantity: 1, price: 100 }], 116, { stamp: { send: true } });
      assert.equal(renamed.status, 201, JSON.stringify(renamed.body));
      assert.equal(renamed.body.stamp.status, 'Rejected');
      const errors = (await mx().get(`/v1/invoices/${renamed.body.id}/stamp/errors`)).body.errors;
      assert.deepEqual(errors, [{ code: 'NOMBRE_EMISOR', message: 'El Nombre del Emisor "ESCUELA KEMPER URGATE SA DE CV" no es el nombre del titular del certificado "ESCUELA KEMPER URGATE"' }]);
    } finally {
      await s.db.query('UPDATE companies SET legal_name = $2 WHERE company_id = $1', [company.company_id, company.legal_name]);
    }
  });
});
