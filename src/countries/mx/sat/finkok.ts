/**
 * The adapter of a real stamping provider: Finkok's SOAP web service
 * (PAC_MODE=finkok, PAC_URL, PAC_USER, PAC_PASSWORD, PAC_TIMEOUT_MS), behind
 * the same interfaces as the sandbox (StampProvider, CancelProvider).
 *
 *   {PAC_URL}/servicios/soap/stamp.wsdl   stamp(xml, username, password): the sealed CFDI, base64;
 *                                        the answer carries xml (the stamped CFDI), UUID, Fecha, CodEstatus,
 *                                        SatSeal, NoCertificadoSAT, or Incidencias (CodigoError, MensajeIncidencia)
 *                                        stamped(xml, username, password): the stamp a CFDI already got
 *   {PAC_URL}/servicios/soap/cancel.wsdl  cancel(UUIDS/UUID@UUID@Motivo@FolioSustitucion, username, password,
 *                                        taxpayer_id, cer, key, store_pending): Folios/Folio with EstatusUUID
 *                                        and EstatusCancelacion
 *                                        get_sat_status(username, password, taxpayer_id, rtaxpayer_id, uuid,
 *                                        total): Estado, EstatusCancelacion
 *
 * The key sent to cancel is the CSD's key encrypted (PKCS#8) with the account's password, as Finkok's samples
 * send it; get_sat_status is asked with the CFDI's own Total (a payment receipt's is 0).
 *
 * A retry of a CFDI already sent first asks `stamped` (StampProvider.stamped), so a CFDI is never stamped
 * twice; incidence 307 (a previous stamp) is answered with that stamp too. Every provider incidence becomes
 * a stamp error with its code; a timeout, an HTTP or SOAP fault, or an answer that cannot be read is
 * thrown, so the outbox tries again later and the document stays Pending.
 */
import crypto from 'node:crypto';
import { parseDom } from '../../../platform/xml-dom';
import * as xpath from 'xpath';
import type { StampProvider, StampVerdict } from './provider';
import type { CancelProvider, CancelRequest, CancelVerdict } from './cancel';

export const FINKOK_NS = {
  soap: 'http://schemas.xmlsoap.org/soap/envelope/',
  stamp: 'http://facturacion.finkok.com/stamp',
  cancel: 'http://facturacion.finkok.com/cancel',
  apps: 'apps.services.soap.core.views',
};

export interface FinkokOptions { url: string; user: string; password: string; timeoutMs: number }

/** Incidence 307: the CFDI was stamped before; the answer (or `stamped`) gives that stamp. */
const PREVIOUS_STAMP = '307';

const escape = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** A SOAP 1.1 envelope with one operation of the namespace and its parameters (text, or XML written as is). */
export function finkokEnvelope(ns: 'stamp' | 'cancel', op: string, params: [string, string | { xml: string }][]): string {
  const body = params.map(([k, v]) => `<${ns}:${k}>${typeof v === 'string' ? escape(v) : v.xml}</${ns}:${k}>`).join('');
  return `<?xml version="1.0" encoding="UTF-8"?><soapenv:Envelope xmlns:soapenv="${FINKOK_NS.soap}" xmlns:${ns}="${FINKOK_NS[ns]}" xmlns:apps="${FINKOK_NS.apps}">`
    + `<soapenv:Header/><soapenv:Body><${ns}:${op}>${body}</${ns}:${op}></soapenv:Body></soapenv:Envelope>`;
}

/** The text of the first element of that local name anywhere in the answer ('' when absent). */
export function field(doc: Document | Node, name: string): string {
  const n = (xpath.select(`//*[local-name()='${name}']`, doc) as Node[])[0];
  return n ? (n.textContent ?? '').trim() : '';
}

/**
 * The CSD's key as Finkok's cancel samples send it: PKCS#8 encrypted with the Finkok account's password
 * (PEM "ENCRYPTED PRIVATE KEY", AES-256-CBC), never the key in the clear.
 */
export function encryptedKey(keyPem: string, password: string): string {
  return crypto.createPrivateKey(keyPem).export({ type: 'pkcs8', format: 'pem', cipher: 'aes-256-cbc', passphrase: password }) as string;
}

export class FinkokPac implements StampProvider, CancelProvider {
  readonly name = 'finkok';

  constructor(private o: FinkokOptions) {}

