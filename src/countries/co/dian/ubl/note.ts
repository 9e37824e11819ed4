/**
 * The UBL 2.1 `CreditNote` and `DebitNote` of a Colombian electronic note
 * (annex 1.9; docs/colombia.md): the invoice's sections (parties, payment means,
 * exchange rate, tax totals, lines) with what a note adds and changes:
 *
 * - CustomizationID 20 (credit note referencing an invoice) or 30 (debit note),
 *   its own ProfileID, CreditNoteTypeCode 91 (a DebitNote has no type code);
 * - the CUDE in cbc:UUID (schemeName CUDE-SHA384): the CUFE's chain with the
 *   software PIN in place of the technical key;
 * - cac:DiscrepancyResponse with the DIAN concept, and cac:BillingReference to
 *   the invoice (its number, its CUFE, its issue date);
 * - a note on a POS ticket (./pos.ts) is an adjustment note of the equivalent document (nota de ajuste, annex of
 *   the equivalent document, table 16.4): CustomizationID 94 (credit, CreditNoteTypeCode 94) or 93 (debit), its
 *   own ProfileID, and a reference to the ticket's CUDE;
 * - no numbering resolution in the DIAN extension, no withholding totals (the
 *   notes' schemas have none), and the debit note's totals in
 *   RequestedMonetaryTotal; note lines carry their taxes before their discount.
 * Pure, as the invoice's builder (index.ts).
 */
import { create } from 'xmlbuilder2';
import { canonicalXml } from '../../../../einvoice/canonical-xml';
import { documentAllowances } from './allowances';
import { NAMESPACES, UNECE } from './codes';
import { documentKeys, ublExtensions } from './extensions';
import { invoiceLine, lineCalc } from './lines';
import { documentTotals, monetaryTotal } from './monetary-total';
import { customerParty, supplierParty } from './parties';
import { exchangeRate, paymentMeans } from './payments';
import { taxTotal } from './tax-totals';
import type { DianCustomer, DianIssuer, DianSettings } from './types';
import type { NoteDocument } from '../../../../notes/schema';
import { CREDIT_REASONS, DEBIT_REASONS } from '../../../../notes/schema';
import { DianXmlError, leaf } from './xml';

export const NOTE_PROFILES = {
  NC: { root: 'CreditNote', namespace: NAMESPACES.creditNote, customization: '20', profile: 'DIAN 2.1: Nota Crédito de Factura Electrónica de Venta', typeCode: '91' },
  ND: { root: 'DebitNote', namespace: NAMESPACES.debitNote, customization: '30', profile: 'DIAN 2.1: Nota Débito de Factura Electrónica de Venta', typeCode: null },
} as const;
/** The adjustment notes of a POS ticket. */
export const ADJUSTMENT_PROFILES = {
  NC: { ...NOTE_PROFILES.NC, customization: '94', profile: 'DIAN 2.1: Nota de ajuste crédito del documento equivalente electrónico', typeCode: '94' },
  ND: { ...NOTE_PROFILES.ND, customization: '93', profile: 'DIAN 2.1: Nota de ajuste débito del documento equivalente electrónico' },
} as const;

export interface BuildNoteInput {
  kind: 'NC' | 'ND';
  document: NoteDocument;
  /** The invoice it corrects, as the DIAN knows it (`pos`: a POS ticket, keyed by a CUDE). */
  invoice: { number: string; cufe: string; date: string; pos?: boolean };
  company: DianIssuer;
  customer: DianCustomer;
  settings: DianSettings;
  unitCodes?: Record<string, string>;
  paymentTypes?: Record<string, string>;
}

export interface BuiltNote { xml: string; cude: string; qr: string }

