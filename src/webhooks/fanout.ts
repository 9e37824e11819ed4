/**
 * The fan-out of events to webhooks, by the dispatcher (./dispatch.ts), out of the request's path (migration 078). A
 * document's event is its `events` row and nothing else: no delivery row is written with it. The dispatcher holds one
 * position in the events, (xid, id), in `webhook_dispatch`, and each claim
 * - takes the lease on that position (one process at a time; it expires after claimMs, for a process that died) and
 *   reads, with the same statement, up to `batch` events past it whose transaction and every older one of this
 *   database have ended (HORIZON: an event committed late by a transaction that began early is not skipped), joined with
 *   the active subscriptions of their company that take their type and existed when they happened, with their
 *   companies, whether an earlier event of the same document to the same webhook is still pending (a delivery row), and
 *   the body kept for it by a claim that did not finish (a crash);
 * - keeps the claim's bodies on the position's row before the first POST (one row written for the claim, whatever its
 *   size, deflated by the service: migration 085), so that a crash leaves the same bytes to send again;
 * - records, with one statement, a delivery row per delivery with its outcome (delivered; pending with its body and
 *   the backoff when the POST failed; pending untried when an earlier event of its document waits), moves the position
 *   past the claim's events and releases the lease. The rows then live as before: the API's and the console's listing,
 *   retries (the pending rows are the retry queue, ./dispatch.ts), POST …/retry.
 */
import crypto from 'node:crypto';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { prepared, type Db } from '../platform/db';
import { companyJson, type Company } from '../platform/auth';
import type { DeliveryRow, WebhookRow } from './rows';
import type { PostOutcome } from './post';

/** A delivery the dispatcher sends: a row of webhook_deliveries, or (fresh) an event's delivery that has no row yet. */
export type Claimed = DeliveryRow & Pick<WebhookRow, 'url' | 'secret' | 'max_events'> & {
  previous: string | null; live: boolean; expired: boolean; company: Company; behind: boolean;
};
export type Outcome = PostOutcome & { body: string | null };

/** A claim of events: its deliveries (their ids as their rows will have them), how many events it read, and the position after them. */
export interface EventClaim { lease: string; deliveries: Claimed[]; scanned: number; xid: string; event: string }

type Row = Claimed & { ev_xid: string; ev_pos: string; inflight: string | null; inflight_deflated: Uint8Array | null };

/**
 * The id of the delivery of event `e` (an events row) to webhook `w`, the same before its row is written (owed) and after:
 * derived from the two ids.
 */
const DELIVERY_ID = (w: string, e: string) => `md5(${w}.id::text || '/' || ${e}.event_id::text)::uuid`;

/** The columns of webhook_deliveries that the API and the console read (DeliveryRow without the body). */
export const DELIVERY_COLUMNS = 'company_id, id, seq, webhook_id, event_id, type, doc_kind, doc_id, status, attempts, response_status, last_error, created_at, last_attempt_at, delivered_at';

/**
 * The events past a position (`at`: the one row of webhook_dispatch, or the claim's lease), its two values read first:
 * the planner then scans the range of events_dispatch past them. Joined to the position's row instead, it may read
 * every event of the company, or every event, in order and filter them (an ordered scan of the index that a LIMIT
 * seemed to make cheap): a cost that grew with every event ever written.
 */
const pastOf = (at: string) => `(e.xid, e.id) > ((SELECT xid FROM ${at}), (SELECT event FROM ${at}))`;

/**
 * The deliveries that the events past the position still owe (no row yet: not sent, or in flight), as DELIVERY_COLUMNS
 * and `eid` (the event's id, for their order), of the webhooks `w` and events `e` that `where` keeps: pending, no attempt.
 */
