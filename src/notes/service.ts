/**
 * Credit and debit notes (Colombia): a note corrects one invoice. It is
 * checked and computed by the invoice's own rules (planCoInvoice, with the
 * note's document kind), for the invoice's customer and currency, and then by
 * its own:
 *
 * - the invoice exists, is the company's, is not annulled and, when it is
 *   electronic, was accepted by the DIAN; an electronic note corrects an
 *   electronic invoice, a plain note a plain one; the note is not dated before it;
 * - a credit note's lines are products of the invoice with the invoice's taxes,
 *   and never credit more than is left (./credit.ts): per product, its value
 *   (and, for concepts 1 and 2, which give goods back, its quantities), and in
 *   all the invoice total, less the credit notes before it; concept 2
 *   (annulment) credits exactly what is left; the note that takes the last of
 *   a product takes what is left of its taxes, the last of the invoice what is
 *   left of its retentions; all of this is checked again under the invoice's
 *   lock in the writing transaction (computed again if a note came in between);
 * - a credit note settled with a credit payment type lowers the invoice's open
 *   due items (never below zero); with cash or bank it is a refund paid out, at
 *   most what was collected on the invoice less the refunds before;
 *   a debit note on credit adds a due item to the invoice.
 *
 * The ledger entry: a credit note reverses the invoice's postings for what it
 * credits (the same accounts, debit and credit swapped); a debit note posts as
 * an invoice does.
 */
import crypto from 'node:crypto';
import Decimal from 'decimal.js';
import type { Company } from '../platform/auth';
import type { Queryable } from '../platform/db';
import { DomainError, Problems } from '../platform/errors';
import { balancedLines, type EntryLine, type Posting } from '../ledger/journal';
import { coInvoiceDocument, coInvoicePostings, planCoInvoice, type DocumentPlan, type Plan } from '../invoices/co/service';
import { CURRENCIES, type CoInvoiceBody, type CoInvoiceDocument } from '../invoices/co/schema';
import { canCredit, lockInvoice, openDueItems, type Application } from '../invoices/kernel';
import type { Numbered } from '../invoices/numbering';
import { writerInRounds } from '../invoices/rounds';
import { writeNotes, type NoteWrite } from './kernel';
import { ANNULMENT, NOTE_NAMES, type NoteBody, type NoteDocument, type NoteKind } from './schema';
import { creditLeft, creditRoom, creditRules, earlierCredits, invoiceMoney, refundRules, type Room } from './credit';
import { dec, ZERO } from '../platform/money';

/** The invoice a note corrects, as the rules read it. */
export interface NotedInvoice {
  id: string; name: string; date: string; annulled: boolean; stamp_status: string; electronic: boolean; stamp_cufe: string | null;
  customer_identification: string; customer_branch_office: number; document: CoInvoiceDocument;
}

export interface NotePlan {
  kind: NoteKind; body: NoteBody; invoice: NotedInvoice; plan: Plan;
  /** A credit note: what was left to credit on the invoice when it was computed (its taxes are limited to it). */
  room?: Room;
}

const INVOICE = `SELECT i.id, i.name, i.date, i.annulled, i.stamp_status, i.stamp_cufe, i.customer_identification, i.customer_branch_office, i.document,
                        t.electronic_type <> 'NoElectronic' AS electronic
                   FROM invoices i JOIN document_types t ON t.company_id = i.company_id AND t.id = i.document_type_id
                  WHERE i.company_id = $1 AND i.id = $2 AND i.deleted_at IS NULL`;

