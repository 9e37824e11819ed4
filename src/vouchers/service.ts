/**
 * The cash receipt voucher (CO): every rule against the company's master data
 * and the customer's open due items (plan), then one transaction that numbers
 * it, pays its due items under a row lock, stores it and posts its journal
 * entry (store), and its annulment.
 *
 *   DebtPayment     debit the payment type's account; credit, per due item paid, the receivable account its invoice debited
 *   AdvancePayment  debit the payment type's account, credit customer advances (the country's customerAdvances)
 *   Detailed        the entries as sent (they must balance); entries with `due` also pay that due item
 */
import { documentHead } from '../platform/answers';
import crypto from 'node:crypto';
import Decimal from 'decimal.js';
import type { Company } from '../platform/auth';
import type { Queryable } from '../platform/db';
import { DomainError, notFound, Problems } from '../platform/errors';
import { reverseEntry, type Posting } from '../ledger/journal';
import { checkDocumentAmount, checkLedgerAmounts } from '../ledger/limits';
import { advanceBalance, advanceReceived, advanceTaken, lockAdvanceBalance } from '../ledger/advances';
import { movePayments } from '../invoices/kernel';
import { invoiceMoney } from '../notes/credit';
import type { CoInvoiceDocument } from '../invoices/co/schema';
import { lockVoucher, markAnnulled, writeVoucher, type DuePayment, type VoucherWrite } from './kernel';
import { annulmentDate, checkDocumentType, checkCostCenter, checkCurrency, loadMasterData, mustBeActive, notAfterToday } from '../invoices/lookup';
import type { CostCenterRow, CustomerRow, DocumentTypeRow, PaymentTypeRow, TaxRow } from '../catalog/rows';
import type { VoucherBody, VoucherDocument, VoucherType } from './schema';
import { money, num, sum } from '../platform/money';
import { country as countryOf, ublAccounts, type UblAccounts } from '../countries';


type Movement = 'Debit' | 'Credit';

/** An open due item of one of the customer's invoices. */
export interface DueRow {
  id: number; invoice_id: string; invoice_name: string; invoice_date: string; currency: string;
  prefix: string; consecutive: number; quote: number; due_date: string; amount: string; paid: string;
  /** The receivable account the invoice debited for it. */
  account_code: string;
  /** The invoice's exchange rate (pesos per unit) when it is in a foreign currency: its receivable is in pesos at that rate. */
  invoice_rate: string | null;
}

export interface Entry {
  account: { code: string; movement: Movement };
  description: string;
  value: number;
  due: DueRow | null;
  tax: TaxRow | null;
}

export interface VoucherPlan {
  body: VoucherBody;
  type: VoucherType;
  docType: DocumentTypeRow;
  customer: CustomerRow | null;
  costCenter: CostCenterRow | null;
  currency: { code: string; exchange_rate: number } | null;
  /** The company's own currency (its country's), and the accounts it posts to by meaning (src/countries, ledger.ubl). */
  local: string;
  accounts: UblAccounts;
  payment: { id: number; value: number; type: PaymentTypeRow } | null;
  /** One per request item, in order. */
  entries: Entry[];
  total: Decimal;
}

const dueLabel = (d: { prefix: string; consecutive: number; quote: number }) => `${d.prefix}-${d.consecutive} quote ${d.quote}`;

