/**
 * What is left to credit on a Colombian invoice, and the rules a credit note
 * meets against it (issue 34):
 *
 * - per product of the invoice, what is left in quantity and in value (its
 *   base, its line total, each of its taxes); concepts that give goods back
 *   (1 return, 2 annulment) consume quantities and value, concepts that only
 *   change the value (3 rebate or discount, 4 price adjustment, 5 early
 *   payment discount, 6 volume discount) consume value only;
 * - concept 2 (annulment) credits exactly what is left, in quantity and value;
 * - the note that takes the last of a product takes what is left of each of its
 *   taxes, and the note that takes the last of the invoice what is left of each
 *   retention (src/invoices/compute.ts, CreditLeft), so it must carry them;
 * - a refund (a cash or bank payment type) never pays back more than was
 *   collected on the invoice less the refunds before it.
 */
import Decimal from 'decimal.js';
import type { Queryable } from '../platform/db';
import type { Problems } from '../platform/errors';
import { dec, ZERO } from '../platform/money';
import { WITHHOLDING_TYPES, type CreditLeft } from '../invoices/compute';
import type { Plan } from '../invoices/co/service';
import type { CoInvoiceDocument } from '../invoices/co/schema';
import { ANNULMENT, type NoteBody, type NoteDocument } from './schema';

/** Concepts that give goods back, and so consume quantities. */
export const RETURNS_GOODS: ReadonlySet<number> = new Set([1, ANNULMENT]);

/** What is left of one product of the invoice. */
export interface LineLeft { quantity: Decimal; base: Decimal; total: Decimal; taxes: Map<number, Decimal> }
/** What is left to credit on an invoice: in all, per product, and of each retention. */
export interface Room { total: Decimal; lines: Map<string, LineLeft>; retentions: Map<number, Decimal> }

type StoredItem = Pick<CoInvoiceDocument['items'][number], 'code' | 'quantity' | 'total' | 'taxes'> & { tax_base?: unknown };
type StoredRetention = { id: number; value: number };
/** A credit note before this one, as its stored document has it. */
export interface Credited { reason: number; total: number; items: readonly StoredItem[]; retentions: readonly StoredRetention[] }

/** Pure: a stored line's base: its total less its charge taxes plus its withholdings (a gift line's is 0). */
export function itemBase(item: StoredItem): Decimal {
  if (item.tax_base !== undefined) return ZERO;
  return item.taxes.reduce((s, t) => (WITHHOLDING_TYPES.has(t.type) ? s.plus(t.value) : s.minus(t.value)), dec(item.total));
}

/** Pure: the invoice's amounts less those of its credit notes. */
export function creditRoom(invoice: { total: number; items: readonly StoredItem[]; retentions?: readonly StoredRetention[] }, credited: readonly Credited[]): Room {
  const lines: Room['lines'] = new Map();
  const add = (item: StoredItem, sign: 1 | -1, goods: boolean) => {
    const r = lines.get(item.code);
    if (!r && sign < 0) return;
    const l = r ?? { quantity: ZERO, base: ZERO, total: ZERO, taxes: new Map<number, Decimal>() };
    if (goods) l.quantity = l.quantity.plus(dec(item.quantity).times(sign));
    l.base = l.base.plus(itemBase(item).times(sign));
    l.total = l.total.plus(dec(item.total).times(sign));
    for (const t of item.taxes) if (sign > 0 || l.taxes.has(t.id)) l.taxes.set(t.id, (l.taxes.get(t.id) ?? ZERO).plus(dec(t.value).times(sign)));
    lines.set(item.code, l);
  };
  invoice.items.forEach((i) => add(i, 1, true));
  const retentions = new Map((invoice.retentions ?? []).map((r) => [r.id, dec(r.value)]));
  let total = dec(invoice.total);
  for (const n of credited) {
    total = total.minus(n.total);
    n.items.forEach((i) => add(i, -1, RETURNS_GOODS.has(n.reason)));
    for (const r of n.retentions) if (retentions.has(r.id)) retentions.set(r.id, retentions.get(r.id)!.minus(r.value));
  }
  return { total, lines, retentions };
}

/** What the computation of a credit note limits its taxes and retentions to (src/invoices/compute.ts). */
export const creditLeft = (room: Room): Omit<CreditLeft, 'codes'> => ({ lines: room.lines, retentions: room.retentions });

const nonNegative = (x: Decimal) => Decimal.max(x, 0);