/** Checks a note request that passed its JSON schema; returns its plan, or throws 400 with every problem found. */
export async function planNote(q: Queryable, company: Company, kind: NoteKind, body: NoteBody, problems: Problems): Promise<NotePlan> {
  const cid = company.company_id;
  const [invoice] = problems.has('invoice') ? [] : await q.query<NotedInvoice>(INVOICE, [cid, body.invoice]);
  if (!invoice) {
    if (!problems.has('invoice')) problems.add('invalid_reference', `Invoice ${body.invoice} does not exist; see /v1/invoices`, 'invoice');
    problems.throwIfAny();
  }
  const inv = invoice!;
  // The note is computed as an invoice of the same customer, in the invoice's currency.
  const currency = inv.document.currency;
  if (body.currency && !problems.has('currency') && body.currency.code !== currency.code) {
    problems.add('invalid_currency', `Invoice ${inv.name} is in ${currency.code}: its ${NOTE_NAMES[kind].noun} is too`, 'currency.code', `expected ${currency.code}`);
  }
  // (The invoice's currency is one of CURRENCIES: its body was checked against them.)
  const code = CURRENCIES.find((c) => c === currency.code);
  const asInvoice: CoInvoiceBody = {
    document: body.document, number: body.number, name: body.name, date: body.date, cost_center: body.cost_center, seller: body.seller,
    retentions: body.retentions, observations: body.observations, items: body.items, payments: body.payments, stamp: body.stamp, mail: body.mail,
    customer: { identification: inv.customer_identification, branch_office: inv.customer_branch_office },
    currency: code === undefined || code === 'COP' ? undefined : { code, exchange_rate: body.currency?.exchange_rate ?? currency.exchange_rate },
  };
  if (kind === 'NC') {
    // Checked first: a line of another product makes every amount rule beside the point.
    const onInvoice = new Set(inv.document.items.map((l) => l.code));
    (body.items ?? []).forEach((item, i) => {
      if (typeof item?.code === 'string' && !onInvoice.has(item.code) && !problems.has(`items[${i}].code`)) {
        problems.add('invalid_reference', `Product ${item.code} is not on invoice ${inv.name}: a credit note credits the invoice's own lines`, `items[${i}].code`);
      }
    });
  }
  if (kind === 'NC' && body.reason === ANNULMENT) {
    // The annulment credits exactly what is left: the invoice's global discounts and charges too, what is left of each.
    const left = await allowancesLeft(q, cid, inv);
    asInvoice.global_discounts = left.discounts;
    asInvoice.global_charges = left.charges;
  }
  const room = kind === 'NC' ? creditRoom(inv.document, await earlierCredits(q, cid, inv.id)) : undefined;
  let plan: Plan | null = null;
  try {
    plan = await planCoInvoice(q, company, asInvoice, problems, undefined, kind, room && creditLeft(room));
  } catch (e) {
    if (!(e instanceof DomainError) && !(e as { statusCode?: number }).statusCode) throw e;
  }
  invoiceRules(problems, kind, body, inv, plan);
  if (kind === 'ND') {
    (body.items ?? []).forEach((item, i) => {
      if (item?.price === 0 && item.taxed_price === undefined) problems.add('invalid_value', 'A debit note charges: a line has a price above 0 (no gift lines)', `items[${i}].price`);
    });
  }
  if (plan && room && problems.empty) await creditChecks(q, cid, problems, { kind, body, invoice: inv, plan, room }, false);
  problems.throwIfAny();
  return { kind, body, invoice: inv, plan: plan!, room };
}

/**
 * What is left of each global discount and charge of the invoice (its value less what standing annulment notes
 * took back), as a note body sends them: {id, value}; the ones with nothing left are left out.
 */
async function allowancesLeft(q: Queryable, cid: number, inv: NotedInvoice) {
  const notes = await q.query<{ document: NoteDocument }>(
    `SELECT document FROM notes WHERE company_id = $1 AND invoice_id = $2 AND kind = 'NC' AND NOT annulled`, [cid, inv.id]);
  const left = (field: 'global_discounts' | 'global_charges') => (inv.document[field] ?? []).map((a, i) => {
    const taken = notes.reduce((s, n) => s.plus(n.document[field]?.[i]?.value ?? 0), ZERO);
    return { ...(a.id !== null && a.id !== undefined ? { id: a.id } : {}), value: dec(a.value).minus(taken).toNumber() };
  }).filter((a) => a.value > 0);
  return { discounts: left('global_discounts'), charges: left('global_charges') };
}

/** A credit note against what is left on its invoice, what was collected on it and what it still owes (`lock`: under the invoice's lock, due items locked). */
async function creditChecks(q: Queryable, cid: number, problems: Problems, np: Required<NotePlan>, lock: boolean): Promise<ReturnType<typeof openDueItems>> {
  const { body, plan, invoice: inv, room } = np;
  creditRules(problems, body, plan, room);
  if (problems.empty) refundRules(problems, plan, await invoiceMoney(q, cid, inv), inv.name);
  const onCredit = creditOnAccount(plan);
  if (!onCredit.gt(0) || !problems.empty) return [];
  const due = await openDueItems(q, cid, inv.id, lock);
  const open = openDue(due);
  if (onCredit.gt(open)) problems.add('invalid_payment', onCreditMessage(inv, onCredit, open) + (lock ? '; another document settled it first' : ''), creditPaymentPath(plan), `at most ${open.toFixed(2)}`);
  return due;
}

