/**
 * Every 2xx answer of a document route that a test receives is checked
 * against that document's response schema (src/openapi.ts DOCUMENT_ANSWERS:
 * invoices, vouchers, notes, payment receipts): the schema the builders are
 * typed by, and the OpenAPI shows, cannot drift from what the API answers.
 */
import type { TSchema } from '@sinclair/typebox';
import type { ValidateFunction } from 'ajv';
import { bodyAjv } from '../../src/platform/validation';
import { DOCUMENT_ANSWERS } from '../../src/openapi';

const compiled = new Map<TSchema, ValidateFunction>();
const validator = (schema: TSchema) => {
  let v = compiled.get(schema);
  if (!v) compiled.set(schema, (v = bodyAjv.compile(schema)));
  return v;
};

const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';
/** The routes answering a document (or a page of them): the same table the OpenAPI document describes them by. */
const ROUTES: { pattern: RegExp; schema: TSchema }[] = DOCUMENT_ANSWERS.map((d) => ({
  pattern: new RegExp(`^${d.collection}(/preview|/${UUID}(/annul|/stamp|/cancel)?)?$`), schema: d.schema,
}));

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
