/**
 * What the customer of a Colombian electronic invoice receives (DIAN technical
 * annex 1.9, "AttachedDocument" and the e-mail to the acquirer): a UBL 2.1
 * `AttachedDocument` (the "contenedor") that carries the signed invoice and
 * the authority's ApplicationResponse, each whole in a CDATA section, with the
 * issuer (SenderParty), the customer (ReceiverParty), the invoice's number and
 * CUFE and the verdict (ResultOfVerification: who validated, its code, when);
 * signed by the issuer like the invoice. It goes in one ZIP with the PDF, the
 * single attachment of the e-mail:
 *
 *   z<zipStem>.zip  holding  ad<stem>.xml (the AttachedDocument)  and  ad<stem>.pdf
 *
 * where <stem> and <zipStem> are DIAN file name stems with their own consecutives
 * (ad and z), kept with the document (file-names.ts).
 */
import * as xpath from 'xpath';
import type { XMLBuilder } from 'xmlbuilder2/lib/interfaces';
import { zipSync, strToU8 } from 'fflate';
import { NAMESPACES } from './ubl';
import { parseDom, selectNodes, selectString } from '../../../platform/xml-dom';
import { readApplicationResponse, ublEnvelope } from './application-response';
import { signInvoiceXml, type SigningCredentials } from './sign';

export const ATTACHED_DOCUMENT_NS = 'urn:oasis:names:specification:ubl:schema:xsd:AttachedDocument-2';

const select = xpath.useNamespaces({ inv: NAMESPACES.invoice, cn: NAMESPACES.creditNote, dn: NAMESPACES.debitNote, cac: NAMESPACES.cac, cbc: NAMESPACES.cbc });

/** The documents an AttachedDocument carries: an invoice (CUFE) or a credit or debit note (CUDE), by namespace. */
const ATTACHABLE: Record<string, { root: string; key: 'CUFE' | 'CUDE' }> = {
  [NAMESPACES.invoice]: { root: '/inv:Invoice', key: 'CUFE' },
  [NAMESPACES.creditNote]: { root: '/cn:CreditNote', key: 'CUDE' },
  [NAMESPACES.debitNote]: { root: '/dn:DebitNote', key: 'CUDE' },
};

/** Writes text as CDATA; a "]]>" inside is split across two sections, so any text survives. */
function cdata(parent: XMLBuilder, text: string): void {
  const pieces = text.split(']]>').map((p, i, all) => `${i ? '>' : ''}${p}${i < all.length - 1 ? ']]' : ''}`);
  for (const p of pieces) parent.dat(p);
}

/** Copies a party's PartyTaxScheme (name, identification, responsibilities, tax scheme) under `wrapper`. */
function partyTaxScheme(root: XMLBuilder, wrapper: string, from: Node | undefined): void {
  const scheme = root.ele(wrapper).ele('cac:PartyTaxScheme');
  const one = (q: string) => (from ? (select(q, from) as Element[])[0] : undefined);
  const copy = (q: string, name: string) => {
    const el = one(q);
    if (!el?.textContent) return;
    const attrs: Record<string, string> = {};
    for (let i = 0; i < el.attributes.length; i++) attrs[el.attributes[i].name] = el.attributes[i].value;
    scheme.ele(name, attrs).txt(el.textContent.trim());
  };
  copy('cbc:RegistrationName', 'cbc:RegistrationName');
  copy('cbc:CompanyID', 'cbc:CompanyID');
  copy('cbc:TaxLevelCode', 'cbc:TaxLevelCode');
  const tax = scheme.ele('cac:TaxScheme');
  tax.ele('cbc:ID').txt((one('cac:TaxScheme/cbc:ID')?.textContent ?? 'ZZ').trim());
  tax.ele('cbc:Name').txt((one('cac:TaxScheme/cbc:Name')?.textContent ?? 'No aplica').trim());
}

export class AttachedDocumentError extends Error {}

/**
 * The unsigned AttachedDocument of a signed invoice (or credit or debit note) and its ApplicationResponse (its last
 * ExtensionContent is the signature's slot).
 */
