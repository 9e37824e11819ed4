/**
 * Console users (an e-mail, a role, a password kept only as a salted scrypt
 * hash), their logins (throttled per e-mail and per address) and their
 * sessions, which live in the database so that every instance shares them.
 * A session cookie carries "<company id>.<secret>"; only the SHA-256 of the
 * secret is stored. Each session has its own CSRF token.
 */
import { loginHashing } from '../platform/throttle';
import crypto from 'node:crypto';
import type { Config } from '../platform/config';
import type { Db, Queryable } from '../platform/db';
import { scryptHex } from '../platform/hashing';
import { DomainError, notFound, Problems } from '../platform/errors';
import { runTask } from '../workers/tasks';
import { runningPool } from '../workers/pool';
import { reserveLogin } from '../platform/login-gate';


export const ROLES = ['owner', 'accountant', 'viewer'] as const;
export type Role = (typeof ROLES)[number];
export const MIN_PASSWORD = 12;

/** The console's settings of the service's configuration (CONSOLE_*). */
export type ConsoleSettings = Pick<Config, 'consoleHttps' | 'consoleIdleSeconds' | 'consoleSessionSeconds' | 'consoleLoginMaxPerEmail'
  | 'consoleLoginMaxPerAddress' | 'consoleLoginWindowSeconds'>;

export async function hashPassword(password: string, salt = crypto.randomBytes(16).toString('hex')) {
  return { salt, hash: await scryptHex(password, salt, 'password') };
}

const sha256 = (s: string) => crypto.createHash('sha256').update(s).digest('hex');
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** A password of 12 to 200 characters that is hard to guess (src/platform/password-strength.ts, on the worker pool); `known`: the user's e-mail. */
async function checkPassword(p: Problems, password: unknown, known: string[]): Promise<void> {
  if (typeof password !== 'string') p.add(password === undefined ? 'parameter_required' : 'invalid_type', 'password must be a text', 'password');
  else if (password.length < MIN_PASSWORD) p.add('length_min', `The password must have at least ${MIN_PASSWORD} characters`, 'password');
  else if (password.length > 200) p.add('length_max', 'The password must have at most 200 characters', 'password');
  else {
    const weak = await runTask(runningPool(), 'password.strength', { password, known });
    if (weak) p.add('invalid_value', weak, 'password');
  }
}

function checkObject(body: unknown): Record<string, unknown> {
  if (!body || typeof body !== 'object' || Array.isArray(body)) throw new DomainError('invalid_type', 'The body must be a JSON object', 'body');
  return body as Record<string, unknown>;
}

function closed(p: Problems, body: Record<string, unknown>, allowed: string[]): void {
  for (const k of Object.keys(body)) if (!allowed.includes(k)) p.add('parameter_not_allowed', `Unknown field ${k}`, k);
}

async function companyExists(q: Queryable, companyId: number): Promise<void> {
  const [c] = await q.query('SELECT 1 FROM companies WHERE company_id = $1', [companyId]);
  if (!c) throw notFound(`Company ${companyId}`);
}

export interface ConsoleUser { id: number; email: string; role: Role; created: string }
interface UserRow { id: number; email: string; role: Role; created_at: string | Date }
interface Credentials { company_id: number; id: number; password_salt: string; password_hash: string; active: boolean }
const answer = (r: UserRow): ConsoleUser => ({ id: r.id, email: r.email, role: r.role, created: new Date(r.created_at).toISOString() });

