/**
 * Self-invoicing (autofacturación, issue 51): the customer of a ticket turns it into its own CFDI of type I — PUE,
 * the ticket's form of payment, its lines as sold — with the fiscal data typed: RFC, name, fiscal postal code, regime,
 * use of CFDI and an e-mail the stamped CFDI is sent to. POST /mx/v1/tickets/{id}/self-invoice (the shop's portal or
 * POS calls it with the customer's data and the ticket's key) and the public page (src/tickets/page.ts) run it.
 *
 * Rules (docs/mexico.md, "Self-invoicing"):
 * - the key must be the ticket's (compared by its SHA-256); a wrong key answers as an unknown ticket, revealing nothing;
 * - sent again with the same RFC, it answers the same CFDI (200); another RFC is refused: the ticket has its CFDI;
 * - refused once the ticket is in a live global invoice, and after its `until` (the end of its month): from then on
 *   only the global invoice declares it;
 * - the typed data are checked as a customer's: RFC (not a generic one: a self-invoice names its receiver), regime of
 *   c_RegimenFiscal for the RFC's person type, postal code of c_CodigoPostal, use allowed for the person type and
 *   regime (checkUse). An RFC the shop has no customer for becomes one (branch office 0; a person's name kept as the one
 *   element typed, since the CFDI writes it whole). An RFC it has must match the record (name, postal code,
 *   regime): the page never changes the shop's master data; a customer whose data changed asks the shop. The one
 *   exception is a record this page made that no stamped CFDI names yet: typed again, it is corrected;
 * - a CFDI the PAC rejected (a real PAC checks the name, postal code and regime against the SAT's list) does not hold
 *   the ticket: sent again with the data corrected, the rejected invoice is deleted (never stamped, its number stays
 *   used) and a new one is made.
 *
 * The CFDI is planned by the Mexican invoice's own rules (planMxInvoice) and written by the invoice kernel, stamped
 * through the outbox; its entry has no lines, as the global invoice's: the ticket posted the sale when it was made.
 */
import crypto from 'node:crypto';
import Decimal from 'decimal.js';
import { Type, type Static } from '@sinclair/typebox';
import type { Company } from '../platform/auth';
import type { Db, Queryable } from '../platform/db';
import { ApiError, DomainError, notFound, Problems } from '../platform/errors';
import { RFC_PATTERN } from '../catalog/customers';
import type { CustomerRow } from '../catalog/rows';
import { genericReceiver } from '../companies/uses';
import { postalCode, regime, rfcPersonType } from '../catalogs/sat';
import { loadMasterData, todayIn } from '../invoices/lookup';
import { deleteInvoice, writeInvoice } from '../invoices/kernel';
import { mxInvoiceDocument, planMxInvoice } from '../invoices/mx/service';
import type { MxInvoiceBody } from '../invoices/mx/schema';
import { requestMail } from '../mail/store';
import { keyHash, type StoredTicket } from './service';

export const SelfInvoiceBody = Type.Object({
  key: Type.String({ minLength: 1, maxLength: 64, description: 'The ticket\'s self-invoicing key (printed on it)' }),
  rfc: Type.String({ minLength: 12, maxLength: 13, pattern: RFC_PATTERN, 'x-hint': 'must be an RFC (12 characters for companies, 13 for persons)', 'x-code': 'invalid_identification' }),
  name: Type.String({ minLength: 1, maxLength: 254, pattern: "^[\\p{L}\\p{M}\\p{N} .,&'-]+$", 'x-hint': 'must contain only letters, digits, spaces and . , & \' -',
    description: 'The name or company name as the SAT registers it (Constancia de Situación Fiscal), without the regime (S.A. de C.V.)' }),
  postal_code: Type.String({ pattern: '^[0-9]{5}$', 'x-hint': 'must be a five-digit código postal', description: 'Fiscal domicile\'s postal code (DomicilioFiscalReceptor)' }),
  tax_regime: Type.String({ pattern: '^[0-9]{3}$', 'x-hint': 'must be a c_RegimenFiscal code such as 601' }),
  use: Type.String({ minLength: 1, maxLength: 4, description: 'c_UsoCFDI allowed for the RFC\'s person type and regime (see /mx/v1/uses)' }),
  email: Type.String({ maxLength: 100, format: 'email', description: 'Where the stamped CFDI (PDF and XML) is sent' }),
});
export type SelfInvoiceBody = Static<typeof SelfInvoiceBody>;

