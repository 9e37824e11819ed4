/**
 * `bulk-demo --invoices N`: loads N realistic invoices into the Colombian demo
 * company through the kernels' batch writers, as the API would have written
 * them, so that lists, reports and benchmarks can be tried at the size of a
 * large retailer.
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
 * How: every document is planned by the API's own code and written by its
 * kernel. One invoice per document type, product basket and payment type is
 * planned by POST /v1/invoices's planCoInvoice (a template); each loaded
 * invoice is that plan with its own date, customer and due date, as the
 * kernel's record that coInvoiceWrite makes of it (storeCoInvoice's: made once
 * per template and given each invoice's own values, checked equal to
 * coInvoiceWrite's own for the first invoice of each template), written by
 * writeInvoices (src/invoices/kernel.ts) in chunks of `batch` invoices:
 * numbers from the document types' counters, gap-free, due items, journal
 * entries. Each chunk is planned while the one before is written. Two credit invoices and the receipts paying them are written
 * through the service itself (storeCoInvoice, storeVoucher); their voucher
 * plans are the receipts' templates: each receipt is that plan paying its own
 * due item, turned into the kernel's record by voucherWrite and written by
 * writeVouchers (src/vouchers/kernel.ts), which checks what is owed, numbers
 * it, pays the due item and the invoice's balance (movePayments) and posts
 * its entry. No table of documents is written here.
 *
 * The load is ONE transaction: all or nothing. It holds the numbering of FV,
 * FV-PCT and RC until it commits, so run it on an idle service. When the
 * database user is a superuser (always on the embedded database), the
 * statements skip the foreign-key checks of their rows (every reference they
 * write was just read: company, document types, customers, the invoices and
 * entries of the same statement), which are nearly half of the work; the
 * counting triggers fire all the same (ENABLE ALWAYS, migration 023). Loaded
 * documents are in their final state (no events: nothing happens to a loaded
 * document until the API changes it).
 */
import crypto from 'node:crypto';
import Decimal from 'decimal.js';
import type { Db, Queryable } from '../platform/db';
import type { Company } from '../platform/auth';
import { Problems } from '../platform/errors';
import { checkBody } from '../platform/validation';
import { nitCheckDigit } from '../platform/nit';
import { instantOf } from '../platform/dates';
import { CoCustomerBody, insertCustomer, type CustomerBody } from '../catalog/customers';
import { computeCO, type TaxRef } from '../invoices/compute';
import type { ProductRow } from '../catalog/rows';
import { coInvoiceWrite, planCoInvoice, storeCoInvoice, type Plan } from '../invoices/co/service';
import type { CoInvoiceBody, CoInvoiceDocument } from '../invoices/co/schema';
import { todayIn } from '../invoices/lookup';
import { writeInvoices, type InvoiceWrite } from '../invoices/kernel';
import type { Numbered } from '../invoices/numbering';
import { foldLedger } from '../ledger/balances';
import { foldReceivables } from '../reports/receivables';
import { planVoucher, storeVoucher, voucherWrite, type DueRow, type VoucherPlan } from '../vouchers/service';
import { writeVouchers, type VoucherWrite } from '../vouchers/kernel';
import type { VoucherBody } from '../vouchers/schema';
import { ensureDemo } from './demo';

