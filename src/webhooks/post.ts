/**
 * The POSTs of a claim (./dispatch.ts), on a thread of their own. The dispatcher decides, on the event loop, what is
 * sent where: the bodies (fixed before the first POST), each webhook's checked address (./egress.ts, resolved once
 * and pinned) and its secrets. Signing the bodies and the HTTP exchanges themselves (a connection's writes and reads,
 * the answer's parsing, the timeout) are the part that grows with every event; run on the event loop they took it
 * about a fifth of a millisecond per delivery, time every request of the service waits behind. Here one message
 * carries a claim's POSTs to the thread and one brings their outcomes back.
 *
 * The order does not change: per webhook, its documents in parallel up to `perReceiver`, each document's events one
 * after the other in the order of its events (a later one is not sent while an earlier one is pending: `behind`, or
 * one of the claim's that was not delivered); a receiver that asked for several events in one POST (max_events) gets
 * them as a JSON array, a document's events together and in order, signed as one body.
 */
import crypto from 'node:crypto';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { postTo } from './egress';

/** A delivery as the thread needs it: the body fixed for it, and what decides its order and its outcome. */
export interface PostDelivery { id: string; event_id: string; doc_id: string; body: string; created_at: string; behind: boolean; expired: boolean }
/** One webhook's deliveries of the claim, with its checked address (or why it could not be resolved: each POST then fails, to be retried). */
export interface PostGroup { target: { url: string; address: string } | { refused: string }; secrets: string[]; maxEvents: number; deliveries: PostDelivery[] }
export interface PostPlan { groups: PostGroup[]; timeoutMs: number; perReceiver: number; retryHours: number }
/** A delivery's outcome ('skip': not sent, an earlier event of its document waits); lag: seconds from its event to its delivery. */
export interface PostOutcome { id: string; status: 'pending' | 'delivered' | 'failed' | 'skip'; response: number | null; error: string | null; lag?: number }

/** `Webhook-Signature` of a body at time `t` (unix seconds): one v1 per secret, the current one first. */
export function signature(secrets: string[], t: number, body: string): string {
  return [`t=${t}`, ...secrets.map((k) => `v1=${crypto.createHmac('sha256', k).update(`${t}.${body}`).digest('hex')}`)].join(',');
}

/** Sends a plan's POSTs (in whichever thread calls it) and answers the outcome of each of its deliveries. */
export async function deliver(plan: PostPlan): Promise<PostOutcome[]> {
  const outcomes: PostOutcome[] = [];
  const failure = (d: PostDelivery, response: number | null, error: string): PostOutcome => (d.expired
    ? { id: d.id, status: 'failed', response, error: `${error}; given up after ${plan.retryHours} hours` }
    : { id: d.id, status: 'pending', response, error });
  const skip = (d: PostDelivery) => outcomes.push({ id: d.id, status: 'skip', response: null, error: null });

  /** One POST of one delivery, or of several (`array`: the JSON array of their bodies, `Webhook-Id` their event ids joined by commas). */
  const send = async (g: PostGroup, ds: PostDelivery[], array: boolean): Promise<PostOutcome[]> => {
    if ('refused' in g.target) { const why = `The URL ${g.target.refused}`; return ds.map((d) => failure(d, null, why)); }
    const body = array ? `[${ds.map((d) => d.body).join(',')}]` : ds[0].body;
    try {
      const t = Math.floor(Date.now() / 1000);
      const status = await postTo({ url: new URL(g.target.url), address: g.target.address }, {
        'Content-Type': 'application/json', 'User-Agent': 'facturas-api-webhooks/1', 'Webhook-Id': ds.map((d) => d.event_id).join(','),
        'Webhook-Signature': signature(g.secrets, t, body),
      }, body, plan.timeoutMs);
      if (status >= 200 && status < 300) {
        return ds.map((d) => ({ id: d.id, status: 'delivered', response: status, error: null, lag: Math.max(0, (Date.now() - Date.parse(d.created_at)) / 1000) }));
      }
      return ds.map((d) => failure(d, status, `The receiver answered ${status}`));
    } catch (e) {
      const error = (e as Error).name === 'TimeoutError' ? `No answer within ${plan.timeoutMs} ms` : `Could not reach the receiver: ${(e as Error).message}`;
      return ds.map((d) => failure(d, null, error));
    }
  };

  await Promise.all(plan.groups.map(async (g) => {
    const byDoc = groupBy(g.deliveries, (d) => d.doc_id);
    if (g.maxEvents <= 1) {
      await bounded([...byDoc.values()], plan.perReceiver, async (events) => {
        let blocked = false;
        for (const d of events) {
          blocked ||= d.behind;
          if (blocked) { skip(d); continue; }
          const [o] = await send(g, [d], false);
          outcomes.push(o);
          blocked = o.status !== 'delivered';
        }
      });
      return;
    }
    const posts: PostDelivery[][] = [];
    let post: PostDelivery[] = [];
    for (const events of byDoc.values()) {
      const behind = events.findIndex((d) => d.behind);
      const ready = events.slice(0, behind < 0 ? events.length : behind).slice(0, g.maxEvents);
      for (const d of events.slice(ready.length)) skip(d);
      if (post.length + ready.length > g.maxEvents) { posts.push(post); post = []; }
      post.push(...ready);
    }
    if (post.length) posts.push(post);
    await bounded(posts, plan.perReceiver, async (ds) => { outcomes.push(...await send(g, ds, true)); });
  }));
  return outcomes;
}

