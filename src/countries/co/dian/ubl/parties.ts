/**
 * The parties: cac:AccountingSupplierParty (the issuer) and
 * cac:AccountingCustomerParty (the customer), with their identification,
 * addresses (DIVIPOLA code and the DIAN's names; abroad, no DANE code), tax
 * scheme, fiscal responsibilities, legal entity and contact.
 */
import { nitCheckDigit } from '../../../../platform/nit';
import { placeOf } from '../../divipola';
import { DIAN_AGENCY } from './codes';
import type { DianAddress, DianCustomer, DianIssuer } from './types';
import { DianXmlError, leaf, type Attrs, type Node } from './xml';

function checkDigitOf(idType: string, identification: string, given?: string | null): string | undefined {
  if (given !== undefined && given !== null && given !== '') return given;
  if (idType === '31' && /^[0-9]+$/.test(identification)) return nitCheckDigit(identification);
  return undefined;
}

function companyIdAttrs(idType: string, dv: string | undefined): Attrs {
  return { ...DIAN_AGENCY, ...(dv !== undefined ? { schemeID: dv } : {}), schemeName: idType };
}

/**
 * An address: in Colombia the DIVIPOLA municipality code in cbc:ID with the DIAN's names of the
 * municipality (CityName) and department (CountrySubentity); abroad no DANE code, the city and the
 * subdivision as text, and the country's code and name.
 */
export function address(parent: Node, name: 'cac:Address' | 'cac:RegistrationAddress', a: DianAddress): void {
  const node = parent.ele(name);
  const p = placeOf(a.city);
  if (!p) throw new DianXmlError('An address needs its city (country_code, state_code, city_code)');
  if (!p.foreign) leaf(node, 'cbc:ID', p.cityCode);
  leaf(node, 'cbc:CityName', p.cityName);
  leaf(node, 'cbc:PostalZone', a.postal_code ?? undefined);
  leaf(node, 'cbc:CountrySubentity', p.stateName);
  if (!p.foreign) leaf(node, 'cbc:CountrySubentityCode', p.stateCode);
  leaf(node.ele('cac:AddressLine'), 'cbc:Line', a.address);
  const country = node.ele('cac:Country');
  leaf(country, 'cbc:IdentificationCode', p.countryCode);
  leaf(country, 'cbc:Name', p.countryName, { languageID: 'es' });
}

interface PartyData {
  accountId: '1' | '2';
  name: string;
  registrationName: string;
  idType: string;
  id: string;
  dv: string | undefined;
  address: DianAddress;
  responsibilities: string;
  vatResponsible: boolean;
  identification: boolean;
  corporateScheme?: { id?: string; name?: string | null };
  contact?: { name?: string; phone?: string; email?: string };
}

export function party(parent: Node, wrapper: string, p: PartyData): void {
  const w = parent.ele(wrapper);
  leaf(w, 'cbc:AdditionalAccountID', p.accountId);
  const party = w.ele('cac:Party');
  if (p.identification) {
    leaf(party.ele('cac:PartyIdentification'), 'cbc:ID', p.id, { ...(p.dv !== undefined ? { schemeID: p.dv } : {}), schemeName: p.idType });
  }
  leaf(party.ele('cac:PartyName'), 'cbc:Name', p.name);
  address(party.ele('cac:PhysicalLocation'), 'cac:Address', p.address);

  const tax = party.ele('cac:PartyTaxScheme');
  leaf(tax, 'cbc:RegistrationName', p.registrationName);
  leaf(tax, 'cbc:CompanyID', p.id, companyIdAttrs(p.idType, p.dv));
  // listName: fiscal regime, 48 responsible for IVA, 49 not responsible.
  leaf(tax, 'cbc:TaxLevelCode', p.responsibilities, { listName: p.vatResponsible ? '48' : '49' });
  address(tax, 'cac:RegistrationAddress', p.address);
  const scheme = tax.ele('cac:TaxScheme');
  leaf(scheme, 'cbc:ID', p.vatResponsible ? '01' : 'ZZ');
  leaf(scheme, 'cbc:Name', p.vatResponsible ? 'IVA' : 'No aplica');

  const legal = party.ele('cac:PartyLegalEntity');
  leaf(legal, 'cbc:RegistrationName', p.registrationName);
  leaf(legal, 'cbc:CompanyID', p.id, companyIdAttrs(p.idType, p.dv));
  if (p.corporateScheme && (p.corporateScheme.id || p.corporateScheme.name)) {
    const reg = legal.ele('cac:CorporateRegistrationScheme');
    leaf(reg, 'cbc:ID', p.corporateScheme.id);
    leaf(reg, 'cbc:Name', p.corporateScheme.name);
  }
  if (p.contact && (p.contact.name || p.contact.phone || p.contact.email)) {
    const c = party.ele('cac:Contact');
    leaf(c, 'cbc:Name', p.contact.name);
    leaf(c, 'cbc:Telephone', p.contact.phone);
    leaf(c, 'cbc:ElectronicMail', p.contact.email);
  }
}

/** The issuer, with the invoice's prefix as its corporate registration scheme. */
export function supplierParty(root: Node, company: DianIssuer, prefix: string): void {
  party(root, 'cac:AccountingSupplierParty', {
    accountId: company.person_type === 'person' ? '2' : '1',
    name: company.commercial_name || company.legal_name,
    registrationName: company.legal_name,
    idType: '31', id: company.tax_id, dv: checkDigitOf('31', company.tax_id, company.check_digit),
    address: company.address,
    responsibilities: codes(company.fiscal_responsibilities),
    vatResponsible: company.vat_responsible ?? true,
    identification: false,
    corporateScheme: { id: prefix, name: company.commercial_registration },
    contact: company.email ? { email: company.email } : undefined,
  });
}

/** The customer, with its first contact that has an e-mail (else its first contact). */
export function customerParty(root: Node, customer: DianCustomer): void {
  const customerName = (Array.isArray(customer.name) ? customer.name : [customer.name]).map((s) => s.trim()).filter(Boolean).join(' ');
  const contact = (customer.contacts ?? []).find((c) => c.email) ?? (customer.contacts ?? [])[0];
  party(root, 'cac:AccountingCustomerParty', {
    accountId: customer.person_type === 'person' ? '2' : '1',
    name: customer.commercial_name || customerName,
    registrationName: customerName,
    idType: customer.id_type, id: customer.identification,
    dv: checkDigitOf(customer.id_type, customer.identification, customer.check_digit),
    address: customer.address,
    responsibilities: codes(customer.fiscal_responsibilities),
    vatResponsible: customer.vat_responsible ?? false,
    identification: true,
    contact: contact ? {
      name: [contact.first_name, contact.last_name].filter(Boolean).join(' ') || undefined,
      phone: contact.phone ? contact.phone.number : undefined,
      email: contact.email ?? undefined,
    } : undefined,
  });
}

/** Fiscal responsibilities as TaxLevelCode: codes joined by ";", R-99-PN (none) when there are none. */
export function codes(list: { code: string }[] | undefined): string {
  const c = (list ?? []).map((r) => r.code).filter(Boolean);
  return c.length ? c.join(';') : 'R-99-PN';
}
