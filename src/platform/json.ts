/** Open JSON (a parsed body, an OpenAPI document, a stored settings object) read by narrowing rather than by trust. */

/** An object (or array) whose keys may be read: what `typeof v === 'object'` lets through, null excepted. */
export function isRecord(v: unknown): v is Record<string, unknown> {
  return v !== null && typeof v === 'object';
}

/** The value if it is an object (or array), else an empty one: for reading nested keys that may be absent. */
export function recordOf(v: unknown): Record<string, unknown> {
  return isRecord(v) ? v : {};
}
