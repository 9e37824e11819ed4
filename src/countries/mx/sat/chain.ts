/**
 * The original chains (cadenas originales) of a CFDI 4.0 and of its Timbre
 * Fiscal Digital 1.1, read from the XML in the order the SAT's XSLT files
 * define (cadenaoriginal_4_0.xslt, cadenaoriginal_TFD_1_1.xslt): "||", then
 * each listed attribute as "|value" (whitespace-normalised), then "||".
 * A required attribute is always written (empty when absent); an optional one
 * only when present. The tables below transcribe those XSLT files for the
 * nodes this service emits or accepts (of the complements, Pagos 2.0 from
 * Pagos20.xslt); test/unit/cfdi.test.ts checks them against the XSLT itself.
 *
 * The chains are read from any tree that answers CfdiElement: the sandbox PAC's
 * document as libxml2 parsed it (parsed.ts), the service's own as xmlbuilder2
 * or @xmldom/xmldom hold it (domElement), or a plain record of the TFD's values.
 */
import * as xpath from 'xpath';
import { parseDom, selectElements } from '../../../platform/xml-dom';

export const CFDI_NS = 'http://www.sat.gob.mx/cfd/4';
export const TFD_NS = 'http://www.sat.gob.mx/TimbreFiscalDigital';
export const PAGOS_NS = 'http://www.sat.gob.mx/Pagos20';

/** "@Name" is required, "@Name?" optional; [path, steps] repeats steps for each node at path. */
type Step = string | [string, Step[]];

const TRASLADO: Step[] = ['@Base', '@Impuesto', '@TipoFactor', '@TasaOCuota?', '@Importe?'];

/** The complement Pagos 2.0 (Pagos20.xslt). */
const PAGOS: Step[] = [
  '@Version',
  ['pago20:Totales', ['@TotalRetencionesIVA?', '@TotalRetencionesISR?', '@TotalRetencionesIEPS?', '@TotalTrasladosBaseIVA16?', '@TotalTrasladosImpuestoIVA16?',
    '@TotalTrasladosBaseIVA8?', '@TotalTrasladosImpuestoIVA8?', '@TotalTrasladosBaseIVA0?', '@TotalTrasladosImpuestoIVA0?', '@TotalTrasladosBaseIVAExento?', '@MontoTotalPagos']],
  ['pago20:Pago', [
    '@FechaPago', '@FormaDePagoP', '@MonedaP', '@TipoCambioP?', '@Monto', '@NumOperacion?', '@RfcEmisorCtaOrd?', '@NomBancoOrdExt?', '@CtaOrdenante?',
    '@RfcEmisorCtaBen?', '@CtaBeneficiario?', '@TipoCadPago?', '@CertPago?', '@CadPago?', '@SelloPago?',
    ['pago20:DoctoRelacionado', [
      '@IdDocumento', '@Serie?', '@Folio?', '@MonedaDR', '@EquivalenciaDR?', '@NumParcialidad', '@ImpSaldoAnt', '@ImpPagado', '@ImpSaldoInsoluto', '@ObjetoImpDR',
      ['pago20:ImpuestosDR/pago20:RetencionesDR/pago20:RetencionDR', ['@BaseDR', '@ImpuestoDR', '@TipoFactorDR', '@TasaOCuotaDR', '@ImporteDR']],
      ['pago20:ImpuestosDR/pago20:TrasladosDR/pago20:TrasladoDR', ['@BaseDR', '@ImpuestoDR', '@TipoFactorDR', '@TasaOCuotaDR?', '@ImporteDR?']],
    ]],
    ['pago20:ImpuestosP/pago20:RetencionesP/pago20:RetencionP', ['@ImpuestoP', '@ImporteP']],
    ['pago20:ImpuestosP/pago20:TrasladosP/pago20:TrasladoP', ['@BaseP', '@ImpuestoP', '@TipoFactorP', '@TasaOCuotaP?', '@ImporteP?']],
  ]],
];

