/**
 * The task both worker pools run in `npm run bench:libraries` (bench/libraries.ts): it answers what it is given.
 * The service's pool (src/workers/pool.ts) reads TASKS; piscina calls the function named in its `name` option.
 */
export const echo = (arg: unknown) => arg;
export const TASKS = { echo };