/** Pure: a credit note's lines, taxes, retentions and total against what is left to credit on its invoice. */
export function creditRules(problems: Problems, body: Pick<NoteBody, 'reason' | 'items'>, plan: Pick<Plan, 'lines' | 'computed' | 'retentions'>, room: Room): void {
  const returnsGoods = RETURNS_GOODS.has(body.reason);
  const wanted = new Map<string, { quantity: Decimal; base: Decimal; taxes: Set<number>; last: number }>();
  plan.lines.forEach((l, i) => {
    const at = (f: string) => `items[${i}].${f}`;
    const r = room.lines.get(l.product.code);
    if (!r) return problems.add('invalid_reference', `Product ${l.product.code} is not on the invoice: a credit note credits the invoice's own lines`, at('code'));
    // (planNote reports it first, with the invoice's name; this stays for the check under the lock.)
    l.taxes.forEach((t, j) => {
      if (!r.taxes.has(t.id)) problems.add('invalid_reference', `Tax ${t.id} (${t.name ?? t.type}) is not on the invoice's lines of product ${l.product.code}`, l.item.taxes ? at(`taxes[${j}].id`) : at('code'));
    });
    const w = wanted.get(l.product.code) ?? { quantity: ZERO, base: ZERO, taxes: new Set<number>(), last: i };
    wanted.set(l.product.code, { quantity: w.quantity.plus(l.item.quantity), base: w.base.plus(plan.computed.lines[i].base), taxes: new Set([...w.taxes, ...l.taxes.map((t) => t.id)]), last: i });
  });
  plan.retentions.forEach((t, i) => {
    if (!room.retentions.has(t.id)) problems.add('invalid_reference', `Retention ${t.id} (${t.name ?? t.type}) is not on the invoice: a credit note reverses the invoice's own retentions`, `retentions[${i}].id`);
  });
  for (const [code, w] of wanted) {
    const r = room.lines.get(code);
    if (!r) continue;
    const at = (f?: string) => `items[${w.last}]${f ? `.${f}` : ''}`;
    // (Concept 2 of a product whose goods all came back credits its value left: its quantity is not counted.)
    if (returnsGoods && w.quantity.gt(r.quantity) && !(body.reason === ANNULMENT && r.quantity.lte(0))) {
      problems.add('invalid_value', `The credited quantity of product ${code} (${w.quantity.toString()}) is above what is left on the invoice (${nonNegative(r.quantity).toString()})`,
        at('quantity'), `at most ${nonNegative(r.quantity).toString()}`);
    } else if (w.base.gt(r.base)) {
      problems.add('invalid_value', `The credited value of product ${code} (${w.base.toFixed(2)} before taxes) is above what is left of it on the invoice (${nonNegative(r.base).toFixed(2)})`,
        at(), `at most ${nonNegative(r.base).toFixed(2)}`);
    } else if (w.base.eq(r.base)) {
      const missing = [...r.taxes].filter(([id, v]) => v.gt(0) && !w.taxes.has(id)).map(([id, v]) => `tax ${id} (${v.toFixed(2)} left)`);
      if (missing.length) problems.add('invalid_value', `This credit takes the last of product ${code}: it reverses what is left of its taxes too; send ${missing.join(', ')}`, at('taxes'));
    }
  }
  if (!problems.empty) return;
  const all = [...room.lines].every(([code, r]) => (wanted.get(code)?.base ?? ZERO).eq(r.base));
  if (all) {
    const sent = new Set(plan.retentions.map((t) => t.id));
    const missing = [...room.retentions].filter(([id, v]) => v.gt(0) && !sent.has(id)).map(([id, v]) => `${id} (${v.toFixed(2)} left)`);
    if (missing.length) problems.add('invalid_retentions', `This credit takes the last of the invoice: it reverses what is left of its retentions too; send retention ${missing.join(', ')}`, 'retentions');
  }
  const total = dec(plan.computed.total);
  if (total.gt(room.total)) {
    problems.add('invalid_value', `The credit note's total (${total.toFixed(2)}) is above what is left to credit on the invoice (${nonNegative(room.total).toFixed(2)})`, 'items', `at most ${nonNegative(room.total).toFixed(2)}`);
  } else if (body.reason === ANNULMENT) annulmentRules(problems, room, wanted, total);
}

