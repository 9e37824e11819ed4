/**
 * Every 2xx answer of an invoice or voucher route that a test receives is
 * checked against that document's response schema (CoInvoiceAnswer,
 * MxInvoiceAnswer, VoucherAnswer, NoteAnswer): the schema the builders are typed by, and
 * the OpenAPI will show, cannot drift from what the API answers.
 */
import type { TSchema } from '@sinclair/typebox';
import type { ValidateFunction } from 'ajv';
import { bodyAjv } from '../../src/platform/validation';
import { CoInvoiceAnswer } from '../../src/invoices/co/schema';
import { MxInvoiceAnswer } from '../../src/invoices/mx/schema';
import { VoucherAnswer } from '../../src/vouchers/schema';
import { NoteAnswer } from '../../src/notes/schema';

const compiled = new Map<TSchema, ValidateFunction>();
const validator = (schema: TSchema) => {
  let v = compiled.get(schema);
  if (!v) compiled.set(schema, (v = bodyAjv.compile(schema)));
  return v;
};

const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';
const ROUTES: { pattern: RegExp; schema: TSchema }[] = [
  { pattern: new RegExp(`^/v1/invoices(/preview|/${UUID}(/annul)?)?$`), schema: CoInvoiceAnswer },
  { pattern: new RegExp(`^/mx/v1/invoices(/preview|/${UUID}(/annul)?)?$`), schema: MxInvoiceAnswer },
  { pattern: new RegExp(`^/v1/vouchers(/${UUID}(/annul)?)?$`), schema: VoucherAnswer },
  { pattern: new RegExp(`^/v1/(credit|debit)-notes(/preview|/${UUID}(/annul|/stamp)?)?$`), schema: NoteAnswer },
];

/** Throws when a document answer does not match its schema (lists: each of their results). */
export function checkAnswer(method: string, url: string, status: number, body: unknown): void {
  if (status !== 200 && status !== 201) return;
  const path = url.split('?')[0];
  const route = ROUTES.find((r) => r.pattern.test(path));
  if (!route || method === 'DELETE' || body === null || typeof body !== 'object') return;
  const list = method === 'GET' && !/[0-9a-f]{12}$/.test(path);
  const docs = list ? ((body as { results?: unknown[] }).results ?? []) : [body];
  const validate = validator(route.schema);
  for (const doc of docs) {
    if (!validate(doc)) {
      throw new Error(`${method} ${url} answered a document that does not match its schema: ${JSON.stringify(validate.errors?.slice(0, 5).map((e) => `${e.instancePath} ${e.message}`))}`);
    }
  }
}
