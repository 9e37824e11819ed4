/**
 * Operator commands: `npm run -s cli -- <command> [options]`. They do what
 * the administration API does (src/admin/routes.ts), through the same
 * functions, on the configured database (DATABASE_URL, or the embedded one in
 * DATA_DIR, which must not be held by a running server).
 *
 * Each command prints one JSON line on stdout. `--help` after a command shows
 * its options. A mistake (an unknown command or option, a missing option, a
 * value the API would refuse) prints what is wrong and the command's usage on
 * stderr and exits 64; a setting or database that cannot be used exits as the
 * server does (src/platform/startup.ts). Never a stack trace.
 *
 * Records take `--json '{…}'` (or `--json @file.json`), the body the API takes,
 * and `--set field=value` for single fields (nested with dots:
 * `--set settings.dian.environment=1`); values are read as the field's type.
 */
import { isRecord, recordOf as objectOf } from './platform/json';
import fs from 'node:fs';
import { parseArgs } from 'node:util';
import type { TSchema } from '@sinclair/typebox';
import { migrate, type Db } from './platform/db';
import { ApiError } from './platform/errors';
import { sealingKey } from './platform/secrets';
import { openChecked, settings, stop } from './platform/startup';
import type { Config } from './platform/config';
import { ensureDemo } from './companies/demo';
import { bulkDemo } from './companies/bulk';
import type { Actor } from './admin/audit';
import { RESOURCES } from './admin/resources';
import { apiUsers } from './admin/api-users';
import { certificates } from './admin/certificates';
import { companyCreateBody, CompanyUpdateBody, createCompany, getCompany, listCompanies, updateCompany } from './admin/companies';
import { runTestSet } from './admin/dian';
import { ensureDemoConsole } from './console/demo';
import { createConsoleUser, deleteConsoleUser, listConsoleUsers, setConsolePassword } from './console/accounts';

class UsageError extends Error {}

type Values = Record<string, string | boolean | string[] | undefined>;
interface Env { db: Db; config: Config; actor: Actor }
interface Command {
  name: string;
  /** Options after the command name, e.g. "--company-id N [--json BODY]". */
  usage: string;
  summary: string;
  options?: Record<string, { type: 'string' | 'boolean'; multiple?: boolean }>;
  /** Options that must be given. */
  required?: string[];
  /** Needs no database. */
  offline?: boolean;
  run(v: Values, env: Env): Promise<unknown>;
}

const str = { type: 'string' } as const;
const flag = { type: 'boolean' } as const;
const BODY = { json: str, set: { type: 'string', multiple: true } } as const;
const BODY_USAGE = '[--json BODY|@FILE] [--set FIELD=VALUE]...';

const int = (v: Values, name: string): number => {
  const raw = String(v[name]);
  if (!/^[1-9][0-9]{0,9}$/.test(raw) || Number(raw) > 2147483647) throw new UsageError(`--${name} must be a positive whole number, got "${raw}"`);
  return Number(raw);
};

/** The schema of a field at a dotted path of a body schema, when it is known. */
function schemaAt(schema: unknown, path: string[]): unknown {
  let s = schema;
  for (const p of path) {
    const here = objectOf(s);
    s = objectOf(here.properties)[p] ?? listOf(here.anyOf).map((x) => objectOf(objectOf(x).properties)[p]).find(Boolean);
  }
  return s;
}
const listOf = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);

/** A --set value read as its field's type: numbers, booleans, null, JSON objects and arrays; strings as they are. */
function typed(schema: unknown, raw: string): unknown {
  const s = objectOf(schema);
  const types = schema ? [s.type ?? listOf(s.anyOf).map((x) => objectOf(x).type)].flat(2).filter((t): t is string => typeof t === 'string') : [];
  if (raw === 'null' && types.includes('null')) return null;
  if (types.includes('string')) return raw;
  if ((types.includes('integer') || types.includes('number')) && /^-?[0-9]+(\.[0-9]+)?$/.test(raw)) return Number(raw);
  if (types.includes('boolean') && (raw === 'true' || raw === 'false')) return raw === 'true';
  if (!schema || types.includes('object') || types.includes('array')) { try { return JSON.parse(raw); } catch { return raw; } }
  return raw;
}

