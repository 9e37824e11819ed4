/**
 * The DIAN web service client (WcfDianCustomerServices): SOAP 1.2 with
 * WS-Addressing and WS-Security, as the DIAN's habilitación and production
 * services expect.
 *
 *  - `SendBillSync(fileName, contentFile)`: contentFile is the base64 of a ZIP
 *    holding the signed invoice XML; the answer is a DianResponse
 *    (IsValid, StatusCode, StatusDescription, ErrorMessage[], XmlDocumentKey).
 *  - `GetStatus(trackId)`: the same DianResponse for a CUFE already sent.
 *  - `SendTestSetAsync(fileName, contentFile, testSetId)` (habilitación): the
 *    answer is an UploadDocumentResponse with the ZipKey (track id), or an
 *    ErrorMessageList of XmlParamsResponseTrackId saying why the ZIP was not taken.
 *  - `GetStatusZip(trackId)`: one DianResponse per document of that ZIP; while
 *    the DIAN is still validating, a single one with no StatusCode ("Batch en
 *    proceso de validación.").
 *
 * A DianResponse's XmlBase64Bytes is the DIAN's signed ApplicationResponse (base64 of the XML, or of a
 * ZIP holding it): it is kept with the verdict, for the AttachedDocument sent to the customer.
 *
 * Every envelope carries wsse:Security with a wsu:Timestamp, the sender's
 * certificate as a BinarySecurityToken, and an RSA-SHA256 XML signature
 * (exclusive canonicalisation, done by xml-crypto) over wsa:To, whose key is
 * referenced through a SecurityTokenReference. The sender is the issuing
 * company, with the certificate it signs its invoices with.
 */
import { randomUUID } from 'node:crypto';
import * as xpath from 'xpath';
import { SignedXml } from 'xml-crypto';
import { zipSync, strToU8, unzipSync, strFromU8 } from 'fflate';
import type { DianAuthority, SubmitContext, TestSetReceipt, Verdict } from './authority';
import type { SigningCredentials } from './sign';
import { parseDom } from '../../../platform/xml-dom';
import { privateKeyOf } from '../../../einvoice/certificates';

export const DIAN_URLS = {
  habilitacion: 'https://vpfe-hab.dian.gov.co/WcfDianCustomerServices.svc',
  production: 'https://vpfe.dian.gov.co/WcfDianCustomerServices.svc',
} as const;

export const SOAP_NS = {
  soap: 'http://www.w3.org/2003/05/soap-envelope',
  wsa: 'http://www.w3.org/2005/08/addressing',
  wsse: 'http://docs.oasis-open.org/wss/2004/01/oasis-200401-wss-wssecurity-secext-1.0.xsd',
  wsu: 'http://docs.oasis-open.org/wss/2004/01/oasis-200401-wss-wssecurity-utility-1.0.xsd',
  wcf: 'http://wcf.dian.colombia',
  ds: 'http://www.w3.org/2000/09/xmldsig#',
  dian: 'http://schemas.datacontract.org/2004/07/DianResponse',
  arrays: 'http://schemas.microsoft.com/2003/10/Serialization/Arrays',
  upload: 'http://schemas.datacontract.org/2004/07/UploadDocumentResponse',
  trackIds: 'http://schemas.datacontract.org/2004/07/XmlParamsResponseTrackId',
} as const;

const X509_TOKEN = 'http://docs.oasis-open.org/wss/2004/01/oasis-200401-wss-x509-token-profile-1.0#X509v3';
const BASE64_BINARY = 'http://docs.oasis-open.org/wss/2004/01/oasis-200401-wss-soap-message-security-1.0#Base64Binary';
const EXC_C14N = 'http://www.w3.org/2001/10/xml-exc-c14n#';

export type DianOperation = 'SendBillSync' | 'GetStatus' | 'SendTestSetAsync' | 'GetStatusZip';
export const soapAction = (op: DianOperation) => `${SOAP_NS.wcf}/IWcfDianCustomerServices/${op}`;

const escape = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
const pemBody = (pem: string) => pem.replace(/-----[^-]+-----/g, '').replace(/\s+/g, '');

