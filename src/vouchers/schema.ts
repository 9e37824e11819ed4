/**
 * The request body of a cash receipt voucher (specification: "Cash receipt
 * voucher: request"), written once: it validates requests and documents them
 * in /openapi.json.
 */
import { Type, type Static } from '@sinclair/typebox';
import { Enum, Ignored, IntOrDigits } from '../platform/validation';
import { CURRENCIES } from '../invoices/co/schema';
import { Identity, MailAnswer, Metadata, Nullable, TaxAnswer } from '../platform/answers';

const Id = (description?: string) => IntOrDigits({ minimum: 1, maximum: 2147483647 }, description ? { description } : {});
const Amount = (description: string) =>
  Type.Number({ exclusiveMinimum: 0, maximum: 99999999999.99, 'x-decimals': 2, 'x-finite': true, description });

export const VOUCHER_TYPES = ['DebtPayment', 'AdvancePayment', 'Detailed'] as const;
export type VoucherType = (typeof VOUCHER_TYPES)[number];

const Payment = Type.Object({
  id: Id('Payment type id (see /v1/payment-types?document_type=RC)'),
  value: Amount('Amount received; at most 2 decimals'),
});

export const VoucherItem = Type.Object({
  account: Type.Optional(Type.Object({
    code: Type.String({ minLength: 1, maxLength: 20, description: 'Account of the chart of accounts (see /v1/accounts)' }),
    movement: Enum(['Debit', 'Credit']),
  }, { description: 'Detailed vouchers only: the account and side of the entry' })),
  description: Type.Optional(Type.String({ maxLength: 500 })),
  value: Amount('Amount of the entry (of a tax entry: the tax amount); at most 2 decimals'),
  due: Type.Optional(Type.Object({
    prefix: Type.String({ maxLength: 20, description: 'Prefix of the invoice' }),
    consecutive: Type.Integer({ minimum: 1, maximum: 9007199254740991, description: 'Number of the invoice' }),
    quote: Type.Integer({ minimum: 1, maximum: 2147483647, description: 'Installment, from 1' }),
    date: Type.Optional(Type.String({ format: 'date', description: 'Due date; when sent it must match' })),
  }, { description: 'The due item of one of the customer\'s invoices that this entry pays' })),
  tax: Type.Optional(Type.Object({ id: Id('Tax id (see /v1/taxes)'), ...Ignored(['name', 'type', 'percentage', 'value', 'base_value']) }, { description: 'Detailed vouchers only: the entry is this tax' })),
});

export const VoucherBody = Type.Object({
  document: Type.Object({ id: Id('Document type id (see /v1/document-types?type=RC)') }),
  number: Type.Optional(Type.Integer({ minimum: 1, maximum: 9007199254740991, description: 'Taken automatically when omitted; required when the document type has automatic_number false' })),
  name: Type.Optional(Type.String({ maxLength: 100, description: 'Accepted and ignored: the name is <prefix>-<type id>-<number>' })),
  date: Type.String({ format: 'date' }),
  type: Enum(VOUCHER_TYPES, { description: 'DebtPayment pays due items; AdvancePayment receives money before an invoice; Detailed carries its own accounting entries' }),
  customer: Type.Optional(Type.Object({
    identification: Type.String({ minLength: 1, maxLength: 50 }),
    branch_office: Type.Integer({ minimum: 0, maximum: 999, default: 0 }),
  }, { description: 'Required for DebtPayment and AdvancePayment, and for a Detailed voucher that pays due items' })),
  cost_center: Type.Optional(Id()),
  currency: Type.Optional(Type.Object({
    code: Enum(CURRENCIES, { 'x-code': 'invalid_currency' }),
    exchange_rate: Type.Optional(Type.Number({ exclusiveMinimum: 0, maximum: 999999999, 'x-decimals': 6, 'x-finite': true })),
  })),
  items: Type.Optional(Type.Array(VoucherItem, { maxItems: 500, description: 'DebtPayment: the due items paid; AdvancePayment: optional concepts; Detailed: the accounting entries' })),
  payment: Type.Optional(Payment),
  payments: Type.Optional(Type.Object(Payment.properties, { description: 'The same single object as payment (the spelling of the specification\'s field list); the answer says payment' })),
  observations: Type.Optional(Type.String({ maxLength: 4000 })),
});
export type VoucherBody = Static<typeof VoucherBody>;
export type VoucherItem = Static<typeof VoucherItem>;

/** A cash receipt voucher as POST and GET answer it, and as it is stored: the type the PDF builder reads. */
export const VoucherAnswer = Type.Object({
  ...Identity,
  date: Type.String({ format: 'date' }),
  type: Enum(VOUCHER_TYPES),
  customer: Nullable(Type.Object({ id: Type.String(), identification: Type.String(), branch_office: Type.Integer() })),
  cost_center: Nullable(Type.Integer()),
  currency: Type.Object({ code: Type.String(), exchange_rate: Type.Number() }),
  items: Type.Array(Type.Object({
    account: Type.Optional(Type.Object({ code: Type.String(), movement: Enum(['Debit', 'Credit']) })),
    description: Type.Optional(Type.String()),
    value: Type.Number(),
    due: Type.Optional(Type.Object({ prefix: Type.String(), consecutive: Type.Integer(), quote: Type.Integer(), date: Type.String({ format: 'date' }) })),
    tax: Type.Optional(TaxAnswer),
  })),
  payment: Nullable(Type.Object({ id: Type.Integer(), name: Type.String(), value: Type.Number(), due_date: Type.Null() })),
  total: Type.Number(),
  observations: Nullable(Type.String()),
  mail: MailAnswer,
  metadata: Metadata,
  annulled: Type.Boolean(),
}, { additionalProperties: false });
export type VoucherDocument = Static<typeof VoucherAnswer>;