/** The body of a command: --json, then each --set on top of it. */
function body(v: Values, schema: TSchema, base: Record<string, unknown> = {}): Record<string, unknown> {
  let out: Record<string, unknown> = { ...base };
  if (typeof v.json === 'string') {
    const text = v.json.startsWith('@') ? readFile(v.json.slice(1)).toString('utf8') : v.json;
    let parsed: unknown;
    try { parsed = JSON.parse(text); } catch (e) { throw new UsageError(`--json is not valid JSON: ${(e as Error).message}`); }
    if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) throw new UsageError('--json must be a JSON object');
    out = { ...out, ...(parsed as object) };
  }
  for (const pair of (v.set as string[] | undefined) ?? []) {
    const m = /^([A-Za-z_][A-Za-z0-9_]*(?:\.[A-Za-z_][A-Za-z0-9_]*)*)=(.*)$/s.exec(pair);
    if (!m) throw new UsageError(`--set takes FIELD=VALUE (nested fields with dots), got "${pair}"`);
    const path = m[1].split('.');
    let at = out;
    for (const p of path.slice(0, -1)) {
      const inner = at[p];
      const next: Record<string, unknown> = isRecord(inner) ? { ...inner } : {};
      at[p] = next;
      at = next;
    }
    at[path[path.length - 1]] = typed(schemaAt(schema, path), m[2]);
  }
  return out;
}

function readFile(file: string): Buffer {
  try { return fs.readFileSync(file); } catch (e) { throw new UsageError(`cannot read ${file}: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}`); }
}

/** The company settings `company settings` switches (README: Company settings). */
const SWITCHES = ['seller_by_item', 'cost_center_required', 'long_product_descriptions', 'warehouses_enabled'] as const;

const COMPANY_FLAGS = {
  country: str, 'legal-name': str, 'tax-id': str, 'check-digit': str, 'time-zone': str,
  address: str, 'country-code': str, 'state-code': str, 'city-code': str, 'postal-code': str, 'no-starter-catalog': flag,
} as const;

/** A company body from its flags (the --json and --set ones on top). */
function companyBody(v: Values) {
  const given = (k: string) => (typeof v[k] === 'string' ? (v[k] as string) : undefined);
  const city = Object.fromEntries([['country_code', given('country-code') ?? given('country')], ['state_code', given('state-code')], ['city_code', given('city-code')]]
    .filter(([, x]) => x !== undefined));
  const address = given('address') === undefined ? undefined
    : { address: given('address'), ...(Object.keys(city).length ? { city } : {}), ...(given('postal-code') ? { postal_code: given('postal-code') } : {}) };
  const base = Object.fromEntries(Object.entries({
    country: given('country')?.toUpperCase(), legal_name: given('legal-name'), tax_id: given('tax-id'), check_digit: given('check-digit'),
    time_zone: given('time-zone'), address, starter_catalog: v['no-starter-catalog'] ? false : undefined,
  }).filter(([, x]) => x !== undefined));
  return body(v, companyCreateBody(), base);
}

