/**
 * The Mexican payment receipt: every rule against the company's master data
 * and the invoices it pays (plan), then one transaction that locks those
 * invoices, checks them again, numbers the receipt, pays their due items,
 * stores it and posts its journal entry (store), and its annulment.
 *
 * Journal entry (pesos): debit cash or bank (the RC payment type of the
 * payment form, else 101.01 for cash and 102.01 for the rest); credit, per due
 * item paid, the receivable account its invoice debited; and the IVA paid moves
 * from "IVA trasladado no cobrado" (209.01) to "IVA trasladado cobrado"
 * (208.01); the payment that settles an invoice moves what is left of its IVA.
 */
import { documentHead } from '../platform/answers';
import crypto from 'node:crypto';
import Decimal from 'decimal.js';
import type { Company } from '../platform/auth';
import type { Queryable } from '../platform/db';
import { DomainError, Problems } from '../platform/errors';
import { balancedLines, type EntryLine, type Posting } from '../ledger/journal';
import { MX_LEDGER, mxCollectedAccount, mxPendingAccount } from '../ledger/accounts';
import { checkDocumentAmount } from '../ledger/limits';
import { writerInRounds } from '../invoices/rounds';
import type { Application } from '../invoices/kernel';
import { checkCurrency, checkDocumentType, loadMasterData, mustBeActive, RATE_TOLERANCE, todayIn } from '../invoices/lookup';
import { GENERAL_PUBLIC } from '../companies/uses';
import type { CustomerRow, DocumentTypeRow } from '../catalog/rows';
import { missingCfdiData } from '../countries/mx/sat/stamp';
import { cfdiDateTime, EXEMPT_IVA } from '../countries/mx/sat/cfdi';
import { unsealedPaymentCfdi } from '../countries/mx/sat/payment';
import { checkRelated, type RelatedCfdi } from '../countries/mx/sat/related';
import { lockReplaced, releaseReplaced, REPLACED_SHARE, replacedReceipt, type Replaced } from './undo';
import { cfdiContentProblems } from '../countries/mx/sat/rules';
import type { MxInvoiceDocument } from '../invoices/mx/schema';
import { num, round2, sum } from '../platform/money';
import { instantOf } from '../platform/dates';
import { invoiceTaxGroups, noteTaxShares, paidTaxes, remainingGroups, type PaidTax, type TaxGroup } from './compute';
import { equivalence, impPagado, invoiceCurrency, pesosLeft, spread, type Taken } from './currency';
import { writePayments, type PaymentRow } from './kernel';
import { ADVANCE_APPLICATION, COMPENSATION, type PaymentBody, type PaymentDocument } from './schema';
import { entryAccounts } from '../ledger/batch';

/** What a receipt needs to know of an invoice it pays, read (and, when storing, locked) in one query. */
interface InvoiceFacts {
  id: string; name: string; date: string; customer_id: number; annulled: boolean; stamp_status: string; stamp_uuid: string | null;
  balance: string; total: string; document: MxInvoiceDocument;
  /** The invoice's entries in its earlier live receipts. */
  earlier: PaymentDocument['invoices'];
  /** The live credit notes set off against the invoice (17 Compensación): their documents. */
  notes: Parameters<typeof noteTaxShares>[0][];
  /** The accounts its journal entry posted to (an invoice of an earlier version posted IEPS and withholdings as collected). */
  accounts: string[];
}

export interface PaymentPlan {
  body: PaymentBody;
  /** Related CFDIs (TipoRelacion 04: the receipt replaces another), checked. */
  related: RelatedCfdi[];
  date: string;
  paidAt: Date;
  /** The day of the payment in the company's time zone. */
  payDay: string;
  docType: DocumentTypeRow;
  customer: CustomerRow;
  currency: { code: string; exchange_rate: number };
  /** The payment form's account. */
  account: string;
  /** Per invoice in a foreign currency: pesos per unit of its currency on the payment day (the payment's rate in the same currency). */
  rates: Map<string, Decimal>;
  /** The receipt as the invoices stand when planned (the preview's answer). */
  preview: PaymentDocument;
  /** The live receipt it replaces (TipoRelacion 04), which gives its place to it (src/payments/undo.ts). */
  replaces: Replaced | null;
}