/** Creates a console user of a company: {email, password, role}. */
export async function createConsoleUser(db: Db, companyId: number, input: unknown): Promise<ConsoleUser> {
  const body = checkObject(input);
  const p = new Problems();
  closed(p, body, ['email', 'password', 'role']);
  const email = body.email;
  if (typeof email !== 'string') p.add(email === undefined ? 'parameter_required' : 'invalid_type', 'email must be a text', 'email');
  else if (email.length > 254 || !EMAIL.test(email)) p.add('invalid_email', `${email} is not an e-mail address`, 'email');
  await checkPassword(p, body.password, typeof email === 'string' ? [email] : []);
  if (!ROLES.includes(body.role as Role)) p.add(body.role === undefined ? 'parameter_required' : 'invalid_value', `role must be one of ${ROLES.join(', ')}`, 'role');
  p.throwIfAny();
  const { salt, hash } = await hashPassword(body.password as string);
  return db.tx(async (q) => {
    await companyExists(q, companyId);
    const [taken] = await q.query('SELECT 1 FROM console_users WHERE lower(email) = lower($1)', [email]);
    if (taken) throw new DomainError('already_exists', `A console user with the e-mail ${email} exists`, 'email');
    const [row] = await q.query<UserRow>(
      'INSERT INTO console_users (company_id, email, role, password_salt, password_hash) VALUES ($1, $2, $3, $4, $5) RETURNING id, email, role, created_at',
      [companyId, (email as string).trim(), body.role, salt, hash]);
    return answer(row);
  });
}

export async function listConsoleUsers(db: Db, companyId: number): Promise<ConsoleUser[]> {
  await companyExists(db, companyId);
  return (await db.query<UserRow>('SELECT id, email, role, created_at FROM console_users WHERE company_id = $1 ORDER BY id', [companyId])).map(answer);
}

/** Deletes a console user and (by the foreign key) its sessions. */
export async function deleteConsoleUser(db: Db, companyId: number, userId: number): Promise<{ id: number; deleted: true }> {
  const rows = await db.query('DELETE FROM console_users WHERE company_id = $1 AND id = $2 RETURNING id', [companyId, userId]);
  if (!rows.length) throw notFound(`Console user ${userId}`, 'userId');
  return { id: userId, deleted: true };
}

/** A new password: {password}; every session of the user ends. */
export async function setConsolePassword(db: Db, companyId: number, userId: number, input: unknown): Promise<ConsoleUser> {
  const body = checkObject(input);
  const p = new Problems();
  closed(p, body, ['password']);
  const [user] = await db.query<{ email: string }>('SELECT email FROM console_users WHERE company_id = $1 AND id = $2', [companyId, userId]);
  await checkPassword(p, body.password, user ? [user.email] : []);
  p.throwIfAny();
  const { salt, hash } = await hashPassword(body.password as string);
  return db.tx(async (q) => {
    const [row] = await q.query<UserRow>(
      'UPDATE console_users SET password_salt = $3, password_hash = $4 WHERE company_id = $1 AND id = $2 RETURNING id, email, role, created_at',
      [companyId, userId, salt, hash]);
    if (!row) throw notFound(`Console user ${userId}`, 'userId');
    await q.query('DELETE FROM console_sessions WHERE company_id = $1 AND user_id = $2', [companyId, userId]);
    return answer(row);
  });
}

/** Puts a console user with this e-mail, role and password in the company (the demo's users). */
export async function ensureConsoleUser(q: Queryable, companyId: number, email: string, role: Role, password: string): Promise<void> {
  const [user] = await q.query<Credentials>('SELECT company_id, id, password_salt, password_hash FROM console_users WHERE lower(email) = lower($1)', [email]);
  if (user && user.company_id !== companyId) throw new Error(`The console e-mail ${email} is reserved for the demo company ${companyId} but belongs to company ${user.company_id}`);
  if (user && (await hashPassword(password, user.password_salt)).hash === user.password_hash) return;
  const { salt, hash } = await hashPassword(password);
  if (user) await q.query('UPDATE console_users SET password_salt = $3, password_hash = $4, role = $5 WHERE company_id = $1 AND id = $2', [companyId, user.id, salt, hash, role]);
  else await q.query('INSERT INTO console_users (company_id, email, role, password_salt, password_hash) VALUES ($1, $2, $3, $4, $5)', [companyId, email, role, salt, hash]);
}

export interface Session {
  company_id: number;
  user_id: number;
  email: string;
  role: Role;
  csrf: string;
  lang: 'es' | 'en';
  token_hash: string;
}

