/**
 * The console's messages are wholly in the page's language: an API message with a Spanish text of its own is
 * translated whole (its figures kept), any other shows its code's Spanish sentence and never the API's English
 * text; English shows the API's text as it is. The documents list's refusals likewise.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { controlErrors, fieldErrors, fieldLabel, translate } from '../../src/console/messages';
import { BadList, badListText } from '../../src/console/sort';
import { authorityLines } from '../../src/console/authority-messages';

const ENGLISH = /\b(the|is|of|must|not|send|invoice|cannot|above|more than)\b/i;

test('API messages: translated whole in Spanish, as they are in English', () => {
  const owes = { Code: 'invalid_value', Message: '150.00 MXN is more than invoice MX-A-7 still owes (116.00)', Params: ['invoices[0].amount'] };
  assert.equal(translate('es', owes), '150.00 MXN es más de lo que la factura MX-A-7 aún debe (116.00 MXN).');
  assert.equal(translate('en', owes), owes.Message);
  // As the API writes it now: the balance with its currency.
  const usd = { ...owes, Message: '150.00 USD is more than invoice MX-A-8 still owes (116.00 USD)' };
  assert.equal(translate('es', usd), '150.00 USD es más de lo que la factura MX-A-8 aún debe (116.00 USD).');
  const motive = { Code: 'parameter_required', Message: 'Motive 01 (issued with errors, with relation) needs substitution: the UUID of the stamped CFDI that replaces it', Params: ['substitution'] };
  assert.match(translate('es', motive), /^El motivo 01 .* necesita el UUID del CFDI timbrado que lo sustituye\.$/);
  const sum = { Code: 'invalid_total_payments', Message: 'The sum of payments (100.00) must equal the amount payable (119.00)', Params: ['payments'] };
  assert.equal(translate('es', sum), 'La suma de los pagos (100.00) debe ser igual al valor a pagar (119.00).');
  const required = { Code: 'parameter_required', Message: 'customer.identification is required', Params: ['customer.identification'] };
  assert.equal(translate('es', required), 'Es obligatorio.');
  const weak = { Code: 'invalid_value', Message: 'The password is too easy to guess (strength 1 of 4, at least 3 needed): use a longer phrase of uncommon words, without the e-mail, names, dates, repeats, sequences or well-known passwords', Params: ['password'] };
  assert.match(translate('es', weak), /^La contraseña es demasiado fácil de adivinar \(fuerza 1 de 4; se necesita 3\)/);
  // A mistyped DIAN TestSetId, in the request and as stored.
  const guid = { Code: 'invalid_value', Message: 'test_set_id must be the GUID the DIAN gave the test set (8-4-4-4-12 hexadecimal digits)', Params: ['test_set_id'] };
  assert.match(translate('es', guid), /^Debe ser el GUID que la DIAN dio al set de pruebas .*no se envió nada\.$/);
  const stored = { ...guid, Message: 'test_set_id must be the GUID the DIAN gave the test set (8-4-4-4-12 hexadecimal digits), not "abc-123": nothing was sent' };
  assert.equal(translate('es', stored), 'El TestSetId guardado (abc-123) no es el GUID que dio la DIAN (8-4-4-4-12 dígitos hexadecimales): corríjalo; no se envió nada.');
});

test('a message with no Spanish text of its own: its code in Spanish, no English word', () => {
  const odd = { Code: 'invalid_currency', Message: 'XYZ has 3 decimals in c_Moneda; invoices are in currencies of 2 decimals', Params: ['currency.code'], Detail: 'see the catalogue' };
  const es = translate('es', odd);
  assert.equal(es, 'Moneda o tasa de cambio no permitida.');
  assert.doesNotMatch(es, ENGLISH);
  assert.equal(translate('en', odd), `${odd.Message} (see the catalogue)`);
  // Outside any field of the form: the field's name before it (never the API's path), the sentence in Spanish.
  const byField = fieldErrors('es', { Errors: [odd, { Code: 'document_settings', Message: 'Document type 7 does not take advance payments', Params: ['advance'] }] }, new Set(['currency.code']));
  assert.deepEqual(byField.get('currency.code'), ['Moneda o tasa de cambio no permitida.']);
  assert.deepEqual(byField.get(''), ['Anticipo: El tipo de documento no está configurado para esto.']);
  assert.deepEqual([fieldLabel('es', 'items[2].discount'), fieldLabel('en', 'payments[0].value'), fieldLabel('es', 'customer.identification'), fieldLabel('es', 'body')],
    [{ label: 'Línea 3 · descuento', id: 'discount-2' }, { label: 'Payment value', id: 'payment_value' }, { label: 'Cliente', id: 'customer' }, { label: '' }]);
});

test('a credit note\'s refusals of what is not on its invoice, in Spanish, as each country words them', () => {
  const es = (Message: string, Params = ['items[0].code']) => translate('es', { Code: 'invalid_reference', Message, Params });
  assert.equal(es('Product MOUSE01 is not on the invoice: a credit note credits the invoice\'s own lines'),
    'El producto MOUSE01 no está en la factura: una nota crédito acredita lo que su factura vendió.');
  assert.equal(es('Product MOUSE01 is not on invoice FV-1-12: a credit note credits the invoice\'s own lines'),
    'El producto MOUSE01 no está en la factura: una nota crédito acredita lo que su factura vendió.');
  assert.equal(es('Product LAP14 is not on the related invoices: a credit note credits what they sold'),
    'El producto LAP14 no está en la factura: una nota crédito acredita lo que su factura vendió.');
  assert.equal(es('Tax 7 (IVA 19%) is not on the invoice\'s lines of product LIBRO01', ['items[0].taxes[0].id']),
    'El impuesto IVA 19% no está en las líneas del producto LIBRO01 de la factura.');
  assert.equal(es('Retention 9 (ReteICA 9.66 por mil) is not on the invoice: a credit note reverses the invoice\'s own retentions', ['retentions[0].id']),
    'La retención ReteICA 9.66 por mil no está en la factura: una nota crédito revierte solo las retenciones de su factura.');
});

test('a document form\'s refusals by the control each concerns, without the field\'s name or path (shown under it)', () => {
  const body = { Errors: [
    { Code: 'invalid_amount', Message: 'items[0].quantity must be > 0', Params: ['items[0].quantity'] },
    { Code: 'invalid_amount', Message: 'items[1].price must be >= 0', Params: ['items[1].price'] },
    { Code: 'invalid_date', Message: 'payments[0].due_date must be a date yyyy-MM-dd', Params: ['payments[0].due_date'] },
    { Code: 'invalid_date', Message: 'payment.conditions.due_date must be a date yyyy-MM-dd', Params: ['payment.conditions.due_date'] },
    { Code: 'invalid_array', Message: 'items must NOT have fewer than 1 items', Params: ['items'] },
  ] };
  assert.deepEqual([...controlErrors('es', body)], [['quantity-0', ['Debe ser mayor que 0.']], ['price-1', ['Debe ser mayor o igual que 0.']],
    ['due_date', ['Debe ser una fecha aaaa-mm-dd.', 'Debe ser una fecha aaaa-mm-dd.']]]);
  assert.deepEqual(controlErrors('en', body).get('quantity-0'), ['must be > 0']);
  assert.equal(controlErrors('es', undefined).size, 0);
});

test('the documents list refuses a bad address in the page language', () => {
  assert.equal(badListText('es', new BadList('sort', 'price')), 'sort: number, date, customer, total, balance, due o status (no price).');
  assert.equal(badListText('en', new BadList('sort', 'price')), 'sort: number, date, customer, total, balance, due or status (not price).');
  assert.equal(badListText('es', new BadList('from', 'ayer')), 'Desde: una fecha como 2026-11-26 (no ayer).');
  assert.equal(badListText('es', new BadList('cursor')), 'cursor: no es una página de esta lista y orden.');
});

test('the sandbox PAC\'s Spanish verdicts: as written on a Spanish page, with the English reading of each code on an English page', () => {
  const stored = 'NOMBRE_EMISOR: El Nombre del Emisor "A" no es el nombre del titular del certificado "B"; USO_CFDI: El UsoCFDI G03 (Gastos en general) no se permite a un receptor del régimen 616 (c_UsoCFDI: 601, 603)';
  const es = authorityLines('es', 'MX', stored).map(String);
  assert.deepEqual(es, ['<li>NOMBRE_EMISOR: El Nombre del Emisor &quot;A&quot; no es el nombre del titular del certificado &quot;B&quot;</li>',
    '<li>USO_CFDI: El UsoCFDI G03 (Gastos en general) no se permite a un receptor del régimen 616 (c_UsoCFDI: 601, 603)</li>']);
  const en = authorityLines('en', 'MX', stored).map(String);
  assert.equal(en.length, 2);
  assert.match(en[0], /^<li><strong>NOMBRE_EMISOR<\/strong> The issuer&#39;s name is not the certificate holder&#39;s\. <span lang="es">NOMBRE_EMISOR: El Nombre/);
  assert.match(en[1], /^<li><strong>USO_CFDI<\/strong> UsoCFDI is not allowed for the receiver\. <span lang="es">USO_CFDI: El UsoCFDI G03/);
  // The service's own checks (in English) stay as they are; a cancellation refused by the receiver is read too.
  assert.deepEqual(authorityLines('en', 'MX', 'DATA: Customer X has no fiscal regime').map(String), ['<li>DATA: Customer X has no fiscal regime</li>']);
  assert.match(String(authorityLines('en', 'MX', 'RECHAZADA: El receptor rechazó la cancelación')[0]), /The receiver rejected the cancellation\. <span lang="es">/);
});