/** Allowed clock difference between the client and this server for "not in the future". */
const CLOCK_SKEW_MS = 5 * 60_000;

/** The invoices as a receipt finds them; `replaced`: the receipt it replaces, as if it had never been (not earlier, its payments owed again). */
async function invoiceFacts(q: Queryable, cid: number, ids: string[], lock: boolean, replaced: string | null = null): Promise<Map<string, InvoiceFacts>> {
  if (lock) await q.query(`SELECT id FROM invoices WHERE company_id = $1 AND id = ANY($2::uuid[]) ORDER BY id FOR UPDATE`, [cid, ids]);
  const rows = await q.query<InvoiceFacts>(
    `SELECT i.id, i.name, i.date::text AS date, i.customer_id, i.annulled, i.stamp_status, i.stamp_uuid, i.total, i.document,
            i.balance + (SELECT coalesce(sum(a.amount), 0) FROM payment_applications a JOIN due_items d ON d.company_id = a.company_id AND d.id = a.due_item_id
                          WHERE a.company_id = i.company_id AND a.payment_id = $3::uuid AND d.invoice_id = i.id) AS balance,
            (SELECT coalesce(jsonb_agg(x ORDER BY p.created_at), '[]') FROM payments p
               CROSS JOIN LATERAL jsonb_array_elements(p.document->'invoices') x
              WHERE p.company_id = i.company_id AND NOT p.annulled AND p.id IS DISTINCT FROM $3::uuid AND x->>'id' = i.id::text
                AND EXISTS (SELECT 1 FROM payment_applications a JOIN due_items d ON d.company_id = a.company_id AND d.id = a.due_item_id
                             WHERE a.company_id = p.company_id AND a.payment_id = p.id AND d.invoice_id = i.id)) AS earlier,
            (SELECT coalesce(jsonb_agg(n.document ORDER BY n.created_at), '[]') FROM notes n
              WHERE n.company_id = i.company_id AND n.kind = 'NC' AND NOT n.annulled AND n.document->>'payment_form' IN ('${COMPENSATION}', '${ADVANCE_APPLICATION}')
                AND n.document->'invoices' @> jsonb_build_array(jsonb_build_object('id', i.id::text))) AS notes,
            ${entryAccounts('i.company_id', "'invoice'", 'i.id')} AS accounts
       FROM invoices i WHERE i.company_id = $1 AND i.id = ANY($2::uuid[]) AND i.deleted_at IS NULL`, [cid, ids, replaced]);
  return new Map(rows.map((r) => [r.id, r]));
}

/** What the invoice's earlier live receipts and compensation notes took of it, each as its entry posted it. */
function takenOf(inv: InvoiceFacts): Taken[] {
  return [
    ...inv.earlier.map((e) => ({ amount: e.amount_paid, taxes: e.taxes, withholdings: e.withholdings })),
    ...inv.notes.map((n) => ({ amount: n.invoices.find((x) => x.id === inv.id)?.amount ?? 0, ...(noteTaxShares(n, true).get(inv.id) ?? { taxes: [], withholdings: [] }) })),
  ];
}

/**
 * Pesos per unit of each foreign-currency invoice's currency on the payment day: the payment's rate when it is in the
 * same currency; else the rate sent in invoices[].exchange_rate or configured for the day (within RATE_TOLERANCE of it).
 */
