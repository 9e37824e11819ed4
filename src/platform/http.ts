/** Shared HTTP pieces: pagination, scopes and the request's company. */
import { Type, type Static, type TSchema } from '@sinclair/typebox';
import type { FastifyRequest } from 'fastify';
import type { Company } from './auth';

declare module 'fastify' {
  interface FastifyRequest {
    company: Company & { api_user_id: number };
    /** The Codes of an error answer (for the request's log line). */
    errorCodes?: string[];
  }
}

export const PageQuery = Type.Object({
  page: Type.Integer({ minimum: 1, maximum: 2147483647, default: 1, description: 'Page number, from 1' }),
  page_size: Type.Integer({ minimum: 1, maximum: 100, default: 25, description: 'Results per page, at most 100' }),
});
export type PageQuery = Static<typeof PageQuery>;

export const IdParams = Type.Object({ id: Type.Integer({ minimum: 1, maximum: 2147483647, description: 'Record id' }) });

export function paged<T>(q: PageQuery, total: number, results: T[]) {
  return { pagination: { page: q.page, page_size: q.page_size, total_results: total }, results };
}

/** LIMIT/OFFSET parameters for a page. */
export function pageWindow(q: PageQuery): [number, number] {
  return [q.page_size, (q.page - 1) * q.page_size];
}

export function companyId(req: FastifyRequest): number {
  return req.company.company_id;
}

/** The list envelope. */
export function PageOf<T extends TSchema>(item: T) {
  return Type.Object({
    pagination: Type.Object({ page: Type.Integer(), page_size: Type.Integer(), total_results: Type.Integer() }),
    results: Type.Array(item),
  });
}

export const ErrorBody = Type.Object({
  Status: Type.Integer(),
  Errors: Type.Array(Type.Object({
    Code: Type.String(), Message: Type.String(), Params: Type.Array(Type.String()), Detail: Type.Optional(Type.String()),
  })),
}, { $id: 'ErrorBody', description: 'Every non-2xx answer has this body' });
