/**
 * Mexican credit notes on {base_url_mx}: a CFDI of type E (egreso) related
 * (TipoRelacion 01) to one or more stamped invoices of one customer, with lines
 * (SAT keys and taxes) checked and computed as an invoice's
 * (src/invoices/mx/service.ts), stamped by the PAC, cancelled with the SAT.
 *
 * What it credits is spread over its invoices in the order sent, each up to
 * what is left of it (its total less its earlier credit notes not annulled).
 * With payment_form 17 (Compensación) it is applied to the invoices' open
 * balances (each part at most what that invoice still owes): the receivable
 * drops. Any other form is a refund paid out (01 cash, the rest bank), each
 * part at most what was collected on that invoice (its total when PUE, what its
 * live receipts paid when PPD) less its earlier refunds. Its lines credit only
 * products the invoices sold, each at most what is left of it (checkProducts).
 * Payment form 30 applies an advance the invoice relates (07) as 17 sets off
 * (src/notes/mx-advance.ts).
 *
 * Journal entry: debit 402.01 (devoluciones, descuentos o bonificaciones) the
 * base; per invoice, its share of the taxes (noteTaxShares): debited, and the
 * retentions credited back, on the accounts the invoice holds them in — the
 * pending ones (209.01, 209.02, 113.08.01, 113.08.02: cash basis of a PPD
 * invoice) with compensation, the collected ones (208.01, 208.02, 113.01,
 * 114.01) with a refund; credit the receivable (per due item) or cash/bank.
 * A receipt after a compensation note declares the invoice's taxes less the
 * note's share (src/payments/compute.ts).
 */
import crypto from 'node:crypto';
import Decimal from 'decimal.js';
import { Type, type Static } from '@sinclair/typebox';
import type { RouteModule } from '../platform/app';
import type { Company } from '../platform/auth';
import type { Queryable } from '../platform/db';
import { DomainError, notFound, Problems } from '../platform/errors';
import { PageQuery, paged } from '../platform/http';
import { AfterQuery, listDocuments } from '../platform/lists';
import { afterCreation, createDocument, IdempotencyHeader, listFilter, listQuery, planRequest, UuidParams, type BodyOf } from '../platform/documents';
import { Nullable } from '../platform/answers';
import { Enum } from '../platform/validation';
import { postEntry, type Posting } from '../ledger/journal';
import { MX_LEDGER, mxCollectedAccount, mxPendingAccount } from '../ledger/accounts';
import { checkLedgerAmounts } from '../ledger/limits';
import { takeNumber } from '../invoices/numbering';
import { movePayments, type Application } from '../invoices/kernel';
import { annulmentDate, checkDocumentType, loadMasterData, todayIn } from '../invoices/lookup';
import { MxInvoiceAnswer, MxInvoiceBody, type MxInvoiceDocument } from '../invoices/mx/schema';
import { checkMxLines, checkUse, computeMxLines, mxInvoiceDocument, type MxDocumentPlan, type MxPlan } from '../invoices/mx/service';
import { unsealedCfdi } from '../countries/mx/sat/cfdi';
import { checkRelated, RelatedBody, type RelatedCfdi } from '../countries/mx/sat/related';
import { cfdiContentProblems } from '../countries/mx/sat/rules';
import { missingCfdiData } from '../countries/mx/sat/stamp';
import { cancelRoute, type CancelKernel } from '../countries/mx/sat/cancel';
import { MX_STORED_COLUMNS, readMxStored } from '../countries/mx/sat/stored';
import { mxCreditNoteAnswer, type MxCreditNoteRow } from './mx-answer';
import { genericReceiver } from '../companies/uses';
import { COMPENSATION, PAYMENT_FORMS, PaidTax } from '../payments/schema';
import { money, num, round2, sum } from '../platform/money';
import { noteTaxShares } from '../payments/compute';
import { bookSettled, chargedByEach, sameWithholdings, withinTaxesLeft } from './mx-rules';
import { allocateByProduct, checkProducts, PartLine, productsLeft } from './mx-allocation';
import { ADVANCE_APPLICATION, checkAdvanceApplication, setsOff } from './mx-advance';
import type { StampColumns, StampStatus } from '../platform/states';
import { recordCreation } from '../mail/store';
import type { CustomerRow, DocumentTypeRow, TaxRow } from '../catalog/rows';
import { insertNote, lockNote, MX_NOTE_STAMP_JOB, requestNoteStamp, setNoteCancellation, voidMxNote } from './kernel';
import { entryAccounts } from '../ledger/batch';
import { country as countryOf } from '../countries';

