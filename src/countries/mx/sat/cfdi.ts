/**
 * The CFDI 4.0 of a Mexican invoice (issue 6, docs/mexico.md): the
 * cfdi:Comprobante built from the stored invoice document, sealed with the
 * company's CSD: Sello = base64(RSA-SHA256(original chain)), with NoCertificado
 * (the certificate's 20-digit number) and Certificado (its DER, base64).
 *
 * How the document maps to the CFDI:
 *   SubTotal  = Σ line amounts before discounts (document `subtotal`)
 *   Descuento = Σ line discounts (written when above zero)
 *   Concepto  Importe = quantity × price, Descuento, taxes on the line base
 *   Retentions are computed per Concepto (src/invoices/compute.ts: ReteIVA on the IVA base of a
 *   line charging IVA above 0 %, ReteISR on the base of a line that carries taxes, each
 *   round2(base × rate)) and the invoice's is their sum; `spread` rebuilds the lines' parts
 *   (a document stored before per-concept withholdings, rounded once, has its remainder put on
 *   the largest line). Every line it applies to carries it.
 *   An IVA Traslado's Base includes the line's IEPS (LIVA art. 12).
 *   Total = SubTotal − Descuento + TotalImpuestosTrasladados − TotalImpuestosRetenidos
 * The general public (XAXX010101000): Receptor Nombre PUBLICO EN GENERAL, RegimenFiscalReceptor 616,
 * DomicilioFiscalReceptor = LugarExpedicion, and InformacionGlobal; its UsoCFDI S01 is the invoice's
 * (creation refuses any other). A receiver resident abroad (XEXX010101000): its own name, RegimenFiscalReceptor
 * 616, DomicilioFiscalReceptor = LugarExpedicion, ResidenciaFiscal and NumRegIdTrib from its record.
 *
 * A credit note (`egreso`) is the same CFDI with TipoDeComprobante E, MetodoPago PUE and its related invoices'
 * UUIDs in CfdiRelacionados (TipoRelacion 01).
 *
 * Pure apart from the signature: the issue instant comes from the document.
 */
import crypto from 'node:crypto';
import Decimal from 'decimal.js';
import { create } from 'xmlbuilder2';
import type { XMLBuilder } from 'xmlbuilder2/lib/interfaces';
import { privateKeyOf, type LoadedCertificate } from '../../../einvoice/certificates';
import { CFDI_NS, cfdiChain } from './chain';
import { domDocument } from '../../../platform/xml-dom';
import { FOREIGN_RECEIVER, GENERAL_PUBLIC, genericReceiver } from '../../../companies/uses';
import { money, sum as total } from '../../../platform/money';
import type { MxInvoiceDocument } from '../../../invoices/mx/schema';
import { addRelated } from './related';

export const GENERAL_PUBLIC_RFC = GENERAL_PUBLIC.rfc;
/** c_Impuesto of each tax type the service knows. */
export const SAT_TAX: Record<string, string> = { ISR: '001', ReteISR: '001', IVA: '002', IVAExento: '002', ReteIVA: '002', IEPS: '003' };
/** The exempt IVA's tax type: a Traslado of TipoFactor Exento, with its Base and neither TasaOCuota nor Importe. */
export const EXEMPT_IVA = 'IVAExento';
/** A Traslado's attributes after Base and Impuesto: TipoFactor, and the rate and amount unless it is exempt. */
export const trasladoFactor = (type: string, tasa: string, importe: string, suffix = ''): Record<string, string> => (type === EXEMPT_IVA
  ? { [`TipoFactor${suffix}`]: 'Exento' }
  : { [`TipoFactor${suffix}`]: 'Tasa', [`TasaOCuota${suffix}`]: tasa, [`Importe${suffix}`]: importe });

/** The parts of a stored address a CFDI reads (companies.address, customers.address: open JSON). */
export interface CfdiAddress { postal_code?: string; fiscal_residence?: string; foreign_tax_id?: string; [k: string]: unknown }
/** The issuer as a CFDI reads its companies row. */
export interface CfdiCompany {
  tax_id: string; legal_name: string; time_zone: string;
  settings: { tax_regime?: string; postal_code?: string; [k: string]: unknown } | null; address: CfdiAddress | null;
}
/** The receiver as a CFDI reads its customers row. */
export interface CfdiCustomer { identification: string; name: string[]; tax_regime: string | null; address: CfdiAddress | null }

export interface CfdiInput {
  /** The stored MX invoice document (its response schema, MxInvoiceAnswer). */
  document: MxInvoiceDocument;
  company: CfdiCompany;
  customer: CfdiCustomer;
  /** Product facts by code: tax_object (c_ObjetoImp), unit name. */
  products: Record<string, { tax_object?: string | null; name?: string }>;
  /** A credit note: a CFDI of type E (egreso), paid at once (PUE), related (TipoRelacion 01, 07 applying an advance) to the invoices' UUIDs. */
  egreso?: { related: string[]; paymentForm: string };
}

