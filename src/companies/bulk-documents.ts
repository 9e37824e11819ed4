/**
 * What bulk-demo (./bulk.ts) loads: the drawing of each invoice (deterministic), the templates the API's planner
 * makes, the kernel's records made from them, the customers and the receipts' templates.
 */
import crypto from 'node:crypto';
import Decimal from 'decimal.js';
import type { Queryable } from '../platform/db';
import type { Company } from '../platform/auth';
import { Problems } from '../platform/errors';
import type { Static, TSchema } from '@sinclair/typebox';
import { isBody } from '../platform/validation';
import { nitCheckDigit } from '../platform/nit';
import { instantOf } from '../platform/dates';
import { CoCustomerBody, insertCustomer } from '../catalog/customers';
import { computeCO, type TaxRef } from '../invoices/compute';
import type { ProductRow } from '../catalog/rows';
import { coInvoiceWrite, planCoInvoice, storeCoInvoice, type Plan } from '../invoices/co/service';
import { CoInvoiceBody, type CoInvoiceDocument } from '../invoices/co/schema';
import type { InvoiceWrite } from '../invoices/kernel';
import type { Numbered } from '../invoices/numbering';
import { planVoucher, voucherWrite, type DueRow, type VoucherPlan } from '../vouchers/service';
import type { VoucherWrite } from '../vouchers/kernel';
import { VoucherBody } from '../vouchers/schema';

const BASKETS = 40;
const PAY_TYPES = ['Cash', 'Transfer', 'Card', 'Credit'] as const;
const DOC_TYPES = ['FV', 'FV-PCT'] as const;
const PRODUCTS = ['PORT14', 'MOUSE01', 'CAFE500', 'ARROZ1K', 'LIBRO01', 'ALMUERZO', 'INSTAL01', 'ASESORIA'];
const MINUTE = 60_000;

/** A small deterministic generator (mulberry32), so that every load draws the same baskets and documents. */
export function random(seed: number) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export const addDays = (day: string, n: number) => new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

/**
 * A version-7 UUID (RFC 9562): the time `ms` in its first 48 bits, the version, then random bits taken from `hex` (at
 * least 19 hex digits). Loaded documents get ids that rise with their creation times, so that each lands at the end of
 * the indexes that end in the id (the primary key first) rather than on a random page of a large index, which the
 * WAL records whole once per checkpoint.
 */
export function uuidV7(ms: number, hex: string): string {
  const t = Math.floor(ms).toString(16).padStart(12, '0');
  return `${t.slice(0, 8)}-${t.slice(8, 12)}-7${hex.slice(0, 3)}-${((parseInt(hex[3], 16) & 3) | 8).toString(16)}${hex.slice(4, 7)}-${hex.slice(7, 19)}`;
}

/** The id of the load's invoice `seq`, made at `created`: the same in every run of the load (its random bits drawn from the load's seed). */
export function invoiceId(seed: string, seq: number, created: number): string {
  return uuidV7(created, crypto.createHash('sha256').update(`${seed}:${seq}`).digest('hex'));
}

/** A credit invoice a receipt will pay: what the receipt's plan needs of it and its due item. */
export interface Paid {
  seq: number; invoiceId: string; date: string; dueDate: string; amount: string; account: string; person: Person;
  vdate: string; vcreated: number; vpay: number; numbered?: Numbered;
}
export interface Person { id: number; identification: string }
/** What a loaded invoice draws (see documents). */
export interface Drawn {
  seq: number; date: string; person: Person; t: number; dueDate: string; paidR: number; created: number; receipt: { vdate: string; vcreated: number; vpay: number };
}


/**
 * What each loaded invoice draws (deterministic): its date (spread evenly over the days), creation time (08:00 to
 * 18:00 local, never after the load began), customer, template (document type, basket, payment type), terms,
 * and, should it be paid, its receipt's date, creation time and payment type.
 */
