/**
 * The voucher kernel: the one module that writes the `vouchers` table (its
 * creation, annulment and mail state) and its applications. What a receipt
 * pays on invoices is moved by the invoice kernel (movePayments; in a batch's
 * statement, its paymentCtes), which owns due items and balances. States and transitions: src/platform/states.ts;
 * events: src/platform/events.ts.
 *
 * A creation is written by writeVoucher: under the locks of the invoices and
 * due items it pays (what is still owed checked again there), its number, the
 * voucher, its applications and its journal entry. Under group commit
 * (src/platform/group-commit.ts) writeVoucher hands its record to
 * writeVouchers, which writes a batch with one statement per document type.
 */
import Decimal from 'decimal.js';
import type { Queryable } from '../platform/db';
import { ctesText, emit, eventCtes } from '../platform/events';
import type { MailStatus } from '../platform/states';
import { ApiError, Problems } from '../platform/errors';
import { postEntry, type Posting } from '../ledger/journal';
import { batchEntries, batchLines } from '../ledger/batch';
import { lockInOrder, Slot, underSavepoint, type BatchLocks, type BatchWriter } from '../platform/group-commit';
import { movePayments, paymentCtes, type Application } from '../invoices/kernel';
import { batchNumbering, takeNumber, type Numbered } from '../invoices/numbering';
import { money } from '../platform/money';

/** What a voucher pays on one due item: `i` its entry (items[i]), `label` the due item as the client names it. */
export interface DuePayment {
  i: number; due: number; invoice: string; invoiceName: string; label: string; value: number;
  /** A foreign-currency due item: what was paid on it when its receivable's pesos were computed (receivablePesos). */
  paidBefore?: string;
}

/** A voucher to write: the document without its number (prefix, number, name are taken here). */
export interface VoucherWrite {
  companyId: number; id: string; documentTypeId: number; date: string; type: string;
  /** A number sent by the client; else the next one is taken. */
  sent?: number;
  customerId: number | null; identification: string | null; branchOffice: number | null; total: string; partnerId: string | null;
  document: object; now: Date;
  /** When the invoices it pays read updated (default the transaction's time): bulk-demo gives its receipt's time. */
  paidAt?: Date;
  pays: DuePayment[];
  postings: Posting[];
  /** Checked after the due items are locked and paid, before the number (the customer's advance under its lock). */
  guard?: (q: Queryable) => Promise<void>;
  /** Its `voucher.created` event (a company with webhooks), recorded with it. */
  created?: boolean;
}

const owedMessage = (p: DuePayment, owed: Decimal) =>
  `The value (${money(p.value)}) is above what is still owed on due item ${p.label} of invoice ${p.invoiceName} (${owed.toFixed(2)}): another payment was applied first`;

interface LockedDue { cid: number; id: number; amount: string; paid: string; annulled: boolean }
interface LockedInvoice { cid: number; id: string; name: string; date: string }

/** What the due items and invoices say of a voucher's payments, as read under their locks; `paid` adds what earlier vouchers of the batch pay. */
function checkPayments(w: VoucherWrite, dues: Map<string, LockedDue>, invoices: Map<string, LockedInvoice>, paid: Map<string, Decimal>): ApiError | null {
  const problems = new Problems();
  for (const id of [...new Set(w.pays.map((p) => p.invoice))].sort()) {
    const inv = invoices.get(`${w.companyId}:${id}`);
    if (inv && w.date < inv.date) problems.add('invalid_date', `The voucher is dated ${w.date}, before invoice ${inv.name} (${inv.date}) that it pays: a payment cannot precede its invoice`, 'date', `not before ${inv.date}`);
  }
  for (const p of w.pays) {
    const row = dues.get(`${w.companyId}:${p.due}`);
    if (!row || row.annulled) {
      problems.add('invalid_reference', `Due item ${p.label} was annulled meanwhile (its invoice ${p.invoiceName} was annulled or deleted)`, `items[${p.i}].due`);
      continue;
    }
    const before = new Decimal(row.paid).plus(paid.get(`${w.companyId}:${p.due}`) ?? 0);
    const owed = new Decimal(row.amount).minus(before);
    if (new Decimal(p.value).gt(owed)) problems.add('invalid_value', owedMessage(p, owed), `items[${p.i}].value`, `owed ${owed.toFixed(2)}`);
    // Its pesos were computed from what was paid before it (to the cent of the invoice's debit): paid meanwhile, they would not be.
    else if (p.paidBefore !== undefined && !before.eq(p.paidBefore)) {
      problems.add('invalid_value', `Another voucher paid due item ${p.label} of invoice ${p.invoiceName} meanwhile: send this one again`, `items[${p.i}].value`);
    }
  }
  try { problems.throwIfAny(); } catch (e) { return e as ApiError; }
  return null;
}

