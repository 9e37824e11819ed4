/**
 * Mexican line rounding with percentage discounts (issue 15, point 6; docs/mexico.md
 * §5), the CFDI's own rule: Importe = round2(quantity × price); Descuento =
 * round2(quantity × price × percentage / 100), rounded on its own; line base =
 * Importe − Descuento; each tax = round2(base × rate); retentions per concept
 * (round2(base × rate) each), the invoice's their sum (issue 33, point 4).
 * Every figure below is computed by hand; the invoices are stamped (sandbox
 * provider) and the CFDI's attributes and the journal entry are checked too.
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { eachStorage, startTestServer, type Storage, type TestServer } from '../support/server';
import { MX_APP, mxToday } from '../support/mx';
import { parseXml, satSelect } from '../../src/countries/mx/sat/chain';

interface Case {
  name: string;
  items: { code: string; quantity: number; price: number; discount?: number }[];
  retentions: [type: string, percentage: number][];
  /** Per line: [Importe (subtotal), Descuento (discount_value), [tax type, %, value, base], line total]. */
  lines: [number, number, [string, number, number, number], number][];
  retention_details: [string, number, number, number][];
  totals: { subtotal: number; discounts: number; taxes_total: number; withholdings_total: number; total: number };
  /** The issuer the case needs, when not the demo company as it is (RESICO persona física enrolled in the border stimulus). */
  issuer?: { tax_id: string; legal_name: string; tax_regime: string; postal_code: string; border_stimulus: boolean };
  /** The CFDI: Comprobante, and per Concepto its amounts, Traslados and Retenciones. */
  cfdi: {
    comprobante: [subtotal: string, descuento: string, total: string, trasladados: string, retenidos: string];
    conceptos: { amounts: string[]; traslados: string[]; retenciones: string[] }[];
    traslados: string[];
    retenciones: string[];
  };
  /** Net journal movement per account (debit − credit). */
  ledger: Record<string, string>;
}