/** What a note does to the units it names: a return takes them back; a discount lowers the price of units still sold. */
const NOTE_REASONS = ['return', 'discount'] as const;

/** c_UsoCFDI G02: Devoluciones, descuentos o bonificaciones. */
const RETURNS_USE = 'G02';

export const MxCreditNoteBody = Type.Object({
  document: Type.Object({ id: Type.Integer({ minimum: 1, maximum: 2147483647, description: 'Document type id of type NC (see /mx/v1/document-types?type=NC)' }) }),
  number: MxInvoiceBody.properties.number,
  invoices: Type.Array(Type.Object({ id: Type.String({ format: 'uuid', description: 'A stamped invoice of the customer (CfdiRelacionado, TipoRelacion 01)' }) }), { minItems: 1, maxItems: 50 }),
  use: Type.Optional(Type.String({ minLength: 1, maxLength: 4, description: 'c_UsoCFDI; G02 (devoluciones, descuentos o bonificaciones) by default' })),
  payment_form: Enum(PAYMENT_FORMS, { description: 'c_FormaPago of what the note gives back: 17 (Compensación) applies it to the invoices\' balances; any other form is a refund' }),
  refund_exchange_rate: Type.Optional(Type.Number({ exclusiveMinimum: 0, maximum: 999999, 'x-decimals': 6, 'x-finite': true,
    description: 'A refund (not 17) of invoices in a foreign currency: pesos per unit of it on the day the money is given back; the difference from the invoices\' rate is posted as exchange gain or loss. Omitted: the invoices\' rate' })),
  reason: Type.Optional(Enum(NOTE_REASONS, { description: 'return: the units of its lines come back (they are no longer on the invoices for later notes); discount (default): a price reduction on units still sold. Either way a line never names more units than are left' })),
  items: MxInvoiceBody.properties.items,
  retentions: MxInvoiceBody.properties.retentions,
  related: RelatedBody('E'),
  observations: MxInvoiceBody.properties.observations,
  stamp: MxInvoiceBody.properties.stamp,
  mail: MxInvoiceBody.properties.mail,
});
export type MxCreditNoteBody = Static<typeof MxCreditNoteBody>;

export const MxCreditNoteAnswer = Type.Object({
  ...Type.Omit(MxInvoiceAnswer, ['seller', 'cost_center', 'payment', 'balance']).properties,
  payment_form: Type.String(),
  refund_exchange_rate: Type.Optional(Type.Number({ description: 'The rate the refund was paid at, when sent' })),
  reason: Type.Optional(Type.String({ description: 'return or discount (notes written before it existed have none: discount)' })),
  invoices: Type.Array(Type.Object({
    id: Type.String({ format: 'uuid' }), name: Type.String(), uuid: Type.String(), amount: Type.Number({ description: 'What the note credits on it: the bases of its lines here, plus their taxes, less their withholdings' }),
    lines: Type.Optional(Type.Array(PartLine, { description: 'The part of each of the note\'s lines that went to this invoice (by the products it sold, in the order sent); notes written before it existed split by amount' })),
    taxes: Type.Optional(Type.Array(PaidTax, { description: 'Its part of the note\'s transferred taxes, per type and rate: what later receipts of the invoice no longer declare' })),
    withholdings: Type.Optional(Type.Array(PaidTax, { description: 'Its part of the note\'s withholdings, per type' })),
    booked: Type.Optional(Type.Object({ taxes: Type.Array(PaidTax), withholdings: Type.Array(PaidTax) }, {
      description: 'The note that settles the invoice (17 Compensación, its balance to zero): its share of each tax as its journal entry moved it, the rest of what the invoice holds pending, where that differs from the share its CFDI declares; 402.01 takes the difference' })),
  })),
  cancellation: Type.Optional(Nullable(MxInvoiceAnswer.properties.cancellation)),
}, { additionalProperties: false });
export type MxCreditNoteDocument = Static<typeof MxCreditNoteAnswer>;

interface Related { id: string; name: string; customer_id: number; customer_identification: string; annulled: boolean; stamp_status: string; stamp_uuid: string | null;
  total: string; balance: string; currency: string | null; exchange_rate: number | null;
  /** The ids of its withholdings (ReteIVA, ReteISR); the CFDIs it relates (07: the advances it applies). */
  retentions: number[] | null; related: { type: string; uuid: string }[] | null;
  /** What its live credit notes took of it, and of that what was refunded (any payment form but 17). */
  credited: string; refunded: string;
  /** What was collected on it: its total when paid on issue (PUE), else what its live receipts paid. */
  collected: string;
  /** Its lines, and its live credit notes (what they credit by product comes off what is left of each). */
  items: MxInvoiceDocument['items']; notes: NoteShape[];
  /** The accounts its journal entry posted to (the cash basis of a PPD invoice: src/payments/service.ts). */
  accounts: string[] }
