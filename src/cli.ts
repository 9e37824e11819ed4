/**
 * Operator commands: `npm run -s cli -- <command>`.
 *
 *   demo [--json]                                   create the demo companies if absent; print working credentials
 *   company create --country CO|MX --legal-name N --tax-id ID [--check-digit D] [--time-zone TZ]
 *                                                   with the country's starting catalog (accounts, taxes, payment types, FV and RC types)
 *   user create --company-id N --username U         create an API user; prints its access key once
 *   key rotate --username U                         new access key for a user; revokes its tokens
 *   certificate load --company-id N --p12 FILE --password P
 *                                                   the company's signing certificate for electronic invoices
 *   bulk-demo --invoices N [--days D] [--customers K]
 *                                                   N realistic invoices (and their receipts) in the Colombian demo company,
 *                                                   in bulk statements (src/companies/bulk.ts); progress on stderr
 *
 * They use the configured database (DATABASE_URL, or the embedded one in DATA_DIR,
 * which must not be held by a running server).
 */
import fs from 'node:fs';
import { parseArgs } from 'node:util';
import { loadPkcs12 } from './einvoice/certificates';
import { satCertificateNumber } from './einvoice/sat/cfdi';
import { loadConfig } from './platform/config';
import { DatabaseHeldError, migrate, openDb, type Db } from './platform/db';
import { createApiUser, rotateKey } from './platform/auth';
import { isValidNit, nitCheckDigit } from './platform/nit';
import { ensureDemo, seedStarterCatalog } from './companies/demo';
import { bulkDemo } from './companies/bulk';

const USAGE = `usage: npm run -s cli -- <command>
  demo [--json]
  company create --country CO|MX --legal-name NAME --tax-id NIT_OR_RFC [--check-digit D] [--time-zone TZ]
  user create --company-id N --username NAME
  key rotate --username NAME
  certificate load --company-id N --p12 FILE.p12 --password PASSWORD
  bulk-demo --invoices N [--days D] [--customers K]`;

class UsageError extends Error {}

function need(values: Record<string, unknown>, ...names: string[]) {
  for (const n of names) if (values[n] === undefined || values[n] === '') throw new UsageError(`--${n} is required`);
}

