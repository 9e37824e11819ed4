/**
 * `bulk-demo --invoices N`: loads N realistic invoices into the Colombian demo
 * company in bulk statements, consistent with what the API writes, so that
 * lists, reports and benchmarks can be tried at the size of a large retailer.
 *
 * What is loaded, over the last `days` days (365 by default, dates spread
 * evenly, numbers and creation times rising together):
 * - customers: N / 200 companies (at least 20; `customers` to choose), NIT
 *   811000001, 811000002, … with their check digits, created as the API does;
 * - invoices of types FV (85 %) and FV-PCT (15 %), one to three lines of the
 *   demo products with their own taxes, paid in cash (30 %), by transfer
 *   (15 %), card (15 %) or on credit (40 %, due in 30 or 60 days);
 * - their due items and journal entries;
 * - receipts (DebtPayment vouchers, RC, in cash or by transfer) paying 97 % of
 *   the credit invoices already due and 20 % of those not due yet, each dated
 *   at most a week before the due date (never after today).
 *
 * Consistency: every document and journal entry comes from the service's own
 * code. The invoice templates (one per document type, product basket and
 * payment type) are planned and computed by the same functions as
 * POST /v1/invoices (planCoInvoice, coInvoiceDocument, coInvoicePostings);
 * the receipts follow two receipts written through storeVoucher, with the two
 * credit invoices they pay (written through storeCoInvoice). SQL then only
 * fills in what differs from one document to the next: id, number and name
 * (taken from the document types' counters, gap-free), date, customer, due
 * date, amounts of receipts, timestamps. Paid due items, invoice balances and
 * the counts, receivables and ledger sums kept for the reports are written
 * as the API leaves them.
 *
 * The load is ONE transaction: all or nothing. It holds the numbering of FV,
 * FV-PCT and RC until it commits, so run it on an idle service. When the
 * database user is a superuser (always on the embedded database), the bulk
 * statements skip the foreign-key checks of their rows (every reference they
 * write was just read: company, document types, customers, the invoices and
 * entries of the same statement), which are nearly half of the work; the
 * counting triggers fire all the same (ENABLE ALWAYS, migration 023).
 *
 * It is the one writer of document tables besides their kernels
 * (src/invoices/kernel.ts, src/vouchers/kernel.ts): it copies rows those
 * kernels wrote, in bulk, all in their final state (no events: nothing
 * happens to a loaded document until the API changes it).
 */
import Decimal from 'decimal.js';
import type { Db, Queryable } from '../platform/db';
import type { Company } from '../platform/auth';
import { Problems } from '../platform/errors';
import { checkBody } from '../platform/validation';
import { nitCheckDigit } from '../platform/nit';
import { CoCustomerBody, insertCustomer, type CustomerBody } from '../catalog/customers';
import { computeCO, type TaxRef } from '../invoices/compute';
import type { ProductRow } from '../catalog/rows';
import { coInvoiceDocument, coInvoicePostings, planCoInvoice, storeCoInvoice } from '../invoices/co/service';
import type { CoInvoiceBody } from '../invoices/co/schema';
import { todayIn } from '../invoices/lookup';
import { balancedLines } from '../ledger/journal';
import { foldLedger } from '../ledger/balances';
import { foldReceivables } from '../reports/receivables';
import { planVoucher, storeVoucher } from '../vouchers/service';
import type { VoucherBody } from '../vouchers/schema';
import { ensureDemo } from './demo';

export interface BulkOptions {
  invoices: number;
  /** Days of history, ending today (default 365). */
  days?: number;
  /** Customers to spread the invoices over (default N / 200, at least 20). */
  customers?: number;
  /** Invoices per statement (default 20,000). */
  batch?: number;
  log?: (line: string) => void;
}

export interface BulkResult {
  company_id: number;
  invoices: number;
  vouchers: number;
  customers: number;
  first_date: string;
  last_date: string;
  seconds: number;
}

