/**
 * The printed invoice and voucher: text read back with pdf-parse (labels,
 * number, customer, totals as printed, CUFE / UUID, every line of a long
 * invoice), the fonts embedded, the bytes stable, and the QR read back from
 * the first page rasterised by pdftoppm (poppler-utils) and decoded with jsQR.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { noPoppler, pdfText, readQr } from '../support/pdf';
import { dianQrContent } from '../../src/countries/co/dian/ubl';
import {
  formatMoney, formatQuantity, renderInvoicePdf, renderVoucherPdf, satTotal, satVerificationUrl,
  type InvoicePdfInput, type InvoicePdfLine, type VoucherPdfInput,
} from '../../src/pdf/render';

// ------------------------------------------------------------------ helpers

const squash = (s: string) => s.replace(/\s+/g, ' ');
const noSpace = (s: string) => s.replace(/\s+/g, '');

// ------------------------------------------------------------------ fixtures

const CUFE = '8bb918b19ba22a694f1da11c643b5e9de39adf60311cf179179e9b33381030bcd4c3c3f156c506ed5908f9276f5bd9b4';
const company = {
  name: 'Compañía Demostración S.A.S.', identification: '900123456-7', address: 'Calle 100 # 10-20, oficina 501',
  city: 'Bogotá D.C., Colombia', email: 'facturación@demo.co', phone: '601 555 1234', regime: 'Responsable de IVA',
};
const customer = { name: 'Distribuidora Ñandú Ltda.', identification: '800199436-1', address: 'Carrera 7 # 71-21', city: 'Medellín', emails: ['compras@nandu.co', 'pagos@nandu.co'] };

function coLine(i: number, description = `Línea ${String(i).padStart(3, '0')} · café orgánico`): InvoicePdfLine {
  return {
    code: `P${i}`, description, quantity: 2, price: '500000.00', discount: 0,
    taxes: [{ name: 'IVA', percentage: 19, value: '190000.00', base_value: '1000000.00' }], total: '1190000.00',
  };
}
const qrContent = dianQrContent({
  number: 'SETP990000001', issueDate: '2024-05-02', issueTime: '10:53:10-05:00', supplierNit: '900123456', customerId: '800199436',
  subtotal: '1000000.00', iva: '190000.00', otherTaxes: '0.00', total: '1190000.00', cufe: CUFE, environment: '2',
});
function coInvoice(items: InvoicePdfLine[] = [coLine(1, 'Asesoría en facturación electrónica — señalización')]): InvoicePdfInput {
  return {
    country: 'CO', name: 'SETP990000001', date: '2024-05-02', time: '10:53:10-05:00', currency: 'COP',
    company, customer, items,
    subtotal: '1000000.00', taxesTotal: '190000.00', total: '1190000.00', amountPayable: '1165000.00',
    retentions: [{ name: 'ReteFuente', percentage: 2.5, value: '25000.00', base_value: '1000000.00' }],
    payments: [{ name: 'Crédito', value: '1165000.00', due_date: '2024-06-01' }],
    observations: 'Consignar en la cuenta de ahorros 123-456789-00. ¡Gracias por su compra!',
    electronic: { kind: 'DIAN', cufe: CUFE, qr: qrContent, resolution: 'Resolución DIAN 18760000001 del 19/01/2019, prefijo SETP del 990000000 al 995000000' },
  };
}

const SELLO_CFD = 'kR4f2Yw0XvJ7yPZpQm3S8b1rL6hN9tC5eA0dG2iK4oM7qU1sW3vX5zB8cD0fH2jL4nP6rT8uV0wY2aE4gI6kM8oQ0sU2wY4aC6eG8iK0mO2qS4uW6yA8cE0gI2kM4oQ6sU8wY0aC2eG4iK6mO8qS0uW2yA4cE6gI8kM0oQ2sU4wY6aC8eG0iK2mO4qS6uW8yA0cE2gI4kM6oQ8sU0wY2aC4eG6iK8mO0qS2uW4yA6cE8gI0kM2oQ4sU6wY8aC0eG2iK4mO6qS8uW0yA2cE4gI6kM8oQ0sU2wY4aC6eG8iK0mO2qS4u12345678==';
const SELLO_SAT = 'Zx9Yw8Xv7Wu6Vt5Us4Tr3Sq2Rp1Qo0Pn9Om8Nl7Mk6Lj5Ki4Jh3Ig2Hf1Ge0Fd9Ec8Db7Ca6Bz5Ay4Zx3Yw2Xv1Wu0Vt9Us8Tr7Sq6Rp5Qo4Pn3Om2Nl1Mk0Lj9Ki8Jh7Ig6Hf5Ge4Fd3Ec2Db1Ca0Bz9Ay8Zx7Yw6Xv5Wu4Vt3Us2Tr1Sq0Rp9Qo8Pn7Om6Nl5Mk4Lj3Ki2Jh1Ig0Hf9Ge8Fd7Ec6Db5Ca4Bz3Ay2Zx1Yw0Xv9Wu8Vt7Us6Tr5Sq4Rp3Qo2Pn1Om0Nl9Mk8Lj7Ki6Jh5Ig4Hf3Ge2Fd1Ec0Db9Ca8Bz7Ay6Zx5Yw4Xv3Wu2Vt1Us0Tr9Sq8Rp7Qo6Pn5Om4Nl3Mk2Lj1Ki0Jh9Ig8Hf7Ge6Fd5Ec4Db3Ca2Bz1Ay0==';
const UUID = 'AB12CD34-5678-4EF0-9A1B-2C3D4E5F6A7B';
function mxInvoice(): InvoicePdfInput {
  return {
    country: 'MX', name: 'A-1021', date: '2024-05-02', time: '10:11:12', currency: 'MXN',
    company: { name: 'Escuela Kemper Urgate S.A. de C.V.', identification: 'EKU9003173C9', address: 'Av. Reforma 222, Juárez', city: 'Ciudad de México, CP 06600', email: 'facturas@eku.mx', regime: 'Régimen fiscal: 601 General de Ley Personas Morales' },
    customer: { name: 'Público en General Señor Núñez', identification: 'XAXX010101000', extra: ['Uso CFDI: S01 Sin efectos fiscales', 'Código postal: 06600'] },
    items: [{ code: 'SRV-1', description: 'Servicio de consultoría', quantity: 1, price: '1000.00', discount: 0, taxes: [{ name: 'IVA', percentage: 16, value: '160.00', base_value: '1000.00' }], total: '1160.00', note: 'Clave SAT 80111600 · E48 Unidad de servicio' }],
    subtotal: '1000.00', discounts: '0', taxesTotal: '160.00', total: '1160.00',
    payments: [{ name: '03 Transferencia electrónica de fondos', value: '1160.00' }],
    paymentNotes: ['Método de pago: PUE Pago en una sola exhibición'],
    electronic: {
      kind: 'SAT', uuid: UUID, selloCFD: SELLO_CFD, selloSAT: SELLO_SAT, noCertificado: '30001000000500003416', noCertificadoSAT: '30001000000500003456',
      fechaTimbrado: '2024-05-02T10:12:00', rfcProvCertif: 'SPR190613I52', cadenaOriginal: `||1.1|${UUID}|2024-05-02T10:12:00|SPR190613I52|${SELLO_CFD}|30001000000500003456||`,
    },
  };
}

const voucher: VoucherPdfInput = {
  country: 'CO', name: 'RC-17', date: '2024-06-01', type: 'DebtPayment', currency: 'COP', company, customer,
  items: [
    { description: 'Abono factura SETP990000001 cuota 1', invoice: 'SETP990000001', quote: 1, dueDate: '2024-06-01', value: '1000000.00' },
    { description: 'Abono factura SETP990000002 cuota 2', invoice: 'SETP990000002', quote: 2, dueDate: '2024-07-01', value: '234567.89' },
  ],
  payment: { name: 'Transferencia bancaria', value: '1234567.89' },
  total: '1234567.89',
  observations: 'Pago recibido por transferencia.',
};

// ------------------------------------------------------------------ formatting

test('money is formatted from decimals: COP 1.234.567,89, MXN 1,234,567.89', () => {
  assert.equal(formatMoney('1234567.885', 'CO'), '$ 1.234.567,89');
  assert.equal(formatMoney(1234567.89, 'MX'), '$ 1,234,567.89');
  assert.equal(formatMoney('0.1', 'CO'), '$ 0,10');
  assert.equal(formatMoney('-25000', 'CO'), '-$ 25.000,00');
  assert.equal(formatMoney('999', 'CO'), '$ 999,00');
  assert.equal(formatMoney('1000', 'CO', 'USD'), 'USD 1.000,00');
  assert.equal(formatMoney('0.30000000000000004', 'MX'), '$ 0.30');
  assert.equal(formatQuantity('2.500000', 'CO'), '2,5');
  assert.equal(formatQuantity(3, 'MX'), '3');
});

test('satVerificationUrl: id, re, rr, tt without insignificant zeros, fe = last 8 characters of SelloCFD', () => {
  assert.equal(satTotal('1160.00'), '1160.0');
  assert.equal(satTotal(1234.5), '1234.5');
  assert.equal(satTotal('0.1234567'), '0.123457');
  assert.equal(satTotal('100'), '100.0');
  assert.equal(
    satVerificationUrl({ uuid: UUID.toLowerCase(), rfcEmisor: 'EKU9003173C9', rfcReceptor: 'XAXX010101000', total: '1160.00', selloCFD: SELLO_CFD }),
    `https://verificacfdi.facturaelectronica.sat.gob.mx/default.aspx?id=${UUID}&re=EKU9003173C9&rr=XAXX010101000&tt=1160.0&fe=345678==`,
  );
  // An RFC with "&" or "Ñ" is escaped so the URL keeps its parameters.
  const url = satVerificationUrl({ uuid: UUID, rfcEmisor: 'A&B010101AAA', rfcReceptor: 'ÑAÑ010101AB1', total: 5, selloCFD: 'xyzABCDEFGH' });
  assert.match(url, /re=A%26B010101AAA&rr=%C3%91A%C3%91010101AB1&tt=5\.0&fe=ABCDEFGH$/);
  assert.equal(new URL(url).searchParams.get('re'), 'A&B010101AAA');
});

// ------------------------------------------------------------------ invoices

test('a Colombian electronic invoice prints its name, number, customer, totals, retentions, payments and CUFE with embedded fonts', async () => {
  const pdf = await renderInvoicePdf(coInvoice());
  assert.equal(pdf.subarray(0, 5).toString(), '%PDF-');
  const raw = pdf.toString('latin1');
  assert.match(raw, /\/FontFile2/, 'the TrueType font is embedded');
  assert.doesNotMatch(raw, /\/BaseFont \/(Helvetica|Times|Courier)/, 'no unembedded standard font');
  assert.match(raw, /\/MediaBox \[0 0 595\.28 841\.89\]/, 'A4');
  const { pages, text } = await pdfText(pdf);
  assert.equal(pages.length, 1);
  const t = squash(text);
  for (const s of [
    'Factura electrónica de venta', 'No. SETP990000001', 'Compañía Demostración S.A.S.', 'NIT: 900123456-7', 'facturación@demo.co',
    'Cliente', 'Distribuidora Ñandú Ltda.', 'NIT: 800199436-1', 'compras@nandu.co, pagos@nandu.co', 'Medellín',
    'Cantidad', 'Descripción', 'Precio', 'Descuento', 'Impuestos', 'Total', 'Asesoría en facturación electrónica — señalización',
    'Subtotal', '$ 1.000.000,00', 'IVA 19 %', '$ 190.000,00', 'Total COP', '$ 1.190.000,00',
    'ReteFuente 2,5 %', '-$ 25.000,00', 'Retenciones', 'Total a pagar', '$ 1.165.000,00',
    'Formas de pago', 'Vencimiento: 01/06/2024', 'Observaciones', '¡Gracias por su compra!',
    `CUFE: ${CUFE}`, 'Resolución DIAN 18760000001', 'Fecha de emisión: 02/05/2024', 'Página 1 de 1',
  ]) assert.ok(t.includes(s), `the PDF shows "${s}"\n${t}`);
});

test('the same invoice gives the same bytes; the CreationDate is the document date', async () => {
  const a = await renderInvoicePdf(coInvoice());
  const b = await renderInvoicePdf(coInvoice());
  assert.ok(a.equals(b));
  assert.match(a.toString('latin1'), /\/CreationDate \d+ 0 R/);
  assert.match(a.toString('latin1'), /\(D:20240502155310Z\)/, '10:53:10-05:00 on 2024-05-02');
});

test('Letter size on request', async () => {
  const pdf = await renderInvoicePdf({ ...coInvoice(), pageSize: 'LETTER' });
  assert.match(pdf.toString('latin1'), /\/MediaBox \[0 0 612 792\]/);
});

test('an invoice of 120 lines runs over several pages with the table header repeated and every line printed', async () => {
  const items = Array.from({ length: 120 }, (_, i) => coLine(i + 1));
  const pdf = await renderInvoicePdf({ ...coInvoice(items), observations: null });
  const { pages, text } = await pdfText(pdf);
  assert.ok(pages.length > 1, `${pages.length} pages`);
  const t = squash(text);
  for (let i = 1; i <= 120; i++) assert.ok(t.includes(`Línea ${String(i).padStart(3, '0')} · café orgánico`), `line ${i} printed`);
  for (const [i, p] of pages.entries()) {
    assert.ok(squash(p).includes(`Página ${i + 1} de ${pages.length}`), `page ${i + 1} numbered`);
    if (i > 0) assert.ok(squash(p).includes('(continuación)'), `page ${i + 1} has the running header`);
  }
  // Every page that carries lines repeats the column heads.
  const withLines = pages.filter((p) => p.includes('café orgánico'));
  assert.ok(withLines.length > 1);
  for (const p of withLines) assert.ok(p.includes('Descripción'));
  assert.ok(squash(pages[pages.length - 1]).includes('Total a pagar'));
});

test('a Mexican stamped invoice prints the folio fiscal, certificates, both seals and the totals in MXN', async () => {
  const pdf = await renderInvoicePdf(mxInvoice());
  const { text } = await pdfText(pdf);
  const t = squash(text);
  for (const s of [
    'Factura electrónica de venta', 'No. A-1021', 'RFC: EKU9003173C9', 'Público en General Señor Núñez', 'RFC: XAXX010101000', 'Uso CFDI: S01',
    `Folio fiscal (UUID): ${UUID}`, '30001000000500003416', '30001000000500003456', '2024-05-02T10:12:00',
    'Sello digital del CFDI (SelloCFD)', 'Sello digital del SAT (SelloSAT)', 'Subtotal', '$ 1,000.00', 'IVA 16 %', '$ 160.00', 'Total MXN', '$ 1,160.00',
    'Método de pago: PUE', 'Este documento es una representación impresa de un CFDI.',
  ]) assert.ok(t.includes(s), `the PDF shows "${s}"\n${t}`);
  const flat = noSpace(text);
  assert.ok(flat.includes(SELLO_CFD), 'SelloCFD printed whole');
  assert.ok(flat.includes(SELLO_SAT), 'SelloSAT printed whole');
});

test('a plain (not electronic) invoice has no QR and no CUFE', async () => {
  const input = { ...coInvoice(), electronic: null };
  const { text } = await pdfText(await renderInvoicePdf(input));
  assert.ok(text.includes('Factura de venta'));
  assert.ok(!text.includes('CUFE'));
});

// ------------------------------------------------------------------ QR read back

test('the DIAN QR on the first page decodes to the QR content exactly', { skip: noPoppler() }, async () => {
  const pdf = await renderInvoicePdf(coInvoice(Array.from({ length: 120 }, (_, i) => coLine(i + 1))));
  assert.equal(readQr(pdf), qrContent);
});

test('the SAT QR decodes to the verification URL', { skip: noPoppler() }, async () => {
  const input = mxInvoice();
  const pdf = await renderInvoicePdf(input);
  assert.equal(readQr(pdf), satVerificationUrl({ uuid: UUID, rfcEmisor: 'EKU9003173C9', rfcReceptor: 'XAXX010101000', total: '1160.00', selloCFD: SELLO_CFD }));
});

// ------------------------------------------------------------------ vouchers

test('a cash receipt voucher prints the invoices paid, the payment and the total', async () => {
  const pdf = await renderVoucherPdf(voucher);
  const { text } = await pdfText(pdf);
  const t = squash(text);
  for (const s of [
    'Recibo de caja', 'No. RC-17', 'Fecha: 01/06/2024', 'Tipo: Abono a facturas', 'Distribuidora Ñandú Ltda.',
    'Concepto', 'Factura', 'Cuota', 'Vencimiento', 'Valor', 'SETP990000001', 'SETP990000002', '01/07/2024', '234.567,89',
    'Formas de pago', 'Transferencia bancaria', 'Total COP', '$ 1.234.567,89', 'Observaciones', 'Recibí conforme',
  ]) assert.ok(t.includes(s), `the voucher shows "${s}"\n${t}`);
  assert.match(pdf.toString('latin1'), /\/FontFile2/);
});

test('a detailed voucher without customer prints the accounts', async () => {
  const pdf = await renderVoucherPdf({
    country: 'CO', name: 'RC-18', date: '2024-06-02', type: 'Detailed', company, customer: null,
    items: [{ account: '11050501', description: 'Caja general', value: '50000' }, { account: '41750501', description: 'Ingreso por aprovechamientos', value: '50000' }],
    total: '50000',
  });
  const t = squash((await pdfText(pdf)).text);
  for (const s of ['Cuenta', '11050501', 'Ingreso por aprovechamientos', 'Tipo: Detallado', '$ 50.000,00']) assert.ok(t.includes(s), s);
});
