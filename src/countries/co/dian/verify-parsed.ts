/**
 * The ds:Signature of a signed UBL document, verified on the document as libxml2 parsed it (libxml2-wasm,
 * src/einvoice/xsd.ts), so that the sandbox DIAN parses what it receives once (issue 37, point 5): the same
 * checks as verifyInvoiceSignature (sign.ts), which parses with @xmldom/xmldom and canonicalises with
 * xml-crypto, here with libxml2's XPath and its Canonical XML (C14N 1.0 and exclusive C14N).
 *
 *   - one ds:Signature, in the last ext:ExtensionContent;
 *   - a reference to the whole document (URI="", enveloped-signature transform) and one to the
 *     xades:SignedProperties, and each reference's digest right after its transforms;
 *   - the SignatureValue over the canonical ds:SignedInfo, with the certificate in ds:KeyInfo;
 *   - the XAdES SigningCertificate that certificate's, and the signing time within its validity.
 *
 * `valid` means "signed by the certificate in ds:KeyInfo"; no chain or revocation check is done.
 */
import { createHash, timingSafeEqual, verify } from 'node:crypto';
import { derBase64ToPem } from '../../../einvoice/certificates';
import { DIGEST_HASH, NS, SIGNATURE_HASH, ALGORITHMS, errorMessage, signingCertificateProblem, signingTimeProblem, x509Of } from './dsig';
import type { VerifyResult } from './sign';
import { XPaths, type C14nOptions, type Libxml, type XmlDoc, type XmlElement, type XmlNode, type XPath } from '../../../einvoice/xsd';

const paths = new XPaths({ ds: NS.ds, xades: NS.xades, ext: NS.ext });

/** The canonicalisation algorithms a transform or ds:CanonicalizationMethod may name, as libxml2's options. */
const C14N_MODES: Record<string, Omit<C14nOptions, 'isVisible' | 'nodeSet'>> = {
  [ALGORITHMS.c14n]: { mode: 0 },
  'http://www.w3.org/TR/2001/REC-xml-c14n-20010315#WithComments': { mode: 0, withComments: true },
  'http://www.w3.org/2001/10/xml-exc-c14n#': { mode: 1 },
  'http://www.w3.org/2001/10/xml-exc-c14n#WithComments': { mode: 1, withComments: true },
};

/** Whether `node` is `ancestor` or lies inside it. */
function isInside(node: XmlNode, ancestor: XmlNode): boolean {
  for (let n: XmlNode | null = node; n; n = n.parent) if (n.isSameNode(ancestor)) return true;
  return false;
}