/** The SAT certificate number (NoCertificado): the 20 digits the serial number spells in ASCII. */
export function satCertificateNumber(serialNumberHex: string): string {
  const hex = serialNumberHex.length % 2 ? '0' + serialNumberHex : serialNumberHex;
  const text = Buffer.from(hex, 'hex').toString('latin1');
  if (!/^[0-9]{20}$/.test(text)) throw new Error('The certificate is not a SAT CSD: its serial number does not spell a 20-digit certificate number');
  return text;
}

const timeFormats = new Map<string, Intl.DateTimeFormat>();

/**
 * The bounds Anexo 20 sets on a tax amount computed from a base and a rate, at 2 decimals: from (Base − 0.005) × rate
 * truncated to (Base + 0.005) × rate rounded up. The sandbox provider checks a concept's Importe and ImporteDR of
 * Pagos 2.0 (TrasladoDR and RetencionDR) within them (rules.ts); receipts keep within them (src/payments/compute.ts).
 */
export function importeBounds(base: Decimal.Value, tasa: Decimal.Value): [Decimal, Decimal] {
  const b = new Decimal(base), t = new Decimal(tasa);
  return [Decimal.max(b.minus('0.005').times(t).toDecimalPlaces(2, Decimal.ROUND_DOWN), 0), b.plus('0.005').times(t).toDecimalPlaces(2, Decimal.ROUND_UP)];
}

/** The local time of an instant in a time zone, as the CFDI writes it (AAAA-MM-DDThh:mm:ss); one formatter per zone, made once. */
export function cfdiDateTime(instant: Date, timeZone: string): string {
  let f = timeFormats.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('sv-SE', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23' });
    timeFormats.set(timeZone, f);
  }
  return f.format(instant).replace(' ', 'T');
}

export const rate = (percentage: Decimal.Value) => new Decimal(percentage).div(100).toFixed(6);

/** Splits `total` over `bases` in proportion, to the cent, so that the parts add up exactly. */
export function spread(total: Decimal.Value, rateOf: Decimal.Value, bases: Decimal.Value[]): Decimal[] {
  const parts = bases.map((b) => new Decimal(b).times(rateOf).toDecimalPlaces(2, Decimal.ROUND_HALF_UP));
  const rest = new Decimal(total).minus(parts.reduce((s, p) => s.plus(p), new Decimal(0)));
  if (!rest.isZero() && parts.length) {
    const largest = bases.reduce<number>((best, b, i) => (new Decimal(b).gt(bases[best]) ? i : best), 0);
    parts[largest] = parts[largest].plus(rest);
  }
  return parts;
}

interface TaxRow { type: string; impuesto: string; tasa: string; base: Decimal; importe: Decimal }

type Line = MxInvoiceDocument['items'][number];
/** The taxes a line transfers (IVA, IEPS), as its Concepto's Traslados. */
export const transferred = (it: Line) => it.taxes.filter((t) => SAT_TAX[t.type] && !t.type.startsWith('Rete'));
/**
 * What a retention is withheld on in a line: ReteIVA on the IVA base of a line charging IVA above 0 %,
 * ReteISR on the base of a line that carries taxes; a line it does not apply to gets none of it.
 */
export function retentionBase(type: string, it: Line): Decimal {
  if (type === 'ReteIVA') {
    const iva = transferred(it).find((t) => t.type === 'IVA' && new Decimal(t.percentage).gt(0));
    return iva ? new Decimal(iva.base_value) : new Decimal(0);
  }
  return transferred(it).length ? new Decimal(it.subtotal).minus(it.discount_value) : new Decimal(0);
}

/** Builds and seals the CFDI. Returns the sealed XML and its original chain. */
export function buildCfdi(input: CfdiInput, cert: LoadedCertificate): { xml: string; chain: string } {
  return seal(cfdiRoot(input, cert), cert);
}

/**
 * The CFDI as it would be stamped, without a seal (NoCertificado, Certificado and Sello are placeholders):
 * what invoice creation checks before anything is written.
 */
export function unsealedCfdi(input: CfdiInput): string {
  return cfdiRoot(input, null).att('Sello', 'AA==').end();
}

export const XSI_NS = 'http://www.w3.org/2001/XMLSchema-instance';
export const CFDV40_LOCATION = 'http://www.sat.gob.mx/sitio_internet/cfd/4/cfdv40.xsd';

