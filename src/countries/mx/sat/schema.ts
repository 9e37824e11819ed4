/**
 * The CFDI 4.0 against the SAT's own schema, cfdv40.xsd (and Pagos20.xsd for
 * the complement of payment receipts), with its catalogues:
 * catCFDI.xsd is written from the catalogues the service has (src/catalogs/sat.ts),
 * each c_* type an enumeration of every code of the catalogue. cfdv40.xsd and
 * tdCFDI.xsd are the SAT's files, from the repository's schemas/sat-cfdi-4.0/
 * (schemas/README.md). Validation is libxml2's (libxml2-wasm, src/einvoice/xsd.ts),
 * the schema compiled once per process.
 *
 * A missing SAT schema is an error (the service refuses to start: requireSchemas()),
 * never a skipped check; a large catalogue whose file is missing is typed as a
 * plain string in catCFDI.xsd and listed in `unchecked`.
 */
import fs from 'node:fs';
import path from 'node:path';
import crypto from 'node:crypto';
import { putSchemaInMemory, resetValidators, schemaFile, validateDoc, validateXml, validatorOf, type XmlDoc } from '../../../einvoice/xsd';
import { catalogueCodes, catalogueInstalled, LARGE_CATALOGUES, SMALL_CATALOGUES, type LargeCatalogue } from '../../../catalogs/sat';

export const CAT_NS = 'http://www.sat.gob.mx/sitio_internet/cfd/catalogos';

export interface SchemaCheck {
  /** Large catalogues not installed, so not checked. */
  unchecked: string[];
  /** The schema's complaints, one a line (empty: valid). */
  errors: string[];
}

const escape = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/"/g, '&quot;');

/**
 * Catalogues typed by their shape in catCFDI.xsd and checked code by code by the content rules (rules.ts) instead:
 * c_CodigoPostal's 95,748 codes as an enumeration made the schema take 6 times as long to compile (14 s against
 * 2.3 s on a loaded machine), which held the first stamp of each process past its time limit.
 */
const CHECKED_BY_RULES: Partial<Record<LargeCatalogue, string>> = { c_CodigoPostal: '[0-9]{5}' };

/** catCFDI.xsd from the catalogues: every type cfdv40.xsd names. */
export function catalogueXsd(): { xsd: string; unchecked: string[] } {
  const unchecked: string[] = [];
  const types: [string, ReadonlyArray<string> | string | null][] = Object.entries(SMALL_CATALOGUES);
  for (const name of Object.keys(LARGE_CATALOGUES) as LargeCatalogue[]) {
    const pattern = CHECKED_BY_RULES[name];
    const codes = pattern ? (catalogueInstalled(name) ? pattern : null) : catalogueCodes(name);
    if (!codes) unchecked.push(name);
    types.push([name, typeof codes === 'string' || !codes ? codes : [...codes.keys()]]);
  }
  const body = types.map(([name, codes]) => `<xs:simpleType name="${name}"><xs:restriction base="xs:string">${
    typeof codes === 'string' ? `<xs:pattern value="${codes}"/>` : codes ? codes.map((c) => `<xs:enumeration value="${escape(c)}"/>`).join('') : '<xs:whiteSpace value="collapse"/>'
  }</xs:restriction></xs:simpleType>`).join('\n');
  return {
    xsd: `<?xml version="1.0" encoding="UTF-8"?>\n<xs:schema xmlns:xs="http://www.w3.org/2001/XMLSchema" targetNamespace="${CAT_NS}" elementFormDefault="qualified" attributeFormDefault="unqualified">\n${body}\n</xs:schema>\n`,
    unchecked,
  };
}

interface Compiled { file: string; unchecked: string[] }
let compiling: Promise<Compiled> | null = null;

async function compile(): Promise<Compiled> {
  const main = schemaFile('sat-cfdi-4.0/4/cfdv40.xsd');
  const types = schemaFile('sat-cfdi-4.0/tipoDatos/tdCFDI/tdCFDI.xsd');
  const { xsd, unchecked } = catalogueXsd();
  // The complement Pagos 2.0 (payment receipts): a CFDI's Complemento is checked against the schemas it names.
  const complements = [['Pagos/Pagos20.xsd', fs.readFileSync(schemaFile('sat-cfdi-4.0/Pagos/Pagos20.xsd'))],
    ['catalogos/Pagos/catPagos.xsd', fs.readFileSync(schemaFile('sat-cfdi-4.0/catalogos/Pagos/catPagos.xsd'))]] as const;
  // One schema that imports them all.
  const all = `<?xml version="1.0" encoding="UTF-8"?>\n<xs:schema xmlns:xs="http://www.w3.org/2001/XMLSchema">\n`
    + `<xs:import namespace="http://www.sat.gob.mx/cfd/4" schemaLocation="4/cfdv40.xsd"/>\n`
    + `<xs:import namespace="http://www.sat.gob.mx/Pagos20" schemaLocation="Pagos/Pagos20.xsd"/>\n`
    + `</xs:schema>\n`;
  // The SAT's layout (4/, tipoDatos/, catalogos/, Pagos/) kept in memory (src/einvoice/xsd.ts) under a directory
  // that does not exist beside the repository's schemas, with catCFDI.xsd written from the catalogues, so the
  // relative imports resolve; nothing is written to disk.
  const hash = crypto.createHash('sha256').update(xsd).update(fs.readFileSync(main)).update(all);
  for (const [, content] of complements) hash.update(content);
  const dir = path.join(path.dirname(path.dirname(main)), `.in-memory-cfdi-${hash.digest('hex').slice(0, 16)}`);
  for (const [file, content] of [['4/cfdv40.xsd', fs.readFileSync(main)], ['tipoDatos/tdCFDI/tdCFDI.xsd', fs.readFileSync(types)], ['catalogos/catCFDI.xsd', xsd],
    ['all.xsd', all], ...complements] as const) {
    putSchemaInMemory(path.join(dir, file), content);
  }
  const file = path.join(dir, 'all.xsd');
  await validatorOf(file);
  return { file, unchecked };
}

/** The schema, compiled on first use. */
function compiled(): Promise<Compiled> {
  compiling ??= compile().catch((e) => { compiling = null; throw e; });
  return compiling;
}

/** Checks a CFDI against cfdv40.xsd (and Pagos20.xsd) with the catalogues. */
export async function checkCfdiSchema(xml: string): Promise<SchemaCheck> {
  const c = await compiled();
  return { unchecked: c.unchecked, errors: await validateXml(c.file, xml) };
}

/** Checks a CFDI already parsed (parsed.ts parseCfdi) against cfdv40.xsd (and Pagos20.xsd) with the catalogues; the caller disposes of it. */
export async function checkParsedCfdiSchema(doc: XmlDoc): Promise<SchemaCheck> {
  const c = await compiled();
  return { unchecked: c.unchecked, errors: await validateDoc(c.file, doc) };
}

/** Drops the compiled schema (tests that switch catalogues). */
export function resetCfdiSchema(): void {
  compiling = null;
  resetValidators();
}