/** The rules on the invoice itself: state, electronic or not, date. */
function invoiceRules(problems: Problems, kind: NoteKind, body: NoteBody, inv: NotedInvoice, plan: Plan | null): void {
  const refusal = canCredit({ name: inv.name, annulled: inv.annulled, stamp_status: inv.stamp_status as never, electronic: inv.electronic });
  if (refusal) problems.add(refusal.code, refusal.message, 'invoice');
  if (plan) {
    const electronicNote = plan.docType.electronic_type === 'ElectronicInvoice';
    if (electronicNote !== inv.electronic) {
      problems.add('invalid_document', electronicNote
        ? `Document type ${plan.docType.id} is electronic, but invoice ${inv.name} is not: a plain invoice takes a plain ${NOTE_NAMES[kind].noun}`
        : `Invoice ${inv.name} is electronic: its ${NOTE_NAMES[kind].noun} is of an electronic document type too`, 'document.id');
    }
  }
  if (!problems.has('date') && body.date < inv.date) {
    problems.add('invalid_date', `The ${NOTE_NAMES[kind].noun} is dated ${body.date}, before invoice ${inv.name} (${inv.date})`, 'date', `not before ${inv.date}`);
  }
}

/** What a credit note settles against the invoice's receivable: its payments of a credit (due_date) type. */
const creditOnAccount = (plan: Plan) => plan.payments.filter((p) => p.type.due_date).reduce((s, p) => s.plus(p.value), ZERO);
const creditPaymentPath = (plan: Plan) => `payments[${plan.payments.findIndex((p) => p.type.due_date)}].value`;
const openDue = (items: readonly { amount: string; paid: string }[]) => items.reduce((s, d) => s.plus(d.amount).minus(d.paid), ZERO);
const onCreditMessage = (inv: NotedInvoice, credit: Decimal, open: Decimal) =>
  `The credit settled against the invoice (${credit.toFixed(2)}) is above what invoice ${inv.name} still owes (${open.toFixed(2)}): pay the rest back with a cash or bank payment type`;

/** The answer's shape: an invoice's, with the invoice it corrects and the DIAN concept. */
export function noteDocument(np: { body: Pick<NoteBody, 'reason'>; invoice: Pick<NotedInvoice, 'id' | 'name'>; plan: DocumentPlan }, ids: { id: string | null; prefix: string; number: number | null; name: string | null; now: Date }): NoteDocument {
  const d = coInvoiceDocument(np.plan, { ...ids, customerId: np.plan.customer?.id ?? null });
  return {
    id: d.id, document: d.document, prefix: d.prefix, number: d.number, name: d.name, date: d.date,
    invoice: { id: np.invoice.id, name: np.invoice.name },
    reason: np.body.reason,
    customer: d.customer, cost_center: d.cost_center, currency: d.currency, seller: d.seller, retentions: d.retentions,
    subtotal: d.subtotal, taxes_total: d.taxes_total, withholdings_total: d.withholdings_total, total: d.total,
    observations: d.observations, items: d.items, payments: d.payments,
    ...(d.global_discounts.length ? { global_discounts: d.global_discounts } : {}),
    ...(d.global_charges.length ? { global_charges: d.global_charges } : {}),
    stamp: { send: d.stamp.send, status: d.stamp.status, cude: null, observations: null, errors: null },
    mail: d.mail, metadata: d.metadata, annulled: false,
  };
}

/** A credit note reverses what it credits (the invoice's accounts, sides swapped); a debit note posts as an invoice. */
export function notePostings(np: Pick<NotePlan, 'kind' | 'plan'>): Posting[] {
  const p = coInvoicePostings(np.plan);
  return np.kind === 'ND' ? p : p.map((x) => ({ ...x, debit: x.credit, credit: x.debit }));
}

/**
 * Writes the note in the caller's transaction, under its invoice's lock: the
 * rules on what is left are checked again (a concurrent note may have taken
 * it), then its number, the note, what it settles on the invoice's due items
 * (or the due item it adds) and its journal entry. Under group commit it is
 * handed to NOTE_BATCH, which decides and writes a batch's notes in rounds
 * (src/invoices/rounds.ts): the same decision and the same write, N at a time.
 */
export function storeNote(q: Queryable, company: Company, planned: NotePlan, meta: { partnerId?: string }): Promise<NoteDocument> {
  return NOTE_BATCH.store(q, { company, planned, meta });
}

/** A note to write: what storeNote is given. */
interface NoteItem { company: Company; planned: NotePlan; meta: { partnerId?: string } }
/** What the guards decided for a note, before its number: its plan (computed again if the invoice moved) and what it settles. */
interface NoteDecision { np: NotePlan; applied: Application[]; lines: EntryLine[] }

