/**
 * A stand-in for Finkok's SOAP web service on a loopback port, checking what
 * the real one checks before it answers: the path of the service, a SOAP 1.1
 * envelope whose Body holds one operation of the service's namespace, the
 * account (username and password), and the CFDI itself, which goes through the
 * sandbox PAC's checks (schema, seal, certificate, content) before it gets a
 * Timbre Fiscal Digital. A CFDI stamped before is answered with incidence 307
 * and no stamp (the client asks `stamped` for it). Cancellations check the
 * issuer's CSD (its RFC is taxpayer_id, and the key is the certificate's),
 * that the UUID was stamped here, the motive and the substitute.
 *
 * `mode` makes it misbehave: `hang` never answers, `garbage` answers what is
 * not XML, `fault` a SOAP fault with HTTP 500, `lose` stamps the CFDI and then
 * drops the connection (the answer is lost on the way).
 */
import http from 'node:http';
import crypto, { X509Certificate } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { DOMParser } from '@xmldom/xmldom';
import { FINKOK_NS, field } from '../../src/countries/mx/sat/finkok';
import type { SandboxPac } from '../../src/countries/mx/sat/provider';
import { parseXml } from '../../src/countries/mx/sat/chain';

export interface FakeFinkok {
  url: string;
  user: string;
  password: string;
  mode: 'ok' | 'hang' | 'garbage' | 'fault' | 'lose';
  /** Every call that reached an operation: its name and what it was about. */
  calls: { op: string; uuid?: string; taxpayer?: string; total?: string }[];
  /** How many CFDIs got a new stamp. */
  stampsGiven: number;
  /** Requests refused before any operation (wrong path, envelope, namespace). */
  problems: string[];
  /** UUIDs whose cancellation waits for the receiver, and the answer the SAT then gives (get_sat_status). */
  waiting: Set<string>;
  sat: Map<string, 'Cancelado' | 'Solicitud rechazada'>;
  close(): Promise<void>;
}

const escape = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const answer = (ns: 'stamp' | 'cancel', op: string, inner: string) =>
  `<?xml version="1.0" encoding="UTF-8"?><senv:Envelope xmlns:senv="${FINKOK_NS.soap}" xmlns:tns="${FINKOK_NS[ns]}" xmlns:s0="${FINKOK_NS.apps}"><senv:Body>`
  + `<tns:${op}Response><tns:${op}Result>${inner}</tns:${op}Result></tns:${op}Response></senv:Body></senv:Envelope>`;
const incidence = (code: string, message: string) =>
  `<s0:Incidencias><s0:Incidencia><s0:CodigoError>${escape(code)}</s0:CodigoError><s0:MensajeIncidencia>${escape(message)}</s0:MensajeIncidencia></s0:Incidencia></s0:Incidencias>`;
const fault = (message: string) =>
  `<?xml version="1.0"?><senv:Envelope xmlns:senv="${FINKOK_NS.soap}"><senv:Body><senv:Fault><faultcode>senv:Client</faultcode><faultstring>${escape(message)}</faultstring></senv:Fault></senv:Body></senv:Envelope>`;

