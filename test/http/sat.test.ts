/**
 * Mexican electronic invoices through HTTP with the sandbox stamping provider:
 * stamp.send on creation comes back Accepted with a UUID; the stored CFDI's
 * seal verifies with its certificate and its TFD seal with the provider's;
 * a Draft is stamped later; missing master data is refused up front or, for a
 * Draft, Rejected with reasons and stamped once fixed.
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import crypto, { X509Certificate } from 'node:crypto';
import { problems, startTestServer, type TestServer } from '../support/server';
import { derBase64ToPem, loadPkcs12 } from '../../src/einvoice/certificates';
import { cfdiChain, parseXml, satSelect, timbreChain } from '../../src/countries/mx/sat/chain';
import { satCertificateNumber } from '../../src/countries/mx/sat/cfdi';
import { SandboxPac } from '../../src/countries/mx/sat/provider';
import { stampMxInvoice } from '../../src/countries/mx/sat/stamp';
import { recordSending, recordVerdict } from '../../src/invoices/kernel';

const APP = { 'serviceapi-application-id': 'TiendaPOS' };
const mxToday = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Mexico_City' }).format(new Date());

let s: TestServer;
let ref: any;
before(async () => {
  s = await startTestServer('pglite');
  const mx = s.as('mx');
  const all = mx.list;
  const [types, taxes, pays, users] = await Promise.all([all('/v1/document-types?type=FV'), all('/v1/taxes'), all('/v1/payment-types?document_type=FV'), all('/v1/users')]);
  ref = {
    type: Object.fromEntries(types.map((t) => [t.code, t])), seller: users.find((u) => u.active),
    pay: Object.fromEntries(pays.map((p) => [p.name, p])), tax: (type: string, pct: number) => taxes.find((t) => t.type === type && t.percentage === pct),
  };
});
after(() => s.close());

/** LAP14 2 × 1500 − 300 (IVA 16 %: 432) and MOUSE01 3 × 349 (IVA 16 %: 167.52); ReteIVA 10.6667 % and ReteISR 10 % of 3747. */
const body = (over: Record<string, unknown> = {}) => ({
  document: { id: ref.type['FV-A'].id }, customer: { rfc_id: 'XIA190128J61', branch_office: 0 }, seller: ref.seller.id, use: 'G03',
  items: [{ code: 'LAP14', quantity: 2, price: 1500, discount: 300 }, { code: 'MOUSE01', quantity: 3, price: 349 }],
  retentions: [ref.tax('ReteIVA', 10.6667).id, ref.tax('ReteISR', 10).id],
  // 3747 + 599.52 − 399.68 − 374.70
  payment: { method: 'PUE', conditions: { id: ref.pay['Transferencia electrónica de fondos'].id, value: 3572.14, due_date: mxToday() } },
  stamp: { send: true },
  ...over,
});
const post = (b: unknown) => s.as('mx').post('/v1/invoices', b, APP);
const xmlOf = async (id: string) => Buffer.from((await s.as('mx').get(`/v1/invoices/${id}/xml`)).body.base64, 'base64').toString('utf8');
const attr = (xml: string, q: string) => String(satSelect(`string(${q})`, parseXml(xml) as unknown as Node));

