/**
 * Credit and debit notes (Colombia): the request bodies and the answer, in
 * Siigo's shape (CreateCreditNoteCommand, CreditNoteViewModel). A note's fields
 * are an invoice's (src/invoices/co/schema.ts), without a customer or a currency
 * of its own: both are its invoice's.
 */
import { Type, type Static } from '@sinclair/typebox';
import { CoInvoiceAnswer, CoInvoiceBody } from '../invoices/co/schema';
import { Nullable } from '../platform/answers';
import { IntOrDigits } from '../platform/validation';

/** The DIAN's correction concepts (annex 1.9, tables 13.2.4 and 13.2.5). */
export const CREDIT_REASONS = {
  1: 'Devolución parcial de los bienes y/o no aceptación parcial del servicio',
  2: 'Anulación de factura electrónica',
  3: 'Rebaja o descuento parcial o total',
  4: 'Ajuste de precio',
  5: 'Descuento comercial por pronto pago',
  6: 'Descuento comercial por volumen de ventas',
} as const;
export const DEBIT_REASONS = {
  1: 'Intereses',
  2: 'Gastos por cobrar',
  3: 'Cambio del valor',
  4: 'Otros',
} as const;
/** Concept 2 of a credit note: the whole invoice is cancelled. */
export const ANNULMENT = 2;

export type NoteKind = 'NC' | 'ND';
export const NOTE_NAMES = {
  NC: { noun: 'credit note', title: 'Credit note', path: 'credit-notes', event: 'credit_note' },
  ND: { noun: 'debit note', title: 'Debit note', path: 'debit-notes', event: 'debit_note' },
} as const;

const SHARED = ['document', 'number', 'name', 'date', 'cost_center', 'currency', 'seller', 'retentions', 'observations', 'items', 'payments', 'stamp', 'mail'] as const;

const noteBody = (kind: NoteKind) => {
  const reasons = Object.keys(kind === 'NC' ? CREDIT_REASONS : DEBIT_REASONS).map(Number);
  return Type.Object({
    ...Type.Pick(CoInvoiceBody, SHARED).properties,
    document: Type.Object({ id: IntOrDigits({ minimum: 1, maximum: 2147483647 }, { description: `Document type id (see /v1/document-types?type=${kind})` }) }),
    invoice: Type.String({ format: 'uuid', description: `The id of the invoice the ${NOTE_NAMES[kind].noun} corrects` }),
    reason: IntOrDigits({ minimum: 1, maximum: reasons.length }, { description: `DIAN concept (a number, or its digits as a string): ${Object.entries(kind === 'NC' ? CREDIT_REASONS : DEBIT_REASONS).map(([k, v]) => `${k} ${v}`).join('; ')}` }),
    currency: Type.Optional(Type.Object({
      code: Type.String({ description: 'The invoice\'s currency (a note never changes it)' }),
      exchange_rate: Type.Optional(Type.Number({ exclusiveMinimum: 0, maximum: 999999999, 'x-decimals': 6, 'x-finite': true, description: 'Omitted: the invoice\'s' })),
    })),
  });
};
export const CreditNoteBody = noteBody('NC');
export const DebitNoteBody = noteBody('ND');
export type NoteBody = Static<typeof CreditNoteBody>;

/** A note as POST, GET and the preview answer it, and as it is stored. */
export const NoteAnswer = Type.Object({
  ...Type.Omit(CoInvoiceAnswer, ['advance_payment', 'amount_payable', 'balance', 'global_discounts', 'global_charges', 'additional_fields', 'healthcare_company', 'stamp']).properties,
  /** Only an annulment (concept 2) of an invoice with global discounts or charges carries them: what is left of each. */
  global_discounts: Type.Optional(CoInvoiceAnswer.properties.global_discounts),
  global_charges: Type.Optional(CoInvoiceAnswer.properties.global_charges),
  invoice: Type.Object({ id: Type.String({ format: 'uuid' }), name: Type.String() }),
  reason: Type.Integer({ description: 'The DIAN concept' }),
  stamp: Type.Object({
    send: Type.Boolean(), status: CoInvoiceAnswer.properties.stamp.properties.status, cude: Nullable(Type.String()),
    observations: Nullable(Type.String()), errors: Nullable(Type.String()),
  }),
}, { additionalProperties: false });
export type NoteDocument = Static<typeof NoteAnswer>;
