/**
 * Signing certificates of a company: reading the PKCS#12 (.p12 / .pfx) an
 * operator loads, and generating a self-signed test certificate for the demo
 * company (issue 6, docs/colombia.md).
 *
 * A generated certificate is for development and the sandbox authority only:
 * the DIAN accepts only certificates issued by a certification authority
 * accredited by the ONAC.
 *
 * PKCS#12 parsing and certificate generation use node-forge; key generation
 * and key export use Node's own crypto.
 */
import { createHash, createPrivateKey, generateKeyPairSync, randomBytes, type KeyObject } from 'node:crypto';
import forge from 'node-forge';
import { colombia, country as countryOf, type CountryCode } from '../countries';

export interface TestCertificateOptions {
  /** The company name; goes into CN and O of the subject. */
  commonName: string;
  /** The company's NIT (with or without its check digit); goes into the subject serialNumber. */
  nit: string;
  /** Validity in days from now. Default 730. */
  validDays?: number;
  /** PKCS#12 password. Default: a random one, returned in the result. */
  password?: string;
  /** Start of validity. Default: one hour ago (tolerates small clock skews). */
  notBefore?: Date;
  /**
   * MX: a CSD-like certificate for the SAT sandbox. The serial number is the
   * ASCII of a 20-digit certificate number (as the SAT's CSDs carry it) and the
   * RFC goes into the subject's x500UniqueIdentifier; `nit` is then the RFC.
   */
  country?: CountryCode;
}

export interface TestCertificate {
  /** The PKCS#12 (key + certificate), base64 of its DER. */
  p12Base64: string;
  /** The password that protects the PKCS#12. */
  password: string;
  /** The certificate, PEM. */
  certPem: string;
  /** The private key, PKCS#8 PEM (unencrypted). */
  keyPem: string;
}

export interface LoadedCertificate {
  /** The signing (end-entity) certificate: the one whose public key matches the private key. */
  certPem: string;
  /** The private key, PKCS#8 PEM (unencrypted). */
  keyPem: string;
  /** DER of the signing certificate, base64 (what goes into ds:X509Certificate). */
  certDerBase64: string;
  /** Other certificates found in the file (the chain, if any), PEM. */
  chainPem: string[];
  /** Certificate serial number, decimal (as XAdES X509SerialNumber writes it). */
  serialNumber: string;
  /** Certificate serial number, upper-case hex. */
  serialNumberHex: string;
  /** Issuer distinguished name, RFC 4514 order (most specific first), e.g. "CN=…,O=…,C=CO". */
  issuerName: string;
  /** Subject distinguished name, RFC 4514 order. */
  subjectName: string;
  notBefore: Date;
  notAfter: Date;
}

/** Thrown for a PKCS#12 that cannot be used: wrong password, corrupt file, no key or no matching certificate. */
export class CertificateError extends Error {
  constructor(
    message: string,
    readonly code: 'wrong_password' | 'invalid_pkcs12' | 'no_private_key' | 'no_certificate' | 'unsupported_key',
  ) {
    super(message);
    this.name = 'CertificateError';
  }
}

const OID_SERIAL_NUMBER = '2.5.4.5';
/** x500UniqueIdentifier: where the SAT's certificates carry the holder's RFC. */
const OID_UNIQUE_IDENTIFIER = '2.5.4.45';
/** name: where the SAT's certificates carry the holder's name. */
const OID_NAME = '2.5.4.41';

/**
 * A self-signed RSA-2048 / SHA-256 certificate for a company, with its key,
 * packed in a password-protected PKCS#12.
 */
