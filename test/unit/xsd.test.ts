/**
 * Issue 36, point 6: the schemas compiled at start-up leave nothing on disk. The UBL wrapper (one schema
 * importing the DIAN's three documents) and the CFDI's layout (cfdv40.xsd with catCFDI.xsd written from the
 * catalogues, Pagos 2.0) are kept in memory and read by libxml2 from there: no file is written (every write of
 * node:fs is watched while they compile), nothing of theirs appears on disk, and they still
 * check documents.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { libxml, ublSchema, usedPrefixes, validateXml, XPaths, type XmlElement } from '../../src/einvoice/xsd';
import { checkCfdiSchema } from '../../src/countries/mx/sat/schema';

/** Every call of node:fs that writes, made while `fn` runs. */
async function writesDuring(fn: () => Promise<void>): Promise<string[]> {
  const seen: string[] = [];
  const names = ['writeFileSync', 'mkdirSync', 'renameSync', 'openSync', 'mkdtempSync', 'writeFile', 'mkdir', 'rename', 'open'] as const;
  const saved = names.map((n) => [n, (fs as any)[n]] as const);
  for (const [n, f] of saved) {
    (fs as any)[n] = function (this: unknown, ...args: any[]) {
      if (n !== 'openSync' && n !== 'open' || /[wa+]/.test(String(args[1] ?? 'r'))) seen.push(`${n} ${String(args[0])}`);
      return f.apply(this, args);
    };
  }
  try { await fn(); } finally { for (const [n, f] of saved) (fs as any)[n] = f; }
  return seen;
}

test('the UBL wrapper schema is compiled from memory: nothing written, the three documents known', { timeout: 120_000 }, async () => {
  let name = '';
  const writes = await writesDuring(async () => {
    name = ublSchema();
    for (const root of ['Invoice', 'CreditNote', 'DebitNote']) {
      const errors = await validateXml(name, `<?xml version="1.0"?><${root} xmlns="urn:oasis:names:specification:ubl:schema:xsd:${root}-2"/>`);
      assert.ok(errors.length > 0, `an empty ${root} is refused`);
      assert.ok(errors.every((e) => !/No matching global declaration/.test(e)), `${root} is declared: ${errors.join('; ')}`);
    }
    const unknown = await validateXml(name, '<?xml version="1.0"?><Factura xmlns="urn:example:not-ubl"/>');
    assert.ok(unknown.some((e) => /No matching global declaration/.test(e)), unknown.join('; '));
  });
  assert.deepEqual(writes, [], 'nothing written');
  // A name inside the repository's schemas folder (so that its imports resolve), never a file of the temporary
  // directory (the repository itself may live there, as in CI's fresh clone).
  const schemas = path.resolve(__dirname, '..', '..', '..', 'schemas');
  assert.ok(name.startsWith(schemas + path.sep), `${name} is a name inside ${schemas}`);
  assert.equal(fs.existsSync(name), false, 'not on disk');
});

test('the CFDI schema (cfdv40.xsd, catCFDI.xsd from the catalogues, Pagos 2.0) is compiled from memory: nothing written', { timeout: 180_000 }, async () => {
  const writes = await writesDuring(async () => {
    const empty = await checkCfdiSchema('<?xml version="1.0"?><cfdi:Comprobante xmlns:cfdi="http://www.sat.gob.mx/cfd/4"/>');
    assert.ok(empty.errors.length > 0);
    assert.ok(empty.errors.every((e) => !/No matching global declaration/.test(e)), empty.errors.join('; '));
    assert.ok(empty.errors.some((e) => /Version|Emisor|Receptor|missing/i.test(e)), empty.errors.join('; '));
    // A catalogue type written from the catalogues (catCFDI.xsd): an unknown currency is refused by it.
    const badCurrency = await checkCfdiSchema('<?xml version="1.0"?><cfdi:Comprobante xmlns:cfdi="http://www.sat.gob.mx/cfd/4" Moneda="XYZ"/>');
    assert.ok(badCurrency.errors.some((e) => /Moneda/.test(e) && /XYZ|enumeration|c_Moneda/.test(e)), badCurrency.errors.join('; '));
  });
  assert.deepEqual(writes, [], 'nothing written');
});

test('an XPath carries the prefixes it names, and only those: the rest are not registered on each evaluation', async () => {
  const ns = { ds: 'urn:ds', cbc: 'urn:cbc', cac: 'urn:cac', 'a.b-c': 'urn:abc' };
  assert.deepEqual(usedPrefixes('string(cac:TaxCategory/cbc:Percent)', ns), { cbc: 'urn:cbc', cac: 'urn:cac' });
  assert.deepEqual(usedPrefixes('count(ancestor::*) + count(preceding::*)', ns), {}, 'an axis is not a prefix');
  assert.deepEqual(usedPrefixes("//*[@ds:Id='x:y'] | //a.b-c:e", ns), { ds: 'urn:ds', 'a.b-c': 'urn:abc' });
  assert.deepEqual(usedPrefixes('//xds:Signature | //mycbc:ID', ns), {}, 'a prefix inside a longer name is not named');
  // Evaluated on a document: the expressions find what they name, and one that names no prefix still works.
  const lib = await libxml();
  const doc = lib.XmlDocument.fromString('<r xmlns:c="urn:cbc" xmlns:d="urn:ds"><c:ID>7</c:ID><d:S><c:ID>8</c:ID></d:S><plain>9</plain></r>');
  try {
    const paths = new XPaths(ns);
    assert.deepEqual((doc.find(paths.of(lib, '//ds:S/cbc:ID')) as XmlElement[]).map((e) => e.content), ['8']);
    assert.deepEqual((doc.find(paths.of(lib, '/r/cbc:ID')) as XmlElement[]).map((e) => e.content), ['7']);
    assert.equal(doc.eval(paths.of(lib, 'string(/r/plain)')), '9');
    assert.throws(() => doc.find(new XPaths({ cbc: 'urn:cbc' }).of(lib, '//ds:S')), /XPath/, 'a prefix not in the set is still an error');
  } finally {
    doc.dispose();
  }
});
