/**
 * XML Schema validation with libxml2 compiled to WebAssembly (libxml2-wasm, a
 * dependency), so the check is the same on every machine and never depends on
 * a system `xmllint`. The official schemas are the repository's own
 * (`schemas/`, see schemas/README.md): a schema file that is missing is an
 * error (`requireSchemas()` at start-up), never a skipped check.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { xsdDir } from '../catalogs/files';

/** A compiled XPath (libxml2-wasm's XmlXPath), with the namespaces its prefixes stand for. */
export interface XPath { dispose(): void }
/** Canonical XML options (libxml2-wasm's lib/c14n.d.mts): mode 0 is C14N 1.0, 1 exclusive C14N 1.0. */
export interface C14nOptions {
  mode?: 0 | 1;
  withComments?: boolean;
  /** Whether a node is in the canonical form; a node not in it hides its descendants (a whole document only). */
  isVisible?: (node: XmlNode, parent: XmlNode | null) => boolean;
  /** The nodes whose subtrees are in the canonical form (a whole document only; not with isVisible). */
  nodeSet?: Set<XmlNode>;
}
/** A node of a parsed document (libxml2-wasm's lib/nodes.d.mts), by what this service reads of it. */
export interface XmlNode {
  /** The text of the node (an element's: of all its descendants). */
  readonly content: string;
  /** Its parent element (null for the root element and nodes outside it). */
  readonly parent: XmlElement | null;
  /**
   * The next sibling (element, text, comment...), null for the last; undefined on a processing instruction,
   * which libxml2-wasm (0.7) does not make a tree node and gives no sibling access.
   */
  readonly next?: XmlNode | null;
  isSameNode(other: XmlNode): boolean;
  get(xpath: XPath): XmlNode | null;
  find(xpath: XPath): XmlNode[];
  eval(xpath: XPath): XmlNode[] | string | boolean | number;
  /** The node and its descendants in canonical form, with the namespaces in scope (no isVisible, no nodeSet). */
  canonicalizeToString(options?: Omit<C14nOptions, 'isVisible' | 'nodeSet'>): string;
}
export interface XmlElement extends XmlNode {
  /** The local name. */
  readonly name: string;
  readonly namespaceUri: string;
  /** Its first child (element, text, comment...), null for none. */
  readonly firstChild: XmlNode | null;
  /** The prefix of its name ('' for none). */
  readonly prefix: string;
  /** Its attributes, in document order (libxml2-wasm's XmlAttribute: local name, namespace, value). */
  readonly attrs: { readonly name: string; readonly namespaceUri: string; readonly value: string }[];
  /** An attribute without a namespace, by its name. */
  attr(name: string): { value: string } | null;
  /** The namespace a prefix stands for here (null: none). */
  namespaceForPrefix(prefix: string): string | null;
}
/** A parsed document; every one must be disposed of (its memory is libxml2's, not the garbage collector's). */
export interface XmlDoc {
  dispose(): void;
  readonly root: XmlElement;
  get(xpath: XPath): XmlNode | null;
  find(xpath: XPath): XmlNode[];
  eval(xpath: XPath): XmlNode[] | string | boolean | number;
  canonicalizeToString(options?: C14nOptions): string;
}
export interface Libxml {
  XmlDocument: { fromString(xml: string): XmlDoc; fromBuffer(b: Buffer, o: { url: string }): XmlDoc };
  XsdValidator: { fromDoc(doc: XmlDoc): { validate(doc: XmlDoc): void } };
  XmlXPath: { compile(expression: string, namespaces?: Record<string, string>): XPath };
}
// libxml2-wasm is an ES module, loaded at run time from this CommonJS build.
// Typed here by what this module uses of it.
const importEsm = new Function('m', 'return import(m)') as <T>(m: string) => Promise<T>;

/**
 * Schema files made by the service (the UBL wrapper, the CFDI's catCFDI.xsd from the catalogues), kept in
 * memory under absolute paths that do not exist on disk and read by libxml2 through an input provider of
 * their own: nothing is ever written for them (an earlier version wrote them to predictable names under the
 * system's temporary directory, where another local user could have put files first).
 */
