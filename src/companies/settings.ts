/**
 * A company's settings (companies.settings), the ones that change its
 * documents, with their schema (the administration API and the CLI set them,
 * src/admin/companies.ts) and the readers the documents use.
 *
 *   email, phone, commercial_name                 both countries: PDFs, e-mail Reply-To, UBL contact
 *   brand_color                                   both countries: #RRGGBB, the company's pages for its customers (self-invoicing)
 *   vat_responsible                               CO: responsible for IVA (régimen 48, default) or not (49)
 *   fiscal_responsibilities [{code, name}]        CO: DIAN responsibilities (O-13, O-15, O-23, O-47, R-99-PN)
 *   tax_regime                                    MX: c_RegimenFiscal
 *   person_type, commercial_registration          CO: the issuer is a company or a person; matrícula mercantil
 *   postal_code                                   MX: place of issue (LugarExpedicion), in c_CodigoPostal
 *   border_stimulus                               MX: enrolled in the border region stimulus (may charge IVA 8 %)
 *   ticket_self_invoice_days                      MX: days after the end of a ticket's month it may still be self-invoiced
 *   ticket_global_invoice                         MX: daily, weekly or monthly: the global invoice of tickets made by itself
 *   foreign_currency {enabled, currencies}        currencies other than the local one that documents may use
 *   warehouses_enabled, seller_by_item, cost_center_required, long_product_descriptions
 *   dian {id, pin, test_set_id, environment, provider_name, provider_nit, provider_check_digit, provider_code}
 *                                                 CO: software id and PIN, habilitación test set id, 1 production / 2 test,
 *                                                 the software provider's name for PDFs
 *   dian.test_set_passed_at                       CO: set by a passed test set (src/countries/co/dian/habilitacion.ts);
 *                                                 until then environment 1 (production) is refused
 *
 * How the DIAN documents read them: src/countries/co/dian/issuer.ts. The logo for PDFs is the column
 * companies.logo (base64 PNG or JPEG, checked by src/pdf/logo.ts), not a setting, so that the
 * settings every request reads with its token stay small.
 */
import { Type, type TSchema } from '@sinclair/typebox';
import { CURRENCIES } from '../invoices/co/schema';
import { CodeOrObject, codeOf, Enum } from '../platform/validation';
import { RESPONSIBILITY_NAMES } from '../countries/co/dian/issuer';
import { TEST_SET_ID } from '../countries/co/dian/test-resolution';
import { REGIMES } from '../catalogs/sat';
import type { Problems } from '../platform/errors';
import type { DianSettings } from '../platform/auth';
import { isValidNit, nitCheckDigit } from '../platform/nit';
import type { CountryCode } from '../countries';

/** SAT catalogue c_RegimenFiscal (CFDI 4.0), code → description (src/catalogs/sat.ts). */
export const MX_TAX_REGIMES: Record<string, string> = Object.fromEntries(REGIMES.map((r) => [r.code, r.description]));

/** A schema whose value may also be null (in a PATCH: back to the default). */
export const nullable = (s: TSchema): TSchema =>
  Type.Unsafe({ ...s, type: [...(Array.isArray(s.type) ? s.type : [s.type]), 'null'] });
const setting = (s: TSchema) => Type.Optional(nullable(s));

