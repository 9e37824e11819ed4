/**
 * Credit and debit notes over HTTP, on each storage: a credit invoice taken
 * through a partial return settled on account, a debit for interest on credit,
 * a final annulling credit note; the invoice's balance, its notes and what is
 * left to credit after each step; the journal entries and the trial balance;
 * receivables; every rule (code and path, nothing stored, no number taken);
 * two notes racing for the last amount; annulment; preview, reads and lists.
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { eachStorage, problems, startTestServer, type TestServer } from '../support/server';
import { coRefs, noteRefs, today, validInvoice, type CoRefs } from '../support/co';
import { newCustomer } from '../support/vouchers';
import { noPoppler, pdfText } from '../support/pdf';
import { sleep } from '../support/profile';

/** The journal lines of a document, as [account, debit, credit]. */
async function journal(s: TestServer, sourceId: string) {
  const rows = await s.db.query(
    `SELECT e.source_kind, l.account_code, l.debit::text, l.credit::text FROM journal_entries e JOIN journal_lines l ON l.entry_id = e.id
      WHERE e.source_id = $1 ORDER BY e.id, l.line_no`, [sourceId]);
  return rows.map((x) => [x.source_kind, x.account_code, Number(x.debit), Number(x.credit)]);
}
const sums = (lines: any[][]) => lines.reduce((t, l) => [t[0] + l[2], t[1] + l[3]], [0, 0]).map((v) => Math.round(v * 100) / 100);

