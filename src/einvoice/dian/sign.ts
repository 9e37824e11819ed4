/**
 * XAdES-EPES enveloped signature of a DIAN UBL 2.1 document (issue 6,
 * DESIGN.md §7; DIAN technical annex 1.9, signature section).
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
 * The XML-signature work (canonicalisation, digests, XAdES structures) is done
 * by xadesjs / xmldsigjs with Node's WebCrypto; the DOM is @xmldom/xmldom.
 */
import { X509Certificate, createHash, createPrivateKey, verify, webcrypto } from 'node:crypto';
import { DOMParser, XMLSerializer } from '@xmldom/xmldom';
import * as xpath from 'xpath';
import * as xadesjs from 'xadesjs';
import { derBase64ToPem, describeCertificate } from '../certificates';

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

/** Thrown when a document cannot be signed (no place for the signature, already signed, bad key…). */
export class SignatureError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SignatureError';
  }
}

let engineReady = false;
/** xadesjs needs a WebCrypto engine and a DOM implementation; both are process-wide settings. */
function ensureEngine(): void {
  if (engineReady) return;
  xadesjs.Application.setEngine('NodeJS', webcrypto as unknown as Crypto);
  xadesjs.setNodeDependencies({ DOMParser, XMLSerializer, xpath });
  engineReady = true;
}

/**
 * xadesjs' SignedXml with two DIAN-specific touches:
 * - the SignedProperties reference carries an explicit C14N transform, as in
 *   the annex's example (the result is the same as the implicit one);
 * - SigningCertificate/IssuerSerial/X509IssuerName is written in RFC 4514 form
 *   (as XML-DSig recommends) instead of xmldsigjs' own rendering.
 */
class DianSignedXml extends xadesjs.SignedXml {
  issuerNameRfc4514?: string;

  protected override async ApplySignOptions(
    signature: xadesjs.SignedXml['XmlSignature'],
    algorithm: Algorithm,
    key: CryptoKey,
    options: xadesjs.OptionsXAdES,
  ): Promise<void> {
    await super.ApplySignOptions(signature, algorithm, key, options);
    signature.SignedInfo.References.ForEach((ref) => {
      if (ref.Type === ALGORITHMS.signedPropertiesType && ref.Transforms.Count === 0) {
        ref.Transforms.Add(this.ResolveTransform('c14n'));
      }
    });
  }

  protected override async ApplySigningCertificate(value?: string | xadesjs.OptionsSigningCertificate): Promise<void> {
    await super.ApplySigningCertificate(value);
    if (value && this.Properties && this.issuerNameRfc4514) {
      const certs = this.Properties.SignedProperties.SignedSignatureProperties.SigningCertificate;
      certs.Item(0)!.IssuerSerial.X509IssuerName = this.issuerNameRfc4514;
    }
  }
}

/**
 * Signs a UBL document (Invoice, CreditNote, DebitNote…) and returns the
 * signed XML. The document must have its last ext:ExtensionContent empty.
 */
