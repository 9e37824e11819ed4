/**
 * The global invoice of tickets (issue 51; docs/mexico.md, "Tickets and the global invoice"): one CFDI to the general
 * public (XAXX010101000, PUBLICO EN GENERAL, UsoCFDI S01, PUE) with InformacionGlobal (Periodicidad, Meses, Año),
 * declaring every ticket of a closed period that no live invoice declares yet, one concept per ticket: ClaveProdServ
 * 01010101, ClaveUnidad ACT, Cantidad 1, Descripcion "Venta", NoIdentificacion the ticket's folio, ValorUnitario and
 * Importe its line amounts, Descuento its discounts, and its taxes as the ticket computed them. Two exceptions keep the
 * CFDI valid (Anexo 20 checks each concept): the lines of a ticket that carry different taxes are one concept per set
 * of taxes (an IVA's Base must be its concept's base plus its IEPS), and a group whose summed tax falls outside Anexo
 * 20's bounds for its summed base (many lines rounding the same way) is one concept per line; every such concept keeps
 * the ticket's folio.
 *
 * It is an invoice like any other (the invoice kernel numbers, stores and stamps it; it is read, cancelled and printed
 * at /v1/invoices), except for its journal entry, which has no lines: each ticket already posted its sale, paid at the
 * counter (revenue, IVA and IEPS trasladados cobrados, cash or bank, src/tickets/service.ts), and the global invoice
 * only gives those sales their CFDI, so posting them again would count the revenue and the taxes twice. Its FormaPago is
 * the form that brought in the most of its tickets' total (Anexo 20's rule for a payment in several forms).
 *
 * The tickets are marked with the invoice in the same transaction; the company's ticket counter is locked first, so two
 * global invoices (or a self-invoice) never take the same ticket. A ticket belongs to its global invoice only while
 * that invoice is live (src/tickets/read.ts): once the SAT cancels it, or a never-stamped one is deleted, its tickets
 * are open again for the next global invoice.
 */
import crypto from 'node:crypto';
import Decimal from 'decimal.js';
import type { Company } from '../platform/auth';
import type { Queryable } from '../platform/db';
import { DomainError, Problems } from '../platform/errors';
import { num, sum } from '../platform/money';
import { documentHead } from '../platform/answers';
import { GENERAL_PUBLIC } from '../companies/uses';
import { globalPeriod, PERIODICITIES, type GlobalInformation } from '../invoices/mx/global';
import { loadMasterData, mustBeActive, todayIn } from '../invoices/lookup';
import { writeInvoice } from '../invoices/kernel';
import type { MxInvoiceDocument } from '../invoices/mx/schema';
import { EXEMPT_IVA, importeBounds, rate, unsealedCfdi, type CfdiCompany } from '../countries/mx/sat/cfdi';
import { cfdiContentProblems } from '../countries/mx/sat/rules';
import type { CustomerRow, DocumentTypeRow, PaymentTypeRow, SellerRow } from '../catalog/rows';
import { endOfMonth, taxesPerTax, type StoredTicket } from './service';
import { STATE_SQL } from './read';
import type { GlobalInvoiceBody } from './schema';

/** The SAT's keys of a global invoice's concept (Anexo 20, the global invoice's guide). */
export const GLOBAL_CONCEPT = { product: '01010101', unit: 'ACT', description: 'Venta' } as const;

export interface GlobalPlan {
  date: string; from: string; to: string; global: GlobalInformation;
  /** The global invoice this one replaces (TipoRelacion 04): its id and UUID. */
  replaces: { id: string; uuid: string } | null;
  docType: DocumentTypeRow; seller: SellerRow; customer: CustomerRow; paymentTypes: PaymentTypeRow[];
}

const first = (months: string) => (Number(months) <= 12 ? Number(months) : (Number(months) - 12) * 2 - 1);
const monthDay = (year: number, month: number) => `${year}-${String(month).padStart(2, '0')}-01`;
const days = (a: string, b: string) => (Date.parse(`${b}T00:00:00Z`) - Date.parse(`${a}T00:00:00Z`)) / 86_400_000 + 1;

