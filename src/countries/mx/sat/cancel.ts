/**
 * Cancelling a stamped CFDI (an invoice or a payment receipt) with the SAT,
 * through the stamping provider (docs/mexico.md, Mexico):
 *
 *   POST …/{id}/cancel {motive, substitution}  →  cancellation.status Requested, a `sat_cancel` job queued
 *   the job asks the provider               →  Cancelled: the document is annulled (ledger and receivables
 *                                               reversed, dated that day); PendingAcceptance: the receiver must
 *                                               accept, the job asks again later (outbox backoff); Rejected
 *
 * Motives (c_MotivoCancelacion): 01 issued with errors, with relation (needs the UUID of the stamped CFDI that
 * replaces it: of the same issuer and type, live, relating this one with TipoRelacion 04, see related.ts),
 * 02 issued with errors, without relation, 03 operation not carried out, 04 nominative operation related to a
 * global invoice (only a global invoice to the general public, with InformacionGlobal). Whatever the motive, an
 * invoice with live payment receipts or credit notes related to it is not cancelled: they are cancelled first.
 *
 * The sandbox provider decides as the SAT's rules do (RMF 2.7.1.35, the cases that need no acceptance): an
 * income CFDI over 1,000 MXN (its Total times its TipoCambio) to a named receiver, more than 24 hours after it was issued, waits for the
 * receiver, who has 72 hours to answer (then it is cancelled); the receiver's answer is given with
 * `npm run cli -- sat-receiver` (or answerAsReceiver). Its state is kept in `sandbox_cancellations`, the SAT's side.
 */
import Decimal from 'decimal.js';
import { Type } from '@sinclair/typebox';
import type { App } from '../../../platform/app';
import type { Config } from '../../../platform/config';
import type { Outbox } from '../../../platform/outbox';
import { UuidParams } from '../../../platform/documents';
import { Enum } from '../../../platform/validation';
import { companyJson, type Company, type CompanyRow } from '../../../platform/auth';
import type { Db, Queryable } from '../../../platform/db';
import { DomainError, notFound } from '../../../platform/errors';
import { emit } from '../../../platform/events';
import { enqueue } from '../../../platform/outbox';
import { dayIn } from '../../../platform/dates';
import { GENERIC_RFCS } from '../../../catalog/customers';
import { GENERAL_PUBLIC } from '../../../companies/uses';
import type { Credentials } from '../../../einvoice/credentials';
import { parseXml } from './chain';

export const CANCEL_JOB = 'sat_cancel';
export const MOTIVES: Readonly<Record<string, string>> = Object.freeze({
  '01': 'Comprobante emitido con errores con relación',
  '02': 'Comprobante emitido con errores sin relación',
  '03': 'No se llevó a cabo la operación',
  '04': 'Operación nominativa relacionada en una factura global',
});
export type CancelStatus = 'Requested' | 'PendingAcceptance' | 'Cancelled' | 'Rejected';
export interface Cancellation {
  status: CancelStatus; motive: string; substitution: string | null; requested_at: string; updated_at: string;
  errors: { code: string; message: string }[];
}
/** The kinds of document that are cancelled, with their table and how they are named. */
const KINDS = {
  invoice: { table: 'invoices', title: 'Invoice', type: 'I' },
  payment: { table: 'payments', title: 'Payment receipt', type: 'P' },
  credit_note: { table: 'notes', title: 'Credit note', type: 'E' },
} as const;
export type CancelKind = keyof typeof KINDS;

export interface CancelRequest {
  issuer: string; receiver: string; uuid: string; total: string; type: 'I' | 'E' | 'P';
  /** The CFDI's TipoCambio (1 in pesos): the SAT's thresholds are in pesos, its Total in its currency. */
  exchangeRate: string;
  /** When the CFDI was issued. */
  issuedAt: Date;
  motive: string; substitution: string | null;
  /** The issuer's CSD (a real PAC signs the request with it), read only when asked. */
  csd: () => Promise<{ certPem: string; keyPem: string }>;
}
export interface CancelVerdict { status: 'PendingAcceptance' | 'Cancelled' | 'Rejected'; errors: { code: string; message: string }[] }

/** Where cancellations go: the sandbox below, or a real PAC's adapter. */
export interface CancelProvider {
  readonly name: string;
  /** Asks for the cancellation (asked again while it is under way: its state). */
  cancel(r: CancelRequest): Promise<CancelVerdict>;
  /** The state of a cancellation asked before (one waiting for the receiver). */
  status(r: CancelRequest): Promise<CancelVerdict>;
}

