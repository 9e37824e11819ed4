/**
 * Generated CFDIs through the SAT's schema with the catalogues (issue 24,
 * tests): invoices of every kind the service makes are stamped over HTTP and
 * their CFDIs validated by libxml2 (the repository's schemas/), independently of the service, against
 * cfdv40.xsd with a catCFDI.xsd written from the catalogues; the sandbox's
 * acceptance must agree with the schema. A code off a catalogue is refused at
 * creation by the same schema, with nothing written.
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eachStorage, problems, startTestServer, type Storage, type TestServer } from '../support/server';
import { MX_APP, mxToday } from '../support/mx';
import { SAT_XSD_DIR, xsdErrors } from '../support/tools';
import { catalogueXsd } from '../../src/countries/mx/sat/schema';
import { LARGE_CATALOGUES } from '../../src/catalogs/sat';
import { installed } from '../support/catalogs';

const CFDV40 = path.join(SAT_XSD_DIR, '4', 'cfdv40.xsd');
const TFD = path.join(SAT_XSD_DIR, 'TimbreFiscalDigital', 'TimbreFiscalDigitalv11.xsd');

/** The SAT's layout with catCFDI.xsd written from the catalogues; a wrapper schema takes the TFD complement too. */
function schemaDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cfdi-xsd-'));
  const put = (file: string, content: string | Buffer) => { fs.mkdirSync(path.join(dir, path.dirname(file)), { recursive: true }); fs.writeFileSync(path.join(dir, file), content); };
  put('4/cfdv40.xsd', fs.readFileSync(CFDV40));
  put('tipoDatos/tdCFDI/tdCFDI.xsd', fs.readFileSync(path.join(SAT_XSD_DIR, 'tipoDatos', 'tdCFDI', 'tdCFDI.xsd')));
  put('catalogos/catCFDI.xsd', catalogueXsd().xsd);
  put('TimbreFiscalDigital/TimbreFiscalDigitalv11.xsd', fs.readFileSync(TFD));
  put('all.xsd', `<?xml version="1.0"?><xs:schema xmlns:xs="http://www.w3.org/2001/XMLSchema" targetNamespace="urn:all" elementFormDefault="qualified">
<xs:import namespace="http://www.sat.gob.mx/cfd/4" schemaLocation="4/cfdv40.xsd"/>
<xs:import namespace="http://www.sat.gob.mx/TimbreFiscalDigital" schemaLocation="TimbreFiscalDigital/TimbreFiscalDigitalv11.xsd"/></xs:schema>`);
  return dir;
}

/** libxml2 (libxml2-wasm) against the wrapper schema of `dir`. */
async function validate(dir: string, xml: string): Promise<{ ok: boolean; out: string }> {
  const errors = await xsdErrors(path.join(dir, 'all.xsd'), xml);
  return { ok: errors.length === 0, out: errors.join('\n') };
}