/** The days a period covers: the day (01), the week (02, up to 7 days) or fortnight (03, up to 16) sent, the month(s) (04, 05). */
export function periodDays(problems: Problems, body: GlobalInvoiceBody, today: string): { from: string; to: string } | null {
  if (problems.has('periodicity') || problems.has('months') || problems.has('year')) return null;
  const start = monthDay(body.year, first(body.months));
  const end = endOfMonth(monthDay(body.year, Number(body.months) <= 12 ? Number(body.months) : first(body.months) + 1));
  const p = body.periodicity;
  let from = start, to = end;
  if (p === '04' || p === '05') {
    for (const f of ['from', 'to'] as const) {
      if (body[f] !== undefined) problems.add('parameter_not_allowed', `Periodicity ${p} (${PERIODICITIES[p]}) declares the whole of c_Meses ${body.months}: send no ${f}`, f);
    }
  } else {
    if (body.from === undefined) { problems.add('parameter_required', `Periodicity ${p} (${PERIODICITIES[p]}) needs the period's first day`, 'from'); return null; }
    if (problems.has('from') || problems.has('to')) return null;
    from = body.from;
    to = body.to ?? (p === '01' ? from : '');
    if (!to) { problems.add('parameter_required', `Periodicity ${p} (${PERIODICITIES[p]}) needs the period's last day`, 'to'); return null; }
    if (from < start || from > end) problems.add('invalid_date', `The period must lie in c_Meses ${body.months} of ${body.year} (${start} to ${end}); ${from} does not`, 'from');
    else if (to < from || to > end) problems.add('invalid_date', `The period ends on or after ${from} and in its month (by ${end}), not on ${to}`, 'to');
    else if (p === '01' && to !== from) problems.add('invalid_date', 'A daily period (01) is one day: `to` is `from` or omitted', 'to');
    else if (p === '02' && days(from, to) > 7) problems.add('invalid_date', `A weekly period (02) is at most 7 days; ${from} to ${to} is ${days(from, to)}`, 'to');
    else if (p === '03' && days(from, to) > 16) problems.add('invalid_date', `A fortnightly period (03) is at most 16 days; ${from} to ${to} is ${days(from, to)}`, 'to');
  }
  if (problems.has('from') || problems.has('to')) return null;
  if (to >= today) {
    problems.add('invalid_date', `The period ${from} to ${to} is not over yet (today is ${today} in the company's time zone): a global invoice declares the tickets of a closed period`,
      p === '04' || p === '05' ? 'months' : body.to !== undefined || p !== '01' ? 'to' : 'from');
    return null;
  }
  return { from, to };
}

/** Checks the request and the master data the global invoice needs; nothing is read of the tickets yet. */
export async function planGlobal(q: Queryable, company: Company, body: GlobalInvoiceBody, problems: Problems): Promise<GlobalPlan> {
  const date = todayIn(company.time_zone);
  const regime = typeof company.settings?.tax_regime === 'string' ? company.settings.tax_regime : undefined;
  // The SAT's rules of the period (globalPeriod answers on global_information.*: the fields of this body are at its root).
  const rules = new Problems();
  const sent = { periodicity: body.periodicity, months: body.months, year: body.year };
  const global = ['periodicity', 'months', 'year'].some((f) => problems.has(f)) ? sent : globalPeriod(rules, sent, date, regime);
  for (const e of rules.items) problems.add(e.Code, e.Message, e.Params[0].replace(/^global_information\./, ''));
  const period = periodDays(problems, body, date);
  const md = await loadMasterData(q, company, { customerIdentifications: [GENERAL_PUBLIC.rfc] });
  const active = mustBeActive(problems);
  const types = [...md.document_types.values()].filter((t) => t.type === 'FV' && t.active && t.automatic_number).sort((a, b) => a.id - b.id);
  let docType: DocumentTypeRow | null | undefined = types[0];
  if (body.document) {
    docType = active(md.document_types.get(body.document.id), 'document.id', 'Document type', body.document.id, '/mx/v1/document-types?type=FV');
    if (docType && (docType.type !== 'FV' || !docType.automatic_number)) {
      problems.add('document_settings', `Document type ${docType.id} is ${docType.type}${docType.automatic_number ? '' : ' numbered by hand'}: a global invoice takes an invoice type (FV) numbered automatically`, 'document.id');
    }
  } else if (!docType) problems.add('document_settings', 'The company has no active invoice type (FV) numbered automatically for the global invoice', 'document.id');
  const sellers = [...md.sellers.values()].filter((s) => s.active).sort((a, b) => a.id - b.id);
  const seller = body.seller !== undefined ? active(md.sellers.get(body.seller), 'seller', 'Seller', body.seller, '/mx/v1/users') : sellers[0];
  if (!seller && body.seller === undefined) problems.add('document_settings', 'The company has no active seller to issue the global invoice', 'seller');
  const customer = active(md.customers.find((c) => c.identification === GENERAL_PUBLIC.rfc && c.branch_office === 0), 'body', 'Customer', `${GENERAL_PUBLIC.rfc} (branch office 0)`, '/mx/v1/customers');
  const replaces = body.substitutes && !problems.has('substitutes') ? await replaced(q, company.company_id, body.substitutes, global, problems) : null;
  problems.throwIfAny();
  return { date, from: period!.from, to: period!.to, global, replaces, docType: docType!, seller: seller!, customer: customer!,
    paymentTypes: [...md.payment_types.values()].filter((t) => t.document_type === 'FV' && t.sat_code) };
}

