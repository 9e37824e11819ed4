/**
 * The DOM as the XML code here uses it: @xmldom/xmldom parses, xmlbuilder2 builds, xpath and xml-crypto read.
 * Each library declares its own node types (xpath and xml-crypto take lib.dom's Node; @xmldom/xmldom and
 * xmlbuilder2 have declarations of their own), which do not match one another though the objects are the same
 * DOM. These functions check a node at run time (its nodeType) and give it lib.dom's type, instead of a cast.
 */
import './xmldom-regexps';
import { DOMParser } from '@xmldom/xmldom';
import * as xpath from 'xpath';

function isNode(x: unknown): x is Node {
  return typeof x === 'object' && x !== null && 'nodeType' in x && typeof x.nodeType === 'number' && 'childNodes' in x;
}

/** A node of any of the libraries, as the DOM's Node; throws on anything that is not one. */
export function domNode(x: unknown): Node {
  if (!isNode(x)) throw new TypeError('Not a DOM node');
  return x;
}

/** A document of any of the libraries, as the DOM's Document; throws on anything that is not one. */
export function domDocument(x: unknown): Document {
  if (!isNode(x) || !xpath.isDocumentNode(x)) throw new TypeError('Not a DOM document');
  return x;
}

/** Parses XML with @xmldom/xmldom (its errors and warnings to `onError`), as the DOM's Document. */
export function parseDom(xml: string, onError: (level: 'warning' | 'error' | 'fatalError', message: string) => void = () => undefined): Document {
  return domDocument(new DOMParser({ onError }).parseFromString(xml, 'text/xml'));
}

type Select = (expression: string, node: Node) => xpath.SelectReturnType;

/** The nodes an XPath selects (`select`: xpath.select, or one of xpath.useNamespaces); throws when it selects no node-set. */
export function selectNodes(select: Select, expression: string, node: Node): Node[] {
  const found = select(expression, node);
  if (!xpath.isArrayOfNodes(found)) throw new TypeError(`${expression} does not select nodes`);
  return found;
}

/** The elements an XPath selects; throws when it selects anything else. */
export function selectElements(select: Select, expression: string, node: Node): Element[] {
  return selectNodes(select, expression, node).map((n) => {
    if (!xpath.isElement(n)) throw new TypeError(`${expression} selects a node that is not an element`);
    return n;
  });
}

/** The string an XPath gives (`string(…)`); '' when it gives anything else. */
export function selectString(select: Select, expression: string, node: Node): string {
  const found = select(expression, node);
  return typeof found === 'string' ? found : '';
}