type NoteShape = Pick<MxCreditNoteDocument, 'id' | 'items' | 'retention_details' | 'total' | 'invoices' | 'reason'>;

interface NotePlan { body: MxCreditNoteBody; lines: MxDocumentPlan; use: string; preview: MxCreditNoteDocument }

/** The related invoices (locked with `lock`), what earlier credit notes, not annulled, took from each, and what was collected on each. */
async function relatedInvoices(q: Queryable, cid: number, ids: string[], lock: boolean): Promise<Map<string, Related>> {
  if (lock) await q.query(`SELECT id FROM invoices WHERE company_id = $1 AND id = ANY($2::uuid[]) ORDER BY id FOR UPDATE`, [cid, ids]);
  const part = (where: string) => `(SELECT coalesce(sum((x->>'amount')::numeric), 0) FROM notes n CROSS JOIN LATERAL jsonb_array_elements(n.document->'invoices') x
              WHERE n.company_id = i.company_id AND n.kind = 'NC' AND n.document->'invoices' @> jsonb_build_array(jsonb_build_object('id', i.id::text))
                AND NOT n.annulled AND x->>'id' = i.id::text${where})`;
  const rows = await q.query<Related>(
    `SELECT i.id, i.name, i.customer_id, i.customer_identification, i.annulled, i.stamp_status, i.stamp_uuid, i.total, i.balance, i.document->'currency'->>'code' AS currency, (i.document->'currency'->>'exchange_rate')::float8 AS exchange_rate,
            ${part('')} AS credited, ${part(` AND n.document->>'payment_form' NOT IN ('${COMPENSATION}', '${ADVANCE_APPLICATION}')`)} AS refunded,
            CASE WHEN i.document->'payment'->>'method' = 'PPD' THEN
              (SELECT coalesce(sum(a.amount), 0) FROM payment_applications a JOIN payments p ON p.company_id = a.company_id AND p.id = a.payment_id
                 JOIN due_items d ON d.company_id = a.company_id AND d.id = a.due_item_id
                WHERE a.company_id = i.company_id AND d.invoice_id = i.id AND NOT p.annulled)
            ELSE i.total END AS collected,
            i.document->'items' AS items, i.document->'retentions' AS retentions, i.document->'related' AS related,
            (SELECT coalesce(jsonb_agg(jsonb_build_object('id', n.id, 'items', n.document->'items', 'retention_details', n.document->'retention_details',
                      'total', n.document->'total', 'invoices', n.document->'invoices', 'reason', n.document->'reason') ORDER BY n.created_at), '[]')
               FROM notes n WHERE n.company_id = i.company_id AND n.kind = 'NC' AND NOT n.annulled
                AND n.document->'invoices' @> jsonb_build_array(jsonb_build_object('id', i.id::text))) AS notes,
            ${entryAccounts('i.company_id', "'invoice'", 'i.id')} AS accounts
       FROM invoices i WHERE i.company_id = $1 AND i.id = ANY($2::uuid[]) AND i.deleted_at IS NULL`, [cid, ids]);
  return new Map(rows.map((r) => [r.id, r]));
}

/**
 * What a note may credit: the products left on its invoices (checkProducts) or, applying an advance (payment form 30),
 * what is left of the advances its invoice relates (src/notes/mx-advance.ts; `products`: its lines', checked when planned).
 */
async function withinRoom(q: Queryable, cid: number, note: MxCreditNoteDocument, invoices: Related[], problems: Problems,
  products: Parameters<typeof checkAdvanceApplication>[3][number]['product'][] = []): Promise<void> {
  if (note.payment_form !== ADVANCE_APPLICATION) return checkProducts(note.items, invoices, problems);
  const left = await checkAdvanceApplication(q, cid, invoices, products.map((product) => ({ product })), problems);
  if (left && new Decimal(note.total).gt(left)) {
    problems.add('invalid_value', `The note applies ${new Decimal(note.total).toFixed(2)} of an advance; ${left.toFixed(2)} is left of the advances invoice ${invoices[0].name} relates `
      + '(their totals less the live notes that applied them)', 'items', `at most ${left.toFixed(2)}`);
  }
}

