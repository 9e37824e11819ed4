/**
 * Related CFDIs and cancellation as the SAT rules it (issue 33, point 3), on both storages:
 * `related: [{type, uuid}]` on invoices (04 substitution, 07 advance), payment receipts and credit notes (04),
 * each UUID checked (the company's, stamped, of the right type) and written as cfdi:CfdiRelacionados; motive 04
 * only for a global invoice (público en general with InformacionGlobal); motive 01 only with a substitute of the
 * same type that relates the cancelled CFDI with TipoRelacion 04 (a receipt replaced by a receipt).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { eachStorage, problems, type Storage } from '../support/server';
import { MX_APP, mxInvoice, mxSuite, stamped } from '../support/mx';
import { parseXml, satSelect } from '../../src/countries/mx/sat/chain';
import { cfdiContentProblems } from '../../src/countries/mx/sat/rules';

eachStorage('MX related CFDIs and cancellation rules', (storage: Storage) => {
  const t = mxSuite(storage);
  const mx = t.mx;
  /** GEN001 1 × 100 + IVA 16 % = 116.00, stamped. */
  const invoice = async (over: Record<string, unknown> = {}) => {
    const res = await mx().post('/v1/invoices', mxInvoice(t.ref, [{ code: 'GEN001', quantity: 1, price: 100 }], 116, { stamp: { send: true }, ...over }), MX_APP);
    assert.equal(res.status, 201, JSON.stringify(res.body));
    const doc = await stamped(t.s, 'invoices', res.body);
    assert.equal(doc.stamp.status, 'Accepted', JSON.stringify(doc.stamp));
    return { ...res.body, stamp: doc.stamp };
  };
  const ppd = async () => invoice({ payment: { method: 'PPD', conditions: { id: t.ref.toDefine, value: 116, due_date: '2099-12-31' } } });
  const receipt = async (invoiceId: string, amount: number, over: Record<string, unknown> = {}) => {
    const res = await t.receipt(invoiceId, amount, over);
    if (res.status === 201) res.body = await stamped(t.s, 'payments', res.body);
    return res;
  };
  const xmlOf = async (path: string, id: string) => Buffer.from((await mx().get(`/v1/${path}/${id}/xml`)).body.base64, 'base64').toString('utf8');
  /** The CFDI's related documents: "TipoRelacion UUID" per cfdi:CfdiRelacionado. */
  const relations = (xml: string) => (satSelect('/cfdi:Comprobante/cfdi:CfdiRelacionados/cfdi:CfdiRelacionado', parseXml(xml) as unknown as Node) as unknown as Element[])
    .map((e) => `${(e.parentNode as Element).getAttribute('TipoRelacion')} ${e.getAttribute('UUID')}`);
  const count = async (table: string) => Number((await t.s.db.query(`SELECT count(*)::int AS n FROM ${table}`))[0].n);

  test('an invoice relates an advance (07) and a replaced invoice (04), written as CfdiRelacionados and stamped', async () => {
    const advance = await invoice();
    const old = await invoice();
    const res = await invoice({ related: [{ type: '07', uuid: advance.stamp.uuid.toLowerCase() }, { type: '04', uuid: old.stamp.uuid }] });
    assert.deepEqual(res.related, [{ type: '07', uuid: advance.stamp.uuid }, { type: '04', uuid: old.stamp.uuid }]);
    assert.deepEqual(relations(await xmlOf('invoices', res.id)), [`07 ${advance.stamp.uuid}`, `04 ${old.stamp.uuid}`]);
    assert.deepEqual((await mx().get(`/v1/invoices/${res.id}`)).body.related, res.related, 'stored');
  });

  test('each related UUID is checked: a known relation, the company\'s stamped CFDI of the right type; nothing is written', async () => {
    const inv = await ppd();
    const pay = await receipt(inv.id, 50);
    assert.equal(pay.status, 201, JSON.stringify(pay.body));
    const before = await count('invoices');
    const cases: [object[], string[], RegExp?][] = [
      [[{ type: '01', uuid: inv.stamp.uuid }], ['invalid_value@related[0].type']],
      [[{ type: '07', uuid: pay.body.stamp.uuid }], ['invalid_reference@related[0].uuid'], /stamped invoice of this company/],
      [[{ type: '04', uuid: '00000000-0000-4000-8000-000000000000' }], ['invalid_reference@related[0].uuid']],
      [[{ type: '04', uuid: inv.stamp.uuid }, { type: '04', uuid: inv.stamp.uuid.toLowerCase() }], ['invalid_value@related[1].uuid'], /related twice/],
      [[{ type: '04', uuid: 'not-a-uuid' }], ['invalid_value@related[0].uuid']],
    ];
    for (const [related, expected, message] of cases) {
      const res = await mx().post('/v1/invoices', mxInvoice(t.ref, [{ code: 'GEN001', quantity: 1, price: 100 }], 116, { related }), MX_APP);
      assert.equal(res.status, 400, JSON.stringify(res.body));
      assert.deepEqual(problems(res), expected, JSON.stringify(related));
      if (message) assert.match(res.body.Errors[0].Message, message);
    }
    assert.equal(await count('invoices'), before, 'nothing written');
    // A cancelled advance is not applied.
    const cancelledAdvance = await invoice();
    assert.equal((await mx().post(`/v1/invoices/${cancelledAdvance.id}/cancel`, { motive: '02' })).status, 200);
    const res = await mx().post('/v1/invoices', mxInvoice(t.ref, [{ code: 'GEN001', quantity: 1, price: 100 }], 116,
      { related: [{ type: '07', uuid: cancelledAdvance.stamp.uuid }] }), MX_APP);
    assert.deepEqual(problems(res), ['invalid_reference@related[0].uuid']);
  });

  test('motive 04 cancels a global invoice (público en general, InformacionGlobal), never a nominative one', async () => {
    const global = await invoice({ customer: { rfc_id: 'XAXX010101000', branch_office: 0 }, use: 'S01' });
    assert.equal((satSelect('/cfdi:Comprobante/cfdi:InformacionGlobal', parseXml(await xmlOf('invoices', global.id)) as unknown as Node) as unknown as Element[]).length, 1);
    const nominative = await invoice();
    const refused = await mx().post(`/v1/invoices/${nominative.id}/cancel`, { motive: '04' });
    assert.deepEqual(problems(refused), ['invalid_value@motive']);
    assert.equal((await mx().get(`/v1/invoices/${nominative.id}`)).body.cancellation, null, 'nothing written');
    const res = await mx().post(`/v1/invoices/${global.id}/cancel`, { motive: '04' });
    assert.equal(res.status, 200, JSON.stringify(res.body));
    assert.deepEqual([res.body.cancellation.status, res.body.cancellation.motive, res.body.annulled], ['Cancelled', '04', true]);
  });

  test('a receipt replaces a receipt: it relates it with 04, and only such a receipt is the substitute of motive 01', async () => {
    const inv = await ppd();
    const first = await receipt(inv.id, 40);
    assert.equal(first.status, 201, JSON.stringify(first.body));
    const other = await receipt(inv.id, 10);
    assert.equal(other.status, 201, JSON.stringify(other.body));
    // A receipt relates receipts only.
    assert.deepEqual(problems(await receipt(inv.id, 40, { related: [{ type: '04', uuid: inv.stamp.uuid }] })), ['invalid_reference@related[0].uuid']);
    assert.deepEqual(problems(await receipt(inv.id, 40, { related: [{ type: '07', uuid: first.body.stamp.uuid }] })), ['invalid_value@related[0].type']);
    const second = await receipt(inv.id, 40, { related: [{ type: '04', uuid: first.body.stamp.uuid }] });
    assert.equal(second.status, 201, JSON.stringify(second.body));
    assert.equal(second.body.stamp.status, 'Accepted', JSON.stringify(second.body.stamp));
    assert.deepEqual(relations(await xmlOf('payments', second.body.id)), [`04 ${first.body.stamp.uuid}`]);

    const cancel = (body: object) => mx().post(`/v1/payments/${first.body.id}/cancel`, body);
    // Not substitutes: the invoice (another type), a receipt that does not relate it.
    assert.deepEqual(problems(await cancel({ motive: '01', substitution: inv.stamp.uuid })), ['invalid_reference@substitution']);
    const unrelated = await cancel({ motive: '01', substitution: other.body.stamp.uuid });
    assert.deepEqual(problems(unrelated), ['invalid_reference@substitution']);
    assert.match(unrelated.body.Errors[0].Message, /does not relate .* with TipoRelacion 04/);
    assert.equal((await mx().get(`/v1/payments/${first.body.id}`)).body.cancellation, null, 'nothing written');

    const res = await cancel({ motive: '01', substitution: second.body.stamp.uuid });
    assert.equal(res.status, 200, JSON.stringify(res.body));
    assert.deepEqual([res.body.cancellation.status, res.body.cancellation.substitution, res.body.annulled], ['Cancelled', second.body.stamp.uuid, true]);
    // 116.00 − 10.00 − 40.00 (the substitute): the cancelled receipt's 40.00 is owed again, and paid by its substitute.
    assert.equal((await mx().get(`/v1/invoices/${inv.id}`)).body.balance, 66);
  });

  test('a substitute is the installment it replaces, with the balance before it; a settling receipt can be replaced; the books move once', async () => {
    const inv = await ppd();
    const seq = (r: any) => [r.body.invoices[0].installment, r.body.invoices[0].previous_balance, r.body.invoices[0].amount_paid, r.body.invoices[0].balance_left];
    const entries = async (id: string) => Number((await t.s.db.query('SELECT count(*)::int AS n FROM journal_entries WHERE source_id = $1', [id]))[0].n);
    const first = await receipt(inv.id, 50);
    assert.deepEqual(seq(first), [1, 116, 50, 66]);
    // Replacing the first installment: 1 / 116.00 / 50.00 / 66.00 again (not 2 / 66.00), and the first gives back its 50.00.
    const again = await receipt(inv.id, 50, { related: [{ type: '04', uuid: first.body.stamp.uuid }] });
    assert.equal(again.status, 201, JSON.stringify(again.body));
    assert.equal(again.body.stamp.status, 'Accepted', JSON.stringify(again.body.stamp));
    assert.deepEqual(seq(again), [1, 116, 50, 66]);
    const replaced = (await mx().get(`/v1/payments/${first.body.id}`)).body;
    assert.equal(replaced.annulled, true, 'the books follow the substitute');
    assert.equal((await mx().get(`/v1/invoices/${inv.id}`)).body.balance, 66);
    assert.equal(await entries(first.body.id), 2, 'its entry and its reversal');
    // The rest settles the invoice; that settling receipt is replaced too (before, its balance 0 refused the substitute).
    const rest = await receipt(inv.id, 66);
    assert.deepEqual(seq(rest), [2, 66, 66, 0]);
    const fixed = await receipt(inv.id, 66, { related: [{ type: '04', uuid: rest.body.stamp.uuid }], payment_form: '02' });
    assert.equal(fixed.status, 201, JSON.stringify(fixed.body));
    assert.deepEqual(seq(fixed), [2, 66, 66, 0]);
    // Its CFDI cancelled with motive 01 naming the substitute: Cancelled, and nothing moves again.
    const cancelled = await mx().post(`/v1/payments/${rest.body.id}/cancel`, { motive: '01', substitution: fixed.body.stamp.uuid });
    assert.equal(cancelled.status, 200, JSON.stringify(cancelled.body));
    assert.equal(cancelled.body.cancellation.status, 'Cancelled');
    assert.equal((await mx().get(`/v1/invoices/${inv.id}`)).body.balance, 0);
    assert.equal(await entries(rest.body.id), 2);
    // A replaced receipt is replaced once.
    assert.deepEqual(problems(await receipt(inv.id, 66, { related: [{ type: '04', uuid: rest.body.stamp.uuid }] })), ['invalid_value@invoices[0].amount']);
  });

  test('a credit note relates the note it replaces (04) besides its invoices (01)', async () => {
    const inv = await invoice();
    const note = (over: object = {}) => mx().post('/v1/credit-notes', {
      document: { id: t.ref.creditNote }, invoices: [{ id: inv.id }], payment_form: '01', items: [{ code: 'GEN001', quantity: 0.1, price: 100 }], stamp: { send: true }, ...over,
    }, MX_APP);
    const first = await note();
    assert.equal(first.status, 201, JSON.stringify(first.body));
    first.body = await stamped(t.s, 'credit-notes', first.body);
    assert.deepEqual(problems(await note({ related: [{ type: '04', uuid: inv.stamp.uuid }] })), ['invalid_reference@related[0].uuid'], 'an invoice is no note');
    const second = await note({ related: [{ type: '04', uuid: first.body.stamp.uuid }] });
    assert.equal(second.status, 201, JSON.stringify(second.body));
    second.body = await stamped(t.s, 'credit-notes', second.body);
    assert.equal(second.body.stamp.status, 'Accepted', JSON.stringify(second.body.stamp));
    assert.deepEqual(relations(await xmlOf('credit-notes', second.body.id)), [`01 ${inv.stamp.uuid}`, `04 ${first.body.stamp.uuid}`]);
    const res = await mx().post(`/v1/credit-notes/${first.body.id}/cancel`, { motive: '01', substitution: second.body.stamp.uuid });
    assert.equal(res.status, 200, JSON.stringify(res.body));
    assert.equal(res.body.cancellation.status, 'Cancelled');
  });
  test('an advance applied (Apéndice 6): the sale\'s invoice relates the advance (07), a note with form 30 relates the invoice (07) and sets it off', async () => {
    // The advance: ANTICIPO (84111506, ACT) 500 + IVA 80 = 580.00, paid at once. The sale: GEN001 10 × 100 + IVA 160 = 1,160.00, PPD, relating it.
    const advance = await invoice({ items: [{ code: 'ANTICIPO', quantity: 1, price: 500 }], payment: { method: 'PUE', conditions: { id: t.ref.cash, value: 580, due_date: '2099-12-31' } } });
    const sale = await t.ppdInvoice([{ code: 'GEN001', quantity: 10, price: 100 }], 1160, { related: [{ type: '07', uuid: advance.stamp.uuid }] });
    const plain = await ppd();
    const apply = (invoiceId: string, items: object[] = [{ code: 'ANTICIPO', quantity: 1, price: 500 }], over: object = {}) => mx().post('/v1/credit-notes', {
      document: { id: t.ref.creditNote }, invoices: [{ id: invoiceId }], payment_form: '30', items, stamp: { send: true }, ...over,
    }, MX_APP);
    const before = await count('notes');
    assert.deepEqual(problems(await apply(plain.id)), ['invalid_value@items', 'invalid_document@invoices[0].id'], 'an invoice that relates no advance (and owes 116.00 only)');
    assert.deepEqual(problems(await apply(sale.id, [{ code: 'GEN001', quantity: 1, price: 100 }])), ['invalid_value@items[0].code'], 'the advance\'s concept, not a product sold');
    assert.deepEqual(problems(await apply(sale.id, [{ code: 'ANTICIPO', quantity: 1, price: 500.01 }])), ['invalid_value@items'], '580.01 is more than the advance');
    assert.deepEqual(problems(await apply(sale.id, undefined, { invoices: [{ id: sale.id }, { id: plain.id }] })), ['invalid_value@invoices[1].id'], 'one invoice');
    assert.equal(await count('notes'), before, 'nothing written');

    const res = await apply(sale.id);
    assert.equal(res.status, 201, JSON.stringify(res.body));
    const note = await stamped(t.s, 'credit-notes', res.body);
    assert.equal(note.stamp.status, 'Accepted', JSON.stringify(note.stamp));
    assert.deepEqual([note.total, note.payment_form, note.invoices[0].amount], [580, '30', 580]);
    const xml = await xmlOf('credit-notes', note.id);
    assert.deepEqual(relations(xml), [`07 ${sale.stamp.uuid}`]);
    const attr = (q: string) => String(satSelect(`string(${q})`, parseXml(xml) as unknown as Node));
    assert.deepEqual(['@TipoDeComprobante', '@FormaPago', '@MetodoPago', 'cfdi:Conceptos/cfdi:Concepto/@ClaveProdServ', 'cfdi:Conceptos/cfdi:Concepto/@ClaveUnidad'].map((a) => attr(`/cfdi:Comprobante/${a}`)),
      ['E', '30', 'PUE', '84111506', 'ACT']);
    // The sandbox PAC judges as the guide: form 30 relates with 07, and its concept is the advance's.
    const codes = async (x: string) => (await cfdiContentProblems(x)).problems.map((p) => p.code);
    assert.ok(!(await codes(xml)).includes('ANTICIPO'));
    assert.deepEqual((await codes(xml.replace('TipoRelacion="07"', 'TipoRelacion="01"'))).filter((c) => c === 'ANTICIPO'), ['ANTICIPO']);
    assert.deepEqual((await codes(xml.replace('ClaveProdServ="84111506"', 'ClaveProdServ="01010101"'))).filter((c) => c === 'ANTICIPO'), ['ANTICIPO']);
    // Set off as 17: the receivable and the pending IVA go down by the advance; 402.01 takes its base.
    const entry = (await t.s.db.query(`SELECT l.account_code, l.debit::text, l.credit::text FROM journal_lines l JOIN journal_entries e ON e.company_id = l.company_id AND e.id = l.entry_id
      WHERE e.source_id = $1 ORDER BY l.account_code`, [note.id])).map((l: any) => [l.account_code, l.debit, l.credit]);
    assert.deepEqual(entry, [['105.01', '0.00', '580.00'], ['209.01', '80.00', '0.00'], ['402.01', '500.00', '0.00']]);
    assert.equal((await mx().get(`/v1/invoices/${sale.id}`)).body.balance, 580);
    // The rest is paid by a receipt that declares the sale's taxes less the advance's: 500.00 and 80.00.
    const pay = await receipt(sale.id, 580);
    assert.equal(pay.status, 201, JSON.stringify(pay.body));
    assert.deepEqual(pay.body.invoices[0].taxes.map((x: any) => [x.type, x.base_value, x.value]), [['IVA', 500, 80]]);
    // The advance is applied: nothing is left of it for another note.
    assert.deepEqual(problems(await apply(sale.id, [{ code: 'ANTICIPO', quantity: 1, price: 1 }])), ['invalid_value@items']);
  });
});