export const owed = (where: string): string => `
  SELECT e.company_id, ${DELIVERY_ID('w', 'e')} AS id, NULL::bigint AS seq, w.id AS webhook_id, e.event_id, e.type, split_part(e.type, '.', 1) AS doc_kind,
         e.doc_id::text AS doc_id, 'pending'::text AS status, 0 AS attempts, NULL::int AS response_status, NULL::text AS last_error, e.created_at,
         NULL::timestamptz AS last_attempt_at, NULL::timestamptz AS delivered_at, e.id AS eid
    FROM events e
    JOIN webhooks w ON w.company_id = e.company_id AND w.active AND NOT w.deleted AND (e.type = ANY (w.events) OR '*' = ANY (w.events)) AND w.created_at <= e.created_at
   WHERE ${pastOf('webhook_dispatch')} AND ${where}`;

/**
 * Below it, every transaction that could have written an event has ended: the oldest transaction still running in
 * this statement's snapshot (pg_current_snapshot), leaving out those that a backend of another database of the server
 * runs (they write no events here; an xid not known as theirs counts, so that one that ended meanwhile only waits a
 * pass), else the snapshot's xmax. A long transaction of another database then holds nothing back.
 */
const HORIZON = `(SELECT coalesce((SELECT min(x) FROM pg_snapshot_xip(s) AS x WHERE NOT EXISTS (SELECT 1 FROM pg_stat_activity a
      WHERE a.datname IS DISTINCT FROM current_database() AND a.backend_xid = (x::text::bigint % 4294967296)::text::xid)), pg_snapshot_xmax(s))
    FROM pg_current_snapshot() AS s)`;

/** Events past the position whose transaction and every older one have ended. */
const AFTER = `(e.xid, e.id) > (p.xid, p.event) AND e.xid < ${HORIZON}`;

/** The claim of events (claimEvents): $1 batch, $2 claimMs, $3 retryHours, $4 the lease. */
const CLAIM_EVENTS = prepared(`
    WITH lease AS (
      UPDATE webhook_dispatch p SET locked_until = now() + make_interval(secs => $2::float8 / 1000), lease = $4::uuid
       WHERE p.id = 1 AND (p.locked_until IS NULL OR p.locked_until < now()) AND EXISTS (SELECT 1 FROM events e WHERE ${AFTER})
      RETURNING p.xid, p.event, p.inflight, p.inflight_deflated),
    ev AS (SELECT e.* FROM events e WHERE ${pastOf('lease')} AND e.xid < ${HORIZON} ORDER BY e.xid, e.id LIMIT $1)
    SELECT ev.xid::text AS ev_xid, ev.id::text AS ev_pos, ev.company_id, ${DELIVERY_ID('w', 'ev')} AS id, ev.event_id, ev.type,
           split_part(ev.type, '.', 1) AS doc_kind, ev.doc_id::text AS doc_id, ev.created_at, w.id AS webhook_id, 'pending' AS status, 0 AS attempts,
           w.url, w.secret, w.max_events, CASE WHEN w.previous_secret_expires_at > now() THEN w.previous_secret END AS previous, true AS live,
           (ev.created_at < now() - make_interval(hours => $3)) AS expired,
           CASE WHEN row_number() OVER (PARTITION BY co.company_id ORDER BY ev.xid, ev.id, w.id) = 1 THEN ${companyJson('co')} END AS company,
           EXISTS (SELECT 1 FROM webhook_deliveries d WHERE d.webhook_id = w.id AND d.doc_id = ev.doc_id::text AND d.status = 'pending') AS behind,
           CASE WHEN row_number() OVER (ORDER BY ev.xid, ev.id, w.id) = 1 THEN (SELECT l.inflight FROM lease l) END AS inflight,
           CASE WHEN row_number() OVER (ORDER BY ev.xid, ev.id, w.id) = 1 THEN (SELECT l.inflight_deflated FROM lease l) END AS inflight_deflated
      FROM ev
      LEFT JOIN webhooks w ON w.company_id = ev.company_id AND w.active AND NOT w.deleted AND (ev.type = ANY (w.events) OR '*' = ANY (w.events))
                          AND w.created_at <= ev.created_at
      LEFT JOIN companies co ON co.company_id = ev.company_id AND w.id IS NOT NULL
     ORDER BY ev.xid, ev.id, w.id`);