const COMMANDS: Command[] = [
  {
    name: 'demo', usage: '[--json]', summary: 'create the demo companies if absent; print their working credentials', options: { json: flag },
    run: async (_v, { db }) => {
      const demo = await ensureDemo(db);
      const consoleUsers = await ensureDemoConsole(db);
      return { co: { ...demo.co, console: consoleUsers.co }, mx: { ...demo.mx, console: consoleUsers.mx } };
    },
  },
  {
    name: 'company list', usage: '[--country CO|MX] [--tax-id ID] [--page N] [--page-size N]', summary: 'companies, 100 a page',
    options: { country: str, 'tax-id': str, page: str, 'page-size': str },
    run: (v, { db }) => listCompanies(db, { country: v.country as string, tax_id: v['tax-id'] as string,
      page: v.page ? int(v, 'page') : 1, page_size: v['page-size'] ? Math.min(100, int(v, 'page-size')) : 100 }),
  },
  {
    name: 'company show', usage: '--company-id N', summary: 'a company with its settings', options: { 'company-id': str }, required: ['company-id'],
    run: (v, { db }) => getCompany(db, int(v, 'company-id')),
  },
  {
    name: 'company create',
    usage: `--country CO|MX --legal-name NAME --tax-id NIT_OR_RFC [--check-digit D] [--time-zone TZ]\n      --address TEXT [--state-code S --city-code C] [--postal-code P] [--no-starter-catalog] ${BODY_USAGE}`,
    summary: 'a company with its country\'s starting catalog (--no-starter-catalog: only the chart of accounts)',
    options: { ...COMPANY_FLAGS, ...BODY }, required: ['country', 'legal-name', 'tax-id'],
    run: (v, { db, actor }) => createCompany(db, actor, companyBody(v)),
  },
  {
    name: 'company update', usage: `--company-id N ${BODY_USAGE}   e.g. --set settings.dian.environment=1`,
    summary: 'change a company: legal_name, address, settings, logo', options: { 'company-id': str, ...BODY }, required: ['company-id'],
    run: (v, { db, actor }) => updateCompany(db, actor, int(v, 'company-id'), body(v, CompanyUpdateBody)),
  },
  {
    name: 'company settings', usage: '--company-id N [--set NAME=true|false]...', options: { 'company-id': str, set: BODY.set }, required: ['company-id'],
    summary: `switch ${SWITCHES.join(', ')} (company update --set settings.NAME=… does the same); prints them`,
    run: async (v, { db, actor }) => {
      const settings: Record<string, boolean> = {};
      for (const pair of (v.set as string[] | undefined) ?? []) {
        const m = /^(\w+)=(true|false)$/.exec(pair);
        if (!m || !(SWITCHES as readonly string[]).includes(m[1])) throw new UsageError(`--set takes NAME=true|false, NAME one of ${SWITCHES.join(', ')}`);
        settings[m[1]] = m[2] === 'true';
      }
      const c = await updateCompany(db, actor, int(v, 'company-id'), { settings });
      return { company_id: c.id, settings: Object.fromEntries(SWITCHES.map((k) => [k, c.settings[k] ?? null])) };
    },
  },
  ...RESOURCES.flatMap((r): Command[] => {
    const filters = Object.keys(r.filters ?? {});
    const dash = (k: string) => k.replace(/_/g, '-');
    const idFlags = { 'company-id': str, id: str };
    const commands: Command[] = [
      { name: `${r.noun} list`, usage: `--company-id N${filters.map((f) => ` [--${dash(f)} VALUE]`).join('')}`, summary: `list: ${r.summary}`,
        options: { 'company-id': str, ...Object.fromEntries(filters.map((f) => [dash(f), str])) }, required: ['company-id'],
        run: (v, { db }) => r.list(db, int(v, 'company-id'), Object.fromEntries(filters.filter((f) => v[dash(f)] !== undefined).map((f) => [f, v[dash(f)]]))) },
      { name: `${r.noun} show`, usage: '--company-id N --id M', summary: `one record: ${r.summary}`, options: idFlags, required: ['company-id', 'id'],
        run: (v, { db }) => r.get(db, int(v, 'company-id'), int(v, 'id')) },
      { name: `${r.noun} create`, usage: `--company-id N ${BODY_USAGE}`, summary: `create: ${r.summary}`, options: { 'company-id': str, ...BODY }, required: ['company-id'],
        run: (v, { db, actor }) => r.create(db, actor, int(v, 'company-id'), body(v, r.createBody)) },
      { name: `${r.noun} update`, usage: `--company-id N --id M ${BODY_USAGE}`, summary: `change: ${r.summary}`, options: { ...idFlags, ...BODY }, required: ['company-id', 'id'],
        run: (v, { db, actor }) => r.update(db, actor, int(v, 'company-id'), int(v, 'id'), body(v, r.updateBody)) },
    ];
    if (objectOf(r.updateBody.properties).active) {
      commands.push({ name: `${r.noun} deactivate`, usage: '--company-id N --id M', summary: `set active to false: ${r.summary}`, options: idFlags, required: ['company-id', 'id'],
        run: (v, { db, actor }) => r.update(db, actor, int(v, 'company-id'), int(v, 'id'), { active: false }) });
    }
    for (const [name, action] of Object.entries(r.actions ?? {})) {
      commands.push({ name: `${r.noun} ${name}`, usage: '--company-id N --id M', summary: action.summary, options: idFlags, required: ['company-id', 'id'],
        run: (v, { db, actor }) => action.run(db, actor, int(v, 'company-id'), int(v, 'id')) });
    }
    return commands;
  }),
  {
    name: 'certificate load', usage: '--company-id N --p12 FILE.p12 [--password-stdin]   (the password from stdin, or CERT_PASSWORD)',
    summary: 'upload a PKCS#12 file (certificate create with the file); its password from stdin (first line) or the CERT_PASSWORD variable, never an argument',
    options: { 'company-id': str, p12: str, password: str, 'password-stdin': flag }, required: ['company-id', 'p12'],
    run: async (v, { db, actor }) => {
      const p12 = readFile(String(v.p12)).toString('base64');
      return certificates.create(db, actor, int(v, 'company-id'), { p12, password: await passwordInput(v, 'CERT_PASSWORD') });
    },
  },
  {
    name: 'dian test-set', usage: '--company-id N [--test-set-id ID]', summary: 'send the DIAN habilitación test set and print the verdict per document',
    options: { 'company-id': str, 'test-set-id': str }, required: ['company-id'],
    run: async (v, { db, config, actor }) => {
      const { dianAuthority } = await import('./server'); // the HTTP service's modules, only for this command
      return runTestSet(db, actor, dianAuthority(config, db), int(v, 'company-id'), v['test-set-id'] === undefined ? {} : { test_set_id: v['test-set-id'] as string });
    },
  },
  {
    name: 'sat-receiver', usage: '--uuid UUID --accept|--reject',
    summary: 'answer, as the receiver, a cancellation the sandbox stamping provider holds for acceptance (PendingAcceptance)',
    options: { uuid: str, accept: flag, reject: flag }, required: ['uuid'],
    run: async (v, { db }) => {
      if (!v.accept === !v.reject) throw new UsageError('give one of --accept and --reject');
      const { answerAsReceiver } = await import('./countries/mx/sat/cancel');
      return answerAsReceiver(db, String(v.uuid), !!v.accept);
    },
  },
  {
    name: 'user create', usage: '--company-id N --username NAME', summary: 'an API user; prints its access key once (api-user create)',
    options: { 'company-id': str, username: str }, required: ['company-id', 'username'],
    run: (v, { db, actor }) => apiUsers.create(db, actor, int(v, 'company-id'), { username: v.username }),
  },
  {
    name: 'key rotate', usage: '--username NAME', summary: 'a new access key for an API user; its tokens stop working (api-user rotate)',
    options: { username: str }, required: ['username'],
    run: async (v, { db, actor }) => {
      const [u] = await db.query<{ company_id: number; id: number }>('SELECT company_id, id FROM api_users WHERE username = $1', [v.username]);
      if (!u) throw new UsageError(`no API user named ${v.username}`);
      return apiUsers.actions!.rotate.run(db, actor, u.company_id, u.id);
    },
  },
  {
    name: 'console-user add', usage: '--company-id N --email E --role owner|accountant|viewer [--password-stdin]   (the password from stdin, or CONSOLE_PASSWORD)',
    summary: 'a user of the operator console (/app); the password (at least 12 characters) from stdin (first line) or the CONSOLE_PASSWORD variable, never an argument nor printed',
    options: { 'company-id': str, email: str, role: str, password: str, 'password-stdin': flag }, required: ['company-id', 'email', 'role'],
    run: async (v, { db }) => createConsoleUser(db, int(v, 'company-id'), { email: v.email, role: v.role, password: await passwordInput(v, 'CONSOLE_PASSWORD') }),
  },
  {
    name: 'console-user list', usage: '--company-id N', summary: 'the console users of a company (no secrets)',
    options: { 'company-id': str }, required: ['company-id'], run: (v, { db }) => listConsoleUsers(db, int(v, 'company-id')),
  },
  {
    name: 'console-user delete', usage: '--company-id N --id M', summary: 'delete a console user; its sessions end',
    options: { 'company-id': str, id: str }, required: ['company-id', 'id'], run: (v, { db }) => deleteConsoleUser(db, int(v, 'company-id'), int(v, 'id')),
  },
  {
    name: 'console-user password', usage: '--company-id N --id M [--password-stdin]   (the password from stdin, or CONSOLE_PASSWORD)',
    summary: 'a new password for a console user (from stdin or CONSOLE_PASSWORD, never an argument); its sessions end',
    options: { 'company-id': str, id: str, password: str, 'password-stdin': flag }, required: ['company-id', 'id'],
    run: async (v, { db }) => setConsolePassword(db, int(v, 'company-id'), int(v, 'id'), { password: await passwordInput(v, 'CONSOLE_PASSWORD') }),
  },
  {
    name: 'bulk-demo', usage: '--invoices N [--days D] [--customers K] [--batch B] [--again]',
    summary: 'N realistic invoices (cash and credit, with receipts paying some) in the Colombian demo company, written by the kernels\' batch writers '
      + 'in batches of B (5,000) invoices or receipts, each committed with the load\'s progress (src/companies/bulk.ts): progress on stderr; run again with '
      + 'the same arguments to continue a load that stopped; --again starts another load where one of those arguments finished',
    options: { invoices: str, days: str, customers: str, batch: str, again: flag }, required: ['invoices'],
    run: (v, { db }) => {
      const count = (name: 'invoices' | 'days' | 'customers' | 'batch', min: number, max: number) => {
        if (v[name] === undefined) return undefined;
        const n = Number(String(v[name]).replace(/_/g, ''));
        if (!Number.isInteger(n) || n < min || n > max) throw new UsageError(`--${name} must be a whole number from ${min} to ${max}`);
        return n;
      };
      return bulkDemo(db, {
        invoices: count('invoices', 10, 100_000_000)!, days: count('days', 1, 3650), customers: count('customers', 1, 1_000_000),
        batch: count('batch', 1, 50_000), again: v.again === true,
        log: (line) => process.stderr.write(`${line}\n`),
      });
    },
  },
];

