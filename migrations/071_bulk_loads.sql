-- bulk-demo's progress (src/companies/bulk.ts): one row per load, keyed by its arguments, updated by the transaction
-- that writes each of its batches, so that a load that stopped (killed, timed out, failed) is continued by a second
-- run with the same arguments from the batch after the last one committed, never writing one twice.
CREATE TABLE bulk_loads (
  id bigserial PRIMARY KEY,
  company_id int NOT NULL REFERENCES companies (company_id),
  -- The arguments that define what is loaded: {"invoices": N, "days": D, "customers": K}.
  args jsonb NOT NULL,
  -- What the first run fixed, so that every run draws the same documents: the first and last day, the load's
  -- start (the latest creation time), the seed of the invoices' ids, the two sample invoices.
  first_date date NOT NULL,
  last_date date NOT NULL,
  started_at timestamptz NOT NULL,
  seed uuid NOT NULL,
  samples uuid[] NOT NULL,
  invoices_done int NOT NULL DEFAULT 0,
  receipts_done int NOT NULL DEFAULT 0,
  receipts int,
  finished_at timestamptz,
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX bulk_loads_args ON bulk_loads (company_id, args);
