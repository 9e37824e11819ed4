/**
 * The catalog on each base address: lookups, and customers and products,
 * which can also be created and updated through the API.
 */
import { Type } from '@sinclair/typebox';
import type { RouteModule } from '../platform/app';
import { notFound, Problems } from '../platform/errors';
import { IdParams, PageQuery, paged, pageWindow } from '../platform/http';
import { registerLookups } from './lookups';
import { Enum } from '../platform/validation';
import { checkCustomerRules, CoCustomerBody, findCustomers, insertCustomer, MxCustomerBody, updateCustomer, type CustomerBody } from './customers';
import { advanceBalances } from '../ledger/advances';
import { CO_ACCOUNTS } from '../invoices/co/service';
import type { Queryable } from '../platform/db';
import { checkProductRules, CoProductBody, findProducts, insertProduct, MxProductBody, updateProduct, type ProductBody } from './products';

/** Builds "AND col = $n" conditions from the query parameters that are present. */
function filters(q: Record<string, unknown>, columns: Record<string, string>) {
  const args: unknown[] = [];
  let where = '';
  for (const [param, column] of Object.entries(columns)) {
    if (q[param] === undefined) continue;
    args.push(q[param]);
    where += ` AND ${column} = $${args.length + 1}`;
  }
  return { where, args };
}

/**
 * Colombian customers show their unapplied advances (`advance_balance`, in
 * pesos: received with AdvancePayment vouchers, less what invoices applied; per
 * identification, as the ledger keeps them); see src/ledger/advances.ts.
 */
async function withAdvances<C extends { identification: string }>(q: Queryable, companyId: number, country: 'CO' | 'MX', customers: C[]) {
  if (country !== 'CO') return customers;
  const balances = await advanceBalances(q, companyId, CO_ACCOUNTS.customerAdvances, [...new Set(customers.map((c) => c.identification))]);
  return customers.map((c) => ({ ...c, advance_balance: Number(balances.get(c.identification)!.toFixed(2)) }));
}

export const catalogRoutes: RouteModule = (app, { db, country }) => {
  registerLookups(app, db, country);
  const customerBody = country === 'CO' ? CoCustomerBody : MxCustomerBody;
  const productBody = country === 'CO' ? CoProductBody : MxProductBody;

  // Customers ----------------------------------------------------------------
  const customerQuery = Type.Composite([PageQuery, Type.Object({
    identification: Type.Optional(Type.String({ maxLength: 50, description: country === 'MX' ? 'RFC' : 'Identification number' })),
    branch_office: Type.Optional(Type.Integer({ minimum: 0, maximum: 999 })),
    active: Type.Optional(Type.Boolean()),
  })]);
  const customerTags = ['customers'];

  app.get('/customers', { schema: { tags: customerTags, summary: 'List customers', querystring: customerQuery } }, async (req) => {
    const q = req.query as any;
    const { where, args } = filters(q, { identification: 'identification', branch_office: 'branch_office', active: 'active' });
    const [limit, offset] = pageWindow(q);
    const [{ total }] = await db.query(`SELECT count(*)::int AS total FROM customers WHERE company_id = $1 ${where}`, [req.company.company_id, ...args]);
    return paged(q, total, await withAdvances(db, req.company.company_id, country, await findCustomers(db, req.company.company_id, where, args, `ORDER BY id LIMIT ${limit} OFFSET ${offset}`)));
  });

  app.get('/customers/:id', { schema: { tags: customerTags, summary: 'Get a customer', params: IdParams } }, async (req) => {
    const [c] = await findCustomers(db, req.company.company_id, 'AND id = $2', [(req.params as any).id]);
    if (!c) throw notFound(`Customer ${(req.params as any).id}`);
    return (await withAdvances(db, req.company.company_id, country, [c]))[0];
  });

  app.post('/customers', { schema: { tags: customerTags, summary: 'Create a customer', body: customerBody } }, async (req, reply) => {
    const body = req.body as CustomerBody;
    return db.tx(async (q) => {
      const problems = new Problems();
      await checkCustomerRules(q, req.company.company_id, country, body, problems);
      problems.throwIfAny();
      reply.status(201);
      return (await withAdvances(q, req.company.company_id, country, [await insertCustomer(q, req.company.company_id, country, body)]))[0];
    });
  });

  app.put('/customers/:id', { schema: { tags: customerTags, summary: 'Replace a customer', params: IdParams, body: customerBody } }, async (req) => {
    const body = req.body as CustomerBody;
    const id = (req.params as any).id as number;
    return db.tx(async (q) => {
      const [exists] = await q.query('SELECT id FROM customers WHERE company_id = $1 AND id = $2 FOR UPDATE', [req.company.company_id, id]);
      if (!exists) throw notFound(`Customer ${id}`);
      const problems = new Problems();
      await checkCustomerRules(q, req.company.company_id, country, body, problems, '', id);
      problems.throwIfAny();
      return (await withAdvances(q, req.company.company_id, country, [(await updateCustomer(q, req.company.company_id, country, id, body))!]))[0];
    });
  });

  // Products -----------------------------------------------------------------
  const productQuery = Type.Composite([PageQuery, Type.Object({
    code: Type.Optional(Type.String({ maxLength: 30 })),
    type: Type.Optional(Enum(['Product', 'Service'])),
    active: Type.Optional(Type.Boolean()),
  })]);
  const productTags = ['products'];

  app.get('/products', { schema: { tags: productTags, summary: 'List products and services', querystring: productQuery } }, async (req) => {
    const q = req.query as any;
    const { where, args } = filters(q, { code: 'code', type: 'type', active: 'active' });
    const [limit, offset] = pageWindow(q);
    const [{ total }] = await db.query(`SELECT count(*)::int AS total FROM products WHERE company_id = $1 ${where}`, [req.company.company_id, ...args]);
    return paged(q, total, await findProducts(db, req.company.company_id, where, args, `ORDER BY id LIMIT ${limit} OFFSET ${offset}`));
  });

  app.get('/products/:id', { schema: { tags: productTags, summary: 'Get a product', params: IdParams } }, async (req) => {
    const [p] = await findProducts(db, req.company.company_id, 'AND id = $2', [(req.params as any).id]);
    if (!p) throw notFound(`Product ${(req.params as any).id}`);
    return p;
  });

  app.post('/products', { schema: { tags: productTags, summary: 'Create a product', body: productBody } }, async (req, reply) => {
    const body = req.body as ProductBody;
    return db.tx(async (q) => {
      const problems = new Problems();
      await checkProductRules(q, req.company.company_id, body, problems);
      problems.throwIfAny();
      reply.status(201);
      return insertProduct(q, req.company.company_id, body);
    });
  });

  app.put('/products/:id', { schema: { tags: productTags, summary: 'Replace a product', params: IdParams, body: productBody } }, async (req) => {
    const body = req.body as ProductBody;
    const id = (req.params as any).id as number;
    return db.tx(async (q) => {
      const [exists] = await q.query('SELECT id FROM products WHERE company_id = $1 AND id = $2 FOR UPDATE', [req.company.company_id, id]);
      if (!exists) throw notFound(`Product ${id}`);
      const problems = new Problems();
      await checkProductRules(q, req.company.company_id, body, problems, id);
      problems.throwIfAny();
      return updateProduct(q, req.company.company_id, id, body);
    });
  });
};
