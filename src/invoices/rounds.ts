/**
 * Batch writers for documents whose guards read what the batch's other documents change (credit and debit notes:
 * what is left to credit on their invoice, its open due items; Mexican payment receipts: what the earlier receipts
 * of the same invoices paid and the taxes they settled). Issue 37, point 1.
 *
 * A document's write is split in two: `decide` (its guards' reads and checks under the batch's locks; it computes
 * the document, what it settles and its postings, or throws the refusal the single path answers; it writes
 * nothing) and `write` (set-based: N documents numbered beforehand, with a few statements). The batch's items are
 * partitioned into rounds (group-commit.ts `rounds`): no two items of a round touch the same invoice, so within a
 * round no decision reads what another item of the round writes. Per round every item is decided, then the
 * accepted ones are numbered (one UPDATE of each document type's counter takes the N numbers, in request order)
 * and written together; a refused item gets its own error and takes no number. An item with a number sent by
 * hand, and every item of a type whose counter refuses the N numbers, is numbered and written alone under a
 * savepoint (the single path's takeNumber gives its own answer). A set-based statement that fails throws: group
 * commit rolls the batch back and writes each creation alone.
 *
 * The single path (group commit off, a batch of one, a fallback) is the same code with N = 1: decide, takeNumber,
 * write.
 */
import { prepared, type Queryable } from '../platform/db';
import { ApiError } from '../platform/errors';
import { mergeLocks, rounds, Slot, underSavepoint, type BatchLocks, type BatchWriter } from '../platform/group-commit';
import { batchNumbering, takeNumber, type Numbered } from './numbering';

/** How a writer wrote in batches (per process): batches, rounds, documents written together, alone (under a savepoint), refused. */
export interface RoundsStats { batches: number; rounds: number; together: number; alone: number; refused: number }

export interface DecidingKernel<I, D, O> {
  readonly name: string;
  readonly table: 'notes' | 'payments';
  /** What the item locks (taken by group commit for the whole batch before anything is written). */
  locks(item: I): BatchLocks;
  /** The invoices the item reads and changes (as `company:invoice` keys): items sharing one are decided in different rounds. */
  invoices(item: I): string[];
  /** The guards, under the locks, without writing: the decision, or the refusal thrown (an ApiError). */
  decide(q: Queryable, item: I): Promise<D>;
  /** Where its number comes from: the company, its document type, a number sent by hand. */
  numbering(item: I): { cid: number; tid: number; sent?: number };
  /** Writes decided and numbered documents (of any companies and types, no two on the same invoice) set-based; their answers. */
  write(q: Queryable, ws: { item: I; decision: D; numbered: Numbered }[]): Promise<O[]>;
}

export interface RoundsWriter<I, O> extends BatchWriter<I, O> {
  readonly stats: RoundsStats;
  /** The creation's write: at once on `q` (decide, takeNumber, write: the single path), or handed to the batch when `q` is its Slot. */
  store(q: Queryable, item: I): Promise<O>;
}

/** A refusal (the item's own answer); anything else fails the batch (its transaction may be aborted). */
const isRefusal = (e: unknown): e is Error => e instanceof ApiError || (e instanceof Error && typeof (e as { statusCode?: unknown }).statusCode === 'number');

/** N numbers of a document type in order, by one UPDATE of its counter; null when it refuses them (resolution, safe range). */
export async function takeNumbers(q: Queryable, cid: number, tid: number, n: number): Promise<Numbered[] | null> {
  const [t] = await q.query<{ first: string; prefix: string }>(TAKE_NUMBERS, [cid, tid, n]);
  if (!t) return null;
  return Array.from({ length: n }, (_, k) => {
    const number = Number(t.first) + k;
    return { number, prefix: t.prefix, name: `${t.prefix}-${tid}-${number}` };
  });
}
const TAKE_NUMBERS = prepared(`WITH num AS (${batchNumbering('$1', '$2', '$3')}) SELECT first::text AS first, prefix FROM num`);

export function writerInRounds<I, D, O>(k: DecidingKernel<I, D, O>): RoundsWriter<I, O> {
  const stats: RoundsStats = { batches: 0, rounds: 0, together: 0, alone: 0, refused: 0 };
  /** One document, numbered by takeNumber and written: the single path's end, and an item written alone in a batch. */
  const alone = async (q: Queryable, item: I, decision: D): Promise<O> => {
    const { cid, tid, sent } = k.numbering(item);
    const numbered = await takeNumber(q, cid, tid, k.table, sent);
    const [out] = await k.write(q, [{ item, decision, numbered }]);
    return out;
  };
  const writer: RoundsWriter<I, O> = {
    name: k.name,
    stats,
    locks: (items) => mergeLocks(items.map((it) => k.locks(it))),
    async store(q, item) {
      if (q instanceof Slot) return q.defer(writer, item);
      return alone(q, item, await k.decide(q, item));
    },
    async write(q, items) {
      stats.batches++;
      const out: (O | Error)[] = new Array(items.length);
      for (const round of rounds(items.map((it) => k.invoices(it)))) {
        stats.rounds++;
        // The guards of every item of the round (none reads what another of the round writes).
        const accepted: { i: number; decision: D }[] = [];
        for (const i of round) {
          try {
            accepted.push({ i, decision: await k.decide(q, items[i]) });
          } catch (e) {
            if (!isRefusal(e)) throw e;
            out[i] = e;
            stats.refused++;
          }
        }
        // Numbers per (company, type), in request order, for the accepted ones numbered automatically.
        const types = new Map<string, { cid: number; tid: number; auto: typeof accepted }>();
        const single: typeof accepted = [];
        for (const a of accepted) {
          const { cid, tid, sent } = k.numbering(items[a.i]);
          if (sent !== undefined) { single.push(a); continue; }
          const key = `${cid}:${tid}`;
          const t = types.get(key) ?? { cid, tid, auto: [] };
          types.set(key, t);
          t.auto.push(a);
        }
        const together: { i: number; item: I; decision: D; numbered: Numbered }[] = [];
        for (const t of [...types.values()].sort((a, b) => a.cid - b.cid || a.tid - b.tid)) {
          const numbers = await takeNumbers(q, t.cid, t.tid, t.auto.length);
          if (!numbers) { single.push(...t.auto); continue; }
          t.auto.forEach((a, n) => together.push({ i: a.i, item: items[a.i], decision: a.decision, numbered: numbers[n] }));
        }
        if (together.length) {
          together.sort((x, y) => x.i - y.i);
          // No savepoint: a statement that fails aborts the batch, and group commit writes each creation alone.
          const written = await k.write(q, together);
          together.forEach((w, n) => { out[w.i] = written[n]; });
          stats.together += together.length;
        }
        for (const a of single.sort((x, y) => x.i - y.i)) {
          out[a.i] = await underSavepoint(q, () => alone(q, items[a.i], a.decision));
          stats.alone++;
        }
      }
      return out;
    },
  };
  return writer;
}