/** Verifies the signature of `doc`, parsed by `lib` (libxml()); the document is only read, and stays the caller's to dispose of. */
export function verifyParsedSignature(lib: Libxml, doc: XmlDoc): VerifyResult {
  const q = (expression: string) => paths.of(lib, expression);
  const all = (node: XmlNode | XmlDoc, expression: string) => node.find(q(expression)) as XmlElement[];
  const first = (node: XmlNode | XmlDoc | null | undefined, expression: string) => (node?.get(q(expression)) ?? null) as XmlElement | null;
  const attr = (el: XmlElement | null | undefined, name: string) => el?.attr(name)?.value ?? null;

  const sigs = all(doc, '//ds:Signature');
  if (sigs.length === 0) return { valid: false, reason: 'The document has no ds:Signature' };
  if (sigs.length > 1) return { valid: false, reason: `The document has ${sigs.length} ds:Signature elements; one is expected` };
  const sigEl = sigs[0];
  const parent = sigEl.parent;
  if (!parent || parent.namespaceUri !== NS.ext || parent.name !== 'ExtensionContent') {
    return { valid: false, reason: 'The ds:Signature is not inside an ext:ExtensionContent' };
  }
  const contents = all(doc, '//ext:ExtensionContent');
  if (!contents[contents.length - 1].isSameNode(parent)) {
    return { valid: false, reason: 'The ds:Signature is not in the last ext:ExtensionContent' };
  }

  const result: VerifyResult = { valid: false };
  const canon = canonicalForms(doc, q);
  try {
    const signedInfos = all(sigEl, 'ds:SignedInfo');
    if (signedInfos.length !== 1) return { valid: false, reason: 'The signature must have one ds:SignedInfo' };
    const signedInfo = signedInfos[0];
    // As verifyInvoiceSignature reads them: the first such descendant, in document order.
    const certText = first(first(sigEl, './/ds:KeyInfo'), './/ds:X509Certificate')?.content;
    if (!certText) return { valid: false, reason: 'ds:KeyInfo has no X509Certificate' };
    const certDer = Buffer.from(certText.replace(/\s+/g, ''), 'base64');
    result.certPem = derBase64ToPem(certDer.toString('base64'));

    const props = first(first(sigEl, './/xades:QualifyingProperties'), './/xades:SignedProperties');
    if (!props) return { ...result, reason: 'The signature has no xades:QualifyingProperties' };
    result.signingTime = first(props, './/xades:SigningTime')?.content ?? undefined;
    const policyId = first(first(props, './/xades:SigPolicyId'), './/xades:Identifier');
    if (policyId) result.policyIdentifier = policyId.content;

    // The signed references must cover the whole document and the SignedProperties.
    const refs = all(signedInfo, 'ds:Reference').map((ref) => ({
      ref, uri: attr(ref, 'URI'), transforms: all(ref, './/ds:Transform').map((t) => attr(t, 'Algorithm') ?? ''),
    }));
    const propsId = attr(props, 'Id');
    if (!refs.some((r) => r.uri === '' && r.transforms.includes(ALGORITHMS.enveloped))) {
      return { ...result, reason: 'No signed reference covers the whole document (URI="" with the enveloped-signature transform)' };
    }
    if (!propsId || !refs.some((r) => r.uri === `#${propsId}` && attr(r.ref, 'Type') === ALGORITHMS.signedPropertiesType)) {
      return { ...result, reason: 'No signed reference covers the xades:SignedProperties' };
    }

    // Every element with an Id (or ID, id), by its value; a value used twice is kept as null.
    const ids = new Map<string, XmlElement | null>();
    for (const el of all(doc, '//*[@Id or @ID or @id]')) {
      for (const name of ['Id', 'ID', 'id']) {
        const v = attr(el, name);
        if (v !== null) ids.set(v, ids.has(v) ? null : el);
      }
    }
    for (const { ref, uri, transforms } of refs) {
      const reason = referenceProblem(q, doc, canon, sigEl, ids, ref, uri, transforms);
      if (reason) return { ...result, reason };
    }

    const method = attr(all(signedInfo, 'ds:SignatureMethod')[0], 'Algorithm') ?? '';
    const hash = SIGNATURE_HASH[method];
    if (!hash) return { ...result, reason: `Unsupported signature method ${method}` };
    const c14n = C14N_MODES[attr(all(signedInfo, 'ds:CanonicalizationMethod')[0], 'Algorithm') ?? ''];
    if (!c14n) return { ...result, reason: 'Unsupported ds:CanonicalizationMethod' };
    const value = Buffer.from(all(sigEl, 'ds:SignatureValue')[0]?.content.replace(/\s+/g, '') ?? '', 'base64');
    // The SignedInfo in canonical form, with the namespaces in scope where it sits (libxml2's subtree C14N).
    if (!verify(hash, Buffer.from(canon(signedInfo, c14n), 'utf8'), x509Of(certDer).publicKey, value)) {
      return { ...result, reason: 'The signature value does not verify with the certificate in ds:KeyInfo' };
    }

    const signing = first(props, './/xades:SigningCertificate');
    const certs = signing ? all(signing, './/xades:Cert') : [];
    const sc = certs.length === 1 ? certs[0] : null;
    const digest = first(sc, './/xades:CertDigest');
    const certReason = signingCertificateProblem({
      certs: certs.length,
      digestMethod: attr(first(digest, './/ds:DigestMethod'), 'Algorithm') ?? '',
      digestValue: first(digest, './/ds:DigestValue')?.content ?? '',
      serial: first(sc, './/ds:X509SerialNumber')?.content ?? '',
      issuerName: first(sc, './/ds:X509IssuerName')?.content ?? '',
    }, certDer, result.certPem);
    if (certReason) return { ...result, reason: certReason };

    const timeReason = signingTimeProblem(result.signingTime, result.certPem);
    if (timeReason) return { ...result, reason: timeReason };
    return { ...result, valid: true };
  } catch (err) {
    return { ...result, valid: false, reason: `The signature cannot be verified: ${errorMessage(err)}` };
  }
}

