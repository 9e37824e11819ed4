/**
 * The administration API as an operator calls it (Bearer ADMIN_TOKEN on
 * /admin/v1), company bodies with fresh tax ids, and the login of a company's
 * API user on its base address.
 */
import crypto from 'node:crypto';
import { nitCheckDigit } from '../../src/platform/nit';
import { rfcCheckDigit } from '../../src/platform/rfc';
import type { ApiClient, Reply } from './server';

export const ADMIN_TOKEN = 'test-admin-token-7f3a9c2e51d4-5b8e0a6c'; // at least 32 characters
export const SECRET_KEY = 'test-secret-key-0b1c2d3e4f5a6b7c';

export interface Admin {
  get(p: string): Promise<Reply>;
  post(p: string, body?: unknown): Promise<Reply>;
  patch(p: string, body: unknown): Promise<Reply>;
}

/** Calls on /admin/v1 with a token (the administration token by default). */
export function adminOf(c: ApiClient, token: string | null = ADMIN_TOKEN): Admin {
  const go = (method: string, p: string, body?: unknown) => c.call(method, `/admin/v1${p}`, { token, body });
  return { get: (p) => go('GET', p), post: (p, body = {}) => go('POST', p, body), patch: (p, body) => go('PATCH', p, body) };
}

/** A NIT of 9 digits no other test uses, with its check digit. */
export function freshNit(): { nit: string; dv: string } {
  const nit = String(800_000_000 + crypto.randomInt(0, 199_999_999));
  return { nit, dv: nitCheckDigit(nit) };
}

/** A company's RFC (12 characters) no other test uses, ending with its check digit. */
export function freshRfc(): string {
  const letters = 'ABCDEFGHJKLMNPRSTUVWXYZ';
  const pick = () => letters[crypto.randomInt(0, letters.length)];
  const head = `${pick()}${pick()}${pick()}${String(crypto.randomInt(0, 100)).padStart(2, '0')}0101${pick()}${crypto.randomInt(1, 10)}`;
  return head + rfcCheckDigit(head + '0');
}

export const BOGOTA = { country_code: 'CO', state_code: '11', city_code: '11001' };

export function coCompany(over: Record<string, unknown> = {}) {
  const { nit } = freshNit();
  return {
    country: 'CO', legal_name: 'Ferretería El Tornillo S.A.S.', tax_id: nit,
    address: { address: 'Cra 7 # 71-21 Of. 502', city: BOGOTA, postal_code: '110231' },
    settings: { email: 'facturacion@tornillo.example.co', vat_responsible: true, fiscal_responsibilities: ['O-13'] },
    ...over,
  };
}

export function mxCompany(over: Record<string, unknown> = {}) {
  return {
    country: 'MX', legal_name: 'TORNILLOS DEL NORTE', tax_id: freshRfc(),
    address: { address: 'Av. Constitución 2050', city: { country_code: 'MX', state_code: 'NLE' }, postal_code: '64000' },
    settings: { tax_regime: '601' },
    ...over,
  };
}

/** Logs an API user in on its base address ('' Colombia, '/mx' Mexico); the token. */
export async function login(c: ApiClient, base: '' | '/mx', username: string, accessKey: string): Promise<string> {
  const r = await c.call('POST', `${base}/auth`, { body: { username, access_key: accessKey } });
  if (r.status !== 200) throw new Error(`login ${username}: ${r.status} ${JSON.stringify(r.body)}`);
  return r.body.access_token;
}

/** A success or throws with the answer (for the steps a test only needs to get through). */
export function ok(r: Reply, status = 200): any {
  if (r.status !== status) throw new Error(`expected ${status}, got ${r.status}: ${JSON.stringify(r.body)}`);
  return r.body;
}
