/**
 * Cash receipt vouchers, on {base_url} only (Colombia): create (with
 * Idempotency-Key, as invoices), read, list and annul.
 */
import { Type } from '@sinclair/typebox';
import type { RouteModule } from '../platform/app';
import type { Company } from '../platform/auth';
import type { Queryable } from '../platform/db';
import { notFound } from '../platform/errors';
import { Enum } from '../platform/validation';
import { PageQuery, paged } from '../platform/http';
import { AfterQuery, listDocuments } from '../platform/lists';
import { createDocument, IdempotencyHeader, listFilter, listQuery, planRequest, UuidParams } from '../platform/documents';
import { VOUCHER_TYPES, VoucherBody } from './schema';
import { annulVoucher, planVoucher, storeVoucher, voucherTakesAdvance, type VoucherPlan } from './service';
import { committerOf } from '../platform/group-commit';
import { voucherAnswer, type VoucherRow } from './answer';
import { country as countryOf } from '../countries';

const ListQuery = Type.Composite([PageQuery, listQuery({ type: Enum(VOUCHER_TYPES) }), AfterQuery]);

/** The stored document with the fields that change after creation. */
const COLUMNS = ['document', 'annulled', 'mail_status', 'mail_observations', 'updated_at'];
const READ = `SELECT ${COLUMNS.join(', ')} FROM vouchers`;

export async function readVoucher(q: Queryable, company: Company, id: string) {
  const [row] = await q.query<VoucherRow>(`${READ} WHERE company_id = $1 AND id = $2`, [company.company_id, id]);
  if (!row) throw notFound(`Voucher ${id}`);
  return voucherAnswer(row);
}

export const voucherRoutes: RouteModule = (app, { db, country, config }) => {
  if (!countryOf(country).documents.vouchers) return;
  const tags = ['vouchers'];
  // Creations of this storage written together (GROUP_COMMIT_MS, GROUP_COMMIT_MAX): the same committer as invoices'.
  // A voucher written alone takes several statements: in its own transaction.
  const batch = committerOf(db, config).inTransactions;
  const headers = Type.Object(IdempotencyHeader);

  app.post('/vouchers', {
    attachValidation: true,
    schema: { tags, summary: 'Create a cash receipt voucher (DebtPayment, AdvancePayment or Detailed)', body: VoucherBody, headers },
  }, async (req, reply) => {
    const partnerId = req.headers['partner-id'] as string | undefined;
    return createDocument(db, req, reply, 'CO POST /v1/vouchers',
      () => planRequest(req, (problems) => planVoucher(db, req.company, req.body, problems)),
      // (Its `voucher.created` event, for a company with webhooks, is written with it by the kernel.)
      (q, p: VoucherPlan) => storeVoucher(q, req.company, p, { partnerId }), undefined,
      // Batched only when the kernel's writer is all it writes: no advance to check under the customer's lock.
      (p: VoucherPlan) => !voucherTakesAdvance(p), batch);
  });

  app.get('/vouchers/:id', { schema: { tags, summary: 'Read a cash receipt voucher', params: UuidParams('Voucher') } }, async (req) =>
    readVoucher(db, req.company, req.params.id));

  app.get('/vouchers', { schema: { tags, summary: 'List cash receipt vouchers, newest first', querystring: ListQuery } }, async (req) => {
    const q = req.query;
    const { total, rows } = await listDocuments<VoucherRow>(db, { table: 'vouchers', columns: COLUMNS, subtype: 'type', noun: 'voucher' }, req.company, q, listFilter(q, req.company, ['type']));
    return paged(q, total, rows.map(voucherAnswer));
  });

  app.post('/vouchers/:id/annul', {
    schema: { tags, summary: 'Annul a voucher: gives back what it paid on due items and reverses its journal entry', params: UuidParams('Voucher') },
  }, async (req) => {
    const id = req.params.id;
    return db.tx(async (q) => {
      await annulVoucher(q, req.company, id);
      return readVoucher(q, req.company, id);
    });
  });
};
