/**
 * Companies: create (country, legal name, tax id with its check digit,
 * address, time zone, settings), read, and change everything that shapes
 * their documents (settings, address, legal name, logo). The country and the
 * tax id never change: documents, certificates and the DIAN's records hang
 * on them.
 */
import { AAD, isSealed, storedSecret } from '../platform/secrets';
import { Type, type Static } from '@sinclair/typebox';
import type { Db, Queryable } from '../platform/db';
import type { CompanyRow, CompanySettings } from '../platform/auth';
import { isRecord, recordOf as objectOf } from '../platform/json';
import type { StoredAddress } from '../catalog/rows';
import { DomainError, notFound, Problems } from '../platform/errors';
import { checkBody, Enum, validBody } from '../platform/validation';
import { customerBodyOf } from '../catalog/customers';
import { countries, country as countryOf, type CountryCode } from '../countries';
import { seedStarterCatalog } from '../companies/catalogs/starter';
import { DIAN_SETTINGS, nullable, providerProblems, responsibilities, SettingsBody } from '../companies/settings';
import { RESPONSIBILITY_NAMES } from '../countries/co/dian/issuer';
import { productionRefusal, testNumberingRefusal } from '../countries/co/dian/habilitacion';
import { LOGO_MAX_BYTES, logoProblem } from '../pdf/logo';
import { keyToStore, withCompany, type Actor } from './audit';

const Address = (country: CountryCode) => customerBodyOf(country).properties.address;
const AnyAddress = Type.Unsafe<StoredAddress>({ type: 'object', description: 'As a customer\'s address: address, city {country_code, state_code, city_code}, postal_code (MX: five-digit código postal, street parts)' });
const Logo = nullable(Type.String({ maxLength: Math.ceil(LOGO_MAX_BYTES / 3) * 4 + 100,
  description: `Base64 of a PNG or JPEG image of at most ${LOGO_MAX_BYTES / 1024} KB for the PDFs (a data:image/png;base64, prefix is accepted); null removes it` }));
/** A logo as stored: its base64 alone. */
const storedLogo = (logo: string) => logo.trim().replace(/^data:image\/(png|jpe?g);base64,/i, '').replace(/\s+/g, '');

const createBody = (codes: readonly string[]) => Type.Object({
  country: Enum(codes),
  legal_name: Type.String({ minLength: 1, maxLength: 200 }),
  tax_id: Type.String({ minLength: 1, maxLength: 20, description: 'CO: the NIT digits without check digit; MX: the RFC (12 characters for companies, 13 for persons)' }),
  check_digit: Type.Optional(Type.String({ pattern: '^[0-9]$', 'x-hint': 'must be one digit', description: 'CO: the NIT check digit; computed when omitted, verified when sent' })),
  address: AnyAddress,
  time_zone: Type.Optional(Type.String({ description: 'America/Bogota (CO, default) or America/Mexico_City (MX, default)' })),
  settings: Type.Optional(SettingsBody),
  logo: Type.Optional(Logo),
  starter_catalog: Type.Optional(Type.Boolean({ description: 'true (default): the country\'s starting catalog (taxes, payment types, global discounts and charges, price lists, account groups, FV and RC types); false: only the chart of accounts' })),
});
export type CompanyCreateBody = Static<ReturnType<typeof createBody>>;
let created: { codes: string; schema: ReturnType<typeof createBody> } | undefined;
/** The creation's body, its country one of the registry's when asked (a test registers its own country before its service starts). */
export function companyCreateBody(): ReturnType<typeof createBody> {
  const codes = countries().map((c) => c.code);
  if (created?.codes !== codes.join()) created = { codes: codes.join(), schema: createBody(codes) };
  return created.schema;
}

