/**
 * Outside tools some tests check against (xmllint, xsltproc, pdftoppm), installed from
 * Debian's packages once when missing, and where the official schemas are.
 * A test whose tool or schema cannot be had skips with a message.
 */
import path from 'node:path';
import { spawnSync } from 'node:child_process';

const found = new Map<string, boolean>();
/** True when `binary` runs, after installing Debian's `pkg` if it did not. */
export function debianTool(binary: string, pkg: string): boolean {
  let ok = found.get(binary);
  if (ok !== undefined) return ok;
  const works = () => !spawnSync(binary, ['--version'], { encoding: 'utf8' }).error;
  if (!works()) {
    const apt = (args: string[]) => spawnSync('apt-get', args, { encoding: 'utf8', timeout: 300_000, env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
    const install = () => apt(['install', '-y', '-qq', pkg]);
    const r = install();
    if (r.error || r.status !== 0) { apt(['update', '-qq']); install(); }
  }
  ok = works();
  found.set(binary, ok);
  return ok;
}

/** The official schemas: DIAN_XSD_DIR (the ubl-2.1-dian directory) or ../shared/xsd beside the repository. */
export const XSD_DIR = process.env.DIAN_XSD_DIR ?? path.join(__dirname, '..', '..', '..', '..', 'shared', 'xsd', 'ubl-2.1-dian');
export const SAT_XSD_DIR = path.join(XSD_DIR, '..', 'sat-cfdi-4.0');
