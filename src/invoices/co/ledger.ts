/**
 * The ledger side of a sales document of the UBL form: its journal entry (on the accounts its country names, in the
 * company's own currency), the advance it
 * applies (checked again under lock in the writing transaction) and its credit installments.
 */
import Decimal from 'decimal.js';
import type { Queryable } from '../../platform/db';
import { DomainError } from '../../platform/errors';
import type { Posting } from '../../ledger/journal';
import { advanceTaken, lockAdvanceBalance } from '../../ledger/advances';
import type { DueRecord } from '../kernel';
import type { Plan } from './plan';

/** The advance the invoice applies, in pesos as posted. */
export const advanceOf = (plan: Plan) => advanceTaken(coInvoicePostings(plan), plan.accounts.advancesGroup, plan.body.customer.identification);

export function advanceMessage(plan: Plan, needed: Decimal, balance: Decimal): string {
  const c = plan.currency;
  const applied = c ? `${plan.computed.advance_payment} ${c.code} = ${needed.toFixed(2)} ${plan.local} at ${c.exchange_rate}` : needed.toFixed(2);
  return `The advance payment (${applied}) is above the unapplied advances of customer ${plan.body.customer.identification} (${balance.toFixed(2)} ${plan.local}: ` +
    'received with AdvancePayment vouchers, less what invoices already applied; see advance_balance on GET /v1/customers/{id})';
}

/**
 * In the writing transaction: locks the customer's advances and checks the
 * advance again, so that two invoices cannot both spend the same money.
 */
export async function applyAdvance(q: Queryable, cid: number, plan: Plan): Promise<void> {
  const needed = advanceOf(plan);
  if (!needed.gt(0)) return;
  const balance = await lockAdvanceBalance(q, cid, plan.accounts.advancesGroup, plan.body.customer.identification);
  if (needed.gt(balance)) throw new DomainError('invalid_value', `${advanceMessage(plan, needed, balance)}; another document applied them first`, 'advance_payment', `at most ${balance.toFixed(2)} ${plan.local}`);
}

/** Each plan's entry, made once: a creation reads it to check its amounts, its advance, its path and to write it. */
const postingsOf = new WeakMap<Plan, readonly Posting[]>();

/**
 * The journal entry of an invoice in the company's currency; the accounts are the master data's and the country's
 * (`plan.accounts`). A plan is not changed once computed: its entry is computed once, and each caller gets its own array.
 */
export function coInvoicePostings(plan: Plan): Posting[] {
  let p = postingsOf.get(plan);
  if (!p) postingsOf.set(plan, p = entryOf(plan));
  return [...p];
}

function entryOf(plan: Plan): Posting[] {
  const rate = new Decimal(plan.currency?.exchange_rate ?? 1);
  const cop = (v: Decimal.Value) => new Decimal(v).times(rate).toDecimalPlaces(2, Decimal.ROUND_HALF_UP);
  const p = postingsAt(plan, cop);
  // Revenue is what the invoice sells, converted as every other figure (its balance in the invoice's currency, at the
  // rate); the cent that converting each figure on its own may leave goes to the exchange difference, never to revenue.
  const balance = (ps: Posting[]) => ps.reduce((s, x) => s.plus(x.debit ?? 0).minus(x.credit ?? 0), new Decimal(0));
  const revenue = cop(balance(postingsAt(plan, (v) => new Decimal(v))));
  p.push({ account: plan.accounts.revenue, credit: revenue, description: 'Ventas' });
  const rest = balance(p);
  if (rest.gt(0)) p.push({ account: plan.accounts.exchangeGain, credit: rest, description: 'Diferencia en cambio (redondeo de la conversión)' });
  if (rest.lt(0)) p.push({ account: plan.accounts.exchangeLoss, debit: rest.negated(), description: 'Diferencia en cambio (redondeo de la conversión)' });
  return p;
}

/** The invoice's postings but revenue, each figure converted by `cop`. */
function postingsAt(plan: Plan, cop: (v: Decimal.Value) => Decimal): Posting[] {
  const c = plan.computed;
  const third = plan.body.customer.identification;
  const p: Posting[] = [];
  for (const pay of plan.payments) p.push({ account: pay.type.account_code, debit: cop(pay.value), description: pay.type.name, third_party: third });
  if (!new Decimal(c.advance_payment).isZero()) p.push({ account: plan.accounts.customerAdvances, debit: cop(c.advance_payment), description: 'Anticipo aplicado', third_party: third });
  c.lines.forEach((line, i) => {
    for (const t of line.taxes) {
      const account = plan.lines[i].taxes.find((x) => x.id === t.id)!.account_code;
      if (t.withholding) p.push({ account, debit: cop(t.value), description: t.name ?? t.type, third_party: third });
      else p.push({ account, credit: cop(t.value), description: t.name ?? t.type });
    }
    if (!new Decimal(line.borne_by_company).isZero()) p.push({ account: plan.accounts.discountsExpense, debit: cop(line.borne_by_company), description: 'Impuestos de obsequios asumidos' });
  });
  for (const r of c.retentions) {
    const account = plan.retentions.find((x) => x.id === r.id)!.account_code;
    if (r.type === 'Autorretencion') {
      p.push({ account: plan.accounts.withholdingAdvance, debit: cop(r.value), description: r.name ?? r.type });
      p.push({ account, credit: cop(r.value), description: r.name ?? r.type });
    } else {
      p.push({ account, debit: cop(r.value), description: r.name ?? r.type, third_party: third });
    }
  }
  c.global_discounts.forEach((d, i) => p.push({ account: plan.discounts[i].row?.account_code ?? plan.accounts.discountsExpense, debit: cop(d.value), description: 'Descuento global' }));
  c.global_charges.forEach((d, i) => p.push({ account: plan.charges[i].row?.account_code ?? plan.accounts.chargesIncome, credit: cop(d.value), description: 'Cargo global' }));
  return p;
}

/** The credit installments of the plan, as the kernel stores them. */
export const dueRecords = (plan: Plan): DueRecord[] =>
  plan.payments.filter((x) => x.type.due_date).map((p) => ({ due_date: p.due_date!, amount: new Decimal(p.value).toFixed(2), account: p.type.account_code }));
