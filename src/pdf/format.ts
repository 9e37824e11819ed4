/**
 * Number and text formatting for the printed invoice and voucher, and the SAT
 * verification URL of a stamped CFDI. Money is decimal (decimal.js): the
 * amounts come as the GET JSON has them (numbers or strings) and are never
 * formatted through floating point arithmetic.
 */
import Decimal from 'decimal.js';
import type { Country, Money } from './types';
import { country as countryOf } from '../countries';


function group(digits: string, sep: string): string {
  let out = '';
  for (let i = 0; i < digits.length; i++) {
    if (i > 0 && (digits.length - i) % 3 === 0) out += sep;
    out += digits[i];
  }
  return out;
}

/** A decimal as the country writes it, with exactly `places` decimals (half-up) or, when `places` is null, no trailing zeros. */
export function formatNumber(value: Money, country: Country, places: number | null = 2): string {
  // Thousands and decimal separators: Colombia writes 1.234.567,89, Mexico 1,234,567.89.
  const { thousands, decimal } = countryOf(country).numbers;
  const d = new Decimal(value);
  const fixed = places === null ? d.toFixed() : d.toFixed(places, Decimal.ROUND_HALF_UP);
  const negative = fixed.startsWith('-') && !/^-0(\.0*)?$/.test(fixed);
  const [int, frac] = fixed.replace(/^-/, '').split('.');
  return `${negative ? '-' : ''}${group(int, thousands)}${frac ? decimal + frac : ''}`;
}

/**
 * Money as printed: "$ 1.234.567,89" (COP), "$ 1,234,567.89" (MXN); other
 * currencies carry their code in place of the sign ("USD 1.234,50" on a Colombian invoice).
 */
export function formatMoney(value: Money, country: Country, currency?: string | null): string {
  const local = countryOf(country).currency;
  const symbol = !currency || currency === local ? '$' : currency;
  const text = formatNumber(value, country, 2);
  return text.startsWith('-') ? `-${symbol} ${text.slice(1)}` : `${symbol} ${text}`;
}

/** A quantity: up to six decimals, no trailing zeros ("3", "2,5"). */
export function formatQuantity(value: Money, country: Country): string {
  return formatNumber(new Decimal(value).toDecimalPlaces(6, Decimal.ROUND_HALF_UP).toFixed(), country, null);
}

/** A tax's label: its name, then its rate unless the name already says it ("IVA 19%" stays as it is, "IVA" becomes "IVA 19 %"). */
export function taxLabel(name: string, percentage: number | string | null | undefined, country: Country): string {
  if (percentage === null || percentage === undefined || /\d\s*%/.test(name)) return name;
  return `${name} ${formatPercent(percentage, country)}`;
}

/** A percentage: "19 %", "0,5 %". */
export function formatPercent(value: Money, country: Country): string {
  return `${formatNumber(new Decimal(value).toDecimalPlaces(4, Decimal.ROUND_HALF_UP).toFixed(), country, null)} %`;
}

/** A date "YYYY-MM-DD" (or an ISO date-time) as "DD/MM/YYYY". Anything else is printed as it came. */
export function formatDate(value: string | null | undefined): string {
  if (!value) return '';
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(value);
  return m ? `${m[3]}/${m[2]}/${m[1]}` : value;
}

/**
 * The total as the SAT verification URL carries it (Anexo 20, CFDI 3.3/4.0 printed
 * representation): at most six decimals, no insignificant zeros, at least one
 * decimal ("1160.0", "1234.5", "0.123456").
 */
export function satTotal(total: Money): string {
  const fixed = new Decimal(total).toFixed(6, Decimal.ROUND_HALF_UP);
  const trimmed = fixed.replace(/0+$/, '');
  return trimmed.endsWith('.') ? `${trimmed}0` : trimmed;
}

export const SAT_VERIFICATION_BASE = 'https://verificacfdi.facturaelectronica.sat.gob.mx/default.aspx';

export interface SatVerificationFields {
  /** Folio fiscal (TimbreFiscalDigital/@UUID). */
  uuid: string;
  /** RFC of the issuer (Emisor/@Rfc). */
  rfcEmisor: string;
  /** RFC of the receiver (Receptor/@Rfc). */
  rfcReceptor: string;
  /** Comprobante/@Total. */
  total: Money;
  /** The CFDI seal (Comprobante/@Sello = TimbreFiscalDigital/@SelloCFD); its last 8 characters go in `fe`. */
  selloCFD: string;
}

/**
 * The QR content of a stamped CFDI: the SAT's verification page with
 * id (UUID), re and rr (the RFCs, "&" escaped as the URL needs), tt (total)
 * and fe (the last 8 characters of the CFDI seal).
 */
export function satVerificationUrl(f: SatVerificationFields): string {
  const rfc = (r: string) => encodeURIComponent(r.trim().toUpperCase());
  const seal = f.selloCFD.trim();
  return `${SAT_VERIFICATION_BASE}?id=${f.uuid.trim().toUpperCase()}&re=${rfc(f.rfcEmisor)}&rr=${rfc(f.rfcReceptor)}`
    + `&tt=${satTotal(f.total)}&fe=${seal.slice(-8)}`;
}
