/**
 * Throttling of credentials guessed over HTTP (logins on POST {base}/auth, the
 * administration token on /admin), and the bounded pool the login's scrypt runs in.
 *
 * Two counters, both in this process's memory:
 * - per client address (LOGIN_MAX_FAILURES_PER_ADDRESS, every username and
 *   the administration token together), of failures and of attempts under
 *   way (a burst of concurrent guesses is bounded as well);
 * - per username and client address (LOGIN_MAX_FAILURES): a username's
 *   backoff applies only to the address that failed, so nobody elsewhere can
 *   lock a legitimate client out, and an unknown username counts exactly
 *   like a known one.
 * A success forgets the username's failures from that address, not the
 * address's. Past its limit a key is refused (429, Retry-After) for LOGIN_LOCK_SECONDS,
 * doubling with each further failure up to one hour, before any database
 * read or hash. With several processes each keeps its own counters (see
 * docs/security.md).
 */
import crypto from 'node:crypto';
import { ApiError, error, unauthorized } from './errors';
import { boundedPoolGauge } from './metrics';
import { reserveLogin } from './login-gate';
import type { Db } from './db';

interface Entry { failures: number; inFlight: number; until: number; seen: number }

export class Backoff {
  private entries = new Map<string, Entry>();

  /** `inFlight`: attempts under way count against the limit too (an address), or only failures (a username: concurrent logins of one ERP are fine). */
  constructor(private max: number, private lockSeconds: number, private inFlight: boolean, private now: () => number = Date.now) {}

  /** Seconds the key must wait (0: it may try): it is locked, or (inFlight) its failures and attempts under way reach the limit. */
  lockedFor(key: string): number {
    const e = this.entries.get(key);
    if (!e || this.max <= 0) return 0;
    const t = this.now();
    if (e.until > t) return Math.ceil((e.until - t) / 1000);
    if (!e.inFlight && this.stale(e, t)) { this.entries.delete(key); return 0; }
    return this.inFlight && e.failures + e.inFlight >= this.max ? 1 : 0;
  }

  /** An attempt starts. */
  begin(key: string): void {
    if (this.max <= 0) return;
    const t = this.now();
    if (this.entries.size >= 100_000) this.sweep(t);
    const old = this.entries.get(key);
    const e = old && (old.inFlight || !this.stale(old, t)) ? old : { failures: 0, inFlight: 0, until: 0, seen: t };
    e.inFlight++;
    this.entries.set(key, e);
  }

  /**
   * An attempt ends: a failure counts, and past the limit locks the key, twice as long each time (at most one
   * hour); a success forgets the key's failures when `forgive` (a username), not otherwise (an address).
   */
  end(key: string, outcome: 'failed' | 'succeeded' | 'not counted', forgive: boolean): void {
    const e = this.entries.get(key);
    if (!e) return;
    e.inFlight = Math.max(0, e.inFlight - 1);
    const t = this.now();
    if (outcome === 'failed') {
      e.failures++;
      e.seen = t;
      if (e.failures >= this.max) e.until = t + 1000 * Math.min(3600, this.lockSeconds * 2 ** (e.failures - this.max));
    } else if (outcome === 'succeeded' && forgive) {
      e.failures = 0;
      e.until = 0;
    }
    if (!e.inFlight && !e.failures) this.entries.delete(key);
  }

  /** Failures are forgotten 15 minutes after the last one, once no lock holds. */
  private stale(e: Entry, t: number): boolean { return e.until <= t && t - e.seen > 900_000; }

  private sweep(t: number): void {
    for (const [k, e] of this.entries) if (!e.inFlight && e.until <= t && t - e.seen > 60_000) this.entries.delete(k);
    if (this.entries.size >= 100_000) this.entries.clear();
  }
}

export interface ThrottleSettings { loginMaxFailures: number; loginMaxFailuresPerAddress: number; loginLockSeconds: number }

const tooMany = (seconds: number) => new ApiError(429,
  [error('requests_limit', `Too many failed attempts from this client; try again in ${seconds} s`, [])], { 'Retry-After': String(seconds) });

/** The counters of one process (per address, per username and address). */
export class Throttle {
  private byAddress: Backoff;
  private byUser: Backoff;

  constructor(s: ThrottleSettings) {
    this.byAddress = new Backoff(s.loginMaxFailuresPerAddress, s.loginLockSeconds, true);
    this.byUser = new Backoff(s.loginMaxFailures, s.loginLockSeconds, false);
  }

  /** 429 at once when the address is locked (before its request's body is read). */
  check(address: string): void {
    const locked = this.byAddress.lockedFor(address);
    if (locked > 0) throw tooMany(locked);
  }

  /** A login refused before it was read (a body that is no JSON, or nested too deep): a failure of the address. */
  refused(address: string): void {
    this.byAddress.begin(address);
    this.byAddress.end(address, 'failed', false);
  }

