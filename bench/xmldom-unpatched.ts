/**
 * A copy of @xmldom/xmldom without src/platform/xmldom-regexps.ts's patch, for bench/libraries.ts: loaded before
 * anything imports the patch, then dropped from the module cache so that the service's modules load (and patch) their
 * own copy.
 */
/* eslint-disable @typescript-eslint/no-require-imports -- two copies of one module are the point */
const unpatched = require('@xmldom/xmldom') as typeof import('@xmldom/xmldom');
for (const key of Object.keys(require.cache)) if (key.includes(`${require('node:path').sep}@xmldom${require('node:path').sep}`)) delete require.cache[key];

export const UnpatchedDOMParser = unpatched.DOMParser;