export async function signInvoiceXml(xml: string, cred: SigningCredentials, opts: SignOptions = {}): Promise<string> {
  ensureEngine();
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
  // xmldsigjs and xml-crypto do not, so a signature under such an attribute would not verify
  // everywhere. UBL documents do not use them there: refuse rather than sign something fragile.
  for (let a = target as XmlElement | null; a; a = a.parentNode && a.parentNode.nodeType === 1 ? (a.parentNode as XmlElement) : null) {
    for (let i = 0; i < a.attributes.length; i++) {
      const attr = a.attributes.item(i)!;
      if (attr.namespaceURI === 'http://www.w3.org/XML/1998/namespace') {
        throw new SignatureError(`Cannot sign: ${attr.name} on <${a.tagName}>, an ancestor of the signature, is not supported`);
      }
    }
  }

  const cert = describeCertificate(cred.certPem);
  const key = await importSigningKey(cred.keyPem);
  await assertKeyMatchesCertificate(key, cred.certPem);

  const policy = opts.policy ?? DIAN_SIGNATURE_POLICY;
  const signingTime = opts.signingTime ?? new Date();
  const id = opts.signatureId ?? `xmldsig-${webcrypto.randomUUID()}`;

  const signed = new DianSignedXml();
  signed.issuerNameRfc4514 = cert.issuerName;
  const signature = signed.XmlSignature;
  signature.Id = id;
  signature.SignedInfo.CanonicalizationMethod.Algorithm = ALGORITHMS.c14n;
  signature.KeyInfo.Id = `${id}-keyinfo`;
  signed.Properties!.Target = `#${id}`;
  signed.SignedProperties.Id = `${id}-signedprops`;
  // The namespaces in scope where the signature will sit take part in its C14N.
  signed.Parent = target as unknown as Element;

  await signed.Sign({ name: 'RSASSA-PKCS1-v1_5' }, key, doc as unknown as Document, {
    x509: [cert.certDerBase64],
    references: [
      { id: `${id}-ref0`, uri: '', hash: 'SHA-256', transforms: ['enveloped'] },
      { uri: `#${id}-keyinfo`, hash: 'SHA-256', transforms: ['c14n'] },
    ],
    signingCertificate: { certificate: cert.certDerBase64, digestAlgorithm: 'SHA-256' },
    signingTime: {
      // Colombia is UTC-5 all year: shift the instant and print it as UTC with a -05:00 suffix.
      value: new Date(signingTime.getTime() - 5 * 60 * 60 * 1000),
      format: 'UTC:yyyy-mm-dd\'T\'HH:MM:ss.l\'-05:00\'',
    },
    policy: {
      identifier: { value: policy.identifier, ...(policy.description ? { description: policy.description } : {}) },
      hash: policy.hashAlgorithm,
      digestValue: policy.digestValue,
    },
    signerRole: { claimed: [opts.signerRole ?? 'supplier'] },
  });

  const sigXml = signed.GetXml();
  if (!sigXml) throw new SignatureError('xadesjs produced no signature element');
  const sigEl = doc.importNode(sigXml as unknown as Parameters<typeof doc.importNode>[0], true);
  target.appendChild(sigEl);
  return new XMLSerializer().serializeToString(doc);
}

/**
 * Verifies the ds:Signature of a signed UBL document with xadesjs: the three
 * references, the signature value with the certificate in ds:KeyInfo, the
 * XAdES SigningCertificate against that certificate, and that the document
 * itself (URI="", enveloped) is among the signed references.
 *
 * `valid` means "signed by the certificate in ds:KeyInfo": pass
 * `expectedCertPem` (the company's registered certificate) to also require
 * that it is that certificate. No chain or revocation check is done.
 */
