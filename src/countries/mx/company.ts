/** Mexico's rules on a company's record: its fiscal regime (c_RegimenFiscal) and postal code (c_CodigoPostal). */
import { postalCode, REGIMES } from '../../catalogs/sat';
import type { CompanyRules } from '../country';

const regimes = new Set(REGIMES.map((r) => r.code));

export const mxCompany: CompanyRules = {
  settings(p, merged, sent) {
    if (sent.tax_regime && !regimes.has(String(merged.tax_regime))) {
      p.add('invalid_value', `settings.tax_regime must be a c_RegimenFiscal code: ${[...regimes].join(', ')}`, 'settings.tax_regime');
    }
    if (sent.postal_code && postalCode(String(merged.postal_code)) === undefined) {
      p.add('invalid_value', `settings.postal_code ${merged.postal_code} is not a postal code of c_CodigoPostal`, 'settings.postal_code');
    }
  },
  defaults(settings, address) {
    settings.postal_code ??= address?.postal_code;
  },
};