const BASKETS = 40;
const PAY_TYPES = ['Cash', 'Transfer', 'Card', 'Credit'] as const;
const DOC_TYPES = ['FV', 'FV-PCT'] as const;
const PRODUCTS = ['PORT14', 'MOUSE01', 'CAFE500', 'ARROZ1K', 'LIBRO01', 'ALMUERZO', 'INSTAL01', 'ASESORIA'];

/** A small deterministic generator (mulberry32), so that every load draws the same baskets. */
function random(seed: number) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const addDays = (day: string, n: number) => new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

export async function bulkDemo(db: Db, o: BulkOptions): Promise<BulkResult> {
  const started = Date.now();
  const log = o.log ?? (() => undefined);
  const total = o.invoices;
  if (!Number.isInteger(total) || total < 10) throw new Error('bulk-demo loads at least 10 invoices');
  const days = o.days ?? 365;
  const batch = o.batch ?? 20_000;
  const customers = o.customers ?? Math.max(20, Math.round(total / 200));
  await ensureDemo(db);
  const [{ company_id: cid }] = await db.query<{ company_id: number }>(`SELECT company_id FROM companies WHERE is_demo AND country = 'CO' ORDER BY company_id LIMIT 1`);
  const today = todayIn('America/Bogota');
  const first = addDays(today, -(days - 1));

  const result = await db.tx(async (q) => {
    const company = await companyOf(q, cid);
    const refs = await references(q, cid);
    // Two credit invoices and the receipts paying them, through the service itself: the receipts' templates.
    const samples = await sampleReceipts(q, company, refs, first, today);
    const people = await bulkCustomers(q, cid, customers, log);
    const templates = await invoiceTemplates(q, await companyOf(q, cid), refs, people[0], today);
    await q.exec(`
      CREATE TEMP TABLE bulk_templates (t int PRIMARY KEY, document_type_id int, prefix text, doc text, total numeric, credit numeric, account text) ON COMMIT DROP;
      CREATE TEMP TABLE bulk_lines (t int, n int, account text, debit numeric, credit numeric, third boolean, description text) ON COMMIT DROP;
      CREATE TEMP TABLE bulk_customers (k int PRIMARY KEY, id int, identification text) ON COMMIT DROP;
      CREATE TEMP TABLE bulk_pay (invoice_id uuid, due_item_id bigint, k int, amount numeric, date date, created_at timestamptz,
        vpay int, invoice_name text, prefix text, number bigint, due_date date) ON COMMIT DROP;`);
    await q.query(`INSERT INTO bulk_templates SELECT * FROM unnest($1::int[], $2::int[], $3::text[], $4::text[], $5::numeric[], $6::numeric[], $7::text[])`,
      [templates.map((t) => t.t), templates.map((t) => t.typeId), templates.map((t) => t.prefix), templates.map((t) => t.doc),
        templates.map((t) => t.total), templates.map((t) => t.credit), templates.map((t) => t.account)]);
    const lines = templates.flatMap((t) => t.lines.map((l, i) => ({ t: t.t, n: i + 1, ...l })));
    await q.query(`INSERT INTO bulk_lines SELECT * FROM unnest($1::int[], $2::int[], $3::text[], $4::numeric[], $5::numeric[], $6::boolean[], $7::text[])`,
      [lines.map((l) => l.t), lines.map((l) => l.n), lines.map((l) => l.account), lines.map((l) => l.debit), lines.map((l) => l.credit),
        lines.map((l) => l.third), lines.map((l) => l.description)]);
    await q.query(`INSERT INTO bulk_customers SELECT * FROM unnest($1::int[], $2::int[], $3::text[])`,
      [people.map((_, k) => k), people.map((p) => p.id), people.map((p) => p.identification)]);

    const n = total - samples.invoices;
    const typeIds = DOC_TYPES.map((code) => refs.types[code].id);
    const [{ superuser }] = await q.query<{ superuser: string }>(`SELECT current_setting('is_superuser') AS superuser`);
    if (superuser === 'on') await q.query('SET LOCAL session_replication_role = replica');
    for (let from = 0; from < n; from += batch) {
      const to = Math.min(n, from + batch);
      await q.query(INVOICE_BATCH, [cid, from, to, n, days, first, today, customers, BASKETS, typeIds, company.time_zone]);
      log(`invoices ${to + samples.invoices}/${total} (${((Date.now() - started) / 1000).toFixed(1)} s)`);
    }

    // Receipts, numbered in the order they were made.
    await q.exec(`CREATE TEMP TABLE bulk_receipts ON COMMIT DROP AS
      SELECT row_number() OVER (ORDER BY created_at, date, number) - 1 AS vseq, * FROM bulk_pay;
      CREATE INDEX ON bulk_receipts (vseq);`);
    const [{ receipts }] = await q.query<{ receipts: number }>('SELECT count(*)::int AS receipts FROM bulk_receipts');
    await q.exec(`CREATE TEMP TABLE bulk_vtemplates (vpay int PRIMARY KEY, doc text, invoice_name text) ON COMMIT DROP;
      CREATE TEMP TABLE bulk_vlines (vpay int, n int, account text, debit boolean, third boolean, description text) ON COMMIT DROP;`);
    for (const [vpay, s] of samples.receipts.entries()) {
      await q.query('INSERT INTO bulk_vtemplates VALUES ($1, $2, $3)', [vpay, s.doc, s.invoiceName]);
      for (const [i, l] of s.lines.entries()) {
        await q.query('INSERT INTO bulk_vlines VALUES ($1, $2, $3, $4, $5, $6)', [vpay, i + 1, l.account, l.debit, l.third, l.description]);
      }
    }
    for (let from = 0; from < receipts; from += batch) {
      const to = Math.min(receipts, from + batch);
      await q.query(RECEIPT_BATCH, [cid, from, to, refs.rc.id]);
      log(`receipts ${to}/${receipts} (${((Date.now() - started) / 1000).toFixed(1)} s)`);
    }
    return { receipts };
  });
  // The sums the reports read, then the planner's statistics and the visibility map (index-only scans).
  await foldLedger(db, cid);
  await foldReceivables(db, cid);
  log(`folded (${((Date.now() - started) / 1000).toFixed(1)} s)`);
  for (const t of ['customers', 'invoices', 'due_items', 'vouchers', 'voucher_applications', 'journal_entries', 'journal_lines', 'document_counts',
    'receivable_customers', 'receivable_dues', 'receivable_pending', 'ledger_days', 'ledger_months', 'ledger_pending']) {
    await db.exec(`VACUUM (ANALYZE) ${t}`);
  }
  log(`analyzed (${((Date.now() - started) / 1000).toFixed(1)} s)`);
  return {
    company_id: cid, invoices: total, vouchers: result.receipts + 2, customers,
    first_date: first, last_date: today, seconds: Math.round((Date.now() - started) / 100) / 10,
  };
}

