/**
 * Idempotency-Key on creations: the first successful answer of a key is kept
 * (per company and operation) and replayed for the same body; another body
 * with that key is a 409. A failed request stores nothing, so its key stays free.
 */
import crypto from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { Queryable } from './db';
import { ApiError, DomainError, error } from './errors';

export interface Stored { status: number; body: unknown }

/** The request's key, or undefined; a malformed key is a 400. */
export function idempotencyKey(req: FastifyRequest): string | undefined {
  const raw = req.headers['idempotency-key'];
  if (raw === undefined) return undefined;
  const key = String(raw);
  if (!/^[A-Za-z0-9-]{1,64}$/.test(key)) {
    throw new DomainError('invalid_idempotency_key', 'Idempotency-Key must be 1 to 64 letters, digits or hyphens', 'Idempotency-Key');
  }
  return key;
}

/** JSON with object keys sorted, so that the same body always hashes the same. */
function canonical(v: unknown): string {
  if (Array.isArray(v)) return `[${v.map(canonical).join(',')}]`;
  if (v && typeof v === 'object') {
    return `{${Object.keys(v).sort().map((k) => `${JSON.stringify(k)}:${canonical((v as Record<string, unknown>)[k])}`).join(',')}}`;
  }
  return JSON.stringify(v) ?? 'null';
}

export function requestHash(body: unknown): string {
  return crypto.createHash('sha256').update(canonical(body)).digest('hex');
}

function conflict(key: string): ApiError {
  return new ApiError(409, [error('idempotency_conflict', `Idempotency-Key ${key} was already used with a different request body`, ['Idempotency-Key'])]);
}

/** The stored answer of an earlier request with this key, if any (409 if its body differed). */
export async function replay(q: Queryable, companyId: number, scope: string, key: string, hash: string): Promise<Stored | null> {
  const [row] = await q.query<{ request_hash: string; status: number; response: unknown }>(
    'SELECT request_hash, status, response FROM idempotency_keys WHERE company_id = $1 AND scope = $2 AND key = $3', [companyId, scope, key]);
  if (!row || row.status === 0) return null;
  if (row.request_hash !== hash) throw conflict(key);
  return { status: row.status, body: row.response };
}

/**
 * Claims the key inside the creating transaction, before anything else is written.
 * A concurrent request with the same key waits here until the first one ends;
 * if that one committed, this returns its answer (and the caller must write nothing).
 */
export async function claim(q: Queryable, companyId: number, scope: string, key: string, hash: string): Promise<Stored | null> {
  const inserted = await q.query(
    `INSERT INTO idempotency_keys (company_id, scope, key, request_hash, status, response) VALUES ($1, $2, $3, $4, 0, 'null')
     ON CONFLICT DO NOTHING RETURNING key`, [companyId, scope, key, hash]);
  if (inserted.length) return null;
  const prior = await replay(q, companyId, scope, key, hash);
  if (!prior) throw new Error('idempotency key claimed but not answered');
  return prior;
}

export async function remember(q: Queryable, companyId: number, scope: string, key: string, answer: Stored): Promise<void> {
  await q.query('UPDATE idempotency_keys SET status = $4, response = $5 WHERE company_id = $1 AND scope = $2 AND key = $3',
    [companyId, scope, key, answer.status, JSON.stringify(answer.body)]);
}
