/**
 * The CFDI 4.0 of a payment receipt (type P) with the complement Pagos 2.0,
 * built from the stored receipt (src/payments/schema.ts) and sealed like an
 * invoice's (docs/mexico.md, the SAT's Guía de llenado del complemento de pagos):
 *
 *   Comprobante  SubTotal 0, Moneda XXX, Total 0, no FormaPago or MetodoPago, Exportacion 01
 *   Receptor     UsoCFDI CP01
 *   Concepto     one: 84111506 "Pago", Cantidad 1, ClaveUnidad ACT, ValorUnitario 0, Importe 0, ObjetoImp 01
 *   pago20:Pagos Totales (pesos), one Pago (date, form, currency, TipoCambioP, Monto) with one
 *                DoctoRelacionado per invoice (UUID, NumParcialidad, ImpSaldoAnt, ImpPagado,
 *                ImpSaldoInsoluto, ObjetoImpDR, the taxes paid) and the Pago's taxes (ImpuestosP)
 *
 * Pure apart from the signature.
 */
import Decimal from 'decimal.js';
import { create } from 'xmlbuilder2';
import type { LoadedCertificate } from '../../../einvoice/certificates';
import { CFDI_NS, PAGOS_NS } from './chain';
import { addParties, certificateAttributes, CFDV40_LOCATION, cfdiDateTime, comprobanteHead, EXEMPT_IVA, placeOfIssue, rate, SAT_TAX, seal, trasladoFactor, XSI_NS, type CfdiInput } from './cfdi';
import { money } from '../../../platform/money';
import type { PaymentDocument } from '../../../payments/schema';
import { addRelated } from './related';

export const PAGOS_LOCATION = 'http://www.sat.gob.mx/sitio_internet/cfd/Pagos/Pagos20.xsd';
/** c_ClaveProdServ and c_ClaveUnidad of a payment receipt's one concept, and its c_UsoCFDI. */
export const PAYMENT_CONCEPT = { ClaveProdServ: '84111506', ClaveUnidad: 'ACT', Descripcion: 'Pago' } as const;
export const PAYMENT_USE = 'CP01';

export interface PaymentCfdiInput {
  document: PaymentDocument;
  company: CfdiInput['company'];
  customer: CfdiInput['customer'];
}

/** A decimal as the complement writes it: no exponent, no trailing zeros. */
const plain = (v: Decimal.Value) => new Decimal(v).toFixed();

export function buildPaymentCfdi(input: PaymentCfdiInput, cert: LoadedCertificate): { xml: string; chain: string } {
  return seal(paymentRoot(input, cert), cert);
}

/** The CFDI unsealed (placeholder certificate and seal): what creation checks before anything is written. */
export function unsealedPaymentCfdi(input: PaymentCfdiInput): string {
  return paymentRoot(input, null).att('Sello', 'AA==').end();
}

