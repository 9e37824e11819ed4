/**
 * Mexico's rules on a customer: the RFC's length per person type, its fiscal regime (c_RegimenFiscal) and postal code
 * (c_CodigoPostal), regime 616 for the generic RFCs, and the residence abroad of XEXX010101000.
 */
import { catalogueCodes, postalCode, regime, rfcPersonType } from '../../catalogs/sat';
import { FOREIGN_RECEIVER, genericReceiver } from '../../companies/uses';
import type { CustomerRules } from '../country';
import { GENERIC_RFCS } from './identification';

export const mxCustomers: CustomerRules = {
  check(p, c, at) {
    if (!p.has(at('identification')) && !GENERIC_RFCS.includes(c.identification)) {
      const expected = c.person_type === 'company' ? 12 : 13;
      if (c.identification.length !== expected) p.add('invalid_identification', `The RFC of a ${c.person_type} has ${expected} characters`, at('identification'));
    }
    if (typeof c.tax_regime === 'string' && !genericReceiver(c.identification) && !p.has(at('tax_regime')) && !p.has(at('identification'))) {
      const r = regime(c.tax_regime);
      const type = GENERIC_RFCS.includes(c.identification) ? c.person_type : rfcPersonType(c.identification);
      if (!r) p.add('invalid_value', `${c.tax_regime} is not a c_RegimenFiscal code`, at('tax_regime'));
      else if (!r.person_types.includes(type)) {
        p.add('invalid_value', `Regime ${r.code} (${r.description}) is for ${r.person_types.includes('company') ? 'personas morales (12-character RFC)' : 'personas físicas (13-character RFC)'}, not for ${c.identification}`, at('tax_regime'));
      }
    }
    const postal = c.address?.postal_code;
    if (typeof postal === 'string' && !genericReceiver(c.identification) && !p.has(at('address.postal_code')) && postalCode(postal) === undefined) {
      p.add('invalid_value', `${postal} is not a postal code of the SAT catalogue c_CodigoPostal`, at('address.postal_code'));
    }
    const generic = genericReceiver(c.identification);
    if (generic && typeof c.tax_regime === 'string' && c.tax_regime !== generic.regime && !p.has(at('tax_regime'))) {
      p.add('invalid_value', `The generic RFC ${generic.rfc} (${generic.label}) has fiscal regime ${generic.regime} (Sin obligaciones fiscales) in CFDI 4.0, not ${c.tax_regime}`, at('tax_regime'));
    }
    const abroad = c.address;
    if (abroad && !p.has(at('address'))) {
      if (generic?.rfc === FOREIGN_RECEIVER.rfc) {
        if (!abroad.fiscal_residence) p.add('parameter_required', `The generic RFC ${FOREIGN_RECEIVER.rfc} (residente en el extranjero) needs its country of tax residence (ResidenciaFiscal)`, at('address.fiscal_residence'));
        if (!abroad.foreign_tax_id) p.add('parameter_required', `The generic RFC ${FOREIGN_RECEIVER.rfc} (residente en el extranjero) needs its tax id abroad (NumRegIdTrib)`, at('address.foreign_tax_id'));
      } else if (abroad.fiscal_residence || abroad.foreign_tax_id) {
        p.add('parameter_not_allowed', `ResidenciaFiscal and NumRegIdTrib are for a receiver resident abroad, identified by the generic RFC ${FOREIGN_RECEIVER.rfc}`, at(abroad.fiscal_residence ? 'address.fiscal_residence' : 'address.foreign_tax_id'));
      }
      const residence = abroad.fiscal_residence;
      if (residence && !p.has(at('address.fiscal_residence'))) {
        if (residence === 'MEX') p.add('invalid_value', 'A receiver resident abroad has a ResidenciaFiscal other than MEX', at('address.fiscal_residence'));
        else if (catalogueCodes('c_Pais')?.has(residence) === false) p.add('invalid_value', `${residence} is not a c_Pais code`, at('address.fiscal_residence'));
      }
    }
  },
  checkDigit: (c) => c.check_digit ?? null,
  idTypes: { RFC: 'Registro Federal de Contribuyentes' },
  defaultIdType: 'RFC',
  idTypesHelp: 'RFC (the default), or the answer\'s {code, name}',
};