/**
 * Each invoice's part of the note, by the products it sold (allocateByProduct), with the taxes and withholdings of
 * those lines; each part at most what is left of its invoice to credit and, with compensation, what it still owes
 * (a refund: what was collected on it less earlier refunds).
 */
function allocate(body: MxCreditNoteBody, related: Map<string, Related>, note: Pick<MxCreditNoteDocument, 'items' | 'retention_details'>, problems: Problems): MxCreditNoteDocument['invoices'] {
  const invoices = body.invoices.map((r) => related.get(r.id)!);
  const compensation = setsOff(body.payment_form);
  return allocateByProduct(note, invoices.map((inv) => ({ id: inv.id, left: productsLeft(inv) }))).map((p, i) => {
    const inv = invoices[i];
    const room = Decimal.max(Decimal.min(new Decimal(inv.total).minus(inv.credited), compensation ? new Decimal(inv.balance) : new Decimal(inv.collected).minus(inv.refunded)), 0);
    if (p.amount.isZero()) problems.add('invalid_value', `None of the note's lines credits a product left on invoice ${inv.name}: relate only the invoices it credits`, `invoices[${i}].id`);
    else if (p.amount.gt(room)) {
      problems.add('invalid_value', `The note's lines of what invoice ${inv.name} sold come to ${p.amount.toFixed(2)} with their taxes; ${compensation
        ? `it still owes ${room.toFixed(2)} (17 Compensación applies the note to its balance; refund the rest with another payment form)`
        : `${room.toFixed(2)} was collected on it and not yet credited or refunded (a refund pays back money received; set the rest off with 17 Compensación)`}`,
      invoices.length > 1 ? `invoices[${i}].id` : 'items', `at most ${room.toFixed(2)}`);
    }
    return { id: inv.id, name: inv.name, uuid: inv.stamp_uuid!, amount: num(p.amount), lines: p.lines, taxes: p.taxes, withholdings: p.withholdings };
  });
}

