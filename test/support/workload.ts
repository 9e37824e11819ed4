/**
 * A mixed stream of creations for the load and crash suites, sent as an
 * integrator would: Colombian cash, credit and electronic invoices, cash
 * receipts and credit notes (settled on account) on the credit invoices,
 * Mexican invoices (some stamped; some PPD, stamped, then paid by payment
 * receipts and credited by credit notes set off against what they owe) and e-mail requests, from several workers across one or more server processes.
 *
 * The workload remembers every answer. Creations with an Idempotency-Key
 * whose answer was lost (a killed process) are sent again later, until
 * answered; some keyed creations are repeated on another process, at once or
 * afterwards, and must come back as the same document. `verify` then checks
 * what was stored, directly in the database and through the API.
 */
import crypto from 'node:crypto';
import Decimal from 'decimal.js';
import type { ApiClient, Reply } from './server';
import type { Queryable } from '../../src/platform/db';
import { CO_LEDGER, MX_LEDGER } from '../../src/ledger/accounts';
import { coRefs, today, validInvoice, type CoRefs } from './co';
import { MX_APP, mxInvoice, mxRefs, type MxRefs } from './mx';
import { debtPayment, rcRefs, type RcRefs } from './vouchers';
import { errorShapeProblem } from './routes';
import { sleep } from './profile';

export interface Refs { co: CoRefs; rc: RcRefs; mx: MxRefs; nc: { type: any; onAccount: any } }

export async function workloadRefs(c: ApiClient): Promise<Refs> {
  const [co, rc, mx, types, pays] = await Promise.all([coRefs(c), rcRefs(c), mxRefs(c), c.as('co').list('/v1/document-types?type=NC'),
    c.as('co').list('/v1/payment-types?document_type=NC')]);
  return { co, rc, mx, nc: { type: types.find((t) => t.electronic_type === 'NoElectronic'), onAccount: pays.find((p) => p.type === 'Credit') } };
}

/** The number of every automatically numbered document type, before the run: numbering must go on from it without a gap. */
export async function numberingSnapshot(q: Queryable): Promise<Map<number, number>> {
  const rows = await q.query<{ id: number; consecutive: number }>('SELECT id, consecutive::int AS consecutive FROM document_types WHERE automatic_number');
  return new Map(rows.map((r) => [r.id, r.consecutive]));
}

type Kind = 'cash' | 'credit' | 'electronic' | 'voucher' | 'note' | 'mx' | 'mxppd' | 'mxpay' | 'mxnote' | 'mail';
interface Op { kind: Kind; country: 'co' | 'mx'; path: string; body: unknown; headers?: Record<string, string>; key?: string; credit?: Credit }
/** What pays or credits an invoice: races for its last pesos are refused with 400. */
const SETTLES: Kind[] = ['voucher', 'note', 'mxpay', 'mxnote'];
interface Credit { id: string; customer: { identification: string; branch_office: number }; due: { prefix: string; consecutive: number; quote: number }; amount: Decimal; paid: Decimal }

export interface WorkloadOptions {
  /** Share of creations sent with an Idempotency-Key (1 in the crash suite: every answer can be recovered). */
  keyed: number;
  /** Share of keyed creations also sent to another process, at the same time or after the answer. */
  repeated: number;
}

const money = (min: number, max: number) => new Decimal(Math.floor(min * 100 + Math.random() * (max - min) * 100)).div(100);
const pick = <T>(xs: T[]) => xs[Math.floor(Math.random() * xs.length)];

export class Workload {
  readonly invoices = new Map<string, any>();
  readonly vouchers = new Map<string, any>();
  /** Credit notes (each settled on account against its credit invoice; in Mexico, by compensation). */
  readonly notes = new Map<string, any>();
  /** Mexican payment receipts. */
  readonly payments = new Map<string, any>();
  readonly credits: Credit[] = [];
  /** Stamped Mexican PPD invoices: what they owe, and what receipts and credit notes took off it. */
  readonly mxCredits: Credit[] = [];
  /** Idempotency-Key → the document it created. */
  readonly keys = new Map<string, string>();
  /** Invoices with an e-mail request answered 202. */
  readonly mailed = new Set<string>();
  readonly anomalies: string[] = [];
  requests = 0;
  serverErrors = 0;
  refused = 0;
  /** Lost answers sent again: found done before the kill (replayed), or done only now. */
  recovered = { replayed: 0, redone: 0 };
  private unanswered: Op[] = [];
  private customers: { identification: string; branch_office: number }[];

