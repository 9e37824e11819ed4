/**
 * Forms whose fields are named by the API's own paths (`address.city.city_code`, `contacts[0].email`): the
 * record read from the API fills them, the form is written back into that record at the same paths and sent
 * to the API, and each error the API answers is shown under the field its path names.
 */
import { html, type Html } from './html';
import type { Lang } from './i18n';
import { errId, fieldErrors, underField } from './messages';
import type { Form } from './forms';
import { parseAmount } from './amounts';
import { codeEcho, codeSuggestions, type CodeList } from './codes';
import type { CountryCode } from '../countries';

export interface FieldSpec {
  name: string;
  label: [es: string, en: string];
  /** codes: a list of checkboxes (its options), written as [{code, name}] (a Colombian customer's fiscal responsibilities). */
  type?: 'text' | 'email' | 'number' | 'select' | 'checkbox' | 'date' | 'url' | 'codes';
  /** A console route (GET, the field's value in the query) whose answer shows beside the field as one types (src/console/routes.ts). */
  live?: string;
  options?: [string, string][];
  required?: boolean;
  /** Written as a number (empty: left out). */
  numeric?: boolean;
  hint?: [es: string, en: string];
  /** A code of a catalogue, found as one types (GET /app/code-options, src/console/codes.ts): its name beside it, suggestions under it. */
  codes?: CodeList;
}

const steps = (path: string): (string | number)[] =>
  path.split(/\.|(?=\[)/).map((p) => (/^\[\d+\]$/.test(p) ? Number(p.slice(1, -1)) : p));

/** A JSON object or array, indexed by a step of a path. */
type Node = Record<string | number, unknown>;

export function getAt(obj: unknown, path: string): unknown {
  let v = obj;
  for (const s of steps(path)) v = v === null || v === undefined ? undefined : typeof v === 'string' ? (s === 0 ? v : undefined) : typeof v === 'object' ? (v as Node)[s] : undefined;
  if (v && typeof v === 'object' && !Array.isArray(v) && 'code' in v) return v.code; // {code, name} answers
  return v;
}

export function setAt(obj: Node, path: string, value: unknown): void {
  const s = steps(path);
  let o = obj;
  for (let i = 0; i < s.length - 1; i++) {
    if (o[s[i]] === null || o[s[i]] === undefined || typeof o[s[i]] !== 'object') o[s[i]] = typeof s[i + 1] === 'number' ? [] : {};
    o = o[s[i]] as Node;
  }
  const last = s[s.length - 1];
  if (value === undefined) { if (Array.isArray(o) && typeof last === 'number') o.splice(last, 1); else delete o[last]; } else o[last] = value;
}


const one = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] ?? '' : v ?? '').trim();

/**
 * The record with the form's values written at their paths (the record's type names the fields its caller reads back);
 * amounts read the way the company's country writes them (src/console/amounts.ts).
 */
export function fromForm<T extends object>(record: T, specs: FieldSpec[], f: Form, country: CountryCode): T {
  const out = structuredClone(record);
  for (const sp of specs) {
    const v = one(f[sp.name]);
    if (sp.type === 'checkbox') setAt(out as Node, sp.name, v === 'yes');
    else if (sp.type === 'codes') {
      const chosen = new Set(Array.isArray(f[sp.name]) ? f[sp.name] as string[] : f[sp.name] ? [f[sp.name] as string] : []);
      // Stored with its name, as the option shows it after the code ("O-13 · Gran contribuyente").
      setAt(out as Node, sp.name, (sp.options ?? []).filter(([code]) => chosen.has(code)).map(([code, text]) => ({ code, name: text.startsWith(`${code} · `) ? text.slice(code.length + 3) : text })));
    }
    else if (sp.numeric) setAt(out as Node, sp.name, parseAmount(v, country));
    else setAt(out as Node, sp.name, v === '' && !sp.required ? undefined : v);
  }
  // An item of a list (contacts[0], taxes[0]) whose every field was left empty is no item at all.
  const items = new Map<string, boolean>();
  for (const sp of specs) {
    const m = /^(.*\[\d+\])\.[^[\]]+$/.exec(sp.name);
    if (m && sp.type !== 'checkbox') items.set(m[1], (items.get(m[1]) ?? true) && one(f[sp.name]) === '');
  }
  for (const [item, empty] of [...items].reverse()) if (empty) setAt(out as Node, item, undefined);
  return out;
}

/**
 * A field with something shown beside it as one types, asked of a console route (GET, its value in the query): an
 * amount, what will be stored as the company's country writes it or why it cannot be read (GET /app/echo); a NIT,
 * its check digit (GET /app/check-digit).
 */
