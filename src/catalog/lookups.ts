/**
 * Read-only lookups of a company's master data: one descriptor per resource
 * gives its list (with optional filters) and its get-by-id route. The small
 * configuration lookups answer a plain JSON array, as the reference API
 * (Siigo) does; the open-ended ones (users, accounts, global discounts and
 * charges) are paginated.
 */
import { Type, type TObject, type TSchema } from '@sinclair/typebox';
import type { App } from '../platform/app';
import type { Queryable, Row } from '../platform/db';
import { notFound } from '../platform/errors';
import { IdParams, PageOf, PageQuery, paged, pageWindow } from '../platform/http';
import { CFDI_USES, type CfdiUse } from '../companies/uses';
import { Enum } from '../platform/validation';
import { recordOf } from '../platform/json';
import { CACHED, keptAnswers } from './cache';
import { country as countryOf, type CountryCode } from '../countries';

const num = (v: unknown) => (v === null || v === undefined ? v : Number(v));

interface Filter {
  name: string;
  /** SQL condition on the parameter $n, e.g. "type = $n". */
  where: string;
  schema: TSchema;
  required?: boolean;
}

export interface Lookup {
  path: string;
  summary: string;
  table: string;
  columns: string;
  order: string;
  /** A fixed SQL condition, when several resources share one table. */
  scope?: string;
  /** The list is a plain JSON array of every record (no pagination). */
  array?: true;
  item: TObject;
  filters?: Filter[];
  /** The answer of a row (default: the row as read). */
  map?: (row: Row) => Row;
}

const Active = Type.Boolean({ description: 'Inactive records are refused by documents (parameter_inactive)' });
const DocumentKind = (description: string) => Enum(['FV', 'NC', 'ND', 'RC', 'P'], { description });

const Resolution = Type.Object({
  number: Type.String(), prefix: Type.String(), from: Type.Integer(), to: Type.Integer(),
  valid_from: Type.String({ format: 'date' }), valid_to: Type.String({ format: 'date' }),
}, { description: 'DIAN numbering resolution (electronic types only)' });

