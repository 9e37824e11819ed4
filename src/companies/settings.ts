/**
 * A company's settings (companies.settings), the ones that change its
 * documents, with their schema (the administration API and the CLI set them,
 * src/admin/companies.ts) and the readers the documents use.
 *
 *   email, phone, commercial_name                 both countries: PDFs, e-mail Reply-To, UBL contact
 *   tax_regime                                    CO: 48 responsable de IVA, 49 no responsable; MX: c_RegimenFiscal
 *   fiscal_responsibilities [{code, name}]        CO: DIAN responsibilities (O-13, O-15, O-23, O-47, R-99-PN)
 *   person_type, commercial_registration          CO: the issuer is a company or a person; matrícula mercantil
 *   postal_code                                   MX: place of issue (LugarExpedicion)
 *   foreign_currency {enabled, currencies}        currencies other than the local one that documents may use
 *   warehouses_enabled, seller_by_item, cost_center_required, long_product_descriptions
 *   dian {id, pin, test_set_id, environment}      CO: software id and PIN, habilitación test set, 1 production / 2 test
 *   dian.test_set {status, test_set_id, at}       CO: the last test set sent (POST …/dian/test-set), set by the service
 *
 * The logo for PDFs is the column companies.logo (base64 PNG or JPEG), not a setting,
 * so that the settings every request reads with its token stay small.
 */
import { Type, type TSchema } from '@sinclair/typebox';
import { CURRENCIES } from '../invoices/co/schema';
import { CodeOrObject, codeOf, Enum } from '../platform/validation';

/** DIAN fiscal responsibilities of annex 1.9 (table of TaxLevelCode values) with their names. */
export const FISCAL_RESPONSIBILITIES: Record<string, string> = {
  'O-13': 'Gran contribuyente', 'O-15': 'Autorretenedor', 'O-23': 'Agente de retención IVA',
  'O-47': 'Régimen simple de tributación', 'R-99-PN': 'No aplica – Otros',
};
/** Colombian tax regimes (the listName of TaxLevelCode). */
export const CO_TAX_REGIMES: Record<string, string> = { 48: 'Responsable del impuesto sobre las ventas (IVA)', 49: 'No responsable de IVA' };
/** SAT catalogue c_RegimenFiscal (CFDI 4.0). */
export const MX_TAX_REGIMES: Record<string, string> = {
  601: 'General de Ley Personas Morales', 603: 'Personas Morales con Fines no Lucrativos', 605: 'Sueldos y Salarios e Ingresos Asimilados a Salarios',
  606: 'Arrendamiento', 607: 'Régimen de Enajenación o Adquisición de Bienes', 608: 'Demás ingresos',
  610: 'Residentes en el Extranjero sin Establecimiento Permanente en México', 611: 'Ingresos por Dividendos (socios y accionistas)',
  612: 'Personas Físicas con Actividades Empresariales y Profesionales', 614: 'Ingresos por intereses',
  615: 'Régimen de los ingresos por obtención de premios', 616: 'Sin obligaciones fiscales',
  620: 'Sociedades Cooperativas de Producción que optan por diferir sus ingresos', 621: 'Incorporación Fiscal',
  622: 'Actividades Agrícolas, Ganaderas, Silvícolas y Pesqueras', 623: 'Opcional para Grupos de Sociedades', 624: 'Coordinados',
  625: 'Régimen de las Actividades Empresariales con ingresos a través de Plataformas Tecnológicas', 626: 'Régimen Simplificado de Confianza',
};

/** A schema whose value may also be null (in a PATCH: back to the default). */
export const nullable = (s: TSchema): TSchema =>
  Type.Unsafe({ ...s, type: [...(Array.isArray(s.type) ? s.type : [s.type]), 'null'] });
const setting = (s: TSchema) => Type.Optional(nullable(s));