eachStorage('CFDIs through cfdv40.xsd with the catalogues', (storage: Storage) => {
  let s: TestServer;
  let ref: any;
  let dir: string;
  before(async () => {
    s = await startTestServer(storage);
    dir = schemaDir();
    const all = (p: string) => s.as('mx').list(p);
    const [types, users, pays, taxes] = await Promise.all([all('/v1/document-types?type=FV'), all('/v1/users'), all('/v1/payment-types?document_type=FV'), all('/v1/taxes')]);
    ref = {
      type: Object.fromEntries(types.map((t) => [t.code, t.id])), seller: users.find((u) => u.active).id,
      pay: Object.fromEntries(pays.map((p) => [p.name, p.id])), tax: (type: string, pct: number) => taxes.find((t) => t.type === type && t.percentage === pct && t.active).id,
    };
  });
  after(() => { fs.rmSync(dir, { recursive: true, force: true }); return s.close(); });

  const post = (over: Record<string, unknown>) => s.as('mx').post('/v1/invoices', {
    document: { id: ref.type['FV-A'] }, customer: { rfc_id: 'XIA190128J61', branch_office: 0 }, seller: ref.seller, use: 'G03', stamp: { send: true }, ...over,
  }, MX_APP);
  const pue = (value: number) => ({ method: 'PUE', conditions: { id: ref.pay.Contado, value, due_date: mxToday() } });

  test('every kind of CFDI the service stamps is valid against the schema with the catalogues', async () => {
    const cases: [string, Record<string, unknown>][] = [
      ['IVA 16 % with a discount', { items: [{ code: 'LAP14', quantity: 2, price: 1500, discount: 300 }], payment: pue(3132) }],
      ['IEPS and IVA, ReteIVA and ReteISR 10 %', { items: [{ code: 'CONSULT', quantity: 1, price: 1000 }, { code: 'BOTANA45', quantity: 100, price: 18.5 }],
        retentions: [ref.tax('ReteIVA', 10.6667), ref.tax('ReteISR', 10)], payment: pue(2872.89) }],
      ['IVA 0 % and a percentage discount', { document: { id: ref.type['FV-P'] }, items: [{ code: 'AGUA20L', quantity: 7, price: 45.5, discount: 12.5 }], payment: pue(278.69) }],
      ['the general public, S01', { customer: { rfc_id: 'XAXX010101000', branch_office: 0 }, use: 'S01', items: [{ code: 'GEN001', quantity: 3, price: 33.33 }], payment: pue(115.99) }],
      ['PPD, to be paid', { items: [{ code: 'SOPORTE', quantity: 1, price: 3500 }], payment: { method: 'PPD', conditions: { id: ref.pay['Por definir'], value: 4060, due_date: '2099-12-31' } } }],
    ];
    for (const [name, body] of cases) {
      const res = await post(body);
      assert.equal(res.status, 201, `${name}: ${JSON.stringify(res.body)}`);
      assert.equal(res.body.stamp.status, 'Accepted', `${name}: ${JSON.stringify(res.body.stamp)}`);
      const xml = Buffer.from((await s.as('mx').get(`/v1/invoices/${res.body.id}/xml`)).body.base64, 'base64').toString('utf8');
      const lint = await validate(dir, xml);
      assert.ok(lint.ok, `${name}: ${lint.out}`);
      // The schema does refuse what is off a catalogue: the same CFDI with a unit key and a use that are not codes.
      const off = await validate(dir, xml.replace(/ClaveUnidad="[A-Z0-9]+"/, 'ClaveUnidad="XX9"').replace(/UsoCFDI="[A-Z0-9]+"/, 'UsoCFDI="Z99"'));
      assert.ok(!off.ok && /ClaveUnidad/.test(off.out) && /UsoCFDI/.test(off.out), off.out);
    }
  });

  test('a product whose unit key is not in c_ClaveUnidad: the CFDI is refused at creation by the schema, nothing written', async () => {
    const made = await s.as('mx').post('/v1/products', { code: 'RARE01', name: 'Rare', sat_product_key: '01010101', sat_unit_key: 'XX9', taxes: [{ id: ref.tax('IVA', 16) }] });
    assert.equal(made.status, 201, JSON.stringify(made.body));
    const [{ n }] = await s.db.query(`SELECT count(*)::int AS n FROM invoices WHERE country = 'MX'`);
    const res = await post({ items: [{ code: 'RARE01', quantity: 1, price: 100 }], payment: pue(116) });
    assert.deepEqual(problems(res), ['invalid_document@items']);
    assert.match(res.body.Errors[0].Message, /XSD.*ClaveUnidad.*XX9/);
    assert.deepEqual(await s.db.query(`SELECT count(*)::int AS n FROM invoices WHERE country = 'MX'`), [{ n }]);
  });

  test('a product key that is not in the shipped c_ClaveProdServ: refused at creation by the schema, nothing written', { skip: (!installed(LARGE_CATALOGUES.c_ClaveProdServ) && 'c_ClaveProdServ is not installed') }, async () => {
    const made = await s.as('mx').post('/v1/products', { code: 'NOKEY01', name: 'No key', sat_product_key: '99999999', sat_unit_key: 'H87', taxes: [{ id: ref.tax('IVA', 16) }] });
    assert.equal(made.status, 201, JSON.stringify(made.body));
    const [{ n }] = await s.db.query(`SELECT count(*)::int AS n FROM invoices WHERE country = 'MX'`);
    const res = await post({ items: [{ code: 'NOKEY01', quantity: 1, price: 100 }], payment: pue(116) });
    assert.deepEqual(problems(res), ['invalid_document@items']);
    assert.match(res.body.Errors[0].Message, /XSD.*ClaveProdServ.*99999999/);
    assert.deepEqual(await s.db.query(`SELECT count(*)::int AS n FROM invoices WHERE country = 'MX'`), [{ n }]);
  });
});
