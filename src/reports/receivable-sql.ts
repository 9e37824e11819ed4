/**
 * The SQL of a due item's open amount on a day, shared by the receivables
 * report (src/reports/receivables.ts) and the sums kept per day
 * (src/reports/receivable-days.ts). In it: d a due item, i its invoice.
 */
/**
 * The invoice's currency: its document's currency code, else its country's (COP, MXN). A stored generated column of
 * invoices with that expression (migration 075), so that reading it does not de-toast the document, and the home's
 * sales are answered from invoices_date alone.
 */
export const CURRENCY = 'i.currency_code';
/**
 * The item was owed on day $2: its invoice was dated by then and not annulled by then (an annulment is dated, migration 010; a deleted invoice's
 * items are annulled with no date: never owed); an item a debit note added, once that note was dated and while it was not annulled.
 */
const NOTE_OF = (column: string) => `(SELECT n.${column} FROM notes n WHERE n.company_id = d.company_id AND n.id = d.note_id)`;
export const owedOn = (day: string) => `(NOT d.annulled OR i.annulled_on > ${day} OR ${NOTE_OF('annulled_on')} > ${day}) AND i.date <= ${day}
  AND (d.note_id IS NULL OR ${NOTE_OF('date')} <= ${day})`;
/**
 * What receipts (cash receipts, Mexican payment receipts, and credit notes settled on account) dated up to $2, and not
 * annulled by then, paid on it. The fold of the kept sums computes the same amounts set-based (PAYS in
 * ./receivable-days.ts): a change to which documents count changes both.
 */
export const paidBy = (day: string) => `(coalesce((SELECT sum(a.amount) FROM voucher_applications a JOIN vouchers v ON v.company_id = a.company_id AND v.id = a.voucher_id
                       WHERE a.company_id = d.company_id AND a.due_item_id = d.id AND (NOT v.annulled OR v.annulled_on > ${day}) AND v.date <= ${day}), 0)
                   + coalesce((SELECT sum(a.amount) FROM note_applications a JOIN notes n ON n.company_id = a.company_id AND n.id = a.note_id
                       WHERE a.company_id = d.company_id AND a.due_item_id = d.id AND (NOT n.annulled OR n.annulled_on > ${day}) AND n.date <= ${day}), 0)
                   + coalesce((SELECT sum(a.amount) FROM payment_applications a JOIN payments p ON p.company_id = a.company_id AND p.id = a.payment_id
                       WHERE a.company_id = d.company_id AND a.due_item_id = d.id AND (NOT p.annulled OR p.annulled_on > ${day}) AND p.date <= ${day}), 0))`;
