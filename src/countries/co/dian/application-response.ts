/**
 * The UBL 2.1 `ApplicationResponse` a tax authority answers for a document it
 * judged (DIAN technical annex 1.9: the DIAN returns it, signed, in
 * `XmlBase64Bytes`): who judged (SenderParty), whose document (ReceiverParty),
 * the verdict (DocumentResponse/Response: 02 validated, 04 rejected), the
 * document (its number and CUFE) and one LineResponse per rule reported.
 *
 * The sandbox authority writes one in the same shape and signs it (XAdES-EPES,
 * role "third party") with its own certificate, under its own name: it never
 * calls itself the DIAN. The web-service client keeps the DIAN's as it came.
 * `readApplicationResponse` reads either back (the AttachedDocument, the PDF).
 */
import { createHash } from 'node:crypto';
import * as xpath from 'xpath';
import { create } from 'xmlbuilder2';
import { canonicalXml } from '../../../einvoice/canonical-xml';
import { NAMESPACES } from './ubl';
import { parseDom, selectString } from '../../../platform/xml-dom';

export const APPLICATION_RESPONSE_NS = 'urn:oasis:names:specification:ubl:schema:xsd:ApplicationResponse-2';

/** The names the sandbox answers under (never "DIAN"). */
export const SANDBOX_AUTHORITY_NAME = 'Autoridad sandbox de facturas-api (ambiente de pruebas)';

/** DocumentResponse/Response/ResponseCode: the annex's codes for a validated and a rejected document. */
export const RESPONSE_CODES = { accepted: '02', rejected: '04' } as const;

export interface ApplicationResponseInput {
  /** The authority: its registration name and, when it has one, its NIT. */
  sender: { name: string; nit?: string | null; checkDigit?: string | null };
  /** The issuer of the judged document. */
  receiver: { name: string; nit: string; checkDigit?: string | null };
  /** The judged document: its number (cbc:ID), CUFE and environment (ProfileExecutionID). */
  document: { id: string; cufe: string; environment: string; note?: boolean };
  accepted: boolean;
  description: string;
  /** Every rule reported: rejections and notifications. */
  lines: { code: string; message: string }[];
  /** When it was judged. */
  issued: Date;
}

/** Date and time in Colombia (UTC−5 all year): ["2024-05-02", "10:11:12-05:00"]. */
export function colombianDateTime(at: Date): [string, string] {
  const t = new Date(at.getTime() - 5 * 3600_000).toISOString();
  return [t.slice(0, 10), `${t.slice(11, 19)}-05:00`];
}

/**
 * The start of the DIAN's companion documents (ApplicationResponse, AttachedDocument): the root with its namespaces,
 * an empty extension for the signature, and the UBL version, customization, profile and environment.
 */
export function ublEnvelope(namespace: string, name: string, o: { customization: string; profile: string; environment: string }) {
  const root = create({ version: '1.0', encoding: 'UTF-8', standalone: false }).ele(namespace, name, {
    'xmlns:cac': NAMESPACES.cac, 'xmlns:cbc': NAMESPACES.cbc, 'xmlns:ext': NAMESPACES.ext,
  });
  root.ele('ext:UBLExtensions').ele('ext:UBLExtension').ele('ext:ExtensionContent');
  root.ele('cbc:UBLVersionID').txt('UBL 2.1');
  root.ele('cbc:CustomizationID').txt(o.customization);
  root.ele('cbc:ProfileID').txt(o.profile);
  root.ele('cbc:ProfileExecutionID').txt(o.environment);
  return root;
}