eachStorage('CO credit and debit notes', (storage) => {
  let s: TestServer;
  let r: CoRefs;
  let types: Record<string, any>;
  let pays: Record<string, any>;
  const noteCount = async () => (await s.db.query('SELECT count(*)::int AS n FROM notes'))[0].n;
  const counter = async (typeId: number) => Number((await s.db.query('SELECT consecutive FROM document_types WHERE id = $1', [typeId]))[0].consecutive);

  before(async () => {
    s = await startTestServer(storage);
    r = await coRefs(s);
    ({ types, pays } = await noteRefs(s));
  });
  after(() => s.close());

  /** A plain invoice on credit: 10 laptops at 100 with IVA 19 % and 2 books at 50 without tax = 1190 + 100 = 1290. */
  async function creditInvoice() {
    const res = await s.as('co').post('/v1/invoices', validInvoice(r, {
      items: [
        { code: 'PORT14', quantity: 10, price: 100, taxes: [{ id: r.taxOf('IVA', 19).id }] },
        { code: 'LIBRO01', quantity: 2, price: 50, taxes: [] },
      ],
      payments: [{ id: r.pay.Credit.id, value: 1290, due_date: '2099-12-31' }],
    }));
    assert.equal(res.status, 201, JSON.stringify(res.body));
    return res.body;
  }
  const creditNote = (invoice: any, over: Record<string, unknown> = {}) => ({
    document: { id: types.NC.id }, date: today(), invoice: invoice.id, reason: 1, seller: r.seller.id,
    items: [{ code: 'PORT14', quantity: 3, price: 100, taxes: [{ id: r.taxOf('IVA', 19).id }] }],
    payments: [{ id: pays['NC.Credit'].id, value: 357 }],
    ...over,
  });

  test('the lookups list the note types and their payment types', async () => {
    assert.deepEqual(Object.keys(types).sort(), ['NC', 'NC-E', 'ND', 'ND-E']);
    assert.equal(types['NC-E'].electronic_type, 'ElectronicInvoice');
    assert.equal(types.NC.electronic_type, 'NoElectronic');
    assert.deepEqual(Object.keys(pays).sort(), ['NC.Cash', 'NC.Credit', 'NC.Transfer', 'ND.Cash', 'ND.Credit', 'ND.Transfer']);
  });

  test('a partial return settled on account: 201 in Siigo\'s shape, the invoice balance drops, the entry reverses the invoice in proportion', async () => {
    const inv = await creditInvoice();
    const res = await s.as('co').post('/v1/credit-notes', creditNote(inv, { observations: 'Devolución de 3 portátiles' }));
    assert.equal(res.status, 201, JSON.stringify(res.body));
    const n = res.body;
    assert.equal(n.name, `NC-${types.NC.id}-${n.number}`);
    assert.deepEqual(n.invoice, { id: inv.id, name: inv.name });
    assert.equal(n.reason, 1);
    assert.deepEqual(n.customer, inv.customer);
    assert.deepEqual([n.subtotal, n.taxes_total, n.withholdings_total, n.total], [300, 57, 0, 357]);
    assert.deepEqual(n.payments, [{ id: pays['NC.Credit'].id, name: pays['NC.Credit'].name, value: 357, due_date: null }]);
    assert.equal(n.stamp.status, 'Draft');
    assert.equal(n.observations, 'Devolución de 3 portátiles');
    assert.deepEqual((await s.as('co').get(`/v1/credit-notes/${n.id}`)).body, n, 'read back as created');

    const after = (await s.as('co').get(`/v1/invoices/${inv.id}`)).body;
    assert.equal(after.balance, 1290 - 357);
    assert.deepEqual(after.credit_notes, [{ id: n.id, name: n.name, total: 357 }]);
    assert.deepEqual(after.debit_notes, []);
    assert.equal(after.creditable, 1290 - 357);

    const lines = await journal(s, n.id);
    assert.deepEqual(lines.map((l) => l.slice(1)).sort(), [
      ['13050501', 0, 357], ['24080501', 57, 0], ['41359501', 300, 0],
    ].map((l) => l).sort(), 'receivable credited, IVA and revenue debited');
    const [d, c] = sums(lines);
    assert.equal(d, c);
  });

  test('a debit for interest on credit adds a due item to the invoice; receipts can pay it', async () => {
    const inv = await creditInvoice();
    const res = await s.as('co').post('/v1/debit-notes', {
      document: { id: types.ND.id }, date: today(), invoice: inv.id, reason: 1, seller: r.seller.id,
      items: [{ code: 'INTERES', quantity: 1, price: 25, taxes: [] }],
      payments: [{ id: pays['ND.Credit'].id, value: 25, due_date: '2099-12-31' }],
    });
    assert.equal(res.status, 201, JSON.stringify(res.body));
    const after = (await s.as('co').get(`/v1/invoices/${inv.id}`)).body;
    assert.equal(after.balance, 1315);
    assert.deepEqual(after.debit_notes, [{ id: res.body.id, name: res.body.name, total: 25 }]);
    const due = await s.db.query('SELECT quote, amount::text, note_id FROM due_items WHERE invoice_id = $1 ORDER BY quote', [inv.id]);
    assert.deepEqual(due.map((x) => [x.quote, x.amount, x.note_id]), [[1, '1290.00', null], [2, '25.00', res.body.id]]);
    const lines = await journal(s, res.body.id);
    assert.deepEqual(lines.map((l) => l.slice(1)).sort(), [['13050501', 25, 0], ['41359501', 0, 25]]);
  });

  test('concept 2 annuls what is left: the whole remaining invoice, then nothing more can be credited; receivables and the trial balance follow', async () => {
    const inv = await creditInvoice();
    assert.equal((await s.as('co').post('/v1/credit-notes', creditNote(inv))).status, 201);
    const partial = await s.as('co').post('/v1/credit-notes', creditNote(inv, { reason: 2, payments: [{ id: pays['NC.Credit'].id, value: 357 }] }));
    assert.equal(partial.status, 400);
    assert.match(partial.body.Errors[0].Message, /Concept 2 annuls the invoice: credit every product left on it in full \(PORT14 × 7 for 700\.00, LIBRO01 × 2 for 100\.00 before taxes\)/);
    const rest = await s.as('co').post('/v1/credit-notes', creditNote(inv, {
      reason: 2,
      items: [{ code: 'PORT14', quantity: 7, price: 100, taxes: [{ id: r.taxOf('IVA', 19).id }] }, { code: 'LIBRO01', quantity: 2, price: 50, taxes: [] }],
      payments: [{ id: pays['NC.Credit'].id, value: 933 }],
    }));
    assert.equal(rest.status, 201, JSON.stringify(rest.body));
    const after = (await s.as('co').get(`/v1/invoices/${inv.id}`)).body;
    assert.equal(after.balance, 0);
    assert.equal(after.creditable, 0);
    const more = await s.as('co').post('/v1/credit-notes', creditNote(inv, { items: [{ code: 'LIBRO01', quantity: 1, price: 1, taxes: [] }], payments: [{ id: pays['NC.Cash'].id, value: 1 }] }));
    assert.equal(more.status, 400);
    assert.deepEqual(problems(more), ['invalid_value@items[0].quantity']);

    const ar = await s.as('co').get(`/v1/reports/accounts-receivable?customer_identification=${inv.customer.identification}&page_size=100`);
    assert.equal(ar.status, 200);
    const names = JSON.stringify(ar.body).includes(inv.name);
    assert.equal(names, false, 'an invoice fully credited is no longer receivable');
    const tb = await s.as('co').get('/v1/reports/trial-balance');
    assert.equal(tb.body.balanced, true);

    const annul = await s.as('co').post(`/v1/invoices/${inv.id}/annul`, {});
    assert.equal(annul.status, 400);
    assert.match(annul.body.Errors[0].Message, /corrected by credit or debit notes/);
  });

  test('a refund paid out: the cash account is credited and the balance stays', async () => {
    const inv = (await s.as('co').post('/v1/invoices', validInvoice(r))).body; // 1130.50 collected in cash
    const res = await s.as('co').post('/v1/credit-notes', creditNote(inv, { reason: 4, payments: [{ id: pays['NC.Cash'].id, value: 357 }] }));
    assert.equal(res.status, 201, JSON.stringify(res.body));
    assert.equal((await s.as('co').get(`/v1/invoices/${inv.id}`)).body.balance, 0);
    assert.ok((await journal(s, res.body.id)).some((l) => l[1] === '11050501' && l[3] === 357), 'cash paid out');
  });

  test('every rule answers 400 with its code and path; nothing is stored and no number is taken', async () => {
    const inv = await creditInvoice();
    const fv = await s.as('co').post('/v1/invoices', validInvoice(r));
    const before = [await noteCount(), await counter(types.NC.id)];
    const cases: [Record<string, unknown>, string[]][] = [
      [{ invoice: '00000000-0000-4000-8000-000000000000' }, ['invalid_reference@invoice']],
      [{ invoice: 'nope' }, ['invalid_value@invoice']],
      [{ reason: 7 }, ['invalid_value@reason']],
      [{ document: { id: r.type.FV.id } }, ['invalid_document@document.id']],
      [{ document: { id: types['NC-E'].id } }, ['invalid_document@document.id']],
      [{ items: [{ code: 'MOUSE01', quantity: 1, price: 10 }] }, ['invalid_reference@items[0].code']],
      [{ items: [{ code: 'PORT14', quantity: 1, price: 100, taxes: [{ id: r.taxOf('IVA', 5).id }] }], payments: [{ id: pays['NC.Credit'].id, value: 105 }] }, ['invalid_reference@items[0].taxes[0].id']],
      [{ items: [{ code: 'PORT14', quantity: 11, price: 100, taxes: [{ id: r.taxOf('IVA', 19).id }] }], payments: [{ id: pays['NC.Credit'].id, value: 1309 }] }, ['invalid_value@items[0].quantity']],
      [{ reason: 3, items: [{ code: 'LIBRO01', quantity: 1, price: 101, taxes: [] }], payments: [{ id: pays['NC.Cash'].id, value: 101 }] }, ['invalid_value@items[0]']],
      [{ payments: [{ id: pays['NC.Credit'].id, value: 300 }] }, ['invalid_total_payments@payments']],
      [{ payments: [{ id: r.pay.Cash.id, value: 357 }] }, ['invalid_payment@payments[0].id']],
      [{ payments: [{ id: pays['NC.Credit'].id, value: 357, due_date: '2099-01-01' }] }, ['parameter_not_allowed@payments[0].due_date']],
      [{ currency: { code: 'USD' } }, ['invalid_currency@currency.code']],
      [{ date: '2020-01-01' }, ['invalid_date@date']],
    ];
    for (const [over, want] of cases) {
      const res = await s.as('co').post('/v1/credit-notes', creditNote(inv, over));
      assert.equal(res.status, 400, `${JSON.stringify(over)} → ${res.status}`);
      assert.deepEqual(problems(res), want, JSON.stringify(over));
    }
    // A cash invoice owes nothing: a credit on account is refused with what it owes.
    const onAccount = await s.as('co').post('/v1/credit-notes', creditNote(fv.body, { items: [{ code: 'PORT14', quantity: 1, price: 100, taxes: [{ id: r.taxOf('IVA', 19).id }] }], payments: [{ id: pays['NC.Credit'].id, value: 119 }] }));
    assert.deepEqual(problems(onAccount), ['invalid_payment@payments[0].value']);
    assert.match(onAccount.body.Errors[0].Message, /still owes \(0\.00\)/);
    assert.deepEqual([await noteCount(), await counter(types.NC.id)], before, 'nothing stored, no number taken');
  });

  test('an electronic invoice not accepted yet takes no note; a plain invoice no electronic note', async () => {
    const draft = await s.as('co').post('/v1/invoices', validInvoice(r, { document: { id: r.type['FV-E'].id } }));
    assert.equal(draft.status, 201, JSON.stringify(draft.body));
    const res = await s.as('co').post('/v1/credit-notes', creditNote(draft.body, { document: { id: types['NC-E'].id }, items: [{ code: 'PORT14', quantity: 1, price: 100, discount: 5, taxes: [{ id: r.taxOf('IVA', 19).id }] }], payments: [{ id: pays['NC.Cash'].id, value: 113.05 }] }));
    assert.equal(res.status, 400);
    assert.deepEqual(problems(res), ['invalid_document@invoice']);
  });

  test('two notes racing for the last amount: one wins, the other gets 400', async () => {
    const inv = await creditInvoice();
    const body = creditNote(inv, { items: [{ code: 'PORT14', quantity: 6, price: 100, taxes: [{ id: r.taxOf('IVA', 19).id }] }], payments: [{ id: pays['NC.Credit'].id, value: 714 }] });
    const answers = await Promise.all([s.as('co').post('/v1/credit-notes', body), s.as('co').post('/v1/credit-notes', body)]);
    assert.deepEqual(answers.map((a) => a.status).sort(), [201, 400], JSON.stringify(answers.map((a) => a.body)));
    const lost = answers.find((a) => a.status === 400)!;
    // The loser is refused by whichever rule sees the winner first: the quantity left (checked when it plans after the
    // winner committed) or, planned beside it, what the invoice still owes (checked again under the invoice's lock).
    assert.equal(problems(lost).length, 1, JSON.stringify(lost.body));
    assert.ok(['invalid_value@items[0].quantity', 'invalid_payment@payments[0].value'].includes(problems(lost)[0]), JSON.stringify(lost.body));
    assert.equal((await s.as('co').get(`/v1/invoices/${inv.id}`)).body.credit_notes.length, 1);
  });

  test('Idempotency-Key: a retry answers the first note; preview stores nothing', async () => {
    const inv = await creditInvoice();
    const headers = { 'Idempotency-Key': `nc-${inv.id}` };
    const first = await s.as('co').post('/v1/credit-notes', creditNote(inv), headers);
    const again = await s.as('co').post('/v1/credit-notes', creditNote(inv), headers);
    assert.equal(first.status, 201);
    assert.equal(again.status, 201);
    assert.equal(again.headers.get('idempotent-replayed'), 'true');
    assert.equal(again.body.id, first.body.id);
    const before = await noteCount();
    const preview = await s.as('co').post('/v1/credit-notes/preview', creditNote(inv));
    assert.equal(preview.status, 200, JSON.stringify(preview.body));
    assert.equal(preview.body.id, null);
    assert.equal(preview.body.total, 357);
    assert.equal(await noteCount(), before);
  });

  test('annulling a plain note gives back what it settled and reverses its entry; lists and filters', async () => {
    const inv = await creditInvoice();
    const n = (await s.as('co').post('/v1/credit-notes', creditNote(inv))).body;
    const annul = await s.as('co').post(`/v1/credit-notes/${n.id}/annul`, {});
    assert.equal(annul.status, 200, JSON.stringify(annul.body));
    assert.equal(annul.body.annulled, true);
    const after = (await s.as('co').get(`/v1/invoices/${inv.id}`)).body;
    assert.equal(after.balance, 1290);
    assert.deepEqual(after.credit_notes, []);
    assert.equal(after.creditable, 1290);
    const lines = await journal(s, n.id);
    const net = new Map<string, number>();
    for (const l of lines) net.set(l[1] as string, (net.get(l[1] as string) ?? 0) + (l[2] as number) - (l[3] as number));
    assert.ok([...net.values()].every((v) => Math.abs(v) < 0.001), 'the entry and its reversal net to zero');
    assert.equal((await s.as('co').post(`/v1/credit-notes/${n.id}/annul`, {})).status, 400);
    assert.equal((await s.as('co').post(`/v1/invoices/${inv.id}/annul`, {})).status, 200, 'with its notes annulled, the invoice can be');

    const byName = await s.as('co').get(`/v1/credit-notes?name=${n.name}`);
    assert.equal(byName.status, 200);
    assert.deepEqual(byName.body.results.map((x: any) => x.id), [n.id]);
    assert.equal(byName.body.pagination.total_results, 1);
    const all = await s.as('co').get('/v1/credit-notes?page_size=100');
    assert.equal(all.body.pagination.total_results, all.body.results.length);
    assert.ok(all.body.results.every((x: any) => x.name.startsWith('NC')), 'only credit notes');
    const debit = await s.as('co').get('/v1/debit-notes');
    assert.ok(debit.body.results.every((x: any) => x.name.startsWith('ND')));
    assert.equal((await s.as('co').get(`/v1/debit-notes/${n.id}`)).status, 404, 'a credit note is not a debit note');
  });

  test('receivables on a past day count a note from its own date: the credit settled and the debit added', async () => {
    const ident = '7100000019';
    const inv = await s.as('co').post('/v1/invoices', validInvoice(r, {
      date: '2023-03-01', customer: newCustomer(ident),
      items: [{ code: 'PORT14', quantity: 10, price: 100, taxes: [{ id: r.taxOf('IVA', 19).id }] }],
      payments: [{ id: r.pay.Credit.id, value: 1190, due_date: '2023-04-30' }],
    }));
    assert.equal(inv.status, 201, JSON.stringify(inv.body));
    assert.equal((await s.as('co').post('/v1/credit-notes', creditNote(inv.body, { date: '2023-03-10' }))).status, 201);
    const debit = await s.as('co').post('/v1/debit-notes', {
      document: { id: types.ND.id }, date: '2023-03-20', invoice: inv.body.id, reason: 1, seller: r.seller.id,
      items: [{ code: 'INTERES', quantity: 1, price: 25, taxes: [] }], payments: [{ id: pays['ND.Credit'].id, value: 25, due_date: '2023-04-30' }],
    });
    assert.equal(debit.status, 201, JSON.stringify(debit.body));
    const open = async (date: string, filtered: boolean) => {
      const res = await s.as('co').get(`/v1/reports/accounts-receivable?date=${date}&page_size=100${filtered ? `&customer_identification=${ident}` : ''}`);
      assert.equal(res.status, 200, JSON.stringify(res.body));
      return res.body.customers.find((g: any) => g.customer.identification === ident)?.totals.total ?? 0;
    };
    for (const filtered of [true, false]) {
      assert.equal(await open('2023-03-05', filtered), 1190, 'before the credit note');
      assert.equal(await open('2023-03-15', filtered), 833, 'after the credit note, before the debit note');
      assert.equal(await open('2023-03-25', filtered), 858, 'after both');
      assert.equal(await open('2023-02-25', filtered), 0, 'before the invoice');
    }
  });

  test('stamp.send is refused until notes go to the DIAN; an electronic note is stored as a Draft', async () => {
    const inv = await creditInvoice();
    const res = await s.as('co').post('/v1/credit-notes', creditNote(inv, { stamp: { send: true } }));
    assert.deepEqual(problems(res), ['document_settings@stamp.send']);
  });

  test('PDF and e-mail: the note names the invoice it corrects and the concept', { skip: noPoppler() }, async () => {
    const inv = await creditInvoice();
    const n = await s.as('co').post('/v1/credit-notes', creditNote(inv, { mail: { send: true } }));
    assert.equal(n.status, 201, JSON.stringify(n.body));
    assert.equal(n.body.mail.status, 'process_of_sending');
    const pdf = await s.as('co').get(`/v1/credit-notes/${n.body.id}/pdf`);
    assert.equal(pdf.status, 200);
    const { text } = await pdfText(Buffer.from(pdf.body.base64, 'base64'));
    assert.match(text, /Nota crédito/);
    // By its legal number (prefix and number, as the DIAN knows it), not the API's name (issue 34 point 8).
    assert.match(text, new RegExp(`Corrige la factura ${inv.prefix}${inv.number} del`));
    assert.match(text, /Concepto DIAN 1: Devolución parcial/);
    let mail: any;
    for (let i = 0; i < 100; i++) {
      mail = (await s.as('co').get(`/v1/credit-notes/${n.body.id}`)).body.mail;
      if (mail.status !== 'process_of_sending') break;
      await sleep(100);
    }
    assert.equal(mail.status, 'sent', JSON.stringify(mail));
    const again = await s.as('co').post(`/v1/credit-notes/${n.body.id}/mail`, { mail_to: 'contabilidad@example.com' });
    assert.equal(again.status, 202, JSON.stringify(again.body));
    assert.equal((await s.as('co').get(`/v1/debit-notes/${n.body.id}/pdf`)).status, 404, 'a credit note is not a debit note');
  });
});