export async function startFakeFinkok(pac: SandboxPac, o: { user: string; password: string }): Promise<FakeFinkok> {
  const stamps = new Map<string, { xml: string; uuid: string; sello: string }>(); // by the CFDI's Sello
  const byUuid = new Map<string, string>(); // UUID → Sello
  const sockets = new Set<import('node:net').Socket>();
  const fake: FakeFinkok = {
    url: '', user: o.user, password: o.password, mode: 'ok', calls: [], stampsGiven: 0, problems: [], waiting: new Set(), sat: new Map(),
    close: async () => { for (const s of sockets) s.destroy(); await new Promise<void>((ok) => server.close(() => ok())); },
  };
  const stampOf = (s: { xml: string; uuid: string }) => {
    const doc = parseXml(s.xml);
    return `<s0:xml>${escape(s.xml)}</s0:xml><s0:UUID>${s.uuid}</s0:UUID><s0:Fecha>${field(doc, 'FechaTimbrado') || ''}</s0:Fecha>`
      + `<s0:CodEstatus>Comprobante timbrado satisfactoriamente</s0:CodEstatus><s0:Incidencias/>`;
  };

  async function operation(service: 'stamp' | 'cancel', op: Element, res: http.ServerResponse): Promise<void> {
    const param = (name: string) => field(op, name);
    const reply = (inner: string) => { res.writeHead(200, { 'Content-Type': 'text/xml; charset=utf-8' }); res.end(answer(service, op.localName, inner)); };
    if (param('username') !== fake.user || param('password') !== fake.password) {
      fake.calls.push({ op: op.localName });
      return reply(incidence('AUTH', 'El usuario o la contraseña no son válidos (fake)'));
    }
    if (service === 'stamp') {
      const xml = Buffer.from(param('xml'), 'base64').toString('utf8');
      let sello = '';
      try { sello = parseXml(xml).documentElement.getAttribute('Sello') ?? ''; } catch { /* judged below */ }
      fake.calls.push({ op: op.localName });
      const before = stamps.get(sello);
      if (op.localName === 'stamped') return reply(before ? stampOf(before) : incidence('603', 'El CFDI no ha sido timbrado (fake)'));
      if (op.localName !== 'stamp') return reply(incidence('FAKE', `The fake has no operation ${op.localName}`));
      if (before) return reply(incidence('307', 'El CFDI contiene un timbre previo'));
      const verdict = await pac.stamp(xml);
      if (verdict.status !== 'Accepted') return reply(verdict.errors.map((e) => incidence(e.code, e.message)).join(''));
      const kept = { xml: verdict.xml!, uuid: verdict.uuid!, sello };
      stamps.set(sello, kept);
      byUuid.set(kept.uuid, sello);
      fake.stampsGiven++;
      if (fake.mode === 'lose') { res.socket?.destroy(); return; }
      return reply(stampOf(kept));
    }
    if (op.localName === 'cancel') {
      const uuidNode = (op.getElementsByTagNameNS(FINKOK_NS.apps, 'UUID') as unknown as Element[])[0];
      const uuid = uuidNode?.getAttribute('UUID') ?? '';
      const taxpayer = param('taxpayer_id');
      fake.calls.push({ op: 'cancel', uuid, taxpayer });
      const folio = (status: string, process: string) => reply(`<s0:Folios><s0:Folio><s0:EstatusUUID>${status}</s0:EstatusUUID><s0:UUID>${uuid}</s0:UUID>`
        + `<s0:EstatusCancelacion>${process}</s0:EstatusCancelacion></s0:Folio></s0:Folios><s0:Acuse/><s0:RfcEmisor>${taxpayer}</s0:RfcEmisor>`);
      let cert: X509Certificate;
      try { cert = new X509Certificate(Buffer.from(param('cer'), 'base64').toString('utf8')); } catch { return reply('<s0:CodEstatus>El certificado no es válido (fake)</s0:CodEstatus>'); }
      if (!cert.subject.includes(`x500UniqueIdentifier=${taxpayer}`)) return reply('<s0:CodEstatus>El certificado no pertenece al RFC emisor (fake)</s0:CodEstatus>');
      const keyPem = Buffer.from(param('key'), 'base64').toString('utf8');
      // Finkok's samples: the key PKCS#8-encrypted with the account's password, never in the clear.
      if (!keyPem.includes('-----BEGIN ENCRYPTED PRIVATE KEY-----')) return reply('<s0:CodEstatus>La llave privada debe ir cifrada con la contraseña de la cuenta (fake)</s0:CodEstatus>');
      try {
        const key = crypto.createPrivateKey({ key: keyPem, passphrase: fake.password });
        if (!crypto.verify('sha256', Buffer.from('x'), cert.publicKey, crypto.sign('sha256', Buffer.from('x'), key))) throw new Error('mismatch');
      } catch { return reply('<s0:CodEstatus>La llave privada no corresponde al certificado (fake)</s0:CodEstatus>'); }
      const motive = uuidNode?.getAttribute('Motivo') ?? '';
      if (!/^0[1-4]$/.test(motive) || (motive === '01') !== !!uuidNode?.getAttribute('FolioSustitucion')) return folio('203', 'Motivo o folio de sustitución no válidos (fake)');
      if (!byUuid.has(uuid)) return folio('205', 'UUID no encontrado (fake)');
      return fake.waiting.has(uuid) ? folio('201', 'En proceso') : (fake.sat.set(uuid, 'Cancelado'), folio('201', 'Cancelado sin aceptación'));
    }
    if (op.localName === 'get_sat_status') {
      const uuid = param('uuid');
      fake.calls.push({ op: 'get_sat_status', uuid, taxpayer: param('taxpayer_id'), total: param('total') });
      const state = fake.sat.get(uuid);
      // The SAT finds a CFDI by issuer, receiver, UUID and its own Total (a payment receipt's is 0).
      const stamped = byUuid.has(uuid) ? stamps.get(byUuid.get(uuid)!) : undefined;
      const cfdiTotal = stamped ? parseXml(stamped.xml).documentElement.getAttribute('Total') ?? '' : '';
      const totalMatches = /^[0-9]+(\.[0-9]+)?$/.test(param('total')) && Number(param('total')) === Number(cfdiTotal);
      const estado = !stamped || !totalMatches ? 'No Encontrado' : state === 'Cancelado' ? 'Cancelado' : 'Vigente';
      const process = state === 'Solicitud rechazada' ? 'Solicitud rechazada' : fake.waiting.has(uuid) && !state ? 'En proceso' : '';
      return reply(`<s0:sat><s0:Estado>${estado}</s0:Estado><s0:EstatusCancelacion>${process}</s0:EstatusCancelacion></s0:sat>`);
    }
    return reply(incidence('FAKE', `The fake has no operation ${op.localName}`));
  }

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c) => chunks.push(c));
    req.on('end', () => {
      if (fake.mode === 'hang') return;
      if (fake.mode === 'garbage') { res.writeHead(200, { 'Content-Type': 'text/html' }); res.end('<html>Service Unavailable'); return; }
      if (fake.mode === 'fault') { res.writeHead(500, { 'Content-Type': 'text/xml' }); res.end(fault('Internal error (fake)')); return; }
      const refuse = (why: string) => { fake.problems.push(why); res.writeHead(500, { 'Content-Type': 'text/xml' }); res.end(fault(why)); };
      const service = req.url === '/servicios/soap/stamp.wsdl' ? 'stamp' : req.url === '/servicios/soap/cancel.wsdl' ? 'cancel' : null;
      if (req.method !== 'POST' || !service) return refuse(`${req.method} ${req.url}: no such service`);
      if (!/^text\/xml/.test(String(req.headers['content-type']))) return refuse(`Content-Type ${req.headers['content-type']} is not text/xml`);
      let problem = '';
      const doc = new DOMParser({ onError: (l, m) => { if (l !== 'warning') problem ||= m; } }).parseFromString(Buffer.concat(chunks).toString('utf8'), 'text/xml') as unknown as Document;
      const root = doc?.documentElement;
      if (problem || root?.namespaceURI !== FINKOK_NS.soap || root.localName !== 'Envelope') return refuse('not a SOAP 1.1 envelope');
      const body = (root.getElementsByTagNameNS(FINKOK_NS.soap, 'Body') as unknown as Element[])[0];
      const op = body && (Array.from(body.childNodes) as Node[]).find((n) => n.nodeType === 1) as Element | undefined;
      if (!op || op.namespaceURI !== FINKOK_NS[service]) return refuse(`the Body holds no operation of ${FINKOK_NS[service]}`);
      operation(service, op, res).catch((e) => refuse(String(e)));
    });
  });
  server.on('connection', (s) => { sockets.add(s); s.on('close', () => sockets.delete(s)); });
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', () => ok()));
  fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return fake;
}