  constructor(private refs: Refs, public clients: ApiClient[], private o: WorkloadOptions) {
    this.customers = refs.co.customers.filter((c) => c.active && c.branch_office === 0).slice(0, 4)
      .map((c) => ({ identification: c.identification, branch_office: 0 }));
  }

  /** Keyed creations whose answer was lost so far. */
  get lost() { return this.unanswered.length; }

  private next(): Op {
    const r = this.refs.co;
    const dice = Math.random();
    const key = Math.random() < this.o.keyed ? crypto.randomUUID() : undefined;
    const open = this.credits.filter((c) => c.paid.lt(c.amount));
    if (dice < 0.25 && open.length) {
      const credit = pick(open);
      const owed = credit.amount.minus(credit.paid);
      const value = Decimal.max(new Decimal('0.01'), Decimal.min(owed, money(1, owed.toNumber() * 0.7 + 1)));
      return { kind: 'voucher', country: 'co', path: '/v1/vouchers', key, credit,
        body: debtPayment(this.refs.rc, credit.customer, [{ due: credit.due, value: value.toNumber() }]) };
    }
    if (dice < 0.30 && open.length) {
      // A discount credited on a credit invoice, settled against what it still owes.
      const credit = pick(open);
      const value = Decimal.max(new Decimal('0.01'), Decimal.min(credit.amount.minus(credit.paid), money(1, 200))).toNumber();
      return { kind: 'note', country: 'co', path: '/v1/credit-notes', key, credit, body: {
        document: { id: this.refs.nc.type.id }, date: today(), invoice: credit.id, reason: 3, seller: r.seller.id,
        items: [{ code: 'LIBRO01', quantity: 1, price: value, taxes: [] }], payments: [{ id: this.refs.nc.onAccount.id, value }],
      } };
    }
    const mxOpen = this.mxCredits.filter((c) => c.paid.lt(c.amount));
    if (dice < 0.34 && mxOpen.length) {
      const credit = pick(mxOpen);
      const owed = credit.amount.minus(credit.paid);
      // (The first chance goes to a receipt: a run of a few hundred operations pays at least one invoice.)
      if (dice < 0.32 || this.payments.size === 0) {
        const amount = Decimal.max(new Decimal('0.01'), Decimal.min(owed, money(1, owed.toNumber() * 0.7 + 1))).toNumber();
        return { kind: 'mxpay', country: 'mx', path: '/v1/payments', key, credit, body: {
          document: { id: this.refs.mx.receipt }, date: new Date(Date.now() - 1000).toISOString(), customer: { rfc_id: 'XIA190128J61', branch_office: 0 },
          payment_form: '03', amount, invoices: [{ id: credit.id, amount }], stamp: { send: Math.random() < 0.5 },
        } };
      }
      // A discount of up to 100 pesos plus IVA, set off against what the invoice owes.
      const price = Decimal.max(new Decimal('0.01'), Decimal.min(owed.div('1.16').toDecimalPlaces(2, Decimal.ROUND_DOWN), money(1, 100))).toNumber();
      return { kind: 'mxnote', country: 'mx', path: '/v1/credit-notes', key, credit, body: {
        document: { id: this.refs.mx.creditNote }, invoices: [{ id: credit.id }], payment_form: '17', items: [{ code: 'LAP14', quantity: 1, price }],
        stamp: { send: Math.random() < 0.5 },
      } };
    }
    if (dice < 0.37) {
      // A stamped PPD invoice, to be paid and credited.
      const price = money(100, 3000);
      const total = price.times('1.16').toDecimalPlaces(2, Decimal.ROUND_HALF_UP).toNumber();
      return { kind: 'mxppd', country: 'mx', path: '/v1/invoices', key, headers: MX_APP, body: mxInvoice(this.refs.mx, [{ code: 'LAP14', quantity: 1, price: price.toNumber() }], total, {
        payment: { method: 'PPD', conditions: { id: this.refs.mx.toDefine, value: total, due_date: '2099-12-31' } }, stamp: { send: true },
      }) };
    }
    if (dice < 0.39 && this.invoices.size) {
      const inv = pick([...this.invoices.values()].filter((i) => !i.use));
      if (inv) return { kind: 'mail', country: 'co', path: `/v1/invoices/${inv.id}/mail`, body: { mail_to: 'cuentas@cliente.example.co' } };
    }
    if (dice < 0.45) {
      return { kind: 'mx', country: 'mx', path: '/v1/invoices', key, headers: MX_APP,
        body: mxInvoice(this.refs.mx, undefined, undefined, Math.random() < 0.3 ? { stamp: { send: true } } : {}) };
    }
    if (dice < 0.55) return { kind: 'electronic', country: 'co', path: '/v1/invoices', key, body: validInvoice(r, { document: { id: r.type['FV-E'].id }, stamp: { send: true } }) };
    const customer = pick(this.customers);
    if (dice < 0.80) {
      const amount = money(100, 5000).toNumber();
      return { kind: 'credit', country: 'co', path: '/v1/invoices', key, body: validInvoice(r, { customer,
        items: [{ code: 'LIBRO01', quantity: 1, price: amount, taxes: [] }], payments: [{ id: r.pay.Credit.id, value: amount, due_date: '2099-12-31' }] }) };
    }
    return { kind: 'cash', country: 'co', path: '/v1/invoices', key, body: validInvoice(r, { customer }) };
  }