const memoryFiles = new Map<string, Buffer>();
/** Keeps `content` as the schema file `file` (an absolute path that need not exist). */
export function putSchemaInMemory(file: string, content: string | Buffer): void {
  memoryFiles.set(path.resolve(file), Buffer.isBuffer(content) ? content : Buffer.from(content, 'utf8'));
}
/** A file name as libxml2 asks for it (a path or a file: URL) as an absolute path, or null. */
function localPath(name: string): string | null {
  if (name.startsWith('file:')) { try { return fileURLToPath(name); } catch { return null; } }
  return path.isAbsolute(name) ? path.resolve(name) : null;
}
const openFiles = new Map<number, { data: Buffer; at: number }>();
let nextHandle = 1; // 0 means "not opened" to libxml2-wasm
const memoryProvider = {
  match: (name: string) => { const p = localPath(name); return p !== null && memoryFiles.has(p); },
  open: (name: string) => {
    const data = memoryFiles.get(localPath(name) ?? '');
    if (!data) return undefined;
    const handle = nextHandle++;
    openFiles.set(handle, { data, at: 0 });
    return handle;
  },
  read: (handle: number, buf: Uint8Array) => {
    const f = openFiles.get(handle);
    if (!f) return -1;
    const n = Math.min(buf.byteLength, f.data.length - f.at);
    f.data.copy(buf, 0, f.at, f.at + n);
    f.at += n;
    return n;
  },
  close: (handle: number) => openFiles.delete(handle),
};

let loading: Promise<Libxml> | null = null;
/** libxml2-wasm, loaded once, reading schema imports from the file system and from the schemas kept in memory. */
export function libxml(): Promise<Libxml> {
  loading ??= Promise.all([
    importEsm<Libxml & { xmlRegisterInputProvider(provider: typeof memoryProvider): boolean }>('libxml2-wasm'),
    importEsm<{ xmlRegisterFsInputProviders(): void }>('libxml2-wasm/lib/nodejs.mjs'),
  ]).then(([index, node]) => {
    node.xmlRegisterFsInputProviders();
    if (!index.xmlRegisterInputProvider(memoryProvider)) throw new Error('libxml2 did not take the input provider of the schemas kept in memory');
    return index;
  });
  return loading;
}

/** The schema files the service validates against, relative to `schemas/`. */
export const REQUIRED_SCHEMAS = [
  'ubl-2.1-dian/maindoc/UBL-Invoice-2.1.xsd',
  'ubl-2.1-dian/maindoc/UBL-CreditNote-2.1.xsd',
  'ubl-2.1-dian/maindoc/UBL-DebitNote-2.1.xsd',
  'ubl-2.1-dian/maindoc/DIAN_UBL_Structures.xsd',
  'sat-cfdi-4.0/4/cfdv40.xsd',
  'sat-cfdi-4.0/tipoDatos/tdCFDI/tdCFDI.xsd',
  'sat-cfdi-4.0/Pagos/Pagos20.xsd',
  'sat-cfdi-4.0/catalogos/Pagos/catPagos.xsd',
  'sat-cfdi-4.0/TimbreFiscalDigital/TimbreFiscalDigitalv11.xsd',
];

/** A schema file of the repository's `schemas/`; throws when it is not there. */
export function schemaFile(relative: string): string {
  const file = path.join(xsdDir(), relative);
  if (!fs.existsSync(file)) throw new Error(`The schema ${relative} is missing from ${xsdDir()} (the repository's schemas/ directory): documents cannot be checked`);
  return file;
}

/** Throws, naming the first one, when a schema the service checks documents against is missing. */
export function requireSchemas(): void {
  for (const file of REQUIRED_SCHEMAS) schemaFile(file);
}

type Validator = { validate(doc: XmlDoc): void };
const compiled = new Map<string, Promise<Validator>>();

/** A schema compiled once per process (its imports resolved from its own directory). */
export function validatorOf(file: string): Promise<Validator> {
  let v = compiled.get(file);
  if (!v) {
    v = libxml().then((lib) => {
      const doc = lib.XmlDocument.fromBuffer(memoryFiles.get(path.resolve(file)) ?? fs.readFileSync(file), { url: file });
      try { return lib.XsdValidator.fromDoc(doc); } finally { doc.dispose(); }
    });
    v.catch(() => compiled.delete(file));
    compiled.set(file, v);
  }
  return v;
}

