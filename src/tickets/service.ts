/**
 * A Mexican sales ticket (issue 51; docs/mexico.md, "Tickets and the global invoice"): a sale at the counter to
 * whoever is there. It is not a CFDI: the customer may invoice it alone until the end of its month, and every ticket
 * that was not is declared in a global invoice (src/tickets/global.ts).
 *
 * Its lines are checked and computed as a Mexican invoice's (checkMxLines, computeMxLines: each line's taxes
 * round2(base × rate), IVA on the base plus the line's IEPS), without withholdings (the general public withholds
 * nothing). One transaction takes its folio (the company's ticket counter, locked by the UPDATE until commit: gap-free
 * and unique), stores it and posts its entry: the sale is made and paid at the counter, so it posts as a PUE invoice
 * does — debit Caja (c_FormaPago 01) or Bancos (any other form; the company's FV payment type of that form names the
 * account when it has one), credit revenue the line amounts, debit discounts, credit each tax its own account (IVA
 * and IEPS trasladados cobrados: collected at the sale). The invoices that later declare the ticket post nothing of it
 * again (src/tickets/global.ts).
 */
import crypto from 'node:crypto';
import Decimal from 'decimal.js';
import type { Company } from '../platform/auth';
import type { Queryable } from '../platform/db';
import type { Problems } from '../platform/errors';
import { num } from '../platform/money';
import { GENERAL_PUBLIC } from '../companies/uses';
import { addEntry, type Posting } from '../ledger/journal';
import { batchEntries, batchLines } from '../ledger/batch';
import { Slot, underSavepoint, type BatchWriter } from '../platform/group-commit';
import { Statement } from '../platform/sql';
import { MX_LEDGER } from '../ledger/accounts';
import { checkLedgerAmounts } from '../ledger/limits';
import { loadMasterData, notAfterToday, todayIn } from '../invoices/lookup';
import { checkMxLines, computeMxLines, type MxPlan } from '../invoices/mx/service';
import type { MxInvoiceBody } from '../invoices/mx/schema';
import type { DocumentTypeRow } from '../catalog/rows';
import type { MxOut } from '../invoices/compute';
import type { TicketBody, TicketDocument } from './schema';

/** A ticket's discounts are values (no document type says otherwise). */
const VALUE_DISCOUNTS = { discount_type: 'Value' } as DocumentTypeRow;

export interface TicketPlan {
  body: TicketBody;
  date: string;
  /** The last day it may be invoiced alone: the end of its month (plus the company's ticket_self_invoice_days). */
  until: string;
  lines: MxPlan['lines'];
  computed: MxOut;
  /** The account its payment form brings the money to. */
  account: { code: string; name: string };
}

/** The last day a ticket of `date` may be invoiced alone: the end of its month, plus the company's settings.ticket_self_invoice_days. */
export function selfInvoiceUntil(date: string, days: unknown): string {
  const end = endOfMonth(date);
  const extra = typeof days === 'number' && Number.isInteger(days) && days > 0 ? days : 0;
  return new Date(Date.parse(`${end}T00:00:00Z`) + extra * 86_400_000).toISOString().slice(0, 10);
}

/** The last day (yyyy-MM-dd) of a date's month. */
export function endOfMonth(date: string): string {
  const [y, m] = date.split('-').map(Number);
  return `${date.slice(0, 7)}-${String(new Date(Date.UTC(y, m, 0)).getUTCDate()).padStart(2, '0')}`;
}

export async function planTicket(q: Queryable, company: Company, body: TicketBody, problems: Problems): Promise<TicketPlan> {
  const items = Array.isArray(body.items) ? body.items : [];
  const md = await loadMasterData(q, company, { productCodes: items.map((i) => i?.code) });
  notAfterToday(problems, body.date, company.time_zone, 'A ticket');
  // A global invoice declares a period of this year or the last (InformacionGlobal's Año): an older ticket could never be declared.
  const oldest = `${Number(todayIn(company.time_zone).slice(0, 4)) - 1}-01-01`;
  if (typeof body.date === 'string' && !problems.has('date') && body.date < oldest) {
    problems.add('invalid_date', `A ticket is dated this year or the last (from ${oldest}), the periods a global invoice can declare; ${body.date} is before`, 'date');
  }
  const date = typeof body.date === 'string' && !problems.has('date') ? body.date : todayIn(company.time_zone);
  const { lines } = checkMxLines(problems, company, md, VALUE_DISCOUNTS, null, items as MxInvoiceBody['items'], []);
  problems.throwIfAny();
  const computed = computeMxLines(problems, VALUE_DISCOUNTS, items as MxInvoiceBody['items'], lines, [], 'The ticket total');
  const form = body.payment_form;
  const type = [...md.payment_types.values()].find((t) => t.document_type === 'FV' && t.active && t.sat_code === form);
  const account = type ? { code: type.account_code, name: type.name } : form === '01' ? { code: MX_LEDGER.cash, name: 'Efectivo' } : { code: MX_LEDGER.bank, name: `Forma de pago ${form}` };
  const plan: TicketPlan = { body, date, until: selfInvoiceUntil(date, company.settings?.ticket_self_invoice_days), lines, computed, account };
  if (problems.empty) checkLedgerAmounts(problems, ticketPostings(plan), null, 'items', 'MXN');
  problems.throwIfAny();
  return plan;
}