export const SettingsBody = Type.Object({
  email: setting(Type.String({ maxLength: 100, format: 'email', description: 'On PDFs and in the Reply-To of e-mails' })),
  phone: setting(Type.String({ maxLength: 30, pattern: '^[0-9 +()-]*$', 'x-hint': 'must contain only digits, spaces and + ( ) -' })),
  commercial_name: setting(Type.String({ maxLength: 200, description: 'Trade name (UBL PartyName); default the legal name' })),
  vat_responsible: setting(Type.Boolean({ description: 'CO: responsible for IVA (TaxLevelCode listName 48; default) or not (49)' })),
  fiscal_responsibilities: setting(Type.Array(CodeOrObject(Type.String({ maxLength: 10 }), {}), { maxItems: 5, uniqueItems: true,
    description: `CO: DIAN responsibilities, each a code or {code, name}: ${Object.keys(RESPONSIBILITY_NAMES).join(', ')}` })),
  tax_regime: setting(Type.String({ pattern: '^[0-9]{3}$', 'x-hint': 'must be a c_RegimenFiscal code such as 601', description: 'MX: SAT c_RegimenFiscal' })),
  person_type: setting(Enum(['company', 'person'], { description: 'CO: the issuer is a company (default) or a person' })),
  commercial_registration: setting(Type.String({ maxLength: 50, description: 'CO: matrícula mercantil' })),
  postal_code: setting(Type.String({ pattern: '^[0-9]{5}$', 'x-hint': 'must be a five-digit código postal', description: 'MX: place of issue (LugarExpedicion)' })),
  border_stimulus: setting(Type.Boolean({ description: 'MX: enrolled in the border region stimulus (IVA 8 %, only from a border postal code of c_CodigoPostal)' })),
  brand_color: setting(Type.String({ pattern: '^#[0-9A-Fa-f]{6}$', 'x-hint': 'must be a colour written #RRGGBB',
    description: 'The company\'s colour (#RRGGBB): the band and buttons of its self-invoicing page (MX), once a ticket\'s key matched' })),
  ticket_global_invoice: Type.Optional(Type.Unsafe({ type: ['string', 'null'], enum: ['daily', 'weekly', 'monthly', null], description: 'MX: make the global invoice of the open tickets by itself once each day, week (Monday to Sunday, cut at a month\'s end) or month is over; unset (null): only when POST /mx/v1/tickets/global-invoice asks' })),
  ticket_self_invoice_days: setting(Type.Integer({ minimum: 0, maximum: 31, description: 'MX: days after the end of a ticket\'s month during which its customer may still invoice it alone (its self_invoice.until); default 0, the end of its month' })),
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
    test_set_id: Type.Optional(Type.String({ ...TEST_SET_ID, description: 'TestSetId of the habilitación (the GUID the DIAN gave)' })),
    environment: Type.Optional(Enum(['1', '2'], { description: '1 production (only once the test set passed), 2 test (habilitación)' })),
    provider_name: Type.Optional(Type.String({ minLength: 1, maxLength: 200, description: 'The software provider\'s name on PDFs, when it is not the company itself' })),
    provider_nit: Type.Optional(Type.String({ pattern: '^[0-9]{5,10}$', 'x-hint': 'must be a NIT of 5 to 10 digits, without its check digit', 'x-code': 'invalid_identification',
      description: 'NIT of the software provider (sts:ProviderID, the DIAN file names, the PDF) when the company uses a third party\'s software; unset: the company\'s own NIT' })),
    provider_check_digit: Type.Optional(Type.String({ pattern: '^[0-9]$', 'x-hint': 'must be one digit', 'x-code': 'invalid_identification',
      description: 'Check digit of provider_nit (verified; computed when omitted)' })),
    provider_code: Type.Optional(Type.String({ pattern: '^[0-9]{3}$', 'x-hint': 'must be three digits',
      description: 'The provider code (ppp) of the DIAN file names, as the DIAN gave it to the software provider; unset: 000 (the company\'s own software)' })),
  }, { description: 'CO: the DIAN software registration' })),
});

/** Settings only a Colombian or only a Mexican company has. */
export const COUNTRY_SETTINGS: Record<CountryCode, string[]> = {
  CO: ['vat_responsible', 'fiscal_responsibilities', 'person_type', 'commercial_registration', 'dian'],
  MX: ['tax_regime', 'postal_code', 'border_stimulus', 'ticket_self_invoice_days', 'ticket_global_invoice'],
};
/** The keys of settings.dian a change may set (the others are the service's own). */
export const DIAN_SETTINGS = ['id', 'pin', 'test_set_id', 'environment', 'provider_name', 'provider_nit', 'provider_check_digit', 'provider_code'];

/** settings.dian's provider after a change: a check digit goes with a NIT, and is the NIT's (problems at settings.dian.*). */
export function providerProblems(p: Problems, dian: DianSettings | undefined): void {
  if (!dian) return;
  if (dian.provider_check_digit != null && dian.provider_nit == null) {
    p.add('parameter_required', 'settings.dian.provider_check_digit goes with settings.dian.provider_nit', 'settings.dian.provider_nit');
  } else if (dian.provider_nit != null && dian.provider_check_digit != null && !isValidNit(dian.provider_nit, dian.provider_check_digit)) {
    p.add('invalid_identification', `${dian.provider_check_digit} is not the check digit of NIT ${dian.provider_nit} (it is ${nitCheckDigit(dian.provider_nit)})`, 'settings.dian.provider_check_digit');
  }
}

/** Responsibilities as stored: {code, name}, codes in capitals. */
export function responsibilities(list: (string | { code: string })[]): { code: string; name: string }[] {
  return list.map((r) => { const code = codeOf(r).toUpperCase(); return { code, name: RESPONSIBILITY_NAMES[code] ?? code }; });
}
