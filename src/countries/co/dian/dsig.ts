/**
 * The XML-DSig pieces the DIAN signature is written and verified with (src/countries/co/dian/sign.ts): namespaces
 * and algorithms, parsing, canonicalisation, reference digests and the XAdES signing-certificate check.
 */
import { X509Certificate, createHash, timingSafeEqual } from 'node:crypto';
import '../../../platform/xmldom-regexps';
import { DOMParser } from '@xmldom/xmldom';
import { C14nCanonicalization, C14nCanonicalizationWithComments, ExclusiveCanonicalization, ExclusiveCanonicalizationWithComments } from 'xml-crypto';
import { describeCertificate } from '../../../einvoice/certificates';

export const NS = {
  ds: 'http://www.w3.org/2000/09/xmldsig#',
  xades: 'http://uri.etsi.org/01903/v1.3.2#',
  ext: 'urn:oasis:names:specification:ubl:schema:xsd:CommonExtensionComponents-2',
} as const;

export const ALGORITHMS = {
  c14n: 'http://www.w3.org/TR/2001/REC-xml-c14n-20010315',
  enveloped: 'http://www.w3.org/2000/09/xmldsig#enveloped-signature',
  rsaSha256: 'http://www.w3.org/2001/04/xmldsig-more#rsa-sha256',
  sha256: 'http://www.w3.org/2001/04/xmlenc#sha256',
  signedPropertiesType: 'http://uri.etsi.org/01903#SignedProperties',
} as const;

export type PolicyHashAlgorithm = 'SHA-1' | 'SHA-256' | 'SHA-384' | 'SHA-512';

/** Thrown when a document cannot be signed (no place for the signature, already signed, bad key…). */
export class SignatureError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SignatureError';
  }
}

export type XmlDocument = ReturnType<DOMParser['parseFromString']>;
export type XmlElement = NonNullable<XmlDocument['documentElement']>;
type XmlNode = XmlElement['parentNode'];

export const C14N = new C14nCanonicalization();
type Canonicalizer = { process(node: unknown, options: unknown): string };
export const CANONICALIZERS: Record<string, Canonicalizer> = {
  [ALGORITHMS.c14n]: C14N,
  'http://www.w3.org/TR/2001/REC-xml-c14n-20010315#WithComments': new C14nCanonicalizationWithComments(),
  'http://www.w3.org/2001/10/xml-exc-c14n#': new ExclusiveCanonicalization(),
  'http://www.w3.org/2001/10/xml-exc-c14n#WithComments': new ExclusiveCanonicalizationWithComments(),
};
export const SIGNATURE_HASH: Record<string, string> = {
  [ALGORITHMS.rsaSha256]: 'sha256',
  'http://www.w3.org/2001/04/xmldsig-more#rsa-sha512': 'sha512',
  'http://www.w3.org/2000/09/xmldsig#rsa-sha1': 'sha1',
};
export const HASH_URI: Record<PolicyHashAlgorithm, string> = {
  'SHA-1': 'http://www.w3.org/2000/09/xmldsig#sha1',
  'SHA-256': ALGORITHMS.sha256,
  'SHA-384': 'http://www.w3.org/2001/04/xmldsig-more#sha384',
  'SHA-512': 'http://www.w3.org/2001/04/xmlenc#sha512',
};

/** An element in canonical form, with the namespace declarations in scope where it sits (inclusive C14N renders them all). */
export function canonical(el: XmlElement, c14n: Canonicalizer): string {
  const ancestorNamespaces: { prefix: string; namespaceURI: string }[] = [];
  const seen = new Set<string>();
  for (let i = 0; i < el.attributes.length; i++) {
    const a = el.attributes.item(i)!;
    if (a.name === 'xmlns' || a.name.startsWith('xmlns:')) seen.add(a.name.slice(6));
  }
  seen.add(el.prefix ?? '');
  for (let p = el.parentNode as XmlNode; p && p.nodeType === 1; p = p.parentNode as XmlNode) {
    const attrs = (p as XmlElement).attributes;
    for (let i = 0; i < attrs.length; i++) {
      const a = attrs.item(i)!;
      if (a.name !== 'xmlns' && !a.name.startsWith('xmlns:')) continue;
      const prefix = a.name.slice(6);
      if (seen.has(prefix)) continue;
      seen.add(prefix);
      if (a.value) ancestorNamespaces.push({ prefix, namespaceURI: a.value });
    }
  }
  return c14n.process(el, { ancestorNamespaces });
}

