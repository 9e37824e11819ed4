/**
 * The one parser of dates in query strings: which values it takes, the day a
 * value names, and the moment bounds it gives to SQL.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { bodyDays, dayIn, filterDay, instantOf, momentBound, parseDateFilter, timeIn } from '../../src/platform/dates';
import { colombianDateTime } from '../../src/countries/co/dian/application-response';

test('dates and ISO date-times, with or without offset and fraction', () => {
  assert.deepEqual(parseDateFilter('2024-01-31'), { day: '2024-01-31', moment: null, offset: false });
  assert.deepEqual(parseDateFilter('2024-01-31T05:00:00.000Z'), { day: '2024-01-31', moment: '2024-01-31T05:00:00.000+00:00', offset: true });
  assert.deepEqual(parseDateFilter('2024-01-31T05:00'), { day: '2024-01-31', moment: '2024-01-31T05:00:00', offset: false });
  assert.deepEqual(parseDateFilter('2024-01-31T19:20:30-05:00'), { day: '2024-01-31', moment: '2024-01-31T19:20:30-05:00', offset: true });
  assert.deepEqual(parseDateFilter('2024-01-31T19:20:30+0130'), { day: '2024-01-31', moment: '2024-01-31T19:20:30+01:30', offset: true });
  assert.deepEqual(parseDateFilter('2024-01-31T19:20:30-06'), { day: '2024-01-31', moment: '2024-01-31T19:20:30-06:00', offset: true });
  assert.deepEqual(parseDateFilter('2024-01-31T19:20:30.123456 01:00'), { day: '2024-01-31', moment: '2024-01-31T19:20:30.123456+01:00', offset: true },
    'a + sent unencoded arrives as a space');
  assert.equal(parseDateFilter('2024-02-29')?.day, '2024-02-29');
  assert.equal(parseDateFilter('2000-02-29T00:00:00z')?.day, '2000-02-29');
});

test('refused: impossible dates and times, year 0, other shapes', () => {
  for (const bad of ['2023-02-29', '1900-02-29', '2024-13-01', '2024-00-10', '2024-04-31', '0000-01-01', '2024-01-31T24:00:00Z', '2024-01-31T23:60',
    '2024-01-31T23:59:60Z', '2024-01-31T05:00:00+15:00', '2024-01-31T05:00:00+05:60', '2024-01-31T05', '2024-1-31', '24-01-31', '2024-01-31Z',
    '2024-01-31T05:00:00ZZ', '2024-01-31 05:00:00', '1706677200000', 'yesterday', '', ' 2024-01-31', '2024-01-31T05:00:00.Z', '2024-01-31T05:00:00.1234567890Z']) {
    assert.equal(parseDateFilter(bad), null, bad);
  }
});

test('a document date is the date written; a moment bound is exact to the millisecond, or the whole day of a date', () => {
  assert.equal(filterDay('2024-01-31T05:00:00.000Z'), '2024-01-31');
  assert.equal(filterDay('2024-01-31T00:00:00Z'), '2024-01-31');
  assert.equal(filterDay('2024-01-31T23:30:00-05:00'), '2024-01-31');
  assert.throws(() => filterDay('nope'));
  const tz = 'America/Bogota';
  const start = momentBound('2024-01-31', 'start', tz);
  assert.deepEqual([start.op, start.sql('$2'), start.value], ['>=', `($2::date::timestamp AT TIME ZONE '${tz}')`, '2024-01-31']);
  const end = momentBound('2024-01-31', 'end', tz);
  assert.deepEqual([end.op, end.sql('$2'), end.value], ['<', `(($2::date + 1)::timestamp AT TIME ZONE '${tz}')`, '2024-01-31']);
  const instant = momentBound('2024-01-31T05:00:00.123Z', 'end', tz);
  assert.deepEqual([instant.op, instant.sql('$3'), instant.value],
    ['<', `(date_trunc('milliseconds', $3::timestamptz) + interval '1 millisecond')`, '2024-01-31T05:00:00.123+00:00']);
  const wall = momentBound('2024-01-31T05:00', 'start', tz);
  assert.deepEqual([wall.op, wall.sql('$3'), wall.value], ['>=', `($3::timestamp AT TIME ZONE '${tz}')`, '2024-01-31T05:00:00']);
});

test('instantOf around a change of offset: a skipped time reads as the instant after the gap, a repeated one as the first', () => {
  // Tijuana keeps daylight saving time: on 2026-03-08 the clocks go from 02:00 PST to 03:00 PDT, on 2026-11-01 back from
  // 02:00 PDT to 01:00 PST. 02:30 does not exist on 8 March: it reads as 03:30 PDT (Temporal's `compatible`).
  assert.equal(instantOf('2026-03-08T02:30:00', 'America/Tijuana').toISOString(), '2026-03-08T10:30:00.000Z');
  assert.equal(instantOf('2026-03-08T01:59:59', 'America/Tijuana').toISOString(), '2026-03-08T09:59:59.000Z');
  assert.equal(instantOf('2026-03-08T03:00:00', 'America/Tijuana').toISOString(), '2026-03-08T10:00:00.000Z');
  assert.equal(instantOf('2026-11-01T01:30:00', 'America/Tijuana').toISOString(), '2026-11-01T08:30:00.000Z');
  // Mexico City's last change forward (2021-04-04, 02:00 CST → 03:00 CDT).
  assert.equal(instantOf('2021-04-04T02:15:00', 'America/Mexico_City').toISOString(), '2021-04-04T08:15:00.000Z');
  assert.equal(instantOf('2026-12-03T14:46:10', 'America/Bogota').toISOString(), '2026-12-03T19:46:10.000Z');
});

test('timeIn: the wall-clock time of an instant in a zone, with that zone\'s offset at the instant', () => {
  const at = new Date('2026-01-15T15:04:05Z');
  assert.equal(timeIn('America/Bogota', at), '10:04:05-05:00');
  assert.equal(timeIn('America/Bogota', at), colombianDateTime(at)[1], 'as the DIAN\'s documents write it');
  assert.equal(timeIn('Europe/Madrid', at), '16:04:05+01:00');
  assert.equal(timeIn('Europe/Madrid', new Date('2026-07-15T15:04:05Z')), '17:04:05+02:00', 'summer time');
  assert.equal(timeIn('UTC', at), '15:04:05+00:00');
  assert.equal(timeIn('Asia/Kolkata', new Date('2026-01-15T23:59:59Z')), '05:29:59+05:30', 'half-hour offsets, after midnight');
});

test('dayIn keeps the last minute\'s date: the same as the formatter at every instant, across midnights, zones and the years before 1980', () => {
  const zones = ['America/Bogota', 'America/Mexico_City', 'America/Tijuana', 'Asia/Kathmandu', 'UTC'];
  const format = (z: string, at: Date) => new Intl.DateTimeFormat('en-CA', { timeZone: z, year: 'numeric', month: '2-digit', day: '2-digit' }).format(at);
  const instants: number[] = [];
  // Every 20 s around the local midnights of a day in each zone (Kathmandu's +05:45 moves midnight off the hour), in order and back.
  for (let t = Date.UTC(2026, 11, 5, 17, 0); t < Date.UTC(2026, 11, 6, 7, 0); t += 20_000) instants.push(t);
  instants.push(...[...instants].reverse());
  // Before 1980 (not kept): Bogotá's local mean time of 1900, -4:56:16, moves its midnight by seconds.
  instants.push(Date.UTC(1900, 5, 2, 4, 56, 15), Date.UTC(1900, 5, 2, 4, 56, 17));
  for (const z of zones) for (const t of instants) assert.equal(dayIn(z, new Date(t)), format(z, new Date(t)), `${z} ${new Date(t).toISOString()}`);
  assert.equal(dayIn('America/Bogota', new Date(Date.UTC(2026, 11, 6, 4, 59, 59))), '2026-12-05');
  assert.equal(dayIn('America/Bogota', new Date(Date.UTC(2026, 11, 6, 5, 0, 0))), '2026-12-06');
  assert.throws(() => dayIn('America/Bogota', new Date(NaN)), RangeError);
});

test('bodyDays rewrites the date-times of date fields only, wherever the schema puts them, and the same on every call', () => {
  const date = { type: 'string', format: 'date' };
  const schema = {
    type: 'object',
    properties: {
      date, created: { type: 'string', format: 'date-time' }, note: { type: 'string' },
      payments: { type: 'array', items: { type: 'object', properties: { due_date: date, value: { type: 'number' } } } },
      customer: { type: 'object', properties: { name: { type: 'string' } } },
    },
    anyOf: [{ properties: { starts: date } }, { required: ['date'] }],
    allOf: [{ properties: { deep: { properties: { until: date } } } }],
  };
  const body = () => ({
    date: '2026-12-06T04:59:59.000Z', created: '2026-12-06T04:59:59.000Z', note: '2026-12-06T04:59:59.000Z',
    payments: [{ due_date: '2026-12-07T05:00:00Z', value: 1 }, { due_date: '2026-12-31', value: 2 }, 'not an object'],
    customer: { name: '2026-12-06T04:59:59.000Z' }, starts: '2026-12-06T10:00:00', deep: { until: '2026-12-06T23:30:00-05:00' },
  });
  for (let round = 0; round < 2; round++) { // the second walks the walk made by the first
    const data = body();
    bodyDays(schema, data, 'America/Bogota');
    assert.deepEqual(data, {
      date: '2026-12-05', created: '2026-12-06T04:59:59.000Z', note: '2026-12-06T04:59:59.000Z',
      payments: [{ due_date: '2026-12-07', value: 1 }, { due_date: '2026-12-31', value: 2 }, 'not an object'],
      customer: { name: '2026-12-06T04:59:59.000Z' }, starts: '2026-12-06', deep: { until: '2026-12-06' },
    });
  }
  const undated = { type: 'object', properties: { note: { type: 'string' }, list: { type: 'array', items: { type: 'string' } } } };
  const data = { note: '2026-12-06T04:59:59.000Z', list: ['2026-12-06T04:59:59.000Z'] };
  bodyDays(undated, data, 'America/Bogota');
  assert.deepEqual(data, { note: '2026-12-06T04:59:59.000Z', list: ['2026-12-06T04:59:59.000Z'] }, 'no date field: nothing changes');
  const self: Record<string, unknown> = { type: 'object', properties: { date } };
  (self.properties as Record<string, unknown>).child = self;
  const nested = { date: '2026-12-06T04:59:59.000Z', child: { date: '2026-12-06T04:59:59.000Z' } };
  bodyDays(self, nested, 'America/Bogota');
  assert.equal(nested.date, '2026-12-05', 'a schema that contains itself does not loop');
});
