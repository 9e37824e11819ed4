/**
 * An amount typed in a console form, read one way: by the company's country, never by the browser's language.
 * Colombia writes `1.234.567,89` (a point between thousands, a comma before the decimals); Mexico writes
 * `1,234,567.89`. Spaces, a leading `$` and a trailing or leading currency code are ignored; a sign is kept (the
 * API says whether the field takes it). An entry that is malformed for the country, or ambiguous (`1,500` in
 * Colombia and `1.500` in Mexico could be either a thousand and a half or one and a half), is refused with what it
 * would mean and how to write it: nothing is ever silently rescaled.
 */
import { countries, country as countryOf, type CountryCode } from '../countries';

/** What a form sends for an amount it could not read: ctx.api answers it as a 400 on its field, without calling the API (badAmounts). */
export class BadAmount {
  constructor(readonly typed: string, readonly message: [es: string, en: string]) {}
}

const MARKS: Record<string, [es: string, en: string]> = { '.': ['el punto', 'a point'], ',': ['la coma', 'a comma'] };

/** How the country writes an amount, and the sentence that says so (es, en). */
function styleOf(code: CountryCode) {
  const { numbers: n, labels } = countryOf(code);
  const [gEs, gEn] = MARKS[n.thousands] ?? [`«${n.thousands}»`, `"${n.thousands}"`];
  const [dEs, dEn] = MARKS[n.decimal] ?? [`«${n.decimal}»`, `"${n.decimal}"`];
  return {
    decimal: n.decimal, group: n.thousands, example: `1${n.thousands}234${n.decimal}56`,
    es: `en ${labels.name} ${gEs} separa los miles y ${dEs} los decimales`,
    en: `in ${labels.nameEn} ${gEn} separates thousands and ${dEn} the decimals`,
  };
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The amount `typed` means in `country`: a number, undefined when empty, or a BadAmount saying why not. */
export function parseAmount(typed: string, country: CountryCode): number | BadAmount | undefined {
  const s = styleOf(country);
  const codes = countries().map((c) => c.currency).join('|');
  const text = typed.replace(/[\s\u00a0\u202f]/g, '').replace(new RegExp(`^(${codes}|\\$)+`, 'i'), '').replace(new RegExp(`(${codes})$`, 'i'), '').replace(/^([+-]?)\$/, '$1');
  if (text === '') return typed.trim() === '' ? undefined : refuse(typed, s);
  const sign = /^[+-]/.test(text) ? text[0] : '';
  const body = sign ? text.slice(1) : text;
  const d = escape(s.decimal);
  const g = escape(s.group);
  const grouped = new RegExp(`^[0-9]{1,3}(${g}[0-9]{3})+(${d}[0-9]+)?$`);
  const plain = new RegExp(`^([0-9]+(${d}[0-9]*)?|${d}[0-9]+)$`);
  if (!grouped.test(body) && !plain.test(body)) return refuse(typed, s);
  // One decimal separator and exactly three digits after one to three digits (not 0): the other country's thousands?
  if (new RegExp(`^[1-9][0-9]{0,2}${d}[0-9]{3}$`).test(body)) {
    const [whole, frac] = body.split(s.decimal);
    const asDecimals = sign + (frac.replace(/0+$/, '') ? `${whole}${s.decimal}${frac.replace(/0+$/, '')}` : whole);
    const asThousands = `${sign}${whole}${s.group}${frac}`;
    return new BadAmount(typed, [
      `«${typed.trim()}» es ambiguo: ${s.es}, así que sería ${asDecimals}; escriba ${asDecimals} si es eso, o ${asThousands} si es el número entero`,
      `"${typed.trim()}" is ambiguous: ${s.en}, so it would be ${asDecimals}; write ${asDecimals} if that is meant, or ${asThousands} for the whole number`,
    ]);
  }
  const n = Number(sign + body.split(s.group).join('').replace(s.decimal, '.'));
  return Number.isFinite(n) ? n : refuse(typed, s);
}

function refuse(typed: string, s: ReturnType<typeof styleOf>): BadAmount {
  return new BadAmount(typed, [
    `«${typed.trim()}» no es un valor: ${s.es} (por ejemplo ${s.example}); escríbalo sin letras ni otros signos`,
    `"${typed.trim()}" is not an amount: ${s.en} (for example ${s.example}); write it without letters or other signs`,
  ]);
}

/** The amounts a body holds that could not be read, with their JSON paths (`items[0].price`), as the API names fields. */
export function badAmounts(body: unknown, path = ''): { path: string; bad: BadAmount }[] {
  if (body instanceof BadAmount) return [{ path, bad: body }];
  if (Array.isArray(body)) return body.flatMap((x, i) => badAmounts(x, `${path}[${i}]`));
  if (body && typeof body === 'object') return Object.entries(body).flatMap(([k, v]) => badAmounts(v, path ? `${path}.${k}` : k));
  return [];
}
