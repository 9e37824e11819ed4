/**
 * `bulk-demo --invoices N`: loads N realistic invoices into the Colombian demo
 * company through the kernels' batch writers, as the API would have written
 * them, so that lists, reports and benchmarks can be tried at the size of a
 * large retailer.
 *
 * What is loaded, over the last `days` days (365 by default, dates spread
 * evenly, numbers and creation times rising together):
 * - customers: N / 200 companies (at least 20; `customers` to choose), NIT
 *   811000001, 811000002, … with their check digits, created as the API does;
 * - invoices of types FV (85 %) and FV-PCT (15 %), one to three lines of the
 *   demo products with their own taxes, paid in cash (30 %), by transfer
 *   (15 %), card (15 %) or on credit (40 %, due in 30 or 60 days);
 * - their due items and journal entries;
 * - receipts (DebtPayment vouchers, RC, in cash or by transfer) paying 97 % of
 *   the credit invoices already due and 20 % of those not due yet, each dated
 *   at most a week before the due date (never after today).
 *
 * How: every document is planned by the API's own code and written by its
 * kernel. One invoice per document type, product basket and payment type is
 * planned by POST /v1/invoices's planCoInvoice (a template); each loaded
 * invoice is that plan with its own date, customer and due date, as the
 * kernel's record that coInvoiceWrite makes of it (storeCoInvoice's: made once
 * per template and given each invoice's own values, checked equal to
 * coInvoiceWrite's own for the first invoice of each template), written by
 * writeInvoices (src/invoices/kernel.ts) in batches of `batch` invoices:
 * numbers from the document types' counters, gap-free, due items, journal
 * entries. Each batch is planned while the one before is written. Two credit
 * invoices written through the service itself (storeCoInvoice) are planned
 * paid by planVoucher: those plans are the receipts' templates; each receipt
 * is that plan paying its own due item, turned into the kernel's record by
 * voucherWrite and written by writeVouchers (src/vouchers/kernel.ts), which
 * checks what is owed, numbers it, pays the due item and the invoice's
 * balance (in its statement: paymentCtes) and posts its entry. The two sample receipts are
 * stored last, through the service. No table of documents is written here.
 *
 * Two lanes (PostgreSQL; `lanes`): the invoices on one connection, the receipts on another, each receipt batch as
 * soon as the invoices it pays are written. Receipts are numbered in the order they were made: a receipt is made
 * after its invoice and creation times rise with the invoices, so once the invoices before seq are written, every
 * receipt made before seq's creation time is known, and they come first. The lanes share no row (other counters,
 * their own document_counts rows, append-only pending sums) but the progress row, which each updates last, just
 * before its commit. At the end, one lane folds the receivables and then VACUUMs their tables, the other folds the
 * ledger and VACUUMs every other table.
 *
 * Batches, resumable: every batch is its own short transaction (statement
 * timeout SET LOCAL to LOAD_TIMEOUT_MS, whatever the service's, and work_mem
 * to LOAD_WORK_MEM, so that its statement sorts in memory; on PostgreSQL
 * jit off), which also, as its last statement,
 * moves the load's progress row (bulk_loads, migration 071) from the batch's
 * first document to the one after its last; a run that stopped (killed, or a
 * batch that failed) leaves every batch before committed, and a second run
 * with the same arguments (invoices, days, customers) finds the row and goes
 * on from there: the same dates, creation times, customers and invoice ids
 * (drawn from the row's seed), never a batch twice (the progress UPDATE is
 * conditional on where the batch starts, so two runs at once cannot both
 * write it). A finished load is not loaded again (`again` starts a new one).
 * Numbers are taken batch by batch from the counters, gap-free, so API
 * creations during the load interleave with it rather than wait for it.
 *
 * When the database user is a superuser (always on the embedded database),
 * the batches skip the foreign-key checks of their rows (every reference they
 * write was just read: company, document types, customers, the invoices and
 * entries of the same statement), which are nearly half of the work; the
 * counting triggers fire all the same (ENABLE ALWAYS, migration 023). Loaded
 * documents are in their final state (no events: nothing happens to a loaded
 * document until the API changes it).
 */
