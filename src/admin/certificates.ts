/**
 * Signing certificates (Colombia: the DIAN signature; Mexico: the CSD that
 * seals CFDIs). An upload is a PKCS#12 in base64 with its password, checked
 * before anything is stored: it opens with the password, holds a private key
 * with its certificate, is within its validity today, and (Mexico) is a CSD
 * whose serial spells the 20-digit certificate number. A subject that does not
 * carry the company's NIT or RFC, or a validity that ends within 30 days, is
 * reported in `warnings`. The new certificate becomes the active one (the one
 * documents are signed with); earlier ones are kept, inactive, and one of them
 * can be made active again while it is valid. The password is stored sealed
 * (src/platform/secrets.ts); answers show subject, issuer, serial and
 * validity, never the key or the password.
 */
import { Type } from '@sinclair/typebox';
import type { Db } from '../platform/db';
import { DomainError, notFound, Problems } from '../platform/errors';
import { validBody } from '../platform/validation';
import type { CompanyRow } from '../platform/auth';
import { AAD, passwordOf, sealFor, type SealingKey } from '../platform/secrets';
import type { CertificateError, LoadedCertificate } from '../einvoice/certificates';
import { runningPool } from '../workers/pool';
import { runTask } from '../workers/tasks';
import { satCertificateNumber } from '../countries/mx/sat/cfdi';
import { withCompany } from './audit';
import { companyRow, type Resource } from './collections';
import { Nullable } from '../platform/answers';
import { country as countryOf } from '../countries';

const COLUMNS = 'id, active, subject, issuer, serial_number, not_before, not_after, warnings, created_at';
/** COLUMNS of company_credentials (migrations/006_einvoice.sql, 018_administration.sql). */
interface CredentialRow {
  id: number; active: boolean; subject: string | null; issuer: string | null; serial_number: string | null;
  not_before: string | null; not_after: string | null; warnings: string[] | null; created_at: string;
}
const iso = (d: unknown) => (d ? new Date(d as string).toISOString() : null);
const answer = (r: CredentialRow) => ({
  id: r.id, active: r.active, subject: r.subject, issuer: r.issuer, serial_number: r.serial_number,
  not_before: iso(r.not_before), not_after: iso(r.not_after), warnings: r.warnings ?? [], created: iso(r.created_at),
});

const UploadBody = Type.Object({
  p12: Type.String({ minLength: 1, maxLength: 1_000_000, pattern: '^[A-Za-z0-9+/=\\s]+$', 'x-hint': 'must be the PKCS#12 (.p12/.pfx) file in base64',
    description: 'The PKCS#12 (.p12/.pfx) file in base64' }),
  password: Type.String({ maxLength: 200, description: 'Its password; stored sealed with SECRET_KEY, never answered' }),
});
const UpdateBody = Type.Object({ active: Type.Optional(Type.Boolean({ description: 'true: sign with this one (it must still be valid); false: sign with none' })) });

const DAY = 86_400_000;

/**
 * Opens an uploaded PKCS#12 on the worker pool (a server's; inline in the CLI), never on the main thread: deriving its
 * keys takes as long as the file asks (within MAX_PKCS12_ITERATIONS). A file that cannot be opened goes to `p`.
 */
async function open(p: Problems, body: { p12: string; password: string }): Promise<LoadedCertificate | null> {
  try {
    return await runTask(runningPool(), 'pkcs12.load', { p12: body.p12, password: body.password });
  } catch (e) {
    if (!(e instanceof Error) || e.name !== 'CertificateError') throw e;
    p.add('invalid_value', e.message, (e as Partial<CertificateError>).code === 'wrong_password' ? 'password' : 'p12');
    return null;
  }
}

/** Checks an opened certificate for the company; problems go to `p`, warnings are returned. */
function inspect(p: Problems, company: CompanyRow, cert: LoadedCertificate, now = new Date()): { cert: LoadedCertificate; warnings: string[] } {
  const day = (d: Date) => d.toISOString().slice(0, 10);
  if (cert.notBefore > now) p.add('invalid_value', `The certificate is valid only from ${day(cert.notBefore)}`, 'p12');
  if (cert.notAfter < now) p.add('invalid_value', `The certificate expired on ${day(cert.notAfter)}`, 'p12');
  if (countryOf(company.country).authority?.numberedCertificates) {
    try { satCertificateNumber(cert.serialNumberHex); } catch (e) { p.add('invalid_value', (e as Error).message, 'p12'); }
  }
  const warnings: string[] = [];
  const id = company.tax_id as string;
  if (!cert.subjectName.toUpperCase().includes(id.toUpperCase())) {
    warnings.push(`The certificate's subject (${cert.subjectName}) does not carry the company's ${countryOf(company.country).identification.label} ${id}: `
      + `the ${countryOf(company.country).authority?.name ?? 'tax authority'} refuses documents signed with another taxpayer's certificate`);
  }
  if (cert.notAfter.getTime() - now.getTime() < 30 * DAY && cert.notAfter > now) warnings.push(`The certificate expires on ${day(cert.notAfter)}, within 30 days`);
  return { cert, warnings };
}

function needKey(key: SealingKey | null | undefined): SealingKey {
  if (key) return key;
  throw new DomainError('parameter_required', 'Certificates cannot be stored: SECRET_KEY is not set. On a PostgreSQL server set SECRET_KEY (at least 16 characters, the same on every process) and restart; the certificate password is sealed with it', 'SECRET_KEY');
}

