/** Colombia's issuer identification: the NIT, 5 to 15 digits, and its check digit (DV), computed when omitted. */
import type { Problems } from '../../platform/errors';
import { isValidNit, nitCheckDigit } from '../../platform/nit';
import type { IdentificationRule, TaxId } from '../country';

/** The DIAN's identification document types (annex 1.9, table 13.2.1) and their names: a customer's `id_type`. */
export const DIAN_ID_TYPES: Readonly<Record<string, string>> = {
  11: 'Registro civil', 12: 'Tarjeta de identidad', 13: 'Cédula de ciudadanía', 21: 'Tarjeta de extranjería',
  22: 'Cédula de extranjería', 31: 'NIT', 41: 'Pasaporte', 42: 'Documento de identificación extranjero',
  47: 'Permiso especial de permanencia (PEP)', 48: 'Permiso por protección temporal (PPT)', 50: 'NIT de otro país', 91: 'NUIP',
};

export const nit: IdentificationRule = {
  label: 'NIT',
  otherDocuments: true,
  check(p: Problems, taxId: string, checkDigit: string | undefined): TaxId {
    if (!/^[0-9]{5,15}$/.test(taxId)) {
      p.add('invalid_identification', 'A NIT is 5 to 15 digits, without dots and without the check digit (send it in check_digit)', 'tax_id');
      return { taxId, checkDigit: null };
    }
    const dv = nitCheckDigit(taxId);
    if (checkDigit !== undefined && !isValidNit(taxId, checkDigit)) {
      p.add('invalid_identification', `The check digit of NIT ${taxId} is ${dv}, not ${checkDigit}`, 'check_digit');
    }
    return { taxId, checkDigit: dv };
  },
  printed: (taxId, checkDigit) => (checkDigit !== null && checkDigit !== undefined && checkDigit !== '' ? `${taxId}-${checkDigit}` : taxId),
};