/** Checks a request that passed (or partly passed) its JSON schema; returns the plan, or throws 400 with every problem found. */
export async function planVoucher(q: Queryable, company: Company, body: VoucherBody, problems: Problems): Promise<VoucherPlan> {
  const cid = company.company_id;
  const active = mustBeActive(problems);
  const type = body.type;
  const items = body.items ?? [];
  // The specification's field list says `payments`, its sample `payment`: both name the same single object.
  const payKey = body.payment === undefined && body.payments !== undefined ? 'payments' : 'payment';
  const sentPayment = body.payment ?? body.payments;

  const md = await loadMasterData(q, company, {
    customerIdentifications: [body.customer?.identification],
  });

  const docType = await checkDocumentType(q, problems, company, md.document_types, body.document, body.number, 'RC', '/v1/document-types?type=RC');

  // Customer.
  let customer: CustomerRow | null = null;
  if (body.customer !== undefined) {
    if (!problems.has('customer')) {
      const c = body.customer;
      const row = md.customers.find((x) => x.identification === c.identification && x.branch_office === c.branch_office);
      customer = active(row, 'customer.identification', 'Customer', `${c.identification} (branch office ${c.branch_office})`, '/v1/customers');
    }
  } else if (type === 'DebtPayment' || type === 'AdvancePayment') {
    problems.add('parameter_required', `A ${type} voucher needs the customer`, 'customer');
  }

  const costCenter = checkCostCenter(problems, company, docType, md.cost_centers, body.cost_center, '/v1/cost-centers');
  notAfterToday(problems, body.date, company.time_zone, 'A voucher');
  const local = countryOf(company.country).currency;
  const posts = ublAccounts(company.country);
  const currency: VoucherPlan['currency'] = await checkCurrency(q, problems, company, body.currency, body.date, local);

  // Payment.
  let payment: VoucherPlan['payment'] = null;
  if (body.payment !== undefined && body.payments !== undefined) {
    problems.add('parameter_not_allowed', 'Send payment or payments (two spellings of the same object), not both', 'payments');
  }
  if (type === 'Detailed') {
    if (sentPayment !== undefined) {
      problems.add('invalid_payment', 'A Detailed voucher carries no payment object: put the cash or bank account among its entries', payKey);
    }
  } else if (type === 'DebtPayment' || type === 'AdvancePayment') {
    if (sentPayment === undefined) problems.add('parameter_required', `A ${type} voucher needs payment {id, value}`, 'payment');
    else if (!problems.has(payKey)) {
      const pt = active(md.payment_types.get(sentPayment.id), `${payKey}.id`, 'Payment type', sentPayment.id, '/v1/payment-types?document_type=RC');
      if (pt && pt.document_type !== 'RC') problems.add('invalid_payment', `Payment type ${pt.id} is for invoices, not cash receipts; see /v1/payment-types?document_type=RC`, `${payKey}.id`);
      else if (pt && pt.due_date) problems.add('invalid_payment', `Payment type ${pt.id} is credit; a cash receipt receives money`, `${payKey}.id`);
      else if (pt) payment = { id: pt.id, value: sentPayment.value, type: pt };
    }
  }

  // Entries.
  if ((type === 'DebtPayment' || type === 'Detailed') && items.length === 0 && !problems.has('items')) {
    problems.add(body.items === undefined ? 'parameter_required' : 'invalid_array',
      type === 'DebtPayment' ? 'A DebtPayment voucher needs at least one entry naming the due item it pays' : 'A Detailed voucher needs its accounting entries', 'items');
  }
  const codes = type === 'Detailed' ? items.map((i) => i.account?.code).filter((c): c is string => typeof c === 'string') : [];
  const accounts = new Map<string, { code: string; name: string; active: boolean }>();
  if (codes.length) {
    for (const a of await q.query<{ code: string; name: string; active: boolean }>('SELECT code, name, active FROM accounts WHERE company_id = $1 AND code = ANY($2::text[])', [cid, [...new Set(codes)]])) accounts.set(a.code, a);
  }
  const entries: (Entry | null)[] = [];
  const seen = new Map<string, number>();
  const wanted: { i: number; prefix: string; consecutive: number; quote: number }[] = [];
  items.forEach((it, i) => {
    const at = (f: string) => `items[${i}].${f}`;
    let account: Entry['account'] | null = null;
    let tax: TaxRow | null = null;
    if (type === 'DebtPayment') {
      if (it.due === undefined) problems.add('parameter_required', 'Each entry of a DebtPayment voucher names the due item it pays', at('due'));
      for (const f of ['account', 'tax'] as const) {
        if (it[f] !== undefined) problems.add('parameter_not_allowed', 'A DebtPayment entry credits the receivable account of the due item it pays; accounts and taxes are for Detailed vouchers', at(f));
      }
      account = { code: posts.customers, movement: 'Credit' }; // the due item's own account once it is found
    } else if (type === 'AdvancePayment') {
      for (const f of ['due', 'account', 'tax'] as const) {
        if (it[f] !== undefined) problems.add('parameter_not_allowed', `An AdvancePayment is received before any invoice and credits customer advances (${posts.customerAdvances}): its entries take no ${f}`, at(f));
      }
      account = { code: posts.customerAdvances, movement: 'Credit' };
    } else if (type === 'Detailed') {
      if (it.account === undefined) problems.add('parameter_required', 'Each entry of a Detailed voucher has its account {code, movement}', at('account'));
      else if (!problems.has(at('account'))) {
        const a = accounts.get(it.account.code);
        if (!a) problems.add('invalid_account', `Account ${it.account.code} is not in the chart of accounts; see /v1/accounts`, at('account.code'));
        else if (!a.active) problems.add('parameter_inactive', `Account ${it.account.code} is inactive`, at('account.code'));
        else account = { code: it.account.code, movement: it.account.movement };
      }
      if (it.due !== undefined && it.tax !== undefined) problems.add('parameter_not_allowed', 'An entry pays a due item or is a tax entry, not both', at('tax'));
      if (it.due !== undefined && account && !account.code.startsWith(posts.receivablesGroup)) {
        problems.add('invalid_account', `An entry that pays a due item credits a customers account (${posts.receivablesGroup}…), not ${account.code}`, at('account.code'));
      }
      if (it.due !== undefined && it.account?.movement === 'Debit') {
        problems.add('invalid_value', 'An entry that pays a due item credits the receivable: its movement is Credit', at('account.movement'));
      }
      if (it.due !== undefined && body.customer === undefined) problems.add('parameter_required', 'Entries that pay due items need the customer whose invoices they are', 'customer');
      if (it.tax !== undefined && !problems.has(at('tax'))) {
        tax = active(md.taxes.get(it.tax.id), at('tax.id'), 'Tax', it.tax.id, '/v1/taxes');
        if (tax && new Decimal(tax.percentage).isZero()) {
          problems.add('invalid_value', `Tax ${tax.id} is ${tax.name} (0 %): a tax entry needs a tax with a percentage`, at('tax.id'));
          tax = null;
        }
      }
    }
    if (it.due !== undefined && type !== 'AdvancePayment' && !problems.has(at('due'))) {
      const key = `${it.due.prefix}|${it.due.consecutive}|${it.due.quote}`;
      const first = seen.get(key);
      if (first !== undefined) problems.add('invalid_array', `Due item ${dueLabel(it.due)} is already paid by items[${first}]`, at('due'));
      else { seen.set(key, i); wanted.push({ i, ...it.due }); }
    }
    const description = it.description ?? '';
    entries.push(account ? { account, description, value: it.value, due: null, tax } : null);
  });

  // Due items: open ones of the customer's invoices, by (prefix, consecutive, quote).
  if (customer && wanted.length) {
    const rows = await q.query<DueRow>(
      `SELECT d.id, d.invoice_id, i.name AS invoice_name, i.date AS invoice_date, coalesce(i.document->'currency'->>'code', $6) AS currency,
              CASE WHEN i.document->'currency'->>'code' <> $6 THEN i.document->'currency'->>'exchange_rate' END AS invoice_rate,
              d.prefix, d.consecutive, d.quote, d.due_date, d.amount, d.paid, d.account_code
         FROM due_items d JOIN invoices i ON i.company_id = d.company_id AND i.id = d.invoice_id
        WHERE d.company_id = $1 AND d.customer_id = $2 AND NOT d.annulled
          AND (d.prefix, d.consecutive, d.quote) IN (SELECT * FROM unnest($3::text[], $4::bigint[], $5::int[]))
        ORDER BY d.id`,
      [cid, customer.id, wanted.map((w) => w.prefix), wanted.map((w) => w.consecutive), wanted.map((w) => w.quote), local]);
    const voucherCurrency = currency?.code ?? local;
    for (const w of wanted) {
      const at = (f: string) => `items[${w.i}].${f}`;
      const row = rows.find((d) => d.prefix === w.prefix && Number(d.consecutive) === w.consecutive && d.quote === w.quote);
      if (!row) {
        problems.add('invalid_reference', `Customer ${customer.identification} (branch office ${customer.branch_office}) has no open due item ${dueLabel(w)}`, at('due'));
        continue;
      }
      const sentDate = items[w.i].due!.date;
      if (sentDate !== undefined && !problems.has(at('due.date')) && sentDate !== row.due_date) {
        problems.add('invalid_value', `Due item ${dueLabel(w)} is due on ${row.due_date}, not ${sentDate}`, at('due.date'));
      }
      if (!problems.has('date') && body.date < row.invoice_date) {
        problems.add('invalid_date', `The voucher is dated ${body.date}, before invoice ${row.invoice_name} (${row.invoice_date}) that items[${w.i}] pays: a payment cannot precede its invoice`, 'date',
          `not before ${row.invoice_date}`);
      }
      if (!problems.has('currency') && row.currency !== voucherCurrency) {
        problems.add('invalid_currency', `Invoice ${row.invoice_name} is in ${row.currency}: a voucher paying it is in ${row.currency} too`, 'currency.code');
      }
      const owed = new Decimal(row.amount).minus(row.paid);
      if (!problems.has(at('value')) && new Decimal(items[w.i].value).gt(owed)) {
        problems.add('invalid_value', `The value (${money(items[w.i].value)}) is above what is still owed on due item ${dueLabel(w)} of invoice ${row.invoice_name} (${owed.toFixed(2)})`, at('value'), `owed ${owed.toFixed(2)}`);
      }
      const e = entries[w.i];
      if (e) e.due = { ...row, consecutive: Number(row.consecutive) };
      if (e && type === 'DebtPayment') e.account = { code: row.account_code, movement: 'Credit' };
    }
  }

  // Amounts add up, once every part is right.
  if (!problems.empty || !docType) problems.throwIfAny();
  const done = entries as Entry[];
  let total: Decimal;
  if (type === 'Detailed') {
    const debits = sum(done.filter((e) => e.account.movement === 'Debit').map((e) => e.value));
    const credits = sum(done.filter((e) => e.account.movement === 'Credit').map((e) => e.value));
    if (!debits.eq(credits)) {
      problems.add('invalid_balance', `The debits (${debits.toFixed(2)}) must equal the credits (${credits.toFixed(2)})`, 'items', `difference ${debits.minus(credits).toFixed(2)}`);
    }
    total = debits;
    checkDocumentAmount(problems, total, 'items', 'The sum of the debits');
  } else {
    total = new Decimal(payment!.value);
    const entered = sum(done.map((e) => e.value));
    if (done.length && !entered.eq(total)) {
      problems.add('invalid_total_payments', `The payment value (${total.toFixed(2)}) must equal the sum of the entries (${entered.toFixed(2)})`, `${payKey}.value`, `expected ${entered.toFixed(2)}`);
    }
  }
  done.forEach((e, i) => {
    if (e.tax) checkDocumentAmount(problems, taxBase(e.value, e.tax), `items[${i}].value`, `The base of this ${e.tax.name} entry (value × 100 / ${Number(e.tax.percentage)} %)`);
  });
  problems.throwIfAny();
  const plan: VoucherPlan = { body, type, docType: docType!, customer, costCenter, currency, local, accounts: posts, payment, entries: done, total };
  checkLedgerAmounts(problems, voucherPostings(plan), currency, 'items', local);
  const taken = advanceTakenBy(plan);
  if (problems.empty && taken.gt(0)) {
    const balance = await advanceBalance(q, cid, posts.advancesGroup, customer!.identification);
    if (taken.gt(balance)) problems.add('invalid_value', advanceMessage(plan, taken, balance), advancePath(plan), `at most ${balance.toFixed(2)} ${local}`);
  }
  problems.throwIfAny();
  return plan;
}

