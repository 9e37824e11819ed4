import { test } from 'node:test';
import assert from 'node:assert/strict';
import { X509Certificate, createHash, createPrivateKey, createPublicKey, sign, verify } from 'node:crypto';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DOMParser, XMLSerializer } from '@xmldom/xmldom';
import forge from 'node-forge';
import { SignedXml as XmlCryptoSignedXml } from 'xml-crypto';
import { needsTool } from '../support/tools';
import { CertificateError, generateTestCertificate, loadPkcs12 } from '../../src/einvoice/certificates';
import {
  ALGORITHMS,
  DIAN_SIGNATURE_POLICY,
  NS,
  SignatureError,
  signInvoiceXml,
  verifyInvoiceSignature,
} from '../../src/countries/co/dian/sign';
import { cutSubtree, verifyParsedSignature } from '../../src/countries/co/dian/verify-parsed';
import { libxml } from '../../src/einvoice/xsd';

const COMPANY = 'Compañía Demo & Hijos S.A.S.';
const NIT = '900373115';

// A small but realistic DIAN UBL 2.1 invoice: the first UBLExtension holds the DIAN extension,
// the second one an empty ExtensionContent for the signature.
const INVOICE = `<?xml version="1.0" encoding="UTF-8" standalone="no"?>
<Invoice xmlns="urn:oasis:names:specification:ubl:schema:xsd:Invoice-2" xmlns:cac="urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2" xmlns:cbc="urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2" xmlns:ext="urn:oasis:names:specification:ubl:schema:xsd:CommonExtensionComponents-2" xmlns:sts="dian:gov:co:facturaelectronica:Structures-2-1" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xsi:schemaLocation="urn:oasis:names:specification:ubl:schema:xsd:Invoice-2 http://docs.oasis-open.org/ubl/os-UBL-2.1/xsd/maindoc/UBL-Invoice-2.1.xsd">
  <ext:UBLExtensions>
    <ext:UBLExtension>
      <ext:ExtensionContent>
        <sts:DianExtensions>
          <sts:InvoiceControl>
            <sts:InvoiceAuthorization>18760000001</sts:InvoiceAuthorization>
            <sts:AuthorizationPeriod><cbc:StartDate>2019-01-19</cbc:StartDate><cbc:EndDate>2030-01-19</cbc:EndDate></sts:AuthorizationPeriod>
            <sts:AuthorizedInvoices><sts:Prefix>SETP</sts:Prefix><sts:From>990000000</sts:From><sts:To>995000000</sts:To></sts:AuthorizedInvoices>
          </sts:InvoiceControl>
          <sts:InvoiceSource><cbc:IdentificationCode listAgencyID="6" listAgencyName="United Nations Economic Commission for Europe" listSchemeURI="urn:oasis:names:specification:ubl:codelist:gc:CountryIdentificationCode-2.1">CO</cbc:IdentificationCode></sts:InvoiceSource>
          <sts:SoftwareProvider>
            <sts:ProviderID schemeAgencyID="195" schemeAgencyName="CO, DIAN (Dirección de Impuestos y Aduanas Nacionales)" schemeID="3" schemeName="31">900373115</sts:ProviderID>
            <sts:SoftwareID schemeAgencyID="195" schemeAgencyName="CO, DIAN (Dirección de Impuestos y Aduanas Nacionales)">56f2ae4e-9812-4fad-9255-08fcfcd5ccb0</sts:SoftwareID>
          </sts:SoftwareProvider>
          <sts:SoftwareSecurityCode schemeAgencyID="195" schemeAgencyName="CO, DIAN (Dirección de Impuestos y Aduanas Nacionales)">a8d8bd6f0e0b6a8b1bb1c18cd5eb2b3f7a4a6c0ff0f9a6b2b41e6e79f0b6f1f8c6a3d2e1f0a9b8c7d6e5f4a3b2c1d0e9f8</sts:SoftwareSecurityCode>
          <sts:AuthorizationProvider><sts:AuthorizationProviderID schemeAgencyID="195" schemeAgencyName="CO, DIAN (Dirección de Impuestos y Aduanas Nacionales)" schemeID="4" schemeName="31">800197268</sts:AuthorizationProviderID></sts:AuthorizationProvider>
          <sts:QRCode>NroFactura=SETP990000002 NitFacturador=900373115 NitAdquiriente=800199436 FechaFactura=2019-06-20 ValorTotalFactura=1785000.00</sts:QRCode>
        </sts:DianExtensions>
      </ext:ExtensionContent>
    </ext:UBLExtension>
    <ext:UBLExtension>
      <ext:ExtensionContent></ext:ExtensionContent>
    </ext:UBLExtension>
  </ext:UBLExtensions>
  <cbc:UBLVersionID>UBL 2.1</cbc:UBLVersionID>
  <cbc:CustomizationID>10</cbc:CustomizationID>
  <cbc:ProfileID>DIAN 2.1: Factura Electrónica de Venta</cbc:ProfileID>
  <cbc:ProfileExecutionID>2</cbc:ProfileExecutionID>
  <cbc:ID>SETP990000002</cbc:ID>
  <cbc:UUID schemeID="2" schemeName="CUFE-SHA384">941cf36af62dbbc06f105d2a80e9bfe683a90e84960eae4d351cc3afbe8f848c26c39bac4fbc80fa254824c6369ea694</cbc:UUID>
  <cbc:IssueDate>2019-06-20</cbc:IssueDate>
  <cbc:IssueTime>09:15:23-05:00</cbc:IssueTime>
  <cbc:InvoiceTypeCode>01</cbc:InvoiceTypeCode>
  <cbc:Note>Factura de prueba: diseño, instalación y revisión técnica</cbc:Note>
  <cbc:DocumentCurrencyCode>COP</cbc:DocumentCurrencyCode>
  <cbc:LineCountNumeric>1</cbc:LineCountNumeric>
  <cac:AccountingSupplierParty>
    <cbc:AdditionalAccountID>1</cbc:AdditionalAccountID>
    <cac:Party>
      <cac:PartyName><cbc:Name>Compañía Demo &amp; Hijos S.A.S.</cbc:Name></cac:PartyName>
      <cac:PartyTaxScheme>
        <cbc:RegistrationName>Compañía Demo &amp; Hijos S.A.S.</cbc:RegistrationName>
        <cbc:CompanyID schemeAgencyID="195" schemeID="3" schemeName="31">900373115</cbc:CompanyID>
        <cbc:TaxLevelCode listName="48">O-13</cbc:TaxLevelCode>
        <cac:TaxScheme><cbc:ID>01</cbc:ID><cbc:Name>IVA</cbc:Name></cac:TaxScheme>
      </cac:PartyTaxScheme>
    </cac:Party>
  </cac:AccountingSupplierParty>
  <cac:AccountingCustomerParty>
    <cbc:AdditionalAccountID>1</cbc:AdditionalAccountID>
    <cac:Party>
      <cac:PartyName><cbc:Name>Café Ñandú Ltda.</cbc:Name></cac:PartyName>
      <cac:PartyTaxScheme>
        <cbc:RegistrationName>Café Ñandú Ltda.</cbc:RegistrationName>
        <cbc:CompanyID schemeAgencyID="195" schemeID="6" schemeName="31">800199436</cbc:CompanyID>
        <cbc:TaxLevelCode listName="48">R-99-PN</cbc:TaxLevelCode>
        <cac:TaxScheme><cbc:ID>01</cbc:ID><cbc:Name>IVA</cbc:Name></cac:TaxScheme>
      </cac:PartyTaxScheme>
    </cac:Party>
  </cac:AccountingCustomerParty>
  <cac:PaymentMeans><cbc:ID>1</cbc:ID><cbc:PaymentMeansCode>10</cbc:PaymentMeansCode></cac:PaymentMeans>
  <cac:TaxTotal>
    <cbc:TaxAmount currencyID="COP">285000.00</cbc:TaxAmount>
    <cac:TaxSubtotal>
      <cbc:TaxableAmount currencyID="COP">1500000.00</cbc:TaxableAmount>
      <cbc:TaxAmount currencyID="COP">285000.00</cbc:TaxAmount>
      <cac:TaxCategory><cbc:Percent>19.00</cbc:Percent><cac:TaxScheme><cbc:ID>01</cbc:ID><cbc:Name>IVA</cbc:Name></cac:TaxScheme></cac:TaxCategory>
    </cac:TaxSubtotal>
  </cac:TaxTotal>
  <cac:LegalMonetaryTotal>
    <cbc:LineExtensionAmount currencyID="COP">1500000.00</cbc:LineExtensionAmount>
    <cbc:TaxExclusiveAmount currencyID="COP">1500000.00</cbc:TaxExclusiveAmount>
    <cbc:TaxInclusiveAmount currencyID="COP">1785000.00</cbc:TaxInclusiveAmount>
    <cbc:PayableAmount currencyID="COP">1785000.00</cbc:PayableAmount>
  </cac:LegalMonetaryTotal>
  <cac:InvoiceLine>
    <cbc:ID>1</cbc:ID>
    <cbc:InvoicedQuantity unitCode="94">1.000000</cbc:InvoicedQuantity>
    <cbc:LineExtensionAmount currencyID="COP">1500000.00</cbc:LineExtensionAmount>
    <cac:TaxTotal>
      <cbc:TaxAmount currencyID="COP">285000.00</cbc:TaxAmount>
      <cac:TaxSubtotal>
        <cbc:TaxableAmount currencyID="COP">1500000.00</cbc:TaxableAmount>
        <cbc:TaxAmount currencyID="COP">285000.00</cbc:TaxAmount>
        <cac:TaxCategory><cbc:Percent>19.00</cbc:Percent><cac:TaxScheme><cbc:ID>01</cbc:ID><cbc:Name>IVA</cbc:Name></cac:TaxScheme></cac:TaxCategory>
      </cac:TaxSubtotal>
    </cac:TaxTotal>
    <cac:Item><cbc:Description>Diseño e instalación de señalización</cbc:Description></cac:Item>
    <cac:Price><cbc:PriceAmount currencyID="COP">1500000.00</cbc:PriceAmount><cbc:BaseQuantity unitCode="94">1.000000</cbc:BaseQuantity></cac:Price>
  </cac:InvoiceLine>
</Invoice>
`;

