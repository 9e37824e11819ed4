/**
 * A stand-in for the DIAN web service on a loopback port. It checks each
 * request as the DIAN would before looking at the invoice: SOAP 1.2 envelope,
 * WS-Addressing Action and To, a fresh wsu:Timestamp, the sender's
 * BinarySecurityToken, and an XML signature that verifies with that token's
 * key and covers wsa:To. A request that fails any check gets a SOAP fault and
 * is listed in `problems`. Invoices are unzipped and judged by `judge` (the
 * tests pass the sandbox authority); verdicts are held by CUFE for GetStatus.
 * Every DianResponse carries the judge's ApplicationResponse in XmlBase64Bytes.
 *
 * Habilitación: SendTestSetAsync takes the same ZIP plus a testSetId (a GUID,
 * and one of `testSets` when that list is not empty), answers an
 * UploadDocumentResponse with a ZipKey at once, and judges the document
 * afterwards; GetStatusZip answers "Batch en proceso de validación." (no
 * StatusCode) for the first `pollsBeforeVerdict` calls of a ZipKey, then one
 * DianResponse per document with its XmlFileName.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { X509Certificate, randomUUID } from 'node:crypto';
import { DOMParser } from '@xmldom/xmldom';
import * as xpath from 'xpath';
import { SignedXml } from 'xml-crypto';
import { unzipSync, strFromU8 } from 'fflate';
import type { Verdict } from '../../src/countries/co/dian/authority';
import { sleep } from './profile';

const NS = {
  soap: 'http://www.w3.org/2003/05/soap-envelope',
  wsa: 'http://www.w3.org/2005/08/addressing',
  wsse: 'http://docs.oasis-open.org/wss/2004/01/oasis-200401-wss-wssecurity-secext-1.0.xsd',
  wsu: 'http://docs.oasis-open.org/wss/2004/01/oasis-200401-wss-wssecurity-utility-1.0.xsd',
  ds: 'http://www.w3.org/2000/09/xmldsig#',
  wcf: 'http://wcf.dian.colombia',
  dian: 'http://schemas.datacontract.org/2004/07/DianResponse',
  upload: 'http://schemas.datacontract.org/2004/07/UploadDocumentResponse',
  trackIds: 'http://schemas.datacontract.org/2004/07/XmlParamsResponseTrackId',
};
const select = xpath.useNamespaces(NS);

export interface FakeCall { op: string; fileName?: string; trackId?: string; cufe?: string; status?: string; signerSerial?: string; testSetId?: string }

const GUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const OPERATIONS = ['SendBillSync', 'GetStatus', 'SendTestSetAsync', 'GetStatusZip'];

export class FakeDian {
  url = '';
  calls: FakeCall[] = [];
  problems: string[] = [];
  judge: (xml: string) => Promise<Verdict> = async () => { throw new Error('no judge set'); };
  /** Answers the next SendBillSync only after this many ms (it is judged and held at once, like a slow network). */
  delayNextSend = 0;
  /** The test set ids the DIAN gave (empty: any GUID). */
  testSets = new Set<string>();
  /** GetStatusZip calls of a ZipKey answered "en proceso" before its verdict. */
  pollsBeforeVerdict = 1;
  private held = new Map<string, Verdict>();
  private zips = new Map<string, { polls: number; fileName: string; cufe: string; verdict: Verdict | null }>();
  private server = http.createServer((req, res) => this.handle(req, res));

  async start(): Promise<this> {
    await new Promise<void>((ok) => this.server.listen(0, '127.0.0.1', ok));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/WcfDianCustomerServices.svc`;
    return this;
  }

  close(): Promise<void> {
    this.server.closeAllConnections();
    return new Promise((ok) => this.server.close(() => ok()));
  }

  private async handle(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const body = Buffer.concat(chunks).toString('utf8');
    const fault = (reason: string) => {
      this.problems.push(reason);
      res.writeHead(500, { 'content-type': 'application/soap+xml; charset=utf-8' }).end(
        `<s:Envelope xmlns:s="${NS.soap}"><s:Body><s:Fault><s:Code><s:Value>s:Sender</s:Value></s:Code>` +
        `<s:Reason><s:Text xml:lang="es-CO">${reason.replace(/</g, '&lt;')}</s:Text></s:Reason></s:Fault></s:Body></s:Envelope>`);
    };
    try {
      const checked = this.check(req, body);
      if (typeof checked === 'string') return fault(checked);
      const { op, doc, serial } = checked;
      const param = (name: string) => ((select(`/soap:Envelope/soap:Body/wcf:${op}/wcf:${name}`, doc) as Node[])[0]?.textContent ?? '');
      if (op === 'GetStatus') {
        const trackId = param('trackId');
        const held = this.held.get(trackId);
        this.calls.push({ op, trackId, status: held?.status, signerSerial: serial });
        return this.answer(res, op, held ?? null, trackId);
      }
      if (op === 'GetStatusZip') {
        const trackId = param('trackId');
        const zip = this.zips.get(trackId);
        const ready = zip && zip.verdict && zip.polls >= this.pollsBeforeVerdict;
        if (zip) zip.polls++;
        this.calls.push({ op, trackId, cufe: zip?.cufe, status: !zip ? 'unknown' : ready ? zip.verdict!.status : 'in process', signerSerial: serial });
        return this.reply(res, op, `<b:DianResponse>${!zip ? this.dianResponse(null, '') : ready ? this.dianResponse(zip.verdict, zip.cufe, zip.fileName) : IN_PROCESS}</b:DianResponse>`);
      }
      const fileName = param('fileName');
      if (!/^z\d{10}\d{3}\d{2}[0-9a-f]{8}\.zip$/.test(fileName)) return fault(`fileName ${fileName} is not z<NIT 10><provider 3><year 2><hex 8>.zip`);
      const files = unzipSync(Buffer.from(param('contentFile'), 'base64'));
      const names = Object.keys(files);
      const xml = names.length === 1 ? strFromU8(files[names[0]]) : '';
      // The file inside is named after its document: fv an invoice, nc a credit note, nd a debit note; same NIT, provider and year
      // as the ZIP, its own consecutive (annex 1.9: one per file type).
      const root = xml ? new DOMParser().parseFromString(xml, 'text/xml').documentElement?.localName : '';
      const prefix = ({ CreditNote: 'nc', DebitNote: 'nd' } as Record<string, string>)[root ?? ''] ?? 'fv';
      const expected = names[0] ?? '';
      if (names.length !== 1 || !new RegExp(`^${prefix}${fileName.slice(1, 16)}[0-9a-f]{8}\\.xml$`).test(expected)) {
        return fault(`the ZIP holds ${names.join(', ') || 'nothing'}, not ${prefix}${fileName.slice(1, 16)}<hex 8>.xml`);
      }
      const cufe = ((select('//*[local-name()="UUID"]', new DOMParser().parseFromString(xml, 'text/xml') as unknown as Node) as Node[])[0]?.textContent ?? '').trim();
      if (op === 'SendTestSetAsync') {
        const testSetId = param('testSetId');
        const known = GUID.test(testSetId) && (!this.testSets.size || this.testSets.has(testSetId));
        this.calls.push({ op, fileName, cufe, testSetId, status: known ? 'taken' : 'refused', signerSerial: serial });
        if (!known) {
          return this.reply(res, op, `<b:ErrorMessageList xmlns:c="${NS.trackIds}"><c:XmlParamsResponseTrackId><c:DocumentKey/>` +
            `<c:ProcessedMessage>Set de prueba con identificador ${esc(testSetId)} no existe o no pertenece al software</c:ProcessedMessage>` +
            `<c:Success>false</c:Success><c:XmlFileName>${esc(expected.slice(0, -4))}</c:XmlFileName></c:XmlParamsResponseTrackId></b:ErrorMessageList><b:ZipKey i:nil="true"/>`, NS.upload);
        }
        const zipKey = randomUUID();
        const entry = { polls: 0, fileName: expected.slice(0, -4), cufe, verdict: null as Verdict | null };
        this.zips.set(zipKey, entry);
        setImmediate(() => { this.judge(xml).then((v) => { entry.verdict = v; }, (e) => { this.problems.push(`judge: ${(e as Error).message}`); }); });
        return this.reply(res, op, `<b:ErrorMessageList i:nil="true" xmlns:c="${NS.trackIds}"/><b:ZipKey>${zipKey}</b:ZipKey>`, NS.upload);
      }
      let verdict = this.held.get(cufe);
      const repeated = verdict?.status === 'Accepted';
      if (!repeated) {
        verdict = await this.judge(xml);
        this.held.set(cufe, verdict);
      }
      this.calls.push({ op, fileName, cufe, status: repeated ? 'repeated' : verdict!.status, signerSerial: serial });
      const delay = this.delayNextSend;
      this.delayNextSend = 0;
      if (delay) await sleep(delay);
      if (repeated) return this.answer(res, op, { status: 'Rejected', cufe: null, errors: [{ code: '90', message: 'Documento procesado anteriormente.' }], observations: [] }, cufe);
      return this.answer(res, op, verdict!, cufe);
    } catch (e) {
      return fault(`unreadable request: ${(e as Error).message}`);
    }
  }

  /** The envelope checks; a string says what is wrong. */
  private check(req: http.IncomingMessage, body: string): { op: string; doc: Document; serial: string } | string {
    const type = String(req.headers['content-type'] ?? '');
    if (!type.startsWith('application/soap+xml')) return `content-type ${type} is not SOAP 1.2`;
    const doc = new DOMParser().parseFromString(body, 'text/xml') as unknown as Document;
    const one = (q: string) => (select(q, doc) as Node[])[0] as Element | undefined;
    const action = one('/soap:Envelope/soap:Header/wsa:Action')?.textContent ?? '';
    const op = action.replace(`${NS.wcf}/IWcfDianCustomerServices/`, '');
    if (!OPERATIONS.includes(op)) return `unknown wsa:Action ${action}`;
    if (!type.includes(`action="${action}"`)) return 'the content-type action does not match wsa:Action';
    if (!one(`/soap:Envelope/soap:Body/wcf:${op}`)) return `the body is not a ${op}`;
    const to = one('/soap:Envelope/soap:Header/wsa:To');
    if (to?.textContent !== this.url) return `wsa:To ${to?.textContent} is not ${this.url}`;

    const security = one('/soap:Envelope/soap:Header/wsse:Security');
    if (!security) return 'no wsse:Security header';
    const created = Date.parse(one('//wsse:Security/wsu:Timestamp/wsu:Created')?.textContent ?? '');
    const expires = Date.parse(one('//wsse:Security/wsu:Timestamp/wsu:Expires')?.textContent ?? '');
    const now = Date.now();
    if (!(created <= now + 5000 && expires >= now && expires > created)) return 'the wsu:Timestamp is missing, not yet valid or expired';
    const token = one('//wsse:Security/wsse:BinarySecurityToken');
    if (!token) return 'no BinarySecurityToken';
    const certPem = `-----BEGIN CERTIFICATE-----\n${(token.textContent ?? '').replace(/\s+/g, '').replace(/(.{64})/g, '$1\n')}\n-----END CERTIFICATE-----\n`;
    const cert = new X509Certificate(certPem);
    const tokenRef = one('//wsse:Security/ds:Signature/ds:KeyInfo/wsse:SecurityTokenReference/wsse:Reference')?.getAttribute('URI');
    if (tokenRef !== `#${token.getAttributeNS(NS.wsu, 'Id')}`) return 'the signature does not point at the BinarySecurityToken';

    const signature = one('//wsse:Security/ds:Signature');
    if (!signature) return 'no ds:Signature';
    const verifier = new SignedXml({ publicCert: certPem, idMode: 'wssecurity' });
    verifier.loadSignature(signature);
    let valid = false;
    try { valid = verifier.checkSignature(body); } catch (e) { return `the signature does not verify: ${(e as Error).message}`; }
    if (!valid) return 'the signature does not verify';
    const signed = (select('.//ds:SignedInfo/ds:Reference/@URI', signature) as Attr[]).map((a) => a.value);
    if (!signed.includes(`#${to.getAttributeNS(NS.wsu, 'Id')}`)) return 'the signature does not cover wsa:To';
    return { op, doc, serial: cert.serialNumber };
  }

  /** A SendBillSync or GetStatus answer: one DianResponse. */
  private answer(res: http.ServerResponse, op: string, verdict: Verdict | null, key: string): void {
    this.reply(res, op, this.dianResponse(verdict, key));
  }

  /** The fields of a DianResponse: verdict, rule messages, the ApplicationResponse, the document's key and file name. */
  private dianResponse(verdict: Verdict | null, key: string, fileName?: string): string {
    const status = !verdict ? { valid: false, code: '66', description: 'NSU no encontrado' }
      : verdict.status === 'Accepted' ? { valid: true, code: '00', description: 'Procesado Correctamente.' }
      : { valid: false, code: '99', description: 'Validación contiene errores en campos mandatorios.' };
    const messages = verdict ? [
      ...verdict.errors.map((e) => `Regla: ${e.code}, Rechazo: ${e.message}`),
      ...verdict.observations.map((o) => `Regla: OBS, Notificación: ${o}`),
    ] : [];
    const ar = verdict?.applicationResponse ? Buffer.from(verdict.applicationResponse, 'utf8').toString('base64') : '';
    return `<b:ErrorMessage xmlns:c="http://schemas.microsoft.com/2003/10/Serialization/Arrays">${messages.map((m) => `<c:string>${esc(m)}</c:string>`).join('')}</b:ErrorMessage>` +
      `<b:IsValid>${status.valid}</b:IsValid><b:StatusCode>${status.code}</b:StatusCode><b:StatusDescription>${status.description}</b:StatusDescription>` +
      `<b:StatusMessage>${status.description}</b:StatusMessage>` +
      `${ar ? `<b:XmlBase64Bytes>${ar}</b:XmlBase64Bytes>` : '<b:XmlBase64Bytes i:nil="true"/>'}<b:XmlBytes i:nil="true"/>` +
      `<b:XmlDocumentKey>${verdict ? esc(key) : ''}</b:XmlDocumentKey>${fileName ? `<b:XmlFileName>${esc(fileName)}</b:XmlFileName>` : ''}`;
  }

  /** The SOAP 1.2 answer of `op`, its result in the data-contract namespace `ns` (DianResponse unless said). */
  private reply(res: http.ServerResponse, op: string, result: string, ns = NS.dian): void {
    res.writeHead(200, { 'content-type': 'application/soap+xml; charset=utf-8' }).end(
      `<s:Envelope xmlns:s="${NS.soap}" xmlns:a="${NS.wsa}"><s:Header><a:Action s:mustUnderstand="1">${NS.wcf}/IWcfDianCustomerServices/${op}Response</a:Action></s:Header>` +
      `<s:Body><${op}Response xmlns="${NS.wcf}"><${op}Result xmlns:b="${ns}" xmlns:i="http://www.w3.org/2001/XMLSchema-instance">` +
      `${result}</${op}Result></${op}Response></s:Body></s:Envelope>`);
  }
}

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;');

/** What GetStatusZip answers while the DIAN is still validating the ZIP. */
const IN_PROCESS = '<b:ErrorMessage i:nil="true" xmlns:c="http://schemas.microsoft.com/2003/10/Serialization/Arrays"/><b:IsValid>false</b:IsValid><b:StatusCode/>' +
  '<b:StatusDescription>Batch en proceso de validación.</b:StatusDescription><b:StatusMessage i:nil="true"/><b:XmlBase64Bytes i:nil="true"/>' +
  '<b:XmlBytes i:nil="true"/><b:XmlDocumentKey i:nil="true"/><b:XmlFileName i:nil="true"/>';
