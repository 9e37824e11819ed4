/**
 * Mexican sales tickets (issue 51): the request and answer of POST /mx/v1/tickets, its list query, and the
 * request of the global invoice of tickets (docs/mexico.md, "Tickets and the global invoice").
 */
import { Type, type Static } from '@sinclair/typebox';
import { MxItem } from '../invoices/mx/schema';
import { PERIODICITIES } from '../invoices/mx/global';
import { PAYMENT_FORMS } from '../payments/schema';
import { Nullable, TaxAnswer } from '../platform/answers';
import { Enum } from '../platform/validation';
import { dateFilters } from '../platform/dates';

/**
 * c_FormaPago a sale at the counter is paid with: not 99 (Por definir: a ticket is paid), nor 17 (Compensación) or
 * 30 (Aplicación de anticipos), which settle against other documents a ticket cannot name.
 */
export const TICKET_PAYMENT_FORMS = PAYMENT_FORMS.filter((c) => c !== '17' && c !== '30');

/** What a ticket is in: open (in no live invoice), declared in a live global invoice, or invoiced alone to its customer. */
export const TICKET_STATES = ['open', 'global', 'self_invoiced'] as const;
export type TicketStatus = (typeof TICKET_STATES)[number];

export const TicketBody = Type.Object({
  date: Type.Optional(Type.String({ format: 'date', description: 'The day of the sale (the company\'s time zone); today by default, never in the future' })),
  items: Type.Array(MxItem, { minItems: 1, maxItems: 500, description: 'The lines sold, as a Mexican invoice\'s items: product code, quantity, unit price before taxes, discount (a value); taxes from the product' }),
  payment_form: Enum(TICKET_PAYMENT_FORMS, { description: 'c_FormaPago the customer paid with (01 cash posts to Caja; any other form to Bancos)' }),
  branch: Type.Optional(Type.String({ minLength: 1, maxLength: 50, pattern: '^[^|]{1,50}$', description: 'The branch or point of sale, as the shop names it (kept and listed; not part of the folio)' })),
});
export type TicketBody = Static<typeof TicketBody>;

const TicketItemAnswer = Type.Object({
  code: Type.String(),
  description: Type.String(),
  quantity: Type.Number(),
  price: Type.Number(),
  discount: Type.Number(),
  sat_product_key: Type.String(),
  sat_unit_key: Type.String(),
  subtotal: Type.Number(),
  discount_value: Type.Number(),
  taxes: Type.Array(TaxAnswer),
  total: Type.Number(),
});

export const TicketAnswer = Type.Object({
  id: Type.String({ format: 'uuid' }),
  folio: Type.Integer({ description: 'The company\'s consecutive ticket number (NoIdentificacion of its concept in the global invoice)' }),
  date: Type.String({ format: 'date' }),
  branch: Nullable(Type.String()),
  payment_form: Type.String(),
  items: Type.Array(TicketItemAnswer),
  subtotal: Type.Number({ description: 'Σ line amounts before discounts' }),
  discounts: Type.Number(),
  taxes: Type.Array(TaxAnswer, { description: 'The taxes transferred (IVA, IEPS), one per tax, summed over the lines (each line\'s own rounding)' }),
  taxes_total: Type.Number(),
  total: Type.Number(),
  status: Enum([...TICKET_STATES], { description: 'open: in no live invoice; global: declared in a live global invoice; self_invoiced: invoiced alone to its customer' }),
  global_invoice: Nullable(Type.Object({ id: Type.String({ format: 'uuid' }), name: Type.String() })),
  self_invoice: Type.Object({
    url: Type.String({ description: 'The public self-invoicing page of the ticket' }),
    key: Type.Optional(Type.String({ description: 'The ticket\'s secret, answered only by its creation (and its Idempotency-Key replays): only its hash is kept' })),
    until: Type.String({ format: 'date', description: 'The last day the customer may invoice the ticket alone: the end of its month in Mexico City' }),
    invoice: Nullable(Type.Object({ id: Type.String({ format: 'uuid' }), name: Type.String() })),
  }),
  metadata: Type.Object({ created: Type.String({ format: 'date-time' }) }),
}, { additionalProperties: false });
export type TicketDocument = Static<typeof TicketAnswer>;

export const TicketListQuery = Type.Object({
  status: Type.Optional(Enum([...TICKET_STATES], { description: 'Only tickets in this state' })),
  branch: Type.Optional(Type.String({ minLength: 1, maxLength: 50 })),
  date_start: dateFilters('Tickets dated').date_start,
  date_end: dateFilters('Tickets dated').date_end,
});

export const GlobalInvoiceBody = Type.Object({
  periodicity: Enum(Object.keys(PERIODICITIES), { description: 'c_Periodicidad: 01 daily, 02 weekly, 03 fortnightly, 04 monthly, 05 bimonthly (régimen 621 only)' }),
  months: Type.String({ pattern: '^(0[1-9]|1[0-8])$', 'x-hint': 'must be a c_Meses code, 01 to 18', description: 'c_Meses: the month 01–12, or with 05 the pair 13–18' }),
  year: Type.Integer({ minimum: 2000, maximum: 9999 }),
  from: Type.Optional(Type.String({ format: 'date', description: 'First day of the period: required for 01 (the day), 02 and 03; by default the first day of the months' })),
  to: Type.Optional(Type.String({ format: 'date', description: 'Last day of the period: by default `from` for 01, the last day of the months for 04 and 05; required for 02 and 03' })),
  document: Type.Optional(Type.Object({ id: Type.Integer({ minimum: 1, maximum: 2147483647, description: 'Document type of type FV to number the global invoice (see /mx/v1/document-types?type=FV); by default the first active one numbered automatically' }) })),
  seller: Type.Optional(Type.Integer({ minimum: 1, maximum: 2147483647, description: 'Seller (see /mx/v1/users); by default the first active one' })),
  substitutes: Type.Optional(Type.String({ format: 'uuid', description: 'The id of a stamped global invoice of the same period that this one replaces (TipoRelacion 04): it declares that one\'s tickets with the period\'s open ones; then cancel the old one with motive 01 and this one\'s UUID' })),
});
export type GlobalInvoiceBody = Static<typeof GlobalInvoiceBody>;