export function documents(o: { n: number; days: number; first: string; today: string; people: Person[]; timeZone: string; now: number }): Documents {
  const next = random(7);
  const eight = new Map<string, number>();
  /** 08:00 of a day in the company's time zone, plus `ms`. */
  const local = (day: string, ms: number) => {
    let at = eight.get(day);
    if (at === undefined) { at = instantOf(`${day}T08:00:00`, o.timeZone).getTime(); eight.set(day, at); }
    return at + Math.floor(ms);
  };
  /** Invoice seq's day, time in it, and creation time (drawn from nothing: rising with seq, as the numbers do). */
  const at = (seq: number) => {
    const pos = (seq * o.days) / o.n;
    const frac = (pos - Math.floor(pos)) * 10 * 60 * MINUTE;
    const date = addDays(o.first, Math.floor(pos));
    return { frac, date, created: Math.min(local(date, frac), o.now - (o.n - seq)) };
  };
  const draw = (seq: number) => {
    const { frac, date, created } = at(seq);
    const person = o.people[Math.floor(next() * o.people.length)];
    const di = next() < 0.85 ? 0 : 1;
    const b = Math.floor(next() * BASKETS);
    const pr = next() * 100;
    const pi = pr < 40 ? 3 : pr < 70 ? 0 : pr < 85 ? 1 : 2;
    const dueDate = addDays(date, next() < 0.7 ? 30 : 60);
    const paidR = next() * 100;
    const early = Math.floor(next() * 8);
    const vpay = next() < 0.6 ? 0 : 1;
    const vdate = [o.today, addDays(dueDate, -early)].sort()[0];
    const vcreated = Math.min(o.now, Math.max(local(vdate, frac), created + MINUTE));
    return { seq, date, person, t: (di * BASKETS + b) * 4 + pi, dueDate, paidR, created, receipt: { vdate, vcreated, vpay } };
  };
  return Object.assign(draw, { created: (seq: number) => (seq >= o.n ? Infinity : at(seq).created) });
}

/**
 * The drawing of the load's invoices, in order of seq (each call draws the next invoice's values: call it once per seq,
 * in order), and each invoice's creation time alone (no drawing: any seq, any order; Infinity past the last). Creation
 * times rise with seq, and a receipt is made after its invoice (vcreated > created): so once the invoices before seq
 * are written, every receipt made before created(seq) pays one of them.
 */
export type Documents = ((seq: number) => Drawn) & { created: (seq: number) => number };

/**
 * Each loaded invoice's record for the kernel: its template's plan with its own date, customer and due date, as
 * coInvoiceWrite makes it (storeCoInvoice's). coInvoiceWrite is run once per template, and its record given what
 * differs from one invoice to the next (ids, date, customer, due date, times, the postings' third party); for the
 * first invoice of each template that record is checked equal, to the letter, to coInvoiceWrite's for its own plan.
 */
export function invoiceRecords(company: Company, templates: Plan[], idOf: (d: Drawn) => string): (d: Drawn) => InvoiceWrite {
  const bases = new Map<number, InvoiceWrite>();
  return (d) => {
    const tpl = templates[d.t];
    const id = idOf(d);
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
        base: doc, // what it shares with its template's document is sent once per batch
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
      if (own !== JSON.stringify({ ...write, r: { ...write.r, base: undefined } })) throw new Error(`bulk-demo: the record of template ${d.t} is not coInvoiceWrite's: ${JSON.stringify(write)} against ${own}`);
    }
    return write;
  };
}

export async function companyOf(q: Queryable, cid: number): Promise<Company> {
  const [company] = await q.query<Company>('SELECT * FROM companies WHERE company_id = $1', [cid]);
  return company;
}

/** The columns of the demo's document types, payment types, seller and customer that the load reads. */
interface TypeRow { id: number; code: string; type: string; prefix: string; discount_type: 'Percentage' | 'Value' }
interface PayRow { id: number; type: string; document_type: string; due_date: boolean; account_code: string }
export interface Refs {
  types: Record<string, TypeRow>; rc: TypeRow; pay: Record<string, PayRow>; rcPay: Record<string, PayRow>; seller: { id: number }; mainCustomer: { identification: string };
}

export async function references(q: Queryable, cid: number): Promise<Refs> {
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
export async function bulkCustomers(q: Queryable, cid: number, count: number, log: (line: string) => void): Promise<Person[]> {
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
      id = Number((await insertCustomer(q, cid, 'CO', asBody(CoCustomerBody, body, `customer ${identification}`))).id);
    }
    out.push({ id, identification });
    if ((k + 1) % 1000 === 0) log(`customers ${k + 1}/${count}`);
  }
  return out;
}

/** A body the load builds, checked against the API's schema as a request's is (and so typed by it); its problems otherwise. */
function asBody<S extends TSchema>(schema: S, body: unknown, what: string): Static<S> {
  const problems = new Problems();
  if (!isBody(schema, body, problems)) throw new Error(`bulk ${what}: ${JSON.stringify(problems.items)}`);
  return body;
}