/** The signed SOAP envelope of one call; its timestamp is valid from `now` for `ttlSeconds`. */
export function buildEnvelope(op: DianOperation, body: Record<string, string>, to: string, cred: SigningCredentials,
  now = new Date(), ttlSeconds = 60): string {
  const id = randomUUID();
  const created = now.toISOString().replace(/\.\d+Z$/, '.000Z');
  const expires = new Date(now.getTime() + ttlSeconds * 1000).toISOString().replace(/\.\d+Z$/, '.000Z');
  const tokenId = `X509-${id}`;
  const params = Object.entries(body).map(([k, v]) => `<wcf:${k}>${escape(v)}</wcf:${k}>`).join('');
  const unsigned =
    `<soap:Envelope xmlns:soap="${SOAP_NS.soap}" xmlns:wcf="${SOAP_NS.wcf}">` +
    `<soap:Header xmlns:wsa="${SOAP_NS.wsa}">` +
    `<wsse:Security xmlns:wsse="${SOAP_NS.wsse}" xmlns:wsu="${SOAP_NS.wsu}" soap:mustUnderstand="true">` +
    `<wsu:Timestamp wsu:Id="TS-${id}"><wsu:Created>${created}</wsu:Created><wsu:Expires>${expires}</wsu:Expires></wsu:Timestamp>` +
    `<wsse:BinarySecurityToken EncodingType="${BASE64_BINARY}" ValueType="${X509_TOKEN}" wsu:Id="${tokenId}">${pemBody(cred.certPem)}</wsse:BinarySecurityToken>` +
    `</wsse:Security>` +
    `<wsa:Action>${soapAction(op)}</wsa:Action>` +
    `<wsa:To xmlns:wsu="${SOAP_NS.wsu}" wsu:Id="id-${id}">${escape(to)}</wsa:To>` +
    `</soap:Header>` +
    `<soap:Body><wcf:${op}>${params}</wcf:${op}></soap:Body>` +
    `</soap:Envelope>`;

  const sig = new SignedXml({
    privateKey: privateKeyOf(cred.keyPem),
    idMode: 'wssecurity',
    signatureAlgorithm: 'http://www.w3.org/2001/04/xmldsig-more#rsa-sha256',
    canonicalizationAlgorithm: EXC_C14N,
    inclusiveNamespacesPrefixList: ['wsa', 'soap', 'wcf'],
    getKeyInfoContent: () =>
      `<wsse:SecurityTokenReference><wsse:Reference URI="#${tokenId}" ValueType="${X509_TOKEN}"/></wsse:SecurityTokenReference>`,
  });
  sig.addReference({
    xpath: `//*[local-name(.)='To' and namespace-uri(.)='${SOAP_NS.wsa}']`,
    transforms: [EXC_C14N],
    digestAlgorithm: 'http://www.w3.org/2001/04/xmlenc#sha256',
    inclusiveNamespacesPrefixList: ['soap', 'wcf'],
  });
  sig.computeSignature(unsigned, {
    prefix: 'ds',
    location: { reference: `//*[local-name(.)='Security' and namespace-uri(.)='${SOAP_NS.wsse}']`, action: 'append' },
    existingPrefixes: { wsse: SOAP_NS.wsse, wsu: SOAP_NS.wsu },
  });
  return sig.getSignedXml();
}

/** What the DIAN's answer said, before it becomes our Verdict. */
export interface DianResponse {
  isValid: boolean;
  statusCode: string;
  statusDescription: string;
  statusMessage: string;
  errorMessages: string[];
  documentKey: string;
  /** XmlBase64Bytes: the authority's ApplicationResponse, decoded (unzipped when it came zipped). */
  applicationResponse: string | null;
}

export class SoapError extends Error {}

const select = xpath.useNamespaces({ soap: SOAP_NS.soap, b: SOAP_NS.dian, c: SOAP_NS.arrays, u: SOAP_NS.upload, t: SOAP_NS.trackIds });

/** XmlBase64Bytes as XML: base64 of the XML itself, or of a ZIP whose first entry is it; null when empty or unreadable. */
export function decodeXmlBytes(base64: string): string | null {
  if (!base64) return null;
  const bytes = Buffer.from(base64, 'base64');
  try {
    if (bytes[0] === 0x50 && bytes[1] === 0x4b) {
      const entries = Object.values(unzipSync(bytes));
      return entries.length ? strFromU8(entries[0]) : null;
    }
  } catch {
    return null;
  }
  const text = bytes.toString('utf8').replace(/^\uFEFF/, '');
  return text.trimStart().startsWith('<') ? text : null;
}

