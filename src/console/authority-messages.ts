/**
 * The tax authority's errors and observations on a document's page. The DIAN writes them in Spanish, each under
 * its rule: the API stores an error as "FAJ07: …" (src/platform/stored.ts, joined by "; ") and keeps an observation
 * as the DIAN sent it ("Regla: FAK07, Notificación: …"); the sandbox DIAN answers the same way
 * (src/countries/co/dian/authority.ts). A Spanish page shows them as written. An English page puts first the console's
 * English reading of the rule, where it has one, and keeps the authority's own words after it, marked as Spanish.
 * Mexican documents: the PAC writes in Spanish too (the sandbox PAC, src/countries/mx/sat/provider.ts and cancel.ts, as
 * "CODE: mensaje"), read in English the same way from the sandbox's codes.
 */
import { html, type Html } from './html';
import type { Lang } from './i18n';
import { mexico, served, type CountryCode } from '../countries';

/** The rules the DIAN and the sandbox give, read in English (the annex's codes, then the sandbox's own). */
const RULES_EN: Record<string, string> = {
  FAJ07: 'The issuer\'s municipality is not a DIVIPOLA code', FAJ08: 'The issuer\'s city name is not the DIAN\'s name of its municipality',
  FAJ10: 'The issuer\'s department name is not the DIAN\'s', FAJ11: 'The issuer\'s department code is not its municipality\'s department',
  FAJ14: 'The issuer\'s country is not an ISO 3166 code, or has no name',
  FAK07: 'The customer\'s municipality is not a DIVIPOLA code', FAK08: 'The customer\'s city name is not the DIAN\'s name of its municipality',
  FAK10: 'The customer\'s department name is not the DIAN\'s', FAK11: 'The customer\'s department code is not its municipality\'s department',
  FAK14: 'The customer\'s country is not an ISO 3166 code, or has no name', FAK24: 'The customer\'s NIT has a wrong check digit',
  RESPONSIBILITY: 'A fiscal responsibility is not on the DIAN\'s list', ID_TYPE: 'An identification type is not the DIAN\'s',
  TAX_SCHEME: 'A tax (tributo) is not on the DIAN\'s list', PAYMENT_MEANS: 'A payment method or means is not on the DIAN\'s list',
  TOTALS: 'The totals do not add up', XML: 'The XML is not a well-formed UBL 2.1 document', XSD: 'The XML is not valid against the UBL 2.1 schema',
  SIGNATURE: 'The signature does not verify', NIT_CHECK_DIGIT: 'The issuer\'s NIT has a wrong check digit',
  RESOLUTION_RANGE: 'The number is outside the numbering resolution', RESOLUTION: 'The numbering resolution is not known for the issuer',
  SOFTWARE: 'The software is not registered for the issuer', CUFE: 'The CUFE does not recompute from the document', CUDE: 'The CUDE does not recompute from the document',
  TEST_SET: 'The test set was refused', TRACK_ID: 'Nothing was sent under this track id', CONCEPT: 'The note\'s concept is not one of its kind',
  BILLING_REFERENCE: 'The invoice the note refers to is not an accepted invoice of the issuer',
};

/** The sandbox PAC's codes (stamping, src/countries/mx/sat/rules.ts and provider.ts; cancelling, cancel.ts), read in English: a code, a space, its reading. */
const SAT_RULES_EN: Record<string, string> = Object.fromEntries(`
XSD The CFDI is not valid against the CFDI 4.0 schema
XML The XML is not well-formed
VERSION The document is not a CFDI 4.0
CERTIFICADO Certificado is not a usable certificate
NO_CERTIFICADO NoCertificado is not the certificate's number
RFC_EMISOR The certificate does not belong to the issuer
NOMBRE_EMISOR The issuer's name is not the certificate holder's
FECHA Fecha is not within the 72 hours before stamping
SELLO The seal does not verify with the certificate
SUBTOTAL The concepts do not add up to SubTotal
DESCUENTO The concepts' discounts do not add up to Descuento
IMPUESTOS The concepts' taxes do not add up to the declared totals
TOTAL Total is not SubTotal − Descuento + taxes − withholdings
RECEPTOR The receiver's data do not fit its RFC (general public or resident abroad)
REGIMEN A fiscal regime is unknown or does not apply to the RFC
USO_CFDI UsoCFDI is not allowed for the receiver
CODIGO_POSTAL A postal code is not in c_CodigoPostal
VALOR_UNITARIO A concept's ValorUnitario is 0
OBJETO_IMP A concept's ObjetoImp does not match its taxes
TIPO_FACTOR A tax's TipoFactor does not match its TasaOCuota and Importe
BASE A tax base is wrong
IMPORTE A tax amount is not base × rate within Anexo 20's bounds
TASA IVA 8 % from outside the border region
RETENCION A withholding does not apply here
PAGO The payment receipt is not as the Pagos 2.0 complement requires
SALDO A related document's balances do not add up
MONTO The documents' payments exceed Monto
IMPUESTOS_P The payment's taxes are not the sum of the documents'
TOTALES The complement's Totales are wrong
MOTIVO The motive is not in c_MotivoCancelacion
FOLIO_SUSTITUCION FolioSustitucion goes with motive 01 only, and names another CFDI
NO_ENCONTRADO No cancellation of this CFDI was asked
RECHAZADA The receiver rejected the cancellation
`.trim().split('\n').map((line) => [line.slice(0, line.indexOf(' ')), line.slice(line.indexOf(' ') + 1)]));

const RULE = /^(?:Regla:\s*)?([A-Za-z0-9_]+)\s*[:,]/;

/** The English of each authority's rules, by the authority's name (src/countries: `authority.name`). */
const RULES_BY_AUTHORITY: Readonly<Record<string, Readonly<Record<string, string>>>> = { DIAN: RULES_EN, SAT: SAT_RULES_EN };
/** The authority whose own messages (the service's checks before stamping, DATA: …) are in English already. */
const SAT = mexico.authority?.name;

/** One list item per error or observation of a stored list (`text`: "code: message; code: message", or null). */
export function authorityLines(lang: Lang, country: CountryCode, text: string | null | undefined): Html[] {
  if (!text) return [];
  const lines = text.split(/; (?=(?:Regla:\s*)?[A-Za-z0-9_]+\s*[:,])/);
  return lines.map((line) => {
    if (lang === 'es') return html`<li>${line}</li>`;
    const code = RULE.exec(line)?.[1];
    const authority = served(country)?.authority?.name;
    const english = code && authority ? RULES_BY_AUTHORITY[authority]?.[code] : undefined;
    if (!english && authority === SAT) return html`<li>${line}</li>`; // the service's own checks (DATA: …), in English
    return html`<li>${english ? html`<strong>${code}</strong> ${english}. ` : ''}<span lang="es">${line}</span></li>`;
  });
}
