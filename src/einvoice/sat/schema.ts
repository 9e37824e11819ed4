/**
 * The CFDI 4.0 against the SAT's own schema, cfdv40.xsd (and Pagos20.xsd for
 * the complement of payment receipts), with its catalogues:
 * catCFDI.xsd is written from the catalogues the service has (src/catalogs/sat.ts),
 * each c_* type an enumeration of every code of the catalogue. cfdv40.xsd and
 * tdCFDI.xsd are the SAT's files, read from the XSD directory (`xsdDir()`,
 * sat-cfdi-4.0/). Validation is libxml2's (libxml2-wasm), the schema compiled
 * once per process.
 *
 * What is not installed is said, never passed silently: without the SAT's XSDs
 * there is no schema check (`available: false`), and a large catalogue whose
 * file is missing is typed as a plain string in catCFDI.xsd and listed in
 * `unchecked`.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import crypto from 'node:crypto';
import { xsdDir } from '../../catalogs/files';
import { catalogueCodes, LARGE_CATALOGUES, SMALL_CATALOGUES, type LargeCatalogue } from '../../catalogs/sat';

export const CAT_NS = 'http://www.sat.gob.mx/sitio_internet/cfd/catalogos';

export interface SchemaCheck {
  /** False when the SAT's XSDs are not installed: nothing was checked. */
  available: boolean;
  /** Large catalogues not installed, so not checked. */
  unchecked: string[];
  /** The schema's complaints, one a line (empty: valid). */
  errors: string[];
}

const escape = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/"/g, '&quot;');

/** catCFDI.xsd from the catalogues: every type cfdv40.xsd names. */
export function catalogueXsd(): { xsd: string; unchecked: string[] } {
  const unchecked: string[] = [];
  const types: [string, ReadonlyArray<string> | null][] = Object.entries(SMALL_CATALOGUES);
  for (const name of Object.keys(LARGE_CATALOGUES) as LargeCatalogue[]) {
    const codes = catalogueCodes(name);
    if (!codes) unchecked.push(name);
    types.push([name, codes ? [...codes.keys()] : null]);
  }
  const body = types.map(([name, codes]) => `<xs:simpleType name="${name}"><xs:restriction base="xs:string">${
    codes ? codes.map((c) => `<xs:enumeration value="${escape(c)}"/>`).join('') : '<xs:whiteSpace value="collapse"/>'
  }</xs:restriction></xs:simpleType>`).join('\n');
  return {
    xsd: `<?xml version="1.0" encoding="UTF-8"?>\n<xs:schema xmlns:xs="http://www.w3.org/2001/XMLSchema" targetNamespace="${CAT_NS}" elementFormDefault="qualified" attributeFormDefault="unqualified">\n${body}\n</xs:schema>\n`,
    unchecked,
  };
}

type Lib = { XmlDocument: any; XsdValidator: any; XmlValidateError: any; xmlRegisterFsInputProviders: () => boolean };
// libxml2-wasm is an ES module: imported as such from this CommonJS build.
const importEsm = new Function('m', 'return import(m)') as (m: string) => Promise<any>;

interface Compiled { lib: Lib; validator: any; unchecked: string[] }
let compiling: Promise<Compiled | null> | null = null;