const ACCEPTANCE_ABOVE = new Decimal(1000);
const DAY_MS = 24 * 3600_000;
const ANSWER_WITHIN_MS = 72 * 3600_000;

export class SandboxCancellations implements CancelProvider {
  readonly name = 'sandbox';
  constructor(private db: Queryable, private now: () => Date = () => new Date()) {}

  async cancel(r: CancelRequest): Promise<CancelVerdict> {
    const refuse = (code: string, message: string): CancelVerdict => ({ status: 'Rejected', errors: [{ code, message }] });
    if (!MOTIVES[r.motive]) return refuse('MOTIVO', `${r.motive} no es una clave de c_MotivoCancelacion`);
    if ((r.motive === '01') !== !!r.substitution) return refuse('FOLIO_SUSTITUCION', 'FolioSustitucion va con el motivo 01, y solo con él');
    if (r.substitution === r.uuid) return refuse('FOLIO_SUSTITUCION', 'Un CFDI no se sustituye a sí mismo');
    const known = await this.status(r);
    // Under way or done: its state. Rejected by the receiver (or never asked): a new request starts over.
    if (known.status !== 'Rejected') return known;
    const waits = r.type === 'I' && !GENERIC_RFCS.includes(r.receiver) && new Decimal(r.total).times(r.exchangeRate).gt(ACCEPTANCE_ABOVE)
      && this.now().getTime() - r.issuedAt.getTime() > DAY_MS;
    const status = waits ? 'PendingAcceptance' : 'Cancelled';
    await this.db.query(
      `INSERT INTO sandbox_cancellations (uuid, issuer_rfc, receiver_rfc, motive, substitution, status, requested_at, answered_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7::timestamptz, CASE WHEN $6::text = 'Cancelled' THEN $7::timestamptz END)
       ON CONFLICT (uuid) DO UPDATE SET motive = $4, substitution = $5, status = $6, requested_at = $7, answered_at = EXCLUDED.answered_at`,
      [r.uuid, r.issuer, r.receiver, r.motive, r.substitution, status, this.now()]);
    return { status, errors: [] };
  }

  async status(r: CancelRequest): Promise<CancelVerdict> {
    const [known] = await this.db.query<{ status: CancelVerdict['status']; requested_at: Date }>(
      'SELECT status, requested_at FROM sandbox_cancellations WHERE uuid = $1', [r.uuid]);
    if (!known) return { status: 'Rejected', errors: [{ code: 'NO_ENCONTRADO', message: `No se solicitó la cancelación de ${r.uuid}` }] };
    if (known.status === 'PendingAcceptance' && this.now().getTime() - new Date(known.requested_at).getTime() > ANSWER_WITHIN_MS) {
      // The receiver did not answer within 72 hours: the SAT takes the cancellation as accepted.
      await this.db.query(`UPDATE sandbox_cancellations SET status = 'Cancelled', answered_at = $2 WHERE uuid = $1`, [r.uuid, this.now()]);
      return { status: 'Cancelled', errors: [] };
    }
    return { status: known.status, errors: known.status === 'Rejected' ? [{ code: 'RECHAZADA', message: 'El receptor rechazó la cancelación' }] : [] };
  }
}

/** The receiver's answer to a cancellation waiting for it (the sandbox's; the CLI's sat-receiver). */
export async function answerAsReceiver(db: Queryable, uuid: string, accept: boolean): Promise<{ uuid: string; status: string }> {
  const [row] = await db.query<{ status: string }>(
    `UPDATE sandbox_cancellations SET status = $2, answered_at = now() WHERE uuid = $1 AND status = 'PendingAcceptance' RETURNING status`,
    [uuid.toUpperCase(), accept ? 'Cancelled' : 'Rejected']);
  if (!row) throw new DomainError('invalid_reference', `No cancellation of ${uuid} waits for its receiver`, 'uuid');
  return { uuid: uuid.toUpperCase(), status: row.status };
}

interface Stored {
  id: string; name: string; date: string; annulled: boolean; stamp_status: string; stamp_uuid: string | null; total: string;
  customer_identification: string; created_at: Date; cancellation: Cancellation | null;
  /** A payment receipt replaced by another (src/payments/undo.ts): annulled in the books, its CFDI still to cancel. */
  replaced_by: string | null;
}