/** The sale's entry (see the module's comment): as a PUE invoice's, to the general public. */
export function ticketPostings(plan: TicketPlan): Posting[] {
  const c = plan.computed;
  const p: Posting[] = [
    { account: plan.account.code, debit: c.total, description: plan.account.name, third_party: GENERAL_PUBLIC.rfc },
    { account: MX_LEDGER.revenue, credit: c.subtotal, description: 'Ventas' },
    { account: MX_LEDGER.discounts, debit: c.discounts, description: 'Descuentos' },
  ];
  c.lines.forEach((line, i) => line.taxes.forEach((t) => {
    p.push({ account: plan.lines[i].taxes.find((x) => x.id === t.id)!.account_code, credit: t.value, description: t.name ?? t.type });
  }));
  return p;
}

type TaxJson = TicketDocument['taxes'][number];
const taxJson = (t: { id: number; name?: string; type: string; percentage: string; value: string; base: string }): TaxJson =>
  ({ id: t.id, name: t.name, type: t.type, percentage: Number(t.percentage), value: num(t.value), base_value: num(t.base) });

/** The taxes of lines summed per tax (base and amount), in the order they first appear. */
export function taxesPerTax(lines: { taxes: TaxJson[] }[]): TaxJson[] {
  const out = new Map<number, { t: TaxJson; base: Decimal; value: Decimal }>();
  for (const l of lines) {
    for (const t of l.taxes) {
      const x = out.get(t.id) ?? { t, base: new Decimal(0), value: new Decimal(0) };
      out.set(t.id, { t, base: x.base.plus(t.base_value), value: x.value.plus(t.value) });
    }
  }
  return [...out.values()].map(({ t, base, value }) => ({ ...t, base_value: num(base), value: num(value) }));
}

/** The stored document: the lines with their SAT keys and figures (no key, no state: those are the row's). */
export function ticketDocument(plan: TicketPlan, ids: { id: string; folio: number; now: Date }) {
  const { body, computed } = plan;
  const items = body.items.map((item, i) => {
    const c = computed.lines[i];
    return {
      code: item.code, description: plan.lines[i].description, quantity: num(item.quantity), price: item.price, discount: item.discount ?? 0,
      sat_product_key: plan.lines[i].product.sat_product_key ?? '', sat_unit_key: plan.lines[i].product.sat_unit_key ?? '',
      subtotal: num(c.gross), discount_value: num(c.discount), taxes: c.taxes.map(taxJson), total: num(c.total),
    };
  });
  return {
    id: ids.id, folio: ids.folio, date: plan.date, branch: body.branch ?? null, payment_form: body.payment_form, items,
    subtotal: num(computed.subtotal), discounts: num(computed.discounts), taxes: taxesPerTax(items), taxes_total: num(computed.taxes),
    total: num(computed.total), metadata: { created: ids.now.toISOString() },
  };
}
export type StoredTicket = ReturnType<typeof ticketDocument>;

/** A new self-invoicing key: 128 random bits, base64url (22 characters); the ticket keeps only its SHA-256. */
export function newTicketKey(): { key: string; hash: string } {
  const key = crypto.randomBytes(16).toString('base64url');
  return { key, hash: keyHash(key) };
}
export const keyHash = (key: string) => crypto.createHash('sha256').update(key, 'utf8').digest('hex');

/**
 * Writes the ticket with ONE statement (atomic by itself: no BEGIN and COMMIT around it unless the caller has a
 * transaction, as with an Idempotency-Key): its folio from the company's ticket counter (the upsert locks the counter's
 * row until commit, so folios are gap-free and unique; a failed ticket gives its folio back), the row, and its journal
 * entry and lines.
 */