export function buildAttachedDocument(invoiceXml: string, applicationResponseXml: string): string {
  const invoice = parseDom(invoiceXml);
  const kind = ATTACHABLE[invoice?.documentElement?.namespaceURI ?? ''];
  if (!kind) throw new AttachedDocumentError('The document to attach is not a UBL Invoice, CreditNote or DebitNote');
  const R = kind.root;
  const answer = readApplicationResponse(applicationResponseXml);
  if (!answer) throw new AttachedDocumentError('The authority\'s answer is not an ApplicationResponse');
  const text = (q: string) => selectString(select, `string(${q})`, invoice).trim();
  const node = (q: string) => selectNodes(select, q, invoice)[0];
  const number = text(`${R}/cbc:ID`);
  const cufe = text(`${R}/cbc:UUID`);
  if (answer.cufe && answer.cufe !== cufe) throw new AttachedDocumentError(`The ApplicationResponse is about ${answer.cufe}, not this document's ${kind.key} ${cufe}`);

  const root = ublEnvelope(ATTACHED_DOCUMENT_NS, 'AttachedDocument', {
    customization: 'Documentos adjuntos', profile: 'Factura Electrónica de Venta', environment: text(`${R}/cbc:ProfileExecutionID`) || '2',
  });
  root.ele('cbc:ID').txt(number);
  root.ele('cbc:IssueDate').txt(answer.issueDate || text(`${R}/cbc:IssueDate`));
  root.ele('cbc:IssueTime').txt(answer.issueTime || text(`${R}/cbc:IssueTime`));
  root.ele('cbc:DocumentType').txt('Contenedor de Factura Electrónica');
  root.ele('cbc:ParentDocumentID').txt(number);
  partyTaxScheme(root, 'cac:SenderParty', node(`${R}/cac:AccountingSupplierParty/cac:Party/cac:PartyTaxScheme`));
  partyTaxScheme(root, 'cac:ReceiverParty', node(`${R}/cac:AccountingCustomerParty/cac:Party/cac:PartyTaxScheme`));
  const attachment = (parent: XMLBuilder, xml: string) => {
    const ref = parent.ele('cac:Attachment').ele('cac:ExternalReference');
    ref.ele('cbc:MimeCode').txt('text/xml');
    ref.ele('cbc:EncodingCode').txt('UTF-8');
    cdata(ref.ele('cbc:Description'), xml);
  };
  attachment(root, invoiceXml);
  const line = root.ele('cac:ParentDocumentLineReference');
  line.ele('cbc:LineID').txt('1');
  const ref = line.ele('cac:DocumentReference');
  ref.ele('cbc:ID').txt(number);
  ref.ele('cbc:UUID', { schemeName: `${kind.key}-SHA384` }).txt(cufe);
  ref.ele('cbc:IssueDate').txt(answer.issueDate || text(`${R}/cbc:IssueDate`));
  ref.ele('cbc:DocumentType').txt('ApplicationResponse');
  attachment(ref, applicationResponseXml);
  const verification = ref.ele('cac:ResultOfVerification');
  verification.ele('cbc:ValidatorID').txt(answer.validator);
  verification.ele('cbc:ValidationResultCode').txt(answer.responseCode);
  verification.ele('cbc:ValidationDate').txt(answer.issueDate);
  verification.ele('cbc:ValidationTime').txt(answer.issueTime);
  return root.end({ prettyPrint: false, wellFormed: true });
}

/** The signed AttachedDocument, and the e-mail's ZIP holding it with the PDF. */
export async function customerPackage(o: { invoiceXml: string; applicationResponse: string; pdf: Uint8Array; stem: string; zipStem: string; credentials: SigningCredentials }):
  Promise<{ attachedDocument: string; zipName: string; zip: Buffer }> {
  const attachedDocument = await signInvoiceXml(buildAttachedDocument(o.invoiceXml, o.applicationResponse), o.credentials);
  const zip = zipSync({ [`ad${o.stem}.xml`]: strToU8(attachedDocument), [`ad${o.stem}.pdf`]: o.pdf }, { level: 6 });
  return { attachedDocument, zipName: `z${o.zipStem}.zip`, zip: Buffer.from(zip) };
}