async function companyOf(q: Queryable, cid: number): Promise<Company> {
  const [company] = await q.query<Company>('SELECT * FROM companies WHERE company_id = $1', [cid]);
  return company;
}

/** The columns of the demo's document types, payment types, seller and customer that the load reads. */
interface TypeRow { id: number; code: string; type: string; prefix: string; discount_type: 'Percentage' | 'Value' }
interface PayRow { id: number; type: string; document_type: string; due_date: boolean; account_code: string }
interface Refs {
  types: Record<string, TypeRow>; rc: TypeRow; pay: Record<string, PayRow>; rcPay: Record<string, PayRow>; seller: { id: number }; mainCustomer: { identification: string };
}

async function references(q: Queryable, cid: number): Promise<Refs> {
  const types = await q.query<TypeRow>(`SELECT * FROM document_types WHERE company_id = $1 AND active`, [cid]);
  const pays = await q.query<PayRow>(`SELECT * FROM payment_types WHERE company_id = $1 AND active`, [cid]);
  const [seller] = await q.query<{ id: number }>(`SELECT * FROM sellers WHERE company_id = $1 AND active ORDER BY id LIMIT 1`, [cid]);
  const [mainCustomer] = await q.query<{ identification: string }>(`SELECT * FROM customers WHERE company_id = $1 AND active AND branch_office = 0 ORDER BY id LIMIT 1`, [cid]);
  const byType = (doc: string) => Object.fromEntries(pays.filter((p) => p.document_type === doc).map((p) => [p.type, p]));
  return {
    types: Object.fromEntries(types.filter((t) => t.type === 'FV').map((t) => [t.code, t])),
    rc: types.find((t) => t.code === 'RC')!, pay: byType('FV'), rcPay: byType('RC'), seller, mainCustomer,
  };
}