import type { Db, Queryable } from '../platform/db';
import { todayIn } from '../invoices/lookup';
import { prepareInvoices, writeInvoices, type InvoiceWrite } from '../invoices/kernel';
import { foldLedger } from '../ledger/balances';
import { foldReceivables } from '../reports/receivables';
import { storeVoucher } from '../vouchers/service';
import { writeVouchers, type VoucherWrite } from '../vouchers/kernel';
import { ensureDemo } from './demo';
import {
  bulkCustomers, companyOf, documents, dueItems, invoiceId, invoiceRecords, invoiceTemplates, receiptWrite, references, sampleInvoices, sampleReceipts,
  addDays, type Drawn, type Paid,
} from './bulk-documents';

export interface BulkOptions {
  invoices: number;
  /** Days of history, ending today (default 365). */
  days?: number;
  /** Customers to spread the invoices over (default N / 200, at least 20). */
  customers?: number;
  /** Invoices (and receipts) per batch: one transaction, one call of the batch writer (default 5,000). */
  batch?: number;
  /** Receipts per batch (default: batch). */
  receiptBatch?: number;
  /** Stop after this many batches committed in this run (the load stays resumable): a test's interruption, or a load in parts. */
  stopAfter?: number;
  /**
   * Connections the load writes on at once (default 2 on PostgreSQL, 1 on the embedded database, which has one): with 2,
   * the receipts are written beside the invoices, a batch as soon as the invoices it pays are.
   */
  lanes?: 1 | 2;
  /** Start another load even when one with the same arguments finished (by default a finished load is not loaded again). */
  again?: boolean;
  log?: (line: string) => void;
}

export interface BulkResult {
  company_id: number;
  /** The load's progress row (bulk_loads). */
  load_id: number;
  invoices: number;
  vouchers: number;
  customers: number;
  first_date: string;
  last_date: string;
  /** Invoices and receipts written by this run (the rest by the runs before it). */
  written: { invoices: number; receipts: number };
  /** This run continued a load that had stopped. */
  resumed: boolean;
  /** The load is complete (false: stopped by stopAfter; run again with the same arguments to go on). */
  finished: boolean;
  seconds: number;
}

/** The statement timeout of the load's transactions (each a batch), whatever the service's REQUEST_TIMEOUT_MS. */
export const LOAD_TIMEOUT_MS = 10 * 60_000;
/** How a superuser's load compresses the full-page images it writes to PostgreSQL's WAL (BULK_WAL_COMPRESSION: off, pglz, lz4, zstd). */
const WAL_COMPRESSION = ['off', 'pglz', 'lz4', 'zstd'].includes(process.env.BULK_WAL_COMPRESSION ?? '') ? process.env.BULK_WAL_COMPRESSION : 'lz4';
/** The memory a load's statement may sort and hash in (its transactions only). */
const LOAD_WORK_MEM = '256MB';

/** The load's progress row (migration 071). */
interface LoadRow {
  id: string; first_date: string; last_date: string; started_at: Date; seed: string; samples: string[];
  invoices_done: number; receipts_done: number; receipts: number | null; finished_at: Date | null;
}

/** Lets the event loop run (the write under way goes on) while a batch is planned. */
const turn = () => new Promise<void>((resolve) => setImmediate(resolve));

/** Thrown when a run stops after `stopAfter` batches (caught by bulkDemo). */
class Stopped extends Error {}

