/**
 * A property (fast-check) over HTTP, on each storage (issue 33, point 1): any
 * sequence of Pagos 2.0 receipts (partial installments), compensation credit
 * notes (form 17, with the invoice's ReteIVA) and cancellations of either, on a
 * PPD invoice with IVA 16 % and ReteIVA 10.6667 %:
 *
 * - a note is written exactly when it fits (its base within what is left of the
 *   product, its total within what the invoice owes), computed here by hand;
 * - after every step, the IVA the live receipts declare (sum of ImporteDR) plus
 *   the IVA of the live notes never exceeds the invoice's 5,800.52, and the same
 *   for ReteIVA (RetencionDR) against its 3,867.03;
 * - the books agree with the documents: 105.01 is the balance, 209.01 holds the
 *   IVA neither received nor credited and 208.01 the IVA received, 113.08.01 the
 *   ReteIVA pending and 113.01 the ReteIVA withheld on what was received;
 * - at the end the invoice can always be paid to zero, and then receipts plus
 *   notes equal the invoice's IVA and ReteIVA exactly, to the cent.
 *
 * MX_SETTLEMENT_RUNS (default 8) sequences per storage; MX_SETTLEMENT_SEED replays one.
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import Decimal from 'decimal.js';
import { eachStorage, startTestServer, type TestServer } from '../support/server';
import { mxDocRefs, mxDocs, type MxDocRefs } from '../support/mx-docs';

const RUNS = Number(process.env.MX_SETTLEMENT_RUNS ?? 8);
const SEED = process.env.MX_SETTLEMENT_SEED ? Number(process.env.MX_SETTLEMENT_SEED) : Date.now() % 2 ** 31;
const D = (x: Decimal.Value) => new Decimal(x);
const round2 = (x: Decimal) => x.toDecimalPlaces(2, Decimal.ROUND_HALF_UP);
const down2 = (x: Decimal) => x.toDecimalPlaces(2, Decimal.ROUND_DOWN);

// CONSULT 36,253.25: IVA 16 % 5,800.52; ReteIVA 10.6667 % 3,867.03 (3,867.0277); total 38,186.74.
const BASE = D('36253.25');
const IVA = D('5800.52');
const RETE = D('3867.03');
const TOTAL = D('38186.74');

type Op =
  | { kind: 'receipt'; share: number }
  | { kind: 'note'; share: number }
  | { kind: 'cancelReceipt'; pick: number }
  | { kind: 'cancelNote'; pick: number };

const share = fc.integer({ min: 1, max: 100 }).map((x) => x / 100);
const opArb: fc.Arbitrary<Op> = fc.oneof(
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('receipt' as const), share }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('note' as const), share }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('cancelReceipt' as const), pick: fc.nat() }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('cancelNote' as const), pick: fc.nat() }) },
);

eachStorage('MX receipts, credit notes and cancellations: any sequence declares the invoice\'s own taxes', (storage) => {
  let s: TestServer;
  let ref: MxDocRefs;
  let d: ReturnType<typeof mxDocs>;
  let reteIva: number;
  before(async () => {
    s = await startTestServer(storage);
    ref = await mxDocRefs(s);
    d = mxDocs(s, ref);
    reteIva = ref.tax('ReteIVA', 10.6667).id;
  });
  after(() => s.close());

  async function run(ops: Op[]): Promise<void> {
    const inv = await d.invoice([{ code: 'CONSULT', quantity: 1, price: BASE.toNumber() }], TOTAL.toNumber(), { retentions: [reteIva] });
    const receipts: { id: string; iva: Decimal; rete: Decimal; amount: Decimal }[] = [];
    const notes: { id: string; base: Decimal; iva: Decimal; rete: Decimal; total: Decimal }[] = [];
    const ids = [inv.id];
    const log: string[] = [];
    const live = <T extends { id: string }>(list: T[], gone: Set<string>) => list.filter((x) => !gone.has(x.id));
    const gone = new Set<string>();
    const total = (list: readonly any[], k: string): Decimal => list.reduce((x: Decimal, y: any) => x.plus(y[k]), D(0));

    const check = async (final: boolean) => {
      const why = log.join(' | ');
      const rs = live(receipts, gone), ns = live(notes, gone);
      const rIva = total(rs, 'iva'), nIva = total(ns, 'iva'), rRete = total(rs, 'rete'), nRete = total(ns, 'rete');
      const balance = D(await d.balance(inv.id));
      // What the service says the receipts declared, read back over HTTP.
      for (const r of rs) {
        const p = (await d.mx().get(`/v1/payments/${r.id}`)).body;
        assert.equal(D(p.invoices[0].taxes.find((t: any) => t.type === 'IVA').value).toFixed(2), r.iva.toFixed(2), why);
      }
      assert.ok(rIva.plus(nIva).lte(IVA), `IVA declared ${rIva} + credited ${nIva} above ${IVA}: ${why}`);
      assert.ok(rRete.plus(nRete).lte(RETE), `ReteIVA declared ${rRete} + credited ${nRete} above ${RETE}: ${why}`);
      assert.equal(balance.toFixed(2), TOTAL.minus(total(rs, 'amount')).minus(total(ns, 'total')).toFixed(2), `balance: ${why}`);
      if (balance.isZero()) {
        assert.equal(rIva.plus(nIva).toFixed(2), IVA.toFixed(2), `settled: the IVA to the cent: ${why}`);
        assert.equal(rRete.plus(nRete).toFixed(2), RETE.toFixed(2), `settled: the ReteIVA to the cent: ${why}`);
      }
      const rows = await s.db.query(
        `SELECT l.account_code, sum(l.debit - l.credit)::text AS net FROM journal_entries e JOIN journal_lines l ON l.company_id = e.company_id AND l.entry_id = e.id
          WHERE e.source_id = ANY($1::uuid[]) GROUP BY l.account_code`, [ids]);
      const net = (a: string) => D(rows.find((x: any) => x.account_code === a)?.net ?? 0).toFixed(2);
      assert.deepEqual(
        { '105.01': net('105.01'), '209.01': net('209.01'), '208.01': net('208.01'), '113.08.01': net('113.08.01'), '113.01': net('113.01') },
        { '105.01': balance.toFixed(2), '209.01': IVA.minus(rIva).minus(nIva).negated().toFixed(2), '208.01': rIva.negated().toFixed(2),
          '113.08.01': RETE.minus(rRete).minus(nRete).toFixed(2), '113.01': rRete.toFixed(2) }, `the books: ${why}`);
      if (final) assert.equal(balance.toFixed(2), '0.00');
    };

    const pay = async (amount: Decimal) => {
      const res = await d.pay(inv.id, amount.toNumber());
      log.push(`pay ${amount} → ${res.status}`);
      assert.equal(res.status, 201, `${log.join(' | ')}: ${JSON.stringify(res.body)}`);
      const of = (list: any[], type: string) => D(list.find((t: any) => t.type === type)?.value ?? 0);
      receipts.push({ id: res.body.id, amount, iva: of(res.body.invoices[0].taxes, 'IVA'), rete: of(res.body.invoices[0].withholdings, 'ReteIVA') });
      ids.push(res.body.id);
    };

    for (const op of ops) {
      const balance = D(await d.balance(inv.id));
      if (op.kind === 'receipt') {
        if (balance.isZero()) continue;
        await pay(Decimal.max(D('0.01'), down2(balance.times(op.share))));
      } else if (op.kind === 'note') {
        const left = BASE.minus(total(live(notes, gone), 'base'));
        const price = down2(left.times(op.share));
        if (price.lte(0)) continue;
        // The note's own figures, by hand: IVA and ReteIVA of its one line.
        const iva = round2(price.times('0.16')), rete = round2(price.times('0.106667'));
        const noteTotal = price.plus(iva).minus(rete);
        const res = await d.note([inv.id], [{ code: 'CONSULT', quantity: 1, price: price.toNumber() }], { retentions: [reteIva] });
        log.push(`note ${price} (total ${noteTotal}, balance ${balance}) → ${res.status}`);
        const fits = noteTotal.lte(balance);
        assert.equal(res.status, fits ? 201 : 400, `${log.join(' | ')}: ${JSON.stringify(res.body)}`);
        if (!fits) continue;
        assert.equal(D(res.body.total).toFixed(2), noteTotal.toFixed(2), log.join(' | '));
        notes.push({ id: res.body.id, base: price, iva, rete, total: noteTotal });
        ids.push(res.body.id);
      } else {
        const list = op.kind === 'cancelNote' ? live(notes, gone) : live(receipts, gone);
        if (!list.length) continue;
        const x = list[op.pick % list.length];
        const res = await d.cancel(op.kind === 'cancelNote' ? 'credit-notes' : 'payments', x.id);
        log.push(`${op.kind} ${x.id.slice(0, 8)} → ${res.status}`);
        assert.equal(res.status, 200, `${log.join(' | ')}: ${JSON.stringify(res.body)}`);
        gone.add(x.id);
      }
      await check(false);
    }
    // Whatever happened, what is left is payable, and the receipt that settles takes exactly what is left.
    const rest = D(await d.balance(inv.id));
    if (rest.gt(0)) await pay(rest);
    await check(true);
  }

  test(`any sequence of receipts, compensation notes and cancellations (seed ${SEED})`, async () => {
    const out = await fc.check(fc.asyncProperty(fc.array(opArb, { minLength: 1, maxLength: 8 }), run), { numRuns: RUNS, seed: SEED, endOnFailure: true });
    if (out.failed) assert.fail(`${fc.defaultReportMessage(out)}\n${(out.errorInstance as Error)?.message ?? out.errorInstance}`);
  });
});