const CASES: Case[] = [
  {
    // CONSULT 2.5 × 80.10 = 200.25 (Importe); 10 % = 20.025 → Descuento 20.03; base 200.25 − 20.03 = 180.22
    // (round2(200.25 − 20.025) would be 180.23). IVA 16 % = 28.8352 → 28.84.
    // ReteIVA 10.6667 % of 180.22 = 19.2235… → 19.22; ReteISR 10 % = 18.022 → 18.02.
    // Total 200.25 − 20.03 + 28.84 − 19.22 − 18.02 = 171.82.
    name: 'a half cent in the discount, ReteIVA and ReteISR',
    items: [{ code: 'CONSULT', quantity: 2.5, price: 80.1, discount: 10 }],
    retentions: [['ReteIVA', 10.6667], ['ReteISR', 10]],
    lines: [[200.25, 20.03, ['IVA', 16, 28.84, 180.22], 209.06]],
    retention_details: [['ReteIVA', 10.6667, 19.22, 180.22], ['ReteISR', 10, 18.02, 180.22]],
    totals: { subtotal: 200.25, discounts: 20.03, taxes_total: 28.84, withholdings_total: 37.24, total: 171.82 },
    cfdi: {
      comprobante: ['200.25', '20.03', '171.82', '28.84', '37.24'],
      conceptos: [{ amounts: ['2.50', '80.10', '200.25', '20.03'], traslados: ['180.22 002 0.160000 28.84'], retenciones: ['180.22 002 0.106667 19.22', '180.22 001 0.100000 18.02'] }],
      traslados: ['180.22 002 0.160000 28.84'],
      retenciones: ['002 19.22', '001 18.02'],
    },
    ledger: { '101.01': '171.82', '113.01': '19.22', '114.01': '18.02', '208.01': '-28.84', '401.01': '-200.25', '402.01': '20.03' },
  },
  {
    // LAP14 3 × 333.33 = 999.99; 10 % = 99.999 → 100.00; base 899.99; IVA 16 % = 143.9984 → 144.00.
    // MONIT24 2.3 × 4.35 = 10.005 → 10.01; 50 % of 10.005 = 5.0025 → 5.00; base 5.01; IVA 8 % = 0.4008 → 0.40.
    // AGUA20L 7 × 45.50 = 318.50; 12.5 % = 39.8125 → 39.81; base 278.69; IVA 0 % = 0.00.
    // GEN001 1 × 100 = 100.00, no discount; IVA 16.00.
    // Subtotal 1428.50, discounts 144.81, Σ bases 1283.69, taxes 160.40.
    // ReteISR 1.25 % per concept (CFDI 4.0): 899.99 → 11.249875 → 11.25; 5.01 → 0.062625 → 0.06; 278.69 → 3.483625 → 3.48;
    // 100.00 → 1.25; the invoice's is their sum 16.04 (1.25 % of Σ 1283.69 rounded once would be 16.05).
    // Total 1283.69 + 160.40 − 16.04 = 1428.05.
    name: 'four lines at 16 %, 8 % and 0 %, RESICO ReteISR per concept, from a border RESICO issuer',
    items: [
      { code: 'LAP14', quantity: 3, price: 333.33, discount: 10 },
      { code: 'MONIT24', quantity: 2.3, price: 4.35, discount: 50 },
      { code: 'AGUA20L', quantity: 7, price: 45.5, discount: 12.5 },
      { code: 'GEN001', quantity: 1, price: 100 },
    ],
    retentions: [['ReteISR', 1.25]],
    lines: [
      [999.99, 100, ['IVA', 16, 144, 899.99], 1043.99],
      [10.01, 5, ['IVA', 8, 0.4, 5.01], 5.41],
      [318.5, 39.81, ['IVA', 0, 0, 278.69], 278.69],
      [100, 0, ['IVA', 16, 16, 100], 116],
    ],
    retention_details: [['ReteISR', 1.25, 16.04, 1283.69]],
    totals: { subtotal: 1428.5, discounts: 144.81, taxes_total: 160.4, withholdings_total: 16.04, total: 1428.05 },
    // IVA 8 % needs an issuer enrolled in the border stimulus issuing from a border postal code (22000, Tijuana), and the
    // 1.25 % ISR withholding an issuer persona física in RESICO (626) invoicing a persona moral.
    issuer: { tax_id: 'CACX7605101P8', legal_name: 'XOCHILT CASAS CHAVEZ', tax_regime: '626', postal_code: '22000', border_stimulus: true },
    cfdi: {
      comprobante: ['1428.50', '144.81', '1428.05', '160.40', '16.04'],
      conceptos: [
        { amounts: ['3.00', '333.33', '999.99', '100.00'], traslados: ['899.99 002 0.160000 144.00'], retenciones: ['899.99 001 0.012500 11.25'] },
        { amounts: ['2.30', '4.35', '10.01', '5.00'], traslados: ['5.01 002 0.080000 0.40'], retenciones: ['5.01 001 0.012500 0.06'] },
        { amounts: ['7.00', '45.50', '318.50', '39.81'], traslados: ['278.69 002 0.000000 0.00'], retenciones: ['278.69 001 0.012500 3.48'] },
        { amounts: ['1.00', '100.00', '100.00', ''], traslados: ['100.00 002 0.160000 16.00'], retenciones: ['100.00 001 0.012500 1.25'] },
      ],
      traslados: ['999.99 002 0.160000 160.00', '5.01 002 0.080000 0.40', '278.69 002 0.000000 0.00'],
      retenciones: ['001 16.04'],
    },
    ledger: { '101.01': '1428.05', '114.01': '16.04', '208.01': '-160.40', '401.01': '-1428.50', '402.01': '144.81' },
  },
  {
    // Issue 33: six lines of a professional service at 100.00. Per concept: IVA 16 % 16.00; ReteIVA 10.6667 % of 100.00 =
    // 10.6667 → 10.67; ReteISR 10 % 10.00. The invoice: IVA 6 × 16.00 = 96.00; ReteIVA 6 × 10.67 = 64.02 (not 10.6667 % of
    // 600.00 = 64.0002 → 64.00 spread onto the lines); ReteISR 60.00. Total 600.00 + 96.00 − 64.02 − 60.00 = 571.98.
    name: 'six lines of a professional service with ReteIVA 10.6667 % and ReteISR 10 %, withheld per concept',
    items: Array.from({ length: 6 }, () => ({ code: 'CONSULT', quantity: 1, price: 100 })),
    retentions: [['ReteIVA', 10.6667], ['ReteISR', 10]],
    lines: Array.from({ length: 6 }, () => [100, 0, ['IVA', 16, 16, 100], 116] as Case['lines'][number]),
    retention_details: [['ReteIVA', 10.6667, 64.02, 600], ['ReteISR', 10, 60, 600]],
    totals: { subtotal: 600, discounts: 0, taxes_total: 96, withholdings_total: 124.02, total: 571.98 },
    cfdi: {
      comprobante: ['600.00', '', '571.98', '96.00', '124.02'],
      conceptos: Array.from({ length: 6 }, () => ({ amounts: ['1.00', '100.00', '100.00', ''], traslados: ['100.00 002 0.160000 16.00'],
        retenciones: ['100.00 002 0.106667 10.67', '100.00 001 0.100000 10.00'] })),
      traslados: ['600.00 002 0.160000 96.00'],
      retenciones: ['002 64.02', '001 60.00'],
    },
    ledger: { '101.01': '571.98', '113.01': '64.02', '114.01': '60.00', '208.01': '-96.00', '401.01': '-600.00' },
  },
];

