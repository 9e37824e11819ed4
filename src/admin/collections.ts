/**
 * The collections under /admin/v1/companies/{id}/: each is listed, read,
 * created and changed (PATCH; `active: false` deactivates) through the same
 * functions by the HTTP API and the CLI. A record's body takes the field
 * names its /v1 lookup answers, plus the administration's own (the ledger
 * account a tax or payment type posts to, a payment type's document type);
 * its answer is the /v1 lookup's record with those.
 *
 * One descriptor per table-backed collection (`tableResource`); certificates
 * and API users, which are not plain rows, implement `Resource` themselves.
 */
import { Type, type TSchema } from '@sinclair/typebox';
import type { Db, Queryable } from '../platform/db';
import { notFound, Problems } from '../platform/errors';
import { checkBody, Enum } from '../platform/validation';
import { LOOKUPS } from '../catalog/lookups';
import { colombia, country, mexico, type CountryCode } from '../countries';
import { CURRENCIES } from '../invoices/co/schema';
import { withCompany, type Actor } from './audit';
import { Nullable } from '../platform/answers';
import { recordOf } from '../platform/json';
import type { CompanySettings } from '../platform/auth';

export interface Resource {
  /** URL segment under /admin/v1/companies/{id}/ */
  path: string;
  /** CLI noun (`npm run -s cli -- <noun> <verb>`) */
  noun: string;
  summary: string;
  createBody: TSchema;
  updateBody: TSchema;
  /** A record as it is answered (list, get, create, change, actions). */
  answer: TSchema;
  /** List filters (query string, CLI flags). */
  filters?: Record<string, TSchema>;
  // Records are answered as `answer` says; a body is checked against createBody or updateBody before it is read.
  list(q: Queryable, companyId: number, filters?: Record<string, unknown>): Promise<unknown[]>;
  get(q: Queryable, companyId: number, id: number): Promise<unknown>;
  create(db: Db, actor: Actor, companyId: number, body: unknown): Promise<unknown>;
  update(db: Db, actor: Actor, companyId: number, id: number, body: unknown): Promise<unknown>;
  /** Further operations on one record: POST …/{item}/<name> (api-users: rotate). */
  actions?: Record<string, { summary: string; run(db: Db, actor: Actor, companyId: number, id: number): Promise<unknown> }>;
}

/** The company a collection's record belongs to, as companyRow reads it. */
export interface CompanyOfRecord { company_id: number; country: CountryCode; time_zone: string; settings: CompanySettings }

export interface Ctx { q: Queryable; company: CompanyOfRecord; problems: Problems; actor: Actor }

/** A record of a collection as stored or sent: its fields by name, each checked by the collection's schema. */
export type Fields = Record<string, unknown>;

export interface TableDef {
  path: string; noun: string; summary: string; table: string;
  /** The /v1 lookup that answers the same records (its columns and shape are reused). */
  lookup?: string;
  /** Columns answered besides the lookup's. */
  extra?: string[];
  fields: Record<string, TSchema>;
  required: string[];
  /** Values of the fields a creation does not send. */
  defaults?(company: CompanyOfRecord, body: Fields): Fields;
  /** Field sets unique within a company; a clash is already_exists on the set's first field. */
  unique?: string[][];
  /**
   * Rules beyond the schema on the record as it will be stored (which they may complete); `before` is
   * the stored row on a change, `sent` the fields of the body.
   */
  check?(ctx: Ctx, record: Fields, before: Fields | null, sent: Fields): Promise<void> | void;
  /** The answer (default: the lookup's mapping, plus the extra columns) and its schema (default: the lookup's item, plus the extra fields). */
  answer?(row: Fields, companyId: number): Fields;
  answerSchema?: TSchema;
  columns?: string;
  order?: string;
  filters?: Record<string, { schema: TSchema; where: string }>;
  /** A column that takes the time of every change. */
  touch?: string;
  /** Work after a change is written (in its transaction). */
  after?(ctx: Ctx, row: Fields, before: Fields | null): Promise<void>;
}

