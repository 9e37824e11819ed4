/**
 * Electronic credit and debit notes over HTTP, on each storage: an accepted
 * electronic invoice taken through a partial credit (a returned line), a debit
 * for interest and a final annulling credit note, each sent to the sandbox
 * DIAN and Accepted; the CUDE recomputes from the XML with the software PIN;
 * the signed UBL CreditNote / DebitNote is valid against the DIAN's schemas;
 * the invoice's balance and receivables after each step; the trial balance;
 * the PDF with the CUDE and the e-mail with the XML.
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { DOMParser } from '@xmldom/xmldom';
import * as xpath from 'xpath';
import { eachStorage, problems, startTestServer, type TestServer } from '../support/server';
import { coRefs, noteRefs, today, validInvoice, type CoRefs } from '../support/co';
import { noPoppler, pdfText } from '../support/pdf';
import { xsdErrors, XSD_DIR } from '../support/tools';
import { cude } from '../../src/countries/co/dian/cufe';
import { verifyInvoiceSignature } from '../../src/countries/co/dian/sign';
import { DEFAULT_SOFTWARE } from '../../src/countries/co/dian/stamp';
import { NAMESPACES } from '../../src/countries/co/dian/ubl';
import { sleep } from '../support/profile';

/** The official UBL 2.1 schema of a document. */
const schemaOf = (root: string) => path.join(XSD_DIR, 'maindoc', `UBL-${root}-2.1.xsd`);
const select = xpath.useNamespaces({ cac: NAMESPACES.cac, cbc: NAMESPACES.cbc, sts: NAMESPACES.sts });

