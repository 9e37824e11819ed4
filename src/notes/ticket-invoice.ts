/**
 * A POS ticket turned into an electronic invoice at the buyer's request (issue 51): `POST /v1/invoices/{id}/invoice`.
 * The DIAN's rule (Resolución 000165 of 2023, the equivalent document): a buyer who asks for a factura electrónica
 * gets one, and the equivalent document already issued for the sale is annulled by its adjustment note. So, in one
 * transaction and under one Idempotency-Key:
 *
 * - an annulment note (credit, concept 2) of the ticket, of an electronic note type: a nota de ajuste crédito (94)
 *   of what the ticket sold, whose payments give back what the ticket's payments took (its cash ones as a refund,
 *   its credit ones on account);
 * - an invoice of an electronic invoice type (`document.id`, default the company's first active one) to the
 *   customer sent, with the ticket's lines, taxes, retentions, seller and payments, dated today, observing which
 *   ticket it replaces.
 *
 * The books see the sale once: the note reverses the ticket's entry, the invoice posts its own. The answer is the
 * invoice; the ticket then names its note in credit_notes. A ticket that some note already corrects, an annulled
 * one, one the DIAN has not accepted, or a document that is not a ticket is refused with the reason.
 */
import { Type } from '@sinclair/typebox';
import type { RouteModule } from '../platform/app';
import type { Company } from '../platform/auth';
import type { Queryable } from '../platform/db';
import { DomainError, notFound, type Problems } from '../platform/errors';
import { afterCreation, createDocument, IdempotencyHeader, planRequest, UuidParams } from '../platform/documents';
import { todayIn } from '../invoices/lookup';
import { readCoInvoice, readInvoice } from '../invoices/routes';
import { CustomerBodyRef, type CoInvoiceDocument } from '../invoices/co/schema';
import { planCoInvoice, storeCoInvoice, type Plan } from '../invoices/co/service';
import { stampJob } from '../invoices/kernel';
import { mailIfAsked } from '../mail/store';
import { sum } from '../platform/money';
import { planNote, storeNote, type NotePlan } from './service';
import { NOTE_STAMP_JOB } from './kernel';
import type { NoteBody } from './schema';

const Body = Type.Object({
  customer: CustomerBodyRef('the buyer who asked for the invoice'),
  document: Type.Optional(Type.Object({ id: Type.Integer({ minimum: 1, maximum: 2147483647, description: 'The electronic invoice type (default: the company\'s first active one)' }) })),
  stamp: Type.Optional(Type.Object({ send: Type.Boolean({ default: false, description: 'Send the invoice and the ticket\'s adjustment note to the DIAN' }) })),
  mail: Type.Optional(Type.Object({ send: Type.Boolean({ default: false }) })),
}, { additionalProperties: false });
interface Sent { customer: Record<string, unknown>; document?: { id: number }; stamp?: { send: boolean }; mail?: { send: boolean } }

type Ticket = CoInvoiceDocument & { id: string; name: string; credit_notes?: { name: string }[]; debit_notes?: { name: string }[] };

/** The company's electronic types a conversion uses: the first active electronic invoice type and credit note type. */
async function electronicTypes(q: Queryable, cid: number): Promise<{ invoice: number | null; note: number | null }> {
  const rows = await q.query<{ id: number; type: string }>(
    `SELECT DISTINCT ON (type) id, type FROM document_types WHERE company_id = $1 AND active AND electronic_type = 'ElectronicInvoice' AND type IN ('FV', 'NC') ORDER BY type, id`, [cid]);
  return { invoice: rows.find((r) => r.type === 'FV')?.id ?? null, note: rows.find((r) => r.type === 'NC')?.id ?? null };
}

/** The note's payments: what the ticket took in cash given back (a cash credit-note type), what it left on credit settled on account. */
async function notePayments(q: Queryable, cid: number, t: Ticket, problems: Problems): Promise<NoteBody['payments']> {
  const types = await q.query<{ id: number; due_date: boolean }>(
    `SELECT id, due_date FROM payment_types WHERE company_id = $1 AND active AND document_type = 'NC' ORDER BY id`, [cid]);
  const cash = sum(t.payments.filter((p) => !p.due_date).map((p) => p.value)).toNumber();
  const credit = sum(t.payments.filter((p) => p.due_date).map((p) => p.value)).toNumber();
  const out: NoteBody['payments'] = [];
  const refund = types.find((p) => !p.due_date), onAccount = types.find((p) => p.due_date);
  if (cash > 0 && refund) out.push({ id: refund.id, value: cash });
  else if (cash > 0) problems.add('company_settings', 'The company has no active cash payment type for credit notes to give back what the ticket took', 'id');
  if (credit > 0 && onAccount) out.push({ id: onAccount.id, value: credit });
  else if (credit > 0) problems.add('company_settings', 'The company has no active credit payment type for credit notes', 'id');
  return out;
}

