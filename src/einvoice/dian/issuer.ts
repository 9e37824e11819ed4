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
import type { DianIssuer } from './ubl';

/** The names of the DIAN's fiscal responsibility codes (annex 1.9, table 13.2.6.1). */
export const RESPONSIBILITY_NAMES: Readonly<Record<string, string>> = {
  'O-13': 'Gran contribuyente',
  'O-15': 'Autorretenedor',
  'O-23': 'Agente de retención IVA',
  'O-47': 'Régimen simple de tributación',
  'R-99-PN': 'No aplica – Otros',
};

/** The company's responsibility codes, as its settings give them (strings or {code}). */
export function responsibilityCodes(settings: any): string[] {
  const list = Array.isArray(settings?.fiscal_responsibilities) ? settings.fiscal_responsibilities : [];
  const codes = list.map((r: any) => (typeof r === 'string' ? r : r?.code)).filter((c: unknown): c is string => typeof c === 'string' && c !== '');
  return codes.length ? codes : ['R-99-PN'];
}

/** The company's regime line and responsibilities as printed: "Responsable de IVA", ["O-13 Gran contribuyente", …]. */
export function taxProfileText(settings: any): { regime: string; responsibilities: string[] } {
  return {
    regime: settings?.vat_responsible === false ? 'No responsable de IVA' : 'Responsable de IVA',
    responsibilities: responsibilityCodes(settings).map((c) => (RESPONSIBILITY_NAMES[c] ? `${c} ${RESPONSIBILITY_NAMES[c]}` : c)),
  };
}

/** The company row as the UBL builder's issuer (trade name, person type and matrícula mercantil from its settings too). */
export function dianIssuer(company: any): DianIssuer {
  return {
    ...company,
    fiscal_responsibilities: responsibilityCodes(company.settings).map((code) => ({ code })),
    vat_responsible: company.settings?.vat_responsible !== false,
    email: company.settings?.email ?? company.email ?? null,
    commercial_name: company.settings?.commercial_name ?? null,
    person_type: company.settings?.person_type ?? undefined,
    commercial_registration: company.settings?.commercial_registration ?? null,
  };
}