eachStorage('CO electronic credit and debit notes', (storage) => {
  let s: TestServer;
  let r: CoRefs;
  let types: Record<string, any>;
  let pays: Record<string, any>;
  before(async () => {
    s = await startTestServer(storage);
    r = await coRefs(s);
    ({ types, pays } = await noteRefs(s));
  });
  after(() => s.close());

  /** The note's XML, checked: signature, CUDE recomputed with the PIN, the reference to the invoice, the schema. */
  async function checkXml(path: string, root: 'CreditNote' | 'DebitNote', inv: any, concept: string) {
    const res = await s.as('co').get(`${path}/xml`, { accept: 'application/xml' });
    assert.equal(res.status, 200);
    const xml = res.body as string;
    const doc = new DOMParser().parseFromString(xml, 'text/xml') as unknown as Document;
    assert.equal(doc.documentElement.localName, root);
    const text = (q: string) => String(select(`string(${q})`, doc as unknown as Node));
    assert.equal((await verifyInvoiceSignature(xml)).valid, true, 'the signature verifies');
    const tax = (code: string) => Number(select(`sum(/*/cac:TaxTotal[cac:TaxSubtotal/cac:TaxCategory/cac:TaxScheme/cbc:ID='${code}']/cbc:TaxAmount)`, doc as unknown as Node));
    const total = root === 'CreditNote' ? 'LegalMonetaryTotal' : 'RequestedMonetaryTotal';
    const expected = cude({
      number: text('/*/cbc:ID'), issueDate: text('/*/cbc:IssueDate'), issueTime: text('/*/cbc:IssueTime'),
      subtotal: text(`/*/cac:${total}/cbc:LineExtensionAmount`), iva: tax('01'), inc: tax('04'), ica: tax('03'),
      total: text(`/*/cac:${total}/cbc:PayableAmount`), supplierNit: text('/*/cac:AccountingSupplierParty/cac:Party/cac:PartyTaxScheme/cbc:CompanyID'),
      customerId: text('/*/cac:AccountingCustomerParty/cac:Party/cac:PartyTaxScheme/cbc:CompanyID'), softwarePin: DEFAULT_SOFTWARE.pin, environment: '2',
    });
    assert.equal(text('/*/cbc:UUID'), expected, 'the CUDE recomputes with the software PIN');
    assert.equal(text('/*/cbc:UUID/@schemeName'), 'CUDE-SHA384');
    // Issue 34 point 8: a note's QR and the sandbox's ApplicationResponse label its key CUDE.
    const qr = text('//sts:QRCode');
    assert.ok(qr.includes(`CUDE: ${expected}`) && !qr.includes('CUFE:'), qr);
    const [stored] = await s.db.query('SELECT application_response FROM notes WHERE id = $1', [path.split('/').pop()]);
    assert.match(stored.application_response, new RegExp(`<cbc:UUID schemeName="CUDE-SHA384">${expected}</cbc:UUID>`));
    assert.equal(text('/*/cac:DiscrepancyResponse/cbc:ResponseCode'), concept);
    assert.equal(text('/*/cac:BillingReference/cac:InvoiceDocumentReference/cbc:ID'), `${inv.prefix}${inv.number}`);
    assert.equal(text('/*/cac:BillingReference/cac:InvoiceDocumentReference/cbc:UUID'), inv.stamp.cufe);
    assert.equal(text('/*/cac:BillingReference/cac:InvoiceDocumentReference/cbc:IssueDate'), inv.date);
    assert.equal(text('/*/cbc:CustomizationID'), root === 'CreditNote' ? '20' : '30');
    // The official schema of the document (libxml2-wasm, the repository's schemas/).
    assert.deepEqual(await xsdErrors(schemaOf(root), xml), []);
    return expected;
  }

  test('an accepted electronic invoice through a partial credit, a debit for interest and a final annulling credit note, each Accepted', async () => {
    const co = s.as('co');
    const inv = (await co.post('/v1/invoices', validInvoice(r, {
      document: { id: r.type['FV-E'].id },
      items: [
        { code: 'PORT14', quantity: 10, price: 100, taxes: [{ id: r.taxOf('IVA', 19).id }] },
        { code: 'LIBRO01', quantity: 2, price: 50, taxes: [] },
      ],
      payments: [{ id: r.pay.Credit.id, value: 1290, due_date: '2099-12-31' }],
      stamp: { send: true },
    }))).body;
    assert.equal(inv.stamp.status, 'Accepted', JSON.stringify(inv.stamp));

    // 1. A returned line: 3 laptops, settled against what the invoice owes.
    const partial = await co.post('/v1/credit-notes', {
      document: { id: types['NC-E'].id }, date: today(), invoice: inv.id, reason: 1, seller: r.seller.id,
      items: [{ code: 'PORT14', quantity: 3, price: 100, taxes: [{ id: r.taxOf('IVA', 19).id }] }],
      payments: [{ id: pays['NC.Credit'].id, value: 357 }], stamp: { send: true }, mail: { send: true },
    });
    assert.equal(partial.status, 201, JSON.stringify(partial.body));
    assert.equal(partial.body.stamp.status, 'Accepted', JSON.stringify(partial.body.stamp));
    const cude1 = await checkXml(`/v1/credit-notes/${partial.body.id}`, 'CreditNote', inv, '1');
    assert.equal(partial.body.stamp.cude, cude1);
    assert.equal((await co.get(`/v1/invoices/${inv.id}`)).body.balance, 933);

    // 2. Interest, owed on credit.
    const debit = await co.post('/v1/debit-notes', {
      document: { id: types['ND-E'].id }, date: today(), invoice: inv.id, reason: 1, seller: r.seller.id,
      items: [{ code: 'INTERES', quantity: 1, price: 25, taxes: [] }],
      payments: [{ id: pays['ND.Credit'].id, value: 25, due_date: '2099-12-31' }], stamp: { send: true },
    });
    assert.equal(debit.status, 201, JSON.stringify(debit.body));
    assert.equal(debit.body.stamp.status, 'Accepted', JSON.stringify(debit.body.stamp));
    await checkXml(`/v1/debit-notes/${debit.body.id}`, 'DebitNote', inv, '1');
    assert.equal((await co.get(`/v1/invoices/${inv.id}`)).body.balance, 958);

    // 3. Concept 2: the rest of the invoice, which is then fully credited.
    const last = await co.post('/v1/credit-notes', {
      document: { id: types['NC-E'].id }, date: today(), invoice: inv.id, reason: 2, seller: r.seller.id,
      items: [{ code: 'PORT14', quantity: 7, price: 100, taxes: [{ id: r.taxOf('IVA', 19).id }] }, { code: 'LIBRO01', quantity: 2, price: 50, taxes: [] }],
      payments: [{ id: pays['NC.Credit'].id, value: 933 }], stamp: { send: true },
    });
    assert.equal(last.status, 201, JSON.stringify(last.body));
    assert.equal(last.body.stamp.status, 'Accepted', JSON.stringify(last.body.stamp));
    await checkXml(`/v1/credit-notes/${last.body.id}`, 'CreditNote', inv, '2');
    const after = (await co.get(`/v1/invoices/${inv.id}`)).body;
    assert.equal(after.balance, 25, 'what is left is the interest of the debit note');
    assert.equal(after.creditable, 0);
    assert.deepEqual(after.credit_notes.map((n: any) => n.id), [partial.body.id, last.body.id]);

    const ar = (await co.get(`/v1/reports/accounts-receivable?customer_identification=${inv.customer.identification}&page_size=100`)).body;
    const items = ar.customers.flatMap((g: any) => g.items).filter((i: any) => i.invoice.name === inv.name);
    assert.deepEqual(items.map((i: any) => [i.due.quote, i.balance]), [[2, 25]], 'only the debit note\'s installment is open');
    assert.equal((await co.get('/v1/reports/trial-balance')).body.balanced, true);

    // The e-mail of the first note went once the DIAN accepted it, with its XML.
    let mail: any;
    for (let i = 0; i < 100; i++) {
      mail = (await co.get(`/v1/credit-notes/${partial.body.id}`)).body.mail;
      if (mail.status !== 'process_of_sending' && mail.status !== 'pending_send') break;
      await sleep(100);
    }
    assert.equal(mail.status, 'sent', JSON.stringify(mail));
    if (s.dataDir) {
      // Without SMTP_URL the mail is an .eml file: its one attachment is the annex's ZIP (AttachedDocument and PDF), named after the note.
      const [company] = await s.db.query(`SELECT tax_id FROM companies WHERE is_demo AND country = 'CO'`);
      const [file] = await s.db.query(`SELECT name FROM dian_files WHERE document_key = $1 AND file_type = 'z'`, [`${partial.body.id}/mail`]);
      assert.match(file.name, new RegExp(`^${company.tax_id.padStart(10, '0')}000${partial.body.date.slice(2, 4)}[0-9a-f]{8}$`));
      const zip = `z${file.name}.zip`;
      const dir = path.join(s.dataDir, 'outbox-mail');
      assert.ok(readdirSync(dir).some((f) => readFileSync(path.join(dir, f), 'utf8').includes(zip)), `an e-mail carries ${zip}`);
    }
    const errors = await co.get(`/v1/credit-notes/${partial.body.id}/stamp/errors`);
    assert.deepEqual([errors.body.status, errors.body.errors], ['Accepted', []]);
    const again = await co.post(`/v1/credit-notes/${partial.body.id}/stamp`, {});
    assert.deepEqual(problems(again), ['invalid_document@id'], 'an accepted note is not sent again');
    const annul = await co.post(`/v1/credit-notes/${partial.body.id}/annul`, {});
    assert.deepEqual(problems(annul), ['invalid_document@id'], 'an accepted note is corrected by another note, not annulled');
  });

  test('issue 48 point 4: the last credit takes the IVA left, 190.03, stated on the base whose 19 % it is (1,000.14); the sandbox checks CAS07', async () => {
    const co = s.as('co');
    const IVA = { id: r.taxOf('IVA', 19).id };
    // Four lines of 25.03 (IVA 4.7557 → 4.76 each) and one of 899.95 (170.9905 → 170.99): base 1,000.07, IVA 190.03
    // where 1,000.07 × 19 % = 190.0133 → 190.01. Total 1,190.10 on credit.
    const inv = (await co.post('/v1/invoices', validInvoice(r, {
      document: { id: r.type['FV-E'].id },
      items: [...Array(4).fill({ code: 'PORT14', quantity: 1, price: 25.03, taxes: [IVA] }), { code: 'PORT14', quantity: 1, price: 899.95, taxes: [IVA] }],
      payments: [{ id: r.pay.Credit.id, value: 1190.1, due_date: '2099-12-31' }], stamp: { send: true },
    }))).body;
    assert.equal(inv.stamp.status, 'Accepted', JSON.stringify(inv.stamp));
    assert.equal(inv.taxes_total, 190.03);
    // A price adjustment of the whole base takes the IVA left: 190.03. 190.03 / 19 % = 1,000.13…, so its TaxableAmount
    // is 1,000.14 (× 19 % = 190.0266): the nearest base to 1,000.07 whose tax is 190.03. The line stays 1,000.07.
    const note = await co.post('/v1/credit-notes', {
      document: { id: types['NC-E'].id }, date: today(), invoice: inv.id, reason: 4, seller: r.seller.id,
      items: [{ code: 'PORT14', quantity: 1, price: 1000.07, taxes: [IVA] }],
      payments: [{ id: pays['NC.Credit'].id, value: 1190.1 }], stamp: { send: true },
    });
    assert.equal(note.status, 201, JSON.stringify(note.body));
    assert.deepEqual([note.body.subtotal, note.body.taxes_total, note.body.total], [1000.07, 190.03, 1190.1]);
    assert.deepEqual(note.body.items[0].taxes.map((t: any) => [t.base_value, t.value]), [[1000.14, 190.03]]);
    assert.equal(note.body.stamp.status, 'Accepted', JSON.stringify(note.body.stamp));
    await checkXml(`/v1/credit-notes/${note.body.id}`, 'CreditNote', inv, '4');
    const xml = (await co.get(`/v1/credit-notes/${note.body.id}/xml`, { accept: 'application/xml' })).body as string;
    const doc = new DOMParser().parseFromString(xml, 'text/xml') as unknown as Node;
    const text = (q: string) => String(select(`string(${q})`, doc));
    assert.deepEqual([text('//cac:CreditNoteLine/cbc:LineExtensionAmount'), text('//cac:CreditNoteLine/cac:TaxTotal/cac:TaxSubtotal/cbc:TaxableAmount'),
      text('//cac:CreditNoteLine/cac:TaxTotal/cac:TaxSubtotal/cbc:TaxAmount'), text('//cac:LegalMonetaryTotal/cbc:TaxExclusiveAmount')], ['1000.07', '1000.14', '190.03', '1000.14']);
    assert.deepEqual([(await co.get(`/v1/invoices/${inv.id}`)).body.balance, (await co.get(`/v1/invoices/${inv.id}`)).body.creditable], [0, 0]);
    const [iva] = await s.db.query(`SELECT coalesce(sum(l.credit - l.debit), 0)::text AS net FROM journal_entries e JOIN journal_lines l ON l.entry_id = e.id
      WHERE e.source_id = ANY($1::uuid[]) AND l.account_code LIKE '2408%'`, [[inv.id, note.body.id]]);
    assert.equal(Number(iva.net), 0, 'the IVA account is back at 0: the books moved 190.03');
  });

  test('the PDF of an accepted note prints its CUDE', { skip: noPoppler() }, async () => {
    const co = s.as('co');
    const inv = (await co.post('/v1/invoices', validInvoice(r, { document: { id: r.type['FV-E'].id }, stamp: { send: true } }))).body;
    assert.equal(inv.stamp.status, 'Accepted');
    const n = (await co.post('/v1/credit-notes', {
      document: { id: types['NC-E'].id }, date: today(), invoice: inv.id, reason: 3, seller: r.seller.id,
      items: [{ code: 'PORT14', quantity: 1, price: 10, taxes: [{ id: r.taxOf('IVA', 19).id }] }],
      payments: [{ id: pays['NC.Cash'].id, value: 11.9 }], stamp: { send: true },
    })).body;
    assert.equal(n.stamp.status, 'Accepted', JSON.stringify(n.stamp));
    const { text } = await pdfText(Buffer.from((await co.get(`/v1/credit-notes/${n.id}/pdf`)).body.base64, 'base64'));
    assert.match(text, /Nota crédito electrónica/);
    assert.match(text.replace(/\s+/g, ''), new RegExp(`CUDE:${n.stamp.cude}`));
    // Its own title, footer and currency (issue 35, point 6): never the invoice's footer; units with their name; the rate once.
    const flat = text.replace(/\s+/g, ' ');
    assert.match(flat, /Representación gráfica de la nota crédito electrónica\./);
    assert.doesNotMatch(flat, /factura electrónica de venta/i);
    assert.match(flat, /Moneda:? COP/);
    assert.match(flat, /94 Unidad/);
    assert.doesNotMatch(flat, /(\d+(,\d+)?) ?% \1 ?%/, 'a tax\'s rate is printed once');
    assert.match(flat, /IVA 19 ?%/);
    // A debit note: its own title and footer.
    const d = (await co.post('/v1/debit-notes', {
      document: { id: types['ND-E'].id }, date: today(), invoice: inv.id, reason: 1, seller: r.seller.id,
      items: [{ code: 'INTERES', quantity: 1, price: 25, taxes: [] }], payments: [{ id: pays['ND.Credit'].id, value: 25, due_date: '2099-12-31' }], stamp: { send: true },
    })).body;
    assert.equal(d.stamp.status, 'Accepted', JSON.stringify(d.stamp));
    const debit = (await pdfText(Buffer.from((await co.get(`/v1/debit-notes/${d.id}/pdf`)).body.base64, 'base64'))).text.replace(/\s+/g, ' ');
    assert.match(debit, /Nota débito electrónica/);
    assert.match(debit, /Representación gráfica de la nota débito electrónica\./);
    assert.doesNotMatch(debit, /factura electrónica de venta/i);
    assert.match(debit, /Moneda:? COP/);
  });

  test('an electronic note needs an accepted electronic invoice; a plain note type is not sent', async () => {
    const co = s.as('co');
    const plain = (await co.post('/v1/invoices', validInvoice(r))).body;
    const body = (over: object) => ({
      date: today(), invoice: plain.id, reason: 1, seller: r.seller.id,
      items: [{ code: 'PORT14', quantity: 1, price: 100, discount: 50, taxes: [{ id: r.taxOf('IVA', 19).id }] }],
      payments: [{ id: pays['NC.Cash'].id, value: 59.5 }], ...over,
    });
    assert.deepEqual(problems(await co.post('/v1/credit-notes', body({ document: { id: types['NC-E'].id } }))), ['invalid_document@document.id']);
    assert.deepEqual(problems(await co.post('/v1/credit-notes', body({ document: { id: types.NC.id }, stamp: { send: true } }))), ['document_settings@stamp.send']);
    const draft = await co.post('/v1/credit-notes', body({ document: { id: types.NC.id } }));
    assert.equal(draft.status, 201);
    assert.deepEqual(problems(await co.post(`/v1/credit-notes/${draft.body.id}/stamp`, {})), ['invalid_document@id']);
  });
});
