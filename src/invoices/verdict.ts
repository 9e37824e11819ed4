/**
 * A Colombian invoice's verdict in one statement (issue 37): when nothing reacts to it (no mail of the invoice
 * waits for the authority: the subscribers' quiet probes, see quietWhen in src/platform/events.ts; webhooks need
 * the event's row alone, src/webhooks/fanout.ts), the verdict, its `invoice.stamp_*` event and the outbox job marked done
 * are written by one statement, without BEGIN and COMMIT, where recordVerdict (kernel.ts) takes a transaction
 * of five or six. Anything else (a mail waiting, an invoice that is not Pending) writes nothing here
 * and is left to recordVerdict.
 */
import { prepared, type Queryable } from '../platform/db';
import { quietWhen } from '../platform/events';
import { LIVE, type StampOutcome } from './kernel';

/** The outbox's mark of a job done, to fold into the statement (Done.folded in src/platform/outbox.ts). */
export type FoldedDone = (first: number) => { sql: string; params: unknown[]; ran(): void };

/**
 * Requests of this process that wait for an invoice's verdict to answer it (a creation or a POST …/stamp with the
 * DIAN): by company and id, the select list (over the invoice's row as `i`) of what their answer reads, and the row
 * once the quiet verdict's statement returned it with the verdict written. The request then answers from that row
 * instead of reading the invoice again: one statement fewer per electronic invoice.
 */
const waiting = new Map<string, { columns: string; row?: Record<string, unknown> }>();

/**
 * Asks the next quiet verdict of this invoice to return its row as `columns` read it (live invoices only). Answers
 * the function that takes that row (undefined when the verdict was not written that way: the caller reads the invoice),
 * and ends the wait; null when another request of this process already waits for the same invoice.
 */
export function awaitVerdictRow<R>(cid: number, id: string, columns: string): (() => R | undefined) | null {
  const key = `${cid}/${id}`;
  if (waiting.has(key)) return null;
  const entry: { columns: string; row?: Record<string, unknown> } = { columns };
  waiting.set(key, entry);
  return () => {
    if (waiting.get(key) === entry) waiting.delete(key);
    return entry.row as R | undefined;
  };
}

/** Records the verdict as above and answers true, or writes nothing and answers false (the caller then uses recordVerdict). */
export async function recordQuietVerdict(q: Queryable, cid: number, id: string, v: StampOutcome, done?: FoldedDone): Promise<boolean> {
  const type = v.status === 'Accepted' ? 'invoice.stamp_accepted' : 'invoice.stamp_rejected';
  const quiet = quietWhen(type);
  if (!quiet) return false;
  const params: unknown[] = [cid, id, v.status, v.cufe ?? null, JSON.stringify(v.errors), JSON.stringify(v.observations), v.authority,
    v.applicationResponse ?? null, v.xml, type];
  const mark = done?.(params.length + 1);
  const waiter = waiting.get(`${cid}/${id}`);
  // With a request waiting, the invoice's row as the verdict leaves it, beside the count (null when it is not live).
  // Prepared (one text per kind of verdict, waiter and mark): planning it cost PostgreSQL about half of running it.
  const [{ n, ...row }] = await q.query<{ n: number } & Record<string, unknown>>(prepared(
    `WITH changed AS (
       UPDATE invoices doc SET stamp_status = $3, stamp_cufe = $4, stamp_errors = $5, stamp_observations = $6, stamp_authority = $7,
              application_response = $8, xml = coalesce($9, doc.xml), updated_at = now()
        WHERE doc.company_id = $1 AND doc.id = $2 AND doc.stamp_status = 'Pending' AND ${quiet}
       RETURNING ${waiter ? 'doc.*' : 'doc.id'}),
     event AS (INSERT INTO events (company_id, type, doc_id) SELECT $1, $10, id FROM changed)
     ${mark ? `, done AS (${mark.sql} AND EXISTS (SELECT 1 FROM changed))` : ''}
     ${waiter
    ? `SELECT c.n, r.* FROM (SELECT count(*)::int AS n FROM changed) c LEFT JOIN LATERAL (SELECT ${waiter.columns} FROM changed i WHERE i.${LIVE}) r ON true`
    : 'SELECT count(*)::int AS n FROM changed'}`), [...params, ...(mark?.params ?? [])]);
  if (n) mark?.ran();
  if (n && waiter && row.document) waiter.row = row;
  return n > 0;
}
