/**
 * The Colombian invoice: every rule of the specification against the
 * company's master data (./plan.ts, with ./lines.ts), then the computation
 * and the rules on amounts (./totals.ts), then one transaction that numbers
 * it, stores it (./document.ts) with its due items and posts its journal
 * entry (./ledger.ts).
 */
import crypto from 'node:crypto';
import type { Company } from '../../platform/auth';
import type { Queryable } from '../../platform/db';
import { DomainError, notFound } from '../../platform/errors';
import { insertCustomer } from '../../catalog/customers';
import { postEntry, reverseEntry } from '../../ledger/journal';
import { canEdit, enforce, lockInvoice, replaceInvoice, requestStamp, writeInvoice, type InvoiceWrite } from '../kernel';
import type { CoInvoiceDocument } from './schema';
import type { Plan } from './plan';
import { coInvoiceDocument } from './document';
import { advanceOf, applyAdvance, coInvoicePostings, dueRecords } from './ledger';

export { planCoInvoice, type DocumentPlan, type LinePlan, type Plan, type SalesKind } from './plan';
export { coInvoiceDocument } from './document';
export { coInvoicePostings } from './ledger';

/**
 * storeCoInvoice writes the plan with writeInvoice's one statement and nothing else: no new customer
 * to insert and no advance to lock and check again (those need the transaction around them).
 */
export const coStoredInOneStatement = (plan: Plan): boolean => !plan.newCustomer && !advanceOf(plan).gt(0);

/** Writes the invoice: number, customer (if new), document, due items, journal entry. */
export async function storeCoInvoice(q: Queryable, company: Company, plan: Plan, meta: { partnerId?: string }) {
  const cid = company.company_id;
  const id = crypto.randomUUID();
  const customerId = plan.newCustomer ? Number((await insertCustomer(q, cid, company.country, plan.newCustomer)).id) : plan.customer!.id;
  const { doc, write } = coInvoiceWrite(company, plan, { id, customerId, now: new Date(), partnerId: meta.partnerId });
  await applyAdvance(q, cid, plan);
  const numbered = await writeInvoice(q, write.r, write.due, write.postings);
  return pendingIfAsked(plan, { ...doc, ...numbered });
}

/**
 * What the kernel writes for a planned invoice (its record, due items and postings) and its answer without
 * number and name: storeCoInvoice's, and bulk-demo's (src/companies/bulk.ts), which hands many to writeInvoices.
 */
export function coInvoiceWrite(company: Company, plan: Plan, o: { id: string; customerId: number; now: Date; partnerId?: string }): { doc: CoInvoiceDocument; write: InvoiceWrite } {
  const doc = coInvoiceDocument(plan, { id: o.id, prefix: plan.docType.prefix, number: null, name: null, customerId: o.customerId, now: o.now });
  return {
    doc,
    write: {
      r: {
        companyId: company.company_id, id: o.id, country: company.country, documentTypeId: plan.docType.id, sent: plan.body.number, date: plan.body.date,
        customerId: o.customerId, identification: plan.body.customer.identification, branchOffice: plan.body.customer.branch_office,
        total: doc.total, balance: doc.balance, partnerId: o.partnerId, document: doc, now: o.now, stamp: plan.body.stamp?.send,
        created: company.webhooks,
      },
      due: dueRecords(plan), postings: coInvoicePostings(plan),
    },
  };
}

/** With stamp.send, the invoice goes to the DIAN after commit, from the outbox; Pending until it answers. */
function pendingIfAsked<D extends { stamp: object }>(plan: Plan, doc: D): D {
  return plan.body.stamp?.send ? { ...doc, stamp: { ...doc.stamp, status: 'Pending' } } : doc;
}

/**
 * Replaces a Draft or Rejected invoice (same rules as creation; same type, number
 * and name): its journal entry is reversed and posted anew, its due items
 * rewritten, and it is a Draft again until sent.
 */
export async function updateCoInvoice(q: Queryable, company: Company, id: string, plan: Plan) {
  const cid = company.company_id;
  const inv = await lockInvoice(q, cid, id, { country: company.country, paid: true });
  if (!inv) throw notFound(`Invoice ${id}`);
  enforce(canEdit(inv));
  if (plan.docType.id !== inv.document_type_id) throw new DomainError('invalid_value', `The document type of invoice ${inv.name} cannot change`, 'document.id');
  const customerId = plan.newCustomer ? Number((await insertCustomer(q, cid, company.country, plan.newCustomer)).id) : plan.customer!.id;
  const doc = coInvoiceDocument(plan, { id, prefix: inv.prefix, number: Number(inv.number), name: inv.name, customerId, now: new Date(inv.created_at) });
  doc.metadata.last_updated = new Date().toISOString();
  await reverseEntry(q, cid, id, { kind: 'invoice_correction', id, date: plan.body.date, description: `Corrección de la factura ${inv.name}` });
  await replaceInvoice(q, cid, inv, id, {
    date: plan.body.date, customerId, identification: plan.body.customer.identification, branchOffice: plan.body.customer.branch_office,
    total: doc.total, balance: doc.balance, document: doc,
    due: dueRecords(plan),
  });
  await applyAdvance(q, cid, plan);
  await postEntry(q, cid, { kind: 'invoice', id, date: plan.body.date, description: `Factura ${inv.name}` }, coInvoicePostings(plan));
  if (plan.body.stamp?.send) await requestStamp(q, cid, id, company.country, 'Draft');
  return pendingIfAsked(plan, doc);
}
