/**
 * The catalog on each base address: lookups, and customers and products,
 * which can also be created, updated and deleted through the API.
 */
import { Type } from '@sinclair/typebox';
import type { RouteModule } from '../platform/app';
import type { Company } from '../platform/auth';
import { DomainError, notFound, Problems } from '../platform/errors';
import { IdParams, PageOf, PageQuery, paged, pageWindow } from '../platform/http';
import { registerLookups } from './lookups';
import { AnyCase, canonical } from '../platform/validation';
import { checkCustomerRules, customerBodyOf, CustomerAnswer, CUSTOMER_TYPES, customerUses, findCustomers, insertCustomer, PERSON_TYPES, updateCustomer } from './customers';
import { checkProductRules, findProducts, ProductAnswer, insertProduct, productBodies, PRODUCT_TYPES, productUses, updateProduct } from './products';
import { addDateFilters, dateFilters, type DateFilterQuery } from '../platform/dates';
import { advanceBalances } from '../ledger/advances';
import type { Queryable } from '../platform/db';
import { country as countryOf, ublAccounts, type CountryCode } from '../countries';

/**
 * The SQL condition (and its parameters, from $1 = company id) of a catalog list: its exact filters
 * (column = value, values already in their stored spelling) and the date filters (a record's day is the day it was created).
 */
function catalogFilter(q: DateFilterQuery, company: Company, exact: Record<string, unknown>) {
  const args: unknown[] = [company.company_id];
  const where = ['company_id = $1'];
  const add = (sql: string, v: unknown) => { args.push(v); where.push(sql.replace(/\$n/g, `$${args.length}`)); };
  for (const [column, v] of Object.entries(exact)) if (v !== undefined) add(`${column} = $n`, v);
  addDateFilters(q, company.time_zone, add, null);
  return { cond: where.join(' AND '), args };
}

type Changed = 'customers' | 'products';
const TITLES: Record<Changed, string> = { customers: 'Customer', products: 'Product' };

/** Locks the company's customer or product `id` before it is replaced or deleted, reading the columns asked; 404 when there is none. */
async function lockRecord<R>(q: Queryable, table: Changed, companyId: number, id: number, columns = 'id'): Promise<R> {
  const [row] = await q.query<R>(`SELECT ${columns} FROM ${table} WHERE company_id = $1 AND id = $2 FOR UPDATE`, [companyId, id]);
  if (!row) throw notFound(`${TITLES[table]} ${id}`);
  return row;
}

const Deleted = Type.Object({ id: Type.Integer(), deleted: Type.Boolean() }, { description: 'The reference API\'s delete result' });
/** Deletes a locked record that nothing uses, with the reference API's result; else a refusal that names what still uses it. */
async function deleteUnused(q: Queryable, table: Changed, companyId: number, id: number, what: string, uses: Record<string, number>) {
  const named = Object.entries(uses).filter(([, n]) => n > 0);
  if (named.length) {
    const says = named.map(([noun, n]) => `${n} ${noun}${n === 1 ? '' : 's'}`).join(' and ');
    const verb = named.length === 1 && named[0][1] === 1 ? 'refers' : 'refer';
    throw new DomainError('invalid_value', `${what} cannot be deleted: ${says} ${verb} to it. Set active to false to stop using it`, 'id');
  }
  await q.query(`DELETE FROM ${table} WHERE company_id = $1 AND id = $2`, [companyId, id]);
  return { id, deleted: true };
}

/**
 * Colombian customers show their unapplied advances (`advance_balance`, in
 * pesos: received with AdvancePayment vouchers, less what invoices applied; per
 * identification, as the ledger keeps them); see src/ledger/advances.ts.
 */
async function withAdvances<C extends { identification: string }>(q: Queryable, companyId: number, country: CountryCode, customers: C[]) {
  if (!countryOf(country).documents.advances) return customers;
  const balances = await advanceBalances(q, companyId, ublAccounts(country).advancesGroup, [...new Set(customers.map((c) => c.identification))]);
  return customers.map((c) => ({ ...c, advance_balance: Number(balances.get(c.identification)!.toFixed(2)) }));
}

