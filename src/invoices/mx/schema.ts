/**
 * The request body of a Mexican invoice (specification: "Invoice, variant MX").
 */
import { GlobalInformation } from './global';
import { CODE_HINT, CODE_PATTERN } from '../../catalog/products';
import { Type, type Static } from '@sinclair/typebox';
import { Enum } from '../../platform/validation';
import { RelatedAnswer, RelatedBody } from '../../countries/mx/sat/related';
import { Identity, MxStoredAnswer, Nullable, TaxAnswer } from '../../platform/answers';

const Id = (description?: string) => Type.Integer({ minimum: 1, maximum: 2147483647, description });
const Amount = (opts: Record<string, unknown> = {}) =>
  Type.Number({ minimum: 0, maximum: 99999999999.99, 'x-decimals': 2, 'x-finite': true, ...opts });

export const MxItem = Type.Object({
  code: Type.String({ minLength: 1, maxLength: 30, pattern: CODE_PATTERN, 'x-hint': CODE_HINT, 'x-code': 'invalid_code', description: 'Product or service code (see /v1/products)' }),
  description: Type.Optional(Type.String({ maxLength: 1000, description: 'Omitted: the product\'s long description, else its name. Empty: stays empty.' })),
  quantity: Type.Number({ exclusiveMinimum: 0, maximum: 99999999999.99, 'x-decimals': 2, 'x-finite': true }),
  price: Amount({ description: 'Unit price before taxes' }),
  discount: Type.Optional(Amount({ description: 'A value, or a percentage when the document type\'s discount_type is Percentage' })),
  warehouse: Type.Optional(Id()),
});

export const MxInvoiceBody = Type.Object({
  document: Type.Object({ id: Id('Document type id (see /mx/v1/document-types?type=FV)') }),
  number: Type.Optional(Type.Integer({ minimum: 1, maximum: 9007199254740991, description: 'Folio; required when the document type has automatic_number false' })),
  customer: Type.Object({
    rfc_id: Type.String({ minLength: 12, maxLength: 13, description: 'RFC of an existing, active customer' }),
    branch_office: Type.Integer({ minimum: 0, maximum: 999, default: 0 }),
  }),
  seller: Id('Seller id (see /mx/v1/users)'),
  observations: Type.Optional(Type.String({ maxLength: 4000 })),
  use: Type.String({ minLength: 1, maxLength: 4, description: 'c_UsoCFDI code allowed for the customer\'s person type (see /mx/v1/uses)' }),
  cost_center: Type.Optional(Id()),
  items: Type.Array(MxItem, { minItems: 1, maxItems: 500 }),
  retentions: Type.Optional(Type.Array(Id(), { maxItems: 2, description: 'Ids of ReteIVA and ReteISR taxes' })),
  related: RelatedBody('I'),
  global_information: Type.Optional(GlobalInformation),
  exportation: Type.Optional(Type.String({ pattern: '^0[1-4]$', 'x-hint': 'must be a c_Exportacion code: 01, 03 or 04', description: 'c_Exportacion: 01 No aplica (the default; services sold abroad too), 03 Temporal, 04 Definitiva con clave distinta a A1 (goods leaving the country, to a receiver abroad, XEXX010101000); 02 (definitive with clave A1) needs the Comercio Exterior complement, which this service does not write: refused' })),
  currency: Type.Optional(Type.Object({
    code: Type.String({ pattern: '^[A-Z]{3}$', 'x-code': 'invalid_currency', 'x-hint': 'must be a c_Moneda code such as USD', description: 'c_Moneda: MXN (the default) or a foreign currency enabled for the company' }),
    exchange_rate: Type.Optional(Type.Number({ exclusiveMinimum: 0, maximum: 999999, 'x-decimals': 6, 'x-finite': true,
      description: 'Pesos per unit of the currency (TipoCambio); omitted: the rate configured for the invoice day' })),
  }, { description: 'The invoice\'s currency (Moneda): its amounts are in it; the ledger is in pesos at the rate' })),
  stamp: Type.Optional(Type.Object({ send: Type.Boolean({ default: false }) })),
  mail: Type.Optional(Type.Object({ send: Type.Boolean({ default: false }) })),
  payment: Type.Object({
    method: Enum(['PUE', 'PPD'], { description: 'PUE: paid in one payment; PPD: deferred (payment form 99, to be defined)' }),
    conditions: Type.Object({
      id: Id('Payment condition (see /mx/v1/payment-types?document_type=FV)'),
      value: Amount({ description: 'Must equal the invoice total' }),
      due_date: Type.String({ format: 'date' }),
    }),
  }),
});
export type MxInvoiceBody = Static<typeof MxInvoiceBody>;

/** A line as the answer carries it, with its SAT keys. */
export const MxItemAnswer = Type.Object({
  code: Type.String(),
  description: Type.String(),
  quantity: Type.Number(),
  price: Type.Number(),
  discount: Type.Number(),
  warehouse: Nullable(Type.Integer()),
  sat_product_key: Type.String(),
  sat_unit_key: Type.String(),
  subtotal: Type.Number(),
  discount_value: Type.Number(),
  taxes: Type.Array(TaxAnswer),
  total: Type.Number(),
});

/** A Mexican invoice as POST, GET and the preview answer it, and as it is stored: the type the CFDI and PDF builders read. */
export const MxInvoiceAnswer = Type.Object({
  ...Identity,
  date: Type.String({ format: 'date' }),
  customer: Type.Object({ rfc_id: Type.String(), branch_office: Type.Integer(), name: Type.String() }),
  seller: Type.Integer(),
  observations: Nullable(Type.String()),
  use: Type.String(),
  cost_center: Nullable(Type.Integer()),
  items: Type.Array(MxItemAnswer),
  retentions: Type.Array(Type.Integer()),
  retention_details: Type.Array(TaxAnswer),
  related: RelatedAnswer,
  global_information: Type.Optional(GlobalInformation),
  exportation: Type.Optional(Type.String({ description: 'c_Exportacion when not 01 (No aplica)' })),
  currency: Type.Optional(Type.Object({ code: Type.String(), exchange_rate: Type.Number() }, { description: 'A foreign currency (absent: MXN)' })),
  subtotal: Type.Number(),
  discounts: Type.Number(),
  taxes_total: Type.Number(),
  withholdings_total: Type.Number(),
  retentions_total: Type.Number({ deprecated: true, description: 'The same figure as withholdings_total' }),
  total: Type.Number(),
  balance: Type.Number(),
  payment: Type.Object({
    method: Enum(['PUE', 'PPD']),
    conditions: Type.Object({ id: Type.Integer(), value: Type.Number(), due_date: Type.String({ format: 'date' }), name: Type.String(), payment_form: Type.String() }),
  }),
  ...MxStoredAnswer,
}, { additionalProperties: false });
export type MxInvoiceDocument = Static<typeof MxInvoiceAnswer>;
