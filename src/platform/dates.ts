/**
 * Dates in query strings (list filters, report parameters): one parser for all.
 *
 * A value is a date `yyyy-MM-dd`, or an ISO 8601 date-time
 * `yyyy-MM-ddTHH:mm[:ss[.fraction]]` with an optional offset (`Z`, `±hh:mm`,
 * `±hhmm`, `±hh`), which is what clients built on Siigo's SDKs send (a
 * JavaScript Date becomes `2024-01-31T05:00:00.000Z`). A `+` of an offset
 * that arrived unencoded reads as a space in a query string; it is taken back.
 *
 * What a value means depends on what it filters:
 * - a document date (`date_start`, `date_end`, report dates) is a day: a
 *   date-time counts by the date written in it, so `2024-01-31T05:00:00.000Z`
 *   (midnight in Bogotá) and `2024-01-31T00:00:00Z` (midnight UTC) both mean
 *   31 January;
 * - a moment (`created_*`, `updated_*`): a date is that whole day in the
 *   company's time zone; a date-time with an offset is that instant; without
 *   an offset it is a wall-clock time in the company's time zone.
 */
import { isRecord, recordOf } from './json';
import { Type } from '@sinclair/typebox';

/** The JSON-schema format name of such values (registered in validation.ts). */
export const DATE_FILTER = 'date-filter';

const SHAPE = /^(\d{4})-(\d{2})-(\d{2})(?:[Tt](\d{2}):(\d{2})(?::(\d{2})(\.\d{1,9})?)?([Zz]|[+ -]\d{2}(?::?\d{2})?)?)?$/;

export interface DateFilterValue {
  /** The date as written, yyyy-MM-dd. */
  day: string;
  /** The date-time, when one was sent, with its offset as PostgreSQL reads it (null: no time). */
  moment: string | null;
  /** True when the date-time carries an offset (an instant), false for a wall-clock time. */
  offset: boolean;
}

const daysIn = (y: number, m: number) => [31, (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0 ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][m - 1];

/** Reads a date or date-time of a query string; null when it is neither (or out of range). */
export function parseDateFilter(text: string): DateFilterValue | null {
  const m = SHAPE.exec(text);
  if (!m) return null;
  const [, y, mo, d, hh, mi, ss, fraction, zone] = m;
  const year = Number(y), month = Number(mo), day = Number(d);
  // PostgreSQL has no year 0.
  if (year < 1 || month < 1 || month > 12 || day < 1 || day > daysIn(year, month)) return null;
  const date = `${y}-${mo}-${d}`;
  if (hh === undefined) return { day: date, moment: null, offset: false };
  if (Number(hh) > 23 || Number(mi) > 59 || (ss !== undefined && Number(ss) > 59)) return null;
  let offset = '';
  if (zone !== undefined) {
    const z = zone.toUpperCase();
    if (z === 'Z') offset = '+00:00';
    else {
      const [, sign, oh, om = '00'] = /^([+ -])(\d{2}):?(\d{2})?$/.exec(z)!;
      if (Number(oh) > 14 || Number(om) > 59) return null;
      offset = `${sign === '-' ? '-' : '+'}${oh}:${om}`;
    }
  }
  return { day: date, moment: `${date}T${hh}:${mi}:${ss ?? '00'}${fraction ?? ''}${offset}`, offset: zone !== undefined };
}

/** The day a filter value names (its date as written); the value must have passed the schema. */
export function filterDay(text: string): string {
  const v = parseDateFilter(text);
  if (!v) throw new Error(`not a date filter: ${text}`);
  return v.day;
}

/**
 * The SQL bound of a moment column (timestamptz) for a filter value: `start`
 * is inclusive (column >= bound); `end` includes the whole day of a date and
 * the whole millisecond of a date-time (answers show moments to the
 * millisecond, the database keeps microseconds: a record's own
 * `metadata.created` finds it). `param` is the placeholder of the value
 * (e.g. `$3`); `timeZone` is the company's (one of two fixed names).
 */
export function momentBound(text: string, side: 'start' | 'end', timeZone: string): { op: string; sql: (param: string) => string; value: string } {
  const v = parseDateFilter(text);
  if (!v) throw new Error(`not a date filter: ${text}`);
  if (v.moment === null) {
    return side === 'start'
      ? { op: '>=', sql: (p) => `(${p}::date::timestamp AT TIME ZONE '${timeZone}')`, value: v.day }
      : { op: '<', sql: (p) => `((${p}::date + 1)::timestamp AT TIME ZONE '${timeZone}')`, value: v.day };
  }
  const at = (p: string) => (v.offset ? `${p}::timestamptz` : `(${p}::timestamp AT TIME ZONE '${timeZone}')`);
  return side === 'start'
    ? { op: '>=', sql: at, value: v.moment }
    : { op: '<', sql: (p) => `(date_trunc('milliseconds', ${at(p)}) + interval '1 millisecond')`, value: v.moment };
}

/**
 * A date-time of a request body as the SAT writes them (issue 33, point 9): RFC 3339 with an offset (`Z`,
 * `±hh:mm`), an instant; or without one (`2026-11-26T13:56:18`, the way CFDI dates are written), a wall-clock
 * time in the company's time zone. The JSON-schema format name (registered in validation.ts).
 */
export const LOCAL_DATE_TIME = 'date-time-local';

/** Whether a text is such a date-time (a time is required; a bare date is not one). */
export const isLocalDateTime = (text: string): boolean => parseDateFilter(text)?.moment != null;

const zoneParts = new Map<string, Intl.DateTimeFormat>();
/** The offset of a time zone at an instant, in milliseconds (local − UTC). */
function zoneOffset(instant: number, timeZone: string): number {
  let f = zoneParts.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', { timeZone, hourCycle: 'h23', year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric', second: 'numeric' });
    zoneParts.set(timeZone, f);
  }
  const p = Object.fromEntries(f.formatToParts(new Date(instant)).map((x) => [x.type, Number(x.value)]));
  return Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second) - Math.floor(instant / 1000) * 1000;
}