/** Every element that has an Id (or ID, id) attribute, by its value; a value used twice is kept as null. */
export function elementsById(doc: XmlDocument): Map<string, XmlElement | null> {
  const ids = new Map<string, XmlElement | null>();
  const walk = (el: XmlElement) => {
    for (const name of ['Id', 'ID', 'id']) {
      if (!el.hasAttribute(name)) continue;
      const v = el.getAttribute(name)!;
      ids.set(v, ids.has(v) ? null : el);
    }
    for (let c = el.firstChild; c; c = c.nextSibling) if (c.nodeType === 1) walk(c as XmlElement);
  };
  walk(doc.documentElement!);
  return ids;
}

export const DIGEST_HASH: Record<string, string> = {
  'http://www.w3.org/2000/09/xmldsig#sha1': 'sha1',
  [ALGORITHMS.sha256]: 'sha256',
  'http://www.w3.org/2001/04/xmldsig-more#sha384': 'sha384',
  'http://www.w3.org/2001/04/xmlenc#sha512': 'sha512',
};

/** Why one ds:Reference does not hold (null when its digest is right). */
export function checkReference(doc: XmlDocument, sigEl: XmlElement, ids: Map<string, XmlElement | null>, ref: XmlElement, uri: string | null, transforms: string[]): string | null {
  let target: XmlElement | null | undefined;
  if (uri === '') target = doc.documentElement;
  else if (uri && uri.startsWith('#')) {
    target = ids.get(uri.slice(1));
    if (target === null) return `Several elements have the Id ${uri.slice(1)}`;
  }
  if (!target) return `The signed reference ${uri} points to nothing in the document`;
  let c14n: Canonicalizer = C14N;
  let enveloped = false;
  for (const t of transforms) {
    if (t === ALGORITHMS.enveloped) enveloped = true;
    else if (CANONICALIZERS[t]) c14n = CANONICALIZERS[t];
    else return `Unsupported transform ${t}`;
  }
  const hash = DIGEST_HASH[ref.getElementsByTagNameNS(NS.ds, 'DigestMethod').item(0)?.getAttribute('Algorithm') ?? ''];
  if (!hash) return 'Unsupported ds:DigestMethod';
  // The enveloped-signature transform: the target without this signature (W3C XML-DSig §6.6.4).
  let octets: string;
  const holder = sigEl.parentNode!;
  const next = sigEl.nextSibling;
  const inside = enveloped && isInside(sigEl, target);
  if (inside) holder.removeChild(sigEl);
  try {
    octets = canonical(target, c14n);
  } finally {
    if (inside) holder.insertBefore(sigEl, next);
  }
  const expected = Buffer.from(ref.getElementsByTagNameNS(NS.ds, 'DigestValue').item(0)?.textContent?.trim() ?? '', 'base64');
  const actual = createHash(hash).update(octets, 'utf8').digest();
  if (expected.length === actual.length && timingSafeEqual(expected, actual)) return null;
  return uri === ''
    ? 'The document was modified after it was signed (the digest of the document does not match)'
    : `The signed element ${uri} was modified (its digest does not match)`;
}

function isInside(node: XmlNode, ancestor: XmlElement): boolean {
  for (let n = node; n; n = n.parentNode as XmlNode) if (n === ancestor) return true;
  return false;
}

export function children(el: XmlElement, ns: string, localName: string): XmlElement[] {
  const out: XmlElement[] = [];
  for (let c = el.firstChild; c; c = c.nextSibling) {
    if (c.nodeType === 1 && (c as XmlElement).namespaceURI === ns && (c as XmlElement).localName === localName) out.push(c as XmlElement);
  }
  return out;
}

export function parseXml(xml: string): XmlDocument {
  const parser = new DOMParser({
    onError: (level, message) => {
      if (level !== 'warning') throw new SignatureError(`XML ${level}: ${message}`);
    },
  });
  const doc = parser.parseFromString(xml.replace(/^\uFEFF/, ''), 'application/xml');
  if (!doc.documentElement) throw new SignatureError('The XML has no root element');
  return doc;
}

export function lastExtensionContent(doc: XmlDocument): XmlElement | null {
  const all = doc.getElementsByTagNameNS(NS.ext, 'ExtensionContent');
  return all.length ? all.item(all.length - 1) : null;
}

