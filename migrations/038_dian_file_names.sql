-- DIAN file names (issue 34, point 5). The Anexo Técnico 1.9 names each file
-- <type><issuer NIT, 10 digits><provider code, 3><year, 2><consecutive, 8 hex>
-- with a consecutive per file type (fv, nc, nd, ad, z), issuer and year. The
-- number of the document was used instead, so a credit note and a debit note
-- both numbered 1 were mailed as the same z…00000001.zip. Each name given is
-- kept with its document (document_key: the document's id, or what else names
-- the file, e.g. "<id>/mail") and never given again.
CREATE TABLE dian_file_counters (
  company_id integer NOT NULL REFERENCES companies(company_id),
  file_type text NOT NULL CHECK (file_type IN ('fv', 'nc', 'nd', 'ad', 'z')),
  year integer NOT NULL,
  last integer NOT NULL,
  PRIMARY KEY (company_id, file_type, year)
);
CREATE TABLE dian_files (
  company_id integer NOT NULL REFERENCES companies(company_id),
  document_key text NOT NULL,
  file_type text NOT NULL CHECK (file_type IN ('fv', 'nc', 'nd', 'ad', 'z')),
  year integer NOT NULL,
  consecutive integer NOT NULL CHECK (consecutive > 0),
  name text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (company_id, document_key, file_type),
  UNIQUE (company_id, file_type, year, consecutive)
);