/** What a voucher's entries take from the customer's unapplied advances (a Detailed voucher that debits them), in the company's currency. */
const advanceTakenBy = (plan: VoucherPlan) =>
  plan.customer ? advanceTaken(voucherPostings(plan), plan.accounts.advancesGroup, plan.customer.identification) : new Decimal(0);
const advancePath = (plan: VoucherPlan) => {
  const i = plan.entries.findIndex((e) => e.account.code.startsWith(plan.accounts.advancesGroup) && e.account.movement === 'Debit');
  return i < 0 ? 'items' : `items[${i}].value`;
};

/** A tax entry's base: value × 100 / percentage, to the cent. */
const taxBase = (value: Decimal.Value, tax: TaxRow) => new Decimal(value).times(100).div(tax.percentage).toDecimalPlaces(2, Decimal.ROUND_HALF_UP);

const advanceMessage = (plan: VoucherPlan, taken: Decimal, balance: Decimal) =>
  `The entries debit ${taken.toFixed(2)} ${plan.local} to customer ${plan.customer!.identification}'s advances (${plan.accounts.customerAdvances}), ` +
  `above the unapplied balance (${balance.toFixed(2)} ${plan.local}); see advance_balance on GET /v1/customers/{id}`;

/** The answer's shape (specification: voucher response), from the plan. */
export function voucherDocument(plan: VoucherPlan, ids: { id: string; prefix: string; number: number; name: string; now: Date }): VoucherDocument {
  const { body, customer } = plan;
  return {
    ...documentHead(plan.docType, ids),
    date: body.date,
    type: plan.type,
    customer: customer ? { id: String(customer.id), identification: customer.identification, branch_office: customer.branch_office } : null,
    cost_center: plan.costCenter?.id ?? null,
    currency: plan.currency ?? { code: plan.local, exchange_rate: 1 },
    items: plan.entries.map((e) => ({
      account: e.account,
      description: e.description,
      value: e.value,
      ...(e.due ? { due: { prefix: e.due.prefix, consecutive: e.due.consecutive, quote: e.due.quote, date: e.due.due_date } } : {}),
      ...(e.tax ? { tax: {
        id: e.tax.id, name: e.tax.name, type: e.tax.type, percentage: Number(e.tax.percentage), value: e.value,
        base_value: num(taxBase(e.value, e.tax)),
      } } : {}),
    })),
    payment: plan.payment ? { id: plan.payment.id, name: plan.payment.type.name, value: plan.payment.value, due_date: null } : null,
    total: num(plan.total),
    observations: body.observations ?? null,
    mail: { status: 'not_sent', observations: null },
    metadata: { created: ids.now.toISOString(), last_updated: ids.now.toISOString(), stock_updated: null },
    annulled: false,
  };
}

