/** One document: its figures, lines, authority status, files and the actions the session's role allows. */
import { html, type Html } from './html';
import { day, money, status, t, type Key } from './i18n';
import { apiErrors, csrfField, page } from './layout';
import { Refused, type Ctx } from './context';
import { authorityLines } from './authority-messages';
import type { CoInvoiceDocument } from '../invoices/co/schema';
import type { MxInvoiceDocument } from '../invoices/mx/schema';
import type { NoteDocument } from '../notes/schema';
import type { MxCreditNoteDocument } from '../notes/mx';
import type { VoucherDocument } from '../vouchers/schema';
import type { PaymentDocument } from '../payments/schema';
import { contactEmails } from '../mail/send';
import { controlErrors, underField } from './messages';
import type { Form } from './forms';
import { kindOf, statusOf } from './kinds';
import type { Related, Story } from './trail';
import Decimal from 'decimal.js';
import { country as countryOf } from '../countries';

/** What GET /{kind}/{id} answers, whatever the kind and country. */
type DocumentAnswer = CoInvoiceDocument | MxInvoiceDocument | NoteDocument | MxCreditNoteDocument | VoucherDocument | PaymentDocument;
/**
 * The fields of a document's answer this page reads; each kind has some of them (a voucher no stamp, a payment
 * receipt an `amount` for its total). Every answer type above is assignable to it (checked where it is read).
 */
interface DocumentView {
  name: string | null; date: string; annulled: boolean;
  currency?: { code: string };
  customer?: { id?: string | null; name?: string; identification?: string; rfc_id?: string; branch_office?: number } | null;
  total?: number; amount?: number; balance?: number; subtotal?: number; discounts?: number; taxes_total?: number; withholdings_total?: number; amount_payable?: number;
  /** Colombia: the invoice's global discounts and charges, and what it took from the customer's advances. */
  global_discounts?: { value: number }[]; global_charges?: { value: number }[]; advance_payment?: number;
  /** Its document type. */
  document?: { id: number };
  /** A note's invoice (Colombia) or invoices (Mexico). */
  invoice?: { id: string; name: string };
  /** A Mexican credit note's invoices (with what it credits on each) or a payment receipt's (what it paid of each). */
  invoices?: { id: string; name: string; amount?: number; installment?: number; previous_balance?: number; amount_paid?: number; balance_left?: number }[];
  stamp?: { status: string; cufe?: string | null; cude?: string | null; uuid?: string | null; errors: string | null; observations: string | null };
  mail?: { status: string };
  cancellation?: { status: string; motive: string; errors: string | null } | null;
  payment?: { method?: string; value?: number } | null;
  items?: { code?: string; description?: string; quantity?: number; price?: number; total?: number; taxes?: { name?: string | null; type: string; value: number }[];
    /** A cash receipt's line: what it paid (the due item of an invoice) and how much. */
    value?: number; due?: { prefix: string; consecutive: number; quote: number } }[];
}

/**
 * The recipients of a document's e-mail, editable before it is sent (the API's mail_to and copy_to, each a list separated
 * by ";"): "To" starts with the customer's contact e-mails, those the API sends to when it is left empty.
 */