/**
 * What Siigo's official SDK sends for an object put in a field its models declare a string (the SDK's
 * `ApiClient.convertToType(value, 'String')` is `String(value)`): GET answers `id_type` and a product's
 * `unit` as {code, name}, so `UpdateCustomerCommand.constructFromObject(customer)` and
 * `UpdateProductCommand.constructFromObject(product)` send `"[object Object]"`; a Number field such as
 * `account_group` ({id, name}) becomes NaN, which JSON writes `null`. The value is lost on the client's
 * side: on PUT it means "as stored" (what the GET it came from answered); on POST there is nothing stored,
 * and it is refused with a message that says how to send the field.
 */
export const SDK_OBJECT = '[object Object]';
const sdkRefusal = (field: string, example: string) => new DomainError('invalid_value',
  `${field} is "${SDK_OBJECT}": what Siigo's SDK sends when an object ({code, name}, as GET answers it) is put in a field its models declare a string. Send the code (${example}) or the object itself`, field);

type Repair = { field: string; when: (v: unknown) => boolean; column: string; example: string; refuseOnCreate: boolean };
const absent = (v: unknown) => v === undefined;
const CUSTOMER_REPAIRS: Repair[] = [
  { field: 'id_type', when: (v) => v === SDK_OBJECT, column: 'id_type', example: '"13", "31"', refuseOnCreate: true },
  // Mexico: the SDK's models carry the regime as fiscal_regime (which GET answers as tax_regime): see repairSdkBody.
  { field: 'tax_regime', when: absent, column: 'tax_regime', example: '"601"', refuseOnCreate: false },
];
const PRODUCT_REPAIRS: Repair[] = [
  { field: 'unit', when: (v) => v === SDK_OBJECT, column: 'unit', example: '"94"', refuseOnCreate: true },
  { field: 'account_group', when: (v) => v === null, column: 'account_group_id', example: 'an id of /v1/account-groups', refuseOnCreate: false },
  // Fields of this service that the SDK's UpdateProductCommand does not carry (Mexico's SAT keys are its `key`, sent as "[object Object]").
  ...['long_description', 'sat_product_key', 'sat_unit_key', 'tax_object'].map((f) => ({ field: f, when: absent, column: f, example: '', refuseOnCreate: false })),
];

/**
 * Puts back, before the body is validated, what the SDK lost (see SDK_OBJECT) or never carries: on PUT the
 * stored value; on POST a refusal (the lost code), or the field left out. A Mexican customer's
 * `fiscal_regime` (the SDK's name) is its `tax_regime` when that is not sent.
 */
async function repairSdkBody(q: Queryable, table: Changed, repairs: Repair[], companyId: number, body: unknown, id?: unknown): Promise<void> {
  if (!body || typeof body !== 'object' || Array.isArray(body)) return;
  const b = body as Record<string, unknown>;
  if (table === 'customers' && b.tax_regime === undefined && typeof b.fiscal_regime === 'string' && /^[0-9]{3}$/.test(b.fiscal_regime)) b.tax_regime = b.fiscal_regime;
  const lost = repairs.filter((r) => r.when(b[r.field]) && (r.when !== absent || id !== undefined));
  if (!lost.length) return;
  const stored = id === undefined || !/^[0-9]{1,18}$/.test(String(id)) ? undefined
    : (await q.query(`SELECT ${lost.map((r) => r.column).join(', ')} FROM ${table} WHERE company_id = $1 AND id = $2`, [companyId, String(id)]))[0];
  if (id !== undefined && !stored) throw notFound(`${TITLES[table]} ${String(id)}`);
  for (const r of lost) {
    if (id !== undefined && stored && stored[r.column] !== null && stored[r.column] !== undefined) b[r.field] = stored[r.column];
    else if (id === undefined && r.refuseOnCreate) throw sdkRefusal(r.field, r.example);
    else if (r.when !== absent && (id === undefined || stored)) delete b[r.field];
  }
}