export async function verifyInvoiceSignature(
  signedXml: string,
  opts: { expectedCertPem?: string } = {},
): Promise<VerifyResult> {
  ensureEngine();
  let doc: XmlDocument;
  try {
    doc = parseXml(signedXml);
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
    const signed = new xadesjs.SignedXml(doc as unknown as Document);
    signed.LoadXml(sigEl as unknown as Element);
    const signature = signed.XmlSignature;

    const certDer = firstKeyInfoCertificate(signature);
    if (!certDer) return { valid: false, reason: 'ds:KeyInfo has no X509Certificate' };
    result.certPem = derBase64ToPem(Buffer.from(certDer).toString('base64'));

    const props = signed.Properties;
    if (!props) return { ...result, reason: 'The signature has no xades:QualifyingProperties' };
    const ssp = props.SignedProperties.SignedSignatureProperties;
    result.signingTime = ssp.SigningTime.GetXml()?.textContent ?? undefined;
    const policyId = ssp.SignaturePolicyIdentifier.SignaturePolicyId;
    if (policyId && policyId.SigPolicyId && policyId.SigPolicyId.Identifier) {
      result.policyIdentifier = policyId.SigPolicyId.Identifier.Value;
    }

    // The signed references must cover the whole document and the SignedProperties.
    let coversDocument = false;
    let coversProperties = false;
    signature.SignedInfo.References.ForEach((ref) => {
      const transforms: string[] = [];
      ref.Transforms.ForEach((t) => {
        transforms.push(t.Algorithm);
      });
      if (ref.Uri === '' && transforms.includes(ALGORITHMS.enveloped)) coversDocument = true;
      if (ref.Uri === `#${props.SignedProperties.Id}` && ref.Type === ALGORITHMS.signedPropertiesType) coversProperties = true;
    });
    if (!coversDocument) return { ...result, reason: 'No signed reference covers the whole document (URI="" with the enveloped-signature transform)' };
    if (!coversProperties) return { ...result, reason: 'No signed reference covers the xades:SignedProperties' };

    // xmldsigjs' enveloped-signature transform only removes a ds:Signature that is a child of the
    // root element; ours sits deeper, so hand it the document with this signature removed, which is
    // exactly what the transform must produce (W3C XML-DSig §6.6.4).
    const content = parseXml(signedXml);
    const contentSig = content.getElementsByTagNameNS(NS.ds, 'Signature').item(0)!;
    contentSig.parentNode!.removeChild(contentSig);
    const ok = await signed.Verify({ content: content.documentElement as unknown as Element });
    if (!ok) return { ...result, reason: 'The signature value does not verify with the certificate in ds:KeyInfo' };

    const certReason = checkSigningCertificate(ssp, certDer, result.certPem);
    if (certReason) return { ...result, reason: certReason };
    if (opts.expectedCertPem) {
      const expected = Buffer.from(describeCertificate(opts.expectedCertPem).certDerBase64, 'base64');
      if (!expected.equals(Buffer.from(certDer))) {
        return { ...result, reason: 'The document is signed with another certificate than the expected one' };
      }
    }

    const when = result.signingTime ? new Date(result.signingTime) : null;
    if (when && !Number.isNaN(when.getTime())) {
      const info = describeCertificate(result.certPem);
      if (when < info.notBefore || when > info.notAfter) {
        return { ...result, reason: 'The certificate was not valid at the signing time' };
      }
    }
    return { ...result, valid: true };
  } catch (err) {
    return { ...result, valid: false, reason: verifyErrorReason(err) };
  }
}

// ---------------------------------------------------------------------------

type XmlDocument = ReturnType<DOMParser['parseFromString']>;
type XmlElement = NonNullable<XmlDocument['documentElement']>;

function parseXml(xml: string): XmlDocument {
  const parser = new DOMParser({
    onError: (level, message) => {
      if (level !== 'warning') throw new SignatureError(`XML ${level}: ${message}`);
    },
  });
  const doc = parser.parseFromString(xml.replace(/^\uFEFF/, ''), 'application/xml');
  if (!doc.documentElement) throw new SignatureError('The XML has no root element');
  return doc;
}

function lastExtensionContent(doc: XmlDocument): XmlElement | null {
  const all = doc.getElementsByTagNameNS(NS.ext, 'ExtensionContent');
  return all.length ? all.item(all.length - 1) : null;
}

async function importSigningKey(keyPem: string): Promise<CryptoKey> {
  let pkcs8: Buffer;
  try {
    const key = createPrivateKey(keyPem);
    if (key.asymmetricKeyType !== 'rsa') {
      throw new SignatureError(`The signing key is ${key.asymmetricKeyType}; the DIAN signature needs an RSA key`);
    }
    pkcs8 = key.export({ type: 'pkcs8', format: 'der' });
  } catch (err) {
    if (err instanceof SignatureError) throw err;
    throw new SignatureError(`The signing key cannot be read: ${errorMessage(err)}`);
  }
  return webcrypto.subtle.importKey('pkcs8', pkcs8, { name: 'RSASSA-PKCS1-v1_5', hash: 'SHA-256' }, false, ['sign']) as Promise<CryptoKey>;
}