  private async post(c: ApiClient, op: Op): Promise<Reply | null> {
    this.requests++;
    try {
      return await c.as(op.country).post(op.path, op.body, { ...op.headers, ...(op.key ? { 'idempotency-key': op.key } : {}) });
    } catch {
      return null; // the connection was cut: the process died
    }
  }

  /** Records one answer; false when it was lost (and should be sent again). */
  private take(op: Op, res: Reply | null, where: string): boolean {
    if (!res) return false;
    const what = `${op.kind} ${op.path}${op.key ? ` key ${op.key}` : ''} on ${where}`;
    if (res.status >= 500) {
      this.serverErrors++;
      this.anomalies.push(`${what}: ${res.status} ${JSON.stringify(res.body).slice(0, 300)}`);
      return true;
    }
    if (res.status >= 400) {
      const shape = errorShapeProblem(res.status, res.body, res.headers);
      const codes = (res.body?.Errors ?? []).map((e: any) => e.Code);
      // Two receipts paying the same installment at once: the second may find it (partly) paid already.
      // Two receipts paying the same installment at once: the second may find it (partly) paid already; so may a credit note
      // settled on account, or two credit notes of one invoice the amount left to credit.
      const raced = SETTLES.includes(op.kind) && res.status === 400
        && codes.every((c: string) => c === 'invalid_value' || c === 'invalid_reference' || c === 'invalid_payment');
      if (shape || !raced) this.anomalies.push(`${what}: ${res.status} ${JSON.stringify(res.body).slice(0, 300)}`);
      else this.refused++;
      return true;
    }
    if (op.kind === 'mail') {
      if (res.status === 202) this.mailed.add(op.path.split('/')[3]);
      else this.anomalies.push(`${what}: ${res.status}, expected 202`);
      return true;
    }
    if (res.status !== 201 || !res.body?.id) { this.anomalies.push(`${what}: ${res.status}, expected 201`); return true; }
    const doc = res.body;
    if (op.key) {
      const first = this.keys.get(op.key);
      if (first && first !== doc.id) this.anomalies.push(`${what}: a second document ${doc.id} for the key of ${first}`);
      this.keys.set(op.key, first ?? doc.id);
      if (first) return true; // a replay: recorded already
    }
    if (SETTLES.includes(op.kind)) {
      (op.kind === 'voucher' ? this.vouchers : op.kind === 'mxpay' ? this.payments : this.notes).set(doc.id, doc);
      op.credit!.paid = op.credit!.paid.plus(op.kind === 'mxpay' ? doc.amount : doc.total);
    } else {
      this.invoices.set(doc.id, doc);
      if (op.kind === 'mxppd' && doc.stamp?.status === 'Accepted') {
        this.mxCredits.push({ id: doc.id, customer: { identification: 'XIA190128J61', branch_office: 0 }, due: { prefix: doc.prefix, consecutive: doc.number, quote: 1 },
          amount: new Decimal(doc.total), paid: new Decimal(0) });
      }
      if (op.kind === 'credit') {
        this.credits.push({ id: doc.id, customer: op.body && (op.body as any).customer, due: { prefix: doc.prefix, consecutive: doc.number, quote: 1 },
          amount: new Decimal(doc.total), paid: new Decimal(0) });
      }
    }
    return true;
  }