/**
 * The instant a request date-time names: its offset's, or, without one, that wall-clock time in `timeZone`
 * (a time skipped by a daylight-saving change reads as the instant after the gap). The text must have passed the schema.
 */
export function instantOf(text: string, timeZone: string): Date {
  const v = parseDateFilter(text);
  if (!v?.moment) throw new Error(`not a date-time: ${text}`);
  if (v.offset) return new Date(v.moment);
  const wall = Date.parse(`${v.moment}Z`);
  // Two passes settle the offset around a change of it. A time in the gap of a change (the clocks jump forward) has
  // none that gives it back: it is read with the offset before the gap, which is the later of the two instants
  // (what Temporal's `compatible` disambiguation does; bench/libraries.ts compares them).
  const first = wall - zoneOffset(wall, timeZone);
  const second = wall - zoneOffset(first, timeZone);
  return new Date(second + zoneOffset(second, timeZone) === wall ? second : Math.max(first, second));
}

/** A query parameter that takes a date or a date-time. */
export const DateFilter = (description: string) => Type.String({
  format: DATE_FILTER, maxLength: 40,
  description: `${description}. A date yyyy-MM-dd or an ISO date-time such as 2024-01-31T05:00:00.000Z`,
});

/**
 * The date filters of a list: `date_start`/`date_end` on the records' day
 * (`what` says which day that is) and the created/updated ranges.
 */
export function dateFilters(what: string) {
  return {
    date_start: Type.Optional(DateFilter(`${what} on or after this day (a date-time counts by the date written in it)`)),
    date_end: Type.Optional(DateFilter(`${what} on or before this day (a date-time counts by the date written in it)`)),
    created_start: Type.Optional(DateFilter('Created at or after (a date: from the start of that day in the company\'s time zone)')),
    created_end: Type.Optional(DateFilter('Created at or before (a date: up to the end of that day)')),
    updated_start: Type.Optional(DateFilter('Last updated at or after')),
    updated_end: Type.Optional(DateFilter('Last updated at or before')),
  };
}

/**
 * Adds the conditions of the date filters present in `q` through
 * `add(sql with $n, value)`. `day` is the SQL of a record's day: a date
 * column, or null for the day of its creation in the company's time zone.
 * Rows carry created_at and updated_at.
 */
/** The date filters of a query string (dateFilters), as validated: strings. */
export interface DateFilterQuery { date_start?: string; date_end?: string; created_start?: string; created_end?: string; updated_start?: string; updated_end?: string }

export function addDateFilters(q: DateFilterQuery, timeZone: string, add: (sql: string, value: unknown) => void, day: string | null): void {
  const dayOf = day ?? `(created_at AT TIME ZONE '${timeZone}')::date`;
  if (q.date_start !== undefined) add(`${dayOf} >= $n::date`, filterDay(q.date_start));
  if (q.date_end !== undefined) add(`${dayOf} <= $n::date`, filterDay(q.date_end));
  for (const [field, column] of [['created', 'created_at'], ['updated', 'updated_at']] as const) {
    for (const side of ['start', 'end'] as const) {
      const text = q[`${field}_${side}`];
      if (text === undefined) continue;
      const b = momentBound(text, side, timeZone);
      add(`${column} ${b.op} ${b.sql('$n')}`, b.value);
    }
  }
}

