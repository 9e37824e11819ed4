/**
 * The webhook dispatcher: sends what events owe to webhooks, out of every request's path, in batches. An event is its
 * `events` row alone (src/platform/events.ts): its deliveries are derived here from the events and the subscriptions
 * (./fanout.ts, migration 078), and a delivery's row is written once, with its outcome. Every server process runs a
 * dispatcher that, in each pass,
 * - claims up to `batch` delivery rows due (the retries: a POST that failed, an event that waited behind an earlier
 *   one of its document, POST …/retry) with ONE statement, which also reads their webhooks and companies and whether
 *   an earlier event of the same document is still pending outside the claim: on PostgreSQL FOR UPDATE SKIP LOCKED, a
 *   claim that expires after claimMs so that a process that died leaves them to the others; on the embedded database,
 *   which one process holds, a plain read and a claim kept in memory (no write of the rows); sends and records them;
 * - then claims up to `batch` events past the dispatcher's position, with their subscriptions, with ONE statement
 *   (one process at a time holds that lease; ./fanout.ts);
 * - builds the bodies still missing (each document as its GET answers it): a creation's event that this process
 *   answered with that answer (not read again), else the batch's invoices of a company in one query, other documents
 *   one read each, `concurrency` companies at a time, and keeps them with one statement
 *   before the first POST (every retry sends the same bytes, even after a crash): on the rows for the retries, on the
 *   position's one row for a claim of events;
 * - POSTs them, on a thread of their own (./post.ts: one message takes the claim's POSTs there, one brings their
 *   outcomes back), in parallel per receiver up to `perReceiver` at once, the deliveries of one document to one webhook
 *   one after the other in the order of its events (a later one is not sent while an earlier one is pending); a
 *   receiver that asked for several events in one POST (the webhook's max_events) gets them as a JSON array of up to
 *   that many, a document's events together and in order, signed as one body;
 * - records every outcome of the batch with ONE statement (delivered; pending again after the backoff, 1 s doubling
 *   to 10 min; failed once WEBHOOK_RETRY_HOURS have passed, or at once for a deleted webhook or a refused URL): for a
 *   claim of events, the delivery rows inserted and the position moved past its events in the same statement;
 * and claims again at once while claims come back full, else polls again after `busyPollMs` (default 100 ms) when
 * the pass claimed something and after `pollMs` (default 500 ms) when it found nothing: under a steady flow of events
 * the claims stay small and the lag short, an idle service polls twice a second.
 * The delivery lag (event to delivered) and the queue's depth (rows pending and due, events not fanned out yet) are in
 * the service's metrics (GET /admin/v1/metrics).
 */
import { companyJson } from '../platform/auth';
import { Gauge, Histogram } from 'prom-client';
import { prepared, type Db } from '../platform/db';
import { background } from '../platform/background';
import { metrics } from '../platform/metrics';
import { takeCreated } from '../platform/events';
import { AAD, openFor } from '../platform/secrets';
import { checkReceiver, type Resolve } from './egress';
import { readDocuments } from './deliveries';
import { bounded, groupBy, PostThread, type PostGroup } from './post';
import { adoptForeignXids, claimEvents, eventsBehind, keepBodies, recordEvents, releaseLease, type Claimed, type EventClaim, type Outcome } from './fanout';

export interface DispatchOptions {
  timeoutMs: number; retryHours: number; allowPrivate: boolean; resolve?: Resolve;
  pollMs?: number; busyPollMs?: number; batch?: number; perReceiver?: number; claimMs?: number; concurrency?: number;
  log?: (msg: string, extra?: object) => void;
}


const lag = new Histogram({
  name: 'facturas_webhook_delivery_lag_seconds', help: 'Time from a webhook event to its delivery (2xx answer), deliveries sent by this process',
  buckets: [0.05, 0.1, 0.25, 0.5, 1, 2, 5, 10, 30, 60, 300, 3600], registers: [metrics],
});
const sent = new Histogram({
  name: 'facturas_webhook_batch_deliveries', help: 'Deliveries claimed by one claim of the webhook dispatcher',
  buckets: [1, 2, 5, 10, 25, 50, 100, 250, 500], registers: [metrics],
});
/** The dispatchers of this process: the queue's depth is read through the first one's database when scraped; a retry kicks them. */
const running = new Set<WebhookDispatcher>();
new Gauge({
  name: 'facturas_webhook_queue_deliveries', help: 'Webhook deliveries pending (every company), due now, and events not fanned out to the webhooks yet', labelNames: ['state'], registers: [metrics],
  async collect() {
    const d = [...running][0];
    if (!d) return;
    const [r] = await d.db.query<{ pending: number; due: number }>(
      `SELECT count(*)::int AS pending, count(*) FILTER (WHERE next_attempt_at <= now())::int AS due FROM webhook_deliveries WHERE status = 'pending'`);
    this.set({ state: 'pending' }, r.pending);
    this.set({ state: 'due' }, r.due);
    this.set({ state: 'events' }, await eventsBehind(d.db));
  },
});

