/**
 * How hard a console password is to guess, by @zxcvbn-ts (the zxcvbn estimator: dictionaries of common passwords,
 * names and words in English and Spanish, keyboard patterns, sequences, repeats, dates). A password is accepted
 * from score 3 of 4 (about 10^8 guesses: "safely unguessable" against online attacks, which the login limits also
 * slow). The e-mail and the company's name count as known words. The dictionaries load on the first check.
 */
import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import * as common from '@zxcvbn-ts/language-common';
import * as es from '@zxcvbn-ts/language-es-es';

export const MIN_SCORE = 3;
/** Characters of a password the estimate reads. */
const JUDGED = 32;

let factory: ZxcvbnFactory | null = null;

function estimator(): ZxcvbnFactory {
  factory ??= new ZxcvbnFactory({
    dictionary: { ...common.dictionary, ...es.dictionary },
    graphs: common.adjacencyGraphs,
  });
  return factory;
}

/** Why the password is too easy to guess (English, for the API's message), or null when it is strong enough. */
export function weakPassword(password: string, known: readonly string[] = []): string | null {
  // Each known text whole and in its words (an e-mail: itself, its local part, its domain's names).
  const words = known.flatMap((k) => [k.toLowerCase(), ...k.toLowerCase().split(/[^\p{L}\p{N}]+/u)]).filter((w) => w.length > 2);
  // The estimate grows fast with the length (1.4 s for 200 random characters, on the thread that answers requests):
  // the first 32 characters are judged, a password at least as strong as they are.
  const r = estimator().check(password.slice(0, JUDGED), words);
  if (r.score >= MIN_SCORE) return null;
  return `The password is too easy to guess (strength ${r.score} of 4, at least ${MIN_SCORE} needed): use a longer phrase of uncommon words, without the e-mail, names, dates, repeats, sequences or well-known passwords`;
}