const COMPROBANTE: Step[] = [
  '@Version', '@Serie?', '@Folio?', '@Fecha', '@FormaPago?', '@NoCertificado', '@CondicionesDePago?', '@SubTotal', '@Descuento?',
  '@Moneda', '@TipoCambio?', '@Total', '@TipoDeComprobante', '@Exportacion', '@MetodoPago?', '@LugarExpedicion', '@Confirmacion?',
  ['cfdi:InformacionGlobal', ['@Periodicidad', '@Meses', '@Año']],
  ['cfdi:CfdiRelacionados', ['@TipoRelacion', ['cfdi:CfdiRelacionado', ['@UUID']]]],
  ['cfdi:Emisor', ['@Rfc', '@Nombre', '@RegimenFiscal', '@FacAtrAdquirente?']],
  ['cfdi:Receptor', ['@Rfc', '@Nombre', '@DomicilioFiscalReceptor', '@ResidenciaFiscal?', '@NumRegIdTrib?', '@RegimenFiscalReceptor', '@UsoCFDI']],
  ['cfdi:Conceptos/cfdi:Concepto', [
    '@ClaveProdServ', '@NoIdentificacion?', '@Cantidad', '@ClaveUnidad', '@Unidad?', '@Descripcion', '@ValorUnitario', '@Importe', '@Descuento?', '@ObjetoImp',
    ['cfdi:Impuestos/cfdi:Traslados/cfdi:Traslado', TRASLADO],
    ['cfdi:Impuestos/cfdi:Retenciones/cfdi:Retencion', ['@Base', '@Impuesto', '@TipoFactor', '@TasaOCuota', '@Importe']],
    ['cfdi:ACuentaTerceros', ['@RfcACuentaTerceros', '@NombreACuentaTerceros', '@RegimenFiscalACuentaTerceros', '@DomicilioFiscalACuentaTerceros']],
    ['cfdi:InformacionAduanera', ['@NumeroPedimento']],
    ['cfdi:CuentaPredial', ['@Numero']],
    ['.//cfdi:Parte', ['@ClaveProdServ', '@NoIdentificacion?', '@Cantidad', '@Unidad?', '@Descripcion', '@ValorUnitario?', '@Importe?',
      ['.//cfdi:InformacionAduanera', ['@NumeroPedimento']]]],
  ]],
  ['cfdi:Impuestos', [
    ['cfdi:Retenciones/cfdi:Retencion', ['@Impuesto', '@Importe']], '@TotalImpuestosRetenidos?',
    ['cfdi:Traslados/cfdi:Traslado', TRASLADO], '@TotalImpuestosTrasladados?',
  ]],
  // The complements: Pagos 2.0 (the Timbre Fiscal Digital has no part in the CFDI's chain).
  ['cfdi:Complemento/pago20:Pagos', PAGOS],
];

const TIMBRE: Step[] = ['@Version', '@UUID', '@FechaTimbrado', '@RfcProvCertif', '@Leyenda?', '@SelloCFD', '@NoCertificadoSAT'];

const select = xpath.useNamespaces({ cfdi: CFDI_NS, tfd: TFD_NS, pago20: PAGOS_NS });

/**
 * An element of a CFDI as the chains and the content rules (rules.ts) read it: its attributes without a
 * namespace, by name (null: absent), and the elements an XPath relative to it selects (prefixes cfdi, tfd, pago20).
 */
export interface CfdiElement {
  getAttribute(name: string): string | null;
  hasAttribute(name: string): boolean;
  all(path: string): CfdiElement[];
}

/** A DOM element (@xmldom/xmldom's, xmlbuilder2's) as a CfdiElement, its XPaths by the xpath package. */
export class DomElement implements CfdiElement {
  constructor(readonly element: Element) {}
  getAttribute(name: string): string | null { return this.element.getAttributeNode(name)?.value ?? null; }
  hasAttribute(name: string): boolean { return this.element.getAttributeNode(name) !== null; }
  all(path: string): CfdiElement[] { return selectElements(select, path, this.element).map((e) => new DomElement(e)); }
}

/** XPath normalize-space: trims and collapses runs of XML whitespace. */
const normalize = (s: string) => s.replace(/[ \t\r\n]+/g, ' ').trim();

function walk(node: CfdiElement, steps: Step[], out: string[]): void {
  for (const step of steps) {
    if (typeof step === 'string') {
      const optional = step.endsWith('?');
      const name = step.slice(1, optional ? -1 : undefined);
      const value = node.getAttribute(name);
      if (value !== null || !optional) out.push('|' + normalize(value ?? ''));
    } else {
      for (const child of node.all(step[0])) walk(child, step[1], out);
    }
  }
}

function chainOf(root: CfdiElement | null, steps: Step[]): string {
  const out: string[] = ['|'];
  if (root) walk(root, steps, out);
  return out.join('') + '||';
}

/** Parses XML, throwing on anything not well formed. */
export function parseXml(xml: string): Document {
  let problem = '';
  const doc = parseDom(xml, (level, msg) => { if (level !== 'warning') problem ||= msg; });
  if (problem || !doc?.documentElement) throw new Error(`The XML is not well formed: ${problem || 'no root element'}`);
  return doc;
}

/** The original chain of a cfdi:Comprobante 4.0 (what its Sello signs), from its root element (its namespace and name checked by the caller). */
export function comprobanteChain(root: CfdiElement): string {
  return chainOf(root, COMPROBANTE);
}

/** The original chain of a cfdi:Comprobante 4.0 held as a DOM (what its Sello signs). */
export function cfdiChain(doc: Document): string {
  const root = doc.documentElement;
  return chainOf(root.namespaceURI === CFDI_NS && root.localName === 'Comprobante' ? new DomElement(root) : null, COMPROBANTE);
}

/** The original chain of the document's tfd:TimbreFiscalDigital (what its SelloSAT signs). */
export function timbreChain(doc: Document | Element): string {
  const tfd = (doc as Element).localName === 'TimbreFiscalDigital' ? doc as Element
    : selectElements(select, '//tfd:TimbreFiscalDigital', doc)[0] ?? null;
  return chainOf(tfd ? new DomElement(tfd) : null, TIMBRE);
}

/** The original chain of a tfd:TimbreFiscalDigital given by its attributes' values (what its SelloSAT signs). */
export function timbreChainOf(values: Readonly<Record<string, string>>): string {
  const record: CfdiElement = {
    getAttribute: (name) => (Object.hasOwn(values, name) ? values[name] : null),
    hasAttribute: (name) => Object.hasOwn(values, name),
    all: () => [],
  };
  return chainOf(record, TIMBRE);
}

export { select as satSelect };