/** The answer's XML, after the checks every answer gets: a SOAP Fault or anything unreadable throws SoapError. */
function answerDocument(xml: string): Document {
  let broken = '';
  let doc: Document | undefined;
  try {
    doc = parseDom(xml, (level, msg) => { if (level !== 'warning') broken ||= msg; });
  } catch (e) {
    broken ||= (e as Error).message;
  }
  if (broken || !doc?.documentElement) throw new SoapError(`The DIAN answered something that is not XML: ${broken || xml.slice(0, 200)}`);
  const fault = (select('//soap:Fault', doc) as Node[])[0];
  if (fault) throw new SoapError(`SOAP fault from the DIAN: ${text('.//soap:Reason/soap:Text', fault) || text('.//soap:Value', fault) || 'no reason given'}`);
  return doc!;
}

const text = (q: string, ctx: Node) => ((select(q, ctx) as Node[])[0]?.textContent ?? '').trim();

/** One DianResponse: a SendBillSyncResult, a GetStatusResult, or a b:DianResponse of a GetStatusZipResult. */
function dianResponse(result: Node): DianResponse {
  return {
    isValid: text('b:IsValid', result) === 'true',
    statusCode: text('b:StatusCode', result),
    statusDescription: text('b:StatusDescription', result),
    statusMessage: text('b:StatusMessage', result),
    errorMessages: (select('b:ErrorMessage/c:string', result) as Node[]).map((n) => (n.textContent ?? '').trim()).filter(Boolean),
    documentKey: text('b:XmlDocumentKey', result),
    applicationResponse: decodeXmlBytes(text('b:XmlBase64Bytes', result)),
  };
}

/** Reads a SendBillSyncResponse / GetStatusResponse; a SOAP Fault or anything unreadable throws SoapError. */
export function parseDianResponse(xml: string): DianResponse {
  const doc = answerDocument(xml);
  const result = (select('//*[local-name()="SendBillSyncResult" or local-name()="GetStatusResult"]', doc) as Node[])[0];
  if (!result) throw new SoapError(`The DIAN's answer has no result: ${xml.slice(0, 200)}`);
  return dianResponse(result);
}

/** Reads a GetStatusZipResponse: one DianResponse per document; null while the DIAN is still validating the ZIP. */
export function parseStatusZip(xml: string): DianResponse[] | null {
  const doc = answerDocument(xml);
  const result = (select('//*[local-name()="GetStatusZipResult"]', doc) as Node[])[0];
  if (!result) throw new SoapError(`The DIAN's answer has no GetStatusZipResult: ${xml.slice(0, 200)}`);
  const responses = (select('b:DianResponse', result) as Node[]).map(dianResponse);
  if (!responses.length) throw new SoapError(`The DIAN's GetStatusZipResult holds no DianResponse: ${xml.slice(0, 200)}`);
  if (responses.length === 1 && !responses[0].statusCode && !responses[0].errorMessages.length) return null;
  return responses;
}

/** Reads a SendTestSetAsyncResponse: the ZipKey, or the reasons the ZIP was not taken. */
export function parseTestSetReceipt(xml: string): TestSetReceipt {
  const doc = answerDocument(xml);
  const result = (select('//*[local-name()="SendTestSetAsyncResult"]', doc) as Node[])[0];
  if (!result) throw new SoapError(`The DIAN's answer has no SendTestSetAsyncResult: ${xml.slice(0, 200)}`);
  const errors = (select('u:ErrorMessageList/t:XmlParamsResponseTrackId', result) as Node[])
    .filter((p) => text('t:Success', p) !== 'true')
    .map((p) => ({ code: 'TEST_SET', message: [text('t:XmlFileName', p), text('t:ProcessedMessage', p)].filter(Boolean).join(': ') || 'The DIAN did not take the ZIP' }));
  const trackId = text('u:ZipKey', result) || null;
  if (!trackId && !errors.length) errors.push({ code: 'TEST_SET', message: 'The DIAN answered SendTestSetAsync without a ZipKey' });
  return { trackId: errors.length ? null : trackId, errors };
}

/**
 * The DIAN's messages read "Regla: FAD06, Rechazo: …" (a rejection) or
 * "Regla: FAJ44b, Notificación: …" (an observation that does not reject).
 */
export function toVerdict(r: DianResponse): Verdict {
  const errors: Verdict['errors'] = [];
  const observations: string[] = [];
  for (const message of r.errorMessages) {
    const rule = /Regla:\s*([^,\s]+)\s*,\s*(Rechazo|Notificaci[oó]n)\s*:?\s*(.*)$/is.exec(message);
    if (rule && /^Notif/i.test(rule[2])) observations.push(message);
    else errors.push({ code: rule?.[1] ?? r.statusCode ?? 'DIAN', message: rule ? rule[3].trim() || message : message });
  }
  const ar = r.applicationResponse ? { applicationResponse: r.applicationResponse } : {};
  if (r.isValid && r.statusCode === '00') return { status: 'Accepted', cufe: r.documentKey || null, errors: [], observations, ...ar };
  if (!errors.length) errors.push({ code: r.statusCode || 'DIAN', message: r.statusDescription || r.statusMessage || 'The DIAN did not accept the document' });
  return { status: 'Rejected', cufe: null, errors, observations, ...ar };
}