// One certificate for the whole file (RSA key generation takes a moment).
const testCert = generateTestCertificate({ commonName: COMPANY, nit: NIT, validDays: 365 });
const cred = loadPkcs12(testCert.p12Base64, testCert.password);
const SIGNING_TIME = new Date(Date.now() - 60_000);

let signedOnce: Promise<string> | undefined;
function signedInvoice(): Promise<string> {
  signedOnce ??= signInvoiceXml(INVOICE, cred, { signingTime: SIGNING_TIME });
  return signedOnce;
}

function parse(xml: string) {
  return new DOMParser().parseFromString(xml, 'application/xml');
}

/** A second verifier: xml-crypto's SignedXml, with its own reference processing (libxmlsec1 below is a third). */
function xmlCryptoVerifies(signedXml: string, certPem: string): boolean {
  const doc = parse(signedXml);
  const sig = doc.getElementsByTagNameNS(NS.ds, 'Signature').item(0);
  assert.ok(sig, 'a ds:Signature is present');
  const verifier = new XmlCryptoSignedXml({ publicCert: certPem });
  verifier.loadSignature(sig as unknown as Node);
  try {
    return verifier.checkSignature(signedXml);
  } catch {
    return false;
  }
}

function textOf(doc: ReturnType<typeof parse>, ns: string, localName: string): string[] {
  const out: string[] = [];
  const list = doc.getElementsByTagNameNS(ns, localName);
  for (let i = 0; i < list.length; i++) out.push(list.item(i)!.textContent ?? '');
  return out;
}