async function lockStored(q: Queryable, kind: CancelKind, cid: number, id: string): Promise<Stored | undefined> {
  const { table } = KINDS[kind];
  const [row] = await q.query<Stored>(
    `SELECT id, name, date::text AS date, annulled, stamp_status, stamp_uuid, total, customer_identification, created_at, cancellation,
            ${table === 'payments' ? 'replaced_by' : 'NULL::uuid AS replaced_by'} FROM ${table}
      WHERE company_id = $1 AND id = $2${({ invoices: ' AND deleted_at IS NULL', notes: ` AND kind = 'NC'`, payments: '' })[table]} FOR UPDATE`, [cid, id]);
  return row;
}

/**
 * What a cancellation does to a document of one kind, given by the document's own kernel (the invoices', the
 * payment receipts', the credit notes'): this client imports none of them. `setCancellation` records the
 * cancellation's state; `cancel` voids a Cancelled document on `day` (its entry reversed, its applications undone).
 */
export interface CancelKernel {
  setCancellation(q: Queryable, cid: number, id: string, c: Cancellation): Promise<void>;
  cancel(q: Queryable, cid: number, doc: { id: string; name: string; replaced_by: string | null }, day: string): Promise<void>;
}

/** The day an annulment is posted on: today in the company's time zone, never before the document's own date. */
const annulmentDay = (documentDate: string, timeZone: string) => {
  const today = dayIn(timeZone, new Date());
  return documentDate > today ? documentDate : today;
};

/**
 * POST …/{id}/cancel, in the caller's transaction: checks the request and queues it. Asked again while it is under
 * way (with the same motive), it asks the provider again (a receiver may have answered).
 */