/** The unsigned ApplicationResponse; its last ext:ExtensionContent is empty, for the signature (sign.ts). */
export function buildApplicationResponse(i: ApplicationResponseInput): string {
  const [date, time] = colombianDateTime(i.issued);
  const id = createHash('sha384').update(`${i.document.cufe}|${i.accepted}|${i.issued.toISOString()}`).digest('hex');
  const root = ublEnvelope(APPLICATION_RESPONSE_NS, 'ApplicationResponse', { customization: '1', profile: 'DIAN 2.1', environment: i.document.environment });
  root.ele('cbc:ID').txt(String(parseInt(id.slice(0, 10), 16)));
  root.ele('cbc:UUID', { schemeName: 'CUDE-SHA384' }).txt(id);
  root.ele('cbc:IssueDate').txt(date);
  root.ele('cbc:IssueTime').txt(time);
  const party = (name: string, who: { name: string; nit?: string | null; checkDigit?: string | null }) => {
    const scheme = root.ele(name).ele('cac:PartyTaxScheme');
    scheme.ele('cbc:RegistrationName').txt(who.name);
    if (who.nit) scheme.ele('cbc:CompanyID', { schemeAgencyID: '195', ...(who.checkDigit ? { schemeID: who.checkDigit } : {}), schemeName: '31' }).txt(who.nit);
    const tax = scheme.ele('cac:TaxScheme');
    tax.ele('cbc:ID').txt('01');
    tax.ele('cbc:Name').txt('IVA');
  };
  party('cac:SenderParty', i.sender);
  party('cac:ReceiverParty', i.receiver);
  const response = root.ele('cac:DocumentResponse');
  const verdict = response.ele('cac:Response');
  verdict.ele('cbc:ResponseCode').txt(i.accepted ? RESPONSE_CODES.accepted : RESPONSE_CODES.rejected);
  verdict.ele('cbc:Description').txt(i.description);
  const ref = response.ele('cac:DocumentReference');
  ref.ele('cbc:ID').txt(i.document.id);
  // A note's key is its CUDE.
  ref.ele('cbc:UUID', { schemeName: i.document.note ? 'CUDE-SHA384' : 'CUFE-SHA384' }).txt(i.document.cufe);
  i.lines.forEach((l, n) => {
    const line = response.ele('cac:LineResponse');
    line.ele('cac:LineReference').ele('cbc:LineID').txt(String(n + 1));
    const r = line.ele('cac:Response');
    r.ele('cbc:ResponseCode').txt(l.code);
    r.ele('cbc:Description').txt(l.message);
  });
  return canonicalXml(root);
}

export interface ApplicationResponseFacts {
  /** SenderParty's registration name: who judged. */
  validator: string;
  responseCode: string;
  description: string;
  issueDate: string;
  issueTime: string;
  documentId: string;
  cufe: string;
}

const select = xpath.useNamespaces({ ar: APPLICATION_RESPONSE_NS, cac: NAMESPACES.cac, cbc: NAMESPACES.cbc });

/** What an ApplicationResponse says; null when the text is not one. */
export function readApplicationResponse(xml: string | null | undefined): ApplicationResponseFacts | null {
  if (!xml) return null;
  let doc: Document;
  try {
    doc = parseDom(xml);
  } catch {
    return null;
  }
  if (doc?.documentElement?.namespaceURI !== APPLICATION_RESPONSE_NS) return null;
  const text = (q: string) => selectString(select, `string(${q})`, doc).trim();
  return {
    validator: text('/ar:ApplicationResponse/cac:SenderParty/cac:PartyTaxScheme/cbc:RegistrationName'),
    responseCode: text('/ar:ApplicationResponse/cac:DocumentResponse/cac:Response/cbc:ResponseCode'),
    description: text('/ar:ApplicationResponse/cac:DocumentResponse/cac:Response/cbc:Description'),
    issueDate: text('/ar:ApplicationResponse/cbc:IssueDate'),
    issueTime: text('/ar:ApplicationResponse/cbc:IssueTime'),
    documentId: text('/ar:ApplicationResponse/cac:DocumentResponse/cac:DocumentReference/cbc:ID'),
    cufe: text('/ar:ApplicationResponse/cac:DocumentResponse/cac:DocumentReference/cbc:UUID'),
  };
}