/**
 * What an entry paying a foreign-currency due item takes off its receivable, in pesos at the invoice's rate: the
 * pesos of what is paid after it less those of what was paid before (each rounded), so that the payments of a due
 * item add up to exactly what the invoice debited for it (its amount × the rate, rounded).
 */
export function receivablePesos(due: Pick<DueRow, 'paid' | 'invoice_rate'>, value: Decimal.Value): Decimal {
  const at = (v: Decimal.Value) => new Decimal(v).times(due.invoice_rate!).toDecimalPlaces(2, Decimal.ROUND_HALF_UP);
  return at(new Decimal(due.paid).plus(value)).minus(at(due.paid));
}

/**
 * The journal entry of a voucher, in the company's currency. Money comes in at the voucher's rate; a foreign-currency
 * due item leaves the receivable at its invoice's rate (receivablePesos), and the difference is the exchange
 * difference: income or expense (the country's exchangeGain and exchangeLoss; in Colombia PUC 421020 and 530525).
 */
export function voucherPostings(plan: VoucherPlan): Posting[] {
  const rate = new Decimal(plan.currency?.exchange_rate ?? 1);
  const cop = (v: Decimal.Value) => new Decimal(v).times(rate).toDecimalPlaces(2, Decimal.ROUND_HALF_UP);
  const third = plan.customer?.identification;
  const fallback = (e: Entry) => (e.due ? `Abono ${e.due.invoice_name} cuota ${e.due.quote}` : plan.type === 'AdvancePayment' ? 'Anticipo de cliente' : '');
  const historical = (e: Entry) => plan.type === 'DebtPayment' && plan.currency && e.due?.invoice_rate;
  const p: Posting[] = plan.entries.map((e) => ({
    account: e.account.code, [e.account.movement === 'Debit' ? 'debit' : 'credit']: historical(e) ? receivablePesos(e.due!, e.value) : cop(e.value),
    description: e.description || fallback(e), third_party: third,
  }));
  if (plan.type === 'AdvancePayment' && !p.length) {
    p.push({ account: plan.accounts.customerAdvances, credit: cop(plan.total), description: 'Anticipo de cliente', third_party: third });
  }
  const debits = sum(p.map((x) => x.debit ?? 0));
  const credits = sum(p.map((x) => x.credit ?? 0));
  if (plan.payment) {
    // The cash or bank account takes what came in at the voucher's rate: each credit converted at it (so conversion
    // rounding cannot unbalance the entry); what the receivable gives up at the invoices' rates differs by the exchange difference.
    const received = sum(plan.entries.map((e) => (e.account.movement === 'Credit' ? cop(e.value) : new Decimal(0).minus(cop(e.value)))))
      .plus(plan.type === 'AdvancePayment' && !plan.entries.length ? cop(plan.total) : 0);
    p.push({ account: plan.payment.type.account_code, debit: received, description: plan.payment.type.name });
    const difference = received.plus(debits).minus(credits);
    if (difference.gt(0)) p.push({ account: plan.accounts.exchangeGain, credit: difference, description: 'Diferencia en cambio', third_party: third });
    if (difference.lt(0)) p.push({ account: plan.accounts.exchangeLoss, debit: difference.negated(), description: 'Diferencia en cambio', third_party: third });
  } else if (!debits.eq(credits)) {
    // Detailed in foreign currency: the rounding difference of the conversion goes to the last credit line.
    const last = [...p].reverse().find((x) => x.credit !== undefined)!;
    last.credit = new Decimal(last.credit!).plus(debits.minus(credits));
  }
  return p;
}

