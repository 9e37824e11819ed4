/**
 * The PDFs an accountant accepts (issue 18, point 4), read back with
 * pdf-parse on both storages: Colombia (electronic, accepted by the sandbox):
 * the number as the XML's cbc:ID, issue time as IssueTime, city and state
 * names, regime and responsibilities, the resolution with its validity, the
 * payment form, units, the total in words, the logo, the software provider,
 * and the test-document mark with no "Validada por la DIAN". Mexico (stamped
 * by the sandbox provider): Serie and Folio, the CFDI's version, voucher type,
 * export key, regime, payment method and form with their descriptions, units,
 * the state's name, and the mark, never calling the sandbox the SAT.
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { eachStorage, startTestServer, type Storage, type TestServer } from '../support/server';
import { coRefs, today, validInvoice } from '../support/co';
import { mxInvoice, mxRefs, MX_APP } from '../support/mx';
import { pdfText } from '../support/pdf';
import { logoProblem } from '../../src/pdf/logo';

/** A 1×1 PNG. */
const PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';
const squash = (s: string) => s.replace(/\s+/g, ' ');

eachStorage('legally complete PDFs', (storage: Storage) => {
  let s: TestServer;
  before(async () => { s = await startTestServer(storage); });
  after(() => s.close());

  const pdfOf = async (country: 'co' | 'mx', id: string) =>
    Buffer.from((await s.as(country).get(`/v1/invoices/${id}/pdf`)).body.base64, 'base64');

  test('Colombia: an electronic invoice accepted by the sandbox', async () => {
    await s.db.query(`UPDATE companies SET settings = settings || $1::jsonb WHERE is_demo AND country = 'CO'`,
      [JSON.stringify({ logo: PNG, vat_responsible: true, fiscal_responsibilities: ['O-13', 'O-15'] })]);
    const r = await coRefs(s);
    const res = await s.as('co').post('/v1/invoices', validInvoice(r, {
      document: { id: r.type['FV-E'].id }, date: today(), stamp: { send: true },
      payments: [{ id: r.pay.Credit.id, value: 1130.5, due_date: today() }],
    }));
    assert.equal(res.body.stamp?.status, "Accepted", JSON.stringify(res.body));
    const xml = Buffer.from((await s.as('co').get(`/v1/invoices/${res.body.id}/xml`)).body.base64, 'base64').toString('utf8');
    const pdf = await pdfOf('co', res.body.id);
    const text = squash((await pdfText(pdf)).text);
    const number = `${res.body.prefix}${res.body.number}`;
    assert.ok(xml.includes(`<cbc:ID>${number}</cbc:ID>`));
    assert.ok(text.includes(`No. ${number}`), 'the number as the XML writes it');
    // Its own title, footer and currency (issue 35, point 6).
    assert.match(text, /Factura electrónica de venta/);
    assert.match(text, /Representación gráfica de la factura electrónica de venta\./);
    assert.match(text, /Moneda:? COP/);
    assert.ok(!text.includes(res.body.name), `not the API's name ${res.body.name}`);
    const time = /<cbc:IssueTime>([^<]+)</.exec(xml)![1];
    assert.ok(text.includes(`Hora: ${time}`), `the issue time ${time}`);
    assert.ok(text.includes('Bogotá, D.C., Bogotá, Colombia'), 'city and state by name (the DIAN\'s DIVIPOLA names)');
    assert.ok(text.includes('Régimen: Responsable de IVA'));
    assert.ok(text.includes('O-13 Gran contribuyente; O-15 Autorretenedor'));
    assert.ok(xml.includes('>O-13;O-15</cbc:TaxLevelCode>'), 'the XML carries the same responsibilities');
    assert.ok(text.includes('Autorización de numeración de facturación DIAN No. 18760000001 del 19/01/2019, vigente hasta el 19/01/2030: prefijo SETP del 990000000 al 995000000'));
    assert.ok(text.includes('Forma de pago: Crédito'));
    assert.match(text, /Unidad/);
    assert.ok(text.includes('94 Unidad'), 'the line\'s unit of measure');
    assert.ok(text.includes('Son: MIL CIENTO TREINTA PESOS CON 50/100 M/CTE'), 'the total in words');
    assert.ok(text.includes('Proveedor tecnológico: Comercializadora Andina Demo S.A.S., NIT 900456123'));
    assert.ok(text.includes('DOCUMENTO DE PRUEBA SIN VALIDEZ FISCAL'));
    assert.ok(text.includes('Aceptada por la autoridad sandbox de pruebas el'));
    assert.doesNotMatch(text, /Validada por la DIAN/);
    assert.match(pdf.toString('latin1'), /\/Subtype \/Image/, 'the logo is drawn');
    // Without a logo no image is drawn (the QR is vector paths).
    await s.db.query(`UPDATE companies SET settings = settings - 'logo' WHERE is_demo AND country = 'CO'`);
    assert.doesNotMatch((await pdfOf('co', res.body.id)).toString('latin1'), /\/Subtype \/Image/);
  });

  test('a plain invoice: cash, no resolution, no test mark', async () => {
    const r = await coRefs(s);
    const res = await s.as('co').post('/v1/invoices', validInvoice(r));
    const text = squash((await pdfText(await pdfOf('co', res.body.id))).text);
    assert.ok(text.includes(`No. ${res.body.prefix}${res.body.number}`));
    assert.ok(text.includes('Forma de pago: Contado'));
    assert.ok(!text.includes('Autorización de numeración'));
    assert.ok(!text.includes('PRUEBA'));
  });

  test('Colombia: a line\'s Retefuente is printed under Retenciones with the document\'s withholdings, never as a tax charged', async () => {
    const r = await coRefs(s);
    // PORT14 10 × 100 − 50 = 950.00: IVA 19 % 180.50, Retefuente 2.5 % 23.75; ReteIVA 15 % of 180.50 = 27.08. Total 1,130.50; payable 1,079.67.
    const res = await s.as('co').post('/v1/invoices', validInvoice(r, {
      document: { id: r.type['FV-E'].id }, date: today(),
      items: [{ code: 'PORT14', quantity: 10, price: 100, discount: 50, taxes: [{ id: r.taxOf('IVA', 19).id }, { id: r.taxOf('Retefuente', 2.5).id }] }],
      retentions: [{ id: r.taxOf('ReteIVA', 15).id }], payments: [{ id: r.pay.Cash.id, value: 1079.67 }],
    }));
    assert.equal(res.status, 201, JSON.stringify(res.body));
    const text = squash((await pdfText(await pdfOf('co', res.body.id))).text);
    const totals = text.slice(text.lastIndexOf('Subtotal'), text.indexOf('Son:'));
    assert.equal(totals.trim(), 'Subtotal $ 950,00 IVA 19% Base $ 950,00 $ 180,50 Impuestos $ 180,50 Total COP $ 1.130,50 '
      + 'Retefuente compras 2.5% Base $ 950,00 -$ 23,75 ReteIVA 15% Base $ 180,50 -$ 27,08 Retenciones -$ 50,83 Total a pagar $ 1.079,67');
  });

  test('Mexico: a CFDI stamped by the sandbox provider', async () => {
    const ref = await mxRefs(s);
    const res = await s.as('mx').post('/v1/invoices', mxInvoice(ref, undefined, undefined, { stamp: { send: true } }), MX_APP);
    assert.equal(res.body.stamp?.status, "Accepted", JSON.stringify(res.body));
    const text = squash((await pdfText(await pdfOf('mx', res.body.id))).text);
    assert.ok(text.includes(`No. ${res.body.prefix} ${res.body.number}`), 'Serie and Folio');
    assert.ok(text.includes('CFDI versión 4.0 · Tipo de comprobante: I Ingreso · Exportación: 01 No aplica'));
    assert.ok(text.includes('Régimen fiscal: 601 General de Ley Personas Morales'));
    assert.ok(text.includes('Método de pago: PUE Pago en una sola exhibición'));
    assert.match(text, /Forma de pago: 01 Efectivo/);
    assert.ok(text.includes('Uso CFDI: G03 Gastos en general'));
    assert.ok(text.includes('Ciudad de México, México'), 'the state by name');
    assert.ok(text.includes('Son: TRES MIL CIENTO TREINTA Y DOS PESOS 00/100 M.N.'));
    assert.ok(text.includes('DOCUMENTO DE PRUEBA SIN VALIDEZ FISCAL'));
    assert.ok(text.includes('Sello del proveedor sandbox de pruebas (SelloSAT)'));
    // Its own title, footer and currency (issue 35, point 6): the header's and the fiscal box's agree.
    assert.match(text, /Factura/);
    assert.match(text, /Este documento es una representación impresa de un CFDI\./);
    assert.match(text, /Moneda:? MXN/);
    assert.match(text, /Moneda: MXN · Fecha de emisión/);
    assert.doesNotMatch(text, /Sello digital del SAT|certificado del SAT/);
  });
});

test('the logo setting: PNG or JPEG in base64', () => {
  assert.equal(logoProblem(PNG), null);
  assert.equal(logoProblem(`data:image/png;base64,${PNG}`), null);
  assert.equal(logoProblem(Buffer.from([0xff, 0xd8, 0xff, 0xe0, 1, 2]).toString('base64')), null);
  assert.match(logoProblem(Buffer.from('GIF89a....').toString('base64'))!, /neither a PNG nor a JPEG/);
  assert.match(logoProblem('not base64!')!, /base64/);
  assert.match(logoProblem(Buffer.concat([Buffer.from(PNG, 'base64'), Buffer.alloc(600 * 1024)]).toString('base64'))!, /at most/);
});