/**
 * One planned invoice per document type, basket and payment type, planned by the API's own code (the plan
 * POST /v1/invoices makes); template t = (type × BASKETS + basket) × 4 + payment.
 */
export async function invoiceTemplates(q: Queryable, company: Company, refs: Refs, customer: { identification: string }, today: string): Promise<Plan[]> {
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
        const body = asBody(CoInvoiceBody, {
          document: { id: docType.id }, date: today, customer: { identification: customer.identification, branch_office: 0 }, seller: refs.seller.id, items,
          payments: [{ id: pay.id, value: Number(payable), ...(pay.due_date ? { due_date: addDays(today, 30) } : {}) }],
        }, 'invoice template');
        out[(di * BASKETS + b) * 4 + pi] = await planCoInvoice(q, company, body, new Problems());
      }
    }
  }
  return out;
}

/** Two credit invoices dated the first day, to the demo's customer, written by the service's own functions (a new load's first transaction): their ids. */
export async function sampleInvoices(q: Queryable, company: Company, refs: Refs, first: string): Promise<string[]> {
  const customer = { identification: refs.mainCustomer.identification, branch_office: 0 };
  const ids: string[] = [];
  for (let k = 0; k < 2; k++) {
    const body = asBody(CoInvoiceBody, {
      document: { id: refs.types.FV.id }, date: first, customer, seller: refs.seller.id,
      items: [{ code: 'LIBRO01', quantity: 1, price: 95000, seller: refs.seller.id }],
      payments: [{ id: refs.pay.Credit.id, value: 95000, due_date: addDays(first, 30) }],
    }, 'sample invoice');
    ids.push(String((await storeCoInvoice(q, company, await planCoInvoice(q, company, body, new Problems()), {})).id));
  }
  return ids;
}

/**
 * The receipts' templates: the two sample invoices paid today, in cash and by transfer, as planVoucher plans it (the
 * plans only read; they are stored, through the service, when the load ends).
 */
export async function sampleReceipts(q: Queryable, company: Company, refs: Refs, invoices: string[], today: string): Promise<VoucherPlan[]> {
  const customer = { identification: refs.mainCustomer.identification, branch_office: 0 };
  const receipts: VoucherPlan[] = [];
  for (const [k, payType] of ['Cash', 'Transfer'].entries()) {
    const [invoice] = await q.query<{ prefix: string; number: string }>('SELECT prefix, number FROM invoices WHERE company_id = $1 AND id = $2', [company.company_id, invoices[k]]);
    const vbody = asBody(VoucherBody, {
      document: { id: refs.rc.id }, date: today, type: 'DebtPayment', customer,
      items: [{ due: { prefix: invoice.prefix, consecutive: Number(invoice.number), quote: 1 }, value: 95000 }],
      payment: { id: refs.rcPay[payType].id, value: 95000 },
    }, 'sample receipt');
    const plan = await planVoucher(q, company, vbody, new Problems());
    if (plan.entries.length !== 1 || !plan.entries[0].due) throw new Error('bulk-demo expects a receipt of one due item');
    receipts.push(plan);
  }
  return receipts;
}

/** The due items the receipts pay, by (prefix, number), as planVoucher finds them. */
export async function dueItems(q: Queryable, cid: number, chunk: Paid[]): Promise<Map<string, number>> {
  const rows = await q.query<{ id: string; prefix: string; consecutive: string }>(
    `SELECT d.id, d.prefix, d.consecutive FROM (SELECT DISTINCT * FROM unnest($2::text[], $3::bigint[]) AS k(prefix, consecutive)) k
       JOIN due_items d ON d.company_id = $1 AND d.prefix = k.prefix AND d.consecutive = k.consecutive AND d.quote = 1`,
    [cid, chunk.map((p) => p.numbered!.prefix), chunk.map((p) => p.numbered!.number)]);
  return new Map(rows.map((r) => [`${r.prefix}|${Number(r.consecutive)}`, Number(r.id)]));
}

/** A receipt's record: the template's plan paying this invoice's due item, its amount, on its day, made at its time. */
export function receiptWrite(company: Company, tpl: VoucherPlan, p: Paid, dues: Map<string, number>): VoucherWrite {
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
  return { ...voucherWrite(company, plan, { id: uuidV7(p.vcreated, crypto.randomBytes(10).toString('hex')), now: at }), paidAt: at };
}
