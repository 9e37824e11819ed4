/**
 * Code lists of the DIAN's technical annex (1.9) that the sandbox authority
 * checks, written in full: tributos (TaxScheme/ID), fiscal responsibilities
 * (TaxLevelCode), identification document types (CompanyID/@schemeName) and
 * payment means (PaymentMeansCode). Places are in divipola.ts.
 */
import { DIAN_ID_TYPES } from '../countries/co/identification';

/** Tributos (annex table "Tributos"): TaxScheme/ID of taxes and withholdings. */
export const TAX_SCHEMES: ReadonlySet<string> = new Set([
  '01', '02', '03', '04', '05', '06', '07', '08', '20', '21', '22', '23', '24', '25', '26', '30', '32', '33', '34', '35', '36', 'ZZ',
]);

/** Fiscal responsibilities an invoice may state (TaxLevelCode, annex table of responsibilities), with their names. */
export const RESPONSIBILITY_NAMES: Readonly<Record<string, string>> = {
  'O-13': 'Gran contribuyente', 'O-15': 'Autorretenedor', 'O-23': 'Agente de retención IVA', 'O-47': 'Régimen simple de tributación', 'R-99-PN': 'No aplica – Otros',
};
export const RESPONSIBILITIES: ReadonlySet<string> = new Set(Object.keys(RESPONSIBILITY_NAMES));

/** Identification document types (annex table "Tipos de documento de identidad"). */
export const ID_TYPES: ReadonlySet<string> = new Set(Object.keys(DIAN_ID_TYPES));

/** Payment means (annex table "Medios de pago", UN/CEFACT 4461 codes): 1–53, 60–67, 70, 74–78, 91–97 and ZZZ. */
export const PAYMENT_MEANS: ReadonlySet<string> = new Set([
  ...[[1, 53], [60, 67], [70, 70], [74, 78], [91, 97]].flatMap(([a, b]) => Array.from({ length: b - a + 1 }, (_, i) => String(a + i))),
  'ZZZ',
]);

/** Payment methods (PaymentMeans/ID): 1 cash (contado), 2 credit. */
export const PAYMENT_METHODS: ReadonlySet<string> = new Set(['1', '2']);