/** The CFDI figures a case names, read with XPath from the stamped XML. */
function cfdiFigures(xml: string): Case['cfdi'] {
  const doc = parseXml(xml) as unknown as Node;
  const all = (q: string, at: Node = doc) => satSelect(q, at) as unknown as Element[];
  const attrs = (e: Element, names: string[]) => names.map((n) => e.getAttribute(n) ?? '');
  const root = all('/cfdi:Comprobante')[0];
  const impuestos = all('/cfdi:Comprobante/cfdi:Impuestos')[0];
  return {
    comprobante: [...attrs(root, ['SubTotal', 'Descuento', 'Total']), ...attrs(impuestos, ['TotalImpuestosTrasladados', 'TotalImpuestosRetenidos'])] as Case['cfdi']['comprobante'],
    conceptos: all('/cfdi:Comprobante/cfdi:Conceptos/cfdi:Concepto').map((c) => ({
      amounts: attrs(c, ['Cantidad', 'ValorUnitario', 'Importe', 'Descuento']),
      traslados: all('cfdi:Impuestos/cfdi:Traslados/cfdi:Traslado', c).map((t) => attrs(t, ['Base', 'Impuesto', 'TasaOCuota', 'Importe']).join(' ')),
      retenciones: all('cfdi:Impuestos/cfdi:Retenciones/cfdi:Retencion', c).map((t) => attrs(t, ['Base', 'Impuesto', 'TasaOCuota', 'Importe']).join(' ')),
    })),
    traslados: all('cfdi:Traslados/cfdi:Traslado', impuestos).map((t) => attrs(t, ['Base', 'Impuesto', 'TasaOCuota', 'Importe']).join(' ')),
    retenciones: all('cfdi:Retenciones/cfdi:Retencion', impuestos).map((t) => attrs(t, ['Impuesto', 'Importe']).join(' ')),
  };
}

