/**
 * The journal entries of a batch of documents, written by the batch's one
 * statement (see writeInvoices, writeVouchers): one entry per document and its
 * balanced lines, from json_to_recordset.
 */
import { balancedLines, type Posting } from './journal';

/** One line of a batch's entries: `k` the document's place in the batch, `n` the line's number in its entry. */
export interface BatchLine { k: number; n: number; account: string; debit: string; credit: string; third_party: string | null; description: string }

/** The lines of each document's entry (merged and checked balanced as a single entry's are). */
export function batchLines(postings: Posting[][]): BatchLine[] {
  return postings.flatMap((p, k) => balancedLines(p).map((l, n) => ({
    k, n: n + 1, account: l.account, debit: l.debit.toFixed(2), credit: l.credit.toFixed(2), third_party: l.third_party ?? null, description: l.description })));
}

/**
 * The CTEs `entry` and `entry_lines` of a batch statement: one journal entry per document, the documents being the
 * rows of the CTE `rows` (with columns k, the document's place, and id), and its lines from the JSON of batchLines
 * (`lines`, a parameter placeholder). `company`, `kind`, `date` and `description` are SQL expressions over `rows`
 * (or placeholders). Every document kernel writes its entries with these CTEs, in the statement that writes the
 * documents: the journal's SQL is the ledger's alone (npm run lint refuses it elsewhere).
 */
export function batchEntries(o: { rows: string; company: string; kind: string; date: string; description: string; lines: string }): string {
  const r = o.rows;
  return `entry AS (INSERT INTO journal_entries (company_id, source_kind, source_id, date, description)
      SELECT ${o.company}, ${o.kind}, ${r}.id, ${o.date}, ${o.description} FROM ${r} ORDER BY ${r}.k RETURNING id, source_id),
    entry_lines AS (INSERT INTO journal_lines (company_id, entry_id, line_no, account_code, debit, credit, third_party, description)
      SELECT ${o.company}, entry.id, l.n, l.account, l.debit, l.credit, l.third_party, l.description
        FROM json_to_recordset(${o.lines}::json) AS l(k int, n int, account text, debit numeric, credit numeric, third_party text, description text)
        JOIN ${r} ON ${r}.k = l.k JOIN entry ON entry.source_id = ${r}.id ORDER BY l.k, l.n)`;
}

/** An SQL subquery: the accounts (distinct, an array) of the journal entry of a document (`kind`, `id`: SQL expressions). */
export const entryAccounts = (company: string, kind: string, id: string): string =>
  `(SELECT coalesce(array_agg(DISTINCT l.account_code), '{}') FROM journal_entries e JOIN journal_lines l ON l.company_id = e.company_id AND l.entry_id = e.id
     WHERE e.company_id = ${company} AND e.source_kind = ${kind} AND e.source_id = ${id})`;
