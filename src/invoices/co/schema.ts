/**
 * The request body of a Colombian invoice (specification: "Invoice, variant CO"),
 * written once: it validates requests and documents them in /openapi.json.
 */
import { Type, type Static } from '@sinclair/typebox';
import { Enum, IntOrDigits } from '../../platform/validation';
import { Identity, MailAnswer, Metadata, Nullable, Ref, StampStatusAnswer, TaxAnswer } from '../../platform/answers';

const Id = (description?: string) => IntOrDigits({ minimum: 1, maximum: 2147483647 }, description ? { description } : {});
const Money = (opts: Record<string, unknown> = {}) =>
  Type.Number({ minimum: 0, maximum: 99999999999.99, 'x-decimals': 2, 'x-finite': true, ...opts });
const Positive = (max: number, description?: string) =>
  Type.Number({ exclusiveMinimum: 0, maximum: max, 'x-decimals': 2, 'x-finite': true, description });
const Free20 = Type.String({ maxLength: 20 });
const Alnum = (max: number) => Type.String({ maxLength: max, pattern: '^[\\p{L}\\p{N}]*$', 'x-hint': 'must contain only letters and digits' });

export const CURRENCIES = ['COP', 'EUR', 'USD', 'ANG', 'ARS', 'AUD', 'BOB', 'BRL', 'CAD', 'CHF', 'CLP', 'CRC', 'GBP', 'GTQ', 'HNL', 'JPY',
  'MXN', 'NZD', 'PAB', 'PEN', 'SGD', 'UYU'] as const;

const Transport = Type.Object({
  file_number: Type.Optional(Type.Integer({ minimum: 1, maximum: 100000000000 })),
  shipment_number: Type.Optional(Type.String({ maxLength: 15, pattern: '^[\\p{L}\\p{N} _,/-]*$', 'x-hint': 'must contain only letters, digits, spaces and - _ / ,' })),
  transported_quantity: Type.Optional(Type.Integer({ minimum: 0, maximum: 99999999, description: 'No decimals, at most 8 digits' })),
  measurement_unit: Type.Optional(Enum(['GLL', 'KGM'])),
  freight_value: Type.Optional(Type.Integer({ minimum: 0, maximum: 999999999999, description: 'No decimals, at most 12 digits' })),
  purchase_order: Type.Optional(Alnum(50)),
  service_type: Type.Optional(Enum(['AdditionalService', 'Shipment'])),
}, { description: 'Cargo transport data; only on document types with cargo_transportation' });

const HealthMoney = Type.Optional(Positive(9999999999.99, '10 integer digits and 2 decimals'));
const Healthcare = Type.Object({
  period_start: Type.Optional(Type.String({ format: 'date' })),
  period_end: Type.Optional(Type.String({ format: 'date' })),
  payment_method: Type.Optional(Enum(['01', '02', '03', '04', '05'])),
  service_plan: Type.Optional(Enum(Array.from({ length: 15 }, (_, i) => String(i + 1).padStart(2, '0')))),
  policy_number: Type.Optional(Alnum(50)),
  contract_number: Type.Optional(Alnum(50)),
  copayment: HealthMoney, coinsurance: HealthMoney, cost_sharing: HealthMoney, recovery_charge: HealthMoney,
}, { description: 'Healthcare sector data; only on document types with healthcare_company' });

export const CoItem = Type.Object({
  code: Type.String({ minLength: 1, maxLength: 30, description: 'Product code (see /v1/products)' }),
  description: Type.Optional(Type.String({ maxLength: 4000, description: 'Omitted: the product\'s long description, else its name. Empty: stays empty. At most 200 characters when the company has no long product descriptions' })),
  quantity: Type.Number({ exclusiveMinimum: 0, maximum: 99999999999.99, 'x-decimals': 2, 'x-finite': true }),
  price: Type.Optional(Type.Number({ minimum: 0, maximum: 99999999999.99, 'x-decimals': 6, 'x-finite': true, description: 'Unit price before taxes; required unless taxed_price is sent' })),
  taxed_price: Type.Optional(Type.Number({ minimum: 0, maximum: 99999999999.99, 'x-decimals': 6, 'x-finite': true, description: 'Unit price with IVA/INC included; replaces price' })),
  total_price: Type.Optional(Type.Number({ description: 'Accepted and ignored: the total is computed' })),
  discount: Type.Optional(Type.Number({ minimum: 0, maximum: 99999999999.99, 'x-decimals': 2, 'x-finite': true, description: 'A value, or a percentage when the document type\'s discount_type is Percentage' })),
  seller: Type.Optional(Id('Seller of the line; required when the document type, or the company (settings.seller_by_item), has a seller per line')),
  warehouse: Type.Optional(Id()),
  vat_excluded: Type.Optional(Type.Boolean()),
  taxes: Type.Optional(Type.Array(Type.Object({ id: Id() }), { maxItems: 3, description: 'Omitted: the product\'s own taxes' })),
  customer: Type.Optional(Type.Object({
    identification: Type.Optional(Type.String({ minLength: 1, maxLength: 50 })),
    branch_office: Type.Integer({ minimum: 0, maximum: 999, default: 0 }),
  }, { description: 'Third party of the line; only on document types with customer_by_item' })),
  tax_base: Type.Optional(Positive(99999999999.99, 'Gift line (price 0): base of its taxes')),
  taxpayer: Type.Optional(Enum(['Customer', 'Company'], { description: 'Gift line: who bears its taxes' })),
  transport: Type.Optional(Transport),
});