async function mailFields(ctx: Ctx, customer: DocumentView['customer'], sent?: Form, errors?: unknown): Promise<Html> {
  const l = ctx.lang;
  let to = '';
  const identification = customer?.identification ?? customer?.rfc_id;
  if (!sent && identification) {
    const res = await ctx.api<{ results: { contacts?: { email?: string | null }[] }[] }>('GET',
      `/customers?identification=${encodeURIComponent(identification)}&branch_office=${customer?.branch_office ?? 0}`);
    if (res.status === 200 && res.body.results.length) to = contactEmails(res.body.results[0]).join('; ');
  }
  const bad = controlErrors(l, errors);
  const field = (name: 'mail_to' | 'copy_to', label: string, hint: string, value: string) => html`<label for="${name}">${label}</label>
    <input id="${name}" name="${name}" type="text" inputmode="email" autocomplete="off" value="${value}" aria-describedby="${name}-hint${bad.has(name) ? ` err-${name}` : ''}"${
    bad.has(name) ? html` aria-invalid="true"` : ''}><span class="hint" id="${name}-hint">${hint}</span>${underField(name, bad.get(name))}`;
  const one = (v: string | string[] | undefined) => String([v].flat()[0] ?? '');
  return html`${field('mail_to', l === 'en' ? 'To' : 'Para', l === 'en' ? 'Addresses separated by ";" (at most 5); empty: the customer\'s contacts'
    : 'Direcciones separadas por «;» (hasta 5); vacío: los contactos del cliente', sent ? one(sent.mail_to) : to)}
    ${field('copy_to', l === 'en' ? 'Copy to' : 'Con copia a', l === 'en' ? 'At most 5, separated by ";"' : 'Hasta 5, separadas por «;»', sent ? one(sent.copy_to) : '')}`;
}

const KIND_WORDS: Record<Related['kind'], [string, string]> = {
  invoices: ['Factura', 'Invoice'], 'credit-notes': ['Nota crédito', 'Credit note'], 'debit-notes': ['Nota débito', 'Debit note'],
  vouchers: ['Recibo de caja', 'Cash receipt'], payments: ['Complemento de pago', 'Payment receipt'],
};

/** A row of the totals: added, taken off, or the result of the rows above it (each result is the sum of the rows since the last). */
interface TotalRow { label: string; sign: '+' | '-' | '='; value: Decimal; id?: string }

/**
 * The totals block as rows that add up, in both countries: the subtotal, discounts, global discounts and charges, taxes
 * (and, in Mexico, the withholdings the CFDI's total is net of) make the total; in Colombia the withholdings and the
 * advance applied make the amount payable; an invoice's balance is that less what was paid at the sale, plus its debit
 * notes' installments, less the receipts and the credit notes applied to it (trail.ts, settlementOf).
 */
function totalRows(ctx: Ctx, d: DocumentView, story: Story | undefined, live: boolean): TotalRow[] {
  const l = ctx.lang;
  const w = (es: string, en: string) => (l === 'en' ? en : es);
  const dec = (v: number | string | undefined | null) => new Decimal(v ?? 0);
  const rows: TotalRow[] = [];
  const add = (label: string, value: Decimal, sign: '+' | '-', id?: string) => {
    if (value.isZero()) return;
    // A negative figure taken off is one added (and the other way round): the row says what it does.
    rows.push(value.isNegative() ? { label, value: value.neg(), sign: sign === '+' ? '-' : '+', id } : { label, value, sign, id });
  };
  const cc = countryOf(ctx.country);
  const total = dec(d.total ?? d.amount);
  if (d.subtotal === undefined) return [{ label: t(l, 'total'), sign: '=', value: total }];
  rows.push({ label: t(l, 'subtotal'), sign: '+', value: dec(d.subtotal) });
  add(w('Descuentos', 'Discounts'), dec(d.discounts), '-', 'doc-discounts');
  add(w('Descuentos globales', 'Global discounts'), (d.global_discounts ?? []).reduce((s, x) => s.plus(x.value), new Decimal(0)), '-');
  add(w('Cargos globales', 'Global charges'), (d.global_charges ?? []).reduce((s, x) => s.plus(x.value), new Decimal(0)), '+');
  add(t(l, 'taxes'), dec(d.taxes_total), '+');
  // A CFDI's total is net of its withholdings; a Colombian invoice's is not (they come off what the customer pays).
  if (cc.totals.netOfWithholdings) add(t(l, 'withholdings'), dec(d.withholdings_total), '-');
  rows.push({ label: t(l, 'total'), sign: '=', value: total });
  let payable = total;
  if (d.amount_payable !== undefined) {
    add(t(l, 'withholdings'), dec(d.withholdings_total), '-');
    add(w('Anticipo aplicado', 'Advance applied'), dec(d.advance_payment), '-');
    payable = dec(d.amount_payable);
    if (rows[rows.length - 1].sign !== '=') rows.push({ label: t(l, 'payable'), sign: '=', value: payable });
  }
  const s = story?.settlement;
  if (s && live && d.balance !== undefined) {
    const atSale = payable.minus(s.own);
    add(w('Pagado al contado', 'Paid at the sale'), atSale, '-');
    add(w('Notas débito a crédito', 'Debit notes on credit'), dec(s.debit), '+');
    add(w('Recibos y pagos', 'Receipts and payments'), dec(s.receipts), '-');
    add(w('Notas crédito aplicadas', 'Credit notes applied'), dec(s.credits), '-');
    const reached = payable.minus(atSale).plus(s.debit).minus(s.receipts).minus(s.credits);
    add(w('Otros movimientos', 'Other movements'), reached.minus(dec(d.balance)), '-');
    rows.push({ label: t(l, 'balance'), sign: '=', value: dec(d.balance), id: 'doc-balance' });
  }
  return rows;
}

