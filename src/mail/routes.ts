/**
 * For invoices and credit notes on both base addresses, vouchers and debit notes (Colombian only) and payment receipts
 * (Mexican only):
 *   POST /v1/{invoices|vouchers|credit-notes|debit-notes|payments}/{id}/mail  {"mail_to": "a@x.com", "copy_to": "b@y.com;c@z.com"}
 *     queues an e-mail (202) to mail_to (default: the customer's contact
 *     e-mails) with at most 5 copies; an invoice still with the tax authority
 *     is mailed once accepted, a rejected one is not mailed.
 *   GET /v1/{invoices|vouchers}/{id}/pdf
 *     {"base64": …}, or the PDF itself with Accept: application/pdf.
 */
import { Type } from '@sinclair/typebox';
import type { RouteModule } from '../platform/app';
import { DomainError, notFound, Problems } from '../platform/errors';
import { UuidParams } from '../platform/documents';
import { addAjvErrors, Ignored } from '../platform/validation';
import { DocumentNotFound, documentFiles } from '../pdf/document';
import { isEmail, requestMail, type DocKind } from './store';
import { LIVE } from '../invoices/kernel';
import { country as countryOf, type Country } from '../countries';

export const MAX_COPIES = 5;

export const MailBody = Type.Object({
  mail_to: Type.Optional(Type.String({ maxLength: 500, description: 'Addresses separated by ";" (at most 5); default: the customer\'s contact e-mails' })),
  copy_to: Type.Optional(Type.String({ maxLength: 500, description: `Copies, separated by ";" (at most ${MAX_COPIES})` })),
  ...Ignored(['guid'], 'Accepted and ignored (the reference API\'s SendInvoiceByEmailCommand carries the document id here; this service takes it from the URL)'),
}, { additionalProperties: false });

/** "a@x.com; b@y.com" → addresses, each checked; problems name the field. */
export function addressList(raw: string | undefined, field: string, problems: Problems): string[] {
  if (raw === undefined) return [];
  const list = raw.split(';').map((s) => s.trim()).filter(Boolean);
  if (!list.length && raw.trim()) problems.add('invalid_email', `${field} holds no address`, field);
  const bad = list.filter((a) => !isEmail(a));
  if (bad.length) problems.add('invalid_email', `Not valid e-mail addresses: ${bad.join(', ')}`, field);
  if (list.length > MAX_COPIES) problems.add('invalid_value', `At most ${MAX_COPIES} addresses in ${field}, got ${list.length}`, field);
  return [...new Set(list)];
}

/** Each kind of document that is mailed: its route, table (and the condition of its rows there) and tag. */
const KINDS: { kind: DocKind; path: string; what: string; table: string; scope: string; tag: (country: Country) => string; has: (country: Country) => boolean }[] = [
  { kind: 'invoice', path: '/invoices', what: 'Invoice', table: 'invoices', scope: ` AND ${LIVE}`, tag: (c) => `invoices (${c.code})`, has: () => true },
  { kind: 'voucher', path: '/vouchers', what: 'Voucher', table: 'vouchers', scope: '', tag: () => 'vouchers', has: (c) => c.documents.vouchers },
  { kind: 'credit_note', path: '/credit-notes', what: 'Credit note', table: 'notes', scope: ` AND kind = 'NC'`,
    tag: (c) => (c.documents.notes === 'ubl' ? 'credit notes' : 'credit notes (MX)'), has: (c) => c.documents.notes !== null },
  { kind: 'debit_note', path: '/debit-notes', what: 'Debit note', table: 'notes', scope: ` AND kind = 'ND'`, tag: () => 'debit notes', has: (c) => c.documents.debitNotes },
  { kind: 'payment', path: '/payments', what: 'Payment receipt', table: 'payments', scope: '', tag: () => 'payments (MX)', has: (c) => c.documents.payments },
];

export const mailRoutes: RouteModule = (app, { db, outbox, pool, country }) => {
  for (const { kind, path, what, table, scope, tag } of KINDS.filter((k) => k.has(countryOf(country)))) {
    const tags = [tag(countryOf(country))];
    app.post(`${path}/:id/mail`, {
      attachValidation: true,
      schema: { tags, summary: `E-mail the ${what.toLowerCase()} (PDF${kind === 'voucher' ? '' : ', and the XML once accepted'}) to the customer or to mail_to`, params: UuidParams(what), body: MailBody },
    }, async (req, reply) => {
      const cid = req.company.company_id;
      const id = req.params.id;
      const problems = new Problems();
      const invalid = req.validationError;
      if (invalid) { addAjvErrors(problems, invalid.validation); problems.throwIfAny(); }
      const body = req.body ?? {};
      const to = addressList(body.mail_to, 'mail_to', problems);
      const copyTo = addressList(body.copy_to, 'copy_to', problems);
      problems.throwIfAny();
      const queued = await db.tx(async (q) => {
        const [doc] = await q.query(`SELECT name, annulled, ${table === 'vouchers' ? 'NULL AS' : ''} stamp_status FROM ${table} WHERE company_id = $1 AND id = $2${scope} FOR UPDATE`, [cid, id]);
        if (!doc) throw notFound(`${what} ${id}`);
        const refuse = (why: string) => new DomainError('invalid_document', why, 'id');
        if (doc.annulled) throw refuse(`${what} ${doc.name} is annulled`);
        if (doc.stamp_status === 'Rejected') throw refuse(`${what} ${doc.name} was rejected by the tax authority; correct it and send it again before mailing it`);
        return requestMail(q, cid, kind, id, { to, copyTo, waitForAuthority: doc.stamp_status === 'Pending' });
      });
      void outbox?.kick();
      return reply.status(202).send({ id: queued.id, status: queued.status, mail_to: to.length ? to : null, copy_to: copyTo });
    });

    app.get(`${path}/:id/pdf`, {
      schema: { tags, summary: `The ${what.toLowerCase()} as a PDF: {"base64": …}, or the PDF itself with Accept: application/pdf`, params: UuidParams(what) },
    }, async (req, reply) => {
      let pdf: Buffer;
      try {
        ({ pdf } = await documentFiles(db, req.company.company_id, kind, req.params.id, pool));
      } catch (e) {
        if (e instanceof DocumentNotFound) throw notFound(e.message);
        throw e;
      }
      if (/application\/pdf/.test(String(req.headers.accept ?? ''))) return reply.type('application/pdf').send(pdf);
      return { base64: pdf.toString('base64') };
    });
  }
};