export async function companyRow(q: Queryable, companyId: number): Promise<CompanyOfRecord> {
  const [company] = await q.query<CompanyOfRecord>('SELECT company_id, country, time_zone, settings FROM companies WHERE company_id = $1', [companyId]);
  if (!company) throw notFound(`Company ${companyId}`, 'id');
  return company;
}

const json = (v: unknown) => (v !== null && typeof v === 'object' ? JSON.stringify(v) : v);

/** A collection over one table of company rows. */
export function tableResource(def: TableDef): Resource {
  const lookup = def.lookup ? LOOKUPS.find((l) => l.path === def.lookup) : undefined;
  const columns = def.columns ?? [lookup?.columns ?? 'id', ...(def.extra ?? [])].join(', ');
  const map = lookup?.map ?? ((r: Fields) => r);
  const answer = def.answer ?? ((row: Fields) => {
    const extras = Object.fromEntries((def.extra ?? []).map((k) => [k, row[k]]));
    return { ...map(row), ...extras };
  });
  const answerSchema = def.answerSchema ?? Type.Object({
    ...lookup?.item.properties, ...Object.fromEntries((def.extra ?? []).map((k) => [k, Nullable(def.fields[k])])),
  });
  const order = def.order ?? lookup?.order ?? 'id';
  const fieldNames = Object.keys(def.fields);
  const createBody = Type.Object(Object.fromEntries(fieldNames.map((k) => [k, def.required.includes(k) ? def.fields[k] : Type.Optional(def.fields[k])])));
  const updateBody = Type.Object(Object.fromEntries(fieldNames.map((k) => [k, Type.Optional(def.fields[k])])));
  const one = async (q: Queryable, companyId: number, id: number, lock = '') => {
    const [row] = await q.query<Fields>(`SELECT ${columns}, ${fieldNames.join(', ')} FROM ${def.table} WHERE company_id = $1 AND id = $2 ${lock}`, [companyId, id]);
    return row ?? null;
  };
  const missing = (id: number) => notFound(`Record ${id} of ${def.path}`, 'item');

  async function write(db: Db, actor: Actor, companyId: number, id: number | null, sentBody: unknown) {
    return withCompany(db, actor, companyId, async ({ q, company, record }) => {
      const problems = new Problems();
      const before = id === null ? null : await one(q, companyId, id, 'FOR UPDATE');
      if (id !== null && !before) throw missing(id);
      if (!checkBody(id === null ? createBody : updateBody, sentBody, problems)) problems.throwIfAny();
      const body = recordOf(sentBody); // an object once checked
      const sent = Object.fromEntries(fieldNames.filter((k) => body[k] !== undefined).map((k) => [k, body[k]]));
      const rec: Fields = before
        ? { ...Object.fromEntries(fieldNames.map((k) => [k, before[k]])), ...sent }
        : { ...def.defaults?.(company, body), ...sent };
      const ctx = { q, company, problems, actor };
      for (const set of def.unique ?? []) {
        if (set.some((k) => problems.has(k) || rec[k] === undefined)) continue;
        const conds = set.map((k, i) => `${k} = $${i + 3}`).join(' AND ');
        const [dup] = await q.query<{ id: number }>(`SELECT id FROM ${def.table} WHERE company_id = $1 AND id <> $2 AND ${conds}`, [companyId, id ?? 0, ...set.map((k) => rec[k])]);
        if (dup) problems.add('already_exists', `Record ${dup.id} of ${def.path} already has ${set.map((k) => `${k} ${rec[k]}`).join(' and ')}`, set[set.length - 1]);
      }
      await def.check?.(ctx, rec, before, sent);
      problems.throwIfAny();
      const keys = Object.keys(rec).filter((k) => fieldNames.includes(k) && rec[k] !== undefined);
      const values = keys.map((k) => json(rec[k]));
      let rowId: number;
      if (before) {
        await q.query(`UPDATE ${def.table} SET ${keys.map((k, i) => `${k} = $${i + 3}`).join(', ')}${def.touch ? `, ${def.touch} = now()` : ''}
                        WHERE company_id = $1 AND id = $2`, [companyId, id, ...values]);
        rowId = id!;
      } else {
        const [row] = await q.query<{ id: number }>(`INSERT INTO ${def.table} (company_id, ${keys.join(', ')}) VALUES ($1, ${keys.map((_, i) => `$${i + 2}`).join(', ')}) RETURNING id`,
          [companyId, ...values]);
        rowId = row.id;
      }
      const after = await one(q, companyId, rowId);
      await def.after?.(ctx, after, before);
      await record(before ? 'update' : 'create', def.path, rowId, before && answer(before, companyId), answer(after, companyId));
      return answer(after, companyId);
    });
  }

  return {
    path: def.path, noun: def.noun, summary: def.summary, createBody, updateBody, answer: answerSchema,
    filters: def.filters && Object.fromEntries(Object.entries(def.filters).map(([k, f]) => [k, f.schema])),
    async list(q, companyId, filters = {}) {
      await companyRow(q, companyId);
      const args: unknown[] = [companyId];
      const where = ['company_id = $1'];
      for (const [k, f] of Object.entries(def.filters ?? {})) {
        if (filters[k] === undefined) continue;
        args.push(filters[k]);
        where.push(f.where.replace('$n', `$${args.length}`));
      }
      return (await q.query<Fields>(`SELECT ${columns} FROM ${def.table} WHERE ${where.join(' AND ')} ORDER BY ${order}`, args)).map((row) => answer(row, companyId));
    },
    async get(q, companyId, id) {
      await companyRow(q, companyId);
      const row = await one(q, companyId, id);
      if (!row) throw missing(id);
      return answer(row, companyId);
    },
    create: (db, actor, companyId, body) => write(db, actor, companyId, null, body),
    update: (db, actor, companyId, id, body) => write(db, actor, companyId, id, body),
  };
}

