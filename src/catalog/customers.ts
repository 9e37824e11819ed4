/**
 * Customers: the schema and rules of a customer record (shared by
 * POST/PUT /v1/customers and by the customer created from a CO invoice),
 * its storage and its JSON shape, which is the reference API's (Siigo's):
 * codes in any letter case, `id_type` answered as {code, name} and accepted
 * as a code or as that object, so that a record read can be sent back as is.
 */
import { Type, type Static } from '@sinclair/typebox';
import type { Queryable } from '../platform/db';
import type { CustomerRow } from './rows';
import type { Problems } from '../platform/errors';
import { AnyCase, canonical, codeOf, CodeOrObject, Ignored } from '../platform/validation';

export const CUSTOMER_TYPES = ['Customer', 'Supplier', 'Other'] as const;
export const PERSON_TYPES = ['Person', 'Company'] as const;
import { GENERIC_RFCS, RFC_PATTERN } from '../countries/mx/identification';
import { colombia, country as countryOf, type Country, type CountryCode } from '../countries';

export { GENERIC_RFCS, RFC_PATTERN };

// Letters of any language, digits, spaces and the punctuation found in legal names ("Pérez & Cía. S.A.S.").
const NAME_PATTERN = "^[\\p{L}\\p{M}\\p{N} .,&'-]*$";
// Street addresses use #, -, / and ° ("Cra 7 # 71-21 Of. 502").
const ADDRESS_PATTERN = '^[\\p{L}\\p{M}\\p{N} #.,°º/-]*$';
const digits = (max: number, description?: string) =>
  Type.String({ maxLength: max, pattern: '^[0-9]*$', 'x-hint': 'must contain only digits', description });

const Phone = Type.Object({
  indicative: Type.Optional(digits(10, 'Country or area code')),
  number: digits(10),
  extension: Type.Optional(digits(10)),
});

const NameField = Type.Unsafe<string | string[]>({
  type: ['string', 'array'],
  minLength: 1, maxLength: 100, pattern: NAME_PATTERN,
  minItems: 1, maxItems: 2,
  items: { type: 'string', minLength: 1, maxLength: 100, pattern: NAME_PATTERN, 'x-hint': 'must contain only letters, digits, spaces and . , & \' -' },
  'x-hint': 'must contain only letters, digits, spaces and . , & \' -',
  description: 'A company: one element (or a string). A person: two elements, first names and last names.',
});

const cityCode = (hint: string) => Type.String({ minLength: 1, maxLength: 10, pattern: '^[A-Za-z0-9]+$', 'x-hint': hint });
const countryCodeField = (example: string) => Type.String({ pattern: '^[A-Za-z]{2}$', 'x-hint': `must be a two-letter country code (${example})`,
  description: `ISO 3166 code in any letter case (${example}, ${example[0]}${example[1].toLowerCase()}); answered in capitals` });
const MxAddressPart = () => Type.Optional(Type.String({ maxLength: 100 }));

/**
 * A customer's body in a country: its form's (src/countries/country.ts, DocumentForm: the UBL one with a place by codes,
 * or the CFDI's with the RFC, regime and postal code) with the identification types the country's `customers` lists.
 */
