/**
 * The sandbox PAC's reading of a CFDI as it was before issue 37, point 5, kept only to compare with the way it is
 * (test/unit/sat-parse.test.ts) and to time both (bench/sat-parse.ts): three parses, @xmldom/xmldom in the
 * provider, libxml2 for the schema (checkCfdiSchema, from the text), xmldom again for the content rules, and the
 * stamped CFDI written by serialising the xmldom tree with the TFD appended to it.
 *
 * The content rules are the service's own (rules.ts contentRules), read here through DomElement; the rest is the
 * provider's code of commit 5026a3e, with the TFD's UUID and time given so that its output can be compared.
 */
import crypto, { X509Certificate } from 'node:crypto';
import type { LoadedCertificate } from '../../src/einvoice/certificates';
import { derBase64ToPem } from '../../src/einvoice/certificates';
import { CFDI_NS, DomElement, TFD_NS, cfdiChain, parseXml, satSelect, timbreChain } from '../../src/countries/mx/sat/chain';
import { cfdiDateTime, satCertificateNumber } from '../../src/countries/mx/sat/cfdi';
import { certificateHolderName, SANDBOX_PROVIDER_RFC, type StampVerdict } from '../../src/countries/mx/sat/provider';
import { contentRules, type Problem } from '../../src/countries/mx/sat/rules';
import { checkCfdiSchema } from '../../src/countries/mx/sat/schema';

/** The provider's cache of CSDs, as it was (so that timing both ways compares the parsing, not this). */
const certificates = new Map<string, X509Certificate>();
const certificateOf = (base64: string) => {
  let hit = certificates.get(base64);
  if (!hit) certificates.set(base64, hit = new X509Certificate(derBase64ToPem(base64)));
  return hit;
};
const normalName = (s: string) => s.normalize('NFC').toUpperCase().replace(/\s+/g, ' ').trim();
const TIME_ZONE = 'America/Mexico_City';

/** cfdiContentProblems as it was: the schema from the text (libxml2), then xmldom for the rules. */
export async function contentProblemsBefore(xml: string): Promise<{ problems: Problem[]; observations: string[] }> {
  const problems: Problem[] = [];
  const observations: string[] = [];
  const fail = (code: string, message: string, es: string) => { problems.push({ code, message, es }); };
  const schema = await checkCfdiSchema(xml);
  if (schema.unchecked.length) observations.push(`Catálogos no instalados, no revisados: ${schema.unchecked.join(', ')}`);
  for (const e of schema.errors) fail('XSD', e, `No cumple el esquema del CFDI 4.0: ${e}`);
  let root: Element;
  try { root = parseXml(xml).documentElement; } catch (e) { fail('XML', (e as Error).message, `El XML no está bien formado: ${(e as Error).message}`); return { problems, observations }; }
  contentRules(new DomElement(root), fail);
  return { problems, observations };
}

