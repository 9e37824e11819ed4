/**
 * E-mail and PDF through HTTP, against a real SMTP server on a loopback port:
 * recipients, subject, the PDF (its text read back, its QR decoded) and the
 * signed XML attached; a mail waits for the tax authority and is never sent
 * for a rejected invoice; an SMTP server that fails is retried and ends in
 * failed_delivery without touching the invoice, and a later resend works;
 * a mail is never sent twice; with no SMTP_URL, .eml files are written.
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { problems, startTestServer, type TestServer } from '../support/server';
import { coRefs, today, validInvoice, type CoRefs } from '../support/co';
import { creditInvoice, debtPayment, dueOf, mainCustomer, rcRefs, type RcRefs } from '../support/vouchers';
import { Inbox } from '../support/smtp';
import { noPoppler, pdfText, readQr } from '../support/pdf';
import { requestMail } from '../../src/mail/store';
import { unzipSync, strFromU8 } from 'fflate';
import { DOMParser } from '@xmldom/xmldom';
import * as xpath from 'xpath';
import { NAMESPACES } from '../../src/countries/co/dian/ubl';
import { verifyInvoiceSignature } from '../../src/countries/co/dian/sign';
import { xsdErrors, XSD_DIR } from '../support/tools';
import { sleep } from '../support/profile';

let s: TestServer;
let r: CoRefs;
let v: RcRefs;
let inbox: Inbox;
before(async () => {
  inbox = await new Inbox().start();
  s = await startTestServer('pglite', { SMTP_URL: inbox.url, MAIL_MAX_ATTEMPTS: '3', MAIL_FROM: 'Facturas Demo <facturas@demo.example>' });
  r = await coRefs(s);
  v = await rcRefs(s);
});
after(async () => { await s.close(); await inbox.close(); });

const contact = () => r.customers.find((c) => c.active && c.branch_office === 0).contacts[0].email as string;
/** Polls the document until its mail leaves the given states. */
async function mailOf(path: string, pending = ['process_of_sending', 'pending_send']) {
  let mail: any;
  for (let i = 0; i < 150; i++) {
    mail = (await s.as('co').get(path)).body.mail;
    if (!pending.includes(mail.status)) return mail;
    await sleep(100);
  }
  return mail;
}
/** The invoice's number as its PDF, its XML and its e-mail write it: prefix and number (SETP990000123; MX Serie Folio "A 1"). */
const numberOf = (inv: { prefix: string; number: number }, country: 'CO' | 'MX' = 'CO') => (country === 'CO' ? `${inv.prefix}${inv.number}` : `${inv.prefix} ${inv.number}`);
const pesos = (n: number) => `$ ${new Intl.NumberFormat('es-CO', { minimumFractionDigits: 2 }).format(n)}`.replace(/\u00a0/g, ' ');

test('mail.send: the customer gets the invoice, with its PDF', async () => {
  const res = await s.as('co').post('/v1/invoices', validInvoice(r, { mail: { send: true } }));
  assert.equal(res.status, 201, JSON.stringify(res.body));
  assert.equal(res.body.mail.status, 'process_of_sending');
  const mail = await mailOf(`/v1/invoices/${res.body.id}`);
  assert.equal(mail.status, 'sent', JSON.stringify(mail));
  const number = numberOf(res.body);
  const [got] = inbox.about(number);
  assert.ok(got, 'the message arrived');
  assert.deepEqual(got.envelope.to, [contact()]);
  assert.match(got.mail.subject!, new RegExp(`^Factura de venta ${number} - Comercializadora Andina Demo`));
  assert.equal(got.mail.from!.value[0].address, 'facturas@demo.example');
  assert.ok(got.mail.text!.includes(number) && got.mail.html && String(got.mail.html).includes(number));
  assert.doesNotMatch(got.mail.text!, /PRUEBA/, 'an invoice no authority judged is not a test document');
  assert.deepEqual(got.mail.attachments.map((a) => [a.filename, a.contentType]), [[`${number}.pdf`, 'application/pdf']]);
  const { text } = await pdfText(got.mail.attachments[0].content);
  assert.ok(text.includes(`No. ${number}`), 'the PDF numbers the invoice as prefix and number');
  assert.ok(text.replace(/\s+/g, ' ').includes(pesos(res.body.total).replace(/\s+/g, ' ')) || text.includes('1.130,50'), `the PDF shows the total: ${text.slice(0, 400)}`);
});