export function generateTestCertificate(opts: TestCertificateOptions): TestCertificate {
  const commonName = opts.commonName.trim();
  const nit = opts.nit.trim();
  if (!commonName) throw new Error('generateTestCertificate: commonName is required');
  if (!nit) throw new Error('generateTestCertificate: nit is required');
  const validDays = opts.validDays ?? 730;
  if (!Number.isFinite(validDays) || validDays <= 0) {
    throw new Error('generateTestCertificate: validDays must be a positive number');
  }
  const password = opts.password ?? randomBytes(18).toString('base64url');

  const { privateKey: keyPem } = generateKeyPairSync('rsa', {
    modulusLength: 2048,
    publicExponent: 0x10001,
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  });
  const privateKey = forge.pki.privateKeyFromPem(keyPem) as forge.pki.rsa.PrivateKey;
  const publicKey = forge.pki.setRsaPublicKey(privateKey.n, privateKey.e);

  const cert = forge.pki.createCertificate();
  cert.publicKey = publicKey;
  // Positive serial number of 9 random bytes (first bit cleared so it stays positive): at most
  // 22 decimal digits, so the X509SerialNumber of a signature stays a valid xs:integer for
  // libxml2, which refuses integers of more than 24 digits.
  const issuing = countryOf(opts.country ?? colombia.code);
  const mx = !!issuing.authority?.numberedCertificates; // a CSD-like certificate (the SAT's)
  const serial = randomBytes(9);
  serial[0] = (serial[0] & 0x7f) | 0x01;
  // MX: "30001000000" followed by 9 random digits, written as ASCII (the SAT's NoCertificado).
  const satNumber = '30001000000' + String(serial.readUIntBE(0, 6) % 1_000_000_000).padStart(9, '0');
  cert.serialNumber = mx ? Buffer.from(satNumber, 'latin1').toString('hex') : serial.toString('hex');
  const notBefore = opts.notBefore ?? new Date(Date.now() - 60 * 60 * 1000);
  cert.validity.notBefore = notBefore;
  cert.validity.notAfter = new Date(notBefore.getTime() + validDays * 24 * 60 * 60 * 1000);

  // forge UTF-8-encodes values whose valueTagClass is UTF8String itself: pass the plain string.
  const utf8 = (value: string) => ({ value, valueTagClass: forge.asn1.Type.UTF8 as number });
  const subject = [
    { shortName: 'C', value: issuing.code },
    { shortName: 'O', ...utf8(commonName) },
    { shortName: 'OU', ...utf8(`Certificado de prueba autofirmado (no válido ante ${issuing.authority?.nameEs ?? 'ninguna autoridad tributaria'})`) },
    // A CSD carries the holder's name in the X.509 name attribute; the stamping provider compares it with Emisor/@Nombre.
    ...(mx ? [{ type: OID_UNIQUE_IDENTIFIER, value: nit }, { type: OID_NAME, ...utf8(commonName) }] : []),
    { type: OID_SERIAL_NUMBER, value: nit },
    { shortName: 'CN', ...utf8(commonName) },
  ];
  // The typings do not know valueTagClass; forge uses it to choose the ASN.1 string type.
  cert.setSubject(subject as forge.pki.CertificateField[]);
  cert.setIssuer(subject as forge.pki.CertificateField[]);
  cert.setExtensions([
    { name: 'basicConstraints', cA: false, critical: true },
    { name: 'keyUsage', digitalSignature: true, nonRepudiation: true, keyEncipherment: true, critical: true },
    { name: 'extKeyUsage', clientAuth: true, emailProtection: true },
    { name: 'subjectKeyIdentifier' },
  ]);
  cert.sign(privateKey, forge.md.sha256.create());

  const certPem = normalisePem(forge.pki.certificateToPem(cert));
  const p12Asn1 = forge.pkcs12.toPkcs12Asn1(privateKey, [cert], password, {
    algorithm: '3des',
    friendlyName: commonName,
    generateLocalKeyId: true,
  });
  const p12Base64 = Buffer.from(forge.asn1.toDer(p12Asn1).getBytes(), 'binary').toString('base64');
  return { p12Base64, password, certPem, keyPem: normalisePem(keyPem) };
}