export async function requestCancellation(q: Queryable, company: Company, kind: CancelKind, kernel: CancelKernel, id: string,
  body: { motive: string; substitution?: string }): Promise<void> {
  const cid = company.company_id;
  const { title } = KINDS[kind];
  const doc = await lockStored(q, kind, cid, id);
  if (!doc) throw notFound(`${title} ${id}`);
  const refuse = (why: string, path = 'id') => new DomainError('invalid_document', `${title} ${doc.name} ${why}`, path);
  // A replaced receipt reads annulled (the books follow its substitute) until its CFDI is cancelled.
  if (doc.annulled && !(doc.replaced_by && doc.cancellation?.status !== 'Cancelled')) throw refuse(doc.cancellation?.status === 'Cancelled' ? 'is already cancelled' : 'is annulled');
  if (doc.stamp_status !== 'Accepted' || !doc.stamp_uuid) throw refuse(`is ${doc.stamp_status}: only a stamped CFDI is cancelled with the SAT (annul or delete one that was never stamped)`);
  const under = doc.cancellation && (doc.cancellation.status === 'Requested' || doc.cancellation.status === 'PendingAcceptance');
  if (under && doc.cancellation!.motive !== body.motive) throw refuse(`has a cancellation with motive ${doc.cancellation!.motive} under way (${doc.cancellation!.status})`, 'motive');
  if (kind === 'invoice') {
    // Whatever the motive, a CFDI with live CFDIs related to it is not cancelled: its receipts and credit notes first.
    const paying = await q.query<{ name: string }>(
      `SELECT DISTINCT p.name FROM payments p JOIN payment_applications a ON a.company_id = p.company_id AND a.payment_id = p.id
         JOIN due_items d ON d.company_id = a.company_id AND d.id = a.due_item_id
        WHERE p.company_id = $1 AND d.invoice_id = $2 AND NOT p.annulled ORDER BY p.name`, [cid, id]);
    if (paying.length) throw refuse(`has payments applied (payment receipts ${paying.map((p) => p.name).join(', ')}): cancel them first`);
    const notes = await q.query<{ name: string }>(
      `SELECT name FROM notes WHERE company_id = $1 AND NOT annulled AND document->'invoices' @> jsonb_build_array(jsonb_build_object('id', $2::text)) ORDER BY name`, [cid, id]);
    if (notes.length) throw refuse(`is related to credit notes that are not cancelled (${notes.map((n) => n.name).join(', ')}): cancel them first`);
  }
  if (body.motive === '04') {
    // c_MotivoCancelacion 04: a global invoice (público en general, with InformacionGlobal) one of whose sales was then invoiced to its buyer.
    if (kind !== 'invoice') throw new DomainError('invalid_value', 'Motive 04 (operación nominativa relacionada en una factura global) is for invoices', 'motive');
    if (doc.customer_identification !== GENERAL_PUBLIC.rfc) {
      throw new DomainError('invalid_value', `Motive 04 (operación nominativa relacionada en una factura global) cancels a global invoice to ${GENERAL_PUBLIC.rfc} (público en general, with InformacionGlobal); ${doc.name} is to ${doc.customer_identification}`, 'motive');
    }
  }
  let substitution: string | null = null;
  if (body.motive === '01') {
    if (!body.substitution) throw new DomainError('parameter_required', 'Motive 01 (issued with errors, with relation) needs substitution: the UUID of the stamped CFDI that replaces it', 'substitution');
    substitution = body.substitution.toUpperCase();
    if (substitution === doc.stamp_uuid) throw new DomainError('invalid_value', 'A CFDI does not replace itself', 'substitution');
    // The substitute: a stamped, live CFDI of the same issuer and type that relates this one with TipoRelacion 04.
    const [found] = await q.query<{ name: string; relates: boolean }>(
      `SELECT name, coalesce(document->'related', '[]') @> jsonb_build_array(jsonb_build_object('type', '04', 'uuid', $3::text)) AS relates FROM ${KINDS[kind].table}
        WHERE company_id = $1 AND stamp_uuid = $2 AND stamp_status = 'Accepted' AND NOT annulled${({ invoices: ' AND deleted_at IS NULL', notes: ` AND kind = 'NC'`, payments: '' })[KINDS[kind].table]}`,
      [cid, substitution, doc.stamp_uuid]);
    if (!found) throw new DomainError('invalid_reference', `${body.substitution} is not the UUID of a stamped ${title.toLowerCase()} of this company (not cancelled): the substitute is a CFDI of the same type (${KINDS[kind].type})`, 'substitution');
    if (!found.relates) {
      throw new DomainError('invalid_reference', `${title} ${found.name} does not relate ${doc.stamp_uuid} with TipoRelacion 04 (sustitución): issue the substitute with related [{type: "04", uuid: "${doc.stamp_uuid}"}]`, 'substitution');
    }
  } else if (body.substitution !== undefined) {
    throw new DomainError('parameter_not_allowed', `substitution goes with motive 01 only, not ${body.motive}`, 'substitution');
  }
  const now = new Date().toISOString();
  await kernel.setCancellation(q, cid, id, under ? { ...doc.cancellation!, updated_at: now }
    : { status: 'Requested', motive: body.motive, substitution, requested_at: now, updated_at: now, errors: [] });
  await q.query(`DELETE FROM outbox WHERE company_id = $1 AND kind = $2 AND ref_id = $3 AND status IN ('done', 'failed')`, [cid, CANCEL_JOB, id]);
  await enqueue(q, cid, CANCEL_JOB, id, 2000);
  // Asked again while the job waits for the receiver (its next attempt backed off): it is due now.
  await q.query(`UPDATE outbox SET next_attempt_at = now(), attempts = 0 WHERE company_id = $1 AND kind = $2 AND ref_id = $3 AND status = 'pending' AND attempts > 0`,
    [cid, CANCEL_JOB, id]);
}

/**
 * The CFDI's own Total (what the SAT's status service is asked with) and TipoCambio: the stamped XML's, else the
 * document's total in pesos (a payment receipt's is 0: its amounts are in the complement).
 */
export function cfdiTotal(xml: string | null, type: 'I' | 'E' | 'P', documentTotal: string): { total: string; exchangeRate: string } {
  if (xml) {
    try {
      const root = parseXml(xml).documentElement;
      const total = root.getAttribute('Total');
      if (total) return { total, exchangeRate: root.getAttribute('TipoCambio') || '1' };
    } catch { /* the document's figure below */ }
  }
  return { total: type === 'P' ? '0' : documentTotal, exchangeRate: '1' };
}

/** The receiver has not answered yet: the outbox asks again later (with its backoff). */
export class AwaitingReceiver extends Error {}

