/**
 * Searchable catalogue fields of the product form: units of measure and the SAT's product/service keys, typed or
 * found as one types (GET /app/code-options). Beside the field, what the typed code is (its name, or that the
 * catalogue does not have it); under it, a list of suggestions (a <datalist>) with the code beside its name.
 *
 * What the project ships: the units' names of src/catalog/units.ts (the common UN/ECE Recommendation 20 codes both
 * authorities use) over the SAT's c_ClaveUnidad codes; c_ClaveProdServ's codes only (catalogs/mx, without their
 * descriptions), so a product key is found by the start of its code.
 */
import { catalogueCodes } from '../catalogs/sat';
import { catalogDir } from '../catalogs/files';
import { unitJson } from '../catalog/units';
import { html, type Html } from './html';
import type { Lang } from './i18n';

export type CodeList = 'units' | 'c_ClaveProdServ';
export const CODE_LISTS: ReadonlySet<string> = new Set<CodeList>(['units', 'c_ClaveProdServ']);
const MAX = 20;

/** Every unit code with its name where one is known (the DIAN's 94 first, the named ones before the bare codes), per catalogue folder. */
const units = new Map<string, [string, string][]>();
function unitList(): [string, string][] {
  const dir = catalogDir();
  if (!units.has(dir)) {
    const all = [...new Set(['94', ...(catalogueCodes('c_ClaveUnidad')?.keys() ?? [])])].map((code): [string, string] => [code, unitJson(code).name]);
    units.set(dir, [...all.filter(([c, n]) => n !== c), ...all.filter(([c, n]) => n === c)]);
  }
  return units.get(dir)!;
}

const fold = (s: string) => s.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

/** The codes of a list that match what was typed: a code that starts with it, or (units) a name that holds it. */
export function codeMatches(list: CodeList, typed: string): [code: string, name: string][] {
  const q = fold(typed.trim());
  if (!q) return [];
  if (list === 'units') {
    const exact = unitList().filter(([c]) => fold(c) === q);
    const rest = unitList().filter(([c, n]) => fold(c) !== q && (fold(c).startsWith(q) || (n !== c && fold(n).includes(q))));
    return [...exact, ...rest].slice(0, MAX);
  }
  const out: [string, string][] = [];
  for (const code of catalogueCodes('c_ClaveProdServ')?.keys() ?? []) {
    if (code.startsWith(q)) out.push([code, code]);
    if (out.length === MAX) break;
  }
  return out;
}

const NAMES: Record<CodeList, [string, string]> = {
  units: ['la lista de unidades de medida', 'the list of units of measure'],
  c_ClaveProdServ: ['el catálogo c_ClaveProdServ del SAT', 'the SAT\'s c_ClaveProdServ catalogue'],
};

/** What a typed code is, beside its field: its name, that it is in the catalogue, or that it is not. */
export function codeEcho(lang: Lang, list: CodeList, id: string, typed: string): Html {
  const code = typed.trim();
  const en = lang === 'en';
  let text = '';
  let bad = false;
  if (code) {
    const known = list === 'units' ? unitList().find(([c]) => c === code.toUpperCase()) : catalogueCodes('c_ClaveProdServ')?.has(code) ? [code, code] : undefined;
    if (known) text = known[1] !== known[0] ? `${known[0]} · ${known[1]}` : en ? `${code}: in ${NAMES[list][1]}` : `${code}: en ${NAMES[list][0]}`;
    else if (codeMatches(list, code).length) text = en ? 'Choose one of the suggestions' : 'Elija una de las sugerencias';
    else { bad = true; text = en ? `Not in ${NAMES[list][1]}` : `No está en ${NAMES[list][0]}`; }
  }
  return html`<output id="echo-${id}" class="echo${bad ? ' bad' : ''}">${text}</output>`;
}

/** The suggestions of a field (its <datalist>), sent again out of band as one types. */
export const codeSuggestions = (id: string, matches: [string, string][], oob = false): Html =>
  html`<datalist id="list-${id}"${oob ? html` hx-swap-oob="true"` : ''}>${matches.map(([c, n]) => html`<option value="${c}">${n !== c ? `${c} · ${n}` : c}</option>`)}</datalist>`;
