/**
 * Every route the running app serves, read from its own OpenAPI document
 * (built by @fastify/swagger from the registered routes), so that a route added
 * later is walked by the reliability suites without editing them.
 */
import type { TestServer } from './server';

export interface RouteInfo {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Fastify style: /mx/v1/invoices/:id */
  url: string;
  /** 'co' for {base_url}, 'mx' for {base_url_mx} */
  country: 'co' | 'mx';
  /** Path without the country prefix: /v1/invoices/:id */
  path: string;
  params: string[];
  query: { name: string; schema: any }[];
  body?: any;
}

export function appRoutes(s: TestServer): RouteInfo[] {
  const doc: any = (s.running.app as any).swagger();
  const out: RouteInfo[] = [];
  for (const [p, ops] of Object.entries<any>(doc.paths ?? {})) {
    for (const [m, op] of Object.entries<any>(ops)) {
      const method = m.toUpperCase() as RouteInfo['method'];
      if (!['GET', 'POST', 'PUT', 'PATCH', 'DELETE'].includes(method)) continue;
      const url = p.replace(/\{(\w+)\}/g, ':$1');
      const country = url.startsWith('/mx/') ? 'mx' : 'co';
      const params = [...url.matchAll(/:(\w+)/g)].map((x) => x[1]);
      const query = (op.parameters ?? []).filter((x: any) => x.in === 'query').map((x: any) => ({ name: x.name, schema: x.schema }));
      out.push({ method, url, country, path: country === 'mx' ? url.slice(3) : url, params, query, body: op.requestBody?.content?.['application/json']?.schema });
    }
  }
  return out.sort((a, b) => `${a.url} ${a.method}`.localeCompare(`${b.url} ${b.method}`));
}

/** The error body of docs/api.md, checked strictly; returns what is wrong, or null. */
export const ERROR_CODES = new Set(['parameter_required', 'invalid_type', 'length_max', 'length_min', 'invalid_amount',
  'invalid_value', 'invalid_date', 'invalid_reference', 'parameter_inactive', 'already_exists', 'duplicated_document', 'invalid_array',
  'invalid_total_payments', 'invalid_payment', 'invalid_retentions', 'invalid_currency', 'invalid_cost_center', 'invalid_balance',
  'invalid_account', 'invalid_document', 'document_settings', 'company_settings', 'invalid_dian_resolution', 'parameter_not_allowed',
  'invalid_identification', 'invalid_email', 'invalid_code', 'invalid_partner_id', 'invalid_idempotency_key', 'header_required',
  'unauthorized', 'forbidden', 'not_found', 'requests_limit', 'payload_too_large', 'unsupported_media_type', 'idempotency_conflict',
  'unhandled_error']);

export function errorShapeProblem(status: number, body: any, headers?: Headers): string | null {
  if (headers && !/^application\/json/.test(headers.get('content-type') ?? '')) return `content-type ${headers.get('content-type')}`;
  if (!body || typeof body !== 'object' || Array.isArray(body)) return `body is not an object: ${JSON.stringify(body)?.slice(0, 200)}`;
  const keys = Object.keys(body).sort().join(',');
  if (keys !== 'Errors,Status') return `body keys ${keys}`;
  if (body.Status !== status) return `Status ${body.Status} != HTTP ${status}`;
  if (!Array.isArray(body.Errors) || body.Errors.length === 0) return 'Errors is empty or not an array';
  for (const e of body.Errors) {
    if (!e || typeof e !== 'object') return 'an error is not an object';
    const extra = Object.keys(e).filter((k) => !['Code', 'Message', 'Params', 'Detail'].includes(k));
    if (extra.length) return `error keys ${extra}`;
    if (typeof e.Code !== 'string' || !ERROR_CODES.has(e.Code)) return `undocumented Code ${JSON.stringify(e.Code)}`;
    if (typeof e.Message !== 'string' || !e.Message) return 'Message is not a string';
    if (!Array.isArray(e.Params) || e.Params.some((x: unknown) => typeof x !== 'string')) return 'Params is not an array of strings';
    if (e.Detail !== undefined && typeof e.Detail !== 'string') return 'Detail is not a string';
    if (/\n\s+at /.test(e.Message) || /\n\s+at /.test(e.Detail ?? '')) return 'stack trace in the body';
  }
  return null;
}
