/**
 * Typed HTML templates without a build step: html`…` escapes every value it
 * interpolates unless it is already Html (another template, or raw() for
 * markup written here); arrays are joined. Pages are functions of typed data.
 */
export class Html {
  constructor(readonly text: string) {}
  toString(): string { return this.text; }
}

const ESC: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
export const escape = (s: string): string => s.replace(/[&<>"']/g, (c) => ESC[c]);

type Value = Html | string | number | boolean | null | undefined | Value[];

function render(v: Value): string {
  if (v === null || v === undefined || v === false) return '';
  if (v instanceof Html) return v.text;
  if (Array.isArray(v)) return v.map(render).join('');
  return escape(String(v));
}

export function html(strings: TemplateStringsArray, ...values: Value[]): Html {
  let out = strings[0];
  for (let i = 0; i < values.length; i++) out += render(values[i]) + strings[i + 1];
  return new Html(out);
}

/** Markup written in this folder, never text that came from a request or the database. */
export const raw = (s: string): Html => new Html(s);
