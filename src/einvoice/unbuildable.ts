/**
 * A document whose XML cannot be built from what is stored (a text XML 1.0 forbids, figures that do not
 * add up, a code the schema refuses): building it again from the same data fails again, so a stamping job
 * never retries it. The job records it as a rejection found before sending (error code `BUILD`, the reason
 * as its message): the document turns Rejected, its `stamp.errors` say why, the `*.stamp_rejected` webhook
 * fires, and, being Rejected, it can be corrected (PUT) or deleted, then stamped again.
 */

import { NOT_XML } from '../platform/xml-chars';

export const UNBUILDABLE = 'DocumentBuildError';

/** What building and sealing a document threw (the pool keeps an error's name across threads). */
export class DocumentBuildError extends Error {
  constructor(message: string) {
    super(message);
    this.name = UNBUILDABLE;
  }
}

/**
 * Runs a build-and-seal task: whatever it throws is the document's (its inputs are plain data read before,
 * with the credentials already opened), so it becomes a DocumentBuildError. A thread that dies or a pool that
 * stops rejects outside of it and stays a failure to retry.
 */
export function building<A extends unknown[], R extends string | { xml: string }>(task: (...a: A) => R | Promise<R>): (...a: A) => Promise<R> {
  return async (...a) => {
    let out: R;
    try {
      out = await task(...a);
    } catch (e) {
      throw new DocumentBuildError(String((e as Error)?.message ?? e));
    }
    // A serializer may write what XML 1.0 forbids (a control character of a stored text): no authority parses that.
    const bad = NOT_XML.exec(typeof out === 'string' ? out : out.xml);
    if (bad) throw new DocumentBuildError(`it would hold U+${bad[0].charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')}, a character XML 1.0 does not allow`);
    return out;
  };
}

/** The local rejection a stamping job records for a document it cannot build (null: another failure, retried). */
export function unbuilt(e: unknown): { code: 'BUILD'; message: string }[] | null {
  if (!(e instanceof Error) || e.name !== UNBUILDABLE) return null;
  return [{ code: 'BUILD', message: `The document's XML cannot be built from its data: ${e.message}` }];
}
