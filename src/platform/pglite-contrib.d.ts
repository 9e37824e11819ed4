/**
 * The PGlite extensions the service loads, typed for this project's module resolution ("node", which does not read a
 * package's `exports` map; Node.js itself resolves the path at run time from that map).
 */
declare module '@electric-sql/pglite/contrib/pg_trgm' {
  export const pg_trgm: import('@electric-sql/pglite').Extension;
}
