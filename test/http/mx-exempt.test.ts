/**
 * Exempt IVA (issue 33, point 5), on both storages: the catalogue's `IVA Exento` (type IVAExento) makes a concept
 * ObjetoImp 02 with a Traslado of TipoFactor Exento, its Base and neither TasaOCuota nor Importe; a CFDI whose
 * transfers are all exempt has no TotalImpuestosTrasladados; a payment receipt declares the exempt base paid
 * (TrasladoDR/TrasladoP Exento, Totales TotalTrasladosBaseIVAExento); the ledger posts no IVA for it; the PDF names
 * it. Every figure is computed by hand below.
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { eachStorage, problems, startTestServer, type Storage, type TestServer } from '../support/server';
import { MX_APP, mxInvoice, mxRefs, stamped, type MxRefs } from '../support/mx';
import { pdfText } from '../support/pdf';
import { ADMIN_TOKEN, adminOf } from '../support/admin';
import { parseXml, satSelect } from '../../src/countries/mx/sat/chain';

const CUSTOMER = { rfc_id: 'XIA190128J61', branch_office: 0 };

eachStorage('MX exempt IVA', (storage: Storage) => {
  let s: TestServer;
  let ref: MxRefs;
  let exempt: any;
  before(async () => {
    s = await startTestServer(storage, { ADMIN_TOKEN });
    ref = await mxRefs(s);
    exempt = (await s.as('mx').list('/v1/taxes')).find((t) => t.type === 'IVAExento');
    assert.ok(exempt, 'the starting catalogue has IVA Exento');
    assert.deepEqual([exempt.name, exempt.percentage, exempt.active], ['IVA Exento', 0, true]);
    // A tuition fee (colegiatura, LIVA art. 15 fr. XII): exempt, tax object 02.
    const res = await s.as('mx').post('/v1/products', { code: 'COLEG', name: 'Colegiatura mensual', sat_product_key: '01010101', sat_unit_key: 'E48', tax_object: '02', taxes: [{ id: exempt.id }] });
    assert.equal(res.status, 201, JSON.stringify(res.body));
  });
  after(() => s.close());

  const mx = () => s.as('mx');
  const all = (xml: string, q: string) => satSelect(q, parseXml(xml) as unknown as Node) as unknown as Element[];
  const attrs = (e: Element, names: string[]) => names.map((n) => e.getAttribute(n) ?? '-').join(' ');
  const xmlOf = async (path: string, id: string) => Buffer.from((await mx().get(`/v1/${path}/${id}/xml`)).body.base64, 'base64').toString('utf8');
  const net = async (id: string) => Object.fromEntries((await s.db.query(
    `SELECT l.account_code, sum(l.debit - l.credit)::text AS net FROM journal_lines l JOIN journal_entries e ON e.id = l.entry_id
      WHERE e.source_id = $1 GROUP BY 1 ORDER BY 1`, [id])).map((r) => [r.account_code, r.net]));
  const TRASLADO = ['Base', 'Impuesto', 'TipoFactor', 'TasaOCuota', 'Importe'];

  test('an exempt concept beside a taxed one: Traslado Exento without rate or amount; IVA only on the taxed one', async () => {
    // COLEG 1 × 1000.00 exempt; GEN001 1 × 100.00 + IVA 16 % 16.00. Total 1100.00 + 16.00 = 1116.00.
    const res = await mx().post('/v1/invoices', mxInvoice(ref, [{ code: 'COLEG', quantity: 1, price: 1000 }, { code: 'GEN001', quantity: 1, price: 100 }], 1116,
      { stamp: { send: true } }), MX_APP);
    assert.equal(res.status, 201, JSON.stringify(res.body));
    assert.equal((await stamped(s, 'invoices', res.body)).stamp.status, 'Accepted', JSON.stringify(res.body.stamp));
    assert.deepEqual(res.body.items[0].taxes.map((t: any) => [t.type, t.percentage, t.value, t.base_value]), [['IVAExento', 0, 0, 1000]]);
    assert.deepEqual([res.body.subtotal, res.body.taxes_total, res.body.total], [1100, 16, 1116]);
    const xml = await xmlOf('invoices', res.body.id);
    assert.deepEqual(all(xml, '//cfdi:Concepto').map((c) => c.getAttribute('ObjetoImp')), ['02', '02']);
    assert.deepEqual(all(xml, '//cfdi:Concepto/cfdi:Impuestos/cfdi:Traslados/cfdi:Traslado').map((t) => attrs(t, TRASLADO)),
      ['1000.00 002 Exento - -', '100.00 002 Tasa 0.160000 16.00']);
    assert.deepEqual(all(xml, '/cfdi:Comprobante/cfdi:Impuestos').map((i) => attrs(i, ['TotalImpuestosTrasladados'])), ['16.00']);
    assert.deepEqual(all(xml, '/cfdi:Comprobante/cfdi:Impuestos/cfdi:Traslados/cfdi:Traslado').map((t) => attrs(t, TRASLADO)),
      ['1000.00 002 Exento - -', '100.00 002 Tasa 0.160000 16.00']);
    // The ledger: no IVA for the exempt sale.
    assert.deepEqual(await net(res.body.id), { '101.01': '1116.00', '208.01': '-16.00', '401.01': '-1100.00' });
    const pdf = await mx().get(`/v1/invoices/${res.body.id}/pdf`);
    const { text } = await pdfText(Buffer.from(pdf.body.base64, 'base64'));
    assert.match(text, /IVA Exento/);
    assert.doesNotMatch(text, /IVA Exento 0/, 'no rate for an exempt tax');
  });

  test('only exempt concepts: no TotalImpuestosTrasladados, stamped', async () => {
    // COLEG 2 × 500.00 = 1000.00, exempt: total 1000.00.
    const res = await mx().post('/v1/invoices', mxInvoice(ref, [{ code: 'COLEG', quantity: 2, price: 500 }], 1000, { stamp: { send: true } }), MX_APP);
    assert.equal(res.status, 201, JSON.stringify(res.body));
    assert.equal((await stamped(s, 'invoices', res.body)).stamp.status, 'Accepted', JSON.stringify(res.body.stamp));
    const xml = await xmlOf('invoices', res.body.id);
    const [impuestos] = all(xml, '/cfdi:Comprobante/cfdi:Impuestos');
    assert.equal(impuestos.hasAttribute('TotalImpuestosTrasladados'), false);
    assert.deepEqual(all(xml, '/cfdi:Comprobante/cfdi:Impuestos/cfdi:Traslados/cfdi:Traslado').map((t) => attrs(t, TRASLADO)), ['1000.00 002 Exento - -']);
    assert.deepEqual(await net(res.body.id), { '101.01': '1000.00', '401.01': '-1000.00' });
  });

  test('a receipt pays half a PPD invoice with an exempt concept: TrasladoDR Exento and TotalTrasladosBaseIVAExento', async () => {
    const inv = await mx().post('/v1/invoices', mxInvoice(ref, [{ code: 'COLEG', quantity: 1, price: 1000 }, { code: 'GEN001', quantity: 1, price: 100 }], 1116,
      { stamp: { send: true }, payment: { method: 'PPD', conditions: { id: ref.toDefine, value: 1116, due_date: '2099-12-31' } } }), MX_APP);
    assert.equal(inv.status, 201, JSON.stringify(inv.body));
    assert.equal((await stamped(s, 'invoices', inv.body)).stamp.status, 'Accepted');
    // 558.00 of 1116.00 is half: exempt base 500.00; IVA 16 % base 50.00, 8.00.
    const pay = await mx().post('/v1/payments', {
      document: { id: ref.receipt }, date: new Date(Date.now() - 1000).toISOString(), customer: CUSTOMER, payment_form: '03', amount: 558,
      invoices: [{ id: inv.body.id, amount: 558 }], stamp: { send: true },
    }, MX_APP);
    assert.equal(pay.status, 201, JSON.stringify(pay.body));
    assert.equal((await stamped(s, 'payments', pay.body)).stamp.status, 'Accepted', JSON.stringify(pay.body.stamp));
    assert.equal(pay.body.totals.exempt_base_value, 500);
    assert.deepEqual(pay.body.invoices[0].taxes.map((t: any) => [t.type, t.percentage, t.base_value, t.value]), [['IVAExento', 0, 500, 0], ['IVA', 16, 50, 8]]);
    const xml = await xmlOf('payments', pay.body.id);
    assert.deepEqual(all(xml, '//pago20:TrasladoDR').map((t) => attrs(t, ['BaseDR', 'ImpuestoDR', 'TipoFactorDR', 'TasaOCuotaDR', 'ImporteDR'])),
      ['500.00 002 Exento - -', '50.00 002 Tasa 0.160000 8.00']);
    assert.deepEqual(all(xml, '//pago20:TrasladoP').map((t) => attrs(t, ['BaseP', 'ImpuestoP', 'TipoFactorP', 'TasaOCuotaP', 'ImporteP'])),
      ['500.00 002 Exento - -', '50.00 002 Tasa 0.160000 8.00']);
    assert.deepEqual(all(xml, '//pago20:Totales').map((t) => attrs(t, ['TotalTrasladosBaseIVAExento', 'TotalTrasladosBaseIVA16', 'TotalTrasladosImpuestoIVA16', 'MontoTotalPagos'])),
      ['500.00 50.00 8.00 558.00']);
  });

  test('an exempt tax has no rate: a percentage is refused', async () => {
    const [{ company_id: id }] = await s.db.query(`SELECT company_id FROM companies WHERE country = 'MX' AND is_demo`);
    assert.deepEqual(problems(await adminOf(s).post(`/companies/${id}/taxes`, { name: 'IVA Exento 16', type: 'IVAExento', percentage: 16 })), ['invalid_value@percentage']);
    const ok = await adminOf(s).post(`/companies/${id}/taxes`, { name: 'IVA Exento (2)', type: 'IVAExento', percentage: 0 });
    assert.equal(ok.status, 201, JSON.stringify(ok.body));
    assert.equal(ok.body.account_code, '208.01', 'the IVA account by default');
  });
});
