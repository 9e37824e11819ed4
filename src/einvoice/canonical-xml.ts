/**
 * Writes an xmlbuilder2 document as Canonical XML 1.0 (W3C C14N, without comments), preceded by its XML
 * declaration. What the DIAN documents' writers produce this way is already in the form their signature
 * digests: parsing it and canonicalising it again gives back the same bytes, so the signer (src/countries/co/dian/sign.ts)
 * digests the text as written instead of parsing it into a DOM first (issue 37, point 5).
 *
 * The rules applied (C14N 1.0 §2.2, §2.3): no empty-element tags; namespace declarations first, sorted by prefix
 * (the default first), each written only where it changes what the nearest written ancestor declared; then
 * attributes sorted by namespace URI and local name; text escaped as &amp; &lt; &gt; &#xD;, attribute values as
 * &amp; &lt; &quot; &#x9; &#xA; &#xD;. Comments are dropped; a processing instruction or a character XML 1.0 does
 * not allow is refused.
 */
import type { XMLBuilder } from 'xmlbuilder2/lib/interfaces';
import { domNode } from '../platform/xml-dom';

const XMLNS = 'http://www.w3.org/2000/xmlns/';
/** Characters XML 1.0 does not allow (C0 controls other than tab, LF, CR; U+FFFE/U+FFFF; lone surrogates). */
// eslint-disable-next-line no-control-regex -- finding control characters is this expression's purpose
const NOT_XML = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** The parts of xmlbuilder2's DOM this writer reads. */
interface Attr { namespaceURI: string | null; prefix: string | null; localName: string; value: string }
interface Node { nodeType: number; firstChild: Node | null; nextSibling: Node | null; data?: string }
interface Element extends Node {
  namespaceURI: string | null; prefix: string | null; localName: string;
  attributes: { length: number; item(i: number): Attr | null };
}

export class CanonicalXmlError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'CanonicalXmlError';
  }
}

function checked(s: string): string {
  const bad = NOT_XML.exec(s);
  if (bad) throw new CanonicalXmlError(`U+${bad[0].charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')} cannot be written in XML 1.0`);
  return s;
}
// Most texts need no escape at all: one test instead of a replace per character.
const TEXT_ESCAPED = /[&<>\r]/;
const ATTRIBUTE_ESCAPED = /[&<"\t\n\r]/;
export const canonicalText = (s: string) => (!TEXT_ESCAPED.test(checked(s)) ? s
  : s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/\r/g, '&#xD;'));
export const canonicalAttribute = (s: string) => (!ATTRIBUTE_ESCAPED.test(checked(s)) ? s
  : s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/"/g, '&quot;').replace(/\t/g, '&#x9;').replace(/\n/g, '&#xA;').replace(/\r/g, '&#xD;'));

/** ` xmlns="…"` and ` xmlns:p="…"` for these bindings, in canonical order (the default namespace first, then by prefix). */
export function namespaceDeclarations(bindings: Map<string, string>): string {
  return [...bindings].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([prefix, uri]) => ` xmlns${prefix ? `:${prefix}` : ''}="${canonicalAttribute(uri)}"`).join('');
}

const compare = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

function element(el: Element, inScope: Map<string, string>, out: string[]): void {
  const qname = (prefix: string | null, local: string) => (prefix ? `${prefix}:${local}` : local);
  // The bindings this element needs written: its explicit declarations, its own prefix's and its attributes'.
  const wanted = new Map<string, string>();
  const attrs: Attr[] = [];
  for (let i = 0; i < el.attributes.length; i++) {
    const a = el.attributes.item(i)!;
    if (a.namespaceURI === XMLNS) wanted.set(a.prefix ? a.localName : '', a.value);
    else attrs.push(a);
  }
  wanted.set(el.prefix ?? '', el.namespaceURI ?? '');
  for (const a of attrs) if (a.prefix && a.prefix !== 'xml') wanted.set(a.prefix, a.namespaceURI ?? '');
  const written = new Map<string, string>();
  for (const [prefix, uri] of wanted) {
    if ((inScope.get(prefix) ?? '') === uri) continue;
    if (prefix && !uri) throw new CanonicalXmlError(`The prefix ${prefix} cannot be undeclared in XML 1.0`);
    written.set(prefix, uri);
  }
  // The children's scope: the parent's own map when this element declares nothing (most elements), else a copy.
  const scope = written.size ? new Map([...inScope, ...written]) : inScope;
  attrs.sort((a, b) => compare(a.namespaceURI ?? '', b.namespaceURI ?? '') || compare(a.localName, b.localName));
  const name = qname(el.prefix, el.localName);
  out.push(`<${name}${namespaceDeclarations(written)}`);
  for (const a of attrs) out.push(` ${qname(a.prefix, a.localName)}="${canonicalAttribute(a.value)}"`);
  out.push('>');
  children(el, scope, out);
  out.push(`</${name}>`);
}

// Children by firstChild and nextSibling: xmlbuilder2's childNodes is a live list behind a Proxy whose item(i) walks from an end.
function children(parent: Node, inScope: Map<string, string>, out: string[]): void {
  for (let n = parent.firstChild; n; n = n.nextSibling) {
    if (n.nodeType === 1) element(n as Element, inScope, out);
    else if (n.nodeType === 3 || n.nodeType === 4) out.push(canonicalText(n.data ?? ''));
    else if (n.nodeType !== 8) throw new CanonicalXmlError(`A node of type ${n.nodeType} cannot be written in canonical form here`);
  }
}

/** The document of `node` (any builder of it) as its XML declaration followed by its root element in canonical form. */
export function canonicalXml(node: XMLBuilder, declaration = '<?xml version="1.0" encoding="UTF-8" standalone="no"?>'): string {
  const doc: Node = domNode(node.doc().node);
  let root: Element | null = null;
  for (let n = doc.firstChild; n; n = n.nextSibling) {
    if (n.nodeType === 1) root = n as Element;
    else if (n.nodeType !== 8 && n.nodeType !== 10) throw new CanonicalXmlError(`A node of type ${n.nodeType} outside the root element cannot be written here`);
  }
  if (!root) throw new CanonicalXmlError('The document has no root element');
  const out: string[] = [declaration];
  element(root, new Map([['', '']]), out);
  return out.join('');
}