/** Customers 811000001, 811000002, … (the ones a previous load made are used again). */
async function bulkCustomers(q: Queryable, cid: number, count: number, log: (line: string) => void) {
  const ids = Array.from({ length: count }, (_, k) => String(811_000_001 + k));
  const existing = new Map((await q.query<{ id: number; identification: string }>(
    'SELECT id, identification FROM customers WHERE company_id = $1 AND identification = ANY($2::text[]) AND branch_office = 0', [cid, ids]))
    .map((r) => [r.identification, r.id]));
  const out: { id: number; identification: string }[] = [];
  for (const [k, identification] of ids.entries()) {
    let id = existing.get(identification);
    if (id === undefined) {
      const body: Record<string, unknown> = {
        person_type: 'Company', id_type: '31', identification, check_digit: nitCheckDigit(identification), branch_office: 0,
        name: [`Distribuidora Mayorista ${String(k + 1).padStart(5, '0')} S.A.S.`], vat_responsible: true,
        fiscal_responsibilities: [{ code: 'O-13', name: 'Gran contribuyente' }],
        address: { address: `Calle ${10 + (k % 90)} # ${k % 50}-${10 + (k % 80)}`, city: { country_code: 'CO', state_code: '11', city_code: '11001' }, postal_code: '110111' },
        phones: [{ indicative: '57', number: String(6010000000 + k) }],
        contacts: [{ first_name: 'Cuentas', last_name: 'por pagar', email: `cxp${k + 1}@mayorista.example.co` }],
      };
      const problems = new Problems();
      if (!checkBody(CoCustomerBody, body, problems)) throw new Error(`bulk customer ${identification}: ${JSON.stringify(problems.items)}`);
      id = Number((await insertCustomer(q, cid, 'CO', body as unknown as CustomerBody)).id);
    }
    out.push({ id, identification });
    if ((k + 1) % 1000 === 0) log(`customers ${k + 1}/${count}`);
  }
  return out;
}

interface Template { t: number; typeId: number; prefix: string; doc: string; total: string; credit: string; account: string | null; lines: { account: string; debit: string; credit: string; third: boolean; description: string }[] }

/**
 * One planned invoice per document type, basket and payment type, computed by
 * the API's own code; template t = (type × BASKETS + basket) × 4 + payment.
 */