/** Checks an e-mail and password: a new session's cookie value, or 401 / 429. */
export async function login(db: Db, s: ConsoleSettings, email: string, password: string, address: string): Promise<{ cookie: string }> {
  // Failures count per e-mail *from one address* and per address: an address that guesses one user's password is
  // stopped, and nobody can lock that user out from elsewhere (the user still logs in from their own address).
  const attempt = await reserveLogin(db, s.consoleLoginWindowSeconds, [
    { key: `e:${email.trim().toLowerCase()}@${address}`, max: s.consoleLoginMaxPerEmail, who: 'this e-mail', field: 'email' },
    { key: `a:${address}`, max: s.consoleLoginMaxPerAddress, who: 'this address', field: 'address' }]);
  const [user] = await db.query<Credentials>('SELECT company_id, id, password_salt, password_hash, active FROM console_users WHERE lower(email) = lower($1)', [email.trim()]);
  // The hash in the bounded pool every login shares (one per address at a time), never on its own.
  const { hash } = await loginHashing.run(address, () => hashPassword(password, user?.password_salt ?? 'timing'));
  // A deactivated user (src/console/users.ts) is refused as a wrong password is: the form tells nobody who exists.
  const failed = !user || !crypto.timingSafeEqual(Buffer.from(hash, 'hex'), Buffer.from(user.password_hash, 'hex')) || !user.active;
  await attempt.settle(failed);
  if (failed) throw new DomainError('unauthorized', 'Wrong e-mail or password', 'password');
  const secret = crypto.randomBytes(32).toString('base64url');
  await db.query('INSERT INTO console_sessions (company_id, token_hash, user_id, csrf) VALUES ($1, $2, $3, $4)',
    [user.company_id, sha256(secret), user.id, crypto.randomBytes(24).toString('base64url')]);
  await db.query('UPDATE console_users SET last_login_at = now() WHERE company_id = $1 AND id = $2', [user.company_id, user.id]);
  if (Math.random() < 0.05) {
    await db.query(`DELETE FROM console_sessions WHERE company_id = $1 AND (last_seen < now() - make_interval(secs => $2) OR created_at < now() - make_interval(secs => $3))`,
      [user.company_id, s.consoleIdleSeconds, s.consoleSessionSeconds]);
  }
  return { cookie: `${user.company_id}.${secret}` };
}

/** The session of a cookie value, still within its idle and absolute lifetimes (and marks it used), or null. */
export async function readSession(db: Db, s: ConsoleSettings, cookie: string | undefined): Promise<Session | null> {
  const m = /^([1-9][0-9]{0,9})\.([A-Za-z0-9_-]{43})$/.exec(cookie ?? '');
  if (!m || Number(m[1]) > 2147483647) return null;
  const [row] = await db.query<Session>(
    `UPDATE console_sessions x SET last_seen = now()
       FROM console_users u
      WHERE x.company_id = $1 AND x.token_hash = $2 AND u.company_id = x.company_id AND u.id = x.user_id AND u.active
        AND x.last_seen >= now() - make_interval(secs => $3) AND x.created_at >= now() - make_interval(secs => $4)
      RETURNING x.company_id, x.user_id, u.email, u.role, x.csrf, x.lang, x.token_hash`,
    [Number(m[1]), sha256(m[2]), s.consoleIdleSeconds, s.consoleSessionSeconds]);
  return row ?? null;
}

export async function endSession(db: Db, session: Session): Promise<void> {
  await db.query('DELETE FROM console_sessions WHERE company_id = $1 AND token_hash = $2', [session.company_id, session.token_hash]);
}

export async function setLanguage(db: Db, session: Session, lang: 'es' | 'en'): Promise<void> {
  await db.query('UPDATE console_sessions SET lang = $3 WHERE company_id = $1 AND token_hash = $2', [session.company_id, session.token_hash, lang]);
}

/* ---- Users managed by the company's owner (src/console/users.ts): invitations, roles, deactivation, the activity kept. ---- */

/** How long an invitation's link works. */
export const INVITATION_HOURS = 72;

/** A console user as the owner's page lists it. */
export interface ManagedUser { id: number; email: string; role: Role; active: boolean; last_login_at: Date | null; created_at: Date; invited: boolean }
/** Who acts in the console: the session's user. */
export type Actor = Pick<Session, 'company_id' | 'user_id' | 'email'>;
export type Activity = 'invite' | 'accept' | 'role' | 'deactivate' | 'activate';