  /** Sends one operation (and its repetition) through client `i`. */
  private async one(i: number): Promise<void> {
    const op = this.next();
    const c = this.clients[i % this.clients.length];
    const other = this.clients[(i + 1) % this.clients.length];
    const repeat = op.key && Math.random() < this.o.repeated;
    if (repeat && Math.random() < 0.5) {
      const [a, b] = await Promise.all([this.post(c, op), this.post(other, op)]); // the same key on two processes at once
      const ta = this.take(op, a, c.url);
      const tb = this.take(op, b, other.url);
      if (!ta && !tb) this.unanswered.push(op);
      if (a?.status === 201 && b?.status === 201 && [a, b].filter((x) => x.headers.get('idempotent-replayed') === 'true').length !== 1) {
        this.anomalies.push(`${op.kind} key ${op.key} sent twice at once: not exactly one of the two answers says Idempotent-Replayed`);
      }
      return;
    }
    if (!this.take(op, await this.post(c, op), c.url)) {
      if (op.key) this.unanswered.push(op);
      else if (op.kind !== 'mail') this.anomalies.push(`${op.kind} without a key on ${c.url}: no answer`);
      return;
    }
    if (!repeat) return;
    const again = await this.post(other, op); // a retry after the answer, on another process
    this.take(op, again, other.url);
    if (again?.status === 201 && again.headers.get('idempotent-replayed') !== 'true') this.anomalies.push(`${op.kind} key ${op.key}: a retry answered without Idempotent-Replayed: true`);
  }

  /** `concurrency` workers send operations until `count` were sent, `ms` passed, or `stop()` resolves. */
  async run(o: { concurrency: number; count: number; ms: number; stop?: Promise<unknown> }): Promise<number> {
    let sent = 0;
    let stopped = false;
    const deadline = Date.now() + o.ms;
    o.stop?.then(() => { stopped = true; });
    await Promise.all(Array.from({ length: o.concurrency }, async (_, w) => {
      while (!stopped && sent < o.count && Date.now() < deadline) {
        sent++;
        await this.one(w);
      }
    }));
    return sent;
  }

  /** Sends every lost keyed creation again until it is answered (the same document, or its first creation). */
  async resend(ms = 60_000): Promise<void> {
    const deadline = Date.now() + ms;
    while (this.unanswered.length && Date.now() < deadline) {
      const ops = this.unanswered.splice(0);
      for (const [i, op] of ops.entries()) {
        const c = this.clients[i % this.clients.length];
        const res = await this.post(c, op);
        if (!this.take(op, res, c.url)) { this.unanswered.push(op); await sleep(200); continue; }
        if (res?.headers.get('idempotent-replayed') === 'true') this.recovered.replayed++;
        else this.recovered.redone++;
      }
    }
    for (const op of this.unanswered) this.anomalies.push(`${op.kind} key ${op.key}: still no answer after ${ms / 1000} s`);
  }