/**
 * The most key-derivation iterations a PKCS#12 may ask for. Opening one derives a key from the password as many
 * times as the file says, for its MAC and for each encrypted bag: a file asking for millions would hold a thread for
 * minutes before a wrong password could even be refused. Certificates exported by OpenSSL, Windows and the
 * certifying authorities use 2,048 to 10,000.
 */
export const MAX_PKCS12_ITERATIONS = 100_000;

/**
 * The iteration counts a PKCS#12 names (its MacData's, and each PBE or PBKDF2 parameter set's: an INTEGER right after
 * the salt's OCTET STRING), read from its structure without deriving any key; nested DER inside OCTET STRINGs (the
 * bags of its unencrypted contents) is read too. A count too large for 32 bits is Infinity.
 */
export function pkcs12Iterations(der: Buffer): number[] {
  const out: number[] = [];
  const walk = (node: forge.asn1.Asn1, depth: number): void => {
    if (depth > 12) return;
    if (Array.isArray(node.value)) {
      node.value.forEach((child, i) => {
        const before = node.value[i - 1] as forge.asn1.Asn1 | undefined;
        if (child.tagClass === forge.asn1.Class.UNIVERSAL && child.type === forge.asn1.Type.INTEGER && typeof child.value === 'string'
          && before?.tagClass === forge.asn1.Class.UNIVERSAL && before.type === forge.asn1.Type.OCTETSTRING) {
          const bytes = child.value;
          out.push(bytes.length > 4 ? Infinity : [...bytes].reduce((n, c) => n * 256 + c.charCodeAt(0), 0));
        }
        walk(child, depth + 1);
      });
    } else if (node.type === forge.asn1.Type.OCTETSTRING && typeof node.value === 'string' && node.value.length > 1 && node.value.charCodeAt(0) === 0x30) {
      try { walk(forge.asn1.fromDer(forge.util.createBuffer(node.value)), depth + 1); } catch { /* an OCTET STRING that is no DER: a salt, a digest, ciphertext */ }
    }
  };
  walk(forge.asn1.fromDer(forge.util.createBuffer(der.toString('binary'))), 0);
  return out;
}

/**
 * Opens a PKCS#12 and returns the signing certificate (the one matching the
 * private key) with its key. Throws a CertificateError with a clear message
 * for a wrong password, a file that is not a PKCS#12, one without a key, or one
 * asking for more than MAX_PKCS12_ITERATIONS key-derivation iterations (refused
 * before any key is derived). Slow at best (node-forge derives in JavaScript):
 * a server runs it on the worker pool (task `pkcs12.load`).
 */
