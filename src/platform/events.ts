/**
 * Side effects as events. A document kernel that changes a document's state
 * emits an event in the same transaction: a row of `events` (the log webhooks
 * will deliver from) and a call to every subscriber, inside that transaction,
 * so a reaction commits or rolls back with the change itself. Modules that
 * react subscribe when they load (mail: src/mail/store.ts); the module that
 * changes the state never knows who listens.
 */
import type { Queryable } from './db';

/**
 * `<document>.<event>`: what happened to which kind of document. A creation
 * is an event only for a company with webhooks (src/webhooks): otherwise the
 * document's row (with created_at) records it, and the plain invoice's
 * one-statement creation stays as light as it was.
 */
export type EventType =
  | `${'invoice' | 'voucher' | 'credit_note' | 'debit_note' | 'payment'}.created`
  | 'invoice.annulled' | 'invoice.deleted'
  | 'invoice.stamp_accepted' | 'invoice.stamp_rejected'
  | 'invoice.mail_sent' | 'invoice.mail_failed'
  | 'voucher.annulled' | 'voucher.mail_sent' | 'voucher.mail_failed'
  | `${'credit_note' | 'debit_note' | 'payment'}.${'annulled' | 'stamp_accepted' | 'stamp_rejected' | 'mail_sent' | 'mail_failed'}`
  | `${'invoice' | 'payment' | 'credit_note'}.${'cancellation_pending' | 'cancelled'}`;

/** The event as subscribers get it: `name` is the document's (prefix and number) when the emitter knows it, for their messages. */
export interface DocEvent { companyId: number; type: EventType; docId: string; name?: string }
export type Subscriber = (q: Queryable, event: DocEvent) => Promise<void>;

const subscribers = new Map<EventType, Subscriber[]>();
const everything: Subscriber[] = [];
/** Each subscriber's quiet probe (see subscribe); a subscriber without one is never known to be quiet. */
const probes = new Map<Subscriber | Reaction, (type: EventType) => string>();

/**
 * Calls `fn` inside the transaction of every later event of these types ('*': of every type). `quiet`, when
 * given, is a SQL condition that holds when `fn` would do nothing for an event of that type (`$1` the company,
 * `$2` the document's id, `doc` the document's row as the statement that changes it reads it): a writer may then
 * record the event without calling the subscribers, in one statement with its change (quietWhen).
 */
export function subscribe(types: readonly EventType[] | '*', fn: Subscriber, quiet?: (type: EventType) => string): void {
  if (quiet) probes.set(fn, quiet);
  if (types === '*') { everything.push(fn); return; }
  for (const t of types) subscribers.set(t, [...(subscribers.get(t) ?? []), fn]);
}

/**
 * A reaction written as SQL: given the name of a relation of events (company_id, event_id uuid, type, doc_id uuid),
 * the data-modifying CTEs, as [name, body], that react to each of its rows; it names them (and refers to them) with
 * `name`, which keeps them apart from the statement's other CTEs.
 */
export type Reaction = (ev: string, name: (local: string) => string) => [string, string][];
const reactions: Reaction[] = [];

/**
 * A subscriber to every event that reacts in SQL (none today: webhooks derive their deliveries from the events rows
 * afterwards, src/webhooks/fanout.ts): its CTEs join the statement
 * that records the event, whether emit's (one event) or a writer's that records many at once (eventCtes). `quiet` as
 * for subscribe.
 */
export function react(fn: Reaction, quiet?: (type: EventType) => string): void {
  reactions.push(fn);
  if (quiet) probes.set(fn, quiet);
}

/**
 * The SQL condition under which every subscriber of `type` would do nothing (`$1` the company, `$2` the
 * document, `doc` its row; 'true' when nobody subscribes), or null when one of them cannot tell: the
 * event must then go through emit.
 */
