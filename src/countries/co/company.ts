/** Colombia's rules on a company's record: its place is a DIVIPOLA municipality of its department (the DIAN rejects an issuer's otherwise). */
import { placeProblems, type CityRef } from './divipola';
import type { CompanyRules } from '../country';

export const coCompany: CompanyRules = {
  address(p, city) {
    const codes = Object.fromEntries(Object.entries(city).map(([k, v]) => [k, k.endsWith('_code') && typeof v === 'string' ? v.toUpperCase() : v])) as unknown as CityRef;
    for (const [field, message] of placeProblems(codes)) p.add('invalid_value', message, `address.city.${field}`);
  },
};