test('a generated test certificate round-trips through PKCS#12', () => {
  assert.match(testCert.certPem, /^-----BEGIN CERTIFICATE-----/);
  assert.match(testCert.keyPem, /^-----BEGIN PRIVATE KEY-----/);
  assert.ok(testCert.password.length >= 16);
  assert.equal(cred.certPem, testCert.certPem);
  assert.equal(
    createPrivateKey(cred.keyPem).export({ type: 'pkcs8', format: 'pem' }),
    createPrivateKey(testCert.keyPem).export({ type: 'pkcs8', format: 'pem' }),
  );

  const x509 = new X509Certificate(cred.certPem);
  assert.equal(x509.publicKey.asymmetricKeyDetails?.modulusLength, 2048);
  assert.ok(x509.verify(x509.publicKey), 'self-signed: its own key verifies it');
  assert.equal(x509.subject, x509.issuer);
  assert.match(x509.subject, /serialNumber=900373115/);
  // The certificate's own signature is SHA-256 with RSA.
  const forgeCert = forge.pki.certificateFromPem(cred.certPem);
  assert.equal(forgeCert.siginfo.algorithmOid, forge.pki.oids.sha256WithRSAEncryption);

  // The key signs what the certificate verifies.
  const sig = sign('sha256', Buffer.from('hola'), createPrivateKey(cred.keyPem));
  assert.ok(verify('sha256', Buffer.from('hola'), createPublicKey(cred.certPem), sig));

  assert.equal(cred.serialNumber, BigInt('0x' + x509.serialNumber).toString(10));
  assert.equal(cred.serialNumberHex, x509.serialNumber.replace(/^0+/, '').toUpperCase());
  assert.equal(cred.certDerBase64, x509.raw.toString('base64'));
  assert.equal(cred.issuerName, cred.subjectName);
  assert.ok(cred.issuerName.startsWith(`CN=${COMPANY},SERIALNUMBER=${NIT},`), cred.issuerName);
  assert.ok(cred.issuerName.endsWith(',C=CO'), cred.issuerName);
  const days = (cred.notAfter.getTime() - cred.notBefore.getTime()) / 86_400_000;
  assert.equal(Math.round(days), 365);
  assert.ok(cred.notBefore.getTime() <= Date.now());
  assert.deepEqual(cred.chainPem, []);
});