/** Takes the lease and up to `batch` events past the position (null when another process holds it, or none are there). */
export async function claimEvents(db: Db, batch: number, claimMs: number, retryHours: number): Promise<EventClaim | null> {
  const lease = crypto.randomUUID();
  const rows = await db.query<Row>(CLAIM_EVENTS, [batch, claimMs, retryHours, lease]);
  if (!rows.length) return null;
  // Each company is read once, on its first delivery of the claim; the bodies of a claim that did not finish, once.
  const companies = new Map(rows.filter((r) => r.company).map((r) => [r.company_id, r.company]));
  const { inflight, inflight_deflated: deflated } = rows[0];
  const keptText = deflated ? zlib.inflateRawSync(deflated).toString('utf8') : inflight;
  const kept = keptText ? new Map(Object.entries(JSON.parse(keptText) as Record<string, string>)) : undefined;
  const last = rows[rows.length - 1];
  return {
    lease, xid: last.ev_xid, event: last.ev_pos, scanned: new Set(rows.map((r) => r.ev_pos)).size,
    deliveries: rows.filter((r) => r.webhook_id).map(({ ev_xid: _x, ev_pos: _p, inflight: _i, inflight_deflated: _z, ...d }) => ({
      ...d, company: d.company ?? companies.get(d.company_id)!, body: kept?.get(d.id) ?? null,
    })),
  };
}

const deflate = promisify(zlib.deflateRaw);

/**
 * Keeps the claim's bodies on the position's row, before the first POST: a JSON object of delivery id to body
 * (migration 082), deflated off the event loop (zlib's threads; migration 085): the database writes about a fifth of
 * the bytes, and on the embedded database its thread is what sets the rate of creations.
 */
export async function keepBodies(db: Db, claim: EventClaim): Promise<void> {
  const ds = claim.deliveries.filter((d) => d.body);
  if (!ds.length) return;
  const bodies = await deflate(JSON.stringify(Object.fromEntries(ds.map((d) => [d.id, d.body]))), { level: zlib.constants.Z_BEST_SPEED });
  await db.query(prepared('UPDATE webhook_dispatch SET inflight_deflated = $2 WHERE id = 1 AND lease = $1'), [claim.lease, bodies]);
}

/**
 * Every delivery of the claim as a row with its outcome, the position moved past the claim's events and the lease
 * released, in one statement (nothing written if the lease was lost: another process sends them again). A delivered
 * row keeps no body, so none is sent for it.
 */
export async function recordEvents(db: Db, claim: EventClaim, outcomes: Map<string, Outcome>): Promise<void> {
  const ds = claim.deliveries.filter((d) => outcomes.has(d.id));
  const o = ds.map((d) => outcomes.get(d.id)!);
  await db.query(prepared(`
    WITH mine AS (SELECT 1 FROM webhook_dispatch WHERE id = 1 AND lease = $1::uuid),
    rows AS (
      INSERT INTO webhook_deliveries (company_id, id, webhook_id, event_id, type, doc_kind, doc_id, body, status, attempts, response_status, last_error,
                                      created_at, last_attempt_at, delivered_at, next_attempt_at)
      SELECT o.company_id, o.id, o.webhook_id, o.event_id, o.type, split_part(o.type, '.', 1), o.doc_id,
             o.body, CASE WHEN o.status = 'skip' THEN 'pending' ELSE o.status END,
             CASE WHEN o.status = 'skip' THEN 0 ELSE 1 END, o.response, o.error, o.created_at,
             CASE WHEN o.status = 'skip' THEN NULL ELSE now() END, CASE WHEN o.status = 'delivered' THEN now() END,
             CASE WHEN o.status = 'pending' THEN now() + interval '1 second' WHEN o.status = 'skip' THEN now() + interval '100 milliseconds' ELSE now() END
        FROM unnest($4::int[], $5::uuid[], $6::uuid[], $7::text[], $8::text[], $9::text[], $10::text[], $11::int[], $12::text[], $13::timestamptz[], $14::uuid[])
             WITH ORDINALITY AS o(company_id, webhook_id, event_id, type, doc_id, body, status, response, error, created_at, id, n)
       WHERE EXISTS (SELECT 1 FROM mine)
       ORDER BY o.n
      ON CONFLICT (id) DO NOTHING)
    UPDATE webhook_dispatch SET xid = $2::xid8, event = $3::bigint, lease = NULL, locked_until = NULL, inflight = NULL, inflight_deflated = NULL
     WHERE id = 1 AND lease = $1::uuid`),
  [claim.lease, claim.xid, claim.event, ds.map((d) => d.company_id), ds.map((d) => d.webhook_id), ds.map((d) => d.event_id), ds.map((d) => d.type),
    ds.map((d) => d.doc_id), o.map((x) => (x.status === 'delivered' ? null : x.body)), o.map((x) => x.status), o.map((x) => x.response), o.map((x) => x.error),
    ds.map((d) => new Date(d.created_at).toISOString()), ds.map((d) => d.id)]);
  await reclaimKept(db, claim);
}

