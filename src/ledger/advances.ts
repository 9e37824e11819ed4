/**
 * Customer advances: money a customer paid before being invoiced. An
 * AdvancePayment voucher credits the advances account with the customer as
 * third party; an invoice's `advance_payment` debits it; annulments post their
 * reversals. A customer's unapplied balance is therefore the account's credits
 * minus its debits for that third party, in pesos. The ledger's third party is
 * the identification, so the branch offices of one identification share it.
 *
 * The balance never goes below zero: every document that takes from it locks
 * the customer's rows and checks the balance again inside its writing
 * transaction, so two documents cannot both spend the same advance.
 */
import Decimal from 'decimal.js';
import type { Queryable } from '../platform/db';

/**
 * Unapplied advances per identification (those without any come back as 0), over the accounts under `group`;
 * `exceptSource` leaves out one document's own entries.
 */
export async function advanceBalances(q: Queryable, cid: number, group: string, identifications: string[], exceptSource?: string): Promise<Map<string, Decimal>> {
  const out = new Map(identifications.map((i) => [i, new Decimal(0)]));
  if (!identifications.length) return out;
  if (!/^[0-9]+$/.test(group)) throw new Error(`An advances group is an account code prefix of digits, not ${group}`);
  // The prefix is written into the statement (digits only, checked above) so that the planner can prove it implies the predicate
  // of journal_lines_advances (migration 061: the advances' lines by company and third party), which a parameter would not let
  // it do: without it, a customer's balance read every journal line of the company (400 ms at a million invoices).
  const rows = await q.query<{ third_party: string; balance: string }>(
    `SELECT l.third_party, sum(l.credit - l.debit) AS balance
       FROM journal_lines l JOIN journal_entries e ON e.company_id = l.company_id AND e.id = l.entry_id
      WHERE l.company_id = $1 AND l.account_code LIKE '${group}%' AND l.third_party = ANY($2::text[]) AND e.source_id::text <> $3
      GROUP BY l.third_party`, [cid, identifications, exceptSource ?? '']);
  for (const r of rows) out.set(r.third_party, new Decimal(r.balance));
  return out;
}

export async function advanceBalance(q: Queryable, cid: number, group: string, identification: string, exceptSource?: string): Promise<Decimal> {
  return (await advanceBalances(q, cid, group, [identification], exceptSource)).get(identification)!;
}

/**
 * In a writing transaction: locks the customer rows of an identification (FOR
 * NO KEY UPDATE, so invoices of that customer that do not touch its advances
 * still go on) and answers the balance as it then stands.
 */
export async function lockAdvanceBalance(q: Queryable, cid: number, group: string, identification: string): Promise<Decimal> {
  await q.query('SELECT id FROM customers WHERE company_id = $1 AND identification = $2 ORDER BY id FOR NO KEY UPDATE', [cid, identification]);
  return advanceBalance(q, cid, group, identification);
}

/** What a set of postings takes from (positive) or gives to (negative) a third party's advances (the accounts under `group`). */
export function advanceTaken(postings: { account: string; debit?: Decimal.Value; credit?: Decimal.Value; third_party?: string }[], group: string, identification: string): Decimal {
  return postings.filter((p) => p.account.startsWith(group) && p.third_party === identification)
    .reduce((s, p) => s.plus(p.debit ?? 0).minus(p.credit ?? 0), new Decimal(0));
}

/** What one document's entry took in as a customer's advance (credit less debit on the group's accounts, for that customer). */
export async function advanceReceived(q: Queryable, cid: number, source: { kind: string; id: string }, group: string, identification: string): Promise<Decimal> {
  const [{ received }] = await q.query<{ received: string }>(
    `SELECT coalesce(sum(l.credit - l.debit), 0) AS received FROM journal_lines l JOIN journal_entries e ON e.company_id = l.company_id AND e.id = l.entry_id
      WHERE l.company_id = $1 AND e.source_id = $2 AND e.source_kind = $3 AND l.account_code LIKE $4 || '%' AND l.third_party = $5`, [cid, source.id, source.kind, group, identification]);
  return new Decimal(received);
}