const AdditionalFields = Type.Object({
  purchase_order: Type.Optional(Type.Object({ prefix: Type.Optional(Free20), number: Type.Optional(Free20) })),
  delivery_order: Type.Optional(Type.Object({ prefix: Type.Optional(Free20), number: Type.Optional(Free20), date: Type.Optional(Type.String({ format: 'date' })) })),
}, { description: 'Purchase and delivery order data; each value at most 20 characters' });

const Allowance = Type.Object({
  id: Type.Optional(Id()),
  percentage: Type.Optional(Type.Number({ minimum: 0.01, maximum: 99.99, 'x-decimals': 2, 'x-finite': true })),
  value: Type.Optional(Money()),
});

/** The customer of a request: a reference to an existing one, or a full record (with person_type) to create with the document. */
export const CustomerBodyRef = (more: string) => Type.Object({
  identification: Type.String({ minLength: 1, maxLength: 50 }),
  branch_office: Type.Integer({ minimum: 0, maximum: 999, default: 0 }),
}, { additionalProperties: true, description: `A reference to an existing customer, or a full customer record (with person_type) to create it with the invoice; ${more}` });

const PosText = (max: number, description: string) => Type.String({ minLength: 1, maxLength: max, description });
/** The point of sale of an electronic POS ticket, as the DIAN's annex asks it (InformacionCajaVenta). */
export const PosData = Type.Object({
  cash_register: Type.Object({
    plate: PosText(50, 'The cash register\'s plate (PlacaCaja): its serial or inventory number'),
    type: PosText(50, 'The kind of cash register (TipoCaja), e.g. "Caja principal" or "POS móvil"'),
  }, { additionalProperties: false }),
  location: PosText(100, 'Where the cash register is (UbicaciónCaja): the shop\'s address or area'),
  cashier: PosText(100, 'Who sold (Cajero): the cashier\'s name'),
  sale_code: PosText(50, 'The POS system\'s own code of the sale (CódigoVenta)'),
}, { additionalProperties: false, description: 'A POS ticket (a document type with electronic_type PosEquivalentDocument): its point of sale; required there, refused elsewhere' });
export type PosData = Static<typeof PosData>;

export const CoInvoiceBody = Type.Object({
  document: Type.Object({ id: Id('Document type id (see /v1/document-types?type=FV)') }),
  number: Type.Optional(Type.Integer({ minimum: 1, maximum: 9007199254740991, description: 'Taken automatically when omitted; required when the document type has automatic_number false' })),
  name: Type.Optional(Type.String({ maxLength: 100, description: 'Accepted and ignored: the name is <prefix>-<type id>-<number>' })),
  date: Type.String({ format: 'date' }),
  customer: Type.Optional(CustomerBodyRef('required, except on a POS ticket, whose buyer is the consumidor final (222222222222) when none is sent')),
  pos: Type.Optional(PosData),
  cost_center: Type.Optional(Id()),
  currency: Type.Optional(Type.Object({
    code: Enum(CURRENCIES, { 'x-code': 'invalid_currency' }),
    exchange_rate: Type.Optional(Type.Number({ exclusiveMinimum: 0, maximum: 999999999, 'x-decimals': 6, 'x-finite': true })),
  })),
  seller: Id('Seller id (see /v1/users)'),
  retentions: Type.Optional(Type.Array(Type.Object({ id: Id() }), { maxItems: 3, description: 'ReteIVA, ReteICA, Autorretencion' })),
  advance_payment: Type.Optional(Positive(99999999999.99, 'Applied from the customer\'s unapplied advances (advance_balance); at most the total less the withholdings')),
  observations: Type.Optional(Type.String({ maxLength: 4000 })),
  items: Type.Array(CoItem, { minItems: 1, maxItems: 500 }),
  payments: Type.Array(Type.Object({
    id: Id('Payment type id (see /v1/payment-types?document_type=FV)'),
    value: Money(),
    due_date: Type.Optional(Type.String({ format: 'date' })),
  }), { minItems: 1, maxItems: 50 }),
  additional_fields: Type.Optional(AdditionalFields),
  adittional_fields: Type.Optional(Type.Object(AdditionalFields.properties, {
    description: 'The same object as additional_fields, in the spelling of the specification\'s field list; the answer says additional_fields',
  })),
  stamp: Type.Optional(Type.Object({ send: Type.Boolean({ default: false }) })),
  mail: Type.Optional(Type.Object({ send: Type.Boolean({ default: false }) })),
  global_charges: Type.Optional(Type.Array(Allowance, { maxItems: 10 })),
  global_discounts: Type.Optional(Type.Array(Allowance, { maxItems: 10 })),
  healthcare_company: Type.Optional(Healthcare),
});
export type CoInvoiceBody = Static<typeof CoInvoiceBody>;
export type CoItem = Static<typeof CoItem>;

