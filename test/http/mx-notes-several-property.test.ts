/**
 * A property (fast-check) over HTTP, on each storage (issue 48, point 7): any sequence of compensation credit notes
 * over several invoices of one customer (in any order, crediting any mix of their products), receipts of each
 * invoice and cancellations of either, over three PPD invoices: one at IVA 16 %, one at IVA 0 %, one with both.
 *
 * - a note is written or refused with invalid_value (a product or a unit not left, a part above what an invoice owes,
 *   an invoice none of whose products it credits), nothing written then;
 * - a written note gives each invoice only the lines of products it sold and the taxes it charged (type and rate);
 *   its parts add up to its total, each part its bases plus its taxes;
 * - after every step, per invoice and per tax: what the live notes took plus what the live receipts declared never
 *   exceeds the invoice's base or tax; each balance is the total less the live receipts and notes;
 * - at the end every invoice can be paid to zero, and then per invoice and rate the bases declared by receipts and
 *   notes are the invoice's to the cent, the taxes moved in the books too, and nothing is left pending in 209.01.
 *
 * MX_SEVERAL_RUNS (default 6) sequences per storage; MX_SEVERAL_SEED replays one; MX_SEVERAL_LOG=1 prints each sequence.
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import Decimal from 'decimal.js';
import { eachStorage, startTestServer, type TestServer } from '../support/server';
import { mxDocRefs, mxDocs } from '../support/mx-docs';

const RUNS = Number(process.env.MX_SEVERAL_RUNS ?? 6);
const SEED = process.env.MX_SEVERAL_SEED ? Number(process.env.MX_SEVERAL_SEED) : Date.now() % 2 ** 31;
const D = (x: Decimal.Value) => new Decimal(x);
const down2 = (x: Decimal) => x.toDecimalPlaces(2, Decimal.ROUND_DOWN);

/** The three invoices: their lines, total, and per rate (IVA 16 % / 0 %) base and tax, by hand. */
const INVOICES = [
  { lines: [{ code: 'CONSULT', quantity: 1, price: 1000 }], total: 1160, groups: { 16: [1000, 160], 0: [0, 0] } },
  { lines: [{ code: 'AGUA20L', quantity: 10, price: 45 }], total: 450, groups: { 16: [0, 0], 0: [450, 0] } },
  { lines: [{ code: 'CONSULT', quantity: 1, price: 500 }, { code: 'AGUA20L', quantity: 4, price: 45 }], total: 760, groups: { 16: [500, 80], 0: [180, 0] } },
] as const;
const SOLD: Record<string, number[]> = { CONSULT: [0, 2], AGUA20L: [1, 2] };

type Op =
  | { kind: 'note'; order: number[]; consult: number; units: number }
  | { kind: 'receipt'; k: number; share: number }
  | { kind: 'cancelNote' | 'cancelReceipt'; pick: number };

const opArb: fc.Arbitrary<Op> = fc.oneof(
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('note' as const), order: fc.shuffledSubarray([0, 1, 2], { minLength: 1 }),
    consult: fc.integer({ min: 0, max: 100 }), units: fc.integer({ min: 0, max: 4 }) }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('receipt' as const), k: fc.integer({ min: 0, max: 2 }), share: fc.integer({ min: 1, max: 100 }) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('cancelNote' as const), pick: fc.nat() }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('cancelReceipt' as const), pick: fc.nat() }) },
);

type Tax = { type: string; percentage: number; base_value: number; value: number; booked?: number };
type Part = { id: string; amount: number; lines: { code: string; base_value: number }[]; taxes: Tax[]; withholdings: Tax[]; booked?: { taxes: Tax[] } };

