/**
 * The Mexican payment receipt (Recibo electrónico de pago, CFDI type P with
 * the complement Pagos 2.0): its request body and its answer.
 */
import { Type, type Static } from '@sinclair/typebox';
import { Identity, MxStoredAnswer, Nullable } from '../platform/answers';
import { SMALL_CATALOGUES } from '../catalogs/sat';
import { Enum } from '../platform/validation';
import { LOCAL_DATE_TIME } from '../platform/dates';
import { RelatedAnswer, RelatedBody } from '../countries/mx/sat/related';

const Id = (description?: string) => Type.Integer({ minimum: 1, maximum: 2147483647, description });
const Amount = (opts: Record<string, unknown> = {}) =>
  Type.Number({ exclusiveMinimum: 0, maximum: 99999999999.99, 'x-decimals': 2, 'x-finite': true, ...opts });

/** c_FormaPago without 99 (Por definir): a payment received has a known form. */
export const PAYMENT_FORMS = SMALL_CATALOGUES.c_FormaPago.filter((c) => c !== '99');
/** c_FormaPago 17 (Compensación): a credit note set off against what its invoices owe. */
export const COMPENSATION = '17';
/** c_FormaPago 30, Aplicación de anticipos: a credit note that applies an advance sets off as 17 does (src/notes/mx-advance.ts). */
export const ADVANCE_APPLICATION = '30';

export const PaymentBody = Type.Object({
  document: Type.Object({ id: Id('Document type id of type P (see /mx/v1/document-types?type=P)') }),
  number: Type.Optional(Type.Integer({ minimum: 1, maximum: 9007199254740991, description: 'Folio; required when the document type has automatic_number false' })),
  date: Type.String({ format: LOCAL_DATE_TIME, maxLength: 40, description: 'When the customer paid (FechaPago): not in the future. RFC 3339 with an offset, or without one (2026-11-26T13:56:18, as the SAT writes it): the company\'s local time' }),
  customer: Type.Object({
    rfc_id: Type.String({ minLength: 12, maxLength: 13, description: 'RFC of the customer whose invoices are paid' }),
    branch_office: Type.Integer({ minimum: 0, maximum: 999, default: 0 }),
  }),
  payment_form: Enum(PAYMENT_FORMS, { description: 'c_FormaPago of the payment (never 99, Por definir)' }),
  currency: Type.Optional(Type.Object({
    code: Type.String({ minLength: 3, maxLength: 3, description: 'MXN (the default) or an enabled foreign currency of the company' }),
    exchange_rate: Type.Optional(Type.Number({ exclusiveMinimum: 0, maximum: 999999, 'x-decimals': 6, 'x-finite': true,
      description: 'Pesos per unit of the currency (TipoCambioP); omitted: the rate configured for the payment day' })),
  })),
  amount: Amount({ description: 'What the customer paid, in the payment currency (Monto): the sum of invoices[].amount' }),
  operation_number: Type.Optional(Type.String({ minLength: 1, maxLength: 100, pattern: '^[^|]{1,100}$', description: 'The bank\'s operation number (NumOperacion)' })),
  invoices: Type.Array(Type.Object({
    id: Type.String({ format: 'uuid', description: 'A stamped PPD invoice of the customer with a balance' }),
    amount: Amount({ description: 'What is paid on it, in the payment currency: at most what it still owes' }),
    exchange_rate: Type.Optional(Type.Number({ exclusiveMinimum: 0, maximum: 999999, 'x-decimals': 6, 'x-finite': true,
      description: 'Only for an invoice in a foreign currency other than the payment\'s (a USD invoice paid in MXN): pesos per unit of the invoice\'s currency on the payment day, from which EquivalenciaDR is computed; omitted: the rate configured for that day' })),
  }), { minItems: 1, maxItems: 100 }),
  observations: Type.Optional(Type.String({ maxLength: 4000 })),
  related: RelatedBody('P'),
  stamp: Type.Optional(Type.Object({ send: Type.Boolean({ default: false }) })),
  mail: Type.Optional(Type.Object({ send: Type.Boolean({ default: false, description: 'E-mail the receipt (PDF and XML) to the customer\'s contacts, once stamped when it is sent to stamp' }) })),
});
export type PaymentBody = Static<typeof PaymentBody>;

/** A tax of a paid invoice (TrasladoDR, RetencionDR), in proportion to what was paid. */
export const PaidTax = Type.Object({
  type: Type.String(), percentage: Type.Number(), base_value: Type.Number(), value: Type.Number(),
  booked: Type.Optional(Type.Number({ description: 'The receipt that settles the invoice: what its journal entry moved for this tax, when Anexo 20\'s bounds kept its CFDI from declaring all of it (value)' })),
});

export const PaidInvoice = Type.Object({
  id: Type.String({ format: 'uuid' }),
  name: Type.String(),
  prefix: Type.String({ description: 'The invoice\'s Serie' }),
  number: Type.Integer({ description: 'The invoice\'s Folio' }),
  uuid: Type.String({ description: 'The invoice\'s fiscal folio (IdDocumento)' }),
  currency: Type.String(),
  equivalence: Type.Number({ description: 'Units of the invoice\'s currency per unit of the payment\'s (EquivalenciaDR)' }),
  installment: Type.Integer({ description: 'NumParcialidad: 1 for the invoice\'s first payment' }),
  previous_balance: Type.Number({ description: 'ImpSaldoAnt' }),
  amount_paid: Type.Number({ description: 'ImpPagado, in the invoice\'s currency' }),
  balance_left: Type.Number({ description: 'ImpSaldoInsoluto' }),
  tax_object: Type.String({ description: 'ObjetoImpDR: 02 when the invoice carries taxes' }),
  taxes: Type.Array(PaidTax),
  withholdings: Type.Array(PaidTax),
});

export const PaymentAnswer = Type.Object({
  ...Identity,
  date: Type.String({ format: 'date', description: 'The day the receipt was issued' }),
  paid_at: Type.String({ format: 'date-time' }),
  customer: Type.Object({ rfc_id: Type.String(), branch_office: Type.Integer(), name: Type.String() }),
  payment_form: Type.String(),
  currency: Type.Object({ code: Type.String(), exchange_rate: Type.Number() }),
  amount: Type.Number(),
  operation_number: Nullable(Type.String()),
  observations: Nullable(Type.String()),
  invoices: Type.Array(PaidInvoice),
  related: RelatedAnswer,
  totals: Type.Object({
    withholdings_iva: Type.Number(), withholdings_isr: Type.Number(), withholdings_ieps: Type.Number(),
    transferred: Type.Array(Type.Object({ percentage: Type.Number(), base_value: Type.Number(), value: Type.Number() }), { description: 'IVA per rate, in pesos' }),
    exempt_base_value: Type.Optional(Type.Number({ description: 'The base of the exempt IVA paid, in pesos (TotalTrasladosBaseIVAExento); absent when none' })),
    payments_total: Type.Number({ description: 'MontoTotalPagos, in pesos' }),
  }),
  ...MxStoredAnswer,
}, { additionalProperties: false });
export type PaymentDocument = Static<typeof PaymentAnswer>;