export function loadPkcs12(p12: Buffer | Uint8Array | string, password: string): LoadedCertificate {
  const der = typeof p12 === 'string' ? Buffer.from(p12.replace(/\s+/g, ''), 'base64') : Buffer.from(p12);
  if (der.length === 0) throw new CertificateError('The PKCS#12 file is empty', 'invalid_pkcs12');

  let pfx: forge.pkcs12.Pkcs12Pfx;
  try {
    const most = Math.max(0, ...pkcs12Iterations(der));
    if (most > MAX_PKCS12_ITERATIONS) {
      throw new CertificateError(`The PKCS#12 asks for ${Number.isFinite(most) ? most.toLocaleString('en') : 'more than 4,294,967,295'} key-derivation iterations; `
        + `at most ${MAX_PKCS12_ITERATIONS.toLocaleString('en')} are accepted (certificates exported by OpenSSL, Windows or the certifying authorities use 2,048 to 10,000): export it again`, 'invalid_pkcs12');
    }
    const asn1 = forge.asn1.fromDer(forge.util.createBuffer(der.toString('binary')));
    pfx = forge.pkcs12.pkcs12FromAsn1(asn1, false, password);
  } catch (err) {
    if (err instanceof CertificateError) throw err;
    const msg = err instanceof Error ? err.message : String(err);
    if (/MAC could not be verified|Invalid password|decrypt/i.test(msg)) {
      throw new CertificateError('Could not open the PKCS#12: the password is wrong (or the file is damaged)', 'wrong_password');
    }
    if (/unsupported/i.test(msg)) {
      throw new CertificateError(`Could not open the PKCS#12: ${msg}`, 'invalid_pkcs12');
    }
    throw new CertificateError(`The file is not a valid PKCS#12 (.p12/.pfx): ${msg}`, 'invalid_pkcs12');
  }

  const keyBags = [
    ...(pfx.getBags({ bagType: forge.pki.oids.pkcs8ShroudedKeyBag })[forge.pki.oids.pkcs8ShroudedKeyBag] ?? []),
    ...(pfx.getBags({ bagType: forge.pki.oids.keyBag })[forge.pki.oids.keyBag] ?? []),
  ];
  const certBags = pfx.getBags({ bagType: forge.pki.oids.certBag })[forge.pki.oids.certBag] ?? [];
  if (keyBags.length === 0) {
    throw new CertificateError('The PKCS#12 holds no private key: export it again including the private key', 'no_private_key');
  }
  const keyBag = keyBags.find((b) => b.key);
  if (!keyBag || !keyBag.key) {
    throw new CertificateError('The private key in the PKCS#12 is not an RSA key; the DIAN signature needs RSA', 'unsupported_key');
  }
  const key = keyBag.key as forge.pki.rsa.PrivateKey;
  const certs = certBags.map((b) => b.cert).filter((c): c is forge.pki.Certificate => !!c);
  if (certs.length === 0) {
    throw new CertificateError('The PKCS#12 holds no certificate', 'no_certificate');
  }
  const leaf = certs.find((c) => {
    const pub = c.publicKey as forge.pki.rsa.PublicKey;
    return !!pub.n && pub.n.equals(key.n) && pub.e.equals(key.e);
  });
  if (!leaf) {
    throw new CertificateError('No certificate in the PKCS#12 matches its private key', 'no_certificate');
  }

  const certPem = normalisePem(forge.pki.certificateToPem(leaf));
  const keyPem = createPrivateKey(forge.pki.privateKeyToPem(key)).export({ type: 'pkcs8', format: 'pem' }).toString();
  const serialHex = leaf.serialNumber.replace(/^0+(?=.)/, '').toUpperCase();
  return {
    certPem,
    keyPem: normalisePem(keyPem),
    certDerBase64: pemToDerBase64(certPem),
    chainPem: certs.filter((c) => c !== leaf).map((c) => normalisePem(forge.pki.certificateToPem(c))),
    serialNumber: BigInt('0x' + serialHex).toString(10),
    serialNumberHex: serialHex,
    issuerName: rfc4514(leaf.issuer.attributes),
    subjectName: rfc4514(leaf.subject.attributes),
    notBefore: leaf.validity.notBefore,
    notAfter: leaf.validity.notAfter,
  };
}

export interface CertificateFacts {
  certDerBase64: string;
  serialNumber: string;
  issuerName: string;
  subjectName: string;
  notBefore: Date;
  notAfter: Date;
  sha256Base64: string;
}

/**
 * Keys and certificates are decoded once per thread and kept, by their PEM text: a
 * company's signing credentials come back on every document, and a replaced
 * certificate has another text, so it is decoded anew. At most `MEMO` of each.
 */
const MEMO = 256;
function memo<T>(cache: Map<string, T>, pem: string, decode: (pem: string) => T): T {
  let hit = cache.get(pem);
  if (hit === undefined) {
    hit = decode(pem);
    if (cache.size >= MEMO) cache.delete(cache.keys().next().value!);
    cache.set(pem, hit);
  }
  return hit;
}
const keys = new Map<string, KeyObject>();
const certificates = new Map<string, CertificateFacts>();

/** A PEM private key as a Node KeyObject (decoded once per thread). */
export function privateKeyOf(keyPem: string): KeyObject {
  return memo(keys, keyPem, createPrivateKey);
}

