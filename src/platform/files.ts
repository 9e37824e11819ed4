/**
 * The files of DATA_DIR (the embedded database, secret.key, mail written as .eml) belong to
 * the service's user alone: a start sets the process's umask to 077, so that everything it creates is 0700
 * (folders) or 0600 (files) whatever the library that creates it asks, creates DATA_DIR as 0700, and warns
 * when something already there is open to the group or to others (made by an earlier version, or copied in).
 */
import fs from 'node:fs';
import path from 'node:path';

/** Sets the umask, creates DATA_DIR (0700), and answers a warning naming what is looser than 0700/0600 (null: nothing). */
export function guardDataDir(dataDir: string, create: boolean): string | null {
  process.umask(0o077);
  if (create) fs.mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  else if (!fs.existsSync(dataDir)) return null;
  const loose: string[] = [];
  let seen = 0;
  const walk = (p: string) => {
    if (++seen > 20_000) return;
    let st: fs.Stats;
    try { st = fs.lstatSync(p); } catch { return; }
    if (st.isSymbolicLink()) return;
    if (st.mode & 0o077) loose.push(`${path.relative(dataDir, p) || '.'} (${(st.mode & 0o777).toString(8)})`);
    if (st.isDirectory()) for (const e of fs.readdirSync(p)) walk(path.join(p, e));
  };
  walk(dataDir);
  if (!loose.length) return null;
  return `${loose.length} entries of DATA_DIR (${dataDir}) are open to the group or to others, e.g. ${loose.slice(0, 3).join(', ')}: `
    + `they may hold secrets (the database, secret.key, mail); run "chmod -R go-rwx ${dataDir}" while the service is stopped`;
}

/** Takes the group's and others' rights away from every entry under `dir` (0600 files, 0700 folders); symbolic links are left. */
export function privateTree(dir: string): void {
  const walk = (p: string) => {
    let st: fs.Stats;
    try { st = fs.lstatSync(p); } catch { return; }
    if (st.isSymbolicLink()) return;
    if (st.mode & 0o077) fs.chmodSync(p, st.mode & 0o700);
    if (st.isDirectory()) for (const e of fs.readdirSync(p)) walk(path.join(p, e));
  };
  walk(dir);
}
