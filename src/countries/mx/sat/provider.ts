/**
 * Where a sealed CFDI is stamped. One interface; the sandbox provider below is
 * the default. It is NOT a PAC authorised by the SAT: it checks on this
 * machine what a PAC checks before stamping (well-formed XML, version 4.0,
 * the certificate and its number, the issuer's RFC and name in the certificate,
 * the seal over the original chain, the issue date within 72 hours, and the
 * content as rules.ts checks it: cfdv40.xsd with the catalogues, the amounts,
 * the regimes, the c_UsoCFDI matrix, postal codes, tax objects and taxes)
 * and, when all is right, adds a tfd:TimbreFiscalDigital 1.1 sealed with its
 * own certificate. A real PAC is another implementation of StampProvider.
 *
 * Each CFDI received is parsed once, by libxml2 (parsed.ts): that one document
 * gives the well-formedness verdict, the schema's, the content rules', the
 * original chain the seal is verified on, and where the stamp goes; the stamped
 * CFDI is the text received with the TFD written into it (no DOM serialised).
 *
 * A CFDI sent twice (a retry after a timeout) gets the stamp it already got,
 * as PACs answer a repeated stamp: the sandbox remembers stamps by seal.
 */
import crypto, { X509Certificate } from 'node:crypto';
import type { LoadedCertificate } from '../../../einvoice/certificates';
import { derBase64ToPem, privateKeyOf } from '../../../einvoice/certificates';
import { libxml, type Libxml, type XmlDoc } from '../../../einvoice/xsd';
import { CFDI_NS, comprobanteChain, timbreChainOf } from './chain';
import { cfdiDateTime, satCertificateNumber } from './cfdi';
import { parseCfdi, ParsedElement, withTimbre } from './parsed';
import { parsedContentProblems } from './rules';

/** The holder's name a SAT certificate carries in its X.509 `name` attribute (2.5.4.41), as real CSDs do. */
export function certificateHolderName(cert: X509Certificate): string | null {
  const line = cert.subject.split('\n').find((l) => l.startsWith('name='));
  return line ? line.slice('name='.length) : null;
}
/** Names compared as the SAT's registry holds them: upper case, single spaces. */
const normalName = (s: string) => s.normalize('NFC').toUpperCase().replace(/\s+/g, ' ').trim();

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
  /** The stamp a CFDI sent before already got (null: none), asked before sending it again; a provider in this process needs none. */
  stamped?(sealedCfdi: string): Promise<StampVerdict | null>;
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
  private given = new Map<string, StampVerdict>();

  /** `credentials` gives the provider's own certificate and key (stored once for the whole service). */
  constructor(private credentials: () => Promise<LoadedCertificate>, private now: () => Date = () => new Date()) {}

  async stamp(sealedCfdi: string): Promise<StampVerdict> {
    const lib = await libxml();
    let doc: XmlDoc;
    try {
      doc = parseCfdi(lib, sealedCfdi);
    } catch (e) {
      const cause = String((e as Error)?.message ?? e).trim();
      return { status: 'Rejected', uuid: null, xml: null, errors: [{ code: 'XML', message: `El XML no está bien formado: ${cause}` }], observations: [] };
    }
    try {
      return await this.judge(sealedCfdi, lib, doc);
    } finally {
      doc.dispose();
    }
  }

  /** The verdict on a CFDI and its text parsed once (`doc`, disposed of by the caller). */
  private async judge(sealedCfdi: string, lib: Libxml, doc: XmlDoc): Promise<StampVerdict> {
    const errors: StampVerdict['errors'] = [];
    const fail = (code: string, message: string) => { errors.push({ code, message }); };
    const rejected = (): StampVerdict => ({ status: 'Rejected', uuid: null, xml: null, errors, observations: [] });
    const root = new ParsedElement(lib, doc.root);
    if (doc.root.namespaceUri !== CFDI_NS || doc.root.name !== 'Comprobante' || root.getAttribute('Version') !== '4.0') {
      fail('VERSION', 'El documento no es un cfdi:Comprobante versión 4.0');
      return rejected();
    }
    const attr = (name: string) => root.getAttribute(name) ?? '';
    const sello = attr('Sello');
    const previous = this.given.get(sello);
    if (previous) return { ...previous, observations: ['El CFDI ya estaba timbrado; este es su timbre (307)'] };

    let cert: X509Certificate | null = null;
    try { cert = certificateOf(attr('Certificado')); } catch { fail('CERTIFICADO', 'Certificado no es un certificado (base64 de su DER)'); }
    if (cert) {
      let number = '';
      try { number = satCertificateNumber(cert.serialNumber); } catch (e) { fail('CERTIFICADO', `No se obtiene el número del certificado: ${(e as Error).message}`); }
      if (number && number !== attr('NoCertificado')) fail('NO_CERTIFICADO', `NoCertificado ${attr('NoCertificado')} no es el número del certificado ${number}`);
      // As XPath's string(cfdi:Emisor/@Rfc) reads them: the first such attribute of the cfdi:Emisor elements, '' for none.
      const emisor = (name: string) => root.all('cfdi:Emisor').find((e) => e.hasAttribute(name))?.getAttribute(name) ?? '';
      const issuer = emisor('Rfc');
      if (!cert.subject.split('\n').some((line) => line === `x500UniqueIdentifier=${issuer}` || line.startsWith(`x500UniqueIdentifier=${issuer} `))) {
        fail('RFC_EMISOR', `El certificado no pertenece al emisor ${issuer}`);
      }
      const holder = certificateHolderName(cert);
      const nombre = emisor('Nombre');
      if (holder === null) fail('NOMBRE_EMISOR', 'El certificado no lleva el nombre de su titular (atributo name de X.509)');
      else if (normalName(holder) !== normalName(nombre)) fail('NOMBRE_EMISOR', `El Nombre del Emisor "${nombre}" no es el nombre del titular del certificado "${holder}"`);
      const fecha = attr('Fecha');
      const issued = cfdiDateTime(this.now(), TIME_ZONE);
      const earliest = cfdiDateTime(new Date(this.now().getTime() - 72 * 3600_000), TIME_ZONE);
      if (fecha > issued || fecha < earliest) fail('FECHA', `La Fecha ${fecha} debe estar dentro de las 72 horas anteriores al timbrado (${issued})`);
      const valid = sello !== '' && crypto.verify('sha256', Buffer.from(comprobanteChain(root), 'utf8'), cert.publicKey, Buffer.from(sello, 'base64'));
      if (!valid) fail('SELLO', 'El sello no se verifica sobre la cadena original con el certificado');
    }
    const content = await parsedContentProblems(lib, doc, root);
    for (const p of content.problems) fail(p.code, p.es);
    if (errors.length) return rejected();

    const own = await this.credentials();
    const uuid = crypto.randomUUID().toUpperCase();
    const timbre: Record<string, string> = {
      Version: '1.1', UUID: uuid, FechaTimbrado: cfdiDateTime(this.now(), TIME_ZONE), RfcProvCertif: SANDBOX_PROVIDER_RFC,
      SelloCFD: sello, NoCertificadoSAT: satCertificateNumber(own.serialNumberHex),
    };
    timbre.SelloSAT = crypto.sign('sha256', Buffer.from(timbreChainOf(timbre), 'utf8'), privateKeyOf(own.keyPem)).toString('base64'); // the key decoded once per thread
    const xml = withTimbre(lib, doc, sealedCfdi, Object.entries(timbre));
    const verdict: StampVerdict = { status: 'Accepted', uuid, xml, errors: [], observations: content.observations };
    this.given.set(sello, verdict);
    return verdict;
  }
}