test('stamp.send: Accepted with a UUID; the CFDI seal and the TFD seal verify', async () => {
  const res = await post(body());
  assert.equal(res.status, 201, JSON.stringify(res.body));
  assert.equal(res.body.total, 3572.14);
  assert.equal(res.body.stamp.status, 'Accepted', JSON.stringify(res.body.stamp));
  assert.match(res.body.stamp.uuid, /^[0-9A-F]{8}-[0-9A-F]{4}-4[0-9A-F]{3}-[89AB][0-9A-F]{3}-[0-9A-F]{12}$/);
  assert.deepEqual((await s.as('mx').get(`/v1/invoices/${res.body.id}`)).body.stamp,
    { send: true, status: 'Accepted', uuid: res.body.stamp.uuid, errors: null, observations: null });

  const xml = await xmlOf(res.body.id);
  const q = (x: string) => attr(xml, x);
  assert.equal(q('//tfd:TimbreFiscalDigital/@UUID'), res.body.stamp.uuid);
  assert.equal(q('/cfdi:Comprobante/@Folio'), String(res.body.number));
  assert.deepEqual(['SubTotal', 'Descuento', 'Total'].map((a) => q(`/cfdi:Comprobante/@${a}`)), ['4047.00', '300.00', '3572.14']);
  assert.equal(q('/cfdi:Comprobante/cfdi:Impuestos/@TotalImpuestosRetenidos'), '774.38');
  // The issuer's seal, with the certificate the CFDI carries (the company's CSD, whose number is NoCertificado).
  const cert = new X509Certificate(derBase64ToPem(q('/cfdi:Comprobante/@Certificado')));
  assert.equal(satCertificateNumber(cert.serialNumber), q('/cfdi:Comprobante/@NoCertificado'));
  assert.equal(crypto.verify('sha256', Buffer.from(cfdiChain(parseXml(xml))), cert.publicKey, Buffer.from(q('/cfdi:Comprobante/@Sello'), 'base64')), true);
  // The provider's seal, with the provider's certificate.
  const [own] = await s.db.query(`SELECT p12, password FROM provider_credentials WHERE provider = 'sat-sandbox'`);
  const provider = loadPkcs12(own.p12, own.password);
  assert.equal(q('//tfd:TimbreFiscalDigital/@NoCertificadoSAT'), satCertificateNumber(provider.serialNumberHex));
  assert.equal(crypto.verify('sha256', Buffer.from(timbreChain(parseXml(xml))), new X509Certificate(provider.certPem).publicKey,
    Buffer.from(q('//tfd:TimbreFiscalDigital/@SelloSAT'), 'base64')), true);

  const raw = await fetch(`${s.url}/mx/v1/invoices/${res.body.id}/xml`, { headers: { authorization: `Bearer ${await s.token('mx')}`, accept: 'application/xml' } });
  assert.match(raw.headers.get('content-type') ?? '', /application\/xml/);
  assert.equal(await raw.text(), xml);
  const again = await s.as('mx').post(`/v1/invoices/${res.body.id}/stamp`, {});
  assert.deepEqual(problems(again), ['invalid_document@id']);
});

test('a Draft has no XML; POST /stamp stamps it', async () => {
  const res = await post(body({ stamp: { send: false } }));
  assert.equal(res.status, 201);
  assert.deepEqual([res.body.stamp.status, res.body.stamp.uuid], ['Draft', null]);
  assert.equal((await s.as('mx').get(`/v1/invoices/${res.body.id}/xml`)).status, 404);
  const stamped = await s.as('mx').post(`/v1/invoices/${res.body.id}/stamp`, {});
  assert.equal(stamped.status, 200, JSON.stringify(stamped.body));
  assert.equal(stamped.body.stamp.status, 'Accepted');
  assert.equal(attr(await xmlOf(res.body.id), '//tfd:TimbreFiscalDigital/@UUID'), stamped.body.stamp.uuid);
});

test('general public (XAXX010101000, S01): stamped with InformacionGlobal', async () => {
  const res = await post(body({ customer: { rfc_id: 'XAXX010101000', branch_office: 0 }, use: 'S01', retentions: [],
    items: [{ code: 'MOUSE01', quantity: 1, price: 349 }], payment: { method: 'PUE', conditions: { id: ref.pay.Contado.id, value: 404.84, due_date: mxToday() } } }));
  assert.equal(res.status, 201, JSON.stringify(res.body));
  assert.equal(res.body.stamp.status, 'Accepted', JSON.stringify(res.body.stamp));
  const xml = await xmlOf(res.body.id);
  assert.equal(attr(xml, '//cfdi:Receptor/@Nombre'), 'PUBLICO EN GENERAL');
  assert.equal(attr(xml, '//cfdi:InformacionGlobal/@Periodicidad'), '01');
});