test('stamp.send + mail.send: mailed once Accepted, as the annex asks: one ZIP with the AttachedDocument and the PDF', async () => {
  const res = await s.as('co').post('/v1/invoices', validInvoice(r, { document: { id: r.type['FV-E'].id }, date: today(), stamp: { send: true }, mail: { send: true } }));
  assert.equal(res.body.stamp.status, 'Accepted', JSON.stringify(res.body.stamp));
  const mail = await mailOf(`/v1/invoices/${res.body.id}`);
  assert.equal(mail.status, 'sent', JSON.stringify(mail));
  const number = numberOf(res.body);
  const [got] = inbox.about(number);
  const [company] = await s.db.query("SELECT tax_id, legal_name FROM companies WHERE is_demo AND country = 'CO'");
  // Subject: NIT;issuer;number;document type 01;trade name; — always from the NIT: the test notice is in the text (issue 34 point 8).
  assert.equal(got.mail.subject, `${company.tax_id};${company.legal_name};${number};01;${company.legal_name};`);
  assert.match(got.mail.text!, /^DOCUMENTO DE PRUEBA SIN VALIDEZ FISCAL/);
  const xml = Buffer.from((await s.as('co').get(`/v1/invoices/${res.body.id}/xml`)).body.base64, 'base64').toString('utf8');
  // The DIAN file names (issue 34 point 5): ad and z each have their own consecutive, kept with the document.
  const named = async (key: string, type: string) => (await s.db.query('SELECT name FROM dian_files WHERE document_key = $1 AND file_type = $2', [key, type]))[0].name as string;
  const [stem, zipStem] = [await named(res.body.id, 'ad'), await named(`${res.body.id}/mail`, 'z')];
  for (const n of [stem, zipStem]) assert.match(n, new RegExp(`^${company.tax_id.padStart(10, '0')}000${res.body.date.slice(2, 4)}[0-9a-f]{8}$`));
  assert.deepEqual(got.mail.attachments.map((a) => [a.filename, a.contentType]), [[`z${zipStem}.zip`, 'application/zip']]);
  const files = unzipSync(got.mail.attachments[0].content);
  assert.deepEqual(Object.keys(files).sort(), [`ad${stem}.pdf`, `ad${stem}.xml`]);
  const attached = strFromU8(files[`ad${stem}.xml`]);
  const [row] = await s.db.query('SELECT application_response FROM invoices WHERE id = $1', [res.body.id]);
  const parts = attachedParts(attached);
  assert.equal(parts.invoice, xml, 'the AttachedDocument carries the signed invoice as it is');
  assert.equal(parts.answer, row.application_response, 'and the authority\'s ApplicationResponse as it is');
  assert.deepEqual([parts.id, parts.cufe, parts.resultCode], [number, res.body.stamp.cufe, '02']);
  const signature = await verifyInvoiceSignature(attached);
  assert.equal(signature.valid, true, signature.reason);
  await assertSchema(attached, 'UBL-AttachedDocument-2.1.xsd');
  await assertSchema(row.application_response, 'UBL-ApplicationResponse-2.1.xsd');

  const pdf = Buffer.from(files[`ad${stem}.pdf`]);
  const text = (await pdfText(pdf)).text;
  assert.ok(text.replace(/\s+/g, '').includes(res.body.stamp.cufe), 'the PDF carries the CUFE');
  assert.ok(text.includes(`No. ${number}`), 'the PDF number is the XML\'s cbc:ID');
  assert.ok(xml.includes(`<cbc:ID>${number}</cbc:ID>`));
  assert.match(text, /DOCUMENTO DE PRUEBA SIN VALIDEZ FISCAL/);
  assert.doesNotMatch(text, /Validada por la DIAN/);
  const qr = /<sts:QRCode>([\s\S]*?)<\/sts:QRCode>/.exec(xml)![1].replace(/&#xD;|&#13;/g, '\r').replace(/&amp;/g, '&');
  assert.equal(noPoppler(), false);
  assert.equal(readQr(pdf), qr);
});

/** What an AttachedDocument holds, read with XPath: the two documents in CDATA, the number, CUFE and verdict. */
function attachedParts(xml: string) {
  const select = xpath.useNamespaces({ a: 'urn:oasis:names:specification:ubl:schema:xsd:AttachedDocument-2', cac: NAMESPACES.cac, cbc: NAMESPACES.cbc });
  const doc = new DOMParser().parseFromString(xml, 'text/xml') as unknown as Node;
  const text = (q: string) => select(`string(${q})`, doc) as unknown as string;
  return {
    invoice: text('/a:AttachedDocument/cac:Attachment/cac:ExternalReference/cbc:Description'),
    answer: text('/a:AttachedDocument/cac:ParentDocumentLineReference/cac:DocumentReference/cac:Attachment/cac:ExternalReference/cbc:Description'),
    id: text('/a:AttachedDocument/cbc:ID'),
    cufe: text('/a:AttachedDocument/cac:ParentDocumentLineReference/cac:DocumentReference/cbc:UUID'),
    resultCode: text('//cac:ResultOfVerification/cbc:ValidationResultCode'),
  };
}

/** The official UBL 2.1 (DIAN) schema of that name (libxml2-wasm, the repository's schemas/). */
async function assertSchema(xml: string, xsd: string) {
  assert.deepEqual(await xsdErrors(path.join(XSD_DIR, 'maindoc', xsd), xml), [], xsd);
}

test('a Rejected invoice is not mailed; its mail waits and says why', async () => {
  const [co] = await s.db.query("SELECT company_id, check_digit FROM companies WHERE is_demo AND country = 'CO'");
  await s.db.query('UPDATE companies SET check_digit = $2 WHERE company_id = $1', [co.company_id, String((Number(co.check_digit) + 1) % 10)]);
  try {
    const res = await s.as('co').post('/v1/invoices', validInvoice(r, { document: { id: r.type['FV-E'].id }, date: today(), stamp: { send: true }, mail: { send: true } }));
    assert.equal(res.body.stamp.status, 'Rejected');
    assert.equal(res.body.mail.status, 'pending_send');
    assert.match(res.body.mail.observations, /rejected/);
    assert.deepEqual(problems(await s.as('co').post(`/v1/invoices/${res.body.id}/mail`, {})), ['invalid_document@id']);
    await sleep(300);
    assert.equal(inbox.about(numberOf(res.body)).length, 0);
  } finally {
    await s.db.query('UPDATE companies SET check_digit = $2 WHERE company_id = $1', [co.company_id, co.check_digit]);
  }
});

test('POST …/mail sends on demand to mail_to with copies; bad addresses and too many copies are refused', async () => {
  const inv = await s.as('co').post('/v1/invoices', validInvoice(r));
  const url = `/v1/invoices/${inv.body.id}/mail`;
  assert.deepEqual(problems(await s.as('co').post(url, { copy_to: 'a@x.com;no-at-sign' })), ['invalid_email@copy_to']);
  assert.deepEqual(problems(await s.as('co').post(url, { copy_to: 'a@x.co;b@x.co;c@x.co;d@x.co;e@x.co;f@x.co' })), ['invalid_value@copy_to']);
  const extra = await s.as('co').post(url, { mail_to: 'x@y.com', bcc: 'z@y.com' });
  assert.equal(extra.status, 400);
  assert.deepEqual(problems(extra), ['parameter_not_allowed@bcc']);
  assert.equal((await s.as('co').post(`/v1/invoices/${crypto.randomUUID()}/mail`, {})).status, 404);
  const sent = await s.as('co').post(url, { mail_to: 'tesoreria@cliente.example.co', copy_to: 'a@x.example.com; b@y.example.com' });
  assert.equal(sent.status, 202, JSON.stringify(sent.body));
  assert.equal((await mailOf(`/v1/invoices/${inv.body.id}`)).status, 'sent');
  const [got] = inbox.about(numberOf(inv.body));
  assert.deepEqual(got.envelope.to.sort(), ['a@x.example.com', 'b@y.example.com', 'tesoreria@cliente.example.co']);
  assert.equal((got.mail.cc as any).value.length, 2);
});

test('vouchers: PDF on demand (JSON and raw) and mailed with POST …/mail', async () => {
  const inv = await creditInvoice(s, r, { amount: 250000 });
  const rc = await s.as('co').post('/v1/vouchers', debtPayment(v, mainCustomer(r), [{ due: dueOf(inv), value: 250000 }]));
  assert.equal(rc.status, 201, JSON.stringify(rc.body));
  assert.equal(rc.body.mail?.status ?? 'not_sent', 'not_sent');
  const json = await s.as('co').get(`/v1/vouchers/${rc.body.id}/pdf`);
  const pdf = Buffer.from(json.body.base64, 'base64');
  assert.equal(pdf.subarray(0, 5).toString(), '%PDF-');
  const raw = await fetch(`${s.url}/v1/vouchers/${rc.body.id}/pdf`, { headers: { authorization: `Bearer ${await s.token('co')}`, accept: 'application/pdf' } });
  assert.equal(raw.headers.get('content-type'), 'application/pdf');
  assert.equal(Buffer.from(await raw.arrayBuffer()).subarray(0, 5).toString(), '%PDF-');
  const text = (await pdfText(pdf)).text;
  assert.ok(text.includes('Recibo de caja') && text.includes(rc.body.name) && text.includes(inv.name), text);
  assert.equal((await s.as('co').post(`/v1/vouchers/${rc.body.id}/mail`, {})).status, 202);
  assert.equal((await mailOf(`/v1/vouchers/${rc.body.id}`)).status, 'sent');
  assert.match(inbox.about(rc.body.name)[0].mail.subject!, /^Recibo de caja /);
  assert.equal((await s.as('mx').get(`/v1/vouchers/${rc.body.id}/pdf`)).status, 404, 'another company cannot read it');
});

test('SMTP failing: retried, then failed_delivery with the reason; the invoice is intact; a later resend arrives', async () => {
  inbox.fail = { code: 421, message: 'Service not available, try later' };
  const before = inbox.attempts;
  const res = await s.as('co').post('/v1/invoices', validInvoice(r, { mail: { send: true } }));
  const mail = await mailOf(`/v1/invoices/${res.body.id}`);
  assert.equal(mail.status, 'failed_delivery');
  assert.match(mail.observations, /after 3 attempt\(s\).*try later/);
  assert.equal(inbox.attempts - before, 3);
  const after = (await s.as('co').get(`/v1/invoices/${res.body.id}`)).body;
  assert.equal(after.total, res.body.total);
  assert.equal(after.number, res.body.number);
  inbox.fail = { code: 550, message: 'Mailbox unavailable' };
  await s.as('co').post(`/v1/invoices/${res.body.id}/mail`, {});
  const refused = await mailOf(`/v1/invoices/${res.body.id}`);
  assert.equal(refused.status, 'failed_delivery');
  assert.match(refused.observations, /after 1 attempt\(s\).*Mailbox unavailable/, 'a permanent refusal is not retried');
  inbox.fail = null;
  await s.as('co').post(`/v1/invoices/${res.body.id}/mail`, {});
  assert.equal((await mailOf(`/v1/invoices/${res.body.id}`)).status, 'sent');
  assert.equal(inbox.about(numberOf(res.body)).length, 1);
});

test('never twice: a mail job run again after it was sent sends nothing; a mail queued before a crash is sent', async () => {
  const res = await s.as('co').post('/v1/invoices', validInvoice(r, { mail: { send: true } }));
  assert.equal((await mailOf(`/v1/invoices/${res.body.id}`)).status, 'sent');
  // As if the worker died after the SMTP server accepted the message but before the job was marked done.
  await s.db.query(`UPDATE outbox SET status = 'pending', next_attempt_at = now() WHERE kind = 'mail' AND ref_id IN (SELECT id FROM mails WHERE doc_id = $1)`, [res.body.id]);
  for (let i = 0; i < 30; i++) {
    const [job] = await s.db.query(`SELECT status FROM outbox WHERE kind = 'mail' AND ref_id IN (SELECT id FROM mails WHERE doc_id = $1)`, [res.body.id]);
    if (job.status === 'done') break;
    await sleep(100);
  }
  assert.equal(inbox.about(numberOf(res.body)).length, 1);
  // A mail committed by a process that died before sending it: the outbox (of any process) sends it.
  const [co] = await s.db.query("SELECT company_id FROM companies WHERE is_demo AND country = 'CO'");
  const plain = await s.as('co').post('/v1/invoices', validInvoice(r));
  await s.db.tx((q) => requestMail(q, co.company_id, 'invoice', plain.body.id));
  assert.equal((await mailOf(`/v1/invoices/${plain.body.id}`)).status, 'sent');
  assert.equal(inbox.about(numberOf(plain.body)).length, 1);
});

test('a mail whose document cannot be read (gone since it was asked for) ends failed_delivery, saying why; nothing is sent', async () => {
  const [co] = await s.db.query("SELECT company_id FROM companies WHERE is_demo AND country = 'CO'");
  const gone = crypto.randomUUID();
  const { id } = await s.db.tx((q) => requestMail(q, co.company_id, 'invoice', gone));
  let mail: any;
  for (let i = 0; i < 150; i++) {
    [mail] = await s.db.query('SELECT status, observations FROM mails WHERE company_id = $1 AND id = $2', [co.company_id, id]);
    if (mail.status !== 'process_of_sending') break;
    await sleep(100);
  }
  assert.equal(mail.status, 'failed_delivery');
  assert.match(mail.observations, /^The e-mail could not be composed: ./);
  assert.deepEqual(inbox.about(gone), [], 'nothing sent');
});

test('without SMTP_URL the mail is an .eml file under DATA_DIR/outbox-mail', async () => {
  const local = await startTestServer('pglite');
  try {
    const refs = await coRefs(local);
    const res = await local.as('co').post('/v1/invoices', validInvoice(refs, { mail: { send: true } }));
    let status = res.body.mail.status;
    for (let i = 0; i < 100 && status !== 'sent'; i++) {
      await sleep(100);
      status = (await local.as('co').get(`/v1/invoices/${res.body.id}`)).body.mail.status;
    }
    assert.equal(status, 'sent');
    const dir = path.join(local.dataDir!, 'outbox-mail');
    const files = fs.readdirSync(dir).filter((f) => f.endsWith('.eml'));
    assert.equal(files.length, 1);
    const eml = fs.readFileSync(path.join(dir, files[0]), 'utf8');
    assert.match(eml, new RegExp(`Subject: .*${numberOf(res.body)}`));
    assert.match(eml, /Content-Type: application\/pdf; name=/);
  } finally {
    await local.close();
  }
});

test('Mexico: a stamped CFDI is mailed with its XML, and its PDF carries the UUID and the SAT verification QR', async () => {
  const mx = s.as('mx');
  const all = mx.list;
  const [types, pays, users] = await Promise.all([all('/v1/document-types?type=FV'), all('/v1/payment-types?document_type=FV'), all('/v1/users')]);
  const day = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Mexico_City' }).format(new Date());
  const res = await mx.post('/v1/invoices', {
    document: { id: types.find((t) => t.code === 'FV-A').id }, customer: { rfc_id: 'XIA190128J61', branch_office: 0 }, seller: users.find((u) => u.active).id, use: 'G03',
    items: [{ code: 'MOUSE01', quantity: 2, price: 349 }],
    payment: { method: 'PUE', conditions: { id: pays.find((p) => p.name === 'Transferencia electrónica de fondos').id, value: 809.68, due_date: day } },
    stamp: { send: true }, mail: { send: true },
  }, { 'serviceapi-application-id': 'TiendaPOS' });
  assert.equal(res.status, 201, JSON.stringify(res.body));
  assert.equal(res.body.stamp.status, 'Accepted', JSON.stringify(res.body.stamp));
  let mail = res.body.mail;
  for (let i = 0; i < 100 && mail.status !== 'sent'; i++) {
    await sleep(100);
    mail = (await mx.get(`/v1/invoices/${res.body.id}`)).body.mail;
  }
  assert.equal(mail.status, 'sent', JSON.stringify(mail));
  const number = numberOf(res.body, 'MX');
  const [got] = inbox.about(number);
  assert.equal(got.mail.subject, `PRUEBA SIN VALIDEZ FISCAL - Factura ${number} - ESCUELA KEMPER URGATE`);
  const files = Object.fromEntries(got.mail.attachments.map((a) => [a.filename, a.content]));
  const file = `${res.body.prefix}${res.body.number}`;
  const xml = files[`${file}.xml`].toString('utf8');
  assert.ok(xml.includes(`UUID="${res.body.stamp.uuid}"`), 'the stamped CFDI is attached');
  assert.ok(xml.includes(`Serie="${res.body.prefix}" Folio="${res.body.number}"`));
  const pdf = files[`${file}.pdf`];
  const text = (await pdfText(pdf)).text;
  assert.ok(text.includes(res.body.stamp.uuid), 'the PDF carries the fiscal folio');
  assert.ok(text.includes(`No. ${number}`), `the PDF prints Serie and Folio as ${number}`);
  assert.match(text, /DOCUMENTO DE PRUEBA SIN VALIDEZ FISCAL/);
  assert.doesNotMatch(text, /Sello digital del SAT/, 'a sandbox stamp is never called the SAT\'s');
  const sello = /SelloCFD="([^"]+)"/.exec(xml)![1];
  assert.equal(noPoppler(), false);
  const qr = readQr(pdf)!;
  assert.match(qr, /^https:\/\/verificacfdi\.facturaelectronica\.sat\.gob\.mx\/default\.aspx\?/);
  const params = new URL(qr).searchParams;
  assert.equal(params.get('id'), res.body.stamp.uuid);
  assert.equal(params.get('rr'), 'XIA190128J61');
  // The seal's last 8 characters travel as written (Anexo 20); URLSearchParams would read a "+" among them as a space.
  assert.equal(/[?&]fe=([^&]*)$/.exec(qr)![1], sello.slice(-8));
});

