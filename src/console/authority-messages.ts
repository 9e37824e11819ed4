/**
 * The tax authority's errors and observations on a document's page. The DIAN writes them in Spanish, each under
 * its rule: the API stores an error as "FAJ07: …" (src/platform/stored.ts, joined by "; ") and keeps an observation
 * as the DIAN sent it ("Regla: FAK07, Notificación: …"); the sandbox DIAN answers the same way
 * (src/einvoice/dian/authority.ts). A Spanish page shows them as written. An English page puts first the console's
 * English reading of the rule, where it has one, and keeps the authority's own words after it, marked as Spanish.
 * Mexican documents (the PAC's messages) are shown as given.
 */
import { html, type Html } from './html';
import type { Lang } from './i18n';

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

const RULE = /^(?:Regla:\s*)?([A-Za-z0-9_]+)\s*[:,]/;

/** One list item per error or observation of a stored list (`text`: "code: message; code: message", or null). */
export function authorityLines(lang: Lang, country: 'CO' | 'MX', text: string | null | undefined): Html[] {
  if (!text) return [];
  const lines = country === 'CO' ? text.split(/; (?=(?:Regla:\s*)?[A-Za-z0-9_]+\s*[:,])/) : [text];
  return lines.map((line) => {
    if (lang === 'es' || country !== 'CO') return html`<li>${line}</li>`;
    const code = RULE.exec(line)?.[1];
    const english = code ? RULES_EN[code] : undefined;
    return html`<li>${english ? html`<strong>${code}</strong> ${english}. ` : ''}<span lang="es">${line}</span></li>`;
  });
}
