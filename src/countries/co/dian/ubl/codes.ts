/**
 * The code tables and fixed identifiers of the DIAN annex (1.9) that the UBL
 * sections write: namespaces, profile, tax schemes ("Tributos"), withholding
 * schemes, payment means ("Medios de pago"), allowance reasons
 * ("Códigos de descuento"). Data only, no XML.
 */

export const NAMESPACES = {
  invoice: 'urn:oasis:names:specification:ubl:schema:xsd:Invoice-2',
  creditNote: 'urn:oasis:names:specification:ubl:schema:xsd:CreditNote-2',
  debitNote: 'urn:oasis:names:specification:ubl:schema:xsd:DebitNote-2',
  cac: 'urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2',
  cbc: 'urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2',
  ext: 'urn:oasis:names:specification:ubl:schema:xsd:CommonExtensionComponents-2',
  sts: 'dian:gov:co:facturaelectronica:Structures-2-1',
} as const;

/** NIT of the DIAN, the authorization provider (AuthorizationProviderID). */
export const DIAN_NIT = '800197268';
export const DIAN_AGENCY = { schemeAgencyID: '195', schemeAgencyName: 'CO, DIAN (Dirección de Impuestos y Aduanas Nacionales)' };
export const UNECE = 'United Nations Economic Commission for Europe';

export const PROFILE_ID = 'DIAN 2.1: Factura Electrónica de Venta';
/** CustomizationID: operation type 10, standard. */
export const OPERATION_TYPE = '10';
/** InvoiceTypeCode: 01, electronic sales invoice. */
export const INVOICE_TYPE_CODE = '01';

/** Where the QR points: the DIAN document search, production or habilitación. */
export function dianSearchUrl(environment: '1' | '2', cufe: string): string {
  const host = environment === '1' ? 'catalogo-vpfe.dian.gov.co' : 'catalogo-vpfe-hab.dian.gov.co';
  return `https://${host}/document/searchqr?documentkey=${cufe}`;
}

export interface Scheme { id: string; name: string }

/** DIAN tax codes (annex table "Tributos") of the line taxes charged to the customer. */
export const CHARGE_SCHEMES: Record<string, Scheme> = {
  IVA: { id: '01', name: 'IVA' },
  ICA: { id: '03', name: 'ICA' },
  Impoconsumo: { id: '04', name: 'INC' },
  INC: { id: '04', name: 'INC' },
  /** Departmental consumption tax, percentage (ad valorem) component. */
  AdValorem: { id: '08', name: 'IC Porcentual' },
};
export const OTHER_SCHEME: Scheme = { id: 'ZZ', name: 'No aplica' };

/** DIAN codes of the withholdings, written in WithholdingTaxTotal. */
export const WITHHOLDING_SCHEMES: Record<string, Scheme> = {
  ReteIVA: { id: '05', name: 'ReteIVA' },
  Retefuente: { id: '06', name: 'ReteRenta' },
  ReteICA: { id: '07', name: 'ReteICA' },
};
/** Withholdings that the DIAN document does not carry (the issuer's own). */
export const NOT_WRITTEN = new Set(['Autorretencion']);
export const LINE_WITHHOLDINGS = new Set(['Retefuente', 'ReteIVA', 'ReteICA', 'Autorretencion', 'ReteISR']);

/** PaymentMeansCode (annex table "Medios de pago") of the payment type kinds of the API. */
export const PAYMENT_MEANS: Record<string, string> = { Cash: '10', Check: '20', Transfer: '47', Card: '48', Credit: '1' };
/** AllowanceChargeReasonCode 00, "Descuento por impuesto asumido": offsets the taxes of gifts the issuer bears. */
export const ASSUMED_TAX_REASON = '00';
/** "Instrumento no definido". */
export const UNDEFINED_MEANS = '1';

/**
 * AllowanceChargeReasonCode of a document-level discount (annex table "Códigos de descuento"):
 * the code an explicit reason_code gives, else one recognised from the name, else 09 (general discount).
 */
export function discountReasonCode(d: { name?: string | null; reason_code?: string }): string {
  if (d.reason_code) return d.reason_code;
  const name = (d.name ?? '').toLowerCase();
  if (name.includes('pronto pago')) return '03';
  if (name.includes('temporada')) return '07';
  if (name.includes('volumen')) return '10';
  return '09';
}
