/**
 * The pure parts of Mexican tickets (src/tickets): the end of a ticket's month (its self-invoicing deadline), the
 * days of a global invoice's period and when it is over, and the concepts a ticket becomes in the global invoice.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Problems } from '../../src/platform/errors';
import { endOfMonth, selfInvoiceUntil, taxesPerTax } from '../../src/tickets/service';
import { periodDays, ticketConcepts } from '../../src/tickets/global';
import { AddressLimit, brandStyle } from '../../src/tickets/page';
import { periodEndedYesterday } from '../../src/tickets/auto';

test('endOfMonth: the last day of the month, leap years included', () => {
  assert.equal(endOfMonth('2026-11-03'), '2026-11-30');
  assert.equal(endOfMonth('2026-12-31'), '2026-12-31');
  assert.equal(endOfMonth('2028-02-10'), '2028-02-29');
  assert.equal(endOfMonth('2027-02-01'), '2027-02-28');
});

const period = (body: Record<string, unknown>, today = '2026-12-03') => {
  const p = new Problems();
  const days = periodDays(p, { periodicity: '04', months: '11', year: 2026, ...body } as never, today);
  return { days, problems: p.items.map((e) => `${e.Code}@${e.Params[0]}`) };
};

test('periodDays: the month(s), the day, the week or fortnight sent, and only once it is over', () => {
  assert.deepEqual(period({}), { days: { from: '2026-11-01', to: '2026-11-30' }, problems: [] });
  assert.deepEqual(period({ periodicity: '05', months: '17' }), { days: { from: '2026-09-01', to: '2026-10-31' }, problems: [] });
  assert.deepEqual(period({ periodicity: '01', months: '12', from: '2026-12-02' }), { days: { from: '2026-12-02', to: '2026-12-02' }, problems: [] });
  assert.deepEqual(period({ periodicity: '02', from: '2026-11-23', to: '2026-11-29' }).days, { from: '2026-11-23', to: '2026-11-29' });
  assert.deepEqual(period({ periodicity: '03', from: '2026-11-16', to: '2026-11-30' }).days, { from: '2026-11-16', to: '2026-11-30' });
  // Not over: the month of today, today itself.
  assert.deepEqual(period({ months: '12' }).problems, ['invalid_date@months']);
  assert.deepEqual(period({ periodicity: '01', months: '12', from: '2026-12-03' }).problems, ['invalid_date@from']);
  assert.deepEqual(period({ periodicity: '02', months: '12', from: '2026-12-01', to: '2026-12-03' }).problems, ['invalid_date@to']);
  // Shapes of the period.
  assert.deepEqual(period({ from: '2026-11-01' }).problems, ['parameter_not_allowed@from']);
  assert.deepEqual(period({ periodicity: '01' }).problems, ['parameter_required@from']);
  assert.deepEqual(period({ periodicity: '02', from: '2026-11-01' }).problems, ['parameter_required@to']);
  assert.deepEqual(period({ periodicity: '02', from: '2026-11-01', to: '2026-11-08' }).problems, ['invalid_date@to']);
  assert.deepEqual(period({ periodicity: '03', from: '2026-11-01', to: '2026-11-17' }).problems, ['invalid_date@to']);
  assert.deepEqual(period({ periodicity: '01', from: '2026-10-31' }).problems, ['invalid_date@from']);
  assert.deepEqual(period({ periodicity: '01', from: '2026-11-02', to: '2026-11-03' }).problems, ['invalid_date@to']);
  assert.deepEqual(period({ periodicity: '02', from: '2026-11-28', to: '2026-12-01' }).problems, ['invalid_date@to']);
});

const tax = (id: number, type: string, percentage: number, base: number, value: number) => ({ id, name: null, type, percentage, base_value: base, value });
const line = (subtotal: number, discount: number, taxes: ReturnType<typeof tax>[], total: number) =>
  ({ code: 'X', description: 'x', quantity: 1, price: subtotal, discount, sat_product_key: '01010101', sat_unit_key: 'H87', subtotal, discount_value: discount, taxes, total });

test('ticketConcepts: one concept per set of taxes, 01010101 / ACT / the folio, figures summed', () => {
  const iva = (b: number, v: number) => tax(1, 'IVA', 16, b, v);
  const concepts = ticketConcepts({ folio: 41, items: [line(200, 10, [iva(190, 30.4)], 220.4), line(100, 0, [iva(100, 16)], 116), line(45, 0, [tax(3, 'IVA', 0, 45, 0)], 45)] });
  assert.deepEqual(concepts.map((c) => [c.code, c.sat_product_key, c.sat_unit_key, c.quantity, c.price, c.discount_value, c.total, c.taxes.map((t) => [t.id, t.base_value, t.value])]), [
    ['41', '01010101', 'ACT', 1, 300, 10, 336.4, [[1, 290, 46.4]]],
    ['41', '01010101', 'ACT', 1, 45, 0, 45, [[3, 45, 0]]],
  ]);
});

test('ticketConcepts: a set whose summed tax leaves Anexo 20\'s bounds is one concept per line', () => {
  // Three lines of 0.03 at 16 %: 0.00 each; summed 0.00 on a base of 0.09, whose bounds are 0.01 to 0.02.
  const tiny = line(0.03, 0, [tax(1, 'IVA', 16, 0.03, 0)], 0.03);
  const concepts = ticketConcepts({ folio: 7, items: [tiny, tiny, tiny] });
  assert.equal(concepts.length, 3);
  assert.ok(concepts.every((c) => c.code === '7' && c.price === 0.03 && c.taxes[0].value === 0));
  // Within the bounds (0.10 + 0.10 at 16 %: 0.02 each, 0.04 on 0.20): one concept.
  assert.equal(ticketConcepts({ folio: 8, items: [line(0.1, 0, [tax(1, 'IVA', 16, 0.1, 0.02)], 0.12), line(0.1, 0, [tax(1, 'IVA', 16, 0.1, 0.02)], 0.12)] }).length, 1);
});

test('taxesPerTax: summed per tax in the order met, to the cent', () => {
  assert.deepEqual(taxesPerTax([{ taxes: [tax(1, 'IVA', 16, 59.94, 9.59), tax(2, 'IEPS', 8, 55.5, 4.44)] }, { taxes: [tax(1, 'IVA', 16, 190, 30.4)] }]).map((t) => [t.id, t.base_value, t.value]),
    [[1, 249.94, 39.99], [2, 55.5, 4.44]]);
});

test('AddressLimit: so many requests a minute per address, then the seconds to wait; a new minute starts over', () => {
  let now = 120_000 + 15_000;
  const limit = new AddressLimit(2, () => now);
  assert.deepEqual([limit.take('a'), limit.take('a'), limit.take('b')], [0, 0, 0]);
  assert.equal(limit.take('a'), 45, 'the rest of the minute');
  now += 45_000;
  assert.equal(limit.take('a'), 0);
});

test('selfInvoiceUntil: the end of the month plus the company\'s days, into the next month or year', () => {
  assert.equal(selfInvoiceUntil('2026-11-10', undefined), '2026-11-30');
  assert.equal(selfInvoiceUntil('2026-11-10', 0), '2026-11-30');
  assert.equal(selfInvoiceUntil('2026-11-10', 3), '2026-12-03');
  assert.equal(selfInvoiceUntil('2026-12-31', 5), '2027-01-05');
  assert.equal(selfInvoiceUntil('2026-12-31', 'x'), '2026-12-31');
});

test('periodEndedYesterday: the day, the week cut at a month\'s end, the month; nothing while a period runs', () => {
  assert.deepEqual(periodEndedYesterday('daily', '2026-12-03'), { periodicity: '01', months: '12', year: 2026, from: '2026-12-02' });
  assert.deepEqual(periodEndedYesterday('daily', '2027-01-01'), { periodicity: '01', months: '12', year: 2026, from: '2026-12-31' });
  assert.equal(periodEndedYesterday('monthly', '2026-12-03'), null);
  assert.deepEqual(periodEndedYesterday('monthly', '2026-12-01'), { periodicity: '04', months: '11', year: 2026 });
  // 2026-11-29 is a Sunday: the week of Monday 23 to Sunday 29.
  assert.deepEqual(periodEndedYesterday('weekly', '2026-11-30'), { periodicity: '02', months: '11', year: 2026, from: '2026-11-23', to: '2026-11-29' });
  // Monday 30 November alone: the end of its month cuts the week.
  assert.deepEqual(periodEndedYesterday('weekly', '2026-12-01'), { periodicity: '02', months: '11', year: 2026, from: '2026-11-30', to: '2026-11-30' });
  // Tuesday 1 to Sunday 6 December: the week from the 1st.
  assert.deepEqual(periodEndedYesterday('weekly', '2026-12-07'), { periodicity: '02', months: '12', year: 2026, from: '2026-12-01', to: '2026-12-06' });
  assert.equal(periodEndedYesterday('weekly', '2026-12-03'), null);
  assert.equal(periodEndedYesterday('never', '2026-12-03'), null);
});

test('brandStyle: white or near-black text on the colour, whichever reads better; the title coloured only where it reads on white', () => {
  assert.equal(brandStyle('#FFD700'), 'body{border-top:.5rem solid #FFD700}button{background:#FFD700;color:#1b1b1b;border:1px solid #FFD700}', 'gold: dark text, plain title');
  assert.equal(brandStyle('#0a3d91'), 'body{border-top:.5rem solid #0a3d91}button{background:#0a3d91;color:#ffffff;border:1px solid #0a3d91}h1{color:#0a3d91}');
  // #767676 is the lightest grey with 4.5:1 on white.
  assert.match(brandStyle('#767676'), /h1\{color:#767676\}/);
  assert.doesNotMatch(brandStyle('#777777'), /h1/);
  for (const bad of [undefined, null, '', 'red', '#12345', '#12345g', 'url(x)', '#123456;x']) assert.equal(brandStyle(bad), '', String(bad));
});