/** Facts about a PEM certificate that the signature needs (read once per thread; do not change the result). */
export function describeCertificate(certPem: string): CertificateFacts {
  return memo(certificates, certPem, readCertificate);
}

function readCertificate(certPem: string): CertificateFacts {
  const cert = forge.pki.certificateFromPem(certPem);
  const derBase64 = pemToDerBase64(certPem);
  return {
    certDerBase64: derBase64,
    serialNumber: BigInt('0x' + (cert.serialNumber || '0')).toString(10),
    issuerName: rfc4514(cert.issuer.attributes),
    subjectName: rfc4514(cert.subject.attributes),
    notBefore: cert.validity.notBefore,
    notAfter: cert.validity.notAfter,
    sha256Base64: createHash('sha256').update(Buffer.from(derBase64, 'base64')).digest('base64'),
  };
}

/** The base64 DER inside a PEM certificate (the first one if there are several). */
export function pemToDerBase64(pem: string): string {
  const m = /-----BEGIN CERTIFICATE-----([\s\S]+?)-----END CERTIFICATE-----/.exec(pem);
  if (!m) throw new Error('Not a PEM certificate');
  return m[1].replace(/\s+/g, '');
}

/** A PEM certificate from the base64 of its DER. */
export function derBase64ToPem(derBase64: string): string {
  const b64 = derBase64.replace(/\s+/g, '');
  const lines = b64.match(/.{1,64}/g) ?? [];
  return `-----BEGIN CERTIFICATE-----\n${lines.join('\n')}\n-----END CERTIFICATE-----\n`;
}

function normalisePem(pem: string): string {
  return pem.replace(/\r\n/g, '\n').trim() + '\n';
}

// RFC 4514 names for the attribute types a certificate subject usually has;
// 2.5.4.5 (serialNumber) has none there, SERIALNUMBER is what .NET, Java and most tools print.
const ATTRIBUTE_NAMES: Record<string, string> = {
  '2.5.4.3': 'CN',
  '2.5.4.6': 'C',
  '2.5.4.7': 'L',
  '2.5.4.8': 'ST',
  '2.5.4.9': 'STREET',
  '2.5.4.10': 'O',
  '2.5.4.11': 'OU',
  '2.5.4.5': 'SERIALNUMBER',
  '2.5.4.4': 'SN',
  '2.5.4.42': 'GIVENNAME',
  '2.5.4.12': 'T',
  '1.2.840.113549.1.9.1': 'E',
  '0.9.2342.19200300.100.1.25': 'DC',
  '0.9.2342.19200300.100.1.1': 'UID',
};

interface ForgeAttribute {
  type?: string;
  value?: unknown;
  valueTagClass?: number;
}

/** A distinguished name as RFC 4514 writes it: last RDN first, comma separated, special characters escaped. */
function rfc4514(attributes: ForgeAttribute[]): string {
  return attributes
    .slice()
    .reverse()
    .map((a) => `${ATTRIBUTE_NAMES[a.type ?? ''] ?? a.type}=${escapeRdnValue(attributeText(a))}`)
    .join(',');
}

function attributeText(a: ForgeAttribute): string {
  const raw = typeof a.value === 'string' ? a.value : String(a.value ?? '');
  if (a.valueTagClass === forge.asn1.Type.UTF8) return forge.util.decodeUtf8(raw);
  if (a.valueTagClass === forge.asn1.Type.BMPSTRING) return Buffer.from(raw, 'binary').swap16().toString('utf16le');
  return Buffer.from(raw, 'binary').toString('latin1');
}

function escapeRdnValue(v: string): string {
  let out = v.replace(/[\\,+"<>;=]/g, (c) => '\\' + c).replace(/\0/g, '\\00');
  if (out.startsWith(' ') || out.startsWith('#')) out = '\\' + out;
  if (out.endsWith(' ') && !out.endsWith('\\ ')) out = out.slice(0, -1) + '\\ ';
  return out;
}
