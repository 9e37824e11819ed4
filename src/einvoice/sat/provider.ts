/**
 * Where a sealed CFDI is stamped. One interface; the sandbox provider below is
 * the default. It is NOT a PAC authorised by the SAT: it checks on this
 * machine what a PAC checks before stamping (well-formed XML, version 4.0,
 * the certificate and its number, the issuer's RFC in the certificate, the
 * seal over the original chain, the amounts, the issue date within 72 hours,
 * the receiver data CFDI 4.0 fixes for the general public's generic RFC)
 * and, when all is right, adds a tfd:TimbreFiscalDigital 1.1 sealed with its
 * own certificate. A real PAC is another implementation of StampProvider.
 *
 * A CFDI sent twice (a retry after a timeout) gets the stamp it already got,
 * as PACs answer a repeated stamp: the sandbox remembers stamps by seal.
 */
import crypto, { X509Certificate } from 'node:crypto';
import Decimal from 'decimal.js';
import { XMLSerializer } from '@xmldom/xmldom';
import type { LoadedCertificate } from '../certificates';
import { derBase64ToPem } from '../certificates';
import { CFDI_NS, TFD_NS, cfdiChain, parseXml, satSelect, timbreChain } from './chain';
import { cfdiDateTime, satCertificateNumber } from './cfdi';
import { GENERAL_PUBLIC } from '../../companies/uses';

export interface StampVerdict {
  status: 'Accepted' | 'Rejected';
  /** The fiscal folio (UUID) of an accepted CFDI. */
  uuid: string | null;
  /** The stamped CFDI (with its Complemento) when accepted. */
  xml: string | null;
  errors: { code: string; message: string }[];
  observations: string[];
}

export interface StampProvider {
  readonly name: string;
  stamp(sealedCfdi: string): Promise<StampVerdict>;
}

/** RFC of the sandbox provider (the SAT's documented test RFC of a legal person). */
export const SANDBOX_PROVIDER_RFC = 'SPR190613I52';
const TIME_ZONE = 'America/Mexico_City';

/** The CSD of a CFDI (its Certificado), read once per thread: the same few come back on every document. */
const certificates = new Map<string, X509Certificate>();
function certificateOf(base64: string): X509Certificate {
  let hit = certificates.get(base64);
  if (!hit) {
    hit = new X509Certificate(derBase64ToPem(base64));
    if (certificates.size >= 256) certificates.delete(certificates.keys().next().value!);
    certificates.set(base64, hit);
  }
  return hit;
}

export class SandboxPac implements StampProvider {
  readonly name = 'sandbox';
  private stamped = new Map<string, StampVerdict>();

  /** `credentials` gives the provider's own certificate and key (stored once for the whole service). */
  constructor(private credentials: () => Promise<LoadedCertificate>, private now: () => Date = () => new Date()) {}

  async stamp(sealedCfdi: string): Promise<StampVerdict> {
    const errors: StampVerdict['errors'] = [];
    const fail = (code: string, message: string) => { errors.push({ code, message }); };
    const rejected = (): StampVerdict => ({ status: 'Rejected', uuid: null, xml: null, errors, observations: [] });
    let doc: Document;
    try { doc = parseXml(sealedCfdi); } catch (e) { fail('XML', (e as Error).message); return rejected(); }
    const root = doc.documentElement;
    if (root.namespaceURI !== CFDI_NS || root.localName !== 'Comprobante' || root.getAttribute('Version') !== '4.0') {
      fail('VERSION', 'The document is not a cfdi:Comprobante version 4.0');
      return rejected();
    }
    const attr = (name: string) => root.getAttribute(name) ?? '';
    const sello = attr('Sello');
    const previous = this.stamped.get(sello);
    if (previous) return { ...previous, observations: ['The CFDI was already stamped; this is its stamp (307)'] };

    let cert: X509Certificate | null = null;
    try { cert = certificateOf(attr('Certificado')); } catch { fail('CERTIFICADO', 'Certificado is not a certificate (base64 of its DER)'); }
    if (cert) {
      let number = '';
      try { number = satCertificateNumber(cert.serialNumber); } catch (e) { fail('CERTIFICADO', (e as Error).message); }
      if (number && number !== attr('NoCertificado')) fail('NO_CERTIFICADO', `NoCertificado ${attr('NoCertificado')} is not the certificate's number ${number}`);
      const issuer = (satSelect('string(cfdi:Emisor/@Rfc)', root as unknown as Node) as unknown as string);
      if (!cert.subject.split('\n').some((line) => line === `x500UniqueIdentifier=${issuer}` || line.startsWith(`x500UniqueIdentifier=${issuer} `))) {
        fail('RFC_EMISOR', `The certificate does not belong to the issuer ${issuer}`);
      }
      const fecha = attr('Fecha');
      const issued = cfdiDateTime(this.now(), TIME_ZONE);
      const earliest = cfdiDateTime(new Date(this.now().getTime() - 72 * 3600_000), TIME_ZONE);
      if (fecha > issued || fecha < earliest) fail('FECHA', `Fecha ${fecha} must be within the 72 hours before stamping (${issued})`);
      const valid = sello !== '' && crypto.verify('sha256', Buffer.from(cfdiChain(doc), 'utf8'), cert.publicKey, Buffer.from(sello, 'base64'));
      if (!valid) fail('SELLO', 'The seal does not verify over the original chain with the certificate');
    }
    checkAmounts(root, fail);
    checkGeneralPublic(root, fail);
    if (errors.length) return rejected();

    const own = await this.credentials();
    const timbre = doc.createElementNS(TFD_NS, 'tfd:TimbreFiscalDigital');
    timbre.setAttributeNS('http://www.w3.org/2001/XMLSchema-instance', 'xsi:schemaLocation',
      `${TFD_NS} http://www.sat.gob.mx/sitio_internet/cfd/TimbreFiscalDigital/TimbreFiscalDigitalv11.xsd`);
    const uuid = crypto.randomUUID().toUpperCase();
    timbre.setAttribute('Version', '1.1');
    timbre.setAttribute('UUID', uuid);
    timbre.setAttribute('FechaTimbrado', cfdiDateTime(this.now(), TIME_ZONE));
    timbre.setAttribute('RfcProvCertif', SANDBOX_PROVIDER_RFC);
    timbre.setAttribute('SelloCFD', sello);
    timbre.setAttribute('NoCertificadoSAT', satCertificateNumber(own.serialNumberHex));
    timbre.setAttribute('SelloSAT', crypto.sign('sha256', Buffer.from(timbreChain(timbre), 'utf8'), own.keyPem).toString('base64'));
    const complemento = (satSelect('cfdi:Complemento', root as unknown as Node) as unknown as Element[])[0]
      ?? root.appendChild(doc.createElementNS(CFDI_NS, 'cfdi:Complemento'));
    complemento.appendChild(timbre);
    const xml = new XMLSerializer().serializeToString(doc as any);
    const verdict: StampVerdict = { status: 'Accepted', uuid, xml, errors: [], observations: [] };
    this.stamped.set(sello, verdict);
    return verdict;
  }
}