/** The deliveries claimed on each embedded database (its dispatchers', in this process), and its claim under way. */
const heldOf = new WeakMap<Db, Set<string>>();
const claiming = new WeakMap<Db, Promise<unknown>>();

/** Asks every dispatcher of this process to claim now (a delivery made due again: POST …/retry). */
export function kickDispatchers(): void {
  for (const d of running) void d.kick();
}

export class WebhookDispatcher {
  private timer: NodeJS.Timeout | null = null;
  private stopped = true;
  private pass: Promise<void> | null = null;
  private again = false;
  /** Whether the last pass claimed anything (the next poll comes sooner). */
  private busy = false;
  private readonly o: Required<Omit<DispatchOptions, 'resolve'>> & { resolve?: Resolve };
  /** The deliveries claimed in this process (the embedded database only; see claim). */
  private readonly held: Set<string> | undefined;
  /** The thread the POSTs run on (./post.ts). */
  private readonly posts = new PostThread();

  constructor(readonly db: Db, options: DispatchOptions) {
    this.o = { pollMs: 500, busyPollMs: 100, batch: 200, perReceiver: 16, claimMs: 120_000, concurrency: 8, log: () => undefined, ...options };
    if (db.kind === 'pglite') {
      if (!heldOf.has(db)) heldOf.set(db, new Set());
      this.held = heldOf.get(db);
    }
  }

  start(): void {
    this.stopped = false;
    running.add(this);
    const tick = () => { void this.kick().finally(() => { if (!this.stopped) this.timer = setTimeout(tick, this.busy ? this.o.busyPollMs : this.o.pollMs); }); };
    this.timer = setTimeout(tick, 0);
  }

  /** Makes every claimed delivery claimable again; only for a database no other process uses (the embedded one, at start). */
  async releaseClaims(): Promise<void> {
    await this.db.query(`UPDATE webhook_deliveries SET locked_until = NULL WHERE status = 'pending' AND locked_until IS NOT NULL`);
    await releaseLease(this.db);
  }

  /** At start, on either database: transaction ids of another server (a restored database) are made this one's (./fanout.ts). */
  async adoptXids(): Promise<void> {
    await adoptForeignXids(this.db);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    running.delete(this);
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.pass;
    await this.posts.close();
  }

  /** Claims and sends until a claim comes back short; resolves when that is done (one pass at a time: a kick during one runs another after it). */
  kick(): Promise<void> {
    if (this.pass) { this.again = true; return this.pass; }
    this.pass = (async () => {
      try {
        this.busy = false;
        do {
          this.again = false;
          for (let n = this.o.batch; !this.stopped && n >= this.o.batch;) {
            n = await background.run(true, () => this.once());
            this.busy ||= n > 0;
          }
        } while (this.again && !this.stopped);
      } catch (e) {
        this.o.log('webhook dispatch failed', { err: String(e) });
      } finally {
        this.pass = null;
      }
    })();
    return this.pass;
  }

  /**
   * One claim of the delivery rows due (retries), their sends and their record, then one claim of the events past the
   * position (./fanout.ts), theirs; answers the larger of the deliveries and the events claimed.
   */
  async once(): Promise<number> {
    const claimed = await this.claim();
    let n = 0;
    try {
      n = claimed.length ? await this.sendAll(claimed) : 0;
    } finally {
      for (const d of claimed) this.held?.delete(d.id);
    }
    const fresh = await claimEvents(this.db, this.o.batch, this.o.claimMs, this.o.retryHours);
    if (!fresh) return n;
    try {
      await this.sendAll(fresh.deliveries, fresh);
    } catch (e) {
      await releaseLease(this.db, fresh.lease).catch(() => undefined);
      throw e;
    }
    return Math.max(n, fresh.scanned);
  }