async function compile(): Promise<Compiled | null> {
  const source = path.join(xsdDir(), 'sat-cfdi-4.0');
  const main = path.join(source, '4', 'cfdv40.xsd');
  const types = path.join(source, 'tipoDatos', 'tdCFDI', 'tdCFDI.xsd');
  if (!fs.existsSync(main) || !fs.existsSync(types)) return null;
  const [index, node] = await Promise.all([importEsm('libxml2-wasm'), importEsm('libxml2-wasm/lib/nodejs.mjs')]);
  const lib: Lib = { ...index, xmlRegisterFsInputProviders: node.xmlRegisterFsInputProviders };
  lib.xmlRegisterFsInputProviders();
  const { xsd, unchecked } = catalogueXsd();
  // The complement Pagos 2.0 (payment receipts), when installed: a CFDI's Complemento is checked against the schemas it names.
  const pagos = path.join(source, 'Pagos', 'Pagos20.xsd');
  const catPagos = path.join(source, 'catalogos', 'Pagos', 'catPagos.xsd');
  const complements = fs.existsSync(pagos) && fs.existsSync(catPagos)
    ? [['Pagos/Pagos20.xsd', fs.readFileSync(pagos)], ['catalogos/Pagos/catPagos.xsd', fs.readFileSync(catPagos)]] as const : [];
  if (!complements.length) unchecked.push('Pagos20.xsd');
  // One schema that imports them all.
  const all = `<?xml version="1.0" encoding="UTF-8"?>\n<xs:schema xmlns:xs="http://www.w3.org/2001/XMLSchema">\n`
    + `<xs:import namespace="http://www.sat.gob.mx/cfd/4" schemaLocation="4/cfdv40.xsd"/>\n`
    + (complements.length ? `<xs:import namespace="http://www.sat.gob.mx/Pagos20" schemaLocation="Pagos/Pagos20.xsd"/>\n` : '')
    + `</xs:schema>\n`;
  // The SAT's layout (4/, tipoDatos/, catalogos/, Pagos/) in a directory of its own, so the relative imports resolve.
  const hash = crypto.createHash('sha256').update(xsd).update(fs.readFileSync(main)).update(all);
  for (const [, content] of complements) hash.update(content);
  const dir = path.join(os.tmpdir(), `facturas-cfdi-xsd-${hash.digest('hex').slice(0, 16)}`);
  for (const [file, content] of [['4/cfdv40.xsd', fs.readFileSync(main)], ['tipoDatos/tdCFDI/tdCFDI.xsd', fs.readFileSync(types)], ['catalogos/catCFDI.xsd', xsd],
    ['all.xsd', all], ...complements] as const) {
    fs.mkdirSync(path.join(dir, path.dirname(file)), { recursive: true });
    // Other processes and threads write the same files at the same time: each writes its own copy and
    // renames it into place (atomic), so that none ever reads a file half written.
    const temp = path.join(dir, `${file}.${crypto.randomUUID()}.tmp`);
    fs.writeFileSync(temp, content);
    fs.renameSync(temp, path.join(dir, file));
  }
  const schemaPath = path.join(dir, 'all.xsd');
  const schemaDoc = lib.XmlDocument.fromBuffer(fs.readFileSync(schemaPath), { url: schemaPath });
  try {
    return { lib, validator: lib.XsdValidator.fromDoc(schemaDoc), unchecked };
  } finally {
    schemaDoc.dispose();
  }
}

/** The schema, compiled on first use. */
function compiled(): Promise<Compiled | null> {
  compiling ??= compile().catch((e) => { compiling = null; throw e; });
  return compiling;
}

/** Checks a CFDI against cfdv40.xsd with the catalogues. */
export async function checkCfdiSchema(xml: string): Promise<SchemaCheck> {
  const c = await compiled();
  if (!c) return { available: false, unchecked: [], errors: [] };
  let doc: any;
  try {
    doc = c.lib.XmlDocument.fromString(xml);
  } catch (e) {
    return { available: true, unchecked: c.unchecked, errors: [`Not well-formed XML: ${(e as Error).message.trim()}`] };
  }
  try {
    c.validator.validate(doc);
    return { available: true, unchecked: c.unchecked, errors: [] };
  } catch (e) {
    const details: { message: string }[] = (e as any).details ?? [{ message: (e as Error).message }];
    return { available: true, unchecked: c.unchecked, errors: [...new Set(details.map((d) => d.message.trim()))] };
  } finally {
    doc.dispose();
  }
}

/** Drops the compiled schema (tests that switch catalogues). */
export function resetCfdiSchema(): void {
  compiling = null;
}
