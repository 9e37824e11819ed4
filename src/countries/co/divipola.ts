/**
 * Colombian places as the DIAN names them (annex 1.9, tables of departments,
 * municipalities and countries; codes are DANE's DIVIPOLA): the 33
 * departments are written here, the municipalities (co/municipalities.tsv:
 * code, name) and countries (co/countries.tsv: ISO alpha-2, Spanish name)
 * come from the catalogue files.
 */
import { keyed } from '../../catalogs/files';

/** DIVIPOLA departments with the DIAN's names (cbc:CountrySubentity). */
export const DEPARTMENTS: Readonly<Record<string, string>> = Object.freeze({
  '05': 'Antioquia', '08': 'Atlántico', '11': 'Bogotá', '13': 'Bolívar', '15': 'Boyacá', '17': 'Caldas', '18': 'Caquetá',
  '19': 'Cauca', '20': 'Cesar', '23': 'Córdoba', '25': 'Cundinamarca', '27': 'Chocó', '41': 'Huila', '44': 'La Guajira',
  '47': 'Magdalena', '50': 'Meta', '52': 'Nariño', '54': 'Norte de Santander', '63': 'Quindío', '66': 'Risaralda',
  '68': 'Santander', '70': 'Sucre', '73': 'Tolima', '76': 'Valle del Cauca', '81': 'Arauca', '85': 'Casanare',
  '86': 'Putumayo', '88': 'San Andrés y Providencia', '91': 'Amazonas', '94': 'Guainía', '95': 'Guaviare', '97': 'Vaupés',
  '99': 'Vichada',
});

export const MUNICIPALITIES_FILE = 'co/municipalities.tsv';
export const COUNTRIES_FILE = 'co/countries.tsv';

/** The DIAN's name of a municipality; undefined when the code is not in the list; null when the list is not installed. */
export function municipalityName(code: string): string | undefined | null {
  const list = keyed(MUNICIPALITIES_FILE);
  return list ? list.get(code)?.[1] : null;
}

/** The Spanish name of a country (ISO 3166 alpha-2); undefined when unknown; null when the list is not installed. */
export function countryName(code: string): string | undefined | null {
  if (code === 'CO') return 'Colombia';
  const list = keyed(COUNTRIES_FILE);
  return list ? list.get(code)?.[1] : null;
}

export interface CityRef { country_code: string; state_code?: string; city_code?: string; state_name?: string; city_name?: string }

/**
 * What is wrong with an address's place, each as [field, message]: in Colombia the department
 * must be a DIVIPOLA department and the municipality one of its municipalities; abroad the country
 * must be an ISO 3166 country and the city and subdivision are written as text (city_name required).
 */
export function placeProblems(city: CityRef): [field: string, message: string][] {
  const out: [string, string][] = [];
  if (city.country_code === 'CO') {
    const state = city.state_code ?? '';
    const dept = DEPARTMENTS[state];
    if (!dept) out.push(['state_code', `${state} is not a DIVIPOLA department code (two digits, e.g. 05 Antioquia, 11 Bogotá)`]);
    const code = city.city_code ?? '';
    const name = municipalityName(code);
    if (!dept) return out;
    if (!code.startsWith(state)) out.push(['city_code', `${code} is not a municipality of ${dept} (${state}): its DIVIPOLA code starts with ${state}`]);
    else if (name === undefined) out.push(['city_code', `${code} is not a DIVIPOLA municipality code`]);
    else if (name === null && !/^[0-9]{5}$/.test(code)) out.push(['city_code', 'A Colombian city_code is the five-digit DIVIPOLA municipality code']);
  } else {
    const name = countryName(city.country_code);
    if (name === undefined) out.push(['country_code', `${city.country_code} is not an ISO 3166 country code`]);
    if (!city.city_name) out.push(['city_name', 'An address abroad needs city_name (the city, as text)']);
  }
  return out;
}

/** An address's place with names, as the documents write it. */
export interface Place { foreign: boolean; countryCode: string; countryName: string | null; stateCode: string | null; stateName: string | null; cityCode: string | null; cityName: string | null }

export function placeOf(city: CityRef | undefined | null): Place | null {
  if (!city?.country_code) return null;
  if (city.country_code !== 'CO') {
    return { foreign: true, countryCode: city.country_code, countryName: countryName(city.country_code) ?? null, stateCode: null,
      stateName: city.state_name ?? null, cityCode: null, cityName: city.city_name ?? null };
  }
  return { foreign: false, countryCode: 'CO', countryName: 'Colombia', stateCode: city.state_code ?? null,
    stateName: DEPARTMENTS[city.state_code ?? ''] ?? city.state_name ?? null, cityCode: city.city_code ?? null,
    cityName: municipalityName(city.city_code ?? '') ?? city.city_name ?? null };
}
