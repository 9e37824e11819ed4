/** Colombia's rules on a customer: a NIT's digits and check digit, and a DIVIPOLA place (a foreign NIT is abroad). */
import { placeProblems, type CityRef } from './divipola';
import { nitCheckDigit } from '../../platform/nit';
import type { CustomerRules } from '../country';
import { DIAN_ID_TYPES } from './identification';

export const coCustomers: CustomerRules = {
  check(p, c, at) {
    if (c.id_type === '31' && !p.has(at('identification'))) {
      if (!/^[0-9]+$/.test(c.identification)) p.add('invalid_identification', 'A NIT contains only digits (send the check digit in check_digit)', at('identification'));
      else if (c.check_digit !== undefined && c.check_digit !== nitCheckDigit(c.identification)) {
        p.add('invalid_identification', `The check digit of NIT ${c.identification} is ${nitCheckDigit(c.identification)}, not ${c.check_digit}`, at('check_digit'));
      }
    }
    // The three codes are required by the schema; they must name a DIVIPOLA municipality of its department.
    const city = c.address?.city as CityRef | undefined;
    if (city && !p.has(at('address.city'))) {
      for (const [field, message] of placeProblems(city)) p.add('invalid_value', message, at(`address.city.${field}`));
      if (c.id_type === '50' && city.country_code === 'CO' && !p.has(at('id_type'))) {
        p.add('invalid_value', 'Identification type 50 (NIT de otro país) is a foreign taxpayer: its address.city.country_code cannot be CO', at('address.city.country_code'));
      }
    }
  },
  checkDigit: (c) => (c.id_type === '31' ? (c.check_digit ?? nitCheckDigit(c.identification)) : (c.check_digit ?? null)),
  idTypes: DIAN_ID_TYPES,
  idTypesHelp: 'DIAN code (13 cédula, 31 NIT, 22 cédula de extranjería, 41 pasaporte, …), or the answer\'s {code, name}',
};
