/**
 * The frame of every administration change, for the HTTP API and the CLI
 * alike: one transaction with the company's row locked (admin changes of one
 * company run one at a time, so their checks hold), the change itself, a row
 * in admin_changes with what changed, and the company's catalog_version moved
 * so that every process drops what it keeps of the company (the master-data
 * cache, the token cache: both follow catalog_version and the company row).
 * A refused change throws before anything is written and writes nothing.
 */
import type { Db, Queryable } from '../platform/db';
import { DomainError, notFound } from '../platform/errors';
import type { SealingKey } from '../platform/secrets';
import type { CompanyRow } from '../platform/auth';

/**
 * Who asks: the HTTP API or the CLI; `changed` hears every change committed (the API logs it);
 * `sealingKey` seals the secrets a change stores (null: none configured, see src/platform/secrets.ts).
 */
export interface Actor {
  via: 'api' | 'cli';
  changed?: (change: Change) => void;
  sealingKey?: SealingKey | null;
}

/**
 * The key a change seals `what` with. None (PostgreSQL without SECRET_KEY): the service stores it as it came (a
 * development start; a production start refuses to run without SECRET_KEY), while the CLI refuses to store it in clear
 * (parameter_required at SECRET_KEY, exit code 78), as it refuses certificates.
 */
export function keyToStore(actor: Pick<Actor, 'via' | 'sealingKey'>, what: string): SealingKey | null {
  if (actor.sealingKey) return actor.sealingKey;
  if (actor.via === 'cli') {
    throw new DomainError('parameter_required', `${what} would be stored in clear: SECRET_KEY is not set. On a PostgreSQL server set SECRET_KEY (at least 16 characters, the same on every process) and run the command again`, 'SECRET_KEY');
  }
  return null;
}

export interface Change {
  company_id: number;
  action: string;
  resource: string;
  record_id: string;
  changes: Record<string, { from: unknown; to: unknown }>;
}

/** Fields whose values never reach a log: only that they changed. */
const SECRET = new Set(['password', 'pin', 'access_key', 'p12', 'logo', 'key_hash', 'key_salt', 'password_sealed', 'technical_key', 'secret']);

const plain = (v: unknown): v is Record<string, unknown> => !!v && typeof v === 'object' && !Array.isArray(v);

/** A value as it may be logged: secrets at any depth replaced by "(set)". */
function masked(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(masked);
  if (!plain(v)) return v ?? null;
  return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, SECRET.has(k) && x !== null && x !== undefined ? '(set)' : masked(x)]));
}

/** What differs between two records, field by field (nested objects by their paths), secrets masked. */
export function diff(before: Record<string, unknown> | null, after: Record<string, unknown>, prefix = ''): Change['changes'] {
  const out: Change['changes'] = {};
  const keys = new Set([...Object.keys(before ?? {}), ...Object.keys(after)]);
  for (const k of keys) {
    const a = before?.[k] ?? null;
    const b = after[k] ?? null;
    const path = prefix ? `${prefix}.${k}` : k;
    if (JSON.stringify(a) === JSON.stringify(b)) continue;
    if (SECRET.has(k)) out[path] = { from: a === null ? null : '(set)', to: b === null ? null : '(changed)' };
    else if (plain(a) && plain(b)) Object.assign(out, diff(a, b, path));
    else out[path] = { from: masked(a), to: masked(b) };
  }
  return out;
}

export interface Frame {
  q: Queryable;
  company: CompanyRow;
  /** Records a change of a record of the company (skipped when nothing differs). */
  record(action: string, resource: string, id: string | number, before: Record<string, unknown> | null, after: Record<string, unknown>): Promise<void>;
}

/**
 * Runs `fn` in a transaction on the locked company `companyId` (404 when there is none), or on
 * the company that `companyId(q)` creates first; records its changes and moves the company's
 * catalog_version when it changed something.
 */
export async function withCompany<T>(db: Db, actor: Actor, which: number | ((q: Queryable) => Promise<number>), fn: (f: Frame) => Promise<T>): Promise<T> {
  const changes: Change[] = [];
  const result = await db.tx(async (q) => {
    const companyId = typeof which === 'number' ? which : await which(q);
    const [company] = await q.query<CompanyRow>('SELECT * FROM companies WHERE company_id = $1 FOR UPDATE', [companyId]);
    if (!company) throw notFound(`Company ${companyId}`, 'id');
    const frame: Frame = {
      q, company,
      record: async (action, resource, id, before, after) => {
        const c = diff(before, after);
        if (!Object.keys(c).length) return;
        const change = { company_id: companyId, action, resource, record_id: String(id), changes: c };
        await q.query('INSERT INTO admin_changes (company_id, via, action, resource, record_id, changes) VALUES ($1, $2, $3, $4, $5, $6)',
          [companyId, actor.via, action, resource, change.record_id, JSON.stringify(c)]);
        changes.push(change);
      },
    };
    const out = await fn(frame);
    if (changes.length) await q.query('UPDATE companies SET catalog_version = catalog_version + 1 WHERE company_id = $1', [companyId]);
    return out;
  });
  for (const c of changes) actor.changed?.(c);
  return result;
}