eachStorage('MX credit notes over several invoices: each invoice keeps its own taxes, whatever the order', (storage) => {
  let s: TestServer;
  let d: ReturnType<typeof mxDocs>;
  before(async () => {
    s = await startTestServer(storage);
    d = mxDocs(s, await mxDocRefs(s));
  });
  after(() => s.close());

  async function run(ops: Op[]): Promise<void> {
    const invs: { id: string }[] = [];
    for (const x of INVOICES) invs.push(await d.invoice(x.lines.map((l) => ({ ...l })), x.total));
    const notes: { id: string; total: number; parts: Part[] }[] = [];
    const receipts: { id: string; k: number; amount: number; taxes: Tax[] }[] = [];
    const gone = new Set<string>();
    const log: string[] = [];
    const live = <T extends { id: string }>(xs: T[]) => xs.filter((x) => !gone.has(x.id));
    const noteCount = async () => Number((await s.db.query(`SELECT count(*)::int AS n FROM notes`))[0].n);
    const group = (taxes: Tax[], rate: number, k: 'base_value' | 'value' | 'booked') =>
      taxes.filter((t) => t.type === 'IVA' && t.percentage === rate).reduce((a, t) => a.plus(k === 'booked' ? t.booked ?? t.value : t[k]), D(0));

    /** What the live notes and receipts took of invoice k, per rate: bases and taxes declared, taxes moved in the books. */
    const taken = (k: number, rate: number) => {
      const parts = live(notes).flatMap((n) => n.parts.filter((p) => p.id === invs[k].id));
      const rs = live(receipts).filter((r) => r.k === k);
      const sum = (xs: Decimal[]) => xs.reduce((a, x) => a.plus(x), D(0));
      return {
        base: sum([...parts.map((p) => group(p.taxes, rate, 'base_value')), ...rs.map((r) => group(r.taxes, rate, 'base_value'))]),
        tax: sum([...parts.map((p) => group(p.taxes, rate, 'value')), ...rs.map((r) => group(r.taxes, rate, 'value'))]),
        moved: sum([...parts.map((p) => group(p.booked?.taxes ?? p.taxes, rate, 'value')), ...rs.map((r) => group(r.taxes, rate, 'booked'))]),
        paid: sum([...parts.map((p) => D(p.amount)), ...rs.map((r) => D(r.amount))]),
      };
    };

    const check = async (final: boolean) => {
      const why = log.join(' | ');
      for (const [k, x] of INVOICES.entries()) {
        for (const rate of [16, 0] as const) {
          const t = taken(k, rate);
          const [base, tax] = x.groups[rate];
          assert.ok(t.base.lte(base) && t.tax.lte(tax), `invoice ${k} at ${rate} %: ${t.base}/${t.tax} taken of ${base}/${tax}: ${why}`);
          if (final) {
            assert.equal(t.base.toFixed(2), D(base).toFixed(2), `invoice ${k} at ${rate} %: the bases declared are the invoice's: ${why}`);
            assert.equal(t.moved.toFixed(2), D(tax).toFixed(2), `invoice ${k} at ${rate} %: the tax moved in the books is the invoice's: ${why}`);
          }
        }
        assert.equal(D(await d.balance(invs[k].id)).toFixed(2), D(x.total).minus(taken(k, 16).paid).toFixed(2), `invoice ${k}'s balance: ${why}`);
      }
      if (final) {
        const [row] = await s.db.query(`SELECT coalesce(sum(l.debit - l.credit), 0)::text AS net FROM journal_entries e JOIN journal_lines l ON l.company_id = e.company_id AND l.entry_id = e.id
          WHERE l.account_code = '209.01' AND e.source_id = ANY($1::uuid[])`, [[...invs.map((i) => i.id), ...notes.map((n) => n.id), ...receipts.map((r) => r.id)]]);
        assert.equal(D(row.net).toFixed(2), '0.00', `nothing pending of paid invoices: ${why}`);
      }
    };

    const pay = async (k: number, amount: Decimal) => {
      const res = await d.pay(invs[k].id, amount.toNumber());
      log.push(`pay ${k} ${amount} → ${res.status}`);
      if (res.status === 400) {
        assert.match(res.body.Errors[0].Message, /too small a part/, `${log.join(' | ')}: ${JSON.stringify(res.body)}`);
        return;
      }
      assert.equal(res.status, 201, `${log.join(' | ')}: ${JSON.stringify(res.body)}`);
      receipts.push({ id: res.body.id, k, amount: amount.toNumber(), taxes: res.body.invoices[0].taxes });
    };

    for (const op of ops) {
      if (op.kind === 'note') {
        const items = [
          ...(op.consult ? [{ code: 'CONSULT', quantity: 1, price: down2(D(600).times(op.consult).div(100)).toNumber() }] : []),
          ...(op.units ? [{ code: 'AGUA20L', quantity: op.units, price: 45 }] : []),
        ].filter((l) => l.price > 0);
        if (!items.length) continue;
        const before = await noteCount();
        const res = await d.note(op.order.map((k) => invs[k].id), items);
        log.push(`note [${op.order}] ${items.map((l) => `${l.code} ${l.quantity}×${l.price}`).join(' + ')} → ${res.status}`);
        const why = `${log.join(' | ')}: ${JSON.stringify(res.body)}`;
        if (res.status === 400) {
          assert.ok(res.body.Errors.every((e: any) => e.Code === 'invalid_value'), why);
          assert.equal(await noteCount(), before, `nothing written: ${why}`);
          continue;
        }
        assert.equal(res.status, 201, why);
        const parts: Part[] = res.body.invoices;
        assert.equal(parts.reduce((a, p) => a.plus(p.amount), D(0)).toFixed(2), D(res.body.total).toFixed(2), `the parts add up to the note: ${why}`);
        for (const p of parts) {
          const k = invs.findIndex((i) => i.id === p.id);
          assert.ok(p.lines.every((l) => SOLD[l.code].includes(k)), `only products invoice ${k} sold: ${why}`);
          assert.ok(p.taxes.every((t) => t.base_value === 0 || INVOICES[k].groups[t.percentage as 16 | 0][0] > 0), `only taxes invoice ${k} charged: ${why}`);
          const lines = p.lines.reduce((a, l) => a.plus(l.base_value), D(0)), taxes = p.taxes.reduce((a, t) => a.plus(t.value), D(0));
          assert.equal(lines.plus(taxes).toFixed(2), D(p.amount).toFixed(2), `a part is its bases plus its taxes: ${why}`);
        }
        notes.push({ id: res.body.id, total: res.body.total, parts });
      } else if (op.kind === 'receipt') {
        const balance = D(await d.balance(invs[op.k].id));
        if (balance.isZero()) continue;
        await pay(op.k, Decimal.max(D('0.01'), down2(balance.times(op.share).div(100))));
      } else {
        const list = op.kind === 'cancelNote' ? live(notes) : live(receipts);
        if (!list.length) continue;
        const x = list[op.pick % list.length];
        const res = await d.cancel(op.kind === 'cancelNote' ? 'credit-notes' : 'payments', x.id);
        log.push(`${op.kind} ${x.id.slice(0, 8)} → ${res.status}`);
        assert.equal(res.status, 200, `${log.join(' | ')}: ${JSON.stringify(res.body)}`);
        gone.add(x.id);
      }
      await check(false);
    }
    if (process.env.MX_SEVERAL_LOG) console.log(`# ${log.join(' | ')}`);
    for (const k of INVOICES.keys()) {
      const rest = D(await d.balance(invs[k].id));
      if (rest.gt(0)) await pay(k, rest);
      assert.equal(D(await d.balance(invs[k].id)).toFixed(2), '0.00', `invoice ${k} paid to zero: ${log.join(' | ')}`);
    }
    await check(true);
  }

  test(`any sequence of notes over several invoices, receipts and cancellations (seed ${SEED})`, async () => {
    const out = await fc.check(fc.asyncProperty(fc.array(opArb, { minLength: 1, maxLength: 7 }), run), { numRuns: RUNS, seed: SEED, endOnFailure: true });
    if (out.failed) assert.fail(`${fc.defaultReportMessage(out)}\n${(out.errorInstance as Error)?.message ?? out.errorInstance}`);
  });
});