/** Why one ds:Reference does not hold (null when its digest is right). */
function referenceProblem(q: (expression: string) => XPath, doc: XmlDoc, canon: Canonical, sigEl: XmlElement, ids: Map<string, XmlElement | null>, ref: XmlElement,
  uri: string | null, transforms: string[]): string | null {
  const first = (expression: string) => ref.get(q(expression)) as XmlElement | null;
  let target: XmlElement | null | undefined;
  if (uri === '') target = doc.root;
  else if (uri && uri.startsWith('#')) {
    target = ids.get(uri.slice(1));
    if (target === null) return `Several elements have the Id ${uri.slice(1)}`;
  }
  if (!target) return `The signed reference ${uri} points to nothing in the document`;
  let c14n = C14N_MODES[ALGORITHMS.c14n];
  let enveloped = false;
  for (const t of transforms) {
    if (t === ALGORITHMS.enveloped) enveloped = true;
    else if (C14N_MODES[t]) c14n = C14N_MODES[t];
    else return `Unsupported transform ${t}`;
  }
  const hash = DIGEST_HASH[first('.//ds:DigestMethod')?.attr('Algorithm')?.value ?? ''];
  if (!hash) return 'Unsupported ds:DigestMethod';
  let octets: string;
  if (enveloped && isInside(sigEl, target)) {
    // The enveloped-signature transform (W3C XML-DSig §6.6.4): the target without this signature. libxml2 takes
    // a visibility test only over a whole document, where a hidden node hides its descendants: so the target
    // must be the root element (URI="", the one this signature needs), shown without what lies outside it
    // (the nodes beside the root: comments, processing instructions) and without the signature.
    if (!target.isSameNode(doc.root)) return `The enveloped-signature transform of ${uri} is supported on the whole document only`;
    octets = c14n.mode === 0 && !c14n.withComments ? canon.without(sigEl) ?? '' : '';
    // libxml2 asks about each node with its parent (an attribute's or a namespace's: its element), and not
    // about the descendants of a hidden node: a node beside the root has the document node as its parent.
    const root = doc.root;
    const top = doc.get(q('/'));
    if (!octets) octets = doc.canonicalizeToString({
      ...c14n,
      isVisible: (node, parent) => {
        if (node.isSameNode(sigEl)) return false;
        if (parent === null || (top !== null && parent.isSameNode(top))) return node.isSameNode(root) || (top !== null && node.isSameNode(top));
        return true;
      },
    });
  } else {
    octets = canon(target, c14n);
  }
  const expected = Buffer.from(first('.//ds:DigestValue')?.content.trim() ?? '', 'base64');
  const actual = createHash(hash).update(octets, 'utf8').digest();
  if (expected.length === actual.length && timingSafeEqual(expected, actual)) return null;
  return uri === ''
    ? 'The document was modified after it was signed (the digest of the document does not match)'
    : `The signed element ${uri} was modified (its digest does not match)`;
}

/**
 * An element and its descendants in canonical form, with the namespaces in scope: the same text as
 * `el.canonicalizeToString(c14n)`, whose visibility test runs JavaScript for every node of the document,
 * where a node set is tested on libxml2's pointers alone (a quarter of the time).
 */
function subtree(doc: XmlDoc, el: XmlElement, c14n: Mode): string {
  return doc.canonicalizeToString({ ...c14n, nodeSet: new Set([el]) });
}

type Mode = Omit<C14nOptions, 'isVisible' | 'nodeSet'>;
/** The document's elements in canonical form, with the namespaces in scope (see canonicalForms). */
interface Canonical {
  (el: XmlElement, c14n: Mode): string;
  /** The root element in C14N 1.0 without comments, without `el` (the enveloped signature), or null when the cut cannot tell. */
  without(el: XmlElement): string | null;
}

