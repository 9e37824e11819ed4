/**
 * The issuing company as the DIAN documents (and the PDF) name it, from its
 * row in `companies`. The tax profile lives in the company's settings:
 *
 *   settings.vat_responsible         boolean, default true: responsible for IVA (TaxLevelCode listName 48),
 *                                    false: not responsible (49)
 *   settings.fiscal_responsibilities the DIAN's responsibility codes (annex table "Responsabilidades
 *                                    fiscales"): ["O-13", "O-15"] or [{"code": "O-13"}]; default R-99-PN
 *   settings.email                   the company's e-mail (the invoice's supplier contact)
 *   settings.commercial_name, person_type, commercial_registration
 *                                    trade name (PartyName), company or person, matrícula mercantil
 *   settings.dian                    {id, pin, environment, test_set_id, test_set_passed_at,
 *                                    provider_name, provider_nit}: the DIAN software registration
 */
import type { Company, CompanySettings } from '../../../platform/auth';
import type { DianAddress, DianIssuer } from './ubl';
import { DianXmlError } from './ubl/xml';

/** The names of the DIAN's fiscal responsibility codes (annex 1.9, table 13.2.6.1). */
export const RESPONSIBILITY_NAMES: Readonly<Record<string, string>> = {
  'O-13': 'Gran contribuyente',
  'O-15': 'Autorretenedor',
  'O-23': 'Agente de retención IVA',
  'O-47': 'Régimen simple de tributación',
  'R-99-PN': 'No aplica – Otros',
};

const codeOf = (r: unknown): unknown => (r && typeof r === 'object' && 'code' in r ? r.code : undefined);
const text = (v: unknown): string | null => (typeof v === 'string' ? v : null);

/** The company's responsibility codes, as its settings give them (strings or {code}). */
export function responsibilityCodes(settings: CompanySettings | null | undefined): string[] {
  const list: unknown[] = Array.isArray(settings?.fiscal_responsibilities) ? settings.fiscal_responsibilities : [];
  const codes = list.map((r) => (typeof r === 'string' ? r : codeOf(r))).filter((c: unknown): c is string => typeof c === 'string' && c !== '');
  return codes.length ? codes : ['R-99-PN'];
}

/** The company's regime line and responsibilities as printed: "Responsable de IVA", ["O-13 Gran contribuyente", …]. */
export function taxProfileText(settings: CompanySettings | null | undefined): { regime: string; responsibilities: string[] } {
  return {
    regime: settings?.vat_responsible === false ? 'No responsable de IVA' : 'Responsable de IVA',
    responsibilities: responsibilityCodes(settings).map((c) => (RESPONSIBILITY_NAMES[c] ? `${c} ${RESPONSIBILITY_NAMES[c]}` : c)),
  };
}

/** A stored address in the UBL's shape: a street line and a city (whose codes the UBL builder checks). */
function isDianAddress(a: Record<string, unknown>): a is Record<string, unknown> & DianAddress {
  const city = a.city;
  return typeof a.address === 'string' && !!city && typeof city === 'object';
}

/** The company's address (checked at its creation: src/admin/companies.ts). */
function dianAddress(company: Company): DianAddress {
  if (!isDianAddress(company.address)) throw new DianXmlError('An address needs its street line and its city (country_code, state_code, city_code)');
  return company.address;
}

/** The company row as the UBL builder's issuer (trade name, person type and matrícula mercantil from its settings too). */
export function dianIssuer(company: Company): DianIssuer {
  const settings = company.settings ?? {};
  const personType = settings.person_type;
  return {
    ...company,
    address: dianAddress(company),
    fiscal_responsibilities: responsibilityCodes(settings).map((code) => ({ code })),
    vat_responsible: settings.vat_responsible !== false,
    email: text(settings.email),
    commercial_name: text(settings.commercial_name),
    person_type: personType === 'company' || personType === 'person' ? personType : undefined,
    commercial_registration: text(settings.commercial_registration),
  };
}