const SINCE_1980 = Date.UTC(1980, 0, 1) / 60_000;
const dayFormats = new Map<string, { format: Intl.DateTimeFormat; minute: number; day: string }>();
/**
 * The date (yyyy-MM-dd) of an instant in a time zone (a formatter per zone is made once). Since 1980 every zone's
 * offset is a whole number of minutes (local mean times with seconds ended by 1972), so every instant of one UTC minute
 * has the same date there: the last minute's is kept.
 */
export function dayIn(timeZone: string, at: Date): string {
  let f = dayFormats.get(timeZone);
  if (!f) dayFormats.set(timeZone, f = { format: new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }), minute: NaN, day: '' });
  const minute = Math.floor(at.getTime() / 60_000);
  if (!(minute >= SINCE_1980)) return f.format.format(at);
  if (minute !== f.minute) { f.day = f.format.format(at); f.minute = minute; }
  return f.day;
}

const timeFormats = new Map<string, Intl.DateTimeFormat>();
/** The time of an instant in a time zone with the zone's offset then: "10:53:10-05:00" (a formatter per zone is made once). */
export function timeIn(timeZone: string, at: Date): string {
  let f = timeFormats.get(timeZone);
  if (!f) timeFormats.set(timeZone, f = new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23', timeZoneName: 'longOffset' }));
  const p = Object.fromEntries(f.formatToParts(at).map((x) => [x.type, x.value]));
  return `${p.hour}:${p.minute}:${p.second}${p.timeZoneName.replace('GMT', '') || '+00:00'}`;
}

/**
 * A date field of a body sent as a date-time (a JavaScript Date serialised by Siigo's SDK:
 * `2026-11-26T15:04:05.000Z`) is read as that instant's date in the company's time zone; a
 * date-time without an offset is a wall-clock time there, so its date is the one written.
 * Walks `schema` (its properties, items, anyOf/oneOf/allOf) beside `data` and rewrites, in place,
 * the values of `format: date` fields that are date-times; anything else is left to the schema.
 * Only the parts of the schema that lead to a date field are walked (dateWalk, made once per schema).
 */
export function bodyDays(schema: unknown, data: unknown, timeZone: string): void {
  const w = dateWalk(schema);
  if (w) walkDays(w, data, timeZone);
}

/** The parts of a schema that can hold a `format: date` field: the subschemas, items and properties that lead to one. */
interface DateWalk { subs: DateWalk[]; items: DateWalk | null; props: { name: string; date: boolean; walk: DateWalk | null }[] }

const walks = new WeakMap<object, DateWalk | null>();

/** The schema's DateWalk, null when no date field is under it. */
function dateWalk(schema: unknown): DateWalk | null {
  if (!isRecord(schema)) return null;
  if (walks.has(schema)) return walks.get(schema)!;
  walks.set(schema, null); // (a schema that contains itself is walked to its first repetition)
  const subs = ['anyOf', 'oneOf', 'allOf'].flatMap((k) => (Array.isArray(schema[k]) ? (schema[k] as unknown[]) : []))
    .map(dateWalk).filter((w): w is DateWalk => w !== null);
  const items = schema.items && !Array.isArray(schema.items) ? dateWalk(schema.items) : null;
  const props = Object.entries(recordOf(schema.properties))
    .map(([name, sub]) => ({ name, date: isRecord(sub) && sub.format === 'date', walk: dateWalk(sub) }))
    .filter((p) => p.date || p.walk);
  const walk = subs.length || items || props.length ? { subs, items, props } : null;
  walks.set(schema, walk);
  return walk;
}

function walkDays(w: DateWalk, data: unknown, timeZone: string): void {
  if (!isRecord(data)) return;
  for (const s of w.subs) walkDays(s, data, timeZone);
  if (Array.isArray(data)) {
    if (w.items) for (const x of data) walkDays(w.items, x, timeZone);
    return;
  }
  for (const p of w.props) {
    const v = data[p.name];
    if (p.date && typeof v === 'string' && v.length > 10) {
      const parsed = parseDateFilter(v);
      if (parsed?.moment) data[p.name] = parsed.offset ? dayIn(timeZone, new Date(parsed.moment)) : parsed.day;
    } else if (p.walk) walkDays(p.walk, v, timeZone);
  }
}