/**
 * The canonical forms of a document's elements: in inclusive C14N 1.0 without comments, cut from the whole document's
 * canonical form, which libxml2 writes once with no visibility test (elementIn); otherwise, or when the cut cannot be
 * told for certain, libxml2's subtree form, which asks JavaScript about every node of the document. A signature's
 * check takes four forms of one document and the root's without the signature: one pass of libxml2 instead of five.
 */
export function canonicalForms(doc: XmlDoc, q: (expression: string) => XPath): Canonical {
  let text: string | undefined;
  const whole = () => (text ??= doc.canonicalizeToString({ mode: 0 }));
  const index = (el: XmlElement) => el.eval(q('count(ancestor::*) + count(preceding::*)')) as number;
  const form = (el: XmlElement, c14n: Mode) =>
    (c14n.mode === 0 && !c14n.withComments ? cutSubtree(whole(), index(el)) : null) ?? subtree(doc, el, c14n);
  return Object.assign(form, {
    without: (el: XmlElement) => {
      const found = elementIn(whole(), index(el));
      return found ? whole().slice(0, found.at) + whole().slice(found.end) : null;
    },
  });
}

/** The inclusive canonical form of the element at `index` in document order, cut from the whole document's (see elementIn). */
export function cutSubtree(whole: string, index: number): string | null {
  const found = elementIn(whole, index);
  return found ? found.ownStart + whole.slice(found.body, found.end) : null;
}

const CANONICAL_START_TAG = /<([^\s>/]+)((?: [^\s=]+="[^"]*")*)>/y;

/**
 * Where the element at `index` in document order (0: the root) lies in `whole`, the whole document's inclusive
 * canonical form (C14N 1.0, without comments): from `at` (its start tag) and `body` (after it) to `end` (after its end
 * tag), with `ownStart`, the start tag of its own canonical form. Null when it cannot be told for certain (a processing
 * instruction, an xml:* attribute that an element would inherit, text not in canonical form). In canonical form no
 * text or attribute value holds a raw '<' or an attribute value a raw '"', and every element is written with its end
 * tag, so the elements are found by their tags alone; with no processing instruction (or comment), the whole
 * document's form is its root's. The element's descendants are written as in its own canonical form; only its start
 * tag differs: there it declares every namespace in scope (what its ancestors and it declare in the whole form, the
 * nearest declaration of a prefix winning; an empty default namespace left out), in order of prefix, the default one
 * first, then its attributes as they are.
 */
function elementIn(whole: string, index: number): { at: number; body: number; end: number; ownStart: string } | null {
  if (!Number.isInteger(index) || index < 0 || whole.includes('<?') || whole.includes(' xml:')) return null;
  const open: Map<string, string>[] = [];
  let seen = -1;
  for (let i = whole.indexOf('<'); i >= 0;) {
    if (whole[i + 1] === '/') {
      open.pop();
      i = whole.indexOf('<', i + 1);
      continue;
    }
    CANONICAL_START_TAG.lastIndex = i;
    const tag = CANONICAL_START_TAG.exec(whole);
    if (!tag) return null;
    const declared = new Map<string, string>();
    const attributes: string[] = [];
    for (const a of tag[2].matchAll(/ ([^\s=]+)="([^"]*)"/g)) {
      if (a[1] === 'xmlns' || a[1].startsWith('xmlns:')) declared.set(a[1], a[2]);
      else attributes.push(a[0]);
    }
    if (++seen < index) {
      open.push(declared);
      i = whole.indexOf('<', CANONICAL_START_TAG.lastIndex);
      continue;
    }
    const scope = new Map<string, string>();
    for (const d of [...open, declared]) for (const [name, uri] of d) scope.set(name, uri);
    const namespaces = [...scope].filter(([name, uri]) => !(name === 'xmlns' && uri === '')).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    const ownStart = `<${tag[1]}${namespaces.map(([name, uri]) => ` ${name}="${uri}"`).join('')}${attributes.join('')}>`;
    const body = CANONICAL_START_TAG.lastIndex;
    for (let depth = 1, j = body; ; j++) {
      j = whole.indexOf('<', j);
      if (j < 0) return null;
      depth += whole[j + 1] === '/' ? -1 : 1;
      if (depth === 0) {
        const end = whole.indexOf('>', j);
        return end < 0 ? null : { at: i, body, end: end + 1, ownStart };
      }
    }
  }
  return null;
}