export function customerSchema(country: Country) {
  const co = country.form === 'ubl';
  const { idTypes, defaultIdType, idTypesHelp } = country.customers;
  const idType = CodeOrObject(AnyCase(Object.keys(idTypes)), { description: idTypesHelp, ...(defaultIdType ? { default: defaultIdType } : {}) });
  return Type.Object({
    type: AnyCase(CUSTOMER_TYPES, { default: 'Customer' }),
    person_type: AnyCase(PERSON_TYPES, { description: 'Person or Company, in any letter case (person, company)' }),
    id_type: defaultIdType ? Type.Optional(idType) : idType,
    identification: co
      ? Type.String({ minLength: 1, maxLength: 50, pattern: '^[A-Za-z0-9]+$', 'x-hint': 'must contain only letters and digits', 'x-code': 'invalid_identification' })
      : Type.String({ minLength: 12, maxLength: 13, pattern: RFC_PATTERN, 'x-hint': 'must be an RFC (12 characters for companies, 13 for persons)', 'x-code': 'invalid_identification' }),
    check_digit: Type.Optional(Type.String({ pattern: '^[0-9]$', 'x-hint': 'must be one digit', description: 'NIT check digit (computed when omitted)' })),
    branch_office: Type.Integer({ minimum: 0, maximum: 999, default: 0 }),
    name: NameField,
    commercial_name: Type.Optional(Type.String({ maxLength: 200 })),
    active: Type.Boolean({ default: true }),
    vat_responsible: Type.Boolean({ default: false }),
    fiscal_responsibilities: Type.Array(Type.Object({ code: Type.String({ minLength: 1, maxLength: 20 }), name: Type.Optional(Type.String({ maxLength: 100 })) }), { maxItems: 10, default: [] }),
    tax_regime: co ? Type.Optional(Type.String({ maxLength: 10 })) : Type.String({ pattern: '^[0-9]{3}$', 'x-hint': 'must be a c_RegimenFiscal code such as 601', description: 'SAT c_RegimenFiscal' }),
    address: Type.Object({
      address: Type.String({ minLength: 1, maxLength: 256, pattern: ADDRESS_PATTERN, 'x-hint': 'must contain only letters, digits, spaces and # . , - / °' }),
      city: co ? Type.Object({
        country_code: countryCodeField(country.code),
        state_code: cityCode('must contain only letters and digits'),
        city_code: cityCode('must contain only letters and digits'),
        city_name: Type.Optional(Type.String({ minLength: 1, maxLength: 60, pattern: ADDRESS_PATTERN, 'x-hint': 'must contain only letters, digits, spaces and # . , - / °', description: 'Abroad: the city, as text (in Colombia the DIVIPOLA name is used)' })),
        state_name: Type.Optional(Type.String({ minLength: 1, maxLength: 60, pattern: ADDRESS_PATTERN, 'x-hint': 'must contain only letters, digits, spaces and # . , - / °', description: 'Abroad: the state or province, as text' })),
      }) : Type.Optional(Type.Object({
        country_code: countryCodeField(country.code),
        state_code: Type.Optional(Type.String({ maxLength: 10 })),
        city_code: Type.Optional(Type.String({ maxLength: 10 })),
      })),
      postal_code: co ? Type.Optional(Type.String({ maxLength: 10, pattern: '^[0-9]*$', 'x-hint': 'must contain only digits' }))
        : Type.String({ pattern: '^[0-9]{5}$', 'x-hint': 'must be a five-digit código postal', description: 'DomicilioFiscalReceptor' }),
      ...(co ? Ignored(['street', 'exterior_number', 'interior_number', 'colony', 'locality']) : {
        street: MxAddressPart(), exterior_number: MxAddressPart(), interior_number: MxAddressPart(), colony: MxAddressPart(), locality: MxAddressPart(),
        fiscal_residence: Type.Optional(Type.String({ pattern: '^[A-Z]{3}$', 'x-hint': 'must be a c_Pais code such as USA', description: 'ResidenciaFiscal (c_Pais): required for the generic RFC XEXX010101000 of a receiver resident abroad' })),
        foreign_tax_id: Type.Optional(Type.String({ minLength: 1, maxLength: 40, pattern: '^[A-Za-z0-9 -]+$', 'x-hint': 'must contain only letters, digits, spaces and -', description: 'NumRegIdTrib: its tax id in its country of residence (XEXX010101000)' })),
      }),
    }),
    phones: Type.Array(Phone, { maxItems: 5, default: [] }),
    contacts: Type.Array(Type.Object({
      first_name: Type.String({ minLength: 1, maxLength: 50 }),
      last_name: Type.Optional(Type.String({ maxLength: 50 })),
      email: Type.Optional(Type.String({ maxLength: 100, format: 'email' })),
      phone: Type.Optional(Phone),
    }), { maxItems: 10, default: [] }),
    comments: Type.Optional(Type.String({ maxLength: 4000 })),
    related_users: Type.Optional(Type.Object({
      seller_id: Type.Optional(Type.Integer({ minimum: 1, maximum: 2147483647 })),
      collector_id: Type.Optional(Type.Integer({ minimum: 1, maximum: 2147483647 })),
    })),
    custom_fields: Type.Array(Type.Object({ key: Type.String({ minLength: 1, maxLength: 50 }), value: Type.String({ maxLength: 500 }) }), { maxItems: 20, default: [] }),
    // What a GET answers (so it can be sent back) and the reference API's UpdateCustomerCommand fields this service does not use.
    ...Ignored(['id', 'metadata', 'advance_balance', 'rfc_id', 'fiscal_regime', 'guid']),
  });
}
const opt = Type.Optional;
const PhoneAnswer = Type.Object({ indicative: opt(Type.String()), number: opt(Type.String()), extension: opt(Type.String()) });
const Metadata = Type.Object({ created: Type.String({ format: 'date-time' }), last_updated: Type.String({ format: 'date-time' }) });
/** A customer as answered (the reference API's CustomerViewModel, plus tax_regime in Mexico); a PUT takes it back as is. */
export const CustomerAnswer = Type.Object({
  id: Type.Integer(), type: Type.String({ description: 'Customer, Supplier or Other' }), person_type: Type.String({ description: 'Person or Company' }),
  id_type: Type.Object({ code: Type.String(), name: Type.String() }), identification: Type.String(), check_digit: opt(Type.String()),
  branch_office: Type.Integer(), name: Type.Array(Type.String()), commercial_name: opt(Type.String()), active: Type.Boolean(),
  vat_responsible: Type.Boolean(), fiscal_responsibilities: Type.Array(Type.Object({ code: Type.String(), name: opt(Type.String()) })),
  tax_regime: opt(Type.String()),
  address: Type.Object({
    address: opt(Type.String()), city: opt(Type.Object({ country_code: opt(Type.String()), state_code: opt(Type.String()), city_code: opt(Type.String()), city_name: opt(Type.String()), state_name: opt(Type.String()) })),
    fiscal_residence: opt(Type.String()), foreign_tax_id: opt(Type.String()),
    postal_code: opt(Type.String()), street: opt(Type.String()), exterior_number: opt(Type.String()), interior_number: opt(Type.String()),
    colony: opt(Type.String()), locality: opt(Type.String()),
  }),
  phones: Type.Array(PhoneAnswer),
  contacts: Type.Array(Type.Object({ first_name: opt(Type.String()), last_name: opt(Type.String()), email: opt(Type.String()), phone: opt(PhoneAnswer) })),
  comments: opt(Type.String()), related_users: opt(Type.Object({ seller_id: opt(Type.Integer()), collector_id: opt(Type.Integer()) })),
  custom_fields: Type.Array(Type.Object({ key: Type.String(), value: Type.String() })), metadata: Metadata,
  advance_balance: opt(Type.Number({ description: 'Colombia: advances received (AdvancePayment vouchers) not yet applied to invoices, in COP' })),
});