/** Messages to and from the thread (./post-thread.ts). */
export type ToPostThread = { id: number; plan: PostPlan };
export type FromPostThread = { id: number; outcomes?: PostOutcome[]; error?: string };

/** A POST thread and the plans given to it, by id, until it answers them. */
interface Thread { worker: Worker; waiting: Map<number, { resolve: (o: PostOutcome[]) => void; reject: (e: Error) => void }> }

/**
 * The thread a dispatcher's POSTs run on: started at its first plan, and again after one that died (its plans still
 * out fail, and the dispatcher releases their claims: ./dispatch.ts). It holds the process only while a plan is out.
 */
export class PostThread {
  /** The thread running now and the plans it holds (a thread that died fails its own plans only, not the next one's). */
  private current: Thread | null = null;
  private next = 1;

  run(plan: PostPlan): Promise<PostOutcome[]> {
    const { worker, waiting } = this.current ?? this.start();
    return new Promise((resolve, reject) => {
      const id = this.next++;
      if (!waiting.size) worker.ref();
      waiting.set(id, { resolve, reject });
      worker.postMessage({ id, plan } satisfies ToPostThread);
    });
  }

  async close(): Promise<void> {
    const worker = this.current?.worker;
    this.current = null;
    if (worker) await worker.terminate();
  }

  private start(): Thread {
    const worker = new Worker(path.join(__dirname, 'post-thread.js'));
    const waiting: Thread['waiting'] = new Map();
    const thread: Thread = { worker, waiting };
    worker.unref();
    worker.on('message', (m: FromPostThread) => {
      const w = waiting.get(m.id);
      waiting.delete(m.id);
      if (!waiting.size) worker.unref();
      if (m.outcomes) w?.resolve(m.outcomes);
      else w?.reject(new Error(m.error ?? 'the webhook POST thread failed'));
    });
    const fail = (e: Error) => {
      if (this.current === thread) this.current = null;
      for (const w of waiting.values()) w.reject(e);
      waiting.clear();
    };
    worker.on('error', fail);
    worker.on('exit', (code) => fail(new Error(`The webhook POST thread stopped (exit code ${code})`)));
    this.current = thread;
    return thread;
  }
}

/** The items by key, each key's in their order. */
export function groupBy<T, K>(items: T[], key: (item: T) => K): Map<K, T[]> {
  const groups = new Map<K, T[]>();
  for (const item of items) {
    const group = groups.get(key(item));
    if (group) group.push(item);
    else groups.set(key(item), [item]);
  }
  return groups;
}

/** Runs fn over items, at most `limit` at once. */
export async function bounded<T>(items: T[], limit: number, fn: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length) await fn(items[next++]);
  }));
}