  /** Waits until every electronic invoice has its verdict and every requested mail was sent, as seen through the API. */
  async settle(ms: number): Promise<void> {
    const c = this.clients[0];
    const deadline = Date.now() + ms;
    const waiting = () => [...this.invoices.values()].filter((i) => i.stamp?.send && !['Accepted', 'Rejected'].includes(i.stamp.status) || this.mailed.has(i.id) && i.mail?.status !== 'sent');
    let left = waiting();
    while (left.length && Date.now() < deadline) {
      for (const inv of left) {
        const res = await c.as(inv.use ? 'mx' : 'co').get(`/v1/invoices/${inv.id}`, inv.use ? MX_APP : undefined);
        if (res.status === 200) this.invoices.set(inv.id, { ...inv, stamp: res.body.stamp, mail: res.body.mail });
      }
      left = waiting();
      if (left.length) await sleep(500);
    }
    for (const inv of left) this.anomalies.push(`invoice ${inv.name}: stamp ${inv.stamp?.status}, mail ${inv.mail?.status} after ${ms / 1000} s`);
  }

  /**
   * Checks every promise against the database and the API: each answered
   * document is stored whole and readable, no document exists that no answer
   * named, numbering goes on without a gap, every entry balances, receivables
   * equal credit invoices minus receipts, nothing is left claimed or queued.
   */
  async verify(q: Queryable, numbering: Map<number, number>): Promise<{ documents: number; anomalies: string[] }> {
    const anomalies: string[] = [];
    const bad = (what: string, rows: unknown[]) => { for (const r of rows) anomalies.push(`${what}: ${JSON.stringify(r)}`); };
    // Every answered document is there, with the number and total it was answered with, and nothing else is.
    const stored = new Map<string, { number: number; total: string }>();
    for (const t of ['invoices', 'vouchers', 'notes', 'payments']) {
      for (const r of await q.query<{ id: string; number: number; total: string }>(`SELECT id::text, number::int AS number, total::text FROM ${t}`)) stored.set(r.id, r);
    }
    const answered = new Map([...this.invoices, ...this.vouchers, ...this.notes, ...this.payments]);
    for (const [id, doc] of answered) {
      const row = stored.get(id);
      if (!row) anomalies.push(`${doc.name} (${id}) was answered 201 but is not stored`);
      else if (row.number !== doc.number || !new Decimal(row.total).eq(doc.total ?? doc.amount)) anomalies.push(`${doc.name}: stored as number ${row.number} total ${row.total}`);
    }
    for (const id of stored.keys()) if (!answered.has(id)) anomalies.push(`document ${id} is stored but no answer named it`);
    anomalies.push(...await bookAnomalies(q, numbering));
    bad('Idempotency-Key claimed but never answered', await q.query('SELECT key FROM idempotency_keys WHERE status = 0'));
    const keyed = await q.query<{ key: string; id: string }>(`SELECT key, response->>'id' AS id FROM idempotency_keys WHERE status = 201`);
    const byKey = new Map(keyed.map((k) => [k.key, k.id]));
    for (const [key, id] of this.keys) if (byKey.get(key) !== id) anomalies.push(`key ${key}: stored for ${byKey.get(key)}, answered ${id}`);
    bad('outbox work not done', await q.query(`SELECT kind, ref_id, status, last_error FROM outbox WHERE status <> 'done'`));
    bad('mail not sent', await q.query(`SELECT id, status FROM mails WHERE status <> 'sent'`));
    return { documents: answered.size, anomalies };
  }