/** What the XAdES SigningCertificate check reads of xades:SignedProperties, however the document was parsed. */
export interface SigningCertificateFacts {
  /** How many xades:Cert the (first) xades:SigningCertificate holds. */
  certs: number;
  /** Of that one xades:Cert: its CertDigest's ds:DigestMethod Algorithm and ds:DigestValue, its ds:X509SerialNumber and ds:X509IssuerName. */
  digestMethod: string;
  digestValue: string;
  serial: string;
  issuerName: string;
}

/** XAdES SigningCertificate: exactly one, its digest and issuer/serial those of the KeyInfo certificate. */
export function checkSigningCertificate(props: XmlElement, certDer: Buffer, certPem: string): string | null {
  const certs = props.getElementsByTagNameNS(NS.xades, 'SigningCertificate').item(0)?.getElementsByTagNameNS(NS.xades, 'Cert');
  const sc = certs?.length === 1 ? certs.item(0)! : null;
  const digest = sc?.getElementsByTagNameNS(NS.xades, 'CertDigest').item(0);
  return signingCertificateProblem({
    certs: certs?.length ?? 0,
    digestMethod: digest?.getElementsByTagNameNS(NS.ds, 'DigestMethod').item(0)?.getAttribute('Algorithm') ?? '',
    digestValue: digest?.getElementsByTagNameNS(NS.ds, 'DigestValue').item(0)?.textContent ?? '',
    serial: sc?.getElementsByTagNameNS(NS.ds, 'X509SerialNumber').item(0)?.textContent ?? '',
    issuerName: sc?.getElementsByTagNameNS(NS.ds, 'X509IssuerName').item(0)?.textContent ?? '',
  }, certDer, certPem);
}

/** Why the certificate was not valid at xades:SigningTime (null when it was, or when no readable time is written). */
export function signingTimeProblem(signingTime: string | undefined, certPem: string): string | null {
  const when = signingTime ? new Date(signingTime) : null;
  if (!when || Number.isNaN(when.getTime())) return null;
  const info = describeCertificate(certPem);
  return when < info.notBefore || when > info.notAfter ? 'The certificate was not valid at the signing time' : null;
}

/** Why the XAdES SigningCertificate is not that of the certificate in ds:KeyInfo (null when it is). */
export function signingCertificateProblem(f: SigningCertificateFacts, certDer: Buffer, certPem: string): string | null {
  if (f.certs !== 1) return 'xades:SigningCertificate must hold exactly one certificate';
  const hash = DIGEST_HASH[f.digestMethod];
  if (!hash) return `Unsupported xades:CertDigest algorithm ${f.digestMethod}`;
  if (f.digestValue.replace(/\s+/g, '') !== createHash(hash).update(certDer).digest('base64')) {
    return 'xades:SigningCertificate digest does not match the certificate in ds:KeyInfo';
  }
  const info = describeCertificate(certPem);
  if (f.serial.trim() !== info.serialNumber) {
    return 'xades:SigningCertificate serial number does not match the certificate in ds:KeyInfo';
  }
  // The issuer name may be written in RFC 4514 order or in certificate order, with or without spaces.
  const norm = (s: string) => s.split(/\s*,\s*/).map((p) => p.trim()).filter(Boolean);
  const issuer = norm(f.issuerName);
  const rfc = norm(info.issuerName);
  const same = (a: string[], b: string[]) => a.length === b.length && a.every((x, i) => x.toLowerCase() === b[i].toLowerCase());
  if (!same(issuer, rfc) && !same(issuer, rfc.slice().reverse())) {
    return 'xades:SigningCertificate issuer name does not match the certificate in ds:KeyInfo';
  }
  return null;
}

/** A certificate met in ds:KeyInfo, read once per thread (the same few certificates come back on every document). */
const x509s = new Map<string, X509Certificate>();
export function x509Of(der: Buffer): X509Certificate {
  const id = der.toString('base64');
  let hit = x509s.get(id);
  if (!hit) {
    hit = new X509Certificate(der);
    if (x509s.size >= 256) x509s.delete(x509s.keys().next().value!);
    x509s.set(id, hit);
  }
  return hit;
}

export function errorMessage(err: unknown): string {
  if (err && typeof err === 'object' && typeof (err as { message?: unknown }).message === 'string') {
    return (err as { message: string }).message;
  }
  return String(err);
}

