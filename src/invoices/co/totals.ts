/**
 * The computation of a Colombian sales document once every reference is known (../compute), and the rules on
 * its amounts: each line and the document within the limits, what the customer pays never negative, the
 * advance within the customer's unapplied advances, and the payments adding up to the amount payable.
 */
import Decimal from 'decimal.js';
import type { Queryable } from '../../platform/db';
import type { Problems } from '../../platform/errors';
import { computeCO, taxRef, type CreditLeft, type InvoiceOut } from '../compute';
import { checkDocumentAmount, checkLedgerAmounts, checkLineAmount } from '../../ledger/limits';
import { advanceBalance } from '../../ledger/advances';
import type { CoInvoiceBody } from './schema';
import type { Plan } from './plan';
import { advanceMessage, advanceOf, coInvoicePostings } from './ledger';

/**
 * Computes the checked references `parts` into the plan, or throws 400 with every problem of its amounts.
 * `self`: the invoice being replaced (its own advance is given back first); `credit`: see planCoInvoice.
 */
export async function computePlan(q: Queryable, cid: number, problems: Problems, parts: Omit<Plan, 'computed'>, self?: string,
  credit?: Omit<CreditLeft, 'codes'>): Promise<Plan> {
  const { body, lines, retentions, discounts, charges, currency } = parts;
  const items = body.items ?? [];
  const linesOk = lines.length === items.length && !items.some((_, i) => problems.has(`items[${i}]`));
  if (!linesOk) problems.throwIfAny();
  const computed = computeCO({
    discountType: parts.docType.discount_type,
    lines: lines.map((l) => ({
      quantity: l.item.quantity, price: l.item.price, taxed_price: l.item.taxed_price, discount: l.item.discount,
      taxes: l.taxes.map(taxRef),
      gift: l.gift ? { tax_base: l.item.tax_base ?? 0, taxpayer: l.item.taxpayer ?? 'Customer' } : undefined,
    })),
    retentions: retentions.map(taxRef),
    globalDiscounts: discounts.map((d, i) => ({ id: d.id ?? -(i + 1), percentage: d.percentage, value: d.value })),
    globalCharges: charges.map((d, i) => ({ id: d.id ?? -(i + 1), percentage: d.percentage, value: d.value })),
    advancePayment: body.advance_payment,
    credit: credit && { ...credit, codes: lines.map((l) => l.product.code) },
  });
  computed.lines.forEach((l, i) => {
    checkLineAmount(problems, l.gross, `items[${i}].${lines[i].item.taxed_price !== undefined ? 'taxed_price' : 'price'}`);
    if (new Decimal(l.discount).gt(l.gross)) problems.add('invalid_value', `The discount (${l.discount}) is above the line amount (${new Decimal(l.gross).toFixed(2)})`, `items[${i}].discount`);
  });
  if (!problems.has('items')) {
    checkDocumentAmount(problems, computed.subtotal, 'items', 'The subtotal (Σ line bases)');
    checkDocumentAmount(problems, computed.total, 'items', 'The invoice total');
  }
  // Amount rules only mean something once every amount and reference is right.
  if (!problems.empty) problems.throwIfAny();
  payableRules(problems, body, computed);
  problems.throwIfAny();
  const plan: Plan = { ...parts, computed };
  checkLedgerAmounts(problems, coInvoicePostings(plan), currency, 'items', parts.local);
  const needed = advanceOf(plan);
  if (problems.empty && needed.gt(0)) {
    // The customer's unapplied advances, without this invoice's own entries (an update gives its advance back first).
    const balance = await advanceBalance(q, cid, plan.accounts.advancesGroup, body.customer.identification, self);
    if (needed.gt(balance)) problems.add('invalid_value', advanceMessage(plan, needed, balance), 'advance_payment', `at most ${balance.toFixed(2)} ${plan.local}`);
  }
  const paid = (body.payments ?? []).reduce((s, p) => s.plus(p.value), new Decimal(0));
  if (problems.empty && !paid.eq(computed.payable)) {
    problems.add('invalid_total_payments', `The sum of payments (${paid.toFixed(2)}) must equal the amount payable (${computed.payable})`, 'payments', `expected ${computed.payable}`);
  }
  problems.throwIfAny();
  return plan;
}

/**
 * What the customer pays can never be negative: the global discounts take off
 * at most the subtotal (Σ line bases); the withholdings and the advance payment
 * at most the total. Each excess is refused on the field that causes it.
 */
function payableRules(problems: Problems, body: CoInvoiceBody, computed: InvoiceOut): void {
  const subtotal = new Decimal(computed.subtotal);
  const sent = body.global_discounts ?? [];
  const discountPath = (i: number) => `global_discounts[${i}].${sent[i].percentage !== undefined ? 'percentage' : 'value'}`;
  let taken = new Decimal(0);
  computed.global_discounts.forEach((d, i) => {
    const room = subtotal.minus(taken);
    taken = taken.plus(d.value);
    if (taken.gt(subtotal)) {
      problems.add('invalid_value', `The global discounts (${taken.toFixed(2)} with this one, ${d.value}) are above the subtotal (${subtotal.toFixed(2)}), the most they can take off: this one can be at most ${Decimal.max(room, 0).toFixed(2)}`,
        discountPath(i), `at most ${Decimal.max(room, 0).toFixed(2)}`);
    }
  });
  if (!problems.empty) return;
  const total = new Decimal(computed.total);
  const withholdings = new Decimal(computed.withholdings);
  const owed = total.minus(withholdings);
  if (owed.isNegative()) {
    // The withholdings are computed on the line bases: only global discounts bring the total under them.
    const most = taken.plus(owed);
    problems.add('invalid_value', `The invoice total (${total.toFixed(2)}) is below the withholdings (${withholdings.toFixed(2)}, computed on the line bases), so the amount payable would be negative: ` +
      (sent.length ? `the global discounts can add up to at most ${most.toFixed(2)}` : 'the retentions are larger than what is invoiced'),
      sent.length ? discountPath(sent.length - 1) : 'retentions', sent.length ? `at most ${most.toFixed(2)}` : undefined);
    return;
  }
  const advance = new Decimal(computed.advance_payment);
  if (advance.gt(owed)) {
    problems.add('invalid_value', `The advance payment (${advance.toFixed(2)}) is above what the customer owes after withholdings: the total (${total.toFixed(2)}) less the withholdings (${withholdings.toFixed(2)}) = ${owed.toFixed(2)}, the most it can be`,
      'advance_payment', `at most ${owed.toFixed(2)}`);
  }
}