export function buildNoteXml(input: BuildNoteInput): BuiltNote {
  const { kind, document: doc, company, customer, settings, invoice } = input;
  const p = (invoice.pos ? ADJUSTMENT_PROFILES : NOTE_PROFILES)[kind];
  const env = settings.environment;
  if (env !== '1' && env !== '2') throw new DianXmlError(`environment must be '1' (production) or '2' (test), not ${String(env)}`);
  if (doc.number === null || doc.number === undefined) throw new DianXmlError('The note has no number yet');
  if (!doc.items.length) throw new DianXmlError('A note has at least one line');
  const reasons: Record<number, string> = kind === 'NC' ? CREDIT_REASONS : DEBIT_REASONS;
  if (!reasons[doc.reason]) throw new DianXmlError(`Concept ${doc.reason} is not a ${kind === 'NC' ? 'credit' : 'debit'} note concept`);

  const issueDate = doc.date;
  const currency = doc.currency?.code ?? 'COP';
  const cur = { currencyID: currency };
  const lines = doc.items.map(lineCalc);
  const t = documentTotals(doc, lines);
  const { number, issueTime, key: cude, securityCode, qr } = documentKeys(doc, t, { company, customer, settings, secret: settings.software.pin, note: true });

  const root = create({ version: '1.0', encoding: 'UTF-8', standalone: false }).ele(p.namespace, p.root, {
    'xmlns:cac': NAMESPACES.cac, 'xmlns:cbc': NAMESPACES.cbc, 'xmlns:ext': NAMESPACES.ext, 'xmlns:sts': NAMESPACES.sts,
  });
  ublExtensions(root, { resolution: null, software: settings.software, securityCode, qr });
  leaf(root, 'cbc:UBLVersionID', 'UBL 2.1');
  leaf(root, 'cbc:CustomizationID', p.customization);
  leaf(root, 'cbc:ProfileID', p.profile);
  leaf(root, 'cbc:ProfileExecutionID', env);
  leaf(root, 'cbc:ID', number);
  leaf(root, 'cbc:UUID', cude, { schemeID: env, schemeName: 'CUDE-SHA384' });
  leaf(root, 'cbc:IssueDate', issueDate);
  leaf(root, 'cbc:IssueTime', issueTime);
  if (p.typeCode) leaf(root, 'cbc:CreditNoteTypeCode', p.typeCode);
  if (doc.observations) leaf(root, 'cbc:Note', doc.observations);
  leaf(root, 'cbc:DocumentCurrencyCode', currency, { listAgencyID: '6', listAgencyName: UNECE, listID: 'ISO 4217 Alpha' });
  leaf(root, 'cbc:LineCountNumeric', String(lines.length));
  const discrepancy = root.ele('cac:DiscrepancyResponse');
  leaf(discrepancy, 'cbc:ReferenceID', invoice.number);
  leaf(discrepancy, 'cbc:ResponseCode', String(doc.reason));
  leaf(discrepancy, 'cbc:Description', reasons[doc.reason]);
  const billed = root.ele('cac:BillingReference').ele('cac:InvoiceDocumentReference');
  leaf(billed, 'cbc:ID', invoice.number);
  leaf(billed, 'cbc:UUID', invoice.cufe, { schemeName: invoice.pos ? 'CUDE-SHA384' : 'CUFE-SHA384' });
  leaf(billed, 'cbc:IssueDate', invoice.date);

  supplierParty(root, company, doc.prefix);
  customerParty(root, customer);
  paymentMeans(root, doc.payments, input.paymentTypes);
  exchangeRate(root, currency, doc.currency?.exchange_rate, issueDate);
  // A credit note of a gift line whose tax the company bears offsets it as the invoice did ("IVA asumido").
  // An annulment of an invoice with global discounts or charges carries what is left of them.
  documentAllowances(root, { global_discounts: doc.global_discounts ?? [], global_charges: doc.global_charges ?? [] }, t.lineExtension, t.borneTotal, cur);
  for (const g of t.chargeGroups) taxTotal(root, 'cac:TaxTotal', g, cur);
  monetaryTotal(root, kind === 'NC' ? 'cac:LegalMonetaryTotal' : 'cac:RequestedMonetaryTotal', t, cur);
  lines.forEach((l, i) => invoiceLine(root, l, i + 1, input.unitCodes?.[l.item.code] ?? '94', cur, p.root));

  return { xml: canonicalXml(root), cude, qr };
}
