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

/** What GET /{kind}/{id} answers, whatever the kind and country. */
type DocumentAnswer = CoInvoiceDocument | MxInvoiceDocument | NoteDocument | MxCreditNoteDocument | VoucherDocument | PaymentDocument;
/**
 * The fields of a document's answer this page reads; each kind has some of them (a voucher no stamp, a payment
 * receipt an `amount` for its total). Every answer type above is assignable to it (checked where it is read).
 */
interface DocumentView {
  name: string | null; date: string; annulled: boolean;
  currency?: { code: string };
  customer?: { name?: string; identification?: string; rfc_id?: string; branch_office?: number } | null;
  total?: number; amount?: number; balance?: number; subtotal?: number; discounts?: number; taxes_total?: number; withholdings_total?: number; amount_payable?: number;
  /** Its document type. */
  document?: { id: number };
  /** A note's invoice (Colombia) or invoices (Mexico). */
  invoice?: { id: string; name: string }; invoices?: { id: string; name: string }[];
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

/** One document with its authority status and the actions the session's role allows. */
export async function documentPage(ctx: Ctx, path: string, id: string, flash?: { ok?: string; errors?: unknown; trail?: Html; sent?: Form }): Promise<{ status: number; body: Html }> {
  const l = ctx.lang;
  const kind = kindOf(ctx, path);
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
    if (ctx.country === 'MX' && stamp.status === 'Accepted') {
      actions.push(act('cancel', 'cancel', html`<label for="motive">${t(l, 'motive')}</label><select id="motive" name="motive">
        <option value="02">02 · Comprobante emitido con errores sin relación</option><option value="01">01 · Comprobante emitido con errores con relación</option>
        <option value="03">03 · No se llevó a cabo la operación</option><option value="04">04 · Operación nominativa relacionada en una factura global</option></select>
        <label for="substitution">${t(l, 'substitution')}</label><input id="substitution" name="substitution">`, true));
    } else if (!(ctx.country === 'MX' && stamp.status === 'Accepted')) {
      actions.push(act('annul', 'annul', html``, true));
    }
    if (kind.path === 'invoices') actions.push(html`<p><a class="button" href="${base}/credit-note">${t(l, 'creditNote')}</a></p>`);
    if (kind.path === 'invoices' && ctx.country === 'CO' && Number(d.balance ?? 0) > 0) {
      actions.push(html`<p><a class="button" href="${base}/receipt">${l === 'en' ? 'Cash receipt for this invoice' : 'Recibo de caja de esta factura'}</a></p>`);
    }
    if (kind.path === 'invoices' && ctx.country === 'CO') {
      actions.push(html`<p><a class="button" href="${base}/debit-note">${l === 'en' ? 'Debit note of this invoice' : 'Nota débito de esta factura'}</a></p>`);
    }
    if (kind.path === 'invoices' && ctx.country === 'MX' && d.payment?.method === 'PPD' && Number(d.balance ?? 0) > 0) {
      actions.push(html`<p><a class="button" href="${base}/payment">${l === 'en' ? 'Payment receipt for this invoice' : 'Complemento de pago de esta factura'}</a></p>`);
    }
  }
  const body = html`${flash?.ok ? html`<p class="ok" role="status">${flash.ok}</p>` : ''}${flash?.errors ? apiErrors(l, flash.errors) : ''}
  <div class="cards">
   <div class="card"><h2>${t(l, 'date')}</h2><p>${day(d.date)}</p></div>
   <div class="card"><h2>${t(l, 'customerName')}</h2><p>${customer.name ?? ''} ${customer.identification ?? customer.rfc_id ?? ''}</p></div>
   <div class="card"><h2>${t(l, 'total')}</h2><p class="figure" id="doc-total">${m(d.total ?? d.amount)}</p>${d.balance !== undefined ? html`<p>${t(l, 'balance')}: ${m(d.balance)}</p>` : ''}</div>
   <div class="card"><h2>${t(l, 'authority')}</h2><p id="doc-status">${d.annulled ? t(l, 'annulled') : (await statusOf(ctx, kind.path))({ stamp, document: d.document }) || '—'}</p>
    ${stamp.cufe || stamp.cude || stamp.uuid ? html`<p class="code">${stamp.cufe ? 'CUFE' : stamp.cude ? 'CUDE' : 'UUID'}: ${stamp.cufe ?? stamp.cude ?? stamp.uuid}</p>` : ''}
    ${d.cancellation ? html`<p>${t(l, 'cancellation')}: ${status(l, d.cancellation.status)} (${d.cancellation.motive})${d.cancellation.errors ? html` — ${d.cancellation.errors}` : ''}</p>` : ''}
    <p>${t(l, 'mail')}: ${status(l, d.mail?.status)}</p></div>
   ${related.length ? html`<div class="card"><h2>${l === 'en' ? 'Invoice' : 'Factura'}</h2><p id="doc-invoices">${related.map((x) => html`<a href="/app/documents/invoices/${x.id}">${x.name}</a> `)}</p></div>` : ''}</div>
  ${stamp.errors || stamp.observations ? html`<section aria-labelledby="h-errors"><h2 id="h-errors">${t(l, 'errors')}</h2><ul class="error">${authorityLines(l, ctx.country, stamp.errors)}${authorityLines(l, ctx.country, stamp.observations)}</ul></section>` : ''}
  ${paidLines ? html`<section aria-labelledby="h-lines"><h2 id="h-lines">${l === 'en' ? 'What it pays' : 'Qué paga'}</h2><div class="scroll" tabindex="0" role="region" aria-labelledby="h-lines"><table>
   <thead><tr><th scope="col">${t(l, 'description')}</th><th scope="col" class="num">${t(l, 'total')}</th></tr></thead><tbody>${items.map((i) => html`<tr>
   <td>${i.due ? `${l === 'en' ? 'Invoice' : 'Factura'} ${i.due.prefix}-${i.due.consecutive}, ${l === 'en' ? 'installment' : 'cuota'} ${i.due.quote}` : i.description ?? ''}</td><td class="num">${m(i.value)}</td></tr>`)}</tbody></table></div></section>` : ''}
  ${items.length && !paidLines ? html`<section aria-labelledby="h-lines"><h2 id="h-lines">${t(l, 'lines')}</h2><div class="scroll" tabindex="0" role="region" aria-labelledby="h-lines"><table><thead><tr>
   <th scope="col">${t(l, 'product')}</th><th scope="col">${t(l, 'description')}</th><th scope="col" class="num">${t(l, 'quantity')}</th><th scope="col" class="num">${t(l, 'price')}</th>
   <th scope="col">${t(l, 'taxes')}</th><th scope="col" class="num">${t(l, 'total')}</th></tr></thead><tbody>${items.map((i) => html`<tr><td>${i.code ?? ''}</td><td>${i.description ?? ''}</td>
   <td class="num">${i.quantity ?? ''}</td><td class="num">${m(i.price)}</td><td>${(i.taxes ?? []).map((x) => html`${x.name ?? x.type}: ${m(x.value)} `)}</td><td class="num">${m(i.total)}</td></tr>`)}</tbody></table></div></section>` : ''}
  <section aria-labelledby="h-totals"><h2 id="h-totals">${t(l, 'total')}</h2><dl class="totals">
   ${d.subtotal !== undefined ? html`<dt>${t(l, 'subtotal')}</dt><dd>${m(d.subtotal)}</dd>` : ''}${d.discounts ? html`<dt>${l === 'en' ? 'Discounts' : 'Descuentos'}</dt><dd id="doc-discounts">−${m(d.discounts)}</dd>` : ''}${d.taxes_total !== undefined ? html`<dt>${t(l, 'taxes')}</dt><dd>${m(d.taxes_total)}</dd>` : ''}
   ${d.withholdings_total ? html`<dt>${t(l, 'withholdings')}</dt><dd>${m(d.withholdings_total)}</dd>` : ''}<dt>${t(l, 'total')}</dt><dd>${m(d.total ?? d.amount)}</dd>
   ${d.amount_payable !== undefined ? html`<dt>${t(l, 'payable')}</dt><dd>${m(d.amount_payable)}</dd>` : ''}</dl></section>
  <section aria-labelledby="h-files"><h2 id="h-files">PDF · XML</h2><p><a class="button" href="${base}/pdf" download="${d.name}.pdf">${t(l, 'downloadPdf')}</a>
   ${kind.stamped && stamp.status && stamp.status !== 'Draft' ? html` <a class="button" href="${base}/xml" download="${d.name}.xml">${t(l, 'downloadXml')}</a>` : ''}</p></section>
  ${flash?.trail ?? ''}
  ${actions.length ? html`<section aria-labelledby="h-actions"><h2 id="h-actions">${t(l, 'actions')}</h2><div class="actions">${actions}</div></section>` : ''}`;
  return { status: flash?.errors ? 400 : 200, body: page(ctx, `${t(l, kind.label).replace(/s$/, '')} ${d.name}`, body) };
}