/**
 * A password for a command, never from its arguments (they stay in the shell's history and show in the process list):
 * - `--password-stdin`: the first line of standard input (a terminal is refused: nothing would hide the echo);
 * - else the environment variable `envName` (CERT_PASSWORD, CONSOLE_PASSWORD) when set;
 * - else the first line of standard input when it is not a terminal (`printf '%s\n' "$P" | npm run -s cli -- …`).
 * Standard input is read only in those cases, up to its first line or its end, and then closed, so that a caller
 * that keeps its end open is not waited for. `--password` is refused, saying what to do instead.
 */
async function passwordInput(v: Values, envName: string): Promise<string> {
  if (v.password !== undefined) {
    throw new UsageError(`--password is no longer accepted (a password in the command line stays in the shell history and the process list): pipe it on stdin (--password-stdin) or set ${envName}`);
  }
  const fromEnv = process.env[envName];
  const stdin = process.stdin;
  if (!v['password-stdin'] && fromEnv) return fromEnv;
  if (stdin.isTTY) {
    throw new UsageError(`give the password on stdin through a pipe (printf '%s\\n' "$PASSWORD" | npm run -s cli -- …) or in ${envName}; never as an argument`);
  }
  const line = await firstLine(stdin);
  if (!line) throw new UsageError(`no password on stdin: pipe it (printf '%s\\n' "$PASSWORD" | npm run -s cli -- …) or set ${envName}`);
  return line;
}