async function ratesToday(q: Queryable, company: Company, body: PaymentBody, currency: { code: string; exchange_rate: number }, payDay: string,
  facts: Map<string, InvoiceFacts>, problems: Problems): Promise<Map<string, Decimal>> {
  const out = new Map<string, Decimal>();
  for (const [i, it] of body.invoices.entries()) {
    const inv = facts.get(it.id);
    if (!inv) continue;
    const at = `invoices[${i}].exchange_rate`;
    const code = invoiceCurrency(inv.document).code;
    if (code === 'MXN' || code === currency.code) {
      if (it.exchange_rate !== undefined) problems.add('parameter_not_allowed', `Invoice ${inv.name} is in ${code}, as ${code === 'MXN' ? 'pesos need no rate' : 'the payment: its rate is currency.exchange_rate'}`, at);
      if (code !== 'MXN') out.set(it.id, new Decimal(currency.exchange_rate));
      continue;
    }
    const [configured] = await q.query<{ date: string; rate: string }>(
      'SELECT date, rate FROM exchange_rates WHERE company_id = $1 AND currency = $2 AND date <= $3::date ORDER BY date DESC LIMIT 1', [company.company_id, code, payDay]);
    if (it.exchange_rate === undefined) {
      if (configured) out.set(it.id, new Decimal(configured.rate));
      else problems.add('parameter_required', `Invoice ${inv.name} is in ${code} and the payment in ${currency.code}: send the pesos per ${code} on the payment day (none is configured on or before ${payDay})`, at);
      continue;
    }
    const off = configured ? new Decimal(it.exchange_rate).minus(configured.rate).abs().div(configured.rate) : new Decimal(0);
    if (off.gt(RATE_TOLERANCE)) problems.add('invalid_value', `The exchange rate ${it.exchange_rate} is ${off.times(100).toFixed(1)} % away from the rate configured for ${code} on ${configured.date}, ${configured.rate}`, at);
    else out.set(it.id, new Decimal(it.exchange_rate));
  }
  return out;
}

/**
 * What is left of each of the invoice's taxes and withholdings after its earlier live receipts and compensation credit
 * notes: as their CFDIs declared it, or (`books`) as their entries moved it (a settling receipt may move more than
 * Anexo 20's bounds let it declare: its `booked`).
 */
function leftOf(inv: InvoiceFacts, books = false): { taxes: TaxGroup[]; withholdings: TaxGroup[] } {
  const groups = invoiceTaxGroups(inv.document);
  const credited = inv.notes.map((n) => noteTaxShares(n, books).get(inv.id)).filter((x) => x !== undefined);
  const entries = (k: 'taxes' | 'withholdings') => inv.earlier.flatMap((e) => (e[k] as PaidTax[]).map((t) => (books ? { ...t, value: t.booked ?? t.value } : t)));
  const taken = (k: 'taxes' | 'withholdings') => [...entries(k), ...credited.flatMap((c) => c[k])];
  return { taxes: remainingGroups(groups.taxes, taken('taxes')), withholdings: remainingGroups(groups.withholdings, taken('withholdings')) };
}

/** What is left in the books of an invoice's taxes after its live receipts and compensation notes (a note that settles it: src/notes/mx.ts). */
export async function booksLeft(q: Queryable, cid: number, id: string): Promise<{ taxes: TaxGroup[]; withholdings: TaxGroup[] } | undefined> {
  const inv = (await invoiceFacts(q, cid, [id], false)).get(id);
  return inv && leftOf(inv, true);
}