test('a wrong PKCS#12 password gives a clear error', () => {
  assert.throws(
    () => loadPkcs12(Buffer.from(testCert.p12Base64, 'base64'), 'not-the-password'),
    (err: unknown) => {
      assert.ok(err instanceof CertificateError);
      assert.equal(err.code, 'wrong_password');
      assert.match(err.message, /password is wrong/);
      return true;
    },
  );
});

test('a PKCS#12 without a private key, or that is not a PKCS#12, is refused clearly', () => {
  const certOnly = forge.pkcs12.toPkcs12Asn1(null, forge.pki.certificateFromPem(testCert.certPem), 'secret', { algorithm: '3des' });
  const der = Buffer.from(forge.asn1.toDer(certOnly).getBytes(), 'binary');
  assert.throws(() => loadPkcs12(der, 'secret'), (err: unknown) => {
    assert.ok(err instanceof CertificateError);
    assert.equal(err.code, 'no_private_key');
    assert.match(err.message, /no private key/);
    return true;
  });
  assert.throws(() => loadPkcs12(Buffer.from('this is not a p12'), 'x'), (err: unknown) => {
    assert.ok(err instanceof CertificateError);
    assert.equal(err.code, 'invalid_pkcs12');
    return true;
  });
});

test('the signed invoice verifies with verifyInvoiceSignature and with xml-crypto', async () => {
  const signed = await signedInvoice();
  const result = await verifyInvoiceSignature(signed);
  assert.equal(result.reason, undefined);
  assert.equal(result.valid, true);
  assert.equal(result.certPem, cred.certPem);
  assert.equal(result.policyIdentifier, DIAN_SIGNATURE_POLICY.identifier);

  assert.equal(xmlCryptoVerifies(signed, cred.certPem), true, 'xml-crypto verifies the ds:Signature');

  // The expected-certificate check.
  assert.equal((await verifyInvoiceSignature(signed, { expectedCertPem: cred.certPem })).valid, true);
  const other = generateTestCertificate({ commonName: 'Otra Empresa S.A.S.', nit: '800199436', validDays: 30 });
  const wrongCert = await verifyInvoiceSignature(signed, { expectedCertPem: other.certPem });
  assert.equal(wrongCert.valid, false);
  assert.match(wrongCert.reason ?? '', /another certificate/);
  assert.equal(xmlCryptoVerifies(signed, other.certPem), false, 'xml-crypto refuses a different key');
});

test('signing keeps the document as it was: accents, &amp; and the first extension', async () => {
  const signed = await signedInvoice();
  assert.ok(signed.startsWith('<?xml version="1.0" encoding="UTF-8" standalone="no"?>'));
  assert.ok(signed.includes('<cbc:Name>Compañía Demo &amp; Hijos S.A.S.</cbc:Name>'));
  assert.ok(signed.includes('<cbc:Name>Café Ñandú Ltda.</cbc:Name>'));

  // Removing the signature gives back the original document.
  const doc = parse(signed);
  const sig = doc.getElementsByTagNameNS(NS.ds, 'Signature').item(0)!;
  sig.parentNode!.removeChild(sig);
  const ser = new XMLSerializer();
  assert.equal(ser.serializeToString(doc), ser.serializeToString(parse(INVOICE)));
});

test('tampering with an amount makes verification fail', async () => {
  const signed = await signedInvoice();
  const tampered = signed.replace(
    '<cbc:PayableAmount currencyID="COP">1785000.00</cbc:PayableAmount>',
    '<cbc:PayableAmount currencyID="COP">1.00</cbc:PayableAmount>',
  );
  assert.notEqual(tampered, signed);
  const result = await verifyInvoiceSignature(tampered);
  assert.equal(result.valid, false);
  assert.match(result.reason ?? '', /modified/);
  assert.equal(xmlCryptoVerifies(tampered, cred.certPem), false);

  // A customer name changed in a way that still parses.
  const renamed = signed.replace('<cbc:RegistrationName>Café Ñandú Ltda.', '<cbc:RegistrationName>Cafe Nandu Ltda.');
  assert.equal((await verifyInvoiceSignature(renamed)).valid, false);
});

test('tampering with the signed properties or the signature value makes verification fail', async () => {
  const signed = await signedInvoice();
  const doc = parse(signed);
  const time = doc.getElementsByTagNameNS(NS.xades, 'SigningTime').item(0)!.textContent!;
  const backdated = signed.replace(`<xades:SigningTime>${time}</xades:SigningTime>`, '<xades:SigningTime>2019-01-01T00:00:00.000-05:00</xades:SigningTime>');
  assert.notEqual(backdated, signed);
  const r1 = await verifyInvoiceSignature(backdated);
  assert.equal(r1.valid, false);
  assert.match(r1.reason ?? '', /signedprops was modified/);
  assert.equal(xmlCryptoVerifies(backdated, cred.certPem), false);

  const value = doc.getElementsByTagNameNS(NS.ds, 'SignatureValue').item(0)!.textContent!;
  const flipped = (value[10] === 'A' ? 'B' : 'A');
  const badValue = signed.replace(value, value.slice(0, 10) + flipped + value.slice(11));
  const r2 = await verifyInvoiceSignature(badValue);
  assert.equal(r2.valid, false);
  assert.match(r2.reason ?? '', /signature value does not verify/);
});