/** Colombia's, as the demo loader and the DIAN test set take it. */
export const CoCustomerBody = customerSchema(colombia);
const bodies = new WeakMap<Country, typeof CoCustomerBody>([[colombia, CoCustomerBody]]);
/** The customer body of a country's companies (made once per country: one schema, compiled once). */
export function customerBodyOf(code: CountryCode) {
  const c = countryOf(code);
  let body = bodies.get(c);
  if (!body) bodies.set(c, body = customerSchema(c));
  return body;
}
export type CustomerBody = Static<typeof CoCustomerBody>;

const nameParts = (name: string | string[]) => (Array.isArray(name) ? name : [name]);
const upper = (v: string | undefined) => v?.toUpperCase();
const MX_ADDRESS_PARTS = ['street', 'exterior_number', 'interior_number', 'colony', 'locality', 'fiscal_residence', 'foreign_tax_id'] as const;

/**
 * A customer body that passed its schema, in the stored spelling: person_type person or company, codes
 * in capitals, id_type a code; the address keeps only its own fields (not the names an answer may add).
 */
export function customerRecord(c: CustomerBody, country: CountryCode) {
  const a = c.address as CustomerBody['address'] & Partial<Record<(typeof MX_ADDRESS_PARTS)[number], string>>;
  const city = a.city as { country_code: string; state_code?: string; city_code?: string; city_name?: string; state_name?: string } | undefined;
  const address = {
    address: a.address,
    ...(city ? { city: Object.fromEntries(Object.entries({ country_code: upper(city.country_code), state_code: upper(city.state_code), city_code: upper(city.city_code),
      city_name: city.city_name, state_name: city.state_name })
      .filter(([, v]) => v !== undefined)) } : {}),
    ...Object.fromEntries([['postal_code', a.postal_code], ...MX_ADDRESS_PARTS.map((k) => [k, a[k]])].filter(([, v]) => v !== undefined)),
  };
  return {
    ...c,
    type: canonical(CUSTOMER_TYPES, c.type),
    person_type: c.person_type.toLowerCase() as 'person' | 'company',
    id_type: c.id_type === undefined ? countryOf(country).customers.defaultIdType ?? '' : codeOf(c.id_type).toUpperCase(),
    address,
  };
}

