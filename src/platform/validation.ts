/**
 * JSON Schema validation (Ajv) and its translation into the error body.
 * Schemas are written once with TypeBox; they validate requests and feed /openapi.json.
 * Two schema annotations of our own:
 *   x-decimals: n    the number has at most n decimals (error invalid_amount)
 *   x-code: code     the error code for a broken pattern, enum, format, range or decimals rule
 *                    of this field (required, type and length errors keep their own codes)
 *   x-hint: text     what a pattern allows, said in the error message ("must contain only digits")
 */
import Ajv, { type DefinedError, type ErrorObject, type FormatDefinition, type SchemaValidateFunction, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import Decimal from 'decimal.js';
import { Type, type Static, type TSchema } from '@sinclair/typebox';
import { Problems } from './errors';
import { isErrorCode, type ErrorCode } from './error-codes';
import { DATE_FILTER, isLocalDateTime, LOCAL_DATE_TIME, parseDateFilter } from './dates';

export function decimalsOf(n: number): number {
  return new Decimal(n).decimalPlaces();
}

/** Where a modifying keyword's value sits (Ajv's DataValidationCxt, the part these keywords read). */
interface DataCxt { parentData: Record<string | number, unknown>; parentDataProperty: string | number }

function makeAjv(coerce: boolean): Ajv {
  const ajv = new Ajv({
    allErrors: true,
    coerceTypes: coerce,
    useDefaults: true,
    removeAdditional: false,
    verbose: true,
    strict: false,
  });
  addFormats(ajv, ['date', 'date-time', 'email', 'uuid']);
  // PostgreSQL has no year 0 (0000-01-01 is out of range there): never a valid date.
  for (const name of ['date', 'date-time']) {
    // ajv-formats defines both (full mode) as { validate: (s) => boolean, compare }.
    const f = ajv.formats[name] as FormatDefinition<string>;
    const v = f.validate;
    const check = typeof v === 'function' ? v : (s: string) => new RegExp(v).test(s);
    ajv.addFormat(name, { ...f, validate: (s: string) => !s.startsWith('0000') && check(s) });
  }
  ajv.addFormat(DATE_FILTER, { type: 'string', validate: (s: string) => parseDateFilter(s) !== null });
  ajv.addFormat(LOCAL_DATE_TIME, { type: 'string', validate: isLocalDateTime });
  ajv.addKeyword({ keyword: 'x-code', schemaType: 'string' });
  ajv.addKeyword({ keyword: 'x-hint', schemaType: 'string' });
  // A keyword function reports its errors on itself (`errors`), where Ajv reads them.
  const decimals: SchemaValidateFunction = (max: number, data: number) => {
    if (Number.isFinite(data) && decimalsOf(data) <= max) return true;
    decimals.errors = [{ keyword: 'x-decimals', message: `must have at most ${max} decimals`, params: { max } }];
    return false;
  };
  ajv.addKeyword({ keyword: 'x-decimals', type: 'number', schemaType: 'number', errors: true, validate: decimals });
  // A field accepted and ignored (see Ignored): removed from the body once accepted, so no route reads it.
  ajv.addKeyword({
    keyword: 'x-ignored', schemaType: 'boolean', modifying: true,
    validate: (_: boolean, _data: unknown, _parent: unknown, cxt?: DataCxt) => {
      if (cxt && cxt.parentData && typeof cxt.parentData === 'object' && !Array.isArray(cxt.parentData)) delete cxt.parentData[cxt.parentDataProperty];
      return true;
    },
  });
  // A whole number sent as a string of digits (IntOrDigits): turned into the number, within its range.
  const int: SchemaValidateFunction = (range: { minimum: number; maximum: number }, data: unknown, _parent: unknown, cxt?: DataCxt) => {
    if (typeof data !== 'string') return true;
    if (!/^[0-9]{1,16}$/.test(data)) return true; // the pattern says what is wrong
    const n = Number(data);
    if (n < range.minimum || n > range.maximum) {
      const [keyword, limit] = n < range.minimum ? ['minimum', range.minimum] : ['maximum', range.maximum];
      int.errors = [{ keyword, message: `must be ${keyword === 'minimum' ? '>=' : '<='} ${limit}`, params: { limit } }];
      return false;
    }
    if (cxt && cxt.parentData && typeof cxt.parentData === 'object') cxt.parentData[cxt.parentDataProperty] = n;
    return true;
  };
  ajv.addKeyword({ keyword: 'x-int', schemaType: 'object', modifying: true, errors: true, validate: int });
  // JSON.parse turns 1e309 into Infinity: never a valid amount.
  ajv.addKeyword({
    keyword: 'x-finite', type: 'number', schemaType: 'boolean',
    validate: (_: boolean, data: number) => Number.isFinite(data),
  });
  return ajv;
}

/** A string from a fixed list (one `enum`, so a wrong value is one clear error listing the allowed values). */
export function Enum<const T extends readonly string[]>(values: T, options: Record<string, unknown> = {}) {
  return Type.Unsafe<T[number]>({ type: 'string', enum: [...values], ...options });
}

/**
 * A string from a fixed list in any letter case ("Person", "person", "PERSON"): one pattern, so a
 * wrong value is one clear error listing the allowed values. `canonical` gives the listed spelling.
 */
export function AnyCase<const T extends readonly string[]>(values: T, options: Record<string, unknown> = {}) {
  const cased = (ch: string) => ch.toLowerCase() !== ch.toUpperCase();
  const letters = (v: string) => [...v].map((ch) => (cased(ch) ? `[${ch.toUpperCase()}${ch.toLowerCase()}]` : ch.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))).join('');
  const anyCase = values.some((v) => [...v].some(cased)) ? ' (in any letter case)' : '';
  return Type.Unsafe<string>({ type: 'string', pattern: `^(?:${values.map(letters).join('|')})$`,
    'x-hint': `must be one of: ${values.join(', ')}${anyCase}`, ...options });
}

