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
 * The CTEs `entry` and `entry_lines` of a batch statement whose documents are the rows of the CTE `n` (columns k, id,
 * date, name): `kind` and `lines` are parameter placeholders (the source kind; the JSON of batchLines), `description`
 * an SQL expression over `n`.
 */
export function batchEntries(cid: string, kind: string, description: string, lines: string): string {
  return `entry AS (INSERT INTO journal_entries (company_id, source_kind, source_id, date, description)
      SELECT ${cid}, ${kind}, n.id, n.date, ${description} FROM n ORDER BY n.k RETURNING id, source_id),
    entry_lines AS (INSERT INTO journal_lines (company_id, entry_id, line_no, account_code, debit, credit, third_party, description)
      SELECT ${cid}, entry.id, l.n, l.account, l.debit, l.credit, l.third_party, l.description
        FROM json_to_recordset(${lines}::json) AS l(k int, n int, account text, debit numeric, credit numeric, third_party text, description text)
        JOIN n ON n.k = l.k JOIN entry ON entry.source_id = n.id ORDER BY l.k, l.n)`;
}