  /**
   * Up to `batch` due deliveries with their webhook and company, and whether an earlier event of the same document to
   * the same webhook is still pending outside the claim (`behind`). On PostgreSQL the claim is written on the rows (a
   * claim that expires, for the other processes); the embedded database belongs to this process alone, so there the
   * claim is kept in memory (`held`, shared by this database's dispatchers) and costs no write of the rows.
   */
  private async claim(): Promise<Claimed[]> {
    const columns = `w.url, w.secret, w.max_events, CASE WHEN w.previous_secret_expires_at > now() THEN w.previous_secret END AS previous, w.active AND NOT w.deleted AS live,
             (c.created_at < now() - make_interval(hours => $3)) AS expired, ${companyJson('co')} AS company,
             EXISTS (SELECT 1 FROM webhook_deliveries e WHERE e.webhook_id = c.webhook_id AND e.doc_id = c.doc_id AND e.seq < c.seq AND e.status = 'pending'
                       AND e.id <> ALL (ARRAY(SELECT id FROM c))) AS behind`;
    const due = `d.status = 'pending' AND d.next_attempt_at <= now() AND (d.locked_until IS NULL OR d.locked_until < now())`;
    if (!this.held) {
      return this.db.query<Claimed>(prepared(`
      WITH c AS (
        UPDATE webhook_deliveries SET locked_until = now() + make_interval(secs => $2::float8 / 1000)
         WHERE id IN (SELECT d.id FROM webhook_deliveries d WHERE ${due} ORDER BY d.next_attempt_at, d.seq LIMIT $1 FOR UPDATE SKIP LOCKED)
        RETURNING *)
      SELECT c.*, ${columns}
        FROM c JOIN webhooks w ON w.id = c.webhook_id JOIN companies co ON co.company_id = c.company_id
       ORDER BY c.seq`), [this.o.batch, this.o.claimMs, this.o.retryHours]);
    }
    const held = this.held;
    // One claim at a time per database: a delivery is held from the answer of the claim that took it.
    const turn = (claiming.get(this.db) ?? Promise.resolve()).then(() => this.db.query<Claimed>(prepared(`
      WITH c AS (SELECT d.* FROM webhook_deliveries d WHERE ${due} AND d.id <> ALL ($2::uuid[]) ORDER BY d.next_attempt_at, d.seq LIMIT $1)
      SELECT c.*, ${columns}
        FROM c JOIN webhooks w ON w.id = c.webhook_id JOIN companies co ON co.company_id = c.company_id
       ORDER BY c.seq`), [this.o.batch, [...held], this.o.retryHours]).then((rows) => { for (const d of rows) held.add(d.id); return rows; }));
    claiming.set(this.db, turn.catch(() => undefined));
    return turn;
  }

