-- The documents (jsonb, about 2 kB for an invoice of a few lines) pass PostgreSQL's threshold for compression: each row's
-- document is compressed when written. lz4 compresses several times faster than the default pglz (the document is read
-- back the same), which shows in bulk loading (src/companies/bulk.ts) and in every creation. Only for values written
-- from now on; a server built without lz4 (the embedded PGlite is one) keeps pglz.
DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM pg_settings WHERE name = 'default_toast_compression' AND 'lz4' = ANY (enumvals)) THEN
    ALTER TABLE invoices ALTER COLUMN document SET COMPRESSION lz4;
    ALTER TABLE vouchers ALTER COLUMN document SET COMPRESSION lz4;
    ALTER TABLE notes ALTER COLUMN document SET COMPRESSION lz4;
    ALTER TABLE payments ALTER COLUMN document SET COMPRESSION lz4;
    ALTER TABLE tickets ALTER COLUMN document SET COMPRESSION lz4;
  END IF;
END
$$;