/**
 * The global invoice a new one replaces: a stamped, live global invoice of the company (not being cancelled) for the
 * same period (InformacionGlobal), whose UUID the new one relates with TipoRelacion 04.
 */
async function replaced(q: Queryable, cid: number, id: string, global: GlobalInformation, problems: Problems): Promise<{ id: string; uuid: string } | null> {
  const [old] = await q.query<{ name: string; stamp_uuid: string; period: GlobalInformation | null; cancelling: boolean }>(
    `SELECT name, stamp_uuid, document->'global_information' AS period, cancellation IS NOT NULL AND cancellation->>'status' <> 'Rejected' AS cancelling
       FROM invoices WHERE company_id = $1 AND id = $2 AND customer_identification = $3 AND stamp_status = 'Accepted'
        AND NOT annulled AND deleted_at IS NULL AND document ? 'global_information'`, [cid, id, GENERAL_PUBLIC.rfc]);
  if (!old) {
    problems.add('invalid_reference', `${id} is not a stamped global invoice of this company (to ${GENERAL_PUBLIC.rfc}, not cancelled)`, 'substitutes');
    return null;
  }
  if (old.cancelling) problems.add('invalid_document', `Global invoice ${old.name} is being cancelled already: its tickets are freed once the SAT cancels it`, 'substitutes');
  else if (!old.period || old.period.periodicity !== global.periodicity || old.period.months !== global.months || old.period.year !== global.year) {
    problems.add('invalid_value', `Global invoice ${old.name} declares another period (${old.period?.periodicity}/${old.period?.months}/${old.period?.year}): its substitute declares the same`, 'substitutes');
  }
  return { id, uuid: old.stamp_uuid };
}

type Concept = MxInvoiceDocument['items'][number];
type Line = StoredTicket['items'][number];

/** A concept of the lines of one ticket (their amounts and taxes summed). */
function concept(folio: number, lines: Line[]): Concept {
  const subtotal = sum(lines.map((l) => l.subtotal)), discount = sum(lines.map((l) => l.discount_value));
  return {
    code: String(folio), description: GLOBAL_CONCEPT.description, quantity: 1, price: num(subtotal), discount: num(discount), warehouse: null,
    sat_product_key: GLOBAL_CONCEPT.product, sat_unit_key: GLOBAL_CONCEPT.unit, subtotal: num(subtotal), discount_value: num(discount),
    taxes: taxesPerTax(lines), total: num(sum(lines.map((l) => l.total))),
  };
}

/** A ticket's concepts: one per set of taxes of its lines, or one per line where a summed tax leaves Anexo 20's bounds. */
export function ticketConcepts(t: Pick<StoredTicket, 'folio' | 'items'>): Concept[] {
  const groups = new Map<string, Line[]>();
  for (const l of t.items) {
    const k = l.taxes.map((x) => x.id).sort((a, b) => a - b).join(',');
    groups.set(k, [...(groups.get(k) ?? []), l]);
  }
  return [...groups.values()].flatMap((lines) => {
    const c = concept(t.folio, lines);
    const inBounds = c.taxes.every((x) => {
      if (x.type === EXEMPT_IVA) return true;
      const [lo, hi] = importeBounds(x.base_value, rate(x.percentage));
      return new Decimal(x.value).gte(lo) && new Decimal(x.value).lte(hi);
    });
    return inBounds ? [c] : lines.map((l) => concept(t.folio, [l]));
  });
}

/** The form of payment that brought in the most (ties: the lowest code). */
function mainForm(tickets: StoredTicket[]): string {
  const per = new Map<string, Decimal>();
  for (const t of tickets) per.set(t.payment_form, (per.get(t.payment_form) ?? new Decimal(0)).plus(t.total));
  return [...per.entries()].sort(([a, x], [b, y]) => y.comparedTo(x) || a.localeCompare(b))[0][0];
}

const cfdiCompanyOf = (company: Company): CfdiCompany => {
  const postal = company.address?.postal_code;
  return { ...company, settings: { ...company.settings }, address: { ...company.address, postal_code: typeof postal === 'string' ? postal : undefined } };
};

