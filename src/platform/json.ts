/** Open JSON (a parsed body, an OpenAPI document, a stored settings object) read by narrowing rather than by trust. */

/** An object (or array) whose keys may be read: what `typeof v === 'object'` lets through, null excepted. */
export function isRecord(v: unknown): v is Record<string, unknown> {
  return v !== null && typeof v === 'object';
}

/** The value if it is an object (or array), else an empty one: for reading nested keys that may be absent. */
export function recordOf(v: unknown): Record<string, unknown> {
  return isRecord(v) ? v : {};
}

/**
 * The top-level fields of `doc` that are not `base`'s own (not the same value, by reference), such that `base`
 * merged with them at the top level (jsonb `||`) serialises as `doc` does; null when no such fields exist (a field of
 * `base` that `doc` lacks or leaves undefined, or the reverse): then `doc` is sent whole.
 */
export function ownFields(doc: Record<string, unknown>, base: Record<string, unknown>): Record<string, unknown> | null {
  const own: Record<string, unknown> = {};
  for (const k of Object.keys(base)) if (base[k] !== undefined && doc[k] === undefined) return null;
  for (const k of Object.keys(doc)) {
    if (doc[k] === base[k]) continue;
    if (doc[k] === undefined) return null;
    own[k] = doc[k];
  }
  return own;
}
