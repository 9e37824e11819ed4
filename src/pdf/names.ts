/**
 * Names that printed documents show in place of codes: places (one function,
 * `placeLine`: Colombian ones with the DIAN's DIVIPOLA names of
 * src/countries/co/divipola.ts, Mexican states by their SAT code, other countries
 * by their Spanish name), and the SAT codes a CFDI's printed representation
 * describes (regimes, payment forms and methods, voucher type, export key, tax
 * object; regimes and tax objects from src/catalogs/sat.ts).
 */
import { countryName } from '../countries/co/divipola';
import { REGIMES, TAX_OBJECTS } from '../catalogs/sat';
import { served } from '../countries';

export interface CityCodes { country_code?: string; state_code?: string; city_code?: string; city_name?: string; state_name?: string }

/** "Medellín, Antioquia", "Querétaro, México": the city and state names of an address (codes only when no name is known). */
export function placeLine(city: CityCodes | null | undefined): string | null {
  if (!city?.country_code) return null;
  // A served country names its own places (Colombia's DIVIPOLA, Mexico's c_Estado); abroad, the names the address carries.
  const home = served(city.country_code);
  const { cityName, stateName } = home?.places(city) ?? { cityName: city.city_name ?? null, stateName: city.state_name ?? null };
  const country = home?.labels.name ?? countryName(city.country_code) ?? city.country_code;
  return [cityName, stateName && stateName !== cityName ? stateName : null, country].filter(Boolean).join(', ');
}

/** c_RegimenFiscal. */
export const SAT_REGIMES: Record<string, string> = Object.fromEntries(REGIMES.map((r) => [r.code, r.description]));

/** c_FormaPago. */
export const SAT_PAYMENT_FORMS: Record<string, string> = {
  '01': 'Efectivo', '02': 'Cheque nominativo', '03': 'Transferencia electrónica de fondos', '04': 'Tarjeta de crédito', '05': 'Monedero electrónico',
  '06': 'Dinero electrónico', '08': 'Vales de despensa', '12': 'Dación en pago', '13': 'Pago por subrogación', '14': 'Pago por consignación',
  '15': 'Condonación', '17': 'Compensación', '23': 'Novación', '24': 'Confusión', '25': 'Remisión de deuda', '26': 'Prescripción o caducidad',
  '27': 'A satisfacción del acreedor', '28': 'Tarjeta de débito', '29': 'Tarjeta de servicios', '30': 'Aplicación de anticipos',
  '31': 'Intermediario pagos', '99': 'Por definir',
};

/** c_MetodoPago. */
export const SAT_PAYMENT_METHODS: Record<string, string> = { PUE: 'Pago en una sola exhibición', PPD: 'Pago en parcialidades o diferido' };
/** c_TipoDeComprobante. */
export const SAT_VOUCHER_TYPES: Record<string, string> = { I: 'Ingreso', E: 'Egreso', T: 'Traslado', N: 'Nómina', P: 'Pago' };
/** c_Exportacion. */
export const SAT_EXPORT_KEYS: Record<string, string> = {
  '01': 'No aplica', '02': 'Definitiva con clave A1', '03': 'Temporal', '04': 'Definitiva con clave distinta a A1 o cuando no existe enajenación en términos del CFF',
};
/** c_ObjetoImp. */
export const SAT_TAX_OBJECTS: Record<string, string> = Object.fromEntries(Object.entries(TAX_OBJECTS).map(([code, o]) => [code, o.description]));

/** "601 General de Ley Personas Morales": a code with its description, or the code alone when it has none here. */
export const described = (code: string | null | undefined, names: Record<string, string>): string =>
  code ? (names[code] ? `${code} ${names[code]}` : code) : '';