// ---------------------------------------------------------------------------
// Field schemas

const Name = Type.String({ minLength: 1, maxLength: 100 });
const Active = Type.Boolean({ description: 'false deactivates: documents refuse it (parameter_inactive)' });
const AccountCode = Type.String({ minLength: 1, maxLength: 20, pattern: '^[0-9.]+$', 'x-hint': 'must be an account code of the chart (digits and dots)',
  description: 'Ledger account it posts to (see /v1/accounts); a default by type when omitted' });

/** A text field of a record (checked by its schema), or undefined when absent. */
const text = (v: unknown) => (typeof v === 'string' ? v : undefined);

/** The account must be an active account of the company's chart (invalid_account). */
async function checkAccount({ q, company, problems }: Ctx, code: string | undefined, path = 'account_code'): Promise<void> {
  if (problems.has(path)) return;
  if (code === undefined) { problems.add('parameter_required', 'No default account for this type: send account_code', path); return; }
  const [a] = await q.query<{ active: boolean }>('SELECT active FROM accounts WHERE company_id = $1 AND code = $2', [company.company_id, code]);
  if (!a) problems.add('invalid_account', `Account ${code} is not in the company's chart of accounts (see /v1/accounts)`, path);
  else if (!a.active) problems.add('invalid_account', `Account ${code} is inactive`, path);
}


const PAYMENT_KINDS = ['Cash', 'Transfer', 'Card', 'Credit', 'Check', 'ToBeDefined', 'Other'] as const;
const CREDIT_KINDS = ['Credit', 'ToBeDefined'];

/** The authority's payment form code of a new payment type (MX: sat_code, c_FormaPago), where the country has one. */
const paymentForm = (code: CountryCode, type: string) => {
  const forms = country(code).paymentForms;
  return forms ? { sat_code: forms[type] } : {};
};