/** The `sat_cancel` job: asks the provider and records the answer; a Cancelled document is annulled in the same transaction. */
export async function runCancellation(db: Db, provider: CancelProvider, kernels: Record<CancelKind, CancelKernel>, cid: number, id: string,
  credentials: Credentials): Promise<{ status: string }> {
  const [found] = await db.query<{ kind: CancelKind; tax_id: string; time_zone: string; company: CompanyRow }>(
    `SELECT k.kind, c.tax_id, c.time_zone, ${companyJson('c')} AS company FROM (SELECT 'invoice' AS kind FROM invoices WHERE company_id = $1 AND id = $2
                                               UNION ALL SELECT 'payment' FROM payments WHERE company_id = $1 AND id = $2
                                               UNION ALL SELECT 'credit_note' FROM notes WHERE company_id = $1 AND id = $2) k
       JOIN companies c ON c.company_id = $1`, [cid, id]);
  if (!found) throw new Error(`document ${id} not found`);
  const { kind } = found;
  const [doc] = await db.query<Stored & { xml: string | null }>(
    `SELECT id, name, stamp_uuid, total, customer_identification, created_at, cancellation, xml FROM ${KINDS[kind].table} WHERE company_id = $1 AND id = $2`, [cid, id]);
  const c = doc.cancellation;
  if (!c || (c.status !== 'Requested' && c.status !== 'PendingAcceptance')) return { status: c?.status ?? 'none' };
  const request: CancelRequest = {
    issuer: found.tax_id, receiver: doc.customer_identification, uuid: doc.stamp_uuid!, ...cfdiTotal(doc.xml, KINDS[kind].type, doc.total), type: KINDS[kind].type,
    issuedAt: new Date(doc.created_at), motive: c.motive, substitution: c.substitution,
    csd: () => credentials.company(found.company),
  };
  const verdict = await (c.status === 'Requested' ? provider.cancel(request) : provider.status(request));
  await db.tx(async (q) => {
    const locked = await lockStored(q, kind, cid, id);
    const now = locked?.cancellation;
    if (!locked || !now || (now.status !== 'Requested' && now.status !== 'PendingAcceptance')) return;
    await kernels[kind].setCancellation(q, cid, id, { ...now, status: verdict.status, errors: verdict.errors, updated_at: new Date().toISOString() });
    if (verdict.status === 'Cancelled') {
      await kernels[kind].cancel(q, cid, locked, annulmentDay(locked.date, found.time_zone));
    } else if (verdict.status === 'PendingAcceptance' && now.status !== 'PendingAcceptance') {
      await emit(q, cid, `${kind}.cancellation_pending`, { id, name: locked.name });
    }
  });
  if (verdict.status === 'PendingAcceptance') throw new AwaitingReceiver(`${KINDS[kind].title} ${doc.name}: the receiver has not answered the cancellation yet`);
  return { status: verdict.status };
}

export const CancelBody = Type.Object({
  motive: Enum(Object.keys(MOTIVES), { description: 'c_MotivoCancelacion: 01 issued with errors, with relation (send substitution); 02 issued with errors, without relation; 03 operation not carried out; 04 nominative operation related to a global invoice' }),
  substitution: Type.Optional(Type.String({ format: 'uuid', description: 'Motive 01: the UUID (fiscal folio) of the stamped CFDI that replaces this one' })),
});

/**
 * POST /{path}/{id}/cancel: queues the cancellation, lets the outbox ask the provider now (up to DIAN_TIMEOUT_MS),
 * and answers the document as it then stands: 200 once Cancelled or Rejected, 202 while Requested or waiting for
 * the receiver (PendingAcceptance).
 */
export function cancelRoute(app: App, ctx: { db: Db; outbox?: Outbox; config: Config }, kind: CancelKind, path: string, tags: string[],
  read: (q: Queryable, company: Company, id: string) => Promise<{ cancellation?: { status: string } | null }>, kernel: CancelKernel): void {
  app.post(`/${path}/:id/cancel`, {
    schema: { tags, summary: `Cancel a stamped ${KINDS[kind].title.toLowerCase()} with the SAT (motive 01–04); only Cancelled reverses its ledger entry and receivable`,
      params: UuidParams(KINDS[kind].title), body: CancelBody },
  }, async (req, reply) => {
    const id = req.params.id;
    await ctx.db.tx((q) => requestCancellation(q, req.company, kind, kernel, id, req.body));
    await ctx.outbox?.runAndWait(req.company.company_id, CANCEL_JOB, id, ctx.config.dianTimeoutMs);
    const doc = await read(ctx.db, req.company, id);
    return reply.status(doc.cancellation?.status === 'Cancelled' || doc.cancellation?.status === 'Rejected' ? 200 : 202).send(doc);
  });
}

/** The cancellation as a document's answer shows it (null when none was asked). */
export function cancellationAnswer(c: Cancellation | null) {
  return c ? { status: c.status, motive: c.motive, substitution: c.substitution, requested_at: c.requested_at, errors: c.errors.length ? c.errors.map((e) => `${e.code}: ${e.message}`).join('; ') : null } : null;
}