/** The place of issue (LugarExpedicion): the company's postal code. */
export const placeOfIssue = (company: CfdiInput['company']): string => company.settings?.postal_code ?? company.address?.postal_code ?? '';

/** The Comprobante's first attributes: version, series and folio, date, certificate. */
export function comprobanteHead(d: { prefix: string; number: number | null; metadata: { created: string } }, company: CfdiInput['company']) {
  return {
    Version: '4.0',
    ...(d.prefix ? { Serie: d.prefix } : {}),
    Folio: String(d.number),
    Fecha: cfdiDateTime(new Date(d.metadata.created), company.time_zone),
  };
}

/** The certificate's attributes (placeholders while unsealed). */
export const certificateAttributes = (cert: LoadedCertificate | null) => ({
  NoCertificado: cert ? satCertificateNumber(cert.serialNumberHex) : '0'.repeat(20),
  Certificado: cert ? cert.certDerBase64 : 'AA==',
});

/** Emisor and Receptor. A generic RFC's regime and fiscal domicile are fixed by CFDI 4.0, whatever the customer record says. */
export function addParties(root: XMLBuilder, company: CfdiInput['company'], customer: CfdiInput['customer'], use: string): void {
  const generalPublic = customer.identification === GENERAL_PUBLIC_RFC;
  const generic = genericReceiver(customer.identification);
  const abroad = customer.identification === FOREIGN_RECEIVER.rfc;
  root.ele(CFDI_NS, 'cfdi:Emisor', { Rfc: company.tax_id, Nombre: company.legal_name, RegimenFiscal: company.settings?.tax_regime });
  root.ele(CFDI_NS, 'cfdi:Receptor', {
    Rfc: customer.identification,
    Nombre: generalPublic ? 'PUBLICO EN GENERAL' : customer.name.join(' '),
    DomicilioFiscalReceptor: generic ? placeOfIssue(company) : customer.address?.postal_code,
    ...(abroad ? { ResidenciaFiscal: customer.address?.fiscal_residence, NumRegIdTrib: customer.address?.foreign_tax_id } : {}),
    RegimenFiscalReceptor: generic ? generic.regime : customer.tax_regime ?? '',
    UsoCFDI: use,
  });
}

