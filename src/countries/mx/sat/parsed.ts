/**
 * A CFDI as libxml2 parsed it (libxml2-wasm, src/einvoice/xsd.ts), so that the sandbox PAC and the service's
 * check before writing parse a CFDI once (issue 37, point 5): that one document is validated against the schema
 * (schema.ts checkParsedCfdiSchema), read by the content rules (rules.ts) and the original chain (chain.ts)
 * through ParsedElement, and located in the text for stamping (provider.ts).
 */
import { CFDI_NS, PAGOS_NS, TFD_NS, type CfdiElement } from './chain';
import { XPaths, type Libxml, type XmlDoc, type XmlElement, type XmlNode } from '../../../einvoice/xsd';

const PREFIXES: Record<string, string> = { cfdi: CFDI_NS, tfd: TFD_NS, pago20: PAGOS_NS };
/** The XPaths of the chains and the rules that are not plain child steps, compiled once per thread. */
const paths = new XPaths(PREFIXES);

type Steps = { step: string; ns: string; name: string }[];
/** The paths made of child steps only ('cfdi:Conceptos/cfdi:Concepto'), as steps; null: another XPath. */
const childPaths = new Map<string, Steps | null>();
function childSteps(path: string): Steps | null {
  let steps = childPaths.get(path);
  if (steps === undefined) {
    steps = [];
    for (const step of path.split('/')) {
      const m = /^([A-Za-z0-9]+):([A-Za-z0-9]+)$/.exec(step);
      if (!m || !PREFIXES[m[1]]) { steps = null; break; }
      steps.push({ step, ns: PREFIXES[m[1]], name: m[2] });
    }
    childPaths.set(path, steps);
  }
  return steps;
}
const isElement = (n: XmlNode): n is XmlElement => typeof (n as XmlElement).attr === 'function';

/**
 * An element of a parsed CFDI as a CfdiElement: its attributes without a namespace, by name (a CFDI has no DTD to
 * give defaults); a path of child steps followed from child to child (libxml2-wasm sets up an XPath context for each
 * evaluation, and the chain asks dozens of such paths), any other by libxml2's XPath.
 */
export class ParsedElement implements CfdiElement {
  /** Its attributes without a namespace, read on first use in one pass (each read of libxml2-wasm's crosses into WebAssembly). */
  private values: Map<string, string> | null = null;
  /** What each path asked of it found: the same elements, their attributes read once, for the chain and every rule. */
  private found = new Map<string, CfdiElement[]>();
  constructor(private lib: Libxml, readonly element: XmlElement) {}
  private attributes(): Map<string, string> {
    if (!this.values) {
      this.values = new Map();
      for (const a of this.element.attrs) if (a.namespaceUri === '') this.values.set(a.name, a.value);
    }
    return this.values;
  }
  getAttribute(name: string): string | null { return this.attributes().get(name) ?? null; }
  hasAttribute(name: string): boolean { return this.attributes().has(name); }
  all(path: string): CfdiElement[] {
    let hit = this.found.get(path);
    if (!hit) this.found.set(path, hit = this.select(path));
    return hit;
  }

  private select(path: string): CfdiElement[] {
    const steps = childSteps(path);
    let found: XmlElement[];
    if (steps) {
      found = [this.element];
      for (const step of steps) {
        const next: XmlElement[] = [];
        for (const parent of found) next.push(...this.children(parent, step));
        found = next;
      }
    } else {
      found = this.element.find(paths.of(this.lib, path)) as XmlElement[];
    }
    return found.map((e) => new ParsedElement(this.lib, e));
  }

  /** The children of `parent` one step selects, in document order. */
  private children(parent: XmlElement, { step, ns, name }: Steps[number]): XmlElement[] {
    const out: XmlElement[] = [];
    for (let n: XmlNode | null | undefined = parent.firstChild; n; ) {
      if (isElement(n) && n.name === name && n.namespaceUri === ns) out.push(n);
      const next: XmlNode | null | undefined = n.next;
      // A processing instruction has no sibling access in libxml2-wasm: libxml2's XPath reads past it.
      if (next === undefined) return parent.find(paths.of(this.lib, step)) as XmlElement[];
      n = next;
    }
    return out;
  }
}

/**
 * Parses a CFDI with libxml2; throws with libxml2's words when it is not well formed. A document type
 * declaration is refused: a CFDI has none, and its entities or attribute defaults (which @xmldom/xmldom, the
 * parser before, never applied) would change what the document says. The caller disposes of the document.
 */
export function parseCfdi(lib: Libxml, xml: string): XmlDoc {
  // Read from the text: libxml2-wasm's XmlDocument.dtd wraps the subset in an object the garbage collector frees.
  if (hasDoctype(xml)) throw new Error('a CFDI carries no document type declaration (DOCTYPE)');
  return lib.XmlDocument.fromString(xml);
}