  /** Through the API: each document reads back as answered, the trial balances balance, receivables = credit − receipts. */
  async verifyApi(): Promise<void> {
    const c = this.clients[0];
    for (const doc of this.invoices.values()) {
      const mx = !!doc.use;
      const res = await c.as(mx ? 'mx' : 'co').get(`/v1/invoices/${doc.id}`, mx ? MX_APP : undefined);
      this.requests++;
      if (res.status !== 200 || res.body.name !== doc.name || res.body.total !== doc.total || res.body.items?.length !== doc.items.length) {
        this.anomalies.push(`GET invoice ${doc.name}: ${res.status} ${JSON.stringify(res.body).slice(0, 200)}`);
      }
    }
    for (const doc of this.vouchers.values()) {
      const res = await c.as('co').get(`/v1/vouchers/${doc.id}`);
      this.requests++;
      if (res.status !== 200 || res.body.name !== doc.name || res.body.total !== doc.total) this.anomalies.push(`GET voucher ${doc.name}: ${res.status}`);
    }
    for (const doc of this.payments.values()) {
      const res = await c.as('mx').get(`/v1/payments/${doc.id}`);
      this.requests++;
      if (res.status !== 200 || res.body.name !== doc.name || res.body.amount !== doc.amount) this.anomalies.push(`GET payment receipt ${doc.name}: ${res.status}`);
    }
    for (const doc of this.notes.values()) {
      const res = await c.as(doc.use ? 'mx' : 'co').get(`/v1/credit-notes/${doc.id}`);
      this.requests++;
      if (res.status !== 200 || res.body.name !== doc.name || res.body.total !== doc.total) this.anomalies.push(`GET credit note ${doc.name}: ${res.status}`);
    }
    for (const country of ['co', 'mx'] as const) {
      const tb = await c.as(country).get('/v1/reports/trial-balance', country === 'mx' ? MX_APP : undefined);
      this.requests++;
      if (tb.status !== 200 || tb.body.balanced !== true) this.anomalies.push(`${country} trial balance: ${tb.status} ${JSON.stringify(tb.body?.totals)}`);
    }
    const ar = await c.as('co').get('/v1/reports/accounts-receivable');
    this.requests++;
    const owed = this.credits.reduce((s, x) => s.plus(x.amount).minus(x.paid), new Decimal(0));
    const total = (ar.body?.totals ?? []).find((t: any) => t.currency === 'COP')?.total ?? 0;
    if (!owed.eq(total)) this.anomalies.push(`receivables: the report says ${total}, credit invoices minus receipts are ${owed.toFixed(2)}`);
    const mxAr = await c.as('mx').get('/v1/reports/accounts-receivable?date=2099-12-31&customer_identification=XIA190128J61');
    this.requests++;
    const mxPaid = new Set(this.mxCredits.map((x) => x.id));
    // Every open PPD invoice of the customer, less what receipts and credit notes took off the stamped ones this run made.
    const mxOwed = [...this.invoices.values()].filter((i) => i.use && i.balance > 0 && !mxPaid.has(i.id)).reduce((s, i) => s.plus(i.balance), new Decimal(0))
      .plus(this.mxCredits.reduce((s, x) => s.plus(x.amount).minus(x.paid), new Decimal(0)));
    const mxTotal = (mxAr.body?.totals ?? []).find((t: any) => t.currency === 'MXN')?.total ?? 0;
    if (!mxOwed.eq(mxTotal)) this.anomalies.push(`MX receivables: the report says ${mxTotal}, PPD invoices minus receipts and credit notes are ${mxOwed.toFixed(2)}`);
  }
}

/**
 * What the books promise, checked in the database: numbering goes on without a
 * gap from each type's number in `numbering` (before a run) to its next number,
 * every document has one balanced entry of two lines or more and every entry a
 * document, due items, balances, receipts and credit notes agree (an annulled receipt or note pays nothing), and the receivable accounts
 * equal the open due items (an annulled invoice's are no longer owed).
 */