async function invoiceTemplates(q: Queryable, company: Company, refs: Refs, customer: { identification: string }, today: string): Promise<Template[]> {
  const next = random(23);
  const baskets = Array.from({ length: BASKETS }, () => {
    const size = 1 + Math.floor(next() * 3);
    const codes = [...PRODUCTS].sort(() => next() - 0.5).slice(0, size);
    return codes.map((code) => ({ code, quantity: 1 + Math.floor(next() * 4) }));
  });
  const products = new Map((await q.query<Pick<ProductRow, 'code' | 'prices' | 'tax_ids'>>(`SELECT code, prices, tax_ids FROM products WHERE company_id = $1`, [company.company_id])).map((p) => [p.code, p]));
  const taxes = new Map((await q.query<TaxRef>(`SELECT id, name, type, percentage FROM taxes WHERE company_id = $1`, [company.company_id])).map((t) => [t.id, t]));
  const out: Template[] = [];
  for (const [di, code] of DOC_TYPES.entries()) {
    const docType = refs.types[code];
    for (const [b, basket] of baskets.entries()) {
      const items = basket.map((l) => ({ ...l, price: Number(products.get(l.code)!.prices[0]!.price_list[0]!.value), seller: refs.seller.id }));
      const { payable } = computeCO({
        discountType: docType.discount_type, retentions: [], globalDiscounts: [], globalCharges: [],
        lines: items.map((l) => ({ quantity: l.quantity, price: l.price, taxes: products.get(l.code)!.tax_ids.map((id) => taxes.get(id)!) })),
      });
      for (const [pi, payType] of PAY_TYPES.entries()) {
        const pay = refs.pay[payType];
        const body = {
          document: { id: docType.id }, date: today, customer: { identification: customer.identification, branch_office: 0 }, seller: refs.seller.id, items,
          payments: [{ id: pay.id, value: Number(payable), ...(pay.due_date ? { due_date: addDays(today, 30) } : {}) }],
        } as unknown as CoInvoiceBody;
        const plan = await planCoInvoice(q, company, body, new Problems());
        const doc = coInvoiceDocument(plan, { id: ID, prefix: docType.prefix, number: null, name: NAME, customerId: null, now: new Date(0) });
        const text = placeholders({
          ...doc, number: NUMBER, date: DATE, customer: { id: CUSTOMER, identification: IDENT, branch_office: 0 },
          payments: doc.payments.map((p) => (p.due_date ? { ...p, due_date: DUE } : p)),
          metadata: { ...doc.metadata, created: CREATED, last_updated: CREATED },
        });
        const lines = balancedLines(coInvoicePostings(plan)).map((l) => ({
          account: l.account, debit: l.debit.toFixed(2), credit: l.credit.toFixed(2), third: l.third_party !== undefined, description: l.description,
        }));
        out.push({ t: (di * BASKETS + b) * 4 + pi, typeId: docType.id, prefix: docType.prefix, doc: text, total: String(doc.total), credit: pay.due_date ? String(payable) : '0', account: pay.due_date ? pay.account_code : null, lines });
      }
    }
  }
  return out;
}

/**
 * Two credit invoices (dated the first day) and two receipts paying them
 * today, in cash and by transfer, written by the service's own functions;
 * their documents and journal lines are the receipts' templates.
 */