/** The listed spelling of a value that AnyCase(values) accepted. */
export function canonical<T extends string>(values: readonly T[], value: string): T {
  return values.find((v) => v.toLowerCase() === value.toLowerCase()) ?? (value as T);
}

/**
 * A code sent as a string or as the object {code, name} that answers carry, so a record read
 * from the API can be sent back unchanged. `code` is a string schema (its rules apply to both forms).
 */
export function CodeOrObject(code: Record<string, unknown>, options: Record<string, unknown>) {
  return Type.Unsafe<string | { code: string; name?: string }>({
    ...code, type: ['string', 'object'], ...options,
    properties: { code: { ...code, type: 'string' }, name: { type: 'string', maxLength: 200 } }, required: ['code'],
  });
}

/**
 * A whole number from a fixed range (an id, an enumerated code such as a note's `reason`) sent as a number
 * or as a string of digits ("1", as Siigo's SDK and clients written against its enums send them): the
 * string is read as the number before the route sees the body; anything else is refused.
 */
export function IntOrDigits(range: { minimum: number; maximum: number }, options: Record<string, unknown> = {}) {
  return Type.Unsafe<number>({
    type: ['integer', 'string'], ...range, pattern: '^[0-9]{1,16}$', 'x-int': range,
    'x-hint': 'must be a whole number, or a string of its digits', ...options,
  });
}

/** An id sent as a number or as the object {id, name} that answers carry. */
export function IdOrObject(options: Record<string, unknown>) {
  const id = { type: 'integer', minimum: 1, maximum: 2147483647 };
  return Type.Unsafe<number | { id: number; name?: string }>({
    ...id, type: ['integer', 'object'], ...options,
    properties: { id, name: { type: 'string', maxLength: 200 } }, required: ['id'],
  });
}

/** The code of a CodeOrObject value. */
export const codeOf = (v: string | { code: string }) => (typeof v === 'object' ? v.code : v);
/** The id of an IdOrObject value. */
export const idOf = (v: number | { id: number }) => (typeof v === 'object' ? v.id : v);

/**
 * Fields that a request may carry and the service does not use: fields of Siigo's documented wire
 * format (SiigoDev/siigo_sdk_javascript, docs/*.md) and those a GET answers, so that the official SDK
 * and a read-modify-write keep working. Any value is accepted and dropped before the route reads the body;
 * /openapi.json and docs/colombia.md list them. Every other field a body's schema does not name is refused
 * (closedBody).
 */
export function Ignored(names: readonly string[], why = 'Accepted and ignored (a field of the reference API\'s wire format that this service does not use)') {
  return Object.fromEntries(names.map((n) => [n, Type.Optional(Type.Unsafe<unknown>({ 'x-ignored': true, description: why }))]));
}

