/** Mexico's issuer identification: the RFC, whose last character is its check digit; the generic RFCs are not an issuer's. */
import type { Problems } from '../../platform/errors';
import { isValidRfc, rfcCheckDigit } from '../../platform/rfc';
import type { IdentificationRule, TaxId } from '../country';

export const RFC_PATTERN = '^[A-ZÑ&]{3,4}[0-9]{6}[A-Z0-9]{3}$';
/** The general public's (XAXX010101000) and a receiver abroad's (XEXX010101000). */
export const GENERIC_RFCS = ['XAXX010101000', 'XEXX010101000'];

export const rfc: IdentificationRule = {
  label: 'RFC',
  otherDocuments: false,
  check(p: Problems, taxId: string, checkDigit: string | undefined): TaxId {
    const id = taxId.toUpperCase();
    if (checkDigit !== undefined) p.add('parameter_not_allowed', 'A Mexican RFC carries its check digit as its last character', 'check_digit');
    if (!new RegExp(RFC_PATTERN).test(id)) p.add('invalid_identification', 'An RFC has 12 characters (companies) or 13 (persons): letters, six digits of date, three characters of homoclave', 'tax_id');
    else if (GENERIC_RFCS.includes(id)) p.add('invalid_identification', `${id} is a generic RFC; an issuer has its own`, 'tax_id');
    else if (!isValidRfc(id)) p.add('invalid_identification', `The last character of RFC ${id} must be its check digit ${rfcCheckDigit(id)}`, 'tax_id');
    return { taxId: id, checkDigit: null };
  },
  printed: (taxId) => taxId,
};