function paymentRoot(input: PaymentCfdiInput, cert: LoadedCertificate | null) {
  const { document: d, company, customer } = input;
  const root = create({ version: '1.0', encoding: 'UTF-8' }).ele(CFDI_NS, 'cfdi:Comprobante', {
    'xmlns:xsi': XSI_NS,
    'xmlns:pago20': PAGOS_NS,
    'xsi:schemaLocation': `${CFDI_NS} ${CFDV40_LOCATION} ${PAGOS_NS} ${PAGOS_LOCATION}`,
    ...comprobanteHead(d, company),
    ...certificateAttributes(cert),
    SubTotal: '0',
    Moneda: 'XXX',
    Total: '0',
    TipoDeComprobante: 'P',
    Exportacion: '01',
    LugarExpedicion: placeOfIssue(company),
  });
  addRelated(root, d.related);
  addParties(root, company, customer, PAYMENT_USE);
  root.ele(CFDI_NS, 'cfdi:Conceptos').ele(CFDI_NS, 'cfdi:Concepto', {
    ClaveProdServ: PAYMENT_CONCEPT.ClaveProdServ, Cantidad: '1', ClaveUnidad: PAYMENT_CONCEPT.ClaveUnidad, Descripcion: PAYMENT_CONCEPT.Descripcion,
    ValorUnitario: '0', Importe: '0', ObjetoImp: '01',
  });

  const pesos = d.currency.code === 'MXN';
  const exchange = new Decimal(d.currency.exchange_rate);
  const pagos = root.ele(CFDI_NS, 'cfdi:Complemento').ele(PAGOS_NS, 'pago20:Pagos', { Version: '2.0' });
  const t = d.totals;
  const totales: Record<string, string> = {};
  if (d.invoices.some((i) => i.withholdings.some((w) => w.type === 'ReteIVA'))) totales.TotalRetencionesIVA = money(t.withholdings_iva);
  if (d.invoices.some((i) => i.withholdings.some((w) => w.type === 'ReteISR'))) totales.TotalRetencionesISR = money(t.withholdings_isr);
  for (const rateRow of t.transferred) {
    const name = new Decimal(rateRow.percentage).toFixed();
    totales[`TotalTrasladosBaseIVA${name}`] = money(rateRow.base_value);
    totales[`TotalTrasladosImpuestoIVA${name}`] = money(rateRow.value);
  }
  if (t.exempt_base_value !== undefined) totales.TotalTrasladosBaseIVAExento = money(t.exempt_base_value);
  // Attribute order does not matter to the chain (the XSLT names them), but the SAT's order reads better.
  const order = ['TotalRetencionesIVA', 'TotalRetencionesISR', 'TotalTrasladosBaseIVA16', 'TotalTrasladosImpuestoIVA16', 'TotalTrasladosBaseIVA8',
    'TotalTrasladosImpuestoIVA8', 'TotalTrasladosBaseIVA0', 'TotalTrasladosImpuestoIVA0', 'TotalTrasladosBaseIVAExento'];
  pagos.ele(PAGOS_NS, 'pago20:Totales', {
    ...Object.fromEntries(order.filter((k) => totales[k] !== undefined).map((k) => [k, totales[k]])),
    MontoTotalPagos: money(t.payments_total),
  });

  const pago = pagos.ele(PAGOS_NS, 'pago20:Pago', {
    FechaPago: cfdiDateTime(new Date(d.paid_at), company.time_zone),
    FormaDePagoP: d.payment_form,
    MonedaP: d.currency.code,
    TipoCambioP: pesos ? '1' : plain(exchange),
    Monto: money(d.amount),
    ...(d.operation_number ? { NumOperacion: d.operation_number } : {}),
  });
  // The Pago's taxes, per tax, factor and rate, in the payment's currency: Σ of the documents' / EquivalenciaDR.
  const traslados = new Map<string, { type: string; impuesto: string; tasa: string; base: Decimal; importe: Decimal }>();
  const retenciones = new Map<string, Decimal>();
  for (const inv of d.invoices) {
    const equivalence = new Decimal(inv.equivalence);
    const dr = pago.ele(PAGOS_NS, 'pago20:DoctoRelacionado', {
      IdDocumento: inv.uuid,
      ...(inv.prefix ? { Serie: inv.prefix } : {}),
      Folio: String(inv.number),
      MonedaDR: inv.currency,
      EquivalenciaDR: plain(equivalence),
      NumParcialidad: String(inv.installment),
      ImpSaldoAnt: money(inv.previous_balance),
      ImpPagado: money(inv.amount_paid),
      ImpSaldoInsoluto: money(inv.balance_left),
      ObjetoImpDR: inv.tax_object,
    });
    if (inv.tax_object !== '02') continue;
    const impuestos = dr.ele(PAGOS_NS, 'pago20:ImpuestosDR');
    if (inv.withholdings.length) {
      const re = impuestos.ele(PAGOS_NS, 'pago20:RetencionesDR');
      for (const w of inv.withholdings) {
        const impuesto = SAT_TAX[w.type];
        re.ele(PAGOS_NS, 'pago20:RetencionDR', { BaseDR: money(w.base_value), ImpuestoDR: impuesto, TipoFactorDR: 'Tasa', TasaOCuotaDR: rate(w.percentage), ImporteDR: money(w.value) });
        retenciones.set(impuesto, (retenciones.get(impuesto) ?? new Decimal(0)).plus(new Decimal(w.value).div(equivalence)));
      }
    }
    if (inv.taxes.length) {
      const tr = impuestos.ele(PAGOS_NS, 'pago20:TrasladosDR');
      for (const x of inv.taxes) {
        const impuesto = SAT_TAX[x.type];
        const tasa = rate(x.percentage);
        tr.ele(PAGOS_NS, 'pago20:TrasladoDR', { BaseDR: money(x.base_value), ImpuestoDR: impuesto, ...trasladoFactor(x.type, tasa, money(x.value), 'DR') });
        const key = `${impuesto}|${x.type === EXEMPT_IVA ? 'Exento' : tasa}`;
        const g = traslados.get(key) ?? { type: x.type, impuesto, tasa, base: new Decimal(0), importe: new Decimal(0) };
        traslados.set(key, { ...g, base: g.base.plus(new Decimal(x.base_value).div(equivalence)), importe: g.importe.plus(new Decimal(x.value).div(equivalence)) });
      }
    }
  }
  if (traslados.size || retenciones.size) {
    const p6 = (v: Decimal) => (pesos ? money(v) : v.toDecimalPlaces(6, Decimal.ROUND_HALF_UP).toFixed());
    const impuestos = pago.ele(PAGOS_NS, 'pago20:ImpuestosP');
    if (retenciones.size) {
      const re = impuestos.ele(PAGOS_NS, 'pago20:RetencionesP');
      for (const [impuesto, importe] of retenciones) re.ele(PAGOS_NS, 'pago20:RetencionP', { ImpuestoP: impuesto, ImporteP: p6(importe) });
    }
    if (traslados.size) {
      const tr = impuestos.ele(PAGOS_NS, 'pago20:TrasladosP');
      for (const g of traslados.values()) tr.ele(PAGOS_NS, 'pago20:TrasladoP', { BaseP: p6(g.base), ImpuestoP: g.impuesto, ...trasladoFactor(g.type, g.tasa, p6(g.importe), 'P') });
    }
  }
  return root;
}