export const sellers = tableResource({
  path: 'sellers', noun: 'seller', summary: 'Sellers (the records of /v1/users)', table: 'sellers', lookup: 'users',
  fields: {
    username: Type.String({ minLength: 1, maxLength: 100, pattern: '^[A-Za-z0-9._@-]+$', 'x-hint': 'must contain only letters, digits and . _ @ -' }),
    first_name: Name,
    last_name: Type.String({ maxLength: 100 }),
    email: Type.String({ maxLength: 100, pattern: '^$|^[^\\s@]+@[^\\s@]+\\.[^\\s@]+$', 'x-code': 'invalid_email', 'x-hint': 'must be an e-mail address (or empty)' }),
    identification: Type.String({ maxLength: 30, pattern: '^[A-Za-z0-9]*$', 'x-hint': 'must contain only letters and digits' }),
    active: Active,
  },
  required: ['username', 'first_name'],
  unique: [['username']],
});

export const taxes = tableResource({
  path: 'taxes', noun: 'tax', summary: 'Taxes and withholdings (the records of /v1/taxes)', table: 'taxes', lookup: 'taxes', extra: ['account_code'],
  fields: {
    name: Name,
    // The company's country's types, checked below (read when a record is written, so a country added later has its own).
    type: Type.String({ minLength: 1, maxLength: 30, description: `A tax type of the company's country (${[colombia, mexico].map((c) => `${c.labels.nameEn}: ${c.taxTypes.join(', ')}`).join('; ')}); another is refused with the list` }),
    percentage: Type.Number({ minimum: 0, maximum: 100, 'x-decimals': 4, 'x-finite': true, description: 'ReteICA per mil as a percentage: 9.66 ‰ is 0.966' }),
    active: Active,
    account_code: AccountCode,
  },
  required: ['name', 'type', 'percentage'],
  defaults: (c, b) => ({ account_code: country(c.country).ledger.taxAccount(String(b.type), Number(b.percentage)) }),
  async check(ctx, r) {
    const types = country(ctx.company.country).taxTypes;
    if (!types.includes(String(r.type))) return ctx.problems.add('invalid_value', `A ${ctx.company.country} tax type is one of ${types.join(', ')}`, 'type');
    if (r.type === 'IVAExento' && Number(r.percentage) !== 0) return ctx.problems.add('invalid_value', 'An exempt IVA (TipoFactor Exento) has no rate: its percentage is 0', 'percentage');
    await checkAccount(ctx, text(r.account_code));
  },
});

export const paymentTypes = tableResource({
  path: 'payment-types', noun: 'payment-type', summary: 'Payment types (the records of /v1/payment-types; MX: payment conditions)', table: 'payment_types',
  lookup: 'payment-types', extra: ['document_type', 'account_code'],
  fields: {
    name: Name,
    type: Enum(PAYMENT_KINDS, { description: 'Cash, Transfer, Card, Credit, Check, ToBeDefined (MX PPD), Other' }),
    document_type: Enum(['FV', 'NC', 'ND', 'RC'], { description: 'FV: payments of invoices; NC: how credit notes are settled; ND: of debit notes; RC: of cash receipts' }),
    active: Active,
    due_date: Type.Boolean({ description: 'Credit: needs a due date and leaves a receivable; default true for Credit and ToBeDefined' }),
    sat_code: Type.String({ pattern: '^[0-9]{2}$', 'x-hint': 'must be a two-digit c_FormaPago code', description: 'MX: c_FormaPago (default by type: 01 cash, 02 check, 03 transfer, 04 card, 99 credit)' }),
    account_code: AccountCode,
  },
  required: ['name', 'type', 'document_type'],
  defaults: (c, b) => ({
    due_date: CREDIT_KINDS.includes(String(b.type)), account_code: country(c.country).ledger.paymentAccount(String(b.type)),
    ...paymentForm(c.country, String(b.type)),
  }),
  async check(ctx, r) {
    const { paymentForms, documents } = country(ctx.company.country);
    const mx = paymentForms !== null;
    if (!mx && r.sat_code) ctx.problems.add('parameter_not_allowed', 'sat_code (c_FormaPago) is for Mexican companies', 'sat_code');
    if (mx && !r.sat_code && !ctx.problems.has('sat_code')) ctx.problems.add('parameter_required', 'A Mexican payment condition has a c_FormaPago code (sat_code)', 'sat_code');
    if (!documents.notePaymentTypes && (r.document_type === 'NC' || r.document_type === 'ND')) ctx.problems.add('invalid_value', 'Credit and debit note payment types (NC, ND) are Colombian', 'document_type');
    if (mx && r.sat_code === '99' && r.document_type === 'RC') ctx.problems.add('invalid_value', 'A payment received has a known form: 99 (Por definir) is for invoices (PPD)', 'sat_code');
    await checkAccount(ctx, text(r.account_code));
  },
});