export const CompanyUpdateBody = Type.Object({
  legal_name: Type.Optional(Type.String({ minLength: 1, maxLength: 200 })),
  address: Type.Optional(AnyAddress),
  time_zone: Type.Optional(Type.String()),
  settings: Type.Optional(SettingsBody),
  logo: Type.Optional(Type.Unsafe({ type: ['string', 'null', 'object'], description: 'Base64 PNG or JPEG; null removes it; the answer\'s {media_type, size} leaves it as it is' })),
  country: Type.Optional(Type.String({ description: 'Cannot change' })),
  tax_id: Type.Optional(Type.String({ description: 'Cannot change' })),
  check_digit: Type.Optional(Type.Unsafe({ type: ['string', 'null'], description: 'Cannot change' })),
});
export type CompanyUpdateBody = Static<typeof CompanyUpdateBody>;

const opt = Type.Optional;
export const CompanyAnswer = Type.Object({
  id: Type.Integer(), country: Type.String(), legal_name: Type.String(), tax_id: Type.String(), check_digit: opt(Type.Union([Type.String(), Type.Null()])),
  address: Type.Record(Type.String(), Type.Unknown()), time_zone: Type.String(),
  settings: Type.Record(Type.String(), Type.Unknown(), { description: 'dian.pin is never answered: dian.pin_set says whether it is set' }),
  logo: Type.Union([Type.Object({ media_type: Type.String(), size: Type.Integer() }), Type.Null()]),
  is_demo: Type.Boolean(), created: Type.String(),
});

function logoInfo(b64: string | null) {
  if (!b64) return null;
  const bytes = Buffer.from(b64, 'base64');
  return { media_type: bytes[0] === 0x89 ? 'image/png' : 'image/jpeg', size: bytes.length };
}

/** A company as the administration API answers it: settings without the DIAN PIN. */
export function companyAnswer(row: CompanyRow) {
  const settings = { ...(row.settings ?? {}) };
  if (settings.dian) {
    const { pin, ...dian } = settings.dian;
    settings.dian = { ...dian, pin_set: !!pin };
  }
  return {
    id: row.company_id, country: row.country, legal_name: row.legal_name, tax_id: row.tax_id, check_digit: row.check_digit,
    address: row.address, time_zone: row.time_zone, settings, logo: logoInfo(row.logo), is_demo: row.is_demo,
    created: new Date(row.created_at).toISOString(),
  };
}

/** The fields of a company row that a change is recorded against. */
const recordFields = (row: CompanyRow) => ({ legal_name: row.legal_name, tax_id: row.tax_id, check_digit: row.check_digit, address: row.address,
  time_zone: row.time_zone, settings: row.settings, logo: row.logo });

function checkLogo(p: Problems, logo: unknown): void {
  const problem = typeof logo === 'string' && !p.has('logo') ? logoProblem(logo) : null;
  if (problem) p.add('invalid_value', problem, 'logo');
}

function checkTimeZone(p: Problems, country: CountryCode, tz: string | undefined): void {
  const zone = countryOf(country).timeZone;
  if (tz !== undefined && tz !== zone) p.add('invalid_value', `A ${country} company's time zone is ${zone}`, 'time_zone');
}

function checkAddress(p: Problems, country: CountryCode, address: unknown): void {
  if (address === undefined || p.has('address')) return;
  if (!checkBody(Address(country), address, p, 'address')) return;
  const city = objectOf(address).city;
  const rules = countryOf(country).company;
  if (rules.address && isRecord(city)) rules.address(p, city);
}

/** An address in its stored spelling: country, state and city codes in capitals. */
function storedAddress(address: StoredAddress): StoredAddress {
  if (!address?.city) return address;
  const upper = (v: unknown) => (typeof v === 'string' ? v.toUpperCase() : v);
  return { ...address, city: Object.fromEntries(Object.entries(address.city).map(([k, v]) => [k, upper(v)])) };
}

/**
 * Settings after a change: each key sent replaces the stored one (null removes it); dian and
 * foreign_currency are merged key by key. Country rules are recorded in `p`.
 */