export async function planMxCreditNote(q: Queryable, company: Company, body: MxCreditNoteBody, problems: Problems): Promise<NotePlan> {
  const cid = company.company_id;
  const ids = Array.isArray(body.invoices) ? body.invoices.map((r) => r?.id).filter((x): x is string => typeof x === 'string') : [];
  const related = ids.length && !problems.has('invoices') ? await relatedInvoices(q, cid, ids, false) : new Map<string, Related>();
  let customerId: number | null = null;
  /** The invoices' currency (null: MXN): the note is in it, at the invoice's exchange rate. */
  let currencyOf: { code: string; exchange_rate: number } | null | undefined;
  const seen = new Set<string>();
  (body.invoices ?? []).forEach((r, i) => {
    const at = `invoices[${i}].id`;
    if (typeof r?.id !== 'string' || problems.has(at)) return;
    const inv = related.get(r.id);
    if (!inv) return problems.add('invalid_reference', `There is no Mexican invoice ${r.id}`, at);
    if (seen.has(r.id)) return problems.add('invalid_value', `Invoice ${inv.name} is related twice`, at);
    seen.add(r.id);
    if (inv.annulled) return problems.add('invalid_document', `Invoice ${inv.name} is annulled or cancelled`, at);
    if (currencyOf !== undefined && (currencyOf?.code ?? null) !== inv.currency || (currencyOf && currencyOf.exchange_rate !== inv.exchange_rate)) {
      return problems.add('invalid_document', `Invoice ${inv.name} is in ${inv.currency ?? 'MXN'}${inv.currency ? ` at ${inv.exchange_rate}` : ''}: one note relates invoices of one currency and exchange rate`, at);
    }
    currencyOf = inv.currency ? { code: inv.currency, exchange_rate: Number(inv.exchange_rate) } : null;
    if (inv.stamp_status !== 'Accepted') return problems.add('invalid_document', `Invoice ${inv.name} is ${inv.stamp_status}: a credit note relates stamped CFDIs only`, at);
    if (customerId !== null && inv.customer_id !== customerId) return problems.add('invalid_document', `Invoice ${inv.name} is another customer's: one note relates one customer's invoices`, at);
    customerId = inv.customer_id;
    sameWithholdings(problems, inv, body.retentions);
  });
  if (body.refund_exchange_rate !== undefined && (setsOff(body.payment_form) || !currencyOf)) {
    problems.add('parameter_not_allowed', `refund_exchange_rate is for a refund (not 17 Compensación) of invoices in a foreign currency`, 'refund_exchange_rate');
  }
  const first = [...related.values()].find((r) => r.customer_id === customerId);
  const md = await loadMasterData(q, company, { productCodes: (body.items ?? []).map((i) => i?.code), customerIdentifications: [first?.customer_identification] });
  const customer = md.customers.find((c) => c.id === customerId) ?? null;
  const docType = await checkDocumentType(q, problems, company, md.document_types, body.document, body.number, 'NC', '/mx/v1/document-types?type=NC');
  const use = genericReceiver(customer?.identification)?.use ?? body.use ?? RETURNS_USE;
  if (!problems.has('use')) checkUse(problems, customer, use);
  const { lines, retentions } = checkMxLines(problems, company, md, docType, customer, body.items ?? [], body.retentions ?? []);
  if (body.stamp?.send && customer) {
    const missing = missingCfdiData(company, customer, lines.map((l) => l.product));
    if (missing.length) problems.add('document_settings', `The note cannot be stamped: ${missing.join('; ')}`, 'stamp.send');
  }
  const relatedCfdis = await checkRelated(q, cid, 'E', body.related, problems);
  problems.throwIfAny();
  const computed = computeMxLines(problems, docType!, body.items, lines, retentions, 'The credit note total');
  const now = new Date();
  const plan = linesPlan(body, todayIn(company.time_zone, now), docType!, customer!, lines, retentions, computed, use, relatedCfdis, currencyOf ?? null);
  const drafted = noteDocument(plan, body, [], { id: null, prefix: docType!.prefix, number: body.number ?? null, name: null, now });
  const preview = { ...drafted, invoices: allocate(body, related, drafted, problems) };
  await withinRoom(q, cid, preview, [...new Set(ids)].map((id) => related.get(id)!).filter(Boolean), problems, lines.map((l) => l.product));
  chargedByEach(preview, related, problems);
  await withinTaxesLeft(q, cid, preview, problems);
  // The amounts the entry will post (the due items it settles are known when it is written: the receivable as one line here).
  if (problems.empty) checkLedgerAmounts(problems, notePostings(preview, [{ due: 0, invoice: '', amount: money(preview.total), account: MX_LEDGER.customers }], related), currencyOf ?? null, 'items', 'MXN');
  problems.throwIfAny();
  if (customer && !missingCfdiData(company, customer, lines.map((l) => l.product)).length) {
    // The CFDI of an egreso takes its payment from `egreso` (PUE, the note's form): the invoice's fields a note lacks are left empty.
    const document: MxInvoiceDocument = { ...preview, number: preview.number ?? 1, seller: 0, cost_center: null, balance: 0,
      payment: { method: 'PUE', conditions: { id: 0, value: preview.total, due_date: preview.date, name: '', payment_form: preview.payment_form } } };
    const xml = unsealedCfdi({ document, company, customer,
      products: Object.fromEntries(lines.map((l) => [l.product.code, l.product])), egreso: { related: preview.invoices.map((i) => i.uuid), paymentForm: preview.payment_form } });
    for (const p of (await cfdiContentProblems(xml)).problems) problems.add('invalid_document', `The CFDI would be refused (${p.code}): ${p.message}`, /Concepto/.test(p.message) ? 'items' : 'body');
    problems.throwIfAny();
  }
  return { body, lines: plan, use, preview };
}

/** The invoice computation's plan for the note's lines (no seller, cost center or payment condition of its own). */
function linesPlan(body: MxCreditNoteBody, date: string, docType: DocumentTypeRow, customer: CustomerRow, lines: MxPlan['lines'], retentions: TaxRow[], computed: MxPlan['computed'], use: string,
  related: RelatedCfdi[], currency: MxPlan['currency']): MxDocumentPlan {
  // A note has no seller, cost center or payment condition (noteDocument leaves them out of its document); its relations are plan.related.
  const invoiceBody: MxInvoiceBody = {
    document: body.document, number: body.number, customer: { rfc_id: customer.identification, branch_office: customer.branch_office }, seller: 0, use,
    observations: body.observations, items: body.items, retentions: body.retentions, stamp: body.stamp, mail: body.mail,
    payment: { method: 'PUE', conditions: { id: 0, value: Number(computed.total), due_date: '' } } };
  return { body: invoiceBody, date, docType, customer, lines, retentions, condition: { name: '', sat_code: body.payment_form }, computed, related, currency };
}