/** Checks a request that passed (or partly passed) its JSON schema; returns the plan, or throws 400 with every problem found. */
export async function planPayment(q: Queryable, company: Company, body: PaymentBody, problems: Problems): Promise<PaymentPlan> {
  const cid = company.company_id;
  const active = mustBeActive(problems);
  const md = await loadMasterData(q, company, { customerIdentifications: [body.customer?.rfc_id] });
  const docType = await checkDocumentType(q, problems, company, md.document_types, body.document, body.number, 'P', '/mx/v1/document-types?type=P');

  let customer: CustomerRow | null = null;
  if (body.customer && !problems.has('customer')) {
    const row = md.customers.find((x) => x.identification === body.customer.rfc_id && x.branch_office === body.customer.branch_office);
    customer = active(row, 'customer.rfc_id', 'Customer', `${body.customer.rfc_id} (branch office ${body.customer.branch_office})`, '/mx/v1/customers');
    // A receiver abroad (XEXX010101000) pays deferred invoices like any customer; the general public's invoices are paid at once (PUE).
    if (customer?.identification === GENERAL_PUBLIC.rfc) {
      problems.add('invalid_value', `The general public (${GENERAL_PUBLIC.rfc}) has no payment receipts: its invoices are global invoices, paid at once (PUE)`, 'customer.rfc_id');
      customer = null;
    }
  }

  const now = new Date();
  let paidAt: Date | null = null;
  if (typeof body.date === 'string' && !problems.has('date')) {
    paidAt = instantOf(body.date, company.time_zone);
    if (paidAt.getTime() > now.getTime() + CLOCK_SKEW_MS) { problems.add('invalid_date', `The payment date ${body.date} is in the future`, 'date'); paidAt = null; }
  }
  const payDay = paidAt ? cfdiDateTime(paidAt, company.time_zone).slice(0, 10) : undefined;
  const currency = body.currency && body.currency.code !== 'MXN'
    ? await checkCurrency(q, problems, company, body.currency, payDay, 'MXN')
    : { code: 'MXN', exchange_rate: 1 };

  const account = (md.payment_types ? [...md.payment_types.values()] : [])
    .find((t) => t.document_type === 'RC' && t.active && t.sat_code === body.payment_form)?.account_code
    ?? (body.payment_form === '01' ? MX_LEDGER.cash : MX_LEDGER.bank);

  const items = Array.isArray(body.invoices) ? body.invoices : [];
  const seen = new Set<string>();
  items.forEach((it, i) => {
    if (typeof it?.id !== 'string') return;
    if (seen.has(it.id)) problems.add('invalid_value', `Invoice ${it.id} is listed twice: send one amount per invoice`, `invoices[${i}].id`);
    seen.add(it.id);
  });
  if (!problems.has('amount') && !problems.has('invoices') && items.every((it) => typeof it?.amount === 'number')) {
    const paid = sum(items.map((it) => it.amount));
    if (!paid.eq(body.amount)) {
      problems.add('invalid_total_payments', `The invoices' amounts add up to ${paid.toFixed(2)}, not the amount paid ${new Decimal(body.amount).toFixed(2)}`, 'amount', `expected ${paid.toFixed(2)}`);
    }
    checkDocumentAmount(problems, new Decimal(body.amount), 'amount', 'The amount paid');
  }
  if (body.stamp?.send && customer) {
    const missing = missingCfdiData(company, customer, []);
    if (missing.length) problems.add('document_settings', `The receipt cannot be stamped: ${missing.join('; ')}`, 'stamp.send');
  }
  const related = await checkRelated(q, cid, 'P', body.related, problems);
  const replaces = customer && problems.empty ? await replacedReceipt(q, cid, customer.id, related, problems) : null;
  if (!problems.empty) problems.throwIfAny();
  const plan: PaymentPlan = { body, related, date: todayIn(company.time_zone, now), paidAt: paidAt!, payDay: payDay!, docType: docType!, customer: customer!, currency: currency!, account,
    rates: new Map(), preview: null!, replaces };
  // The invoices, as they stand now (the writing transaction reads them again under lock).
  const facts = await invoiceFacts(q, cid, items.map((i) => i.id), false, replaces?.id);
  plan.rates = await ratesToday(q, company, body, plan.currency, plan.payDay, facts, problems);
  problems.throwIfAny();
  const doc = plan.preview = paymentDocument(plan, facts, problems, { id: null, prefix: docType!.prefix, number: body.number ?? null, name: null, now });
  problems.throwIfAny();
  await checkCfdi(company, plan, doc, problems);
  return plan;
}

/**
 * The receipt's document from the invoices' facts: every rule on the invoices (each with its path), then per invoice
 * its installment, balances and the taxes paid, and the totals.
 */