test('the ds:Signature sits inside the last ext:ExtensionContent', async () => {
  const doc = parse(await signedInvoice());
  const sigs = doc.getElementsByTagNameNS(NS.ds, 'Signature');
  assert.equal(sigs.length, 1);
  const contents = doc.getElementsByTagNameNS(NS.ext, 'ExtensionContent');
  assert.equal(contents.length, 2);
  const last = contents.item(1)!;
  assert.equal(sigs.item(0)!.parentNode, last);
  assert.equal(last.parentNode!.parentNode!.parentNode, doc.documentElement, 'ExtensionContent/UBLExtension/UBLExtensions/Invoice');
  // The first one still holds the DIAN extension and nothing else.
  const first = contents.item(0)!;
  assert.equal(first.getElementsByTagNameNS(NS.ds, 'Signature').length, 0);
  assert.equal(first.getElementsByTagNameNS('dian:gov:co:facturaelectronica:Structures-2-1', 'DianExtensions').length, 1);
});

test('the signature has the DIAN XAdES-EPES shape', async () => {
  const signed = await signedInvoice();
  const doc = parse(signed);
  const sig = doc.getElementsByTagNameNS(NS.ds, 'Signature').item(0)!;
  const id = sig.getAttribute('Id')!;
  assert.match(id, /^xmldsig-[0-9a-f-]{36}$/);

  const alg = (name: string) => {
    const list = sig.getElementsByTagNameNS(NS.ds, name);
    const out: string[] = [];
    for (let i = 0; i < list.length; i++) out.push(list.item(i)!.getAttribute('Algorithm')!);
    return out;
  };
  assert.deepEqual(alg('CanonicalizationMethod'), [ALGORITHMS.c14n]);
  assert.deepEqual(alg('SignatureMethod'), [ALGORITHMS.rsaSha256]);

  // Three references: the document (enveloped), the KeyInfo, the SignedProperties.
  const signedInfo = sig.getElementsByTagNameNS(NS.ds, 'SignedInfo').item(0)!;
  const refs = signedInfo.getElementsByTagNameNS(NS.ds, 'Reference');
  assert.equal(refs.length, 3);
  const ref = (i: number) => refs.item(i)!;
  const transforms = (i: number) => {
    const list = ref(i).getElementsByTagNameNS(NS.ds, 'Transform');
    const out: string[] = [];
    for (let j = 0; j < list.length; j++) out.push(list.item(j)!.getAttribute('Algorithm')!);
    return out;
  };
  const digestAlg = (i: number) => ref(i).getElementsByTagNameNS(NS.ds, 'DigestMethod').item(0)!.getAttribute('Algorithm');
  assert.equal(ref(0).getAttribute('URI'), '');
  assert.deepEqual(transforms(0), [ALGORITHMS.enveloped]);
  const keyInfo = sig.getElementsByTagNameNS(NS.ds, 'KeyInfo').item(0)!;
  assert.equal(ref(1).getAttribute('URI'), `#${keyInfo.getAttribute('Id')}`);
  assert.equal(keyInfo.getAttribute('Id'), `${id}-keyinfo`);
  const signedProps = sig.getElementsByTagNameNS(NS.xades, 'SignedProperties').item(0)!;
  assert.equal(signedProps.getAttribute('Id'), `${id}-signedprops`);
  assert.equal(ref(2).getAttribute('URI'), `#${id}-signedprops`);
  assert.equal(ref(2).getAttribute('Type'), ALGORITHMS.signedPropertiesType);
  for (const i of [0, 1, 2]) assert.equal(digestAlg(i), ALGORITHMS.sha256);

  // KeyInfo/X509Data/X509Certificate is the signer's certificate.
  assert.deepEqual(textOf(doc, NS.ds, 'X509Certificate'), [cred.certDerBase64]);

  // QualifyingProperties targets the signature.
  const qp = sig.getElementsByTagNameNS(NS.xades, 'QualifyingProperties').item(0)!;
  assert.equal(qp.getAttribute('Target'), `#${id}`);

  // SigningTime in Colombian time.
  const [signingTime] = textOf(doc, NS.xades, 'SigningTime');
  assert.match(signingTime, /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}-05:00$/);
  assert.equal(new Date(signingTime).getTime(), SIGNING_TIME.getTime());

  // SignaturePolicyIdentifier: the DIAN policy and its hash.
  const policy = sig.getElementsByTagNameNS(NS.xades, 'SignaturePolicyIdentifier').item(0)!;
  assert.equal(policy.getElementsByTagNameNS(NS.xades, 'Identifier').item(0)!.textContent, DIAN_SIGNATURE_POLICY.identifier);
  const policyHash = policy.getElementsByTagNameNS(NS.xades, 'SigPolicyHash').item(0)!;
  assert.equal(policyHash.getElementsByTagNameNS(NS.ds, 'DigestMethod').item(0)!.getAttribute('Algorithm'), ALGORITHMS.sha256);
  assert.equal(policyHash.getElementsByTagNameNS(NS.ds, 'DigestValue').item(0)!.textContent, 'dMoMvtcG5aIzgYo0tIsSQeVJBDnUnfSOfBpxXrmor0Y=');

  // SignerRole: supplier.
  assert.deepEqual(textOf(doc, NS.xades, 'ClaimedRole'), ['supplier']);
});

