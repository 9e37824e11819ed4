/**
 * XAdES-EPES enveloped signature of a DIAN UBL 2.1 document (issue 6,
 * docs/colombia.md; DIAN technical annex 1.9, signature section).
 *
 * The ds:Signature goes into the LAST ext:UBLExtension/ext:ExtensionContent
 * of the document, which must be empty. It has:
 *   - CanonicalizationMethod C14N 1.0 (http://www.w3.org/TR/2001/REC-xml-c14n-20010315),
 *     SignatureMethod RSA-SHA256, SHA-256 digests;
 *   - three references: the document (URI="", enveloped-signature transform),
 *     the ds:KeyInfo, and the xades:SignedProperties;
 *   - KeyInfo/X509Data with the signer's certificate;
 *   - xades:QualifyingProperties/SignedProperties with SigningTime,
 *     SigningCertificate (SHA-256 of the certificate DER + issuer/serial),
 *     SignaturePolicyIdentifier (the DIAN policy v2 and its hash) and
 *     SignerRole (supplier).
 *
 * The document is parsed once (@xmldom/xmldom); canonicalisation is
 * xml-crypto's (C14N 1.0, exclusive C14N), digests and the RSA signature are
 * node:crypto's, with the key decoded once per thread (privateKeyOf). The
 * XAdES elements are written here; the signature verifies with xml-crypto's
 * SignedXml and libxmlsec1 as well (test/unit/dian-sign.test.ts).
 */
import { X509Certificate, createHash, createPublicKey, randomUUID, sign, verify, type KeyObject } from 'node:crypto';
import '../../../platform/xmldom-regexps';
import { XMLSerializer } from '@xmldom/xmldom';
import { canonicalText, namespaceDeclarations } from '../../../einvoice/canonical-xml';
import { derBase64ToPem, describeCertificate, privateKeyOf, type CertificateFacts } from '../../../einvoice/certificates';
import { domNode } from '../../../platform/xml-dom';
import {
  ALGORITHMS, C14N, CANONICALIZERS, HASH_URI, NS, SIGNATURE_HASH, SignatureError, canonical, checkReference, checkSigningCertificate, children,
  elementsById, errorMessage, lastExtensionContent, signingTimeProblem, parseXml, x509Of, type PolicyHashAlgorithm, type XmlDocument, type XmlElement,
} from './dsig';

export { ALGORITHMS, NS, SignatureError, type PolicyHashAlgorithm };


export interface SignaturePolicy {
  /** SigPolicyId/Identifier: the URL of the policy document. */
  identifier: string;
  /** SigPolicyId/Description. */
  description?: string;
  /** SigPolicyHash/DigestMethod. */
  hashAlgorithm: PolicyHashAlgorithm;
  /** SigPolicyHash/DigestValue: base64 digest of the policy document. */
  digestValue: string;
}

/**
 * The DIAN signature policy v2. The digest is the SHA-256 (base64) of
 * politicadefirmav2.pdf as the DIAN publishes it for the signature of
 * electronic invoices (the same value every DIAN signer uses). It could not be
 * recomputed here: the PDF cannot be downloaded from this machine.
 */
export const DIAN_SIGNATURE_POLICY: SignaturePolicy = {
  identifier: 'https://facturaelectronica.dian.gov.co/politicadefirma/v2/politicadefirmav2.pdf',
  description: 'Política de firma para facturas electrónicas de la República de Colombia.',
  hashAlgorithm: 'SHA-256',
  digestValue: 'dMoMvtcG5aIzgYo0tIsSQeVJBDnUnfSOfBpxXrmor0Y=',
};

export interface SigningCredentials {
  /** The signer's certificate, PEM. */
  certPem: string;
  /** Its private key, PEM (PKCS#8 or PKCS#1), RSA. */
  keyPem: string;
}

export type SignerRole = 'supplier' | 'third party';

export interface SignOptions {
  /** SigningTime; default now. Written in Colombian time (-05:00, no daylight saving). */
  signingTime?: Date;
  /** Default DIAN_SIGNATURE_POLICY. */
  policy?: SignaturePolicy;
  /** ClaimedRole; default "supplier" (the issuer signs its own invoice). */
  signerRole?: SignerRole;
  /** Id of ds:Signature; default "xmldsig-<random uuid>". The other Ids derive from it. */
  signatureId?: string;
  /**
   * The text is Canonical XML as src/einvoice/canonical-xml.ts writes it (this service's own documents): it is
   * signed from its text, without a DOM. Never set it for a text from elsewhere: its digest would be wrong.
   */
  written?: boolean;
}

