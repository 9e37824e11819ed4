/**
 * Colombia's electronic POS ticket (issue 51, point 1), over HTTP on each storage: the demo company's POS type
 * (electronic_type PosEquivalentDocument, its own resolution) issues a ticket without a buyer, to the consumidor
 * final 222222222222, with its point of sale; the sandbox DIAN accepts it. Its UBL Invoice is checked here by
 * independent code: InvoiceTypeCode 20, a CUDE recomputed with the software's PIN (schemeName CUDE-SHA384), the
 * three POS extensions with the point of sale's values, the buyer, the DIAN's UBL 2.1 schema and the signature
 * (our verifier, and xmlsec1 where the machine has it). A ticket without its point of sale, a point
 * of sale on an invoice type, an invoice without a customer, a POS type on the invoices' test numbering and a ticket
 * signed on an invoices' resolution are each refused.
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DOMParser } from '@xmldom/xmldom';
import * as xpath from 'xpath';
import { eachStorage, problems, startTestServer, type TestServer } from '../support/server';
import { coRefs, noteRefs, validInvoice, type CoRefs } from '../support/co';
import { ADMIN_TOKEN, adminOf, coCompany, ok } from '../support/admin';
import { needsTool, xsdErrors, XSD_DIR } from '../support/tools';
import { firstPage, noPoppler, pdfText, readQr } from '../support/pdf';
import { cude } from '../../src/countries/co/dian/cufe';
import { signInvoiceXml, verifyInvoiceSignature } from '../../src/countries/co/dian/sign';
import { DEFAULT_SOFTWARE, noteFacts, technicalKeys } from '../../src/countries/co/dian/stamp';
import { SandboxDian } from '../../src/countries/co/dian/authority';
import { loadPkcs12 } from '../../src/einvoice/certificates';
import { NAMESPACES } from '../../src/countries/co/dian/ubl';

const select = xpath.useNamespaces({ inv: NAMESPACES.invoice, cac: NAMESPACES.cac, cbc: NAMESPACES.cbc, sts: NAMESPACES.sts });
const POINT = { cash_register: { plate: 'CAJA-07', type: 'Caja principal' }, location: 'Calle 72 # 10-34, local 2', cashier: 'Ana Gómez', sale_code: 'V-2026-000123' };

eachStorage('CO electronic POS ticket', (storage) => {
  let s: TestServer;
  let r: CoRefs;
  let pos: any;
  before(async () => {
    s = await startTestServer(storage, { ADMIN_TOKEN });
    r = await coRefs(s);
    pos = r.type.POS;
  });
  after(() => s.close());

  const ticket = (over: Record<string, unknown> = {}): Record<string, unknown> => {
    const { customer: _none, ...body } = validInvoice(r, {
      document: { id: pos.id }, pos: POINT, stamp: { send: true },
      items: [{ code: 'PORT14', quantity: 2, price: 50, taxes: [{ id: r.taxOf('IVA', 19).id }] }],
      payments: [{ id: r.pay.Cash.id, value: 119 }],
    });
    return { ...body, ...over };
  };

  test('a ticket without a buyer: consumidor final, accepted by the sandbox, its UBL checked by independent code', async () => {
    assert.deepEqual([pos.type, pos.electronic_type, pos.prefix], ['FV', 'PosEquivalentDocument', 'POS']);
    const res = await s.as('co').post('/v1/invoices', ticket());
    assert.equal(res.status, 201, JSON.stringify(res.body));
    const t = res.body;
    // 2 × 50.00 = 100.00, IVA 19 % 19.00, 119.00 paid in cash.
    assert.deepEqual([t.subtotal, t.taxes_total, t.total, t.balance], [100, 19, 119, 0]);
    assert.equal(t.customer.identification, '222222222222');
    assert.deepEqual(t.pos, POINT);
    assert.equal(t.stamp.status, 'Accepted', JSON.stringify(t.stamp));
    const [consumer] = await s.db.query(`SELECT c.person_type, c.id_type, c.name FROM customers c JOIN invoices i ON i.company_id = c.company_id AND i.customer_id = c.id WHERE i.id = $1`, [t.id]);
    assert.deepEqual(consumer, { person_type: 'person', id_type: '13', name: ['Consumidor', 'Final'] });

    const xml = (await s.as('co').get(`/v1/invoices/${t.id}/xml`, { accept: 'application/xml' })).body as string;
    const doc = new DOMParser().parseFromString(xml, 'text/xml') as unknown as Node;
    const text = (q: string) => String(select(`string(${q})`, doc));
    assert.equal(text('/inv:Invoice/cbc:InvoiceTypeCode'), '20');
    assert.equal(text('/inv:Invoice/cbc:CustomizationID'), '10');
    assert.match(text('/inv:Invoice/cbc:ProfileID'), /documento equivalente electrónico del tiquete de máquina registradora con sistema P\.O\.S\./);
    assert.equal(text('//sts:InvoiceControl/sts:AuthorizedInvoices/sts:Prefix'), 'POS');
    assert.equal(text('//sts:InvoiceControl/sts:InvoiceAuthorization'), pos.resolution.number);
    // The CUDE: the CUFE's chain with the software's PIN in place of a technical key.
    const expected = cude({
      number: text('/inv:Invoice/cbc:ID'), issueDate: text('/inv:Invoice/cbc:IssueDate'), issueTime: text('/inv:Invoice/cbc:IssueTime'),
      subtotal: '100.00', iva: '19.00', inc: '0.00', ica: '0.00', total: '119.00', supplierNit: text('//cac:AccountingSupplierParty//cac:PartyTaxScheme/cbc:CompanyID'),
      customerId: '222222222222', softwarePin: DEFAULT_SOFTWARE.pin, environment: '2',
    });
    assert.equal(text('/inv:Invoice/cbc:UUID'), expected);
    assert.equal(text('/inv:Invoice/cbc:UUID/@schemeName'), 'CUDE-SHA384');
    assert.deepEqual([t.stamp.cude, t.stamp.cufe], [expected, null]);
    assert.ok(text('//sts:QRCode').includes(`CUDE: ${expected}`));
    // The buyer: consumidor final, a person identified by 13 with responsibility R-99-PN.
    assert.deepEqual([text('//cac:AccountingCustomerParty/cbc:AdditionalAccountID'), text('//cac:AccountingCustomerParty//cac:PartyTaxScheme/cbc:CompanyID'),
      text('//cac:AccountingCustomerParty//cac:PartyTaxScheme/cbc:CompanyID/@schemeName'), text('//cac:AccountingCustomerParty//cbc:TaxLevelCode')],
    ['2', '222222222222', '13', 'R-99-PN']);
    // The point of sale: Name/Value pairs, with the annex's accents, and the subtotal.
    const pairs = (group: string) => {
      const names = select(`//inv:${group}/inv:Name`, doc) as Node[];
      const values = select(`//inv:${group}/inv:Value`, doc) as Node[];
      return Object.fromEntries(names.map((n, i) => [n.textContent, values[i]?.textContent]));
    };
    assert.deepEqual(pairs('InformacionCajaVenta'), { PlacaCaja: 'CAJA-07', 'UbicaciónCaja': 'Calle 72 # 10-34, local 2', Cajero: 'Ana Gómez',
      TipoCaja: 'Caja principal', 'CódigoVenta': 'V-2026-000123', SubTotal: '100.00' });
    assert.deepEqual(pairs('InformacionBeneficiosComprador'), { Codigo: '222222222222', NombresApellidos: 'Consumidor Final', Puntos: '0' });
    assert.deepEqual(Object.keys(pairs('InformacionDelFabricanteDelSoftware')), ['NombreApellido', 'RazonSocial', 'NombreSoftware']);
    assert.deepEqual(await xsdErrors(path.join(XSD_DIR, 'maindoc', 'UBL-Invoice-2.1.xsd'), xml), []);
    assert.equal((await verifyInvoiceSignature(xml)).valid, true);
    if (!needsTool('xmlsec1', 'xmlsec1')) {
      const dir = mkdtempSync(path.join(tmpdir(), 'pos-'));
      try {
        const [k] = await s.db.query('SELECT p12, password FROM company_credentials WHERE active LIMIT 1');
        writeFileSync(path.join(dir, 'ticket.xml'), xml);
        writeFileSync(path.join(dir, 'cert.pem'), loadPkcs12(k.p12, k.password).certPem);
        const run = spawnSync('xmlsec1', ['--verify', '--pubkey-cert-pem', path.join(dir, 'cert.pem'), '--id-attr:Id', 'KeyInfo',
          '--id-attr:Id', 'http://uri.etsi.org/01903/v1.3.2#:SignedProperties', path.join(dir, 'ticket.xml')], { encoding: 'utf8' });
        assert.equal(run.status, 0, run.stderr);
        assert.match(run.stderr, /SignedInfo References \(ok\/all\): 3\/3/);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    }
  });

  test('the ticket\'s PDF is a roll of 80 mm: the point of sale, the lines, the total, the CUDE and its QR', { skip: noPoppler() }, async () => {
    const t = (await s.as('co').post('/v1/invoices', ticket())).body;
    assert.equal(t.stamp.status, 'Accepted', JSON.stringify(t.stamp));
    const pdf = Buffer.from((await s.as('co').get(`/v1/invoices/${t.id}/pdf`)).body.base64, 'base64');
    // 80 mm = 226.77 pt: at 150 dpi, 472.4 pixels wide (pdftoppm rounds up); one page, longer than wide.
    const page = firstPage(pdf);
    assert.equal(page.width, Math.ceil(226.77 / 72 * 150));
    assert.ok(page.height > page.width, `${page.width} × ${page.height}`);
    const { pages, text } = await pdfText(pdf);
    assert.equal(pages.length, 1);
    const flat = text.replace(/\s+/g, ' ');
    for (const s of ['Documento equivalente electrónico tiquete POS', `No. ${t.prefix}${t.number}`, 'Caja CAJA-07 (Caja principal)', 'Cajero: Ana Gómez',
      'Venta: V-2026-000123', 'Consumidor Final', '222222222222', 'TOTAL $ 119,00', 'Efectivo $ 119,00']) assert.ok(flat.includes(s), `${s} in ${flat}`);
    // The CUDE wraps on the narrow roll: read without the line breaks.
    assert.ok(text.replace(/\s+/g, '').includes(`CUDE:${t.stamp.cude}`), flat);
    assert.ok(readQr(pdf)?.includes(`CUDE: ${t.stamp.cude}`), 'the QR carries the CUDE');
  });

  test('a ticket corrected by adjustment notes: a credit (94) and a debit (93), each with its CUDE and the ticket\'s as reference, Accepted', async () => {
    const co = s.as('co');
    const { types, pays } = await noteRefs(s);
    const t = (await co.post('/v1/invoices', ticket())).body;
    assert.equal(t.stamp.status, 'Accepted', JSON.stringify(t.stamp));
    const checkNote = async (at: string, root: 'CreditNote' | 'DebitNote', customization: string) => {
      const xml = (await co.get(`${at}/xml`, { accept: 'application/xml' })).body as string;
      const doc = new DOMParser().parseFromString(xml, 'text/xml') as unknown as Node;
      const text = (q: string) => String(select(`string(${q})`, doc));
      assert.equal(text('/*/cbc:CustomizationID'), customization);
      assert.equal(text('/*/cbc:CreditNoteTypeCode'), root === 'CreditNote' ? '94' : '');
      assert.match(text('/*/cbc:ProfileID'), /Nota de ajuste .* documento equivalente electrónico/);
      assert.deepEqual([text('//cac:BillingReference/cac:InvoiceDocumentReference/cbc:UUID'), text('//cac:BillingReference/cac:InvoiceDocumentReference/cbc:UUID/@schemeName'),
        text('//cac:BillingReference/cac:InvoiceDocumentReference/cbc:ID')], [t.stamp.cude, 'CUDE-SHA384', `${t.prefix}${t.number}`]);
      const total = root === 'CreditNote' ? 'LegalMonetaryTotal' : 'RequestedMonetaryTotal';
      const tax = (code: string) => Number(select(`sum(/*/cac:TaxTotal[cac:TaxSubtotal/cac:TaxCategory/cac:TaxScheme/cbc:ID='${code}']/cbc:TaxAmount)`, doc));
      assert.equal(text('/*/cbc:UUID'), cude({
        number: text('/*/cbc:ID'), issueDate: text('/*/cbc:IssueDate'), issueTime: text('/*/cbc:IssueTime'), subtotal: text(`/*/cac:${total}/cbc:LineExtensionAmount`),
        iva: tax('01'), inc: tax('04'), ica: tax('03'), total: text(`/*/cac:${total}/cbc:PayableAmount`),
        supplierNit: text('/*/cac:AccountingSupplierParty//cac:PartyTaxScheme/cbc:CompanyID'), customerId: '222222222222', softwarePin: DEFAULT_SOFTWARE.pin, environment: '2',
      }));
      assert.deepEqual(await xsdErrors(path.join(XSD_DIR, 'maindoc', `UBL-${root}-2.1.xsd`), xml), []);
    };
    // One of the two units comes back: 50.00 + IVA 9.50, paid back in cash.
    const credit = await co.post('/v1/credit-notes', { document: { id: types['NC-E'].id }, date: t.date, invoice: t.id, reason: 1, seller: r.seller.id,
      items: [{ code: 'PORT14', quantity: 1, price: 50, taxes: [{ id: r.taxOf('IVA', 19).id }] }], payments: [{ id: pays['NC.Cash'].id, value: 59.5 }], stamp: { send: true } });
    assert.equal(credit.status, 201, JSON.stringify(credit.body));
    assert.equal(credit.body.stamp.status, 'Accepted', JSON.stringify(credit.body.stamp));
    await checkNote(`/v1/credit-notes/${credit.body.id}`, 'CreditNote', '94');
    // More than the ticket sold is refused as on an invoice.
    const more = await co.post('/v1/credit-notes', { document: { id: types['NC-E'].id }, date: t.date, invoice: t.id, reason: 1, seller: r.seller.id,
      items: [{ code: 'PORT14', quantity: 2, price: 50, taxes: [{ id: r.taxOf('IVA', 19).id }] }], payments: [{ id: pays['NC.Cash'].id, value: 119 }] });
    assert.deepEqual(problems(more), ['invalid_value@items[0].quantity']);
    const debit = await co.post('/v1/debit-notes', { document: { id: types['ND-E'].id }, date: t.date, invoice: t.id, reason: 4, seller: r.seller.id,
      items: [{ code: 'PORT14', quantity: 1, price: 10, taxes: [{ id: r.taxOf('IVA', 19).id }] }], payments: [{ id: pays['ND.Cash'].id, value: 11.9 }], stamp: { send: true } });
    assert.equal(debit.status, 201, JSON.stringify(debit.body));
    assert.equal(debit.body.stamp.status, 'Accepted', JSON.stringify(debit.body.stamp));
    await checkNote(`/v1/debit-notes/${debit.body.id}`, 'DebitNote', '93');
  });

  test('a ticket turned into an invoice at the buyer\'s request: its adjustment note annuls it, the invoice takes its lines and payments, the books see one sale', async () => {
    const co = s.as('co');
    const t = (await co.post('/v1/invoices', ticket())).body;
    assert.equal(t.stamp.status, 'Accepted', JSON.stringify(t.stamp));
    const buyer = r.customers.find((c) => c.active && c.branch_office === 0 && c.id_type.code === '31');
    const body = { customer: { identification: buyer.identification, branch_office: 0 }, stamp: { send: true } };
    const res = await co.post(`/v1/invoices/${t.id}/invoice`, body, { 'Idempotency-Key': `pos-${t.id}` });
    assert.equal(res.status, 201, JSON.stringify(res.body));
    const inv = res.body;
    assert.deepEqual([inv.document.id, inv.customer.identification, inv.total, inv.stamp.status, inv.pos], [r.type['FV-E'].id, buyer.identification, 119, 'Accepted', undefined]);
    assert.deepEqual(inv.items.map((i: any) => [i.code, i.quantity, i.price, i.taxes.map((x: any) => x.value)]), [['PORT14', 2, 50, [19]]]);
    assert.deepEqual(inv.payments.map((p: any) => [p.id, p.value]), [[r.pay.Cash.id, 119]]);
    const again = await co.post(`/v1/invoices/${t.id}/invoice`, body, { 'Idempotency-Key': `pos-${t.id}` });
    assert.deepEqual([again.status, again.headers.get('idempotent-replayed'), again.body.id], [201, 'true', inv.id], 'a retry answers the same invoice');
    const after = (await co.get(`/v1/invoices/${t.id}`)).body;
    assert.equal(after.credit_notes.length, 1);
    assert.deepEqual([after.creditable, after.credit_notes[0].total], [0, 119]);
    const note = (await co.get(`/v1/credit-notes/${after.credit_notes[0].id}`)).body;
    assert.deepEqual([note.reason, note.stamp.status], [2, 'Accepted']);
    const xml = (await co.get(`/v1/credit-notes/${note.id}/xml`, { accept: 'application/xml' })).body as string;
    assert.match(xml, /<cbc:CustomizationID>94<\/cbc:CustomizationID>/);
    // The ticket and its note cancel out in every account: the sale is the invoice's alone.
    const rows = await s.db.query(`SELECT l.account_code, sum(l.debit - l.credit)::text AS net FROM journal_entries e JOIN journal_lines l ON l.entry_id = e.id
      WHERE e.source_id = ANY($1::uuid[]) GROUP BY l.account_code HAVING sum(l.debit - l.credit) <> 0`, [[t.id, note.id]]);
    assert.deepEqual(rows, []);
    const [sale] = await s.db.query(`SELECT sum(l.credit)::text AS credit FROM journal_entries e JOIN journal_lines l ON l.entry_id = e.id WHERE e.source_id = $1`, [inv.id]);
    assert.equal(Number(sale.credit), 119, 'the invoice posts revenue 100.00 and IVA 19.00');
    assert.deepEqual(problems(await co.post(`/v1/invoices/${t.id}/invoice`, body)), ['invalid_document@id'], 'a ticket already corrected');
    assert.deepEqual(problems(await co.post(`/v1/invoices/${inv.id}/invoice`, body)), ['invalid_document@id'], 'an invoice is not a ticket');
  });

  test('refused with their path, nothing numbered: a ticket without its point of sale, a point of sale on an invoice type, an invoice without a customer', async () => {
    const consecutive = async () => Number((await s.db.query('SELECT consecutive FROM document_types WHERE id = $1', [pos.id]))[0].consecutive);
    const before = await consecutive();
    const { pos: _p, ...bare } = ticket();
    assert.deepEqual(problems(await s.as('co').post('/v1/invoices', bare)), ['parameter_required@pos']);
    const half = await s.as('co').post('/v1/invoices', ticket({ pos: { ...POINT, cashier: '' } }));
    assert.deepEqual(problems(half).map((p: string) => p.split('@')[1]), ['pos.cashier']);
    assert.deepEqual(problems(await s.as('co').post('/v1/invoices', validInvoice(r, { pos: POINT }))), ['parameter_not_allowed@pos']);
    const { customer: _c, ...noCustomer } = validInvoice(r);
    assert.deepEqual(problems(await s.as('co').post('/v1/invoices', noCustomer)), ['parameter_required@customer']);
    assert.equal(await consecutive(), before, 'no number taken');
  });

  test('a POS type never numbers on the invoices\' test resolution; a ticket signed on an invoices\' resolution is refused by the sandbox', async () => {
    const admin = adminOf(s);
    const c = ok(await admin.post('/companies', coCompany({ starter_catalog: false })), 201);
    const refused = await admin.post(`/companies/${c.id}/document-types`, { code: 'POS', name: 'Tiquete POS', type: 'FV', electronic_type: 'PosEquivalentDocument',
      resolution: { number: '18760000001', prefix: 'SETP', from: 990000000, to: 995000000, valid_from: '2019-01-19', valid_to: '2030-01-19', technical_key: 'fc8eac422eba16e22ffd8c6f94b3f40a6e38162c' } });
    assert.deepEqual(problems(refused), ['invalid_dian_resolution@resolution.number']);
    const notInvoice = await admin.post(`/companies/${c.id}/document-types`, { code: 'NCPOS', name: 'Nota', type: 'NC', electronic_type: 'PosEquivalentDocument' });
    assert.deepEqual(problems(notInvoice), ['invalid_value@electronic_type']);

    // The demo ticket's XML, its numbering moved to the invoices' resolution of habilitación and signed again.
    const t = (await s.as('co').post('/v1/invoices', ticket())).body;
    const [{ xml }] = await s.db.query('SELECT xml FROM invoices WHERE id = $1', [t.id]);
    const [k] = await s.db.query('SELECT p12, password FROM company_credentials WHERE active LIMIT 1');
    const moved = xml.replace(/<ds:Signature[\s\S]*<\/ds:Signature>/, '').replace(`<sts:InvoiceAuthorization>${pos.resolution.number}<`, '<sts:InvoiceAuthorization>18760000001<');
    const sandbox = new SandboxDian(technicalKeys(s.db), undefined, noteFacts(s.db));
    const v = await sandbox.send(await signInvoiceXml(moved, loadPkcs12(k.p12, k.password)));
    assert.equal(v.status, 'Rejected');
    assert.deepEqual(v.errors.map((e) => e.code), ['RESOLUTION'], JSON.stringify(v.errors));
    assert.match(v.errors[0].message, /18760000001 numera facturas electrónicas/);
    // Without its point of sale, DEPD21.
    const unsigned = xml.replace(/<ds:Signature[\s\S]*<\/ds:Signature>/, '').replace(/<Name>Cajero<\/Name><Value>[^<]*<\/Value>/, '');
    const w = await sandbox.send(await signInvoiceXml(unsigned, loadPkcs12(k.p12, k.password)));
    assert.deepEqual(w.errors.map((e) => e.code), ['DEPD21'], JSON.stringify(w.errors));
    // The untouched ticket is accepted by the same sandbox.
    assert.equal((await sandbox.send(xml)).status, 'Accepted');
  });
});
