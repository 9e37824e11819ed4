/**
 * Issue 18, "Done when": from an empty database and `npm start` with only
 * ADMIN_TOKEN set (on PostgreSQL also DATABASE_URL and SECRET_KEY), HTTP calls
 * alone make a Colombian company that passes the DIAN test set and issues an
 * electronic invoice the sandbox accepts and that is mailed, and a Mexican
 * company whose first CFDI is stamped. What the README's quickstart shows.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import crypto from 'node:crypto';
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { simpleParser } from 'mailparser';
import { strFromU8, unzipSync } from 'fflate';
import { generateTestCertificate } from '../../src/einvoice/certificates';
import { ApiClient, freshPostgres, STORAGES } from '../support/server';
import { ServiceProcess } from '../support/service';
import { pdfText } from '../support/pdf';
import { ADMIN_TOKEN, adminOf, freshNit, freshRfc, login, ok, SECRET_KEY } from '../support/admin';
import { sleep } from '../support/profile';

const day = (offset: number, timeZone: string) => new Intl.DateTimeFormat('en-CA', { timeZone }).format(new Date(Date.now() + offset * 86_400_000));

async function until<T>(what: string, fn: () => Promise<T | undefined>, ms = 60_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await fn();
    if (v !== undefined) return v;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await sleep(200);
  }
}

for (const storage of STORAGES) {
  test(`from zero to the first accepted invoices through the administration API [${storage}]`, async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'facturas-onboarding-'));
    const pg = storage === 'postgres' ? await freshPostgres() : null;
    const env: Record<string, string> = { ADMIN_TOKEN, DATA_DIR: dataDir, DATABASE_URL: pg?.url ?? '', SECRET_KEY: pg ? SECRET_KEY : '' };
    const svc = await ServiceProcess.start(env);
    try {
      const c = new ApiClient(svc.url);
      const admin = adminOf(c);

      // Colombia --------------------------------------------------------------------------------
      const { nit } = freshNit();
      const co = ok(await admin.post('/companies', {
        country: 'CO', legal_name: 'Ferretería El Tornillo S.A.S.', tax_id: nit, starter_catalog: false,
        address: { address: 'Cra 7 # 71-21 Of. 502', city: { country_code: 'CO', state_code: '11', city_code: '11001' }, postal_code: '110231' },
        settings: {
          email: 'facturacion@tornillo.example.co', phone: '6015550100', vat_responsible: true, fiscal_responsibilities: ['O-13'],
          dian: { id: crypto.randomUUID(), pin: '75315', test_set_id: crypto.randomUUID(), environment: '2' },
        },
      }), 201);
      const at = `/companies/${co.id}`;
      const seller = ok(await admin.post(`${at}/sellers`, { username: 'lmartinez', first_name: 'Laura', last_name: 'Martínez', email: 'laura@tornillo.example.co' }), 201);
      const iva = ok(await admin.post(`${at}/taxes`, { name: 'IVA 19%', type: 'IVA', percentage: 19 }), 201);
      ok(await admin.post(`${at}/taxes`, { name: 'ReteIVA 15%', type: 'ReteIVA', percentage: 15 }), 201);
      const cash = ok(await admin.post(`${at}/payment-types`, { name: 'Efectivo', type: 'Cash', document_type: 'FV' }), 201);
      ok(await admin.post(`${at}/payment-types`, { name: 'Crédito 30 días', type: 'Credit', document_type: 'FV' }), 201);
      ok(await admin.post(`${at}/price-lists`, { name: 'Precio de venta', position: 1 }), 201);
      const fe = ok(await admin.post(`${at}/document-types`, {
        code: 'FE', name: 'Factura electrónica de venta', type: 'FV', electronic_type: 'ElectronicInvoice',
        resolution: { number: '18760000001', prefix: 'SETP', from: 990000000, to: 995000000, valid_from: day(-30, 'America/Bogota'), valid_to: day(365, 'America/Bogota'),
          technical_key: 'fc8eac422eba16e22ffd8c6f94b3f40a6e38162c' },
      }), 201);
      const made = generateTestCertificate({ commonName: co.legal_name, nit: co.tax_id });
      assert.deepEqual(ok(await admin.post(`${at}/certificates`, { p12: made.p12Base64, password: made.password }), 201).warnings, []);

      // The DIAN test set, then production.
      const early = await admin.patch(at, { settings: { dian: { environment: '1' } } });
      assert.deepEqual(early.body.Errors.map((e: any) => `${e.Code}@${e.Params}`), ['company_settings@settings.dian.environment'], 'no production before the test set');
      const testSet = ok(await admin.post(`${at}/dian/test-set`, {}));
      assert.equal(testSet.status, 'Accepted', JSON.stringify(testSet));
      assert.ok(testSet.documents.length > 0 && testSet.documents.every((d: any) => d.status === 'Accepted'));
      assert.ok(ok(await admin.get(at)).settings.dian.test_set_passed_at);
      // The test numbering is habilitación's: production needs the company's own resolution on its invoice type.
      const onTest = await admin.patch(at, { settings: { dian: { environment: '1' } } });
      assert.deepEqual(onTest.body.Errors.map((e: any) => `${e.Code}@${e.Params}`), ['company_settings@settings.dian.environment'], 'FE still on the test resolution');
      ok(await admin.patch(`${at}/document-types/${fe.id}`, { active: false }));
      const fep = ok(await admin.post(`${at}/document-types`, {
        code: 'FEP', name: 'Factura electrónica de venta', type: 'FV', electronic_type: 'ElectronicInvoice',
        resolution: { number: '18764000001234', prefix: 'FETO', from: 1, to: 5000, valid_from: day(-30, 'America/Bogota'), valid_to: day(365, 'America/Bogota'),
          technical_key: 'c0ffee5eed0000000000000000000000000000ab' },
      }), 201);
      assert.equal(ok(await admin.patch(at, { settings: { dian: { environment: '1' } } })).settings.dian.environment, '1');

      const user = ok(await admin.post(`${at}/api-users`, { username: `tornillo-erp-${co.id}` }), 201);
      const token = await login(c, '', user.username, user.access_key);
      const coApi = c.with(async () => token, '');
      const customer = ok(await coApi.post('/v1/customers', {
        person_type: 'Company', id_type: '31', identification: '900123456', name: ['Constructora Los Andes S.A.S.'], vat_responsible: true,
        fiscal_responsibilities: [{ code: 'O-13' }], address: { address: 'Calle 100 # 8A-55', city: { country_code: 'CO', state_code: '11', city_code: '11001' } },
        contacts: [{ first_name: 'Ana', last_name: 'Gómez', email: 'compras@losandes.example.co' }],
      }), 201);
      ok(await coApi.post('/v1/products', { code: 'TALADRO', name: 'Taladro percutor 800 W', taxes: [{ id: iva.id }],
        prices: [{ currency_code: 'COP', price_list: [{ position: 1, value: 350000 }] }] }), 201);
      const invoice = ok(await coApi.post('/v1/invoices', {
        document: { id: fep.id }, date: day(0, 'America/Bogota'), customer: { identification: customer.identification, branch_office: 0 }, seller: seller.id,
        items: [{ code: 'TALADRO', quantity: 2, price: 350000 }], payments: [{ id: cash.id, value: 833000 }],
        stamp: { send: true }, mail: { send: true },
      }), 201);
      assert.equal(invoice.stamp.status, 'Accepted', JSON.stringify(invoice.stamp));
      assert.match(invoice.stamp.cufe, /^[0-9a-f]{96}$/);
      // The test set took the first 50 numbers of the test resolution; production starts the company's own.
      assert.equal(testSet.documents.length, 50);
      assert.equal(testSet.documents[49].name, 'SETP990000049');
      assert.equal(invoice.number, 1, 'the first number of the company\'s resolution');
      const xml = Buffer.from(ok(await coApi.get(`/v1/invoices/${invoice.id}/xml`)).base64, 'base64').toString('utf8');
      assert.ok(xml.includes('<cbc:ID>FETO1</cbc:ID>'));
      assert.ok(xml.includes('<sts:InvoiceAuthorization>18764000001234</sts:InvoiceAuthorization>'));
      assert.ok(xml.includes('<cbc:ProfileExecutionID>1</cbc:ProfileExecutionID>'), 'production');
      assert.match(xml, new RegExp(`<cbc:CompanyID[^>]*schemeID="${co.check_digit}"[^>]*>${nit}</cbc:CompanyID>`), 'the issuer as the company was created');
      assert.match(xml, /<cbc:TaxLevelCode listName="48">O-13<\/cbc:TaxLevelCode>/, 'its regime and responsibilities from its settings');
      assert.ok(xml.includes(`<sts:SoftwareID schemeAgencyID="195"`) && xml.includes(co.settings.dian.id), 'its own DIAN software id');

      const mailed = await until('the invoice mail', async () => {
        const inv = ok(await coApi.get(`/v1/invoices/${invoice.id}`));
        return inv.mail.status === 'sent' ? inv : undefined;
      });
      assert.equal(mailed.mail.status, 'sent');
      const dir = path.join(dataDir, 'outbox-mail');
      const [file] = fs.readdirSync(dir).filter((f) => f.endsWith('.eml'));
      const mail = await simpleParser(fs.readFileSync(path.join(dir, file)));
      assert.deepEqual(mail.to && !Array.isArray(mail.to) ? mail.to.value.map((a) => a.address) : [], ['compras@losandes.example.co']);
      // The annex's attachment: one ZIP with the AttachedDocument (the signed invoice inside) and the PDF.
      // DIAN file names: NIT, provider code 000 (its own software), year, a consecutive per file type in 8 hex digits.
      const named = new RegExp(`^${nit.padStart(10, '0')}000${invoice.date.slice(2, 4)}[0-9a-f]{8}$`);
      assert.equal(mail.attachments.length, 1);
      const zip = /^z(.*)\.zip$/.exec(mail.attachments[0].filename ?? '');
      assert.ok(zip && named.test(zip[1]), String(mail.attachments[0].filename));
      const files = unzipSync(mail.attachments[0].content);
      const stem = Object.keys(files).find((f) => f.startsWith('ad') && f.endsWith('.xml'))?.slice(2, -4) ?? '';
      assert.match(stem, named);
      assert.deepEqual(Object.keys(files).sort(), [`ad${stem}.pdf`, `ad${stem}.xml`]);
      assert.ok(strFromU8(files[`ad${stem}.xml`]).includes(xml.replace(/^<\?xml[^>]*>\s*/, '').slice(0, 200)), 'the AttachedDocument carries the signed invoice');
      const text = (await pdfText(Buffer.from(files[`ad${stem}.pdf`]))).text;
      assert.ok(text.replace(/\s+/g, '').includes(invoice.stamp.cufe), 'the PDF carries the CUFE');
      assert.ok(text.includes('No. FETO1'), 'the PDF prints the number as the XML has it');

      // Mexico ----------------------------------------------------------------------------------
      const mx = ok(await admin.post('/companies', {
        country: 'MX', legal_name: 'TORNILLOS DEL NORTE', tax_id: freshRfc(), starter_catalog: false,
        address: { address: 'Av. Constitución 2050 Pte.', city: { country_code: 'MX', state_code: 'NLE' }, postal_code: '64000' },
        settings: { tax_regime: '601', email: 'facturas@tornillos.example.mx' },
      }), 201);
      const mat = `/companies/${mx.id}`;
      const vendedor = ok(await admin.post(`${mat}/sellers`, { username: 'rgarza', first_name: 'Rosa', last_name: 'Garza' }), 201);
      const iva16 = ok(await admin.post(`${mat}/taxes`, { name: 'IVA 16%', type: 'IVA', percentage: 16 }), 201);
      const contado = ok(await admin.post(`${mat}/payment-types`, { name: 'Transferencia', type: 'Transfer', document_type: 'FV' }), 201);
      assert.equal(contado.sat_code, '03');
      ok(await admin.post(`${mat}/price-lists`, { name: 'Precio de lista', position: 1 }), 201);
      const serieA = ok(await admin.post(`${mat}/document-types`, { code: 'A', name: 'Factura serie A', type: 'FV', prefix: 'A' }), 201);
      const csd = generateTestCertificate({ commonName: mx.legal_name, nit: mx.tax_id, country: 'MX' });
      assert.deepEqual(ok(await admin.post(`${mat}/certificates`, { p12: csd.p12Base64, password: csd.password }), 201).warnings, []);
      const mxUser = ok(await admin.post(`${mat}/api-users`, { username: `tornillos-pos-${mx.id}` }), 201);
      const mxToken = await login(c, '/mx', mxUser.username, mxUser.access_key);
      const mxApi = c.with(async () => mxToken, '/mx');
      ok(await mxApi.post('/v1/customers', { person_type: 'Company', identification: 'XIA190128J61', name: ['XENON INDUSTRIAL ARTICLES'], tax_regime: '601',
        address: { address: 'Av. Constituyentes 120', city: { country_code: 'MX', state_code: 'QUE' }, postal_code: '76343' } }), 201);
      ok(await mxApi.post('/v1/products', { code: 'TORN10', name: 'Tornillo hexagonal 10 mm (caja)', taxes: [{ id: iva16.id }],
        sat_product_key: '31161500', sat_unit_key: 'H87', prices: [{ currency_code: 'MXN', price_list: [{ position: 1, value: 250 }] }] }), 201);
      const cfdi = await mxApi.post('/v1/invoices', {
        document: { id: serieA.id }, customer: { rfc_id: 'XIA190128J61' }, seller: vendedor.id, use: 'G01',
        items: [{ code: 'TORN10', quantity: 4, price: 250 }],
        payment: { method: 'PUE', conditions: { id: contado.id, value: 1160, due_date: day(0, 'America/Mexico_City') } }, stamp: { send: true },
      }, { 'serviceapi-application-id': 'TornillosPOS' });
      assert.equal(cfdi.status, 201, JSON.stringify(cfdi.body));
      assert.equal(cfdi.body.stamp.status, 'Accepted', JSON.stringify(cfdi.body.stamp));
      assert.match(cfdi.body.stamp.uuid, /^[0-9A-F-]{36}$/i);
      const stamped = Buffer.from(ok(await mxApi.get(`/v1/invoices/${cfdi.body.id}/xml`)).base64, 'base64').toString('utf8');
      assert.ok(stamped.includes(`Rfc="${mx.tax_id}"`) && stamped.includes('RegimenFiscal="601"') && stamped.includes('LugarExpedicion="64000"'), 'the issuer as the company was set up');
      assert.ok(stamped.includes('tfd:TimbreFiscalDigital'));
      // What the service printed through all of it holds neither the resolution's technical key nor the PIN.
      assert.ok(!svc.output.includes('c0ffee5eed0000000000000000000000000000ab'), 'the technical key is not in the logs');
      assert.doesNotMatch(svc.output, /"pin"\s*:\s*"75315"|:75315\b/, 'nor the PIN');
    } finally {
      const code = await svc.stop();
      assert.equal(code, 0, svc.output || '(the service printed nothing)');
      await pg?.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
}