  /** Sends a claim's deliveries (rows, or the deliveries of a claim of events) and records them; answers how many there were. */
  private async sendAll(claimed: Claimed[], events?: EventClaim): Promise<number> {
    if (claimed.length) sent.observe(claimed.length);
    const outcomes = new Map<string, Outcome>();

    // The bodies still missing: per company, each document read once (the invoices of the batch in one query).
    const byCompany = groupBy(claimed.filter((d) => !d.body && d.live), (d) => d.company_id);
    // A creation's event that this process answered: its answer's text (src/platform/events.ts, rememberCreated), not read again.
    const answered = new Map<string, string>();
    for (const d of claimed) {
      if (d.body || !d.live || !d.type.endsWith('.created') || answered.has(d.doc_id)) continue;
      const answer = takeCreated(d.doc_id);
      if (answer !== undefined) answered.set(d.doc_id, answer);
    }
    const created = (d: Claimed) => (d.type.endsWith('.created') ? answered.get(d.doc_id) : undefined);
    await bounded([...byCompany.values()], this.o.concurrency, async (ds) => {
      const docs = new Map(ds.filter((d) => created(d) === undefined).map((d) => [`${d.doc_kind}/${d.doc_id}`, { kind: d.doc_kind, id: d.doc_id }]));
      const data = docs.size ? await readDocuments(this.db, ds[0].company, [...docs.values()]) : new Map<string, unknown>();
      for (const d of ds) {
        const event = { id: d.event_id, type: d.type, created: new Date(d.created_at).toISOString() };
        const text = created(d);
        d.body = text === undefined ? JSON.stringify({ ...event, data: data.get(`${d.doc_kind}/${d.doc_id}`) }) : `${JSON.stringify(event).slice(0, -1)},"data":${text}}`;
      }
    });
    // Fixed before the first POST (one statement for the batch): a process that dies during it leaves the same bytes to send again.
    const built = [...byCompany.values()].flat();
    if (events) {
      if (built.length) await keepBodies(this.db, events);
    } else if (built.length) {
      await this.db.query(`UPDATE webhook_deliveries d SET body = b.body FROM unnest($1::uuid[], $2::text[]) AS b(id, body) WHERE d.id = b.id AND d.body IS NULL`,
        [built.map((d) => d.id), built.map((d) => d.body)]);
    }

    // Per webhook: its address checked once for the batch, its secrets opened; the POSTs on their own thread (./post.ts).
    const groups: PostGroup[] = [];
    await Promise.all([...groupBy(claimed, (d) => d.webhook_id).values()].map(async (ds) => {
      const first = ds[0];
      if (!first.live) { for (const d of ds) outcomes.set(d.id, { id: d.id, status: 'failed', response: null, error: 'The webhook was deleted or deactivated', body: d.body }); return; }
      const target = await checkReceiver(first.url, this.o.allowPrivate, this.o.resolve);
      if ('refused' in target && !target.unresolved) {
        for (const d of ds) outcomes.set(d.id, { id: d.id, status: 'failed', response: null, error: `The URL ${target.refused}`, body: d.body });
        return;
      }
      groups.push({
        target: 'refused' in target ? { refused: target.refused } : { url: target.url.href, address: target.address },
        secrets: [first.secret, ...(first.previous ? [first.previous] : [])].map((k) => openFor(k, AAD.webhook(first.company_id, first.webhook_id))),
        maxEvents: first.max_events,
        deliveries: ds.map((d) => ({ id: d.id, event_id: d.event_id, doc_id: d.doc_id, body: d.body!, created_at: new Date(d.created_at).toISOString(), behind: d.behind, expired: d.expired })),
      });
    }));
    if (groups.length) {
      const bodies = new Map(claimed.map((d) => [d.id, d.body]));
      for (const o of await this.posts.run({ groups, timeoutMs: this.o.timeoutMs, perReceiver: this.o.perReceiver, retryHours: this.o.retryHours })) {
        if (o.lag !== undefined) lag.observe(o.lag);
        outcomes.set(o.id, { ...o, body: bodies.get(o.id) ?? null });
      }
    }
    if (events) await recordEvents(this.db, events, outcomes);
    else await this.record([...outcomes.values()]);
    return claimed.length;
  }

  /** Every outcome of a claim in one statement: an attempt counted for each sent, the claim released for all. */
  private async record(outcomes: Outcome[]): Promise<void> {
    if (!outcomes.length) return;
    await this.db.query(prepared(`
      UPDATE webhook_deliveries d SET
             status = CASE WHEN o.status = 'skip' THEN d.status ELSE o.status END,
             attempts = d.attempts + CASE WHEN o.status = 'skip' THEN 0 ELSE 1 END,
             response_status = CASE WHEN o.status = 'skip' THEN d.response_status ELSE o.response END,
             last_error = CASE WHEN o.status = 'skip' THEN d.last_error ELSE o.error END,
             last_attempt_at = CASE WHEN o.status = 'skip' THEN d.last_attempt_at ELSE now() END,
             delivered_at = CASE WHEN o.status = 'delivered' THEN now() ELSE d.delivered_at END,
             next_attempt_at = CASE WHEN o.status = 'pending' THEN now() + make_interval(secs => least(600, power(2, d.attempts)))
                                    WHEN o.status = 'skip' THEN now() + interval '100 milliseconds' ELSE d.next_attempt_at END,
             locked_until = NULL
        FROM unnest($1::uuid[], $2::text[], $3::int[], $4::text[]) AS o(id, status, response, error)
       WHERE d.id = o.id`),
    [outcomes.map((o) => o.id), outcomes.map((o) => o.status), outcomes.map((o) => o.response), outcomes.map((o) => o.error)]);
  }
}
