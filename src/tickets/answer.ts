/**
 * A Mexican ticket's answer from its row: the serializer every read of one goes through (creation, GET, list).
 * Built field by field to the type of its response schema (TicketAnswer), never by spreading the stored JSON;
 * its state is what the live invoices that declared it say (./read.ts).
 */
import type { StoredTicket } from './service';
import type { TicketDocument, TicketStatus } from './schema';

/** A ticket's row as read: its stored document, its last self-invoicing day, and the live invoices it is in (global, its own). */
export interface TicketRow { document: StoredTicket; until: string; global_id: string | null; global_name: string | null; self_id: string | null; self_name: string | null }

/** The public page where the customer invoices a ticket alone (`origin`: the address the API was called on). */
export const selfInvoiceUrl = (origin: string, id: string) => `${origin}/mx/self-invoice/${id}`;

/** `key`: the ticket's secret, answered by its creation only. */
export function ticketAnswer(r: TicketRow, origin: string, key?: string): TicketDocument {
  const d = r.document;
  const status: TicketStatus = r.self_id ? 'self_invoiced' : r.global_id ? 'global' : 'open';
  return {
    id: d.id,
    folio: d.folio,
    date: d.date,
    branch: d.branch,
    payment_form: d.payment_form,
    items: d.items,
    subtotal: d.subtotal,
    discounts: d.discounts,
    taxes: d.taxes,
    taxes_total: d.taxes_total,
    total: d.total,
    status,
    global_invoice: r.global_id ? { id: r.global_id, name: r.global_name ?? '' } : null,
    self_invoice: { url: selfInvoiceUrl(origin, d.id), key, until: r.until, invoice: r.self_id ? { id: r.self_id, name: r.self_name ?? '' } : null },
    metadata: { created: d.metadata.created },
  };
}