async function sampleReceipts(q: Queryable, company: Company, refs: Refs, first: string, today: string) {
  const customer = { identification: refs.mainCustomer.identification, branch_office: 0 };
  const receipts: { doc: string; invoiceName: string; lines: { account: string; debit: boolean; third: boolean; description: string }[] }[] = [];
  for (const payType of ['Cash', 'Transfer']) {
    const body = {
      document: { id: refs.types.FV.id }, date: first, customer, seller: refs.seller.id,
      items: [{ code: 'LIBRO01', quantity: 1, price: 95000, seller: refs.seller.id }],
      payments: [{ id: refs.pay.Credit.id, value: 95000, due_date: addDays(first, 30) }],
    } as unknown as CoInvoiceBody;
    const invoice = await storeCoInvoice(q, company, await planCoInvoice(q, company, body, new Problems()), {});
    const vbody = {
      document: { id: refs.rc.id }, date: today, type: 'DebtPayment', customer,
      items: [{ due: { prefix: invoice.prefix, consecutive: invoice.number, quote: 1 }, value: 95000 }],
      payment: { id: refs.rcPay[payType].id, value: 95000 },
    } as unknown as VoucherBody;
    const voucher = await storeVoucher(q, company, await planVoucher(q, company, vbody, new Problems()), {});
    const lines = await q.query<{ account_code: string; debit: string; credit: string; third_party: string | null; description: string }>(
      `SELECT l.account_code, l.debit, l.credit, l.third_party, l.description FROM journal_lines l JOIN journal_entries e ON e.id = l.entry_id
        WHERE e.company_id = $1 AND e.source_id = $2 ORDER BY l.line_no`, [company.company_id, voucher.id]);
    if (lines.length !== 2 || !lines.every((l) => new Decimal(l.debit).plus(l.credit).eq(95000))) {
      throw new Error(`bulk-demo expects a receipt of one due item to post two lines of its amount, got ${JSON.stringify(lines)}`);
    }
    receipts.push({
      doc: placeholders({
        ...voucher, id: ID, number: NUMBER, name: NAME, date: DATE, customer: { ...voucher.customer, id: CUSTOMER, identification: IDENT },
        items: [{ ...voucher.items[0], value: AMOUNT, due: { prefix: DUE_PREFIX, consecutive: DUE_NUMBER, quote: 1, date: DUE } }],
        payment: { ...voucher.payment, value: AMOUNT }, total: AMOUNT, metadata: { ...voucher.metadata, created: CREATED, last_updated: CREATED },
      }),
      invoiceName: invoice.name,
      lines: lines.map((l) => ({ account: l.account_code, debit: new Decimal(l.debit).gt(0), third: l.third_party !== null, description: l.description })),
    });
  }
  return { invoices: 2, receipts };
}

/**
 * Templates are JSON text with placeholders that SQL replaces with each
 * document's values (text replacement, one parse per document): strings stay
 * in their quotes, numbers replace the quoted placeholder.
 */
const [ID, NAME, DATE, CUSTOMER, IDENT, DUE, CREATED, DUE_PREFIX] = ['@ID@', '@NAME@', '@DATE@', '@CUSTOMER@', '@IDENT@', '@DUE@', '@CREATED@', '@DUEPREFIX@'];
const [NUMBER, AMOUNT, DUE_NUMBER] = ['@NUMBER@', '@AMOUNT@', '@DUENUMBER@'] as unknown as number[];
function placeholders(doc: object): string {
  const text = JSON.stringify(doc);
  if (!text.includes(ID)) throw new Error('bulk-demo: a template lost its placeholders');
  return text;
}
/** SQL: a template's text with the placeholders replaced, as jsonb. */
function fill(template: string, values: Record<string, string>): string {
  let sql = template;
  for (const [token, value] of Object.entries(values)) {
    const quoted = ['@NUMBER@', '@AMOUNT@', '@DUENUMBER@'].includes(token);
    sql = `replace(${sql}, '${quoted ? `"${token}"` : token}', ${value})`;
  }
  return `${sql}::jsonb`;
}

/** JSON text of a timestamp as the API writes it (toISOString). */
const ISO = (col: string) => `to_char(${col} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
const h = (salt: number, mod: number | string) => `((hashint8extended(s, ${salt}) & 9223372036854775807) % ${mod})`;

/**
 * Invoices seq $2 … $3−1 of $4, over $5 days from $6 to $7 ($8 customers, $9
 * baskets, $10 = [FV, FV-PCT] ids, $11 time zone): numbers, documents, due
 * items (paid as their receipts will say), journal entries, and the receipts
 * to write (bulk_pay).
 */
const INVOICE_BATCH = `
WITH gen AS (
  SELECT s AS seq, s * $5::float8 / $4 AS pos, ${h(11, '$8')} AS k,
         CASE WHEN ${h(12, 100)} < 85 THEN 0 ELSE 1 END AS di, ${h(13, '$9')} AS b, ${h(14, 100)} AS pr,
         CASE WHEN ${h(15, 100)} < 70 THEN 30 ELSE 60 END AS terms, ${h(16, 100)} AS paid_r, ${h(17, 8)}::int AS early,
         CASE WHEN ${h(18, 100)} < 60 THEN 0 ELSE 1 END AS vpay
    FROM generate_series($2::bigint, $3::bigint - 1) s),