export async function recordActivity(q: Queryable, companyId: number, actorEmail: string, action: Activity, subject: string, detail: Record<string, unknown> = {}): Promise<void> {
  await q.query('INSERT INTO console_activity (company_id, actor_email, action, subject, detail) VALUES ($1, $2, $3, $4, $5)',
    [companyId, actorEmail, action, subject, JSON.stringify(detail)]);
}

/** The company's console users, with whether each still has an invitation to answer (never logged in and one not used). */
export async function managedUsers(db: Db, companyId: number): Promise<ManagedUser[]> {
  return db.query<ManagedUser>(
    `SELECT u.id, u.email, u.role, u.active, u.last_login_at, u.created_at,
            (u.last_login_at IS NULL AND EXISTS (SELECT 1 FROM console_invitations i WHERE i.company_id = u.company_id AND i.user_id = u.id AND i.used_at IS NULL)) AS invited
       FROM console_users u WHERE u.company_id = $1 ORDER BY lower(u.email)`, [companyId]);
}

/**
 * Invites `email` with `role` to the actor's company: a new user with no usable password (a random one nobody knows),
 * or, when this company's user with that e-mail has not accepted an invitation yet, that user again (its earlier links
 * stop working). Returns the link's token (only its SHA-256 is stored) and the user's id.
 */
export async function inviteConsoleUser(db: Db, actor: Actor, emailIn: string, role: string): Promise<{ token: string; userId: number; email: string }> {
  const email = emailIn.trim();
  const p = new Problems();
  if (!email) p.add('parameter_required', 'email is required', 'email');
  else if (email.length > 254 || !EMAIL.test(email)) p.add('invalid_email', `${email} is not an e-mail address`, 'email');
  if (!ROLES.includes(role as Role)) p.add(role ? 'invalid_value' : 'parameter_required', `role must be one of ${ROLES.join(', ')}`, 'role');
  p.throwIfAny();
  const { salt, hash } = await hashPassword(crypto.randomBytes(32).toString('base64url'));
  const token = crypto.randomBytes(32).toString('base64url');
  return db.tx(async (q) => {
    const cid = actor.company_id;
    const [had] = await q.query<{ company_id: number; id: number; last_login_at: Date | null; pending: boolean }>(
      `SELECT u.company_id, u.id, u.last_login_at, EXISTS (SELECT 1 FROM console_invitations i WHERE i.company_id = u.company_id AND i.user_id = u.id) AS pending
         FROM console_users u WHERE lower(u.email) = lower($1) FOR UPDATE`, [email]);
    let userId: number;
    if (had) {
      // Another company's user, or one of this company who already set a password: not invited again.
      if (had.company_id !== cid || had.last_login_at !== null || !had.pending) throw new DomainError('already_exists', `A console user with the e-mail ${email} exists`, 'email');
      userId = had.id;
      await q.query('UPDATE console_users SET role = $3, active = true WHERE company_id = $1 AND id = $2', [cid, userId, role]);
      await q.query('UPDATE console_invitations SET used_at = now() WHERE company_id = $1 AND user_id = $2 AND used_at IS NULL', [cid, userId]);
    } else {
      [{ id: userId }] = await q.query<{ id: number }>(
        'INSERT INTO console_users (company_id, email, role, password_salt, password_hash) VALUES ($1, $2, $3, $4, $5) RETURNING id', [cid, email, role, salt, hash]);
    }
    await q.query(`INSERT INTO console_invitations (token_hash, company_id, user_id, invited_by, expires_at) VALUES ($1, $2, $3, $4, now() + make_interval(hours => $5))`,
      [sha256(token), cid, userId, actor.user_id, INVITATION_HOURS]);
    await recordActivity(q, cid, actor.email, 'invite', email, { role });
    return { token, userId, email };
  }).catch((e: unknown) => {
    // Two invitations of one new e-mail at once: the second meets the first's row in the unique index.
    if ((e as { code?: string }).code === '23505') throw new DomainError('already_exists', `A console user with the e-mail ${email} exists`, 'email');
    throw e;
  });
}

