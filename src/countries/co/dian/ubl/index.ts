/**
 * The UBL 2.1 `Invoice` of a Colombian electronic sales invoice, as the DIAN
 * technical annex 1.9 requires it (issue 6, docs/colombia.md). Pure: no I/O, no
 * clock (the issue time comes from the settings or the document's creation
 * instant), so the same input always gives the same XML, CUFE and QR text.
 *
 * Input: the stored invoice document (the JSON answer of POST /v1/invoices,
 * see coInvoiceDocument in src/invoices/co/service.ts), the issuing company,
 * the customer record, the document type's numbering resolution and the
 * software settings. Output: the unsigned XML (its last ext:UBLExtension has
 * an empty ext:ExtensionContent, the slot sign.ts fills), the CUFE and the QR
 * content.
 *
 * One module per UBL section, each pure: extensions.ts (DIAN extension, QR),
 * parties.ts, payments.ts (means, prepaid, exchange rate), allowances.ts,
 * tax-totals.ts, monetary-total.ts (the figures and LegalMonetaryTotal, as
 * docs/colombia.md defines it), lines.ts; the annex's code tables in codes.ts.
 * This file checks the input and assembles the sections in the schema's order.
 *
 * A gift line (FreeOfChargeIndicator) reports its taxes on its reference price (tax_base), whoever bears them.
 * Addresses carry the DIVIPOLA code and the DIAN's names (src/countries/co/divipola.ts); abroad, no DANE code.
 * A line with taxes has one TaxTotal per tax scheme (an exempt line: IVA at 0.00 % on its base, 0.00); an
 * excluded line has none. The document's TaxTotals group the lines' per scheme, one TaxSubtotal per rate.
 * Withholdings (ReteFuente, ReteIVA, ReteICA) are informative in the UBL: they go
 * in WithholdingTaxTotal and are NOT subtracted from PayableAmount, so the
 * document's amount_payable = PayableAmount − withholdings_total.
 * Autorretención is the issuer's own withholding and is not written.
 *
 * The XML is written with xmlbuilder2 (escaping of text and attributes is the
 * library's), compact (no indentation), UTF-8.
 */
import Decimal from 'decimal.js';
import { create } from 'xmlbuilder2';
import { canonicalXml } from '../../../../einvoice/canonical-xml';
import { documentAllowances } from './allowances';
import { INVOICE_TYPE_CODE, NAMESPACES, OPERATION_TYPE, PROFILE_ID, UNECE } from './codes';
import { documentKeys, ublExtensions } from './extensions';
import { invoiceLine, lineCalc } from './lines';
import { documentTotals, monetaryTotal } from './monetary-total';
import { customerParty, supplierParty } from './parties';
import { exchangeRate, paymentMeans, prepaidPayment } from './payments';
import { taxTotal } from './tax-totals';
import { DEFAULT_MANUFACTURER, POS_PROFILE_ID, POS_TYPE_CODE, posExtensions } from './pos';
import type { BuildInvoiceInput, BuiltInvoice } from './types';
import { DianXmlError, leaf } from './xml';

export * from './types';
export { DIAN_NIT, dianSearchUrl, INVOICE_TYPE_CODE, NAMESPACES, OPERATION_TYPE, PROFILE_ID } from './codes';
export { dianQrContent, type QrFields } from './extensions';
export { multiplierFactor } from './allowances';
export { DianXmlError } from './xml';
export { buildNoteXml, type BuildNoteInput, type BuiltNote } from './note';

/**
 * Builds the unsigned UBL 2.1 Invoice. Throws DianXmlError when the input
 * cannot make a valid document (no number yet, amounts that do not add up,
 * a number outside the resolution, a bad time or environment).
 */
