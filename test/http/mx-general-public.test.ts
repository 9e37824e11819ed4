/**
 * The general public's generic RFC XAXX010101000 (issue 15, point 5; docs/mexico.md
 * §7): CFDI 4.0 requires UsoCFDI S01 and RegimenFiscalReceptor 616 for it, and
 * the issuer's postal code as its fiscal domicile. Any other use is refused on
 * creation (on `use`, with the rule in the message); the CFDI writes 616 and
 * the place of issue whatever the customer record holds; a customer record
 * with that RFC takes regime 616; the sandbox provider refuses a CFDI that
 * breaks the rule.
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { eachStorage, problems, startTestServer, type Storage, type TestServer } from '../support/server';
import { MX_APP, mxInvoice, mxRefs, type MxRefs } from '../support/mx';
import { parseXml, satSelect } from '../../src/countries/mx/sat/chain';

const RFC = 'XAXX010101000';
const RULE = /generic RFC XAXX010101000 \(público en general\): CFDI 4\.0 requires UsoCFDI S01 \(Sin efectos fiscales\) with RegimenFiscalReceptor 616/;

eachStorage('MX general public (XAXX010101000)', (storage: Storage) => {
  let s: TestServer;
  let ref: MxRefs;
  let companyId: number;
  before(async () => {
    s = await startTestServer(storage);
    ref = await mxRefs(s);
    [{ company_id: companyId }] = await s.db.query(`SELECT company_id FROM companies WHERE is_demo AND country = 'MX'`);
  });
  after(() => s.close());

  /** GEN001 1 × 100 with IVA 16 %: 116.00, paid at once. */
  const body = (use: string, over: Record<string, unknown> = {}) =>
    mxInvoice(ref, [{ code: 'GEN001', quantity: 1, price: 100 }], 116, { customer: { rfc_id: RFC, branch_office: 0 }, use, ...over });
  const post = (b: unknown) => s.as('mx').post('/v1/invoices', b, MX_APP);
  const receptor = async (id: string) => {
    const xml = Buffer.from((await s.as('mx').get(`/v1/invoices/${id}/xml`)).body.base64, 'base64').toString('utf8');
    const q = (x: string) => String(satSelect(`string(${x})`, parseXml(xml) as unknown as Node));
    return {
      ...Object.fromEntries(['Rfc', 'Nombre', 'DomicilioFiscalReceptor', 'RegimenFiscalReceptor', 'UsoCFDI'].map((a) => [a, q(`//cfdi:Receptor/@${a}`)])),
      LugarExpedicion: q('/cfdi:Comprobante/@LugarExpedicion'),
    };
  };
  const GENERAL_PUBLIC_RECEPTOR = {
    Rfc: RFC, Nombre: 'PUBLICO EN GENERAL', DomicilioFiscalReceptor: '06600', RegimenFiscalReceptor: '616', UsoCFDI: 'S01', LugarExpedicion: '06600',
  };

  test('any use but S01 is refused on `use`, with the rule in the message; nothing is stored, no number taken', async () => {
    const start = (await s.as('mx').get(`/v1/document-types/${ref.fvA}`)).body.consecutive;
    // G03 and G01 are allowed to both person types, D01 to persons (as the generic RFC is): only the generic RFC's rule refuses them.
    for (const use of ['G03', 'G01', 'D01', 'I04', 'CP01']) {
      for (const over of [{}, { stamp: { send: true } }]) {
        const res = await post(body(use, over));
        assert.equal(res.status, 400, `${use}: ${JSON.stringify(res.body)}`);
        assert.deepEqual(problems(res), ['invalid_value@use']);
        assert.match(res.body.Errors[0].Message, RULE);
        assert.match(res.body.Errors[0].Message, new RegExp(`^Use ${use} `));
      }
      const preview = await s.as('mx').post('/v1/invoices/preview', body(use));
      assert.deepEqual(problems(preview), ['invalid_value@use']);
    }
    assert.equal((await s.as('mx').get(`/v1/document-types/${ref.fvA}`)).body.consecutive, start);
    const [{ n }] = await s.db.query(`SELECT count(*)::int AS n FROM invoices WHERE company_id = $1 AND customer_identification = $2`, [companyId, RFC]);
    assert.equal(n, 0);
    // Another customer keeps every use its person type allows.
    assert.equal((await post(mxInvoice(ref, [{ code: 'GEN001', quantity: 1, price: 100 }], 116, { use: 'G03' }))).status, 201);
  });

  test('S01: stamped and Accepted; Receptor 616, S01, the place of issue as fiscal domicile', async () => {
    const res = await post(body('S01', { stamp: { send: true } }));
    assert.equal(res.status, 201, JSON.stringify(res.body));
    assert.equal(res.body.use, 'S01');
    assert.equal(res.body.total, 116);
    assert.equal(res.body.stamp.status, 'Accepted', JSON.stringify(res.body.stamp));
    assert.deepEqual(await receptor(res.body.id), GENERAL_PUBLIC_RECEPTOR);
  });

  test('a record of the generic RFC with another regime and postal code, or none: the CFDI still says 616 and the place of issue', async () => {
    // Records from before the customer rule below, written straight to the database.
    const records = [
      { tax_regime: '601', address: { address: 'Domicilio conocido', postal_code: '01000' } },
      { tax_regime: null, address: { address: 'Domicilio conocido' } },
    ];
    try {
      for (const r of records) {
        await s.db.query(`UPDATE customers SET tax_regime = $3, address = $4 WHERE company_id = $1 AND identification = $2`,
          [companyId, RFC, r.tax_regime, JSON.stringify(r.address)]);
        const res = await post(body('S01', { stamp: { send: true } }));
        assert.equal(res.status, 201, `nothing is missing for the CFDI: ${JSON.stringify(res.body)}`);
        assert.equal(res.body.stamp.status, 'Accepted', JSON.stringify(res.body.stamp));
        assert.deepEqual(await receptor(res.body.id), GENERAL_PUBLIC_RECEPTOR, JSON.stringify(r));
      }
    } finally {
      await s.db.query(`UPDATE customers SET tax_regime = '616', address = $3 WHERE company_id = $1 AND identification = $2`,
        [companyId, RFC, JSON.stringify({ address: 'Domicilio conocido', city: { country_code: 'MX', state_code: 'CMX' }, postal_code: '06600' })]);
    }
  });

  test('a customer record with the generic RFC takes regime 616', async () => {
    const record = (tax_regime: string) => ({
      person_type: 'person', identification: RFC, branch_office: 7, name: ['PUBLICO EN', 'GENERAL'], tax_regime,
      address: { address: 'Mostrador sucursal 7', postal_code: '06600' },
    });
    const refused = await s.as('mx').post('/v1/customers', record('601'));
    assert.deepEqual(problems(refused), ['invalid_value@tax_regime']);
    assert.equal(refused.body.Errors[0].Message,
      'The generic RFC XAXX010101000 (público en general) has fiscal regime 616 (Sin obligaciones fiscales) in CFDI 4.0, not 601');
    const created = await s.as('mx').post('/v1/customers', record('616'));
    assert.equal(created.status, 201, JSON.stringify(created.body));
    assert.deepEqual(problems(await s.as('mx').put(`/v1/customers/${created.body.id}`, record('612'))), ['invalid_value@tax_regime']);
    assert.equal((await s.as('mx').get(`/v1/customers/${created.body.id}`)).body.tax_regime, '616');
    // Any regime for any other RFC.
    const other = await s.as('mx').post('/v1/customers', { ...record('612'), identification: 'GOMA800101AB1' });
    assert.equal(other.status, 201, JSON.stringify(other.body));
  });

  test('the sandbox provider refuses a CFDI to the generic RFC with another use (an invoice stored before the rule)', async () => {
    const draft = await post(body('S01'));
    assert.equal(draft.status, 201);
    await s.db.query(`UPDATE invoices SET document = jsonb_set(document, '{use}', '"G03"') WHERE company_id = $1 AND id = $2`, [companyId, draft.body.id]);
    const stamped = await s.as('mx').post(`/v1/invoices/${draft.body.id}/stamp`, {});
    assert.equal(stamped.status, 200, JSON.stringify(stamped.body));
    assert.equal(stamped.body.stamp.status, 'Rejected');
    assert.equal(stamped.body.stamp.uuid, null);
    const errors = await s.as('mx').get(`/v1/invoices/${draft.body.id}/stamp/errors`);
    assert.deepEqual(errors.body.errors, [{ code: 'RECEPTOR', message: 'El RFC genérico XAXX010101000 (público en general) lleva UsoCFDI S01, no G03' },
      { code: 'USO_CFDI', message: 'El UsoCFDI G03 (Gastos en general) no se permite a un receptor del régimen 616 (c_UsoCFDI: 601, 603, 606, 612, 620, 621, 622, 623, 624, 625, 626)' }]);
  });

  test('a global invoice declares its period (InformacionGlobal): by default the invoice\'s day; weekly, monthly… as sent, checked', async () => {
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Mexico_City' }).format(new Date());
    const [year, month] = [Number(today.slice(0, 4)), today.slice(5, 7)];
    const global = async (id: string) => {
      const xml = Buffer.from((await s.as('mx').get(`/v1/invoices/${id}/xml`)).body.base64, 'base64').toString('utf8');
      return ['Periodicidad', 'Meses', 'Año'].map((a) => String(satSelect(`string(//cfdi:InformacionGlobal/@${a})`, parseXml(xml) as unknown as Node)));
    };
    const daily = await post(body('S01', { stamp: { send: true } }));
    assert.deepEqual(daily.body.global_information, { periodicity: '01', months: month, year });
    assert.deepEqual(await global(daily.body.id), ['01', month, String(year)]);
    const monthly = await post(body('S01', { stamp: { send: true }, global_information: { periodicity: '04', months: month, year } }));
    assert.equal(monthly.status, 201, JSON.stringify(monthly.body));
    assert.equal(monthly.body.stamp.status, 'Accepted', JSON.stringify(monthly.body.stamp));
    assert.deepEqual(await global(monthly.body.id), ['04', month, String(year)]);
    // December of last year, weekly: the year before is allowed.
    const late = await post(body('S01', { stamp: { send: true }, global_information: { periodicity: '02', months: '12', year: year - 1 } }));
    assert.equal(late.body.stamp.status, 'Accepted', JSON.stringify(late.body.stamp));

    const refusals: [Record<string, unknown>, string][] = [
      [{ periodicity: '05', months: '13', year }, 'invalid_value@global_information.periodicity'], // the demo company is in régimen 601, not 621
      [{ periodicity: '04', months: '13', year }, 'invalid_value@global_information.months'],
      [{ periodicity: '04', months: month, year: year - 2 }, 'invalid_value@global_information.year'],
      [{ periodicity: '06', months: month, year }, 'invalid_value@global_information.periodicity'],
    ];
    if (month !== '12') refusals.push([{ periodicity: '04', months: String(Number(month) + 1).padStart(2, '0'), year }, 'invalid_value@global_information.months']);
    for (const [g, expected] of refusals) assert.deepEqual(problems(await post(body('S01', { global_information: g }))), [expected], JSON.stringify(g));
    assert.deepEqual(problems(await post(mxInvoice(ref, [{ code: 'GEN001', quantity: 1, price: 100 }], 116, { global_information: { periodicity: '04', months: month, year } }))),
      ['parameter_not_allowed@global_information'], 'only a global invoice has a period');

    // The sandbox provider checks it too (an invoice stored with a bimonthly period by an issuer outside régimen 621).
    const draft = await post(body('S01'));
    await s.db.query(`UPDATE invoices SET document = jsonb_set(document, '{global_information}', $3::jsonb) WHERE company_id = $1 AND id = $2`,
      [companyId, draft.body.id, JSON.stringify({ periodicity: '05', months: '13', year })]);
    const stamped = await s.as('mx').post(`/v1/invoices/${draft.body.id}/stamp`, {});
    assert.equal(stamped.body.stamp.status, 'Rejected');
    const errors = await s.as('mx').get(`/v1/invoices/${draft.body.id}/stamp/errors`);
    assert.deepEqual(errors.body.errors.map((e: { code: string }) => e.code), ['INFORMACION_GLOBAL']);
  });
});
