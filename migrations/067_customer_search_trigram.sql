-- The console's customer search (GET /app/customer-options, the customers list) finds a part of an identification, a
-- name or a trade name (ILIKE '%…%'): a trigram index over the three together serves it at any number of customers
-- instead of a scan. pg_trgm is a trusted extension (PostgreSQL 13+: a database owner may create it); the embedded
-- PGlite loads it when it opens (src/platform/pglite-thread.ts).
CREATE EXTENSION IF NOT EXISTS pg_trgm;
CREATE INDEX IF NOT EXISTS customers_search_trgm ON customers
  USING gin ((identification || ' ' || (name::text) || ' ' || coalesce(commercial_name, '')) gin_trgm_ops);