function mergeSettings(p: Problems, country: CountryCode, stored: CompanySettings, sent: Static<typeof SettingsBody> | undefined): CompanySettings {
  const out: CompanySettings = { ...stored };
  if (!sent) return out;
  const own = countryOf(country);
  const others = countries().filter((c) => c !== own);
  const entries: [string, unknown][] = Object.entries(sent);
  const set: Record<string, unknown> = out; // each setting by its name
  for (const [k, v] of entries) {
    const theirs = own.settings.includes(k) ? undefined : others.find((c) => c.settings.includes(k));
    if (theirs && v !== null) { p.add('parameter_not_allowed', `settings.${k} is a setting of ${theirs.labels.adjective} companies`, `settings.${k}`); continue; }
    if (v === null) { delete set[k]; continue; }
    // settings.dian keeps what the service wrote (test_set_passed_at): a change sets only the keys it may.
    if (k === 'dian') set[k] = { ...objectOf(set[k]), ...Object.fromEntries(Object.entries(objectOf(v)).filter(([x]) => DIAN_SETTINGS.includes(x))) };
    else if (k === 'foreign_currency') set[k] = { ...objectOf(set[k]), ...objectOf(v) };
    else if (k === 'fiscal_responsibilities' && Array.isArray(v)) set[k] = responsibilities(v);
    else set[k] = v;
  }
  own.company.settings?.(p, { ...out }, { ...sent });
  (Array.isArray(out.fiscal_responsibilities) ? out.fiscal_responsibilities : []).forEach((r: unknown, i: number) => {
    if (sent.fiscal_responsibilities && !RESPONSIBILITY_NAMES[String(objectOf(r).code)]) {
      p.add('invalid_value', `A fiscal responsibility is one of ${Object.keys(RESPONSIBILITY_NAMES).join(', ')}`, `settings.fiscal_responsibilities[${i}]`);
    }
  });
  if (sent.dian) providerProblems(p, out.dian);
  const refusal = objectOf(sent.dian).environment === '1' && stored.dian?.environment !== '1' ? productionRefusal(stored) : null;
  if (refusal) p.add('company_settings', refusal, 'settings.dian.environment');
  const fc = out.foreign_currency;
  if (fc) {
    out.foreign_currency = { enabled: fc.enabled ?? false, currencies: fc.currencies ?? [] };
    const local = own.currency;
    if (out.foreign_currency.currencies.includes(local)) p.add('invalid_currency', `${local} is the company's own currency, not a foreign one`, 'settings.foreign_currency.currencies');
  }
  return out;
}

export async function createCompany(db: Db, actor: Actor, sent: unknown) {
  const p = new Problems();
  const body = validBody(companyCreateBody(), sent, p);
  const country = body.country;
  const { taxId, checkDigit } = countryOf(country).identification.check(p, body.tax_id, body.check_digit);
  checkAddress(p, country, body.address);
  checkTimeZone(p, country, body.time_zone);
  checkLogo(p, body.logo);
  const settings = mergeSettings(p, country, {}, body.settings);
  countryOf(country).company.defaults?.(settings, body.address);
  p.throwIfAny();
  return withCompany(db, actor, async (q) => {
    const [taken] = await q.query('SELECT company_id FROM companies WHERE country = $1 AND tax_id = $2', [country, taxId]);
    if (taken) throw new DomainError('already_exists', `A ${country} company with tax id ${taxId} exists (id ${taken.company_id})`, 'tax_id');
    const [row] = await q.query<{ company_id: number }>(
      `INSERT INTO companies (country, legal_name, tax_id, check_digit, address, settings, time_zone, logo)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING company_id`,
      [country, body.legal_name, taxId, checkDigit, JSON.stringify(storedAddress(body.address)), JSON.stringify(settings), countryOf(country).timeZone, typeof body.logo === 'string' ? storedLogo(body.logo) : null]);
    if (sealPin(settings, row.company_id, actor)) {
      await q.query('UPDATE companies SET settings = $2 WHERE company_id = $1', [row.company_id, JSON.stringify(settings)]);
    }
    await seedStarterCatalog(q, row.company_id, country, body.starter_catalog !== false);
    return row.company_id;
  }, async (f) => {
    await f.record('create', 'companies', f.company.company_id, null, recordFields(f.company));
    return companyAnswer(f.company);
  });
}