/**
 * Rules beyond the schema: name elements per person type, the country's own (its `customers`:
 * src/countries/co/customers.ts, the NIT check digit and DIVIPOLA places; src/countries/mx/customers.ts, the
 * RFC's length, regimes, postal codes and the generic RFCs), existing sellers, and uniqueness of
 * identification + branch office. `path` prefixes every JSON path.
 */
export async function checkCustomerRules(q: Queryable, companyId: number, country: CountryCode, body: CustomerBody,
  problems: Problems, path = '', exceptId?: number): Promise<void> {
  const at = (p: string) => (path ? `${path}.${p}` : p);
  const c = customerRecord(body, country);
  if (!problems.has(at('name'))) {
    const n = nameParts(c.name).length;
    if (c.person_type === 'company' && n !== 1) problems.add('invalid_value', 'A company has a one-element name', at('name'));
    if (c.person_type === 'person' && n !== 2) problems.add('invalid_value', 'A person has a two-element name: [first names, last names]', at('name'));
  }
  countryOf(country).customers.check(problems, c, at);
  for (const key of ['seller_id', 'collector_id'] as const) {
    const id = c.related_users?.[key];
    if (id === undefined || problems.has(at(`related_users.${key}`))) continue;
    const [s] = await q.query('SELECT active FROM sellers WHERE company_id = $1 AND id = $2', [companyId, id]);
    if (!s) problems.add('invalid_reference', `Seller ${id} does not exist; see /v1/users`, at(`related_users.${key}`));
  }
  if (!problems.has(at('identification')) && !problems.has(at('branch_office'))) {
    const [dup] = await q.query<{ id: number }>(
      'SELECT id FROM customers WHERE company_id = $1 AND identification = $2 AND branch_office = $3 AND id <> $4',
      [companyId, c.identification, c.branch_office, exceptId ?? 0]);
    if (dup) {
      problems.add('already_exists', `A customer with identification ${c.identification} and branch office ${c.branch_office} already exists (id ${dup.id}); use a new branch_office`, at('identification'));
    }
  }
}

/**
 * A customer as COLUMNS reads it: timestamps as both drivers give them (Date), and the JSON columns as they were
 * stored from a validated body, which is the shape they are answered in (CustomerAnswer).
 */
type JsonColumns = 'fiscal_responsibilities' | 'address' | 'phones' | 'contacts' | 'custom_fields';
type CustomerRead = Omit<CustomerRow, 'company_id' | 'created_at' | 'updated_at' | 'related_users' | JsonColumns>
  & Pick<Static<typeof CustomerAnswer>, JsonColumns> & { related_users: Static<typeof CustomerAnswer>['related_users'] | null; created_at: Date; updated_at: Date };