export function buildInvoiceXml(input: BuildInvoiceInput): BuiltInvoice {
  const { document: doc, company, customer, resolution, settings } = input;
  const env = settings.environment;
  if (env !== '1' && env !== '2') throw new DianXmlError(`environment must be '1' (production) or '2' (test), not ${String(env)}`);
  if (doc.number === null || doc.number === undefined) throw new DianXmlError('The invoice has no number yet');
  if (doc.prefix !== resolution.prefix) throw new DianXmlError(`The invoice prefix ${doc.prefix} is not the resolution's (${resolution.prefix})`);
  const n = new Decimal(doc.number);
  if (n.lt(resolution.from) || n.gt(resolution.to)) {
    throw new DianXmlError(`Number ${doc.number} is outside resolution ${resolution.number} (${resolution.from} to ${resolution.to})`);
  }
  if (!doc.items.length) throw new DianXmlError('An invoice has at least one line');

  const issueDate = doc.date;
  const currency = doc.currency?.code ?? 'COP';
  const cur = { currencyID: currency };

  // Lines, and the document figures they must add up to.
  const lines = doc.items.map(lineCalc);
  const t = documentTotals(doc, lines);

  // CUFE (a POS ticket: CUDE, made with the software's PIN), software security code, QR.
  const ticket = doc.pos ?? null;
  const secret = ticket ? settings.software.pin : resolution.technical_key;
  const { number, issueTime, key: cufe, securityCode, qr } = documentKeys(doc, t, { company, customer, settings, secret, note: !!ticket });
  const buyer = (Array.isArray(customer.name) ? customer.name : [customer.name]).map((s) => s.trim()).filter(Boolean).join(' ');

  // ---- the document, its sections in the order of the schema
  const root = create({ version: '1.0', encoding: 'UTF-8', standalone: false }).ele(NAMESPACES.invoice, 'Invoice', {
    'xmlns:cac': NAMESPACES.cac,
    'xmlns:cbc': NAMESPACES.cbc,
    'xmlns:ext': NAMESPACES.ext,
    'xmlns:sts': NAMESPACES.sts,
  });
  ublExtensions(root, { resolution, software: settings.software, securityCode, qr, more: ticket ? (exts) => posExtensions(exts, {
    pos: ticket, manufacturer: settings.manufacturer ?? DEFAULT_MANUFACTURER, buyer: { code: customer.identification, name: buyer }, subtotal: t.lineExtension,
  }) : undefined });

  leaf(root, 'cbc:UBLVersionID', 'UBL 2.1');
  leaf(root, 'cbc:CustomizationID', OPERATION_TYPE);
  leaf(root, 'cbc:ProfileID', ticket ? POS_PROFILE_ID : PROFILE_ID);
  leaf(root, 'cbc:ProfileExecutionID', env);
  leaf(root, 'cbc:ID', number);
  leaf(root, 'cbc:UUID', cufe, { schemeID: env, schemeName: ticket ? 'CUDE-SHA384' : 'CUFE-SHA384' });
  leaf(root, 'cbc:IssueDate', issueDate);
  leaf(root, 'cbc:IssueTime', issueTime);
  const payments = doc.payments ?? [];
  const dueDates = payments.map((p) => p.due_date).filter((d): d is string => !!d).sort();
  if (dueDates.length) leaf(root, 'cbc:DueDate', dueDates[dueDates.length - 1]);
  leaf(root, 'cbc:InvoiceTypeCode', ticket ? POS_TYPE_CODE : INVOICE_TYPE_CODE);
  if (doc.observations) leaf(root, 'cbc:Note', doc.observations);
  leaf(root, 'cbc:DocumentCurrencyCode', currency, { listAgencyID: '6', listAgencyName: UNECE, listID: 'ISO 4217 Alpha' });
  leaf(root, 'cbc:LineCountNumeric', String(lines.length));

  supplierParty(root, company, doc.prefix);
  customerParty(root, customer);
  paymentMeans(root, payments, input.paymentTypes);
  prepaidPayment(root, t.prepaid, issueDate, cur);
  documentAllowances(root, doc, t.lineExtension, t.borneTotal, cur);
  exchangeRate(root, currency, doc.currency?.exchange_rate, issueDate);
  for (const g of t.chargeGroups) taxTotal(root, 'cac:TaxTotal', g, cur);
  for (const g of t.withholdingGroups) taxTotal(root, 'cac:WithholdingTaxTotal', g, cur);
  monetaryTotal(root, 'cac:LegalMonetaryTotal', t, cur);
  lines.forEach((l, i) => invoiceLine(root, l, i + 1, input.unitCodes?.[l.item.code] ?? '94', cur));

  const xml = canonicalXml(root);
  return { xml, cufe, qr };
}