export interface BulkOptions {
  invoices: number;
  /** Days of history, ending today (default 365). */
  days?: number;
  /** Customers to spread the invoices over (default N / 200, at least 20). */
  customers?: number;
  /** Invoices (and receipts) per call of the batch writer (default 5,000). */
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
const MINUTE = 60_000;

/** A small deterministic generator (mulberry32), so that every load draws the same baskets and documents. */
function random(seed: number) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const addDays = (day: string, n: number) => new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

/** A credit invoice a receipt will pay: what the receipt's plan needs of it and its due item. */
interface Paid {
  seq: number; invoiceId: string; date: string; dueDate: string; amount: string; account: string; person: Person;
  vdate: string; vcreated: number; vpay: number; numbered?: Numbered;
}
interface Person { id: number; identification: string }
/** What a loaded invoice draws (see documents). */
interface Drawn {
  date: string; person: Person; t: number; dueDate: string; paidR: number; created: number; receipt: { vdate: string; vcreated: number; vpay: number };
}

/** Lets the event loop run (the write under way goes on) while a chunk is planned. */
const turn = () => new Promise<void>((resolve) => setImmediate(resolve));

export async function bulkDemo(db: Db, o: BulkOptions): Promise<BulkResult> {
  const started = Date.now();
  const log = o.log ?? (() => undefined);
  const elapsed = () => `${((Date.now() - started) / 1000).toFixed(1)} s`;
  const total = o.invoices;
  if (!Number.isInteger(total) || total < 10) throw new Error('bulk-demo loads at least 10 invoices');
  const days = o.days ?? 365;
  const batch = o.batch ?? 5_000;
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
    const templates = await invoiceTemplates(q, company, refs, people[0], today);
    const [{ superuser }] = await q.query<{ superuser: string }>(`SELECT current_setting('is_superuser') AS superuser`);
    if (superuser === 'on') await q.query('SET LOCAL session_replication_role = replica');

    // Invoices, in chunks; each chunk is planned while the one before is written.
    const n = total - samples.invoices;
    const draw = documents({ n, days, first, today, people, timeZone: company.time_zone, now: Date.now() });
    const record = invoiceRecords(company, templates);
    const paid: Paid[] = [];
    let writing: Promise<void> = Promise.resolve();
    for (let from = 0; from < n; from += batch) {
      const to = Math.min(n, from + batch);
      const writes: InvoiceWrite[] = [];
      const payable: (Paid | undefined)[] = [];
      for (let seq = from; seq < to; seq++) {
        if ((seq - from) % 500 === 499) await turn();
        const d = draw(seq);
        const write = record(d);
        writes.push(write);
        const due = write.due[0];
        const pays = due && d.paidR < (d.dueDate <= today ? 97 : 20);
        payable.push(pays ? { ...d.receipt, seq, invoiceId: write.r.id, date: d.date, dueDate: d.dueDate, amount: due.amount, account: due.account, person: d.person } : undefined);
      }
      await writing;
      writing = writeInvoices(q, writes).then((out) => {
        out.forEach((x, k) => {
          if (x instanceof Error) throw x;
          const p = payable[k];
          if (p) paid.push({ ...p, numbered: x });
        });
        log(`invoices ${to + samples.invoices}/${total} (${elapsed()})`);
      });
      writing.catch(() => undefined); // awaited (and thrown) before the next write: not an unhandled rejection while a chunk is planned
    }
    await writing;

    // Receipts, numbered in the order they were made; each chunk is planned while the one before is written.
    paid.sort((a, b) => a.vcreated - b.vcreated || (a.vdate < b.vdate ? -1 : a.vdate > b.vdate ? 1 : 0) || a.seq - b.seq);
    // The planner learns the invoices and due items just written (else it reads them whole to find a chunk's rows).
    await q.exec('ANALYZE invoices, due_items');
    const dues = await dueItems(q, cid, paid);
    for (let from = 0; from < paid.length; from += batch) {
      const to = Math.min(paid.length, from + batch);
      const writes: VoucherWrite[] = [];
      for (let k = from; k < to; k++) {
        if ((k - from) % 500 === 499) await turn();
        writes.push(receiptWrite(company, samples.receipts[paid[k].vpay], paid[k], dues));
      }
      await writing;
      writing = writeVouchers(q, writes).then((out) => {
        for (const x of out) if (x instanceof Error) throw x;
        log(`receipts ${to}/${paid.length} (${elapsed()})`);
      });
      writing.catch(() => undefined);
    }
    await writing;
    return { receipts: paid.length };
  });
  // The sums the reports read, then the planner's statistics and the visibility map (index-only scans).
  await foldLedger(db, cid);
  await foldReceivables(db, cid);
  log(`folded (${elapsed()})`);
  for (const t of ['customers', 'invoices', 'due_items', 'vouchers', 'voucher_applications', 'journal_entries', 'journal_lines', 'document_counts',
    'receivable_customers', 'receivable_dues', 'receivable_pending', 'ledger_days', 'ledger_months', 'ledger_pending']) {
    await db.exec(`VACUUM (ANALYZE) ${t}`);
  }
  log(`analyzed (${elapsed()})`);
  return {
    company_id: cid, invoices: total, vouchers: result.receipts + 2, customers,
    first_date: first, last_date: today, seconds: Math.round((Date.now() - started) / 100) / 10,
  };
}

