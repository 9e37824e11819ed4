/**
 * A property (fast-check) over HTTP, on each storage (issue 34): any sequence
 * of credit notes of every concept (settled on account, refunded, or both),
 * cash receipts and annulments of either on one invoice leaves its books where
 * its documents say, and the annulment (concept 2) of what is left then brings
 * every account of the invoice back to zero:
 *
 * - after each step, the receivable account equals the invoice's balance, and
 *   each tax and withholding account (IVA, Retefuente, ReteIVA, ReteICA)
 *   equals the invoice's amount of it less the standing notes' (never below 0);
 * - a note is written exactly when it fits: its quantities (concepts 1 and 2)
 *   and bases within what is left, its credit on account within what the
 *   invoice owes, its refund within what was collected less what was paid back
 *   (a refund on nothing collected is refused); else 400, nothing written;
 * - a receipt's annulment is refused (400, nothing written) when what would
 *   stay collected without it is less than the standing notes paid back;
 * - at the end, every account of the invoice, its notes and receipts nets to 0,
 *   and the invoice's balance and creditable are 0.
 *
 * NOTES_PROPERTY_RUNS (default 6) sequences per storage; NOTES_PROPERTY_SEED replays one.
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import Decimal from 'decimal.js';
import { eachStorage, startTestServer, type TestServer } from '../support/server';
import { coRefs, noteRefs, today, validInvoice, type CoRefs } from '../support/co';
import { debtPayment, dueOf, mainCustomer, rcRefs, type RcRefs } from '../support/vouchers';

const RUNS = Number(process.env.NOTES_PROPERTY_RUNS ?? 6);
const SEED = process.env.NOTES_PROPERTY_SEED ? Number(process.env.NOTES_PROPERTY_SEED) : Date.now() % 2 ** 31;
const D = (x: Decimal.Value) => new Decimal(x);
const round2 = (x: Decimal) => x.toDecimalPlaces(2, Decimal.ROUND_HALF_UP);
const down2 = (x: Decimal) => x.toDecimalPlaces(2, Decimal.ROUND_DOWN);

type Op =
  | { kind: 'note'; concept: number; product: number; units: number; share: number; refund: number }
  | { kind: 'receipt'; share: number }
  | { kind: 'annulNote'; pick: number }
  | { kind: 'annulReceipt'; pick: number };

const share = fc.integer({ min: 1, max: 100 }).map((x) => x / 100);
const opArb: fc.Arbitrary<Op> = fc.oneof(
  { weight: 5, arbitrary: fc.record({ kind: fc.constant('note' as const), concept: fc.integer({ min: 1, max: 6 }), product: fc.integer({ min: 0, max: 1 }),
    units: fc.integer({ min: 1, max: 5 }), share, refund: fc.constantFrom(0, 0, 0.5, 1) }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('receipt' as const), share }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('annulNote' as const), pick: fc.nat() }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('annulReceipt' as const), pick: fc.nat() }) },
);

eachStorage('CO credit notes: any sequence keeps the books where the documents say', (storage) => {
  let s: TestServer;
  let r: CoRefs;
  let v: RcRefs;
  let types: Record<string, any>;
  let pays: Record<string, any>;
  let taxes: Record<string, { id: number }>;
  let accounts: Record<string, string>;

  before(async () => {
    s = await startTestServer(storage);
    r = await coRefs(s);
    v = await rcRefs(s);
    ({ types, pays } = await noteRefs(s));
    taxes = { IVA: { id: r.taxOf('IVA', 19).id }, Retefuente: { id: r.taxOf('Retefuente', 2.5).id }, ReteIVA: { id: r.taxOf('ReteIVA', 15).id }, ReteICA: { id: r.taxOf('ReteICA', 0.966).id } };
    const rows = await s.db.query('SELECT id, account_code FROM taxes WHERE id = ANY($1::int[])', [Object.values(taxes).map((t) => t.id)]);
    accounts = Object.fromEntries(Object.entries(taxes).map(([k, t]) => [k, rows.find((x: any) => x.id === t.id).account_code]));
    const accountOf = async (id: number) => (await s.db.query('SELECT account_code FROM payment_types WHERE id = $1', [id]))[0].account_code;
    accounts.receivable = await accountOf(r.pay.Credit.id);
    accounts.cash = await accountOf(r.pay.Cash.id);
    for (const id of [pays['NC.Cash'].id, v.pay.Cash.id]) assert.equal(await accountOf(id), accounts.cash, 'one cash account');
  });
  after(() => s.close());

  /** What the service says is payable: a preview with a wrong payment answers it in Detail ("expected N"). */
  async function payable(path: string, body: any, payment: number): Promise<Decimal> {
    const res = await s.as('co').post(`${path}/preview`, { ...body, payments: [{ id: payment, value: 0.01 }] });
    const e = res.body.Errors?.find((x: any) => x.Code === 'invalid_total_payments');
    if (!e) {
      // The sum was not refused: 0.01 is what is payable. Settling it on account may still be refused, when the
      // invoice owes nothing any more (invalid_payment, "at most 0.00"): the note's own step decides what fits.
      assert.ok(res.status === 200 || res.body.Errors?.every((x: any) => x.Code === 'invalid_payment'), JSON.stringify(res.body));
      return D('0.01');
    }
    return D(/expected (-?[\d.]+)/.exec(e.Detail)![1]);
  }

  async function run(ops: Op[], cashShare: number): Promise<void> {
    const co = s.as('co');
    // 3 × 33.33 and 2 × 10.05 of PORT14 (IVA 19 %, Retefuente 2.5 %), 2 × 0.35 of LIBRO01; ReteIVA 15 %, ReteICA 0.966 %.
    const PRODUCTS = [{ code: 'PORT14', taxes: [taxes.IVA, taxes.Retefuente] }, { code: 'LIBRO01', taxes: [] }];
    const items = [{ code: 'PORT14', quantity: 3, price: 33.33, taxes: PRODUCTS[0].taxes }, { code: 'PORT14', quantity: 2, price: 10.05, taxes: PRODUCTS[0].taxes },
      { code: 'LIBRO01', quantity: 2, price: 0.35, taxes: [] }];
    const retentions = [taxes.ReteIVA, taxes.ReteICA];
    const body = validInvoice(r, { items, retentions });
    const total = await payable('/v1/invoices', body, r.pay.Cash.id);
    const cash = down2(total.times(cashShare));
    const payments = [cash.gt(0) && { id: r.pay.Cash.id, value: cash.toNumber() }, total.gt(cash) && { id: r.pay.Credit.id, value: total.minus(cash).toNumber(), due_date: '2099-12-31' }].filter(Boolean);
    const created = await co.post('/v1/invoices', { ...body, payments });
    assert.equal(created.status, 201, JSON.stringify(created.body));
    const inv = created.body;
    const left = new Map([['PORT14', { quantity: D(5), base: D('120.09') }], ['LIBRO01', { quantity: D(2), base: D('0.70') }]]);
    const notes: { id: string; reason: number; items: { code: string; quantity: Decimal; base: Decimal }[]; refund: Decimal }[] = [];
    const receipts: { id: string; value: Decimal }[] = [];
    const ids = [inv.id];
    const standing = <T extends { id: string }>(list: T[], annulled: Set<string>) => list.filter((x) => !annulled.has(x.id));
    const annulled = new Set<string>();
    const state = async () => (await co.get(`/v1/invoices/${inv.id}`)).body;

    const note = async (concept: number, lines: { code: string; quantity: Decimal; price: Decimal }[], refundShare: number | 'rest') => {
      const base = { document: { id: types.NC.id }, date: today(), invoice: inv.id, reason: concept, seller: r.seller.id, retentions,
        items: lines.map((l) => ({ code: l.code, quantity: l.quantity.toNumber(), price: l.price.toNumber(), taxes: PRODUCTS.find((p) => p.code === l.code)!.taxes })) };
      const P = await payable('/v1/credit-notes', base, pays['NC.Credit'].id);
      const open = D((await state()).balance);
      const collected = D(cash).plus(standing(receipts, annulled).reduce((x, y) => x.plus(y.value), D(0)));
      const refunded = standing(notes, annulled).reduce((x, y) => x.plus(y.refund), D(0));
      // 'rest': what the invoice does not owe any more is paid back, the rest settled on account.
      const refund = refundShare === 'rest' ? Decimal.max(0, P.minus(open)) : refundShare === 0 ? D(0) : Decimal.max(P.minus(open), down2(P.times(refundShare)));
      const onAccount = P.minus(refund);
      const fits = onAccount.lte(open) && (refund.isZero() || (collected.gt(0) && refund.lte(collected.minus(refunded))));
      const paid = [refund.gt(0) && { id: pays['NC.Cash'].id, value: refund.toNumber() }, (onAccount.gt(0) || refund.isZero()) && { id: pays['NC.Credit'].id, value: onAccount.toNumber() }].filter(Boolean);
      const res = await co.post('/v1/credit-notes', { ...base, payments: paid });
      const why = `concept ${concept} ${JSON.stringify(base.items)} payable ${P} refund ${refund} (collected ${collected}, refunded ${refunded}) on account ${onAccount} (open ${open}): ${JSON.stringify(res.body)}`;
      assert.equal(res.status, fits ? 201 : 400, why);
      if (res.status !== 201) {
        assert.ok(res.body.Errors.every((e: any) => e.Code === 'invalid_payment'), why);
        return;
      }
      const stored = lines.map((l) => ({ code: l.code, quantity: l.quantity, base: round2(l.quantity.times(l.price)) }));
      notes.push({ id: res.body.id, reason: concept, items: stored, refund });
      ids.push(res.body.id);
      for (const l of stored) {
        const p = left.get(l.code)!;
        left.set(l.code, { quantity: concept <= 2 ? p.quantity.minus(l.quantity) : p.quantity, base: p.base.minus(l.base) });
      }
    };

    const checkBooks = async (final: boolean) => {
      const rows = await s.db.query(
        `SELECT l.account_code, sum(l.credit - l.debit)::text AS net FROM journal_entries e JOIN journal_lines l ON l.entry_id = e.id
          WHERE e.source_id = ANY($1::uuid[]) GROUP BY l.account_code`, [ids]);
      const net = (account: string) => D(rows.find((x: any) => x.account_code === account)?.net ?? 0);
      const docs = [inv, ...await Promise.all(standing(notes, annulled).map(async (n) => (await co.get(`/v1/credit-notes/${n.id}`)).body))];
      const amountOf = (d: any, name: string) => [...d.items.flatMap((i: any) => i.taxes), ...d.retentions]
        .filter((t: any) => t.id === (taxes as any)[name].id).reduce((x: Decimal, t: any) => x.plus(t.value), D(0));
      const ofInvoice = (name: string) => docs.slice(1).reduce((x, d) => x.minus(amountOf(d, name)), amountOf(inv, name));
      const now = await state();
      assert.equal(net(accounts.receivable).negated().toFixed(2), D(now.balance).toFixed(2), 'the receivable is the invoice\'s balance');
      assert.equal(net(accounts.IVA).toFixed(2), ofInvoice('IVA').toFixed(2), 'IVA');
      for (const w of ['Retefuente', 'ReteIVA', 'ReteICA']) assert.equal(net(accounts[w]).negated().toFixed(2), ofInvoice(w).toFixed(2), w);
      for (const t of ['IVA', 'Retefuente', 'ReteIVA', 'ReteICA']) assert.ok(ofInvoice(t).gte(0), `${t} never reversed beyond what was charged`);
      if (final) {
        // Cash keeps what was collected less what was paid back (below 0 only when a receipt was annulled after a refund).
        const collected = D(cash).plus(standing(receipts, annulled).reduce((x, y) => x.plus(y.value), D(0)));
        const refunded = standing(notes, annulled).reduce((x, y) => x.plus(y.refund), D(0));
        assert.equal(net(accounts.cash).negated().toFixed(2), collected.minus(refunded).toFixed(2), 'cash: collected less refunded');
        assert.deepEqual(rows.filter((x: any) => x.account_code !== accounts.cash && !D(x.net).isZero()).map((x: any) => [x.account_code, x.net]), [], 'every other account back at 0');
        assert.deepEqual([now.balance, now.creditable], [0, 0]);
      }
    };

    for (const op of ops) {
      if (op.kind === 'note' && op.concept !== 2) {
        const code = PRODUCTS[op.product].code;
        const l = left.get(code)!;
        if (op.concept === 1) {
          if (!l.quantity.gte(1)) continue;
          const units = Decimal.min(l.quantity, op.units);
          const price = down2(l.base.div(l.quantity).times(op.share));
          if (price.lte(0)) continue;
          await note(1, [{ code, quantity: units, price }], op.refund);
        } else {
          const price = down2(l.base.times(op.share));
          if (price.lte(0)) continue;
          await note(op.concept, [{ code, quantity: D(1), price }], op.refund);
        }
      } else if (op.kind === 'note') {
        await annulAll(op.refund);
      } else if (op.kind === 'receipt') {
        const open = D((await state()).balance);
        const value = Decimal.max(D('0.01'), down2(open.times(op.share)));
        if (open.lte(0)) continue;
        const res = await co.post('/v1/vouchers', debtPayment(v, mainCustomer(r), [{ due: dueOf(inv), value: value.toNumber() }]));
        assert.equal(res.status, 201, JSON.stringify(res.body));
        receipts.push({ id: res.body.id, value });
        ids.push(res.body.id);
      } else {
        const list = op.kind === 'annulNote' ? standing(notes, annulled) : standing(receipts, annulled);
        if (!list.length) continue;
        const x = list[op.pick % list.length];
        const res = await co.post(`/v1/${op.kind === 'annulNote' ? 'credit-notes' : 'vouchers'}/${x.id}/annul`, {});
        if (op.kind === 'annulReceipt') {
          // A receipt stays while what would be collected without it is less than the standing notes paid back.
          const without = standing(receipts, annulled).filter((y) => y.id !== x.id).reduce((a, y) => a.plus(y.value), D(cash));
          const refunded = standing(notes, annulled).reduce((a, y) => a.plus(y.refund), D(0));
          if (without.lt(refunded)) {
            assert.equal(res.status, 400, `without ${x.id}: ${without} collected, ${refunded} refunded: ${JSON.stringify(res.body)}`);
            assert.equal(res.body.Errors[0].Code, 'invalid_document');
            await checkBooks(false);
            continue;
          }
        }
        assert.equal(res.status, 200, JSON.stringify(res.body));
        annulled.add(x.id);
        const n = notes.find((y) => y.id === x.id);
        for (const l of n?.items ?? []) {
          const p = left.get(l.code)!;
          left.set(l.code, { quantity: n!.reason <= 2 ? p.quantity.plus(l.quantity) : p.quantity, base: p.base.plus(l.base) });
        }
      }
      await checkBooks(false);
    }
    await annulAll('rest');
    await checkBooks(true);

    /** Concept 2: exactly what is left, in quantity and value; always possible, the refund at most what was collected less what was paid back. */
    async function annulAll(refundShare: number | 'rest') {
      const lines = [...left].filter(([, l]) => l.base.gt(0))
        .map(([code, l]) => {
          const quantity = l.quantity.gt(0) ? l.quantity : D(1);
          return { code, quantity, price: l.base.div(quantity).toDecimalPlaces(6, Decimal.ROUND_HALF_UP) };
        });
      if (!lines.length) return;
      await note(2, lines, refundShare);
    }
  }

  test(`any sequence of notes of each concept, receipts and annulments (seed ${SEED})`, async () => {
    const out = await fc.check(fc.asyncProperty(fc.array(opArb, { minLength: 1, maxLength: 7 }), fc.constantFrom(0, 0.3, 1), run),
      { numRuns: RUNS, seed: SEED, endOnFailure: true });
    if (out.failed) assert.fail(`${fc.defaultReportMessage(out)}\n${(out.errorInstance as Error)?.message ?? out.errorInstance}`);
  });
});