const COLUMNS = `id, person_type, id_type, identification, check_digit, branch_office, name, commercial_name, active,
  vat_responsible, fiscal_responsibilities, tax_regime, address, phones, contacts, comments, related_users, custom_fields, type,
  created_at, updated_at`;

function values(country: CountryCode, body: CustomerBody): unknown[] {
  const c = customerRecord(body, country);
  const checkDigit = countryOf(country).customers.checkDigit(c);
  return [c.person_type, c.id_type, c.identification, checkDigit, c.branch_office, JSON.stringify(nameParts(c.name)),
    c.commercial_name ?? null, c.active, c.vat_responsible, JSON.stringify(c.fiscal_responsibilities), c.tax_regime ?? null,
    JSON.stringify(c.address), JSON.stringify(c.phones), JSON.stringify(c.contacts), c.comments ?? null,
    c.related_users ? JSON.stringify(c.related_users) : null, JSON.stringify(c.custom_fields), c.type];
}

export async function insertCustomer(q: Queryable, companyId: number, country: CountryCode, c: CustomerBody) {
  const [row] = await q.query<CustomerRead>(
    `INSERT INTO customers (company_id, person_type, id_type, identification, check_digit, branch_office, name, commercial_name,
       active, vat_responsible, fiscal_responsibilities, tax_regime, address, phones, contacts, comments, related_users, custom_fields, type)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19) RETURNING ${COLUMNS}`,
    [companyId, ...values(country, c)]);
  return customerJson(row, country);
}

export async function updateCustomer(q: Queryable, companyId: number, country: CountryCode, id: number, c: CustomerBody) {
  const [row] = await q.query<CustomerRead>(
    `UPDATE customers SET person_type = $3, id_type = $4, identification = $5, check_digit = $6, branch_office = $7, name = $8,
       commercial_name = $9, active = $10, vat_responsible = $11, fiscal_responsibilities = $12, tax_regime = $13, address = $14,
       phones = $15, contacts = $16, comments = $17, related_users = $18, custom_fields = $19, type = $20, updated_at = now()
     WHERE company_id = $1 AND id = $2 RETURNING ${COLUMNS}`,
    [companyId, id, ...values(country, c)]);
  return row ? customerJson(row, country) : null;
}

export async function findCustomers(q: Queryable, companyId: number, country: CountryCode, where: string, args: unknown[], tail = '') {
  const rows = await q.query<CustomerRead>(`SELECT ${COLUMNS} FROM customers WHERE company_id = $1 ${where} ${tail}`, [companyId, ...args]);
  return rows.map((r) => customerJson(r, country));
}

/** The reference API's shape: type, person_type Person or Company, id_type {code, name}, metadata. */
export function customerJson(r: CustomerRead, country: CountryCode) {
  const { id, type, person_type, id_type, created_at, updated_at, check_digit, commercial_name, tax_regime, comments, related_users, ...rest } = r;
  const optional = Object.entries({ check_digit, commercial_name, tax_regime, comments, related_users }).filter(([, v]) => v !== null);
  return {
    id, type, person_type: canonical(PERSON_TYPES, person_type), id_type: { code: id_type, name: countryOf(country).customers.idTypes[id_type] ?? id_type },
    ...rest, ...Object.fromEntries(optional), metadata: { created: created_at.toISOString(), last_updated: updated_at.toISOString() },
  };
}

/** The documents that name a customer (as the customer, or as a line's third party), which keep it from being deleted. */
export async function customerUses(q: Queryable, companyId: number, c: { id: number; identification: string; branch_office: number }) {
  const line = JSON.stringify([{ customer: { identification: c.identification, branch_office: c.branch_office } }]);
  const [n] = await q.query<{ invoices: number; vouchers: number }>(
    `SELECT (SELECT count(*)::int FROM invoices WHERE company_id = $1 AND (customer_id = $2 OR document->'items' @> $3::jsonb)) AS invoices,
            (SELECT count(*)::int FROM vouchers WHERE company_id = $1 AND customer_id = $2) AS vouchers`, [companyId, c.id, line]);
  return n;
}
