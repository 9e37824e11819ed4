/**
 * A customer's statement (estado de cuenta, issue 52 point 4): for a period, per currency, the balance the customer
 * owed before it, each document and payment that moved it with the running balance, what is owed at its end by age,
 * and that closing balance. `GET /v1/customers/{id}/statement?date_start&date_end` (both base addresses).
 *
 * It reads what the receivables report reads (./receivable-sql.ts), as movements: a due item is charged on its
 * invoice's (or debit note's) date and taken back on its annulment's; each application of a cash receipt, a credit
 * note settled on account or a Mexican payment receipt pays on its document's date and is given back on its
 * annulment's. So the balance on any day is the receivables report's for that customer on that day: the opening
 * balance is the report's on the day before the period, the closing balance the report's on its last day.
 */
import Decimal from 'decimal.js';
import type { Queryable } from '../platform/db';
import { num } from '../platform/money';
import { CURRENCY } from './receivable-sql';
import { BUCKETS, bucketOf } from './receivables';
import { renderStatementPdf } from '../pdf/statement';
import { country as countryOf, type CountryCode } from '../countries';

type Kind = 'invoice' | 'debit_note' | 'voucher' | 'credit_note' | 'payment';
interface Event {
  currency: string; date: string; kind: Kind; reversal: boolean; id: string; name: string; due_item: string; due_date: string;
  quote: number; invoice_name: string; amount: string;
}

/** The movements of a customer's due items, each a charge (a due item, or a payment given back) or a payment (or a charge taken back). */
const EVENTS = `
  WITH d AS (
    SELECT d.id, d.amount, d.due_date::text AS due_date, d.quote, d.annulled, i.id AS invoice_id, i.name AS invoice_name, ${CURRENCY} AS currency,
           greatest(i.date, n.date)::text AS starts, greatest(i.annulled_on, n.annulled_on)::text AS ends, n.id AS note_id, n.name AS note_name
      FROM due_items d JOIN invoices i ON i.company_id = d.company_id AND i.id = d.invoice_id
      LEFT JOIN notes n ON n.company_id = d.company_id AND n.id = d.note_id
     WHERE d.company_id = $1 AND d.customer_id = $2 AND i.deleted_at IS NULL),
  paid AS (
    SELECT 'voucher' AS kind, a.due_item_id, a.amount, v.id::text AS id, v.name, v.date::text AS date, v.annulled, v.annulled_on::text AS annulled_on
      FROM voucher_applications a JOIN vouchers v ON v.company_id = a.company_id AND v.id = a.voucher_id WHERE a.company_id = $1 AND a.due_item_id IN (SELECT id FROM d)
    UNION ALL
    SELECT 'credit_note', a.due_item_id, a.amount, n.id::text, n.name, n.date::text, n.annulled, n.annulled_on::text
      FROM note_applications a JOIN notes n ON n.company_id = a.company_id AND n.id = a.note_id WHERE a.company_id = $1 AND a.due_item_id IN (SELECT id FROM d)
    UNION ALL
    SELECT 'payment', a.due_item_id, a.amount, p.id::text, p.name, p.date::text, p.annulled, p.annulled_on::text
      FROM payment_applications a JOIN payments p ON p.company_id = a.company_id AND p.id = a.payment_id WHERE a.company_id = $1 AND a.due_item_id IN (SELECT id FROM d))
  SELECT d.currency, d.starts AS date, CASE WHEN d.note_id IS NULL THEN 'invoice' ELSE 'debit_note' END AS kind, false AS reversal,
         coalesce(d.note_id, d.invoice_id)::text AS id, coalesce(d.note_name, d.invoice_name) AS name, d.id::text AS due_item, d.due_date, d.quote, d.invoice_name, d.amount::text
    FROM d WHERE NOT d.annulled OR d.ends IS NOT NULL
  UNION ALL
  SELECT d.currency, d.ends, CASE WHEN d.note_id IS NULL THEN 'invoice' ELSE 'debit_note' END, true, coalesce(d.note_id, d.invoice_id)::text,
         coalesce(d.note_name, d.invoice_name), d.id::text, d.due_date, d.quote, d.invoice_name, d.amount::text
    FROM d WHERE d.annulled AND d.ends IS NOT NULL
  UNION ALL
  SELECT d.currency, p.date, p.kind, false, p.id, p.name, d.id::text, d.due_date, d.quote, d.invoice_name, p.amount::text
    FROM paid p JOIN d ON d.id = p.due_item_id WHERE NOT p.annulled OR p.annulled_on IS NOT NULL
  UNION ALL
  SELECT d.currency, p.annulled_on, p.kind, true, p.id, p.name, d.id::text, d.due_date, d.quote, d.invoice_name, p.amount::text
    FROM paid p JOIN d ON d.id = p.due_item_id WHERE p.annulled AND p.annulled_on IS NOT NULL`;

const CHARGES: ReadonlySet<Kind> = new Set(['invoice', 'debit_note']);
const WORDS: Record<Kind, [string, string]> = {
  invoice: ['Factura', 'Anulación de la factura'], debit_note: ['Nota débito', 'Anulación de la nota débito'], voucher: ['Recibo de caja', 'Anulación del recibo'],
  credit_note: ['Nota crédito', 'Anulación de la nota crédito'], payment: ['Complemento de pago', 'Cancelación del complemento de pago'],
};