export const LOOKUPS: Lookup[] = [
  {
    path: 'document-types', summary: 'Document types (invoice FV, credit note NC, debit note ND, cash receipt RC)', table: 'document_types',
    columns: `id, code, name, description, type, active, seller_by_item, customer_by_item, cost_center, cost_center_mandatory,
              automatic_number, consecutive, discount_type, decimals, advance_payment, reteiva, reteica, self_withholding,
              electronic_type, cargo_transportation, healthcare_company, prefix, resolution`,
    order: 'id', array: true,
    filters: [{ name: 'type', where: 'type = $n', schema: DocumentKind('FV invoices, NC credit notes, ND debit notes, RC cash receipts; without it, every type') }],
    item: Type.Object({
      id: Type.Integer(), code: Type.String(), name: Type.String(), description: Type.String(), type: Type.String(), active: Active,
      seller_by_item: Type.Boolean(), customer_by_item: Type.Boolean(), cost_center: Type.Boolean(), cost_center_mandatory: Type.Boolean(),
      automatic_number: Type.Boolean(), consecutive: Type.Integer({ description: 'Next number to be taken' }),
      discount_type: Type.String({ description: 'Percentage or Value: how items.discount is read' }), decimals: Type.Boolean(),
      advance_payment: Type.Boolean(), reteiva: Type.Boolean(), reteica: Type.Boolean(), self_withholding: Type.Boolean(),
      electronic_type: Type.String({ description: 'NoElectronic, ElectronicInvoice, or PosEquivalentDocument (electronic POS tickets)' }), cargo_transportation: Type.Boolean(),
      healthcare_company: Type.Boolean(), prefix: Type.String(), resolution: Type.Optional(Resolution),
    }),
    map: ({ resolution, ...row }) => {
      if (row.electronic_type === 'NoElectronic' || !resolution) return row;
      const { number, prefix, from, to, valid_from, valid_to } = recordOf(resolution); // the stored JSON of the resolution
      return { ...row, resolution: { number, prefix, from, to, valid_from, valid_to } };
    },
  },
  {
    path: 'users', summary: 'Sellers (users of the company)', table: 'sellers',
    columns: 'id, username, first_name, last_name, email, active, identification', order: 'id',
    item: Type.Object({ id: Type.Integer(), username: Type.String(), first_name: Type.String(), last_name: Type.String(),
      email: Type.String(), active: Active, identification: Type.String() }),
  },
  {
    path: 'taxes', summary: 'Taxes and withholdings', table: 'taxes', columns: 'id, name, type, percentage, active', order: 'id', array: true,
    filters: [{ name: 'type', where: 'type = $n', schema: Type.String({ maxLength: 30, description: 'IVA, Impoconsumo, Retefuente, ReteIVA, ReteICA, Autorretencion, AdValorem (CO); IVA, ReteIVA, ReteISR, IEPS (MX)' }) }],
    item: Type.Object({ id: Type.Integer(), name: Type.String(), type: Type.String(), percentage: Type.Number(), active: Active }),
    map: (r) => ({ ...r, percentage: num(r.percentage) }),
  },
  {
    path: 'payment-types', summary: 'Payment types (MX: payment conditions)', table: 'payment_types',
    columns: 'id, name, type, active, due_date, sat_code', order: 'id', array: true,
    filters: [{ name: 'document_type', where: 'document_type = $n', schema: DocumentKind('FV: payments of invoices; NC: how credit notes are settled; ND: of debit notes; RC: of cash receipts'), required: true }],
    item: Type.Object({ id: Type.Integer(), name: Type.String(), type: Type.String(), active: Active,
      due_date: Type.Boolean({ description: 'A payment of this type is credit: it needs a due_date and leaves a receivable' }),
      sat_code: Type.Optional(Type.String({ description: 'MX: c_FormaPago' })) }),
    map: ({ sat_code, ...r }) => (sat_code ? { ...r, sat_code } : r),
  },
  {
    path: 'warehouses', summary: 'Warehouses', table: 'warehouses', columns: 'id, name, active', order: 'id', array: true,
    item: Type.Object({ id: Type.Integer(), name: Type.String(), active: Active }),
  },
  {
    path: 'cost-centers', summary: 'Cost centers', table: 'cost_centers', columns: 'id, code, name, active', order: 'id', array: true,
    item: Type.Object({ id: Type.Integer(), code: Type.String(), name: Type.String(), active: Active }),
  },
  {
    path: 'account-groups', summary: 'Account groups (inventory classifications; a product\'s account_group)', table: 'account_groups',
    columns: 'id, name, active', order: 'id', array: true,
    item: Type.Object({ id: Type.Integer(), name: Type.String(), active: Active }),
  },
  {
    path: 'price-lists', summary: 'Price lists (the positions of a product\'s prices)', table: 'price_lists',
    columns: 'id, name, active, position', order: 'position', array: true,
    item: Type.Object({ id: Type.Integer(), name: Type.String(), active: Active, position: Type.Integer({ minimum: 1, maximum: 12 }) }),
  },
  {
    path: 'accounts', summary: 'Chart of accounts', table: 'accounts', columns: 'id, code, name, nature, active', order: 'code',
    filters: [{ name: 'code', where: "code LIKE $n || '%'", schema: Type.String({ pattern: '^[0-9.]{1,20}$', description: 'Accounts whose code starts with this' }) }],
    item: Type.Object({ id: Type.Integer(), code: Type.String(), name: Type.String(), nature: Type.String({ description: 'Debit or Credit' }), active: Active }),
  },
  ...(['Discount', 'Charge'] as const).map((kind): Lookup => ({
    path: kind === 'Discount' ? 'global-discounts' : 'global-charges',
    summary: kind === 'Discount' ? 'Global discounts (ids for global_discounts)' : 'Global charges (ids for global_charges)',
    table: `allowance_charges`, columns: 'id, name, active', order: 'id',
    scope: `kind = '${kind}'`,
    item: Type.Object({ id: Type.Integer(), name: Type.String(), active: Active }),
  })),
];