/** The first line of a stream (without its line end), read up to that line or the stream's end; the stream is closed after. */
function firstLine(stream: NodeJS.ReadStream): Promise<string> {
  return new Promise((resolve, reject) => {
    let text = '';
    const finish = (e?: Error) => {
      stream.off('data', onData);
      stream.off('end', onEnd);
      stream.off('error', finish);
      stream.pause();
      stream.destroy();
      if (e) reject(new UsageError(`cannot read the password from stdin: ${e.message}`));
      else resolve(text.split(/\r?\n/)[0]);
    };
    const onData = (chunk: Buffer | string) => {
      text += chunk.toString();
      if (text.includes('\n') || text.length > 65_536) finish();
    };
    const onEnd = () => finish();
    stream.on('data', onData);
    stream.once('end', onEnd);
    stream.once('error', finish);
  });
}

const usageOf = (c: Command) => `npm run -s cli -- ${c.name} ${c.usage}`.trimEnd();
/** Every command on a line; a collection's commands on one line (`seller list|show|create|update|deactivate`). */
const USAGE = (() => {
  const lines: string[] = [];
  for (const c of COMMANDS) {
    const r = RESOURCES.find((x) => c.name.startsWith(`${x.noun} `) && c.name !== 'certificate load');
    if (!r) { lines.push(`  ${c.name} ${c.usage.split('\n')[0]}`.trimEnd()); continue; }
    const verbs = COMMANDS.filter((x) => x.name.startsWith(`${r.noun} `) && x.name !== 'certificate load').map((x) => x.name.slice(r.noun.length + 1));
    const line = `  ${r.noun} ${verbs.join('|')} --company-id N [--id M] ${BODY_USAGE}`;
    if (!lines.includes(line)) lines.push(line);
  }
  return `usage: npm run -s cli -- <command> [options]   (<command> --help: its options)\n${lines.join('\n')}`;
})();