/**
 * A body schema as it is checked: every object that does not say otherwise (additionalProperties)
 * takes only the fields it names, so a field the client believes applied (currency_code, a
 * misspelling) is refused as parameter_not_allowed at its path instead of silently dropped.
 */
export function closedBody(s: unknown): unknown {
  if (Array.isArray(s)) return s.map(closedBody);
  if (!s || typeof s !== 'object') return s;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(s)) {
    out[k] = k === 'properties' || k === 'patternProperties' || k === '$defs' || k === 'definitions'
      ? Object.fromEntries(Object.entries(v as object).map(([p, ps]) => [p, closedBody(ps)]))
      : ['items', 'anyOf', 'oneOf', 'allOf', 'additionalProperties', 'not', 'if', 'then', 'else', 'prefixItems'].includes(k) ? closedBody(v) : v;
  }
  const isObject = out.type === 'object' || (Array.isArray(out.type) && out.type.includes('object'));
  if (isObject && out.properties && out.additionalProperties === undefined && out.patternProperties === undefined) out.additionalProperties = false;
  return out;
}

/** Bodies are never coerced (a number where a string belongs is an error); query strings are. */
export const bodyAjv = makeAjv(false);
export const queryAjv = makeAjv(true);

/** "/items/2/taxes/0/id" -> "items[2].taxes[0].id" */
export function jsonPath(pointer: string, extra?: string): string {
  const parts = pointer.split('/').slice(1).map((p) => p.replace(/~1/g, '/').replace(/~0/g, '~'));
  if (extra !== undefined) parts.push(extra);
  let out = '';
  for (const p of parts) out += /^\d+$/.test(p) ? `[${p}]` : (out ? '.' : '') + p;
  return out;
}

function describe(v: unknown): string {
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'an array';
  return typeof v === 'object' ? 'an object' : JSON.stringify(v).slice(0, 60);
}

/**
 * Translates Ajv errors into problems with the codes of docs/api.md.
 * In a query string (`part`), a parameter the route does not take is
 * `invalid_value` naming it: a filter the client believes applied must never
 * be ignored.
 */
export function addAjvErrors(problems: Problems, errors: ErrorObject[] | null | undefined, prefix = '', part: 'body' | 'querystring' = 'body'): void {
  const seen = new Set<string>();
  const under = (p: string) => (!prefix ? p : !p ? prefix : p.startsWith('[') ? prefix + p : `${prefix}.${p}`);
  for (const e of errors ?? []) {
    const base = under(jsonPath(e.instancePath));
    const xCode: unknown = e.parentSchema?.['x-code'];
    const custom = isErrorCode(xCode) ? xCode : undefined;
    let code: ErrorCode;
    let path = base;
    let message: string;
    // Ajv's own keywords' errors with their params typed by keyword; ours (x-…) have no case of their own there.
    const d = e as DefinedError;
    if (e.keyword === 'x-decimals' || e.keyword === 'x-finite') {
      code = custom ?? 'invalid_amount';
      message = e.keyword === 'x-finite' ? `${base} must be a finite number` : `${base} ${e.message}`;
    } else switch (d.keyword) {
      case 'required':
        path = under(jsonPath(e.instancePath, d.params.missingProperty));
        code = 'parameter_required';
        message = `${path} is required`;
        break;
      case 'additionalProperties':
        path = under(jsonPath(e.instancePath, d.params.additionalProperty));
        if (part === 'querystring') {
          const known = Object.keys(e.parentSchema?.properties ?? {});
          code = 'invalid_value';
          message = `${path} is not a query parameter of this route; ${known.length ? `it takes ${known.join(', ')}` : 'it takes none'}`;
        } else {
          code = 'parameter_not_allowed';
          message = `${path} is not a field of this request`;
        }
        break;
      case 'type':
        code = 'invalid_type';
        message = `${base || 'body'} must be ${d.params.type}, not ${describe(e.data)}`;
        break;
      case 'maxLength':
        code = 'length_max';
        message = `${base} must have at most ${d.params.limit} characters`;
        break;
      case 'minLength':
        code = d.params.limit === 1 ? 'parameter_required' : 'length_min';
        message = d.params.limit === 1 ? `${base} must not be empty` : `${base} must have at least ${d.params.limit} characters`;
        break;
      case 'maxItems':
      case 'minItems':
      case 'uniqueItems':
        code = 'invalid_array';
        message = `${base} ${e.message}`;
        break;
      case 'enum':
        code = custom ?? 'invalid_value';
        message = `${base} must be one of: ${d.params.allowedValues.join(', ')}`;
        break;
      case 'format':
        code = custom ?? (d.params.format === 'email' ? 'invalid_email' : d.params.format.startsWith('date') ? 'invalid_date' : 'invalid_value');
        message = d.params.format === 'date' ? `${base} must be a date yyyy-MM-dd`
          : d.params.format === DATE_FILTER ? `${base} must be a date yyyy-MM-dd or an ISO date-time such as 2024-01-31T05:00:00.000Z`
            : d.params.format === LOCAL_DATE_TIME ? `${base} must be a date-time yyyy-MM-ddTHH:mm:ss, with an offset (Z, -06:00) or without one (the company's local time)`
            : `${base} must be a valid ${d.params.format}`;
        break;
      case 'minimum':
      case 'maximum':
      case 'exclusiveMinimum':
      case 'exclusiveMaximum':
        code = custom ?? 'invalid_value';
        message = `${base} ${e.message}`;
        break;
      case 'pattern':
        code = custom ?? 'invalid_value';
        message = `${base} ${e.parentSchema?.['x-hint'] ?? 'has characters that are not allowed'}`;
        break;
      default:
        code = custom ?? 'invalid_value';
        message = `${base || 'body'} ${e.message ?? 'is not valid'}`;
    }
    const key = `${code}|${path}`;
    if (seen.has(key)) continue;
    seen.add(key);
    problems.add(code, message, path || 'body');
  }
}