test('the XAdES SigningCertificate digest is the SHA-256 of the certificate DER', async () => {
  const doc = parse(await signedInvoice());
  const certEl = doc.getElementsByTagNameNS(NS.xades, 'SigningCertificate').item(0)!;
  const certs = certEl.getElementsByTagNameNS(NS.xades, 'Cert');
  assert.equal(certs.length, 1);
  const digest = certEl.getElementsByTagNameNS(NS.xades, 'CertDigest').item(0)!;
  assert.equal(digest.getElementsByTagNameNS(NS.ds, 'DigestMethod').item(0)!.getAttribute('Algorithm'), ALGORITHMS.sha256);
  const der = new X509Certificate(cred.certPem).raw;
  assert.equal(
    digest.getElementsByTagNameNS(NS.ds, 'DigestValue').item(0)!.textContent,
    createHash('sha256').update(der).digest('base64'),
  );
  assert.deepEqual(textOf(doc, NS.ds, 'X509SerialNumber'), [cred.serialNumber]);
  assert.deepEqual(textOf(doc, NS.ds, 'X509IssuerName'), [cred.issuerName]);
});

test('a document whose last ExtensionContent is not empty, or that has none, is not signed', async () => {
  const signed = await signedInvoice();
  await assert.rejects(signInvoiceXml(signed, cred), (err: unknown) => {
    assert.ok(err instanceof SignatureError);
    assert.match(err.message, /not empty/);
    return true;
  });
  const bare = '<Invoice xmlns="urn:oasis:names:specification:ubl:schema:xsd:Invoice-2"><ID xmlns="urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2">1</ID></Invoice>';
  await assert.rejects(signInvoiceXml(bare, cred), SignatureError);
  // A key that is not the certificate's.
  const other = generateTestCertificate({ commonName: 'Otra', nit: '800199436', validDays: 30 });
  await assert.rejects(signInvoiceXml(INVOICE, { certPem: cred.certPem, keyPem: other.keyPem }), /does not belong to the certificate/);
});

test('an unsigned document or a signature moved out of place does not verify', async () => {
  const none = await verifyInvoiceSignature(INVOICE);
  assert.equal(none.valid, false);
  assert.match(none.reason ?? '', /no ds:Signature/);

  const doc = parse(await signedInvoice());
  const sig = doc.getElementsByTagNameNS(NS.ds, 'Signature').item(0)!;
  doc.getElementsByTagNameNS(NS.ext, 'ExtensionContent').item(0)!.appendChild(sig);
  const moved = await verifyInvoiceSignature(new XMLSerializer().serializeToString(doc));
  assert.equal(moved.valid, false);
  assert.match(moved.reason ?? '', /not in the last ext:ExtensionContent/);
});