test('missing fiscal data: refused on creation with stamp.send; a Draft is Rejected with reasons, then stamped once fixed', async () => {
  const [{ company_id: cid }] = await s.db.query(`SELECT company_id FROM companies WHERE is_demo AND country = 'MX'`);
  await s.db.query(`UPDATE customers SET tax_regime = NULL WHERE company_id = $1 AND identification = 'URE180429TM6'`, [cid]);
  try {
    const refused = await post(body({ customer: { rfc_id: 'URE180429TM6', branch_office: 0 } }));
    assert.deepEqual(problems(refused), ['document_settings@stamp.send']);
    assert.match(refused.body.Errors[0].Message, /URE180429TM6 has no fiscal regime/);

    const draft = await post(body({ customer: { rfc_id: 'URE180429TM6', branch_office: 0 }, stamp: { send: false } }));
    assert.equal(draft.status, 201);
    const rejected = await s.as('mx').post(`/v1/invoices/${draft.body.id}/stamp`, {});
    assert.equal(rejected.body.stamp.status, 'Rejected');
    assert.equal(rejected.body.stamp.uuid, null);
    assert.match(rejected.body.stamp.errors, /DATA: Customer URE180429TM6 has no fiscal regime/);
    const errors = await s.as('mx').get(`/v1/invoices/${draft.body.id}/stamp/errors`);
    assert.deepEqual(errors.body.errors.map((e: any) => e.code), ['DATA']);

    await s.db.query(`UPDATE customers SET tax_regime = '601' WHERE company_id = $1 AND identification = 'URE180429TM6'`, [cid]);
    const fixed = await s.as('mx').post(`/v1/invoices/${draft.body.id}/stamp`, {});
    assert.equal(fixed.body.stamp.status, 'Accepted', JSON.stringify(fixed.body.stamp));
    assert.equal(fixed.body.stamp.errors, null);
  } finally {
    await s.db.query(`UPDATE customers SET tax_regime = '601' WHERE company_id = $1 AND identification = 'URE180429TM6'`, [cid]);
  }
});

test('an annulled invoice is not stamped; a Colombian invoice id is not found here', async () => {
  const res = await post(body({ stamp: { send: false } }));
  await s.as('mx').post(`/v1/invoices/${res.body.id}/annul`, {});
  assert.deepEqual(problems(await s.as('mx').post(`/v1/invoices/${res.body.id}/stamp`, {})), ['invalid_document@id']);
  assert.equal((await s.as('mx').get(`/v1/invoices/${crypto.randomUUID()}/stamp/errors`)).status, 404);
});

test('an answer lost in transit: the retry sends the same sealed CFDI and gets the same stamp, once', async () => {
  const res = await post(body({ stamp: { send: false } }));
  const [{ company_id: cid }] = await s.db.query(`SELECT company_id FROM companies WHERE is_demo AND country = 'MX'`);
  const [own] = await s.db.query(`SELECT p12, password FROM provider_credentials WHERE provider = 'sat-sandbox'`);
  const pac = new SandboxPac(async () => loadPkcs12(own.p12, own.password));
  const sent: string[] = [];
  const flaky = { name: 'flaky', stamp: async (xml: string) => {
    sent.push(xml);
    const verdict = await pac.stamp(xml);
    if (sent.length === 1) throw new Error('timeout: the provider stamped, the answer never arrived');
    return verdict;
  } };
  await assert.rejects(stampMxInvoice(s.db, flaky, { recordSending, recordVerdict }, cid, res.body.id), /timeout/);
  assert.equal((await s.as('mx').get(`/v1/invoices/${res.body.id}`)).body.stamp.status, 'Pending');
  const retried = await stampMxInvoice(s.db, flaky, { recordSending, recordVerdict }, cid, res.body.id);
  assert.equal(retried.status, 'Accepted');
  assert.equal(sent.length, 2);
  assert.equal(sent[1], sent[0]);
  const xml = await xmlOf(res.body.id);
  assert.equal((xml.match(/<tfd:TimbreFiscalDigital\b/g) ?? []).length, 1);
  assert.equal(attr(xml, '//tfd:TimbreFiscalDigital/@UUID'), retried.uuid);
  // Once Accepted, another run does not send at all.
  await stampMxInvoice(s.db, flaky, { recordSending, recordVerdict }, cid, res.body.id);
  assert.equal(sent.length, 2);
});
