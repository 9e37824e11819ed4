-- Mexican electronic invoices: the fiscal folio (UUID) the stamping provider
-- gave, and the sandbox provider's own certificate. provider_credentials is
-- service-wide (the provider's key, not a company's), the one table without
-- company_id.

ALTER TABLE invoices ADD COLUMN stamp_uuid text;

CREATE TABLE provider_credentials (
  provider        text PRIMARY KEY,
  p12             text NOT NULL,              -- base64
  password        text NOT NULL,
  created_at      timestamptz NOT NULL DEFAULT now()
);