/** A DIAN answer that says it has already processed this document (rule 90): ask GetStatus for its verdict. */
const alreadyProcessed = (r: DianResponse) => r.errorMessages.some((m) => /Regla:\s*90\b/.test(m));

/** The ZIP the DIAN takes: one entry, a fixed date (the same document gives the same bytes), base64. */
export function dianZip(entry: string, xml: string): string {
  return Buffer.from(zipSync({ [entry]: strToU8(xml) }, { level: 6, mtime: new Date('2020-01-01T00:00:00Z') })).toString('base64');
}

export interface DianWebServiceOptions {
  url: string;
  /** How long one HTTP call may take before it is abandoned (the outbox retries, asking GetStatus first). */
  timeoutMs: number;
  fetch?: typeof fetch;
  /** Where the envelope is signed and the ZIP made (the worker pool); by default here. */
  envelope?: (op: DianOperation, body: Record<string, string>, to: string, cred: SigningCredentials) => Promise<string>;
  zip?: (entry: string, xml: string) => Promise<string>;
}

export class DianWebService implements DianAuthority {
  readonly name = 'webservice';
  constructor(private o: DianWebServiceOptions) {}

  /** One signed call; the answer's text (a transport failure throws SoapError). */
  private async call(op: DianOperation, body: Record<string, string>, ctx: SubmitContext): Promise<string> {
    const envelope = this.o.envelope ? await this.o.envelope(op, body, this.o.url, ctx.credentials) : buildEnvelope(op, body, this.o.url, ctx.credentials);
    let res: Response;
    try {
      res = await (this.o.fetch ?? fetch)(this.o.url, {
        method: 'POST',
        headers: { 'content-type': `application/soap+xml; charset=utf-8; action="${soapAction(op)}"` },
        body: envelope,
        signal: AbortSignal.timeout(this.o.timeoutMs),
      });
    } catch (e) {
      throw new SoapError(`The DIAN web service at ${this.o.url} did not answer ${op}: ${(e as Error).message}`);
    }
    const text = await res.text();
    // A SOAP 1.2 fault comes with HTTP 500 and is read as a fault; anything else that is not 200 is a transport failure.
    if (!res.ok && !text.includes('Fault')) throw new SoapError(`The DIAN web service answered ${op} with HTTP ${res.status}`);
    return text;
  }

  async status(cufe: string, ctx: SubmitContext): Promise<Verdict | null> {
    const r = parseDianResponse(await this.call('GetStatus', { trackId: cufe }, ctx));
    // Only a processed document has a verdict; "not found" (and anything still in process) means it is not there yet.
    if (r.statusCode === '00' || (r.statusCode === '99' && r.errorMessages.length)) return toVerdict(r);
    return null;
  }

  /** The ZIP of one document, as both SendBillSync and SendTestSetAsync take it. */
  private async zipped(signedXml: string, ctx: SubmitContext) {
    const entry = `${ctx.documentPrefix ?? 'fv'}${ctx.fileName}.xml`;
    const contentFile = this.o.zip ? await this.o.zip(entry, signedXml) : dianZip(entry, signedXml);
    return { fileName: `z${ctx.zipName ?? ctx.fileName}.zip`, contentFile };
  }

  async sendTestSet(signedXml: string, testSetId: string, ctx: SubmitContext): Promise<TestSetReceipt> {
    return parseTestSetReceipt(await this.call('SendTestSetAsync', { ...(await this.zipped(signedXml, ctx)), testSetId }, ctx));
  }

  async statusZip(trackId: string, ctx: SubmitContext): Promise<Verdict[] | null> {
    return parseStatusZip(await this.call('GetStatusZip', { trackId }, ctx))?.map(toVerdict) ?? null;
  }

  async send(signedXml: string, ctx: SubmitContext): Promise<Verdict> {
    const r = parseDianResponse(await this.call('SendBillSync', await this.zipped(signedXml, ctx), ctx));
    if (alreadyProcessed(r) && ctx.cufe) {
      const held = await this.status(ctx.cufe, ctx);
      if (held) return held;
    }
    return toVerdict(r);
  }
}