/** The invoices and due items a voucher pays, locked (invoices, then due items, each in id order) and read. */
async function lockPaid(q: Queryable, items: VoucherWrite[]): Promise<{ dues: Map<string, LockedDue>; invoices: Map<string, LockedInvoice> }> {
  const l = voucherLocks(items);
  if (!l.invoices!.length) return { dues: new Map(), invoices: new Map() };
  // The invoices, then the due items, each locked in id order and read by the same statement; a batch takes the counters
  // after them, in order (alone, the counter is taken last: held only for the writes that follow).
  const invoices = await q.query<LockedInvoice>(
    `SELECT i.company_id AS cid, i.id, i.name, i.date FROM invoices i JOIN unnest($1::int[], $2::uuid[]) AS k(cid, id) ON i.company_id = k.cid AND i.id = k.id
      ORDER BY i.company_id, i.id FOR UPDATE OF i`,
    [l.invoices!.map((x) => x[0]), l.invoices!.map((x) => x[1])]);
  const dues = await q.query<LockedDue>(
    `SELECT d.company_id AS cid, d.id, d.amount, d.paid, d.annulled FROM due_items d JOIN unnest($1::int[], $2::bigint[]) AS k(cid, id) ON d.company_id = k.cid AND d.id = k.id
      ORDER BY d.company_id, d.id FOR UPDATE OF d`,
    [l.dues!.map((x) => x[0]), l.dues!.map((x) => x[1])]);
  if (items.length > 1) await lockInOrder(q, { counters: l.counters });
  return {
    invoices: new Map(invoices.map((r) => [`${r.cid}:${r.id}`, r])),
    dues: new Map(dues.map((r) => [`${r.cid}:${Number(r.id)}`, { ...r, id: Number(r.id) }])),
  };
}

const applications = (w: VoucherWrite): Application[] => w.pays.map((p) => ({ due: p.due, invoice: p.invoice, amount: money(p.value), at: w.paidAt }));

/** Writes a voucher in the caller's transaction (alone, or handed to the batch under group commit); its number, or the refusal. */
export async function writeVoucher(q: Queryable, w: VoucherWrite): Promise<Numbered> {
  if (q instanceof Slot) return q.defer(VOUCHER_BATCH, w);
  if (w.pays.length) {
    const { dues, invoices } = await lockPaid(q, [w]);
    const refused = checkPayments(w, dues, invoices, new Map());
    if (refused) throw refused;
    await movePayments(q, w.companyId, applications(w), +1);
  }
  await w.guard?.(q);
  // The consecutive last: its row lock, which every voucher of the type waits for, is held only for the writes that follow.
  const n = await takeNumber(q, w.companyId, w.documentTypeId, 'vouchers', w.sent);
  await q.query(
    `INSERT INTO vouchers (company_id, id, document_type_id, prefix, number, name, date, type, customer_id, customer_identification,
       customer_branch_office, total, partner_id, document, created_at, updated_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $15)`,
    [w.companyId, w.id, w.documentTypeId, n.prefix, n.number, n.name, w.date, w.type, w.customerId, w.identification, w.branchOffice,
      w.total, w.partnerId, JSON.stringify({ ...w.document, prefix: n.prefix, number: n.number, name: n.name }), w.now]);
  if (w.pays.length) {
    await q.query(
      `INSERT INTO voucher_applications (company_id, voucher_id, due_item_id, amount)
       SELECT $1, $2, v.due, v.amount FROM unnest($3::bigint[], $4::numeric[]) AS v(due, amount)`,
      [w.companyId, w.id, w.pays.map((p) => p.due), w.pays.map((p) => money(p.value))]);
  }
  await postEntry(q, w.companyId, { kind: 'voucher', id: w.id, date: w.date, description: `Recibo de caja ${n.name}` }, w.postings);
  if (w.created) await emit(q, w.companyId, 'voucher.created', { id: w.id, name: n.name });
  return n;
}

