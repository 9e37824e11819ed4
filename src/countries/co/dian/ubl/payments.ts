/**
 * How the invoice is paid: cac:PaymentMeans (1 cash, 2 credit with its due
 * date), cac:PrepaidPayment (an advance applied) and cac:PaymentExchangeRate
 * (an invoice in a foreign currency).
 */
import Decimal from 'decimal.js';
import { dianAmount } from '../cufe';
import { PAYMENT_MEANS, UNDEFINED_MEANS } from './codes';
import type { DianInvoiceDocument } from './types';
import { leaf, type Attrs, type Node } from './xml';

/** One cac:PaymentMeans per payment (an invoice without payments: one, cash, undefined means). */
export function paymentMeans(root: Node, payments: NonNullable<DianInvoiceDocument['payments']>, paymentTypes: Record<string, string> | undefined): void {
  const means = payments.length ? payments : [{ id: 0, value: 0, due_date: null }];
  for (const p of means) {
    const pm = root.ele('cac:PaymentMeans');
    leaf(pm, 'cbc:ID', p.due_date ? '2' : '1');
    const kind = paymentTypes?.[String(p.id)];
    leaf(pm, 'cbc:PaymentMeansCode', kind ? (PAYMENT_MEANS[kind] ?? kind) : UNDEFINED_MEANS);
    if (p.due_date) leaf(pm, 'cbc:PaymentDueDate', p.due_date);
  }
}

/** The advance applied on the invoice, received on its date; nothing when none. */
export function prepaidPayment(root: Node, prepaid: Decimal, issueDate: string, cur: Attrs): void {
  if (!prepaid.gt(0)) return;
  const pp = root.ele('cac:PrepaidPayment');
  leaf(pp, 'cbc:ID', '1');
  leaf(pp, 'cbc:PaidAmount', dianAmount(prepaid), cur);
  leaf(pp, 'cbc:ReceivedDate', issueDate);
}

/** A foreign-currency invoice's rate to COP; nothing for an invoice in COP. */
export function exchangeRate(root: Node, currency: string, rate: Decimal.Value | undefined, issueDate: string): void {
  if (currency === 'COP') return;
  const node = root.ele('cac:PaymentExchangeRate');
  leaf(node, 'cbc:SourceCurrencyCode', currency);
  leaf(node, 'cbc:SourceCurrencyBaseRate', '1.00');
  leaf(node, 'cbc:TargetCurrencyCode', 'COP');
  leaf(node, 'cbc:TargetCurrencyBaseRate', '1.00');
  leaf(node, 'cbc:CalculationRate', new Decimal(rate!).toFixed());
  leaf(node, 'cbc:Date', issueDate);
}