function find(args: string[]): { command: Command | null; rest: string[] } {
  const words = args.slice(0, 2).filter((a) => !a.startsWith('-'));
  for (let n = words.length; n > 0; n--) {
    const command = COMMANDS.find((c) => c.name === words.slice(0, n).join(' '));
    if (command) return { command, rest: args.slice(n) };
  }
  return { command: null, rest: args };
}

function parse(c: Command, args: string[]): Values {
  let values: Values;
  try {
    ({ values } = parseArgs({ args, strict: true, allowPositionals: false, options: { ...c.options, help: flag } }) as { values: Values });
  } catch (e) {
    throw new UsageError((e as Error).message.replace(/\. To specify a positional argument.*$/s, '').replace(/^Unknown option '(.*)'$/, 'unknown option $1'));
  }
  if (values.help) return values;
  for (const r of c.required ?? []) if (values[r] === undefined || values[r] === '') throw new UsageError(`--${r} is required`);
  return values;
}

async function main(argv: string[]): Promise<void> {
  const { command, rest } = find(argv);
  if (!command) {
    if (argv[0] === '--help' || argv[0] === 'help') { process.stdout.write(USAGE + '\n'); return; }
    const words = argv.filter((a) => !a.startsWith('-')).slice(0, 2).join(' ');
    process.stderr.write(`error: ${words ? `unknown command "${words}"` : 'no command given'}\n${USAGE}\n`);
    process.exitCode = 64;
    return;
  }
  let values: Values;
  try {
    values = parse(command, rest);
  } catch (e) {
    process.stderr.write(`error: ${(e as Error).message}\nusage: ${usageOf(command)}\n`);
    process.exitCode = 64;
    return;
  }
  if (values.help) { process.stdout.write(`${command.summary}\nusage: ${usageOf(command)}\n`); return; }

  const config = settings();
  const db = await openChecked(config);
  try {
    await migrate(db);
    const result = await command.run(values, { db, config, actor: { via: 'cli', sealingKey: sealingKey(config) } });
    process.stdout.write(JSON.stringify(result) + '\n');
  } catch (e) {
    if (!(e instanceof UsageError || (e instanceof ApiError && e.status < 500))) throw e;
    const lines = e instanceof ApiError ? e.errors.map((x) => `error: ${x.Code}${x.Params.length ? ` at ${x.Params.join(', ')}` : ''}: ${x.Message}`) : [`error: ${e.message}`];
    process.stderr.write(`${lines.join('\n')}\nusage: ${usageOf(command)}\n`);
    // A secret with no key to seal it (PostgreSQL without SECRET_KEY) is the configuration's fault, as at start: 78.
    process.exitCode = e instanceof ApiError && e.errors.some((x) => x.Params.includes('SECRET_KEY')) ? 78 : 64;
  } finally {
    await db.close();
  }
}

main(process.argv.slice(2)).catch((e) => stop('error', e));