async function run(db: Db, args: string[]): Promise<unknown> {
  const { values, positionals } = parseArgs({
    args, allowPositionals: true,
    options: {
      json: { type: 'boolean' }, country: { type: 'string' }, 'legal-name': { type: 'string' }, 'tax-id': { type: 'string' },
      'check-digit': { type: 'string' }, 'time-zone': { type: 'string' }, 'company-id': { type: 'string' }, username: { type: 'string' },
      p12: { type: 'string' }, password: { type: 'string' }, invoices: { type: 'string' }, days: { type: 'string' }, customers: { type: 'string' },
    },
  });
  const command = positionals.join(' ');
  switch (command) {
    case 'demo': {
      const demo = await ensureDemo(db);
      return { co: demo.co, mx: demo.mx };
    }
    case 'company create': {
      need(values, 'country', 'legal-name', 'tax-id');
      const country = String(values.country).toUpperCase();
      if (country !== 'CO' && country !== 'MX') throw new UsageError('--country must be CO or MX');
      const taxId = String(values['tax-id']).toUpperCase();
      let checkDigit: string | null = null;
      if (country === 'CO') {
        if (!/^[0-9]{5,15}$/.test(taxId)) throw new UsageError('--tax-id must be the NIT digits, without the check digit');
        checkDigit = (values['check-digit'] as string | undefined) ?? nitCheckDigit(taxId);
        if (!isValidNit(taxId, checkDigit)) throw new UsageError(`the check digit of NIT ${taxId} is ${nitCheckDigit(taxId)}`);
      } else if (!/^[A-ZÑ&]{3,4}[0-9]{6}[A-Z0-9]{3}$/.test(taxId)) {
        throw new UsageError('--tax-id must be an RFC (12 or 13 characters)');
      }
      const timeZone = (values['time-zone'] as string | undefined) ?? (country === 'CO' ? 'America/Bogota' : 'America/Mexico_City');
      if (!['America/Bogota', 'America/Mexico_City'].includes(timeZone)) throw new UsageError('--time-zone must be America/Bogota or America/Mexico_City');
      const [taken] = await db.query('SELECT company_id FROM companies WHERE country = $1 AND tax_id = $2', [country, taxId]);
      if (taken) throw new UsageError(`a ${country} company with tax id ${taxId} exists (company ${taken.company_id})`);
      const companyId = await db.tx(async (q) => {
        const [row] = await q.query<{ company_id: number }>(
          `INSERT INTO companies (country, legal_name, tax_id, check_digit, time_zone, settings) VALUES ($1, $2, $3, $4, $5, $6) RETURNING company_id`,
          [country, values['legal-name'], taxId, checkDigit, timeZone, JSON.stringify({ foreign_currency: { enabled: false, currencies: [] } })]);
        await seedStarterCatalog(q, row.company_id, country);
        return row.company_id;
      });
      return { company_id: companyId, country, legal_name: values['legal-name'], tax_id: taxId, check_digit: checkDigit, time_zone: timeZone };
    }
    case 'user create': {
      need(values, 'company-id', 'username');
      const companyId = Number(values['company-id']);
      const [company] = await db.query('SELECT company_id, country FROM companies WHERE company_id = $1', [Number.isInteger(companyId) ? companyId : 0]);
      if (!company) throw new UsageError(`no company with id ${values['company-id']}`);
      const [taken] = await db.query('SELECT id FROM api_users WHERE username = $1', [values.username]);
      if (taken) throw new UsageError(`username ${values.username} is taken`);
      return db.tx((q) => createApiUser(q, companyId, String(values.username)));
    }
    case 'key rotate': {
      need(values, 'username');
      const rotated = await rotateKey(db, String(values.username));
      if (!rotated) throw new UsageError(`no API user named ${values.username}`);
      return rotated;
    }
    case 'certificate load': {
      need(values, 'company-id', 'p12', 'password');
      const companyId = Number(values['company-id']);
      const [company] = await db.query('SELECT company_id, country FROM companies WHERE company_id = $1', [Number.isInteger(companyId) ? companyId : 0]);
      if (!company) throw new UsageError(`no company with id ${values['company-id']}`);
      let p12: Buffer;
      try { p12 = fs.readFileSync(String(values.p12)); } catch (e) { throw new UsageError(`cannot read ${values.p12}: ${(e as Error).message}`); }
      let cert;
      try {
        cert = loadPkcs12(p12, String(values.password));
        if (company.country === 'MX') satCertificateNumber(cert.serialNumberHex); // a CSD: its serial spells the certificate number
      } catch (e) { throw new UsageError((e as Error).message); }
      await db.query(
        `INSERT INTO company_credentials (company_id, p12, password) VALUES ($1, $2, $3)
         ON CONFLICT (company_id) DO UPDATE SET p12 = EXCLUDED.p12, password = EXCLUDED.password, created_at = now()`,
        [companyId, p12.toString('base64'), values.password]);
      return { company_id: companyId, subject: cert.subjectName, serial_number: cert.serialNumber, not_after: cert.notAfter };
    }
    case 'bulk-demo': {
      need(values, 'invoices');
      const count = (name: 'invoices' | 'days' | 'customers', min: number, max: number) => {
        if (values[name] === undefined) return undefined;
        const n = Number(String(values[name]).replace(/_/g, ''));
        if (!Number.isInteger(n) || n < min || n > max) throw new UsageError(`--${name} must be a whole number from ${min} to ${max}`);
        return n;
      };
      return bulkDemo(db, {
        invoices: count('invoices', 10, 100_000_000)!, days: count('days', 1, 3650), customers: count('customers', 1, 1_000_000),
        log: (line) => process.stderr.write(`${line}\n`),
      });
    }
    default:
      throw new UsageError(command ? `unknown command "${command}"` : 'no command given');
  }
}

async function main() {
  const config = loadConfig();
  let db: Db;
  try {
    db = await openDb(config);
  } catch (e) {
    console.error(e instanceof DatabaseHeldError ? e.message : e);
    process.exit(2);
  }
  try {
    await migrate(db);
    const result = await run(db, process.argv.slice(2));
    process.stdout.write(JSON.stringify(result) + '\n');
  } catch (e) {
    console.error(e instanceof UsageError ? `${e.message}\n${USAGE}` : e);
    process.exitCode = e instanceof UsageError ? 64 : 1;
  } finally {
    await db.close();
  }
}

main();