export async function bookAnomalies(q: Queryable, numbering: Map<number, number>): Promise<string[]> {
  const anomalies: string[] = [];
  const bad = (what: string, rows: unknown[]) => { for (const r of rows) anomalies.push(`${what}: ${JSON.stringify(r)}`); };
  // Numbering: from the number before the run to the type's next number, each exactly once.
  const docs = await q.query<{ type: number; number: number }>(
    `SELECT document_type_id AS type, number::int AS number FROM invoices UNION ALL SELECT document_type_id, number::int FROM vouchers
     UNION ALL SELECT document_type_id, number::int FROM notes UNION ALL SELECT document_type_id, number::int FROM payments`);
  const next = new Map((await q.query<{ id: number; consecutive: number }>('SELECT id, consecutive::int AS consecutive FROM document_types')).map((r) => [r.id, r.consecutive]));
  for (const [type, from] of numbering) {
    const nums = docs.filter((d) => d.type === type && d.number >= from).map((d) => d.number).sort((a, b) => a - b);
    const expected = Array.from({ length: next.get(type)! - from }, (_, k) => from + k);
    if (nums.join() !== expected.join()) anomalies.push(`document type ${type}: numbers ${nums.slice(0, 20).join(',')}… are not ${from}…${next.get(type)! - 1} once each`);
  }
  // Nothing half-written: one balanced entry of two lines or more per document, due items and balances agree.
  bad('document without exactly one journal entry', await q.query(
    `SELECT d.id FROM (SELECT company_id, id, 'invoice' AS kind FROM invoices UNION ALL SELECT company_id, id, 'voucher' FROM vouchers
                       UNION ALL SELECT company_id, id, CASE kind WHEN 'NC' THEN 'credit_note' ELSE 'debit_note' END FROM notes
                       UNION ALL SELECT company_id, id, 'payment' FROM payments) d
      WHERE (SELECT count(*) FROM journal_entries e WHERE e.company_id = d.company_id AND e.source_id = d.id AND e.source_kind = d.kind) <> 1`));
  bad('unbalanced or short journal entry', await q.query(
    `SELECT e.id FROM journal_entries e LEFT JOIN journal_lines l ON l.entry_id = e.id GROUP BY e.id HAVING count(l.entry_id) < 2 OR sum(l.debit) <> sum(l.credit)`));
  bad('journal entry of no document', await q.query(
    `SELECT e.id FROM journal_entries e WHERE NOT EXISTS (SELECT 1 FROM invoices i WHERE i.id = e.source_id) AND NOT EXISTS (SELECT 1 FROM vouchers v WHERE v.id = e.source_id)
        AND NOT EXISTS (SELECT 1 FROM notes n WHERE n.id = e.source_id) AND NOT EXISTS (SELECT 1 FROM payments p WHERE p.id = e.source_id)`));
  bad('due item paid ≠ its receipts and credit notes', await q.query(
    `SELECT d.id, d.paid FROM due_items d WHERE d.paid <> coalesce((SELECT sum(a.amount) FROM voucher_applications a JOIN vouchers v ON v.id = a.voucher_id
                                                                   WHERE a.due_item_id = d.id AND NOT v.annulled), 0)
                                                         + coalesce((SELECT sum(a.amount) FROM note_applications a JOIN notes n ON n.id = a.note_id
                                                                   WHERE a.due_item_id = d.id AND NOT n.annulled), 0)
                                                         + coalesce((SELECT sum(a.amount) FROM payment_applications a JOIN payments p ON p.id = a.payment_id
                                                                   WHERE a.due_item_id = d.id AND NOT p.annulled), 0)`));
  bad('invoice balance ≠ its open due items', await q.query(
    `SELECT i.id, i.balance FROM invoices i WHERE i.balance <> coalesce((SELECT sum(d.amount - d.paid) FROM due_items d WHERE d.invoice_id = i.id AND NOT d.annulled), 0)`));
  bad('receipt total ≠ what it applied', await q.query(
    `SELECT v.id, v.total FROM vouchers v WHERE v.type = 'DebtPayment' AND v.total <> coalesce((SELECT sum(a.amount) FROM voucher_applications a WHERE a.voucher_id = v.id), 0)`));
  // Per receivable account (the catalogs' credit accounts, and whatever account a due item was debited on): balance = open installments.
  bad('receivable account ≠ open due items', await q.query(
    `SELECT a.company_id, a.code, l.balance, d.open
       FROM (SELECT company_id, account_code AS code FROM due_items UNION SELECT company_id, unnest($1::text[]) FROM companies) a
       CROSS JOIN LATERAL (SELECT coalesce(sum(debit - credit), 0) AS balance FROM journal_lines WHERE company_id = a.company_id AND account_code = a.code) l
       CROSS JOIN LATERAL (SELECT coalesce(sum(amount - paid), 0) AS open FROM due_items WHERE company_id = a.company_id AND account_code = a.code AND NOT annulled) d
      WHERE l.balance <> d.open`, [[CO_LEDGER.customers, MX_LEDGER.customers]]));
  return anomalies;
}
