/**
 * The product form's catalogue fields (src/console/codes.ts): units found by code or name with the code beside the name,
 * SAT product keys by the start of their code, and what a typed code is (its name, in the catalogue, or not).
 */
import '../support/catalogs';
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { codeEcho, codeMatches, codeSuggestions } from '../../src/console/codes';

test('units: by code first, then by the start of a code or a name that holds the text (accents and case ignored)', () => {
  assert.deepEqual(codeMatches('units', 'kgm')[0], ['KGM', 'Kilogramo']);
  assert.ok(codeMatches('units', 'KILO').some(([c]) => c === 'KGM'));
  assert.deepEqual(codeMatches('units', 'pieza'), [['H87', 'Pieza']]);
  assert.deepEqual(codeMatches('units', '94')[0], ['94', 'Unidad']);
  assert.deepEqual(codeMatches('units', '   '), []);
  assert.ok(codeMatches('units', 'e').length <= 20, 'at most 20 suggestions');
});

test('product keys: by the start of the code, at most 20, nothing for a name', () => {
  const keys = codeMatches('c_ClaveProdServ', '432115');
  assert.ok(keys.length >= 2 && keys.length <= 20 && keys.every(([c, n]) => c.startsWith('432115') && n === c), JSON.stringify(keys));
  assert.deepEqual(codeMatches('c_ClaveProdServ', 'teclado'), []);
  assert.equal(codeMatches('c_ClaveProdServ', '4').length <= 20, true);
});

test('what a typed code is, in each language; suggestions as a datalist, escaped', () => {
  assert.equal(String(codeEcho('es', 'units', 'u', 'H87')), '<output id="echo-u" class="echo">H87 · Pieza</output>');
  assert.equal(String(codeEcho('en', 'units', 'u', 'h87')), '<output id="echo-u" class="echo">H87 · Pieza</output>');
  assert.equal(String(codeEcho('es', 'c_ClaveProdServ', 'k', '43211503')), '<output id="echo-k" class="echo">43211503: en el catálogo c_ClaveProdServ del SAT</output>');
  assert.equal(String(codeEcho('es', 'c_ClaveProdServ', 'k', '4321')), '<output id="echo-k" class="echo">Elija una de las sugerencias</output>');
  assert.equal(String(codeEcho('en', 'c_ClaveProdServ', 'k', '99999999')), '<output id="echo-k" class="echo bad">Not in the SAT&#39;s c_ClaveProdServ catalogue</output>');
  assert.equal(String(codeEcho('es', 'units', 'u', '')), '<output id="echo-u" class="echo"></output>');
  assert.equal(String(codeSuggestions('u', [['H87', 'Pieza'], ['<X>', '<X>']], true)),
    '<datalist id="list-u" hx-swap-oob="true"><option value="H87">H87 · Pieza</option><option value="&lt;X&gt;">&lt;X&gt;</option></datalist>');
});