/** The invitation of a link's token while it can be used (not used, not expired, its user active), or null. */
export async function invitationOf(db: Queryable, token: string): Promise<{ company_id: number; user_id: number; email: string } | null> {
  if (!/^[A-Za-z0-9_-]{43}$/.test(token)) return null;
  const [row] = await db.query<{ company_id: number; user_id: number; email: string }>(
    `SELECT i.company_id, i.user_id, u.email FROM console_invitations i JOIN console_users u ON u.company_id = i.company_id AND u.id = i.user_id
      WHERE i.token_hash = $1 AND i.used_at IS NULL AND i.expires_at > now() AND u.active`, [sha256(token)]);
  return row ?? null;
}

/** The invitee's password from the link: the user's password is set and the link (and any other of that user) is used up. */
export async function acceptInvitation(db: Db, token: string, password: unknown): Promise<{ email: string }> {
  const found = await invitationOf(db, token);
  if (!found) throw notFound('Invitation', 'token');
  const p = new Problems();
  await checkPassword(p, password, [found.email]);
  p.throwIfAny();
  const { salt, hash } = await hashPassword(password as string);
  return db.tx(async (q) => {
    // Used once: the row is claimed in the statement that marks it, so two submissions of one link cannot both set a password.
    const used = await q.query(`UPDATE console_invitations SET used_at = now() WHERE token_hash = $1 AND used_at IS NULL AND expires_at > now() RETURNING 1`, [sha256(token)]);
    if (!used.length) throw notFound('Invitation', 'token');
    await q.query('UPDATE console_invitations SET used_at = now() WHERE company_id = $1 AND user_id = $2 AND used_at IS NULL', [found.company_id, found.user_id]);
    await q.query('UPDATE console_users SET password_salt = $3, password_hash = $4 WHERE company_id = $1 AND id = $2', [found.company_id, found.user_id, salt, hash]);
    await q.query('DELETE FROM console_sessions WHERE company_id = $1 AND user_id = $2', [found.company_id, found.user_id]);
    await recordActivity(q, found.company_id, found.email, 'accept', found.email);
    return { email: found.email };
  });
}

/**
 * A change the owner makes to a user of the company: its role, or active/inactive (a deactivated user's sessions end at
 * once). Owners cannot change themselves here, and the company keeps at least one active owner.
 */
export async function changeConsoleUser(db: Db, actor: Actor, userId: number, change: { role: Role } | { active: boolean }): Promise<ManagedUser['email']> {
  return db.tx(async (q) => {
    const cid = actor.company_id;
    // The company's users locked in one order, so that two owners demoting each other cannot both leave it without one.
    const users = await q.query<{ id: number; email: string; role: Role; active: boolean }>('SELECT id, email, role, active FROM console_users WHERE company_id = $1 ORDER BY id FOR UPDATE', [cid]);
    const user = users.find((u) => u.id === userId);
    if (!user) throw notFound(`Console user ${userId}`, 'userId');
    if (userId === actor.user_id) throw new DomainError('invalid_value', 'An owner cannot change their own role or deactivate themselves', 'user');
    if ('role' in change) {
      if (!ROLES.includes(change.role)) throw new DomainError('invalid_value', `role must be one of ${ROLES.join(', ')}`, 'role');
      if (change.role === user.role) return user.email;
      await q.query('UPDATE console_users SET role = $3 WHERE company_id = $1 AND id = $2', [cid, userId, change.role]);
      await recordActivity(q, cid, actor.email, 'role', user.email, { from: user.role, to: change.role });
    } else {
      if (change.active === user.active) return user.email;
      await q.query('UPDATE console_users SET active = $3 WHERE company_id = $1 AND id = $2', [cid, userId, change.active]);
      if (!change.active) await q.query('DELETE FROM console_sessions WHERE company_id = $1 AND user_id = $2', [cid, userId]);
      await recordActivity(q, cid, actor.email, change.active ? 'activate' : 'deactivate', user.email);
    }
    const owners = await q.query('SELECT 1 FROM console_users WHERE company_id = $1 AND role = $2 AND active', [cid, 'owner']);
    if (!owners.length) throw new DomainError('invalid_value', 'The company must keep an active owner', 'role');
    return user.email;
  });
}