/** The documents related to this one, both ways (an invoice's notes and receipts; a note's or receipt's invoices), one row each. */
function relatedRows(kind: string, d: DocumentView, related: readonly Related[]): Related[] {
  const invoices: { id: string; name: string; amount?: number }[] = d.invoices ?? (d.invoice ? [d.invoice] : []);
  const own: Related[] = kind === 'payments' ? [] : invoices.map((x) => ({
    kind: 'invoices' as const, id: x.id, name: x.name, date: '', amount: x.amount !== undefined ? String(x.amount) : kind.endsWith('notes') && d.total !== undefined ? String(d.total) : null, annulled: false, quote: null,
  }));
  const out = new Map<string, Related>();
  for (const r of [...own, ...related]) {
    const key = `${r.kind}:${r.id}`;
    const had = out.get(key);
    if (!had) out.set(key, { ...r, quote: null });
    // A receipt's installments of one invoice: one row, their sum (the note's own invoice keeps what the note says of it).
    else if (!own.some((o) => `${o.kind}:${o.id}` === key)) had.amount = new Decimal(had.amount ?? 0).plus(r.amount ?? 0).toFixed(2);
    else if (!had.date) had.date = r.date;
  }
  return [...out.values()];
}

/** A file's name: the document's number (FV-2-123), never a character a file system or a header would choke on. */
export const fileName = (name: string) => name.replace(/[^A-Za-z0-9._-]+/g, '-');