export function quietWhen(type: EventType): string | null {
  const conditions: string[] = [];
  for (const fn of [...(subscribers.get(type) ?? []), ...everything, ...reactions]) {
    const probe = probes.get(fn);
    if (!probe) return null;
    conditions.push(`(${probe(type)})`);
  }
  return conditions.join(' AND ') || 'true';
}

/**
 * The CTEs that record an event for each row of `rows` (a query of the statement that writes the documents, giving
 * company_id, type and doc_id) and run every SQL reaction to them, or null when a subscriber of one of `types` reacts
 * in JavaScript (the events must then go through emit, one by one).
 */
export function eventCtes(types: readonly EventType[], rows: string): [string, string][] | null {
  if (types.some((t) => (subscribers.get(t) ?? []).length) || everything.length) return null;
  return [
    ['created_ev', `INSERT INTO events (company_id, type, doc_id) SELECT company_id, type, doc_id FROM (${rows}) AS r ORDER BY doc_id
      RETURNING company_id, type, doc_id, event_id`],
    ...reactions.flatMap((r, i) => r('created_ev', (local) => `created_r${i}_${local}`)),
  ];
}

/** CTEs as the text that follows WITH (or a comma). */
export const ctesText = (ctes: [string, string][]): string => ctes.map(([name, body]) => `${name} AS (${body})`).join(',\n    ');

/** Records the event and runs its subscribers, in the caller's transaction. */
export async function emit(q: Queryable, companyId: number, type: EventType, doc: { id: string; name?: string }): Promise<void> {
  const ctes = [['ev', `INSERT INTO events (company_id, type, doc_id) VALUES ($1, $2, $3) RETURNING company_id, type, doc_id, event_id`],
    ...reactions.flatMap((r, i) => r('ev', (local) => `r${i}_${local}`))];
  await q.query(`WITH ${ctesText(ctes as [string, string][])} SELECT 1`, [companyId, type, doc.id]);
  for (const fn of [...(subscribers.get(type) ?? []), ...everything]) await fn(q, { companyId, type, docId: doc.id, name: doc.name });
}

/** `<document>.created`: emitted only for a company with an active webhook (Company.webhooks), in the creating transaction. */
export async function emitCreated(q: Queryable, company: { company_id: number; webhooks?: boolean }, kind: 'invoice' | 'voucher' | 'credit_note' | 'debit_note' | 'payment',
  doc: { id?: string | null; name?: string | null }): Promise<void> {
  if (company.webhooks && doc.id) await emit(q, company.company_id, `${kind}.created`, { id: doc.id, name: doc.name ?? undefined });
}

/**
 * The answers of this process's latest creations that are events (`<document>.created`, a company with webhooks), by
 * the document's id, up to CREATED_KEPT, as the JSON text the creation answered (the answer is the document as its GET
 * reads it): the webhook dispatcher of this process sends a creation's event with that text as its data, neither
 * reading the document again nor serialising it a second time (src/webhooks/dispatch.ts). Kept as text, not as the
 * answer's objects: a string held until the next claim costs the garbage collector nothing to trace. Taken once; a
 * creation whose answer is gone (another process's, or pushed out) is read.
 */
const createdAnswers = new Map<string, string>();
const CREATED_KEPT = 5_000;
/** The replies that answer such a creation (createDocument), with the document's id: their text is kept when sent. */
const creating = new WeakMap<object, string>();
export function rememberCreated(reply: object, id: string): void {
  creating.set(reply, id);
}
/** Called with every reply's serialised answer (an onSend hook): keeps it if the reply answers a creation remembered. */
export function answerSent(reply: object, payload: unknown): void {
  const id = creating.get(reply);
  if (id === undefined || typeof payload !== 'string') return;
  createdAnswers.set(id, payload);
  if (createdAnswers.size > CREATED_KEPT) createdAnswers.delete(createdAnswers.keys().next().value!);
}
export function takeCreated(id: string): string | undefined {
  const answer = createdAnswers.get(id);
  createdAnswers.delete(id);
  return answer;
}
