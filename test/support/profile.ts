/**
 * Where a test file's time goes (npm run test:profile): with TEST_PROFILE_DIR set, the phases below add up their
 * time and count per process, and the process writes them to that folder as it exits; scripts/test-profile.js
 * makes the table. Without it, `phase` only runs its function.
 *   - service start: a test service started in this process (the database copy within it is counted apart);
 *   - template / database copy: the migrated database made once, then copied for a service;
 *   - process start: the service started as its own process, until /health answers;
 *   - browser start: Chromium launched;
 *   - hashing: scrypt (API access keys, console passwords, SECRET_KEY), wherever it is called in this process;
 *   - sleep: what the tests wait on purpose (`sleep`).
 */
import fs from 'node:fs';
import path from 'node:path';
import crypto from 'node:crypto';

const dir = process.env.TEST_PROFILE_DIR;
/** The phases' time by test file (several files share a process in a bundle: ./bundle.ts). */
const spent = new Map<string, Map<string, { ms: number; n: number }>>();
let current = path.relative(path.join(__dirname, '..'), process.argv[1] ?? 'unknown');

/** The file whose tests run from now on (./bundle.ts). */
export function nowRunning(file: string): void { current = file; }

function add(name: string, ms: number): void {
  const phases = spent.get(current) ?? new Map<string, { ms: number; n: number }>();
  const s = phases.get(name) ?? { ms: 0, n: 0 };
  s.ms += ms;
  s.n++;
  phases.set(name, s);
  spent.set(current, phases);
}

/** Runs fn, adding its time to the phase `name` when profiling. */
export async function phase<T>(name: string, fn: () => Promise<T>): Promise<T> {
  if (!dir) return fn();
  const t = performance.now();
  try { return await fn(); } finally { add(name, performance.now() - t); }
}

/** Waits on purpose (a background flush, a poll's interval). */
export function sleep(ms: number): Promise<void> {
  return phase('sleep', () => new Promise((ok) => setTimeout(ok, ms)));
}

if (dir) {
  // scrypt is timed from the call to its answer (async calls run on libuv's pool and may overlap).
  const c = crypto as unknown as Record<string, (...a: unknown[]) => unknown>;
  const scrypt = c.scrypt;
  const scryptSync = c.scryptSync;
  c.scrypt = (...a: unknown[]) => {
    const t = performance.now();
    const cb = a.pop() as (...r: unknown[]) => void;
    return scrypt(...a, (...r: unknown[]) => { add('hashing', performance.now() - t); cb(...r); });
  };
  c.scryptSync = (...a: unknown[]) => { const t = performance.now(); try { return scryptSync(...a); } finally { add('hashing', performance.now() - t); } };
  process.once('exit', () => {
    fs.mkdirSync(dir, { recursive: true });
    const files = [...spent].map(([file, phases]) => ({ file, phases: Object.fromEntries(phases) }));
    fs.writeFileSync(path.join(dir, `${process.pid}.json`), JSON.stringify(files));
  });
}