function noteDocument(plan: MxDocumentPlan, body: MxCreditNoteBody, invoices: MxCreditNoteDocument['invoices'],
  ids: { id: string | null; prefix: string; number: number | null; name: string | null; now: Date }): MxCreditNoteDocument {
  // The lines, amounts and parties as an invoice's; without what a note does not have.
  const { seller: _s, cost_center: _c, payment, balance: _b, ...doc } = mxInvoiceDocument(plan, ids);
  return { ...doc, payment_form: payment.conditions.payment_form, ...(body.refund_exchange_rate !== undefined ? { refund_exchange_rate: body.refund_exchange_rate } : {}), reason: body.reason ?? 'discount', invoices, stamp: { ...doc.stamp, send: body.stamp?.send ?? false },
    mail: { ...doc.mail, send: body.mail?.send ?? false }, cancellation: null };
}

/**
 * What moves in the books (see the module's comment); `applied`: the due items it settles (compensation). Each invoice's
 * share of the taxes (noteTaxShares) leaves, with compensation, the account that invoice holds it in (pending, cash basis)
 * and, with a refund, the collected one.
 */
function notePostings(doc: MxCreditNoteDocument, applied: (Application & { account: string })[], related: Map<string, Related>): Posting[] {
  const compensation = setsOff(doc.payment_form);
  const third = doc.customer.rfc_id;
  const p: Posting[] = [{ account: MX_LEDGER.discounts, debit: new Decimal(doc.subtotal).minus(doc.discounts), description: 'Devoluciones, descuentos o bonificaciones' }];
  // A note that settles an invoice moves the rest of its taxes (`booked`); 402.01 takes the difference from the share.
  const declared = noteTaxShares(doc);
  for (const [id, share] of noteTaxShares(doc, true)) {
    const of = declared.get(id)!;
    const moved = (k: 'taxes' | 'withholdings') => sum(share[k].map((t) => t.value)).minus(sum(of[k].map((t) => t.value)));
    p[0] = { ...p[0], debit: new Decimal(p[0].debit!).minus(moved('taxes')).plus(moved('withholdings')) };
    const posted = new Set(related.get(id)?.accounts ?? []);
    const account = (type: string) => {
      const pending = mxPendingAccount(type);
      return compensation && pending && (type === 'IVA' || posted.has(pending)) ? pending : mxCollectedAccount(type) ?? MX_LEDGER.ivaCollected;
    };
    for (const t of share.taxes) p.push({ account: account(t.type), debit: t.value, description: t.type });
    for (const r of share.withholdings) p.push({ account: account(r.type), credit: r.value, description: r.type, third_party: third });
  }
  if (compensation) for (const a of applied) p.push({ account: a.account, credit: a.amount, description: 'Clientes', third_party: third });
  else p.push({ account: doc.payment_form === '01' ? MX_LEDGER.cash : MX_LEDGER.bank, credit: doc.total, description: `Reembolso ${doc.payment_form}`, third_party: third });
  // A note of a foreign-currency invoice is in its currency at its rate: in pesos each amount × the rate, rounded;
  // 402.01 takes the rounding so that the entry balances (as the invoice's revenue does).
  const rate = new Decimal(doc.currency?.exchange_rate ?? 1);
  if (rate.eq(1)) return p;
  const mxn = (v: Decimal.Value | undefined) => (v === undefined ? undefined : new Decimal(v).times(rate).toDecimalPlaces(2, Decimal.ROUND_HALF_UP));
  const out: Posting[] = p.map((x) => ({ ...x, debit: mxn(x.debit), credit: mxn(x.credit) }));
  const debits = out.reduce((a, x) => a.plus(x.debit ?? 0), new Decimal(0));
  const credits = out.reduce((a, x) => a.plus(x.credit ?? 0), new Decimal(0));
  out[0] = { ...out[0], debit: new Decimal(out[0].debit!).plus(credits.minus(debits)) };
  // A refund paid at another day's rate: the money out at that rate, the difference an exchange loss (701.01) or gain (702.01).
  if (doc.refund_exchange_rate === undefined || compensation) return out;
  const cash = out.length - 1;
  const paid = round2(new Decimal(doc.total).times(doc.refund_exchange_rate));
  const difference = paid.minus(out[cash].credit!);
  out[cash] = { ...out[cash], credit: paid };
  if (difference.gt(0)) out.push({ account: MX_LEDGER.exchangeLoss, debit: difference, description: 'Pérdida cambiaria' });
  if (difference.lt(0)) out.push({ account: MX_LEDGER.exchangeGain, credit: difference.negated(), description: 'Utilidad cambiaria' });
  return out;
}