export const SettingsBody = Type.Object({
  email: setting(Type.String({ maxLength: 100, format: 'email', description: 'On PDFs and in the Reply-To of e-mails' })),
  phone: setting(Type.String({ maxLength: 30, pattern: '^[0-9 +()-]*$', 'x-hint': 'must contain only digits, spaces and + ( ) -' })),
  commercial_name: setting(Type.String({ maxLength: 200, description: 'Trade name (UBL PartyName); default the legal name' })),
  tax_regime: setting(Type.String({ pattern: '^[0-9]{2,3}$', 'x-hint': 'must be 48 or 49 (CO) or a c_RegimenFiscal code such as 601 (MX)',
    description: 'CO: 48 responsable de IVA, 49 no responsable; MX: SAT c_RegimenFiscal' })),
  fiscal_responsibilities: setting(Type.Array(CodeOrObject(Type.String({ maxLength: 10 }), {}), { maxItems: 5, uniqueItems: true,
    description: `CO: DIAN responsibilities, each a code or {code, name}: ${Object.keys(FISCAL_RESPONSIBILITIES).join(', ')}` })),
  person_type: setting(Enum(['company', 'person'], { description: 'CO: the issuer is a company (default) or a person' })),
  commercial_registration: setting(Type.String({ maxLength: 50, description: 'CO: matrícula mercantil' })),
  postal_code: setting(Type.String({ pattern: '^[0-9]{5}$', 'x-hint': 'must be a five-digit código postal', description: 'MX: place of issue (LugarExpedicion)' })),
  foreign_currency: setting(Type.Object({
    enabled: Type.Optional(Type.Boolean()),
    currencies: Type.Optional(Type.Array(Enum(CURRENCIES, { 'x-code': 'invalid_currency' }), { maxItems: CURRENCIES.length, uniqueItems: true })),
  }, { description: 'Currencies other than the local one that invoices and receipts may use' })),
  warehouses_enabled: setting(Type.Boolean()),
  seller_by_item: setting(Type.Boolean({ description: 'Every invoice line names its seller (items.seller)' })),
  cost_center_required: setting(Type.Boolean()),
  long_product_descriptions: setting(Type.Boolean()),
  dian: setting(Type.Object({
    id: Type.Optional(Type.String({ minLength: 1, maxLength: 100, description: 'Software id given by the DIAN' })),
    pin: Type.Optional(Type.String({ minLength: 1, maxLength: 50, description: 'Software PIN (never answered)' })),
    test_set_id: Type.Optional(Type.String({ minLength: 1, maxLength: 100, description: 'TestSetId of the habilitación' })),
    environment: Type.Optional(Enum(['1', '2'], { description: '1 production, 2 test (habilitación)' })),
  }, { description: 'CO: the DIAN software registration' })),
});

/** Settings only a Colombian or only a Mexican company has. */
export const COUNTRY_SETTINGS: Record<'CO' | 'MX', string[]> = {
  CO: ['fiscal_responsibilities', 'person_type', 'commercial_registration', 'dian'],
  MX: ['postal_code'],
};

/** Responsibilities as stored: {code, name}, codes in capitals. */
export function responsibilities(list: (string | { code: string })[]): { code: string; name: string }[] {
  return list.map((r) => { const code = codeOf(r).toUpperCase(); return { code, name: FISCAL_RESPONSIBILITIES[code] ?? code }; });
}

/**
 * The issuer as the DIAN UBL builder reads it (src/einvoice/dian/ubl.ts, DianIssuer): the company
 * row with its settings in the builder's field names.
 */
export function dianIssuer<T extends { settings?: Record<string, any> | null }>(company: T) {
  const s = company.settings ?? {};
  return {
    ...company,
    commercial_name: s.commercial_name ?? null,
    fiscal_responsibilities: s.fiscal_responsibilities ?? undefined,
    vat_responsible: s.tax_regime ? s.tax_regime === '48' : undefined,
    person_type: s.person_type ?? undefined,
    commercial_registration: s.commercial_registration ?? null,
    email: s.email ?? null,
  };
}