/** Registers the list and get-by-id routes of every lookup, and the MX uses. */
export function registerLookups(app: App, db: Queryable, country: CountryCode): void {
  for (const l of LOOKUPS) {
    const params = l.filters ?? [];
    const fixed = l.scope ? [l.scope] : [];
    const map = l.map ?? ((r: Row) => r);
    const filters = Type.Object(Object.fromEntries(params.map((f) => [f.name, f.required ? f.schema : Type.Optional(f.schema)])));
    const tags = ['lookups'];
    // Tables that move catalog_version are answered from memory (not document types: their consecutive moves without it).
    const kept = (CACHED as readonly string[]).includes(l.table) && l.table !== 'document_types' ? keptAnswers : {};
    const where = (q: Record<string, unknown>, companyId: number) => {
      const args: unknown[] = [companyId];
      const conds = ['company_id = $1', ...fixed];
      for (const f of params) {
        if (q[f.name] === undefined) continue;
        args.push(q[f.name]);
        conds.push(f.where.replace('$n', `$${args.length}`));
      }
      return { cond: conds.join(' AND '), args };
    };

    if (l.array) {
      app.get(`/${l.path}`, {
        schema: { tags, summary: `List: ${l.summary}`, querystring: filters, response: { 200: Type.Array(l.item) } }, ...kept,
      }, async (req) => {
        const { cond, args } = where(req.query, req.company.company_id);
        return (await db.query(`SELECT ${l.columns} FROM ${l.table} WHERE ${cond} ORDER BY ${l.order}`, args)).map(map);
      });
    } else {
      app.get(`/${l.path}`, {
        schema: { tags, summary: `List: ${l.summary}`, querystring: Type.Object({ ...PageQuery.properties, ...filters.properties }), response: { 200: PageOf(l.item) } }, ...kept,
      }, async (req) => {
        const q = req.query;
        const { cond, args } = where(q, req.company.company_id);
        const [limit, offset] = pageWindow(q);
        const [{ total }] = await db.query<{ total: number }>(`SELECT count(*)::int AS total FROM ${l.table} WHERE ${cond}`, args);
        const rows = await db.query(`SELECT ${l.columns} FROM ${l.table} WHERE ${cond} ORDER BY ${l.order} LIMIT ${limit} OFFSET ${offset}`, args);
        return paged(q, total, rows.map(map));
      });
    }

    app.get(`/${l.path}/:id`, {
      schema: { tags, summary: `Get one: ${l.summary}`, params: IdParams, response: { 200: l.item } }, ...kept,
    }, async (req) => {
      const { id } = req.params;
      const row = await getById(db, l, req.company.company_id, id);
      if (!row) throw notFound(`Record ${id} of /v1/${l.path}`);
      return map(row);
    });
  }

  // The CFDI's uses (c_UsoCFDI), a lookup of the invoices' form that asks for them.
  if (countryOf(country).form === 'cfdi') {
    const useAnswer = (u: CfdiUse) => ({ ...u, person_types: [...u.person_types], receiver_regimes: [...u.receiver_regimes] });
    const Use = Type.Object({ code: Type.String(), description: Type.String(),
      person_types: Type.Array(Type.String(), { description: 'person, company: who may receive an invoice with this use' }),
      receiver_regimes: Type.Array(Type.String(), { description: 'c_RegimenFiscal codes of the receivers allowed this use' }) });
    app.get('/uses', {
      schema: { tags: ['lookups'], summary: 'CFDI uses (SAT c_UsoCFDI) with the person types allowed', querystring: PageQuery, response: { 200: PageOf(Use) } },
    }, async (req) => {
      const q = req.query;
      const [limit, offset] = pageWindow(q);
      return paged(q, CFDI_USES.length, CFDI_USES.slice(offset, offset + limit).map(useAnswer));
    });
    app.get('/uses/:code', {
      schema: { tags: ['lookups'], summary: 'One CFDI use', params: Type.Object({ code: Type.String({ maxLength: 10 }) }), response: { 200: Use } },
    }, async (req) => {
      const use = CFDI_USES.find((u) => u.code === req.params.code.toUpperCase());
      if (!use) throw notFound('CFDI use', 'code');
      return useAnswer(use);
    });
  }
}

async function getById(db: Queryable, l: Lookup, companyId: number, id: number) {
  const scope = l.scope ? ` AND ${l.scope}` : '';
  const [row] = await db.query(`SELECT ${l.columns} FROM ${l.table} WHERE company_id = $1 AND id = $2${scope}`, [companyId, id]);
  return row;
}