function paymentDocument(plan: PaymentPlan, facts: Map<string, InvoiceFacts>, problems: Problems,
  ids: { id: string | null; prefix: string; number: number | null; name: string | null; now: Date }): PaymentDocument {
  const { body, currency } = plan;
  const invoices: PaymentDocument['invoices'] = [];
  body.invoices.forEach((it, i) => {
    const at = `invoices[${i}]`;
    const inv = facts.get(it.id);
    if (!inv) return problems.add('invalid_reference', `There is no Mexican invoice ${it.id}`, `${at}.id`);
    const refuse = (why: string) => problems.add('invalid_document', `Invoice ${inv.name} ${why}`, `${at}.id`);
    if (inv.customer_id !== plan.customer.id) return refuse(`is not ${plan.customer.identification}'s (branch office ${plan.customer.branch_office})`);
    if (inv.annulled) return refuse('is annulled or cancelled');
    if (inv.document.payment.method !== 'PPD') return refuse('is PUE (paid in one payment when issued): only PPD invoices take payment receipts');
    if (inv.stamp_status !== 'Accepted' || !inv.stamp_uuid) return refuse(`is ${inv.stamp_status}: a payment receipt relates stamped CFDIs only`);
    if (inv.date > plan.payDay) return refuse(`is dated ${inv.date}, after the payment (${plan.payDay})`);
    // After the live receipts' last installment: a cancelled middle one leaves its number unused rather than have two live
    // receipts with the same (a cancelled last one frees its number); ImpSaldoAnt is the balance as it stands.
    // A substitute is the installment it replaces.
    const installment = plan.replaces?.installments[inv.id] ?? Math.max(0, ...inv.earlier.map((e) => e.installment)) + 1;
    if (installment > 999) return refuse('has 999 payments already, the most NumParcialidad counts');
    const cur = invoiceCurrency(inv.document);
    const eq = equivalence(cur.code, currency.code, currency.exchange_rate, plan.rates.get(inv.id) ?? 1);
    const balance = new Decimal(inv.balance);
    const paid = impPagado(it.amount, eq, balance);
    if (!paid) {
      const asked = new Decimal(it.amount).times(eq).toDecimalPlaces(2, Decimal.ROUND_DOWN);
      return problems.add('invalid_value', `${asked.toFixed(2)} ${cur.code} is more than invoice ${inv.name} still owes (${balance.toFixed(2)} ${cur.code})`, `${at}.amount`, `at most ${balance.toFixed(2)}`);
    }
    if (!paid.gt(0)) return problems.add('invalid_value', `${it.amount} ${currency.code} is less than a cent in ${cur.code}`, `${at}.amount`);
    const left = balance.minus(paid);
    const groups = invoiceTaxGroups(inv.document);
    // A tax whose whole base credit notes took (a note of all of one product's sales) has nothing left to declare.
    const rest = leftOf(inv), open = (gs: TaxGroup[]) => gs.filter((g) => g.base.gt(0));
    const taxes = paidTaxes(open(rest.taxes), balance, paid, left.isZero());
    const withholdings = paidTaxes(open(rest.withholdings), balance, paid, left.isZero());
    if (taxes.tooSmall || withholdings.tooSmall) {
      return problems.add('invalid_value', `${paid.toFixed(2)} MXN is too small a part of invoice ${inv.name}: a tax base paid would round to 0.00 (Pagos 2.0 requires BaseDR above 0): pay more of it, or all it owes (${balance.toFixed(2)})`, `${at}.amount`, `at least a cent of base, or ${balance.toFixed(2)}`);
    }
    // The receipt that settles the invoice moves in the books what is left of each tax as the books hold it, even where
    // Anexo 20's bounds keep its CFDI from declaring all of it (src/payments/compute.ts): that figure is kept as `booked`.
    if (left.isZero()) {
      const books = leftOf(inv, true);
      for (const [k, paidOf] of [['taxes', taxes.paid], ['withholdings', withholdings.paid]] as const) {
        for (const t of paidOf) {
          const inBooks = Decimal.max(books[k].find((g) => g.type === t.type && new Decimal(g.percentage).eq(t.percentage))?.value ?? t.value, 0);
          if (!inBooks.eq(t.value)) t.booked = num(inBooks);
        }
      }
    }
    invoices.push({
      id: inv.id, name: inv.name, prefix: inv.document.prefix, number: Number(inv.document.number), uuid: inv.stamp_uuid, currency: cur.code, equivalence: eq.toNumber(), installment,
      previous_balance: num(balance), amount_paid: num(paid), balance_left: num(left),
      tax_object: groups.taxes.length || groups.withholdings.length ? '02' : '01', taxes: taxes.paid, withholdings: withholdings.paid,
    });
  });
  const all = (k: 'taxes' | 'withholdings') => invoices.flatMap((x) => x[k]);
  // Totales, in pesos: the Pago's taxes (the documents' over EquivalenciaDR, in the payment's currency: 2 decimals in
  // pesos, else 6, as the CFDI writes ImpuestosP) × TipoCambioP, rounded.
  const inPayment = (v: Decimal) => (currency.code === 'MXN' ? round2(v) : v.toDecimalPlaces(6, Decimal.ROUND_HALF_UP));
  const pesos = (k: 'taxes' | 'withholdings', keep: (t: PaidTax) => boolean, field: 'value' | 'base_value') =>
    num(round2(inPayment(sum(invoices.flatMap((x) => x[k].filter(keep).map((t) => new Decimal(t[field]).div(x.equivalence))))).times(currency.exchange_rate)));
  const withheld = (type: string) => pesos('withholdings', (w) => w.type === type, 'value');
  const ivaRates = [...new Set(all('taxes').filter((t) => t.type === 'IVA').map((t) => t.percentage))].sort((a, b) => b - a);
  return {
    ...documentHead(plan.docType, ids),
    date: plan.date,
    paid_at: plan.paidAt.toISOString(),
    customer: { rfc_id: body.customer.rfc_id, branch_office: body.customer.branch_office, name: plan.customer.name.join(' ') },
    payment_form: body.payment_form,
    currency,
    amount: num(body.amount),
    operation_number: body.operation_number ?? null,
    observations: body.observations ?? null,
    invoices,
    ...(plan.related.length ? { related: plan.related } : {}),
    totals: {
      withholdings_iva: withheld('ReteIVA'), withholdings_isr: withheld('ReteISR'), withholdings_ieps: 0,
      transferred: ivaRates.map((percentage) => {
        const of = (t: PaidTax) => t.type === 'IVA' && t.percentage === percentage;
        return { percentage, base_value: pesos('taxes', of, 'base_value'), value: pesos('taxes', of, 'value') };
      }),
      ...(all('taxes').some((t) => t.type === EXEMPT_IVA) ? { exempt_base_value: pesos('taxes', (t) => t.type === EXEMPT_IVA, 'base_value') } : {}),
      payments_total: num(round2(new Decimal(body.amount).times(currency.exchange_rate))),
    },
    stamp: { send: body.stamp?.send ?? false, status: 'Draft', uuid: null, errors: null, observations: null },
    mail: { send: body.mail?.send ?? false, status: 'not_sent', observations: null },
    metadata: { created: ids.now.toISOString(), last_updated: ids.now.toISOString() },
    annulled: false,
    cancellation: null,
  };
}

