/**
 * The DIAN web service client: its WS-Security envelope verifies with two
 * independent verifiers (xml-crypto as the fake DIAN uses it, and libxmlsec1)
 * and breaks when tampered; the DIAN's answers become verdicts; against the
 * fake DIAN it sends, asks GetStatus, and recognises "already processed".
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { X509Certificate } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { generateTestCertificate } from '../../src/einvoice/certificates';
import { zipSync, strToU8 } from 'fflate';
import { DianWebService, SoapError, buildEnvelope, decodeXmlBytes, parseDianResponse, parseStatusZip, parseTestSetReceipt, toVerdict } from '../../src/countries/co/dian/soap';
import type { Verdict } from '../../src/countries/co/dian/authority';
import { FakeDian } from '../support/fake-dian';
import { needsTool } from '../support/tools';
import { sleep } from '../support/profile';

const cred = generateTestCertificate({ commonName: 'Empresa de prueba', nit: '900123456', country: 'CO' });
const ctx = { credentials: cred, cufe: 'a'.repeat(96), fileName: '0900123456000260000002a' };
const invoice = (cufe: string) => `<Invoice xmlns="urn:oasis:names:specification:ubl:schema:xsd:Invoice-2" xmlns:cbc="urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2"><cbc:UUID>${cufe}</cbc:UUID></Invoice>`;

let fake: FakeDian;
const judged: string[] = [];
before(async () => {
  fake = await new FakeDian().start();
  fake.judge = async (xml): Promise<Verdict> => {
    judged.push(xml);
    return xml.includes('reject-me')
      ? { status: 'Rejected', cufe: null, errors: [{ code: 'FAD06', message: 'NIT del emisor mal calculado' }], observations: ['revise el correo'] }
      : { status: 'Accepted', cufe: null, errors: [], observations: [] };
  };
});
after(() => fake.close());

test('the envelope verifies with xmlsec1, and not once wsa:To is changed', { skip: needsTool('xmlsec1', 'xmlsec1') }, () => {
  const dir = mkdtempSync(join(tmpdir(), 'dian-soap-'));
  try {
    const envelope = buildEnvelope('GetStatus', { trackId: ctx.cufe }, 'https://vpfe-hab.dian.gov.co/WcfDianCustomerServices.svc', cred);
    writeFileSync(join(dir, 'cert.pem'), cred.certPem);
    const verify = (xml: string) => {
      writeFileSync(join(dir, 'env.xml'), xml);
      return spawnSync('xmlsec1', ['--verify', '--pubkey-cert-pem', join(dir, 'cert.pem'), '--id-attr:Id', 'http://www.w3.org/2005/08/addressing:To', join(dir, 'env.xml')], { encoding: 'utf8' });
    };
    const good = verify(envelope);
    assert.equal(good.status, 0, good.stderr);
    assert.match(good.stderr, /SignedInfo References \(ok\/all\): 1\/1/);
    const moved = verify(envelope.replace('vpfe-hab.dian.gov.co', 'evil.example.com'));
    assert.notEqual(moved.status, 0);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('the envelope carries Action, To, a one-minute Timestamp and the certificate as BinarySecurityToken', () => {
  const now = new Date('2026-11-22T15:00:00Z');
  const envelope = buildEnvelope('SendBillSync', { fileName: 'z.zip', contentFile: 'QUJD' }, 'https://x.test/svc', cred, now);
  assert.match(envelope, /<wsa:Action>http:\/\/wcf\.dian\.colombia\/IWcfDianCustomerServices\/SendBillSync<\/wsa:Action>/);
  assert.match(envelope, /<wsa:To [^>]*wsu:Id="id-[^"]+">https:\/\/x\.test\/svc<\/wsa:To>/);
  assert.match(envelope, /<wsu:Created>2026-11-22T15:00:00\.000Z<\/wsu:Created><wsu:Expires>2026-11-22T15:01:00\.000Z<\/wsu:Expires>/);
  const der = cred.certPem.replace(/-----[^-]+-----|\s/g, '');
  assert.ok(envelope.includes(`>${der}</wsse:BinarySecurityToken>`));
  assert.match(envelope, /<wcf:SendBillSync><wcf:fileName>z\.zip<\/wcf:fileName><wcf:contentFile>QUJD<\/wcf:contentFile><\/wcf:SendBillSync>/);
});

test('DIAN answers become verdicts: rules that reject, notifications that only observe, faults that throw', () => {
  const answer = (inner: string) => `<s:Envelope xmlns:s="http://www.w3.org/2003/05/soap-envelope"><s:Body><SendBillSyncResponse xmlns="http://wcf.dian.colombia"><SendBillSyncResult xmlns:b="http://schemas.datacontract.org/2004/07/DianResponse">${inner}</SendBillSyncResult></SendBillSyncResponse></s:Body></s:Envelope>`;
  const msgs = (...m: string[]) => `<b:ErrorMessage xmlns:c="http://schemas.microsoft.com/2003/10/Serialization/Arrays">${m.map((x) => `<c:string>${x}</c:string>`).join('')}</b:ErrorMessage>`;
  const accepted = parseDianResponse(answer(`${msgs('Regla: FAJ44b, Notificación: Nombre informado no corresponde')}<b:IsValid>true</b:IsValid><b:StatusCode>00</b:StatusCode><b:StatusDescription>Procesado Correctamente.</b:StatusDescription><b:XmlDocumentKey>abc</b:XmlDocumentKey>`));
  assert.deepEqual(toVerdict(accepted), { status: 'Accepted', cufe: 'abc', errors: [], observations: ['Regla: FAJ44b, Notificación: Nombre informado no corresponde'] });
  const rejected = parseDianResponse(answer(`${msgs('Regla: FAD06, Rechazo: NIT mal calculado', 'Regla: FAK24, Notificación: sin correo')}<b:IsValid>false</b:IsValid><b:StatusCode>99</b:StatusCode><b:StatusDescription>Validación contiene errores en campos mandatorios.</b:StatusDescription>`));
  assert.deepEqual(toVerdict(rejected), { status: 'Rejected', cufe: null, errors: [{ code: 'FAD06', message: 'NIT mal calculado' }], observations: ['Regla: FAK24, Notificación: sin correo'] });
  const bare = parseDianResponse(answer('<b:IsValid>false</b:IsValid><b:StatusCode>2</b:StatusCode><b:StatusDescription>Documento con errores</b:StatusDescription>'));
  assert.deepEqual(toVerdict(bare).errors, [{ code: '2', message: 'Documento con errores' }]);
  assert.throws(() => parseDianResponse('<s:Envelope xmlns:s="http://www.w3.org/2003/05/soap-envelope"><s:Body><s:Fault><s:Reason><s:Text>Invalid security</s:Text></s:Reason></s:Fault></s:Body></s:Envelope>'), /SOAP fault from the DIAN: Invalid security/);
  assert.throws(() => parseDianResponse('<html>gateway'), SoapError);
});

test('against the fake DIAN: accepted, rejected with rule codes, a repeat answered from GetStatus', async () => {
  const ws = new DianWebService({ url: fake.url, timeoutMs: 5000 });
  const cufe = 'b'.repeat(96);
  assert.equal(await ws.status(cufe, { ...ctx, cufe }), null);
  const first = await ws.send(invoice(cufe), { ...ctx, cufe });
  assert.equal(first.status, 'Accepted');
  assert.equal(first.cufe, cufe);
  // The DIAN refuses a document it already processed (rule 90); the client then asks for the verdict it holds.
  const again = await ws.send(invoice(cufe), { ...ctx, cufe });
  assert.deepEqual(again, first);
  assert.equal(judged.length, 1, 'the repeat was not judged again');
  const bad = 'c'.repeat(96);
  const rejected = await ws.send(invoice(bad).replace('</Invoice>', '<!-- reject-me --></Invoice>'), { ...ctx, cufe: bad });
  assert.deepEqual(rejected.errors, [{ code: 'FAD06', message: 'NIT del emisor mal calculado' }]);
  assert.deepEqual(rejected.observations, ['Regla: OBS, Notificación: revise el correo']);
  assert.deepEqual(fake.problems, []);
  assert.deepEqual(fake.calls.map((c) => c.op), ['GetStatus', 'SendBillSync', 'SendBillSync', 'GetStatus', 'SendBillSync']);
  const serial = new X509Certificate(cred.certPem).serialNumber;
  assert.ok(fake.calls.every((c) => c.signerSerial === serial), 'every call is signed with the sender certificate');
});

test('an envelope signed for another address, or not answering in time, is an error the outbox retries', async () => {
  const elsewhere = new DianWebService({ url: fake.url, timeoutMs: 5000, fetch: (url, init) => fetch(url, { ...init, body: String(init?.body).replace(fake.url, 'http://127.0.0.1:1/x') }) });
  await assert.rejects(elsewhere.status('d'.repeat(96), ctx), /SOAP fault from the DIAN: wsa:To http:\/\/127\.0\.0\.1:1\/x is not/);
  fake.problems.length = 0;
  fake.delayNextSend = 1000;
  const slow = new DianWebService({ url: fake.url, timeoutMs: 200 });
  await assert.rejects(slow.send(invoice('e'.repeat(96)), { ...ctx, cufe: 'e'.repeat(96) }), (e: Error) => e instanceof SoapError && /did not answer SendBillSync/.test(e.message));
  const dead = new DianWebService({ url: 'http://127.0.0.1:1/WcfDianCustomerServices.svc', timeoutMs: 1000 });
  await assert.rejects(dead.status('f'.repeat(96), ctx), SoapError);
});

// ------------------------------------------------------------------ habilitación: SendTestSetAsync, GetStatusZip

const envelope = (op: string, ns: string, inner: string) =>
  `<s:Envelope xmlns:s="http://www.w3.org/2003/05/soap-envelope"><s:Body><${op}Response xmlns="http://wcf.dian.colombia">` +
  `<${op}Result xmlns:b="${ns}" xmlns:i="http://www.w3.org/2001/XMLSchema-instance">${inner}</${op}Result></${op}Response></s:Body></s:Envelope>`;
const UPLOAD = 'http://schemas.datacontract.org/2004/07/UploadDocumentResponse';
const DIAN_RESPONSE = 'http://schemas.datacontract.org/2004/07/DianResponse';
const AR = '<?xml version="1.0" encoding="UTF-8"?><ApplicationResponse xmlns="urn:oasis:names:specification:ubl:schema:xsd:ApplicationResponse-2"><ID>1</ID></ApplicationResponse>';

test('SendTestSetAsync answers: the ZipKey, or the reasons the ZIP was not taken', () => {
  assert.deepEqual(parseTestSetReceipt(envelope('SendTestSetAsync', UPLOAD,
    '<b:ErrorMessageList i:nil="true" xmlns:c="http://schemas.datacontract.org/2004/07/XmlParamsResponseTrackId"/><b:ZipKey>79351fbb-b8cd-4504-bf19-09a7f6f2d3d7</b:ZipKey>')),
  { trackId: '79351fbb-b8cd-4504-bf19-09a7f6f2d3d7', errors: [] });
  assert.deepEqual(parseTestSetReceipt(envelope('SendTestSetAsync', UPLOAD,
    '<b:ErrorMessageList xmlns:c="http://schemas.datacontract.org/2004/07/XmlParamsResponseTrackId"><c:XmlParamsResponseTrackId><c:DocumentKey/>' +
    '<c:ProcessedMessage>Set de pruebas inexistente</c:ProcessedMessage><c:Success>false</c:Success><c:XmlFileName>fv09001234560002600000001</c:XmlFileName>' +
    '</c:XmlParamsResponseTrackId></b:ErrorMessageList><b:ZipKey i:nil="true"/>')),
  { trackId: null, errors: [{ code: 'TEST_SET', message: 'fv09001234560002600000001: Set de pruebas inexistente' }] });
  assert.throws(() => parseTestSetReceipt(envelope('SendBillSync', DIAN_RESPONSE, '')), /no SendTestSetAsyncResult/);
});

test('GetStatusZip answers: still in process (null), then a verdict per document with its ApplicationResponse, zipped or not', () => {
  const one = (inner: string) => envelope('GetStatusZip', DIAN_RESPONSE, `<b:DianResponse>${inner}</b:DianResponse>`);
  assert.equal(parseStatusZip(one('<b:ErrorMessage i:nil="true" xmlns:c="http://schemas.microsoft.com/2003/10/Serialization/Arrays"/><b:IsValid>false</b:IsValid><b:StatusCode/><b:StatusDescription>Batch en proceso de validación.</b:StatusDescription><b:XmlBase64Bytes i:nil="true"/>')), null);
  const zipped = Buffer.from(zipSync({ 'ar.xml': strToU8(AR) })).toString('base64');
  const answers = parseStatusZip(one(
    '<b:ErrorMessage xmlns:c="http://schemas.microsoft.com/2003/10/Serialization/Arrays"><c:string>Regla: FAB10a, Rechazo: El prefijo no corresponde</c:string></b:ErrorMessage>' +
    `<b:IsValid>false</b:IsValid><b:StatusCode>99</b:StatusCode><b:StatusDescription>Validación contiene errores en campos mandatorios.</b:StatusDescription><b:XmlBase64Bytes>${zipped}</b:XmlBase64Bytes>` +
    '<b:XmlDocumentKey>2bbe</b:XmlDocumentKey><b:XmlFileName>SETP990000001</b:XmlFileName>'))!;
  assert.equal(answers.length, 1);
  assert.deepEqual(toVerdict(answers[0]), { status: 'Rejected', cufe: null, errors: [{ code: 'FAB10a', message: 'El prefijo no corresponde' }], observations: [], applicationResponse: AR });
  assert.equal(decodeXmlBytes(Buffer.from(AR).toString('base64')), AR);
  assert.equal(decodeXmlBytes(''), null);
  assert.equal(decodeXmlBytes(Buffer.from('not xml').toString('base64')), null);
});

test('against the fake DIAN: a test set document is taken, in process, then judged; an unknown test set id is refused', async () => {
  const ws = new DianWebService({ url: fake.url, timeoutMs: 5000 });
  const set = '3f1c2b4a-8d7e-4c6b-9a5f-1e2d3c4b5a69';
  fake.testSets = new Set([set]);
  fake.calls.length = 0;
  const cufe = '1'.repeat(96);
  const receipt = await ws.sendTestSet(invoice(cufe), set, { ...ctx, cufe });
  assert.match(receipt.trackId ?? '', /^[0-9a-f-]{36}$/);
  assert.deepEqual(receipt.errors, []);
  let verdicts = await ws.statusZip(receipt.trackId!, ctx);
  for (let i = 0; i < 20 && !verdicts; i++) { await sleep(20); verdicts = await ws.statusZip(receipt.trackId!, ctx); }
  assert.deepEqual(verdicts?.map((v) => v.status), ['Accepted']);
  assert.deepEqual(fake.calls.map((c) => `${c.op}:${c.status}`).slice(0, 3), ['SendTestSetAsync:taken', 'GetStatusZip:in process', 'GetStatusZip:Accepted']);
  const refused = await ws.sendTestSet(invoice('2'.repeat(96)), '00000000-0000-4000-8000-000000000000', { ...ctx, cufe: '2'.repeat(96) });
  assert.equal(refused.trackId, null);
  assert.match(refused.errors[0].message, /no existe/);
  assert.deepEqual(fake.problems, []);
  fake.testSets.clear();
});