/**
 * What each loaded invoice draws (deterministic): its date (spread evenly over the days), creation time (08:00 to
 * 18:00 local, never after the load began), customer, template (document type, basket, payment type), terms,
 * and, should it be paid, its receipt's date, creation time and payment type.
 */
function documents(o: { n: number; days: number; first: string; today: string; people: Person[]; timeZone: string; now: number }): (seq: number) => Drawn {
  const next = random(7);
  const eight = new Map<string, number>();
  /** 08:00 of a day in the company's time zone, plus `ms`. */
  const local = (day: string, ms: number) => {
    let at = eight.get(day);
    if (at === undefined) { at = instantOf(`${day}T08:00:00`, o.timeZone).getTime(); eight.set(day, at); }
    return at + Math.floor(ms);
  };
  return (seq: number) => {
    const pos = (seq * o.days) / o.n;
    const frac = (pos - Math.floor(pos)) * 10 * 60 * MINUTE;
    const date = addDays(o.first, Math.floor(pos));
    const person = o.people[Math.floor(next() * o.people.length)];
    const di = next() < 0.85 ? 0 : 1;
    const b = Math.floor(next() * BASKETS);
    const pr = next() * 100;
    const pi = pr < 40 ? 3 : pr < 70 ? 0 : pr < 85 ? 1 : 2;
    const dueDate = addDays(date, next() < 0.7 ? 30 : 60);
    const paidR = next() * 100;
    const early = Math.floor(next() * 8);
    const vpay = next() < 0.6 ? 0 : 1;
    const created = Math.min(local(date, frac), o.now - (o.n - seq));
    const vdate = [o.today, addDays(dueDate, -early)].sort()[0];
    const vcreated = Math.min(o.now, Math.max(local(vdate, frac), created + MINUTE));
    return { date, person, t: (di * BASKETS + b) * 4 + pi, dueDate, paidR, created, receipt: { vdate, vcreated, vpay } };
  };
}

/**
 * Each loaded invoice's record for the kernel: its template's plan with its own date, customer and due date, as
 * coInvoiceWrite makes it (storeCoInvoice's). coInvoiceWrite is run once per template, and its record given what
 * differs from one invoice to the next (ids, date, customer, due date, times, the postings' third party); for the
 * first invoice of each template that record is checked equal, to the letter, to coInvoiceWrite's for its own plan.
 */
function invoiceRecords(company: Company, templates: Plan[]): (d: Drawn) => InvoiceWrite {
  const bases = new Map<number, InvoiceWrite>();
  return (d) => {
    const tpl = templates[d.t];
    const id = crypto.randomUUID();
    const now = new Date(d.created);
    let base = bases.get(d.t);
    const first = !base;
    base ??= coInvoiceWrite(company, tpl, { id: '', customerId: 0, now: new Date(0) }).write;
    bases.set(d.t, base);
    const doc = base.r.document as CoInvoiceDocument;
    const at = now.toISOString();
    const write: InvoiceWrite = {
      r: {
        ...base.r, id, date: d.date, customerId: d.person.id, identification: d.person.identification, now,
        document: {
          ...doc, id, date: d.date, customer: { ...doc.customer, id: String(d.person.id), identification: d.person.identification },
          items: doc.items.map((item, i) => ({ ...item, id: `${id}-${i + 1}` })), payments: doc.payments.map((p) => (p.due_date ? { ...p, due_date: d.dueDate } : p)),
          metadata: { ...doc.metadata, created: at, last_updated: at },
        },
      },
      due: base.due.map((x) => ({ ...x, due_date: d.dueDate })),
      postings: base.postings.map((p) => (p.third_party === undefined ? p : { ...p, third_party: d.person.identification })),
    };
    if (first) {
      const plan: Plan = {
        ...tpl,
        body: { ...tpl.body, date: d.date, customer: { identification: d.person.identification, branch_office: 0 },
          payments: tpl.body.payments.map((p) => (p.due_date ? { ...p, due_date: d.dueDate } : p)) },
        customer: { ...tpl.customer!, id: d.person.id, identification: d.person.identification },
        payments: tpl.payments.map((p) => (p.type.due_date ? { ...p, due_date: d.dueDate } : p)),
      };
      const own = JSON.stringify(coInvoiceWrite(company, plan, { id, customerId: d.person.id, now }).write);
      if (own !== JSON.stringify(write)) throw new Error(`bulk-demo: the record of template ${d.t} is not coInvoiceWrite's: ${JSON.stringify(write)} against ${own}`);
    }
    return write;
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

/**
 * One planned invoice per document type, basket and payment type, planned by the API's own code (the plan
 * POST /v1/invoices makes); template t = (type × BASKETS + basket) × 4 + payment.
 */
async function invoiceTemplates(q: Queryable, company: Company, refs: Refs, customer: { identification: string }, today: string): Promise<Plan[]> {
  const next = random(23);
  const baskets = Array.from({ length: BASKETS }, () => {
    const size = 1 + Math.floor(next() * 3);
    const codes = [...PRODUCTS].sort(() => next() - 0.5).slice(0, size);
    return codes.map((code) => ({ code, quantity: 1 + Math.floor(next() * 4) }));
  });
  const products = new Map((await q.query<Pick<ProductRow, 'code' | 'prices' | 'tax_ids'>>(`SELECT code, prices, tax_ids FROM products WHERE company_id = $1`, [company.company_id])).map((p) => [p.code, p]));
  const taxes = new Map((await q.query<TaxRef>(`SELECT id, name, type, percentage FROM taxes WHERE company_id = $1`, [company.company_id])).map((t) => [t.id, t]));
  const out: Plan[] = [];
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
        out[(di * BASKETS + b) * 4 + pi] = await planCoInvoice(q, company, body, new Problems());
      }
    }
  }
  return out;
}