/** Concept 2 credits exactly what is left: every product with value left, its quantity left (when some is) and its value left; the total left. */
function annulmentRules(problems: Problems, room: Room, wanted: Map<string, { quantity: Decimal; base: Decimal }>, total: Decimal): void {
  const short = [...room.lines].filter(([code, r]) => {
    const w = wanted.get(code);
    if (r.base.lte(0)) return false; // nothing left of its value (a rebate may take it all, the goods staying with the customer)
    return !w || (r.quantity.gt(0) && !w.quantity.eq(r.quantity)) || !w.base.eq(r.base);
  });
  if (short.length) {
    const what = short.map(([code, r]) => (r.quantity.gt(0) ? `${code} × ${r.quantity.toString()} for ${r.base.toFixed(2)}` : `${code} for ${r.base.toFixed(2)}`));
    problems.add('invalid_value', `Concept 2 annuls the invoice: credit every product left on it in full (${what.join(', ')} before taxes)`, 'items');
  } else if (!total.eq(room.total)) {
    problems.add('invalid_value', `Concept 2 annuls the invoice: the credit note's total (${total.toFixed(2)}) must be what is left to credit (${room.total.toFixed(2)})`, 'items', `expected ${room.total.toFixed(2)}`);
  }
}

/** What was collected on an invoice (its cash payments, its advance, its debit notes' cash, the receipts on it) and paid back by its credit notes. */
export interface Money { collected: Decimal; refunded: Decimal }

/** Pure: a refund (the note's payments of a cash or bank type) is at most what was collected less what was paid back before. */
export function refundRules(problems: Problems, plan: Pick<Plan, 'payments'>, m: Money, invoiceName: string): void {
  const i = plan.payments.findIndex((p) => !p.type.due_date);
  if (i < 0) return;
  const refund = plan.payments.filter((p) => !p.type.due_date).reduce((s, p) => s.plus(p.value), ZERO);
  if (!refund.gt(0)) return;
  const most = nonNegative(m.collected.minus(m.refunded));
  if (!m.collected.gt(0)) {
    problems.add('invalid_payment', `Nothing of invoice ${invoiceName} was collected, so nothing can be paid back: settle the credit on account with a credit payment type`, `payments[${i}].id`);
  } else if (refund.gt(most)) {
    problems.add('invalid_payment', `The refund (${refund.toFixed(2)}) is above what was collected on invoice ${invoiceName} (${m.collected.toFixed(2)}) less what was paid back before (${m.refunded.toFixed(2)}): ` +
      'settle the rest on account with a credit payment type', `payments[${i}].value`, `at most ${most.toFixed(2)}`);
  }
}

/** The credit notes of an invoice that stand (not annulled). */
export async function earlierCredits(q: Queryable, cid: number, invoiceId: string): Promise<Credited[]> {
  const rows = await q.query<{ reason: number; document: NoteDocument }>(
    `SELECT reason, document FROM notes WHERE company_id = $1 AND invoice_id = $2 AND kind = 'NC' AND NOT annulled ORDER BY created_at, id`, [cid, invoiceId]);
  return rows.map((r) => ({ reason: Number(r.reason), total: r.document.total, items: r.document.items, retentions: r.document.retentions }));
}

/** What was collected on the invoice and paid back by its credit notes (cash or bank payment types), notes and receipts annulled left out. */
export async function invoiceMoney(q: Queryable, cid: number, invoice: { id: string; document: Pick<CoInvoiceDocument, 'payments' | 'advance_payment'> }): Promise<Money> {
  const [row] = await q.query<{ debit_cash: string; refunded: string; received: string }>(
    `SELECT coalesce(sum(c.value) FILTER (WHERE c.kind = 'ND'), 0) AS debit_cash, coalesce(sum(c.value) FILTER (WHERE c.kind = 'NC'), 0) AS refunded,
            (SELECT coalesce(sum(a.amount), 0) FROM voucher_applications a
               JOIN vouchers v ON v.company_id = a.company_id AND v.id = a.voucher_id
               JOIN due_items d ON d.company_id = a.company_id AND d.id = a.due_item_id
              WHERE a.company_id = $1 AND d.invoice_id = $2 AND NOT v.annulled) AS received
       FROM (SELECT n.kind, (p->>'value')::numeric AS value FROM notes n CROSS JOIN LATERAL jsonb_array_elements(n.document->'payments') p
               JOIN payment_types t ON t.company_id = n.company_id AND t.id = (p->>'id')::int
              WHERE n.company_id = $1 AND n.invoice_id = $2 AND NOT n.annulled AND NOT t.due_date) c`, [cid, invoice.id]);
  const cash = invoice.document.payments.filter((p) => p.due_date === null).reduce((s, p) => s.plus(p.value), ZERO);
  return { collected: cash.plus(invoice.document.advance_payment ?? 0).plus(row.debit_cash).plus(row.received), refunded: dec(row.refunded) };
}
