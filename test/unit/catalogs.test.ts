/**
 * The catalogue lookups (src/catalogs/): DIVIPOLA places, the DIAN's code
 * lists, the SAT's regimes, use matrix, tax objects and postal codes, the
 * catCFDI.xsd written from them, and MultiplierFactorNumeric. Where a
 * catalogue is installed its completeness is checked too; where it is not,
 * the tests use the fixture of test/support/catalogs.ts and say so.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import Decimal from 'decimal.js';
import { installed } from '../support/catalogs';
import { catalogDir, keyed, records, resetCatalogs } from '../../src/catalogs/files';
import { DEPARTMENTS, MUNICIPALITIES_FILE, COUNTRIES_FILE, municipalityName, placeOf, placeProblems } from '../../src/countries/co/divipola';
import { placeLine } from '../../src/pdf/names';
import { PAYMENT_MEANS, RESPONSIBILITIES, TAX_SCHEMES } from '../../src/catalogs/dian';
import { catalogueCodes, LARGE_CATALOGUES, postalCode, REGIMES, regime, rfcPersonType, SMALL_CATALOGUES, taxObjectProblem } from '../../src/catalogs/sat';
import { CFDI_USES } from '../../src/companies/uses';
import { catalogueXsd } from '../../src/countries/mx/sat/schema';
import { multiplierFactor } from '../../src/countries/co/dian/ubl';

test('DIVIPOLA: the DIAN names of municipalities and departments; a city must belong to its department', () => {
  assert.equal(Object.keys(DEPARTMENTS).length, 33);
  assert.equal(DEPARTMENTS['88'], 'San Andrés y Providencia');
  assert.equal(municipalityName('05266'), 'Envigado');
  assert.equal(municipalityName('13001'), 'Cartagena De Indias');
  assert.equal(municipalityName('54001'), 'San José De Cúcuta');
  assert.equal(municipalityName('25175'), 'Chía');
  assert.equal(municipalityName('05999'), undefined);
  assert.deepEqual(placeProblems({ country_code: 'CO', state_code: '25', city_code: '25754' }), []);
  assert.deepEqual(placeProblems({ country_code: 'CO', state_code: '05', city_code: '25754' }).map(([f]) => f), ['city_code']);
  assert.deepEqual(placeProblems({ country_code: 'CO', state_code: '00', city_code: '00001' }).map(([f]) => f), ['state_code']);
  assert.deepEqual(placeProblems({ country_code: 'US', state_code: 'FL', city_code: 'M' }).map(([f]) => f), ['city_name']);
  assert.deepEqual(placeOf({ country_code: 'CO', state_code: '25', city_code: '25754' }),
    { foreign: false, countryCode: 'CO', countryName: 'Colombia', stateCode: '25', stateName: 'Cundinamarca', cityCode: '25754', cityName: 'Soacha' });
  assert.equal(placeLine({ country_code: 'US', state_code: 'FL', city_code: 'M', city_name: 'Miami', state_name: 'Florida' }), 'Miami, Florida, Estados Unidos');
  assert.equal(placeLine({ country_code: 'CO', state_code: '05', city_code: '05266' }), 'Envigado, Antioquia, Colombia');
});

test('DIVIPOLA installed: every municipality of the list, each in one of the 33 departments', { skip: !installed(MUNICIPALITIES_FILE) && `${MUNICIPALITIES_FILE} is not installed in ${catalogDir()}` }, () => {
  const rows = records(MUNICIPALITIES_FILE)!;
  assert.equal(rows.length, 1122);
  assert.equal(new Set(rows.map((r) => r[0])).size, rows.length);
  for (const [code, name] of rows) {
    assert.match(code, /^[0-9]{5}$/);
    assert.ok(DEPARTMENTS[code.slice(0, 2)], code);
    assert.ok(name, code);
  }
  for (const dept of Object.keys(DEPARTMENTS)) assert.ok(rows.some(([code]) => code.startsWith(dept)), dept);
});

test('countries installed: ISO 3166 with Spanish names', { skip: !installed(COUNTRIES_FILE) && `${COUNTRIES_FILE} is not installed` }, () => {
  assert.equal(records(COUNTRIES_FILE)!.length, 249);
  assert.equal(keyed(COUNTRIES_FILE)!.get('DE')?.[1], 'Alemania');
});

test('c_ClaveProdServ installed: the SAT\'s keys in force, complete', { skip: !installed(LARGE_CATALOGUES.c_ClaveProdServ) && `${LARGE_CATALOGUES.c_ClaveProdServ} is not installed` }, () => {
  const keys = records(LARGE_CATALOGUES.c_ClaveProdServ)!.map((r) => r[0]);
  assert.ok(keys.length > 52000, `${keys.length} keys`);
  assert.equal(new Set(keys).size, keys.length, 'no key twice');
  assert.ok(keys.every((k) => /^\d{8}$/.test(k)), 'eight digits each');
  const codes = keyed(LARGE_CATALOGUES.c_ClaveProdServ)!;
  // The generic key, services, computers, and the last segment of the UNSPSC-based list.
  for (const k of ['01010101', '84111506', '43211503', '81112200', '95141904']) assert.ok(codes.has(k), k);
  // Not keys: a made-up one, a family code, and gasoline's 15101506 that ended on 15-01-2020.
  for (const k of ['99999999', '43210000', '15101506']) assert.ok(!codes.has(k), k);
});

test('c_CodigoPostal installed: the SAT release of January 2022, complete, with both border regions', { skip: !installed(LARGE_CATALOGUES.c_CodigoPostal) && `${LARGE_CATALOGUES.c_CodigoPostal} is not installed` }, () => {
  const codes = catalogueCodes('c_CodigoPostal')!;
  assert.equal(codes.size, 95748);
  const regions = [0, 0, 0];
  for (const code of codes.keys()) regions[postalCode(code)!.region]++;
  assert.deepEqual(regions, [89574, 5517, 657]);
  // The README's examples (catalogs/mx/README.md): Mexicali, Tijuana, Ciudad Juárez north; Chetumal south; Mexico City none.
  for (const [code, region] of [['21100', 1], ['22000', 1], ['32000', 1], ['77000', 2], ['06700', 0]] as const) assert.equal(postalCode(code)?.region, region, code);
  assert.equal(postalCode('00000'), undefined);
});

test('DIAN code lists: tributos, responsibilities, payment means', () => {
  for (const c of ['01', '04', '05', '06', '07', '35', 'ZZ']) assert.ok(TAX_SCHEMES.has(c), c);
  assert.ok(!TAX_SCHEMES.has('09'));
  assert.deepEqual([...RESPONSIBILITIES], ['O-13', 'O-15', 'O-23', 'O-47', 'R-99-PN']);
  for (const c of ['1', '10', '20', '47', '48', '49', 'ZZZ']) assert.ok(PAYMENT_MEANS.has(c), c);
  for (const c of ['0', '54', '71', '98']) assert.ok(!PAYMENT_MEANS.has(c), c);
});

test('c_RegimenFiscal by person type, and the c_UsoCFDI receiver matrix', () => {
  assert.equal(REGIMES.length, 19);
  assert.deepEqual(REGIMES.filter((r) => r.person_types.length === 2).map((r) => r.code), ['610', '626']);
  assert.deepEqual(regime('601')!.person_types, ['company']);
  assert.deepEqual(regime('605')!.person_types, ['person']);
  assert.equal(rfcPersonType('XIA190128J61'), 'company');
  assert.equal(rfcPersonType('MASO451221PM4'), 'person');
  const use = (code: string) => CFDI_USES.find((u) => u.code === code)!;
  assert.ok(!use('G03').receiver_regimes.includes('605'), 'a 605 receiver cannot take G03');
  assert.ok(use('D01').receiver_regimes.includes('605'));
  assert.ok(!use('G01').receiver_regimes.includes('616') && use('G02').receiver_regimes.includes('616'));
  assert.deepEqual(use('CN01').receiver_regimes, ['605']);
  for (const u of CFDI_USES) for (const r of u.receiver_regimes) assert.ok(regime(r), `${u.code}: ${r}`);
});

test('c_ObjetoImp against the taxes', () => {
  assert.equal(taxObjectProblem('02', ['IVA']), null);
  assert.match(taxObjectProblem('02', [])!, /must carry its taxes/);
  assert.match(taxObjectProblem('01', ['IVA'])!, /carries no taxes/);
  assert.equal(taxObjectProblem('01', []), null);
  assert.match(taxObjectProblem('03', ['IVA'])!, /carries no taxes/);
  assert.equal(taxObjectProblem('07', ['IEPS']), null);
  assert.match(taxObjectProblem('07', ['IVA', 'IEPS'])!, /no IVA/);
  assert.match(taxObjectProblem('09', [])!, /not a c_ObjetoImp code/);
});

test('c_CodigoPostal: a code, its state and the border stimulus; gzipped files read as plain ones', () => {
  assert.equal(postalCode('06600')?.border, false);
  assert.equal(postalCode('22000')?.border, true);
  assert.equal(postalCode('00000'), undefined);
  // A catalogue directory of its own, gzipped, and one without the catalogue.
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'catalogs-unit-'));
  const before = process.env.CATALOG_DIR;
  try {
    fs.mkdirSync(path.join(dir, 'mx'));
    fs.writeFileSync(path.join(dir, 'mx', 'c_CodigoPostal.tsv.gz'), zlib.gzipSync('# a comment\n84000\tSON\t043\t1\n'));
    process.env.CATALOG_DIR = dir;
    resetCatalogs();
    assert.deepEqual(postalCode('84000'), { code: '84000', state: 'SON', municipality: '043', border: true, region: 1 });
    assert.equal(postalCode('06600'), undefined);
    // The SAT's own layout: a header naming the columns (read by name, whatever their order), region 2 the southern border, an ended code.
    fs.writeFileSync(path.join(dir, 'mx', 'c_CodigoPostal.tsv.gz'), zlib.gzipSync([
      'c_CodigoPostal\tc_Estado\tc_Municipio\tc_Localidad\tEstímulo Franja Fronteriza\tFecha inicio de vigencia\tFecha fin de vigencia',
      '77000\tROO\t004\t01\t2\t2022-01-01\t', '21100\tBCN\t002\t01\t1\t2022-01-01\t', '06700\tDIF\t015\t\t0\t2022-01-01\t',
      '01001\tDIF\t\t\t0\t2022-01-01\t2023-01-01',
    ].join('\n')));
    resetCatalogs();
    assert.deepEqual(postalCode('77000'), { code: '77000', state: 'ROO', municipality: '004', border: true, region: 2 });
    assert.deepEqual(postalCode('21100'), { code: '21100', state: 'BCN', municipality: '002', border: true, region: 1 });
    assert.equal(postalCode('06700')?.border, false);
    assert.equal(postalCode('01001'), undefined, 'its validity ended');
    assert.equal(postalCode('c_CodigoPostal'), undefined, 'the header is not a code');
    assert.equal(catalogueCodes('c_CodigoPostal')?.size, 4);
    fs.rmSync(path.join(dir, 'mx', 'c_CodigoPostal.tsv.gz'));
    resetCatalogs();
    assert.equal(postalCode('84000'), null, 'not installed: null, never a pass');
  } finally {
    process.env.CATALOG_DIR = before;
    resetCatalogs();
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

test('catCFDI.xsd: every catalogue type cfdv40.xsd names, each an enumeration of its catalogue', () => {
  const { xsd, unchecked } = catalogueXsd();
  assert.deepEqual(unchecked, []);
  const named = ['c_ClaveProdServ', 'c_ClaveUnidad', 'c_CodigoPostal', 'c_Exportacion', 'c_FormaPago', 'c_Impuesto', 'c_Meses', 'c_MetodoPago', 'c_Moneda',
    'c_ObjetoImp', 'c_Pais', 'c_Periodicidad', 'c_RegimenFiscal', 'c_TipoDeComprobante', 'c_TipoFactor', 'c_TipoRelacion', 'c_UsoCFDI'];
  for (const t of named) assert.match(xsd, new RegExp(`<xs:simpleType name="${t}">`), t);
  assert.ok(xsd.includes('<xs:enumeration value="G03"/>') && xsd.includes('<xs:enumeration value="H87"/>'));
  // c_CodigoPostal by its shape (its codes are checked by the content rules, rules.ts CODIGO_POSTAL: 95,748 enumerations compiled too slowly).
  assert.match(xsd, /<xs:simpleType name="c_CodigoPostal"><xs:restriction base="xs:string"><xs:pattern value="\[0-9\]\{5\}"\/><\/xs:restriction>/);
  for (const [name, codes] of Object.entries(SMALL_CATALOGUES)) {
    const type = xsd.slice(xsd.indexOf(`name="${name}"`));
    assert.equal((type.slice(0, type.indexOf('</xs:simpleType>')).match(/<xs:enumeration /g) ?? []).length, codes.length, name);
  }
  assert.ok(Object.keys(LARGE_CATALOGUES).every((n) => named.includes(n)));
});

test('MultiplierFactorNumeric gives the amount back with the fewest decimals', () => {
  const f = (amount: string, base: string, given: string | null = null) => multiplierFactor(new Decimal(amount), new Decimal(base), given === null ? null : new Decimal(given));
  // The review's case: 1.75 % of 2,850,000 is 49,875.00, not 50,000.00.
  assert.equal(f('50000', '2850000'), '1.754386');
  assert.equal(f('50000', '2850000', '1.75'), '1.754386');
  assert.equal(f('57000', '2850000', '2'), '2.00');
  assert.equal(f('12345', '1200000'), '1.02875');
  for (const [a, b] of [['0.01', '99999999.99'], ['333.33', '1000'], ['1', '3']]) {
    const x = f(a, b);
    assert.equal(new Decimal(b).times(x).div(100).toDecimalPlaces(2, Decimal.ROUND_HALF_UP).toFixed(2), new Decimal(a).toFixed(2), `${a} of ${b}: ${x}`);
  }
});