/** The rows a batch of vouchers locks: the invoices and due items they pay, their document types' counters. */
function voucherLocks(items: VoucherWrite[]): BatchLocks {
  return {
    invoices: items.flatMap((w) => w.pays.map((p): [number, string] => [w.companyId, p.invoice])),
    dues: items.flatMap((w) => w.pays.map((p): [number, number] => [w.companyId, p.due])),
    counters: items.map((w) => [w.companyId, w.documentTypeId]),
  };
}

/** How writeVouchers wrote (per process): vouchers in a statement of their type, vouchers alone under a savepoint, refused in the batch. */
export const vouchersInBatches = { batches: 0, together: 0, alone: 0, refused: 0 };

/**
 * Writes a batch of vouchers in the caller's transaction; per voucher its number or its own error, as
 * writeVoucher would answer it alone. First every invoice, due item and counter the batch needs is locked
 * (in that order, each in id order, as a single voucher locks them). What is still owed is then decided
 * in the order of `items`: a voucher that pays more than the earlier vouchers of the batch left owed gets
 * its own 400 and takes no number (two receipts for the same last peso: the first in the batch wins). The
 * others are written with ONE statement per document type (numbers in the order of `items`), which also pays
 * their due items and invoices' balances (the invoice kernel's paymentCtes: what the batch pays on each, summed). A voucher with a number sent by hand or a guard (an advance it takes), and every
 * voucher of a type whose statement wrote nothing or failed, is written alone by writeVoucher under a
 * savepoint, after the others, so that its refusal is its own.
 */
export async function writeVouchers(q: Queryable, items: VoucherWrite[]): Promise<(Numbered | Error)[]> {
  vouchersInBatches.batches++;
  const out: (Numbered | Error)[] = new Array(items.length);
  const { dues, invoices } = await lockPaid(q, items);
  const paid = new Map<string, Decimal>();
  const types = new Map<string, { cid: number; tid: number; auto: number[]; alone: number[] }>();
  items.forEach((w, i) => {
    const key = `${w.companyId}:${w.documentTypeId}`;
    const t = types.get(key) ?? { cid: w.companyId, tid: w.documentTypeId, auto: [], alone: [] };
    types.set(key, t);
    if (w.sent !== undefined || w.guard) { t.alone.push(i); return; }
    const refused = checkPayments(w, dues, invoices, paid);
    if (refused) { out[i] = refused; vouchersInBatches.refused++; return; }
    for (const p of w.pays) paid.set(`${w.companyId}:${p.due}`, (paid.get(`${w.companyId}:${p.due}`) ?? new Decimal(0)).plus(p.value));
    t.auto.push(i);
  });
  for (const t of [...types.values()].sort((a, b) => a.cid - b.cid || a.tid - b.tid)) {
    if (t.auto.length) {
      const written = await underSavepoint(q, () => writeOneType(q, t.cid, t.tid, t.auto.map((i) => items[i])));
      if (written instanceof Error || !written.length) t.alone.push(...t.auto);
      else { t.auto.forEach((i, k) => { out[i] = written[k]; }); vouchersInBatches.together += written.length; }
    }
    vouchersInBatches.alone += t.alone.length;
    for (const i of t.alone.sort((a, b) => a - b)) out[i] = await underSavepoint(q, () => writeVoucher(q, items[i]));
  }
  return out;
}

/** The batch writer group commit gives vouchers to. */
export const VOUCHER_BATCH: BatchWriter<VoucherWrite, Numbered> = { name: 'vouchers', write: writeVouchers, locks: voucherLocks };