export interface VerifyResult {
  valid: boolean;
  /** Why the signature is not valid. */
  reason?: string;
  /** The certificate in ds:KeyInfo, PEM (when one could be read). */
  certPem?: string;
  /** xades:SigningTime as written. */
  signingTime?: string;
  /** SigPolicyId/Identifier, when present. */
  policyIdentifier?: string;
}


/** A credential ready to sign with: the key, and the certificate facts the signature writes. */
interface Signer { key: KeyObject; cert: CertificateFacts }
const checked = new Map<string, Signer>();

/** The key (RSA) and certificate of a credential, checked to belong together once per thread. */
function signerOf(cred: SigningCredentials): Signer {
  const id = cred.certPem + cred.keyPem;
  const hit = checked.get(id);
  if (hit) return hit;
  let key: KeyObject;
  try {
    key = privateKeyOf(cred.keyPem);
  } catch (err) {
    throw new SignatureError(`The signing key cannot be read: ${errorMessage(err)}`);
  }
  if (key.asymmetricKeyType !== 'rsa') {
    throw new SignatureError(`The signing key is ${key.asymmetricKeyType}; the DIAN signature needs an RSA key`);
  }
  const spki = (k: KeyObject) => k.export({ type: 'spki', format: 'der' });
  if (!spki(createPublicKey(key)).equals(spki(new X509Certificate(cred.certPem).publicKey))) {
    throw new SignatureError('The private key does not belong to the certificate');
  }
  const signer = { key, cert: describeCertificate(cred.certPem) };
  if (checked.size >= 256) checked.delete(checked.keys().next().value!);
  checked.set(id, signer);
  return signer;
}

const sha256 = (s: string) => createHash('sha256').update(s, 'utf8').digest('base64');

/** Colombia is UTC-5 all year: the instant in Colombian time, with milliseconds and its -05:00 offset. */
function colombianTime(at: Date): string {
  return new Date(at.getTime() - 5 * 60 * 60 * 1000).toISOString().replace('Z', '-05:00');
}

/**
 * Where the signature goes: the document's text before and after it (the last ext:ExtensionContent, empty), the
 * digest of the document (its canonical form, which the enveloped-signature transform gives back once signed),
 * and the namespaces in scope there (inclusive C14N writes them all on a signed element taken out of its context).
 */
interface Place { before: string; after: string; digest: string; namespaces: Map<string, string> }

const EMPTY_CONTENT = '<ext:ExtensionContent></ext:ExtensionContent>';

/**
 * The place in a document our writers produced in canonical form (src/einvoice/canonical-xml.ts), read from the
 * text alone: every namespace is declared on the root, `ext` is the extensions' prefix, and the text is what its
 * digest is taken over. Null when the text is not of that shape; it is then parsed (domPlace).
 */