g AS (
  SELECT gen.*, $6::date + floor(pos)::int AS date,
         CASE WHEN pr < 40 THEN 3 WHEN pr < 70 THEN 0 WHEN pr < 85 THEN 1 ELSE 2 END AS pi,
         date_trunc('milliseconds', least((($6::date + floor(pos)::int) + time '08:00' + (pos - floor(pos)) * interval '10 hours') AT TIME ZONE $11,
                                         now() - ($4 - seq) * interval '1 millisecond')) AS created_at,
         ($10::int[])[di + 1] AS document_type_id,
         row_number() OVER (PARTITION BY di ORDER BY seq) AS rn
    FROM gen),
cnt AS (SELECT document_type_id, count(*) AS n FROM g GROUP BY 1),
num AS (
  UPDATE document_types t SET consecutive = t.consecutive + cnt.n FROM cnt
   WHERE t.company_id = $1 AND t.id = cnt.document_type_id
  RETURNING t.id, t.consecutive - cnt.n AS first, t.prefix),
r AS MATERIALIZED (
  SELECT g.*, gen_random_uuid() AS id, num.prefix, num.first + g.rn - 1 AS number,
         num.prefix || '-' || num.id || '-' || (num.first + g.rn - 1) AS name,
         c.id AS customer_id, c.identification, tp.t, tp.doc, tp.total, tp.credit, tp.account AS due_account,
         g.date + g.terms AS due_date,
         tp.credit > 0 AND g.paid_r < CASE WHEN g.date + g.terms <= $7::date THEN 97 ELSE 20 END AS paid
    FROM g JOIN num ON num.id = g.document_type_id
    JOIN bulk_customers c ON c.k = g.k
    JOIN bulk_templates tp ON tp.t = (g.di * $9 + g.b) * 4 + g.pi),
p AS MATERIALIZED (
  SELECT r.*, least($7::date, r.due_date - r.early) AS vdate,
         date_trunc('milliseconds', least(now(), greatest(
           ((least($7::date, r.due_date - r.early)) + time '08:00' + (r.pos - floor(r.pos)) * interval '10 hours') AT TIME ZONE $11,
           r.created_at + interval '1 minute'))) AS vcreated
    FROM r WHERE r.paid),
inv AS (
  INSERT INTO invoices (company_id, id, country, document_type_id, prefix, number, name, date, customer_id, customer_identification,
                        customer_branch_office, total, balance, document, created_at, updated_at)
  SELECT $1, r.id, 'CO', r.document_type_id, r.prefix, r.number, r.name, r.date, r.customer_id, r.identification, 0, r.total,
         CASE WHEN r.paid THEN 0 ELSE r.credit END,
         ${fill('r.doc', { '@ID@': 'r.id::text', '@NUMBER@': 'r.number::text', '@NAME@': 'r.name', '@DATE@': 'r.date::text',
    '@CUSTOMER@': 'r.customer_id::text', '@IDENT@': 'r.identification', '@DUE@': 'r.due_date::text', '@CREATED@': ISO('r.created_at') })},
         r.created_at, coalesce(p.vcreated, r.created_at)
    FROM r LEFT JOIN p ON p.id = r.id),
due AS (
  INSERT INTO due_items (company_id, invoice_id, customer_id, prefix, consecutive, quote, due_date, amount, paid, account_code)
  SELECT $1, r.id, r.customer_id, r.prefix, r.number, 1, r.due_date, r.credit, CASE WHEN r.paid THEN r.credit ELSE 0 END, r.due_account
    FROM r WHERE r.credit > 0
  RETURNING id, invoice_id),