export async function storeTicket(q: Queryable, company: Company, plan: TicketPlan, keyHashed: string): Promise<StoredTicket> {
  if (q instanceof Slot) return q.defer(TICKET_BATCH, { company, plan, keyHashed });
  const cid = company.company_id;
  const id = crypto.randomUUID();
  const now = new Date();
  const doc = ticketDocument(plan, { id, folio: 0, now });
  const st = new Statement();
  const c = st.p(cid);
  st.with('num', `INSERT INTO ticket_counters AS k (company_id, last_folio) VALUES (${c}, 1)
    ON CONFLICT (company_id) DO UPDATE SET last_folio = k.last_folio + 1 RETURNING last_folio AS folio`);
  st.with('ticket', `INSERT INTO tickets (company_id, id, folio, date, branch, payment_form, total, key_hash, self_invoice_until, document, created_at)
    SELECT ${c}, ${st.p(id)}::uuid, num.folio, ${st.p(plan.date)}::date, ${st.p(doc.branch)}::text, ${st.p(doc.payment_form)}::text, ${st.p(plan.computed.total)}::numeric,
      ${st.p(keyHashed)}::text, ${st.p(plan.until)}::date, ${st.p(JSON.stringify(doc))}::jsonb || jsonb_build_object('folio', num.folio), ${st.p(now)}::timestamptz
    FROM num RETURNING folio`);
  addEntry(st, cid, { kind: 'ticket', id, date: plan.date, description: 'Ticket' }, ticketPostings(plan), 'num.folio::text');
  const [row] = await st.run<{ folio: string }>(q, 'SELECT folio FROM ticket', true);
  return { ...doc, folio: Number(row.folio) };
}

/** A ticket handed to a batch under group commit (storeTicket's arguments). */
interface TicketWrite { company: Company; plan: TicketPlan; keyHashed: string }

/**
 * Writes a batch of tickets, of one company or several, with ONE statement: each company's counter moves by its
 * tickets at once (the upsert locks its row until commit), the tickets take the folios in the batch's order, and their
 * journal entries are written beside them (batchEntries). Should that statement fail, each ticket is written alone
 * under a savepoint, so that an error is its own.
 */
export async function writeTickets(q: Queryable, items: TicketWrite[]): Promise<(StoredTicket | Error)[]> {
  ticketsInBatches.batches++;
  const now = new Date();
  const docs = items.map((w) => ticketDocument(w.plan, { id: crypto.randomUUID(), folio: 0, now }));
  const rows = items.map((w, k) => ({ k, company_id: w.company.company_id, id: docs[k].id, date: w.plan.date, branch: docs[k].branch, payment_form: docs[k].payment_form,
    total: w.plan.computed.total, key_hash: w.keyHashed, until: w.plan.until, document: docs[k] }));
  const lines = batchLines(items.map((w) => ticketPostings(w.plan)));
  const written = await underSavepoint(q, () => q.query<{ id: string; folio: string }>(
    `WITH rows AS (SELECT * FROM json_to_recordset($1::json) AS r(k int, company_id int, id uuid, date date, branch text, payment_form text, total numeric,
         key_hash text, until date, document jsonb)),
     num AS (INSERT INTO ticket_counters AS c (company_id, last_folio) SELECT company_id, count(*) FROM rows GROUP BY company_id ORDER BY company_id
       ON CONFLICT (company_id) DO UPDATE SET last_folio = c.last_folio + EXCLUDED.last_folio RETURNING company_id, last_folio),
     numbered AS (SELECT r.*, num.last_folio - count(*) OVER (PARTITION BY r.company_id) + row_number() OVER (PARTITION BY r.company_id ORDER BY r.k) AS folio
       FROM rows r JOIN num ON num.company_id = r.company_id),
     ticket AS (INSERT INTO tickets (company_id, id, folio, date, branch, payment_form, total, key_hash, self_invoice_until, document, created_at)
       SELECT company_id, id, folio, date, branch, payment_form, total, key_hash, until, document || jsonb_build_object('folio', folio), $2::timestamptz
         FROM numbered ORDER BY k RETURNING id, folio),
     ${batchEntries({ rows: 'numbered', company: 'numbered.company_id', kind: "'ticket'", date: 'numbered.date', description: "'Ticket ' || numbered.folio::text", lines: '$3' })}
     SELECT id, folio FROM ticket`, [JSON.stringify(rows), now, JSON.stringify(lines)]));
  if (written instanceof Error) {
    ticketsInBatches.alone += items.length;
    const out: (StoredTicket | Error)[] = [];
    for (const w of items) out.push(await underSavepoint(q, () => storeTicket(q, w.company, w.plan, w.keyHashed)));
    return out;
  }
  ticketsInBatches.together += items.length;
  const folio = new Map(written.map((r) => [r.id, Number(r.folio)]));
  return docs.map((d) => ({ ...d, folio: folio.get(d.id)! }));
}

/** How writeTickets wrote (per process): batches, tickets in a batch's statement, tickets written alone after it failed. */
export const ticketsInBatches = { batches: 0, together: 0, alone: 0 };

/** The batch writer group commit gives tickets to. */
export const TICKET_BATCH: BatchWriter<TicketWrite, StoredTicket> = { name: 'tickets', write: writeTickets };
