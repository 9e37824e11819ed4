/**
 * What creating and listing documents (invoices, vouchers) share over HTTP:
 * schema errors and business rules in one answer, idempotent creation, and the
 * list filters.
 */
import { Type, type TSchema } from '@sinclair/typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Company } from './auth';
import type { Db, Queryable } from './db';
import { ApiError, Problems } from './errors';
import { addAjvErrors } from './validation';
import { addDateFilters, dateFilters, type DateFilterQuery } from './dates';
import { claim, idempotencyKey, remember, replay, requestHash } from './idempotency';
import type { GroupCommit } from './group-commit';
import { rememberCreated } from './events';

export const UuidParams = (what: string) => Type.Object({ id: Type.String({ format: 'uuid', description: `${what} id` }) });

export const IdempotencyHeader = {
  'Idempotency-Key': Type.Optional(Type.String({ description: '1–64 letters, digits or hyphens: a retry with the same key and body answers the first result' })),
};

/** A creation's request as its rules read it: the company, the body as its schema types it, what the schema found wrong. */
export type BodyOf<B> = Pick<FastifyRequest, 'company' | 'validationError'> & { body: B };

/**
 * Runs a document's rules after its JSON schema (routes use attachValidation),
 * so that one answer reports both: the rules run on whatever parts of the body are well formed.
 */
export async function planRequest<P>(req: Pick<FastifyRequest, 'body' | 'validationError'>, rules: (problems: Problems) => Promise<P>): Promise<P> {
  const problems = new Problems();
  const invalid = req.validationError;
  if (invalid) {
    addAjvErrors(problems, invalid.validation);
    if (!req.body || typeof req.body !== 'object' || Array.isArray(req.body)) problems.throwIfAny();
  }
  try {
    const plan = await rules(problems);
    problems.throwIfAny();
    return plan;
  } catch (e) {
    // A malformed part of the body may trip a rule; the schema errors already say what is wrong.
    if (e instanceof ApiError || invalid) problems.throwIfAny();
    throw e;
  }
}

/**
 * A creation's answer once committed: a document sent to the tax authority is answered as it stands after `submitted`
 * (which waits for the outbox up to DIAN_TIMEOUT_MS); one to be e-mailed wakes the outbox.
 */
export async function afterCreation<T extends { id?: string | null; stamp?: { send?: boolean }; mail?: { send?: boolean } }>(
  doc: T, outbox: { kick(): unknown } | undefined | null, submitted: (id: string) => Promise<unknown>): Promise<unknown> {
  if (doc.stamp?.send) return submitted(doc.id!);
  if (doc.mail?.send) void outbox?.kick();
  return doc;
}

/**
 * Creates a document under the request's Idempotency-Key, if any: a stored
 * answer is replayed (201, Idempotent-Replayed), another body with the key is a
 * 409, and concurrent retries wait for the first and get its answer.
 * `oneStatement(plan)`: `store` will write with a single statement, which is
 * atomic by itself: without a key it runs without BEGIN and COMMIT (two
 * round trips fewer), and with `batch` (group commit on) it joins the next batch
 * of creations, written together in one transaction (src/platform/group-commit.ts).
 * A creation with a key is not batched: its claim and answer need its own transaction.
 */
export async function createDocument<P, D>(db: Db, req: FastifyRequest, reply: FastifyReply, scope: string,
  plan: () => Promise<P>, store: (q: Queryable, plan: P) => Promise<D>, afterCommit?: (doc: D) => Promise<unknown>,
  oneStatement?: (plan: P) => boolean, batch?: Pick<GroupCommit, 'run'>) {
  const cid = req.company.company_id;
  const key = idempotencyKey(req);
  const hash = key ? requestHash(req.body) : '';
  const replayed = (a: { status: number; body: unknown }) => reply.status(a.status).header('Idempotent-Replayed', 'true').send(a.body);
  if (key) {
    const prior = await replay(db, cid, scope, key, hash);
    if (prior) return replayed(prior);
  }
  const p = await plan();
  const alone = !key && oneStatement?.(p);
  const result: { prior: { status: number; body: unknown }; doc: null } | { prior: null; doc: D } = alone ? { prior: null, doc: batch ? await batch.run((q) => store(q, p)) : await store(db, p) } : await db.tx(async (q) => {
    if (key) {
      const prior = await claim(q, cid, scope, key, hash);
      if (prior) return { prior, doc: null };
    }
    const doc = await store(q, p);
    if (key) await remember(q, cid, scope, key, { status: 201, body: doc });
    return { prior: null, doc };
  });
  if (result.prior) return replayed(result.prior);
  const answer = afterCommit ? await afterCommit(result.doc) : result.doc;
  // Its `<document>.created` event, for a company with webhooks: this process's dispatcher sends this answer as its data.
  const id = (answer as { id?: unknown } | null)?.id;
  if (req.company.webhooks && typeof id === 'string') rememberCreated(reply, id);
  return reply.status(201).send(answer);
}

/** The list filters every document has; `extra` adds the document's own (each an exact match on its column). */
export function listQuery(extra: Record<string, TSchema> = {}) {
  return Type.Object({
    document_id: Type.Optional(Type.Integer({ minimum: 1, maximum: 2147483647 })),
    customer_identification: Type.Optional(Type.String({ maxLength: 50 })),
    customer_branch_office: Type.Optional(Type.Integer({ minimum: 0, maximum: 999 })),
    name: Type.Optional(Type.String({ maxLength: 100 })),
    ...dateFilters('Documents dated'),
    ...Object.fromEntries(Object.entries(extra).map(([k, s]) => [k, Type.Optional(s)])),
  });
}

/** The SQL condition (and its parameters, from $1 = company id) of a list query. */
export function listFilter(q: DateFilterQuery & Record<string, unknown>, company: Company, extraColumns: string[] = []): { cond: string; args: unknown[] } {
  const args: unknown[] = [company.company_id];
  const where = ['company_id = $1'];
  const add = (sql: string, v: unknown) => { args.push(v); where.push(sql.replace(/\$n/g, `$${args.length}`)); };
  const exact: Record<string, string> = { document_id: 'document_type_id', customer_identification: 'customer_identification',
    customer_branch_office: 'customer_branch_office', name: 'name', ...Object.fromEntries(extraColumns.map((c) => [c, c])) };
  for (const [param, column] of Object.entries(exact)) if (q[param] !== undefined) add(`${column} = $n`, q[param]);
  addDateFilters(q, company.time_zone, add, 'date'); // time_zone is one of two names (a CHECK constraint), safe in SQL text
  return { cond: where.join(' AND '), args };
}