/** One document with its authority status and the actions the session's role allows. */
export async function documentPage(ctx: Ctx, path: string, id: string, flash?: { ok?: string; errors?: unknown; story?: Story; sent?: Form }): Promise<{ status: number; body: Html }> {
  const l = ctx.lang;
  const kind = kindOf(ctx, path);
  const cc = countryOf(ctx.country);
  if (!/^[0-9a-f-]{36}$/i.test(id)) throw new Refused(404, 'id');
  const res = await ctx.api<DocumentAnswer>('GET', `/${kind.path}/${id}`);
  if (res.status === 404) throw new Refused(404, 'document');
  if (res.status !== 200) throw new Error(`GET /${kind.path}/${id}: ${res.status}`);
  const d: DocumentView = res.body;
  const m = (v: unknown) => money(ctx.country, v as number, d.currency?.code);
  const stamp: Partial<NonNullable<DocumentView['stamp']>> = d.stamp ?? {};
  const base = `/app/documents/${kind.path}/${id}`;
  const customer = d.customer ?? {};
  const items = d.items ?? [];
  // A cash receipt's lines say what they paid: the invoice and installment, or their concept.
  const paidLines = items.length > 0 && items.every((i) => i.value !== undefined && i.code === undefined);
  const related = d.invoices ?? (d.invoice ? [d.invoice] : []);
  const act = (action: string, label: Key, extra: Html = html``, confirm = false) => html`<form method="post" action="${base}/${action}" class="action">${csrfField(ctx)}${extra}
    ${confirm ? html`<div class="check"><input type="checkbox" id="confirm-${action}" name="confirm" value="yes" required><label for="confirm-${action}">${t(l, 'confirm')}</label></div>` : ''}
    <button type="submit">${t(l, label)}</button></form>`;
  const live = !d.annulled && !(d.cancellation?.status === 'Cancelled');
  const actions: Html[] = [];
  if (ctx.can('accountant') && live) {
    actions.push(act('mail', 'sendMail', await mailFields(ctx, d.customer, flash?.sent, flash?.errors)));
    if (kind.stamped && (stamp.status === 'Draft' || stamp.status === 'Rejected')) actions.push(act('stamp', 'resend'));
    if (cc.authority?.cancels && stamp.status === 'Accepted') {
      actions.push(act('cancel', 'cancel', html`<label for="motive">${t(l, 'motive')}</label><select id="motive" name="motive">
        <option value="02">02 · Comprobante emitido con errores sin relación</option><option value="01">01 · Comprobante emitido con errores con relación</option>
        <option value="03">03 · No se llevó a cabo la operación</option><option value="04">04 · Operación nominativa relacionada en una factura global</option></select>
        <label for="substitution">${t(l, 'substitution')}</label><input id="substitution" name="substitution">`, true));
    } else if (!(cc.authority?.cancels && stamp.status === 'Accepted')) {
      actions.push(act('annul', 'annul', html``, true));
    }
    if (kind.path === 'invoices') actions.push(html`<p><a class="button" href="${base}/credit-note">${t(l, 'creditNote')}</a></p>`);
    if (kind.path === 'invoices' && cc.documents.vouchers && Number(d.balance ?? 0) > 0) {
      actions.push(html`<p><a class="button" href="${base}/receipt">${l === 'en' ? 'Cash receipt for this invoice' : 'Recibo de caja de esta factura'}</a></p>`);
    }
    if (kind.path === 'invoices' && cc.documents.debitNotes) {
      actions.push(html`<p><a class="button" href="${base}/debit-note">${l === 'en' ? 'Debit note of this invoice' : 'Nota débito de esta factura'}</a></p>`);
    }
    if (kind.path === 'invoices' && cc.documents.payments && d.payment?.method === 'PPD' && Number(d.balance ?? 0) > 0) {
      actions.push(html`<p><a class="button" href="${base}/payment">${l === 'en' ? 'Payment receipt for this invoice' : 'Complemento de pago de esta factura'}</a></p>`);
    }
  }
  const file = fileName(d.name ?? id);
  // The customer's statement: a Mexican answer names its customer by RFC only, so its id is looked up.
  let customerId = customer.id ?? null;
  if (!customerId && customer.rfc_id) {
    const found = await ctx.api<{ results: { id: number | string }[] }>('GET', `/customers?identification=${encodeURIComponent(customer.rfc_id)}&branch_office=${customer.branch_office ?? 0}`);
    if (found.status === 200 && found.body.results.length === 1) customerId = String(found.body.results[0].id);
  }
  const rel = relatedRows(kind.path, d, flash?.story?.related ?? []);
  const relatedSection = html`<section aria-labelledby="h-related" id="doc-related"><h2 id="h-related">${l === 'en' ? 'Related documents' : 'Documentos relacionados'}</h2>${rel.length
    ? html`<div class="scroll" tabindex="0" role="region" aria-labelledby="h-related"><table><thead><tr><th scope="col">${l === 'en' ? 'Document' : 'Documento'}</th>
    <th scope="col">${t(l, 'kind')}</th><th scope="col">${t(l, 'date')}</th><th scope="col" class="num">${l === 'en' ? 'Amount' : 'Valor'}</th><th scope="col">${t(l, 'status')}</th></tr></thead>
    <tbody>${rel.map((r) => html`<tr><td><a href="/app/documents/${r.kind}/${r.id}">${r.name}</a></td><td>${KIND_WORDS[r.kind][l === 'en' ? 1 : 0]}</td><td>${day(r.date)}</td>
    <td class="num">${r.amount === null ? '' : m(r.amount)}</td><td>${r.annulled ? t(l, 'annulled') : ''}</td></tr>`)}</tbody></table></div>`
    : html`<p>${l === 'en' ? 'None.' : 'Ninguno.'}</p>`}</section>`;
  // A receipt says what it paid: each invoice (or debit note) and installment with its amount, linked.
  const paidRows = (flash?.story?.related ?? []).filter((r) => r.quote !== null);
  const paidHead = (cols: Html) => html`<section aria-labelledby="h-lines" id="doc-paid"><h2 id="h-lines">${l === 'en' ? 'What it pays' : 'Qué paga'}</h2><div class="scroll" tabindex="0" role="region" aria-labelledby="h-lines"><table>${cols}</table></div></section>`;
  const paidSection = kind.path === 'payments' && d.invoices?.length
    ? paidHead(html`<thead><tr><th scope="col">${t(l, 'invoice')}</th><th scope="col" class="num">${l === 'en' ? 'Installment' : 'Parcialidad'}</th><th scope="col" class="num">${l === 'en' ? 'Previous balance' : 'Saldo anterior'}</th>
      <th scope="col" class="num">${l === 'en' ? 'Paid' : 'Pagado'}</th><th scope="col" class="num">${l === 'en' ? 'Balance left' : 'Saldo insoluto'}</th></tr></thead><tbody>${d.invoices.map((x) => html`<tr>
      <td><a href="/app/documents/invoices/${x.id}">${x.name}</a></td><td class="num">${x.installment ?? ''}</td><td class="num">${m(x.previous_balance)}</td><td class="num">${m(x.amount_paid)}</td><td class="num">${m(x.balance_left)}</td></tr>`)}</tbody>`)
    : kind.path === 'vouchers' && paidRows.length
      ? paidHead(html`<thead><tr><th scope="col">${t(l, 'description')}</th><th scope="col" class="num">${t(l, 'total')}</th></tr></thead><tbody>${paidRows.map((r) => html`<tr>
      <td>${KIND_WORDS[r.kind][l === 'en' ? 1 : 0]} <a href="/app/documents/${r.kind}/${r.id}">${r.name}</a>, ${l === 'en' ? 'installment' : 'cuota'} ${r.quote}</td><td class="num">${m(r.amount)}</td></tr>`)}</tbody>`)
      : paidLines
        ? paidHead(html`<thead><tr><th scope="col">${t(l, 'description')}</th><th scope="col" class="num">${t(l, 'total')}</th></tr></thead><tbody>${items.map((i) => html`<tr>
      <td>${i.due ? `${l === 'en' ? 'Invoice' : 'Factura'} ${i.due.prefix}-${i.due.consecutive}, ${l === 'en' ? 'installment' : 'cuota'} ${i.due.quote}` : i.description ?? ''}</td><td class="num">${m(i.value)}</td></tr>`)}</tbody>`)
        : html``;
  const body = html`${flash?.ok ? html`<p class="ok" role="status">${flash.ok}</p>` : ''}${flash?.errors ? apiErrors(l, flash.errors) : ''}
  <div class="cards">
   <div class="card"><h2>${t(l, 'date')}</h2><p>${day(d.date)}</p></div>
   <div class="card"><h2>${t(l, 'customerName')}</h2><p>${customer.name ?? ''} ${customer.identification ?? customer.rfc_id ?? ''}</p>${
     customerId ? html`<p><a href="/app/customers/${customerId}/statement" id="doc-statement">${l === 'en' ? 'Statement' : 'Estado de cuenta'}</a></p>` : ''}</div>
   <div class="card"><h2>${t(l, 'total')}</h2><p class="figure" id="doc-total">${m(d.total ?? d.amount)}</p>${d.balance !== undefined ? html`<p>${t(l, 'balance')}: ${m(d.balance)}</p>` : ''}</div>
   <div class="card"><h2>${t(l, 'authority')}</h2><p id="doc-status">${d.annulled ? t(l, 'annulled') : (await statusOf(ctx, kind.path))({ stamp, document: d.document }) || '—'}</p>
    ${stamp.cufe || stamp.cude || stamp.uuid ? html`<p class="code">${stamp.cufe ? 'CUFE' : stamp.cude ? 'CUDE' : 'UUID'}: ${stamp.cufe ?? stamp.cude ?? stamp.uuid}</p>` : ''}
    ${d.cancellation ? html`<p>${t(l, 'cancellation')}: ${status(l, d.cancellation.status)} (${d.cancellation.motive})${d.cancellation.errors ? html` — ${d.cancellation.errors}` : ''}</p>` : ''}
    <p>${t(l, 'mail')}: ${status(l, d.mail?.status)}</p></div>
   ${related.length ? html`<div class="card"><h2>${l === 'en' ? 'Invoice' : 'Factura'}</h2><p id="doc-invoices">${related.map((x) => html`<a href="/app/documents/invoices/${x.id}">${x.name}</a> `)}</p></div>` : ''}</div>
  ${stamp.errors || stamp.observations ? html`<section aria-labelledby="h-errors"><h2 id="h-errors">${t(l, 'errors')}</h2><ul class="error">${authorityLines(l, ctx.country, stamp.errors)}${authorityLines(l, ctx.country, stamp.observations)}</ul></section>` : ''}
  ${paidSection}
  ${items.length && !paidLines ? html`<section aria-labelledby="h-lines"><h2 id="h-lines">${t(l, 'lines')}</h2><div class="scroll" tabindex="0" role="region" aria-labelledby="h-lines"><table><thead><tr>
   <th scope="col">${t(l, 'product')}</th><th scope="col">${t(l, 'description')}</th><th scope="col" class="num">${t(l, 'quantity')}</th><th scope="col" class="num">${t(l, 'price')}</th>
   <th scope="col">${t(l, 'taxes')}</th><th scope="col" class="num">${t(l, 'total')}</th></tr></thead><tbody>${items.map((i) => html`<tr><td>${i.code ?? ''}</td><td>${i.description ?? ''}</td>
   <td class="num">${i.quantity ?? ''}</td><td class="num">${m(i.price)}</td><td>${(i.taxes ?? []).map((x) => html`${x.name ?? x.type}: ${m(x.value)} `)}</td><td class="num">${m(i.total)}</td></tr>`)}</tbody></table></div></section>` : ''}
  <section aria-labelledby="h-totals"><h2 id="h-totals">${t(l, 'total')}</h2><dl class="totals" id="doc-totals">${totalRows(ctx, d, flash?.story, live).map((r, i) =>
   html`<dt${r.sign === '=' ? html` class="sum"` : ''}>${r.label}</dt><dd data-sign="${r.sign}"${r.id ? html` id="${r.id}"` : ''}${r.sign === '=' ? html` class="sum"` : ''}>${
   i > 0 && r.sign !== '=' ? (r.sign === '-' ? '−' : '+ ') : ''}${m(r.value.toFixed(2))}</dd>`)}</dl></section>
  ${relatedSection}
  <section aria-labelledby="h-files"><h2 id="h-files">PDF · XML</h2><p><a class="button" id="doc-pdf" href="${base}/pdf" download="${file}.pdf">${t(l, 'downloadPdf')}</a>
   ${kind.stamped && stamp.status && stamp.status !== 'Draft' ? html` <a class="button" id="doc-xml" href="${base}/xml" download="${file}.xml">${t(l, 'downloadXml')}</a>` : ''}</p></section>
  ${flash?.story?.trail ?? ''}
  ${actions.length ? html`<section aria-labelledby="h-actions"><h2 id="h-actions">${t(l, 'actions')}</h2><div class="actions">${actions}</div></section>` : ''}`;
  return { status: flash?.errors ? 400 : 200, body: page(ctx, `${t(l, kind.label).replace(/s$/, '')} ${d.name}`, body) };
}