async function assertKeyMatchesCertificate(key: CryptoKey, certPem: string): Promise<void> {
  const probe = Buffer.from('dian-signature-key-check');
  const sig = Buffer.from(await webcrypto.subtle.sign('RSASSA-PKCS1-v1_5', key, probe));
  if (!verify('sha256', probe, new X509Certificate(certPem).publicKey, sig)) {
    throw new SignatureError('The private key does not belong to the certificate');
  }
}

function firstKeyInfoCertificate(signature: xadesjs.SignedXml['XmlSignature']): Uint8Array | null {
  for (const clause of signature.KeyInfo.GetIterator()) {
    const certs = (clause as { Certificates?: Array<{ GetRaw(): Uint8Array }> }).Certificates;
    if (Array.isArray(certs) && certs.length > 0) return certs[0].GetRaw();
  }
  return null;
}

const HASH_BY_URI: Record<string, string> = {
  'http://www.w3.org/2000/09/xmldsig#sha1': 'sha1',
  'http://www.w3.org/2001/04/xmlenc#sha256': 'sha256',
  'http://www.w3.org/2001/04/xmldsig-more#sha384': 'sha384',
  'http://www.w3.org/2001/04/xmlenc#sha512': 'sha512',
};

type SignedSignatureProperties = NonNullable<xadesjs.SignedXml['Properties']>['SignedProperties']['SignedSignatureProperties'];

/** XAdES SigningCertificate: exactly one, its digest and issuer/serial those of the KeyInfo certificate. */
function checkSigningCertificate(ssp: SignedSignatureProperties, certDer: Uint8Array, certPem: string): string | null {
  if (ssp.SigningCertificate.Count !== 1) return 'xades:SigningCertificate must hold exactly one certificate';
  const sc = ssp.SigningCertificate.Item(0)!;
  const hash = HASH_BY_URI[sc.CertDigest.DigestMethod.Algorithm ?? ''];
  if (!hash) return `Unsupported xades:CertDigest algorithm ${sc.CertDigest.DigestMethod.Algorithm}`;
  const expected = createHash(hash).update(certDer).digest('base64');
  if (Buffer.from(sc.CertDigest.DigestValue).toString('base64') !== expected) {
    return 'xades:SigningCertificate digest does not match the certificate in ds:KeyInfo';
  }
  const info = describeCertificate(certPem);
  if (String(sc.IssuerSerial.X509SerialNumber).trim() !== info.serialNumber) {
    return 'xades:SigningCertificate serial number does not match the certificate in ds:KeyInfo';
  }
  // The issuer name may be written in RFC 4514 order or in certificate order, with or without spaces.
  const norm = (s: string) => s.split(/\s*,\s*/).map((p) => p.trim()).filter(Boolean);
  const written = norm(sc.IssuerSerial.X509IssuerName ?? '');
  const rfc = norm(info.issuerName);
  const same = (a: string[], b: string[]) => a.length === b.length && a.every((x, i) => x.toLowerCase() === b[i].toLowerCase());
  if (!same(written, rfc) && !same(written, rfc.slice().reverse())) {
    return 'xades:SigningCertificate issuer name does not match the certificate in ds:KeyInfo';
  }
  return null;
}

function verifyErrorReason(err: unknown): string {
  const msg = errorMessage(err);
  const digest = /Invalid digest for uri '([^']*)'/.exec(msg);
  if (digest) {
    return digest[1] === ''
      ? 'The document was modified after it was signed (the digest of the document does not match)'
      : `The signed element ${digest[1]} was modified (its digest does not match)`;
  }
  return `The signature cannot be verified: ${msg}`;
}

function errorMessage(err: unknown): string {
  // xml-core's XmlError is not an Error subclass but carries a message.
  if (err && typeof err === 'object' && typeof (err as { message?: unknown }).message === 'string') {
    return (err as { message: string }).message;
  }
  return String(err);
}