export const certificates: Resource = {
  path: 'certificates', noun: 'certificate', summary: 'Signing certificates (PKCS#12): the active one signs the company\'s documents',
  answer: Type.Object({
    id: Type.Integer(), active: Type.Boolean(), subject: Nullable(Type.String()), issuer: Nullable(Type.String()), serial_number: Nullable(Type.String()),
    not_before: Nullable(Type.String({ format: 'date-time' })), not_after: Nullable(Type.String({ format: 'date-time' })),
    warnings: Type.Array(Type.String()), created: Nullable(Type.String({ format: 'date-time' })),
  }),
  createBody: UploadBody, updateBody: UpdateBody,
  async list(q, companyId) {
    await companyRow(q, companyId);
    return (await q.query<CredentialRow>(`SELECT ${COLUMNS} FROM company_credentials WHERE company_id = $1 ORDER BY id DESC`, [companyId])).map(answer);
  },
  async get(q, companyId, id) {
    await companyRow(q, companyId);
    const [r] = await q.query<CredentialRow>(`SELECT ${COLUMNS} FROM company_credentials WHERE company_id = $1 AND id = $2`, [companyId, id]);
    if (!r) throw notFound(`Certificate ${id}`, 'item');
    return answer(r);
  },
  async create(db: Db, actor, companyId, sent) {
    const p = new Problems();
    const body = validBody(UploadBody, sent, p);
    const key = needKey(actor.sealingKey);
    const opened = p.empty ? await open(p, body) : null;
    return withCompany(db, actor, companyId, async ({ q, company, record }) => {
      p.throwIfAny();
      const { cert, warnings } = inspect(p, company, opened!);
      p.throwIfAny();
      await q.query('UPDATE company_credentials SET active = false WHERE company_id = $1 AND active', [companyId]);
      // The row's id first: the password is sealed with the row's identity (company, id) as associated data.
      const [{ id }] = await q.query<{ id: number }>(`SELECT nextval(pg_get_serial_sequence('company_credentials', 'id'))::int AS id`);
      const [row] = await q.query<CredentialRow>(
        `INSERT INTO company_credentials (company_id, id, p12, password, password_sealed, subject, issuer, serial_number, not_before, not_after, warnings, active)
         VALUES ($1, $10, $2, NULL, $3, $4, $5, $6, $7, $8, $9, true) RETURNING ${COLUMNS}`,
        [companyId, body.p12.replace(/\s+/g, ''), sealFor(key, body.password, AAD.certificate(companyId, id)), cert.subjectName, cert.issuerName, cert.serialNumber,
          cert.notBefore, cert.notAfter, JSON.stringify(warnings), id]);
      await record('upload', 'certificates', row.id, null, { ...answer(row), password: '(set)' });
      return answer(row);
    });
  },
  async update(db, actor, companyId, id, sent) {
    const p = new Problems();
    const body = validBody(UpdateBody, sent, p);
    return withCompany(db, actor, companyId, async ({ q, record }) => {
      const [before] = await q.query<CredentialRow>(`SELECT ${COLUMNS} FROM company_credentials WHERE company_id = $1 AND id = $2 FOR UPDATE`, [companyId, id]);
      if (!before) throw notFound(`Certificate ${id}`, 'item');
      if (body.active === true && !before.active) {
        if (before.not_after && new Date(before.not_after) < new Date()) p.add('invalid_value', `Certificate ${id} expired on ${iso(before.not_after)?.slice(0, 10)}`, 'active');
        p.throwIfAny();
        await q.query('UPDATE company_credentials SET active = false WHERE company_id = $1 AND active', [companyId]);
      }
      const [row] = await q.query<CredentialRow>(`UPDATE company_credentials SET active = $3 WHERE company_id = $1 AND id = $2 RETURNING ${COLUMNS}`,
        [companyId, id, body.active ?? before.active]);
      await record('update', 'certificates', id, answer(before), answer(row));
      return answer(row);
    });
  },
};

/**
 * Seals, under the current key and bound to its row (company, id), every certificate password stored in plain
 * (rows of earlier versions, generated demo certificates), sealed without its row ("v1", earlier versions) or
 * under another key this process knows (SECRET_KEY_PREVIOUS). Run at start; returns how many rows it sealed and
 * how many it could not open (their key is unknown, or the value is not of its row).
 */
export async function sealStoredPasswords(db: Db, key: SealingKey): Promise<{ sealed: number; unknownKey: number }> {
  const rows = await db.query<{ company_id: number; id: number; password: string | null; password_sealed: string | null }>(
    `SELECT company_id, id, password, password_sealed FROM company_credentials
      WHERE password IS NOT NULL OR password_sealed NOT LIKE $1`, [`v2.${key.id}.%`]);
  let sealed = 0;
  let unknownKey = 0;
  for (const r of rows) {
    let plain: string;
    try { plain = passwordOf(r); } catch { unknownKey++; continue; }
    await db.query(`UPDATE company_credentials SET password = NULL, password_sealed = $3
                     WHERE company_id = $1 AND id = $2 AND password IS NOT DISTINCT FROM $4 AND password_sealed IS NOT DISTINCT FROM $5`,
      [r.company_id, r.id, sealFor(key, plain, AAD.certificate(r.company_id, r.id)), r.password, r.password_sealed]);
    sealed++;
  }
  return { sealed, unknownKey };
}