const compiled = new WeakMap<object, ValidateFunction>();

const compiledClosed = new WeakMap<object, ValidateFunction>();

/**
 * Validates a request body against a schema, recording every problem; returns true when valid.
 * `closed`: as a /v1 body (closedBody: a field the schema does not name is refused); the
 * administration API's bodies take a record read from /v1 or /admin back as it is (unknown fields ignored).
 */
export function checkBody(schema: object, body: unknown, problems: Problems, prefix = '', closed = false): boolean {
  const cache = closed ? compiledClosed : compiled;
  let fn = cache.get(schema);
  if (!fn) { fn = bodyAjv.compile(closed ? closedBody(schema) as object : schema); cache.set(schema, fn); }
  const ok = fn(body) as boolean;
  if (!ok) addAjvErrors(problems, fn.errors, prefix);
  return ok;
}

/** checkBody that types what it checked: true when `body` is its schema's (its defaults filled in), else false with its problems added. */
export function isBody<T extends TSchema>(schema: T, body: unknown, problems: Problems, prefix = '', closed = false): body is Static<T> {
  return checkBody(schema, body, problems, prefix, closed);
}

/**
 * The body typed by its schema once it fits it (checkBody, open as /admin takes it: Ajv checked it against the
 * very schema Static<S> describes); a 400 with every problem otherwise.
 */
export function validBody<S extends TSchema>(schema: S, body: unknown, problems: Problems): Static<S> {
  if (fits(schema, body, problems)) return body;
  problems.throwIfAny();
  throw new Error('The body does not fit its schema'); // not reached: a body that does not fit has problems
}
function fits<S extends TSchema>(schema: S, body: unknown, problems: Problems): body is Static<S> {
  return checkBody(schema, body, problems);
}

/** A response schema as the answer check (CHECK_RESPONSES) reads it: every object closed, since serialising drops what it does not name. */
function closedDeep(s: unknown): unknown {
  if (Array.isArray(s)) return s.map(closedDeep);
  if (!s || typeof s !== 'object') return s;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(s)) {
    if (k === '$id') continue;
    out[k] = k === 'properties' ? Object.fromEntries(Object.entries(v as object).map(([p, ps]) => [p, closedDeep(ps)]))
      : ['items', 'anyOf', 'oneOf', 'allOf', 'additionalProperties', 'not'].includes(k) ? closedDeep(v) : v;
  }
  if (out.type === 'object' && out.properties && out.additionalProperties === undefined) out.additionalProperties = false;
  return out;
}

/** Checks an answer against its response schema, closed (see closedDeep). */
export function answerCheck(schema: object): ValidateFunction {
  return bodyAjv.compile(closedDeep(schema) as object);
}