/** The comment of a customer record the self-invoicing made. */
const SELF_REGISTERED = 'Registrado por autofacturación';

interface TicketState {
  document: StoredTicket; key_hash: string; until: string; global_id: string | null; global_name: string | null;
  self_id: string | null; self_rfc: string | null; self_status: string | null;
}

async function ticketState(q: Queryable, cid: number, id: string): Promise<TicketState | undefined> {
  const [row] = await q.query<TicketState>(
    `SELECT t.document, t.key_hash, t.self_invoice_until::text AS until, g.id AS global_id, g.name AS global_name, s.id AS self_id, s.customer_identification AS self_rfc,
            s.stamp_status AS self_status
       FROM tickets t
       LEFT JOIN invoices g ON g.company_id = t.company_id AND g.id = t.global_invoice_id AND NOT g.annulled AND g.deleted_at IS NULL
       LEFT JOIN invoices s ON s.company_id = t.company_id AND s.id = t.self_invoice_id AND NOT s.annulled AND s.deleted_at IS NULL
      WHERE t.company_id = $1 AND t.id = $2`, [cid, id]);
  return row;
}

/** Whether `key` is the ticket's (its SHA-256, compared in constant time). */
export function keyMatches(key: unknown, hash: string): boolean {
  if (typeof key !== 'string') return false;
  const a = Buffer.from(keyHash(key), 'hex'), b = Buffer.from(hash, 'hex');
  return a.length === b.length && crypto.timingSafeEqual(a, b);
}

/** What the ticket allows now: its CFDI already made (its id), or a refusal, or nothing (it may be invoiced). */
function verdict(t: TicketState, rfc: string, today: string): { done: string } | ApiError | null {
  // A CFDI the PAC rejected (the typed name, postal code or regime not the SAT's) does not hold the ticket: typed again, it is replaced.
  if (t.self_id && t.self_status !== 'Rejected') {
    if (t.self_rfc === rfc) return { done: t.self_id };
    return new DomainError('invalid_document', 'This ticket already has its CFDI, issued to another RFC: ask the shop', 'key');
  }
  if (t.global_id) {
    return new DomainError('invalid_document', `This ticket is declared in the global invoice ${t.global_name} (público en general): it can no longer be invoiced alone; ask the shop`, 'key');
  }
  if (today > t.until) return new DomainError('invalid_date', `This ticket could be invoiced until ${t.until}; ask the shop`, 'key');
  return null;
}

const normal = (s: string) => s.normalize('NFC').trim().replace(/\s+/g, ' ').toUpperCase();

/** The typed fiscal data, checked as a customer's (paths of the body); an RFC the shop has must match its record. */
function checkReceiver(problems: Problems, body: SelfInvoiceBody, existing: CustomerRow | undefined): void {
  if (problems.has('rfc')) return;
  if (genericReceiver(body.rfc)) {
    problems.add('invalid_value', `${body.rfc} is a generic RFC: a self-invoice names its receiver (tickets not invoiced go to the global invoice)`, 'rfc');
    return;
  }
  const type = rfcPersonType(body.rfc);
  const r = problems.has('tax_regime') ? undefined : regime(body.tax_regime);
  if (!problems.has('tax_regime') && !r) problems.add('invalid_value', `${body.tax_regime} is not a c_RegimenFiscal code`, 'tax_regime');
  else if (r && !r.person_types.includes(type)) {
    problems.add('invalid_value', `Regime ${r.code} (${r.description}) is not for ${type === 'company' ? 'a persona moral' : 'a persona física'} (RFC ${body.rfc})`, 'tax_regime');
  }
  if (!problems.has('postal_code') && postalCode(body.postal_code) === undefined) problems.add('invalid_value', `${body.postal_code} is not a postal code of c_CodigoPostal`, 'postal_code');
  if (!existing) return;
  if (!existing.active) problems.add('parameter_inactive', `The shop cannot invoice RFC ${body.rfc} (its customer record is inactive): ask the shop`, 'rfc');
  const mismatch = (field: string, ok: boolean) => { if (!ok && !problems.has(field)) problems.add('invalid_value', `This is not what the shop holds for RFC ${body.rfc}: check it, or ask the shop to update its record`, field); };
  if (typeof body.name === 'string') mismatch('name', normal(existing.name.join(' ')) === normal(body.name));
  mismatch('postal_code', existing.address?.postal_code === body.postal_code);
  mismatch('tax_regime', existing.tax_regime === body.tax_regime);
}