async function storeMxCreditNote(q: Queryable, company: Company, plan: NotePlan, meta: { partnerId?: string }): Promise<MxCreditNoteDocument> {
  const cid = company.company_id;
  const id = crypto.randomUUID();
  const now = new Date();
  const related = await relatedInvoices(q, cid, plan.body.invoices.map((r) => r.id), true);
  const problems = new Problems();
  // Another note or receipt may have taken from these invoices since the plan: allocated again under the locks.
  const invoices = allocate(plan.body, related, plan.preview, problems);
  await withinRoom(q, cid, plan.preview, [...related.values()], problems);
  const lefts = await withinTaxesLeft(q, cid, { ...plan.preview, invoices }, problems);
  problems.throwIfAny();
  const numbered = await takeNumber(q, cid, plan.lines.docType.id, 'notes', plan.body.number);
  const draft = noteDocument(plan.lines, plan.body, invoices, { id, prefix: numbered.prefix, number: numbered.number, name: numbered.name, now });
  const doc: MxCreditNoteDocument = { ...draft, stamp: { ...draft.stamp, status: plan.body.stamp?.send ? 'Pending' : 'Draft' } };
  const applied: (Application & { account: string })[] = [];
  if (setsOff(doc.payment_form)) {
    for (const part of invoices) {
      let rest = new Decimal(part.amount);
      const dues = await q.query<{ id: string; amount: string; paid: string; account_code: string }>(
        `SELECT id, amount, paid, account_code FROM due_items WHERE company_id = $1 AND invoice_id = $2 AND NOT annulled AND paid < amount ORDER BY due_date DESC, id DESC FOR UPDATE`,
        [cid, part.id]);
      for (const d of dues) {
        if (rest.isZero()) break;
        const take = Decimal.min(rest, new Decimal(d.amount).minus(d.paid));
        applied.push({ due: Number(d.id), invoice: part.id, amount: take.toFixed(2), account: d.account_code });
        rest = rest.minus(take);
      }
    }
    await movePayments(q, cid, applied, 1);
    bookSettled(doc, related, lefts);
  }
  await insertNote(q, {
    companyId: cid, id, kind: 'NC', invoiceId: invoices[0].id, documentTypeId: plan.lines.docType.id, prefix: numbered.prefix, number: numbered.number, name: numbered.name,
    date: doc.date, reason: null, customerId: plan.lines.customer.id, identification: doc.customer.rfc_id, branchOffice: doc.customer.branch_office, total: doc.total,
    partnerId: meta.partnerId ?? null, document: doc, now, applied, stamp: !!plan.body.stamp?.send, stampJob: MX_NOTE_STAMP_JOB,
  });
  await postEntry(q, cid, { kind: 'credit_note', id, date: doc.date, description: `Nota de crédito ${numbered.name}` }, notePostings(doc, applied, related));
  return doc;
}

/** What a SAT cancellation does to a Mexican credit note (src/countries/mx/sat/cancel.ts; the job's table is src/server.ts's). */
export const mxNoteCancellation: CancelKernel = {
  setCancellation: setNoteCancellation,
  cancel: (q, cid, n, day) => voidMxNote(q, cid, n, day, 'cancelled'),
};

export const readMxNote = (q: Queryable, company: Company, id: string) =>
  readMxStored(q, company.company_id, { table: 'notes', title: 'Credit note', only: "kind = 'NC'" }, id, mxCreditNoteAnswer);