/**
 * Each kept body (some 3.5 kB of text a delivery, deflated to a fifth or so, stored out of line) leaves its chunks
 * dead once the record clears it, and without a VACUUM they would never be reused, so that the table would grow by
 * every body the dispatcher ever kept. The code that churns the table vacuums it, on either storage (the embedded
 * database has no autovacuum, and PostgreSQL's may be off or late), as the folding does its pending tables
 * (src/reports/folding.ts): after every KEEPS_PER_VACUUM records of a claim that kept bodies, so that what is dead is
 * at most that many claims' bodies and its space is used again. SKIP_LOCKED: a VACUUM already under way is left to it;
 * TRUNCATE false: the freed pages stay for the next bodies, rather than being given back under a lock that the next
 * claim's UPDATE of the row would wait for.
 */
export const KEEPS_PER_VACUUM = 16;
const keptSince = new WeakMap<Db, number>();
async function reclaimKept(db: Db, claim: EventClaim): Promise<void> {
  if (!claim.deliveries.some((d) => d.body)) return;
  const n = (keptSince.get(db) ?? 0) + 1;
  keptSince.set(db, n % KEEPS_PER_VACUUM);
  if (n >= KEEPS_PER_VACUUM) await db.exec('VACUUM (SKIP_LOCKED, TRUNCATE false) webhook_dispatch');
}

/** Lets the lease go without moving the position (a claim that failed half-way: its events are claimed again). */
export async function releaseLease(db: Db, lease?: string): Promise<void> {
  await db.query(`UPDATE webhook_dispatch SET lease = NULL, locked_until = NULL WHERE id = 1 AND ($1::uuid IS NULL OR lease = $1::uuid)`, [lease ?? null]);
}

/**
 * Transaction ids belong to one server: a database restored on another (or an embedded one loaded into PostgreSQL) may
 * hold a position or events' xids ahead of the server's own, which would hold every later event back. Then, once, the
 * events up to the position get xid 0 (fanned out), those past it xid 1 (still to go, in the order of their ids), and
 * the position (0, the largest id): they go first, then the events of this server.
 */
export async function adoptForeignXids(db: Db): Promise<void> {
  await db.query(`
    WITH x AS (SELECT pg_snapshot_xmax(pg_current_snapshot()) AS xmax),
    p AS (SELECT d.xid, d.event FROM webhook_dispatch d, x WHERE d.id = 1 AND (d.xid >= x.xmax OR EXISTS (SELECT 1 FROM events e WHERE e.xid >= x.xmax))),
    ev AS (UPDATE events e SET xid = CASE WHEN (e.xid, e.id) <= (p.xid, p.event) THEN '0'::xid8 ELSE '1'::xid8 END FROM p WHERE e.xid IS NOT NULL RETURNING 1)
    UPDATE webhook_dispatch d SET xid = '0', event = 9223372036854775807 FROM p WHERE d.id = 1`);
}

/** How many events are past the position (not fanned out yet), for the metrics. */
export async function eventsBehind(db: Db): Promise<number> {
  const [r] = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM events e WHERE ${pastOf('webhook_dispatch')}`);
  return r?.n ?? 0;
}