/** The shop's customer of the RFC (branch office 0), read from the database (not the catalog cache). */
async function customerOf(q: Queryable, cid: number, rfc: string): Promise<CustomerRow | undefined> {
  const [row] = await q.query<CustomerRow>('SELECT * FROM customers WHERE company_id = $1 AND identification = $2 AND branch_office = 0', [cid, rfc]);
  return row;
}

/** Whether the customer is the receiver of a stamped CFDI of the company. */
async function stampedFor(q: Queryable, cid: number, customerId: number): Promise<boolean> {
  return (await q.query(`SELECT 1 FROM invoices WHERE company_id = $1 AND customer_id = $2 AND stamp_status = 'Accepted' LIMIT 1`, [cid, customerId])).length > 0;
}

/** The fiscal data of a record this page made, as typed now (committed on its own, as a new one is). */
async function correctCustomer(db: Db, cid: number, id: number, body: SelfInvoiceBody): Promise<void> {
  await db.query(`UPDATE customers SET name = $3, tax_regime = $4, address = $5, contacts = $6, updated_at = now() WHERE company_id = $1 AND id = $2`,
    [cid, id, JSON.stringify([body.name.trim()]), body.tax_regime, JSON.stringify({ address: 'Domicilio fiscal', postal_code: body.postal_code }),
      JSON.stringify([{ first_name: body.name.trim().slice(0, 50), email: body.email }])]);
}

/** An RFC the shop has no customer for becomes one, committed on its own (a retry finds it); a concurrent twin wins. */
async function addCustomer(db: Db, cid: number, body: SelfInvoiceBody): Promise<void> {
  const person = rfcPersonType(body.rfc) === 'person';
  await db.query(`INSERT INTO customers (company_id, person_type, id_type, identification, branch_office, name, active, vat_responsible, fiscal_responsibilities,
      tax_regime, address, phones, contacts, comments, custom_fields, type)
    VALUES ($1, $2, 'RFC', $3, 0, $4, true, false, '[]', $5, $6, '[]', $7, $8, '[]', 'Customer') ON CONFLICT DO NOTHING`,
  [cid, person ? 'person' : 'company', body.rfc, JSON.stringify([body.name.trim()]), body.tax_regime,
    JSON.stringify({ address: 'Domicilio fiscal', postal_code: body.postal_code }),
    JSON.stringify([{ first_name: body.name.trim().slice(0, 50), email: body.email }]), SELF_REGISTERED]);
}

/**
 * Self-invoices the ticket `id` (see the module's comment): its invoice's id, and whether it was made now (201) or
 * earlier (200). `planned` runs the rules with the body's schema errors (planRequest).
 */