eachStorage('MX line rounding with percentage discounts', (storage: Storage) => {
  let s: TestServer;
  let ref: { fvP: number; seller: number; cash: number; tax: (type: string, pct: number) => any };
  before(async () => {
    s = await startTestServer(storage);
    const all = (p: string) => s.as('mx').list(p);
    const [types, users, pays, taxes] = await Promise.all([all('/v1/document-types?type=FV'), all('/v1/users'), all('/v1/payment-types?document_type=FV'), all('/v1/taxes')]);
    const fvP = types.find((t) => t.code === 'FV-P');
    assert.equal(fvP.discount_type, 'Percentage');
    ref = {
      fvP: fvP.id, seller: users.find((u) => u.active).id, cash: pays.find((p) => p.name === 'Contado').id,
      tax: (type, pct) => taxes.find((t) => t.type === type && t.percentage === pct && t.active),
    };
  });
  after(() => s.close());

  /** Makes the demo company the case's issuer (its generated CSD is dropped, so the next one carries the new RFC and name); returns the undo. */
  async function becomeIssuer(issuer: NonNullable<Case['issuer']>): Promise<() => Promise<void>> {
    const [before] = await s.db.query(`SELECT company_id, tax_id, legal_name, settings FROM companies WHERE country = 'MX' AND is_demo`);
    const set = async (taxId: string, name: string, settings: object) => {
      await s.db.query('UPDATE companies SET tax_id = $2, legal_name = $3, settings = $4 WHERE company_id = $1', [before.company_id, taxId, name, JSON.stringify(settings)]);
      await s.db.query('DELETE FROM company_credentials WHERE company_id = $1', [before.company_id]);
    };
    await set(issuer.tax_id, issuer.legal_name, { ...before.settings, tax_regime: issuer.tax_regime, postal_code: issuer.postal_code, border_stimulus: issuer.border_stimulus });
    return () => set(before.tax_id, before.legal_name, before.settings);
  }

  for (const c of CASES) {
    test(`${c.name}: amounts, CFDI and ledger by hand`, async () => {
      const undo = c.issuer ? await becomeIssuer(c.issuer) : async () => {};
      try { await check(c); } finally { await undo(); }
    });
  }

  async function check(c: Case) {
    {
      const res = await s.as('mx').post('/v1/invoices', {
        document: { id: ref.fvP }, customer: { rfc_id: 'XIA190128J61', branch_office: 0 }, seller: ref.seller, use: 'G03',
        items: c.items, retentions: c.retentions.map(([type, pct]) => ref.tax(type, pct).id),
        payment: { method: 'PUE', conditions: { id: ref.cash, value: c.totals.total, due_date: mxToday() } },
        stamp: { send: true },
      }, MX_APP);
      assert.equal(res.status, 201, JSON.stringify(res.body));
      const b = res.body;
      assert.deepEqual(b.items.map((i: any) => [i.subtotal, i.discount_value, ...i.taxes.map((t: any) => [t.type, t.percentage, t.value, t.base_value]), i.total]), c.lines);
      assert.deepEqual(b.retention_details.map((r: any) => [r.type, r.percentage, r.value, r.base_value]), c.retention_details);
      const { subtotal, discounts, taxes_total, withholdings_total, total } = b;
      assert.deepEqual({ subtotal, discounts, taxes_total, withholdings_total, total }, c.totals);
      assert.equal(b.retentions_total, withholdings_total, 'retentions_total, deprecated, still answers the same figure');

      assert.equal(b.stamp.status, 'Accepted', JSON.stringify(b.stamp));
      const xml = Buffer.from((await s.as('mx').get(`/v1/invoices/${b.id}/xml`)).body.base64, 'base64').toString('utf8');
      assert.deepEqual(cfdiFigures(xml), c.cfdi);

      const net = await s.db.query(
        `SELECT l.account_code, sum(l.debit - l.credit)::text AS net FROM journal_lines l JOIN journal_entries e ON e.id = l.entry_id
          WHERE e.source_id = $1 GROUP BY l.account_code ORDER BY 1`, [b.id]);
      assert.deepEqual(Object.fromEntries(net.map((r: any) => [r.account_code, r.net])), c.ledger);
    }
  }
});