/** Whether the prolog (before the root element: declaration, processing instructions, comments, spaces) has a DOCTYPE. */
export function hasDoctype(xml: string): boolean {
  let at = xml.charCodeAt(0) === 0xfeff ? 1 : 0;
  for (;;) {
    while (at < xml.length && ' \t\r\n'.includes(xml[at])) at++;
    if (xml.startsWith('<?', at)) { const end = xml.indexOf('?>', at + 2); if (end < 0) return false; at = end + 2; continue; }
    if (xml.startsWith('<!--', at)) { const end = xml.indexOf('-->', at + 4); if (end < 0) return false; at = end + 3; continue; }
    return xml.startsWith('<!DOCTYPE', at);
  }
}

const XSI_NS = 'http://www.w3.org/2001/XMLSchema-instance';
const escapeAttr = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/"/g, '&quot;')
  .replace(/\t/g, '&#x9;').replace(/\n/g, '&#xA;').replace(/\r/g, '&#xD;');

/** An element's start tag in the text: where it begins and ends (after its '>'), its name, whether it closes itself. */
interface Tag { start: number; end: number; name: string; empty: boolean }
/** The root element and its element children in the text, each with where its end tag begins (its start tag's end when empty). */
interface Outline { root: Tag & { close: number }; children: (Tag & { close: number })[] }

/**
 * The root and its element children, located in the text of a well-formed document with no DOCTYPE (parseCfdi
 * read it): comments, processing instructions and CDATA sections skipped, quoted attribute values (which may hold
 * '>') stepped over.
 */
function outline(xml: string): Outline {
  let root: Outline['root'] | null = null;
  const children: Outline['children'] = [];
  let depth = 0;
  for (let i = xml.indexOf('<'); i >= 0; i = xml.indexOf('<', i)) {
    if (xml.startsWith('<!--', i)) { i = xml.indexOf('-->', i + 4) + 3; continue; }
    if (xml.startsWith('<![CDATA[', i)) { i = xml.indexOf(']]>', i + 9) + 3; continue; }
    if (xml.startsWith('<?', i)) { i = xml.indexOf('?>', i + 2) + 2; continue; }
    if (xml[i + 1] === '/') {
      depth--;
      if (depth === 1) children[children.length - 1].close = i;
      else if (depth === 0 && root) root.close = i;
      i = xml.indexOf('>', i) + 1;
      continue;
    }
    let j = i + 1;
    while (!' \t\r\n/>'.includes(xml[j])) j++;
    const name = xml.slice(i + 1, j);
    for (;;) {
      const c = xml[j];
      if (c === '"' || c === "'") j = xml.indexOf(c, j + 1) + 1;
      else if (c === '>') break;
      else j++;
    }
    const tag = { start: i, end: j + 1, name, empty: xml[j - 1] === '/', close: j + 1 };
    if (depth === 0) root = tag;
    else if (depth === 1) children.push(tag);
    if (!tag.empty) depth++;
    i = j + 1;
  }
  if (!root) throw new Error('The document has no root element');
  return { root, children };
}

/**
 * The TFD's attributes, in this order, as its element: declaring tfd (and xsi where it is not already
 * the schema-instance namespace), with its schemaLocation first.
 */
function timbreElement(attributes: ReadonlyArray<readonly [string, string]>, xsiInScope: boolean, tfdNs: string): string {
  const xsi = xsiInScope ? '' : ` xmlns:xsi="${XSI_NS}"`;
  return `<tfd:TimbreFiscalDigital xmlns:tfd="${tfdNs}"${xsi} xsi:schemaLocation="${tfdNs} http://www.sat.gob.mx/sitio_internet/cfd/TimbreFiscalDigital/TimbreFiscalDigitalv11.xsd"${
    attributes.map(([n, v]) => ` ${n}="${escapeAttr(v)}"`).join('')}/>`;
}

/**
 * The CFDI's text with a tfd:TimbreFiscalDigital of `attributes` added, as text: in the root's first
 * cfdi:Complemento (after what it holds), or in a cfdi:Complemento added as the root's last child, written
 * with the root's prefix. Every other byte of the text is kept. `doc` is the text as parseCfdi parsed it.
 */
export function withTimbre(lib: Libxml, doc: XmlDoc, xml: string, attributes: ReadonlyArray<readonly [string, string]>): string {
  const root = doc.root;
  const complemento = root.get(paths.of(lib, 'cfdi:Complemento')) as XmlElement | null;
  const at = complemento ?? root;
  const timbre = timbreElement(attributes, at.namespaceForPrefix('xsi') === XSI_NS, TFD_NS);
  const { root: tag, children } = outline(xml);
  if (complemento) {
    const elements = root.find(paths.of(lib, '*'));
    const index = elements.findIndex((e) => e.isSameNode(complemento));
    const child = children[index];
    if (!child) throw new Error('cfdi:Complemento not found in the text');
    if (!child.empty) return xml.slice(0, child.close) + timbre + xml.slice(child.close);
    const slash = xml.lastIndexOf('/', child.end - 1);
    return `${xml.slice(0, slash)}>${timbre}</${child.name}>${xml.slice(child.end)}`;
  }
  if (tag.empty) throw new Error('The cfdi:Comprobante is empty');
  const prefix = root.prefix ? `${root.prefix}:` : '';
  return `${xml.slice(0, tag.close)}<${prefix}Complemento>${timbre}</${prefix}Complemento>${xml.slice(tag.close)}`;
}