export async function selfInvoice(db: Db, company: Company, id: string, body: SelfInvoiceBody,
  planned: <P>(rules: (p: Problems) => Promise<P>) => Promise<P>): Promise<{ id: string; created: boolean }> {
  const cid = company.company_id;
  const today = todayIn(company.time_zone);
  const ticket = await ticketState(db, cid, id);
  if (!ticket || !keyMatches(body?.key, ticket.key_hash)) throw notFound(`Ticket ${id} with this key`);
  const early = typeof body.rfc === 'string' ? verdict(ticket, body.rfc, today) : null;
  if (early instanceof ApiError) throw early;
  if (early) return { id: early.done, created: false };
  const found = typeof body.rfc === 'string' ? await customerOf(db, cid, body.rfc) : undefined;
  // A record this page made, never on a stamped CFDI, holds nothing verified: typed again, it is corrected.
  const ours = !!found && found.comments === SELF_REGISTERED && !(await stampedFor(db, cid, found.id));
  const existing = ours ? undefined : found;
  await planned(async (problems) => checkReceiver(problems, body, existing));
  if (ours) await correctCustomer(db, cid, found!.id, body);
  else if (!existing) await addCustomer(db, cid, body);
  // The catalog's version as committed now (the new customer bumped it): the plan reads the customer just added.
  const [{ version }] = await db.query<{ version: string }>('SELECT catalog_version::text AS version FROM companies WHERE company_id = $1', [cid]);
  const fresh = { ...company, catalog_version: Number(version) };
  const invoiceBody = await planned((problems) => invoiceOf(db, fresh, ticket.document, body, problems));
  const plan = await planned((problems) => inBodyPaths(problems, async (own) => {
    const p = await planMxInvoice(db, fresh, invoiceBody, own);
    // The lines as sold: the products' taxes changed since the sale would make another total.
    if (!new Decimal(p.computed.total).eq(ticket.document.total)) {
      own.add('document_settings', `The ticket's products are taxed differently since the sale (${p.computed.total} now, ${ticket.document.total} paid): ask the shop`, 'key');
    }
    return p;
  }));
  return db.tx(async (q) => {
    // As the global invoice: one at a time per company, reading the ticket's state after the last one committed.
    await q.query('SELECT 1 FROM ticket_counters WHERE company_id = $1 FOR UPDATE', [cid]);
    const now = (await ticketState(q, cid, id))!;
    const late = verdict(now, body.rfc, today);
    if (late instanceof ApiError) throw late;
    if (late) return { id: late.done, created: false };
    if (now.self_id && now.self_status === 'Rejected') await deleteInvoice(q, cid, now.self_id, company.country);
    const invoiceId = crypto.randomUUID();
    const at = new Date();
    const doc = mxInvoiceDocument(plan, { id: invoiceId, prefix: plan.docType.prefix, number: null, name: null, now: at });
    await writeInvoice(q, {
      companyId: cid, id: invoiceId, country: company.country, documentTypeId: plan.docType.id, date: plan.date, customerId: plan.customer.id,
      identification: body.rfc, branchOffice: 0, total: doc.total, balance: 0, document: doc, now: at, stamp: true, created: company.webhooks,
    }, [], []);
    await q.query('UPDATE tickets SET self_invoice_id = $3 WHERE company_id = $1 AND id = $2', [cid, id, invoiceId]);
    await requestMail(q, cid, 'invoice', invoiceId, { to: [body.email], waitForAuthority: true });
    return { id: invoiceId, created: true };
  });
}

/** Where the invoice's rules answer, in this body: its use, the customer's RFC, and the shop's set-up (the body). */
const bodyPath = (path: string) => (path === 'use' ? 'use' : path.startsWith('customer') ? 'rfc' : path === 'key' ? 'key' : 'body');

/** Runs the invoice's rules and answers their problems at this body's paths. */
async function inBodyPaths<T>(problems: Problems, rules: (own: Problems) => Promise<T>): Promise<T> {
  const own = new Problems();
  try {
    const out = await rules(own);
    own.throwIfAny();
    return out;
  } catch (e) {
    if (!(e instanceof ApiError)) throw e;
    for (const item of e.errors) problems.add(item.Code, item.Message, bodyPath(item.Params[0] ?? 'body'), item.Detail);
    problems.throwIfAny();
    throw e;
  }
}

/** The invoice's body: the ticket's lines, PUE with the FV payment type of its form, the first FV type and seller. */
async function invoiceOf(q: Queryable, company: Company, t: StoredTicket, body: SelfInvoiceBody, problems: Problems): Promise<MxInvoiceBody> {
  const md = await loadMasterData(q, company, {});
  const type = [...md.document_types.values()].filter((d) => d.type === 'FV' && d.active && d.automatic_number && d.discount_type !== 'Percentage').sort((a, b) => a.id - b.id)[0];
  const seller = [...md.sellers.values()].filter((s) => s.active).sort((a, b) => a.id - b.id)[0];
  const condition = [...md.payment_types.values()].filter((p) => p.document_type === 'FV' && p.active && p.sat_code === t.payment_form).sort((a, b) => a.id - b.id)[0];
  if (!type) problems.add('document_settings', 'The shop has no active invoice type (FV) numbered automatically: ask the shop', 'key');
  if (!seller) problems.add('document_settings', 'The shop has no active seller: ask the shop', 'key');
  if (!condition) problems.add('document_settings', `The shop has no active invoice payment type of c_FormaPago ${t.payment_form}: ask the shop`, 'key');
  problems.throwIfAny();
  return {
    document: { id: type.id }, customer: { rfc_id: body.rfc, branch_office: 0 }, seller: seller.id, use: body.use,
    items: t.items.map((i) => ({ code: i.code, description: i.description, quantity: i.quantity, price: i.price, ...(i.discount ? { discount: i.discount } : {}) })),
    observations: `Ticket ${t.folio} del ${t.date}`,
    payment: { method: 'PUE', conditions: { id: condition.id, value: t.total, due_date: todayIn(company.time_zone) } },
    stamp: { send: true }, mail: { send: true },
  };
}
