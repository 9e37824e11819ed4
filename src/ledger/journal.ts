/**
 * The ledger: one balanced journal entry per document, written in the
 * document's own transaction.
 */
import Decimal from 'decimal.js';
import type { Queryable } from '../platform/db';
import { Statement } from '../platform/sql';

export interface Posting {
  account: string;
  debit?: Decimal.Value;
  credit?: Decimal.Value;
  description?: string;
  third_party?: string;
}

export interface EntrySource { kind: string; id: string; date: string; description: string }

/** A line of a balanced entry (balancedLines). */
export interface EntryLine { account: string; debit: Decimal; credit: Decimal; description: string; third_party?: string }

/** Sums postings per account and side, drops zero lines, and refuses an unbalanced entry. */
export function balancedLines(postings: Posting[]): EntryLine[] {
  const merged = new Map<string, EntryLine>();
  for (const p of postings) {
    const debit = new Decimal(p.debit ?? 0);
    const credit = new Decimal(p.credit ?? 0);
    const side = debit.gt(0) ? 'D' : 'C';
    const key = `${side}|${p.account}|${p.third_party ?? ''}`;
    const line = merged.get(key) ?? { account: p.account, debit: new Decimal(0), credit: new Decimal(0), description: p.description ?? '', third_party: p.third_party };
    line.debit = line.debit.plus(debit);
    line.credit = line.credit.plus(credit);
    merged.set(key, line);
  }
  const lines = [...merged.values()].filter((l) => !l.debit.isZero() || !l.credit.isZero());
  const debits = lines.reduce((s, l) => s.plus(l.debit), new Decimal(0));
  const credits = lines.reduce((s, l) => s.plus(l.credit), new Decimal(0));
  if (!debits.eq(credits)) throw new Error(`Unbalanced journal entry: debits ${debits.toFixed(2)} ≠ credits ${credits.toFixed(2)}`);
  return lines;
}

/**
 * Adds the entry and its lines to a statement (CTEs named `entry` and `entry_lines`).
 * `nameFrom` is an SQL expression of an earlier CTE (e.g. `invoice.name`) appended to the description.
 */
export function addEntry(st: Statement, companyId: number, source: EntrySource, postings: Posting[], nameFrom?: string): Statement {
  const lines = balancedLines(postings);
  const cid = st.p(companyId);
  const description = nameFrom ? `${st.p(source.description + ' ')} || ${nameFrom}` : st.p(source.description);
  const from = nameFrom ? ` FROM ${nameFrom.split('.')[0]}` : '';
  st.with('entry', `INSERT INTO journal_entries (company_id, source_kind, source_id, date, description)
    SELECT ${cid}, ${st.p(source.kind)}, ${st.p(source.id)}, ${st.p(source.date)}::date, ${description}${from} RETURNING id`);
  return st.with('entry_lines', `INSERT INTO journal_lines (company_id, entry_id, line_no, account_code, debit, credit, third_party, description)
    SELECT ${cid}, entry.id, l.n, l.account, l.debit, l.credit, l.third_party, l.description
      FROM entry, unnest(${st.p(lines.map((l) => l.account))}::text[], ${st.p(lines.map((l) => l.debit.toFixed(2)))}::numeric[],
                         ${st.p(lines.map((l) => l.credit.toFixed(2)))}::numeric[], ${st.p(lines.map((l) => l.third_party ?? null))}::text[],
                         ${st.p(lines.map((l) => l.description))}::text[]) WITH ORDINALITY AS l(account, debit, credit, third_party, description, n)`);
}

/**
 * The `entry_lines` rows of N documents' entries for a set-based statement (json_to_recordset: k, the document's
 * index, n, the line number), as addEntry writes them.
 */
export function recordsetLines(entries: readonly (readonly EntryLine[])[]) {
  return entries.flatMap((lines, k) => lines.map((l, n) => ({
    k, n: n + 1, account: l.account, debit: l.debit.toFixed(2), credit: l.credit.toFixed(2), third_party: l.third_party ?? null, description: l.description,
  })));
}

/** Writes the entry and its lines in one statement; returns the entry id. */
export async function postEntry(q: Queryable, companyId: number, source: EntrySource, postings: Posting[]): Promise<number> {
  const [row] = await addEntry(new Statement(), companyId, source, postings).run<{ id: number }>(q, 'SELECT id FROM entry');
  return row.id;
}

/** Writes the mirror image of a source's entry (debits and credits swapped), e.g. when a document is annulled. */
export async function reverseEntry(q: Queryable, companyId: number, sourceId: string, reversal: EntrySource): Promise<number | null> {
  const lines = await q.query<{ account_code: string; debit: string; credit: string; third_party: string | null; description: string }>(
    `SELECT l.account_code, l.debit, l.credit, l.third_party, l.description
       FROM journal_lines l JOIN journal_entries e ON e.id = l.entry_id
      WHERE e.company_id = $1 AND l.company_id = $1 AND e.source_id = $2 AND e.source_kind NOT LIKE '%annulment'
      ORDER BY e.id, l.line_no`, [companyId, sourceId]);
  if (!lines.length) return null;
  return postEntry(q, companyId, reversal, lines.map((l) => ({
    account: l.account_code, debit: l.credit, credit: l.debit, third_party: l.third_party ?? undefined, description: l.description,
  })));
}