export interface StatementLine {
  date: string; kind: Kind; document: { id: string; name: string }; description: string;
  invoice: string; quote: number; due_date: string; debit: number; credit: number; balance: number;
}
export interface CurrencyStatement {
  currency: string; opening_balance: number; debits: number; credits: number; closing_balance: number;
  movements: StatementLine[]; aging: Record<(typeof BUCKETS)[number] | 'total', number>;
}

/** Pure: the statement of one currency's events for the period [from, to] (both YYYY-MM-DD). */
export function statementOf(currency: string, events: readonly Event[], from: string, to: string): CurrencyStatement {
  // What the customer owes more (a charge, or a payment given back) and what it owes less (a payment, or a charge taken back).
  const debit = (e: Event) => CHARGES.has(e.kind) !== e.reversal;
  // Debits first on a day (an invoice and the receipt that pays it the same day read in that order), then by name.
  const sorted = [...events].sort((a, b) => a.date.localeCompare(b.date) || Number(debit(b)) - Number(debit(a)) || a.name.localeCompare(b.name) || a.quote - b.quote);
  const signed = (e: Event) => new Decimal(e.amount).times(debit(e) ? 1 : -1);
  let opening = new Decimal(0), debits = new Decimal(0), credits = new Decimal(0);
  const open = new Map<string, { due_date: string; balance: Decimal }>();
  const movements: StatementLine[] = [];
  for (const e of sorted) {
    if (e.date > to) continue;
    const v = signed(e);
    const item = open.get(e.due_item) ?? { due_date: e.due_date, balance: new Decimal(0) };
    item.balance = item.balance.plus(v);
    open.set(e.due_item, item);
    if (e.date < from) { opening = opening.plus(v); continue; }
    if (v.gte(0)) debits = debits.plus(v); else credits = credits.minus(v);
    const words = WORDS[e.kind];
    movements.push({
      date: e.date, kind: e.kind, document: { id: e.id, name: e.name }, description: `${e.reversal ? words[1] : words[0]} ${e.name}${e.name === e.invoice_name ? '' : ` · ${e.invoice_name}`}, cuota ${e.quote}`,
      invoice: e.invoice_name, quote: e.quote, due_date: e.due_date, debit: num(Decimal.max(v, 0)), credit: num(Decimal.max(v.neg(), 0)), balance: num(opening.plus(debits).minus(credits)),
    });
  }
  const aging = Object.fromEntries([...BUCKETS, 'total'].map((b) => [b, new Decimal(0)])) as Record<(typeof BUCKETS)[number] | 'total', Decimal>;
  const end = Date.parse(`${to}T00:00:00Z`);
  for (const item of open.values()) {
    if (item.balance.isZero()) continue;
    const bucket = bucketOf(Math.round((end - Date.parse(`${item.due_date}T00:00:00Z`)) / 86_400_000));
    aging[bucket] = aging[bucket].plus(item.balance);
    aging.total = aging.total.plus(item.balance);
  }
  return {
    currency, opening_balance: num(opening), debits: num(debits), credits: num(credits), closing_balance: num(opening.plus(debits).minus(credits)), movements,
    aging: Object.fromEntries(Object.entries(aging).map(([k, v]) => [k, num(v)])) as CurrencyStatement['aging'],
  };
}

/** A customer's statement for [from, to], one part per currency its documents are in (none when nothing ever moved). */
export async function customerStatement(q: Queryable, companyId: number, customerId: number, from: string, to: string): Promise<CurrencyStatement[]> {
  const events = await q.query<Event>(EVENTS, [companyId, customerId]);
  const currencies = [...new Set(events.map((e) => e.currency))].sort();
  return currencies.map((c) => statementOf(c, events.filter((e) => e.currency === c), from, to));
}

/** A customer's statement as GET /customers/{id}/statement answers it (null: no such customer in the company). */
export interface CustomerStatement {
  customer: { id: string; identification: string; branch_office: number; name: string };
  date_start: string; date_end: string; currencies: CurrencyStatement[];
}

/** The customer's statement for [start, end], read by the company; null when the company has no such customer. */
export async function readStatement(q: Queryable, companyId: number, customerId: number, start: string, end: string): Promise<(CustomerStatement & { contacts: { email?: string | null }[] | null }) | null> {
  const [customer] = await q.query<{ id: number; identification: string; branch_office: number; name: string[]; contacts: { email?: string | null }[] | null }>(
    'SELECT id, identification, branch_office, name, contacts FROM customers WHERE company_id = $1 AND id = $2', [companyId, customerId]);
  if (!customer) return null;
  return {
    customer: { id: String(customer.id), identification: customer.identification, branch_office: customer.branch_office, name: customer.name.join(' ') },
    date_start: start, date_end: end, currencies: await customerStatement(q, companyId, customer.id, start, end), contacts: customer.contacts,
  };
}

/** The statement's PDF, with the company's name and identification (NIT with its check digit, or RFC). */
export function statementPdf(company: { country: CountryCode; legal_name: string; tax_id: string; check_digit?: string | number | null }, st: CustomerStatement): Promise<Buffer> {
  return renderStatementPdf({
    date_start: st.date_start, date_end: st.date_end, currencies: st.currencies, country: company.country,
    customer: { name: st.customer.name, identification: st.customer.identification },
    company: { name: company.legal_name, identification: countryOf(company.country).identification.printed(company.tax_id, company.check_digit === undefined || company.check_digit === null ? null : String(company.check_digit)) },
  });
}