/** Both plans, checked: the ticket's annulment note and the invoice that replaces it. */
async function planConversion(q: Queryable, company: Company, id: string, sent: Sent, problems: Problems): Promise<{ note: NotePlan; invoice: Plan }> {
  const cid = company.company_id;
  const t = await readCoInvoice(q, company, id).catch(() => null) as Ticket | null;
  if (!t) throw notFound(`Invoice ${id}`);
  const refuse = (why: string) => new DomainError('invalid_document', `${t.name} ${why}`, 'id');
  if (!t.pos) throw refuse('is not a POS ticket: only a ticket (a document type with electronic_type PosEquivalentDocument) is turned into an invoice');
  if (t.annulled) throw refuse('is annulled');
  if (t.stamp.status !== 'Accepted') throw refuse(`is ${t.stamp.status} at the DIAN: its adjustment note needs the ticket accepted first (POST /v1/invoices/${id}/stamp)`);
  const notes = [...(t.credit_notes ?? []), ...(t.debit_notes ?? [])];
  if (notes.length) throw refuse(`is corrected by ${notes.map((n) => n.name).join(', ')}: annul what is left of it with a note instead, and issue the invoice on its own`);
  const types = await electronicTypes(q, cid);
  if (!types.note) throw new DomainError('company_settings', 'The company has no active electronic credit note type (NC, electronic_type ElectronicInvoice) for the ticket\'s adjustment note', 'id');
  const invoiceType = sent.document?.id ?? types.invoice;
  if (!invoiceType) throw new DomainError('company_settings', 'The company has no active electronic invoice type (FV, electronic_type ElectronicInvoice): send document.id', 'document.id');
  const date = todayIn(company.time_zone);
  // The ticket's lines, each discount as the type reads it: a value, or a percentage of the gross amount.
  const percent = new Set((await q.query<{ id: number }>(`SELECT id FROM document_types WHERE company_id = $1 AND id = ANY($2::int[]) AND discount_type = 'Percentage'`,
    [cid, [invoiceType, types.note]])).map((r) => Number(r.id)));
  const itemsFor = (typeId: number) => t.items.map((i) => ({ code: i.code, quantity: i.quantity, price: i.price, description: i.description,
    taxes: i.taxes.map((x) => ({ id: x.id })), discount: percent.has(typeId) ? i.discount.percentage : i.discount.value }));
  const retentions = t.retentions.length ? t.retentions.map((r) => ({ id: r.id })) : undefined;
  const stamp = sent.stamp ? { send: sent.stamp.send } : undefined;
  const noteBody: NoteBody = {
    document: { id: types.note }, date, invoice: id, reason: 2, seller: t.seller, items: itemsFor(types.note), retentions, stamp,
    payments: await notePayments(q, cid, t, problems), observations: `Anulación del tiquete POS ${t.name}: se expide factura electrónica a solicitud del comprador`,
  };
  const invoiceBody = {
    document: { id: invoiceType }, date, customer: sent.customer as { identification: string; branch_office: number }, seller: t.seller, items: itemsFor(invoiceType),
    retentions, stamp, mail: sent.mail,
    payments: t.payments.map((p) => ({ id: p.id, value: p.value, ...(p.due_date ? { due_date: p.due_date < date ? date : p.due_date } : {}) })),
    observations: `Factura del tiquete POS ${t.name}, a solicitud del comprador`,
  };
  problems.throwIfAny();
  const note = await planNote(q, company, 'NC', noteBody, problems);
  const invoice = await planCoInvoice(q, company, invoiceBody, problems);
  return { note, invoice };
}

export const ticketInvoiceRoute: RouteModule = (app, { db, outbox, config }) => {
  app.post('/invoices/:id/invoice', {
    attachValidation: true,
    schema: {
      tags: ['invoices (CO)'], params: UuidParams('POS ticket'), body: Body, headers: Type.Object(IdempotencyHeader),
      summary: 'Turn a POS ticket into an electronic invoice at the buyer\'s request: the ticket is annulled by its adjustment note and the invoice issued, in one transaction',
    },
  }, async (req, reply) => {
    const company = req.company;
    const id = (req.params as { id: string }).id;
    return createDocument(db, req, reply, `CO POST /v1/invoices/${id}/invoice`,
      () => planRequest(req, (problems) => planConversion(db, company, id, req.body as Sent, problems)),
      async (q, p) => {
        await storeNote(q, company, p.note, {});
        return mailIfAsked(q, company.company_id, 'invoice', await storeCoInvoice(q, company, p.invoice, {}));
      },
      (doc) => afterCreation(doc, outbox, async (invoiceId) => {
        // The ticket's adjustment note first (the DIAN sees the ticket annulled), then the invoice.
        const [note] = await db.query<{ id: string }>(`SELECT id FROM notes WHERE company_id = $1 AND invoice_id = $2 AND kind = 'NC' AND NOT annulled`, [company.company_id, id]);
        if (note) await outbox?.runAndWait(company.company_id, NOTE_STAMP_JOB, note.id, config.dianTimeoutMs);
        await outbox?.runAndWait(company.company_id, stampJob(company.country), invoiceId, config.dianTimeoutMs);
        return readInvoice(db, company, invoiceId);
      }));
  });
};