/** The guards under the invoice's lock, as the single path checks them; writes nothing. Throws the note's refusal. */
async function decideNote(q: Queryable, { company, planned }: NoteItem): Promise<NoteDecision> {
  const cid = company.company_id;
  const { kind, invoice } = planned;
  const locked = await lockInvoice(q, cid, invoice.id);
  const refusal = locked ? canCredit({ ...locked, electronic: invoice.electronic }) : { code: 'invalid_reference' as const, message: `Invoice ${invoice.id} no longer exists` };
  if (refusal) throw new DomainError(refusal.code, refusal.message, 'invoice');
  let np = planned;
  let applied: Application[] = [];
  if (kind === 'NC') {
    const problems = new Problems();
    const room = creditRoom(invoice.document, await earlierCredits(q, cid, invoice.id));
    // Another note credited the invoice meanwhile: what this one's taxes are limited to moved, so it is computed again.
    if (!sameRoom(room, planned.room!)) np = await planNote(q, company, kind, planned.body, problems);
    const due = await creditChecks(q, cid, problems, { ...np, room } as Required<NotePlan>, true);
    problems.throwIfAny();
    const credit = creditOnAccount(np.plan);
    if (credit.gt(0)) applied = settle(due, credit).map((a) => ({ ...a, invoice: invoice.id }));
  }
  return { np, applied, lines: balancedLines(notePostings(np)) };
}

/** A decided and numbered note: its answer and what writeNotes writes. */
function noteWrite({ company, planned, meta }: NoteItem, { np, applied, lines }: NoteDecision, numbered: Numbered): { doc: NoteDocument; w: NoteWrite } {
  const cid = company.company_id;
  const { kind, invoice } = planned;
  const { plan } = np;
  const id = crypto.randomUUID();
  const now = new Date();
  const doc = noteDocument(np, { id, ...numbered, now });
  if (plan.body.stamp?.send) doc.stamp.status = 'Pending';
  const label = kind === 'NC' ? 'Nota crédito' : 'Nota débito';
  return {
    doc,
    w: {
      row: {
        companyId: cid, id, kind, invoiceId: invoice.id, documentTypeId: plan.docType.id, ...numbered, date: plan.body.date, reason: np.body.reason,
        customerId: plan.customer!.id, identification: invoice.customer_identification, branchOffice: invoice.customer_branch_office,
        total: doc.total, partnerId: meta.partnerId ?? null, document: doc, now, applied, stamp: !!plan.body.stamp?.send, created: company.webhooks,
      },
      added: kind === 'ND'
        ? plan.payments.filter((x) => x.type.due_date).map((p) => ({ due_date: p.due_date!, amount: dec(p.value).toFixed(2), account: p.type.account_code }))
        : [],
      entry: { kind: NOTE_NAMES[kind].event, date: plan.body.date, description: `${label} ${numbered.name} de la factura ${invoice.name}`, lines },
    },
  };
}

/** Notes per process: written together by the set-based statement, alone (a number sent by hand, a counter that refused N), refused in a batch. */
export const NOTE_BATCH = writerInRounds<NoteItem, NoteDecision, NoteDocument>({
  name: 'notes',
  table: 'notes',
  locks: ({ company, planned }) => ({ invoices: [[company.company_id, planned.invoice.id]], counters: [[company.company_id, planned.plan.docType.id]] }),
  invoices: ({ company, planned }) => [`${company.company_id}:${planned.invoice.id}`],
  decide: decideNote,
  // A re-planned note keeps the body (its number, document type) of the plan.
  numbering: ({ company, planned }) => ({ cid: company.company_id, tid: planned.plan.docType.id, sent: planned.plan.body.number }),
  async write(q, ws) {
    const made = ws.map(({ item, decision, numbered }) => noteWrite(item, decision, numbered));
    await writeNotes(q, made.map((m) => m.w));
    return made.map((m) => m.doc);
  },
});

const roomKey = (r: Room) => JSON.stringify([r.total, [...r.lines].map(([c, l]) => [c, l.quantity, l.base, [...l.taxes]]), [...r.retentions]]);
const sameRoom = (a: Room, b: Room) => roomKey(a) === roomKey(b);

/**
 * Pure: spreads a credit over open due items: the invoice's own installments first, the latest first, then those
 * that debit notes added (a credit note credits what the invoice sold).
 */
export function settle(due: readonly { id: number; amount: string; paid: string; note_id?: string | null }[], credit: Decimal): { due: number; amount: string }[] {
  const out: { due: number; amount: string }[] = [];
  let left = credit;
  for (const d of [...due].sort((a, b) => Number(!!a.note_id) - Number(!!b.note_id) || b.id - a.id)) {
    if (!left.gt(0)) break;
    const take = Decimal.min(left, dec(d.amount).minus(d.paid));
    if (take.gt(0)) { out.push({ due: d.id, amount: take.toFixed(2) }); left = left.minus(take); }
  }
  return out;
}
