/**
 * Issue 33, point 13, on both storages: the sandbox PAC's content rules refuse a CFDI whose LugarExpedicion or
 * DomicilioFiscalReceptor is not in c_CodigoPostal (CODIGO_POSTAL), and accept the same CFDI with codes of the
 * catalogue (06600, the demo company's; 22000, Tijuana); the service's own checks keep such codes out of requests
 * (customers: test/http/sat-rules.test.ts).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { eachStorage } from '../support/server';
import { mxSuite } from '../support/mx';
import { cfdiContentProblems } from '../../src/countries/mx/sat/rules';

eachStorage('MX postal codes in the CFDI', (storage) => {
  const t = mxSuite(storage);

  test('LugarExpedicion and DomicilioFiscalReceptor must be codes of c_CodigoPostal', async () => {
    const inv = await t.ppdInvoice([{ code: 'LAP14', quantity: 1, price: 100 }], 116);
    assert.equal(inv.stamp.status, 'Accepted', JSON.stringify(inv.stamp));
    const xml = Buffer.from((await t.mx().get(`/v1/invoices/${inv.id}/xml`)).body.base64, 'base64').toString('utf8');
    const codes = (x: string) => (cfdiContentProblems(x)).then((r) => r.problems.map((p) => `${p.code} ${p.message}`));
    const place = /LugarExpedicion="(\d{5})"/.exec(xml)![1];
    const domicile = /DomicilioFiscalReceptor="(\d{5})"/.exec(xml)![1];
    assert.deepEqual((await codes(xml)).filter((p) => p.startsWith('CODIGO_POSTAL')), [], 'the stamped CFDI passes');
    // 00001 has the pattern of a postal code but is no code of the catalogue.
    const badPlace = xml.replace(`LugarExpedicion="${place}"`, 'LugarExpedicion="00001"');
    assert.ok((await codes(badPlace)).some((p) => p === 'CODIGO_POSTAL LugarExpedicion 00001 is not in c_CodigoPostal'), (await codes(badPlace)).join('; '));
    const badDomicile = xml.replace(`DomicilioFiscalReceptor="${domicile}"`, 'DomicilioFiscalReceptor="00001"');
    assert.ok((await codes(badDomicile)).some((p) => p === 'CODIGO_POSTAL DomicilioFiscalReceptor 00001 is not in c_CodigoPostal'), (await codes(badDomicile)).join('; '));
    const tijuana = xml.replace(`DomicilioFiscalReceptor="${domicile}"`, 'DomicilioFiscalReceptor="22000"');
    assert.deepEqual((await codes(tijuana)).filter((p) => p.startsWith('CODIGO_POSTAL')), [], '22000 is in the catalogue');
  });
});