function writtenPlace(xml: string): Place | null {
  const declaration = /^<\?xml [^?]*\?>/.exec(xml)?.[0] ?? '';
  const body = xml.slice(declaration.length);
  const root = /^<[^\s>]+((?: [^\s="]+="[^"&]*")*)>/.exec(body);
  if (!root) return null;
  const namespaces = new Map<string, string>();
  for (const m of root[1].matchAll(/ xmlns(?::([^=]+))?="([^"]*)"/g)) namespaces.set(m[1] ?? '', m[2]);
  const ext = [...namespaces].filter(([, uri]) => uri === NS.ext);
  if (ext.length !== 1 || ext[0][0] !== 'ext' || namespaces.has('ds') || namespaces.has('xades')) return null;
  const rest = body.slice(root[0].length);
  if (rest.includes(' xmlns') || body.includes(' xml:')) return null;
  const at = body.lastIndexOf('<ext:ExtensionContent>');
  if (at < 0 || !body.startsWith(EMPTY_CONTENT, at)) return null;
  const inside = declaration.length + at + '<ext:ExtensionContent>'.length;
  return { before: xml.slice(0, inside), after: xml.slice(inside), digest: sha256(body), namespaces };
}

/** The place in any document, found in its DOM; the document is written back as it was, with the signature in it. */
function domPlace(xml: string): Place {
  const doc = parseXml(xml);
  const target = lastExtensionContent(doc);
  if (!target) {
    throw new SignatureError('The document has no ext:UBLExtensions/ext:UBLExtension/ext:ExtensionContent to hold the signature');
  }
  for (let n = target.firstChild; n; n = n.nextSibling) {
    if (n.nodeType === 1 || (n.nodeType === 3 && (n.nodeValue ?? '').trim() !== '')) {
      throw new SignatureError('The last ext:ExtensionContent is not empty (is the document already signed?)');
    }
  }
  // C14N 1.0 makes a signed subset inherit xml:lang / xml:space / xml:base from its ancestors;
  // some verifiers (xml-crypto among them) do not, so a signature under such an attribute would not verify
  // everywhere. UBL documents do not use them there: refuse rather than sign something fragile.
  const namespaces = new Map<string, string>();
  for (let a = target as XmlElement | null; a; a = a.parentNode && a.parentNode.nodeType === 1 ? (a.parentNode as XmlElement) : null) {
    for (let i = 0; i < a.attributes.length; i++) {
      const attr = a.attributes.item(i)!;
      if (attr.namespaceURI === 'http://www.w3.org/XML/1998/namespace') {
        throw new SignatureError(`Cannot sign: ${attr.name} on <${a.tagName}>, an ancestor of the signature, is not supported`);
      }
      const prefix = attr.name === 'xmlns' ? '' : attr.name.startsWith('xmlns:') ? attr.name.slice(6) : null;
      if (prefix !== null && !namespaces.has(prefix)) namespaces.set(prefix, attr.value);
    }
  }
  const digest = sha256(C14N.process(domNode(doc.documentElement), {}));
  const marker = randomUUID();
  target.appendChild(doc.createComment(marker));
  const [before, after] = new XMLSerializer().serializeToString(doc).split(`<!--${marker}-->`);
  return { before, after, digest, namespaces };
}

/**
 * Signs a UBL document (Invoice, CreditNote, DebitNote, ApplicationResponse…) and returns the signed XML. The
 * document must have its last ext:ExtensionContent empty. A document this service wrote in canonical form
 * (opts.written) is signed from its text, without a DOM; any other is parsed, and written back as it was with
 * the signature in it. Either way the signed elements' canonical forms are written here, not computed from a DOM.
 */
export async function signInvoiceXml(xml: string, cred: SigningCredentials, opts: SignOptions = {}): Promise<string> {
  const place = (opts.written && writtenPlace(xml)) || domPlace(xml);
  const { key, cert } = signerOf(cred);
  const policy = opts.policy ?? DIAN_SIGNATURE_POLICY;
  const id = opts.signatureId ?? `xmldsig-${randomUUID()}`;

  // Each signed element in canonical form as C14N writes it taken out of the document: with every namespace in scope.
  const inScope = (own: [string, string][]) => namespaceDeclarations(new Map([...place.namespaces, ...own].filter(([, uri]) => uri !== '')));
  const DS: [string, string] = ['ds', NS.ds];
  const XADES: [string, string] = ['xades', NS.xades];
  const digestMethod = `<ds:DigestMethod Algorithm="${ALGORITHMS.sha256}"></ds:DigestMethod>`;
  const keyInfo = `<ds:X509Data><ds:X509Certificate>${cert.certDerBase64}</ds:X509Certificate></ds:X509Data>`;
  const signedProperties =
    `<xades:SignedSignatureProperties><xades:SigningTime>${colombianTime(opts.signingTime ?? new Date())}</xades:SigningTime>` +
    `<xades:SigningCertificate><xades:Cert><xades:CertDigest>${digestMethod}<ds:DigestValue>${cert.sha256Base64}</ds:DigestValue></xades:CertDigest>` +
    `<xades:IssuerSerial><ds:X509IssuerName>${canonicalText(cert.issuerName)}</ds:X509IssuerName><ds:X509SerialNumber>${cert.serialNumber}</ds:X509SerialNumber>` +
    `</xades:IssuerSerial></xades:Cert></xades:SigningCertificate>` +
    `<xades:SignaturePolicyIdentifier><xades:SignaturePolicyId><xades:SigPolicyId><xades:Identifier>${canonicalText(policy.identifier)}</xades:Identifier>` +
    (policy.description ? `<xades:Description>${canonicalText(policy.description)}</xades:Description>` : '') +
    `</xades:SigPolicyId><xades:SigPolicyHash><ds:DigestMethod Algorithm="${HASH_URI[policy.hashAlgorithm]}"></ds:DigestMethod>` +
    `<ds:DigestValue>${policy.digestValue}</ds:DigestValue></xades:SigPolicyHash></xades:SignaturePolicyId></xades:SignaturePolicyIdentifier>` +
    `<xades:SignerRole><xades:ClaimedRoles><xades:ClaimedRole>${canonicalText(opts.signerRole ?? 'supplier')}</xades:ClaimedRole></xades:ClaimedRoles></xades:SignerRole>` +
    `</xades:SignedSignatureProperties>`;
  const reference = (attrs: string, transform: string, digest: string) =>
    `<ds:Reference${attrs}><ds:Transforms><ds:Transform Algorithm="${transform}"></ds:Transform></ds:Transforms>${digestMethod}<ds:DigestValue>${digest}</ds:DigestValue></ds:Reference>`;
  const signedInfo =
    `<ds:CanonicalizationMethod Algorithm="${ALGORITHMS.c14n}"></ds:CanonicalizationMethod><ds:SignatureMethod Algorithm="${ALGORITHMS.rsaSha256}"></ds:SignatureMethod>` +
    reference(` Id="${id}-ref0" URI=""`, ALGORITHMS.enveloped, place.digest) +
    reference(` URI="#${id}-keyinfo"`, ALGORITHMS.c14n, sha256(`<ds:KeyInfo${inScope([DS])} Id="${id}-keyinfo">${keyInfo}</ds:KeyInfo>`)) +
    reference(` Type="${ALGORITHMS.signedPropertiesType}" URI="#${id}-signedprops"`, ALGORITHMS.c14n,
      sha256(`<xades:SignedProperties${inScope([DS, XADES])} Id="${id}-signedprops">${signedProperties}</xades:SignedProperties>`));
  const value = sign('sha256', Buffer.from(`<ds:SignedInfo${inScope([DS])}>${signedInfo}</ds:SignedInfo>`, 'utf8'), key).toString('base64');
  return place.before +
    `<ds:Signature xmlns:ds="${NS.ds}" Id="${id}"><ds:SignedInfo>${signedInfo}</ds:SignedInfo><ds:SignatureValue>${value}</ds:SignatureValue>` +
    `<ds:KeyInfo Id="${id}-keyinfo">${keyInfo}</ds:KeyInfo>` +
    `<ds:Object><xades:QualifyingProperties xmlns:xades="${NS.xades}" Target="#${id}"><xades:SignedProperties Id="${id}-signedprops">${signedProperties}</xades:SignedProperties></xades:QualifyingProperties></ds:Object>` +
    `</ds:Signature>` + place.after;
}
/**
 * Verifies the ds:Signature of a signed UBL document: each reference's
 * digest (the document itself, URI="" with the enveloped-signature
 * transform, and the xades:SignedProperties among them), the signature value
 * with the certificate in ds:KeyInfo, and the XAdES SigningCertificate
 * against that certificate.
 *
 * `valid` means "signed by the certificate in ds:KeyInfo": pass
 * `expectedCertPem` (the company's registered certificate) to also require
 * that it is that certificate. No chain or revocation check is done.
 * (The sandbox DIAN verifies with the same checks on its own libxml2 parse: verify-parsed.ts.)
 */
export async function verifyInvoiceSignature(
  signedXml: string,
  opts: { expectedCertPem?: string; /** The same XML already parsed (well formed), so that it is not parsed twice; left as it was. */ parsed?: unknown } = {},
): Promise<VerifyResult> {
  let doc: XmlDocument;
  try {
    doc = (opts.parsed as XmlDocument | undefined) ?? parseXml(signedXml);
  } catch (err) {
    return { valid: false, reason: `The XML is not well formed: ${errorMessage(err)}` };
  }
  const sigs = doc.getElementsByTagNameNS(NS.ds, 'Signature');
  if (sigs.length === 0) return { valid: false, reason: 'The document has no ds:Signature' };
  if (sigs.length > 1) return { valid: false, reason: `The document has ${sigs.length} ds:Signature elements; one is expected` };
  const sigEl = sigs.item(0)!;
  const parent = sigEl.parentNode as XmlElement | null;
  if (!parent || parent.namespaceURI !== NS.ext || parent.localName !== 'ExtensionContent') {
    return { valid: false, reason: 'The ds:Signature is not inside an ext:ExtensionContent' };
  }
  if (lastExtensionContent(doc) !== parent) {
    return { valid: false, reason: 'The ds:Signature is not in the last ext:ExtensionContent' };
  }

  const result: VerifyResult = { valid: false };
  try {
    const signedInfos = children(sigEl, NS.ds, 'SignedInfo');
    if (signedInfos.length !== 1) return { valid: false, reason: 'The signature must have one ds:SignedInfo' };
    const signedInfo = signedInfos[0];
    const certText = sigEl.getElementsByTagNameNS(NS.ds, 'KeyInfo').item(0)?.getElementsByTagNameNS(NS.ds, 'X509Certificate').item(0)?.textContent;
    if (!certText) return { valid: false, reason: 'ds:KeyInfo has no X509Certificate' };
    const certDer = Buffer.from(certText.replace(/\s+/g, ''), 'base64');
    result.certPem = derBase64ToPem(certDer.toString('base64'));

    const qualifying = sigEl.getElementsByTagNameNS(NS.xades, 'QualifyingProperties').item(0);
    const props = qualifying?.getElementsByTagNameNS(NS.xades, 'SignedProperties').item(0);
    if (!props) return { ...result, reason: 'The signature has no xades:QualifyingProperties' };
    result.signingTime = props.getElementsByTagNameNS(NS.xades, 'SigningTime').item(0)?.textContent ?? undefined;
    const policyId = props.getElementsByTagNameNS(NS.xades, 'SigPolicyId').item(0)?.getElementsByTagNameNS(NS.xades, 'Identifier').item(0);
    if (policyId) result.policyIdentifier = policyId.textContent ?? undefined;

    // The signed references must cover the whole document and the SignedProperties.
    const refs = children(signedInfo, NS.ds, 'Reference').map((ref) => {
      const list = ref.getElementsByTagNameNS(NS.ds, 'Transform');
      const transforms: string[] = [];
      for (let i = 0; i < list.length; i++) transforms.push(list.item(i)!.getAttribute('Algorithm') ?? '');
      return { ref, uri: ref.getAttribute('URI'), transforms };
    });
    const propsId = props.getAttribute('Id');
    if (!refs.some((r) => r.uri === '' && r.transforms.includes(ALGORITHMS.enveloped))) {
      return { ...result, reason: 'No signed reference covers the whole document (URI="" with the enveloped-signature transform)' };
    }
    if (!propsId || !refs.some((r) => r.uri === `#${propsId}` && r.ref.getAttribute('Type') === ALGORITHMS.signedPropertiesType)) {
      return { ...result, reason: 'No signed reference covers the xades:SignedProperties' };
    }

    const ids = elementsById(doc);
    for (const { ref, uri, transforms } of refs) {
      const reason = checkReference(doc, sigEl, ids, ref, uri, transforms);
      if (reason) return { ...result, reason };
    }

    const method = children(signedInfo, NS.ds, 'SignatureMethod')[0]?.getAttribute('Algorithm') ?? '';
    const hash = SIGNATURE_HASH[method];
    if (!hash) return { ...result, reason: `Unsupported signature method ${method}` };
    const c14n = CANONICALIZERS[children(signedInfo, NS.ds, 'CanonicalizationMethod')[0]?.getAttribute('Algorithm') ?? ''];
    if (!c14n) return { ...result, reason: 'Unsupported ds:CanonicalizationMethod' };
    const value = Buffer.from(children(sigEl, NS.ds, 'SignatureValue')[0]?.textContent?.replace(/\s+/g, '') ?? '', 'base64');
    const x509 = x509Of(certDer);
    if (!verify(hash, Buffer.from(canonical(signedInfo, c14n), 'utf8'), x509.publicKey, value)) {
      return { ...result, reason: 'The signature value does not verify with the certificate in ds:KeyInfo' };
    }

    const certReason = checkSigningCertificate(props, certDer, result.certPem);
    if (certReason) return { ...result, reason: certReason };
    if (opts.expectedCertPem) {
      const expected = Buffer.from(describeCertificate(opts.expectedCertPem).certDerBase64, 'base64');
      if (!expected.equals(certDer)) {
        return { ...result, reason: 'The document is signed with another certificate than the expected one' };
      }
    }

    const timeReason = signingTimeProblem(result.signingTime, result.certPem);
    if (timeReason) return { ...result, reason: timeReason };
    return { ...result, valid: true };
  } catch (err) {
    return { ...result, valid: false, reason: `The signature cannot be verified: ${errorMessage(err)}` };
  }
}

// ---------------------------------------------------------------------------