/**
 * Two credit invoices (dated the first day) and two receipts paying them
 * today, in cash and by transfer, written by the service's own functions;
 * their voucher plans are the receipts' templates.
 */
async function sampleReceipts(q: Queryable, company: Company, refs: Refs, first: string, today: string) {
  const customer = { identification: refs.mainCustomer.identification, branch_office: 0 };
  const receipts: VoucherPlan[] = [];
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
    const plan = await planVoucher(q, company, vbody, new Problems());
    if (plan.entries.length !== 1 || !plan.entries[0].due) throw new Error('bulk-demo expects a receipt of one due item');
    await storeVoucher(q, company, plan, {});
    receipts.push(plan);
  }
  return { invoices: 2, receipts };
}

/** The due items the receipts pay, by (prefix, number), as planVoucher finds them. */
async function dueItems(q: Queryable, cid: number, chunk: Paid[]): Promise<Map<string, number>> {
  const rows = await q.query<{ id: string; prefix: string; consecutive: string }>(
    `SELECT id, prefix, consecutive FROM due_items WHERE company_id = $1 AND quote = 1
        AND (prefix, consecutive) IN (SELECT * FROM unnest($2::text[], $3::bigint[]))`,
    [cid, chunk.map((p) => p.numbered!.prefix), chunk.map((p) => p.numbered!.number)]);
  return new Map(rows.map((r) => [`${r.prefix}|${Number(r.consecutive)}`, Number(r.id)]));
}

/** A receipt's record: the template's plan paying this invoice's due item, its amount, on its day, made at its time. */
function receiptWrite(company: Company, tpl: VoucherPlan, p: Paid, dues: Map<string, number>): VoucherWrite {
  const inv = p.numbered!;
  const value = Number(p.amount);
  const due: DueRow = {
    id: dues.get(`${inv.prefix}|${inv.number}`)!, invoice_id: p.invoiceId, invoice_name: inv.name, invoice_date: p.date, currency: 'COP',
    prefix: inv.prefix, consecutive: inv.number, quote: 1, due_date: p.dueDate, amount: p.amount, paid: '0.00', account_code: p.account, invoice_rate: null,
  };
  const plan: VoucherPlan = {
    ...tpl,
    body: { ...tpl.body, date: p.vdate, customer: { identification: p.person.identification, branch_office: 0 },
      items: [{ due: { prefix: inv.prefix, consecutive: inv.number, quote: 1 }, value }], payment: { ...tpl.body.payment!, value } },
    customer: { ...tpl.customer!, id: p.person.id, identification: p.person.identification },
    payment: { ...tpl.payment!, value },
    entries: [{ ...tpl.entries[0], value, due, account: { code: p.account, movement: 'Credit' } }],
    total: new Decimal(value),
  };
  const at = new Date(p.vcreated);
  return { ...voucherWrite(company, plan, { id: crypto.randomUUID(), now: at }), paidAt: at };
}