function cfdiRoot(input: CfdiInput, cert: LoadedCertificate | null): XMLBuilder {
  const { document: d, company, customer } = input;
  const generalPublic = customer.identification === GENERAL_PUBLIC_RFC;
  const issuePostalCode = placeOfIssue(company);

  const root = create({ version: '1.0', encoding: 'UTF-8' }).ele(CFDI_NS, 'cfdi:Comprobante', {
    'xmlns:xsi': XSI_NS,
    'xsi:schemaLocation': `${CFDI_NS} ${CFDV40_LOCATION}`,
    ...comprobanteHead(d, company),
    FormaPago: input.egreso?.paymentForm ?? d.payment.conditions.payment_form,
    ...certificateAttributes(cert),
    SubTotal: money(d.subtotal),
    ...(new Decimal(d.discounts).gt(0) ? { Descuento: money(d.discounts) } : {}),
    // A foreign currency: its c_Moneda code and TipoCambio (pesos per unit); the amounts are in it.
    Moneda: d.currency?.code ?? 'MXN',
    ...(d.currency ? { TipoCambio: new Decimal(d.currency.exchange_rate).toFixed() } : {}),
    Total: money(d.total),
    TipoDeComprobante: input.egreso ? 'E' : 'I',
    Exportacion: input.egreso ? '01' : d.exportation ?? '01',
    MetodoPago: input.egreso ? 'PUE' : d.payment.method,
    LugarExpedicion: issuePostalCode,
  });
  if (generalPublic) {
    // A sale to the general public: the CFDI says which period it covers (the invoice's global_information; stored before it, the invoice's day).
    const g = d.global_information ?? { periodicity: '01', months: d.date.slice(5, 7), year: Number(d.date.slice(0, 4)) };
    root.ele(CFDI_NS, 'cfdi:InformacionGlobal', { Periodicidad: g.periodicity, Meses: g.months, 'Año': String(g.year) });
  }
  if (input.egreso) {
    // 01 Nota de crédito de los documentos relacionados; 07 when the note applies an advance (FormaPago 30, src/notes/mx-advance.ts).
    const related = root.ele(CFDI_NS, 'cfdi:CfdiRelacionados', { TipoRelacion: input.egreso.paymentForm === '30' ? '07' : '01' });
    for (const uuid of input.egreso.related) related.ele(CFDI_NS, 'cfdi:CfdiRelacionado', { UUID: uuid });
  }
  addRelated(root, d.related);
  addParties(root, company, customer, d.use);

  const items = d.items;
  const retained = d.retention_details.map((r) => {
    const on = items.map((it) => retentionBase(r.type, it));
    return { r, on, parts: spread(r.value, rate(r.percentage), on) };
  });
  const traslados = new Map<string, TaxRow>();
  const retenciones = new Map<string, Decimal>();

  const conceptos = root.ele(CFDI_NS, 'cfdi:Conceptos');
  items.forEach((it, i) => {
    const lineTaxes = transferred(it);
    const lineRetentions = retained.filter((x) => x.on[i].gt(0));
    const objeto = input.products[it.code]?.tax_object ?? (lineTaxes.length || lineRetentions.length ? '02' : '01');
    const concepto = conceptos.ele(CFDI_NS, 'cfdi:Concepto', {
      ClaveProdServ: it.sat_product_key,
      NoIdentificacion: it.code,
      Cantidad: new Decimal(it.quantity).toFixed(2),
      ClaveUnidad: it.sat_unit_key,
      Descripcion: it.description || input.products[it.code]?.name || it.code,
      ValorUnitario: new Decimal(it.price).toFixed(2),
      Importe: money(it.subtotal),
      ...(new Decimal(it.discount_value).gt(0) ? { Descuento: money(it.discount_value) } : {}),
      ObjetoImp: objeto,
    });
    if (objeto !== '02' || (!lineTaxes.length && !lineRetentions.length)) return;
    const impuestos = concepto.ele(CFDI_NS, 'cfdi:Impuestos');
    if (lineTaxes.length) {
      const tr = impuestos.ele(CFDI_NS, 'cfdi:Traslados');
      for (const t of lineTaxes) {
        const row = { type: t.type, impuesto: SAT_TAX[t.type], tasa: rate(t.percentage), base: new Decimal(t.base_value), importe: new Decimal(t.value) };
        tr.ele(CFDI_NS, 'cfdi:Traslado', { Base: money(row.base), Impuesto: row.impuesto, ...trasladoFactor(t.type, row.tasa, money(row.importe)) });
        const key = `${row.impuesto}|${t.type === EXEMPT_IVA ? 'Exento' : row.tasa}`;
        const sum = traslados.get(key);
        traslados.set(key, sum ? { ...sum, base: sum.base.plus(row.base), importe: sum.importe.plus(row.importe) } : row);
      }
    }
    if (lineRetentions.length) {
      const re = impuestos.ele(CFDI_NS, 'cfdi:Retenciones');
      for (const { r, on, parts } of lineRetentions) {
        const impuesto = SAT_TAX[r.type];
        re.ele(CFDI_NS, 'cfdi:Retencion', { Base: money(on[i]), Impuesto: impuesto, TipoFactor: 'Tasa', TasaOCuota: rate(r.percentage), Importe: money(parts[i]) });
        retenciones.set(impuesto, (retenciones.get(impuesto) ?? new Decimal(0)).plus(parts[i]));
      }
    }
  });

  if (traslados.size || retenciones.size) {
    const sum = (xs: Decimal[]) => money(total(xs));
    // Anexo 20: TotalImpuestosTrasladados is not written when every Traslado is exempt.
    const taxed = [...traslados.values()].filter((t) => t.type !== EXEMPT_IVA);
    const impuestos = root.ele(CFDI_NS, 'cfdi:Impuestos', {
      ...(retenciones.size ? { TotalImpuestosRetenidos: sum([...retenciones.values()]) } : {}),
      ...(taxed.length ? { TotalImpuestosTrasladados: sum(taxed.map((t) => t.importe)) } : {}),
    });
    if (retenciones.size) {
      const re = impuestos.ele(CFDI_NS, 'cfdi:Retenciones');
      for (const [impuesto, importe] of retenciones) re.ele(CFDI_NS, 'cfdi:Retencion', { Impuesto: impuesto, Importe: money(importe) });
    }
    if (traslados.size) {
      const tr = impuestos.ele(CFDI_NS, 'cfdi:Traslados');
      for (const t of traslados.values()) {
        tr.ele(CFDI_NS, 'cfdi:Traslado', { Base: money(t.base), Impuesto: t.impuesto, ...trasladoFactor(t.type, t.tasa, money(t.importe)) });
      }
    }
  }
  return root;
}

export function seal(root: XMLBuilder, cert: LoadedCertificate): { xml: string; chain: string } {
  // Read from the builder's own DOM: the chain needs no serialising and parsing again (issue 37, point 5).
  const chain = cfdiChain(domDocument(root.doc().node));
  const sello = crypto.sign('sha256', Buffer.from(chain, 'utf8'), privateKeyOf(cert.keyPem)).toString('base64');
  root.att('Sello', sello);
  return { xml: root.end(), chain };
}