/** SandboxPac.stamp as it was (without its memory of stamps given); `stamp` gives the TFD's UUID and time. */
export async function stampBefore(sealedCfdi: string, own: LoadedCertificate, now: Date, stamp: { uuid: string; at: Date } = { uuid: crypto.randomUUID().toUpperCase(), at: now }): Promise<StampVerdict> {
  const errors: StampVerdict['errors'] = [];
  const fail = (code: string, message: string) => { errors.push({ code, message }); };
  const rejected = (): StampVerdict => ({ status: 'Rejected', uuid: null, xml: null, errors, observations: [] });
  let doc: Document;
  try { doc = parseXml(sealedCfdi); } catch (e) { fail('XML', `El XML no está bien formado: ${(e as Error).message}`); return rejected(); }
  const root = doc.documentElement;
  if (root.namespaceURI !== CFDI_NS || root.localName !== 'Comprobante' || root.getAttribute('Version') !== '4.0') {
    fail('VERSION', 'El documento no es un cfdi:Comprobante versión 4.0');
    return rejected();
  }
  const attr = (name: string) => root.getAttribute(name) ?? '';
  const sello = attr('Sello');
  let cert: X509Certificate | null = null;
  try { cert = certificateOf(attr('Certificado')); } catch { fail('CERTIFICADO', 'Certificado no es un certificado (base64 de su DER)'); }
  if (cert) {
    let number = '';
    try { number = satCertificateNumber(cert.serialNumber); } catch (e) { fail('CERTIFICADO', `No se obtiene el número del certificado: ${(e as Error).message}`); }
    if (number && number !== attr('NoCertificado')) fail('NO_CERTIFICADO', `NoCertificado ${attr('NoCertificado')} no es el número del certificado ${number}`);
    const issuer = (satSelect('string(cfdi:Emisor/@Rfc)', root as unknown as Node) as unknown as string);
    if (!cert.subject.split('\n').some((line) => line === `x500UniqueIdentifier=${issuer}` || line.startsWith(`x500UniqueIdentifier=${issuer} `))) {
      fail('RFC_EMISOR', `El certificado no pertenece al emisor ${issuer}`);
    }
    const holder = certificateHolderName(cert);
    const nombre = satSelect('string(cfdi:Emisor/@Nombre)', root as unknown as Node) as unknown as string;
    if (holder === null) fail('NOMBRE_EMISOR', 'El certificado no lleva el nombre de su titular (atributo name de X.509)');
    else if (normalName(holder) !== normalName(nombre)) fail('NOMBRE_EMISOR', `El Nombre del Emisor "${nombre}" no es el nombre del titular del certificado "${holder}"`);
    const fecha = attr('Fecha');
    const issued = cfdiDateTime(now, TIME_ZONE);
    const earliest = cfdiDateTime(new Date(now.getTime() - 72 * 3600_000), TIME_ZONE);
    if (fecha > issued || fecha < earliest) fail('FECHA', `La Fecha ${fecha} debe estar dentro de las 72 horas anteriores al timbrado (${issued})`);
    const valid = sello !== '' && crypto.verify('sha256', Buffer.from(cfdiChain(doc), 'utf8'), cert.publicKey, Buffer.from(sello, 'base64'));
    if (!valid) fail('SELLO', 'El sello no se verifica sobre la cadena original con el certificado');
  }
  const content = await contentProblemsBefore(sealedCfdi);
  for (const p of content.problems) fail(p.code, p.es);
  if (errors.length) return rejected();

  const timbre = doc.createElementNS(TFD_NS, 'tfd:TimbreFiscalDigital');
  timbre.setAttributeNS('http://www.w3.org/2001/XMLSchema-instance', 'xsi:schemaLocation',
    `${TFD_NS} http://www.sat.gob.mx/sitio_internet/cfd/TimbreFiscalDigital/TimbreFiscalDigitalv11.xsd`);
  timbre.setAttribute('Version', '1.1');
  timbre.setAttribute('UUID', stamp.uuid);
  timbre.setAttribute('FechaTimbrado', cfdiDateTime(stamp.at, TIME_ZONE));
  timbre.setAttribute('RfcProvCertif', SANDBOX_PROVIDER_RFC);
  timbre.setAttribute('SelloCFD', sello);
  timbre.setAttribute('NoCertificadoSAT', satCertificateNumber(own.serialNumberHex));
  timbre.setAttribute('SelloSAT', crypto.sign('sha256', Buffer.from(timbreChain(timbre), 'utf8'), own.keyPem).toString('base64'));
  const complemento = (satSelect('cfdi:Complemento', root as unknown as Node) as unknown as Element[])[0]
    ?? root.appendChild(doc.createElementNS(CFDI_NS, 'cfdi:Complemento'));
  complemento.appendChild(timbre);
  return { status: 'Accepted', uuid: stamp.uuid, xml: doc.toString(), errors: [], observations: content.observations };
}