function liveInput(id: string, name: string, value: string, aria: Html, route: string, amount: boolean): Html {
  const url = `${route}?id=${encodeURIComponent(id)}&field=${encodeURIComponent(name)}`;
  return html`<input id="${id}" name="${name}" type="text"${amount ? html` inputmode="decimal"` : ''} value="${value}"${aria} hx-get="${url}" hx-trigger="input changed delay:300ms"
    hx-target="#echo-${id}" hx-swap="outerHTML"><output id="echo-${id}" class="echo"></output>`;
}

/** A live field's query (liveInput, codeInput): the id of its output, its name and what was typed. */
export function liveQuery(query: unknown): { id: string; field: string; typed: string } {
  const q = query as Record<string, string | undefined>;
  const field = q.field ?? '';
  return { id: /^[A-Za-z0-9_-]{1,80}$/.test(q.id ?? '') ? q.id! : 'x', field, typed: typeof q[field] === 'string' ? q[field]! : '' };
}

/** A catalogue code's field: what the typed code is beside it, and the suggestions of GET /app/code-options as one types. */
function codeInput(lang: Lang, id: string, name: string, value: string, aria: Html, list: CodeList): Html {
  const url = `/app/code-options?list=${list}&id=${encodeURIComponent(id)}&field=${encodeURIComponent(name)}`;
  return html`<input id="${id}" name="${name}" type="text" value="${value}" list="list-${id}" autocomplete="off"${aria} hx-get="${url}"
    hx-trigger="input changed delay:300ms" hx-target="#echo-${id}" hx-swap="outerHTML">${codeEcho(lang, list, id, value)}${codeSuggestions(id, [])}`;
}

/** The form's fields, filled from `record` (or the values sent), with the API's messages under each. */
export function fields(lang: Lang, specs: FieldSpec[], record: unknown, sent?: Form, errors?: unknown): { html: Html; rest: string[] } {
  const byField = fieldErrors(lang, errors, new Set(specs.map((s) => s.name)));
  const label = (s: FieldSpec) => (lang === 'en' ? s.label[1] : s.label[0]);
  const out = specs.map((s) => {
    const id = `c-${s.name.replace(/[^A-Za-z0-9_-]/g, '-')}`;
    const raw = sent ? one(sent[s.name]) : getAt(record, s.name);
    const value = raw === undefined || raw === null ? '' : String(raw);
    const msgs = byField.get(s.name);
    const hint = s.hint ? html`<span class="hint" id="${id}-hint">${lang === 'en' ? s.hint[1] : s.hint[0]}</span>` : '';
    const described = [msgs?.length ? errId(s.name) : '', s.hint ? `${id}-hint` : '', s.codes ? `echo-${id}` : ''].filter(Boolean).join(' ');
    const aria = html`${described ? html` aria-describedby="${described}"` : ''}${msgs?.length ? html` aria-invalid="true"` : ''}${s.required ? html` required` : ''}`;
    if (s.type === 'checkbox') {
      const on = sent ? value === 'yes' : raw === true;
      return html`<div class="check"><input type="checkbox" id="${id}" name="${s.name}" value="yes"${on ? html` checked` : ''}${aria}><label for="${id}">${label(s)}</label>${underField(s.name, msgs)}</div>`;
    }
    if (s.type === 'codes') {
      const chosen = new Set(sent ? [sent[s.name] ?? []].flat() : (Array.isArray(raw) ? raw : []).map((x: { code?: string }) => x?.code));
      return html`<fieldset class="checks" id="${id}"${aria}><legend>${label(s)}</legend>${(s.options ?? []).map(([v, text], k) => html`<div class="check"><input type="checkbox" id="${id}-${k}" name="${s.name}" value="${v}"${
        chosen.has(v) ? html` checked` : ''}><label for="${id}-${k}">${text}</label></div>`)}${underField(s.name, msgs)}</fieldset>`;
    }
    const control = s.type === 'select'
      ? html`<select id="${id}" name="${s.name}"${aria}>${(s.options ?? []).map(([v, text]) => html`<option value="${v}"${v === value ? html` selected` : ''}>${text}</option>`)}</select>`
      : s.codes ? codeInput(lang, id, s.name, value, aria, s.codes)
      : s.type === 'number' || s.live ? liveInput(id, s.name, value, aria, s.live ?? '/app/echo', s.type === 'number')
        : html`<input id="${id}" name="${s.name}" type="${s.type ?? 'text'}" value="${value}"${aria}>`;
    return html`<div class="field"><label for="${id}">${label(s)}</label>${control}${hint}${underField(s.name, msgs)}</div>`;
  });
  return { html: html`${out}`, rest: byField.get('') ?? [] };
}