/** The CFDI the receipt would be, checked as the stamping provider checks its content, before anything is written. */
async function checkCfdi(company: Company, plan: PaymentPlan, document: PaymentDocument, problems: Problems): Promise<void> {
  if (missingCfdiData(company, plan.customer, []).length) return;
  const xml = unsealedPaymentCfdi({ document: { ...document, number: document.number ?? 1 }, company, customer: plan.customer });
  for (const p of (await cfdiContentProblems(xml)).problems) problems.add('invalid_document', `The CFDI would be refused (${p.code}): ${p.message}`, 'body');
  problems.throwIfAny();
}

/**
 * What moves in the books: the money in, the receivables paid, and the taxes paid (cash basis, point 8 of issue 33):
 * per invoice, each tax and withholding the receipt declares moves from its pending account to the collected one, when
 * the invoice posted it as pending (IVA always; IEPS and withholdings since migration 031). An invoice in a foreign
 * currency (src/payments/currency.ts): the money in at the payment day's rate, the receivable and the pending taxes at the
 * invoice's rate (the settling receipt clears what is left of them), the collected taxes at the payment day's rate, and
 * the difference to exchange gain (702.01) or loss (701.01).
 */
export function paymentPostings(plan: PaymentPlan, doc: PaymentDocument, applied: (Application & { account: string })[], facts: Map<string, InvoiceFacts>): Posting[] {
  const third = doc.customer.rfc_id;
  const payRate = new Decimal(plan.currency.exchange_rate);
  const p: Posting[] = [];
  let cashIn = new Decimal(0);
  for (const inv of doc.invoices) {
    const f = facts.get(inv.id)!;
    const cur = invoiceCurrency(f.document);
    const foreign = cur.code !== 'MXN';
    const today = plan.rates.get(inv.id) ?? new Decimal(1);
    const sent = plan.body.invoices.find((x) => x.id === inv.id)!.amount;
    cashIn = cashIn.plus(!foreign ? inv.amount_paid : plan.currency.code === 'MXN' ? sent : round2(new Decimal(sent).times(payRate)));
    const settles = inv.balance_left === 0;
    const left = foreign && settles ? pesosLeft(f.document, cur.rate, takenOf(f)) : null;
    const historical = (v: Decimal.Value) => (foreign ? round2(new Decimal(v).times(cur.rate)) : new Decimal(v));
    const now = (v: Decimal.Value) => (foreign ? round2(new Decimal(v).times(today)) : new Decimal(v));
    const mine = applied.filter((a) => a.invoice === inv.id);
    const receivable = spread(left ? left.receivable : historical(inv.amount_paid), mine.map((a) => a.amount));
    mine.forEach((a, i) => p.push({ account: a.account, credit: receivable[i], description: 'Clientes', third_party: third }));
    const posted = new Set(f.accounts);
    // What the books move: what the CFDI declares, or what the settling receipt keeps as `booked` (paymentDocument).
    const moved = (t: PaidTax) => new Decimal(t.booked ?? t.value);
    for (const [t, k] of [...inv.taxes.map((t) => [t, 'taxes'] as const), ...inv.withholdings.map((t) => [t, 'withholdings'] as const)]) {
      const pending = mxPendingAccount(t.type);
      if (!pending || (t.type !== 'IVA' && !posted.has(pending))) continue;
      const collected = mxCollectedAccount(t.type)!;
      const value = moved(t);
      const atPending = left ? Decimal.max(k === 'taxes' ? left.tax(t.type, t.percentage) : left.withholding(t.type, t.percentage), 0) : historical(value);
      const atCollected = now(value);
      const description = `${t.type} cobrado ${inv.name}`;
      if (pending === MX_LEDGER.reteIvaPending || pending === MX_LEDGER.reteIsrPending) {
        p.push({ account: collected, debit: atCollected, description }, { account: pending, credit: atPending, description });
      } else {
        p.push({ account: pending, debit: atPending, description }, { account: collected, credit: atCollected, description });
      }
    }
  }
  p.unshift({ account: plan.account, debit: cashIn, description: `Pago ${doc.payment_form}`, third_party: third });
  const difference = sum(p.map((x) => new Decimal(x.debit ?? 0).minus(x.credit ?? 0)));
  if (difference.gt(0)) p.push({ account: MX_LEDGER.exchangeGain, credit: difference, description: 'Utilidad cambiaria' });
  if (difference.lt(0)) p.push({ account: MX_LEDGER.exchangeLoss, debit: difference.negated(), description: 'Pérdida cambiaria' });
  return p;
}