export const mxNoteRoutes: RouteModule = (app, { db, country, outbox, config }) => {
  if (countryOf(country).documents.notes !== 'cfdi') return;
  const tags = ['credit notes (MX)'];
  const params = UuidParams('Credit note');
  const submitted = async (company: Company, id: string) => {
    await outbox?.runAndWait(company.company_id, MX_NOTE_STAMP_JOB, id, config.dianTimeoutMs);
    return readMxNote(db, company, id);
  };
  const plan = (req: BodyOf<MxCreditNoteBody>) => planRequest(req, (problems) => planMxCreditNote(db, req.company, req.body, problems));

  app.post('/credit-notes', {
    attachValidation: true,
    schema: { tags, summary: 'Create a credit note (CFDI type E related to stamped invoices with TipoRelacion 01)', body: MxCreditNoteBody, headers: Type.Object(IdempotencyHeader) },
  }, async (req, reply) => createDocument(db, req, reply, 'MX POST /v1/credit-notes', () => plan(req),
    async (q, p) => recordCreation(q, req.company, 'credit_note', await storeMxCreditNote(q, req.company, p, { partnerId: req.headers['partner-id'] as string | undefined })),
    (doc) => afterCreation(doc, outbox, (id) => submitted(req.company, id))));

  app.post('/credit-notes/preview', {
    attachValidation: true,
    schema: { tags, summary: 'Validate and compute a credit note without storing it or taking a number', body: MxCreditNoteBody },
  }, async (req) => (await plan(req)).preview);

  app.get('/credit-notes/:id', { schema: { tags, summary: 'Read a credit note', params } }, async (req) => readMxNote(db, req.company, req.params.id));

  app.get('/credit-notes', { schema: { tags, summary: 'List credit notes, newest first', querystring: Type.Composite([PageQuery, listQuery(), AfterQuery]) } }, async (req) => {
    const q = req.query;
    const filter = listFilter(q, req.company);
    const { total, rows } = await listDocuments<MxCreditNoteRow>(db, { table: 'notes', columns: MX_STORED_COLUMNS, noun: 'credit note', only: 'NC' }, req.company, q,
      { cond: `${filter.cond} AND kind = 'NC'`, args: filter.args });
    return paged(q, total, rows.map(mxCreditNoteAnswer));
  });

  const stored = async (company: Company, id: string) => {
    const [row] = await db.query<StampColumns>(`SELECT name, stamp_status, stamp_errors, stamp_observations, xml FROM notes WHERE company_id = $1 AND id = $2 AND kind = 'NC'`, [company.company_id, id]);
    if (!row) throw notFound(`Credit note ${id}`);
    return row;
  };
  app.post('/credit-notes/:id/stamp', { schema: { tags, summary: 'Send a Draft (or a Rejected) credit note to the stamping provider', params } }, async (req) => {
    const id = req.params.id;
    await db.tx(async (q) => {
      const n = await lockNote(q, req.company.company_id, 'NC', id);
      if (!n) throw notFound(`Credit note ${id}`);
      if (n.annulled) throw new DomainError('invalid_document', `Credit note ${n.name} is annulled`, 'id');
      if (n.stamp_status === 'Accepted') throw new DomainError('invalid_document', `Credit note ${n.name} was already stamped`, 'id');
      await requestNoteStamp(q, req.company.company_id, id, n.stamp_status as StampStatus, MX_NOTE_STAMP_JOB);
    });
    return submitted(req.company, id);
  });
  app.get('/credit-notes/:id/stamp/errors', { schema: { tags, summary: 'Why the stamping provider rejected a credit note', params } }, async (req) => {
    const row = await stored(req.company, req.params.id);
    return { status: row.stamp_status, errors: row.stamp_errors ?? [], observations: row.stamp_observations ?? [] };
  });
  app.get('/credit-notes/:id/xml', { schema: { tags, summary: 'The sealed (or stamped) CFDI: {"base64": …}, or the XML itself with Accept: application/xml', params } }, async (req, reply) => {
    const row = await stored(req.company, req.params.id);
    if (!row.xml) throw notFound(`The XML of credit note ${row.name} (it has not been sent to the stamping provider)`);
    if (/application\/xml|text\/xml/.test(String(req.headers.accept ?? ''))) return reply.type('application/xml; charset=utf-8').send(row.xml);
    return { base64: Buffer.from(row.xml, 'utf8').toString('base64') };
  });
  app.post('/credit-notes/:id/annul', { schema: { tags, summary: 'Annul a credit note never stamped: gives back what it applied and reverses its journal entry', params } }, async (req) => {
    const id = req.params.id;
    return db.tx(async (q) => {
      const n = await lockNote(q, req.company.company_id, 'NC', id);
      if (!n) throw notFound(`Credit note ${id}`);
      if (n.annulled) throw new DomainError('invalid_document', `Credit note ${n.name} is already annulled`, 'id');
      if (n.stamp_status === 'Accepted' || n.stamp_status === 'Pending') {
        throw new DomainError('invalid_document', `Credit note ${n.name} is ${n.stamp_status} with the stamping provider: a stamped CFDI is cancelled, not annulled`, 'id');
      }
      await voidMxNote(q, req.company.company_id, n, annulmentDate(n.date, req.company.time_zone), 'annulled');
      return readMxNote(q, req.company, id);
    });
  });
  cancelRoute(app, { db, outbox, config }, 'credit_note', 'credit-notes', tags, readMxNote, mxNoteCancellation);
};