/** Seals a DIAN PIN sent in clear, bound to its company (src/platform/secrets.ts); true when it did. */
function sealPin(settings: CompanySettings, companyId: number, actor: Actor): boolean {
  const pin = settings.dian?.pin;
  if (typeof pin !== 'string' || isSealed(pin)) return false;
  const key = keyToStore(actor, 'The DIAN PIN');
  if (!key) return false;
  settings.dian = { ...settings.dian, pin: storedSecret(key, pin, AAD.pin(companyId)) };
  return true;
}

export async function updateCompany(db: Db, actor: Actor, companyId: number, sent: unknown) {
  const p = new Problems();
  const body = validBody(CompanyUpdateBody, sent, p);
  return withCompany(db, actor, companyId, async (f) => {
    const c = f.company;
    const country: CountryCode = c.country;
    for (const [field, stored] of [['country', c.country], ['tax_id', c.tax_id], ['check_digit', c.check_digit]] as const) {
      const sent = body[field];
      if (sent !== undefined && String(sent ?? '').toUpperCase() !== String(stored ?? '')) {
        p.add('parameter_not_allowed', `The ${field} of a company cannot change (documents and certificates hang on it); create another company`, field);
      }
    }
    checkAddress(p, country, body.address);
    checkTimeZone(p, country, body.time_zone);
    if (body.settings !== undefined && !checkBody(SettingsBody, body.settings, p, 'settings')) p.throwIfAny();
    const settings = mergeSettings(p, country, c.settings ?? {}, body.settings);
    if (countryOf(country).authority?.testSet && settings.dian?.environment === '1' && c.settings?.dian?.environment !== '1' && !p.has('settings.dian.environment')) {
      const refusal = await testNumberingRefusal(f.q, companyId);
      if (refusal) p.add('company_settings', refusal, 'settings.dian.environment');
    }
    const logo = body.logo === undefined || (body.logo !== null && typeof body.logo === 'object') ? c.logo : typeof body.logo === 'string' ? storedLogo(body.logo) : null;
    if (typeof body.logo === 'string') {
      if (!checkBody(Type.Object({ logo: Logo }), { logo: body.logo }, p)) p.throwIfAny();
      checkLogo(p, body.logo);
    }
    p.throwIfAny();
    sealPin(settings, companyId, actor);
    const [row] = await f.q.query<CompanyRow>(
      `UPDATE companies SET legal_name = $2, address = $3, settings = $4, logo = $5 WHERE company_id = $1 RETURNING *`,
      [companyId, body.legal_name ?? c.legal_name, JSON.stringify(body.address ? storedAddress(body.address) : c.address), JSON.stringify(settings), logo]);
    await f.record('update', 'companies', companyId, recordFields(c), recordFields(row));
    return companyAnswer(row);
  });
}

export async function getCompany(q: Queryable, companyId: number) {
  const [row] = await q.query<CompanyRow>('SELECT * FROM companies WHERE company_id = $1', [companyId]);
  if (!row) throw notFound(`Company ${companyId}`);
  return companyAnswer(row);
}

export async function listCompanies(q: Queryable, filter: { country?: string; tax_id?: string; page: number; page_size: number }) {
  const args: unknown[] = [];
  const where: string[] = [];
  if (filter.country) { args.push(filter.country.toUpperCase()); where.push(`country = $${args.length}`); }
  if (filter.tax_id) { args.push(filter.tax_id.toUpperCase()); where.push(`tax_id = $${args.length}`); }
  const cond = where.length ? `WHERE ${where.join(' AND ')}` : '';
  const [{ total }] = await q.query<{ total: number }>(`SELECT count(*)::int AS total FROM companies ${cond}`, args);
  const rows = await q.query<CompanyRow>(`SELECT * FROM companies ${cond} ORDER BY company_id LIMIT ${filter.page_size} OFFSET ${(filter.page - 1) * filter.page_size}`, args);
  return { pagination: { page: filter.page, page_size: filter.page_size, total_results: total }, results: rows.map(companyAnswer) };
}