/**
 * Writes the receipt in the caller's transaction: the invoices locked and checked again, number, due items, entry,
 * stamping job. Under group commit it is handed to PAYMENT_BATCH, which decides and writes a batch's receipts in
 * rounds (src/invoices/rounds.ts): the same decision and the same write, N at a time.
 */
export function storePayment(q: Queryable, company: Company, plan: PaymentPlan, meta: { partnerId?: string }): Promise<PaymentDocument> {
  return PAYMENT_BATCH.store(q, { company, plan, meta });
}

/** A receipt to write: what storePayment is given. */
interface PaymentItem { company: Company; plan: PaymentPlan; meta: { partnerId?: string } }
/** What the guards decided for a receipt, before its number: its document (unnumbered), what it pays, its entry's lines. */
interface PaymentDecision { id: string; now: Date; draft: PaymentDocument; applied: (Application & { account: string })[]; lines: EntryLine[] }

/** The rules again on the invoices as they stand under their locks (another receipt may have paid them since the plan); writes nothing. */
async function decidePayment(q: Queryable, { company, plan }: PaymentItem): Promise<PaymentDecision> {
  const cid = company.company_id;
  const id = crypto.randomUUID();
  const now = new Date();
  if (plan.replaces) await lockReplaced(q, cid, plan.replaces);
  const facts = await invoiceFacts(q, cid, plan.body.invoices.map((i) => i.id), true, plan.replaces?.id);
  const problems = new Problems();
  const draft = paymentDocument(plan, facts, problems, { id, prefix: plan.docType.prefix, number: null, name: null, now });
  problems.throwIfAny();
  const applied: (Application & { account: string })[] = [];
  for (const inv of draft.invoices) {
    let rest = new Decimal(inv.amount_paid);
    // What the replaced receipt paid is given back before this one is written (releaseReplaced).
    const dues = await q.query<{ id: string; amount: string; paid: string; account_code: string }>(
      `SELECT id, amount, paid, account_code FROM (SELECT d.id, d.amount, d.paid - ${REPLACED_SHARE('d', '$3::uuid')} AS paid, d.account_code, d.due_date
         FROM due_items d WHERE d.company_id = $1 AND d.invoice_id = $2 AND NOT d.annulled FOR UPDATE) x
        WHERE paid < amount ORDER BY due_date, id`, [cid, inv.id, plan.replaces?.id ?? null]);
    for (const d of dues) {
      if (rest.isZero()) break;
      const take = Decimal.min(rest, new Decimal(d.amount).minus(d.paid));
      applied.push({ due: Number(d.id), invoice: inv.id, amount: take.toFixed(2), account: d.account_code });
      rest = rest.minus(take);
    }
    if (rest.gt(0)) throw new DomainError('invalid_value', `Invoice ${inv.name}'s installments owe less than ${inv.amount_paid}`, 'invoices');
  }
  return { id, now, draft, applied, lines: balancedLines(paymentPostings(plan, draft, applied, facts)) };
}