/** N vouchers of one document type (their payments checked by the caller), numbered in order, in one statement; [] when the counter refused. */
async function writeOneType(q: Queryable, cid: number, tid: number, items: VoucherWrite[]): Promise<Numbered[]> {
  const docs = items.map((w, k) => ({
    k, id: w.id, date: w.date, type: w.type, customer_id: w.customerId, identification: w.identification, branch_office: w.branchOffice,
    total: w.total, partner_id: w.partnerId, document: w.document, at: w.now,
  }));
  const apps = items.flatMap((w, k) => w.pays.map((p) => ({ k, due: p.due, invoice: p.invoice, amount: money(p.value), at: w.paidAt ?? null })));
  // The company's creations are events (it has webhooks) for all of the batch's vouchers of the type, or for none.
  const created = items.some((w) => w.created);
  const events = created ? eventCtes(['voucher.created'], `SELECT $1::int AS company_id, 'voucher.created' AS type, id AS doc_id FROM n`) : null;
  const rows = await q.query<{ number: string; prefix: string; name: string }>(`WITH
    d AS (SELECT * FROM jsonb_to_recordset($3::jsonb) AS d(k int, id uuid, date date, type text, customer_id bigint, identification text, branch_office int,
            total numeric, partner_id text, document jsonb, at timestamptz)),
    num AS (${batchNumbering('$1', '$2', '$4')}),
    n AS (SELECT d.*, num.prefix, num.first + d.k AS number, num.prefix || '-' || $2::int || '-' || (num.first + d.k) AS name FROM d, num),
    voucher AS (INSERT INTO vouchers (company_id, id, document_type_id, prefix, number, name, date, type, customer_id, customer_identification,
        customer_branch_office, total, partner_id, document, created_at, updated_at)
      SELECT $1, n.id, $2, n.prefix, n.number, n.name, n.date, n.type, n.customer_id, n.identification, n.branch_office, n.total, n.partner_id,
        n.document || jsonb_build_object('prefix', n.prefix, 'number', n.number, 'name', n.name), n.at, n.at
      FROM n ORDER BY n.k),
    pays AS (SELECT a.*, n.id AS voucher FROM json_to_recordset($5::json) AS a(k int, due bigint, invoice uuid, amount numeric, at timestamptz) JOIN n ON n.k = a.k),
    app AS (INSERT INTO voucher_applications (company_id, voucher_id, due_item_id, amount) SELECT $1, voucher, due, amount FROM pays ORDER BY k),
    ${paymentCtes('$1', 'pays')},
    ${batchEntries({ rows: 'n', company: '$1', kind: "'voucher'", date: 'n.date', description: `'Recibo de caja ' || n.name`, lines: '$6' })}${events ? `,\n    ${ctesText(events)}` : ''}
    SELECT number, prefix, name FROM n ORDER BY k`,
  [cid, tid, JSON.stringify(docs), items.length, JSON.stringify(apps), JSON.stringify(batchLines(items.map((w) => w.postings)))]);
  const out = rows.map((t) => ({ number: Number(t.number), prefix: t.prefix, name: t.name }));
  if (created && !events) for (const [k, t] of out.entries()) await emit(q, cid, 'voucher.created', { id: items[k].id, name: t.name });
  return out;
}

/** The voucher's row, locked until the caller's transaction ends. */
export async function lockVoucher(q: Queryable, cid: number, id: string) {
  const [v] = await q.query<{ annulled: boolean; name: string; date: string; customer_identification: string | null }>(
    'SELECT annulled, name, date, customer_identification FROM vouchers WHERE company_id = $1 AND id = $2 FOR UPDATE', [cid, id]);
  return v;
}

/** Marks a locked voucher annulled on `on` and emits voucher.annulled (the caller gives back what it paid and reverses its entry). */
export async function markAnnulled(q: Queryable, cid: number, v: { id: string; name: string }, on: string): Promise<void> {
  await q.query('UPDATE vouchers SET annulled = true, annulled_on = $3, updated_at = now() WHERE company_id = $1 AND id = $2', [cid, v.id, on]);
  await emit(q, cid, 'voucher.annulled', v);
}

/** The state of the voucher's latest mail, shown on it. */
export async function showMail(q: Queryable, cid: number, id: string, status: MailStatus, observations: string | null): Promise<void> {
  await q.query('UPDATE vouchers SET mail_status = $3, mail_observations = $4 WHERE company_id = $1 AND id = $2', [cid, id, status, observations]);
}
