/** Colombia's rules on a company's record: its place is a DIVIPOLA municipality of its department (the DIAN rejects an issuer's otherwise). */
import { placeProblems } from './divipola';
import type { CompanyRules } from '../country';

/** A text field of the record's city (codes in capitals), or undefined. */
const text = (city: Record<string, unknown>, key: string, code = false): string | undefined => {
  const v = city[key];
  return typeof v === 'string' ? (code ? v.toUpperCase() : v) : undefined;
};

export const coCompany: CompanyRules = {
  address(p, city) {
    const place = { country_code: text(city, 'country_code', true) ?? '', state_code: text(city, 'state_code', true), city_code: text(city, 'city_code', true),
      state_name: text(city, 'state_name'), city_name: text(city, 'city_name') };
    for (const [field, message] of placeProblems(place)) p.add('invalid_value', message, `address.city.${field}`);
  },
};