/** A customer as an answer names it: its id (null in a preview of a customer created with the invoice). */
export const CustomerRef = Type.Object({ id: Nullable(Type.String()), identification: Type.String(), branch_office: Type.Integer() });
const AllowanceAnswer = Type.Object({ id: Nullable(Type.Integer()), name: Type.String(), percentage: Nullable(Type.Number()), value: Type.Number() });

/** A line as the answer carries it. */
export const CoItemAnswer = Type.Object({
  id: Nullable(Type.String()),
  code: Type.String(),
  quantity: Type.Number(),
  price: Type.Number(),
  seller: Nullable(Type.Integer()),
  description: Type.String(),
  discount: Type.Object({ percentage: Type.Number(), value: Type.Number() }),
  taxes: Type.Array(TaxAnswer),
  warehouse: Nullable(Ref),
  customer: Type.Optional(CustomerRef),
  tax_base: Type.Optional(Type.Number()),
  taxpayer: Type.Optional(Enum(['Customer', 'Company'])),
  transport: Type.Optional(Transport),
  total: Type.Number(),
});

/**
 * A Colombian invoice as POST, PUT, GET and the preview answer it, and as it
 * is stored: the type the UBL and PDF builders read.
 */
export const CoInvoiceAnswer = Type.Object({
  ...Identity,
  date: Type.String({ format: 'date' }),
  customer: CustomerRef,
  cost_center: Nullable(Type.Integer()),
  currency: Type.Object({ code: Type.String(), exchange_rate: Type.Number() }),
  seller: Type.Integer(),
  retentions: Type.Array(TaxAnswer),
  advance_payment: Type.Number(),
  subtotal: Type.Number(),
  taxes_total: Type.Number(),
  withholdings_total: Type.Number(),
  total: Type.Number(),
  amount_payable: Type.Number(),
  balance: Type.Number(),
  observations: Nullable(Type.String()),
  items: Type.Array(CoItemAnswer),
  global_discounts: Type.Array(AllowanceAnswer),
  global_charges: Type.Array(AllowanceAnswer),
  payments: Type.Array(Type.Object({ id: Type.Integer(), name: Type.String(), value: Type.Number(), due_date: Nullable(Type.String({ format: 'date' })) })),
  additional_fields: Nullable(AdditionalFields),
  healthcare_company: Type.Optional(Healthcare),
  pos: Type.Optional(PosData),
  stamp: Type.Object({
    send: Type.Boolean(), status: StampStatusAnswer, cufe: Nullable(Type.String()), cude: Nullable(Type.String()),
    observations: Nullable(Type.String()), errors: Nullable(Type.String()),
  }),
  mail: MailAnswer,
  metadata: Metadata,
  annulled: Type.Boolean(),
  // Read from the notes that correct it (src/notes/); not part of the stored document.
  credit_notes: Type.Optional(Type.Array(Type.Object({ id: Type.String({ format: 'uuid' }), name: Type.String(), total: Type.Number() }), { description: 'Its credit notes that are not annulled' })),
  debit_notes: Type.Optional(Type.Array(Type.Object({ id: Type.String({ format: 'uuid' }), name: Type.String(), total: Type.Number() }), { description: 'Its debit notes that are not annulled' })),
  creditable: Type.Optional(Type.Number({ description: 'What is left to credit: the total less its credit notes' })),
}, { additionalProperties: false });
export type CoInvoiceDocument = Static<typeof CoInvoiceAnswer>;
export type CoItemDocument = Static<typeof CoItemAnswer>;
