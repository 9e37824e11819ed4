/**
 * Outside tools some tests cross-check against (xmlsec1, xsltproc, pdftoppm, xmllint): Debian
 * packages that .ci/run installs. Tests never install anything: a test whose tool is absent skips
 * with a message naming the package. Schema validation itself needs no tool (`xsdErrors`, libxml2
 * compiled to WebAssembly, as the service does), and the schemas are the repository's `schemas/`.
 */
import fs from 'node:fs';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { validateXml } from '../../src/einvoice/xsd';

const found = new Map<string, boolean>();
/** True when `binary` runs; never installs it (.ci/run does: `apt-get install pkg`). */
export function debianTool(binary: string, pkg: string): boolean {
  let ok = found.get(binary);
  if (ok === undefined) {
    ok = !spawnSync(binary, ['--version'], { encoding: 'utf8' }).error;
    found.set(binary, ok);
    if (!ok) console.log(`# ${binary} is not installed (apt-get install ${pkg}; .ci/run installs it): its cross-checks are skipped`);
  }
  return ok;
}

/** The skip reason of a test that needs `binary` (false when it is there). */
export const needsTool = (binary: string, pkg: string): string | false =>
  debianTool(binary, pkg) ? false : `${binary} is not installed (apt-get install ${pkg}; .ci/run installs it)`;

/** The repository's own schemas (schemas/README.md): the root of the repository from dist/test/support. */
export const SCHEMAS = path.join(__dirname, '..', '..', '..', 'schemas');
export const XSD_DIR = path.join(SCHEMAS, 'ubl-2.1-dian');
export const SAT_XSD_DIR = path.join(SCHEMAS, 'sat-cfdi-4.0');
if (!fs.existsSync(XSD_DIR) || !fs.existsSync(SAT_XSD_DIR)) throw new Error(`The schemas are missing from ${SCHEMAS}`);

/** The complaints of the schema `xsd` (a path) about `xml`, by libxml2 (libxml2-wasm): empty when valid. */
export function xsdErrors(xsd: string, xml: string): Promise<string[]> {
  return validateXml(xsd, xml);
}