  /**
   * Runs one attempt of `address` (and of `username` from it, when given): 429 at once when either must wait, else
   * `attempt` runs; false is a failure (counted), a value a success, an exception (the database failed, another
   * country's base address) is not counted.
   */
  async attempt<T>(address: string, username: string | null, attempt: () => Promise<T | false>): Promise<T | false> {
    const userKey = username === null ? null : `${address}\n${username}`;
    const locked = Math.max(this.byAddress.lockedFor(address), userKey ? this.byUser.lockedFor(userKey) : 0);
    if (locked > 0) throw tooMany(locked);
    this.byAddress.begin(address);
    if (userKey) this.byUser.begin(userKey);
    let outcome: 'failed' | 'succeeded' | 'not counted' = 'not counted';
    try {
      const result = await attempt();
      outcome = result === false ? 'failed' : 'succeeded';
      return result;
    } finally {
      this.byAddress.end(address, outcome, false);
      if (userKey) this.byUser.end(userKey, outcome, true);
    }
  }
}

/**
 * At most `size` tasks at once (the login's scrypt), and at most one per key (the client address): libuv's
 * four threads stay free for the rest of the service (file system, DNS, other hashes), one address's flood
 * holds at most one place, and waiting keys are served round-robin, so a login from elsewhere waits for no
 * flood. Past `queue` waiting tasks a login is refused (503 with Retry-After) instead of the queue growing.
 */
export class BoundedPool {
  private queued = 0;
  private active = new Set<string>();
  private waiting = new Map<string, (() => void)[]>();

  /** `busy`: what a request refused for a full queue is told. */
  constructor(private size = 2, private queue = 256, private busy = 'Too many logins at once; try again in a second') {}

  /** Requests waiting and running (the metrics). */
  get load(): { waiting: number; running: number } { return { waiting: this.queued, running: this.active.size }; }

  async run<T>(key: string, task: () => Promise<T>): Promise<T> {
    if (this.active.size >= this.size || this.active.has(key)) {
      if (this.queued >= this.queue) {
        throw new ApiError(503, [error('requests_limit', this.busy, [])], { 'Retry-After': '1' });
      }
      this.queued++;
      await new Promise<void>((ok) => {
        const q = this.waiting.get(key);
        if (q) q.push(ok); else this.waiting.set(key, [ok]);
      });
    } else {
      this.active.add(key);
    }
    try {
      return await task();
    } finally {
      this.active.delete(key);
      this.pump();
    }
  }

  /** Hands free places to the first waiting keys without a running task; each served key moves to the end of the round. */
  private pump(): void {
    for (const [key, q] of this.waiting) {
      if (this.active.size >= this.size) return;
      if (this.active.has(key)) continue;
      const go = q.shift()!;
      this.waiting.delete(key);
      if (q.length) this.waiting.set(key, q);
      this.queued--;
      this.active.add(key);
      go();
    }
  }
}

/** The one bounded pool every login's hash runs in (API keys, console passwords): a flood of one kind never starves the other. */
export const loginHashing = new BoundedPool();
boundedPoolGauge('login_hashing', () => loginHashing.load);

/**
 * Reports read a company's whole ledger or receivables (on the embedded database, one statement at a time for every
 * company): two at a time in the process, one per company, the companies in turn, so one company asking for 50
 * reports at once holds one place and another company's report waits for at most one of them.
 */
export const reportTurns = new BoundedPool(2, 256, 'Too many reports at once; try again in a second');
boundedPoolGauge('reports', () => reportTurns.load);

/**
 * The check of `Authorization: Bearer <ADMIN_TOKEN>` (the administration API and its description): compared in
 * constant time, every wrong token counted against the client address like a failed login, in this process and in
 * the database (the address's counter of API logins, src/platform/login-gate.ts).
 */
export function adminTokenCheck(s: ThrottleSettings & { adminToken?: string }, throttle: Throttle, db: Db): (req: { ip: string; headers: { authorization?: string } }) => Promise<void> {
  const digest = (v: string) => crypto.createHash('sha256').update(v).digest();
  const expected = digest(s.adminToken ?? '');
  return async (req) => {
    const m = /^Bearer\s+(\S+)$/i.exec(req.headers.authorization ?? '');
    if (!m) throw unauthorized('Send "Authorization: Bearer <ADMIN_TOKEN>"');
    const right = await throttle.attempt(req.ip, null, async () => {
      const gate = await reserveLogin(db, s.loginLockSeconds, [{ key: `api:a:${req.ip}`, max: s.loginMaxFailuresPerAddress, who: 'this address', field: 'address' }]);
      const ok = crypto.timingSafeEqual(digest(m[1]), expected);
      await gate.settle(!ok);
      return ok;
    });
    if (!right) throw unauthorized('Not the administration token (ADMIN_TOKEN); company tokens do not work on /admin');
  };
}