// A third verifier, the reference C implementation (libxmlsec1), when the machine has it.
test('xmlsec1 verifies the signature too', { skip: needsTool('xmlsec1', 'xmlsec1') }, async () => {
  const dir = mkdtempSync(join(tmpdir(), 'dian-sign-'));
  try {
    writeFileSync(join(dir, 'signed.xml'), await signedInvoice());
    writeFileSync(join(dir, 'cert.pem'), cred.certPem);
    const run = spawnSync(
      'xmlsec1',
      ['--verify', '--pubkey-cert-pem', join(dir, 'cert.pem'), '--id-attr:Id', 'KeyInfo', '--id-attr:Id', `${NS.xades}:SignedProperties`, join(dir, 'signed.xml')],
      { encoding: 'utf8' },
    );
    // It also complains that a self-signed certificate has no trusted chain; the signature itself is what counts.
    assert.equal(run.status, 0, run.stderr);
    assert.match(run.stderr, /^OK$/m);
    assert.match(run.stderr, /SignedInfo References \(ok\/all\): 3\/3/);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

// The sandbox DIAN's verifier, on the one libxml2 parse it judges (verify-parsed.ts), against verifyInvoiceSignature:
// the same verdict on every document, and the same cause where something is wrong.
async function bothVerifiers(xml: string): Promise<{ dom: Awaited<ReturnType<typeof verifyInvoiceSignature>>; parsed: ReturnType<typeof verifyParsedSignature> }> {
  const lib = await libxml();
  const doc = lib.XmlDocument.fromString(xml);
  try {
    const parsed = verifyParsedSignature(lib, doc);
    const dom = await verifyInvoiceSignature(xml);
    assert.equal(parsed.valid, dom.valid, `both verifiers agree (xmldom: ${dom.reason}; libxml2: ${parsed.reason})`);
    return { dom, parsed };
  } finally {
    doc.dispose();
  }
}

test('the libxml2 verifier of the sandbox accepts what verifyInvoiceSignature accepts', async () => {
  const signed = await signedInvoice();
  const { parsed } = await bothVerifiers(signed);
  assert.equal(parsed.reason, undefined);
  assert.equal(parsed.valid, true);
  assert.equal(parsed.certPem, cred.certPem);
  assert.equal(parsed.policyIdentifier, DIAN_SIGNATURE_POLICY.identifier);
  // Comments and processing instructions are not signed (C14N without comments; the root element only).
  const commented = signed.replace('<cbc:UBLVersionID>', '<!-- a comment --><cbc:UBLVersionID>').replace('<Invoice ', '<?pi here?><!-- before --><Invoice ') + '<!-- after -->';
  assert.equal((await bothVerifiers(commented)).parsed.valid, true);
  // Another certificate's signature verifies as its own (no expected certificate is asked here).
  const other = generateTestCertificate({ commonName: 'Otra Empresa S.A.S.', nit: '800199436', validDays: 30 });
  const byOther = await bothVerifiers(await signInvoiceXml(INVOICE, other));
  assert.equal(byOther.parsed.valid, true);
  assert.notEqual(byOther.parsed.certPem, cred.certPem);
});

test('the libxml2 verifier of the sandbox refuses each tampering verifyInvoiceSignature refuses', async () => {
  const signed = await signedInvoice();
  const doc = parse(signed);
  const refuses = async (xml: string, reason: RegExp) => {
    assert.notEqual(xml, signed);
    const { parsed } = await bothVerifiers(xml);
    assert.equal(parsed.valid, false);
    assert.match(parsed.reason ?? '', reason);
  };
  await refuses(signed.replace('<cbc:PayableAmount currencyID="COP">1785000.00', '<cbc:PayableAmount currencyID="COP">1.00'), /document was modified/);
  await refuses(signed.replace('<cbc:RegistrationName>Café Ñandú Ltda.', '<cbc:RegistrationName>Cafe Nandu Ltda.'), /document was modified/);
  await refuses(signed.replace('<cbc:UBLVersionID>', '\n<cbc:UBLVersionID>'), /document was modified/);
  const time = doc.getElementsByTagNameNS(NS.xades, 'SigningTime').item(0)!.textContent!;
  await refuses(signed.replace(time, '2019-01-01T00:00:00.000-05:00'), /signedprops was modified/);
  const value = doc.getElementsByTagNameNS(NS.ds, 'SignatureValue').item(0)!.textContent!;
  await refuses(signed.replace(value, value.slice(0, 10) + (value[10] === 'A' ? 'B' : 'A') + value.slice(11)), /signature value does not verify/);
  // A digest written wrong.
  const digest = doc.getElementsByTagNameNS(NS.ds, 'DigestValue').item(0)!.textContent!;
  await refuses(signed.replace(`<ds:DigestValue>${digest}`, `<ds:DigestValue>${digest.replace(/^./, (c) => (c === 'A' ? 'B' : 'A'))}`), /document was modified/);
  // Another certificate put in ds:KeyInfo.
  const other = generateTestCertificate({ commonName: 'Otra Empresa S.A.S.', nit: '800199436', validDays: 30 });
  const cert = doc.getElementsByTagNameNS(NS.ds, 'X509Certificate').item(0)!.textContent!;
  await refuses(signed.replace(cert, other.certPem.replace(/-----[^-]+-----|\s/g, '')), /keyinfo was modified/);
  // Unknown algorithms.
  await refuses(signed.replace(`<ds:Transform Algorithm="${ALGORITHMS.c14n}">`, '<ds:Transform Algorithm="urn:example:unknown">'), /Unsupported transform urn:example:unknown/);
  await refuses(signed.replace(`<ds:DigestMethod Algorithm="${ALGORITHMS.sha256}">`, '<ds:DigestMethod Algorithm="urn:example:unknown">'), /Unsupported ds:DigestMethod/);
  await refuses(signed.replace(`<ds:SignatureMethod Algorithm="${ALGORITHMS.rsaSha256}">`, '<ds:SignatureMethod Algorithm="urn:example:unknown">'), /Unsupported signature method/);
  await refuses(signed.replace(`<ds:CanonicalizationMethod Algorithm="${ALGORITHMS.c14n}">`, '<ds:CanonicalizationMethod Algorithm="urn:example:unknown">'), /Unsupported ds:CanonicalizationMethod/);
  // No reference to the whole document.
  await refuses(signed.replace(`<ds:Transform Algorithm="${ALGORITHMS.enveloped}">`, `<ds:Transform Algorithm="${ALGORITHMS.c14n}">`), /No signed reference covers the whole document/);
  // A copy of the signature's content in a processing instruction (the verifier cannot cut the signature from
  // the document's canonical form where it is found twice, and hides it node by node instead).
  const inner = /<ds:Signature [^>]*>([\s\S]*)$/.exec(signed.slice(0, signed.indexOf('</ds:Signature>') + '</ds:Signature>'.length))![1];
  await refuses(signed.replace('<cbc:UBLVersionID>', `<?copy ${inner}?><cbc:UBLVersionID>`), /document was modified/);
  // No signature, a signature moved out of place, a second signature, an Id given twice (a wrapped element).
  await refuses(INVOICE, /no ds:Signature/);
  const sig = doc.getElementsByTagNameNS(NS.ds, 'Signature').item(0)!;
  const moved = parse(signed);
  moved.getElementsByTagNameNS(NS.ext, 'ExtensionContent').item(0)!.appendChild(moved.getElementsByTagNameNS(NS.ds, 'Signature').item(0)!);
  await refuses(new XMLSerializer().serializeToString(moved), /not in the last ext:ExtensionContent/);
  const sigText = new XMLSerializer().serializeToString(sig);
  await refuses(signed.replace('</sts:DianExtensions>', `</sts:DianExtensions>${sigText}`), /2 ds:Signature elements/);
  const propsId = doc.getElementsByTagNameNS(NS.xades, 'SignedProperties').item(0)!.getAttribute('Id')!;
  await refuses(signed.replace('</ds:Object>', `</ds:Object><ds:Object Id="${propsId}"></ds:Object>`), new RegExp(`Several elements have the Id ${propsId}`));
});

// The verifier cuts each element's canonical form from the whole document's (cutSubtree); libxml2's own subtree form
// must be the same text, for every element of documents with the namespace cases C14N 1.0 distinguishes.
test('every element cut from the whole canonical form is libxml2\'s own canonical form of it', async () => {
  const lib = await libxml();
  const documents = [
    await signedInvoice(),
    // A default namespace changed, undeclared (xmlns="") and declared again; a prefix declared again to the same URI
    // and bound to another; attributes in other namespaces, values with '>', quotes, tabs and entities; empty elements.
    `<r xmlns="urn:a" xmlns:p="urn:p" z="1" a="x &gt; y"><p:c xmlns:p="urn:p" p:k="&quot;q&quot;"><d xmlns=""><e xmlns="urn:b"/><f/></d></p:c>` +
      `<g xmlns:p="urn:other" xmlns:b="urn:b" b:a="2" p:a="1">text &amp; &lt;more&gt;<h t="a	b"/></g><!-- note --><i/></r>`,
    `<?xml version="1.0"?>\n<root><a><b>1</b><b>2</b></a><c xmlns:x="urn:x"><x:y/></c></root>`,
  ];
  let compared = 0;
  for (const xml of documents) {
    const doc = lib.XmlDocument.fromString(xml);
    try {
      const whole = doc.canonicalizeToString({ mode: 0 });
      const elements = doc.find(lib.XmlXPath.compile('//*'));
      assert.ok(elements.length > 3);
      elements.forEach((el, index) => {
        assert.equal(cutSubtree(whole, index), doc.canonicalizeToString({ mode: 0, nodeSet: new Set([el]) }), `element ${index} of ${xml.slice(0, 40)}`);
        compared++;
      });
      assert.equal(cutSubtree(whole, elements.length), null, 'past the last element');
    } finally {
      doc.dispose();
    }
  }
  assert.ok(compared > 60, `${compared} elements compared`);
  // What cannot be told from the whole form alone is left to libxml2: an inherited xml:* attribute, a processing instruction.
  for (const xml of ['<r xml:lang="es"><a/></r>', '<r><?pi x?><a/></r>']) {
    const doc = lib.XmlDocument.fromString(xml);
    try {
      assert.equal(cutSubtree(doc.canonicalizeToString({ mode: 0 }), 1), null, xml);
    } finally {
      doc.dispose();
    }
  }
});