/** What the entries pay on due items, for the kernel (which checks it again under the due items' locks). */
const duePayments = (entries: Entry[]): DuePayment[] => entries.flatMap((e, i) => (e.due
  ? [{ i, due: e.due.id, invoice: e.due.invoice_id, invoiceName: e.due.invoice_name, label: dueLabel(e.due), value: e.value,
    ...(e.due.invoice_rate ? { paidBefore: e.due.paid } : {}) }] : []));

/**
 * Writes the voucher in the caller's transaction through the kernel (writeVoucher): due items paid (checked
 * again under their locks), number, document, applications, journal entry. A voucher that takes an advance
 * checks it again under the customer's lock, after the due items and before the number.
 */
export async function storeVoucher(q: Queryable, company: Company, plan: VoucherPlan, meta: { partnerId?: string }) {
  const w = voucherWrite(company, plan, { id: crypto.randomUUID(), now: new Date(), partnerId: meta.partnerId });
  const numbered = await writeVoucher(q, w);
  return voucherDocument(plan, { id: w.id, ...numbered, now: w.now });
}

/**
 * What the kernel writes for a planned voucher (the document without its number, what it pays, its postings, and the
 * check of an advance it takes): storeVoucher's, and bulk-demo's (src/companies/bulk.ts), which hands many to writeVouchers.
 */