/** Receipts per process: written together by the set-based statements, alone (a number sent by hand, a counter that refused N), refused in a batch. */
export const PAYMENT_BATCH = writerInRounds<PaymentItem, PaymentDecision, PaymentDocument>({
  name: 'payments',
  table: 'payments',
  locks: ({ company, plan }) => ({
    invoices: plan.body.invoices.map((i): [number, string] => [company.company_id, i.id]), counters: [[company.company_id, plan.docType.id]],
  }),
  invoices: ({ company, plan }) => [...plan.body.invoices.map((i) => `${company.company_id}:${i.id}`), ...(plan.replaces ? [`${company.company_id}:replaces:${plan.replaces.id}`] : [])],
  decide: decidePayment,
  numbering: ({ company, plan }) => ({ cid: company.company_id, tid: plan.docType.id, sent: plan.body.number }),
  async write(q, ws) {
    const made = ws.map(({ item: { company, plan, meta }, decision: { id, now, draft, applied, lines }, numbered }) => {
      const doc: PaymentDocument = { ...draft, ...numbered, stamp: { ...draft.stamp, status: plan.body.stamp?.send ? 'Pending' : 'Draft' } };
      const row: PaymentRow = {
        companyId: company.company_id, id, documentTypeId: plan.docType.id, prefix: numbered.prefix, number: numbered.number, name: numbered.name, date: plan.date,
        paidAt: doc.paid_at, customerId: plan.customer.id, identification: doc.customer.rfc_id, branchOffice: doc.customer.branch_office,
        paymentForm: doc.payment_form, currency: doc.currency.code, exchangeRate: doc.currency.exchange_rate, total: doc.amount,
        partnerId: meta.partnerId ?? null, document: doc, now, applied, stamp: !!plan.body.stamp?.send, created: company.webhooks,
      };
      return { doc, w: { row, entry: { date: plan.date, description: `Recibo de pago ${numbered.name}`, lines } } };
    });
    for (const { item: { company, plan }, decision: { id }, numbered } of ws) {
      if (plan.replaces) await releaseReplaced(q, company.company_id, plan.replaces, { id, name: numbered.name }, plan.date);
    }
    await writePayments(q, made.map((m) => m.w));
    return made.map((m) => m.doc);
  },
});