test('Mexico: a payment receipt and a credit note are mailed once stamped, with their XML and a PDF that carries them', async () => {
  const mx = s.as('mx');
  const all = mx.list;
  const [types, pays, users] = await Promise.all([all('/v1/document-types'), all('/v1/payment-types?document_type=FV'), all('/v1/users')]);
  const type = (code: string) => types.find((t) => t.code === code).id;
  const day = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Mexico_City' }).format(new Date());
  const invoice = async (method: 'PUE' | 'PPD') => {
    const res = await mx.post('/v1/invoices', {
      document: { id: type('FV-A') }, customer: { rfc_id: 'XIA190128J61', branch_office: 0 }, seller: users.find((u) => u.active).id, use: 'G03',
      items: [{ code: 'MOUSE01', quantity: 2, price: 349 }],
      payment: { method, conditions: { id: pays.find((p) => p.name === (method === 'PUE' ? 'Contado' : 'Por definir')).id, value: 809.68, due_date: method === 'PUE' ? day : '2099-12-31' } },
      stamp: { send: true },
    }, { 'serviceapi-application-id': 'TiendaPOS' });
    assert.equal(res.body.stamp?.status, 'Accepted', JSON.stringify(res.body));
    return res.body;
  };
  const mailed = async (path: string, doc: any, title: string) => {
    let mail = doc.mail;
    for (let i = 0; i < 150 && mail.status !== 'sent' && mail.status !== 'failed_delivery'; i++) {
      await sleep(100);
      mail = (await mx.get(`/v1/${path}/${doc.id}`)).body.mail;
    }
    assert.equal(mail.status, 'sent', JSON.stringify(mail));
    const number = numberOf(doc, 'MX');
    const [got] = inbox.about(`${title} ${number} `);
    assert.ok(got, `the ${title} arrived`);
    assert.equal(got.mail.subject, `PRUEBA SIN VALIDEZ FISCAL - ${title} ${number} - ESCUELA KEMPER URGATE`);
    const files = Object.fromEntries(got.mail.attachments.map((a) => [a.filename, a.content]));
    const file = `${doc.prefix}${doc.number}`;
    assert.deepEqual(Object.keys(files).sort(), [`${file}.pdf`, `${file}.xml`]);
    assert.ok(files[`${file}.xml`].toString('utf8').includes(`UUID="${doc.stamp.uuid}"`), 'the stamped CFDI is attached');
    const pdf = files[`${file}.pdf`];
    // The same PDF as GET …/pdf answers.
    const got2 = await mx.get(`/v1/${path}/${doc.id}/pdf`, { accept: 'application/pdf' });
    assert.equal(got2.status, 200);
    assert.match(String(got2.headers.get('content-type')), /^application\/pdf/);
    const text = (await pdfText(pdf)).text.replace(/\s+/g, ' ');
    // Long words (a UUID in a narrow column) may wrap at a hyphen: `flat` is the text without spaces.
    return { pdf, text, flat: text.replace(/ /g, '') };
  };

  const ppd = await invoice('PPD');
  const pay = await mx.post('/v1/payments', {
    document: { id: type('P') }, date: new Date(Date.now() - 1000).toISOString(), customer: { rfc_id: 'XIA190128J61', branch_office: 0 },
    payment_form: '03', operation_number: 'SPEI-778812', amount: 500, invoices: [{ id: ppd.id, amount: 500 }], stamp: { send: true }, mail: { send: true },
  });
  assert.equal(pay.status, 201, JSON.stringify(pay.body));
  assert.equal(pay.body.stamp.status, 'Accepted', JSON.stringify(pay.body.stamp));
  const receipt = await mailed('payments', pay.body, 'Recibo electrónico de pago');
  assert.ok(receipt.text.includes(pay.body.stamp.uuid), 'the PDF carries the receipt\'s fiscal folio');
  assert.ok(receipt.flat.includes(`Código${numberOf(ppd, 'MX').replace(' ', '')}·UUID${ppd.stamp.uuid}`), 'one line per invoice paid: its Serie and Folio and its UUID');
  assert.match(receipt.text, /Parcialidad 1: saldo anterior \$ ?809\.68, saldo insoluto \$ ?309\.68/);
  assert.match(receipt.text, /Número de operación: SPEI-778812/);
  assert.match(receipt.text, /Fecha de pago: \d{4}-\d\d-\d\d \d\d:\d\d:\d\d/, 'the payment\'s time as the company\'s clock says it');
  // 500 of 809.68 (698.00 + IVA 111.68): base 698 × 500 / 809.68 = 431.03, IVA 111.68 × 500 / 809.68 = 68.97 (the invoice's own tax in proportion, within the SAT's bounds of 431.03 × 16 %)
  assert.match(receipt.text, /IVA 16 %: base \$ 431\.03, importe \$ 68\.97/, 'the taxes paid in proportion');
  assert.match(receipt.text, /Complemento para recepción de pagos 2\.0/);
  // Its own title, footer and currency: the payment's currency in the header, the CFDI's XXX explained in the fiscal box.
  assert.match(receipt.text, /Recibo electrónico de pago/);
  assert.match(receipt.text, /representación impresa de un CFDI/);
  assert.match(receipt.text, /Moneda del pago:? MXN/);
  assert.doesNotMatch(receipt.text, /Moneda:? MXN/);
  assert.match(receipt.text, /Moneda: XXX \(no aplica: los importes del pago están en el complemento\)/);
  assert.equal(noPoppler(), false);
  const qrText = readQr(receipt.pdf)!;
  const qr = new URL(qrText);
  assert.equal(qr.searchParams.get('id'), pay.body.stamp.uuid, qrText);
  assert.equal(Number(qr.searchParams.get('tt')), 0, 'a payment CFDI\'s Total is 0');

  const pue = await invoice('PUE');
  const note = await mx.post('/v1/credit-notes', {
    document: { id: type('NC') }, invoices: [{ id: pue.id }], payment_form: '03', items: [{ code: 'MOUSE01', quantity: 1, price: 100 }],
    stamp: { send: true }, mail: { send: true },
  });
  assert.equal(note.status, 201, JSON.stringify(note.body));
  assert.equal(note.body.stamp.status, 'Accepted', JSON.stringify(note.body.stamp));
  const credit = await mailed('credit-notes', note.body, 'Nota de crédito');
  assert.ok(credit.text.includes(note.body.stamp.uuid));
  assert.ok(credit.flat.includes(`UUID${pue.stamp.uuid}`), 'the PDF names the related CFDI');
  assert.match(credit.text, /tipo de relación 01/);
  assert.match(credit.text, /Egreso/);
  assert.match(credit.text, /representación impresa de un CFDI/);
  assert.match(credit.text, /Moneda:? MXN/);
});