export function voucherWrite(company: Company, plan: VoucherPlan, o: { id: string; now: Date; partnerId?: string }): VoucherWrite {
  const cid = company.company_id;
  const taken = advanceTakenBy(plan);
  const guard = taken.gt(0) ? async (tx: Queryable) => {
    // Checked again under the customer's lock: two documents cannot both spend the same advance.
    const balance = await lockAdvanceBalance(tx, cid, plan.accounts.advancesGroup, plan.customer!.identification);
    if (taken.gt(balance)) throw new DomainError('invalid_value', advanceMessage(plan, taken, balance), advancePath(plan), `at most ${balance.toFixed(2)} ${plan.local}`);
  } : undefined;
  return {
    companyId: cid, id: o.id, documentTypeId: plan.docType.id, sent: plan.body.number, date: plan.body.date, type: plan.type,
    customerId: plan.customer?.id ?? null, identification: plan.customer?.identification ?? null, branchOffice: plan.customer?.branch_office ?? null,
    total: plan.total.toFixed(2), partnerId: o.partnerId ?? null, document: voucherDocument(plan, { id: o.id, prefix: plan.docType.prefix, number: 0, name: '', now: o.now }),
    now: o.now, pays: duePayments(plan.entries), postings: voucherPostings(plan), guard, created: company.webhooks,
  };
}