export async function bulkDemo(db: Db, o: BulkOptions): Promise<BulkResult> {
  const started = Date.now();
  const log = o.log ?? (() => undefined);
  const elapsed = () => `${((Date.now() - started) / 1000).toFixed(1)} s`;
  const total = o.invoices;
  if (!Number.isInteger(total) || total < 10) throw new Error('bulk-demo loads at least 10 invoices');
  const days = o.days ?? 365;
  const batch = o.batch ?? 5_000;
  const customers = o.customers ?? Math.max(20, Math.round(total / 200));
  const args = { invoices: total, days, customers };
  await ensureDemo(db);
  const [{ company_id: cid }] = await db.query<{ company_id: number }>(`SELECT company_id FROM companies WHERE is_demo AND country = 'CO' ORDER BY company_id LIMIT 1`);
  const company = await companyOf(db, cid);
  const refs = await references(db, cid);
  const [{ superuser }] = await db.query<{ superuser: string }>(`SELECT current_setting('is_superuser') AS superuser`);
  /** One transaction of the load: short, with the load's statement timeout (and, as a superuser, without the foreign-key checks of its own rows). */
  const loadTx = <T>(fn: (q: Queryable) => Promise<T>, fast = true) => db.tx(async (q) => {
    // Its own statement timeout, and room for a batch's statement to hold its documents in CTEs and sort them in memory
    // rather than in temporary files (work_mem is 4 MB by default).
    // And no JIT: the planner's estimates of a batch's statements and of the final folds (rows from JSON, joins over
    // every due item) pass jit_above_cost, and compiling them took longer than running them (the receivables' fold of
    // 8,000 due items: 12 of its 13.9 s in LLVM's optimisation). PGlite has no JIT.
    // As a superuser, without the foreign-key checks (session_replication_role) and, on PostgreSQL, with the full-page
    // images the load writes to the WAL compressed (lz4): after each checkpoint (at a million invoices, every few
    // seconds) a page the load changes is written whole once.
    // And the planner told that reading a page at random costs about what reading the next one does (random_page_cost,
    // 4 by default, where it meant a disk's seek): the load's tables are in memory. With the default, the triggers'
    // statements of a batch (its 13,700 journal lines joined to their entries by key, its due items to their invoices)
    // read the whole of the entries' or the invoices' index in key order once they passed about half a million rows
    // (142 ms at 542,215 entries) rather than look each row up (16.6 ms); the batch's insert took 257 ms against 71.
    // All of them SET LOCAL (set_config's third argument) in one round trip: each round trip of a batch's transaction
    // waits for this process, which plans the next batches meanwhile.
    const settings: [string, string][] = [['statement_timeout', String(LOAD_TIMEOUT_MS)], ['work_mem', LOAD_WORK_MEM], ['random_page_cost', '1.1']];
    if (db.kind === 'postgres') settings.push(['jit', 'off']);
    if (fast && superuser === 'on') {
      settings.push(['session_replication_role', 'replica']);
      if (db.kind === 'postgres') settings.push(['wal_compression', String(WAL_COMPRESSION)]);
    }
    await q.query(`SELECT ${settings.map((_, k) => `set_config($${2 * k + 1}, $${2 * k + 2}, true)`).join(', ')}`, settings.flat());
    return fn(q);
  });

  // The load these arguments continue, or a new one: its dates, start, seed, two sample invoices and customers, committed first.
  const readLoad = async () => (await db.query<LoadRow>(
    `SELECT id, to_char(first_date, 'YYYY-MM-DD') AS first_date, to_char(last_date, 'YYYY-MM-DD') AS last_date, started_at, seed::text, samples::text[] AS samples,
            invoices_done, receipts_done, receipts, finished_at
       FROM bulk_loads WHERE company_id = $1 AND args = $2::jsonb ORDER BY id DESC LIMIT 1`, [cid, JSON.stringify(args)]))[0];
  let load = await readLoad();
  const resumed = !!load && !load.finished_at;
  if (load?.finished_at && !o.again) log(`a load of these arguments finished at ${new Date(load.finished_at).toISOString()} (load ${load.id}): nothing to do (again: another load)`);
  if (!load || (load.finished_at && o.again)) {
    const today = todayIn('America/Bogota');
    const first = addDays(today, -(days - 1));
    await loadTx(async (q) => {
      const samples = await sampleInvoices(q, company, refs, first);
      await bulkCustomers(q, cid, customers, log);
      await q.query(`INSERT INTO bulk_loads (company_id, args, first_date, last_date, started_at, seed, samples) VALUES ($1, $2::jsonb, $3, $4, now(), gen_random_uuid(), $5::uuid[])`,
        [cid, JSON.stringify(args), first, today, samples]);
    }, false);
    load = await readLoad();
    log(`load ${load.id}: ${total} invoices from ${load.first_date} to ${load.last_date}, in batches of ${batch} (${elapsed()})`);
  } else if (resumed) {
    log(`load ${load.id} resumed: ${load.invoices_done} invoices and ${load.receipts_done} receipts were written (${elapsed()})`);
  }
  const { first_date: first, last_date: today, seed } = load;
  const written = { invoices: 0, receipts: 0 };
  const done = (finished: boolean): BulkResult => ({
    company_id: cid, load_id: Number(load.id), invoices: total, vouchers: (load.receipts ?? 0) + 2, customers, first_date: first, last_date: today,
    written, resumed, finished, seconds: Math.round((Date.now() - started) / 100) / 10,
  });
  if (load.finished_at) return done(true);

  const lanes = o.lanes ?? (db.kind === 'postgres' ? 2 : 1);
  let batches = 0;
  /** Counts a committed batch; past stopAfter, the run stops (between batches: what is committed stays). */
  const committed = () => { if (o.stopAfter !== undefined && ++batches >= o.stopAfter) throw new Stopped(); };
  try {
    const people = await bulkCustomers(db, cid, customers, log);
    const templates = await invoiceTemplates(db, company, refs, people[0], today);
    const samples = await sampleReceipts(db, company, refs, load.samples, today);

    // The invoices, in batches, on one lane; the receipts on another (lanes: 2, PostgreSQL), each batch as soon as its
    // invoices are written, or after the invoices (lanes: 1). On each lane a batch is planned while the one before is
    // written. The invoices written by earlier runs are drawn again (the generator is sequential) but not written.
    const n = total - 2;
    const draw = documents({ n, days, first, today, people, timeZone: company.time_zone, now: new Date(load.started_at).getTime() });
    const record = invoiceRecords(company, templates, (d) => invoiceId(seed, d.seq, d.created));
    const payableOf = (d: Drawn, write: InvoiceWrite): Paid | undefined => {
      const due = write.due[0];
      const pays = due && d.paidR < (d.dueDate <= today ? 97 : 20);
      return pays ? { ...d.receipt, seq: d.seq, invoiceId: write.r.id, date: d.date, dueDate: d.dueDate, amount: due.amount, account: due.account, person: d.person } : undefined;
    };
    // The receipts in the order they were made (numbered in that order), as far as it is known: a receipt is made after
    // its invoice and creation times rise with the invoices' numbers, so once the invoices before seq are written, the
    // receipts made before draw.created(seq) are all known and come before any other (released to `order`).
    const order: Paid[] = [];
    let waiting: Paid[] = [];
    let failure: unknown = null; // the first error of a lane (Stopped included): the other lane stops before its next batch
    let invoicesWritten = false;
    let wake = () => undefined as void;
    const release = (cutoff: number) => {
      const ready = waiting.filter((p) => p.vcreated < cutoff).sort(byMade);
      waiting = waiting.filter((p) => p.vcreated >= cutoff);
      order.push(...ready);
      wake();
    };
    const earlier: Paid[] = [];
    for (let seq = 0; seq < Math.min(load.invoices_done, n); seq++) {
      const d = draw(seq);
      if (templates[d.t].payments.some((p) => p.type.due_date)) {
        const p = payableOf(d, record(d));
        if (p) earlier.push(p);
      }
    }
    // The numbers of the invoices earlier runs wrote that receipts pay, read back by their ids.
    for (let k = 0; k < earlier.length; k += 5000) {
      const part = earlier.slice(k, k + 5000);
      const rows = new Map((await db.query<{ id: string; prefix: string; number: string; name: string }>(
        'SELECT id, prefix, number, name FROM invoices WHERE company_id = $1 AND id = ANY($2::uuid[])', [cid, part.map((p) => p.invoiceId)])).map((r) => [r.id, r]));
      for (const p of part) {
        const r = rows.get(p.invoiceId);
        if (!r) throw new Error(`bulk-demo: invoice ${p.seq} of load ${load.id} (${p.invoiceId}) is not in the database: the load cannot be continued`);
        waiting.push({ ...p, numbered: { prefix: r.prefix, number: Number(r.number), name: r.name } });
      }
    }
    release(draw.created(Math.min(load.invoices_done, n)));

    const invoicesLane = async () => {
      let writing: Promise<void> = Promise.resolve();
      let last = -Infinity;
      for (let from = load.invoices_done; from < n && !failure; from += batch) {
        const to = Math.min(n, from + batch);
        const writes: InvoiceWrite[] = [];
        const payable: (Paid | undefined)[] = [];
        for (let seq = from; seq < to; seq++) {
          if ((seq - from) % 500 === 499) await turn();
          const d = draw(seq);
          if (d.created < last) throw new Error(`bulk-demo: invoice ${seq} is made before the one before it`);
          last = d.created;
          const write = record(d);
          writes.push(write);
          payable.push(payableOf(d, write));
        }
        await turn();
        prepareInvoices(writes); // its statements' parameters too, while the batch before is written
        await writing;
        if (failure) break;
        writing = loadTx(async (q) => {
          const out = await writeInvoices(q, writes);
          await advance(q, load.id, 'invoices_done', from, to); // last: the receipts' lane waits for the progress row only for a commit
          return out;
        }).then((out) => {
          out.forEach((x, k) => {
            if (x instanceof Error) throw x;
            const p = payable[k];
            if (p) waiting.push({ ...p, numbered: x });
          });
          written.invoices += writes.length;
          log(`invoices ${to + 2}/${total} (${elapsed()}, ${Math.round(written.invoices / ((Date.now() - started) / 1000))}/s this run)`);
          release(draw.created(to));
          committed();
        });
        writing.catch(() => undefined); // awaited (and thrown) before the next write: not an unhandled rejection while a batch is planned
      }
      await writing;
      if (failure) return;
      release(Infinity);
      const count = order.length;
      if (load.receipts !== null && load.receipts !== count) throw new Error(`bulk-demo: load ${load.id} had ${load.receipts} receipts to write, now ${count}`);
      await db.query('UPDATE bulk_loads SET receipts = $2, updated_at = now() WHERE id = $1', [load.id, count]);
      load.receipts = count;
      invoicesWritten = true;
      wake();
    };

    const rbatch = o.receiptBatch ?? batch;
    const receiptsLane = async () => {
      let writing: Promise<void> = Promise.resolve();
      let analyzed = 0;
      for (let from = load.receipts_done; !failure;) {
        while (order.length - from < rbatch && !invoicesWritten && !failure) await new Promise<void>((resolve) => { wake = resolve; });
        if (failure || from >= order.length) break;
        // The planner learns the invoices and due items written so far (else it reads them whole to find a batch's
        // rows): before the first batch of the run, and again each time the invoices written have doubled.
        if (!analyzed || written.invoices >= 2 * analyzed) {
          await db.exec('ANALYZE invoices, due_items');
          analyzed = Math.max(1, written.invoices);
        }
        const to = Math.min(order.length, from + rbatch);
        const chunk = order.slice(from, to);
        const dues = await dueItems(db, cid, chunk);
        const writes: VoucherWrite[] = [];
        for (const [k, p] of chunk.entries()) {
          if (k % 500 === 499) await turn();
          writes.push(receiptWrite(company, samples[p.vpay], p, dues));
        }
        await writing;
        if (failure) break;
        const at = from;
        writing = loadTx(async (q) => {
          const out = await writeVouchers(q, writes);
          await advance(q, load.id, 'receipts_done', at, to);
          return out;
        }).then((out) => {
          for (const x of out) if (x instanceof Error) throw x;
          written.receipts += writes.length;
          log(`receipts ${to}/${invoicesWritten ? order.length : `${order.length}+`} (${elapsed()})`);
          committed();
        });
        writing.catch(() => undefined);
        from = to;
      }
      await writing;
    };

    const lane = (run: () => Promise<void>) => run().catch((e: unknown) => { failure ??= e; wake(); });
    if (lanes > 1) await Promise.all([lane(invoicesLane), lane(receiptsLane)]);
    else { await lane(invoicesLane); if (!failure) await lane(receiptsLane); }
    if (failure) throw failure;

    // The two sample receipts, through the service, and the load marked finished: one transaction.
    await loadTx(async (q) => {
      for (const plan of samples) await storeVoucher(q, company, plan, {});
      await q.query('UPDATE bulk_loads SET finished_at = now(), updated_at = now() WHERE id = $1 AND finished_at IS NULL', [load.id]);
    }, false);
  } catch (e) {
    if (!(e instanceof Stopped)) throw e;
    log(`stopped after ${batches} batches (${elapsed()}): run again with the same arguments to continue`);
    return done(false);
  }
  // The sums the reports read, then the planner's statistics and the visibility map (index-only scans) of each table
  // once nothing writes it any more. With two lanes: the receivables' fold (the longest) and then its tables on one,
  // the ledger's fold and then every other table on the other.
  // foldReceivables opens its own transaction: given the Db whose transactions have the load's statement timeout.
  const withTimeout = new Proxy(db, {
    get: (t, k) => (k === 'tx' ? <T>(fn: (q: Queryable) => Promise<T>) => loadTx(fn, false) : typeof Reflect.get(t, k) === 'function' ? Reflect.get(t, k).bind(t) : Reflect.get(t, k)),
  });
  const vacuum = async (tables: string[]) => { for (const t of tables) await db.exec(`VACUUM (ANALYZE) ${t}`); };
  const receivables = async () => {
    await foldReceivables(withTimeout, cid);
    log(`receivables folded (${elapsed()})`);
    await vacuum(['receivable_customers', 'receivable_dues', 'receivable_pending']);
    log(`receivables' tables analyzed (${elapsed()})`);
  };
  const ledger = async () => {
    await loadTx((q) => foldLedger(q, cid), false);
    log(`ledger folded (${elapsed()})`);
    await vacuum(['invoices', 'journal_lines', 'due_items', 'vouchers', 'voucher_applications', 'journal_entries', 'customers', 'document_counts',
      'ledger_days', 'ledger_months', 'ledger_pending']);
    log(`the other tables analyzed (${elapsed()})`);
  };
  if (lanes > 1) await Promise.all([receivables(), ledger()]);
  else { await receivables(); await ledger(); }
  log(`analyzed (${elapsed()})`);
  return done(true);
}

/** The order receipts are made in (and numbered): by creation time, then date, then their invoice's. */
const byMade = (a: Paid, b: Paid) => a.vcreated - b.vcreated || (a.vdate < b.vdate ? -1 : a.vdate > b.vdate ? 1 : 0) || a.seq - b.seq;

/** Moves the load's progress from `from` to `to` in the batch's transaction; throws (rolling the batch back) when it is not at `from`: another run got there first. */
async function advance(q: Queryable, id: string, column: 'invoices_done' | 'receipts_done', from: number, to: number) {
  const rows = await q.query(`UPDATE bulk_loads SET ${column} = $3, updated_at = now() WHERE id = $1 AND ${column} = $2 AND finished_at IS NULL RETURNING id`, [id, from, to]);
  if (!rows.length) throw new Error(`bulk-demo: load ${id} is no longer at ${column} = ${from} (another run of it?)`);
}