/**
 * POST /v1/tickets/global-invoice, in the caller's transaction (the route's, which may also hold its Idempotency-Key):
 * takes the open tickets of the planned period, writes the invoice (stamped through the outbox after commit) and marks
 * them. Returns the invoice's id; refused (400) when no ticket is left.
 */
export async function writeGlobalInvoice(q: Queryable, company: Company, plan: GlobalPlan, body: GlobalInvoiceBody): Promise<string> {
  const cid = company.company_id;
  // One global invoice (or self-invoice) at a time per company: each reads the tickets' state after the last one committed.
  await q.query('SELECT 1 FROM ticket_counters WHERE company_id = $1 FOR UPDATE', [cid]);
  const rows = await q.query<{ document: StoredTicket }>(
    `SELECT t.document FROM tickets t
       LEFT JOIN invoices g ON g.company_id = t.company_id AND g.id = t.global_invoice_id AND NOT g.annulled AND g.deleted_at IS NULL
       LEFT JOIN invoices s ON s.company_id = t.company_id AND s.id = t.self_invoice_id AND NOT s.annulled AND s.deleted_at IS NULL
      WHERE t.company_id = $1 AND ((t.date BETWEEN $2::date AND $3::date AND ${STATE_SQL.open}) OR t.global_invoice_id = $4) ORDER BY t.folio`,
  [cid, plan.from, plan.to, plan.replaces?.id ?? null]);
  const tickets = rows.map((r) => r.document);
  if (!tickets.length) {
    throw new DomainError('invalid_document', `No ticket dated ${plan.from} to ${plan.to} is left to declare: every one is in a live global invoice or invoiced alone, or none was recorded`,
      body.periodicity === '04' || body.periodicity === '05' ? 'months' : 'from');
  }
  const form = mainForm(tickets);
  const condition = plan.paymentTypes.filter((t) => t.sat_code === form).sort((a, b) => Number(b.active) - Number(a.active) || a.id - b.id)[0];
  if (!condition) throw new DomainError('document_settings', `The company has no invoice payment type (FV) of c_FormaPago ${form}, the form most of the tickets were paid with`, 'body');
  const items = tickets.flatMap(ticketConcepts);
  const total = num(sum(tickets.map((t) => t.total)));
  const id = crypto.randomUUID();
  const now = new Date();
  const document: MxInvoiceDocument = {
    ...documentHead(plan.docType, { id, prefix: plan.docType.prefix, number: null, name: null }),
    date: plan.date,
    customer: { rfc_id: GENERAL_PUBLIC.rfc, branch_office: 0, name: plan.customer.name.join(' ') },
    seller: plan.seller.id, observations: `Tickets ${tickets[0].folio} a ${tickets[tickets.length - 1].folio} (${plan.from} a ${plan.to})`,
    use: GENERAL_PUBLIC.use, cost_center: null, items, retentions: [], retention_details: [], global_information: plan.global,
    ...(plan.replaces ? { related: [{ type: '04', uuid: plan.replaces.uuid }] } : {}),
    subtotal: num(sum(tickets.map((t) => t.subtotal))), discounts: num(sum(tickets.map((t) => t.discounts))),
    taxes_total: num(sum(tickets.map((t) => t.taxes_total))), withholdings_total: 0, retentions_total: 0, total, balance: 0,
    payment: { method: 'PUE', conditions: { id: condition.id, value: total, due_date: plan.date, name: condition.name, payment_form: form } },
    stamp: { send: true, status: 'Draft', uuid: null, errors: null, observations: null },
    mail: { send: false, status: 'not_sent', observations: null },
    metadata: { created: now.toISOString(), last_updated: now.toISOString() },
    annulled: false, cancellation: null,
  };
  // The CFDI as the PAC would check it, before anything is written.
  const xml = unsealedCfdi({ document: { ...document, number: 1 }, company: cfdiCompanyOf(company), customer: plan.customer, products: {} });
  const refused = (await cfdiContentProblems(xml)).problems;
  if (refused.length) throw new DomainError('invalid_document', `The global invoice's CFDI would be refused (${refused[0].code}): ${refused[0].message}`, 'body');
  await writeInvoice(q, {
    companyId: cid, id, country: company.country, documentTypeId: plan.docType.id, date: plan.date, customerId: plan.customer.id,
    identification: GENERAL_PUBLIC.rfc, branchOffice: 0, total, balance: 0, document, now, stamp: true, created: company.webhooks,
  }, [], []);
  await q.query('UPDATE tickets SET global_invoice_id = $2 WHERE company_id = $1 AND id = ANY($3::uuid[])', [cid, id, tickets.map((t) => t.id)]);
  return id;
}