/** A voucher takes an advance (checked under the customer's lock): it is written alone, never in a batch. */
export const voucherTakesAdvance = (plan: VoucherPlan) => advanceTakenBy(plan).gt(0);

/** Annuls a voucher in the caller's transaction: gives back what it paid and reverses its journal entry, dated on the annulment day. */
export async function annulVoucher(q: Queryable, company: Company, id: string): Promise<void> {
  const cid = company.company_id;
  const v = await lockVoucher(q, cid, id);
  if (!v) throw notFound(`Voucher ${id}`);
  if (v.annulled) throw new DomainError('invalid_document', `Voucher ${v.name} is already annulled`, 'id');
  const applied = await q.query<{ due: number; invoice: string; amount: string }>(
    `SELECT a.due_item_id AS due, d.invoice_id AS invoice, a.amount FROM voucher_applications a
       JOIN due_items d ON d.company_id = a.company_id AND d.id = a.due_item_id
      WHERE a.company_id = $1 AND a.voucher_id = $2 ORDER BY a.due_item_id`, [cid, id]);
  if (applied.length) {
    await q.query('SELECT id FROM invoices WHERE company_id = $1 AND id = ANY($2::uuid[]) ORDER BY id FOR UPDATE', [cid, [...new Set(applied.map((a) => a.invoice))].sort()]);
    await q.query('SELECT id FROM due_items WHERE company_id = $1 AND id = ANY($2::bigint[]) ORDER BY id FOR UPDATE', [cid, applied.map((a) => a.due)]);
    // What it paid stops counting as collected: never below what credit notes already paid back (under the invoices' lock, as notes take it).
    for (const invoiceId of [...new Set(applied.map((a) => a.invoice))].sort()) {
      const [inv] = await q.query<{ id: string; name: string; document: CoInvoiceDocument }>('SELECT id, name, document FROM invoices WHERE company_id = $1 AND id = $2', [cid, invoiceId]);
      if (!inv) continue;
      const money = await invoiceMoney(q, cid, inv);
      const share = applied.filter((a) => a.invoice === invoiceId).reduce((s, a) => s.plus(a.amount), new Decimal(0));
      const after = money.collected.minus(share);
      if (money.refunded.gt(after)) {
        throw new DomainError('invalid_document', `Voucher ${v.name} collected ${share.toFixed(2)} of invoice ${inv.name}; without it ${after.toFixed(2)} would be collected, ` +
          `less than the ${money.refunded.toFixed(2)} its credit notes paid back: annul the refunding credit notes first (an accepted electronic note is corrected with a debit note)`, 'id');
      }
    }
    await movePayments(q, cid, applied, -1);
  }
  if (v.customer_identification) {
    // Giving back an advance it received: what invoices already applied cannot be taken back from the customer.
    const account = ublAccounts(company.country).advancesGroup;
    const local = countryOf(company.country).currency;
    const received = await advanceReceived(q, cid, { kind: 'voucher', id }, account, v.customer_identification);
    if (received.gt(0)) {
      const balance = await lockAdvanceBalance(q, cid, account, v.customer_identification);
      if (balance.lt(received)) {
        throw new DomainError('invalid_document', `Voucher ${v.name} received an advance of ${new Decimal(received).toFixed(2)} ${local}, but customer ${v.customer_identification} has only ${balance.toFixed(2)} ${local} of advances left unapplied: invoices applied the rest; annul them first`, 'id');
      }
    }
  }
  const on = annulmentDate(v.date, company.time_zone);
  await markAnnulled(q, cid, { id, name: v.name }, on);
  await reverseEntry(q, cid, id, { kind: 'voucher_annulment', id, date: on, description: `Anulación del recibo de caja ${v.name}` });
}
