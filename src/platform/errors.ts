/**
 * The error body of docs/api.md:
 *   {"Status": 400, "Errors": [{"Code", "Message", "Params": [json path], "Detail"}]}
 * Codes come from the catalogue (./error-codes.ts). Domain code throws a
 * DomainError (a code, a message, a path), whose status the catalogue gives;
 * ApiError is for the platform's answers that carry their own status or
 * headers (429 and 503 with Retry-After, the router's errors).
 */
import { statusOf, type ErrorCode } from './error-codes';

export type { ErrorCode } from './error-codes';

export interface ErrorItem {
  Code: ErrorCode;
  Message: string;
  Params: string[];
  Detail?: string;
}

export class ApiError extends Error {
  constructor(public status: number, public errors: ErrorItem[], public headers: Record<string, string> = {}) {
    super(errors.map((e) => `${e.Code}: ${e.Message}`).join('; '));
  }

  body() {
    return { Status: this.status, Errors: this.errors };
  }
}

export function error(code: ErrorCode, message: string, params: string[] = [], detail?: string): ErrorItem {
  const item: ErrorItem = { Code: code, Message: message, Params: params };
  if (detail !== undefined) item.Detail = detail;
  return item;
}

/** A refusal of the domain: its code's status (the catalogue's), one problem at `path` (none: the request as a whole). */
export class DomainError extends ApiError {
  constructor(code: ErrorCode, message: string, path?: string, detail?: string) {
    super(statusOf(code), [error(code, message, path === undefined ? [] : [path], detail)]);
  }
}

export const badRequest = (errors: ErrorItem[]) => new ApiError(statusOf(errors[0]?.Code ?? 'invalid_value'), errors);
export const notFound = (what: string, path = 'id') => new DomainError('not_found', `${what} not found`, path);
export const unauthorized = (message: string) => new DomainError('unauthorized', message, 'Authorization');
export const forbidden = (message: string) => new DomainError('forbidden', message, 'Authorization');

/**
 * Collects problems while a request is checked, so that one answer reports all of them.
 */
export class Problems {
  readonly items: ErrorItem[] = [];
  private paths = new Set<string>();

  add(code: ErrorCode, message: string, path: string, detail?: string): void {
    if (this.items.some((e) => e.Code === code && e.Params[0] === path)) return; // one field, one problem of each kind
    this.items.push(error(code, message, [path], detail));
    this.paths.add(path);
  }

  /** True when a problem was already recorded at this path or under it. */
  has(path: string): boolean {
    for (const p of this.paths) if (p === path || p.startsWith(path + '.') || p.startsWith(path + '[')) return true;
    return false;
  }

  get empty(): boolean {
    return this.items.length === 0;
  }

  throwIfAny(): void {
    if (this.items.length) throw badRequest(this.items);
  }
}
