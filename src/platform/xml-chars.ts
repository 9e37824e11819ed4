/**
 * The characters XML 1.0 does not allow in a document (outside its Char production): the control characters
 * other than tab, line feed and carriage return, and U+FFFE and U+FFFF (NUL is refused on its own, as no
 * database text holds it). Request texts are checked against it (src/platform/request-texts.ts), and so is every XML a
 * document is built into (src/einvoice/unbuildable.ts).
 */
// eslint-disable-next-line no-control-regex -- the control characters are looked for on purpose
export const NOT_XML = /[\u0001-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/;