/** The schema's complaints about `xml`, one a line (empty: valid). */
export async function validateXml(file: string, xml: string): Promise<string[]> {
  const [lib] = await Promise.all([libxml(), validatorOf(file)]);
  let doc: XmlDoc;
  try {
    doc = lib.XmlDocument.fromString(xml);
  } catch (e) {
    return [`Not well-formed XML: ${(e as Error).message.trim()}`];
  }
  try {
    return await validateDoc(file, doc);
  } finally {
    doc.dispose();
  }
}

/** The schema's complaints about a document already parsed (libxml().XmlDocument), one a line; the caller disposes of it. */
export async function validateDoc(file: string, doc: XmlDoc): Promise<string[]> {
  const validator = await validatorOf(file);
  try {
    validator.validate(doc);
    return [];
  } catch (e) {
    const details = (e as { details?: { message: string }[] }).details ?? [{ message: (e as Error).message }];
    return [...new Set(details.map((d) => d.message.trim()))];
  }
}

/**
 * Compiled XPaths for one set of prefixes, each compiled once per thread (and kept: the expressions a module
 * asks are a few fixed ones); libxml() must have been loaded (`lib` is its module). Each expression carries only
 * the prefixes it names: libxml2-wasm registers an expression's namespaces in a new context on every evaluation
 * (two strings copied into the module's memory each), and most name two or three of the set.
 */
export class XPaths {
  private compiled = new Map<string, XPath>();
  constructor(private namespaces: Record<string, string>) {}
  of(lib: Libxml, expression: string): XPath {
    let x = this.compiled.get(expression);
    if (!x) {
      if (this.compiled.size >= 1000) { for (const old of this.compiled.values()) old.dispose(); this.compiled.clear(); }
      this.compiled.set(expression, (x = lib.XmlXPath.compile(expression, usedPrefixes(expression, this.namespaces))));
    }
    return x;
  }
}

/** The prefixes of `namespaces` that `expression` names (`prefix:` after anything but a name character; not an axis's `::`). */
export function usedPrefixes(expression: string, namespaces: Record<string, string>): Record<string, string> {
  const named = new Set([...expression.matchAll(/(?<![\w.-])([A-Za-z_][\w.-]*):(?!:)/g)].map((m) => m[1]));
  return Object.fromEntries(Object.entries(namespaces).filter(([prefix]) => named.has(prefix)));
}

const UBL_DOCUMENTS = ['Invoice', 'CreditNote', 'DebitNote'] as const;
let ubl: string | null = null;
/**
 * One schema for the three UBL 2.1 documents the DIAN receives (Invoice, CreditNote, DebitNote):
 * a wrapper importing the official ones (by absolute file URLs), so their common modules are compiled
 * once (seconds). The wrapper is kept in memory (putSchemaInMemory) under a name beside the official
 * schemas: nothing is written to disk.
 */
export function ublSchema(): string {
  if (ubl) return ubl;
  const imports = UBL_DOCUMENTS.map((root) => `<xs:import namespace="urn:oasis:names:specification:ubl:schema:xsd:${root}-2" schemaLocation="${
    pathToFileURL(schemaFile(`ubl-2.1-dian/maindoc/UBL-${root}-2.1.xsd`))}"/>`).join('\n');
  const text = `<?xml version="1.0" encoding="UTF-8"?>\n<xs:schema xmlns:xs="http://www.w3.org/2001/XMLSchema">\n${imports}\n</xs:schema>\n`;
  const name = path.join(xsdDir(), 'ubl-2.1-dian', 'maindoc', `UBL-DIAN-documents.in-memory-${crypto.createHash('sha256').update(text).digest('hex').slice(0, 16)}.xsd`);
  putSchemaInMemory(name, text);
  return (ubl = name);
}

/** Compiles the UBL schemas ahead of the first document (worker threads do it as they start). */
export async function warmUbl(): Promise<void> {
  await validatorOf(ublSchema());
}

/** Forget compiled schemas (tests that switch catalogues). */
export function resetValidators(): void {
  compiled.clear();
}