entry AS (
  INSERT INTO journal_entries (company_id, source_kind, source_id, date, description, created_at)
  SELECT $1, 'invoice', r.id, r.date, 'Factura ' || r.name, r.created_at FROM r
  RETURNING id, source_id),
lines AS (
  INSERT INTO journal_lines (company_id, entry_id, line_no, account_code, debit, credit, third_party, description)
  SELECT $1, entry.id, l.n, l.account, l.debit, l.credit, CASE WHEN l.third THEN r.identification END, l.description
    FROM entry JOIN r ON r.id = entry.source_id JOIN bulk_lines l ON l.t = r.t)
INSERT INTO bulk_pay (invoice_id, due_item_id, k, amount, date, created_at, vpay, invoice_name, prefix, number, due_date)
SELECT p.id, due.id, p.k, p.credit, p.vdate, p.vcreated, p.vpay, p.name, p.prefix, p.number, p.due_date
  FROM p JOIN due ON due.invoice_id = p.id`;

/** Receipts vseq $2 … $3−1 of bulk_receipts, numbered on RC ($4). */
const RECEIPT_BATCH = `
WITH b AS (SELECT * FROM bulk_receipts WHERE vseq >= $2 AND vseq < $3),
num AS (
  UPDATE document_types SET consecutive = consecutive + ($3 - $2) WHERE company_id = $1 AND id = $4
  RETURNING id, consecutive - ($3 - $2) AS first, prefix),
r AS MATERIALIZED (
  SELECT b.*, gen_random_uuid() AS vid, num.id AS type_id, num.prefix AS vprefix, num.first + b.vseq - $2 AS vnumber,
         num.prefix || '-' || num.id || '-' || (num.first + b.vseq - $2) AS vname, c.id AS customer_id, c.identification,
         t.doc, t.invoice_name AS sample_invoice
    FROM b CROSS JOIN num JOIN bulk_customers c ON c.k = b.k JOIN bulk_vtemplates t ON t.vpay = b.vpay),
v AS (
  INSERT INTO vouchers (company_id, id, document_type_id, prefix, number, name, date, type, customer_id, customer_identification,
                        customer_branch_office, total, document, created_at, updated_at)
  SELECT $1, r.vid, r.type_id, r.vprefix, r.vnumber, r.vname, r.date, 'DebtPayment', r.customer_id, r.identification, 0, r.amount,
         ${fill('r.doc', { '@ID@': 'r.vid::text', '@NUMBER@': 'r.vnumber::text', '@NAME@': 'r.vname', '@DATE@': 'r.date::text',
    '@CUSTOMER@': 'r.customer_id::text', '@IDENT@': 'r.identification', '@AMOUNT@': 'r.amount::float8::text', '@DUEPREFIX@': 'r.prefix',
    '@DUENUMBER@': 'r.number::text', '@DUE@': 'r.due_date::text', '@CREATED@': ISO('r.created_at') })},
         r.created_at, r.created_at
    FROM r),
a AS (
  INSERT INTO voucher_applications (company_id, voucher_id, due_item_id, amount)
  SELECT $1, r.vid, r.due_item_id, r.amount FROM r),
entry AS (
  INSERT INTO journal_entries (company_id, source_kind, source_id, date, description, created_at)
  SELECT $1, 'voucher', r.vid, r.date, 'Recibo de caja ' || r.vname, r.created_at FROM r
  RETURNING id, source_id)
INSERT INTO journal_lines (company_id, entry_id, line_no, account_code, debit, credit, third_party, description)
SELECT $1, entry.id, l.n, l.account, CASE WHEN l.debit THEN r.amount ELSE 0 END, CASE WHEN l.debit THEN 0 ELSE r.amount END,
       CASE WHEN l.third THEN r.identification END, replace(l.description, r.sample_invoice, r.invoice_name)
  FROM entry JOIN r ON r.vid = entry.source_id JOIN bulk_vlines l ON l.vpay = r.vpay`;