export const catalogRoutes: RouteModule = (app, { db, country }) => {
  registerLookups(app, db, country);
  const customerBody = customerBodyOf(country);
  const productBody = productBodies[countryOf(country).form];

  // Customers ----------------------------------------------------------------
  const customerQuery = Type.Composite([PageQuery, Type.Object({
    identification: Type.Optional(Type.String({ maxLength: 50, description: countryOf(country).identification.otherDocuments ? 'Identification number' : countryOf(country).identification.label })),
    branch_office: Type.Optional(Type.Integer({ minimum: 0, maximum: 999 })),
    person_type: Type.Optional(AnyCase(PERSON_TYPES)),
    type: Type.Optional(AnyCase(CUSTOMER_TYPES)),
    active: Type.Optional(Type.Boolean()),
    ...dateFilters('Created'),
  })]);
  const customerTags = ['customers'];

  app.get('/customers', { schema: { tags: customerTags, summary: 'List customers', querystring: customerQuery, response: { 200: PageOf(CustomerAnswer) } } }, async (req) => {
    const q = req.query;
    const { cond, args } = catalogFilter(q, req.company, {
      identification: q.identification, branch_office: q.branch_office, active: q.active,
      person_type: q.person_type?.toLowerCase(), type: q.type === undefined ? undefined : canonical(CUSTOMER_TYPES, q.type),
    });
    const [limit, offset] = pageWindow(q);
    const [{ total }] = await db.query<{ total: number }>(`SELECT count(*)::int AS total FROM customers WHERE ${cond}`, args);
    return paged(q, total, await withAdvances(db, req.company.company_id, country,
      await findCustomers(db, req.company.company_id, req.company.country, `AND ${cond}`, args.slice(1), `ORDER BY id LIMIT ${limit} OFFSET ${offset}`)));
  });

  app.get('/customers/:id', { schema: { tags: customerTags, summary: 'Get a customer', params: IdParams, response: { 200: CustomerAnswer } } }, async (req) => {
    const [c] = await findCustomers(db, req.company.company_id, req.company.country, 'AND id = $2', [req.params.id]);
    if (!c) throw notFound(`Customer ${req.params.id}`);
    return (await withAdvances(db, req.company.company_id, country, [c]))[0];
  });

  app.post('/customers', {
    schema: { tags: customerTags, summary: 'Create a customer', body: customerBody, response: { 201: CustomerAnswer } },
    preValidation: async (req) => repairSdkBody(db, 'customers', CUSTOMER_REPAIRS, req.company.company_id, req.body),
  }, async (req, reply) => {
    const body = req.body;
    return db.tx(async (q) => {
      const problems = new Problems();
      await checkCustomerRules(q, req.company.company_id, country, body, problems);
      problems.throwIfAny();
      reply.status(201);
      return (await withAdvances(q, req.company.company_id, country, [await insertCustomer(q, req.company.company_id, country, body)]))[0];
    });
  });

  app.put('/customers/:id', {
    schema: { tags: customerTags, summary: 'Replace a customer', params: IdParams, body: customerBody, response: { 200: CustomerAnswer } },
    preValidation: async (req) => repairSdkBody(db, 'customers', CUSTOMER_REPAIRS, req.company.company_id, req.body, (req.params as { id: unknown }).id),
  }, async (req) => {
    const body = req.body;
    const id = req.params.id;
    return db.tx(async (q) => {
      await lockRecord(q, 'customers', req.company.company_id, id);
      const problems = new Problems();
      await checkCustomerRules(q, req.company.company_id, country, body, problems, '', id);
      problems.throwIfAny();
      return (await withAdvances(q, req.company.company_id, country, [(await updateCustomer(q, req.company.company_id, country, id, body))!]))[0];
    });
  });

  app.delete('/customers/:id', {
    schema: { tags: customerTags, summary: 'Delete a customer that no invoice or voucher names', params: IdParams,
      response: { 200: Deleted } },
  }, async (req) => {
    const cid = req.company.company_id;
    const id = req.params.id;
    return db.tx(async (q) => {
      const c = await lockRecord<{ id: number; identification: string; branch_office: number }>(q, 'customers', cid, id, 'id, identification, branch_office');
      const uses = await customerUses(q, cid, c);
      return deleteUnused(q, 'customers', cid, id, `Customer ${id}`, { invoice: uses.invoices, voucher: uses.vouchers });
    });
  });

  // Products -----------------------------------------------------------------
  const productQuery = Type.Composite([PageQuery, Type.Object({
    code: Type.Optional(Type.String({ maxLength: 30 })),
    ids: Type.Optional(Type.String({ pattern: '^ *[0-9]{1,18} *(, *[0-9]{1,18} *){0,19}$', 'x-hint': 'must be up to 20 product ids separated by commas',
      description: 'Up to 20 product ids, comma-separated: ids=12,15' })),
    type: Type.Optional(AnyCase(PRODUCT_TYPES)),
    account_group: Type.Optional(Type.Integer({ minimum: 1, maximum: 2147483647, description: 'Account group id (see /v1/account-groups)' })),
    stock_control: Type.Optional(Type.Boolean()),
    active: Type.Optional(Type.Boolean()),
    ...dateFilters('Created'),
  })]);
  const productTags = ['products'];

  app.get('/products', { schema: { tags: productTags, summary: 'List products and services', querystring: productQuery, response: { 200: PageOf(ProductAnswer) } } }, async (req) => {
    const q = req.query;
    const filter = catalogFilter(q, req.company, {
      code: q.code, account_group_id: q.account_group, stock_control: q.stock_control, active: q.active,
      type: q.type === undefined ? undefined : canonical(PRODUCT_TYPES, q.type),
    });
    let { cond } = filter;
    const { args } = filter;
    if (q.ids !== undefined) {
      args.push((q.ids as string).split(',').map((x) => x.trim()));
      cond += ` AND id = ANY($${args.length}::bigint[])`;
    }
    const [limit, offset] = pageWindow(q);
    const [{ total }] = await db.query<{ total: number }>(`SELECT count(*)::int AS total FROM products WHERE ${cond}`, args);
    return paged(q, total, await findProducts(db, req.company.company_id, `AND ${cond}`, args.slice(1), `ORDER BY id LIMIT ${limit} OFFSET ${offset}`));
  });

  app.get('/products/:id', { schema: { tags: productTags, summary: 'Get a product', params: IdParams, response: { 200: ProductAnswer } } }, async (req) => {
    const [p] = await findProducts(db, req.company.company_id, 'AND id = $2', [req.params.id]);
    if (!p) throw notFound(`Product ${req.params.id}`);
    return p;
  });

  app.post('/products', {
    schema: { tags: productTags, summary: 'Create a product', body: productBody, response: { 201: ProductAnswer } },
    preValidation: async (req) => repairSdkBody(db, 'products', PRODUCT_REPAIRS, req.company.company_id, req.body),
  }, async (req, reply) => {
    const body = req.body;
    return db.tx(async (q) => {
      const problems = new Problems();
      const product = await checkProductRules(q, req.company, body, problems);
      problems.throwIfAny();
      reply.status(201);
      return insertProduct(q, req.company.company_id, product);
    });
  });

  app.put('/products/:id', {
    schema: { tags: productTags, summary: 'Replace a product', params: IdParams, body: productBody, response: { 200: ProductAnswer } },
    preValidation: async (req) => repairSdkBody(db, 'products', PRODUCT_REPAIRS, req.company.company_id, req.body, (req.params as { id: unknown }).id),
  }, async (req) => {
    const body = req.body;
    const id = req.params.id;
    return db.tx(async (q) => {
      await lockRecord(q, 'products', req.company.company_id, id);
      const problems = new Problems();
      const product = await checkProductRules(q, req.company, body, problems, id);
      problems.throwIfAny();
      return updateProduct(q, req.company.company_id, id, product);
    });
  });

  app.delete('/products/:id', {
    schema: { tags: productTags, summary: 'Delete a product that no invoice names', params: IdParams,
      response: { 200: Deleted } },
  }, async (req) => {
    const cid = req.company.company_id;
    const id = req.params.id;
    return db.tx(async (q) => {
      const p = await lockRecord<{ code: string }>(q, 'products', cid, id, 'code');
      return deleteUnused(q, 'products', cid, id, `Product ${id} (${p.code})`, { invoice: await productUses(q, cid, p.code) });
    });
  });
};
