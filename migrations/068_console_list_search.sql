-- The console's documents list as a working list (issue 52): one search box over
-- the number (a part of it: 123, FV-2-12), the customer's name (without regard
-- to accents or case), its NIT or RFC and the amount; the customer's name, the
-- balance and the due date as columns, each sortable; bulk work (a ZIP of
-- PDFs and XMLs, e-mails, sending again to the authority) as jobs.
--
-- Text as the search compares it: lower case, without the accents of Spanish
-- (and the few of Portuguese and French that names carry). Written with
-- translate() rather than the unaccent extension (which PGlite does not load),
-- and immutable, so that indexes can hold it; lower() after translate() folds
-- the remaining ASCII letters whatever the database's locale.
CREATE EXTENSION IF NOT EXISTS pg_trgm;

CREATE OR REPLACE FUNCTION console_fold(s text) RETURNS text LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
  SELECT lower(translate(s, 'ÁÀÂÄÃÅáàâäãåÉÈÊËéèêëÍÌÎÏíìîïÓÒÔÖÕóòôöõÚÙÛÜúùûüÑñÇç', 'aaaaaaaaaaaaeeeeeeeeiiiiiiiioooooooooouuuuuuuunncc'))
$$;

-- A customer's name as one line: its parts (a person's names and surnames) joined by a space.
CREATE OR REPLACE FUNCTION console_name(n jsonb) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE jsonb_typeof(n)
    WHEN 'array' THEN (SELECT string_agg(x, ' ' ORDER BY k) FROM jsonb_array_elements_text(n) WITH ORDINALITY AS e(x, k))
    WHEN 'string' THEN n #>> '{}' END
$$;

-- An invoice's due date as it was issued (yyyy-mm-dd, text): in Colombia the
-- last due date of its payments on credit, in Mexico the conditions' date of a
-- PPD invoice (paid in parts); null when it was paid at once.
CREATE OR REPLACE FUNCTION console_due(doc jsonb) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT coalesce(
    (SELECT max(p->>'due_date') FROM jsonb_array_elements(CASE WHEN jsonb_typeof(doc->'payments') = 'array' THEN doc->'payments' ELSE '[]'::jsonb END) AS p
      WHERE jsonb_typeof(p->'due_date') = 'string'),
    CASE WHEN doc #>> '{payment,method}' = 'PPD' THEN doc #>> '{payment,conditions,due_date}' END)
$$;

-- The customer part of the search: a part of the identification, of the
-- name or of the trade name, folded (GET /app/documents?q=…). The customers
-- found give the identifications whose documents the list reads from their
-- own index (invoices_customer…).
CREATE INDEX customers_search_fold ON customers
  USING gin (console_fold(identification || ' ' || (name::text) || ' ' || coalesce(commercial_name, '')) gin_trgm_ops);
-- The list sorted by customer: the customers in the order of their folded names, each one's documents after it
-- (found by the customer's id: an invoice keeps the identification it was issued to, a customer's may change).
CREATE INDEX customers_name_sort ON customers (company_id, console_fold(console_name(name)), id);
CREATE INDEX invoices_customer_id ON invoices (company_id, customer_id, id) WHERE deleted_at IS NULL;

-- The number part: a part of the full number (ILIKE '%…%', three characters or more).
CREATE INDEX invoices_name_trgm ON invoices USING gin (name gin_trgm_ops) WHERE deleted_at IS NULL;
CREATE INDEX vouchers_name_trgm ON vouchers USING gin (name gin_trgm_ops);
-- The list sorted by balance and by due date (as invoices_total_sort, migration 050, by total).
CREATE INDEX invoices_balance_sort ON invoices (company_id, balance, id) WHERE deleted_at IS NULL;
CREATE INDEX invoices_due_sort ON invoices (company_id, (coalesce(console_due(document), '9999-12-31')), id) WHERE deleted_at IS NULL;

-- Bulk work started from the list (src/console/bulk.ts): what it does, to
-- which documents (the ids chosen, or the list's filter), how far it got, and
-- what it made (a ZIP). Each row is its company's: every read names it.
CREATE TABLE console_jobs (
  id          uuid PRIMARY KEY,
  company_id  integer NOT NULL REFERENCES companies (company_id),
  started_by  text NOT NULL,                       -- the console user's e-mail
  kind        text NOT NULL,                       -- the list's kind of document: invoices, credit-notes…
  action      text NOT NULL CHECK (action IN ('zip', 'mail', 'stamp')),
  params      jsonb NOT NULL,                      -- {"ids": […]} or {"filter": {…}}
  status      text NOT NULL DEFAULT 'queued' CHECK (status IN ('queued', 'running', 'done', 'failed')),
  total       integer NOT NULL DEFAULT 0,
  done        integer NOT NULL DEFAULT 0,
  failed      integer NOT NULL DEFAULT 0,
  problems    jsonb NOT NULL DEFAULT '[]'::jsonb,  -- [{"name": "FV-2-12", "problem": "…"}], the first 50
  error       text,
  file_name   text,
  result      bytea,
  created_at  timestamptz NOT NULL DEFAULT now(),
  updated_at  timestamptz NOT NULL DEFAULT now(),
  finished_at timestamptz
);
CREATE INDEX console_jobs_company ON console_jobs (company_id, created_at);