  private async call(service: 'stamp' | 'cancel', op: string, params: [string, string | { xml: string }][]): Promise<Document> {
    let res: Response;
    try {
      res = await fetch(`${this.o.url.replace(/\/$/, '')}/servicios/soap/${service}.wsdl`, {
        method: 'POST',
        headers: { 'Content-Type': 'text/xml; charset=utf-8', SOAPAction: `"${FINKOK_NS[service]}/${op}"` },
        body: finkokEnvelope(service, op, params),
        signal: AbortSignal.timeout(this.o.timeoutMs),
      });
    } catch (e) {
      throw new Error(`Finkok ${op}: no answer (${(e as Error).name === 'TimeoutError' ? `timed out after ${this.o.timeoutMs} ms` : (e as Error).message})`);
    }
    const text = await res.text();
    let problem = '';
    const doc = parseDom(text, (level, msg) => { if (level !== 'warning') problem ||= msg; });
    if (problem || !doc?.documentElement || doc.documentElement.localName !== 'Envelope') {
      throw new Error(`Finkok ${op}: HTTP ${res.status}, an answer that is not a SOAP envelope`);
    }
    const fault = field(doc, 'faultstring');
    if (fault || !res.ok) throw new Error(`Finkok ${op}: HTTP ${res.status}${fault ? `, SOAP fault: ${fault}` : ''}`);
    return doc;
  }

  private auth(): [string, string][] {
    return [['username', this.o.user], ['password', this.o.password]];
  }

  /** The stamp in an answer of stamp or stamped, or the incidences. */
  private verdict(doc: Document, op: string): StampVerdict & { previous: boolean } {
    const incidences = (xpath.select(`//*[local-name()='Incidencia']`, doc) as Node[])
      .map((n) => ({ code: field(n, 'CodigoError'), message: field(n, 'MensajeIncidencia') }));
    const xml = field(doc, 'xml');
    const uuid = field(doc, 'UUID');
    const previous = incidences.some((i) => i.code === PREVIOUS_STAMP);
    if (xml && uuid && (!incidences.length || previous)) {
      return { status: 'Accepted', uuid: uuid.toUpperCase(), xml, errors: [], observations: incidences.map((i) => `${i.code}: ${i.message}`), previous };
    }
    if (!incidences.length) throw new Error(`Finkok ${op}: an answer with neither a stamp nor incidences`);
    return { status: 'Rejected', uuid: null, xml: null, errors: incidences.map((i) => ({ code: i.code || 'FINKOK', message: i.message })), observations: [], previous };
  }

  async stamp(sealedCfdi: string): Promise<StampVerdict> {
    const doc = await this.call('stamp', 'stamp', [['xml', Buffer.from(sealedCfdi, 'utf8').toString('base64')], ...this.auth()]);
    const v = this.verdict(doc, 'stamp');
    if (v.status === 'Rejected' && v.previous) return (await this.stamped(sealedCfdi)) ?? v;
    const { previous: _, ...verdict } = v;
    return verdict;
  }

  /** The stamp this CFDI already got, or null when it has none. */
  async stamped(sealedCfdi: string): Promise<StampVerdict | null> {
    const doc = await this.call('stamp', 'stamped', [['xml', Buffer.from(sealedCfdi, 'utf8').toString('base64')], ...this.auth()]);
    const v = this.verdict(doc, 'stamped');
    if (v.status !== 'Accepted') return null;
    const { previous: _, ...verdict } = v;
    return verdict;
  }

  async cancel(r: CancelRequest): Promise<CancelVerdict> {
    const csd = await r.csd();
    const uuid = `<apps:UUID UUID="${escape(r.uuid)}" Motivo="${escape(r.motive)}" FolioSustitucion="${escape(r.substitution ?? '')}"/>`;
    const doc = await this.call('cancel', 'cancel', [
      ['UUIDS', { xml: uuid }], ...this.auth(), ['taxpayer_id', r.issuer],
      ['cer', Buffer.from(csd.certPem).toString('base64')], ['key', Buffer.from(encryptedKey(csd.keyPem, this.o.password)).toString('base64')], ['store_pending', 'false'],
    ]);
    const status = field(doc, 'EstatusUUID');
    const process = field(doc, 'EstatusCancelacion');
    if (status === '201' || status === '202') {
      if (/proceso/i.test(process)) return { status: 'PendingAcceptance', errors: [] };
      if (status === '202' || /cancelad/i.test(process)) return { status: 'Cancelled', errors: [] };
      return this.status(r);
    }
    const message = field(doc, 'CodEstatus') || process || 'Finkok refused the cancellation';
    if (!status && !field(doc, 'CodEstatus')) throw new Error('Finkok cancel: an answer with no status');
    return { status: 'Rejected', errors: [{ code: status || 'FINKOK', message }] };
  }

  async status(r: CancelRequest): Promise<CancelVerdict> {
    const doc = await this.call('cancel', 'get_sat_status', [
      ...this.auth(), ['taxpayer_id', r.issuer], ['rtaxpayer_id', r.receiver], ['uuid', r.uuid], ['total', r.total],
    ]);
    const state = field(doc, 'Estado');
    const process = field(doc, 'EstatusCancelacion');
    if (/^cancelado/i.test(state)) return { status: 'Cancelled', errors: [] };
    if (/proceso/i.test(process)) return { status: 'PendingAcceptance', errors: [] };
    if (!state) throw new Error('Finkok get_sat_status: an answer with no Estado');
    return { status: 'Rejected', errors: [{ code: 'SAT', message: `The SAT says ${state}${process ? `, ${process}` : ''}` }] };
  }
}