/** The amounts a PAC checks: the lines add up to SubTotal and Descuento, the taxes to their totals, and Total follows. */
function checkAmounts(root: Element, fail: (code: string, message: string) => void): void {
  const nodes = (q: string) => satSelect(q, root as unknown as Node) as unknown as Element[];
  const num = (v: string | null) => new Decimal(v && /^-?[0-9]+(\.[0-9]+)?$/.test(v) ? v : 0);
  const sum = (q: string, a: string) => nodes(q).reduce((s, n) => s.plus(num(n.getAttribute(a))), new Decimal(0));
  const subtotal = num(root.getAttribute('SubTotal'));
  const discount = num(root.getAttribute('Descuento'));
  const lines = sum('cfdi:Conceptos/cfdi:Concepto', 'Importe');
  if (!lines.eq(subtotal)) fail('SUBTOTAL', `The Conceptos add up to ${lines.toFixed(2)}, not SubTotal ${subtotal.toFixed(2)}`);
  const lineDiscounts = sum('cfdi:Conceptos/cfdi:Concepto', 'Descuento');
  if (!lineDiscounts.eq(discount)) fail('DESCUENTO', `The Conceptos' discounts add up to ${lineDiscounts.toFixed(2)}, not Descuento ${discount.toFixed(2)}`);
  for (const [list, each, total] of [['Traslados', 'Traslado', 'TotalImpuestosTrasladados'], ['Retenciones', 'Retencion', 'TotalImpuestosRetenidos']] as const) {
    const perLine = sum(`cfdi:Conceptos/cfdi:Concepto/cfdi:Impuestos/cfdi:${list}/cfdi:${each}`, 'Importe');
    const declared = num((nodes('cfdi:Impuestos')[0] as Element | undefined)?.getAttribute(total) ?? '0');
    if (!perLine.eq(declared)) fail('IMPUESTOS', `The Conceptos' ${list.toLowerCase()} add up to ${perLine.toFixed(2)}, not ${total} ${declared.toFixed(2)}`);
  }
  const impuestos = nodes('cfdi:Impuestos')[0] as Element | undefined;
  const expected = subtotal.minus(discount).plus(num(impuestos?.getAttribute('TotalImpuestosTrasladados') ?? '0')).minus(num(impuestos?.getAttribute('TotalImpuestosRetenidos') ?? '0'));
  const total = num(root.getAttribute('Total'));
  if (!expected.eq(total)) fail('TOTAL', `Total ${total.toFixed(2)} is not SubTotal − Descuento + taxes − retentions = ${expected.toFixed(2)}`);
}

/**
 * A CFDI to the general public's generic RFC XAXX010101000 (DESIGN.md §7): UsoCFDI S01,
 * RegimenFiscalReceptor 616 and DomicilioFiscalReceptor equal to LugarExpedicion.
 */
function checkGeneralPublic(root: Element, fail: (code: string, message: string) => void): void {
  const receptor = (satSelect('cfdi:Receptor', root as unknown as Node) as unknown as Element[])[0];
  if (receptor?.getAttribute('Rfc') !== GENERAL_PUBLIC.rfc) return;
  const required: [string, string][] = [
    ['UsoCFDI', GENERAL_PUBLIC.use], ['RegimenFiscalReceptor', GENERAL_PUBLIC.regime], ['DomicilioFiscalReceptor', root.getAttribute('LugarExpedicion') ?? ''],
  ];
  for (const [name, value] of required) {
    const given = receptor.getAttribute(name) ?? '';
    if (given !== value) fail('RECEPTOR', `The generic RFC ${GENERAL_PUBLIC.rfc} (público en general) takes ${name} ${value}${name === 'DomicilioFiscalReceptor' ? ' (LugarExpedicion)' : ''}, not ${given || 'nothing'}`);
  }
}