export const costCenters = tableResource({
  path: 'cost-centers', noun: 'cost-center', summary: 'Cost centers (the records of /v1/cost-centers)', table: 'cost_centers', lookup: 'cost-centers',
  fields: { code: Type.String({ minLength: 1, maxLength: 20, pattern: '^[A-Za-z0-9_.-]+$', 'x-hint': 'must contain only letters, digits and _ . -' }), name: Name, active: Active },
  required: ['code', 'name'],
  unique: [['code']],
});

/** A table of named records (a name and whether it is active), answered by the lookup of the same path. */
const namedRecords = (path: string, noun: string, title: string, table: string) => tableResource({
  path, noun, summary: `${title} (the records of /v1/${path})`, table, lookup: path, fields: { name: Name, active: Active }, required: ['name'],
});

export const warehouses = namedRecords('warehouses', 'warehouse', 'Warehouses', 'warehouses');

export const priceLists = tableResource({
  path: 'price-lists', noun: 'price-list', summary: 'Price lists (the records of /v1/price-lists: positions 1 to 12 of a product\'s prices)', table: 'price_lists', lookup: 'price-lists',
  fields: { name: Name, active: Active, position: Type.Integer({ minimum: 1, maximum: 12 }) },
  required: ['name', 'position'],
  unique: [['position']],
});

export const accountGroups = namedRecords('account-groups', 'account-group', 'Account groups', 'account_groups');

export const exchangeRates = tableResource({
  path: 'exchange-rates', noun: 'exchange-rate', summary: 'Exchange rates: pesos per unit of a foreign currency, per date', table: 'exchange_rates', touch: 'updated_at',
  columns: 'id, currency, date, rate', order: 'currency, date DESC',
  answer: (r) => ({ id: r.id, currency: r.currency, date: r.date, rate: Number(r.rate) }),
  answerSchema: Type.Object({ id: Type.Integer(), currency: Type.String(), date: Type.String({ format: 'date' }), rate: Type.Number() }),
  fields: {
    currency: Enum(CURRENCIES, { 'x-code': 'invalid_currency' }),
    date: Type.String({ format: 'date', description: 'The day the rate applies from (until the next configured date)' }),
    rate: Type.Number({ exclusiveMinimum: 0, maximum: 999999999, 'x-decimals': 6, 'x-finite': true, description: 'Pesos (COP or MXN) per unit of the currency' }),
  },
  required: ['currency', 'date', 'rate'],
  unique: [['currency', 'date']],
  filters: {
    currency: { schema: Enum(CURRENCIES), where: 'currency = $n' },
    date_start: { schema: Type.String({ format: 'date' }), where: 'date >= $n::date' },
    date_end: { schema: Type.String({ format: 'date' }), where: 'date <= $n::date' },
  },
  check({ company, problems }, r) {
    const local = country(company.country).currency;
    if (r.currency === local) problems.add('invalid_currency', `${local} is the company's own currency`, 'currency');
  },
});
