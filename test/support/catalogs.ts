/**
 * The catalogues the tests run with (README "Tax authority catalogues"): a
 * directory of their own in which every installed catalogue file is used as
 * it is, and a catalogue that is not installed is replaced by a small FIXTURE
 * holding only the codes the demo data and the tests use. A fixture is not the
 * catalogue: it lets the rules be tested on every machine, while the
 * catalogues' completeness is tested only where they are installed
 * (test/unit/catalogs.test.ts). Imported for its effect: it sets CATALOG_DIR
 * for this test process before any catalogue is read.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { catalogDir, records, resetCatalogs } from '../../src/catalogs/files';

const FIXTURES: Record<string, string> = {
  'co/municipalities.tsv': [
    '05001\tMedellín', '05266\tEnvigado', '08001\tBarranquilla', '11001\tBogotá, D.C.', '13001\tCartagena De Indias',
    '25175\tChía', '25754\tSoacha', '54001\tSan José De Cúcuta', '68001\tBucaramanga', '76001\tCali', '88001\tSan Andrés',
  ].join('\n'),
  'co/countries.tsv': ['CO\tColombia', 'ES\tEspaña', 'MX\tMéxico', 'US\tEstados Unidos'].join('\n'),
  // code, state, municipality, border stimulus
  'mx/c_CodigoPostal.tsv': [
    '01160\tCMX\t010\t0', '06600\tCMX\t015\t0', '22000\tBCN\t004\t1', '36257\tGUA\t037\t0', '64000\tNLE\t039\t0', '65000\tNLE\t005\t1',
    '76343\tQUE\t014\t0', '80290\tSIN\t006\t0',
  ].join('\n'),
  'mx/c_ClaveProdServ.txt': ['01010101', '43211503', '43211509', '43211708', '43211902', '50192100', '50202301', '81111500', '81112200', '84111506'].join('\n'),
  'mx/c_ClaveUnidad.txt': ['ACT', 'E48', 'H87', 'KGM'].join('\n'),
  'mx/c_Pais.txt': ['MEX', 'USA'].join('\n'),
  'mx/c_Moneda.txt': ['EUR', 'MXN', 'USD'].join('\n'),
};

/** Catalogue files that are fixtures in this run (not installed). */
export const FIXTURE_FILES: string[] = [];

function setUp(): void {
  const installed = catalogDir();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'facturas-catalogs-'));
  for (const [file, fixture] of Object.entries(FIXTURES)) {
    fs.mkdirSync(path.join(dir, path.dirname(file)), { recursive: true });
    const real = [file, `${file}.gz`].map((f) => path.join(installed, f)).find((f) => fs.existsSync(f));
    if (real) fs.copyFileSync(real, path.join(dir, path.relative(installed, real)));
    else {
      fs.writeFileSync(path.join(dir, file), `# TEST FIXTURE, not the catalogue\n${fixture}\n`);
      FIXTURE_FILES.push(file);
    }
  }
  process.env.CATALOG_DIR = dir;
  resetCatalogs();
  process.on('exit', () => fs.rmSync(dir, { recursive: true, force: true }));
}

if (!process.env.FACTURAS_TEST_CATALOGS) {
  setUp();
  process.env.FACTURAS_TEST_CATALOGS = process.env.CATALOG_DIR!;
}

/** Whether a catalogue file is the real one in this run. */
export const installed = (file: string) => !FIXTURE_FILES.includes(file) && records(file) !== null;
